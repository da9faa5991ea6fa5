//! The receiving half of the go-back-N link (spec §7d), the rules of
//! `renq_sim::reliable::LinkReceiver` in go-back-N: a DATA frame whose `seq` is the expected one is delivered
//! (into a one-entry output register towards the card) and ACKed; one up to `WINDOW - 1` ahead is
//! a gap: dropped, NAKed once per gap; one up to `WINDOW` behind is a duplicate: dropped and
//! re-ACKed (the earlier ACK may have been lost); anything else is out of window: dropped.
//! Every drop is an event (the register file counts them).
//!
//! A frame is taken when the output register is free or being emptied (`ready` does not depend
//! on `valid` nor on the frame). Replies (ACK/NAK carrying `expected`) wait in a one-entry
//! register; a new reply replaces one that has not left yet — cumulative ACKs supersede each
//! other — except that a waiting NAK stays a NAK until a delivery (the gap is still open).

use super::{FrameIn, FrameOut, GbnRxEvents, PayloadOut, SEQ_W, TYPE_W};
use renq_abi::frame;
use rust_hdl::prelude::*;

/// The receiving half for `W`-bit packet payloads.
#[derive(LogicBlock)]
pub struct GbnRx<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// DATA frames from the wire.
    pub data_in: FrameIn<W>,
    /// Delivered packets, in sequence order (outputs registered).
    pub packets: PayloadOut<W>,
    /// ACK/NAK frames to the wire.
    pub ctl_out: FrameOut<W>,
    pub events: GbnRxEvents,

    expected: DFFWithInit<Bits<SEQ_W>>,
    /// The current gap was NAKed.
    nak_sent: DFF<bool>,
    out_full: DFF<bool>,
    out_payload: DFF<Bits<W>>,
    reply_valid: DFF<bool>,
    reply_nak: DFF<bool>,
    reply_ack: DFF<Bits<SEQ_W>>,

    take: Signal<Local, bool>,
    good: Signal<Local, bool>,
    ahead: Signal<Local, Bits<SEQ_W>>,
    behind: Signal<Local, Bits<SEQ_W>>,
    deliver: Signal<Local, bool>,
    gap: Signal<Local, bool>,
    duplicate: Signal<Local, bool>,
    nak_now: Signal<Local, bool>,
    reply_taken: Signal<Local, bool>,
    new_reply: Signal<Local, bool>,
    expected_next: Signal<Local, Bits<SEQ_W>>,

    seq_one: Constant<Bits<SEQ_W>>,
    seq_zero: Constant<Bits<SEQ_W>>,
    window: Constant<Bits<SEQ_W>>,
    type_data: Constant<Bits<TYPE_W>>,
    type_ack: Constant<Bits<TYPE_W>>,
    type_nak: Constant<Bits<TYPE_W>>,
    payload_zero: Constant<Bits<W>>,
}

impl<const W: usize> Default for GbnRx<W> {
    fn default() -> Self {
        Self::starting_at(0)
    }
}

impl<const W: usize> GbnRx<W> {
    /// A receiver that expects `seq` first (see `GbnTx::starting_at`).
    pub fn starting_at(seq: u16) -> Self {
        Self {
            clock: Default::default(),
            data_in: Default::default(),
            packets: Default::default(),
            ctl_out: Default::default(),
            events: Default::default(),
            expected: DFFWithInit::new((seq as u64).into()),
            nak_sent: Default::default(),
            out_full: Default::default(),
            out_payload: Default::default(),
            reply_valid: Default::default(),
            reply_nak: Default::default(),
            reply_ack: Default::default(),
            take: Default::default(),
            good: Default::default(),
            ahead: Default::default(),
            behind: Default::default(),
            deliver: Default::default(),
            gap: Default::default(),
            duplicate: Default::default(),
            nak_now: Default::default(),
            reply_taken: Default::default(),
            new_reply: Default::default(),
            expected_next: Default::default(),
            seq_one: Constant::new(1.into()),
            seq_zero: Constant::new(0.into()),
            window: Constant::new((frame::WINDOW as u64).into()),
            type_data: Constant::new((frame::TYPE_DATA as u64).into()),
            type_ack: Constant::new((frame::TYPE_ACK as u64).into()),
            type_nak: Constant::new((frame::TYPE_NAK as u64).into()),
            payload_zero: Constant::new(0.into()),
        }
    }
}

impl<const W: usize> Logic for GbnRx<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, expected, nak_sent, out_full, out_payload, reply_valid, reply_nak, reply_ack);
        self.data_in.ready.next = !self.out_full.q.val() | self.packets.ready.val();
        self.take.next = self.data_in.valid.val() & self.data_in.ready.val();
        self.good.next =
            self.take.val() & self.data_in.crc_ok.val() & (self.data_in.kind.val() == self.type_data.val());
        // Classify by distance from `expected` (mod 2^16; WINDOW << 2^15 keeps the cases apart).
        self.ahead.next = self.data_in.seq.val() - self.expected.q.val();
        self.behind.next = self.expected.q.val() - self.data_in.seq.val();
        self.deliver.next = self.good.val() & (self.ahead.val() == self.seq_zero.val());
        self.gap.next = self.good.val() & !self.deliver.val() & (self.ahead.val() < self.window.val());
        self.duplicate.next =
            self.good.val() & !self.deliver.val() & !self.gap.val() & (self.behind.val() <= self.window.val());
        self.nak_now.next = self.gap.val() & !self.nak_sent.q.val();
        self.expected_next.next = self.expected.q.val();
        if self.deliver.val() {
            self.expected_next.next = self.expected.q.val() + self.seq_one.val();
        }
        self.expected.d.next = self.expected_next.val();
        if self.deliver.val() {
            self.nak_sent.d.next = false;
        }
        if self.nak_now.val() {
            self.nak_sent.d.next = true;
        }

        // The output register towards the card.
        if self.packets.ready.val() {
            self.out_full.d.next = false;
        }
        if self.deliver.val() {
            self.out_full.d.next = true;
            self.out_payload.d.next = self.data_in.payload.val();
        }
        self.packets.valid.next = self.out_full.q.val();
        self.packets.payload.next = self.out_payload.q.val();

        // The reply register towards the wire.
        self.reply_taken.next = self.reply_valid.q.val() & self.ctl_out.ready.val();
        self.new_reply.next = self.deliver.val() | self.duplicate.val() | self.nak_now.val();
        if self.reply_taken.val() {
            self.reply_valid.d.next = false;
        }
        if self.new_reply.val() {
            self.reply_valid.d.next = true;
            self.reply_ack.d.next = self.expected_next.val();
            self.reply_nak.d.next = self.nak_now.val()
                | (self.reply_valid.q.val() & !self.reply_taken.val() & self.reply_nak.q.val() & !self.deliver.val());
        }
        self.ctl_out.valid.next = self.reply_valid.q.val();
        self.ctl_out.kind.next = self.type_ack.val();
        if self.reply_nak.q.val() {
            self.ctl_out.kind.next = self.type_nak.val();
        }
        self.ctl_out.seq.next = self.seq_zero.val();
        self.ctl_out.ack.next = self.reply_ack.q.val();
        self.ctl_out.payload.next = self.payload_zero.val();
        self.ctl_out.crc_ok.next = true;

        self.events.delivered.next = self.deliver.val();
        self.events.duplicate.next = self.duplicate.val();
        self.events.gap.next = self.gap.val();
        self.events.out_of_window.next =
            self.good.val() & !self.deliver.val() & !self.gap.val() & !self.duplicate.val();
        self.events.unexpected.next = self.take.val() & self.data_in.crc_ok.val() & !self.good.val();
        self.events.bad.next = self.take.val() & !self.data_in.crc_ok.val();
        self.events.ack_sent.next = self.reply_taken.val() & !self.reply_nak.q.val();
        self.events.nak_sent.next = self.reply_taken.val() & self.reply_nak.q.val();
        self.events.merged.next = self.new_reply.val() & self.reply_valid.q.val() & !self.reply_taken.val();
    }
}

#[cfg(test)]
mod tests {
    use crate::harness::{Flow, Rng};
    use crate::link::stepper::{carrier_of, tagged, Fields, RxBench};
    use crate::link::{PAPER_PAYLOAD_W, PAYLOAD_W};
    use renq_abi::frame::WINDOW;

    /// Frames in order, with gaps, duplicates, strays, corrupt and non-DATA frames, offered with
    /// pauses (an offer stays until taken) to a receiver whose card and wire sides stall at
    /// random: every sequence number is delivered once, in order, every frame is classified
    /// exactly once, and the last reply acknowledges everything delivered.
    fn stream<const W: usize>(start: u16, seed: u64) {
        let carrier = carrier_of(W).expect("a link build");
        // The packet a well-behaved sender sends under `seq` (so a delivery names its seq).
        let packet = |seq: u16| carrier.pack(&tagged(carrier, seq as u64)).expect("a tagged packet fits");
        let mut rng = Rng(seed);
        let flow = |s: u64| Flow::Random { rng: Rng(seed ^ s), percent: 60 };
        let (mut source, mut card, mut wire) = (flow(1), flow(2), flow(3));
        let mut rx = RxBench::<W>::new(start);
        let (mut expected, mut offer, mut taken, mut last_ack) = (start, None, 0u64, None);
        let mut delivered = Vec::new();
        for cycle in 0..6000u64 {
            if offer.is_none() && source.go(cycle) {
                let seq = match rng.below(8) {
                    0..=3 => expected,
                    4 => expected.wrapping_add(1 + rng.below(WINDOW as u64) as u16),
                    5 => expected.wrapping_sub(rng.below(WINDOW as u64 + 1) as u16),
                    _ => rng.next_u64() as u16,
                };
                let mut f = Fields::data(seq, packet(seq));
                if rng.chance(5) {
                    f.crc_ok = false;
                }
                if rng.chance(5) {
                    f = Fields::ack(seq);
                }
                offer = Some(f);
            }
            let out = rx.cycle(offer, card.go(cycle), wire.go(cycle));
            if out.taken {
                taken += 1;
                offer = None;
            }
            if let Some(p) = out.delivered {
                delivered.push(p);
                expected = expected.wrapping_add(1);
            }
            if let Some(r) = out.reply {
                last_ack = Some(r.ack);
            }
        }
        // Drain: nothing offered, both sides ready.
        for _ in 0..3 {
            let out = rx.cycle(None, true, true);
            delivered.extend(out.delivered);
            last_ack = out.reply.map(|r| r.ack).or(last_ack);
        }
        let want: Vec<u128> = (0..delivered.len() as u16).map(|i| packet(start.wrapping_add(i))).collect();
        assert_eq!(delivered, want, "not each sequence number once, in order");
        let c = rx.counts;
        assert_eq!(c.delivered + c.duplicates + c.gaps + c.out_of_window + c.unexpected + c.bad, taken);
        assert!(c.delivered > 300 && c.duplicates > 0 && c.gaps > 0 && c.out_of_window > 0 && c.bad > 0, "{c:?}");
        assert!(c.naks_sent > 0 && c.merged > 0, "{c:?}");
        assert_eq!(last_ack, Some(start.wrapping_add(c.delivered as u16)));
    }

    #[test]
    fn random_frames_under_stalls_deliver_each_seq_once_in_order() {
        stream::<PAPER_PAYLOAD_W>(0, 0x1234_5678_9abc_def1);
        stream::<PAPER_PAYLOAD_W>(u16::MAX - 200, 0x0fed_cba9_8765_4321);
    }

    #[test]
    fn card_random_frames_under_stalls_deliver_each_seq_once_in_order() {
        stream::<PAYLOAD_W>(0, 0x1234_5678_9abc_def2);
        stream::<PAYLOAD_W>(u16::MAX - 200, 0x0fed_cba9_8765_4322);
    }
}
