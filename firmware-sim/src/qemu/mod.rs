//! Serving one simulated renq card to a QEMU guest as a PCI device.
//!
//! QEMU 7.2's experimental `x-pci-proxy-dev` forwards every config-space access and every BAR
//! load/store of the guest to another process over a UNIX socket ([`mpqemu`] messages). This
//! module is that other process's half:
//!
//! * [`mpqemu`] — the wire format (learnt from QEMU's hw/remote, written anew).
//! * [`pci_config`] — the card's 256-byte config space: ids, class, command, BAR sizing.
//! * [`guest_memory`] — the card's DMA target: guest RAM, from the memfds of SYNC_SYSMEM.
//! * [`doorbell`] — an ivshmem server: the proxy's INTx never reaches a TCG guest, so the card's
//!   interrupt line is forwarded as an `ivshmem-doorbell` MSI-X vector instead.
//! * [`links`] — this card's links to other cards (the `renq-sim` socket protocol, so a guest's
//!   card links with `renq-sim` processes and with other guests' cards alike).
//! * [`device`] — the loop that ties them to a [`crate::card_core::CardCore`].
//!
//! The guest side is renq-driver's `pci` module; the host-side test harness is crate renq-vm.

pub mod device;
pub mod doorbell;
pub mod guest_memory;
pub mod links;
pub mod mpqemu;
pub mod pci_config;

pub use device::{DeviceConfig, DeviceSummary, ProxyDevice};
