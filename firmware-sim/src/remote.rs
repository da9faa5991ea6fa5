//! [`RemoteCard`]: a [`CardPort`] for a card that runs in a `renq-sim` process, reached over
//! its UNIX socket (protocol in [`crate::wire`]). The node's host memory is the process's
//! memfd, mapped here, so DMA by the card and loads by this process see the same pages.

use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::memory::HostMemory;
use crate::port::{BarCounters, BarStats, CardPort};
use crate::wire::*;

/// A client connection to one `renq-sim` process.
///
/// All BAR accesses of all threads go over one ordered connection, like MMIO over one PCIe
/// link: writes are posted, and a read returns only after every earlier write took effect.
/// The consequence is the one hardware has too: a BAR2 store that blocks (its link is full
/// behind a stalled queue) holds up later BAR0 accesses through the same `RemoteCard`. A node
/// that enqueues into its *own* queues (loopback) should therefore give its overflow handler a
/// separate `RemoteCard` (its own connection); interrupt waits always use their own.
pub struct RemoteCard {
    node: u8,
    path: PathBuf,
    memory: HostMemory,
    /// BAR traffic: requests in order, one at a time.
    bar: Mutex<UnixStream>,
    /// Extra connections for interrupt waits, so a sleeping waiter never holds up BAR traffic.
    irq_conns: Mutex<Vec<UnixStream>>,
    stats: BarCounters,
}

/// Opens a client connection; returns it with the node, the memfd and the memory length.
fn hello(path: &Path) -> io::Result<(UnixStream, u8, OwnedFd, usize)> {
    let mut s = UnixStream::connect(path)?;
    write_words(&mut s, [HELLO_CLIENT, 0])?;
    let mut buf = [0u8; 16];
    let fd = recv_with_fd(&s, &mut buf)?;
    let node = u64::from_le_bytes(buf[..8].try_into().unwrap()) as u8;
    let len = u64::from_le_bytes(buf[8..].try_into().unwrap()) as usize;
    let fd = fd.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "no memfd in the hello"))?;
    Ok((s, node, fd, len))
}

impl RemoteCard {
    /// Connects to the `renq-sim` socket at `path` and maps the node's memory.
    pub fn connect(path: impl AsRef<Path>) -> io::Result<RemoteCard> {
        let path = path.as_ref().to_path_buf();
        let (bar, node, fd, len) = hello(&path)?;
        Ok(RemoteCard {
            node,
            path,
            memory: HostMemory::from_fd(fd, len)?,
            bar: Mutex::new(bar),
            irq_conns: Mutex::new(Vec::new()),
            stats: BarCounters::default(),
        })
    }

    /// Like [`connect`](Self::connect), retrying until `timeout` while the process starts up.
    pub fn connect_timeout(path: impl AsRef<Path>, timeout: Duration) -> io::Result<RemoteCard> {
        let deadline = Instant::now() + timeout;
        loop {
            match Self::connect(path.as_ref()) {
                Ok(c) => return Ok(c),
                Err(e) if Instant::now() >= deadline => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
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
    pub fn wait_idle(&self) {
        self.request(OP_WAIT_IDLE, 0, 0, 0, true);
    }
}

impl CardPort for RemoteCard {
    fn node(&self) -> u8 {
        self.node
    }

    fn bar0_read(&self, offset: u64) -> u64 {
        self.stats.bar0_read();
        self.request(OP_BAR0_READ, offset, 0, 0, true)
    }

    fn bar0_write(&self, offset: u64, value: u64) {
        self.stats.bar0_write();
        self.request(OP_BAR0_WRITE, offset, value, 0, false);
    }

    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.stats.bar2_write(byte_enable);
        self.request(OP_BAR2_WRITE, offset, value, byte_enable as u64, false);
    }

    fn wait_irq(&self, timeout: Duration) -> bool {
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

    fn memory(&self) -> &HostMemory {
        &self.memory
    }

    fn bar_stats(&self) -> BarStats {
        let [dma_reads, dma_writes] = {
            let mut s = self.bar();
            write_words(&mut *s, [OP_DMA_STATS, 0, 0, 0])
                .and_then(|_| read_words::<2>(&mut *s))
                .unwrap_or_else(|e| panic!("renq-sim at {} is gone: {e}", self.path.display()))
        };
        BarStats { dma_reads, dma_writes, ..self.stats.snapshot() }
    }
}
