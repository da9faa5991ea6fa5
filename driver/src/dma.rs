//! DMA-able memory: one contiguous region the card can address (device address is
//! `dev_base` plus the byte offset), carved by a buddy allocator into power-of-two blocks aligned to their size
//! (the card ORs indices into a buffer's base, so a buffer must be aligned to its size).

use crate::error::{DriverError, Result};
use std::collections::BTreeSet;
use std::ptr::NonNull;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

/// Smallest block: 64 bytes (a LINK word keeps 6 low bits for the size; the smallest queue
/// buffer, 8 words, is 64 bytes).
pub const MIN_BLOCK_LOG2: u32 = 6;

/// A block handed out by the pool: its device address and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DmaBlock {
    pub dev_addr: u64,
    pub log2_bytes: u32,
}

impl DmaBlock {
    pub fn bytes(&self) -> u64 {
        1 << self.log2_bytes
    }
}

/// Buddy allocator over device addresses `[lo, hi)`; blocks are aligned to their size in
/// device-address space. Pure bookkeeping: it never touches the memory.
pub struct BuddyAllocator {
    lo: u64,
    hi: u64,
    /// free[order] = start addresses of free blocks of 2^order bytes.
    free: Vec<BTreeSet<u64>>,
}

const MAX_ORDER: u32 = 47;

impl BuddyAllocator {
    pub fn new(lo: u64, hi: u64) -> Self {
        let mut a = BuddyAllocator { lo, hi, free: vec![BTreeSet::new(); MAX_ORDER as usize + 1] };
        // Carve [lo, hi) into the largest aligned blocks that fit.
        let mut at = lo.next_multiple_of(1 << MIN_BLOCK_LOG2);
        while at < hi {
            let mut order = MIN_BLOCK_LOG2;
            while order < MAX_ORDER && at.is_multiple_of(1 << (order + 1)) && at + (1 << (order + 1)) <= hi {
                order += 1;
            }
            if at + (1 << order) > hi {
                break;
            }
            a.free[order as usize].insert(at);
            at += 1 << order;
        }
        a
    }

    pub fn alloc(&mut self, log2_bytes: u32) -> Option<u64> {
        let want = log2_bytes.max(MIN_BLOCK_LOG2);
        let have = (want..=MAX_ORDER).find(|&o| !self.free[o as usize].is_empty())?;
        let addr = self.free[have as usize].pop_first()?;
        // Split down to the wanted order; the upper halves go back on the free lists.
        for o in (want..have).rev() {
            self.free[o as usize].insert(addr + (1 << o));
        }
        Some(addr)
    }

    pub fn free(&mut self, addr: u64, log2_bytes: u32) {
        let mut order = log2_bytes.max(MIN_BLOCK_LOG2);
        let mut addr = addr;
        debug_assert!(addr >= self.lo && addr + (1 << order) <= self.hi);
        while order < MAX_ORDER {
            let buddy = addr ^ (1 << order);
            if !self.free[order as usize].remove(&buddy) {
                break;
            }
            addr = addr.min(buddy);
            order += 1;
        }
        self.free[order as usize].insert(addr);
    }

    /// Bytes currently free (for tests and leak checks).
    pub fn free_bytes(&self) -> u64 {
        self.free.iter().enumerate().map(|(o, s)| (s.len() as u64) << o).sum()
    }
}

/// The CPU's view of the DMA region plus its allocator. Shared by the driver and the library.
pub struct DmaPool {
    cpu_base: NonNull<u8>,
    dev_base: u64,
    len: u64,
    alloc: Mutex<BuddyAllocator>,
}

// The region is plain shared memory accessed only through atomics.
unsafe impl Send for DmaPool {}
unsafe impl Sync for DmaPool {}

impl DmaPool {
    /// # Safety
    /// `cpu_base .. cpu_base + len` must stay mapped, 8-byte aligned, for the pool's lifetime,
    /// and byte `i` of it must be what the card sees at device address `dev_base + i`.
    /// `[alloc_lo, len)` (offsets) is what the allocator may hand out.
    pub unsafe fn new(cpu_base: NonNull<u8>, dev_base: u64, len: u64, alloc_lo: u64) -> Self {
        DmaPool { cpu_base, dev_base, len, alloc: Mutex::new(BuddyAllocator::new(dev_base + alloc_lo, dev_base + len)) }
    }

    /// A zeroed block of `2^log2_bytes` bytes aligned to its size (device address).
    pub fn alloc(&self, log2_bytes: u32) -> Result<DmaBlock> {
        let block = self.alloc_unzeroed(log2_bytes)?;
        let addr = block.dev_addr;
        for i in 0..block.bytes() / 8 {
            self.word(addr + 8 * i).unwrap().store(0, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(block)
    }

    /// Like [`alloc`](Self::alloc) without zeroing: O(1) whatever the size, for a block whose
    /// every word is written before anyone reads it (a card buffer: the driver writes its
    /// header, the card each slot before the TAIL that publishes it; spec §9b). It may hold
    /// what an earlier owner left there.
    pub fn alloc_unzeroed(&self, log2_bytes: u32) -> Result<DmaBlock> {
        let addr = self.alloc.lock().unwrap().alloc(log2_bytes);
        let addr = addr.ok_or(DriverError::OutOfDmaMemory { bytes: 1 << log2_bytes })?;
        Ok(DmaBlock { dev_addr: addr, log2_bytes: log2_bytes.max(MIN_BLOCK_LOG2) })
    }

    pub fn free(&self, block: DmaBlock) {
        self.alloc.lock().unwrap().free(block.dev_addr, block.log2_bytes)
    }

    pub fn free_bytes(&self) -> u64 {
        self.alloc.lock().unwrap().free_bytes()
    }

    /// The 64-bit word at a device address, if it lies in the region (aligned).
    pub fn word(&self, dev_addr: u64) -> Option<&AtomicU64> {
        let off = dev_addr.checked_sub(self.dev_base)?;
        if !off.is_multiple_of(8) || off + 8 > self.len {
            return None;
        }
        // Safety: in bounds and aligned per `new`'s contract; AtomicU64 has u64's layout.
        Some(unsafe { &*(self.cpu_base.as_ptr().add(off as usize) as *const AtomicU64) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_disjoint_and_merge_back() {
        let mut a = BuddyAllocator::new(4096, 1 << 20);
        let total = a.free_bytes();
        assert_eq!(total, (1 << 20) - 4096);
        let mut got = Vec::new();
        for (i, order) in [6u32, 9, 12, 6, 15, 7, 18].iter().cycle().take(40).enumerate() {
            if let Some(addr) = a.alloc(*order) {
                assert_eq!(addr % (1 << order), 0, "block {i} not aligned to its size");
                assert!(addr >= 4096 && addr + (1 << order) <= 1 << 20);
                got.push((addr, *order));
            }
        }
        got.sort();
        for w in got.windows(2) {
            assert!(w[0].0 + (1 << w[0].1) <= w[1].0, "overlap {:?}", w);
        }
        for (addr, order) in got {
            a.free(addr, order);
        }
        assert_eq!(a.free_bytes(), total);
        // Fully merged again: the largest block fits.
        assert!(a.alloc(19).is_some());
    }

    #[test]
    fn exhaustion_is_reported() {
        let mut a = BuddyAllocator::new(0, 256);
        assert!(a.alloc(8).is_some());
        assert!(a.alloc(6).is_none());
    }
}
