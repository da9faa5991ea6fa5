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

mod update;

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

#[cfg(test)]
mod tests;
