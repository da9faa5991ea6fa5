//! The VFIO backend, through the pci-driver crate (its traits are sealed, so it sits behind
//! the project's `Device` as one implementation): vfio-pci claims the card, a type1 container
//! holds its IOMMU group (needs intel-iommu + intel_iommu=on in the guest), BAR0/BAR2 are
//! region mmaps (vfio-pci maps BARs uncached), and the DMA huge page is mapped in the IOMMU at
//! IOVA == its guest-physical address — the simulated card reads guest RAM by guest-physical
//! address, bypassing the emulated IOMMU, so only the identity mapping is right for both.
//! Interrupts: the ivshmem doorbell's MSI-X ([`super::doorbell`]).

use super::dma_region::DmaRegion;
use super::doorbell::{enable_bus_master, DoorbellIrq};
use super::grant::GrantedPage;
use super::sysfs::Sysfs;
use super::{pool_over, Bar2Pages, PciCard};
use crate::error::{DriverError, Result};
use crate::mmio::{MappedBars, MmioDevice};
use pci_driver::backends::vfio::VfioPciDevice;
use pci_driver::device::PciDevice;
use pci_driver::regions::{OwningPciRegion, PciRegion, Permissions};
use renq_abi::csr::BAR0_BYTES;
use renq_abi::paper::shadow::{PAGE_BYTES, WINDOW_BYTES};
use renq_abi::{PCI_DEVICE_ID, PCI_VENDOR_ID};
use std::sync::Arc;

fn io(what: &'static str) -> impl Fn(std::io::Error) -> DriverError {
    move |e| DriverError::Map(format!("{what}: {e}"))
}

fn bar(dev: &VfioPciDevice, index: usize, need: u64) -> Result<OwningPciRegion> {
    let region = dev.bar(index).ok_or_else(|| DriverError::Discovery(format!("VFIO: no BAR{index}")))?;
    if region.len() < need || !region.is_mappable() {
        return Err(DriverError::Map(format!(
            "VFIO: BAR{index} is {} bytes (mappable: {}), need {need}",
            region.len(),
            region.is_mappable()
        )));
    }
    Ok(region)
}

pub(crate) fn open(sysfs: &Sysfs) -> Result<PciCard> {
    let addr = sysfs.find_one(PCI_VENDOR_ID, PCI_DEVICE_ID)?;
    sysfs.bind(&addr, "vfio-pci")?;
    let dev = VfioPciDevice::open(sysfs.device_dir(&addr)).map_err(io("VFIO open of the card (intel_iommu=on?)"))?;
    enable_bus_master(&dev)?;
    let (bar0, bar2) = (bar(&dev, 0, BAR0_BYTES)?, bar(&dev, 2, WINDOW_BYTES)?);
    let m0 = bar0.map(0..BAR0_BYTES, Permissions::ReadWrite).map_err(io("VFIO mmap BAR0"))?;
    // BAR2 is mapped whole: the paper card's 1 MiB shadow window or the card's 16 MiB of portals.
    let len2 = bar2.len();
    let m2 = bar2.map(0..len2, Permissions::ReadWrite).map_err(io("VFIO mmap BAR2"))?;
    let (p0, p2) = (m0.as_mut_ptr(), m2.as_mut_ptr());
    // Safety: region mmaps of the whole BAR0 / BAR2, kept by the Arc.
    let bars = unsafe { MappedBars::with_bar2_len(p0, p2, len2, Arc::new((m0, m2)))? };

    let dma = DmaRegion::huge_page()?;
    let iommu = dev.iommu();
    let (iova, len) = (dma.phys(), dma.len());
    if !iommu.valid_iova_ranges().iter().any(|r| r.start <= iova && iova + len as u64 <= r.end) {
        return Err(DriverError::Map(format!(
            "IOVA {iova:#x} (= guest-physical) outside the IOMMU's ranges {:x?}",
            iommu.valid_iova_ranges()
        )));
    }
    // Safety: the region stays mapped (and pinned by VFIO) for the card's lifetime.
    unsafe { iommu.map(iova, len, dma.as_ptr().as_ptr(), Permissions::ReadWrite) }.map_err(io("VFIO DMA map"))?;

    let irq = DoorbellIrq::open(sysfs)?;
    let mmio = MmioDevice::new("vfio", bars, Box::new(irq), pool_over(&dma));
    Ok(PciCard { dev: mmio, address: addr, bar2: Bar2Pages::Vfio(bar2), _vfio: Some(dev), dma })
}

/// One page of BAR2 as its own region mmap, moved into a guarded reservation.
pub(crate) fn grant(bar2: &OwningPciRegion, offset: u64) -> Result<GrantedPage> {
    let m =
        bar2.map(offset..offset + PAGE_BYTES, Permissions::ReadWrite).map_err(io("VFIO mmap of one shadow page"))?;
    let p = m.as_mut_ptr();
    // The mapping moves; its owner must never unmap the old address (it keeps the device
    // open, as the card is for the process's life anyway).
    std::mem::forget(m);
    // Safety: a fresh one-page mapping nothing else refers to.
    unsafe { GrantedPage::move_in(p) }
}
