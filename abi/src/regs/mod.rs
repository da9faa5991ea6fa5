//! Register map of BAR0: 64-bit registers at 8-byte aligned offsets. Reads of unknown offsets
//! return 0; writes to read-only or unknown offsets are ignored.
//!
//! The map itself is [`REGISTERS`] (module `table`): every offset, access rule and mask below is
//! taken from that one table. The bitfield types give names to the bits of CONTROL, IRQ_* and
//! EXPORT[q]; their inner `u64` (`.0`) is public and is the register word.

use bitfield::bitfield;

mod table;
mod verilog;

pub use table::*;
pub use verilog::write_verilog_header;

/// Size of BAR0.
pub const BAR0_BYTES: u64 = 4096;
/// Bits of a BAR0 offset the card decodes.
pub const CSR_ADDR_BITS: u32 = 12;

/// Value of the ID register: "RENQ" and the ABI version.
pub const ID_VALUE: u64 = 0x5245_4e51_0000_0001;

/// First export-table entry (EXPORT[0]); EXPORT[q] is at `EXPORT_BASE + 8 * q`.
pub const EXPORT_BASE: u64 = EXPORT;

/// BAR0 offset of queue `q`'s export entry.
pub const fn export_entry(q: u8) -> u64 {
    EXPORT_BASE + 8 * q as u64
}

/// Every counter, in register order, with the name reports print.
pub const COUNTERS: [(u64, &str); 6] = [
    (CNT_SENT, "sent"),
    (CNT_TX_DROPPED, "tx_dropped"),
    (CNT_ENQUEUED, "enqueued"),
    (CNT_REJECTED, "rejected"),
    (CNT_OVERFLOWS, "overflows"),
    (CNT_BAD_HEADER, "bad_header"),
];

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
    pub const EXPORT_VALID: u32 = 63;
}

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
}

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
        let c = Control::new(false, true);
        assert_eq!(c.0, 1 << bits::CONTROL_TX_ENABLE);
        let mut i = Irq(0);
        i.set_bad_header(true);
        assert_eq!(i.0, 1 << bits::IRQ_BAD_HEADER);
        assert_eq!(IRQ_ALL, 0b111, "spec §8: OVERFLOW, BAD_HEADER, NOTIFY are bits 0..=2");
        // The table's defined bits are the bitfields' fields.
        assert_eq!(Control::new(true, true).0, defined::CONTROL);
        assert_eq!(Irq::OVERFLOW_MASK | Irq::BAD_HEADER_MASK | Irq::NOTIFY_MASK, defined::IRQ_STATUS);
        assert_eq!(ExportEntry::VALID_MASK | ExportEntry::LOG2_WORDS_MASK | ExportEntry::BASE_MASK, defined::EXPORT);
    }
}
