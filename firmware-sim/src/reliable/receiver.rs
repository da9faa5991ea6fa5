//! The receiving end of a reliable link (spec §7b).

use super::{frame, BadFrames, Incarnations, Macs, WINDOW};
use renq_abi::frame::{Body, Frame};
use renq_abi::packet::Packet;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkReceiverStats {
    pub delivered: u64,
    /// Already delivered or held (a resend or a duplicate): dropped, re-ACKed.
    pub duplicates: u64,
    /// Selective repeat: ahead of the expected number, kept until the packets before it come.
    pub held: u64,
    /// Go-back-N: ahead of the expected number (a frame before it was lost): dropped, NAKed
    /// once per gap.
    pub gaps: u64,
    /// Neither recent nor within the window ahead: dropped silently.
    pub out_of_window: u64,
    pub unexpected: u64,
    /// The expected packet, which the destination did not take (its inbox was full): not
    /// acknowledged, so the sender's timer sends it again (spec §7b); go-back-N drops it,
    /// selective repeat keeps it and offers it again when the next frame comes.
    pub refused: u64,
    pub acks_sent: u64,
    pub naks_sent: u64,
    pub bad: BadFrames,
}

impl LinkReceiverStats {
    /// Adds `o`'s counts to these (totals over links).
    pub fn add(&mut self, o: &LinkReceiverStats) {
        self.delivered += o.delivered;
        self.duplicates += o.duplicates;
        self.held += o.held;
        self.gaps += o.gaps;
        self.out_of_window += o.out_of_window;
        self.unexpected += o.unexpected;
        self.refused += o.refused;
        self.acks_sent += o.acks_sent;
        self.naks_sent += o.naks_sent;
        self.bad.add(&o.bad);
    }
}

/// The receiving end: the next expected sequence number, and either whether its gap was NAKed
/// (go-back-N) or the packets held ahead of it (selective repeat).
#[derive(Debug)]
pub struct LinkReceiver {
    macs: Macs,
    pub incarnations: Incarnations,
    expected: u16,
    nak_sent: bool,
    /// Selective repeat: slot i holds packet `expected + i` once it came (slot 0 only while the
    /// destination refuses it). Empty in go-back-N.
    slots: VecDeque<Option<Packet>>,
    pub stats: LinkReceiverStats,
}

/// What one incoming frame produced: packets delivered and/or a control frame to send back.
#[derive(Debug, Default)]
pub struct RxOutcome {
    /// The packets taken, in order ([`LinkReceiver::on_bytes`]: every one in sequence).
    pub deliver: Vec<Packet>,
    pub reply: Option<Vec<u8>>,
}

impl LinkReceiver {
    /// A go-back-N receiver (as the card's link end is).
    pub fn new(macs: Macs) -> LinkReceiver {
        LinkReceiver {
            macs,
            incarnations: Incarnations::default(),
            expected: 0,
            nak_sent: false,
            slots: VecDeque::new(),
            stats: LinkReceiverStats::default(),
        }
    }

    /// A selective-repeat receiver: it holds what arrives ahead and says so in its ACKs.
    pub fn selective(macs: Macs) -> LinkReceiver {
        LinkReceiver { slots: (0..WINDOW).map(|_| None).collect(), ..LinkReceiver::new(macs) }
    }

    fn is_selective(&self) -> bool {
        !self.slots.is_empty()
    }

    /// The SACK bitmap: bit i for a packet `expected + 1 + i` held.
    fn sack(&self) -> u32 {
        self.slots.iter().skip(1).enumerate().filter(|(_, s)| s.is_some()).fold(0, |m, (i, _)| m | 1 << i)
    }

    fn control(&mut self, body: Body) -> Option<Vec<u8>> {
        match body {
            Body::Nak => self.stats.naks_sent += 1,
            _ => self.stats.acks_sent += 1,
        }
        Some(frame(self.macs, self.incarnations, self.expected, self.sack(), body))
    }

    /// An ACK of everything received so far, stamped with this end's incarnation: the answer
    /// to a frame meant for an earlier incarnation of this end (spec §7b).
    pub fn ack_now(&mut self) -> Vec<u8> {
        self.control(Body::Ack).expect("control frames are always made")
    }

    /// Forgets everything (the peer restarted): the next sequence number expected is 0.
    pub fn reset(&mut self) {
        (self.expected, self.nak_sent) = (0, false);
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// Takes a DATA frame off the wire; every packet in sequence is delivered.
    pub fn on_bytes(&mut self, bytes: &[u8]) -> RxOutcome {
        let Some(f) = self.stats.bad.decode(bytes) else { return RxOutcome::default() };
        let mut taken = Vec::new();
        let mut out = self.on_frame_into(&f, |p| {
            taken.push(p);
            true
        });
        out.deliver = taken;
        out
    }

    /// Takes a decoded DATA frame and hands each packet in sequence to `take`, which says
    /// whether the destination took it. A packet not taken is not acknowledged: `expected`
    /// stays and the sender's timer sends it again (back-pressure across a lossy link, spec
    /// §7b). Packets before `expected` (a resent frame that partly arrived before) are
    /// duplicates, re-ACKed.
    pub fn on_frame_into(&mut self, f: &Frame, take: impl FnMut(Packet) -> bool) -> RxOutcome {
        let Body::Data { seq, packets } = &f.body else {
            self.stats.unexpected += 1;
            return RxOutcome::default();
        };
        let reply = if self.is_selective() {
            self.selective_data(*seq, packets, take)
        } else {
            self.go_back_n_data(*seq, packets, take)
        };
        RxOutcome { deliver: Vec::new(), reply: reply.and_then(|b| self.control(b)) }
    }

    /// Go-back-N: only the expected packet is taken; the first packet ahead is a gap that drops
    /// the rest of the frame, NAKed once.
    fn go_back_n_data(&mut self, seq: u16, packets: &[Packet], mut take: impl FnMut(Packet) -> bool) -> Option<Body> {
        let mut reply = None;
        for (i, &packet) in packets.iter().enumerate() {
            let seq = seq.wrapping_add(i as u16);
            let ahead = seq.wrapping_sub(self.expected);
            let behind = self.expected.wrapping_sub(seq);
            if ahead == 0 && !take(packet) {
                self.stats.refused += 1;
                self.stats.gaps += (packets.len() - i - 1) as u64;
                self.nak_sent = true;
                break;
            } else if ahead == 0 {
                self.expected = self.expected.wrapping_add(1);
                self.nak_sent = false;
                self.stats.delivered += 1;
                reply = Some(Body::Ack);
            } else if ahead < WINDOW {
                // Consecutive numbers: the rest of the frame is ahead too.
                self.stats.gaps += (packets.len() - i) as u64;
                if !self.nak_sent && reply.is_none() {
                    reply = Some(Body::Nak);
                }
                self.nak_sent = true;
                break;
            } else if behind <= WINDOW {
                self.stats.duplicates += 1;
                reply = Some(Body::Ack);
            } else {
                self.stats.out_of_window += (packets.len() - i) as u64;
                break;
            }
        }
        reply
    }

    /// Selective repeat: every packet within the window is kept in its slot, then the slots
    /// from `expected` are delivered while the destination takes them. Any frame with a packet
    /// in or behind the window is ACKed (with the SACK bitmap).
    fn selective_data(&mut self, seq: u16, packets: &[Packet], mut take: impl FnMut(Packet) -> bool) -> Option<Body> {
        let mut reply = None;
        let mut placed = Vec::new();
        for (i, &packet) in packets.iter().enumerate() {
            let seq = seq.wrapping_add(i as u16);
            let ahead = seq.wrapping_sub(self.expected);
            if ahead < WINDOW {
                let slot = &mut self.slots[ahead as usize];
                if slot.is_some() {
                    self.stats.duplicates += 1;
                } else {
                    *slot = Some(packet);
                    placed.push(seq);
                }
                reply = Some(Body::Ack);
            } else if self.expected.wrapping_sub(seq) <= WINDOW {
                self.stats.duplicates += 1;
                reply = Some(Body::Ack);
            } else {
                self.stats.out_of_window += 1;
            }
        }
        while let Some(&Some(packet)) = self.slots.front() {
            if !take(packet) {
                self.stats.refused += 1;
                break;
            }
            self.slots.pop_front();
            self.slots.push_back(None);
            self.expected = self.expected.wrapping_add(1);
            self.stats.delivered += 1;
        }
        // What this frame placed and the destination has not taken waits in its slot.
        self.stats.held += placed.iter().filter(|s| s.wrapping_sub(self.expected) < WINDOW).count() as u64;
        reply
    }
}
