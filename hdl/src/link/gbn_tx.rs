//! The sending half of the go-back-N link (spec §7d): packets from the card go into a replay RAM
//! of `WINDOW` entries (slot = low bits of the sequence number) and leave as DATA frames; a
//! cumulative ACK frees a prefix; a NAK, or the retransmit timer, rewinds to the oldest
//! unacknowledged packet. The rules are those of `renq_sim::reliable::LinkSender` in go-back-N.
//!
//! State: four sequence numbers, `base` ≤ `next` ≤ `high` ≤ `tail` (mod 2^16): the oldest
//! unacknowledged packet, the next one to send, one past the highest ever sent, one past the
//! newest pushed. The timer counts `tick` pulses (a prescaler outside sets the tick; the
//! simulator's tick is 1 µs).
//!
//! One clock cycle takes, in this order: the DATA frame offered (if the wire takes it), the
//! ACK/NAK decided in the cycle before, a timer tick, a packet from the card (taken while the
//! window has room: `ready` depends on registers only).
//!
//! An ACK/NAK frame (always taken) is decided in the cycle it arrives and applied in the next:
//! the in-window test (`ack - base <= high - base`, two 16-bit subtractions and a compare) ends
//! in the `pending_*` registers instead of running on into the rewind of `next`, the replay
//! RAM's address and the timer in the same cycle — the link's critical path (spec §7d). The
//! decision is made against `base` as the pending ACK leaves it, so back-to-back ACKs are each
//! judged like one at a time; against `high` as it was (an ACK cannot acknowledge a frame
//! leaving in the cycle it arrives, and `high` only grows, so it stays in window). The cost is
//! one cycle of ACK latency: freed room, a rewind and the timer's restart come a cycle later
//! (at worst one more frame or a spurious resend; what is delivered does not change).
//!
//! The replay RAM reads synchronously: the address is the *next* cycle's `next`, so its word is
//! on the RAM's output when that cycle comes. A packet written in the cycle that address was read
//! is not there yet (read-before-write): `fresh` holds the offer back for that one cycle.

use super::{FrameIn, FrameOut, GbnTxEvents, PayloadIn, SEQ_W, SLOT_W, TIMER_W, TYPE_W};
use renq_abi::frame;
use rust_hdl::prelude::*;

/// The sending half for `W`-bit packet payloads.
#[derive(LogicBlock)]
pub struct GbnTx<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Packets from the card.
    pub packets: PayloadIn<W>,
    /// DATA frames to the wire.
    pub data_out: FrameOut<W>,
    /// ACK/NAK frames from the wire (always taken: `ready` is high).
    pub ctl_in: FrameIn<W>,
    /// One retransmit-timer tick (high for one cycle per tick).
    pub tick: Signal<In, bool>,
    pub events: GbnTxEvents,

    replay: RAM<Bits<W>, SLOT_W>,
    base: DFFWithInit<Bits<SEQ_W>>,
    next: DFFWithInit<Bits<SEQ_W>>,
    high: DFFWithInit<Bits<SEQ_W>>,
    tail: DFFWithInit<Bits<SEQ_W>>,
    /// `next - base`, kept in step with both so that the freed-`next` test is one compare
    /// between registers (no subtractor in front of it on the path to the RAM's address).
    next_from_base: DFF<Bits<SEQ_W>>,
    /// The RAM's output holds the word at `next`.
    fresh: DFF<bool>,
    /// `next != tail`, registered so that the offer (and `sent`, which steers `next`) is one
    /// gate from the registers instead of a 16-bit compare.
    unsent: DFF<bool>,
    timer_on: DFF<bool>,
    /// Ticks left before the timer fires (while `timer_on`).
    timer: DFF<Bits<TIMER_W>>,
    /// The current timeout: `RTO`, doubled per timeout up to `RTO_MAX`, back to `RTO` on progress.
    rto: DFFWithInit<Bits<TIMER_W>>,
    /// The ACK/NAK decided last cycle, applied this one: it frees packets up to `pending_ack`
    /// (`pending_acked` of them, one at least) / it rewinds `next`.
    pending_progress: DFF<bool>,
    pending_nak: DFF<bool>,
    pending_ack: DFF<Bits<SEQ_W>>,
    pending_acked: DFF<Bits<SEQ_W>>,
    /// `pending_acked - 1`, so that the freed-`next` test needs no adder after `sent`.
    pending_acked_less1: DFF<Bits<SEQ_W>>,

    // Stage 1: the DATA frame offered leaves.
    sent: Signal<Local, bool>,
    next_plus: Signal<Local, Bits<SEQ_W>>,
    next1: Signal<Local, Bits<SEQ_W>>,
    high1: Signal<Local, Bits<SEQ_W>>,
    // Stage 2: the pending ACK/NAK is applied; the arriving one is decided.
    ctl: Signal<Local, bool>,
    base_after: Signal<Local, Bits<SEQ_W>>,
    acked: Signal<Local, Bits<SEQ_W>>,
    ack_ok: Signal<Local, bool>,
    progress: Signal<Local, bool>,
    nak: Signal<Local, bool>,
    next_freed: Signal<Local, bool>,
    next_from_base_plus: Signal<Local, Bits<SEQ_W>>,
    next_from_new_base: Signal<Local, Bits<SEQ_W>>,
    base2: Signal<Local, Bits<SEQ_W>>,
    next2: Signal<Local, Bits<SEQ_W>>,
    rto2: Signal<Local, Bits<TIMER_W>>,
    // Stage 3: the timer.
    expire: Signal<Local, bool>,
    rto_doubled: Signal<Local, Bits<TIMER_W>>,
    next3: Signal<Local, Bits<SEQ_W>>,
    // `nextN == tail`, chosen alongside `nextN` from compares between registers (for `unsent`).
    base_at_tail: Signal<Local, bool>,
    ack_at_tail: Signal<Local, bool>,
    base2_at_tail: Signal<Local, bool>,
    at_tail1: Signal<Local, bool>,
    at_tail2: Signal<Local, bool>,
    at_tail3: Signal<Local, bool>,
    // Stage 4: a packet from the card.
    push: Signal<Local, bool>,

    seq_one: Constant<Bits<SEQ_W>>,
    seq_zero: Constant<Bits<SEQ_W>>,
    window: Constant<Bits<SEQ_W>>,
    timer_one: Constant<Bits<TIMER_W>>,
    rto_first: Constant<Bits<TIMER_W>>,
    rto_max: Constant<Bits<TIMER_W>>,
    type_data: Constant<Bits<TYPE_W>>,
    type_ack: Constant<Bits<TYPE_W>>,
    type_nak: Constant<Bits<TYPE_W>>,
}

impl<const W: usize> Default for GbnTx<W> {
    fn default() -> Self {
        Self::starting_at(0)
    }
}

impl<const W: usize> GbnTx<W> {
    /// A sender whose first sequence number is `seq` (the link's ends must agree; the card
    /// starts at 0 like the simulator, tests start near 2^16 to cross the wrap).
    pub fn starting_at(seq: u16) -> Self {
        let s = || DFFWithInit::new((seq as u64).into());
        Self {
            clock: Default::default(),
            packets: Default::default(),
            data_out: Default::default(),
            ctl_in: Default::default(),
            tick: Default::default(),
            events: Default::default(),
            replay: Default::default(),
            base: s(),
            next: s(),
            high: s(),
            tail: s(),
            next_from_base: Default::default(),
            fresh: Default::default(),
            unsent: Default::default(),
            timer_on: Default::default(),
            timer: Default::default(),
            rto: DFFWithInit::new(frame::RTO.into()),
            pending_progress: Default::default(),
            pending_nak: Default::default(),
            pending_ack: Default::default(),
            pending_acked: Default::default(),
            pending_acked_less1: Default::default(),
            sent: Default::default(),
            next_plus: Default::default(),
            next1: Default::default(),
            high1: Default::default(),
            ctl: Default::default(),
            base_after: Default::default(),
            acked: Default::default(),
            ack_ok: Default::default(),
            progress: Default::default(),
            nak: Default::default(),
            next_freed: Default::default(),
            next_from_base_plus: Default::default(),
            next_from_new_base: Default::default(),
            base2: Default::default(),
            next2: Default::default(),
            rto2: Default::default(),
            expire: Default::default(),
            rto_doubled: Default::default(),
            next3: Default::default(),
            base_at_tail: Default::default(),
            ack_at_tail: Default::default(),
            base2_at_tail: Default::default(),
            at_tail1: Default::default(),
            at_tail2: Default::default(),
            at_tail3: Default::default(),
            push: Default::default(),
            seq_one: Constant::new(1.into()),
            seq_zero: Constant::new(0.into()),
            window: Constant::new((frame::WINDOW as u64).into()),
            timer_one: Constant::new(1.into()),
            rto_first: Constant::new(frame::RTO.into()),
            rto_max: Constant::new(frame::RTO_MAX.into()),
            type_data: Constant::new((frame::TYPE_DATA as u64).into()),
            type_ack: Constant::new((frame::TYPE_ACK as u64).into()),
            type_nak: Constant::new((frame::TYPE_NAK as u64).into()),
        }
    }
}

impl<const W: usize> Logic for GbnTx<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            base,
            next,
            high,
            tail,
            next_from_base,
            fresh,
            unsent,
            timer_on,
            timer,
            rto,
            pending_progress,
            pending_nak,
            pending_ack,
            pending_acked,
            pending_acked_less1
        );
        self.replay.read_clock.next = self.clock.val();
        self.replay.write_clock.next = self.clock.val();

        // The offer: the packet at `next`, if one is pushed and not yet sent since the last rewind.
        self.data_out.valid.next = self.unsent.q.val() & self.fresh.q.val();
        self.data_out.kind.next = self.type_data.val();
        self.data_out.seq.next = self.next.q.val();
        self.data_out.ack.next = self.seq_zero.val();
        self.data_out.payload.next = self.replay.read_data.val();
        self.data_out.crc_ok.next = true;
        self.ctl_in.ready.next = true;
        // Room for one more packet (tail - base < WINDOW).
        self.packets.ready.next = (self.tail.q.val() - self.base.q.val()) != self.window.val();

        // Stage 1: the offered frame leaves; `high` moves past it if it was a first send.
        self.sent.next = self.data_out.valid.val() & self.data_out.ready.val();
        self.next_plus.next = self.next.q.val() + self.seq_one.val();
        self.next1.next = self.next.q.val();
        self.at_tail1.next = !self.unsent.q.val();
        self.high1.next = self.high.q.val();
        if self.sent.val() {
            self.next1.next = self.next_plus.val();
            self.at_tail1.next = self.next_plus.val() == self.tail.q.val();
            if self.next.q.val() == self.high.q.val() {
                self.high1.next = self.next_plus.val();
            }
        }

        // Stage 2, decide: a cumulative ACK (or NAK) for `acked` packets past `base` as the pending
        // one leaves it; more than were sent is forged. Registers and the frame only.
        self.ctl.next = self.ctl_in.valid.val()
            & self.ctl_in.crc_ok.val()
            & ((self.ctl_in.kind.val() == self.type_ack.val()) | (self.ctl_in.kind.val() == self.type_nak.val()));
        self.base_after.next = self.base.q.val();
        if self.pending_progress.q.val() {
            self.base_after.next = self.pending_ack.q.val();
        }
        self.acked.next = self.ctl_in.ack.val() - self.base_after.val();
        self.ack_ok.next = self.ctl.val() & (self.acked.val() <= (self.high.q.val() - self.base_after.val()));
        self.pending_progress.d.next = self.ack_ok.val() & (self.acked.val() != self.seq_zero.val());
        self.pending_nak.d.next = self.ack_ok.val() & (self.ctl_in.kind.val() == self.type_nak.val());
        self.pending_ack.d.next = self.ctl_in.ack.val();
        self.pending_acked.d.next = self.acked.val();
        self.pending_acked_less1.d.next = self.acked.val() - self.seq_one.val();

        // Stage 2, apply the pending one: `base` moves up; `next`, if among the freed packets,
        // continues after them ((next1 - base) < acked, with next1 = next + sent); a NAK rewinds.
        self.progress.next = self.pending_progress.q.val();
        self.nak.next = self.pending_nak.q.val();
        self.next_freed.next = self.next_from_base.q.val() < self.pending_acked.q.val();
        self.next_from_base_plus.next = self.next_from_base.q.val();
        self.next_from_new_base.next = self.next_from_base.q.val() - self.pending_acked.q.val();
        if self.sent.val() {
            self.next_freed.next = self.next_from_base.q.val() < self.pending_acked_less1.q.val();
            self.next_from_base_plus.next = self.next_from_base.q.val() + self.seq_one.val();
            self.next_from_new_base.next = self.next_from_base.q.val() - self.pending_acked_less1.q.val();
        }
        self.base_at_tail.next = self.base.q.val() == self.tail.q.val();
        self.ack_at_tail.next = self.pending_ack.q.val() == self.tail.q.val();
        self.base2.next = self.base.q.val();
        self.base2_at_tail.next = self.base_at_tail.val();
        self.next2.next = self.next1.val();
        self.at_tail2.next = self.at_tail1.val();
        self.rto2.next = self.rto.q.val();
        if self.progress.val() {
            self.base2.next = self.pending_ack.q.val();
            self.base2_at_tail.next = self.ack_at_tail.val();
            self.rto2.next = self.rto_first.val();
            if self.next_freed.val() {
                self.next2.next = self.pending_ack.q.val();
                self.at_tail2.next = self.ack_at_tail.val();
            }
        }
        if self.nak.val() {
            self.next2.next = self.base2.val();
            self.at_tail2.next = self.base2_at_tail.val();
        }

        // Stage 3: the timer fires on the tick that ends its count, unless an ACK/NAK restarts it.
        self.expire.next = self.tick.val()
            & self.timer_on.q.val()
            & (self.timer.q.val() == self.timer_one.val())
            & !self.progress.val()
            & !self.nak.val();
        self.rto_doubled.next = self.rto.q.val() + self.rto.q.val();
        if self.rto.q.val() == self.rto_max.val() {
            self.rto_doubled.next = self.rto_max.val();
        }
        self.next3.next = self.next2.val();
        self.at_tail3.next = self.at_tail2.val();
        if self.expire.val() {
            self.next3.next = self.base.q.val();
            self.at_tail3.next = self.base_at_tail.val();
        }

        // Stage 4: a packet from the card goes in at `tail`.
        self.push.next = self.packets.valid.val() & self.packets.ready.val();
        self.replay.write_data.next = self.packets.payload.val();
        self.replay.write_address.next = self.tail.q.val().get_bits::<SLOT_W>(0);
        self.replay.write_enable.next = self.push.val();
        self.replay.read_address.next = self.next3.val().get_bits::<SLOT_W>(0);

        // Next state.
        self.base.d.next = self.base2.val();
        self.next.d.next = self.next3.val();
        self.high.d.next = self.high1.val();
        // `next - base` after this cycle, case by case as `next3` and `base2` were chosen.
        self.next_from_base.d.next = self.next_from_base_plus.val();
        if self.progress.val() {
            self.next_from_base.d.next = self.next_from_new_base.val();
            if self.next_freed.val() {
                self.next_from_base.d.next = self.seq_zero.val();
            }
        }
        if self.nak.val() | self.expire.val() {
            self.next_from_base.d.next = self.seq_zero.val();
        }
        if self.push.val() {
            self.tail.d.next = self.tail.q.val() + self.seq_one.val();
        }
        // `next` never passes `tail`, so after a push `next` is short of the new tail.
        self.unsent.d.next = self.push.val() | !self.at_tail3.val();
        self.fresh.d.next =
            !(self.push.val() & (self.tail.q.val().get_bits::<SLOT_W>(0) == self.next3.val().get_bits::<SLOT_W>(0)));
        // The timer: counts ticks while on; a first send starts it; a timeout restarts it with
        // the doubled timeout; an ACK with progress or a NAK restarts it (off once all is acked).
        if self.tick.val() & self.timer_on.q.val() {
            self.timer.d.next = self.timer.q.val() - self.timer_one.val();
        }
        if self.sent.val() & !self.timer_on.q.val() {
            self.timer_on.d.next = true;
            self.timer.d.next = self.rto.q.val();
        }
        if self.expire.val() {
            self.rto.d.next = self.rto_doubled.val();
            self.timer.d.next = self.rto_doubled.val();
        }
        if self.progress.val() | self.nak.val() {
            self.rto.d.next = self.rto2.val();
            self.timer.d.next = self.rto2.val();
            self.timer_on.d.next = self.tail.q.val() != self.base2.val();
        }

        self.events.sent.next = self.sent.val();
        self.events.resent.next = self.sent.val() & (self.next.q.val() != self.high.q.val());
        self.events.timeout.next = self.expire.val();
        self.events.nak.next = self.nak.val();
        self.events.ack_out_of_window.next = self.ctl.val() & !self.ack_ok.val();
        self.events.unexpected.next = self.ctl_in.valid.val() & self.ctl_in.crc_ok.val() & !self.ctl.val();
        self.events.bad.next = self.ctl_in.valid.val() & !self.ctl_in.crc_ok.val();
    }
}

#[cfg(test)]
mod tests {
    use crate::harness::{Flow, Rng};
    use crate::link::stepper::{carrier_of, tagged, Fields, TxBench};
    use crate::link::{PAPER_PAYLOAD_W, PAYLOAD_W};
    use renq_abi::frame::{RTO_MAX, TYPE_DATA};

    /// The sender alone, its card side pausing and its wire stalling at random, against a
    /// receiver written here (take the expected seq, ACK it, NAK a frame ahead of it, re-ACK an
    /// old one) over a wire that loses 10% of the DATA frames and a return path that loses 20%
    /// of the replies (all of them for 400 cycles), the timer ticking every cycle: every packet arrives once, in order, and
    /// the sender then falls silent for longer than its longest timeout, so nothing is left
    /// unacknowledged.
    fn against_ideal_receiver<const W: usize>(start: u16, seed: u64) {
        let carrier = carrier_of(W).expect("a link build");
        let packet = |i| carrier.pack(&tagged(carrier, i)).expect("a tagged packet fits its carrier");
        let mut rng = Rng(seed);
        let flow = |s: u64| Flow::Random { rng: Rng(seed ^ s), percent: 60 };
        let (mut source, mut wire) = (flow(1), flow(2));
        let mut tx = TxBench::<W>::new(start);
        let n = 400u64;
        let (mut next_packet, mut offering, mut expected) = (0u64, false, start);
        let mut arrived = Vec::new();
        let mut reply: Option<Fields> = None;
        let (mut cycle, mut last_sent, mut done_at) = (0u64, 0u64, None);
        while done_at.is_none_or(|d| cycle < d + 2 * RTO_MAX + 100) {
            assert!(cycle < 100_000, "sender stalled after {} of {n}", arrived.len());
            if !offering && next_packet < n {
                offering = source.go(cycle);
            }
            let out = tx.cycle(offering.then(|| packet(next_packet)), reply.take(), true, wire.go(cycle));
            if out.pushed {
                next_packet += 1;
                offering = false;
            }
            if let Some(f) = out.sent.filter(|_| !rng.chance(10)) {
                assert_eq!(f.kind, TYPE_DATA);
                last_sent = cycle;
                let answer = if f.seq == expected {
                    arrived.push(f.payload);
                    expected = expected.wrapping_add(1);
                    Fields::ack(expected)
                } else if f.seq.wrapping_sub(expected) < 0x8000 {
                    Fields::nak(expected)
                } else {
                    Fields::ack(expected)
                };
                // The return path also goes down for a while: the timer has to recover.
                let outage = (300..700).contains(&cycle);
                reply = (!rng.chance(20) && !outage).then_some(answer);
            }
            if done_at.is_none() && arrived.len() == n as usize {
                done_at = Some(cycle);
            }
            cycle += 1;
        }
        assert_eq!(arrived, (0..n).map(packet).collect::<Vec<_>>());
        assert!(cycle - last_sent > RTO_MAX, "the sender still resends: something stayed unacknowledged");
        let c = tx.counts;
        assert!(c.resent > 0 && c.timeouts > 0 && c.naks > 0, "{c:?}");
        assert_eq!(c.ack_out_of_window, 0);
    }

    #[test]
    fn packets_arrive_once_in_order_under_stalls_and_losses() {
        against_ideal_receiver::<PAPER_PAYLOAD_W>(0, 0x51de_5eed_0000_0001);
        against_ideal_receiver::<PAPER_PAYLOAD_W>(u16::MAX - 150, 0x51de_5eed_0000_0002);
    }

    #[test]
    fn card_packets_arrive_once_in_order_under_stalls_and_losses() {
        against_ideal_receiver::<PAYLOAD_W>(0, 0x51de_5eed_0000_0003);
        against_ideal_receiver::<PAYLOAD_W>(u16::MAX - 150, 0x51de_5eed_0000_0004);
    }
}
