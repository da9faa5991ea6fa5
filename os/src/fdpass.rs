//! Descriptors over a UNIX stream socket (SCM_RIGHTS): how a node's processes share its memfd,
//! and how QEMU hands a device process guest RAM and eventfds.

use rustix::io::Errno;
use rustix::net::{
    recvmsg, sendmsg, RecvAncillaryBuffer, RecvAncillaryMessage, RecvFlags, ReturnFlags, SendAncillaryBuffer,
    SendAncillaryMessage, SendFlags,
};
use std::io::{self, IoSlice, IoSliceMut, Write};
use std::mem::MaybeUninit;
use std::os::fd::{BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;

/// Descriptors one message may carry (QEMU's `REMOTE_MAX_FDS`; more is refused).
pub const MAX_FDS: usize = 8;

/// Sends all of `data`, with `fds` (if any) attached to its first byte.
pub fn send_with_fds(sock: &UnixStream, data: &[u8], fds: &[BorrowedFd<'_>]) -> io::Result<()> {
    if data.is_empty() || fds.len() > MAX_FDS {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "descriptors need 1+ data bytes, at most MAX_FDS"));
    }
    let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
    let mut control = SendAncillaryBuffer::new(&mut space);
    if !fds.is_empty() && !control.push(SendAncillaryMessage::ScmRights(fds)) {
        return Err(io::Error::other("control buffer too small"));
    }
    // NOSIGNAL: a closed peer is an EPIPE error, not a SIGPIPE that kills the process.
    let sent = loop {
        match sendmsg(sock, &[IoSlice::new(data)], &mut control, SendFlags::NOSIGNAL) {
            Err(Errno::INTR) => continue,
            r => break r?,
        }
    };
    // The descriptors went with the first chunk; the rest is plain stream data.
    let mut w = sock;
    w.write_all(&data[sent..])
}

/// A connected socket pair: ours (close-on-exec) and one a child started with `exec` inherits
/// (e.g. QEMU's `x-remote-object,fd=N`).
pub fn inheritable_pair() -> io::Result<(UnixStream, OwnedFd)> {
    let (ours, theirs) = UnixStream::pair()?;
    let theirs = OwnedFd::from(theirs);
    rustix::io::fcntl_setfd(&theirs, rustix::io::FdFlags::empty())?;
    Ok((ours, theirs))
}

/// Receives exactly `buf.len()` bytes, appending any descriptors that arrive with them to `fds`
/// (close-on-exec). End of stream before that is `UnexpectedEof`; descriptors the kernel had to
/// drop (more than [`MAX_FDS`] in one message) are `InvalidData`.
pub fn recv_exact_with_fds(sock: &UnixStream, buf: &mut [u8], fds: &mut Vec<OwnedFd>) -> io::Result<()> {
    let mut got = 0;
    while got < buf.len() {
        let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
        let mut control = RecvAncillaryBuffer::new(&mut space);
        let msg = match recvmsg(sock, &mut [IoSliceMut::new(&mut buf[got..])], &mut control, RecvFlags::CMSG_CLOEXEC) {
            Err(Errno::INTR) => continue,
            r => r?,
        };
        for m in control.drain() {
            if let RecvAncillaryMessage::ScmRights(received) = m {
                fds.extend(received);
            }
        }
        if msg.flags.contains(ReturnFlags::CTRUNC) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "more descriptors than MAX_FDS in one message"));
        }
        if msg.bytes == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "socket closed"));
        }
        got += msg.bytes;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{file_identity, memfd};
    use std::os::fd::AsFd;

    #[test]
    fn descriptors_arrive_with_their_bytes() {
        let (a, b) = UnixStream::pair().unwrap();
        let (m1, m2) = (memfd("a", 4096, false).unwrap(), memfd("b", 8192, false).unwrap());
        send_with_fds(&a, b"hello", &[m1.as_fd(), m2.as_fd()]).unwrap();
        (&a).write_all(b"plain").unwrap();
        let (mut buf, mut fds) = ([0u8; 10], Vec::new());
        recv_exact_with_fds(&b, &mut buf, &mut fds).unwrap();
        assert_eq!(&buf, b"helloplain");
        let sizes: Vec<u64> = fds.iter().map(|f| file_identity(f).unwrap().size).collect();
        assert_eq!(sizes, vec![4096, 8192]);
        assert_eq!(file_identity(&fds[0]).unwrap(), file_identity(&m1).unwrap(), "the very same file");
    }

    #[test]
    fn only_the_childs_end_is_inherited() {
        let cloexec = |fd: BorrowedFd<'_>| rustix::io::fcntl_getfd(fd).unwrap().contains(rustix::io::FdFlags::CLOEXEC);
        let (ours, theirs) = inheritable_pair().unwrap();
        assert!(cloexec(ours.as_fd()));
        assert!(!cloexec(theirs.as_fd()));
        send_with_fds(&UnixStream::from(theirs), b"up", &[]).unwrap();
        let (mut buf, mut fds) = ([0u8; 2], Vec::new());
        recv_exact_with_fds(&ours, &mut buf, &mut fds).unwrap();
        assert_eq!(&buf, b"up");
    }

    #[test]
    fn end_of_stream_and_bad_sends_are_errors() {
        let (a, b) = UnixStream::pair().unwrap();
        let m = memfd("c", 8, false).unwrap();
        assert_eq!(send_with_fds(&a, b"", &[m.as_fd()]).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        let many = [m.as_fd(); MAX_FDS + 1];
        assert_eq!(send_with_fds(&a, b"x", &many).unwrap_err().kind(), io::ErrorKind::InvalidInput);
        (&a).write_all(b"ab").unwrap();
        drop(a);
        let (mut buf, mut fds) = ([0u8; 3], Vec::new());
        assert_eq!(recv_exact_with_fds(&b, &mut buf, &mut fds).unwrap_err().kind(), io::ErrorKind::UnexpectedEof);
        assert!(fds.is_empty());
    }
}
