//! The producer side: a handle on one remote queue.

use crate::error::Result;
use crate::ids::{NodeId, QueueId};
use crate::portal::{PortalCore, PortalSender, SendStatus, Unconfirmed};
use crate::transport::Enqueue;
use renq_driver::ShadowPage;

/// Enqueues to queue `queue` on node `node`. Cheap to share between threads (`&Sender` is
/// enough to enqueue); on the card each enqueue is one 8-byte store to the queue's shadow
/// page, on the RDMA fallback one fetch-and-add and one posted write.
pub struct Sender {
    path: Path,
    node: NodeId,
    queue: QueueId,
}

/// How the item travels: the card's path is a store and stays one (inlined, no call); every
/// other transport's is an operation behind [`Enqueue`].
enum Path {
    Store(ShadowPage),
    /// The card: a store to a portal page, kept until its outcome says accepted.
    Portal(PortalSender),
    Op(Box<dyn Enqueue>),
}

impl Sender {
    /// A sender whose enqueue is one store to `page` (the card).
    pub fn store(page: ShadowPage, node: NodeId, queue: QueueId) -> Sender {
        Sender { path: Path::Store(page), node, queue }
    }

    /// A card sender on a granted portal (spec §7c).
    pub(crate) fn portal(portal: renq_driver::Portal, node: NodeId, queue: QueueId) -> Sender {
        Sender { path: Path::Portal(PortalSender::new(portal)), node, queue }
    }

    /// A sender whose enqueue is `op.enqueue` (the RDMA fallback, or a caller's own queue).
    pub fn from_op(op: Box<dyn Enqueue>, node: NodeId, queue: QueueId) -> Sender {
        Sender { path: Path::Op(op), node, queue }
    }

    /// Appends `item` to the remote queue. On the card: exactly one store to the shadow page,
    /// nothing else. Never fails on the card backend (a store the card refuses is counted by the
    /// card, see `Metrics`); the `Result` is for backends that can (RDMA).
    #[inline(always)]
    pub fn enqueue(&self, item: u64) -> Result<()> {
        match &self.path {
            Path::Store(page) => {
                page.store(item);
                Ok(())
            }
            Path::Portal(p) => p.enqueue(item),
            Path::Op(op) => op.enqueue(item),
        }
    }

    /// The card: what became of this sender's stores, from one load of its portal on its own
    /// card (no network round trip). None on backends without portals.
    pub fn status(&self) -> Option<SendStatus> {
        match &self.path {
            Path::Portal(p) => Some(p.status()),
            _ => None,
        }
    }

    /// The card: waits until every item enqueued so far is accepted by the destination,
    /// storing refused ones again in order (a full queue being extended); `Err(Rejected)` if
    /// the queue does not exist. Dropping the sender flushes too. Other backends: Ok at once
    /// (the RDMA fallback's enqueue returns once the item is placed; the paper card cannot
    /// tell a sender anything).
    pub fn flush(&self) -> Result<()> {
        match &self.path {
            Path::Portal(p) => p.flush(),
            _ => Ok(()),
        }
    }

    /// The card: (retry rounds, items stored again) after refusals.
    pub fn retries(&self) -> (u64, u64) {
        match &self.path {
            Path::Portal(p) => p.retry_counts(),
            _ => (0, 0),
        }
    }

    /// The card's portal sender taken apart for a caller that keeps the ring of unconfirmed
    /// items itself (the C ABI's inline enqueue, crate `renq-c`, spec §12c): the portal with
    /// its settle, and the ring so far. Any other sender is given back unchanged.
    #[doc(hidden)]
    pub fn into_portal(self) -> std::result::Result<(PortalCore, Unconfirmed), Sender> {
        match self.path {
            Path::Portal(p) => Ok(p.into_parts()),
            path => Err(Sender { path, ..self }),
        }
    }

    pub fn node(&self) -> NodeId {
        self.node
    }

    pub fn queue(&self) -> QueueId {
        self.queue
    }
}
