//! `Node`: the library's handle on one card (this node's), through its driver.

use crate::error::{Error, Result};
use crate::metrics::Metrics;
use crate::rdma::{RdmaNode, RdmaReceiver, RdmaShmConfig};
use crate::receiver::Receiver;
use crate::sender::Sender;
use renq_abi::buffer::valid_log2;
use renq_abi::{MAX_NODES, MAX_QUEUES};
use renq_driver::sim::SimDevice;
use renq_driver::{Device, Driver, Registers};
use std::sync::Arc;

/// One node's renq: creates queues in this node's memory and senders to any node's queues.
pub struct Node {
    kind: Kind,
}

/// How this node reaches queues: the card (through its driver) or the RDMA fallback.
enum Kind {
    Card(Arc<Driver>),
    Rdma(Arc<RdmaNode>),
}

/// Which transport a node uses: the only thing an application changes to switch.
pub enum Backend {
    /// The renq card, through this device (UIO, VFIO or the simulator).
    Card(Arc<dyn Device>),
    /// The RDMA fallback (fast algorithm, docs/spec.md §10) over shared memory.
    RdmaShm(RdmaShmConfig),
    /// The RDMA fallback over an RDMA device (feature `verbs`): queues are registered regions,
    /// each sender has its own RC queue pair to one (set up over TCP, see `RdmaVerbsConfig`).
    #[cfg(feature = "verbs")]
    RdmaVerbs(crate::verbs::RdmaVerbsConfig),
}

/// Another name for [`Node`].
pub type Renq = Node;

fn check_queue(q: u8) -> Result<()> {
    if q as usize >= MAX_QUEUES {
        return Err(Error::UnknownQueue(q));
    }
    Ok(())
}

impl Node {
    /// A node on the configured transport; the rest of the API is the same for every one.
    pub fn open(backend: Backend) -> Result<Node> {
        match backend {
            Backend::Card(dev) => Node::new(dev),
            Backend::RdmaShm(config) => {
                if config.node as usize >= MAX_NODES {
                    return Err(Error::UnknownNode(config.node));
                }
                Ok(Node { kind: Kind::Rdma(Arc::new(RdmaNode::open(config)?)) })
            }
            #[cfg(feature = "verbs")]
            Backend::RdmaVerbs(config) => {
                if config.node as usize >= MAX_NODES {
                    return Err(Error::UnknownNode(config.node));
                }
                Ok(Node { kind: Kind::Rdma(Arc::new(RdmaNode::open_verbs(config)?)) })
            }
        }
    }

    /// Starts the driver on `dev` (checks the card, enables RX/TX and interrupts).
    pub fn new(dev: Arc<dyn Device>) -> Result<Node> {
        Ok(Node { kind: Kind::Card(Arc::new(Driver::start(dev)?)) })
    }

    /// A send-only handle for a further process of a node whose owner process called `new`:
    /// makes senders, never touches the card's configuration or interrupts.
    pub fn attach(dev: Arc<dyn Device>) -> Result<Node> {
        Ok(Node { kind: Kind::Card(Arc::new(Driver::attach(dev)?)) })
    }

    /// A node on a simulated card (in-process `Cluster` card or a `RemoteCard`).
    pub fn sim(card: Arc<dyn renq_sim::CardPort>) -> Result<Node> {
        Node::new(Arc::new(SimDevice::new(card)?))
    }

    /// `attach` on a simulated card.
    pub fn sim_attach(card: Arc<dyn renq_sim::CardPort>) -> Result<Node> {
        Node::attach(Arc::new(SimDevice::new(card)?))
    }

    /// This node's id (the card's NODE_ID).
    pub fn id(&self) -> u8 {
        match &self.kind {
            Kind::Card(d) => d.node_id(),
            Kind::Rdma(r) => r.id(),
        }
    }

    /// Creates queue `queue` in this node's memory with a first buffer of 2^`log2_words`
    /// words (capacity 2^k − 4 items before it overflows and is extended), exports it on the
    /// card and returns its one Receiver.
    pub fn create_queue(&self, queue: u8, log2_words: u32) -> Result<Receiver> {
        check_queue(queue)?;
        if !valid_log2(log2_words) {
            return Err(Error::SizeNotAllowed(log2_words));
        }
        match &self.kind {
            Kind::Card(driver) => {
                let q = driver.create_queue(queue, log2_words)?;
                let claimed = q.claim_consumer();
                debug_assert!(claimed, "a new queue has no receiver");
                Ok(Receiver::new(q, driver.clone()))
            }
            Kind::Rdma(node) => {
                node.create_queue(queue, log2_words)?;
                self.receiver(queue)
            }
        }
    }

    /// The Receiver of an existing queue whose previous Receiver was dropped.
    pub fn receiver(&self, queue: u8) -> Result<Receiver> {
        check_queue(queue)?;
        match &self.kind {
            Kind::Card(driver) => {
                let q = driver.queue(queue).ok_or(Error::UnknownQueue(queue))?;
                if !q.claim_consumer() {
                    return Err(Error::DoubleConsumer(queue));
                }
                Ok(Receiver::new(q, driver.clone()))
            }
            Kind::Rdma(node) => {
                let consumer = node.take_consumer(queue)?;
                Ok(Receiver::rdma(RdmaReceiver {
                    queue,
                    consumer: std::sync::Mutex::new(Some(consumer)),
                    node: node.clone(),
                }))
            }
        }
    }

    /// Unexports the queue: the card rejects (and counts) packets to it from now on; its
    /// Receiver can still drain what arrived, then gets `Error::Closed`.
    pub fn close_queue(&self, queue: u8) -> Result<()> {
        check_queue(queue)?;
        match &self.kind {
            Kind::Card(driver) => driver.destroy_queue(queue).map(|_| ()).ok_or(Error::UnknownQueue(queue)),
            Kind::Rdma(node) => node.close_queue(queue),
        }
    }

    /// A sender to queue `queue` on node `node` (this node included).
    pub fn sender(&self, node: u8, queue: u8) -> Result<Sender> {
        if node as usize >= MAX_NODES {
            return Err(Error::UnknownNode(node));
        }
        check_queue(queue)?;
        match &self.kind {
            Kind::Card(driver) => Ok(Sender::new(driver.device().shadow_page(node, queue)?, node, queue)),
            Kind::Rdma(r) => Ok(Sender::rdma(r.sender(node, queue)?, node, queue)),
        }
    }

    /// This node's counters now (see `Metrics`).
    pub fn metrics(&self) -> Metrics {
        let driver = match &self.kind {
            Kind::Card(d) => d,
            Kind::Rdma(r) => return Metrics { rdma: Some(r.operations()), ..Metrics::default() },
        };
        let dev = driver.device();
        let queues = (0..MAX_QUEUES as u8).filter_map(|q| driver.queue(q).map(|x| (q, x.stats()))).collect();
        Metrics { card: dev.counters(), backend: dev.backend_stats(), driver: driver.stats(), queues, rdma: None }
    }

    /// The card driver underneath (device, registers, DMA pool); None on the RDMA fallback.
    pub fn try_driver(&self) -> Option<&Arc<Driver>> {
        match &self.kind {
            Kind::Card(d) => Some(d),
            Kind::Rdma(_) => None,
        }
    }

    /// The card driver underneath. Panics on an RDMA-fallback node (see `try_driver`).
    pub fn driver(&self) -> &Arc<Driver> {
        self.try_driver().expect("Node::driver: this node uses the RDMA fallback, which has no card driver")
    }
}
