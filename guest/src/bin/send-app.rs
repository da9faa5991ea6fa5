//! send-app: the library's SEND/SRQ mode (`Backend::RdmaSend`, docs/spec.md R.13) on one RDMA
//! device, run in the Soft-RoCE QEMU guest by host-lib/tests/send_qemu.rs through
//! scripts/vm/rdma-guest.
//!
//! `send-app <device> <gid_index> [producers] [items] [log2_words]`
//! (defaults: 3 producer nodes, 10 000 items each, a queue of 2^4 words = 12 receive WRs)
//!
//! 1. Typed errors: unknown queue / node, queue exists, a second consumer, sizes the library or
//!    the device refuse (`Srq::new` with depth 0, 1, above `max_srq_wr`), a fast-mode sender to
//!    a SEND queue.
//! 2. Uncontended: one sender, exact verbs operations per enqueue from `Node::metrics().rdma`
//!    (1 SEND, 0 READ/WRITE/FAA/CAS, 0 dependent round trips).
//! 3. `producers` producer Nodes (threads, each Sender its own RC QP) × `items` into a queue of
//!    12 receive WRs while the consumer pauses 50 ms every 2 000 items (a slow consumer: the
//!    responder answers RNR NAK and the senders' NICs retry): exactly once and FIFO per producer
//!    (`renq::check::Verdict`), RNR NAKs counted from rxe's hw_counters.
//! 4. Close: a sender enqueueing without pause gets `Error::Closed` (no hang) after the Receiver
//!    closes; what was delivered is a gap-free prefix of its items; a new sender gets `Closed`.
//!
//! Last line: `RENQ-SEND-APP ok` or `RENQ-SEND-APP FAILED <reasons>`; exit status 0 only on ok.

use renq::check::{encode, Verdict};
use renq::{Backend, Error, Node, RdmaVerbsConfig};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const QUEUE: renq::QueueId = 5;
const CONSUMER: renq::NodeId = 0;
const SERVER: &str = "127.0.0.1:7480";

/// rxe's counter of RNR NAKs received by requesters (Soft-RoCE hw_counters), if there is one.
fn rnr_naks(device: &str) -> Option<u64> {
    let path = format!("/sys/class/infiniband/{device}/ports/1/hw_counters/rcvd_rnr_err");
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).map(|s| s.parse().expect("numeric argument")).unwrap_or(d);
    let device = args.get(1).cloned();
    let gid_index = arg(2, 0) as u8;
    let producers = arg(3, 3).max(1) as renq::NodeId;
    let items = arg(4, 10_000);
    let log2 = arg(5, 4) as u32;
    let mut failures: Vec<String> = vec![];
    let config = |node: renq::NodeId, listen: &str, peers: Vec<(renq::NodeId, SocketAddr)>| RdmaVerbsConfig {
        node,
        device: device.clone(),
        gid_index,
        listen: listen.parse().unwrap(),
        peers,
    };
    let server: SocketAddr = SERVER.parse().unwrap();
    let consumer = Node::open(Backend::RdmaSend(config(CONSUMER, SERVER, vec![]))).expect("consumer node");
    let rx = consumer.create_queue(QUEUE, log2).expect("create_queue");
    let nodes: Vec<Node> = (1..=producers)
        .map(|n| {
            Node::open(Backend::RdmaSend(config(n, "127.0.0.1:0", vec![(CONSUMER, server)]))).expect("producer node")
        })
        .collect();

    // 1. Typed errors, as on the other backends.
    let mut check = |name: &str, ok: bool, what: String| {
        if ok {
            println!("RENQ-SEND-CHECK {name} ok");
        } else {
            failures.push(format!("{name}:{what}"));
        }
    };
    let r = nodes[0].sender(CONSUMER, QUEUE + 1);
    check("unknown-queue", matches!(r, Err(Error::UnknownQueue(q)) if q == QUEUE + 1), format!("{:?}", r.err()));
    let r = nodes[0].sender(42, QUEUE);
    check("unknown-node", matches!(r, Err(Error::UnknownNode(42))), format!("{:?}", r.err()));
    let r = consumer.create_queue(QUEUE, log2);
    check("queue-exists", matches!(r, Err(Error::QueueExists(QUEUE))), format!("{:?}", r.err()));
    let r = consumer.receiver(QUEUE);
    check("second-consumer", matches!(r, Err(Error::DoubleConsumer(QUEUE))), format!("{:?}", r.err()));
    let r = consumer.create_queue(QUEUE + 3, 2);
    check("size-not-allowed", matches!(r, Err(Error::SizeNotAllowed(2))), format!("{:?}", r.err()));
    {
        let dev = renq_rdma::verbs::Device::open(device.as_deref(), 1, gid_index).expect("device");
        for depth in [0, 1, u64::from(dev.max_srq_wr) + 1, u64::MAX] {
            let r = renq_rdma::send::Srq::new(&dev, depth);
            check(
                &format!("srq-depth-{depth}"),
                matches!(r, Err(renq_rdma::Error::BadSize(_))),
                format!("{:?}", r.err().map(|e| e.to_string())),
            );
        }
        println!("RENQ-SEND-DEVICE max_srq_wr={}", dev.max_srq_wr);
    }
    {
        // A node of the fast mode cannot attach to a SEND queue: a typed refusal, not a hang.
        let fast =
            Node::open(Backend::RdmaVerbs(config(9, "127.0.0.1:0", vec![(CONSUMER, server)]))).expect("fast node");
        let r = fast.sender(CONSUMER, QUEUE);
        check("wrong-mode", matches!(&r, Err(Error::Transport(m)) if m.contains("mode")), format!("{:?}", r.err()));
    }

    // 2. Uncontended: exact operations per enqueue.
    {
        const N: u64 = 500;
        let rx2 = consumer.create_queue(QUEUE + 2, 10).expect("create_queue");
        let tx = nodes[0].sender(CONSUMER, QUEUE + 2).expect("sender");
        let before = nodes[0].metrics().rdma.expect("rdma counts");
        let t = Instant::now();
        for i in 0..N {
            tx.enqueue(i).expect("enqueue");
        }
        let us = t.elapsed().as_secs_f64() * 1e6 / N as f64;
        drop(tx); // waits for every SEND's acknowledgement
        let d = nodes[0].metrics().rdma.expect("rdma counts") - before;
        let mut order_ok = true;
        for i in 0..N {
            order_ok &= rx2.dequeue_timeout(Duration::from_secs(30)).ok().flatten() == Some(i);
        }
        let per = |x: u64| x as f64 / N as f64;
        println!(
            "RENQ-SEND-UNCONTENDED items={N} in_order={order_ok} sends={:.3} faas={:.3} writes={:.3} reads={:.3} \
             cases={:.3} rts={:.3} us_per_enqueue={us:.1}",
            per(d.sends),
            per(d.faas),
            per(d.writes),
            per(d.reads),
            per(d.cases),
            per(d.round_trips)
        );
        if !order_ok || d.sends != N || d.verbs_ops() != N || d.round_trips != 0 {
            failures.push("uncontended".into());
        }
    }

    // 3. Producer nodes × items through a small SRQ, the consumer pausing now and then.
    let sum_ops = |nodes: &[Node]| {
        let mut ops = renq_rdma::OpCounters::default();
        for n in nodes {
            ops.add(&n.metrics().rdma.expect("an RDMA node reports verbs counts"));
        }
        ops
    };
    let base = sum_ops(&nodes);
    let rnr_before = device.as_deref().and_then(rnr_naks);
    let total = producers as u64 * items;
    let t0 = Instant::now();
    let (verdict, producer_errors, stalled, pauses) = std::thread::scope(|s| {
        let handles: Vec<_> = nodes
            .iter()
            .map(|node| {
                s.spawn(move || -> Result<(), Error> {
                    let tx = node.sender(CONSUMER, QUEUE)?;
                    let me = node.id() - 1;
                    for i in 0..items {
                        tx.enqueue(encode(me, i))?;
                    }
                    Ok(()) // dropping the Sender waits for its SENDs' acknowledgements
                })
            })
            .collect();
        let mut verdict = Verdict::new(producers as usize, items);
        let (mut errors, mut stalled, mut pauses) = (0u64, false, 0u32);
        let mut buf = [0u64; 64];
        while verdict.received() < total {
            if verdict.received() / 2000 > pauses as u64 {
                pauses += 1;
                std::thread::sleep(Duration::from_millis(50)); // a slow consumer: RNR NAKs
            }
            match rx.dequeue_batch_timeout(&mut buf, Duration::from_secs(30)) {
                Ok(0) => {
                    stalled = true;
                    break;
                }
                Ok(n) => {
                    for &v in &buf[..n] {
                        let _ = verdict.feed(v); // counted; the summary says what was wrong
                    }
                }
                Err(e) => {
                    println!("RENQ-SEND-APP dequeue error {e:?}");
                    stalled = true;
                    break;
                }
            }
        }
        for (n, h) in handles.into_iter().enumerate() {
            if let Err(e) = h.join().expect("producer thread panicked") {
                println!("RENQ-SEND-APP producer {} error {e:?}", n + 1);
                errors += 1;
            }
        }
        (verdict, errors, stalled, pauses)
    });
    let secs = t0.elapsed().as_secs_f64();
    let sum = verdict.summary();
    let extra = rx.try_dequeue().ok().flatten().is_some();
    let ops = sum_ops(&nodes) - base;
    let rnr = rnr_before.zip(device.as_deref().and_then(rnr_naks)).map(|(a, b)| b - a);
    let per = |x: u64| x as f64 / total as f64;
    println!(
        "RENQ-SEND-RUN producers={producers} items={items} depth={} received={} complete={} \
         fifo_violations={} duplicated={} garbage={} errors={producer_errors} stalled={stalled} extra={extra} \
         pauses={pauses} rnr_naks={} sends={:.3} faas={:.3} writes={:.3} reads={:.3} cases={:.3} rts={:.3} \
         items_per_s={:.0}",
        (1u64 << log2) - 4,
        sum.received,
        verdict.complete(),
        sum.reordered,
        sum.duplicated,
        sum.foreign,
        rnr.map_or("unknown".to_string(), |n| n.to_string()),
        per(ops.sends),
        per(ops.faas),
        per(ops.writes),
        per(ops.reads),
        per(ops.cases),
        per(ops.round_trips),
        total as f64 / secs
    );
    if sum.received != total || !verdict.complete() || stalled || extra || producer_errors != 0 {
        failures.push("lost".into());
    }
    if sum.reordered != 0 {
        failures.push("fifo".into());
    }
    if sum.duplicated != 0 || sum.foreign != 0 {
        failures.push("duplicated-or-garbage".into());
    }
    if ops.sends != total || ops.verbs_ops() != total || ops.round_trips != 0 {
        failures.push("op-counts".into());
    }

    // 4. Close while a sender is busy: it gets Closed, nothing it was told is delivered twice
    //    or out of order, and later senders are refused.
    {
        let q = QUEUE + 4;
        let rx3 = consumer.create_queue(q, log2).expect("create_queue");
        let node = &nodes[0];
        let (delivered, outcome, ok_count, secs) = std::thread::scope(|s| {
            let h = s.spawn(|| {
                let tx = node.sender(CONSUMER, q).expect("sender");
                let mut ok = 0u64;
                let t = Instant::now();
                let r: Result<(), Error> = loop {
                    if t.elapsed() > Duration::from_secs(120) {
                        break Err(Error::Transport("no Closed within 120 s".into()));
                    }
                    match tx.enqueue(ok) {
                        Ok(()) => ok += 1,
                        Err(e) => break Err(e),
                    }
                };
                (r, ok, t)
            });
            let mut got = vec![];
            while got.len() < 3000 {
                if let Ok(Some(v)) = rx3.dequeue_timeout(Duration::from_secs(30)) {
                    got.push(v);
                } else {
                    break;
                }
            }
            rx3.close().expect("close");
            let closed_at = Instant::now();
            loop {
                match rx3.dequeue_timeout(Duration::from_secs(30)) {
                    Ok(Some(v)) => got.push(v),
                    Ok(None) => break,
                    Err(_) => break,
                }
            }
            let (r, ok, _) = h.join().expect("sender thread");
            (got, r, ok, closed_at.elapsed().as_secs_f64())
        });
        let prefix = delivered.iter().enumerate().all(|(i, &v)| v == i as u64);
        let after = nodes[1].sender(CONSUMER, q).err();
        println!(
            "RENQ-SEND-CLOSE delivered={} enqueued_ok={ok_count} sender_outcome={outcome:?} in_order={prefix} \
             closed_after_s={secs:.2} new_sender={after:?}",
            delivered.len()
        );
        if outcome != Err(Error::Closed) || !prefix || delivered.len() as u64 > ok_count || after != Some(Error::Closed)
        {
            failures.push("close".into());
        }
    }

    if failures.is_empty() {
        println!("RENQ-SEND-APP ok");
    } else {
        println!("RENQ-SEND-APP FAILED {}", failures.join(" "));
        std::process::exit(1);
    }
}
