//! A seeded, fault-injecting frame channel: drop, duplicate, reorder, corrupt, and "down for a
//! while". Clock-driven (ticks), deterministic for a seed, so a failing run can be replayed.

use std::collections::BinaryHeap;

/// splitmix64: tiny, seedable, good enough to pick faults (not cryptographic).
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded generator over [`splitmix64`], so a failing run replays.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// True with probability `p` (53-bit resolution).
    pub fn chance(&mut self, p: f64) -> bool {
        p > 0.0 && ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// What a hostile or broken peer sends around one good frame (for tests of receivers): random
/// bytes (0..100 of them), the frame cut short, a bit flipped under its CRC, another EtherType,
/// then the frame itself `copies` times (a flood of duplicates).
pub fn hostile_burst(good: &[u8], copies: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
    use renq_abi::frame::{crc_at, COUNT_AT, ETHERTYPE_AT};
    let noise = (0..rng.below(100)).map(|_| rng.next_u64() as u8).collect();
    let crc = crc_at(good[COUNT_AT] as usize);
    let mut bad_crc = good.to_vec();
    bad_crc[ETHERTYPE_AT + 2 + rng.below((crc - ETHERTYPE_AT - 2) as u64) as usize] ^= 0x10;
    let mut other_type = good.to_vec();
    other_type[ETHERTYPE_AT] ^= 0x80;
    let mut out = vec![noise, good[..crc / 2].to_vec(), bad_crc, other_type];
    out.extend(std::iter::repeat_n(good.to_vec(), copies));
    out
}

/// Fault rates, each a probability per frame in [0, 1), and an optional outage.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Faults {
    pub drop: f64,
    pub dup: f64,
    pub reorder: f64,
    pub corrupt: f64,
    /// Every frame sent in [start, end) ticks is lost.
    pub down: Option<(u64, u64)>,
}

impl Faults {
    pub fn is_clean(&self) -> bool {
        *self == Faults::default()
    }
}

/// What the channel did, per fault.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelStats {
    pub sent: u64,
    pub dropped: u64,
    pub duplicated: u64,
    pub reordered: u64,
    pub corrupted: u64,
    pub lost_while_down: u64,
}

impl ChannelStats {
    /// Adds `o`'s counts to these (totals over channels).
    pub fn add(&mut self, o: &ChannelStats) {
        self.sent += o.sent;
        self.dropped += o.dropped;
        self.duplicated += o.duplicated;
        self.reordered += o.reordered;
        self.corrupted += o.corrupted;
        self.lost_while_down += o.lost_while_down;
    }

    /// One line: what the fault injector did.
    pub fn line(&self) -> String {
        format!(
            "faults injected on {} frames: dropped {}, duplicated {}, reordered {}, corrupted {}, lost while down {}",
            self.sent, self.dropped, self.duplicated, self.reordered, self.corrupted, self.lost_while_down
        )
    }
}

/// One direction of a link: frames arrive `latency` ticks after they are sent, unless faulted.
#[derive(Debug)]
pub struct Channel {
    faults: Faults,
    latency: u64,
    rng: Rng,
    /// (arrival tick, order of sending) → frame; a min-heap through `Reverse`.
    queue: BinaryHeap<std::cmp::Reverse<(u64, u64, Vec<u8>)>>,
    order: u64,
    pub stats: ChannelStats,
}

impl Channel {
    pub fn new(faults: Faults, latency: u64, seed: u64) -> Channel {
        Channel { faults, latency, rng: Rng::new(seed), queue: BinaryHeap::new(), order: 0, stats: Default::default() }
    }

    pub fn send(&mut self, now: u64, mut frame: Vec<u8>) {
        self.stats.sent += 1;
        let f = self.faults;
        if f.down.is_some_and(|(s, e)| (s..e).contains(&now)) {
            self.stats.lost_while_down += 1;
            return;
        }
        if self.rng.chance(f.drop) {
            self.stats.dropped += 1;
            return;
        }
        if self.rng.chance(f.corrupt) {
            self.stats.corrupted += 1;
            let bit = self.rng.below(frame.len() as u64 * 8) as usize;
            frame[bit / 8] ^= 1 << (bit % 8);
        }
        let mut at = now + self.latency;
        if self.rng.chance(f.reorder) {
            // Held back past up to a few latencies' worth of later frames.
            self.stats.reordered += 1;
            at += 1 + self.rng.below(4 * self.latency.max(1));
        }
        if self.rng.chance(f.dup) {
            self.stats.duplicated += 1;
            let later = at + self.rng.below(2 * self.latency.max(1));
            self.push(later, frame.clone());
        }
        self.push(at, frame);
    }

    fn push(&mut self, at: u64, frame: Vec<u8>) {
        self.order += 1;
        self.queue.push(std::cmp::Reverse((at, self.order, frame)));
    }

    /// The next frame due by `now`, if any.
    pub fn recv(&mut self, now: u64) -> Option<Vec<u8>> {
        let std::cmp::Reverse((at, _, _)) = self.queue.peek()?;
        if *at > now {
            return None;
        }
        self.queue.pop().map(|std::cmp::Reverse((_, _, f))| f)
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// The tick the next held frame is due, if any.
    pub fn next_due(&self) -> Option<u64> {
        self.queue.peek().map(|std::cmp::Reverse((at, _, _))| *at)
    }
}
