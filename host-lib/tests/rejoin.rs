//! A live sender on the RDMA fallback that pauses past its ticket's lease (docs/spec.md R.11,
//! "a live sender fenced"): the consumer skips its ticket and fences its late WRITE; the
//! sender re-joins with a fresh producer (new tickets) and enqueues the item again, so the
//! application sees `Ok` and the item exactly once, in this sender's order.
//!
//! The pause: node 1's shared memory stands in for a NIC with a 1.6 s round trip
//! (`RdmaShmConfig::rtt`), so its sender's WRITE comes 1.6 s after its fetch-and-add took the
//! ticket — longer than the 1 s lease — while node 2 writes a later ticket.

use renq::{Backend, Node, RdmaShmConfig};
use std::time::{Duration, Instant};

#[test]
fn a_sender_fenced_after_a_pause_rejoins_and_its_items_arrive_once_in_order() {
    let dir = std::env::temp_dir().join(format!("renq-rejoin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let open = |node, rtt| Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.clone(), node, rtt })).unwrap();
    let (home, slow, fast) = (open(0, Duration::ZERO), open(1, Duration::from_millis(1600)), open(2, Duration::ZERO));
    let rx = home.create_queue(1, 5).unwrap();
    let (slow_tx, fast_tx) = (slow.sender(0, 1).unwrap(), fast.sender(0, 1).unwrap());
    let got = std::thread::scope(|s| {
        let paused = s.spawn(|| {
            slow_tx.enqueue(1).expect("fenced, re-joined, enqueued: Ok");
            slow_tx.enqueue(2).expect("the re-joined sender goes on");
        });
        // Node 2's item takes the ticket after node 1's while node 1 waits out its round trip;
        // the consumer polls from the start, so node 1's ticket's lease runs out at ~1 s.
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            fast_tx.enqueue(100).unwrap();
        });
        let t0 = Instant::now();
        let mut got = vec![];
        while got.len() < 3 && t0.elapsed() < Duration::from_secs(60) {
            if let Some(v) = rx.dequeue_timeout(Duration::from_millis(100)).unwrap() {
                got.push(v);
            }
        }
        paused.join().unwrap();
        got
    });
    assert_eq!(got, vec![100, 1, 2], "node 1's items once each, in order, after node 2's");
    assert_eq!(rx.try_dequeue().unwrap(), None);
    assert_eq!(home.metrics().rdma_skipped, 1, "node 1's first ticket was skipped after its lease");
    let _ = std::fs::remove_dir_all(&dir);
}
