//! A small first-word-fall-through FIFO in flip-flops, as a shift register: entry 0 is the
//! oldest, a pop shifts every entry down one, a push fills the first empty entry (after the
//! shift). Used for the card's OVERFLOW FIFO (queue numbers) and outcome FIFO (OUTCOME packets),
//! both 16 deep: no pointers, no RAM read latency, and `full` / `empty` are plain flip-flops.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ShiftFifo<const W: usize, const D: usize> {
    pub clock: Signal<In, Clock>,
    /// Push `data_in` at the clock edge (ignored while `full`, unless `pop` is high too).
    pub push: Signal<In, bool>,
    pub data_in: Signal<In, Bits<W>>,
    /// Drop the oldest entry at the clock edge (ignored while `empty`).
    pub pop: Signal<In, bool>,
    /// The oldest entry (valid while `!empty`).
    pub head: Signal<Out, Bits<W>>,
    pub empty: Signal<Out, bool>,
    pub full: Signal<Out, bool>,
    data: [DFF<Bits<W>>; D],
    used: [DFF<bool>; D],
    /// Entry i is used after this cycle's shift.
    after: [Signal<Local, bool>; D],
    shift: Signal<Local, bool>,
    put: Signal<Local, bool>,
}

impl<const W: usize, const D: usize> Default for ShiftFifo<W, D> {
    fn default() -> Self {
        assert!(D >= 2, "ShiftFifo needs two entries at least");
        Self {
            clock: Default::default(),
            push: Default::default(),
            data_in: Default::default(),
            pop: Default::default(),
            head: Default::default(),
            empty: Default::default(),
            full: Default::default(),
            data: core::array::from_fn(|_| Default::default()),
            used: core::array::from_fn(|_| Default::default()),
            after: core::array::from_fn(|_| Default::default()),
            shift: Default::default(),
            put: Default::default(),
        }
    }
}

impl<const W: usize, const D: usize> Logic for ShiftFifo<W, D> {
    #[hdl_gen]
    fn update(&mut self) {
        for i in 0..D {
            self.data[i].clock.next = self.clock.val();
            self.used[i].clock.next = self.clock.val();
            self.data[i].d.next = self.data[i].q.val();
            self.used[i].d.next = self.used[i].q.val();
        }
        // (Indices are loop variables only: the Verilog generator knows no other names.)
        self.full.next = false;
        for i in 0..D {
            self.after[i].next = self.used[i].q.val();
            self.full.next = self.used[i].q.val(); // the last entry's, in the end
        }
        self.shift.next = self.pop.val() & self.used[0].q.val();
        self.put.next = self.push.val() & (!self.full.val() | self.shift.val());
        // The shift: entry i - 1 takes entry i; the last one empties.
        if self.shift.val() {
            for i in 1..D {
                self.data[i - 1].d.next = self.data[i].q.val();
                self.used[i - 1].d.next = self.used[i].q.val();
                self.after[i - 1].next = self.used[i].q.val();
                self.used[i].d.next = false;
                self.after[i].next = false;
            }
        }
        // The push lands in the first entry empty after the shift.
        if self.put.val() & !self.after[0].val() {
            self.data[0].d.next = self.data_in.val();
            self.used[0].d.next = true;
        }
        for i in 1..D {
            if self.put.val() & !self.after[i].val() & self.after[i - 1].val() {
                self.data[i].d.next = self.data_in.val();
                self.used[i].d.next = true;
            }
        }
        self.head.next = self.data[0].q.val();
        self.empty.next = !self.used[0].q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;
    use std::collections::VecDeque;

    /// Random pushes and pops against a VecDeque of capacity 4: same head, empty and full in
    /// every cycle, pushes into a full FIFO ignored unless it pops in the same cycle.
    #[test]
    fn matches_a_bounded_queue() {
        let mut h = Hand::<ShiftFifo<8, 4>>::new(|f, c| f.clock.next = Clock { clk: c });
        let mut rng = Rng(0xf1f0);
        let mut reference: VecDeque<u64> = VecDeque::new();
        let (mut pushed, mut full_seen) = (0, 0);
        for _ in 0..4000 {
            let (push, pop, value) = (rng.chance(55), rng.chance(45), rng.below(256));
            h.uut.push.next = push;
            h.uut.pop.next = pop;
            h.uut.data_in.next = value.into();
            h.settle();
            assert_eq!(h.uut.empty.val(), reference.is_empty());
            assert_eq!(h.uut.full.val(), reference.len() == 4);
            if let Some(&v) = reference.front() {
                assert_eq!(h.uut.head.val().to_u64(), v);
            }
            full_seen += (reference.len() == 4) as u32;
            let popped = pop && reference.pop_front().is_some();
            if push && (reference.len() < 4 || popped) {
                reference.push_back(value);
                pushed += 1;
            }
            h.tick();
        }
        assert!(pushed > 1000 && full_seen > 100, "{pushed} pushes, {full_seen} full cycles");
    }
}
