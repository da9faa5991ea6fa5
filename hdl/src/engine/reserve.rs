//! What RD0b's reserve decision needs of a queue's state word (spec §6a, Forwarding): the
//! engine instantiates this block once for each state source, the state RAM's word in RD0f
//! (`rsv_ram`, its outputs registered for RD0b as `q_*`) and RD0b's own write of the previous
//! cycle (`rsv_fwd`, on `p_*`, used as it is), and RD0b's `b_fwd` picks between the two: the
//! pick is the last mux of the decision, not the first.
//!
//! From the state word and the operation (its head index, whether its epoch is the queue's):
//! * `okx`: exported, not stalled, the operation's epoch; `ok`: that and a free slot;
//! * next(tail), as `tail + 1` and `wrap` (the tail is the last slot: next(tail) is the first
//!   data index, 3 — the user picks);
//! * `free − 1` and `free − 1 ≠ 0`;
//! * the slot (`tail & mask`) and the head masked.
//!
//! Purely combinational: no carry chain follows another (each output has at most one).

use crate::queue_ram::FLAGS_W;
use crate::*;
use renq_abi::state::bits as state;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Reserve {
    /// The state word's flags (`renq_abi::state::QueueState`'s low bits).
    pub flags: Signal<In, Bits<FLAGS_W>>,
    pub mask: Signal<In, Bits<INDEX_W>>,
    pub tail: Signal<In, Bits<INDEX_W>>,
    pub free: Signal<In, Bits<INDEX_W>>,
    /// `free ≠ 0` (as stored with the state, or narrowed by the user).
    pub free_nz: Signal<In, bool>,
    /// The operation's head index (HEAD command, re-injected leader).
    pub head: Signal<In, Bits<INDEX_W>>,
    /// The state's epoch is the operation's.
    pub epoch_eq: Signal<In, bool>,

    pub okx: Signal<Out, bool>,
    pub ok: Signal<Out, bool>,
    pub tail_p1: Signal<Out, Bits<INDEX_W>>,
    pub wrap: Signal<Out, bool>,
    pub free_m1: Signal<Out, Bits<INDEX_W>>,
    pub free_m1_nz: Signal<Out, bool>,
    pub slot: Signal<Out, Bits<INDEX_W>>,
    pub head_m: Signal<Out, Bits<INDEX_W>>,

    one_index: Constant<Bits<INDEX_W>>,
    valid_pos: Constant<Bits<4>>,
    stalled_pos: Constant<Bits<4>>,
}

impl Default for Reserve {
    fn default() -> Self {
        Self {
            flags: Default::default(),
            mask: Default::default(),
            tail: Default::default(),
            free: Default::default(),
            free_nz: Default::default(),
            head: Default::default(),
            epoch_eq: Default::default(),
            okx: Default::default(),
            ok: Default::default(),
            tail_p1: Default::default(),
            wrap: Default::default(),
            free_m1: Default::default(),
            free_m1_nz: Default::default(),
            slot: Default::default(),
            head_m: Default::default(),
            one_index: Constant::new(1.into()),
            valid_pos: Constant::new((state::VALID as u64).into()),
            stalled_pos: Constant::new((state::STALLED as u64).into()),
        }
    }
}

impl Logic for Reserve {
    #[hdl_gen]
    fn update(&mut self) {
        self.okx.next = self.flags.val().get_bit(self.valid_pos.val().index())
            & !self.flags.val().get_bit(self.stalled_pos.val().index())
            & self.epoch_eq.val();
        self.ok.next = self.okx.val() & self.free_nz.val();
        self.tail_p1.next = self.tail.val() + self.one_index.val();
        self.wrap.next = self.tail.val() == self.mask.val();
        self.free_m1.next = self.free.val() - self.one_index.val();
        self.free_m1_nz.next = self.free.val() != self.one_index.val();
        self.slot.next = self.tail.val() & self.mask.val();
        self.head_m.next = self.head.val() & self.mask.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// Random state words of every size (tails and heads anywhere, stalled or not, epochs
    /// matching or not, free counts around 0 and 1) against the decision's arithmetic written
    /// from the spec.
    #[test]
    fn the_decision_inputs_follow_the_state_word() {
        let mut h = Hand::<Reserve>::new(|_, _| {});
        let mut rng = Rng(0x02e5_e72e);
        for _ in 0..20_000 {
            let k = 3 + rng.below(14);
            let mask = (1u64 << k) - 1;
            let tail = if rng.chance(20) { mask } else { 3 + rng.below(mask - 2) };
            let head = rng.below(1 << 16);
            let free = if rng.chance(30) { rng.below(3) } else { rng.below(1 << 16) };
            let free_nz = rng.chance(50);
            let flags = rng.below(1 << FLAGS_W);
            let epoch_eq = rng.chance(70);
            let u = &mut h.uut;
            u.flags.next = flags.into();
            u.mask.next = mask.into();
            u.tail.next = tail.into();
            u.free.next = free.into();
            u.free_nz.next = free_nz;
            u.head.next = head.into();
            u.epoch_eq.next = epoch_eq;
            h.settle();
            let u = &h.uut;
            let okx = flags >> state::VALID & 1 == 1 && flags >> state::STALLED & 1 == 0 && epoch_eq;
            assert_eq!(u.okx.val(), okx);
            assert_eq!(u.ok.val(), okx && free_nz);
            let next = if u.wrap.val() { renq_abi::buffer::FIRST_DATA_INDEX } else { u.tail_p1.val().to_u64() };
            assert_eq!(next, if tail == mask { 3 } else { tail + 1 }, "tail {tail} mask {mask:#x}");
            assert_eq!(u.free_m1.val().to_u64(), free.wrapping_sub(1) & 0xffff);
            assert_eq!(u.free_m1_nz.val(), free != 1);
            assert_eq!(u.slot.val().to_u64(), tail & mask);
            assert_eq!(u.head_m.val().to_u64(), head & mask);
        }
    }
}
