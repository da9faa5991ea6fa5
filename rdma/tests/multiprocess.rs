//! Producers in separate processes over the consumer's memfd (mapped through
//! /proc/<pid>/fd/<n>): 0 lost, 0 duplicated, FIFO per producer, both algorithms; a fast
//! producer SIGKILLed at each step of its enqueue; close reaching a producer process.

use renq_rdma::{fast, seed, RdmaDequeue, ShmRegion};
use std::process::{Command, Stdio};

const PRODUCERS: u64 = 4;
const ITEMS: u64 = 20_000;

fn run(algo: &str, region: &ShmRegion, consumer: &mut dyn RdmaDequeue) {
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
        let v = consumer.dequeue().unwrap();
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
    assert_eq!(consumer.try_dequeue().unwrap(), None);
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

/// Issue 12 point 3: a producer process SIGKILLed at each step of its enqueue does not wedge
/// the queue. It enqueues alone first (so its stopped ticket is followed by the others'),
/// then two live producer processes enqueue; the consumer (lease 100 ms) must deliver every
/// live item once and in order, the dead producer's items before its death, and count one
/// skipped ticket exactly when the producer died holding one.
#[test]
fn fast_producer_killed_at_every_step_of_its_enqueue() {
    use std::os::unix::process::ExitStatusExt;
    const CAP: u64 = 8;
    const LIVE: u64 = 3_000;
    const N: u64 = 50;
    // (sender, step, items of the dying producer that get through, tickets skipped); the
    // pipelined sender (W = 4) dies with 4 FAAs in flight and their WRITEs never posted.
    for (algo, step, delivered, skipped) in [
        ("fast", "claim", N, 0),
        ("fast", "write", N, 1),
        ("fast", "refresh", CAP, 1),
        ("fast", "after-write", N + 1, 0),
        ("fast-pipelined", "in-flight", 0, 4), // delivered: what it printed, less 4
    ] {
        let region = ShmRegion::create_memfd("mp-kill", fast::Layout::bytes(CAP) as usize).unwrap();
        let path = format!("/proc/{}/fd/{}", std::process::id(), region.raw_fd());
        let mut c = fast::Consumer::create(region.handle(), 0, CAP).unwrap();
        c.set_lease(Some(std::time::Duration::from_millis(100)));
        let spawn = |algo: &str, id: u64, items: u64, die: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_rdma-shm-producer"))
                .args([algo, &path, &id.to_string(), &items.to_string()])
                .args(die)
                .stdout(Stdio::piped())
                .spawn()
                .expect("spawn producer")
        };
        // "refresh": the producer's cached head is 0 until it first waits for room, which
        // it does at ticket CAP when alone; "--after 0" stops it at that first wait.
        let after = if step == "refresh" { "0".to_string() } else { N.to_string() };
        let dying = spawn(algo, 2, 10 * N, &["--die-at", step, "--after", &after]);
        // The consumer learns how many of the dying producer's items to expect once it died.
        let (tell, told) = std::sync::mpsc::channel::<u64>();
        let consumer = std::thread::spawn(move || {
            let mut got = vec![];
            let mut expect = None;
            while expect.is_none_or(|d| got.len() < (2 * LIVE + d) as usize) {
                expect = expect.or(told.try_recv().ok());
                match c.poll().expect("poll") {
                    Some(v) => got.push(v),
                    None => std::thread::yield_now(),
                }
            }
            (got, c.skipped(), c)
        });
        let out = dying.wait_with_output().expect("dying producer");
        let status = out.status;
        let delivered = if algo == "fast-pipelined" {
            let said = String::from_utf8_lossy(&out.stdout);
            let posted: u64 = said.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("posted N");
            assert!(said.trim().ends_with("in flight 4"), "{said}");
            posted - 4
        } else {
            delivered
        };
        tell.send(delivered).unwrap();
        assert_eq!(status.signal(), Some(SIGKILL), "{step}: the producer must die by SIGKILL: {status:?}");
        let live: Vec<_> = (0..2).map(|id| spawn("fast", id, LIVE, &[])).collect();
        for p in live {
            let out = p.wait_with_output().expect("live producer");
            assert!(out.status.success(), "{step}: a live producer failed: {out:?}");
        }
        let (got, skipped_now, mut c) = consumer.join().expect("consumer");
        let mut next = [0u64; 3];
        for v in got {
            let (p, s) = ((v >> 32) as usize, v & 0xffff_ffff);
            assert!(p < 3 && s == next[p], "{step}: producer {p} item {s} out of order, lost or duplicated");
            next[p] += 1;
        }
        assert_eq!(next, [LIVE, LIVE, delivered], "{step}: items per producer");
        assert_eq!(skipped_now, skipped, "{step}: skipped tickets");
        assert_eq!(c.poll().unwrap(), None, "{step}: nothing else");
        println!(
            "{algo} killed at {step}: {} live items each, {delivered} of the dead producer, {skipped_now} ticket(s) skipped",
            LIVE
        );
    }
}

const SIGKILL: i32 = 9;

/// `Consumer::close` (and drop) while a producer process is blocked on a full ring: it gets
/// `Error::Closed` (exit status 3), never a hang; the items that landed are drained first.
#[test]
fn fast_close_reaches_producer_processes() {
    let region = ShmRegion::create_memfd("mp-close", fast::Layout::bytes(8) as usize).unwrap();
    let path = format!("/proc/{}/fd/{}", std::process::id(), region.raw_fd());
    let mut c = fast::Consumer::create(region.handle(), 0, 8).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_rdma-shm-producer"))
        .args(["fast", &path, "0", "1000000"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn producer");
    for s in 0..1000 {
        assert_eq!(c.dequeue().unwrap(), s);
    }
    // Let the ring fill (the producer then waits for room), so close has items to keep.
    while c.ready() < 8 {
        std::thread::yield_now();
    }
    c.close();
    let mut next = 1000;
    loop {
        match c.poll() {
            Ok(Some(v)) => {
                assert_eq!(v, next, "drained in order");
                next += 1;
            }
            Ok(None) => panic!("a closed queue drains, then says Closed"),
            Err(e) => {
                assert_eq!(e, renq_rdma::Error::Closed);
                break;
            }
        }
    }
    let out = child.wait_with_output().expect("producer");
    assert_eq!(out.status.code(), Some(3), "the producer must see Closed: {out:?}");
    let said = String::from_utf8_lossy(&out.stdout);
    let at: u64 = said.trim().strip_prefix("closed at item ").and_then(|n| n.parse().ok()).expect("closed at item N");
    assert_eq!(next, 1008, "the 8 items in the ring at close were drained");
    assert_eq!(at, next, "every item before the refused one was delivered, none after");
    println!("closed: {next} items delivered, the producer's item {at} refused with Closed");
}
