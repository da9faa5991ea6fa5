//! Audits the word discipline the verbs backend depends on (SPEC R.1, R.6): after the zero
//! fill, no queue word is accessed both as an atomic word (FAA, CAS, read_atomic) and as a
//! plain word (READ, WRITE, CPU load/store). That is what makes the NIC's in-memory byte
//! order of atomics irrelevant and IBV_ATOMIC_HCA sufficient.

use renq_rdma::{
    fast, seed, Error, LocalMemory, OpCounters, RdmaDequeue, RdmaEnqueue, RemoteMemory, ShmHandle, ShmRegion, SlotWrite,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Log {
    plain: HashMap<u64, &'static str>,
    atomic: HashMap<u64, &'static str>,
}

struct Audit {
    inner: ShmHandle,
    log: Arc<Mutex<Log>>,
    who: &'static str,
}

impl Audit {
    fn plain(&self, off: u64) {
        self.log.lock().unwrap().plain.entry(off).or_insert(self.who);
    }
    fn atomic(&self, off: u64) {
        self.log.lock().unwrap().atomic.entry(off).or_insert(self.who);
    }
}

impl RemoteMemory for Audit {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        self.plain(off);
        self.inner.read(off)
    }
    fn read_atomic(&mut self, off: u64) -> Result<u64, Error> {
        self.atomic(off);
        self.inner.read_atomic(off)
    }
    fn calibrate(&mut self, probe: u64) -> Result<(), Error> {
        // What the verbs backend does with the probe word.
        self.fetch_and_add(probe, 1)?;
        self.fetch_and_add(probe, 1).map(|_| ())
    }
    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        for i in 0..words.len() as u64 {
            self.plain(off + 8 * i);
        }
        self.inner.write(off, words)
    }
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.plain(off);
        self.plain(off + 8);
        self.inner.write_slot(off, data, stamp)
    }
    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        self.atomic(off);
        self.inner.fetch_and_add(off, add)
    }
    fn compare_and_swap(&mut self, off: u64, e: u64, n: u64) -> Result<u64, Error> {
        self.atomic(off);
        self.inner.compare_and_swap(off, e, n)
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.inner.flush()
    }
    fn counters(&self) -> OpCounters {
        RemoteMemory::counters(&self.inner)
    }
}

impl LocalMemory for Audit {
    fn load(&mut self, off: u64) -> u64 {
        self.plain(off);
        self.inner.load(off)
    }
    fn store(&mut self, off: u64, v: u64) {
        self.plain(off);
        self.inner.store(off, v)
    }
    /// A CPU compare-and-swap of a slot, which only WRITEs and CPU accesses touch: plain.
    fn fence_slot(&mut self, off: u64, expected: u64, new: u64) -> Option<u64> {
        self.plain(off);
        self.plain(off + 8);
        self.inner.fence_slot(off, expected, new)
    }
    fn local_counters(&self) -> OpCounters {
        self.inner.local_counters()
    }
}

fn audit(region: &Arc<ShmRegion>, log: &Arc<Mutex<Log>>, who: &'static str) -> Audit {
    Audit { inner: region.handle(), log: log.clone(), who }
}

fn assert_disjoint(log: &Arc<Mutex<Log>>) {
    let l = log.lock().unwrap();
    for (off, who) in &l.atomic {
        if let Some(p) = l.plain.get(off) {
            panic!("word {off:#x}: atomic access by {who} and plain access by {p}");
        }
    }
    assert!(!l.atomic.is_empty() && !l.plain.is_empty());
}

/// Two producers, a ring of 2, several laps, including the full-queue path.
fn exercise<P: RdmaEnqueue, C: RdmaDequeue>(mut ps: Vec<P>, c: &mut C) {
    for lap in 0..4u64 {
        for (i, p) in ps.iter_mut().enumerate() {
            p.enqueue(lap * 10 + i as u64).unwrap();
        }
        assert_eq!(c.dequeue().unwrap(), lap * 10);
        assert_eq!(c.dequeue().unwrap(), lap * 10 + 1);
    }
    let mut out = [0; 4];
    assert_eq!(c.dequeue_batch(&mut out).unwrap(), 0);
}

#[test]
fn fast_never_mixes_atomic_and_plain_access() {
    let region = ShmRegion::create_memfd("audit", fast::Layout::bytes(2) as usize).unwrap();
    let log = Arc::new(Mutex::new(Log::default()));
    let mut c = fast::Consumer::create(audit(&region, &log, "consumer"), 0, 2).unwrap();
    *log.lock().unwrap() = Log::default(); // the zero fill does not count
    let ps = vec![
        fast::Producer::attach(audit(&region, &log, "producer 0"), 0).unwrap(),
        fast::Producer::attach(audit(&region, &log, "producer 1"), 0).unwrap(),
    ];
    exercise(ps, &mut c);
    assert_disjoint(&log);
    // HCA: the consumer's CPU touches no atomic word.
    assert!(log.lock().unwrap().atomic.values().all(|w| *w != "consumer"));
}

#[test]
fn seed_never_mixes_atomic_and_plain_access() {
    for v in [seed::Variant::Faithful, seed::Variant::LapTurn] {
        let region = ShmRegion::create_memfd("audit", seed::Layout::bytes(2) as usize).unwrap();
        let log = Arc::new(Mutex::new(Log::default()));
        let mut c = seed::Consumer::create(audit(&region, &log, "consumer"), 0, 2, v).unwrap();
        let probe = seed::Layout::new(0, 2, v).unwrap().header(seed::HDR_PROBE);
        *log.lock().unwrap() = Log::default();
        log.lock().unwrap().atomic.insert(probe, "consumer calibrate");
        let ps = vec![
            seed::Producer::attach(audit(&region, &log, "producer 0"), 0).unwrap(),
            seed::Producer::attach(audit(&region, &log, "producer 1"), 0).unwrap(),
        ];
        exercise(ps, &mut c);
        assert_disjoint(&log);
    }
}
