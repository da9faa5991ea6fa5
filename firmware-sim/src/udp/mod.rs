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
//!
//! Incarnations (spec §7b): each node stamps its frames with its boot number and with the
//! peer's as last learned. A frame from a later incarnation of a peer means it restarted: both
//! ends of that pair start again at sequence number 0, the packets this node had in flight to
//! it are dropped as lost (never delivered to the new incarnation), and a `PeerReset` notice
//! goes into the card's inbox behind the old incarnation's last packet, so the card fails the
//! portals that wait for its answers; until the card has taken it, packets made before are
//! dropped too. A frame of an earlier incarnation of the peer, or one meant for an earlier
//! incarnation of this node, is dropped (`stale`); the latter is answered with an ACK that
//! tells the peer who is here now.

mod node;
pub use node::UdpNode;

use std::collections::{HashMap, HashSet};
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use renq_abi::frame::{incarnation_after, node_mac, Body, MAX_FRAME_PACKETS, NO_INCARNATION};
use renq_abi::packet::{Kind, Packet};

use crate::card_core::Router;
use crate::engine::CardKind;
use crate::faults::{Channel, ChannelStats, Faults};
use crate::link::{Inbox, LinkMap, SELF_LINK};
use crate::reliable::{Incarnations, LinkReceiver, LinkReceiverStats, LinkSender, LinkSenderStats, Macs};

/// Real time per tick of the reliable layer: `RTO` = 64 ticks = 0.64 ms, `RTO_MAX` = 41 ms.
pub const TICK: Duration = Duration::from_micros(10);
/// Ticks the fault injector holds a frame before it leaves: none (UDP has its own latency); a
/// reordered frame is held 1..4 ticks, a duplicate up to 1 tick after the original. A held frame
/// leaves at the I/O thread's next turn; a frame held on every send had a peer's timers fire on
/// the injector's delays, not the faults (158 timeouts in 5 200 frames with no fault drawn).
pub const FAULT_LATENCY_TICKS: u64 = 0;
/// How long the I/O thread waits for a datagram before it looks at the timers again.
const POLL: Duration = Duration::from_micros(500);
/// DATA frames a link end keeps unacknowledged before the next waits for an ACK and carries
/// every packet that came meanwhile (spec §7b): at idle a packet leaves at once, under load
/// they share frames.
pub const FRAMES_AHEAD: usize = 2;
/// How long a thread serving the links waits: until the tick `next` of the next timer (at
/// least one tick), at most `POLL`.
fn wait_until(next: u64, now: u64) -> Duration {
    (TICK * next.saturating_sub(now).clamp(1, 1 << 20) as u32).min(POLL)
}

/// Largest datagram read; anything longer is cut here and counted as a bad length.
const DATAGRAM_MAX: usize = 2048;

/// A new incarnation for a link end starting now: the wall clock in milliseconds (mod 2^32),
/// later than any this process handed out before, never `NO_INCARNATION`. A node that restarts
/// takes longer than a millisecond, so its new number is later than its old one.
pub fn new_incarnation() -> u32 {
    static LAST: AtomicU32 = AtomicU32::new(NO_INCARNATION);
    let ms = SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_millis() as u32);
    let mut last = LAST.load(Ordering::Relaxed);
    loop {
        let mut next = if incarnation_after(ms, last) { ms } else { last.wrapping_add(1) };
        if next == NO_INCARNATION {
            next = 1;
        }
        match LAST.compare_exchange(last, next, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => return next,
            Err(now) => last = now,
        }
    }
}

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
    tx: LinkSender,
    rx: LinkReceiver,
    faults: Option<Channel>,
}

struct Peer {
    node: u16,
    /// The inbox link its packets go on.
    inbox_link: usize,
    addr: SocketAddr,
    link: Mutex<Link>,
    /// Signalled when an ACK frees room in the window (or a restart empties it).
    room: Condvar,
    /// Bumped when the card takes this peer's `PeerReset` notice ([`Router::era`]).
    era: AtomicU64,
    /// The peer restarted and the card has not yet taken the notice: packets toward it are
    /// dropped (the card counts them lost when it takes the notice).
    resetting: AtomicBool,
    /// What this node saw of the peer, for the reports.
    seen: Mutex<PeerSeen>,
}

/// When a peer was last heard from, and when it restarted (since the links started).
#[derive(Clone, Debug, Default)]
pub struct PeerSeen {
    pub last_frame: Option<Instant>,
    pub restarts: Vec<Duration>,
    /// It sent frames meant for an earlier incarnation of this node: this node restarted.
    pub knew_earlier: bool,
}

/// Counts of the transport, beside the reliable layer's own.
#[derive(Default)]
struct Counters {
    unknown_source: AtomicU64,
    misaddressed: AtomicU64,
    unroutable: AtomicU64,
    socket_errors: AtomicU64,
    datagrams: AtomicU64,
    stale: AtomicU64,
    peer_restarts: AtomicU64,
    lost_to_restarts: AtomicU64,
}

/// Totals over a node's links.
#[derive(Clone, Copy, Debug, Default)]
pub struct UdpStats {
    pub sender: LinkSenderStats,
    pub receiver: LinkReceiverStats,
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
    /// Frames of an earlier incarnation of a peer, or meant for one of this node: dropped.
    pub stale: u64,
    /// Peers seen to restart (a frame of a later incarnation).
    pub peer_restarts: u64,
    /// Packets toward a peer that restarted, dropped unacknowledged or before they were sent:
    /// the card fails their portals (spec §7c), nothing reaches the new incarnation.
    pub lost_to_restarts: u64,
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
            format!(
                "link: peer restarts {}, packets lost to them {}, stale frames {}",
                self.peer_restarts, self.lost_to_restarts, self.stale
            ),
            format!("link: {}", self.channel.line()),
        ]
    }
}

/// A node's UDP links: its [`Router`] toward peers and the receive side into its inbox.
pub struct UdpLinks {
    node: u16,
    /// This node's incarnation ([`new_incarnation`]).
    incarnation: u32,
    socket: UdpSocket,
    /// The socket's own address: an empty datagram from it wakes the I/O thread.
    me: SocketAddr,
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
        let incarnation = new_incarnation();
        let mut peers = Vec::with_capacity(cfg.peers.len());
        for &(id, addr) in &cfg.peers {
            let macs = Macs { local: node_mac(cfg.node), peer: node_mac(id) };
            let seed = cfg.seed ^ ((cfg.node as u64) << 16 | id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let faults = (!cfg.faults.is_clean()).then(|| Channel::new(cfg.faults, FAULT_LATENCY_TICKS, seed));
            let (mut tx, mut rx) = (
                LinkSender::batching(macs, MAX_FRAME_PACKETS).selective().frames_ahead(FRAMES_AHEAD).adaptive(),
                LinkReceiver::selective(macs),
            );
            tx.incarnations = Incarnations { local: incarnation, peer: NO_INCARNATION };
            rx.incarnations = tx.incarnations;
            let inbox_link = map.link_of(id).expect("every peer has a link");
            peers.push(Peer {
                node: id,
                inbox_link,
                addr,
                link: Mutex::new(Link { tx, rx, faults }),
                room: Condvar::new(),
                era: AtomicU64::new(0),
                resetting: AtomicBool::new(false),
                seen: Mutex::new(PeerSeen::default()),
            });
        }
        let now = Instant::now();
        Ok(UdpLinks {
            node: cfg.node,
            incarnation,
            me: socket.local_addr()?,
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

    fn send_datagram(&self, frame: &[u8], to: SocketAddr) {
        if self.socket.send_to(frame, to).is_err() {
            self.counts.socket_errors.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Puts one frame toward `peer` (through the fault injector, if any).
    fn emit(&self, peer: &Peer, link: &mut Link, frame: Vec<u8>, now: u64) {
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
        if bytes.is_empty() && from == self.me {
            return; // a wake-up (see `route`)
        }
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
        let Some(f) = link.rx.stats.bad.decode(bytes) else { return };
        if !self.admit(peer, &mut link, f.src_incarnation, f.dst_incarnation, now) {
            return;
        }
        if matches!(f.body, Body::Ack | Body::Nak) {
            link.tx.on_frame(&f, now);
            peer.room.notify_all();
        } else {
            let (src, node, inbox, counts) = (peer.node, self.node, &self.inbox, &self.counts);
            let inbox_link = peer.inbox_link;
            let out = link.rx.on_frame_into(&f, |p| {
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

    /// The incarnation checks of a frame from `peer` (see the module doc): whether the
    /// reliable layer gets it. A later incarnation of the peer restarts the pair first.
    fn admit(&self, peer: &Peer, link: &mut Link, src: u32, dst: u32, now: u64) -> bool {
        let known = link.rx.incarnations.peer;
        if src != known {
            if known != NO_INCARNATION && !incarnation_after(src, known) {
                self.counts.stale.fetch_add(1, Ordering::Relaxed);
                return false;
            }
            if known != NO_INCARNATION {
                self.restart(peer, link);
            }
            link.tx.incarnations.peer = src;
            link.rx.incarnations.peer = src;
        }
        let mut seen = peer.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.last_frame = Some(Instant::now());
        if dst != NO_INCARNATION && dst != self.incarnation {
            // Meant for an earlier incarnation of this node: say who is here now.
            seen.knew_earlier = true;
            self.counts.stale.fetch_add(1, Ordering::Relaxed);
            let ack = link.rx.ack_now();
            self.emit(peer, link, ack, now);
            return false;
        }
        true
    }

    /// `peer` restarted: both ends of the pair start over, what was in flight to it is lost,
    /// and the card hears of it behind the old incarnation's last packet.
    fn restart(&self, peer: &Peer, link: &mut Link) {
        peer.resetting.store(true, Ordering::SeqCst);
        let lost = link.tx.reset().len() as u64;
        link.rx.reset();
        self.counts.lost_to_restarts.fetch_add(lost, Ordering::Relaxed);
        self.counts.peer_restarts.fetch_add(1, Ordering::Relaxed);
        peer.seen.lock().unwrap_or_else(|e| e.into_inner()).restarts.push(self.start.elapsed());
        let notice = Packet { src: peer.node, dst: self.node, kind: Kind::PeerReset, ..Packet::default() };
        self.inbox.push_notice(peer.inbox_link, notice);
        peer.room.notify_all();
    }

    /// The I/O loop: receives datagrams and runs the timers until [`UdpLinks::stop`].
    /// Waits for a datagram no longer than until the next timer of any link (retransmit,
    /// probe, a frame the fault injector holds), and at most `POLL`.
    pub fn serve(&self) {
        let mut buf = [0u8; DATAGRAM_MAX];
        let mut wait = POLL;
        while !self.stop.load(Ordering::Relaxed) {
            match self.socket.recv_from(&mut buf) {
                Ok((n, from)) => self.on_datagram(&buf[..n], from),
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {}
                Err(_) => {
                    self.counts.socket_errors.fetch_add(1, Ordering::Relaxed);
                }
            }
            let now = self.now();
            let mut next = u64::MAX;
            for peer in self.peers.iter() {
                let mut link = lock(&peer.link);
                self.pump(peer, &mut link, now);
                let held = link.faults.as_ref().and_then(Channel::next_due);
                next = next.min(link.tx.next_timer().unwrap_or(u64::MAX)).min(held.unwrap_or(u64::MAX));
            }
            let due = wait_until(next, now);
            if due != wait {
                wait = due;
                let _ = self.socket.set_read_timeout(Some(wait));
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

    /// What this node saw of peer `node`: its last frame and its restarts.
    pub fn peer_seen(&self, node: u16) -> Option<PeerSeen> {
        let peer = &self.peers[*self.by_node.get(&node)?];
        Some(peer.seen.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }

    /// This node's incarnation.
    pub fn incarnation(&self) -> u32 {
        self.incarnation
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
            stale: c.stale.load(Ordering::Relaxed),
            peer_restarts: c.peer_restarts.load(Ordering::Relaxed),
            lost_to_restarts: c.lost_to_restarts.load(Ordering::Relaxed),
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
    /// (back-pressure), then onto the wire at once. Packets for no peer are counted, dropped;
    /// packets made before the peer's restart reached the card are dropped as lost to it.
    fn route(&self, _from: u16, pkt: Packet, made: u64) {
        if pkt.dst == self.node {
            self.inbox.push(SELF_LINK, pkt);
            return;
        }
        let Some(peer) = self.by_node.get(&pkt.dst).map(|&i| &self.peers[i]) else {
            self.counts.unroutable.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut link = lock(&peer.link);
        loop {
            if peer.resetting.load(Ordering::SeqCst) || peer.era.load(Ordering::SeqCst) != made {
                self.counts.lost_to_restarts.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if link.tx.can_push() {
                break;
            }
            if self.stop.load(Ordering::Relaxed) {
                self.counts.unroutable.fetch_add(1, Ordering::Relaxed);
                return;
            }
            // The window is full: this thread serves the link's timers while it waits (a
            // probe or a resend is what frees the window after a loss), so their firing does
            // not depend on the I/O thread getting a CPU.
            let now = self.now();
            self.pump(peer, &mut link, now);
            let until = wait_until(link.tx.next_timer().unwrap_or(u64::MAX), now);
            link = peer.room.wait_timeout(link, until).unwrap_or_else(|e| e.into_inner()).0;
        }
        link.tx.push(pkt).expect("room checked above");
        self.pump(peer, &mut link, self.now());
        // A frame the fault injector holds leaves at the I/O thread's next turn: wake it now,
        // not after the wait it chose before this frame existed.
        if link.faults.as_ref().is_some_and(|ch| !ch.is_empty()) {
            let _ = self.socket.send_to(&[], self.me);
        }
    }

    fn era(&self, node: u16) -> u64 {
        self.by_node.get(&node).map_or(0, |&i| self.peers[i].era.load(Ordering::SeqCst))
    }

    fn peer_reset_taken(&self, node: u16) {
        if let Some(&i) = self.by_node.get(&node) {
            let peer = &self.peers[i];
            let _link = lock(&peer.link);
            peer.era.fetch_add(1, Ordering::SeqCst);
            peer.resetting.store(false, Ordering::SeqCst);
        }
    }
}
