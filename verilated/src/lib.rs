//! The cards' emitted Verilog, run by Verilator.
//!
//! `build.rs` turns the checked-in `verilog-out/renq_top.v` — the card, the file lint, cosim,
//! synthesis and formal check — into a C++ model and links it here ([`VerilatedCard`], stepped
//! through renq-hdl's [`renq_hdl::cycle::CycleCard`], the trait the RustHDL simulations
//! implement too, so the card simulator's one cycle engine runs any of them); the paper card's
//! `renq_paper_top.v` likewise ([`VerilatedPaperCard`]). The model runs millions of cycles per second against the
//! RustHDL simulation's tens of thousands.
//!
//! Why not a crate for this: `marlin-verilator` builds the model at run time (Verilator and a
//! C++ compiler invoked from the running program, then `dlopen`), which the CLI and the QEMU
//! device server should not do; `verilated`/`verilator` 0.1 (2021) need nightly proc-macros
//! and syn 0.13. A cargo build script and a 150-line shim are the smaller dependency.

mod card;
mod model;
mod paper;
pub use card::{TopShim, VerilatedCard};
pub use model::{Shim, Verilated};
pub use paper::{PaperTopShim, VerilatedPaperCard};

/// Whether this build has the Verilator model (`verilator` was on PATH when it was built).
pub fn available() -> bool {
    !cfg!(no_verilator)
}

/// The models (Verilator class names) this build steps with `build.rs`'s rising edge without
/// the input-combinational region (`rise.rs`); none where Verilator's output has another shape.
pub fn rise_models() -> Vec<&'static str> {
    option_env!("RENQ_VERILATED_RISE").unwrap_or("").split(',').filter(|m| !m.is_empty()).collect()
}
