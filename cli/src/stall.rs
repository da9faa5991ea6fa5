//! `renq load`'s consumer-stop run (issue 29, point 4): paced producers on nodes 1..3 send to a
//! queue on node 0 whose memory limit is small; the consumer stops for a second, so the queue
//! fills its limit and stalls (the system's back-pressure, spec §9c), the senders are held until
//! the stall's end (stall notices, spec §7c), and the consumer comes back. Printed: every item
//! verified, the stalls and the card's refusals per stall against the senders' windows, and how
//! soon after the consumer's return the producers' enqueues are back at the offered rate.

use renq::check::{encode, Verdict};
use renq::{Node, QueueConfig, UNCONFIRMED_MAX};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

use crate::pace::Schedule;

/// The run's shape: 8 producers paced at 100 000 items/s in all for 3 s, into 2^6-word
/// buffers limited to 256 KiB (about 30 000 items: full a third of a second into the stop).
pub struct Plan {
    pub producers: usize,
    pub rate: u64,
    pub seconds: u64,
    pub log2_words: u32,
    pub max_bytes: u64,
    /// The consumer stops at `stop_at` for `stop_for`.
    pub stop_at: Duration,
    pub stop_for: Duration,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            producers: 8,
            rate: 100_000,
            seconds: 3,
            log2_words: 6,
            max_bytes: 256 << 10,
            stop_at: Duration::from_secs(1),
            stop_for: Duration::from_secs(1),
        }
    }
}

/// What the run measured.
pub struct Stopped {
    pub verdict: renq::check::Summary,
    pub stalls: u64,
    pub refused: u64,
    /// Every producer's ring of unconfirmed items, in all.
    pub windows: u64,
    /// From the consumer's return to the first 1 ms in which the producers' enqueues reach
    /// the offered rate; None if they never do.
    pub recovered: Option<Duration>,
}

const NODES: usize = 4;
const QUEUE: u16 = 0;
const MEMORY_BYTES: usize = 64 << 20;
/// The window over which the producers' rate counts as recovered.
const RATE_WINDOW: Duration = Duration::from_millis(1);

pub fn run(plan: &Plan) -> Result<Stopped, String> {
    let config =
        ClusterConfig { nodes: NODES, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes: MEMORY_BYTES };
    let c = Cluster::try_new(config).map_err(|e| format!("cluster: {e}"))?;
    let nodes: Vec<Node> =
        (0..NODES).map(|i| Node::new(c.card(i)).map_err(|e| format!("node {i}: {e}"))).collect::<Result<_, _>>()?;
    let limit = QueueConfig::new(plan.log2_words).with_max_bytes(plan.max_bytes);
    let rx = nodes[0].create_queue_with(QUEUE, limit).map_err(|e| format!("queue: {e}"))?;
    let senders = (0..plan.producers)
        .map(|p| nodes[1 + p % (NODES - 1)].sender(0, QUEUE).map_err(|e| format!("sender {p}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let before = nodes[0].metrics().card;
    let per_producer = plan.rate * plan.seconds / plan.producers as u64;
    let start = Instant::now();
    let schedule = Schedule::new(start, plan.producers, plan.rate);
    let (verdict, returned, done) = std::thread::scope(|s| {
        let handles: Vec<_> = senders
            .iter()
            .enumerate()
            .map(|(p, tx)| {
                s.spawn(move || -> Result<Vec<Duration>, String> {
                    let mut done = Vec::with_capacity(per_producer as usize);
                    for seq in 0..per_producer {
                        schedule.wait(p, seq);
                        tx.enqueue(encode(p as u16, seq)).map_err(|e| e.to_string())?;
                        done.push(start.elapsed());
                    }
                    tx.flush().map_err(|e| e.to_string())?;
                    Ok(done)
                })
            })
            .collect();
        let mut v = Verdict::new(plan.producers, per_producer);
        let (mut buf, mut stopped, mut returned) = (vec![0u64; 256], false, Duration::ZERO);
        let mut quiet = Instant::now();
        while !v.complete() && quiet.elapsed() < Duration::from_secs(10) {
            if !stopped && start.elapsed() >= plan.stop_at {
                std::thread::sleep(plan.stop_for);
                (stopped, returned) = (true, start.elapsed());
            }
            match rx.dequeue_batch_timeout(&mut buf, Duration::from_millis(10)) {
                Ok(0) => {}
                Ok(n) => {
                    quiet = Instant::now();
                    for &item in &buf[..n] {
                        let _ = v.feed(item); // the verdict counts what is lost, duplicated or out of order
                    }
                }
                Err(e) => return Err(format!("consumer: {e}")),
            }
        }
        let mut done = Vec::new();
        for h in handles {
            done.extend(h.join().map_err(|_| "a producer panicked".to_string())??);
        }
        Ok((v.summary(), returned, done))
    })?;
    let card = nodes[0].metrics().card.since(&before);
    Ok(Stopped {
        verdict,
        stalls: card.overflows,
        refused: card.refused,
        windows: (plan.producers * UNCONFIRMED_MAX) as u64,
        recovered: recovered_after(done, returned, plan.rate),
    })
}

/// The first moment at or after `returned` from which the enqueues `done` (completion times)
/// reach `rate` over `RATE_WINDOW`, as the time since `returned`.
fn recovered_after(mut done: Vec<Duration>, returned: Duration, rate: u64) -> Option<Duration> {
    done.sort_unstable();
    let need = (rate as u128 * RATE_WINDOW.as_nanos() / 1_000_000_000).max(1) as usize;
    let first = done.partition_point(|&t| t < returned);
    let after = &done[first..];
    (0..after.len().saturating_sub(need - 1))
        .find(|&i| after[i + need - 1] - after[i] < RATE_WINDOW)
        .map(|i| after[i] - returned)
}

/// The report's lines.
pub fn lines(plan: &Plan, s: &Stopped) -> Vec<String> {
    let per_stall = s.refused as f64 / s.stalls.max(1) as f64;
    let within = if per_stall <= s.windows as f64 { "within" } else { "MORE than" };
    vec![
        format!(
            "== the consumer stops for {:?}: {} producers paced at {} items/s, 2^{}-word buffers, queue limit {} KiB ==",
            plan.stop_for,
            plan.producers,
            plan.rate,
            plan.log2_words,
            plan.max_bytes >> 10
        ),
        s.verdict.line(),
        format!("stalls: {}, refusals per stall: {per_stall:.0} ({within} the senders' windows, {})", s.stalls, s.windows),
        match s.recovered {
            Some(t) => format!("paced rate recovered: {:.1} ms after the consumer's return", t.as_secs_f64() * 1e3),
            None => "paced rate recovered: NOT after the consumer's return".to_string(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_is_the_first_window_at_the_rate_after_the_return() {
        let ms = Duration::from_millis;
        let us = Duration::from_micros;
        // 10 items/ms wanted (10 000 items/s); sparse before and just after the return at 5 ms,
        // dense from 7 ms.
        let mut done: Vec<Duration> = vec![ms(1), ms(2), ms(6)];
        done.extend((0..20).map(|i| ms(7) + us(50 * i)));
        assert_eq!(recovered_after(done.clone(), ms(5), 10_000), Some(ms(2)));
        assert_eq!(recovered_after(done, ms(5), 100_000), None, "never 100 in a millisecond");
        assert_eq!(recovered_after(Vec::new(), ms(5), 10), None);
    }

    /// A short run (the consumer stops for 300 ms) holds its promises: everything verified,
    /// at least one stall at the limit, its refusals within the windows, the rate back.
    #[test]
    fn a_short_consumer_stop_loses_nothing_and_recovers() {
        let plan = Plan {
            seconds: 1,
            rate: 20_000,
            max_bytes: 16 << 10,
            stop_at: Duration::from_millis(200),
            stop_for: Duration::from_millis(300),
            ..Plan::default()
        };
        let s = run(&plan).unwrap();
        let l = lines(&plan, &s);
        eprintln!("{}", l.join("\n"));
        assert!(s.verdict.ok(), "{}", s.verdict.line());
        assert!(s.stalls >= 1, "the queue reached its limit and stalled");
        assert!(s.refused <= s.stalls * s.windows);
        assert!(s.recovered.is_some(), "{l:?}");
    }
}
