//! The card through the library (spec §6a, §7c, §9b): portals, outcomes, O(1) overflow, no
//! head-of-line blocking, self-enqueue without deadlock, many producers exactly once.

use renq::{Error, Node};
use renq_abi::buffer::capacity;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

fn cluster(nodes: usize, memory_bytes: usize) -> Cluster {
    Cluster::new(ClusterConfig { nodes, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes })
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

/// The queue's stats once its driver has noted every switch `node`'s card made (its only
/// queue's): the consumer follows the card's LINKs on its own, ahead of the interrupt thread's
/// notes (spec §9c). Waits at most 5 s.
fn noted(node: &Node, rx: &renq::Receiver) -> renq_driver::stats::QueueStatsSnapshot {
    let t0 = Instant::now();
    while rx.stats().switches < node.metrics().card.switches && t0.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(1));
    }
    rx.stats()
}

/// Exactly 0..n in order; on failure, where it first went wrong (not the whole vector).
fn check_sequence(got: &[u64], n: u64) {
    if let Some(i) = (0..got.len()).find(|&i| got[i] != i as u64) {
        let around = &got[i.saturating_sub(3)..(i + 5).min(got.len())];
        panic!("item {i}: got {} (around: {around:?}); {} items in all, {n} expected", got[i], got.len());
    }
    assert_eq!(got.len() as u64, n);
}

#[test]
fn items_arrive_in_order_and_overflow_moves_no_item() {
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(1, 4).unwrap(); // capacity 12: full every 12 items undrained
    let tx = a.sender(1, 1).unwrap();
    let before = a.metrics();
    const N: u64 = 2000;
    for i in 0..N {
        tx.enqueue(i * 7).unwrap();
    }
    tx.flush().unwrap();
    let st = tx.status().expect("the card senders have a status");
    assert_eq!((st.in_flight, st.rejected, st.refusing), (0, false, false));
    assert_eq!(st.accepted, N, "every item accepted, once");
    assert_eq!(take(&rx, N as usize), (0..N).map(|i| i * 7).collect::<Vec<_>>());
    let s = noted(&b, &rx);
    // Each full buffer: the card switched into the spare (spec §9c), or stalled and the handler
    // extended the queue (§9b) when no spare was posted in time.
    assert!(s.extends + s.switches >= N / capacity(4) - 1, "extends {} switches {}", s.extends, s.switches);
    assert_eq!(s.moved_items, 0, "O(1) overflow: no item moves");
    let (retries, resent) = tx.retries();
    let bars = a.metrics().since(&before).backend.unwrap();
    assert_eq!(bars.bar2_full_stores, N + retries + resent, "one store per enqueue, plus RETRY + resends");
    eprintln!(
        "{N} items: {} switches, {} extensions, {retries} retry rounds, {resent} items stored again",
        s.switches, s.extends
    );
    assert!(rx.try_dequeue().unwrap().is_none());
}

#[test]
fn many_producers_exactly_once_and_fifo_per_producer() {
    let c = cluster(4, 16 << 20);
    let nodes: Vec<Node> = (0..4).map(|i| Node::new(c.card(i)).unwrap()).collect();
    let rx = nodes[3].create_queue(2, 5).unwrap();
    const PER: u64 = 5000;
    let senders: Vec<_> = (0..3).flat_map(|n| (0..2).map(move |t| (n, t))).collect();
    std::thread::scope(|s| {
        for &(n, t) in &senders {
            let tx = nodes[n].sender(3, 2).unwrap();
            s.spawn(move || {
                let id = (n * 2 + t) as u64;
                for i in 0..PER {
                    tx.enqueue(id << 32 | i).unwrap();
                }
                tx.flush().unwrap();
            });
        }
        let got = take(&rx, senders.len() * PER as usize);
        for id in 0..senders.len() as u64 {
            let mine: Vec<u64> = got.iter().filter(|&&v| v >> 32 == id).map(|&v| v & 0xffff_ffff).collect();
            if let Some(i) = (0..mine.len()).find(|&i| mine[i] != i as u64) {
                let later = mine[i..].iter().position(|&v| v == i as u64);
                panic!(
                    "producer {id}, item {i}: got {}; around {:?}; expected item found {later:?} places later; {} items",
                    mine[i],
                    &mine[i.saturating_sub(3)..(i + 5).min(mine.len())],
                    mine.len()
                );
            }
            assert_eq!(mine.len() as u64, PER, "producer {id}");
        }
    });
    let s = noted(&nodes[3], &rx);
    assert!(s.extends + s.switches > 0);
}

#[test]
fn self_enqueue_much_faster_than_draining_never_deadlocks() {
    let c = cluster(1, 16 << 20);
    let a = Node::new(c.card(0)).unwrap();
    let rx = a.create_queue(0, 3).unwrap(); // capacity 4
    let tx = a.sender(0, 0).unwrap();
    const N: u64 = 20_000;
    let t0 = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| {
            for i in 0..N {
                tx.enqueue(i).unwrap();
            }
            tx.flush().unwrap();
        });
        // A slow consumer: 100 items, then a pause.
        let mut got = Vec::with_capacity(N as usize);
        while got.len() < N as usize {
            got.extend(take(&rx, 100.min(N as usize - got.len())));
            std::thread::sleep(Duration::from_micros(200));
        }
        check_sequence(&got, N);
    });
    let s = noted(&a, &rx);
    assert!(s.extends + s.switches > 100, "extends {} switches {}", s.extends, s.switches);
    eprintln!(
        "self-enqueue {N} items in {:?}: {} switches, {} extensions, {} buffers retired",
        t0.elapsed(),
        s.switches,
        s.extends,
        s.retired
    );
}

/// Sends `n` items to `rx` through `tx` and returns the rate (items/s) from first store to
/// last dequeue.
fn run_b(tx: &renq::Sender, rx: &renq::Receiver, n: u64, base: u64) -> f64 {
    let t0 = Instant::now();
    std::thread::scope(|s| {
        s.spawn(|| {
            for i in 0..n {
                tx.enqueue(base + i).unwrap();
            }
            tx.flush().unwrap();
        });
        let got = take(rx, n as usize);
        assert!(got.iter().enumerate().all(|(i, &v)| v == base + i as u64), "queue B: FIFO, exactly once");
    });
    n as f64 / t0.elapsed().as_secs_f64()
}

/// Queue A on node 1 is full and nobody serves its stall (exported by hand, no driver queue);
/// queue B on the same link, from the same sending node, keeps flowing: its rate alone and
/// with A stalled and refusing are printed (no timing assertion: machines are noisy).
#[test]
fn a_stalled_queue_blocks_no_other_queue_on_the_link() {
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx_b = b.create_queue(1, 10).unwrap();
    let tx_b = a.sender(1, 1).unwrap();
    const N: u64 = 20_000;
    let alone = run_b(&tx_b, &rx_b, N, 0);
    // Queue 5: a 16-word buffer exported behind the driver's back; its stall is never served.
    let card1 = c.card(1);
    let cap = card1.export_unserved(5, 4).unwrap();
    let tx_a = a.sender(1, 5).unwrap();
    for i in 0..cap + 1 {
        tx_a.enqueue(i).unwrap(); // the last one stalls A
    }
    let with_a = run_b(&tx_b, &rx_b, N, N);
    let st = tx_a.status().unwrap();
    assert!(st.refusing && st.refused >= 1 && st.in_flight == 0, "A's item was refused, not held: {st:?}");
    assert_eq!(st.accepted, cap, "A took what fitted");
    eprintln!("queue B: {alone:.0} items/s alone, {with_a:.0} items/s with queue A stalled on the same link");
    // A's refused item is reported, not lost silently: unexport A, and the flush that would
    // wait for A's extension gets the rejection instead.
    card1.unexport(5).unwrap();
    assert_eq!(tx_a.flush(), Err(Error::Rejected { node: 1, queue: 5, items: 1 }));
}

#[test]
fn a_sender_to_a_queue_that_does_not_exist_gets_rejected() {
    let c = cluster(2, 4 << 20);
    let a = Node::new(c.card(0)).unwrap();
    let _b = Node::new(c.card(1)).unwrap();
    let tx = a.sender(1, 9).unwrap();
    tx.enqueue(1).unwrap();
    tx.enqueue(2).unwrap();
    assert_eq!(tx.flush(), Err(Error::Rejected { node: 1, queue: 9, items: 2 }));
    assert!(tx.status().unwrap().rejected);
}

#[test]
fn blocking_dequeue_sleeps_until_notify() {
    let c = cluster(2, 4 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(0, 6).unwrap();
    let tx = a.sender(1, 0).unwrap();
    let t0 = Instant::now();
    let producer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        tx.enqueue(77).unwrap();
        tx.flush().unwrap();
    });
    assert_eq!(rx.dequeue().unwrap(), 77);
    assert!(t0.elapsed() >= Duration::from_millis(290));
    producer.join().unwrap();
    assert!(b.metrics().driver.notify_irqs >= 1);
}

/// Rounds of `round` items (sent, flushed, then all dequeued) through a 2^6-word queue; the
/// receiving card's host-memory reads (its only reads are of HEAD), the doorbells rung and the
/// card's switches into a spare.
fn head_reads(doorbell: Option<u32>, n: u64, round: u64) -> (u64, u64, u64) {
    let c = cluster(2, 8 << 20);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(1, 6).unwrap();
    assert_eq!(rx.head_doorbell(), Some(capacity(6) as u32 / 4), "on by default, every quarter of the capacity");
    if let Some(k) = doorbell {
        assert!(rx.set_head_doorbell(k));
    }
    let tx = a.sender(1, 1).unwrap();
    let before = b.metrics();
    let mut got = Vec::with_capacity(n as usize);
    for r in 0..n / round {
        for i in r * round..(r + 1) * round {
            tx.enqueue(i).unwrap();
        }
        tx.flush().unwrap();
        got.extend(take(&rx, round as usize));
    }
    check_sequence(&got, n);
    assert_eq!(rx.stats().extends, 0, "the consumer keeps up: no overflow");
    let since = b.metrics().since(&before);
    let reads = since.backend.unwrap().mem_reads.unwrap();
    // The card's own count (CNT_SWITCHES): the handler's record of switches learns late.
    (reads, rx.stats().doorbells, since.card.switches)
}

/// The consumer head doorbell (spec §9b): a consumer that keeps up rings HEAD, so the card
/// never reads HEAD from memory and stays in its buffer; with the doorbell off its free count
/// runs out every capacity's worth of items, and then it switches into the spare (spec §9c)
/// or, when none is posted yet, reads HEAD at the next item. Exactly once and in order either
/// way.
#[test]
fn head_doorbell_means_the_card_reads_no_host_memory_in_steady_state() {
    const N: u64 = 6000;
    const ROUND: u64 = 30;
    let cap = capacity(6);
    let on = head_reads(None, N, ROUND);
    let off = head_reads(Some(0), N, ROUND);
    eprintln!("{N} items in rounds of {ROUND}, capacity {cap}: with the doorbell {on:?}, without {off:?} (HEAD reads, rung, switches)");
    assert_eq!(on, (0, N / ROUND, 0), "with the doorbell the card reads no HEAD and needs no spare");
    // One doorbell a visit (each visit takes a round, more than K = 15 items).
    let (reads, rung, switches) = off;
    assert_eq!(rung, 0);
    // Without: the free count (60 after EXPORT or a switch, or after a read that finds the queue
    // drained) runs out every 60 items: a switch, or a HEAD read at the next item (none after
    // the last one).
    assert!(switches > 0, "the card has spares");
    assert!((N / cap - 1..=N / cap).contains(&(reads + switches)), "{off:?}");
}
