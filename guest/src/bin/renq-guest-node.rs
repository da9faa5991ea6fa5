//! `renq-guest-node`: the project's real stack — renq (host-lib) on renq-driver's MMIO device —
//! inside a QEMU guest, against the card `renq-qemu-dev` serves:
//!
//! renq-driver's UIO backend (`renq_driver::pci`):
//! * BARs: the card bound to uio_pci_generic, BAR0/BAR2 mapped from sysfs;
//! * interrupts: the ivshmem doorbell's MSI-X vector 0 through vfio-pci into an eventfd,
//!   which is where `renq-qemu-dev` sends the card's interrupt line;
//! * DMA memory: one 2 MiB huge page (contiguous, locked), device address = guest-physical.
//!
//! `renq-guest-node loopback COUNT`: one node enqueues COUNT items into its own queue, created
//! tiny so the driver's overflow handler (OVERFLOW interrupt → extend → RESUME) runs many times,
//! while a consumer thread dequeues them with blocking waits (ARM → NOTIFY interrupt); checks
//! exactly-once FIFO delivery.
//!
//! `renq-guest-node send PEER COUNT` / `recv PEER COUNT`: two guests whose cards are linked. Both
//! create queue 0; the receiver keeps sending a "ready" item to the sender's queue until the first
//! real item arrives (a packet to a queue not yet exported is rejected by design, so readiness
//! must be learnt, not assumed); the sender waits for "ready", then enqueues COUNT items to the
//! receiver, which checks FIFO exactly-once delivery into its tiny, constantly overflowing queue.
//!
//! Either card: the library speaks the register map the card's ID names (the paper card, or
//! the card with portals when `renq-qemu-dev --card renq` serves it).
//!
//! Prints `RENQ-NODE key=value` lines and `RENQ-SMOKE-OK`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use renq::check::{encode, Verdict};
use renq::Node;
use renq_driver::pci::sysfs::Sysfs;
use renq_driver::pci::{Binding, PciCard};

/// Tiny first buffer (8 words, 4 items) so that overflow handling is exercised constantly.
const LOG2_WORDS: u32 = renq_abi::buffer::MIN_LOG2_WORDS;

fn report(key: &str, value: impl std::fmt::Display) {
    println!("RENQ-NODE {key}={value}");
}

/// The card through renq-driver's UIO backend (see the module doc).
fn open_device() -> Arc<PciCard> {
    let card = PciCard::open(Binding::Uio, &Sysfs::system()).unwrap_or_else(|e| panic!("opening the card: {e}"));
    let (phys, len) = card.dma_region();
    report("dma_region", format!("{phys:#x}+{len:#x}"));
    Arc::new(card)
}

fn loopback(count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let tx = node.sender(node.id(), 0).expect("sender");
    let consumer = std::thread::spawn(move || {
        let mut waits = 0u64;
        let mut verdict = Verdict::new(1, count);
        for i in 0..count {
            let v = match rx.try_dequeue().expect("try_dequeue") {
                Some(v) => v,
                // Empty: block (ARM, re-check, sleep on the NOTIFY interrupt).
                None => {
                    waits += 1;
                    let v = rx.dequeue_timeout(Duration::from_secs(20)).expect("dequeue_timeout");
                    v.unwrap_or_else(|| panic!("item {i} did not arrive within 20 s"))
                }
            };
            verdict.feed(v).unwrap_or_else(|e| panic!("item {i}: {e}"));
        }
        report("verdict", verdict.finish().expect("exactly once, FIFO").line().replace(' ', "_"));
        waits
    });
    let t = Instant::now();
    for i in 0..count {
        tx.enqueue(encode(0, i)).expect("enqueue");
    }
    // The card stores again, after RETRY, the items a stalled queue refused: flush settles them
    // (a no-op on the paper card, whose link holds packets instead).
    tx.flush().expect("flush");
    let waits = consumer.join().expect("consumer");
    let secs = t.elapsed().as_secs_f64();
    let m = node.metrics();
    report("items", count);
    report("items_per_s", format!("{:.0}", count as f64 / secs));
    report("blocking_waits", waits);
    report("driver", format!("{:?}", m.driver).replace(' ', ""));
    report("card", format!("{:?}", m.card).replace(' ', ""));
    assert!(m.driver.overflow_irqs > 0 || m.card.overflows > 0, "no overflow happened: the test did not test it");
}

/// The receiver's "ready" item (never a data item: no producer 0xffff).
const READY: u64 = u64::MAX;

fn send(peer: renq::NodeId, count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let t = Instant::now();
    let ready = rx.dequeue_timeout(Duration::from_secs(120)).expect("dequeue_timeout");
    assert_eq!(ready, Some(READY), "no ready item from node {peer}");
    report("peer_ready_after_s", format!("{:.1}", t.elapsed().as_secs_f64()));
    let tx = node.sender(peer, 0).expect("sender");
    let t = Instant::now();
    for i in 0..count {
        tx.enqueue(encode(0, i)).expect("enqueue");
    }
    tx.flush().expect("flush");
    report("sent", count);
    report("send_us_per_item", format!("{:.1}", t.elapsed().as_secs_f64() * 1e6 / count as f64));
    report("card", format!("{:?}", node.metrics().card).replace(' ', ""));
}

fn recv(peer: renq::NodeId, count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let mut tx = node.sender(peer, 0).expect("sender");
    let t = Instant::now();
    let first = loop {
        match tx.enqueue(READY) {
            Ok(()) => {}
            // The card tells the sender that the peer's queue 0 does not exist yet (its portal
            // learnt REJECTED): start over with a fresh portal. The paper card drops silently.
            Err(renq::Error::Rejected { .. }) => tx = node.sender(peer, 0).expect("sender"),
            Err(e) => panic!("enqueue ready: {e}"),
        }
        if let Some(v) = rx.dequeue_timeout(Duration::from_millis(500)).expect("dequeue_timeout") {
            break v;
        }
        assert!(t.elapsed() < Duration::from_secs(120), "node {peer} never started sending");
    };
    let mut verdict = Verdict::new(1, count);
    verdict.feed(first).unwrap_or_else(|e| panic!("first item: {e}"));
    for i in 1..count {
        let v = rx.dequeue_timeout(Duration::from_secs(20)).expect("dequeue_timeout");
        let v = v.unwrap_or_else(|| panic!("item {i} from node {peer} never came"));
        verdict.feed(v).unwrap_or_else(|e| panic!("item {i} from node {peer}: {e}"));
    }
    report("verdict", verdict.finish().expect("exactly once, FIFO").line().replace(' ', "_"));
    let m = node.metrics();
    report("received", count);
    report("driver", format!("{:?}", m.driver).replace(' ', ""));
    report("card", format!("{:?}", m.card).replace(' ', ""));
    // A full buffer is a stall or (the card, spec §9c) a switch into a spare.
    assert!(m.card.overflows + m.card.switches > 0, "the tiny queue never filled a buffer: the test did not test it");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok());
    match (args.first().map(String::as_str), num(1), num(2)) {
        (Some("loopback"), Some(count), None) => loopback(count),
        (Some("send"), Some(peer), Some(count)) => send(renq::NodeId::try_from(peer).expect("a node id"), count),
        (Some("recv"), Some(peer), Some(count)) => recv(renq::NodeId::try_from(peer).expect("a node id"), count),
        _ => panic!("usage: renq-guest-node loopback COUNT | send PEER COUNT | recv PEER COUNT"),
    }
    println!("RENQ-SMOKE-OK");
}
