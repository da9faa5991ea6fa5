//! The transport contract: what a backend does for [`crate::Node`], [`crate::Sender`] and
//! [`crate::Receiver`], which only wrap it. Implemented by the card (through its driver,
//! `card.rs`) and by the RDMA fallback (over shared memory or verbs, `rdma.rs`); a bench or
//! an application may plug in its own queue by implementing [`Enqueue`] and [`Dequeue`].

use crate::error::Result;
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::receiver::Receiver;
use crate::sender::Sender;
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::{CardDriver, QueueConfig};
use std::sync::Arc;
use std::time::Instant;

/// One node's way to reach queues. Arguments are validated by `Node` before they get here
/// (node and queue ids within `limits`, buffer size allowed).
pub trait Transport: Send + Sync {
    /// This node's id.
    fn id(&self) -> NodeId;
    /// The node and queue ids this transport can name.
    fn limits(&self) -> IdLimits;
    /// Creates `queue` in this node's memory (first buffer of 2^`log2_words` words) and
    /// returns its one Receiver.
    fn create_queue(self: Arc<Self>, queue: QueueId, log2_words: u32) -> Result<Receiver>;
    /// The same with a memory limit (`QueueConfig::max_bytes`); transports without one ignore it.
    fn create_queue_with(self: Arc<Self>, queue: QueueId, config: QueueConfig) -> Result<Receiver> {
        self.create_queue(queue, config.log2_words)
    }
    /// The Receiver of an existing queue whose previous Receiver was dropped.
    fn receiver(self: Arc<Self>, queue: QueueId) -> Result<Receiver>;
    /// Stops the queue taking items; its Receiver drains what arrived, then gets `Closed`.
    fn close_queue(&self, queue: QueueId) -> Result<()>;
    /// A sender to (node, queue).
    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender>;
    /// The node's counters now.
    fn metrics(&self) -> Metrics;
    /// The card's owner: programs a portal to (node, queue) for a send-only process of this
    /// node (`Node::grant`).
    fn grant(&self, _node: NodeId, _queue: QueueId) -> Result<renq_driver::Portal> {
        Err(crate::Error::Transport("portals are the card's: this transport grants none".into()))
    }
    /// The card's driver underneath, on the card transport.
    fn card_driver(&self) -> Option<&Arc<dyn CardDriver>> {
        None
    }
}

/// One producer's path to one remote queue, where an enqueue is an operation (the card's is
/// a plain store instead: see [`Sender`]).
pub trait Enqueue: Send + Sync {
    fn enqueue(&self, item: u64) -> Result<()>;
}

/// One queue's consumer side. `&self` methods may be called from several threads; the
/// implementation serialises them.
pub trait Dequeue: Send + Sync {
    fn queue(&self) -> QueueId;
    /// Up to `out.len()` oldest items, in order; 0 = empty now; `Err(Closed)` once closed
    /// and drained.
    fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize>;
    /// The oldest item, waiting until `deadline` (None: for ever) the way the transport can:
    /// the card sleeps on its interrupt, the fallback polls with backoff.
    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>>;
    /// Closes the queue (what `Transport::close_queue` does for it): senders are refused from
    /// now on; what arrived before is still dequeued, then `Err(Closed)`.
    /// The default is for a caller's queue that has no way to refuse its senders.
    fn close(&self) -> Result<()> {
        Err(crate::Error::Transport("this queue cannot be closed from its receiver".into()))
    }
    /// Items ready now (a snapshot).
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Buffers in the queue's chain (1 for a fixed ring).
    fn buffers(&self) -> usize {
        1
    }
    /// Dequeue-side counters, where the transport keeps them.
    fn stats(&self) -> QueueStatsSnapshot {
        QueueStatsSnapshot::default()
    }
    /// The consumer head doorbell's period (the card: HEAD every `every` items, 0 = off), where
    /// the transport has one; false where it has none.
    fn set_head_doorbell(&self, _every: u32) -> bool {
        false
    }
    /// The doorbell's period (0: off), where the transport has one.
    fn head_doorbell(&self) -> Option<u32> {
        None
    }
}

/// `dequeue_until` for a transport that raises no interrupt (one-sided writes): polls its own
/// memory with backoff — spin, yield, then sleeps of up to 50 µs.
pub fn poll_until(queue: &dyn Dequeue, deadline: Option<Instant>) -> Result<Option<u64>> {
    let mut backoff = renq_rdma::Backoff::new();
    let mut one = [0u64];
    loop {
        if queue.dequeue_batch(&mut one)? == 1 {
            return Ok(Some(one[0]));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(None);
        }
        backoff.snooze();
    }
}
