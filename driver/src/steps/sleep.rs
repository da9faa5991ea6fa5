//! The consumer's sleep (spec §9b, "Sleeping") as a step machine of actions: the library's
//! `dequeue_until` performs each action for real (a dequeue visit, the wake generation, ARM,
//! the condvar) and the model check (`driver/tests/protocol_model.rs`) performs each as steps
//! of its model, so both run this order.
//!
//! The order, and why: look; read the wake generation; ARM with where the consumer is
//! ([`super::arm`]); look again; sleep until the generation moves. The ARM's answer covers
//! every item decided before it (the card notifies at once when it has one the consumer has not
//! seen), and the generation is read before the ARM, so no NOTIFY that answers it is missed.
//! A NOTIFY before the generation read is for an item whose TAIL was posted by then, which the
//! second look takes. The second look is not needed for safety: it takes an item that landed
//! before the ARM without a sleep and an interrupt.

#[cfg(feature = "mutants")]
use super::Mutations;
use crate::paper::queue::steps::mutant;

/// What the consumer does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SleepPc {
    /// A dequeue visit; report whether it took an item ([`SleepOp::looked`]).
    Look,
    /// Read the wake generation and keep it ([`SleepOp::advance`]).
    Generation,
    /// ARM the queue with the consumer's position ([`SleepOp::advance`]).
    Arm,
    /// The dequeue visit after the ARM ([`SleepOp::looked`]).
    Recheck,
    /// Sleep until the generation read differs ([`SleepOp::advance`] once woken).
    Wait,
    /// A look took an item: the sleep is over.
    Found,
}

/// One `dequeue_until`: where it is in the order above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SleepOp {
    pub pc: SleepPc,
    #[cfg(feature = "mutants")]
    mutations: Mutations,
}

impl Default for SleepOp {
    fn default() -> Self {
        Self::new()
    }
}

impl SleepOp {
    pub fn new() -> SleepOp {
        SleepOp {
            pc: SleepPc::Look,
            #[cfg(feature = "mutants")]
            mutations: Mutations::default(),
        }
    }

    /// A broken variant of the order, for the model check.
    #[cfg(feature = "mutants")]
    pub fn with_mutations(self, mutations: Mutations) -> SleepOp {
        SleepOp { mutations, ..self }
    }

    /// Its broken variant (what `mutant!` reads).
    #[cfg(feature = "mutants")]
    fn mutations(&self) -> Mutations {
        self.mutations
    }

    /// A look (`Look` or `Recheck`) is over: it took an item, or not.
    pub fn looked(&mut self, took: bool) {
        self.pc = match (self.pc, took) {
            (SleepPc::Look | SleepPc::Recheck, true) => SleepPc::Found,
            (SleepPc::Look, false) if mutant!(self, generation_after_recheck) => SleepPc::Arm,
            (SleepPc::Look, false) => SleepPc::Generation,
            (SleepPc::Recheck, false) if mutant!(self, generation_after_recheck) => SleepPc::Generation,
            (SleepPc::Recheck, false) => SleepPc::Wait,
            (pc, _) => pc,
        };
    }

    /// The action of `Generation`, `Arm` or `Wait` is done (for `Wait`: the generation moved).
    pub fn advance(&mut self) {
        self.pc = match self.pc {
            SleepPc::Generation if mutant!(self, generation_after_recheck) => SleepPc::Wait,
            SleepPc::Generation => SleepPc::Arm,
            SleepPc::Arm => SleepPc::Recheck,
            SleepPc::Wait => SleepPc::Look,
            pc => pc,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped order: look, generation, ARM, look again, wait; woken, look.
    #[test]
    fn the_order_is_generation_arm_recheck_wait() {
        let mut op = SleepOp::new();
        let mut seen = vec![op.pc];
        for _ in 0..6 {
            match op.pc {
                SleepPc::Look | SleepPc::Recheck => op.looked(false),
                _ => op.advance(),
            }
            seen.push(op.pc);
        }
        use SleepPc::*;
        assert_eq!(seen, [Look, Generation, Arm, Recheck, Wait, Look, Generation]);
        op.looked(true);
        assert_eq!(op.pc, Generation, "only a look reports an item");
        let mut op = SleepOp::new();
        op.advance();
        assert_eq!(op.pc, Look, "a look is not advanced");
        op.looked(true);
        assert_eq!(op.pc, Found);
    }
}
