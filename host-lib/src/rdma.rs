//! The RDMA fallback behind the same `Node`/`Sender`/`Receiver` API (docs/spec.md §10): a
//! queue is the fast algorithm's ring in a region the consumer's node registers; senders
//! attach to it and enqueue with one fetch-and-add plus one posted write.
//!
//! Two implementations of the region: shared memory (`RdmaShmConfig`: each queue is a file
//! `node<N>-queue<Q>.renq` in a directory every process of the cluster can map, e.g. under
//! /dev/shm, standing in for a registered memory region), and real verbs (`RdmaVerbsConfig`,
//! feature `verbs`, see `verbs.rs`: the region is registered on an RDMA device and each sender
//! has its own RC queue pair to it).

use crate::error::{Error, Result};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::{self, Transport};
use renq_abi::buffer;
use renq_rdma::latency::WithLatency;
use renq_rdma::{fast, OpCounters, RdmaDequeue, RdmaEnqueue, ShmHandle, ShmRegion};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// Configuration of a node on the shared-memory RDMA transport.
#[derive(Clone, Debug)]
pub struct RdmaShmConfig {
    /// Directory that holds the cluster's queue regions (shared by all its processes).
    pub dir: PathBuf,
    /// This node's id.
    pub node: NodeId,
    /// Added to each dependent round trip of this node's senders (`renq_rdma::latency`), so the
    /// shared memory stands in for a NIC in time as well as in operations; zero adds nothing.
    /// At most 60 s (`Node::open` refuses more).
    pub rtt: Duration,
}

/// Longest `RdmaShmConfig::rtt`: far beyond any NIC, and short enough to add to a clock.
const MAX_RTT: Duration = Duration::from_secs(60);

/// A producer on either implementation.
pub(crate) type AnyProducer = Box<dyn RdmaEnqueue + Send>;
type SharedProducer = Arc<Mutex<AnyProducer>>;

/// A queue's consumer on either implementation.
pub(crate) enum AnyConsumer {
    Shm(fast::Consumer<ShmHandle>),
    #[cfg(feature = "verbs")]
    Verbs(fast::Consumer<renq_rdma::verbs_fence::FencingLocal>),
    #[cfg(feature = "verbs")]
    Send(renq_rdma::send::Consumer),
}

#[cfg(feature = "verbs")]
impl From<crate::verbs::VerbsConsumer> for AnyConsumer {
    fn from(c: crate::verbs::VerbsConsumer) -> AnyConsumer {
        match c {
            crate::verbs::VerbsConsumer::Fast(c) => AnyConsumer::Verbs(c),
            crate::verbs::VerbsConsumer::Send(c) => AnyConsumer::Send(c),
        }
    }
}

impl AnyConsumer {
    fn dequeue_batch(&mut self, out: &mut [u64]) -> std::result::Result<usize, renq_rdma::Error> {
        match self {
            AnyConsumer::Shm(c) => c.dequeue_batch(out),
            #[cfg(feature = "verbs")]
            AnyConsumer::Verbs(c) => c.dequeue_batch(out),
            #[cfg(feature = "verbs")]
            AnyConsumer::Send(c) => c.dequeue_batch(out),
        }
    }
    fn ready(&mut self) -> u64 {
        match self {
            AnyConsumer::Shm(c) => c.ready(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Verbs(c) => c.ready(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Send(c) => c.ready().unwrap_or(0) as u64,
        }
    }
    fn close(&mut self) {
        match self {
            AnyConsumer::Shm(c) => c.close(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Verbs(c) => c.close(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Send(c) => {
                // Closing moves the responder QPs to the error state; a failure to do so is
                // reported by the senders' own errors.
                let _ = c.close();
            }
        }
    }
    fn skipped(&self) -> u64 {
        match self {
            AnyConsumer::Shm(c) => c.skipped(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Verbs(c) => c.skipped(),
            #[cfg(feature = "verbs")]
            AnyConsumer::Send(_) => 0, // no tickets: a stopped sender holds nothing up
        }
    }
}

/// A queue's consumer, shared by the node (which closes it) and its Receiver (which takes
/// items from it); dropping the last handle closes the ring (`fast::Consumer`'s drop).
type SharedConsumer = Arc<Mutex<AnyConsumer>>;

/// One queue created on this node.
struct QueueEntry {
    queue: QueueId,
    consumer: SharedConsumer,
    /// A Receiver holds it.
    taken: bool,
}

/// Where the node's queue regions live.
enum Regions {
    Shm(RdmaShmConfig),
    #[cfg(feature = "verbs")]
    Verbs(crate::verbs::VerbsNode),
}

/// One node on the RDMA transport.
pub(crate) struct RdmaNode {
    node: NodeId,
    regions: Regions,
    /// This node's queues (a Receiver holds a taken one's consumer too).
    consumers: Mutex<Vec<QueueEntry>>,
    /// Senders alive (their verbs counts are read through these) …
    senders: Mutex<Vec<Weak<Mutex<AnyProducer>>>>,
    /// … and the counts of senders already dropped.
    retired: Arc<Mutex<OpCounters>>,
}

/// The fallback's errors in the library's terms: a closed queue is `Closed` on every backend;
/// a fenced producer is `Fenced` (R.11).
pub(crate) fn transport_error(e: renq_rdma::Error) -> Error {
    match e {
        renq_rdma::Error::Closed => Error::Closed,
        renq_rdma::Error::Fenced { ticket } => Error::Fenced { ticket },
        e => Error::Transport(format!("{e:?}")),
    }
}

fn region_path(dir: &Path, node: NodeId, queue: QueueId) -> PathBuf {
    dir.join(format!("node{node}-queue{queue}.renq"))
}

impl RdmaNode {
    pub fn open(config: RdmaShmConfig) -> Result<RdmaNode> {
        if config.rtt > MAX_RTT {
            return Err(Error::Transport(format!(
                "a round trip of {:?} is longer than {MAX_RTT:?} (RdmaShmConfig::rtt stands in for a NIC's)",
                config.rtt
            )));
        }
        std::fs::create_dir_all(&config.dir)
            .map_err(|e| Error::Transport(format!("queue directory {}: {e}", config.dir.display())))?;
        Ok(RdmaNode::with(config.node, Regions::Shm(config)))
    }

    /// A node on RDMA verbs: opens the device and starts serving connection requests.
    #[cfg(feature = "verbs")]
    pub fn open_verbs(config: crate::verbs::RdmaVerbsConfig, mode: crate::verbs::Mode) -> Result<RdmaNode> {
        Ok(RdmaNode::with(config.node, Regions::Verbs(crate::verbs::VerbsNode::open(config, mode)?)))
    }

    fn with(node: NodeId, regions: Regions) -> RdmaNode {
        RdmaNode { node, regions, consumers: Mutex::default(), senders: Mutex::default(), retired: Arc::default() }
    }

    /// Registers the queue's region: as many usable slots as a card buffer of 2^k words.
    fn register_queue(&self, queue: QueueId, log2_words: u32) -> Result<()> {
        let capacity = buffer::capacity(log2_words);
        // Held across the creation, so two creators of one queue cannot both succeed.
        let mut list = self.consumers.lock().unwrap();
        if list.iter().any(|e| e.queue == queue) {
            return Err(Error::QueueExists(queue));
        }
        // Without the `verbs` feature the match has one arm; it is the same code either way.
        #[allow(clippy::infallible_destructuring_match)]
        let config = match &self.regions {
            Regions::Shm(c) => c,
            #[cfg(feature = "verbs")]
            Regions::Verbs(v) => {
                let consumer = v.create_queue(queue, capacity)?;
                list.push(QueueEntry::new(queue, consumer.into()));
                return Ok(());
            }
        };
        let path = region_path(&config.dir, config.node, queue);
        let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                Error::QueueExists(queue)
            } else {
                Error::Transport(format!("{}: {e}", path.display()))
            }
        })?;
        file.set_len(fast::Layout::bytes(capacity)).map_err(|e| Error::Transport(e.to_string()))?;
        let region = ShmRegion::open(&path).map_err(transport_error)?;
        // Writes the header last, so a sender attaching early fails instead of seeing half a queue.
        let consumer = fast::Consumer::create(region.handle(), 0, capacity).map_err(transport_error)?;
        list.push(QueueEntry::new(queue, AnyConsumer::Shm(consumer)));
        Ok(())
    }

    /// Takes the queue's consumer (DoubleConsumer if a Receiver holds it; UnknownQueue if not
    /// created here).
    fn take_consumer(&self, queue: QueueId) -> Result<SharedConsumer> {
        let mut list = self.consumers.lock().unwrap();
        let e = list.iter_mut().find(|e| e.queue == queue).ok_or(Error::UnknownQueue(queue))?;
        if std::mem::replace(&mut e.taken, true) {
            return Err(Error::DoubleConsumer(queue));
        }
        Ok(e.consumer.clone())
    }

    fn return_consumer(&self, queue: QueueId) {
        let mut list = self.consumers.lock().unwrap();
        if let Some(e) = list.iter_mut().find(|e| e.queue == queue) {
            e.taken = false;
        }
    }

    /// Tickets the consumers of this node's queues have skipped (fenced after their lease).
    fn skipped(&self) -> u64 {
        self.consumers.lock().unwrap().iter().map(|e| e.consumer.lock().unwrap().skipped()).sum()
    }

    /// Verbs operations issued by this node's senders so far.
    pub fn operations(&self) -> OpCounters {
        let mut total = *self.retired.lock().unwrap();
        let mut live = self.senders.lock().unwrap();
        live.retain(|w| w.strong_count() > 0);
        for s in live.iter().filter_map(Weak::upgrade) {
            total.add(&s.lock().unwrap().counters());
        }
        total
    }
}

impl Transport for RdmaNode {
    fn id(&self) -> NodeId {
        self.node
    }

    /// No id is packed into a field: the shared-memory regions are named by file
    /// (`node<N>-queue<Q>.renq`) and verbs queues by the TCP exchange, in decimal.
    fn limits(&self) -> IdLimits {
        IdLimits::ALL
    }

    fn create_queue(self: Arc<Self>, queue: QueueId, log2_words: u32) -> Result<Receiver> {
        self.register_queue(queue, log2_words)?;
        self.receiver(queue)
    }

    fn receiver(self: Arc<Self>, queue: QueueId) -> Result<Receiver> {
        let consumer = self.take_consumer(queue)?;
        Ok(Receiver::new(Box::new(RdmaReceiver { queue, consumer, node: self })))
    }

    /// Closes the ring (`fast::Consumer::close`, docs/spec.md R.11): senders get
    /// `Error::Closed`; the Receiver drains what landed, then gets `Closed`. The queue's name
    /// goes too: no new sender can attach.
    fn close_queue(&self, queue: QueueId) -> Result<()> {
        let mut list = self.consumers.lock().unwrap();
        let at = list.iter().position(|e| e.queue == queue).ok_or(Error::UnknownQueue(queue))?;
        let entry = list.remove(at);
        // Verbs: the senders are fenced first, so the ring's close sees every WRITE that lands.
        #[cfg(feature = "verbs")]
        if let Regions::Verbs(v) = &self.regions {
            v.close_queue(queue);
        }
        entry.consumer.lock().unwrap().close();
        match &self.regions {
            Regions::Shm(c) => {
                let _ = std::fs::remove_file(region_path(&c.dir, c.node, queue));
            }
            #[cfg(feature = "verbs")]
            Regions::Verbs(_) => {}
        }
        Ok(())
    }

    /// Attaches a producer to (node, queue): the queue must have been created there.
    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        let (producer, rejoin): (AnyProducer, Option<Rejoin>) = match &self.regions {
            Regions::Shm(c) => {
                let (path, rtt) = (region_path(&c.dir, node, queue), c.rtt);
                let attach = move || -> Result<AnyProducer> {
                    let region = ShmRegion::open(&path).map_err(|_| Error::UnknownQueue(queue))?;
                    let remote = WithLatency::new(region.handle(), rtt);
                    let mut p = fast::Producer::attach(remote, 0).map_err(|e| match e {
                        renq_rdma::Error::Closed => Error::Closed,
                        _ => Error::UnknownQueue(queue),
                    })?;
                    // Waits for room back off in round trips of the configured NIC.
                    p.set_rtt_hint(rtt);
                    Ok(Box::new(p))
                };
                (attach()?, Some(Box::new(attach)))
            }
            #[cfg(feature = "verbs")]
            Regions::Verbs(v) => (v.producer(node, queue)?, None),
        };
        let shared: SharedProducer = Arc::new(Mutex::new(producer));
        self.senders.lock().unwrap().push(Arc::downgrade(&shared));
        let sender = RdmaSender { producer: shared, retired: self.retired.clone(), rejoin };
        Ok(Sender::from_op(Box::new(sender), node, queue))
    }

    fn metrics(&self) -> Metrics {
        Metrics { rdma: Some(self.operations()), rdma_skipped: self.skipped(), ..Metrics::default() }
    }
}

/// Attaches a fresh producer to the sender's queue (shared memory: the region's file).
type Rejoin = Box<dyn Fn() -> Result<AnyProducer> + Send + Sync>;

/// A sender on the RDMA transport.
struct RdmaSender {
    producer: SharedProducer,
    retired: Arc<Mutex<OpCounters>>,
    /// Shared memory: how to re-join after a fence (R.11, "a live sender fenced").
    rejoin: Option<Rejoin>,
}

impl transport::Enqueue for RdmaSender {
    /// A sender that paused past its ticket's lease was fenced: its WRITE was refused whole
    /// (shared memory's fence is a compare-and-swap), so the item is not in the queue and every
    /// earlier item of this sender is. On shared memory it re-joins — attaches a fresh producer,
    /// which takes new tickets — and enqueues the item again: delivered once, in order
    /// (docs/spec.md R.11). Elsewhere (verbs: posted WRITEs may have been lost) `Fenced`.
    fn enqueue(&self, item: u64) -> Result<()> {
        let mut p = self.producer.lock().unwrap_or_else(|e| e.into_inner());
        match p.enqueue(item) {
            Err(renq_rdma::Error::Fenced { ticket }) => {
                let Some(rejoin) = &self.rejoin else { return Err(Error::Fenced { ticket }) };
                let fresh = rejoin()?;
                self.retired.lock().unwrap_or_else(|e| e.into_inner()).add(&p.counters());
                *p = fresh;
                p.enqueue(item).map_err(transport_error)
            }
            r => r.map_err(transport_error),
        }
    }
}

impl Drop for RdmaSender {
    fn drop(&mut self) {
        let mut p = self.producer.lock().unwrap();
        let _ = p.flush();
        self.retired.lock().unwrap().add(&p.counters());
    }
}

/// The consumer side on the RDMA transport: polls its own memory (one-sided writes raise no
/// interrupt), so a blocking dequeue backs off — spin, yield, then short sleeps.
struct RdmaReceiver {
    queue: QueueId,
    consumer: SharedConsumer,
    node: Arc<RdmaNode>,
}

impl transport::Dequeue for RdmaReceiver {
    fn queue(&self) -> QueueId {
        self.queue
    }

    fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        self.consumer.lock().unwrap().dequeue_batch(out).map_err(transport_error)
    }

    fn close(&self) -> Result<()> {
        self.node.close_queue(self.queue).or_else(|_| {
            // Already unnamed by Node::close_queue: close the ring itself (idempotent).
            self.consumer.lock().unwrap().close();
            Ok(())
        })
    }

    /// One-sided writes raise no interrupt: poll.
    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        transport::poll_until(self, deadline)
    }

    fn len(&self) -> usize {
        self.consumer.lock().unwrap().ready() as usize
    }
}

impl Drop for RdmaReceiver {
    /// Hands the queue back to the node (a later `Node::receiver` takes it up, items kept);
    /// a queue closed meanwhile has left the node, and its ring goes with the last handle.
    fn drop(&mut self) {
        self.node.return_consumer(self.queue);
    }
}

impl QueueEntry {
    fn new(queue: QueueId, consumer: AnyConsumer) -> QueueEntry {
        QueueEntry { queue, consumer: Arc::new(Mutex::new(consumer)), taken: false }
    }
}
