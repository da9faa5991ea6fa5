//! Per-queue state of the v2 engine in block RAM (spec "Card v2 engine", the state word).
//!
//! Five simple dual-port RAMs share one address: `base` (48 bits, already aligned to the buffer
//! size), `tail` (16), `free` (16), `mask` (16: `2^k − 1`, kept so the pipeline needs no decode)
//! and `flags` (16, laid out as bits 15..0 of the QUERY word `renq_abi::v2::state::QueueState`:
//! bit 0 VALID, bit 1 STALLED, bit 2 ARMED, bits 7..3 `k`, bits 15..8 the epoch).
//! Block RAM reads are synchronous and the RAM outputs are registered once more (nothing but a
//! wire between a block RAM's output and a flip-flop: its clock-to-out is the slowest thing on
//! ECP5): the state of the queue named on `read_addr` in cycle t is on the outputs in cycle
//! t+2, as it was after the writes of cycles before t. A write in cycle t or t+1 to that queue
//! is not seen: the engine forwards its own writes (spec "Forwarding").

use crate::v2::*;
use crate::widen::ZeroExtend;
use renq_abi::v2::state::bits as state;
use rust_hdl::prelude::*;

/// Bit positions in the flags word (those of the QUERY word, `renq_abi::v2::state::bits`).
const FLAG_VALID: usize = state::VALID as usize;
const FLAG_STALLED: usize = state::STALLED as usize;
const FLAG_ARMED: usize = state::ARMED as usize;
const FLAG_K: usize = state::LOG2_LSB as usize;
const FLAG_EPOCH: usize = state::EPOCH_LSB as usize;
pub const FLAGS_W: usize = state::TAIL_LSB as usize;
/// Epoch bits of a queue (`renq_abi::v2::EPOCH_BITS`).
pub const EPOCH_W: usize = renq_abi::v2::EPOCH_BITS as usize;
const _: () = assert!(FLAG_K + LOG2_W == FLAG_EPOCH && FLAG_EPOCH + EPOCH_W == FLAGS_W);

#[derive(LogicBlock)]
pub struct QueueRam<const QA: usize> {
    pub clock: Signal<In, Clock>,
    /// Queue whose state appears on the outputs two cycles later.
    pub read_addr: Signal<In, Bits<QA>>,
    // The state read two cycles ago (as before that cycle's write).
    /// The flags word as stored (bits 15..0 of the QUERY word).
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    pub mask: Signal<Out, Bits<INDEX_W>>,
    pub base: Signal<Out, Bits<ADDR_W>>,
    pub tail: Signal<Out, Bits<INDEX_W>>,
    pub free: Signal<Out, Bits<INDEX_W>>,
    /// `free ≠ 0`, kept beside it (written with it) so the pipeline needs no 16-bit OR.
    pub free_nz: Signal<Out, bool>,
    /// The flags word read in the previous cycle, straight from the block RAM (one cycle ahead
    /// of `flags`, before its register): for a comparison made a stage early.
    pub flags_raw: Signal<Out, Bits<FLAGS_W>>,
    /// The flags word being written (`w_*` packed), for the engine's forwarding register.
    pub w_flags_packed: Signal<Out, Bits<FLAGS_W>>,
    // Write port: the whole state of one queue.
    pub write: Signal<In, bool>,
    pub write_addr: Signal<In, Bits<QA>>,
    pub w_valid: Signal<In, bool>,
    pub w_stalled: Signal<In, bool>,
    pub w_armed: Signal<In, bool>,
    pub w_k: Signal<In, Bits<LOG2_W>>,
    pub w_epoch: Signal<In, Bits<EPOCH_W>>,
    pub w_mask: Signal<In, Bits<INDEX_W>>,
    pub w_base: Signal<In, Bits<ADDR_W>>,
    pub w_tail: Signal<In, Bits<INDEX_W>>,
    pub w_free: Signal<In, Bits<INDEX_W>>,
    /// Must be `w_free ≠ 0`.
    pub w_free_nz: Signal<In, bool>,

    base_ram: RAM<Bits<ADDR_W>, QA>,
    tail_ram: RAM<Bits<INDEX_W>, QA>,
    free_ram: RAM<Bits<INDEX_W>, QA>,
    free_nz_ram: RAM<bool, QA>,
    mask_ram: RAM<Bits<INDEX_W>, QA>,
    flags_ram: RAM<Bits<FLAGS_W>, QA>,
    r_flags: DFF<Bits<FLAGS_W>>,
    r_base: DFF<Bits<ADDR_W>>,
    r_tail: DFF<Bits<INDEX_W>>,
    r_free: DFF<Bits<INDEX_W>>,
    r_free_nz: DFF<bool>,
    r_mask: DFF<Bits<INDEX_W>>,
    k_wide: ZeroExtend<LOG2_W, FLAGS_W>,
    epoch_wide: ZeroExtend<EPOCH_W, FLAGS_W>,
    w_flags: Signal<Local, Bits<FLAGS_W>>,
    k_shift: Constant<Bits<4>>,
    epoch_shift: Constant<Bits<4>>,
    valid_bit: Constant<Bits<FLAGS_W>>,
    stalled_bit: Constant<Bits<FLAGS_W>>,
    armed_bit: Constant<Bits<FLAGS_W>>,
}

impl<const QA: usize> Default for QueueRam<QA> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            read_addr: Default::default(),
            flags: Default::default(),
            flags_raw: Default::default(),
            mask: Default::default(),
            base: Default::default(),
            tail: Default::default(),
            free: Default::default(),
            free_nz: Default::default(),
            w_flags_packed: Default::default(),
            write: Default::default(),
            write_addr: Default::default(),
            w_valid: Default::default(),
            w_stalled: Default::default(),
            w_armed: Default::default(),
            w_k: Default::default(),
            w_epoch: Default::default(),
            w_mask: Default::default(),
            w_base: Default::default(),
            w_tail: Default::default(),
            w_free: Default::default(),
            w_free_nz: Default::default(),
            base_ram: Default::default(),
            tail_ram: Default::default(),
            free_ram: Default::default(),
            free_nz_ram: Default::default(),
            mask_ram: Default::default(),
            flags_ram: Default::default(),
            r_flags: Default::default(),
            r_base: Default::default(),
            r_tail: Default::default(),
            r_free: Default::default(),
            r_free_nz: Default::default(),
            r_mask: Default::default(),
            k_wide: Default::default(),
            epoch_wide: Default::default(),
            w_flags: Default::default(),
            k_shift: Constant::new((FLAG_K as u64).into()),
            epoch_shift: Constant::new((FLAG_EPOCH as u64).into()),
            valid_bit: Constant::new((1u64 << FLAG_VALID).into()),
            stalled_bit: Constant::new((1u64 << FLAG_STALLED).into()),
            armed_bit: Constant::new((1u64 << FLAG_ARMED).into()),
        }
    }
}

impl<const QA: usize> Logic for QueueRam<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, r_flags, r_base, r_tail, r_free, r_free_nz, r_mask);
        self.free_nz_ram.read_clock.next = self.clock.val();
        self.free_nz_ram.write_clock.next = self.clock.val();
        self.free_nz_ram.read_address.next = self.read_addr.val();
        self.free_nz_ram.write_address.next = self.write_addr.val();
        self.free_nz_ram.write_enable.next = self.write.val();
        self.free_nz_ram.write_data.next = self.w_free_nz.val();
        self.r_free_nz.d.next = self.free_nz_ram.read_data.val();
        self.free_nz.next = self.r_free_nz.q.val();
        self.base_ram.read_clock.next = self.clock.val();
        self.tail_ram.read_clock.next = self.clock.val();
        self.free_ram.read_clock.next = self.clock.val();
        self.mask_ram.read_clock.next = self.clock.val();
        self.flags_ram.read_clock.next = self.clock.val();
        self.base_ram.write_clock.next = self.clock.val();
        self.tail_ram.write_clock.next = self.clock.val();
        self.free_ram.write_clock.next = self.clock.val();
        self.mask_ram.write_clock.next = self.clock.val();
        self.flags_ram.write_clock.next = self.clock.val();

        // Pack the flags word.
        self.k_wide.narrow.next = self.w_k.val();
        self.epoch_wide.narrow.next = self.w_epoch.val();
        self.w_flags.next =
            (self.k_wide.wide.val() << self.k_shift.val()) | (self.epoch_wide.wide.val() << self.epoch_shift.val());
        if self.w_valid.val() {
            self.w_flags.next = self.w_flags.val() | self.valid_bit.val();
        }
        if self.w_stalled.val() {
            self.w_flags.next = self.w_flags.val() | self.stalled_bit.val();
        }
        if self.w_armed.val() {
            self.w_flags.next = self.w_flags.val() | self.armed_bit.val();
        }

        self.base_ram.read_address.next = self.read_addr.val();
        self.tail_ram.read_address.next = self.read_addr.val();
        self.free_ram.read_address.next = self.read_addr.val();
        self.mask_ram.read_address.next = self.read_addr.val();
        self.flags_ram.read_address.next = self.read_addr.val();
        self.base_ram.write_address.next = self.write_addr.val();
        self.tail_ram.write_address.next = self.write_addr.val();
        self.free_ram.write_address.next = self.write_addr.val();
        self.mask_ram.write_address.next = self.write_addr.val();
        self.flags_ram.write_address.next = self.write_addr.val();
        self.base_ram.write_enable.next = self.write.val();
        self.tail_ram.write_enable.next = self.write.val();
        self.free_ram.write_enable.next = self.write.val();
        self.mask_ram.write_enable.next = self.write.val();
        self.flags_ram.write_enable.next = self.write.val();
        self.base_ram.write_data.next = self.w_base.val();
        self.tail_ram.write_data.next = self.w_tail.val();
        self.free_ram.write_data.next = self.w_free.val();
        self.mask_ram.write_data.next = self.w_mask.val();
        self.flags_ram.write_data.next = self.w_flags.val();
        self.w_flags_packed.next = self.w_flags.val();

        // The RAM outputs, registered (no logic in between).
        self.r_flags.d.next = self.flags_ram.read_data.val();
        self.r_base.d.next = self.base_ram.read_data.val();
        self.r_tail.d.next = self.tail_ram.read_data.val();
        self.r_free.d.next = self.free_ram.read_data.val();
        self.r_mask.d.next = self.mask_ram.read_data.val();
        self.base.next = self.r_base.q.val();
        self.tail.next = self.r_tail.q.val();
        self.free.next = self.r_free.q.val();
        self.mask.next = self.r_mask.q.val();
        self.flags.next = self.r_flags.q.val();
        self.flags_raw.next = self.flags_ram.read_data.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::v2::stepper::Hand;

    /// (valid, stalled, armed, k, epoch, mask, base, tail, free)
    type State = (bool, bool, bool, u64, u64, u64, u64, u64, u64);

    fn read(h: &Hand<QueueRam<3>>) -> State {
        let r = &h.uut;
        // The flags word is laid out as the QUERY word.
        let q = renq_abi::v2::state::QueueState(r.flags.val().to_u64());
        let s = (
            q.valid(),
            q.stalled(),
            q.armed(),
            q.log2_words(),
            q.epoch(),
            r.mask.val().to_u64(),
            r.base.val().to_u64(),
            r.tail.val().to_u64(),
            r.free.val().to_u64(),
        );
        assert_eq!(r.free_nz.val(), s.8 != 0, "free_nz is free ≠ 0");
        s
    }

    /// Random reads and writes (each present in about half the cycles: idle cycles are the
    /// stalls), often to the same address in the same cycle: the state a read of cycle t shows
    /// in cycle t+2 is always the model's state before cycle t's write.
    #[test]
    fn a_read_shows_two_cycles_later_the_state_before_its_cycles_write() {
        let mut h = Hand::<QueueRam<3>>::new(|r, c| r.clock.next = Clock { clk: c });
        let mut model = [(false, false, false, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64); 8];
        let mut rng = Rng(0x5eed_0301);
        let mut expect: [Option<State>; 2] = [None, None];
        let mut same_cycle = 0;
        let mut raw_before = 0u64;
        for _ in 0..3000 {
            assert_eq!(h.uut.flags.val().to_u64(), raw_before, "flags_raw is flags a cycle early");
            if let Some(e) = expect[0].take() {
                assert_eq!(read(&h), e);
            }
            expect[0] = expect[1].take();
            let ra = rng.below(8);
            let reading = rng.chance(50);
            let writing = rng.chance(50);
            let wa = if rng.chance(50) { ra } else { rng.below(8) };
            let w: State = (
                rng.chance(50),
                rng.chance(50),
                rng.chance(50),
                rng.below(32),
                rng.below(256),
                rng.below(1 << 16),
                rng.next_u64() & renq_abi::DMA_ADDR_MASK,
                rng.below(1 << 16),
                rng.below(1 << 16),
            );
            let r = &mut h.uut;
            r.read_addr.next = ra.into();
            r.write.next = writing;
            r.write_addr.next = wa.into();
            r.w_valid.next = w.0;
            r.w_stalled.next = w.1;
            r.w_armed.next = w.2;
            r.w_k.next = w.3.into();
            r.w_epoch.next = w.4.into();
            r.w_mask.next = w.5.into();
            r.w_base.next = w.6.into();
            r.w_tail.next = w.7.into();
            r.w_free.next = w.8.into();
            r.w_free_nz.next = w.8 != 0;
            h.settle();
            raw_before = h.uut.flags_raw.val().to_u64();
            h.tick();
            if reading {
                expect[1] = Some(model[ra as usize]);
            }
            if writing {
                same_cycle += (reading && wa == ra) as u32;
                model[wa as usize] = w;
            }
        }
        assert!(same_cycle > 100, "a write to the address read in the same cycle {same_cycle} times");
    }
}
