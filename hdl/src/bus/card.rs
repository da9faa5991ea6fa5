//! The card's internal port bundles (spec §6b), declared once with `bundle_pair` (`crate::bus`): what the
//! register file, the portal-table operation select and the whole card (`top`) join. The engine
//! (`crate::engine`) and the portal table (`crate::portal`) keep flat ports — each is also
//! emitted and checked on its own (`renq_engine.v`, `renq_portal.v`: their benches and
//! formal harnesses name those ports) — so `top` wires their side of a bundle field by field.
//!
//! * [`CsrHost`] / [`CsrTarget`] — BAR0's CSR handshake (the register file is the target);
//! * [`CmdSource`] / [`CmdSink`] — the command port, register file → engine;
//! * [`PortalOp`] / [`PortalOpSink`] — an operation on the portal table (its handshake is the
//!   top's arbiter's);
//! * [`Answer`] / [`AnswerSink`] — a one-cycle answer word (the portal table's ENTRY answer);
//! * [`EngineEvents`] / [`EngineEventSink`] — the engine's events for the register file;
//! * [`SenderEvents`] / [`SenderEventSink`] — the sender side's events (portal table, BAR2).

use crate::portal::OP_W as PORTAL_OP_W;
use crate::{CMD_KIND_W, CSR_ADDR_W, PORTAL_W, QUEUE_W, WORD_W};
use rust_hdl::prelude::*;

bundle_pair! {
    /// BAR0, the host's side: an access is taken in a cycle with `ready` high and `read` or
    /// `write` high (both: only the read); a read is answered by one `rvalid` cycle with `rdata`.
    CsrHost = "CsrHost", CsrTarget = "CsrTarget" {
        addr: Out Bits<CSR_ADDR_W>,
        wdata: Out Bits<WORD_W>,
        write: Out bool,
        read: Out bool,
        ready: In bool,
        rdata: In Bits<WORD_W>,
        rvalid: In bool,
    }
}

bundle_pair! {
    /// A command to the engine, held from `valid` until `ready`.
    CmdSource = "CmdSource", CmdSink = "CmdSink" {
        valid: Out bool,
        ready: In bool,
        kind: Out Bits<CMD_KIND_W>,
        queue: Out Bits<QUEUE_W>,
        arg: Out Bits<WORD_W>,
    }
}

bundle_pair! {
    /// An operation on the portal table (`renq_abi::portal::op`).
    PortalOp = "PortalOp", PortalOpSink = "PortalOpSink" {
        kind: Out Bits<PORTAL_OP_W>,
        portal: Out Bits<PORTAL_W>,
        data: Out Bits<WORD_W>,
    }
}

bundle_pair! {
    /// An answer: `data` in the one cycle `valid` is high.
    Answer = "Answer", AnswerSink = "AnswerSink" {
        valid: Out bool,
        data: Out Bits<WORD_W>,
    }
}

bundle_pair! {
    /// The engine's events (one-cycle pulses) for the counters, the interrupts, the OVERFLOW
    /// FIFO and the QUERY latch.
    EngineEvents = "EngineEvents", EngineEventSink = "EngineEventSink" {
        enqueued: Out bool,
        rejected: Out bool,
        refused: Out bool,
        overflow: Out bool,
        bad_header: Out bool,
        query: Out bool,
        notify: Out bool,
        /// The queue moved into its next buffer (spec §9c): counted.
        switch: Out bool,
        /// The switch entered a posted run's first buffer: an OVERFLOW FIFO entry.
        entered_run: Out bool,
        /// The queue the event is about.
        queue: Out Bits<QUEUE_W>,
        /// QUERY's state word.
        data: Out Bits<WORD_W>,
    }
}

bundle_pair! {
    /// The sender side's events: the portal table's, and BAR2 stores the card drops before the
    /// table (bad width or alignment).
    SenderEvents = "SenderEvents", SenderEventSink = "SenderEventSink" {
        sent: Out bool,
        dropped: Out bool,
        bad_store: Out bool,
        src_refused: Out bool,
    }
}
