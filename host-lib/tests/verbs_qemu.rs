//! The library's verbs backend (`Backend::RdmaVerbs`, feature `verbs`) on a real (soft) RDMA
//! device: rdma_rxe (Soft-RoCE) in a QEMU TCG guest, booted by scripts/vm/rdma-guest (the
//! host kernel has no RDMA).
//!
//! A nested `cargo build --release -p renq --features verbs --example verbs_app` (so the test
//! runs in the default `cargo test --release -p renq`), then the script boots the guest,
//! creates rxe0 on dummy0 and runs the example: a consumer Node and PRODUCERS producer Nodes
//! (threads; each Sender its own RC QP, connected over TCP on 127.0.0.1) enqueue ITEMS each
//! through `renq::Sender` into a queue of 2^LOG2 words, dequeued through `renq::Receiver`.
//! Never skipped: the script installs what is missing (qemu, busybox, kernel, rdma-core…);
//! any failure fails the test.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

const PRODUCERS: u64 = 3;
const ITEMS: u64 = 1000;
const LOG2: u64 = 4;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn build_app() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(repo())
        .args([
            "build",
            "--release",
            "-p",
            "renq",
            "--features",
            "verbs",
            "--example",
            "verbs_app",
            "--message-format=json-render-diagnostics",
        ])
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run cargo");
    assert!(
        out.status.success(),
        "building verbs_app with --features verbs failed (needs cmake libnl-3-dev \
         libnl-route-3-dev libclang libibverbs-dev, see scripts/setup)"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let key = "\"executable\":\"";
    let exe = text
        .lines()
        .rev()
        .filter(|l| l.contains(key) && l.contains("verbs_app"))
        .filter_map(|l| Some(l[l.find(key)? + key.len()..].split('"').next()?.to_string()))
        .next()
        .expect("cargo reported no verbs_app executable");
    PathBuf::from(exe)
}

fn fields(out: &str, prefix: &str) -> HashMap<String, String> {
    let line = out
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line `{prefix} …` in the guest output:\n{out}"));
    line.split_whitespace().filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn num(f: &HashMap<String, String>, k: &str) -> f64 {
    f.get(k)
        .unwrap_or_else(|| panic!("no field {k} in {f:?}"))
        .parse()
        .unwrap_or_else(|_| panic!("field {k} not a number in {f:?}"))
}

#[test]
fn library_verbs_backend_on_soft_roce_in_qemu() {
    let t0 = Instant::now();
    let app = build_app();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("verbs_qemu");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("console.log");
    let out = Command::new(repo().join("scripts/vm/rdma-guest"))
        .arg("-b")
        .arg(&app)
        .arg("-l")
        .arg(&log)
        .args(["-t", "150", "--"])
        .args([PRODUCERS, ITEMS, LOG2].map(|v| v.to_string()))
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run scripts/vm/rdma-guest");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("RENQ-VERBS")).collect();
    println!("{}", lines.join("\n"));
    println!("(host wall time incl. build and boot: {:?})", t0.elapsed());
    assert!(out.status.success(), "rdma-guest exited with {:?}; guest console:\n{text}", out.status);
    assert!(text.contains("RENQ-RDMA-RESULT rc=0"), "{text}");
    assert!(text.lines().any(|l| l == "RENQ-VERBS-APP ok"), "{text}");
    for check in ["unknown-queue", "unknown-node", "queue-exists"] {
        assert!(text.lines().any(|l| l == format!("RENQ-VERBS-CHECK {check} ok")), "{check}: {text}");
    }
    let u = fields(&text, "RENQ-VERBS-UNCONTENDED");
    assert_eq!(u["in_order"], "true", "{u:?}");
    assert_eq!(
        (num(&u, "faas"), num(&u, "writes"), num(&u, "reads"), num(&u, "cases"), num(&u, "rts")),
        (1.0, 1.0, 0.0, 0.0, 1.0),
        "one FAA + one posted WRITE per uncontended enqueue: {u:?}"
    );
    let r = fields(&text, "RENQ-VERBS-RUN");
    assert_eq!(num(&r, "producers"), PRODUCERS as f64);
    assert_eq!(num(&r, "received"), (PRODUCERS * ITEMS) as f64, "{r:?}");
    assert_eq!(r["complete"], "true", "{r:?}");
    for k in ["fifo_violations", "duplicated", "garbage"] {
        assert_eq!(num(&r, k), 0.0, "{k}: {r:?}");
    }
    assert_eq!(r["stalled"], "false", "{r:?}");
    assert_eq!(r["extra"], "false", "{r:?}");
    // One posted WRITE per enqueue, no CAS; FAAs: one per enqueue (+ 2 per sender's calibration);
    // READs: each sender's header READ plus polls of the head while the small ring is full.
    assert_eq!(num(&r, "writes"), 1.0, "{r:?}");
    assert_eq!(num(&r, "cases"), 0.0, "{r:?}");
    assert!(num(&r, "faas") >= 1.0, "{r:?}");
}
