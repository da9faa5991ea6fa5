//! The card's DMA target in a QEMU guest: guest RAM, mapped from the memfds the proxy passes in
//! SYNC_SYSMEM (guest RAM must be `memory-backend-memfd,share=on`).
//!
//! The card core DMAs into a [`HostMemory`], whose device addresses are offsets into one file.
//! Below 4 GiB, QEMU's x86 machines place RAM so that guest-physical address == offset in the RAM
//! backend's file (the legacy VGA/ROM holes are carved out of the same file). So the card gets a
//! [`HostMemory`] over that file, and a device address *is* a guest-physical address. Sections
//! where that identity does not hold (RAM above 4 GiB, other backends) are reported and not
//! reachable by DMA — size guests at most ~2 GiB. Like the IOMMU-less case on real hardware, the
//! guest must hand the card physical addresses (IOVA == GPA).

use std::io;
use std::os::fd::OwnedFd;
use std::sync::Arc;

use renq_os::file_identity;

use super::mpqemu::SysmemRegion;
use crate::memory::HostMemory;

/// Which file a descriptor refers to.
fn file_id(fd: &OwnedFd) -> io::Result<(u64, u64, u64)> {
    let id = file_identity(fd)?;
    Ok((id.dev, id.ino, id.size))
}

/// Guest RAM as the card sees it, and what of the guest's RAM map it covers.
pub struct GuestRam {
    pub memory: Arc<HostMemory>,
    /// (gpa, size) of the sections DMA can reach.
    pub reachable: Vec<(u64, u64)>,
    /// (gpa, size) of fd-backed sections it cannot (not identity-mapped to the RAM file).
    pub unreachable: Vec<(u64, u64)>,
    file: (u64, u64),
}

impl GuestRam {
    /// Maps the RAM file that backs guest-physical address 0 (see the module doc).
    pub fn map(regions: Vec<SysmemRegion>) -> io::Result<GuestRam> {
        let first = regions
            .iter()
            .find(|r| r.gpa == 0 && r.offset == 0)
            .or_else(|| regions.iter().find(|r| r.gpa == r.offset))
            .ok_or_else(|| io::Error::other("SYNC_SYSMEM has no section with guest-physical address == file offset"))?;
        let (dev, ino, file_len) = file_id(&first.fd)?;
        let mut reachable = Vec::new();
        let mut unreachable = Vec::new();
        let mut len = 0u64;
        for r in &regions {
            let (d, i, _) = file_id(&r.fd)?;
            if (d, i) == (dev, ino) && r.gpa == r.offset && r.gpa + r.size <= file_len {
                len = len.max(r.gpa + r.size);
                reachable.push((r.gpa, r.size));
            } else {
                unreachable.push((r.gpa, r.size));
            }
        }
        let fd = first.fd.try_clone()?;
        let memory = Arc::new(HostMemory::from_fd(fd, len as usize)?);
        Ok(GuestRam { memory, reachable, unreachable, file: (dev, ino) })
    }

    /// Whether a later SYNC_SYSMEM still has the same RAM file behind guest-physical 0 (it is
    /// re-sent on every change of the guest's memory map, e.g. when BARs move).
    pub fn same_file(&self, regions: &[SysmemRegion]) -> bool {
        regions
            .iter()
            .find(|r| r.gpa == r.offset)
            .and_then(|r| file_id(&r.fd).ok())
            .is_some_and(|(d, i, _)| (d, i) == self.file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn identity_sections_are_reachable_others_not() {
        let ram = HostMemory::create(1 << 20).unwrap();
        let dup = || ram.fd().try_clone_to_owned().unwrap();
        let regions = vec![
            SysmemRegion { gpa: 0, size: 0xa0000, offset: 0, fd: dup() },
            SysmemRegion { gpa: 0xc0000, size: 0x40000, offset: 0xc0000, fd: dup() },
            SysmemRegion { gpa: 1 << 32, size: 0x1000, offset: 0x1000, fd: dup() },
        ];
        let g = GuestRam::map(regions).unwrap();
        assert_eq!(g.reachable, vec![(0, 0xa0000), (0xc0000, 0x40000)]);
        assert_eq!(g.unreachable, vec![(1 << 32, 0x1000)]);
        g.memory.dma_write(0x8000, 42);
        assert_eq!(ram.load_u64(0x8000, Ordering::Acquire), 42, "the card writes the guest's RAM file");
        assert!(g.same_file(&[SysmemRegion { gpa: 0, size: 8, offset: 0, fd: dup() }]));
    }
}
