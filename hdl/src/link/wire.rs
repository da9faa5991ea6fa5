//! A seeded faulty wire for the link tests (not hardware): each frame arrives `LATENCY` cycles
//! later, or is dropped, duplicated, held back 1..4 latencies (so later frames overtake it) or
//! corrupted (`crc_ok` low: what the deframer makes of a flipped bit). A frame travels with its
//! channel (spec §7a byte 15; always ENQUEUE on a one-stream link).

use super::stepper::Fields;
use crate::harness::Rng;

/// Fault rates of one direction of the wire, in percent of frames.
#[derive(Clone, Copy, Debug)]
pub struct Faults {
    pub drop: u64,
    pub duplicate: u64,
    pub reorder: u64,
    pub corrupt: u64,
}

pub const CLEAN: Faults = Faults { drop: 0, duplicate: 0, reorder: 0, corrupt: 0 };
pub const EVERY_FAULT: Faults = Faults { drop: 5, duplicate: 5, reorder: 5, corrupt: 5 };

/// Cycles a frame takes on the wire.
pub const LATENCY: u64 = 3;

/// A frame on the wire: its channel (true: OUTCOME) and fields.
pub type Framed = (bool, Fields);

pub struct Wire {
    rng: Rng,
    faults: Faults,
    /// (cycle it arrives, frame), in the order sent.
    pub flight: Vec<(u64, Framed)>,
    pub sent: u64,
    pub dropped: u64,
    pub duplicated: u64,
    pub reordered: u64,
    pub corrupted: u64,
}

impl Wire {
    pub fn new(seed: u64, faults: Faults) -> Wire {
        Wire {
            rng: Rng(seed | 1),
            faults,
            flight: Vec::new(),
            sent: 0,
            dropped: 0,
            duplicated: 0,
            reordered: 0,
            corrupted: 0,
        }
    }

    pub fn send(&mut self, (channel, mut f): Framed, now: u64) {
        self.sent += 1;
        if self.rng.chance(self.faults.drop) {
            self.dropped += 1;
            return;
        }
        if self.rng.chance(self.faults.corrupt) {
            self.corrupted += 1;
            f.crc_ok = false;
        }
        let mut at = now + LATENCY;
        if self.rng.chance(self.faults.reorder) {
            self.reordered += 1;
            at += LATENCY * (1 + self.rng.below(4));
        }
        self.flight.push((at, (channel, f)));
        if self.rng.chance(self.faults.duplicate) {
            self.duplicated += 1;
            self.flight.push((at + 1, (channel, f)));
        }
    }

    /// The first frame (in sending order) that has arrived by `now`.
    pub fn arrived(&self, now: u64) -> Option<usize> {
        self.flight.iter().position(|&(at, _)| at <= now)
    }

    /// Every fault happened at least once.
    pub fn saw_every_fault(&self) -> bool {
        self.dropped > 0 && self.duplicated > 0 && self.reordered > 0 && self.corrupted > 0
    }
}
