//! The card transport: queues in this node's memory, appended to by the card (spec §5, §9);
//! senders are shadow pages.

use crate::error::{Error, Result};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::{Dequeue, Transport};
use renq_abi::{MAX_NODES, MAX_QUEUES};
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::wake::Wake;
use renq_driver::{PaperDriver, PaperQueue, Registers};
use std::sync::Arc;
use std::time::Instant;

/// A node on the card: its driver.
pub(crate) struct PaperTransport(pub Arc<PaperDriver>);

/// The paper card's ids are 4 bits (`renq_abi::NODE_BITS`, `QUEUE_BITS`): the driver takes
/// `u8`. `Node` has checked the range; a wider id is still an error here, never truncated.
fn card_queue(queue: QueueId) -> Result<u8> {
    u8::try_from(queue).map_err(|_| Error::UnknownQueue(queue))
}

fn card_node(node: NodeId) -> Result<u8> {
    u8::try_from(node).map_err(|_| Error::UnknownNode(node))
}

impl Transport for PaperTransport {
    fn id(&self) -> NodeId {
        self.0.node_id().into()
    }

    fn limits(&self) -> IdLimits {
        IdLimits { nodes: MAX_NODES, queues: MAX_QUEUES, local_queues: MAX_QUEUES }
    }

    fn create_queue(self: Arc<Self>, queue: QueueId, log2_words: u32) -> Result<Receiver> {
        let q = self.0.create_queue(card_queue(queue)?, log2_words)?;
        let claimed = q.claim_consumer();
        debug_assert!(claimed, "a new queue has no receiver");
        Ok(Receiver::new(Box::new(PaperCardQueue { queue: q, driver: self.0.clone() })))
    }

    fn receiver(self: Arc<Self>, queue: QueueId) -> Result<Receiver> {
        let q = self.0.queue(card_queue(queue)?).ok_or(Error::UnknownQueue(queue))?;
        if !q.claim_consumer() {
            return Err(Error::DoubleConsumer(queue));
        }
        Ok(Receiver::new(Box::new(PaperCardQueue { queue: q, driver: self.0.clone() })))
    }

    fn close_queue(&self, queue: QueueId) -> Result<()> {
        self.0.destroy_queue(card_queue(queue)?).map(|_| ()).ok_or(Error::UnknownQueue(queue))
    }

    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        Ok(Sender::store(self.0.device().shadow_page(card_node(node)?, card_queue(queue)?)?, node, queue))
    }

    fn metrics(&self) -> Metrics {
        let (driver, dev) = (&self.0, self.0.device());
        let queues =
            (0..=u8::MAX).take(MAX_QUEUES).filter_map(|q| driver.queue(q).map(|x| (q.into(), x.stats()))).collect();
        Metrics {
            card: dev.counters(),
            backend: dev.backend_stats(),
            driver: driver.stats(),
            queues,
            rdma: None,
            rdma_skipped: 0,
        }
    }

    fn paper_driver(&self) -> Option<&Arc<PaperDriver>> {
        Some(&self.0)
    }
}

/// `dequeue_until` for a queue a card appends to (both cards): take an item; else arm the
/// queue, look again (an item that landed before the arm raised no NOTIFY), and sleep until
/// the interrupt thread bumps the wake generation — read before the arm, so a NOTIFY after the
/// second look is not missed. `woken` is told of each wake-up.
pub(crate) fn sleep_until_item(
    queue: &dyn Dequeue,
    wake: &Wake,
    deadline: Option<Instant>,
    arm: impl Fn() -> Result<()>,
    woken: impl Fn(),
) -> Result<Option<u64>> {
    let mut one = [0u64];
    loop {
        if queue.dequeue_batch(&mut one)? == 1 {
            return Ok(Some(one[0]));
        }
        let seen = wake.generation();
        arm()?;
        if queue.dequeue_batch(&mut one)? == 1 {
            return Ok(Some(one[0]));
        }
        if !wake.wait_past(seen, deadline) {
            return Ok(None);
        }
        woken();
    }
}

/// The consumer side of a card queue: user-level dequeue (spec §9), sleeping on the card's
/// NOTIFY interrupt when empty (spec §5a) — no spinning.
struct PaperCardQueue {
    queue: Arc<PaperQueue>,
    driver: Arc<PaperDriver>,
}

impl Dequeue for PaperCardQueue {
    fn queue(&self) -> QueueId {
        self.queue.id().into()
    }

    fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        let n = self.queue.dequeue_batch(out);
        if n == 0 && !out.is_empty() && self.queue.is_closed() {
            return Err(Error::Closed);
        }
        Ok(n)
    }

    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        let arm = || {
            self.queue.arm();
            Ok(())
        };
        sleep_until_item(self, self.driver.wake(), deadline, arm, || self.queue.note_wakeup())
    }

    fn close(&self) -> Result<()> {
        self.driver.destroy_queue(self.queue.id()).map(|_| ()).ok_or(Error::UnknownQueue(self.queue.id().into()))
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
}

impl Drop for PaperCardQueue {
    fn drop(&mut self) {
        self.queue.release_consumer();
    }
}
