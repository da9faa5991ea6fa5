//! Operation counts of one node (Remus-style: each layer counts its own work): the card's
//! BAR0 counters, what the backend saw on the BARs (the simulator counts every access), the
//! driver's interrupt work and each queue's library-side work. Take two snapshots and
//! subtract (`since`), then divide by the items moved (`EnqueueCost`).

use crate::ids::QueueId;
use renq_driver::stats::{DriverStatsSnapshot, QueueStatsSnapshot};
use renq_driver::{BackendStats, CardCounters};

#[derive(Clone, Debug, Default)]
pub struct Metrics {
    pub card: CardCounters,
    pub backend: Option<BackendStats>,
    pub driver: DriverStatsSnapshot,
    /// (queue id, its counters) for the queues this node created.
    pub queues: Vec<(QueueId, QueueStatsSnapshot)>,
    /// Verbs operations of this node's senders, on the RDMA fallback (None on the card).
    pub rdma: Option<renq_rdma::OpCounters>,
    /// Tickets the consumers of this node's RDMA queues fenced and skipped because a sender
    /// stopped between its fetch-and-add and its WRITE past the lease (docs/spec.md R.11).
    /// Cumulative.
    pub rdma_skipped: u64,
}

impl Metrics {
    /// Card and backend counts between `earlier` and `self` (driver and queue counters are
    /// cumulative and kept as they are in `self`).
    pub fn since(&self, earlier: &Metrics) -> Metrics {
        let backend = match (self.backend, earlier.backend) {
            (Some(a), Some(b)) => Some(BackendStats {
                bar0_reads: a.bar0_reads - b.bar0_reads,
                bar0_writes: a.bar0_writes - b.bar0_writes,
                bar2_writes: a.bar2_writes - b.bar2_writes,
                bar2_full_stores: a.bar2_full_stores - b.bar2_full_stores,
                mem_reads: a.mem_reads.zip(b.mem_reads).map(|(x, y)| x - y),
                mem_writes: a.mem_writes.zip(b.mem_writes).map(|(x, y)| x - y),
            }),
            _ => None,
        };
        let rdma = self.rdma.zip(earlier.rdma).map(|(a, b)| a - b);
        Metrics {
            card: self.card.since(&earlier.card),
            backend,
            driver: self.driver,
            queues: self.queues.clone(),
            rdma,
            rdma_skipped: self.rdma_skipped,
        }
    }
}

/// Cost of one enqueue, from the sending node's and the receiving node's metric differences
/// over a run that moved `items` items.
#[derive(Clone, Copy, Debug)]
pub struct EnqueueCost {
    /// CPU stores that reached the sender's shadow window, per item (1.0 = one store).
    pub bar_stores: Option<f64>,
    /// Packets the sending card sent, per item.
    pub packets: f64,
    /// Card memory accesses on the receiving node, per item, where the backend counts them.
    pub mem_reads: Option<f64>,
    pub mem_writes: Option<f64>,
    /// Overflow interrupts (queue extensions) on the receiving node, per item.
    pub overflows: f64,
}

impl EnqueueCost {
    pub fn new(sender: &Metrics, receiver: &Metrics, items: u64) -> EnqueueCost {
        let per = |x: u64| x as f64 / items.max(1) as f64;
        EnqueueCost {
            bar_stores: sender.backend.map(|b| per(b.bar2_writes)),
            packets: per(sender.card.sent),
            mem_reads: receiver.backend.and_then(|b| b.mem_reads).map(per),
            mem_writes: receiver.backend.and_then(|b| b.mem_writes).map(per),
            overflows: per(receiver.card.overflows),
        }
    }
}
