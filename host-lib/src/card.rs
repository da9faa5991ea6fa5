//! The card transport: queues in this node's memory that the card appends to, over the one
//! driver contract ([`CardDriver`]) both cards' drivers keep — the card (spec §6a, §9b;
//! senders are portals, §7c) and the paper card (spec §5, §9; senders are shadow pages).

use crate::error::{Error, Result};
use crate::ids::{IdLimits, NodeId, QueueId};
use crate::metrics::Metrics;
use crate::receiver::Receiver;
use crate::sender::Sender;
use crate::transport::{Dequeue, Transport};
use renq_driver::stats::QueueStatsSnapshot;
use renq_driver::steps::{SleepOp, SleepPc};
use renq_driver::wake::Wake;
use renq_driver::{CardDriver, CardQueue, QueueConfig, Registers, SendPath};
use std::sync::Arc;
use std::time::Instant;

/// A node on a card: its driver.
pub(crate) struct CardTransport(pub Arc<dyn CardDriver>);

impl CardTransport {
    fn consumer(&self, queue: Arc<dyn CardQueue>) -> Receiver {
        Receiver::new(Box::new(CardConsumer { queue, driver: self.0.clone() }))
    }
}

impl Transport for CardTransport {
    fn id(&self) -> NodeId {
        self.0.node_id()
    }

    fn limits(&self) -> IdLimits {
        let l = self.0.limits();
        IdLimits { nodes: l.nodes, queues: l.queues, local_queues: l.local_queues }
    }

    fn create_queue(self: Arc<Self>, queue: QueueId, log2_words: u32) -> Result<Receiver> {
        self.create_queue_with(queue, QueueConfig::new(log2_words))
    }

    fn create_queue_with(self: Arc<Self>, queue: QueueId, config: QueueConfig) -> Result<Receiver> {
        let q = self.0.create_queue_with(queue, config)?;
        let claimed = q.claim_consumer();
        debug_assert!(claimed, "a new queue has no receiver");
        Ok(self.consumer(q))
    }

    fn receiver(self: Arc<Self>, queue: QueueId) -> Result<Receiver> {
        let q = self.0.queue(queue).ok_or(Error::UnknownQueue(queue))?;
        if !q.claim_consumer() {
            return Err(Error::DoubleConsumer(queue));
        }
        Ok(self.consumer(q))
    }

    fn close_queue(&self, queue: QueueId) -> Result<()> {
        self.0.destroy_queue(queue).then_some(()).ok_or(Error::UnknownQueue(queue))
    }

    fn sender(&self, node: NodeId, queue: QueueId) -> Result<Sender> {
        Ok(match self.0.send_path(node, queue)? {
            SendPath::Portal(portal) => Sender::portal(portal, node, queue),
            SendPath::Store(page) => Sender::store(page, node, queue),
        })
    }

    fn grant(&self, node: NodeId, queue: QueueId) -> Result<renq_driver::Portal> {
        Ok(self.0.grant_portal(node, queue)?)
    }

    fn metrics(&self) -> Metrics {
        let (driver, dev) = (&self.0, self.0.device());
        let local = driver.limits().local_queues.min(u16::MAX as usize + 1);
        let queues = (0..local).filter_map(|q| driver.queue(q as u16).map(|x| (q as u16, x.stats()))).collect();
        Metrics {
            card: dev.counters(),
            backend: dev.backend_stats(),
            driver: driver.stats(),
            queues,
            rdma: None,
            rdma_skipped: 0,
        }
    }

    fn card_driver(&self) -> Option<&Arc<dyn CardDriver>> {
        Some(&self.0)
    }
}

/// `dequeue_until` for a queue a card appends to, in the order of the driver's [`SleepOp`]
/// (the one the model check runs): take an item; else read the wake generation, arm the queue
/// (`steps::arm`), look again (an item that landed meanwhile is taken without a sleep), and
/// sleep until the interrupt thread bumps the generation. `woken` is told of each wake-up.
pub(crate) fn sleep_until_item(
    queue: &dyn Dequeue,
    wake: &Wake,
    deadline: Option<Instant>,
    arm: impl Fn() -> Result<()>,
    woken: impl Fn(),
) -> Result<Option<u64>> {
    let mut one = [0u64];
    let (mut op, mut seen) = (SleepOp::new(), 0);
    loop {
        match op.pc {
            SleepPc::Look | SleepPc::Recheck => op.looked(queue.dequeue_batch(&mut one)? == 1),
            SleepPc::Generation => {
                seen = wake.generation();
                op.advance();
            }
            SleepPc::Arm => {
                arm()?;
                op.advance();
            }
            SleepPc::Wait => {
                if !wake.wait_past(seen, deadline) {
                    return Ok(None);
                }
                woken();
                op.advance();
            }
            SleepPc::Found => return Ok(Some(one[0])),
        }
    }
}

/// The consumer side of a card queue: user-level dequeue along the queue's chain, sleeping on
/// the card's NOTIFY interrupt when empty (no spinning); the card's queue rings the head
/// doorbell (on by default, `Receiver::set_head_doorbell`).
struct CardConsumer {
    queue: Arc<dyn CardQueue>,
    driver: Arc<dyn CardDriver>,
}

impl Dequeue for CardConsumer {
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
        let arm = || Ok(self.queue.arm()?);
        sleep_until_item(self, self.driver.wake(), deadline, arm, || self.queue.note_wakeup())
    }

    fn close(&self) -> Result<()> {
        let q = self.queue.id();
        self.driver.destroy_queue(q).then_some(()).ok_or(Error::UnknownQueue(q))
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
        self.queue.set_head_doorbell(every)
    }

    fn head_doorbell(&self) -> Option<u32> {
        self.queue.head_doorbell()
    }
}

impl Drop for CardConsumer {
    fn drop(&mut self) {
        self.queue.release_consumer();
    }
}
