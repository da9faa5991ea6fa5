//! The driver for the card (spec §6a, §7c, §8b, §9b, §9c): queue state lives on the card and
//! is reached through the command port; a card with spares (CAPS.SPARES) continues into the
//! spare buffer the handler keeps posted, and a stall is O(1) — the handler links a fresh buffer
//! behind the full one and EXPORTs it, no item moves; senders get portals, whose status the
//! card keeps.
//!
//! One process per node owns the card (`start`): it creates queues, grants portals and runs
//! the interrupt thread. Portals are granted by the owner only; another process of the node
//! sends on the pages of portals the owner granted it (`Portal::granted`), never touching the
//! portal table.

use crate::card_driver::{CardDriver, CardLimits, CardQueue, QueueConfig, SendPath};
use crate::device::{Device, ShadowPage};
use crate::epoch::EpochManager;
use crate::error::{DriverError, Result};
use crate::stats::{DriverStats, DriverStatsSnapshot};
use crate::wake::Wake;
use renq_abi::buffer::valid_log2;
use renq_abi::csr::{Control, IRQ_ALL};
use renq_abi::portal::Entry;
use renq_abi::regs::{self as r, bits};
use renq_abi::state::QueueState;
use renq_abi::{MAX_NODES, MAX_PORTALS, MAX_QUEUES};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::commands::Commands;
use crate::irq;
use crate::queue::Retired;
pub use crate::queue::{default_doorbell_every, Queue};

/// How long one wait on the interrupt line lasts before the thread polls anyway.
pub const POLL: Duration = Duration::from_millis(20);

/// State shared by the driver handle, its queues, its portals and the interrupt thread.
pub(crate) struct Core {
    pub(crate) dev: Arc<dyn Device>,
    /// The command port, one command at a time (its lock is shared with the queues).
    pub(crate) cmds: Arc<Commands>,
    pub(crate) queues: RwLock<Vec<Option<Arc<Queue>>>>,
    /// Portals not granted (the owner grants one per sender).
    free_portals: Mutex<BTreeSet<u16>>,
    pub(crate) epoch: Arc<EpochManager<Retired>>,
    pub(crate) wake: Wake,
    pub(crate) stats: DriverStats,
    pub(crate) stop: AtomicBool,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Core {
    pub(crate) fn queue(&self, q: u16) -> Option<Arc<Queue>> {
        self.queues.read().unwrap_or_else(|e| e.into_inner()).get(q as usize).cloned().flatten()
    }

    /// Retired buffers no reader can reach: kept by their queue for its next spares, or
    /// returned to the pool.
    pub(crate) fn reclaim(&self) {
        for r in self.epoch.collect() {
            if r.queue.and_then(|q| self.queue(q)).is_some_and(|q| q.recycle(r.block)) {
                continue;
            }
            self.dev.dma().free(r.block);
            self.stats.reclaimed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// A running card driver. Dropping it stops the interrupt thread and unexports its queues.
pub struct Driver {
    core: Arc<Core>,
    thread: Mutex<Option<JoinHandle<()>>>,
    queues_on_card: u16,
    portals_on_card: u16,
    /// CAPS.SPARES: the card keeps a spare buffer per queue (spec §9c).
    spares: u32,
    /// CAPS.ONE_RUN: the card holds one posted run of spares at a time (spec §9c).
    one_run: bool,
}

/// A granted portal: one page of BAR2 bound to (node, queue) on the card (spec §7c). Dropping
/// the owner's handle invalidates the portal and returns it to the owner; a send-only
/// process's handle (`Portal::granted`) is only the page.
pub struct Portal {
    /// The owner's driver (None: a send-only process's handle).
    owner: Option<Arc<Core>>,
    index: u16,
    page: ShadowPage,
    node: u16,
    queue: u16,
}

impl Portal {
    /// The page of portal `index`, which the node's owner process programmed for (node, queue)
    /// and granted to this send-only process: no register is written, and dropping it leaves
    /// the portal as it is (the owner revokes it). Checks the card's ID (one BAR0 read).
    pub fn granted(dev: &dyn Device, index: u16, node: u16, queue: u16) -> Result<Portal> {
        let id = dev.bar0_read(r::ID);
        if r::abi_version(id) != Some(2) {
            return Err(DriverError::NotARenqCard { id });
        }
        if node as usize >= MAX_NODES {
            return Err(DriverError::OutOfRange { what: "node", value: node as u64 });
        }
        if queue as usize >= MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        Ok(Portal { owner: None, index, page: dev.portal_page(index)?, node, queue })
    }

    pub fn page(&self) -> &ShadowPage {
        &self.page
    }
    pub fn index(&self) -> u16 {
        self.index
    }
    pub fn node(&self) -> u16 {
        self.node
    }
    pub fn queue(&self) -> u16 {
        self.queue
    }
}

impl Drop for Portal {
    fn drop(&mut self) {
        if let Some(core) = &self.owner {
            core.cmds.set_portal(self.index, 0);
            lock(&core.free_portals).insert(self.index);
        }
    }
}

impl Driver {
    /// Whether this driver drives `dev`: its ID names ABI 2 (the paper card's names none).
    pub fn supports(dev: &dyn Device) -> bool {
        r::abi_version(dev.bar0_read(r::ID)) == Some(2)
    }

    /// Checks the card's ID, enables interrupts, RX and TX, starts the interrupt thread.
    pub fn start(dev: Arc<dyn Device>) -> Result<Driver> {
        let id = dev.bar0_read(r::ID);
        if r::abi_version(id) != Some(2) {
            return Err(DriverError::NotARenqCard { id });
        }
        let caps = dev.bar0_read(r::CAPS);
        let queues_on_card = (caps >> bits::CAPS_QUEUES_LSB & 0xffff).min(MAX_QUEUES as u64) as u16;
        let portals_on_card = (caps >> bits::CAPS_PORTALS_LSB & 0xffff).min(MAX_PORTALS as u64) as u16;
        let spares = r::caps_spares(caps);
        let one_run = r::caps_one_run(caps);
        // The start-up sweep clears the card's state RAM: wait for it.
        let core = Arc::new(Core {
            dev: dev.clone(),
            cmds: Arc::new(Commands::new(dev.clone())),
            queues: RwLock::new(vec![None; queues_on_card as usize]),
            free_portals: Mutex::new((0..portals_on_card).collect()),
            epoch: Arc::new(EpochManager::new()),
            wake: Wake::default(),
            stats: DriverStats::default(),
            stop: AtomicBool::new(false),
        });
        core.cmds.wait(
            || dev.bar0_read(r::STATUS) & (1 << bits::STATUS_SWEEPING) == 0,
            || "the start-up sweep of the queue table (SWEEPING stayed set)".to_string(),
        )?;
        dev.bar0_write(r::IRQ_MASK, IRQ_ALL);
        dev.bar0_write(r::CONTROL, Control::new(true, true).0);
        let c2 = core.clone();
        let thread = std::thread::Builder::new()
            .name("renq-irq".into())
            .spawn(move || irq::run(&c2))
            .map_err(|e| DriverError::Thread(e.to_string()))?;
        Ok(Driver { core, thread: Mutex::new(Some(thread)), queues_on_card, portals_on_card, spares, one_run })
    }

    pub fn device(&self) -> &Arc<dyn Device> {
        &self.core.dev
    }

    pub fn node_id(&self) -> u16 {
        (self.core.dev.bar0_read(r::NODE_ID) & (MAX_NODES as u64 - 1)) as u16
    }

    /// Queues and portals this build of the card has (CAPS).
    pub fn capacity(&self) -> (u16, u16) {
        (self.queues_on_card, self.portals_on_card)
    }

    /// Whether the card keeps spare buffers (CAPS.SPARES, spec §9c).
    pub fn has_spares(&self) -> bool {
        self.spares > 0
    }
    /// How many spare buffers the card holds per queue (CAPS.SPARES; 0: none).
    pub fn card_spares(&self) -> u32 {
        self.spares
    }

    /// Allocates queue `q`'s first buffer (2^log2_words words), writes its header and EXPORTs
    /// it: the card starts the queue empty, with its tail and free count on the card; on a
    /// card with spares a spare is posted too. The default memory limit
    /// (`QueueConfig::DEFAULT_MAX_BYTES`).
    pub fn create_queue(&self, q: u16, log2_words: u32) -> Result<Arc<Queue>> {
        self.create_queue_with(q, QueueConfig::new(log2_words))
    }

    /// `create_queue` with a memory limit (`QueueConfig::max_bytes`).
    pub fn create_queue_with(&self, q: u16, config: QueueConfig) -> Result<Arc<Queue>> {
        let log2_words = config.log2_words;
        if q >= self.queues_on_card {
            return Err(DriverError::OutOfRange { what: "queue", value: q as u64 });
        }
        if !valid_log2(log2_words) {
            return Err(DriverError::OutOfRange { what: "log2_words", value: log2_words as u64 });
        }
        let mut table = self.core.queues.write().unwrap_or_else(|e| e.into_inner());
        if table[q as usize].is_some() {
            return Err(DriverError::QueueExists(q));
        }
        let core = &self.core;
        let queue = Arc::new(Queue::new(
            core.dev.clone(),
            core.cmds.clone(),
            core.epoch.clone(),
            q,
            config,
            self.spares,
            self.one_run,
        )?);
        queue.export_first()?;
        table[q as usize] = Some(queue.clone());
        Ok(queue)
    }

    /// Unexports queue `q` (its packets are rejected from now on) and forgets it; its Receiver
    /// drains what arrived, then sees it closed.
    pub fn destroy_queue(&self, q: u16) -> Option<Arc<Queue>> {
        let mut table = self.core.queues.write().unwrap_or_else(|e| e.into_inner());
        let queue = table.get_mut(q as usize)?.take()?;
        // EXPORT with VALID 0 unexports; a stalled queue needs nothing more (its packets
        // are refused, then rejected: none waits on a link).
        let _ = queue.unexport();
        queue.mark_closed();
        drop(table);
        self.core.wake.wake_all();
        Some(queue)
    }

    pub fn queue(&self, q: u16) -> Option<Arc<Queue>> {
        self.core.queue(q)
    }

    /// Grants a portal to (node, queue): programs it (zeroing its status) and returns its
    /// page. The MMU is the protection: map the page into the one process it is granted to.
    pub fn grant_portal(&self, node: u16, queue: u16) -> Result<Portal> {
        if node as usize >= MAX_NODES {
            return Err(DriverError::OutOfRange { what: "node", value: node as u64 });
        }
        if queue as usize >= MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        let index = lock(&self.core.free_portals)
            .pop_first()
            .ok_or(DriverError::OutOfRange { what: "portals in use", value: self.portals_on_card as u64 })?;
        let page = match self.core.dev.portal_page(index) {
            Ok(p) => p,
            Err(e) => {
                lock(&self.core.free_portals).insert(index);
                return Err(e);
            }
        };
        self.core.cmds.set_portal(index, Entry::new(node, queue).0);
        Ok(Portal { owner: Some(self.core.clone()), index, page, node, queue })
    }

    /// Makes the card notify (NOTIFY interrupt) on the next item of `q` unless its tail is
    /// already past `seen_tail` (then at once). Returns once the card has taken the command.
    pub fn arm(&self, q: u16, seen_tail: u64) -> Result<()> {
        self.core.cmds.run(renq_abi::CMD_ARM, q, seen_tail)
    }

    /// The card's state of queue `q`.
    pub fn query(&self, q: u16) -> Result<QueueState> {
        self.core.cmds.query(q)
    }

    pub fn wake(&self) -> &Wake {
        &self.core.wake
    }

    pub fn stats(&self) -> DriverStatsSnapshot {
        self.core.stats.snapshot()
    }

    /// Tries to return retired buffers to the pool now.
    pub fn reclaim(&self) {
        self.core.reclaim()
    }

    /// Retired buffers not yet reusable.
    pub fn pending_reclaim(&self) -> usize {
        self.core.epoch.pending()
    }

    /// Stops the interrupt thread and unexports this driver's queues. Idempotent.
    pub fn shutdown(&self) {
        self.core.stop.store(true, SeqCst);
        let thread = lock(&self.thread).take();
        if let Some(t) = thread {
            let _ = t.join();
            for q in 0..self.queues_on_card {
                self.destroy_queue(q);
            }
        }
        self.core.wake.wake_all();
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.shutdown();
    }
}

impl CardDriver for Driver {
    fn device(&self) -> &Arc<dyn Device> {
        Driver::device(self)
    }
    fn node_id(&self) -> u16 {
        Driver::node_id(self)
    }
    /// The card's 10-bit nodes and 12-bit queues; queues below its own table (CAPS).
    fn limits(&self) -> CardLimits {
        CardLimits { nodes: MAX_NODES, queues: MAX_QUEUES, local_queues: self.queues_on_card.into() }
    }
    fn create_queue(&self, q: u16, log2_words: u32) -> Result<Arc<dyn CardQueue>> {
        Ok(Driver::create_queue(self, q, log2_words)?)
    }
    fn create_queue_with(&self, q: u16, config: QueueConfig) -> Result<Arc<dyn CardQueue>> {
        Ok(Driver::create_queue_with(self, q, config)?)
    }
    fn queue(&self, q: u16) -> Option<Arc<dyn CardQueue>> {
        Driver::queue(self, q).map(|q| q as Arc<dyn CardQueue>)
    }
    fn destroy_queue(&self, q: u16) -> bool {
        Driver::destroy_queue(self, q).is_some()
    }
    fn send_path(&self, node: u16, queue: u16) -> Result<SendPath> {
        Ok(SendPath::Portal(self.grant_portal(node, queue)?))
    }
    fn grant_portal(&self, node: u16, queue: u16) -> Result<Portal> {
        Driver::grant_portal(self, node, queue)
    }
    fn wake(&self) -> &Wake {
        Driver::wake(self)
    }
    fn stats(&self) -> DriverStatsSnapshot {
        Driver::stats(self)
    }
    fn shutdown(&self) {
        Driver::shutdown(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
