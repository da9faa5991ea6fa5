//! What both queue algorithms share: the step result of their op state machines, the
//! producer/consumer traits the benchmark and tests are generic over, and the backoff used by
//! every wait loop.
//!
//! Each algorithm is written as small state machines whose `step` issues at most one memory
//! operation. The blocking API (`enqueue`, `dequeue`) just runs the steps; the model checker
//! (tests/model_check/) runs the very same steps in every interleaving.

use crate::counters::OpCounters;
use crate::remote::Error;

/// Result of one step of an op state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<T> {
    /// Moved on; call `step` again.
    Progress,
    /// Checked a condition that did not hold (a wait loop's test); call `step` again later.
    Wait,
    /// The operation finished with this result.
    Done(T),
}

/// A producer of 64-bit items.
pub trait RdmaEnqueue {
    /// Appends `item`. Returns once the item is placed (its last WRITE may still be in flight
    /// when the backend posts writes; `flush` waits for it). Blocks (with backoff) while the
    /// queue is full; never abandons the slot it claimed.
    fn enqueue(&mut self, item: u64) -> Result<(), Error>;
    /// Waits for this producer's posted writes to complete.
    fn flush(&mut self) -> Result<(), Error>;
    /// Verbs operations this producer has issued.
    fn counters(&self) -> OpCounters;
    /// Wait-loop checks that failed (each was one dependent round trip spent waiting for
    /// the consumer: the full-queue path), so far.
    fn wait_polls(&self) -> u64;
}

/// The single consumer.
pub trait RdmaDequeue {
    /// The next item, or `None` if it is not there yet. Errors of the memory layer, and
    /// `Closed` once the queue is closed and drained, are returned.
    fn poll(&mut self) -> Result<Option<u64>, Error>;
    /// Takes up to `out.len()` items that are already there; returns how many.
    fn dequeue_batch(&mut self, out: &mut [u64]) -> Result<usize, Error>;
    /// Operations this consumer has issued.
    fn counters(&self) -> OpCounters;

    /// The next item, or `None` if it is not there yet (`poll`: never panics; `Err(Closed)`
    /// once the queue is closed and drained).
    fn try_dequeue(&mut self) -> Result<Option<u64>, Error> {
        self.poll()
    }

    /// The next item; waits (spinning, yielding, then short sleeps) until one arrives.
    /// `Err(Closed)` once the queue is closed and drained (it never waits on a closed queue),
    /// and any error of the memory layer.
    fn dequeue(&mut self) -> Result<u64, Error> {
        let mut b = Backoff::new();
        loop {
            if let Some(v) = self.poll()? {
                return Ok(v);
            }
            b.snooze();
        }
    }
}

/// Exponential spin, then yield the CPU: the `yield()` of the seed's wait loops. With a
/// round-trip time (`for_rtt`), a waiter re-reads remote memory no faster than once per
/// `rtt · 2^min(k, 4)` after its `k`th failed check (waits that scale with the network,
/// not with the CPU: a producer waiting for room does not keep the consumer's NIC busy).
#[derive(Debug, Default)]
pub struct Backoff {
    round: u32,
    rtt: std::time::Duration,
}

impl Backoff {
    const SPIN_ROUNDS: u32 = 6;
    const YIELD_ROUNDS: u32 = 16;
    const MAX_SLEEP_US: u64 = 50;

    /// Rounds of `rtt` multiples: 1, 2, 4, 8, then 16 round trips between checks.
    const RTT_DOUBLINGS: u32 = 4;

    pub fn new() -> Self {
        Backoff { round: 0, rtt: std::time::Duration::ZERO }
    }

    /// Backoff in multiples of a round-trip time (zero: as `new`).
    pub fn for_rtt(rtt: std::time::Duration) -> Self {
        Backoff { round: 0, rtt }
    }

    /// Spin briefly (the wait is usually short), then yield, then sleep a little: a waiter
    /// that keeps polling steals the CPU (and, over RDMA, NIC time) from the thread it waits
    /// for.
    /// The wait after the `round`th failed check, backing off in round trips of `rtt`.
    pub fn rtt_wait(rtt: std::time::Duration, round: u32) -> std::time::Duration {
        rtt * (1 << round.min(Self::RTT_DOUBLINGS))
    }

    pub fn snooze(&mut self) {
        if !self.rtt.is_zero() {
            let until = std::time::Instant::now() + Self::rtt_wait(self.rtt, self.round);
            while std::time::Instant::now() < until {
                std::thread::yield_now();
            }
        } else if self.round < Self::SPIN_ROUNDS {
            for _ in 0..(1u32 << self.round) {
                std::hint::spin_loop();
            }
        } else if self.round < Self::YIELD_ROUNDS {
            std::thread::yield_now();
        } else {
            let us = 1u64 << (self.round - Self::YIELD_ROUNDS).min(6);
            std::thread::sleep(std::time::Duration::from_micros(us.min(Self::MAX_SLEEP_US)));
        }
        self.round = self.round.saturating_add(1);
    }

    pub fn reset(&mut self) {
        self.round = 0;
    }
}
