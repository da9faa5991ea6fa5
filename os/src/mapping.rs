//! An owned range of address space.

use rustix::mm::{self, MapFlags, MremapFlags, ProtFlags};
use std::io;
use std::os::fd::AsFd;
use std::ptr::{self, NonNull};

/// `len` bytes of address space at `ptr`, unmapped on drop. What the pages are (and how they may
/// be accessed) is the owner's business: this type hands out raw pointers only.
#[derive(Debug)]
pub struct Mapping {
    ptr: NonNull<u8>,
    len: usize,
}

// Address space, not data: the owner decides how the pages are shared between threads.
unsafe impl Send for Mapping {}
unsafe impl Sync for Mapping {}

fn invalid(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, msg)
}

fn owned(p: *mut std::ffi::c_void, len: usize) -> io::Result<Mapping> {
    // mmap never returns null on success without MAP_FIXED at 0; treat it as a failure anyway.
    let ptr = NonNull::new(p as *mut u8).ok_or_else(|| io::Error::other("mmap returned a null mapping"))?;
    Ok(Mapping { ptr, len })
}

impl Mapping {
    /// Zeroed private read/write memory (page-aligned, e.g. for an RDMA memory registration).
    pub fn anonymous(len: usize) -> io::Result<Mapping> {
        Self::anon(len, ProtFlags::READ | ProtFlags::WRITE, MapFlags::PRIVATE)
    }

    /// Zeroed read/write memory shared with children across `fork` (no copy-on-write).
    pub fn anonymous_shared(len: usize) -> io::Result<Mapping> {
        Self::anon(len, ProtFlags::READ | ProtFlags::WRITE, MapFlags::SHARED)
    }

    /// Huge-page memory, shared (a `fork` never copies it, so its frames never change), locked
    /// and populated: its physical frames exist, and stay, before anyone reads their address.
    pub fn huge_locked(len: usize) -> io::Result<Mapping> {
        let flags = MapFlags::SHARED | MapFlags::HUGETLB | MapFlags::LOCKED | MapFlags::POPULATE;
        Self::anon(len, ProtFlags::READ | ProtFlags::WRITE, flags)
    }

    /// Inaccessible address space (`PROT_NONE`, no swap reserved): any access faults until
    /// pages are placed in it with [`Mapping::place_file`] or [`Mapping::move_in`].
    pub fn reserve(len: usize) -> io::Result<Mapping> {
        Self::anon(len, ProtFlags::empty(), MapFlags::PRIVATE | MapFlags::NORESERVE)
    }

    fn anon(len: usize, prot: ProtFlags, flags: MapFlags) -> io::Result<Mapping> {
        // SAFETY: a fresh mapping at an address the kernel chooses; nothing else is affected.
        let p = unsafe { mm::mmap_anonymous(ptr::null_mut(), len, prot, flags) }?;
        owned(p, len)
    }

    /// Bytes `offset..offset + len` of a file, shared read/write.
    pub fn shared_file(fd: impl AsFd, offset: u64, len: usize) -> io::Result<Mapping> {
        let prot = ProtFlags::READ | ProtFlags::WRITE;
        // SAFETY: a fresh mapping at an address the kernel chooses; nothing else is affected.
        let p = unsafe { mm::mmap(ptr::null_mut(), len, prot, MapFlags::SHARED, fd, offset) }?;
        owned(p, len)
    }

    /// Checks that `[at, at + len)` is a page-aligned range inside this mapping.
    fn check_range(&self, at: usize, len: usize) -> io::Result<*mut std::ffi::c_void> {
        let page = rustix::param::page_size();
        if !at.is_multiple_of(page) || !len.is_multiple_of(page) || at.checked_add(len).is_none_or(|e| e > self.len) {
            return Err(invalid(format!(
                "range {at:#x}+{len:#x} not page-aligned inside a {:#x}-byte mapping",
                self.len
            )));
        }
        // In bounds (checked above).
        Ok(self.ptr.as_ptr().wrapping_add(at) as *mut std::ffi::c_void)
    }

    /// Replaces bytes `at..at + len` of this mapping with bytes `offset..` of a file, shared
    /// read/write. `&mut self`: nobody may be using the pages being replaced.
    pub fn place_file(&mut self, at: usize, len: usize, fd: impl AsFd, offset: u64) -> io::Result<()> {
        let dst = self.check_range(at, len)?;
        let prot = ProtFlags::READ | ProtFlags::WRITE;
        // SAFETY: MAP_FIXED over a checked range of our own mapping, which `&mut self` keeps
        // everyone else out of; it stays ours (unmapped with the rest on drop).
        unsafe { mm::mmap(dst, len, prot, MapFlags::SHARED | MapFlags::FIXED, fd, offset) }?;
        Ok(())
    }

    /// Moves an existing mapping of `len` bytes at `old` to bytes `at..at + len` of this one.
    ///
    /// # Safety
    /// `old` must be a page-aligned mapping of exactly `len` bytes that nothing else uses or
    /// unmaps afterwards (it is gone from `old` and becomes part of this mapping).
    pub unsafe fn move_in(&mut self, at: usize, old: *mut u8, len: usize) -> io::Result<()> {
        let dst = self.check_range(at, len)?;
        // SAFETY: `old` per the caller's contract; the destination is a checked range of our own
        // mapping, which `&mut self` keeps everyone else out of.
        unsafe { mm::mremap_fixed(old as *mut std::ffi::c_void, len, len, MremapFlags::MAYMOVE, dst) }?;
        Ok(())
    }

    /// Start of the mapping (page-aligned).
    #[inline]
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }

    /// Start of the mapping, as a non-null pointer.
    #[inline]
    pub fn start(&self) -> NonNull<u8> {
        self.ptr
    }

    /// Bytes mapped.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true for a mapping the kernel made (it refuses zero-length ones).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Gives up ownership: the pages stay mapped and are the caller's to unmap (or move).
    pub fn into_raw(self) -> (*mut u8, usize) {
        let raw = (self.ptr.as_ptr(), self.len);
        std::mem::forget(self);
        raw
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: exactly the range this value owns; nothing hands out references into it, so
        // none outlive `self`. An error here (impossible for a range we mapped) leaks it.
        let _ = unsafe { mm::munmap(self.ptr.as_ptr() as *mut std::ffi::c_void, self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: usize = 4096;

    #[test]
    fn anonymous_memory_is_zeroed_and_writable() {
        let m = Mapping::anonymous(2 * PAGE).unwrap();
        assert_eq!(m.len(), 2 * PAGE);
        // SAFETY: in bounds of our fresh private mapping.
        unsafe {
            assert_eq!(m.as_ptr().add(PAGE).read(), 0);
            m.as_ptr().add(PAGE).write(7);
            assert_eq!(m.as_ptr().add(PAGE).read(), 7);
        }
    }

    #[test]
    fn placing_outside_or_unaligned_is_refused() {
        let mut r = Mapping::reserve(3 * PAGE).unwrap();
        let f = crate::memfd("place", PAGE as u64, false).unwrap();
        assert_eq!(r.place_file(3 * PAGE, PAGE, &f, 0).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        assert_eq!(r.place_file(8, PAGE, &f, 0).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        assert_eq!(r.place_file(2 * PAGE, 2 * PAGE, &f, 0).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        r.place_file(2 * PAGE, PAGE, &f, 0).unwrap();
    }

    #[test]
    fn into_raw_keeps_the_pages_mapped() {
        let m = Mapping::anonymous_shared(PAGE).unwrap();
        let (p, len) = m.into_raw();
        // SAFETY: still mapped (not dropped); then unmapped once, here.
        unsafe {
            p.write(9);
            assert_eq!(p.read(), 9);
            mm::munmap(p as *mut std::ffi::c_void, len).unwrap();
        }
    }
}
