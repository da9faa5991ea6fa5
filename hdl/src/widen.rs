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

/// A value of up to 128 bits as `Bits<N>` (RustHDL converts from `u64` only); bits above `N`
/// are dropped.
pub fn bits_u128<const N: usize>(v: u128) -> Bits<N> {
    let lo: Bits<N> = (v as u64).into();
    if N <= 64 {
        return lo;
    }
    let hi: Bits<N> = ((v >> 64) as u64).into();
    lo | (hi << 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim_util::*;

    #[test]
    fn bits_from_u128_keep_every_bit_below_n() {
        let v = 0xfedc_ba98_7654_3210_0123_4567_89ab_cdefu128;
        assert_eq!(bits_u128::<68>(v).to_u128(), v & ((1 << 68) - 1));
        assert_eq!(bits_u128::<48>(v).to_u128(), v & ((1 << 48) - 1));
    }

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
