//! The library's errors: few and backend-neutral (the RDMA fallback reports the same kinds).

use crate::ids::{NodeId, QueueId};
use renq_driver::DriverError;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// Node id outside the transport's range (`Node::limits`).
    UnknownNode(NodeId),
    /// Queue id outside the transport's range (`Node::limits`), or a queue that was not
    /// created on this node.
    UnknownQueue(QueueId),
    /// The queue was already created on this node.
    QueueExists(QueueId),
    /// Buffer size not allowed: log2 of the words must be in MIN_LOG2_WORDS..=MAX_LOG2_WORDS.
    SizeNotAllowed(u32),
    /// The queue already has its (one) Receiver.
    DoubleConsumer(QueueId),
    /// The queue was closed and is drained.
    Closed,
    /// This handle cannot do that (a send-only `Node::attach` handle creating queues).
    NotOwner,
    /// The card, a send-only handle (`Node::attach_granted`): the owner granted no portal to
    /// (node, queue) that is not already a Sender's.
    NotGranted { node: NodeId, queue: QueueId },
    /// The device or its driver failed.
    Device(DriverError),
    /// The RDMA transport failed (region mapping, verbs completion error), or the card's
    /// portal reported stores lost on this node's side.
    Transport(String),
    /// The card: the destination rejected items of this sender (the queue does not exist or
    /// was closed); `items` were not enqueued.
    Rejected { node: u16, queue: u16, items: usize },
    /// The RDMA fallback over verbs: this sender paused past its ticket's lease and was fenced
    /// (docs/spec.md R.11); items it had in flight may be lost. Make a new sender. (On shared
    /// memory a fenced sender re-joins by itself and never reports this.)
    Fenced { ticket: u64 },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownNode(n) => write!(f, "unknown node {n}"),
            Error::UnknownQueue(q) => write!(f, "unknown queue {q}"),
            Error::QueueExists(q) => write!(f, "queue {q} already exists"),
            Error::SizeNotAllowed(k) => write!(
                f,
                "buffer of 2^{k} words not allowed (log2 must be {}..={})",
                renq_abi::buffer::MIN_LOG2_WORDS,
                renq_abi::buffer::MAX_LOG2_WORDS
            ),
            Error::DoubleConsumer(q) => write!(f, "queue {q} already has a receiver"),
            Error::Closed => write!(f, "queue closed"),
            Error::NotOwner => write!(f, "send-only node handle: the node's owner process creates queues"),
            Error::NotGranted { node, queue } => {
                write!(f, "send-only node handle: no unused portal granted to node {node} queue {queue} (Node::grant)")
            }
            Error::Device(e) => write!(f, "device: {e}"),
            Error::Transport(e) => write!(f, "transport: {e}"),
            Error::Rejected { node, queue, items } => {
                write!(f, "node {node} rejected {items} items for queue {queue}: no such queue (closed?)")
            }
            Error::Fenced { ticket } => {
                write!(f, "this sender was fenced at ticket {ticket} after pausing past its lease: make a new sender")
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Device(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DriverError> for Error {
    fn from(e: DriverError) -> Self {
        match e {
            DriverError::QueueExists(q) => Error::QueueExists(q),
            DriverError::NotOwner => Error::NotOwner,
            e => Error::Device(e),
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;
