//! One card in its own process (`renq-sim`): the card core, its host memory, and a UNIX
//! socket on which peer cards connect their links and the node's clients connect (protocol in
//! [`crate::wire`]). Packets to other nodes go over one outgoing connection per peer, opened on
//! first use, so per (source, destination) order is the order of writes on that socket.

use std::collections::HashMap;
use std::io::{self, BufReader, Read};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use renq_abi::packet::{Packet, PACKET_BYTES};
use renq_abi::MAX_NODES;

use crate::engine::{new_engine, EngineKind};
use crate::link::Inbox;
use crate::memory::HostMemory;
use crate::port::{CardCore, CardPort, Router};
use crate::wire::*;

/// How long a first packet to a peer waits for the peer's socket to appear.
const PEER_CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// What one `renq-sim` process runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub node: u8,
    pub socket: PathBuf,
    pub memory_bytes: usize,
    pub engine: EngineKind,
    /// Socket paths of the other nodes' `renq-sim` processes.
    pub peers: Vec<(u8, PathBuf)>,
}

/// Links to the other processes, opened lazily.
struct ProcessRouter {
    node: u8,
    inbox: Arc<Inbox>,
    peers: HashMap<u8, PathBuf>,
    links: Vec<Mutex<Option<UnixStream>>>,
    unroutable: AtomicU64,
}

impl ProcessRouter {
    fn connect(&self, path: &PathBuf) -> io::Result<UnixStream> {
        let deadline = Instant::now() + PEER_CONNECT_TIMEOUT;
        loop {
            match UnixStream::connect(path) {
                Ok(mut s) => {
                    write_words(&mut s, [HELLO_LINK, self.node as u64])?;
                    return Ok(s);
                }
                Err(e) if Instant::now() >= deadline => return Err(e),
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
    }
}

impl Router for ProcessRouter {
    fn route(&self, from: u8, pkt: Packet) {
        if pkt.dst == self.node {
            self.inbox.push(from as usize, pkt);
            return;
        }
        let Some(path) = self.peers.get(&pkt.dst) else {
            self.unroutable.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut link = self.links[pkt.dst as usize].lock().unwrap_or_else(|e| e.into_inner());
        if link.is_none() {
            match self.connect(path) {
                Ok(s) => *link = Some(s),
                Err(e) => {
                    eprintln!("renq-sim node {}: cannot reach node {} at {}: {e}", self.node, pkt.dst, path.display());
                    self.unroutable.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            }
        }
        // Blocks while the peer is not reading (its link inbox is full): back-pressure.
        if let Err(e) = std::io::Write::write_all(link.as_mut().unwrap(), &pkt.encode()) {
            eprintln!("renq-sim node {}: link to node {} failed: {e}", self.node, pkt.dst);
            self.unroutable.fetch_add(1, Ordering::Relaxed);
            *link = None;
        }
    }
}

/// A bound, not yet serving, card process.
pub struct Server {
    listener: UnixListener,
    card: Arc<CardCore>,
}

impl Server {
    /// Creates the card and its memory and binds the socket (a stale socket file is removed).
    pub fn bind(cfg: ServerConfig) -> io::Result<Server> {
        if cfg.node as usize >= MAX_NODES {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "node out of range"));
        }
        let inbox = Arc::new(Inbox::default());
        let router = Arc::new(ProcessRouter {
            node: cfg.node,
            inbox: inbox.clone(),
            peers: cfg.peers.iter().cloned().collect(),
            links: (0..MAX_NODES).map(|_| Mutex::new(None)).collect(),
            unroutable: AtomicU64::new(0),
        });
        let engine = new_engine(cfg.engine).map_err(io::Error::other)?;
        let memory = Arc::new(HostMemory::create(cfg.memory_bytes)?);
        let card = Arc::new(CardCore::new(cfg.node, engine, memory, inbox, router));
        let _ = std::fs::remove_file(&cfg.socket);
        let listener = UnixListener::bind(&cfg.socket)?;
        Ok(Server { listener, card })
    }

    /// The card this process runs.
    pub fn card(&self) -> Arc<CardCore> {
        self.card.clone()
    }

    /// Runs the card's worker and serves connections until the process ends.
    pub fn run(self) -> io::Result<()> {
        let worker = self.card.clone();
        std::thread::Builder::new().name("renq-card".into()).spawn(move || worker.run_worker())?;
        for conn in self.listener.incoming() {
            let conn = conn?;
            let card = self.card.clone();
            std::thread::spawn(move || {
                if let Err(e) = serve_connection(&card, conn) {
                    if e.kind() != io::ErrorKind::UnexpectedEof {
                        eprintln!("renq-sim node {}: connection ended: {e}", card.node());
                    }
                }
            });
        }
        Ok(())
    }
}

fn serve_connection(card: &CardCore, mut conn: UnixStream) -> io::Result<()> {
    let [kind, arg] = read_words::<2>(&mut conn)?;
    match kind {
        HELLO_LINK if (arg as usize) < MAX_NODES => serve_link(card, arg as usize, conn),
        HELLO_CLIENT => serve_client(card, conn),
        _ => Err(io::Error::new(io::ErrorKind::InvalidData, format!("bad hello {kind:#x}"))),
    }
}

/// A peer's link: packets into this card's inbox, in order, blocking when it is full.
fn serve_link(card: &CardCore, src: usize, conn: UnixStream) -> io::Result<()> {
    let mut r = BufReader::with_capacity(64 * PACKET_BYTES, conn);
    let mut buf = [0u8; PACKET_BYTES];
    loop {
        r.read_exact(&mut buf)?;
        let pkt = Packet::decode(&buf)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("link from node {src} desynchronised: {e:?}")))?;
        if !card.inbox().push(src, pkt) {
            return Ok(());
        }
    }
}

fn serve_client(card: &CardCore, mut conn: UnixStream) -> io::Result<()> {
    let mem = card.memory();
    let mut hello = [0u8; 16];
    hello[..8].copy_from_slice(&(card.node() as u64).to_le_bytes());
    hello[8..].copy_from_slice(&(mem.len() as u64).to_le_bytes());
    send_with_fd(&conn, &hello, mem.fd())?;
    let mut r = BufReader::with_capacity(64 * REQUEST_BYTES, conn.try_clone()?);
    loop {
        let [op, a, b, c] = read_words::<4>(&mut r)?;
        match op {
            OP_BAR0_READ => write_words(&mut conn, [card.bar0_read(a)])?,
            OP_BAR0_WRITE => card.bar0_write(a, b),
            OP_BAR2_WRITE => card.bar2_write(a, b, c as u8),
            OP_WAIT_IRQ => write_words(&mut conn, [card.wait_irq(Duration::from_nanos(a)) as u64])?,
            OP_WAIT_IDLE => {
                card.inbox().wait_idle();
                write_words(&mut conn, [0])?
            }
            OP_DMA_STATS => write_words(&mut conn, [mem.dma_reads(), mem.dma_writes()])?,
            _ => return Err(io::Error::new(io::ErrorKind::InvalidData, format!("bad request {op}"))),
        }
    }
}
