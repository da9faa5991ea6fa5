//! The receiver: the paper's five control signals LD0, RD0, WR0, RD1, WR1 as a five-state FSM
//! (spec §3). One packet at a time; a memory step waits in place until `mem_ack` (which may come
//! in the request cycle, so an enqueue takes exactly 5 cycles with such a memory).
//!
//! Address datapath: the export entry's base with the bits below the buffer size cleared, OR-ed
//! with `index << WORD_SHIFT`; every index read from memory is AND-ed with `2^k - 1` first. So no
//! header content can make the card touch anything outside the aligned buffer, the card writes
//! only the TAIL word and slots with index ≥ FIRST_DATA_INDEX, and it never writes HEAD.

use crate::bus::{ExportLookup, LinkRx, MemMaster, RxEvents};
#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::buffer;
use rust_hdl::prelude::*;

/// The five steps (spec §3 Table 1); `Ld0` is also the idle (and initial) state. The state
/// register holds these numbers in `STEP_W` bits (a plain bit vector rather than a RustHDL enum,
/// whose register initialiser is a 64-bit constant that Verilator reports as a width mismatch).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum RxStep {
    Ld0 = 0,
    Rd0 = 1,
    Wr0 = 2,
    Rd1 = 3,
    Wr1 = 4,
}

pub const STEP_W: usize = 3;

/// Low bits of an index that can name a header word (FIRST_DATA_INDEX <= 2^HEADER_BITS).
const HEADER_BITS: usize = index_width(buffer::FIRST_DATA_INDEX as usize);

impl RxStep {
    /// The step a state-register value stands for.
    pub fn from_bits(v: u64) -> Option<RxStep> {
        [RxStep::Ld0, RxStep::Rd0, RxStep::Wr0, RxStep::Rd1, RxStep::Wr1].into_iter().find(|s| *s as u64 == v)
    }
    fn constant(self) -> Constant<Bits<STEP_W>> {
        Constant::new((self as u64).into())
    }
}

#[derive(LogicBlock)]
pub struct PaperFsm {
    pub clock: Signal<In, Clock>,
    /// Link RX stream. `ready` is high in LD0 when RX is enabled and the offered packet's
    /// queue is not stalled.
    pub rx: LinkRx,
    /// Memory master (spec §6)
    pub mem: MemMaster,
    // Configuration from the register file
    pub node_id: Signal<In, Bits<NODE_W>>,
    pub rx_enable: Signal<In, bool>,
    pub stalled: Signal<In, Bits<NUM_QUEUES>>,
    /// EXPORT[rx.queue], looked up combinationally by the register file.
    pub export: ExportLookup,
    /// Events (one-cycle pulses) for the register file.
    pub events: RxEvents,

    // State: the step and what LD0/RD0/RD1 latched
    step: DFF<Bits<STEP_W>>,
    data: DFF<Bits<WORD_W>>,
    queue: DFF<Bits<QUEUE_W>>,
    /// Aligned buffer base (low bits below the buffer size are 0).
    base: DFF<Bits<ADDR_W>>,
    /// 2^k - 1: every index is AND-ed with it.
    index_mask: DFF<Bits<INDEX_W>>,
    tail: DFF<Bits<INDEX_W>>,
    /// The fullness tests of WR1, decided in RD1 when the head is read (the head itself is not
    /// needed after that): next(tail) == head and next(next(tail)) == head. Registered, so
    /// WR1's events (which drive the counters' clock enables) do not wait for 16-bit compares.
    full_now: DFF<bool>,
    full_after: DFF<bool>,
    /// next(tail), registered in WR0 (RD1 compares it and next(next(tail)) with the head).
    next_tail: DFF<Bits<INDEX_W>>,

    // LD0 combinational checks on the offered packet
    /// Byte-offset bits inside the buffer: `(2^k - 1) << WORD_SHIFT | (WORD_BYTES - 1)`.
    entry_offset_mask: Signal<Local, Bits<ADDR_W>>,
    entry_base: Signal<Local, Bits<ADDR_W>>,
    target_ok: Signal<Local, bool>,
    accept: Signal<Local, bool>,
    // Memory-step helpers
    read_index: Signal<Local, Bits<INDEX_W>>,
    /// `read_index < FIRST_DATA_INDEX`, as "no bit above the header bits is set, and the
    /// header bits are below FIRST_DATA_INDEX" (LUTs, not a 16-bit carry chain).
    index_in_header: Signal<Local, bool>,
    tail_slot_addr: Signal<Local, Bits<ADDR_W>>,
    already_full: Signal<Local, bool>,
    becomes_full: Signal<Local, bool>,
    next_of_tail: Signal<Local, Bits<INDEX_W>>,
    next_of_next: Signal<Local, Bits<INDEX_W>>,
    /// The value WR1 writes to the TAIL word.
    tail_to_write: Signal<Local, Bits<INDEX_W>>,
    // Zero extension of indices into the address and data paths
    tail_addr: ZeroExtend<INDEX_W, ADDR_W>,
    mask_addr: ZeroExtend<INDEX_W, ADDR_W>,
    tail_word: ZeroExtend<INDEX_W, WORD_W>,

    // State numbers
    ld0: Constant<Bits<STEP_W>>,
    rd0: Constant<Bits<STEP_W>>,
    wr0: Constant<Bits<STEP_W>>,
    rd1: Constant<Bits<STEP_W>>,
    wr1: Constant<Bits<STEP_W>>,
    // Constants, all from renq_abi
    word_shift: Constant<Bits<WORD_POS_W>>,
    word_offset_mask: Constant<Bits<ADDR_W>>,
    one_index: Constant<Bits<INDEX_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    first_data_low: Constant<Bits<HEADER_BITS>>,
    above_header_bits: Constant<Bits<INDEX_W>>,
    tail_word_offset: Constant<Bits<ADDR_W>>,
    head_word_offset: Constant<Bits<ADDR_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    zero_addr: Constant<Bits<ADDR_W>>,
}

impl Default for PaperFsm {
    fn default() -> Self {
        let word_offset = |w: u64| -> Constant<Bits<ADDR_W>> { Constant::new((w << renq_abi::WORD_SHIFT).into()) };
        Self {
            clock: Default::default(),
            rx: Default::default(),
            mem: Default::default(),
            node_id: Default::default(),
            rx_enable: Default::default(),
            stalled: Default::default(),
            export: Default::default(),
            events: Default::default(),
            step: Default::default(),
            data: Default::default(),
            queue: Default::default(),
            base: Default::default(),
            index_mask: Default::default(),
            tail: Default::default(),
            full_now: Default::default(),
            full_after: Default::default(),
            next_tail: Default::default(),
            entry_offset_mask: Default::default(),
            entry_base: Default::default(),
            target_ok: Default::default(),
            accept: Default::default(),
            read_index: Default::default(),
            index_in_header: Default::default(),
            tail_slot_addr: Default::default(),
            already_full: Default::default(),
            becomes_full: Default::default(),
            next_of_tail: Default::default(),
            next_of_next: Default::default(),
            tail_to_write: Default::default(),
            tail_addr: Default::default(),
            mask_addr: Default::default(),
            tail_word: Default::default(),
            ld0: RxStep::Ld0.constant(),
            rd0: RxStep::Rd0.constant(),
            wr0: RxStep::Wr0.constant(),
            rd1: RxStep::Rd1.constant(),
            wr1: RxStep::Wr1.constant(),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            word_offset_mask: Constant::new((renq_abi::WORD_BYTES - 1).into()),
            one_index: Constant::new(1.into()),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            first_data_low: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            above_header_bits: Constant::new((!((1u64 << HEADER_BITS) - 1) & ((1u64 << INDEX_W) - 1)).into()),
            tail_word_offset: word_offset(buffer::TAIL_WORD),
            head_word_offset: word_offset(buffer::HEAD_WORD),
            zero_word: Constant::new(0.into()),
            zero_addr: Constant::new(0.into()),
        }
    }
}

impl Logic for PaperFsm {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, step, data, queue, base, index_mask, tail, full_now, full_after, next_tail);

        // LD0 checks, from the export table only (the LINK word is never read). VALID and the
        // k range (MIN_LOG2_WORDS..=MAX_LOG2_WORDS) arrive pre-decoded as `export.accept`.
        // The buffer-size mask 2^k - 1 also arrives pre-decoded (`export.index_mask`), so the
        // aligned base is one AND after the table read.
        self.export.queue.next = self.rx.queue.val();
        self.mask_addr.narrow.next = self.export.index_mask.val();
        self.entry_offset_mask.next =
            (self.mask_addr.wide.val() << self.word_shift.val()) | self.word_offset_mask.val();
        self.entry_base.next = self.export.base.val() & !self.entry_offset_mask.val();
        self.target_ok.next = (self.rx.dst.val() == self.node_id.val()) & self.export.accept.val();
        // A stalled queue's packet is not taken: it waits on the link until RESUME.
        self.rx.ready.next = (self.step.q.val() == self.ld0.val())
            & self.rx_enable.val()
            & !self.stalled.val().get_bit(self.rx.queue.val().index());
        self.accept.next = self.rx.ready.val() & self.rx.valid.val();

        // Index arithmetic (the only adder: next(i) = i + 1, wrapping to the first data slot).
        self.read_index.next = self.mem.rdata.val().get_bits::<INDEX_W>(0) & self.index_mask.q.val();
        self.index_in_header.next = !(self.read_index.val() & self.above_header_bits.val()).any()
            & (self.read_index.val().get_bits::<HEADER_BITS>(0) < self.first_data_low.val());
        self.tail_addr.narrow.next = self.tail.q.val();
        self.tail_slot_addr.next = self.base.q.val() | (self.tail_addr.wide.val() << self.word_shift.val());
        self.next_of_tail.next = self.tail.q.val() + self.one_index.val();
        if self.tail.q.val() == self.index_mask.q.val() {
            self.next_of_tail.next = self.first_data_index.val();
        }
        self.next_of_next.next = self.next_tail.q.val() + self.one_index.val();
        if self.next_tail.q.val() == self.index_mask.q.val() {
            self.next_of_next.next = self.first_data_index.val();
        }
        self.next_tail.d.next = self.next_of_tail.val();
        self.already_full.next = self.full_now.q.val();
        self.becomes_full.next = self.full_after.q.val();
        // A header corrupted to "already full" keeps its tail.
        self.tail_to_write.next = self.next_tail.q.val();
        if self.already_full.val() {
            self.tail_to_write.next = self.tail.q.val();
        }
        self.tail_word.narrow.next = self.tail_to_write.val();

        // Defaults: no memory request, no event.
        self.mem.req.next = false;
        self.mem.write.next = false;
        self.mem.addr.next = self.zero_addr.val();
        self.mem.wdata.next = self.zero_word.val();
        self.events.enqueued.next = false;
        self.events.rejected.next = false;
        self.events.bad_header.next = false;
        self.events.stall.next = false;
        self.events.overflow.next = false;
        self.events.queue.next = self.queue.q.val();

        if self.step.q.val() == self.ld0.val() {
            // The packet registers load in every LD0 cycle, whatever the decision: they are
            // only read in RD0..WR1, which is reached only when this packet was accepted, so
            // the accept decision stays off their (wide) clock enable.
            self.data.d.next = self.rx.data.val();
            self.queue.d.next = self.rx.queue.val();
            self.base.d.next = self.entry_base.val();
            self.index_mask.d.next = self.export.index_mask.val();
            if self.accept.val() {
                if self.target_ok.val() {
                    self.step.d.next = self.rd0.val();
                } else {
                    // Dropped before any memory access.
                    self.events.rejected.next = true;
                }
            }
        }
        if self.step.q.val() == self.rd0.val() {
            self.mem.req.next = true;
            self.mem.addr.next = self.base.q.val() | self.tail_word_offset.val();
            if self.mem.ack.val() {
                self.tail.d.next = self.read_index.val();
                if self.index_in_header.val() {
                    // A tail pointing into the header: never write the header with data.
                    self.events.bad_header.next = true;
                    self.step.d.next = self.ld0.val();
                } else {
                    self.step.d.next = self.wr0.val();
                }
            }
        }
        if self.step.q.val() == self.wr0.val() {
            // slot[tail] is free: the queue would be stalled if it were full.
            self.mem.req.next = true;
            self.mem.write.next = true;
            self.mem.addr.next = self.tail_slot_addr.val();
            self.mem.wdata.next = self.data.q.val();
            if self.mem.ack.val() {
                self.step.d.next = self.rd1.val();
            }
        }
        if self.step.q.val() == self.rd1.val() {
            self.mem.req.next = true;
            self.mem.addr.next = self.base.q.val() | self.head_word_offset.val();
            if self.mem.ack.val() {
                self.full_now.d.next = self.next_tail.q.val() == self.read_index.val();
                self.full_after.d.next = self.next_of_next.val() == self.read_index.val();
                self.step.d.next = self.wr1.val();
            }
        }
        if self.step.q.val() == self.wr1.val() {
            // Publish the tail last.
            self.mem.req.next = true;
            self.mem.write.next = true;
            self.mem.addr.next = self.base.q.val() | self.tail_word_offset.val();
            self.mem.wdata.next = self.tail_word.wide.val();
            if self.mem.ack.val() {
                if self.already_full.val() {
                    self.events.bad_header.next = true;
                    self.events.stall.next = true;
                } else {
                    self.events.enqueued.next = true;
                    if self.becomes_full.val() {
                        self.events.stall.next = true;
                        self.events.overflow.next = true;
                    }
                }
                self.step.d.next = self.ld0.val();
            }
        }
        // Unused state numbers (unreachable from the initial state) fall back to LD0.
        if self.step.q.val() > self.wr1.val() {
            self.step.d.next = self.ld0.val();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{export_word, for_each_condition, Conditions, LinkSource, MemResponder};
    use crate::sim_util::*;
    use renq_abi::csr::bits;
    use renq_abi::packet::Packet;
    use std::collections::HashMap;

    /// What the testbench saw in one clock cycle.
    #[derive(Debug, Clone, Copy, PartialEq)]
    struct Cycle {
        step: RxStep,
        /// (write, addr, data) of the access acknowledged in this cycle.
        access: Option<(bool, u64, u64)>,
        enqueued: bool,
        rejected: bool,
        stall: bool,
    }

    /// A run's transactions without their timing: the steps with repeats merged, the accesses
    /// and the event counts (enqueued, rejected, stall).
    type Untimed = (Vec<RxStep>, Vec<(bool, u64, u64)>, [usize; 3]);

    /// Every bus condition must give the idle run's [`Untimed`].
    fn untimed(trace: &[Cycle]) -> Untimed {
        let mut steps: Vec<RxStep> = trace.iter().map(|c| c.step).collect();
        steps.dedup();
        let count = |f: fn(&Cycle) -> bool| trace.iter().filter(|c| f(c)).count();
        (
            steps,
            trace.iter().filter_map(|c| c.access).collect(),
            [count(|c| c.enqueued), count(|c| c.rejected), count(|c| c.stall)],
        )
    }

    /// Offers `packets` (dst, queue, data) in order from a link source and answers the memory
    /// master with the harness's responder, both under `cond`; runs until every packet is
    /// taken and the receiver is idle again. Returns the per-cycle trace and the final memory.
    fn run_receiver(
        packets: Vec<(u8, u8, u64)>,
        mem_init: Vec<(u64, u64)>,
        export: u64,
        cond: Conditions,
    ) -> (Vec<Cycle>, HashMap<u64, u64>) {
        let toggle = |x: &mut Box<PaperFsm>| x.clock.next = !x.clock.val();
        run_clocked("receiver", PaperFsm::default(), toggle, move |mut sim: Sim<PaperFsm>, out| {
            let mut x = sim.init()?;
            let mut mem: HashMap<u64, u64> = mem_init.iter().copied().collect();
            let mut responder = MemResponder::new(cond.waits.clone());
            let packets = packets.iter().map(|&(dst, queue, data)| Packet::enqueue(1, dst as u16, queue as u16, data));
            let mut link = LinkSource::new(packets, cond.link.clone());
            let mut trace = Vec::new();
            x.node_id.next = 2.into();
            x.rx_enable.next = true;
            x.export.base.next = (export >> bits::EXPORT_BASE_LSB & renq_abi::DMA_ADDR_MASK).into();
            let k = (export >> bits::EXPORT_LOG2_LSB) as u32 & ((1 << LOG2_W) - 1);
            x.export.index_mask.next = ((1u64 << k) - 1).into();
            x.export.accept.next = export >> bits::EXPORT_VALID == 1 && buffer::valid_log2(k);
            for cycle in 0..200 {
                let done = link.is_empty();
                wait_clock_false!(sim, clock, x);
                offer_rx!(x, rx, link.offer(cycle));
                x = sim.wait(1, x)?;
                // The request is settled (it depends on registers only): answer it.
                let (_, answer) = answer_memory!(sim, x, mem, responder, &mut mem);
                x = sim.wait(1, x)?;
                let step = RxStep::from_bits(x.step.q.val().to_u64()).expect("valid step");
                trace.push(Cycle {
                    step,
                    access: answer.access.map(|a| (a.write, a.addr, a.data)),
                    enqueued: x.events.enqueued.val(),
                    rejected: x.events.rejected.val(),
                    stall: x.events.stall.val(),
                });
                let taken = x.rx.valid.val() && x.rx.ready.val();
                wait_clock_true!(sim, clock, x);
                if taken {
                    link.taken();
                }
                if done && step == RxStep::Ld0 {
                    break;
                }
            }
            sim_assert!(sim, link.is_empty(), x);
            out.put((trace, mem));
            sim.done(x)
        })
    }

    /// Runs one receiver scenario under every bus condition: `check` sees the idle run (cycle
    /// exact), and every other run must show the idle run's transactions and final memory.
    fn under_every_condition(
        packets: Vec<(u8, u8, u64)>,
        mem_init: Vec<(u64, u64)>,
        export: u64,
        check: impl Fn(&[Cycle], &HashMap<u64, u64>),
    ) {
        let (idle_trace, idle_mem) = run_receiver(packets.clone(), mem_init.clone(), export, Conditions::idle());
        check(&idle_trace, &idle_mem);
        for_each_condition(0x5eed_0002, |cond| {
            let (trace, mem) = run_receiver(packets.clone(), mem_init.clone(), export, cond);
            assert_eq!(untimed(&trace), untimed(&idle_trace));
            assert_eq!(mem, idle_mem);
        });
    }

    #[test]
    fn five_steps_in_order_one_cycle_each() {
        let base = 0x2000u64;
        // 16-word buffer, tail at 14, head at 5: two items fit without filling it.
        let packets = vec![(2, 1, 0x77), (2, 1, 0x78)];
        under_every_condition(packets, vec![(base + 8, 14), (base + 16, 5)], export_word(base, 4), |trace, mem| {
            use RxStep::*;
            let steps: Vec<RxStep> = trace.iter().map(|c| c.step).collect();
            assert_eq!(steps, vec![Ld0, Rd0, Wr0, Rd1, Wr1, Ld0, Rd0, Wr0, Rd1, Wr1, Ld0]);
            let accesses: Vec<_> = trace.iter().filter_map(|c| c.access).collect();
            assert_eq!(
                accesses,
                vec![
                    (false, base + 8, 14),
                    (true, base + 14 * 8, 0x77),
                    (false, base + 16, 5),
                    (true, base + 8, 15),
                    (false, base + 8, 15),
                    (true, base + 15 * 8, 0x78),
                    (false, base + 16, 5),
                    (true, base + 8, 3), // next(15) wraps to the first data slot of a 16-word buffer
                ]
            );
            assert_eq!(trace.iter().filter(|c| c.enqueued).count(), 2);
            assert_eq!(mem[&(base + 8)], 3);
            assert!(trace.iter().all(|c| !c.stall), "the buffer never became full");
        });
    }

    #[test]
    fn wrong_node_is_rejected_in_ld0_without_memory_access() {
        under_every_condition(vec![(3, 1, 0x77), (2, 1, 0x78)], vec![], export_word(0x2000, 3), |trace, _| {
            assert!(trace[0].rejected && trace[0].access.is_none() && trace[0].step == RxStep::Ld0);
            // The next packet is taken in the very next cycle (the tail reads 0 → bad header later).
            assert_eq!(trace[1].step, RxStep::Ld0);
            assert_eq!(trace[2].step, RxStep::Rd0);
            assert!(trace.iter().all(|c| c.access.is_none_or(|a| a.1 == 0x2008)));
        });
    }

    #[test]
    fn filling_write_raises_stall() {
        let base = 0x2000u64;
        // tail 5, head 7: after writing slot 5, next(next(5)) = 7 = head → full.
        let mem_init = vec![(base + 8, 5), (base + 16, 7)];
        under_every_condition(vec![(2, 1, 0x99)], mem_init, export_word(base, 3), |trace, mem| {
            assert!(trace[4].stall && trace[4].enqueued && trace[4].step == RxStep::Wr1);
            assert_eq!(mem[&(base + 8)], 6);
            assert_eq!(mem[&(base + 5 * 8)], 0x99);
        });
    }
}
