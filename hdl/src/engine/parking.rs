//! The engine's parking (spec §6a, RD1): four [`ParkSlot`]s (one per read tag) with what
//! keeps them in order, their tagged HEAD reads, and what LD0, RD0a and RD0f ask of them.
//!
//! * RD0b's parking decisions (`alloc`: a packet parks, as a leader or, with `follow`, as a
//!   follower; `retire`, `repark`, `untake`: the re-injected operation's own slot `slot` is
//!   freed, made a leader again, or parked again as a follower) are registered (`pk_*`) and
//!   carried out in the next cycle: a new packet takes the lowest free slot.
//! * Ages: `older_i` bit j = slot j was parked before slot i; a new slot is younger than every
//!   busy one. Same queue: `same_ij` = slots i and j hold packets of one queue (kept as slots
//!   are allocated, so eligibility needs no queue compare).
//! * Parked: busy and not a follower in flight (a leader in flight may stall its queue; a
//!   follower in flight that has to wait is parked again, `untake`).
//! * Eligible: ready, and no older packet of its queue busy (a leader) or parked (a follower:
//!   the followers of a queue go one behind the other, each taken once the older ones are in
//!   flight). LD0's choice (`pick`, its queue and whether it is a follower) is the lowest
//!   eligible slot, registered: LD0 reads registers only (`take` re-injects the pick; LD0
//!   keeps a slot from being taken twice).
//! * Read requests: a request register offers the lowest slot that wants one (its index the
//!   tag), held until taken (a valid/ready port: the offer is registers and does not change
//!   while `rd_ready` is low); answers by tag.
//! * RD0a: a re-injected operation's fields from its slot (`a_slot`, a register); the parking
//!   CAM (slot i holds RD0a's queue, as of RD0f: a slot allocated in between is compared with
//!   its new queue; the parking on its way, `cam_pk_in`) compared there and finished in RD0f
//!   over the parked slots and the decisions on their way that leave a packet parked
//!   (`cam_f`, registered as `cam_b` for RD0b; the engine forwards RD0b's own previous
//!   decision).
//! * `nfree`: slots free next cycle (for LD0's room count); `empty`: no slot busy and no
//!   decision on its way.

use crate::park::ParkSlot;
use crate::*;
use rust_hdl::prelude::*;

const _: () = assert!(renq_abi::READ_TAGS == 4, "four parking slots");

#[derive(LogicBlock)]
pub struct Parking {
    pub clock: Signal<In, Clock>,
    // RD0b's decisions about its operation, and the operation.
    pub alloc: Signal<In, bool>,
    pub follow: Signal<In, bool>,
    pub retire: Signal<In, bool>,
    pub repark: Signal<In, bool>,
    pub untake: Signal<In, bool>,
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
    /// RD0a holds a re-injected follower (Replay, of slot `a_slot`; a register).
    pub a_replay: Signal<In, bool>,
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
    /// RD0f's queue has a parked packet (or one on its way to be); the same, registered, for
    /// RD0b.
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
    pk_untake: DFF<bool>,
    /// A decision of a cycle ago that leaves a packet parked is being carried out (a new slot,
    /// a leader in place, a follower parked again); the same, of a re-injected follower's slot.
    pk_parks: Signal<Local, bool>,
    pk_reparks: Signal<Local, bool>,
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
    parked_vec: Signal<Local, Bits<4>>,
    /// An older slot of slot i's queue is parked (a follower waits behind it).
    held0: Signal<Local, bool>,
    held1: Signal<Local, bool>,
    held2: Signal<Local, bool>,
    held3: Signal<Local, bool>,
    held_f: Signal<Local, bool>,
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
    /// RD0f holds a re-injected follower, of slot `f_slot` (RD0a's, registered here).
    f_replay: DFF<bool>,
    f_slot: DFF<Bits<2>>,
    /// Slot i was parked (or being allocated) as of RD0a: a follower taken since is behind the
    /// RD0a operation in the pipeline.
    f_parked0: DFF<bool>,
    f_parked1: DFF<bool>,
    f_parked2: DFF<bool>,
    f_parked3: DFF<bool>,
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
    /// The read request offered (registers: held until taken).
    req_valid: DFF<bool>,
    req_tag: DFF<Bits<TAG_W>>,
    req_addr: DFF<Bits<ADDR_W>>,
    taken_rd: Signal<Local, bool>,
    want0: Signal<Local, bool>,
    want1: Signal<Local, bool>,
    want2: Signal<Local, bool>,
    want3: Signal<Local, bool>,
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
            untake: Default::default(),
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
            a_replay: Default::default(),
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
            pk_untake: Default::default(),
            pk_parks: Default::default(),
            pk_reparks: Default::default(),
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
            parked_vec: Default::default(),
            held0: Default::default(),
            held1: Default::default(),
            held2: Default::default(),
            held3: Default::default(),
            held_f: Default::default(),
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
            f_replay: Default::default(),
            f_slot: Default::default(),
            f_parked0: Default::default(),
            f_parked1: Default::default(),
            f_parked2: Default::default(),
            f_parked3: Default::default(),
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
            req_valid: Default::default(),
            req_tag: Default::default(),
            req_addr: Default::default(),
            taken_rd: Default::default(),
            want0: Default::default(),
            want1: Default::default(),
            want2: Default::default(),
            want3: Default::default(),
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

#[cfg(test)]
mod tests;
