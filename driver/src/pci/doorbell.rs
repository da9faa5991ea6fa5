//! The card's interrupt inside a QEMU guest: the simulated card's INTx (x-pci-proxy-dev) never
//! reaches a TCG guest, so renq-qemu-dev forwards its interrupt line to an `ivshmem-doorbell`
//! device as MSI-X vector 0. Both backends take it the same way: the doorbell bound to
//! vfio-pci (pci-driver), Bus Master Enable set (an MSI is a DMA write), vector 0 → an eventfd.
//! (ivshmem-doorbell with MSI-X never raises INTx, so uio_pci_generic cannot serve it.)

use super::sysfs::Sysfs;
use crate::error::{DriverError, Result};
use crate::mmio::{FdIrq, IrqSource};
use pci_driver::backends::vfio::VfioPciDevice;
use pci_driver::device::PciDevice;
use pci_driver::regions::PciRegion;
use std::os::fd::{AsRawFd, OwnedFd};
use std::time::Duration;

/// QEMU's ivshmem (Red Hat, Inc. / Inter-VM shared memory).
pub const IVSHMEM_VENDOR: u16 = 0x1af4;
pub const IVSHMEM_DEVICE: u16 = 0x1110;

/// PCI command register: memory decoding and bus mastering.
pub(crate) const COMMAND: u64 = 0x04;
pub(crate) const COMMAND_MEMORY: u16 = 1 << 1;
pub(crate) const COMMAND_BUS_MASTER: u16 = 1 << 2;

fn io(what: &str) -> impl Fn(std::io::Error) -> DriverError + '_ {
    move |e| DriverError::Interrupt(format!("{what}: {e}"))
}

/// Sets memory decoding and bus mastering in a VFIO device's command register.
pub(crate) fn enable_bus_master(dev: &VfioPciDevice) -> Result<()> {
    let cfg = dev.config();
    let cmd = cfg.read_le_u16(COMMAND).map_err(io("config read"))?;
    cfg.write_le_u16(COMMAND, cmd | COMMAND_MEMORY | COMMAND_BUS_MASTER).map_err(io("config write"))
}

/// The doorbell's MSI-X vector 0 as an interrupt source.
pub struct DoorbellIrq {
    fd: FdIrq,
    /// Kept open: closing the VFIO device tears the route down.
    _dev: VfioPciDevice,
}

impl DoorbellIrq {
    pub fn open(sysfs: &Sysfs) -> Result<DoorbellIrq> {
        let addr = sysfs.find_one(IVSHMEM_VENDOR, IVSHMEM_DEVICE)?;
        sysfs.bind(&addr, "vfio-pci")?;
        let dev = VfioPciDevice::open(sysfs.device_dir(&addr))
            .map_err(io("VFIO open of the ivshmem doorbell (intel_iommu=on?)"))?;
        enable_bus_master(&dev)?;
        let efd = OwnedFd::from(renq_os::EventFd::new().map_err(io("eventfd"))?);
        let interrupts = dev.interrupts();
        let msix = interrupts.msi_x();
        if msix.max() == 0 {
            return Err(DriverError::Interrupt("the ivshmem doorbell has no MSI-X vector".into()));
        }
        msix.enable(&[efd.as_raw_fd()]).map_err(io("VFIO MSI-X enable"))?;
        Ok(DoorbellIrq { fd: FdIrq::eventfd(efd), _dev: dev })
    }
}

impl IrqSource for DoorbellIrq {
    fn wait(&self, timeout: Duration) -> bool {
        self.fd.wait(timeout)
    }
}
