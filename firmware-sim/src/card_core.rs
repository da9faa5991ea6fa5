//! The card core of one card running in this process: the engine behind a lock, the node's
//! host memory, the inbox of its links, the interrupt line, and the worker loop that feeds
//! link packets to the engine. The driver reaches it through [`crate::SimCard`].

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use renq_abi::packet::{Kind, Packet};

use crate::engine::{csr_offset_ok, CardEngine, CardKind};
use crate::link::{Generation, Inbox, IrqLine};
use crate::memory::HostMemory;

/// Counts of BAR accesses made through one handle on a card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BarStats {
    pub bar0_reads: u64,
    pub bar0_writes: u64,
    /// Stores to BAR2 (one per `bar2_write` call).
    pub bar2_writes: u64,
    /// Bytes enabled over all BAR2 stores.
    pub bar2_bytes: u64,
    /// `bar2_by_size[n]`: BAR2 stores with n bytes enabled (8 = full 64-bit store).
    pub bar2_by_size: [u64; 9],
    /// The card's host-memory reads and writes (DMA) so far, whichever port asked them: an
    /// enqueue costs 2 reads + 2 writes, a BAD_HEADER drop 1 read, a rejected packet none.
    pub dma_reads: u64,
    pub dma_writes: u64,
}

/// Lock-free accumulation of [`BarStats`] (one atomic add per access).
#[derive(Default)]
pub struct BarCounters {
    bar0_reads: AtomicU64,
    bar0_writes: AtomicU64,
    bar2_by_size: [AtomicU64; 9],
}

impl BarCounters {
    pub fn bar0_read(&self) {
        self.bar0_reads.fetch_add(1, Ordering::Relaxed);
    }
    pub fn bar0_write(&self) {
        self.bar0_writes.fetch_add(1, Ordering::Relaxed);
    }
    pub fn bar2_write(&self, byte_enable: u8) {
        self.bar2_by_size[byte_enable.count_ones() as usize].fetch_add(1, Ordering::Relaxed);
    }
    pub fn snapshot(&self) -> BarStats {
        let mut s = BarStats {
            bar0_reads: self.bar0_reads.load(Ordering::Relaxed),
            bar0_writes: self.bar0_writes.load(Ordering::Relaxed),
            ..BarStats::default()
        };
        for (n, c) in self.bar2_by_size.iter().enumerate() {
            let c = c.load(Ordering::Relaxed);
            s.bar2_by_size[n] = c;
            s.bar2_writes += c;
            s.bar2_bytes += c * n as u64;
        }
        s
    }
}

/// Where a card's outgoing packets go: `from` is the sending node (the link's source).
pub trait Router: Send + Sync {
    /// Delivers onto the link toward `pkt.dst`, blocking under back-pressure. `made` is the
    /// link's [`era`](Router::era) toward `pkt.dst` when the card made the packet: a link whose
    /// peer restarted since drops it (the card has counted it lost, spec §7b).
    fn route(&self, from: u16, pkt: Packet, made: u64);
    /// Delivers a batch in order, as [`route`](Router::route) each; a router may put a run of
    /// packets for one destination on its link at once (one lock, one wake-up).
    fn route_batch(&self, from: u16, batch: Vec<(Packet, u64)>) {
        for (p, made) in batch {
            self.route(from, p, made);
        }
    }
    /// Delivers the longest prefix of `batch` that goes without blocking and leaves the rest
    /// in `batch`, in order (the card's worker routes its replies itself when they fit, and
    /// hands the rest to its reply thread). Routers that cannot tell take none.
    fn try_route_batch(&self, _from: u16, _batch: &mut Vec<(Packet, u64)>) {}
    /// The era of the link toward `node`, read under the card's lock as a packet is made: it
    /// moves on when the card takes that node's `PeerReset` notice. Links without restarts: 0.
    fn era(&self, _node: u16) -> u64 {
        0
    }
    /// The card took node `node`'s `PeerReset` notice (under the card's lock): packets made
    /// from now on go to its new incarnation.
    fn peer_reset_taken(&self, _node: u16) {}
}

/// One card running in this process (see the module doc).
pub struct CardCore {
    node: u16,
    engine: Mutex<Box<dyn CardEngine>>,
    memory: Arc<HostMemory>,
    inbox: Arc<Inbox>,
    irq: IrqLine,
    /// Moves on whenever the worker has taken packets (portal status may have changed).
    taken: Generation,
    /// Reply batches handed to the reply thread and not yet routed.
    handed_off: AtomicUsize,
    /// BAR0 accesses (the driver's register path) waiting for the engine: the data path
    /// (the worker's batches, portal stores and loads) lets them in first, as a card's
    /// register port does not wait behind its packets.
    bar0_waiting: AtomicUsize,
    router: Arc<dyn Router>,
    stats: BarCounters,
    card: CardKind,
    /// Link packets this card's ports cannot carry, dropped before the engine (spec §7).
    unfit: AtomicU64,
}

impl CardCore {
    /// A card for `node` with its NODE_ID register preset to `node` (a board strap); `node`
    /// must fit the card's NODE_ID (`CardKind::max_nodes`).
    pub fn new(
        node: u16,
        mut engine: Box<dyn CardEngine>,
        memory: Arc<HostMemory>,
        inbox: Arc<Inbox>,
        router: Arc<dyn Router>,
    ) -> CardCore {
        let card = engine.card();
        assert!((node as usize) < card.max_nodes(), "node {node} does not fit the {} card", card.name());
        engine.attach_memory(&memory);
        engine.csr_write(renq_abi::paper::regs::NODE_ID, node.into());
        CardCore {
            node,
            engine: Mutex::new(engine),
            memory,
            inbox,
            irq: IrqLine::default(),
            taken: Generation::default(),
            handed_off: AtomicUsize::new(0),
            bar0_waiting: AtomicUsize::new(0),
            router,
            stats: BarCounters::default(),
            card,
            unfit: AtomicU64::new(0),
        }
    }

    /// Which card this is.
    pub fn card(&self) -> CardKind {
        self.card
    }

    /// Link packets dropped because this card's ports cannot carry them (spec §7).
    pub fn unfit(&self) -> u64 {
        self.unfit.load(Ordering::Relaxed)
    }

    /// The engine for the data path: after any BAR0 access waiting for it.
    fn engine(&self) -> MutexGuard<'_, Box<dyn CardEngine>> {
        while self.bar0_waiting.load(Ordering::SeqCst) != 0 {
            std::thread::yield_now();
        }
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The engine for a BAR0 access (the driver's registers): ahead of the data path.
    fn engine_bar0(&self) -> MutexGuard<'_, Box<dyn CardEngine>> {
        self.bar0_waiting.fetch_add(1, Ordering::SeqCst);
        let e = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        self.bar0_waiting.fetch_sub(1, Ordering::SeqCst);
        e
    }

    /// The inbox of this card's links.
    pub fn inbox(&self) -> &Arc<Inbox> {
        &self.inbox
    }

    /// The shared handle to the node's memory.
    pub fn memory_arc(&self) -> &Arc<HostMemory> {
        &self.memory
    }

    /// The interrupt line now.
    pub fn irq_level(&self) -> bool {
        self.irq.level()
    }

    /// The worker: feeds link packets to the engine until the inbox shuts down. Packets are
    /// taken in batches from one link's head while the card accepts them; a refused head
    /// stays (and blocks its link) until a register write kicks the inbox — the paper card's
    /// stalled queue (§5); the card takes every packet while RX is on and answers each with an
    /// OUTCOME (§7c), which a second thread puts on the links so that the worker never waits
    /// for link room (two workers answering each other over full links would deadlock).
    pub fn run_worker(&self) {
        /// If the engine panics (an RTL assertion), shut the inbox so waiters and blocked
        /// senders fail fast instead of hanging on a card that no longer runs.
        struct ShutOnPanic<'a>(&'a Inbox);
        impl Drop for ShutOnPanic<'_> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.0.shutdown();
                }
            }
        }
        let _guard = ShutOnPanic(&self.inbox);
        // The card is hardware: it runs whatever the CPUs' load (best effort, as the driver's
        // interrupt thread).
        renq_os::raise_thread_priority(renq_driver::irq::INTERRUPT_NICE);
        let (replies, outbox) = std::sync::mpsc::channel::<Vec<(Packet, u64)>>();
        std::thread::scope(|s| {
            s.spawn(move || {
                renq_os::raise_thread_priority(renq_driver::irq::INTERRUPT_NICE);
                for batch in outbox {
                    self.router.route_batch(self.node, batch);
                    self.handed_off.fetch_sub(1, Ordering::SeqCst);
                }
            });
            self.feed(&replies);
            drop(replies); // the reply thread drains what is owed, then ends
        });
    }

    /// Moves the engine's replies into `owed`, each with its link's era now (under the lock).
    fn take_replies(&self, e: &mut Box<dyn CardEngine>, owed: &mut Vec<(Packet, u64)>) {
        let mut made = Vec::new();
        e.take_replies(&mut made);
        owed.extend(made.into_iter().map(|p| (p, self.router.era(p.dst))));
    }

    /// Routes `owed` from the worker when nothing handed off earlier is still unrouted (so
    /// replies keep their order) and it goes without blocking; what is left goes to the reply
    /// thread, which may block on a full link without stopping the card.
    fn send_owed(&self, replies: &std::sync::mpsc::Sender<Vec<(Packet, u64)>>, owed: &mut Vec<(Packet, u64)>) {
        if self.handed_off.load(Ordering::SeqCst) == 0 {
            self.router.try_route_batch(self.node, owed);
        }
        if !owed.is_empty() {
            self.handed_off.fetch_add(1, Ordering::SeqCst);
            // The receiver ends only when this sender drops: cannot fail.
            let _ = replies.send(std::mem::take(owed));
        }
    }

    fn feed(&self, replies: &std::sync::mpsc::Sender<Vec<(Packet, u64)>>) {
        const BATCH: usize = 256;
        let mut batch = Vec::with_capacity(BATCH);
        let mut owed = Vec::new();
        while self.inbox.wait_work() {
            loop {
                let mut progress = false;
                for link in 0..self.inbox.links() {
                    batch.clear();
                    self.inbox.peek(link, BATCH, &mut batch);
                    if batch.is_empty() {
                        continue;
                    }
                    let (taken, irq) = {
                        let mut e = self.engine();
                        // Runs of packets that fit go to the engine in one batch each; one that
                        // does not fit is dropped and counted (taken from the link).
                        let mut taken = 0;
                        while taken < batch.len() {
                            if batch[taken].kind == Kind::PeerReset {
                                // Its replies so far go to the old incarnation (dropped).
                                self.take_replies(&mut e, &mut owed);
                                e.peer_reset(batch[taken].src);
                                self.router.peer_reset_taken(batch[taken].src);
                                taken += 1;
                                continue;
                            }
                            let run = batch[taken..]
                                .iter()
                                .take_while(|p| self.card.fits(p) && p.kind != Kind::PeerReset)
                                .count();
                            if run == 0 {
                                self.unfit.fetch_add(1, Ordering::Relaxed);
                                taken += 1;
                                continue;
                            }
                            let took = e.deliver_batch(&self.memory, &batch[taken..taken + run]);
                            taken += took;
                            if took < run {
                                break;
                            }
                        }
                        self.take_replies(&mut e, &mut owed);
                        (taken, e.irq())
                    };
                    self.irq.set(irq);
                    if !owed.is_empty() {
                        self.send_owed(replies, &mut owed);
                    }
                    if taken > 0 {
                        self.inbox.pop(link, taken);
                        self.taken.bump();
                        progress = true;
                    }
                }
                if !progress {
                    break;
                }
            }
            // A command may owe outcomes too (the end of a stall tells its waiters, spec §7c):
            // a kick with no packet waiting still sends them.
            self.take_replies(&mut self.engine(), &mut owed);
            if !owed.is_empty() {
                self.send_owed(replies, &mut owed);
            }
        }
    }
}

/// The card's bus side. Offsets are byte offsets into the BAR; all may be called from many
/// threads at once.
impl CardCore {
    /// The node this card is (its index in the cluster; also its NODE_ID at power-up).
    pub fn node(&self) -> u16 {
        self.node
    }

    /// A 64-bit load from BAR0. Unaligned or out-of-BAR offsets read 0.
    pub fn bar0_read(&self, offset: u64) -> u64 {
        self.stats.bar0_read();
        if !csr_offset_ok(offset) {
            return 0;
        }
        self.engine_bar0().csr_read(offset)
    }

    /// A 64-bit store to BAR0. Unaligned or out-of-BAR offsets are ignored.
    pub fn bar0_write(&self, offset: u64, value: u64) {
        self.stats.bar0_write();
        if !csr_offset_ok(offset) {
            return;
        }
        let irq = {
            let mut e = self.engine_bar0();
            e.csr_write(offset, value);
            e.irq()
        };
        self.irq.set(irq);
        // RESUME, CONTROL or EXPORT may let a waiting packet in.
        self.inbox.kick();
    }

    /// A store to BAR2 (the shadow window): exactly one call per CPU store; anything but an
    /// aligned full store inside the window is dropped and counted (CNT_TX_DROPPED). Returns
    /// once the packet is on the link; blocks while that link is full (back-pressure).
    pub fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.stats.bar2_write(byte_enable);
        let pkt = {
            let mut e = self.engine();
            e.shadow_write(offset, value, byte_enable).map(|p| (p, self.router.era(p.dst)))
        };
        if let Some((p, made)) = pkt {
            self.router.route(self.node, p, made);
        }
    }

    /// A 64-bit load from BAR2: the card's portal status (spec §7c); the paper card reads 0.
    pub fn bar2_read(&self, offset: u64) -> u64 {
        self.engine().shadow_read(offset)
    }

    /// A count that moves on each time the card takes packets (OUTCOMEs among them): read it
    /// before a status load, then [`wait_status`](Self::wait_status) on it.
    pub fn status_generation(&self) -> u64 {
        self.taken.now()
    }

    /// Sleeps until the card has taken packets since `seen` was read, or `timeout` passes.
    pub fn wait_status(&self, seen: u64, timeout: Duration) {
        self.taken.wait_past(seen, timeout)
    }

    /// Blocks until the interrupt line is high or the timeout passes; returns the line.
    pub fn wait_irq(&self, timeout: Duration) -> bool {
        self.irq.wait(timeout)
    }

    /// The node's host memory that this card DMAs into.
    pub fn memory(&self) -> &HostMemory {
        &self.memory
    }

    /// Accesses seen on the BARs through this core so far, and the card's DMA counts.
    pub fn bar_stats(&self) -> BarStats {
        BarStats { dma_reads: self.memory.dma_reads(), dma_writes: self.memory.dma_writes(), ..self.stats.snapshot() }
    }
}
