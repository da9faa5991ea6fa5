//! Node and queue ids in the library (issues 10, 13): `u16` everywhere, each transport's own
//! range (`Node::limits`), and an id beyond it a typed error — never truncated to a byte.

use renq::check::{encode, Verdict};
use renq::{Error, IdLimits, Node, Receiver};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::Duration;

fn cluster(card: CardKind) -> Cluster {
    Cluster::new(ClusterConfig { nodes: 2, engine: EngineKind::Model, card, memory_bytes: 16 << 20 })
}

/// Item `i` for queue `q`: names its queue, so an item in the wrong queue is seen.
fn item(q: u16, i: u64) -> u64 {
    u64::from(q) << 32 | i
}

fn take(rx: &Receiver, n: usize) -> Vec<u64> {
    let mut got = Vec::with_capacity(n);
    let mut buf = [0u64; 64];
    while got.len() < n {
        let k = rx.dequeue_batch_timeout(&mut buf, Duration::from_secs(10)).unwrap();
        assert!(k > 0, "queue {}: no item within 10 s after {} of {n}", rx.queue(), got.len());
        got.extend_from_slice(&buf[..k]);
    }
    got
}

/// Queues 300 and 4095 beside 44 and 255 — their low bytes: a truncating library would send
/// 300's items to 44 and 4095's to 255. Each queue gets exactly its own items, in order, over
/// several overflows, from the other node and from its own.
#[test]
fn card_queues_above_255_carry_verified_items() {
    let c = cluster(CardKind::Renq);
    let (a, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    const QUEUES: [u16; 4] = [44, 300, 255, 4095];
    const N: u64 = 100; // capacity 12 per buffer: 8 extensions each
    let rxs: Vec<Receiver> = QUEUES.iter().map(|&q| b.create_queue(q, 4).unwrap()).collect();
    for (&q, rx) in QUEUES.iter().zip(&rxs) {
        assert_eq!(rx.queue(), q);
        for from in [&a, &b] {
            let tx = from.sender(1, q).unwrap();
            assert_eq!((tx.node(), tx.queue()), (1, q));
            for i in 0..N {
                tx.enqueue(item(q, i)).unwrap();
            }
            tx.flush().unwrap();
        }
    }
    for (&q, rx) in QUEUES.iter().zip(&rxs) {
        let want: Vec<u64> = (0..N).chain(0..N).map(|i| item(q, i)).collect();
        assert_eq!(take(rx, want.len()), want, "queue {q}");
        assert_eq!(rx.try_dequeue().unwrap(), None, "queue {q}: nothing more");
        // The consumer follows the card's LINKs ahead of the interrupt thread's notes (§9c).
        let t0 = std::time::Instant::now();
        while rx.stats().extends + rx.stats().switches == 0 && t0.elapsed().as_secs() < 5 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let s = rx.stats();
        assert!(s.extends + s.switches > 0, "queue {q} overflowed");
    }
    let mut listed: Vec<u16> = b.metrics().queues.iter().map(|(q, _)| *q).collect();
    listed.sort();
    assert_eq!(listed, [44, 255, 300, 4095]);
    b.close_queue(4095).unwrap();
    assert!(matches!(rxs[3].try_dequeue(), Err(Error::Closed)));
    assert!(matches!(b.close_queue(4095), Err(Error::UnknownQueue(4095))));
    assert!(matches!(b.create_queue(300, 4), Err(Error::QueueExists(300))));
    assert!(matches!(b.receiver(300), Err(Error::DoubleConsumer(300))));
}

#[test]
fn card_ids_beyond_its_abi_are_typed_errors() {
    let c = cluster(CardKind::Renq);
    let a = Node::new(c.card(0)).unwrap();
    // The simulated card has the full queue table (CAPS = 2^12).
    let limits =
        IdLimits { nodes: renq_abi::MAX_NODES, queues: renq_abi::MAX_QUEUES, local_queues: renq_abi::MAX_QUEUES };
    assert_eq!(a.limits(), limits);
    let (q, n) = (renq_abi::MAX_QUEUES as u16, renq_abi::MAX_NODES as u16);
    assert_eq!((q, n), (4096, 1024));
    for bad in [q, q + 1, u16::MAX] {
        assert_eq!(a.create_queue(bad, 4).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.receiver(bad).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.close_queue(bad).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.sender(1, bad).err(), Some(Error::UnknownQueue(bad)));
    }
    for bad in [n, n + 1, u16::MAX] {
        assert_eq!(a.sender(bad, 0).err(), Some(Error::UnknownNode(bad)));
    }
    // The largest ids are accepted: a portal to (1023, 4095) is granted (the node is not in
    // this cluster, so nothing is sent on it).
    let tx = a.sender(n - 1, q - 1).unwrap();
    assert_eq!((tx.node(), tx.queue()), (1023, 4095));
}

/// The paper card keeps its 16 × 16 (`renq_abi::paper::MAX_NODES`, `MAX_QUEUES`): 16 and above are
/// typed errors, and so are ids whose low byte is in range (256 + 3 would truncate to 3).
#[test]
fn paper_card_ids_beyond_16_are_typed_errors() {
    let c = cluster(CardKind::Paper);
    let a = Node::new(c.card(0)).unwrap();
    let (q, n) = (renq_abi::paper::MAX_QUEUES, renq_abi::paper::MAX_NODES);
    assert_eq!(a.limits(), IdLimits { nodes: n, queues: q, local_queues: q });
    for bad in [16, 256 + 3, 4095, u16::MAX] {
        assert_eq!(a.create_queue(bad, 4).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.receiver(bad).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.close_queue(bad).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.sender(1, bad).err(), Some(Error::UnknownQueue(bad)));
        assert_eq!(a.sender(bad, 3).err(), Some(Error::UnknownNode(bad)));
    }
    let rx = a.create_queue(15, 4).unwrap();
    let tx = a.sender(0, 15).unwrap();
    tx.enqueue(7).unwrap();
    assert_eq!(rx.dequeue_timeout(Duration::from_secs(10)).unwrap(), Some(7));
    assert_eq!(a.receiver(3).err(), Some(Error::UnknownQueue(3)), "queue 3 was never created");
}

/// Node ids above 255 on the card (the simulator's cluster with chosen NODE_IDs): nodes 44,
/// 300 (whose low byte is 44) and 1023. Node 1023 sends to queue 4095 on 300 and on 44, and
/// each node to itself; every queue gets exactly its own items, and the OUTCOMEs find their
/// way back (each flush completes with every item accepted).
#[test]
fn card_nodes_above_255_carry_verified_items() {
    let config = ClusterConfig { nodes: 3, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes: 16 << 20 };
    let c = Cluster::try_with_node_ids(config.clone(), &[44, 300, 1023]).unwrap();
    let nodes: Vec<Node> = (0..3).map(|i| Node::new(c.card(i)).unwrap()).collect();
    assert_eq!(nodes.iter().map(Node::id).collect::<Vec<_>>(), [44, 300, 1023]);
    const N: u64 = 60;
    let rxs: Vec<Receiver> = nodes.iter().map(|n| n.create_queue(4095, 4).unwrap()).collect();
    for (src, dst) in [(2, 1), (2, 0), (0, 0), (1, 1), (2, 2)] {
        let tx = nodes[src].sender(nodes[dst].id(), 4095).unwrap();
        for i in 0..N {
            tx.enqueue(item(nodes[src].id(), i)).unwrap();
        }
        tx.flush().unwrap();
        assert_eq!(tx.status().unwrap().accepted, N, "{src} -> {dst}");
    }
    let from = |srcs: &[u16]| -> Vec<u64> { srcs.iter().flat_map(|&s| (0..N).map(move |i| item(s, i))).collect() };
    assert_eq!(take(&rxs[1], 2 * N as usize), from(&[1023, 300]));
    assert_eq!(take(&rxs[0], 2 * N as usize), from(&[1023, 44]));
    assert_eq!(take(&rxs[2], N as usize), from(&[1023]));
    for rx in &rxs {
        assert_eq!(rx.try_dequeue().unwrap(), None);
    }
    assert_eq!(c.unroutable(), 0);
    let bad = |ids: &[u16]| Cluster::try_with_node_ids(config.clone(), ids);
    assert!(bad(&[3, 1024]).is_err(), "beyond the card's NODE_ID");
    assert!(bad(&[7, 7]).is_err(), "a node id twice");
    let paper = ClusterConfig { card: CardKind::Paper, ..config };
    assert!(Cluster::try_with_node_ids(paper, &[0, 16]).is_err(), "beyond the paper card's NODE_ID");
}

/// Clusters beyond 16 cards: a cluster holds as many cards as the card's NODE_ID names (the
/// card: 1 024), each card's inbox one link per card. 64 cards each send their own items into
/// one queue of node 0: every item arrives once, in its producer's order.
#[test]
fn card_cluster_of_64_cards_sends_to_one_queue() {
    const CARDS: usize = 64;
    const N: u64 = 150;
    let config = ClusterConfig { nodes: CARDS, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes: 4 << 20 };
    let c = Cluster::try_new(config).unwrap();
    let nodes: Vec<Node> = (0..CARDS).map(|i| Node::new(c.card(i)).unwrap()).collect();
    let rx = nodes[0].create_queue(7, 10).unwrap();
    std::thread::scope(|s| {
        for node in &nodes {
            s.spawn(move || {
                let tx = node.sender(0, 7).unwrap();
                for i in 0..N {
                    tx.enqueue(encode(node.id(), i)).unwrap();
                }
                tx.flush().unwrap();
            });
        }
        let mut verdict = Verdict::new(CARDS, N);
        for word in take(&rx, CARDS * N as usize) {
            verdict.feed(word).unwrap_or_else(|e| panic!("item {word:#x}: {e}"));
        }
        verdict.finish().expect("every card's items exactly once, in order");
    });
    assert_eq!(rx.try_dequeue().unwrap(), None);
    assert_eq!(c.unroutable(), 0);
}

/// The whole card node range in one cluster: 1 024 cards, nodes 0..=1023; nodes 1 023, 512
/// and 1 send to node 0 and node 0 answers to 1 023. One card more, or 17 paper cards, is a
/// typed error.
#[test]
fn card_cluster_spans_the_whole_node_range() {
    let config = ClusterConfig { nodes: 1024, engine: EngineKind::Model, card: CardKind::Renq, memory_bytes: 1 << 20 };
    let c = Cluster::try_new(config.clone()).unwrap();
    assert_eq!(c.nodes(), 1024);
    let node = |i: usize| Node::new(c.card(i)).unwrap();
    let (n0, n1023) = (node(0), node(1023));
    let rx0 = n0.create_queue(4095, 6).unwrap();
    let rx1023 = n1023.create_queue(3, 6).unwrap();
    const N: u64 = 100;
    for src in [node(1023), node(512), node(1)] {
        let tx = src.sender(0, 4095).unwrap();
        (0..N).for_each(|i| tx.enqueue(item(src.id(), i)).unwrap());
        tx.flush().unwrap();
    }
    let tx = n0.sender(1023, 3).unwrap();
    (0..N).for_each(|i| tx.enqueue(item(0, i)).unwrap());
    tx.flush().unwrap();
    let from = |srcs: &[u16]| -> Vec<u64> { srcs.iter().flat_map(|&s| (0..N).map(move |i| item(s, i))).collect() };
    assert_eq!(take(&rx0, 3 * N as usize), from(&[1023, 512, 1]));
    assert_eq!(take(&rx1023, N as usize), from(&[0]));
    assert_eq!(c.unroutable(), 0);
    drop(c);
    let err = Cluster::try_new(ClusterConfig { nodes: 1025, ..config.clone() }).err().unwrap();
    assert!(err.to_string().contains("1..=1024"), "{err}");
    let err = Cluster::try_new(ClusterConfig { nodes: 17, card: CardKind::Paper, ..config }).err().unwrap();
    assert!(err.to_string().contains("1..=16 (paper card)"), "{err}");
}
