//! Links between card processes (`renq-sim` and `renq-qemu-dev` alike) over UNIX sockets, in
//! the protocol of [`crate::wire`]: one outgoing connection per destination, opened on first
//! use (`HELLO_LINK`, then 16-byte packets); each incoming link feeds the card's [`Inbox`].
//! Per (source, destination) order is the order of writes on that one socket, and a full
//! inbox stops the reader, so the socket back-pressures the sender: nothing is dropped.

use std::collections::HashMap;
use std::io::{self, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use renq_abi::packet::{Packet, PACKET_BYTES};

use crate::card_core::Router;
use crate::link::{Inbox, SELF_LINK};
use crate::wire::{write_words, HELLO_LINK};

/// Routes a card's packets: to itself through its inbox, to peers over sockets.
pub struct PeerRouter {
    /// Names the process in messages ("renq-sim", "renq-qemu-dev").
    program: &'static str,
    node: u16,
    inbox: Arc<Inbox>,
    /// Each peer's socket and the connection to it, opened on first use.
    peers: HashMap<u16, (PathBuf, Mutex<Option<UnixStream>>)>,
    /// How long a first packet to a peer waits for its socket to appear (it may be booting).
    connect_timeout: Duration,
    unroutable: AtomicU64,
}

impl PeerRouter {
    pub fn new(
        program: &'static str,
        node: u16,
        inbox: Arc<Inbox>,
        peers: &[(u16, PathBuf)],
        connect_timeout: Duration,
    ) -> Self {
        PeerRouter {
            program,
            node,
            inbox,
            peers: peers.iter().map(|(n, p)| (*n, (p.clone(), Mutex::new(None)))).collect(),
            connect_timeout,
            unroutable: AtomicU64::new(0),
        }
    }

    /// Packets that had no link to go on (no such peer, or its socket failed). Never silent.
    pub fn unroutable(&self) -> u64 {
        self.unroutable.load(Ordering::Relaxed)
    }

    fn connect(&self, path: &PathBuf) -> io::Result<UnixStream> {
        let deadline = Instant::now() + self.connect_timeout;
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
    /// To this node: its inbox's own link ([`SELF_LINK`], see `LinkMap`). To a peer: its socket.
    fn route(&self, _from: u16, pkt: Packet, _made: u64) {
        if pkt.dst == self.node {
            self.inbox.push(SELF_LINK, pkt);
            return;
        }
        let Some((path, link)) = self.peers.get(&pkt.dst) else {
            self.unroutable.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut link = link.lock().unwrap_or_else(|e| e.into_inner());
        if link.is_none() {
            match self.connect(path) {
                Ok(s) => *link = Some(s),
                Err(e) => {
                    eprintln!(
                        "{} node {}: cannot reach node {} at {}: {e}",
                        self.program,
                        self.node,
                        pkt.dst,
                        path.display()
                    );
                    self.unroutable.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            }
        }
        // Blocks while the peer is not reading (its link inbox is full): back-pressure.
        if let Err(e) = link.as_mut().expect("connected above").write_all(&pkt.encode()) {
            eprintln!("{} node {}: link to node {} failed: {e}", self.program, self.node, pkt.dst);
            self.unroutable.fetch_add(1, Ordering::Relaxed);
            *link = None;
        }
    }
}

/// Reads node `src`'s link (after its hello) into link `link` of `inbox`, in order, blocking
/// while it is full. Returns when the inbox is closed or the peer hangs up.
pub fn read_link(conn: UnixStream, src: u16, link: usize, inbox: &Inbox) -> io::Result<()> {
    let mut r = BufReader::with_capacity(64 * PACKET_BYTES, conn);
    let mut buf = [0u8; PACKET_BYTES];
    loop {
        r.read_exact(&mut buf)?;
        let pkt = Packet::decode(&buf).map_err(|e| {
            io::Error::new(io::ErrorKind::InvalidData, format!("link from node {src} desynchronised: {e:?}"))
        })?;
        if !inbox.push(link, pkt) {
            return Ok(());
        }
    }
}
