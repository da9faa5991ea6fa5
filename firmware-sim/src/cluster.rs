//! N cards in one process, each with its own host memory and worker thread, linked all to all
//! through in-process inboxes (a packet to the card's own node loops back).

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use renq_abi::packet::Packet;
use renq_abi::MAX_NODES;

use crate::card::SimCard;
use crate::engine::{new_card, CardKind, EngineKind};
use crate::faults::Faults;
use crate::link::Inbox;
use crate::lossy::{LossyLinks, LossyStats};
use crate::memory::HostMemory;
use crate::port::{CardCore, Router};

/// What to build.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// Cards, 1..=MAX_NODES; card i is node i.
    pub nodes: usize,
    pub engine: EngineKind,
    /// Which card every node has (the paper FSM, or card v2: model engine only).
    pub card: CardKind,
    /// Bytes of host memory per node (the first 4 KiB are reserved).
    pub memory_bytes: usize,
}

impl Default for ClusterConfig {
    fn default() -> Self {
        ClusterConfig { nodes: 2, engine: EngineKind::Model, card: CardKind::Paper, memory_bytes: 16 << 20 }
    }
}

/// Routes by destination node to the cards of this cluster.
struct LocalRouter {
    inboxes: Vec<Arc<Inbox>>,
    unroutable: AtomicU64,
    /// Frames through the reliable layer over faulty channels, when faults are asked for.
    lossy: Option<LossyLinks>,
}

impl Router for LocalRouter {
    fn route(&self, from: u8, pkt: Packet) {
        match self.inboxes.get(pkt.dst as usize) {
            Some(inbox) => match &self.lossy {
                None => {
                    inbox.push(from as usize, pkt);
                }
                Some(l) => {
                    l.send(from as usize, pkt.dst as usize, inbox, pkt);
                }
            },
            // No such node: there is no link to put it on. Counted, never silent.
            None => {
                self.unroutable.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A running cluster. Dropping it stops the workers.
pub struct Cluster {
    cards: Vec<Arc<CardCore>>,
    /// The driver's handle on each card (one per node, so one DMA allocator per node).
    handles: Vec<Arc<SimCard>>,
    router: Arc<LocalRouter>,
    workers: Vec<JoinHandle<()>>,
}

impl Cluster {
    /// Builds and starts a cluster; panics if it cannot (see [`Cluster::try_new`]).
    pub fn new(config: ClusterConfig) -> Cluster {
        Cluster::try_new(config).expect("cannot build the renq cluster")
    }

    /// Builds and starts a cluster. Each card is at reset except NODE_ID = its index.
    pub fn try_new(config: ClusterConfig) -> io::Result<Cluster> {
        Cluster::try_with_faults(config, Faults::default(), 0)
    }

    /// As [`Cluster::try_new`], but when `faults` asks for any, every link carries frames
    /// through the go-back-N layer over a channel with those faults (seeded by `seed`).
    pub fn try_with_faults(config: ClusterConfig, faults: Faults, seed: u64) -> io::Result<Cluster> {
        if config.nodes == 0 || config.nodes > MAX_NODES {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("nodes must be 1..={MAX_NODES}")));
        }
        let inboxes: Vec<Arc<Inbox>> = (0..config.nodes).map(|_| Arc::new(Inbox::default())).collect();
        let lossy = (!faults.is_clean()).then(|| LossyLinks::new(config.nodes, faults, seed));
        let router = Arc::new(LocalRouter { inboxes: inboxes.clone(), unroutable: AtomicU64::new(0), lossy });
        let mut cards = Vec::new();
        for (i, inbox) in inboxes.into_iter().enumerate() {
            let engine = new_card(config.card, config.engine).map_err(io::Error::other)?;
            let memory = Arc::new(HostMemory::create(config.memory_bytes)?);
            let dyn_router: Arc<dyn Router> = router.clone();
            cards.push(Arc::new(CardCore::new(i as u8, engine, memory, inbox, dyn_router)));
        }
        let workers = cards
            .iter()
            .map(|c| {
                let c = c.clone();
                std::thread::Builder::new().name(format!("renq-card{}", c.node())).spawn(move || c.run_worker())
            })
            .collect::<io::Result<Vec<_>>>()?;
        let handles = cards.iter().map(|c| SimCard::local(c.clone()).map(Arc::new)).collect::<io::Result<_>>()?;
        Ok(Cluster { cards, handles, router, workers })
    }

    /// Number of cards.
    pub fn nodes(&self) -> usize {
        self.cards.len()
    }

    /// The driver's handle on card `i` (a `renq_driver::Device`; every call returns the same
    /// card, with the same DMA allocator).
    pub fn card(&self, i: usize) -> Arc<SimCard> {
        self.handles[i].clone()
    }

    /// Host memory of node `i`.
    pub fn memory(&self, i: usize) -> &HostMemory {
        self.cards[i].memory()
    }

    /// Blocks until every link is drained or blocked by a refusing card (stalled queue, RX
    /// off) and no card is busy. Stores made after the call starts may or may not be covered.
    pub fn wait_idle(&self) {
        for c in &self.cards {
            c.inbox().wait_idle();
        }
    }

    /// Packets still waiting on links into card `i` (e.g. behind a stalled queue).
    pub fn pending(&self, i: usize) -> usize {
        self.cards[i].inbox().pending()
    }

    /// Puts `pkt` on the link from node `from` into card `to`, as the network would deliver
    /// it, whatever its header says (for tests of hostile or misrouted packets). Blocks while
    /// that link is full.
    pub fn inject(&self, from: usize, to: usize, pkt: Packet) {
        self.cards[to].inbox().push(from, pkt);
    }

    /// What the reliable layer did, if the links are faulty.
    pub fn link_stats(&self) -> Option<LossyStats> {
        self.router.lossy.as_ref().map(LossyLinks::stats)
    }

    /// Packets sent to a node that does not exist in this cluster (dropped; counted here).
    pub fn unroutable(&self) -> u64 {
        self.router.unroutable.load(Ordering::Relaxed)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for c in &self.cards {
            c.inbox().shutdown();
        }
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}
