//! One application, two transports: the same code runs on the card (simulated cluster) and on
//! the RDMA fallback; only the `Backend` given to `Node::open` differs.

use renq::{Backend, Error, Node, RdmaShmConfig};
use renq_sim::{Cluster, ClusterConfig};
use std::time::Duration;

const PRODUCERS: u64 = 4;
const ITEMS: u64 = 5_000;

/// The application: producers on `senders` nodes enqueue into queue 2 on `home`; the consumer
/// checks exactly-once and FIFO per producer. Returns the number of items received.
fn application(home: &Node, senders: &[Node]) -> u64 {
    let rx = home.create_queue(2, 5).expect("create");
    std::thread::scope(|s| {
        for p in 0..PRODUCERS {
            let tx = senders[p as usize % senders.len()].sender(home.id(), 2).expect("sender");
            s.spawn(move || {
                for i in 0..ITEMS {
                    tx.enqueue(p << 32 | i).expect("enqueue");
                }
            });
        }
        let mut next = vec![0u64; PRODUCERS as usize];
        let mut got = 0;
        while got < PRODUCERS * ITEMS {
            let v = rx.dequeue_timeout(Duration::from_secs(20)).expect("dequeue").expect("an item within 20 s");
            let (p, i) = ((v >> 32) as usize, v & 0xffff_ffff);
            assert_eq!(i, next[p], "producer {p}: FIFO, no loss, no duplicate");
            next[p] += 1;
            got += 1;
        }
        assert_eq!(rx.try_dequeue().unwrap(), None, "nothing extra");
        assert!(rx.is_empty());
        got
    })
}

#[test]
fn same_application_on_the_card() {
    let cluster = Cluster::new(ClusterConfig { nodes: 3, ..Default::default() });
    let nodes: Vec<Node> = (0..3).map(|i| Node::open(Backend::Card(cluster.card(i))).unwrap()).collect();
    assert_eq!(application(&nodes[0], &nodes[1..]), PRODUCERS * ITEMS);
}

fn rdma_dir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("renq-rdma-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn rdma_nodes(dir: &std::path::Path, n: renq::NodeId) -> Vec<Node> {
    (0..n)
        .map(|node| {
            Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.to_path_buf(), node, rtt: Duration::ZERO })).unwrap()
        })
        .collect()
}

#[test]
fn same_application_on_the_rdma_fallback() {
    let dir = rdma_dir("app");
    let nodes = rdma_nodes(&dir, 3);
    assert_eq!(application(&nodes[0], &nodes[1..]), PRODUCERS * ITEMS);
    // The senders' verbs operations: one FAA + one posted WRITE per enqueue, plus a READ of the
    // consumer's head about once per ring lap (the ring holds 28 items) — far fewer when the
    // consumer keeps up.
    let mut ops = renq_rdma::OpCounters::default();
    for n in &nodes[1..] {
        ops.add(&n.metrics().rdma.expect("rdma counters"));
    }
    let items = PRODUCERS * ITEMS;
    assert_eq!(ops.faas, items);
    assert_eq!(ops.writes, items);
    assert_eq!(ops.cases, 0);
    assert!(ops.round_trips >= items && ops.round_trips <= items + ops.reads);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rdma_fallback_reports_the_same_errors() {
    let dir = rdma_dir("errors");
    let nodes = rdma_nodes(&dir, 2);
    assert!(matches!(nodes[1].sender(0, 7), Err(Error::UnknownQueue(7))), "no such queue yet");
    let rx = nodes[0].create_queue(7, 3).unwrap();
    assert!(matches!(nodes[0].create_queue(7, 3), Err(Error::QueueExists(7))));
    assert!(matches!(nodes[0].create_queue(8, 17), Err(Error::SizeNotAllowed(17))));
    assert!(matches!(nodes[0].receiver(7), Err(Error::DoubleConsumer(7))));
    // No id field to outgrow: a node no queue was created on has no such queue.
    assert_eq!(nodes[0].limits(), renq::IdLimits::ALL);
    assert!(matches!(nodes[0].sender(16, 0), Err(Error::UnknownQueue(0))));
    let tx = nodes[1].sender(0, 7).unwrap();
    for v in 1..=4 {
        tx.enqueue(v).unwrap(); // a 2^3-word card buffer holds 4: so does the ring
    }
    assert_eq!(rx.len(), 4);
    let mut out = [0u64; 8];
    assert_eq!(rx.dequeue_batch(&mut out).unwrap(), 4);
    assert_eq!(&out[..4], &[1, 2, 3, 4]);
    assert_eq!(rx.dequeue_timeout(Duration::from_millis(20)).unwrap(), None);
    drop(rx);
    let rx = nodes[0].receiver(7).expect("the consumer is handed back when its Receiver drops");
    tx.enqueue(5).unwrap();
    assert_eq!(rx.dequeue().unwrap(), 5);
    tx.enqueue(6).unwrap();
    nodes[0].close_queue(7).unwrap();
    assert!(matches!(nodes[1].sender(0, 7), Err(Error::UnknownQueue(7))), "closed: no new senders");
    assert!(matches!(tx.enqueue(7), Err(Error::Closed)), "closed: the attached sender is refused");
    assert_eq!(rx.dequeue().unwrap(), 6, "what landed before the close is drained");
    assert!(matches!(rx.try_dequeue(), Err(Error::Closed)));
    assert!(nodes[0].card_driver().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ids above the cards' ranges on the RDMA fallback (issues 10, 13): node 1000 and queues 300,
/// 4096 and 65535 carry verified items; its regions are named by those ids.
#[test]
fn rdma_fallback_takes_every_u16_id() {
    let dir = rdma_dir("ids");
    let open = |node| Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.clone(), node, rtt: Duration::ZERO }));
    let (consumer, producer) = (open(1000).unwrap(), open(65535).unwrap());
    assert_eq!((consumer.id(), producer.id()), (1000, 65535));
    for queue in [300, 4096, u16::MAX] {
        let rx = consumer.create_queue(queue, 3).unwrap();
        assert_eq!(rx.queue(), queue);
        assert!(dir.join(format!("node1000-queue{queue}.renq")).exists());
        let tx = producer.sender(1000, queue).unwrap();
        assert_eq!((tx.node(), tx.queue()), (1000, queue));
        for v in 0..3 {
            tx.enqueue(u64::from(queue) << 8 | v).unwrap();
        }
        let mut out = [0u64; 4];
        assert_eq!(rx.dequeue_batch(&mut out).unwrap(), 3);
        assert_eq!(out[..3], [0, 1, 2].map(|v| u64::from(queue) << 8 | v));
        assert!(matches!(consumer.create_queue(queue, 3), Err(Error::QueueExists(q)) if q == queue));
    }
    assert!(matches!(producer.sender(999, 300), Err(Error::UnknownQueue(300))));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `Receiver::close` on the RDMA fallback (issue 12 point 3): a sender blocked on a full ring
/// and one enqueueing afterwards both get `Error::Closed`, never a hang; dropping the node
/// (the consumer going away) closes an open queue the same way.
#[test]
fn rdma_receiver_close_refuses_every_sender() {
    let dir = rdma_dir("close");
    let nodes = rdma_nodes(&dir, 2);
    let rx = nodes[0].create_queue(3, 3).unwrap(); // a ring of 4
    let tx = nodes[1].sender(0, 3).unwrap();
    let blocked = std::thread::spawn(move || (0..100).try_for_each(|v| tx.enqueue(v)));
    while rx.len() < 4 {
        std::thread::yield_now();
    }
    rx.close().unwrap();
    assert!(matches!(blocked.join().unwrap(), Err(Error::Closed)), "the waiting sender is told");
    let mut out = [0u64; 8];
    assert_eq!(rx.dequeue_batch(&mut out).unwrap(), 4);
    assert_eq!(&out[..4], &[0, 1, 2, 3]);
    assert!(matches!(rx.dequeue_batch(&mut out), Err(Error::Closed)));
    assert!(matches!(nodes[1].sender(0, 3), Err(Error::UnknownQueue(3))));
    assert_eq!(nodes[0].metrics().rdma_skipped, 0);

    // The consumer's node goes away with the queue open: its senders get Closed.
    let rx2 = nodes[0].create_queue(4, 3).unwrap();
    let tx2 = nodes[1].sender(0, 4).unwrap();
    tx2.enqueue(1).unwrap();
    drop((rx, rx2)); // Receivers hold their node
    let mut nodes = nodes;
    drop(nodes.remove(0));
    let r = tx2.enqueue(2);
    assert!(matches!(r, Err(Error::Closed)), "{r:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
