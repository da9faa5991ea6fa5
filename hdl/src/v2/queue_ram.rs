//! Per-queue state of the v2 engine in block RAM (spec "Card v2 engine", the state word).
//!
//! Four simple dual-port RAMs share one address: `base` (48 bits, already aligned to the buffer
//! size), `tail` (16), `free` (16) and `flags` (16, laid out as bits 15..0 of the QUERY word
//! `renq_abi::v2::state::QueueState`: bit 0 VALID, bit 1 STALLED, bit 2 ARMED, bits 7..3 `k`,
//! bits 15..8 the epoch).
//! Block RAM reads are synchronous: the state of the queue named on `read_addr` in cycle t is
//! on the outputs in cycle t+1. A write in cycle t to the address read in cycle t is forwarded
//! (the RAM itself would return the old word): the outputs always show the state *after* every
//! write up to and including cycle t. That is the write→read forwarding the pipeline needs for
//! back-to-back items of one queue (LD0 reads while RD0 writes the previous item's state).

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
    /// Queue whose state appears on the outputs in the next cycle.
    pub read_addr: Signal<In, Bits<QA>>,
    // The state read in the previous cycle (after that cycle's write).
    pub valid: Signal<Out, bool>,
    pub stalled: Signal<Out, bool>,
    pub armed: Signal<Out, bool>,
    pub k: Signal<Out, Bits<LOG2_W>>,
    pub epoch: Signal<Out, Bits<EPOCH_W>>,
    /// The flags word as stored (bits 15..0 of the QUERY word).
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    pub base: Signal<Out, Bits<ADDR_W>>,
    pub tail: Signal<Out, Bits<INDEX_W>>,
    pub free: Signal<Out, Bits<INDEX_W>>,
    // Write port: the whole state of one queue.
    pub write: Signal<In, bool>,
    pub write_addr: Signal<In, Bits<QA>>,
    pub w_valid: Signal<In, bool>,
    pub w_stalled: Signal<In, bool>,
    pub w_armed: Signal<In, bool>,
    pub w_k: Signal<In, Bits<LOG2_W>>,
    pub w_epoch: Signal<In, Bits<EPOCH_W>>,
    pub w_base: Signal<In, Bits<ADDR_W>>,
    pub w_tail: Signal<In, Bits<INDEX_W>>,
    pub w_free: Signal<In, Bits<INDEX_W>>,

    base_ram: RAM<Bits<ADDR_W>, QA>,
    tail_ram: RAM<Bits<INDEX_W>, QA>,
    free_ram: RAM<Bits<INDEX_W>, QA>,
    flags_ram: RAM<Bits<FLAGS_W>, QA>,
    /// The write of cycle t hit the address read in cycle t: show `fwd_*` instead of the RAM.
    fwd_hit: DFF<bool>,
    fwd_flags: DFF<Bits<FLAGS_W>>,
    fwd_base: DFF<Bits<ADDR_W>>,
    fwd_tail: DFF<Bits<INDEX_W>>,
    fwd_free: DFF<Bits<INDEX_W>>,
    k_wide: ZeroExtend<LOG2_W, FLAGS_W>,
    epoch_wide: ZeroExtend<EPOCH_W, FLAGS_W>,
    w_flags: Signal<Local, Bits<FLAGS_W>>,
    r_flags: Signal<Local, Bits<FLAGS_W>>,
    k_shift: Constant<Bits<4>>,
    epoch_shift: Constant<Bits<4>>,
    valid_bit: Constant<Bits<FLAGS_W>>,
    stalled_bit: Constant<Bits<FLAGS_W>>,
    armed_bit: Constant<Bits<FLAGS_W>>,
    valid_pos: Constant<Bits<4>>,
    stalled_pos: Constant<Bits<4>>,
    armed_pos: Constant<Bits<4>>,
}

impl<const QA: usize> Default for QueueRam<QA> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            read_addr: Default::default(),
            valid: Default::default(),
            stalled: Default::default(),
            armed: Default::default(),
            k: Default::default(),
            epoch: Default::default(),
            flags: Default::default(),
            base: Default::default(),
            tail: Default::default(),
            free: Default::default(),
            write: Default::default(),
            write_addr: Default::default(),
            w_valid: Default::default(),
            w_stalled: Default::default(),
            w_armed: Default::default(),
            w_k: Default::default(),
            w_epoch: Default::default(),
            w_base: Default::default(),
            w_tail: Default::default(),
            w_free: Default::default(),
            base_ram: Default::default(),
            tail_ram: Default::default(),
            free_ram: Default::default(),
            flags_ram: Default::default(),
            fwd_hit: Default::default(),
            fwd_flags: Default::default(),
            fwd_base: Default::default(),
            fwd_tail: Default::default(),
            fwd_free: Default::default(),
            k_wide: Default::default(),
            epoch_wide: Default::default(),
            w_flags: Default::default(),
            r_flags: Default::default(),
            k_shift: Constant::new((FLAG_K as u64).into()),
            epoch_shift: Constant::new((FLAG_EPOCH as u64).into()),
            valid_bit: Constant::new((1u64 << FLAG_VALID).into()),
            stalled_bit: Constant::new((1u64 << FLAG_STALLED).into()),
            armed_bit: Constant::new((1u64 << FLAG_ARMED).into()),
            valid_pos: Constant::new((FLAG_VALID as u64).into()),
            stalled_pos: Constant::new((FLAG_STALLED as u64).into()),
            armed_pos: Constant::new((FLAG_ARMED as u64).into()),
        }
    }
}

impl<const QA: usize> Logic for QueueRam<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, fwd_hit, fwd_flags, fwd_base, fwd_tail, fwd_free);
        self.base_ram.read_clock.next = self.clock.val();
        self.tail_ram.read_clock.next = self.clock.val();
        self.free_ram.read_clock.next = self.clock.val();
        self.flags_ram.read_clock.next = self.clock.val();
        self.base_ram.write_clock.next = self.clock.val();
        self.tail_ram.write_clock.next = self.clock.val();
        self.free_ram.write_clock.next = self.clock.val();
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
        self.flags_ram.read_address.next = self.read_addr.val();
        self.base_ram.write_address.next = self.write_addr.val();
        self.tail_ram.write_address.next = self.write_addr.val();
        self.free_ram.write_address.next = self.write_addr.val();
        self.flags_ram.write_address.next = self.write_addr.val();
        self.base_ram.write_enable.next = self.write.val();
        self.tail_ram.write_enable.next = self.write.val();
        self.free_ram.write_enable.next = self.write.val();
        self.flags_ram.write_enable.next = self.write.val();
        self.base_ram.write_data.next = self.w_base.val();
        self.tail_ram.write_data.next = self.w_tail.val();
        self.free_ram.write_data.next = self.w_free.val();
        self.flags_ram.write_data.next = self.w_flags.val();

        self.fwd_hit.d.next = self.write.val() & (self.write_addr.val() == self.read_addr.val());
        self.fwd_flags.d.next = self.w_flags.val();
        self.fwd_base.d.next = self.w_base.val();
        self.fwd_tail.d.next = self.w_tail.val();
        self.fwd_free.d.next = self.w_free.val();

        self.r_flags.next = self.flags_ram.read_data.val();
        self.base.next = self.base_ram.read_data.val();
        self.tail.next = self.tail_ram.read_data.val();
        self.free.next = self.free_ram.read_data.val();
        if self.fwd_hit.q.val() {
            self.r_flags.next = self.fwd_flags.q.val();
            self.base.next = self.fwd_base.q.val();
            self.tail.next = self.fwd_tail.q.val();
            self.free.next = self.fwd_free.q.val();
        }
        self.valid.next = self.r_flags.val().get_bit(self.valid_pos.val().index());
        self.stalled.next = self.r_flags.val().get_bit(self.stalled_pos.val().index());
        self.armed.next = self.r_flags.val().get_bit(self.armed_pos.val().index());
        self.k.next = self.r_flags.val().get_bits::<LOG2_W>(self.k_shift.val().index());
        self.epoch.next = self.r_flags.val().get_bits::<EPOCH_W>(self.epoch_shift.val().index());
        self.flags.next = self.r_flags.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::v2::stepper::Hand;

    /// (valid, stalled, armed, k, epoch, base, tail, free)
    type State = (bool, bool, bool, u64, u64, u64, u64, u64);

    fn read(h: &Hand<QueueRam<3>>) -> State {
        let r = &h.uut;
        let s = renq_abi::v2::state::QueueState(r.flags.val().to_u64());
        assert_eq!(
            (s.valid(), s.stalled(), s.armed(), s.log2_words(), s.epoch()),
            (r.valid.val(), r.stalled.val(), r.armed.val(), r.k.val().to_u64(), r.epoch.val().to_u64()),
            "the flags word is laid out as the QUERY word"
        );
        (
            r.valid.val(),
            r.stalled.val(),
            r.armed.val(),
            r.k.val().to_u64(),
            r.epoch.val().to_u64(),
            r.base.val().to_u64(),
            r.tail.val().to_u64(),
            r.free.val().to_u64(),
        )
    }

    /// Random reads and writes (each present in about half the cycles: idle cycles are the
    /// stalls), often to the same address in the same cycle: the state shown in cycle t+1 is
    /// always the model's state after cycle t's write.
    #[test]
    fn reads_see_every_earlier_write_including_the_same_cycle_one() {
        let mut h = Hand::<QueueRam<3>>::new(|r, c| r.clock.next = Clock { clk: c });
        let mut model = [(false, false, false, 0u64, 0u64, 0u64, 0u64, 0u64); 8];
        let mut rng = Rng(0x5eed_0301);
        let mut expect: Option<State> = None;
        let mut forwarded = 0;
        for _ in 0..3000 {
            if let Some(e) = expect.take() {
                assert_eq!(read(&h), e);
            }
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
            r.w_base.next = w.5.into();
            r.w_tail.next = w.6.into();
            r.w_free.next = w.7.into();
            h.settle();
            h.tick();
            if writing {
                model[wa as usize] = w;
                forwarded += (reading && wa == ra) as u32;
            }
            if reading {
                expect = Some(model[ra as usize]);
            }
        }
        assert!(forwarded > 100, "the forwarding path was exercised {forwarded} times");
    }
}
