//! `Node`: the library's handle on this node's transport.

use crate::card::CardTransport;
use crate::error::{Error, Result};
use crate::grant::{Grant, PortalGrant, SendOnly};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::rdma::{RdmaNode, RdmaShmConfig};
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::Transport;
use renq_abi::buffer::valid_log2;
use renq_driver::{CardDriver, Device, Driver, PaperDriver, QueueConfig};
use std::sync::Arc;

/// One node's renq: creates queues in this node's memory and senders to any node's queues.
pub struct Node {
    transport: Arc<dyn Transport>,
}

/// Which transport a node uses: the only thing an application changes to switch.
pub enum Backend {
    /// The renq card, through this device (UIO, VFIO, or the simulator's `renq_sim::SimCard`).
    Card(Arc<dyn Device>),
    /// The RDMA fallback (fast algorithm, docs/spec.md §10) over shared memory.
    RdmaShm(RdmaShmConfig),
    /// The RDMA fallback over an RDMA device (feature `verbs`): queues are registered regions,
    /// each sender has its own RC queue pair to one (set up over TCP, see `RdmaVerbsConfig`).
    #[cfg(feature = "verbs")]
    RdmaVerbs(crate::verbs::RdmaVerbsConfig),
    /// The RDMA fallback's SEND/SRQ mode (feature `verbs`, docs/spec.md R.13): a queue is a
    /// shared receive queue on the consumer's device, and an enqueue is one inline SEND on the
    /// sender's own RC queue pair — no dependent round trip. Same configuration as `RdmaVerbs`.
    #[cfg(feature = "verbs")]
    RdmaSend(crate::verbs::RdmaVerbsConfig),
}

impl Backend {
    /// The backend's name, as reports and command lines spell it.
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Card(_) => "card",
            Backend::RdmaShm(_) => "rdma-shm",
            #[cfg(feature = "verbs")]
            Backend::RdmaVerbs(_) => "rdma-verbs",
            #[cfg(feature = "verbs")]
            Backend::RdmaSend(_) => "rdma-send",
        }
    }
}

/// Another name for [`Node`].
pub type Renq = Node;

impl Node {
    /// A node on the configured transport; the rest of the API is the same for every one.
    pub fn open(backend: Backend) -> Result<Node> {
        match backend {
            Backend::Card(dev) => Node::new(dev),
            Backend::RdmaShm(config) => Ok(Node::on(Arc::new(RdmaNode::open(config)?))),
            #[cfg(feature = "verbs")]
            Backend::RdmaVerbs(config) => {
                Ok(Node::on(Arc::new(RdmaNode::open_verbs(config, crate::verbs::Mode::Fast)?)))
            }
            #[cfg(feature = "verbs")]
            Backend::RdmaSend(config) => {
                Ok(Node::on(Arc::new(RdmaNode::open_verbs(config, crate::verbs::Mode::Send)?)))
            }
        }
    }

    /// A node on a transport of the caller's (see [`Transport`]).
    pub fn on(transport: Arc<dyn Transport>) -> Node {
        Node { transport }
    }

    /// Starts the driver on `dev` (checks the card, enables RX/TX and interrupts). The one
    /// place that picks the card's driver from its ID: the card's (`renq_driver::Driver`, ID
    /// ABI 2) or the paper card's; the library above is the same for both.
    pub fn new(dev: Arc<dyn Device>) -> Result<Node> {
        let driver: Arc<dyn CardDriver> =
            if Driver::supports(&*dev) { Arc::new(Driver::start(dev)?) } else { Arc::new(PaperDriver::start(dev)?) };
        Ok(Node::on(Arc::new(CardTransport(driver))))
    }

    /// A send-only handle for a further process of a node whose owner process called `new`:
    /// makes senders, never touches the card's configuration or interrupts.
    /// The card: its senders need portals the owner grants — use `attach_granted`.
    pub fn attach(dev: Arc<dyn Device>) -> Result<Node> {
        if Driver::supports(&*dev) {
            return Err(Error::Transport(
                "the card: a send-only process sends on portals its owner granted: Node::attach_granted".into(),
            ));
        }
        Ok(Node::on(Arc::new(CardTransport(Arc::new(PaperDriver::attach(dev)?)))))
    }

    /// The card: a send-only handle for a further process of the node, with the portals the
    /// owner process granted it (`Node::grant` there, `Grant::ticket` handed over). Each grant
    /// makes one `Sender` (`sender(node, queue)` takes an unused one, else
    /// `Error::NotGranted`); no register is written, queues are `Error::NotOwner`.
    pub fn attach_granted(dev: Arc<dyn Device>, grants: Vec<PortalGrant>) -> Result<Node> {
        if !Driver::supports(&*dev) {
            return Err(Error::Transport(
                "the paper card has no portals: a send-only process uses Node::attach".into(),
            ));
        }
        Ok(Node::on(Arc::new(SendOnly::new(dev, grants))))
    }

    /// The card, the owner process: programs a portal to (node, queue) for a send-only process
    /// of this node; the portal stays programmed until the `Grant` is dropped.
    pub fn grant(&self, node: NodeId, queue: QueueId) -> Result<Grant> {
        self.check_destination(node, queue)?;
        Ok(Grant(self.transport.grant(node, queue)?))
    }

    /// This node's id (the card's NODE_ID).
    pub fn id(&self) -> NodeId {
        self.transport.id()
    }

    /// The node and queue ids this node's transport can name: the paper card's 16 × 16
    /// (`renq_abi::paper::MAX_NODES`, `MAX_QUEUES`), the card's 2^10 nodes × 2^12 queues
    /// (`renq_abi`; queues created here also below the card's CAPS), every `u16` on the
    /// RDMA fallback.
    pub fn limits(&self) -> IdLimits {
        self.transport.limits()
    }

    /// A destination (node, queue): within the transport's range.
    fn check_destination(&self, node: NodeId, queue: QueueId) -> Result<()> {
        let limits = self.limits();
        if node as usize >= limits.nodes {
            return Err(Error::UnknownNode(node));
        }
        if queue as usize >= limits.queues {
            return Err(Error::UnknownQueue(queue));
        }
        Ok(())
    }

    /// A queue on this node: within the transport's local range.
    fn check_local_queue(&self, q: QueueId) -> Result<()> {
        if q as usize >= self.limits().local_queues {
            return Err(Error::UnknownQueue(q));
        }
        Ok(())
    }

    /// Creates queue `queue` in this node's memory with a first buffer of 2^`log2_words`
    /// words (capacity 2^k − 4 items before it overflows and is extended), exports it on the
    /// card and returns its one Receiver. On the card the queue may hold up to
    /// `QueueConfig::DEFAULT_MAX_BYTES` (16 MiB) of buffers (`create_queue_with` sets another
    /// limit).
    pub fn create_queue(&self, queue: QueueId, log2_words: u32) -> Result<Receiver> {
        self.create_queue_with(queue, QueueConfig::new(log2_words))
    }

    /// `create_queue` with a memory limit: on the card, the queue holds at most
    /// `config.max_bytes` of buffers (the chain its consumer has not drained and the spare the
    /// card continues into, spec §9c; at least two buffers). At the limit the card stalls when
    /// the buffer fills and senders are refused (and retry) until the consumer frees a
    /// buffer. The paper card and the RDMA fallback ignore the limit.
    pub fn create_queue_with(&self, queue: QueueId, config: QueueConfig) -> Result<Receiver> {
        self.check_local_queue(queue)?;
        if !valid_log2(config.log2_words) {
            return Err(Error::SizeNotAllowed(config.log2_words));
        }
        self.transport.clone().create_queue_with(queue, config)
    }

    /// The Receiver of an existing queue whose previous Receiver was dropped.
    pub fn receiver(&self, queue: QueueId) -> Result<Receiver> {
        self.check_local_queue(queue)?;
        self.transport.clone().receiver(queue)
    }

    /// Unexports the queue: the card rejects (and counts) packets to it from now on; its
    /// Receiver can still drain what arrived, then gets `Error::Closed`.
    pub fn close_queue(&self, queue: QueueId) -> Result<()> {
        self.check_local_queue(queue)?;
        self.transport.close_queue(queue)
    }

    /// A sender to queue `queue` on node `node` (this node included).
    pub fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        self.check_destination(node, queue)?;
        self.transport.sender(node, queue)
    }

    /// This node's counters now (see `Metrics`).
    pub fn metrics(&self) -> Metrics {
        self.transport.metrics()
    }

    /// The card's driver underneath (device, registers, queues); None on the RDMA fallback
    /// and on a send-only node.
    pub fn card_driver(&self) -> Option<&Arc<dyn CardDriver>> {
        self.transport.card_driver()
    }

    /// The paper card's own driver underneath (its registers and queue words); None on the
    /// card, on the RDMA fallback and on a send-only node.
    pub fn paper_driver(&self) -> Option<&PaperDriver> {
        self.card_driver()?.as_any().downcast_ref::<PaperDriver>()
    }
}
