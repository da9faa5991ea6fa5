//! BAR0 register file (spec §8): identification, node id, control, interrupt status/mask,
//! per-queue STALLED/ARMED bits, the six event counters and the export table.
//!
//! The CSR port is registered. A read samples `csr_addr` in the cycle `csr_read` is high and
//! returns the registers' values of that cycle on `csr_rdata` in the next cycle (0 in a cycle
//! after no read). A write (`csr_addr`, `csr_wdata` sampled with `csr_write` in cycle t) is
//! decoded in cycle t and takes effect at the clock edge that ends cycle t+1, so a read issued
//! in cycle t+1 still returns the old value and one issued in t+2 or later the new one.
//! Counters update at the edge ending the cycle after their event (same visibility rule).
//!
//! When a hardware event and a CSR write hit the same bit in one cycle (the write's effect
//! cycle, t+1), the event wins for IRQ_STATUS (no event is lost) and STALLED (a queue is never
//! resumed past a fresh overflow); for ARMED the ARM write wins (at worst one spurious wake-up
//! instead of a missed one). RESUME and ARM values that are not a queue number are
//! ignored.

use crate::bus::{ExportTable, RxEventSink, TxEventSink};
use crate::counter::EventCounter;
use crate::paper::select::TableSelect;
#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::widen::ZeroExtend;
use crate::*;
use renq_abi::csr::bits;
use renq_abi::paper::regs;
use renq_abi::paper::regs::defined;
use rust_hdl::prelude::*;

/// Width that stores bits 0..=the highest defined bit of a register (abi register table).
const fn stored_width(defined: u64) -> usize {
    (64 - defined.leading_zeros()) as usize
}

/// IRQ_STATUS / IRQ_MASK are stored as bits 0..=highest defined bit.
pub const IRQ_W: usize = stored_width(defined::IRQ_STATUS);
/// CONTROL is stored as bits 0..=highest defined bit.
pub const CONTROL_W: usize = stored_width(defined::CONTROL);
const CONTROL_POS_W: usize = index_width(CONTROL_W);
// The narrow registers store their low bits: that is exactly the defined bits only if these
// are contiguous from bit 0 (and IRQ_STATUS and IRQ_MASK share one layout).
const _: () = assert!(defined::IRQ_STATUS == (1 << IRQ_W) - 1 && defined::IRQ_MASK == defined::IRQ_STATUS);
const _: () = assert!(defined::CONTROL == (1 << CONTROL_W) - 1);
const _: () = assert!(defined::NODE_ID == (1 << NODE_W) - 1);
const _: () = assert!(defined::RESUME == NUM_QUEUES as u64 - 1 && defined::ARM == defined::RESUME);

/// Defined bits of an export entry; the rest are not stored and read as 0.
pub const EXPORT_DEFINED: u64 = defined::EXPORT;

/// CSR-address bits that must match `EXPORT_BASE` for an export-table access: everything but
/// the queue index bits (the word-offset bits must be 0, so misaligned offsets decode to nothing).
pub const EXPORT_DECODE_MASK: u64 = ((1u64 << CSR_ADDR_W) - 1) & !(((NUM_QUEUES as u64) - 1) << renq_abi::WORD_SHIFT);

#[derive(LogicBlock)]
pub struct PaperRegFile {
    pub clock: Signal<In, Clock>,
    // CSR port (BAR0)
    pub csr_addr: Signal<In, Bits<CSR_ADDR_W>>,
    pub csr_wdata: Signal<In, Bits<WORD_W>>,
    pub csr_write: Signal<In, bool>,
    pub csr_read: Signal<In, bool>,
    pub csr_rdata: Signal<Out, Bits<WORD_W>>,
    // Configuration seen by the receiver and the sender
    pub node_id: Signal<Out, Bits<NODE_W>>,
    pub rx_enable: Signal<Out, bool>,
    pub tx_enable: Signal<Out, bool>,
    pub stalled: Signal<Out, Bits<NUM_QUEUES>>,
    /// Export-table lookup for the receiver (combinational). `index_mask` (2^k - 1) and
    /// `accept` (VALID with `k` in range, spec §3 LD0) are pre-decoded when the entry is
    /// written, so LD0 selects them instead of decoding `k`; `accept` also includes "not
    /// stalled", so the receiver's step enable needs no separate STALLED lookup.
    pub lookup: ExportTable,
    /// Events (one-cycle pulses) of the receiver and the sender.
    pub rx_events: RxEventSink,
    pub tx_events: TxEventSink,
    pub irq: Signal<Out, bool>,

    // Registers
    node_id_reg: DFF<Bits<NODE_W>>,
    control: DFF<Bits<CONTROL_W>>,
    irq_status: DFF<Bits<IRQ_W>>,
    irq_mask: DFF<Bits<IRQ_W>>,
    stalled_reg: DFF<Bits<NUM_QUEUES>>,
    armed_reg: DFF<Bits<NUM_QUEUES>>,
    cnt_sent: EventCounter<COUNTER_W>,
    cnt_tx_dropped: EventCounter<COUNTER_W>,
    cnt_enqueued: EventCounter<COUNTER_W>,
    cnt_rejected: EventCounter<COUNTER_W>,
    cnt_overflows: EventCounter<COUNTER_W>,
    cnt_bad_header: EventCounter<COUNTER_W>,
    export: [DFF<Bits<WORD_W>>; NUM_QUEUES],
    /// Per entry: VALID and MIN_LOG2_WORDS <= k <= MAX_LOG2_WORDS, written with the entry.
    export_ok: [DFF<bool>; NUM_QUEUES],
    /// Per entry: 2^k - 1 (k = the entry's LOG2_WORDS), written with the entry.
    export_mask: [DFF<Bits<INDEX_W>>; NUM_QUEUES],
    /// Registered read data (the CSR port is registered: data one cycle after `csr_read`), in
    /// three parts OR-ed at the port (each 0 unless it holds the read value): the export table,
    /// the counters, everything else. Three shallower read muxes instead of one deep one.
    rdata_misc: DFF<Bits<WORD_W>>,
    rdata_cnt: DFF<Bits<COUNTER_W>>,
    rdata_export: DFF<Bits<WORD_W>>,
    /// A CSR write, decoded in its cycle and applied at the next edge: per-register strobes
    /// (RESUME/ARM/W1C values already gated and one-hot), the raw data and EXPORT's ACCEPT bit.
    w_node: DFF<bool>,
    w_control: DFF<bool>,
    w_irq_mask: DFF<bool>,
    w_irq_clear: DFF<Bits<IRQ_W>>,
    w_resume: DFF<Bits<NUM_QUEUES>>,
    w_arm: DFF<Bits<NUM_QUEUES>>,
    w_export: DFF<Bits<NUM_QUEUES>>,
    w_data: DFF<Bits<WORD_W>>,
    w_export_ok: DFF<bool>,
    /// The written value is a queue number (RESUME/ARM values >= NUM_QUEUES are ignored):
    /// registered on its own, so the wide zero test gates the strobes only in cycle 2.
    w_queue_ok: DFF<bool>,

    // Combinational helpers
    export_hit: Signal<Local, bool>,
    export_index: Signal<Local, Bits<QUEUE_W>>,
    wdata_log2: Signal<Local, Bits<LOG2_W>>,
    /// 2^k - 1 for the k of the write being applied (from `w_data`).
    w_log2: Signal<Local, Bits<LOG2_W>>,
    w_index_mask: Signal<Local, Bits<INDEX_W>>,
    /// The written value, read as an export entry, is one a packet may be enqueued through.
    wdata_export_ok: Signal<Local, bool>,
    wdata_queue_ok: Signal<Local, bool>,
    wdata_onehot: Signal<Local, Bits<NUM_QUEUES>>,
    ev_onehot: Signal<Local, Bits<NUM_QUEUES>>,
    resume_clear: Signal<Local, Bits<NUM_QUEUES>>,
    stall_set: Signal<Local, Bits<NUM_QUEUES>>,
    arm_set: Signal<Local, Bits<NUM_QUEUES>>,
    notify_clear: Signal<Local, Bits<NUM_QUEUES>>,
    notify_now: Signal<Local, bool>,
    irq_clear: Signal<Local, Bits<IRQ_W>>,
    irq_set_overflow: Signal<Local, Bits<IRQ_W>>,
    irq_set_bad_header: Signal<Local, Bits<IRQ_W>>,
    irq_set_notify: Signal<Local, Bits<IRQ_W>>,
    // The read mux as an AND-OR of terms that are 0 unless their offset is addressed (the
    // offsets are distinct), rather than a chain of priority multiplexers.
    rd_cnt_sent: Signal<Local, Bits<COUNTER_W>>,
    rd_cnt_tx_dropped: Signal<Local, Bits<COUNTER_W>>,
    rd_cnt_enqueued: Signal<Local, Bits<COUNTER_W>>,
    rd_cnt_rejected: Signal<Local, Bits<COUNTER_W>>,
    rd_cnt_overflows: Signal<Local, Bits<COUNTER_W>>,
    rd_cnt_bad_header: Signal<Local, Bits<COUNTER_W>>,
    rd_stalled: Signal<Local, Bits<NUM_QUEUES>>,
    rd_armed: Signal<Local, Bits<NUM_QUEUES>>,
    rd_node_id: Signal<Local, Bits<NODE_W>>,
    rd_control: Signal<Local, Bits<CONTROL_W>>,
    rd_irq_status: Signal<Local, Bits<IRQ_W>>,
    rd_irq_mask: Signal<Local, Bits<IRQ_W>>,
    rd_id: Signal<Local, Bits<WORD_W>>,
    rd_export: Signal<Local, Bits<WORD_W>>,
    read_counter: Signal<Local, Bits<COUNTER_W>>,
    read_queues: Signal<Local, Bits<NUM_QUEUES>>,
    read_value: Signal<Local, Bits<WORD_W>>,
    // Export-table reads: EXPORT/ACCEPT[export_queue] for the receiver, EXPORT[export_index]
    // for the CSR port.
    rx_base_read: TableSelect<Bits<ADDR_W>>,
    rx_mask_read: TableSelect<Bits<INDEX_W>>,
    rx_accept_read: TableSelect<bool>,
    csr_entry_read: TableSelect<Bits<WORD_W>>,
    // Zero extension of narrow registers to the 64-bit read data
    node_id_word: ZeroExtend<NODE_W, WORD_W>,
    control_word: ZeroExtend<CONTROL_W, WORD_W>,
    irq_status_word: ZeroExtend<IRQ_W, WORD_W>,
    irq_mask_word: ZeroExtend<IRQ_W, WORD_W>,
    queues_word: ZeroExtend<NUM_QUEUES, WORD_W>,
    counter_word: ZeroExtend<COUNTER_W, WORD_W>,

    // Constants, all from renq_abi
    a_id: Constant<Bits<CSR_ADDR_W>>,
    a_node_id: Constant<Bits<CSR_ADDR_W>>,
    a_control: Constant<Bits<CSR_ADDR_W>>,
    a_irq_status: Constant<Bits<CSR_ADDR_W>>,
    a_irq_mask: Constant<Bits<CSR_ADDR_W>>,
    a_stalled: Constant<Bits<CSR_ADDR_W>>,
    a_resume: Constant<Bits<CSR_ADDR_W>>,
    a_arm: Constant<Bits<CSR_ADDR_W>>,
    a_armed: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_sent: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_tx_dropped: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_enqueued: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_rejected: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_overflows: Constant<Bits<CSR_ADDR_W>>,
    a_cnt_bad_header: Constant<Bits<CSR_ADDR_W>>,
    a_export_base: Constant<Bits<CSR_ADDR_W>>,
    export_decode_mask: Constant<Bits<CSR_ADDR_W>>,
    pos_export_index: Constant<Bits<CSR_POS_W>>,
    pos_valid: Constant<Bits<WORD_POS_W>>,
    pos_log2: Constant<Bits<WORD_POS_W>>,
    min_log2: Constant<Bits<LOG2_W>>,
    max_log2: Constant<Bits<LOG2_W>>,
    id_value: Constant<Bits<WORD_W>>,
    export_defined: Constant<Bits<WORD_W>>,
    pos_base: Constant<Bits<WORD_POS_W>>,
    all_ones_index: Constant<Bits<INDEX_W>>,
    /// Bits of a RESUME/ARM value above the queue number (must be 0).
    above_queue: Constant<Bits<WORD_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    zero_counter: Constant<Bits<COUNTER_W>>,
    one_queue: Constant<Bits<NUM_QUEUES>>,
    zero_queues: Constant<Bits<NUM_QUEUES>>,
    zero_irq: Constant<Bits<IRQ_W>>,
    zero_node: Constant<Bits<NODE_W>>,
    zero_control: Constant<Bits<CONTROL_W>>,
    irq_overflow_bit: Constant<Bits<IRQ_W>>,
    irq_bad_header_bit: Constant<Bits<IRQ_W>>,
    irq_notify_bit: Constant<Bits<IRQ_W>>,
    pos_rx_enable: Constant<Bits<CONTROL_POS_W>>,
    pos_tx_enable: Constant<Bits<CONTROL_POS_W>>,
}

fn csr(offset: u64) -> Constant<Bits<CSR_ADDR_W>> {
    Constant::new(offset.into())
}

fn constant<const N: usize>(value: u64) -> Constant<Bits<N>> {
    Constant::new(value.into())
}

impl Default for PaperRegFile {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            csr_addr: Default::default(),
            csr_wdata: Default::default(),
            csr_write: Default::default(),
            csr_read: Default::default(),
            csr_rdata: Default::default(),
            node_id: Default::default(),
            rx_enable: Default::default(),
            tx_enable: Default::default(),
            stalled: Default::default(),
            lookup: Default::default(),
            rx_events: Default::default(),
            tx_events: Default::default(),
            irq: Default::default(),
            node_id_reg: Default::default(),
            control: Default::default(),
            irq_status: Default::default(),
            irq_mask: Default::default(),
            stalled_reg: Default::default(),
            armed_reg: Default::default(),
            cnt_sent: Default::default(),
            cnt_tx_dropped: Default::default(),
            cnt_enqueued: Default::default(),
            cnt_rejected: Default::default(),
            cnt_overflows: Default::default(),
            cnt_bad_header: Default::default(),
            export: core::array::from_fn(|_| Default::default()),
            export_ok: core::array::from_fn(|_| Default::default()),
            export_mask: core::array::from_fn(|_| Default::default()),
            rdata_misc: Default::default(),
            rdata_cnt: Default::default(),
            rdata_export: Default::default(),
            w_node: Default::default(),
            w_control: Default::default(),
            w_irq_mask: Default::default(),
            w_irq_clear: Default::default(),
            w_resume: Default::default(),
            w_arm: Default::default(),
            w_export: Default::default(),
            w_data: Default::default(),
            w_export_ok: Default::default(),
            w_queue_ok: Default::default(),
            export_hit: Default::default(),
            export_index: Default::default(),
            wdata_log2: Default::default(),
            w_log2: Default::default(),
            w_index_mask: Default::default(),
            wdata_export_ok: Default::default(),
            wdata_queue_ok: Default::default(),
            wdata_onehot: Default::default(),
            ev_onehot: Default::default(),
            resume_clear: Default::default(),
            stall_set: Default::default(),
            arm_set: Default::default(),
            notify_clear: Default::default(),
            notify_now: Default::default(),
            irq_clear: Default::default(),
            irq_set_overflow: Default::default(),
            irq_set_bad_header: Default::default(),
            irq_set_notify: Default::default(),
            rd_cnt_sent: Default::default(),
            rd_cnt_tx_dropped: Default::default(),
            rd_cnt_enqueued: Default::default(),
            rd_cnt_rejected: Default::default(),
            rd_cnt_overflows: Default::default(),
            rd_cnt_bad_header: Default::default(),
            rd_stalled: Default::default(),
            rd_armed: Default::default(),
            rd_node_id: Default::default(),
            rd_control: Default::default(),
            rd_irq_status: Default::default(),
            rd_irq_mask: Default::default(),
            rd_id: Default::default(),
            rd_export: Default::default(),
            read_counter: Default::default(),
            read_queues: Default::default(),
            read_value: Default::default(),
            rx_base_read: Default::default(),
            rx_mask_read: Default::default(),
            rx_accept_read: Default::default(),
            csr_entry_read: Default::default(),
            node_id_word: Default::default(),
            control_word: Default::default(),
            irq_status_word: Default::default(),
            irq_mask_word: Default::default(),
            queues_word: Default::default(),
            counter_word: Default::default(),
            a_id: csr(regs::ID),
            a_node_id: csr(regs::NODE_ID),
            a_control: csr(regs::CONTROL),
            a_irq_status: csr(regs::IRQ_STATUS),
            a_irq_mask: csr(regs::IRQ_MASK),
            a_stalled: csr(regs::STALLED),
            a_resume: csr(regs::RESUME),
            a_arm: csr(regs::ARM),
            a_armed: csr(regs::ARMED),
            a_cnt_sent: csr(regs::CNT_SENT),
            a_cnt_tx_dropped: csr(regs::CNT_TX_DROPPED),
            a_cnt_enqueued: csr(regs::CNT_ENQUEUED),
            a_cnt_rejected: csr(regs::CNT_REJECTED),
            a_cnt_overflows: csr(regs::CNT_OVERFLOWS),
            a_cnt_bad_header: csr(regs::CNT_BAD_HEADER),
            a_export_base: csr(regs::EXPORT_BASE),
            export_decode_mask: csr(EXPORT_DECODE_MASK),
            pos_export_index: constant(renq_abi::WORD_SHIFT as u64),
            pos_valid: constant(bits::EXPORT_VALID as u64),
            pos_log2: constant(bits::EXPORT_LOG2_LSB as u64),
            min_log2: constant(renq_abi::buffer::MIN_LOG2_WORDS as u64),
            max_log2: constant(renq_abi::buffer::MAX_LOG2_WORDS as u64),
            id_value: constant(regs::ID_VALUE),
            export_defined: constant(EXPORT_DEFINED),
            pos_base: constant(bits::EXPORT_BASE_LSB as u64),
            all_ones_index: constant((1 << INDEX_W) - 1),
            above_queue: constant(!((NUM_QUEUES as u64) - 1)),
            zero_word: constant(0),
            zero_counter: constant(0),
            one_queue: constant(1),
            zero_queues: constant(0),
            zero_irq: constant(0),
            zero_node: constant(0),
            zero_control: constant(0),
            irq_overflow_bit: constant(1 << bits::IRQ_OVERFLOW),
            irq_bad_header_bit: constant(1 << bits::IRQ_BAD_HEADER),
            irq_notify_bit: constant(1 << bits::IRQ_NOTIFY),
            pos_rx_enable: constant(bits::CONTROL_RX_ENABLE as u64),
            pos_tx_enable: constant(bits::CONTROL_TX_ENABLE as u64),
        }
    }
}

impl Logic for PaperRegFile {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            node_id_reg,
            control,
            irq_status,
            irq_mask,
            stalled_reg,
            armed_reg,
            rdata_misc,
            rdata_cnt,
            rdata_export,
            w_node,
            w_control,
            w_irq_mask,
            w_irq_clear,
            w_resume,
            w_arm,
            w_export,
            w_data,
            w_export_ok,
            w_queue_ok
        );
        for i in 0..NUM_QUEUES {
            self.export[i].clock.next = self.clock.val();
            self.export[i].d.next = self.export[i].q.val();
            self.export_ok[i].clock.next = self.clock.val();
            self.export_ok[i].d.next = self.export_ok[i].q.val();
            self.export_mask[i].clock.next = self.clock.val();
            self.export_mask[i].d.next = self.export_mask[i].q.val();
        }

        // Address decode.
        self.export_hit.next = (self.csr_addr.val() & self.export_decode_mask.val()) == self.a_export_base.val();
        self.export_index.next = self.csr_addr.val().get_bits::<QUEUE_W>(self.pos_export_index.val().index());
        self.wdata_queue_ok.next = !(self.csr_wdata.val() & self.above_queue.val()).any();
        self.wdata_onehot.next = self.one_queue.val() << self.csr_wdata.val().get_bits::<QUEUE_W>(0);
        self.ev_onehot.next = self.one_queue.val() << self.rx_events.queue.val();
        self.wdata_log2.next = self.csr_wdata.val().get_bits::<LOG2_W>(self.pos_log2.val().index());
        self.wdata_export_ok.next = self.csr_wdata.val().get_bit(self.pos_valid.val().index())
            & (self.wdata_log2.val() >= self.min_log2.val())
            & (self.wdata_log2.val() <= self.max_log2.val());

        // CSR write, cycle 1: decode into strobes (registered).
        self.w_data.d.next = self.csr_wdata.val();
        self.w_export_ok.d.next = self.wdata_export_ok.val();
        self.w_node.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_node_id.val());
        self.w_control.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_control.val());
        self.w_irq_mask.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_irq_mask.val());
        self.w_irq_clear.d.next = self.zero_irq.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_irq_status.val()) {
            self.w_irq_clear.d.next = self.csr_wdata.val().get_bits::<IRQ_W>(0);
        }
        self.w_queue_ok.d.next = self.wdata_queue_ok.val();
        self.w_resume.d.next = self.zero_queues.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_resume.val()) {
            self.w_resume.d.next = self.wdata_onehot.val();
        }
        self.w_arm.d.next = self.zero_queues.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_arm.val()) {
            self.w_arm.d.next = self.wdata_onehot.val();
        }
        self.w_export.d.next = self.zero_queues.val();
        if self.csr_write.val() & self.export_hit.val() {
            self.w_export.d.next = self.one_queue.val() << self.export_index.val();
        }

        // CSR write, cycle 2: plain read/write registers (only their defined bits are stored).
        if self.w_node.q.val() {
            self.node_id_reg.d.next = self.w_data.q.val().get_bits::<NODE_W>(0);
        }
        if self.w_control.q.val() {
            self.control.d.next = self.w_data.q.val().get_bits::<CONTROL_W>(0);
        }
        if self.w_irq_mask.q.val() {
            self.irq_mask.d.next = self.w_data.q.val().get_bits::<IRQ_W>(0);
        }
        self.w_log2.next = self.w_data.q.val().get_bits::<LOG2_W>(self.pos_log2.val().index());
        self.w_index_mask.next = !(self.all_ones_index.val() << self.w_log2.val());
        for i in 0..NUM_QUEUES {
            if self.w_export.q.val().get_bit(i) {
                self.export_mask[i].d.next = self.w_index_mask.val();
                self.export[i].d.next = self.w_data.q.val() & self.export_defined.val();
                self.export_ok[i].d.next = self.w_export_ok.q.val();
            }
        }

        // STALLED: RESUME clears, an overflow sets (set wins).
        self.resume_clear.next = self.zero_queues.val();
        if self.w_queue_ok.q.val() {
            self.resume_clear.next = self.w_resume.q.val();
        }
        self.stall_set.next = self.zero_queues.val();
        if self.rx_events.stall.val() {
            self.stall_set.next = self.ev_onehot.val();
        }
        self.stalled_reg.d.next = (self.stalled_reg.q.val() & !self.resume_clear.val()) | self.stall_set.val();

        // ARMED: an enqueue into an armed queue disarms it and raises NOTIFY; ARM sets (wins).
        self.notify_now.next =
            self.rx_events.enqueued.val() & self.armed_reg.q.val().get_bit(self.rx_events.queue.val().index());
        self.notify_clear.next = self.zero_queues.val();
        if self.notify_now.val() {
            self.notify_clear.next = self.ev_onehot.val();
        }
        self.arm_set.next = self.zero_queues.val();
        if self.w_queue_ok.q.val() {
            self.arm_set.next = self.w_arm.q.val();
        }
        self.armed_reg.d.next = (self.armed_reg.q.val() & !self.notify_clear.val()) | self.arm_set.val();

        // IRQ_STATUS: write 1 to clear; events set (and win).
        self.irq_clear.next = self.w_irq_clear.q.val();
        self.irq_set_overflow.next = self.zero_irq.val();
        if self.rx_events.stall.val() {
            self.irq_set_overflow.next = self.irq_overflow_bit.val();
        }
        self.irq_set_bad_header.next = self.zero_irq.val();
        if self.rx_events.bad_header.val() {
            self.irq_set_bad_header.next = self.irq_bad_header_bit.val();
        }
        self.irq_set_notify.next = self.zero_irq.val();
        if self.notify_now.val() {
            self.irq_set_notify.next = self.irq_notify_bit.val();
        }
        self.irq_status.d.next = (self.irq_status.q.val() & !self.irq_clear.val())
            | self.irq_set_overflow.val()
            | self.irq_set_bad_header.val()
            | self.irq_set_notify.val();

        // Counters (wrap at COUNTER_BITS; one cycle after their event).
        self.cnt_sent.clock.next = self.clock.val();
        self.cnt_tx_dropped.clock.next = self.clock.val();
        self.cnt_enqueued.clock.next = self.clock.val();
        self.cnt_rejected.clock.next = self.clock.val();
        self.cnt_overflows.clock.next = self.clock.val();
        self.cnt_bad_header.clock.next = self.clock.val();
        self.cnt_sent.pulse.next = self.tx_events.sent.val();
        self.cnt_tx_dropped.pulse.next = self.tx_events.dropped.val();
        self.cnt_enqueued.pulse.next = self.rx_events.enqueued.val();
        self.cnt_rejected.pulse.next = self.rx_events.rejected.val();
        self.cnt_overflows.pulse.next = self.rx_events.overflow.val();
        self.cnt_bad_header.pulse.next = self.rx_events.bad_header.val();

        // Outputs to the datapath.
        self.node_id.next = self.node_id_reg.q.val();
        self.rx_enable.next = self.control.q.val().get_bit(self.pos_rx_enable.val().index());
        self.tx_enable.next = self.control.q.val().get_bit(self.pos_tx_enable.val().index());
        self.stalled.next = self.stalled_reg.q.val();
        self.rx_base_read.sel.next = self.lookup.queue.val();
        self.rx_mask_read.sel.next = self.lookup.queue.val();
        self.rx_accept_read.sel.next = self.lookup.queue.val();
        // (from csr_addr directly: through the local `export_index`, Verilator's ordering
        // sees a false combinational loop, UNOPTFLAT, in this always block)
        self.csr_entry_read.sel.next = self.csr_addr.val().get_bits::<QUEUE_W>(self.pos_export_index.val().index());
        for i in 0..NUM_QUEUES {
            self.rx_base_read.entries[i].next = self.export[i].q.val().get_bits::<ADDR_W>(self.pos_base.val().index());
            self.rx_mask_read.entries[i].next = self.export_mask[i].q.val();
            self.rx_accept_read.entries[i].next = self.export_ok[i].q.val() & !self.stalled_reg.q.val().get_bit(i);
            self.csr_entry_read.entries[i].next = self.export[i].q.val();
        }
        self.lookup.base.next = self.rx_base_read.out.val();
        self.lookup.index_mask.next = self.rx_mask_read.out.val();
        self.lookup.accept.next = self.rx_accept_read.out.val();
        self.irq.next = (self.irq_status.q.val() & self.irq_mask.q.val()).any();

        // Combinational read mux; unknown offsets read 0. Every term is 0 unless its offset is
        // addressed, so the terms are OR-ed.
        self.rd_cnt_sent.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_sent.val() {
            self.rd_cnt_sent.next = self.cnt_sent.q.val();
        }
        self.rd_cnt_tx_dropped.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_tx_dropped.val() {
            self.rd_cnt_tx_dropped.next = self.cnt_tx_dropped.q.val();
        }
        self.rd_cnt_enqueued.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_enqueued.val() {
            self.rd_cnt_enqueued.next = self.cnt_enqueued.q.val();
        }
        self.rd_cnt_rejected.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_rejected.val() {
            self.rd_cnt_rejected.next = self.cnt_rejected.q.val();
        }
        self.rd_cnt_overflows.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_overflows.val() {
            self.rd_cnt_overflows.next = self.cnt_overflows.q.val();
        }
        self.rd_cnt_bad_header.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_bad_header.val() {
            self.rd_cnt_bad_header.next = self.cnt_bad_header.q.val();
        }
        self.read_counter.next = self.rd_cnt_sent.val()
            | self.rd_cnt_tx_dropped.val()
            | self.rd_cnt_enqueued.val()
            | self.rd_cnt_rejected.val()
            | self.rd_cnt_overflows.val()
            | self.rd_cnt_bad_header.val();
        self.rd_stalled.next = self.zero_queues.val();
        if self.csr_addr.val() == self.a_stalled.val() {
            self.rd_stalled.next = self.stalled_reg.q.val();
        }
        self.rd_armed.next = self.zero_queues.val();
        if self.csr_addr.val() == self.a_armed.val() {
            self.rd_armed.next = self.armed_reg.q.val();
        }
        self.read_queues.next = self.rd_stalled.val() | self.rd_armed.val();
        self.rd_node_id.next = self.zero_node.val();
        if self.csr_addr.val() == self.a_node_id.val() {
            self.rd_node_id.next = self.node_id_reg.q.val();
        }
        self.rd_control.next = self.zero_control.val();
        if self.csr_addr.val() == self.a_control.val() {
            self.rd_control.next = self.control.q.val();
        }
        self.rd_irq_status.next = self.zero_irq.val();
        if self.csr_addr.val() == self.a_irq_status.val() {
            self.rd_irq_status.next = self.irq_status.q.val();
        }
        self.rd_irq_mask.next = self.zero_irq.val();
        if self.csr_addr.val() == self.a_irq_mask.val() {
            self.rd_irq_mask.next = self.irq_mask.q.val();
        }
        self.rd_id.next = self.zero_word.val();
        if self.csr_addr.val() == self.a_id.val() {
            self.rd_id.next = self.id_value.val();
        }
        self.rd_export.next = self.zero_word.val();
        if self.export_hit.val() {
            self.rd_export.next = self.csr_entry_read.out.val();
        }
        self.node_id_word.narrow.next = self.rd_node_id.val();
        self.control_word.narrow.next = self.rd_control.val();
        self.irq_status_word.narrow.next = self.rd_irq_status.val();
        self.irq_mask_word.narrow.next = self.rd_irq_mask.val();
        self.queues_word.narrow.next = self.read_queues.val();
        self.read_value.next = self.queues_word.wide.val()
            | self.node_id_word.wide.val()
            | self.control_word.wide.val()
            | self.irq_status_word.wide.val()
            | self.irq_mask_word.wide.val()
            | self.rd_id.val();
        self.rdata_misc.d.next = self.zero_word.val();
        self.rdata_cnt.d.next = self.zero_counter.val();
        self.rdata_export.d.next = self.zero_word.val();
        if self.csr_read.val() {
            self.rdata_misc.d.next = self.read_value.val();
            self.rdata_cnt.d.next = self.read_counter.val();
            self.rdata_export.d.next = self.rd_export.val();
        }
        self.counter_word.narrow.next = self.rdata_cnt.q.val();
        self.csr_rdata.next = self.rdata_misc.q.val() | self.counter_word.wide.val() | self.rdata_export.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{control_word, export_word, IRQ_ALL};
    use crate::sim_util::*;

    macro_rules! csr_write {
        ($sim:ident, $x:ident, $addr:expr, $value:expr) => {
            wait_clock_false!($sim, clock, $x);
            $x.csr_addr.next = ($addr as u64).into();
            $x.csr_wdata.next = ($value as u64).into();
            $x.csr_write.next = true;
            wait_clock_true!($sim, clock, $x);
            wait_clock_false!($sim, clock, $x);
            $x.csr_write.next = false;
            // the write takes effect at the edge ending the next cycle
            wait_clock_true!($sim, clock, $x);
            wait_clock_false!($sim, clock, $x);
        };
    }

    macro_rules! csr_read {
        ($sim:ident, $x:ident, $addr:expr) => {{
            wait_clock_false!($sim, clock, $x);
            $x.csr_addr.next = ($addr as u64).into();
            $x.csr_read.next = true;
            wait_clock_true!($sim, clock, $x);
            wait_clock_false!($sim, clock, $x);
            $x.csr_read.next = false;
            // registered: the data of the read is on csr_rdata in the cycle after it
            $x.csr_rdata.val().to_u64()
        }};
    }

    /// Holds one event input high for one clock cycle.
    macro_rules! pulse {
        ($sim:ident, $x:ident, $($b:ident.$ev:ident),+) => {
            wait_clock_false!($sim, clock, $x);
            $( $x.$b.$ev.next = true; )+
            wait_clock_true!($sim, clock, $x);
            wait_clock_false!($sim, clock, $x);
            $( $x.$b.$ev.next = false; )+
            // counters update one cycle after their event
            wait_clock_true!($sim, clock, $x);
            wait_clock_false!($sim, clock, $x);
        };
    }

    #[test]
    fn registers_counters_and_interrupts() {
        run_with_deadline("regfile", SIM_DEADLINE, || {
            let mut sim = Simulation::new();
            sim.add_clock(HALF_PERIOD, |x: &mut Box<PaperRegFile>| x.clock.next = !x.clock.val());
            sim.add_testbench(move |mut sim: Sim<PaperRegFile>| {
                let mut x = sim.init()?;
                wait_clock_false!(sim, clock, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::ID), regs::ID_VALUE, x);
                csr_write!(sim, x, regs::NODE_ID, 0xf5);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::NODE_ID), 5, x);
                sim_assert_eq!(sim, x.node_id.val().to_u64(), 5, x);
                csr_write!(sim, x, regs::CONTROL, u64::MAX);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CONTROL), control_word(true, true), x);
                sim_assert!(sim, x.rx_enable.val() && x.tx_enable.val(), x);
                // Reads are 0 without csr_read, at unknown and at misaligned offsets.
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                sim_assert_eq!(sim, x.csr_rdata.val().to_u64(), 0, x);
                sim_assert_eq!(sim, csr_read!(sim, x, 0x0f8), 0, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::NODE_ID + 1), 0, x);
                // Export table: stored with undefined bits dropped, looked up by queue.
                csr_write!(sim, x, regs::export_entry(13), export_word(0xab_cdef_0000, 9) | 0x7f00_0000_0000_0000);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::export_entry(13)), export_word(0xab_cdef_0000, 9), x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::export_entry(12)), 0, x);
                x.lookup.queue.next = 13.into();
                x = sim.wait(1, x)?;
                sim_assert_eq!(sim, x.lookup.base.val().to_u64(), 0xab_cdef_0000u64, x);
                // Overflow on queue 13: STALLED, IRQ OVERFLOW, counter; the line follows the mask.
                x.rx_events.queue.next = 13.into();
                pulse!(sim, x, rx_events.stall, rx_events.overflow, rx_events.enqueued);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_OVERFLOW, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_OVERFLOWS), 1, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_ENQUEUED), 1, x);
                sim_assert!(sim, !x.irq.val(), x);
                csr_write!(sim, x, regs::IRQ_MASK, IRQ_ALL);
                sim_assert!(sim, x.irq.val(), x);
                // W1C clears only the written bits; RESUME q clears STALLED[q] only.
                csr_write!(sim, x, regs::IRQ_STATUS, 1u64 << regs::bits::IRQ_NOTIFY);
                sim_assert!(sim, x.irq.val(), x);
                csr_write!(sim, x, regs::IRQ_STATUS, 1u64 << regs::bits::IRQ_OVERFLOW);
                sim_assert!(sim, !x.irq.val(), x);
                csr_write!(sim, x, regs::RESUME, 12);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
                csr_write!(sim, x, regs::RESUME, 13 + 16); // not a queue number: ignored
                sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
                csr_write!(sim, x, regs::RESUME, 13);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 0, x);
                // ARM, then an enqueue there: disarmed, NOTIFY once.
                csr_write!(sim, x, regs::ARM, 13);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::ARMED), 1 << 13, x);
                pulse!(sim, x, rx_events.enqueued);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::ARMED), 0, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_NOTIFY, x);
                // The remaining counters and BAD_HEADER.
                pulse!(sim, x, tx_events.sent, tx_events.dropped, rx_events.rejected, rx_events.bad_header);
                pulse!(sim, x, tx_events.sent);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_SENT), 2, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_TX_DROPPED), 1, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_REJECTED), 1, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_BAD_HEADER), 1, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_ENQUEUED), 2, x);
                sim_assert_eq!(
                    sim,
                    csr_read!(sim, x, regs::IRQ_STATUS),
                    1 << regs::bits::IRQ_NOTIFY | 1 << regs::bits::IRQ_BAD_HEADER,
                    x
                );
                // An event in the cycle a W1C of the same bit takes effect (the cycle after the
                // write cycle): the event wins.
                wait_clock_false!(sim, clock, x);
                x.csr_addr.next = regs::IRQ_STATUS.into();
                x.csr_wdata.next = IRQ_ALL.into();
                x.csr_write.next = true;
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                x.csr_write.next = false;
                x.rx_events.bad_header.next = true;
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                x.rx_events.bad_header.next = false;
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_BAD_HEADER, x);
                sim.done(x)
            });
            sim.run(Box::new(PaperRegFile::default()), 100_000).unwrap();
        });
    }
}
