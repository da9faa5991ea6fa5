//! The card's reliable link layer (spec §7d): go-back-N over link frames, the same protocol as
//! the simulator's `renq_sim::reliable` (spec §7b), with the same parameters
//! (`renq_abi::frame::{WINDOW, RTO, RTO_MAX}`), so a card and a simulated node interoperate.
//!
//! * [`gbn_tx::GbnTx`] — the sending half: replay RAM of `WINDOW` packets, cumulative ACK, NAK
//!   and timer rewinds, doubling timeout;
//! * [`gbn_rx::GbnRx`] — the receiving half: delivers only the expected sequence number, NAKs a
//!   gap once, re-ACKs duplicates, counts every drop;
//! * [`end::LinkEnd`] — both halves of one end of a link, sharing one wire each way;
//!   [`end::LinkTop`] is it with flat ports, the module `renq_link` of `verilog-out/renq_link.v`;
//! * [`stepper::Stepper`] — a hand-clocked driver of any of them (tests, the simulator's
//!   differential test).
//!
//! Between the halves and the wire travels a *frame-fields* bus ([`FrameOut`] / [`FrameIn`]):
//! one frame per `valid & ready` cycle with its fields side by side; the byte-stream framing of
//! spec §7a (MACs, EtherType, CRC-32) sits between that bus and a MAC.

pub mod end;
pub mod gbn_rx;
pub mod gbn_tx;
pub mod stepper;

use crate::bus::{bundle_pair, flip};
use crate::*;
use renq_abi::frame;
use rust_hdl::prelude::*;

/// Bits of a sequence number (and of a cumulative ack).
pub const SEQ_W: usize = frame::SEQ_BITS as usize;
/// Bits of a frame type code on the frame-fields bus.
pub const TYPE_W: usize = frame::TYPE_BITS as usize;
/// Bits of a replay-RAM address: the low bits of a sequence number.
pub const SLOT_W: usize = frame::WINDOW.trailing_zeros() as usize;
/// Bits of the retransmit timer: enough for `RTO_MAX` ticks.
pub const TIMER_W: usize = (u64::BITS - frame::RTO_MAX.leading_zeros()) as usize;
/// Bits of one packet in the replay RAM: `{src, dst, queue, data}`.
pub const PACKET_W: usize = 3 * 4 + WORD_W;
const _: () = assert!(NODE_W == 4 && QUEUE_W == 4, "PacketWord packs 4-bit node and queue fields");

bundle_pair! {
    /// A link frame as fields (spec §7a), from its producer. The consumer takes the frame offered
    /// in a cycle with `valid & ready`; until then an offer may change or be withdrawn (a rewind
    /// or an ACK changes what the sender sends next, a newer cumulative ACK supersedes an older
    /// one), so a consumer must not assume that what it saw while not ready stays.
    FrameOut = "FrameOut", FrameIn = "FrameIn" {
        valid: Out bool,
        ready: In bool,
        /// `renq_abi::frame::TYPE_DATA`, `TYPE_ACK` or `TYPE_NAK`.
        kind: Out Bits<TYPE_W>,
        /// DATA: the sequence number; 0 otherwise.
        seq: Out Bits<SEQ_W>,
        /// The cumulative ack (ACK/NAK: the next sequence number expected); 0 on DATA.
        ack: Out Bits<SEQ_W>,
        /// The packet of a DATA frame (zeros otherwise).
        src: Out Bits<NODE_W>,
        dst: Out Bits<NODE_W>,
        queue: Out Bits<QUEUE_W>,
        data: Out Bits<WORD_W>,
        /// The frame passed the deframer's checks (CRC-32 above all). A deframer that cannot
        /// know it before the fields are out lowers it; a producer of good frames holds it high.
        crc_ok: Out bool,
    }
}

bundle_pair! {
    /// The sending half's events: one-cycle pulses, one per frame (the register file counts them).
    GbnTxEvents = "GbnTxEvents", GbnTxEventSink = "GbnTxEventSink" {
        /// A DATA frame left (first send or resend).
        sent: Out bool,
        /// ... and it was a resend.
        resent: Out bool,
        timeout: Out bool,
        /// A NAK was taken (and rewound the sender).
        nak: Out bool,
        /// An ACK/NAK acknowledging more than was ever sent: ignored.
        ack_out_of_window: Out bool,
        /// A good frame that is not an ACK/NAK: ignored.
        unexpected: Out bool,
        /// A frame with `crc_ok` low: ignored.
        bad: Out bool,
    }
}

bundle_pair! {
    /// The receiving half's events: one-cycle pulses, one per frame.
    GbnRxEvents = "GbnRxEvents", GbnRxEventSink = "GbnRxEventSink" {
        delivered: Out bool,
        /// Already delivered: dropped, re-ACKed.
        duplicate: Out bool,
        /// Ahead of the expected number: dropped (NAKed once per gap).
        gap: Out bool,
        /// Neither behind nor ahead within the window: dropped.
        out_of_window: Out bool,
        /// A good frame that is not DATA: dropped.
        unexpected: Out bool,
        /// A frame with `crc_ok` low: dropped.
        bad: Out bool,
        /// An ACK / a NAK left.
        ack_sent: Out bool,
        nak_sent: Out bool,
        /// A new reply replaced one that had not left yet (cumulative: nothing is lost).
        merged: Out bool,
    }
}

/// `{src, dst, queue, data}` packed into one replay-RAM word (src in the top bits). Custom
/// Verilog (a concatenation) because RustHDL's widening `bit_cast` emits width mismatches.
#[derive(LogicBlock, Default)]
pub struct PacketWord {
    pub src: Signal<In, Bits<NODE_W>>,
    pub dst: Signal<In, Bits<NODE_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
    pub word: Signal<Out, Bits<PACKET_W>>,
}

/// Where each field sits in a [`PacketWord`] (what `GbnTx` unpacks with `get_bits`).
pub const WORD_QUEUE_AT: usize = WORD_W;
pub const WORD_DST_AT: usize = WORD_W + 4;
pub const WORD_SRC_AT: usize = WORD_W + 8;

impl Logic for PacketWord {
    fn update(&mut self) {
        let mut w: Bits<PACKET_W> = bit_cast::<PACKET_W, WORD_W>(self.data.val());
        w.set_bits::<QUEUE_W>(WORD_QUEUE_AT, self.queue.val());
        w.set_bits::<NODE_W>(WORD_DST_AT, self.dst.val());
        w.set_bits::<NODE_W>(WORD_SRC_AT, self.src.val());
        self.word.next = w;
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) word = {src, dst, queue, data};".into())
    }
}

/// Verilog of one link end ([`end::LinkTop`]) as module `renq_link`: RustHDL names the top
/// module `top` and its submodules `top$...`, which would clash with the card's `renq_top.v`.
pub fn verilog() -> String {
    let mut link = end::LinkTop::default();
    link.connect_all();
    rename_top(&generate_verilog(&link), "renq_link")
}

/// Renames module `top` (and the `top$` prefix of its submodules) to `name`.
fn rename_top(v: &str, name: &str) -> String {
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
