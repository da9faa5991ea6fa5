//! The portal-table operation of this cycle, picked from its three sources (BAR0's, an OUTCOME
//! from the link, BAR2's) by the grants, as ONE assignment per output.
//!
//! Why a block of its own: written as a default then overrides inside `Top`'s one
//! `always @(*)`, the operation glitched (b2 value, then the granted one) every time that block
//! ran; the portal table's block, woken by the glitch, glitched its answer word back into
//! `Top`'s block, and an event-driven simulator (iverilog) looped between the two forever
//! within one time step (found by `make -C verilog-out cosim-top`). Synthesis and RustHDL's
//! settling never saw it: the values themselves are the same.

use crate::bus::card::{PortalOp, PortalOpSink};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct OpSelect {
    pub grant_regs: Signal<In, bool>,
    pub grant_orx: Signal<In, bool>,
    /// BAR0's operation (the register file's).
    pub regs: PortalOpSink,
    /// The OUTCOME operation (its kind a constant, given by the top).
    pub orx: PortalOpSink,
    /// BAR2's operation.
    pub b2: PortalOpSink,
    /// The operation granted.
    pub op: PortalOp,
}

impl Logic for OpSelect {
    fn update(&mut self) {
        let (kind, portal, data) = if self.grant_regs.val() {
            (self.regs.kind.val(), self.regs.portal.val(), self.regs.data.val())
        } else if self.grant_orx.val() {
            (self.orx.kind.val(), self.orx.portal.val(), self.orx.data.val())
        } else {
            (self.b2.kind.val(), self.b2.portal.val(), self.b2.data.val())
        };
        self.op.kind.next = kind;
        self.op.portal.next = portal;
        self.op.data.next = data;
    }
    fn connect(&mut self) {
        self.op.kind.connect();
        self.op.portal.connect();
        self.op.data.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "always @(*) begin\n  \
             op$kind = grant_regs ? regs$kind : grant_orx ? orx$kind : b2$kind;\n  \
             op$portal = grant_regs ? regs$portal : grant_orx ? orx$portal : b2$portal;\n  \
             op$data = grant_regs ? regs$data : grant_orx ? orx$data : b2$data;\nend"
                .into(),
        )
    }
}
