//! The paper card's engines (the reference, spec §3–§9): [`model::PaperModel`], written from
//! the spec, and the cycle engines over its RustHDL `top` and its Verilog (`rtl`).

pub mod model;
#[cfg(feature = "rtl")]
pub mod rtl;
