//! What both cards' BAR0 share (spec §8, §8b): the register-table form ([`RegisterDesc`],
//! declared with `registers!`), BAR0's size and decode width, and the words CONTROL, IRQ_* and
//! an EXPORT entry (the bitfield types give names to their bits; their inner `u64` is the
//! register word). Each card's own map: [`crate::regs`] (the card), [`crate::paper::regs`].

use bitfield::bitfield;

/// Size of BAR0.
pub const BAR0_BYTES: u64 = 4096;
/// Bits of a BAR0 offset the card decodes.
pub const CSR_ADDR_BITS: u32 = 12;

/// Bit positions of the register fields, for the HDL and the Verilog header (which cannot call
/// bitfield accessors). The bitfield types below are declared with these positions.
pub mod bits {
    pub const CONTROL_RX_ENABLE: u32 = 0;
    pub const CONTROL_TX_ENABLE: u32 = 1;
    pub const IRQ_OVERFLOW: u32 = 0;
    pub const IRQ_BAD_HEADER: u32 = 1;
    pub const IRQ_NOTIFY: u32 = 2;
    pub const EXPORT_BASE_LSB: u32 = 0;
    /// The base field holds a whole DMA address.
    pub const EXPORT_BASE_MSB: u32 = EXPORT_BASE_LSB + crate::DMA_ADDR_BITS - 1;
    pub const EXPORT_LOG2_LSB: u32 = 48;
    pub const EXPORT_LOG2_MSB: u32 = 52;
    /// SPARE only (spec §9c): the run's buffers after the first (EXPORT ignores these bits).
    pub const SPARE_RUN_LSB: u32 = 53;
    pub const SPARE_RUN_MSB: u32 = 62;
    pub const EXPORT_VALID: u32 = 63;
}

/// The most buffers one SPARE posts (spec §9c): a run of contiguous buffers, one field.
pub const MAX_SPARE_RUN: u32 = 1 << (bits::SPARE_RUN_MSB + 1 - bits::SPARE_RUN_LSB);

bitfield! {
    /// CONTROL register.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Control(pub u64);
    impl Debug;
    /// Receiver accepts packets from the link (while clear, packets wait on the link).
    pub rx_enable, set_rx_enable: bits::CONTROL_RX_ENABLE as usize;
    /// Sender turns shadow stores into packets (while clear, shadow stores are dropped and counted).
    pub tx_enable, set_tx_enable: bits::CONTROL_TX_ENABLE as usize;
}

bitfield! {
    /// IRQ_STATUS and IRQ_MASK bits.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Irq(pub u64);
    impl Debug;
    /// A queue became full and is now stalled (see STALLED).
    pub mask OVERFLOW_MASK(u64), overflow, set_overflow: bits::IRQ_OVERFLOW as usize;
    /// A packet was dropped because its queue's tail word was corrupt (tail index < 3).
    pub mask BAD_HEADER_MASK(u64), bad_header, set_bad_header: bits::IRQ_BAD_HEADER as usize;
    /// An item was enqueued into an armed queue (a sleeping consumer should look).
    pub mask NOTIFY_MASK(u64), notify, set_notify: bits::IRQ_NOTIFY as usize;
}

bitfield! {
    /// One export-table entry: where queue q's first buffer lives and how big it is.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct ExportEntry(pub u64);
    impl Debug;
    /// Byte address of the first buffer (the card clears the bits below the buffer size).
    pub mask BASE_MASK(u64), base, set_base: bits::EXPORT_BASE_MSB as usize, bits::EXPORT_BASE_LSB as usize;
    /// log2 of the buffer size in words (MIN_LOG2_WORDS..=MAX_LOG2_WORDS, else rejected).
    pub mask LOG2_WORDS_MASK(u64), log2_words, set_log2_words: bits::EXPORT_LOG2_MSB as usize, bits::EXPORT_LOG2_LSB as usize;
    /// The queue is exported: packets to it are enqueued; packets to others are rejected.
    pub mask VALID_MASK(u64), valid, set_valid: bits::EXPORT_VALID as usize;
    /// SPARE only: buffers of the run after the first, at `base + i · 2^k` words (spec §9c).
    pub mask RUN_MASK(u64), run_extra, set_run_extra: bits::SPARE_RUN_MSB as usize, bits::SPARE_RUN_LSB as usize;
}

impl Control {
    /// Both directions on or off.
    pub fn new(rx_enable: bool, tx_enable: bool) -> Self {
        let mut c = Control(0);
        c.set_rx_enable(rx_enable);
        c.set_tx_enable(tx_enable);
        c
    }
}

impl ExportEntry {
    pub fn new(base: u64, log2_words: u32) -> Self {
        let mut e = ExportEntry(0);
        e.set_base(base);
        e.set_log2_words(log2_words as u64);
        e.set_valid(true);
        e
    }

    /// SPARE's argument for a run of `count` (1..=`MAX_SPARE_RUN`) contiguous buffers of
    /// 2^`log2_words` words, the first at `base` (spec §9c).
    pub fn spare_run(base: u64, log2_words: u32, count: u32) -> Self {
        debug_assert!((1..=MAX_SPARE_RUN).contains(&count), "a SPARE run holds 1..={MAX_SPARE_RUN} buffers");
        let mut e = ExportEntry::new(base, log2_words);
        e.set_run_extra(count.saturating_sub(1) as u64);
        e
    }

    /// SPARE: the buffers this word posts (1 + RUN).
    pub fn run_len(&self) -> u32 {
        self.run_extra() as u32 + 1
    }
}

/// How software may access a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read only; writes are ignored.
    Ro,
    /// Read/write; only the defined bits are stored, the rest read 0.
    Rw,
    /// Read; writing 1 to a defined bit clears it.
    W1c,
    /// Write only (a command); reads return 0. A value with bits outside `defined` is ignored.
    Wo,
}

impl Access {
    /// The spelling of spec §8's access column.
    pub const fn spec_name(self) -> &'static str {
        match self {
            Access::Ro => "RO",
            Access::Rw => "RW",
            Access::W1c => "RO, W1C",
            Access::Wo => "WO",
        }
    }
    pub const fn readable(self) -> bool {
        !matches!(self, Access::Wo)
    }
    pub const fn writable(self) -> bool {
        !matches!(self, Access::Ro)
    }
}

/// A named bit field of a register (bits `lsb..=msb`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub lsb: u32,
    pub msb: u32,
}

impl Field {
    pub const fn mask(&self) -> u64 {
        (u64::MAX >> (63 - (self.msb - self.lsb))) << self.lsb
    }
}

/// One register, or a table of `count` registers 8 bytes apart (EXPORT).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisterDesc {
    pub name: &'static str,
    pub offset: u64,
    pub count: usize,
    pub access: Access,
    /// The bits that exist (RW: stored; RO: may read 1; WO: may be set in a command).
    pub defined: u64,
    /// Value after reset.
    pub reset: u64,
    /// Named fields (empty when the register is one number or one bit per queue).
    pub fields: &'static [Field],
    pub doc: &'static str,
}

impl RegisterDesc {
    /// Whether `offset` addresses this register (or one entry of this table); the entry index.
    pub const fn entry(&self, offset: u64) -> Option<usize> {
        if offset < self.offset || !(offset - self.offset).is_multiple_of(8) {
            return None;
        }
        let i = (offset - self.offset) / 8;
        if i < self.count as u64 {
            Some(i as usize)
        } else {
            None
        }
    }
}

pub(crate) const fn field(name: &'static str, lsb: u32, msb: u32) -> Field {
    Field { name, lsb, msb }
}

/// The bits of all `fields`.
pub(crate) const fn fields_mask(fields: &[Field]) -> u64 {
    let (mut m, mut i) = (0, 0);
    while i < fields.len() {
        m |= fields[i].mask();
        i += 1;
    }
    m
}

/// Every IRQ_STATUS / IRQ_MASK bit.
pub const IRQ_ALL: u64 = fields_mask(IRQ_FIELDS);
pub(crate) const CONTROL_FIELDS: &[Field] = {
    use crate::csr::bits::*;
    &[
        field("RX_ENABLE", CONTROL_RX_ENABLE, CONTROL_RX_ENABLE),
        field("TX_ENABLE", CONTROL_TX_ENABLE, CONTROL_TX_ENABLE),
    ]
};
pub(crate) const IRQ_FIELDS: &[Field] = {
    use crate::csr::bits::*;
    &[
        field("OVERFLOW", IRQ_OVERFLOW, IRQ_OVERFLOW),
        field("BAD_HEADER", IRQ_BAD_HEADER, IRQ_BAD_HEADER),
        field("NOTIFY", IRQ_NOTIFY, IRQ_NOTIFY),
    ]
};
pub(crate) const EXPORT_FIELDS: &[Field] = {
    use crate::csr::bits::*;
    &[
        field("BASE", EXPORT_BASE_LSB, EXPORT_BASE_MSB),
        field("LOG2_WORDS", EXPORT_LOG2_LSB, EXPORT_LOG2_MSB),
        field("VALID", EXPORT_VALID, EXPORT_VALID),
    ]
};

/// The optional value if given, else the default.
macro_rules! or_default {
    ($default:expr) => {
        $default
    };
    ($default:expr, $value:expr) => {
        $value
    };
}

/// Declares each register once: its offset constant, its defined-bits constant (module
/// `defined`) and its row of `REGISTERS`.
macro_rules! registers {
    ($table:ident; $(
        #[doc = $doc:literal]
        $name:ident = $offset:literal, $access:ident, defined $defined:expr
        $(, count $count:expr)? $(, reset $reset:expr)? $(, fields $fields:expr)?;
    )*) => {
        $( #[doc = $doc] pub const $name: u64 = $offset; )*

        /// Defined bits of each register (`RegisterDesc::defined`), by register name.
        pub mod defined {
            use super::*;
            $( #[doc = $doc] pub const $name: u64 = $defined; )*
        }

        /// BAR0, in offset order.
        pub const $table: &[$crate::csr::RegisterDesc] = &[$(
            $crate::csr::RegisterDesc {
                name: stringify!($name),
                offset: $offset,
                count: $crate::csr::or_default!(1 $(, $count)?),
                access: $crate::csr::Access::$access,
                defined: $defined,
                reset: $crate::csr::or_default!(0 $(, $reset)?),
                fields: $crate::csr::or_default!(&[] $(, $fields)?),
                doc: $doc,
            },
        )*];
    };
}

pub(crate) use {or_default, registers};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_positions_match_bitfields() {
        let e = ExportEntry::new(0xabc_def0_0000, 12);
        assert_eq!((e.0 >> bits::EXPORT_LOG2_LSB) & 0x1f, 12);
        assert_eq!(e.0 >> bits::EXPORT_VALID, 1);
        assert_eq!(e.0 & ((1 << (bits::EXPORT_BASE_MSB + 1)) - 1), 0xabc_def0_0000);
        assert_eq!(ExportEntry::BASE_MASK, crate::DMA_ADDR_MASK);
        let r = ExportEntry::spare_run(0x1000, 3, MAX_SPARE_RUN);
        assert_eq!((r.base(), r.log2_words(), r.valid(), r.run_len()), (0x1000, 3, true, MAX_SPARE_RUN));
        assert_eq!(ExportEntry::new(0x1000, 3).run_len(), 1, "an EXPORT word posts one spare");
        assert_eq!(
            r.0 & (ExportEntry::BASE_MASK | ExportEntry::LOG2_WORDS_MASK | ExportEntry::VALID_MASK),
            ExportEntry::new(0x1000, 3).0
        );
        let c = Control::new(false, true);
        assert_eq!(c.0, 1 << bits::CONTROL_TX_ENABLE);
        let mut i = Irq(0);
        i.set_bad_header(true);
        assert_eq!(i.0, 1 << bits::IRQ_BAD_HEADER);
        assert_eq!(IRQ_ALL, 0b111, "spec §8: OVERFLOW, BAD_HEADER, NOTIFY are bits 0..=2");
        // The tables' fields are the bitfields' fields.
        assert_eq!(fields_mask(CONTROL_FIELDS), Control::new(true, true).0);
        assert_eq!(fields_mask(IRQ_FIELDS), Irq::OVERFLOW_MASK | Irq::BAD_HEADER_MASK | Irq::NOTIFY_MASK);
        assert_eq!(
            fields_mask(EXPORT_FIELDS),
            ExportEntry::VALID_MASK | ExportEntry::LOG2_WORDS_MASK | ExportEntry::BASE_MASK
        );
    }
}
