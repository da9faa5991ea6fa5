//! renq: enqueue a 64-bit item into a FIFO queue in another node's memory with one store.
//!
//! ```no_run
//! # fn main() -> renq::Result<()> {
//! // Two simulated cards (the dev-dependency renq-sim); on a real card, the device comes from
//! // `renq_driver::pci` instead, and nothing else changes.
//! use renq_sim::{Cluster, ClusterConfig};
//! let cluster = Cluster::new(ClusterConfig::default());
//! let a = renq::Node::new(cluster.card(0))?;
//! let b = renq::Node::new(cluster.card(1))?;
//! let rx = b.create_queue(3, 10)?;        // queue 3 on node 1, 1024-word buffers
//! let tx = a.sender(1, 3)?;               // node 0 → (node 1, queue 3)
//! tx.enqueue(42)?;                        // one store
//! assert_eq!(rx.dequeue()?, 42);          // sleeps on the card's interrupt if empty
//! # Ok(()) }
//! ```
//!
//! * [`Node`] — this node's transport ([`Backend`]: the card, or the RDMA fallback with the
//!   same API, over shared memory or — feature `verbs` — an RDMA device): create queues
//!   (`create_queue`, or `create_queue_with` a [`QueueConfig`]: a memory limit), make senders,
//!   read [`Metrics`] (the card's switches into a spare buffer: `Metrics::card.switches` and
//!   each queue's `switches`).
//! * [`Sender`] — `enqueue`: one store to the queue's shadow page.
//! * [`Receiver`] — `try_dequeue`, `dequeue`, `dequeue_timeout`, `dequeue_batch`.
//! * Ids are `u16` ([`NodeId`], [`QueueId`]); [`Node::limits`] gives the transport's range.
//! * [`Grant`] / [`PortalGrant`] — the card: the owner grants a portal to a send-only process
//!   of the node (`Node::grant`, `Node::attach_granted`).
//! * [`transport`] — the contract every backend implements (`Transport`, `Enqueue`,
//!   `Dequeue`); `Node`, `Sender` and `Receiver` only wrap it.
//!
//! The library depends on the driver and the RDMA fallback only: the simulator (`renq-sim`)
//! and the card's RTL are not part of an application's build.

mod card;
pub mod check;
mod error;
mod grant;
mod ids;
mod metrics;
mod node;
mod portal;
mod rdma;
mod receiver;
mod sender;
pub mod transport;
#[cfg(feature = "verbs")]
mod verbs;

pub use error::{Error, Result};
pub use grant::{Grant, PortalGrant};
pub use ids::{IdLimits, NodeId, QueueId};
pub use metrics::{EnqueueCost, Metrics};
pub use node::{Backend, Node, Renq};
/// The sender's settle as a step machine, for the model check (`tests/sender_model.rs`).
#[doc(hidden)]
pub use portal::{PortalAccess, PortalCore, Settle, SettleStep, Unconfirmed};
pub use portal::{SendStatus, UNCONFIRMED_MAX};
pub use rdma::RdmaShmConfig;
pub use receiver::Receiver;
/// How a queue is created (`Node::create_queue_with`): its buffers' size and memory limit.
pub use renq_driver::QueueConfig;
pub use sender::Sender;
pub use transport::{Dequeue, Enqueue, Transport};
#[cfg(feature = "verbs")]
pub use verbs::RdmaVerbsConfig;
