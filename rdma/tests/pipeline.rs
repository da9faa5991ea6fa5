//! Pipelined senders (issue 12 point 2): with up to W enqueues in flight and WRITEs placed
//! whenever their FAA completes, each producer's items still come out once and in order —
//! several pipelined producers on small rings (room refreshes, waits for room) through the
//! `DelayedNic` model; a refused WRITE surfaces at a later enqueue or flush and fences the
//! sender.

use renq_rdma::pipeline::{DelayedNic, PipelinedProducer, Poll, MAX_WINDOW};
use renq_rdma::{fast, Error, RdmaDequeue, RdmaEnqueue, ShmRegion};
use std::time::Duration;

fn run(producers: u64, items: u64, capacity: u64, window: usize, rtt: Duration) -> renq_rdma::OpCounters {
    let region = ShmRegion::create_memfd("pipeline", fast::Layout::bytes(capacity) as usize).unwrap();
    let mut c = fast::Consumer::create(region.handle(), 0, capacity).unwrap();
    let threads: Vec<_> = (0..producers)
        .map(|id| {
            let nic = DelayedNic::with_poll(region.handle(), rtt, Poll::Yield);
            let mut p = PipelinedProducer::attach(nic, 0, window).unwrap();
            std::thread::spawn(move || {
                for s in 0..items {
                    p.enqueue(id << 32 | s).unwrap();
                }
                p.flush().unwrap();
                p.counters()
            })
        })
        .collect();
    let mut next = vec![0u64; producers as usize];
    for _ in 0..producers * items {
        let v = c.dequeue().unwrap();
        let (p, s) = ((v >> 32) as usize, v & 0xffff_ffff);
        assert!(p < producers as usize, "garbage {v:#x}");
        assert_eq!(s, next[p], "W={window} capacity {capacity}: producer {p} out of order, lost or duplicated");
        next[p] += 1;
    }
    assert_eq!(c.try_dequeue().unwrap(), None);
    let mut total = renq_rdma::OpCounters::default();
    for t in threads {
        total.add(&t.join().unwrap());
    }
    total
}

#[test]
fn pipelined_producers_keep_fifo_and_exactly_once() {
    for window in [1, 4, MAX_WINDOW] {
        for capacity in [2, 8, 64] {
            let ops = run(3, 3_000, capacity, window, Duration::ZERO);
            assert_eq!(ops.faas, 9_000, "one FAA per enqueue");
            assert_eq!(ops.writes, 9_000, "one WRITE per enqueue");
        }
        // With a real round trip, FAAs overlap: the window is used.
        let ops = run(2, 500, 16, window, Duration::from_micros(20));
        println!("W={window}: {ops}");
        if window > 1 {
            assert!(ops.overlapped > 0, "W={window}: no FAA was in flight with another");
        }
    }
}

#[test]
fn window_outside_the_limits_is_a_typed_error() {
    let region = ShmRegion::create_memfd("pipeline-bad", fast::Layout::bytes(4) as usize).unwrap();
    let _c = fast::Consumer::create(region.handle(), 0, 4).unwrap();
    for w in [0, MAX_WINDOW + 1, usize::MAX] {
        let nic = DelayedNic::with_poll(region.handle(), Duration::ZERO, Poll::Spin);
        assert!(matches!(PipelinedProducer::attach(nic, 0, w), Err(Error::BadSize(_))), "window {w}");
    }
}

#[test]
fn refused_write_surfaces_later_and_fences_the_sender() {
    let region = ShmRegion::create_memfd("pipeline-close", fast::Layout::bytes(8) as usize).unwrap();
    let mut c = fast::Consumer::create(region.handle(), 0, 8).unwrap();
    let nic = DelayedNic::with_poll(region.handle(), Duration::from_millis(50), Poll::Yield);
    let mut p = PipelinedProducer::attach(nic, 0, 4).unwrap();
    p.enqueue(1).unwrap(); // FAA posted; its WRITE waits for the completion
    c.close(); // before the WRITE: it will be refused
    let later = p.enqueue(2).and_then(|()| p.flush());
    assert_eq!(later, Err(Error::Closed));
    assert_eq!(p.enqueue(3), Err(Error::Closed), "the sender stays fenced");
    assert_eq!(c.poll(), Err(Error::Closed), "nothing was delivered");
}
