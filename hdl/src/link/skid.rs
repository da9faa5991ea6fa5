//! A two-entry skid buffer on the frame-fields bus (spec §7d): the frame offered downstream
//! comes from a register, and `ready` upstream is a register too (low while the second entry is
//! held), so neither the producer's offer logic nor the consumer's choice of frame runs through
//! it in the same cycle — a timing cut that still passes one frame per cycle, at one cycle of
//! latency. Frames leave in the order taken, each once, and an offer stays until taken — unless
//! `flush` drops what is held: the go-back-N sender rewinds, and what it sent into the buffer
//! but not yet onto the wire is sent again from the rewind point (leaving it in would put stale
//! frames on the wire ahead of the resend, and a receiver that sees them NAKs a second time).

use super::{FrameIn, FrameOut, SEQ_W, TYPE_W};
use rust_hdl::prelude::*;

/// The skid buffer for `W`-bit payloads.
#[derive(LogicBlock)]
pub struct FrameSkid<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Frames from the producer (taken while the second entry is free).
    pub frames_in: FrameIn<W>,
    /// Frames to the consumer, from the first entry.
    pub frames_out: FrameOut<W>,
    /// Drop every frame held after this cycle (the one the consumer takes in it still leaves,
    /// and one taken in it is dropped too).
    pub flush: Signal<In, bool>,

    /// The first entry: the frame offered.
    out_valid: DFF<bool>,
    out_kind: DFF<Bits<TYPE_W>>,
    out_seq: DFF<Bits<SEQ_W>>,
    out_ack: DFF<Bits<SEQ_W>>,
    out_payload: DFF<Bits<W>>,
    out_crc_ok: DFF<bool>,
    /// The second entry: a frame taken while the first was offered and not taken (it moves to
    /// the first when that leaves; held only while the first is valid).
    held_valid: DFF<bool>,
    held_kind: DFF<Bits<TYPE_W>>,
    held_seq: DFF<Bits<SEQ_W>>,
    held_ack: DFF<Bits<SEQ_W>>,
    held_payload: DFF<Bits<W>>,
    held_crc_ok: DFF<bool>,
    push: Signal<Local, bool>,
    /// The first entry is free or leaves this cycle.
    load: Signal<Local, bool>,
}

impl<const W: usize> Default for FrameSkid<W> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            frames_in: Default::default(),
            frames_out: Default::default(),
            flush: Default::default(),
            out_valid: Default::default(),
            out_kind: Default::default(),
            out_seq: Default::default(),
            out_ack: Default::default(),
            out_payload: Default::default(),
            out_crc_ok: Default::default(),
            held_valid: Default::default(),
            held_kind: Default::default(),
            held_seq: Default::default(),
            held_ack: Default::default(),
            held_payload: Default::default(),
            held_crc_ok: Default::default(),
            push: Default::default(),
            load: Default::default(),
        }
    }
}

impl<const W: usize> Logic for FrameSkid<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            out_valid,
            out_kind,
            out_seq,
            out_ack,
            out_payload,
            out_crc_ok,
            held_valid,
            held_kind,
            held_seq,
            held_ack,
            held_payload,
            held_crc_ok
        );
        self.frames_in.ready.next = !self.held_valid.q.val();
        self.frames_out.valid.next = self.out_valid.q.val();
        self.frames_out.kind.next = self.out_kind.q.val();
        self.frames_out.seq.next = self.out_seq.q.val();
        self.frames_out.ack.next = self.out_ack.q.val();
        self.frames_out.payload.next = self.out_payload.q.val();
        self.frames_out.crc_ok.next = self.out_crc_ok.q.val();

        self.push.next = self.frames_in.valid.val() & !self.held_valid.q.val();
        self.load.next = !self.out_valid.q.val() | self.frames_out.ready.val();
        if self.load.val() {
            // The held frame goes first; else the one arriving (if any).
            self.out_valid.d.next = self.held_valid.q.val() | self.push.val();
            self.held_valid.d.next = false;
            if self.held_valid.q.val() {
                self.out_kind.d.next = self.held_kind.q.val();
                self.out_seq.d.next = self.held_seq.q.val();
                self.out_ack.d.next = self.held_ack.q.val();
                self.out_payload.d.next = self.held_payload.q.val();
                self.out_crc_ok.d.next = self.held_crc_ok.q.val();
            } else {
                self.out_kind.d.next = self.frames_in.kind.val();
                self.out_seq.d.next = self.frames_in.seq.val();
                self.out_ack.d.next = self.frames_in.ack.val();
                self.out_payload.d.next = self.frames_in.payload.val();
                self.out_crc_ok.d.next = self.frames_in.crc_ok.val();
            }
        } else if self.push.val() {
            self.held_valid.d.next = true;
            self.held_kind.d.next = self.frames_in.kind.val();
            self.held_seq.d.next = self.frames_in.seq.val();
            self.held_ack.d.next = self.frames_in.ack.val();
            self.held_payload.d.next = self.frames_in.payload.val();
            self.held_crc_ok.d.next = self.frames_in.crc_ok.val();
        }
        if self.flush.val() {
            self.out_valid.d.next = false;
            self.held_valid.d.next = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::link::stepper::{Fields, Stepper};
    use std::collections::VecDeque;

    fn frame(i: u64) -> Fields {
        Fields::data(i as u16, (i as u128) << 3 | 5)
    }

    /// Frames `0..n` offered with random gaps (an offer held until taken), taken under random
    /// back-pressure, flushed at random (`flush_pct`): against a queue model, each frame leaves
    /// once, in order, unless a flush dropped it, at most one per cycle; an offer stays until
    /// taken; `ready` upstream is low only while two are held. Returns the cycles taken.
    fn run(seed: u64, offer_pct: u64, take_pct: u64, flush_pct: u64) -> u64 {
        const W: usize = 40;
        let mut rng = Rng(seed);
        let mut s = Stepper::new(FrameSkid::<W>::default(), |u: &mut FrameSkid<W>, c| u.clock.next = c.into());
        let n = 400u64;
        let mut held: VecDeque<Fields> = VecDeque::new();
        let (mut next_in, mut left, mut dropped) = (0u64, 0u64, 0u64);
        let mut offering = false;
        let mut last_offer: Option<Fields> = None;
        while next_in < n || !held.is_empty() {
            assert!(s.cycles() < 100 * n, "seed {seed}: stuck with {} held", held.len());
            offering |= next_in < n && rng.chance(offer_pct);
            Fields::offer(offering.then(|| frame(next_in)), &mut s.uut.frames_in);
            let take = rng.chance(take_pct);
            let flush = rng.chance(flush_pct);
            s.uut.frames_out.ready.next = take;
            s.uut.flush.next = flush;
            s.settle();
            assert_eq!(s.uut.frames_in.ready.val(), held.len() < 2, "seed {seed}: ready is the second entry free");
            let offer = Fields::offered(&s.uut.frames_out);
            assert_eq!(offer, held.front().copied(), "seed {seed}: the first held frame is offered");
            if let Some(prev) = last_offer {
                assert_eq!(offer, Some(prev), "seed {seed}: an offer stays until taken");
            }
            if offer.is_some() && take {
                held.pop_front();
                left += 1;
            }
            last_offer = offer.filter(|_| !take && !flush);
            if offering && s.uut.frames_in.ready.val() {
                held.push_back(frame(next_in));
                (next_in, offering) = (next_in + 1, false);
            }
            if flush {
                dropped += held.len() as u64;
                held.clear();
            }
            s.tick();
        }
        s.settle();
        assert_eq!(Fields::offered(&s.uut.frames_out), None, "seed {seed}: nothing left over");
        assert_eq!(left + dropped, n, "seed {seed}: every frame left or was flushed");
        s.cycles()
    }

    #[test]
    fn frames_pass_in_order_once_under_random_stalls_back_pressure_and_flushes() {
        for seed in 1..=4 {
            for (offer, take) in [(100, 100), (60, 40), (30, 90), (90, 30)] {
                run(seed * 7919, offer, take, 0);
                run(seed * 7919, offer, take, 5);
            }
        }
    }

    #[test]
    fn one_frame_per_cycle_when_neither_side_waits() {
        // 400 frames, one cycle of latency: 401 cycles.
        assert_eq!(run(1, 100, 100, 0), 401);
    }
}
