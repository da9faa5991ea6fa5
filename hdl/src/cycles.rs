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

/// The refilling queue of [`refill_rate`]: 2^6 words, capacity 60.
pub const REFILL_LOG2: u32 = 6;

/// A line of back-to-back packets into one small queue (queue 0, 2^`log2` words) that keeps
/// filling, whose consumer frees each published item `lag` cycles after its TAIL is written:
/// by writing HEAD (the card reads HEAD when its free count runs out: a refill) or, with
/// `doorbell`, by the HEAD command. With `beside`, every other packet goes to a second queue
/// with room for all of them instead.
#[derive(Clone, Copy, Debug)]
pub struct SmallQueue {
    pub log2: u32,
    pub lag: u64,
    pub doorbell: bool,
    pub beside: bool,
}

/// What a [`SmallQueue`] line took.
#[derive(Clone, Copy, Debug)]
pub struct SmallQueueRun {
    pub cycles: u64,
    pub mem_reads: u64,
}

/// Runs a [`SmallQueue`] line of `items` packets. An error if the engine refused or lost a
/// packet or broke a write rule (the consumer keeps up, so nothing should be refused).
pub fn small_queue_line(latency: u32, q: SmallQueue, items: u64) -> Result<SmallQueueRun, String> {
    let mut b = bench(latency);
    let small = buffer(0, q.log2);
    let roomy = Buffer { queue: 1, base: BASE + (1 << 20), log2: LOG2 };
    let bufs = if q.beside { vec![small, roomy] } else { vec![small] };
    for buf in &bufs {
        b.export(buf.queue, buf.base, buf.log2);
    }
    b.run_until(|b| b.quiet(), 10_000);
    let (tail_addr, head_addr) =
        (small.base + renq_abi::buffer::TAIL_WORD * 8, small.base + renq_abi::buffer::HEAD_WORD * 8);
    let (start, mut next, mut seen, mut due) = (b.cycle, 0u64, b.mem.writes.len(), Vec::new());
    for _ in 0..(200 * items + 10_000) {
        if next == items && b.quiet() {
            break;
        }
        if next < items && b.link_empty() {
            let queue = if q.beside { (next % 2) as u16 } else { 0 };
            b.send(RxPacket { src: 1, dst: NODE, queue, data: next, ..Default::default() });
            next += 1;
        }
        b.step();
        for w in b.mem.writes[seen..].iter().filter(|w| w.addr == tail_addr) {
            due.push((b.cycle + q.lag, w.data));
        }
        seen = b.mem.writes.len();
        let now = b.cycle;
        for &(_, head) in due.iter().filter(|d| d.0 <= now) {
            if q.doorbell {
                b.command(renq_abi::CMD_HEAD, 0, renq_abi::head_doorbell_arg(small.base, head));
            } else {
                b.mem.store(head_addr, head);
            }
        }
        due.retain(|d| d.0 > now);
        if !b.events.refused.is_empty() {
            return Err(format!("{} packets refused: the consumer kept up, so none should be", b.events.refused.len()));
        }
    }
    let a = audit(&bufs, &b.mem.writes).map_err(|e| format!("the engine broke a write rule: {e}"))?;
    let enqueued: u64 = a.data.iter().map(|d| d.len() as u64).sum();
    if enqueued != items || !b.quiet() {
        return Err(format!("{enqueued} of {items} packets enqueued"));
    }
    Ok(SmallQueueRun { cycles: b.cycle - start, mem_reads: b.mem.reads.len() as u64 })
}

/// Cycles per enqueue in steady state (as [`measure`]) of a [`SmallQueue`] line of
/// 2^[`REFILL_LOG2`] words (capacity 60), its consumer freeing each published item at once by
/// writing HEAD (the head doorbell off: a refill each time the card's free count runs out),
/// with or without a queue `beside`.
pub fn refill_rate(latency: u32, beside: bool) -> Result<f64, String> {
    let q = SmallQueue { log2: REFILL_LOG2, lag: 0, doorbell: false, beside };
    let short = small_queue_line(latency, q, ITEMS)?.cycles;
    let long = small_queue_line(latency, q, 2 * ITEMS)?.cycles;
    Ok(long.saturating_sub(short) as f64 / ITEMS as f64)
}

/// A line of `items` back-to-back packets into one queue of 2^[`REFILL_LOG2`] words (60 items
/// a buffer) with a spare posted (spec §9c): the bench, as the driver, posts the next spare (a
/// fresh buffer, its header written) each time the card reports a switch, so the queue moves
/// from buffer to buffer every 60 items with no HEAD read. The cycles it took, or an error if a
/// packet was refused or lost, a HEAD read, or the chain of buffers does not hold every item
/// in order.
pub fn switch_line(latency: u32, items: u64) -> Result<u64, String> {
    use renq_abi::buffer::{FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
    let mut b = bench(latency);
    let log2 = REFILL_LOG2;
    let at = |i: u64| BASE + i * renq_abi::buffer::bytes(log2);
    let spare = |b: &mut Bench<QA>, i: u64| {
        for (w, v) in [(LINK_WORD, 0), (TAIL_WORD, FIRST_DATA_INDEX), (HEAD_WORD, FIRST_DATA_INDEX)] {
            b.mem.store(at(i) + w * 8, v);
        }
        b.command(renq_abi::CMD_SPARE, 0, crate::harness::export_word(at(i), log2));
    };
    b.export(0, at(0), log2);
    spare(&mut b, 1);
    b.run_until(|b| b.quiet(), 10_000);
    let (start, mut posted) = (b.cycle, 1u64);
    for i in 0..items {
        b.send(RxPacket { src: 1, dst: NODE, queue: 0, data: i, ..Default::default() });
    }
    for _ in 0..(100 * items + 10_000) {
        if b.quiet() {
            break;
        }
        b.step();
        if b.events.switch.len() as u64 == posted {
            posted += 1;
            spare(&mut b, posted);
        }
    }
    if !b.quiet() || !b.events.refused.is_empty() || !b.mem.reads.is_empty() {
        return Err(format!(
            "not done, or {} refused, {} HEAD reads: with a spare posted before each switch, none",
            b.events.refused.len(),
            b.mem.reads.len()
        ));
    }
    let cycles = b.cycle - start;
    // The chain, as the consumer follows it: every item once, in order.
    let got = crate::harness::engine::follow_chain(&b.mem, at(0), log2).map_or_else(Vec::new, |c| c.0);
    if got != (0..items).collect::<Vec<_>>() {
        return Err(format!("the chain of buffers holds {} items, not the {items} in order", got.len()));
    }
    Ok(cycles)
}

/// Cycles per enqueue in steady state (as [`measure`]) of a [`switch_line`]: a buffer switch
/// every 60 items, spares posted.
pub fn switch_rate(latency: u32) -> Result<f64, String> {
    let short = switch_line(latency, ITEMS)?;
    let long = switch_line(latency, 2 * ITEMS)?;
    Ok(long.saturating_sub(short) as f64 / ITEMS as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Switches into spares cost no read and lose nothing: every item in the chain, in order,
    /// at about a cycle per item.
    #[test]
    fn a_switching_queue_is_measured_and_loses_nothing() {
        let r = switch_rate(0).unwrap();
        assert!((1.0..1.5).contains(&r), "{r}");
    }

    #[test]
    fn a_line_the_bench_cannot_measure_is_an_error() {
        assert!(line_cycles(0, 0, 8).unwrap_err().contains("0 queues"));
        assert!(line_cycles(0, u16::MAX, 8).unwrap_err().contains("the build has"));
        // more packets than one queue holds: a refill would be measured too
        assert!(line_cycles(0, 1, 5000).unwrap_err().contains("a queue holds 4092"));
    }

    /// Refills cost cycles (a HEAD read each time the free count runs out) but lose nothing:
    /// the rate is measured, at least one cycle per item.
    #[test]
    fn a_refilling_queue_is_measured_and_loses_nothing() {
        let alone = refill_rate(16, false).unwrap();
        let beside = refill_rate(16, true).unwrap();
        assert!(alone >= 1.0 && beside >= 1.0, "{alone} {beside}");
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
