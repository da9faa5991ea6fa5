//! This card's links to the other cards, in the `renq-sim` socket protocol ([`crate::wire`]):
//! outgoing packets go over one connection per destination (opened on first use, `HELLO_LINK`
//! then 16-byte packets), incoming connections feed the card's [`Inbox`]. So a guest's card links
//! with `renq-sim` processes and with other `renq-qemu-dev` processes alike, in order per
//! (source, destination), with the sockets' back-pressure.

use std::collections::HashMap;
use std::io::{self, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use renq_abi::packet::{Packet, PACKET_BYTES};
use renq_abi::MAX_NODES;

use crate::link::Inbox;
use crate::port::Router;
use crate::wire::{read_words, write_words, HELLO_LINK};

/// How long the first packet to a peer waits for the peer's socket to appear (the other guest
/// may still be booting).
const PEER_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

/// Routes this card's packets: to itself through its inbox, to peers over sockets.
pub struct PeerRouter {
    node: u8,
    inbox: Arc<Inbox>,
    peers: HashMap<u8, PathBuf>,
    links: Vec<Mutex<Option<UnixStream>>>,
    unroutable: AtomicU64,
}

impl PeerRouter {
    pub fn new(node: u8, inbox: Arc<Inbox>, peers: &[(u8, PathBuf)]) -> PeerRouter {
        PeerRouter {
            node,
            inbox,
            peers: peers.iter().cloned().collect(),
            links: (0..MAX_NODES).map(|_| Mutex::new(None)).collect(),
            unroutable: AtomicU64::new(0),
        }
    }

    /// Packets that had no link to go on (no such peer, or its socket failed). Never silent.
    pub fn unroutable(&self) -> u64 {
        self.unroutable.load(Ordering::Relaxed)
    }

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

impl Router for PeerRouter {
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
                    eprintln!("renq-qemu-dev node {}: cannot reach node {} at {}: {e}", self.node, pkt.dst, path.display());
                    self.unroutable.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            }
        }
        if let Err(e) = link.as_mut().unwrap().write_all(&pkt.encode()) {
            eprintln!("renq-qemu-dev node {}: link to node {} failed: {e}", self.node, pkt.dst);
            self.unroutable.fetch_add(1, Ordering::Relaxed);
            *link = None;
        }
    }
}

/// Accepts peers' links on `listener` forever, one thread per link, packets into `inbox`.
pub fn serve_incoming(listener: UnixListener, inbox: Arc<Inbox>, node: u8) {
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        let inbox = inbox.clone();
        std::thread::spawn(move || {
            if let Err(e) = serve_link(conn, &inbox) {
                if e.kind() != io::ErrorKind::UnexpectedEof {
                    eprintln!("renq-qemu-dev node {node}: incoming link ended: {e}");
                }
            }
        });
    }
}

fn serve_link(mut conn: UnixStream, inbox: &Inbox) -> io::Result<()> {
    let [kind, src] = read_words::<2>(&mut conn)?;
    if kind != HELLO_LINK || src as usize >= MAX_NODES {
        // Only links are served here; the node's driver is the guest, not a socket client.
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("not a link hello: {kind:#x} {src}")));
    }
    let mut r = BufReader::with_capacity(64 * PACKET_BYTES, conn);
    let mut buf = [0u8; PACKET_BYTES];
    loop {
        r.read_exact(&mut buf)?;
        let pkt = Packet::decode(&buf)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("link from node {src} desynchronised: {e:?}")))?;
        if !inbox.push(src as usize, pkt) {
            return Ok(());
        }
    }
}
