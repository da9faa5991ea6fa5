//! The systems `demo` and `bench` run, each set up as the library's own types — `renq::Sender`s
//! and one `renq::Receiver` — so the harness (`run.rs`) drives every one the same way: the
//! renq card on a simulated cluster (any engine, threads or a process per card), the RDMA
//! fallback through `renq::Node` (only the `Backend` differs), and the seed algorithm, which
//! is not a library backend (it is the baseline) but plugs into `Sender`/`Receiver` through
//! the library's transport traits.

use crate::args::Workload;
use renq::{Backend, Metrics, Node, RdmaShmConfig, Receiver, Sender};
use renq_rdma::latency::WithLatency;
use renq_rdma::{seed, OpCounters, RdmaDequeue, RdmaEnqueue, ShmHandle, ShmRegion};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind, SimCard};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Which system to build.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The renq card: which card, on which engine.
    Card(CardKind, EngineKind),
    RdmaSeed,
    RdmaFast,
}

impl Kind {
    /// The system's name; RDMA ones say the round trip time their senders wait.
    pub fn label(self, rtt: Duration) -> String {
        let over = if rtt.is_zero() { "shm".to_string() } else { format!("shm, {} RTT", fmt_rtt(rtt)) };
        match self {
            Kind::Card(card, engine) => format!("{} ({engine} engine)", card.spec().title),
            Kind::RdmaSeed => format!("rdma seed ({over})"),
            Kind::RdmaFast => format!("rdma fast ({over})"),
        }
    }
}

/// A round trip time as people write it: whole microseconds as µs, else ns.
pub fn fmt_rtt(rtt: Duration) -> String {
    let ns = rtt.as_nanos();
    if ns >= 1000 && ns.is_multiple_of(1000) {
        format!("{} µs", ns / 1000)
    } else {
        format!("{ns} ns")
    }
}

/// Host memory per simulated node: room for the queue's overflow buffers while the consumer
/// lags behind the producers.
const NODE_MEMORY_BYTES: usize = 256 << 20;
/// The queue the demo uses on node 0.
const QUEUE: renq::QueueId = 0;

/// A queue set up on one system: a sender per producer, the receiver, and what to count.
/// Field order is drop order: senders and the receiver go before the nodes and the cluster.
pub struct Setup {
    pub name: String,
    pub senders: Vec<Sender>,
    pub receiver: Receiver,
    counts: Counts,
    _hold: Hold,
}

/// Where the operation counts come from.
enum Counts {
    /// Library nodes: their metrics now minus at set-up.
    Nodes { nodes: Vec<Node>, start: Vec<Metrics>, rdma: bool },
    /// The seed baseline: its producers add their verbs counts here when dropped.
    Seed(Arc<Mutex<OpCounters>>),
}

/// What must outlive the run. Held only so that dropping the setup stops it.
#[allow(dead_code)]
enum Hold {
    Threads(Cluster),
    /// The card processes, and a handle on each card (for its link counters).
    Processes(crate::procs::CardProcesses, Vec<Arc<SimCard>>),
    /// The RDMA fallback's queue regions.
    RdmaDir(TempDir),
    Region(Arc<ShmRegion>),
}

/// A directory removed on drop.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn setup(w: &Workload, kind: Kind) -> Result<Setup, String> {
    let label = kind.label(w.rdma_rtt());
    let name = match kind {
        Kind::Card(..) if w.processes && !w.link_faults().is_clean() => {
            format!("{label}, a process per card, linked over UDP")
        }
        Kind::Card(..) if w.processes => format!("{label}, a process per card"),
        _ => label,
    };
    let (hold, nodes) = match kind {
        Kind::RdmaSeed => return seed_setup(w, name),
        Kind::Card(card, engine) => card_nodes(w, card, engine)?,
        Kind::RdmaFast => {
            let dir = std::env::temp_dir().join(format!("renq-rdma-{}", std::process::id()));
            let nodes = (0..w.nodes as renq::NodeId)
                .map(|node| Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.clone(), node, rtt: w.rdma_rtt() })))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            (Hold::RdmaDir(TempDir(dir)), nodes)
        }
    };
    let receiver = nodes[0].create_queue(QUEUE, w.queue_log2).map_err(|e| e.to_string())?;
    if let Some(k) = w.head_doorbell {
        if !receiver.set_head_doorbell(k) {
            return Err("--head-doorbell: this transport has no head doorbell (the card has)".into());
        }
    }
    let senders = (0..w.producers)
        .map(|p| nodes[w.producer_node(p)].sender(0, QUEUE).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let start = nodes.iter().map(|n| n.metrics()).collect();
    let counts = Counts::Nodes { nodes, start, rdma: kind == Kind::RdmaFast };
    Ok(Setup { name, senders, receiver, counts, _hold: hold })
}

/// The card on a simulated cluster: cards as threads of this process or one process each.
fn card_nodes(w: &Workload, card: CardKind, engine: EngineKind) -> Result<(Hold, Vec<Node>), String> {
    let (hold, cards): (Hold, Vec<Arc<SimCard>>) = if w.processes {
        let (procs, cards) = crate::procs::start(w.nodes, (card, engine), NODE_MEMORY_BYTES, &w.link)?;
        let cards: Vec<Arc<SimCard>> = cards.into_iter().map(Arc::new).collect();
        (Hold::Processes(procs, cards.clone()), cards)
    } else {
        let config = ClusterConfig { nodes: w.nodes, engine, card, memory_bytes: NODE_MEMORY_BYTES };
        let cluster = Cluster::try_with_faults(config, w.link_faults(), w.link.seed)
            .map_err(|e| format!("cannot start the simulated cluster: {e}"))?;
        let cards = (0..w.nodes).map(|i| cluster.card(i)).collect();
        (Hold::Threads(cluster), cards)
    };
    let nodes = cards
        .into_iter()
        .enumerate()
        .map(|(i, card)| Node::open(Backend::Card(card)).map_err(|e| format!("node {i}: {e}")))
        .collect::<Result<_, _>>()?;
    Ok((hold, nodes))
}

impl Setup {
    /// Operation counts since set-up, each as (name, total).
    pub fn operations(&self) -> Vec<(&'static str, u64)> {
        let (nodes, start, rdma) = match &self.counts {
            Counts::Seed(ops) => return rdma_rows(&ops.lock().unwrap()),
            Counts::Nodes { nodes, start, rdma } => (nodes, start, *rdma),
        };
        let diff: Vec<Metrics> = nodes.iter().zip(start).map(|(n, s)| n.metrics().since(s)).collect();
        if rdma {
            let mut o = OpCounters::default();
            for m in &diff {
                o.add(&m.rdma.unwrap_or_default());
            }
            return rdma_rows(&o);
        }
        let bar_stores: u64 = diff.iter().filter_map(|m| m.backend).map(|b| b.bar2_writes).sum();
        let packets: u64 = diff.iter().map(|m| m.card.sent).sum();
        let rx = diff[0].backend.unwrap_or_default();
        vec![
            ("BAR stores", bar_stores),
            ("packets", packets),
            ("card memory reads", rx.mem_reads.unwrap_or(0)),
            ("card memory writes", rx.mem_writes.unwrap_or(0)),
        ]
    }

    /// What the reliable links did, when the cluster's links are faulty (`--link-*`).
    pub fn link_lines(&self) -> Vec<String> {
        let cluster = match &self._hold {
            Hold::Threads(cluster) => cluster,
            Hold::Processes(_, cards) => {
                let per_card = cards.iter().enumerate().filter_map(|(i, c)| Some((i, c.link_report()?)));
                return per_card
                    .flat_map(|(i, text)| text.lines().map(|l| format!("node {i} {l}")).collect::<Vec<_>>())
                    .collect();
            }
            _ => return Vec::new(),
        };
        let Some(s) = cluster.link_stats() else { return Vec::new() };
        vec![
            format!("link: {}", renq_sim::reliable::report_line(&s.sender, &s.receiver)),
            format!("link: {}; packets abandoned {}", s.channel.line(), s.abandoned),
        ]
    }

    /// Times the queue overflowed and was extended.
    pub fn overflows(&self) -> u64 {
        match &self.counts {
            Counts::Nodes { nodes, start, .. } => nodes[0].metrics().since(&start[0]).card.overflows,
            Counts::Seed(_) => 0,
        }
    }

    /// Packets the destination card refused (spec §7c: the card only).
    pub fn refused(&self) -> u64 {
        match &self.counts {
            Counts::Nodes { nodes, start, .. } => nodes[0].metrics().since(&start[0]).card.refused,
            Counts::Seed(_) => 0,
        }
    }

    /// Times the card continued into a spare buffer (spec §9c: the card only).
    pub fn switches(&self) -> u64 {
        match &self.counts {
            Counts::Nodes { nodes, start, .. } => nodes[0].metrics().since(&start[0]).card.switches,
            Counts::Seed(_) => 0,
        }
    }
}

// ---- the seed algorithm (the baseline), over shared memory, behind renq's traits --------

fn seed_setup(w: &Workload, name: String) -> Result<Setup, String> {
    // Same number of usable slots as the card's buffer of the same size.
    let capacity = renq_abi::buffer::capacity(w.queue_log2);
    let region =
        ShmRegion::create_memfd("renq-seed", seed::Layout::bytes(capacity) as usize).map_err(|e| e.to_string())?;
    let consumer =
        seed::Consumer::create(region.handle(), 0, capacity, seed::Variant::Faithful).map_err(|e| format!("{e:?}"))?;
    let total = Arc::new(Mutex::new(OpCounters::default()));
    let senders = (0..w.producers)
        .map(|_| {
            // As on the library's fast queue: producers wait the round trip, the consumer
            // reads its own memory.
            let remote = WithLatency::new(region.handle(), w.rdma_rtt());
            let inner = seed::Producer::attach(remote, 0).map_err(|e| format!("{e:?}"))?;
            let op = SeedEnqueue { inner: Mutex::new(inner), total: total.clone() };
            Ok(Sender::from_op(Box::new(op), 0, QUEUE))
        })
        .collect::<Result<_, String>>()?;
    let receiver = Receiver::new(Box::new(SeedDequeue(Mutex::new((consumer, VecDeque::new())))));
    Ok(Setup { name, senders, receiver, counts: Counts::Seed(total), _hold: Hold::Region(region) })
}

struct SeedEnqueue {
    inner: Mutex<seed::Producer<WithLatency<ShmHandle>>>,
    total: Arc<Mutex<OpCounters>>,
}

fn seed_error(e: renq_rdma::Error) -> renq::Error {
    renq::Error::Transport(format!("{e:?}"))
}

impl renq::Enqueue for SeedEnqueue {
    fn enqueue(&self, item: u64) -> renq::Result<()> {
        self.inner.lock().unwrap().enqueue(item).map_err(seed_error)
    }
}

impl Drop for SeedEnqueue {
    fn drop(&mut self) {
        let p = self.inner.get_mut().unwrap();
        let _ = p.flush();
        self.total.lock().unwrap().add(&p.counters());
    }
}

/// The seed consumer, with the items `len` took out to count them (served first).
struct SeedDequeue(Mutex<(seed::Consumer<ShmHandle>, VecDeque<u64>)>);

impl renq::Dequeue for SeedDequeue {
    fn queue(&self) -> renq::QueueId {
        QUEUE
    }

    fn dequeue_batch(&self, out: &mut [u64]) -> renq::Result<usize> {
        let (consumer, ahead) = &mut *self.0.lock().unwrap();
        let n = ahead.len().min(out.len());
        for (o, v) in out.iter_mut().zip(ahead.drain(..n)) {
            *o = v;
        }
        Ok(n + consumer.dequeue_batch(&mut out[n..]).map_err(seed_error)?)
    }

    /// No interrupt on this path: poll with backoff.
    fn dequeue_until(&self, deadline: Option<Instant>) -> renq::Result<Option<u64>> {
        renq::transport::poll_until(self, deadline)
    }

    /// The seed algorithm cannot look without taking: take what is there into the look-ahead.
    fn len(&self) -> usize {
        let (consumer, ahead) = &mut *self.0.lock().unwrap();
        let mut buf = [0u64; 64];
        while let Ok(n @ 1..) = consumer.dequeue_batch(&mut buf) {
            ahead.extend(&buf[..n]);
        }
        ahead.len()
    }
}

/// The verbs columns of an RDMA run.
fn rdma_rows(o: &OpCounters) -> Vec<(&'static str, u64)> {
    vec![
        ("verbs reads", o.reads),
        ("verbs writes", o.writes),
        ("verbs FAAs", o.faas),
        ("verbs CASes", o.cases),
        ("dependent round trips", o.round_trips),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rdma_names_say_their_round_trip() {
        assert_eq!(fmt_rtt(Duration::from_nanos(2000)), "2 µs");
        assert_eq!(fmt_rtt(Duration::from_nanos(1500)), "1500 ns");
        assert_eq!(Kind::RdmaFast.label(Duration::from_micros(2)), "rdma fast (shm, 2 µs RTT)");
        assert_eq!(Kind::RdmaSeed.label(Duration::ZERO), "rdma seed (shm)");
        assert_eq!(
            Kind::Card(CardKind::Paper, EngineKind::Model).label(Duration::from_micros(2)),
            "paper card (model engine)"
        );
        assert_eq!(Kind::Card(CardKind::Renq, EngineKind::Model).label(Duration::ZERO), "card (model engine)");
    }
}
