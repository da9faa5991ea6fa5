//! Link packet format (spec §7): one remote-enqueue request, or — card v2 — the outcome of
//! requests, going back to the sender's portal.
//!
//! In the HDL a link is a valid/ready stream carrying the fields side by side. On a byte link
//! (sockets and UDP between simulator processes, the payload of a link frame) a packet is 16
//! bytes, little-endian:
//!
//! ```text
//! bytes 0..8   header word: src (9..0) | dst (19..10) | queue (31..20) | portal (43..32)
//!              | epoch (51..44) | kind (55..52) | MAGIC (63..56)
//! bytes 8..16  data word: the item (ENQUEUE), or an outcome code and count (OUTCOME)
//! ```
//! The fields have card v2's widths ([`crate::v2`]); the paper card (v1) uses node and queue
//! numbers below 16 and portal 0, epoch 0, and sends no outcomes.

use crate::v2::{EPOCH_BITS, NODE_BITS, PORTAL_BITS, QUEUE_BITS};
use bitfield::bitfield;

/// Bytes of one encoded packet.
pub const PACKET_BYTES: usize = 16;
/// Marks a header word, so a desynchronised byte stream is detected instead of misread.
pub const MAGIC: u64 = 0x52; // "R"

/// Kind codes (4 bits).
pub const KIND_ENQUEUE: u64 = 1;
pub const KIND_OUTCOME: u64 = 2;

bitfield! {
    /// The header word of an encoded packet.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub struct Header(pub u64);
    impl Debug;
    pub src, set_src: 9, 0;
    pub dst, set_dst: 19, 10;
    pub queue, set_queue: 31, 20;
    pub portal, set_portal: 43, 32;
    pub epoch, set_epoch: 51, 44;
    pub kind, set_kind: 55, 52;
    pub magic, set_magic: 63, 56;
}
const _: () = assert!(NODE_BITS == 10 && QUEUE_BITS == 12 && PORTAL_BITS == 12 && EPOCH_BITS == 8);

/// What a packet is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Kind {
    /// Append `data` to (dst, queue); `portal` and `epoch` are the sender's (card v2).
    #[default]
    Enqueue,
    /// The destination's answer about enqueues that `portal` of node `dst` sent to `queue` of
    /// node `src`; `data` is an [`Outcome`], `epoch` the queue's epoch now (card v2, spec §7c).
    Outcome,
}

/// A packet as it travels between cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Packet {
    pub src: u16,
    pub dst: u16,
    pub queue: u16,
    /// The sending card's portal (card v2; 0 on the paper card).
    pub portal: u16,
    /// The queue epoch the sender last learned (card v2; 0 on the paper card).
    pub epoch: u8,
    pub kind: Kind,
    pub data: u64,
}

/// Why 16 bytes are not a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketError {
    BadMagic(u64),
    UnknownKind(u64),
}

impl Packet {
    /// An enqueue of `data` into (dst, queue), as the paper card sends it (portal 0, epoch 0).
    pub const fn enqueue(src: u16, dst: u16, queue: u16, data: u64) -> Packet {
        Packet { src, dst, queue, portal: 0, epoch: 0, kind: Kind::Enqueue, data }
    }

    /// The fields as they fit the wire (anything wider is cut to the field's width).
    pub fn header(&self) -> Header {
        let mut h = Header(0);
        h.set_src(self.src as u64);
        h.set_dst(self.dst as u64);
        h.set_queue(self.queue as u64);
        h.set_portal(self.portal as u64);
        h.set_epoch(self.epoch as u64);
        h.set_kind(match self.kind {
            Kind::Enqueue => KIND_ENQUEUE,
            Kind::Outcome => KIND_OUTCOME,
        });
        h.set_magic(MAGIC);
        h
    }

    pub fn encode(&self) -> [u8; PACKET_BYTES] {
        let mut out = [0u8; PACKET_BYTES];
        out[..8].copy_from_slice(&self.header().0.to_le_bytes());
        out[8..].copy_from_slice(&self.data.to_le_bytes());
        out
    }

    pub fn decode(bytes: &[u8; PACKET_BYTES]) -> Result<Packet, PacketError> {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[..8]);
        let h = Header(u64::from_le_bytes(w));
        if h.magic() != MAGIC {
            return Err(PacketError::BadMagic(h.0));
        }
        let kind = match h.kind() {
            KIND_ENQUEUE => Kind::Enqueue,
            KIND_OUTCOME => Kind::Outcome,
            k => return Err(PacketError::UnknownKind(k)),
        };
        w.copy_from_slice(&bytes[8..]);
        Ok(Packet {
            src: h.src() as u16,
            dst: h.dst() as u16,
            queue: h.queue() as u16,
            portal: h.portal() as u16,
            epoch: h.epoch() as u8,
            kind,
            data: u64::from_le_bytes(w),
        })
    }
}

/// What the destination card did with enqueues from one portal (card v2, spec §7c). Each
/// ENQUEUE packet a v2 card takes is answered by exactly one outcome (consecutive acceptances
/// for the same portal may be answered together), in the order the packets were taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `count` ≥ 1 items were written into the queue.
    Accepted { count: u32 },
    /// The queue was stalled, or the packet's epoch was stale: not written; the packet's
    /// `epoch` field carries the queue's epoch to use from now on.
    Refused,
    /// Another node's packet, or a queue this card does not export: dropped before any memory
    /// access. Retrying cannot help.
    Rejected,
}

/// Outcome data-word layout: code in bits 1..0, count in bits 47..16.
pub mod outcome {
    pub const CODE_MASK: u64 = 0b11;
    pub const ACCEPTED: u64 = 0;
    pub const REFUSED: u64 = 1;
    pub const REJECTED: u64 = 2;
    pub const COUNT_LSB: u32 = 16;
}

impl Outcome {
    pub const fn encode(self) -> u64 {
        match self {
            Outcome::Accepted { count } => outcome::ACCEPTED | (count as u64) << outcome::COUNT_LSB,
            Outcome::Refused => outcome::REFUSED | 1 << outcome::COUNT_LSB,
            Outcome::Rejected => outcome::REJECTED | 1 << outcome::COUNT_LSB,
        }
    }

    /// None for a code that means nothing, or an acceptance of 0 items.
    pub const fn decode(data: u64) -> Option<Outcome> {
        let count = (data >> outcome::COUNT_LSB) as u32;
        match data & outcome::CODE_MASK {
            outcome::ACCEPTED if count > 0 => Some(Outcome::Accepted { count }),
            outcome::REFUSED => Some(Outcome::Refused),
            outcome::REJECTED => Some(Outcome::Rejected),
            _ => None,
        }
    }

    /// The outcome packet answering `about` (an ENQUEUE this card `node` took), carrying the
    /// queue's `epoch`.
    pub const fn reply(self, node: u16, about: &Packet, epoch: u8) -> Packet {
        Packet {
            src: node,
            dst: about.src,
            queue: about.queue,
            portal: about.portal,
            epoch,
            kind: Kind::Outcome,
            data: self.encode(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_magic() {
        let p = Packet {
            src: 1023,
            dst: 15,
            queue: 4095,
            portal: 2049,
            epoch: 0xa5,
            kind: Kind::Enqueue,
            data: 0xdead_beef_0123_4567,
        };
        assert_eq!(Packet::decode(&p.encode()), Ok(p));
        let o = Outcome::Accepted { count: 7 }.reply(15, &p, 3);
        assert_eq!(Packet::decode(&o.encode()), Ok(o));
        assert_eq!((o.dst, o.portal, o.queue, o.kind), (1023, 2049, 4095, Kind::Outcome));
        assert_eq!(Outcome::decode(o.data), Some(Outcome::Accepted { count: 7 }));
        let mut b = p.encode();
        b[7] ^= 1;
        assert!(matches!(Packet::decode(&b), Err(PacketError::BadMagic(_))));
        let mut b = p.encode();
        b[6] = (b[6] & 0x0f) | 0x30;
        assert_eq!(Packet::decode(&b), Err(PacketError::UnknownKind(3)));
    }

    #[test]
    fn outcome_codes() {
        for o in
            [Outcome::Accepted { count: 1 }, Outcome::Accepted { count: u32::MAX }, Outcome::Refused, Outcome::Rejected]
        {
            assert_eq!(Outcome::decode(o.encode()), Some(o));
        }
        assert_eq!(Outcome::decode(outcome::ACCEPTED), None, "accepting nothing is not an outcome");
        assert_eq!(Outcome::decode(3), None);
    }
}
