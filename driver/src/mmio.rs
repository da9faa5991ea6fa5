//! BARs reached by loads and stores to mapped memory — what the UIO (sysfs `resourceN` mapped
//! with memmap2) and VFIO (region mmap) backends produce. The backend maps; this type gives
//! register access through `RegisterBlock` and shadow pages as raw 8-byte volatile stores.

use crate::device::ShadowPage;
use crate::error::{DriverError, Result};
use crate::regs::RegisterBlock;
use renq_abi::csr::BAR0_BYTES;
use renq_abi::paper::shadow::{page_offset, WINDOW_BYTES};
use std::any::Any;
use std::ptr::NonNull;
use std::sync::Arc;

/// A mapped BAR0 and BAR2, kept alive by `owner` (e.g. the `memmap2::MmapRaw`s or a VFIO
/// device handle).
pub struct MappedBars {
    bar0: NonNull<u8>,
    bar2: NonNull<u8>,
    /// Bytes of BAR2 mapped: the paper card's `WINDOW_BYTES`, or the card's portal window.
    bar2_len: u64,
    owner: Arc<dyn Any + Send + Sync>,
}

unsafe impl Send for MappedBars {}
unsafe impl Sync for MappedBars {}

impl MappedBars {
    /// # Safety
    /// `bar0` must map `BAR0_BYTES` and `bar2` `WINDOW_BYTES` of the card (uncached, not
    /// write-combining), both 8-aligned, as long as `owner` lives.
    pub unsafe fn new(bar0: *mut u8, bar2: *mut u8, owner: Arc<dyn Any + Send + Sync>) -> Result<Self> {
        MappedBars::with_bar2_len(bar0, bar2, WINDOW_BYTES, owner)
    }

    /// As [`MappedBars::new`] with `bar2_len` bytes of BAR2 mapped (at least the paper card's
    /// `WINDOW_BYTES`; the card's portal window is `renq_abi::portal::WINDOW_BYTES`).
    ///
    /// # Safety
    /// As `new`, with `bar2` mapping `bar2_len` bytes.
    pub unsafe fn with_bar2_len(
        bar0: *mut u8,
        bar2: *mut u8,
        bar2_len: u64,
        owner: Arc<dyn Any + Send + Sync>,
    ) -> Result<Self> {
        if bar2_len < WINDOW_BYTES {
            return Err(DriverError::Map(format!(
                "BAR2 mapping of {bar2_len} bytes is below the card's {WINDOW_BYTES}"
            )));
        }
        let bar0 = NonNull::new(bar0).ok_or_else(|| DriverError::Map("BAR0 is null".into()))?;
        let bar2 = NonNull::new(bar2).ok_or_else(|| DriverError::Map("BAR2 is null".into()))?;
        if !(bar0.as_ptr() as usize).is_multiple_of(8) || !(bar2.as_ptr() as usize).is_multiple_of(8) {
            return Err(DriverError::Map("BAR not 8-byte aligned".into()));
        }
        Ok(MappedBars { bar0, bar2, bar2_len, owner })
    }

    /// Convenience for two memmap2 mappings (the UIO route and the tests).
    pub fn from_mmaps(bar0: memmap2::MmapRaw, bar2: memmap2::MmapRaw) -> Result<Self> {
        // BAR2's length is checked by `with_bar2_len`.
        if (bar0.len() as u64) < BAR0_BYTES {
            return Err(DriverError::Map("BAR0 mapping smaller than the card's BAR0".into()));
        }
        let (p0, p2, len2) = (bar0.as_mut_ptr(), bar2.as_mut_ptr(), bar2.len() as u64);
        unsafe { MappedBars::with_bar2_len(p0, p2, len2, Arc::new((bar0, bar2))) }
    }

    /// One 8-byte load from the mapped BAR2 (the card's portal status); outside the mapping
    /// or unaligned: 0.
    pub fn bar2_load(&self, offset: u64) -> u64 {
        if offset >= self.bar2_len || !offset.is_multiple_of(8) {
            return 0;
        }
        // Safety: offset + 8 <= bar2_len, mapped per `new`/`from_mmaps`; aligned.
        unsafe { (self.bar2.as_ptr().add(offset as usize) as *const u64).read_volatile() }
    }

    /// The card: the page of portal `portal`, if the mapping covers it.
    pub fn portal_page(&self, portal: u16) -> Result<ShadowPage> {
        let off = renq_abi::portal::page_offset(portal);
        if off >= self.bar2_len {
            return Err(DriverError::OutOfRange { what: "portal (BAR2 mapping)", value: portal as u64 });
        }
        // Safety: off < bar2_len, mapped; the Arc keeps it mapped.
        unsafe {
            let word = NonNull::new_unchecked(self.bar2.as_ptr().add(off as usize) as *mut u64);
            Ok(ShadowPage::mapped(word, self.owner.clone()))
        }
    }

    pub fn registers(&self) -> RegisterBlock<'_> {
        // Safety: `new`'s contract: BAR0 is mapped for as long as self.
        unsafe { RegisterBlock::at(self.bar0.as_ptr()) }
    }

    /// One CPU store into the mapped BAR2 at `offset`, of the width `byte_enable` names (an
    /// aligned run of 1, 2, 4 or 8 enabled bytes; any other pattern is stored byte by byte,
    /// as a CPU would have to). Offsets outside the mapping are ignored.
    pub fn bar2_store(&self, offset: u64, value: u64, byte_enable: u8) {
        if offset >= self.bar2_len || !offset.is_multiple_of(8) || byte_enable == 0 {
            return;
        }
        let (lsb, n) = (byte_enable.trailing_zeros(), byte_enable.count_ones());
        let contiguous = byte_enable >> lsb == ((1u16 << n) - 1) as u8;
        // Safety: offset + 8 <= bar2_len, mapped per `new`; each store is naturally aligned.
        unsafe {
            let lane = self.bar2.as_ptr().add(offset as usize);
            let v = value >> (8 * lsb);
            match (contiguous, n) {
                (true, 8) => (lane as *mut u64).write_volatile(value),
                (true, 4) if lsb % 4 == 0 => (lane.add(lsb as usize) as *mut u32).write_volatile(v as u32),
                (true, 2) if lsb % 2 == 0 => (lane.add(lsb as usize) as *mut u16).write_volatile(v as u16),
                _ => {
                    for b in (0..8).filter(|b| byte_enable >> b & 1 == 1) {
                        lane.add(b).write_volatile((value >> (8 * b)) as u8);
                    }
                }
            }
        }
    }

    pub fn shadow_page(&self, node: u8, queue: u8) -> ShadowPage {
        let off = page_offset(node, queue) as usize;
        // Safety: page_offset < WINDOW_BYTES, mapped per `new`; the Arc keeps it mapped.
        unsafe {
            let word = NonNull::new_unchecked(self.bar2.as_ptr().add(off) as *mut u64);
            ShadowPage::mapped(word, self.owner.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regs::Registers;
    use renq_abi::paper::regs;

    fn anon(len: u64) -> memmap2::MmapRaw {
        memmap2::MmapRaw::from(memmap2::MmapMut::map_anon(len as usize).unwrap())
    }

    #[test]
    fn shadow_store_is_one_word_at_the_encoded_page() {
        let bars = MappedBars::from_mmaps(anon(BAR0_BYTES), anon(WINDOW_BYTES)).unwrap();
        let page = bars.shadow_page(3, 9);
        page.store(0xfeed_beef);
        let base = bars.bar2.as_ptr();
        let at = page_offset(3, 9) as usize;
        let window = unsafe { std::slice::from_raw_parts(base, WINDOW_BYTES as usize) };
        assert_eq!(&window[at..at + 8], &0xfeed_beefu64.to_le_bytes());
        // Nothing else in the window was written.
        let nonzero = window.iter().enumerate().filter(|(_, b)| **b != 0).count();
        assert_eq!(nonzero, 4);
        // Registers go to BAR0 at the ABI offsets.
        bars.registers().arm(4);
        assert_eq!(bars.registers().read_offset(regs::ARM), 4);
    }

    #[test]
    fn bar2_stores_write_only_the_enabled_bytes() {
        let bars = MappedBars::from_mmaps(anon(BAR0_BYTES), anon(WINDOW_BYTES)).unwrap();
        let window = unsafe { std::slice::from_raw_parts(bars.bar2.as_ptr(), WINDOW_BYTES as usize) };
        let v = 0x8877_6655_4433_2211u64;
        bars.bar2_store(0x40, v, 0xff);
        assert_eq!(&window[0x40..0x48], &v.to_le_bytes());
        bars.bar2_store(0x80, v, 0xf0); // the upper word
        assert_eq!(&window[0x80..0x88], &[0, 0, 0, 0, 0x55, 0x66, 0x77, 0x88]);
        bars.bar2_store(0xc0, v, 0b0100_0001); // scattered bytes, one at a time
        assert_eq!(&window[0xc0..0xc8], &[0x11, 0, 0, 0, 0, 0, 0x77, 0]);
        bars.bar2_store(0x44, v, 0xff); // unaligned: ignored
        bars.bar2_store(WINDOW_BYTES, v, 0xff); // outside: ignored
        assert_eq!(window.iter().filter(|b| **b != 0).count(), 8 + 4 + 2);
    }

    #[test]
    fn short_mapping_is_refused() {
        assert!(MappedBars::from_mmaps(anon(BAR0_BYTES), anon(4096)).is_err());
    }
}

/// Where a mapped card's interrupts come from: UIO's `/dev/uioN`, a VFIO eventfd.
pub trait IrqSource: Send + Sync {
    /// Blocks until an interrupt arrived (consuming it) or `timeout` passed; true if one did.
    fn wait(&self, timeout: std::time::Duration) -> bool;
}

/// A file descriptor that becomes readable on each interrupt and is read to consume it:
/// `/dev/uioN` (reads a 4-byte count) or an eventfd (reads an 8-byte counter).
pub struct FdIrq {
    fd: std::os::fd::OwnedFd,
    read_len: usize,
}

impl FdIrq {
    /// An eventfd signalled by the interrupt (VFIO `VFIO_DEVICE_SET_IRQS`, ivshmem doorbell).
    pub fn eventfd(fd: std::os::fd::OwnedFd) -> FdIrq {
        FdIrq { fd, read_len: 8 }
    }

    /// `/dev/uioN`. (uio_pci_generic has no irqcontrol: the UIO backend re-enables INTx
    /// through the command register itself.)
    pub fn uio(fd: std::os::fd::OwnedFd) -> FdIrq {
        FdIrq { fd, read_len: 4 }
    }
}

impl IrqSource for FdIrq {
    fn wait(&self, timeout: std::time::Duration) -> bool {
        use std::os::fd::AsRawFd;
        let mut p = libc::pollfd { fd: self.fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
        let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
        // Safety: one valid pollfd.
        let n = unsafe { libc::poll(&mut p, 1, ms) };
        if n <= 0 || p.revents & libc::POLLIN == 0 {
            return false;
        }
        let mut buf = [0u8; 8];
        // Safety: reads at most read_len (≤ 8) bytes into buf.
        let r = unsafe { libc::read(self.fd.as_raw_fd(), buf.as_mut_ptr() as *mut libc::c_void, self.read_len) };
        r == self.read_len as isize
    }
}

/// A card reached through mapped BARs: the UIO and VFIO backends build one from their
/// mappings, their interrupt fd and their DMA memory.
pub struct MmioDevice {
    name: &'static str,
    bars: MappedBars,
    irq: Box<dyn IrqSource>,
    pool: crate::dma::DmaPool,
}

impl MmioDevice {
    pub fn new(name: &'static str, bars: MappedBars, irq: Box<dyn IrqSource>, pool: crate::dma::DmaPool) -> MmioDevice {
        MmioDevice { name, bars, irq, pool }
    }

    pub fn bars(&self) -> &MappedBars {
        &self.bars
    }
}

impl crate::device::Device for MmioDevice {
    fn backend(&self) -> &'static str {
        self.name
    }
    fn bar0_read(&self, offset: u64) -> u64 {
        self.bars.registers().read_offset(offset)
    }
    fn bar0_write(&self, offset: u64, value: u64) {
        self.bars.registers().write_offset(offset, value)
    }
    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.bars.bar2_store(offset, value, byte_enable)
    }
    fn bar2_read(&self, offset: u64) -> u64 {
        self.bars.bar2_load(offset)
    }
    fn portal_page(&self, portal: u16) -> Result<ShadowPage> {
        self.bars.portal_page(portal)
    }
    fn shadow_page(&self, node: u8, queue: u8) -> Result<ShadowPage> {
        if node as usize >= renq_abi::paper::MAX_NODES {
            return Err(DriverError::OutOfRange { what: "node", value: node as u64 });
        }
        if queue as usize >= renq_abi::paper::MAX_QUEUES {
            return Err(DriverError::OutOfRange { what: "queue", value: queue as u64 });
        }
        Ok(self.bars.shadow_page(node, queue))
    }
    fn wait_irq(&self, timeout: std::time::Duration) -> bool {
        self.irq.wait(timeout)
    }
    fn dma(&self) -> &crate::dma::DmaPool {
        &self.pool
    }
}

#[cfg(test)]
mod device_tests {
    use super::*;
    use crate::device::Device;
    use crate::dma::DmaPool;
    use crate::paper::PaperDriver;
    use renq_abi::buffer::link_word;
    use renq_abi::csr::{ExportEntry, Irq};
    use renq_abi::paper::regs;
    use std::os::fd::FromRawFd;
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};

    fn eventfd() -> (std::os::fd::OwnedFd, std::os::fd::RawFd) {
        let raw_fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC) };
        assert!(raw_fd >= 0);
        (unsafe { std::os::fd::OwnedFd::from_raw_fd(raw_fd) }, raw_fd)
    }

    fn signal(fd: std::os::fd::RawFd) {
        let one = 1u64.to_ne_bytes();
        assert_eq!(unsafe { libc::write(fd, one.as_ptr() as *const libc::c_void, 8) }, 8);
    }

    #[test]
    fn eventfd_irq_wakes_and_times_out() {
        let (fd, raw_fd) = eventfd();
        let irq = FdIrq::eventfd(fd);
        let t0 = Instant::now();
        assert!(!irq.wait(Duration::from_millis(30)));
        assert!(t0.elapsed() >= Duration::from_millis(25));
        signal(raw_fd);
        assert!(irq.wait(Duration::from_secs(1)));
        assert!(!irq.wait(Duration::from_millis(1)), "the interrupt was consumed");
    }

    /// The whole driver over mapped memory standing in for the BARs: every register and
    /// shadow store lands at the ABI's offsets, the queue header in DMA memory.
    #[test]
    fn driver_over_mapped_bars() {
        let bar0 = memmap2::MmapRaw::from(memmap2::MmapMut::map_anon(BAR0_BYTES as usize).unwrap());
        let bar2 = memmap2::MmapRaw::from(memmap2::MmapMut::map_anon(WINDOW_BYTES as usize).unwrap());
        let dma = memmap2::MmapRaw::from(memmap2::MmapMut::map_anon(1 << 20).unwrap());
        let (b0, b2) = (bar0.as_mut_ptr(), bar2.as_mut_ptr());
        let word0 = |off: u64| unsafe { &*(b0.add(off as usize) as *const std::sync::atomic::AtomicU64) };
        word0(regs::ID).store(regs::ID_VALUE, Ordering::SeqCst);
        let bars = MappedBars::from_mmaps(bar0, bar2).unwrap();
        // Device addresses of the DMA memory start at an IOVA of 16 MiB.
        let pool = unsafe { DmaPool::new(std::ptr::NonNull::new(dma.as_mut_ptr()).unwrap(), 16 << 20, 1 << 20, 0) };
        let (fd, raw_fd) = eventfd();
        let dev = std::sync::Arc::new(MmioDevice::new("test-mmio", bars, Box::new(FdIrq::eventfd(fd)), pool));
        let drv = PaperDriver::start(dev.clone()).unwrap();
        assert_eq!(word0(regs::CONTROL).load(Ordering::SeqCst), 0b11, "RX and TX enabled");
        assert_eq!(word0(regs::IRQ_MASK).load(Ordering::SeqCst), 0b111, "all interrupts enabled");

        let q = drv.create_queue(5, 4).unwrap();
        let f = q.first_buffer();
        assert!(f >= 16 << 20 && f.is_multiple_of(128), "first buffer {f:#x} aligned to its 128 bytes");
        assert_eq!(word0(regs::export_entry(5)).load(Ordering::SeqCst), ExportEntry::new(f, 4).0);
        let hdr: Vec<u64> = (0..3).map(|i| dev.dma().word(f + 8 * i).unwrap().load(Ordering::SeqCst)).collect();
        assert_eq!(hdr, vec![link_word(0, 4), 3, 3]);

        dev.shadow_page(2, 5).unwrap().store(0xabcd);
        let at = renq_abi::paper::shadow::page_offset(2, 5) as usize;
        assert_eq!(unsafe { (b2.add(at) as *const u64).read_volatile() }, 0xabcd);

        // A NOTIFY raised through the eventfd reaches the interrupt thread.
        word0(regs::IRQ_STATUS).store(Irq::NOTIFY_MASK, Ordering::SeqCst);
        signal(raw_fd);
        let t0 = Instant::now();
        while drv.stats().notify_irqs == 0 {
            assert!(t0.elapsed() < Duration::from_secs(5), "interrupt thread never saw the NOTIFY");
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(drv.stats().irqs >= 1);
        drv.shutdown();
        assert_eq!(word0(regs::export_entry(5)).load(Ordering::SeqCst), 0, "shutdown unexports");
        drop((q, drv, dev)); // before `dma` goes: the queue frees its buffers through the pool
    }
}
