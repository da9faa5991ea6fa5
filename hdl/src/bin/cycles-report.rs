//! Cycles per enqueue of the receiver FSM, measured on the RTL (`RtlCard`): packets offered
//! back-to-back on RX (always valid), memory answering after 0 (same-cycle ack), 1 and 3 wait
//! cycles. Prints numbers only; spec §3 expects 5 cycles per enqueue at latency 0.

use renq_abi::regs;
use renq_hdl::harness::Node;
use renq_hdl::CycleCard;

const NODE: u8 = 2;
const QUEUE: u8 = 1;
const BASE: u64 = 0x10_0000;
/// 2^16 words: big enough that the measured run never fills the buffer.
const LOG2: u32 = renq_abi::buffer::MAX_LOG2_WORDS;
const ITEMS: u64 = 200;

fn measure(latency: u32) -> (u64, f64) {
    let mut node = Node::new(latency);
    node.configure(NODE);
    node.export_queue(QUEUE, BASE, LOG2);
    node.inp.rx_valid = true;
    node.inp.rx_dst = NODE;
    node.inp.rx_queue = QUEUE;
    let start = node.card.cycles();
    let mut next_data = 0u64;
    while (node.received.len() as u64) < ITEMS {
        // A new packet is on the link whenever the previous one was taken.
        node.inp.rx_data = next_data;
        let before = node.received.len();
        node.step();
        if node.received.len() > before {
            next_data += 1;
        }
    }
    node.inp.rx_valid = false;
    node.drain(100);
    let cycles = node.card.cycles() - start;
    let enqueued = node.counter(regs::CNT_ENQUEUED);
    assert_eq!(enqueued, ITEMS, "every offered packet must be enqueued");
    (cycles, cycles as f64 / ITEMS as f64)
}

fn main() {
    let wall = std::time::Instant::now();
    let mut simulated = 0u64;
    println!("receiver cycles per enqueue ({ITEMS} back-to-back packets, one queue, RTL)");
    println!("{:>22} {:>10} {:>16}", "memory wait cycles", "cycles", "cycles/enqueue");
    for latency in [0u32, 1, 3] {
        let (cycles, per) = measure(latency);
        simulated += cycles;
        println!("{:>22} {:>10} {:>16.2}", latency, cycles, per);
    }
    println!("(4 memory accesses per enqueue: expected 5 + 4 x wait cycles)");
    let secs = wall.elapsed().as_secs_f64();
    println!(
        "RtlCard speed: {simulated} measured cycles (plus set-up) in {secs:.2} s = {:.0} cycles/s",
        simulated as f64 / secs
    );
}
