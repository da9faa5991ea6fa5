//! The paper card's register table: the one description of its BAR0 that the driver, the model, the RTL's
//! decode and the benches' Verilog header are derived from (spec §8 is written from it).

use super::ID_VALUE;
use crate::csr::{fields_mask, registers, RegisterDesc, CONTROL_FIELDS, EXPORT_FIELDS, IRQ_ALL, IRQ_FIELDS};
use crate::{paper::MAX_NODES, paper::MAX_QUEUES, COUNTER_BITS};

/// The register (table) at a BAR0 offset, with the entry index.
pub fn lookup(offset: u64) -> Option<(&'static RegisterDesc, usize)> {
    REGISTERS.iter().find_map(|r| r.entry(offset).map(|i| (r, i)))
}

/// One bit per queue (STALLED, ARMED).
const QUEUE_SET: u64 = (1 << MAX_QUEUES) - 1;
/// A queue number (RESUME, ARM).
const QUEUE_NUMBER: u64 = MAX_QUEUES as u64 - 1;
const COUNTER: u64 = (1 << COUNTER_BITS) - 1;

registers! {
    REGISTERS;
    /// Identification: ID_VALUE ("RENQ" and the ABI version).
    ID = 0x000, Ro, defined u64::MAX, reset ID_VALUE;
    /// This card's node id, stamped as `src` into every packet sent.
    NODE_ID = 0x008, Rw, defined MAX_NODES as u64 - 1;
    /// `Control` bits.
    CONTROL = 0x010, Rw, defined fields_mask(CONTROL_FIELDS), fields CONTROL_FIELDS;
    /// `Irq` bits that happened (write 1 to clear).
    IRQ_STATUS = 0x018, W1c, defined IRQ_ALL, fields IRQ_FIELDS;
    /// `Irq` bits that raise the interrupt line (line = |(status & mask)).
    IRQ_MASK = 0x020, Rw, defined IRQ_ALL, fields IRQ_FIELDS;
    /// Bit q set = queue q is stalled (full; waiting for the driver).
    STALLED = 0x028, Ro, defined QUEUE_SET;
    /// Write q to resume queue q (clears STALLED bit q); other values are ignored.
    RESUME = 0x030, Wo, defined QUEUE_NUMBER;
    /// Write q to arm queue q: its next enqueue raises IRQ NOTIFY once and disarms it.
    ARM = 0x038, Wo, defined QUEUE_NUMBER;
    /// Shadow stores sent as packets (COUNTER_BITS wide, wraps).
    CNT_SENT = 0x040, Ro, defined COUNTER;
    /// Shadow stores dropped (COUNTER_BITS wide, wraps).
    CNT_TX_DROPPED = 0x048, Ro, defined COUNTER;
    /// Items written (COUNTER_BITS wide, wraps).
    CNT_ENQUEUED = 0x050, Ro, defined COUNTER;
    /// Packets dropped in LD0 (COUNTER_BITS wide, wraps).
    CNT_REJECTED = 0x058, Ro, defined COUNTER;
    /// Times a queue became full (COUNTER_BITS wide, wraps).
    CNT_OVERFLOWS = 0x060, Ro, defined COUNTER;
    /// Packets dropped for a corrupt tail (COUNTER_BITS wide, wraps).
    CNT_BAD_HEADER = 0x068, Ro, defined COUNTER;
    /// Bit q set = queue q is armed.
    ARMED = 0x070, Ro, defined QUEUE_SET;
    /// Export table: one `ExportEntry` per queue at `EXPORT + 8 * q`.
    EXPORT = 0x100, Rw,
        defined fields_mask(EXPORT_FIELDS),
        count MAX_QUEUES, fields EXPORT_FIELDS;
}

#[cfg(test)]
mod tests {
    use super::super::BAR0_BYTES;
    use super::*;

    #[test]
    fn table_is_consistent() {
        for (i, r) in REGISTERS.iter().enumerate() {
            assert!(r.offset.is_multiple_of(8), "{} misaligned", r.name);
            assert!(r.count >= 1, "{}", r.name);
            let end = r.offset + 8 * r.count as u64;
            assert!(end <= BAR0_BYTES, "{} ends at {end:#x}, beyond BAR0", r.name);
            assert!(end <= 1 << super::super::CSR_ADDR_BITS, "{} not decodable", r.name);
            assert_ne!(r.defined, 0, "{} has no bits", r.name);
            assert_eq!(r.reset & !r.defined, 0, "{} resets undefined bits", r.name);
            assert!(!r.doc.is_empty(), "{}", r.name);
            if let Some(prev) = i.checked_sub(1).map(|p| &REGISTERS[p]) {
                assert!(
                    prev.offset + 8 * prev.count as u64 <= r.offset,
                    "{} overlaps {} or is out of order",
                    r.name,
                    prev.name
                );
            }
            for other in &REGISTERS[..i] {
                assert_ne!(other.name, r.name);
            }
            // Fields, when named, cover the defined bits exactly and do not overlap.
            if !r.fields.is_empty() {
                let mut all = 0;
                for f in r.fields {
                    assert!(f.lsb <= f.msb && f.msb < 64, "{}.{}", r.name, f.name);
                    assert_eq!(all & f.mask(), 0, "{}.{} overlaps", r.name, f.name);
                    all |= f.mask();
                }
                assert_eq!(all, r.defined, "{}: fields and defined bits disagree", r.name);
            }
        }
    }

    #[test]
    fn constants_and_lookup_follow_the_table() {
        assert_eq!(lookup(CONTROL).unwrap().0.defined, defined::CONTROL);
        assert_eq!(lookup(EXPORT + 8 * 15).map(|(r, i)| (r.name, i)), Some(("EXPORT", 15)));
        assert_eq!(lookup(EXPORT + 8 * MAX_QUEUES as u64), None);
        assert_eq!(lookup(CONTROL + 4), None, "misaligned offsets address nothing");
        assert_eq!(lookup(0x078), None);
        assert_eq!(lookup(ID).unwrap().0.reset, ID_VALUE);
        assert_eq!(defined::EXPORT.count_ones(), 48 + 5 + 1);
        for (off, name) in super::super::COUNTERS {
            assert_eq!(lookup(off).unwrap().0.defined, (1 << COUNTER_BITS) - 1, "{name}: counters share one width");
        }
    }
}
