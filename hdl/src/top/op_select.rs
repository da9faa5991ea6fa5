//! The portal-table operation of this cycle, picked from its three sources (BAR0's, an OUTCOME
//! from the link, BAR2's) by the grants, as ONE assignment per output.
//!
//! Why a block of its own: written as a default then overrides inside `Top`'s one
//! `always @(*)`, the operation glitched (b2 value, then the granted one) every time that block
//! ran; the portal table's block, woken by the glitch, glitched its answer word back into
//! `Top`'s block, and an event-driven simulator (iverilog) looped between the two forever
//! within one time step (found by `make -C verilog-out cosim-top-v2`). Synthesis and RustHDL's
//! settling never saw it: the values themselves are the same.

use crate::portal::OP_W;
use crate::{PORTAL_W, WORD_W};
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct OpSelect {
    pub grant_regs: Signal<In, bool>,
    pub grant_orx: Signal<In, bool>,
    pub regs_kind: Signal<In, Bits<OP_W>>,
    pub regs_portal: Signal<In, Bits<PORTAL_W>>,
    pub regs_data: Signal<In, Bits<WORD_W>>,
    /// The OUTCOME operation's kind (a constant, given by the top).
    pub orx_kind: Signal<In, Bits<OP_W>>,
    pub orx_portal: Signal<In, Bits<PORTAL_W>>,
    pub orx_data: Signal<In, Bits<WORD_W>>,
    pub b2_kind: Signal<In, Bits<OP_W>>,
    pub b2_portal: Signal<In, Bits<PORTAL_W>>,
    pub b2_data: Signal<In, Bits<WORD_W>>,
    pub kind: Signal<Out, Bits<OP_W>>,
    pub portal: Signal<Out, Bits<PORTAL_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
}

impl Logic for OpSelect {
    fn update(&mut self) {
        let (kind, portal, data) = if self.grant_regs.val() {
            (self.regs_kind.val(), self.regs_portal.val(), self.regs_data.val())
        } else if self.grant_orx.val() {
            (self.orx_kind.val(), self.orx_portal.val(), self.orx_data.val())
        } else {
            (self.b2_kind.val(), self.b2_portal.val(), self.b2_data.val())
        };
        self.kind.next = kind;
        self.portal.next = portal;
        self.data.next = data;
    }
    fn connect(&mut self) {
        self.kind.connect();
        self.portal.connect();
        self.data.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(
            "always @(*) begin\n  \
             kind = grant_regs ? regs_kind : grant_orx ? orx_kind : b2_kind;\n  \
             portal = grant_regs ? regs_portal : grant_orx ? orx_portal : b2_portal;\n  \
             data = grant_regs ? regs_data : grant_orx ? orx_data : b2_data;\nend"
                .into(),
        )
    }
}
