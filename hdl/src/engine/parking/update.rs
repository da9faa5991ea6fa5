//! The parking's `update`: the slots' decisions carried out, their order kept, LD0's pick, the
//! read requests and answers, and the CAM (the struct and its description are in `parking.rs`).

use super::*;

impl Logic for Parking {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            req_valid,
            req_tag,
            req_addr,
            pk_alloc,
            pk_follow,
            pk_retire,
            pk_repark,
            pk_untake,
            pk_slot,
            pk_queue,
            pk_src,
            pk_portal,
            pk_epoch,
            pk_dst_ok,
            pk_data,
            pk_head_addr,
            same01,
            same02,
            same03,
            same12,
            same13,
            same23,
            older0,
            older1,
            older2,
            older3,
            any_elig_r,
            pick_r,
            pick_queue_r,
            pick_follower_r,
            f_cam0,
            f_cam1,
            f_cam2,
            f_cam3,
            f_cam_pk,
            f_replay,
            f_slot,
            f_parked0,
            f_parked1,
            f_parked2,
            f_parked3,
            b_pre_cam
        );
        clock!(self, clock, park0, park1, park2, park3);
        // RD0b's decisions, registered, carried out in the next cycle: a new slot (leader or
        // follower, the lowest free one), or the re-injected operation's own slot released
        // when decided, or made a leader again.
        self.pk_alloc.d.next = self.alloc.val();
        self.pk_follow.d.next = self.follow.val();
        self.pk_retire.d.next = self.retire.val();
        self.pk_repark.d.next = self.repark.val();
        self.pk_untake.d.next = self.untake.val();
        self.pk_slot.d.next = self.slot.val();
        self.pk_queue.d.next = self.queue.val();
        self.pk_src.d.next = self.src.val();
        self.pk_portal.d.next = self.portal.val();
        self.pk_epoch.d.next = self.epoch.val();
        self.pk_dst_ok.d.next = self.dst_ok.val();
        self.pk_data.d.next = self.data.val();
        self.pk_head_addr.d.next = self.head_addr.val();
        self.pk_alloc_o.next = self.pk_alloc.q.val();
        self.pk_reparks.next = self.pk_repark.q.val() | self.pk_untake.q.val();
        self.pk_parks.next = self.pk_alloc.q.val() | self.pk_reparks.val();
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
        self.park0.untake.next = self.pk_untake.q.val() & (self.pk_slot.q.val() == self.slot0.val());
        self.park1.untake.next = self.pk_untake.q.val() & (self.pk_slot.q.val() == self.slot1.val());
        self.park2.untake.next = self.pk_untake.q.val() & (self.pk_slot.q.val() == self.slot2.val());
        self.park3.untake.next = self.pk_untake.q.val() & (self.pk_slot.q.val() == self.slot3.val());
        // Slot order: a new slot is younger than every busy one; its index is cleared from the
        // others' (it may have been an older slot's index before).
        self.busy_vec.next = self.zero4.val();
        self.parked_vec.next = self.zero4.val();
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
        if self.park0.parked.val() {
            self.parked_vec.next = self.parked_vec.val() | self.bit0.val();
        }
        if self.park1.parked.val() {
            self.parked_vec.next = self.parked_vec.val() | self.bit1.val();
        }
        if self.park2.parked.val() {
            self.parked_vec.next = self.parked_vec.val() | self.bit2.val();
        }
        if self.park3.parked.val() {
            self.parked_vec.next = self.parked_vec.val() | self.bit3.val();
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
        // Slots of the same queue as slot i. (A slot's queue changes only when it is
        // allocated: the pairs are updated then.)
        self.same0.next = self.zero4.val();
        self.same1.next = self.zero4.val();
        self.same2.next = self.zero4.val();
        self.same3.next = self.zero4.val();
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
        // Ready, and no older packet of its queue parked (a follower) or busy (a leader): may
        // be re-injected.
        self.held0.next = (self.older0.q.val() & self.same0.val() & self.parked_vec.val()).any();
        self.held1.next = (self.older1.q.val() & self.same1.val() & self.parked_vec.val()).any();
        self.held2.next = (self.older2.q.val() & self.same2.val() & self.parked_vec.val()).any();
        self.held3.next = (self.older3.q.val() & self.same3.val() & self.parked_vec.val()).any();
        self.elig0.next = self.park0.ready.val()
            & !self.held0.val()
            & (self.park0.follower.val() | !(self.older0.q.val() & self.same0.val() & self.busy_vec.val()).any());
        self.elig1.next = self.park1.ready.val()
            & !self.held1.val()
            & (self.park1.follower.val() | !(self.older1.q.val() & self.same1.val() & self.busy_vec.val()).any());
        self.elig2.next = self.park2.ready.val()
            & !self.held2.val()
            & (self.park2.follower.val() | !(self.older2.q.val() & self.same2.val() & self.busy_vec.val()).any());
        self.elig3.next = self.park3.ready.val()
            & !self.held3.val()
            & (self.park3.follower.val() | !(self.older3.q.val() & self.same3.val() & self.busy_vec.val()).any());
        // Registered for LD0: the lowest eligible slot. A slot turns ineligible only by being
        // taken; the choice is not masked by this cycle's take (off the take's path).
        self.any_elig_r.d.next = self.elig0.val() | self.elig1.val() | self.elig2.val() | self.elig3.val();
        self.pick_r.d.next = self.slot3.val();
        self.pick_follower_r.d.next = self.park3.follower.val();
        self.pick_queue_r.d.next = self.park3.queue.val();
        if self.elig2.val() {
            self.pick_r.d.next = self.slot2.val();
            self.pick_follower_r.d.next = self.park2.follower.val();
            self.pick_queue_r.d.next = self.park2.queue.val();
        }
        if self.elig1.val() {
            self.pick_r.d.next = self.slot1.val();
            self.pick_follower_r.d.next = self.park1.follower.val();
            self.pick_queue_r.d.next = self.park1.queue.val();
        }
        if self.elig0.val() {
            self.pick_r.d.next = self.slot0.val();
            self.pick_follower_r.d.next = self.park0.follower.val();
            self.pick_queue_r.d.next = self.park0.queue.val();
        }
        self.any_elig.next = self.any_elig_r.q.val();
        self.pick.next = self.pick_r.q.val();
        self.pick_queue.next = self.pick_queue_r.q.val();
        self.pick_follower.next = self.pick_follower_r.q.val();
        self.park0.taken.next = self.take.val() & (self.pick_r.q.val() == self.slot0.val());
        self.park1.taken.next = self.take.val() & (self.pick_r.q.val() == self.slot1.val());
        self.park2.taken.next = self.take.val() & (self.pick_r.q.val() == self.slot2.val());
        self.park3.taken.next = self.take.val() & (self.pick_r.q.val() == self.slot3.val());

        // Read requests, from a request register (`req_*`): the port's offer is registers only
        // and holds until taken (a valid/ready port). When the register is empty or its request
        // is taken, it loads the lowest slot that wants a read, other than the one taken now
        // (whose `requested` is set at this edge).
        self.taken_rd.next = self.req_valid.q.val() & self.rd_ready.val();
        self.park0.granted.next = self.taken_rd.val() & (self.req_tag.q.val() == self.tag0.val());
        self.park1.granted.next = self.taken_rd.val() & (self.req_tag.q.val() == self.tag1.val());
        self.park2.granted.next = self.taken_rd.val() & (self.req_tag.q.val() == self.tag2.val());
        self.park3.granted.next = self.taken_rd.val() & (self.req_tag.q.val() == self.tag3.val());
        self.want0.next = self.park0.wants_read.val() & !self.park0.granted.val();
        self.want1.next = self.park1.wants_read.val() & !self.park1.granted.val();
        self.want2.next = self.park2.wants_read.val() & !self.park2.granted.val();
        self.want3.next = self.park3.wants_read.val() & !self.park3.granted.val();
        if !self.req_valid.q.val() | self.taken_rd.val() {
            self.req_valid.d.next = self.want0.val() | self.want1.val() | self.want2.val() | self.want3.val();
            self.req_tag.d.next = self.tag3.val();
            self.req_addr.d.next = self.park3.head_addr.val();
            if self.want2.val() {
                self.req_tag.d.next = self.tag2.val();
                self.req_addr.d.next = self.park2.head_addr.val();
            }
            if self.want1.val() {
                self.req_tag.d.next = self.tag1.val();
                self.req_addr.d.next = self.park1.head_addr.val();
            }
            if self.want0.val() {
                self.req_tag.d.next = self.tag0.val();
                self.req_addr.d.next = self.park0.head_addr.val();
            }
        }
        self.rd_valid.next = self.req_valid.q.val();
        self.rd_tag.next = self.req_tag.q.val();
        self.rd_addr.next = self.req_addr.q.val();
        self.park0.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag0.val());
        self.park1.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag1.val());
        self.park2.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag2.val());
        self.park3.answer.next = self.rsp_valid.val() & (self.rsp_tag.val() == self.tag3.val());
        self.park0.answer_data.next = self.rsp_data.val();
        self.park1.answer_data.next = self.rsp_data.val();
        self.park2.answer_data.next = self.rsp_data.val();
        self.park3.answer_data.next = self.rsp_data.val();

        // RD0a: the re-injected operation's fields, from its slot (stable while it is in flight).
        self.s_src.next = self.park0.src.val();
        self.s_portal.next = self.park0.portal.val();
        self.s_epoch.next = self.park0.epoch.val();
        self.s_dst_ok.next = self.park0.dst_ok.val();
        self.s_data.next = self.park0.data.val();
        self.s_head.next = self.park0.head.val();
        if self.a_slot.val() == self.slot1.val() {
            self.s_src.next = self.park1.src.val();
            self.s_portal.next = self.park1.portal.val();
            self.s_epoch.next = self.park1.epoch.val();
            self.s_dst_ok.next = self.park1.dst_ok.val();
            self.s_data.next = self.park1.data.val();
            self.s_head.next = self.park1.head.val();
        }
        if self.a_slot.val() == self.slot2.val() {
            self.s_src.next = self.park2.src.val();
            self.s_portal.next = self.park2.portal.val();
            self.s_epoch.next = self.park2.epoch.val();
            self.s_dst_ok.next = self.park2.dst_ok.val();
            self.s_data.next = self.park2.data.val();
            self.s_head.next = self.park2.head.val();
        }
        if self.a_slot.val() == self.slot3.val() {
            self.s_src.next = self.park3.src.val();
            self.s_portal.next = self.park3.portal.val();
            self.s_epoch.next = self.park3.epoch.val();
            self.s_dst_ok.next = self.park3.dst_ok.val();
            self.s_data.next = self.park3.data.val();
            self.s_head.next = self.park3.head.val();
        }
        // The parking CAM for RD0f, compared in RD0a (a slot allocated now holds `pk_queue`
        // then; `pk_queue` then is RD0b's queue now, `queue`).
        self.a_pk_eq.next = self.pk_queue.q.val() == self.a_queue.val();
        self.f_cam0.d.next = self.park0.queue.val() == self.a_queue.val();
        if self.park0.alloc.val() {
            self.f_cam0.d.next = self.a_pk_eq.val();
        }
        self.f_cam1.d.next = self.park1.queue.val() == self.a_queue.val();
        if self.park1.alloc.val() {
            self.f_cam1.d.next = self.a_pk_eq.val();
        }
        self.f_cam2.d.next = self.park2.queue.val() == self.a_queue.val();
        if self.park2.alloc.val() {
            self.f_cam2.d.next = self.a_pk_eq.val();
        }
        self.f_cam3.d.next = self.park3.queue.val() == self.a_queue.val();
        if self.park3.alloc.val() {
            self.f_cam3.d.next = self.a_pk_eq.val();
        }
        self.f_cam_pk.d.next = self.queue.val() == self.a_queue.val();
        self.f_replay.d.next = self.a_replay.val();
        self.f_slot.d.next = self.a_slot.val();
        self.f_parked0.d.next = self.park0.parked.val() | self.park0.alloc.val();
        self.f_parked1.d.next = self.park1.parked.val() | self.park1.alloc.val();
        self.f_parked2.d.next = self.park2.parked.val() | self.park2.alloc.val();
        self.f_parked3.d.next = self.park3.parked.val() | self.park3.alloc.val();
        // RD0f: a link packet waits behind a slot of its queue parked now or when it was in
        // RD0a (a follower taken since is behind it in the pipeline), or a decision on its way
        // that leaves one parked (a slot freed since only makes it a follower that is
        // re-injected at once). A re-injected follower waits behind an older parked slot of its
        // queue, or a follower of its queue ahead of it parked again (on its way); the
        // followers parked behind it are younger.
        self.held_f.next = self.held0.val();
        if self.f_slot.q.val() == self.slot1.val() {
            self.held_f.next = self.held1.val();
        }
        if self.f_slot.q.val() == self.slot2.val() {
            self.held_f.next = self.held2.val();
        }
        if self.f_slot.q.val() == self.slot3.val() {
            self.held_f.next = self.held3.val();
        }
        self.b_pre_cam.d.next = ((self.park0.parked.val() | self.f_parked0.q.val()) & self.f_cam0.q.val())
            | ((self.park1.parked.val() | self.f_parked1.q.val()) & self.f_cam1.q.val())
            | ((self.park2.parked.val() | self.f_parked2.q.val()) & self.f_cam2.q.val())
            | ((self.park3.parked.val() | self.f_parked3.q.val()) & self.f_cam3.q.val())
            | (self.pk_parks.val() & self.f_cam_pk.q.val());
        if self.f_replay.q.val() {
            self.b_pre_cam.d.next = self.held_f.val() | (self.pk_reparks.val() & self.f_cam_pk.q.val());
        }
        self.cam_f.next = self.b_pre_cam.d.val();
        self.cam_b.next = self.b_pre_cam.q.val();

        // Slots free next cycle: not allocated now, and not busy or retiring.
        self.nfree_s.next = self.zero3.val();
        if !self.park0.alloc.val() & !(self.park0.busy.val() & !self.park0.retire.val()) {
            self.nfree_s.next = self.nfree_s.val() + self.one3.val();
        }
        if !self.park1.alloc.val() & !(self.park1.busy.val() & !self.park1.retire.val()) {
            self.nfree_s.next = self.nfree_s.val() + self.one3.val();
        }
        if !self.park2.alloc.val() & !(self.park2.busy.val() & !self.park2.retire.val()) {
            self.nfree_s.next = self.nfree_s.val() + self.one3.val();
        }
        if !self.park3.alloc.val() & !(self.park3.busy.val() & !self.park3.retire.val()) {
            self.nfree_s.next = self.nfree_s.val() + self.one3.val();
        }
        self.nfree.next = self.nfree_s.val();
        self.empty.next = !self.pk_alloc.q.val()
            & !self.pk_retire.q.val()
            & !self.pk_repark.q.val()
            & !self.park0.busy.val()
            & !self.park1.busy.val()
            & !self.park2.busy.val()
            & !self.park3.busy.val();
    }
}
