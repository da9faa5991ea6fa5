//! memfds: anonymous files whose pages several processes map.

use crate::Mapping;
use rustix::fs::{self, MemfdFlags};
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;

/// A new zero-filled memfd of `len` bytes. `inherit`: not close-on-exec, so a child started with
/// `exec` keeps it (and can map it through `/proc/self/fd/<n>`).
pub fn memfd(name: &str, len: u64, inherit: bool) -> io::Result<OwnedFd> {
    let flags = if inherit { MemfdFlags::empty() } else { MemfdFlags::CLOEXEC };
    let fd = fs::memfd_create(name, flags)?;
    fs::ftruncate(&fd, len)?;
    Ok(fd)
}

/// Which file a descriptor refers to, and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileIdentity {
    pub dev: u64,
    pub ino: u64,
    pub size: u64,
}

/// `fstat` of a descriptor: two descriptors with equal `(dev, ino)` are the same file.
pub fn file_identity(fd: impl AsFd) -> io::Result<FileIdentity> {
    let st = fs::fstat(fd)?;
    Ok(FileIdentity { dev: st.st_dev, ino: st.st_ino, size: st.st_size as u64 })
}

/// A file (usually a memfd) and a shared read/write mapping of its first `len` bytes. The
/// descriptor stays open so it can be passed on ([`crate::send_with_fds`]).
#[derive(Debug)]
pub struct SharedRegion {
    // Field order: unmap before closing (either order is sound; this one reads naturally).
    map: Mapping,
    fd: OwnedFd,
}

impl SharedRegion {
    /// A new zero-filled memfd region of `len` bytes (see [`memfd`] for `inherit`).
    pub fn create(name: &str, len: usize, inherit: bool) -> io::Result<SharedRegion> {
        Self::from_fd(memfd(name, len as u64, inherit)?, len)
    }

    /// Maps the first `len` bytes of a file received from elsewhere; refuses a file shorter than
    /// that (touching pages past its end would fault) and an empty `len`.
    pub fn from_fd(fd: OwnedFd, len: usize) -> io::Result<SharedRegion> {
        let size = file_identity(&fd)?.size;
        if len == 0 || size < len as u64 {
            let msg = format!("file of {size} bytes cannot back a {len}-byte region");
            return Err(io::Error::new(io::ErrorKind::InvalidInput, msg));
        }
        Ok(SharedRegion { map: Mapping::shared_file(&fd, 0, len)?, fd })
    }

    /// Maps a whole existing file read/write (e.g. another process's memfd through
    /// `/proc/<pid>/fd/<n>`, or a file in /dev/shm).
    pub fn open(path: &Path) -> io::Result<SharedRegion> {
        let f = std::fs::OpenOptions::new().read(true).write(true).open(path)?;
        let len = f.metadata()?.len() as usize;
        Self::from_fd(OwnedFd::from(f), len)
    }

    /// The descriptor, to pass to another process.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// The mapping (never empty: [`SharedRegion::from_fd`] refuses that). Inline: every host
    /// memory load and every card DMA word goes through it.
    #[inline]
    pub fn mapping(&self) -> &Mapping {
        &self.map
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    #[test]
    fn two_mappings_of_one_memfd_share_pages() {
        let a = SharedRegion::create("share", 8192, false).unwrap();
        let b = SharedRegion::from_fd(a.fd().try_clone_to_owned().unwrap(), 4096).unwrap();
        // SAFETY: in bounds of both mappings; plain bytes, no other users.
        unsafe {
            a.mapping().as_ptr().add(100).write(0x5a);
            assert_eq!(b.mapping().as_ptr().add(100).read(), 0x5a);
        }
        assert_eq!(file_identity(a.fd()).unwrap(), file_identity(b.fd()).unwrap());
    }

    #[test]
    fn short_file_and_empty_length_are_refused() {
        let fd = memfd("short", 4096, false).unwrap();
        let dup = || fd.try_clone().unwrap();
        assert_eq!(SharedRegion::from_fd(dup(), 8192).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        assert_eq!(SharedRegion::from_fd(dup(), 0).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        assert_eq!(SharedRegion::from_fd(dup(), 4096).unwrap().mapping().len(), 4096);
    }

    #[test]
    fn inherit_controls_close_on_exec() {
        let cloexec = |fd: &OwnedFd| rustix::io::fcntl_getfd(fd).unwrap().contains(rustix::io::FdFlags::CLOEXEC);
        assert!(cloexec(&memfd("x", 8, false).unwrap()));
        assert!(!cloexec(&memfd("x", 8, true).unwrap()));
        let r = SharedRegion::create("open", 4096, true).unwrap();
        let path = format!("/proc/self/fd/{}", r.fd().as_raw_fd());
        let o = SharedRegion::open(Path::new(&path)).unwrap();
        assert_eq!(file_identity(o.fd()).unwrap(), file_identity(r.fd()).unwrap());
        assert_eq!(o.mapping().len(), 4096);
    }
}
