//! The consumer side: dequeue from a queue in this node's memory, waiting the way its
//! transport can (see [`crate::transport::Dequeue`]).

use crate::error::Result;
use crate::ids::QueueId;
use crate::transport::Dequeue;
use renq_driver::stats::QueueStatsSnapshot;
use std::time::{Duration, Instant};

/// The one consumer handle of a queue. `&Receiver` may be used from several threads: they
/// take the queue's dequeue lock in turn.
pub struct Receiver {
    side: Box<dyn Dequeue>,
}

impl Receiver {
    /// Wraps a transport's consumer side (the library's own, or a caller's queue).
    pub fn new(side: Box<dyn Dequeue>) -> Receiver {
        Receiver { side }
    }

    pub fn queue(&self) -> QueueId {
        self.side.queue()
    }

    /// The oldest item, or None if the queue is empty now. `Err(Closed)` once the queue is
    /// closed and drained.
    pub fn try_dequeue(&self) -> Result<Option<u64>> {
        let mut one = [0u64];
        Ok((self.dequeue_batch(&mut one)? == 1).then_some(one[0]))
    }

    /// Up to `out.len()` oldest items, in order; returns how many (0 = empty now).
    pub fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        self.side.dequeue_batch(out)
    }

    /// The oldest item, sleeping until one arrives.
    pub fn dequeue(&self) -> Result<u64> {
        loop {
            // No deadline: an item or an error (a transport that returns neither is asked again).
            if let Some(v) = self.side.dequeue_until(None)? {
                return Ok(v);
            }
        }
    }

    /// The oldest item, sleeping at most `timeout`; None if none arrived in time. A timeout
    /// too long for the clock (`Duration::MAX`) waits as `dequeue` does.
    pub fn dequeue_timeout(&self, timeout: Duration) -> Result<Option<u64>> {
        self.side.dequeue_until(Instant::now().checked_add(timeout))
    }

    /// Fills `out` with what is there, waiting up to `timeout` for the first item; returns
    /// how many (0: nothing came in time).
    pub fn dequeue_batch_timeout(&self, out: &mut [u64], timeout: Duration) -> Result<usize> {
        let n = self.dequeue_batch(out)?;
        if n > 0 || out.is_empty() {
            return Ok(n);
        }
        match self.dequeue_timeout(timeout)? {
            None => Ok(0),
            Some(first) => {
                out[0] = first;
                Ok(1 + self.dequeue_batch(&mut out[1..])?)
            }
        }
    }

    /// Closes the queue (as `Node::close_queue`): senders get `Error::Closed` from now on
    /// (on the RDMA fallback, also those attached before); items that arrived before are
    /// still dequeued, then `Err(Closed)`.
    pub fn close(&self) -> Result<()> {
        self.side.close()
    }

    /// Items in the queue now, ready to dequeue (a snapshot: lock-free on the card, the
    /// run of written slots from head on the RDMA fallback).
    pub fn len(&self) -> usize {
        self.side.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Buffers in the queue's chain (1 when no overflow is outstanding; always 1 on the RDMA
    /// fallback's fixed ring).
    pub fn buffers(&self) -> usize {
        self.side.buffers()
    }

    /// The queue's dequeue-side counters (card queues; the RDMA fallback counts verbs
    /// operations per sender instead, see `Node::metrics`).
    pub fn stats(&self) -> QueueStatsSnapshot {
        self.side.stats()
    }

    /// The card: the consumer rings the card's head doorbell (the HEAD command) after every
    /// `every` dequeued items, so the card learns of free slots without reading HEAD from
    /// this node's memory (docs/spec.md §9b). On by default, every quarter of the buffer's
    /// capacity; 0 turns it off (the card then reads HEAD when its free count runs out).
    /// Returns false where the transport has no doorbell (the paper card, the RDMA fallback).
    pub fn set_head_doorbell(&self, every: u32) -> bool {
        self.side.set_head_doorbell(every)
    }

    /// The head doorbell's period (0: off), where the transport has one.
    pub fn head_doorbell(&self) -> Option<u32> {
        self.side.head_doorbell()
    }
}
