//! Producers in separate processes over the consumer's memfd (mapped through
//! /proc/<pid>/fd/<n>): 0 lost, 0 duplicated, FIFO per producer, both algorithms.

use renq_rdma::{fast, seed, Dequeue, ShmRegion};
use std::process::{Command, Stdio};

const PRODUCERS: u64 = 4;
const ITEMS: u64 = 20_000;

fn run(algo: &str, region: &ShmRegion, consumer: &mut dyn Dequeue) {
    let path = format!("/proc/{}/fd/{}", std::process::id(), region.raw_fd());
    let children: Vec<_> = (0..PRODUCERS)
        .map(|id| {
            Command::new(env!("CARGO_BIN_EXE_rdma-shm-producer"))
                .args([algo, &path, &id.to_string(), &ITEMS.to_string()])
                .stdout(Stdio::piped())
                .spawn()
                .expect("spawn producer")
        })
        .collect();
    let mut next = vec![0u64; PRODUCERS as usize];
    for _ in 0..PRODUCERS * ITEMS {
        let v = consumer.dequeue();
        let (p, s) = ((v >> 32) as usize, v & 0xffff_ffff);
        assert!(p < PRODUCERS as usize, "garbage {v:#x}");
        assert_eq!(s, next[p], "{algo}: producer {p} out of order, lost or duplicated");
        next[p] += 1;
    }
    for c in children {
        let out = c.wait_with_output().expect("producer");
        assert!(out.status.success(), "producer failed");
        print!("{algo}: {}", String::from_utf8_lossy(&out.stdout));
    }
    assert_eq!(consumer.try_dequeue(), None);
}

#[test]
fn fast_producers_in_other_processes() {
    let region = ShmRegion::create_memfd("mp-fast", fast::Layout::bytes(8) as usize).unwrap();
    let mut c = fast::Consumer::create(region.handle(), 0, 8).unwrap();
    run("fast", &region, &mut c);
}

#[test]
fn seed_producers_in_other_processes() {
    let region = ShmRegion::create_memfd("mp-seed", seed::Layout::bytes(8) as usize).unwrap();
    let mut c = seed::Consumer::create(region.handle(), 0, 8, seed::Variant::LapTurn).unwrap();
    run("seed", &region, &mut c);
}
