//! Claim words: how a consumer that cannot fence a slot atomically (a verbs region) learns which
//! producer holds a stuck ticket, so it can fence that producer's queue pair instead
//! (docs/spec.md R.11, "The verbs fence").
//!
//! Every producer of a verbs fast queue owns one word of the claim table (after the queue, at
//! `table_offset(capacity)`; its index is handed out at connect time). Around each FAA on TAIL it
//! posts two WRITEs to it (`Claiming`):
//!
//! 1. `claiming(seq)` before the FAA (odd: "I may be holding a ticket I have not named");
//! 2. `holding(t)` after the FAA returned ticket `t` (even).
//!
//! An RC queue pair executes its requests in order at the responder, so while ticket `t` is
//! claimed and unwritten, its holder's claim word is `claiming(s)` (placed before the FAA
//! executed) or `holding(t)` — never anything else, since its next `claiming` is posted after the
//! slot WRITE of `t`. The consumer therefore suspects (`suspects`) a producer whose word is
//! `holding(t)`, or the same `claiming(s)` at both ends of a full lease. A producer waiting for
//! room holds a later ticket (`holding(t')`, t' ≠ t) and is not suspected; neither is an idle one.
//! Both WRITEs are posted: the enqueue stays one dependent round trip (1 FAA + 3 WRITEs).

use crate::counters::OpCounters;
use crate::fast;
use crate::remote::{Error, RemoteMemory, SlotWrite};

/// Claim words per queue: at most this many producers connect to one verbs fast queue.
pub const MAX_PRODUCERS: u64 = 256;

/// Byte offset of the claim table of a fast queue of `capacity` slots at offset 0 (its own
/// 64-byte line after the queue; saturating like `fast::Layout::bytes`).
pub fn table_offset(capacity: u64) -> u64 {
    fast::Layout::bytes(capacity).saturating_add(63) & !63
}

/// Bytes of a region holding a fast queue of `capacity` slots and its claim table.
pub fn region_bytes(capacity: u64) -> u64 {
    table_offset(capacity).saturating_add(8 * MAX_PRODUCERS)
}

/// The claim word before the FAA of a producer's `seq`th enqueue (odd).
pub fn claiming(seq: u64) -> u64 {
    seq << 1 | 1
}

/// The claim word once the FAA returned ticket `t` (even, never 0).
pub fn holding(t: u64) -> u64 {
    (t + 1) << 1
}

/// The ticket a skip mark (`fast::Layout::skipped`) is for.
pub fn ticket_of_skip_mark(mark: u64) -> u64 {
    ((mark & ((1 << fast::GEN_SHIFT) - 1)) >> 1).saturating_sub(1)
}

/// Indices of the producers that may hold ticket `t`, from their claim words at the start
/// (`before`) and end (`now`) of a lease: `holding(t)` now, or the same `claiming` at both ends.
pub fn suspects(t: u64, before: &[u64], now: &[u64]) -> Vec<usize> {
    now.iter()
        .enumerate()
        .filter(|&(i, &w)| w == holding(t) || (w & 1 == 1 && before.get(i) == Some(&w)))
        .map(|(i, _)| i)
        .collect()
}

/// Called with the ticket right after the FAA, before `holding(t)` is posted (test hook).
pub type AfterFaa = Box<dyn FnMut(u64) + Send>;

/// A producer's memory that marks its claim word around each FAA on TAIL (see the module doc).
pub struct Claiming<M: RemoteMemory> {
    inner: M,
    tail: u64,
    claim: u64,
    seq: u64,
    after_faa: Option<AfterFaa>,
}

impl<M: RemoteMemory> Claiming<M> {
    /// `claim`: the byte offset of this producer's claim word; the queue is at offset 0.
    pub fn new(inner: M, claim: u64) -> Self {
        let tail = fast::Layout { base: 0, capacity: 1, gen: fast::FIRST_GEN }.header(fast::HDR_TAIL);
        Claiming { inner, tail, claim, seq: 0, after_faa: None }
    }
    /// Test hook: `f(t)` runs after the FAA that took ticket `t`, before `holding(t)` is posted.
    pub fn set_after_faa(&mut self, f: Option<AfterFaa>) {
        self.after_faa = f;
    }
    pub fn inner(&self) -> &M {
        &self.inner
    }
    pub fn inner_mut(&mut self) -> &mut M {
        &mut self.inner
    }
}

impl<M: RemoteMemory> RemoteMemory for Claiming<M> {
    fn read(&mut self, offset: u64) -> Result<u64, Error> {
        self.inner.read(offset)
    }
    fn read_atomic(&mut self, offset: u64) -> Result<u64, Error> {
        self.inner.read_atomic(offset)
    }
    fn calibrate(&mut self, probe: u64) -> Result<(), Error> {
        self.inner.calibrate(probe)
    }
    fn write(&mut self, offset: u64, words: &[u64]) -> Result<(), Error> {
        self.inner.write(offset, words)
    }
    fn write_slot(&mut self, offset: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.inner.write_slot(offset, data, stamp)
    }
    fn can_read_beside(&self) -> bool {
        self.inner.can_read_beside()
    }
    fn read_beside(&mut self, offset: u64) -> Result<u64, Error> {
        self.inner.read_beside(offset)
    }
    fn fetch_and_add(&mut self, offset: u64, add: u64) -> Result<u64, Error> {
        if offset != self.tail {
            return self.inner.fetch_and_add(offset, add);
        }
        self.inner.write(self.claim, &[claiming(self.seq)])?;
        self.seq += 1;
        let t = self.inner.fetch_and_add(offset, add)?;
        if let Some(f) = &mut self.after_faa {
            f(t);
        }
        self.inner.write(self.claim, &[holding(t)])?;
        Ok(t)
    }
    fn compare_and_swap(&mut self, offset: u64, expected: u64, new: u64) -> Result<u64, Error> {
        self.inner.compare_and_swap(offset, expected, new)
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.inner.flush()
    }
    fn region_bytes(&self) -> Option<u64> {
        self.inner.region_bytes()
    }
    fn counters(&self) -> OpCounters {
        self.inner.counters()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suspects_are_the_holder_and_the_stuck_claimers_only() {
        let t = 41;
        // 0: holds t; 1: waits for room holding a later ticket; 2: idle after t - 1;
        // 3: stuck in its FAA (same claiming at both ends); 4: made progress (claiming changed).
        let before = [claiming(7), holding(t + 8), holding(t - 1), claiming(3), claiming(5)];
        let now = [holding(t), holding(t + 8), holding(t - 1), claiming(3), claiming(6)];
        assert_eq!(suspects(t, &before, &now), vec![0, 3]);
        assert_eq!(suspects(t, &[], &[claiming(1)]), Vec::<usize>::new(), "a new claimer needs a full lease");
    }

    #[test]
    fn skip_marks_name_their_ticket() {
        let q = fast::Layout { base: 0, capacity: 8, gen: 3 };
        for t in [0, 1, 77, fast::MAX_TICKETS - 1] {
            assert_eq!(ticket_of_skip_mark(q.skipped(t)), t);
        }
        assert_eq!(table_offset(8) % 64, 0);
        assert!(table_offset(8) >= fast::Layout::bytes(8));
        assert_eq!(region_bytes(u64::MAX), u64::MAX, "saturates");
    }

    #[test]
    fn claim_words_bracket_the_faa() {
        let region = crate::ShmRegion::create_memfd("claims", region_bytes(4) as usize).unwrap();
        let mut c = fast::Consumer::create(region.handle(), 0, 4).unwrap();
        let claim = table_offset(4) + 8 * 5;
        let mut mem = Claiming::new(region.handle(), claim);
        let seen = std::sync::Arc::new(std::sync::Mutex::new(vec![]));
        let (s, r) = (seen.clone(), region.clone());
        mem.set_after_faa(Some(Box::new(move |t| {
            let mut h = r.handle();
            s.lock().unwrap().push((t, crate::RemoteMemory::read(&mut h, claim).unwrap()));
        })));
        let mut p = fast::Producer::attach(mem, 0).unwrap();
        use crate::{RdmaDequeue, RdmaEnqueue};
        for i in 0..3 {
            p.enqueue(100 + i).unwrap();
            assert_eq!(c.poll().unwrap(), Some(100 + i));
        }
        assert_eq!(*seen.lock().unwrap(), vec![(0, claiming(0)), (1, claiming(1)), (2, claiming(2))]);
        let mut h = region.handle();
        assert_eq!(crate::RemoteMemory::read(&mut h, claim).unwrap(), holding(2));
        assert_eq!(p.counters().faas, 3, "one FAA per enqueue (shared memory needs no calibration)");
        assert_eq!(p.counters().writes, 9, "claiming, holding and the slot per enqueue");
    }
}
