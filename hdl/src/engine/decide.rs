//! RD0b's decision (spec §6a, RD0b): what the engine does with the operation in RD0b and its
//! queue's state. An item (a link packet, a parked leader's decision, a re-injected follower)
//! waits behind a parked packet of its queue (a link packet follows it, a re-injected follower
//! is parked again as it was), is rejected (not for this node, out of range, not
//! exported), refused (stalled, or not the queue's epoch), takes its slot (`success`), stalls
//! the queue (a leader whose refreshed head still shows it full), parks (a new leader) or parks
//! again (a follower finding no free slot: a leader now). A command is carried out: HEAD's and a
//! leader's refreshed free count, RESUME, ARM, EXPORT, SPARE, QUERY and the sweep's CLEAR.
//!
//! Spare buffers (spec §9c): the queue's state carries one spare (`spare`: its link word with
//! `renq_abi::state::SPARE_VALID`). An item that takes the last free slot the card counts while
//! a spare is posted switches the queue into it (`switch`): the state becomes the spare's
//! buffer (base, `k`, mask, tail 3, free `2^k − 4`) and the item's write-queue entry links the
//! full buffer to it after its TAIL write. SPARE posts one (refused, counted as a bad header,
//! when malformed, unaligned, a run of more than one, or one is posted already; VALID 0 takes it
//! back) and, finding the queue full, not stalled and nothing of it parked, switches at once
//! (`link_only`). HEAD and ARM name the consumer's buffer (`buf_eq`: their argument's buffer is
//! the one the card writes): a HEAD of another buffer is ignored, an ARM of another buffer
//! notifies at once.
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
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::buffer;
use renq_abi::state::bits as state;
use rust_hdl::prelude::*;

mod update;

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
    /// SPARE's checks of the same word: VALID alone, the base aligned, a run of one buffer.
    pub x_valid_bit: Signal<In, bool>,
    pub x_aligned: Signal<In, bool>,
    pub x_single: Signal<In, bool>,
    /// The queue's spare, as forwarded (`s_spare`).
    pub spare: Signal<In, Bits<ADDR_W>>,
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
    pub w_spare: Signal<Out, Bits<ADDR_W>>,
    /// The item's queue switches into its spare: its entry links the full buffer.
    pub switch: Signal<Out, bool>,
    /// A SPARE switched the full queue at once: an entry of the LINK write alone.
    pub link_only: Signal<Out, bool>,
    /// The LINK word of either: `link_word(spare, k)`.
    pub link_word: Signal<Out, Bits<ADDR_W>>,
    // The events, a cycle after the decision (the engine's `ev_*`).
    pub ev_enqueued: Signal<Out, bool>,
    pub ev_rejected: Signal<Out, bool>,
    pub ev_refused: Signal<Out, bool>,
    pub ev_overflow: Signal<Out, bool>,
    pub ev_bad_header: Signal<Out, bool>,
    pub ev_query: Signal<Out, bool>,
    /// The queue moved into its spare (a switch): the driver posts the next.
    pub ev_switch: Signal<Out, bool>,
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
    /// The spare, unpacked: posted; its size, base and mask; the free count of a fresh buffer.
    sp_valid: Signal<Local, bool>,
    sp_k: Signal<Local, Bits<LOG2_W>>,
    sp_base: Signal<Local, Bits<ADDR_W>>,
    sp_mask: Signal<Local, Bits<INDEX_W>>,
    sp_free: Signal<Local, Bits<INDEX_W>>,
    /// An item that succeeds switches (it takes the last free slot, a spare is posted).
    switch_sel: Signal<Local, bool>,
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
    zero_spare: Constant<Bits<ADDR_W>>,
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
    /// QUERY's SPARES field holding 1.
    one_spare: Constant<Bits<WORD_W>>,
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
            x_single: Default::default(),
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
            sp_valid: Default::default(),
            sp_k: Default::default(),
            sp_base: Default::default(),
            sp_mask: Default::default(),
            sp_free: Default::default(),
            switch_sel: Default::default(),
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
            one_spare: Constant::new((1u64 << state::SPARES_LSB).into()),
        }
    }
}

#[cfg(test)]
#[path = "decide_tests.rs"]
mod tests;
