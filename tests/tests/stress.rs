//! Many producers on several nodes into one small queue on another node, so the queue
//! overflows and is extended hundreds of times: nothing lost, nothing duplicated, FIFO per
//! producer. Items carry (producer, sequence).

use renq::check::{decode, encode as item, Verdict};
use renq::{EnqueueCost, Metrics, Node, Receiver};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

struct Run {
    items: u64,
    secs: f64,
    senders: Vec<Metrics>,
    receiver: Metrics,
    queue: renq_driver::stats::QueueStatsSnapshot,
}

/// `producers` producer threads spread round-robin over nodes 0..producer_nodes, one queue
/// (2^log2 words) on node `producer_nodes`, drained by `consumers` threads sharing the
/// Receiver. Checks every item arrives exactly once and per-producer order.
fn run(
    engine: EngineKind,
    producer_nodes: usize,
    producers: u16,
    per_producer: u64,
    log2: u32,
    consumers: usize,
) -> Run {
    let cluster = Cluster::new(ClusterConfig {
        nodes: producer_nodes + 1,
        engine,
        memory_bytes: 16 << 20,
        card: CardKind::Paper,
    });
    let rx_node_id = producer_nodes as renq::NodeId;
    let nodes: Vec<Node> = (0..=producer_nodes).map(|i| Node::new(cluster.card(i)).unwrap()).collect();
    let rx: Receiver = nodes[producer_nodes].create_queue(7, log2).unwrap();
    let before: Vec<Metrics> = nodes.iter().map(|n| n.metrics()).collect();
    let total = producers as u64 * per_producer;
    let t0 = Instant::now();
    let per_thread: Vec<Vec<u64>> = std::thread::scope(|s| {
        for p in 0..producers {
            let tx = nodes[p as usize % producer_nodes].sender(rx_node_id, 7).unwrap();
            s.spawn(move || {
                for i in 0..per_producer {
                    tx.enqueue(item(p, i)).unwrap();
                }
            });
        }
        let consumers: Vec<_> = (0..consumers)
            .map(|_| {
                let rx = &rx;
                s.spawn(move || consume(rx, total))
            })
            .collect();
        consumers.into_iter().map(|c| c.join().unwrap()).collect()
    });
    let secs = t0.elapsed().as_secs_f64();

    if consumers == 1 {
        // One consumer: strict FIFO per producer, every sequence number once.
        let mut check = Verdict::new(producers as usize, per_producer);
        for &v in &per_thread[0] {
            check.feed(v).unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(check.counts(), vec![per_producer; producers as usize].as_slice());
    } else {
        // Several consumer threads: each sees every producer's items in increasing order
        // (dequeues are serialised by the queue's lock), and together they see each item once.
        let mut seen = vec![vec![false; per_producer as usize]; producers as usize];
        for got in &per_thread {
            let mut last = vec![None::<u64>; producers as usize];
            for &v in got {
                let (p, s) = decode(v);
                let p = p as usize;
                assert!(last[p].is_none_or(|l| l < s), "consumer saw producer {p} out of order");
                last[p] = Some(s);
                assert!(!seen[p][s as usize], "item ({p},{s}) dequeued twice");
                seen[p][s as usize] = true;
            }
        }
        let missing = seen.iter().flatten().filter(|x| !**x).count();
        assert_eq!(missing, 0, "{missing} items lost");
    }
    assert!(rx.is_empty());
    let after: Vec<Metrics> = nodes.iter().map(|n| n.metrics()).collect();
    let deltas: Vec<Metrics> = after.iter().zip(&before).map(|(a, b)| a.since(b)).collect();
    assert_eq!(deltas[producer_nodes].card.enqueued, total);
    assert_eq!(deltas[producer_nodes].card.rejected, 0);
    let stores: u64 = deltas[..producer_nodes].iter().map(|d| d.backend.unwrap().bar2_writes).sum();
    assert_eq!(stores, total, "one BAR2 store per enqueue");
    let mem = deltas[producer_nodes].backend.unwrap();
    assert_eq!((mem.mem_reads, mem.mem_writes), (Some(2 * total), Some(2 * total)), "2 card reads + 2 writes per item");
    Run {
        items: total,
        secs,
        receiver: deltas[producer_nodes].clone(),
        senders: deltas[..producer_nodes].to_vec(),
        queue: rx.stats(),
    }
}

/// Drains until `total` items were taken by all consumers together.
fn consume(rx: &Receiver, total: u64) -> Vec<u64> {
    let mut got = Vec::new();
    let mut buf = [0u64; 64];
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let n = rx.dequeue_batch(&mut buf).unwrap();
        got.extend_from_slice(&buf[..n]);
        if n == 0 {
            // Stop when the others have taken the rest (the card counted them all in).
            if rx.stats().dequeued >= total {
                return got;
            }
            assert!(Instant::now() < deadline, "stress did not finish: {} items taken", rx.stats().dequeued);
            if let Some(v) = rx.dequeue_timeout(Duration::from_millis(20)).unwrap() {
                got.push(v);
            }
        }
    }
}

fn report(name: &str, r: &Run) {
    let sent = r.senders.iter().fold(Metrics::default(), |mut acc, m| {
        acc.card.sent += m.card.sent;
        let b = acc.backend.get_or_insert_with(Default::default);
        let mb = m.backend.unwrap();
        b.bar2_writes += mb.bar2_writes;
        acc
    });
    let cost = EnqueueCost::new(&sent, &r.receiver, r.items);
    eprintln!(
        "{name}: {} items in {:.2} s ({:.0} items/s); card overflows {}, extends {}, deferred to dequeuer {}, served by dequeuer {}, moved items {}, per enqueue {cost:?}",
        r.items,
        r.secs,
        r.items as f64 / r.secs,
        r.receiver.card.overflows,
        r.queue.extends,
        r.queue.deferred,
        r.queue.pending_served,
        r.queue.moved_items,
    );
}

#[test]
fn stress_model_8_producers_3_nodes_100k_each() {
    let r = run(EngineKind::Model, 3, 8, 100_000, 6, 1);
    report("model, 8×100k, 1 consumer", &r);
    assert!(r.receiver.card.overflows >= 200, "overflows {}", r.receiver.card.overflows);
    assert_eq!(r.queue.extends + r.queue.resumed_without_extend, r.receiver.card.overflows);
}

#[test]
fn stress_model_two_consumer_threads() {
    let r = run(EngineKind::Model, 3, 8, 20_000, 5, 2);
    report("model, 8×20k, 2 consumers", &r);
    assert!(r.receiver.card.overflows >= 100);
}

#[test]
fn stress_rtl_short() {
    let r = run(EngineKind::Rtl, 3, 8, 100, 3, 1);
    report("rtl, 8×100, 1 consumer", &r);
    assert!(r.receiver.card.overflows >= 50, "overflows {}", r.receiver.card.overflows);
}
