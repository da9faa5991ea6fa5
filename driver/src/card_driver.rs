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
