//! The card's receive engine: the paper's five steps as pipeline stages over queue state held on
//! the card (spec §6a, "The card's receive engine (Table 1 of the card)").
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
//!
//! # Blocks
//! This module is the wiring of the pipeline registers and RD0b's decision; each job is a
//! block of its own (a file under `engine/`, each with its own test under random stalls):
//!
//! | instance | block | stage | job |
//! |---|---|---|---|
//! | `adm` | [`Admission`] | LD0 | the sweep, micro-operation sequences, room counts, priority, the operation's source |
//! | `qram` | [`QueueRam`] | LD0 → RD0f | the state RAM, forwarding the three writes a read misses |
//! | `xdec` | [`ExportDecode`] | RD0a, RD0f | EXPORT's argument: size, mask, range, free count, aligned base |
//! | `rsv_ram` | [`Reserve`] | RD0f | what the reserve decision needs of the RAM's word (registered as `q_*`) |
//! | `fw` | [`Forward`] | RD0f, RD0b | RD0b's own write forwarded (`p_*`, `b_fwd`, `p_eq`), RD0b's state (`s_*`) |
//! | `rsv_fwd` | [`Reserve`] | RD0b | the same of the forwarded word |
//! | `harith` | [`HeadArith`] | RD0b (HeadCalc, HeadFix, HeadMax) | the slots a HEAD index frees |
//! | `parking` | [`Parking`] | RD0b → RD1 → LD0 | parking slots, their order, LD0's pick, HEAD reads, the CAM |
//! | `coal` | [`Coalesce`] | RD0b → WR0/WR1 | the write-queue entry, TAIL publication coalesced |
//! | `wq` | [`WriteQueue`] | WR0, WR1 | posted data and TAIL writes, in order |
//!
//! # Signal legend
//! Prefixes of the registers and wires left here (the blocks' own are documented in them):
//! * `rx_*`, `cmd_*`, `wr_*`, `rd_*`, `rsp_*`, `ev_*`, `idle`: the ports (link RX, driver
//!   commands, posted writes, tagged reads and their answers, events);
//! * `a_*`: the RD0a stage registers (the operation LD0 admitted: `a_op`, its queue and fields;
//!   `a_from_slot`: a parking slot's, whose fields RD0a takes from `parking`);
//! * `f_*`: the RD0f stage registers (the operation, its fields complete; `f_epoch_m1`: its
//!   epoch less one, for the bumped-epoch compare);
//! * `q_*`: RD0f's view of the queue's state (the RAM's word, every write but RD0b's own
//!   forwarded) and `rsv_ram`'s results, registered for RD0b (`q_okx`, `q_ok`, `q_tail_p1`,
//!   `q_wrap`, `q_free_m1`, `q_slot`, `q_head_m`), and `q_ne` (ARM: head ≠ tail);
//! * `b_*`: the RD0b stage registers, and RD0b facts registered in RD0f (`b_go`: an item that
//!   does not follow; `b_reinj_go`, `b_rehead_go`: a leader's decision / refreshed head for
//!   this node; `b_is_packet`); `b_live`: RD0b holds an operation;
//! * `s_*`: RD0b's state of the queue (`fw`'s pick) and its fields (`s_valid`, `s_stalled`,
//!   `s_armed`, `s_k`, `s_epoch`), `s_ok` / `s_okx` (exported, not stalled, its epoch; and a
//!   free slot) as picked from `q_*` or `rsv_fwd`;
//! * `e_*`: the event registers behind `ev_*` (`e_live`: RD0b held an operation, for `idle`);
//! * RD0b's decision wires, unprefixed: `is_item`, `from_slot`, `target_ok`, `success`
//!   (reserve a slot), `park_new`, `follow`, `repark`, `retire` (to `parking`), `stall`,
//!   `arm_notify`, `cam_b` (a packet of this queue is parked), `slot`, `next_tail`, `free_m1`,
//!   `free_m1_nz`, `end_epoch`, `head_addr`;
//! * `query_*`: the QUERY answer's fields widened; `ld0_addr`, `rd0_addr`: the queue number
//!   narrowed to the state RAM's address (LD0's read, RD0b's write);
//! * constants: `op_*` ([`Op`]), `*_pos` / `*_lsb` (state-word bit positions), `one_*`,
//!   `zero_*`, `first_data_index`, `head_word_offset`.

mod admission;
mod coalesce;
mod export;
mod forward;
mod head;
mod parking;
mod reserve;

pub use admission::Admission;
pub use coalesce::Coalesce;
pub use export::ExportDecode;
pub use forward::Forward;
pub use head::HeadArith;
pub use parking::Parking;
pub use reserve::Reserve;

use crate::memport::WriteQueue;
use crate::queue_ram::{QueueRam, FLAGS_W};
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::buffer;
use renq_abi::state::bits as state;
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
    coal: Coalesce,
    xdec: ExportDecode,
    rsv_ram: Reserve,
    rsv_fwd: Reserve,
    harith: HeadArith,
    parking: Parking,
    adm: Admission<QA>,
    fw: Forward,
    ld0_addr: Truncate<QUEUE_W, QA>,
    rd0_addr: Truncate<QUEUE_W, QA>,

    b_live: Signal<Local, bool>,
    // RD0a stage registers.
    /// RD0a holds a link packet (`a_op` = Packet).
    a_is_pkt: DFF<bool>,
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
    /// free − 1, `free ≠ 1` ([`Reserve`] of the RAM's word, `rsv_ram`).
    q_tail_p1: DFF<Bits<INDEX_W>>,
    q_wrap: DFF<bool>,
    q_free_m1: DFF<Bits<INDEX_W>>,
    q_free_m1_nz: DFF<bool>,
    /// The slot (tail & mask); the operation's head masked; head ≠ tail under the mask.
    q_slot: DFF<Bits<INDEX_W>>,
    q_head_m: DFF<Bits<INDEX_W>>,
    q_ne: DFF<bool>,
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
    s_ok: Signal<Local, bool>,
    free_m1: Signal<Local, Bits<INDEX_W>>,
    free_m1_nz: Signal<Local, bool>,
    /// Exported, not stalled, the packet's epoch (`s_ok` without the free count).
    s_okx: Signal<Local, bool>,
    /// RD0b holds a leader's refreshed head whose target is on this node and in range.
    b_rehead_go: DFF<bool>,
    /// RD0b holds a leader's decision (Reinject) whose target is on this node and in range.
    b_reinj_go: DFF<bool>,
    stall: Signal<Local, bool>,
    /// The epoch RD0b writes equals the next operation's (in RD0f): `rsv_fwd`'s comparison,
    /// a cycle early (candidates: the state's epoch, bumped, or 0; per source).
    /// The RD0f operation's epoch less one (registered in RD0a): "the epoch written is the
    /// state's bumped" compares the state's epoch with it, no adder in front.
    f_epoch_m1: DFF<Bits<EPOCH_W>>,
    /// RD0a holds an operation of a parking slot (`a_slot`): its fields are that slot's.
    a_from_slot: DFF<bool>,
    /// RD0b holds an item whose target is valid on this node and that does not follow.
    b_go: DFF<bool>,
    b_is_packet: DFF<bool>,
    cam_b: Signal<Local, bool>,
    slot: Signal<Local, Bits<INDEX_W>>,
    next_tail: Signal<Local, Bits<INDEX_W>>,
    success: Signal<Local, bool>,
    park_new: Signal<Local, bool>,
    follow: Signal<Local, bool>,
    repark: Signal<Local, bool>,
    retire: Signal<Local, bool>,
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
    op_rehead: Constant<Bits<OP_W>>,
    op_replay: Constant<Bits<OP_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    zero_index: Constant<Bits<INDEX_W>>,
    zero_k: Constant<Bits<LOG2_W>>,
    one_epoch: Constant<Bits<EPOCH_W>>,
    zero_epoch: Constant<Bits<EPOCH_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    // State-word bits (renq_abi::state::bits):
    // bit positions as constants, so the Verilog names them.
    /// The EXPORT word's base field (renq_abi::csr::bits).
    export_base_lsb: Constant<Bits<WORD_POS_W>>,
    head_word_offset: Constant<Bits<ADDR_W>>,
    zero_addr: Constant<Bits<ADDR_W>>,
    valid_pos: Constant<Bits<4>>,
    stalled_pos: Constant<Bits<4>>,
    armed_pos: Constant<Bits<4>>,
    k_pos: Constant<Bits<4>>,
    epoch_pos: Constant<Bits<4>>,
    query_tail_lsb: Constant<Bits<WORD_POS_W>>,
    query_free_lsb: Constant<Bits<WORD_POS_W>>,
}

impl<const QA: usize> Default for Engine<QA> {
    fn default() -> Self {
        assert!(QA >= 1 && QA <= QUEUE_W, "queue RAM address bits must be 1..={QUEUE_W}");
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
            coal: Default::default(),
            xdec: Default::default(),
            rsv_ram: Default::default(),
            rsv_fwd: Default::default(),
            harith: Default::default(),
            parking: Default::default(),
            adm: Default::default(),
            fw: Default::default(),
            ld0_addr: Default::default(),
            rd0_addr: Default::default(),
            b_live: Default::default(),
            a_is_pkt: Default::default(),
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
            s_ok: Default::default(),
            free_m1: Default::default(),
            free_m1_nz: Default::default(),
            s_okx: Default::default(),
            b_rehead_go: Default::default(),
            b_reinj_go: Default::default(),
            stall: Default::default(),
            f_epoch_m1: Default::default(),
            a_from_slot: Default::default(),
            b_go: Default::default(),
            b_is_packet: Default::default(),
            cam_b: Default::default(),
            slot: Default::default(),
            next_tail: Default::default(),
            success: Default::default(),
            park_new: Default::default(),
            follow: Default::default(),
            repark: Default::default(),
            retire: Default::default(),
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
            op_rehead: Op::ReHead.constant(),
            op_replay: Op::Replay.constant(),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            zero_index: Constant::new(0.into()),
            zero_k: Constant::new(0.into()),
            one_epoch: Constant::new(1.into()),
            zero_epoch: Constant::new(0.into()),
            zero_word: Constant::new(0.into()),
            export_base_lsb: Constant::new((renq_abi::csr::bits::EXPORT_BASE_LSB as u64).into()),
            head_word_offset: Constant::new((buffer::HEAD_WORD << renq_abi::WORD_SHIFT).into()),
            zero_addr: Constant::new(0.into()),
            valid_pos: Constant::new((state::VALID as u64).into()),
            stalled_pos: Constant::new((state::STALLED as u64).into()),
            armed_pos: Constant::new((state::ARMED as u64).into()),
            k_pos: Constant::new((state::LOG2_LSB as u64).into()),
            epoch_pos: Constant::new((state::EPOCH_LSB as u64).into()),
            query_tail_lsb: Constant::new((state::TAIL_LSB as u64).into()),
            query_free_lsb: Constant::new((state::FREE_LSB as u64).into()),
        }
    }
}

impl<const QA: usize> Logic for Engine<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
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
            b_go,
            b_is_packet,
            b_rehead_go,
            b_reinj_go,
            a_is_pkt,
            a_from_slot,
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
            f_epoch_m1,
            q_wrap,
            q_free_m1,
            q_free_m1_nz,
            q_slot,
            q_head_m,
            q_ne
        );
        clock!(self, clock, qram, wq, coal, xdec, harith, parking, adm, fw);

        // ---------------------------------------------------------------- RD0b
        // The state of the RD0b operation's queue: RD0f's (`q_*`: the RAM's word with every
        // write before the previous one forwarded), or the previous RD0b write (`p_*`) when
        // that operation was of the same queue.
        self.fw.q_flags.next = self.q_flags.q.val();
        self.fw.q_mask.next = self.q_mask.q.val();
        self.fw.q_base.next = self.q_base.q.val();
        self.fw.q_tail.next = self.q_tail.q.val();
        self.fw.q_free.next = self.q_free.q.val();
        self.fw.q_free_nz.next = self.q_free_nz.q.val();
        self.s_flags.next = self.fw.s_flags.val();
        self.s_mask.next = self.fw.s_mask.val();
        self.s_base.next = self.fw.s_base.val();
        self.s_tail.next = self.fw.s_tail.val();
        self.s_free.next = self.fw.s_free.val();
        self.s_free_nz.next = self.fw.s_free_nz.val();
        self.s_valid.next = self.s_flags.val().get_bit(self.valid_pos.val().index());
        self.s_stalled.next = self.s_flags.val().get_bit(self.stalled_pos.val().index());
        self.s_armed.next = self.s_flags.val().get_bit(self.armed_pos.val().index());
        self.s_k.next = self.s_flags.val().get_bits::<LOG2_W>(self.k_pos.val().index());
        self.s_epoch.next = self.s_flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());

        // Index arithmetic on 16-bit indices. The tail is the card's own (3 ≤ tail ≤ mask by
        // construction); the slot written is masked all the same.
        self.rd0_addr.wide.next = self.b_queue.q.val();
        // What the decision needs of the state ([`Reserve`]), for each state source: RD0f's,
        // registered (`q_*`), and the forwarded write's (`rsv_fwd`, from `p_*`); `b_fwd` picks.
        self.rsv_fwd.flags.next = self.fw.p_flags.val();
        self.rsv_fwd.mask.next = self.fw.p_mask.val();
        self.rsv_fwd.tail.next = self.fw.p_tail.val();
        self.rsv_fwd.free.next = self.fw.p_free.val();
        // (A packet right behind a parking of its queue finds no free slot forwarded.)
        self.rsv_fwd.free_nz.next =
            self.fw.p_free_nz.val() & !(self.b_is_packet.q.val() & self.parking.pk_alloc_o.val());
        self.rsv_fwd.head.next = self.b_head.q.val();
        self.rsv_fwd.epoch_eq.next = self.fw.p_eq.val();
        self.slot.next = self.q_slot.q.val();
        self.next_tail.next = self.q_tail_p1.q.val();
        if self.q_wrap.q.val() {
            self.next_tail.next = self.first_data_index.val();
        }
        self.free_m1.next = self.q_free_m1.q.val();
        self.free_m1_nz.next = self.q_free_m1_nz.q.val();
        self.s_ok.next = self.q_ok.q.val();
        self.s_okx.next = self.q_okx.q.val();
        if self.fw.b_fwd.val() {
            self.slot.next = self.rsv_fwd.slot.val();
            self.next_tail.next = self.rsv_fwd.tail_p1.val();
            if self.rsv_fwd.wrap.val() {
                self.next_tail.next = self.first_data_index.val();
            }
            self.free_m1.next = self.rsv_fwd.free_m1.val();
            self.free_m1_nz.next = self.rsv_fwd.free_m1_nz.val();
            self.s_ok.next = self.rsv_fwd.ok.val();
            self.s_okx.next = self.rsv_fwd.okx.val();
        }
        // The slots a HEAD index frees, over HeadCalc, HeadFix and HeadMax ([`HeadArith`]),
        // per state source, picked by `b_fwd`.
        self.harith.head_ram.next = self.q_head_m.q.val();
        self.harith.slot_ram.next = self.q_slot.q.val();
        self.harith.head_fwd.next = self.rsv_fwd.head_m.val();
        self.harith.slot_fwd.next = self.rsv_fwd.slot.val();
        self.harith.fwd.next = self.fw.b_fwd.val();
        self.harith.mask.next = self.s_mask.val();
        self.harith.free.next = self.fw.p_free.val();
        self.harith.valid.next = self.s_valid.val();
        self.harith.okx.next = self.s_okx.val();
        self.head_addr.next = self.s_base.val() | self.head_word_offset.val();

        self.is_item.next = (self.b_op.q.val() == self.op_packet.val())
            | (self.b_op.q.val() == self.op_reinject.val())
            | (self.b_op.q.val() == self.op_replay.val());
        self.from_slot.next =
            (self.b_op.q.val() == self.op_reinject.val()) | (self.b_op.q.val() == self.op_replay.val());
        self.target_ok.next = self.b_in_range.q.val() & self.b_dst_ok.q.val() & self.s_valid.val();
        // A stall ends (EXPORT or RESUME of a stalled queue) in a new epoch; a stall itself keeps
        // it, so packets a portal sends with the stall's epoch are refused after it too (§7c).
        self.end_epoch.next = self.s_epoch.val();
        if self.s_stalled.val() {
            self.end_epoch.next = self.s_epoch.val() + self.one_epoch.val();
        }
        // A packet of this queue is parked: a link packet admitted before it parked follows it.
        // (Slots and the pending allocation as of RD0f — a slot freed since only makes this a
        // follower that is re-injected at once — plus the previous RD0b operation's parking.)
        self.cam_b.next = self.parking.cam_b.val() | (self.parking.pk_alloc_o.val() & self.fw.b_fwd.val());
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
        self.stall.next = self.b_reinj_go.q.val() & self.rsv_fwd.okx.val() & !self.fw.p_free_nz.val();
        // A leader's refreshed head, if it will be decided (as Model reads HEAD only then).
        // (`h_okx`: HeadMax's `s_okx`, the same queue and packet, flags unchanged since.)
        if self.b_rehead_go.q.val() & self.harith.max_okx.val() {
            if self.harith.bad.val() {
                self.e_bad_header.d.next = true;
            } else {
                self.qram.write.next = true;
                self.qram.w_free.next = self.harith.best.val();
                self.qram.w_free_nz.next = self.harith.best_nz.val();
            }
        }
        if self.b_in_range.q.val() {
            if (self.b_op.q.val() == self.op_head.val()) & self.harith.max_valid.val() {
                if self.harith.bad.val() {
                    self.e_bad_header.d.next = true;
                } else {
                    self.qram.write.next = true;
                    self.qram.w_free.next = self.harith.best.val();
                    self.qram.w_free_nz.next = self.harith.best_nz.val();
                }
            }
            if self.b_op.q.val() == self.op_resume.val() {
                self.qram.write.next = true;
                self.qram.w_stalled.next = false;
                self.qram.w_epoch.next = self.end_epoch.val();
            }
            if (self.b_op.q.val() == self.op_arm.val()) & self.s_valid.val() {
                if self.q_ne.q.val() {
                    // An item the consumer has not seen is in: notify once its TAIL is posted
                    // (a notify-only entry, behind every write before it; it writes nothing).
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
                self.qram.w_valid.next = self.xdec.valid.val();
                self.qram.w_stalled.next = false;
                self.qram.w_epoch.next = self.end_epoch.val();
                if self.xdec.valid.val() {
                    self.qram.w_k.next = self.xdec.k.val();
                    self.qram.w_mask.next = self.xdec.mask.val();
                    self.qram.w_base.next = self.xdec.base.val();
                    self.qram.w_tail.next = self.first_data_index.val();
                    self.qram.w_free.next = self.xdec.free.val();
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
        // The forwarding register ([`Forward`]): what RD0b wrote (or, not writing, the state
        // as read).
        self.fw.w_flags.next = self.qram.w_flags_packed.val();
        self.fw.w_mask.next = self.qram.w_mask.val();
        self.fw.w_base.next = self.qram.w_base.val();
        self.fw.w_tail.next = self.qram.w_tail.val();
        self.fw.w_free.next = self.qram.w_free.val();
        self.fw.w_free_nz.next = self.qram.w_free_nz.val();

        // ---------------------------------------------------------------- WR0 / WR1
        // The entry RD0b makes ([`Coalesce`]: the TAIL publication coalesced while the next
        // operation, in RD0f, is a packet of the same queue) enters the write queue a cycle later.
        self.coal.success.next = self.success.val();
        self.coal.next_same.next =
            (self.f_op.q.val() == self.op_packet.val()) & (self.f_queue.q.val() == self.b_queue.q.val());
        self.coal.armed.next = self.s_armed.val();
        self.coal.arm_notify.next = self.arm_notify.val();
        self.coal.base.next = self.s_base.val();
        self.coal.slot.next = self.slot.val();
        self.coal.data.next = self.b_data.q.val();
        self.coal.tail.next = self.s_tail.val();
        self.coal.next_tail.next = self.next_tail.val();
        self.wq.push.next = self.coal.push.val();
        self.wq.p_has_data.next = self.coal.e_has_data.val();
        self.wq.p_publish.next = self.coal.e_publish.val();
        self.wq.p_notify.next = self.coal.e_notify.val();
        self.wq.p_base.next = self.coal.e_base.val();
        self.wq.p_slot.next = self.coal.e_slot.val();
        self.wq.p_data.next = self.coal.e_data.val();
        self.wq.p_tail.next = self.coal.e_tail.val();
        self.ev_notify.next = self.wq.notify.val();
        self.wr_valid.next = self.wq.wr_valid.val();
        self.wq.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.wq.wr_addr.val();
        self.wr_data.next = self.wq.wr_data.val();

        // ---------------------------------------------------------------- RD1 (parking, tagged reads)
        // RD0b's parking decisions ([`Parking`]: registered, carried out in the next cycle): a
        // new slot (leader or follower, the lowest free one), or the re-injected operation's
        // own slot released when decided, or made a leader again. The slots' HEAD reads.
        self.parking.alloc.next = self.park_new.val() | self.follow.val();
        self.parking.follow.next = self.follow.val();
        self.parking.retire.next = self.retire.val();
        self.parking.repark.next = self.repark.val();
        self.parking.slot.next = self.b_slot.q.val();
        self.parking.queue.next = self.b_queue.q.val();
        self.parking.src.next = self.b_src.q.val();
        self.parking.portal.next = self.b_portal.q.val();
        self.parking.epoch.next = self.b_epoch.q.val();
        self.parking.dst_ok.next = self.b_dst_ok.q.val();
        self.parking.data.next = self.b_data.q.val();
        self.parking.head_addr.next = self.head_addr.val();
        self.rd_valid.next = self.parking.rd_valid.val();
        self.rd_addr.next = self.parking.rd_addr.val();
        self.rd_tag.next = self.parking.rd_tag.val();
        self.parking.rd_ready.next = self.rd_ready.val();
        self.parking.rsp_valid.next = self.rsp_valid.val();
        self.parking.rsp_tag.next = self.rsp_tag.val();
        self.parking.rsp_data.next = self.rsp_data.val();

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
        self.rsv_ram.flags.next = self.qram.flags.val();
        self.rsv_ram.mask.next = self.qram.mask.val();
        self.rsv_ram.tail.next = self.qram.tail.val();
        self.rsv_ram.free.next = self.qram.free.val();
        self.rsv_ram.free_nz.next = self.qram.free_nz.val();
        self.rsv_ram.head.next = self.f_head.q.val();
        self.rsv_ram.epoch_eq.next =
            self.qram.flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index()) == self.f_epoch.q.val();
        self.q_okx.d.next = self.rsv_ram.okx.val();
        self.q_ok.d.next = self.rsv_ram.ok.val();
        self.q_tail_p1.d.next = self.rsv_ram.tail_p1.val();
        self.q_wrap.d.next = self.rsv_ram.wrap.val();
        self.q_free_m1.d.next = self.rsv_ram.free_m1.val();
        self.q_free_m1_nz.d.next = self.rsv_ram.free_m1_nz.val();
        self.q_slot.d.next = self.rsv_ram.slot.val();
        self.q_head_m.d.next = self.rsv_ram.head_m.val();
        // ARM: head ≠ tail under the mask (bitwise differences: no carry chain).
        self.q_ne.d.next = ((self.f_head.q.val() ^ self.qram.tail.val()) & self.qram.mask.val()).any();
        self.b_live.next = self.b_op.q.val() != self.op_none.val();
        self.fw.b_live.next = self.b_live.val();
        self.fw.b_queue.next = self.b_queue.q.val();
        self.fw.f_queue.next = self.f_queue.q.val();
        // An item whose target is on this node and in range, not following a parked packet
        // (as of RD0f; RD0b adds its own previous parking): RD0b's `success` needs only the
        // queue's state then.
        self.b_is_packet.d.next = self.f_is_pkt.q.val();
        self.b_reinj_go.d.next =
            (self.f_op.q.val() == self.op_reinject.val()) & self.f_in_range.q.val() & self.f_dst_ok.q.val();
        self.b_rehead_go.d.next =
            (self.f_op.q.val() == self.op_rehead.val()) & self.f_in_range.q.val() & self.f_dst_ok.q.val();
        self.b_go.d.next = ((self.f_op.q.val() == self.op_packet.val()) & !self.parking.cam_f.val()
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
        // Does the epoch RD0b writes now equal this operation's (for `rsv_fwd` next cycle)? The
        // state's, bumped when a stall ends, 0 for the sweep's clear.
        self.fw.f_epoch.next = self.f_epoch.q.val();
        self.fw.f_epoch_m1.next = self.f_epoch_m1.q.val();
        self.fw.bump.next = self.b_in_range.q.val()
            & ((self.b_op.q.val() == self.op_resume.val()) | (self.b_op.q.val() == self.op_export.val()))
            & self.s_stalled.val();
        self.fw.clear.next = self.b_op.q.val() == self.op_clear.val();

        // ---------------------------------------------------------------- RD0a
        // The state RAM answers (registered in `qram`). A parking slot's operation takes the
        // slot's fields here (stable while it is in flight), not in LD0: `a_slot` is a
        // register, LD0's choice of slot is not.
        self.parking.a_slot.next = self.a_slot.q.val();
        // The parking CAM (slot i holds this operation's queue, as of RD0f), compared here.
        self.parking.a_queue.next = self.a_queue.q.val();
        // EXPORT's argument (a command's, not a slot's: `a_data`), decoded over RD0a and RD0f
        // ([`ExportDecode`]) for RD0b.
        self.xdec.a_data.next = self.a_data.q.val();
        self.xdec.f_base.next = self.f_data.q.val().get_bits::<ADDR_W>(self.export_base_lsb.val().index());
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
            self.f_src.d.next = self.parking.s_src.val();
            self.f_data.d.next = self.parking.s_data.val();
            self.f_portal.d.next = self.parking.s_portal.val();
            self.f_epoch.d.next = self.parking.s_epoch.val();
            self.f_epoch_m1.d.next = self.parking.s_epoch.val() - self.one_epoch.val();
            self.f_dst_ok.d.next = self.parking.s_dst_ok.val();
            self.f_head.d.next = self.parking.s_head.val();
        }
        self.f_in_range.d.next = self.a_in_range.q.val();
        self.f_slot.d.next = self.a_slot.q.val();
        self.f_is_pkt.d.next = self.a_is_pkt.q.val();

        // ---------------------------------------------------------------- LD0
        // The admission ([`Admission`]): one operation per cycle, the state RAM read for its
        // queue; every admission rule reads registers only.
        self.adm.rx_valid.next = self.rx_valid.val();
        self.adm.rx_enable.next = self.rx_enable.val();
        self.adm.rx_src.next = self.rx_src.val();
        self.adm.rx_dst.next = self.rx_dst.val();
        self.adm.rx_queue.next = self.rx_queue.val();
        self.adm.rx_data.next = self.rx_data.val();
        self.adm.rx_epoch.next = self.rx_epoch.val();
        self.adm.rx_portal.next = self.rx_portal.val();
        self.adm.node_id.next = self.node_id.val();
        self.rx_ready.next = self.adm.rx_ready.val();
        self.adm.cmd_valid.next = self.cmd_valid.val();
        self.adm.cmd_kind.next = self.cmd_kind.val();
        self.adm.cmd_queue.next = self.cmd_queue.val();
        self.adm.cmd_arg.next = self.cmd_arg.val();
        self.cmd_ready.next = self.adm.cmd_ready.val();
        self.adm.wq_fill.next = self.wq.fill.val();
        self.adm.a_busy.next = self.a_op.q.val() != self.op_none.val();
        self.adm.a_is_pkt.next = self.a_is_pkt.q.val();
        self.adm.f_is_pkt.next = self.f_is_pkt.q.val();
        self.adm.any_elig.next = self.parking.any_elig.val();
        self.adm.pick.next = self.parking.pick.val();
        self.adm.pick_queue.next = self.parking.pick_queue.val();
        self.adm.pick_follower.next = self.parking.pick_follower.val();
        self.adm.nfree.next = self.parking.nfree.val();
        self.adm.pk_alloc.next = self.parking.pk_alloc_o.val();
        self.parking.take.next = self.adm.take.val();
        self.ld0_addr.wide.next = self.adm.queue.val();
        self.qram.read_addr.next = self.ld0_addr.narrow.val();
        self.a_op.d.next = self.adm.op.val();
        self.a_queue.d.next = self.adm.queue.val();
        self.a_src.d.next = self.adm.src.val();
        self.a_data.d.next = self.adm.data.val();
        self.a_portal.d.next = self.adm.portal.val();
        self.a_epoch.d.next = self.adm.epoch.val();
        self.a_head.d.next = self.adm.head.val();
        self.a_dst_ok.d.next = self.adm.dst_ok.val();
        self.a_in_range.d.next = self.adm.in_range.val();
        self.a_slot.d.next = self.adm.slot.val();
        self.a_is_pkt.d.next = self.adm.is_pkt.val();
        self.a_from_slot.d.next = self.adm.from_slot.val();

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
        self.idle.next = self.adm.swept_o.val()
            & !self.e_live.q.val()
            & self.adm.seq_idle.val()
            & (self.a_op.q.val() == self.op_none.val())
            & (self.f_op.q.val() == self.op_none.val())
            & (self.b_op.q.val() == self.op_none.val())
            & self.wq.empty.val()
            & !self.coal.owe.val()
            & !self.coal.push.val()
            & self.parking.empty.val();
    }
}

#[cfg(test)]
mod tests;
