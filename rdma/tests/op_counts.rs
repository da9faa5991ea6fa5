//! Deterministic operation counts per uncontended enqueue (no timing is asserted).

use renq_rdma::{fast, seed, RdmaDequeue, RdmaEnqueue, ShmRegion};

#[test]
fn seed_faithful_enqueue_costs_five_round_trips() {
    let region = ShmRegion::create_memfd("counts", seed::Layout::bytes(8) as usize).unwrap();
    let mut c = seed::Consumer::create(region.handle(), 0, 8, seed::Variant::Faithful).unwrap();
    let mut p = seed::Producer::attach(region.handle(), 0).unwrap();
    for round in 0..4u64 {
        let before = p.counters();
        p.enqueue(round).unwrap();
        let d = p.counters() - before;
        // faa(producer_offset), faa(turn), read(ticket), cas, write(data), cas
        assert_eq!((d.faas, d.reads, d.cases, d.writes, d.round_trips), (2, 1, 2, 1, 5));
        let before = c.counters();
        assert_eq!(c.try_dequeue().unwrap(), Some(round));
        let d = c.counters() - before;
        // faa(consumer_offset), cas, read(data), cas, faa(ticket)
        assert_eq!((d.faas, d.reads, d.cases, d.writes, d.round_trips), (2, 1, 2, 0, 5));
    }
}

#[test]
fn seed_lap_turn_enqueue_costs_four_round_trips() {
    let region = ShmRegion::create_memfd("counts", seed::Layout::bytes(2) as usize).unwrap();
    let mut c = seed::Consumer::create(region.handle(), 0, 2, seed::Variant::LapTurn).unwrap();
    let mut p = seed::Producer::attach(region.handle(), 0).unwrap();
    for round in 0..6u64 {
        let before = p.counters();
        p.enqueue(round).unwrap();
        let d = p.counters() - before;
        assert_eq!((d.faas, d.reads, d.cases, d.writes, d.round_trips), (1, 1, 2, 1, 4));
        assert_eq!(c.try_dequeue().unwrap(), Some(round));
    }
}

#[test]
fn fast_enqueue_costs_one_round_trip_and_one_posted_write() {
    let cap = 4;
    let region = ShmRegion::create_memfd("counts", fast::Layout::bytes(cap) as usize).unwrap();
    let mut c = fast::Consumer::create(region.handle(), 0, cap).unwrap();
    let mut p = fast::Producer::attach(region.handle(), 0).unwrap();
    // An empty ring of `cap` slots: FAA + WRITE each, head never read.
    for i in 0..cap {
        let before = p.counters();
        p.enqueue(i).unwrap();
        let d = p.counters() - before;
        assert_eq!((d.faas, d.writes, d.reads, d.cases, d.round_trips), (1, 1, 0, 0, 1));
        assert_eq!(d.bytes_written, 16, "one WRITE carries data + stamp");
    }
    let mut out = [0; 4]; // exactly `cap`: no failed poll at the end
    let before = c.counters();
    assert_eq!(c.dequeue_batch(&mut out).unwrap(), cap as usize);
    assert_eq!(&out[..cap as usize], &[0, 1, 2, 3]);
    let d = c.counters() - before;
    // The consumer issues no verbs operation: 2 local loads per item, 1 store of head per batch.
    assert_eq!((d.verbs_ops(), d.local_loads, d.local_stores), (0, 2 * cap, 1));
    // The cached head is stale now: the next enqueue re-reads it once, then not again for
    // another `cap` enqueues.
    for i in 0..cap {
        let before = p.counters();
        p.enqueue(100 + i).unwrap();
        let d = p.counters() - before;
        let reads = u64::from(i == 0);
        assert_eq!((d.faas, d.writes, d.reads, d.round_trips), (1, 1, reads, 1 + reads));
        assert_eq!(c.try_dequeue().unwrap(), Some(100 + i));
    }
    assert_eq!(c.try_dequeue().unwrap(), None);
}

#[test]
fn attach_rejects_wrong_queue_kind() {
    let region = ShmRegion::create_memfd("kinds", 4096).unwrap();
    let _c = fast::Consumer::create(region.handle(), 0, 4).unwrap();
    assert!(seed::Producer::attach(region.handle(), 0).is_err());
    assert!(fast::Producer::attach(region.handle(), 0).is_ok());
    assert!(fast::Producer::attach(region.handle(), 64).is_err());
}
