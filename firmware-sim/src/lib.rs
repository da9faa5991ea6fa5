//! The renq card simulator: RTL and model engines, host memory, links, clusters.
//!
//! * [`HostMemory`] — one node's memory, a memfd other processes of the node can map.
//! * [`engine`] — one card: the behavioural [`engine::paper::model::PaperModel`] or the RTL.
//! * [`link`] — in-order, lossless, back-pressured links into a card.
//! * [`Cluster`] — N cards in this process.
//! * [`server`] — one card per `renq-sim` process.
//! * [`udp`] — one card per process whose links are UDP datagrams (clusters across hosts).
//! * [`SimCard`] — the driver's handle on a card of either kind: it implements
//!   `renq_driver::Device`, so the driver, the library and the tests run on it unchanged.
//!
//! Features: `rtl` (default) adds the RTL engines (the hdl crate's cards stepped cycle by cycle);
//! `qemu` (default) adds the QEMU PCI device server (`renq-qemu-dev`). Without them the
//! simulator depends on neither rust-hdl nor the hdl crate.
//!
//! ```
//! use renq_abi::buffer::{FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
//! use renq_abi::paper::regs::{self, bits};
//! use renq_abi::paper::shadow;
//! use renq_driver::Device;
//! use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
//! use std::sync::atomic::Ordering;
//!
//! // The paper card's registers and shadow window (the card, the default, has portals: §7c).
//! let config = ClusterConfig { nodes: 2, engine: EngineKind::Model, card: CardKind::Paper, memory_bytes: 1 << 20 };
//! let cluster = Cluster::new(config);
//! let (tx, rx) = (cluster.card(0), cluster.card(1));
//! // The driver's part: a buffer of 2^4 words at device address 0x2000, exported as queue 3.
//! let (buf, k) = (0x2000, 4);
//! rx.memory().store_u64(buf + TAIL_WORD * 8, FIRST_DATA_INDEX, Ordering::Relaxed);
//! rx.memory().store_u64(buf + HEAD_WORD * 8, FIRST_DATA_INDEX, Ordering::Relaxed);
//! rx.bar0_write(regs::export_entry(3), 1 << bits::EXPORT_VALID | k << bits::EXPORT_LOG2_LSB | buf);
//! let on = 1 << bits::CONTROL_RX_ENABLE | 1 << bits::CONTROL_TX_ENABLE;
//! rx.bar0_write(regs::CONTROL, on);
//! tx.bar0_write(regs::CONTROL, on);
//! // One store enqueues.
//! tx.bar2_write(shadow::page_offset(1, 3), 42, 0xff);
//! cluster.wait_idle();
//! assert_eq!(rx.memory().load_u64(buf + FIRST_DATA_INDEX * 8, Ordering::Acquire), 42);
//! assert_eq!(rx.bar0_read(regs::CNT_ENQUEUED), 1);
//! ```

pub mod card_core;
pub mod cluster;
pub mod engine;
pub mod faults;
pub mod link;
pub mod lossy;
pub mod memory;
pub mod peer;
#[cfg(feature = "qemu")]
pub mod qemu;
pub mod reliable;
mod remote;
pub mod server;
pub mod sim_card;
pub mod udp;
pub mod wire;

pub use card_core::BarStats;
pub use cluster::{Cluster, ClusterConfig};
pub use engine::{CardKind, EngineKind};
pub use memory::{HostMemory, RESERVED_BYTES};
pub use server::{Server, ServerConfig};
pub use sim_card::SimCard;
