//! Phases 4 and 5: the queues run uncontended and with concurrent producers; the consumer's
//! checks of every item (`consume`) and the `RDMA-RUN` report.

use crate::finish;
use crate::queues::{setup, Algo, Consumer};
use renq_rdma::verbs::Device;
use renq_rdma::{Backoff, Error, OpCounters};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The consumer gives up when no item arrives for this long (a lost item would otherwise hang
/// the run; TCG guests are slow, so be generous).
const STALL: Duration = Duration::from_secs(30);

pub(crate) fn per(c: &OpCounters, n: u64) -> String {
    let p = c.per(n);
    format!(
        "reads={:.3} writes={:.3} faas={:.3} cases={:.3} rts={:.3}",
        p.reads, p.writes, p.faas, p.cases, p.round_trips
    )
}

/// Phase 4: one producer, consumer in the same thread right after each enqueue.
pub(crate) fn uncontended(
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
pub(crate) fn concurrent(
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
pub(crate) struct Tally {
    got: u64,
    dup: u64,
    garbage: u64,
    fifo: u64,
    pub(crate) stalled: bool,
    elapsed: Duration,
}

/// Takes every item, checking each one; stops when all arrived, or when nothing came for
/// `STALL`, or for 3 s after `all_done()` (every producer finished and flushed).
pub(crate) fn consume(
    consumer: &mut Consumer,
    producers: u64,
    items: u64,
    all_done: &dyn Fn() -> bool,
) -> Result<Tally, Error> {
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
pub(crate) fn report(
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
