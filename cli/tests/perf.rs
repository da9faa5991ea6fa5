//! `renq perf` end to end on one host: the built binary as server and as client over the
//! shared-memory transport (127.0.0.1), every item verified by the server.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn renq() -> Command {
    Command::new(env!("CARGO_BIN_EXE_renq"))
}

#[test]
fn perf_server_and_client_verify_every_item_over_shm() {
    let dir = std::env::temp_dir().join(format!("renq-perf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut server = renq()
        .args(["perf", "server", "--listen", "127.0.0.1:0", "--transport", "shm", "--runs", "3", "--dir"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the server");
    // The first line names the bound control address.
    let mut out = BufReader::new(server.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first.split_whitespace().nth(4).expect("control address").trim_end_matches(',').to_string();
    let client = renq()
        .args(["perf", "client", "--connect", &addr, "--mode", "faa", "--producers", "1,2,4", "--items", "3000"])
        .args(["--queue-log2", "5", "--transport", "shm", "--rtt-us", "2"])
        .output()
        .expect("run the client");
    let text = String::from_utf8_lossy(&client.stdout);
    assert!(client.status.success(), "{text}\n{}", String::from_utf8_lossy(&client.stderr));
    for (p, n) in [(1, 3000), (2, 6000), (4, 12000)] {
        let row = text.lines().find(|l| l.starts_with(&format!("| {p} | "))).unwrap_or_else(|| panic!("{text}"));
        assert!(row.contains(&format!("{n} of {n} (exactly once, FIFO per producer)")), "{row}");
        let cols: Vec<f64> = row.split('|').skip(2).take(3).map(|c| c.trim().parse().unwrap()).collect();
        assert!(cols[0] > 0.0 && cols[1] > 0.0 && cols[2] >= cols[1], "items/s, p50, p99: {row}");
    }
    // Over shared memory a fast enqueue is one FAA and one WRITE (no claim words: R.11).
    assert_eq!(text.matches(" round trips, 1.000 FAA, 1.000 WRITE, ").count(), 3, "{text}");
    let status = server.wait().unwrap();
    let rest: Vec<String> = out.lines().map_while(Result::ok).collect();
    assert!(status.success(), "server: {status:?} {rest:?}");
    assert_eq!(
        rest.iter().filter(|l| l.contains("verified:") && l.contains("0 lost, 0 duplicated")).count(),
        3,
        "{rest:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perf_bad_input_is_a_one_line_error() {
    for (args, want) in [
        (&["perf", "client", "--connect", "127.0.0.1:1", "--mode", "send", "--transport", "shm"][..], "RDMA device"),
        (&["perf", "client", "--connect", "127.0.0.1:1", "--mode", "cas"][..], "unknown mode"),
        (&["perf", "client", "--connect", "127.0.0.1:1", "--producers", "0"][..], "--producers"),
        (&["perf", "client", "--connect", "127.0.0.1:1", "--items", "0"][..], "--items"),
        (&["perf", "client", "--connect", "127.0.0.1:1"][..], "cannot reach the perf server"),
        (&["perf", "server", "--listen", "127.0.0.1:0", "--transport", "tcp"][..], "unknown transport"),
    ] {
        let out = renq().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with("renq: ") && err.contains(want) && !err.contains("panicked"), "{args:?}: {err}");
    }
}
