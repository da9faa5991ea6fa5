//! Spare buffers (spec §9c) through the library: the card continues into the spare the driver
//! posted; a queue's memory limit stalls it (back-pressure) until its consumer frees a buffer;
//! retired buffers come back as spares.

use renq::{Node, QueueConfig};
use renq_abi::buffer::{bytes, capacity};
use renq_driver::Driver;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

fn cluster(nodes: usize, memory_bytes: usize) -> Cluster {
    Cluster::new(ClusterConfig { nodes, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes })
}

fn driver(n: &Node) -> &Driver {
    n.card_driver().unwrap().as_any().downcast_ref::<Driver>().expect("the card's driver")
}

/// Dequeues `n` items (each within 10 s).
fn take(rx: &renq::Receiver, n: usize) -> Vec<u64> {
    let mut got = Vec::with_capacity(n);
    let mut buf = [0u64; 256];
    while got.len() < n {
        let want = (n - got.len()).min(buf.len());
        let k = rx.dequeue_batch_timeout(&mut buf[..want], Duration::from_secs(10)).unwrap();
        assert!(k > 0, "no item within 10 s after {} of {n}", got.len());
        got.extend_from_slice(&buf[..k]);
    }
    got
}

#[test]
fn a_new_queue_has_its_spares_posted_and_the_card_switches_into_the_oldest() {
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    assert!(driver(&b).has_spares(), "the model keeps spares");
    let rx = b.create_queue(1, 6).unwrap();
    let q = driver(&b).queue(1).unwrap();
    // 512 KiB of 2^6-word buffers.
    let target = renq_driver::spare_target(6, renq_abi::MODEL_SPARES) as usize;
    assert_eq!((q.spare_target(), target), (1024, 1024));
    let (first, spares) = (q.card_buffer(), q.spare_buffers());
    assert_eq!(spares.len(), target);
    assert_eq!(q.stats().spare_runs, 1, "the first ring is one run, posted with one SPARE");
    assert!(spares.windows(2).all(|w| w[1] == w[0] + bytes(6)), "a run is contiguous, in address order");
    assert!(!spares.contains(&0) && !spares.contains(&first));
    assert_eq!(driver(&b).query(1).unwrap().spares(), target as u64);
    assert_eq!(q.memory_bytes(), (1 + target as u64) * bytes(6), "the first buffer and the spares");
    assert_eq!(q.max_bytes(), QueueConfig::DEFAULT_MAX_BYTES);
    // Exactly one buffer's worth, undrained: the item that fills it switches the card.
    let tx = a.sender(1, 1).unwrap();
    let cap = capacity(6);
    let before = b.metrics();
    for i in 0..cap {
        tx.enqueue(i).unwrap();
    }
    tx.flush().unwrap();
    let d = b.metrics().since(&before);
    assert_eq!((d.card.switches, d.card.overflows), (1, 0));
    assert_eq!(take(&rx, cap as usize), (0..cap).collect::<Vec<_>>());
    let t0 = Instant::now();
    while rx.stats().switches == 0 || q.spare_buffers().len() < target {
        assert!(t0.elapsed() < Duration::from_secs(5), "the handler took note of the switch and posted a spare");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(q.card_buffer(), spares[0], "the card writes the oldest spare now");
    let now = q.spare_buffers();
    assert_eq!(now[..target - 1], spares[1..], "the others are still posted, in order");
    assert!(![0, first, spares[0]].contains(&now[target - 1]), "and a new spare is posted behind them");
    assert_eq!(driver(&b).query(1).unwrap().spares(), target as u64);
}

/// A limit of four 16-word buffers and nobody draining: the card fills the four (three
/// switches or extensions), then, with no spare allowed, stalls; the senders are refused and
/// retry. When the consumer comes back every item arrives, exactly once and in order, and the
/// queue never held more than its limit.
#[test]
fn a_queue_at_its_memory_limit_stalls_and_resumes_when_its_consumer_returns() {
    const LOG2: u32 = 4;
    const N: u64 = 600;
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let limit = 4 * bytes(LOG2);
    let rx = b.create_queue_with(1, QueueConfig::new(LOG2).with_max_bytes(limit)).unwrap();
    let q = driver(&b).queue(1).unwrap();
    assert_eq!(q.max_bytes(), limit);
    let tx = a.sender(1, 1).unwrap();
    let before = b.metrics();
    let mut most = 0;
    std::thread::scope(|s| {
        let producer = s.spawn(|| {
            for i in 0..N {
                tx.enqueue(i).unwrap();
            }
            tx.flush().unwrap();
        });
        // The card fills what the limit allows, then stalls.
        let t0 = Instant::now();
        while b.metrics().since(&before).card.overflows == 0 || rx.len() < 4 * capacity(LOG2) as usize {
            most = most.max(q.memory_bytes());
            assert!(t0.elapsed() < Duration::from_secs(10), "never stalled at the limit: {} items", rx.len());
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(rx.len(), 4 * capacity(LOG2) as usize, "four full buffers, no more");
        assert_eq!(q.memory_bytes(), limit);
        assert_eq!(q.spare_buffers(), Vec::<u64>::new(), "no spare beyond the limit");
        assert!(driver(&b).query(1).unwrap().stalled());
        assert!(!producer.is_finished(), "the senders wait for room");
        // The consumer comes back.
        let t1 = Instant::now();
        let mut got = Vec::new();
        while got.len() < N as usize {
            got.extend(take(&rx, 1.min(N as usize - got.len())));
            most = most.max(q.memory_bytes());
        }
        assert_eq!(got, (0..N).collect::<Vec<_>>());
        producer.join().unwrap();
        eprintln!(
            "{N} items through a queue limited to 4 buffers: drained in {:?} after the stall; {:?}",
            t1.elapsed(),
            rx.stats()
        );
    });
    assert!(most <= limit, "held {most} bytes, limit {limit}");
    // The stall at the limit was ended by an extension, once the consumer retired a buffer.
    assert!(rx.stats().extends >= 1);
}

/// Rounds of two buffers' worth of items, each sent, flushed and drained, with the head
/// doorbell off so the card switches every buffer: the buffers the consumer retires come back
/// to the queue (after the epoch manager) and are posted as its next spares, so the pool sees
/// few of them.
#[test]
fn retired_buffers_come_back_as_spares() {
    const LOG2: u32 = 6;
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(1, LOG2).unwrap();
    assert!(rx.set_head_doorbell(0));
    let tx = a.sender(1, 1).unwrap();
    let cap = capacity(LOG2);
    let rounds = 100;
    let mut got = Vec::new();
    for r in 0..rounds {
        for i in 0..2 * cap {
            tx.enqueue(r * 2 * cap + i).unwrap();
        }
        tx.flush().unwrap();
        got.extend(take(&rx, 2 * cap as usize));
    }
    assert_eq!(got, (0..rounds * 2 * cap).collect::<Vec<_>>());
    let s = rx.stats();
    let freed = driver(&b).stats().reclaimed;
    eprintln!(
        "{} retired, {freed} returned to the pool, {} spares posted, {} switches",
        s.retired, s.spares, s.switches
    );
    assert!(s.retired >= rounds, "{s:?}");
    assert!(freed * 4 < s.retired, "most retired buffers are reused, not freed: {freed} of {}", s.retired);
}
