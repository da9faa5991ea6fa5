//! One node's host memory: a memfd-backed shared mapping.
//!
//! The region is a memfd so every process of the node (the card simulator, the driver, the
//! application) can map the very same pages: the simulator passes the fd over a UNIX socket
//! (SCM_RIGHTS) and the peer maps it with [`HostMemory::from_fd`].
//!
//! Device (DMA) addresses are byte offsets into the region. The first [`RESERVED_BYTES`] are
//! never handed out, so device address 0 can mean "none" (a null LINK pointer). Card accesses
//! go through [`HostMemory::dma_read`] / [`HostMemory::dma_write`], which refuse anything outside
//! the usable region and count it: a hostile export entry can never cause undefined behaviour.

use std::io;
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicU64, Ordering};

use renq_abi::{DMA_ADDR_MASK, WORD_BYTES};
use renq_os::SharedRegion;

/// Bytes at the start of every host memory that are never a valid device address.
pub const RESERVED_BYTES: u64 = 4096;

/// A node's host memory (see the module doc).
pub struct HostMemory {
    region: SharedRegion,
    dma: DmaCounters,
}

/// Card access counters. On their own cache line: the card's worker bumps them on every
/// access while consumers read `base`/`len` on every load, and those must not false-share.
#[derive(Default)]
#[repr(align(128))]
struct DmaCounters {
    reads: AtomicU64,
    writes: AtomicU64,
    errors: AtomicU64,
}

fn page_round(len: usize) -> usize {
    let page = RESERVED_BYTES as usize;
    len.div_ceil(page) * page
}

impl HostMemory {
    /// Creates a zeroed region of at least `len` bytes (rounded up to 4 KiB, at least 8 KiB so
    /// there is usable memory past the reserved page).
    pub fn create(len: usize) -> io::Result<HostMemory> {
        let len = page_round(len.max(2 * RESERVED_BYTES as usize));
        Ok(Self::new(SharedRegion::create("renq-host-memory", len, false)?))
    }

    /// Maps a region received from another process (the fd of its `create`). `len` must not
    /// exceed the file's size.
    pub fn from_fd(fd: OwnedFd, len: usize) -> io::Result<HostMemory> {
        if !len.is_multiple_of(WORD_BYTES as usize) {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "host memory length not a whole number of words"));
        }
        Ok(Self::new(SharedRegion::from_fd(fd, len)?))
    }

    fn new(region: SharedRegion) -> HostMemory {
        HostMemory { region, dma: DmaCounters::default() }
    }

    /// Makes every page resident now (one write per page that leaves its word as it is). A
    /// real host pins the memory it gives a card for DMA (VFIO maps it resident, hugepages are
    /// allocated up front); the memfd faults pages in on first touch, which would otherwise
    /// charge a page fault to whoever touches a page first (e.g. an overflow handler
    /// initialising a fresh buffer: `renq overflow-cost`).
    pub fn prefault(&self) {
        let page = RESERVED_BYTES as usize;
        for off in (0..self.len()).step_by(page) {
            // A compare-exchange always writes (LLVM turns an idempotent `fetch_or(0)` into a
            // load, which would map the page read-only and leave the write fault for later);
            // if it fails, another store touched the page anyway.
            let word = self.atomic_u64(off as u64);
            let v = word.load(Ordering::Relaxed);
            let _ = word.compare_exchange(v, v, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// The memfd, to pass to another process of the node.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.region.fd()
    }

    /// Raw descriptor number of the memfd.
    pub fn raw_fd(&self) -> RawFd {
        self.region.fd().as_raw_fd()
    }

    /// Bytes in the region (device addresses `RESERVED_BYTES .. len` are usable).
    pub fn len(&self) -> usize {
        self.region.mapping().len()
    }

    /// Never true: a region always has the reserved page plus usable memory.
    pub fn is_empty(&self) -> bool {
        self.region.mapping().is_empty()
    }

    /// Start of the mapping, for the driver's own (unsafe) accesses. Byte `a` of the device
    /// address space is at `as_ptr() + a`.
    pub fn as_ptr(&self) -> *mut u8 {
        self.region.mapping().as_ptr()
    }

    /// The 64-bit word at byte offset `off` as an atomic. Panics if `off` is not 8-aligned or
    /// the word does not lie inside the region: that is a software bug, not card input.
    pub fn atomic_u64(&self, off: u64) -> &AtomicU64 {
        assert!(
            off.is_multiple_of(WORD_BYTES) && off.checked_add(WORD_BYTES).is_some_and(|e| e <= self.len() as u64),
            "host memory access at {off:#x} outside 0..{:#x} or misaligned",
            self.len()
        );
        // SAFETY: in bounds and 8-aligned (mmap returns page-aligned memory); AtomicU64 has
        // the layout of u64, and the mapping lives as long as &self.
        unsafe { &*(self.as_ptr().add(off as usize) as *const AtomicU64) }
    }

    /// Atomic load of the word at byte offset `off` (panics like [`Self::atomic_u64`]).
    pub fn load_u64(&self, off: u64, order: Ordering) -> u64 {
        self.atomic_u64(off).load(order)
    }

    /// Atomic store of the word at byte offset `off` (panics like [`Self::atomic_u64`]).
    pub fn store_u64(&self, off: u64, value: u64, order: Ordering) {
        self.atomic_u64(off).store(value, order)
    }

    /// Whether the card may touch the word at device address `addr`.
    fn dma_ok(&self, addr: u64) -> bool {
        addr.is_multiple_of(WORD_BYTES)
            && addr & !DMA_ADDR_MASK == 0
            && addr >= RESERVED_BYTES
            && addr + WORD_BYTES <= self.len() as u64
    }

    /// A card read (DMA). Outside the usable region it returns 0 and counts an error.
    /// Acquire: the card must see the consumer's HEAD store and everything before it.
    pub fn dma_read(&self, addr: u64) -> u64 {
        if self.dma_ok(addr) {
            self.dma.reads.fetch_add(1, Ordering::Relaxed);
            self.load_u64(addr, Ordering::Acquire)
        } else {
            self.dma.errors.fetch_add(1, Ordering::Relaxed);
            0
        }
    }

    /// A card write (DMA). Outside the usable region it is not done and counts an error.
    /// Release: the slot store (WR0) is visible before the TAIL store (WR1) that publishes it.
    pub fn dma_write(&self, addr: u64, value: u64) {
        if self.dma_ok(addr) {
            self.dma.writes.fetch_add(1, Ordering::Relaxed);
            self.store_u64(addr, value, Ordering::Release)
        } else {
            self.dma.errors.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Card accesses refused so far (outside the region, or in the reserved first page).
    pub fn dma_errors(&self) -> u64 {
        self.dma.errors.load(Ordering::Relaxed)
    }

    /// Card reads done through this mapping (a memory mapped from a received fd counts only
    /// its own: ask the card's process, e.g. `BarStats::dma_reads`).
    pub fn dma_reads(&self) -> u64 {
        self.dma.reads.load(Ordering::Relaxed)
    }

    /// Card writes done through this mapping.
    pub fn dma_writes(&self) -> u64 {
        self.dma.writes.load(Ordering::Relaxed)
    }

    /// Copy of `words` words starting at byte offset `off`, for comparing memory images.
    pub fn snapshot(&self, off: u64, words: usize) -> Vec<u64> {
        (0..words as u64).map(|i| self.load_u64(off + i * WORD_BYTES, Ordering::Relaxed)).collect()
    }
}

impl std::fmt::Debug for HostMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostMemory").field("fd", &self.raw_fd()).field("len", &self.len()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_between_two_mappings() {
        let a = HostMemory::create(64 * 1024).unwrap();
        let fd = a.fd().try_clone_to_owned().unwrap();
        let b = HostMemory::from_fd(fd, a.len()).unwrap();
        a.store_u64(0x2000, 0xfeed, Ordering::Release);
        assert_eq!(b.load_u64(0x2000, Ordering::Acquire), 0xfeed);
        b.dma_write(0x2008, 7);
        assert_eq!(a.load_u64(0x2008, Ordering::Relaxed), 7);
    }

    #[test]
    fn prefault_keeps_every_word_and_is_no_card_access() {
        let m = HostMemory::create(64 * 1024).unwrap();
        for page in 0..16u64 {
            m.store_u64(page * 4096, page * 0x1111 + 1, Ordering::Relaxed);
        }
        m.prefault();
        for page in 0..16u64 {
            assert_eq!(m.load_u64(page * 4096, Ordering::Relaxed), page * 0x1111 + 1);
        }
        assert_eq!((m.dma_reads(), m.dma_writes(), m.dma_errors()), (0, 0, 0));
    }

    #[test]
    fn dma_outside_is_counted_not_done() {
        let m = HostMemory::create(8192).unwrap();
        assert_eq!(m.len(), 8192);
        m.dma_write(0, 1); // reserved page
        m.dma_write(8192, 1); // past the end
        m.dma_write(0x1004, 1); // misaligned
        assert_eq!(m.dma_read(1 << 50), 0); // beyond DMA_ADDR_BITS
        assert_eq!(m.dma_errors(), 4);
        assert_eq!((m.dma_reads(), m.dma_writes()), (0, 0));
        assert!(m.snapshot(0, 1024).iter().all(|&w| w == 0));
        m.dma_write(0x1000, 5); // first usable word
        assert_eq!((m.dma_read(0x1000), m.dma_reads(), m.dma_writes()), (5, 1, 1));
    }
}
