//! Cycles per enqueue of the receiver (card v1: the paper's five-step FSM), measured on the RTL
//! (`RtlCard`): packets offered back to back on RX (always valid), host memory answering L
//! cycles after each request, into one queue and spread round-robin over every queue the card
//! has. Prints numbers only, in the line forms issue 13's card v2 report will print beside
//! them; spec §3 expects 5 + 4·L cycles per enqueue (four memory accesses, one at a time).

use renq_abi::{regs, MAX_QUEUES};
use renq_hdl::harness::Node;
use renq_hdl::CycleCard;

const NODE: u8 = 2;
const BASE: u64 = 0x10_0000;
/// 2^10 words per queue: room for every packet of a run, so no overflow stalls it.
const LOG2: u32 = 10;
const ITEMS: u64 = 48;
const LATENCIES: [u32; 6] = [0, 1, 3, 16, 64, 128];

struct Run {
    cycles: u64,
    mem_reads: u64,
}

/// `ITEMS` packets, packet i into queue i % queues, memory waiting `latency` cycles.
fn measure(latency: u32, queues: u8) -> Run {
    let mut node = Node::new(latency);
    node.configure(NODE);
    for q in 0..queues {
        node.export_queue(q, BASE + q as u64 * renq_abi::buffer::bytes(LOG2), LOG2);
    }
    node.inp.rx_valid = true;
    node.inp.rx_dst = NODE;
    let (start, reads_before) = (node.card.cycles(), reads(&node));
    let mut next = 0u64;
    while (node.received.len() as u64) < ITEMS {
        // A new packet is on the link whenever the previous one was taken.
        node.inp.rx_data = next;
        node.inp.rx_queue = (next % queues as u64) as u8;
        let before = node.received.len();
        node.step();
        if node.received.len() > before {
            next += 1;
        }
    }
    node.inp.rx_valid = false;
    node.drain(1000);
    let run = Run { cycles: node.card.cycles() - start, mem_reads: reads(&node) - reads_before };
    assert_eq!(node.counter(regs::CNT_ENQUEUED), ITEMS, "every offered packet must be enqueued");
    run
}

fn reads(node: &Node) -> u64 {
    node.mem.log.iter().filter(|a| !a.write).count() as u64
}

fn main() {
    let wall = std::time::Instant::now();
    let mut simulated = 0u64;
    let per = |r: &Run| r.cycles as f64 / ITEMS as f64;
    println!("paper FSM (card v1), RTL: {ITEMS} back-to-back packets per line, memory answering L cycles late");
    let mut reads_per_item = 0.0;
    for l in LATENCIES {
        let one = measure(l, 1);
        let spread = measure(l, MAX_QUEUES as u8);
        simulated += one.cycles + spread.cycles;
        println!("paper FSM: cycles per enqueue at memory latency {l}: {:.2}", per(&one));
        println!("paper FSM: cycles per enqueue over {MAX_QUEUES} queues at memory latency {l}: {:.2}", per(&spread));
        reads_per_item = one.mem_reads as f64 / ITEMS as f64;
    }
    println!("paper FSM: host memory reads per enqueue: {reads_per_item:.2}");
    println!("(4 memory accesses per enqueue, one at a time: expected 5 + 4 x L; card v2: not built yet, issue 13)");
    let secs = wall.elapsed().as_secs_f64();
    println!(
        "RtlCard speed: {simulated} measured cycles (plus set-up) in {secs:.2} s = {:.0} cycles/s",
        simulated as f64 / secs
    );
}
