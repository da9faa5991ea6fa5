//! BARs reached by loads and stores to mapped memory — what the UIO (sysfs `resourceN` mapped
//! with memmap2) and VFIO (region mmap) backends produce. The backend maps; this type gives
//! register access through `RegisterBlock` and shadow pages as raw 8-byte volatile stores.

use crate::device::ShadowPage;
use crate::error::{DriverError, Result};
use crate::regs::RegisterBlock;
use renq_abi::regs::BAR0_BYTES;
use renq_abi::shadow::{page_offset, WINDOW_BYTES};
use std::any::Any;
use std::ptr::NonNull;
use std::sync::Arc;

/// A mapped BAR0 and BAR2, kept alive by `owner` (e.g. the `memmap2::MmapRaw`s or a VFIO
/// device handle).
pub struct MappedBars {
    bar0: NonNull<u8>,
    bar2: NonNull<u8>,
    owner: Arc<dyn Any + Send + Sync>,
}

unsafe impl Send for MappedBars {}
unsafe impl Sync for MappedBars {}

impl MappedBars {
    /// # Safety
    /// `bar0` must map `BAR0_BYTES` and `bar2` `WINDOW_BYTES` of the card (uncached, not
    /// write-combining), both 8-aligned, as long as `owner` lives.
    pub unsafe fn new(bar0: *mut u8, bar2: *mut u8, owner: Arc<dyn Any + Send + Sync>) -> Result<Self> {
        let bar0 = NonNull::new(bar0).ok_or_else(|| DriverError::Map("BAR0 is null".into()))?;
        let bar2 = NonNull::new(bar2).ok_or_else(|| DriverError::Map("BAR2 is null".into()))?;
        if bar0.as_ptr() as usize % 8 != 0 || bar2.as_ptr() as usize % 8 != 0 {
            return Err(DriverError::Map("BAR not 8-byte aligned".into()));
        }
        Ok(MappedBars { bar0, bar2, owner })
    }

    /// Convenience for two memmap2 mappings (the UIO route and the tests).
    pub fn from_mmaps(bar0: memmap2::MmapRaw, bar2: memmap2::MmapRaw) -> Result<Self> {
        if (bar0.len() as u64) < BAR0_BYTES || (bar2.len() as u64) < WINDOW_BYTES {
            return Err(DriverError::Map("BAR mapping smaller than the card's BAR".into()));
        }
        let (p0, p2) = (bar0.as_mut_ptr(), bar2.as_mut_ptr());
        unsafe { MappedBars::new(p0, p2, Arc::new((bar0, bar2))) }
    }

    pub fn registers(&self) -> &RegisterBlock {
        // Safety: `new`'s contract: BAR0 is mapped for as long as self.
        unsafe { RegisterBlock::at(self.bar0.as_ptr()) }
    }

    pub fn shadow_page(&self, node: u8, queue: u8) -> ShadowPage {
        let off = page_offset(node, queue) as usize;
        // Safety: page_offset < WINDOW_BYTES, mapped per `new`; the Arc keeps it mapped.
        unsafe {
            let word = NonNull::new_unchecked(self.bar2.as_ptr().add(off) as *mut u64);
            ShadowPage::mapped(word, self.owner.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regs::Registers;
    use renq_abi::regs;

    fn anon(len: u64) -> memmap2::MmapRaw {
        memmap2::MmapRaw::from(memmap2::MmapMut::map_anon(len as usize).unwrap())
    }

    #[test]
    fn shadow_store_is_one_word_at_the_encoded_page() {
        let bars = MappedBars::from_mmaps(anon(BAR0_BYTES), anon(WINDOW_BYTES)).unwrap();
        let page = bars.shadow_page(3, 9);
        page.store(0xfeed_beef);
        let base = bars.bar2.as_ptr();
        let at = page_offset(3, 9) as usize;
        let window = unsafe { std::slice::from_raw_parts(base, WINDOW_BYTES as usize) };
        assert_eq!(&window[at..at + 8], &0xfeed_beefu64.to_le_bytes());
        // Nothing else in the window was written.
        let nonzero = window.iter().enumerate().filter(|(_, b)| **b != 0).count();
        assert_eq!(nonzero, 4);
        // Registers go to BAR0 at the ABI offsets.
        bars.registers().arm(4);
        assert_eq!(bars.registers().read_offset(regs::ARM), 4);
    }

    #[test]
    fn short_mapping_is_refused() {
        assert!(MappedBars::from_mmaps(anon(BAR0_BYTES), anon(4096)).is_err());
    }
}
