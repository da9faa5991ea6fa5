//! BAR2 of the card: the portal window (spec §7c).
//!
//! One 4 KiB page per portal. The driver programs portal `p` with a destination (node, queue)
//! through BAR0 (`PORTAL_SEL`, `PORTAL`, [`super::regs`]) and maps page `p` into the one process
//! it grants that queue to, so the MMU is the protection, as with v1's shadow pages; a flat
//! node × queue window (v1) would need 1 024 × 4 096 pages. In a page:
//! * an aligned 8-byte store anywhere but [`RETRY_OFFSET`] is one enqueue of the stored word;
//! * an 8-byte store at [`RETRY_OFFSET`] (its value ignored) re-arms a refusing portal (not
//!   one held for a stall's end: spec §7c, stall notices);
//! * an aligned 8-byte load anywhere returns the portal's [`Status`] from the sender's own card,
//!   without a network round trip (like the status Intel DSA's ENQCMD returns).
//!
//! ```text
//! BAR2 offset = portal << PAGE_SHIFT | in_page_offset
//! ```

use super::{MAX_PORTALS, PORTAL_BITS};
use crate::paper::shadow::ShadowError;
use bitfield::bitfield;

/// Portal pages are 4 KiB so each can be mapped on its own.
pub const PAGE_SHIFT: u32 = crate::paper::shadow::PAGE_SHIFT;
pub const PAGE_BYTES: u64 = 1 << PAGE_SHIFT;
/// Bits of a portal-window offset, and the size of BAR2 (16 MiB).
pub const WINDOW_BITS: u32 = PORTAL_BITS + PAGE_SHIFT;
pub const WINDOW_BYTES: u64 = 1 << WINDOW_BITS;
/// The in-page offset whose store re-arms the portal (the last word of the page).
pub const RETRY_OFFSET: u64 = PAGE_BYTES - crate::WORD_BYTES;

/// BAR2 offset of portal `portal`'s page.
pub const fn page_offset(portal: u16) -> u64 {
    (portal as u64 % MAX_PORTALS as u64) << PAGE_SHIFT
}

/// What a full 8-byte store to a portal page asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Store {
    /// Enqueue the stored word.
    Enqueue,
    /// Leave the refusing state (spec §7c): the portal sends again.
    Retry,
}

/// Decodes a store to BAR2: the portal and what the store asks, or why it is dropped.
/// `byte_enable` has one bit per byte of the 8-byte lane (0xff = a full 64-bit store).
pub const fn decode_store(offset: u64, byte_enable: u8) -> Result<(u16, Store), ShadowError> {
    if offset >= WINDOW_BYTES {
        return Err(ShadowError::OutsideWindow);
    }
    if !offset.is_multiple_of(8) || byte_enable != 0xff {
        return Err(ShadowError::Misaligned);
    }
    let portal = (offset >> PAGE_SHIFT) as u16;
    let kind = if offset & (PAGE_BYTES - 1) == RETRY_OFFSET { Store::Retry } else { Store::Enqueue };
    Ok((portal, kind))
}

/// Decodes a load from BAR2: the portal whose status it reads.
pub const fn decode_load(offset: u64) -> Result<u16, ShadowError> {
    if offset >= WINDOW_BYTES {
        return Err(ShadowError::OutsideWindow);
    }
    if !offset.is_multiple_of(8) {
        return Err(ShadowError::Misaligned);
    }
    Ok((offset >> PAGE_SHIFT) as u16)
}

/// Most packets of one portal whose outcome has not come back; a store beyond it is refused at
/// the source (so the count is exact and the field never wraps).
pub const MAX_IN_FLIGHT: u64 = (1 << 16) - 1;
/// Width of the cumulative refused count (it wraps).
pub const REFUSED_BITS: u32 = 14;
pub const REFUSED_MASK: u64 = (1 << REFUSED_BITS) - 1;
/// Width of the cumulative accepted count (it wraps).
pub const ACCEPTED_MASK: u64 = (1 << 32) - 1;

bitfield! {
    /// A portal's status word: what one load from its page returns (spec §7c). Counts start at
    /// 0 when the driver programs the portal.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct Status(pub u64);
    impl Debug;
    /// Items the destination accepted (written into the queue), cumulative, mod 2^32.
    pub accepted, set_accepted: 31, 0;
    /// Packets sent whose outcome has not come back yet.
    pub in_flight, set_in_flight: 47, 32;
    /// Items refused (by the destination, or at the source while refusing), cumulative, mod 2^14.
    pub refused, set_refused: 61, 48;
    /// Sticky: the destination does not export this queue (or is not the node named): items
    /// were rejected and retrying cannot help.
    pub rejected, set_rejected: 62;
    /// A refusal came back: every store is refused at the source until a RETRY store (which a
    /// portal held by a WAITING refusal ignores until the destination's RESUMED). The
    /// refused items are the last ones stored, in order, so a sender that waits for
    /// `in_flight == 0` knows exactly which to store again.
    pub refusing, set_refusing: 63;
}

bitfield! {
    /// A portal-table entry (BAR0 PORTAL, for the portal PORTAL_SEL names).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct Entry(pub u64);
    impl Debug;
    pub queue, set_queue: 11, 0;
    pub node, set_node: 21, 12;
    /// Stores to the page are sent; while clear they are dropped and counted (TX_DROPPED).
    pub valid, set_valid: 63;
}

/// The RTL portal table's operation port (`hdl/src/portal.rs`, spec §7e): what one operation
/// asks of one portal. The card's BAR2 decoder, BAR0 PORTAL writes/reads and the link's OUTCOME
/// packets become these operations, one per cycle.
pub mod op {
    /// Width of the operation kind.
    pub const BITS: u32 = 3;
    /// An enqueue store to the portal's page (the data word is the item).
    pub const STORE: u64 = 0;
    /// A store at [`super::RETRY_OFFSET`]: REFUSING ← 0.
    pub const RETRY: u64 = 1;
    /// A load from the portal's page: answers the [`super::Status`] word.
    pub const LOAD: u64 = 2;
    /// BAR0 PORTAL write (the data word is an [`super::Entry`]): new destination, status and
    /// epoch zeroed; an entry without VALID invalidates the portal.
    pub const GRANT: u64 = 3;
    /// An OUTCOME packet for the portal (data: the outcome word, `crate::packet::outcome`;
    /// epoch: the packet's).
    pub const OUTCOME: u64 = 4;
    /// BAR0 PORTAL read: answers the portal's [`super::Entry`].
    pub const ENTRY: u64 = 5;
    /// Every kind, for tests and reports.
    pub const KINDS: [(u64, &str); 6] =
        [(STORE, "STORE"), (RETRY, "RETRY"), (LOAD, "LOAD"), (GRANT, "GRANT"), (OUTCOME, "OUTCOME"), (ENTRY, "ENTRY")];
    const _: () = assert!(ENTRY < 1 << BITS);
}

/// Bit positions of [`Entry`]'s fields (the HDL and the register table use them).
pub mod bits {
    pub const ENTRY_QUEUE_LSB: u32 = 0;
    pub const ENTRY_QUEUE_MSB: u32 = 11;
    pub const ENTRY_NODE_LSB: u32 = 12;
    pub const ENTRY_NODE_MSB: u32 = 21;
    pub const ENTRY_VALID: u32 = 63;
    pub const STATUS_ACCEPTED_LSB: u32 = 0;
    pub const STATUS_IN_FLIGHT_LSB: u32 = 32;
    pub const STATUS_REFUSED_LSB: u32 = 48;
    pub const STATUS_REJECTED: u32 = 62;
    pub const STATUS_REFUSING: u32 = 63;
}
const _: () = assert!(bits::ENTRY_QUEUE_MSB + 1 - bits::ENTRY_QUEUE_LSB == super::QUEUE_BITS);
const _: () = assert!(bits::ENTRY_NODE_MSB + 1 - bits::ENTRY_NODE_LSB == super::NODE_BITS);

impl Entry {
    /// A valid entry for (node, queue).
    pub fn new(node: u16, queue: u16) -> Entry {
        let mut e = Entry(0);
        e.set_node(node as u64);
        e.set_queue(queue as u64);
        e.set_valid(true);
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_round_trip() {
        for p in [0u16, 1, 77, MAX_PORTALS as u16 - 1] {
            assert_eq!(decode_store(page_offset(p) + 8, 0xff), Ok((p, Store::Enqueue)));
            assert_eq!(decode_store(page_offset(p), 0xff), Ok((p, Store::Enqueue)));
            assert_eq!(decode_store(page_offset(p) + RETRY_OFFSET, 0xff), Ok((p, Store::Retry)));
            assert_eq!(decode_load(page_offset(p) + 16), Ok(p));
        }
        assert_eq!(decode_store(WINDOW_BYTES, 0xff), Err(ShadowError::OutsideWindow));
        assert_eq!(decode_store(4, 0xff), Err(ShadowError::Misaligned));
        assert_eq!(decode_store(8, 0x0f), Err(ShadowError::Misaligned));
        assert_eq!(decode_load(WINDOW_BYTES + 8), Err(ShadowError::OutsideWindow));
        assert_eq!(WINDOW_BYTES, 16 << 20);
    }

    #[test]
    fn status_and_entry_fields() {
        let mut s = Status(0);
        s.set_accepted(ACCEPTED_MASK);
        s.set_in_flight(MAX_IN_FLIGHT);
        s.set_refused(REFUSED_MASK);
        s.set_rejected(true);
        s.set_refusing(true);
        assert_eq!(s.0, u64::MAX, "the status fields cover the word");
        assert!(Status(1 << bits::STATUS_REFUSING).refusing());
        assert_eq!(Status(1 << bits::STATUS_IN_FLIGHT_LSB).in_flight(), 1);
        assert_eq!(Status(1 << bits::STATUS_REFUSED_LSB).refused(), 1);
        let e = Entry::new(1023, 4095);
        assert_eq!((e.node(), e.queue(), e.valid()), (1023, 4095, true));
        assert_eq!(e.0, 1 << 63 | 1023 << bits::ENTRY_NODE_LSB | 4095);
    }
}
