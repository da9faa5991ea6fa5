//! The engine's split-transaction memory port (spec "The card engine", memory port contract).
//!
//! **Posted writes** (`wr_*`): a valid/ready stream of (address, data) word writes; the memory
//! takes one when `wr_valid & wr_ready` at a clock edge and never answers. Writes take effect in
//! stream order (PCIe orders posted writes), so a TAIL written after its slots is seen after them.
//! **Tagged reads** (`rd_*` / `rsp_*`): a request (address, tag) moves when `rd_valid & rd_ready`;
//! the answer comes any number of cycles later as one `rsp_valid` cycle with that tag and the
//! word, in any order among tags. A tag is reused only after its answer, so at most
//! [`renq_abi::READ_TAGS`] reads are outstanding; the engine always takes an answer.
//!
//! [`WriteQueue`] is the bounded posted-write queue between the pipeline and the write stream.
//! One entry per item: its data write (the WR0 half) and, when the entry publishes, the TAIL
//! write (the WR1 half), and, when the item filled its buffer and the queue switched into a
//! spare (spec §9c), the buffer's LINK write (LINK ← `link_word(spare, k)`), issued in that
//! order; a publish-only entry has no data half, a link-only entry (a SPARE that found its queue
//! full) has the LINK write alone. An entry may carry NOTIFY: `notify` pulses in the cycle its TAIL write is handed to the memory port,
//! so a consumer woken by it finds that TAIL posted before it. A notify-only entry (an ARM that
//! found an unseen item) writes nothing: it leaves, and `notify` pulses, once every write
//! before it has been handed over — so an ARM never writes host memory, and no write of it
//! can land in a buffer retired and reused meanwhile. Entries
//! sit in RAM (synchronous read), so an entry can leave two cycles after it was pushed; the
//! pipeline admits an operation only while `fill` leaves room for everything in flight.

use crate::widen::ZeroExtend;
use crate::*;
use rust_hdl::prelude::*;

/// Entries of the write queue and the width of its pointers (one wrap bit).
pub const WQ_BITS: usize = renq_abi::WRITE_QUEUE_BITS as usize;
pub const WQ_PTR_W: usize = WQ_BITS + 1;
pub const WQ_DEPTH: usize = 1 << WQ_BITS;
/// Entry flags: bit 0 has data, bit 1 publishes, bit 2 notifies, bit 3 links.
const ENTRY_FLAGS_W: usize = 4;

#[derive(LogicBlock)]
pub struct WriteQueue {
    pub clock: Signal<In, Clock>,
    /// Push one entry at the clock edge (the caller keeps `fill < WQ_DEPTH`).
    pub push: Signal<In, bool>,
    /// The entry carries an item: data write to `base | slot << 3`.
    pub p_has_data: Signal<In, bool>,
    /// The entry publishes: TAIL word of `base` ← `tail` after the data write.
    pub p_publish: Signal<In, bool>,
    /// The entry raises `notify` when its TAIL write leaves, or, with neither data nor
    /// publication, when it reaches the head.
    pub p_notify: Signal<In, bool>,
    /// Buffer base, aligned to the buffer size (low bits 0).
    pub p_base: Signal<In, Bits<ADDR_W>>,
    pub p_slot: Signal<In, Bits<INDEX_W>>,
    pub p_data: Signal<In, Bits<WORD_W>>,
    pub p_tail: Signal<In, Bits<INDEX_W>>,
    /// The entry links: LINK word of `base` ← `p_link_word` after its other writes.
    pub p_link: Signal<In, bool>,
    pub p_link_word: Signal<In, Bits<ADDR_W>>,
    /// Entries pushed and not yet fully written.
    pub fill: Signal<Out, Bits<WQ_PTR_W>>,
    pub empty: Signal<Out, bool>,
    // The posted-write stream to host memory.
    pub wr_valid: Signal<Out, bool>,
    pub wr_ready: Signal<In, bool>,
    pub wr_addr: Signal<Out, Bits<ADDR_W>>,
    pub wr_data: Signal<Out, Bits<WORD_W>>,
    /// A NOTIFY entry's TAIL write moved this cycle, or a notify-only entry left.
    pub notify: Signal<Out, bool>,

    flags_ram: RAM<Bits<ENTRY_FLAGS_W>, WQ_BITS>,
    base_ram: RAM<Bits<ADDR_W>, WQ_BITS>,
    slot_ram: RAM<Bits<INDEX_W>, WQ_BITS>,
    data_ram: RAM<Bits<WORD_W>, WQ_BITS>,
    tail_ram: RAM<Bits<INDEX_W>, WQ_BITS>,
    link_ram: RAM<Bits<ADDR_W>, WQ_BITS>,
    wr_ptr: DFF<Bits<WQ_PTR_W>>,
    rd_ptr: DFF<Bits<WQ_PTR_W>>,
    /// `rd_ptr + 1`, kept so the drain loop (pop → next read address) has no adder.
    rd_ptr1: DFFWithInit<Bits<WQ_PTR_W>>,
    /// An entry can be read from the RAM (pushed at least a cycle ago) and is not popped:
    /// `wr_ptr` one cycle late ≠ `rd_ptr`, registered (timing: the drain loop, pop → the RAMs'
    /// read address, has no compare in front).
    visible_r: DFF<bool>,
    /// The head entry's data half is written; its TAIL write (WR1) or LINK write is next.
    in_wr1: DFF<bool>,
    /// The head entry's TAIL write is written too; its LINK write is next.
    in_link: DFF<bool>,
    has_data: Signal<Local, bool>,
    publish: Signal<Local, bool>,
    notifies: Signal<Local, bool>,
    links: Signal<Local, bool>,
    /// The write offered now is the head entry's data write, its TAIL write.
    at_data: Signal<Local, bool>,
    at_tail: Signal<Local, bool>,
    /// The write offered now is the head entry's last.
    last_write: Signal<Local, bool>,
    /// The head entry has a write (data, TAIL or LINK); else it is notify-only.
    writes: Signal<Local, bool>,
    /// A notify-only entry is at the head: it leaves this cycle, writing nothing.
    marker: Signal<Local, bool>,
    accepted: Signal<Local, bool>,
    pop: Signal<Local, bool>,
    rd_next: Signal<Local, Bits<WQ_PTR_W>>,
    p_flags: Signal<Local, Bits<ENTRY_FLAGS_W>>,
    slot_wide: ZeroExtend<INDEX_W, ADDR_W>,
    tail_word: ZeroExtend<INDEX_W, WORD_W>,
    link_data: ZeroExtend<ADDR_W, WORD_W>,
    one_ptr: Constant<Bits<WQ_PTR_W>>,
    has_data_bit: Constant<Bits<ENTRY_FLAGS_W>>,
    publish_bit: Constant<Bits<ENTRY_FLAGS_W>>,
    notify_bit: Constant<Bits<ENTRY_FLAGS_W>>,
    link_bit: Constant<Bits<ENTRY_FLAGS_W>>,
    zero_flags: Constant<Bits<ENTRY_FLAGS_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    tail_word_offset: Constant<Bits<ADDR_W>>,
    link_word_offset: Constant<Bits<ADDR_W>>,
}

impl Default for WriteQueue {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            push: Default::default(),
            p_has_data: Default::default(),
            p_publish: Default::default(),
            p_notify: Default::default(),
            p_base: Default::default(),
            p_slot: Default::default(),
            p_data: Default::default(),
            p_tail: Default::default(),
            p_link: Default::default(),
            p_link_word: Default::default(),
            fill: Default::default(),
            empty: Default::default(),
            wr_valid: Default::default(),
            wr_ready: Default::default(),
            wr_addr: Default::default(),
            wr_data: Default::default(),
            notify: Default::default(),
            flags_ram: Default::default(),
            base_ram: Default::default(),
            slot_ram: Default::default(),
            data_ram: Default::default(),
            tail_ram: Default::default(),
            link_ram: Default::default(),
            wr_ptr: Default::default(),
            rd_ptr: Default::default(),
            rd_ptr1: DFFWithInit::new(1.into()),
            visible_r: Default::default(),
            in_wr1: Default::default(),
            in_link: Default::default(),
            has_data: Default::default(),
            publish: Default::default(),
            notifies: Default::default(),
            links: Default::default(),
            at_data: Default::default(),
            at_tail: Default::default(),
            last_write: Default::default(),
            writes: Default::default(),
            marker: Default::default(),
            accepted: Default::default(),
            pop: Default::default(),
            rd_next: Default::default(),
            p_flags: Default::default(),
            slot_wide: Default::default(),
            tail_word: Default::default(),
            link_data: Default::default(),
            one_ptr: Constant::new(1.into()),
            has_data_bit: Constant::new(1.into()),
            publish_bit: Constant::new(2.into()),
            notify_bit: Constant::new(4.into()),
            link_bit: Constant::new(8.into()),
            zero_flags: Constant::new(0.into()),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            tail_word_offset: Constant::new((renq_abi::buffer::TAIL_WORD << renq_abi::WORD_SHIFT).into()),
            link_word_offset: Constant::new((renq_abi::buffer::LINK_WORD << renq_abi::WORD_SHIFT).into()),
        }
    }
}

impl Logic for WriteQueue {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, wr_ptr, rd_ptr, rd_ptr1, visible_r, in_wr1, in_link);
        self.flags_ram.read_clock.next = self.clock.val();
        self.base_ram.read_clock.next = self.clock.val();
        self.slot_ram.read_clock.next = self.clock.val();
        self.data_ram.read_clock.next = self.clock.val();
        self.tail_ram.read_clock.next = self.clock.val();
        self.link_ram.read_clock.next = self.clock.val();
        self.link_ram.write_clock.next = self.clock.val();
        self.flags_ram.write_clock.next = self.clock.val();
        self.base_ram.write_clock.next = self.clock.val();
        self.slot_ram.write_clock.next = self.clock.val();
        self.data_ram.write_clock.next = self.clock.val();
        self.tail_ram.write_clock.next = self.clock.val();

        // Push side.
        self.p_flags.next = self.zero_flags.val();
        if self.p_has_data.val() {
            self.p_flags.next = self.has_data_bit.val();
        }
        if self.p_publish.val() {
            self.p_flags.next = self.p_flags.val() | self.publish_bit.val();
        }
        if self.p_notify.val() {
            self.p_flags.next = self.p_flags.val() | self.notify_bit.val();
        }
        if self.p_link.val() {
            self.p_flags.next = self.p_flags.val() | self.link_bit.val();
        }
        self.flags_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.base_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.slot_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.data_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.tail_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.link_ram.write_address.next = self.wr_ptr.q.val().get_bits::<WQ_BITS>(0);
        self.flags_ram.write_data.next = self.p_flags.val();
        self.base_ram.write_data.next = self.p_base.val();
        self.slot_ram.write_data.next = self.p_slot.val();
        self.data_ram.write_data.next = self.p_data.val();
        self.tail_ram.write_data.next = self.p_tail.val();
        self.link_ram.write_data.next = self.p_link_word.val();
        self.flags_ram.write_enable.next = self.push.val();
        self.base_ram.write_enable.next = self.push.val();
        self.slot_ram.write_enable.next = self.push.val();
        self.data_ram.write_enable.next = self.push.val();
        self.tail_ram.write_enable.next = self.push.val();
        self.link_ram.write_enable.next = self.push.val();
        if self.push.val() {
            self.wr_ptr.d.next = self.wr_ptr.q.val() + self.one_ptr.val();
        }
        self.fill.next = self.wr_ptr.q.val() - self.rd_ptr.q.val();
        self.empty.next = self.wr_ptr.q.val() == self.rd_ptr.q.val();

        // Drain side: the head entry's data write, then its TAIL write, then its LINK write
        // (each only if the entry has it).
        self.has_data.next = self.flags_ram.read_data.val().get_bit(0);
        self.publish.next = self.flags_ram.read_data.val().get_bit(1);
        self.notifies.next = self.flags_ram.read_data.val().get_bit(2);
        self.links.next = self.flags_ram.read_data.val().get_bit(3);
        self.slot_wide.narrow.next = self.slot_ram.read_data.val();
        self.tail_word.narrow.next = self.tail_ram.read_data.val();
        self.link_data.narrow.next = self.link_ram.read_data.val();
        self.writes.next = self.has_data.val() | self.publish.val() | self.links.val();
        self.wr_valid.next = self.visible_r.q.val() & self.writes.val();
        self.marker.next = self.visible_r.q.val() & !self.writes.val();
        self.at_data.next = self.has_data.val() & !self.in_wr1.q.val();
        self.at_tail.next = self.publish.val() & !self.at_data.val() & !self.in_link.q.val();
        self.wr_addr.next = self.base_ram.read_data.val() | self.tail_word_offset.val();
        self.wr_data.next = self.tail_word.wide.val();
        if self.at_data.val() {
            self.wr_addr.next = self.base_ram.read_data.val() | (self.slot_wide.wide.val() << self.word_shift.val());
            self.wr_data.next = self.data_ram.read_data.val();
        } else if !self.at_tail.val() {
            self.wr_addr.next = self.base_ram.read_data.val() | self.link_word_offset.val();
            self.wr_data.next = self.link_data.wide.val();
        }
        self.last_write.next =
            !self.links.val() & (self.at_tail.val() | !self.publish.val()) | !self.at_data.val() & !self.at_tail.val();
        self.accepted.next = self.visible_r.q.val() & self.writes.val() & self.wr_ready.val();
        self.pop.next = self.accepted.val() & self.last_write.val() | self.marker.val();
        if self.accepted.val() {
            self.in_wr1.d.next = !self.pop.val();
            self.in_link.d.next = !self.pop.val() & (self.at_tail.val() | self.in_link.q.val());
        }
        // The write that moved is the TAIL write of a NOTIFY entry, or a notify-only entry left.
        self.notify.next =
            self.accepted.val() & self.notifies.val() & self.at_tail.val() | self.marker.val() & self.notifies.val();
        self.rd_next.next = self.rd_ptr.q.val();
        if self.pop.val() {
            self.rd_next.next = self.rd_ptr1.q.val();
            self.rd_ptr1.d.next = self.rd_ptr1.q.val() + self.one_ptr.val();
        }
        self.rd_ptr.d.next = self.rd_next.val();
        // Next cycle: `wr_ptr` as of now against `rd_next`, both candidates compared from
        // registers and picked by `pop`.
        self.visible_r.d.next = self.wr_ptr.q.val() != self.rd_ptr.q.val();
        if self.pop.val() {
            self.visible_r.d.next = self.wr_ptr.q.val() != self.rd_ptr1.q.val();
        }
        self.flags_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
        self.base_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
        self.slot_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
        self.data_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
        self.tail_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
        self.link_ram.read_address.next = self.rd_next.val().get_bits::<WQ_BITS>(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;
    use std::collections::VecDeque;

    /// A notify-only entry in the expected stream (no write of the test has this address).
    const MARKER: (u64, u64, bool) = (u64::MAX, 0, true);

    /// Random entries pushed whenever there is room in about half the cycles, the memory taking
    /// writes in a random 30..90 % of cycles: the writes come out in entry order, data before
    /// TAIL before LINK, a publish-only entry as its TAIL write alone, a link-only entry as its
    /// LINK write alone, NOTIFY with the entry's TAIL write, a
    /// notify-only entry as a NOTIFY with no write after every earlier write, and `fill` counts
    /// exactly.
    #[test]
    fn entries_leave_as_their_writes_in_order_under_back_pressure() {
        for (seed, ready_percent) in [(0x5eed_0401u64, 100), (0x5eed_0402, 30), (0x5eed_0403, 90)] {
            let mut h = Hand::<WriteQueue>::new(|q, c| q.clock.next = Clock { clk: c });
            let mut rng = Rng(seed);
            let mut expected: VecDeque<(u64, u64, bool)> = VecDeque::new();
            let mut notified = 0;
            let mut linked = 0;
            let mut entries = 0u64;
            let mut outstanding: VecDeque<usize> = VecDeque::new(); // writes per pushed entry
            let mut done_writes = 0usize;
            let mut seen = 0;
            for _ in 0..3000 {
                let q = &mut h.uut;
                let fill = q.fill.val().to_u64() as usize;
                assert_eq!(fill, outstanding.len(), "fill counts entries not fully written");
                let push = fill < WQ_DEPTH && rng.chance(50);
                let has_data = rng.chance(80);
                let notify = rng.chance(20);
                // A fifth of the entries without data that notify are notify-only (an ARM's).
                let notify_only = !has_data && notify && rng.chance(20);
                let publish = if has_data { notify || rng.chance(40) } else { !notify_only && rng.chance(80) };
                // A switch's entry (data, TAIL, LINK), or a SPARE's that found its queue full.
                let link = !notify_only && (publish || !has_data) && rng.chance(20);
                let publish = publish || !has_data && !notify_only && !link;
                let base = (rng.next_u64() & renq_abi::DMA_ADDR_MASK) & !0xffff;
                let (slot, data, tail) = (3 + rng.below(1000), rng.next_u64(), 3 + rng.below(1000));
                q.push.next = push;
                q.p_has_data.next = has_data;
                q.p_publish.next = publish;
                q.p_notify.next = notify;
                q.p_base.next = base.into();
                q.p_slot.next = slot.into();
                q.p_data.next = data.into();
                q.p_tail.next = tail.into();
                let link_word = rng.next_u64() & renq_abi::DMA_ADDR_MASK;
                q.p_link.next = link;
                q.p_link_word.next = link_word.into();
                let ready = rng.chance(ready_percent);
                q.wr_ready.next = ready;
                h.settle();
                let q = &h.uut;
                let moved = q.wr_valid.val() && ready;
                if q.notify.val() && !moved {
                    // A notify-only entry left: every write before it has moved.
                    assert_eq!(expected.pop_front(), Some(MARKER), "a notify-only entry leaves in its turn");
                    assert_eq!(outstanding.pop_front(), Some(0));
                    notified += 1;
                }
                if moved {
                    let got = (q.wr_addr.val().to_u64(), q.wr_data.val().to_u64(), q.notify.val());
                    notified += q.notify.val() as u32;
                    assert_eq!(Some(got), expected.pop_front(), "write {seen}");
                    seen += 1;
                    done_writes += 1;
                    if done_writes == outstanding[0] {
                        outstanding.pop_front();
                        done_writes = 0;
                    }
                }
                if push {
                    entries += 1;
                    if has_data {
                        expected.push_back((base | slot << 3, data, false));
                    }
                    if publish {
                        expected.push_back((base | 8, tail, notify));
                    }
                    if link {
                        linked += 1;
                        expected.push_back((base, link_word, false));
                    }
                    if !has_data && !publish && !link {
                        expected.push_back(MARKER);
                    }
                    outstanding.push_back(has_data as usize + publish as usize + link as usize);
                }
                h.tick();
            }
            assert!(entries > 500 && seen > 500, "{entries} entries, {seen} writes");
            assert!(linked > 50, "{linked} entries with a LINK write");
            assert!(notified > 50, "{notified} notifications, each with its entry's TAIL write");
        }
    }
}
