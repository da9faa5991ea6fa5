//! Exhaustive interleaving check of both queue algorithms.
//!
//! The shipped op state machines (`seed::EnqOp`/`DeqOp`, `fast::EnqOp`/`DeqOp`) issue one
//! memory operation per `step`. A breadth-first search runs every interleaving of those steps
//! for a few producers, one consumer and a tiny buffer, over a model memory with RDMA
//! semantics: FAA/CAS/READ take effect at once; a posted WRITE goes into the issuing handle's
//! in-flight queue and is placed one word at a time, in address order, as a separate event
//! that may be delayed past any number of other threads' steps; a handle's next operation
//! waits for its own earlier writes (RC queue pairs execute in order).
//!
//! Checked: every dequeued item is the next one of its producer (FIFO per producer, no
//! duplicate); at the end every item was dequeued (no loss); and from every reachable state
//! the run can still finish (no deadlock or livelock trap while items remain).
//!
//! Stopped producers (docs/spec.md R.11): the fast queue is also checked with one producer
//! that may stop for good at any step of any enqueue (`Faults::Crash`: its posted WRITEs
//! may still arrive; the consumer's lease expires only for the stopped producer's ticket), and
//! with leases that may expire at any moment, also for a producer that is only slow
//! (`Faults::Stall`). A queue slot WRITE (`write_slot`) is placed as one event, both words, and
//! only if its stamp exceeds the slot's (the fence); refused items are recorded.
//!
//! The model memory and its handles are in `memory`, the two algorithms as the checker runs
//! them in `algos`, the search in `checker`; the runs below.

mod algos;
mod checker;
mod memory;

use algos::{Fast, Seed};
use checker::{check, check_with, Faults, Order};
use memory::Placement;
use renq_rdma::{fast, seed};

fn seed_algo(buffer: u64, variant: seed::Variant) -> Seed {
    Seed { layout: seed::Layout::new(0, buffer, variant).unwrap(), skip_advance: false }
}

fn fast_algo(capacity: u64) -> Fast {
    Fast { layout: fast::Layout::new(0, capacity).unwrap() }
}

// (producers, items each, buffer) — small enough to run exhaustively in seconds, large enough
// to wrap the ring several times and to make producers wait for their turn or for room.
const CONFIGS: &[(usize, u8, u64)] =
    &[(2, 2, 1), (2, 2, 2), (3, 1, 1), (3, 1, 2), (2, 3, 2), (3, 2, 1), (3, 2, 2), (2, 4, 3), (4, 1, 2)];

#[test]
fn seed_lap_turn_all_interleavings() {
    for &(p, k, b) in CONFIGS {
        let a = seed_algo(b, seed::Variant::LapTurn);
        let s = check(&a, p, k, Placement::AddressOrder, Order::FifoPerProducer)
            .unwrap_or_else(|e| panic!("seed/lap-turn {p}x{k} buffer {b}: {e}"));
        println!("seed/lap-turn producers={p} items={k} buffer={b}: {s:?}");
    }
}

/// The seed as written loses no item, duplicates none and cannot get stuck...
#[test]
fn seed_faithful_all_interleavings_no_loss_no_dup() {
    for &(p, k, b) in CONFIGS {
        let a = seed_algo(b, seed::Variant::Faithful);
        let s = check(&a, p, k, Placement::AddressOrder, Order::AnyOrder)
            .unwrap_or_else(|e| panic!("seed/faithful {p}x{k} buffer {b}: {e}"));
        println!("seed/faithful producers={p} items={k} buffer={b}: {s:?}");
    }
}

/// ...but it is not FIFO per producer: a producer stalled between `faa(producer_offset)`
/// and `faa(turn)` lets a later enqueue on the same block go first.
#[test]
fn seed_faithful_breaks_fifo_per_producer() {
    let a = seed_algo(2, seed::Variant::Faithful);
    let e = check(&a, 2, 2, Placement::AddressOrder, Order::FifoPerProducer)
        .expect_err("the seed as written reorders one producer's items");
    assert!(e.contains("(FIFO)"), "{e}");
    println!("counterexample: {e}");
}

#[test]
fn fast_all_interleavings() {
    for &(p, k, b) in CONFIGS {
        let s = check(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer)
            .unwrap_or_else(|e| panic!("fast {p}x{k} capacity {b}: {e}"));
        println!("fast  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// The checker finds a deadlock when the seed's lost "advance the ticket" line is left out:
/// the reconstruction is needed, and the check can see deadlocks.
#[test]
fn seed_without_ticket_advance_deadlocks() {
    let a = Seed { layout: seed::Layout::new(0, 1, seed::Variant::LapTurn).unwrap(), skip_advance: true };
    let e = check(&a, 2, 1, Placement::AddressOrder, Order::AnyOrder).expect_err("must fail");
    assert!(e.contains("deadlock") || e.contains("stuck"), "{e}");
}

/// The checker finds the consumer reading a stale data word if a WRITE placed the stamp
/// before the data: the fast queue depends on address-ordered placement of its last word.
#[test]
fn fast_detects_stamp_placed_before_data() {
    let e = check(&fast_algo(1), 2, 2, Placement::Reversed, Order::AnyOrder).expect_err("must fail");
    assert!(e.contains("dequeued"), "{e}");
}

// (producers, items each, capacity) for the fault runs: capacity ≥ 2, since a stopped ticket is
// detected by a later ticket's written slot (docs/spec.md R.11).
const FAULT_CONFIGS: &[(usize, u8, u64)] = &[(2, 2, 2), (3, 1, 2), (2, 3, 2), (2, 2, 3), (3, 2, 2)];

/// A producer that stops for good at any step of any enqueue (before its FAA, between its FAA
/// and its WRITE, while waiting for room, after posting its WRITE) does not wedge the queue:
/// every other producer's items are delivered, in order, once; the stopped one's delivered
/// items are in order, none twice; every state can still finish.
#[test]
fn fast_stopped_producer_at_every_step() {
    for &(p, k, b) in FAULT_CONFIGS {
        let s = check_with(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer, Faults::Crash)
            .unwrap_or_else(|e| panic!("fast, a producer stops: {p}x{k} capacity {b}: {e}"));
        println!("fast, a producer stops  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// Leases that expire at any moment, under producers that are only slow: the fence refuses
/// each late WRITE, so every item is delivered once or refused (never both, never lost
/// silently), and delivered items stay in order.
#[test]
fn fast_premature_leases_are_safe() {
    // (3×2, 2) has 0.9 M states here: left to the stopped-producer run.
    for &(p, k, b) in &FAULT_CONFIGS[..4] {
        let s = check_with(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer, Faults::Stall)
            .unwrap_or_else(|e| panic!("fast, leases expire early: {p}x{k} capacity {b}: {e}"));
        println!("fast, leases expire early  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// Without the fence (the slot WRITE placed whole but unconditionally) the same run finds a
/// late WRITE landing in a skipped slot and clobbering a later ticket's item, which is then
/// neither delivered nor refused: the fence is needed.
#[test]
fn fast_without_fence_fails_under_early_leases() {
    let e = check_with(&fast_algo(2), 2, 2, Placement::Unfenced, Order::FifoPerProducer, Faults::Stall)
        .expect_err("an unfenced late WRITE must be caught");
    assert!(e.contains("deadlock") || e.contains("stuck") || e.contains("dequeued"), "{e}");
    println!("counterexample: {}", &e[..e.len().min(400)]);
}
