//! The consumer side: dequeue from a queue in this node's memory (user-level, spec §9), and
//! sleep on the card's NOTIFY interrupt when it is empty (spec §5a) — no spinning.

use crate::error::{Error, Result};
use crate::rdma::RdmaReceiver;
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::{Driver, Queue};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The one consumer handle of a queue. `&Receiver` may be used from several threads: they
/// take the queue's dequeue lock in turn.
pub struct Receiver {
    side: Side,
}

/// Which transport's queue this is.
enum Side {
    Card { queue: Arc<Queue>, driver: Arc<Driver> },
    Rdma(RdmaReceiver),
}

impl Receiver {
    pub(crate) fn new(queue: Arc<Queue>, driver: Arc<Driver>) -> Receiver {
        Receiver { side: Side::Card { queue, driver } }
    }

    pub(crate) fn rdma(r: RdmaReceiver) -> Receiver {
        Receiver { side: Side::Rdma(r) }
    }

    pub fn queue(&self) -> u8 {
        match &self.side {
            Side::Card { queue, .. } => queue.id(),
            Side::Rdma(r) => r.queue,
        }
    }

    /// The oldest item, or None if the queue is empty now. `Err(Closed)` once the queue is
    /// closed and drained.
    pub fn try_dequeue(&self) -> Result<Option<u64>> {
        let mut one = [0u64];
        Ok((self.dequeue_batch(&mut one)? == 1).then_some(one[0]))
    }

    /// Up to `out.len()` oldest items, in order; returns how many (0 = empty now).
    pub fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        let queue = match &self.side {
            Side::Card { queue, .. } => queue,
            Side::Rdma(r) => return r.dequeue_batch(out),
        };
        let n = queue.dequeue_batch(out);
        if n == 0 && !out.is_empty() && queue.is_closed() {
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
        let (queue, driver) = match &self.side {
            Side::Card { queue, driver } => (queue, driver),
            Side::Rdma(_) => return self.poll_until(deadline),
        };
        let wake = driver.wake();
        loop {
            if let Some(v) = self.try_dequeue()? {
                return Ok(Some(v));
            }
            // Arm, then look again: an item that landed before the arm raised no NOTIFY.
            // The generation is read first, so a NOTIFY after the re-check is not missed.
            let seen = wake.generation();
            queue.arm();
            if let Some(v) = self.try_dequeue()? {
                return Ok(Some(v));
            }
            if !wake.wait_past(seen, deadline) {
                return Ok(None);
            }
            queue.note_wakeup();
        }
    }

    /// The RDMA fallback's wait: one-sided writes raise no interrupt, so poll local memory
    /// with backoff (spin, yield, then sleeps of up to 50 µs).
    fn poll_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        let mut backoff = renq_rdma::Backoff::new();
        loop {
            if let Some(v) = self.try_dequeue()? {
                return Ok(Some(v));
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(None);
            }
            backoff.snooze();
        }
    }

    /// Items in the queue now, ready to dequeue (a snapshot: lock-free on the card, the
    /// run of written slots from head on the RDMA fallback).
    pub fn len(&self) -> usize {
        match &self.side {
            Side::Card { queue, .. } => queue.len(),
            Side::Rdma(r) => r.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Buffers in the queue's chain (1 when no overflow is outstanding; always 1 on the RDMA
    /// fallback's fixed ring).
    pub fn buffers(&self) -> usize {
        match &self.side {
            Side::Card { queue, .. } => queue.chain_len(),
            Side::Rdma(_) => 1,
        }
    }

    /// The queue's dequeue-side counters (card queues; the RDMA fallback counts verbs
    /// operations per sender instead, see `Node::metrics`).
    pub fn stats(&self) -> QueueStatsSnapshot {
        match &self.side {
            Side::Card { queue, .. } => queue.stats(),
            Side::Rdma(_) => QueueStatsSnapshot::default(),
        }
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        if let Side::Card { queue, .. } = &self.side {
            queue.release_consumer();
        }
    }
}
