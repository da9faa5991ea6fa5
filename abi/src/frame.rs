//! Link frame format: one renq packet or an ACK/NAK, framed for Ethernet (spec §7a).
//!
//! ```text
//! bytes 0..6    destination MAC: 02:00:00:00 then the node id, 16 bits big-endian
//! bytes 6..12   source MAC, likewise
//! bytes 12..14  EtherType 0x88B5 (big-endian, IEEE local experimental)
//! byte  14      frame type: 1 DATA, 2 ACK, 3 NAK
//! byte  15      channel: 0 ENQUEUE, 1 OUTCOME (the card's two-channel link); 0 on a one-stream link
//! bytes 16..18  seq (LE): sequence number of a DATA frame, 0 otherwise
//! bytes 18..20  ack (LE): cumulative ack, the next sequence number the sender of this frame expects
//! bytes 20..36  the 16-byte packet (`crate::packet`) of a DATA frame, zeros otherwise
//! bytes 36..40  CRC-32 (IEEE, LE) over bytes 0..36
//! bytes 40..60  zero padding to Ethernet's 60-byte minimum (before the MAC's FCS)
//! ```

use crate::packet::{Packet, PacketError, PACKET_BYTES};

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

/// Offset of the EtherType, the frame type, seq, ack, packet and CRC.
pub const ETHERTYPE_AT: usize = 12;
pub const TYPE_AT: usize = 14;
pub const SEQ_AT: usize = 16;
pub const ACK_AT: usize = 18;
pub const PACKET_AT: usize = 20;
pub const CRC_AT: usize = PACKET_AT + PACKET_BYTES;
/// Bytes covered by the CRC plus the CRC itself: a shorter frame is truncated.
pub const FRAME_MIN: usize = CRC_AT + 4;
/// Bytes of an encoded frame: Ethernet's minimum frame without FCS.
pub const FRAME_BYTES: usize = 60;
/// Bits of a sequence number; arithmetic on them is modulo 2^SEQ_BITS.
pub const SEQ_BITS: u32 = 16;

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

/// Frames in flight at most (the replay buffer's size); a power of two, so the card indexes its
/// replay RAM by the low bits of a sequence number.
pub const WINDOW: u16 = 32;
/// First retransmit timeout in ticks; doubled on each timeout without progress (up to `RTO_MAX`),
/// so a link that is down for long is probed, not flooded.
pub const RTO: u64 = 64;
pub const RTO_MAX: u64 = 4096;
const _: () = assert!(WINDOW.is_power_of_two() && (WINDOW as u32) < 1 << (SEQ_BITS - 1));
const _: () = assert!(RTO.is_power_of_two() && RTO_MAX.is_power_of_two() && RTO <= RTO_MAX);

/// What a frame carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// A packet with its sequence number.
    Data { seq: u16, packet: Packet },
    /// Everything before `ack` arrived.
    Ack,
    /// Everything before `ack` arrived and a later frame did too: resend from `ack`.
    Nak,
}

/// A decoded link frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    pub dst_mac: [u8; MAC_BYTES],
    pub src_mac: [u8; MAC_BYTES],
    /// Cumulative ack piggybacked on every frame.
    pub ack: u16,
    pub body: Body,
}

/// Why bytes are not a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameError {
    Truncated(usize),
    BadLength(usize),
    UnknownEtherType(u16),
    BadCrc { stored: u32, computed: u32 },
    BadType(u8),
    BadPacket(PacketError),
}

impl Frame {
    pub fn encode(&self) -> [u8; FRAME_BYTES] {
        let mut out = [0u8; FRAME_BYTES];
        out[..MAC_BYTES].copy_from_slice(&self.dst_mac);
        out[MAC_BYTES..ETHERTYPE_AT].copy_from_slice(&self.src_mac);
        out[ETHERTYPE_AT..TYPE_AT].copy_from_slice(&ETHERTYPE.to_be_bytes());
        let (ty, seq) = match self.body {
            Body::Data { seq, packet } => {
                out[PACKET_AT..CRC_AT].copy_from_slice(&packet.encode());
                (TYPE_DATA, seq)
            }
            Body::Ack => (TYPE_ACK, 0),
            Body::Nak => (TYPE_NAK, 0),
        };
        out[TYPE_AT] = ty;
        out[SEQ_AT..ACK_AT].copy_from_slice(&seq.to_le_bytes());
        out[ACK_AT..PACKET_AT].copy_from_slice(&self.ack.to_le_bytes());
        let crc = crc32(&out[..CRC_AT]);
        out[CRC_AT..FRAME_MIN].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Checks are ordered cheapest first; the CRC is checked before any field is trusted.
    pub fn decode(bytes: &[u8]) -> Result<Frame, FrameError> {
        if bytes.len() < FRAME_MIN {
            return Err(FrameError::Truncated(bytes.len()));
        }
        if bytes.len() > FRAME_BYTES {
            return Err(FrameError::BadLength(bytes.len()));
        }
        let et = u16::from_be_bytes([bytes[ETHERTYPE_AT], bytes[ETHERTYPE_AT + 1]]);
        if et != ETHERTYPE {
            return Err(FrameError::UnknownEtherType(et));
        }
        let stored = u32::from_le_bytes([bytes[CRC_AT], bytes[CRC_AT + 1], bytes[CRC_AT + 2], bytes[CRC_AT + 3]]);
        let computed = crc32(&bytes[..CRC_AT]);
        if stored != computed {
            return Err(FrameError::BadCrc { stored, computed });
        }
        let seq = u16::from_le_bytes([bytes[SEQ_AT], bytes[SEQ_AT + 1]]);
        let ack = u16::from_le_bytes([bytes[ACK_AT], bytes[ACK_AT + 1]]);
        let body = match bytes[TYPE_AT] {
            TYPE_DATA => {
                let mut p = [0u8; PACKET_BYTES];
                p.copy_from_slice(&bytes[PACKET_AT..CRC_AT]);
                Body::Data { seq, packet: Packet::decode(&p).map_err(FrameError::BadPacket)? }
            }
            TYPE_ACK => Body::Ack,
            TYPE_NAK => Body::Nak,
            t => return Err(FrameError::BadType(t)),
        };
        let mut dst_mac = [0u8; MAC_BYTES];
        let mut src_mac = [0u8; MAC_BYTES];
        dst_mac.copy_from_slice(&bytes[..MAC_BYTES]);
        src_mac.copy_from_slice(&bytes[MAC_BYTES..ETHERTYPE_AT]);
        Ok(Frame { dst_mac, src_mac, ack, body })
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

    fn data() -> Frame {
        let packet = Packet::enqueue(1, 2, 3, 0x0123_4567_89ab_cdef);
        Frame {
            dst_mac: [2, 0, 0, 0, 0, 2],
            src_mac: [2, 0, 0, 0, 0, 1],
            ack: 7,
            body: Body::Data { seq: 65535, packet },
        }
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
        for f in [data(), Frame { body: Body::Ack, ..data() }, Frame { body: Body::Nak, ack: 0, ..data() }] {
            assert_eq!(Frame::decode(&f.encode()), Ok(f));
            // A MAC that strips the padding still hands over a valid frame.
            assert_eq!(Frame::decode(&f.encode()[..FRAME_MIN]), Ok(f));
        }
    }

    #[test]
    fn every_single_bit_flip_of_the_checked_bytes_is_caught() {
        let b = data().encode();
        for bit in 0..FRAME_MIN * 8 {
            let mut m = b;
            m[bit / 8] ^= 1 << (bit % 8);
            assert!(Frame::decode(&m).is_err(), "bit {bit}");
        }
    }

    #[test]
    fn typed_errors() {
        let b = data().encode();
        assert_eq!(Frame::decode(&b[..FRAME_MIN - 1]), Err(FrameError::Truncated(FRAME_MIN - 1)));
        let mut long = [0u8; FRAME_BYTES + 1];
        long[..FRAME_BYTES].copy_from_slice(&b);
        assert_eq!(Frame::decode(&long), Err(FrameError::BadLength(FRAME_BYTES + 1)));
        let mut m = b;
        m[ETHERTYPE_AT] = 0x08;
        assert_eq!(Frame::decode(&m), Err(FrameError::UnknownEtherType(0x08B5)));
        let mut m = b;
        m[SEQ_AT] ^= 1;
        assert!(matches!(Frame::decode(&m), Err(FrameError::BadCrc { .. })));
        // Valid CRC over a bad type or a bad inner packet: rewrite the CRC after the change.
        let reseal = |mut m: [u8; FRAME_BYTES]| {
            let c = crc32(&m[..CRC_AT]);
            m[CRC_AT..FRAME_MIN].copy_from_slice(&c.to_le_bytes());
            m
        };
        let mut m = b;
        m[TYPE_AT] = 9;
        assert_eq!(Frame::decode(&reseal(m)), Err(FrameError::BadType(9)));
        let mut m = b;
        m[PACKET_AT + 7] ^= 1;
        assert!(matches!(Frame::decode(&reseal(m)), Err(FrameError::BadPacket(PacketError::BadMagic(_)))));
    }
}
