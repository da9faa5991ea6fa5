//! rdma-verbs-demo: both queue algorithms over one RDMA device through RC queue pairs on this
//! node: each producer's requester QP is connected to its own responder QP on the consumer
//! side, as between two nodes (the seed consumer uses a self-connected loopback QP); every
//! access goes through the device. For the QEMU + rdma_rxe run (scripts/vm/rdma-guest):
//!
//! `rdma-verbs-demo [device] [gid_index] [items] [producers] [capacity]`
//! (defaults: first device, 0, 1000 items per producer, 4 producers, capacity 16)
//!
//! 1. Device: atomic capability (IBV_ATOMIC_HCA / GLOB), limits, GID, MTU.
//! 2. Verbs semantics and byte order on one loopback QP: WRITE then READ, FAA and CAS
//!    (success and failure) return the old values, the calibration's result order, and how
//!    the NIC lays an atomic word out in memory (a CPU load after FAA(+1) on a zero word).
//! 3. Round-trip latency: READ, FAA, CAS each timed one by one (mean, p50, p99 in µs).
//! 4. Uncontended: one producer alternating with the consumer (same thread), per algorithm
//!    (fast, seed lap turn, seed as written): exact verbs operations per enqueue, µs/enqueue.
//! 5. Concurrent: `producers` threads (one QP each) × `items`, the consumer in the main
//!    thread, ring of `capacity`: lost, duplicated, FIFO violations per producer, operations
//!    per enqueue (and per dequeue for the seed consumer), items/s.
//!
//! Machine-readable lines start with `RDMA-`; the last is `RDMA-DEMO ok` or
//! `RDMA-DEMO FAILED <reasons>`. Exit status 0 only if every check passed: no loss, no
//! duplicate, no garbage item, FIFO per producer for fast and seed/lap-turn (the seed as
//! written is not FIFO, docs/spec.md §10 R.4: its violations are reported, not failed), verbs
//! semantics as specified, no verbs error.

use renq_rdma::verbs::{AtomicCap, Device, Qp, Region, VerbsMemory};
use renq_rdma::{
    fast, seed, Backoff, Dequeue, Enqueue, Error, LocalMemory, OpCounters, RemoteMemory,
};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The consumer gives up when no item arrives for this long (a lost item would otherwise hang
/// the run; TCG guests are slow, so be generous).
const STALL: Duration = Duration::from_secs(30);

fn loopback_qp(dev: &Arc<Device>, region: &Region) -> Result<Qp, Error> {
    let mut qp = Qp::create(dev)?;
    let me = qp.endpoint();
    qp.connect(&me, region.desc())?;
    Ok(qp)
}

fn loopback(dev: &Arc<Device>, region: &Region) -> Result<VerbsMemory, Error> {
    Ok(loopback_qp(dev, region)?.into_memory())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Algo {
    Fast,
    SeedLapTurn,
    SeedAsWritten,
}

impl Algo {
    const ALL: [Algo; 3] = [Algo::Fast, Algo::SeedLapTurn, Algo::SeedAsWritten];
    fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::SeedLapTurn => "seed-lap-turn",
            Algo::SeedAsWritten => "seed-as-written",
        }
    }
    /// Must the consumer see each producer's items in order?
    fn fifo_required(self) -> bool {
        self != Algo::SeedAsWritten
    }
    fn variant(self) -> seed::Variant {
        match self {
            Algo::SeedAsWritten => seed::Variant::Faithful,
            _ => seed::Variant::LapTurn,
        }
    }
}

type Producer = Box<dyn Enqueue + Send>;
type Consumer = Box<dyn Dequeue>;

/// A fresh queue of `algo` in its own region: its consumer, and a factory of producers
/// (each on its own requester QP, connected to its own responder QP on the consumer side).
struct Setup {
    consumer: Consumer,
    make: Box<dyn Fn() -> Result<Producer, Error>>,
    _responders: Arc<Mutex<Vec<Qp>>>,
    _region: Region,
}

fn setup(dev: &Arc<Device>, algo: Algo, cap: u64) -> Result<Setup, Error> {
    let responders = Arc::new(Mutex::new(vec![]));
    match algo {
        Algo::Fast => {
            // The consumer reads its own memory with the CPU; producers use QPs.
            let region = Region::new(dev, fast::Layout::bytes(cap) as usize)?;
            let consumer = Box::new(fast::Consumer::create(region.local(), 0, cap));
            let (dev, desc_region) = (dev.clone(), RegionRef::of(&region, &responders));
            Ok(Setup {
                consumer,
                make: Box::new(move || {
                    let mem = desc_region.pair(&dev)?;
                    Ok(Box::new(fast::Producer::attach(mem, 0)?) as Producer)
                }),
                _responders: responders,
                _region: region,
            })
        }
        Algo::SeedLapTurn | Algo::SeedAsWritten => {
            // The consumer's accesses go through its own loopback QP (IBV_ATOMIC_HCA-safe).
            let region = Region::new(dev, seed::Layout::bytes(cap) as usize)?;
            let consumer = Box::new(seed::Consumer::create(
                loopback(dev, &region)?,
                0,
                cap,
                algo.variant(),
            )?);
            let (dev, desc_region) = (dev.clone(), RegionRef::of(&region, &responders));
            Ok(Setup {
                consumer,
                make: Box::new(move || {
                    let mem = desc_region.pair(&dev)?;
                    Ok(Box::new(seed::Producer::attach(mem, 0)?) as Producer)
                }),
                _responders: responders,
                _region: region,
            })
        }
    }
}

/// What a producer factory needs of the consumer side: the region's descriptor (the `Setup`
/// keeps the region alive) and where to park the consumer-side QPs.
struct RegionRef {
    desc: renq_rdma::verbs::RegionDesc,
    responders: Arc<Mutex<Vec<Qp>>>,
}

impl RegionRef {
    fn of(r: &Region, responders: &Arc<Mutex<Vec<Qp>>>) -> RegionRef {
        RegionRef {
            desc: r.desc(),
            responders: responders.clone(),
        }
    }
    /// A producer's memory as between two nodes: its requester QP connected to a distinct
    /// responder QP on the consumer side (kept in `responders` while the run lasts), each
    /// given the other's endpoint (QPN, PSN, GID) — unlike a self-connected QP, a mix-up of
    /// the two sides' numbers would show.
    fn pair(&self, dev: &Arc<Device>) -> Result<VerbsMemory, Error> {
        let mut requester = Qp::create(dev)?;
        let mut responder = Qp::create(dev)?;
        let (a, b) = (requester.endpoint(), responder.endpoint());
        assert_ne!((a.qpn, a.psn), (b.qpn, b.psn));
        responder.connect(&a, self.desc)?;
        requester.connect(&b, self.desc)?;
        self.responders.lock().unwrap().push(responder);
        Ok(requester.into_memory())
    }
}

fn per(c: &OpCounters, n: u64) -> String {
    let p = c.per(n);
    format!(
        "reads={:.3} writes={:.3} faas={:.3} cases={:.3} rts={:.3}",
        p.reads, p.writes, p.faas, p.cases, p.round_trips
    )
}

/// Phase 2: verbs semantics, result byte order and in-memory layout of atomics.
fn semantics(dev: &Arc<Device>, failures: &mut Vec<String>) -> Result<(), Error> {
    let region = Region::new(dev, 4096)?;
    let mut local = region.local();
    let mut qp = loopback_qp(dev, &region)?;
    let mut check = |what: &str, ok: bool, detail: String| {
        println!(
            "RDMA-CHECK {what} {} {detail}",
            if ok { "ok" } else { "FAILED" }
        );
        if !ok {
            failures.push(format!("semantics:{what}"));
        }
    };
    // Plain words: WRITE (posted) then READ on the same QP sees it (RC order), both ways
    // through the CPU view too.
    let pattern = [0x0102_0304_0506_0708u64, 0x1122_3344_5566_7788];
    qp.write(64, &pattern)?;
    let r0 = qp.read(64)?;
    let r1 = qp.read(72)?;
    qp.flush()?;
    let c0 = local.load(64);
    let c1 = local.load(72);
    check(
        "write-read",
        r0 == pattern[0] && r1 == pattern[1] && c0 == pattern[0] && c1 == pattern[1],
        format!("read={r0:#x},{r1:#x} cpu={c0:#x},{c1:#x}"),
    );
    local.store(80, 0xdead_beef_0000_0001);
    let r = qp.read(80)?;
    check(
        "cpu-store-read",
        r == 0xdead_beef_0000_0001,
        format!("read={r:#x}"),
    );

    // Atomics on a zero word: raw results and memory layout.
    let a = qp.fetch_and_add(128, 1)?;
    let b = qp.fetch_and_add(128, 1)?;
    let mem_after = local.load(128);
    let layout = match mem_after {
        2 => "host-order",
        x if x == 2u64.swap_bytes() => "byte-swapped",
        _ => "unknown",
    };
    println!(
        "RDMA-ATOMIC-LAYOUT faa_results_raw={a:#x},{b:#x} memory_after_two_faa={mem_after:#x} in_memory={layout}"
    );
    let mut mem = qp.into_memory();
    mem.calibrate(136)?;
    let swapped = mem.result_swapped().expect("calibrated");
    println!(
        "RDMA-BYTE-ORDER result_swapped={swapped} ({})",
        if swapped {
            "NIC returns atomic results byte-swapped"
        } else {
            "NIC returns atomic results in host order"
        }
    );
    // Decoded semantics through the adapter the queues use.
    let old = mem.fetch_and_add(192, 5)?;
    let old2 = mem.fetch_and_add(192, 7)?;
    check(
        "faa",
        old == 0 && old2 == 5,
        format!("old={old} then {old2}"),
    );
    let miss = mem.compare_and_swap(192, 99, 1)?;
    let hit = mem.compare_and_swap(192, 12, 40)?;
    let now = mem.read_atomic(192)?;
    check(
        "cas",
        miss == 12 && hit == 12 && now == 40,
        format!("failed-cas old={miss} successful-cas old={hit} now={now}"),
    );
    let big = mem.fetch_and_add(200, 0x0123_4567_89ab_cdef)?;
    let big2 = mem.read_atomic(200)?;
    check(
        "faa-64bit",
        big == 0 && big2 == 0x0123_4567_89ab_cdef,
        format!("now={big2:#x}"),
    );
    Ok(())
}

fn stats(mut us: Vec<f64>) -> String {
    us.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = us.len();
    let mean = us.iter().sum::<f64>() / n as f64;
    let pct = |p: f64| us[((n as f64 * p) as usize).min(n - 1)];
    format!(
        "n={n} mean_us={mean:.1} p50_us={:.1} p99_us={:.1} min_us={:.1}",
        pct(0.5),
        pct(0.99),
        us[0]
    )
}

/// Phase 3: round-trip latency of single dependent operations on an idle loopback QP.
fn latency(dev: &Arc<Device>, n: usize) -> Result<(), Error> {
    let region = Region::new(dev, 4096)?;
    let mut qp = loopback_qp(dev, &region)?;
    for _ in 0..10 {
        qp.read(0)?; // warm-up
    }
    let time = |f: &mut dyn FnMut() -> Result<(), Error>| -> Result<Vec<f64>, Error> {
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            let t = Instant::now();
            f()?;
            v.push(t.elapsed().as_secs_f64() * 1e6);
        }
        Ok(v)
    };
    let v = time(&mut || qp.read(0).map(drop))?;
    println!("RDMA-LATENCY op=READ {}", stats(v));
    let v = time(&mut || qp.fetch_and_add(8, 1).map(drop))?;
    println!("RDMA-LATENCY op=FAA {}", stats(v));
    let v = time(&mut || qp.compare_and_swap(16, 0, 0).map(drop))?;
    println!("RDMA-LATENCY op=CAS {}", stats(v));
    // Posted 16-byte WRITEs: issue cost, then the wait for all of them.
    let t = Instant::now();
    for i in 0..n as u64 {
        qp.write(32, &[i, i + 1])?;
    }
    let issue = t.elapsed();
    qp.flush()?;
    let all = t.elapsed();
    println!(
        "RDMA-LATENCY op=WRITE16-posted n={n} issue_us={:.1} completed_us_per_write={:.1}",
        issue.as_secs_f64() * 1e6 / n as f64,
        all.as_secs_f64() * 1e6 / n as f64
    );
    Ok(())
}

/// Phase 4: one producer, consumer in the same thread right after each enqueue.
fn uncontended(
    dev: &Arc<Device>,
    algo: Algo,
    cap: u64,
    items: u64,
    failures: &mut Vec<String>,
) -> Result<(), Error> {
    let mut s = setup(dev, algo, cap)?;
    let mut p = (s.make)()?;
    let before = p.counters();
    let cbefore = s.consumer.counters();
    let mut got = Vec::with_capacity(items as usize);
    let t = Instant::now();
    for i in 0..items {
        p.enqueue(i)?;
        if algo == Algo::Fast {
            // The item may still be in flight (posted WRITE): poll until it is there.
            let mut b = Backoff::new();
            loop {
                match s.consumer.poll()? {
                    Some(v) => {
                        got.push(v);
                        break;
                    }
                    None => b.snooze(),
                }
            }
        } else {
            got.push(s.consumer.dequeue());
        }
    }
    let el = t.elapsed();
    p.flush()?;
    let d = p.counters() - before;
    let dc = s.consumer.counters() - cbefore;
    let ok = got == (0..items).collect::<Vec<_>>();
    println!(
        "RDMA-RUN algo={} mode=uncontended producers=1 items={items} capacity={cap} ok={ok} {} consumer_rts_per_item={:.3} us_per_item={:.1}",
        algo.name(),
        per(&d, items),
        dc.round_trips as f64 / items as f64,
        el.as_secs_f64() * 1e6 / items as f64
    );
    if !ok {
        failures.push(format!("{}:uncontended-order", algo.name()));
    }
    Ok(())
}

/// Phase 5: `producers` threads × `items`, consumer in this thread.
fn concurrent(
    dev: &Arc<Device>,
    algo: Algo,
    cap: u64,
    producers: u64,
    items: u64,
    failures: &mut Vec<String>,
) -> Result<(), Error> {
    let mut s = setup(dev, algo, cap)?;
    let done = Arc::new(AtomicUsize::new(0));
    let mut threads = vec![];
    // Attach every producer first (attach = READs + calibration), then start them together.
    let mut prods = vec![];
    for _ in 0..producers {
        prods.push((s.make)()?);
    }
    let start = Arc::new(std::sync::Barrier::new(producers as usize + 1));
    for (pi, mut prod) in prods.into_iter().enumerate() {
        let (done, start) = (done.clone(), start.clone());
        threads.push(std::thread::spawn(
            move || -> Result<(OpCounters, u64), Error> {
                let before = prod.counters();
                start.wait();
                let r = (|| {
                    for i in 0..items {
                        prod.enqueue((pi as u64) << 32 | i)?;
                    }
                    prod.flush()
                })();
                done.fetch_add(1, Ordering::Release);
                r.map(|()| (prod.counters() - before, prod.wait_polls()))
            },
        ));
    }
    let cbefore = s.consumer.counters();
    start.wait();
    let t0 = Instant::now();
    let total = producers * items;
    let mut seen = vec![vec![false; items as usize]; producers as usize];
    let mut next = vec![0u64; producers as usize];
    let (mut got, mut dup, mut garbage, mut fifo) = (0u64, 0u64, 0u64, 0u64);
    let mut buf = [0u64; 32];
    let mut backoff = Backoff::new();
    let mut last_progress = Instant::now();
    let mut stalled = false;
    while got + dup + garbage < total {
        let n = s.consumer.dequeue_batch(&mut buf)?;
        if n == 0 {
            // All producers finished and flushed and nothing has come for a while: lost.
            let all_done = done.load(Ordering::Acquire) == producers as usize;
            let idle = last_progress.elapsed();
            if idle > STALL || (all_done && idle > Duration::from_secs(3)) {
                stalled = true;
                break;
            }
            backoff.snooze();
            continue;
        }
        backoff.reset();
        last_progress = Instant::now();
        for &v in &buf[..n] {
            let (p, i) = ((v >> 32) as usize, v & 0xffff_ffff);
            if p >= producers as usize || i >= items {
                garbage += 1;
                continue;
            }
            if seen[p][i as usize] {
                dup += 1;
                continue;
            }
            seen[p][i as usize] = true;
            got += 1;
            if i != next[p] {
                fifo += 1;
            }
            next[p] = next[p].max(i + 1);
        }
    }
    let el = t0.elapsed();
    // Anything beyond the expected items is an extra (duplicate) delivery.
    let extra = if stalled {
        0
    } else {
        std::thread::sleep(Duration::from_millis(20));
        let mut n = 0;
        while s.consumer.poll()?.is_some() {
            n += 1;
        }
        n
    };
    let lost = total - got;
    let mut sum = OpCounters::default();
    let mut polls = 0;
    let mut errors = vec![];
    if stalled && done.load(Ordering::Acquire) < producers as usize {
        // A producer is stuck: report without joining it.
        errors.push("producer stuck".to_string());
    } else {
        for t in threads {
            match t.join().expect("producer thread panicked") {
                Ok((c, w)) => {
                    sum.add(&c);
                    polls += w;
                }
                Err(e) => errors.push(e.to_string()),
            }
        }
    }
    let dc = s.consumer.counters() - cbefore;
    println!(
        "RDMA-RUN algo={} mode=concurrent producers={producers} items={items} capacity={cap} received={got} lost={lost} duplicated={} garbage={garbage} fifo_violations={fifo} {} wait_polls={:.3} sum_rts={} sum_wait_polls={} consumer_rts_per_item={:.3} secs={:.3} items_per_s={:.0}",
        algo.name(),
        dup + extra,
        per(&sum, total),
        polls as f64 / total as f64,
        sum.round_trips,
        polls,
        dc.round_trips as f64 / total.max(1) as f64,
        el.as_secs_f64(),
        got as f64 / el.as_secs_f64()
    );
    let name = algo.name();
    if lost > 0 {
        failures.push(format!("{name}:lost={lost}"));
    }
    if dup + extra > 0 {
        failures.push(format!("{name}:duplicated={}", dup + extra));
    }
    if garbage > 0 {
        failures.push(format!("{name}:garbage={garbage}"));
    }
    if fifo > 0 && algo.fifo_required() {
        failures.push(format!("{name}:fifo_violations={fifo}"));
    }
    for e in errors {
        println!("RDMA-ERROR algo={name} {e}");
        failures.push(format!("{name}:error"));
    }
    if stalled && lost > 0 {
        // Producers may be blocked on a queue that will never drain; do not wait for them.
        finish(failures);
    }
    Ok(())
}

fn finish(failures: &[String]) -> ! {
    if failures.is_empty() {
        println!("RDMA-DEMO ok");
        std::process::exit(0);
    }
    println!("RDMA-DEMO FAILED {}", failures.join(" "));
    std::process::exit(1);
}

fn run(args: &[String], failures: &mut Vec<String>) -> Result<(), Error> {
    let name = args.get(1).map(String::as_str);
    let arg = |i: usize, d: u64| -> u64 {
        args.get(i)
            .map(|s| {
                s.parse()
                    .unwrap_or_else(|_| panic!("argument {i}: not a number: {s}"))
            })
            .unwrap_or(d)
    };
    let gid_index = arg(2, 0) as u8;
    let items = arg(3, 1000);
    let producers = arg(4, 4).max(1);
    let cap = arg(5, 16).max(1);
    let dev = Device::open(name, 1, gid_index)?;
    let gid = dev.gid();
    let gid_s: Vec<String> = gid
        .chunks(2)
        .map(|c| format!("{:02x}{:02x}", c[0], c[1]))
        .collect();
    println!(
        "RDMA-DEVICE name={} atomic_cap={} max_qp_rd_atom={} max_qp_init_rd_atom={} gid_index={} gid={} active_mtu={}",
        dev.name,
        match dev.atomic_cap {
            AtomicCap::Hca => "IBV_ATOMIC_HCA",
            AtomicCap::Glob => "IBV_ATOMIC_GLOB",
        },
        dev.max_qp_rd_atom,
        dev.max_qp_init_rd_atom,
        dev.gid_index(),
        gid_s.join(":"),
        dev.active_mtu_bytes()
    );
    semantics(&dev, failures)?;
    latency(&dev, 500)?;
    let un_items = items.min(500);
    for algo in Algo::ALL {
        uncontended(&dev, algo, 1024, un_items, failures)?;
    }
    for algo in Algo::ALL {
        concurrent(&dev, algo, cap, producers, items, failures)?;
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut failures = vec![];
    if let Err(e) = run(&args, &mut failures) {
        println!("RDMA-ERROR {e}");
        failures.push("verbs-error".into());
    }
    finish(&failures);
}
