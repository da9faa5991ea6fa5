//! The library API on the in-process simulator.

use renq::{EnqueueCost, Node};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

fn two_nodes() -> (Cluster, Node, Node) {
    let c = Cluster::new(ClusterConfig {
        nodes: 2,
        engine: EngineKind::Model,
        memory_bytes: 4 << 20,
        card: CardKind::Paper,
    });
    let a = Node::new(c.card(0)).unwrap();
    let b = Node::new(c.card(1)).unwrap();
    (c, a, b)
}

#[test]
fn one_store_per_enqueue_and_items_arrive_in_order() {
    let (_c, a, b) = two_nodes();
    let rx = b.create_queue(1, 4).unwrap();
    let tx = a.sender(1, 1).unwrap();
    let (sa, sb) = (a.metrics(), b.metrics());
    const N: u64 = 1000;
    for i in 0..N {
        tx.enqueue(i * 3).unwrap();
    }
    let mut got = Vec::new();
    while got.len() < N as usize {
        got.push(rx.dequeue_timeout(Duration::from_secs(10)).unwrap().expect("item within 10 s"));
    }
    assert_eq!(got, (0..N).map(|i| i * 3).collect::<Vec<_>>());
    let (da, db) = (a.metrics().since(&sa), b.metrics().since(&sb));
    let bars = da.backend.unwrap();
    assert_eq!(bars.bar2_writes, N, "exactly one BAR2 store per enqueue");
    assert_eq!(bars.bar2_full_stores, N, "each a full 8-byte store");
    assert_eq!(da.card.sent, N);
    assert_eq!(db.card.enqueued, N);
    assert!(db.card.overflows > 0, "a 16-word buffer must overflow with {N} items");
    let cost = EnqueueCost::new(&da, &db, N);
    assert_eq!(cost.bar_stores, Some(1.0));
    assert_eq!(cost.packets, 1.0);
    // The receiving card: RD0 tail + RD1 head, WR0 slot + WR1 tail, per item (spec §3).
    assert_eq!(cost.mem_reads, Some(2.0));
    assert_eq!(cost.mem_writes, Some(2.0));
    eprintln!("per enqueue: {cost:?}");
}

#[test]
fn blocking_dequeue_sleeps_until_notify() {
    let (_c, a, b) = two_nodes();
    let rx = b.create_queue(0, 6).unwrap();
    let tx = a.sender(1, 0).unwrap();
    let t0 = Instant::now();
    let producer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        tx.enqueue(77).unwrap();
    });
    assert_eq!(rx.dequeue().unwrap(), 77);
    assert!(t0.elapsed() >= Duration::from_millis(290));
    producer.join().unwrap();
    let s = rx.stats();
    // Sleeping, not spinning: a handful of arms for a 300 ms wait, and the card's NOTIFY woke us.
    assert!(s.arms >= 1 && s.arms <= 3, "arms {}", s.arms);
    assert!(s.wakeups >= 1);
    assert!(b.metrics().driver.notify_irqs >= 1);
}

#[test]
fn dequeue_timeout_expires_on_an_empty_queue() {
    let (_c, _a, b) = two_nodes();
    let rx = b.create_queue(5, 3).unwrap();
    let t0 = Instant::now();
    assert_eq!(rx.dequeue_timeout(Duration::from_millis(100)).unwrap(), None);
    assert!(t0.elapsed() >= Duration::from_millis(100));
    assert_eq!(rx.try_dequeue().unwrap(), None);
}

#[test]
fn batch_dequeue_and_len() {
    let (c, a, b) = two_nodes();
    let rx = b.create_queue(2, 3).unwrap();
    let tx = a.sender(1, 2).unwrap();
    for i in 0..25 {
        tx.enqueue(i).unwrap();
    }
    c.wait_idle();
    let deadline = Instant::now() + Duration::from_secs(10);
    while rx.len() < 25 {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(rx.buffers() > 1);
    let mut out = [0u64; 10];
    assert_eq!(rx.dequeue_batch(&mut out).unwrap(), 10);
    assert_eq!(out, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let mut rest = [0u64; 100];
    assert_eq!(rx.dequeue_batch(&mut rest).unwrap(), 15);
    assert_eq!(&rest[..15], &(10..25).collect::<Vec<_>>()[..]);
    assert!(rx.is_empty());
}

#[test]
fn loopback_to_own_node() {
    let (_c, a, _b) = two_nodes();
    let rx = a.create_queue(9, 5).unwrap();
    a.sender(a.id(), 9).unwrap().enqueue(5).unwrap();
    assert_eq!(rx.dequeue_timeout(Duration::from_secs(5)).unwrap(), Some(5));
}

/// Round trip A → B → A with blocking dequeues on both sides (sleep on NOTIFY, no spin).
/// Prints the latency; checks every reply.
#[test]
fn ping_pong_with_blocking_dequeues() {
    let (_c, a, b) = two_nodes();
    let rx_a = a.create_queue(0, 6).unwrap();
    let rx_b = b.create_queue(0, 6).unwrap();
    let (to_b, to_a) = (a.sender(1, 0).unwrap(), b.sender(0, 0).unwrap());
    const ROUNDS: u64 = 2000;
    std::thread::scope(|s| {
        s.spawn(|| {
            for _ in 0..ROUNDS {
                let v = rx_b.dequeue().unwrap();
                to_a.enqueue(v + 1).unwrap();
            }
        });
        let t0 = Instant::now();
        for i in 0..ROUNDS {
            to_b.enqueue(i * 2).unwrap();
            assert_eq!(rx_a.dequeue().unwrap(), i * 2 + 1);
        }
        let rtt = t0.elapsed() / ROUNDS as u32;
        eprintln!("ping-pong round trip (two one-store enqueues, two blocking dequeues): {rtt:?}");
    });
    let (sa, sb) = (rx_a.stats(), rx_b.stats());
    eprintln!("arms {} / {} wakeups {} / {}", sa.arms, sb.arms, sa.wakeups, sb.wakeups);
}
