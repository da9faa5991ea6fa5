//! Granting one queue's shadow page to a process: a mapping of that one 4 KiB page of BAR2, in
//! the middle of a three-page reservation whose outer pages are PROT_NONE. The MMU is the
//! protection (spec §7): a process holding only this mapping (no descriptor of the card's
//! files, no privilege to open them) cannot reach any other queue; a store next to its page
//! faults instead of reaching a neighbouring queue's page.

use crate::device::ShadowPage;
use crate::error::{DriverError, Result};
use renq_os::Mapping;
use std::os::fd::AsFd;
use std::ptr::NonNull;
use std::sync::Arc;

const PAGE: usize = renq_abi::paper::shadow::PAGE_BYTES as usize;

/// One granted shadow page (see the module doc). The mapping is guard | shadow page | guard.
pub struct GrantedPage {
    res: Arc<Mapping>,
}

fn map_err(what: &str) -> impl FnOnce(std::io::Error) -> DriverError + '_ {
    move |e| DriverError::Map(format!("{what}: {e}"))
}

impl GrantedPage {
    /// Maps page `offset` of a BAR file (UIO: sysfs `resource2`) into a reservation.
    pub fn map_file(fd: impl AsFd, offset: u64) -> Result<GrantedPage> {
        let mut res = Mapping::reserve(3 * PAGE).map_err(map_err("reserving the granted page"))?;
        res.place_file(PAGE, PAGE, fd, offset).map_err(map_err("mapping the granted shadow page"))?;
        Ok(GrantedPage { res: Arc::new(res) })
    }

    /// Moves an existing one-page mapping (VFIO: a region mmap) into a reservation.
    ///
    /// # Safety
    /// `page` must be a page-aligned mapping of exactly one page that nothing else will use or
    /// unmap afterwards.
    pub unsafe fn move_in(page: *mut u8) -> Result<GrantedPage> {
        let mut res = Mapping::reserve(3 * PAGE).map_err(map_err("reserving the granted page"))?;
        // SAFETY: `page` per this function's contract.
        unsafe { res.move_in(PAGE, page, PAGE) }.map_err(map_err("moving the granted shadow page"))?;
        Ok(GrantedPage { res: Arc::new(res) })
    }

    /// Start of the granted page.
    pub fn page(&self) -> *mut u8 {
        // The middle page of the three-page reservation.
        self.res.as_ptr().wrapping_add(PAGE)
    }

    /// The page as a `ShadowPage` (each `store` is one enqueue); keeps the mapping alive.
    pub fn shadow(&self) -> ShadowPage {
        let word = NonNull::new(self.page() as *mut u64).expect("non-null");
        // Safety: 8-aligned word of the mapped shadow page, kept mapped by the Arc.
        unsafe { ShadowPage::mapped(word, self.res.clone()) }
    }

    /// The address range [start, end) of the whole reservation (guards included).
    pub fn reservation(&self) -> (usize, usize) {
        let s = self.res.as_ptr() as usize;
        (s, s + 3 * PAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_is_writable_and_guarded() {
        // A memfd stands in for the BAR file.
        let file = std::fs::File::from(renq_os::memfd("grant-test", 4 * PAGE as u64, false).unwrap());
        let g = GrantedPage::map_file(&file, 2 * PAGE as u64).unwrap();
        g.shadow().store(0x5eed);
        let mut buf = [0u8; 8];
        std::os::unix::fs::FileExt::read_exact_at(&file, &mut buf, 2 * PAGE as u64).unwrap();
        assert_eq!(u64::from_le_bytes(buf), 0x5eed, "the store reached page 2 of the file");
        // The neighbours are inaccessible: mincore-free check via /proc/self/maps permissions.
        let (start, _) = g.reservation();
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let perms = |addr: usize| {
            maps.lines()
                .find(|l| {
                    let (r, _) = l.split_once(' ').unwrap();
                    let (a, b) = r.split_once('-').unwrap();
                    let (a, b) = (usize::from_str_radix(a, 16).unwrap(), usize::from_str_radix(b, 16).unwrap());
                    a <= addr && addr < b
                })
                .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        };
        assert_eq!(perms(start).as_deref(), Some("---p"), "guard below");
        assert_eq!(perms(start + PAGE).as_deref(), Some("rw-s"), "the granted page");
        assert_eq!(perms(start + 2 * PAGE).as_deref(), Some("---p"), "guard above");
    }

    #[test]
    fn move_in_relocates_a_mapping() {
        let (p, _) = Mapping::anonymous_shared(PAGE).unwrap().into_raw();
        // SAFETY: our own fresh page, handed over whole to `move_in`.
        unsafe { (p as *mut u64).write_volatile(77) };
        let g = unsafe { GrantedPage::move_in(p) }.unwrap();
        assert_eq!(unsafe { (g.page() as *const u64).read_volatile() }, 77);
    }
}
