//! The driver as the library sees it: one contract ([`CardDriver`], [`CardQueue`]) that the
//! card's [`Driver`](crate::Driver) and the paper card's [`PaperDriver`](crate::PaperDriver)
//! both keep, so the library has one card transport. What really differs between the cards
//! stays behind it: how a sender reaches a queue ([`SendPath`]: a portal or a shadow page),
//! how a sleeping consumer is woken (the ARM command or the ARM register), the id widths.

use crate::device::{Device, ShadowPage};
use crate::driver::Portal;
use crate::error::{DriverError, Result};
use crate::stats::{DriverStatsSnapshot, QueueStatsSnapshot};
use crate::wake::Wake;
use std::any::Any;
use std::sync::Arc;

/// The ids a card can name and hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardLimits {
    /// Node ids its packets carry.
    pub nodes: usize,
    /// Queue ids its packets carry.
    pub queues: usize,
    /// Queues this card can hold (its queue table).
    pub local_queues: usize,
}

/// How a queue is created: its buffers' size and the memory it may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QueueConfig {
    /// Each buffer of the queue is 2^`log2_words` words.
    pub log2_words: u32,
    /// Bytes of buffers the queue may hold at once: on the card, the chain and the spare
    /// (spec §9c), at least two buffers whatever this says. At the limit no spare is posted,
    /// so a queue whose consumer stopped stalls when its buffer fills (its senders are refused
    /// and retry) until the consumer retires a buffer. The paper card's driver ignores it.
    pub max_bytes: u64,
}

impl QueueConfig {
    /// The default memory limit: 16 MiB.
    pub const DEFAULT_MAX_BYTES: u64 = 16 << 20;

    /// Buffers of 2^`log2_words` words, the default memory limit.
    pub fn new(log2_words: u32) -> QueueConfig {
        QueueConfig { log2_words, max_bytes: Self::DEFAULT_MAX_BYTES }
    }

    /// The same with a memory limit of `max_bytes`.
    pub fn with_max_bytes(self, max_bytes: u64) -> QueueConfig {
        QueueConfig { max_bytes, ..self }
    }
}

/// How a sender on this node reaches a queue.
pub enum SendPath {
    /// A portal of the card (spec §7c): stores enqueue, loads read its status.
    Portal(Portal),
    /// A shadow page of the paper card (spec §7): stores enqueue, nothing to read.
    Store(ShadowPage),
}

/// One card's driver, owned by the node's owner process.
pub trait CardDriver: Send + Sync {
    fn device(&self) -> &Arc<dyn Device>;
    /// This node's id (the card's NODE_ID).
    fn node_id(&self) -> u16;
    fn limits(&self) -> CardLimits;
    /// Allocates and exports queue `q` with a first buffer of 2^`log2_words` words.
    fn create_queue(&self, q: u16, log2_words: u32) -> Result<Arc<dyn CardQueue>>;
    /// The same with a memory limit (`QueueConfig::max_bytes`; drivers without one ignore it).
    fn create_queue_with(&self, q: u16, config: QueueConfig) -> Result<Arc<dyn CardQueue>> {
        self.create_queue(q, config.log2_words)
    }
    fn queue(&self, q: u16) -> Option<Arc<dyn CardQueue>>;
    /// Unexports queue `q`; false if it did not exist.
    fn destroy_queue(&self, q: u16) -> bool;
    /// A sender's path to (node, queue).
    fn send_path(&self, node: u16, queue: u16) -> Result<SendPath>;
    /// A portal to (node, queue) for another process of this node (the card's only).
    fn grant_portal(&self, _node: u16, _queue: u16) -> Result<Portal> {
        Err(DriverError::NoPortals)
    }
    /// Bumped by the interrupt thread on every wake-up (NOTIFY, close).
    fn wake(&self) -> &Wake;
    fn stats(&self) -> DriverStatsSnapshot;
    /// Stops the interrupt thread and unexports the queues. Idempotent.
    fn shutdown(&self);
    /// The concrete driver, for tools that need a card's own registers.
    fn as_any(&self) -> &dyn Any;
}

/// One queue as its consumer uses it.
pub trait CardQueue: Send + Sync {
    fn id(&self) -> u16;
    /// Takes the one consumer slot; false if a consumer holds it.
    fn claim_consumer(&self) -> bool;
    fn release_consumer(&self);
    /// Up to `out.len()` oldest items, in order (0: empty now).
    fn dequeue_batch(&self, out: &mut [u64]) -> usize;
    fn is_closed(&self) -> bool;
    /// Items ready now (a snapshot).
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Buffers in the queue's chain.
    fn chain_len(&self) -> usize;
    fn stats(&self) -> QueueStatsSnapshot;
    /// Asks for a NOTIFY interrupt on the next item (at once if one landed since the
    /// consumer's last look).
    fn arm(&self) -> Result<()>;
    /// The consumer woke up after an `arm` (counted where the card keeps a count).
    fn note_wakeup(&self) {}
    /// The consumer head doorbell's period (HEAD every `every` items, 0 = off); false where
    /// the card has none.
    fn set_head_doorbell(&self, _every: u32) -> bool {
        false
    }
    fn head_doorbell(&self) -> Option<u32> {
        None
    }
}
