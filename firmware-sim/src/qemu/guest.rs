//! Guest-side helpers for programs that run *inside* a QEMU guest against the card served by
//! `renq-qemu-dev` (renq-guest-smoke, scripts/vm/guest-node): find a PCI device in sysfs, bind
//! it to a driver by id, map its BARs from sysfs `resourceN`, get locked memory with known
//! guest-physical addresses (/proc/self/pagemap; needs root), and route the ivshmem doorbell's
//! MSI-X vector 0 to an eventfd through VFIO. Failures panic with the reason: these are test
//! programs, and a panic is their failure report.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The ivshmem-doorbell device's PCI identity (Red Hat / QEMU).
pub const IVSHMEM_VENDOR: u16 = 0x1af4;
pub const IVSHMEM_DEVICE: u16 = 0x1110;
pub const PAGE: usize = 4096;

pub fn read_hex(path: &Path) -> u64 {
    let s = std::fs::read_to_string(path).unwrap_or_default();
    u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).unwrap_or(u64::MAX)
}

/// The PCI address of the first device with this identity.
pub fn find_pci(vendor: u16, device: u16) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/sys/bus/pci/devices")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| read_hex(&p.join("vendor")) == vendor as u64 && read_hex(&p.join("device")) == device as u64)
        .collect();
    found.sort();
    found.into_iter().next()
}

/// Binds `dev` to `driver` by id (new_id) and waits until the kernel has done it.
pub fn bind(dev: &Path, driver: &str, vendor: u16, device: u16) {
    let drv = Path::new("/sys/bus/pci/drivers").join(driver);
    if let Ok(mut f) = OpenOptions::new().write(true).open(drv.join("new_id")) {
        let _ = f.write_all(format!("{vendor:04x} {device:04x}").as_bytes()); // EEXIST if known
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Ok(target) = std::fs::read_link(dev.join("driver")) {
            assert!(target.ends_with(driver), "{} is bound to {target:?}, not {driver}", dev.display());
            return;
        }
        assert!(Instant::now() < deadline, "{} did not bind to {driver}", dev.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A BAR mapped from sysfs (uncached: sysfs resourceN maps are UC for non-prefetchable BARs).
pub struct Bar {
    ptr: *mut u8,
    len: usize,
}

impl Bar {
    pub fn map(dev: &Path, index: usize, len: usize) -> Bar {
        let path = dev.join(format!("resource{index}"));
        let f =
            OpenOptions::new().read(true).write(true).custom_flags(libc::O_SYNC).open(&path).expect("open resource");
        // SAFETY: shared mapping of a BAR file we hold open, checked for failure.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                f.as_raw_fd(),
                0,
            )
        };
        assert!(p != libc::MAP_FAILED, "mmap {}: {}", path.display(), std::io::Error::last_os_error());
        Bar { ptr: p as *mut u8, len }
    }

    /// Start of the mapping (it is never unmapped: it lives as long as the process).
    pub fn as_mut_ptr(&self) -> *mut u8 {
        self.ptr
    }

    pub fn read(&self, off: u64) -> u64 {
        assert!(off as usize + 8 <= self.len);
        // SAFETY: 8-aligned offset inside the mapping; a volatile 8-byte load is one BAR read.
        unsafe { std::ptr::read_volatile(self.ptr.add(off as usize) as *const u64) }
    }

    pub fn write(&self, off: u64, v: u64) {
        assert!(off as usize + 8 <= self.len);
        // SAFETY: as in read; one volatile 8-byte store is one BAR write.
        unsafe { std::ptr::write_volatile(self.ptr.add(off as usize) as *mut u64, v) }
    }
}

/// A locked page of this process and its guest-physical address.
pub struct DmaPage {
    ptr: *mut u64,
    pub phys: u64,
}

impl DmaPage {
    pub fn new() -> DmaPage {
        // SAFETY: anonymous private mapping, populated and locked so its frame cannot move.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                PAGE,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_LOCKED | libc::MAP_POPULATE,
                -1,
                0,
            )
        };
        assert!(p != libc::MAP_FAILED, "mmap dma page: {}", std::io::Error::last_os_error());
        // SAFETY: first touch of our own page (makes sure it is backed before pagemap).
        unsafe { std::ptr::write_volatile(p as *mut u64, 0) };
        DmaPage { ptr: p as *mut u64, phys: phys_addr(p as usize) }
    }

    pub fn word(&self, i: u64) -> u64 {
        // SAFETY: index inside our page; volatile because the card writes it behind our back.
        unsafe { std::ptr::read_volatile(self.ptr.add(i as usize)) }
    }

    pub fn set_word(&self, i: u64, v: u64) {
        // SAFETY: as in word.
        unsafe { std::ptr::write_volatile(self.ptr.add(i as usize), v) }
    }
}

impl Default for DmaPage {
    fn default() -> Self {
        DmaPage::new()
    }
}

/// Guest-physical address of the page holding `addr` of this process.
pub fn phys_addr(addr: usize) -> u64 {
    let mut entry = [0u8; 8];
    File::open("/proc/self/pagemap").unwrap().read_exact_at(&mut entry, (addr / PAGE) as u64 * 8).unwrap();
    let entry = u64::from_le_bytes(entry);
    assert!(entry >> 63 == 1, "page at {addr:#x} not present");
    let pfn = entry & ((1 << 55) - 1);
    assert!(pfn != 0, "pagemap hides PFNs (not root?)");
    pfn * PAGE as u64 + (addr % PAGE) as u64
}

/// One 2 MiB huge page: physically contiguous, locked, at a known guest-physical address — a
/// DMA region a user-space driver can carve queue buffers from.
pub struct HugeRegion {
    pub ptr: *mut u8,
    pub phys: u64,
    pub len: usize,
}

impl HugeRegion {
    pub const BYTES: usize = 2 << 20;

    /// Reserves one huge page (writes /proc/sys/vm/nr_hugepages if none is free) and maps it.
    pub fn new() -> HugeRegion {
        let free =
            std::fs::read_to_string("/sys/kernel/mm/hugepages/hugepages-2048kB/free_hugepages").unwrap_or_default();
        if free.trim().parse::<u64>().unwrap_or(0) == 0 {
            let _ = std::fs::write("/proc/sys/vm/nr_hugepages", "4");
        }
        // SAFETY: anonymous shared huge-page mapping, populated and locked; checked for failure.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                Self::BYTES,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_ANONYMOUS | libc::MAP_HUGETLB | libc::MAP_LOCKED | libc::MAP_POPULATE,
                -1,
                0,
            )
        };
        assert!(p != libc::MAP_FAILED, "mmap of a 2 MiB huge page: {}", std::io::Error::last_os_error());
        let ptr = p as *mut u8;
        let phys = phys_addr(ptr as usize);
        for off in (0..Self::BYTES).step_by(PAGE) {
            assert_eq!(phys_addr(ptr as usize + off), phys + off as u64, "huge page not contiguous at {off:#x}");
        }
        HugeRegion { ptr, phys, len: Self::BYTES }
    }
}

impl Default for HugeRegion {
    fn default() -> Self {
        HugeRegion::new()
    }
}

/// VFIO ioctls (linux/vfio.h): _IO(';', 100 + n).
pub mod vfio {
    pub const GET_API_VERSION: u64 = 0x3b64;
    pub const CHECK_EXTENSION: u64 = 0x3b65;
    pub const SET_IOMMU: u64 = 0x3b66;
    pub const GROUP_GET_STATUS: u64 = 0x3b67;
    pub const GROUP_SET_CONTAINER: u64 = 0x3b68;
    pub const GROUP_GET_DEVICE_FD: u64 = 0x3b6a;
    pub const DEVICE_GET_REGION_INFO: u64 = 0x3b6c;
    pub const DEVICE_SET_IRQS: u64 = 0x3b6e;
    pub const TYPE1_IOMMU: u64 = 1;
    pub const GROUP_FLAGS_VIABLE: u32 = 1;
    pub const PCI_CONFIG_REGION_INDEX: u32 = 7;
    pub const PCI_MSIX_IRQ_INDEX: u32 = 2;
    pub const IRQ_SET_DATA_EVENTFD: u32 = 1 << 2;
    pub const IRQ_SET_ACTION_TRIGGER: u32 = 1 << 5;

    #[repr(C)]
    pub struct GroupStatus {
        pub argsz: u32,
        pub flags: u32,
    }

    #[repr(C)]
    pub struct RegionInfo {
        pub argsz: u32,
        pub flags: u32,
        pub index: u32,
        pub cap_offset: u32,
        pub size: u64,
        pub offset: u64,
    }

    #[repr(C)]
    pub struct IrqSetOneEventfd {
        pub argsz: u32,
        pub flags: u32,
        pub index: u32,
        pub start: u32,
        pub count: u32,
        pub eventfd: i32,
    }
}

pub fn ioctl_ok(r: libc::c_int, what: &str) -> libc::c_int {
    assert!(r >= 0, "{what}: {}", std::io::Error::last_os_error());
    r
}

/// The ivshmem doorbell bound to vfio-pci with MSI-X vector 0 signalling `eventfd`.
pub struct DoorbellIrq {
    eventfd: OwnedFd,
    _container: File,
    _group: File,
    _device: OwnedFd,
}

impl DoorbellIrq {
    pub fn open(dev: &Path) -> DoorbellIrq {
        bind(dev, "vfio-pci", IVSHMEM_VENDOR, IVSHMEM_DEVICE);
        let group_no =
            std::fs::read_link(dev.join("iommu_group")).expect("no iommu_group: intel-iommu / intel_iommu=on?");
        let group_no = group_no.file_name().unwrap().to_string_lossy().to_string();
        let rw =
            |p: &str| OpenOptions::new().read(true).write(true).open(p).unwrap_or_else(|e| panic!("open {p}: {e}"));
        let container = rw("/dev/vfio/vfio");
        let group = rw(&format!("/dev/vfio/{group_no}"));
        // SAFETY (all ioctls below): valid descriptors and properly sized, initialised structs.
        unsafe {
            assert_eq!(libc::ioctl(container.as_raw_fd(), vfio::GET_API_VERSION), 0, "VFIO API version");
            assert!(libc::ioctl(container.as_raw_fd(), vfio::CHECK_EXTENSION, vfio::TYPE1_IOMMU) > 0, "no VFIO type1");
            let mut st = vfio::GroupStatus { argsz: 8, flags: 0 };
            ioctl_ok(libc::ioctl(group.as_raw_fd(), vfio::GROUP_GET_STATUS, &mut st), "GROUP_GET_STATUS");
            assert!(st.flags & vfio::GROUP_FLAGS_VIABLE != 0, "iommu group {group_no} not viable");
            let cfd: libc::c_int = container.as_raw_fd();
            ioctl_ok(libc::ioctl(group.as_raw_fd(), vfio::GROUP_SET_CONTAINER, &cfd), "GROUP_SET_CONTAINER");
            ioctl_ok(libc::ioctl(container.as_raw_fd(), vfio::SET_IOMMU, vfio::TYPE1_IOMMU), "SET_IOMMU");
            let name = std::ffi::CString::new(dev.file_name().unwrap().to_string_lossy().as_bytes()).unwrap();
            let dfd =
                ioctl_ok(libc::ioctl(group.as_raw_fd(), vfio::GROUP_GET_DEVICE_FD, name.as_ptr()), "GET_DEVICE_FD");
            let device = OwnedFd::from_raw_fd(dfd);
            // MSI messages are DMA writes: the device needs bus mastering (and memory decoding).
            let mut ri = vfio::RegionInfo {
                argsz: 32,
                flags: 0,
                index: vfio::PCI_CONFIG_REGION_INDEX,
                cap_offset: 0,
                size: 0,
                offset: 0,
            };
            ioctl_ok(libc::ioctl(dfd, vfio::DEVICE_GET_REGION_INFO, &mut ri), "GET_REGION_INFO(config)");
            let cfg = File::from_raw_fd(libc::dup(dfd));
            let mut cmd = [0u8; 2];
            cfg.read_exact_at(&mut cmd, ri.offset + 4).unwrap();
            let cmd = u16::from_le_bytes(cmd) | 0x6;
            cfg.write_all_at(&cmd.to_le_bytes(), ri.offset + 4).unwrap();
            let efd = OwnedFd::from_raw_fd(ioctl_ok(libc::eventfd(0, libc::EFD_CLOEXEC), "eventfd"));
            let set = vfio::IrqSetOneEventfd {
                argsz: std::mem::size_of::<vfio::IrqSetOneEventfd>() as u32,
                flags: vfio::IRQ_SET_DATA_EVENTFD | vfio::IRQ_SET_ACTION_TRIGGER,
                index: vfio::PCI_MSIX_IRQ_INDEX,
                start: 0,
                count: 1,
                eventfd: efd.as_raw_fd(),
            };
            ioctl_ok(libc::ioctl(dfd, vfio::DEVICE_SET_IRQS, &set), "SET_IRQS(MSI-X 0)");
            DoorbellIrq { eventfd: efd, _container: container, _group: group, _device: device }
        }
    }

    /// The eventfd alone, for a driver's interrupt source. The VFIO container, group and device
    /// stay open (leaked) for the rest of the process: closing them would tear down the route.
    pub fn into_eventfd(self) -> OwnedFd {
        std::mem::forget(self._container);
        std::mem::forget(self._group);
        std::mem::forget(self._device);
        self.eventfd
    }

    /// Waits for the interrupt; returns how many arrived since the last wait (0 = timeout).
    pub fn wait(&self, timeout: Duration) -> u64 {
        let mut pfd = libc::pollfd { fd: self.eventfd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        // SAFETY: poll on one valid pollfd, then an 8-byte read into a live buffer.
        unsafe {
            if libc::poll(&mut pfd, 1, timeout.as_millis() as libc::c_int) <= 0 {
                return 0;
            }
            let mut n = [0u8; 8];
            if libc::read(self.eventfd.as_raw_fd(), n.as_mut_ptr() as *mut libc::c_void, 8) != 8 {
                return 0;
            }
            u64::from_ne_bytes(n)
        }
    }
}
