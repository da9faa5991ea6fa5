//! The byte-order adapter (`nic::NicAtomics`, what the verbs backend runs behind) against a
//! simulated NIC that keeps atomic words big-endian in memory and may return old values
//! byte-swapped: both queues must still work, because atomic words are only touched by
//! atomics and `calibrate` learns the result order.

use renq_rdma::nic::NicAtomics;
use renq_rdma::{
    fast, seed, Error, OpCounters, RdmaDequeue, RdmaEnqueue, RemoteMemory, ShmHandle, ShmRegion, SlotWrite,
};
use std::sync::Arc;

/// A NIC whose atomics see memory as big-endian; `swap_results`: whether it also returns the
/// old value in memory order instead of converting it to host order.
struct BigEndianNic {
    mem: ShmHandle,
    swap_results: bool,
}

impl BigEndianNic {
    fn result(&self, numeric: u64) -> u64 {
        if self.swap_results {
            numeric.swap_bytes()
        } else {
            numeric
        }
    }
}

impl RemoteMemory for BigEndianNic {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        self.mem.read(off)
    }
    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        self.mem.write(off, words)
    }
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.mem.write_slot(off, data, stamp)
    }
    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        loop {
            let raw = self.mem.read(off)?;
            let new = raw.swap_bytes().wrapping_add(add).swap_bytes();
            if self.mem.compare_and_swap(off, raw, new)? == raw {
                return Ok(self.result(raw.swap_bytes()));
            }
        }
    }
    fn compare_and_swap(&mut self, off: u64, expected: u64, new: u64) -> Result<u64, Error> {
        let old = self.mem.compare_and_swap(off, expected.swap_bytes(), new.swap_bytes())?;
        Ok(self.result(old.swap_bytes()))
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.mem.flush()
    }
    fn counters(&self) -> OpCounters {
        self.mem.counters()
    }
}

fn nic(region: &Arc<ShmRegion>, swap_results: bool) -> NicAtomics<BigEndianNic> {
    NicAtomics::new(BigEndianNic { mem: region.handle(), swap_results })
}

const PRODUCERS: u64 = 3;
const ITEMS: u64 = 20_000;

fn run<P: RdmaEnqueue + Send + 'static>(ps: Vec<P>, c: &mut dyn RdmaDequeue) {
    let threads: Vec<_> = ps
        .into_iter()
        .enumerate()
        .map(|(id, mut p)| {
            std::thread::spawn(move || {
                for s in 0..ITEMS {
                    p.enqueue((id as u64) << 32 | s).unwrap();
                }
            })
        })
        .collect();
    let mut next = [0u64; PRODUCERS as usize];
    for _ in 0..PRODUCERS * ITEMS {
        let v = c.dequeue().unwrap();
        let p = (v >> 32) as usize;
        assert_eq!(v & 0xffff_ffff, next[p], "producer {p}: lost, duplicated or reordered");
        next[p] += 1;
    }
    threads.into_iter().for_each(|t| t.join().unwrap());
    assert_eq!(c.try_dequeue().unwrap(), None);
}

#[test]
fn fast_over_big_endian_nic() {
    for swap_results in [false, true] {
        let region = ShmRegion::create_memfd("be-fast", fast::Layout::bytes(4) as usize).unwrap();
        let mut c = fast::Consumer::create(region.handle(), 0, 4).unwrap();
        let ps: Vec<_> =
            (0..PRODUCERS).map(|_| fast::Producer::attach(nic(&region, swap_results), 0).unwrap()).collect();
        for p in &ps {
            assert_eq!(p.memory().result_swapped(), Some(swap_results));
        }
        run(ps, &mut c);
    }
}

#[test]
fn seed_over_big_endian_nic() {
    for variant in [seed::Variant::LapTurn, seed::Variant::Faithful] {
        for swap_results in [false, true] {
            let region = ShmRegion::create_memfd("be-seed", seed::Layout::bytes(4) as usize).unwrap();
            // The seed consumer's atomics go through the NIC too (its loopback QP).
            let mut c = seed::Consumer::create(nic(&region, swap_results), 0, 4, variant).unwrap();
            let ps: Vec<_> =
                (0..PRODUCERS).map(|_| seed::Producer::attach(nic(&region, swap_results), 0).unwrap()).collect();
            if variant == seed::Variant::Faithful {
                // FIFO per producer is not guaranteed as written (SPEC R.4): only count.
                let threads: Vec<_> = ps
                    .into_iter()
                    .map(|mut p| std::thread::spawn(move || (0..ITEMS).for_each(|s| p.enqueue(s).unwrap())))
                    .collect();
                let mut sum = 0;
                for _ in 0..PRODUCERS * ITEMS {
                    sum += c.dequeue().unwrap();
                }
                threads.into_iter().for_each(|t| t.join().unwrap());
                assert_eq!(sum, PRODUCERS * ITEMS * (ITEMS - 1) / 2);
                assert_eq!(c.try_dequeue().unwrap(), None);
            } else {
                run(ps, &mut c);
            }
        }
    }
}

/// Without the adapter, such a NIC's raw results are unusable as tickets.
#[test]
fn raw_results_of_a_swapping_nic_are_not_host_order() {
    let region = ShmRegion::create_memfd("be-raw", 4096).unwrap();
    let mut raw = BigEndianNic { mem: region.handle(), swap_results: true };
    assert_eq!(raw.fetch_and_add(64, 1).unwrap(), 0);
    assert_eq!(raw.fetch_and_add(64, 1).unwrap(), 1u64.swap_bytes());
    let mut adapted = nic(&region, true);
    adapted.calibrate(128).unwrap();
    assert_eq!(adapted.fetch_and_add(64, 1).unwrap(), 2);
    assert_eq!(adapted.read_atomic(64).unwrap(), 3);
    // In memory the word is big-endian: a plain READ would see garbage.
    assert_eq!(adapted.read(64).unwrap(), 3u64.swap_bytes());
}
