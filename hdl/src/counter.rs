//! An event counter of the register file (spec §8): counts one-cycle event pulses, wrapping at
//! `N` bits (`COUNTER_W` in the register file). The pulse is registered first, so the count
//! changes at the edge ending the cycle after the event (the register file's visibility rule)
//! and the adder's clock enable does not wait for the logic that raised the event. (The input
//! is `pulse`, not `event`: that is a Verilog keyword.)

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct EventCounter<const N: usize> {
    pub clock: Signal<In, Clock>,
    /// High for one cycle per event.
    pub pulse: Signal<In, bool>,
    /// The count (named like a DFF's output: the register file reads it as it read its DFFs).
    pub q: Signal<Out, Bits<N>>,
    pending: DFF<bool>,
    count: DFF<Bits<N>>,
    one: Constant<Bits<N>>,
}

impl<const N: usize> Default for EventCounter<N> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            pulse: Default::default(),
            q: Default::default(),
            pending: Default::default(),
            count: Default::default(),
            one: Constant::new(1.into()),
        }
    }
}

impl<const N: usize> Logic for EventCounter<N> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, pending, count);
        self.pending.d.next = self.pulse.val();
        if self.pending.q.val() {
            self.count.d.next = self.count.q.val() + self.one.val();
        }
        self.q.next = self.count.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim_util::*;

    /// Counts pulses one cycle late, and wraps (a 2-bit counter).
    #[test]
    fn counts_pulses_a_cycle_late_and_wraps() {
        let toggle = |x: &mut Box<EventCounter<2>>| x.clock.next = !x.clock.val();
        let seen =
            run_clocked("counter", EventCounter::<2>::default(), toggle, |mut sim: Sim<EventCounter<2>>, out| {
                let mut x = sim.init()?;
                let mut seen = Vec::new();
                for pulse in [true, false, true, true, false, true, true, false, false] {
                    wait_clock_false!(sim, clock, x);
                    x.pulse.next = pulse;
                    wait_clock_true!(sim, clock, x);
                    seen.push(x.q.val().to_u64());
                }
                out.put(seen);
                sim.done(x)
            });
        // After each edge: the count of the events up to the previous cycle, modulo 4.
        assert_eq!(seen, vec![0, 1, 1, 2, 3, 3, 0, 1, 1]);
    }
}
