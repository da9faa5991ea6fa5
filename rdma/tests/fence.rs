//! The lease, the fence and close on the shared-memory backend (docs/spec.md R.11), in one
//! process with the shipped op steps driven by hand: a producer stalled (not killed) between
//! its FAA and its WRITE is skipped and its late WRITE refused; enqueue after close; a second
//! consumer; re-creation under a stalled producer. The killed-process cases are in
//! tests/multiprocess.rs, every interleaving in tests/model_check/.

use renq_rdma::fast::{self, EnqOp, EnqPc, ProducerState};
use renq_rdma::{Error, RdmaDequeue, RdmaEnqueue, ShmHandle, ShmRegion, Step};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn region() -> Arc<ShmRegion> {
    ShmRegion::create_memfd("renq-fence", fast::Layout::bytes(4) as usize).unwrap()
}

/// A producer stopped inside an enqueue: the op's state, held by the test.
struct Stalled {
    q: fast::Layout,
    st: ProducerState,
    op: EnqOp,
    mem: ShmHandle,
}

impl Stalled {
    /// Attaches and steps an enqueue of `item` up to its WRITE (ticket claimed).
    fn before_write(region: &Arc<ShmRegion>, item: u64) -> Stalled {
        let mut mem = region.handle();
        let q = fast::attach(&mut mem, 0).unwrap();
        let mut s = Stalled { q, st: ProducerState::default(), op: EnqOp::new(item), mem };
        while !matches!(s.op.pc, EnqPc::Write { .. }) {
            assert_eq!(s.op.step(&s.q, &mut s.st, &mut s.mem), Ok(Step::Progress));
        }
        s
    }
    /// The late WRITE.
    fn resume(mut self) -> Result<Step<()>, Error> {
        self.op.step(&self.q, &mut self.st, &mut self.mem)
    }
}

fn poll_until(c: &mut fast::Consumer<ShmHandle>, limit: Duration) -> Option<u64> {
    let t = Instant::now();
    while t.elapsed() < limit {
        if let Some(v) = c.poll().unwrap() {
            return Some(v);
        }
        std::thread::yield_now();
    }
    None
}

#[test]
fn stalled_producer_is_skipped_after_its_lease_and_its_late_write_is_refused() {
    let r = region();
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    c.set_lease(Some(Duration::from_millis(20)));
    let a = Stalled::before_write(&r, 0xa);
    let mut b = fast::Producer::attach(r.handle(), 0).unwrap();
    b.enqueue(0xb0).unwrap();
    b.enqueue(0xb1).unwrap();
    // Before the lease: the consumer waits at A's ticket, as FIFO requires.
    assert_eq!(c.poll().unwrap(), None);
    assert_eq!(c.skipped(), 0);
    // After it: A's ticket is fenced and skipped, B's items come through in order.
    assert_eq!(poll_until(&mut c, Duration::from_secs(5)), Some(0xb0));
    assert_eq!(c.poll().unwrap(), Some(0xb1));
    assert_eq!(c.skipped(), 1);
    // A resumes: its WRITE is refused, never delivered; it learns which ticket was lost.
    assert_eq!(a.resume(), Err(Error::Fenced { ticket: 0 }));
    b.enqueue(0xb2).unwrap();
    assert_eq!(c.poll().unwrap(), Some(0xb2));
    assert_eq!(c.poll().unwrap(), None);
}

#[test]
fn write_landing_just_before_the_lease_is_delivered_not_skipped() {
    let r = region();
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    c.set_lease(Some(Duration::from_millis(1)));
    let a = Stalled::before_write(&r, 0xa);
    let mut b = fast::Producer::attach(r.handle(), 0).unwrap();
    b.enqueue(0xb0).unwrap();
    assert_eq!(c.poll().unwrap(), None); // the lease of ticket 0 starts
    std::thread::sleep(Duration::from_millis(5));
    assert_eq!(a.resume(), Ok(Step::Done(()))); // lands before the consumer fences
    assert_eq!(c.poll().unwrap(), Some(0xa));
    assert_eq!(c.poll().unwrap(), Some(0xb0));
    assert_eq!(c.skipped(), 0);
}

#[test]
fn fenced_producer_stays_fenced() {
    let r = region();
    let c1 = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut a = fast::Producer::attach(r.handle(), 0).unwrap();
    a.enqueue(1).unwrap();
    std::mem::forget(c1);
    let mut c2 = fast::Consumer::recreate(r.handle(), 0, 4).unwrap();
    // A still names generation 1: its WRITE is refused, and from then on it is fenced (like
    // a queue pair in the error state) without touching the queue again.
    assert_eq!(a.enqueue(2), Err(Error::Fenced { ticket: 0 }));
    let ops = a.counters();
    assert_eq!(a.enqueue(3), Err(Error::Fenced { ticket: 0 }));
    assert_eq!(a.counters(), ops, "a fenced producer issues nothing");
    // Its stolen ticket 0 is skipped once a later one is written.
    c2.set_lease(Some(Duration::ZERO));
    fast::Producer::attach(r.handle(), 0).unwrap().enqueue(4).unwrap();
    assert_eq!(poll_until(&mut c2, Duration::from_secs(5)), Some(4));
    assert_eq!(c2.skipped(), 1);
}

#[test]
fn enqueue_after_close_is_closed_and_attach_too() {
    let r = region();
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(1).unwrap();
    c.close();
    assert_eq!(p.enqueue(2), Err(Error::Closed), "enqueue after close");
    assert_eq!(p.enqueue(3), Err(Error::Closed), "and every one after");
    assert!(matches!(fast::Producer::attach(r.handle(), 0), Err(Error::Closed)));
    assert_eq!(c.poll(), Ok(Some(1)), "what landed before close is still delivered");
    assert_eq!(c.poll(), Err(Error::Closed));
    assert_eq!(c.dequeue_batch(&mut [0; 4]), Err(Error::Closed));
}

#[test]
fn producer_waiting_for_room_gets_closed_when_the_consumer_is_dropped() {
    let r = region();
    let c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    let t = std::thread::spawn(move || (0..100).try_for_each(|i| p.enqueue(i)));
    std::thread::sleep(Duration::from_millis(20)); // the ring of 4 is full: p waits for room
    drop(c);
    assert_eq!(t.join().unwrap(), Err(Error::Closed));
}

#[test]
fn second_consumer_is_refused_instead_of_resetting_the_queue() {
    let r = region();
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(7).unwrap();
    assert!(matches!(fast::Consumer::create(r.handle(), 0, 4), Err(Error::InUse)));
    assert_eq!(c.poll(), Ok(Some(7)), "the first consumer's queue is intact");
    assert_eq!(c.poll(), Ok(None), "and the item came out once");
}

#[test]
fn recreation_under_a_stalled_producer_refuses_its_old_write() {
    let r = region();
    let c1 = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let a = Stalled::before_write(&r, 0x01d);
    // The first consumer crashes (no close); the queue is taken over in generation 2.
    std::mem::forget(c1);
    assert!(matches!(fast::Consumer::create(r.handle(), 0, 4), Err(Error::InUse)));
    let mut c2 = fast::Consumer::recreate(r.handle(), 0, 4).unwrap();
    assert_eq!(c2.layout().gen, 2);
    let mut b = fast::Producer::attach(r.handle(), 0).unwrap();
    b.enqueue(0x2e3).unwrap(); // ticket 0 of generation 2: the slot A's stale ticket 0 names
    assert_eq!(a.resume(), Err(Error::Fenced { ticket: 0 }), "the old generation's WRITE is refused");
    assert_eq!(c2.poll(), Ok(Some(0x2e3)), "the new item is not lost");
    assert_eq!(c2.poll(), Ok(None), "and no old item is delivered");
    // A queue closed by its consumer may be created again (next generation) without force.
    drop(c2);
    assert_eq!(fast::Consumer::create(r.handle(), 0, 4).unwrap().layout().gen, 3);
}

#[test]
fn producer_with_a_room_timeout_gives_up_on_a_consumer_gone_without_closing() {
    let r = region();
    let c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    std::mem::forget(c); // the consumer's process dies: nobody closes, HEAD never moves
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.set_room_timeout(Some(Duration::from_millis(50)));
    for i in 0..4 {
        p.enqueue(i).unwrap();
    }
    let t = Instant::now();
    assert_eq!(p.enqueue(4), Err(Error::Stalled));
    assert!(t.elapsed() >= Duration::from_millis(50), "gave up too early: {:?}", t.elapsed());
    assert!(t.elapsed() < Duration::from_secs(5), "took {:?}", t.elapsed());
}
