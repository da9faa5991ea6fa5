//! Decide's `update`: RD0b's rules as written in spec §6a (the struct, its ports and the order
//! of the muxes are described in `decide.rs`).

use super::*;

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
            e_entered_run,
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
        // The spare word: the run the queue is in (buffers left), the posted run (buffers after
        // its first; the first's link word: the base aligned to 64 bytes, `k` in bits 4..0).
        self.cur_rest.next = self.spare.val().get_bits::<REST_W>(self.current_rest_lsb.val().index());
        self.cur_nz.next = self.cur_rest.val().any();
        self.sp_link.next = self.spare.val().get_bits::<ADDR_W>(0);
        self.sp_valid.next = (self.sp_link.val() & self.spare_valid.val()).any();
        self.sp_k.next = self.sp_link.val().get_bits::<LOG2_W>(0);
        self.sp_base.next = self.sp_link.val() & self.link_next_mask.val();
        // 2^k − 1 and 2^k − 4 without an adder (k ≥ 3: the low two bits of the mask are ones).
        self.sp_mask.next = !(self.all_ones_index.val() << self.sp_k.val());
        self.sp_free.next = self.sp_mask.val() & self.header_mask.val();
        self.own_free.next = self.mask.val() & self.header_mask.val();
        self.k_wide.narrow.next = self.flags.val().get_bits::<LOG2_W>(self.k_pos.val().index());
        self.run_link.next = self.base_next.val() | self.k_wide.wide.val();
        self.switch_sel.next = !self.free_m1_nz.val() & (self.cur_nz.val() | self.sp_valid.val());
        self.x_k_wide.narrow.next = self.x_k.val();
        self.x_link.next = self.x_base.val() | self.x_k_wide.wide.val();
        self.x_base_wide.narrow.next = self.x_base.val();
        self.x_k_spare.narrow.next = self.x_k.val();
        self.x_run_wide.narrow.next = self.x_run.val();
        self.cur_count.narrow.next = self.spare.val().get_bits::<REST_W>(self.current_rest_lsb.val().index());
        self.sp_count.narrow.next = self.spare.val().get_bits::<REST_W>(self.posted_rest_lsb.val().index());

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
        self.e_entered_run.d.next = false;
        self.link_only.next = false;
        self.link_word.next = self.sp_link.val() & !self.spare_valid.val();
        if self.cur_nz.val() {
            self.link_word.next = self.run_link.val();
        }
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
            // EXPORT keeps ARMED, the posted run, and the epoch unless it ends a stall, and ends
            // the run the queue was in (its buffers follow another); unexporting keeps the rest
            // of the state too but takes both runs back.
            if self.op.val() == self.op_export.val() {
                self.write.next = true;
                self.w_valid.next = self.x_valid.val();
                self.w_spare.next = self.spare.val() & !self.current_rest_mask.val();
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
        // SPARE of an exported queue: post a run (one waiting at most), take both back (VALID
        // 0), or refuse.
        if (self.op.val() == self.op_spare.val()) & self.in_range.val() & self.valid.val() {
            if !self.x_valid_bit.val() {
                self.write.next = true;
                self.w_spare.next = self.zero_spare.val();
            } else if !self.x_valid.val() | !self.x_aligned.val() | !self.x_run_fits.val() | self.sp_valid.val() {
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
                self.w_spare.next = self.x_run_wide.wide.val() << self.current_rest_lsb.val();
                self.e_switch.d.next = true;
                self.e_entered_run.d.next = true;
            } else {
                self.write.next = true;
                self.w_spare.next = (self.spare.val() & self.current_rest_mask.val())
                    | (self.x_run_wide.wide.val() << self.posted_rest_lsb.val())
                    | self.x_base_wide.wide.val()
                    | self.x_k_spare.wide.val()
                    | self.spare_valid_w.val();
            }
        }
        // QUERY: the state word (flags, tail, free, spares at the QUERY word's bits).
        self.query_flags.narrow.next = self.flags.val();
        self.query_tail.narrow.next = self.tail.val();
        self.query_free.narrow.next = self.free.val();
        // SPARES: the run's buffers left, and the posted run's; WAITING: a run is posted.
        self.spare_count.next = self.cur_count.wide.val();
        if self.sp_valid.val() {
            self.spare_count.next = self.cur_count.wide.val() + self.sp_count.wide.val() + self.one_count.val();
        }
        self.query_spares.next = self.spare_count.val() << self.query_spares_lsb.val();
        if self.sp_valid.val() {
            self.query_spares.next = (self.spare_count.val() << self.query_spares_lsb.val()) | self.query_waiting.val();
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
            // The last free slot with a buffer to follow: the queue moves into the next buffer
            // of its run, or at the run's end into the posted run, which it is in from then on.
            if self.switch_sel.val() {
                self.w_tail.next = self.first_data_index.val();
                self.w_free_nz.next = true;
                self.e_switch.d.next = true;
                if self.cur_nz.val() {
                    self.w_base.next = self.base_next.val();
                    self.w_free.next = self.own_free.val();
                    self.w_spare.next = self.spare.val() - self.current_rest_one.val();
                } else {
                    self.e_entered_run.d.next = true;
                    self.w_k.next = self.sp_k.val();
                    self.w_mask.next = self.sp_mask.val();
                    self.w_base.next = self.sp_base.val();
                    self.w_free.next = self.sp_free.val();
                    self.w_spare.next = (self.spare.val() & self.posted_rest_mask.val()) << self.rest_w.val();
                }
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
        self.ev_entered_run.next = self.e_entered_run.q.val();
        self.ev_queue.next = self.e_queue.q.val();
        self.ev_src.next = self.e_src.q.val();
        self.ev_portal.next = self.e_portal.q.val();
        self.ev_epoch.next = self.e_epoch.q.val();
        self.ev_data.next = self.e_data.q.val();
    }
}
