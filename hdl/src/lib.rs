//! The renq card in RustHDL (spec chapters of §6a, §6b, §7c, §7e, §8b): the pipelined queue
//! engine with the queue state on the card, the portal table (sender side), the register file,
//! the whole card (`top`) and the card with its link (`node`). The paper's FSM card, the
//! reference, is in [`paper`].
//!
//! Module map:
//! * [`engine`] — the pipeline LD0 → RD0 → (WR0, WR1 in the write queue), RD1 as the refill
//!   read; [`Engine`] is generic over the queue-state RAM's address bits, so the iCE40-HX8K
//!   ([`EngineHx8k`]) and ECP5-85F ([`EngineEcp5`]) builds come from the same source;
//! * [`queue_ram`] — per-queue state in block RAM with write→read forwarding ([`state_ram`]: a
//!   block RAM that is never read where it is written);
//! * [`memport`] — the split-transaction memory port: bounded posted-write queue, tagged reads;
//! * [`park`] — a parking slot: a packet waiting for its queue's HEAD read (one per read tag);
//! * [`fifo`] — a small first-word-fall-through FIFO in flip-flops;
//! * [`portal`] — the sender side: the portal table (stores → packets, outcomes, status loads);
//! * [`regfile`] — BAR0: identification, control, interrupts, the command port, counters;
//! * [`top`] — the whole card: register file, portal table, engine, outcome path; its ports
//!   listed once in [`top::ports`] (the files generated from the list: [`top::ports_emit`]);
//! * [`node`] — the card joined to its two-channel link ([`link`]);
//! * [`stepper`] — `Hand`, the one settle-and-clock loop under every hand-stepped driver, and
//!   the hand-stepped engine and portal table (no `Simulation` threads);
//! * [`cycle`] — the whole card stepped by hand with plain-value ports (the port list of
//!   [`top::ports`]), for the card simulator's cycle engines and the co-simulation;
//! * [`cycles`] — cycles per enqueue measured on the RTL (`cycles-report`);
//! * [`harness`] — the bus-functional harness: CSR master, memory responders, link sources
//!   and sinks, seeded stalls ([`harness::engine`]: the engine's split-transaction memory);
//! * [`bench`] — whole cards stepped by hand, joined by a network, with hosts (tests);
//! * [`link`] — the go-back-N link end (both payload widths);
//! * [`bus`], [`counter`], [`mem`], [`widen`] — port bundles (the card's: [`bus::card`]),
//!   event counters, stream contracts, zero extension;
//! * [`paper`] — the paper's five-step FSM card (the reference).
//!
//! Commands: `make -C verilog-out verilog` (the binaries `emit-verilog` and `emit-link-verilog`;
//! the test `verilog_fresh` fails when a checked-in file is stale), `cargo run --release -p
//! renq-hdl --bin emit-card-ports` (the test `card_ports_fresh` likewise) and `cargo run --release
//! -p renq-hdl --bin cycles-report` (cycles per enqueue on the RTL).
//!
//! Every width and layout number comes from `renq_abi`; the aliases below only turn them into
//! the `usize` form that `Bits<N>` needs.

pub mod bench;
pub mod bus;
pub mod counter;
pub mod cycle;
pub mod cycles;
pub mod engine;
pub mod fifo;
pub mod harness;
#[cfg(test)]
pub mod host;
pub mod link;
pub mod mem;
pub mod memport;
pub mod node;
pub mod paper;
pub mod park;
pub mod portal;
pub mod queue_ram;
pub mod regfile;
pub mod state_ram;
pub mod stepper;
pub mod top;
pub mod widen;

#[cfg(test)]
pub(crate) mod sim_util;

pub use engine::Engine;
use rust_hdl::prelude::*;

/// One data word / register (64 bits).
pub const WORD_W: usize = (renq_abi::WORD_BYTES * 8) as usize;
pub const ADDR_W: usize = renq_abi::DMA_ADDR_BITS as usize;
/// A queue's spare word (spec §9c, `renq_abi::state::rtl_spare`): the posted run's link word
/// and the two runs' remaining buffers.
pub const SPARE_W: usize = renq_abi::state::rtl_spare::BITS as usize;
/// A run's remaining buffers (`renq_abi::state::rtl_spare::REST_BITS`).
pub const REST_W: usize = renq_abi::state::rtl_spare::REST_BITS as usize;
pub const COUNTER_W: usize = renq_abi::COUNTER_BITS as usize;
pub const CSR_ADDR_W: usize = renq_abi::csr::CSR_ADDR_BITS as usize;
pub const INDEX_W: usize = renq_abi::buffer::INDEX_BITS as usize;
/// Width of the `k` (log2 words) field of an export entry.
pub const LOG2_W: usize = (renq_abi::csr::bits::EXPORT_LOG2_MSB - renq_abi::csr::bits::EXPORT_LOG2_LSB + 1) as usize;
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
/// Widths of bit-position constants into a word and a CSR address.
pub const WORD_POS_W: usize = index_width(WORD_W);
pub const CSR_POS_W: usize = index_width(CSR_ADDR_W);

/// Node id bits on the card's links (≥ 1 024 nodes).
pub const NODE_W: usize = renq_abi::NODE_BITS as usize;
/// Queue id bits on the card's links (≥ 4 096 queues).
pub const QUEUE_W: usize = renq_abi::QUEUE_BITS as usize;
pub const TAG_W: usize = renq_abi::READ_TAG_BITS as usize;
pub const CMD_KIND_W: usize = renq_abi::CMD_KIND_BITS as usize;
/// Portal number bits (carried from RX to the events, so an outcome can be addressed).
pub const PORTAL_W: usize = renq_abi::PORTAL_BITS as usize;
pub use queue_ram::EPOCH_W;

/// The iCE40-HX8K build: 256 queues.
pub type EngineHx8k = Engine<{ renq_abi::HX8K_QUEUE_RAM_BITS as usize }>;
/// The ECP5-85F build: 4 096 queues.
pub type EngineEcp5 = Engine<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }>;

/// Renames module `top` (and the `top$` prefix of its submodules) to `name`: RustHDL names every
/// design's top module `top`, and the emitted files are read together (lint, synthesis), so each
/// gets its own name.
pub fn rename_top(v: &str, name: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut rest = v;
    while let Some(i) = rest.find("top") {
        let before = rest[..i].chars().next_back();
        let after = rest[i + 3..].chars().next();
        let word_start = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$');
        let is_top = word_start && matches!(after, Some('$') | Some('(') | Some('\n') | None);
        out.push_str(&rest[..i]);
        out.push_str(if is_top { name } else { "top" });
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    out
}

/// Name of the emitted engine module.
pub const ENGINE_MODULE: &str = "renq_engine";

/// Verilog of an engine with `QA` queue-state address bits, its modules renamed from `top…` to
/// [`ENGINE_MODULE`]`…`.
pub fn engine_verilog<const QA: usize>() -> String {
    let mut engine = Engine::<QA>::default();
    engine.connect_all();
    rename_top(&generate_verilog(&engine), ENGINE_MODULE)
}

/// Verilog of the ECP5-85F build (the checked-in `verilog-out/renq_engine.v`).
pub fn engine_verilog_ecp5() -> String {
    engine_verilog::<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }>()
}

/// Verilog of the iCE40-HX8K build (not checked in; `make -C verilog-out engine-bram` emits it).
pub fn engine_verilog_hx8k() -> String {
    engine_verilog::<{ renq_abi::HX8K_QUEUE_RAM_BITS as usize }>()
}

/// Name of the emitted portal table (the sender side, [`portal`]).
pub const PORTAL_MODULE: &str = "renq_portal";

/// Verilog of a portal table with `PA` address bits, its modules renamed to [`PORTAL_MODULE`]`…`.
pub fn portal_verilog<const PA: usize>() -> String {
    let mut table = portal::PortalTable::<PA>::default();
    table.connect_all();
    rename_top(&generate_verilog(&table), PORTAL_MODULE)
}

/// The ECP5-85F build's portal table, 4 096 portals (the checked-in `verilog-out/renq_portal.v`).
pub fn portal_verilog_ecp5() -> String {
    portal_verilog::<{ renq_abi::ECP5_PORTAL_BITS as usize }>()
}

/// The iCE40-HX8K build's portal table, 256 portals (not checked in).
pub fn portal_verilog_hx8k() -> String {
    portal_verilog::<{ renq_abi::HX8K_PORTAL_BITS as usize }>()
}

/// Name of the emitted whole card ([`top::Top`]).
pub const TOP_MODULE: &str = "renq_top";

/// Verilog of the card with `QA` queue-state and `PA` portal address bits, its modules renamed to
/// [`TOP_MODULE`]`…`.
pub fn top_verilog<const QA: usize, const PA: usize>() -> String {
    let mut card = top::Top::<QA, PA>::default();
    card.connect_all();
    rename_top(&generate_verilog(&card), TOP_MODULE)
}

/// The ECP5-85F build of the card (the checked-in `verilog-out/renq_top.v`).
pub fn top_verilog_ecp5() -> String {
    top_verilog::<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_PORTAL_BITS as usize }>()
}

/// The iCE40-HX8K build of the card (not checked in).
pub fn top_verilog_hx8k() -> String {
    top_verilog::<{ renq_abi::HX8K_QUEUE_RAM_BITS as usize }, { renq_abi::HX8K_PORTAL_BITS as usize }>()
}

/// Name of the emitted card with its link ([`node::Node`]).
pub const NODE_MODULE: &str = "renq_node";

/// Verilog of the ECP5-85F build of the card with its two-channel link (the checked-in
/// `verilog-out/renq_node.v`), its modules renamed to [`NODE_MODULE`]`…`.
pub fn node_verilog_ecp5() -> String {
    node_verilog::<node::NodeEcp5>()
}

/// Verilog of the LFE5U-25F build of the node ([`node::NodeEcp5_25f`]; emitted by the flow,
/// not checked in).
pub fn node_verilog_ecp5_25f() -> String {
    node_verilog::<node::NodeEcp5_25f>()
}

/// Verilog of a build `N` of the node, its modules renamed to [`NODE_MODULE`]`…`.
fn node_verilog<N: Block + Default>() -> String {
    let mut node = N::default();
    node.connect_all();
    rename_top(&generate_verilog(&node), NODE_MODULE)
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
mod tests {
    use super::*;

    #[test]
    fn renames_only_the_top_module() {
        let v = "module top(a);\n top$x u(); wire stop$y; // top\nendmodule // top\n";
        assert_eq!(
            rename_top(v, "renq_link"),
            "module renq_link(a);\n renq_link$x u(); wire stop$y; // renq_link\nendmodule // renq_link\n"
        );
    }
}
