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

impl Logic for Decide {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            e_enqueued,
            e_rejected,
            e_refused,
            e_overflow,
            e_bad_header,
            e_query,
            e_switch,
            e_queue,
            e_src,
            e_portal,
            e_epoch,
            e_data
        );
        self.valid.next = self.flags.val().get_bit(self.valid_pos.val().index());
        self.stalled.next = self.flags.val().get_bit(self.stalled_pos.val().index());
        self.armed.next = self.flags.val().get_bit(self.armed_pos.val().index());
        self.k.next = self.flags.val().get_bits::<LOG2_W>(self.k_pos.val().index());
        self.epoch.next = self.flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index());
        // The spare: its link word's fields (the base aligned to 64 bytes, `k` in bits 4..0).
        self.sp_valid.next = (self.spare.val() & self.spare_valid.val()).any();
        self.sp_k.next = self.spare.val().get_bits::<LOG2_W>(0);
        self.sp_base.next = self.spare.val() & self.link_next_mask.val();
        // 2^k − 1 and 2^k − 4 without an adder (k ≥ 3: the low two bits of the mask are ones).
        self.sp_mask.next = !(self.all_ones_index.val() << self.sp_k.val());
        self.sp_free.next = self.sp_mask.val() & self.header_mask.val();
        self.switch_sel.next = !self.free_m1_nz.val() & self.sp_valid.val();
        self.x_k_wide.narrow.next = self.x_k.val();
        self.x_link.next = self.x_base.val() | self.x_k_wide.wide.val();

        self.is_item.next = (self.op.val() == self.op_packet.val())
            | (self.op.val() == self.op_reinject.val())
            | (self.op.val() == self.op_replay.val());
        self.from_slot.next = (self.op.val() == self.op_reinject.val()) | (self.op.val() == self.op_replay.val());
        self.target_ok.next = self.in_range.val() & self.dst_ok.val() & self.valid.val();
        // A stall ends (EXPORT or RESUME of a stalled queue) in a new epoch; a stall itself keeps
        // it, so packets a portal sends with the stall's epoch are refused after it too (§7c).
        self.end_epoch.next = self.epoch.val();
        if self.stalled.val() {
            self.end_epoch.next = self.epoch.val() + self.one_epoch.val();
        }
        // Reserve a slot: the decision below's `success`, computed on its own (the timing loop).
        self.success.next = self.go.val() & self.ok.val();
        self.park_new.next = false;
        self.follow.next = false;
        self.repark.next = false;
        self.untake.next = false;
        self.retire.next = false;
        self.arm_notify.next = false;
        self.e_enqueued.d.next = false;
        self.e_rejected.d.next = false;
        self.e_refused.d.next = false;
        self.e_overflow.d.next = false;
        self.e_bad_header.d.next = false;
        self.e_query.d.next = false;
        self.e_switch.d.next = false;
        self.link_only.next = false;
        self.link_word.next = self.spare.val() & !self.spare_valid.val();
        self.e_queue.d.next = self.queue.val();
        self.e_src.d.next = self.src.val();
        self.e_portal.d.next = self.portal.val();
        self.e_epoch.d.next = self.epoch.val();
        self.e_data.d.next = self.data.val();
        // State write-back: by default the state as read.
        self.write.next = false;
        self.w_valid.next = self.valid.val();
        self.w_stalled.next = self.stalled.val();
        self.w_armed.next = self.armed.val();
        self.w_k.next = self.k.val();
        self.w_epoch.next = self.epoch.val();
        self.w_mask.next = self.mask.val();
        self.w_base.next = self.base.val();
        self.w_tail.next = self.tail.val();
        self.w_free.next = self.free.val();
        self.w_free_nz.next = self.free_nz.val();
        self.w_spare.next = self.spare.val();

        if self.is_item.val() {
            // A link packet of a queue with a parked packet follows it whatever it is (LD0 does
            // not hold it back): its outcome, even a rejection, comes after theirs. A follower
            // re-injected behind an older one that was parked again (a leader now, or parked
            // again itself) waits in its slot again.
            if (self.op.val() == self.op_packet.val()) & self.cam.val() {
                self.follow.next = true;
            } else if (self.op.val() == self.op_replay.val()) & self.cam.val() {
                self.untake.next = true;
            } else if !self.target_ok.val() {
                self.e_rejected.d.next = true;
                self.e_epoch.d.next = self.zero_epoch.val();
                self.retire.next = self.from_slot.val();
            } else if !self.okx.val() {
                // Stalled, or not the queue's epoch (it is exported: `target_ok`).
                self.e_refused.d.next = true;
                self.retire.next = self.from_slot.val();
            } else if self.free_nz.val() {
                // Reserve slot[tail] (RD0's tail comes from the card, not from host memory):
                // `success`, the state written below.
                self.e_enqueued.d.next = true;
                self.retire.next = self.from_slot.val();
            } else if self.op.val() == self.op_reinject.val() {
                // The refreshed head shows the queue still full: stall it (the state write is
                // `stall` below).
                self.e_overflow.d.next = true;
                self.e_refused.d.next = true;
                self.retire.next = true;
            } else if self.op.val() == self.op_packet.val() {
                // Out of free slots: park the packet, its slot reads HEAD (RD1).
                self.park_new.next = true;
            } else {
                // A re-injected follower finds no free slot: a leader now, in its slot.
                self.repark.next = true;
            }
        }
        // The overflow branch above, as the state write sees it, from registers: a re-injected
        // leader always follows its ReHead (same queue, forwarded), so its state is the
        // forwarded one. The queue stalls, its epoch kept (it moves on when the stall ends):
        // the write is made below, after the other operations'.
        self.stall.next = self.reinj_go.val() & self.fwd_okx.val() & !self.fwd_free_nz.val();
        // A leader's refreshed head, if it will be decided (as Model reads HEAD only then).
        // (`head_okx`: HeadMax's `okx`, the same queue and packet, flags unchanged since.)
        if self.rehead_go.val() & self.head_okx.val() {
            if self.head_bad.val() {
                self.e_bad_header.d.next = true;
            } else {
                self.write.next = true;
                self.w_free.next = self.head_best.val();
                self.w_free_nz.next = self.head_best_nz.val();
            }
        }
        if self.in_range.val() {
            // (A HEAD of a buffer the card left, after a switch, frees nothing in its spare.)
            if (self.op.val() == self.op_head.val()) & self.head_valid.val() & self.buf_eq.val() {
                if self.head_bad.val() {
                    self.e_bad_header.d.next = true;
                } else {
                    self.write.next = true;
                    self.w_free.next = self.head_best.val();
                    self.w_free_nz.next = self.head_best_nz.val();
                }
            }
            if self.op.val() == self.op_resume.val() {
                self.write.next = true;
                self.w_stalled.next = false;
                self.w_epoch.next = self.end_epoch.val();
            }
            if (self.op.val() == self.op_arm.val()) & self.valid.val() {
                if self.ne.val() | !self.buf_eq.val() {
                    // An item the consumer has not seen is in (or the card has left its buffer:
                    // its LINK is on the way): notify once its TAIL is posted (a notify-only
                    // entry, behind every write before it; it writes nothing).
                    self.arm_notify.next = true;
                } else {
                    self.write.next = true;
                    self.w_armed.next = true;
                }
            }
            // EXPORT keeps ARMED, the spare, and the epoch unless it ends a stall; unexporting
            // keeps the rest of the state too but takes the spare back.
            if self.op.val() == self.op_export.val() {
                self.write.next = true;
                self.w_valid.next = self.x_valid.val();
                if !self.x_valid.val() {
                    self.w_spare.next = self.zero_spare.val();
                }
                self.w_stalled.next = false;
                self.w_epoch.next = self.end_epoch.val();
                if self.x_valid.val() {
                    self.w_k.next = self.x_k.val();
                    self.w_mask.next = self.x_mask.val();
                    self.w_base.next = self.x_base.val();
                    self.w_tail.next = self.first_data_index.val();
                    self.w_free.next = self.x_free.val();
                    self.w_free_nz.next = true; // capacity ≥ 4 (k ≥ 3)
                }
            }
        }
        // SPARE of an exported queue: post (one at most), take back (VALID 0), or refuse.
        if (self.op.val() == self.op_spare.val()) & self.in_range.val() & self.valid.val() {
            if !self.x_valid_bit.val() {
                self.write.next = true;
                self.w_spare.next = self.zero_spare.val();
            } else if !self.x_valid.val() | !self.x_aligned.val() | !self.x_single.val() | self.sp_valid.val() {
                self.e_bad_header.d.next = true;
            } else if !self.free_nz.val() & !self.stalled.val() & !self.cam.val() {
                // Full, its last TAIL published, nothing of it parked: switch now.
                self.write.next = true;
                self.w_k.next = self.x_k.val();
                self.w_mask.next = self.x_mask.val();
                self.w_base.next = self.x_base.val();
                self.w_tail.next = self.first_data_index.val();
                self.w_free.next = self.x_free.val();
                self.w_free_nz.next = true;
                self.link_only.next = true;
                self.link_word.next = self.x_link.val();
                self.e_switch.d.next = true;
            } else {
                self.write.next = true;
                self.w_spare.next = self.x_link.val() | self.spare_valid.val();
            }
        }
        // QUERY: the state word (flags, tail, free, spares at the QUERY word's bits).
        self.query_flags.narrow.next = self.flags.val();
        self.query_tail.narrow.next = self.tail.val();
        self.query_free.narrow.next = self.free.val();
        self.query_spares.next = self.zero_word.val();
        if self.sp_valid.val() {
            self.query_spares.next = self.one_spare.val();
        }
        self.query_word.next = self.query_flags.wide.val()
            | (self.query_tail.wide.val() << self.query_tail_lsb.val())
            | (self.query_free.wide.val() << self.query_free_lsb.val())
            | self.query_spares.val();
        if self.op.val() == self.op_query.val() {
            self.e_query.d.next = true;
            self.e_data.d.next = self.zero_word.val();
            if self.in_range.val() {
                self.e_data.d.next = self.query_word.val();
            }
        }
        if self.op.val() == self.op_clear.val() {
            self.write.next = true;
            self.w_valid.next = false;
            self.w_stalled.next = false;
            self.w_armed.next = false;
            self.w_k.next = self.zero_k.val();
            self.w_epoch.next = self.zero_epoch.val();
            self.w_mask.next = self.zero_index.val();
            self.w_base.next = self.zero_addr.val();
            self.w_tail.next = self.zero_index.val();
            self.w_free.next = self.zero_index.val();
            self.w_free_nz.next = false;
            self.w_spare.next = self.zero_spare.val();
        }
        // (Last but one: its select is the latest but `success`'s.)
        if self.stall.val() {
            self.write.next = true;
            self.w_stalled.next = true;
            self.w_free.next = self.zero_index.val();
            self.w_free_nz.next = false;
        }
        // Reserving a slot (an item; the writes above are other operations'): last, so that
        // `success` is the last mux before the state write and the forwarding register.
        if self.success.val() {
            self.write.next = true;
            self.w_tail.next = self.next_tail.val();
            self.w_free.next = self.free_m1.val();
            self.w_free_nz.next = self.free_m1_nz.val();
            // An armed queue's next item notifies (its entry publishes and carries NOTIFY).
            self.w_armed.next = false;
            // The last free slot with a spare posted: the queue moves into the spare.
            if self.switch_sel.val() {
                self.w_k.next = self.sp_k.val();
                self.w_mask.next = self.sp_mask.val();
                self.w_base.next = self.sp_base.val();
                self.w_tail.next = self.first_data_index.val();
                self.w_free.next = self.sp_free.val();
                self.w_free_nz.next = true;
                self.w_spare.next = self.zero_spare.val();
                self.e_switch.d.next = true;
            }
        }
        self.switch.next = self.success.val() & self.switch_sel.val();

        self.ev_enqueued.next = self.e_enqueued.q.val();
        self.ev_rejected.next = self.e_rejected.q.val();
        self.ev_refused.next = self.e_refused.q.val();
        self.ev_overflow.next = self.e_overflow.q.val();
        self.ev_bad_header.next = self.e_bad_header.q.val();
        self.ev_query.next = self.e_query.q.val();
        self.ev_switch.next = self.e_switch.q.val();
        self.ev_queue.next = self.e_queue.q.val();
        self.ev_src.next = self.e_src.q.val();
        self.ev_portal.next = self.e_portal.q.val();
        self.ev_epoch.next = self.e_epoch.q.val();
        self.ev_data.next = self.e_data.q.val();
    }
}

#[cfg(test)]
#[path = "decide_tests.rs"]
mod tests;
