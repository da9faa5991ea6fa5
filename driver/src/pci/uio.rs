//! The UIO backend: `uio_pci_generic` claims the card (so no other driver does, and the kernel
//! enables memory decoding), BAR0 and BAR2 are mapped from sysfs `resource0`/`resource2` with
//! memmap2. sysfs `resourceN` maps are uncached, which BAR2 needs (one store = one TLP =
//! one enqueue); `resourceN_wc` would merge stores and is never used.
//!
//! Interrupts: not through `/dev/uioN`. uio_pci_generic serves INTx only, and the simulated
//! card's INTx never reaches a TCG guest; the card's line arrives as MSI-X of the ivshmem
//! doorbell instead ([`super::doorbell`]), taken through vfio-pci. (ivshmem-doorbell is
//! MSI-X only — QEMU 7.2 has no msi=off for it — so uio_pci_generic cannot serve it either.)
//! On hardware whose INTx arrives, [`super::uio_irq::UioIrq`] (/dev/uioN, INTx re-enabled by
//! clearing command bit 10 through sysfs `config`) replaces the doorbell. DMA: a huge page by guest-physical
//! address; UIO does not program the IOMMU, so on real hardware it needs iommu=pt.

use super::dma_region::DmaRegion;
use super::doorbell::DoorbellIrq;
use super::sysfs::Sysfs;
use super::{pool_over, Bar2Pages, PciCard};
use crate::error::{DriverError, Result};
use crate::mmio::{MappedBars, MmioDevice};
use renq_abi::csr::BAR0_BYTES;
use renq_abi::paper::shadow::WINDOW_BYTES;
use renq_abi::{PCI_DEVICE_ID, PCI_VENDOR_ID};
use std::fs::{File, OpenOptions};

/// Opens `resourceN` of a BAR at least `need` bytes long; returns it and the BAR's length.
fn open_resource(sysfs: &Sysfs, addr: &str, bar: usize, need: u64) -> Result<(File, u64)> {
    let len = sysfs.bar_len(addr, bar)?;
    if len < need {
        return Err(DriverError::Map(format!("{addr} BAR{bar} is {len} bytes, need {need}")));
    }
    let path = sysfs.device_dir(addr).join(format!("resource{bar}"));
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .map(|f| (f, len))
        .map_err(|e| DriverError::Map(format!("{}: {e}", path.display())))
}

fn map(file: &File, len: u64, what: &str) -> Result<memmap2::MmapRaw> {
    memmap2::MmapOptions::new()
        .len(len as usize)
        .map_raw(file)
        .map_err(|e| DriverError::Map(format!("mmap {what}: {e}")))
}

pub(crate) fn open(sysfs: &Sysfs) -> Result<PciCard> {
    let addr = sysfs.find_one(PCI_VENDOR_ID, PCI_DEVICE_ID)?;
    sysfs.bind(&addr, "uio_pci_generic")?;
    let (res0, _) = open_resource(sysfs, &addr, 0, BAR0_BYTES)?;
    // BAR2 is mapped whole: the paper card's 1 MiB shadow window or the card's 16 MiB of portals.
    let (res2, len2) = open_resource(sysfs, &addr, 2, WINDOW_BYTES)?;
    let bars = MappedBars::from_mmaps(map(&res0, BAR0_BYTES, "resource0")?, map(&res2, len2, "resource2")?)?;
    let irq = DoorbellIrq::open(sysfs)?;
    let dma = DmaRegion::huge_page()?;
    let dev = MmioDevice::new("uio", bars, Box::new(irq), pool_over(&dma));
    Ok(PciCard { dev, address: addr, bar2: Bar2Pages::File(res2), _vfio: None, dma })
}
