//! `WithLatency`: a `RemoteMemory` wrapper that waits (yielding) a fixed time on every dependent
//! round trip, to see what the op counts mean in time on a network (RDMA atomics take
//! 1.5–2.3 µs). Posted writes are not delayed: the caller does not wait for them.

use crate::counters::OpCounters;
use crate::remote::{Error, RemoteMemory, SlotWrite};
use std::time::{Duration, Instant};

pub struct WithLatency<M> {
    inner: M,
    rtt: Duration,
}

impl<M: RemoteMemory> WithLatency<M> {
    pub fn new(inner: M, rtt: Duration) -> Self {
        WithLatency { inner, rtt }
    }

    fn wait(&self) {
        if self.rtt.is_zero() {
            return;
        }
        // Yield rather than spin: on an oversubscribed machine (8 producers on 2 cores) a
        // spinning "NIC wait" would starve the consumer, which a real NIC wait does not.
        let t = Instant::now();
        while t.elapsed() < self.rtt {
            std::thread::yield_now();
        }
    }
}

impl<M: RemoteMemory> RemoteMemory for WithLatency<M> {
    fn read(&mut self, offset: u64) -> Result<u64, Error> {
        self.wait();
        self.inner.read(offset)
    }
    fn read_atomic(&mut self, offset: u64) -> Result<u64, Error> {
        self.wait();
        self.inner.read_atomic(offset)
    }
    fn calibrate(&mut self, probe_offset: u64) -> Result<(), Error> {
        self.inner.calibrate(probe_offset)
    }
    fn write(&mut self, offset: u64, words: &[u64]) -> Result<(), Error> {
        self.inner.write(offset, words)
    }
    fn write_slot(&mut self, offset: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.inner.write_slot(offset, data, stamp)
    }
    fn fetch_and_add(&mut self, offset: u64, add: u64) -> Result<u64, Error> {
        self.wait();
        self.inner.fetch_and_add(offset, add)
    }
    fn compare_and_swap(&mut self, offset: u64, expected: u64, new: u64) -> Result<u64, Error> {
        self.wait();
        self.inner.compare_and_swap(offset, expected, new)
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.inner.flush()
    }
    fn counters(&self) -> OpCounters {
        self.inner.counters()
    }

    fn region_bytes(&self) -> Option<u64> {
        self.inner.region_bytes()
    }
}
