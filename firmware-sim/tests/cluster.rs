//! The in-process cluster: links, loopback, stall/resume back-pressure, interrupts, stress.

mod common;

use std::sync::atomic::Ordering::*;
use std::time::{Duration, Instant};

use common::*;
use renq_abi::buffer::{capacity, TAIL_WORD};
use renq_abi::csr::bits;
use renq_abi::paper::regs;
use renq_abi::paper::shadow::page_offset;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};

const BUF: u64 = 0x10_0000;

fn model_cluster(nodes: usize) -> Cluster {
    Cluster::new(ClusterConfig { nodes, engine: EngineKind::Model, memory_bytes: 8 << 20, card: CardKind::Paper })
}

#[test]
fn enqueue_across_nodes_and_loopback() {
    let c = model_cluster(3);
    for n in 0..3 {
        export_queue(&c.card(n), 4, BUF, 6);
    }
    let a = c.card(0);
    for i in 0..10 {
        a.bar2_write(page_offset(2, 4) + 8 * (i % 3), 1000 + i, 0xff);
        a.bar2_write(page_offset(0, 4), 2000 + i, 0xff); // loopback
    }
    c.wait_idle();
    let got: Vec<u64> = std::iter::from_fn(|| dequeue(c.memory(2), BUF, 6)).collect();
    assert_eq!(got, (1000..1010).collect::<Vec<_>>());
    let got: Vec<u64> = std::iter::from_fn(|| dequeue(c.memory(0), BUF, 6)).collect();
    assert_eq!(got, (2000..2010).collect::<Vec<_>>());
    assert_eq!(c.card(0).bar0_read(regs::CNT_SENT), 20);
    assert_eq!(c.card(2).bar0_read(regs::CNT_ENQUEUED), 10);
    assert_eq!(c.card(1).bar0_read(regs::CNT_ENQUEUED), 0);
    assert_eq!(c.card(2).bar0_read(regs::NODE_ID), 2);
    let s = a.bar_stats();
    assert_eq!((s.bar2_writes, s.bar2_by_size[8], s.bar2_bytes), (20, 20, 160));
    let d = c.card(2).bar_stats();
    assert_eq!((d.dma_reads, d.dma_writes), (20, 20), "2 reads + 2 writes per enqueue");
}

#[test]
fn stall_holds_packets_until_resume_and_irq_fires() {
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 0, BUF, 3);
    let tx = c.card(0);
    export_queue(&tx, 0, BUF, 3);
    for i in 0..6 {
        tx.bar2_write(page_offset(1, 0), i, 0xff);
    }
    c.wait_idle();
    // 4 items fill the 8-word buffer; the other 2 wait on the link.
    assert!(rx.wait_irq(Duration::from_secs(5)));
    assert_eq!(rx.bar0_read(regs::STALLED), 1);
    assert_eq!(rx.bar0_read(regs::CNT_OVERFLOWS), 1);
    assert_eq!(c.pending(1), 2);
    let m = rx.memory();
    assert_eq!(dequeue(m, BUF, 3), Some(0));
    assert_eq!(dequeue(m, BUF, 3), Some(1));
    rx.bar0_write(regs::IRQ_STATUS, 1 << bits::IRQ_OVERFLOW);
    assert!(!rx.wait_irq(Duration::from_millis(1)));
    rx.bar0_write(regs::RESUME, 0);
    c.wait_idle();
    assert_eq!(c.pending(1), 0);
    let got: Vec<u64> = std::iter::from_fn(|| dequeue(m, BUF, 3)).collect();
    assert_eq!(got, vec![2, 3, 4, 5]);
    assert_eq!(rx.bar0_read(regs::CNT_ENQUEUED), 6);
    assert_eq!(rx.bar0_read(regs::CNT_OVERFLOWS), 2, "full again after the last two");
}

#[test]
fn rejected_and_bad_header_never_touch_memory() {
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 1, BUF, 4);
    let tx = c.card(0);
    export_queue(&tx, 1, BUF, 4);
    let before = rx.memory().snapshot(0, 1 << 18);
    tx.bar2_write(page_offset(1, 2), 9, 0xff); // queue 2 not exported
    rx.memory().store_u64(word(BUF, TAIL_WORD), 2, Relaxed); // corrupt tail
    tx.bar2_write(page_offset(1, 1), 9, 0xff);
    c.wait_idle();
    let mut after = rx.memory().snapshot(0, 1 << 18);
    after[(BUF / 8 + TAIL_WORD) as usize] = before[(BUF / 8 + TAIL_WORD) as usize];
    assert!(before == after, "memory changed");
    assert_eq!(rx.bar0_read(regs::CNT_REJECTED), 1);
    assert_eq!(rx.bar0_read(regs::CNT_BAD_HEADER), 1);
    assert_eq!(rx.bar0_read(regs::IRQ_STATUS), 1 << bits::IRQ_BAD_HEADER);
    assert!(rx.wait_irq(Duration::from_secs(1)));
    // Bad stores at the sender.
    tx.bar2_write(page_offset(1, 1) + 4, 9, 0xff);
    tx.bar2_write(page_offset(1, 1), 9, 0x0f);
    assert_eq!(tx.bar0_read(regs::CNT_TX_DROPPED), 2);
    assert_eq!(tx.bar_stats().bar2_by_size[4], 1);
}

#[test]
fn arm_wakes_a_sleeping_consumer() {
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 3, BUF, 5);
    rx.bar0_write(regs::IRQ_MASK, 1 << bits::IRQ_NOTIFY);
    let tx = c.card(0);
    export_queue(&tx, 3, BUF, 5);
    rx.bar0_write(regs::ARM, 3);
    let rx2 = rx.clone();
    // (Timed from before the spawn: a thread that starts late must not look woken early.)
    let t = Instant::now();
    let sleeper = std::thread::spawn(move || {
        assert!(rx2.wait_irq(Duration::from_secs(10)));
        (t.elapsed(), dequeue(rx2.memory(), BUF, 5))
    });
    std::thread::sleep(Duration::from_millis(30));
    tx.bar2_write(page_offset(1, 3), 77, 0xff);
    let (waited, item) = sleeper.join().unwrap();
    assert!(waited >= Duration::from_millis(25));
    assert_eq!(item, Some(77));
    assert_eq!(rx.bar0_read(regs::ARMED), 0);
}

/// 8 producers × 100 000 items into one small queue on another node, a consumer that
/// dequeues and, on overflow, resumes the card (drain-and-resume, no extension).
#[test]
fn stress_eight_producers() {
    const PRODUCERS: u64 = 8;
    const ITEMS: u64 = 100_000;
    const K: u32 = 10;
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 7, BUF, K);
    export_queue(&c.card(0), 7, BUF, K);
    let start = Instant::now();
    let producers: Vec<_> = (0..PRODUCERS)
        .map(|p| {
            let tx = c.card(0);
            std::thread::spawn(move || {
                for i in 0..ITEMS {
                    tx.bar2_write(page_offset(1, 7), p << 32 | i, 0xff);
                }
            })
        })
        .collect();
    let mut next = [0u64; PRODUCERS as usize];
    let mut got = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while got < PRODUCERS * ITEMS {
        assert!(Instant::now() < deadline, "stuck after {got} items");
        match dequeue(rx.memory(), BUF, K) {
            Some(v) => {
                let (p, i) = ((v >> 32) as usize, v & 0xffff_ffff);
                assert_eq!(i, next[p], "producer {p} out of order");
                next[p] += 1;
                got += 1;
            }
            None => {
                resume_if_room(&rx, 7, BUF, K);
                std::thread::yield_now();
            }
        }
    }
    for p in producers {
        p.join().unwrap();
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "stress: {} items in {secs:.2} s = {:.2} M enqueues/s, {} overflows",
        got,
        got as f64 / secs / 1e6,
        rx.bar0_read(regs::CNT_OVERFLOWS)
    );
    assert_eq!(rx.bar0_read(regs::CNT_ENQUEUED), PRODUCERS * ITEMS);
    assert_eq!(c.card(0).bar_stats().bar2_writes, PRODUCERS * ITEMS);
    assert_eq!(c.card(0).bar0_read(regs::CNT_SENT), PRODUCERS * ITEMS);
    assert!(capacity(K) < PRODUCERS * ITEMS);
    assert_eq!(rx.memory().dma_errors(), 0);
    assert_eq!(rx.bar0_read(regs::CNT_BAD_HEADER), 0, "never resumed a full buffer");
}

#[test]
fn drop_is_clean_with_packets_waiting() {
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 0, BUF, 3);
    rx.bar0_write(regs::CONTROL, 0); // RX off: everything waits
    export_queue(&c.card(0), 0, BUF, 3);
    for i in 0..100 {
        c.card(0).bar2_write(page_offset(1, 0), i, 0xff);
    }
    c.wait_idle();
    assert_eq!(c.pending(1), 100);
    drop(c);
    // The handle outlives the cluster; it still answers (nothing is running behind it).
    assert_eq!(rx.bar0_read(regs::ID), regs::ID_VALUE);
}

/// The same cluster path with the RTL engine in every card.
#[test]
fn rtl_cluster_enqueues_and_stalls() {
    let c =
        Cluster::new(ClusterConfig { nodes: 2, engine: EngineKind::Rtl, memory_bytes: 8 << 20, card: CardKind::Paper });
    let rx = c.card(1);
    export_queue(&rx, 2, BUF, 3);
    export_queue(&c.card(0), 2, BUF, 3);
    assert_eq!(rx.bar0_read(regs::ID), regs::ID_VALUE);
    for i in 0..6 {
        c.card(0).bar2_write(page_offset(1, 2), 50 + i, 0xff);
    }
    c.wait_idle();
    assert!(rx.wait_irq(Duration::from_secs(5)));
    assert_eq!(rx.bar0_read(regs::STALLED), 1 << 2);
    assert_eq!(c.pending(1), 2);
    let m = rx.memory();
    assert_eq!(dequeue(m, BUF, 3), Some(50));
    rx.bar0_write(regs::IRQ_STATUS, 1 << bits::IRQ_OVERFLOW);
    rx.bar0_write(regs::RESUME, 2);
    c.wait_idle();
    let got: Vec<u64> = std::iter::from_fn(|| dequeue(m, BUF, 3)).collect();
    assert_eq!(got, vec![51, 52, 53, 54]);
    assert_eq!(c.pending(1), 1, "full again: the last item waits");
    assert_eq!(rx.bar0_read(regs::CNT_ENQUEUED), 5);
}

/// Packets from the network that lie about their destination or target unexported queues.
#[test]
fn injected_hostile_packets_are_rejected() {
    use renq_abi::packet::Packet;
    let c = model_cluster(2);
    let rx = c.card(1);
    export_queue(&rx, 0, BUF, 4);
    c.inject(0, 1, Packet::enqueue(9, 0, 0, 1)); // not for node 1
    c.inject(0, 1, Packet::enqueue(0, 1, 5, 2)); // not exported
    c.inject(0, 1, Packet::enqueue(0, 1, 0, 3)); // fine
    c.wait_idle();
    assert_eq!(rx.bar0_read(regs::CNT_REJECTED), 2);
    assert_eq!(rx.bar0_read(regs::CNT_ENQUEUED), 1);
    assert_eq!(dequeue(rx.memory(), BUF, 4), Some(3));
    assert_eq!(dequeue(rx.memory(), BUF, 4), None);
}

#[test]
fn faulty_links_lose_nothing_through_the_reliable_layer() {
    use renq_sim::faults::Faults;
    let faults = Faults { drop: 0.05, dup: 0.01, reorder: 0.02, corrupt: 0.01, down: None };
    let config = ClusterConfig { nodes: 3, engine: EngineKind::Model, memory_bytes: 8 << 20, card: CardKind::Paper };
    let c = Cluster::try_with_faults(config, faults, 3).unwrap();
    // Every card exports queue 1 (and so has TX and RX on); 0 → 2 and 1 → 0 carry items.
    for n in 0..3 {
        export_queue(&c.card(n), 1, BUF, 12);
    }
    for i in 0..2000 {
        c.card(0).bar2_write(page_offset(2, 1), i, 0xff);
        c.card(1).bar2_write(page_offset(0, 1), i, 0xff);
    }
    c.wait_idle();
    for n in [2, 0] {
        let got: Vec<u64> = std::iter::from_fn(|| dequeue(c.memory(n), BUF, 12)).collect();
        assert!(got.iter().copied().eq(0..2000), "node {n}: lost, duplicated or reordered ({} items)", got.len());
    }
    let s = c.link_stats().expect("faults were asked for");
    assert_eq!((s.receiver.delivered, s.abandoned), (4000, 0));
    assert!(s.sender.resent > 0 && s.receiver.duplicates > 0 && s.receiver.bad.crc > 0, "{s:?}");
    assert!(model_cluster(2).link_stats().is_none(), "no faults: the plain links");
}
