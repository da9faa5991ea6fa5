//! BAR0 of the card (spec §8b): 64-bit registers at 8-byte aligned offsets, described once in
//! [`REGISTERS`] (the same [`RegisterDesc`](crate::csr::RegisterDesc) table form as v1's
//! [`crate::paper::regs::REGISTERS`]). CONTROL, IRQ_STATUS and IRQ_MASK keep v1's bits
//! ([`crate::csr::Control`], [`crate::csr::Irq`]).
//!
//! Per-queue state is on the card (spec §6a), thousands of queues: no per-queue register
//! exists. The driver reaches a queue through the command port (CMD_ARG, then CMD) and reads
//! a queue's state back with a QUERY command; stalls arrive through the OVERFLOW FIFO.

use super::{MAX_NODES, MAX_PORTALS, MAX_QUEUES, OVERFLOW_FIFO_DEPTH};
use crate::csr::{field, fields_mask, registers, Field, IRQ_ALL};
use crate::COUNTER_BITS;

/// Value of the ID register: "RENQ" and ABI version 2 (v1's card reads 1).
pub const ID_VALUE: u64 = 0x5245_4e51_0000_0002;
/// The ABI version in ID's low half, for a driver choosing between card versions.
pub const fn abi_version(id: u64) -> Option<u32> {
    if id >> 32 == 0x5245_4e51 {
        Some(id as u32)
    } else {
        None
    }
}

/// Every counter, in register order, with the name reports print.
pub const COUNTERS: [(u64, &str); 9] = [
    (CNT_SENT, "sent"),
    (CNT_TX_DROPPED, "tx_dropped"),
    (CNT_ENQUEUED, "enqueued"),
    (CNT_REJECTED, "rejected"),
    (CNT_OVERFLOWS, "overflows"),
    (CNT_BAD_HEADER, "bad_header"),
    (CNT_REFUSED, "refused"),
    (CNT_SRC_REFUSED, "src_refused"),
    (CNT_SWITCHES, "switches"),
];

/// Bit positions of the register fields only the card has.
pub mod bits {
    pub const CMD_QUEUE_LSB: u32 = 0;
    pub const CMD_QUEUE_MSB: u32 = 11;
    pub const CMD_KIND_LSB: u32 = 16;
    pub const CMD_KIND_MSB: u32 = 18;
    pub const OVERFLOW_QUEUE_LSB: u32 = 0;
    pub const OVERFLOW_QUEUE_MSB: u32 = 11;
    pub const OVERFLOW_LOST: u32 = 62;
    pub const OVERFLOW_VALID: u32 = 63;
    pub const POP: u32 = 0;
    pub const CLEAR_LOST: u32 = 1;
    pub const STATUS_CMD_PENDING: u32 = 0;
    pub const STATUS_SWEEPING: u32 = 1;
    pub const CAPS_QUEUES_LSB: u32 = 0;
    pub const CAPS_QUEUES_MSB: u32 = 15;
    pub const CAPS_PORTALS_LSB: u32 = 16;
    pub const CAPS_PORTALS_MSB: u32 = 31;
    /// How many spare buffers a queue may hold (SPARE command, spec §9c); 0: no spares.
    pub const CAPS_SPARES_LSB: u32 = 32;
    pub const CAPS_SPARES_MSB: u32 = 45;
    pub const CAPS_SPARES_BITS: u32 = CAPS_SPARES_MSB + 1 - CAPS_SPARES_LSB;
    /// The card holds one posted run at a time beside the run its queue is in (spec §9c):
    /// a SPARE while one waits (QUERY's WAITING) is refused.
    pub const CAPS_ONE_RUN: u32 = 46;
}
const _: () = assert!(bits::CMD_QUEUE_MSB + 1 == super::QUEUE_BITS);
const _: () = assert!(bits::CMD_KIND_MSB + 1 - bits::CMD_KIND_LSB == super::CMD_KIND_BITS);

/// A CMD register value: command `kind` (`super::CMD_*`) for `queue`.
pub const fn command(kind: u64, queue: u16) -> u64 {
    kind << bits::CMD_KIND_LSB | (queue as u64 & (MAX_QUEUES as u64 - 1))
}

const COUNTER: u64 = (1 << COUNTER_BITS) - 1;
const CMD_FIELDS: &[Field] = {
    use bits::*;
    &[field("QUEUE", CMD_QUEUE_LSB, CMD_QUEUE_MSB), field("KIND", CMD_KIND_LSB, CMD_KIND_MSB)]
};
const OVERFLOW_FIELDS: &[Field] = {
    use bits::*;
    &[
        field("QUEUE", OVERFLOW_QUEUE_LSB, OVERFLOW_QUEUE_MSB),
        field("LOST", OVERFLOW_LOST, OVERFLOW_LOST),
        field("VALID", OVERFLOW_VALID, OVERFLOW_VALID),
    ]
};
const POP_FIELDS: &[Field] = {
    use bits::*;
    &[field("POP", POP, POP), field("CLEAR_LOST", CLEAR_LOST, CLEAR_LOST)]
};
const STATUS_FIELDS: &[Field] = {
    use bits::*;
    &[field("CMD_PENDING", STATUS_CMD_PENDING, STATUS_CMD_PENDING), field("SWEEPING", STATUS_SWEEPING, STATUS_SWEEPING)]
};
const PORTAL_FIELDS: &[Field] = {
    use super::portal::bits::*;
    &[
        field("QUEUE", ENTRY_QUEUE_LSB, ENTRY_QUEUE_MSB),
        field("NODE", ENTRY_NODE_LSB, ENTRY_NODE_MSB),
        field("VALID", ENTRY_VALID, ENTRY_VALID),
    ]
};
const CAPS_FIELDS: &[Field] = {
    use bits::*;
    &[
        field("QUEUES", CAPS_QUEUES_LSB, CAPS_QUEUES_MSB),
        field("PORTALS", CAPS_PORTALS_LSB, CAPS_PORTALS_MSB),
        field("SPARES", CAPS_SPARES_LSB, CAPS_SPARES_MSB),
        field("ONE_RUN", CAPS_ONE_RUN, CAPS_ONE_RUN),
    ]
};
const CONTROL_FIELDS: &[Field] = {
    use crate::csr::bits::*;
    &[
        field("RX_ENABLE", CONTROL_RX_ENABLE, CONTROL_RX_ENABLE),
        field("TX_ENABLE", CONTROL_TX_ENABLE, CONTROL_TX_ENABLE),
    ]
};
const IRQ_FIELDS: &[Field] = {
    use crate::csr::bits::*;
    &[
        field("OVERFLOW", IRQ_OVERFLOW, IRQ_OVERFLOW),
        field("BAD_HEADER", IRQ_BAD_HEADER, IRQ_BAD_HEADER),
        field("NOTIFY", IRQ_NOTIFY, IRQ_NOTIFY),
    ]
};
/// CAPS of a build with `2^queue_bits` queues and `2^portal_bits` portals, each queue holding
/// up to `spares` spare buffers (the SPARE command, spec §9c; 0: none).
pub const fn caps(queue_bits: u32, portal_bits: u32, spares: u32) -> u64 {
    1 << queue_bits | 1 << (portal_bits + bits::CAPS_PORTALS_LSB) | (spares as u64) << bits::CAPS_SPARES_LSB
}
/// CAPS of the RTL's builds (spec §9c): `RTL_SPARES` spares per queue, one run posted at a time.
pub const fn rtl_caps(queue_bits: u32, portal_bits: u32) -> u64 {
    caps(queue_bits, portal_bits, super::RTL_SPARES) | 1 << bits::CAPS_ONE_RUN
}
/// Whether a card holds one posted run at a time (CAPS.ONE_RUN, spec §9c).
pub const fn caps_one_run(caps: u64) -> bool {
    caps >> bits::CAPS_ONE_RUN & 1 != 0
}
/// CAPS.SPARES and CAPS.ONE_RUN in place.
pub const CAPS_SPARES_MASK: u64 =
    ((1 << bits::CAPS_SPARES_BITS) - 1) << bits::CAPS_SPARES_LSB | 1 << bits::CAPS_ONE_RUN;
/// The spare buffers a queue may hold, from a CAPS value (0: the build has no SPARE).
pub const fn caps_spares(caps: u64) -> u32 {
    (caps >> bits::CAPS_SPARES_LSB) as u32 & ((1 << bits::CAPS_SPARES_BITS) - 1)
}
/// CAPS of the simulator's model: the full (ECP5-85F) build's queues and portals, with a ring
/// of `MODEL_SPARES` spares per queue (the RTL's builds answer `caps(.., RTL_SPARES)`).
const CAPS_ECP5: u64 = caps(super::ECP5_QUEUE_RAM_BITS, super::ECP5_PORTAL_BITS, super::MODEL_SPARES);
const _: () = assert!(
    CAPS_ECP5
        == MAX_QUEUES as u64
            | (MAX_PORTALS as u64) << bits::CAPS_PORTALS_LSB
            | (super::MODEL_SPARES as u64) << bits::CAPS_SPARES_LSB
);
const _: () = assert!(super::MODEL_SPARES < 1 << bits::CAPS_SPARES_BITS);
const _: () = assert!(super::RTL_SPARES < 1 << bits::CAPS_SPARES_BITS);
const _: () = assert!(OVERFLOW_FIFO_DEPTH.is_power_of_two());

registers! {
    REGISTERS;
    /// Identification: ID_VALUE ("RENQ", ABI 2).
    ID = 0x000, Ro, defined u64::MAX, reset ID_VALUE;
    /// This card's node id, stamped as `src` into every packet sent.
    NODE_ID = 0x008, Rw, defined MAX_NODES as u64 - 1;
    /// `Control` bits (v1's).
    CONTROL = 0x010, Rw, defined fields_mask(CONTROL_FIELDS), fields CONTROL_FIELDS;
    /// `Irq` bits that happened (write 1 to clear): OVERFLOW (the OVERFLOW FIFO has entries or LOST), BAD_HEADER, NOTIFY.
    IRQ_STATUS = 0x018, W1c, defined IRQ_ALL, fields IRQ_FIELDS;
    /// `Irq` bits that raise the interrupt line (line = |(status & mask)).
    IRQ_MASK = 0x020, Rw, defined IRQ_ALL, fields IRQ_FIELDS;
    /// The argument of the next command (an EXPORT word, a head or tail index).
    CMD_ARG = 0x028, Rw, defined u64::MAX;
    /// Write `KIND << 16 | QUEUE`: the engine runs that command (`renq_abi::CMD_*`) with CMD_ARG, in order with packets. Wait for STATUS.CMD_PENDING to clear before the next.
    CMD = 0x030, Wo, defined fields_mask(CMD_FIELDS), fields CMD_FIELDS;
    /// The answer to the last QUERY command: a `state::QueueState` word, READY (bit 63) once it is in.
    QUERY = 0x038, Ro, defined u64::MAX;
    /// Stores sent as packets (COUNTER_BITS wide, wraps).
    CNT_SENT = 0x040, Ro, defined COUNTER;
    /// Stores dropped: bad store, invalid portal, TX disabled (COUNTER_BITS wide, wraps).
    CNT_TX_DROPPED = 0x048, Ro, defined COUNTER;
    /// Items written (COUNTER_BITS wide, wraps).
    CNT_ENQUEUED = 0x050, Ro, defined COUNTER;
    /// Packets dropped before any memory access: other node, queue not exported (COUNTER_BITS wide, wraps).
    CNT_REJECTED = 0x058, Ro, defined COUNTER;
    /// Times a queue became full with no spare posted and stalled (COUNTER_BITS wide, wraps).
    CNT_OVERFLOWS = 0x060, Ro, defined COUNTER;
    /// HEAD indices inside the header, read or rung, ignored; SPARE words refused (bad size or alignment) (COUNTER_BITS wide, wraps).
    CNT_BAD_HEADER = 0x068, Ro, defined COUNTER;
    /// Packets refused (queue stalled, or a stale epoch) and answered with a refusal (COUNTER_BITS wide, wraps).
    CNT_REFUSED = 0x070, Ro, defined COUNTER;
    /// Stores refused at the source by a refusing portal (COUNTER_BITS wide, wraps).
    CNT_SRC_REFUSED = 0x078, Ro, defined COUNTER;
    /// Oldest stall or buffer switch (CAPS.ONE_RUN: into a posted run) not yet taken: VALID, the queue, LOST (one found the FIFO full: QUERY the queues).
    OVERFLOW = 0x080, Ro, defined fields_mask(OVERFLOW_FIELDS), fields OVERFLOW_FIELDS;
    /// Write POP to drop the oldest OVERFLOW entry, CLEAR_LOST to clear LOST.
    OVERFLOW_POP = 0x088, Wo, defined fields_mask(POP_FIELDS), fields POP_FIELDS;
    /// The portal PORTAL reads and writes.
    PORTAL_SEL = 0x090, Rw, defined MAX_PORTALS as u64 - 1;
    /// The selected portal's `portal::Entry` (VALID, node, queue); a write also zeroes its status.
    PORTAL = 0x098, Rw, defined fields_mask(PORTAL_FIELDS), fields PORTAL_FIELDS;
    /// CMD_PENDING: a command is waiting for the engine; SWEEPING: the start-up clear of the queue state is running.
    STATUS = 0x0a0, Ro, defined fields_mask(STATUS_FIELDS), fields STATUS_FIELDS;
    /// This build's queues and portals (the model: the ECP5-85F build's).
    CAPS = 0x0a8, Ro, defined fields_mask(CAPS_FIELDS), reset CAPS_ECP5, fields CAPS_FIELDS;
    /// Times a queue continued in its spare buffer (spec §9c) (COUNTER_BITS wide, wraps).
    CNT_SWITCHES = 0x0b0, Ro, defined COUNTER;
}

/// The register (and entry) at a BAR0 offset of the card.
pub fn lookup(offset: u64) -> Option<(&'static crate::csr::RegisterDesc, usize)> {
    REGISTERS.iter().find_map(|r| r.entry(offset).map(|i| (r, i)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csr::{BAR0_BYTES, CSR_ADDR_BITS};

    #[test]
    fn table_is_consistent() {
        for (i, r) in REGISTERS.iter().enumerate() {
            assert!(r.offset.is_multiple_of(8), "{} misaligned", r.name);
            assert!(r.offset + 8 * r.count as u64 <= BAR0_BYTES.min(1 << CSR_ADDR_BITS), "{}", r.name);
            assert_ne!(r.defined, 0, "{} has no bits", r.name);
            assert_eq!(r.reset & !r.defined, 0, "{} resets undefined bits", r.name);
            if let Some(prev) = i.checked_sub(1).map(|p| &REGISTERS[p]) {
                assert!(prev.offset + 8 * prev.count as u64 <= r.offset, "{} out of order", r.name);
            }
            for other in &REGISTERS[..i] {
                assert_ne!(other.name, r.name);
            }
            if !r.fields.is_empty() {
                let mut all = 0;
                for f in r.fields {
                    assert_eq!(all & f.mask(), 0, "{}.{} overlaps", r.name, f.name);
                    all |= f.mask();
                }
                assert_eq!(all, r.defined, "{}: fields and defined bits disagree", r.name);
            }
        }
    }

    #[test]
    fn shared_with_the_paper_card_where_the_meaning_is_shared() {
        // Counters common to both cards sit at the same offsets, so tools read them alike.
        for (off, name) in crate::paper::regs::COUNTERS {
            assert_eq!(COUNTERS.iter().find(|c| c.1 == name).map(|c| c.0), Some(off), "{name}");
        }
        for r in ["CONTROL", "IRQ_STATUS", "IRQ_MASK", "NODE_ID", "ID"] {
            let paper = crate::paper::regs::REGISTERS.iter().find(|x| x.name == r).unwrap();
            let card = REGISTERS.iter().find(|x| x.name == r).unwrap();
            assert_eq!(paper.offset, card.offset, "{r}");
        }
        assert_eq!(abi_version(ID_VALUE), Some(2));
        assert_eq!(abi_version(crate::paper::regs::ID_VALUE), Some(1));
        assert_eq!(abi_version(0), None);
        assert_eq!(command(super::super::CMD_QUERY, 4095), 4 << 16 | 4095);
    }
}
