//! The paper's card (spec §3–§9, the reference): the five-step receiver FSM, the shadow-store
//! sender, the register file with its export table, and the whole card `top` ([`PaperTop`], emitted
//! as module `renq_paper_top`).
//! `renq bench`, the load comparisons and the QEMU tests compare the card against it.
//!
//! * [`fsm`] — the five-step enqueue FSM (LD0, RD0, WR0, RD1, WR1, spec §3);
//! * [`sender`] — shadow stores → link packets (spec §7);
//! * [`regfile`] — BAR0 registers, counters, export table, interrupt line (spec §8);
//! * [`select`] — the balanced multiplexer tree that reads one entry of a per-queue table;
//! * [`top`] — the whole card with flat ports, joining the blocks' bundles ([`crate::bus`]);
//!   [`verilog()`] emits it (`verilog-out/renq_paper_top.v`);
//! * [`stepper`] — [`PaperRtlCard`], a cycle-level driver of `top` for the card simulator.
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

pub mod fsm;
pub mod regfile;
pub mod select;
pub mod sender;
pub mod stepper;
pub mod top;

pub use stepper::{PaperPortsIn, PaperPortsOut, PaperRtlCard};
pub use top::PaperTop;

/// Byte-enable lanes of a shadow store: one per byte of a word.
pub const STROBE_W: usize = renq_abi::WORD_BYTES as usize;
pub const NODE_W: usize = renq_abi::paper::NODE_BITS as usize;
pub const QUEUE_W: usize = renq_abi::paper::QUEUE_BITS as usize;
pub const NUM_QUEUES: usize = renq_abi::paper::MAX_QUEUES;
pub const SHADOW_ADDR_W: usize = renq_abi::paper::shadow::WINDOW_BITS as usize;
/// Width of bit-position constants into a shadow address.
pub const SHADOW_POS_W: usize = crate::index_width(SHADOW_ADDR_W);

/// Name of the emitted paper card ([`PaperTop`]).
pub const TOP_MODULE: &str = "renq_paper_top";

/// Verilog of the paper's whole card (module [`TOP_MODULE`] and its submodules).
pub fn verilog() -> String {
    use rust_hdl::prelude::*;
    let mut card = PaperTop::default();
    card.connect_all();
    crate::rename_top(&generate_verilog(&card), TOP_MODULE)
}
