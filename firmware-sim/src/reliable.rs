//! Go-back-N reliable link (spec §7b): pure, clock-driven state machines over link frames.
//!
//! The sender keeps every unacknowledged packet in a replay buffer of at most `WINDOW` frames;
//! a cumulative ACK frees a prefix, a NAK or the retransmit timer rewinds to the oldest one. The
//! receiver accepts only the next sequence number, so each is delivered exactly once, in order.
//! Sequence numbers are `u16` modulo 2^16; `WINDOW` ≪ 2^15 keeps old and new apart.

use renq_abi::frame::{Body, Frame, FrameError, FRAME_BYTES};
use renq_abi::packet::Packet;
use std::collections::VecDeque;

/// The go-back-N parameters live in `renq_abi::frame` (the card's link layer uses the same).
pub use renq_abi::frame::{RTO, RTO_MAX, WINDOW};

/// MAC addresses of the two ends (locally administered).
#[derive(Clone, Copy, Debug)]
pub struct Macs {
    pub local: [u8; 6],
    pub peer: [u8; 6],
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
            FrameError::BadType(_) => &mut self.bad_type,
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

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GbnSenderStats {
    /// DATA frames put on the wire, first sends and resends.
    pub frames_sent: u64,
    pub resent: u64,
    pub timeouts: u64,
    pub naks: u64,
    /// ACK/NAKs that acknowledge nothing sent (stale or forged): ignored.
    pub ack_out_of_window: u64,
    /// Frames of a type a sender does not take (DATA).
    pub unexpected: u64,
    pub bad: BadFrames,
}

impl GbnSenderStats {
    /// Adds `o`'s counts to these (totals over links).
    pub fn add(&mut self, o: &GbnSenderStats) {
        self.frames_sent += o.frames_sent;
        self.resent += o.resent;
        self.timeouts += o.timeouts;
        self.naks += o.naks;
        self.ack_out_of_window += o.ack_out_of_window;
        self.unexpected += o.unexpected;
        self.bad.add(&o.bad);
    }
}

/// The sending end: replay buffer, send pointer, retransmit timer.
#[derive(Debug)]
pub struct GbnSender {
    macs: Macs,
    /// Sequence number of `replay[0]`, the oldest unacknowledged packet.
    base: u16,
    replay: VecDeque<Packet>,
    /// Index into `replay` of the next frame to transmit.
    next: usize,
    /// Highest `next` since the last rewind: ACKs beyond what was ever sent are forged.
    sent_high: usize,
    deadline: Option<u64>,
    rto: u64,
    pub stats: GbnSenderStats,
}

impl GbnSender {
    pub fn new(macs: Macs) -> GbnSender {
        GbnSender {
            macs,
            base: 0,
            replay: VecDeque::with_capacity(WINDOW as usize),
            next: 0,
            sent_high: 0,
            deadline: None,
            rto: RTO,
            stats: GbnSenderStats::default(),
        }
    }

    /// Room for one more packet in the replay buffer.
    pub fn can_push(&self) -> bool {
        self.replay.len() < WINDOW as usize
    }

    /// Queues a packet; gives it back when the window is full (back-pressure, nothing dropped).
    pub fn push(&mut self, p: Packet) -> Result<(), Packet> {
        if !self.can_push() {
            return Err(p);
        }
        self.replay.push_back(p);
        Ok(())
    }

    /// Packets not yet acknowledged.
    pub fn in_flight(&self) -> usize {
        self.replay.len()
    }

    /// The next frame to put on the wire at time `now`, if any. Fires the timer first.
    pub fn poll(&mut self, now: u64) -> Option<[u8; FRAME_BYTES]> {
        if self.deadline.is_some_and(|d| now >= d) {
            self.stats.timeouts += 1;
            self.rto = (self.rto * 2).min(RTO_MAX);
            self.rewind(now);
        }
        let packet = *self.replay.get(self.next)?;
        let seq = self.base.wrapping_add(self.next as u16);
        if self.next < self.sent_high {
            self.stats.resent += 1;
        }
        self.next += 1;
        self.sent_high = self.sent_high.max(self.next);
        self.stats.frames_sent += 1;
        self.deadline.get_or_insert(now + self.rto);
        let f = Frame { dst_mac: self.macs.peer, src_mac: self.macs.local, ack: 0, body: Body::Data { seq, packet } };
        Some(f.encode())
    }

    fn rewind(&mut self, now: u64) {
        self.next = 0;
        self.deadline = (!self.replay.is_empty()).then_some(now + self.rto);
    }

    /// Takes an ACK/NAK frame off the wire.
    pub fn on_bytes(&mut self, bytes: &[u8], now: u64) {
        let Some(f) = self.stats.bad.decode(bytes) else { return };
        let nak = match f.body {
            Body::Ack => false,
            Body::Nak => true,
            Body::Data { .. } => {
                self.stats.unexpected += 1;
                return;
            }
        };
        let n = f.ack.wrapping_sub(self.base) as usize;
        if n > self.sent_high {
            self.stats.ack_out_of_window += 1;
            return;
        }
        if n > 0 {
            self.replay.drain(..n);
            self.base = f.ack;
            self.next = self.next.saturating_sub(n);
            self.sent_high -= n;
            self.rto = RTO;
            self.deadline = (!self.replay.is_empty()).then_some(now + self.rto);
        }
        if nak {
            self.stats.naks += 1;
            self.rewind(now);
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GbnReceiverStats {
    pub delivered: u64,
    /// Already delivered (a resend or a duplicate): dropped, re-ACKed.
    pub duplicates: u64,
    /// Ahead of the expected number (a frame before it was lost): dropped, NAKed once per gap.
    pub gaps: u64,
    /// Neither recent nor within the window ahead: dropped silently.
    pub out_of_window: u64,
    pub unexpected: u64,
    /// The expected frame, which the destination did not take (its inbox was full): dropped
    /// without an ACK, so it stays in the sender's window and comes again (spec §7b).
    pub refused: u64,
    pub acks_sent: u64,
    pub naks_sent: u64,
    pub bad: BadFrames,
}

impl GbnReceiverStats {
    /// Adds `o`'s counts to these (totals over links).
    pub fn add(&mut self, o: &GbnReceiverStats) {
        self.delivered += o.delivered;
        self.duplicates += o.duplicates;
        self.gaps += o.gaps;
        self.out_of_window += o.out_of_window;
        self.unexpected += o.unexpected;
        self.refused += o.refused;
        self.acks_sent += o.acks_sent;
        self.naks_sent += o.naks_sent;
        self.bad.add(&o.bad);
    }
}

/// One line over a link's (or a cluster's) counters, as `renq demo` and `renq node` print it;
/// frames that did not decode are counted whichever end (sender or receiver) took them.
pub fn report_line(s: &GbnSenderStats, r: &GbnReceiverStats) -> String {
    let mut b = r.bad;
    b.add(&s.bad);
    format!(
        "DATA frames sent {} (resent {}, timeouts {}, NAKs taken {}); delivered {}, dropped: duplicate {}, \
         gap {}, out of window {}, refused {}, bad CRC {}, truncated {}, bad length {}, EtherType {}, \
         bad type {}, bad packet {}",
        s.frames_sent,
        s.resent,
        s.timeouts,
        s.naks,
        r.delivered,
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

/// The receiving end: the next expected sequence number and whether its gap was NAKed.
#[derive(Debug)]
pub struct GbnReceiver {
    macs: Macs,
    expected: u16,
    nak_sent: bool,
    pub stats: GbnReceiverStats,
}

/// What one incoming frame produced: a packet to deliver and/or a control frame to send back.
#[derive(Debug, Default)]
pub struct RxOutcome {
    pub deliver: Option<Packet>,
    pub reply: Option<[u8; FRAME_BYTES]>,
}

impl GbnReceiver {
    pub fn new(macs: Macs) -> GbnReceiver {
        GbnReceiver { macs, expected: 0, nak_sent: false, stats: GbnReceiverStats::default() }
    }

    fn control(&mut self, body: Body) -> Option<[u8; FRAME_BYTES]> {
        match body {
            Body::Nak => self.stats.naks_sent += 1,
            _ => self.stats.acks_sent += 1,
        }
        Some(Frame { dst_mac: self.macs.peer, src_mac: self.macs.local, ack: self.expected, body }.encode())
    }

    /// Takes a DATA frame off the wire.
    pub fn on_bytes(&mut self, bytes: &[u8]) -> RxOutcome {
        self.on_bytes_into(bytes, |_| true)
    }

    /// Takes a DATA frame off the wire and hands the expected packet to `take`, which says
    /// whether the destination took it. A packet not taken is not acknowledged: `expected`
    /// stays, the frames behind it are dropped as gaps without a NAK, and the sender's timer
    /// resends it (back-pressure across a lossy link, spec §7b).
    pub fn on_bytes_into(&mut self, bytes: &[u8], take: impl FnOnce(Packet) -> bool) -> RxOutcome {
        let Some(f) = self.stats.bad.decode(bytes) else { return RxOutcome::default() };
        let Body::Data { seq, packet } = f.body else {
            self.stats.unexpected += 1;
            return RxOutcome::default();
        };
        let ahead = seq.wrapping_sub(self.expected);
        let behind = self.expected.wrapping_sub(seq);
        if ahead == 0 && !take(packet) {
            self.stats.refused += 1;
            self.nak_sent = true;
            RxOutcome::default()
        } else if ahead == 0 {
            self.expected = self.expected.wrapping_add(1);
            self.nak_sent = false;
            self.stats.delivered += 1;
            RxOutcome { deliver: Some(packet), reply: self.control(Body::Ack) }
        } else if ahead < WINDOW {
            self.stats.gaps += 1;
            let reply = if self.nak_sent { None } else { self.control(Body::Nak) };
            self.nak_sent = true;
            RxOutcome { deliver: None, reply }
        } else if behind <= WINDOW {
            self.stats.duplicates += 1;
            RxOutcome { deliver: None, reply: self.control(Body::Ack) }
        } else {
            self.stats.out_of_window += 1;
            RxOutcome::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Macs = Macs { local: [2, 0, 0, 0, 0, 1], peer: [2, 0, 0, 0, 0, 2] };
    const B: Macs = Macs { local: [2, 0, 0, 0, 0, 2], peer: [2, 0, 0, 0, 0, 1] };

    fn p(data: u64) -> Packet {
        Packet::enqueue(1, 2, 0, data)
    }

    #[test]
    fn window_full_gives_the_packet_back() {
        let mut s = GbnSender::new(A);
        for i in 0..WINDOW as u64 {
            s.push(p(i)).unwrap();
        }
        assert_eq!(s.push(p(99)), Err(p(99)));
    }

    #[test]
    fn gap_is_naked_once_and_the_resend_is_delivered_once() {
        let (mut s, mut r) = (GbnSender::new(A), GbnReceiver::new(B));
        for i in 0..3 {
            s.push(p(i)).unwrap();
        }
        let f: Vec<_> = (0..3).map(|_| s.poll(0).unwrap()).collect();
        // Frame 0 is lost: 1 and 2 are gaps, only the first NAKs.
        let nak = r.on_bytes(&f[1]).reply.unwrap();
        assert!(r.on_bytes(&f[2]).reply.is_none());
        assert_eq!((r.stats.gaps, r.stats.naks_sent), (2, 1));
        s.on_bytes(&nak, 1);
        let again: Vec<_> = (0..3).map(|_| s.poll(1).unwrap()).collect();
        assert_eq!(s.stats.resent, 3);
        let got: Vec<_> = again.iter().filter_map(|f| r.on_bytes(f).deliver).map(|p| p.data).collect();
        assert_eq!(got, [0, 1, 2]);
        // A late duplicate is re-ACKed, not delivered.
        let out = r.on_bytes(&f[1]);
        assert!(out.deliver.is_none() && out.reply.is_some());
        assert_eq!(r.stats.duplicates, 1);
    }

    #[test]
    fn timer_rewinds_and_backs_off_and_forged_acks_are_ignored() {
        let mut s = GbnSender::new(A);
        s.push(p(0)).unwrap();
        assert!(s.poll(0).is_some() && s.poll(1).is_none());
        assert!(s.poll(RTO).is_some(), "resent at the first timeout");
        assert!(s.poll(RTO + RTO).is_none(), "the second timeout is twice as far");
        assert!(s.poll(RTO + 2 * RTO).is_some());
        let forged = Frame { dst_mac: A.local, src_mac: A.peer, ack: 5, body: Body::Ack }.encode();
        s.on_bytes(&forged, 0);
        assert_eq!((s.stats.ack_out_of_window, s.in_flight()), (1, 1));
        let ack = Frame { ack: 1, ..Frame::decode(&forged).unwrap() }.encode();
        s.on_bytes(&ack, 0);
        assert_eq!(s.in_flight(), 0);
    }
}
