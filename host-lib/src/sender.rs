//! The producer side: a handle on one remote queue's shadow page.

use crate::error::Result;
use renq_driver::ShadowPage;

/// Enqueues to queue `queue` on node `node`. Cheap to share between threads (`&Sender` is
/// enough to enqueue); each enqueue is one 8-byte store to the queue's shadow page.
pub struct Sender {
    page: ShadowPage,
    node: u8,
    queue: u8,
}

impl Sender {
    pub(crate) fn new(page: ShadowPage, node: u8, queue: u8) -> Sender {
        Sender { page, node, queue }
    }

    /// Appends `item` to the remote queue: exactly one store to the shadow page, nothing
    /// else. Never fails on the card backend (a store the card refuses is counted by the
    /// card, see `Metrics`); the `Result` is for backends that can (RDMA).
    #[inline(always)]
    pub fn enqueue(&self, item: u64) -> Result<()> {
        self.page.store(item);
        Ok(())
    }

    pub fn node(&self) -> u8 {
        self.node
    }

    pub fn queue(&self) -> u8 {
        self.queue
    }
}
