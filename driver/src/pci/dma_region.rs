//! DMA memory for a user-space driver inside a guest: one 2 MiB huge page (physically
//! contiguous, never moved or swapped), its guest-physical address read from
//! /proc/self/pagemap (needs root). The card addresses it by that address: with UIO directly,
//! with VFIO as IOVA == guest-physical (the simulated card reads guest RAM by guest-physical
//! address, bypassing the emulated IOMMU, so the IOMMU mapping must be the identity).

use crate::error::{DriverError, Result};
use renq_os::Mapping;
use std::os::unix::fs::FileExt;
use std::ptr::NonNull;

pub const HUGE_PAGE: usize = 2 << 20;
const PAGE: usize = 4096;

/// A locked, physically contiguous region and its guest-physical base.
pub struct DmaRegion {
    map: Mapping,
    phys: u64,
}

/// The physical address in a pagemap entry for byte `addr`, if the page is present and the
/// PFN is visible (bit 63 present, bits 54..0 PFN; PFN reads as 0 without CAP_SYS_ADMIN).
pub fn pagemap_phys(entry: u64, addr: usize) -> Option<u64> {
    let pfn = entry & ((1 << 55) - 1);
    (entry >> 63 == 1 && pfn != 0).then(|| pfn * PAGE as u64 + (addr % PAGE) as u64)
}

/// Physical address of byte `addr` of this process.
pub fn phys_addr(addr: usize) -> Result<u64> {
    let f =
        std::fs::File::open("/proc/self/pagemap").map_err(|e| DriverError::Map(format!("/proc/self/pagemap: {e}")))?;
    let mut entry = [0u8; 8];
    f.read_exact_at(&mut entry, (addr / PAGE) as u64 * 8)
        .map_err(|e| DriverError::Map(format!("pagemap read: {e}")))?;
    pagemap_phys(u64::from_le_bytes(entry), addr)
        .ok_or_else(|| DriverError::Map(format!("no physical address for {addr:#x} (page absent, or not root)")))
}

impl DmaRegion {
    /// One huge page; reserves some in /proc/sys/vm/nr_hugepages if none is free.
    pub fn huge_page() -> Result<DmaRegion> {
        let free =
            std::fs::read_to_string("/sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages").unwrap_or_default();
        if free.trim().parse::<u64>().unwrap_or(0) == 0 {
            let _ = std::fs::write("/proc/sys/vm/nr_hugepages", "4");
        }
        let map = Mapping::huge_locked(HUGE_PAGE).map_err(|e| DriverError::Map(format!("2 MiB huge page: {e}")))?;
        let p = map.as_ptr();
        let region = DmaRegion { phys: phys_addr(p as usize)?, map };
        // A huge page is one frame; check anyway, the pool relies on it.
        for off in (0..HUGE_PAGE).step_by(64 * PAGE) {
            if phys_addr(p as usize + off)? != region.phys + off as u64 {
                return Err(DriverError::Map(format!("huge page not contiguous at {off:#x}")));
            }
        }
        Ok(region)
    }

    pub fn as_ptr(&self) -> NonNull<u8> {
        self.map.start()
    }

    /// Guest-physical address of the first byte.
    pub fn phys(&self) -> u64 {
        self.phys
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pagemap_entry_decoding() {
        let present = 1u64 << 63;
        assert_eq!(pagemap_phys(present | 0x1234, 0x7f00_0000_0abc), Some(0x1234 * 4096 + 0xabc));
        assert_eq!(pagemap_phys(0x1234, 0), None, "not present");
        assert_eq!(pagemap_phys(present, 0), None, "PFN hidden (not root)");
        // Soft-dirty / exclusive flag bits above the PFN are not part of it.
        assert_eq!(pagemap_phys(present | (1 << 55) | (1 << 56) | 7, 8), Some(7 * 4096 + 8));
    }
}
