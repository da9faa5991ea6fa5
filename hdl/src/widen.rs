//! Zero extension without Verilog width mismatches. RustHDL's `bit_cast` to a wider type emits
//! `(x & M'hff..)`, an operand-width mismatch Verilator reports (WIDTH); this block emits the
//! concatenation `{zeros, x}` instead and simulates as `bit_cast`.

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ZeroExtend<const N: usize, const M: usize> {
    pub narrow: Signal<In, Bits<N>>,
    pub wide: Signal<Out, Bits<M>>,
}

impl<const N: usize, const M: usize> Default for ZeroExtend<N, M> {
    fn default() -> Self {
        assert!(M > N, "ZeroExtend must widen");
        Self { narrow: Default::default(), wide: Default::default() }
    }
}

impl<const N: usize, const M: usize> Logic for ZeroExtend<N, M> {
    fn update(&mut self) {
        self.wide.next = bit_cast::<M, N>(self.narrow.val());
    }
    fn connect(&mut self) {
        self.wide.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!("always @(*) wide = {{{}'d0, narrow}};", M - N))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim_util::*;

    #[test]
    fn zero_extends() {
        run_with_deadline("widen", SIM_DEADLINE, || {
            let mut sim = Simulation::new();
            sim.add_testbench(|mut sim: Sim<ZeroExtend<4, 12>>| {
                let mut x = sim.init()?;
                x.narrow.next = 0xa.into();
                x = sim.wait(1, x)?;
                sim_assert_eq!(sim, x.wide.val().to_u64(), 0xa, x);
                sim.done(x)
            });
            sim.run(Box::new(ZeroExtend::<4, 12>::default()), 100).unwrap();
        });
        let mut uut = ZeroExtend::<4, 12>::default();
        uut.connect_all();
        assert!(generate_verilog(&uut).contains("wide = {8'd0, narrow}"));
    }
}
