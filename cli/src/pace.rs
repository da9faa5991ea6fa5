//! `--rate N`: N items/s in total, spread evenly over the producers. Producer p's k-th item is
//! slot k·P + p of the run, due at (k·P + p) / N seconds after the start. Deadlines are absolute
//! (computed from the slot, never from the previous wake-up), so lateness does not accumulate:
//! a producer that falls behind sends at once until it is back on schedule.

use std::time::{Duration, Instant};

/// The run's schedule.
#[derive(Clone, Copy, Debug)]
pub struct Schedule {
    start: Instant,
    producers: u64,
    rate: u64,
}

/// Below this much time left, yield instead of sleeping: a sleep overshoots by tens of µs.
const SLEEP_MARGIN: Duration = Duration::from_micros(100);

impl Schedule {
    /// `rate` items/s over `producers` producers from `start`; rate and producers are at least 1
    /// (the arguments' check refuses 0).
    pub fn new(start: Instant, producers: usize, rate: u64) -> Schedule {
        Schedule { start, producers: producers.max(1) as u64, rate: rate.max(1) }
    }

    /// When producer `p`'s `k`-th item is due, from the start.
    pub fn offset(&self, p: usize, k: u64) -> Duration {
        let slot = k as u128 * self.producers as u128 + p as u128;
        let ns = slot * 1_000_000_000 / self.rate as u128;
        Duration::from_nanos(u64::try_from(ns).unwrap_or(u64::MAX))
    }

    /// Waits until producer `p`'s `k`-th item is due.
    pub fn wait(&self, p: usize, k: u64) {
        let due = self.start + self.offset(p, k);
        loop {
            let now = Instant::now();
            if now >= due {
                return;
            }
            let left = due - now;
            if left > SLEEP_MARGIN {
                std::thread::sleep(left - SLEEP_MARGIN);
            } else {
                // Yield, not spin: producers outnumber the cores.
                std::thread::yield_now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(d: Duration) -> u128 {
        d.as_nanos()
    }

    #[test]
    fn slots_interleave_producers_evenly() {
        // 20 000 items/s over 8 producers: one item every 50 µs, each producer every 400 µs.
        let s = Schedule::new(Instant::now(), 8, 20_000);
        assert_eq!(ns(s.offset(0, 0)), 0);
        assert_eq!(ns(s.offset(1, 0)), 50_000);
        assert_eq!(ns(s.offset(7, 0)), 350_000);
        assert_eq!(ns(s.offset(0, 1)), 400_000);
        // Merged over producers, the slots are evenly spaced and in order.
        let mut all: Vec<u128> = (0..8).flat_map(|p| (0..10).map(move |k| ns(s.offset(p, k)))).collect();
        all.sort_unstable();
        assert!(all.windows(2).all(|w| w[1] - w[0] == 50_000));
    }

    #[test]
    fn deadlines_do_not_drift() {
        // 3 items/s: 1/3 s is not a whole number of ns, yet item 3 000 000 is due at exactly
        // 1 000 000 s, not 3 000 000 × 333 333 333 ns.
        let s = Schedule::new(Instant::now(), 1, 3);
        assert_eq!(ns(s.offset(0, 3_000_000)), 1_000_000 * 1_000_000_000);
        assert_eq!(ns(s.offset(0, 1)), 333_333_333);
        assert_eq!(ns(s.offset(0, 2)), 666_666_666);
    }
}
