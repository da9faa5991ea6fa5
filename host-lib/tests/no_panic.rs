//! No panic reaches a caller (issue 32, point 5): every public method of `renq` (on the card
//! and on the RDMA fallback) and of `renq-rdma`'s queue types, called after close, after the
//! other side was dropped, and with each class of bad argument, returns a value or a typed
//! error. Each case runs in a child process (this test binary re-run with RENQ_NO_PANIC_CASE),
//! so a panic, an abort or a hang (killed after 60 s) fails the case without hiding the others.

use renq::{Backend, Error, Node, RdmaShmConfig, Receiver, Sender};
use renq_rdma::{fast, seed, RdmaDequeue, RdmaEnqueue, ShmRegion};
use renq_sim::{CardKind, Cluster, ClusterConfig};
use std::process::Command;
use std::time::{Duration, Instant};

const ENV: &str = "RENQ_NO_PANIC_CASE";

/// Two nodes of a transport: (node 0, node 1, what keeps them alive).
type Pair = (Node, Node, Box<dyn std::any::Any>);

fn card_pair(card: CardKind) -> Pair {
    let c = Cluster::new(ClusterConfig { nodes: 2, card, ..Default::default() });
    (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap(), Box::new(c))
}

fn rdma_pair() -> Pair {
    let dir = std::env::temp_dir().join(format!("renq-no-panic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let open = |node| Node::open(Backend::RdmaShm(RdmaShmConfig { dir: dir.clone(), node, rtt: Duration::ZERO }));
    (open(0).unwrap(), open(1).unwrap(), Box::new(()))
}

/// Every method of a receiver; none may panic. Returns `try_dequeue`'s answer.
fn every_receiver_method(rx: &Receiver) -> renq::Result<Option<u64>> {
    let _ = (rx.queue(), rx.len(), rx.is_empty(), rx.buffers(), rx.stats(), rx.head_doorbell());
    let _ = rx.set_head_doorbell(0);
    let _ = rx.set_head_doorbell(u32::MAX);
    let _ = rx.dequeue_batch(&mut []);
    let _ = rx.dequeue_batch(&mut [0; 8]);
    let _ = rx.dequeue_batch_timeout(&mut [0; 8], Duration::ZERO);
    let _ = rx.dequeue_batch_timeout(&mut [], Duration::MAX);
    let _ = rx.dequeue_timeout(Duration::ZERO);
    rx.try_dequeue()
}

/// Every method of a sender; none may panic.
fn every_sender_method(tx: &Sender) -> (renq::Result<()>, renq::Result<()>) {
    let _ = (tx.node(), tx.queue(), tx.status(), tx.retries());
    let e = tx.enqueue(1);
    (e, tx.flush())
}

/// Every method of a node with bad ids and sizes of each class.
fn every_node_method_with_bad_arguments(n: &Node) {
    let l = n.limits();
    let _ = (n.id(), n.metrics(), n.card_driver().is_some(), n.paper_driver().is_some());
    let big_node = u16::try_from(l.nodes).unwrap_or(u16::MAX);
    let big_queue = u16::try_from(l.local_queues).unwrap_or(u16::MAX);
    for (node, queue) in [(big_node, 0), (0, big_queue), (u16::MAX, u16::MAX)] {
        if (node as usize) < l.nodes && (queue as usize) < l.queues {
            continue; // every u16 is a valid id here (the RDMA fallback)
        }
        assert!(n.sender(node, queue).is_err());
        assert!(n.grant(node, queue).is_err());
    }
    for k in [0, 1, 2, 63, 64, 100, u32::MAX] {
        match n.create_queue(9, k) {
            Err(Error::SizeNotAllowed(_)) => {}
            Ok(rx) => drop(rx),
            Err(e) => panic!("create_queue(9, {k}): {e} (expected SizeNotAllowed or a queue)"),
        }
        let _ = n.close_queue(9);
    }
    if (big_queue as usize) >= l.local_queues {
        assert!(matches!(n.create_queue(big_queue, 10), Err(Error::UnknownQueue(_))));
        assert!(n.receiver(big_queue).is_err());
        assert!(n.close_queue(big_queue).is_err());
    }
    assert!(n.receiver(77).is_err(), "a queue never created");
    assert!(n.close_queue(77).is_err(), "a queue never created");
}

/// Queue 1 on node 1 closed, then everything on it.
fn after_close((a, b, _keep): Pair) {
    let rx = b.create_queue(1, 10).unwrap();
    let tx = a.sender(1, 1).unwrap();
    tx.enqueue(5).unwrap();
    tx.flush().unwrap();
    let first = rx.dequeue_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(first, Some(5));
    b.close_queue(1).unwrap();
    assert!(matches!(every_receiver_method(&rx), Err(Error::Closed)), "closed and drained");
    assert!(matches!(rx.dequeue(), Err(Error::Closed)), "the blocking dequeue returns");
    assert!(matches!(rx.dequeue_timeout(Duration::MAX), Err(Error::Closed)));
    let _ = rx.close();
    let _ = b.close_queue(1);
    let (e, f) = every_sender_method(&tx);
    // The paper card cannot tell a sender anything (its card counts the rejected store).
    let told = e.is_err() || f.is_err() || a.paper_driver().is_some();
    assert!(told, "a closed queue takes nothing: {e:?} {f:?}");
    let _ = a.sender(1, 1).map(|tx| every_sender_method(&tx));
    let _ = b.receiver(1);
    every_node_method_with_bad_arguments(&a);
    every_node_method_with_bad_arguments(&b);
}

/// The receiver dropped (the queue stays), then the node that made it; the sender goes on.
fn after_drop((a, b, keep): Pair) {
    let rx = b.create_queue(1, 10).unwrap();
    let tx = a.sender(1, 1).unwrap();
    drop(rx);
    let _ = every_sender_method(&tx);
    let rx = b.receiver(1).expect("the queue outlives its receiver");
    assert!(matches!(b.receiver(1), Err(Error::DoubleConsumer(1))));
    drop(b);
    let _ = every_receiver_method(&rx);
    let _ = every_sender_method(&tx);
    drop(a);
    let _ = every_sender_method(&tx);
    drop(tx);
    let _ = every_receiver_method(&rx);
    drop(keep);
}

/// The RDMA fallback's own queue types after close and after the other side is dropped.
fn rdma_queue_types() {
    let r = ShmRegion::create_memfd("renq-no-panic", 1 << 16).unwrap();
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(1).unwrap();
    c.close();
    c.close();
    assert_eq!(c.dequeue(), Ok(1));
    assert_eq!(c.dequeue(), Err(renq_rdma::Error::Closed));
    assert_eq!(c.try_dequeue(), Err(renq_rdma::Error::Closed));
    assert_eq!(c.poll(), Err(renq_rdma::Error::Closed));
    assert_eq!(c.dequeue_batch(&mut [0; 4]), Err(renq_rdma::Error::Closed));
    let _ = (c.ready(), c.skipped(), c.layout(), c.counters());
    assert_eq!(p.enqueue(2), Err(renq_rdma::Error::Closed));
    let _ = (p.flush(), p.counters(), p.wait_polls());
    assert!(fast::Producer::attach(r.handle(), 0).is_err(), "attach after close");
    // The consumer dropped (drop closes): a producer waiting for room returns.
    let r = ShmRegion::create_memfd("renq-no-panic-2", 1 << 16).unwrap();
    let c = fast::Consumer::create(r.handle(), 0, 2).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(1).unwrap();
    p.enqueue(2).unwrap();
    let waiter = std::thread::spawn(move || p.enqueue(3));
    std::thread::sleep(Duration::from_millis(100));
    drop(c);
    assert_eq!(waiter.join().unwrap(), Err(renq_rdma::Error::Closed));
    // The seed queue: its producer after its consumer is gone, and bad geometry.
    let r = ShmRegion::create_memfd("renq-no-panic-3", 1 << 16).unwrap();
    let mut c = seed::Consumer::create(r.handle(), 0, 4, seed::Variant::LapTurn).unwrap();
    let mut p = seed::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(1).unwrap();
    assert_eq!(c.dequeue(), Ok(1));
    assert_eq!(c.try_dequeue(), Ok(None));
    drop(c);
    p.enqueue(2).unwrap();
    let _ = (p.flush(), p.counters(), p.wait_polls());
    for (base, n) in [(0, 0), (8, 4), (0, u64::MAX), (u64::MAX - 63, 4)] {
        assert!(fast::Consumer::create(r.handle(), base, n).is_err());
        assert!(seed::Consumer::create(r.handle(), base, n, seed::Variant::Faithful).is_err());
        let _ = fast::Producer::attach(r.handle(), base);
        let _ = seed::Producer::attach(r.handle(), base);
    }
}

/// Send-only handles and grants with bad tickets, revoked grants and the wrong card; a
/// backend that cannot open.
fn send_only_and_bad_backends() {
    let c = Cluster::new(ClusterConfig { nodes: 2, ..Default::default() });
    let (owner, home) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = home.create_queue(2, 10).unwrap();
    assert!(Node::attach(c.card(0)).is_err(), "the card's send-only handles need grants");
    let g = owner.grant(1, 2).unwrap();
    let t = g.ticket();
    assert!(owner.grant(1, u16::MAX).is_err());
    let bogus = renq::PortalGrant { index: u16::MAX, node: 1, queue: 2 };
    let so = Node::attach_granted(c.card(0), vec![t, bogus]).unwrap();
    let _ = (so.id(), so.limits(), so.metrics(), so.card_driver().is_some(), so.paper_driver().is_some());
    assert!(matches!(so.create_queue(3, 10), Err(Error::NotOwner)));
    assert!(matches!(so.receiver(2), Err(Error::NotOwner)));
    assert!(matches!(so.close_queue(2), Err(Error::NotOwner)));
    assert!(so.grant(1, 2).is_err());
    assert!(matches!(so.sender(1, 3), Err(Error::NotGranted { .. })));
    let tx = so.sender(1, 2).unwrap();
    tx.enqueue(9).unwrap();
    tx.flush().unwrap();
    assert_eq!(rx.dequeue_timeout(Duration::from_secs(10)).unwrap(), Some(9));
    let _ = so.sender(1, 2).map(|bad| every_sender_method(&bad)); // the bogus portal index
    drop(g); // revoked: the send-only sender's stores are dropped and its flush says so
    let told = (0..100).any(|_| {
        let (e, f) = every_sender_method(&tx);
        let told = e.is_err() || f.is_err();
        if !told {
            std::thread::sleep(Duration::from_millis(10)); // the revocation may trail a store
        }
        told
    });
    assert!(told, "a revoked grant's sender is told within a second");
    let paper = Cluster::new(ClusterConfig { nodes: 1, card: CardKind::Paper, ..Default::default() });
    assert!(Node::attach_granted(paper.card(0), vec![t]).is_err(), "the paper card has no portals");
    let p = Node::attach(paper.card(0)).unwrap();
    assert!(matches!(p.create_queue(1, 10), Err(Error::NotOwner)));
    let _ = p.sender(0, 1).map(|tx| every_sender_method(&tx));
    // The RDMA fallback in a directory it cannot make (under a file), and its backend name.
    let file = std::env::temp_dir().join(format!("renq-no-panic-file-{}", std::process::id()));
    std::fs::write(&file, b"").unwrap();
    let bad = RdmaShmConfig { dir: file.join("sub"), node: 0, rtt: Duration::MAX };
    assert_eq!(Backend::RdmaShm(bad.clone()).name(), "rdma-shm");
    assert!(Node::open(Backend::RdmaShm(bad)).is_err());
    let _ = std::fs::remove_file(&file);
    // A round trip longer than the clock can add: refused at open, not a panic at the first FAA.
    let dir = std::env::temp_dir().join(format!("renq-no-panic-rtt-{}", std::process::id()));
    let slow = RdmaShmConfig { dir: dir.clone(), node: 0, rtt: Duration::MAX };
    assert!(matches!(Node::open(Backend::RdmaShm(slow)), Err(Error::Transport(m)) if m.contains("round trip")));
    let _ = std::fs::remove_dir_all(&dir);
}

const CASES: &[(&str, fn())] = &[
    ("send-only handles, grants and bad backends", send_only_and_bad_backends),
    ("card: after close", || after_close(card_pair(CardKind::Renq))),
    ("paper card: after close", || after_close(card_pair(CardKind::Paper))),
    ("rdma-shm: after close", || after_close(rdma_pair())),
    ("card: after drop", || after_drop(card_pair(CardKind::Renq))),
    ("paper card: after drop", || after_drop(card_pair(CardKind::Paper))),
    ("rdma-shm: after drop", || after_drop(rdma_pair())),
    ("renq-rdma queue types", rdma_queue_types),
];

/// The child's side: runs the case named in the environment (nothing when run as a test).
#[test]
fn child_runs_one_case() {
    let Ok(name) = std::env::var(ENV) else { return };
    let (_, case) = CASES.iter().find(|(n, _)| *n == name).expect("a known case");
    case();
}

#[test]
fn every_method_after_close_after_drop_and_with_bad_arguments_in_child_processes() {
    let exe = std::env::current_exe().unwrap();
    let mut failed = vec![];
    for (name, _) in CASES {
        let mut child = Command::new(&exe)
            .args(["--exact", "child_runs_one_case", "--nocapture", "--test-threads=1"])
            .env(ENV, name)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let t0 = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break Some(s);
            }
            if t0.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        match status {
            Some(s) if s.success() && !text.contains("panicked") => println!("{name}: ok"),
            Some(s) => failed.push(format!("{name}: {s}\n{text}")),
            None => failed.push(format!("{name}: hung (killed after 60 s)\n{text}")),
        }
    }
    assert!(failed.is_empty(), "cases that panicked, aborted or hung:\n{}", failed.join("\n"));
}
