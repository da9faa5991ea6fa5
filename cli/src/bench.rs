//! `renq bench`: every system on the same workload, one after another. Prints the wall-clock
//! table, then modeled figures (each with what it assumes), and writes the SVG plot.

use crate::args::Workload;
use crate::modeled;
use crate::plot::{self, Bar, Basis, Figures};
use crate::run::{self, Outcome};
use crate::stats::fmt_ns;
use crate::systems::{self, fmt_rtt, Kind};
use crate::table;
use renq_sim::engine::speed;
use renq_sim::{CardKind, EngineKind};
use std::io::IsTerminal;
use std::path::Path;
use std::time::Duration;

/// Operation columns of the bench table: (label, the operation names that make it up).
const BENCH_OPS: [(&str, &[&str]); 5] = [
    ("stores/enq", &["BAR stores"]),
    ("packets/enq", &["packets"]),
    ("card mem reads/enq", &["card memory reads"]),
    ("verbs ops/enq", &["verbs reads", "verbs writes", "verbs FAAs", "verbs CASes"]),
    ("dep. round trips/enq", &["dependent round trips"]),
];

const ROUND_TRIPS: &str = "dependent round trips";

/// Memory latencies (wait cycles per access) the card's modeled rows are stated at: none, and
/// about a PCIe round trip (100 cycles ≈ 1 µs at ~100 MHz).
const MODELED_LATENCIES: [u32; 2] = [0, 100];

pub fn bench(w: &Workload, plot_path: &Path) -> Result<bool, String> {
    println!(
        "renq bench: {} nodes, {} producers x {} items, queue 2^{} words, every system in turn",
        w.nodes,
        w.producers,
        w.items(),
        w.queue_log2
    );
    // The paper card on every engine this build has, the card where it runs, then the RDMA rows.
    let engines = EngineKind::ALL.iter().map(|(e, _)| *e).filter(|e| e.available());
    let paper = engines.clone().map(|e| Kind::Card(CardKind::Paper, e));
    let card = engines.filter(|&e| CardKind::Renq.available_on(e)).map(|e| Kind::Card(CardKind::Renq, e));
    let kinds: Vec<Kind> = paper.chain(card).chain([Kind::RdmaSeed, Kind::RdmaFast]).collect();
    let mut outcomes = Vec::new();
    for &kind in &kinds {
        let setup = systems::setup(w, kind)?;
        eprintln!("running {} ...", setup.name);
        outcomes.push(run::run(w, setup, std::io::stderr().is_terminal())?);
    }
    print!("{}", wall_clock_table(&outcomes));
    let row = |k| kinds.iter().position(|&x| x == Kind::Card(CardKind::Paper, k)).map(|i| outcomes[i].throughput());
    if let (Some(v), Some(r)) = (row(EngineKind::Verilator), row(EngineKind::Rtl)) {
        println!(
            "note: paper card (verilator engine) ran {:.0}x the items/s of paper card (rtl engine) in this run",
            v / r
        );
    }
    let rtt = w.rdma_rtt();
    let how = if rtt.is_zero() {
        "at shared-memory speed (--rdma-rtt-ns 0): compare their operations per enqueue, not their speed".into()
    } else {
        format!("wait {} per dependent round trip of each producer, as on a NIC (--rdma-rtt-ns)", fmt_rtt(rtt))
    };
    println!("note: items/s above are wall-clock on this machine's simulator; the rdma rows {how}.");
    if let Some(rate) = w.rate {
        println!("note: producers paced at {rate} items/s in total (--rate): a row near it kept up, its p50/p99 is the path's");
    }

    print_engine_speeds();

    if cfg!(feature = "hardware") {
        eprintln!("measuring the receiver's cycles per enqueue on the RTL ...");
    }
    let reports = crate::report::verilog_out();
    let cards = [
        CardBasis {
            name: "paper card",
            cycles: crate::cycles::measure_paper(&MODELED_LATENCIES),
            fmax: modeled::read_fmax(&reports.join("REPORT.md"), modeled::FMAX_PAPER_LINE),
            fmax_of: "the whole paper card on iCE40-HX8K, median of the placer seeds, verilog-out/REPORT.md",
        },
        CardBasis {
            name: "renq card",
            cycles: crate::cycles::measure(&MODELED_LATENCIES),
            fmax: modeled::read_fmax(&reports.join("REPORT.md"), modeled::FMAX_CARD_LINE),
            fmax_of: "the node (renq_node: the whole card and its link end) on ECP5-85F, median of the \
                      placer seeds, verilog-out/REPORT.md; it does not fit the iCE40-HX8K",
        },
    ];
    let models = modeled_rows(&outcomes, &cards, rtt);
    print_modeled(&cards, &models);

    let figures = Figures {
        title: format!("renq bench: {} nodes, {} producers x {} items", w.nodes, w.producers, w.items()),
        cycles_paper: cards[0].cycles.clone(),
        cycles: cards[1].cycles.clone(),
        bars: bars(&outcomes, &models.rows),
        notes: models.notes.clone(),
    };
    plot::write(plot_path, &figures)?;
    println!("plot: wrote {}", plot_path.display());
    for o in &outcomes {
        println!("{}: {}", o.name, o.verdict.line());
    }
    Ok(outcomes.iter().all(|o| o.verdict.ok()))
}

/// Items the fast engines are timed on by themselves (the RTL engine gets a hundredth).
const ENGINE_SPEED_ITEMS: u64 = 200_000;

/// Each engine by itself (no cluster around it): items/s and simulated cycles/s, and how many
/// times faster the Verilator model of the Verilog runs than the RustHDL simulation.
fn print_engine_speeds() {
    eprintln!("timing each card engine by itself ...");
    let mut speeds = Vec::new();
    for kind in EngineKind::ALL.iter().map(|(k, _)| *k).filter(|k| k.available()) {
        for card in [CardKind::Paper, CardKind::Renq] {
            match speed::measure_card(card, kind, speed::items_for_card(card, kind, ENGINE_SPEED_ITEMS)) {
                Ok(s) => {
                    s.lines().iter().for_each(|l| println!("engine speed: {l}"));
                    speeds.push(s);
                }
                Err(e) => println!("engine speed: engine {kind} ({card} card): not measured: {e}"),
            }
        }
    }
    for card in [CardKind::Paper, CardKind::Renq] {
        let rate = |k| speeds.iter().find(|s| s.engine == k && s.card == card).map(|s| s.items_per_s());
        if let (Some(v), Some(r)) = (rate(EngineKind::Verilator), rate(EngineKind::Rtl)) {
            println!(
                "engine speed: verilator / rtl = {:.0}x on the {} (the same Verilog, compiled vs the RustHDL simulation)",
                v / r,
                card.spec().title
            );
        }
    }
}

fn wall_clock_table(outcomes: &[Outcome]) -> String {
    let card_tput = outcomes[0].throughput();
    let mut header = vec!["system", "items/s", "vs paper card (model)", "p50", "p99"];
    header.extend(BENCH_OPS.iter().map(|(label, _)| *label));
    header.push("verified");
    let rows: Vec<Vec<String>> = outcomes
        .iter()
        .map(|o| {
            let mut r = vec![
                o.name.clone(),
                format!("{:.0}", o.throughput()),
                format!("{:.3}x", o.throughput() / card_tput),
                fmt_ns(o.latencies.percentile(50.0)),
                fmt_ns(o.latencies.percentile(99.0)),
            ];
            for (_, ops) in BENCH_OPS {
                let per: Vec<f64> = ops.iter().filter_map(|op| o.per_enqueue(op)).collect();
                r.push(if per.is_empty() { "-".into() } else { format!("{:.2}", per.iter().sum::<f64>()) });
            }
            r.push(if o.verdict.ok() { "ok".into() } else { o.verdict.line() });
            r
        })
        .collect();
    table::render(&header, &rows)
}

/// A modeled figure and what it rests on.
#[derive(Clone, Debug)]
pub struct ModelRow {
    pub label: String,
    pub items_per_s: f64,
    pub basis: String,
}

pub struct Models {
    pub rows: Vec<ModelRow>,
    /// What is missing, or assumed, in words.
    pub notes: Vec<String>,
}

/// What a card's modeled rows rest on: its receiver's RTL-measured cycles per enqueue at the
/// modeled latencies, and its median Fmax from the synthesis report.
pub struct CardBasis {
    pub name: &'static str,
    pub cycles: Result<Vec<(u32, f64)>, String>,
    pub fmax: Result<f64, String>,
    /// Whose Fmax it is: the design, the part, the seeds and the report.
    pub fmax_of: &'static str,
}

/// The modeled figures: each card at its Fmax over its measured cycles, one RDMA producer at
/// the RTT.
pub fn modeled_rows(outcomes: &[Outcome], cards: &[CardBasis], rtt: Duration) -> Models {
    let mut m = Models { rows: Vec::new(), notes: Vec::new() };
    for card in cards {
        match (&card.cycles, &card.fmax) {
            (Err(e), _) | (_, Err(e)) => m.notes.push(format!("no modeled {} rows: {e}", card.name)),
            (Ok(cycles), Ok(mhz)) => {
                for l in MODELED_LATENCIES {
                    let Some(&(_, c)) = cycles.iter().find(|(at, _)| *at == l) else { continue };
                    let wait =
                        if l == 0 { "no wait".into() } else { format!("{:.2} µs per access at Fmax", l as f64 / mhz) };
                    m.rows.push(ModelRow {
                        label: format!("{}, L = {l} ({wait})", card.name),
                        items_per_s: modeled::card_items_per_s(*mhz, c),
                        basis: format!("Fmax {mhz} MHz ({}) / {c:.3} cycles per enqueue (RTL)", card.fmax_of),
                    });
                }
            }
        }
    }
    for o in outcomes {
        let Some(rts) = o.per_enqueue(ROUND_TRIPS) else { continue };
        match modeled::rdma_items_per_s(rts, rtt) {
            Some(v) => m.rows.push(ModelRow {
                label: format!("{}, one producer", o.name),
                items_per_s: v,
                basis: format!("1 / ({rts:.2} dependent round trips x {})", fmt_rtt(rtt)),
            }),
            None => m.notes.push(format!("no modeled row for {}: no round trip time to model from", o.name)),
        }
    }
    if !m.rows.is_empty() {
        m.notes.push(
            "modeled rows: a card's is its receiver's rate, all producers together; an rdma one is one producer's \
             (producers overlap their round trips; NIC and consumer limits are not modeled)"
                .into(),
        );
    }
    m
}

fn print_modeled(cards: &[CardBasis], m: &Models) {
    for card in cards {
        match &card.cycles {
            Ok(c) => {
                let at: Vec<String> = c.iter().map(|(l, c)| format!("L={l}: {c:.3}")).collect();
                println!(
                    "measured: {} receiver cycles/enqueue (back-to-back packets, RTL, steady state): {}",
                    card.name,
                    at.join(", ")
                );
            }
            Err(e) => println!("measured: {} receiver cycles/enqueue skipped: {e}", card.name),
        }
    }
    for r in &m.rows {
        println!("modeled: {}: {} items/s = {}", r.label, plot::human(r.items_per_s), r.basis);
    }
    for n in &m.notes {
        println!("note: {n}");
    }
}

fn bars(outcomes: &[Outcome], modeled: &[ModelRow]) -> Vec<Bar> {
    let wall = outcomes.iter().map(|o| Bar {
        label: format!("{} (wall-clock)", o.name),
        items_per_s: o.throughput(),
        basis: Basis::WallClock,
    });
    let model = modeled.iter().map(|r| Bar {
        label: format!("{} (modeled)", r.label),
        items_per_s: r.items_per_s,
        basis: Basis::Modeled,
    });
    wall.chain(model).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Latencies;

    fn outcome(name: &str, secs: f64, ops: Vec<(&'static str, u64)>) -> Outcome {
        Outcome {
            name: name.into(),
            items: 100,
            elapsed: Duration::from_secs_f64(secs),
            latencies: Latencies::new(vec![1000, 2000]),
            verdict: renq::check::Verdict::new(1, 100).summary(),
            operations: ops,
            overflows: 0,
            switches: 0,
            refused: 0,
            offered_rate: None,
            link: Vec::new(),
        }
    }

    fn paper(cycles: Result<Vec<(u32, f64)>, String>, fmax: Result<f64, String>) -> CardBasis {
        CardBasis { name: "paper card", cycles, fmax, fmax_of: "the whole paper card on iCE40-HX8K" }
    }

    fn synthetic() -> Vec<Outcome> {
        vec![
            outcome("paper card (model engine)", 0.001, vec![("BAR stores", 100)]),
            outcome("rdma seed (shm, 2 µs RTT)", 0.01, vec![(ROUND_TRIPS, 500)]),
        ]
    }

    #[test]
    fn modeled_rows_follow_their_inputs() {
        let cycles = Ok(vec![(0, 5.0), (1, 9.0), (100, 405.0)]);
        let m = modeled_rows(&synthetic(), &[paper(cycles.clone(), Ok(100.0))], Duration::from_micros(2));
        let values: Vec<f64> = m.rows.iter().map(|r| r.items_per_s).collect();
        // 100 MHz / 5 cycles; 100 MHz / 405 cycles; 1 / (5 round trips × 2 µs).
        assert_eq!(values.len(), 3);
        assert_eq!(values[0], 20e6);
        assert!((values[1] - 1e8 / 405.0).abs() < 1e-6);
        assert!((values[2] - 1e5).abs() < 1e-6);
        assert!(m.rows[2].basis.contains("5.00 dependent round trips x 2 µs"));

        // No Fmax: no card rows, and a note saying why; no RTT: no rdma row.
        let m = modeled_rows(&synthetic(), &[paper(cycles, Err("REPORT.md: no Fmax".into()))], Duration::ZERO);
        assert!(m.rows.is_empty());
        assert!(m.notes.iter().any(|n| n.contains("no Fmax")));
        assert!(m.notes.iter().any(|n| n.contains("no round trip time")));
    }

    #[test]
    fn plot_names_every_series() {
        let outcomes = synthetic();
        let cycles = Ok(vec![(0, 5.0), (3, 17.0)]);
        let m = modeled_rows(&outcomes, &[paper(cycles.clone(), Ok(100.0))], Duration::from_micros(2));
        let path = std::env::temp_dir().join(format!("renq-plot-test-{}.svg", std::process::id()));
        let card = Ok(vec![(0, 1.133), (3, 1.133)]);
        let f = Figures {
            title: "t".into(),
            cycles_paper: cycles,
            cycles: card,
            bars: bars(&outcomes, &m.rows),
            notes: m.notes.clone(),
        };
        plot::write(&path, &f).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
        for name in [
            "paper card (model engine) (wall-clock)",
            "rdma seed (shm, 2 µs RTT) (wall-clock)",
            "paper card, L = 0",
            "rdma seed (shm, 2 µs RTT), one producer (modeled)",
            plot::PAPER_CARD,
            plot::CARD,
            Basis::WallClock.legend(),
            Basis::Modeled.legend(),
        ] {
            assert!(svg.contains(name), "the plot does not name {name:?}");
        }

        // Without the RTL panel the plot is still written, and says why.
        let no = || Err("no hardware".to_string());
        let f = Figures { title: "t".into(), cycles_paper: no(), cycles: no(), bars: vec![], notes: vec![] };
        plot::write(&path, &f).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(svg.contains("not measured: no hardware"));
    }
}
