//! A hand-clocked driver for any link block (as `crate::stepper::RtlCard` is for the card): set
//! inputs on [`Stepper::uut`], [`Stepper::settle`] to read outputs, [`Stepper::tick`] for one
//! rising clock edge. No `Simulation` threads, so a test can put a Rust model of the wire (a
//! faulty channel, the simulator's state machines) between two blocks cycle by cycle.

use rust_hdl::prelude::*;

/// Passes of `update_all` allowed for the logic to settle (rust-hdl's Simulation uses 100).
const SETTLE_LIMIT: usize = 100;

pub struct Stepper<T: Block> {
    pub uut: Box<T>,
    clock: fn(&mut T) -> &mut Signal<In, Clock>,
    cycles: u64,
}

impl<T: Block> Stepper<T> {
    /// `clock` names the block's clock input.
    pub fn new(uut: T, clock: fn(&mut T) -> &mut Signal<In, Clock>) -> Self {
        let mut uut = Box::new(uut);
        uut.connect_all();
        check_all(uut.as_ref()).expect("link block fails rust-hdl's structural checks");
        let mut me = Stepper { uut, clock, cycles: 0 };
        me.settle();
        me
    }

    /// Settle the combinational logic with the inputs set so far.
    pub fn settle(&mut self) {
        for _ in 0..SETTLE_LIMIT {
            self.uut.update_all();
            if !self.uut.has_changed() {
                return;
            }
        }
        panic!("link logic did not settle within {SETTLE_LIMIT} passes (combinational loop?)");
    }

    /// One rising clock edge with the current inputs, then settle.
    pub fn tick(&mut self) {
        self.settle();
        (self.clock)(&mut self.uut).next = Clock { clk: true };
        self.settle();
        (self.clock)(&mut self.uut).next = Clock { clk: false };
        self.settle();
        self.cycles += 1;
    }

    pub fn cycles(&self) -> u64 {
        self.cycles
    }
}

use super::{FrameIn, FrameOut};
use crate::bus::{LinkRx, LinkTx};
use renq_abi::frame::{Body, Frame, TYPE_ACK, TYPE_DATA, TYPE_NAK};
use renq_abi::packet::Packet;

/// One frame on the frame-fields bus, as plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    pub kind: u8,
    pub seq: u16,
    pub ack: u16,
    pub packet: Packet,
    pub crc_ok: bool,
}

const NO_PACKET: Packet = Packet::enqueue(0, 0, 0, 0);

impl Fields {
    pub fn data(seq: u16, packet: Packet) -> Fields {
        Fields { kind: TYPE_DATA, seq, ack: 0, packet, crc_ok: true }
    }
    pub fn ack(ack: u16) -> Fields {
        Fields { kind: TYPE_ACK, seq: 0, ack, packet: NO_PACKET, crc_ok: true }
    }
    pub fn nak(ack: u16) -> Fields {
        Fields { kind: TYPE_NAK, seq: 0, ack, packet: NO_PACKET, crc_ok: true }
    }

    /// The fields of a decoded §7a frame (MACs are the framer's business).
    pub fn of_frame(f: &Frame) -> Fields {
        match f.body {
            Body::Data { seq, packet } => Fields { ack: f.ack, ..Fields::data(seq, packet) },
            Body::Ack => Fields::ack(f.ack),
            Body::Nak => Fields::nak(f.ack),
        }
    }

    /// The frame these fields stand for (`None` for a bad frame or an unknown type).
    pub fn to_frame(&self, dst_mac: [u8; 6], src_mac: [u8; 6]) -> Option<Frame> {
        let body = match self.kind {
            _ if !self.crc_ok => return None,
            TYPE_DATA => Body::Data { seq: self.seq, packet: self.packet },
            TYPE_ACK => Body::Ack,
            TYPE_NAK => Body::Nak,
            _ => return None,
        };
        Some(Frame { dst_mac, src_mac, ack: self.ack, body })
    }

    /// What a producer offers on `out` now (if `valid`).
    pub fn offered(out: &FrameOut) -> Option<Fields> {
        out.valid.val().then(|| Fields {
            kind: out.kind.val().to_u64() as u8,
            seq: out.seq.val().to_u64() as u16,
            ack: out.ack.val().to_u64() as u16,
            packet: Packet::enqueue(
                (out.src.val().to_u8()) as u16,
                (out.dst.val().to_u8()) as u16,
                (out.queue.val().to_u8()) as u16,
                out.data.val().to_u64(),
            ),
            crc_ok: out.crc_ok.val(),
        })
    }

    /// Offers `f` (or nothing) on `inp`.
    pub fn offer(f: Option<Fields>, inp: &mut FrameIn) {
        inp.valid.next = f.is_some();
        let f = f.unwrap_or(Fields { crc_ok: false, ..Fields::ack(0) });
        inp.kind.next = (f.kind as u64).into();
        inp.seq.next = (f.seq as u64).into();
        inp.ack.next = (f.ack as u64).into();
        inp.src.next = (f.packet.src as u64).into();
        inp.dst.next = (f.packet.dst as u64).into();
        inp.queue.next = (f.packet.queue as u64).into();
        inp.data.next = f.packet.data.into();
        inp.crc_ok.next = f.crc_ok;
    }
}

/// Offers a packet (or nothing) on a link stream input.
pub fn offer_packet(p: Option<Packet>, inp: &mut LinkRx) {
    inp.valid.next = p.is_some();
    let p = p.unwrap_or(NO_PACKET);
    inp.src.next = (p.src as u64).into();
    inp.dst.next = (p.dst as u64).into();
    inp.queue.next = (p.queue as u64).into();
    inp.data.next = p.data.into();
}

/// The packet a link stream output offers now.
pub fn offered_packet(out: &LinkTx) -> Option<Packet> {
    out.valid.val().then(|| {
        Packet::enqueue(
            (out.src.val().to_u8()) as u16,
            (out.dst.val().to_u8()) as u16,
            (out.queue.val().to_u8()) as u16,
            out.data.val().to_u64(),
        )
    })
}

use super::gbn_rx::GbnRx;
use super::gbn_tx::GbnTx;

/// Event pulses of a [`GbnTx`], summed (the simulator's `SenderStats` under the same names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TxCounts {
    pub frames_sent: u64,
    pub resent: u64,
    pub timeouts: u64,
    pub naks: u64,
    pub ack_out_of_window: u64,
    pub unexpected: u64,
    pub bad: u64,
}

/// Event pulses of a [`GbnRx`], summed (the simulator's `ReceiverStats` under the same names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RxCounts {
    pub delivered: u64,
    pub duplicates: u64,
    pub gaps: u64,
    pub out_of_window: u64,
    pub unexpected: u64,
    pub bad: u64,
    pub acks_sent: u64,
    pub naks_sent: u64,
    pub merged: u64,
}

/// What moved in one cycle of a [`TxBench`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TxCycle {
    pub pushed: bool,
    pub sent: Option<Fields>,
}

/// The sending half alone, one call per clock cycle, plain values in and out.
pub struct TxBench {
    pub hw: Stepper<GbnTx>,
    pub counts: TxCounts,
}

/// Cycles a pull waits for the sender's offer: the replay RAM reads one cycle late, and a
/// packet pushed into the slot being read needs one more.
pub const PULL_CYCLES: usize = 3;

impl TxBench {
    pub fn new(start: u16) -> TxBench {
        TxBench { hw: Stepper::new(GbnTx::starting_at(start), |x| &mut x.clock), counts: TxCounts::default() }
    }

    /// One cycle: offer `packet` from the card and `control` from the wire, pulse `tick`, let
    /// the wire take a DATA frame if `wire_ready`.
    pub fn cycle(&mut self, packet: Option<Packet>, control: Option<Fields>, tick: bool, wire_ready: bool) -> TxCycle {
        let x = &mut self.hw.uut;
        offer_packet(packet, &mut x.packets);
        Fields::offer(control, &mut x.ctl_in);
        x.tick.next = tick;
        x.data_out.ready.next = wire_ready;
        self.hw.settle();
        let x = &self.hw.uut;
        let out = TxCycle {
            pushed: x.packets.valid.val() && x.packets.ready.val(),
            sent: Fields::offered(&x.data_out).filter(|_| wire_ready),
        };
        let e = &x.events;
        let c = &mut self.counts;
        c.frames_sent += e.sent.val() as u64;
        c.resent += e.resent.val() as u64;
        c.timeouts += e.timeout.val() as u64;
        c.naks += e.nak.val() as u64;
        c.ack_out_of_window += e.ack_out_of_window.val() as u64;
        c.unexpected += e.unexpected.val() as u64;
        c.bad += e.bad.val() as u64;
        self.hw.tick();
        out
    }

    /// Offers a packet for one cycle; whether the window had room.
    pub fn push(&mut self, p: Packet) -> bool {
        self.cycle(Some(p), None, false, false).pushed
    }

    /// An ACK/NAK (or any frame) from the wire, and the cycle that applies it (the sender
    /// decides in one cycle and acts in the next).
    pub fn control(&mut self, f: Fields) {
        self.controls(&[f]);
    }

    /// ACK/NAKs (or any frames) in consecutive cycles, each decided while the one before is
    /// applied, then the cycle that applies the last.
    pub fn controls(&mut self, fs: &[Fields]) {
        for &f in fs {
            self.cycle(None, Some(f), false, false);
        }
        self.cycle(None, None, false, false);
    }

    /// One timer tick.
    pub fn tick(&mut self) {
        self.cycle(None, None, true, false);
    }

    /// The next DATA frame, if the sender has one to send.
    pub fn pull(&mut self) -> Option<Fields> {
        (0..PULL_CYCLES).find_map(|_| self.cycle(None, None, false, true).sent)
    }
}

/// What moved in one cycle of an [`RxBench`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RxCycle {
    pub taken: bool,
    pub delivered: Option<Packet>,
    pub reply: Option<Fields>,
}

/// The receiving half alone, one call per clock cycle, plain values in and out.
pub struct RxBench {
    pub hw: Stepper<GbnRx>,
    pub counts: RxCounts,
}

impl RxBench {
    pub fn new(start: u16) -> RxBench {
        RxBench { hw: Stepper::new(GbnRx::starting_at(start), |x| &mut x.clock), counts: RxCounts::default() }
    }

    /// One cycle: offer `frame`; the card takes a delivered packet if `card_ready`, the wire a
    /// reply if `wire_ready`.
    pub fn cycle(&mut self, frame: Option<Fields>, card_ready: bool, wire_ready: bool) -> RxCycle {
        let x = &mut self.hw.uut;
        Fields::offer(frame, &mut x.data_in);
        x.packets.ready.next = card_ready;
        x.ctl_out.ready.next = wire_ready;
        self.hw.settle();
        let x = &self.hw.uut;
        let out = RxCycle {
            taken: x.data_in.valid.val() && x.data_in.ready.val(),
            delivered: offered_packet(&x.packets).filter(|_| card_ready),
            reply: Fields::offered(&x.ctl_out).filter(|_| wire_ready),
        };
        let e = &x.events;
        let c = &mut self.counts;
        c.delivered += e.delivered.val() as u64;
        c.duplicates += e.duplicate.val() as u64;
        c.gaps += e.gap.val() as u64;
        c.out_of_window += e.out_of_window.val() as u64;
        c.unexpected += e.unexpected.val() as u64;
        c.bad += e.bad.val() as u64;
        c.acks_sent += e.ack_sent.val() as u64;
        c.naks_sent += e.nak_sent.val() as u64;
        c.merged += e.merged.val() as u64;
        self.hw.tick();
        out
    }

    /// One frame with the card and the wire always ready: what it delivered and replied (both
    /// leave the output registers in the cycle after the frame).
    pub fn feed(&mut self, f: Fields) -> (Option<Packet>, Option<Fields>) {
        assert!(self.cycle(Some(f), true, true).taken, "a receiver whose outputs drain takes every frame");
        let out = self.cycle(None, true, true);
        (out.delivered, out.reply)
    }
}
