//! The systems `demo` and `bench` run: the renq card on a simulated cluster (model or RTL
//! engine) and the RDMA fallback's two algorithms over shared memory.

use crate::args::{Engine, Workload};
use crate::run::{Consumer, Producer, System};
use renq::{Metrics, Node, Receiver, Sender};
use renq_rdma::{fast, seed, Dequeue, Enqueue, OpCounters, ShmRegion};
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
        Kind::Card(engine) => Ok(Box::new(CardSystem::new(w, engine)?)),
        Kind::RdmaSeed | Kind::RdmaFast => Ok(Box::new(RdmaSystem::new(w, kind)?)),
    }
}

// ---- the card -------------------------------------------------------------------------

/// Host memory per simulated node: room for the queue's overflow buffers while the consumer
/// lags behind the producers.
const NODE_MEMORY_BYTES: usize = 256 << 20;
/// The queue the demo uses on node 0.
const QUEUE: u8 = 0;

struct CardSystem {
    kind: Kind,
    processes: bool,
    // Field order is drop order: the receiver and nodes go before the cluster they use.
    receiver: Arc<Receiver>,
    nodes: Vec<Node>,
    start: Vec<Metrics>,
    _cards: Cards,
}

/// Where the cards run: threads of this process, or one process each. Held only so that
/// dropping the system stops them.
#[allow(dead_code)]
enum Cards {
    Threads(Cluster),
    Processes(crate::procs::CardProcesses),
}

impl CardSystem {
    fn new(w: &Workload, engine: Engine) -> Result<Self, String> {
        let engine_kind = match engine {
            Engine::Model => EngineKind::Model,
            Engine::Rtl => EngineKind::Rtl,
        };
        let (cards, ports): (Cards, Vec<Arc<dyn renq_sim::CardPort>>) = if w.processes {
            let (procs, remotes) = crate::procs::start(w.nodes, engine, NODE_MEMORY_BYTES)?;
            (Cards::Processes(procs), remotes.into_iter().map(|r| Arc::new(r) as Arc<dyn renq_sim::CardPort>).collect())
        } else {
            let cluster = Cluster::try_new(ClusterConfig { nodes: w.nodes, engine: engine_kind, memory_bytes: NODE_MEMORY_BYTES })
                .map_err(|e| format!("cannot start the simulated cluster: {e}"))?;
            let ports = (0..w.nodes).map(|i| cluster.card(i)).collect();
            (Cards::Threads(cluster), ports)
        };
        let nodes: Vec<Node> =
            ports.into_iter().enumerate().map(|(i, p)| Node::sim(p).map_err(|e| format!("node {i}: {e}"))).collect::<Result<_, _>>()?;
        let receiver = Arc::new(nodes[0].create_queue(QUEUE, w.queue_log2).map_err(|e| e.to_string())?);
        let start = nodes.iter().map(|n| n.metrics()).collect();
        Ok(CardSystem { kind: Kind::Card(engine), processes: w.processes, receiver, nodes, start, _cards: cards })
    }
}

struct CardProducer(Sender);

impl Producer for CardProducer {
    fn enqueue(&mut self, item: u64) -> Result<(), String> {
        self.0.enqueue(item).map_err(|e| e.to_string())
    }
}

struct CardConsumer(Arc<Receiver>);

impl Consumer for CardConsumer {
    fn dequeue_batch(&mut self, out: &mut [u64], timeout: Duration) -> Result<usize, String> {
        let n = self.0.dequeue_batch(out).map_err(|e| e.to_string())?;
        if n > 0 || out.is_empty() {
            return Ok(n);
        }
        // Empty: sleep on the card's NOTIFY interrupt, then take whatever else came.
        match self.0.dequeue_timeout(timeout).map_err(|e| e.to_string())? {
            None => Ok(0),
            Some(first) => {
                out[0] = first;
                Ok(1 + self.0.dequeue_batch(&mut out[1..]).map_err(|e| e.to_string())?)
            }
        }
    }
}

impl System for CardSystem {
    fn name(&self) -> String {
        let where_ = if self.processes { ", a process per card" } else { "" };
        format!("{}{where_}", self.kind.label())
    }

    fn producer(&self, _index: usize, node: usize) -> Result<Box<dyn Producer>, String> {
        let s = self.nodes[node].sender(0, QUEUE).map_err(|e| e.to_string())?;
        Ok(Box::new(CardProducer(s)))
    }

    fn consumer(&self) -> Result<Box<dyn Consumer>, String> {
        Ok(Box::new(CardConsumer(self.receiver.clone())))
    }

    fn operations(&self) -> Vec<(&'static str, u64)> {
        let diff: Vec<Metrics> = self.nodes.iter().zip(&self.start).map(|(n, s)| n.metrics().since(s)).collect();
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

// ---- the RDMA fallback over shared memory ------------------------------------------------

struct RdmaSystem {
    kind: Kind,
    region: Arc<ShmRegion>,
    consumer: Mutex<Option<Box<dyn Dequeue + Send>>>,
    /// Producers add their verbs counts here when they are dropped (after their last write).
    producer_ops: Arc<Mutex<OpCounters>>,
}

impl RdmaSystem {
    fn new(w: &Workload, kind: Kind) -> Result<Self, String> {
        // Same number of usable slots as the card's buffer of the same size.
        let capacity = renq_abi::buffer::capacity(w.queue_log2);
        let bytes = seed::Layout::bytes(capacity).max(fast::Layout::bytes(capacity));
        let region = ShmRegion::create_memfd("renq-demo", bytes as usize).map_err(|e| e.to_string())?;
        let consumer: Box<dyn Dequeue + Send> = match kind {
            Kind::RdmaSeed => Box::new(
                seed::Consumer::create(region.handle(), 0, capacity, seed::Variant::Faithful).map_err(|e| e.to_string())?,
            ),
            _ => Box::new(fast::Consumer::create(region.handle(), 0, capacity)),
        };
        Ok(RdmaSystem { kind, region, consumer: Mutex::new(Some(consumer)), producer_ops: Default::default() })
    }
}

struct RdmaProducer<P: Enqueue + Send> {
    inner: P,
    total: Arc<Mutex<OpCounters>>,
}

impl<P: Enqueue + Send> Producer for RdmaProducer<P> {
    fn enqueue(&mut self, item: u64) -> Result<(), String> {
        self.inner.enqueue(item).map_err(|e| format!("{e:?}"))
    }
}

impl<P: Enqueue + Send> Drop for RdmaProducer<P> {
    fn drop(&mut self) {
        let _ = self.inner.flush();
        self.total.lock().unwrap().add(&self.inner.counters());
    }
}

struct RdmaConsumer(Box<dyn Dequeue + Send>);

impl Consumer for RdmaConsumer {
    fn dequeue_batch(&mut self, out: &mut [u64], timeout: Duration) -> Result<usize, String> {
        // The fallback has no interrupt: poll local memory with backoff until the timeout.
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

impl System for RdmaSystem {
    fn name(&self) -> String {
        self.kind.label().into()
    }

    fn producer(&self, _index: usize, _node: usize) -> Result<Box<dyn Producer>, String> {
        let total = self.producer_ops.clone();
        Ok(match self.kind {
            Kind::RdmaSeed => Box::new(RdmaProducer {
                inner: seed::Producer::attach(self.region.handle(), 0).map_err(|e| format!("{e:?}"))?,
                total,
            }),
            _ => Box::new(RdmaProducer {
                inner: fast::Producer::attach(self.region.handle(), 0).map_err(|e| format!("{e:?}"))?,
                total,
            }),
        })
    }

    fn consumer(&self) -> Result<Box<dyn Consumer>, String> {
        let c = self.consumer.lock().unwrap().take().ok_or("the queue has one consumer")?;
        Ok(Box::new(RdmaConsumer(c)))
    }

    fn operations(&self) -> Vec<(&'static str, u64)> {
        let o = *self.producer_ops.lock().unwrap();
        vec![
            ("verbs reads", o.reads),
            ("verbs writes", o.writes),
            ("verbs FAAs", o.faas),
            ("verbs CASes", o.cases),
            ("dependent round trips", o.round_trips),
        ]
    }

    fn overflows(&self) -> u64 {
        0
    }
}
