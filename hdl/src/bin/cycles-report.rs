//! Cycles per enqueue of the receiver, measured on the RTL: the paper card (the paper's five-step FSM,
//! `PaperRtlCard`, lines prefixed `paper FSM: `) and the card (the pipelined engine,
//! `renq_hdl::EngineEcp5`, unprefixed lines). Packets offered back to back on RX (always
//! valid), into one queue and spread round-robin over queues; host memory answering L cycles
//! late. Spec §3 expects 5 + 4·L for the paper card (four memory accesses, one at a time); spec "The card
//! engine" explains the card's figures (no host read while the card has free slots; one posted data
//! write per item plus one TAIL write per publication, one write per cycle).

use renq_abi::{paper::regs, paper::MAX_QUEUES};
use renq_hdl::cycle::CycleCard;
use renq_hdl::cycles::{self, ITEMS as CARD_ITEMS, QA as CARD_QA};
use renq_hdl::harness::Node;

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
    println!("paper FSM (the paper card), RTL: {ITEMS} back-to-back packets per line, memory answering L cycles late");
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
    println!("(4 memory accesses per enqueue, one at a time: expected 5 + 4 x L)");
    card_report();
    let secs = wall.elapsed().as_secs_f64();
    println!(
        "PaperRtlCard speed: {simulated} measured cycles (plus set-up) in {secs:.2} s = {:.0} cycles/s",
        simulated as f64 / secs
    );
}

// ------------------------------------------------------------------------------------ the card
const CARD_SPREAD: u16 = 64;

fn card_rate(latency: u32, queues: u16) -> cycles::Rate {
    cycles::measure(latency, queues).unwrap_or_else(|e| panic!("memory latency {latency}: {e}"))
}

/// Host memory reads per enqueue into one small queue whose consumer frees every published item
/// `lag` cycles after its TAIL is written (by writing HEAD), or rings the HEAD doorbell.
fn card_reads(latency: u32, log2: u32, items: u64, lag: u64, doorbell: bool) -> f64 {
    let q = cycles::SmallQueue { log2, lag, doorbell, beside: false };
    let run = cycles::small_queue_line(latency, q, items).unwrap_or_else(|e| panic!("reads at latency {latency}: {e}"));
    run.mem_reads as f64 / items as f64
}

fn card_report() {
    println!(
        "the card engine, RTL (renq_hdl::EngineEcp5, {} queues): cycles per enqueue in steady state, the cycles \
         {CARD_ITEMS} more back-to-back packets take (a line of {} against one of {CARD_ITEMS}: the pipeline's fill and \
         drain cancel); memory model: a read issued in cycle c is answered in cycle c + max(L, 1) (tagged, \
         pipelined, up to {} outstanding), posted writes are taken one per cycle",
        1 << CARD_QA,
        2 * CARD_ITEMS,
        renq_abi::READ_TAGS
    );
    let mut whole = Vec::new();
    for l in LATENCIES {
        let (one, spread) = (card_rate(l, 1), card_rate(l, CARD_SPREAD));
        println!("cycles per enqueue at memory latency {l}: {:.3}", one.per_enqueue);
        println!("cycles per enqueue over {CARD_SPREAD} queues at memory latency {l}: {:.3}", spread.per_enqueue);
        whole.push((l, one.whole_line, spread.whole_line));
    }
    for (l, one, spread) in whole {
        println!(
            "whole line of {CARD_ITEMS} packets (fill and drain included) at memory latency {l}: {one:.3} cycles per \
             packet, over {CARD_SPREAD} queues {spread:.3}"
        );
    }
    let (log2, items, latency) = (6, 600, 64);
    let cap = renq_abi::buffer::capacity(log2);
    println!("host memory reads per enqueue: {:.4}", card_reads(latency, log2, items, 0, false));
    println!(
        "(reads: one queue of 2^{log2} words = capacity {cap}, 1/capacity = {:.4}; {items} items; memory latency \
         {latency}; the consumer frees each published item at once by writing HEAD)",
        1.0 / cap as f64
    );
    println!(
        "host memory reads per enqueue, consumer 32 cycles behind: {:.4}",
        card_reads(latency, log2, items, 32, false)
    );
    println!("host memory reads per enqueue with the head doorbell: {:.4}", card_reads(latency, log2, items, 0, true));
    let cap = renq_abi::buffer::capacity(cycles::REFILL_LOG2);
    for l in [0, 16, 64, 128] {
        let refill = |beside| cycles::refill_rate(l, beside).unwrap_or_else(|e| panic!("refills at latency {l}: {e}"));
        println!(
            "cycles per enqueue with refills (capacity {cap}, doorbell off) at memory latency {l}: {:.3}",
            refill(false)
        );
        println!("cycles per enqueue of a queue beside a refilling one at memory latency {l}: {:.3}", refill(true));
    }
    for l in [0, 128] {
        let r = cycles::switch_rate(l).unwrap_or_else(|e| panic!("switches at latency {l}: {e}"));
        println!("cycles per enqueue with a buffer switch every {cap} items at memory latency {l}: {r:.3}");
    }
    println!(
        "(switches: back-to-back packets into one queue of 2^{} words with a spare posted; the bench posts the next \
         spare when the card reports a switch, so the queue moves into a fresh buffer every {cap} items, no HEAD read)",
        cycles::REFILL_LOG2
    );
    println!(
        "(refills: back-to-back packets into one queue of capacity {cap} whose consumer frees each published item \
         at once by writing HEAD, no doorbell, so the card reads HEAD when its free count runs out; beside: every \
         other packet into a second queue with room, cycles per packet over both; steady state as above)"
    );
    println!(
        "(one queue: one data write per item plus one TAIL write per at most {} items (coalesced), one \
         write per cycle; spread over queues: one TAIL write per item, so 2 cycles per enqueue)",
        renq_abi::COALESCE_MAX
    );
}
