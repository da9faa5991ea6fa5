//! Misuse of the library gets a clear, typed error (or, for what the card polices, a
//! counted drop) — never a hang or memory written where it must not be.

use renq::{Error, Node};
use renq_driver::dma::DmaPool;
use renq_driver::{BackendStats, Device, DriverError, Registers, ShadowPage};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

fn cluster() -> (Cluster, Node, Node) {
    let c = Cluster::new(ClusterConfig {
        nodes: 2,
        engine: EngineKind::Model,
        memory_bytes: 1 << 20,
        card: CardKind::Paper,
    });
    let a = Node::new(c.card(0)).unwrap();
    let b = Node::new(c.card(1)).unwrap();
    (c, a, b)
}

#[test]
fn unknown_node_and_queue() {
    let (_c, a, _b) = cluster();
    assert_eq!(a.sender(16, 0).err(), Some(Error::UnknownNode(16)));
    assert_eq!(a.sender(1, 16).err(), Some(Error::UnknownQueue(16)));
    assert_eq!(a.create_queue(16, 6).err(), Some(Error::UnknownQueue(16)));
    assert_eq!(a.receiver(3).err(), Some(Error::UnknownQueue(3)), "queue 3 was never created");
    assert_eq!(a.close_queue(3).err(), Some(Error::UnknownQueue(3)));
}

#[test]
fn sizes_outside_the_cards_range() {
    let (_c, a, _b) = cluster();
    for k in [0, 2, 17, 40] {
        assert_eq!(a.create_queue(0, k).err(), Some(Error::SizeNotAllowed(k)));
    }
    assert!(a.create_queue(0, 3).is_ok());
    assert!(a.create_queue(1, 16).is_ok());
    let msg = Error::SizeNotAllowed(2).to_string();
    assert!(msg.contains("3..=16"), "{msg}");
}

#[test]
fn queue_already_exists() {
    let (_c, a, _b) = cluster();
    let _rx = a.create_queue(4, 6).unwrap();
    assert_eq!(a.create_queue(4, 6).err(), Some(Error::QueueExists(4)));
    assert_eq!(a.create_queue(4, 8).err(), Some(Error::QueueExists(4)));
}

#[test]
fn one_receiver_per_queue() {
    let (_c, a, _b) = cluster();
    let rx = a.create_queue(2, 6).unwrap();
    assert_eq!(a.receiver(2).err(), Some(Error::DoubleConsumer(2)));
    drop(rx);
    let rx2 = a.receiver(2).expect("the receiver was dropped, so the queue can be taken again");
    assert_eq!(a.receiver(2).err(), Some(Error::DoubleConsumer(2)));
    drop(rx2);
}

#[test]
fn closed_queue_drains_then_reports_closed_and_the_card_rejects() {
    let (c, a, b) = cluster();
    let rx = b.create_queue(1, 4).unwrap();
    let tx = a.sender(1, 1).unwrap();
    tx.enqueue(10).unwrap();
    tx.enqueue(11).unwrap();
    c.wait_idle();
    b.close_queue(1).unwrap();
    let rejected = b.metrics().card.rejected;
    tx.enqueue(12).unwrap(); // after the close: the card must drop it, not write it
    c.wait_idle();
    assert_eq!(b.metrics().card.rejected, rejected + 1);
    assert_eq!(rx.try_dequeue(), Ok(Some(10)));
    assert_eq!(rx.try_dequeue(), Ok(Some(11)));
    assert_eq!(rx.try_dequeue(), Err(Error::Closed));
    assert_eq!(rx.dequeue(), Err(Error::Closed));
    assert_eq!(b.receiver(1).err(), Some(Error::UnknownQueue(1)));
    // The id can be used again for a new queue.
    let rx2 = b.create_queue(1, 4).unwrap();
    tx.enqueue(13).unwrap();
    assert_eq!(rx2.dequeue_timeout(Duration::from_secs(5)), Ok(Some(13)));
}

#[test]
fn closing_wakes_a_sleeping_consumer() {
    let (_c, _a, b) = cluster();
    let rx = b.create_queue(6, 5).unwrap();
    std::thread::scope(|s| {
        let sleeper = s.spawn(|| rx.dequeue());
        std::thread::sleep(Duration::from_millis(100));
        b.close_queue(6).unwrap();
        assert_eq!(sleeper.join().unwrap(), Err(Error::Closed));
    });
}

#[test]
fn send_only_handle_cannot_create_queues() {
    let (c, _a, b) = cluster();
    let extra = Node::attach(c.card(1)).unwrap();
    assert_eq!(extra.create_queue(0, 6).err(), Some(Error::NotOwner));
    // ... but it sends, through the same card.
    let rx = b.create_queue(0, 6).unwrap();
    extra.sender(1, 0).unwrap().enqueue(99).unwrap();
    assert_eq!(rx.dequeue_timeout(Duration::from_secs(5)), Ok(Some(99)));
}

#[test]
fn corrupt_header_is_dropped_and_counted_not_written() {
    let (c, a, b) = cluster();
    let rx = b.create_queue(3, 4).unwrap();
    let q = b.paper_driver().expect("a paper card").queue(3).unwrap();
    let f = q.first_buffer();
    let tail = b.paper_driver().expect("a paper card").device().dma().word(f + 8).unwrap();
    tail.store(1, Ordering::SeqCst); // a hostile process points TAIL at the header
    let bad_before = b.metrics().card.bad_header;
    a.sender(1, 3).unwrap().enqueue(0xbad).unwrap();
    c.wait_idle();
    assert_eq!(b.metrics().card.bad_header, bad_before + 1);
    let words: Vec<u64> = (0..16)
        .map(|i| b.paper_driver().expect("a paper card").device().dma().word(f + 8 * i).unwrap().load(Ordering::SeqCst))
        .collect();
    assert!(!words.contains(&0xbad), "dropped item written anyway: {words:x?}");
    // The driver's interrupt thread sees and counts BAD_HEADER.
    let t0 = std::time::Instant::now();
    while b.metrics().driver.bad_header_irqs == 0 {
        assert!(t0.elapsed() < Duration::from_secs(5), "BAD_HEADER never reached the driver");
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(rx);
}

/// A device whose ID register is wrong (not a renq card, or not mapped).
struct NotACard {
    pool: DmaPool,
    _memory: Box<[u64]>,
}

impl Device for NotACard {
    fn backend(&self) -> &'static str {
        "fake"
    }
    fn bar0_read(&self, _: u64) -> u64 {
        0xffff_ffff_ffff_ffff
    }
    fn bar0_write(&self, _: u64, _: u64) {}
    fn bar2_write(&self, _: u64, _: u64, _: u8) {}
    fn bar2_read(&self, _: u64) -> u64 {
        0xffff_ffff_ffff_ffff
    }
    fn shadow_page(&self, _: u8, _: u8) -> renq_driver::Result<ShadowPage> {
        Err(DriverError::Map("none".into()))
    }
    fn portal_page(&self, _: u16) -> renq_driver::Result<ShadowPage> {
        Err(DriverError::Map("none".into()))
    }
    fn wait_irq(&self, _: Duration) -> bool {
        false
    }
    fn dma(&self) -> &DmaPool {
        &self.pool
    }
    fn backend_stats(&self) -> Option<BackendStats> {
        None
    }
}

#[test]
fn a_device_that_is_not_a_renq_card_is_refused() {
    let mut mem = vec![0u64; 1024].into_boxed_slice();
    let ptr = std::ptr::NonNull::new(mem.as_mut_ptr() as *mut u8).unwrap();
    let pool = unsafe { DmaPool::new(ptr, 0x1000, 8192, 0) };
    let dev = Arc::new(NotACard { pool, _memory: mem });
    assert_eq!(dev.card_id(), u64::MAX);
    match Node::new(dev) {
        Err(Error::Device(DriverError::NotARenqCard { id })) => assert_eq!(id, u64::MAX),
        other => panic!("expected NotARenqCard, got {:?}", other.err()),
    }
}

#[test]
fn errors_read_well() {
    for (e, want) in [
        (Error::UnknownNode(17), "unknown node 17"),
        (Error::DoubleConsumer(2), "queue 2 already has a receiver"),
        (Error::Closed, "queue closed"),
        (Error::Device(DriverError::NotARenqCard { id: 0 }), "not a renq card"),
    ] {
        assert!(e.to_string().contains(want), "{e}");
    }
}
