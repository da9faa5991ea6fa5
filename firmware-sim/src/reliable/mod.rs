//! The reliable link (spec §7b): pure, clock-driven state machines over link frames.
//!
//! * [`LinkSender`] keeps every unacknowledged packet in a replay buffer of at most `WINDOW`
//!   packets and puts as many as wait (up to its batch) in one DATA frame; a cumulative ACK frees
//!   a prefix. In go-back-N (the card's link end, [`LinkSender::new`]) a NAK or the retransmit
//!   timer resends everything from the oldest packet; in selective repeat
//!   ([`LinkSender::selective`], the simulator's UDP links) only what the receiver's SACKs and
//!   the timer say is missing.
//! * [`LinkReceiver`] delivers each sequence number exactly once, in order: in go-back-N it
//!   drops what arrives ahead of the next one and NAKs the gap; in selective repeat it holds it
//!   and says so in each ACK's SACK bitmap.
//!
//! Sequence numbers count packets, `u16` modulo 2^16; `WINDOW` ≪ 2^15 keeps old and new apart.
//! Both ends stamp their frames with the link's incarnations ([`Incarnations`]); what a new one
//! means is the transport's business (`crate::udp`), which resets both ends.

mod receiver;
mod sender;
#[cfg(test)]
mod tests;

pub use receiver::{LinkReceiver, LinkReceiverStats, RxOutcome};
pub use sender::{LinkSender, LinkSenderStats};

use renq_abi::frame::{Body, Frame, FrameError};

/// The link parameters live in `renq_abi::frame` (the card's link layer uses the same).
pub use renq_abi::frame::{RTO, RTO_MAX, WINDOW};

/// MAC addresses of the two ends (locally administered).
#[derive(Clone, Copy, Debug)]
pub struct Macs {
    pub local: [u8; 6],
    pub peer: [u8; 6],
}

/// The incarnations (boot numbers, spec §7b) a link end stamps on its frames: its own, and
/// the peer's as last learned (`NO_INCARNATION` on links without restarts, or not yet known).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Incarnations {
    pub local: u32,
    pub peer: u32,
}

/// The bytes of a frame from this end.
fn frame(macs: Macs, inc: Incarnations, ack: u16, sack: u32, body: Body) -> Vec<u8> {
    Frame {
        dst_mac: macs.peer,
        src_mac: macs.local,
        ack,
        src_incarnation: inc.local,
        dst_incarnation: inc.peer,
        sack,
        body,
    }
    .encode()
}

/// Decode failures, one counter per `FrameError` kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BadFrames {
    pub truncated: u64,
    pub bad_length: u64,
    pub ether_type: u64,
    pub crc: u64,
    pub bad_type: u64,
    pub bad_packet: u64,
}

impl BadFrames {
    fn count(&mut self, e: FrameError) {
        *match e {
            FrameError::Truncated(_) => &mut self.truncated,
            FrameError::BadLength(_) => &mut self.bad_length,
            FrameError::UnknownEtherType(_) => &mut self.ether_type,
            FrameError::BadCrc { .. } => &mut self.crc,
            FrameError::BadType(_) | FrameError::BadCount(_) => &mut self.bad_type,
            FrameError::BadPacket(_) => &mut self.bad_packet,
        } += 1;
    }

    pub fn total(&self) -> u64 {
        self.truncated + self.bad_length + self.ether_type + self.crc + self.bad_type + self.bad_packet
    }

    /// Adds `o`'s counts to these (totals over links).
    pub fn add(&mut self, o: &BadFrames) {
        self.truncated += o.truncated;
        self.bad_length += o.bad_length;
        self.ether_type += o.ether_type;
        self.crc += o.crc;
        self.bad_type += o.bad_type;
        self.bad_packet += o.bad_packet;
    }

    /// Decodes `bytes`, counting why it is not a frame.
    pub fn decode(&mut self, bytes: &[u8]) -> Option<Frame> {
        Frame::decode(bytes).map_err(|e| self.count(e)).ok()
    }
}

/// One line over a link's (or a cluster's) counters, as `renq demo` and `renq node` print it;
/// frames that did not decode are counted whichever end (sender or receiver) took them.
/// Packets are counted one by one (a DATA frame carries one or more).
pub fn report_line(s: &LinkSenderStats, r: &LinkReceiverStats) -> String {
    let mut b = r.bad;
    b.add(&s.bad);
    format!(
        "DATA frames sent {} ({} packets, resent {}, timeouts {}, SACK resends {}, probes {}, NAKs taken {}); delivered {}, \
         held ahead {}, \
         dropped: duplicate {}, gap {}, out of window {}, refused {}, bad CRC {}, truncated {}, bad length {}, \
         EtherType {}, bad type {}, bad packet {}",
        s.frames_sent,
        s.packets_sent,
        s.resent,
        s.timeouts,
        s.sack_resends,
        s.probes,
        s.naks,
        r.delivered,
        r.held,
        r.duplicates,
        r.gaps,
        r.out_of_window,
        r.refused,
        b.crc,
        b.truncated,
        b.bad_length,
        b.ether_type,
        b.bad_type,
        b.bad_packet
    )
}
