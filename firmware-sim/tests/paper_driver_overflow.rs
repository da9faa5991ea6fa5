//! The driver against the simulated card (here, beside the simulator: the driver does not depend on it): a small queue overflows many times; the interrupt
//! thread extends it; every item arrives once, in order; drained buffers are reclaimed.

use renq_abi::buffer;
use renq_driver::{Device, PaperDriver, Registers};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

fn cluster(nodes: usize) -> Cluster {
    Cluster::new(ClusterConfig { nodes, engine: EngineKind::Model, memory_bytes: 4 << 20, card: CardKind::Paper })
}

#[test]
fn overflow_extends_and_every_item_arrives_in_order() {
    let c = cluster(2);
    let rx = PaperDriver::start(c.card(1)).unwrap();
    let tx = c.card(0);
    let tx_drv = PaperDriver::start(tx.clone()).unwrap(); // enables TX on node 0
    let free_before = rx.device().dma().free_bytes();
    let q = rx.create_queue(2, 3).unwrap(); // 4 items per buffer
    let page = tx.shadow_page(1, 2).unwrap();
    const N: u64 = 2000;
    let producer = std::thread::spawn(move || {
        for i in 0..N {
            page.store(i);
        }
    });
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut buf = [0u64; 16];
    while got.len() < N as usize {
        assert!(Instant::now() < deadline, "only {} items after 60 s", got.len());
        let n = q.dequeue_batch(&mut buf);
        got.extend_from_slice(&buf[..n]);
        if n == 0 {
            std::thread::yield_now();
        }
    }
    producer.join().unwrap();
    assert_eq!(got, (0..N).collect::<Vec<_>>());
    let s = q.stats();
    let card = rx.device().counters();
    assert_eq!(card.enqueued, N);
    assert!(card.overflows >= 10, "expected many overflows, card counted {}", card.overflows);
    assert!(s.extends + s.resumed_without_extend >= 1);
    eprintln!("queue stats {s:?}; card {card:?}; driver {:?}", rx.stats());
    // The last items can fill a buffer after the consumer has them all: that OVERFLOW is served
    // (extend, RESUME) by the interrupt thread, maybe after this point. Wait for it (a race seen
    // once in CI under load: 500 overflows, 499 extensions, so a fresh buffer came after the
    // checks below), so that the chain and the pool are final.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let s = q.stats();
        let served = s.extends + s.resumed_without_extend;
        if served >= rx.device().counters().overflows && rx.device().stalled() & (1 << 2) == 0 {
            break;
        }
        assert!(Instant::now() < deadline, "overflows not served after 5 s: {s:?}");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(q.is_empty());
    // Drained buffers are unlinked by the next dequeue that finds them empty.
    assert_eq!(q.dequeue_batch(&mut buf), 0);
    assert_eq!(q.chain_len(), 1, "drained buffers must be unlinked");
    // Retired buffers go back to the pool once the epoch has moved on.
    let deadline = Instant::now() + Duration::from_secs(5);
    while rx.device().dma().free_bytes() != free_before - buffer::bytes(3) {
        assert!(Instant::now() < deadline, "retired buffers not reclaimed ({} pending)", rx.pending_reclaim());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(rx.pending_reclaim(), 0);
    drop(tx_drv);
}

#[test]
fn len_counts_items_across_the_chain() {
    let c = cluster(2);
    let rx = PaperDriver::start(c.card(1)).unwrap();
    let tx = c.card(0);
    let _tx_drv = PaperDriver::start(tx.clone()).unwrap();
    let q = rx.create_queue(0, 3).unwrap();
    let page = tx.shadow_page(1, 0).unwrap();
    for i in 0..30 {
        page.store(i);
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while q.len() < 30 {
        assert!(Instant::now() < deadline, "len {} chain {}", q.len(), q.chain_len());
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(q.chain_len() > 2, "30 items in 4-item buffers need a chain");
    let mut out = [0u64; 64];
    assert_eq!(q.dequeue_batch(&mut out), 30);
    assert_eq!(&out[..30], &(0..30).collect::<Vec<_>>()[..]);
}

#[test]
fn overflow_while_a_dequeuer_is_inside_is_deferred_and_served_on_leave() {
    use renq_abi::paper::control::{DNP, FULL_PENDING};
    let c = cluster(2);
    let rx = PaperDriver::start(c.card(1)).unwrap();
    let tx = c.card(0);
    let _tx_drv = PaperDriver::start(tx.clone()).unwrap();
    let q = rx.create_queue(1, 3).unwrap(); // capacity 4: the 4th item stalls the queue
    let page = tx.shadow_page(1, 1).unwrap();
    q.inside_dequeue(|| {
        assert_eq!(q.control_word() & DNP, DNP);
        for i in 0..6 {
            page.store(i);
        }
        // The card stalls on item 3; the handler must not extend now, only flag it.
        let t0 = Instant::now();
        while q.control_word() & FULL_PENDING == 0 {
            assert!(t0.elapsed() < Duration::from_secs(5), "handler never deferred");
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(60)); // several handler polls
        assert_eq!(q.stats().extends, 0, "handler extended while a dequeuer was inside");
        assert_eq!(rx.device().stalled(), 1 << 1);
        assert_eq!(q.chain_len(), 1);
    });
    // Leaving served the deferred extension: resumed, the two waiting items land.
    let s = q.stats();
    assert_eq!((s.deferred, s.pending_served, s.extends), (1, 1, 1));
    assert_eq!(q.control_word(), 0);
    let mut got = Vec::new();
    let t0 = Instant::now();
    let mut buf = [0u64; 8];
    while got.len() < 6 {
        assert!(t0.elapsed() < Duration::from_secs(5), "got {got:?}");
        let n = q.dequeue_batch(&mut buf);
        got.extend_from_slice(&buf[..n]);
    }
    assert_eq!(got, vec![0, 1, 2, 3, 4, 5]);
}
