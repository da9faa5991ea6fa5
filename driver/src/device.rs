//! The `Device` trait: what the driver needs from a renq card, whatever the backend (UIO,
//! VFIO, or the simulator of the `renq-sim` crate, in-process or over a socket). It is the one
//! trait that says what a card is: every backend implements it, nothing bridges to another.

use crate::dma::DmaPool;
use crate::error::Result;
use crate::regs::Registers;
use std::any::Any;
use std::ptr::NonNull;
use std::sync::Arc;
use std::time::Duration;

/// One renq card as the driver sees it.
pub trait Device: Send + Sync {
    /// Backend name, for reports ("sim", "uio", "vfio").
    fn backend(&self) -> &'static str;
    fn bar0_read(&self, offset: u64) -> u64;
    fn bar0_write(&self, offset: u64, value: u64);
    /// One CPU store to BAR2 (the shadow window) at `offset`: `byte_enable` has one bit per
    /// byte of the 8-byte lane (0xff = a full 8-byte store, the only kind that enqueues; the
    /// card drops and counts any other). Backends that map BAR2 make the store; the simulator
    /// takes it as a call. Enqueues go through [`ShadowPage::store`], not through here.
    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8);
    /// One 8-byte load from BAR2 at `offset`: the card's portal status (spec §7c); the paper
    /// card's BAR2 reads 0.
    fn bar2_read(&self, offset: u64) -> u64;
    /// The shadow page that enqueues to `queue` on `node` (validated by the caller).
    fn shadow_page(&self, node: u8, queue: u8) -> Result<ShadowPage>;
    /// The card: the BAR2 page of portal `portal` (spec §7c), whose stores enqueue to what the
    /// driver programmed into the portal and whose loads read its status.
    fn portal_page(&self, portal: u16) -> Result<ShadowPage>;
    /// A count that moves on whenever portal status may have changed, for a sender that
    /// sleeps rather than polls (read it before the status load it waits on). Hardware:
    /// none (0; the status word in BAR2 is the only signal, polled).
    fn status_generation(&self) -> u64 {
        0
    }
    /// Sleeps until [`status_generation`](Device::status_generation) differs from `seen` or
    /// `timeout` passes. Hardware: yields once (the caller polls the status word again).
    fn wait_status(&self, _seen: u64, _timeout: Duration) {
        std::thread::yield_now()
    }
    /// Blocks until the interrupt line is raised or `timeout` passes; true if raised.
    fn wait_irq(&self, timeout: Duration) -> bool;
    /// The node's DMA-able memory and its allocator.
    fn dma(&self) -> &DmaPool;
    /// Backend-side access counts (the simulator counts BAR accesses and card memory
    /// accesses); `None` where the backend cannot see them (real hardware).
    fn backend_stats(&self) -> Option<BackendStats> {
        None
    }
}

impl<D: Device + ?Sized> Registers for D {
    fn reg_read(&self, offset: u64) -> u64 {
        self.bar0_read(offset)
    }
    fn reg_write(&self, offset: u64, value: u64) {
        self.bar0_write(offset, value)
    }
}

/// Access counts a backend can observe from outside the CPU.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BackendStats {
    pub bar0_reads: u64,
    pub bar0_writes: u64,
    /// Stores that reached the shadow window (BAR2).
    pub bar2_writes: u64,
    /// Of those, full aligned 8-byte stores (the only kind that is an enqueue).
    pub bar2_full_stores: u64,
    /// Card memory-master reads and writes of host memory, where the backend counts them.
    pub mem_reads: Option<u64>,
    pub mem_writes: Option<u64>,
}

/// One 4 KiB page of the shadow window, bound to one (node, queue). `store` is one enqueue.
pub struct ShadowPage {
    target: ShadowTarget,
}

enum ShadowTarget {
    /// A mapped (uncached) BAR2 page: the store is one `write_volatile` of 8 bytes.
    Mapped { word: NonNull<u64>, _mapping: Arc<dyn Any + Send + Sync> },
    /// A card whose BAR2 is not mapped into this process (the simulator): one `bar2_write`
    /// of a full lane per store.
    Device { device: Arc<dyn Device>, offset: u64 },
}

// The mapped page is device memory; concurrent 8-byte stores from several threads are each
// one enqueue, which is the card's contract.
unsafe impl Send for ShadowPage {}
unsafe impl Sync for ShadowPage {}

impl ShadowPage {
    /// # Safety
    /// `word` must point into a mapped shadow page (8-aligned) kept alive by `mapping`.
    pub unsafe fn mapped(word: NonNull<u64>, mapping: Arc<dyn Any + Send + Sync>) -> Self {
        ShadowPage { target: ShadowTarget::Mapped { word, _mapping: mapping } }
    }

    /// A page whose stores are `device.bar2_write(offset, value, 0xff)` calls.
    pub fn device(device: Arc<dyn Device>, offset: u64) -> Self {
        ShadowPage { target: ShadowTarget::Device { device, offset } }
    }

    /// The page's first word when the page is mapped into this process (UIO, VFIO): a store
    /// of 8 bytes there is the enqueue, from any language (the C ABI's inline `renq_enqueue`).
    /// None where stores are calls (the simulator).
    pub fn mapped_word(&self) -> Option<NonNull<u64>> {
        match &self.target {
            ShadowTarget::Mapped { word, .. } => Some(*word),
            ShadowTarget::Device { .. } => None,
        }
    }

    /// One 8-byte store to the page: one remote enqueue of `value`.
    #[inline(always)]
    pub fn store(&self, value: u64) {
        match &self.target {
            ShadowTarget::Mapped { word, .. } => unsafe { word.as_ptr().write_volatile(value) },
            ShadowTarget::Device { device, offset } => device.bar2_write(*offset, value, 0xff),
        }
    }

    /// One 8-byte store at byte `in_page` of the page (the card's RETRY word, spec §7c).
    /// Offsets outside the page or not 8-aligned are ignored.
    pub fn store_at(&self, in_page: u64, value: u64) {
        if in_page >= renq_abi::paper::shadow::PAGE_BYTES || !in_page.is_multiple_of(8) {
            return;
        }
        match &self.target {
            // Safety: in_page < PAGE_BYTES and the mapping covers the whole page.
            ShadowTarget::Mapped { word, .. } => unsafe {
                word.as_ptr().add((in_page / 8) as usize).write_volatile(value)
            },
            ShadowTarget::Device { device, offset } => device.bar2_write(*offset + in_page, value, 0xff),
        }
    }

    /// The card's status generation (see [`Device::status_generation`]); 0 when mapped.
    pub fn status_generation(&self) -> u64 {
        match &self.target {
            ShadowTarget::Mapped { .. } => 0,
            ShadowTarget::Device { device, .. } => device.status_generation(),
        }
    }

    /// Waits for the status to change after a load that found it unchanged: sleeps on the
    /// card's generation where the backend has one (the simulator), else yields once (mapped
    /// BAR2: the caller polls the word).
    pub fn wait_status(&self, seen: u64, timeout: Duration) {
        match &self.target {
            ShadowTarget::Mapped { .. } => std::thread::yield_now(),
            ShadowTarget::Device { device, .. } => device.wait_status(seen, timeout),
        }
    }

    /// One 8-byte load from the page: the card's portal status (spec §7c).
    #[inline(always)]
    pub fn load(&self) -> u64 {
        match &self.target {
            ShadowTarget::Mapped { word, .. } => unsafe { word.as_ptr().read_volatile() },
            ShadowTarget::Device { device, offset } => device.bar2_read(*offset),
        }
    }
}
