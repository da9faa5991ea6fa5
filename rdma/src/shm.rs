//! Shared-memory `RemoteMemory`: a memfd (or any file) mapped MAP_SHARED, words accessed as
//! `AtomicU64`. Usable between threads (clone the `Arc<ShmRegion>`) and between processes
//! (a child maps the same memfd through `/proc/<pid>/fd/<n>` or an inherited descriptor).
//!
//! It stands in for the RDMA NIC: READ = acquire load, WRITE = release stores in address
//! order, FAA/CAS = sequentially consistent CPU atomics. That is `IBV_ATOMIC_GLOB`-like
//! semantics, the strongest a NIC offers; the algorithms do not rely on more than HCA
//! semantics (see `LocalMemory`).
//!
//! The fence (docs/spec.md R.11): `write_slot` places a slot's `[data, stamp]` with one
//! 128-bit compare-and-swap, and only if the new stamp is greater than the one there; the
//! consumer's `fence_slot` replaces a stamp with the same instruction. A WRITE therefore
//! lands entirely before the consumer's fence or not at all — the memory layer's equivalent of
//! a responder NIC refusing a queue pair in the error state.

use crate::counters::OpCounters;
use crate::remote::{Error, LocalMemory, RemoteMemory, SlotWrite};
use portable_atomic::AtomicU128;
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

    /// Regions are whole words, and the CPU must have a lock-free 128-bit compare-and-swap
    /// (the fence must hold across processes, so no lock-based fallback will do).
    fn checked(len: usize) -> Result<(), Error> {
        if len == 0 || !len.is_multiple_of(8) {
            return Err(Error::Os(format!("region length {len} not a positive multiple of 8")));
        }
        if !AtomicU128::is_lock_free() {
            return Err(Error::Os("this CPU has no lock-free 128-bit compare-and-swap (cmpxchg16b)".into()));
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

    /// The 16-byte slot `[data, stamp]` at byte `offset`, checked (16-byte aligned).
    fn slot(&self, offset: u64) -> Result<&AtomicU128, Error> {
        if !offset.is_multiple_of(16) || offset.checked_add(16).is_none_or(|e| e > self.len() as u64) {
            return Err(Error::BadOffset(offset));
        }
        // SAFETY: in bounds and 16-aligned (mmap is page aligned); lives as long as &self.
        // The two words are also accessed as AtomicU64 (loads, stores): on x86-64 a locked
        // cmpxchg16b is atomic against them, which is all the fence needs.
        Ok(unsafe { AtomicU128::from_ptr(self.0.mapping().as_ptr().add(offset as usize) as *mut u128) })
    }

    /// Compare-and-swap of a slot's stamp (its second word) if `accept(stamp)`, keeping or
    /// replacing the data; returns the stamp found. One 128-bit CAS decides, so it is atomic
    /// against every other slot CAS.
    fn slot_update(
        &self,
        offset: u64,
        accept: impl Fn(u64) -> bool,
        data: Option<u64>,
        stamp: u64,
    ) -> Result<u64, Error> {
        let cell = self.slot(offset)?;
        // The first guess from two plain 64-bit loads (a torn guess only fails the CAS, which
        // returns the true value): saves a locked 128-bit load.
        let mut cur = pack(self.word(offset)?.load(Ordering::Acquire), self.word(offset + 8)?.load(Ordering::Acquire));
        loop {
            let (old_data, old_stamp) = unpack(cur);
            if !accept(old_stamp) {
                return Ok(old_stamp);
            }
            let new = pack(data.unwrap_or(old_data), stamp);
            match cell.compare_exchange_weak(cur, new, Ordering::SeqCst, Ordering::Acquire) {
                Ok(_) => return Ok(old_stamp),
                Err(seen) => cur = seen,
            }
        }
    }

    /// A new per-thread handle with its own counters.
    pub fn handle(self: &Arc<Self>) -> ShmHandle {
        ShmHandle { region: self.clone(), counters: OpCounters::default() }
    }
}

/// A slot's two words as one u128 in memory order (the data word at the lower address).
fn pack(data: u64, stamp: u64) -> u128 {
    if cfg!(target_endian = "little") {
        (stamp as u128) << 64 | data as u128
    } else {
        (data as u128) << 64 | stamp as u128
    }
}
fn unpack(v: u128) -> (u64, u64) {
    let (lo, hi) = (v as u64, (v >> 64) as u64);
    if cfg!(target_endian = "little") {
        (lo, hi)
    } else {
        (hi, lo)
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

    fn write_slot(&mut self, offset: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        let found = self.region.slot_update(offset, |cur| cur < stamp, Some(data), stamp)?;
        self.counters.write(2);
        Ok(if found < stamp { SlotWrite::Landed } else { SlotWrite::Refused { current: found } })
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

    fn fence_slot(&mut self, offset: u64, expected: u64, new: u64) -> Option<u64> {
        self.counters.local_stores += 1;
        Some(self.region.slot_update(offset, |cur| cur == expected, None, new).expect("consumer-local slot"))
    }

    fn local_counters(&self) -> OpCounters {
        self.counters
    }
}
