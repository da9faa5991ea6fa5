//! The engine's parking (spec §6a, RD1): four [`ParkSlot`]s (one per read tag) with what
//! keeps them in order, their tagged HEAD reads, and what LD0, RD0a and RD0f ask of them.
//!
//! * RD0b's parking decisions (`alloc`: a packet parks, as a leader or, with `follow`, as a
//!   follower; `retire`, `repark`: the re-injected operation's own slot `slot` is freed, or made
//!   a leader again) are registered (`pk_*`) and carried out in the next cycle: a new packet
//!   takes the lowest free slot.
//! * Ages: `older_i` bit j = slot j was parked before slot i; a new slot is younger than every
//!   busy one. Same queue: `same_ij` = slots i and j hold packets of one queue (kept as slots
//!   are allocated, so eligibility needs no queue compare).
//! * Eligible: ready, and no older packet of its queue parked. LD0's choice (`pick`, its queue
//!   and whether it is a follower) is the lowest eligible slot, registered: LD0 reads
//!   registers only (`take` re-injects the pick; LD0 keeps a slot from being taken twice).
//! * Read requests: the lowest slot that wants one, its index the tag; answers by tag.
//! * RD0a: a re-injected operation's fields from its slot (`a_slot`, a register); the parking
//!   CAM (slot i holds RD0a's queue, as of RD0f: a slot allocated in between is compared with
//!   its new queue; the parking on its way, `cam_pk_in`) compared there and finished in RD0f
//!   (`cam_f`, registered as `cam_b` for RD0b).
//! * `nfree`: slots free next cycle (for LD0's room count); `empty`: no slot busy and no
//!   decision on its way.

use crate::park::ParkSlot;
use crate::*;
use rust_hdl::prelude::*;

const _: () = assert!(renq_abi::v2::READ_TAGS == 4, "four parking slots");

#[derive(LogicBlock)]
pub struct Parking {
    pub clock: Signal<In, Clock>,
    // RD0b's decisions about its operation, and the operation.
    pub alloc: Signal<In, bool>,
    pub follow: Signal<In, bool>,
    pub retire: Signal<In, bool>,
    pub repark: Signal<In, bool>,
    /// The re-injected operation's slot.
    pub slot: Signal<In, Bits<2>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub src: Signal<In, Bits<NODE_W>>,
    pub portal: Signal<In, Bits<PORTAL_W>>,
    pub epoch: Signal<In, Bits<EPOCH_W>>,
    pub dst_ok: Signal<In, bool>,
    pub data: Signal<In, Bits<WORD_W>>,
    pub head_addr: Signal<In, Bits<ADDR_W>>,
    /// LD0 re-injects the registered pick this cycle.
    pub take: Signal<In, bool>,
    /// RD0a's slot and queue (registers).
    pub a_slot: Signal<In, Bits<2>>,
    pub a_queue: Signal<In, Bits<QUEUE_W>>,
    // Tagged reads of host memory.
    pub rd_valid: Signal<Out, bool>,
    pub rd_ready: Signal<In, bool>,
    pub rd_addr: Signal<Out, Bits<ADDR_W>>,
    pub rd_tag: Signal<Out, Bits<TAG_W>>,
    pub rsp_valid: Signal<In, bool>,
    pub rsp_tag: Signal<In, Bits<TAG_W>>,
    pub rsp_data: Signal<In, Bits<WORD_W>>,

    /// A parking decided a cycle ago is being carried out (`pk_alloc`).
    pub pk_alloc_o: Signal<Out, bool>,
    /// LD0's registered choice: some slot is eligible; the lowest one, its queue, a follower.
    pub any_elig: Signal<Out, bool>,
    pub pick: Signal<Out, Bits<2>>,
    pub pick_queue: Signal<Out, Bits<QUEUE_W>>,
    pub pick_follower: Signal<Out, bool>,
    /// The fields of slot `a_slot`.
    pub s_src: Signal<Out, Bits<NODE_W>>,
    pub s_portal: Signal<Out, Bits<PORTAL_W>>,
    pub s_epoch: Signal<Out, Bits<EPOCH_W>>,
    pub s_dst_ok: Signal<Out, bool>,
    pub s_data: Signal<Out, Bits<WORD_W>>,
    pub s_head: Signal<Out, Bits<INDEX_W>>,
    /// RD0f's queue has a parked (or parking) packet; the same, registered, for RD0b.
    pub cam_f: Signal<Out, bool>,
    pub cam_b: Signal<Out, bool>,
    /// Slots free next cycle.
    pub nfree: Signal<Out, Bits<3>>,
    /// No slot busy, no decision on its way.
    pub empty: Signal<Out, bool>,

    park0: ParkSlot,
    park1: ParkSlot,
    park2: ParkSlot,
    park3: ParkSlot,
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
    same01: DFF<bool>,
    same02: DFF<bool>,
    same03: DFF<bool>,
    same12: DFF<bool>,
    same13: DFF<bool>,
    same23: DFF<bool>,
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
    any_elig_r: DFF<bool>,
    pick_r: DFF<Bits<2>>,
    pick_queue_r: DFF<Bits<QUEUE_W>>,
    pick_follower_r: DFF<bool>,
    /// RD0f: RD0a's queue (as of RD0a) is slot i's as of RD0f, is the parking on its way then.
    f_cam0: DFF<bool>,
    f_cam1: DFF<bool>,
    f_cam2: DFF<bool>,
    f_cam3: DFF<bool>,
    f_cam_pk: DFF<bool>,
    a_pk_eq: Signal<Local, bool>,
    b_pre_cam: DFF<bool>,
    nfree_s: Signal<Local, Bits<3>>,
    one3: Constant<Bits<3>>,
    zero3: Constant<Bits<3>>,
    zero4: Constant<Bits<4>>,
    bit0: Constant<Bits<4>>,
    bit1: Constant<Bits<4>>,
    bit2: Constant<Bits<4>>,
    bit3: Constant<Bits<4>>,
    tag0: Constant<Bits<TAG_W>>,
    tag1: Constant<Bits<TAG_W>>,
    tag2: Constant<Bits<TAG_W>>,
    tag3: Constant<Bits<TAG_W>>,
    slot0: Constant<Bits<2>>,
    slot1: Constant<Bits<2>>,
    slot2: Constant<Bits<2>>,
    slot3: Constant<Bits<2>>,
}

impl Default for Parking {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            alloc: Default::default(),
            follow: Default::default(),
            retire: Default::default(),
            repark: Default::default(),
            slot: Default::default(),
            queue: Default::default(),
            src: Default::default(),
            portal: Default::default(),
            epoch: Default::default(),
            dst_ok: Default::default(),
            data: Default::default(),
            head_addr: Default::default(),
            take: Default::default(),
            a_slot: Default::default(),
            a_queue: Default::default(),
            rd_valid: Default::default(),
            rd_ready: Default::default(),
            rd_addr: Default::default(),
            rd_tag: Default::default(),
            rsp_valid: Default::default(),
            rsp_tag: Default::default(),
            rsp_data: Default::default(),
            pk_alloc_o: Default::default(),
            any_elig: Default::default(),
            pick: Default::default(),
            pick_queue: Default::default(),
            pick_follower: Default::default(),
            s_src: Default::default(),
            s_portal: Default::default(),
            s_epoch: Default::default(),
            s_dst_ok: Default::default(),
            s_data: Default::default(),
            s_head: Default::default(),
            cam_f: Default::default(),
            cam_b: Default::default(),
            nfree: Default::default(),
            empty: Default::default(),
            park0: Default::default(),
            park1: Default::default(),
            park2: Default::default(),
            park3: Default::default(),
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
            same01: Default::default(),
            same02: Default::default(),
            same03: Default::default(),
            same12: Default::default(),
            same13: Default::default(),
            same23: Default::default(),
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
            any_elig_r: Default::default(),
            pick_r: Default::default(),
            pick_queue_r: Default::default(),
            pick_follower_r: Default::default(),
            f_cam0: Default::default(),
            f_cam1: Default::default(),
            f_cam2: Default::default(),
            f_cam3: Default::default(),
            f_cam_pk: Default::default(),
            a_pk_eq: Default::default(),
            b_pre_cam: Default::default(),
            nfree_s: Default::default(),
            one3: Constant::new(1.into()),
            zero3: Constant::new(0.into()),
            zero4: Constant::new(0.into()),
            bit0: Constant::new(1.into()),
            bit1: Constant::new(2.into()),
            bit2: Constant::new(4.into()),
            bit3: Constant::new(8.into()),
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

impl Logic for Parking {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
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
        self.pk_slot.d.next = self.slot.val();
        self.pk_queue.d.next = self.queue.val();
        self.pk_src.d.next = self.src.val();
        self.pk_portal.d.next = self.portal.val();
        self.pk_epoch.d.next = self.epoch.val();
        self.pk_dst_ok.d.next = self.dst_ok.val();
        self.pk_data.d.next = self.data.val();
        self.pk_head_addr.d.next = self.head_addr.val();
        self.pk_alloc_o.next = self.pk_alloc.q.val();
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
        // Ready, and no older packet of its queue parked: may be re-injected.
        self.elig0.next =
            self.park0.ready.val() & !(self.older0.q.val() & self.busy_vec.val() & self.same0.val()).any();
        self.elig1.next =
            self.park1.ready.val() & !(self.older1.q.val() & self.busy_vec.val() & self.same1.val()).any();
        self.elig2.next =
            self.park2.ready.val() & !(self.older2.q.val() & self.busy_vec.val() & self.same2.val()).any();
        self.elig3.next =
            self.park3.ready.val() & !(self.older3.q.val() & self.busy_vec.val() & self.same3.val()).any();
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
        // RD0f: the slots and the pending allocation (a slot freed since only makes the
        // operation a follower that is re-injected at once).
        self.b_pre_cam.d.next = (self.park0.busy.val() & self.f_cam0.q.val())
            | (self.park1.busy.val() & self.f_cam1.q.val())
            | (self.park2.busy.val() & self.f_cam2.q.val())
            | (self.park3.busy.val() & self.f_cam3.q.val())
            | (self.pk_alloc.q.val() & self.f_cam_pk.q.val());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// A parked packet as the spec has it.
    #[derive(Clone, Copy, Debug)]
    struct Parked {
        queue: u64,
        data: u64,
        src: u64,
        head_addr: u64,
        follower: bool,
        /// Allocation order.
        age: u64,
        /// Its HEAD read was granted.
        requested: bool,
        /// The read's answer (low 16 bits).
        head: Option<u64>,
    }

    /// RD0b's decision of a cycle: (alloc, follow, retire, repark, slot, packet).
    type Decision = (bool, bool, bool, bool, usize, Parked);

    fn ready(u: &Parking, i: usize) -> bool {
        [&u.park0, &u.park1, &u.park2, &u.park3][i].ready.val()
    }

    /// Packets of three queues park (leaders and followers) whenever a slot is free for them;
    /// reads are granted and answered after random delays, parked packets are taken when LD0
    /// could and decided (released, or a follower made a leader) after random delays; nothing
    /// happens in random cycles. Checked every cycle against a model of the slots from the
    /// spec: the lowest free slot is allocated; LD0's pick is the lowest slot that was ready
    /// with no older packet of its queue parked; reads go lowest slot first with its HEAD
    /// address and the answer reaches its tag's slot; a slot's fields, the parking CAM, the
    /// free count and `empty`.
    #[test]
    fn parked_packets_are_reinjected_oldest_first_per_queue_under_random_stalls() {
        let mut h = Hand::<Parking>::new(|p, c| p.clock.next = Clock { clk: c });
        let mut rng = Rng(0x9a4c_1e60);
        let mut slots: [Option<Parked>; 4] = [None; 4];
        let none =
            Parked { queue: 0, data: 0, src: 0, head_addr: 0, follower: false, age: 0, requested: false, head: None };
        let mut pk: Decision = (false, false, false, false, 0, none);
        let mut age = 0u64;
        // Granted reads (tag, answer cycle), in order; taken slots in flight (slot, decide cycle).
        let mut reads: Vec<(usize, u64)> = Vec::new();
        let mut flight: Vec<(usize, u64)> = Vec::new();
        let mut prev_elig: Option<usize> = None;
        let mut took = false;
        let mut prev_a_queue = 0u64;
        let (mut taken_n, mut parked_n, mut answers) = (0, 0, 0);
        for cycle in 0..8_000u64 {
            // This cycle's inputs.
            let free = slots.iter().filter(|s| s.is_none()).count() - pk.0 as usize;
            let decide = flight.first().copied().filter(|&(_, t)| t <= cycle);
            let packet = Parked {
                queue: 1 + rng.below(3),
                data: rng.next_u64(),
                src: rng.below(1024),
                head_addr: rng.below(1 << 40) << 3,
                follower: rng.chance(30),
                ..none
            };
            let mut d: Decision = (false, false, false, false, rng.below(4) as usize, packet);
            if let Some((slot, _)) = decide.filter(|_| rng.chance(60)) {
                flight.remove(0);
                d.4 = slot;
                if slots[slot].unwrap().follower && rng.chance(40) {
                    d.3 = true;
                } else {
                    d.2 = true;
                }
            } else if free >= 1 && rng.chance(25) {
                d.0 = true;
                d.1 = packet.follower;
            }
            let u = &mut h.uut;
            let take = u.any_elig.val() && !took && rng.chance(50);
            u.alloc.next = d.0;
            u.follow.next = d.1;
            u.retire.next = d.2;
            u.repark.next = d.3;
            u.slot.next = (d.4 as u64).into();
            u.queue.next = packet.queue.into();
            u.src.next = packet.src.into();
            u.portal.next = (packet.src ^ 0x55).into();
            u.epoch.next = (packet.data & 0xff).into();
            u.dst_ok.next = packet.data & 1 == 1;
            u.data.next = packet.data.into();
            u.head_addr.next = packet.head_addr.into();
            u.take.next = take;
            let (a_slot, a_queue) = (rng.below(4) as usize, rng.below(4));
            u.a_slot.next = (a_slot as u64).into();
            u.a_queue.next = a_queue.into();
            u.rd_ready.next = rng.chance(50);
            let answer = reads.first().copied().filter(|&(_, t)| t <= cycle);
            let rsp_data = rng.next_u64();
            u.rsp_valid.next = answer.is_some();
            u.rsp_tag.next = answer.map_or(rng.below(4), |(tag, _)| tag as u64).into();
            u.rsp_data.next = rsp_data.into();
            h.settle();
            let u = &h.uut;

            // The outputs against the model.
            let alloc_slot = if pk.0 { slots.iter().position(|s| s.is_none()) } else { None };
            let nfree =
                (0..4).filter(|&i| alloc_slot != Some(i) && (slots[i].is_none() || (pk.2 && pk.4 == i))).count();
            assert_eq!(u.nfree.val().to_u64(), nfree as u64, "cycle {cycle}");
            assert_eq!(u.empty.val(), slots.iter().all(Option::is_none) && !pk.0 && !pk.2 && !pk.3);
            assert_eq!(u.pk_alloc_o.val(), pk.0);
            if let Some(s) = slots[a_slot] {
                assert_eq!((u.s_data.val().to_u64(), u.s_src.val().to_u64()), (s.data, s.src), "cycle {cycle}");
                if let Some(head) = s.head {
                    assert_eq!(u.s_head.val().to_u64(), head, "cycle {cycle}");
                }
            }
            let cam = slots.iter().any(|s| s.is_some_and(|s| s.queue == prev_a_queue))
                || (pk.0 && pk.5.queue == prev_a_queue);
            assert_eq!(u.cam_f.val(), cam, "cycle {cycle}");
            assert_eq!(u.any_elig.val(), prev_elig.is_some(), "cycle {cycle}");
            if let Some(i) = prev_elig {
                assert_eq!(u.pick.val().to_u64(), i as u64, "cycle {cycle}");
                let s = slots[i].unwrap();
                assert_eq!((u.pick_queue.val().to_u64(), u.pick_follower.val()), (s.queue, s.follower));
            }
            let wants = (0..4).find(|&i| slots[i].is_some_and(|s| !s.follower && !s.requested));
            assert_eq!(u.rd_valid.val(), wants.is_some(), "cycle {cycle}");
            if let Some(i) = wants {
                assert_eq!(u.rd_tag.val().to_u64(), i as u64, "cycle {cycle}");
                assert_eq!(u.rd_addr.val().to_u64(), slots[i].unwrap().head_addr, "cycle {cycle}");
            }
            // Eligible now (LD0 sees it next cycle): ready, no older busy slot of its queue.
            let older_of_queue = |i: usize| {
                (0..4).any(|j| {
                    slots[j].is_some_and(|sj| slots[i].is_some_and(|si| sj.queue == si.queue && sj.age < si.age))
                })
            };
            let elig = (0..4).find(|&i| ready(u, i) && !older_of_queue(i));
            if take {
                let slot = u.pick.val().to_u64() as usize;
                assert!(ready(u, slot), "cycle {cycle}: a slot not ready taken");
                flight.push((slot, cycle + 1 + rng.below(4)));
                taken_n += 1;
            }
            if let Some(i) = wants.filter(|_| u.rd_ready.val()) {
                reads.push((i, cycle + 1 + rng.below(6)));
                slots[i].as_mut().unwrap().requested = true;
            }
            if let Some((tag, _)) = answer {
                reads.remove(0);
                slots[tag].as_mut().unwrap().head = Some(rsp_data & 0xffff);
                answers += 1;
            }
            h.tick();

            // The edge: pk's decision carried out, this cycle's registered.
            if pk.0 {
                let i = alloc_slot.expect("a free slot for the allocation");
                slots[i] = Some(Parked { age, ..pk.5 });
                age += 1;
                parked_n += 1;
            }
            if pk.2 {
                slots[pk.4] = None;
            }
            if pk.3 {
                let s = slots[pk.4].as_mut().unwrap();
                (s.follower, s.requested, s.head, s.head_addr) = (false, false, None, pk.5.head_addr);
            }
            pk = d;
            // (The registered pick may still name a slot just taken: LD0 waits a cycle, `took`.)
            prev_elig = elig;
            took = take;
            prev_a_queue = a_queue;
        }
        assert!(
            parked_n > 300 && taken_n > 300 && answers > 100,
            "{parked_n} parked, {taken_n} taken, {answers} answers"
        );
    }
}
