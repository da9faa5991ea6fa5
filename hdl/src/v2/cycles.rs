//! Cycles per enqueue of the card v2 engine, measured on the RTL (`EngineEcp5` in the
//! [`harness`](super::harness) bench): what `cycles-report` prints and what `renq bench`
//! models v2's throughput from. Packets are offered back to back; host memory answers a read
//! issued in cycle c in cycle c + max(L, 1) and takes one posted write per cycle.

use super::harness::{audit, Bench, Buffer, Packet2, SplitMemory};
use crate::harness::{Flow, WaitStates};

/// Queue-RAM address bits of the build measured (the ECP5-85F one: 4 096 queues).
pub const QA: usize = renq_abi::v2::ECP5_QUEUE_RAM_BITS as usize;
/// Packets per measurement.
pub const ITEMS: u64 = 1024;
const NODE: u16 = 2;
const BASE: u64 = 0x10_0000;
/// 2^12 words per queue: room for every packet of a run (capacity 4092), so no refill or stall.
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

/// Cycles per enqueue: `ITEMS` packets, packet i into queue i % `queues`, from the first offer
/// until every item is written and published. An error if the engine broke a write rule or
/// lost an item (the figure would mean nothing).
pub fn cycles_per_enqueue(latency: u32, queues: u16) -> Result<f64, String> {
    if queues == 0 || queues as usize > 1 << QA {
        return Err(format!("{queues} queues: the build has 1..={}", 1 << QA));
    }
    let mut b = bench(latency);
    let bufs: Vec<Buffer> = (0..queues).map(|q| buffer(q, LOG2)).collect();
    for buf in &bufs {
        b.export(buf.queue, buf.base, buf.log2);
    }
    b.run_until(|b| b.quiet(), 10_000);
    let start = b.cycle;
    for i in 0..ITEMS {
        b.send(Packet2 { src: 1, dst: NODE, queue: (i % queues as u64) as u16, data: i, ..Default::default() });
    }
    b.run_until(|b| b.quiet(), 100_000);
    let a = audit(&bufs, &b.mem.writes).map_err(|e| format!("the v2 engine broke a write rule: {e}"))?;
    let enqueued: u64 = a.data.iter().map(|d| d.len() as u64).sum();
    if enqueued != ITEMS {
        return Err(format!("{enqueued} of {ITEMS} packets enqueued"));
    }
    if !a.published.iter().zip(&a.written_to).all(|(p, w)| p == w) {
        return Err("an item was written but never published".into());
    }
    Ok((b.cycle - start) as f64 / ITEMS as f64)
}
