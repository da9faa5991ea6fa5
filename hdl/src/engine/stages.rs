//! The engine's `update`: the stage registers of LD0, RD0a, RD0f and RD0b, and the blocks wired
//! between them (the struct, its blocks and the signal legend are in `engine.rs`).

use super::*;

impl<const QA: usize> Logic for Engine<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            a,
            f,
            b,
            b_go,
            b_parked_ahead,
            b_rehead_go,
            b_reinj_go,
            a_from_slot,
            e_live,
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
            q_ne,
            q_spare,
            buf_eq_r
        );
        clock!(self, clock, qram, wq, coal, xdec, harith, parking, adm, fw, dec);

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
        self.fw.q_spare.next = self.q_spare.q.val();

        // Index arithmetic on 16-bit indices. The tail is the card's own (3 ≤ tail ≤ mask by
        // construction); the slot written is masked all the same.
        self.rd0_addr.wide.next = self.b.q.val().queue;
        // What the decision needs of the state ([`Reserve`]), for each state source: RD0f's,
        // registered (`q_*`), and the forwarded write's (`rsv_fwd`, from `p_*`); `b_fwd` picks.
        self.rsv_fwd.flags.next = self.fw.p_flags.val();
        self.rsv_fwd.mask.next = self.fw.p_mask.val();
        self.rsv_fwd.tail.next = self.fw.p_tail.val();
        self.rsv_fwd.free.next = self.fw.p_free.val();
        // (A packet or follower right behind a decision of its queue that left a packet parked
        // finds no free slot forwarded: it waits too.)
        self.rsv_fwd.free_nz.next = self.fw.p_free_nz.val() & !self.b_parked_ahead.q.val();
        self.rsv_fwd.head.next = self.b.q.val().head;
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
        self.harith.mask.next = self.fw.s_mask.val();
        self.harith.free.next = self.fw.p_free.val();
        self.harith.valid.next = self.dec.valid.val();
        self.harith.okx.next = self.s_okx.val();
        self.head_addr.next = self.fw.s_base.val() | self.head_word_offset.val();

        // The decision ([`Decide`]): the state write-back, the parking decisions, the write
        // queue's entry and the events.
        self.dec.op.next = self.b.q.val().op;
        self.dec.queue.next = self.b.q.val().queue;
        self.dec.src.next = self.b.q.val().src;
        self.dec.portal.next = self.b.q.val().portal;
        self.dec.data.next = self.b.q.val().data;
        self.dec.in_range.next = self.b.q.val().in_range;
        self.dec.dst_ok.next = self.b.q.val().dst_ok;
        self.dec.go.next = self.b_go.q.val();
        self.dec.reinj_go.next = self.b_reinj_go.q.val();
        self.dec.rehead_go.next = self.b_rehead_go.q.val();
        // A packet of this queue is parked: a link packet admitted before it parked follows it,
        // a follower re-injected behind it waits again. (Slots and the decision on its way as of
        // RD0f — a slot freed since only makes this a follower that is re-injected at once —
        // plus the previous RD0b operation's.)
        self.dec.cam.next = self.parking.cam_b.val() | (self.b_parked_ahead.q.val() & self.fw.b_fwd.val());
        self.dec.flags.next = self.fw.s_flags.val();
        self.dec.mask.next = self.fw.s_mask.val();
        self.dec.base.next = self.fw.s_base.val();
        self.dec.tail.next = self.fw.s_tail.val();
        self.dec.free.next = self.fw.s_free.val();
        self.dec.free_nz.next = self.fw.s_free_nz.val();
        self.dec.ok.next = self.s_ok.val();
        self.dec.okx.next = self.s_okx.val();
        self.dec.next_tail.next = self.next_tail.val();
        self.dec.free_m1.next = self.free_m1.val();
        self.dec.free_m1_nz.next = self.free_m1_nz.val();
        self.dec.fwd_okx.next = self.rsv_fwd.okx.val();
        self.dec.fwd_free_nz.next = self.fw.p_free_nz.val();
        self.dec.ne.next = self.q_ne.q.val();
        self.dec.head_bad.next = self.harith.bad.val();
        self.dec.head_best.next = self.harith.best.val();
        self.dec.head_best_nz.next = self.harith.best_nz.val();
        self.dec.head_valid.next = self.harith.max_valid.val();
        self.dec.head_okx.next = self.harith.max_okx.val();
        self.dec.x_valid.next = self.xdec.valid.val();
        self.dec.x_k.next = self.xdec.k.val();
        self.dec.x_mask.next = self.xdec.mask.val();
        self.dec.x_base.next = self.xdec.base.val();
        self.dec.x_free.next = self.xdec.free.val();
        self.dec.x_valid_bit.next = self.xdec.valid_bit.val();
        self.dec.x_aligned.next = self.xdec.aligned.val();
        self.dec.x_run.next = self.xdec.run.val();
        self.dec.x_run_fits.next = self.xdec.run_fits.val();
        self.dec.spare.next = self.fw.s_spare.val();
        // The buffer after the queue's, from RD0f's registered state (why that is exact at a
        // switch: `Decide::base_next`; why here and not in RD0f: `NextBuffer`).
        self.next_buf.base.next = self.q_base.q.val();
        self.next_buf.mask.next = self.q_mask.q.val();
        self.dec.base_next.next = self.next_buf.next_base.val();
        // HEAD, ARM: does the argument name the buffer the card writes (bits 63..16 = the base
        // in words)? Compared in RD0b with RD0f's registered state, exact for both (neither
        // follows a write of its queue), which keeps the RAM's output mux out of the compare.
        // HEAD's last micro-operation takes the compare registered a cycle earlier, from its own
        // HeadMax right before it (the same queue and argument), so no compare stands in front
        // of its state write; ARM (after a bubble) takes its own. (The bits above a DMA address
        // are not compared: the model masks them off too.)
        self.b_arg.next = self.b.q.val().data;
        self.b_buf_eq.next = self.b_arg.val().get_bits::<BUFFER_ARG_W>(self.buffer_arg_lsb.val().index())
            == self.q_base.q.val().get_bits::<BUFFER_ARG_W>(self.word_shift.val().index());
        self.buf_eq_r.d.next = self.b_buf_eq.val();
        self.dec.buf_eq.next = self.b_buf_eq.val();
        if self.b.q.val().op == self.op_head.val() {
            self.dec.buf_eq.next = self.buf_eq_r.q.val();
        }
        self.qram.write.next = self.dec.write.val();
        self.qram.write_addr.next = self.rd0_addr.narrow.val();
        self.qram.w_valid.next = self.dec.w_valid.val();
        self.qram.w_stalled.next = self.dec.w_stalled.val();
        self.qram.w_armed.next = self.dec.w_armed.val();
        self.qram.w_k.next = self.dec.w_k.val();
        self.qram.w_epoch.next = self.dec.w_epoch.val();
        self.qram.w_mask.next = self.dec.w_mask.val();
        self.qram.w_base.next = self.dec.w_base.val();
        self.qram.w_tail.next = self.dec.w_tail.val();
        self.qram.w_free.next = self.dec.w_free.val();
        self.qram.w_free_nz.next = self.dec.w_free_nz.val();
        self.qram.w_spare.next = self.dec.w_spare.val();
        // The forwarding register ([`Forward`]): what RD0b wrote (or, not writing, the state
        // as read).
        self.fw.w_flags.next = self.qram.w_flags_packed.val();
        self.fw.w_mask.next = self.qram.w_mask.val();
        self.fw.w_base.next = self.qram.w_base.val();
        self.fw.w_tail.next = self.qram.w_tail.val();
        self.fw.w_free.next = self.qram.w_free.val();
        self.fw.w_free_nz.next = self.qram.w_free_nz.val();
        self.fw.w_spare.next = self.qram.w_spare.val();

        // ---------------------------------------------------------------- WR0 / WR1
        // The entry RD0b makes ([`Coalesce`]: the TAIL publication coalesced while the next
        // operation, in RD0f, is a packet of the same queue) enters the write queue a cycle later.
        self.coal.success.next = self.dec.success.val();
        self.coal.next_same.next =
            (self.f.q.val().op == self.op_packet.val()) & (self.f.q.val().queue == self.b.q.val().queue);
        self.coal.armed.next = self.dec.armed.val();
        self.coal.arm_notify.next = self.dec.arm_notify.val();
        self.coal.last.next = !self.free_m1_nz.val();
        self.coal.link.next = self.dec.switch.val();
        self.coal.link_only.next = self.dec.link_only.val();
        self.coal.link_word.next = self.dec.link_word.val();
        self.coal.base.next = self.fw.s_base.val();
        self.coal.slot.next = self.slot.val();
        self.coal.data.next = self.b.q.val().data;
        self.coal.tail.next = self.fw.s_tail.val();
        self.coal.next_tail.next = self.next_tail.val();
        self.wq.push.next = self.coal.push.val();
        self.wq.p_has_data.next = self.coal.e_has_data.val();
        self.wq.p_publish.next = self.coal.e_publish.val();
        self.wq.p_notify.next = self.coal.e_notify.val();
        self.wq.p_base.next = self.coal.e_base.val();
        self.wq.p_slot.next = self.coal.e_slot.val();
        self.wq.p_data.next = self.coal.e_data.val();
        self.wq.p_tail.next = self.coal.e_tail.val();
        self.wq.p_link.next = self.coal.e_link.val();
        self.wq.p_link_word.next = self.coal.e_link_word.val();
        self.ev_notify.next = self.wq.notify.val();
        self.wr_valid.next = self.wq.wr_valid.val();
        self.wq.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.wq.wr_addr.val();
        self.wr_data.next = self.wq.wr_data.val();

        // ---------------------------------------------------------------- RD1 (parking, tagged reads)
        // RD0b's parking decisions ([`Parking`]: registered, carried out in the next cycle): a
        // new slot (leader or follower, the lowest free one), or the re-injected operation's
        // own slot released when decided, or made a leader again. The slots' HEAD reads.
        self.parking.alloc.next = self.dec.park_new.val() | self.dec.follow.val();
        self.parking.follow.next = self.dec.follow.val();
        self.parking.retire.next = self.dec.retire.val();
        self.parking.repark.next = self.dec.repark.val();
        self.parking.untake.next = self.dec.untake.val();
        self.parking.slot.next = self.b.q.val().slot;
        self.parking.queue.next = self.b.q.val().queue;
        self.parking.src.next = self.b.q.val().src;
        self.parking.portal.next = self.b.q.val().portal;
        self.parking.epoch.next = self.b.q.val().epoch;
        self.parking.dst_ok.next = self.b.q.val().dst_ok;
        self.parking.data.next = self.b.q.val().data;
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
        self.q_spare.d.next = self.qram.spare.val();
        self.rsv_ram.flags.next = self.qram.flags.val();
        self.rsv_ram.mask.next = self.qram.mask.val();
        self.rsv_ram.tail.next = self.qram.tail.val();
        self.rsv_ram.free.next = self.qram.free.val();
        self.rsv_ram.free_nz.next = self.qram.free_nz.val();
        self.rsv_ram.head.next = self.f.q.val().head;
        self.rsv_ram.epoch_eq.next =
            self.qram.flags.val().get_bits::<EPOCH_W>(self.epoch_pos.val().index()) == self.f.q.val().epoch;
        self.q_okx.d.next = self.rsv_ram.okx.val();
        self.q_ok.d.next = self.rsv_ram.ok.val();
        self.q_tail_p1.d.next = self.rsv_ram.tail_p1.val();
        self.q_wrap.d.next = self.rsv_ram.wrap.val();
        self.q_free_m1.d.next = self.rsv_ram.free_m1.val();
        self.q_free_m1_nz.d.next = self.rsv_ram.free_m1_nz.val();
        self.q_slot.d.next = self.rsv_ram.slot.val();
        self.q_head_m.d.next = self.rsv_ram.head_m.val();
        // ARM: head ≠ tail under the mask (bitwise differences: no carry chain).
        self.q_ne.d.next = ((self.f.q.val().head ^ self.qram.tail.val()) & self.qram.mask.val()).any();
        self.b_live.next = self.b.q.val().op != self.op_none.val();
        self.fw.b_live.next = self.b_live.val();
        self.fw.b_queue.next = self.b.q.val().queue;
        self.fw.f_queue.next = self.f.q.val().queue;
        self.b.d.next = self.f.q.val();
        // An item whose target is on this node and in range, not following a parked packet
        // (as of RD0f; RD0b adds its own previous parking): RD0b's `success` needs only the
        // queue's state then.
        self.b_reinj_go.d.next =
            (self.f.q.val().op == self.op_reinject.val()) & self.f.q.val().in_range & self.f.q.val().dst_ok;
        self.b_rehead_go.d.next =
            (self.f.q.val().op == self.op_rehead.val()) & self.f.q.val().in_range & self.f.q.val().dst_ok;
        self.f_replay.next = self.f.q.val().op == self.op_replay.val();
        // Does RD0b's decision now leave a packet parked that RD0f's operation will wait
        // behind (if of the same queue, `b_fwd` then)? Any, for a link packet; a re-injected
        // follower's slot (older than it), for a follower.
        self.b_parked_ahead.d.next = (self.f.q.val().is_pkt
            & (self.dec.park_new.val() | self.dec.follow.val() | self.dec.repark.val() | self.dec.untake.val()))
            | (self.f_replay.val() & (self.dec.repark.val() | self.dec.untake.val()));
        self.b_go.d.next = ((self.f.q.val().is_pkt | self.f_replay.val()) & !self.parking.cam_f.val()
            | (self.f.q.val().op == self.op_reinject.val()))
            & self.f.q.val().in_range
            & self.f.q.val().dst_ok;
        // Does the epoch RD0b writes now equal this operation's (for `rsv_fwd` next cycle)? The
        // state's, bumped when a stall ends, 0 for the sweep's clear.
        self.fw.f_epoch.next = self.f.q.val().epoch;
        self.fw.f_epoch_m1.next = self.f_epoch_m1.q.val();
        self.fw.bump.next = self.b.q.val().in_range
            & ((self.b.q.val().op == self.op_resume.val()) | (self.b.q.val().op == self.op_export.val()))
            & self.dec.stalled.val();
        self.fw.clear.next = self.b.q.val().op == self.op_clear.val();

        // ---------------------------------------------------------------- RD0a
        // The state RAM answers (registered in `qram`). A parking slot's operation takes the
        // slot's fields here (stable while it is in flight), not in LD0: `a`'s slot is a
        // register, LD0's choice of slot is not.
        self.parking.a_slot.next = self.a.q.val().slot;
        // The parking CAM (slot i holds this operation's queue, as of RD0f), compared here.
        self.parking.a_queue.next = self.a.q.val().queue;
        self.parking.a_replay.next = self.a.q.val().op == self.op_replay.val();
        // EXPORT's argument (a command's, not a slot's: `a_data`), decoded over RD0a and RD0f
        // ([`ExportDecode`]) for RD0b.
        self.xdec.a_data.next = self.a.q.val().data;
        // (Through a wire: Verilog cannot select bits of a struct field's select.)
        self.f_arg.next = self.f.q.val().data;
        self.xdec.f_base.next = self.f_arg.val().get_bits::<ADDR_W>(self.export_base_lsb.val().index());
        self.f.d.next = self.a.q.val();
        self.f_epoch_m1.d.next = self.a.q.val().epoch - self.one_epoch.val();
        if self.a_from_slot.q.val() {
            self.f.d.next.src = self.parking.s_src.val();
            self.f.d.next.data = self.parking.s_data.val();
            self.f.d.next.portal = self.parking.s_portal.val();
            self.f.d.next.epoch = self.parking.s_epoch.val();
            self.f_epoch_m1.d.next = self.parking.s_epoch.val() - self.one_epoch.val();
            self.f.d.next.dst_ok = self.parking.s_dst_ok.val();
            self.f.d.next.head = self.parking.s_head.val();
        }

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
        self.adm.a_busy.next = self.a.q.val().op != self.op_none.val();
        self.adm.a_is_pkt.next = self.a.q.val().is_pkt;
        self.adm.f_is_pkt.next = self.f.q.val().is_pkt;
        self.adm.any_elig.next = self.parking.any_elig.val();
        self.adm.pick.next = self.parking.pick.val();
        self.adm.pick_queue.next = self.parking.pick_queue.val();
        self.adm.pick_follower.next = self.parking.pick_follower.val();
        self.adm.nfree.next = self.parking.nfree.val();
        self.adm.pk_alloc.next = self.parking.pk_alloc_o.val();
        self.parking.take.next = self.adm.take.val();
        self.ld0_addr.wide.next = self.adm.queue.val();
        self.qram.read_addr.next = self.ld0_addr.narrow.val();
        self.a.d.next.op = self.adm.op.val();
        self.a.d.next.queue = self.adm.queue.val();
        self.a.d.next.src = self.adm.src.val();
        self.a.d.next.data = self.adm.data.val();
        self.a.d.next.portal = self.adm.portal.val();
        self.a.d.next.epoch = self.adm.epoch.val();
        self.a.d.next.head = self.adm.head.val();
        self.a.d.next.dst_ok = self.adm.dst_ok.val();
        self.a.d.next.in_range = self.adm.in_range.val();
        self.a.d.next.slot = self.adm.slot.val();
        self.a.d.next.is_pkt = self.adm.is_pkt.val();
        self.a_from_slot.d.next = self.adm.from_slot.val();

        // Events leave registered, a cycle after the RD0b decision ([`Decide`]).
        self.ev_enqueued.next = self.dec.ev_enqueued.val();
        self.ev_rejected.next = self.dec.ev_rejected.val();
        self.ev_refused.next = self.dec.ev_refused.val();
        self.ev_overflow.next = self.dec.ev_overflow.val();
        self.ev_bad_header.next = self.dec.ev_bad_header.val();
        self.ev_query.next = self.dec.ev_query.val();
        self.ev_switch.next = self.dec.ev_switch.val();
        self.ev_entered_run.next = self.dec.ev_entered_run.val();
        self.ev_queue.next = self.dec.ev_queue.val();
        self.ev_src.next = self.dec.ev_src.val();
        self.ev_portal.next = self.dec.ev_portal.val();
        self.ev_epoch.next = self.dec.ev_epoch.val();
        self.ev_data.next = self.dec.ev_data.val();
        self.e_live.d.next = self.b_live.val();
        self.idle.next = self.adm.swept_o.val()
            & !self.e_live.q.val()
            & self.adm.seq_idle.val()
            & (self.a.q.val().op == self.op_none.val())
            & (self.f.q.val().op == self.op_none.val())
            & (self.b.q.val().op == self.op_none.val())
            & self.wq.empty.val()
            & !self.coal.owe.val()
            & !self.coal.push.val()
            & self.parking.empty.val();
    }
}
