//! PCI devices through sysfs: find a function by vendor/device id, bind it to a kernel driver
//! (driver_override + drivers_probe), read its BAR sizes and IOMMU group. The root is
//! injectable (`Sysfs::at`) so the logic is tested against a fake tree.

use crate::error::{DriverError, Result};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A sysfs tree (normally `/sys`).
#[derive(Clone, Debug)]
pub struct Sysfs {
    root: PathBuf,
}

fn map_err(what: impl std::fmt::Display, e: std::io::Error) -> DriverError {
    DriverError::Discovery(format!("{what}: {e}"))
}

/// `0x1de5` (sysfs id files) → 0x1de5.
fn read_hex(path: &Path) -> Option<u64> {
    let s = std::fs::read_to_string(path).ok()?;
    u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok()
}

impl Sysfs {
    pub fn system() -> Sysfs {
        Sysfs::at("/sys")
    }

    pub fn at(root: impl Into<PathBuf>) -> Sysfs {
        Sysfs { root: root.into() }
    }

    /// `<root>/bus/pci/devices/<addr>`.
    pub fn device_dir(&self, addr: &str) -> PathBuf {
        self.root.join("bus/pci/devices").join(addr)
    }

    /// Addresses (e.g. `0000:00:03.0`) of every function with this identity, sorted.
    pub fn find(&self, vendor: u16, device: u16) -> Result<Vec<String>> {
        let dir = self.root.join("bus/pci/devices");
        let entries = std::fs::read_dir(&dir).map_err(|e| map_err(dir.display(), e))?;
        let mut found: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| {
                let p = e.path();
                read_hex(&p.join("vendor")) == Some(vendor as u64) && read_hex(&p.join("device")) == Some(device as u64)
            })
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        found.sort();
        Ok(found)
    }

    /// The first function with this identity, or an error naming the id.
    pub fn find_one(&self, vendor: u16, device: u16) -> Result<String> {
        self.find(vendor, device)?.into_iter().next().ok_or_else(|| {
            DriverError::Discovery(format!("no PCI device {vendor:04x}:{device:04x} under {}", self.root.display()))
        })
    }

    /// The kernel driver bound to `addr`, if any.
    pub fn driver(&self, addr: &str) -> Option<String> {
        let link = std::fs::read_link(self.device_dir(addr).join("driver")).ok()?;
        Some(link.file_name()?.to_string_lossy().into_owned())
    }

    /// Binds `addr` to `driver` (unbinding another first). driver_override rather than new_id:
    /// it names this one function, not every device with the id.
    pub fn bind(&self, addr: &str, driver: &str) -> Result<()> {
        self.bind_within(addr, driver, Duration::from_secs(5))
    }

    fn bind_within(&self, addr: &str, driver: &str, timeout: Duration) -> Result<()> {
        match self.driver(addr) {
            Some(d) if d == driver => return Ok(()),
            Some(_) => {
                let unbind = self.device_dir(addr).join("driver/unbind");
                std::fs::write(&unbind, addr).map_err(|e| map_err(unbind.display(), e))?;
            }
            None => {}
        }
        let over = self.device_dir(addr).join("driver_override");
        std::fs::write(&over, driver).map_err(|e| map_err(over.display(), e))?;
        let probe = self.root.join("bus/pci/drivers_probe");
        // The kernel answers probe failures here too; the wait below reports them.
        let _ = std::fs::write(&probe, addr);
        let deadline = Instant::now() + timeout;
        loop {
            match self.driver(addr) {
                Some(d) if d == driver => return Ok(()),
                _ if Instant::now() >= deadline => {
                    return Err(DriverError::Discovery(format!("{addr} did not bind to {driver} (module loaded?)")))
                }
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    /// Size of BAR `bar` from the `resource` file (one `start end flags` line per resource).
    pub fn bar_len(&self, addr: &str, bar: usize) -> Result<u64> {
        let path = self.device_dir(addr).join("resource");
        let text = std::fs::read_to_string(&path).map_err(|e| map_err(path.display(), e))?;
        let line =
            text.lines().nth(bar).ok_or_else(|| DriverError::Discovery(format!("{}: no BAR {bar}", path.display())))?;
        let mut f = line.split_whitespace().map(|w| u64::from_str_radix(w.trim_start_matches("0x"), 16));
        match (f.next(), f.next()) {
            (Some(Ok(start)), Some(Ok(end))) if end > start => Ok(end - start + 1),
            _ => Err(DriverError::Discovery(format!("{}: BAR {bar} unused", path.display()))),
        }
    }

    /// The function's IOMMU group number (VFIO needs one: intel-iommu + intel_iommu=on).
    pub fn iommu_group(&self, addr: &str) -> Result<u32> {
        let link = self.device_dir(addr).join("iommu_group");
        let target = std::fs::read_link(&link).map_err(|e| map_err(link.display(), e))?;
        target
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| DriverError::Discovery(format!("{}: bad group {target:?}", link.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A fake `/sys` with three functions, one of them a renq card already bound to uio.
    fn fake_tree() -> (tempdir::Dir, Sysfs) {
        let t = tempdir::Dir::new();
        let devs = t.0.join("bus/pci/devices");
        let card = |addr: &str, vendor: &str, device: &str| {
            let d = devs.join(addr);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("vendor"), format!("{vendor}\n")).unwrap();
            std::fs::write(d.join("device"), format!("{device}\n")).unwrap();
            std::fs::write(d.join("driver_override"), "(null)\n").unwrap();
            d
        };
        let id = |v: u16| format!("{v:#06x}");
        let a = card("0000:00:05.0", &id(renq_abi::PCI_VENDOR_ID), &id(renq_abi::PCI_DEVICE_ID));
        card("0000:00:03.0", "0x1af4", "0x1110");
        card("0000:00:04.0", &id(renq_abi::PCI_VENDOR_ID), "0x0001"); // same vendor, other device
        std::fs::write(
            a.join("resource"),
            "0x00000000fe000000 0x00000000fe000fff 0x0000000000040200\n\
             0x0000000000000000 0x0000000000000000 0x0000000000000000\n\
             0x00000000fd000000 0x00000000fd0fffff 0x0000000000040200\n",
        )
        .unwrap();
        std::fs::create_dir_all(t.0.join("kernel/iommu_groups/7")).unwrap();
        symlink(t.0.join("kernel/iommu_groups/7"), a.join("iommu_group")).unwrap();
        std::fs::create_dir_all(t.0.join("bus/pci/drivers/uio_pci_generic")).unwrap();
        symlink(t.0.join("bus/pci/drivers/uio_pci_generic"), a.join("driver")).unwrap();
        std::fs::write(t.0.join("bus/pci/drivers_probe"), "").unwrap();
        let s = Sysfs::at(&t.0);
        (t, s)
    }

    mod tempdir {
        /// A directory removed on drop.
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicU32, Ordering};
                static N: AtomicU32 = AtomicU32::new(0);
                let p = std::env::temp_dir().join(format!(
                    "renq-sysfs-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::SeqCst)
                ));
                let _ = std::fs::remove_dir_all(&p);
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn finds_the_card_by_vendor_and_device() {
        let (_t, s) = fake_tree();
        assert_eq!(s.find(renq_abi::PCI_VENDOR_ID, renq_abi::PCI_DEVICE_ID).unwrap(), vec!["0000:00:05.0"]);
        assert_eq!(s.find_one(0x1af4, 0x1110).unwrap(), "0000:00:03.0");
        assert!(s.find(0x8086, 0x1234).unwrap().is_empty());
        let err = s.find_one(0x8086, 0x1234).unwrap_err().to_string();
        assert!(err.contains("8086:1234"), "{err}");
    }

    #[test]
    fn reads_bars_group_and_driver() {
        let (_t, s) = fake_tree();
        let card = "0000:00:05.0";
        assert_eq!(s.bar_len(card, 0).unwrap(), renq_abi::csr::BAR0_BYTES);
        assert_eq!(s.bar_len(card, 2).unwrap(), renq_abi::paper::shadow::WINDOW_BYTES);
        assert!(s.bar_len(card, 1).is_err(), "unused BAR");
        assert_eq!(s.iommu_group(card).unwrap(), 7);
        assert!(s.iommu_group("0000:00:03.0").is_err());
        assert_eq!(s.driver(card).as_deref(), Some("uio_pci_generic"));
        assert_eq!(s.driver("0000:00:03.0"), None);
    }

    #[test]
    fn bind_writes_override_and_probe_then_waits_for_the_kernel() {
        let (t, s) = fake_tree();
        // Already bound: nothing to do.
        s.bind("0000:00:05.0", "uio_pci_generic").unwrap();
        // Unbound: driver_override and drivers_probe are written; no kernel here makes the
        // link, so the bind times out with a reason.
        let err = s.bind_within("0000:00:03.0", "vfio-pci", Duration::from_millis(50)).unwrap_err().to_string();
        assert!(err.contains("did not bind to vfio-pci"), "{err}");
        let over = std::fs::read_to_string(s.device_dir("0000:00:03.0").join("driver_override")).unwrap();
        assert_eq!(over, "vfio-pci");
        assert_eq!(std::fs::read_to_string(t.0.join("bus/pci/drivers_probe")).unwrap(), "0000:00:03.0");
    }
}
