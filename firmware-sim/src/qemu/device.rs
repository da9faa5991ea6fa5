//! One simulated renq card behind an `x-pci-proxy-dev`: the message loop that answers config
//! space, decodes BAR accesses onto the card, hands the card guest RAM for DMA, and forwards the
//! card's interrupt line to the guest through the ivshmem doorbell.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::doorbell::Doorbell;
use super::guest_memory::GuestRam;
use super::links::{serve_incoming, PEER_CONNECT_TIMEOUT};
use super::mpqemu::{self, Message};
use super::pci_config::{ConfigSpace, REGS_BAR, SHADOW_BAR};
use crate::card_core::{BarStats, CardCore, Router};
use crate::engine::{new_card, CardKind, EngineKind};
use crate::link::{Inbox, LinkMap};
use crate::peer::PeerRouter;

/// While the line stays high, how often the forwarder looks for it to drop (a new rising
/// edge — a new MSI — needs the guest to clear IRQ_STATUS first).
const IRQ_HIGH_POLL: Duration = Duration::from_micros(100);

/// What card to serve, and where it is linked.
#[derive(Clone, Debug)]
pub struct DeviceConfig {
    /// Node id strapped into NODE_ID at power-up (below `card.max_nodes()`).
    pub node: u16,
    /// The paper card (BAR2: 1 MiB shadow window) or the card (BAR2: 16 MiB of portal pages).
    pub card: CardKind,
    pub engine: EngineKind,
    /// Socket other cards connect their links to (None: this card receives only from itself).
    pub link_socket: Option<PathBuf>,
    /// Sockets of the other nodes' cards (`renq-sim` or `renq-qemu-dev` link sockets).
    pub peers: Vec<(u16, PathBuf)>,
    /// File that gets one line per BAR2 access (offset, size, value) and the final summary.
    pub bar_log: Option<PathBuf>,
}

impl Default for DeviceConfig {
    /// Node 0, the card on the model engine, no links, no log (as `renq-qemu-dev`'s defaults).
    fn default() -> Self {
        DeviceConfig {
            node: 0,
            card: CardKind::Renq,
            engine: EngineKind::Model,
            link_socket: None,
            peers: Vec::new(),
            bar_log: None,
        }
    }
}

impl DeviceConfig {
    /// The node and peer ids fit the card's NODE_ID and this build runs the card on the
    /// engine; else one line saying which does not (no card is built to find out).
    pub fn check(&self) -> Result<(), String> {
        self.card.check_node_id("--node", self.node)?;
        self.peers.iter().try_for_each(|&(n, _)| self.card.check_node_id("--peer", n))?;
        if !self.card.available_on(self.engine) {
            return Err(format!(
                "the {} card does not run on the {} engine in this build (rtl, verilator: renq-sim's \
                 features; verilator: Verilator and g++ when it was built)",
                self.card.name(),
                self.engine
            ));
        }
        Ok(())
    }
}

/// What happened while serving one guest.
#[derive(Clone, Debug, Default)]
pub struct DeviceSummary {
    pub stats: BarStats,
    /// BAR0 accesses that were not 8-byte (reads answered from the 64-bit register, writes dropped).
    pub bar0_partial: u64,
    /// Rising edges of the card's interrupt line.
    pub irq_rises: u64,
    /// Of those, the ones rung on the ivshmem doorbell (0 if no doorbell was connected).
    pub doorbell_rings: u64,
    /// Median time from the last BAR2 store to a doorbell ring (the host side of the guest's
    /// store-to-interrupt latency: card, worker, forwarder), µs.
    pub store_to_ring_us_p50: f64,
    /// Card DMA refused (outside reachable guest RAM).
    pub dma_errors: u64,
    pub unroutable: u64,
    pub messages: u64,
    /// Mean time this process spent per proxy message (the rest of a guest's BAR access is QEMU,
    /// the socket and the scheduler), µs.
    pub device_us_per_message: f64,
}

impl std::fmt::Display for DeviceSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.stats;
        write!(
            f,
            "messages={} bar0_reads={} bar0_writes={} bar0_partial={} bar2_writes={} bar2_8byte={} bar2_bytes={} \
             dma_reads={} dma_writes={} dma_errors={} irq_rises={} doorbell_rings={} store_to_ring_us_p50={:.1} device_us_per_message={:.2} unroutable={}",
            self.messages,
            s.bar0_reads,
            s.bar0_writes,
            self.bar0_partial,
            s.bar2_writes,
            s.bar2_by_size[8],
            s.bar2_bytes,
            s.dma_reads,
            s.dma_writes,
            self.dma_errors,
            self.irq_rises,
            self.doorbell_rings,
            self.store_to_ring_us_p50,
            self.device_us_per_message,
            self.unroutable
        )
    }
}

/// State shared by the message loop and the interrupt forwarder.
#[derive(Default)]
struct IrqShared {
    stop: AtomicBool,
    rises: AtomicU64,
    /// Set when a register write leaves the line low, so a re-rise right after is a new edge
    /// even if the forwarder never saw the line low in between.
    seen_low: AtomicBool,
    /// When the last BAR2 store arrived (ns since `epoch`), and per doorbell ring the time since
    /// then: the host side's share of the guest's store-to-interrupt latency.
    epoch: OnceLock<Instant>,
    last_store_ns: AtomicU64,
    store_to_ring_ns: Mutex<Vec<u64>>,
}

impl IrqShared {
    fn now_ns(&self) -> u64 {
        self.epoch.get_or_init(Instant::now).elapsed().as_nanos() as u64
    }
}

/// The device process's state for one proxy connection (see the module doc).
pub struct ProxyDevice {
    cfg: DeviceConfig,
    config: ConfigSpace,
    inbox: Arc<Inbox>,
    router: Arc<PeerRouter>,
    card: Option<Arc<CardCore>>,
    ram_file: Option<GuestRam>,
    doorbell: Arc<OnceLock<Doorbell>>,
    log: Option<File>,
    /// The proxy's INTx eventfds: unusable under TCG, held so QEMU sees them open.
    _intx: Vec<OwnedFd>,
    irq: Arc<IrqShared>,
    irq_thread: Option<JoinHandle<()>>,
    bar0_partial: u64,
    messages: u64,
    /// Time spent handling messages (from decoded request to sent answer).
    busy: Duration,
}

impl ProxyDevice {
    /// Binds the link socket (if any) and starts accepting peers' links. The card itself is
    /// built when the proxy sends guest RAM (SYNC_SYSMEM, the first message of a connection).
    /// `doorbell` is filled in whenever the ivshmem device connects.
    pub fn new(cfg: DeviceConfig, doorbell: Arc<OnceLock<Doorbell>>) -> io::Result<ProxyDevice> {
        cfg.check().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let node = cfg.node;
        // Any paper-card node may link in, listed as a peer or not. The card names 1 024 nodes:
        // an inbox link each would make the worker scan a thousand empty links, so only the
        // listed peers may link in (as card processes do, spec §11).
        let spec = cfg.card.spec();
        let map = Arc::new(if spec.links_from_every_node {
            LinkMap::new(node, (0..spec.max_nodes as u16).filter(|&n| n != node))
        } else {
            LinkMap::new(node, cfg.peers.iter().map(|&(n, _)| n))
        });
        let inbox = Arc::new(map.inbox());
        let peers = cfg.peers.clone();
        let router = Arc::new(PeerRouter::new("renq-qemu-dev", node, inbox.clone(), &peers, PEER_CONNECT_TIMEOUT));
        if let Some(path) = &cfg.link_socket {
            let _ = std::fs::remove_file(path);
            let listener = UnixListener::bind(path)?;
            let (inbox, node) = (inbox.clone(), cfg.node);
            std::thread::Builder::new()
                .name("renq-links-in".into())
                .spawn(move || serve_incoming(listener, inbox, map, node))?;
        }
        let log = cfg.bar_log.as_ref().map(File::create).transpose()?;
        let config = ConfigSpace::new(cfg.card);
        Ok(ProxyDevice {
            cfg,
            config,
            inbox,
            router,
            card: None,
            ram_file: None,
            doorbell,
            log,
            _intx: Vec::new(),
            irq: Arc::new(IrqShared::default()),
            irq_thread: None,
            bar0_partial: 0,
            messages: 0,
            busy: Duration::ZERO,
        })
    }

    /// The card, once guest RAM is known.
    pub fn card(&self) -> Option<&Arc<CardCore>> {
        self.card.as_ref()
    }

    /// Serves the proxy on `conn` until QEMU closes it; returns what happened.
    pub fn serve(&mut self, conn: UnixStream) -> io::Result<DeviceSummary> {
        let result = loop {
            let msg = match mpqemu::recv(&conn) {
                Ok(m) => m,
                Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => break Ok(()),
                Err(e) => break Err(e),
            };
            self.messages += 1;
            let wants_reply = msg.wants_reply();
            let started = Instant::now();
            let value = match self.handle(msg) {
                Ok(v) => v,
                Err(e) => break Err(e),
            };
            if wants_reply {
                if let Err(e) = mpqemu::reply(&conn, value) {
                    break if e.kind() == io::ErrorKind::BrokenPipe { Ok(()) } else { Err(e) };
                }
            }
            self.busy += started.elapsed();
        };
        let summary = self.summary();
        self.log_line(&format!("summary {summary}"));
        result.map(|()| summary)
    }

    /// What happened so far.
    pub fn summary(&self) -> DeviceSummary {
        let card = self.card.as_ref();
        DeviceSummary {
            stats: card.map(|c| c.bar_stats()).unwrap_or_default(),
            bar0_partial: self.bar0_partial,
            irq_rises: self.irq.rises.load(Ordering::Relaxed),
            store_to_ring_us_p50: {
                let mut v = self.irq.store_to_ring_ns.lock().unwrap_or_else(|e| e.into_inner()).clone();
                v.sort_unstable();
                v.get(v.len() / 2).map_or(0.0, |&ns| ns as f64 / 1e3)
            },
            doorbell_rings: self.doorbell.get().map_or(0, |d| d.rings()),
            dma_errors: card.map_or(0, |c| c.memory().dma_errors()),
            unroutable: self.router.unroutable(),
            messages: self.messages,
            device_us_per_message: if self.messages == 0 {
                0.0
            } else {
                self.busy.as_secs_f64() * 1e6 / self.messages as f64
            },
        }
    }

    fn log_line(&mut self, line: &str) {
        if let Some(f) = &mut self.log {
            // Unbuffered on purpose: the log must be complete even if the process is killed.
            let _ = writeln!(f, "{line}");
        }
    }

    fn handle(&mut self, msg: Message) -> io::Result<u64> {
        match msg {
            Message::SyncSysmem(regions) => {
                match &self.ram_file {
                    Some(ram) if ram.same_file(&regions) => {}
                    Some(_) => {
                        eprintln!("renq-qemu-dev: guest RAM file changed; the card keeps DMAing into the first one")
                    }
                    None => self.start_card(GuestRam::map(regions)?)?,
                }
                Ok(0)
            }
            Message::SetIrqFd(fds) => {
                self._intx = fds;
                Ok(0)
            }
            Message::DeviceReset => {
                // The header returns to power-up; the card's registers are kept (the engines
                // have no reset input), which a driver must not rely on either way.
                self.config = ConfigSpace::new(self.cfg.card);
                Ok(0)
            }
            Message::ConfigRead { addr, len } => Ok(self.config.read(addr, len) as u64),
            Message::ConfigWrite { addr, val, len } => {
                self.config.write(addr, val, len);
                Ok(0)
            }
            Message::BarRead { addr, size, .. } => Ok(self.bar_read(addr, size)),
            Message::BarWrite { addr, val, size, .. } => {
                self.bar_write(addr, val, size);
                Ok(0)
            }
        }
    }

    fn start_card(&mut self, ram: GuestRam) -> io::Result<()> {
        eprintln!(
            "renq-qemu-dev node {}: guest RAM {} MiB, DMA reaches {:x?}{}",
            self.cfg.node,
            ram.memory.len() >> 20,
            ram.reachable,
            if ram.unreachable.is_empty() { String::new() } else { format!(", not {:x?}", ram.unreachable) }
        );
        let memory = ram.memory.clone();
        let engine = new_card(self.cfg.card, self.cfg.engine).map_err(io::Error::other)?;
        let router: Arc<dyn Router> = self.router.clone();
        let card = Arc::new(CardCore::new(self.cfg.node, engine, memory, self.inbox.clone(), router));
        let worker = card.clone();
        std::thread::Builder::new().name("renq-card".into()).spawn(move || worker.run_worker())?;
        let (c, bell, shared) = (card.clone(), self.doorbell.clone(), self.irq.clone());
        let forward = move || forward_irq(&c, &bell, &shared);
        self.irq_thread = Some(std::thread::Builder::new().name("renq-irq".into()).spawn(forward)?);
        self.card = Some(card);
        self.ram_file = Some(ram);
        Ok(())
    }

    fn bar_read(&mut self, addr: u64, size: u32) -> u64 {
        let (Some(card), Some((bar, off))) = (self.card.clone(), self.config.decode(addr)) else { return 0 };
        let word = match bar {
            REGS_BAR => {
                if size != 8 {
                    self.bar0_partial += 1;
                }
                card.bar0_read(off & !7)
            }
            SHADOW_BAR => {
                self.log_line(&format!("bar2 read offset={off:#x} size={size}"));
                // The card answers an 8-byte load of a portal page with its status (§7c); the
                // paper card's BAR2 reads 0.
                card.bar2_read(off & !7)
            }
            _ => return 0,
        };
        // A narrower read sees its bytes of the 64-bit word.
        let mask = if size >= 8 { u64::MAX } else { (1u64 << (8 * size)) - 1 };
        (word >> (8 * (off & 7))) & mask
    }

    fn bar_write(&mut self, addr: u64, val: u64, size: u32) {
        let (Some(card), Some((bar, off))) = (self.card.clone(), self.config.decode(addr)) else { return };
        match bar {
            REGS_BAR => {
                if size == 8 && off % 8 == 0 {
                    card.bar0_write(off, val);
                    if !card.irq_level() {
                        self.irq.seen_low.store(true, Ordering::Release);
                    }
                } else {
                    // Registers are 64-bit; merging halves would invent a write the card never got.
                    self.bar0_partial += 1;
                }
            }
            SHADOW_BAR => {
                self.irq.last_store_ns.store(self.irq.now_ns(), Ordering::Relaxed);
                self.log_line(&format!("bar2 write offset={off:#x} size={size} value={val:#x}"));
                let lane = off & 7;
                let byte_enable = if lane + size as u64 <= 8 && size <= 8 {
                    ((((1u16 << size) - 1) << lane) & 0xff) as u8
                } else {
                    0
                };
                card.bar2_write(off & !7, val << (8 * lane), byte_enable);
            }
            _ => {}
        }
    }
}

impl Drop for ProxyDevice {
    fn drop(&mut self) {
        self.irq.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.irq_thread.take() {
            let _ = t.join();
        }
        self.inbox.shutdown();
    }
}

/// Turns the card's level interrupt into doorbell rings: one per rising edge.
fn forward_irq(card: &CardCore, bell: &OnceLock<Doorbell>, shared: &IrqShared) {
    let mut was_high = false;
    while !shared.stop.load(Ordering::Relaxed) {
        let high = card.wait_irq(Duration::from_millis(50));
        let dropped_meanwhile = shared.seen_low.swap(false, Ordering::AcqRel);
        if high && (!was_high || dropped_meanwhile) {
            shared.rises.fetch_add(1, Ordering::Relaxed);
            if let Some(b) = bell.get() {
                match b.ring() {
                    Ok(()) => {
                        let since_store = shared.now_ns().saturating_sub(shared.last_store_ns.load(Ordering::Relaxed));
                        shared.store_to_ring_ns.lock().unwrap_or_else(|e| e.into_inner()).push(since_store);
                    }
                    Err(e) => eprintln!("renq-qemu-dev: doorbell: {e}"),
                }
            }
        }
        was_high = high;
        if high {
            std::thread::sleep(IRQ_HIGH_POLL);
        }
    }
}
