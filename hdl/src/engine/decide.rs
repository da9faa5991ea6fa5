//! RD0b's decision (spec §6a, RD0b): what the engine does with the operation in RD0b and its
//! queue's state. An item (a link packet, a parked leader's decision, a re-injected follower)
//! waits behind a parked packet of its queue (a link packet follows it, a re-injected follower
//! is parked again as it was), is rejected (not for this node, out of range, not
//! exported), refused (stalled, or not the queue's epoch), takes its slot (`success`), stalls
//! the queue (a leader whose refreshed head still shows it full), parks (a new leader) or parks
//! again (a follower finding no free slot: a leader now). A command is carried out: HEAD's and a
//! leader's refreshed free count, RESUME, ARM, EXPORT, SPARE, QUERY and the sweep's CLEAR.
//!
//! Spare buffers (spec §9c): the queue's state carries a spare word (`spare`,
//! `renq_abi::state::rtl_spare`): the buffers left in the run the queue is in (`cur_rest`: they
//! follow the buffer it writes in memory), and one posted run (its first buffer's link word with
//! `renq_abi::state::SPARE_VALID`, and its buffers after the first). An item that
//! takes the last free slot the card counts switches the queue (`switch`) into the next buffer
//! of its run (`base_next`: base + 2^k words), or, at the run's end, into the
//! posted run's first buffer, which becomes the run the queue is in: the state becomes that
//! buffer's (base, `k`, mask, tail 3, free `2^k − 4`) and the item's write-queue entry links the
//! full buffer to it after its TAIL write. SPARE posts a run (refused, counted as a bad header,
//! when malformed, unaligned, past the address space, or a run waits already; VALID 0 takes
//! both runs back) and, finding the queue full, not stalled and nothing of it parked, switches
//! into it at once (`link_only`); EXPORT ends the run the queue is in. HEAD and ARM name the
//! consumer's buffer (`buf_eq`: their argument's buffer is the one the card writes): a HEAD of
//! another buffer is ignored, an ARM of another buffer notifies at once.
//!
//! The results leave as the state write-back (`write`, `w_*`: by default the state as read),
//! the parking decisions, the write-queue entry's inputs (`success`, `arm_notify`) and the
//! events, registered (`ev_*`, a cycle after the decision).
//!
//! What the decision needs of the state comes in ready: [`Reserve`](super::Reserve)'s results
//! as the engine's `b_fwd` picked them (`ok`, `okx`, `next_tail`, `free_m1`, `free_m1_nz`), the
//! forwarded write's own (`fwd_okx`, `fwd_free_nz`) for the stall, and
//! [`HeadArith`](super::HeadArith)'s and [`ExportDecode`](super::ExportDecode)'s results.
//! `success` is computed on its own and is the last mux before the state write (the timing
//! loop, spec §6a Timing); the stall's write is the last but one.

use super::{Op, OP_W};
use crate::queue_ram::FLAGS_W;
use crate::widen::{bits_u128, ZeroExtend};
use crate::*;
use renq_abi::buffer;
use renq_abi::state::bits as state;
use renq_abi::state::rtl_spare;
use rust_hdl::prelude::*;

mod update;

/// Bits of a position in the spare word.
const SPARE_POS_W: usize = index_width(SPARE_W);

#[derive(LogicBlock)]
pub struct Decide {
    pub clock: Signal<In, Clock>,
    // The operation (RD0b's stage registers).
    pub op: Signal<In, Bits<OP_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub src: Signal<In, Bits<NODE_W>>,
    pub portal: Signal<In, Bits<PORTAL_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
    pub in_range: Signal<In, bool>,
    pub dst_ok: Signal<In, bool>,
    /// An item whose target is on this node and in range, not following (as of RD0f).
    pub go: Signal<In, bool>,
    /// A leader's decision (Reinject), its refreshed head (ReHead), for this node and in range.
    pub reinj_go: Signal<In, bool>,
    pub rehead_go: Signal<In, bool>,
    /// A packet of this queue is parked: busy and not a follower in flight (or the previous
    /// operation left one parked).
    pub cam: Signal<In, bool>,
    // The queue's state, as forwarded ([`Forward`](super::Forward)'s `s_*`).
    pub flags: Signal<In, Bits<FLAGS_W>>,
    pub mask: Signal<In, Bits<INDEX_W>>,
    pub base: Signal<In, Bits<ADDR_W>>,
    pub tail: Signal<In, Bits<INDEX_W>>,
    pub free: Signal<In, Bits<INDEX_W>>,
    pub free_nz: Signal<In, bool>,
    // The reserve decision's inputs, as picked.
    pub ok: Signal<In, bool>,
    pub okx: Signal<In, bool>,
    pub next_tail: Signal<In, Bits<INDEX_W>>,
    pub free_m1: Signal<In, Bits<INDEX_W>>,
    pub free_m1_nz: Signal<In, bool>,
    /// The forwarded write's `okx` and `free ≠ 0` (a re-injected leader always follows its
    /// ReHead, so its state is the forwarded one).
    pub fwd_okx: Signal<In, bool>,
    pub fwd_free_nz: Signal<In, bool>,
    /// ARM: head ≠ tail under the mask.
    pub ne: Signal<In, bool>,
    // HeadMax's results ([`HeadArith`](super::HeadArith)).
    pub head_bad: Signal<In, bool>,
    pub head_best: Signal<In, Bits<INDEX_W>>,
    pub head_best_nz: Signal<In, bool>,
    pub head_valid: Signal<In, bool>,
    pub head_okx: Signal<In, bool>,
    // EXPORT's argument decoded ([`ExportDecode`](super::ExportDecode)).
    pub x_valid: Signal<In, bool>,
    pub x_k: Signal<In, Bits<LOG2_W>>,
    pub x_mask: Signal<In, Bits<INDEX_W>>,
    pub x_base: Signal<In, Bits<ADDR_W>>,
    pub x_free: Signal<In, Bits<INDEX_W>>,
    /// SPARE's checks of the same word: VALID alone, the base aligned, the run's buffers after
    /// the first, the run inside the address space.
    pub x_valid_bit: Signal<In, bool>,
    pub x_aligned: Signal<In, bool>,
    pub x_run: Signal<In, Bits<REST_W>>,
    pub x_run_fits: Signal<In, bool>,
    /// The queue's spare word, as forwarded (`s_spare`).
    pub spare: Signal<In, Bits<SPARE_W>>,
    /// The buffer after the one the queue writes (base + 2^k words, from RD0f's registered
    /// state, without RD0b's own forwarding: exact whenever an item switches, as the operation
    /// before it cannot have changed the base — that leaves at least 4 free slots).
    pub base_next: Signal<In, Bits<ADDR_W>>,
    /// HEAD, ARM: the buffer their argument names (bits 63..16, the base in words) is the one
    /// the card writes (as of RD0f).
    pub buf_eq: Signal<In, bool>,

    /// The state's flags: exported, stalled, armed.
    pub valid: Signal<Out, bool>,
    pub stalled: Signal<Out, bool>,
    pub armed: Signal<Out, bool>,
    /// Reserve the slot for the item (its entry goes to the write queue).
    pub success: Signal<Out, bool>,
    /// An ARM found an item the consumer has not seen: notify once its TAIL is posted.
    pub arm_notify: Signal<Out, bool>,
    // To the parking: a new slot (leader, or follower), the re-injected operation's slot
    // released, made a leader again, or parked again as a follower.
    pub park_new: Signal<Out, bool>,
    pub follow: Signal<Out, bool>,
    pub retire: Signal<Out, bool>,
    pub repark: Signal<Out, bool>,
    pub untake: Signal<Out, bool>,
    // The state write-back.
    pub write: Signal<Out, bool>,
    pub w_valid: Signal<Out, bool>,
    pub w_stalled: Signal<Out, bool>,
    pub w_armed: Signal<Out, bool>,
    pub w_k: Signal<Out, Bits<LOG2_W>>,
    pub w_epoch: Signal<Out, Bits<EPOCH_W>>,
    pub w_mask: Signal<Out, Bits<INDEX_W>>,
    pub w_base: Signal<Out, Bits<ADDR_W>>,
    pub w_tail: Signal<Out, Bits<INDEX_W>>,
    pub w_free: Signal<Out, Bits<INDEX_W>>,
    pub w_free_nz: Signal<Out, bool>,
    pub w_spare: Signal<Out, Bits<SPARE_W>>,
    /// The item's queue switches into its spare: its entry links the full buffer.
    pub switch: Signal<Out, bool>,
    /// A SPARE switched the full queue at once: an entry of the LINK write alone.
    pub link_only: Signal<Out, bool>,
    /// The LINK word of either: `link_word(next buffer, k)`.
    pub link_word: Signal<Out, Bits<ADDR_W>>,
    // The events, a cycle after the decision (the engine's `ev_*`).
    pub ev_enqueued: Signal<Out, bool>,
    pub ev_rejected: Signal<Out, bool>,
    pub ev_refused: Signal<Out, bool>,
    pub ev_overflow: Signal<Out, bool>,
    pub ev_bad_header: Signal<Out, bool>,
    pub ev_query: Signal<Out, bool>,
    /// The queue moved into its next buffer (a switch, counted).
    pub ev_switch: Signal<Out, bool>,
    /// The switch took the queue into the first buffer of its posted run: none waits now,
    /// the driver posts the next (the OVERFLOW FIFO's entry).
    pub ev_entered_run: Signal<Out, bool>,
    pub ev_queue: Signal<Out, Bits<QUEUE_W>>,
    pub ev_src: Signal<Out, Bits<NODE_W>>,
    pub ev_portal: Signal<Out, Bits<PORTAL_W>>,
    pub ev_epoch: Signal<Out, Bits<EPOCH_W>>,
    pub ev_data: Signal<Out, Bits<WORD_W>>,

    k: Signal<Local, Bits<LOG2_W>>,
    epoch: Signal<Local, Bits<EPOCH_W>>,
    /// A link packet, a leader's decision or a re-injected follower; the last two hold a slot.
    is_item: Signal<Local, bool>,
    from_slot: Signal<Local, bool>,
    target_ok: Signal<Local, bool>,
    /// The epoch after a command that ends a stall (EXPORT, RESUME): bumped only if stalled.
    end_epoch: Signal<Local, Bits<EPOCH_W>>,
    stall: Signal<Local, bool>,
    /// The spare word, unpacked: the run the queue is in (buffers left, any); the posted run:
    /// its first buffer's link word, posted, its size, base and mask; the free count of a
    /// fresh buffer.
    cur_rest: Signal<Local, Bits<REST_W>>,
    cur_nz: Signal<Local, bool>,
    sp_link: Signal<Local, Bits<ADDR_W>>,
    sp_valid: Signal<Local, bool>,
    sp_k: Signal<Local, Bits<LOG2_W>>,
    sp_base: Signal<Local, Bits<ADDR_W>>,
    sp_mask: Signal<Local, Bits<INDEX_W>>,
    sp_free: Signal<Local, Bits<INDEX_W>>,
    /// The next buffer of the run the queue is in: its link word; the free count of a fresh
    /// buffer of the queue's size.
    run_link: Signal<Local, Bits<ADDR_W>>,
    k_wide: ZeroExtend<LOG2_W, ADDR_W>,
    own_free: Signal<Local, Bits<INDEX_W>>,
    /// An item that succeeds switches (it takes the last free slot, a buffer follows).
    switch_sel: Signal<Local, bool>,
    /// A SPARE's run as the spare word holds it (base, `k`, buffers after the first).
    /// (Every `ZeroExtend` here widens an input port: one fed from a local of this block would
    /// close a combinational loop through it, for Verilator.)
    x_base_wide: ZeroExtend<ADDR_W, SPARE_W>,
    x_k_spare: ZeroExtend<LOG2_W, SPARE_W>,
    x_run_wide: ZeroExtend<REST_W, SPARE_W>,
    /// QUERY's SPARES: both runs' buffers.
    cur_count: ZeroExtend<REST_W, WORD_W>,
    sp_count: ZeroExtend<REST_W, WORD_W>,
    spare_count: Signal<Local, Bits<WORD_W>>,
    /// SPARE's word as the card keeps it (VALID set), and its link word.
    x_link: Signal<Local, Bits<ADDR_W>>,
    x_k_wide: ZeroExtend<LOG2_W, ADDR_W>,
    /// QUERY's answer: the state word.
    query_word: Signal<Local, Bits<WORD_W>>,
    query_spares: Signal<Local, Bits<WORD_W>>,
    query_flags: ZeroExtend<FLAGS_W, WORD_W>,
    query_tail: ZeroExtend<INDEX_W, WORD_W>,
    query_free: ZeroExtend<INDEX_W, WORD_W>,
    e_enqueued: DFF<bool>,
    e_rejected: DFF<bool>,
    e_refused: DFF<bool>,
    e_overflow: DFF<bool>,
    e_bad_header: DFF<bool>,
    e_query: DFF<bool>,
    e_switch: DFF<bool>,
    e_entered_run: DFF<bool>,
    e_queue: DFF<Bits<QUEUE_W>>,
    e_src: DFF<Bits<NODE_W>>,
    e_portal: DFF<Bits<PORTAL_W>>,
    e_epoch: DFF<Bits<EPOCH_W>>,
    e_data: DFF<Bits<WORD_W>>,

    op_packet: Constant<Bits<OP_W>>,
    op_reinject: Constant<Bits<OP_W>>,
    op_replay: Constant<Bits<OP_W>>,
    op_export: Constant<Bits<OP_W>>,
    op_head: Constant<Bits<OP_W>>,
    op_resume: Constant<Bits<OP_W>>,
    op_clear: Constant<Bits<OP_W>>,
    op_arm: Constant<Bits<OP_W>>,
    op_query: Constant<Bits<OP_W>>,
    op_spare: Constant<Bits<OP_W>>,
    /// The spare word's fields (`renq_abi::state::SPARE_VALID`, `buffer::LINK_*_MASK`).
    spare_valid: Constant<Bits<ADDR_W>>,
    link_next_mask: Constant<Bits<ADDR_W>>,
    all_ones_index: Constant<Bits<INDEX_W>>,
    header_mask: Constant<Bits<INDEX_W>>,
    zero_spare: Constant<Bits<SPARE_W>>,
    /// The spare word's fields (`renq_abi::state::rtl_spare`): positions, masks, VALID.
    posted_rest_lsb: Constant<Bits<SPARE_POS_W>>,
    current_rest_lsb: Constant<Bits<SPARE_POS_W>>,
    rest_w: Constant<Bits<SPARE_POS_W>>,
    current_rest_mask: Constant<Bits<SPARE_W>>,
    posted_rest_mask: Constant<Bits<SPARE_W>>,
    current_rest_one: Constant<Bits<SPARE_W>>,
    spare_valid_w: Constant<Bits<SPARE_W>>,
    one_count: Constant<Bits<WORD_W>>,
    first_data_index: Constant<Bits<INDEX_W>>,
    zero_index: Constant<Bits<INDEX_W>>,
    zero_k: Constant<Bits<LOG2_W>>,
    one_epoch: Constant<Bits<EPOCH_W>>,
    zero_epoch: Constant<Bits<EPOCH_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    zero_addr: Constant<Bits<ADDR_W>>,
    // State-word bit positions (renq_abi::state::bits), as constants so the Verilog names them.
    valid_pos: Constant<Bits<4>>,
    stalled_pos: Constant<Bits<4>>,
    armed_pos: Constant<Bits<4>>,
    k_pos: Constant<Bits<4>>,
    epoch_pos: Constant<Bits<4>>,
    query_tail_lsb: Constant<Bits<WORD_POS_W>>,
    query_free_lsb: Constant<Bits<WORD_POS_W>>,
    /// QUERY's SPARES position and WAITING bit.
    query_spares_lsb: Constant<Bits<WORD_POS_W>>,
    query_waiting: Constant<Bits<WORD_W>>,
}

impl Default for Decide {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            op: Default::default(),
            queue: Default::default(),
            src: Default::default(),
            portal: Default::default(),
            data: Default::default(),
            in_range: Default::default(),
            dst_ok: Default::default(),
            go: Default::default(),
            reinj_go: Default::default(),
            rehead_go: Default::default(),
            cam: Default::default(),
            flags: Default::default(),
            mask: Default::default(),
            base: Default::default(),
            tail: Default::default(),
            free: Default::default(),
            free_nz: Default::default(),
            ok: Default::default(),
            okx: Default::default(),
            next_tail: Default::default(),
            free_m1: Default::default(),
            free_m1_nz: Default::default(),
            fwd_okx: Default::default(),
            fwd_free_nz: Default::default(),
            ne: Default::default(),
            head_bad: Default::default(),
            head_best: Default::default(),
            head_best_nz: Default::default(),
            head_valid: Default::default(),
            head_okx: Default::default(),
            x_valid: Default::default(),
            x_k: Default::default(),
            x_mask: Default::default(),
            x_base: Default::default(),
            x_free: Default::default(),
            x_valid_bit: Default::default(),
            x_aligned: Default::default(),
            x_run: Default::default(),
            x_run_fits: Default::default(),
            base_next: Default::default(),
            spare: Default::default(),
            buf_eq: Default::default(),
            valid: Default::default(),
            stalled: Default::default(),
            armed: Default::default(),
            success: Default::default(),
            arm_notify: Default::default(),
            park_new: Default::default(),
            follow: Default::default(),
            retire: Default::default(),
            repark: Default::default(),
            untake: Default::default(),
            write: Default::default(),
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
            w_spare: Default::default(),
            switch: Default::default(),
            link_only: Default::default(),
            link_word: Default::default(),
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
            k: Default::default(),
            epoch: Default::default(),
            is_item: Default::default(),
            from_slot: Default::default(),
            target_ok: Default::default(),
            end_epoch: Default::default(),
            stall: Default::default(),
            cur_rest: Default::default(),
            cur_nz: Default::default(),
            sp_link: Default::default(),
            sp_valid: Default::default(),
            sp_k: Default::default(),
            sp_base: Default::default(),
            sp_mask: Default::default(),
            sp_free: Default::default(),
            run_link: Default::default(),
            k_wide: Default::default(),
            own_free: Default::default(),
            switch_sel: Default::default(),
            x_base_wide: Default::default(),
            x_k_spare: Default::default(),
            x_run_wide: Default::default(),
            cur_count: Default::default(),
            sp_count: Default::default(),
            spare_count: Default::default(),
            x_link: Default::default(),
            x_k_wide: Default::default(),
            query_word: Default::default(),
            query_spares: Default::default(),
            query_flags: Default::default(),
            query_tail: Default::default(),
            query_free: Default::default(),
            e_enqueued: Default::default(),
            e_rejected: Default::default(),
            e_refused: Default::default(),
            e_overflow: Default::default(),
            e_bad_header: Default::default(),
            e_query: Default::default(),
            e_switch: Default::default(),
            e_entered_run: Default::default(),
            e_queue: Default::default(),
            e_src: Default::default(),
            e_portal: Default::default(),
            e_epoch: Default::default(),
            e_data: Default::default(),
            op_packet: Op::Packet.constant(),
            op_reinject: Op::Reinject.constant(),
            op_replay: Op::Replay.constant(),
            op_export: Op::Export.constant(),
            op_head: Op::Head.constant(),
            op_resume: Op::Resume.constant(),
            op_clear: Op::Clear.constant(),
            op_arm: Op::Arm.constant(),
            op_query: Op::Query.constant(),
            op_spare: Op::Spare.constant(),
            spare_valid: Constant::new(renq_abi::state::SPARE_VALID.into()),
            link_next_mask: Constant::new(buffer::LINK_NEXT_MASK.into()),
            all_ones_index: Constant::new(0xffff.into()),
            header_mask: Constant::new((!3u64 & 0xffff).into()),
            zero_spare: Constant::new(0.into()),
            posted_rest_lsb: Constant::new((rtl_spare::POSTED_REST_LSB as u64).into()),
            current_rest_lsb: Constant::new((rtl_spare::CURRENT_REST_LSB as u64).into()),
            rest_w: Constant::new((REST_W as u64).into()),
            current_rest_mask: Constant::new(bits_u128(((1 << REST_W) - 1) << rtl_spare::CURRENT_REST_LSB)),
            posted_rest_mask: Constant::new(bits_u128(((1 << REST_W) - 1) << rtl_spare::POSTED_REST_LSB)),
            current_rest_one: Constant::new(bits_u128(1 << rtl_spare::CURRENT_REST_LSB)),
            spare_valid_w: Constant::new(renq_abi::state::SPARE_VALID.into()),
            one_count: Constant::new(1.into()),
            first_data_index: Constant::new(buffer::FIRST_DATA_INDEX.into()),
            zero_index: Constant::new(0.into()),
            zero_k: Constant::new(0.into()),
            one_epoch: Constant::new(1.into()),
            zero_epoch: Constant::new(0.into()),
            zero_word: Constant::new(0.into()),
            zero_addr: Constant::new(0.into()),
            valid_pos: Constant::new((state::VALID as u64).into()),
            stalled_pos: Constant::new((state::STALLED as u64).into()),
            armed_pos: Constant::new((state::ARMED as u64).into()),
            k_pos: Constant::new((state::LOG2_LSB as u64).into()),
            epoch_pos: Constant::new((state::EPOCH_LSB as u64).into()),
            query_tail_lsb: Constant::new((state::TAIL_LSB as u64).into()),
            query_free_lsb: Constant::new((state::FREE_LSB as u64).into()),
            query_spares_lsb: Constant::new((state::SPARES_LSB as u64).into()),
            query_waiting: Constant::new((1u64 << state::WAITING).into()),
        }
    }
}

#[cfg(test)]
#[path = "decide_tests.rs"]
mod tests;
