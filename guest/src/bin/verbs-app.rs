//! verbs-app: the library's verbs backend (`Backend::RdmaVerbs`) on one RDMA device, run in
//! the Soft-RoCE QEMU guest by host-lib/tests/verbs_qemu.rs through scripts/vm/rdma-guest.
//!
//! `verbs-app <device> <gid_index> [producers] [items] [log2_words]`
//! (defaults: 3 producer nodes, 1000 items each, a queue of 2^4 words = 12 slots)
//!
//! Opens a consumer Node (node 0, serving on 127.0.0.1) and `producers` producer Nodes
//! (nodes 1.., each a thread whose `Sender` has its own RC QP, connected over TCP); every
//! producer enqueues `items` items (`renq::check::encode(node - 1, i)`) into queue 5 of node 0
//! through `renq::Sender`, the main thread dequeues them through `renq::Receiver`. Checks
//! exactly-once and FIFO per producer (`renq::check::Verdict`), the library's errors for an unknown queue / node, and prints
//! verbs operations per enqueue from `Node::metrics().rdma`. Last line: `RENQ-VERBS-APP ok`
//! or `RENQ-VERBS-APP FAILED <reasons>`; exit status 0 only on ok.

use renq::check::{encode, Verdict};
use renq::{Backend, Error, Node, RdmaVerbsConfig};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const QUEUE: renq::QueueId = 5;
const CONSUMER: renq::NodeId = 0;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).map(|s| s.parse().expect("numeric argument")).unwrap_or(d);
    let device = args.get(1).cloned();
    let gid_index = arg(2, 0) as u8;
    let producers = arg(3, 3).max(1) as renq::NodeId;
    let items = arg(4, 1000);
    let log2 = arg(5, 4) as u32;
    let mut failures: Vec<String> = vec![];
    let config = |node: renq::NodeId, listen: &str, peers: Vec<(renq::NodeId, SocketAddr)>| {
        Backend::RdmaVerbs(RdmaVerbsConfig {
            node,
            device: device.clone(),
            gid_index,
            listen: listen.parse().unwrap(),
            peers,
        })
    };
    let consumer = Node::open(config(CONSUMER, "127.0.0.1:7470", vec![])).expect("consumer node");
    let server: SocketAddr = "127.0.0.1:7470".parse().unwrap();
    let rx = consumer.create_queue(QUEUE, log2).expect("create_queue");
    let nodes: Vec<Node> = (1..=producers)
        .map(|n| Node::open(config(n, "127.0.0.1:0", vec![(CONSUMER, server)])).expect("producer node"))
        .collect();

    // The same errors as the other backends.
    match nodes[0].sender(CONSUMER, QUEUE + 1) {
        Err(Error::UnknownQueue(q)) if q == QUEUE + 1 => println!("RENQ-VERBS-CHECK unknown-queue ok"),
        Err(e) => failures.push(format!("unknown-queue:{e:?}")),
        Ok(_) => failures.push("unknown-queue:accepted".into()),
    }
    match nodes[0].sender(42, QUEUE) {
        Err(Error::UnknownNode(42)) => println!("RENQ-VERBS-CHECK unknown-node ok"),
        Err(e) => failures.push(format!("unknown-node:{e:?}")),
        Ok(_) => failures.push("unknown-node:accepted".into()),
    }
    match consumer.create_queue(QUEUE, log2) {
        Err(Error::QueueExists(QUEUE)) => println!("RENQ-VERBS-CHECK queue-exists ok"),
        other => failures.push(format!("queue-exists:{:?}", other.err())),
    }

    // Uncontended: one sender, a ring that never fills, so each enqueue is exactly one FAA
    // and one posted WRITE (its attach — calibration and header READ — counted apart).
    {
        const N: u64 = 500;
        let rx2 = consumer.create_queue(QUEUE + 2, 10).expect("create_queue");
        let tx = nodes[0].sender(CONSUMER, QUEUE + 2).expect("sender");
        let before = nodes[0].metrics().rdma.expect("rdma counts");
        let t = Instant::now();
        for i in 0..N {
            tx.enqueue(i).expect("enqueue");
        }
        drop(tx); // flushes
        let us = t.elapsed().as_secs_f64() * 1e6 / N as f64;
        let d = nodes[0].metrics().rdma.expect("rdma counts") - before;
        // A sender on the consumer's own node connects to its own server like any other.
        let own = consumer.sender(CONSUMER, QUEUE + 2).expect("sender to own node");
        own.enqueue(N).expect("enqueue on own node");
        drop(own);
        let mut order_ok = true;
        for i in 0..=N {
            order_ok &= rx2.dequeue_timeout(Duration::from_secs(30)).ok().flatten() == Some(i);
        }
        let per = |x: u64| x as f64 / N as f64;
        println!(
            "RENQ-VERBS-UNCONTENDED items={N} in_order={order_ok} faas={:.3} writes={:.3} reads={:.3} \
             cases={:.3} rts={:.3} us_per_enqueue={us:.1}",
            per(d.faas),
            per(d.writes),
            per(d.reads),
            per(d.cases),
            per(d.round_trips)
        );
        if !order_ok || d.faas != N || d.writes != 3 * N || d.reads != 0 || d.cases != 0 {
            failures.push("uncontended".into());
        }
    }

    let sum_ops = |nodes: &[Node]| {
        let mut ops = renq_rdma::OpCounters::default();
        for n in nodes {
            ops.add(&n.metrics().rdma.expect("an RDMA node reports verbs counts"));
        }
        ops
    };
    let base = sum_ops(&nodes);
    let t0 = Instant::now();
    let total = producers as u64 * items;
    let (verdict, producer_errors, stalled) = std::thread::scope(|s| {
        let handles: Vec<_> = nodes
            .iter()
            .map(|node| {
                s.spawn(move || -> Result<(), Error> {
                    let tx = node.sender(CONSUMER, QUEUE)?;
                    let me = node.id() - 1;
                    for i in 0..items {
                        tx.enqueue(encode(me, i))?;
                    }
                    Ok(()) // dropping the Sender flushes its posted writes
                })
            })
            .collect();
        let mut verdict = Verdict::new(producers as usize, items);
        let (mut errors, mut stalled) = (0u64, false);
        while verdict.received() < total {
            match rx.dequeue_timeout(Duration::from_secs(30)) {
                Ok(Some(v)) => {
                    // Every item is counted; the summary below says what was wrong.
                    let _ = verdict.feed(v);
                }
                Ok(None) => {
                    stalled = true;
                    break;
                }
                Err(e) => {
                    println!("RENQ-VERBS-APP dequeue error {e:?}");
                    stalled = true;
                    break;
                }
            }
        }
        for (n, h) in handles.into_iter().enumerate() {
            if let Err(e) = h.join().expect("producer thread panicked") {
                println!("RENQ-VERBS-APP producer {} error {e:?}", n + 1);
                errors += 1;
            }
        }
        (verdict, errors, stalled)
    });
    let secs = t0.elapsed().as_secs_f64();
    let complete = verdict.complete();
    let sum = verdict.summary();
    let (received, lost_fifo, duplicated) = (sum.received, sum.reordered, sum.duplicated);
    // A producer's error counts as garbage: the run cannot vouch for what it sent.
    let garbage = sum.foreign + producer_errors * 1_000_000;
    let extra = rx.try_dequeue().ok().flatten().is_some();

    let ops = sum_ops(&nodes) - base;
    let per = |x: u64| x as f64 / total as f64;
    println!(
        "RENQ-VERBS-RUN producers={producers} items={items} capacity={} received={received} \
         complete={complete} fifo_violations={lost_fifo} duplicated={duplicated} garbage={garbage} \
         stalled={stalled} extra={extra} faas={:.3} writes={:.3} reads={:.3} cases={:.3} rts={:.3} \
         items_per_s={:.0}",
        (1u64 << log2) - 4,
        per(ops.faas),
        per(ops.writes),
        per(ops.reads),
        per(ops.cases),
        per(ops.round_trips),
        total as f64 / secs
    );
    if received != total || !complete || stalled || extra {
        failures.push("lost".into());
    }
    if lost_fifo != 0 {
        failures.push("fifo".into());
    }
    if duplicated != 0 || garbage != 0 {
        failures.push("duplicated-or-garbage".into());
    }
    if ops.cases != 0 || ops.writes != 3 * total || ops.faas < total {
        failures.push("op-counts".into());
    }
    if failures.is_empty() {
        println!("RENQ-VERBS-APP ok");
    } else {
        println!("RENQ-VERBS-APP FAILED {}", failures.join(" "));
        std::process::exit(1);
    }
}
