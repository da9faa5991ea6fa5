//! Per-queue state of the engine in block RAM (spec "The card engine", the state word and
//! "Forwarding").
//!
//! Six simple dual-port RAMs share one address: `base` (48 bits, already aligned to the buffer
//! size), `tail` (16), `free` (16), `mask` (16: `2^k − 1`, kept so the pipeline needs no decode),
//! `flags` (16, laid out as bits 15..0 of the QUERY word `renq_abi::state::QueueState`:
//! bit 0 VALID, bit 1 STALLED, bit 2 ARMED, bits 7..3 `k`, bits 15..8 the epoch) and `spare`
//! (68: the posted run's link word with its VALID bit and the two runs' remaining buffers,
//! spec §9c, `renq_abi::state::rtl_spare`), plus `free ≠ 0` beside
//! `free`.
//!
//! Both ends of the RAMs are registers, with nothing in front of or behind them (the block
//! RAM's clock-to-out, 5.8 ns on ECP5, and the routing to its write port are the slowest wires
//! of the engine; the ECP5 flow moves the output register into the DP16KD itself,
//! `verilog-out/synth/ecp5_outreg.py`): a write presented in cycle t is held in a write register and performed at
//! the end of t+1; a read presented in cycle t has the RAM's word registered in t+2. A read
//! therefore misses the writes of cycles t−1, t and t+1 — the one of t−1 is performed as the
//! read happens, which block RAM leaves undefined ([`StateRam`]). The write register and a
//! delayed copy of it hold the last two; the older two of the three are compared with the read's
//! address as they are presented (registered, so no compare sits in front of a mux), and in
//! t+1 the newest match is registered (`old`). The output in t+2 is then
//! the write register if its address is the read's, else `old` if it matched, else the RAM's
//! word — a 3-way choice by registered selects: **the state as after every write presented up
//! to cycle t+1**. (The engine forwards the write of cycle t+2 itself: it is deciding it.)

use crate::state_ram::StateRam;
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::state::bits as state;
use rust_hdl::prelude::*;

/// Bit positions in the flags word (those of the QUERY word, `renq_abi::state::bits`).
const FLAG_VALID: usize = state::VALID as usize;
const FLAG_STALLED: usize = state::STALLED as usize;
const FLAG_ARMED: usize = state::ARMED as usize;
const FLAG_K: usize = state::LOG2_LSB as usize;
const FLAG_EPOCH: usize = state::EPOCH_LSB as usize;
pub const FLAGS_W: usize = state::TAIL_LSB as usize;
/// Epoch bits of a queue (`renq_abi::EPOCH_BITS`).
pub const EPOCH_W: usize = renq_abi::EPOCH_BITS as usize;
const _: () = assert!(FLAG_K + LOG2_W == FLAG_EPOCH && FLAG_EPOCH + EPOCH_W == FLAGS_W);

#[derive(LogicBlock)]
pub struct QueueRam<const QA: usize> {
    pub clock: Signal<In, Clock>,
    /// Queue whose state appears on the outputs two cycles later.
    pub read_addr: Signal<In, Bits<QA>>,
    // The state read two cycles ago, as after every write presented up to the previous cycle.
    /// The flags word as stored (bits 15..0 of the QUERY word).
    pub flags: Signal<Out, Bits<FLAGS_W>>,
    pub mask: Signal<Out, Bits<INDEX_W>>,
    pub base: Signal<Out, Bits<ADDR_W>>,
    pub tail: Signal<Out, Bits<INDEX_W>>,
    pub free: Signal<Out, Bits<INDEX_W>>,
    /// `free ≠ 0`, kept beside it (written with it) so the pipeline needs no 16-bit OR.
    pub free_nz: Signal<Out, bool>,
    /// The queue's spare word (spec §9c, `renq_abi::state::rtl_spare`): the posted run's first
    /// buffer as its link word with `SPARE_VALID`, and the two runs' remaining buffers.
    pub spare: Signal<Out, Bits<SPARE_W>>,
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
    pub w_spare: Signal<In, Bits<SPARE_W>>,
    pub w_tail: Signal<In, Bits<INDEX_W>>,
    pub w_free: Signal<In, Bits<INDEX_W>>,
    /// Must be `w_free ≠ 0`.
    pub w_free_nz: Signal<In, bool>,

    base_ram: StateRam<Bits<ADDR_W>, QA>,
    spare_ram: StateRam<Bits<SPARE_W>, QA>,
    tail_ram: StateRam<Bits<INDEX_W>, QA>,
    free_ram: StateRam<Bits<INDEX_W>, QA>,
    free_nz_ram: StateRam<bool, QA>,
    mask_ram: StateRam<Bits<INDEX_W>, QA>,
    flags_ram: StateRam<Bits<FLAGS_W>, QA>,
    // The RAMs' words, registered.
    r_flags: DFF<Bits<FLAGS_W>>,
    r_base: DFF<Bits<ADDR_W>>,
    r_spare: DFF<Bits<SPARE_W>>,
    r_tail: DFF<Bits<INDEX_W>>,
    r_free: DFF<Bits<INDEX_W>>,
    r_free_nz: DFF<bool>,
    r_mask: DFF<Bits<INDEX_W>>,
    /// The read address, one and two cycles after it was presented.
    ra1: DFF<Bits<QA>>,
    /// The writes presented one (`w1`, the write register) and two cycles ago: valid,
    /// address, word.
    w1_valid: DFF<bool>,
    w1_addr: DFF<Bits<QA>>,
    w1_flags: DFF<Bits<FLAGS_W>>,
    w1_mask: DFF<Bits<INDEX_W>>,
    w1_base: DFF<Bits<ADDR_W>>,
    w1_spare: DFF<Bits<SPARE_W>>,
    w1_tail: DFF<Bits<INDEX_W>>,
    w1_free: DFF<Bits<INDEX_W>>,
    w1_free_nz: DFF<bool>,
    w2_valid: DFF<bool>,
    w2_flags: DFF<Bits<FLAGS_W>>,
    w2_mask: DFF<Bits<INDEX_W>>,
    w2_base: DFF<Bits<ADDR_W>>,
    w2_spare: DFF<Bits<SPARE_W>>,
    w2_tail: DFF<Bits<INDEX_W>>,
    w2_free: DFF<Bits<INDEX_W>>,
    w2_free_nz: DFF<bool>,
    /// For the output cycle: the newest of the writes presented in the read's cycle and the
    /// cycle before whose address is the read's (`old_hit`), chosen a cycle ahead.
    old_hit: DFF<bool>,
    old_flags: DFF<Bits<FLAGS_W>>,
    old_mask: DFF<Bits<INDEX_W>>,
    old_base: DFF<Bits<ADDR_W>>,
    old_spare: DFF<Bits<SPARE_W>>,
    old_tail: DFF<Bits<INDEX_W>>,
    old_free: DFF<Bits<INDEX_W>>,
    old_free_nz: DFF<bool>,
    /// The read's address equals the write presented in the cycle after it (valid or not:
    /// `w1_valid` says, in the output cycle).
    hit1: DFF<bool>,
    /// The read's address equals the write presented in its cycle, or in the cycle before
    /// (compared as they are presented, registered: no compare in front of `old`'s mux).
    eq_w1: DFF<bool>,
    eq_w2: DFF<bool>,
    /// The read's address equals the valid write presented in its cycle (`w1` then), or in
    /// the cycle before (`w2` then).
    hit2: Signal<Local, bool>,
    hit3: Signal<Local, bool>,
    m_flags: Signal<Local, Bits<FLAGS_W>>,
    m_mask: Signal<Local, Bits<INDEX_W>>,
    m_base: Signal<Local, Bits<ADDR_W>>,
    m_spare: Signal<Local, Bits<SPARE_W>>,
    m_tail: Signal<Local, Bits<INDEX_W>>,
    m_free: Signal<Local, Bits<INDEX_W>>,
    m_free_nz: Signal<Local, bool>,
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
            mask: Default::default(),
            base: Default::default(),
            spare: Default::default(),
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
            w_spare: Default::default(),
            w_tail: Default::default(),
            w_free: Default::default(),
            w_free_nz: Default::default(),
            base_ram: Default::default(),
            spare_ram: Default::default(),
            tail_ram: Default::default(),
            free_ram: Default::default(),
            free_nz_ram: Default::default(),
            mask_ram: Default::default(),
            flags_ram: Default::default(),
            r_flags: Default::default(),
            r_base: Default::default(),
            r_spare: Default::default(),
            r_tail: Default::default(),
            r_free: Default::default(),
            r_free_nz: Default::default(),
            r_mask: Default::default(),
            ra1: Default::default(),
            w1_valid: Default::default(),
            w1_addr: Default::default(),
            w1_flags: Default::default(),
            w1_mask: Default::default(),
            w1_base: Default::default(),
            w1_spare: Default::default(),
            w1_tail: Default::default(),
            w1_free: Default::default(),
            w1_free_nz: Default::default(),
            w2_valid: Default::default(),
            w2_flags: Default::default(),
            w2_mask: Default::default(),
            w2_base: Default::default(),
            w2_spare: Default::default(),
            w2_tail: Default::default(),
            w2_free: Default::default(),
            w2_free_nz: Default::default(),
            old_hit: Default::default(),
            old_flags: Default::default(),
            old_mask: Default::default(),
            old_base: Default::default(),
            old_spare: Default::default(),
            old_tail: Default::default(),
            old_free: Default::default(),
            old_free_nz: Default::default(),
            hit1: Default::default(),
            eq_w1: Default::default(),
            eq_w2: Default::default(),
            hit2: Default::default(),
            hit3: Default::default(),
            m_flags: Default::default(),
            m_mask: Default::default(),
            m_base: Default::default(),
            m_spare: Default::default(),
            m_tail: Default::default(),
            m_free: Default::default(),
            m_free_nz: Default::default(),
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
        dff_setup!(
            self,
            clock,
            r_flags,
            r_base,
            r_spare,
            r_tail,
            r_free,
            r_free_nz,
            r_mask,
            ra1,
            w1_valid,
            w1_addr,
            w1_flags,
            w1_mask,
            w1_base,
            w1_spare,
            w1_tail,
            w1_free,
            w1_free_nz,
            w2_valid,
            w2_flags,
            w2_mask,
            w2_base,
            w2_spare,
            w2_tail,
            w2_free,
            w2_free_nz,
            old_hit,
            old_flags,
            old_mask,
            old_base,
            old_spare,
            old_tail,
            old_free,
            old_free_nz,
            hit1,
            eq_w1,
            eq_w2
        );
        clock!(self, clock, base_ram, tail_ram, free_ram, free_nz_ram, mask_ram, flags_ram, spare_ram);

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
        self.w_flags_packed.next = self.w_flags.val();

        // The write register, then its delayed copy.
        self.w1_valid.d.next = self.write.val();
        self.w1_addr.d.next = self.write_addr.val();
        self.w1_flags.d.next = self.w_flags.val();
        self.w1_mask.d.next = self.w_mask.val();
        self.w1_base.d.next = self.w_base.val();
        self.w1_spare.d.next = self.w_spare.val();
        self.w1_tail.d.next = self.w_tail.val();
        self.w1_free.d.next = self.w_free.val();
        self.w1_free_nz.d.next = self.w_free_nz.val();
        self.w2_valid.d.next = self.w1_valid.q.val();
        self.w2_flags.d.next = self.w1_flags.q.val();
        self.w2_mask.d.next = self.w1_mask.q.val();
        self.w2_base.d.next = self.w1_base.q.val();
        self.w2_spare.d.next = self.w1_spare.q.val();
        self.w2_tail.d.next = self.w1_tail.q.val();
        self.w2_free.d.next = self.w1_free.q.val();
        self.w2_free_nz.d.next = self.w1_free_nz.q.val();

        // The RAMs: written from the write register, read at `read_addr`.
        self.base_ram.read_address.next = self.read_addr.val();
        self.spare_ram.read_address.next = self.read_addr.val();
        self.tail_ram.read_address.next = self.read_addr.val();
        self.free_ram.read_address.next = self.read_addr.val();
        self.free_nz_ram.read_address.next = self.read_addr.val();
        self.mask_ram.read_address.next = self.read_addr.val();
        self.flags_ram.read_address.next = self.read_addr.val();
        self.base_ram.write_address.next = self.w1_addr.q.val();
        self.spare_ram.write_address.next = self.w1_addr.q.val();
        self.tail_ram.write_address.next = self.w1_addr.q.val();
        self.free_ram.write_address.next = self.w1_addr.q.val();
        self.free_nz_ram.write_address.next = self.w1_addr.q.val();
        self.mask_ram.write_address.next = self.w1_addr.q.val();
        self.flags_ram.write_address.next = self.w1_addr.q.val();
        self.base_ram.write_enable.next = self.w1_valid.q.val();
        self.spare_ram.write_enable.next = self.w1_valid.q.val();
        self.tail_ram.write_enable.next = self.w1_valid.q.val();
        self.free_ram.write_enable.next = self.w1_valid.q.val();
        self.free_nz_ram.write_enable.next = self.w1_valid.q.val();
        self.mask_ram.write_enable.next = self.w1_valid.q.val();
        self.flags_ram.write_enable.next = self.w1_valid.q.val();
        self.base_ram.write_data.next = self.w1_base.q.val();
        self.spare_ram.write_data.next = self.w1_spare.q.val();
        self.tail_ram.write_data.next = self.w1_tail.q.val();
        self.free_ram.write_data.next = self.w1_free.q.val();
        self.free_nz_ram.write_data.next = self.w1_free_nz.q.val();
        self.mask_ram.write_data.next = self.w1_mask.q.val();
        self.flags_ram.write_data.next = self.w1_flags.q.val();

        // The RAM outputs, registered (no logic in between).
        self.r_flags.d.next = self.flags_ram.read_data.val();
        self.r_base.d.next = self.base_ram.read_data.val();
        self.r_spare.d.next = self.spare_ram.read_data.val();
        self.r_tail.d.next = self.tail_ram.read_data.val();
        self.r_free.d.next = self.free_ram.read_data.val();
        self.r_free_nz.d.next = self.free_nz_ram.read_data.val();
        self.r_mask.d.next = self.mask_ram.read_data.val();

        // For next cycle's output (the read of `ra1` then shows, when the write presented now
        // is `w1` and `w1`, `w2` are the writes of the read's cycle and the one before).
        self.ra1.d.next = self.read_addr.val();
        self.hit1.d.next = self.write_addr.val() == self.ra1.q.val();
        self.eq_w1.d.next = self.write_addr.val() == self.read_addr.val();
        self.eq_w2.d.next = self.w1_addr.q.val() == self.read_addr.val();
        self.hit2.next = self.w1_valid.q.val() & self.eq_w1.q.val();
        self.hit3.next = self.w2_valid.q.val() & self.eq_w2.q.val();
        self.old_hit.d.next = self.hit2.val() | self.hit3.val();
        self.old_flags.d.next = self.w2_flags.q.val();
        self.old_mask.d.next = self.w2_mask.q.val();
        self.old_base.d.next = self.w2_base.q.val();
        self.old_spare.d.next = self.w2_spare.q.val();
        self.old_tail.d.next = self.w2_tail.q.val();
        self.old_free.d.next = self.w2_free.q.val();
        self.old_free_nz.d.next = self.w2_free_nz.q.val();
        if self.hit2.val() {
            self.old_flags.d.next = self.w1_flags.q.val();
            self.old_mask.d.next = self.w1_mask.q.val();
            self.old_base.d.next = self.w1_base.q.val();
            self.old_spare.d.next = self.w1_spare.q.val();
            self.old_tail.d.next = self.w1_tail.q.val();
            self.old_free.d.next = self.w1_free.q.val();
            self.old_free_nz.d.next = self.w1_free_nz.q.val();
        }

        // The newest of the missed writes to the read's queue, else the RAM's word. (Chosen in
        // local signals, each output assigned once: in the emitted Verilog an output assigned a
        // default and then overridden glitches, and the engine's block, which reads these and
        // drives this block's inputs, and this one would wake each other forever.)
        self.m_flags.next = self.r_flags.q.val();
        self.m_mask.next = self.r_mask.q.val();
        self.m_base.next = self.r_base.q.val();
        self.m_spare.next = self.r_spare.q.val();
        self.m_tail.next = self.r_tail.q.val();
        self.m_free.next = self.r_free.q.val();
        self.m_free_nz.next = self.r_free_nz.q.val();
        if self.old_hit.q.val() {
            self.m_flags.next = self.old_flags.q.val();
            self.m_mask.next = self.old_mask.q.val();
            self.m_base.next = self.old_base.q.val();
            self.m_spare.next = self.old_spare.q.val();
            self.m_tail.next = self.old_tail.q.val();
            self.m_free.next = self.old_free.q.val();
            self.m_free_nz.next = self.old_free_nz.q.val();
        }
        if self.w1_valid.q.val() & self.hit1.q.val() {
            self.m_flags.next = self.w1_flags.q.val();
            self.m_mask.next = self.w1_mask.q.val();
            self.m_base.next = self.w1_base.q.val();
            self.m_spare.next = self.w1_spare.q.val();
            self.m_tail.next = self.w1_tail.q.val();
            self.m_free.next = self.w1_free.q.val();
            self.m_free_nz.next = self.w1_free_nz.q.val();
        }
        self.flags.next = self.m_flags.val();
        self.mask.next = self.m_mask.val();
        self.base.next = self.m_base.val();
        self.spare.next = self.m_spare.val();
        self.tail.next = self.m_tail.val();
        self.free.next = self.m_free.val();
        self.free_nz.next = self.m_free_nz.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// (valid, stalled, armed, k, epoch, mask, base, tail, free, spare)
    type State = (bool, bool, bool, u64, u64, u64, u64, u64, u64, u128);

    fn read(h: &Hand<QueueRam<3>>) -> State {
        let r = &h.uut;
        // The flags word is laid out as the QUERY word.
        let q = renq_abi::state::QueueState(r.flags.val().to_u64());
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
            r.spare.val().to_u128(),
        );
        assert_eq!(r.free_nz.val(), s.8 != 0, "free_nz is free ≠ 0");
        s
    }

    /// Random reads and writes (each present in about half the cycles: idle cycles are the
    /// stalls), often to the address read: the state a read of cycle t shows in cycle t+2 is
    /// always the model's state after every write presented up to cycle t+1 — including the
    /// write the block RAM performs as it reads (cycle t−1's), which only forwarding gets right.
    #[test]
    fn a_read_shows_two_cycles_later_the_state_after_every_write_up_to_the_cycle_before() {
        let mut h = Hand::<QueueRam<3>>::new(|r, c| r.clock.next = Clock { clk: c });
        let mut model = [(false, false, false, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u128); 8];
        let mut rng = Rng(0x5eed_0301);
        // Reads in flight (address), and the addresses written in the last four cycles.
        let mut pending: [Option<u64>; 2] = [None, None];
        let mut written: [Option<u64>; 3] = [None; 3];
        let mut forwarded = [0u32; 3];
        let mut checked = 0;
        for _ in 0..8000 {
            if let Some(a) = pending[0].take() {
                assert_eq!(read(&h), model[a as usize], "read of queue {a}");
                checked += 1;
                // `written`: the writes of cycles t+1, t, t−1 for this read of cycle t
                for (i, w) in written.iter().enumerate() {
                    if *w == Some(a) {
                        forwarded[i] += 1;
                        break;
                    }
                }
            }
            pending[0] = pending[1].take();
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
                (rng.next_u64() as u128 | (rng.next_u64() as u128) << 64) & ((1 << SPARE_W) - 1),
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
            r.w_spare.next = crate::widen::bits_u128(w.9);
            h.settle();
            h.tick();
            if reading {
                pending[1] = Some(ra);
            }
            written.rotate_right(1);
            written[0] = writing.then_some(wa);
            if writing {
                model[wa as usize] = w;
            }
        }
        assert!(checked > 3000, "{checked} reads checked");
        // Each missed write (cycle t+1, t, t−1 — the last one collides in the RAM) was the
        // newest to the queue read, and so forwarded, many times.
        assert!(forwarded.iter().all(|&n| n > 100), "forwarded from w1, w2, w3: {forwarded:?}");
    }
}
