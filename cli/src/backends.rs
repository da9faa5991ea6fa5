//! The systems `demo` and `bench` run: the renq card on a simulated cluster (model or RTL
//! engine) and the RDMA fallback's two algorithms over shared memory.

use crate::args::{Engine, Workload};
use crate::run::{Consumer, Producer, System};
use renq::{Backend, Metrics, Node, RdmaShmConfig, Receiver, Sender};
use renq_rdma::{seed, Dequeue, Enqueue, OpCounters, ShmHandle, ShmRegion};
use renq_sim::{Cluster, ClusterConfig, EngineKind};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Which system to build.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Card(Engine),
    RdmaSeed,
    RdmaFast,
}

impl Kind {
    pub fn label(self) -> &'static str {
        match self {
            Kind::Card(Engine::Model) => "card (model engine)",
            Kind::Card(Engine::Rtl) => "card (rtl engine)",
            Kind::RdmaSeed => "rdma seed (shm)",
            Kind::RdmaFast => "rdma fast (shm)",
        }
    }
}

pub fn system(w: &Workload, kind: Kind) -> Result<Box<dyn System>, String> {
    match kind {
        // The card and the fast fallback go through the library (renq::Node), exactly as an
        // application would: only the `Backend` differs.
        Kind::Card(_) | Kind::RdmaFast => Ok(Box::new(LibSystem::new(w, kind)?)),
        // The seed algorithm is not a library backend (it is the baseline): driven directly.
        Kind::RdmaSeed => Ok(Box::new(SeedSystem::new(w)?)),
    }
}

// ---- through the library: the card, or the fast RDMA fallback ----------------------------

/// Host memory per simulated node: room for the queue's overflow buffers while the consumer
/// lags behind the producers.
const NODE_MEMORY_BYTES: usize = 256 << 20;
/// The queue the demo uses on node 0.
const QUEUE: u8 = 0;

struct LibSystem {
    kind: Kind,
    processes: bool,
    // Field order is drop order: the receiver and nodes go before the cluster they use.
    receiver: Arc<Receiver>,
    nodes: Vec<Node>,
    start: Vec<Metrics>,
    _cards: Cards,
}

/// Where the nodes' transports live. Held only so that dropping the system stops them.
#[allow(dead_code)]
enum Cards {
    Threads(Cluster),
    Processes(crate::procs::CardProcesses),
    /// The RDMA fallback's queue regions.
    RdmaDir(TempDir),
}

/// A directory removed on drop.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl LibSystem {
    fn new(w: &Workload, kind: Kind) -> Result<Self, String> {
        let (cards, nodes) = match kind {
            Kind::Card(engine) => Self::card_nodes(w, engine)?,
            _ => {
                let dir = std::env::temp_dir().join(format!("renq-rdma-{}", std::process::id()));
                let nodes = (0..w.nodes as u8)
                    .map(|node| {
                        Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.clone(), node }))
                            .map_err(|e| e.to_string())
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                (Cards::RdmaDir(TempDir(dir)), nodes)
            }
        };
        let receiver = Arc::new(nodes[0].create_queue(QUEUE, w.queue_log2).map_err(|e| e.to_string())?);
        let start = nodes.iter().map(|n| n.metrics()).collect();
        Ok(LibSystem { kind, processes: w.processes, receiver, nodes, start, _cards: cards })
    }

    fn card_nodes(w: &Workload, engine: Engine) -> Result<(Cards, Vec<Node>), String> {
        let engine_kind = match engine {
            Engine::Model => EngineKind::Model,
            Engine::Rtl => EngineKind::Rtl,
        };
        let (cards, ports): (Cards, Vec<Arc<dyn renq_sim::CardPort>>) = if w.processes {
            let (procs, remotes) = crate::procs::start(w.nodes, engine, NODE_MEMORY_BYTES)?;
            (Cards::Processes(procs), remotes.into_iter().map(|r| Arc::new(r) as Arc<dyn renq_sim::CardPort>).collect())
        } else {
            let cluster = Cluster::try_new(ClusterConfig {
                nodes: w.nodes,
                engine: engine_kind,
                memory_bytes: NODE_MEMORY_BYTES,
            })
            .map_err(|e| format!("cannot start the simulated cluster: {e}"))?;
            let ports = (0..w.nodes).map(|i| cluster.card(i)).collect();
            (Cards::Threads(cluster), ports)
        };
        let nodes = ports
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let dev = renq_driver::sim::SimDevice::new(p).map_err(|e| format!("node {i}: {e}"))?;
                Node::open(Backend::Card(Arc::new(dev))).map_err(|e| format!("node {i}: {e}"))
            })
            .collect::<Result<_, _>>()?;
        Ok((cards, nodes))
    }
}

struct LibProducer(Sender);

impl Producer for LibProducer {
    fn enqueue(&mut self, item: u64) -> Result<(), String> {
        self.0.enqueue(item).map_err(|e| e.to_string())
    }
}

struct LibConsumer(Arc<Receiver>);

impl Consumer for LibConsumer {
    fn dequeue_batch(&mut self, out: &mut [u64], timeout: Duration) -> Result<usize, String> {
        let n = self.0.dequeue_batch(out).map_err(|e| e.to_string())?;
        if n > 0 || out.is_empty() {
            return Ok(n);
        }
        // Empty: wait (the card: sleep on its NOTIFY interrupt; the fallback: poll with
        // backoff), then take whatever else came.
        match self.0.dequeue_timeout(timeout).map_err(|e| e.to_string())? {
            None => Ok(0),
            Some(first) => {
                out[0] = first;
                Ok(1 + self.0.dequeue_batch(&mut out[1..]).map_err(|e| e.to_string())?)
            }
        }
    }
}

impl System for LibSystem {
    fn name(&self) -> String {
        let where_ = if self.processes { ", a process per card" } else { "" };
        format!("{}{where_}", self.kind.label())
    }

    fn producer(&self, _index: usize, node: usize) -> Result<Box<dyn Producer>, String> {
        let s = self.nodes[node].sender(0, QUEUE).map_err(|e| e.to_string())?;
        Ok(Box::new(LibProducer(s)))
    }

    fn consumer(&self) -> Result<Box<dyn Consumer>, String> {
        Ok(Box::new(LibConsumer(self.receiver.clone())))
    }

    fn operations(&self) -> Vec<(&'static str, u64)> {
        let diff: Vec<Metrics> = self.nodes.iter().zip(&self.start).map(|(n, s)| n.metrics().since(s)).collect();
        if self.kind == Kind::RdmaFast {
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

    fn overflows(&self) -> u64 {
        self.nodes[0].metrics().since(&self.start[0]).card.overflows
    }
}

// ---- the seed algorithm (the baseline), driven directly over shared memory --------------

struct SeedSystem {
    region: Arc<ShmRegion>,
    consumer: Mutex<Option<seed::Consumer<ShmHandle>>>,
    /// Producers add their verbs counts here when they are dropped (after their last write).
    producer_ops: Arc<Mutex<OpCounters>>,
}

impl SeedSystem {
    fn new(w: &Workload) -> Result<Self, String> {
        // Same number of usable slots as the card's buffer of the same size.
        let capacity = renq_abi::buffer::capacity(w.queue_log2);
        let region =
            ShmRegion::create_memfd("renq-seed", seed::Layout::bytes(capacity) as usize).map_err(|e| e.to_string())?;
        let consumer = seed::Consumer::create(region.handle(), 0, capacity, seed::Variant::Faithful)
            .map_err(|e| format!("{e:?}"))?;
        Ok(SeedSystem { region, consumer: Mutex::new(Some(consumer)), producer_ops: Default::default() })
    }
}

struct SeedProducer {
    inner: seed::Producer<ShmHandle>,
    total: Arc<Mutex<OpCounters>>,
}

impl Producer for SeedProducer {
    fn enqueue(&mut self, item: u64) -> Result<(), String> {
        self.inner.enqueue(item).map_err(|e| format!("{e:?}"))
    }
}

impl Drop for SeedProducer {
    fn drop(&mut self) {
        let _ = self.inner.flush();
        self.total.lock().unwrap().add(&self.inner.counters());
    }
}

struct SeedConsumer(seed::Consumer<ShmHandle>);

impl Consumer for SeedConsumer {
    fn dequeue_batch(&mut self, out: &mut [u64], timeout: Duration) -> Result<usize, String> {
        // No interrupt on this path: poll with backoff until the timeout.
        let deadline = std::time::Instant::now() + timeout;
        let mut backoff = renq_rdma::Backoff::new();
        loop {
            let n = self.0.dequeue_batch(out).map_err(|e| format!("{e:?}"))?;
            if n > 0 || std::time::Instant::now() >= deadline {
                return Ok(n);
            }
            backoff.snooze();
        }
    }
}

impl System for SeedSystem {
    fn name(&self) -> String {
        Kind::RdmaSeed.label().into()
    }

    fn producer(&self, _index: usize, _node: usize) -> Result<Box<dyn Producer>, String> {
        let inner = seed::Producer::attach(self.region.handle(), 0).map_err(|e| format!("{e:?}"))?;
        Ok(Box::new(SeedProducer { inner, total: self.producer_ops.clone() }))
    }

    fn consumer(&self) -> Result<Box<dyn Consumer>, String> {
        let c = self.consumer.lock().unwrap().take().ok_or("the queue has one consumer")?;
        Ok(Box::new(SeedConsumer(c)))
    }

    fn operations(&self) -> Vec<(&'static str, u64)> {
        rdma_rows(&self.producer_ops.lock().unwrap())
    }

    fn overflows(&self) -> u64 {
        0
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
