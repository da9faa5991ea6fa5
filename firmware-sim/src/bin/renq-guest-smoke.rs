//! `renq-guest-smoke`: runs *inside* a QEMU guest whose renq card is served by `renq-qemu-dev`
//! (see scripts/vm/). Proves the path end to end with the real kernel's drivers:
//!
//! 1. finds the card in /sys/bus/pci/devices by renq_abi's vendor/device id, binds
//!    uio_pci_generic (new_id), maps BAR0 and BAR2 from sysfs `resourceN`;
//! 2. reads ID, writes NODE_ID and reads it back;
//! 3. exports a queue whose buffer is a locked page of this process (physical address from
//!    /proc/self/pagemap — IOVA == guest-physical), does ONE 8-byte shadow store and checks
//!    CNT_SENT, CNT_ENQUEUED and the item the card DMA'd into guest RAM;
//! 4. binds the ivshmem-doorbell device to vfio-pci, routes its MSI-X vector 0 to an eventfd,
//!    arms the queue and measures store → NOTIFY interrupt → eventfd wake-up;
//! 5. overflows a small queue: OVERFLOW interrupt, STALLED, the next item waits on the link until
//!    the "driver" (this program) drains the buffer and RESUMEs, then lands;
//! 6. measures per-access latency of BAR0 reads and BAR2 stores.
//!
//! `renq-guest-smoke send NODE DST COUNT` / `recv NODE COUNT` instead test the link between two
//! guests' cards: the receiver exports queue 0 and then enables RX (until then the sender's
//! packets wait on the link), the sender makes COUNT stores to (DST, queue 0), the receiver checks
//! they arrive in its RAM in order.
//!
//! Prints `RENQ-SMOKE key=value` lines, `RENQ-SMOKE-OK` at the end; panics (non-zero exit) on
//! any failed check. Needs root (pagemap PFNs, sysfs binds, VFIO).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use renq_abi::buffer::{link_word, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::regs::{self, Control, ExportEntry, Irq};
use renq_abi::shadow::{page_offset, WINDOW_BYTES};
use renq_abi::{PCI_DEVICE_ID, PCI_VENDOR_ID};

/// The ivshmem-doorbell device's PCI identity (Red Hat / QEMU).
const IVSHMEM_VENDOR: u16 = 0x1af4;
const IVSHMEM_DEVICE: u16 = 0x1110;
/// The queue the test exports, and its buffer: one 4 KiB page = 512 words.
const QUEUE: u8 = 0;
const LOG2_WORDS: u32 = 9;
const PAGE: usize = 4096;
const IRQ_ROUNDS: usize = 20;
const STORE_ROUNDS: usize = 200;
const READ_ROUNDS: usize = 2000;

fn report(key: &str, value: impl std::fmt::Display) {
    println!("RENQ-SMOKE {key}={value}");
}

fn read_hex(path: &Path) -> u64 {
    let s = std::fs::read_to_string(path).unwrap_or_default();
    u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).unwrap_or(u64::MAX)
}

/// The PCI address of the first device with this identity.
fn find_pci(vendor: u16, device: u16) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/sys/bus/pci/devices")
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| read_hex(&p.join("vendor")) == vendor as u64 && read_hex(&p.join("device")) == device as u64)
        .collect();
    found.sort();
    found.into_iter().next()
}

/// Binds `dev` to `driver` by id (new_id) and waits until the kernel has done it.
fn bind(dev: &Path, driver: &str, vendor: u16, device: u16) {
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
struct Bar {
    ptr: *mut u8,
    len: usize,
}

impl Bar {
    fn map(dev: &Path, index: usize, len: usize) -> Bar {
        let path = dev.join(format!("resource{index}"));
        let f = OpenOptions::new().read(true).write(true).custom_flags(libc::O_SYNC).open(&path).expect("open resource");
        // SAFETY: shared mapping of a BAR file we hold open, checked for failure.
        let p = unsafe { libc::mmap(std::ptr::null_mut(), len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, f.as_raw_fd(), 0) };
        assert!(p != libc::MAP_FAILED, "mmap {}: {}", path.display(), std::io::Error::last_os_error());
        Bar { ptr: p as *mut u8, len }
    }

    fn read(&self, off: u64) -> u64 {
        assert!(off as usize + 8 <= self.len);
        // SAFETY: 8-aligned offset inside the mapping; a volatile 8-byte load is one BAR read.
        unsafe { std::ptr::read_volatile(self.ptr.add(off as usize) as *const u64) }
    }

    fn write(&self, off: u64, v: u64) {
        assert!(off as usize + 8 <= self.len);
        // SAFETY: as in read; one volatile 8-byte store is one BAR write.
        unsafe { std::ptr::write_volatile(self.ptr.add(off as usize) as *mut u64, v) }
    }
}

/// A locked page of this process and its guest-physical address.
struct DmaPage {
    ptr: *mut u64,
    phys: u64,
}

impl DmaPage {
    fn new() -> DmaPage {
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
        let mut entry = [0u8; 8];
        File::open("/proc/self/pagemap").unwrap().read_exact_at(&mut entry, (p as u64 / PAGE as u64) * 8).unwrap();
        let entry = u64::from_le_bytes(entry);
        assert!(entry >> 63 == 1, "dma page not present");
        let pfn = entry & ((1 << 55) - 1);
        assert!(pfn != 0, "pagemap hides PFNs (not root?)");
        DmaPage { ptr: p as *mut u64, phys: pfn * PAGE as u64 }
    }

    fn word(&self, i: u64) -> u64 {
        // SAFETY: index inside our page; volatile because the card writes it behind our back.
        unsafe { std::ptr::read_volatile(self.ptr.add(i as usize)) }
    }

    fn set_word(&self, i: u64, v: u64) {
        // SAFETY: as in word.
        unsafe { std::ptr::write_volatile(self.ptr.add(i as usize), v) }
    }
}

/// VFIO ioctls (linux/vfio.h): _IO(';', 100 + n).
mod vfio {
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

fn ioctl_ok(r: libc::c_int, what: &str) -> libc::c_int {
    assert!(r >= 0, "{what}: {}", std::io::Error::last_os_error());
    r
}

/// The ivshmem doorbell bound to vfio-pci with MSI-X vector 0 signalling `eventfd`.
struct DoorbellIrq {
    eventfd: OwnedFd,
    _container: File,
    _group: File,
    _device: OwnedFd,
}

impl DoorbellIrq {
    fn open(dev: &Path) -> DoorbellIrq {
        bind(dev, "vfio-pci", IVSHMEM_VENDOR, IVSHMEM_DEVICE);
        let group_no = std::fs::read_link(dev.join("iommu_group")).expect("no iommu_group: intel-iommu / intel_iommu=on?");
        let group_no = group_no.file_name().unwrap().to_string_lossy().to_string();
        let rw = |p: &str| OpenOptions::new().read(true).write(true).open(p).unwrap_or_else(|e| panic!("open {p}: {e}"));
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
            let dfd = ioctl_ok(libc::ioctl(group.as_raw_fd(), vfio::GROUP_GET_DEVICE_FD, name.as_ptr()), "GET_DEVICE_FD");
            let device = OwnedFd::from_raw_fd(dfd);
            // MSI messages are DMA writes: the device needs bus mastering (and memory decoding).
            let mut ri = vfio::RegionInfo { argsz: 32, flags: 0, index: vfio::PCI_CONFIG_REGION_INDEX, cap_offset: 0, size: 0, offset: 0 };
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

    /// Waits for the interrupt; returns how many arrived since the last wait (0 = timeout).
    fn wait(&self, timeout: Duration) -> u64 {
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

fn wait_until(what: &str, timeout: Duration, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !ok() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn stats(name: &str, mut v: Vec<f64>) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    report(&format!("{name}_us"), format!("mean:{mean:.1},p50:{:.1},min:{:.1},max:{:.1},n:{}", v[v.len() / 2], v[0], v[v.len() - 1], v.len()));
}

/// The card, bound to uio_pci_generic, with BAR0 and BAR2 mapped.
fn open_card() -> (Bar, Bar) {
    let dev = find_pci(PCI_VENDOR_ID, PCI_DEVICE_ID).expect("no renq card in /sys/bus/pci/devices");
    report("card", dev.display());
    bind(&dev, "uio_pci_generic", PCI_VENDOR_ID, PCI_DEVICE_ID);
    (Bar::map(&dev, 0, regs::BAR0_BYTES as usize), Bar::map(&dev, 2, WINDOW_BYTES as usize))
}

/// A fresh queue buffer of `log2_words` at the start of a locked page, exported as `queue`.
fn export_buffer(bar0: &Bar, queue: u8, log2_words: u32) -> DmaPage {
    let page = DmaPage::new();
    page.set_word(LINK_WORD, link_word(0, log2_words));
    page.set_word(TAIL_WORD, FIRST_DATA_INDEX);
    page.set_word(HEAD_WORD, FIRST_DATA_INDEX);
    report(&format!("dma_page_phys_q{queue}"), format!("{:#x}", page.phys));
    bar0.write(regs::export_entry(queue), ExportEntry::new(page.phys, log2_words).0);
    page
}

/// The test's main queue: a whole page.
fn export_page(bar0: &Bar) -> DmaPage {
    export_buffer(bar0, QUEUE, LOG2_WORDS)
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("argument {i}: {what}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("send") => link_send(arg(&args, 1, "NODE"), arg(&args, 2, "DST"), arg(&args, 3, "COUNT")),
        Some("recv") => link_recv(arg(&args, 1, "NODE"), arg(&args, 2, "COUNT")),
        Some("smoke") => smoke(arg(&args, 1, "NODE")),
        None => smoke(3),
        Some(other) => panic!("unknown mode {other:?}: smoke [NODE] | send NODE DST COUNT | recv NODE COUNT"),
    }
    println!("RENQ-SMOKE-OK");
}

/// Items the link test sends: recognisable and ordered.
fn link_item(i: u64) -> u64 {
    0x11a0_0000_0000_0000 | i
}

fn link_send(node: u8, dst: u8, count: u64) {
    let (bar0, bar2) = open_card();
    bar0.write(regs::NODE_ID, node as u64);
    let mut control = Control(0);
    control.set_tx_enable(true);
    bar0.write(regs::CONTROL, control.0);
    let t = Instant::now();
    for i in 0..count {
        bar2.write(page_offset(dst, QUEUE), link_item(i));
    }
    report("link_sent", bar0.read(regs::CNT_SENT));
    report("link_send_us", format!("{:.2}", micros(t.elapsed()) / count as f64));
    assert_eq!(bar0.read(regs::CNT_SENT), count, "CNT_SENT");
}

fn link_recv(node: u8, count: u64) {
    let (bar0, _bar2) = open_card();
    bar0.write(regs::NODE_ID, node as u64);
    let page = export_page(&bar0);
    let mut control = Control(0);
    control.set_rx_enable(true);
    bar0.write(regs::CONTROL, control.0);
    wait_until("the peer's items", Duration::from_secs(60), || bar0.read(regs::CNT_ENQUEUED) >= count);
    for i in 0..count {
        assert_eq!(page.word(FIRST_DATA_INDEX + i), link_item(i), "item {i} from the peer, in order");
    }
    assert_eq!(bar0.read(regs::CNT_REJECTED), 0, "CNT_REJECTED");
    report("link_received", count);
}

/// Overflow → interrupt → stall → drain → resume on a small queue (spec §5). Returns the stores made.
fn overflow_round_trip(bar0: &Bar, bar2: &Bar, node: u8, irq: &DoorbellIrq) -> u64 {
    const SMALL_QUEUE: u8 = 1;
    const SMALL_LOG2: u32 = renq_abi::buffer::MIN_LOG2_WORDS;
    let capacity = renq_abi::buffer::capacity(SMALL_LOG2);
    let page = export_buffer(bar0, SMALL_QUEUE, SMALL_LOG2);
    let mut overflow = Irq(0);
    overflow.set_overflow(true);
    bar0.write(regs::IRQ_MASK, bar0.read(regs::IRQ_MASK) | overflow.0);
    let shadow = page_offset(node, SMALL_QUEUE);
    let enq0 = bar0.read(regs::CNT_ENQUEUED);
    let t0 = Instant::now();
    for i in 0..capacity {
        bar2.write(shadow, 0x0f00 + i);
    }
    assert!(irq.wait(Duration::from_secs(5)) > 0, "no OVERFLOW interrupt after {capacity} items");
    report("overflow_irq_us", format!("{:.1}", micros(t0.elapsed())));
    assert!(bar0.read(regs::IRQ_STATUS) & overflow.0 != 0, "IRQ_STATUS lacks OVERFLOW");
    assert_eq!(bar0.read(regs::STALLED), 1 << SMALL_QUEUE, "STALLED");
    assert_eq!(bar0.read(regs::CNT_ENQUEUED) - enq0, capacity);
    // One more item: it must wait on the link, not be lost or written.
    bar2.write(shadow, 0x0f00 + capacity);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(bar0.read(regs::CNT_ENQUEUED) - enq0, capacity, "item entered a stalled queue");
    // The driver's part: consume everything (head = tail), acknowledge, resume.
    for i in 0..capacity {
        assert_eq!(page.word(FIRST_DATA_INDEX + i), 0x0f00 + i, "item {i} of the small queue");
    }
    let tail = page.word(TAIL_WORD);
    page.set_word(HEAD_WORD, tail);
    bar0.write(regs::IRQ_STATUS, overflow.0);
    bar0.write(regs::RESUME, SMALL_QUEUE as u64);
    wait_until("the waiting item after RESUME", Duration::from_secs(5), || bar0.read(regs::CNT_ENQUEUED) - enq0 == capacity + 1);
    assert_eq!(page.word(tail), 0x0f00 + capacity, "the waiting item landed at the old tail");
    assert_eq!(bar0.read(regs::STALLED), 0);
    report("overflow", format!("stalled_after:{capacity},resumed,nothing_lost"));
    capacity + 1
}

fn smoke(node: u8) {
    let (bar0, bar2) = open_card();

    let id = bar0.read(regs::ID);
    report("id", format!("{id:#x}"));
    assert_eq!(id, regs::ID_VALUE, "ID register");
    bar0.write(regs::NODE_ID, node as u64);
    assert_eq!(bar0.read(regs::NODE_ID), node as u64, "NODE_ID read back");
    report("node_id", node);

    // One enqueue into guest RAM, by one 8-byte store.
    let page = export_page(&bar0);
    let mut control = Control(0);
    control.set_rx_enable(true);
    control.set_tx_enable(true);
    bar0.write(regs::CONTROL, control.0);
    let shadow = page_offset(node, QUEUE) + 8;
    let sent0 = bar0.read(regs::CNT_SENT);
    let enq0 = bar0.read(regs::CNT_ENQUEUED);
    let item = 0x5eed_0000_0000_0001u64;
    bar2.write(shadow, item);
    let mut stores = 1u64;
    assert_eq!(bar0.read(regs::CNT_SENT), sent0 + 1, "CNT_SENT after one store");
    wait_until("CNT_ENQUEUED", Duration::from_secs(5), || bar0.read(regs::CNT_ENQUEUED) == enq0 + 1);
    assert_eq!(page.word(FIRST_DATA_INDEX), item, "item the card wrote into guest RAM");
    assert_eq!(page.word(TAIL_WORD), FIRST_DATA_INDEX + 1, "tail the card wrote");
    report("one_store", "sent+1,enqueued+1,dma_ok");

    // Interrupt path: NOTIFY on an armed queue -> card irq line -> ivshmem doorbell -> MSI-X.
    let ivs = find_pci(IVSHMEM_VENDOR, IVSHMEM_DEVICE).expect("no ivshmem-doorbell device");
    let irq = DoorbellIrq::open(&ivs);
    let notify = Irq({
        let mut i = Irq(0);
        i.set_notify(true);
        i.0
    });
    bar0.write(regs::IRQ_MASK, notify.0);
    let mut irq_lat = Vec::new();
    let mut interrupts = 0;
    for round in 0..IRQ_ROUNDS {
        bar0.write(regs::ARM, QUEUE as u64);
        let t0 = Instant::now();
        bar2.write(shadow, item + 1 + round as u64);
        let n = irq.wait(Duration::from_secs(5));
        let dt = t0.elapsed();
        stores += 1;
        assert!(n > 0, "no interrupt within 5 s in round {round}");
        interrupts += n;
        irq_lat.push(micros(dt));
        let status = bar0.read(regs::IRQ_STATUS);
        assert!(status & notify.0 != 0, "IRQ_STATUS {status:#x} lacks NOTIFY");
        bar0.write(regs::IRQ_STATUS, notify.0); // W1C: the line drops
    }
    report("interrupts", interrupts);
    stats("store_to_irq", irq_lat);
    let small_queue_stores = overflow_round_trip(&bar0, &bar2, node, &irq);
    stores += small_queue_stores;

    // Per-access latency of the trapped BARs.
    let t = Instant::now();
    for _ in 0..READ_ROUNDS {
        assert_eq!(bar0.read(regs::ID), regs::ID_VALUE);
    }
    report("bar0_read_us", format!("{:.2}", micros(t.elapsed()) / READ_ROUNDS as f64));
    let t = Instant::now();
    for i in 0..STORE_ROUNDS {
        bar2.write(shadow, 0x1000 + i as u64);
    }
    stores += STORE_ROUNDS as u64;
    report("bar2_store_us", format!("{:.2}", micros(t.elapsed()) / STORE_ROUNDS as f64));

    let sent = bar0.read(regs::CNT_SENT) - sent0;
    wait_until("all items enqueued", Duration::from_secs(10), || bar0.read(regs::CNT_ENQUEUED) - enq0 == stores);
    assert_eq!(sent, stores, "CNT_SENT counts every store once");
    assert_eq!(page.word(TAIL_WORD), FIRST_DATA_INDEX + stores - small_queue_stores, "tail after all items");
    report("bar2_stores", stores);
    report("cnt_sent", sent);
}
