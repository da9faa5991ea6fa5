//! Link packet format (spec §7): one remote-enqueue request, or — the card — the outcome of
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
//! The fields have the card's widths ([`crate::NODE_BITS`], [`crate::QUEUE_BITS`], …); the paper
//! card uses node and queue numbers below 16 and portal 0, epoch 0, and sends no outcomes.

use crate::{EPOCH_BITS, NODE_BITS, PORTAL_BITS, QUEUE_BITS};
use bitfield::bitfield;

/// Bytes of one encoded packet.
pub const PACKET_BYTES: usize = 16;
/// Marks a header word, so a desynchronised byte stream is detected instead of misread.
pub const MAGIC: u64 = 0x52; // "R"

/// Kind codes (4 bits).
pub const KIND_ENQUEUE: u64 = 1;
pub const KIND_OUTCOME: u64 = 2;
/// Never on the wire (a frame carrying it is a bad packet): see [`Kind::PeerReset`].
pub const KIND_PEER_RESET: u64 = 3;

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
    /// Append `data` to (dst, queue); `portal` and `epoch` are the sender's (the card).
    #[default]
    Enqueue,
    /// The destination's answer about enqueues that `portal` of node `dst` sent to `queue` of
    /// node `src`; `data` is an [`Outcome`], `epoch` the queue's epoch now (the card, spec §7c).
    Outcome,
    /// Not a wire packet: the link end's notice that node `src` restarted (a new incarnation,
    /// spec §7b), queued in the card's inbox behind the last packet of the old one. Every
    /// portal of this card aimed at `src` loses what it has in flight (spec §7c).
    PeerReset,
}

/// A packet as it travels between cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Packet {
    pub src: u16,
    pub dst: u16,
    pub queue: u16,
    /// The sending card's portal (the card; 0 on the paper card).
    pub portal: u16,
    /// The queue epoch the sender last learned (the card; 0 on the paper card).
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
            Kind::PeerReset => KIND_PEER_RESET,
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

/// What the destination card did with enqueues from one portal (the card, spec §7c). Each
/// ENQUEUE packet the card takes is answered by exactly one outcome (consecutive acceptances
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
    /// Refused because the queue is stalled, and the portal is on the queue's list of waiters:
    /// the destination sends [`Outcome::Resumed`] when the stall ends, so the sender holds its
    /// retry until then (spec §7c, "Stalls whose end is learned").
    Waiting,
    /// The stall the portal waited for ended (not an answer to a packet: `in_flight` does not
    /// move); the packet's `epoch` is the queue's new one.
    Resumed,
}

/// Outcome data-word layout: code in bits 1..0, count in bits 47..16. Code 3 is a notice
/// about a stall: with a count of 1 a refusal (`Waiting`), with 0 its end (`Resumed`).
pub mod outcome {
    pub const CODE_MASK: u64 = 0b11;
    pub const ACCEPTED: u64 = 0;
    pub const REFUSED: u64 = 1;
    pub const REJECTED: u64 = 2;
    pub const STALL_NOTICE: u64 = 3;
    pub const COUNT_LSB: u32 = 16;
}

impl Outcome {
    pub const fn encode(self) -> u64 {
        match self {
            Outcome::Accepted { count } => outcome::ACCEPTED | (count as u64) << outcome::COUNT_LSB,
            Outcome::Refused => outcome::REFUSED | 1 << outcome::COUNT_LSB,
            Outcome::Rejected => outcome::REJECTED | 1 << outcome::COUNT_LSB,
            Outcome::Waiting => outcome::STALL_NOTICE | 1 << outcome::COUNT_LSB,
            Outcome::Resumed => outcome::STALL_NOTICE,
        }
    }

    /// None for a code that means nothing, or an acceptance of 0 items.
    pub const fn decode(data: u64) -> Option<Outcome> {
        let count = (data >> outcome::COUNT_LSB) as u32;
        match data & outcome::CODE_MASK {
            outcome::ACCEPTED if count > 0 => Some(Outcome::Accepted { count }),
            outcome::REFUSED => Some(Outcome::Refused),
            outcome::REJECTED => Some(Outcome::Rejected),
            outcome::STALL_NOTICE if count == 1 => Some(Outcome::Waiting),
            outcome::STALL_NOTICE if count == 0 => Some(Outcome::Resumed),
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

/// A packet as one opaque word on the card's link end (spec §7d): the go-back-N halves carry it
/// and replay it, never look inside, so one RTL serves both cards with the word's width chosen
/// per build. The card packs and unpacks; [`Carrier`] is that packing for benches and models.
/// Two payload formats: v1 (`V1_*`, [`Carrier::V1`]: the paper card's 76-bit word) and v2
/// (`V2_*`, [`Carrier::V2`]: the card's 120-bit word); the numbers version the word's layout on
/// the link.
pub mod payload {
    use crate::{paper::NODE_BITS, paper::QUEUE_BITS};

    /// Paper card: `{src, dst, queue, data}` with the v1 widths, src in the top bits.
    pub const V1_BITS: usize = 2 * NODE_BITS as usize + QUEUE_BITS as usize + 64;
    pub const V1_QUEUE_AT: u32 = 64;
    pub const V1_DST_AT: u32 = V1_QUEUE_AT + QUEUE_BITS;
    pub const V1_SRC_AT: u32 = V1_DST_AT + NODE_BITS;
    const _: () = assert!(V1_SRC_AT as usize + NODE_BITS as usize == V1_BITS && V1_BITS == 76);

    /// The card: the header word's fields (bits 55..0: src .. kind; the constant MAGIC is the
    /// framer's) above the data word. Every card packet, ENQUEUE or OUTCOME, fits.
    pub const V2_HEADER_BITS: u32 = 56;
    pub const V2_HEADER_AT: u32 = 64;
    pub const V2_BITS: usize = (V2_HEADER_AT + V2_HEADER_BITS) as usize;
    const _: () = assert!(V2_BITS == 120 && V2_BITS <= u128::BITS as usize);

    /// Where each field of the card's header sits in the payload word (the `Header` bitfield's
    /// bits, moved up by `V2_HEADER_AT`): src, dst, queue, portal, epoch, kind, contiguous from
    /// the data word up, so the HDL packs `{kind, epoch, portal, queue, dst, src, data}`.
    pub const V2_SRC_AT: u32 = V2_HEADER_AT;
    pub const V2_DST_AT: u32 = V2_SRC_AT + crate::NODE_BITS;
    pub const V2_QUEUE_AT: u32 = V2_DST_AT + crate::NODE_BITS;
    pub const V2_PORTAL_AT: u32 = V2_QUEUE_AT + crate::QUEUE_BITS;
    pub const V2_EPOCH_AT: u32 = V2_PORTAL_AT + crate::PORTAL_BITS;
    pub const V2_KIND_AT: u32 = V2_EPOCH_AT + crate::EPOCH_BITS;
    /// Bits of the kind code.
    pub const KIND_BITS: u32 = 4;
    const _: () = assert!(V2_KIND_AT + KIND_BITS == V2_BITS as u32);
}

/// How a packet sits in a link-end payload word (spec §7d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Carrier {
    /// The paper card's 76 bits: ENQUEUE only, node and queue below 16, portal and epoch 0.
    V1,
    /// The card's 120 bits: every field of §7's header but MAGIC, and the data word.
    V2,
}

impl Carrier {
    /// Bits of the payload word.
    pub const fn bits(self) -> usize {
        match self {
            Carrier::V1 => payload::V1_BITS,
            Carrier::V2 => payload::V2_BITS,
        }
    }

    /// The payload word of `p`; `None` if `p` does not fit this carrier (never truncated).
    pub fn pack(self, p: &Packet) -> Option<u128> {
        let data = p.data as u128;
        match self {
            Carrier::V1 => {
                let small = |x: u16, bits: u32| (x as u32) < 1 << bits;
                let fits = small(p.src, crate::paper::NODE_BITS)
                    && small(p.dst, crate::paper::NODE_BITS)
                    && small(p.queue, crate::paper::QUEUE_BITS)
                    && p.portal == 0
                    && p.epoch == 0
                    && p.kind == Kind::Enqueue;
                let word = (p.src as u128) << payload::V1_SRC_AT
                    | (p.dst as u128) << payload::V1_DST_AT
                    | (p.queue as u128) << payload::V1_QUEUE_AT
                    | data;
                fits.then_some(word)
            }
            Carrier::V2 => {
                let h = p.header();
                // `header` cuts fields to their widths: a packet that loses bits does not fit.
                let back = Packet::decode(&p.encode()).ok()?;
                let header = (h.0 & ((1 << payload::V2_HEADER_BITS) - 1)) as u128;
                (back == *p).then_some(header << payload::V2_HEADER_AT | data)
            }
        }
    }

    /// The packet in a payload word (bits above [`Carrier::bits`] are not part of it).
    pub fn unpack(self, word: u128) -> Result<Packet, PacketError> {
        let data = word as u64;
        match self {
            Carrier::V1 => {
                let field = |at: u32, bits: u32| ((word >> at) as u16) & ((1 << bits) - 1);
                Ok(Packet::enqueue(
                    field(payload::V1_SRC_AT, crate::paper::NODE_BITS),
                    field(payload::V1_DST_AT, crate::paper::NODE_BITS),
                    field(payload::V1_QUEUE_AT, crate::paper::QUEUE_BITS),
                    data,
                ))
            }
            Carrier::V2 => {
                let fields = (word >> payload::V2_HEADER_AT) as u64 & ((1 << payload::V2_HEADER_BITS) - 1);
                let header = fields | MAGIC << payload::V2_HEADER_BITS;
                let mut bytes = [0u8; PACKET_BYTES];
                bytes[..8].copy_from_slice(&header.to_le_bytes());
                bytes[8..].copy_from_slice(&data.to_le_bytes());
                Packet::decode(&bytes)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The payload field offsets the HDL packs by are where `Carrier::V2` puts each field.
    #[test]
    fn card_payload_offsets_match_the_carrier() {
        let p =
            Packet { src: 0x3a5, dst: 0x15a, queue: 0xabc, portal: 0x123, epoch: 0x9e, kind: Kind::Outcome, data: 7 };
        let w = Carrier::V2.pack(&p).expect("fits");
        let field = |at: u32, bits: u32| ((w >> at) & ((1 << bits) - 1)) as u64;
        use crate::{EPOCH_BITS, NODE_BITS, PORTAL_BITS, QUEUE_BITS};
        assert_eq!(field(payload::V2_SRC_AT, NODE_BITS), 0x3a5);
        assert_eq!(field(payload::V2_DST_AT, NODE_BITS), 0x15a);
        assert_eq!(field(payload::V2_QUEUE_AT, QUEUE_BITS), 0xabc);
        assert_eq!(field(payload::V2_PORTAL_AT, PORTAL_BITS), 0x123);
        assert_eq!(field(payload::V2_EPOCH_AT, EPOCH_BITS), 0x9e);
        assert_eq!(field(payload::V2_KIND_AT, payload::KIND_BITS), KIND_OUTCOME);
        assert_eq!(w as u64, 7);
    }

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
        for o in [
            Outcome::Accepted { count: 1 },
            Outcome::Accepted { count: u32::MAX },
            Outcome::Refused,
            Outcome::Rejected,
            Outcome::Waiting,
            Outcome::Resumed,
        ] {
            assert_eq!(Outcome::decode(o.encode()), Some(o));
        }
        assert_eq!(Outcome::decode(outcome::ACCEPTED), None, "accepting nothing is not an outcome");
        assert_eq!(Outcome::decode(3), Some(Outcome::Resumed), "a stall notice with no count is its end");
        assert_eq!(Outcome::decode(3 | 2 << outcome::COUNT_LSB), None);
    }

    #[test]
    fn carriers_pack_bit_exact_and_refuse_what_does_not_fit() {
        let full =
            Packet { src: 1023, dst: 1023, queue: 4095, portal: 4095, epoch: 255, kind: Kind::Outcome, data: u64::MAX };
        let w = Carrier::V2.pack(&full).expect("every v2 field at its widest fits");
        assert_eq!(w >> payload::V2_BITS, 0, "a v2 payload stays within its width");
        assert_eq!(Carrier::V2.unpack(w), Ok(full));
        let mid = Packet { src: 300, dst: 256, queue: 2049, portal: 1234, epoch: 0x81, kind: Kind::Enqueue, data: 5 };
        assert_eq!(Carrier::V2.unpack(Carrier::V2.pack(&mid).unwrap()), Ok(mid));
        assert_eq!(Carrier::V2.pack(&Packet { src: 1024, ..mid }), None, "an 11-bit node id would be cut");
        assert_eq!(Carrier::V2.unpack(3 << (payload::V2_HEADER_AT + 52)), Err(PacketError::UnknownKind(3)));
        let v1 = Packet::enqueue(15, 9, 15, u64::MAX);
        let w = Carrier::V1.pack(&v1).unwrap();
        assert_eq!(w >> payload::V1_BITS, 0);
        assert_eq!(w >> payload::V1_SRC_AT, 15);
        assert_eq!(Carrier::V1.unpack(w), Ok(v1));
        for p in [
            Packet::enqueue(16, 0, 0, 0),
            Packet::enqueue(0, 0, 16, 0),
            Packet { portal: 1, ..v1 },
            Packet { epoch: 1, ..v1 },
            Packet { kind: Kind::Outcome, ..v1 },
        ] {
            assert_eq!(Carrier::V1.pack(&p), None, "{p:?} does not fit the paper card's fields");
        }
    }
}
