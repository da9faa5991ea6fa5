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
use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A mapped shared region. Unmapped on drop.
pub struct ShmRegion {
    ptr: *mut u8,
    len: usize,
    fd: OwnedFd,
}

// The region is only ever accessed through atomics.
unsafe impl Send for ShmRegion {}
unsafe impl Sync for ShmRegion {}

fn os_err(what: &str) -> Error {
    Error::Os(format!("{what}: {}", std::io::Error::last_os_error()))
}

impl ShmRegion {
    /// A new zero-filled anonymous memfd region of `len` bytes (rounded up to 8).
    /// The descriptor is not close-on-exec, so child processes may inherit it.
    pub fn create_memfd(name: &str, len: usize) -> Result<Arc<ShmRegion>, Error> {
        let len = (len + 7) & !7;
        let cname = CString::new(name).map_err(|_| Error::Os("name has NUL".into()))?;
        // SAFETY: plain syscall with a valid C string.
        let fd = unsafe { libc::memfd_create(cname.as_ptr(), 0) };
        if fd < 0 {
            return Err(os_err("memfd_create"));
        }
        // SAFETY: fd was just returned by the kernel and is owned by nobody else.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        if unsafe { libc::ftruncate(fd.as_raw_fd(), len as libc::off_t) } != 0 {
            return Err(os_err("ftruncate"));
        }
        Self::map(fd, len)
    }

    /// Maps an existing file (e.g. `/proc/<pid>/fd/<n>` of another process's memfd, or a
    /// file in /dev/shm) whole.
    pub fn open(path: &Path) -> Result<Arc<ShmRegion>, Error> {
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|e| Error::Os(format!("open {}: {e}", path.display())))?;
        let len = f.metadata().map_err(|e| Error::Os(e.to_string()))?.len() as usize;
        Self::map(OwnedFd::from(f), len)
    }

    fn map(fd: OwnedFd, len: usize) -> Result<Arc<ShmRegion>, Error> {
        if len == 0 || !len.is_multiple_of(8) {
            return Err(Error::Os(format!("region length {len} not a positive multiple of 8")));
        }
        // SAFETY: mapping a file we hold open; the result is checked.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                fd.as_raw_fd(),
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return Err(os_err("mmap"));
        }
        Ok(Arc::new(ShmRegion { ptr: ptr as *mut u8, len, fd }))
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The descriptor (for passing to a child process).
    pub fn raw_fd(&self) -> i32 {
        self.fd.as_raw_fd()
    }

    /// The word at byte `offset`, checked.
    fn word(&self, offset: u64) -> Result<&AtomicU64, Error> {
        if !offset.is_multiple_of(8) || offset.checked_add(8).is_none_or(|e| e > self.len as u64) {
            return Err(Error::BadOffset(offset));
        }
        // SAFETY: in bounds, 8-aligned (mmap is page aligned), and the mapping lives as long
        // as &self. All accesses to the region go through atomics.
        Ok(unsafe { &*(self.ptr.add(offset as usize) as *const AtomicU64) })
    }

    /// A new per-thread handle with its own counters.
    pub fn handle(self: &Arc<Self>) -> ShmHandle {
        ShmHandle { region: self.clone(), counters: OpCounters::default() }
    }
}

impl Drop for ShmRegion {
    fn drop(&mut self) {
        // SAFETY: ptr/len are the mapping made in `map`.
        unsafe { libc::munmap(self.ptr as *mut libc::c_void, self.len) };
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
}

impl LocalMemory for ShmHandle {
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
