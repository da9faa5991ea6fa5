//! The renq card simulator: RTL and model engines, host memory, links, clusters.
//!
//! * [`HostMemory`] — one node's memory, a memfd other processes of the node can map.
//! * [`engine`] — one card: the behavioural [`engine::model::ModelCard`] or the RTL.
//! * [`link`] — in-order, lossless, back-pressured links into a card.
//! * [`Cluster`] — N cards in this process; [`CardPort`] is the driver's handle to one.
//! * `remote` — one card per `renq-sim` process, links and clients over UNIX sockets.

pub mod cluster;
pub mod engine;
pub mod link;
pub mod memory;
pub mod port;
pub mod remote;
pub mod server;
pub mod wire;

pub use cluster::{Cluster, ClusterConfig};
pub use engine::EngineKind;
pub use memory::{HostMemory, RESERVED_BYTES};
pub use port::{BarStats, CardPort};
pub use remote::RemoteCard;
pub use server::{Server, ServerConfig};
