//! A producer process for tests/multiprocess.rs: maps the consumer's region (a memfd passed
//! through its path, e.g. /proc/<pid>/fd/<n>) and enqueues `id << 32 | seq` for seq in
//! 0..items; prints its counters.
//!
//! `--die-at STEP --after N` (fast queue): SIGKILLs itself at STEP of an enqueue, from item N
//! on: `claim` (item N, before its FAA), `write` (item N, after its FAA, before its WRITE),
//! `refresh` (the first enqueue from item N on that waits for room, holding its ticket),
//! `after-write` (item N placed). Exit status 3: the queue was closed (`Error::Closed`).
//!
//! Algorithm `fast-pipelined`: a `PipelinedProducer` with W = 4 over a 10 ms `DelayedNic`;
//! `--die-at in-flight --after N` SIGKILLs it at the first item from N on whose enqueue
//! returned with 4 FAAs in flight (their WRITEs never posted), after printing
//! `posted <items enqueued> in flight 4`.

use renq_rdma::fast::EnqPc;
use renq_rdma::pipeline::{DelayedNic, PipelinedProducer};
use renq_rdma::{fast, seed, Error, RdmaEnqueue, ShmRegion};
use std::path::Path;

fn usage() -> ! {
    eprintln!(
        "usage: rdma-shm-producer <seed|fast|fast-pipelined> <region path> <producer id> <items> \
         [--die-at claim|write|refresh|after-write|in-flight --after N]"
    );
    std::process::exit(2);
}

fn die() -> ! {
    renq_os::kill_self()
}

/// Where item `s` stops (`--die-at step --after n`), if it does.
fn stop_point(step: &str, s: u64, n: u64) -> fn(&EnqPc) -> bool {
    match step {
        "claim" if s == n => |pc| matches!(pc, EnqPc::Claim),
        "write" if s == n => |pc| matches!(pc, EnqPc::Write { .. }),
        "refresh" if s >= n => |pc| matches!(pc, EnqPc::RefreshHead { .. }),
        "claim" | "write" | "refresh" | "after-write" => |_| false,
        _ => usage(),
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 5 && !(a.len() == 9 && a[5] == "--die-at" && a[7] == "--after") {
        usage();
    }
    let region = ShmRegion::open(Path::new(&a[2])).expect("map region");
    let id: u64 = a[3].parse().unwrap_or_else(|_| usage());
    let items: u64 = a[4].parse().unwrap_or_else(|_| usage());
    let die_at = (a.len() == 9).then(|| (a[6].as_str(), a[8].parse::<u64>().unwrap_or_else(|_| usage())));
    let outcome = match (a[1].as_str(), die_at) {
        ("fast", Some((step, n))) => {
            let mut p = fast::Producer::attach(region.handle(), 0).expect("attach");
            for s in 0..items {
                let placed = p.enqueue_until(id << 32 | s, stop_point(step, s, n)).unwrap_or_else(|e| fail(e, s));
                if !placed || (step == "after-write" && s == n) {
                    die();
                }
            }
            p.flush().map(|()| p.counters())
        }
        ("fast-pipelined", stop) => {
            let nic = DelayedNic::new(region.handle(), std::time::Duration::from_millis(10));
            let mut p = PipelinedProducer::attach(nic, 0, 4).expect("attach");
            let last = match stop {
                Some(("in-flight", n)) => Some(n),
                None => None,
                _ => usage(),
            };
            for s in 0..items {
                p.enqueue(id << 32 | s).unwrap_or_else(|e| fail(e, s));
                if last.is_some_and(|n| s >= n) && p.in_flight() == 4 {
                    // Items 0..=s enqueued, the last 4 only as FAAs: say so, then die.
                    use std::io::Write;
                    println!("posted {} in flight {}", s + 1, p.in_flight());
                    let _ = std::io::stdout().flush();
                    die();
                }
            }
            p.flush().map(|()| p.counters())
        }
        (algo @ ("fast" | "seed"), None) => {
            let mut p: Box<dyn RdmaEnqueue> = if algo == "seed" {
                Box::new(seed::Producer::attach(region.handle(), 0).expect("attach"))
            } else {
                Box::new(fast::Producer::attach(region.handle(), 0).expect("attach"))
            };
            for s in 0..items {
                p.enqueue(id << 32 | s).unwrap_or_else(|e| fail(e, s));
            }
            p.flush().map(|()| p.counters())
        }
        _ => usage(),
    };
    println!("producer {id}: {}", outcome.expect("flush"));
}

/// `Closed` ends the process with status 3 (the tests' signal that close reached it).
fn fail(e: Error, s: u64) -> ! {
    if e == Error::Closed {
        println!("closed at item {s}");
        std::process::exit(3);
    }
    panic!("enqueue of item {s}: {e}");
}
