//! One end of a reliable link: the sending half for this card's packets and the receiving half
//! for the peer's, sharing one wire each way (spec §7d).
//!
//! Incoming frames: ACK/NAK (with `crc_ok`) go to the sending half, everything else (DATA, and
//! every frame that failed its checks, counted there) to the receiving half. The wire's `ready`
//! is the receiving half's (it does not depend on the frame), so a blocked card delays ACKs too;
//! the peer's timer covers that. Outgoing frames: the receiving half's replies and the sending
//! half's DATA frames alternate when both wait (round robin), so neither direction starves. DATA
//! frames pass a [`FrameSkid`] first: the sending half sees a registered `ready`, so the choice
//! of frame here (and the wire's `ready`) does not run into its window logic and replay-RAM
//! address in the same cycle (the node's critical path, spec §7d).

use super::gbn_rx::GbnRx;
use super::gbn_tx::GbnTx;
use super::skid::FrameSkid;
use super::{FrameIn, FrameOut, GbnRxEvents, GbnTxEvents, PayloadIn, PayloadOut, SEQ_W, TYPE_W};
use super::{PAPER_PAYLOAD_W, PAYLOAD_W};
use renq_abi::frame;
use rust_hdl::prelude::*;

/// One link end for `W`-bit packet payloads.
#[derive(LogicBlock)]
pub struct LinkEnd<const W: usize> {
    pub clock: Signal<In, Clock>,
    /// Retransmit-timer tick (see `GbnTx::tick`).
    pub tick: Signal<In, bool>,
    /// Packets from this card to the peer.
    pub packets_in: PayloadIn<W>,
    /// Packets from the peer, in order, exactly once.
    pub packets_out: PayloadOut<W>,
    pub wire_out: FrameOut<W>,
    pub wire_in: FrameIn<W>,
    pub tx_events: GbnTxEvents,
    pub rx_events: GbnRxEvents,

    tx: GbnTx<W>,
    /// The sending half's DATA frames on their way out.
    data: FrameSkid<W>,
    rx: GbnRx<W>,
    /// The last frame out was a reply: DATA goes first next time both wait.
    prefer_data: DFF<bool>,
    pick_ctl: Signal<Local, bool>,
    to_tx: Signal<Local, bool>,
    type_ack: Constant<Bits<TYPE_W>>,
    type_nak: Constant<Bits<TYPE_W>>,
}

impl<const W: usize> Default for LinkEnd<W> {
    fn default() -> Self {
        Self::starting_at(0)
    }
}

impl<const W: usize> LinkEnd<W> {
    /// Both halves start at sequence number `seq` (the peer's must too).
    pub fn starting_at(seq: u16) -> Self {
        Self {
            clock: Default::default(),
            tick: Default::default(),
            packets_in: Default::default(),
            packets_out: Default::default(),
            wire_out: Default::default(),
            wire_in: Default::default(),
            tx_events: Default::default(),
            rx_events: Default::default(),
            tx: GbnTx::starting_at(seq),
            data: Default::default(),
            rx: GbnRx::starting_at(seq),
            prefer_data: Default::default(),
            pick_ctl: Default::default(),
            to_tx: Default::default(),
            type_ack: Constant::new((frame::TYPE_ACK as u64).into()),
            type_nak: Constant::new((frame::TYPE_NAK as u64).into()),
        }
    }
}

impl<const W: usize> Logic for LinkEnd<W> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, prefer_data);
        self.tx.clock.next = self.clock.val();
        self.data.clock.next = self.clock.val();
        self.rx.clock.next = self.clock.val();
        FrameOut::<W>::join(&mut self.tx.data_out, &mut self.data.frames_in);
        // A rewind resends from its point: what waits in the skid buffer is dropped.
        self.data.flush.next = self.tx_events.nak.val() | self.tx_events.timeout.val();
        self.tx.tick.next = self.tick.val();
        PayloadIn::<W>::link(&mut self.packets_in, &mut self.tx.packets);
        PayloadOut::<W>::link(&mut self.packets_out, &mut self.rx.packets);
        GbnTxEvents::link(&mut self.tx_events, &mut self.tx.events);
        GbnRxEvents::link(&mut self.rx_events, &mut self.rx.events);

        // In: ACK/NAK to the sender, the rest to the receiver.
        self.to_tx.next = self.wire_in.crc_ok.val()
            & ((self.wire_in.kind.val() == self.type_ack.val()) | (self.wire_in.kind.val() == self.type_nak.val()));
        self.wire_in.ready.next = self.rx.data_in.ready.val();
        self.tx.ctl_in.valid.next = self.wire_in.valid.val() & self.to_tx.val();
        self.rx.data_in.valid.next = self.wire_in.valid.val() & !self.to_tx.val();
        self.tx.ctl_in.kind.next = self.wire_in.kind.val();
        self.tx.ctl_in.seq.next = self.wire_in.seq.val();
        self.tx.ctl_in.ack.next = self.wire_in.ack.val();
        self.tx.ctl_in.payload.next = self.wire_in.payload.val();
        self.tx.ctl_in.crc_ok.next = self.wire_in.crc_ok.val();
        self.rx.data_in.kind.next = self.wire_in.kind.val();
        self.rx.data_in.seq.next = self.wire_in.seq.val();
        self.rx.data_in.ack.next = self.wire_in.ack.val();
        self.rx.data_in.payload.next = self.wire_in.payload.val();
        self.rx.data_in.crc_ok.next = self.wire_in.crc_ok.val();

        // Out: replies and DATA, round robin when both wait.
        self.pick_ctl.next =
            self.rx.ctl_out.valid.val() & (!self.data.frames_out.valid.val() | !self.prefer_data.q.val());
        self.wire_out.valid.next = self.rx.ctl_out.valid.val() | self.data.frames_out.valid.val();
        self.rx.ctl_out.ready.next = self.wire_out.ready.val() & self.pick_ctl.val();
        self.data.frames_out.ready.next = self.wire_out.ready.val() & !self.pick_ctl.val();
        self.wire_out.kind.next = self.data.frames_out.kind.val();
        self.wire_out.seq.next = self.data.frames_out.seq.val();
        self.wire_out.ack.next = self.data.frames_out.ack.val();
        self.wire_out.payload.next = self.data.frames_out.payload.val();
        self.wire_out.crc_ok.next = self.data.frames_out.crc_ok.val();
        if self.pick_ctl.val() {
            self.wire_out.kind.next = self.rx.ctl_out.kind.val();
            self.wire_out.seq.next = self.rx.ctl_out.seq.val();
            self.wire_out.ack.next = self.rx.ctl_out.ack.val();
            self.wire_out.payload.next = self.rx.ctl_out.payload.val();
            self.wire_out.crc_ok.next = self.rx.ctl_out.crc_ok.val();
        }
        if self.wire_out.valid.val() & self.wire_out.ready.val() {
            self.prefer_data.d.next = self.pick_ctl.val();
        }
    }
}

/// [`LinkEnd`] with flat ports: the module `renq_link` of `verilog-out/renq_link.v`
/// ([`CardLinkTop`]) or `renq_paper_link` of `renq_paper_link.v` ([`PaperLinkTop`]) (lint, formal, synthesis). `pi_*`:
/// packets in from the card; `po_*`: packets out to it; `wo_*` / `wi_*`: the frame-fields bus to /
/// from the wire; `tx_*` / `rx_*`: the halves' event pulses.
#[derive(LogicBlock, Default)]
pub struct LinkTop<const W: usize> {
    pub clock: Signal<In, Clock>,
    pub tick: Signal<In, bool>,
    pub pi_valid: Signal<In, bool>,
    pub pi_ready: Signal<Out, bool>,
    pub pi_payload: Signal<In, Bits<W>>,
    pub po_valid: Signal<Out, bool>,
    pub po_ready: Signal<In, bool>,
    pub po_payload: Signal<Out, Bits<W>>,
    pub wo_valid: Signal<Out, bool>,
    pub wo_ready: Signal<In, bool>,
    pub wo_kind: Signal<Out, Bits<TYPE_W>>,
    pub wo_seq: Signal<Out, Bits<SEQ_W>>,
    pub wo_ack: Signal<Out, Bits<SEQ_W>>,
    pub wo_payload: Signal<Out, Bits<W>>,
    pub wo_crc_ok: Signal<Out, bool>,
    pub wi_valid: Signal<In, bool>,
    pub wi_ready: Signal<Out, bool>,
    pub wi_kind: Signal<In, Bits<TYPE_W>>,
    pub wi_seq: Signal<In, Bits<SEQ_W>>,
    pub wi_ack: Signal<In, Bits<SEQ_W>>,
    pub wi_payload: Signal<In, Bits<W>>,
    pub wi_crc_ok: Signal<In, bool>,
    pub tx_sent: Signal<Out, bool>,
    pub tx_resent: Signal<Out, bool>,
    pub tx_timeout: Signal<Out, bool>,
    pub tx_nak: Signal<Out, bool>,
    pub tx_ack_out_of_window: Signal<Out, bool>,
    pub tx_unexpected: Signal<Out, bool>,
    pub tx_bad: Signal<Out, bool>,
    pub rx_delivered: Signal<Out, bool>,
    pub rx_duplicate: Signal<Out, bool>,
    pub rx_gap: Signal<Out, bool>,
    pub rx_out_of_window: Signal<Out, bool>,
    pub rx_unexpected: Signal<Out, bool>,
    pub rx_bad: Signal<Out, bool>,
    pub rx_ack_sent: Signal<Out, bool>,
    pub rx_nak_sent: Signal<Out, bool>,
    pub rx_merged: Signal<Out, bool>,
    link: LinkEnd<W>,
}

/// The paper card's link end (module `renq_paper_link`).
pub type PaperLinkTop = LinkTop<PAPER_PAYLOAD_W>;
/// The card's link end (module `renq_link`).
pub type CardLinkTop = LinkTop<PAYLOAD_W>;

impl<const W: usize> Logic for LinkTop<W> {
    #[hdl_gen]
    fn update(&mut self) {
        self.link.clock.next = self.clock.val();
        self.link.tick.next = self.tick.val();
        self.link.packets_in.valid.next = self.pi_valid.val();
        self.pi_ready.next = self.link.packets_in.ready.val();
        self.link.packets_in.payload.next = self.pi_payload.val();
        self.po_valid.next = self.link.packets_out.valid.val();
        self.link.packets_out.ready.next = self.po_ready.val();
        self.po_payload.next = self.link.packets_out.payload.val();
        self.wo_valid.next = self.link.wire_out.valid.val();
        self.link.wire_out.ready.next = self.wo_ready.val();
        self.wo_kind.next = self.link.wire_out.kind.val();
        self.wo_seq.next = self.link.wire_out.seq.val();
        self.wo_ack.next = self.link.wire_out.ack.val();
        self.wo_payload.next = self.link.wire_out.payload.val();
        self.wo_crc_ok.next = self.link.wire_out.crc_ok.val();
        self.link.wire_in.valid.next = self.wi_valid.val();
        self.wi_ready.next = self.link.wire_in.ready.val();
        self.link.wire_in.kind.next = self.wi_kind.val();
        self.link.wire_in.seq.next = self.wi_seq.val();
        self.link.wire_in.ack.next = self.wi_ack.val();
        self.link.wire_in.payload.next = self.wi_payload.val();
        self.link.wire_in.crc_ok.next = self.wi_crc_ok.val();
        self.tx_sent.next = self.link.tx_events.sent.val();
        self.tx_resent.next = self.link.tx_events.resent.val();
        self.tx_timeout.next = self.link.tx_events.timeout.val();
        self.tx_nak.next = self.link.tx_events.nak.val();
        self.tx_ack_out_of_window.next = self.link.tx_events.ack_out_of_window.val();
        self.tx_unexpected.next = self.link.tx_events.unexpected.val();
        self.tx_bad.next = self.link.tx_events.bad.val();
        self.rx_delivered.next = self.link.rx_events.delivered.val();
        self.rx_duplicate.next = self.link.rx_events.duplicate.val();
        self.rx_gap.next = self.link.rx_events.gap.val();
        self.rx_out_of_window.next = self.link.rx_events.out_of_window.val();
        self.rx_unexpected.next = self.link.rx_events.unexpected.val();
        self.rx_bad.next = self.link.rx_events.bad.val();
        self.rx_ack_sent.next = self.link.rx_events.ack_sent.val();
        self.rx_nak_sent.next = self.link.rx_events.nak_sent.val();
        self.rx_merged.next = self.link.rx_events.merged.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{Flow, Rng};
    use crate::link::stepper::{carrier_of, offer_packet, offered_packet, tagged, Fields, Stepper};
    use crate::link::wire::{Faults, Wire, CLEAN, EVERY_FAULT};
    use renq_abi::packet::{Carrier, Kind, Packet};
    use std::collections::VecDeque;

    /// One link end, its card-side traffic and what it delivered.
    struct End<const W: usize> {
        hw: Stepper<LinkEnd<W>>,
        to_send: VecDeque<u128>,
        offering: bool,
        source: Flow,
        sink: Flow,
        /// The wire takes a frame in a cycle only when this flow says so.
        wire: Flow,
        delivered: Vec<u128>,
        resent: u64,
        timeouts: u64,
        gaps: u64,
        duplicates: u64,
        bad: u64,
    }

    impl<const W: usize> End<W> {
        fn new(start: u16, packets: Vec<u128>, seed: u64) -> End<W> {
            let flow = |s: u64| Flow::Random { rng: Rng(seed ^ s | 1), percent: 70 };
            End {
                hw: Stepper::new(LinkEnd::starting_at(start), |x, c| x.clock.next = Clock { clk: c }),
                to_send: packets.into(),
                offering: false,
                source: flow(0x11),
                sink: flow(0x22),
                wire: flow(0x33),
                delivered: Vec::new(),
                resent: 0,
                timeouts: 0,
                gaps: 0,
                duplicates: 0,
                bad: 0,
            }
        }
    }

    /// Packet `i` of the end `from`: numbered, so order and duplicates show.
    fn packet(carrier: Carrier, from: u8, i: u64) -> Packet {
        tagged(carrier, (from as u64) << 32 | i)
    }

    /// Every `RAW`-th payload is no packet but a raw word with every bit of the width set but
    /// the tag's: the link is opaque, and bits no packet sets (kind's top bits) must cross too.
    const RAW: u64 = 4;

    /// Its payload word in a `W`-bit build.
    fn payload<const W: usize>(from: u8, i: u64) -> u128 {
        if i % RAW == RAW - 1 {
            return ((1u128 << W) - 1) ^ ((from as u128) << 32 | i as u128);
        }
        let carrier = carrier_of(W).expect("a link build");
        carrier.pack(&packet(carrier, from, i)).expect("a tagged packet fits its carrier")
    }

    /// Two ends exchange `n` packets each way over two faulty wires, every input under random
    /// pauses; each end must deliver the other's packets exactly once, in order. Returns the
    /// ends and the wires (A→B, B→A) for the callers' checks on what happened on the way.
    fn exchange<const W: usize>(n: u64, start: u16, faults: Faults, seed: u64) -> ([End<W>; 2], [Wire; 2]) {
        let mut ends =
            [0u8, 1].map(|e| End::<W>::new(start, (0..n).map(|i| payload::<W>(e, i)).collect(), seed + e as u64));
        let mut wires = [Wire::new(seed ^ 0xa5a5, faults), Wire::new(seed ^ 0x5a5a, faults)];
        let mut cycle = 0u64;
        while ends.iter().any(|e| (e.delivered.len() as u64) < n) {
            assert!(
                cycle < 400 * n + 20_000,
                "link stalled: delivered {} and {} of {n}",
                ends[0].delivered.len(),
                ends[1].delivered.len()
            );
            for (e, end) in ends.iter_mut().enumerate() {
                let x = &mut end.hw.uut;
                x.tick.next = true;
                if !end.offering && !end.to_send.is_empty() {
                    end.offering = end.source.go(cycle);
                }
                offer_packet(end.to_send.front().copied().filter(|_| end.offering), &mut x.packets_in);
                x.packets_out.ready.next = end.sink.go(cycle);
                x.wire_out.ready.next = end.wire.go(cycle);
                let incoming = &wires[1 - e];
                let arrived = incoming.arrived(cycle);
                Fields::offer(arrived.map(|i| incoming.flight[i].1 .1), &mut x.wire_in);
                end.hw.settle();
                let x = &end.hw.uut;
                if x.packets_in.valid.val() && x.packets_in.ready.val() {
                    end.to_send.pop_front();
                    end.offering = false;
                }
                if x.packets_out.ready.val() {
                    end.delivered.extend(offered_packet(&x.packets_out));
                }
                if x.wire_out.ready.val() {
                    if let Some(f) = Fields::offered(&x.wire_out) {
                        wires[e].send((false, f), cycle);
                    }
                }
                if let (Some(i), true) = (arrived, x.wire_in.ready.val()) {
                    wires[1 - e].flight.remove(i);
                }
                end.resent += x.tx_events.resent.val() as u64;
                end.timeouts += x.tx_events.timeout.val() as u64;
                end.gaps += x.rx_events.gap.val() as u64;
                end.duplicates += x.rx_events.duplicate.val() as u64;
                end.bad += x.rx_events.bad.val() as u64;
                end.hw.tick();
            }
            cycle += 1;
        }
        for end in &ends {
            eprintln!(
                "cycles {cycle} resent {} timeouts {} gaps {} dups {} bad {}",
                end.resent, end.timeouts, end.gaps, end.duplicates, end.bad
            );
        }
        for (e, end) in ends.iter().enumerate() {
            let sent_by_peer: Vec<u128> = (0..n).map(|i| payload::<W>(1 - e as u8, i)).collect();
            assert_eq!(end.delivered, sent_by_peer, "end {e}: not every packet exactly once, in order");
        }
        (ends, wires)
    }

    /// Enough packets to wrap the 32-frame window ten times.
    const N: u64 = 320;

    fn clean_wire<const W: usize>() {
        let (ends, _) = exchange::<W>(N, 0, CLEAN, 1);
        for e in &ends {
            assert_eq!((e.resent, e.gaps, e.duplicates, e.bad), (0, 0, 0, 0));
        }
    }

    #[test]
    fn clean_wire_delivers_in_order_without_resends() {
        clean_wire::<PAPER_PAYLOAD_W>();
        clean_wire::<PAYLOAD_W>();
    }

    fn every_fault<const W: usize>(seed: u64) -> [End<W>; 2] {
        let (ends, wires) = exchange::<W>(N, 0, EVERY_FAULT, seed);
        for w in &wires {
            assert!(w.saw_every_fault());
        }
        for e in &ends {
            assert!(e.resent > 0 && e.gaps > 0 && e.duplicates > 0 && e.bad > 0, "faults never reached the end");
        }
        ends
    }

    #[test]
    fn every_fault_both_ways_still_delivers_exactly_once_in_order() {
        every_fault::<PAPER_PAYLOAD_W>(7);
    }

    /// The card's packets at their fields' full widths (ids, queue, portal above 255; every bit
    /// of every field set in every third) cross the link under every fault and unpack to the
    /// very packets sent (`exchange` compared every word, the raw all-ones ones too).
    #[test]
    fn card_packets_with_wide_fields_survive_faults_bit_exact() {
        let ends = every_fault::<PAYLOAD_W>(8);
        for (e, end) in ends.iter().enumerate() {
            let packets = |i: &u64| i % RAW != RAW - 1;
            let got: Vec<Packet> = (0..N)
                .filter(packets)
                .map(|i| Carrier::V2.unpack(end.delivered[i as usize]).expect("a delivered payload is a packet"))
                .collect();
            let sent: Vec<Packet> = (0..N).filter(packets).map(|i| packet(Carrier::V2, 1 - e as u8, i)).collect();
            assert_eq!(got, sent, "end {e}");
            let all_ones =
                Packet { src: 1023, dst: 1023, queue: 4095, portal: 4095, epoch: 255, kind: Kind::Outcome, data: !0 };
            assert!(got.contains(&all_ones));
            assert!(got.iter().any(|p| p.src > 255
                && p.dst > 255
                && p.queue > 255
                && p.portal > 255
                && p.kind == Kind::Enqueue));
        }
    }

    fn each_fault_alone<const W: usize>() {
        let one = |drop, duplicate, reorder, corrupt| Faults { drop, duplicate, reorder, corrupt };
        // Start 100 below 2^16, so every run crosses the wrap of the 16-bit sequence numbers.
        let start = u16::MAX - 100;
        for (i, f) in [one(10, 0, 0, 0), one(0, 10, 0, 0), one(0, 0, 10, 0), one(0, 0, 0, 10)].into_iter().enumerate() {
            exchange::<W>(N / 2, start, f, 100 + i as u64);
        }
        // A lossy return path only: DATA gets through, ACKs are lost, the timer recovers.
        let (ends, _) = exchange::<W>(N / 2, start, one(30, 0, 0, 0), 200);
        assert!(ends.iter().any(|e| e.timeouts > 0));
    }

    #[test]
    fn each_fault_alone_and_the_sequence_number_wrap() {
        each_fault_alone::<PAPER_PAYLOAD_W>();
    }

    #[test]
    fn card_each_fault_alone_and_the_sequence_number_wrap() {
        each_fault_alone::<PAYLOAD_W>();
    }
}
