//! renq-driver: user-space driver for the renq card (spec: docs/spec.md).
//!
//! * [`Device`] — the one trait for a card as the driver sees it: BAR0 registers, BAR2
//!   stores and shadow pages, the interrupt, DMA memory. Implemented here by
//!   [`mmio::MmioDevice`] (mapped BARs + an interrupt fd + DMA memory: what UIO and VFIO
//!   produce; [`mmio::MappedBars`] is its BAR part) and outside by the simulator
//!   (`renq_sim::SimCard`), which depends on this crate, not the other way round.
//! * [`CardDriver`] / [`CardQueue`] — the driver as the library sees it: one contract that
//!   both cards' drivers keep ([`card_driver`]).
//! * [`pci`] — the card under Linux: sysfs discovery, the UIO and VFIO backends
//!   ([`pci::PciCard`]), DMA memory by guest-physical address, granting one shadow page.
//! * [`regs`] — the BAR0 register block and typed register helpers.
//! * [`dma`] — the DMA pool (buddy allocator, power-of-two aligned blocks).
//! * [`driver`] — [`Driver`]: the per-card driver (spec §6a, §7c, §8b, §9b): queue state on the
//!   card reached through the command port ([`commands`]), O(1) overflow, portals; [`irq`] —
//!   its interrupt thread.
//! * [`queue`] — [`Queue`]: one queue's forward chain, the dequeuer, the overflow handler;
//!   the protocol is written once as step machines ([`steps`]) that the model check runs.
//! * [`epoch`] — epoch-based reclamation of retired buffers.
//! * [`paper`] — the paper card's driver (the reference): [`paper::PaperDriver`].

pub mod card_driver;
mod commands;
pub mod device;
pub mod dma;
pub mod driver;
pub mod epoch;
pub mod error;
pub mod irq;
pub mod mmio;
pub mod paper;
pub mod pci;
pub mod queue;
pub mod regs;
pub mod stats;
pub mod steps;
pub mod wake;

pub use card_driver::{CardDriver, CardLimits, CardQueue, QueueConfig, SendPath};
pub use device::{BackendStats, Device, ShadowPage};
pub use driver::{Driver, Portal};
pub use error::{DriverError, Result};
pub use paper::{OverflowAction, PaperDriver, PaperQueue};
pub use queue::{spare_target, Queue, SPARE_BYTES};
pub use regs::{CardCounters, Registers};
