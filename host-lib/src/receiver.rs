//! The consumer side: dequeue from a queue in this node's memory (user-level, spec §9), and
//! sleep on the card's NOTIFY interrupt when it is empty (spec §5a) — no spinning.

use crate::error::{Error, Result};
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::{Driver, Queue};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The one consumer handle of a queue. `&Receiver` may be used from several threads: they
/// take the queue's dequeue lock in turn.
pub struct Receiver {
    queue: Arc<Queue>,
    driver: Arc<Driver>,
}

impl Receiver {
    pub(crate) fn new(queue: Arc<Queue>, driver: Arc<Driver>) -> Receiver {
        Receiver { queue, driver }
    }

    pub fn queue(&self) -> u8 {
        self.queue.id()
    }

    /// The oldest item, or None if the queue is empty now. `Err(Closed)` once the queue is
    /// closed and drained.
    pub fn try_dequeue(&self) -> Result<Option<u64>> {
        let mut one = [0u64];
        Ok((self.dequeue_batch(&mut one)? == 1).then_some(one[0]))
    }

    /// Up to `out.len()` oldest items, in order; returns how many (0 = empty now).
    pub fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        let n = self.queue.dequeue_batch(out);
        if n == 0 && !out.is_empty() && self.queue.is_closed() {
            return Err(Error::Closed);
        }
        Ok(n)
    }

    /// The oldest item, sleeping until one arrives.
    pub fn dequeue(&self) -> Result<u64> {
        Ok(self.dequeue_until(None)?.expect("no deadline, so an item or an error"))
    }

    /// The oldest item, sleeping at most `timeout`; None if none arrived in time.
    pub fn dequeue_timeout(&self, timeout: Duration) -> Result<Option<u64>> {
        self.dequeue_until(Some(Instant::now() + timeout))
    }

    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        let wake = self.driver.wake();
        loop {
            if let Some(v) = self.try_dequeue()? {
                return Ok(Some(v));
            }
            // Arm, then look again: an item that landed before the arm raised no NOTIFY.
            // The generation is read first, so a NOTIFY after the re-check is not missed.
            let seen = wake.generation();
            self.queue.arm();
            if let Some(v) = self.try_dequeue()? {
                return Ok(Some(v));
            }
            if !wake.wait_past(seen, deadline) {
                return Ok(None);
            }
            self.queue.note_wakeup();
        }
    }

    /// Items in the queue now (a lock-free snapshot).
    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// Buffers in the queue's chain (1 when no overflow is outstanding).
    pub fn buffers(&self) -> usize {
        self.queue.chain_len()
    }

    pub fn stats(&self) -> QueueStatsSnapshot {
        self.queue.stats()
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.queue.release_consumer();
    }
}
