//! Whole nodes (the card + its two-channel link) joined by a faulty frame wire, driven by the
//! whole-card bench's host (`host`): every item exactly once, in its producer's order,
//! through overflows, refusals and retries, with frames dropped, duplicated, reordered and
//! corrupted on the wire.

use super::Node as NodeBlock;
use crate::bench::{Card, Channel, Cluster, Network};
use crate::harness::engine::RxPacket;
use crate::harness::{Flow, Rng};
use crate::host::*;
use crate::link::stepper::Fields;
use crate::link::wire::{Faults, Wire};

type Node = NodeBlock<QA, PA>;

/// Node `i` sends on wire `i` to node `(i + 1) % n` (one node: looped back to itself).
struct WireNet {
    wires: Vec<Wire>,
    /// Per card: when its MAC takes a frame.
    wire_flow: Vec<Flow>,
    /// Per card: the index of the frame offered to it this cycle on its incoming wire.
    arriving: Vec<Option<usize>>,
    frames_out: Vec<(usize, (bool, Fields))>,
    sent: Vec<(usize, Channel, RxPacket)>,
    delivered: u64,
    /// Summed over the nodes, [ENQUEUE, OUTCOME]: frames resent, timeouts, frames dropped busy.
    resent: [u64; 2],
    timeouts: [u64; 2],
    busy: [u64; 2],
}

impl WireNet {
    fn new(cards: usize, faults: Faults, seed: u64) -> WireNet {
        WireNet {
            wires: (0..cards).map(|i| Wire::new(seed ^ (0x9e37 * (i as u64 + 1)), faults)).collect(),
            wire_flow: (0..cards).map(|i| Flow::Random { rng: Rng(seed ^ (0x51 << i) | 1), percent: 80 }).collect(),
            arriving: vec![None; cards],
            frames_out: Vec::new(),
            sent: Vec::new(),
            delivered: 0,
            resent: [0; 2],
            timeouts: [0; 2],
            busy: [0; 2],
        }
    }

    fn incoming(&self, i: usize) -> usize {
        (i + self.wires.len() - 1) % self.wires.len()
    }
}

fn packet(src: u64, dst: u64, queue: u64, portal: u64, epoch: u64, data: u64) -> RxPacket {
    RxPacket { src: src as u16, dst: dst as u16, queue: queue as u16, portal: portal as u16, epoch: epoch as u8, data }
}

impl Network<Node> for WireNet {
    fn offer(&mut self, cards: &mut [Card<Node>], cycle: u64) {
        for (i, card) in cards.iter_mut().enumerate() {
            let w = self.incoming(i);
            self.arriving[i] = self.wires[w].arrived(cycle);
            let frame = self.arriving[i].map(|k| self.wires[w].flight[k].1);
            let x = &mut card.hand.uut;
            x.tick.next = true;
            x.wire_in_outcome.next = frame.is_some_and(|f| f.0);
            Fields::offer(frame.map(|f| f.1), &mut x.wire_in);
            x.wire_out.ready.next = self.wire_flow[i].go(cycle);
        }
    }

    fn exchange(&mut self, i: usize, _nodes: &[u16], card: &mut Card<Node>, _cycle: u64) {
        card.hand.settle();
        let x = &card.hand.uut;
        if x.wire_out.ready.val() {
            if let Some(f) = Fields::offered(&x.wire_out) {
                self.frames_out.push((i, (x.wire_out_outcome.val(), f)));
            }
        }
        if let Some(k) = self.arriving[i] {
            assert!(x.wire_in.ready.val(), "a node takes every frame");
            let w = self.incoming(i);
            self.wires[w].flight.remove(k);
        }
        let c = &x.card;
        if c.tx_valid.val() && c.tx_ready.val() {
            let p = packet(
                c.tx_src.val().to_u64(),
                c.tx_dst.val().to_u64(),
                c.tx_queue.val().to_u64(),
                c.tx_portal.val().to_u64(),
                c.tx_epoch.val().to_u64(),
                c.tx_data.val().to_u64(),
            );
            self.sent.push((i, Channel::Enqueue, p));
        }
        if c.otx_valid.val() && c.otx_ready.val() {
            let p = packet(
                c.otx_src.val().to_u64(),
                c.otx_dst.val().to_u64(),
                c.otx_queue.val().to_u64(),
                c.otx_portal.val().to_u64(),
                c.otx_epoch.val().to_u64(),
                c.otx_data.val().to_u64(),
            );
            self.sent.push((i, Channel::Outcome, p));
        }
        self.delivered +=
            (c.rx_valid.val() && c.rx_ready.val()) as u64 + (c.orx_valid.val() && c.orx_ready.val()) as u64;
        let l = &x.link;
        for (ch, end, busy) in [(0, &l.enq, &l.enq_busy), (1, &l.out, &l.out_busy)] {
            self.resent[ch] += end.tx_events.resent.val() as u64;
            self.timeouts[ch] += end.tx_events.timeout.val() as u64;
            self.busy[ch] += busy.val() as u64;
        }
    }

    fn commit(&mut self, _nodes: &[u16], cycle: u64) {
        for (i, f) in self.frames_out.drain(..) {
            self.wires[i].send(f, cycle);
        }
    }

    fn in_flight(&self) -> usize {
        self.sent.len() - self.delivered as usize
    }

    fn quiet(&self, node: &Node) -> bool {
        !node.card.tx_valid.val()
    }

    fn sent(&self) -> &[(usize, Channel, RxPacket)] {
        &self.sent
    }
}

/// Items per producer.
const ITEMS: u64 = 100;

/// Two nodes (1 and 1000) on a wire that drops, duplicates, reorders and corrupts 5 % of the
/// frames each way; each node enqueues into the other's queues (a node's link leads to its peer
/// only: a packet to its own node id would be the peer's to reject).
#[test]
fn two_nodes_on_a_faulty_wire_deliver_every_item_once_in_order_through_overflows() {
    let mut rng = Rng(0x70b2_00a1);
    let faults = Faults { drop: 5, duplicate: 5, reorder: 5, corrupt: 5 };
    let mut b = Cluster::new(&[1, 1000], || memory(&mut rng), WireNet::new(2, faults, 0x3a7e));
    setup(&mut b, 0);
    setup(&mut b, 1);
    let top = top_queue(QA);
    let mut queues = [queue(0, 7, 0x4_0000, 4), queue(1, 7, 0x4_0000, 5), queue(1, top, 0x8_0000, 4)];
    for q in &queues {
        export(&mut b, q);
    }
    grant(&mut b, 0, 0, 1000, 7);
    grant(&mut b, 0, 1, 1000, top);
    grant(&mut b, 1, 200, 1, 7);
    grant(&mut b, 1, 5, 1, 7);
    let mut prods = producers(&[(0, 0), (0, 1), (1, 200), (1, 5)]);
    let [written, overflows, refused, served] = run(&mut b, &mut queues, &mut prods, ITEMS, 0x5eef);
    let n = &b.net;
    let retries: u64 = prods.iter().map(|p| p.retries).sum();
    eprintln!(
        "two nodes, faulty wire: {written} items, {} cycles, {overflows} overflows, {refused} refusals, {served} stalls \
         served, {retries} retries; frames sent {} / {}, dropped {} / {}; resent ENQUEUE {} OUTCOME {}, timeouts {:?}, \
         dropped busy {:?}",
        b.cycle,
        n.wires[0].sent,
        n.wires[1].sent,
        n.wires[0].dropped,
        n.wires[1].dropped,
        n.resent[0],
        n.resent[1],
        n.timeouts,
        n.busy
    );
    assert!(overflows > 0 && refused > 0 && retries > 0, "the run must go through overflows and retries");
    assert!(n.wires.iter().all(|w| w.saw_every_fault()));
    assert!(n.resent[0] > 0 && n.resent[1] > 0, "both streams recovered from losses");
}

/// One node whose wire leads back to itself (a self-enqueue over the link, the case that
/// deadlocked the paper card): four producers into two small queues, every fault on the wire.
#[test]
fn looped_back_node_on_a_faulty_wire_delivers_every_item_once_in_order() {
    let mut rng = Rng(0x70b2_00a2);
    let faults = Faults { drop: 5, duplicate: 5, reorder: 5, corrupt: 5 };
    let mut b = Cluster::new(&[5], || memory(&mut rng), WireNet::new(1, faults, 0x3a7f));
    setup(&mut b, 0);
    let high = high_queue(QA);
    let mut queues = [queue(0, 3, 0x1_0000, 3), queue(0, high, 0x2_0000, 5)];
    for q in &queues {
        export(&mut b, q);
    }
    for (p, q) in [(0u16, 3u16), (1, 3), (2, high), (3, high)] {
        grant(&mut b, 0, p, 5, q);
    }
    let mut prods = producers(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
    let [written, overflows, refused, served] = run(&mut b, &mut queues, &mut prods, ITEMS / 2, 0x5ef0);
    let n = &b.net;
    eprintln!(
        "looped-back node: {written} items, {} cycles, {overflows} overflows, {refused} refusals, {served} stalls served; \
         frames {} (dropped {}); resent ENQUEUE {} OUTCOME {}, dropped busy {:?}",
        b.cycle, n.wires[0].sent, n.wires[0].dropped, n.resent[0], n.resent[1], n.busy
    );
    assert!(overflows > 0 && refused > 0);
    assert!(n.wires[0].saw_every_fault() && n.resent[0] > 0 && n.resent[1] > 0);
}
