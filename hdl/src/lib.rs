//! The renq card in RustHDL: receiver FSM, sender, registers, links.
//!
//! Module map (one file each):
//! * [`receiver`] — the five-step enqueue FSM (LD0, RD0, WR0, RD1, WR1, spec §3);
//! * [`sender`] — shadow stores → link packets (spec §7);
//! * [`regfile`] — BAR0 registers, counters, export table, interrupt line (spec §8);
//! * [`counter`] — the event counter the register file instantiates per counter;
//! * [`select`] — the balanced multiplexer tree that reads one entry of a per-queue table;
//! * [`mem`] — the memory-master and link stream contracts (spec §6);
//! * [`bus`] — those contracts' port bundles (RustHDL interfaces) and the event bundles;
//! * [`top`] — the whole card with flat ports, joining the blocks' bundles; [`verilog()`] emits it;
//! * [`stepper`] — [`RtlCard`], a cycle-level driver of `top` for the card simulator;
//! * [`v2`] — card v2 (issue 13): the pipelined queue engine, not yet part of `top` (spec §6a);
//! * [`harness`] — the one bus-functional harness: CSR master, memory responder with wait
//!   states, link sources/sinks with pauses, the bus conditions tests run under, card nodes.
//!
//! Commands: `cargo run --release -p renq-hdl --bin emit-verilog -- verilog-out/renq_top.v`
//! (the test `verilog_fresh` fails when the checked-in file is stale) and
//! `cargo run --release -p renq-hdl --bin cycles-report` (cycles per enqueue on the RTL).
//!
//! Choices the spec leaves open (a behavioural model must copy them):
//! * the "already full" corner of §3 counts CNT_BAD_HEADER, sets IRQ_STATUS BAD_HEADER *and*
//!   OVERFLOW and STALLED[q]; it does not count CNT_OVERFLOWS or CNT_ENQUEUED, and does not
//!   notify an armed queue (nothing was published);
//! * `rx_ready` is low whenever STALLED[rx_queue] is set, whatever the packet's dst (such a
//!   packet would be rejected in LD0 anyway once taken);
//! * RESUME / ARM writes whose value is not a queue number (≥ MAX_QUEUES) are ignored;
//! * same-cycle conflicts (in the cycle a write takes effect, the one after its write cycle):
//!   an event beats a W1C of IRQ_STATUS and a RESUME of the same queue; an ARM write beats the
//!   disarm of the same queue;
//! * the CSR port is registered: `csr_rdata` carries the value of a read one cycle after the
//!   cycle with `csr_read` (0 after a cycle without one); a write takes effect at the end of
//!   the cycle after its write cycle; counters update the cycle after their event;
//! * CNT_SENT counts stores when the sender takes
//!   them (its one-entry output register), not when the link takes the packet;
//! * every register starts at 0 (no reset port: initial values), so RX/TX start disabled.
//!
//! Every width and layout number comes from `renq_abi`; the aliases below only turn them into
//! the `usize` form that `Bits<N>` needs.

pub mod bus;
pub mod counter;
pub mod harness;
pub mod link;
pub mod mem;
pub mod receiver;
pub mod regfile;
pub mod select;
pub mod sender;
pub mod stepper;
pub mod top;
pub mod v2;
pub mod widen;

#[cfg(test)]
pub(crate) mod sim_util;

pub use stepper::{CycleCard, PortsIn, PortsOut, RtlCard};
pub use top::Top;

/// One data word / register (64 bits).
pub const WORD_W: usize = (renq_abi::WORD_BYTES * 8) as usize;
/// Byte-enable lanes of a shadow store: one per byte of a word.
pub const STROBE_W: usize = renq_abi::WORD_BYTES as usize;
pub const NODE_W: usize = renq_abi::NODE_BITS as usize;
pub const QUEUE_W: usize = renq_abi::QUEUE_BITS as usize;
pub const NUM_QUEUES: usize = renq_abi::MAX_QUEUES;
pub const ADDR_W: usize = renq_abi::DMA_ADDR_BITS as usize;
pub const COUNTER_W: usize = renq_abi::COUNTER_BITS as usize;
pub const CSR_ADDR_W: usize = renq_abi::regs::CSR_ADDR_BITS as usize;
pub const SHADOW_ADDR_W: usize = renq_abi::shadow::WINDOW_BITS as usize;
pub const INDEX_W: usize = renq_abi::buffer::INDEX_BITS as usize;
/// Width of the `k` (log2 words) field of an export entry.
pub const LOG2_W: usize = (renq_abi::regs::bits::EXPORT_LOG2_MSB - renq_abi::regs::bits::EXPORT_LOG2_LSB + 1) as usize;
/// Bits needed to index a bit of an `n`-bit value (Verilog wants exactly this width).
pub const fn index_width(n: usize) -> usize {
    let mut w = 0;
    while (1usize << w) < n {
        w += 1;
    }
    if w == 0 {
        1
    } else {
        w
    }
}
/// Widths of bit-position constants into a word, a shadow address, a CSR address.
pub const WORD_POS_W: usize = index_width(WORD_W);
pub const SHADOW_POS_W: usize = index_width(SHADOW_ADDR_W);
pub const CSR_POS_W: usize = index_width(CSR_ADDR_W);

/// Verilog of the whole card (module `top` and its submodules).
pub fn verilog() -> String {
    use rust_hdl::prelude::*;
    let mut card = Top::default();
    card.connect_all();
    generate_verilog(&card)
}
