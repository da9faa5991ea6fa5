//! The workload harness shared by `demo` and `bench`: producers on their nodes, one consumer,
//! every item verified, latencies measured from the producer's store to the consumer's dequeue.

use crate::args::Workload;
use crate::pace::Schedule;
use crate::stats::Latencies;
use crate::systems::Setup;
use indicatif::{ProgressBar, ProgressStyle};
use renq::check::{self, Summary, Verdict};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a run measured.
pub struct Outcome {
    pub name: String,
    pub items: u64,
    pub elapsed: Duration,
    pub latencies: Latencies,
    pub verdict: Summary,
    pub operations: Vec<(&'static str, u64)>,
    pub overflows: u64,
    /// Switches into a spare buffer (the card, spec §9c).
    pub switches: u64,
    /// Packets the destination card refused (a stalled queue, a stale epoch).
    pub refused: u64,
    /// `--rate`, when the producers were paced.
    pub offered_rate: Option<u64>,
    /// The reliable links' counters, when the links were faulty.
    pub link: Vec<String>,
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

/// Runs the workload on `setup`'s senders (one thread each) and receiver (this thread).
pub fn run(w: &Workload, mut setup: Setup, show_progress: bool) -> Result<Outcome, String> {
    let total = w.producers as u64 * w.items();
    let origin = Instant::now();
    // Send time of every item, so the consumer can measure store-to-dequeue latency.
    let sent: Arc<Vec<AtomicU64>> = Arc::new((0..total).map(|_| AtomicU64::new(0)).collect());
    let Setup { name, senders, receiver, .. } = &setup;
    if senders.len() != w.producers {
        return Err(format!("{name}: {} senders for {} producers", senders.len(), w.producers));
    }

    let bar = if show_progress {
        let b = ProgressBar::new(total);
        b.set_style(
            ProgressStyle::with_template("{spinner} {msg} [{bar:40}] {pos}/{len} items {per_sec} eta {eta}")
                .unwrap()
                .progress_chars("=> "),
        );
        b.set_message(name.clone());
        b
    } else {
        ProgressBar::hidden()
    };

    let start = Instant::now();
    let schedule = w.rate.map(|rate| Schedule::new(start, w.producers, rate));
    let (verifier, latencies, producer_errors) = std::thread::scope(|s| {
        let handles: Vec<_> = senders
            .iter()
            .enumerate()
            .map(|(p, sender)| {
                let sent = sent.clone();
                let items = w.items();
                s.spawn(move || -> Result<(), String> {
                    for seq in 0..items {
                        if let Some(s) = &schedule {
                            s.wait(p, seq);
                        }
                        sent[p * items as usize + seq as usize]
                            .store(origin.elapsed().as_nanos() as u64, Ordering::Relaxed);
                        sender.enqueue(check::encode(p as u16, seq)).map_err(|e| e.to_string())?;
                    }
                    // The card: wait for the outcomes, storing refused items again.
                    sender.flush().map_err(|e| e.to_string())
                })
            })
            .collect();

        let mut v = Verdict::new(w.producers, w.items());
        let mut lat = Vec::with_capacity(total as usize);
        let mut buf = vec![0u64; 256];
        let mut quiet_since = Instant::now();
        while !v.complete() {
            let n = match receiver.dequeue_batch_timeout(&mut buf, Duration::from_millis(100)) {
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
    // The senders' last counts are in once they are gone (the seed's add theirs on drop).
    let Setup { name, senders, .. } = &mut setup;
    let name = std::mem::take(name);
    senders.clear();
    Ok(Outcome {
        name,
        items: verifier.received(),
        elapsed,
        latencies: Latencies::new(latencies),
        verdict: verifier.summary(),
        operations: setup.operations(),
        overflows: setup.overflows(),
        switches: setup.switches(),
        refused: setup.refused(),
        offered_rate: w.rate,
        link: setup.link_lines(),
    })
}
