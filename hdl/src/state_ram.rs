//! A simple dual-port block RAM whose user never reads an address in the cycle it is written
//! (spec "The card engine", forwarding). rust-hdl's `RAM` promises the old word on such a
//! collision; block RAMs' two ports do not, so yosys emulates it with a delayed write and a
//! bypass multiplexer behind the RAM — on ECP5 the slowest path of the engine (the DP16KD's
//! 5.8 ns clock-to-out, then that LUT). This RAM is emitted with yosys' `no_rw_check`: a
//! colliding read's word is undefined in hardware (the simulation returns the old word), and
//! the caller forwards the write instead.

use rust_hdl::prelude::*;
use std::collections::BTreeMap;

#[derive(LogicBlock, Default)]
pub struct StateRam<D: Synth, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    /// The word at `read_address` one clock edge earlier; undefined if that address was written
    /// at the same edge.
    pub read_data: Signal<Out, D>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, D>,
    pub write_enable: Signal<In, bool>,
    _words: BTreeMap<Bits<N>, D>,
}

impl<D: Synth, const N: usize> Logic for StateRam<D, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.read_data.next = self.get(self.read_address.val());
            if self.write_enable.val() {
                self._words.insert(self.write_address.val(), self.write_data.val());
            }
        }
    }

    fn connect(&mut self) {
        self.read_data.connect();
    }

    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "\
(* no_rw_check *) reg[{msb}:0] mem[{last}:0];

always @(posedge clock) begin
   read_data <= mem[read_address];
   if (write_enable) begin
      mem[write_address] <= write_data;
   end
end
",
            msb = D::BITS - 1,
            last = (1u64 << N) - 1,
        ))
    }
}

impl<D: Synth, const N: usize> StateRam<D, N> {
    fn get(&self, address: Bits<N>) -> D {
        self._words.get(&address).copied().unwrap_or_default()
    }
}
