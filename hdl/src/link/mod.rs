//! The card's reliable link layer (spec §7d): go-back-N over link frames, the same protocol as
//! the simulator's `renq_sim::reliable` (spec §7b), with the same parameters
//! (`renq_abi::frame::{WINDOW, RTO, RTO_MAX}`), so a card and a simulated node interoperate.
//!
//! * [`gbn_tx::GbnTx`] — the sending half: replay RAM of `WINDOW` packets, cumulative ACK, NAK
//!   and timer rewinds, doubling timeout;
//! * [`gbn_rx::GbnRx`] — the receiving half: delivers only the expected sequence number, NAKs a
//!   gap once, re-ACKs duplicates, counts every drop;
//! * [`skid::FrameSkid`] — a two-entry skid buffer on the frame-fields bus (the DATA frames'
//!   timing cut between the sending half and the wire);
//! * [`end::LinkEnd`] — both halves of one end of a link, sharing one wire each way;
//!   [`end::LinkTop`] is it with flat ports: module `renq_paper_link` of `verilog-out/renq_paper_link.v`
//!   ([`end::PaperLinkTop`]), `renq_link` of `renq_link.v` ([`end::CardLinkTop`]);
//! * [`stepper::Stepper`] — a hand-clocked driver of any of them (tests, the simulator's
//!   differential test).
//!
//! Between the halves and the wire travels a *frame-fields* bus ([`FrameOut`] / [`FrameIn`]):
//! one frame per `valid & ready` cycle with its fields side by side; the byte-stream framing of
//! spec §7a (MACs, EtherType, CRC-32) sits between that bus and a MAC. The packet is an opaque
//! `W`-bit payload (the go-back-N logic reads only kind, seq, ack and crc_ok): one RTL, two
//! builds, [`PAPER_PAYLOAD_W`] (the paper card) and [`PAYLOAD_W`] (the card).

pub mod channels;
pub mod end;
pub mod gbn_rx;
pub mod gbn_tx;
pub mod skid;
pub mod stepper;
#[cfg(test)]
pub mod wire;

use crate::bus::{bundle_pair, flip};
use renq_abi::frame;
use renq_abi::packet::payload;
use rust_hdl::prelude::*;

/// Bits of a sequence number (and of a cumulative ack).
pub const SEQ_W: usize = frame::SEQ_BITS as usize;
/// Bits of a frame type code on the frame-fields bus.
pub const TYPE_W: usize = frame::TYPE_BITS as usize;
/// Bits of a replay-RAM address: the low bits of a sequence number.
pub const SLOT_W: usize = frame::WINDOW.trailing_zeros() as usize;
/// Bits of the retransmit timer: enough for `RTO_MAX` ticks.
pub const TIMER_W: usize = (u64::BITS - frame::RTO_MAX.leading_zeros()) as usize;
/// Payload bits of the paper card's build: `{src, dst, queue, data}` (`renq_abi::packet::payload`).
pub const PAPER_PAYLOAD_W: usize = payload::V1_BITS;
/// Payload bits of the card's build: §7's header fields (all but MAGIC) and the data word.
pub const PAYLOAD_W: usize = payload::V2_BITS;

bundle_pair! {
    /// A link frame as fields (spec §7a), from its producer, with a `W`-bit packet payload. The
    /// consumer takes the frame offered in a cycle with `valid & ready`; until then an offer may
    /// change or be withdrawn (a rewind or an ACK changes what the sender sends next, a newer
    /// cumulative ACK supersedes an older one), so a consumer must not assume that what it saw
    /// while not ready stays.
    FrameOut<const W: usize> = "FrameOut", FrameIn = "FrameIn" {
        valid: Out bool,
        ready: In bool,
        /// `renq_abi::frame::TYPE_DATA`, `TYPE_ACK` or `TYPE_NAK`.
        kind: Out Bits<TYPE_W>,
        /// DATA: the sequence number; 0 otherwise.
        seq: Out Bits<SEQ_W>,
        /// The cumulative ack (ACK/NAK: the next sequence number expected); 0 on DATA.
        ack: Out Bits<SEQ_W>,
        /// The packet of a DATA frame, opaque (zeros otherwise).
        payload: Out Bits<W>,
        /// The frame passed the deframer's checks (CRC-32 above all). A deframer that cannot
        /// know it before the fields are out lowers it; a producer of good frames holds it high.
        crc_ok: Out bool,
    }
}

bundle_pair! {
    /// The card's side of a link end: a stream of `W`-bit packet payloads (outputs registered, a
    /// payload moves when `valid & ready`; `ready` never depends on `valid`). The card packs its
    /// packet into the word (`renq_abi::packet::Carrier`); the link never looks inside.
    PayloadOut<const W: usize> = "PayloadOut", PayloadIn = "PayloadIn" {
        valid: Out bool,
        ready: In bool,
        payload: Out Bits<W>,
    }
}

bundle_pair! {
    /// The sending half's events: one-cycle pulses, one per frame (the register file counts them).
    GbnTxEvents = "GbnTxEvents", GbnTxEventSink = "GbnTxEventSink" {
        /// A DATA frame left the sender for the wire (first send or resend; through the end's
        /// skid buffer, which a rewind flushes, so a few per rewind never reach the wire).
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

/// Verilog of the paper card's link end ([`end::PaperLinkTop`]) as module `renq_paper_link`.
pub fn paper_verilog() -> String {
    verilog_of::<PAPER_PAYLOAD_W>("renq_paper_link")
}

/// Verilog of the card's link end ([`end::CardLinkTop`]) as module `renq_link`.
pub fn verilog() -> String {
    verilog_of::<PAYLOAD_W>("renq_link")
}

fn verilog_of<const W: usize>(name: &str) -> String {
    let mut link = end::LinkTop::<W>::default();
    link.connect_all();
    crate::rename_top(&generate_verilog(&link), name)
}
