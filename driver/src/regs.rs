//! BAR0 register access: the MMIO register block (for backends that map BAR0) and typed
//! helpers over any 64-bit register port, using the `renq_abi::regs` bitfield types.

use crate::bits::{from_raw, raw};
use renq_abi::regs::{self, Control, ExportEntry, Irq};
use renq_abi::MAX_QUEUES;
use volatile_register::{RO, RW, WO};

/// BAR0 as laid out in memory, per `renq_abi::regs` (offsets are asserted in the tests).
/// Place it over a mapped BAR (UIO `resource0`, VFIO region) with `RegisterBlock::at`.
#[repr(C)]
pub struct RegisterBlock {
    pub id: RO<u64>,
    pub node_id: RW<u64>,
    pub control: RW<u64>,
    pub irq_status: RW<u64>,
    pub irq_mask: RW<u64>,
    pub stalled: RO<u64>,
    pub resume: WO<u64>,
    pub arm: WO<u64>,
    pub cnt_sent: RO<u64>,
    pub cnt_tx_dropped: RO<u64>,
    pub cnt_enqueued: RO<u64>,
    pub cnt_rejected: RO<u64>,
    pub cnt_overflows: RO<u64>,
    pub cnt_bad_header: RO<u64>,
    pub armed: RO<u64>,
    _reserved: [u64; 17],
    pub export: [RW<u64>; MAX_QUEUES],
}

impl RegisterBlock {
    /// # Safety
    /// `base` must point to a mapping of at least `size_of::<RegisterBlock>()` bytes, 8-byte
    /// aligned, that stays mapped for `'a`, and whose accesses are register accesses
    /// (uncached MMIO) or plain memory (tests).
    pub unsafe fn at<'a>(base: *mut u8) -> &'a RegisterBlock {
        &*(base as *const RegisterBlock)
    }

    /// Raw read of the register at a byte offset (8-aligned, inside the block).
    pub fn read_offset(&self, offset: u64) -> u64 {
        match self.word(offset) {
            // Safety: `word` checked the offset is an aligned register inside the block.
            Some(p) => unsafe { p.read_volatile() },
            None => 0, // unknown offsets read 0 (spec §8)
        }
    }

    /// Raw write of the register at a byte offset; writes outside the block are ignored.
    pub fn write_offset(&self, offset: u64, value: u64) {
        if let Some(p) = self.word(offset) {
            // Safety: as in read_offset; the block lives in writable mapped memory.
            unsafe { p.write_volatile(value) }
        }
    }

    fn word(&self, offset: u64) -> Option<*mut u64> {
        let size = std::mem::size_of::<RegisterBlock>() as u64;
        if !offset.is_multiple_of(8) || offset >= size {
            return None;
        }
        Some(unsafe { (self as *const Self as *mut u8).add(offset as usize) as *mut u64 })
    }

    pub fn control(&self) -> Control {
        from_raw(self.control.read())
    }
    pub fn set_control(&self, c: Control) {
        unsafe { self.control.write(raw(&c)) }
    }
    pub fn irq_status(&self) -> Irq {
        from_raw(self.irq_status.read())
    }
    pub fn export(&self, q: u8) -> ExportEntry {
        from_raw(self.export[q as usize].read())
    }
    pub fn set_export(&self, q: u8, e: ExportEntry) {
        unsafe { self.export[q as usize].write(raw(&e)) }
    }
    pub fn resume(&self, q: u8) {
        unsafe { self.resume.write(q as u64) }
    }
}

/// Snapshot of the card's event counters (each `COUNTER_BITS` wide; take differences).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardCounters {
    pub sent: u64,
    pub tx_dropped: u64,
    pub enqueued: u64,
    pub rejected: u64,
    pub overflows: u64,
    pub bad_header: u64,
}

impl CardCounters {
    /// Events between `earlier` and `self`, allowing for counter wrap-around.
    pub fn since(&self, earlier: &CardCounters) -> CardCounters {
        let m = (1u64 << renq_abi::COUNTER_BITS) - 1;
        let d = |a: u64, b: u64| a.wrapping_sub(b) & m;
        CardCounters {
            sent: d(self.sent, earlier.sent),
            tx_dropped: d(self.tx_dropped, earlier.tx_dropped),
            enqueued: d(self.enqueued, earlier.enqueued),
            rejected: d(self.rejected, earlier.rejected),
            overflows: d(self.overflows, earlier.overflows),
            bad_header: d(self.bad_header, earlier.bad_header),
        }
    }
}

/// Typed access to BAR0 over any 64-bit register port (a `Device`, a `RegisterBlock`).
pub trait Registers {
    fn reg_read(&self, offset: u64) -> u64;
    fn reg_write(&self, offset: u64, value: u64);

    fn card_id(&self) -> u64 {
        self.reg_read(regs::ID)
    }
    fn node_id(&self) -> u8 {
        (self.reg_read(regs::NODE_ID) & (renq_abi::MAX_NODES as u64 - 1)) as u8
    }
    fn control(&self) -> Control {
        from_raw(self.reg_read(regs::CONTROL))
    }
    fn set_control(&self, c: Control) {
        self.reg_write(regs::CONTROL, raw(&c))
    }
    fn irq_status(&self) -> Irq {
        from_raw(self.reg_read(regs::IRQ_STATUS))
    }
    /// Write-1-to-clear the given IRQ_STATUS bits.
    fn ack_irq(&self, bits: Irq) {
        self.reg_write(regs::IRQ_STATUS, raw(&bits))
    }
    fn irq_mask(&self) -> Irq {
        from_raw(self.reg_read(regs::IRQ_MASK))
    }
    fn set_irq_mask(&self, m: Irq) {
        self.reg_write(regs::IRQ_MASK, raw(&m))
    }
    /// Bit q set = queue q stalled.
    fn stalled(&self) -> u64 {
        self.reg_read(regs::STALLED)
    }
    fn resume(&self, q: u8) {
        self.reg_write(regs::RESUME, q as u64)
    }
    fn arm(&self, q: u8) {
        self.reg_write(regs::ARM, q as u64)
    }
    fn armed(&self) -> u64 {
        self.reg_read(regs::ARMED)
    }
    fn export(&self, q: u8) -> ExportEntry {
        from_raw(self.reg_read(regs::export_entry(q)))
    }
    fn set_export(&self, q: u8, e: ExportEntry) {
        self.reg_write(regs::export_entry(q), raw(&e))
    }
    fn counters(&self) -> CardCounters {
        CardCounters {
            sent: self.reg_read(regs::CNT_SENT),
            tx_dropped: self.reg_read(regs::CNT_TX_DROPPED),
            enqueued: self.reg_read(regs::CNT_ENQUEUED),
            rejected: self.reg_read(regs::CNT_REJECTED),
            overflows: self.reg_read(regs::CNT_OVERFLOWS),
            bad_header: self.reg_read(regs::CNT_BAD_HEADER),
        }
    }
}

impl Registers for RegisterBlock {
    fn reg_read(&self, offset: u64) -> u64 {
        self.read_offset(offset)
    }
    fn reg_write(&self, offset: u64, value: u64) {
        self.write_offset(offset, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    #[test]
    fn layout_matches_abi_register_map() {
        let o = |x: usize| x as u64;
        assert_eq!(o(offset_of!(RegisterBlock, id)), regs::ID);
        assert_eq!(o(offset_of!(RegisterBlock, node_id)), regs::NODE_ID);
        assert_eq!(o(offset_of!(RegisterBlock, control)), regs::CONTROL);
        assert_eq!(o(offset_of!(RegisterBlock, irq_status)), regs::IRQ_STATUS);
        assert_eq!(o(offset_of!(RegisterBlock, irq_mask)), regs::IRQ_MASK);
        assert_eq!(o(offset_of!(RegisterBlock, stalled)), regs::STALLED);
        assert_eq!(o(offset_of!(RegisterBlock, resume)), regs::RESUME);
        assert_eq!(o(offset_of!(RegisterBlock, arm)), regs::ARM);
        assert_eq!(o(offset_of!(RegisterBlock, armed)), regs::ARMED);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_sent)), regs::CNT_SENT);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_tx_dropped)), regs::CNT_TX_DROPPED);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_enqueued)), regs::CNT_ENQUEUED);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_rejected)), regs::CNT_REJECTED);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_overflows)), regs::CNT_OVERFLOWS);
        assert_eq!(o(offset_of!(RegisterBlock, cnt_bad_header)), regs::CNT_BAD_HEADER);
        assert_eq!(o(offset_of!(RegisterBlock, export)), regs::EXPORT_BASE);
        for q in 0..MAX_QUEUES {
            let off = offset_of!(RegisterBlock, export) + q * 8;
            assert_eq!(off as u64, regs::export_entry(q as u8));
        }
        assert!(std::mem::size_of::<RegisterBlock>() as u64 <= regs::BAR0_BYTES);
    }

    #[test]
    fn block_over_anonymous_mapping() {
        let mut map = memmap2::MmapMut::map_anon(regs::BAR0_BYTES as usize).unwrap();
        let base = map.as_mut_ptr();
        let blk = unsafe { RegisterBlock::at(base) };
        let word = |off: u64| unsafe { (base.add(off as usize) as *const u64).read_volatile() };

        let mut c = Control::default();
        c.set_rx_enable(true);
        blk.set_control(c);
        assert_eq!(word(regs::CONTROL), 1 << regs::bits::CONTROL_RX_ENABLE);
        assert!(Registers::control(blk).rx_enable() && !Registers::control(blk).tx_enable());

        let e = ExportEntry::new(0x1_2340_0000, 9);
        blk.set_export(5, e);
        assert_eq!(word(regs::export_entry(5)), raw(&e));
        assert_eq!(Registers::export(blk, 5).log2_words(), 9);

        blk.resume(7);
        assert_eq!(word(regs::RESUME), 7);
        Registers::arm(blk, 3);
        assert_eq!(word(regs::ARM), 3);

        // A "card" sets status and counters in the mapped memory; the typed reads see them.
        unsafe { (base.add(regs::IRQ_STATUS as usize) as *mut u64).write_volatile(0b101) };
        unsafe { (base.add(regs::CNT_OVERFLOWS as usize) as *mut u64).write_volatile(42) };
        let s = blk.irq_status();
        assert!(s.overflow() && s.notify() && !s.bad_header());
        assert_eq!(blk.counters().overflows, 42);
        // Offsets beyond the block read 0 and ignore writes.
        blk.write_offset(0xff8, 9);
        assert_eq!(blk.read_offset(0xff8), 0);
        drop(map);
    }

    #[test]
    fn counter_difference_wraps() {
        let a = CardCounters { sent: (1 << 32) - 2, ..Default::default() };
        let b = CardCounters { sent: 3, ..Default::default() };
        assert_eq!(b.since(&a).sent, 5);
    }
}
