//! Card v2 (issue 13): the paper's five steps as a pipelined queue engine with the queue state
//! on the card (spec "Card v2 engine (Table 1, v2)"). Not yet part of `top`: the v1 card
//! ([`crate::receiver`], the paper FSM) stays the reference and what the simulator runs.
//!
//! * [`engine`] — the pipeline LD0 → RD0 → (WR0, WR1 in the write queue), RD1 as the refill
//!   read; [`Engine`] is generic over the queue-state RAM's address bits, so the iCE40-HX8K
//!   ([`EngineHx8k`]) and ECP5-85F ([`EngineEcp5`]) builds come from the same source;
//! * [`queue_ram`] — per-queue state in block RAM with write→read forwarding ([`state_ram`]: a
//!   block RAM that is never read where it is written);
//! * [`memport`] — the split-transaction memory port: bounded posted-write queue, tagged reads;
//! * [`park`] — a parking slot: a packet waiting for its queue's HEAD read (one per read tag);
//! * [`portal`] — the sender side: the portal table (stores → packets, outcomes, status loads);
//! * [`stepper`] — a hand-stepped engine and portal table (no `Simulation` threads) for tests
//!   and reports;
//! * [`harness`] — the split-transaction memory responder and the packet source tests use.
//!
//! Command: `cargo run --release -p renq-hdl --bin emit-verilog -- --v2 verilog-out/renq_engine_v2.v`.

pub mod card;
pub mod cycle;
pub mod cycles;
pub mod engine;
pub mod fifo;
pub mod harness;
#[cfg(test)]
pub mod host;
pub mod memport;
pub mod node;
pub mod park;
pub mod portal;
pub mod queue_ram;
pub mod regfile;
pub mod state_ram;
pub mod stepper;
pub mod top;
pub mod top_sim;

pub use crate::{index_width, ADDR_W, INDEX_W, LOG2_W, WORD_POS_W, WORD_W};
pub use engine::Engine;
use rust_hdl::prelude::*;

/// Node id bits on v2 links (≥ 1 024 nodes).
pub const V2_NODE_W: usize = renq_abi::v2::NODE_BITS as usize;
/// Queue id bits on v2 links (≥ 4 096 queues).
pub const V2_QUEUE_W: usize = renq_abi::v2::QUEUE_BITS as usize;
pub const TAG_W: usize = renq_abi::v2::READ_TAG_BITS as usize;
pub const CMD_KIND_W: usize = renq_abi::v2::CMD_KIND_BITS as usize;
/// Portal number bits (carried from RX to the events, so an outcome can be addressed).
pub const PORTAL_W: usize = renq_abi::v2::PORTAL_BITS as usize;
pub use queue_ram::EPOCH_W;

/// The iCE40-HX8K build: 512 queues.
pub type EngineHx8k = Engine<{ renq_abi::v2::HX8K_QUEUE_RAM_BITS as usize }>;
/// The ECP5-85F build: 4 096 queues.
pub type EngineEcp5 = Engine<{ renq_abi::v2::ECP5_QUEUE_RAM_BITS as usize }>;

/// Name of the emitted engine module (rust-hdl calls its top `top`; this name cannot clash with
/// the v1 card's `renq_top.v`).
pub const MODULE: &str = "renq_engine_v2";

/// Verilog of an engine with `QA` queue-state address bits, its modules renamed from `top…` to
/// [`MODULE`]`…`.
pub fn verilog<const QA: usize>() -> String {
    let mut engine = Engine::<QA>::default();
    engine.connect_all();
    generate_verilog(&engine)
        .replace("module top(", &format!("module {MODULE}("))
        .replace("top$", &format!("{MODULE}$"))
}

/// Verilog of the ECP5-85F build (the checked-in `verilog-out/renq_engine_v2.v`).
pub fn verilog_ecp5() -> String {
    verilog::<{ renq_abi::v2::ECP5_QUEUE_RAM_BITS as usize }>()
}

/// Verilog of the iCE40-HX8K build (not checked in; `make -C verilog-out v2-bram` emits it).
pub fn verilog_hx8k() -> String {
    verilog::<{ renq_abi::v2::HX8K_QUEUE_RAM_BITS as usize }>()
}

/// Name of the emitted portal table (the sender side, [`portal`]).
pub const PORTAL_MODULE: &str = "renq_portal_v2";

/// Verilog of a portal table with `PA` address bits, its modules renamed to [`PORTAL_MODULE`]`…`.
pub fn portal_verilog<const PA: usize>() -> String {
    let mut table = portal::PortalTable::<PA>::default();
    table.connect_all();
    generate_verilog(&table)
        .replace("module top(", &format!("module {PORTAL_MODULE}("))
        .replace("top$", &format!("{PORTAL_MODULE}$"))
}

/// The ECP5-85F build's portal table, 4 096 portals (the checked-in `verilog-out/renq_portal_v2.v`).
pub fn portal_verilog_ecp5() -> String {
    portal_verilog::<{ renq_abi::v2::ECP5_PORTAL_BITS as usize }>()
}

/// The iCE40-HX8K build's portal table, 256 portals (not checked in).
pub fn portal_verilog_hx8k() -> String {
    portal_verilog::<{ renq_abi::v2::HX8K_PORTAL_BITS as usize }>()
}

/// Name of the emitted whole card v2 ([`top::TopV2`]).
pub const TOP_MODULE: &str = "renq_top_v2";

/// Verilog of card v2 with `QA` queue-state and `PA` portal address bits, its modules renamed to
/// [`TOP_MODULE`]`…`.
pub fn top_verilog<const QA: usize, const PA: usize>() -> String {
    let mut card = top::TopV2::<QA, PA>::default();
    card.connect_all();
    generate_verilog(&card)
        .replace("module top(", &format!("module {TOP_MODULE}("))
        .replace("top$", &format!("{TOP_MODULE}$"))
}

/// The ECP5-85F build of card v2 (the checked-in `verilog-out/renq_top_v2.v`).
pub fn top_verilog_ecp5() -> String {
    top_verilog::<{ renq_abi::v2::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::v2::ECP5_PORTAL_BITS as usize }>()
}

/// The iCE40-HX8K build of card v2 (not checked in).
pub fn top_verilog_hx8k() -> String {
    top_verilog::<{ renq_abi::v2::HX8K_QUEUE_RAM_BITS as usize }, { renq_abi::v2::HX8K_PORTAL_BITS as usize }>()
}

/// Name of the emitted card v2 with its link ([`node::NodeV2`]).
pub const NODE_MODULE: &str = "renq_node_v2";

/// Verilog of the iCE40-HX8K build of card v2 with its two-channel link (the checked-in
/// `verilog-out/renq_node_v2.v`), its modules renamed to [`NODE_MODULE`]`…`.
pub fn node_verilog_hx8k() -> String {
    let mut node = node::NodeV2Hx8k::default();
    node.connect_all();
    generate_verilog(&node)
        .replace("module top(", &format!("module {NODE_MODULE}("))
        .replace("top$", &format!("{NODE_MODULE}$"))
}

/// The low `M` bits of an `N`-bit value, emitted as a part-select (RustHDL's `bit_cast` to a
/// narrower type and `get_bits` with a generic width both emit less tidy Verilog).
#[derive(LogicBlock)]
pub struct Truncate<const N: usize, const M: usize> {
    pub wide: Signal<In, Bits<N>>,
    pub narrow: Signal<Out, Bits<M>>,
}

impl<const N: usize, const M: usize> Default for Truncate<N, M> {
    fn default() -> Self {
        assert!(M <= N, "Truncate must not widen");
        Self { wide: Default::default(), narrow: Default::default() }
    }
}

impl<const N: usize, const M: usize> Logic for Truncate<N, M> {
    fn update(&mut self) {
        self.narrow.next = self.wide.val().get_bits::<M>(0);
    }
    fn connect(&mut self) {
        self.narrow.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!("always @(*) narrow = wide[{}:0];", M - 1))
    }
}

#[cfg(test)]
mod tests;
