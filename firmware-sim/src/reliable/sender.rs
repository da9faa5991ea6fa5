//! The sending end of a reliable link (spec §7b): replay buffer, send pointer, retransmit
//! timer; go-back-N or selective repeat.

use super::{frame, BadFrames, Incarnations, Macs, RTO, RTO_MAX, WINDOW};
use renq_abi::frame::{wire_bytes, Body, Frame, MAX_FRAME_PACKETS};
use renq_abi::packet::Packet;
use std::collections::VecDeque;

/// Selective repeat: SACKed packets further on (sent no earlier) that make a packet lost.
const SACKED_AFTER: usize = 3;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkSenderStats {
    /// DATA frames put on the wire, first sends and resends.
    pub frames_sent: u64,
    /// Packets in them.
    pub packets_sent: u64,
    /// Packets sent again.
    pub resent: u64,
    /// Their bytes on an Ethernet wire: padding, FCS, preamble and gap included
    /// (`frame::wire_bytes`).
    pub wire_bytes: u64,
    pub timeouts: u64,
    pub naks: u64,
    /// Selective repeat: packets sent again because one sent after them arrived (SACKed or
    /// acknowledged), before the timer.
    pub sack_resends: u64,
    /// Selective repeat with the adaptive timeout: tail-loss probes (the last packet sent
    /// again after two round trips of silence, so its SACK reveals what was lost before it).
    pub probes: u64,
    /// ACK/NAKs that acknowledge nothing sent (stale or forged): ignored.
    pub ack_out_of_window: u64,
    /// Frames of a type a sender does not take (DATA).
    pub unexpected: u64,
    pub bad: BadFrames,
}

impl LinkSenderStats {
    /// Adds `o`'s counts to these (totals over links).
    pub fn add(&mut self, o: &LinkSenderStats) {
        self.frames_sent += o.frames_sent;
        self.packets_sent += o.packets_sent;
        self.resent += o.resent;
        self.wire_bytes += o.wire_bytes;
        self.timeouts += o.timeouts;
        self.naks += o.naks;
        self.sack_resends += o.sack_resends;
        self.probes += o.probes;
        self.ack_out_of_window += o.ack_out_of_window;
        self.unexpected += o.unexpected;
        self.bad.add(&o.bad);
    }
}

/// What selective repeat knows of one packet of the replay buffer.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    /// The receiver holds it (a SACK said so).
    sacked: bool,
    /// To be sent again.
    lost: bool,
    /// When it last left.
    sent_at: u64,
}

/// The sending end (see the module doc).
#[derive(Debug)]
pub struct LinkSender {
    macs: Macs,
    pub incarnations: Incarnations,
    /// Packets one DATA frame carries at most.
    batch: usize,
    /// DATA frames of new packets unacknowledged at most before the next waits for an ACK (and
    /// so takes every packet that came meanwhile); `usize::MAX`: no limit.
    frames_ahead: usize,
    /// Each frame of new packets sent since the last rewind and not yet acknowledged, as the
    /// sequence numbers of its first packet and the one after its last. A frame whose packets
    /// are all SACKed is acknowledged too: it leaves, so a hole being repaired does not hold
    /// back the frames behind it (selective repeat).
    frames_out: VecDeque<(u16, u16)>,
    /// Selective repeat (else go-back-N).
    selective: bool,
    /// Sequence number of `replay[0]`, the oldest unacknowledged packet.
    base: u16,
    replay: VecDeque<Packet>,
    /// Per packet of `replay` (selective repeat).
    marks: VecDeque<Mark>,
    /// Index into `replay` of the next packet to send for the first time (go-back-N: or again,
    /// after a rewind).
    next: usize,
    /// Highest `next` since the last rewind: ACKs beyond what was ever sent are forged.
    sent_high: usize,
    deadline: Option<u64>,
    rto: u64,
    /// The round-trip estimate, when the timeout adapts to it ([`LinkSender::adaptive`]).
    rtt: Option<RttEstimate>,
    /// When to send a tail-loss probe (selective repeat with the adaptive timeout; as RFC
    /// 8985's): when the packets in flight are the last ones sent and nothing is heard for two
    /// round trips, the last one goes again, and its ACK shows which packets sent before it
    /// did not arrive, long before the retransmit timer would. One probe per quiet spell: set
    /// again by a send or an ACK's progress.
    probe_at: Option<u64>,
    pub stats: LinkSenderStats,
}

/// A retransmission timeout that follows the measured round trip, as TCP's does (RFC 6298):
/// smoothed RTT and its mean deviation from one timed packet at a time, never one that was
/// resent (Karn's rule); the timeout is SRTT + 4·RTTVAR within [`RTO`, `RTO_MAX`], doubled at
/// each timeout until the next sample.
#[derive(Clone, Copy, Debug, Default)]
struct RttEstimate {
    srtt: f64,
    rttvar: f64,
    /// The shortest round trip sampled.
    min_rtt: u64,
    /// The packet being timed: its sequence number and when it first left.
    timing: Option<(u16, u64)>,
    samples: u64,
}

impl RttEstimate {
    fn sample(&mut self, r: f64) {
        if self.samples == 0 {
            (self.srtt, self.rttvar, self.min_rtt) = (r, r / 2.0, r as u64);
        } else {
            self.min_rtt = self.min_rtt.min(r as u64);
            self.rttvar = 0.75 * self.rttvar + 0.25 * (self.srtt - r).abs();
            self.srtt = 0.875 * self.srtt + 0.125 * r;
        }
        self.samples += 1;
    }

    fn rto(&self) -> u64 {
        if self.samples == 0 {
            return RTO;
        }
        ((self.srtt + 4.0 * self.rttvar).ceil() as u64).clamp(RTO, RTO_MAX)
    }
}

impl LinkSender {
    /// A go-back-N sender of one packet per frame, with the fixed timeout (as the card's link
    /// end sends).
    pub fn new(macs: Macs) -> LinkSender {
        LinkSender::batching(macs, 1)
    }

    /// A go-back-N sender that puts up to `batch` waiting packets (1..=`MAX_FRAME_PACKETS`) in
    /// one frame: a lone packet leaves at once, alone; a burst shares frames.
    pub fn batching(macs: Macs, batch: usize) -> LinkSender {
        assert!((1..=MAX_FRAME_PACKETS).contains(&batch), "a frame carries 1..={MAX_FRAME_PACKETS} packets");
        LinkSender {
            macs,
            incarnations: Incarnations::default(),
            batch,
            frames_ahead: usize::MAX,
            frames_out: VecDeque::new(),
            selective: false,
            base: 0,
            replay: VecDeque::with_capacity(WINDOW as usize),
            marks: VecDeque::with_capacity(WINDOW as usize),
            next: 0,
            sent_high: 0,
            deadline: None,
            rto: RTO,
            rtt: None,
            probe_at: None,
            stats: LinkSenderStats::default(),
        }
    }

    /// This sender with selective repeat: SACKs mark what the receiver holds, and only the
    /// rest is sent again: a packet once one sent after it (in time) is known to have arrived
    /// (as RACK, RFC 8985), every one not SACKed at a timeout.
    pub fn selective(mut self) -> LinkSender {
        self.selective = true;
        self
    }

    /// This sender with a timeout that adapts to the measured round trip (the software links;
    /// the card's link end keeps the fixed `RTO`, spec §7b).
    pub fn adaptive(mut self) -> LinkSender {
        self.rtt = Some(RttEstimate::default());
        self
    }

    /// This sender with at most `frames` DATA frames of new packets unacknowledged: beyond
    /// them, packets wait for the next ACK and leave together (a lone packet at idle still
    /// leaves at once).
    pub fn frames_ahead(mut self, frames: usize) -> LinkSender {
        self.frames_ahead = frames.max(1);
        self
    }

    /// The tick of the next timer (retransmit or probe), if one runs.
    pub fn next_timer(&self) -> Option<u64> {
        match (self.deadline, self.probe_at) {
            (Some(d), Some(p)) => Some(d.min(p)),
            (d, p) => d.or(p),
        }
    }

    /// The current retransmission timeout, in ticks.
    pub fn rto(&self) -> u64 {
        self.rto
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
        self.marks.push_back(Mark::default());
        Ok(())
    }

    /// Packets not yet acknowledged.
    pub fn in_flight(&self) -> usize {
        self.replay.len()
    }

    /// The next frame to put on the wire at time `now`, if any: packets marked lost (selective
    /// repeat), else the packets from the send pointer, up to the batch. Fires the timer first.
    pub fn poll(&mut self, now: u64) -> Option<Vec<u8>> {
        if self.deadline.is_some_and(|d| now >= d) {
            if self.probe_at.is_some() {
                // The first silence of a quiet spell is probed, not taken as every loss.
                (self.probe_at, self.deadline) = (Some(now), None);
            } else {
                self.stats.timeouts += 1;
                self.rto = (self.rto * 2).min(RTO_MAX);
                self.send_all_again(now);
            }
        }
        let (first, n) = match self.lost_run() {
            Some(run) => run,
            None => {
                let n = self.replay.len().saturating_sub(self.next).min(self.batch);
                if n == 0 || self.frames_out.len() >= self.frames_ahead {
                    let probe = self.tail_probe(now);
                    if !self.replay.is_empty() {
                        self.deadline.get_or_insert(now + self.rto);
                    }
                    return probe;
                }
                (self.next, n)
            }
        };
        let packets: Vec<Packet> = self.replay.range(first..first + n).copied().collect();
        let seq = self.base.wrapping_add(first as u16);
        let resent = if first < self.next { n } else { self.sent_high.saturating_sub(first).min(n) };
        self.stats.resent += resent as u64;
        if let Some(rtt) = self.rtt.as_mut().filter(|r| r.timing.is_none() && resent < n) {
            rtt.timing = Some((self.base.wrapping_add((first + resent) as u16), now));
        }
        self.marks.range_mut(first..first + n).for_each(|m| (m.lost, m.sent_at) = (false, now));
        if first < self.next {
            // The timer restarts with a resend, so the resend has its round trip before the
            // timer takes every packet not SACKed as lost too.
            self.deadline = Some(now + self.rto);
        } else {
            self.frames_out.push_back((seq, seq.wrapping_add(n as u16)));
            self.next += n;
            self.sent_high = self.sent_high.max(self.next);
        }
        self.deadline.get_or_insert(now + self.rto);
        self.arm_probe(now);
        Some(self.data_frame(seq, packets))
    }

    /// A DATA frame of `packets` from `seq`, counted.
    fn data_frame(&mut self, seq: u16, packets: Vec<Packet>) -> Vec<u8> {
        self.stats.frames_sent += 1;
        self.stats.packets_sent += packets.len() as u64;
        self.stats.wire_bytes += wire_bytes(packets.len()) as u64;
        frame(self.macs, self.incarnations, 0, 0, Body::Data { seq, packets })
    }

    /// Sets the probe two smoothed round trips from now (selective repeat, adaptive timeout);
    /// a retransmit timer that would fire first probes instead (see `poll`).
    fn arm_probe(&mut self, now: u64) {
        if let Some(rtt) = self.rtt.filter(|r| self.selective && r.samples > 0) {
            self.probe_at = Some(now + ((2.0 * rtt.srtt).ceil() as u64).clamp(2, self.rto));
        }
    }

    /// The probe, when it is due and nothing else may go: the last packet sent and not SACKed,
    /// alone.
    fn tail_probe(&mut self, now: u64) -> Option<Vec<u8>> {
        if self.probe_at.is_none_or(|at| now < at) {
            return None;
        }
        self.probe_at = None;
        let last = self.marks.range(..self.next).rposition(|m| !m.sacked)?;
        let seq = self.base.wrapping_add(last as u16);
        self.marks[last].sent_at = now;
        if let Some(rtt) = &mut self.rtt {
            rtt.timing = None;
        }
        // The retransmit timer runs again from the probe.
        self.deadline = Some(now + self.rto);
        self.stats.probes += 1;
        self.stats.resent += 1;
        Some(self.data_frame(seq, vec![self.replay[last]]))
    }

    /// Selective repeat: the first run of consecutive packets marked lost (index, length).
    fn lost_run(&self) -> Option<(usize, usize)> {
        let first = self.marks.range(..self.next).position(|m| m.lost)?;
        let n = self.marks.range(first..self.next).take(self.batch).take_while(|m| m.lost).count();
        Some((first, n))
    }

    /// A timeout or a NAK: go-back-N rewinds to the oldest packet; selective repeat marks
    /// every packet sent and not SACKed as lost.
    fn send_all_again(&mut self, now: u64) {
        if let Some(rtt) = &mut self.rtt {
            rtt.timing = None; // Karn: the ACK of a packet sent again times nothing
        }
        self.probe_at = None;
        if self.selective {
            for m in self.marks.range_mut(..self.next) {
                m.lost = !m.sacked;
            }
        } else {
            self.next = 0;
            self.frames_out.clear();
        }
        self.deadline = (!self.replay.is_empty()).then_some(now + self.rto);
    }

    /// Forgets everything (the peer restarted, spec §7b): the next packet is sequence number 0.
    /// Returns the packets that were in the replay buffer, unacknowledged: lost with the peer.
    pub fn reset(&mut self) -> Vec<Packet> {
        let lost = self.replay.drain(..).collect();
        self.marks.clear();
        (self.base, self.next, self.sent_high, self.deadline, self.rto) = (0, 0, 0, None, RTO);
        self.frames_out.clear();
        self.rtt = self.rtt.map(|_| RttEstimate::default());
        self.probe_at = None;
        lost
    }

    /// Takes an ACK/NAK frame off the wire.
    pub fn on_bytes(&mut self, bytes: &[u8], now: u64) {
        if let Some(f) = self.stats.bad.decode(bytes) {
            self.on_frame(&f, now);
        }
    }

    /// Takes a decoded ACK/NAK frame.
    pub fn on_frame(&mut self, f: &Frame, now: u64) {
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
        // The latest send time of a packet this ACK shows arrived (selective repeat).
        let mut newest = self.marks.range(..n).map(|m| m.sent_at).max();
        if n > 0 {
            self.acknowledged(n, now);
        }
        if self.selective {
            newest = newest.max(self.sacked(f.sack));
            // Sent again less than a round trip ago: the ACK is the earlier copy's (RFC 8985).
            let min_rtt = self.rtt.filter(|r| r.samples > 0).map_or(0, |r| r.min_rtt);
            newest = newest.filter(|&t| now.saturating_sub(t) >= min_rtt);
            self.detect_losses(newest);
        }
        if nak {
            self.stats.naks += 1;
            self.send_all_again(now);
        }
    }

    /// The cumulative ACK freed `n` packets.
    fn acknowledged(&mut self, n: usize, now: u64) {
        let freed_from = self.base;
        self.replay.drain(..n);
        self.marks.drain(..n);
        self.base = self.base.wrapping_add(n as u16);
        self.next = self.next.saturating_sub(n);
        self.sent_high -= n;
        // Frames wholly acknowledged: their ends are at most `n` past the old base.
        while self.frames_out.front().is_some_and(|&(_, e)| e.wrapping_sub(freed_from) as usize <= n) {
            self.frames_out.pop_front();
        }
        match &mut self.rtt {
            None => self.rto = RTO,
            // The timed packet is acknowledged when the ACK passes it; a backed-off timeout
            // stays until then (RFC 6298 5.7: else a peer slower than the timeout is never
            // timed, every packet being sent twice).
            Some(rtt) => {
                if let Some((_, sent)) = rtt.timing.filter(|&(seq, _)| seq.wrapping_sub(freed_from) < n as u16) {
                    rtt.sample(now.saturating_sub(sent) as f64);
                    rtt.timing = None;
                    self.rto = rtt.rto();
                }
            }
        }
        self.deadline = (!self.replay.is_empty()).then_some(now + self.rto);
        self.arm_probe(now);
    }

    /// A SACK bitmap (bit i: packet base + 1 + i is held): marks those; returns the latest
    /// send time of the packets it newly shows.
    fn sacked(&mut self, sack: u32) -> Option<u64> {
        let sent = self.next.min(self.marks.len());
        let mut newest = None;
        for i in (0..32).filter(|i| sack >> i & 1 == 1 && 1 + i < sent) {
            let m = &mut self.marks[1 + i];
            if !m.sacked {
                (m.sacked, m.lost) = (true, false);
                newest = newest.max(Some(m.sent_at));
            }
        }
        let (base, marks) = (self.base, &self.marks);
        self.frames_out.retain(|&(start, end)| {
            let (from, to) = (start.wrapping_sub(base) as usize, end.wrapping_sub(base) as usize);
            // (A frame that starts before the base is partly acknowledged: its rest counts.)
            let from = if from > to { 0 } else { from };
            marks.range(from..to.min(marks.len())).any(|m| !m.sacked)
        });
        newest
    }

    /// Selective repeat's loss detection, after an ACK. A packet neither acknowledged nor SACKed
    /// was lost if one sent (in time) after it, by more than a reordering window of a quarter
    /// round trip, arrived (`newest`: the latest send time this ACK shows arrived; RACK), or if
    /// `SACKED_AFTER` packets further on, sent no earlier than it, are SACKed (packets that left
    /// in one frame share a send time: as TCP's duplicate-ACK threshold). It goes again now.
    fn detect_losses(&mut self, newest: Option<u64>) {
        let reordering = self.rtt.filter(|r| r.samples > 0).map_or(RTO / 4, |r| (r.srtt / 4.0).ceil() as u64).max(1);
        let mut resend = false;
        // Send times of the SACKed packets above the one looked at.
        let mut sacked_after: Vec<u64> = Vec::new();
        for m in self.marks.range_mut(..self.next).rev() {
            if m.sacked {
                sacked_after.push(m.sent_at);
                continue;
            }
            let by_time = newest.is_some_and(|t| m.sent_at + reordering <= t);
            let by_count = sacked_after.iter().filter(|&&t| t >= m.sent_at).count() >= SACKED_AFTER;
            if !m.lost && (by_time || by_count) {
                m.lost = true;
                self.stats.sack_resends += 1;
                resend = true;
            }
        }
        if resend {
            if let Some(rtt) = &mut self.rtt {
                rtt.timing = None;
            }
        }
    }
}
