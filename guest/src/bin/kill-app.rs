//! kill-app: a producer process SIGKILLed at every step of its enqueue does not wedge the verbs
//! fast queue (`Backend::RdmaVerbs`, docs/spec.md R.11 "The verbs fence"); closing the Receiver
//! gives senders `Error::Closed`, never a hang. Run in the Soft-RoCE guest by
//! host-lib/tests/kill_qemu.rs through scripts/vm/rdma-guest.
//!
//! `kill-app <device> <gid_index>`: the consumer is a library Node (default lease, 1 s). For
//! each step — `claim` (item N, before its FAA), `faa` (just after the FAA took the ticket,
//! before the claim word names it), `write` (after the FAA, before the slot WRITE), `after-write`
//! (item N's WRITE posted, not flushed) — a child process (this binary, `producer ...`) connects
//! one fast producer to a fresh queue of 12 slots, enqueues items 0.. and SIGKILLs itself there;
//! then two live library senders enqueue LIVE items each. Step `stalled`: the child SIGSTOPs
//! itself before item N's WRITE instead, and is resumed (SIGCONT) only once its ticket was
//! skipped and the live items have wrapped the ring many times: its late WRITE must never land
//! (item N never delivered, no live item clobbered) and its next enqueue must fail with
//! `Fenced { ticket: N }` (exit status 3; the fence notice tells it). Printed per step (`RENQ-KILL-STEP`):
//! the dead producer's items delivered (a gap-free prefix), tickets skipped (`Metrics::
//! rdma_skipped`), the live items (exactly once, in order). Then `RENQ-KILL-CLOSE`: a busy sender
//! gets `Closed` after `Receiver::close()`, so does its next enqueue and a new sender.
//! Last line: `RENQ-KILL-APP ok` or `RENQ-KILL-APP FAILED <reasons>`.

use renq::check::{decode, encode};
use renq::{Backend, Error, Node, RdmaVerbsConfig};
use renq_rdma::connect::{fast_producer, Link};
use renq_rdma::fast::EnqPc;
use renq_rdma::verbs::Device;
use renq_rdma::RdmaEnqueue;
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SERVER: &str = "127.0.0.1:7490";
const N: u64 = 40;
const LIVE: u64 = 1000;
const DEAD: u16 = 2;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("producer") {
        producer(&args[2..]);
    }
    let device = args.get(1).cloned();
    let gid_index: u8 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let config = |node: renq::NodeId, listen: &str, peers: Vec<(renq::NodeId, SocketAddr)>| RdmaVerbsConfig {
        node,
        device: device.clone(),
        gid_index,
        listen: listen.parse().unwrap(),
        peers,
    };
    let server: SocketAddr = SERVER.parse().unwrap();
    let consumer = Node::open(Backend::RdmaVerbs(config(0, SERVER, vec![]))).expect("consumer node");
    let live: Vec<Node> = (0..2)
        .map(|n| Node::open(Backend::RdmaVerbs(config(n + 1, "127.0.0.1:0", vec![(0, server)]))).expect("node"))
        .collect();
    let mut failures: Vec<String> = vec![];
    for (i, step) in ["claim", "faa", "write", "after-write", "stalled"].into_iter().enumerate() {
        let queue = 10 + i as renq::QueueId;
        let t0 = Instant::now();
        let rx = consumer.create_queue(queue, 4).expect("create_queue");
        let skipped0 = consumer.metrics().rdma_skipped;
        let exe = std::env::current_exe().expect("current_exe");
        let mut child = std::process::Command::new(exe)
            .args(["producer", device.as_deref().unwrap_or(""), &gid_index.to_string(), SERVER])
            .args([queue.to_string(), step.to_string()])
            .spawn()
            .expect("spawn the producer");
        let mut next = [0u64; 3];
        let mut bad = 0u64;
        let mut resumed = false;
        let mut late_error = false;
        let outcome = std::thread::scope(|s| {
            let mut senders = vec![];
            // Until the live items are in, and a few leases more for a late one of the dead.
            let mut quiet_since: Option<Instant> = None;
            let deadline = Instant::now() + Duration::from_secs(120);
            while Instant::now() < deadline {
                // The live senders start once the producer process is dead (by SIGKILL).
                // "stalled": once it stopped itself before its WRITE, it is resumed after the
                // ticket was skipped (its QP fenced) and the live items wrapped the ring.
                if step == "stalled" && !senders.is_empty() && !resumed {
                    let skipped = consumer.metrics().rdma_skipped - skipped0;
                    if skipped >= 1 && next[0] == LIVE && next[1] == LIVE {
                        // SAFETY: signals our own child.
                        unsafe { libc::kill(child.id() as i32, libc::SIGCONT) };
                        resumed = true;
                    }
                }
                if resumed && !late_error {
                    if let Some(status) = child.try_wait().map_err(|e| format!("wait: {e}"))? {
                        if status.code() != Some(3) {
                            return Err(format!("the resumed producer did not fail: {status:?}"));
                        }
                        late_error = true;
                    }
                }
                let started = if step == "stalled" {
                    stopped(child.id()) && next[DEAD as usize] == N
                } else {
                    match child.try_wait().map_err(|e| format!("wait: {e}"))? {
                        Some(status) => {
                            use std::os::unix::process::ExitStatusExt;
                            if status.signal() != Some(9) {
                                return Err(format!("the producer did not die by SIGKILL: {status:?}"));
                            }
                            true
                        }
                        None => false,
                    }
                };
                if senders.is_empty() && started {
                    for (p, node) in live.iter().enumerate() {
                        senders.push(s.spawn(move || -> Result<(), Error> {
                            let tx = node.sender(0, queue)?;
                            for k in 0..LIVE {
                                tx.enqueue(encode(p as u16, k))?;
                            }
                            Ok(())
                        }));
                    }
                }
                match rx.dequeue_timeout(Duration::from_millis(200)) {
                    Ok(Some(v)) => {
                        let (p, k) = decode(v);
                        if (p as usize) < 3 && next[p as usize] == k {
                            next[p as usize] += 1;
                        } else {
                            bad += 1;
                        }
                    }
                    Ok(None) if next[0] == LIVE && next[1] == LIVE && (step != "stalled" || late_error) => {
                        let q = *quiet_since.get_or_insert_with(Instant::now);
                        if q.elapsed() > Duration::from_secs(3) {
                            break;
                        }
                    }
                    Ok(None) => {}
                    Err(e) => return Err(format!("dequeue: {e:?}")),
                }
            }
            if senders.is_empty() || (step == "stalled" && !late_error) {
                let _ = child.kill();
                return Err(format!("the producer process never died/stopped/failed (resumed: {resumed})"));
            }
            for h in senders {
                h.join().expect("sender thread").map_err(|e| format!("a live sender failed: {e:?}"))?;
            }
            Ok(())
        });
        // Reaped in every case (already dead, or killed here after a failure).
        let _ = child.kill();
        let _ = child.wait();
        let skipped = consumer.metrics().rdma_skipped - skipped0;
        let dead = next[DEAD as usize];
        // What the dead producer claimed: N tickets if it died before its FAA, N + 1 after.
        let claimed = if step == "claim" { N } else { N + 1 };
        let ok_dead = late_error == (step == "stalled")
            && match step {
                "after-write" => dead == N || dead == N + 1,
                _ => dead == N,
            };
        let ok =
            outcome.is_ok() && bad == 0 && next[0] == LIVE && next[1] == LIVE && ok_dead && dead + skipped == claimed;
        println!(
            "RENQ-KILL-STEP step={step} live={},{} dead_delivered={dead} claimed={claimed} skipped={skipped} \
             out_of_order={bad} outcome={outcome:?} secs={:.1} ok={ok}",
            next[0],
            next[1],
            t0.elapsed().as_secs_f64()
        );
        if !ok {
            failures.push(format!("step {step}"));
        }
        let _ = rx.close();
    }

    // Close under a busy sender: Closed (no hang), sticky; a new sender gets Closed too.
    let queue = 14;
    let rx = consumer.create_queue(queue, 4).expect("create_queue");
    let node = &live[0];
    let enqueued = AtomicU64::new(0);
    let (outcome, after, delivered, in_order) = std::thread::scope(|s| {
        let h = s.spawn(|| -> (Result<(), Error>, Result<(), Error>) {
            let tx = node.sender(0, queue).expect("sender");
            let mut k = 0;
            let r = loop {
                if let Err(e) = tx.enqueue(encode(0, k)) {
                    break Err(e);
                }
                k += 1;
                enqueued.store(k, Ordering::Relaxed);
            };
            (r, tx.enqueue(encode(0, k)))
        });
        let mut got = 0u64;
        let mut in_order = true;
        while got < 500 {
            if let Ok(Some(v)) = rx.dequeue_timeout(Duration::from_secs(10)) {
                in_order &= decode(v) == (0, got);
                got += 1;
            } else {
                break;
            }
        }
        let t = Instant::now();
        let _ = rx.close();
        while let Ok(Some(v)) = rx.dequeue_timeout(Duration::from_millis(100)) {
            in_order &= decode(v) == (0, got);
            got += 1;
        }
        let (r, after) = h.join().expect("busy sender");
        println!("RENQ-KILL-CLOSE closed_after_s={:.2}", t.elapsed().as_secs_f64());
        (r, after, got, in_order)
    });
    let new_sender = node.sender(0, queue).err();
    let ok = outcome == Err(Error::Closed)
        && after == Err(Error::Closed)
        && new_sender == Some(Error::Closed)
        && in_order
        && delivered <= enqueued.load(Ordering::Relaxed);
    println!(
        "RENQ-KILL-CLOSE delivered={delivered} enqueued_ok={} sender_outcome={outcome:?} after_close={after:?} \
         new_sender={new_sender:?} in_order={in_order} ok={ok}",
        enqueued.load(Ordering::Relaxed)
    );
    if !ok {
        failures.push("close".into());
    }
    if failures.is_empty() {
        println!("RENQ-KILL-APP ok");
    } else {
        println!("RENQ-KILL-APP FAILED {}", failures.join("; "));
        std::process::exit(1);
    }
}

/// Whether process `pid` is stopped (state T in /proc/<pid>/stat).
fn stopped(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('T'))
}

/// `producer <device> <gid> <server> <queue> <step>`: enqueues encode(DEAD, k) and dies at `step`
/// of item N; `stalled`: SIGSTOPs itself before item N's WRITE, and once resumed goes on, exiting
/// with status 3 at its first error (its QP was fenced: the WRITE never lands).
fn producer(a: &[String]) -> ! {
    let dev = Device::open(Some(a[0].as_str()).filter(|d| !d.is_empty()), 1, a[1].parse().unwrap()).expect("device");
    let addr: SocketAddr = a[2].parse().unwrap();
    let queue: u16 = a[3].parse().unwrap();
    let step = a[4].clone();
    let stream = TcpStream::connect(addr).expect("connect");
    let mut link = Link::new(stream).expect("link");
    let faas = Arc::new(AtomicU64::new(0));
    let hook: Option<renq_rdma::claims::AfterFaa> = (step == "faa").then(|| {
        let faas = faas.clone();
        Box::new(move |_t: u64| {
            if faas.fetch_add(1, Ordering::Relaxed) == N {
                renq_os::kill_self();
            }
        }) as renq_rdma::claims::AfterFaa
    });
    let (mut p, _) = fast_producer(&dev, &mut link, queue, hook).expect("verbs").expect("queue refused");
    for k in 0..10 * N {
        let stop = |pc: &EnqPc| {
            if k == N && step == "stalled" && matches!(pc, EnqPc::Write { .. }) {
                // SAFETY: stops this process until the test resumes it.
                unsafe { libc::raise(libc::SIGSTOP) };
                return false;
            }
            k == N && matches!((step.as_str(), pc), ("claim", EnqPc::Claim) | ("write", EnqPc::Write { .. }))
        };
        let placed = match p.enqueue_until(encode(DEAD, k), stop) {
            Ok(placed) => placed,
            Err(e) if step == "stalled" && k > N => {
                eprintln!("kill-app producer: resumed, then item {k}: {e}");
                std::process::exit(if e == (renq_rdma::Error::Fenced { ticket: N }) { 3 } else { 4 });
            }
            Err(e) => panic!("enqueue of item {k}: {e}"),
        };
        if !placed || (step == "after-write" && k == N) {
            renq_os::kill_self();
        }
    }
    if let Err(e) = p.flush() {
        eprintln!("kill-app producer: resumed, then flush: {e}");
        std::process::exit(4);
    }
    eprintln!("kill-app producer: step {step} never reached (or nothing failed after it)");
    std::process::exit(1);
}
