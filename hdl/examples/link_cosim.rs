//! Co-simulation of the link end (spec §7d), RustHDL side: drives `renq_hdl::link::end::LinkTop`
//! (card: the checked-in `renq_link.v`, W = 120; paper: `renq_paper_link.v`, W = 76) with a stimulus
//! file and writes the per-cycle output log that `verilog-out/cosim/tb_link.v` writes for the
//! emitted Verilog; `make -C verilog-out cosim-link` compares them byte for byte.
//!
//! ```text
//! link_cosim <card|paper> <stimulus> <log>          run the stimulus, write the log, print counts
//! link_cosim <card|paper> --gen <seed> <stimulus>   write a deterministic random stimulus
//! ```
//! The generator plays the link end's surroundings against the RustHDL link end itself: a card
//! offering random payloads (each held until taken, random pauses), a card taking deliveries
//! with random back-pressure, a wire taking frames with random back-pressure, and a model peer
//! answering on the wire: its own DATA frames in go-back-N order (rewound by the end's NAKs and
//! by its own timer) with drops (gaps), duplicates, corrupted frames (crc_ok = 0) and
//! out-of-window sequence numbers; ACK/NAK frames for the end's DATA (some lost) and ACK/NAK
//! frames with random ack numbers; silent spells in which it answers nothing, so the end's
//! retransmit timer fires. The replay applies the recorded inputs, open loop, to both
//! simulations.
//! Stimulus: one line per cycle, hex: `tick pi_valid pi_payload po_ready wo_ready wi_valid
//! wi_kind wi_seq wi_ack wi_payload wi_crc_ok`. Log: one line per cycle, the outputs after the
//! inputs settle, hex without leading zeros: `pi_ready po_valid po_payload wo_valid wo_kind
//! wo_seq wo_ack wo_payload wo_crc_ok wi_ready` then the 16 event pulses in port order.

use renq_abi::frame::{TYPE_ACK, TYPE_DATA, TYPE_NAK, WINDOW};
use renq_hdl::harness::{cosim_cli, cosim_usage, Rng};
use renq_hdl::link::end::LinkTop;
use renq_hdl::link::stepper::Stepper;
use renq_hdl::link::{PAPER_PAYLOAD_W, PAYLOAD_W};
use rust_hdl::prelude::*;
use std::fmt::Write as _;

/// Random cycles per stimulus.
const CYCLES: u64 = 20_000;
/// Every `SPELL_EVERY` cycles the peer falls silent for `SPELL` cycles (no replies, no DATA).
const SPELL_EVERY: u64 = 1500;
const SPELL: u64 = 400;
/// The peer rewinds its own DATA to the last ACK after this many cycles without progress.
const PEER_RTO: u64 = 300;

/// One cycle's inputs.
#[derive(Clone, Copy, Default)]
struct In {
    tick: bool,
    pi_valid: bool,
    pi_payload: u128,
    po_ready: bool,
    wo_ready: bool,
    wi_valid: bool,
    wi_kind: u8,
    wi_seq: u16,
    wi_ack: u16,
    wi_payload: u128,
    wi_crc_ok: bool,
}

const IN_FIELDS: usize = 11;

impl In {
    fn line(&self) -> String {
        let b = |x: bool| x as u8;
        format!(
            "{:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            b(self.tick),
            b(self.pi_valid),
            self.pi_payload,
            b(self.po_ready),
            b(self.wo_ready),
            b(self.wi_valid),
            self.wi_kind,
            self.wi_seq,
            self.wi_ack,
            self.wi_payload,
            b(self.wi_crc_ok)
        )
    }

    fn parse(line: &str, n: usize) -> In {
        let f: Vec<u128> = line
            .split_whitespace()
            .map(|f| u128::from_str_radix(f, 16).unwrap_or_else(|e| panic!("stimulus line {n}: {f}: {e}")))
            .collect();
        assert_eq!(f.len(), IN_FIELDS, "stimulus line {n}: {} fields, not {IN_FIELDS}", f.len());
        In {
            tick: f[0] != 0,
            pi_valid: f[1] != 0,
            pi_payload: f[2],
            po_ready: f[3] != 0,
            wo_ready: f[4] != 0,
            wi_valid: f[5] != 0,
            wi_kind: f[6] as u8,
            wi_seq: f[7] as u16,
            wi_ack: f[8] as u16,
            wi_payload: f[9],
            wi_crc_ok: f[10] != 0,
        }
    }
}

/// Indices into `Out::events`, in port order.
const TX_SENT: usize = 0;
const TX_RESENT: usize = 1;
const TX_TIMEOUT: usize = 2;
const TX_NAK: usize = 3;
const TX_ACK_OUT_OF_WINDOW: usize = 4;
const TX_UNEXPECTED: usize = 5;
const TX_BAD: usize = 6;
const RX_DELIVERED: usize = 7;
const RX_DUPLICATE: usize = 8;
const RX_GAP: usize = 9;
const RX_OUT_OF_WINDOW: usize = 10;
const RX_UNEXPECTED: usize = 11;
const RX_BAD: usize = 12;
const RX_ACK_SENT: usize = 13;
const RX_NAK_SENT: usize = 14;
const RX_MERGED: usize = 15;
const EVENTS: usize = 16;

/// One cycle's outputs.
struct Out {
    pi_ready: bool,
    po_valid: bool,
    po_payload: u128,
    wo_valid: bool,
    wo_kind: u8,
    wo_seq: u16,
    wo_ack: u16,
    wo_payload: u128,
    wo_crc_ok: bool,
    wi_ready: bool,
    events: [bool; EVENTS],
}

impl Out {
    fn line(&self) -> String {
        let b = |x: bool| x as u8;
        let mut s = format!(
            "{:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            b(self.pi_ready),
            b(self.po_valid),
            self.po_payload,
            b(self.wo_valid),
            self.wo_kind,
            self.wo_seq,
            self.wo_ack,
            self.wo_payload,
            b(self.wo_crc_ok),
            b(self.wi_ready)
        );
        for e in self.events {
            write!(s, " {:x}", b(e)).unwrap();
        }
        s
    }
}

/// A link end under a hand-clocked driver, one build.
struct Dut<const W: usize>(Stepper<LinkTop<W>>);

impl<const W: usize> Dut<W> {
    fn new() -> Self {
        Dut(Stepper::new(LinkTop::<W>::default(), |x, c| x.clock.next = Clock { clk: c }))
    }

    /// Applies `i`, settles, returns the outputs (before the clock edge).
    fn eval(&mut self, i: &In) -> Out {
        let mask = |p: u128| p & ((1u128 << W) - 1);
        let x = &mut self.0.uut;
        x.tick.next = i.tick;
        x.pi_valid.next = i.pi_valid;
        x.pi_payload.next = mask(i.pi_payload).to_bits::<W>();
        x.po_ready.next = i.po_ready;
        x.wo_ready.next = i.wo_ready;
        x.wi_valid.next = i.wi_valid;
        x.wi_kind.next = (i.wi_kind as u64).into();
        x.wi_seq.next = (i.wi_seq as u64).into();
        x.wi_ack.next = (i.wi_ack as u64).into();
        x.wi_payload.next = mask(i.wi_payload).to_bits::<W>();
        x.wi_crc_ok.next = i.wi_crc_ok;
        self.0.settle();
        let x = &self.0.uut;
        Out {
            pi_ready: x.pi_ready.val(),
            po_valid: x.po_valid.val(),
            po_payload: x.po_payload.val().to_u128(),
            wo_valid: x.wo_valid.val(),
            wo_kind: x.wo_kind.val().to_u64() as u8,
            wo_seq: x.wo_seq.val().to_u64() as u16,
            wo_ack: x.wo_ack.val().to_u64() as u16,
            wo_payload: x.wo_payload.val().to_u128(),
            wo_crc_ok: x.wo_crc_ok.val(),
            wi_ready: x.wi_ready.val(),
            events: [
                x.tx_sent.val(),
                x.tx_resent.val(),
                x.tx_timeout.val(),
                x.tx_nak.val(),
                x.tx_ack_out_of_window.val(),
                x.tx_unexpected.val(),
                x.tx_bad.val(),
                x.rx_delivered.val(),
                x.rx_duplicate.val(),
                x.rx_gap.val(),
                x.rx_out_of_window.val(),
                x.rx_unexpected.val(),
                x.rx_bad.val(),
                x.rx_ack_sent.val(),
                x.rx_nak_sent.val(),
                x.rx_merged.val(),
            ],
        }
    }

    fn tick(&mut self) {
        self.0.tick();
    }
}

/// A frame the peer puts on the wire.
#[derive(Clone, Copy)]
struct Frame {
    kind: u8,
    seq: u16,
    ack: u16,
    payload: u128,
    crc_ok: bool,
}

/// The model peer and the card around the link end (see the module comment).
struct Bench {
    rng: Rng,
    /// The card's payload on offer, held until taken.
    offer: Option<u128>,
    /// The peer's frame on the wire, until taken (or withdrawn).
    on_wire: Option<Frame>,
    /// The peer's sending half: next sequence number, oldest unacknowledged, last progress.
    next: u16,
    base: u16,
    progress: u64,
    /// The peer's receiving half: the end's sequence number it expects, and the reply it owes.
    expected: u16,
    owed: Option<u8>,
}

impl Bench {
    fn new(seed: u64) -> Self {
        Bench {
            rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
            offer: None,
            on_wire: None,
            next: 0,
            base: 0,
            progress: 0,
            expected: 0,
            owed: None,
        }
    }

    fn payload(&mut self) -> u128 {
        (self.rng.next_u64() as u128) << 64 | self.rng.next_u64() as u128
    }

    fn data(&mut self, seq: u16, crc_ok: bool) -> Frame {
        let payload = self.payload();
        Frame { kind: TYPE_DATA, seq, ack: 0, payload, crc_ok }
    }

    /// The peer's next frame, if any: replies, its DATA with faults, junk.
    fn pick_frame(&mut self) -> Option<Frame> {
        let r = &mut self.rng;
        if let Some(kind) = self.owed.filter(|_| r.chance(40)) {
            self.owed = None;
            if self.rng.chance(10) {
                return None; // the reply is lost
            }
            let crc_ok = !self.rng.chance(5);
            return Some(Frame { kind, seq: 0, ack: self.expected, payload: 0, crc_ok });
        }
        let roll = self.rng.below(100);
        let in_flight = self.next.wrapping_sub(self.base);
        match roll {
            0..=39 if in_flight < WINDOW => {
                if self.rng.chance(8) {
                    self.next = self.next.wrapping_add(1); // dropped on the way: a gap
                    return None;
                }
                let crc_ok = !self.rng.chance(8);
                let f = self.data(self.next, crc_ok);
                if f.crc_ok {
                    self.next = self.next.wrapping_add(1);
                }
                Some(f)
            }
            40..=47 => {
                let back = 1 + self.rng.below(4) as u16;
                Some(self.data(self.next.wrapping_sub(back), true))
            }
            48..=51 => {
                let seq = self.rng.next_u64() as u16;
                Some(self.data(seq, true))
            }
            52..=56 => {
                // ACK, NAK, a type no frame has (0), or a DATA frame's type.
                let kind = self.rng.below(4) as u8;
                let ack = self.rng.next_u64() as u16;
                Some(Frame { kind, seq: 0, ack, payload: 0, crc_ok: !self.rng.chance(20) })
            }
            _ => None,
        }
    }

    /// This cycle's inputs.
    fn inputs(&mut self, cycle: u64) -> In {
        let silent = cycle % SPELL_EVERY >= SPELL_EVERY - SPELL;
        if self.offer.is_none() && self.rng.chance(40) {
            self.offer = Some(self.payload());
        }
        if self.on_wire.is_some() && self.rng.chance(5) {
            self.on_wire = None; // withdrawn: an offer may change until taken
        }
        if cycle.saturating_sub(self.progress) > PEER_RTO && self.next != self.base {
            self.next = self.base;
            self.progress = cycle;
        }
        if self.on_wire.is_none() && !silent {
            self.on_wire = self.pick_frame();
        }
        let w = self.on_wire.unwrap_or(Frame { kind: 0, seq: 0, ack: 0, payload: 0, crc_ok: false });
        In {
            tick: self.rng.chance(85),
            pi_valid: self.offer.is_some(),
            pi_payload: self.offer.unwrap_or(0),
            po_ready: self.rng.chance(70),
            wo_ready: !silent && self.rng.chance(75),
            wi_valid: self.on_wire.is_some(),
            wi_kind: w.kind,
            wi_seq: w.seq,
            wi_ack: w.ack,
            wi_payload: w.payload,
            wi_crc_ok: w.crc_ok,
        }
    }

    /// What the end did with this cycle's inputs.
    fn outputs(&mut self, i: &In, o: &Out, cycle: u64) {
        if i.pi_valid && o.pi_ready {
            self.offer = None;
        }
        if i.wi_valid && o.wi_ready {
            self.on_wire = None;
        }
        if !(i.wo_ready && o.wo_valid) || self.rng.chance(10) {
            return; // nothing sent, or lost on the way
        }
        let ok = o.wo_crc_ok;
        match o.wo_kind {
            TYPE_DATA if ok && o.wo_seq == self.expected => {
                self.expected = self.expected.wrapping_add(1);
                self.owed = Some(TYPE_ACK);
            }
            TYPE_DATA if ok && o.wo_seq.wrapping_sub(self.expected) < WINDOW => self.owed = Some(TYPE_NAK),
            TYPE_DATA if ok => self.owed = Some(TYPE_ACK),
            // An ACK/NAK within what the peer sent moves its base (a NAK rewinds it too).
            TYPE_ACK | TYPE_NAK if ok && o.wo_ack.wrapping_sub(self.base) <= self.next.wrapping_sub(self.base) => {
                if o.wo_ack != self.base {
                    self.progress = cycle;
                }
                self.base = o.wo_ack;
                if o.wo_kind == TYPE_NAK {
                    self.next = o.wo_ack;
                }
            }
            _ => {}
        }
    }
}

fn gen<const W: usize>(seed: u64) -> String {
    let mut dut = Dut::<W>::new();
    // The builds get different streams: the protocol ignores the payload, so the same stream
    // would replay the same scenario.
    let mut bench = Bench::new(seed ^ (W as u64) << 32);
    let mut s = String::new();
    for cycle in 0..CYCLES {
        let i = bench.inputs(cycle);
        let o = dut.eval(&i);
        bench.outputs(&i, &o, cycle);
        writeln!(s, "{}", i.line()).unwrap();
        dut.tick();
    }
    s
}

/// Replays `stim`; returns the log and a summary of the event counts.
fn run<const W: usize>(stim: &str) -> (String, String) {
    let mut dut = Dut::<W>::new();
    let mut log = String::new();
    let mut counts = [0u64; EVENTS];
    let mut cycles = 0;
    for (n, line) in stim.lines().enumerate() {
        let i = In::parse(line, n + 1);
        let o = dut.eval(&i);
        for (c, e) in counts.iter_mut().zip(o.events) {
            *c += e as u64;
        }
        writeln!(log, "{}", o.line()).unwrap();
        dut.tick();
        cycles += 1;
    }
    let c = |i: usize| counts[i];
    let summary = format!(
        "{cycles} cycles; sent {} DATA frames ({} resent, {} timeouts, {} NAKs in, {} ACKs out of window, \
         {} unexpected, {} bad), delivered {} ({} duplicates, {} gaps, {} out of window, {} unexpected, {} bad; \
         {} ACKs and {} NAKs sent, {} merged)",
        c(TX_SENT),
        c(TX_RESENT),
        c(TX_TIMEOUT),
        c(TX_NAK),
        c(TX_ACK_OUT_OF_WINDOW),
        c(TX_UNEXPECTED),
        c(TX_BAD),
        c(RX_DELIVERED),
        c(RX_DUPLICATE),
        c(RX_GAP),
        c(RX_OUT_OF_WINDOW),
        c(RX_UNEXPECTED),
        c(RX_BAD),
        c(RX_ACK_SENT),
        c(RX_NAK_SENT),
        c(RX_MERGED)
    );
    (log, summary)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = "link_cosim <card|paper>";
    // The first argument picks the build (its payload width); the rest is every cosim's.
    type Gen = fn(u64) -> String;
    type Run = fn(&str) -> (String, String);
    let (gen, run): (Gen, Run) = match args.first().map(String::as_str) {
        Some("card") => (gen::<PAYLOAD_W>, run::<PAYLOAD_W>),
        Some("paper") => (gen::<PAPER_PAYLOAD_W>, run::<PAPER_PAYLOAD_W>),
        _ => cosim_usage(name),
    };
    cosim_cli(name, &args[1..], gen, |stim| Ok(run(stim)));
}
