//! The driver for one card: checks the card, owns the queue table and the interrupt thread.

use crate::card_driver::{CardDriver, CardLimits, CardQueue, SendPath};
use crate::device::Device;
use crate::dma::DmaBlock;
use crate::epoch::EpochManager;
use crate::error::{DriverError, Result};
use crate::paper::irq;
use crate::paper::queue::PaperQueue;
use crate::regs::Registers;
use crate::stats::{DriverStats, DriverStatsSnapshot};
use crate::wake::Wake;
use renq_abi::buffer::valid_log2;
use renq_abi::csr::{ExportEntry, Irq};
use renq_abi::paper::regs::ID_VALUE;
use renq_abi::{paper::MAX_NODES, paper::MAX_QUEUES, WORD_SHIFT};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::thread::JoinHandle;

/// State shared by the driver handle, its queues' users and the interrupt thread.
pub struct Core {
    pub(crate) dev: Arc<dyn Device>,
    pub(crate) queues: RwLock<Vec<Option<Arc<PaperQueue>>>>,
    pub(crate) epoch: Arc<EpochManager<DmaBlock>>,
    pub(crate) wake: Wake,
    pub(crate) stats: DriverStats,
    pub(crate) stop: AtomicBool,
}

impl Core {
    pub(crate) fn queue(&self, q: u8) -> Option<Arc<PaperQueue>> {
        self.queues.read().unwrap().get(q as usize).cloned().flatten()
    }

    /// Returns retired buffers no reader can reach to the pool.
    pub(crate) fn reclaim(&self) {
        for b in self.epoch.collect() {
            self.dev.dma().free(b);
            self.stats.reclaimed.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// A running driver. Dropping it stops the interrupt thread (queues already handed out keep
/// their memory until their last user drops them, but overflows are no longer served).
pub struct PaperDriver {
    core: Arc<Core>,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// Configures the card and serves its interrupts (one per node); else send-only.
    owner: bool,
}

/// Interrupts the driver enables.
pub fn irq_mask_all() -> Irq {
    let mut m = Irq::default();
    m.set_overflow(true);
    m.set_bad_header(true);
    m.set_notify(true);
    m
}

impl PaperDriver {
    /// Checks the card's ID, enables its interrupts, RX and TX, and starts the interrupt thread.
    /// One process per node does this: it owns the card's configuration and its queues.
    pub fn start(dev: Arc<dyn Device>) -> Result<PaperDriver> {
        let core = Self::core(dev)?;
        let dev = &core.dev;
        dev.set_irq_mask(irq_mask_all());
        let mut c = dev.control();
        c.set_rx_enable(true);
        c.set_tx_enable(true);
        dev.set_control(c);
        let c2 = core.clone();
        let thread = std::thread::Builder::new()
            .name("renq-irq-paper".into())
            .spawn(move || irq::run(&c2))
            .map_err(|e| DriverError::Thread(e.to_string()))?;
        Ok(PaperDriver { core, thread: Mutex::new(Some(thread)), owner: true })
    }

    /// A send-only handle for another process of a node whose owner runs `start`: checks
    /// the card's ID, touches no register, runs no interrupt thread, creates no queues.
    pub fn attach(dev: Arc<dyn Device>) -> Result<PaperDriver> {
        Ok(PaperDriver { core: Self::core(dev)?, thread: Mutex::new(None), owner: false })
    }

    fn core(dev: Arc<dyn Device>) -> Result<Arc<Core>> {
        let id = dev.card_id();
        if id != ID_VALUE {
            return Err(DriverError::NotARenqCard { id });
        }
        Ok(Arc::new(Core {
            dev,
            queues: RwLock::new(vec![None; MAX_QUEUES]),
            epoch: Arc::new(EpochManager::new()),
            wake: Wake::default(),
            stats: DriverStats::default(),
            stop: AtomicBool::new(false),
        }))
    }

    /// Whether this handle owns the card (see `start` / `attach`).
    pub fn is_owner(&self) -> bool {
        self.owner
    }

    pub fn device(&self) -> &Arc<dyn Device> {
        &self.core.dev
    }

    pub fn node_id(&self) -> u8 {
        self.core.dev.node_id()
    }

    /// Allocates queue `q`'s first buffer (2^log2_words words), writes its header and exports
    /// it in EXPORT[q].
    pub fn create_queue(&self, q: u8, log2_words: u32) -> Result<Arc<PaperQueue>> {
        if q as usize >= MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: q as u64 });
        }
        if !valid_log2(log2_words) {
            return Err(DriverError::OutOfRange { what: "log2_words", value: log2_words as u64 });
        }
        if !self.owner {
            return Err(DriverError::NotOwner);
        }
        let mut table = self.core.queues.write().unwrap();
        if table[q as usize].is_some() {
            return Err(DriverError::QueueExists(q.into()));
        }
        let queue = Arc::new(PaperQueue::new(self.core.dev.clone(), self.core.epoch.clone(), q, log2_words)?);
        self.core.dev.set_export(q, ExportEntry::new(queue.first_buffer(), log2_words));
        table[q as usize] = Some(queue.clone());
        Ok(queue)
    }

    /// Unexports queue `q` (packets to it are rejected from now on) and forgets it; its
    /// memory goes back to the pool once the last user drops it.
    pub fn destroy_queue(&self, q: u8) -> Option<Arc<PaperQueue>> {
        let mut table = self.core.queues.write().unwrap();
        let queue = table.get_mut(q as usize)?.take()?;
        self.core.dev.set_export(q, ExportEntry::default());
        // Packets waiting behind a stall of this queue would block their links for good:
        // resume, so the card takes them and rejects them (the entry is invalid now).
        if self.core.dev.stalled() & (1 << q) != 0 {
            self.core.dev.resume(q);
        }
        queue.mark_closed();
        drop(table);
        self.core.wake.wake_all(); // sleepers re-check and see the queue closed
        Some(queue)
    }

    pub fn queue(&self, q: u8) -> Option<Arc<PaperQueue>> {
        self.core.queue(q)
    }

    /// Wake-ups for sleeping consumers of this card's queues.
    pub fn wake(&self) -> &Wake {
        &self.core.wake
    }

    pub fn stats(&self) -> DriverStatsSnapshot {
        self.core.stats.snapshot()
    }

    /// Retired buffers not yet reusable (pinned readers may still see them).
    pub fn pending_reclaim(&self) -> usize {
        self.core.epoch.pending()
    }

    /// Tries to return retired buffers to the pool now.
    pub fn reclaim(&self) {
        self.core.reclaim()
    }

    /// Bytes of DMA memory one buffer of `log2_words` takes.
    pub fn buffer_bytes(log2_words: u32) -> u64 {
        1 << (log2_words + WORD_SHIFT)
    }

    /// Stops the interrupt thread and (owner only) unexports this driver's queues, so the
    /// card rejects packets to them instead of writing memory nobody serves. CONTROL is left
    /// as it is: other processes of the node (`attach`) may still be sending. Idempotent.
    pub fn shutdown(&self) {
        self.core.stop.store(true, Ordering::SeqCst);
        let thread = self.thread.lock().unwrap().take();
        if let Some(t) = thread {
            let _ = t.join();
            for q in 0..MAX_QUEUES as u8 {
                self.destroy_queue(q);
            }
        }
        self.core.wake.wake_all();
    }
}

impl Drop for PaperDriver {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The paper card's ids are 4 bits: one at or above `max` is an error here, never truncated.
fn paper_id(what: &'static str, id: u16, max: usize) -> Result<u8> {
    u8::try_from(id).ok().filter(|&x| (x as usize) < max).ok_or(DriverError::OutOfRange { what, value: id.into() })
}

impl CardDriver for PaperDriver {
    fn device(&self) -> &Arc<dyn Device> {
        PaperDriver::device(self)
    }
    fn node_id(&self) -> u16 {
        PaperDriver::node_id(self).into()
    }
    /// 16 nodes and 16 queues (`renq_abi::paper::NODE_BITS`, `QUEUE_BITS`).
    fn limits(&self) -> CardLimits {
        CardLimits { nodes: MAX_NODES, queues: MAX_QUEUES, local_queues: MAX_QUEUES }
    }
    fn create_queue(&self, q: u16, log2_words: u32) -> Result<Arc<dyn CardQueue>> {
        Ok(PaperDriver::create_queue(self, paper_id("queue", q, MAX_QUEUES)?, log2_words)?)
    }
    fn queue(&self, q: u16) -> Option<Arc<dyn CardQueue>> {
        PaperDriver::queue(self, paper_id("queue", q, MAX_QUEUES).ok()?).map(|q| q as Arc<dyn CardQueue>)
    }
    fn destroy_queue(&self, q: u16) -> bool {
        paper_id("queue", q, MAX_QUEUES).is_ok_and(|q| PaperDriver::destroy_queue(self, q).is_some())
    }
    fn send_path(&self, node: u16, queue: u16) -> Result<SendPath> {
        let page =
            self.device().shadow_page(paper_id("node", node, MAX_NODES)?, paper_id("queue", queue, MAX_QUEUES)?)?;
        Ok(SendPath::Store(page))
    }
    fn wake(&self) -> &Wake {
        PaperDriver::wake(self)
    }
    fn stats(&self) -> DriverStatsSnapshot {
        PaperDriver::stats(self)
    }
    fn shutdown(&self) {
        PaperDriver::shutdown(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
