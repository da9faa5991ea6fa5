//! `renq load` (issue 29, point 4): the card against the paper card across loads. For each
//! queue size × producer count, `renq demo`'s workload (the same set-up, harness and checks:
//! `systems::setup`, `run::run`) runs on the paper card and on the card (model engine), first
//! unpaced, then paced at half the paper card's unpaced rate of that configuration in this run.
//! Per configuration it prints a header line and the card's stores and packets per enqueue, the
//! ratio of the two cards' items/s and each card's store-to-dequeue latency p50/p99. Then, on
//! the card only, the consumer-stop run (`stall`): the consumer stops for 1 s with the queue at
//! its memory limit.

use crate::args::Workload;
use crate::run::{self, Outcome};
use crate::stats::fmt_ns;
use crate::systems::{self, Kind};
use clap::Args;
use renq_sim::{CardKind, EngineKind};
use std::io::IsTerminal;

#[derive(Args, Debug, Clone)]
pub struct LoadArgs {
    /// Items each producer enqueues in each run (a configuration of P producers moves P × N
    /// items per card and pacing). The default keeps the whole report to a few minutes on two
    /// cores; the card on a 2^3-word queue with 32 producers is the slowest run.
    #[arg(long, default_value_t = 2000, value_name = "N")]
    pub items: u64,
    /// log2 of the queue's buffer size in 64-bit words, one configuration each (comma
    /// separated, each in 3..=16).
    #[arg(long = "queue-log2", value_name = "LIST", value_delimiter = ',', default_value = "3,6,10,14")]
    pub queue_log2: Vec<u32>,
    /// Producer counts, one configuration each (comma separated, each at least 1), spread over
    /// nodes 1..3 of the 4-node cluster as in `renq demo`.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "1,8,32")]
    pub producers: Vec<usize>,
    /// Skip the paced runs (producers offering half the paper card's unpaced rate).
    #[arg(long = "no-paced")]
    pub no_paced: bool,
    /// Skip the consumer-stop run (the card only: the consumer stops for 1 s with the queue
    /// at its memory limit; about 3 s).
    #[arg(long = "no-consumer-stop")]
    pub no_consumer_stop: bool,
    /// Rounds per configuration and pacing, each the paper card then the card; the printed
    /// ratio is the median of the rounds' ratios (a busy machine moves single runs a lot).
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub rounds: usize,
    /// Shortest unpaced paper-card run, in ms: a configuration whose first unpaced paper run
    /// is shorter gets proportionally more items per producer (up to 1 000 × --items), so
    /// start-up does not decide the ratio. 0 keeps --items as given.
    #[arg(long = "min-run-ms", default_value_t = 200, value_name = "MS")]
    pub min_run_ms: u64,
}

/// Most producers a configuration may have: each is a thread, on a machine of a few cores.
const MAX_PRODUCERS: usize = 1024;

/// One configuration's workload: `renq demo`'s defaults with its queue size, producers and
/// items, and `--rate` when paced (the card is set per run).
fn workload(items: u64, queue_log2: u32, producers: usize, rate: Option<u64>) -> Workload {
    let mut w = Workload::demo_defaults(items);
    w.queue_log2 = queue_log2;
    w.producers = producers;
    w.engine = EngineKind::Model;
    w.rate = rate;
    w
}

impl LoadArgs {
    /// Rejects settings that cannot run, with one line saying why (the demo's checks, per
    /// configuration).
    pub fn check(&self) -> Result<(), String> {
        if self.queue_log2.is_empty() || self.producers.is_empty() {
            return Err("--queue-log2 and --producers each need at least one value".into());
        }
        if let Some(p) = self.producers.iter().find(|&&p| p > MAX_PRODUCERS) {
            return Err(format!("--producers {p} is more than {MAX_PRODUCERS} (one thread each)"));
        }
        if self.rounds == 0 {
            return Err("--rounds must be at least 1".into());
        }
        for &q in &self.queue_log2 {
            for &p in &self.producers {
                for card in [CardKind::Paper, CardKind::Renq] {
                    Workload { card, ..workload(self.items, q, p, None) }.check()?;
                }
            }
        }
        Ok(())
    }
}

/// Both cards' runs of one configuration and pacing (the round whose ratio is the median),
/// with the worst stores and packets per enqueue the card had in any round.
struct Pair {
    card: Outcome,
    paper: Outcome,
    card_stores: Option<f64>,
    card_packets: Option<f64>,
    verified: bool,
}

/// Runs `w` on one card, its progress on the terminal.
fn run_on(w: &Workload, card: CardKind) -> Result<Outcome, String> {
    let w = Workload { card, ..w.clone() };
    let setup = systems::setup(&w, Kind::Card(card, EngineKind::Model))?;
    let o = run::run(&w, setup, std::io::stderr().is_terminal())?;
    if !o.verdict.ok() {
        eprintln!("{}: {}", o.name, o.verdict.line());
    }
    Ok(o)
}

/// The larger of two optional counts.
fn worst(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        (x, y) => x.or(y),
    }
}

/// `rounds` rounds of the paper card's run then the card's; the median round by ratio.
fn run_pair(w: &Workload, rounds: usize) -> Result<Pair, String> {
    let mut all = Vec::with_capacity(rounds);
    let (mut stores, mut packets, mut verified) = (None, None, true);
    for _ in 0..rounds {
        let paper = run_on(w, CardKind::Paper)?;
        let card = run_on(w, CardKind::Renq)?;
        stores = worst(stores, card.per_enqueue("BAR stores"));
        packets = worst(packets, card.per_enqueue("packets"));
        verified &= card.verdict.ok() && paper.verdict.ok();
        all.push((card.throughput() / paper.throughput(), card, paper));
    }
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (_, card, paper) = all.swap_remove(all.len() / 2);
    Ok(Pair { card, paper, card_stores: stores, card_packets: packets, verified })
}

/// Items per producer for one configuration: `--items`, or more if the paper card's unpaced
/// run of them is shorter than `--min-run-ms` (that run is the probe; its items are verified).
fn items_for(a: &LoadArgs, queue_log2: u32, producers: usize) -> Result<(u64, bool), String> {
    if a.min_run_ms == 0 {
        return Ok((a.items, true));
    }
    let probe = run_on(&workload(a.items, queue_log2, producers, None), CardKind::Paper)?;
    let min = a.min_run_ms as f64 / 1000.0;
    let took = probe.elapsed.as_secs_f64().max(1e-6);
    let scale = if took >= min { 1.0 } else { (min / took).ceil().min(1000.0) };
    Ok(((a.items as f64 * scale) as u64, probe.verdict.ok()))
}

/// A count per enqueue, 3 decimals ("-" if the run did not count it).
fn fmt_per(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.3}"))
}

/// An operation's count per enqueue in one run.
fn per(o: &Outcome, op: &str) -> String {
    fmt_per(o.per_enqueue(op))
}

/// The report's lines of one configuration and pacing (after its header line).
fn lines(p: &Pair) -> Vec<String> {
    let (c, q) = (&p.card, &p.paper);
    let lat =
        |o: &Outcome| format!("{} / {}", fmt_ns(o.latencies.percentile(50.0)), fmt_ns(o.latencies.percentile(99.0)));
    vec![
        // The exact lines first (the card's figures), then the paper card's beside them.
        format!("stores per enqueue: {}", fmt_per(p.card_stores)),
        format!("packets per enqueue: {}", fmt_per(p.card_packets)),
        format!("items/s card/paper: {:.3}", c.throughput() / q.throughput()),
        format!("paper card: stores per enqueue {}, packets per enqueue {}", per(q, "BAR stores"), per(q, "packets")),
        format!("items/s: card {:.0}, paper {:.0}", c.throughput(), q.throughput()),
        format!("latency p50/p99 (card): {}", lat(c)),
        format!("latency p50/p99 (paper): {}", lat(q)),
    ]
}

/// Half a saturation rate, in whole items/s (at least 1).
fn half_rate(items_per_s: f64) -> u64 {
    ((items_per_s / 2.0).round() as u64).max(1)
}

fn print_block(header: &str, p: &Pair) {
    println!("{header}");
    for l in lines(p) {
        println!("{l}");
    }
    println!();
}

pub fn report(a: &LoadArgs) -> Result<bool, String> {
    a.check()?;
    let demo = Workload::demo_defaults(a.items);
    println!(
        "renq load: {} nodes, at least {} items per producer (more where the paper card's unpaced run would \
         take under {} ms), model engine; card = the renq card, paper = the paper's card; each figure is from \
         the median of {} rounds by items/s card/paper (stores and packets per enqueue: the worst round); \
         latency = store to dequeue; paced = half the paper card's unpaced items/s of the same configuration",
        demo.nodes, a.items, a.min_run_ms, a.rounds
    );
    println!();
    let mut all_verified = true;
    for &q in &a.queue_log2 {
        for &producers in &a.producers {
            let plural = if producers == 1 { "" } else { "s" };
            let name = format!("queue 2^{q} words, {producers} producer{plural}");
            eprintln!("running {name}: sizing ...");
            let (items, probe_ok) = items_for(a, q, producers)?;
            all_verified &= probe_ok;
            eprintln!("running {name}, {items} items per producer, unpaced ...");
            let unpaced = run_pair(&workload(items, q, producers, None), a.rounds)?;
            all_verified &= unpaced.verified;
            print_block(&format!("== {name}, unpaced, {items} items per producer =="), &unpaced);
            if a.no_paced {
                continue;
            }
            let rate = half_rate(unpaced.paper.throughput());
            eprintln!("running {name}, paced at {rate} items/s ...");
            let paced = run_pair(&workload(items, q, producers, Some(rate)), a.rounds)?;
            all_verified &= paced.verified;
            print_block(&format!("== {name}, paced at {rate} items/s (half the paper card's unpaced rate) =="), &paced);
        }
    }
    if !a.no_consumer_stop {
        eprintln!("running the consumer-stop run (about 3 s) ...");
        let plan = crate::stall::Plan::default();
        let s = crate::stall::run(&plan)?;
        for l in crate::stall::lines(&plan, &s) {
            println!("{l}");
        }
        println!();
        all_verified &= s.verdict.ok();
    }
    if all_verified {
        println!("verified: every run's items exactly once, FIFO per producer");
    } else {
        println!("NOT verified: some run lost, duplicated or reordered items (see above)");
    }
    Ok(all_verified)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Cli, Command};
    use clap::Parser;

    fn parse(args: &[&str]) -> LoadArgs {
        let mut v = vec!["renq", "load"];
        v.extend_from_slice(args);
        match Cli::try_parse_from(v).unwrap().command {
            Command::Load(a) => a,
            _ => unreachable!(),
        }
    }

    #[test]
    fn lists_parse_and_bad_values_are_refused() {
        let a = parse(&[]);
        assert_eq!(
            (a.queue_log2.as_slice(), a.producers.as_slice(), a.items, a.no_paced, a.no_consumer_stop, a.rounds),
            (&[3, 6, 10, 14][..], &[1, 8, 32][..], 2000, false, false, 3)
        );
        assert!(parse(&["--rounds", "0"]).check().unwrap_err().contains("--rounds must be at least 1"));
        assert!(a.check().is_ok());
        let a = parse(&["--queue-log2", "6,10", "--producers", "2", "--items", "50", "--no-paced"]);
        assert_eq!((a.queue_log2, a.producers, a.items, a.no_paced), (vec![6, 10], vec![2], 50, true));
        assert!(parse(&["--queue-log2", "6,17"]).check().unwrap_err().contains("--queue-log2 17 is outside"));
        assert!(parse(&["--producers", "8,0"]).check().unwrap_err().contains("--producers must be at least 1"));
        assert!(parse(&["--producers", "5000"]).check().unwrap_err().contains("more than 1024"));
        assert!(parse(&["--items", "0"]).check().unwrap_err().contains("--items must be at least 1"));
        assert!(Cli::try_parse_from(["renq", "load", "--queue-log2", "six"]).is_err());
    }

    #[test]
    fn half_rate_rounds_and_never_reaches_zero() {
        assert_eq!(half_rate(2001.0), 1001);
        assert_eq!(half_rate(0.4), 1);
    }
}
