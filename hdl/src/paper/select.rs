//! Reading one entry of a per-queue table: a balanced tree of 2:1 multiplexers, one level per
//! bit of the queue number (bit 0 first).
//!
//! Why not a `for` loop of `if sel == i { out = entry[i] }`: RustHDL emits that as sixteen
//! sequential `if`s, which yosys turns into a chain of sixteen priority multiplexers — ABC cannot
//! see that the conditions exclude each other, and the chain costs several LUT levels more than
//! a 16:1 multiplexer. The tree has the depth of a 16:1 multiplexer (four 2:1 levels, which the
//! iCE40 mapping packs into about three LUT4 levels).

#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::*;
use rust_hdl::prelude::*;

/// Bits of a bit position within a queue number.
const QUEUE_POS_W: usize = index_width(QUEUE_W);

// The tree below has one level per bit of a queue number.
const _: () = assert!(
    NUM_QUEUES == 1 << QUEUE_W && QUEUE_W == 4,
    "TableSelect: one multiplexer level per queue bit; add or remove a level"
);

/// Entries at each level of the tree.
const L1: usize = NUM_QUEUES / 2;
const L2: usize = NUM_QUEUES / 4;
const L3: usize = NUM_QUEUES / 8;

#[derive(LogicBlock)]
pub struct TableSelect<T: Synth> {
    /// The queue whose entry is read.
    pub sel: Signal<In, Bits<QUEUE_W>>,
    pub entries: [Signal<In, T>; NUM_QUEUES],
    /// `entries[sel]`, combinationally.
    pub out: Signal<Out, T>,
    // Level k selects by bit k of `sel`.
    l1: [Signal<Local, T>; L1],
    l2: [Signal<Local, T>; L2],
    l3: [Signal<Local, T>; L3],
    bit0: Constant<Bits<QUEUE_POS_W>>,
    bit1: Constant<Bits<QUEUE_POS_W>>,
    bit2: Constant<Bits<QUEUE_POS_W>>,
    bit3: Constant<Bits<QUEUE_POS_W>>,
}

impl<T: Synth> Default for TableSelect<T> {
    fn default() -> Self {
        let bit = |b: u64| -> Constant<Bits<QUEUE_POS_W>> { Constant::new(b.into()) };
        Self {
            sel: Default::default(),
            entries: core::array::from_fn(|_| Default::default()),
            out: Default::default(),
            l1: core::array::from_fn(|_| Default::default()),
            l2: core::array::from_fn(|_| Default::default()),
            l3: core::array::from_fn(|_| Default::default()),
            bit0: bit(0),
            bit1: bit(1),
            bit2: bit(2),
            bit3: bit(3),
        }
    }
}

impl<T: Synth> Logic for TableSelect<T> {
    #[hdl_gen]
    fn update(&mut self) {
        for j in 0..L1 {
            self.l1[j].next = self.entries[2 * j].val();
            if self.sel.val().get_bit(self.bit0.val().index()) {
                self.l1[j].next = self.entries[2 * j + 1].val();
            }
        }
        for j in 0..L2 {
            self.l2[j].next = self.l1[2 * j].val();
            if self.sel.val().get_bit(self.bit1.val().index()) {
                self.l2[j].next = self.l1[2 * j + 1].val();
            }
        }
        for j in 0..L3 {
            self.l3[j].next = self.l2[2 * j].val();
            if self.sel.val().get_bit(self.bit2.val().index()) {
                self.l3[j].next = self.l2[2 * j + 1].val();
            }
        }
        self.out.next = self.l3[0].val();
        if self.sel.val().get_bit(self.bit3.val().index()) {
            self.out.next = self.l3[1].val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim_util::*;

    #[test]
    fn selects_every_entry() {
        run_with_deadline("select", SIM_DEADLINE, || {
            let mut sim = Simulation::new();
            sim.add_testbench(|mut sim: Sim<TableSelect<Bits<WORD_W>>>| {
                let mut x = sim.init()?;
                for i in 0..NUM_QUEUES {
                    x.entries[i].next = (0x1000 + i as u64).into();
                }
                for q in 0..NUM_QUEUES {
                    x.sel.next = (q as u64).into();
                    x = sim.wait(1, x)?;
                    sim_assert_eq!(sim, x.out.val().to_u64(), 0x1000 + q as u64, x);
                }
                sim.done(x)
            });
            sim.run(Box::new(TableSelect::<Bits<WORD_W>>::default()), 1_000).unwrap();
        });
    }
}
