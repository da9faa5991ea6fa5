//! The v2 receive engine: the paper's five steps as pipeline stages over queue state held on the
//! card (spec "The card engine (Table 1, v2)").
//!
//! * **LD0** (admission): picks one operation per cycle — the start-up sweep that clears the
//!   state RAM, else the next micro-operation of a sequence it is issuing, else a driver command,
//!   else a parked packet that is ready (oldest first per queue), else a packet from the link —
//!   and issues the state RAM read for its queue. Every admission rule reads registers only, and
//!   none is about the queue state (every write a read misses is forwarded): a link packet is
//!   taken while the write queue and the parking slots have room for everything in flight and
//!   no packet of its queue is parked.
//! * **RD0a**: the block RAM answers; its output is registered as it is (the RAM's clock-to-out
//!   is the slowest thing on ECP5). A parking slot's operation takes the slot's fields; EXPORT's
//!   argument is decoded (size, masks, range) and the parking CAM compared for RD0f.
//! * **RD0f** (forwarding): the queue's state as the state RAM shows it — its word, or the
//!   newest of the three writes the read missed ([`QueueRam`]) — and what RD0b's decision needs
//!   of it (the epoch comparison, tail + 1 and the wrap, free − 1, the slot and the masked head,
//!   head ≠ tail for ARM), registered. EXPORT's free count and aligned base are finished here.
//! * **RD0b**: the queue's state (RD0f's, or the previous RD0b write when that was of the same
//!   queue): validates the packet (node, queue in range, exported; else dropped and counted
//!   before any memory access), refuses it (stalled, or its epoch is not the queue's), takes the
//!   tail *from the card*, reserves the slot (tail ← next(tail), free ← free − 1) and writes the
//!   state back — or parks the packet (no free slot: its HEAD read is RD1; or a packet of its
//!   queue is parked already: it follows that one, reading nothing).
//! * **WR0**: the item's posted data write to `base | tail << 3` (the write queue's first half).
//! * **RD1**: the HEAD read, only when the free count has run out: a tagged read issued by the
//!   parking slot; the answer re-injects the packet as five micro-operations of its queue (the
//!   slots free by that head, from the state, over two: the difference, then the wrap
//!   correction; their max with the free count; free ← that; the decision) —
//!   still full: the queue stalls, raises overflow and the packet is refused.
//! * **WR1**: the posted TAIL publication after the data write (the write queue's second half),
//!   coalesced over back-to-back items of one queue, at most `COALESCE_MAX` per publication.
//!
//! Every index is masked with the queue's `2^k − 1` (kept in the state word) and the base is
//! aligned when the queue is exported, so slot addresses are `base | index << 3` (an OR) inside
//! the exported buffer, whatever the consumer writes into HEAD; the engine never writes HEAD
//! (nor LINK).

use crate::memport::{WriteQueue, WQ_DEPTH, WQ_PTR_W};
use crate::park::ParkSlot;
use crate::queue_ram::{QueueRam, FLAGS_W};
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::state::bits as state;
use renq_abi::{self as abi, buffer, paper::regs::bits};
use rust_hdl::prelude::*;

/// Operations in the pipeline (`OP_W` bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Op {
    None = 0,
    /// A packet from the link.
    Packet = 1,
    /// A parked leader's decision (fifth micro-operation of its re-injection).
    Reinject = 2,
    Export = 3,
    /// The HEAD command's last micro-operation: free ← max(free, slots free by the head).
    Head = 4,
    Resume = 5,
    /// Start-up sweep: the queue's state ← 0 (not exported).
    Clear = 6,
    Arm = 7,
    Query = 8,
    /// First micro-operation of the HEAD command and of a leader's re-injection: the head less
    /// the slot less one, from the state, and whether the head is past the slot (registered for
    /// HeadFix).
    HeadCalc = 9,
    /// A leader's fourth micro-operation: free ← max(free, slots free by its head).
    ReHead = 10,
    /// A re-injected follower: decided like a packet (no free slot: parks again, as a leader,
    /// in its slot).
    Replay = 11,
    /// Third micro-operation of both: max(free, slots free by the head), registered for the
    /// next one (which only writes it).
    HeadMax = 12,
    /// Second micro-operation of both: the wrap correction of HeadCalc's difference (from
    /// registers; the state is not used), so no cycle holds two 16-bit carry chains in a row.
    HeadFix = 13,
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
    pub rx_src: Signal<In, Bits<NODE_W>>,
    pub rx_dst: Signal<In, Bits<NODE_W>>,
    pub rx_queue: Signal<In, Bits<QUEUE_W>>,
    pub rx_data: Signal<In, Bits<WORD_W>>,
    /// The epoch the sender's portal last learned (spec §7c): a packet whose epoch is not its
    /// queue's is refused.
    pub rx_epoch: Signal<In, Bits<EPOCH_W>>,
    /// The sender's portal: carried to `ev_portal`, so the outcome can be addressed.
    pub rx_portal: Signal<In, Bits<PORTAL_W>>,
    pub node_id: Signal<In, Bits<NODE_W>>,
    pub rx_enable: Signal<In, bool>,
    // Command port (driver): EXPORT / HEAD doorbell / RESUME / ARM / QUERY, renq_abi::CMD_*.
    pub cmd_valid: Signal<In, bool>,
    pub cmd_ready: Signal<Out, bool>,
    pub cmd_kind: Signal<In, Bits<CMD_KIND_W>>,
    pub cmd_queue: Signal<In, Bits<QUEUE_W>>,
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
    /// (`renq_abi::state::QueueState` without READY; 0 for a queue beyond this build).
    pub ev_query: Signal<Out, bool>,
    pub ev_queue: Signal<Out, Bits<QUEUE_W>>,
    pub ev_src: Signal<Out, Bits<NODE_W>>,
    /// The packet's portal (with `ev_enqueued`, `ev_rejected`, `ev_refused`).
    pub ev_portal: Signal<Out, Bits<PORTAL_W>>,
    /// The queue's epoch now, after this operation (a stall keeps it, its end bumps it); 0 with
    /// `ev_rejected`.
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
    ld0_addr: Truncate<QUEUE_W, QA>,
    rd0_addr: Truncate<QUEUE_W, QA>,

    // Start-up sweep.
    swept: DFF<bool>,
    sweep_ctr: DFF<Bits<QUEUE_W>>,
    // A sequence of micro-operations LD0 is issuing: phase (0 none), for the HEAD command or
    // for a parking slot's re-injection.
    seq_phase: DFF<Bits<3>>,
    /// A sequence is under way (`seq_phase ≠ 0`, kept as a flip-flop of its own: no compare
    /// in front of every admission check).
    seq_on: DFF<bool>,
    seq_cmd: DFF<bool>,
    seq_slot: DFF<Bits<2>>,
    /// The queue of `seq_slot` (registered: the state RAM's read address needs no slot mux).
    seq_queue_r: DFF<Bits<QUEUE_W>>,
    /// Slots i and j hold packets of the same queue (kept as slots are allocated, so the
    /// eligibility needs no queue comparison).
    same01: DFF<bool>,
    same02: DFF<bool>,
    same03: DFF<bool>,
    same12: DFF<bool>,
    same13: DFF<bool>,
    same23: DFF<bool>,
    // Parking-slot order: older_i bit j = slot j was parked before slot i.
    older0: DFF<Bits<4>>,
    older1: DFF<Bits<4>>,
    older2: DFF<Bits<4>>,
    older3: DFF<Bits<4>>,
    busy_vec: Signal<Local, Bits<4>>,
    alloc_vec: Signal<Local, Bits<4>>,
    same0: Signal<Local, Bits<4>>,
    same1: Signal<Local, Bits<4>>,
    same2: Signal<Local, Bits<4>>,
    same3: Signal<Local, Bits<4>>,
    elig0: Signal<Local, bool>,
    elig1: Signal<Local, bool>,
    elig2: Signal<Local, bool>,
    elig3: Signal<Local, bool>,
    any_elig: Signal<Local, bool>,
    eligm0: Signal<Local, bool>,
    eligm1: Signal<Local, bool>,
    eligm2: Signal<Local, bool>,
    eligm3: Signal<Local, bool>,
    any_elig_r: DFF<bool>,
    pick_r: DFF<Bits<2>>,
    rd_queue: Signal<Local, Bits<QUEUE_W>>,
    pick: Signal<Local, Bits<2>>,
    sel: Signal<Local, Bits<2>>,
    sel_queue: Signal<Local, Bits<QUEUE_W>>,
    // LD0 choice.
    ld0_op: Signal<Local, Bits<OP_W>>,
    ld0_src: Signal<Local, Bits<NODE_W>>,
    ld0_data: Signal<Local, Bits<WORD_W>>,
    ld0_portal: Signal<Local, Bits<PORTAL_W>>,
    ld0_epoch: Signal<Local, Bits<EPOCH_W>>,
    ld0_head: Signal<Local, Bits<INDEX_W>>,
    ld0_dst_ok: Signal<Local, bool>,
    seq_idle: Signal<Local, bool>,
    b_live: Signal<Local, bool>,
    /// An ARM command waits while RD0a holds an operation: it then never follows one directly,
    /// so RD0b decides it on RD0f's state alone (no forwarded head/tail compare in RD0b's
    /// write path). Commands go before re-injections and link packets, so it waits one cycle.
    arm_wait: Signal<Local, bool>,
    /// LD0 re-injected a slot in the previous cycle: the registered pick may still name it.
    took_r: DFF<bool>,
    room: Signal<Local, bool>,
    nfree: Signal<Local, Bits<3>>,
    need: Signal<Local, Bits<3>>,
    park_room: Signal<Local, bool>,
    /// RD0a holds a link packet (`a_op` = Packet).
    a_is_pkt: DFF<bool>,
    /// Parking room next cycle with 0, 1, 2 of (a packet admitted now, `pk_alloc` then).
    room_p0: DFF<bool>,
    room_p1: DFF<bool>,
    room_p2: DFF<bool>,
    /// RD0f: the operation's queue (as of RD0a) is slot i's as of RD0f (a slot allocated
    /// in between compared with its new queue), and is the parking on its way then (`pk_*`).
    f_cam0: DFF<bool>,
    f_cam1: DFF<bool>,
    f_cam2: DFF<bool>,
    f_cam3: DFF<bool>,
    f_cam_pk: DFF<bool>,
    a_pk_eq: Signal<Local, bool>,
    cmd_start: Signal<Local, bool>,
    reinj_start: Signal<Local, bool>,
    // RD0a stage registers.
    a_op: DFF<Bits<OP_W>>,
    a_queue: DFF<Bits<QUEUE_W>>,
    a_src: DFF<Bits<NODE_W>>,
    a_data: DFF<Bits<WORD_W>>,
    a_portal: DFF<Bits<PORTAL_W>>,
    a_epoch: DFF<Bits<EPOCH_W>>,
    a_head: DFF<Bits<INDEX_W>>,
    a_dst_ok: DFF<bool>,
    a_in_range: DFF<bool>,
    a_slot: DFF<Bits<2>>,
    // RD0f stage registers (the operation, its fields complete).
    f_op: DFF<Bits<OP_W>>,
    f_queue: DFF<Bits<QUEUE_W>>,
    f_src: DFF<Bits<NODE_W>>,
    f_data: DFF<Bits<WORD_W>>,
    f_portal: DFF<Bits<PORTAL_W>>,
    f_epoch: DFF<Bits<EPOCH_W>>,
    f_head: DFF<Bits<INDEX_W>>,
    f_dst_ok: DFF<bool>,
    f_in_range: DFF<bool>,
    f_slot: DFF<Bits<2>>,
    f_is_pkt: DFF<bool>,
    // RD0f: the queue's state (the RAM's, with every write but RD0b's own forwarded) and what
    // RD0b derives from it, registered for RD0b (`q_*`).
    q_flags: DFF<Bits<FLAGS_W>>,
    q_mask: DFF<Bits<INDEX_W>>,
    q_base: DFF<Bits<ADDR_W>>,
    q_tail: DFF<Bits<INDEX_W>>,
    q_free: DFF<Bits<INDEX_W>>,
    q_free_nz: DFF<bool>,
    /// Exported, not stalled, the operation's epoch; and a free slot too.
    q_okx: DFF<bool>,
    q_ok: DFF<bool>,
    /// tail + 1 and whether the tail is the last slot (next(tail) is one of them: RD0b picks);
    /// free − 1, `free ≠ 1`.
    q_tail_p1: DFF<Bits<INDEX_W>>,
    q_wrap: DFF<bool>,
    q_free_m1: DFF<Bits<INDEX_W>>,
    q_free_m1_nz: DFF<bool>,
    /// The slot (tail & mask); the operation's head masked; head ≠ tail under the mask.
    q_slot: DFF<Bits<INDEX_W>>,
    q_head_m: DFF<Bits<INDEX_W>>,
    q_ne: DFF<bool>,
    f_head_m: Signal<Local, Bits<INDEX_W>>,
    f_slot_idx: Signal<Local, Bits<INDEX_W>>,
    // EXPORT's argument (a v1 EXPORT word) decoded over RD0a (size, masks, valid and in
    // range; `f_arg_*`) and RD0f (free count, aligned base).
    f_arg_k: DFF<Bits<LOG2_W>>,
    f_arg_mask: DFF<Bits<INDEX_W>>,
    /// The address bits below the buffer's alignment.
    f_arg_low: DFF<Bits<ADDR_W>>,
    f_arg_ok: DFF<bool>,
    arg_k: Signal<Local, Bits<LOG2_W>>,
    arg_mask: Signal<Local, Bits<INDEX_W>>,
    arg_mask_wide: Signal<Local, Bits<ADDR_W>>,
    // RD0b stage registers.
    b_op: DFF<Bits<OP_W>>,
    b_queue: DFF<Bits<QUEUE_W>>,
    b_src: DFF<Bits<NODE_W>>,
    b_data: DFF<Bits<WORD_W>>,
    b_portal: DFF<Bits<PORTAL_W>>,
    b_epoch: DFF<Bits<EPOCH_W>>,
    b_head: DFF<Bits<INDEX_W>>,
    b_dst_ok: DFF<bool>,
    b_in_range: DFF<bool>,
    b_slot: DFF<Bits<2>>,
    /// The previous RD0b operation was of this queue: its write (`p_*`) is the state.
    b_fwd: DFF<bool>,
    b_arg_valid: DFF<bool>,
    b_arg_k: DFF<Bits<LOG2_W>>,
    b_arg_mask: DFF<Bits<INDEX_W>>,
    b_arg_free: DFF<Bits<INDEX_W>>,
    b_arg_base: DFF<Bits<ADDR_W>>,
    // The state RD0b wrote (or would have) in the previous cycle.
    p_flags: DFF<Bits<FLAGS_W>>,
    p_mask: DFF<Bits<INDEX_W>>,
    p_base: DFF<Bits<ADDR_W>>,
    p_tail: DFF<Bits<INDEX_W>>,
    p_free: DFF<Bits<INDEX_W>>,
    p_free_nz: DFF<bool>,
    // Slots free by a HEAD index, over two micro-operations: HeadCalc registers the masked
    // head less the slot less one (`h_d`), whether the head is past the slot (`h_gt`) and the
    // mask; HeadFix subtracts the header when the ring wraps (`h_fh`) for HeadMax.
    h_d: DFF<Bits<INDEX_W>>,
    h_gt: DFF<bool>,
    h_mask: DFF<Bits<INDEX_W>>,
    h_fh: DFF<Bits<INDEX_W>>,
    h_bad: DFF<bool>,
    /// HeadMax's view of the queue, for the micro-operation after it (Head, ReHead: the state's
    /// flags do not change in between): exported (`h_valid`); exported, not stalled, the
    /// packet's epoch (`h_okx`). Registered so their writes do not wait for the epoch compare.
    h_valid: DFF<bool>,
    h_okx: DFF<bool>,
    // RD0b's parking decisions, carried out in the next cycle.
    pk_alloc: DFF<bool>,
    pk_follow: DFF<bool>,
    pk_retire: DFF<bool>,
    pk_repark: DFF<bool>,
    pk_slot: DFF<Bits<2>>,
    pk_queue: DFF<Bits<QUEUE_W>>,
    pk_src: DFF<Bits<NODE_W>>,
    pk_portal: DFF<Bits<PORTAL_W>>,
    pk_epoch: DFF<Bits<EPOCH_W>>,
    pk_dst_ok: DFF<bool>,
    pk_data: DFF<Bits<WORD_W>>,
    pk_head_addr: DFF<Bits<ADDR_W>>,
    // Event outputs, registered.
    e_live: DFF<bool>,
    e_enqueued: DFF<bool>,
    e_rejected: DFF<bool>,
    e_refused: DFF<bool>,
    e_overflow: DFF<bool>,
    e_bad_header: DFF<bool>,
    e_query: DFF<bool>,
    e_queue: DFF<Bits<QUEUE_W>>,
    e_src: DFF<Bits<NODE_W>>,
    e_portal: DFF<Bits<PORTAL_W>>,
    e_epoch: DFF<Bits<EPOCH_W>>,
    e_data: DFF<Bits<WORD_W>>,
    pick_queue_r: DFF<Bits<QUEUE_W>>,
    pick_follower_r: DFF<bool>,
    h_best: DFF<Bits<INDEX_W>>,
    h_best_nz: DFF<bool>,
    b_pre_cam: DFF<bool>,
    // Tail coalescing: items since the last publication, and a publication owed.
    run: DFF<Bits<RUN_W>>,
    owe: DFF<bool>,
    room_r: DFF<bool>,
    // The write-queue entry RD0b made, on its way into the write queue.
    w_push: DFF<bool>,
    w_has_data: DFF<bool>,
    w_publish: DFF<bool>,
    w_notify: DFF<bool>,
    w_base: DFF<Bits<ADDR_W>>,
    w_slot: DFF<Bits<INDEX_W>>,
    w_data: DFF<Bits<WORD_W>>,
    w_tail: DFF<Bits<INDEX_W>>,
    // RD0b: the state, and what is done with it.
    s_flags: Signal<Local, Bits<FLAGS_W>>,
    s_mask: Signal<Local, Bits<INDEX_W>>,
    s_base: Signal<Local, Bits<ADDR_W>>,
    s_tail: Signal<Local, Bits<INDEX_W>>,
    s_free: Signal<Local, Bits<INDEX_W>>,
    s_free_nz: Signal<Local, bool>,
    s_valid: Signal<Local, bool>,
    s_stalled: Signal<Local, bool>,
    s_armed: Signal<Local, bool>,
    s_k: Signal<Local, Bits<LOG2_W>>,
    s_epoch: Signal<Local, Bits<EPOCH_W>>,
    is_item: Signal<Local, bool>,
    from_slot: Signal<Local, bool>,
    target_ok: Signal<Local, bool>,
    /// The epoch after a command that ends a stall (EXPORT, RESUME): bumped only if stalled.
    end_epoch: Signal<Local, Bits<EPOCH_W>>,
    // The reserve decision's inputs for each state source (the RAM's word, the forwarded
    // write), computed from registers before `b_fwd` picks one: the epoch comparison, the next
    // tail, the decremented free count (timing: `b_fwd` is the last mux, not the first).
    ram_epoch: Signal<Local, Bits<EPOCH_W>>,
    fwd_epoch: Signal<Local, Bits<EPOCH_W>>,
    ok_ram: Signal<Local, bool>,
    ok_fwd: Signal<Local, bool>,
    s_ok: Signal<Local, bool>,
    nt_ram: Signal<Local, Bits<INDEX_W>>,
    nt_fwd: Signal<Local, Bits<INDEX_W>>,
    fm1_ram: Signal<Local, Bits<INDEX_W>>,
    fm1_fwd: Signal<Local, Bits<INDEX_W>>,
    nz1_ram: Signal<Local, bool>,
    nz1_fwd: Signal<Local, bool>,
    free_m1: Signal<Local, Bits<INDEX_W>>,
    free_m1_nz: Signal<Local, bool>,
    /// Exported, not stalled, the packet's epoch (`ok_*` without the free count).
    okx_ram: Signal<Local, bool>,
    okx_fwd: Signal<Local, bool>,
    s_okx: Signal<Local, bool>,
    // The HEAD arithmetic per source.
    slot_ram: Signal<Local, Bits<INDEX_W>>,
    slot_fwd: Signal<Local, Bits<INDEX_W>>,
    hm_ram: Signal<Local, Bits<INDEX_W>>,
    hm_fwd: Signal<Local, Bits<INDEX_W>>,
    hd_ram: Signal<Local, Bits<INDEX_W>>,
    hd_fwd: Signal<Local, Bits<INDEX_W>>,
    gt_ram: Signal<Local, bool>,
    gt_fwd: Signal<Local, bool>,
    /// ARM: the head differs from the tail under the mask (RD0f's state: an ARM never follows
    /// an operation directly, see `arm_wait`).
    ne_ram: Signal<Local, bool>,
    /// RD0b holds a leader's refreshed head whose target is on this node and in range.
    b_rehead_go: DFF<bool>,
    /// RD0b holds a leader's decision (Reinject) whose target is on this node and in range.
    b_reinj_go: DFF<bool>,
    stall: Signal<Local, bool>,
    /// The epoch RD0b writes equals the next operation's (in RD0f): `ok_fwd`'s comparison,
    /// a cycle early (candidates: the state's epoch, bumped, or 0; per source).
    p_eq: DFF<bool>,
    eq_ram0: Signal<Local, bool>,
    eq_fwd0: Signal<Local, bool>,
    eq_ram1: Signal<Local, bool>,
    eq_fwd1: Signal<Local, bool>,
    eq_zero: Signal<Local, bool>,
    /// The RD0f operation's epoch less one (registered in RD0a): "the epoch written is the
    /// state's bumped" compares the state's epoch with it, no adder in front.
    f_epoch_m1: DFF<Bits<EPOCH_W>>,
    /// RD0a holds an operation of a parking slot (`a_slot`): its fields are that slot's.
    a_from_slot: DFF<bool>,
    slot_src: Signal<Local, Bits<NODE_W>>,
    slot_portal: Signal<Local, Bits<PORTAL_W>>,
    slot_epoch: Signal<Local, Bits<EPOCH_W>>,
    slot_dst_ok: Signal<Local, bool>,
    slot_data: Signal<Local, Bits<WORD_W>>,
    slot_head: Signal<Local, Bits<INDEX_W>>,
    /// RD0b holds an item whose target is valid on this node and that does not follow.
    b_go: DFF<bool>,
    b_is_packet: DFF<bool>,
    cam_b: Signal<Local, bool>,
    slot: Signal<Local, Bits<INDEX_W>>,
    next_tail: Signal<Local, Bits<INDEX_W>>,
    head_m: Signal<Local, Bits<INDEX_W>>,
    best_free: Signal<Local, Bits<INDEX_W>>,
    success: Signal<Local, bool>,
    park_new: Signal<Local, bool>,
    follow: Signal<Local, bool>,
    repark: Signal<Local, bool>,
    retire: Signal<Local, bool>,
    publish: Signal<Local, bool>,
    arm_notify: Signal<Local, bool>,
    head_addr: Signal<Local, Bits<ADDR_W>>,
    query_flags: ZeroExtend<FLAGS_W, WORD_W>,
    query_tail: ZeroExtend<INDEX_W, WORD_W>,
    query_free: ZeroExtend<INDEX_W, WORD_W>,

    // Constants (every number from renq_abi).
    op_none: Constant<Bits<OP_W>>,
    op_packet: Constant<Bits<OP_W>>,
    op_reinject: Constant<Bits<OP_W>>,
    op_export: Constant<Bits<OP_W>>,
    op_head: Constant<Bits<OP_W>>,
    op_resume: Constant<Bits<OP_W>>,
    op_clear: Constant<Bits<OP_W>>,
    op_arm: Constant<Bits<OP_W>>,
    op_query: Constant<Bits<OP_W>>,
    op_head_calc: Constant<Bits<OP_W>>,
    op_rehead: Constant<Bits<OP_W>>,
    op_replay: Constant<Bits<OP_W>>,
    op_head_max: Constant<Bits<OP_W>>,
    op_head_fix: Constant<Bits<OP_W>>,
    cmd_export: Constant<Bits<CMD_KIND_W>>,
    cmd_head: Constant<Bits<CMD_KIND_W>>,
    cmd_resume: Constant<Bits<CMD_KIND_W>>,
    cmd_arm: Constant<Bits<CMD_KIND_W>>,
    cmd_query: Constant<Bits<CMD_KIND_W>>,
    one_index: Constant<Bits<INDEX_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    header_words: Constant<Bits<INDEX_W>>,
    zero_index: Constant<Bits<INDEX_W>>,
    queue_high_mask: Constant<Bits<QUEUE_W>>,
    sweep_last: Constant<Bits<QUEUE_W>>,
    one_queue: Constant<Bits<QUEUE_W>>,
    run_last: Constant<Bits<RUN_W>>,
    one_run: Constant<Bits<RUN_W>>,
    zero_run: Constant<Bits<RUN_W>>,
    wq_limit: Constant<Bits<WQ_PTR_W>>,
    k_min: Constant<Bits<LOG2_W>>,
    k_max: Constant<Bits<LOG2_W>>,
    zero_k: Constant<Bits<LOG2_W>>,
    one_epoch: Constant<Bits<EPOCH_W>>,
    zero_epoch: Constant<Bits<EPOCH_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    one_addr: Constant<Bits<ADDR_W>>,
    zero_phase: Constant<Bits<3>>,
    phase_fix: Constant<Bits<3>>,
    phase_max: Constant<Bits<3>>,
    phase_cmp: Constant<Bits<3>>,
    phase_decide: Constant<Bits<3>>,
    one3: Constant<Bits<3>>,
    zero3: Constant<Bits<3>>,
    zero4: Constant<Bits<4>>,
    bit0: Constant<Bits<4>>,
    bit1: Constant<Bits<4>>,
    bit2: Constant<Bits<4>>,
    bit3: Constant<Bits<4>>,
    // EXPORT word fields (renq_abi::csr::bits) and state-word bits (renq_abi::state::bits):
    // bit positions as constants, so the Verilog names them.
    export_log2_lsb: Constant<Bits<WORD_POS_W>>,
    export_valid_bit: Constant<Bits<WORD_POS_W>>,
    export_base_lsb: Constant<Bits<WORD_POS_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    word_offset_mask: Constant<Bits<ADDR_W>>,
    head_word_offset: Constant<Bits<ADDR_W>>,
    zero_addr: Constant<Bits<ADDR_W>>,
    valid_pos: Constant<Bits<4>>,
    stalled_pos: Constant<Bits<4>>,
    armed_pos: Constant<Bits<4>>,
    k_pos: Constant<Bits<4>>,
    epoch_pos: Constant<Bits<4>>,
    query_tail_lsb: Constant<Bits<WORD_POS_W>>,
    query_free_lsb: Constant<Bits<WORD_POS_W>>,
    tag0: Constant<Bits<TAG_W>>,
    tag1: Constant<Bits<TAG_W>>,
    tag2: Constant<Bits<TAG_W>>,
    tag3: Constant<Bits<TAG_W>>,
    slot0: Constant<Bits<2>>,
    slot1: Constant<Bits<2>>,
    slot2: Constant<Bits<2>>,
    slot3: Constant<Bits<2>>,
}

impl<const QA: usize> Default for Engine<QA> {
    fn default() -> Self {
        assert!(QA >= 1 && QA <= QUEUE_W, "queue RAM address bits must be 1..={QUEUE_W}");
        let queues = 1u64 << QA;
        let queue_mask = (1u64 << QUEUE_W) - 1;
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
            seq_phase: Default::default(),
            seq_on: Default::default(),
            seq_cmd: Default::default(),
            seq_slot: Default::default(),
            older0: Default::default(),
            older1: Default::default(),
            older2: Default::default(),
            older3: Default::default(),
            busy_vec: Default::default(),
            alloc_vec: Default::default(),
            same0: Default::default(),
            same1: Default::default(),
            same2: Default::default(),
            same3: Default::default(),
            elig0: Default::default(),
            elig1: Default::default(),
            elig2: Default::default(),
            elig3: Default::default(),
            any_elig: Default::default(),
            eligm0: Default::default(),
            eligm1: Default::default(),
            eligm2: Default::default(),
            eligm3: Default::default(),
            any_elig_r: Default::default(),
            pick_r: Default::default(),
            rd_queue: Default::default(),
            pick: Default::default(),
            sel: Default::default(),
            sel_queue: Default::default(),
            ld0_op: Default::default(),
            ld0_src: Default::default(),
            ld0_data: Default::default(),
            ld0_portal: Default::default(),
            ld0_epoch: Default::default(),
            ld0_head: Default::default(),
            ld0_dst_ok: Default::default(),
            seq_idle: Default::default(),
            b_live: Default::default(),
            took_r: Default::default(),
            room: Default::default(),
            nfree: Default::default(),
            need: Default::default(),
            park_room: Default::default(),
            a_is_pkt: Default::default(),
            room_p0: Default::default(),
            room_p1: Default::default(),
            room_p2: Default::default(),
            f_cam0: Default::default(),
            f_cam1: Default::default(),
            f_cam2: Default::default(),
            f_cam3: Default::default(),
            f_cam_pk: Default::default(),
            a_pk_eq: Default::default(),
            cmd_start: Default::default(),
            reinj_start: Default::default(),
            a_op: Default::default(),
            a_queue: Default::default(),
            a_src: Default::default(),
            a_data: Default::default(),
            a_portal: Default::default(),
            a_epoch: Default::default(),
            a_head: Default::default(),
            a_dst_ok: Default::default(),
            a_in_range: Default::default(),
            a_slot: Default::default(),
            f_op: Default::default(),
            f_queue: Default::default(),
            f_src: Default::default(),
            f_data: Default::default(),
            f_portal: Default::default(),
            f_epoch: Default::default(),
            f_head: Default::default(),
            f_dst_ok: Default::default(),
            f_in_range: Default::default(),
            f_slot: Default::default(),
            f_is_pkt: Default::default(),
            q_flags: Default::default(),
            q_mask: Default::default(),
            q_base: Default::default(),
            q_tail: Default::default(),
            q_free: Default::default(),
            q_free_nz: Default::default(),
            q_okx: Default::default(),
            q_ok: Default::default(),
            q_tail_p1: Default::default(),
            q_wrap: Default::default(),
            q_free_m1: Default::default(),
            q_free_m1_nz: Default::default(),
            q_slot: Default::default(),
            q_head_m: Default::default(),
            q_ne: Default::default(),
            f_head_m: Default::default(),
            f_slot_idx: Default::default(),
            f_arg_k: Default::default(),
            f_arg_mask: Default::default(),
            f_arg_low: Default::default(),
            f_arg_ok: Default::default(),
            arg_k: Default::default(),
            arg_mask: Default::default(),
            arg_mask_wide: Default::default(),
            b_op: Default::default(),
            b_queue: Default::default(),
            b_src: Default::default(),
            b_data: Default::default(),
            b_portal: Default::default(),
            b_epoch: Default::default(),
            b_head: Default::default(),
            b_dst_ok: Default::default(),
            b_in_range: Default::default(),
            b_slot: Default::default(),
            b_fwd: Default::default(),
            b_arg_valid: Default::default(),
            b_arg_k: Default::default(),
            b_arg_mask: Default::default(),
            b_arg_free: Default::default(),
            b_arg_base: Default::default(),
            p_flags: Default::default(),
            p_mask: Default::default(),
            p_base: Default::default(),
            p_tail: Default::default(),
            p_free: Default::default(),
            p_free_nz: Default::default(),
            h_d: Default::default(),
            h_gt: Default::default(),
            h_mask: Default::default(),
            h_fh: Default::default(),
            h_bad: Default::default(),
            h_valid: Default::default(),
            h_okx: Default::default(),
            pk_alloc: Default::default(),
            pk_follow: Default::default(),
            pk_retire: Default::default(),
            pk_repark: Default::default(),
            pk_slot: Default::default(),
            pk_queue: Default::default(),
            pk_src: Default::default(),
            pk_portal: Default::default(),
            pk_epoch: Default::default(),
            pk_dst_ok: Default::default(),
            pk_data: Default::default(),
            pk_head_addr: Default::default(),
            e_live: Default::default(),
            e_enqueued: Default::default(),
            e_rejected: Default::default(),
            e_refused: Default::default(),
            e_overflow: Default::default(),
            e_bad_header: Default::default(),
            e_query: Default::default(),
            e_queue: Default::default(),
            e_src: Default::default(),
            e_portal: Default::default(),
            e_epoch: Default::default(),
            e_data: Default::default(),
            pick_queue_r: Default::default(),
            pick_follower_r: Default::default(),
            h_best: Default::default(),
            h_best_nz: Default::default(),
            b_pre_cam: Default::default(),
            run: Default::default(),
            owe: Default::default(),
            room_r: Default::default(),
            w_push: Default::default(),
            w_has_data: Default::default(),
            w_publish: Default::default(),
            w_notify: Default::default(),
            w_base: Default::default(),
            w_slot: Default::default(),
            w_data: Default::default(),
            w_tail: Default::default(),
            s_flags: Default::default(),
            s_mask: Default::default(),
            s_base: Default::default(),
            s_tail: Default::default(),
            s_free: Default::default(),
            s_free_nz: Default::default(),
            s_valid: Default::default(),
            s_stalled: Default::default(),
            s_armed: Default::default(),
            s_k: Default::default(),
            s_epoch: Default::default(),
            is_item: Default::default(),
            from_slot: Default::default(),
            target_ok: Default::default(),
            end_epoch: Default::default(),
            ram_epoch: Default::default(),
            fwd_epoch: Default::default(),
            ok_ram: Default::default(),
            ok_fwd: Default::default(),
            s_ok: Default::default(),
            nt_ram: Default::default(),
            nt_fwd: Default::default(),
            fm1_ram: Default::default(),
            fm1_fwd: Default::default(),
            nz1_ram: Default::default(),
            nz1_fwd: Default::default(),
            free_m1: Default::default(),
            free_m1_nz: Default::default(),
            okx_ram: Default::default(),
            okx_fwd: Default::default(),
            s_okx: Default::default(),
            slot_ram: Default::default(),
            slot_fwd: Default::default(),
            hm_ram: Default::default(),
            hm_fwd: Default::default(),
            hd_ram: Default::default(),
            hd_fwd: Default::default(),
            gt_ram: Default::default(),
            gt_fwd: Default::default(),
            ne_ram: Default::default(),
            arm_wait: Default::default(),
            b_rehead_go: Default::default(),
            b_reinj_go: Default::default(),
            stall: Default::default(),
            p_eq: Default::default(),
            eq_ram0: Default::default(),
            eq_fwd0: Default::default(),
            eq_ram1: Default::default(),
            eq_fwd1: Default::default(),
            eq_zero: Default::default(),
            f_epoch_m1: Default::default(),
            a_from_slot: Default::default(),
            slot_src: Default::default(),
            slot_portal: Default::default(),
            slot_epoch: Default::default(),
            slot_dst_ok: Default::default(),
            slot_data: Default::default(),
            slot_head: Default::default(),
            b_go: Default::default(),
            seq_queue_r: Default::default(),
            same01: Default::default(),
            same02: Default::default(),
            same03: Default::default(),
            same12: Default::default(),
            same13: Default::default(),
            same23: Default::default(),
            b_is_packet: Default::default(),
            cam_b: Default::default(),
            slot: Default::default(),
            next_tail: Default::default(),
            head_m: Default::default(),
            best_free: Default::default(),
            success: Default::default(),
            park_new: Default::default(),
            follow: Default::default(),
            repark: Default::default(),
            retire: Default::default(),
            publish: Default::default(),
            arm_notify: Default::default(),
            head_addr: Default::default(),
            query_flags: Default::default(),
            query_tail: Default::default(),
            query_free: Default::default(),
            op_none: Op::None.constant(),
            op_packet: Op::Packet.constant(),
            op_reinject: Op::Reinject.constant(),
            op_export: Op::Export.constant(),
            op_head: Op::Head.constant(),
            op_resume: Op::Resume.constant(),
            op_clear: Op::Clear.constant(),
            op_arm: Op::Arm.constant(),
            op_query: Op::Query.constant(),
            op_head_calc: Op::HeadCalc.constant(),
            op_rehead: Op::ReHead.constant(),
            op_replay: Op::Replay.constant(),
            op_head_max: Op::HeadMax.constant(),
            op_head_fix: Op::HeadFix.constant(),
            cmd_export: Constant::new(abi::CMD_EXPORT.into()),
            cmd_head: Constant::new(abi::CMD_HEAD.into()),
            cmd_resume: Constant::new(abi::CMD_RESUME.into()),
            cmd_arm: Constant::new(abi::CMD_ARM.into()),
            cmd_query: Constant::new(abi::CMD_QUERY.into()),
            one_index: Constant::new(1.into()),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            header_words: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            zero_index: Constant::new(0.into()),
            queue_high_mask: Constant::new((queue_mask & !(queues - 1)).into()),
            sweep_last: Constant::new((queues - 1).into()),
            one_queue: Constant::new(1.into()),
            run_last: Constant::new((abi::COALESCE_MAX - 1).into()),
            one_run: Constant::new(1.into()),
            zero_run: Constant::new(0.into()),
            wq_limit: Constant::new(((WQ_DEPTH - 5) as u64).into()),
            k_min: Constant::new((buffer::MIN_LOG2_WORDS as u64).into()),
            k_max: Constant::new((buffer::MAX_LOG2_WORDS as u64).into()),
            zero_k: Constant::new(0.into()),
            one_epoch: Constant::new(1.into()),
            zero_epoch: Constant::new(0.into()),
            zero_word: Constant::new(0.into()),
            one_addr: Constant::new(1.into()),
            zero_phase: Constant::new(0.into()),
            phase_fix: Constant::new(1.into()),
            phase_max: Constant::new(2.into()),
            phase_cmp: Constant::new(3.into()),
            phase_decide: Constant::new(4.into()),
            one3: Constant::new(1.into()),
            zero3: Constant::new(0.into()),
            zero4: Constant::new(0.into()),
            bit0: Constant::new(1.into()),
            bit1: Constant::new(2.into()),
            bit2: Constant::new(4.into()),
            bit3: Constant::new(8.into()),
            export_log2_lsb: Constant::new((bits::EXPORT_LOG2_LSB as u64).into()),
            export_valid_bit: Constant::new((bits::EXPORT_VALID as u64).into()),
            export_base_lsb: Constant::new((bits::EXPORT_BASE_LSB as u64).into()),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            word_offset_mask: Constant::new(((1u64 << renq_abi::WORD_SHIFT) - 1).into()),
            head_word_offset: Constant::new((buffer::HEAD_WORD << renq_abi::WORD_SHIFT).into()),
            zero_addr: Constant::new(0.into()),
            valid_pos: Constant::new((state::VALID as u64).into()),
            stalled_pos: Constant::new((state::STALLED as u64).into()),
            armed_pos: Constant::new((state::ARMED as u64).into()),
            k_pos: Constant::new((state::LOG2_LSB as u64).into()),
            epoch_pos: Constant::new((state::EPOCH_LSB as u64).into()),
            query_tail_lsb: Constant::new((state::TAIL_LSB as u64).into()),
            query_free_lsb: Constant::new((state::FREE_LSB as u64).into()),
            tag0: Constant::new(0.into()),
            tag1: Constant::new(1.into()),
            tag2: Constant::new(2.into()),
            tag3: Constant::new(3.into()),
            slot0: Constant::new(0.into()),
            slot1: Constant::new(1.into()),
            slot2: Constant::new(2.into()),
            slot3: Constant::new(3.into()),
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
            seq_phase,
            seq_on,
            seq_cmd,
            seq_slot,
            any_elig_r,
            pick_r,
            older0,
            older1,
            older2,
            older3,
            a_op,
            a_queue,
            a_src,
            a_data,
            a_portal,
            a_epoch,
            a_head,
            a_dst_ok,
            a_in_range,
            a_slot,
            b_op,
            b_queue,
            b_src,
            b_data,
            b_portal,
            b_epoch,
            b_head,
            b_dst_ok,
            b_in_range,
            b_slot,
            b_fwd,
            b_go,
            b_is_packet,
            b_rehead_go,
            b_reinj_go,
            a_is_pkt,
            room_p0,
            room_p1,
            room_p2,
            p_eq,
            a_from_slot,
            seq_queue_r,
            same01,
            same02,
            same03,
            same12,
            same13,
            same23,
            b_arg_valid,
            b_arg_k,
            b_arg_mask,
            b_arg_free,
            b_arg_base,
            p_flags,
            p_mask,
            p_base,
            p_tail,
            p_free,
            p_free_nz,
            h_d,
            h_gt,
            h_mask,
            h_fh,
            h_bad,
            h_valid,
            h_okx,
            run,
            owe,
            room_r,
            w_push,
            w_has_data,
            w_publish,
            w_notify,
            w_base,
            w_slot,
            w_data,
            w_tail,
            pk_alloc,
            pk_follow,
            pk_retire,
            pk_repark,
            pk_slot,
            pk_queue,
            pk_src,
            pk_portal,
            pk_epoch,
            pk_dst_ok,
            pk_data,
            pk_head_addr,
            e_live,
            e_enqueued,
            e_rejected,
            e_refused,
            e_overflow,
            e_bad_header,
            e_query,
            e_queue,
            e_src,
            e_portal,
            e_epoch,
            e_data,
            pick_queue_r,
            pick_follower_r,
            h_best,
            h_best_nz,
            b_pre_cam,
            f_cam0,
            f_cam1,
            f_cam2,
            f_cam3,
            f_cam_pk,
            took_r,
            f_op,
            f_queue,
            f_src,
            f_data,
            f_portal,
            f_epoch,
            f_head,
            f_dst_ok,
            f_in_range,
            f_slot,
            f_is_pkt,
            q_flags,
            q_mask,
            q_base,
            q_tail,
            q_free,
            q_free_nz,
            q_okx,
            q_ok,
            q_tail_p1,
            f_arg_k,
            f_arg_mask,
            f_arg_low,
            f_arg_ok,
            f_epoch_m1,
            q_wrap,
            q_free_m1,
            q_free_m1_nz,
            q_slot,
            q_head_m,
            q_ne
        );
        clock!(self, clock, qram, wq, park0, park1, park2, park3);

        // ---------------------------------------------------------------- RD0b
        // The state of the RD0b operation's queue: RD0f's (`q_*`: the RAM's word with every
        // write before the previous one forwarded), or the previous RD0b write (`p_*`) when
        // that operation was of the same queue.
        self.s_flags.next = self.q_flags.q.val();
        self.s_mask.next = self.q_mask.q.val();
        self.s_base.next = self.q_base.q.val();
        self.s_tail.next = self.q_tail.q.val();
        self.s_free.next = self.q_free.q.val();
        self.s_free_nz.next = self.q_free_nz.q.val();
        if self.b_fwd.q.val() {
            self.s_flags.next = self.p_flags.q.val();
            self.s_mask.next = self.p_mask.q.val();
            self.s_base.next = self.p_base.q.val();
            self.s_tail.next = self.p_tail.q.val();
            self.s_free.next = self.p_free.q.val();
            self.s_free_nz.next = self.p_free_nz.q.val();
        }
        self.s_valid.next = self.s_flags.val().get_bit(self.valid_pos.val().index());
        self.s_stalled.next = self.s_flags.val().get_bit(self.stalled_pos.val().index());
        self.s_armed.next = self.s_flags.val().get_bit(self.armed_pos.val().index());
        self.s_k.next = self.s_flags.val().get_bits::<LOG2_W>(self.k_pos.val().index());
        self.s_epoch.next = self.s_flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());

        // Index arithmetic on 16-bit indices. The tail is the card's own (3 ≤ tail ≤ mask by
        // construction); the slot written is masked all the same.
        self.rd0_addr.wide.next = self.b_queue.q.val();
        self.slot_ram.next = self.q_slot.q.val();
        self.slot_fwd.next = self.p_tail.q.val() & self.p_mask.q.val();
        self.slot.next = self.slot_ram.val();
        if self.b_fwd.q.val() {
            self.slot.next = self.slot_fwd.val();
        }
        // next(tail), free − 1 and `free − 1 ≠ 0` for both state sources (RD0f's computed
        // there), then picked.
        self.nt_ram.next = self.q_tail_p1.q.val();
        if self.q_wrap.q.val() {
            self.nt_ram.next = self.first_data_index.val();
        }
        self.nt_fwd.next = self.p_tail.q.val() + self.one_index.val();
        if self.p_tail.q.val() == self.p_mask.q.val() {
            self.nt_fwd.next = self.first_data_index.val();
        }
        self.fm1_ram.next = self.q_free_m1.q.val();
        self.fm1_fwd.next = self.p_free.q.val() - self.one_index.val();
        self.nz1_ram.next = self.q_free_m1_nz.q.val();
        self.nz1_fwd.next = self.p_free.q.val() != self.one_index.val();
        self.next_tail.next = self.nt_ram.val();
        self.free_m1.next = self.fm1_ram.val();
        self.free_m1_nz.next = self.nz1_ram.val();
        if self.b_fwd.q.val() {
            self.next_tail.next = self.nt_fwd.val();
            self.free_m1.next = self.fm1_fwd.val();
            self.free_m1_nz.next = self.nz1_fwd.val();
        }
        // Free slots seen from a HEAD index (the consumer's, read or rung; one slot stays
        // free): (head − slot − 1) mod 2^k, less the 3 header words when the ring wraps between
        // them. HeadCalc registers head + !slot (= head − slot − 1, one carry chain) and whether
        // head > slot (a compare beside it); HeadFix applies the wrap correction and the mask.
        // (Per state source, then picked by `b_fwd`.)
        self.hm_ram.next = self.q_head_m.q.val();
        self.hm_fwd.next = self.b_head.q.val() & self.p_mask.q.val();
        self.hd_ram.next = self.hm_ram.val() + !self.slot_ram.val();
        self.hd_fwd.next = self.hm_fwd.val() + !self.slot_fwd.val();
        self.gt_ram.next = self.hm_ram.val() > self.slot_ram.val();
        self.gt_fwd.next = self.hm_fwd.val() > self.slot_fwd.val();
        // (head ≠ slot under the mask, as bitwise differences: no carry chain.)
        self.ne_ram.next = self.q_ne.q.val();
        self.head_m.next = self.hm_ram.val();
        self.h_d.d.next = self.hd_ram.val();
        self.h_gt.d.next = self.gt_ram.val();
        if self.b_fwd.q.val() {
            self.head_m.next = self.hm_fwd.val();
            self.h_d.d.next = self.hd_fwd.val();
            self.h_gt.d.next = self.gt_fwd.val();
        }
        self.h_mask.d.next = self.s_mask.val();
        // HeadFix (from registers only; every cycle, used by the micro-operation after it).
        self.h_fh.d.next = self.h_d.q.val() & self.h_mask.q.val();
        if !self.h_gt.q.val() {
            self.h_fh.d.next = (self.h_d.q.val() - self.header_words.val()) & self.h_mask.q.val();
        }
        self.h_bad.d.next = self.head_m.val() < self.first_data_index.val();
        // Both the card's count and the head's are lower bounds of the true free space.
        // (HeadMax always follows HeadFix of its queue: its state is the forwarded one.)
        self.best_free.next = self.p_free.q.val();
        if self.h_fh.q.val() > self.p_free.q.val() {
            self.best_free.next = self.h_fh.q.val();
        }
        // Registered for the micro-operation after the next (HeadMax computes it for Head/ReHead).
        self.h_best.d.next = self.best_free.val();
        self.h_best_nz.d.next = self.best_free.val().any();
        self.head_addr.next = self.s_base.val() | self.head_word_offset.val();

        self.is_item.next = (self.b_op.q.val() == self.op_packet.val())
            | (self.b_op.q.val() == self.op_reinject.val())
            | (self.b_op.q.val() == self.op_replay.val());
        self.from_slot.next =
            (self.b_op.q.val() == self.op_reinject.val()) | (self.b_op.q.val() == self.op_replay.val());
        self.target_ok.next = self.b_in_range.q.val() & self.b_dst_ok.q.val() & self.s_valid.val();
        // Per state source: exported, not stalled, the packet's epoch (`b_fwd` picks one below).
        self.ram_epoch.next = self.q_flags.q.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());
        self.fwd_epoch.next = self.p_flags.q.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());
        self.okx_ram.next = self.q_okx.q.val();
        self.okx_fwd.next = self.p_flags.q.val().get_bit(self.valid_pos.val().index())
            & !self.p_flags.q.val().get_bit(self.stalled_pos.val().index())
            & self.p_eq.q.val();
        // For the next operation (in RD0f, its epoch as it enters RD0b): does the epoch written
        // now equal it?
        self.ok_ram.next = self.q_ok.q.val();
        self.ok_fwd.next =
            self.okx_fwd.val() & self.p_free_nz.q.val() & !(self.b_is_packet.q.val() & self.pk_alloc.q.val());
        self.s_ok.next = self.ok_ram.val();
        self.s_okx.next = self.okx_ram.val();
        if self.b_fwd.q.val() {
            self.s_ok.next = self.ok_fwd.val();
            self.s_okx.next = self.okx_fwd.val();
        }
        self.h_valid.d.next = self.s_valid.val();
        self.h_okx.d.next = self.s_okx.val();
        // A stall ends (EXPORT or RESUME of a stalled queue) in a new epoch; a stall itself keeps
        // it, so packets a portal sends with the stall's epoch are refused after it too (§7c).
        self.end_epoch.next = self.s_epoch.val();
        if self.s_stalled.val() {
            self.end_epoch.next = self.s_epoch.val() + self.one_epoch.val();
        }
        // A packet of this queue is parked: a link packet admitted before it parked follows it.
        // (Slots and the pending allocation as of RD0f — a slot freed since only makes this a
        // follower that is re-injected at once — plus the previous RD0b operation's parking.)
        self.cam_b.next = self.b_pre_cam.q.val() | (self.pk_alloc.q.val() & self.b_fwd.q.val());
        // Reserve a slot: the decision below's `success`, computed on its own (the timing loop).
        self.success.next = self.b_go.q.val() & self.s_ok.val();
        self.park_new.next = false;
        self.follow.next = false;
        self.repark.next = false;
        self.retire.next = false;
        self.arm_notify.next = false;
        self.e_enqueued.d.next = false;
        self.e_rejected.d.next = false;
        self.e_refused.d.next = false;
        self.e_overflow.d.next = false;
        self.e_bad_header.d.next = false;
        self.e_query.d.next = false;
        self.e_queue.d.next = self.b_queue.q.val();
        self.e_src.d.next = self.b_src.q.val();
        self.e_portal.d.next = self.b_portal.q.val();
        self.e_epoch.d.next = self.s_epoch.val();
        self.e_data.d.next = self.b_data.q.val();
        // State write-back: by default the state as read.
        self.qram.write.next = false;
        self.qram.write_addr.next = self.rd0_addr.narrow.val();
        self.qram.w_valid.next = self.s_valid.val();
        self.qram.w_stalled.next = self.s_stalled.val();
        self.qram.w_armed.next = self.s_armed.val();
        self.qram.w_k.next = self.s_k.val();
        self.qram.w_epoch.next = self.s_epoch.val();
        self.qram.w_mask.next = self.s_mask.val();
        self.qram.w_base.next = self.s_base.val();
        self.qram.w_tail.next = self.s_tail.val();
        self.qram.w_free.next = self.s_free.val();
        self.qram.w_free_nz.next = self.s_free_nz.val();

        if self.is_item.val() {
            // A link packet of a queue with a parked packet follows it whatever it is (LD0 does
            // not hold it back): its outcome, even a rejection, comes after theirs.
            if (self.b_op.q.val() == self.op_packet.val()) & self.cam_b.val() {
                self.follow.next = true;
            } else if !self.target_ok.val() {
                self.e_rejected.d.next = true;
                self.e_epoch.d.next = self.zero_epoch.val();
                self.retire.next = self.from_slot.val();
            } else if !self.s_okx.val() {
                // Stalled, or not the queue's epoch (it is exported: `target_ok`).
                self.e_refused.d.next = true;
                self.retire.next = self.from_slot.val();
            } else if self.s_free_nz.val() {
                // Reserve slot[tail] (RD0's tail comes from the card, not from host memory):
                // `success`, the state written below.
                self.e_enqueued.d.next = true;
                self.retire.next = self.from_slot.val();
            } else if self.b_op.q.val() == self.op_reinject.val() {
                // The refreshed head shows the queue still full: stall it (the state write is
                // `stall` below).
                self.e_overflow.d.next = true;
                self.e_refused.d.next = true;
                self.retire.next = true;
            } else if self.b_op.q.val() == self.op_packet.val() {
                // Out of free slots: park the packet, its slot reads HEAD (RD1).
                self.park_new.next = true;
            } else {
                // A re-injected follower finds no free slot: a leader now, in its slot.
                self.repark.next = true;
            }
        }
        // The overflow branch above, as the state write sees it, from registers: a re-injected
        // leader always follows its ReHead (same queue, `b_fwd`), so its state is `p_*` and
        // the epoch comparison `p_eq`. The queue stalls, its epoch kept (it moves on when the
        // stall ends): the write is made below, after the other operations'.
        self.stall.next = self.b_reinj_go.q.val() & self.okx_fwd.val() & !self.p_free_nz.q.val();
        // A leader's refreshed head, if it will be decided (as Model reads HEAD only then).
        // (`h_okx`: HeadMax's `s_okx`, the same queue and packet, flags unchanged since.)
        if self.b_rehead_go.q.val() & self.h_okx.q.val() {
            if self.h_bad.q.val() {
                self.e_bad_header.d.next = true;
            } else {
                self.qram.write.next = true;
                self.qram.w_free.next = self.h_best.q.val();
                self.qram.w_free_nz.next = self.h_best_nz.q.val();
            }
        }
        if self.b_in_range.q.val() {
            if (self.b_op.q.val() == self.op_head.val()) & self.h_valid.q.val() {
                if self.h_bad.q.val() {
                    self.e_bad_header.d.next = true;
                } else {
                    self.qram.write.next = true;
                    self.qram.w_free.next = self.h_best.q.val();
                    self.qram.w_free_nz.next = self.h_best_nz.q.val();
                }
            }
            if self.b_op.q.val() == self.op_resume.val() {
                self.qram.write.next = true;
                self.qram.w_stalled.next = false;
                self.qram.w_epoch.next = self.end_epoch.val();
            }
            if (self.b_op.q.val() == self.op_arm.val()) & self.s_valid.val() {
                if self.ne_ram.val() {
                    // An item the consumer has not seen is in: notify once its TAIL is posted
                    // (a publish-only entry of the card's tail, behind every write before it).
                    self.arm_notify.next = true;
                } else {
                    self.qram.write.next = true;
                    self.qram.w_armed.next = true;
                }
            }
            // EXPORT keeps ARMED, and the epoch unless it ends a stall; unexporting keeps the
            // rest of the state too.
            if self.b_op.q.val() == self.op_export.val() {
                self.qram.write.next = true;
                self.qram.w_valid.next = self.b_arg_valid.q.val();
                self.qram.w_stalled.next = false;
                self.qram.w_epoch.next = self.end_epoch.val();
                if self.b_arg_valid.q.val() {
                    self.qram.w_k.next = self.b_arg_k.q.val();
                    self.qram.w_mask.next = self.b_arg_mask.q.val();
                    self.qram.w_base.next = self.b_arg_base.q.val();
                    self.qram.w_tail.next = self.first_data_index.val();
                    self.qram.w_free.next = self.b_arg_free.q.val();
                    self.qram.w_free_nz.next = true; // capacity ≥ 4 (k ≥ 3)
                }
            }
        }
        // QUERY: the state word (flags, tail, free at the QUERY word's bits).
        self.query_flags.narrow.next = self.s_flags.val();
        self.query_tail.narrow.next = self.s_tail.val();
        self.query_free.narrow.next = self.s_free.val();
        if self.b_op.q.val() == self.op_query.val() {
            self.e_query.d.next = true;
            self.e_data.d.next = self.zero_word.val();
            if self.b_in_range.q.val() {
                self.e_data.d.next = self.query_flags.wide.val()
                    | (self.query_tail.wide.val() << self.query_tail_lsb.val())
                    | (self.query_free.wide.val() << self.query_free_lsb.val());
            }
        }
        if self.b_op.q.val() == self.op_clear.val() {
            self.qram.write.next = true;
            self.qram.w_valid.next = false;
            self.qram.w_stalled.next = false;
            self.qram.w_armed.next = false;
            self.qram.w_k.next = self.zero_k.val();
            self.qram.w_epoch.next = self.zero_epoch.val();
            self.qram.w_mask.next = self.zero_index.val();
            self.qram.w_base.next = self.zero_addr.val();
            self.qram.w_tail.next = self.zero_index.val();
            self.qram.w_free.next = self.zero_index.val();
            self.qram.w_free_nz.next = false;
        }
        // (Last but one: its select is the latest but `success`'s.)
        if self.stall.val() {
            self.qram.write.next = true;
            self.qram.w_stalled.next = true;
            self.qram.w_free.next = self.zero_index.val();
            self.qram.w_free_nz.next = false;
        }
        // Reserving a slot (an item; the writes above are other operations'): last, so that
        // `success` is the last mux before the state write and the forwarding register.
        if self.success.val() {
            self.qram.write.next = true;
            self.qram.w_tail.next = self.next_tail.val();
            self.qram.w_free.next = self.free_m1.val();
            self.qram.w_free_nz.next = self.free_m1_nz.val();
            // An armed queue's next item notifies (its entry publishes and carries NOTIFY).
            self.qram.w_armed.next = false;
        }
        // The forwarding register: what RD0b wrote (or, not writing, the state as read).
        self.p_flags.d.next = self.qram.w_flags_packed.val();
        self.p_mask.d.next = self.qram.w_mask.val();
        self.p_base.d.next = self.qram.w_base.val();
        self.p_tail.d.next = self.qram.w_tail.val();
        self.p_free.d.next = self.qram.w_free.val();
        self.p_free_nz.d.next = self.qram.w_free_nz.val();

        // ---------------------------------------------------------------- WR0 / WR1
        // Coalesce the TAIL publication while the next operation (in RD0f) is a packet of the
        // same queue, at most COALESCE_MAX items per publication; an armed queue's item publishes.
        self.publish.next = true;
        if (self.f_op.q.val() == self.op_packet.val())
            & (self.f_queue.q.val() == self.b_queue.q.val())
            & (self.run.q.val() != self.run_last.val())
            & !self.s_armed.val()
        {
            self.publish.next = false;
        }
        self.w_push.d.next = false;
        self.w_has_data.d.next = true;
        self.w_publish.d.next = self.publish.val();
        self.w_notify.d.next = self.s_armed.val();
        self.w_base.d.next = self.s_base.val();
        self.w_slot.d.next = self.slot.val();
        self.w_data.d.next = self.b_data.q.val();
        // (Not publishing an item, the entry publishes the card's tail: `s_tail`, which is the
        // masked slot too, 3 ≤ tail ≤ mask by construction.)
        self.w_tail.d.next = self.s_tail.val();
        if self.success.val() {
            self.w_tail.d.next = self.next_tail.val();
        }
        if self.success.val() {
            self.w_push.d.next = true;
            if self.publish.val() {
                self.run.d.next = self.zero_run.val();
                self.owe.d.next = false;
            } else {
                self.run.d.next = self.run.q.val() + self.one_run.val();
                self.owe.d.next = true;
            }
        } else if self.owe.q.val() {
            // The item that owed its publication got no successor after all: publish it alone.
            self.w_push.d.next = true;
            self.w_has_data.d.next = false;
            self.w_publish.d.next = true;
            self.w_notify.d.next = false;
            // (The operation is of the owing item's queue, right behind it: the base is the
            // same and the card's tail, `w_tail`, is the one owed.)
            self.run.d.next = self.zero_run.val();
            self.owe.d.next = false;
        } else if self.arm_notify.val() {
            // (`owe` is never set with a command in RD0b: it needs a packet behind the item.)
            self.w_push.d.next = true;
            self.w_has_data.d.next = false;
            self.w_publish.d.next = true;
            self.w_notify.d.next = true;
        }
        // The entry enters the write queue a cycle later (registered).
        self.wq.push.next = self.w_push.q.val();
        self.wq.p_has_data.next = self.w_has_data.q.val();
        self.wq.p_publish.next = self.w_publish.q.val();
        self.wq.p_notify.next = self.w_notify.q.val();
        self.wq.p_base.next = self.w_base.q.val();
        self.wq.p_slot.next = self.w_slot.q.val();
        self.wq.p_data.next = self.w_data.q.val();
        self.wq.p_tail.next = self.w_tail.q.val();
        self.ev_notify.next = self.wq.notify.val();
        self.wr_valid.next = self.wq.wr_valid.val();
        self.wq.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.wq.wr_addr.val();
        self.wr_data.next = self.wq.wr_data.val();

        // ---------------------------------------------------------------- RD1 (parking, tagged reads)
        // RD0b's parking decisions are registered (`pk_*`) and carried out in the next cycle:
        // a new slot (leader or follower, the lowest free one), or the re-injected operation's
        // own slot released when decided, or made a leader again.
        self.pk_alloc.d.next = self.park_new.val() | self.follow.val();
        self.pk_follow.d.next = self.follow.val();
        self.pk_retire.d.next = self.retire.val();
        self.pk_repark.d.next = self.repark.val();
        self.pk_slot.d.next = self.b_slot.q.val();
        self.pk_queue.d.next = self.b_queue.q.val();
        self.pk_src.d.next = self.b_src.q.val();
        self.pk_portal.d.next = self.b_portal.q.val();
        self.pk_epoch.d.next = self.b_epoch.q.val();
        self.pk_dst_ok.d.next = self.b_dst_ok.q.val();
        self.pk_data.d.next = self.b_data.q.val();
        self.pk_head_addr.d.next = self.head_addr.val();
        self.park0.alloc.next = self.pk_alloc.q.val() & !self.park0.busy.val();
        self.park1.alloc.next = self.pk_alloc.q.val() & self.park0.busy.val() & !self.park1.busy.val();
        self.park2.alloc.next =
            self.pk_alloc.q.val() & self.park0.busy.val() & self.park1.busy.val() & !self.park2.busy.val();
        self.park3.alloc.next = self.pk_alloc.q.val()
            & self.park0.busy.val()
            & self.park1.busy.val()
            & self.park2.busy.val()
            & !self.park3.busy.val();
        self.park0.follow.next = self.pk_follow.q.val();
        self.park1.follow.next = self.pk_follow.q.val();
        self.park2.follow.next = self.pk_follow.q.val();
        self.park3.follow.next = self.pk_follow.q.val();
        self.park0.a_queue.next = self.pk_queue.q.val();
        self.park1.a_queue.next = self.pk_queue.q.val();
        self.park2.a_queue.next = self.pk_queue.q.val();
        self.park3.a_queue.next = self.pk_queue.q.val();
        self.park0.a_src.next = self.pk_src.q.val();
        self.park1.a_src.next = self.pk_src.q.val();
        self.park2.a_src.next = self.pk_src.q.val();
        self.park3.a_src.next = self.pk_src.q.val();
        self.park0.a_portal.next = self.pk_portal.q.val();
        self.park1.a_portal.next = self.pk_portal.q.val();
        self.park2.a_portal.next = self.pk_portal.q.val();
        self.park3.a_portal.next = self.pk_portal.q.val();
        self.park0.a_epoch.next = self.pk_epoch.q.val();
        self.park0.a_dst_ok.next = self.pk_dst_ok.q.val();
        self.park1.a_epoch.next = self.pk_epoch.q.val();
        self.park1.a_dst_ok.next = self.pk_dst_ok.q.val();
        self.park2.a_epoch.next = self.pk_epoch.q.val();
        self.park2.a_dst_ok.next = self.pk_dst_ok.q.val();
        self.park3.a_epoch.next = self.pk_epoch.q.val();
        self.park3.a_dst_ok.next = self.pk_dst_ok.q.val();
        self.park0.a_data.next = self.pk_data.q.val();
        self.park1.a_data.next = self.pk_data.q.val();
        self.park2.a_data.next = self.pk_data.q.val();
        self.park3.a_data.next = self.pk_data.q.val();
        self.park0.a_head_addr.next = self.pk_head_addr.q.val();
        self.park1.a_head_addr.next = self.pk_head_addr.q.val();
        self.park2.a_head_addr.next = self.pk_head_addr.q.val();
        self.park3.a_head_addr.next = self.pk_head_addr.q.val();
        self.park0.retire.next = self.pk_retire.q.val() & (self.pk_slot.q.val() == self.slot0.val());
        self.park1.retire.next = self.pk_retire.q.val() & (self.pk_slot.q.val() == self.slot1.val());
        self.park2.retire.next = self.pk_retire.q.val() & (self.pk_slot.q.val() == self.slot2.val());
        self.park3.retire.next = self.pk_retire.q.val() & (self.pk_slot.q.val() == self.slot3.val());
        self.park0.repark.next = self.pk_repark.q.val() & (self.pk_slot.q.val() == self.slot0.val());
        self.park1.repark.next = self.pk_repark.q.val() & (self.pk_slot.q.val() == self.slot1.val());
        self.park2.repark.next = self.pk_repark.q.val() & (self.pk_slot.q.val() == self.slot2.val());
        self.park3.repark.next = self.pk_repark.q.val() & (self.pk_slot.q.val() == self.slot3.val());
        // Slot order: a new slot is younger than every busy one; its index is cleared from the
        // others' (it may have been an older slot's index before).
        self.busy_vec.next = self.zero4.val();
        self.alloc_vec.next = self.zero4.val();
        if self.park0.busy.val() {
            self.busy_vec.next = self.busy_vec.val() | self.bit0.val();
        }
        if self.park1.busy.val() {
            self.busy_vec.next = self.busy_vec.val() | self.bit1.val();
        }
        if self.park2.busy.val() {
            self.busy_vec.next = self.busy_vec.val() | self.bit2.val();
        }
        if self.park3.busy.val() {
            self.busy_vec.next = self.busy_vec.val() | self.bit3.val();
        }
        if self.park0.alloc.val() {
            self.alloc_vec.next = self.alloc_vec.val() | self.bit0.val();
        }
        if self.park1.alloc.val() {
            self.alloc_vec.next = self.alloc_vec.val() | self.bit1.val();
        }
        if self.park2.alloc.val() {
            self.alloc_vec.next = self.alloc_vec.val() | self.bit2.val();
        }
        if self.park3.alloc.val() {
            self.alloc_vec.next = self.alloc_vec.val() | self.bit3.val();
        }
        self.older0.d.next = self.older0.q.val() & !self.alloc_vec.val();
        self.older1.d.next = self.older1.q.val() & !self.alloc_vec.val();
        self.older2.d.next = self.older2.q.val() & !self.alloc_vec.val();
        self.older3.d.next = self.older3.q.val() & !self.alloc_vec.val();
        if self.park0.alloc.val() {
            self.older0.d.next = self.busy_vec.val();
        }
        if self.park1.alloc.val() {
            self.older1.d.next = self.busy_vec.val();
        }
        if self.park2.alloc.val() {
            self.older2.d.next = self.busy_vec.val();
        }
        if self.park3.alloc.val() {
            self.older3.d.next = self.busy_vec.val();
        }
        // Slots of the same queue as slot i.
        self.same0.next = self.zero4.val();
        self.same1.next = self.zero4.val();
        self.same2.next = self.zero4.val();
        self.same3.next = self.zero4.val();
        // (A slot's queue changes only when it is allocated: the pairs are updated then.)
        self.same01.d.next = self.same01.q.val();
        self.same02.d.next = self.same02.q.val();
        self.same03.d.next = self.same03.q.val();
        self.same12.d.next = self.same12.q.val();
        self.same13.d.next = self.same13.q.val();
        self.same23.d.next = self.same23.q.val();
        if self.park0.alloc.val() {
            self.same01.d.next = self.pk_queue.q.val() == self.park1.queue.val();
            self.same02.d.next = self.pk_queue.q.val() == self.park2.queue.val();
            self.same03.d.next = self.pk_queue.q.val() == self.park3.queue.val();
        }
        if self.park1.alloc.val() {
            self.same01.d.next = self.pk_queue.q.val() == self.park0.queue.val();
            self.same12.d.next = self.pk_queue.q.val() == self.park2.queue.val();
            self.same13.d.next = self.pk_queue.q.val() == self.park3.queue.val();
        }
        if self.park2.alloc.val() {
            self.same02.d.next = self.pk_queue.q.val() == self.park0.queue.val();
            self.same12.d.next = self.pk_queue.q.val() == self.park1.queue.val();
            self.same23.d.next = self.pk_queue.q.val() == self.park3.queue.val();
        }
        if self.park3.alloc.val() {
            self.same03.d.next = self.pk_queue.q.val() == self.park0.queue.val();
            self.same13.d.next = self.pk_queue.q.val() == self.park1.queue.val();
            self.same23.d.next = self.pk_queue.q.val() == self.park2.queue.val();
        }
        if self.same01.q.val() {
            self.same0.next = self.same0.val() | self.bit1.val();
            self.same1.next = self.same1.val() | self.bit0.val();
        }
        if self.same02.q.val() {
            self.same0.next = self.same0.val() | self.bit2.val();
            self.same2.next = self.same2.val() | self.bit0.val();
        }
        if self.same03.q.val() {
            self.same0.next = self.same0.val() | self.bit3.val();
            self.same3.next = self.same3.val() | self.bit0.val();
        }
        if self.same12.q.val() {
            self.same1.next = self.same1.val() | self.bit2.val();
            self.same2.next = self.same2.val() | self.bit1.val();
        }
        if self.same13.q.val() {
            self.same1.next = self.same1.val() | self.bit3.val();
            self.same3.next = self.same3.val() | self.bit1.val();
        }
        if self.same23.q.val() {
            self.same2.next = self.same2.val() | self.bit3.val();
            self.same3.next = self.same3.val() | self.bit2.val();
        }
        // Ready, and no older packet of its queue parked: may be re-injected.
        self.elig0.next =
            self.park0.ready.val() & !(self.older0.q.val() & self.busy_vec.val() & self.same0.val()).any();
        self.elig1.next =
            self.park1.ready.val() & !(self.older1.q.val() & self.busy_vec.val() & self.same1.val()).any();
        self.elig2.next =
            self.park2.ready.val() & !(self.older2.q.val() & self.busy_vec.val() & self.same2.val()).any();
        self.elig3.next =
            self.park3.ready.val() & !(self.older3.q.val() & self.busy_vec.val() & self.same3.val()).any();
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

        // ---------------------------------------------------------------- RD0f
        // The queue's state as the state RAM shows it (every write up to the one RD0b makes
        // now, forwarded in `qram`), and what RD0b's decision needs of it, computed here and
        // registered: RD0b's decision then starts from registers only (timing: its loop).
        self.q_flags.d.next = self.qram.flags.val();
        self.q_mask.d.next = self.qram.mask.val();
        self.q_base.d.next = self.qram.base.val();
        self.q_tail.d.next = self.qram.tail.val();
        self.q_free.d.next = self.qram.free.val();
        self.q_free_nz.d.next = self.qram.free_nz.val();
        self.q_okx.d.next = self.qram.flags.val().get_bit(self.valid_pos.val().index())
            & !self.qram.flags.val().get_bit(self.stalled_pos.val().index())
            & (self.qram.flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index()) == self.f_epoch.q.val());
        self.q_ok.d.next = self.q_okx.d.val() & self.qram.free_nz.val();
        self.q_tail_p1.d.next = self.qram.tail.val() + self.one_index.val();
        self.q_wrap.d.next = self.qram.tail.val() == self.qram.mask.val();
        self.q_free_m1.d.next = self.qram.free.val() - self.one_index.val();
        self.q_free_m1_nz.d.next = self.qram.free.val() != self.one_index.val();
        self.f_slot_idx.next = self.qram.tail.val() & self.qram.mask.val();
        self.f_head_m.next = self.f_head.q.val() & self.qram.mask.val();
        self.q_slot.d.next = self.f_slot_idx.val();
        self.q_head_m.d.next = self.f_head_m.val();
        self.q_ne.d.next = ((self.f_head.q.val() ^ self.qram.tail.val()) & self.qram.mask.val()).any();
        // EXPORT's argument: a v1 EXPORT word, decoded a stage ahead.
        // (Its size, masks and range check were decoded in RD0a.)
        self.b_arg_k.d.next = self.f_arg_k.q.val();
        self.b_arg_mask.d.next = self.f_arg_mask.q.val();
        self.b_arg_free.d.next = self.f_arg_mask.q.val() - self.first_data_index.val();
        self.b_arg_valid.d.next = self.f_arg_ok.q.val();
        self.b_arg_base.d.next =
            self.f_data.q.val().get_bits::<ADDR_W>(self.export_base_lsb.val().index()) & !self.f_arg_low.q.val();
        self.b_live.next = self.b_op.q.val() != self.op_none.val();
        self.b_fwd.d.next = self.b_live.val() & (self.b_queue.q.val() == self.f_queue.q.val());
        self.b_pre_cam.d.next = (self.park0.busy.val() & self.f_cam0.q.val())
            | (self.park1.busy.val() & self.f_cam1.q.val())
            | (self.park2.busy.val() & self.f_cam2.q.val())
            | (self.park3.busy.val() & self.f_cam3.q.val())
            | (self.pk_alloc.q.val() & self.f_cam_pk.q.val());
        // An item whose target is on this node and in range, not following a parked packet
        // (as of RD0f; RD0b adds its own previous parking): RD0b's `success` needs only the
        // queue's state then.
        self.b_is_packet.d.next = self.f_is_pkt.q.val();
        self.b_reinj_go.d.next =
            (self.f_op.q.val() == self.op_reinject.val()) & self.f_in_range.q.val() & self.f_dst_ok.q.val();
        self.b_rehead_go.d.next =
            (self.f_op.q.val() == self.op_rehead.val()) & self.f_in_range.q.val() & self.f_dst_ok.q.val();
        self.b_go.d.next = ((self.f_op.q.val() == self.op_packet.val()) & !self.b_pre_cam.d.val()
            | (self.f_op.q.val() == self.op_reinject.val())
            | (self.f_op.q.val() == self.op_replay.val()))
            & self.f_in_range.q.val()
            & self.f_dst_ok.q.val();
        self.b_op.d.next = self.f_op.q.val();
        self.b_queue.d.next = self.f_queue.q.val();
        self.b_src.d.next = self.f_src.q.val();
        self.b_data.d.next = self.f_data.q.val();
        self.b_portal.d.next = self.f_portal.q.val();
        self.b_epoch.d.next = self.f_epoch.q.val();
        self.b_head.d.next = self.f_head.q.val();
        self.b_dst_ok.d.next = self.f_dst_ok.q.val();
        self.b_in_range.d.next = self.f_in_range.q.val();
        self.b_slot.d.next = self.f_slot.q.val();
        // Does the epoch RD0b writes now equal this operation's (for `okx_fwd` next cycle)?
        self.eq_ram0.next = self.ram_epoch.val() == self.f_epoch.q.val();
        self.eq_fwd0.next = self.fwd_epoch.val() == self.f_epoch.q.val();
        self.eq_ram1.next = self.ram_epoch.val() == self.f_epoch_m1.q.val();
        self.eq_fwd1.next = self.fwd_epoch.val() == self.f_epoch_m1.q.val();
        self.eq_zero.next = !self.f_epoch.q.val().any();
        self.p_eq.d.next = self.eq_ram0.val();
        if self.b_fwd.q.val() {
            self.p_eq.d.next = self.eq_fwd0.val();
        }
        if self.b_in_range.q.val()
            & ((self.b_op.q.val() == self.op_resume.val()) | (self.b_op.q.val() == self.op_export.val()))
            & self.s_stalled.val()
        {
            self.p_eq.d.next = self.eq_ram1.val();
            if self.b_fwd.q.val() {
                self.p_eq.d.next = self.eq_fwd1.val();
            }
        }
        if self.b_op.q.val() == self.op_clear.val() {
            self.p_eq.d.next = self.eq_zero.val();
        }

        // ---------------------------------------------------------------- RD0a
        // The state RAM answers (registered in `qram`). A parking slot's operation takes the
        // slot's fields here (stable while it is in flight), not in LD0: `a_slot` is a
        // register, LD0's choice of slot is not.
        self.slot_src.next = self.park0.src.val();
        self.slot_portal.next = self.park0.portal.val();
        self.slot_epoch.next = self.park0.epoch.val();
        self.slot_dst_ok.next = self.park0.dst_ok.val();
        self.slot_data.next = self.park0.data.val();
        self.slot_head.next = self.park0.head.val();
        if self.a_slot.q.val() == self.slot1.val() {
            self.slot_src.next = self.park1.src.val();
            self.slot_portal.next = self.park1.portal.val();
            self.slot_epoch.next = self.park1.epoch.val();
            self.slot_dst_ok.next = self.park1.dst_ok.val();
            self.slot_data.next = self.park1.data.val();
            self.slot_head.next = self.park1.head.val();
        }
        if self.a_slot.q.val() == self.slot2.val() {
            self.slot_src.next = self.park2.src.val();
            self.slot_portal.next = self.park2.portal.val();
            self.slot_epoch.next = self.park2.epoch.val();
            self.slot_dst_ok.next = self.park2.dst_ok.val();
            self.slot_data.next = self.park2.data.val();
            self.slot_head.next = self.park2.head.val();
        }
        if self.a_slot.q.val() == self.slot3.val() {
            self.slot_src.next = self.park3.src.val();
            self.slot_portal.next = self.park3.portal.val();
            self.slot_epoch.next = self.park3.epoch.val();
            self.slot_dst_ok.next = self.park3.dst_ok.val();
            self.slot_data.next = self.park3.data.val();
            self.slot_head.next = self.park3.head.val();
        }
        // EXPORT's argument (a command's, not a slot's: `a_data`).
        self.arg_k.next = self.a_data.q.val().get_bits::<LOG2_W>(self.export_log2_lsb.val().index());
        self.arg_mask.next = (self.one_index.val() << self.arg_k.val()) - self.one_index.val();
        self.arg_mask_wide.next = (self.one_addr.val() << self.arg_k.val()) - self.one_addr.val();
        self.f_arg_k.d.next = self.arg_k.val();
        self.f_arg_mask.d.next = self.arg_mask.val();
        self.f_arg_low.d.next = (self.arg_mask_wide.val() << self.word_shift.val()) | self.word_offset_mask.val();
        self.f_arg_ok.d.next = self.a_data.q.val().get_bit(self.export_valid_bit.val().index())
            & (self.arg_k.val() >= self.k_min.val())
            & (self.arg_k.val() <= self.k_max.val());
        // The parking CAM for RD0f, compared here (a slot allocated now holds `pk_queue` then;
        // `pk_queue` then is RD0b's queue now).
        self.a_pk_eq.next = self.pk_queue.q.val() == self.a_queue.q.val();
        self.f_cam0.d.next = self.park0.queue.val() == self.a_queue.q.val();
        if self.park0.alloc.val() {
            self.f_cam0.d.next = self.a_pk_eq.val();
        }
        self.f_cam1.d.next = self.park1.queue.val() == self.a_queue.q.val();
        if self.park1.alloc.val() {
            self.f_cam1.d.next = self.a_pk_eq.val();
        }
        self.f_cam2.d.next = self.park2.queue.val() == self.a_queue.q.val();
        if self.park2.alloc.val() {
            self.f_cam2.d.next = self.a_pk_eq.val();
        }
        self.f_cam3.d.next = self.park3.queue.val() == self.a_queue.q.val();
        if self.park3.alloc.val() {
            self.f_cam3.d.next = self.a_pk_eq.val();
        }
        self.f_cam_pk.d.next = self.b_queue.q.val() == self.a_queue.q.val();
        self.f_op.d.next = self.a_op.q.val();
        self.f_queue.d.next = self.a_queue.q.val();
        self.f_src.d.next = self.a_src.q.val();
        self.f_data.d.next = self.a_data.q.val();
        self.f_portal.d.next = self.a_portal.q.val();
        self.f_epoch.d.next = self.a_epoch.q.val();
        self.f_epoch_m1.d.next = self.a_epoch.q.val() - self.one_epoch.val();
        self.f_head.d.next = self.a_head.q.val();
        self.f_dst_ok.d.next = self.a_dst_ok.q.val();
        if self.a_from_slot.q.val() {
            self.f_src.d.next = self.slot_src.val();
            self.f_data.d.next = self.slot_data.val();
            self.f_portal.d.next = self.slot_portal.val();
            self.f_epoch.d.next = self.slot_epoch.val();
            self.f_epoch_m1.d.next = self.slot_epoch.val() - self.one_epoch.val();
            self.f_dst_ok.d.next = self.slot_dst_ok.val();
            self.f_head.d.next = self.slot_head.val();
        }
        self.f_in_range.d.next = self.a_in_range.q.val();
        self.f_slot.d.next = self.a_slot.q.val();
        self.f_is_pkt.d.next = self.a_is_pkt.q.val();

        // ---------------------------------------------------------------- LD0
        // Every admission rule reads registers only.
        self.seq_idle.next = !self.seq_on.q.val();
        // Room in the write queue for the entry on its way in, the operations in RD0a, RD0f and
        // RD0b and this one (each pushes ≤ 1 entry; a sequence's first two micro-operations none).
        // (Registered: the fill a cycle ago, one entry stricter, as at most one is pushed a cycle.)
        self.room_r.d.next = self.wq.fill.val() < self.wq_limit.val();
        self.room.next = self.room_r.q.val();
        // A free parking slot for this packet even if every packet ahead of it parks: free
        // slots ≥ 1 + the packets in RD0a, RD0f and RD0b + the parking on its way
        // (`pk_alloc`). Counted a cycle ahead (the slots' next `busy`, the packets now in RD0a
        // and RD0f as next cycle's RD0f and RD0b) for each count of the two unknowns, the
        // packet LD0 admits now (`a_is_pkt` next cycle) and `pk_alloc`; picked here by those
        // two registers.
        self.park_room.next = self.room_p0.q.val();
        if self.a_is_pkt.q.val() | self.pk_alloc.q.val() {
            self.park_room.next = self.room_p1.q.val();
        }
        if self.a_is_pkt.q.val() & self.pk_alloc.q.val() {
            self.park_room.next = self.room_p2.q.val();
        }
        self.nfree.next = self.zero3.val();
        if !self.park0.alloc.val() & !(self.park0.busy.val() & !self.park0.retire.val()) {
            self.nfree.next = self.nfree.val() + self.one3.val();
        }
        if !self.park1.alloc.val() & !(self.park1.busy.val() & !self.park1.retire.val()) {
            self.nfree.next = self.nfree.val() + self.one3.val();
        }
        if !self.park2.alloc.val() & !(self.park2.busy.val() & !self.park2.retire.val()) {
            self.nfree.next = self.nfree.val() + self.one3.val();
        }
        if !self.park3.alloc.val() & !(self.park3.busy.val() & !self.park3.retire.val()) {
            self.nfree.next = self.nfree.val() + self.one3.val();
        }
        self.need.next = self.one3.val();
        if self.a_is_pkt.q.val() {
            self.need.next = self.need.val() + self.one3.val();
        }
        if self.f_is_pkt.q.val() {
            self.need.next = self.need.val() + self.one3.val();
        }
        self.room_p0.d.next = self.nfree.val() >= self.need.val();
        self.room_p1.d.next = self.nfree.val() > self.need.val();
        self.room_p2.d.next = self.nfree.val() > self.need.val() + self.one3.val();
        // The slot LD0 would re-inject: the sequence's, else the lowest eligible one (as of the
        // previous cycle).
        self.any_elig.next = self.any_elig_r.q.val();
        self.pick.next = self.pick_r.q.val();
        self.sel.next = self.seq_slot.q.val();
        if self.seq_idle.val() {
            self.sel.next = self.pick.val();
        }
        // (The queue from registers: the picked slot's, or the sequence's.)
        self.sel_queue.next = self.seq_queue_r.q.val();
        if self.seq_idle.val() {
            self.sel_queue.next = self.pick_queue_r.q.val();
        }
        // No admission rule is about the queue state: the state RAM forwards every write an
        // operation's read misses (`qram`, and RD0b the one just ahead). A slot re-injected in
        // the previous cycle may still be the registered pick: not taken twice (`took_r`).
        self.arm_wait.next = (self.cmd_kind.val() == self.cmd_arm.val()) & (self.a_op.q.val() != self.op_none.val());
        self.cmd_start.next =
            self.swept.q.val() & self.seq_idle.val() & self.cmd_valid.val() & self.room.val() & !self.arm_wait.val();
        self.reinj_start.next = self.swept.q.val()
            & self.seq_idle.val()
            & !self.cmd_valid.val()
            & self.any_elig.val()
            & self.room.val()
            & !self.took_r.q.val();
        self.took_r.d.next = self.reinj_start.val();
        self.cmd_ready.next = (self.swept.q.val()
            & self.seq_idle.val()
            & self.room.val()
            & !self.arm_wait.val()
            & (self.cmd_kind.val() != self.cmd_head.val()))
            | ((self.seq_phase.q.val() == self.phase_cmp.val()) & self.seq_cmd.q.val());
        self.rx_ready.next = self.swept.q.val()
            & self.seq_idle.val()
            & self.rx_enable.val()
            & self.room.val()
            & !self.cmd_valid.val()
            & !self.any_elig.val()
            & self.park_room.val();

        self.ld0_op.next = self.op_none.val();
        self.a_is_pkt.d.next = false;
        // (`reinj_start` implies the branches above are not taken: no cmd_valid, no sequence,
        // swept; so the take needs none of their checks.)
        self.park0.taken.next = self.reinj_start.val() & (self.pick.val() == self.slot0.val());
        self.park1.taken.next = self.reinj_start.val() & (self.pick.val() == self.slot1.val());
        self.park2.taken.next = self.reinj_start.val() & (self.pick.val() == self.slot2.val());
        self.park3.taken.next = self.reinj_start.val() & (self.pick.val() == self.slot3.val());
        if !self.swept.q.val() {
            self.ld0_op.next = self.op_clear.val();
            self.sweep_ctr.d.next = self.sweep_ctr.q.val() + self.one_queue.val();
            if self.sweep_ctr.q.val() == self.sweep_last.val() {
                self.swept.d.next = true;
            }
        } else if !self.seq_idle.val() {
            if self.seq_phase.q.val() == self.phase_fix.val() {
                self.ld0_op.next = self.op_head_fix.val();
                self.seq_phase.d.next = self.phase_max.val();
            } else if self.seq_phase.q.val() == self.phase_max.val() {
                self.ld0_op.next = self.op_head_max.val();
                self.seq_phase.d.next = self.phase_cmp.val();
            } else if self.seq_cmd.q.val() {
                // The HEAD command's last micro-operation (the command is taken now).
                self.ld0_op.next = self.op_head.val();
                self.seq_phase.d.next = self.zero_phase.val();
                self.seq_on.d.next = false;
            } else if self.seq_phase.q.val() == self.phase_cmp.val() {
                self.ld0_op.next = self.op_rehead.val();
                self.seq_phase.d.next = self.phase_decide.val();
            } else {
                self.ld0_op.next = self.op_reinject.val();
                self.seq_phase.d.next = self.zero_phase.val();
                self.seq_on.d.next = false;
            }
        } else if self.cmd_start.val() {
            if self.cmd_kind.val() == self.cmd_export.val() {
                self.ld0_op.next = self.op_export.val();
            }
            if self.cmd_kind.val() == self.cmd_head.val() {
                self.ld0_op.next = self.op_head_calc.val();
                self.seq_phase.d.next = self.phase_fix.val();
                self.seq_on.d.next = true;
                self.seq_cmd.d.next = true;
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
        } else if self.reinj_start.val() {
            if self.pick_follower_r.q.val() {
                self.ld0_op.next = self.op_replay.val();
            } else {
                self.ld0_op.next = self.op_head_calc.val();
                self.seq_phase.d.next = self.phase_fix.val();
                self.seq_on.d.next = true;
                self.seq_cmd.d.next = false;
                self.seq_slot.d.next = self.pick.val();
                self.seq_queue_r.d.next = self.pick_queue_r.q.val();
            }
        } else if self.rx_valid.val() & self.rx_ready.val() {
            self.ld0_op.next = self.op_packet.val();
            self.a_is_pkt.d.next = true;
        }
        // The state RAM is read for the operation's source, chosen by validity alone, and the
        // operation's fields are that source's (the admission checks only decide whether the
        // operation goes on or is a bubble).
        self.rd_queue.next = self.rx_queue.val();
        self.a_from_slot.d.next = false;
        self.ld0_src.next = self.rx_src.val();
        self.ld0_data.next = self.rx_data.val();
        self.ld0_portal.next = self.rx_portal.val();
        self.ld0_epoch.next = self.rx_epoch.val();
        self.ld0_head.next = self.rx_data.val().get_bits::<INDEX_W>(0);
        self.ld0_dst_ok.next = self.rx_dst.val() == self.node_id.val();
        if !self.swept.q.val() {
            self.rd_queue.next = self.sweep_ctr.q.val();
        } else if (!self.seq_idle.val() & self.seq_cmd.q.val()) | (self.seq_idle.val() & self.cmd_valid.val()) {
            self.rd_queue.next = self.cmd_queue.val();
            self.ld0_data.next = self.cmd_arg.val();
            self.ld0_head.next = self.cmd_arg.val().get_bits::<INDEX_W>(0);
            self.ld0_dst_ok.next = true;
        } else if !self.seq_idle.val() | self.any_elig.val() {
            // (The slot's other fields are taken in RD0a, by `a_slot`.)
            self.rd_queue.next = self.sel_queue.val();
            self.ld0_dst_ok.next = true;
            self.a_from_slot.d.next = true;
        }
        self.ld0_addr.wide.next = self.rd_queue.val();
        self.qram.read_addr.next = self.ld0_addr.narrow.val();
        self.a_op.d.next = self.ld0_op.val();
        self.a_queue.d.next = self.rd_queue.val();
        self.a_src.d.next = self.ld0_src.val();
        self.a_data.d.next = self.ld0_data.val();
        self.a_portal.d.next = self.ld0_portal.val();
        self.a_epoch.d.next = self.ld0_epoch.val();
        self.a_head.d.next = self.ld0_head.val();
        self.a_dst_ok.d.next = self.ld0_dst_ok.val();
        self.a_in_range.d.next = !(self.rd_queue.val() & self.queue_high_mask.val()).any();
        self.a_slot.d.next = self.sel.val();

        // Registered for LD0. A slot turns ineligible only by being taken; the choice is not
        // masked by this cycle's take (off the take's path): `took_r` keeps that slot from being
        // taken twice.
        self.eligm0.next = self.elig0.val();
        self.eligm1.next = self.elig1.val();
        self.eligm2.next = self.elig2.val();
        self.eligm3.next = self.elig3.val();
        self.any_elig_r.d.next = self.eligm0.val() | self.eligm1.val() | self.eligm2.val() | self.eligm3.val();
        self.pick_r.d.next = self.slot3.val();
        if self.eligm2.val() {
            self.pick_r.d.next = self.slot2.val();
        }
        if self.eligm1.val() {
            self.pick_r.d.next = self.slot1.val();
        }
        if self.eligm0.val() {
            self.pick_r.d.next = self.slot0.val();
        }
        self.pick_follower_r.d.next = self.park3.follower.val();
        if self.eligm2.val() {
            self.pick_follower_r.d.next = self.park2.follower.val();
        }
        if self.eligm1.val() {
            self.pick_follower_r.d.next = self.park1.follower.val();
        }
        if self.eligm0.val() {
            self.pick_follower_r.d.next = self.park0.follower.val();
        }
        self.pick_queue_r.d.next = self.park3.queue.val();
        if self.eligm2.val() {
            self.pick_queue_r.d.next = self.park2.queue.val();
        }
        if self.eligm1.val() {
            self.pick_queue_r.d.next = self.park1.queue.val();
        }
        if self.eligm0.val() {
            self.pick_queue_r.d.next = self.park0.queue.val();
        }

        // Events leave registered (one cycle after the RD0b decision).
        self.ev_enqueued.next = self.e_enqueued.q.val();
        self.ev_rejected.next = self.e_rejected.q.val();
        self.ev_refused.next = self.e_refused.q.val();
        self.ev_overflow.next = self.e_overflow.q.val();
        self.ev_bad_header.next = self.e_bad_header.q.val();
        self.ev_query.next = self.e_query.q.val();
        self.ev_queue.next = self.e_queue.q.val();
        self.ev_src.next = self.e_src.q.val();
        self.ev_portal.next = self.e_portal.q.val();
        self.ev_epoch.next = self.e_epoch.q.val();
        self.ev_data.next = self.e_data.q.val();
        self.e_live.d.next = self.b_live.val();
        self.idle.next = self.swept.q.val()
            & !self.e_live.q.val()
            & self.seq_idle.val()
            & (self.a_op.q.val() == self.op_none.val())
            & (self.f_op.q.val() == self.op_none.val())
            & (self.b_op.q.val() == self.op_none.val())
            & self.wq.empty.val()
            & !self.owe.q.val()
            & !self.w_push.q.val()
            & !self.pk_alloc.q.val()
            & !self.pk_retire.q.val()
            & !self.pk_repark.q.val()
            & !self.park0.busy.val()
            & !self.park1.busy.val()
            & !self.park2.busy.val()
            & !self.park3.busy.val();
    }
}

#[cfg(test)]
mod tests;
