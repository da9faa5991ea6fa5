//! EXPORT's argument decoded over RD0a and RD0f (spec §6a, RD0): the command's argument is a
//! v1 EXPORT word (`renq_abi::csr::bits`: VALID, `k` = log2 of the buffer's words, the base).
//! RD0a (`a_data`, the argument as it enters RD0a) decodes the size `k`, the index mask
//! `2^k − 1`, the address bits below the buffer's alignment and whether the word is valid with
//! `k` in range; RD0f (`f_base`, the same argument's base field a cycle later) finishes the free count
//! (`mask − 3`: the header's three words are never slots) and the base aligned to the buffer's
//! size. RD0b reads the result (`valid`, `k`, `mask`, `free`, `base`) from registers, and for
//! SPARE (spec §9c, the same word with a run length) also the VALID bit alone (`valid_bit`:
//! clear empties the spares), whether the base was aligned (`aligned`: SPARE refuses an
//! unaligned one where EXPORT aligns it), the run's buffers after the first (`run`) and
//! whether the run ends inside the DMA address space (`run_fits`: its bytes less one, from RD0a,
//! against the room above the aligned base, in RD0f — no adder on the base).
//! (Decoded for every operation; only EXPORT's and SPARE's RD0b read it.)

use crate::*;
use renq_abi::{buffer, csr::bits};
use rust_hdl::prelude::*;

const _: () = assert!(REST_W as u32 == bits::SPARE_RUN_MSB + 1 - bits::SPARE_RUN_LSB);

#[derive(LogicBlock)]
pub struct ExportDecode {
    pub clock: Signal<In, Clock>,
    /// RD0a's argument (a command's: `a_data`).
    pub a_data: Signal<In, Bits<WORD_W>>,
    /// RD0f's argument's base field (`f_data`'s bits from `EXPORT_BASE_LSB`).
    pub f_base: Signal<In, Bits<ADDR_W>>,
    /// For RD0b: a valid EXPORT word with `k` in range; its size, mask, free count, base.
    pub valid: Signal<Out, bool>,
    pub k: Signal<Out, Bits<LOG2_W>>,
    pub mask: Signal<Out, Bits<INDEX_W>>,
    pub free: Signal<Out, Bits<INDEX_W>>,
    pub base: Signal<Out, Bits<ADDR_W>>,
    pub valid_bit: Signal<Out, bool>,
    pub aligned: Signal<Out, bool>,
    /// SPARE: the run's buffers after the first, and whether the run ends inside the DMA
    /// address space (meaningful for a valid, aligned word).
    pub run: Signal<Out, Bits<REST_W>>,
    pub run_fits: Signal<Out, bool>,

    arg_k: Signal<Local, Bits<LOG2_W>>,
    arg_mask: Signal<Local, Bits<INDEX_W>>,
    arg_mask_wide: Signal<Local, Bits<ADDR_W>>,
    arg_run: Signal<Local, Bits<REST_W>>,
    run_wide: crate::widen::ZeroExtend<REST_W, ADDR_W>,
    // RD0a → RD0f.
    f_arg_k: DFF<Bits<LOG2_W>>,
    f_arg_mask: DFF<Bits<INDEX_W>>,
    /// The address bits below the buffer's alignment.
    f_arg_low: DFF<Bits<ADDR_W>>,
    f_arg_ok: DFF<bool>,
    f_arg_valid_bit: DFF<bool>,
    f_arg_run: DFF<Bits<REST_W>>,
    /// The run's bytes less one.
    f_arg_span_m1: DFF<Bits<ADDR_W>>,
    // RD0f → RD0b.
    b_arg_valid_bit: DFF<bool>,
    b_arg_run: DFF<Bits<REST_W>>,
    b_arg_run_fits: DFF<bool>,
    b_arg_aligned: DFF<bool>,
    b_arg_valid: DFF<bool>,
    b_arg_k: DFF<Bits<LOG2_W>>,
    b_arg_mask: DFF<Bits<INDEX_W>>,
    b_arg_free: DFF<Bits<INDEX_W>>,
    b_arg_base: DFF<Bits<ADDR_W>>,
    // EXPORT word fields (renq_abi::csr::bits): bit positions as constants, so the Verilog
    // names them.
    export_log2_lsb: Constant<Bits<WORD_POS_W>>,
    export_valid_bit: Constant<Bits<WORD_POS_W>>,
    spare_run_lsb: Constant<Bits<WORD_POS_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    word_offset_mask: Constant<Bits<ADDR_W>>,
    one_index: Constant<Bits<INDEX_W>>,
    one_addr: Constant<Bits<ADDR_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    k_min: Constant<Bits<LOG2_W>>,
    k_max: Constant<Bits<LOG2_W>>,
}

impl Default for ExportDecode {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            a_data: Default::default(),
            f_base: Default::default(),
            valid: Default::default(),
            k: Default::default(),
            mask: Default::default(),
            free: Default::default(),
            base: Default::default(),
            valid_bit: Default::default(),
            aligned: Default::default(),
            run: Default::default(),
            run_fits: Default::default(),
            arg_k: Default::default(),
            arg_mask: Default::default(),
            arg_mask_wide: Default::default(),
            arg_run: Default::default(),
            run_wide: Default::default(),
            f_arg_k: Default::default(),
            f_arg_mask: Default::default(),
            f_arg_low: Default::default(),
            f_arg_ok: Default::default(),
            f_arg_valid_bit: Default::default(),
            f_arg_run: Default::default(),
            f_arg_span_m1: Default::default(),
            b_arg_valid_bit: Default::default(),
            b_arg_run: Default::default(),
            b_arg_run_fits: Default::default(),
            b_arg_aligned: Default::default(),
            b_arg_valid: Default::default(),
            b_arg_k: Default::default(),
            b_arg_mask: Default::default(),
            b_arg_free: Default::default(),
            b_arg_base: Default::default(),
            export_log2_lsb: Constant::new((bits::EXPORT_LOG2_LSB as u64).into()),
            export_valid_bit: Constant::new((bits::EXPORT_VALID as u64).into()),
            spare_run_lsb: Constant::new((bits::SPARE_RUN_LSB as u64).into()),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            word_offset_mask: Constant::new(((1u64 << renq_abi::WORD_SHIFT) - 1).into()),
            one_index: Constant::new(1.into()),
            one_addr: Constant::new(1.into()),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            k_min: Constant::new((buffer::MIN_LOG2_WORDS as u64).into()),
            k_max: Constant::new((buffer::MAX_LOG2_WORDS as u64).into()),
        }
    }
}

impl Logic for ExportDecode {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            f_arg_k,
            f_arg_mask,
            f_arg_low,
            f_arg_ok,
            f_arg_valid_bit,
            f_arg_run,
            f_arg_span_m1,
            b_arg_valid_bit,
            b_arg_run,
            b_arg_run_fits,
            b_arg_aligned,
            b_arg_valid,
            b_arg_k,
            b_arg_mask,
            b_arg_free,
            b_arg_base
        );
        // RD0a: size, masks, valid and in range.
        self.arg_k.next = self.a_data.val().get_bits::<LOG2_W>(self.export_log2_lsb.val().index());
        self.arg_mask.next = (self.one_index.val() << self.arg_k.val()) - self.one_index.val();
        self.arg_mask_wide.next = (self.one_addr.val() << self.arg_k.val()) - self.one_addr.val();
        self.f_arg_k.d.next = self.arg_k.val();
        self.f_arg_mask.d.next = self.arg_mask.val();
        self.f_arg_low.d.next = (self.arg_mask_wide.val() << self.word_shift.val()) | self.word_offset_mask.val();
        self.f_arg_ok.d.next = self.a_data.val().get_bit(self.export_valid_bit.val().index())
            & (self.arg_k.val() >= self.k_min.val())
            & (self.arg_k.val() <= self.k_max.val());
        self.f_arg_valid_bit.d.next = self.a_data.val().get_bit(self.export_valid_bit.val().index());
        // SPARE's run: its buffers after the first, and its bytes less one, (RUN + 1) · 2^k words
        // − 1 byte = RUN · 2^k words with the low bits of a buffer set: no adder.
        self.arg_run.next = self.a_data.val().get_bits::<REST_W>(self.spare_run_lsb.val().index());
        self.run_wide.narrow.next = self.a_data.val().get_bits::<REST_W>(self.spare_run_lsb.val().index());
        self.f_arg_run.d.next = self.arg_run.val();
        self.f_arg_span_m1.d.next = ((self.run_wide.wide.val() << self.arg_k.val()) << self.word_shift.val())
            | (self.arg_mask_wide.val() << self.word_shift.val())
            | self.word_offset_mask.val();
        // RD0f: the free count and the aligned base.
        self.b_arg_valid_bit.d.next = self.f_arg_valid_bit.q.val();
        self.b_arg_run.d.next = self.f_arg_run.q.val();
        // The run ends inside the address space: its bytes less one ≤ the room above the
        // aligned base less one (`!base`, with the bits below the alignment set).
        self.b_arg_run_fits.d.next = self.f_arg_span_m1.q.val() <= (!self.f_base.val() | self.f_arg_low.q.val());
        self.b_arg_aligned.d.next = !(self.f_base.val() & self.f_arg_low.q.val()).any();
        self.b_arg_k.d.next = self.f_arg_k.q.val();
        self.b_arg_mask.d.next = self.f_arg_mask.q.val();
        self.b_arg_free.d.next = self.f_arg_mask.q.val() - self.first_data_index.val();
        self.b_arg_valid.d.next = self.f_arg_ok.q.val();
        self.b_arg_base.d.next = self.f_base.val() & !self.f_arg_low.q.val();
        self.valid.next = self.b_arg_valid.q.val();
        self.k.next = self.b_arg_k.q.val();
        self.mask.next = self.b_arg_mask.q.val();
        self.free.next = self.b_arg_free.q.val();
        self.base.next = self.b_arg_base.q.val();
        self.valid_bit.next = self.b_arg_valid_bit.q.val();
        self.aligned.next = self.b_arg_aligned.q.val();
        self.run.next = self.b_arg_run.q.val();
        self.run_fits.next = self.b_arg_run_fits.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;
    use renq_abi::csr::MAX_SPARE_RUN;

    /// The decode of an EXPORT word, from `renq_abi`'s layout: (valid, k, mask, free, base).
    fn reference(word: u64) -> (bool, u64, u64, u64, u64) {
        let k = (word >> bits::EXPORT_LOG2_LSB) & ((1 << LOG2_W) - 1);
        let valid = word >> bits::EXPORT_VALID & 1 == 1
            && (buffer::MIN_LOG2_WORDS as u64..=buffer::MAX_LOG2_WORDS as u64).contains(&k);
        let mask = (1u64 << k) - 1;
        let base = (word >> bits::EXPORT_BASE_LSB) & ((1u64 << ADDR_W) - 1) & !((mask << renq_abi::WORD_SHIFT) | 7);
        (valid, k, mask, mask.wrapping_sub(buffer::FIRST_DATA_INDEX), base)
    }

    /// A stream of EXPORT words (valid and not, every size, random bases) through RD0a and
    /// RD0f, with random gaps (other operations' data in between): each word's decode appears
    /// two cycles after it entered RD0a.
    #[test]
    fn export_words_decode_two_stages_later_under_random_gaps() {
        let mut h = Hand::<ExportDecode>::new(|e, c| e.clock.next = Clock { clk: c });
        let mut rng = Rng(0xe4_9047);
        let mut words = [0u64; 3];
        let (mut checked, mut valid, mut aligned, mut fits, mut past) = (0, 0, 0, 0, 0);
        for cycle in 0..6_000u64 {
            // words[0]: entering RD0a now; words[1]: in RD0f; words[2]: in RD0b.
            let word = if rng.chance(70) {
                let k = rng.below(1 << LOG2_W);
                let mut base = rng.next_u64() & ((1u64 << ADDR_W) - 1);
                if rng.chance(20) {
                    base |= ((1u64 << ADDR_W) - 1) & !((1u64 << rng.below(40)) - 1);
                    // near the top
                }
                if rng.chance(50) {
                    base &= !((8u64 << k) - 1); // aligned, as a SPARE must be
                }
                let run = if rng.chance(50) { 0 } else { rng.below(MAX_SPARE_RUN as u64) };
                (rng.chance(80) as u64) << bits::EXPORT_VALID
                    | run << bits::SPARE_RUN_LSB
                    | k << bits::EXPORT_LOG2_LSB
                    | base << bits::EXPORT_BASE_LSB
            } else {
                rng.next_u64()
            };
            words = [word, words[0], words[1]];
            let u = &mut h.uut;
            u.a_data.next = words[0].into();
            u.f_base.next = (words[1] >> bits::EXPORT_BASE_LSB & ((1u64 << ADDR_W) - 1)).into();
            h.settle();
            if cycle >= 2 {
                let (ok, k, mask, free, base) = reference(words[2]);
                let u = &h.uut;
                assert_eq!(u.valid.val(), ok, "cycle {cycle}: word {:#x}", words[2]);
                let w = words[2];
                let low = ((1u64 << (k + 3)) - 1) & ((1 << ADDR_W) - 1);
                assert_eq!(u.valid_bit.val(), w >> bits::EXPORT_VALID & 1 == 1, "cycle {cycle}");
                let run = w >> bits::SPARE_RUN_LSB & (MAX_SPARE_RUN as u64 - 1);
                assert_eq!(u.run.val().to_u64(), run, "cycle {cycle}");
                if ok {
                    assert_eq!(u.aligned.val(), w & low == 0, "cycle {cycle}: word {w:#x}");
                    aligned += (w & low == 0) as u32;
                    // As the model's `spare_run`: the run's end at most 2^48.
                    let end = base as u128 + ((run as u128 + 1) << (k + 3));
                    assert_eq!(u.run_fits.val(), end <= 1 << ADDR_W, "cycle {cycle}: word {w:#x}");
                    fits += u.run_fits.val() as u32;
                    past += !u.run_fits.val() as u32;
                }
                if ok {
                    assert_eq!(u.k.val().to_u64(), k, "cycle {cycle}");
                    assert_eq!(u.mask.val().to_u64(), mask, "cycle {cycle}");
                    assert_eq!(u.free.val().to_u64(), free, "cycle {cycle}");
                    assert_eq!(u.base.val().to_u64(), base, "cycle {cycle}: word {:#x}", words[2]);
                    valid += 1;
                }
                checked += 1;
            }
            h.tick();
        }
        assert!(checked > 5_000 && valid > 500, "{checked} words, {valid} valid");
        assert!(aligned > 50 && fits > 50 && past > 50, "{aligned} aligned, runs {fits} inside, {past} past the space");
    }
}
