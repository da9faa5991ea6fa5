//! Raw values of the `renq_abi::regs` bitfield types. Their inner `u64` is private to the
//! abi crate, so the whole word goes through the bitfield crate's `BitRange` (bits 63..0).

use bitfield::{BitRange, BitRangeMut};

/// The register word a typed value stands for.
pub fn raw<T: BitRange<u64>>(x: &T) -> u64 {
    x.bit_range(63, 0)
}

/// The typed value of a register word.
pub fn from_raw<T: Default + BitRangeMut<u64>>(v: u64) -> T {
    let mut t = T::default();
    t.set_bit_range(63, 0, v);
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use renq_abi::regs::{ExportEntry, Irq};

    #[test]
    fn whole_word_round_trips() {
        for v in [0u64, 1, 0x8000_0000_0000_0000, u64::MAX, 0x1234_5678_9abc_def0] {
            assert_eq!(raw(&from_raw::<Irq>(v)), v);
        }
        let e = ExportEntry::new(0x40_0000, 6);
        let back: ExportEntry = from_raw(raw(&e));
        assert_eq!(back, e);
        assert!(back.valid() && back.log2_words() == 6 && back.base() == 0x40_0000);
    }
}
