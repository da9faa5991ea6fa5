//! rdma-bench: both queue algorithms side by side on the same workload over the
//! shared-memory backend; prints verbs operations per enqueue (from the per-handle
//! counters), the wait-loop polls among them (round trips spent waiting for room or for a
//! turn), throughput, and the seed/fast ratio of dependent round trips.
//!
//! usage: rdma-bench [--items N] [--producers P] [--capacity C] [--rtt-ns NS]
//!   default: an uncontended run (1 producer, capacity 1024) and a contended run
//!   (8 producers, capacity 8); 200 000 items (25 000 per producer when contended);
//!   --rtt-ns adds a busy-wait per dependent round trip (e.g. 2000 for an RDMA-like 2 µs),
//!   with 2 000 items by default.
//!
//! rdma-bench --pipeline [--rtt-ns NS]: one sender's throughput at a NIC round trip of NS
//!   (default 2000), synchronous (`fast::Producer`) and pipelined with W = 1, 4, 16 enqueues
//!   in flight (`pipeline::PipelinedProducer`), each over the same `DelayedNic` model; the
//!   ratio of each to the synchronous sender (issue 12 point 2).
//! rdma-bench --contention [--rtt-ns NS]: dependent round trips per enqueue with P = 1, 4,
//!   8, 16 producers on rings of c = P, 4P, 16P (issue 12 point 5).

use renq_rdma::latency::WithLatency;
use renq_rdma::pipeline::{DelayedNic, PipelinedProducer, Poll};
use renq_rdma::{fast, seed, Backoff, OpCounters, RdmaDequeue, RdmaEnqueue, RemoteMemory, ShmRegion, Step};
use std::time::{Duration, Instant};

#[derive(Clone, Copy)]
enum Algo {
    Seed,
    SeedLapTurn,
    Fast,
}

impl Algo {
    fn name(self) -> &'static str {
        match self {
            Algo::Seed => "seed (as written)",
            Algo::SeedLapTurn => "seed (lap turn)",
            Algo::Fast => "fast",
        }
    }
}

struct Run {
    enq: OpCounters,
    wait_polls: u64,
    deq: OpCounters,
    items: u64,
    elapsed: Duration,
}

/// `busy_consumer`: the consumer only yields when the queue is empty (never sleeps).
fn drive<P, C>(make: impl Fn() -> P, mut consumer: C, producers: u64, items: u64, busy_consumer: bool) -> Run
where
    P: RdmaEnqueue + Send + 'static,
    C: RdmaDequeue,
{
    let t0 = Instant::now();
    let handles: Vec<_> = (0..producers)
        .map(|p| {
            let mut prod = make();
            std::thread::spawn(move || {
                let before = prod.counters();
                let polls = prod.wait_polls();
                for s in 0..items {
                    prod.enqueue(p << 32 | s).expect("enqueue");
                }
                prod.flush().expect("flush");
                (prod.counters() - before, prod.wait_polls() - polls)
            })
        })
        .collect();
    let before = consumer.counters();
    let total = producers * items;
    let mut next = vec![0u64; producers as usize];
    let mut buf = [0u64; 64];
    let mut got = 0;
    let mut backoff = Backoff::new();
    while got < total {
        let n = consumer.dequeue_batch(&mut buf).expect("dequeue");
        if n == 0 {
            if busy_consumer {
                std::thread::yield_now();
            } else {
                backoff.snooze();
            }
            continue;
        }
        backoff.reset();
        for &v in &buf[..n] {
            // Cheap sanity check (the tests do the full one): no item from the future.
            let p = (v >> 32) as usize;
            next[p] = next[p].max((v & 0xffff_ffff) + 1);
        }
        got += n as u64;
    }
    let elapsed = t0.elapsed();
    let mut enq = OpCounters::default();
    let mut wait_polls = 0;
    for h in handles {
        let (c, w) = h.join().expect("producer thread");
        enq.add(&c);
        wait_polls += w;
    }
    assert!(next.iter().all(|&n| n == items), "items missing");
    Run { enq, wait_polls, deq: consumer.counters() - before, items: total, elapsed }
}

fn run(algo: Algo, producers: u64, items: u64, capacity: u64, rtt: Duration) -> Run {
    let bytes = seed::Layout::bytes(capacity).max(fast::Layout::bytes(capacity));
    let region = ShmRegion::create_memfd("rdma-bench", bytes as usize).expect("memfd");
    let remote = || WithLatency::new(region.handle(), rtt);
    match algo {
        Algo::Seed | Algo::SeedLapTurn => {
            let v = if let Algo::Seed = algo { seed::Variant::Faithful } else { seed::Variant::LapTurn };
            let c = seed::Consumer::create(remote(), 0, capacity, v).expect("create");
            drive(|| seed::Producer::attach(remote(), 0).expect("attach"), c, producers, items, false)
        }
        Algo::Fast => {
            let c = fast::Consumer::create(region.handle(), 0, capacity).expect("create");
            drive(|| fast::Producer::attach(remote(), 0).expect("attach"), c, producers, items, false)
        }
    }
}

fn table(title: &str, producers: u64, items: u64, capacity: u64, rtt: Duration) {
    println!(
        "\n== {title}: {producers} producer(s) x {items} items, capacity {capacity}, \
         {} ns per dependent round trip ==",
        rtt.as_nanos()
    );
    println!(
        "{:<18} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>10} {:>10} {:>9} {:>12}",
        "algorithm",
        "reads",
        "writes",
        "FAAs",
        "CASes",
        "dep.RTs",
        "waits",
        "RTs-waits",
        "Mitems/s",
        "ns/item",
        "consumer RTs"
    );
    println!("{:<18} {:>44} {:>9}", "", "(verbs operations per enqueue)", "");
    let mut rts = vec![];
    for algo in [Algo::Seed, Algo::SeedLapTurn, Algo::Fast] {
        let r = run(algo, producers, items, capacity, rtt);
        let e = r.enq.per(r.items);
        let waits = r.wait_polls as f64 / r.items as f64;
        let d = r.deq.per(r.items);
        let secs = r.elapsed.as_secs_f64();
        println!(
            "{:<18} {:>8.3} {:>8.3} {:>8.3} {:>8.3} {:>9.3} {:>9.3} {:>10.3} {:>10.3} {:>9.1} {:>12.3}",
            algo.name(),
            e.reads,
            e.writes,
            e.faas,
            e.cases,
            e.round_trips,
            waits,
            e.round_trips - waits,
            r.items as f64 / secs / 1e6,
            secs * 1e9 / r.items as f64,
            d.round_trips,
        );
        rts.push((e.round_trips, e.round_trips - waits));
    }
    println!(
        "ratio of dependent round trips per enqueue: seed(as written)/fast = {:.2}x, \
         seed(lap turn)/fast = {:.2}x",
        rts[0].0 / rts[2].0,
        rts[1].0 / rts[2].0
    );
    println!(
        "  the same without wait-loop polls (the cost when the queue has room): \
         {:.2}x, {:.2}x",
        rts[0].1 / rts[2].1,
        rts[1].1 / rts[2].1
    );
}

/// One sender alone on a ring that holds all its items (the consumer drains afterwards and
/// checks them): items/s of `window` = None (synchronous) or Some(W).
fn sender_rate(window: Option<usize>, items: u64, rtt: Duration) -> f64 {
    let region = ShmRegion::create_memfd("rdma-bench-pipe", fast::Layout::bytes(items) as usize).expect("memfd");
    let mut c = fast::Consumer::create(region.handle(), 0, items).expect("create");
    let nic = DelayedNic::with_poll(region.handle(), rtt, Poll::Spin);
    let mut p: Box<dyn RdmaEnqueue> = match window {
        None => Box::new(fast::Producer::attach(nic, 0).expect("attach")),
        Some(w) => Box::new(PipelinedProducer::attach(nic, 0, w).expect("attach")),
    };
    let t0 = Instant::now();
    for s in 0..items {
        p.enqueue(s).expect("enqueue");
    }
    p.flush().expect("flush");
    let secs = t0.elapsed().as_secs_f64();
    for s in 0..items {
        assert_eq!(c.try_dequeue().unwrap(), Some(s), "item {s} lost or out of order");
    }
    items as f64 / secs
}

fn pipeline_table(rtt: Duration) {
    const ITEMS: u64 = 40_000;
    const RUNS: usize = 7;
    let senders = [None, Some(1usize), Some(4), Some(16)];
    println!(
        "== one sender, {} ns per round trip (DelayedNic, busy-polled), {ITEMS} items; median of {RUNS} rounds, \
         each round running every sender in turn ==",
        rtt.as_nanos()
    );
    let mut rates: Vec<Vec<f64>> = vec![vec![]; senders.len()];
    for _ in 0..RUNS {
        for (i, &w) in senders.iter().enumerate() {
            rates[i].push(sender_rate(w, ITEMS, rtt));
        }
    }
    let median: Vec<f64> = rates
        .iter_mut()
        .map(|r| {
            r.sort_by(f64::total_cmp);
            r[RUNS / 2]
        })
        .collect();
    println!("{:<16} {:>12} {:>14} {:>10}", "sender", "items/s", "ratio to sync", "ratio/W");
    for (&w, &r) in senders.iter().zip(&median) {
        match w {
            None => println!("{:<16} {:>12.0} {:>14.2}", "synchronous", r, 1.0),
            Some(w) => println!(
                "{:<16} {:>12.0} {:>14.2} {:>10.2}",
                format!("pipelined W={w}"),
                r,
                r / median[0],
                r / median[0] / w as f64
            ),
        }
    }
}

/// One actor of the virtual-time run: when it steps next.
struct Actor<M> {
    at: u64,
    mem: M,
    st: fast::ProducerState,
    op: Option<fast::EnqOp>,
    next_item: u64,
    failed_checks: u32,
    waits: u64,
}

/// Contention in virtual time: P producers and the consumer run the shipped `fast::EnqOp` /
/// `fast::DeqOp` steps on a real ring, one step at a time in time order; a step that waits
/// for a result (READ, FAA) takes `rtt_ns` ± 25 % (seeded), a posted WRITE or a READ beside the FAA takes
/// `cpu_ns`, a failed room check then waits `Backoff::rtt_wait`; the consumer takes one step
/// (a load or store of its own memory) per `consumer_ns`. Deterministic: the machine's load does not enter. Returns per enqueue:
/// (dependent round trips, wait polls, READs beside the FAA).
fn contention_sim<M: RemoteMemory>(
    mems: Vec<M>,
    region: &std::sync::Arc<ShmRegion>,
    c: u64,
    items: u64,
    rtt_ns: u64,
    cpu_ns: u64,
    consumer_ns: u64,
) -> (f64, f64, f64) {
    let mut consumer_mem = region.handle();
    let q = fast::Layout::new(0, c).expect("layout");
    let mut cons = fast::ConsumerState::default();
    let mut deq = fast::DeqOp::Poll;
    let mut cons_at = 0u64;
    let mut actors: Vec<Actor<M>> = mems
        .into_iter()
        .map(|mem| Actor { at: 0, mem, st: Default::default(), op: None, next_item: 0, failed_checks: 0, waits: 0 })
        .collect();
    let total = items * actors.len() as u64;
    let mut taken = 0;
    // Each round trip lasts 75–125 % of rtt (seeded xorshift): no lock-step.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut jitter = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        rtt_ns * (75 + seed % 51) / 100
    };
    while taken < total {
        let next =
            actors.iter().enumerate().filter(|(_, a)| a.op.is_some() || a.next_item < items).min_by_key(|(_, a)| a.at);
        match next {
            Some((i, a)) if a.at < cons_at => {
                let a = &mut actors[i];
                let op = a.op.get_or_insert_with(|| fast::EnqOp::new((i as u64) << 32 | a.next_item));
                let before = a.mem.counters().round_trips;
                let r = op.step(&q, &mut a.st, &mut a.mem).expect("enqueue step");
                a.at += if a.mem.counters().round_trips > before { jitter() } else { cpu_ns };
                match r {
                    Step::Done(()) => {
                        a.op = None;
                        a.next_item += 1;
                        a.failed_checks = 0;
                    }
                    Step::Wait => {
                        a.waits += 1;
                        a.at += Backoff::rtt_wait(Duration::from_nanos(rtt_ns), a.failed_checks).as_nanos() as u64;
                        a.failed_checks += 1;
                    }
                    Step::Progress => {}
                }
            }
            _ => {
                cons_at += consumer_ns;
                match deq.step(&q, &mut cons, &mut consumer_mem) {
                    Step::Done(_) => {
                        taken += 1;
                        deq = fast::DeqOp::Poll;
                    }
                    Step::Wait => deq = fast::DeqOp::Poll,
                    Step::Progress => {}
                }
            }
        }
    }
    let mut ops = OpCounters::default();
    for a in &actors {
        ops.add(&a.mem.counters());
    }
    let waits: u64 = actors.iter().map(|a| a.waits).sum();
    let n = total as f64;
    (ops.round_trips as f64 / n, waits as f64 / n, ops.overlapped as f64 / n)
}

fn contention_table(rtt: Duration) {
    const TOTAL: u64 = 32_000;
    const CPU_NS: u64 = 100;
    const CONSUMER_NS: u64 = 10;
    let rtt_ns = rtt.as_nanos() as u64;
    println!(
        "== contention, virtual time: P producers on a ring of c, {rtt_ns} ns ± 25 % per round trip, {CPU_NS} ns per \
         posted WRITE, {CONSUMER_NS} ns per consumer step (3 per item), {TOTAL} items per run (the shipped fast::EnqOp/DeqOp steps) =="
    );
    println!(
        "{:>3} {:>5} | {:>24} | {:>37}",
        "P", "c", "FAA, READ when out of room", "FAA with a READ of HEAD beside it"
    );
    println!(
        "{:>3} {:>5} | {:>11} {:>12} | {:>11} {:>12} {:>12}",
        "", "", "dep.RTs/enq", "waits/enq", "dep.RTs/enq", "waits/enq", "beside/enq"
    );
    for p in [1u64, 4, 8, 16] {
        for c in [p, 4 * p, 16 * p] {
            let items = TOTAL / p;
            let run = |beside: bool| {
                let region = ShmRegion::create_memfd("rdma-bench-sim", fast::Layout::bytes(c) as usize).expect("memfd");
                let consumer = fast::Consumer::create(region.handle(), 0, c).expect("create");
                let r = if beside {
                    let mems = (0..p).map(|_| DelayedNic::new(region.handle(), Duration::ZERO)).collect();
                    contention_sim(mems, &region, c, items, rtt_ns, CPU_NS, CONSUMER_NS)
                } else {
                    let mems = (0..p).map(|_| region.handle()).collect();
                    contention_sim(mems, &region, c, items, rtt_ns, CPU_NS, CONSUMER_NS)
                };
                drop(consumer);
                r
            };
            let (plain, beside) = (run(false), run(true));
            println!(
                "{:>3} {:>5} | {:>11.3} {:>12.3} | {:>11.3} {:>12.3} {:>12.3}",
                p, c, plain.0, plain.1, beside.0, beside.1, beside.2
            );
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut items, mut producers, mut capacity, mut rtt_ns) = (None, None, None, 0u64);
    let (mut pipeline, mut contention) = (false, false);
    while let Some(a) = args.next() {
        let mut val = || -> u64 {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("{a} needs a number");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--items" => items = Some(val()),
            "--producers" => producers = Some(val()),
            "--capacity" => capacity = Some(val()),
            "--rtt-ns" => rtt_ns = val(),
            "--pipeline" => pipeline = true,
            "--contention" => contention = true,
            _ => {
                eprintln!(
                    "usage: rdma-bench [--items N] [--producers P] [--capacity C] [--rtt-ns NS] \
                     | --pipeline [--rtt-ns NS] | --contention [--rtt-ns NS]"
                );
                std::process::exit(2);
            }
        }
    }
    if let Some(c) = capacity.filter(|&c| fast::Layout::new(0, c).is_err() || seed::Layout::bytes(c) > 1 << 36) {
        eprintln!("rdma-bench: --capacity {c} must be in 1..=2^32 and fit 64 GiB of shared memory");
        std::process::exit(2);
    }
    if pipeline || contention {
        let rtt = Duration::from_nanos(if rtt_ns == 0 { 2_000 } else { rtt_ns });
        if pipeline {
            pipeline_table(rtt);
        }
        if contention {
            contention_table(rtt);
        }
        return;
    }
    let rtt = Duration::from_nanos(rtt_ns);
    let items = items.unwrap_or(if rtt_ns > 0 { 2_000 } else { 200_000 });
    println!("rdma-bench: shared-memory RemoteMemory; counts are what a verbs backend would issue");
    if producers.is_some() || capacity.is_some() {
        table("custom", producers.unwrap_or(1), items, capacity.unwrap_or(1024), rtt);
    } else {
        table("uncontended", 1, items, 1024, rtt);
        // The tiny ring keeps producers in the full-queue path: fewer items per producer.
        table("contended, tiny ring", 8, (items / 8).max(1), 8, rtt);
    }
}
