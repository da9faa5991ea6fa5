//! Two `LinkChannels` joined by two faulty wires: both channels each way under random source,
//! sink and wire stalls; and one channel's consumer blocked while the other keeps flowing.

use super::*;
use crate::harness::{Flow, Rng};
use crate::link::stepper::{offer_packet, offered_packet, tagged, Fields, Stepper};
use crate::link::wire::{Faults, Wire, EVERY_FAULT};
use crate::link::PAYLOAD_W;
use renq_abi::packet::{Carrier, Kind};
use std::collections::VecDeque;

const W: usize = PAYLOAD_W;
const ENQ: usize = 0;
const OUT: usize = 1;

/// Packet `i` of channel `ch` from node `from`: a card packet at its fields' full widths,
/// its kind the channel's, numbered so order and duplicates show.
fn payload(from: usize, ch: usize, i: u64) -> u128 {
    let mut p = tagged(Carrier::V2, (from as u64) << 40 | (ch as u64) << 32 | i);
    p.kind = [Kind::Enqueue, Kind::Outcome][ch];
    p.data = (from as u64) << 40 | (ch as u64) << 32 | i;
    Carrier::V2.pack(&p).expect("fits")
}

/// One channel of one node: what it sends, what it delivered.
struct Chan {
    to_send: VecDeque<u128>,
    offering: bool,
    source: Flow,
    sink: Flow,
    /// The consumer takes nothing.
    blocked: bool,
    delivered: Vec<u128>,
}

struct Node {
    hw: Stepper<LinkChannels<W>>,
    ch: [Chan; 2],
    wire: Flow,
    resent: [u64; 2],
    busy: [u64; 2],
    /// Cycles a frame waited on the wire because the block did not take it.
    held: u64,
}

struct Bench {
    nodes: [Node; 2],
    wires: [Wire; 2],
    cycle: u64,
}

impl Bench {
    /// Node `n` sends `counts[n][ch]` packets on channel `ch`.
    fn new(counts: [[u64; 2]; 2], faults: Faults, seed: u64) -> Bench {
        let flow = |s: u64, percent| Flow::Random { rng: Rng(seed ^ s | 1), percent };
        let node = |n: usize| Node {
            hw: Stepper::new(LinkChannels::default(), |x, c| x.clock.next = Clock { clk: c }),
            ch: [ENQ, OUT].map(|c| Chan {
                to_send: (0..counts[n][c]).map(|i| payload(n, c, i)).collect(),
                offering: false,
                source: flow(0x100 * n as u64 + 0x10 + c as u64, 70),
                sink: flow(0x100 * n as u64 + 0x20 + c as u64, 70),
                blocked: false,
                delivered: Vec::new(),
            }),
            wire: flow(0x100 * n as u64 + 0x30, 80),
            resent: [0; 2],
            busy: [0; 2],
            held: 0,
        };
        Bench {
            nodes: [node(0), node(1)],
            wires: [Wire::new(seed ^ 0xa5a5, faults), Wire::new(seed ^ 0x5a5a, faults)],
            cycle: 0,
        }
    }

    fn step(&mut self) {
        let cycle = self.cycle;
        for (n, node) in self.nodes.iter_mut().enumerate() {
            let x = &mut node.hw.uut;
            x.tick.next = true;
            for (c, ch) in node.ch.iter_mut().enumerate() {
                if !ch.offering && !ch.to_send.is_empty() {
                    ch.offering = ch.source.go(cycle);
                }
                let offer = ch.to_send.front().copied().filter(|_| ch.offering);
                let ready = !ch.blocked && ch.sink.go(cycle);
                let (inp, out) =
                    if c == ENQ { (&mut x.enq_in, &mut x.enq_out) } else { (&mut x.out_in, &mut x.out_out) };
                offer_packet(offer, inp);
                out.ready.next = ready;
            }
            x.wire_out.ready.next = node.wire.go(cycle);
            let incoming = &self.wires[1 - n];
            let arrived = incoming.arrived(cycle);
            let frame = arrived.map(|i| incoming.flight[i].1);
            x.wire_in_outcome.next = frame.is_some_and(|f| f.0);
            Fields::offer(frame.map(|f| f.1), &mut x.wire_in);
            node.hw.settle();
            let x = &node.hw.uut;
            for (c, ch) in node.ch.iter_mut().enumerate() {
                let (inp, out) = if c == ENQ { (&x.enq_in, &x.enq_out) } else { (&x.out_in, &x.out_out) };
                if inp.valid.val() && inp.ready.val() {
                    ch.to_send.pop_front();
                    ch.offering = false;
                }
                if out.ready.val() {
                    ch.delivered.extend(offered_packet(out));
                }
            }
            if x.wire_out.ready.val() {
                if let Some(f) = Fields::offered(&x.wire_out) {
                    self.wires[n].send((x.wire_out_outcome.val(), f), cycle);
                }
            }
            // A frame not taken stays at the head of the wire (a MAC's FIFO), so a block that
            // waited for a busy channel would hold the other channel's frames behind it.
            match arrived {
                Some(i) if x.wire_in.ready.val() => {
                    self.wires[1 - n].flight.remove(i);
                }
                Some(_) => node.held += 1,
                None => {}
            }
            node.resent[ENQ] += x.enq.tx_events.resent.val() as u64;
            node.resent[OUT] += x.out.tx_events.resent.val() as u64;
            node.busy[ENQ] += x.enq_busy.val() as u64;
            node.busy[OUT] += x.out_busy.val() as u64;
            node.hw.tick();
        }
        self.cycle += 1;
    }

    /// Steps until `done`, at most `limit` cycles.
    fn run(&mut self, limit: u64, what: &str, done: impl Fn(&Bench) -> bool) {
        let start = self.cycle;
        while !done(self) {
            assert!(self.cycle - start < limit, "{what}: not done within {limit} cycles");
            self.step();
        }
    }

    fn delivered(&self, n: usize, ch: usize) -> usize {
        self.nodes[n].ch[ch].delivered.len()
    }

    /// Every packet node `n` received on `ch` is the peer's, exactly once, in order.
    fn check(&self, n: usize, ch: usize, count: u64) {
        let sent: Vec<u128> = (0..count).map(|i| payload(1 - n, ch, i)).collect();
        assert_eq!(self.nodes[n].ch[ch].delivered, sent, "node {n} channel {ch}: not exactly once, in order");
    }
}

const N: u64 = 200;

#[test]
fn both_channels_deliver_exactly_once_in_order_under_every_fault() {
    let mut b = Bench::new([[N, N], [N, N]], EVERY_FAULT, 0xc4a1);
    b.run(400 * N, "all", |b| (0..2).all(|n| b.delivered(n, ENQ) as u64 == N && b.delivered(n, OUT) as u64 == N));
    for n in 0..2 {
        b.check(n, ENQ, N);
        b.check(n, OUT, N);
        let x = &b.nodes[n];
        eprintln!(
            "node {n}: resent enq {} out {}, busy drops enq {} out {}",
            x.resent[0], x.resent[1], x.busy[0], x.busy[1]
        );
        assert!(x.resent[ENQ] > 0 && x.resent[OUT] > 0, "faults reached both streams");
        assert_eq!(x.held, 0, "the two-channel link takes every frame");
    }
    assert!(b.wires.iter().all(|w| w.saw_every_fault()));
    eprintln!("every fault: {} packets per channel each way in {} cycles", N, b.cycle);
}

/// Node 1's ENQUEUE consumer takes nothing: its ENQUEUE end fills, and the frames of that
/// channel are dropped at node 1 — yet the OUTCOME channel, both ways, keeps flowing at close
/// to its unblocked rate. Released, every ENQUEUE packet arrives, exactly once, in order.
#[test]
fn a_blocked_channel_does_not_hold_the_other() {
    let faults = Faults { drop: 5, duplicate: 0, reorder: 0, corrupt: 0 };
    let counts = [[N, N], [0, N]];
    // Baseline: nothing blocked; the cycle each channel's last packet arrived.
    let mut free = Bench::new(counts, faults, 0xb10c);
    let mut done = [None; 2];
    while done.iter().any(|d| d.is_none()) {
        assert!(free.cycle < 400 * N, "baseline stalled");
        free.step();
        let finished = [
            free.delivered(1, ENQ) as u64 == N,
            free.delivered(1, OUT) as u64 == N && free.delivered(0, OUT) as u64 == N,
        ];
        for c in [ENQ, OUT] {
            if finished[c] && done[c].is_none() {
                done[c] = Some(free.cycle);
            }
        }
    }
    let [free_enq, free_out] = done.map(|d| N as f64 / d.expect("finished") as f64);
    // The wire is the bottleneck here (both sources offer more than it takes): round robin
    // shares it, where a fixed priority would finish one channel long before the other.
    eprintln!("free rates: enq {free_enq:.4} out {free_out:.4} per cycle");
    assert!(free_out > 0.8 * free_enq && free_enq > 0.8 * free_out, "one channel starved the other");
    let mut b = Bench::new(counts, faults, 0xb10c);
    b.nodes[1].ch[ENQ].blocked = true;
    b.run(400 * N, "OUTCOMEs past a blocked ENQUEUE channel", |b| {
        b.delivered(1, OUT) as u64 == N && b.delivered(0, OUT) as u64 == N
    });
    let blocked_cycles = b.cycle;
    assert_eq!(b.delivered(1, ENQ), 0);
    assert!(b.nodes[1].busy[ENQ] > 0, "ENQUEUE frames were refused at the blocked end");
    let left = b.nodes[0].ch[ENQ].to_send.len() as u64;
    assert!(left > 0, "the ENQUEUE sender's window filled and it stopped taking packets");
    b.check(0, OUT, N);
    b.check(1, OUT, N);
    b.nodes[1].ch[ENQ].blocked = false;
    b.run(400 * N, "ENQUEUEs once released", |b| b.delivered(1, ENQ) as u64 == N);
    b.check(1, ENQ, N);
    let out_rate = N as f64 / blocked_cycles as f64;
    eprintln!(
        "unblocked: OUTCOME {free_out:.3} pkt/cycle, ENQUEUE {free_enq:.3} pkt/cycle; ENQUEUE consumer blocked: \
         OUTCOME {out_rate:.3} pkt/cycle ({blocked_cycles} cycles), ENQUEUE 0 ({left} not yet taken, {} frames dropped busy)",
        b.nodes[1].busy[ENQ]
    );
    assert!(out_rate > 0.5 * free_out, "OUTCOME rate fell with the ENQUEUE channel blocked");
}
