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
use renq_rdma::{fast, seed, Backoff, Error, LocalMemory, OpCounters, RdmaDequeue, RdmaEnqueue, RemoteMemory};
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
    fn from_name(n: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == n)
    }
    fn variant(self) -> seed::Variant {
        match self {
            Algo::SeedAsWritten => seed::Variant::Faithful,
            _ => seed::Variant::LapTurn,
        }
    }
}

type Producer = Box<dyn RdmaEnqueue + Send>;
type Consumer = Box<dyn RdmaDequeue>;

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
            let consumer = Box::new(fast::Consumer::create(region.local(), 0, cap)?);
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
            let consumer = Box::new(seed::Consumer::create(loopback(dev, &region)?, 0, cap, algo.variant())?);
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
        RegionRef { desc: r.desc(), responders: responders.clone() }
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
        println!("RDMA-CHECK {what} {} {detail}", if ok { "ok" } else { "FAILED" });
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
    check("cpu-store-read", r == 0xdead_beef_0000_0001, format!("read={r:#x}"));

    // Atomics on a zero word: raw results and memory layout.
    let a = qp.fetch_and_add(128, 1)?;
    let b = qp.fetch_and_add(128, 1)?;
    let mem_after = local.load(128);
    let layout = match mem_after {
        2 => "host-order",
        x if x == 2u64.swap_bytes() => "byte-swapped",
        _ => "unknown",
    };
    println!("RDMA-ATOMIC-LAYOUT faa_results_raw={a:#x},{b:#x} memory_after_two_faa={mem_after:#x} in_memory={layout}");
    let mut mem = qp.into_memory();
    mem.calibrate(136)?;
    let swapped = mem.result_swapped().expect("calibrated");
    println!(
        "RDMA-BYTE-ORDER result_swapped={swapped} ({})",
        if swapped { "NIC returns atomic results byte-swapped" } else { "NIC returns atomic results in host order" }
    );
    // Decoded semantics through the adapter the queues use.
    let old = mem.fetch_and_add(192, 5)?;
    let old2 = mem.fetch_and_add(192, 7)?;
    check("faa", old == 0 && old2 == 5, format!("old={old} then {old2}"));
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
    check("faa-64bit", big == 0 && big2 == 0x0123_4567_89ab_cdef, format!("now={big2:#x}"));

    // Informational: what IBV_ATOMIC_HCA means in practice. CPU atomic adds race NIC FAAs on
    // one word (the queues never do this, docs/spec.md §10 R.6); with HCA-only atomicity
    // updates may be lost. Only meaningful where the NIC keeps atomic words in host order.
    if layout == "host-order" {
        const W: u64 = 256;
        // SAFETY: loopback: the region is this process's own mapping (desc().addr is its
        // virtual address), 8-aligned, alive until `region` drops at the end of this function.
        let word = unsafe { &*((region.desc().addr + W) as *const std::sync::atomic::AtomicU64) };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let nic_adds = 2000u64;
        let cpu_adds = std::thread::scope(|sc| -> Result<u64, Error> {
            let cpu = sc.spawn(|| {
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    word.fetch_add(1, Ordering::SeqCst);
                    n += 1;
                    for _ in 0..64 {
                        std::hint::spin_loop();
                    }
                }
                n
            });
            let r = (|| {
                for _ in 0..nic_adds {
                    mem.fetch_and_add(W, 1)?;
                }
                Ok(())
            })();
            stop.store(true, Ordering::Relaxed);
            let n = cpu.join().expect("cpu adder");
            r.map(|()| n)
        })?;
        let fin = word.load(Ordering::SeqCst);
        println!(
            "RDMA-MIX cpu_adds={cpu_adds} nic_faas={nic_adds} final={fin} lost_updates={} (CPU atomics vs NIC FAA on one word; informational)",
            (cpu_adds + nic_adds).saturating_sub(fin)
        );
    }
    Ok(())
}

fn stats(mut us: Vec<f64>) -> String {
    us.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = us.len();
    let mean = us.iter().sum::<f64>() / n as f64;
    let pct = |p: f64| us[((n as f64 * p) as usize).min(n - 1)];
    format!("n={n} mean_us={mean:.1} p50_us={:.1} p99_us={:.1} min_us={:.1}", pct(0.5), pct(0.99), us[0])
}

/// Phase 3: round-trip latency of single dependent operations on an idle loopback QP.
fn latency(dev: &Arc<Device>, n: usize) -> Result<(), Error> {
    let region = Region::new(dev, 4096)?;
    let mut qp = loopback_qp(dev, &region)?;
    latency_on(&mut qp, n, "loopback")
}

/// Times `n` READs, FAAs, CASes (one at a time) and `n` posted 16-byte WRITEs on `qp`
/// (connected to a region of at least 48 bytes).
fn latency_on(qp: &mut Qp, n: usize, link: &str) -> Result<(), Error> {
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
    println!("RDMA-LATENCY op=READ link={link} {}", stats(v));
    let v = time(&mut || qp.fetch_and_add(8, 1).map(drop))?;
    println!("RDMA-LATENCY op=FAA link={link} {}", stats(v));
    let v = time(&mut || qp.compare_and_swap(16, 0, 0).map(drop))?;
    println!("RDMA-LATENCY op=CAS link={link} {}", stats(v));
    // Posted 16-byte WRITEs: issue cost, then the wait for all of them.
    let t = Instant::now();
    for i in 0..n as u64 {
        qp.write(32, &[i, i + 1])?;
    }
    let issue = t.elapsed();
    qp.flush()?;
    let all = t.elapsed();
    println!(
        "RDMA-LATENCY op=WRITE16-posted link={link} n={n} issue_us={:.1} completed_us_per_write={:.1}",
        issue.as_secs_f64() * 1e6 / n as f64,
        all.as_secs_f64() * 1e6 / n as f64
    );
    Ok(())
}

/// Phase 4: one producer, consumer in the same thread right after each enqueue.
fn uncontended(dev: &Arc<Device>, algo: Algo, cap: u64, items: u64, failures: &mut Vec<String>) -> Result<(), Error> {
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
            got.push(s.consumer.dequeue()?);
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
        threads.push(std::thread::spawn(move || -> Result<(OpCounters, u64), Error> {
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
        }));
    }
    let cbefore = s.consumer.counters();
    start.wait();
    let all_done = || done.load(Ordering::Acquire) == producers as usize;
    let t = consume(&mut s.consumer, producers, items, &all_done)?;
    let mut sum = OpCounters::default();
    let mut polls = 0;
    let mut errors = vec![];
    if t.stalled && !all_done() {
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
    report(algo, "concurrent", cap, producers, items, &t, &sum, polls, &dc, errors, failures);
    Ok(())
}

/// What the consumer saw of `producers` × `items` (items are `producer << 32 | seq`).
struct Tally {
    got: u64,
    dup: u64,
    garbage: u64,
    fifo: u64,
    stalled: bool,
    elapsed: Duration,
}

/// Takes every item, checking each one; stops when all arrived, or when nothing came for
/// `STALL`, or for 3 s after `all_done()` (every producer finished and flushed).
fn consume(consumer: &mut Consumer, producers: u64, items: u64, all_done: &dyn Fn() -> bool) -> Result<Tally, Error> {
    let t0 = Instant::now();
    let total = producers * items;
    let mut seen = vec![vec![false; items as usize]; producers as usize];
    let mut next = vec![0u64; producers as usize];
    let mut t = Tally { got: 0, dup: 0, garbage: 0, fifo: 0, stalled: false, elapsed: Duration::ZERO };
    let mut buf = [0u64; 32];
    let mut backoff = Backoff::new();
    let mut last_progress = Instant::now();
    while t.got + t.dup + t.garbage < total {
        let n = consumer.dequeue_batch(&mut buf)?;
        if n == 0 {
            let idle = last_progress.elapsed();
            if idle > STALL || (all_done() && idle > Duration::from_secs(3)) {
                t.stalled = true;
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
                t.garbage += 1;
                continue;
            }
            if seen[p][i as usize] {
                t.dup += 1;
                continue;
            }
            seen[p][i as usize] = true;
            t.got += 1;
            if i != next[p] {
                t.fifo += 1;
            }
            next[p] = next[p].max(i + 1);
        }
    }
    t.elapsed = t0.elapsed();
    if !t.stalled {
        // Anything beyond the expected items is an extra (duplicate) delivery.
        std::thread::sleep(Duration::from_millis(20));
        while consumer.poll()?.is_some() {
            t.dup += 1;
        }
    }
    Ok(t)
}

/// Prints the `RDMA-RUN` line of a multi-producer run and records its failures.
#[allow(clippy::too_many_arguments)]
fn report(
    algo: Algo,
    mode: &str,
    cap: u64,
    producers: u64,
    items: u64,
    t: &Tally,
    sum: &OpCounters,
    polls: u64,
    consumer: &OpCounters,
    errors: Vec<String>,
    failures: &mut Vec<String>,
) {
    let total = producers * items;
    let lost = total - t.got;
    println!(
        "RDMA-RUN algo={} mode={mode} producers={producers} items={items} capacity={cap} received={} lost={lost} duplicated={} garbage={} fifo_violations={} {} wait_polls={:.3} sum_rts={} sum_wait_polls={polls} consumer_rts_per_item={:.3} secs={:.3} items_per_s={:.0}",
        algo.name(),
        t.got,
        t.dup,
        t.garbage,
        t.fifo,
        per(sum, total),
        polls as f64 / total as f64,
        sum.round_trips,
        consumer.round_trips as f64 / total.max(1) as f64,
        t.elapsed.as_secs_f64(),
        t.got as f64 / t.elapsed.as_secs_f64()
    );
    let name = algo.name();
    if lost > 0 {
        failures.push(format!("{name}:lost={lost}"));
    }
    if t.dup > 0 {
        failures.push(format!("{name}:duplicated={}", t.dup));
    }
    if t.garbage > 0 {
        failures.push(format!("{name}:garbage={}", t.garbage));
    }
    if t.fifo > 0 && algo.fifo_required() {
        failures.push(format!("{name}:fifo_violations={}", t.fifo));
    }
    for e in errors {
        println!("RDMA-ERROR algo={name} {e}");
        failures.push(format!("{name}:error"));
    }
    if t.stalled && lost > 0 {
        // Producers may be blocked on a queue that will never drain; do not wait for them.
        finish(failures);
    }
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
    // `--serve ADDR` (consumer node) / `--connect ADDR` (producer node) anywhere in the line.
    let mut mode = None;
    let mut rest = vec![];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--serve" | "--connect" => {
                let addr = it.next().expect("--serve/--connect need HOST:PORT").clone();
                mode = Some((a.clone(), addr));
            }
            _ => rest.push(a.clone()),
        }
    }
    let args = &rest;
    let name = args.get(1).map(String::as_str);
    let arg = |i: usize, d: u64| -> u64 {
        args.get(i).map(|s| s.parse().unwrap_or_else(|_| panic!("argument {i}: not a number: {s}"))).unwrap_or(d)
    };
    let gid_index = arg(2, 0) as u8;
    let items = arg(3, 1000);
    let producers = arg(4, 4).max(1);
    let cap = arg(5, 16).max(1);
    let dev = Device::open(name, 1, gid_index)?;
    let gid = dev.gid();
    let gid_s: Vec<String> = gid.chunks(2).map(|c| format!("{:02x}{:02x}", c[0], c[1])).collect();
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
    match mode {
        Some((m, addr)) if m == "--serve" => return two_node::serve(&dev, &addr, producers, items, cap, failures),
        Some((_, addr)) => return two_node::produce(&dev, &addr, items, failures),
        None => {}
    }
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

/// Two nodes: the consumer (`--serve`) and the producers (`--connect`) on different hosts,
/// each with its own RDMA device, exchanging region descriptors and QP endpoints over TCP.
mod two_node {
    use super::*;
    use renq_rdma::connect::{desc_parse, desc_words, ep_hex, ep_parse, io, Link};
    use std::net::{TcpListener, TcpStream};

    /// The consumer node: a latency target, then one queue per algorithm, each with one
    /// responder QP per producer.
    pub fn serve(
        dev: &Arc<Device>,
        addr: &str,
        producers: u64,
        items: u64,
        cap: u64,
        failures: &mut Vec<String>,
    ) -> Result<(), Error> {
        let l = TcpListener::bind(addr).map_err(io)?;
        println!("RDMA-TWO-NODE role=consumer listening={addr}");
        let (stream, peer) = l.accept().map_err(io)?;
        println!("RDMA-TWO-NODE role=consumer peer={peer}");
        let mut link = Link::new(stream)?;
        {
            let region = Region::new(dev, 4096)?;
            let mut resp = Qp::create(dev)?;
            link.send(&format!("LAT {} {}", desc_words(&region.desc()), ep_hex(&resp.endpoint())))?;
            let ep = ep_parse(&link.expect("EP")?[0])?;
            resp.connect(&ep, region.desc())?;
            link.send("GO")?;
            link.expect("LATDONE")?;
        }
        for algo in Algo::ALL {
            let (mut consumer, region): (Consumer, Region) = match algo {
                Algo::Fast => {
                    let region = Region::new(dev, fast::Layout::bytes(cap) as usize)?;
                    (Box::new(fast::Consumer::create(region.local(), 0, cap)?), region)
                }
                _ => {
                    let region = Region::new(dev, seed::Layout::bytes(cap) as usize)?;
                    let c = seed::Consumer::create(loopback(dev, &region)?, 0, cap, algo.variant())?;
                    (Box::new(c), region)
                }
            };
            let mut resps = (0..producers).map(|_| Qp::create(dev)).collect::<Result<Vec<_>, _>>()?;
            let eps: Vec<String> = resps.iter().map(|q| ep_hex(&q.endpoint())).collect();
            link.send(&format!("QUEUE {} {} {} {}", algo.name(), items, desc_words(&region.desc()), eps.join(" ")))?;
            let theirs = link.expect("EPS")?;
            if theirs.len() != resps.len() {
                return Err(Error::Os(format!("EPS: {} endpoints", theirs.len())));
            }
            for (q, e) in resps.iter_mut().zip(&theirs) {
                q.connect(&ep_parse(e)?, region.desc())?;
            }
            let cbefore = consumer.counters();
            link.send("GO")?;
            // The producers' report arrives when they have all finished and flushed.
            let done = Arc::new(AtomicUsize::new(0));
            let reader = {
                let done = done.clone();
                std::thread::spawn(move || {
                    let r = link.expect("STATS");
                    done.store(1, Ordering::Release);
                    (link, r)
                })
            };
            let all_done = || done.load(Ordering::Acquire) == 1;
            let t = consume(&mut consumer, producers, items, &all_done)?;
            if t.stalled && !all_done() {
                report(
                    algo,
                    "two-node",
                    cap,
                    producers,
                    items,
                    &t,
                    &OpCounters::default(),
                    0,
                    &OpCounters::default(),
                    vec!["producers did not finish".into()],
                    failures,
                );
                finish(failures);
            }
            let (l, stats) = reader.join().expect("reader thread");
            link = l;
            let w = stats?;
            let n = |i: usize| w.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
            let sum = OpCounters {
                reads: n(0),
                writes: n(1),
                faas: n(2),
                cases: n(3),
                round_trips: n(4),
                ..Default::default()
            };
            let errors: Vec<String> = w.iter().skip(6).cloned().collect();
            let dc = consumer.counters() - cbefore;
            report(algo, "two-node", cap, producers, items, &t, &sum, n(5), &dc, errors, failures);
            drop(resps);
        }
        link.send("BYE")?;
        Ok(())
    }

    /// The producer node: follows the consumer's script.
    pub fn produce(dev: &Arc<Device>, addr: &str, _items: u64, failures: &mut Vec<String>) -> Result<(), Error> {
        let t0 = Instant::now();
        let stream = loop {
            match TcpStream::connect(addr) {
                Ok(s) => break s,
                Err(e) if t0.elapsed() < Duration::from_secs(120) => {
                    let _ = e;
                    std::thread::sleep(Duration::from_millis(200));
                }
                Err(e) => return Err(io(e)),
            }
        };
        println!("RDMA-TWO-NODE role=producers connected={addr}");
        let mut link = Link::new(stream)?;
        loop {
            let line = link.recv()?;
            let w: Vec<String> = line.split_whitespace().map(String::from).collect();
            match w.first().map(String::as_str) {
                Some("LAT") => {
                    let desc = desc_parse(&w[1..4])?;
                    let mut qp = Qp::create(dev)?;
                    qp.connect(&ep_parse(&w[4])?, desc)?;
                    link.send(&format!("EP {}", ep_hex(&qp.endpoint())))?;
                    link.expect("GO")?;
                    latency_on(&mut qp, 500, "two-node")?;
                    link.send("LATDONE")?;
                }
                Some("QUEUE") => {
                    let algo =
                        Algo::from_name(&w[1]).ok_or_else(|| Error::Os(format!("unknown algorithm {}", w[1])))?;
                    let items: u64 = w[2].parse().map_err(|_| Error::Os("items".into()))?;
                    let desc = desc_parse(&w[3..6])?;
                    let mut qps = vec![];
                    for e in &w[6..] {
                        let mut qp = Qp::create(dev)?;
                        qp.connect(&ep_parse(e)?, desc)?;
                        qps.push(qp);
                    }
                    let eps: Vec<String> = qps.iter().map(|q| ep_hex(&q.endpoint())).collect();
                    link.send(&format!("EPS {}", eps.join(" ")))?;
                    link.expect("GO")?;
                    let n = qps.len();
                    let start = Arc::new(std::sync::Barrier::new(n));
                    let threads: Vec<_> = qps
                        .into_iter()
                        .enumerate()
                        .map(|(pi, qp)| {
                            let start = start.clone();
                            std::thread::spawn(move || -> Result<(OpCounters, u64), Error> {
                                let mem = qp.into_memory();
                                let mut prod: Producer = match algo {
                                    Algo::Fast => Box::new(fast::Producer::attach(mem, 0)?),
                                    _ => Box::new(seed::Producer::attach(mem, 0)?),
                                };
                                let before = prod.counters();
                                start.wait();
                                for i in 0..items {
                                    prod.enqueue((pi as u64) << 32 | i)?;
                                }
                                prod.flush()?;
                                Ok((prod.counters() - before, prod.wait_polls()))
                            })
                        })
                        .collect();
                    let mut sum = OpCounters::default();
                    let mut polls = 0;
                    let mut errors = vec![];
                    for t in threads {
                        match t.join().expect("producer thread panicked") {
                            Ok((c, p)) => {
                                sum.add(&c);
                                polls += p;
                            }
                            Err(e) => errors.push(e.to_string().replace(' ', "_")),
                        }
                    }
                    let total = n as u64 * items;
                    println!(
                        "RDMA-PRODUCERS algo={} producers={n} items={items} {} wait_polls={:.3} errors={}",
                        algo.name(),
                        per(&sum, total),
                        polls as f64 / total as f64,
                        errors.len()
                    );
                    if !errors.is_empty() {
                        failures.push(format!("{}:producer-error", algo.name()));
                    }
                    link.send(&format!(
                        "STATS {} {} {} {} {} {} {}",
                        sum.reads,
                        sum.writes,
                        sum.faas,
                        sum.cases,
                        sum.round_trips,
                        polls,
                        errors.join(" ")
                    ))?;
                }
                Some("BYE") => return Ok(()),
                _ => return Err(Error::Os(format!("unexpected `{line}`"))),
            }
        }
    }
}
