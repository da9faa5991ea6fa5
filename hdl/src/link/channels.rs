//! Two go-back-N streams on one wire (spec §7d, "Two channels"): the card's ENQUEUE and OUTCOME
//! channels each get their own [`LinkEnd`] — own sequence numbers, window, replay RAM, ACKs and
//! timer — and share one frame-fields bus each way, a channel flag beside the fields
//! (`renq_abi::frame::CHANNEL_AT`: byte 15 of the §7a frame).
//!
//! * Out: the ends' frames alternate when both wait (round robin), so neither starves.
//! * In: every frame is taken (`ready` is always high: a MAC's receive path cannot wait either)
//!   and goes to its channel's end; a frame whose end is not ready — its consumer holds the
//!   delivered packet — is dropped and counted (`enq_busy` / `out_busy`), and the peer's
//!   go-back-N resends it. So a full ENQUEUE stream never holds the OUTCOME stream: a waiting
//!   frame would block the wire for both.

use super::end::LinkEnd;
use super::{FrameIn, FrameOut, PayloadIn, PayloadOut};
use renq_abi::frame;
use rust_hdl::prelude::*;

const _: () = assert!(frame::CHANNEL_BITS == 1 && frame::CHANNEL_OUTCOME == 1 && frame::CHANNEL_ENQUEUE == 0);

/// Two link ends for `W`-bit payloads behind one wire.
#[derive(LogicBlock)]
pub struct LinkChannels<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Retransmit-timer tick of both ends.
    pub tick: Signal<In, bool>,
    /// ENQUEUE channel: packets to the peer, and the peer's, in order, exactly once.
    pub enq_in: PayloadIn<W>,
    pub enq_out: PayloadOut<W>,
    /// OUTCOME channel, likewise.
    pub out_in: PayloadIn<W>,
    pub out_out: PayloadOut<W>,
    pub wire_out: FrameOut<W>,
    /// The frame on `wire_out` is the OUTCOME channel's (`frame::CHANNEL_OUTCOME`).
    pub wire_out_outcome: Signal<Out, bool>,
    /// `ready` is always high (see the module's comment).
    pub wire_in: FrameIn<W>,
    pub wire_in_outcome: Signal<In, bool>,
    /// A frame of the ENQUEUE / OUTCOME channel dropped because its end was not ready (a pulse).
    pub enq_busy: Signal<Out, bool>,
    pub out_busy: Signal<Out, bool>,
    /// The ends (public for their event pulses).
    pub enq: LinkEnd<W>,
    pub out: LinkEnd<W>,

    /// The last frame out was the OUTCOME channel's: ENQUEUE's goes first when both wait.
    prefer_enq: DFF<bool>,
    pick_out: Signal<Local, bool>,
    to_out: Signal<Local, bool>,
}

impl<const W: usize> Default for LinkChannels<W> {
    fn default() -> Self {
        Self::starting_at(0)
    }
}

impl<const W: usize> LinkChannels<W> {
    /// Both streams start at sequence number `seq` (the peer's must too).
    pub fn starting_at(seq: u16) -> Self {
        Self {
            clock: Default::default(),
            tick: Default::default(),
            enq_in: Default::default(),
            enq_out: Default::default(),
            out_in: Default::default(),
            out_out: Default::default(),
            wire_out: Default::default(),
            wire_out_outcome: Default::default(),
            wire_in: Default::default(),
            wire_in_outcome: Default::default(),
            enq_busy: Default::default(),
            out_busy: Default::default(),
            enq: LinkEnd::starting_at(seq),
            out: LinkEnd::starting_at(seq),
            prefer_enq: Default::default(),
            pick_out: Default::default(),
            to_out: Default::default(),
        }
    }
}

impl<const W: usize> Logic for LinkChannels<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, prefer_enq);
        self.enq.clock.next = self.clock.val();
        self.out.clock.next = self.clock.val();
        self.enq.tick.next = self.tick.val();
        self.out.tick.next = self.tick.val();
        PayloadIn::<W>::link(&mut self.enq_in, &mut self.enq.packets_in);
        PayloadOut::<W>::link(&mut self.enq_out, &mut self.enq.packets_out);
        PayloadIn::<W>::link(&mut self.out_in, &mut self.out.packets_in);
        PayloadOut::<W>::link(&mut self.out_out, &mut self.out.packets_out);

        // In: by channel; taken always, dropped if the channel's end is not ready.
        self.to_out.next = self.wire_in_outcome.val();
        self.wire_in.ready.next = true;
        self.enq.wire_in.valid.next = self.wire_in.valid.val() & !self.to_out.val();
        self.out.wire_in.valid.next = self.wire_in.valid.val() & self.to_out.val();
        self.enq_busy.next = self.wire_in.valid.val() & !self.to_out.val() & !self.enq.wire_in.ready.val();
        self.out_busy.next = self.wire_in.valid.val() & self.to_out.val() & !self.out.wire_in.ready.val();
        self.enq.wire_in.kind.next = self.wire_in.kind.val();
        self.enq.wire_in.seq.next = self.wire_in.seq.val();
        self.enq.wire_in.ack.next = self.wire_in.ack.val();
        self.enq.wire_in.payload.next = self.wire_in.payload.val();
        self.enq.wire_in.crc_ok.next = self.wire_in.crc_ok.val();
        self.out.wire_in.kind.next = self.wire_in.kind.val();
        self.out.wire_in.seq.next = self.wire_in.seq.val();
        self.out.wire_in.ack.next = self.wire_in.ack.val();
        self.out.wire_in.payload.next = self.wire_in.payload.val();
        self.out.wire_in.crc_ok.next = self.wire_in.crc_ok.val();

        // Out: round robin when both ends offer.
        self.pick_out.next =
            self.out.wire_out.valid.val() & (!self.enq.wire_out.valid.val() | !self.prefer_enq.q.val());
        self.wire_out.valid.next = self.enq.wire_out.valid.val() | self.out.wire_out.valid.val();
        self.enq.wire_out.ready.next = self.wire_out.ready.val() & !self.pick_out.val();
        self.out.wire_out.ready.next = self.wire_out.ready.val() & self.pick_out.val();
        self.wire_out_outcome.next = self.pick_out.val();
        self.wire_out.kind.next = self.enq.wire_out.kind.val();
        self.wire_out.seq.next = self.enq.wire_out.seq.val();
        self.wire_out.ack.next = self.enq.wire_out.ack.val();
        self.wire_out.payload.next = self.enq.wire_out.payload.val();
        self.wire_out.crc_ok.next = self.enq.wire_out.crc_ok.val();
        if self.pick_out.val() {
            self.wire_out.kind.next = self.out.wire_out.kind.val();
            self.wire_out.seq.next = self.out.wire_out.seq.val();
            self.wire_out.ack.next = self.out.wire_out.ack.val();
            self.wire_out.payload.next = self.out.wire_out.payload.val();
            self.wire_out.crc_ok.next = self.out.wire_out.crc_ok.val();
        }
        if self.wire_out.valid.val() & self.wire_out.ready.val() {
            self.prefer_enq.d.next = self.pick_out.val();
        }
    }
}

#[cfg(test)]
mod tests;
