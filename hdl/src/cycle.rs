//! The one hand-stepped driver of the whole card (`Top`, spec §6b): every port as a plain
//! value ([`PortsIn`] / [`PortsOut`], from the port list of [`crate::top::ports`]), inputs
//! applied and logic settled by hand, the clock toggled by hand. The RustHDL simulation
//! ([`RtlCard`]) and the Verilator model of `verilog-out/renq_top.v` (crate
//! `renq-verilated`) both implement [`CycleCard`], so the simulator's cycle engine
//! (`renq_sim::engine::rtl`) runs either one unchanged, and the co-simulation
//! (`hdl/examples/top_cosim.rs`) drives the RustHDL one with the lines it logs.

use crate::stepper::Hand;
pub use crate::top::ports::{LineError, PortsIn, PortsOut};
use crate::top::Top;
use rust_hdl::prelude::*;

/// A clock-cycle-level card, either card: its ports as plain values (`In`, `Out`), applied
/// and settled by hand, the clock toggled by hand. The RustHDL simulations ([`RtlCard`], the
/// paper card's [`PaperRtlCard`](crate::paper::PaperRtlCard)) and the Verilator models (crate
/// `renq-verilated`) implement it, so the simulator's cycle engine and the harnesses run any of
/// them unchanged.
pub trait CycleCard {
    /// Every input port, as plain values.
    type In: Copy + Default + PartialEq;
    /// Every output port, as plain values.
    type Out: Copy + Default;
    /// Apply inputs and settle combinational logic (no clock edge); returns the outputs.
    fn eval(&mut self, inputs: &Self::In) -> Self::Out;
    /// One rising clock edge with the inputs last given to `eval`, then settle; returns the
    /// outputs.
    fn tick(&mut self) -> Self::Out;
    /// Rising edges so far.
    fn cycles(&self) -> u64;
    /// One whole clock cycle: `eval(inputs)`, then `tick()`; returns the outputs before the edge
    /// (those `eval` returns). A model may do it in one go (the Verilator model: one call across
    /// its FFI, the outputs after the edge not read).
    fn step(&mut self, inputs: &Self::In) -> Self::Out {
        let out = self.eval(inputs);
        self.tick();
        out
    }
}

/// The RustHDL `Top`, driven by hand.
pub struct RtlCard<const QA: usize, const PA: usize> {
    hand: Hand<Top<QA, PA>>,
    cycles: u64,
    /// Inputs the logic is settled with (evaluating them again needs no work).
    settled_with: Option<PortsIn>,
}

/// The ECP5-85F build (4 096 queues and portals): the one `renq_top.v` holds.
pub type RtlCardEcp5 = RtlCard<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_PORTAL_BITS as usize }>;

impl<const QA: usize, const PA: usize> Default for RtlCard<QA, PA> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const QA: usize, const PA: usize> RtlCard<QA, PA> {
    pub fn new() -> Self {
        RtlCard { hand: Hand::new(|t, c| t.clock.next = Clock { clk: c }), cycles: 0, settled_with: None }
    }
}

impl<const QA: usize, const PA: usize> CycleCard for RtlCard<QA, PA> {
    type In = PortsIn;
    type Out = PortsOut;
    fn eval(&mut self, inputs: &PortsIn) -> PortsOut {
        if self.settled_with != Some(*inputs) {
            inputs.at_ports().apply(&mut self.hand.uut);
            self.hand.settle();
            self.settled_with = Some(*inputs);
        }
        PortsOut::read(&self.hand.uut)
    }

    fn tick(&mut self) -> PortsOut {
        self.hand.tick();
        self.cycles += 1;
        PortsOut::read(&self.hand.uut)
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The simulator may run each card on its own thread.
    #[test]
    fn rtl_card_is_send() {
        fn is_send<T: Send>() {}
        is_send::<RtlCardEcp5>();
    }

    /// Inputs wider than a port are cut, not fatal: a BAR0 read of CAPS with high address bits
    /// set reads CAPS.
    #[test]
    fn wide_inputs_are_cut_to_the_ports() {
        type Card = RtlCard<4, 4>;
        let mut card = Card::new();
        let caps = renq_abi::regs::CAPS;
        let read = PortsIn { csr_addr: 0xf000 | caps as u16, csr_read: true, ..PortsIn::default() };
        // Present the read until it is taken, then wait for its one answer.
        let mut taken = false;
        let mut answer = None;
        for _ in 0..64 {
            let out = card.eval(&if taken { PortsIn::default() } else { read });
            if out.csr_rvalid {
                answer = Some(out.csr_rdata);
                break;
            }
            taken |= out.csr_ready;
            card.tick();
        }
        assert_eq!(answer, Some(renq_abi::regs::rtl_caps(4, 4)));
    }
}
