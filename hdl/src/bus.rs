//! The card's port bundles (spec §6), declared once as RustHDL interfaces and used by every
//! block; `top` joins them (`X::join(&mut a, &mut b)`), and only `top`'s own ports stay flat
//! (the Verilog flow's port contract). Each bundle has its mate with every direction flipped,
//! generated from the same field list so the two cannot drift apart.
//!
//! * [`MemMaster`] / [`MemSlave`] — the memory-master port (contract in [`crate::mem`]);
//! * [`LinkTx`] / [`LinkRx`] — a link stream of `{src, dst, queue, data}` packets (the paper
//!   card's; the link end, `crate::link`, carries them packed as one opaque payload);
//! * [`ExportLookup`] / [`ExportTable`] — the receiver's combinational export-table lookup;
//! * [`RxEvents`] / [`RxEventSink`], [`TxEvents`] / [`TxEventSink`] — one-cycle event pulses
//!   for the register file's counters and interrupts;
//! * [`card`] — the card's bundles (CSR, command port, portal operations, events).

#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::*;
use rust_hdl::prelude::*;

/// A bundle and its mate: fields are listed with the first bundle's direction (`In`/`Out`).
/// Optionally generic over one width (`Name<const W: usize> = "Name", ...`), shared by both.
macro_rules! bundle_pair {
    (
        $(#[$doc:meta])* $name:ident $(<const $w:ident: usize>)? = $name_s:literal, $mate:ident = $mate_s:literal
        { $( $(#[$fdoc:meta])* $field:ident: $dir:ident $ty:ty ),* $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(LogicInterface, Default)]
        #[join = $mate_s]
        pub struct $name $(<const $w: usize>)? {
            $( $(#[$fdoc])* pub $field: Signal<$dir, $ty>, )*
        }

        /// The mate of the bundle named in its `join`: every direction flipped.
        #[derive(LogicInterface, Default)]
        #[join = $name_s]
        pub struct $mate $(<const $w: usize>)? {
            $( pub $field: Signal<flip!($dir), $ty>, )*
        }
    };
}

macro_rules! flip {
    (In) => {
        Out
    };
    (Out) => {
        In
    };
}

bundle_pair! {
    /// The memory master (the receiver's side).
    MemMaster = "MemMaster", MemSlave = "MemSlave" {
        req: Out bool,
        write: Out bool,
        /// Byte address, 8-aligned.
        addr: Out Bits<ADDR_W>,
        wdata: Out Bits<WORD_W>,
        ack: In bool,
        /// Valid in the cycle `ack` is high (for a read).
        rdata: In Bits<WORD_W>,
    }
}

bundle_pair! {
    /// The sending end of a link: outputs registered, a packet moves when `valid & ready`;
    /// the receiving end's `ready` never depends on `valid`.
    LinkTx = "LinkTx", LinkRx = "LinkRx" {
        valid: Out bool,
        ready: In bool,
        /// Carried for tracing; the enqueue does not depend on it.
        src: Out Bits<NODE_W>,
        dst: Out Bits<NODE_W>,
        queue: Out Bits<QUEUE_W>,
        data: Out Bits<WORD_W>,
    }
}

bundle_pair! {
    /// The receiver's side of the export-table lookup (combinational): it names the queue, the
    /// register file answers with `EXPORT[queue]`'s pre-decoded fields.
    ExportLookup = "ExportLookup", ExportTable = "ExportTable" {
        queue: Out Bits<QUEUE_W>,
        /// The base field of `EXPORT[queue]`.
        base: In Bits<ADDR_W>,
        /// `2^k - 1` of `EXPORT[queue]` (valid whenever `accept` is).
        index_mask: In Bits<INDEX_W>,
        /// `ACCEPT[queue]`: VALID with `k` in range, and the queue not stalled.
        accept: In bool,
    }
}

bundle_pair! {
    /// The receiver's events (one-cycle pulses) and the queue they refer to.
    RxEvents = "RxEvents", RxEventSink = "RxEventSink" {
        enqueued: Out bool,
        rejected: Out bool,
        bad_header: Out bool,
        /// Stall `queue` and raise IRQ OVERFLOW.
        stall: Out bool,
        /// Count an overflow (a queue became full).
        overflow: Out bool,
        /// Queue of the packet in flight (the one the WR1 events refer to).
        queue: Out Bits<QUEUE_W>,
    }
}

bundle_pair! {
    /// The sender's events (one-cycle pulses).
    TxEvents = "TxEvents", TxEventSink = "TxEventSink" {
        sent: Out bool,
        dropped: Out bool,
    }
}

// The link layer (`crate::link`) declares its frame bundles with the same macro.
pub(crate) use {bundle_pair, flip};

pub mod card;
