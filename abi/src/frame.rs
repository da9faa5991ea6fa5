//! Link frame format: packets or an ACK/NAK, framed for Ethernet (spec §7a).
//!
//! ```text
//! bytes 0..6    destination MAC: 02:00:00:00 then the node id, 16 bits big-endian
//! bytes 6..12   source MAC, likewise
//! bytes 12..14  EtherType 0x88B5 (big-endian, IEEE local experimental)
//! byte  14      frame type: 1 DATA, 2 ACK, 3 NAK
//! byte  15      channel: 0 ENQUEUE, 1 OUTCOME (the card's two-channel link); 0 on a one-stream link
//! bytes 16..18  seq (LE): sequence number of a DATA frame's first packet, 0 otherwise
//! bytes 18..20  ack (LE): cumulative ack, the next sequence number the sender of this frame expects
//! bytes 20..24  src incarnation (LE): the sending end's boot number; 0 on a link without restarts
//! bytes 24..28  dst incarnation (LE): the receiving end's boot number as the sender knows it; 0: unknown
//! bytes 28..32  sack (LE): ACK of a selective-repeat receiver: bit i set = packet ack + 1 + i arrived
//! byte  32      count: packets in a DATA frame (1..=MAX_FRAME_PACKETS, sequence numbers seq, seq+1, …); 0 otherwise
//! bytes 33..36  zero (reserved)
//! bytes 36..    the 16-byte packets (`crate::packet`), count of them
//! then 4 bytes  CRC-32 (IEEE, LE) over every byte before it
//! then          zero padding up to Ethernet's 60-byte minimum (before the MAC's FCS)
//! ```

use crate::packet::{Packet, PacketError, PACKET_BYTES};
use alloc::vec;
use alloc::vec::Vec;

/// EtherType of renq link frames: 0x88B5 is IEEE 802's "local experimental" value.
pub const ETHERTYPE: u16 = 0x88B5;
/// Bytes of a MAC address.
pub const MAC_BYTES: usize = 6;
/// The first bytes of every card's MAC: locally administered (bit 1), unicast, then zeros.
pub const MAC_PREFIX: [u8; 4] = [2, 0, 0, 0];
/// Bits of the node id a MAC carries (its last two bytes, big-endian): every card's NODE_ID
/// range fits (paper 16, the card 1 024 nodes), and a paper card's MAC is 02:00:00:00:00:NN.
pub const MAC_NODE_BITS: u32 = 16;
const _: () = assert!(crate::MAX_NODES <= 1 << MAC_NODE_BITS && crate::paper::MAX_NODES <= 1 << MAC_NODE_BITS);

/// The MAC of node `node`'s card.
pub const fn node_mac(node: u16) -> [u8; MAC_BYTES] {
    let [hi, lo] = node.to_be_bytes();
    [MAC_PREFIX[0], MAC_PREFIX[1], MAC_PREFIX[2], MAC_PREFIX[3], hi, lo]
}

/// The node id in a card's MAC; `None` for a MAC without the cards' prefix.
pub fn mac_node(mac: [u8; MAC_BYTES]) -> Option<u16> {
    (mac[..MAC_PREFIX.len()] == MAC_PREFIX).then(|| u16::from_be_bytes([mac[4], mac[5]]))
}

/// Offset of the EtherType, the frame type, seq, ack, the incarnations, the count and the packets.
pub const ETHERTYPE_AT: usize = 12;
pub const TYPE_AT: usize = 14;
pub const SEQ_AT: usize = 16;
pub const ACK_AT: usize = 18;
pub const SRC_INCARNATION_AT: usize = 20;
pub const DST_INCARNATION_AT: usize = 24;
pub const SACK_AT: usize = 28;
pub const COUNT_AT: usize = 32;
pub const PACKETS_AT: usize = 36;
/// Bytes of the CRC that follows the last packet.
pub const CRC_BYTES: usize = 4;
/// Bytes of the shortest frame (an ACK or NAK, no padding): a shorter one is truncated.
pub const FRAME_MIN: usize = PACKETS_AT + CRC_BYTES;
/// Ethernet's minimum frame without FCS: shorter frames are padded with zeros to it.
pub const FRAME_BYTES: usize = 60;
/// Packets one DATA frame carries at most: a window's worth (spec §7a). A lone packet still
/// fits Ethernet's minimum frame; a full one is 552 bytes, far below a 1 500-byte payload.
pub const MAX_FRAME_PACKETS: usize = WINDOW as usize;
/// Bytes of the longest frame.
pub const FRAME_MAX: usize = PACKETS_AT + MAX_FRAME_PACKETS * PACKET_BYTES + CRC_BYTES;
const _: () = assert!(PACKETS_AT + PACKET_BYTES + CRC_BYTES <= FRAME_BYTES && FRAME_MAX <= 1500);
/// Bits of a sequence number; arithmetic on them is modulo 2^SEQ_BITS.
pub const SEQ_BITS: u32 = 16;

/// Offset of the CRC in a frame of `count` packets.
pub const fn crc_at(count: usize) -> usize {
    PACKETS_AT + count * PACKET_BYTES
}

/// Bytes on the wire of a frame of `count` packets: the frame padded to Ethernet's minimum,
/// plus the MAC's FCS (4), preamble and start delimiter (8) and inter-frame gap (12).
pub const fn wire_bytes(count: usize) -> usize {
    let frame = crc_at(count) + CRC_BYTES;
    (if frame < FRAME_BYTES { FRAME_BYTES } else { frame }) + 4 + 8 + 12
}

pub const TYPE_DATA: u8 = 1;
pub const TYPE_ACK: u8 = 2;
pub const TYPE_NAK: u8 = 3;
/// Bits that hold every frame type code (the HDL's frame-fields bus carries this many).
pub const TYPE_BITS: u32 = 2;

/// Byte of the frame's channel (spec §7a, §7d). The card's link carries its ENQUEUE and OUTCOME
/// channels as two go-back-N streams on one wire, each with its own sequence numbers, window and
/// ACKs; the channel says which stream a DATA, ACK or NAK frame belongs to. A one-stream link
/// (the paper card's, the simulator's `renq_sim::reliable`) writes 0 and ignores the byte.
pub const CHANNEL_AT: usize = 15;
pub const CHANNEL_ENQUEUE: u8 = 0;
pub const CHANNEL_OUTCOME: u8 = 1;
/// Bits of the channel on the HDL's frame-fields bus (one flag: OUTCOME).
pub const CHANNEL_BITS: u32 = 1;
const _: () = assert!(CHANNEL_AT == TYPE_AT + 1 && (CHANNEL_OUTCOME as u32) < 1 << CHANNEL_BITS);
const _: () = assert!((TYPE_NAK as u32) < 1 << TYPE_BITS && TYPE_DATA < TYPE_NAK && TYPE_ACK < TYPE_NAK);

// Go-back-N parameters (spec §7b), shared by the simulator's link (`renq_sim::reliable`) and
// the card's (`renq_hdl::link`), so the two ends interoperate.

/// Packets in flight at most (the replay buffer's size); a power of two, so the card indexes its
/// replay RAM by the low bits of a sequence number.
pub const WINDOW: u16 = 32;
/// First retransmit timeout in ticks; doubled on each timeout without progress (up to `RTO_MAX`),
/// so a link that is down for long is probed, not flooded.
pub const RTO: u64 = 64;
pub const RTO_MAX: u64 = 4096;
const _: () = assert!(WINDOW.is_power_of_two() && (WINDOW as u32) < 1 << (SEQ_BITS - 1));
const _: () = assert!(RTO.is_power_of_two() && RTO_MAX.is_power_of_two() && RTO <= RTO_MAX);

/// The incarnation that means "none" (a link without restarts) or "not yet known" (spec §7b,
/// "Incarnations").
pub const NO_INCARNATION: u32 = 0;

/// Whether incarnation `a` is later than `b`: serial-number arithmetic modulo 2^32 (RFC 1982),
/// so boot numbers taken from a millisecond clock compare right across its wrap for 24 days.
pub const fn incarnation_after(a: u32, b: u32) -> bool {
    a != b && (a.wrapping_sub(b) as i32) > 0
}

/// What a frame carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Packets with consecutive sequence numbers from `seq` (1..=`MAX_FRAME_PACKETS` of them).
    Data { seq: u16, packets: Vec<Packet> },
    /// Everything before `ack` arrived.
    Ack,
    /// Everything before `ack` arrived and a later frame did too: resend from `ack`.
    Nak,
}

impl Body {
    /// Packets carried: DATA's count, 0 for ACK and NAK.
    pub fn count(&self) -> usize {
        match self {
            Body::Data { packets, .. } => packets.len(),
            _ => 0,
        }
    }
}

/// A decoded link frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub dst_mac: [u8; MAC_BYTES],
    pub src_mac: [u8; MAC_BYTES],
    /// Cumulative ack piggybacked on every frame.
    pub ack: u16,
    /// The sending end's incarnation (`NO_INCARNATION` on a link without restarts).
    pub src_incarnation: u32,
    /// The incarnation the sender believes the receiving end has (`NO_INCARNATION`: unknown).
    pub dst_incarnation: u32,
    /// Selective acknowledgement (an ACK of a selective-repeat receiver, spec §7b): bit i set
    /// means the packet `ack + 1 + i` arrived and is held; 0 otherwise.
    pub sack: u32,
    pub body: Body,
}

/// Why bytes are not a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    Truncated(usize),
    BadLength(usize),
    UnknownEtherType(u16),
    BadCrc {
        stored: u32,
        computed: u32,
    },
    BadType(u8),
    /// A DATA frame of no packets or more than `MAX_FRAME_PACKETS`, or a control frame with any.
    BadCount(u8),
    BadPacket(PacketError),
}

impl Frame {
    /// A frame of a link end without incarnations (0 both ways) and without SACK.
    pub fn new(dst_mac: [u8; MAC_BYTES], src_mac: [u8; MAC_BYTES], ack: u16, body: Body) -> Frame {
        Frame { dst_mac, src_mac, ack, src_incarnation: NO_INCARNATION, dst_incarnation: NO_INCARNATION, sack: 0, body }
    }

    /// The bytes of the frame, padded to `FRAME_BYTES`.
    pub fn encode(&self) -> Vec<u8> {
        let packets: &[Packet] = match &self.body {
            Body::Data { packets, .. } => packets,
            _ => &[],
        };
        assert!(packets.len() <= MAX_FRAME_PACKETS, "a frame carries at most {MAX_FRAME_PACKETS} packets");
        let crc = crc_at(packets.len());
        let mut out = vec![0u8; (crc + CRC_BYTES).max(FRAME_BYTES)];
        out[..MAC_BYTES].copy_from_slice(&self.dst_mac);
        out[MAC_BYTES..ETHERTYPE_AT].copy_from_slice(&self.src_mac);
        out[ETHERTYPE_AT..TYPE_AT].copy_from_slice(&ETHERTYPE.to_be_bytes());
        let (ty, seq) = match self.body {
            Body::Data { seq, .. } => (TYPE_DATA, seq),
            Body::Ack => (TYPE_ACK, 0),
            Body::Nak => (TYPE_NAK, 0),
        };
        out[TYPE_AT] = ty;
        out[SEQ_AT..ACK_AT].copy_from_slice(&seq.to_le_bytes());
        out[ACK_AT..SRC_INCARNATION_AT].copy_from_slice(&self.ack.to_le_bytes());
        out[SRC_INCARNATION_AT..DST_INCARNATION_AT].copy_from_slice(&self.src_incarnation.to_le_bytes());
        out[DST_INCARNATION_AT..SACK_AT].copy_from_slice(&self.dst_incarnation.to_le_bytes());
        out[SACK_AT..COUNT_AT].copy_from_slice(&self.sack.to_le_bytes());
        out[COUNT_AT] = packets.len() as u8;
        for (i, p) in packets.iter().enumerate() {
            out[crc_at(i)..crc_at(i + 1)].copy_from_slice(&p.encode());
        }
        let c = crc32(&out[..crc]);
        out[crc..crc + CRC_BYTES].copy_from_slice(&c.to_le_bytes());
        out
    }

    /// Checks are ordered cheapest first; the count says where the CRC is, and the CRC is
    /// checked before any other field is trusted.
    pub fn decode(bytes: &[u8]) -> Result<Frame, FrameError> {
        if bytes.len() < FRAME_MIN {
            return Err(FrameError::Truncated(bytes.len()));
        }
        if bytes.len() > FRAME_MAX {
            return Err(FrameError::BadLength(bytes.len()));
        }
        let et = u16::from_be_bytes([bytes[ETHERTYPE_AT], bytes[ETHERTYPE_AT + 1]]);
        if et != ETHERTYPE {
            return Err(FrameError::UnknownEtherType(et));
        }
        let count = bytes[COUNT_AT];
        if count as usize > MAX_FRAME_PACKETS {
            return Err(FrameError::BadCount(count));
        }
        let crc = crc_at(count as usize);
        if bytes.len() < crc + CRC_BYTES {
            return Err(FrameError::Truncated(bytes.len()));
        }
        if bytes.len() > (crc + CRC_BYTES).max(FRAME_BYTES) {
            return Err(FrameError::BadLength(bytes.len()));
        }
        let stored = u32::from_le_bytes([bytes[crc], bytes[crc + 1], bytes[crc + 2], bytes[crc + 3]]);
        let computed = crc32(&bytes[..crc]);
        if stored != computed {
            return Err(FrameError::BadCrc { stored, computed });
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let u32_at = |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        let body = match (bytes[TYPE_AT], count) {
            (TYPE_DATA, 0) | (TYPE_ACK | TYPE_NAK, 1..) => return Err(FrameError::BadCount(count)),
            (TYPE_DATA, _) => {
                let mut packets = Vec::with_capacity(count as usize);
                for i in 0..count as usize {
                    let mut p = [0u8; PACKET_BYTES];
                    p.copy_from_slice(&bytes[crc_at(i)..crc_at(i + 1)]);
                    packets.push(Packet::decode(&p).map_err(FrameError::BadPacket)?);
                }
                Body::Data { seq: u16_at(SEQ_AT), packets }
            }
            (TYPE_ACK, _) => Body::Ack,
            (TYPE_NAK, _) => Body::Nak,
            (t, _) => return Err(FrameError::BadType(t)),
        };
        let mut dst_mac = [0u8; MAC_BYTES];
        let mut src_mac = [0u8; MAC_BYTES];
        dst_mac.copy_from_slice(&bytes[..MAC_BYTES]);
        src_mac.copy_from_slice(&bytes[MAC_BYTES..ETHERTYPE_AT]);
        Ok(Frame {
            dst_mac,
            src_mac,
            ack: u16_at(ACK_AT),
            src_incarnation: u32_at(SRC_INCARNATION_AT),
            dst_incarnation: u32_at(DST_INCARNATION_AT),
            sack: u32_at(SACK_AT),
            body,
        })
    }
}

/// The reflected IEEE 802.3 polynomial (the same CRC as Ethernet's FCS).
pub const CRC32_POLY: u32 = 0xEDB8_8320;

/// Byte-at-a-time table, built at compile time. Written here rather than taken from the `crc`
/// crate so renq-abi stays dependency-free and the HDL can mirror the exact same definition.
const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 { (c >> 1) ^ CRC32_POLY } else { c >> 1 };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// CRC-32/ISO-HDLC: init all ones, reflected, final xor all ones.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c = CRC_TABLE[((c ^ b as u32) & 0xff) as usize] ^ (c >> 8);
    }
    !c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_of(count: usize) -> Frame {
        let packets = (0..count as u64).map(|i| Packet::enqueue(1, 2, 3, 0x0123_4567_89ab_cdef ^ i)).collect();
        Frame {
            dst_mac: [2, 0, 0, 0, 0, 2],
            src_mac: [2, 0, 0, 0, 0, 1],
            ack: 7,
            src_incarnation: 0x8000_0001,
            dst_incarnation: 42,
            sack: 0,
            body: Body::Data { seq: 65535, packets },
        }
    }

    fn data() -> Frame {
        data_of(1)
    }

    #[test]
    fn macs_carry_16_bit_node_ids() {
        // The paper card's MACs are what they were with one-byte node ids.
        assert_eq!(node_mac(5), [2, 0, 0, 0, 0, 5]);
        assert_eq!(node_mac(1023), [2, 0, 0, 0, 3, 0xff]);
        for n in [0, 15, 255, 256, 300, 1023, u16::MAX] {
            assert_eq!(mac_node(node_mac(n)), Some(n));
        }
        assert_eq!(mac_node([0x12, 0, 0, 0, 0, 1]), None);
    }

    #[test]
    fn crc_check_value() {
        // The catalogued check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn round_trips() {
        let ack = Frame { body: Body::Ack, sack: 0x8000_0005, ..data() };
        let nak = Frame { body: Body::Nak, ack: 0, src_incarnation: 0, dst_incarnation: 0, ..data() };
        for f in [data(), data_of(2), data_of(MAX_FRAME_PACKETS), ack, nak] {
            let b = f.encode();
            assert_eq!(b.len(), (crc_at(f.body.count()) + CRC_BYTES).max(FRAME_BYTES));
            assert_eq!(Frame::decode(&b), Ok(f.clone()));
            // A MAC that strips the padding still hands over a valid frame.
            assert_eq!(Frame::decode(&b[..crc_at(f.body.count()) + CRC_BYTES]), Ok(f));
        }
        assert_eq!(data_of(MAX_FRAME_PACKETS).encode().len(), FRAME_MAX);
    }

    #[test]
    fn wire_bytes_per_packet() {
        // A lone packet costs a minimum frame (84 bytes on the wire); a full frame 18.5 a packet.
        assert_eq!(wire_bytes(1), 84);
        assert_eq!(wire_bytes(0), 84);
        assert_eq!(wire_bytes(MAX_FRAME_PACKETS), FRAME_MAX + 24);
        assert!(wire_bytes(MAX_FRAME_PACKETS) <= 24 * MAX_FRAME_PACKETS);
    }

    #[test]
    fn incarnations_compare_across_the_wrap() {
        assert!(incarnation_after(2, 1) && !incarnation_after(1, 2) && !incarnation_after(5, 5));
        assert!(incarnation_after(3, u32::MAX - 3), "a clock that wrapped is still later");
        assert!(!incarnation_after(u32::MAX - 3, 3));
    }

    #[test]
    fn every_single_bit_flip_of_the_checked_bytes_is_caught() {
        for f in [data(), data_of(3)] {
            let b = f.encode();
            for bit in 0..(crc_at(f.body.count()) + CRC_BYTES) * 8 {
                let mut m = b.clone();
                m[bit / 8] ^= 1 << (bit % 8);
                assert!(Frame::decode(&m).is_err(), "bit {bit}");
            }
        }
    }

    #[test]
    fn typed_errors() {
        let b = data().encode();
        assert_eq!(Frame::decode(&b[..FRAME_MIN - 1]), Err(FrameError::Truncated(FRAME_MIN - 1)));
        let two = data_of(2).encode();
        assert_eq!(Frame::decode(&two[..crc_at(2) + 3]), Err(FrameError::Truncated(crc_at(2) + 3)));
        let mut long = b.clone();
        long.push(0);
        assert_eq!(Frame::decode(&long), Err(FrameError::BadLength(FRAME_BYTES + 1)));
        assert_eq!(Frame::decode(&vec![0; FRAME_MAX + 1]), Err(FrameError::BadLength(FRAME_MAX + 1)));
        let mut m = b.clone();
        m[ETHERTYPE_AT] = 0x08;
        assert_eq!(Frame::decode(&m), Err(FrameError::UnknownEtherType(0x08B5)));
        let mut m = b.clone();
        m[SEQ_AT] ^= 1;
        assert!(matches!(Frame::decode(&m), Err(FrameError::BadCrc { .. })));
        let mut m = b.clone();
        m[COUNT_AT] = MAX_FRAME_PACKETS as u8 + 1;
        assert_eq!(Frame::decode(&m), Err(FrameError::BadCount(MAX_FRAME_PACKETS as u8 + 1)));
        // Valid CRC over a bad type, count or inner packet: rewrite the CRC after the change.
        let reseal = |mut m: Vec<u8>| {
            let at = crc_at(m[COUNT_AT] as usize);
            let c = crc32(&m[..at]);
            m[at..at + CRC_BYTES].copy_from_slice(&c.to_le_bytes());
            m
        };
        let mut m = b.clone();
        m[TYPE_AT] = 9;
        assert_eq!(Frame::decode(&reseal(m)), Err(FrameError::BadType(9)));
        let mut m = b.clone();
        m[TYPE_AT] = TYPE_ACK;
        assert_eq!(Frame::decode(&reseal(m)), Err(FrameError::BadCount(1)), "an ACK carries no packet");
        let mut m = Frame { body: Body::Ack, ..data() }.encode();
        m[TYPE_AT] = TYPE_DATA;
        assert_eq!(Frame::decode(&reseal(m)), Err(FrameError::BadCount(0)), "a DATA frame carries one at least");
        let mut m = b;
        m[PACKETS_AT + 7] ^= 1;
        assert!(matches!(Frame::decode(&reseal(m)), Err(FrameError::BadPacket(PacketError::BadMagic(_)))));
    }
}
