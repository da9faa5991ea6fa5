//! The `renq` binary as a user meets it: the demo verifies its run, bad settings give one-line
//! errors (no panics), and help is there.

use std::process::{Command, Output};

fn renq(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_renq")).args(args).output().expect("run renq")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs renq, requires success, and returns what it printed.
fn stdout_of(args: &[&str]) -> String {
    let out = renq(args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{args:?} failed: {stdout}\n{}", text(&out.stderr));
    stdout
}

#[test]
fn demo_verifies_every_item_with_overflows() {
    let args = ["demo", "--card", "paper", "--nodes", "3", "--producers", "4", "--items", "3000", "--queue-log2", "5"];
    let stdout = stdout_of(&args);
    assert!(stdout.contains("verified: 12000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
    // A 32-word buffer holds 28 items, so 12 000 items must have overflowed many times.
    let overflows: u64 = stdout
        .lines()
        .find(|l| l.contains("overflows handled"))
        .and_then(|l| l.split('|').nth(2))
        .and_then(|v| v.trim().parse().ok())
        .expect("an overflows row");
    assert!(overflows > 10, "{stdout}");
    assert!(stdout.contains("| BAR stores per enqueue         | 1.000"), "{stdout}");
}

/// `renq link-goodput` runs every fault case over real UDP and prints the wire cost of a
/// packet: a lone packet takes a minimum frame (84 bytes on the wire), a burst shares frames.
#[test]
fn link_goodput_prints_the_wire_bytes_of_a_packet() {
    let stdout = stdout_of(&["link-goodput", "--items", "3000", "--seeds", "1"]);
    for case in ["| none ", "| 1 % drop ", "| 5 % drop ", "| 30 % reordered "] {
        assert!(stdout.contains(case), "{case}: {stdout}");
    }
    assert!(stdout.contains("verified: every run delivered every item exactly once"), "{stdout}");
    assert!(stdout.contains("wire bytes per packet at idle: 84.0"), "{stdout}");
    let saturated: f64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("wire bytes per packet at saturation: "))
        .and_then(|v| v.trim().parse().ok())
        .expect("the saturation line");
    assert!((18.0..84.0).contains(&saturated), "packets share frames under load: {saturated}");
}

#[test]
fn demo_on_the_rdma_fallback() {
    let stdout =
        stdout_of(&["demo", "--backend", "rdma-shm", "--producers", "3", "--items", "2000", "--queue-log2", "4"]);
    assert!(stdout.contains("verified: 6000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
}

#[test]
fn demo_with_a_process_per_card() {
    let stdout =
        stdout_of(&["demo", "--processes", "--nodes", "3", "--producers", "3", "--items", "1000", "--queue-log2", "5"]);
    assert!(stdout.contains("a process per card"), "{stdout}");
    assert!(stdout.contains("verified: 3000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
}

#[test]
fn demo_with_a_process_per_card_over_faulty_udp_links() {
    let faults = ["--link-drop", "0.05", "--link-dup", "0.01", "--link-reorder", "0.02", "--link-corrupt", "0.01"];
    let mut a = vec!["demo", "--processes", "--nodes", "3", "--producers", "3", "--items", "2000", "--queue-log2", "6"];
    a.extend_from_slice(&faults);
    let stdout = stdout_of(&a);
    assert!(stdout.contains("a process per card, linked over UDP"), "{stdout}");
    assert!(
        stdout.contains("node 0 link: DATA frames sent") && stdout.contains("node 1 link: faults injected"),
        "{stdout}"
    );
    assert!(stdout.contains("verified: 6000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
}

/// The card with a process per card, over faulty UDP links, with a queue small enough to
/// overflow and refuse: every item once, in order per producer.
#[test]
fn card_with_a_process_per_card_over_faulty_udp_links() {
    let faults = ["--link-drop", "0.05", "--link-dup", "0.01", "--link-reorder", "0.02", "--link-corrupt", "0.01"];
    let mut a = vec!["demo", "--card", "renq", "--processes", "--nodes", "3", "--producers", "3", "--items", "2000"];
    a.extend_from_slice(&["--queue-log2", "5"]);
    a.extend_from_slice(&faults);
    let stdout = stdout_of(&a);
    assert!(stdout.contains("card (model engine), a process per card, linked over UDP"), "{stdout}");
    assert!(stdout.contains("verified: 6000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
}

/// The card with and without the consumer head doorbell: verified either way; the card's
/// memory reads per enqueue are printed (how many depends on how far the producers outrun
/// the consumer: `host-lib/tests/card.rs` counts them exactly in a steady state).
#[test]
fn card_demo_with_and_without_head_doorbell() {
    for k in ["0", "16"] {
        let a = ["demo", "--card", "renq", "--nodes", "2", "--producers", "2", "--items", "3000", "--head-doorbell", k];
        let stdout = stdout_of(&a);
        assert!(stdout.contains("verified: 6000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
        assert!(stdout.contains("| card memory reads per enqueue "), "{stdout}");
    }
}

/// `renq overflow-cost` prints both cards' work per overflow; the card moves no item.
#[test]
fn overflow_cost_report_prints_both_cards() {
    let stdout = stdout_of(&["overflow-cost", "--seeds", "1"]);
    let row = |card: &str, words: &str| {
        stdout.lines().find(|l| l.starts_with(&format!("| {card} ")) && l.contains(words)).map(str::to_string)
    };
    for words in ["2^6 (60)", "2^12 (4092)"] {
        let card = row("renq", words).unwrap_or_else(|| panic!("no renq {words} row in {stdout}"));
        assert!(card.split('|').nth(4).is_some_and(|c| c.trim() == "0.0"), "the card moves nothing: {card}");
        assert!(row("paper", words).is_some(), "no paper {words} row in {stdout}");
    }
    assert!(stdout.contains("verified: every run took every item exactly once and in order"), "{stdout}");
}

/// `renq hol` prints queue B's rate alone and with queue A stalled, and their ratio.
#[test]
fn hol_report_prints_both_rates() {
    let stdout = stdout_of(&["hol", "--items", "2000", "--seeds", "1"]);
    for needle in ["| queue B alone ", "| queue B, queue A stalled ", "ratio with A stalled / alone", "verified: "] {
        assert!(stdout.contains(needle), "no {needle:?} in {stdout}");
    }
}

#[test]
fn impossible_settings_give_one_line_errors() {
    for (args, needle) in [
        (&["demo", "--nodes", "0"][..], "--nodes must be at least 1"),
        (&["demo", "--queue-log2", "20"][..], "16-bit indices"),
        (&["bench", "--producers", "0"][..], "--producers must be at least 1"),
        (&["demo", "--rate", "0"][..], "--rate must be at least 1 item/s"),
        (&["bench", "--plot", "bench.png"][..], "name a .svg file"),
        (&["bench", "--rdma-rtt-ns", "5000000"][..], "more than 1000000"),
        (&["demo", "--card", "paper", "--head-doorbell", "4"][..], "--head-doorbell is the card's"),
        (&["hol", "--seeds", "0"][..], "--items and --seeds must be at least 1"),
        (&["load", "--queue-log2", "6,20"][..], "--queue-log2 20 is outside"),
        (&["load", "--producers", "0"][..], "--producers must be at least 1"),
    ] {
        let out = renq(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"));
    }
    let bad = renq(&["demo", "--engine", "fpga"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("possible values: model, rtl"));
}

/// The value after `label` on the line that starts with it, up to " (" if any.
fn value_of<'a>(block: &'a [&'a str], label: &str) -> &'a str {
    let line = block.iter().find(|l| l.starts_with(label)).unwrap_or_else(|| panic!("no {label} line: {block:?}"));
    let v = &line[label.len()..];
    v.split(" (").next().unwrap().trim()
}

/// "12.5 µs" and the like (as `renq demo` prints latencies) in ns.
fn duration_ns(s: &str) -> f64 {
    let (num, unit) = s.split_once(' ').unwrap_or_else(|| panic!("no unit in {s:?}"));
    let scale = match unit {
        "ns" => 1.0,
        "µs" => 1e3,
        "ms" => 1e6,
        _ => panic!("unit {unit:?} in {s:?}"),
    };
    num.parse::<f64>().unwrap_or_else(|_| panic!("not a number: {s:?}")) * scale
}

#[test]
fn load_reports_both_cards_per_configuration() {
    let out = stdout_of(&[
        "load",
        "--queue-log2",
        "6",
        "--producers",
        "2",
        "--items",
        "300",
        "--rounds",
        "2",
        "--min-run-ms",
        "50",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    let headers = ["== queue 2^6 words, 2 producers, unpaced, ", "== queue 2^6 words, 2 producers, paced at "];
    // The configuration is sized so the paper card's unpaced run lasts at least 50 ms: never
    // fewer items than asked for.
    let sized = lines
        .iter()
        .find_map(|l| l.strip_prefix(headers[0])?.strip_suffix(" items per producer =="))
        .unwrap_or_else(|| panic!("no sized header: {out}"));
    assert!(sized.parse::<u64>().is_ok_and(|n| n >= 300), "{sized}: {out}");
    let paper_demo = stdout_of(&["demo", "--card", "paper", "--queue-log2", "6", "--producers", "2", "--items", "300"]);
    let paper_stores = paper_demo
        .lines()
        .find(|l| l.contains("BAR stores per enqueue"))
        .and_then(|l| l.split('|').nth(2))
        .map(|v| v.trim().to_string())
        .expect("the demo's stores row");
    for header in headers {
        let at = lines.iter().position(|l| l.starts_with(header)).unwrap_or_else(|| panic!("no {header}: {out}"));
        let block = &lines[at + 1..(at + 8).min(lines.len())];
        let num = |label| value_of(block, label).parse::<f64>().unwrap_or_else(|_| panic!("{label}: {out}"));
        let (stores, packets, ratio) =
            (num("stores per enqueue: "), num("packets per enqueue: "), num("items/s card/paper: "));
        assert!(stores >= 1.0 && packets >= 1.0 && stores >= packets, "{header}: {out}");
        assert!(ratio > 0.0 && ratio.is_finite(), "{header}: {out}");
        // The paper card's figure, printed beside the card's, is the demo's for that card.
        let line = value_of(block, "paper card: stores per enqueue ");
        assert!(line.starts_with(&format!("{paper_stores},")), "{line} / demo {paper_stores}");
        for label in ["latency p50/p99 (card): ", "latency p50/p99 (paper): "] {
            let (p50, p99) = value_of(block, label).split_once(" / ").unwrap_or_else(|| panic!("{label}: {out}"));
            let (p50, p99) = (duration_ns(p50), duration_ns(p99));
            assert!(p50 > 0.0 && p50 <= p99, "{label}{p50} / {p99}: {out}");
        }
    }
    assert_eq!(paper_stores, "1.000", "the paper card stores each item once");
    assert!(out.contains("verified: every run's items exactly once, FIFO per producer"), "{out}");
}

#[test]
fn paced_demo_reports_offered_and_actual_rate() {
    let stdout = stdout_of(&["demo", "--producers", "2", "--items", "100", "--rate", "2000"]);
    assert!(stdout.contains("offered rate: 2000 items/s, actual: "), "{stdout}");
    assert!(stdout.contains("verified: 200 items, 0 lost"), "{stdout}");
}

/// Each card's Verilog itself (compiled by Verilator) carries the demo, in threads and with a
/// process per card, through overflows.
#[cfg(feature = "hardware")]
#[test]
fn demo_on_the_verilator_engine() {
    for (card, label) in [("paper", ", paper card (verilator engine)"), ("renq", ", card (verilator engine)")] {
        for extra in [&[][..], &["--processes"][..]] {
            let mut args = vec!["demo", "--card", card, "--engine", "verilator", "--nodes", "3", "--producers", "3"];
            args.extend_from_slice(&["--items", "2000", "--queue-log2", "5"]);
            args.extend_from_slice(extra);
            let stdout = stdout_of(&args);
            assert!(stdout.contains(label), "{stdout}");
            assert!(stdout.contains("verified: 6000 items, 0 lost, 0 duplicated, FIFO per producer"), "{stdout}");
        }
    }
}

#[test]
fn bench_prints_modeled_figures_and_writes_its_plot() {
    let dir = std::env::temp_dir().join(format!("renq-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plot = dir.join("bench.svg");
    let stdout = stdout_of(&["bench", "--producers", "2", "--items", "20", "--plot", plot.to_str().unwrap()]);
    for needle in [
        "rdma seed (shm, 2 µs RTT)",
        "modeled: rdma fast (shm, 2 µs RTT), one producer: ",
        "modeled: renq card, L = 100 ",
        "the node (renq_node: the whole card and its link end) on ECP5-85F, median",
        "| card (model engine) ",
        "card mem reads/enq",
        &format!("plot: wrote {}", plot.display()),
    ] {
        assert!(stdout.contains(needle), "no {needle:?} in {stdout}");
    }
    if cfg!(feature = "hardware") {
        assert!(stdout.contains("| paper card (verilator engine)"), "{stdout}");
        assert!(stdout.contains("engine speed: engine verilator: "), "{stdout}");
        assert!(stdout.contains("engine speed: verilator / rtl = "), "{stdout}");
        assert!(stdout.contains("measured: paper card receiver cycles/enqueue"), "{stdout}");
        assert!(stdout.contains("modeled: paper card, L = 100"), "{stdout}");
    }
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("wall-clock, simulator on this machine") && svg.contains("rdma fast"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_names_every_command() {
    let out = renq(&["--help"]);
    let stdout = text(&out.stdout);
    for cmd in ["demo", "bench", "synth", "wave", "node", "link-goodput", "hol", "overflow-cost", "load", "perf"] {
        assert!(stdout.contains(cmd), "{stdout}");
    }
    let demo = text(&renq(&["demo", "--help"]).stdout);
    for opt in ["--nodes", "--producers", "--items", "--queue-log2", "--engine", "--backend", "--processes", "--rate"] {
        assert!(demo.contains(opt), "{demo}");
    }
    let node = text(&renq(&["node", "--help"]).stdout);
    for opt in ["--listen", "--peer", "--consume", "--from", "--produce", "--to", "--link-drop", "--link-down"] {
        assert!(node.contains(opt), "{node}");
    }
    let bench = text(&renq(&["bench", "--help"]).stdout);
    for opt in ["--plot", "--rdma-rtt-ns"] {
        assert!(bench.contains(opt), "{bench}");
    }
}

/// `renq wave` needs the RTL simulator (feature `hardware`).
#[cfg(feature = "hardware")]
#[test]
fn wave_traces_the_five_steps() {
    let dir = std::env::temp_dir().join(format!("renq-wave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stem = dir.join("enq");
    let out = renq(&["wave", "--out", stem.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let vcd = std::fs::read_to_string(dir.join("enq.vcd")).unwrap();
    // The FSM's state register walks the paper's five steps in order, then returns to LD0.
    assert_eq!(step_values(&vcd), vec![0, 1, 2, 3, 4, 0], "{vcd}");
    let svg = std::fs::read_to_string(dir.join("enq.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("uut.step.q"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Successive distinct values of the receiver's `step.q` in a VCD.
#[cfg(feature = "hardware")]
fn step_values(vcd: &str) -> Vec<u64> {
    let lines: Vec<&str> = vcd.lines().collect();
    let scope = lines.iter().position(|l| l.trim() == "$scope module step $end").expect("a step scope");
    let id = lines[scope..]
        .iter()
        .find_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f.len() == 6 && f[0] == "$var" && f[4] == "q").then(|| f[3].to_string())
        })
        .expect("step.q");
    let mut values: Vec<u64> = Vec::new();
    for l in &lines {
        let value = if let Some((v, who)) = l.strip_prefix('b').and_then(|r| r.split_once(' ')) {
            (who == id).then(|| u64::from_str_radix(v, 2).expect("binary"))
        } else if l.len() > 1 && (l.starts_with('0') || l.starts_with('1')) && l[1..] == id {
            Some(l[..1].parse().unwrap())
        } else {
            None
        };
        if let Some(v) = value {
            if values.last() != Some(&v) {
                values.push(v);
            }
        }
    }
    values
}

#[test]
fn demo_over_faulty_links_loses_nothing() {
    let faults = ["--link-drop", "0.05", "--link-dup", "0.01", "--link-reorder", "0.02", "--link-corrupt", "0.01"];
    for args in [&faults[..], &faults[..2], &faults[2..4], &faults[4..6], &faults[6..]] {
        let mut a = vec!["demo", "--nodes", "3", "--producers", "4", "--items", "2000", "--queue-log2", "6"];
        a.extend_from_slice(args);
        let stdout = stdout_of(&a);
        assert!(stdout.contains("verified: 8000 items, 0 lost, 0 duplicated, FIFO per producer"), "{args:?}: {stdout}");
        assert!(stdout.contains("link: DATA frames sent") && stdout.contains("packets abandoned 0"), "{stdout}");
    }
    let out = renq(&["demo", "--link-drop", "1.5"]);
    assert!(!out.status.success() && text(&out.stderr).contains("--link-drop"), "{}", text(&out.stderr));
}

/// `renq node`'s argument defects (issue 32, point 5): each gives a one-line error that names
/// what is wrong, not "cannot listen on ADDR", and no run that can never work starts.
#[test]
fn node_settings_are_checked_before_the_card_starts() {
    let base = ["node", "--id", "0", "--listen", "127.0.0.1:0", "--peer", "1=127.0.0.2:7000"];
    let consume = ["--consume", "5", "--from", "1"];
    for (extra, needle) in [
        (&["--memory-mib", "18446744073709551615"][..], "--memory-mib 18446744073709551615 is outside 1..="),
        (&["--memory-mib", "17592186044416"][..], "--memory-mib 17592186044416 is outside 1..="),
        (&["--memory-mib", "0"][..], "--memory-mib 0 is outside"),
        (&["--link-drop", "-0.1"][..], "--link-drop -0.1 is not a probability in [0, 1)"),
    ] {
        let args: Vec<&str> = base.iter().chain(&consume).chain(extra).copied().collect();
        let out = renq(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(needle) && !stderr.contains("cannot listen"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    let dup = renq(&[
        "node",
        "--id",
        "0",
        "--listen",
        "127.0.0.1:0",
        "--peer",
        "1=127.0.0.2:7000",
        "--consume",
        "5",
        "--from",
        "1,1",
    ]);
    assert_eq!(dup.status.code(), Some(1));
    assert!(text(&dup.stderr).contains("--from names node 1 twice"), "{}", text(&dup.stderr));
    let mixed = renq(&[
        "node",
        "--id",
        "1",
        "--listen",
        "[::1]:0",
        "--peer",
        "0=127.0.0.1:7000",
        "--produce",
        "1",
        "--to",
        "0:0",
    ]);
    assert_eq!(mixed.status.code(), Some(1));
    assert!(text(&mixed.stderr).contains("use one address family"), "{}", text(&mixed.stderr));
}

/// The help says what the commands do: `node` runs either card on any engine, `synth` places
/// both parts.
#[test]
fn node_and_synth_help_are_true() {
    let node = text(&renq(&["node", "--help"]).stdout);
    assert!(!node.contains("model engine only"), "{node}");
    assert!(node.contains("renq (the card") && node.contains("on any engine"), "{node}");
    let synth = text(&renq(&["synth", "--help"]).stdout);
    assert!(synth.contains("iCE40-HX8K") && synth.contains("ECP5-85F"), "{synth}");
    let root = text(&renq(&["--help"]).stdout);
    assert!(root.contains("ECP5-85F"), "{root}");
}
