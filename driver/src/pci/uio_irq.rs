//! INTx through `/dev/uioN`, the UIO route on hardware whose INTx reaches the CPU (not the
//! simulated card under TCG: there the interrupt comes from the ivshmem doorbell, see
//! [`super::doorbell`]). uio_pci_generic masks INTx (command register bit 10, Interrupt
//! Disable) in its handler and has no irqcontrol (writing /dev/uioN gives ENOSYS), so the
//! driver unmasks by clearing bit 10 through sysfs `config` — before each wait, so a line
//! still high after the driver's acknowledgement interrupts again at once.

use super::sysfs::Sysfs;
use crate::error::{DriverError, Result};
use crate::mmio::IrqSource;
use std::fs::{File, OpenOptions};
use std::os::fd::AsRawFd;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::time::Duration;

const COMMAND: u64 = 0x04;
const INTX_DISABLE: u16 = 1 << 10;

pub struct UioIrq {
    uio: File,
    config: File,
}

fn open_rw(p: &Path) -> Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(p)
        .map_err(|e| DriverError::Interrupt(format!("{}: {e}", p.display())))
}

impl UioIrq {
    /// The uio device of `addr` (bound to uio_pci_generic) under `dev` (normally `/dev`).
    pub fn open(sysfs: &Sysfs, addr: &str, dev: &Path) -> Result<UioIrq> {
        let uio_dir = sysfs.device_dir(addr).join("uio");
        let name = std::fs::read_dir(&uio_dir)
            .map_err(|e| DriverError::Interrupt(format!("{}: {e} (bound to uio_pci_generic?)", uio_dir.display())))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .find(|n| n.starts_with("uio"))
            .ok_or_else(|| DriverError::Interrupt(format!("no uioN under {}", uio_dir.display())))?;
        Ok(UioIrq { uio: open_rw(&dev.join(name))?, config: open_rw(&sysfs.device_dir(addr).join("config"))? })
    }

    /// Clears Interrupt Disable in the command register (re-enables INTx).
    pub fn unmask(&self) -> Result<()> {
        let mut cmd = [0u8; 2];
        let err = |e: std::io::Error| DriverError::Interrupt(format!("config space: {e}"));
        self.config.read_exact_at(&mut cmd, COMMAND).map_err(err)?;
        let cmd = u16::from_le_bytes(cmd);
        if cmd & INTX_DISABLE != 0 {
            self.config.write_all_at(&(cmd & !INTX_DISABLE).to_le_bytes(), COMMAND).map_err(err)?;
        }
        Ok(())
    }
}

impl IrqSource for UioIrq {
    fn wait(&self, timeout: Duration) -> bool {
        if self.unmask().is_err() {
            return false;
        }
        let mut p = libc::pollfd { fd: self.uio.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // Safety: one valid pollfd.
        if unsafe { libc::poll(&mut p, 1, timeout.as_millis().min(i32::MAX as u128) as i32) } <= 0 {
            return false;
        }
        // /dev/uioN reads a 4-byte interrupt count.
        let mut n = [0u8; 4];
        std::io::Read::read_exact(&mut &self.uio, &mut n).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn wait_unmasks_intx_and_consumes_one_count() {
        let root = std::env::temp_dir().join(format!("renq-uio-irq-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let addr = "0000:00:05.0";
        let dev_dir = root.join("bus/pci/devices").join(addr);
        std::fs::create_dir_all(dev_dir.join("uio/uio3")).unwrap();
        std::fs::create_dir_all(root.join("dev")).unwrap();
        // Config space with INTx masked (as uio_pci_generic leaves it after an interrupt).
        let mut cfg = vec![0u8; 64];
        cfg[4..6].copy_from_slice(&(0x0006u16 | INTX_DISABLE).to_le_bytes());
        std::fs::write(dev_dir.join("config"), &cfg).unwrap();
        // A FIFO stands in for /dev/uio3: readable when the "kernel" writes a count.
        let fifo = std::ffi::CString::new(root.join("dev/uio3").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let irq = UioIrq::open(&Sysfs::at(&root), addr, &root.join("dev")).unwrap();
        let command = || u16::from_le_bytes(std::fs::read(dev_dir.join("config")).unwrap()[4..6].try_into().unwrap());

        assert!(!irq.wait(Duration::from_millis(20)), "no interrupt yet");
        assert_eq!(command(), 0x0006, "INTx unmasked, other bits kept");
        let mut kernel = OpenOptions::new().write(true).open(root.join("dev/uio3")).unwrap();
        kernel.write_all(&7u32.to_ne_bytes()).unwrap();
        std::fs::write(dev_dir.join("config"), &cfg).unwrap(); // the handler masked again
        assert!(irq.wait(Duration::from_secs(1)));
        assert_eq!(command(), 0x0006);
        assert!(!irq.wait(Duration::from_millis(10)), "the count was consumed");
        let _ = std::fs::remove_dir_all(&root);
    }
}
