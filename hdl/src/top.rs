//! `Top`: the whole card (spec §6b) — register file, portal table, engine, outcome path —
//! with flat ports (listed once in [`ports`]). Inside, the register file's ports are the
//! bundles of [`crate::bus::card`] (BAR0, the command port, portal operations and answers,
//! events), joined where the other side is a bundle too (the portal operation select); the
//! engine's and the portal table's ports are flat (each is also emitted and checked on its own:
//! `renq_engine.v`, `renq_portal.v`), so their side is wired field by field.
//!
//! * BAR0 → [`RegFile`]: CSR handshake; commands to the engine; PORTAL accesses become GRANT /
//!   ENTRY operations on the portal table.
//! * BAR2 → the portal table: a page is a portal; an aligned 8-byte store at `RETRY_OFFSET` is
//!   RETRY, elsewhere STORE; any other store is dropped and counted (CNT_TX_DROPPED); a load is
//!   LOAD, answered with the portal's status word (a misaligned load answers 0).
//! * The portal table's packets → link TX, ENQUEUE channel (`tx_*`, src = NODE_ID).
//! * Link RX, ENQUEUE channel (`rx_*`) → the engine → the memory port (flat).
//! * The engine's accept / refuse / reject events → the outcome FIFO → link TX, OUTCOME channel
//!   (`otx_*`): one OUTCOME per ENQUEUE taken, to (src, portal), with the queue's epoch.
//! * Link RX, OUTCOME channel (`orx_*`): `dst` = NODE_ID → an OUTCOME operation on the portal
//!   table; any other is taken and ignored (as `Model`).
//!
//! Two channels per direction (ENQUEUE, OUTCOME), not one stream: on one in-order stream an
//! ENQUEUE the receiver cannot take yet would hold the OUTCOMEs behind it, and two cards (or one
//! looped back) whose outcome FIFOs wait for each other's link would deadlock. Here an OUTCOME
//! never waits behind an ENQUEUE: the OUTCOME channel's only consumer is the portal table, which
//! the card keeps from waiting on the ENQUEUE channel (the STORE rule below).

use crate::bus::card::PortalOp;
use crate::fifo::ShiftFifo;
use crate::portal::{PortalTable, OP_W as PORTAL_OP_W};
use crate::regfile::RegFile;
use crate::CSR_ADDR_W;
use crate::*;
use op_select::OpSelect;
use renq_abi::packet::outcome;
use renq_abi::portal::{op, PAGE_SHIFT, RETRY_OFFSET, WINDOW_BITS};
use renq_abi::OUTCOME_FIFO_DEPTH;
use rust_hdl::prelude::*;

/// BAR2 offset bits (16 MiB: one 4 KiB page per portal).
pub const BAR2_ADDR_W: usize = WINDOW_BITS as usize;
const IN_PAGE_W: usize = PAGE_SHIFT as usize;
const _: () = assert!(BAR2_ADDR_W == IN_PAGE_W + PORTAL_W);
/// Outcome code bits (`renq_abi::packet::outcome`).
pub const CODE_W: usize = 2;
const _: () = assert!(outcome::CODE_MASK == (1 << CODE_W) - 1 && outcome::COUNT_LSB as usize > CODE_W);
/// One outcome owed: {code, epoch, portal, queue, dst}.
pub const OUTCOME_W: usize = CODE_W + EPOCH_W + PORTAL_W + QUEUE_W + NODE_W;
/// Bits of the count of ENQUEUEs taken whose OUTCOME has not left (0 ..= OUTCOME_FIFO_DEPTH).
const OWED_W: usize = crate::index_width(OUTCOME_FIFO_DEPTH) + 1;
const _: () = assert!(OUTCOME_FIFO_DEPTH < 1 << OWED_W);

/// An owed outcome from the engine's event fields, as one concatenation.
#[derive(LogicBlock, Default)]
pub struct OutcomePack {
    pub code: Signal<In, Bits<CODE_W>>,
    pub epoch: Signal<In, Bits<EPOCH_W>>,
    pub portal: Signal<In, Bits<PORTAL_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub dst: Signal<In, Bits<NODE_W>>,
    pub word: Signal<Out, Bits<OUTCOME_W>>,
}

impl Logic for OutcomePack {
    fn update(&mut self) {
        let mut w = self.code.val().to_u64();
        w = w << EPOCH_W | self.epoch.val().to_u64();
        w = w << PORTAL_W | self.portal.val().to_u64();
        w = w << QUEUE_W | self.queue.val().to_u64();
        w = w << NODE_W | self.dst.val().to_u64();
        self.word.next = w.into();
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) word = {code, epoch, portal, queue, dst};".into())
    }
}

/// An owed outcome's fields, and its OUTCOME data word (the code, count 1).
#[derive(LogicBlock, Default)]
pub struct OutcomeUnpack {
    pub word: Signal<In, Bits<OUTCOME_W>>,
    pub epoch: Signal<Out, Bits<EPOCH_W>>,
    pub portal: Signal<Out, Bits<PORTAL_W>>,
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    pub dst: Signal<Out, Bits<NODE_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
}

impl Logic for OutcomeUnpack {
    fn update(&mut self) {
        let w = self.word.val().to_u64();
        self.dst.next = (w & ((1 << NODE_W) - 1)).into();
        let w = w >> NODE_W;
        self.queue.next = (w & ((1 << QUEUE_W) - 1)).into();
        let w = w >> QUEUE_W;
        self.portal.next = (w & ((1 << PORTAL_W) - 1)).into();
        let w = w >> PORTAL_W;
        self.epoch.next = (w & ((1 << EPOCH_W) - 1)).into();
        let code = w >> EPOCH_W;
        self.data.next = (code | 1 << outcome::COUNT_LSB).into();
    }
    fn connect(&mut self) {
        self.epoch.connect();
        self.portal.connect();
        self.queue.connect();
        self.dst.connect();
        self.data.connect();
    }
    fn hdl(&self) -> Verilog {
        let (q, p) = (NODE_W, NODE_W + QUEUE_W);
        let (e, c) = (p + PORTAL_W, p + PORTAL_W + EPOCH_W);
        let gap = outcome::COUNT_LSB as usize - CODE_W;
        Verilog::Custom(format!(
            "always @(*) begin\n  dst = word[{}:0];\n  queue = word[{}:{q}];\n  portal = word[{}:{p}];\n  \
             epoch = word[{}:{e}];\n  data = {{{}'d0, 1'b1, {gap}'d0, word[{}:{c}]}};\nend",
            q - 1,
            p - 1,
            e - 1,
            c - 1,
            WORD_W - outcome::COUNT_LSB as usize - 1,
            OUTCOME_W - 1
        ))
    }
}

/// `Top`'s struct and its `Default`: `clock`, the ports of the one port list
/// ([`ports::with_top_ports`]), then the parts inside (`name: Type = initial value`).
macro_rules! top_struct {
    (
        ports { $( $(#[$pd:meta])* $p:ident: $dir:ident $t:ident = $w:expr, )+ }
        $(#[$sd:meta])*
        pub struct Top { $( $(#[$fd:meta])* $f:ident: $ft:ty = $init:expr, )+ }
    ) => {
        $(#[$sd])*
        #[derive(LogicBlock)]
        pub struct Top<const QA: usize, const PA: usize> {
            pub clock: Signal<In, Clock>,
            $( $(#[$pd])* pub $p: Signal<$dir, port_signal!($t, $w)>, )+
            $( $(#[$fd])* $f: $ft, )+
        }

        impl<const QA: usize, const PA: usize> Default for Top<QA, PA> {
            fn default() -> Self {
                Self { clock: Default::default(), $( $p: Default::default(), )+ $( $f: $init, )+ }
            }
        }
    };
}

/// A port's RustHDL value type: `bool` for a `bool` port, else `Bits<width>`.
macro_rules! port_signal {
    (bool, $w:expr) => {
        bool
    };
    ($t:ident, $w:expr) => {
        Bits<{ $w }>
    };
}

fn k<const N: usize>(v: u64) -> Constant<Bits<N>> {
    Constant::new(v.into())
}

ports::with_top_ports!(top_struct! {
    /// The whole card (the module doc says what is inside); its ports are the port list's.
    pub struct Top {
        regs: RegFile<QA, PA> = Default::default(),
        engine: Engine<QA> = Default::default(),
        portals: PortalTable<PA> = Default::default(),
        outcomes: ShiftFifo<OUTCOME_W, OUTCOME_FIFO_DEPTH> = Default::default(),
        pack: OutcomePack = Default::default(),
        unpack: OutcomeUnpack = Default::default(),
        op_select: OpSelect = Default::default(),
        /// ENQUEUEs taken from the link whose OUTCOME has not left on the link yet.
        owed: DFF<Bits<OWED_W>> = Default::default(),
        /// The engine has been idle once: its start-up sweep is over.
        engine_swept: DFF<bool> = Default::default(),
        /// A LOAD or ENTRY is in the portal table; its answer goes to BAR0 (else BAR2).
        rsp_busy: DFF<bool> = Default::default(),
        rsp_to_regs: DFF<bool> = Default::default(),
        /// A BAR2 load waits for its answer; a misaligned one is answered 0 next cycle.
        b2_load_wait: DFF<bool> = Default::default(),
        b2_zero: DFF<bool> = Default::default(),

        room: Signal<Local, bool> = Default::default(),
        eng_rx_valid: Signal<Local, bool> = Default::default(),
        rx_take: Signal<Local, bool> = Default::default(),
        outcome_event: Signal<Local, bool> = Default::default(),
        otx_take: Signal<Local, bool> = Default::default(),
        store_ok: Signal<Local, bool> = Default::default(),
        b2_aligned: Signal<Local, bool> = Default::default(),
        b2_full: Signal<Local, bool> = Default::default(),
        b2_kind: Signal<Local, Bits<PORTAL_OP_W>> = Default::default(),
        b2_needs_table: Signal<Local, bool> = Default::default(),
        b2_can: Signal<Local, bool> = Default::default(),
        orx_mine: Signal<Local, bool> = Default::default(),
        regs_can: Signal<Local, bool> = Default::default(),
        grant_regs: Signal<Local, bool> = Default::default(),
        grant_orx: Signal<Local, bool> = Default::default(),
        grant_b2: Signal<Local, bool> = Default::default(),
        b2_table_ready: Signal<Local, bool> = Default::default(),
        op_answers: Signal<Local, bool> = Default::default(),

        depth: Constant<Bits<OWED_W>> = k(OUTCOME_FIFO_DEPTH as u64),
        one_owed: Constant<Bits<OWED_W>> = k(1),
        word_offset: Constant<Bits<3>> = k(0),
        full_strobe: Constant<Bits<8>> = k(0xff),
        retry_offset: Constant<Bits<IN_PAGE_W>> = k(RETRY_OFFSET),
        pos_page: Constant<Bits<5>> = k(PAGE_SHIFT as u64),
        code_accepted: Constant<Bits<CODE_W>> = k(outcome::ACCEPTED),
        code_refused: Constant<Bits<CODE_W>> = k(outcome::REFUSED),
        code_rejected: Constant<Bits<CODE_W>> = k(outcome::REJECTED),
        op_store: Constant<Bits<PORTAL_OP_W>> = k(op::STORE),
        op_retry: Constant<Bits<PORTAL_OP_W>> = k(op::RETRY),
        op_load: Constant<Bits<PORTAL_OP_W>> = k(op::LOAD),
        op_outcome: Constant<Bits<PORTAL_OP_W>> = k(op::OUTCOME),
        op_entry: Constant<Bits<PORTAL_OP_W>> = k(op::ENTRY),
        zero_word: Constant<Bits<WORD_W>> = k(0),
    }
});

impl<const QA: usize, const PA: usize> Logic for Top<QA, PA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, owed, engine_swept, rsp_busy, rsp_to_regs, b2_load_wait, b2_zero);
        clock!(self, clock, regs, engine, portals, outcomes);

        // BAR0.
        self.regs.csr.addr.next = self.csr_addr.val();
        self.regs.csr.wdata.next = self.csr_wdata.val();
        self.regs.csr.write.next = self.csr_write.val();
        self.regs.csr.read.next = self.csr_read.val();
        self.csr_ready.next = self.regs.csr.ready.val();
        self.csr_rdata.next = self.regs.csr.rdata.val();
        self.csr_rvalid.next = self.regs.csr.rvalid.val();
        self.irq.next = self.regs.irq.val();
        self.engine_swept.d.next = self.engine_swept.q.val() | self.engine.idle.val();
        self.regs.sweeping.next = self.portals.sweeping.val() | !self.engine_swept.q.val();

        // Commands and configuration.
        self.engine.node_id.next = self.regs.node_id.val();
        self.engine.rx_enable.next = self.regs.rx_enable.val();
        self.portals.tx_enable.next = self.regs.tx_enable.val();
        self.engine.cmd_valid.next = self.regs.cmd.valid.val();
        self.regs.cmd.ready.next = self.engine.cmd_ready.val();
        self.engine.cmd_kind.next = self.regs.cmd.kind.val();
        self.engine.cmd_queue.next = self.regs.cmd.queue.val();
        self.engine.cmd_arg.next = self.regs.cmd.arg.val();

        // Link RX (ENQUEUE) → engine, only while the outcome FIFO has room for every packet
        // already taken: the engine's events cannot wait, so each must find a free entry.
        self.room.next = self.owed.q.val() != self.depth.val();
        self.eng_rx_valid.next = self.rx_valid.val() & self.room.val();
        self.engine.rx_valid.next = self.eng_rx_valid.val();
        self.rx_ready.next = self.engine.rx_ready.val() & self.room.val();
        self.rx_take.next = self.eng_rx_valid.val() & self.engine.rx_ready.val();
        self.engine.rx_src.next = self.rx_src.val();
        self.engine.rx_dst.next = self.rx_dst.val();
        self.engine.rx_queue.next = self.rx_queue.val();
        self.engine.rx_portal.next = self.rx_portal.val();
        self.engine.rx_epoch.next = self.rx_epoch.val();
        self.engine.rx_data.next = self.rx_data.val();

        // Memory.
        self.wr_valid.next = self.engine.wr_valid.val();
        self.engine.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.engine.wr_addr.val();
        self.wr_data.next = self.engine.wr_data.val();
        self.rd_valid.next = self.engine.rd_valid.val();
        self.engine.rd_ready.next = self.rd_ready.val();
        self.rd_addr.next = self.engine.rd_addr.val();
        self.rd_tag.next = self.engine.rd_tag.val();
        self.engine.rsp_valid.next = self.rsp_valid.val();
        self.engine.rsp_tag.next = self.rsp_tag.val();
        self.engine.rsp_data.next = self.rsp_data.val();

        // Engine events → counters, and → the outcome FIFO (one per packet decided).
        self.regs.ev.enqueued.next = self.engine.ev_enqueued.val();
        self.regs.ev.rejected.next = self.engine.ev_rejected.val();
        self.regs.ev.refused.next = self.engine.ev_refused.val();
        self.regs.ev.overflow.next = self.engine.ev_overflow.val();
        self.regs.ev.bad_header.next = self.engine.ev_bad_header.val();
        self.regs.ev.query.next = self.engine.ev_query.val();
        self.regs.ev.switch.next = self.engine.ev_switch.val();
        self.regs.ev.entered_run.next = self.engine.ev_entered_run.val();
        self.regs.ev.notify.next = self.engine.ev_notify.val();
        self.regs.ev.queue.next = self.engine.ev_queue.val();
        self.regs.ev.data.next = self.engine.ev_data.val();
        self.outcome_event.next =
            self.engine.ev_enqueued.val() | self.engine.ev_refused.val() | self.engine.ev_rejected.val();
        self.pack.code.next = self.code_accepted.val();
        if self.engine.ev_refused.val() {
            self.pack.code.next = self.code_refused.val();
        }
        if self.engine.ev_rejected.val() {
            self.pack.code.next = self.code_rejected.val();
        }
        self.pack.epoch.next = self.engine.ev_epoch.val();
        self.pack.portal.next = self.engine.ev_portal.val();
        self.pack.queue.next = self.engine.ev_queue.val();
        self.pack.dst.next = self.engine.ev_src.val();
        self.outcomes.push.next = self.outcome_event.val();
        self.outcomes.data_in.next = self.pack.word.val();

        // Outcome FIFO → link TX (OUTCOME channel).
        self.unpack.word.next = self.outcomes.head.val();
        self.otx_valid.next = !self.outcomes.empty.val();
        self.otx_src.next = self.regs.node_id.val();
        self.otx_dst.next = self.unpack.dst.val();
        self.otx_queue.next = self.unpack.queue.val();
        self.otx_portal.next = self.unpack.portal.val();
        self.otx_epoch.next = self.unpack.epoch.val();
        self.otx_data.next = self.unpack.data.val();
        self.otx_take.next = !self.outcomes.empty.val() & self.otx_ready.val();
        self.outcomes.pop.next = self.otx_take.val();
        if self.rx_take.val() & !self.otx_take.val() {
            self.owed.d.next = self.owed.q.val() + self.one_owed.val();
        }
        if !self.rx_take.val() & self.otx_take.val() {
            self.owed.d.next = self.owed.q.val() - self.one_owed.val();
        }

        // Portal table packets → link TX (ENQUEUE channel).
        self.tx_valid.next = self.portals.pkt_valid.val();
        self.portals.pkt_ready.next = self.tx_ready.val();
        self.tx_src.next = self.regs.node_id.val();
        self.tx_dst.next = self.portals.pkt_dst.val();
        self.tx_queue.next = self.portals.pkt_queue.val();
        self.tx_portal.next = self.portals.pkt_portal.val();
        self.tx_epoch.next = self.portals.pkt_epoch.val();
        self.tx_data.next = self.portals.pkt_data.val();

        // BAR2 decode.
        self.b2_aligned.next = self.b2_addr.val().get_bits::<3>(0) == self.word_offset.val();
        self.b2_full.next = self.b2_aligned.val() & (self.b2_strobe.val() == self.full_strobe.val());
        self.b2_kind.next = self.op_load.val();
        if self.b2_write.val() {
            self.b2_kind.next = self.op_store.val();
            if self.b2_addr.val().get_bits::<IN_PAGE_W>(0) == self.retry_offset.val() {
                self.b2_kind.next = self.op_retry.val();
            }
        }
        // A STORE goes to the table only with its credit (room in its packet FIFO behind every
        // STORE it has taken): a STORE that could wait in the table for the link would hold the
        // OUTCOME operations behind it, and with them the peer's outcome FIFO.
        self.store_ok.next = self.portals.store_ready.val();
        // Malformed stores and misaligned loads never reach the table.
        self.b2_needs_table.next = self.b2_full.val() | (!self.b2_write.val() & self.b2_aligned.val());
        self.b2_can.next = !self.b2_load_wait.q.val() & !self.b2_zero.q.val();
        if self.b2_needs_table.val() & self.b2_write.val() & (self.b2_kind.val() == self.op_store.val()) {
            self.b2_can.next = self.b2_can.val() & self.store_ok.val();
        }
        if self.b2_needs_table.val() & !self.b2_write.val() {
            self.b2_can.next = self.b2_can.val() & !self.rsp_busy.q.val();
        }

        // Portal-table operations, one per cycle: BAR0's first (so a PORTAL write is ordered
        // right after the accesses before it), then OUTCOMEs, then BAR2.
        self.orx_mine.next = self.orx_dst.val() == self.regs.node_id.val();
        self.regs_can.next =
            self.regs.pop_valid.val() & (!self.rsp_busy.q.val() | (self.regs.pop.kind.val() != self.op_entry.val()));
        self.grant_regs.next = self.regs_can.val() & self.portals.op_ready.val();
        self.grant_orx.next =
            !self.regs_can.val() & self.orx_valid.val() & self.orx_mine.val() & self.portals.op_ready.val();
        // BAR2's readiness depends on what the access is (its address and kind), never on
        // b2_valid.
        self.b2_table_ready.next = !self.regs_can.val()
            & !(self.orx_valid.val() & self.orx_mine.val())
            & self.b2_needs_table.val()
            & self.b2_can.val()
            & self.portals.op_ready.val();
        self.grant_b2.next = self.b2_valid.val() & self.b2_table_ready.val();
        self.regs.pop_ready.next = self.grant_regs.val();
        self.orx_ready.next = !self.orx_mine.val() | (!self.regs_can.val() & self.portals.op_ready.val());
        self.b2_ready.next = self.b2_table_ready.val() | (!self.b2_needs_table.val() & self.b2_can.val());
        self.portals.op_valid.next = self.grant_regs.val() | self.grant_orx.val() | self.grant_b2.val();
        self.op_select.grant_regs.next = self.grant_regs.val();
        self.op_select.grant_orx.next = self.grant_orx.val();
        PortalOp::join(&mut self.regs.pop, &mut self.op_select.regs);
        self.op_select.orx.kind.next = self.op_outcome.val();
        self.op_select.orx.portal.next = self.orx_portal.val();
        self.op_select.orx.data.next = self.orx_data.val();
        self.op_select.b2.kind.next = self.b2_kind.val();
        self.op_select.b2.portal.next = self.b2_addr.val().get_bits::<PORTAL_W>(self.pos_page.val().index());
        self.op_select.b2.data.next = self.b2_data.val();
        // The portal table's operation port is flat (`renq_portal.v`'s ports).
        self.portals.op_kind.next = self.op_select.op.kind.val();
        self.portals.op_portal.next = self.op_select.op.portal.val();
        self.portals.op_data.next = self.op_select.op.data.val();
        self.portals.op_epoch.next = self.orx_epoch.val();
        self.regs.tx_ev.bad_store.next =
            self.b2_valid.val() & self.b2_write.val() & !self.b2_full.val() & self.b2_can.val();
        self.regs.tx_ev.sent.next = self.portals.ev_sent.val();
        self.regs.tx_ev.dropped.next = self.portals.ev_dropped.val();
        self.regs.tx_ev.src_refused.next = self.portals.ev_src_refused.val();

        // Answers of LOAD and ENTRY, in the order asked (one at a time).
        self.op_answers.next = (self.grant_regs.val() & (self.regs.pop.kind.val() == self.op_entry.val()))
            | (self.grant_b2.val() & !self.b2_write.val());
        if self.op_answers.val() {
            self.rsp_busy.d.next = true;
            self.rsp_to_regs.d.next = self.grant_regs.val();
        }
        if self.rsp_busy.q.val() & self.portals.rsp_valid.val() {
            self.rsp_busy.d.next = false;
        }
        self.regs.prsp.valid.next = self.rsp_busy.q.val() & self.portals.rsp_valid.val() & self.rsp_to_regs.q.val();
        self.regs.prsp.data.next = self.portals.rsp_data.val();
        self.b2_rvalid.next =
            (self.rsp_busy.q.val() & self.portals.rsp_valid.val() & !self.rsp_to_regs.q.val()) | self.b2_zero.q.val();
        self.b2_rdata.next = self.zero_word.val();
        if self.rsp_busy.q.val() & self.portals.rsp_valid.val() & !self.rsp_to_regs.q.val() {
            self.b2_rdata.next = self.portals.rsp_data.val();
        }
        if self.b2_rvalid.val() {
            self.b2_load_wait.d.next = false;
        }
        self.b2_zero.d.next = false;
        if self.b2_valid.val() & self.b2_ready.val() & !self.b2_write.val() {
            self.b2_load_wait.d.next = self.b2_needs_table.val();
            self.b2_zero.d.next = !self.b2_needs_table.val();
        }

        self.idle.next = self.engine.idle.val() & self.outcomes.empty.val();
    }
}

/// The iCE40-HX8K build: 256 queues, 256 portals.
pub type TopHx8k = Top<{ renq_abi::HX8K_QUEUE_RAM_BITS as usize }, { renq_abi::HX8K_PORTAL_BITS as usize }>;
/// The ECP5-85F build: 4 096 queues, 4 096 portals.
pub type TopEcp5 = Top<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_PORTAL_BITS as usize }>;

mod op_select;
pub mod ports;
pub mod ports_emit;
#[cfg(test)]
mod tests;
