//! The paper card's BAR0 map (spec §8): 64-bit registers at 8-byte aligned offsets. Reads of
//! unknown offsets return 0; writes to read-only or unknown offsets are ignored.
//!
//! The map itself is [`REGISTERS`] (module `table`): every offset, access rule and mask below is
//! taken from that one table. The words both cards share (CONTROL, IRQ_*, an EXPORT entry) and
//! the table form are [`crate::csr`]'s, re-exported here.

mod table;
mod verilog;

pub use table::*;
pub use verilog::write_verilog_header;

pub use crate::csr::*;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_table_uses_the_shared_fields() {
        // The paper table's defined bits are the bitfields' fields.
        assert_eq!(Control::new(true, true).0, defined::CONTROL);
        assert_eq!(Irq::OVERFLOW_MASK | Irq::BAD_HEADER_MASK | Irq::NOTIFY_MASK, defined::IRQ_STATUS);
        assert_eq!(ExportEntry::VALID_MASK | ExportEntry::LOG2_WORDS_MASK | ExportEntry::BASE_MASK, defined::EXPORT);
    }
}
