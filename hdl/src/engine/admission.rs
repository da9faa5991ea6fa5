//! LD0, the engine's admission (spec §6a, LD0): picks one operation per cycle and the queue
//! whose state RAM word is read for it.
//!
//! Priority: the start-up sweep that clears the state RAM (2^QA cycles after power-up) > the
//! next micro-operation of a sequence LD0 is issuing (the HEAD command's HeadFix, HeadMax,
//! Head; a parked leader's HeadFix, HeadMax, ReHead, Reinject) > a driver command > a parked
//! packet that is ready (LD0's registered pick, [`super::Parking`]) > a link packet. The RAM
//! is read for the source that is valid (by that priority) whatever the admission checks say:
//! they only turn the operation into a bubble, and the operation's fields are that source's.
//! Every admission rule reads registers only:
//! * room in the write queue for every entry in flight (the fill of the previous cycle,
//!   `room_r`);
//! * a link packet needs a parking slot for itself and every packet ahead of it that may park
//!   (counted a cycle ahead for each value of the two things not known then, this cycle's
//!   admission and the parking on its way, `room_p0..2`, picked by those two registers);
//! * a re-injection waits one cycle after another (`took_r`: the registered pick may still
//!   name the slot just taken); an ARM waits while RD0a holds an operation (`arm_wait`).
//!
//! No rule is about the queue state: every write an operation's read misses is forwarded.

use super::{Op, OP_W};
use crate::memport::{WQ_DEPTH, WQ_PTR_W};
use crate::*;
use renq_abi as abi;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct Admission<const QA: usize> {
    pub clock: Signal<In, Clock>,
    // The link's packet (rx_ready never depends on rx_valid).
    pub rx_valid: Signal<In, bool>,
    pub rx_ready: Signal<Out, bool>,
    pub rx_enable: Signal<In, bool>,
    pub rx_src: Signal<In, Bits<NODE_W>>,
    pub rx_dst: Signal<In, Bits<NODE_W>>,
    pub rx_queue: Signal<In, Bits<QUEUE_W>>,
    pub rx_data: Signal<In, Bits<WORD_W>>,
    pub rx_epoch: Signal<In, Bits<EPOCH_W>>,
    pub rx_portal: Signal<In, Bits<PORTAL_W>>,
    pub node_id: Signal<In, Bits<NODE_W>>,
    // The driver's command.
    pub cmd_valid: Signal<In, bool>,
    pub cmd_ready: Signal<Out, bool>,
    pub cmd_kind: Signal<In, Bits<CMD_KIND_W>>,
    pub cmd_queue: Signal<In, Bits<QUEUE_W>>,
    pub cmd_arg: Signal<In, Bits<WORD_W>>,
    /// The write queue's fill.
    pub wq_fill: Signal<In, Bits<WQ_PTR_W>>,
    /// RD0a holds an operation; a link packet; RD0f holds a link packet.
    pub a_busy: Signal<In, bool>,
    pub a_is_pkt: Signal<In, bool>,
    pub f_is_pkt: Signal<In, bool>,
    // The parking's registered pick, its free slots next cycle, a parking on its way.
    pub any_elig: Signal<In, bool>,
    pub pick: Signal<In, Bits<2>>,
    pub pick_queue: Signal<In, Bits<QUEUE_W>>,
    pub pick_follower: Signal<In, bool>,
    pub nfree: Signal<In, Bits<3>>,
    pub pk_alloc: Signal<In, bool>,

    /// The operation for RD0a (`Op`; None: a bubble) and its fields.
    pub op: Signal<Out, Bits<OP_W>>,
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    pub src: Signal<Out, Bits<NODE_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
    pub portal: Signal<Out, Bits<PORTAL_W>>,
    pub epoch: Signal<Out, Bits<EPOCH_W>>,
    pub head: Signal<Out, Bits<INDEX_W>>,
    pub dst_ok: Signal<Out, bool>,
    /// The queue is below 2^QA.
    pub in_range: Signal<Out, bool>,
    /// A link packet is admitted.
    pub is_pkt: Signal<Out, bool>,
    /// A parking slot's operation (its other fields are taken in RD0a), and the slot.
    pub from_slot: Signal<Out, bool>,
    pub slot: Signal<Out, Bits<2>>,
    /// The pick is re-injected now.
    pub take: Signal<Out, bool>,
    /// The sweep is over; no sequence under way.
    pub swept_o: Signal<Out, bool>,
    pub seq_idle: Signal<Out, bool>,

    // Start-up sweep.
    swept: DFF<bool>,
    sweep_ctr: DFF<Bits<QUEUE_W>>,
    // A sequence of micro-operations LD0 is issuing: phase (0 none), for the HEAD command or
    // for a parking slot's re-injection.
    seq_phase: DFF<Bits<3>>,
    /// A sequence is under way (`seq_phase ≠ 0`, kept as a flip-flop of its own: no compare
    /// in front of every admission check).
    seq_on: DFF<bool>,
    seq_cmd: DFF<bool>,
    seq_slot: DFF<Bits<2>>,
    /// The queue of `seq_slot` (registered: the state RAM's read address needs no slot mux).
    seq_queue_r: DFF<Bits<QUEUE_W>>,
    /// LD0 re-injected a slot in the previous cycle: the registered pick may still name it.
    took_r: DFF<bool>,
    room_r: DFF<bool>,
    /// Parking room next cycle with 0, 1, 2 of (a packet admitted now, `pk_alloc` then).
    room_p0: DFF<bool>,
    room_p1: DFF<bool>,
    room_p2: DFF<bool>,
    idle_seq: Signal<Local, bool>,
    room: Signal<Local, bool>,
    need: Signal<Local, Bits<3>>,
    park_room: Signal<Local, bool>,
    /// An ARM command waits while RD0a holds an operation: it then never follows one directly,
    /// so RD0b decides it on RD0f's state alone (no forwarded head/tail compare in RD0b's
    /// write path). Commands go before re-injections and link packets, so it waits one cycle.
    arm_wait: Signal<Local, bool>,
    cmd_start: Signal<Local, bool>,
    reinj_start: Signal<Local, bool>,
    /// The slot LD0 would re-inject, and its queue.
    sel_queue: Signal<Local, Bits<QUEUE_W>>,
    rd_queue: Signal<Local, Bits<QUEUE_W>>,
    op_none: Constant<Bits<OP_W>>,
    op_packet: Constant<Bits<OP_W>>,
    op_reinject: Constant<Bits<OP_W>>,
    op_export: Constant<Bits<OP_W>>,
    op_head: Constant<Bits<OP_W>>,
    op_resume: Constant<Bits<OP_W>>,
    op_clear: Constant<Bits<OP_W>>,
    op_arm: Constant<Bits<OP_W>>,
    op_query: Constant<Bits<OP_W>>,
    op_spare: Constant<Bits<OP_W>>,
    op_head_calc: Constant<Bits<OP_W>>,
    op_rehead: Constant<Bits<OP_W>>,
    op_replay: Constant<Bits<OP_W>>,
    op_head_max: Constant<Bits<OP_W>>,
    op_head_fix: Constant<Bits<OP_W>>,
    cmd_export: Constant<Bits<CMD_KIND_W>>,
    cmd_head: Constant<Bits<CMD_KIND_W>>,
    cmd_resume: Constant<Bits<CMD_KIND_W>>,
    cmd_arm: Constant<Bits<CMD_KIND_W>>,
    cmd_query: Constant<Bits<CMD_KIND_W>>,
    cmd_spare: Constant<Bits<CMD_KIND_W>>,
    queue_high_mask: Constant<Bits<QUEUE_W>>,
    sweep_last: Constant<Bits<QUEUE_W>>,
    one_queue: Constant<Bits<QUEUE_W>>,
    wq_limit: Constant<Bits<WQ_PTR_W>>,
    zero_phase: Constant<Bits<3>>,
    phase_fix: Constant<Bits<3>>,
    phase_max: Constant<Bits<3>>,
    phase_cmp: Constant<Bits<3>>,
    phase_decide: Constant<Bits<3>>,
    one3: Constant<Bits<3>>,
}

impl<const QA: usize> Default for Admission<QA> {
    fn default() -> Self {
        assert!(QA >= 1 && QA <= QUEUE_W, "queue RAM address bits must be 1..={QUEUE_W}");
        let queues = 1u64 << QA;
        let queue_mask = (1u64 << QUEUE_W) - 1;
        Self {
            clock: Default::default(),
            rx_valid: Default::default(),
            rx_ready: Default::default(),
            rx_enable: Default::default(),
            rx_src: Default::default(),
            rx_dst: Default::default(),
            rx_queue: Default::default(),
            rx_data: Default::default(),
            rx_epoch: Default::default(),
            rx_portal: Default::default(),
            node_id: Default::default(),
            cmd_valid: Default::default(),
            cmd_ready: Default::default(),
            cmd_kind: Default::default(),
            cmd_queue: Default::default(),
            cmd_arg: Default::default(),
            wq_fill: Default::default(),
            a_busy: Default::default(),
            a_is_pkt: Default::default(),
            f_is_pkt: Default::default(),
            any_elig: Default::default(),
            pick: Default::default(),
            pick_queue: Default::default(),
            pick_follower: Default::default(),
            nfree: Default::default(),
            pk_alloc: Default::default(),
            op: Default::default(),
            queue: Default::default(),
            src: Default::default(),
            data: Default::default(),
            portal: Default::default(),
            epoch: Default::default(),
            head: Default::default(),
            dst_ok: Default::default(),
            in_range: Default::default(),
            is_pkt: Default::default(),
            from_slot: Default::default(),
            slot: Default::default(),
            take: Default::default(),
            swept_o: Default::default(),
            seq_idle: Default::default(),
            swept: Default::default(),
            sweep_ctr: Default::default(),
            seq_phase: Default::default(),
            seq_on: Default::default(),
            seq_cmd: Default::default(),
            seq_slot: Default::default(),
            seq_queue_r: Default::default(),
            took_r: Default::default(),
            room_r: Default::default(),
            room_p0: Default::default(),
            room_p1: Default::default(),
            room_p2: Default::default(),
            idle_seq: Default::default(),
            room: Default::default(),
            need: Default::default(),
            park_room: Default::default(),
            arm_wait: Default::default(),
            cmd_start: Default::default(),
            reinj_start: Default::default(),
            sel_queue: Default::default(),
            rd_queue: Default::default(),
            op_none: Op::None.constant(),
            op_packet: Op::Packet.constant(),
            op_reinject: Op::Reinject.constant(),
            op_export: Op::Export.constant(),
            op_head: Op::Head.constant(),
            op_resume: Op::Resume.constant(),
            op_clear: Op::Clear.constant(),
            op_arm: Op::Arm.constant(),
            op_query: Op::Query.constant(),
            op_spare: Op::Spare.constant(),
            op_head_calc: Op::HeadCalc.constant(),
            op_rehead: Op::ReHead.constant(),
            op_replay: Op::Replay.constant(),
            op_head_max: Op::HeadMax.constant(),
            op_head_fix: Op::HeadFix.constant(),
            cmd_export: Constant::new(abi::CMD_EXPORT.into()),
            cmd_head: Constant::new(abi::CMD_HEAD.into()),
            cmd_resume: Constant::new(abi::CMD_RESUME.into()),
            cmd_arm: Constant::new(abi::CMD_ARM.into()),
            cmd_query: Constant::new(abi::CMD_QUERY.into()),
            cmd_spare: Constant::new(abi::CMD_SPARE.into()),
            queue_high_mask: Constant::new((queue_mask & !(queues - 1)).into()),
            sweep_last: Constant::new((queues - 1).into()),
            one_queue: Constant::new(1.into()),
            wq_limit: Constant::new(((WQ_DEPTH - 5) as u64).into()),
            zero_phase: Constant::new(0.into()),
            phase_fix: Constant::new(1.into()),
            phase_max: Constant::new(2.into()),
            phase_cmp: Constant::new(3.into()),
            phase_decide: Constant::new(4.into()),
            one3: Constant::new(1.into()),
        }
    }
}

impl<const QA: usize> Logic for Admission<QA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            swept,
            sweep_ctr,
            seq_phase,
            seq_on,
            seq_cmd,
            seq_slot,
            seq_queue_r,
            took_r,
            room_r,
            room_p0,
            room_p1,
            room_p2
        );
        self.idle_seq.next = !self.seq_on.q.val();
        // Room in the write queue for the entry on its way in, the operations in RD0a, RD0f and
        // RD0b and this one (each pushes ≤ 1 entry; a sequence's first two micro-operations none).
        // (Registered: the fill a cycle ago, one entry stricter, as at most one is pushed a cycle.)
        self.room_r.d.next = self.wq_fill.val() < self.wq_limit.val();
        self.room.next = self.room_r.q.val();
        // A free parking slot for this packet even if every packet ahead of it parks: free
        // slots ≥ 1 + the packets in RD0a, RD0f and RD0b + the parking on its way
        // (`pk_alloc`). Counted a cycle ahead (the slots' next `busy`, the packets now in RD0a
        // and RD0f as next cycle's RD0f and RD0b) for each count of the two unknowns, the
        // packet LD0 admits now (`a_is_pkt` next cycle) and `pk_alloc`; picked here by those
        // two registers.
        self.park_room.next = self.room_p0.q.val();
        if self.a_is_pkt.val() | self.pk_alloc.val() {
            self.park_room.next = self.room_p1.q.val();
        }
        if self.a_is_pkt.val() & self.pk_alloc.val() {
            self.park_room.next = self.room_p2.q.val();
        }
        self.need.next = self.one3.val();
        if self.a_is_pkt.val() {
            self.need.next = self.need.val() + self.one3.val();
        }
        if self.f_is_pkt.val() {
            self.need.next = self.need.val() + self.one3.val();
        }
        self.room_p0.d.next = self.nfree.val() >= self.need.val();
        self.room_p1.d.next = self.nfree.val() > self.need.val();
        self.room_p2.d.next = self.nfree.val() > self.need.val() + self.one3.val();
        // The slot LD0 would re-inject: the sequence's, else the lowest eligible one (as of the
        // previous cycle); its queue from registers.
        self.slot.next = self.seq_slot.q.val();
        if self.idle_seq.val() {
            self.slot.next = self.pick.val();
        }
        self.sel_queue.next = self.seq_queue_r.q.val();
        if self.idle_seq.val() {
            self.sel_queue.next = self.pick_queue.val();
        }
        // A slot re-injected in the previous cycle may still be the registered pick: not taken
        // twice (`took_r`).
        self.arm_wait.next = (self.cmd_kind.val() == self.cmd_arm.val()) & self.a_busy.val();
        self.cmd_start.next =
            self.swept.q.val() & self.idle_seq.val() & self.cmd_valid.val() & self.room.val() & !self.arm_wait.val();
        self.reinj_start.next = self.swept.q.val()
            & self.idle_seq.val()
            & !self.cmd_valid.val()
            & self.any_elig.val()
            & self.room.val()
            & !self.took_r.q.val();
        self.took_r.d.next = self.reinj_start.val();
        self.cmd_ready.next = (self.swept.q.val()
            & self.idle_seq.val()
            & self.room.val()
            & !self.arm_wait.val()
            & (self.cmd_kind.val() != self.cmd_head.val()))
            | ((self.seq_phase.q.val() == self.phase_cmp.val()) & self.seq_cmd.q.val());
        self.rx_ready.next = self.swept.q.val()
            & self.idle_seq.val()
            & self.rx_enable.val()
            & self.room.val()
            & !self.cmd_valid.val()
            & !self.any_elig.val()
            & self.park_room.val();

        self.op.next = self.op_none.val();
        self.is_pkt.next = false;
        // (`reinj_start` implies the branches above are not taken: no cmd_valid, no sequence,
        // swept; so the take needs none of their checks.)
        self.take.next = self.reinj_start.val();
        if !self.swept.q.val() {
            self.op.next = self.op_clear.val();
            self.sweep_ctr.d.next = self.sweep_ctr.q.val() + self.one_queue.val();
            if self.sweep_ctr.q.val() == self.sweep_last.val() {
                self.swept.d.next = true;
            }
        } else if !self.idle_seq.val() {
            if self.seq_phase.q.val() == self.phase_fix.val() {
                self.op.next = self.op_head_fix.val();
                self.seq_phase.d.next = self.phase_max.val();
            } else if self.seq_phase.q.val() == self.phase_max.val() {
                self.op.next = self.op_head_max.val();
                self.seq_phase.d.next = self.phase_cmp.val();
            } else if self.seq_cmd.q.val() {
                // The HEAD command's last micro-operation (the command is taken now).
                self.op.next = self.op_head.val();
                self.seq_phase.d.next = self.zero_phase.val();
                self.seq_on.d.next = false;
            } else if self.seq_phase.q.val() == self.phase_cmp.val() {
                self.op.next = self.op_rehead.val();
                self.seq_phase.d.next = self.phase_decide.val();
            } else {
                self.op.next = self.op_reinject.val();
                self.seq_phase.d.next = self.zero_phase.val();
                self.seq_on.d.next = false;
            }
        } else if self.cmd_start.val() {
            if self.cmd_kind.val() == self.cmd_export.val() {
                self.op.next = self.op_export.val();
            }
            if self.cmd_kind.val() == self.cmd_head.val() {
                self.op.next = self.op_head_calc.val();
                self.seq_phase.d.next = self.phase_fix.val();
                self.seq_on.d.next = true;
                self.seq_cmd.d.next = true;
            }
            if self.cmd_kind.val() == self.cmd_resume.val() {
                self.op.next = self.op_resume.val();
            }
            if self.cmd_kind.val() == self.cmd_arm.val() {
                self.op.next = self.op_arm.val();
            }
            if self.cmd_kind.val() == self.cmd_query.val() {
                self.op.next = self.op_query.val();
            }
            if self.cmd_kind.val() == self.cmd_spare.val() {
                self.op.next = self.op_spare.val();
            }
        } else if self.reinj_start.val() {
            if self.pick_follower.val() {
                self.op.next = self.op_replay.val();
            } else {
                self.op.next = self.op_head_calc.val();
                self.seq_phase.d.next = self.phase_fix.val();
                self.seq_on.d.next = true;
                self.seq_cmd.d.next = false;
                self.seq_slot.d.next = self.pick.val();
                self.seq_queue_r.d.next = self.pick_queue.val();
            }
        } else if self.rx_valid.val() & self.rx_ready.val() {
            self.op.next = self.op_packet.val();
            self.is_pkt.next = true;
        }
        // The state RAM is read for the operation's source, chosen by validity alone, and the
        // operation's fields are that source's (the admission checks only decide whether the
        // operation goes on or is a bubble).
        self.rd_queue.next = self.rx_queue.val();
        self.from_slot.next = false;
        self.src.next = self.rx_src.val();
        self.data.next = self.rx_data.val();
        self.portal.next = self.rx_portal.val();
        self.epoch.next = self.rx_epoch.val();
        self.head.next = self.rx_data.val().get_bits::<INDEX_W>(0);
        self.dst_ok.next = self.rx_dst.val() == self.node_id.val();
        if !self.swept.q.val() {
            self.rd_queue.next = self.sweep_ctr.q.val();
        } else if (!self.idle_seq.val() & self.seq_cmd.q.val()) | (self.idle_seq.val() & self.cmd_valid.val()) {
            self.rd_queue.next = self.cmd_queue.val();
            self.data.next = self.cmd_arg.val();
            self.head.next = self.cmd_arg.val().get_bits::<INDEX_W>(0);
            self.dst_ok.next = true;
        } else if !self.idle_seq.val() | self.any_elig.val() {
            // (The slot's other fields are taken in RD0a, by `a_slot`.)
            self.rd_queue.next = self.sel_queue.val();
            self.dst_ok.next = true;
            self.from_slot.next = true;
        }
        self.queue.next = self.rd_queue.val();
        self.in_range.next = !(self.rd_queue.val() & self.queue_high_mask.val()).any();
        self.swept_o.next = self.swept.q.val();
        self.seq_idle.next = self.idle_seq.val();
    }
}

#[cfg(test)]
mod tests;
