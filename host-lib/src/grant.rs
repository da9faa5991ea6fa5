//! The card's send-only processes (spec §9b): the node's owner process grants a portal to
//! (node, queue) — it programs the portal table, as a kernel would — and hands the grant to
//! another process of the node, which stores to that portal's page only. The send-only
//! process never writes a register; the owner revokes a grant by dropping it.

use crate::error::{Error, Result};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::Transport;
use renq_driver::{Device, Portal, Registers};
use std::sync::{Arc, Mutex};

/// What the owner hands to a send-only process (by any means: it is three numbers): portal
/// `index` is programmed for (`node`, `queue`) and its status was zeroed. Good for one
/// `Sender` (whose count of accepted items starts at zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PortalGrant {
    pub index: u16,
    pub node: NodeId,
    pub queue: QueueId,
}

/// The owner's side of a grant: the portal stays programmed while this lives; dropping it
/// invalidates the portal (the send-only process's later stores are dropped and counted by
/// the card, and its `flush` reports them) and frees it for another grant.
pub struct Grant(pub(crate) Portal);

impl Grant {
    pub fn ticket(&self) -> PortalGrant {
        PortalGrant { index: self.0.index(), node: self.0.node(), queue: self.0.queue() }
    }
}

/// A send-only process's node on the card: senders on granted portals only.
pub(crate) struct SendOnly {
    dev: Arc<dyn Device>,
    /// Grants not yet turned into a Sender.
    unused: Mutex<Vec<PortalGrant>>,
}

impl SendOnly {
    pub fn new(dev: Arc<dyn Device>, grants: Vec<PortalGrant>) -> SendOnly {
        SendOnly { dev, unused: Mutex::new(grants) }
    }
}

impl Transport for SendOnly {
    fn id(&self) -> NodeId {
        (self.dev.bar0_read(renq_abi::regs::NODE_ID) & (renq_abi::MAX_NODES as u64 - 1)) as NodeId
    }

    /// The ABI's ranges; queues are the owner's business (`Error::NotOwner`).
    fn limits(&self) -> IdLimits {
        IdLimits { nodes: renq_abi::MAX_NODES, queues: renq_abi::MAX_QUEUES, local_queues: renq_abi::MAX_QUEUES }
    }

    fn create_queue(self: Arc<Self>, _queue: QueueId, _log2_words: u32) -> Result<Receiver> {
        Err(Error::NotOwner)
    }

    fn receiver(self: Arc<Self>, _queue: QueueId) -> Result<Receiver> {
        Err(Error::NotOwner)
    }

    fn close_queue(&self, _queue: QueueId) -> Result<()> {
        Err(Error::NotOwner)
    }

    /// Takes an unused grant for (node, queue): each Sender has its own portal.
    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        let mut unused = self.unused.lock().unwrap_or_else(|e| e.into_inner());
        let at =
            unused.iter().position(|g| (g.node, g.queue) == (node, queue)).ok_or(Error::NotGranted { node, queue })?;
        let g = unused[at];
        let portal = Portal::granted(&*self.dev, g.index, g.node, g.queue)?;
        unused.remove(at);
        Ok(Sender::portal(portal, node, queue))
    }

    fn metrics(&self) -> Metrics {
        Metrics { card: self.dev.counters(), backend: self.dev.backend_stats(), ..Metrics::default() }
    }
}
