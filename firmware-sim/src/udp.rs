//! Card links over UDP, so one simulated cluster spans processes and hosts (spec §7b).
//!
//! A [`UdpNode`] is one card with its host memory and one UDP socket bound to its listen
//! address; its peers are (node id → address). Every (this node, peer) pair carries §7a frames
//! through the go-back-N layer ([`crate::reliable`]) with its full window in flight, timers on
//! real time ([`TICK`] per tick), and, when asked, through the seeded fault injector
//! ([`crate::faults`]) on the send side (DATA and ACK/NAK alike).
//!
//! `std::net::UdpSocket` is enough: one blocking socket with a short read timeout, one I/O
//! thread; an async runtime would add a dependency and nothing this needs.
//!
//! Incoming datagrams are checked in order: the source address must be a peer's (else dropped,
//! `unknown_source`); ACK/NAK frames go to that peer's sender, everything else to its receiver,
//! which counts every frame that does not decode (per `FrameError`), every duplicate, gap and
//! out-of-window sequence number. A packet in sequence whose header does not name this link
//! (src = the peer, dst = this node) is acknowledged and dropped (`misaddressed`).
//!
//! Back-pressure: the expected packet goes into the card's inbox with a non-blocking push. If
//! the inbox is full (the card refuses the link's head: stalled queue, RX off), the frame is not
//! acknowledged; it stays in the sender's window, the frames behind it are dropped as gaps
//! without a NAK, and the sender's timer resends from it (backing off up to `RTO_MAX`). On
//! the sending side a full window blocks the card's BAR2 store, as a full link does.

use std::collections::{HashMap, HashSet};
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use renq_abi::frame::{node_mac, FRAME_BYTES, TYPE_ACK, TYPE_AT, TYPE_NAK};
use renq_abi::packet::Packet;

use crate::card_core::{CardCore, Router};
use crate::engine::{new_card, CardKind, EngineKind};
use crate::faults::{Channel, ChannelStats, Faults};
use crate::link::{Inbox, LinkMap, SELF_LINK};
use crate::memory::HostMemory;
use crate::reliable::{GbnReceiver, GbnReceiverStats, GbnSender, GbnSenderStats, Macs};
use crate::sim_card::SimCard;

/// Real time per tick of the reliable layer: `RTO` = 64 ticks = 0.64 ms, `RTO_MAX` = 41 ms.
pub const TICK: Duration = Duration::from_micros(10);
/// Ticks the fault injector holds a frame before it leaves (reorder holds up to 4× more).
pub const FAULT_LATENCY_TICKS: u64 = 2;
/// How long the I/O thread waits for a datagram before it looks at the timers again.
const POLL: Duration = Duration::from_micros(500);
/// Largest datagram read; anything longer is cut here and counted as a bad length.
const DATAGRAM_MAX: usize = 2048;

/// What one node's links are.
#[derive(Clone, Debug)]
pub struct UdpConfig {
    /// Below the card's NODE_ID range (`CardKind::max_nodes`: 16 paper, 1 024 the card).
    pub node: u16,
    pub listen: SocketAddr,
    /// The other nodes this one exchanges frames with.
    pub peers: Vec<(u16, SocketAddr)>,
    /// Faults injected on every frame this node sends; `down` is in [`TICK`]s since `bind`.
    pub faults: Faults,
    pub seed: u64,
}

impl UdpConfig {
    /// Refuses node ids outside `card`'s range, a peer named twice or named like this node,
    /// and two nodes on one address.
    pub fn check(&self, card: CardKind) -> Result<(), String> {
        card.check_node_id("node id", self.node)?;
        let mut seen = HashMap::new();
        seen.insert(self.listen, self.node);
        let mut ids = HashSet::from([self.node]);
        for &(id, addr) in &self.peers {
            card.check_node_id("peer id", id)?;
            if !ids.insert(id) {
                return Err(format!("node {id} is named twice (this node is {})", self.node));
            }
            if let Some(other) = seen.insert(addr, id) {
                return Err(format!("nodes {other} and {id} share the address {addr}"));
            }
        }
        Ok(())
    }
}

/// One (this node, peer) pair: our sender toward it, our receiver of its frames, and the
/// fault injector on what we send it.
struct Link {
    tx: GbnSender,
    rx: GbnReceiver,
    faults: Option<Channel>,
}

struct Peer {
    node: u16,
    /// The inbox link its packets go on.
    inbox_link: usize,
    addr: SocketAddr,
    link: Mutex<Link>,
    /// Signalled when an ACK frees room in the window.
    room: Condvar,
}

/// Counts of the transport, beside the reliable layer's own.
#[derive(Default)]
struct Counters {
    unknown_source: AtomicU64,
    misaddressed: AtomicU64,
    unroutable: AtomicU64,
    socket_errors: AtomicU64,
    datagrams: AtomicU64,
}

/// Totals over a node's links.
#[derive(Clone, Copy, Debug, Default)]
pub struct UdpStats {
    pub sender: GbnSenderStats,
    pub receiver: GbnReceiverStats,
    pub channel: ChannelStats,
    /// Datagrams received, of any content.
    pub datagrams: u64,
    /// Datagrams from an address that is no peer's: dropped.
    pub unknown_source: u64,
    /// In-sequence packets whose header names another link: acknowledged, dropped.
    pub misaddressed: u64,
    /// Packets for a node that is no peer: dropped.
    pub unroutable: u64,
    /// Failed socket sends and receives (a lost frame, to the reliable layer).
    pub socket_errors: u64,
    /// Packets still unacknowledged.
    pub in_flight: u64,
}

impl UdpStats {
    /// The lines `renq node` prints.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!("link: {}", crate::reliable::report_line(&self.sender, &self.receiver)),
            format!(
                "link: datagrams received {}, from unknown addresses {}, misaddressed {}, unroutable {}, \
                 socket errors {}, unacknowledged {}",
                self.datagrams,
                self.unknown_source,
                self.misaddressed,
                self.unroutable,
                self.socket_errors,
                self.in_flight
            ),
            format!("link: {}", self.channel.line()),
        ]
    }
}

/// A node's UDP links: its [`Router`] toward peers and the receive side into its inbox.
pub struct UdpLinks {
    node: u16,
    socket: UdpSocket,
    inbox: Arc<Inbox>,
    /// In the order of `UdpConfig::peers`.
    peers: Vec<Peer>,
    by_node: HashMap<u16, usize>,
    by_addr: HashMap<SocketAddr, usize>,
    start: Instant,
    stop: AtomicBool,
    last_datagram: Mutex<Instant>,
    counts: Counters,
}

fn lock(m: &Mutex<Link>) -> MutexGuard<'_, Link> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl UdpLinks {
    /// Checks `cfg` against `card`'s node range and binds the socket; receiving starts with
    /// [`UdpLinks::serve`]. The card's inbox ([`UdpLinks::inbox`]) has one link per node.
    pub fn bind(cfg: &UdpConfig, card: CardKind) -> io::Result<UdpLinks> {
        cfg.check(card).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let socket = UdpSocket::bind(cfg.listen)?;
        socket.set_read_timeout(Some(POLL))?;
        let map = LinkMap::new(cfg.node, cfg.peers.iter().map(|&(id, _)| id));
        let mut peers = Vec::with_capacity(cfg.peers.len());
        for &(id, addr) in &cfg.peers {
            let macs = Macs { local: node_mac(cfg.node), peer: node_mac(id) };
            let seed = cfg.seed ^ ((cfg.node as u64) << 16 | id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let faults = (!cfg.faults.is_clean()).then(|| Channel::new(cfg.faults, FAULT_LATENCY_TICKS, seed));
            let link = Mutex::new(Link { tx: GbnSender::new(macs), rx: GbnReceiver::new(macs), faults });
            let inbox_link = map.link_of(id).expect("every peer has a link");
            peers.push(Peer { node: id, inbox_link, addr, link, room: Condvar::new() });
        }
        let now = Instant::now();
        Ok(UdpLinks {
            node: cfg.node,
            socket,
            inbox: Arc::new(map.inbox()),
            peers,
            by_node: cfg.peers.iter().enumerate().map(|(i, &(id, _))| (id, i)).collect(),
            by_addr: cfg.peers.iter().enumerate().map(|(i, &(_, a))| (a, i)).collect(),
            start: now,
            stop: AtomicBool::new(false),
            last_datagram: Mutex::new(now),
            counts: Counters::default(),
        })
    }

    /// The card's inbox, fed by these links.
    pub fn inbox(&self) -> Arc<Inbox> {
        self.inbox.clone()
    }

    /// The bound address (useful with port 0).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.socket.local_addr()
    }

    fn now(&self) -> u64 {
        (self.start.elapsed().as_nanos() / TICK.as_nanos()) as u64
    }

    fn send_datagram(&self, frame: &[u8; FRAME_BYTES], to: SocketAddr) {
        if self.socket.send_to(frame, to).is_err() {
            self.counts.socket_errors.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Puts one frame toward `peer` (through the fault injector, if any).
    fn emit(&self, peer: &Peer, link: &mut Link, frame: [u8; FRAME_BYTES], now: u64) {
        match &mut link.faults {
            Some(ch) => ch.send(now, frame),
            None => self.send_datagram(&frame, peer.addr),
        }
    }

    /// Sends what the window and the timer allow, and what the fault injector has due.
    fn pump(&self, peer: &Peer, link: &mut Link, now: u64) {
        while let Some(f) = link.tx.poll(now) {
            self.emit(peer, link, f, now);
        }
        if let Some(ch) = &mut link.faults {
            while let Some(f) = ch.recv(now) {
                self.send_datagram(&f, peer.addr);
            }
        }
    }

    fn on_datagram(&self, bytes: &[u8], from: SocketAddr) {
        self.counts.datagrams.fetch_add(1, Ordering::Relaxed);
        let peer = match self.by_addr.get(&from).map(|&i| &self.peers[i]) {
            Some(p) => p,
            None => {
                self.counts.unknown_source.fetch_add(1, Ordering::Relaxed);
                return;
            }
        };
        *self.last_datagram.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        let now = self.now();
        let mut link = lock(&peer.link);
        if matches!(bytes.get(TYPE_AT), Some(&TYPE_ACK | &TYPE_NAK)) {
            link.tx.on_bytes(bytes, now);
            peer.room.notify_all();
        } else {
            let (src, node, inbox, counts) = (peer.node, self.node, &self.inbox, &self.counts);
            let inbox_link = peer.inbox_link;
            let out = link.rx.on_bytes_into(bytes, |p| {
                if p.src != src || p.dst != node {
                    counts.misaddressed.fetch_add(1, Ordering::Relaxed);
                    return true;
                }
                inbox.try_push(inbox_link, p)
            });
            if let Some(reply) = out.reply {
                self.emit(peer, &mut link, reply, now);
            }
        }
        self.pump(peer, &mut link, now);
    }

    /// The I/O loop: receives datagrams and runs the timers until [`UdpLinks::stop`].
    pub fn serve(&self) {
        let mut buf = [0u8; DATAGRAM_MAX];
        while !self.stop.load(Ordering::Relaxed) {
            match self.socket.recv_from(&mut buf) {
                Ok((n, from)) => self.on_datagram(&buf[..n], from),
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {}
                Err(_) => {
                    self.counts.socket_errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            let now = self.now();
            for peer in self.peers.iter() {
                let mut link = lock(&peer.link);
                self.pump(peer, &mut link, now);
            }
        }
    }

    /// Ends [`UdpLinks::serve`] and wakes senders blocked on a full window.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        for peer in self.peers.iter() {
            let _guard = lock(&peer.link);
            peer.room.notify_all();
        }
    }

    /// Packets sent and not yet acknowledged, over all peers.
    pub fn in_flight(&self) -> usize {
        self.peers.iter().map(|p| lock(&p.link).tx.in_flight()).sum()
    }

    /// Time since the last datagram from a peer arrived.
    pub fn quiet_for(&self) -> Duration {
        self.last_datagram.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }

    pub fn stats(&self) -> UdpStats {
        let c = &self.counts;
        let mut t = UdpStats {
            datagrams: c.datagrams.load(Ordering::Relaxed),
            unknown_source: c.unknown_source.load(Ordering::Relaxed),
            misaddressed: c.misaddressed.load(Ordering::Relaxed),
            unroutable: c.unroutable.load(Ordering::Relaxed),
            socket_errors: c.socket_errors.load(Ordering::Relaxed),
            ..UdpStats::default()
        };
        for p in self.peers.iter() {
            let l = lock(&p.link);
            t.sender.add(&l.tx.stats);
            t.receiver.add(&l.rx.stats);
            if let Some(ch) = &l.faults {
                t.channel.add(&ch.stats);
            }
            t.in_flight += l.tx.in_flight() as u64;
        }
        t
    }
}

impl Router for UdpLinks {
    /// To this node: the inbox. To a peer: into its window, blocking while the window is full
    /// (back-pressure), then onto the wire at once. Packets for no peer are counted, dropped.
    fn route(&self, _from: u16, pkt: Packet) {
        if pkt.dst == self.node {
            self.inbox.push(SELF_LINK, pkt);
            return;
        }
        let Some(peer) = self.by_node.get(&pkt.dst).map(|&i| &self.peers[i]) else {
            self.counts.unroutable.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut link = lock(&peer.link);
        while !link.tx.can_push() {
            if self.stop.load(Ordering::Relaxed) {
                self.counts.unroutable.fetch_add(1, Ordering::Relaxed);
                return;
            }
            link = peer.room.wait_timeout(link, POLL).unwrap_or_else(|e| e.into_inner()).0;
        }
        link.tx.push(pkt).expect("room checked above");
        self.pump(peer, &mut link, self.now());
    }
}

/// One card whose links are UDP: the card core, its memory, the worker and the I/O thread.
/// Dropping it stops both threads.
pub struct UdpNode {
    core: Arc<CardCore>,
    links: Arc<UdpLinks>,
    card: Arc<SimCard>,
    threads: Vec<JoinHandle<()>>,
}

impl UdpNode {
    /// Creates the card and binds the socket. The card runs at once; frames are received only
    /// after [`UdpNode::start`] (so a node can export its queues first: a packet for a queue
    /// not yet exported would be rejected by the card).
    pub fn bind(cfg: &UdpConfig, card: CardKind, engine: EngineKind, memory_bytes: usize) -> io::Result<UdpNode> {
        let links = Arc::new(UdpLinks::bind(cfg, card)?);
        let inbox = links.inbox();
        let engine = new_card(card, engine).map_err(io::Error::other)?;
        let memory = Arc::new(HostMemory::create(memory_bytes)?);
        let router: Arc<dyn Router> = links.clone();
        let core = Arc::new(CardCore::new(cfg.node, engine, memory, inbox, router));
        let worker = core.clone();
        let threads = vec![std::thread::Builder::new()
            .name(format!("renq-card{}", cfg.node))
            .spawn(move || worker.run_worker())?];
        let card = Arc::new(SimCard::local(core.clone())?);
        Ok(UdpNode { core, links, card, threads })
    }

    /// Starts receiving and running the link timers.
    pub fn start(&mut self) -> io::Result<()> {
        let links = self.links.clone();
        let io =
            std::thread::Builder::new().name(format!("renq-udp{}", self.core.node())).spawn(move || links.serve())?;
        self.threads.push(io);
        Ok(())
    }

    /// The driver's handle on the card.
    pub fn card(&self) -> Arc<SimCard> {
        self.card.clone()
    }

    pub fn links(&self) -> &UdpLinks {
        &self.links
    }

    /// Waits until every packet sent has been acknowledged; false if `timeout` passed first.
    pub fn flush(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.links.in_flight() > 0 {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    /// Keeps answering peers (re-ACKs of resent frames) until none has sent anything for
    /// `quiet`, or `limit` passed.
    pub fn linger(&self, quiet: Duration, limit: Duration) {
        let deadline = Instant::now() + limit;
        while self.links.quiet_for() < quiet && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for UdpNode {
    fn drop(&mut self) {
        self.links.stop();
        self.core.inbox().shutdown();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}
