//! The card's port bundles (spec §6), declared once as RustHDL interfaces and used by every
//! block; `top` joins them (`X::join(&mut a, &mut b)`), and only `top`'s own ports stay flat
//! (the Verilog flow's port contract). Each bundle has its mate with every direction flipped.
//!
//! * [`MemMaster`] / [`MemSlave`] — the memory-master port (contract in [`crate::mem`]);
//! * [`LinkTx`] / [`LinkRx`] — a link stream of `{src, dst, queue, data}` packets;
//! * [`ExportLookup`] / [`ExportTable`] — the receiver's combinational export-table lookup;
//! * [`RxEvents`] / [`RxEventSink`], [`TxEvents`] / [`TxEventSink`] — one-cycle event pulses
//!   for the register file's counters and interrupts.

use crate::*;
use rust_hdl::prelude::*;

#[derive(LogicInterface, Default)]
#[join = "MemSlave"]
pub struct MemMaster {
    pub req: Signal<Out, bool>,
    pub write: Signal<Out, bool>,
    /// Byte address, 8-aligned.
    pub addr: Signal<Out, Bits<ADDR_W>>,
    pub wdata: Signal<Out, Bits<WORD_W>>,
    pub ack: Signal<In, bool>,
    /// Valid in the cycle `ack` is high (for a read).
    pub rdata: Signal<In, Bits<WORD_W>>,
}

#[derive(LogicInterface, Default)]
#[join = "MemMaster"]
pub struct MemSlave {
    pub req: Signal<In, bool>,
    pub write: Signal<In, bool>,
    pub addr: Signal<In, Bits<ADDR_W>>,
    pub wdata: Signal<In, Bits<WORD_W>>,
    pub ack: Signal<Out, bool>,
    pub rdata: Signal<Out, Bits<WORD_W>>,
}

/// The sending end of a link: outputs registered, a packet moves when `valid & ready`.
#[derive(LogicInterface, Default)]
#[join = "LinkRx"]
pub struct LinkTx {
    pub valid: Signal<Out, bool>,
    pub ready: Signal<In, bool>,
    pub src: Signal<Out, Bits<NODE_W>>,
    pub dst: Signal<Out, Bits<NODE_W>>,
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
}

/// The receiving end of a link: `ready` never depends on `valid`.
#[derive(LogicInterface, Default)]
#[join = "LinkTx"]
pub struct LinkRx {
    pub valid: Signal<In, bool>,
    pub ready: Signal<Out, bool>,
    /// Carried for tracing; the enqueue does not depend on it.
    pub src: Signal<In, Bits<NODE_W>>,
    pub dst: Signal<In, Bits<NODE_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
}

/// The receiver's side of the export-table lookup (combinational): it names the queue, the
/// register file answers with `EXPORT[queue]`'s pre-decoded fields.
#[derive(LogicInterface, Default)]
#[join = "ExportTable"]
pub struct ExportLookup {
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    /// The base field of `EXPORT[queue]`.
    pub base: Signal<In, Bits<ADDR_W>>,
    /// `2^k - 1` of `EXPORT[queue]` (valid whenever `accept` is).
    pub index_mask: Signal<In, Bits<INDEX_W>>,
    /// `ACCEPT[queue]`: VALID with `k` in range, and the queue not stalled.
    pub accept: Signal<In, bool>,
}

#[derive(LogicInterface, Default)]
#[join = "ExportLookup"]
pub struct ExportTable {
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub base: Signal<Out, Bits<ADDR_W>>,
    pub index_mask: Signal<Out, Bits<INDEX_W>>,
    pub accept: Signal<Out, bool>,
}

/// The receiver's events (one-cycle pulses) and the queue they refer to.
#[derive(LogicInterface, Default)]
#[join = "RxEventSink"]
pub struct RxEvents {
    pub enqueued: Signal<Out, bool>,
    pub rejected: Signal<Out, bool>,
    pub bad_header: Signal<Out, bool>,
    /// Stall `queue` and raise IRQ OVERFLOW.
    pub stall: Signal<Out, bool>,
    /// Count an overflow (a queue became full).
    pub overflow: Signal<Out, bool>,
    /// Queue of the packet in flight (the one the WR1 events refer to).
    pub queue: Signal<Out, Bits<QUEUE_W>>,
}

#[derive(LogicInterface, Default)]
#[join = "RxEvents"]
pub struct RxEventSink {
    pub enqueued: Signal<In, bool>,
    pub rejected: Signal<In, bool>,
    pub bad_header: Signal<In, bool>,
    pub stall: Signal<In, bool>,
    pub overflow: Signal<In, bool>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
}

/// The sender's events (one-cycle pulses).
#[derive(LogicInterface, Default)]
#[join = "TxEventSink"]
pub struct TxEvents {
    pub sent: Signal<Out, bool>,
    pub dropped: Signal<Out, bool>,
}

#[derive(LogicInterface, Default)]
#[join = "TxEvents"]
pub struct TxEventSink {
    pub sent: Signal<In, bool>,
    pub dropped: Signal<In, bool>,
}
