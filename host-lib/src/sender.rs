//! The producer side: a handle on one remote queue's shadow page.

use crate::error::Result;
use crate::rdma::RdmaSender;
use renq_driver::ShadowPage;

/// Enqueues to queue `queue` on node `node`. Cheap to share between threads (`&Sender` is
/// enough to enqueue); on the card each enqueue is one 8-byte store to the queue's shadow
/// page, on the RDMA fallback one fetch-and-add and one posted write.
pub struct Sender {
    path: Path,
    node: u8,
    queue: u8,
}

/// How the item travels.
enum Path {
    Card(ShadowPage),
    Rdma(RdmaSender),
}

impl Sender {
    pub(crate) fn new(page: ShadowPage, node: u8, queue: u8) -> Sender {
        Sender { path: Path::Card(page), node, queue }
    }

    pub(crate) fn rdma(sender: RdmaSender, node: u8, queue: u8) -> Sender {
        Sender { path: Path::Rdma(sender), node, queue }
    }

    /// Appends `item` to the remote queue. On the card: exactly one store to the shadow page,
    /// nothing else. Never fails on the card backend (a store the card refuses is counted by the
    /// card, see `Metrics`); the `Result` is for backends that can (RDMA).
    #[inline(always)]
    pub fn enqueue(&self, item: u64) -> Result<()> {
        match &self.path {
            Path::Card(page) => {
                page.store(item);
                Ok(())
            }
            Path::Rdma(s) => s.enqueue(item),
        }
    }

    pub fn node(&self) -> u8 {
        self.node
    }

    pub fn queue(&self) -> u8 {
        self.queue
    }
}
