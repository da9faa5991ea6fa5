//! rdma-shm-producer: a producer in its own process, for the multi-process test.
//! usage: rdma-shm-producer <seed|fast> <region path> <producer id> <items>
//! Maps the consumer's memfd through its path (e.g. /proc/<pid>/fd/<n>) and enqueues
//! `id << 32 | seq` for seq in 0..items; prints its counters.

use renq_rdma::{fast, seed, Enqueue, ShmRegion};
use std::path::Path;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() != 5 {
        eprintln!("usage: rdma-shm-producer <seed|fast> <region path> <producer id> <items>");
        std::process::exit(2);
    }
    let region = ShmRegion::open(Path::new(&a[2])).expect("map region");
    let id: u64 = a[3].parse().expect("producer id");
    let items: u64 = a[4].parse().expect("items");
    let mut p: Box<dyn Enqueue> = match a[1].as_str() {
        "seed" => Box::new(seed::Producer::attach(region.handle(), 0).expect("attach")),
        "fast" => Box::new(fast::Producer::attach(region.handle(), 0).expect("attach")),
        other => panic!("unknown algorithm {other}"),
    };
    for s in 0..items {
        p.enqueue(id << 32 | s).expect("enqueue");
    }
    p.flush().expect("flush");
    println!("producer {id}: {}", p.counters());
}
