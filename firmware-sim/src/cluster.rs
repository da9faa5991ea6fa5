//! N cards in one process, each with its own host memory and worker thread, linked all to all
//! through in-process inboxes (a packet to the card's own node loops back).

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::card_core::{CardCore, Router};
use crate::engine::{new_card, CardKind, EngineKind};
use crate::faults::Faults;
use crate::link::{Inbox, LINK_CAPACITY};
use crate::lossy::{LossyLinks, LossyStats};
use crate::memory::HostMemory;
use crate::sim_card::SimCard;
use renq_abi::packet::Packet;

/// What to build.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// Cards, 1..=`card.max_nodes()` (16 paper, 1 024 the card); card i is node i.
    pub nodes: usize,
    pub engine: EngineKind,
    /// Which card every node has (the card, the default, or the paper FSM).
    pub card: CardKind,
    /// Bytes of host memory per node (the first 4 KiB are reserved).
    pub memory_bytes: usize,
}

impl Default for ClusterConfig {
    fn default() -> Self {
        ClusterConfig { nodes: 2, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes: 16 << 20 }
    }
}

/// Routes by destination node to the cards of this cluster.
struct LocalRouter {
    /// The card (index) of each node id, `None` for ids no card has (indexed by id, so a
    /// packet is routed without a search through a thousand cards).
    card_by_id: Vec<Option<usize>>,
    inboxes: Vec<Arc<Inbox>>,
    unroutable: AtomicU64,
    /// Frames through the reliable layer over faulty channels, when faults are asked for.
    lossy: Option<LossyLinks>,
}

impl LocalRouter {
    /// The card (index) that is node `id`.
    fn card_of(&self, id: u16) -> Option<usize> {
        self.card_by_id.get(id as usize).copied().flatten()
    }
}

impl Router for LocalRouter {
    /// Links and inboxes are per card index (a node id may be up to the card's NODE_ID range).
    fn route(&self, from: u16, pkt: Packet, _made: u64) {
        let link = self.card_of(from).zip(self.card_of(pkt.dst));
        match link {
            Some((from, to)) => match &self.lossy {
                None => {
                    self.inboxes[to].push(from, pkt);
                }
                Some(l) => {
                    l.send(from, to, &self.inboxes[to], pkt);
                }
            },
            // No such node: there is no link to put it on. Counted, never silent.
            None => {
                self.unroutable.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    fn try_route_batch(&self, from: u16, batch: &mut Vec<(Packet, u64)>) {
        if self.lossy.is_none() {
            let taken = self.push_runs(from, batch, false);
            batch.drain(..taken);
        }
    }

    fn route_batch(&self, from: u16, batch: Vec<(Packet, u64)>) {
        if self.lossy.is_some() {
            batch.into_iter().for_each(|(p, made)| self.route(from, p, made));
        } else {
            self.push_runs(from, &batch, true);
        }
    }
}

impl LocalRouter {
    /// Puts `batch` on the plain links in order, each run of packets for one card under one
    /// lock (the local links never restart: every era is 0). `wait`: blocks while a link is
    /// full; else stops at the first run that does not fit. Returns how many packets it took
    /// (put on a link, or counted unroutable).
    fn push_runs(&self, from: u16, batch: &[(Packet, u64)], wait: bool) -> usize {
        let mut taken = 0;
        let mut run = Vec::with_capacity(batch.len());
        while taken < batch.len() {
            let dst = batch[taken].0.dst;
            run.clear();
            run.extend(batch[taken..].iter().take_while(|(p, _)| p.dst == dst).map(|(p, _)| *p));
            let pushed = match self.card_of(from).zip(self.card_of(dst)) {
                // No such node: there is no link to put them on. Counted, never silent.
                None => {
                    self.unroutable.fetch_add(run.len() as u64, Ordering::Relaxed);
                    run.len()
                }
                Some((from, to)) if wait => {
                    self.inboxes[to].push_all(from, &run);
                    run.len()
                }
                Some((from, to)) => self.inboxes[to].try_push_all(from, &run),
            };
            taken += pushed;
            if pushed < run.len() {
                break;
            }
        }
        taken
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
        let max = config.card.max_nodes();
        if config.nodes == 0 || config.nodes > max {
            let card = config.card.name();
            return Err(io::Error::new(io::ErrorKind::InvalidInput, format!("nodes must be 1..={max} ({card} card)")));
        }
        // At most the card's NODE_ID range, so every index is a node id.
        let ids = (0..config.nodes as u16).collect();
        Cluster::build(config, ids, faults, seed)
    }

    /// As [`Cluster::try_new`], but card i is node `ids[i]` (its NODE_ID and the address its
    /// packets are routed by): the card clusters can use node ids up to 1 023
    /// (`CardKind::max_nodes`). `config.nodes` is ignored: there are `ids.len()` cards.
    pub fn try_with_node_ids(config: ClusterConfig, ids: &[u16]) -> io::Result<Cluster> {
        let invalid = |m: String| Err(io::Error::new(io::ErrorKind::InvalidInput, m));
        if ids.is_empty() || ids.len() > config.card.max_nodes() {
            return invalid(format!("1..={} node ids ({} card)", config.card.max_nodes(), config.card.name()));
        }
        if let Err(e) = ids.iter().try_for_each(|&id| config.card.check_node_id("node id", id)) {
            return invalid(e);
        }
        if let Some((i, &id)) = ids.iter().enumerate().find(|&(i, id)| ids[..i].contains(id)) {
            return invalid(format!("node {id} is named twice (card {i})"));
        }
        Cluster::build(config, ids.to_vec(), Faults::default(), 0)
    }

    fn build(config: ClusterConfig, ids: Vec<u16>, faults: Faults, seed: u64) -> io::Result<Cluster> {
        let nodes = ids.len();
        // One inbox link per card of the cluster (the sender's index), whatever the node ids.
        let inboxes: Vec<Arc<Inbox>> = (0..nodes).map(|_| Arc::new(Inbox::with_links(nodes, LINK_CAPACITY))).collect();
        let lossy = (!faults.is_clean()).then(|| LossyLinks::new(nodes, faults, seed));
        let mut card_by_id = vec![None; ids.iter().map(|&id| id as usize + 1).max().unwrap_or(0)];
        for (card, &id) in ids.iter().enumerate() {
            card_by_id[id as usize] = Some(card);
        }
        let router =
            Arc::new(LocalRouter { card_by_id, inboxes: inboxes.clone(), unroutable: AtomicU64::new(0), lossy });
        let mut cards = Vec::new();
        for (&id, inbox) in ids.iter().zip(inboxes) {
            let engine = new_card(config.card, config.engine).map_err(io::Error::other)?;
            let memory = Arc::new(HostMemory::create(config.memory_bytes)?);
            let dyn_router: Arc<dyn Router> = router.clone();
            cards.push(Arc::new(CardCore::new(id, engine, memory, inbox, dyn_router)));
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

    /// Makes every node's host memory resident (`HostMemory::prefault`), as a host pins DMA
    /// memory before a card uses it; for measurements that must not count first-touch faults.
    pub fn prefault_memory(&self) {
        for i in 0..self.cards.len() {
            self.memory(i).prefault();
        }
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
