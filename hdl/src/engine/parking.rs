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

mod update;

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

#[cfg(test)]
mod tests;
