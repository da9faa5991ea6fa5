//! The card's BAR0 register file (spec §8b; port timing in §6b): identification, NODE_ID,
//! CONTROL, IRQ_STATUS / IRQ_MASK and the line, the command port (CMD_ARG, CMD → the engine's
//! `cmd_*`, STATUS.CMD_PENDING), the QUERY latch, the nine event counters, the OVERFLOW FIFO (a
//! queue's stall, or its switch into a posted run's first buffer, spec §9c),
//! PORTAL_SEL / PORTAL (operations on the portal table), STATUS.SWEEPING and CAPS. Every offset,
//! width and bit comes from `renq_abi::regs`.
//!
//! **CSR handshake.** An access is taken in a cycle with `csr_ready` high and `csr_read` or
//! `csr_write` (not both: a cycle with both takes only the read). A write takes effect at the
//! edge ending its cycle. A read samples the registers in its cycle and is answered by one
//! `csr_rvalid` cycle with `csr_rdata` (0 in every other cycle): the next cycle for every register
//! but PORTAL, whose read is an ENTRY operation on the portal table, answered whenever the table
//! answers. `csr_ready` is low while a PORTAL read or write is under way (the portal table has
//! not taken its operation, or not answered it yet), for a CMD write while a command is still
//! pending, and for the cycle after an OVERFLOW_POP write with POP (the FIFO pops in it) — so
//! no access is ever dropped, STATUS can be read while a command waits, and a read after a POP
//! sees the FIFO popped.

use crate::bus::card::{AnswerSink, CmdSource, CsrTarget, EngineEventSink, PortalOp, SenderEventSink};
use crate::counter::EventCounter;
use crate::fifo::ShiftFifo;
use crate::portal::OP_W as PORTAL_OP_W;
use crate::widen::ZeroExtend;
use crate::*;
use crate::{COUNTER_W, CSR_ADDR_W};
use renq_abi::csr::{bits as v1bits, Irq};
use renq_abi::portal::op;
use renq_abi::regs::{self as r, bits, defined};
use renq_abi::state::bits as state;
use renq_abi::OVERFLOW_FIFO_DEPTH;
use rust_hdl::prelude::*;

const _: () = assert!(defined::NODE_ID == (1 << NODE_W) - 1);
const _: () = assert!(defined::PORTAL_SEL == (1 << PORTAL_W) - 1);
const _: () = assert!(bits::CMD_QUEUE_LSB == 0 && bits::OVERFLOW_QUEUE_LSB == 0);

fn csr(offset: u64) -> Constant<Bits<CSR_ADDR_W>> {
    Constant::new(offset.into())
}

fn word(value: u64) -> Constant<Bits<WORD_W>> {
    Constant::new(value.into())
}

fn pos(bit: u32) -> Constant<Bits<WORD_POS_W>> {
    Constant::new((bit as u64).into())
}

#[derive(LogicBlock)]
pub struct RegFile<const QA: usize, const PA: usize> {
    pub clock: Signal<In, Clock>,
    /// BAR0, the CSR handshake.
    pub csr: CsrTarget,
    // Configuration.
    pub node_id: Signal<Out, Bits<NODE_W>>,
    pub rx_enable: Signal<Out, bool>,
    pub tx_enable: Signal<Out, bool>,
    /// The engine's command port.
    pub cmd: CmdSource,
    // Operations on the portal table (GRANT for a PORTAL write, ENTRY for a PORTAL read): the
    // handshake, and the operation.
    pub pop_valid: Signal<Out, bool>,
    pub pop_ready: Signal<In, bool>,
    pub pop: PortalOp,
    /// The portal table's answer to this file's ENTRY operation (the card routes it here).
    pub prsp: AnswerSink,
    /// The engine's events.
    pub ev: EngineEventSink,
    /// The sender side's events.
    pub tx_ev: SenderEventSink,
    /// The engine's or the portal table's start-up sweep runs.
    pub sweeping: Signal<In, bool>,
    pub irq: Signal<Out, bool>,

    // Registers, kept as masked 64-bit words (bits outside the defined ones are constant 0).
    node_id_r: DFF<Bits<WORD_W>>,
    control: DFF<Bits<WORD_W>>,
    /// BAD_HEADER and NOTIFY as latched (OVERFLOW is computed from the FIFO).
    irq_latched: DFF<Bits<WORD_W>>,
    irq_mask: DFF<Bits<WORD_W>>,
    cmd_arg_r: DFF<Bits<WORD_W>>,
    query: DFF<Bits<WORD_W>>,
    portal_sel: DFF<Bits<WORD_W>>,
    overflow_lost: DFF<bool>,
    overflow_fifo: ShiftFifo<QUEUE_W, OVERFLOW_FIFO_DEPTH>,
    /// An OVERFLOW_POP write with POP was taken last cycle: the FIFO pops in this one (so the
    /// write's decoding ends in a flip-flop, not in every entry of the FIFO).
    overflow_pop_due: DFF<bool>,
    // The pending command: its CMD word and CMD_ARG as they were when CMD was written.
    cmd_pending: DFF<bool>,
    cmd_word: DFF<Bits<WORD_W>>,
    cmd_arg_snap: DFF<Bits<WORD_W>>,
    /// A QUERY the engine took whose answer has not come: the command still counts as pending.
    query_wait: DFF<bool>,
    // The portal operation under way.
    pop_pending: DFF<bool>,
    pop_is_entry: DFF<bool>,
    pop_word: DFF<Bits<WORD_W>>,
    rsp_wait: DFF<bool>,
    rdata_r: DFF<Bits<WORD_W>>,
    rvalid_r: DFF<bool>,
    cnt_sent: EventCounter<COUNTER_W>,
    cnt_tx_dropped: EventCounter<COUNTER_W>,
    cnt_bad_store: EventCounter<COUNTER_W>,
    cnt_enqueued: EventCounter<COUNTER_W>,
    cnt_rejected: EventCounter<COUNTER_W>,
    cnt_overflows: EventCounter<COUNTER_W>,
    cnt_bad_header: EventCounter<COUNTER_W>,
    cnt_refused: EventCounter<COUNTER_W>,
    cnt_src_refused: EventCounter<COUNTER_W>,
    cnt_switches: EventCounter<COUNTER_W>,
    counter_word: ZeroExtend<COUNTER_W, WORD_W>,
    queue_word: ZeroExtend<QUEUE_W, WORD_W>,

    // Combinational helpers.
    take: Signal<Local, bool>,
    take_read: Signal<Local, bool>,
    take_write: Signal<Local, bool>,
    cmd_busy: Signal<Local, bool>,
    read_counter: Signal<Local, Bits<COUNTER_W>>,
    read_value: Signal<Local, Bits<WORD_W>>,
    irq_now: Signal<Local, Bits<WORD_W>>,
    overflow_now: Signal<Local, bool>,
    overflow_word: Signal<Local, Bits<WORD_W>>,
    wkind: Signal<Local, Bits<CMD_KIND_W>>,
    /// IRQ_STATUS's latched bits after this cycle's W1C and events.
    irq_next: Signal<Local, Bits<WORD_W>>,

    // Constants, all from renq_abi.
    a_id: Constant<Bits<CSR_ADDR_W>>,
    a_node_id: Constant<Bits<CSR_ADDR_W>>,
    a_control: Constant<Bits<CSR_ADDR_W>>,
    a_irq_status: Constant<Bits<CSR_ADDR_W>>,
    a_irq_mask: Constant<Bits<CSR_ADDR_W>>,
    a_cmd_arg: Constant<Bits<CSR_ADDR_W>>,
    a_cmd: Constant<Bits<CSR_ADDR_W>>,
    a_query: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_sent: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_tx_dropped: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_enqueued: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_rejected: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_overflows: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_bad_header: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_refused: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_src_refused: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_switches: Constant<Bits<CSR_ADDR_W>>,
    a_overflow: Constant<Bits<CSR_ADDR_W>>,
    a_overflow_pop: Constant<Bits<CSR_ADDR_W>>,
    a_portal_sel: Constant<Bits<CSR_ADDR_W>>,
    a_portal: Constant<Bits<CSR_ADDR_W>>,
    a_status: Constant<Bits<CSR_ADDR_W>>,
    a_caps: Constant<Bits<CSR_ADDR_W>>,
    id_value: Constant<Bits<WORD_W>>,
    caps_value: Constant<Bits<WORD_W>>,
    d_node_id: Constant<Bits<WORD_W>>,
    d_control: Constant<Bits<WORD_W>>,
    d_irq: Constant<Bits<WORD_W>>,
    d_cmd_undefined: Constant<Bits<WORD_W>>,
    d_pop_undefined: Constant<Bits<WORD_W>>,
    d_portal_sel: Constant<Bits<WORD_W>>,
    d_portal: Constant<Bits<WORD_W>>,
    irq_overflow: Constant<Bits<WORD_W>>,
    irq_bad_header: Constant<Bits<WORD_W>>,
    irq_notify: Constant<Bits<WORD_W>>,
    ready_bit: Constant<Bits<WORD_W>>,
    overflow_valid: Constant<Bits<WORD_W>>,
    overflow_lost_bit: Constant<Bits<WORD_W>>,
    status_cmd_pending: Constant<Bits<WORD_W>>,
    status_sweeping: Constant<Bits<WORD_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    zero_counter: Constant<Bits<COUNTER_W>>,
    pos_kind: Constant<Bits<WORD_POS_W>>,
    pos_pop: Constant<Bits<WORD_POS_W>>,
    pos_clear_lost: Constant<Bits<WORD_POS_W>>,
    pos_rx_enable: Constant<Bits<WORD_POS_W>>,
    pos_tx_enable: Constant<Bits<WORD_POS_W>>,
    kind_query: Constant<Bits<CMD_KIND_W>>,
    kind_last: Constant<Bits<CMD_KIND_W>>,
    op_grant: Constant<Bits<PORTAL_OP_W>>,
    op_entry: Constant<Bits<PORTAL_OP_W>>,
}

impl<const QA: usize, const PA: usize> Default for RegFile<QA, PA> {
    fn default() -> Self {
        assert!(QA <= QUEUE_W && PA <= PORTAL_W, "a build holds at most the ids the links carry");
        Self {
            clock: Default::default(),
            csr: Default::default(),
            cmd: Default::default(),
            node_id: Default::default(),
            rx_enable: Default::default(),
            tx_enable: Default::default(),
            pop_valid: Default::default(),
            pop: Default::default(),
            prsp: Default::default(),
            ev: Default::default(),
            tx_ev: Default::default(),
            pop_ready: Default::default(),
            sweeping: Default::default(),
            irq: Default::default(),
            node_id_r: Default::default(),
            control: Default::default(),
            irq_latched: Default::default(),
            irq_mask: Default::default(),
            cmd_arg_r: Default::default(),
            query: Default::default(),
            portal_sel: Default::default(),
            overflow_lost: Default::default(),
            overflow_fifo: Default::default(),
            cmd_pending: Default::default(),
            cmd_word: Default::default(),
            cmd_arg_snap: Default::default(),
            query_wait: Default::default(),
            overflow_pop_due: Default::default(),
            pop_pending: Default::default(),
            pop_is_entry: Default::default(),
            pop_word: Default::default(),
            rsp_wait: Default::default(),
            rdata_r: Default::default(),
            rvalid_r: Default::default(),
            cnt_sent: Default::default(),
            cnt_tx_dropped: Default::default(),
            cnt_bad_store: Default::default(),
            cnt_enqueued: Default::default(),
            cnt_rejected: Default::default(),
            cnt_overflows: Default::default(),
            cnt_bad_header: Default::default(),
            cnt_refused: Default::default(),
            cnt_src_refused: Default::default(),
            cnt_switches: Default::default(),
            counter_word: Default::default(),
            queue_word: Default::default(),
            take: Default::default(),
            take_read: Default::default(),
            take_write: Default::default(),
            cmd_busy: Default::default(),
            read_counter: Default::default(),
            read_value: Default::default(),
            irq_now: Default::default(),
            overflow_now: Default::default(),
            overflow_word: Default::default(),
            wkind: Default::default(),
            irq_next: Default::default(),
            a_id: csr(r::ID),
            a_node_id: csr(r::NODE_ID),
            a_control: csr(r::CONTROL),
            a_irq_status: csr(r::IRQ_STATUS),
            a_irq_mask: csr(r::IRQ_MASK),
            a_cmd_arg: csr(r::CMD_ARG),
            a_cmd: csr(r::CMD),
            a_query: csr(r::QUERY),
            a_cnt_sent: csr(r::CNT_SENT),
            a_cnt_tx_dropped: csr(r::CNT_TX_DROPPED),
            a_cnt_enqueued: csr(r::CNT_ENQUEUED),
            a_cnt_rejected: csr(r::CNT_REJECTED),
            a_cnt_overflows: csr(r::CNT_OVERFLOWS),
            a_cnt_bad_header: csr(r::CNT_BAD_HEADER),
            a_cnt_refused: csr(r::CNT_REFUSED),
            a_cnt_src_refused: csr(r::CNT_SRC_REFUSED),
            a_cnt_switches: csr(r::CNT_SWITCHES),
            a_overflow: csr(r::OVERFLOW),
            a_overflow_pop: csr(r::OVERFLOW_POP),
            a_portal_sel: csr(r::PORTAL_SEL),
            a_portal: csr(r::PORTAL),
            a_status: csr(r::STATUS),
            a_caps: csr(r::CAPS),
            id_value: word(r::ID_VALUE),
            caps_value: word(r::rtl_caps(QA as u32, PA as u32)),
            d_node_id: word(defined::NODE_ID),
            d_control: word(defined::CONTROL),
            d_irq: word(defined::IRQ_STATUS),
            d_cmd_undefined: word(!defined::CMD),
            d_pop_undefined: word(!defined::OVERFLOW_POP),
            d_portal_sel: word(defined::PORTAL_SEL),
            d_portal: word(defined::PORTAL),
            irq_overflow: word(Irq::OVERFLOW_MASK),
            irq_bad_header: word(Irq::BAD_HEADER_MASK),
            irq_notify: word(Irq::NOTIFY_MASK),
            ready_bit: word(1 << state::READY),
            overflow_valid: word(1 << bits::OVERFLOW_VALID),
            overflow_lost_bit: word(1 << bits::OVERFLOW_LOST),
            status_cmd_pending: word(1 << bits::STATUS_CMD_PENDING),
            status_sweeping: word(1 << bits::STATUS_SWEEPING),
            zero_word: word(0),
            zero_counter: Constant::new(0.into()),
            pos_kind: pos(bits::CMD_KIND_LSB),
            pos_pop: pos(bits::POP),
            pos_clear_lost: pos(bits::CLEAR_LOST),
            pos_rx_enable: pos(v1bits::CONTROL_RX_ENABLE),
            pos_tx_enable: pos(v1bits::CONTROL_TX_ENABLE),
            kind_query: Constant::new(renq_abi::CMD_QUERY.into()),
            kind_last: Constant::new(renq_abi::CMD_KINDS[renq_abi::CMD_KINDS.len() - 1].0.into()),
            op_grant: Constant::new(op::GRANT.into()),
            op_entry: Constant::new(op::ENTRY.into()),
        }
    }
}

impl<const QA: usize, const PA: usize> Logic for RegFile<QA, PA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            node_id_r,
            control,
            irq_latched,
            irq_mask,
            cmd_arg_r,
            query,
            portal_sel,
            overflow_lost,
            cmd_pending,
            cmd_word,
            cmd_arg_snap,
            query_wait,
            overflow_pop_due,
            pop_pending,
            pop_is_entry,
            pop_word,
            rsp_wait,
            rdata_r,
            rvalid_r
        );
        clock!(
            self,
            clock,
            overflow_fifo,
            cnt_sent,
            cnt_tx_dropped,
            cnt_bad_store,
            cnt_enqueued,
            cnt_rejected,
            cnt_overflows,
            cnt_bad_header,
            cnt_refused,
            cnt_src_refused,
            cnt_switches
        );
        self.cnt_sent.pulse.next = self.tx_ev.sent.val();
        self.cnt_tx_dropped.pulse.next = self.tx_ev.dropped.val();
        self.cnt_bad_store.pulse.next = self.tx_ev.bad_store.val();
        self.cnt_enqueued.pulse.next = self.ev.enqueued.val();
        self.cnt_rejected.pulse.next = self.ev.rejected.val();
        self.cnt_overflows.pulse.next = self.ev.overflow.val();
        self.cnt_bad_header.pulse.next = self.ev.bad_header.val();
        self.cnt_refused.pulse.next = self.ev.refused.val();
        self.cnt_src_refused.pulse.next = self.tx_ev.src_refused.val();
        self.cnt_switches.pulse.next = self.ev.switch.val();

        // The handshake: one access at a time while a PORTAL access is under way; a CMD write
        // waits while a command is pending.
        self.cmd_busy.next = self.cmd_pending.q.val() | self.query_wait.q.val();
        self.csr.ready.next = !self.pop_pending.q.val()
            & !self.rsp_wait.q.val()
            & !self.overflow_pop_due.q.val()
            & !(self.cmd_busy.val()
                & self.csr.write.val()
                & !self.csr.read.val()
                & (self.csr.addr.val() == self.a_cmd.val()));
        self.take.next = self.csr.ready.val() & (self.csr.read.val() | self.csr.write.val());
        self.take_read.next = self.take.val() & self.csr.read.val();
        self.take_write.next = self.take.val() & self.csr.write.val() & !self.csr.read.val();

        // IRQ_STATUS as read: OVERFLOW while a stall waits in the FIFO or LOST is set.
        self.overflow_now.next = !self.overflow_fifo.empty.val() | self.overflow_lost.q.val();
        self.irq_now.next = self.irq_latched.q.val();
        if self.overflow_now.val() {
            self.irq_now.next = self.irq_latched.q.val() | self.irq_overflow.val();
        }
        self.irq.next = (self.irq_now.val() & self.irq_mask.q.val()).any();
        self.queue_word.narrow.next = self.overflow_fifo.head.val();
        self.overflow_word.next = self.zero_word.val();
        if !self.overflow_fifo.empty.val() {
            self.overflow_word.next = self.queue_word.wide.val() | self.overflow_valid.val();
        }
        if self.overflow_lost.q.val() {
            self.overflow_word.next = self.overflow_word.val() | self.overflow_lost_bit.val();
        }

        // The read multiplexer (distinct offsets; unknown ones read 0).
        self.read_counter.next = self.zero_counter.val();
        if self.csr.addr.val() == self.a_cnt_sent.val() {
            self.read_counter.next = self.cnt_sent.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_tx_dropped.val() {
            self.read_counter.next = self.cnt_tx_dropped.q.val() + self.cnt_bad_store.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_enqueued.val() {
            self.read_counter.next = self.cnt_enqueued.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_rejected.val() {
            self.read_counter.next = self.cnt_rejected.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_overflows.val() {
            self.read_counter.next = self.cnt_overflows.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_bad_header.val() {
            self.read_counter.next = self.cnt_bad_header.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_refused.val() {
            self.read_counter.next = self.cnt_refused.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_src_refused.val() {
            self.read_counter.next = self.cnt_src_refused.q.val();
        }
        if self.csr.addr.val() == self.a_cnt_switches.val() {
            self.read_counter.next = self.cnt_switches.q.val();
        }
        self.counter_word.narrow.next = self.read_counter.val();
        self.read_value.next = self.counter_word.wide.val();
        if self.csr.addr.val() == self.a_id.val() {
            self.read_value.next = self.id_value.val();
        }
        if self.csr.addr.val() == self.a_node_id.val() {
            self.read_value.next = self.node_id_r.q.val();
        }
        if self.csr.addr.val() == self.a_control.val() {
            self.read_value.next = self.control.q.val();
        }
        if self.csr.addr.val() == self.a_irq_status.val() {
            self.read_value.next = self.irq_now.val();
        }
        if self.csr.addr.val() == self.a_irq_mask.val() {
            self.read_value.next = self.irq_mask.q.val();
        }
        if self.csr.addr.val() == self.a_cmd_arg.val() {
            self.read_value.next = self.cmd_arg_r.q.val();
        }
        if self.csr.addr.val() == self.a_query.val() {
            self.read_value.next = self.query.q.val();
        }
        if self.csr.addr.val() == self.a_overflow.val() {
            self.read_value.next = self.overflow_word.val();
        }
        if self.csr.addr.val() == self.a_portal_sel.val() {
            self.read_value.next = self.portal_sel.q.val();
        }
        if self.csr.addr.val() == self.a_status.val() {
            self.read_value.next = self.zero_word.val();
            if self.cmd_busy.val() {
                self.read_value.next = self.status_cmd_pending.val();
            }
            if self.sweeping.val() {
                self.read_value.next = self.read_value.val() | self.status_sweeping.val();
            }
        }
        if self.csr.addr.val() == self.a_caps.val() {
            self.read_value.next = self.caps_value.val();
        }

        // Read answers: the next cycle, or the portal table's answer for PORTAL.
        self.rdata_r.d.next = self.zero_word.val();
        self.rvalid_r.d.next = false;
        if self.take_read.val() {
            if self.csr.addr.val() == self.a_portal.val() {
                self.pop_pending.d.next = true;
                self.pop_is_entry.d.next = true;
            } else {
                self.rdata_r.d.next = self.read_value.val();
                self.rvalid_r.d.next = true;
            }
        }
        if self.rsp_wait.q.val() & self.prsp.valid.val() {
            self.rdata_r.d.next = self.prsp.data.val();
            self.rvalid_r.d.next = true;
            self.rsp_wait.d.next = false;
        }
        self.csr.rdata.next = self.rdata_r.q.val();
        self.csr.rvalid.next = self.rvalid_r.q.val();

        // The portal operation: PORTAL_SEL as every earlier write left it.
        self.pop_valid.next = self.pop_pending.q.val();
        self.pop.kind.next = self.op_grant.val();
        if self.pop_is_entry.q.val() {
            self.pop.kind.next = self.op_entry.val();
        }
        self.pop.portal.next = self.portal_sel.q.val().get_bits::<PORTAL_W>(0);
        self.pop.data.next = self.pop_word.q.val();
        if self.pop_pending.q.val() & self.pop_ready.val() {
            self.pop_pending.d.next = false;
            self.rsp_wait.d.next = self.pop_is_entry.q.val();
        }

        // Writes.
        self.irq_next.next = self.irq_latched.q.val();
        // The POP is made in the next cycle, from a register; no access is taken meanwhile, so
        // every later read sees the FIFO popped. (One assignment, no default then override: a
        // glitch on the FIFO's input would wake its block, whose `full` glitches back into this
        // one; event-driven simulators (iverilog) then loop between the two forever.)
        self.overflow_pop_due.d.next = self.take_write.val()
            & (self.csr.addr.val() == self.a_overflow_pop.val())
            & !(self.csr.wdata.val() & self.d_pop_undefined.val()).any()
            & self.csr.wdata.val().get_bit(self.pos_pop.val().index());
        self.overflow_fifo.pop.next = self.overflow_pop_due.q.val();
        self.wkind.next = self.csr.wdata.val().get_bits::<CMD_KIND_W>(self.pos_kind.val().index());
        if self.take_write.val() {
            if self.csr.addr.val() == self.a_node_id.val() {
                self.node_id_r.d.next = self.csr.wdata.val() & self.d_node_id.val();
            }
            if self.csr.addr.val() == self.a_control.val() {
                self.control.d.next = self.csr.wdata.val() & self.d_control.val();
            }
            if self.csr.addr.val() == self.a_irq_status.val() {
                self.irq_next.next = self.irq_latched.q.val() & !(self.csr.wdata.val() & self.d_irq.val());
            }
            if self.csr.addr.val() == self.a_irq_mask.val() {
                self.irq_mask.d.next = self.csr.wdata.val() & self.d_irq.val();
            }
            if self.csr.addr.val() == self.a_cmd_arg.val() {
                self.cmd_arg_r.d.next = self.csr.wdata.val();
            }
            // A CMD with undefined bits or a kind beyond the last (SPARE) is ignored (as unknown
            // offsets).
            if (self.csr.addr.val() == self.a_cmd.val())
                & !(self.csr.wdata.val() & self.d_cmd_undefined.val()).any()
                & (self.wkind.val() <= self.kind_last.val())
            {
                self.cmd_pending.d.next = true;
                self.cmd_word.d.next = self.csr.wdata.val();
                self.cmd_arg_snap.d.next = self.cmd_arg_r.q.val();
                if self.wkind.val() == self.kind_query.val() {
                    self.query.d.next = self.zero_word.val();
                }
            }
            if (self.csr.addr.val() == self.a_overflow_pop.val())
                & !(self.csr.wdata.val() & self.d_pop_undefined.val()).any()
                & self.csr.wdata.val().get_bit(self.pos_clear_lost.val().index())
            {
                self.overflow_lost.d.next = false;
            }
            if self.csr.addr.val() == self.a_portal_sel.val() {
                self.portal_sel.d.next = self.csr.wdata.val() & self.d_portal_sel.val();
            }
            if self.csr.addr.val() == self.a_portal.val() {
                self.pop_pending.d.next = true;
                self.pop_is_entry.d.next = false;
                self.pop_word.d.next = self.csr.wdata.val() & self.d_portal.val();
            }
        }

        // The command port.
        self.cmd.valid.next = self.cmd_pending.q.val();
        self.cmd.kind.next = self.cmd_word.q.val().get_bits::<CMD_KIND_W>(self.pos_kind.val().index());
        self.cmd.queue.next = self.cmd_word.q.val().get_bits::<QUEUE_W>(0);
        self.cmd.arg.next = self.cmd_arg_snap.q.val();
        if self.cmd_pending.q.val() & self.cmd.ready.val() {
            self.cmd_pending.d.next = false;
            self.query_wait.d.next = self.cmd.kind.val() == self.kind_query.val();
        }
        if self.ev.query.val() {
            self.query.d.next = self.ev.data.val() | self.ready_bit.val();
            self.query_wait.d.next = false;
        }

        // Hardware events win over a W1C in the same cycle; a stall that finds the FIFO full
        // (before this cycle's POP) sets LOST.
        if self.ev.bad_header.val() {
            self.irq_next.next = self.irq_next.val() | self.irq_bad_header.val();
        }
        if self.ev.notify.val() {
            self.irq_next.next = self.irq_next.val() | self.irq_notify.val();
        }
        self.irq_latched.d.next = self.irq_next.val();
        // (A stall and a switch are never the same cycle's: each is one operation's.) A switch
        // inside a run needs nothing from the driver: only one into a posted run is pushed.
        self.overflow_fifo.push.next =
            (self.ev.overflow.val() | self.ev.entered_run.val()) & !self.overflow_fifo.full.val();
        self.overflow_fifo.data_in.next = self.ev.queue.val();
        if (self.ev.overflow.val() | self.ev.entered_run.val()) & self.overflow_fifo.full.val() {
            self.overflow_lost.d.next = true;
        }

        self.node_id.next = self.node_id_r.q.val().get_bits::<NODE_W>(0);
        self.rx_enable.next = self.control.q.val().get_bit(self.pos_rx_enable.val().index());
        self.tx_enable.next = self.control.q.val().get_bit(self.pos_tx_enable.val().index());
    }
}

#[cfg(test)]
mod tests;
