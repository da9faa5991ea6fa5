//! [`SimCard`]: a simulated card as the driver sees it — it implements `renq_driver::Device`,
//! the one trait for a card — whether its core runs in this process (a [`crate::Cluster`]'s
//! card) or in a `renq-sim` process reached over its socket ([`SimCard::connect`]).
//!
//! DMA memory is the node's [`HostMemory`], whose device addresses are offsets; the card
//! carries the driver's allocator over it, so every handle on one node shares one allocator.
//! Only one process per node may allocate (the one that creates queues); processes that only
//! send never do.

use std::io;
use std::path::Path;
use std::ptr::NonNull;
use std::sync::Arc;
use std::time::{Duration, Instant};

use renq_abi::paper::shadow::page_offset;
use renq_abi::{paper::MAX_NODES, paper::MAX_QUEUES};
use renq_driver::dma::DmaPool;
use renq_driver::{BackendStats, Device, DriverError, ShadowPage};

use crate::card_core::{BarCounters, BarStats, CardCore};
use crate::memory::{HostMemory, RESERVED_BYTES};
use crate::remote::Remote;

/// A handle on one simulated card. Cheap to clone (clones share the card and its allocator).
#[derive(Clone)]
pub struct SimCard(Arc<Inner>);

struct Inner {
    node: u16,
    memory: Arc<HostMemory>,
    pool: DmaPool,
    /// BAR accesses made through this handle (for proving one store per enqueue).
    stats: BarCounters,
    core: Core,
}

/// Where the card's logic runs.
enum Core {
    Local(Arc<CardCore>),
    Remote(Remote),
}

impl SimCard {
    fn new(node: u16, memory: Arc<HostMemory>, core: Core) -> io::Result<SimCard> {
        let base = NonNull::new(memory.as_ptr())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "host memory not mapped"))?;
        // Safety: `memory` (held by Inner, next to the pool) maps `len` bytes; byte i is
        // device address i; the first page is reserved and never handed out.
        let pool = unsafe { DmaPool::new(base, 0, memory.len() as u64, RESERVED_BYTES) };
        Ok(SimCard(Arc::new(Inner { node, memory, pool, stats: BarCounters::default(), core })))
    }

    /// The handle on a card of this process.
    pub(crate) fn local(core: Arc<CardCore>) -> io::Result<SimCard> {
        SimCard::new(core.node(), core.memory_arc().clone(), Core::Local(core))
    }

    /// Connects to the `renq-sim` process listening at `path` and maps the node's memory.
    pub fn connect(path: impl AsRef<Path>) -> io::Result<SimCard> {
        let (remote, node, memory) = Remote::connect(path.as_ref())?;
        SimCard::new(node, Arc::new(memory), Core::Remote(remote))
    }

    /// Like [`connect`](Self::connect), retrying until `timeout` while the process starts up.
    pub fn connect_timeout(path: impl AsRef<Path>, timeout: Duration) -> io::Result<SimCard> {
        let deadline = Instant::now() + timeout;
        loop {
            match Self::connect(path.as_ref()) {
                Ok(c) => return Ok(c),
                Err(e) if Instant::now() >= deadline => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }

    /// The node this card is (its NODE_ID at power-up).
    pub fn node(&self) -> u16 {
        self.0.node
    }

    /// The node's host memory that this card DMAs into.
    pub fn memory(&self) -> &HostMemory {
        &self.0.memory
    }

    /// BAR accesses made through this handle, and the card's host-memory accesses so far.
    pub fn bar_stats(&self) -> BarStats {
        let (dma_reads, dma_writes) = match &self.0.core {
            Core::Local(c) => (c.memory().dma_reads(), c.memory().dma_writes()),
            Core::Remote(r) => r.dma_stats(),
        };
        BarStats { dma_reads, dma_writes, ..self.0.stats.snapshot() }
    }

    /// For a card in a `renq-sim` process whose links are UDP: their counters, one line each.
    /// None for a card of this process or with UNIX-socket links.
    pub fn link_report(&self) -> Option<String> {
        match &self.0.core {
            Core::Local(_) => None,
            Core::Remote(r) => Some(r.link_report()).filter(|t| !t.is_empty()),
        }
    }

    /// Blocks until every packet that has reached the card is taken or blocked (stalled
    /// queue, RX off) and the card is idle. For a card in another process, packets still on a
    /// socket from a third process are not covered: poll memory or the counters for those.
    pub fn wait_idle(&self) {
        match &self.0.core {
            Core::Local(c) => c.inbox().wait_idle(),
            Core::Remote(r) => r.wait_idle(),
        }
    }
}

impl SimCard {
    /// The card only: exports queue `queue` on this card with a fresh empty buffer of
    /// 2^`log2_words` words that no driver knows of, so once it fills, its stall is never
    /// served — the head-of-line experiment of spec §7c (a full queue that nobody drains or
    /// extends). Issue it while no driver command is in flight on this card (commands share
    /// CMD_ARG). Returns how many items the queue takes before it stalls.
    pub fn export_unserved(&self, queue: u16, log2_words: u32) -> Result<u64, DriverError> {
        use renq_abi::buffer::{capacity, fresh_header, valid_log2};
        use renq_abi::{regs as r, CMD_EXPORT};
        if !valid_log2(log2_words) {
            return Err(DriverError::OutOfRange { what: "buffer log2 words", value: log2_words as u64 });
        }
        if queue as usize >= renq_abi::MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        let blk = self.dma().alloc(log2_words + 3)?;
        for (off, v) in fresh_header(log2_words) {
            let word = self.dma().word(blk.dev_addr + off).expect("inside the block just allocated");
            word.store(v, std::sync::atomic::Ordering::SeqCst);
        }
        self.bar0_write(r::CMD_ARG, renq_abi::csr::ExportEntry::new(blk.dev_addr, log2_words).0);
        self.bar0_write(r::CMD, r::command(CMD_EXPORT, queue));
        Ok(capacity(log2_words))
    }

    /// The card only: un-exports `queue` (EXPORT with a zero entry), as after
    /// [`export_unserved`](Self::export_unserved); packets to it are then rejected. Same rule
    /// about driver commands in flight.
    pub fn unexport(&self, queue: u16) -> Result<(), DriverError> {
        use renq_abi::{regs as r, CMD_EXPORT};
        if queue as usize >= renq_abi::MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        self.bar0_write(r::CMD_ARG, 0);
        self.bar0_write(r::CMD, r::command(CMD_EXPORT, queue));
        Ok(())
    }
}

impl Device for SimCard {
    fn backend(&self) -> &'static str {
        "sim"
    }

    fn bar0_read(&self, offset: u64) -> u64 {
        self.0.stats.bar0_read();
        match &self.0.core {
            Core::Local(c) => c.bar0_read(offset),
            Core::Remote(r) => r.bar0_read(offset),
        }
    }

    fn bar0_write(&self, offset: u64, value: u64) {
        self.0.stats.bar0_write();
        match &self.0.core {
            Core::Local(c) => c.bar0_write(offset, value),
            Core::Remote(r) => r.bar0_write(offset, value),
        }
    }

    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.0.stats.bar2_write(byte_enable);
        match &self.0.core {
            Core::Local(c) => c.bar2_write(offset, value, byte_enable),
            Core::Remote(r) => r.bar2_write(offset, value, byte_enable),
        }
    }

    fn bar2_read(&self, offset: u64) -> u64 {
        match &self.0.core {
            Core::Local(c) => c.bar2_read(offset),
            Core::Remote(r) => r.bar2_read(offset),
        }
    }

    fn portal_page(&self, portal: u16) -> renq_driver::Result<ShadowPage> {
        if portal as usize >= renq_abi::MAX_PORTALS {
            return Err(DriverError::OutOfRange { what: "portal", value: portal as u64 });
        }
        Ok(ShadowPage::device(Arc::new(self.clone()), renq_abi::portal::page_offset(portal)))
    }

    fn shadow_page(&self, node: u8, queue: u8) -> renq_driver::Result<ShadowPage> {
        if node as usize >= MAX_NODES {
            return Err(DriverError::OutOfRange { what: "node", value: node as u64 });
        }
        if queue as usize >= MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        Ok(ShadowPage::device(Arc::new(self.clone()), page_offset(node, queue)))
    }

    fn status_generation(&self) -> u64 {
        match &self.0.core {
            Core::Local(c) => c.status_generation(),
            Core::Remote(_) => 0,
        }
    }

    fn wait_status(&self, seen: u64, timeout: Duration) {
        match &self.0.core {
            Core::Local(c) => c.wait_status(seen, timeout),
            // Over a socket: poll (the status load is a round trip anyway).
            Core::Remote(_) => std::thread::yield_now(),
        }
    }

    fn wait_irq(&self, timeout: Duration) -> bool {
        match &self.0.core {
            Core::Local(c) => c.wait_irq(timeout),
            Core::Remote(r) => r.wait_irq(timeout),
        }
    }

    fn dma(&self) -> &DmaPool {
        &self.0.pool
    }

    fn backend_stats(&self) -> Option<BackendStats> {
        let s = self.bar_stats();
        Some(BackendStats {
            bar0_reads: s.bar0_reads,
            bar0_writes: s.bar0_writes,
            bar2_writes: s.bar2_writes,
            bar2_full_stores: s.bar2_by_size[8],
            mem_reads: Some(s.dma_reads),
            mem_writes: Some(s.dma_writes),
        })
    }
}
