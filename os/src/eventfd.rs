//! eventfd: a kernel counter; writing it wakes whoever polls it (QEMU's ivshmem doorbell).

use rustix::event::{eventfd, EventfdFlags};
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};

/// An eventfd (close-on-exec), counter starting at 0.
#[derive(Debug)]
pub struct EventFd(OwnedFd);

impl EventFd {
    pub fn new() -> io::Result<EventFd> {
        Ok(EventFd(eventfd(0, EventfdFlags::CLOEXEC)?))
    }

    /// Wraps a received eventfd descriptor.
    pub fn from_fd(fd: OwnedFd) -> EventFd {
        EventFd(fd)
    }

    /// Adds 1 to the counter.
    pub fn signal(&self) -> io::Result<()> {
        let n = rustix::io::write(&self.0, &1u64.to_ne_bytes())?;
        if n != 8 {
            return Err(io::Error::new(io::ErrorKind::WriteZero, "short eventfd write"));
        }
        Ok(())
    }

    /// Takes the counter (blocks while it is 0).
    pub fn take(&self) -> io::Result<u64> {
        let mut buf = [0u8; 8];
        let n = rustix::io::read(&self.0, &mut buf)?;
        if n != 8 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "short eventfd read"));
        }
        Ok(u64::from_ne_bytes(buf))
    }
}

impl From<EventFd> for OwnedFd {
    fn from(e: EventFd) -> OwnedFd {
        e.0
    }
}

impl AsFd for EventFd {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.0.as_fd()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_add_up_and_reading_clears() {
        let e = EventFd::new().unwrap();
        e.signal().unwrap();
        e.signal().unwrap();
        let again = EventFd::from_fd(e.as_fd().try_clone_to_owned().unwrap());
        assert_eq!(again.take().unwrap(), 2);
        e.signal().unwrap();
        assert_eq!(e.take().unwrap(), 1);
    }
}
