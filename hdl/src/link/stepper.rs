//! A hand-clocked driver for any link block: set inputs on `stepper.uut`, [`Stepper::settle`]
//! to read outputs, [`Stepper::tick`] for one rising clock edge. No `Simulation` threads, so a
//! test can put a Rust model of the wire (a faulty channel, the simulator's state machines)
//! between two blocks cycle by cycle. Its loop is [`Hand`]'s; why a driver of its own: the link
//! blocks are built with a start state (`starting_at`, not `Default`), count their cycles, and
//! their frame and payload ports are driven through the bench types below, not plain structs.

use crate::stepper::Hand;
use rust_hdl::prelude::*;

pub struct Stepper<T: Block> {
    hand: Hand<T>,
    cycles: u64,
}

impl<T: Block> Stepper<T> {
    /// `clock` sets the block's clock input.
    pub fn new(uut: T, clock: fn(&mut T, bool)) -> Self {
        Stepper { hand: Hand::boxed(Box::new(uut), clock), cycles: 0 }
    }

    /// Settle the combinational logic with the inputs set so far.
    pub fn settle(&mut self) {
        self.hand.settle();
    }

    /// One rising clock edge with the current inputs, then settle.
    pub fn tick(&mut self) {
        self.hand.settle();
        self.hand.tick();
        self.cycles += 1;
    }

    pub fn cycles(&self) -> u64 {
        self.cycles
    }
}

/// The block, to set inputs on and read outputs from (`stepper.uut`).
impl<T: Block> std::ops::Deref for Stepper<T> {
    type Target = Hand<T>;
    fn deref(&self) -> &Hand<T> {
        &self.hand
    }
}

impl<T: Block> std::ops::DerefMut for Stepper<T> {
    fn deref_mut(&mut self) -> &mut Hand<T> {
        &mut self.hand
    }
}

use super::{FrameIn, FrameOut, PayloadIn, PayloadOut};
use renq_abi::frame::{Body, Frame, TYPE_ACK, TYPE_DATA, TYPE_NAK};
use renq_abi::packet::{Carrier, Kind, Packet};

/// One frame on the frame-fields bus, as plain values; the packet is the payload word, as opaque
/// as on the bus (`renq_abi::packet::Carrier` packs and unpacks it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    pub kind: u8,
    pub seq: u16,
    pub ack: u16,
    pub payload: u128,
    pub crc_ok: bool,
}

impl Fields {
    pub fn data(seq: u16, payload: u128) -> Fields {
        Fields { kind: TYPE_DATA, seq, ack: 0, payload, crc_ok: true }
    }
    pub fn ack(ack: u16) -> Fields {
        Fields { kind: TYPE_ACK, seq: 0, ack, payload: 0, crc_ok: true }
    }
    pub fn nak(ack: u16) -> Fields {
        Fields { kind: TYPE_NAK, seq: 0, ack, payload: 0, crc_ok: true }
    }

    /// The fields of a decoded §7a frame (MACs and incarnations are the framer's business);
    /// `None` if its packet does not fit `carrier`, or it carries more than one (the card's
    /// link end takes one packet per frame, spec §7d).
    pub fn of_frame(f: &Frame, carrier: Carrier) -> Option<Fields> {
        Some(match &f.body {
            Body::Data { seq, packets } if packets.len() == 1 => {
                Fields { ack: f.ack, ..Fields::data(*seq, carrier.pack(&packets[0])?) }
            }
            Body::Data { .. } => return None,
            Body::Ack => Fields::ack(f.ack),
            Body::Nak => Fields::nak(f.ack),
        })
    }

    /// The frame these fields stand for (`None` for a bad frame, an unknown type or a payload
    /// that is no packet of `carrier`).
    pub fn to_frame(&self, carrier: Carrier, dst_mac: [u8; 6], src_mac: [u8; 6]) -> Option<Frame> {
        let body = match self.kind {
            _ if !self.crc_ok => return None,
            TYPE_DATA => Body::Data { seq: self.seq, packets: vec![carrier.unpack(self.payload).ok()?] },
            TYPE_ACK => Body::Ack,
            TYPE_NAK => Body::Nak,
            _ => return None,
        };
        Some(Frame::new(dst_mac, src_mac, self.ack, body))
    }

    /// What a producer offers on `out` now (if `valid`).
    pub fn offered<const W: usize>(out: &FrameOut<W>) -> Option<Fields> {
        out.valid.val().then(|| Fields {
            kind: out.kind.val().to_u64() as u8,
            seq: out.seq.val().to_u64() as u16,
            ack: out.ack.val().to_u64() as u16,
            payload: out.payload.val().to_u128(),
            crc_ok: out.crc_ok.val(),
        })
    }

    /// Offers `f` (or nothing) on `inp`.
    pub fn offer<const W: usize>(f: Option<Fields>, inp: &mut FrameIn<W>) {
        inp.valid.next = f.is_some();
        let f = f.unwrap_or(Fields { crc_ok: false, ..Fields::ack(0) });
        inp.kind.next = (f.kind as u64).into();
        inp.seq.next = (f.seq as u64).into();
        inp.ack.next = (f.ack as u64).into();
        inp.payload.next = word::<W>(f.payload);
        inp.crc_ok.next = f.crc_ok;
    }
}

/// The packing of a `W`-bit build: the paper card's or the card's (`None` for another width).
pub const fn carrier_of(w: usize) -> Option<Carrier> {
    match w {
        super::PAPER_PAYLOAD_W => Some(Carrier::V1),
        super::PAYLOAD_W => Some(Carrier::V2),
        _ => None,
    }
}

/// A packet that fits `carrier` and tells `tag` from its neighbours (so order, losses and
/// duplicates show). The card's use the fields' full widths: ids, queue and portal above 255,
/// both kinds, and every third one has every bit of every field set.
pub fn tagged(carrier: Carrier, tag: u64) -> Packet {
    match carrier {
        Carrier::V1 => Packet::enqueue((tag % 7) as u16, (tag % 13) as u16, (tag % 16) as u16, 0xabc0_0000 | tag),
        Carrier::V2 if tag.is_multiple_of(3) => {
            Packet { src: 1023, dst: 1023, queue: 4095, portal: 4095, epoch: 255, kind: Kind::Outcome, data: u64::MAX }
        }
        Carrier::V2 => {
            let t = tag as u16;
            Packet {
                src: 256 + t % 768,
                dst: 1023 - t % 700,
                queue: 256 + t % 3840,
                portal: 4095 - t % 3000,
                epoch: 0x80 | t as u8,
                kind: if tag.is_multiple_of(2) { Kind::Outcome } else { Kind::Enqueue },
                data: 0xf000_0000_0000_0000 | tag << 16 | tag,
            }
        }
    }
}

/// `payload` as a `W`-bit word; a bench that offers more bits than the bus has is wrong.
fn word<const W: usize>(payload: u128) -> Bits<W> {
    assert!(W >= 128 || payload >> W == 0, "payload {payload:#x} is wider than {W} bits");
    payload.to_bits::<W>()
}

/// Offers a packet payload (or nothing) on a link end's card-side input.
pub fn offer_packet<const W: usize>(p: Option<u128>, inp: &mut PayloadIn<W>) {
    inp.valid.next = p.is_some();
    inp.payload.next = word::<W>(p.unwrap_or(0));
}

/// The packet payload a link end's card-side output offers now.
pub fn offered_packet<const W: usize>(out: &PayloadOut<W>) -> Option<u128> {
    out.valid.val().then(|| out.payload.val().to_u128())
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
pub struct TxBench<const W: usize> {
    pub hw: Stepper<GbnTx<W>>,
    pub counts: TxCounts,
}

/// Cycles a pull waits for the sender's offer: the replay RAM reads one cycle late, and a
/// packet pushed into the slot being read needs one more.
pub const PULL_CYCLES: usize = 3;

impl<const W: usize> TxBench<W> {
    pub fn new(start: u16) -> TxBench<W> {
        TxBench {
            hw: Stepper::new(GbnTx::starting_at(start), |x, c| x.clock.next = Clock { clk: c }),
            counts: TxCounts::default(),
        }
    }

    /// One cycle: offer `packet` from the card and `control` from the wire, pulse `tick`, let
    /// the wire take a DATA frame if `wire_ready`.
    pub fn cycle(&mut self, packet: Option<u128>, control: Option<Fields>, tick: bool, wire_ready: bool) -> TxCycle {
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
    pub fn push(&mut self, p: u128) -> bool {
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
    pub delivered: Option<u128>,
    pub reply: Option<Fields>,
}

/// The receiving half alone, one call per clock cycle, plain values in and out.
pub struct RxBench<const W: usize> {
    pub hw: Stepper<GbnRx<W>>,
    pub counts: RxCounts,
}

impl<const W: usize> RxBench<W> {
    pub fn new(start: u16) -> RxBench<W> {
        RxBench {
            hw: Stepper::new(GbnRx::starting_at(start), |x, c| x.clock.next = Clock { clk: c }),
            counts: RxCounts::default(),
        }
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
    pub fn feed(&mut self, f: Fields) -> (Option<u128>, Option<Fields>) {
        assert!(self.cycle(Some(f), true, true).taken, "a receiver whose outputs drain takes every frame");
        let out = self.cycle(None, true, true);
        (out.delivered, out.reply)
    }
}
