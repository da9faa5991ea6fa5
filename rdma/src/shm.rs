//! Shared-memory `RemoteMemory`: a memfd (or any file) mapped MAP_SHARED, words accessed as
//! `AtomicU64`. Usable between threads (clone the `Arc<ShmRegion>`) and between processes
//! (a child maps the same memfd through `/proc/<pid>/fd/<n>` or an inherited descriptor).
//!
//! It stands in for the RDMA NIC: READ = acquire load, WRITE = release stores in address
//! order, FAA/CAS = sequentially consistent CPU atomics. That is `IBV_ATOMIC_GLOB`-like
//! semantics, the strongest a NIC offers; the algorithms do not rely on more than HCA
//! semantics (see `LocalMemory`).

use crate::counters::OpCounters;
use crate::remote::{Error, LocalMemory, RemoteMemory};
use renq_os::SharedRegion;
use std::os::fd::AsRawFd;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A mapped shared region (see the module doc). Unmapped on drop.
pub struct ShmRegion(SharedRegion);

fn os_err(what: String) -> impl FnOnce(std::io::Error) -> Error {
    move |e| Error::Os(format!("{what}: {e}"))
}

impl ShmRegion {
    /// A new zero-filled anonymous memfd region of `len` bytes (rounded up to 8).
    /// The descriptor is not close-on-exec, so child processes may inherit it.
    pub fn create_memfd(name: &str, len: usize) -> Result<Arc<ShmRegion>, Error> {
        let len = len.next_multiple_of(8);
        Self::checked(len)?;
        Ok(Arc::new(ShmRegion(SharedRegion::create(name, len, true).map_err(os_err(format!("memfd {name}")))?)))
    }

    /// Maps an existing file (e.g. `/proc/<pid>/fd/<n>` of another process's memfd, or a
    /// file in /dev/shm) whole.
    pub fn open(path: &Path) -> Result<Arc<ShmRegion>, Error> {
        let region = SharedRegion::open(path).map_err(os_err(format!("map {}", path.display())))?;
        Self::checked(region.mapping().len())?;
        Ok(Arc::new(ShmRegion(region)))
    }

    /// Regions are whole words.
    fn checked(len: usize) -> Result<(), Error> {
        if len == 0 || !len.is_multiple_of(8) {
            return Err(Error::Os(format!("region length {len} not a positive multiple of 8")));
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.0.mapping().len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.mapping().is_empty()
    }

    /// The descriptor (for passing to a child process).
    pub fn raw_fd(&self) -> i32 {
        self.0.fd().as_raw_fd()
    }

    /// The word at byte `offset`, checked.
    fn word(&self, offset: u64) -> Result<&AtomicU64, Error> {
        if !offset.is_multiple_of(8) || offset.checked_add(8).is_none_or(|e| e > self.len() as u64) {
            return Err(Error::BadOffset(offset));
        }
        // SAFETY: in bounds, 8-aligned (mmap is page aligned), and the mapping lives as long
        // as &self. All accesses to the region go through atomics.
        Ok(unsafe { &*(self.0.mapping().as_ptr().add(offset as usize) as *const AtomicU64) })
    }

    /// A new per-thread handle with its own counters.
    pub fn handle(self: &Arc<Self>) -> ShmHandle {
        ShmHandle { region: self.clone(), counters: OpCounters::default() }
    }
}

/// One thread's view of a `ShmRegion`: implements both the producer-side `RemoteMemory`
/// and the consumer-side `LocalMemory`, and counts operations.
pub struct ShmHandle {
    region: Arc<ShmRegion>,
    counters: OpCounters,
}

impl ShmHandle {
    pub fn region(&self) -> &Arc<ShmRegion> {
        &self.region
    }
}

impl RemoteMemory for ShmHandle {
    fn read(&mut self, offset: u64) -> Result<u64, Error> {
        let w = self.region.word(offset)?;
        self.counters.read();
        Ok(w.load(Ordering::Acquire))
    }

    fn write(&mut self, offset: u64, words: &[u64]) -> Result<(), Error> {
        // Check the whole range first: a WRITE is all-or-nothing at the protection check.
        if !words.is_empty() {
            self.region.word(offset + 8 * (words.len() as u64 - 1))?;
        }
        for (i, v) in words.iter().enumerate() {
            // Release on every word: address order, and the last word publishes the others.
            self.region.word(offset + 8 * i as u64)?.store(*v, Ordering::Release);
        }
        self.counters.write(words.len());
        Ok(())
    }

    fn fetch_and_add(&mut self, offset: u64, add: u64) -> Result<u64, Error> {
        let w = self.region.word(offset)?;
        self.counters.faa();
        Ok(w.fetch_add(add, Ordering::SeqCst))
    }

    fn compare_and_swap(&mut self, offset: u64, expected: u64, new: u64) -> Result<u64, Error> {
        let w = self.region.word(offset)?;
        self.counters.cas();
        Ok(match w.compare_exchange(expected, new, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(v) | Err(v) => v,
        })
    }

    fn flush(&mut self) -> Result<(), Error> {
        // Stores are complete when issued.
        self.counters.flushes += 1;
        Ok(())
    }

    fn counters(&self) -> OpCounters {
        self.counters
    }

    fn region_bytes(&self) -> Option<u64> {
        Some(self.region.len() as u64)
    }
}

impl LocalMemory for ShmHandle {
    fn region_bytes(&self) -> Option<u64> {
        Some(self.region.len() as u64)
    }

    fn load(&mut self, offset: u64) -> u64 {
        self.counters.local_loads += 1;
        self.region.word(offset).expect("consumer-local offset").load(Ordering::Acquire)
    }

    fn store(&mut self, offset: u64, value: u64) {
        self.counters.local_stores += 1;
        self.region.word(offset).expect("consumer-local offset").store(value, Ordering::Release)
    }

    fn local_counters(&self) -> OpCounters {
        self.counters
    }
}
