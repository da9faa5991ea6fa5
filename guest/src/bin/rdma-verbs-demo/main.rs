//! rdma-verbs-demo: both queue algorithms over one RDMA device through RC queue pairs on this
//! node: each producer's requester QP is connected to its own responder QP on the consumer
//! side, as between two nodes (the seed consumer uses a self-connected loopback QP); every
//! access goes through the device. For the QEMU + rdma_rxe run (scripts/vm/rdma-guest):
//!
//! `rdma-verbs-demo [device] [gid_index] [items] [producers] [capacity]`
//! (defaults: first device, 0, 1000 items per producer, 4 producers, capacity 16)
//!
//! 1. Device: atomic capability (IBV_ATOMIC_HCA / GLOB), limits, GID, MTU.
//! 2. Verbs semantics and byte order on one loopback QP: WRITE then READ, FAA and CAS
//!    (success and failure) return the old values, the calibration's result order, and how
//!    the NIC lays an atomic word out in memory (a CPU load after FAA(+1) on a zero word).
//! 3. Round-trip latency: READ, FAA, CAS each timed one by one (mean, p50, p99 in µs).
//! 4. Uncontended: one producer alternating with the consumer (same thread), per algorithm
//!    (fast, seed lap turn, seed as written): exact verbs operations per enqueue, µs/enqueue.
//! 5. Concurrent: `producers` threads (one QP each) × `items`, the consumer in the main
//!    thread, ring of `capacity`: lost, duplicated, FIFO violations per producer, operations
//!    per enqueue (and per dequeue for the seed consumer), items/s.
//!
//! Machine-readable lines start with `RDMA-`; the last is `RDMA-DEMO ok` or
//! `RDMA-DEMO FAILED <reasons>`. Exit status 0 only if every check passed: no loss, no
//! duplicate, no garbage item, FIFO per producer for fast and seed/lap-turn (the seed as
//! written is not FIFO, docs/spec.md §10 R.4: its violations are reported, not failed), verbs
//! semantics as specified, no verbs error.
//!
//! Phase 1 is `run` below; phase 2 is in `semantics`, 3 in `latency`, 4 and 5 in `runs` (over
//! the queues `queues` sets up); `two_node` is the `--serve`/`--connect` run across two nodes.

mod latency;
mod queues;
mod runs;
mod semantics;
mod two_node;

use latency::latency;
use queues::Algo;
use renq_rdma::verbs::{AtomicCap, Device};
use renq_rdma::Error;
use runs::{concurrent, uncontended};
use semantics::semantics;

fn finish(failures: &[String]) -> ! {
    if failures.is_empty() {
        println!("RDMA-DEMO ok");
        std::process::exit(0);
    }
    println!("RDMA-DEMO FAILED {}", failures.join(" "));
    std::process::exit(1);
}

fn run(args: &[String], failures: &mut Vec<String>) -> Result<(), Error> {
    // `--serve ADDR` (consumer node) / `--connect ADDR` (producer node) anywhere in the line.
    let mut mode = None;
    let mut rest = vec![];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--serve" | "--connect" => {
                let addr = it.next().expect("--serve/--connect need HOST:PORT").clone();
                mode = Some((a.clone(), addr));
            }
            _ => rest.push(a.clone()),
        }
    }
    let args = &rest;
    let name = args.get(1).map(String::as_str);
    let arg = |i: usize, d: u64| -> u64 {
        args.get(i).map(|s| s.parse().unwrap_or_else(|_| panic!("argument {i}: not a number: {s}"))).unwrap_or(d)
    };
    let gid_index = arg(2, 0) as u8;
    let items = arg(3, 1000);
    let producers = arg(4, 4).max(1);
    let cap = arg(5, 16).max(1);
    let dev = Device::open(name, 1, gid_index)?;
    let gid = dev.gid();
    let gid_s: Vec<String> = gid.chunks(2).map(|c| format!("{:02x}{:02x}", c[0], c[1])).collect();
    println!(
        "RDMA-DEVICE name={} atomic_cap={} max_qp_rd_atom={} max_qp_init_rd_atom={} gid_index={} gid={} active_mtu={}",
        dev.name,
        match dev.atomic_cap {
            AtomicCap::Hca => "IBV_ATOMIC_HCA",
            AtomicCap::Glob => "IBV_ATOMIC_GLOB",
        },
        dev.max_qp_rd_atom,
        dev.max_qp_init_rd_atom,
        dev.gid_index(),
        gid_s.join(":"),
        dev.active_mtu_bytes()
    );
    semantics(&dev, failures)?;
    match mode {
        Some((m, addr)) if m == "--serve" => return two_node::serve(&dev, &addr, producers, items, cap, failures),
        Some((_, addr)) => return two_node::produce(&dev, &addr, items, failures),
        None => {}
    }
    latency(&dev, 500)?;
    let un_items = items.min(500);
    for algo in Algo::ALL {
        uncontended(&dev, algo, 1024, un_items, failures)?;
    }
    for algo in Algo::ALL {
        concurrent(&dev, algo, cap, producers, items, failures)?;
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut failures = vec![];
    if let Err(e) = run(&args, &mut failures) {
        println!("RDMA-ERROR {e}");
        failures.push("verbs-error".into());
    }
    finish(&failures);
}
