//! renq-driver: user-space driver for the renq card (spec: docs/spec.md).
//!
//! * [`Device`] — the one trait for a card as the driver sees it: BAR0 registers, BAR2
//!   stores and shadow pages, the interrupt, DMA memory. Implemented here by
//!   [`mmio::MmioDevice`] (mapped BARs + an interrupt fd + DMA memory: what UIO and VFIO
//!   produce; [`mmio::MappedBars`] is its BAR part) and outside by the simulator
//!   (`renq_sim::SimCard`), which depends on this crate, not the other way round.
//! * [`pci`] — the card under Linux: sysfs discovery, the UIO and VFIO backends
//!   ([`pci::PciCard`]), DMA memory by guest-physical address, granting one shadow page.
//! * [`regs`] — the BAR0 register block and typed register helpers.
//! * [`dma`] — the DMA pool (buddy allocator, power-of-two aligned blocks).
//! * [`queue`] — one queue's chain, the dequeuer and the overflow handler's *extend* (§9).
//! * [`driver`] / [`irq`] — the per-card driver and its interrupt thread.
//! * [`epoch`] — epoch-based reclamation of retired buffers.
//! * [`v2`] — the driver for card v2: queue state on the card, O(1) overflow, portals.

pub mod device;
pub mod dma;
pub mod driver;
pub mod epoch;
pub mod error;
pub mod irq;
pub mod mmio;
pub mod pci;
pub mod queue;
pub mod regs;
pub mod stats;
pub mod v2;
pub mod wake;

pub use device::{BackendStats, Device, ShadowPage};
pub use driver::Driver;
pub use error::{DriverError, Result};
pub use queue::{OverflowAction, Queue};
pub use regs::{CardCounters, Registers};
pub use v2::{DriverV2, Portal, QueueV2};
