//! The card's whole card (`verilog-out/renq_top.v`, module `renq_top`) run by Verilator,
//! behind renq-hdl's [`CycleCard`] — the trait the RustHDL simulation
//! ([`renq_hdl::cycle::RtlCard`]) implements too. The ports cross the FFI as renq-hdl's
//! [`PortsIn`] / [`PortsOut`] themselves (`#[repr(C)]`); the shim's copy of them,
//! `csrc/card_ports.h`, is generated from the same port list (`hdl/src/top/ports.rs`) with
//! every field's offset checked at compile time.

use renq_hdl::cycle::{PortsIn, PortsOut};

/// Inputs as the shim reads them.
type PortsInC = PortsIn;
/// Outputs as the shim writes them.
type PortsOutC = PortsOut;

/// The card's `renq_top` across the FFI (`csrc/card.cpp`).
pub struct TopShim;

crate::model::shim!(
    TopShim,
    PortsIn,
    PortsOut,
    renq_vtop_new,
    renq_vtop_free,
    renq_vtop_eval,
    renq_vtop_tick,
    renq_vtop_step
);

/// The Verilator model of `renq_top`, driven cycle by cycle.
pub type VerilatedCard = crate::model::Verilated<TopShim>;
