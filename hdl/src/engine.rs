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
//!   queue is parked already: it follows that one, reading nothing; a re-injected follower
//!   behind an older parked packet of its queue waits again in its slot).
//! * **WR0**: the item's posted data write to `base | tail << 3` (the write queue's first half).
//! * **RD1**: the HEAD read, only when the free count has run out: a tagged read issued by the
//!   parking slot; the answer re-injects the packet as five micro-operations of its queue (the
//!   slots free by that head, from the state, over two: the difference, then the wrap
//!   correction; their max with the free count; free ← that; the decision) —
//!   still full: the queue stalls, raises overflow and the packet is refused. Then its followers,
//!   oldest first, each once the older ones are followers in flight ([`Parking`]).
//! * **WR1**: the posted TAIL publication after the data write (the write queue's second half),
//!   coalesced over back-to-back items of one queue, at most `COALESCE_MAX` per publication.
//!
//! Every index is masked with the queue's `2^k − 1` (kept in the state word) and the base is
//! aligned when the queue is exported, so slot addresses are `base | index << 3` (an OR) inside
//! the exported buffer, whatever the consumer writes into HEAD; the engine never writes HEAD,
//! and LINK only when it switches a full buffer into the next (spec §9c: SPARE posts a run of
//! buffers, one waiting behind the run the queue is in, kept in the spare word; the item taking
//! the last free slot moves the queue into the next buffer of its run, or into the waiting run,
//! and its write-queue entry links the full buffer after its TAIL write; HEAD and ARM name
//! their buffer and are checked against the one the card writes).
//!
//! # Blocks
//! This module declares the pipeline's stage registers and `stages.rs` wires them (the engine's
//! `update`); each job is a block of its own
//! (a file under `engine/`, each with its own test under random stalls):
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
//! | `next_buf` | [`NextBuffer`] | RD0b | the buffer after the queue's, for a switch within a run |
//! | `dec` | [`Decide`] | RD0b | the decision: state write-back, parking decisions, events |
//! | `parking` | [`Parking`] | RD0b → RD1 → LD0 | parking slots, their order, LD0's pick, HEAD reads, the CAM |
//! | `coal` | [`Coalesce`] | RD0b → WR0/WR1 | the write-queue entry, TAIL publication coalesced |
//! | `wq` | [`WriteQueue`] | WR0, WR1 | posted data and TAIL writes, in order |
//!
//! # Signal legend
//! The registers and wires left here (the blocks' own are documented in them):
//! * `rx_*`, `cmd_*`, `wr_*`, `rd_*`, `rsp_*`, `ev_*`, `idle`: the ports (link RX, driver
//!   commands, posted writes, tagged reads and their answers, events);
//! * `a`, `f`, `b`: the stage registers of RD0a, RD0f and RD0b, each an operation's fields
//!   ([`OpFields`]: the operation LD0 admitted, its queue, source, data, portal, epoch, head,
//!   target checks, parking slot); RD0f's are complete (a parking slot's operation takes the
//!   slot's fields in RD0a);
//! * `a_from_slot`: RD0a holds a parking slot's operation; `f_epoch_m1`: RD0f's epoch less one,
//!   for the bumped-epoch compare;
//! * `q_*`: RD0f's view of the queue's state (the RAM's word, every write but RD0b's own
//!   forwarded) and `rsv_ram`'s results, registered for RD0b (`q_okx`, `q_ok`, `q_tail_p1`,
//!   `q_wrap`, `q_free_m1`, `q_slot`, `q_head_m`), and `q_ne` (ARM: head ≠ tail);
//! * `b_*`: RD0b facts registered in RD0f (`b_go`: an item that does not wait behind a parked
//!   packet; `b_reinj_go`, `b_rehead_go`: a leader's decision / refreshed head for this node;
//!   `b_parked_ahead`: the previous RD0b operation left a packet parked that this one waits
//!   behind); `b_live`: RD0b holds an operation; `f_replay`: RD0f holds a re-injected follower;
//! * `s_ok` / `s_okx` (exported, not stalled, its epoch; and a free slot) and, unprefixed,
//!   `slot`, `next_tail`, `free_m1`, `free_m1_nz`: what the decision needs of the state, picked
//!   from `q_*` or `rsv_fwd` by `fw`'s `b_fwd` (RD0b's state itself is `fw`'s `s_*`);
//!   `head_addr`: the queue's HEAD word, for a parking leader's read;
//! * `e_live`: RD0b held an operation a cycle ago (its events, `dec`'s, are leaving), for `idle`;
//! * `ld0_addr`, `rd0_addr`: the queue number narrowed to the state RAM's address (LD0's read,
//!   RD0b's write);
//! * constants: `op_*` ([`Op`]), `epoch_pos`, `export_base_lsb`, `one_epoch`,
//!   `first_data_index`, `head_word_offset`.

mod admission;
mod coalesce;
mod decide;
mod export;
mod forward;
mod head;
mod next_buffer;
mod op;
mod parking;
mod reserve;
mod stages;

pub use admission::Admission;
pub use coalesce::Coalesce;
pub use decide::Decide;
pub use export::ExportDecode;
pub use forward::Forward;
pub use head::HeadArith;
pub use next_buffer::NextBuffer;
pub use op::{Op, OpFields, OP_W};
pub use parking::Parking;
pub use reserve::Reserve;

use crate::memport::WriteQueue;
use crate::queue_ram::{QueueRam, FLAGS_W};
use crate::*;
use renq_abi::buffer;
use renq_abi::state::bits as state;
use rust_hdl::prelude::*;

/// Bits of a buffer's word address (HEAD's and ARM's argument, `renq_abi::head_doorbell_arg`).
const BUFFER_ARG_W: usize = ADDR_W - renq_abi::WORD_SHIFT as usize;

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
    /// The queue moved into its next buffer (spec §9c): counted in CNT_SWITCHES.
    pub ev_switch: Signal<Out, bool>,
    /// With `ev_switch`: the queue entered the first buffer of its posted run, and none waits
    /// now: the driver posts the next run (an OVERFLOW FIFO entry; a switch inside a run needs
    /// nothing from the driver, spec §9c).
    pub ev_entered_run: Signal<Out, bool>,
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
    dec: Decide,
    ld0_addr: Truncate<QUEUE_W, QA>,
    rd0_addr: Truncate<QUEUE_W, QA>,

    b_live: Signal<Local, bool>,
    // The stage registers: the operation in RD0a, RD0f (its fields complete) and RD0b.
    a: DFF<OpFields>,
    f: DFF<OpFields>,
    b: DFF<OpFields>,
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
    /// The queue's spare word (RD0f's view).
    q_spare: DFF<Bits<SPARE_W>>,
    /// The buffer after the queue's (base + 2^k words: the next of its run, spec §9c), for a
    /// switch in RD0b.
    next_buf: NextBuffer,
    /// RD0b's data (HEAD's and ARM's argument), and whether it names the buffer the card
    /// writes; that, registered (for HEAD's last micro-operation: its HeadMax's compare).
    b_arg: Signal<Local, Bits<WORD_W>>,
    b_buf_eq: Signal<Local, bool>,
    buf_eq_r: DFF<bool>,
    /// RD0b held an operation a cycle ago (its events are leaving: not `idle`).
    e_live: DFF<bool>,
    // RD0b: the reserve decision's inputs, picked (`b_fwd`) from `q_*` or `rsv_fwd`.
    s_ok: Signal<Local, bool>,
    free_m1: Signal<Local, Bits<INDEX_W>>,
    free_m1_nz: Signal<Local, bool>,
    /// Exported, not stalled, the packet's epoch (`s_ok` without the free count).
    s_okx: Signal<Local, bool>,
    /// RD0b holds a leader's refreshed head whose target is on this node and in range.
    b_rehead_go: DFF<bool>,
    /// RD0b holds a leader's decision (Reinject) whose target is on this node and in range.
    b_reinj_go: DFF<bool>,
    /// The RD0f operation's epoch less one (registered in RD0a): "the epoch written is the
    /// state's bumped" compares the state's epoch with it, no adder in front.
    f_epoch_m1: DFF<Bits<EPOCH_W>>,
    /// RD0a holds an operation of a parking slot (`a_slot`): its fields are that slot's.
    a_from_slot: DFF<bool>,
    /// RD0f's data (EXPORT's argument).
    f_arg: Signal<Local, Bits<WORD_W>>,
    /// RD0b holds an item whose target is valid on this node and that does not wait.
    b_go: DFF<bool>,
    /// RD0f holds a re-injected follower.
    f_replay: Signal<Local, bool>,
    /// The previous RD0b operation left a packet parked that RD0b's waits behind (registered
    /// from the decision, off the reserve decision's path).
    b_parked_ahead: DFF<bool>,
    slot: Signal<Local, Bits<INDEX_W>>,
    next_tail: Signal<Local, Bits<INDEX_W>>,
    head_addr: Signal<Local, Bits<ADDR_W>>,

    // Constants (every number from renq_abi).
    op_none: Constant<Bits<OP_W>>,
    op_packet: Constant<Bits<OP_W>>,
    op_reinject: Constant<Bits<OP_W>>,
    op_export: Constant<Bits<OP_W>>,
    op_resume: Constant<Bits<OP_W>>,
    op_clear: Constant<Bits<OP_W>>,
    op_rehead: Constant<Bits<OP_W>>,
    op_replay: Constant<Bits<OP_W>>,
    op_head: Constant<Bits<OP_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    one_epoch: Constant<Bits<EPOCH_W>>,
    /// The EXPORT word's base field (renq_abi::csr::bits).
    export_base_lsb: Constant<Bits<WORD_POS_W>>,
    head_word_offset: Constant<Bits<ADDR_W>>,
    /// HEAD's and ARM's argument: the consumer's buffer in words from this bit
    /// (`renq_abi::head_doorbell_arg`).
    buffer_arg_lsb: Constant<Bits<WORD_POS_W>>,
    word_shift: Constant<Bits<WORD_POS_W>>,
    /// The epoch's position in the flags word (renq_abi::state::bits), so the Verilog names it.
    epoch_pos: Constant<Bits<4>>,
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
            ev_switch: Default::default(),
            ev_entered_run: Default::default(),
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
            dec: Default::default(),
            ld0_addr: Default::default(),
            rd0_addr: Default::default(),
            b_live: Default::default(),
            a: Default::default(),
            f: Default::default(),
            b: Default::default(),
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
            q_spare: Default::default(),
            next_buf: Default::default(),
            b_arg: Default::default(),
            b_buf_eq: Default::default(),
            buf_eq_r: Default::default(),
            e_live: Default::default(),
            s_ok: Default::default(),
            free_m1: Default::default(),
            free_m1_nz: Default::default(),
            s_okx: Default::default(),
            b_rehead_go: Default::default(),
            b_reinj_go: Default::default(),
            f_epoch_m1: Default::default(),
            a_from_slot: Default::default(),
            f_arg: Default::default(),
            b_go: Default::default(),
            f_replay: Default::default(),
            b_parked_ahead: Default::default(),
            slot: Default::default(),
            next_tail: Default::default(),
            head_addr: Default::default(),
            op_none: Op::None.constant(),
            op_packet: Op::Packet.constant(),
            op_reinject: Op::Reinject.constant(),
            op_export: Op::Export.constant(),
            op_resume: Op::Resume.constant(),
            op_clear: Op::Clear.constant(),
            op_rehead: Op::ReHead.constant(),
            op_replay: Op::Replay.constant(),
            op_head: Op::Head.constant(),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            one_epoch: Constant::new(1.into()),
            export_base_lsb: Constant::new((renq_abi::csr::bits::EXPORT_BASE_LSB as u64).into()),
            head_word_offset: Constant::new((buffer::HEAD_WORD << renq_abi::WORD_SHIFT).into()),
            buffer_arg_lsb: Constant::new((buffer::INDEX_BITS as u64).into()),
            word_shift: Constant::new((renq_abi::WORD_SHIFT as u64).into()),
            epoch_pos: Constant::new((state::EPOCH_LSB as u64).into()),
        }
    }
}

#[cfg(test)]
mod tests;
