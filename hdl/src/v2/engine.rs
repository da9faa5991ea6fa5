//! The v2 receive engine: the paper's five steps as pipeline stages over queue state held on the
//! card (spec "Card v2 engine (Table 1, v2)").
//!
//! * **LD0** (admission): picks one operation per cycle — the start-up sweep that clears the
//!   state RAM, else a driver command, else a parked packet whose HEAD read has returned, else a
//!   packet from the link — and issues the state RAM read for its queue. A link packet is taken
//!   only while the write queue and the parking slots have room for everything in flight and no
//!   packet of its queue is parked (so a queue's packets pass RD0 in arrival order).
//! * **RD0**: the queue's state (from RAM, forwarded when RD0 wrote it in the previous cycle):
//!   validates the packet (node, queue in range, exported; else dropped and counted before any
//!   memory access), takes the tail *from the card*, reserves the slot (tail ← next(tail),
//!   free ← free − 1) and writes the state back — or refuses the packet (queue stalled), or parks
//!   it (no free slot: its HEAD read is RD1).
//! * **WR0**: the item's posted data write to `base | tail << 3` (the write queue's first half).
//! * **RD1**: the HEAD read, only when the free count has run out: a tagged read issued by the
//!   parking slot; the answer re-injects the packet with the head, RD0 recomputes the free count
//!   (or, still full: stalls the queue, raises overflow and refuses the packet).
//! * **WR1**: the posted TAIL publication after the data write (the write queue's second half),
//!   coalesced over back-to-back items of one queue, at most `COALESCE_MAX` per publication.
//!
//! Every index is masked with `2^k − 1` and the base is aligned when the queue is exported, so
//! slot addresses are `base | index << 3` (an OR) inside the exported buffer, whatever the
//! consumer writes into HEAD; the engine never writes HEAD (nor LINK).

use crate::v2::memport::{WriteQueue, WQ_DEPTH, WQ_PTR_W};
use crate::v2::park::ParkSlot;
use crate::v2::queue_ram::{QueueRam, FLAGS_W};
use crate::v2::*;
use crate::widen::ZeroExtend;
use renq_abi::{buffer, regs::bits, v2 as abi};
use rust_hdl::prelude::*;

/// Operation kinds in the pipeline (`OP_W` bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Op {
    None = 0,
    /// A packet from the link.
    Packet = 1,
    /// A parked packet with the HEAD index its read returned.
    Reinject = 2,
    Export = 3,
    Head = 4,
    Resume = 5,
    /// Start-up sweep: the queue's state ← 0 (not exported).
    Clear = 6,
    Arm = 7,
    Query = 8,
}
pub const OP_W: usize = 4;

impl Op {
    fn constant(self) -> Constant<Bits<OP_W>> {
        Constant::new((self as u64).into())
    }
}

/// Bits of the coalescing run counter.
const RUN_W: usize = 4;
const _: () = assert!(abi::COALESCE_MAX >= 1 && abi::COALESCE_MAX <= 1 << RUN_W);
const _: () = assert!(abi::READ_TAGS == 4, "the engine instantiates four parking slots");

#[derive(LogicBlock)]
pub struct Engine<const QA: usize> {
    pub clock: Signal<In, Clock>,
    // Link RX: a packet moves when rx_valid & rx_ready; rx_ready never depends on rx_valid.
    pub rx_valid: Signal<In, bool>,
    pub rx_ready: Signal<Out, bool>,
    pub rx_src: Signal<In, Bits<V2_NODE_W>>,
    pub rx_dst: Signal<In, Bits<V2_NODE_W>>,
    pub rx_queue: Signal<In, Bits<V2_QUEUE_W>>,
    pub rx_data: Signal<In, Bits<WORD_W>>,
    /// The epoch the sender's portal last learned (spec §7c): a packet whose epoch is not its
    /// queue's is refused.
    pub rx_epoch: Signal<In, Bits<EPOCH_W>>,
    /// The sender's portal: carried to `ev_portal`, so the outcome can be addressed.
    pub rx_portal: Signal<In, Bits<PORTAL_W>>,
    pub node_id: Signal<In, Bits<V2_NODE_W>>,
    pub rx_enable: Signal<In, bool>,
    // Command port (driver): EXPORT / HEAD doorbell / RESUME / ARM / QUERY, renq_abi::v2::CMD_*.
    pub cmd_valid: Signal<In, bool>,
    pub cmd_ready: Signal<Out, bool>,
    pub cmd_kind: Signal<In, Bits<CMD_KIND_W>>,
    pub cmd_queue: Signal<In, Bits<V2_QUEUE_W>>,
    pub cmd_arg: Signal<In, Bits<WORD_W>>,
    // Posted writes to host memory.
    pub wr_valid: Signal<Out, bool>,
    pub wr_ready: Signal<In, bool>,
    pub wr_addr: Signal<Out, Bits<ADDR_W>>,
    pub wr_data: Signal<Out, Bits<WORD_W>>,
    // Tagged reads of host memory.
    pub rd_valid: Signal<Out, bool>,
    pub rd_ready: Signal<In, bool>,
    pub rd_addr: Signal<Out, Bits<ADDR_W>>,
    pub rd_tag: Signal<Out, Bits<TAG_W>>,
    pub rsp_valid: Signal<In, bool>,
    pub rsp_tag: Signal<In, Bits<TAG_W>>,
    pub rsp_data: Signal<In, Bits<WORD_W>>,
    // Events: one-cycle pulses about the RD0 operation (`ev_queue`, `ev_src`, `ev_data`).
    pub ev_enqueued: Signal<Out, bool>,
    /// Dropped before any memory access: wrong node, queue out of range or not exported.
    pub ev_rejected: Signal<Out, bool>,
    /// Not written because the queue is stalled or the packet's epoch is not the queue's: the
    /// packet is handed back on `ev_*` (an OUTCOME Refused to its portal, with `ev_epoch`).
    pub ev_refused: Signal<Out, bool>,
    /// The queue is full (its refreshed HEAD shows no free slot): stalled, interrupt.
    pub ev_overflow: Signal<Out, bool>,
    /// A HEAD index inside the header (< 3) was read or rung: ignored (a parked packet's queue
    /// then stalls).
    pub ev_bad_header: Signal<Out, bool>,
    /// The answer to a QUERY command: `ev_data` is the queue's state word
    /// (`renq_abi::v2::state::QueueState` without READY; 0 for a queue beyond this build).
    pub ev_query: Signal<Out, bool>,
    pub ev_queue: Signal<Out, Bits<V2_QUEUE_W>>,
    pub ev_src: Signal<Out, Bits<V2_NODE_W>>,
    /// The packet's portal (with `ev_enqueued`, `ev_rejected`, `ev_refused`).
    pub ev_portal: Signal<Out, Bits<PORTAL_W>>,
    /// The queue's epoch now, after this operation (a stall bumps it); 0 with `ev_rejected`.
    pub ev_epoch: Signal<Out, Bits<EPOCH_W>>,
    pub ev_data: Signal<Out, Bits<WORD_W>>,
    /// NOTIFY (the consumer asked to be woken, CMD_ARM): pulses when the TAIL write covering the
    /// item it is about is handed to the memory port (not tied to the RD0 operation).
    pub ev_notify: Signal<Out, bool>,
    /// Nothing in flight: pipeline, write queue and parking slots empty, no tail owed.
    pub idle: Signal<Out, bool>,

    qram: QueueRam<QA>,
    wq: WriteQueue,
    park0: ParkSlot,
    park1: ParkSlot,
    park2: ParkSlot,
    park3: ParkSlot,
    ld0_addr: Truncate<V2_QUEUE_W, QA>,
    rd0_addr: Truncate<V2_QUEUE_W, QA>,

    // Start-up sweep.
    swept: DFF<bool>,
    sweep_ctr: DFF<Bits<V2_QUEUE_W>>,
    // LD0 choice.
    ld0_op: Signal<Local, Bits<OP_W>>,
    ld0_queue: Signal<Local, Bits<V2_QUEUE_W>>,
    ld0_src: Signal<Local, Bits<V2_NODE_W>>,
    ld0_data: Signal<Local, Bits<WORD_W>>,
    ld0_portal: Signal<Local, Bits<PORTAL_W>>,
    ld0_epoch: Signal<Local, Bits<EPOCH_W>>,
    ld0_head: Signal<Local, Bits<INDEX_W>>,
    ld0_dst_ok: Signal<Local, bool>,
    room: Signal<Local, bool>,
    park_room: Signal<Local, bool>,
    cam_hit: Signal<Local, bool>,
    any_answered: Signal<Local, bool>,
    take_reinject: Signal<Local, bool>,
    // RD0 stage registers.
    s1_op: DFF<Bits<OP_W>>,
    s1_queue: DFF<Bits<V2_QUEUE_W>>,
    s1_src: DFF<Bits<V2_NODE_W>>,
    s1_data: DFF<Bits<WORD_W>>,
    s1_portal: DFF<Bits<PORTAL_W>>,
    s1_epoch: DFF<Bits<EPOCH_W>>,
    s1_head: DFF<Bits<INDEX_W>>,
    s1_dst_ok: DFF<bool>,
    s1_in_range: DFF<bool>,
    // Tail coalescing: items since the last publication, and a publication owed.
    run: DFF<Bits<RUN_W>>,
    owe: DFF<bool>,
    owe_base: DFF<Bits<ADDR_W>>,
    owe_tail: DFF<Bits<INDEX_W>>,
    // RD0 arithmetic.
    is_item: Signal<Local, bool>,
    target_ok: Signal<Local, bool>,
    mask: Signal<Local, Bits<INDEX_W>>,
    slot: Signal<Local, Bits<INDEX_W>>,
    next_tail: Signal<Local, Bits<INDEX_W>>,
    head_m: Signal<Local, Bits<INDEX_W>>,
    head_bad: Signal<Local, bool>,
    ring_gap: Signal<Local, Bits<INDEX_W>>,
    from_head: Signal<Local, Bits<INDEX_W>>,
    best_free: Signal<Local, Bits<INDEX_W>>,
    free_eff: Signal<Local, Bits<INDEX_W>>,
    success: Signal<Local, bool>,
    parks: Signal<Local, bool>,
    publish: Signal<Local, bool>,
    epoch_ok: Signal<Local, bool>,
    arm_notify: Signal<Local, bool>,
    seen_m: Signal<Local, Bits<INDEX_W>>,
    query_flags: ZeroExtend<FLAGS_W, WORD_W>,
    query_tail: ZeroExtend<INDEX_W, WORD_W>,
    query_free: ZeroExtend<INDEX_W, WORD_W>,
    arg_k: Signal<Local, Bits<LOG2_W>>,
    arg_mask: Signal<Local, Bits<INDEX_W>>,
    arg_mask_wide: Signal<Local, Bits<ADDR_W>>,
    one_addr: Constant<Bits<ADDR_W>>,
    arg_valid: Signal<Local, bool>,
    arg_base: Signal<Local, Bits<ADDR_W>>,
    head_addr: Signal<Local, Bits<ADDR_W>>,

    // Constants (every number from renq_abi).
    op_none: Constant<Bits<OP_W>>,
    op_packet: Constant<Bits<OP_W>>,
    op_reinject: Constant<Bits<OP_W>>,
    op_export: Constant<Bits<OP_W>>,
    op_head: Constant<Bits<OP_W>>,
    op_resume: Constant<Bits<OP_W>>,
    op_clear: Constant<Bits<OP_W>>,
    cmd_export: Constant<Bits<CMD_KIND_W>>,
    cmd_head: Constant<Bits<CMD_KIND_W>>,
    cmd_resume: Constant<Bits<CMD_KIND_W>>,
    cmd_arm: Constant<Bits<CMD_KIND_W>>,
    cmd_query: Constant<Bits<CMD_KIND_W>>,
    op_arm: Constant<Bits<OP_W>>,
    op_query: Constant<Bits<OP_W>>,
    one_epoch: Constant<Bits<EPOCH_W>>,
    zero_epoch: Constant<Bits<EPOCH_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    query_tail_lsb: Constant<Bits<WORD_POS_W>>,
    query_free_lsb: Constant<Bits<WORD_POS_W>>,
    one_index: Constant<Bits<INDEX_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    zero_index: Constant<Bits<INDEX_W>>,
    queue_high_mask: Constant<Bits<V2_QUEUE_W>>,
    sweep_last: Constant<Bits<V2_QUEUE_W>>,
    one_queue: Constant<Bits<V2_QUEUE_W>>,
    run_last: Constant<Bits<RUN_W>>,
    one_run: Constant<Bits<RUN_W>>,
    zero_run: Constant<Bits<RUN_W>>,
    wq_limit: Constant<Bits<WQ_PTR_W>>,
    k_min: Constant<Bits<LOG2_W>>,
    k_max: Constant<Bits<LOG2_W>>,
    zero_k: Constant<Bits<LOG2_W>>,
    // EXPORT word fields (renq_abi::regs::bits): bit positions as constants, so the Verilog
    // names them (hdl_gen emits a Rust constant's name, which Verilog does not know).
    export_log2_lsb: Constant<Bits<WORD_POS_W>>,
    export_valid_bit: Constant<Bits<WORD_POS_W>>,
    export_base_lsb: Constant<Bits<WORD_POS_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    word_offset_mask: Constant<Bits<ADDR_W>>,
    head_word_offset: Constant<Bits<ADDR_W>>,
    zero_addr: Constant<Bits<ADDR_W>>,
    tag0: Constant<Bits<TAG_W>>,
    tag1: Constant<Bits<TAG_W>>,
    tag2: Constant<Bits<TAG_W>>,
    tag3: Constant<Bits<TAG_W>>,
}

impl<const QA: usize> Default for Engine<QA> {
    fn default() -> Self {
        assert!(QA >= 1 && QA <= V2_QUEUE_W, "queue RAM address bits must be 1..={V2_QUEUE_W}");
        let queues = 1u64 << QA;
        let queue_mask = (1u64 << V2_QUEUE_W) - 1;
        Self {
            clock: Default::default(),
            rx_valid: Default::default(),
            rx_ready: Default::default(),
            rx_src: Default::default(),
            rx_dst: Default::default(),
            rx_queue: Default::default(),
            rx_data: Default::default(),
            rx_epoch: Default::default(),
            rx_portal: Default::default(),
            node_id: Default::default(),
            rx_enable: Default::default(),
            cmd_valid: Default::default(),
            cmd_ready: Default::default(),
            cmd_kind: Default::default(),
            cmd_queue: Default::default(),
            cmd_arg: Default::default(),
            wr_valid: Default::default(),
            wr_ready: Default::default(),
            wr_addr: Default::default(),
            wr_data: Default::default(),
            rd_valid: Default::default(),
            rd_ready: Default::default(),
            rd_addr: Default::default(),
            rd_tag: Default::default(),
            rsp_valid: Default::default(),
            rsp_tag: Default::default(),
            rsp_data: Default::default(),
            ev_enqueued: Default::default(),
            ev_rejected: Default::default(),
            ev_refused: Default::default(),
            ev_overflow: Default::default(),
            ev_bad_header: Default::default(),
            ev_query: Default::default(),
            ev_queue: Default::default(),
            ev_src: Default::default(),
            ev_portal: Default::default(),
            ev_epoch: Default::default(),
            ev_data: Default::default(),
            ev_notify: Default::default(),
            idle: Default::default(),
            qram: Default::default(),
            wq: Default::default(),
            park0: Default::default(),
            park1: Default::default(),
            park2: Default::default(),
            park3: Default::default(),
            ld0_addr: Default::default(),
            rd0_addr: Default::default(),
            swept: Default::default(),
            sweep_ctr: Default::default(),
            ld0_op: Default::default(),
            ld0_queue: Default::default(),
            ld0_src: Default::default(),
            ld0_data: Default::default(),
            ld0_portal: Default::default(),
            ld0_epoch: Default::default(),
            ld0_head: Default::default(),
            ld0_dst_ok: Default::default(),
            room: Default::default(),
            park_room: Default::default(),
            cam_hit: Default::default(),
            any_answered: Default::default(),
            take_reinject: Default::default(),
            s1_op: Default::default(),
            s1_queue: Default::default(),
            s1_src: Default::default(),
            s1_data: Default::default(),
            s1_portal: Default::default(),
            s1_epoch: Default::default(),
            s1_head: Default::default(),
            s1_dst_ok: Default::default(),
            s1_in_range: Default::default(),
            run: Default::default(),
            owe: Default::default(),
            owe_base: Default::default(),
            owe_tail: Default::default(),
            is_item: Default::default(),
            target_ok: Default::default(),
            mask: Default::default(),
            slot: Default::default(),
            next_tail: Default::default(),
            head_m: Default::default(),
            head_bad: Default::default(),
            ring_gap: Default::default(),
            from_head: Default::default(),
            best_free: Default::default(),
            free_eff: Default::default(),
            success: Default::default(),
            parks: Default::default(),
            publish: Default::default(),
            epoch_ok: Default::default(),
            arm_notify: Default::default(),
            seen_m: Default::default(),
            query_flags: Default::default(),
            query_tail: Default::default(),
            query_free: Default::default(),
            arg_k: Default::default(),
            arg_mask: Default::default(),
            arg_mask_wide: Default::default(),
            one_addr: Constant::new(1.into()),
            arg_valid: Default::default(),
            arg_base: Default::default(),
            head_addr: Default::default(),
            op_none: Op::None.constant(),
            op_packet: Op::Packet.constant(),
            op_reinject: Op::Reinject.constant(),
            op_export: Op::Export.constant(),
            op_head: Op::Head.constant(),
            op_resume: Op::Resume.constant(),
            op_clear: Op::Clear.constant(),
            cmd_export: Constant::new(abi::CMD_EXPORT.into()),
            cmd_head: Constant::new(abi::CMD_HEAD.into()),
            cmd_resume: Constant::new(abi::CMD_RESUME.into()),
            cmd_arm: Constant::new(abi::CMD_ARM.into()),
            cmd_query: Constant::new(abi::CMD_QUERY.into()),
            op_arm: Op::Arm.constant(),
            op_query: Op::Query.constant(),
            one_epoch: Constant::new(1.into()),
            zero_epoch: Constant::new(0.into()),
            zero_word: Constant::new(0.into()),
            query_tail_lsb: Constant::new((abi::state::bits::TAIL_LSB as u64).into()),
            query_free_lsb: Constant::new((abi::state::bits::FREE_LSB as u64).into()),
            one_index: Constant::new(1.into()),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            zero_index: Constant::new(0.into()),
            queue_high_mask: Constant::new((queue_mask & !(queues - 1)).into()),
            sweep_last: Constant::new((queues - 1).into()),
            one_queue: Constant::new(1.into()),
            run_last: Constant::new((abi::COALESCE_MAX - 1).into()),
            one_run: Constant::new(1.into()),
            zero_run: Constant::new(0.into()),
            wq_limit: Constant::new(((WQ_DEPTH - 1) as u64).into()),
            k_min: Constant::new((buffer::MIN_LOG2_WORDS as u64).into()),
            k_max: Constant::new((buffer::MAX_LOG2_WORDS as u64).into()),
            zero_k: Constant::new(0.into()),
            export_log2_lsb: Constant::new((bits::EXPORT_LOG2_LSB as u64).into()),
            export_valid_bit: Constant::new((bits::EXPORT_VALID as u64).into()),
            export_base_lsb: Constant::new((bits::EXPORT_BASE_LSB as u64).into()),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            word_offset_mask: Constant::new((renq_abi::WORD_BYTES - 1).into()),
            head_word_offset: Constant::new((buffer::HEAD_WORD << renq_abi::WORD_SHIFT).into()),
            zero_addr: Constant::new(0.into()),
            tag0: Constant::new(0.into()),
            tag1: Constant::new(1.into()),
            tag2: Constant::new(2.into()),
            tag3: Constant::new(3.into()),
        }
    }
}

impl<const QA: usize> Logic for Engine<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            swept,
            sweep_ctr,
            s1_op,
            s1_queue,
            s1_src,
            s1_data,
            s1_portal,
            s1_epoch,
            s1_head,
            s1_dst_ok,
            s1_in_range,
            run,
            owe,
            owe_base,
            owe_tail
        );
        clock!(self, clock, qram, wq, park0, park1, park2, park3);

        // ---------------------------------------------------------------- RD0
        // The state of the RD0 operation's queue is on qram's outputs (forwarded if RD0 wrote it
        // in the previous cycle). Index arithmetic on 16-bit indices, all masked by 2^k - 1.
        self.rd0_addr.wide.next = self.s1_queue.q.val();
        self.mask.next = (self.one_index.val() << self.qram.k.val()) - self.one_index.val();
        self.slot.next = self.qram.tail.val() & self.mask.val();
        self.next_tail.next = self.slot.val() + self.one_index.val();
        if self.slot.val() == self.mask.val() {
            self.next_tail.next = self.first_data_index.val();
        }
        // Free slots seen from a HEAD index (the consumer's, read or rung): one slot stays free.
        self.head_m.next = self.s1_head.q.val() & self.mask.val();
        self.head_bad.next = self.head_m.val() < self.first_data_index.val();
        self.ring_gap.next = (self.head_m.val() - self.slot.val() - self.one_index.val()) & self.mask.val();
        self.from_head.next = self.ring_gap.val();
        if self.head_m.val() <= self.slot.val() {
            self.from_head.next = self.ring_gap.val() - self.first_data_index.val();
        }
        // Both the card's count and the head's are lower bounds of the true free space.
        self.best_free.next = self.qram.free.val();
        if self.from_head.val() > self.qram.free.val() {
            self.best_free.next = self.from_head.val();
        }
        // EXPORT's argument: a v1 EXPORT word.
        self.arg_k.next = self.s1_data.q.val().get_bits::<LOG2_W>(self.export_log2_lsb.val().index());
        self.arg_mask.next = (self.one_index.val() << self.arg_k.val()) - self.one_index.val();
        self.arg_mask_wide.next = (self.one_addr.val() << self.arg_k.val()) - self.one_addr.val();
        self.arg_base.next = self.s1_data.q.val().get_bits::<ADDR_W>(self.export_base_lsb.val().index())
            & !((self.arg_mask_wide.val() << self.word_shift.val()) | self.word_offset_mask.val());
        self.arg_valid.next = self.s1_data.q.val().get_bit(self.export_valid_bit.val().index())
            & (self.arg_k.val() >= self.k_min.val())
            & (self.arg_k.val() <= self.k_max.val());
        self.head_addr.next = self.qram.base.val() | self.head_word_offset.val();

        self.is_item.next =
            (self.s1_op.q.val() == self.op_packet.val()) | (self.s1_op.q.val() == self.op_reinject.val());
        self.target_ok.next = self.s1_in_range.q.val() & self.s1_dst_ok.q.val() & self.qram.valid.val();
        self.epoch_ok.next = self.qram.epoch.val() == self.s1_epoch.q.val();
        // ARM: the tail index the consumer saw, masked like every index.
        self.seen_m.next = self.s1_head.q.val() & self.mask.val();
        self.arm_notify.next = false;
        self.free_eff.next = self.qram.free.val();
        self.success.next = false;
        self.parks.next = false;
        self.ev_enqueued.next = false;
        self.ev_rejected.next = false;
        self.ev_refused.next = false;
        self.ev_overflow.next = false;
        self.ev_bad_header.next = false;
        self.ev_query.next = false;
        self.ev_queue.next = self.s1_queue.q.val();
        self.ev_src.next = self.s1_src.q.val();
        self.ev_portal.next = self.s1_portal.q.val();
        self.ev_epoch.next = self.qram.epoch.val();
        self.ev_data.next = self.s1_data.q.val();
        // State write-back: by default the state as read.
        self.qram.write.next = false;
        self.qram.write_addr.next = self.rd0_addr.narrow.val();
        self.qram.w_valid.next = self.qram.valid.val();
        self.qram.w_stalled.next = self.qram.stalled.val();
        self.qram.w_armed.next = self.qram.armed.val();
        self.qram.w_k.next = self.qram.k.val();
        self.qram.w_epoch.next = self.qram.epoch.val();
        self.qram.w_base.next = self.qram.base.val();
        self.qram.w_tail.next = self.qram.tail.val();
        self.qram.w_free.next = self.qram.free.val();

        if self.is_item.val() {
            if !self.target_ok.val() {
                self.ev_rejected.next = true;
                self.ev_epoch.next = self.zero_epoch.val();
            } else if self.qram.stalled.val() | !self.epoch_ok.val() {
                self.ev_refused.next = true;
            } else {
                if self.s1_op.q.val() == self.op_reinject.val() {
                    if self.head_bad.val() {
                        self.ev_bad_header.next = true;
                    } else {
                        self.free_eff.next = self.best_free.val();
                    }
                }
                if self.free_eff.val().any() {
                    // Reserve slot[tail] (RD0's tail comes from the card, not from host memory).
                    self.success.next = true;
                    self.ev_enqueued.next = true;
                    self.qram.write.next = true;
                    self.qram.w_tail.next = self.next_tail.val();
                    self.qram.w_free.next = self.free_eff.val() - self.one_index.val();
                    // An armed queue's next item notifies (its entry publishes and carries
                    // NOTIFY); ARMED clears.
                    self.qram.w_armed.next = false;
                } else if self.s1_op.q.val() == self.op_reinject.val() {
                    // The refreshed head shows the queue still full: stall it.
                    self.ev_overflow.next = true;
                    self.ev_refused.next = true;
                    self.qram.write.next = true;
                    self.qram.w_stalled.next = true;
                    self.qram.w_free.next = self.zero_index.val();
                    // A new epoch: whatever its senders sent before they learn of it is refused.
                    self.qram.w_epoch.next = self.qram.epoch.val() + self.one_epoch.val();
                    self.ev_epoch.next = self.qram.epoch.val() + self.one_epoch.val();
                } else {
                    // Out of free slots: park the packet, its slot reads HEAD (RD1).
                    self.parks.next = true;
                }
            }
        }
        if self.s1_in_range.q.val() {
            if (self.s1_op.q.val() == self.op_head.val()) & self.qram.valid.val() {
                if self.head_bad.val() {
                    self.ev_bad_header.next = true;
                } else {
                    self.qram.write.next = true;
                    self.qram.w_free.next = self.best_free.val();
                }
            }
            if self.s1_op.q.val() == self.op_resume.val() {
                self.qram.write.next = true;
                self.qram.w_stalled.next = false;
            }
            if (self.s1_op.q.val() == self.op_arm.val()) & self.qram.valid.val() {
                if self.seen_m.val() != self.slot.val() {
                    // An item the consumer has not seen is in: notify once its TAIL is posted
                    // (a publish-only entry of the card's tail, behind every write before it).
                    self.arm_notify.next = true;
                } else {
                    self.qram.write.next = true;
                    self.qram.w_armed.next = true;
                }
            }
            // EXPORT keeps the epoch and ARMED; unexporting keeps the rest of the state too.
            if self.s1_op.q.val() == self.op_export.val() {
                self.qram.write.next = true;
                self.qram.w_valid.next = self.arg_valid.val();
                self.qram.w_stalled.next = false;
                if self.arg_valid.val() {
                    self.qram.w_k.next = self.arg_k.val();
                    self.qram.w_base.next = self.arg_base.val();
                    self.qram.w_tail.next = self.first_data_index.val();
                    self.qram.w_free.next = self.arg_mask.val() - self.first_data_index.val();
                }
            }
        }
        // QUERY: the state word (flags, tail, free at the QUERY word's bits).
        self.query_flags.narrow.next = self.qram.flags.val();
        self.query_tail.narrow.next = self.qram.tail.val();
        self.query_free.narrow.next = self.qram.free.val();
        if self.s1_op.q.val() == self.op_query.val() {
            self.ev_query.next = true;
            self.ev_data.next = self.zero_word.val();
            if self.s1_in_range.q.val() {
                self.ev_data.next = self.query_flags.wide.val()
                    | (self.query_tail.wide.val() << self.query_tail_lsb.val())
                    | (self.query_free.wide.val() << self.query_free_lsb.val());
            }
        }
        if self.s1_op.q.val() == self.op_clear.val() {
            self.qram.write.next = true;
            self.qram.w_valid.next = false;
            self.qram.w_stalled.next = false;
            self.qram.w_armed.next = false;
            self.qram.w_k.next = self.zero_k.val();
            self.qram.w_epoch.next = self.zero_epoch.val();
            self.qram.w_base.next = self.zero_addr.val();
            self.qram.w_tail.next = self.zero_index.val();
            self.qram.w_free.next = self.zero_index.val();
        }

        // ---------------------------------------------------------------- LD0
        self.any_answered.next = self.park0.answered.val()
            | self.park1.answered.val()
            | self.park2.answered.val()
            | self.park3.answered.val();
        // Room in the write queue for the operation in RD0 and this one (each pushes ≤ 1 entry).
        self.room.next = self.wq.fill.val() < self.wq_limit.val();
        // A free parking slot for this packet even if the RD0 packet takes one now.
        self.park_room.next = (!self.park0.busy.val() & !self.park1.busy.val())
            | (!self.park0.busy.val() & !self.park2.busy.val())
            | (!self.park0.busy.val() & !self.park3.busy.val())
            | (!self.park1.busy.val() & !self.park2.busy.val())
            | (!self.park1.busy.val() & !self.park3.busy.val())
            | (!self.park2.busy.val() & !self.park3.busy.val());
        if self.s1_op.q.val() != self.op_packet.val() {
            self.park_room.next =
                !self.park0.busy.val() | !self.park1.busy.val() | !self.park2.busy.val() | !self.park3.busy.val();
        }
        // A packet of a queue with a parked packet waits (per-queue order).
        self.cam_hit.next = (self.park0.busy.val() & (self.park0.queue.val() == self.rx_queue.val()))
            | (self.park1.busy.val() & (self.park1.queue.val() == self.rx_queue.val()))
            | (self.park2.busy.val() & (self.park2.queue.val() == self.rx_queue.val()))
            | (self.park3.busy.val() & (self.park3.queue.val() == self.rx_queue.val()))
            | (self.parks.val() & (self.s1_queue.q.val() == self.rx_queue.val()));
        self.cmd_ready.next = self.swept.q.val() & self.room.val();
        self.take_reinject.next =
            self.swept.q.val() & self.room.val() & !self.cmd_valid.val() & self.any_answered.val();
        self.rx_ready.next = self.swept.q.val()
            & self.rx_enable.val()
            & self.room.val()
            & !self.cmd_valid.val()
            & !self.any_answered.val()
            & self.park_room.val()
            & !self.cam_hit.val();

        self.ld0_op.next = self.op_none.val();
        self.ld0_queue.next = self.rx_queue.val();
        self.ld0_src.next = self.rx_src.val();
        self.ld0_data.next = self.rx_data.val();
        self.ld0_portal.next = self.rx_portal.val();
        self.ld0_epoch.next = self.rx_epoch.val();
        self.ld0_head.next = self.rx_data.val().get_bits::<INDEX_W>(0);
        self.ld0_dst_ok.next = true;
        self.park0.taken.next = false;
        self.park1.taken.next = false;
        self.park2.taken.next = false;
        self.park3.taken.next = false;
        if !self.swept.q.val() {
            self.ld0_op.next = self.op_clear.val();
            self.ld0_queue.next = self.sweep_ctr.q.val();
            self.sweep_ctr.d.next = self.sweep_ctr.q.val() + self.one_queue.val();
            if self.sweep_ctr.q.val() == self.sweep_last.val() {
                self.swept.d.next = true;
            }
        } else if self.cmd_valid.val() & self.room.val() {
            self.ld0_queue.next = self.cmd_queue.val();
            self.ld0_data.next = self.cmd_arg.val();
            self.ld0_head.next = self.cmd_arg.val().get_bits::<INDEX_W>(0);
            if self.cmd_kind.val() == self.cmd_export.val() {
                self.ld0_op.next = self.op_export.val();
            }
            if self.cmd_kind.val() == self.cmd_head.val() {
                self.ld0_op.next = self.op_head.val();
            }
            if self.cmd_kind.val() == self.cmd_resume.val() {
                self.ld0_op.next = self.op_resume.val();
            }
            if self.cmd_kind.val() == self.cmd_arm.val() {
                self.ld0_op.next = self.op_arm.val();
            }
            if self.cmd_kind.val() == self.cmd_query.val() {
                self.ld0_op.next = self.op_query.val();
            }
        } else if self.take_reinject.val() {
            // The lowest answered slot (the last assignment wins).
            self.ld0_op.next = self.op_reinject.val();
            if self.park3.answered.val() {
                self.ld0_queue.next = self.park3.queue.val();
                self.ld0_src.next = self.park3.src.val();
                self.ld0_portal.next = self.park3.portal.val();
                self.ld0_epoch.next = self.park3.epoch.val();
                self.ld0_data.next = self.park3.data.val();
                self.ld0_head.next = self.park3.head.val();
            }
            if self.park2.answered.val() {
                self.ld0_queue.next = self.park2.queue.val();
                self.ld0_src.next = self.park2.src.val();
                self.ld0_portal.next = self.park2.portal.val();
                self.ld0_epoch.next = self.park2.epoch.val();
                self.ld0_data.next = self.park2.data.val();
                self.ld0_head.next = self.park2.head.val();
            }
            if self.park1.answered.val() {
                self.ld0_queue.next = self.park1.queue.val();
                self.ld0_src.next = self.park1.src.val();
                self.ld0_portal.next = self.park1.portal.val();
                self.ld0_epoch.next = self.park1.epoch.val();
                self.ld0_data.next = self.park1.data.val();
                self.ld0_head.next = self.park1.head.val();
            }
            if self.park0.answered.val() {
                self.ld0_queue.next = self.park0.queue.val();
                self.ld0_src.next = self.park0.src.val();
                self.ld0_portal.next = self.park0.portal.val();
                self.ld0_epoch.next = self.park0.epoch.val();
                self.ld0_data.next = self.park0.data.val();
                self.ld0_head.next = self.park0.head.val();
            }
            self.park0.taken.next = self.park0.answered.val();
            self.park1.taken.next = self.park1.answered.val() & !self.park0.answered.val();
            self.park2.taken.next = self.park2.answered.val() & !self.park0.answered.val() & !self.park1.answered.val();
            self.park3.taken.next = self.park3.answered.val()
                & !self.park0.answered.val()
                & !self.park1.answered.val()
                & !self.park2.answered.val();
        } else if self.rx_valid.val() & self.rx_ready.val() {
            self.ld0_op.next = self.op_packet.val();
            self.ld0_dst_ok.next = self.rx_dst.val() == self.node_id.val();
        }
        self.ld0_addr.wide.next = self.ld0_queue.val();
        self.qram.read_addr.next = self.ld0_addr.narrow.val();
        self.s1_op.d.next = self.ld0_op.val();
        self.s1_queue.d.next = self.ld0_queue.val();
        self.s1_src.d.next = self.ld0_src.val();
        self.s1_data.d.next = self.ld0_data.val();
        self.s1_portal.d.next = self.ld0_portal.val();
        self.s1_epoch.d.next = self.ld0_epoch.val();
        self.s1_head.d.next = self.ld0_head.val();
        self.s1_dst_ok.d.next = self.ld0_dst_ok.val();
        self.s1_in_range.d.next = !(self.ld0_queue.val() & self.queue_high_mask.val()).any();

        // ---------------------------------------------------------------- WR0 / WR1
        // Coalesce the TAIL publication while the next operation is a packet of the same queue
        // (it is in LD0 now, in RD0 next cycle), at most COALESCE_MAX items per publication.
        self.publish.next = true;
        if (self.ld0_op.val() == self.op_packet.val())
            & (self.ld0_queue.val() == self.s1_queue.q.val())
            & (self.run.q.val() != self.run_last.val())
            & !self.qram.armed.val()
        {
            self.publish.next = false;
        }
        self.wq.push.next = false;
        self.wq.p_has_data.next = true;
        self.wq.p_publish.next = self.publish.val();
        self.wq.p_notify.next = self.qram.armed.val();
        self.wq.p_base.next = self.qram.base.val();
        self.wq.p_slot.next = self.slot.val();
        self.wq.p_data.next = self.s1_data.q.val();
        self.wq.p_tail.next = self.next_tail.val();
        if self.success.val() {
            self.wq.push.next = true;
            if self.publish.val() {
                self.run.d.next = self.zero_run.val();
                self.owe.d.next = false;
            } else {
                self.run.d.next = self.run.q.val() + self.one_run.val();
                self.owe.d.next = true;
                self.owe_base.d.next = self.qram.base.val();
                self.owe_tail.d.next = self.next_tail.val();
            }
        } else if self.owe.q.val() {
            // The item that owed its publication got no successor after all: publish it alone.
            self.wq.push.next = true;
            self.wq.p_has_data.next = false;
            self.wq.p_publish.next = true;
            self.wq.p_base.next = self.owe_base.q.val();
            self.wq.p_tail.next = self.owe_tail.q.val();
            self.wq.p_notify.next = false;
            self.run.d.next = self.zero_run.val();
            self.owe.d.next = false;
        } else if self.arm_notify.val() {
            // (`owe` is never set with a command in RD0: it needs a packet behind the item.)
            self.wq.push.next = true;
            self.wq.p_has_data.next = false;
            self.wq.p_publish.next = true;
            self.wq.p_notify.next = true;
            self.wq.p_tail.next = self.slot.val();
        }
        self.ev_notify.next = self.wq.notify.val();
        self.wr_valid.next = self.wq.wr_valid.val();
        self.wq.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.wq.wr_addr.val();
        self.wr_data.next = self.wq.wr_data.val();

        // ---------------------------------------------------------------- RD1 (parking, tagged reads)
        self.park0.alloc.next = self.parks.val() & !self.park0.busy.val();
        self.park1.alloc.next = self.parks.val() & self.park0.busy.val() & !self.park1.busy.val();
        self.park2.alloc.next =
            self.parks.val() & self.park0.busy.val() & self.park1.busy.val() & !self.park2.busy.val();
        self.park3.alloc.next = self.parks.val()
            & self.park0.busy.val()
            & self.park1.busy.val()
            & self.park2.busy.val()
            & !self.park3.busy.val();
        self.park0.a_queue.next = self.s1_queue.q.val();
        self.park1.a_queue.next = self.s1_queue.q.val();
        self.park2.a_queue.next = self.s1_queue.q.val();
        self.park3.a_queue.next = self.s1_queue.q.val();
        self.park0.a_src.next = self.s1_src.q.val();
        self.park0.a_portal.next = self.s1_portal.q.val();
        self.park0.a_epoch.next = self.s1_epoch.q.val();
        self.park1.a_src.next = self.s1_src.q.val();
        self.park1.a_portal.next = self.s1_portal.q.val();
        self.park1.a_epoch.next = self.s1_epoch.q.val();
        self.park2.a_src.next = self.s1_src.q.val();
        self.park2.a_portal.next = self.s1_portal.q.val();
        self.park2.a_epoch.next = self.s1_epoch.q.val();
        self.park3.a_src.next = self.s1_src.q.val();
        self.park3.a_portal.next = self.s1_portal.q.val();
        self.park3.a_epoch.next = self.s1_epoch.q.val();
        self.park0.a_data.next = self.s1_data.q.val();
        self.park1.a_data.next = self.s1_data.q.val();
        self.park2.a_data.next = self.s1_data.q.val();
        self.park3.a_data.next = self.s1_data.q.val();
        self.park0.a_head_addr.next = self.head_addr.val();
        self.park1.a_head_addr.next = self.head_addr.val();
        self.park2.a_head_addr.next = self.head_addr.val();
        self.park3.a_head_addr.next = self.head_addr.val();
        // Read requests: the lowest slot that wants one (the last assignment wins).
        self.rd_valid.next = self.park0.wants_read.val()
            | self.park1.wants_read.val()
            | self.park2.wants_read.val()
            | self.park3.wants_read.val();
        self.rd_addr.next = self.park3.head_addr.val();
        self.rd_tag.next = self.tag3.val();
        if self.park2.wants_read.val() {
            self.rd_addr.next = self.park2.head_addr.val();
            self.rd_tag.next = self.tag2.val();
        }
        if self.park1.wants_read.val() {
            self.rd_addr.next = self.park1.head_addr.val();
            self.rd_tag.next = self.tag1.val();
        }
        if self.park0.wants_read.val() {
            self.rd_addr.next = self.park0.head_addr.val();
            self.rd_tag.next = self.tag0.val();
        }
        self.park0.granted.next = self.rd_ready.val() & (self.rd_tag.val() == self.tag0.val()) & self.rd_valid.val();
        self.park1.granted.next = self.rd_ready.val() & (self.rd_tag.val() == self.tag1.val()) & self.rd_valid.val();
        self.park2.granted.next = self.rd_ready.val() & (self.rd_tag.val() == self.tag2.val()) & self.rd_valid.val();
        self.park3.granted.next = self.rd_ready.val() & (self.rd_tag.val() == self.tag3.val()) & self.rd_valid.val();
        self.park0.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag0.val());
        self.park1.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag1.val());
        self.park2.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag2.val());
        self.park3.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag3.val());
        self.park0.answer_data.next = self.rsp_data.val();
        self.park1.answer_data.next = self.rsp_data.val();
        self.park2.answer_data.next = self.rsp_data.val();
        self.park3.answer_data.next = self.rsp_data.val();

        self.idle.next = self.swept.q.val()
            & (self.s1_op.q.val() == self.op_none.val())
            & self.wq.empty.val()
            & !self.owe.q.val()
            & !self.park0.busy.val()
            & !self.park1.busy.val()
            & !self.park2.busy.val()
            & !self.park3.busy.val();
    }
}
