//! Granting one queue's shadow page to a process: a mapping of that one 4 KiB page of BAR2, in
//! the middle of a three-page reservation whose outer pages are PROT_NONE. The MMU is the
//! protection (spec §7): a process holding only this mapping (no descriptor of the card's
//! files, no privilege to open them) cannot reach any other queue; a store next to its page
//! faults instead of reaching a neighbouring queue's page.

use crate::device::ShadowPage;
use crate::error::{DriverError, Result};
use std::ptr::NonNull;
use std::sync::Arc;

const PAGE: usize = renq_abi::shadow::PAGE_BYTES as usize;

/// guard | shadow page | guard.
struct Reservation(NonNull<u8>);

// The reservation is address space; the page in it is device memory written by volatile stores.
unsafe impl Send for Reservation {}
unsafe impl Sync for Reservation {}

impl Drop for Reservation {
    fn drop(&mut self) {
        // Safety: our own three-page reservation (and the page placed in it).
        unsafe { libc::munmap(self.0.as_ptr() as *mut libc::c_void, 3 * PAGE) };
    }
}

/// One granted shadow page (see the module doc).
pub struct GrantedPage {
    res: Arc<Reservation>,
}

fn os_err(what: &str) -> DriverError {
    DriverError::Map(format!("{what}: {}", std::io::Error::last_os_error()))
}

impl GrantedPage {
    fn reserve() -> Result<Arc<Reservation>> {
        // Safety: a fresh anonymous PROT_NONE mapping, checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                3 * PAGE,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(os_err("reserving the granted page"));
        }
        Ok(Arc::new(Reservation(NonNull::new(p as *mut u8).expect("mmap returned null"))))
    }

    /// Maps page `offset` of a BAR file (UIO: sysfs `resource2`) into a reservation.
    pub fn map_file(fd: std::os::fd::RawFd, offset: u64) -> Result<GrantedPage> {
        let res = Self::reserve()?;
        let at = unsafe { res.0.as_ptr().add(PAGE) };
        // Safety: MAP_FIXED over the middle page of our own reservation.
        let p = unsafe {
            libc::mmap(
                at as *mut libc::c_void,
                PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED,
                fd,
                offset as libc::off_t,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(os_err("mapping the granted shadow page"));
        }
        Ok(GrantedPage { res })
    }

    /// Moves an existing one-page mapping (VFIO: a region mmap) into a reservation.
    ///
    /// # Safety
    /// `page` must be a page-aligned mapping of exactly one page that nothing else will use or
    /// unmap afterwards.
    pub unsafe fn move_in(page: *mut u8) -> Result<GrantedPage> {
        let res = Self::reserve()?;
        let at = res.0.as_ptr().add(PAGE);
        let p = libc::mremap(
            page as *mut libc::c_void,
            PAGE,
            PAGE,
            libc::MREMAP_MAYMOVE | libc::MREMAP_FIXED,
            at as *mut libc::c_void,
        );
        if p == libc::MAP_FAILED {
            return Err(os_err("moving the granted shadow page"));
        }
        Ok(GrantedPage { res })
    }

    /// Start of the granted page.
    pub fn page(&self) -> *mut u8 {
        unsafe { self.res.0.as_ptr().add(PAGE) }
    }

    /// The page as a `ShadowPage` (each `store` is one enqueue); keeps the mapping alive.
    pub fn shadow(&self) -> ShadowPage {
        let word = NonNull::new(self.page() as *mut u64).expect("non-null");
        // Safety: 8-aligned word of the mapped shadow page, kept mapped by the Arc.
        unsafe { ShadowPage::mapped(word, self.res.clone()) }
    }

    /// The address range [start, end) of the whole reservation (guards included).
    pub fn reservation(&self) -> (usize, usize) {
        let s = self.res.0.as_ptr() as usize;
        (s, s + 3 * PAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_is_writable_and_guarded() {
        // A memfd stands in for the BAR file.
        let fd = unsafe { libc::memfd_create(c"grant-test".as_ptr(), 0) };
        assert!(fd >= 0);
        assert_eq!(unsafe { libc::ftruncate(fd, 4 * PAGE as libc::off_t) }, 0);
        let g = GrantedPage::map_file(fd, 2 * PAGE as u64).unwrap();
        g.shadow().store(0x5eed);
        let mut buf = [0u8; 8];
        assert_eq!(unsafe { libc::pread(fd, buf.as_mut_ptr() as *mut libc::c_void, 8, 2 * PAGE as libc::off_t) }, 8);
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
        unsafe { libc::close(fd) };
    }

    #[test]
    fn move_in_relocates_a_mapping() {
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(p, libc::MAP_FAILED);
        unsafe { (p as *mut u64).write_volatile(77) };
        let g = unsafe { GrantedPage::move_in(p as *mut u8) }.unwrap();
        assert_eq!(unsafe { (g.page() as *const u64).read_volatile() }, 77);
    }
}
