//! The simulator backend: a card of `renq-sim` (in this process, or a `renq-sim` process
//! behind a socket) seen through its `CardPort`. Shadow stores become `bar2_write` calls (one
//! per store); DMA memory is the node's `HostMemory`, whose device addresses are offsets.
//!
//! Only one process per node may run a `SimDevice`'s allocator over a node's memory (the one
//! that creates queues); processes that only send never allocate.

use crate::device::{BackendStats, Device, ShadowPage, ShadowPort};
use crate::dma::DmaPool;
use crate::error::{DriverError, Result};
use renq_abi::shadow::page_offset;
use renq_abi::{MAX_NODES, MAX_QUEUES};
use renq_sim::{CardPort, RESERVED_BYTES};
use std::ptr::NonNull;
use std::sync::Arc;
use std::time::Duration;

pub struct SimDevice {
    card: Arc<dyn CardPort>,
    shadow: Arc<SimShadow>,
    pool: DmaPool,
}

/// The card's BAR2 as a `ShadowPort`: one `bar2_write` of a full 8-byte lane per store.
struct SimShadow(Arc<dyn CardPort>);

impl ShadowPort for SimShadow {
    #[inline(always)]
    fn shadow_store(&self, offset: u64, value: u64) {
        self.0.bar2_write(offset, value, 0xff)
    }
}

impl SimDevice {
    pub fn new(card: Arc<dyn CardPort>) -> Result<SimDevice> {
        let mem = card.memory();
        let base = NonNull::new(mem.as_ptr()).ok_or_else(|| DriverError::Map("host memory not mapped".into()))?;
        let len = mem.len() as u64;
        // Safety: the mapping lives as long as the card (which we hold), byte i is device
        // address i (renq-sim's contract), and the first page is reserved (never allocated).
        let pool = unsafe { DmaPool::new(base, 0, len, RESERVED_BYTES) };
        Ok(SimDevice { shadow: Arc::new(SimShadow(card.clone())), card, pool })
    }

    pub fn card(&self) -> &Arc<dyn CardPort> {
        &self.card
    }
}

impl Device for SimDevice {
    fn backend(&self) -> &'static str {
        "sim"
    }
    fn bar0_read(&self, offset: u64) -> u64 {
        self.card.bar0_read(offset)
    }
    fn bar0_write(&self, offset: u64, value: u64) {
        self.card.bar0_write(offset, value)
    }
    fn shadow_page(&self, node: u8, queue: u8) -> Result<ShadowPage> {
        if node as usize >= MAX_NODES {
            return Err(DriverError::OutOfRange { what: "node", value: node as u64 });
        }
        if queue as usize >= MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        Ok(ShadowPage::port(self.shadow.clone(), page_offset(node, queue)))
    }
    fn wait_irq(&self, timeout: Duration) -> bool {
        self.card.wait_irq(timeout)
    }
    fn dma(&self) -> &DmaPool {
        &self.pool
    }
    fn backend_stats(&self) -> Option<BackendStats> {
        let s = self.card.bar_stats();
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
