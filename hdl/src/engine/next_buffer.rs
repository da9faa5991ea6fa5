//! The buffer after a queue's buffer: `base + 2^k` words, for a switch within a run of spare
//! buffers (spec §9c). The base is aligned to the buffer's size, so the sum is the base with
//! every bit below its size set, plus one; the carry chain is split in two halves (carry-select:
//! both sums have zeros above their half, so synthesis keeps half-length chains).
//!
//! The engine computes it in RD0b from RD0f's registered state (the adder right behind the state
//! RAM's 3-way choice in RD0f was ECP5's critical path); the decision uses it only for a switch,
//! which comes late in RD0b's write-back mux.

use crate::widen::ZeroExtend;
use crate::*;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct NextBuffer {
    /// The buffer's base (aligned to its size) and its index mask `2^k − 1`.
    pub base: Signal<In, Bits<ADDR_W>>,
    pub mask: Signal<In, Bits<INDEX_W>>,
    /// `base + 2^k` words.
    pub next_base: Signal<Out, Bits<ADDR_W>>,
    mask_wide: ZeroExtend<INDEX_W, ADDR_W>,
    /// The base with every bit below its size set; its low half plus one; its high half plus one.
    ones: Signal<Local, Bits<ADDR_W>>,
    lo_p1: Signal<Local, Bits<ADDR_W>>,
    hi_p1: Signal<Local, Bits<ADDR_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    word_offset_mask: Constant<Bits<ADDR_W>>,
    one: Constant<Bits<ADDR_W>>,
    low_half: Constant<Bits<ADDR_W>>,
    half: Constant<Bits<WORD_POS_W>>,
}

impl Default for NextBuffer {
    fn default() -> Self {
        Self {
            base: Default::default(),
            mask: Default::default(),
            next_base: Default::default(),
            mask_wide: Default::default(),
            ones: Default::default(),
            lo_p1: Default::default(),
            hi_p1: Default::default(),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            word_offset_mask: Constant::new(((1u64 << renq_abi::WORD_SHIFT) - 1).into()),
            one: Constant::new(1.into()),
            low_half: Constant::new(((1u64 << (ADDR_W / 2)) - 1).into()),
            half: Constant::new(((ADDR_W / 2) as u64).into()),
        }
    }
}

impl Logic for NextBuffer {
    #[hdl_gen]
    fn update(&mut self) {
        self.mask_wide.narrow.next = self.mask.val();
        self.ones.next =
            self.base.val() | (self.mask_wide.wide.val() << self.word_shift.val()) | self.word_offset_mask.val();
        self.lo_p1.next = (self.ones.val() & self.low_half.val()) + self.one.val();
        self.hi_p1.next = (self.ones.val() >> self.half.val()) + self.one.val();
        self.next_base.next = (self.ones.val() & !self.low_half.val()) | self.lo_p1.val();
        if self.lo_p1.val().get_bit(self.half.val().index()) {
            // The low half carried out: the high half plus one.
            self.next_base.next = self.hi_p1.val() << self.half.val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// Aligned bases of every size, and carries out of the low half and out of the address.
    #[test]
    fn the_next_buffer_is_the_base_plus_the_size() {
        let mut h = Hand::<NextBuffer>::new(|_, _| {});
        let mut rng = Rng(0x5eed_0b0f);
        let half_carry = (1u64 << (ADDR_W / 2)) - 8;
        for i in 0..4000u64 {
            let k = 3 + rng.below(14);
            let mask = (1u64 << k) - 1;
            let base = match i % 4 {
                0 => half_carry & !(mask << 3 | 7),
                1 => renq_abi::DMA_ADDR_MASK & !(mask << 3 | 7),
                _ => rng.next_u64() & renq_abi::DMA_ADDR_MASK & !(mask << 3 | 7),
            };
            h.uut.base.next = base.into();
            h.uut.mask.next = mask.into();
            h.settle();
            let want = (base + (8u64 << k)) & renq_abi::DMA_ADDR_MASK;
            assert_eq!(h.uut.next_base.val().to_u64(), want, "base {base:#x}, k {k}");
        }
    }
}
