//! The workload harness shared by `demo` and `bench`: producers on their nodes, one consumer,
//! every item verified, latencies measured from the producer's store to the consumer's dequeue.

use crate::args::Workload;
use crate::stats::Latencies;
use indicatif::{ProgressBar, ProgressStyle};
use renq::check::{self, Summary, Verdict};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One producer's handle on the queue under test.
pub trait Producer: Send {
    fn enqueue(&mut self, item: u64) -> Result<(), String>;
}

/// The consumer's handle on the queue under test.
pub trait Consumer: Send {
    /// Fills `out` with what is there, waiting up to `timeout` for the first item.
    fn dequeue_batch(&mut self, out: &mut [u64], timeout: Duration) -> Result<usize, String>;
}

/// A queue set up on some backend, ready to hand out producers and the consumer.
pub trait System: Sync {
    /// Short name for tables.
    fn name(&self) -> String;
    fn producer(&self, index: usize, node: usize) -> Result<Box<dyn Producer>, String>;
    fn consumer(&self) -> Result<Box<dyn Consumer>, String>;
    /// Operation counts accumulated since set-up, each as (name, total).
    fn operations(&self) -> Vec<(&'static str, u64)>;
    /// Times the queue overflowed and was extended.
    fn overflows(&self) -> u64;
}

/// What a run measured.
pub struct Outcome {
    pub name: String,
    pub items: u64,
    pub elapsed: Duration,
    pub latencies: Latencies,
    pub verdict: Summary,
    pub operations: Vec<(&'static str, u64)>,
    pub overflows: u64,
}

impl Outcome {
    pub fn throughput(&self) -> f64 {
        self.items as f64 / self.elapsed.as_secs_f64()
    }

    pub fn per_enqueue(&self, op: &str) -> Option<f64> {
        self.operations.iter().find(|(n, _)| *n == op).map(|(_, v)| *v as f64 / self.items.max(1) as f64)
    }
}

/// How long the consumer waits with nothing arriving before it declares the rest lost.
const STALL_LIMIT: Duration = Duration::from_secs(30);

pub fn run(w: &Workload, sys: &dyn System, show_progress: bool) -> Result<Outcome, String> {
    let total = w.producers as u64 * w.items();
    let origin = Instant::now();
    // Send time of every item, so the consumer can measure store-to-dequeue latency.
    let sent: Arc<Vec<AtomicU64>> = Arc::new((0..total).map(|_| AtomicU64::new(0)).collect());
    let mut consumer = sys.consumer()?;
    let producers: Vec<Box<dyn Producer>> =
        (0..w.producers).map(|p| sys.producer(p, w.producer_node(p))).collect::<Result<_, _>>()?;

    let bar = if show_progress {
        let b = ProgressBar::new(total);
        b.set_style(
            ProgressStyle::with_template("{spinner} {msg} [{bar:40}] {pos}/{len} items {per_sec} eta {eta}")
                .unwrap()
                .progress_chars("=> "),
        );
        b.set_message(sys.name());
        b
    } else {
        ProgressBar::hidden()
    };

    let start = Instant::now();
    let (verifier, latencies, producer_errors) = std::thread::scope(|s| {
        let handles: Vec<_> = producers
            .into_iter()
            .enumerate()
            .map(|(p, mut prod)| {
                let sent = sent.clone();
                let items = w.items();
                s.spawn(move || -> Result<(), String> {
                    for seq in 0..items {
                        sent[p * items as usize + seq as usize]
                            .store(origin.elapsed().as_nanos() as u64, Ordering::Relaxed);
                        prod.enqueue(check::encode(p as u16, seq))?;
                    }
                    Ok(())
                })
            })
            .collect();

        let mut v = Verdict::new(w.producers, w.items());
        let mut lat = Vec::with_capacity(total as usize);
        let mut buf = vec![0u64; 256];
        let mut quiet_since = Instant::now();
        while !v.complete() {
            let n = match consumer.dequeue_batch(&mut buf, Duration::from_millis(100)) {
                Ok(n) => n,
                Err(e) => {
                    bar.println(format!("consumer error: {e}"));
                    break;
                }
            };
            if n == 0 {
                if quiet_since.elapsed() > STALL_LIMIT {
                    bar.println(format!("nothing arrived for {STALL_LIMIT:?}: giving up"));
                    break;
                }
                continue;
            }
            quiet_since = Instant::now();
            let now = origin.elapsed().as_nanos() as u64;
            for &item in &buf[..n] {
                // Latency of the items that came as expected; the verdict counts the others.
                if let Ok((p, seq)) = v.feed(item) {
                    let t = sent[p as usize * w.items() as usize + seq as usize].load(Ordering::Relaxed);
                    lat.push(now.saturating_sub(t));
                }
            }
            bar.inc(n as u64);
        }
        let errors: Vec<String> = handles.into_iter().filter_map(|h| h.join().unwrap().err()).collect();
        (v, lat, errors)
    });
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    if let Some(e) = producer_errors.first() {
        return Err(format!("producer failed: {e}"));
    }
    Ok(Outcome {
        name: sys.name(),
        items: verifier.received(),
        elapsed,
        latencies: Latencies::new(latencies),
        verdict: verifier.summary(),
        operations: sys.operations(),
        overflows: sys.overflows(),
    })
}
