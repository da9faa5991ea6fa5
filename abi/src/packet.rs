//! Link packet format: one remote-enqueue request.
//!
//! In the HDL the link is a valid/ready stream carrying the four fields side by side. On a
//! byte link (sockets between simulator processes) a packet is 16 bytes, little-endian:
//!
//! ```text
//! bytes 0..8   header word: src (3..0) | dst (7..4) | queue (11..8) | kind (15..12) | MAGIC (63..48)
//! bytes 8..16  data word
//! ```

use bitfield::bitfield;

/// Bytes of one encoded packet.
pub const PACKET_BYTES: usize = 16;
/// Marks a header word, so a desynchronised byte stream is detected instead of misread.
pub const MAGIC: u64 = 0x5245; // "RE"
/// The only packet kind so far: remote enqueue.
pub const KIND_ENQUEUE: u64 = 1;

bitfield! {
    /// The header word of an encoded packet.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub struct Header(pub u64);
    impl Debug;
    pub src, set_src: 3, 0;
    pub dst, set_dst: 7, 4;
    pub queue, set_queue: 11, 8;
    pub kind, set_kind: 15, 12;
    pub magic, set_magic: 63, 48;
}

/// A remote-enqueue request as it travels from the sender card to the receiver card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packet {
    pub src: u8,
    pub dst: u8,
    pub queue: u8,
    pub data: u64,
}

/// Why 16 bytes are not a packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketError {
    BadMagic(u64),
    UnknownKind(u64),
}

impl Packet {
    pub fn encode(&self) -> [u8; PACKET_BYTES] {
        let mut h = Header(0);
        h.set_src(self.src as u64);
        h.set_dst(self.dst as u64);
        h.set_queue(self.queue as u64);
        h.set_kind(KIND_ENQUEUE);
        h.set_magic(MAGIC);
        let mut out = [0u8; PACKET_BYTES];
        out[..8].copy_from_slice(&h.0.to_le_bytes());
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
        if h.kind() != KIND_ENQUEUE {
            return Err(PacketError::UnknownKind(h.kind()));
        }
        w.copy_from_slice(&bytes[8..]);
        Ok(Packet { src: h.src() as u8, dst: h.dst() as u8, queue: h.queue() as u8, data: u64::from_le_bytes(w) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_bad_magic() {
        let p = Packet { src: 3, dst: 15, queue: 9, data: 0xdead_beef_0123_4567 };
        assert_eq!(Packet::decode(&p.encode()), Ok(p));
        let mut b = p.encode();
        b[7] ^= 1;
        assert!(matches!(Packet::decode(&b), Err(PacketError::BadMagic(_))));
    }
}
