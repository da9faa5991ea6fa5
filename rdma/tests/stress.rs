//! Stress: 8 producer threads × 100 000 items through a tiny ring on shared memory, for every
//! algorithm; 0 lost, 0 duplicated, FIFO per producer (the faithful seed is only checked for
//! loss and duplication, and its FIFO violations are counted — see seed::Variant).

use renq_rdma::{fast, seed, RdmaDequeue, RdmaEnqueue, ShmRegion};
use std::time::{Duration, Instant};

const PRODUCERS: u64 = 8;
const ITEMS: u64 = 100_000;

struct Outcome {
    fifo_violations: u64,
    elapsed: Duration,
}

/// Runs `PRODUCERS` threads of `make()` producers against `consumer`; checks every item
/// arrives exactly once. Items are `producer << 32 | seq`.
fn run<P, C>(make: impl Fn() -> P, mut consumer: C, items: u64) -> Outcome
where
    P: RdmaEnqueue + Send + 'static,
    C: RdmaDequeue,
{
    let t0 = Instant::now();
    let threads: Vec<_> = (0..PRODUCERS)
        .map(|p| {
            let mut prod = make();
            std::thread::spawn(move || {
                for s in 0..items {
                    prod.enqueue(p << 32 | s).unwrap();
                }
                prod.flush().unwrap();
            })
        })
        .collect();
    let mut seen = vec![vec![false; items as usize]; PRODUCERS as usize];
    let mut next = vec![0u64; PRODUCERS as usize];
    let mut fifo_violations = 0;
    let mut buf = [0u64; 32];
    let mut got = 0;
    let mut backoff = renq_rdma::Backoff::new();
    while got < PRODUCERS * items {
        let n = consumer.dequeue_batch(&mut buf).unwrap();
        if n == 0 {
            backoff.snooze();
            continue;
        }
        backoff.reset();
        for &v in &buf[..n] {
            let (p, s) = ((v >> 32) as usize, v & 0xffff_ffff);
            assert!(p < PRODUCERS as usize && s < items, "garbage item {v:#x}");
            assert!(!seen[p][s as usize], "duplicate item {v:#x}");
            seen[p][s as usize] = true;
            if s != next[p] {
                fifo_violations += 1;
            }
            next[p] = next[p].max(s + 1);
            got += 1;
        }
    }
    for t in threads {
        t.join().unwrap();
    }
    assert!(seen.iter().all(|s| s.iter().all(|x| *x)), "lost items");
    assert_eq!(consumer.try_dequeue().unwrap(), None, "extra items");
    Outcome { fifo_violations, elapsed: t0.elapsed() }
}

fn stress_seed(variant: seed::Variant, buffer: u64) -> Outcome {
    let region = ShmRegion::create_memfd("stress-seed", seed::Layout::bytes(buffer) as usize).unwrap();
    let consumer = seed::Consumer::create(region.handle(), 0, buffer, variant).unwrap();
    let out = run(|| seed::Producer::attach(region.handle(), 0).unwrap(), consumer, ITEMS);
    println!(
        "seed/{variant:?} buffer={buffer}: {}x{} items in {:?}, fifo violations {}",
        PRODUCERS, ITEMS, out.elapsed, out.fifo_violations
    );
    out
}

#[test]
fn stress_seed_lap_turn() {
    let out = stress_seed(seed::Variant::LapTurn, 4);
    assert_eq!(out.fifo_violations, 0);
}

#[test]
fn stress_seed_faithful_no_loss_no_dup() {
    // FIFO per producer is not guaranteed by the seed as written; count, do not assert.
    stress_seed(seed::Variant::Faithful, 4);
}

#[test]
fn stress_fast() {
    for cap in [4, 8] {
        let region = ShmRegion::create_memfd("stress-fast", fast::Layout::bytes(cap) as usize).unwrap();
        let consumer = fast::Consumer::create(region.handle(), 0, cap).unwrap();
        let out = run(|| fast::Producer::attach(region.handle(), 0).unwrap(), consumer, ITEMS);
        println!(
            "fast capacity={cap}: {}x{} items in {:?}, fifo violations {}",
            PRODUCERS, ITEMS, out.elapsed, out.fifo_violations
        );
        assert_eq!(out.fifo_violations, 0);
    }
}
