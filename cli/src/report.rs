//! What `demo`, `bench`, `synth` and `wave` print.

use crate::args::Workload;
use crate::run::{self, Outcome};
use crate::stats::fmt_ns;
use crate::systems::{self, Kind};
use crate::table;
use renq_sim::EngineKind;
use std::io::IsTerminal;

fn summary_rows(o: &Outcome) -> Vec<Vec<String>> {
    let mut rows = vec![
        vec!["items".into(), o.items.to_string()],
        vec!["elapsed".into(), format!("{:.3} s", o.elapsed.as_secs_f64())],
        vec!["throughput".into(), format!("{:.0} items/s", o.throughput())],
        vec!["latency p50".into(), fmt_ns(o.latencies.percentile(50.0))],
        vec!["latency p99".into(), fmt_ns(o.latencies.percentile(99.0))],
        vec!["overflows handled".into(), o.overflows.to_string()],
    ];
    for (name, _) in &o.operations {
        rows.push(vec![format!("{name} per enqueue"), format!("{:.3}", o.per_enqueue(name).unwrap_or(0.0))]);
    }
    rows
}

pub fn demo(w: &Workload) -> Result<bool, String> {
    let setup = systems::setup(w, w.kind())?;
    println!(
        "renq demo: {} nodes, {} producers x {} items into queue 0 on node 0 (2^{} words), {}",
        w.nodes,
        w.producers,
        w.items(),
        w.queue_log2,
        setup.name
    );
    let o = run::run(w, setup, std::io::stderr().is_terminal())?;
    print!("{}", table::render(&["measure", "value"], &summary_rows(&o)));
    println!("{}", o.verdict.line());
    Ok(o.verdict.ok())
}

/// Operation columns of the bench table: (label, the operation names that make it up).
const BENCH_OPS: [(&str, &[&str]); 4] = [
    ("stores/enq", &["BAR stores"]),
    ("packets/enq", &["packets"]),
    ("verbs ops/enq", &["verbs reads", "verbs writes", "verbs FAAs", "verbs CASes"]),
    ("dep. round trips/enq", &["dependent round trips"]),
];

pub fn bench(w: &Workload) -> Result<bool, String> {
    println!(
        "renq bench: {} nodes, {} producers x {} items, queue 2^{} words, every system in turn",
        w.nodes,
        w.producers,
        w.items(),
        w.queue_log2
    );
    let engines = EngineKind::ALL.iter().map(|(e, _)| *e).filter(|e| e.available());
    let kinds: Vec<Kind> = engines.map(Kind::Card).chain([Kind::RdmaSeed, Kind::RdmaFast]).collect();
    let mut outcomes = Vec::new();
    for kind in kinds {
        let setup = systems::setup(w, kind)?;
        eprintln!("running {} ...", setup.name);
        outcomes.push(run::run(w, setup, std::io::stderr().is_terminal())?);
    }
    let card_tput = outcomes[0].throughput();
    let mut header = vec!["system", "items/s", "vs card (model)", "p50", "p99"];
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
    print!("{}", table::render(&header, &rows));
    println!(
        "note: the rdma rows run over shared memory, so a dependent round trip costs ~0.1 µs here \
         against 1.5-2.3 µs on a real NIC; compare their operations per enqueue, not their speed \
         (`cargo run --release -p renq-rdma --bin rdma-bench -- --rtt-ns 2000` adds NIC-like latency)."
    );
    for o in &outcomes {
        println!("{}: {}", o.name, o.verdict.line());
    }
    Ok(outcomes.iter().all(|o| o.verdict.ok()))
}

/// The checked-in Verilog flow, found from this crate's source location.
fn verilog_out() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../verilog-out")
}

pub fn synth() -> Result<bool, String> {
    let dir = verilog_out();
    eprintln!("running make -C {} synth (yosys synth_ice40 + nextpnr-ice40 --hx8k) ...", dir.display());
    let status = std::process::Command::new("make")
        .arg("-C")
        .arg(&dir)
        .arg("synth")
        .status()
        .map_err(|e| format!("cannot run make (install it with scripts/setup): {e}"))?;
    if !status.success() {
        return Err(format!("the synthesis flow failed ({status}); see its output above"));
    }
    let report = dir.join("REPORT.md");
    let text = std::fs::read_to_string(&report).map_err(|e| format!("{}: {e}", report.display()))?;
    print!("{text}");
    Ok(true)
}

#[cfg(feature = "hardware")]
pub fn wave(out: &str) -> Result<bool, String> {
    let (vcd, svg) = crate::wave::write(out)?;
    println!("wrote {vcd} (open with: gtkwave {vcd}) and {svg}: one enqueue through LD0 RD0 WR0 RD1 WR1");
    Ok(true)
}

#[cfg(not(feature = "hardware"))]
pub fn wave(_: &str) -> Result<bool, String> {
    Err("this renq was built without its `hardware` feature (the RTL simulator): no waveforms".into())
}
