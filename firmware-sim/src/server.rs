//! One card in its own process (`renq-sim`): the card core, its host memory, and a UNIX
//! socket on which peer cards connect their links and the node's clients connect (protocol in
//! [`crate::wire`]). Packets to other nodes go over one outgoing connection per peer, opened on
//! first use, so per (source, destination) order is the order of writes on that socket; or,
//! with [`Server::bind_udp`], over UDP through the go-back-N layer (faults allowed).

use std::io::{self, BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::card_core::{CardCore, Router};
use crate::engine::{new_card, CardKind, EngineKind};
use crate::link::{Inbox, LinkMap};
use crate::memory::HostMemory;
use crate::peer::{read_link, PeerRouter};
use crate::udp::{UdpConfig, UdpLinks};
use crate::wire::*;

/// How long a first packet to a peer waits for the peer's socket to appear.
const PEER_CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// What one `renq-sim` process runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Below the card's NODE_ID range (`CardKind::max_nodes`: 16 paper, 1 024 the card).
    pub node: u16,
    pub socket: PathBuf,
    pub memory_bytes: usize,
    pub engine: EngineKind,
    /// Which card (the card or the paper card) the engine runs.
    pub card: CardKind,
    /// Socket paths of the other nodes' `renq-sim` processes; only these may link in.
    pub peers: Vec<(u16, PathBuf)>,
}

impl ServerConfig {
    /// Refuses node ids outside the card's range and a peer named twice or like this node.
    pub fn check(&self) -> Result<(), String> {
        let mut ids = std::collections::HashSet::from([self.node]);
        for n in std::iter::once(self.node).chain(self.peers.iter().map(|&(n, _)| n)) {
            self.card.check_node_id("node id", n)?;
        }
        if let Some(&(n, _)) = self.peers.iter().find(|&&(n, _)| !ids.insert(n)) {
            return Err(format!("node {n} is named twice (this node is {})", self.node));
        }
        Ok(())
    }
}

/// A bound, not yet serving, card process.
pub struct Server {
    listener: UnixListener,
    card: Arc<CardCore>,
    /// The inbox link of each node that may link in over a UNIX socket.
    links: Arc<LinkMap>,
    /// Links over UDP instead of UNIX sockets ([`Server::bind_udp`]); served by their own thread.
    udp: Option<Arc<UdpLinks>>,
}

impl Server {
    /// Creates the card and its memory and binds the socket (a stale socket file is removed).
    pub fn bind(cfg: ServerConfig) -> io::Result<Server> {
        cfg.check().map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let map = LinkMap::new(cfg.node, cfg.peers.iter().map(|&(n, _)| n));
        let inbox = Arc::new(map.inbox());
        let router = Arc::new(PeerRouter::new("renq-sim", cfg.node, inbox.clone(), &cfg.peers, PEER_CONNECT_TIMEOUT));
        Server::with_router(&cfg, map, inbox, router, None)
    }

    /// Like [`Server::bind`], but the card's links to its peers are UDP datagrams through the
    /// go-back-N layer and the fault injector `udp` asks for ([`crate::udp`]); `cfg.peers` is
    /// not used. Clients still connect to the UNIX socket.
    pub fn bind_udp(cfg: ServerConfig, udp: &UdpConfig) -> io::Result<Server> {
        if udp.node != cfg.node {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "UDP links of another node"));
        }
        let links = Arc::new(UdpLinks::bind(udp, cfg.card)?);
        // Only the card's own packets use the inbox's UNIX-socket side: no peer links in there.
        let map = LinkMap::new(cfg.node, []);
        Server::with_router(&cfg, map, links.inbox(), links.clone(), Some(links))
    }

    fn with_router(
        cfg: &ServerConfig,
        links: LinkMap,
        inbox: Arc<Inbox>,
        router: Arc<dyn Router>,
        udp: Option<Arc<UdpLinks>>,
    ) -> io::Result<Server> {
        let engine = new_card(cfg.card, cfg.engine).map_err(io::Error::other)?;
        let memory = Arc::new(HostMemory::create(cfg.memory_bytes)?);
        let card = Arc::new(CardCore::new(cfg.node, engine, memory, inbox, router));
        let _ = std::fs::remove_file(&cfg.socket);
        let listener = UnixListener::bind(&cfg.socket)?;
        Ok(Server { listener, card, links: Arc::new(links), udp })
    }

    /// The card this process runs.
    pub fn card(&self) -> Arc<CardCore> {
        self.card.clone()
    }

    /// Runs the card's worker and serves connections until the process ends.
    pub fn run(self) -> io::Result<()> {
        let worker = self.card.clone();
        std::thread::Builder::new().name("renq-card".into()).spawn(move || worker.run_worker())?;
        if let Some(links) = self.udp.clone() {
            std::thread::Builder::new().name("renq-udp".into()).spawn(move || links.serve())?;
        }
        for conn in self.listener.incoming() {
            let conn = conn?;
            let (card, links) = (self.card.clone(), self.links.clone());
            let udp = self.udp.clone();
            std::thread::spawn(move || {
                if let Err(e) = serve_connection(&card, &links, conn, udp.as_deref()) {
                    if e.kind() != io::ErrorKind::UnexpectedEof {
                        eprintln!("renq-sim node {}: connection ended: {e}", card.node());
                    }
                }
            });
        }
        Ok(())
    }
}

fn serve_connection(card: &CardCore, links: &LinkMap, mut conn: UnixStream, udp: Option<&UdpLinks>) -> io::Result<()> {
    let [kind, arg] = read_words::<2>(&mut conn)?;
    let peer = u16::try_from(arg).ok().and_then(|n| links.link_of(n).map(|l| (n, l)));
    match kind {
        HELLO_LINK => match peer {
            Some((src, link)) if src != card.node() => read_link(conn, src, link, card.inbox()),
            _ => Err(io::Error::new(io::ErrorKind::InvalidData, format!("link from node {arg}, which is no peer"))),
        },
        HELLO_CLIENT => serve_client(card, conn, udp),
        _ => Err(io::Error::new(io::ErrorKind::InvalidData, format!("bad hello {kind:#x}"))),
    }
}

fn serve_client(card: &CardCore, mut conn: UnixStream, udp: Option<&UdpLinks>) -> io::Result<()> {
    let mem = card.memory();
    let mut hello = [0u8; 16];
    hello[..8].copy_from_slice(&u64::from(card.node()).to_le_bytes());
    hello[8..].copy_from_slice(&(mem.len() as u64).to_le_bytes());
    send_with_fd(&conn, &hello, mem.fd())?;
    let mut r = BufReader::with_capacity(64 * REQUEST_BYTES, conn.try_clone()?);
    loop {
        let [op, a, b, c] = read_words::<4>(&mut r)?;
        match op {
            OP_BAR0_READ => write_words(&mut conn, [card.bar0_read(a)])?,
            OP_BAR0_WRITE => card.bar0_write(a, b),
            OP_BAR2_WRITE => card.bar2_write(a, b, c as u8),
            OP_BAR2_READ => write_words(&mut conn, [card.bar2_read(a)])?,
            OP_WAIT_IRQ => write_words(&mut conn, [card.wait_irq(Duration::from_nanos(a)) as u64])?,
            OP_WAIT_IDLE => {
                card.inbox().wait_idle();
                write_words(&mut conn, [0])?
            }
            OP_DMA_STATS => write_words(&mut conn, [mem.dma_reads(), mem.dma_writes()])?,
            OP_LINK_REPORT => {
                let text = udp.map(|l| l.stats().lines().join("\n")).unwrap_or_default();
                write_words(&mut conn, [text.len() as u64])?;
                conn.write_all(text.as_bytes())?
            }
            _ => return Err(io::Error::new(io::ErrorKind::InvalidData, format!("bad request {op}"))),
        }
    }
}
