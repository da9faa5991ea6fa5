//! Register map of BAR0: 64-bit registers at 8-byte aligned offsets. Reads of unknown offsets
//! return 0; writes to read-only or unknown offsets are ignored.

use bitfield::bitfield;

/// Size of BAR0.
pub const BAR0_BYTES: u64 = 4096;
/// Bits of a BAR0 offset the card decodes.
pub const CSR_ADDR_BITS: u32 = 12;

/// RO: identification, `ID_VALUE`.
pub const ID: u64 = 0x000;
/// RW: this card's node id (bits 3..0). Stamped as `src` into every packet sent.
pub const NODE_ID: u64 = 0x008;
/// RW: `Control` bits.
pub const CONTROL: u64 = 0x010;
/// RO, write-1-to-clear: `Irq` bits that happened.
pub const IRQ_STATUS: u64 = 0x018;
/// RW: `Irq` bits that raise the interrupt line (line = |(status & mask)).
pub const IRQ_MASK: u64 = 0x020;
/// RO: bit q set = queue q is stalled (full; waiting for the driver).
pub const STALLED: u64 = 0x028;
/// WO: write q to resume queue q (clears STALLED bit q).
pub const RESUME: u64 = 0x030;
/// WO: write q to arm queue q: its next enqueue raises IRQ NOTIFY once and disarms it.
pub const ARM: u64 = 0x038;
/// RO: bit q set = queue q is armed.
pub const ARMED: u64 = 0x070;
/// RO counters (COUNTER_BITS wide, zero-extended).
pub const CNT_SENT: u64 = 0x040;
pub const CNT_TX_DROPPED: u64 = 0x048;
pub const CNT_ENQUEUED: u64 = 0x050;
pub const CNT_REJECTED: u64 = 0x058;
pub const CNT_OVERFLOWS: u64 = 0x060;
pub const CNT_BAD_HEADER: u64 = 0x068;
/// RW: export table, one `ExportEntry` per queue at `EXPORT_BASE + 8 * q`.
pub const EXPORT_BASE: u64 = 0x100;

/// Value of the ID register: "RENQ" and the ABI version.
pub const ID_VALUE: u64 = 0x5245_4e51_0000_0001;

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

bitfield! {
    /// CONTROL register.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Control(pub u64);
    impl Debug;
    /// Receiver accepts packets from the link (while clear, packets wait on the link).
    pub rx_enable, set_rx_enable: 0;
    /// Sender turns shadow stores into packets (while clear, shadow stores are dropped and counted).
    pub tx_enable, set_tx_enable: 1;
}

bitfield! {
    /// IRQ_STATUS and IRQ_MASK bits.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct Irq(pub u64);
    impl Debug;
    /// A queue became full and is now stalled (see STALLED).
    pub overflow, set_overflow: 0;
    /// A packet was dropped because its queue's tail word was corrupt (tail index < 3).
    pub bad_header, set_bad_header: 1;
    /// An item was enqueued into an armed queue (a sleeping consumer should look).
    pub notify, set_notify: 2;
}

bitfield! {
    /// One export-table entry: where queue q's first buffer lives and how big it is.
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct ExportEntry(pub u64);
    impl Debug;
    /// Byte address of the first buffer (the card clears the bits below the buffer size).
    pub base, set_base: 47, 0;
    /// log2 of the buffer size in words (MIN_LOG2_WORDS..=MAX_LOG2_WORDS, else rejected).
    pub log2_words, set_log2_words: 52, 48;
    /// The queue is exported: packets to it are enqueued; packets to others are rejected.
    pub valid, set_valid: 63;
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

/// Bit positions of the register fields, for the HDL (which cannot call bitfield accessors).
pub mod bits {
    pub const CONTROL_RX_ENABLE: u32 = 0;
    pub const CONTROL_TX_ENABLE: u32 = 1;
    pub const IRQ_OVERFLOW: u32 = 0;
    pub const IRQ_BAD_HEADER: u32 = 1;
    pub const IRQ_NOTIFY: u32 = 2;
    pub const EXPORT_BASE_LSB: u32 = 0;
    pub const EXPORT_BASE_MSB: u32 = 47;
    pub const EXPORT_LOG2_LSB: u32 = 48;
    pub const EXPORT_LOG2_MSB: u32 = 52;
    pub const EXPORT_VALID: u32 = 63;
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
        let mut c = Control(0);
        c.set_tx_enable(true);
        assert_eq!(c.0, 1 << bits::CONTROL_TX_ENABLE);
        let mut i = Irq(0);
        i.set_bad_header(true);
        assert_eq!(i.0, 1 << bits::IRQ_BAD_HEADER);
    }
}
