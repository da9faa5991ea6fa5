//! The HEAD arithmetic of the engine (spec §6a, RD1): the slots a HEAD index frees, over the
//! micro-operations of the HEAD command and of a parked leader's re-injection.
//!
//! Free slots seen from a HEAD index (the consumer's, read or rung; one slot stays free):
//! `(head − slot − 1) mod 2^k`, less the 3 header words when the ring wraps between them.
//! * **HeadCalc** (in RD0b, from the queue's state): `head + !slot` (= head − slot − 1, one
//!   carry chain) and whether `head > slot` (a compare beside it), for each state source (the
//!   RAM's word, `*_ram`; RD0b's previous write, `*_fwd`), picked by `fwd`; whether the head is
//!   inside the header (`bad`); the mask. Registered.
//! * **HeadFix** (from those registers only, every cycle): the wrap correction and the mask.
//! * **HeadMax**: `max(free, that)` against the forwarded free count (HeadMax always follows
//!   HeadFix of its queue, so its state is the forwarded one), registered with HeadMax's view
//!   of the queue (`valid`, `okx`) for the micro-operation after it (Head, ReHead), whose
//!   write then needs no compare of its own.

use crate::*;
use renq_abi::buffer;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct HeadArith {
    pub clock: Signal<In, Clock>,
    /// The operation's head masked, and the slot (tail & mask), per state source.
    pub head_ram: Signal<In, Bits<INDEX_W>>,
    pub slot_ram: Signal<In, Bits<INDEX_W>>,
    pub head_fwd: Signal<In, Bits<INDEX_W>>,
    pub slot_fwd: Signal<In, Bits<INDEX_W>>,
    /// RD0b's state is its own previous write (`b_fwd`).
    pub fwd: Signal<In, bool>,
    /// The state's mask (as picked).
    pub mask: Signal<In, Bits<INDEX_W>>,
    /// The forwarded free count (`p_free`).
    pub free: Signal<In, Bits<INDEX_W>>,
    /// The state: exported; exported, not stalled, the operation's epoch.
    pub valid: Signal<In, bool>,
    pub okx: Signal<In, bool>,

    /// HeadCalc's head was inside the header (< 3): ignored.
    pub bad: Signal<Out, bool>,
    /// HeadMax's result, `max(free, slots free by the head)`, and `≠ 0`.
    pub best: Signal<Out, Bits<INDEX_W>>,
    pub best_nz: Signal<Out, bool>,
    /// HeadMax's view of the queue: exported; exported, not stalled, the packet's epoch.
    pub max_valid: Signal<Out, bool>,
    pub max_okx: Signal<Out, bool>,

    head_m: Signal<Local, Bits<INDEX_W>>,
    hd_ram: Signal<Local, Bits<INDEX_W>>,
    hd_fwd: Signal<Local, Bits<INDEX_W>>,
    gt_ram: Signal<Local, bool>,
    gt_fwd: Signal<Local, bool>,
    best_free: Signal<Local, Bits<INDEX_W>>,
    // HeadCalc's registers: the difference, head > slot, the mask; HeadFix's result.
    h_d: DFF<Bits<INDEX_W>>,
    h_gt: DFF<bool>,
    h_mask: DFF<Bits<INDEX_W>>,
    h_fh: DFF<Bits<INDEX_W>>,
    h_bad: DFF<bool>,
    // HeadMax's.
    h_valid: DFF<bool>,
    h_okx: DFF<bool>,
    h_best: DFF<Bits<INDEX_W>>,
    h_best_nz: DFF<bool>,
    first_data_index: Constant<Bits<INDEX_W>>,
    header_words: Constant<Bits<INDEX_W>>,
}

impl Default for HeadArith {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            head_ram: Default::default(),
            slot_ram: Default::default(),
            head_fwd: Default::default(),
            slot_fwd: Default::default(),
            fwd: Default::default(),
            mask: Default::default(),
            free: Default::default(),
            valid: Default::default(),
            okx: Default::default(),
            bad: Default::default(),
            best: Default::default(),
            best_nz: Default::default(),
            max_valid: Default::default(),
            max_okx: Default::default(),
            head_m: Default::default(),
            hd_ram: Default::default(),
            hd_fwd: Default::default(),
            gt_ram: Default::default(),
            gt_fwd: Default::default(),
            best_free: Default::default(),
            h_d: Default::default(),
            h_gt: Default::default(),
            h_mask: Default::default(),
            h_fh: Default::default(),
            h_bad: Default::default(),
            h_valid: Default::default(),
            h_okx: Default::default(),
            h_best: Default::default(),
            h_best_nz: Default::default(),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            header_words: Constant::new(buffer::FIRST_DATA_INDEX.into()),
        }
    }
}

impl Logic for HeadArith {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, h_d, h_gt, h_mask, h_fh, h_bad, h_valid, h_okx, h_best, h_best_nz);
        // HeadCalc, per state source, then picked.
        self.hd_ram.next = self.head_ram.val() + !self.slot_ram.val();
        self.hd_fwd.next = self.head_fwd.val() + !self.slot_fwd.val();
        self.gt_ram.next = self.head_ram.val() > self.slot_ram.val();
        self.gt_fwd.next = self.head_fwd.val() > self.slot_fwd.val();
        self.head_m.next = self.head_ram.val();
        self.h_d.d.next = self.hd_ram.val();
        self.h_gt.d.next = self.gt_ram.val();
        if self.fwd.val() {
            self.head_m.next = self.head_fwd.val();
            self.h_d.d.next = self.hd_fwd.val();
            self.h_gt.d.next = self.gt_fwd.val();
        }
        self.h_mask.d.next = self.mask.val();
        // HeadFix (from registers only; every cycle, used by the micro-operation after it).
        self.h_fh.d.next = self.h_d.q.val() & self.h_mask.q.val();
        if !self.h_gt.q.val() {
            self.h_fh.d.next = (self.h_d.q.val() - self.header_words.val()) & self.h_mask.q.val();
        }
        self.h_bad.d.next = self.head_m.val() < self.first_data_index.val();
        // HeadMax: both the card's count and the head's are lower bounds of the true free space.
        self.best_free.next = self.free.val();
        if self.h_fh.q.val() > self.free.val() {
            self.best_free.next = self.h_fh.q.val();
        }
        self.h_best.d.next = self.best_free.val();
        self.h_best_nz.d.next = self.best_free.val().any();
        self.h_valid.d.next = self.valid.val();
        self.h_okx.d.next = self.okx.val();
        self.bad.next = self.h_bad.q.val();
        self.best.next = self.h_best.q.val();
        self.best_nz.next = self.h_best_nz.q.val();
        self.max_valid.next = self.h_valid.q.val();
        self.max_okx.next = self.h_okx.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// Slots free by a head index, from the spec: the slots strictly between the slot written
    /// next and the head, around the ring of data slots 3..=mask.
    fn free_by_head(head: u64, slot: u64, mask: u64) -> u64 {
        let ring = mask + 1 - 3;
        let (h, s) = (head - 3, slot - 3);
        (h + ring - s - 1) % ring
    }

    /// HeadCalc, HeadFix, HeadMax as the engine issues them (three consecutive cycles, the
    /// sequence started at random times, other operations in between), with random state
    /// sources and buffer sizes: HeadMax's result, two cycles after it, is max(free, slots
    /// free by the head), and `bad` (after HeadCalc) flags heads inside the header.
    #[test]
    fn the_head_sequence_gives_the_slots_freed_under_random_gaps() {
        let mut h = Hand::<HeadArith>::new(|b, c| b.clock.next = Clock { clk: c });
        let mut rng = Rng(0x4ead_a417);
        let mut checked = 0;
        for _ in 0..3_000 {
            // Random gap cycles with random inputs.
            for _ in 0..rng.below(4) {
                let u = &mut h.uut;
                u.head_ram.next = rng.below(1 << 16).into();
                u.slot_ram.next = rng.below(1 << 16).into();
                u.head_fwd.next = rng.below(1 << 16).into();
                u.slot_fwd.next = rng.below(1 << 16).into();
                u.fwd.next = rng.chance(50);
                u.mask.next = rng.below(1 << 16).into();
                u.free.next = rng.below(1 << 16).into();
                h.settle();
                h.tick();
            }
            let k = 3 + rng.below(14);
            let mask = (1u64 << k) - 1;
            let slot = 3 + rng.below(mask - 2);
            let head = if rng.chance(10) { rng.below(3) } else { 3 + rng.below(mask - 2) };
            let free = rng.below(mask - 2);
            let fwd = rng.chance(50);
            let (valid, okx) = (rng.chance(80), rng.chance(70));
            // HeadCalc.
            let u = &mut h.uut;
            let (noise_h, noise_s) = (rng.below(1 << 16), rng.below(1 << 16));
            if fwd {
                (u.head_fwd.next, u.slot_fwd.next) = (head.into(), slot.into());
                (u.head_ram.next, u.slot_ram.next) = (noise_h.into(), noise_s.into());
            } else {
                (u.head_ram.next, u.slot_ram.next) = (head.into(), slot.into());
                (u.head_fwd.next, u.slot_fwd.next) = (noise_h.into(), noise_s.into());
            }
            u.fwd.next = fwd;
            u.mask.next = mask.into();
            u.free.next = rng.below(1 << 16).into();
            h.settle();
            h.tick();
            assert_eq!(h.uut.bad.val(), head < 3, "head {head}");
            // HeadFix: nothing of the state is used.
            let u = &mut h.uut;
            u.mask.next = rng.below(1 << 16).into();
            u.fwd.next = rng.chance(50);
            u.free.next = rng.below(1 << 16).into();
            h.settle();
            h.tick();
            // HeadMax: the forwarded free count.
            let u = &mut h.uut;
            u.free.next = free.into();
            u.valid.next = valid;
            u.okx.next = okx;
            h.settle();
            h.tick();
            let u = &h.uut;
            assert_eq!((u.max_valid.val(), u.max_okx.val()), (valid, okx));
            if head >= 3 {
                let best = free.max(free_by_head(head, slot, mask));
                assert_eq!(u.best.val().to_u64(), best, "head {head} slot {slot} mask {mask:#x} free {free}");
                assert_eq!(u.best_nz.val(), best != 0);
                checked += 1;
            }
        }
        assert!(checked > 2_000, "{checked} sequences checked");
    }
}
