//! The socket protocol between `renq-sim` processes and their clients, and fd passing.
//!
//! Every connection to a `renq-sim` socket starts with a 16-byte hello `[kind, arg]` (two
//! little-endian u64s):
//! * `HELLO_LINK, src`  — a peer card's link from node `src`; then a stream of 16-byte packets
//!   (`renq_abi::packet` encoding), in order. Back-pressure is the socket's: the receiver stops
//!   reading while its inbox for that link is full.
//! * `HELLO_CLIENT, 0` — the node's driver/app. The server answers `[node, memory_len]` with
//!   the memfd attached (SCM_RIGHTS), then serves 32-byte requests `[op, a, b, c]`:
//!   `OP_BAR0_READ(off)` → 8-byte value; `OP_BAR0_WRITE(off, v)` and `OP_BAR2_WRITE(off, v, be)`
//!   are posted (no answer, like PCIe writes; a later read returns after them);
//!   `OP_WAIT_IRQ(timeout_ns)` → line (0/1); `OP_WAIT_IDLE` → 0 once the card's links are idle;
//!   `OP_DMA_STATS` → `[dma_reads, dma_writes]` of the card.

use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};
use std::os::unix::net::UnixStream;

pub const HELLO_LINK: u64 = 0x4b4e_494c_5145_4e52; // "RENQLINK"
pub const HELLO_CLIENT: u64 = 0x544e_4c43_5145_4e52; // "RENQCLNT"

pub const OP_BAR0_READ: u64 = 1;
pub const OP_BAR0_WRITE: u64 = 2;
pub const OP_BAR2_WRITE: u64 = 3;
pub const OP_WAIT_IRQ: u64 = 4;
pub const OP_WAIT_IDLE: u64 = 5;
pub const OP_DMA_STATS: u64 = 6;

pub const REQUEST_BYTES: usize = 32;

pub fn write_words<const N: usize>(s: &mut impl Write, w: [u64; N]) -> io::Result<()> {
    let mut buf = vec![0u8; N * 8];
    for (i, v) in w.iter().enumerate() {
        buf[i * 8..i * 8 + 8].copy_from_slice(&v.to_le_bytes());
    }
    s.write_all(&buf)
}

pub fn read_words<const N: usize>(s: &mut impl Read) -> io::Result<[u64; N]> {
    let mut buf = vec![0u8; N * 8];
    s.read_exact(&mut buf)?;
    Ok(std::array::from_fn(|i| u64::from_le_bytes(buf[i * 8..i * 8 + 8].try_into().unwrap())))
}

/// Sends `data` with one descriptor attached.
pub fn send_with_fd(sock: &UnixStream, data: &[u8], fd: BorrowedFd<'_>) -> io::Result<()> {
    let raw = fd.as_raw_fd();
    // SAFETY: a msghdr pointing at live buffers: one iovec over `data` and a control buffer
    // sized by CMSG_SPACE for one int, filled through the CMSG_* helpers.
    unsafe {
        let mut iov = libc::iovec { iov_base: data.as_ptr() as *mut libc::c_void, iov_len: data.len() };
        let space = libc::CMSG_SPACE(std::mem::size_of::<libc::c_int>() as u32) as usize;
        let mut control = vec![0u8; space];
        let mut msg: libc::msghdr = std::mem::zeroed();
        msg.msg_iov = &mut iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.as_mut_ptr() as *mut libc::c_void;
        msg.msg_controllen = space;
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        (*cmsg).cmsg_level = libc::SOL_SOCKET;
        (*cmsg).cmsg_type = libc::SCM_RIGHTS;
        (*cmsg).cmsg_len = libc::CMSG_LEN(std::mem::size_of::<libc::c_int>() as u32) as usize;
        std::ptr::write_unaligned(libc::CMSG_DATA(cmsg) as *mut libc::c_int, raw);
        let n = libc::sendmsg(sock.as_raw_fd(), &msg, libc::MSG_NOSIGNAL);
        if n < 0 {
            return Err(io::Error::last_os_error());
        }
        if n as usize != data.len() {
            return Err(io::Error::new(io::ErrorKind::WriteZero, "short sendmsg"));
        }
    }
    Ok(())
}

/// Receives exactly `buf.len()` bytes; returns the descriptor that came with them, if any.
pub fn recv_with_fd(sock: &UnixStream, buf: &mut [u8]) -> io::Result<Option<OwnedFd>> {
    let mut fd = None;
    let mut got = 0;
    while got < buf.len() {
        // SAFETY: as in send_with_fd; a received SCM_RIGHTS descriptor is new and ours.
        unsafe {
            let mut iov =
                libc::iovec { iov_base: buf[got..].as_mut_ptr() as *mut libc::c_void, iov_len: buf.len() - got };
            let space = libc::CMSG_SPACE(std::mem::size_of::<libc::c_int>() as u32) as usize;
            let mut control = vec![0u8; space];
            let mut msg: libc::msghdr = std::mem::zeroed();
            msg.msg_iov = &mut iov;
            msg.msg_iovlen = 1;
            msg.msg_control = control.as_mut_ptr() as *mut libc::c_void;
            msg.msg_controllen = space;
            let n = libc::recvmsg(sock.as_raw_fd(), &mut msg, libc::MSG_CMSG_CLOEXEC);
            if n < 0 {
                let e = io::Error::last_os_error();
                if e.kind() == io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(e);
            }
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "socket closed"));
            }
            let mut cmsg = libc::CMSG_FIRSTHDR(&msg);
            while !cmsg.is_null() {
                if (*cmsg).cmsg_level == libc::SOL_SOCKET && (*cmsg).cmsg_type == libc::SCM_RIGHTS {
                    let raw = std::ptr::read_unaligned(libc::CMSG_DATA(cmsg) as *const libc::c_int);
                    fd = Some(OwnedFd::from_raw_fd(raw));
                }
                cmsg = libc::CMSG_NXTHDR(&msg, cmsg);
            }
            got += n as usize;
        }
    }
    Ok(fd)
}
