//! BAR0 register access: the mapped register block (for backends that map BAR0) and typed
//! helpers over any 64-bit register port. Offsets and defined bits come from the register table
//! `renq_abi::paper::regs::REGISTERS`; the typed values are the abi's bitfields (register word = `.0`).

use renq_abi::csr::{Control, ExportEntry, Irq};
use renq_abi::paper::regs::{self, defined};
use std::marker::PhantomData;
use std::ptr::NonNull;

/// BAR0 mapped in memory (UIO `resource0`, a VFIO region, or plain memory in tests): the
/// register at offset `o` of the table is the 64-bit word at `base + o`.
#[derive(Clone, Copy)]
pub struct RegisterBlock<'a> {
    base: NonNull<u8>,
    _bar: PhantomData<&'a ()>,
}

impl<'a> RegisterBlock<'a> {
    /// # Safety
    /// `base` must be non-null, 8-byte aligned and point to a mapping of at least
    /// `regs::BAR0_BYTES` bytes that stays mapped for `'a`, and whose accesses are register
    /// accesses (uncached MMIO) or plain memory (tests).
    pub unsafe fn at(base: *mut u8) -> RegisterBlock<'a> {
        RegisterBlock { base: NonNull::new_unchecked(base), _bar: PhantomData }
    }

    /// Raw read of the register at a byte offset; offsets that are no register of either card's
    /// map (§8, §8b: the driver learns which from ID, read through this too) read 0.
    pub fn read_offset(&self, offset: u64) -> u64 {
        match self.word(offset) {
            // Safety: `word` checked the offset is a register of the table, inside BAR0.
            Some(p) => unsafe { p.read_volatile() },
            None => 0,
        }
    }

    /// Raw write of the register at a byte offset; writes to offsets that are no register are
    /// ignored.
    pub fn write_offset(&self, offset: u64, value: u64) {
        if let Some(p) = self.word(offset) {
            // Safety: as in read_offset; BAR0 is writable mapped memory.
            unsafe { p.write_volatile(value) }
        }
    }

    fn word(&self, offset: u64) -> Option<*mut u64> {
        regs::lookup(offset).or_else(|| renq_abi::regs::lookup(offset))?;
        // Safety: every table entry lies inside BAR0 (abi's table test), which `at` maps.
        Some(unsafe { self.base.as_ptr().add(offset as usize) as *mut u64 })
    }
}

impl Registers for RegisterBlock<'_> {
    fn reg_read(&self, offset: u64) -> u64 {
        self.read_offset(offset)
    }
    fn reg_write(&self, offset: u64, value: u64) {
        self.write_offset(offset, value)
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
    /// The card: switches into a spare buffer (CNT_SWITCHES, spec §9c); 0 on the paper card.
    pub switches: u64,
    /// The card: packets the destination refused (CNT_REFUSED, spec §7c: a stalled queue or a
    /// stale epoch); 0 on the paper card, which never refuses.
    pub refused: u64,
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
            switches: d(self.switches, earlier.switches),
            refused: d(self.refused, earlier.refused),
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
        (self.reg_read(regs::NODE_ID) & defined::NODE_ID) as u8
    }
    fn control(&self) -> Control {
        Control(self.reg_read(regs::CONTROL))
    }
    fn set_control(&self, c: Control) {
        self.reg_write(regs::CONTROL, c.0)
    }
    fn irq_status(&self) -> Irq {
        Irq(self.reg_read(regs::IRQ_STATUS))
    }
    /// Write-1-to-clear the given IRQ_STATUS bits.
    fn ack_irq(&self, bits: Irq) {
        self.reg_write(regs::IRQ_STATUS, bits.0)
    }
    fn irq_mask(&self) -> Irq {
        Irq(self.reg_read(regs::IRQ_MASK))
    }
    fn set_irq_mask(&self, m: Irq) {
        self.reg_write(regs::IRQ_MASK, m.0)
    }
    /// Bit q set = queue q stalled.
    fn stalled(&self) -> u64 {
        self.reg_read(regs::STALLED) & defined::STALLED
    }
    fn resume(&self, q: u8) {
        self.reg_write(regs::RESUME, q as u64)
    }
    fn arm(&self, q: u8) {
        self.reg_write(regs::ARM, q as u64)
    }
    fn armed(&self) -> u64 {
        self.reg_read(regs::ARMED) & defined::ARMED
    }
    fn export(&self, q: u8) -> ExportEntry {
        ExportEntry(self.reg_read(regs::export_entry(q)))
    }
    fn set_export(&self, q: u8, e: ExportEntry) {
        self.reg_write(regs::export_entry(q), e.0)
    }
    fn counters(&self) -> CardCounters {
        CardCounters {
            sent: self.reg_read(regs::CNT_SENT),
            tx_dropped: self.reg_read(regs::CNT_TX_DROPPED),
            enqueued: self.reg_read(regs::CNT_ENQUEUED),
            rejected: self.reg_read(regs::CNT_REJECTED),
            overflows: self.reg_read(regs::CNT_OVERFLOWS),
            bad_header: self.reg_read(regs::CNT_BAD_HEADER),
            // The paper card has no register there (it reads 0).
            switches: self.reg_read(renq_abi::regs::CNT_SWITCHES),
            // The paper card has ARMED there.
            refused: if renq_abi::regs::abi_version(self.reg_read(regs::ID)) == Some(2) {
                self.reg_read(renq_abi::regs::CNT_REFUSED)
            } else {
                0
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_reaches_every_table_register_and_nothing_else() {
        let mut map = memmap2::MmapMut::map_anon(regs::BAR0_BYTES as usize).unwrap();
        let blk = unsafe { RegisterBlock::at(map.as_mut_ptr()) };
        // Both cards' maps (§8, §8b): the driver reads ID through the block before it knows
        // which card it drives, and the card's registers (CAPS, CMD, ...) must reach the card.
        let mut offsets = std::collections::BTreeSet::new();
        for r in regs::REGISTERS.iter().chain(renq_abi::regs::REGISTERS) {
            for i in 0..r.count as u64 {
                let off = r.offset + 8 * i;
                blk.write_offset(off, off ^ 0x5a5a);
                assert_eq!(blk.read_offset(off), off ^ 0x5a5a, "{}[{i}]", r.name);
                offsets.insert(off);
            }
        }
        assert!(offsets.contains(&renq_abi::regs::CAPS) && offsets.contains(&renq_abi::regs::CNT_SRC_REFUSED));
        // Holes between registers, misaligned and out-of-BAR offsets: read 0, writes ignored.
        for off in [0x0b8, 0x0f8, 0x012, regs::BAR0_BYTES, u64::MAX - 7] {
            blk.write_offset(off, 1);
            assert_eq!(blk.read_offset(off), 0, "{off:#x}");
        }
        let words: Vec<u64> = map.chunks(8).map(|w| u64::from_le_bytes(w.try_into().unwrap())).collect();
        assert_eq!(words.iter().filter(|w| **w != 0).count(), offsets.len(), "only table registers were written");
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
        assert!(blk.control().rx_enable() && !blk.control().tx_enable());

        let e = ExportEntry::new(0x1_2340_0000, 9);
        blk.set_export(5, e);
        assert_eq!(word(regs::export_entry(5)), e.0);
        assert_eq!(blk.export(5).log2_words(), 9);

        blk.resume(7);
        assert_eq!(word(regs::RESUME), 7);
        blk.arm(3);
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
