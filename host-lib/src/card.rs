//! The card-v2 transport: queues in this node's memory whose state the card keeps (spec §6a,
//! §9b); senders are portals (§7c).

use crate::error::{Error, Result};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::paper::sleep_until_item;
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::{Dequeue, Transport};
use renq_abi::v2;
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::{Driver, Queue, Registers};
use std::sync::Arc;
use std::time::Instant;

pub(crate) struct CardTransport(pub Arc<Driver>);

impl Transport for CardTransport {
    fn id(&self) -> NodeId {
        self.0.node_id()
    }

    /// The v2 ABI's 10-bit nodes and 12-bit queues; queues created here also below the
    /// card's own table (CAPS).
    fn limits(&self) -> IdLimits {
        IdLimits { nodes: v2::MAX_NODES, queues: v2::MAX_QUEUES, local_queues: self.0.capacity().0.into() }
    }

    fn create_queue(self: Arc<Self>, queue: QueueId, log2_words: u32) -> Result<Receiver> {
        let q = self.0.create_queue(queue, log2_words)?;
        let claimed = q.claim_consumer();
        debug_assert!(claimed, "a new queue has no receiver");
        Ok(Receiver::new(Box::new(CardQueue { queue: q, driver: self.0.clone() })))
    }

    fn receiver(self: Arc<Self>, queue: QueueId) -> Result<Receiver> {
        let q = self.0.queue(queue).ok_or(Error::UnknownQueue(queue))?;
        if !q.claim_consumer() {
            return Err(Error::DoubleConsumer(queue));
        }
        Ok(Receiver::new(Box::new(CardQueue { queue: q, driver: self.0.clone() })))
    }

    fn close_queue(&self, queue: QueueId) -> Result<()> {
        self.0.destroy_queue(queue).map(|_| ()).ok_or(Error::UnknownQueue(queue))
    }

    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        Ok(Sender::portal(self.0.grant_portal(node, queue)?, node, queue))
    }

    fn grant(&self, node: NodeId, queue: QueueId) -> Result<renq_driver::Portal> {
        Ok(self.0.grant_portal(node, queue)?)
    }

    fn metrics(&self) -> Metrics {
        let (driver, dev) = (&self.0, self.0.device());
        let queues = (0..driver.capacity().0).filter_map(|q| driver.queue(q).map(|x| (q, x.stats()))).collect();
        Metrics {
            card: dev.counters(),
            backend: dev.backend_stats(),
            driver: driver.stats(),
            queues,
            rdma: None,
            rdma_skipped: 0,
        }
    }
}

/// The consumer side of a card-v2 queue: user-level dequeue along the forward chain, sleeping
/// on NOTIFY (the ARM command) when empty; the driver's queue rings the head doorbell (on by
/// default, `Receiver::set_head_doorbell`).
struct CardQueue {
    queue: Arc<Queue>,
    driver: Arc<Driver>,
}

impl Dequeue for CardQueue {
    fn queue(&self) -> QueueId {
        self.queue.id()
    }

    fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        let n = self.queue.dequeue_batch(out);
        if n == 0 && !out.is_empty() && self.queue.is_closed() {
            return Err(Error::Closed);
        }
        Ok(n)
    }

    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        // Armed with the tail seen; a buffer linked before the arm took effect is found by
        // the second look, like an item.
        let arm = || Ok(self.driver.arm(self.queue.id(), self.queue.seen_tail())?);
        sleep_until_item(self, self.driver.wake(), deadline, arm, || {})
    }

    fn close(&self) -> Result<()> {
        self.driver.destroy_queue(self.queue.id()).map(|_| ()).ok_or(Error::UnknownQueue(self.queue.id()))
    }

    fn len(&self) -> usize {
        self.queue.len()
    }

    fn buffers(&self) -> usize {
        self.queue.chain_len()
    }

    fn stats(&self) -> QueueStatsSnapshot {
        self.queue.stats()
    }

    fn set_head_doorbell(&self, every: u32) -> bool {
        self.queue.set_doorbell_every(every);
        true
    }

    fn head_doorbell(&self) -> Option<u32> {
        Some(self.queue.doorbell_every())
    }
}

impl Drop for CardQueue {
    fn drop(&mut self) {
        self.queue.release_consumer();
    }
}
