//! The renq card as a PCI device under Linux, driven from user space (a QEMU guest runs these
//! against the simulated card; scripts/vm). Two backends produce the same [`PciCard`] — a
//! [`crate::mmio::MmioDevice`] plus what it needs to live:
//!
//! * [`uio`] — `uio_pci_generic` claims the card; BAR0 and BAR2 are mapped from sysfs
//!   `resource0`/`resource2` with memmap2 (uncached: never `resourceN_wc`).
//! * [`vfio`] — `vfio-pci` + the pci-driver crate (VFIO type1): BARs as region mmaps, the DMA
//!   memory mapped in the IOMMU with IOVA == guest-physical.
//!
//! Shared by both: [`sysfs`] (discovery by renq_abi's vendor/device id, binding),
//! [`dma_region`] (a huge page and its guest-physical address), [`doorbell`] (the interrupt
//! in a QEMU guest: ivshmem-doorbell MSI-X → vfio-pci eventfd), [`uio_irq`] (the INTx route
//! through /dev/uioN, for hardware whose INTx arrives), [`grant`] (one queue's shadow page for
//! one process).

pub mod dma_region;
pub mod doorbell;
pub mod grant;
pub mod sysfs;
pub mod uio;
pub mod uio_irq;
pub mod vfio;

use crate::device::{Device, ShadowPage};
use crate::dma::DmaPool;
use crate::error::{DriverError, Result};
use crate::mmio::MmioDevice;
use dma_region::DmaRegion;
use grant::GrantedPage;
use std::time::Duration;

/// Which kernel driver the PCI function is bound to, i.e. which interface reaches the card
/// (not to be confused with `renq::Backend`, the transport an application picks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    Uio,
    Vfio,
}

impl std::str::FromStr for Binding {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s {
            "uio" => Ok(Binding::Uio),
            "vfio" => Ok(Binding::Vfio),
            _ => Err(format!("unknown binding {s:?} (uio or vfio)")),
        }
    }
}

/// How a backend maps single pages of BAR2 for [`PciCard::grant`].
pub(crate) enum Bar2Pages {
    /// sysfs `resource2`, opened read-write.
    File(std::fs::File),
    /// The VFIO region of BAR2.
    Vfio(pci_driver::regions::OwningPciRegion),
}

/// An opened card (either backend). Fields drop in order: the device (its pool points into
/// the DMA region) before the region.
pub struct PciCard {
    dev: MmioDevice,
    address: String,
    bar2: Bar2Pages,
    /// The VFIO device (vfio backend): keeps the container, the IOMMU mapping and the BARs.
    _vfio: Option<pci_driver::backends::vfio::VfioPciDevice>,
    dma: DmaRegion,
}

impl PciCard {
    /// Finds the card under `sysfs`, binds it to that kernel driver and maps everything.
    pub fn open(binding: Binding, sysfs: &sysfs::Sysfs) -> Result<PciCard> {
        match binding {
            Binding::Uio => uio::open(sysfs),
            Binding::Vfio => vfio::open(sysfs),
        }
    }

    /// The card's PCI address (`0000:00:03.0`).
    pub fn address(&self) -> &str {
        &self.address
    }

    /// Guest-physical base and length of the DMA memory the pool hands out.
    pub fn dma_region(&self) -> (u64, usize) {
        (self.dma.phys(), self.dma.len())
    }

    /// A mapping of the one shadow page of (node, queue) for a process to enqueue through.
    pub fn grant(&self, node: u8, queue: u8) -> Result<GrantedPage> {
        if node as usize >= renq_abi::paper::MAX_NODES || queue as usize >= renq_abi::paper::MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "node/queue", value: ((node as u64) << 8) | queue as u64 });
        }
        let off = renq_abi::paper::shadow::page_offset(node, queue);
        match &self.bar2 {
            Bar2Pages::File(f) => GrantedPage::map_file(f, off),
            Bar2Pages::Vfio(region) => vfio::grant(region, off),
        }
    }
}

impl Device for PciCard {
    fn backend(&self) -> &'static str {
        self.dev.backend()
    }
    fn bar0_read(&self, offset: u64) -> u64 {
        self.dev.bar0_read(offset)
    }
    fn bar0_write(&self, offset: u64, value: u64) {
        self.dev.bar0_write(offset, value)
    }
    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.dev.bar2_write(offset, value, byte_enable)
    }
    fn bar2_read(&self, offset: u64) -> u64 {
        self.dev.bar2_read(offset)
    }
    fn shadow_page(&self, node: u8, queue: u8) -> Result<ShadowPage> {
        self.dev.shadow_page(node, queue)
    }
    fn portal_page(&self, portal: u16) -> Result<ShadowPage> {
        self.dev.portal_page(portal)
    }
    fn wait_irq(&self, timeout: Duration) -> bool {
        self.dev.wait_irq(timeout)
    }
    fn dma(&self) -> &DmaPool {
        self.dev.dma()
    }
}

/// The pool over a DMA region: device address = guest-physical address.
fn pool_over(dma: &DmaRegion) -> DmaPool {
    // Safety: the region is mapped for as long as the PciCard (which drops the pool first),
    // 2 MiB aligned, and byte i is what the card reads at guest-physical phys + i.
    unsafe { DmaPool::new(dma.as_ptr(), dma.phys(), dma.len() as u64, 0) }
}
