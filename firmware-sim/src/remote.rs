//! The client side of a card that runs in a `renq-sim` process, reached over its UNIX socket
//! (protocol in [`crate::wire`]); [`crate::SimCard::connect`] wraps it. The node's host memory
//! is the process's memfd, mapped here, so DMA by the card and loads by this process see the
//! same pages.

use std::io::{self, Read};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use crate::memory::HostMemory;
use crate::wire::*;

/// A client connection to one `renq-sim` process.
///
/// All BAR accesses of all threads go over one ordered connection, like MMIO over one PCIe
/// link: writes are posted, and a read returns only after every earlier write took effect.
/// The consequence is the one hardware has too: a BAR2 store that blocks (its link is full
/// behind a stalled queue) holds up later BAR0 accesses through the same connection. A node
/// that enqueues into its *own* queues (loopback) should therefore give its overflow handler a
/// separate `SimCard::connect` (its own connection); interrupt waits always use their own.
pub(crate) struct Remote {
    path: PathBuf,
    /// BAR traffic: requests in order, one at a time.
    bar: Mutex<UnixStream>,
    /// Extra connections for interrupt waits, so a sleeping waiter never holds up BAR traffic.
    irq_conns: Mutex<Vec<UnixStream>>,
}

/// Opens a client connection; returns it with the node, the memfd and the memory length.
fn hello(path: &Path) -> io::Result<(UnixStream, u16, OwnedFd, usize)> {
    let mut s = UnixStream::connect(path)?;
    write_words(&mut s, [HELLO_CLIENT, 0])?;
    let mut buf = [0u8; 16];
    let fd = recv_with_fd(&s, &mut buf)?;
    let node = u64::from_le_bytes(buf[..8].try_into().unwrap());
    let node = u16::try_from(node)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, format!("node {node} in the hello")))?;
    let len = u64::from_le_bytes(buf[8..].try_into().unwrap()) as usize;
    let fd = fd.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no memfd in the hello"))?;
    Ok((s, node, fd, len))
}

impl Remote {
    /// Connects to the `renq-sim` socket at `path`; returns the connection, the card's node
    /// and its host memory, mapped.
    pub(crate) fn connect(path: &Path) -> io::Result<(Remote, u16, HostMemory)> {
        let (bar, node, fd, len) = hello(path)?;
        let memory = HostMemory::from_fd(fd, len)?;
        Ok((Remote { path: path.to_path_buf(), bar: Mutex::new(bar), irq_conns: Mutex::new(Vec::new()) }, node, memory))
    }

    fn bar(&self) -> MutexGuard<'_, UnixStream> {
        self.bar.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One request; panics if the simulator process is gone (like a surprise-removed card,
    /// there is nothing sensible a BAR access can return).
    fn request(&self, op: u64, a: u64, b: u64, c: u64, answer: bool) -> u64 {
        let mut s = self.bar();
        let r = write_words(&mut *s, [op, a, b, c]).and_then(|_| {
            if answer {
                read_words::<1>(&mut *s).map(|[v]| v)
            } else {
                Ok(0)
            }
        });
        r.unwrap_or_else(|e| panic!("renq-sim at {} is gone: {e}", self.path.display()))
    }

    /// Blocks until every packet that has reached this card's process is taken or blocked
    /// (stalled queue, RX off) and the card is idle. Packets still in flight on a socket from
    /// another process are not covered: for those, poll memory or the counters.
    pub(crate) fn wait_idle(&self) {
        self.request(OP_WAIT_IDLE, 0, 0, 0, true);
    }

    pub(crate) fn bar0_read(&self, offset: u64) -> u64 {
        self.request(OP_BAR0_READ, offset, 0, 0, true)
    }

    pub(crate) fn bar0_write(&self, offset: u64, value: u64) {
        self.request(OP_BAR0_WRITE, offset, value, 0, false);
    }

    pub(crate) fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.request(OP_BAR2_WRITE, offset, value, byte_enable as u64, false);
    }

    pub(crate) fn bar2_read(&self, offset: u64) -> u64 {
        self.request(OP_BAR2_READ, offset, 0, 0, true)
    }

    pub(crate) fn wait_irq(&self, timeout: Duration) -> bool {
        let conn = self.irq_conns.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut conn = match conn {
            Some(c) => c,
            None => match hello(&self.path) {
                Ok((c, ..)) => c, // its memfd copy is closed right away
                Err(e) => panic!("renq-sim at {} is gone: {e}", self.path.display()),
            },
        };
        let nanos = timeout.as_nanos().min(u64::MAX as u128) as u64;
        let line = write_words(&mut conn, [OP_WAIT_IRQ, nanos, 0, 0])
            .and_then(|_| read_words::<1>(&mut conn))
            .unwrap_or_else(|e| panic!("renq-sim at {} is gone: {e}", self.path.display()))[0];
        self.irq_conns.lock().unwrap_or_else(|e| e.into_inner()).push(conn);
        line != 0
    }

    /// The counters of the card's UDP links, one line each; empty for UNIX-socket links.
    pub(crate) fn link_report(&self) -> String {
        let mut s = self.bar();
        let text = write_words(&mut *s, [OP_LINK_REPORT, 0, 0, 0])
            .and_then(|_| read_words::<1>(&mut *s))
            .and_then(|[len]| {
                let mut buf = vec![0u8; len as usize];
                s.read_exact(&mut buf).map(|_| buf)
            })
            .unwrap_or_else(|e| panic!("renq-sim at {} is gone: {e}", self.path.display()));
        String::from_utf8_lossy(&text).into_owned()
    }

    /// The card's host-memory (DMA) reads and writes so far.
    pub(crate) fn dma_stats(&self) -> (u64, u64) {
        let mut s = self.bar();
        let [reads, writes] = write_words(&mut *s, [OP_DMA_STATS, 0, 0, 0])
            .and_then(|_| read_words::<2>(&mut *s))
            .unwrap_or_else(|e| panic!("renq-sim at {} is gone: {e}", self.path.display()));
        (reads, writes)
    }
}
