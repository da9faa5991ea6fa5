//! `NicAtomics`: the byte-order discipline of a NIC-backed `RemoteMemory`, independent of
//! the verbs plumbing so that it can be tested without a device.
//!
//! A NIC's in-memory byte order for atomic words, and the order in which it returns the old
//! value, are implementation-defined. The queues never access an atomic word with plain
//! operations (SPEC R.1), so the in-memory order does not matter provided reads of atomic
//! words are atomics too (`read_atomic` = FAA(+0)). The return order does matter:
//! `calibrate` learns it from two FAA(+1) on a probe word, and every atomic result is
//! decoded accordingly. Operands go in host order, as the verbs API specifies.

use crate::counters::OpCounters;
use crate::remote::{Error, RemoteMemory, SlotWrite};

/// Wraps a raw NIC handle (whose FAA/CAS return the old value as the NIC delivers it).
pub struct NicAtomics<M> {
    raw: M,
    result_swapped: bool,
    calibrated: bool,
}

impl<M: RemoteMemory> NicAtomics<M> {
    pub fn new(raw: M) -> Self {
        NicAtomics { raw, result_swapped: false, calibrated: false }
    }
    pub fn raw(&self) -> &M {
        &self.raw
    }
    pub fn raw_mut(&mut self) -> &mut M {
        &mut self.raw
    }
    /// Whether the NIC returns atomic results byte-swapped (valid after `calibrate`).
    pub fn result_swapped(&self) -> Option<bool> {
        self.calibrated.then_some(self.result_swapped)
    }
    fn decode(&self, raw: u64) -> u64 {
        if self.result_swapped {
            raw.swap_bytes()
        } else {
            raw
        }
    }
}

/// From two FAA(+1) results `a` then `b` on the same word (others may add in between, only
/// positive amounts): does the NIC return atomic results byte-swapped? `None` if neither
/// reading makes `b − a` a small positive step.
pub fn result_order_from_probe(a: u64, b: u64) -> Option<bool> {
    let small = |d: u64| (1..=1u64 << 32).contains(&d);
    if small(b.wrapping_sub(a)) {
        Some(false)
    } else if small(b.swap_bytes().wrapping_sub(a.swap_bytes())) {
        Some(true)
    } else {
        None
    }
}

impl<M: RemoteMemory> RemoteMemory for NicAtomics<M> {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        // Plain words are host-order bytes, written by CPUs and RDMA WRITEs alike.
        self.raw.read(off)
    }
    fn read_atomic(&mut self, off: u64) -> Result<u64, Error> {
        self.fetch_and_add(off, 0)
    }
    fn calibrate(&mut self, probe: u64) -> Result<(), Error> {
        let a = self.raw.fetch_and_add(probe, 1)?;
        let b = self.raw.fetch_and_add(probe, 1)?;
        self.result_swapped = result_order_from_probe(a, b)
            .ok_or_else(|| Error::Verbs(format!("atomic byte order probe: {a:#x} then {b:#x}")))?;
        self.calibrated = true;
        Ok(())
    }
    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        self.raw.write(off, words)
    }
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.raw.write_slot(off, data, stamp)
    }
    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        let r = self.raw.fetch_and_add(off, add)?;
        Ok(self.decode(r))
    }
    fn compare_and_swap(&mut self, off: u64, expected: u64, new: u64) -> Result<u64, Error> {
        let r = self.raw.compare_and_swap(off, expected, new)?;
        Ok(self.decode(r))
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.raw.flush()
    }
    fn counters(&self) -> OpCounters {
        self.raw.counters()
    }

    fn region_bytes(&self) -> Option<u64> {
        self.raw.region_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probe_decides_result_byte_order() {
        assert_eq!(result_order_from_probe(0, 1), Some(false));
        assert_eq!(result_order_from_probe(41, 45), Some(false)); // others added in between
        assert_eq!(result_order_from_probe(0, 1u64.swap_bytes()), Some(true));
        assert_eq!(result_order_from_probe(5u64.swap_bytes(), 9u64.swap_bytes()), Some(true));
        assert_eq!(result_order_from_probe(9, 5), None);
    }
}
