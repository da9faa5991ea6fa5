//! What `demo`, `bench`, `synth` and `wave` print.

use crate::args::Workload;
use crate::run::{self, Outcome};
use crate::stats::fmt_ns;
use crate::systems;
use crate::table;
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
    if o.switches > 0 {
        rows.push(vec!["switches into a spare".into(), o.switches.to_string()]);
    }
    if o.refused > 0 {
        // Each stall refuses what is in flight once (spec §7c): at most the senders' windows.
        let per_stall = o.refused as f64 / o.overflows.max(1) as f64;
        rows.push(vec!["refusals per stall".into(), format!("{per_stall:.0} ({} refused in all)", o.refused)]);
    }
    for &(name, total) in &o.operations {
        let per = o.per_enqueue(name).unwrap_or(0.0);
        // A rare operation (the card's HEAD reads with the head doorbell) would show as 0.000.
        let value = if total > 0 && per < 0.01 { format!("{per:.3} ({total} in all)") } else { format!("{per:.3}") };
        rows.push(vec![format!("{name} per enqueue"), value]);
    }
    rows
}

/// Share of the offered rate a paced run must reach to count as achieved: the run also waits
/// for the last item to arrive, so it takes a little longer than items / rate.
const ACHIEVED_SHARE: f64 = 0.95;

/// Whether a paced run kept up with `--rate`.
fn rate_line(offered: u64, actual: f64) -> String {
    let verdict = if actual >= ACHIEVED_SHARE * offered as f64 {
        "achieved".to_string()
    } else {
        "NOT achieved: the path is slower than the offered rate, so latency includes queueing".to_string()
    };
    format!("offered rate: {offered} items/s, actual: {actual:.0} items/s ({verdict})")
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
    if let Some(rate) = o.offered_rate {
        println!("{}", rate_line(rate, o.throughput()));
    }
    for line in &o.link {
        println!("{line}");
    }
    println!("{}", o.verdict.line());
    Ok(o.verdict.ok())
}

/// The checked-in Verilog flow, found from this crate's source location.
pub fn verilog_out() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../verilog-out")
}

pub fn synth() -> Result<bool, String> {
    let dir = verilog_out();
    eprintln!("running make -C {} -j2 synth (iCE40-HX8K and ECP5-85F, placer seeds 1-5; minutes) ...", dir.display());
    let status = std::process::Command::new("make")
        .arg("-C")
        .arg(&dir)
        .args(["-j2", "synth"])
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

#[cfg(test)]
mod tests {
    #[test]
    fn rate_line_says_whether_the_rate_was_kept() {
        let kept = super::rate_line(20_000, 19_990.0);
        assert!(kept.contains("offered rate: 20000 items/s, actual: 19990 items/s (achieved)"), "{kept}");
        assert!(super::rate_line(20_000, 5_000.0).contains("NOT achieved"));
    }
}
