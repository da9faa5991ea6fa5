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
//!   `OP_DMA_STATS` → `[dma_reads, dma_writes]` of the card; `OP_LINK_REPORT` → `[len]` then
//!   `len` bytes of UTF-8: the counters of the card's UDP links, one line each (empty when its
//!   links are UNIX sockets); `OP_BAR2_READ(off)` → 8-byte value (the card's portal status).

use std::io::{self, Read, Write};
use std::os::fd::{BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;

pub const HELLO_LINK: u64 = 0x4b4e_494c_5145_4e52; // "RENQLINK"
pub const HELLO_CLIENT: u64 = 0x544e_4c43_5145_4e52; // "RENQCLNT"

pub const OP_BAR0_READ: u64 = 1;
pub const OP_BAR0_WRITE: u64 = 2;
pub const OP_BAR2_WRITE: u64 = 3;
pub const OP_WAIT_IRQ: u64 = 4;
pub const OP_WAIT_IDLE: u64 = 5;
pub const OP_DMA_STATS: u64 = 6;
pub const OP_LINK_REPORT: u64 = 7;
pub const OP_BAR2_READ: u64 = 8;

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

/// Sends `data` with one descriptor attached (the client hello's memfd; ivshmem messages).
pub fn send_with_fd(sock: &UnixStream, data: &[u8], fd: BorrowedFd<'_>) -> io::Result<()> {
    renq_os::send_with_fds(sock, data, &[fd])
}

/// Receives exactly `buf.len()` bytes; returns the descriptor that came with them, if any.
/// More than one is a protocol error (every message here carries at most one).
pub fn recv_with_fd(sock: &UnixStream, buf: &mut [u8]) -> io::Result<Option<OwnedFd>> {
    let mut fds = Vec::new();
    renq_os::recv_exact_with_fds(sock, buf, &mut fds)?;
    if fds.len() > 1 {
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("{} descriptors, expected one", fds.len())));
    }
    Ok(fds.pop())
}
