//! Cycles per enqueue of the card engine, measured on the RTL (`EngineEcp5` in the
//! [`harness`](super::harness) bench): what `cycles-report` prints and what `renq bench`
//! models the card's throughput from. Packets are offered back to back; host memory answers a read
//! issued in cycle c in cycle c + max(L, 1) and takes one posted write per cycle.

use crate::harness::engine::{audit, Bench, Buffer, RxPacket, SplitMemory};
use crate::harness::{Flow, WaitStates};

/// Queue-RAM address bits of the build measured (the ECP5-85F one: 4 096 queues).
pub const QA: usize = renq_abi::ECP5_QUEUE_RAM_BITS as usize;
/// Packets per measurement: the steady-state figure compares lines of `ITEMS` and 2·`ITEMS`.
pub const ITEMS: u64 = 1024;
const NODE: u16 = 2;
const BASE: u64 = 0x10_0000;
/// 2^12 words per queue: room for every packet of a line (capacity 4092), so no refill or stall.
const LOG2: u32 = 12;

/// A bench whose memory answers reads `latency` cycles late (at least 1).
pub fn bench(latency: u32) -> Bench<QA> {
    let mem = SplitMemory::new(WaitStates::Fixed(latency.max(1) - 1), Flow::Always, Flow::Always);
    Bench::new(NODE, mem, Flow::Always)
}

/// Queue `q`'s buffer of 2^`log2` words (queues side by side from `BASE`).
pub fn buffer(q: u16, log2: u32) -> Buffer {
    Buffer { queue: q, base: BASE + q as u64 * renq_abi::buffer::bytes(log2), log2 }
}

/// The node id packets are sent to.
pub const fn node() -> u16 {
    NODE
}

/// One measurement: cycles per enqueue in steady state, and over a whole line.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rate {
    /// The cycles `ITEMS` more packets take — a line of 2·`ITEMS` packets against one of
    /// `ITEMS` — per packet: the pipeline's fill and drain, the same in both, cancel, so this
    /// is the engine's rate (what a link feeding it back to back sees).
    pub per_enqueue: f64,
    /// A line of `ITEMS` packets, fill and drain included, per packet.
    pub whole_line: f64,
}

/// Cycles per enqueue (`Rate`), packet i into queue i % `queues`. An error if the engine broke
/// a write rule or lost an item (the figure would mean nothing).
pub fn measure(latency: u32, queues: u16) -> Result<Rate, String> {
    let short = line_cycles(latency, queues, ITEMS)?;
    let long = line_cycles(latency, queues, 2 * ITEMS)?;
    Ok(Rate { per_enqueue: long.saturating_sub(short) as f64 / ITEMS as f64, whole_line: short as f64 / ITEMS as f64 })
}

/// Cycles per enqueue in steady state ([`Rate::per_enqueue`]).
pub fn cycles_per_enqueue(latency: u32, queues: u16) -> Result<f64, String> {
    measure(latency, queues).map(|r| r.per_enqueue)
}

/// Cycles a line of `items` back-to-back packets takes, packet i into queue i % `queues`: from
/// the first offer until every item is written and published (the pipeline's fill and drain
/// included). An error if the engine broke a write rule or lost an item.
pub fn line_cycles(latency: u32, queues: u16, items: u64) -> Result<u64, String> {
    if queues == 0 || queues as usize > 1 << QA {
        return Err(format!("{queues} queues: the build has 1..={}", 1 << QA));
    }
    let capacity = renq_abi::buffer::capacity(LOG2);
    if items.div_ceil(queues as u64) > capacity {
        return Err(format!(
            "{items} packets over {queues} queues: a queue holds {capacity} (no refill measured here)"
        ));
    }
    let mut b = bench(latency);
    let bufs: Vec<Buffer> = (0..queues).map(|q| buffer(q, LOG2)).collect();
    for buf in &bufs {
        b.export(buf.queue, buf.base, buf.log2);
    }
    b.run_until(|b| b.quiet(), 10_000);
    let start = b.cycle;
    for i in 0..items {
        b.send(RxPacket { src: 1, dst: NODE, queue: (i % queues as u64) as u16, data: i, ..Default::default() });
    }
    b.run_until(|b| b.quiet(), 100_000);
    let a = audit(&bufs, &b.mem.writes).map_err(|e| format!("the engine broke a write rule: {e}"))?;
    let enqueued: u64 = a.data.iter().map(|d| d.len() as u64).sum();
    if enqueued != items {
        return Err(format!("{enqueued} of {items} packets enqueued"));
    }
    if !a.published.iter().zip(&a.written_to).all(|(p, w)| p == w) {
        return Err("an item was written but never published".into());
    }
    Ok(b.cycle - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_the_bench_cannot_measure_is_an_error() {
        assert!(line_cycles(0, 0, 8).unwrap_err().contains("0 queues"));
        assert!(line_cycles(0, u16::MAX, 8).unwrap_err().contains("the build has"));
        // more packets than one queue holds: a refill would be measured too
        assert!(line_cycles(0, 1, 5000).unwrap_err().contains("a queue holds 4092"));
    }

    #[test]
    fn the_steady_state_rate_leaves_out_the_pipeline_fill_and_drain() {
        let r = measure(0, 1).unwrap();
        // one posted data write per item, one write per cycle: never below 1
        assert!(r.per_enqueue >= 1.0, "{r:?}");
        // the whole line pays the first item's latency and the last publication once
        assert!(r.whole_line > r.per_enqueue, "{r:?}");
        // both are whole cycles over ITEMS packets
        for x in [r.per_enqueue, r.whole_line] {
            assert_eq!((x * ITEMS as f64).fract(), 0.0, "{r:?}");
        }
    }
}
