//! RD0b's own forwarding (spec §6a, Forwarding): the fourth write an operation's state read
//! misses, RD0b's write of the previous cycle, when that operation was of the same queue.
//!
//! The state RAM (`queue_ram`) forwards the three writes before it; this block registers what
//! RD0b writes (`p_*`; not writing, the state as read), compares the queues a cycle ahead (in
//! RD0f: `b_fwd`, the previous RD0b operation was of this queue) and gives RD0b its queue's
//! state: RD0f's (`q_*`) or that write. It also makes the forwarded write's epoch comparison a
//! cycle early (`p_eq`: the epoch RD0b writes now equals the next operation's, in RD0f; the
//! candidates are the state's epoch, bumped when a stall ends (`bump`), or 0 (`clear`), for
//! each state source), so RD0b's decision on the forwarded state needs no compare of its own.

use crate::queue_ram::FLAGS_W;
use crate::*;
use renq_abi::state::bits as state;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Forward {
    pub clock: Signal<In, Clock>,
    // RD0f's state, registered (`q_*`).
    pub q_flags: Signal<In, Bits<FLAGS_W>>,
    pub q_mask: Signal<In, Bits<INDEX_W>>,
    pub q_base: Signal<In, Bits<ADDR_W>>,
    pub q_tail: Signal<In, Bits<INDEX_W>>,
    pub q_free: Signal<In, Bits<INDEX_W>>,
    pub q_free_nz: Signal<In, bool>,
    pub q_spare: Signal<In, Bits<SPARE_W>>,
    // What RD0b writes now (or, not writing, the state as read).
    pub w_flags: Signal<In, Bits<FLAGS_W>>,
    pub w_mask: Signal<In, Bits<INDEX_W>>,
    pub w_base: Signal<In, Bits<ADDR_W>>,
    pub w_tail: Signal<In, Bits<INDEX_W>>,
    pub w_free: Signal<In, Bits<INDEX_W>>,
    pub w_free_nz: Signal<In, bool>,
    pub w_spare: Signal<In, Bits<SPARE_W>>,
    /// RD0b holds an operation; its queue; RD0f's queue.
    pub b_live: Signal<In, bool>,
    pub b_queue: Signal<In, Bits<QUEUE_W>>,
    pub f_queue: Signal<In, Bits<QUEUE_W>>,
    /// RD0f's operation's epoch, and less one.
    pub f_epoch: Signal<In, Bits<EPOCH_W>>,
    pub f_epoch_m1: Signal<In, Bits<EPOCH_W>>,
    /// The epoch RD0b writes is the state's bumped (a stall ends); is 0 (the sweep's clear).
    pub bump: Signal<In, bool>,
    pub clear: Signal<In, bool>,

    /// The previous RD0b operation was of RD0b's queue: its write is the state.
    pub b_fwd: Signal<Out, bool>,
    /// RD0b's queue state.
    pub s_flags: Signal<Out, Bits<FLAGS_W>>,
    pub s_mask: Signal<Out, Bits<INDEX_W>>,
    pub s_base: Signal<Out, Bits<ADDR_W>>,
    pub s_tail: Signal<Out, Bits<INDEX_W>>,
    pub s_free: Signal<Out, Bits<INDEX_W>>,
    pub s_free_nz: Signal<Out, bool>,
    pub s_spare: Signal<Out, Bits<SPARE_W>>,
    /// The write of the previous cycle.
    pub p_flags: Signal<Out, Bits<FLAGS_W>>,
    pub p_mask: Signal<Out, Bits<INDEX_W>>,
    pub p_tail: Signal<Out, Bits<INDEX_W>>,
    pub p_free: Signal<Out, Bits<INDEX_W>>,
    pub p_free_nz: Signal<Out, bool>,
    /// Its epoch is RD0b's operation's.
    pub p_eq: Signal<Out, bool>,

    fwd_r: DFF<bool>,
    pf_flags: DFF<Bits<FLAGS_W>>,
    pf_mask: DFF<Bits<INDEX_W>>,
    pf_base: DFF<Bits<ADDR_W>>,
    pf_tail: DFF<Bits<INDEX_W>>,
    pf_free: DFF<Bits<INDEX_W>>,
    pf_free_nz: DFF<bool>,
    pf_spare: DFF<Bits<SPARE_W>>,
    eq_r: DFF<bool>,
    // The state's epoch per source; the candidates' comparisons.
    ram_epoch: Signal<Local, Bits<EPOCH_W>>,
    fwd_epoch: Signal<Local, Bits<EPOCH_W>>,
    eq_ram0: Signal<Local, bool>,
    eq_fwd0: Signal<Local, bool>,
    eq_ram1: Signal<Local, bool>,
    eq_fwd1: Signal<Local, bool>,
    eq_zero: Signal<Local, bool>,
    epoch_pos: Constant<Bits<4>>,
}

impl Default for Forward {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            q_flags: Default::default(),
            q_mask: Default::default(),
            q_base: Default::default(),
            q_tail: Default::default(),
            q_free: Default::default(),
            q_free_nz: Default::default(),
            q_spare: Default::default(),
            w_flags: Default::default(),
            w_mask: Default::default(),
            w_base: Default::default(),
            w_tail: Default::default(),
            w_free: Default::default(),
            w_free_nz: Default::default(),
            w_spare: Default::default(),
            b_live: Default::default(),
            b_queue: Default::default(),
            f_queue: Default::default(),
            f_epoch: Default::default(),
            f_epoch_m1: Default::default(),
            bump: Default::default(),
            clear: Default::default(),
            b_fwd: Default::default(),
            s_flags: Default::default(),
            s_mask: Default::default(),
            s_base: Default::default(),
            s_tail: Default::default(),
            s_free: Default::default(),
            s_free_nz: Default::default(),
            s_spare: Default::default(),
            p_flags: Default::default(),
            p_mask: Default::default(),
            p_tail: Default::default(),
            p_free: Default::default(),
            p_free_nz: Default::default(),
            p_eq: Default::default(),
            fwd_r: Default::default(),
            pf_flags: Default::default(),
            pf_mask: Default::default(),
            pf_base: Default::default(),
            pf_tail: Default::default(),
            pf_free: Default::default(),
            pf_free_nz: Default::default(),
            pf_spare: Default::default(),
            eq_r: Default::default(),
            ram_epoch: Default::default(),
            fwd_epoch: Default::default(),
            eq_ram0: Default::default(),
            eq_fwd0: Default::default(),
            eq_ram1: Default::default(),
            eq_fwd1: Default::default(),
            eq_zero: Default::default(),
            epoch_pos: Constant::new((state::EPOCH_LSB as u64).into()),
        }
    }
}

impl Logic for Forward {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, fwd_r, pf_flags, pf_mask, pf_base, pf_tail, pf_free, pf_free_nz, pf_spare, eq_r);
        // RD0b's state: RD0f's, or the previous RD0b write when that operation was of the same
        // queue.
        self.s_flags.next = self.q_flags.val();
        self.s_mask.next = self.q_mask.val();
        self.s_base.next = self.q_base.val();
        self.s_tail.next = self.q_tail.val();
        self.s_free.next = self.q_free.val();
        self.s_free_nz.next = self.q_free_nz.val();
        self.s_spare.next = self.q_spare.val();
        if self.fwd_r.q.val() {
            self.s_spare.next = self.pf_spare.q.val();
            self.s_flags.next = self.pf_flags.q.val();
            self.s_mask.next = self.pf_mask.q.val();
            self.s_base.next = self.pf_base.q.val();
            self.s_tail.next = self.pf_tail.q.val();
            self.s_free.next = self.pf_free.q.val();
            self.s_free_nz.next = self.pf_free_nz.q.val();
        }
        // The forwarding register: what RD0b writes.
        self.pf_flags.d.next = self.w_flags.val();
        self.pf_mask.d.next = self.w_mask.val();
        self.pf_base.d.next = self.w_base.val();
        self.pf_tail.d.next = self.w_tail.val();
        self.pf_free.d.next = self.w_free.val();
        self.pf_free_nz.d.next = self.w_free_nz.val();
        self.pf_spare.d.next = self.w_spare.val();
        // RD0f: is its operation of RD0b's queue?
        self.fwd_r.d.next = self.b_live.val() & (self.b_queue.val() == self.f_queue.val());
        // Does the epoch RD0b writes now equal RD0f's operation's (for the forwarded decision
        // next cycle)?
        self.ram_epoch.next = self.q_flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());
        self.fwd_epoch.next = self.pf_flags.q.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());
        self.eq_ram0.next = self.ram_epoch.val() == self.f_epoch.val();
        self.eq_fwd0.next = self.fwd_epoch.val() == self.f_epoch.val();
        self.eq_ram1.next = self.ram_epoch.val() == self.f_epoch_m1.val();
        self.eq_fwd1.next = self.fwd_epoch.val() == self.f_epoch_m1.val();
        self.eq_zero.next = !self.f_epoch.val().any();
        self.eq_r.d.next = self.eq_ram0.val();
        if self.fwd_r.q.val() {
            self.eq_r.d.next = self.eq_fwd0.val();
        }
        if self.bump.val() {
            self.eq_r.d.next = self.eq_ram1.val();
            if self.fwd_r.q.val() {
                self.eq_r.d.next = self.eq_fwd1.val();
            }
        }
        if self.clear.val() {
            self.eq_r.d.next = self.eq_zero.val();
        }
        self.b_fwd.next = self.fwd_r.q.val();
        self.p_flags.next = self.pf_flags.q.val();
        self.p_mask.next = self.pf_mask.q.val();
        self.p_tail.next = self.pf_tail.q.val();
        self.p_free.next = self.pf_free.q.val();
        self.p_free_nz.next = self.pf_free_nz.q.val();
        self.p_eq.next = self.eq_r.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// (flags, mask, base, tail, free, free_nz, spare) of a state word.
    type Word = (u64, u64, u64, u64, u64, bool, u128);

    fn word(rng: &mut Rng) -> Word {
        // (Epochs 0..3, so that they often match the operations'.)
        let flags =
            rng.below(1 << FLAGS_W) & !(((1 << EPOCH_W) - 1) << state::EPOCH_LSB) | rng.below(4) << state::EPOCH_LSB;
        let (mask, base, tail, free) = (rng.below(1 << 16), rng.below(1 << 48), rng.below(1 << 16), rng.below(1 << 16));
        (flags, mask, base, tail, free, rng.chance(50), (rng.next_u64() as u128) << 4 ^ rng.below(1 << 48) as u128)
    }

    fn epoch(flags: u64) -> u64 {
        flags >> state::EPOCH_LSB & ((1 << EPOCH_W) - 1)
    }

    /// Random operations of a few queues through RD0f and RD0b, with random bubbles (random
    /// stalls of the pipeline) and random writes: RD0b's state is the previous write exactly
    /// when the previous RD0b operation was of its queue, else RD0f's; `p_eq` is whether the
    /// epoch written a cycle ago (the state's, bumped or cleared) is the operation's.
    #[test]
    fn rd0b_sees_its_previous_write_for_the_same_queue_under_random_stalls() {
        let mut h = Hand::<Forward>::new(|f, c| f.clock.next = Clock { clk: c });
        let mut rng = Rng(0xf0_4a4d);
        // Last cycle's RD0b: (live, queue, written word, epoch written); RD0f's then.
        let mut prev: Option<(bool, u64, Word, u64)> = None;
        let mut prev_f: (u64, u64) = (0, 0);
        let (mut hits, mut checked) = (0, 0);
        for cycle in 0..20_000u64 {
            let (f_queue, f_epoch) = (rng.below(3), rng.below(4));
            let (b_live, q, w) = (rng.chance(80), word(&mut rng), word(&mut rng));
            let (bump, clear) = (rng.chance(20), rng.chance(5));
            // RD0b's operation is last cycle's RD0f's.
            let (b_queue, b_epoch) = prev_f;
            let u = &mut h.uut;
            (u.q_flags.next, u.q_mask.next, u.q_base.next) = (q.0.into(), q.1.into(), q.2.into());
            (u.q_tail.next, u.q_free.next, u.q_free_nz.next) = (q.3.into(), q.4.into(), q.5);
            (u.w_flags.next, u.w_mask.next, u.w_base.next) = (w.0.into(), w.1.into(), w.2.into());
            (u.w_tail.next, u.w_free.next, u.w_free_nz.next) = (w.3.into(), w.4.into(), w.5);
            (u.q_spare.next, u.w_spare.next) = (crate::widen::bits_u128(q.6), crate::widen::bits_u128(w.6));
            u.b_live.next = b_live;
            u.b_queue.next = b_queue.into();
            u.f_queue.next = f_queue.into();
            u.f_epoch.next = f_epoch.into();
            u.f_epoch_m1.next = (f_epoch.wrapping_sub(1) & 0xff).into();
            u.bump.next = bump;
            u.clear.next = clear;
            h.settle();
            let u = &h.uut;
            let hit = prev.is_some_and(|(live, queue, _, _)| live && queue == b_queue);
            assert_eq!(u.b_fwd.val(), hit, "cycle {cycle}");
            let s = if hit { prev.unwrap().2 } else { q };
            assert_eq!(
                (u.s_flags.val().to_u64(), u.s_mask.val().to_u64(), u.s_base.val().to_u64()),
                (s.0, s.1, s.2),
                "cycle {cycle}"
            );
            assert_eq!((u.s_tail.val().to_u64(), u.s_free.val().to_u64(), u.s_free_nz.val()), (s.3, s.4, s.5));
            assert_eq!(u.s_spare.val().to_u128(), s.6, "cycle {cycle}");
            if let Some((_, _, _, written)) = prev {
                assert_eq!(u.p_eq.val(), written == b_epoch, "cycle {cycle}");
                checked += 1;
            }
            hits += hit as u64;
            // The epoch written now, as the block sees it: the state's (RD0b's), bumped, or 0.
            let state_epoch = epoch(s.0);
            let written = if clear {
                0
            } else if bump {
                (state_epoch + 1) & 0xff
            } else {
                state_epoch
            };
            prev = Some((b_live, b_queue, w, written));
            prev_f = (f_queue, f_epoch);
            h.tick();
        }
        assert!(hits > 3_000 && checked > 19_000, "{hits} forwarded");
    }
}
