//! perf-app: runs `renq perf` (the CLI, shipped to the guest's /bin by `rdma-guest -x`) over real
//! verbs in the Soft-RoCE guest, for host-lib/tests/perf_qemu.rs: a server on 127.0.0.1 and one
//! client per mode (`faa`, `send`), producers 1, 2, 4.
//!
//! `perf-app <device> <gid_index> [items]`; every line the clients print is echoed with the
//! prefix `RENQ-PERF <mode> `; last line `RENQ-PERF-APP ok` or `RENQ-PERF-APP FAILED <why>`.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const CONTROL: &str = "127.0.0.1:7600";
const MODES: [&str; 2] = ["faa", "send"];
const PRODUCERS: &str = "1,2,4";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let device = args.get(1).cloned().unwrap_or_else(|| "rxe0".into());
    let gid = args.get(2).cloned().unwrap_or_else(|| "0".into());
    let items = args.get(3).cloned().unwrap_or_else(|| "2000".into());
    let verbs = ["--transport", "verbs", "--device", &device, "--gid-index", &gid];
    let runs = (MODES.len() * PRODUCERS.split(',').count()).to_string();
    let mut server = Command::new("/bin/renq")
        .args(["perf", "server", "--listen", CONTROL, "--runs", &runs])
        .args(verbs)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start renq perf server");
    // Its first line says it listens.
    let mut out = BufReader::new(server.stdout.take().expect("server stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("server's first line");
    println!("RENQ-PERF server {}", first.trim_end());
    let mut failures = vec![];
    for mode in MODES {
        let client = Command::new("/bin/renq")
            .args(["perf", "client", "--connect", CONTROL, "--mode", mode, "--producers", PRODUCERS])
            .args(["--items", &items, "--queue-log2", "8"])
            .args(verbs)
            .output()
            .expect("run renq perf client");
        for l in String::from_utf8_lossy(&client.stdout).lines() {
            println!("RENQ-PERF {mode} {l}");
        }
        if !client.status.success() {
            failures.push(format!("client {mode}: {:?} {}", client.status, String::from_utf8_lossy(&client.stderr)));
        }
    }
    for l in out.lines().map_while(Result::ok) {
        println!("RENQ-PERF server {l}");
    }
    let status = server.wait().expect("server");
    if !status.success() {
        failures.push(format!("server: {status:?}"));
    }
    if failures.is_empty() {
        println!("RENQ-PERF-APP ok");
    } else {
        println!("RENQ-PERF-APP FAILED {}", failures.join("; "));
        std::process::exit(1);
    }
}
