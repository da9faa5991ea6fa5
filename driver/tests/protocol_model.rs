//! Exhaustive model check of the card's host-side queue protocol (spec §9b, §9c), run on the
//! driver's own step machines (`renq_driver::steps`: the code `Queue::dequeue_batch`
//! and `Queue::on_overflow` run), over a model memory laid out by `renq_abi` (`model`).
//!
//! Parties, each step one atomic action:
//! * the consumer: `DequeueOp` visits of `want` items (one buffer-word load or store a step),
//!   with (option `doorbell`) the head doorbell every `doorbell` items: one step takes the
//!   command lock and reads which buffer the card has, the next rings HEAD and releases it;
//!   the handler's QUERY and EXPORT wait while the consumer holds the lock;
//! * the handler: `OverflowOp` (QUERY, its note of a switch, one load of TAIL, allocation,
//!   one store a step, EXPORT, SPARE), started by an entry in the card's OVERFLOW FIFO (a stall
//!   or a switch), by the consumer retiring a buffer while no spare is posted (option
//!   `spares`), and (option `sweep`) at any time, as the interrupt thread's LOST sweep and
//!   retries do; on a card with spares `create_queue`'s run that posts the first spare may
//!   come at any moment;
//! * the card (hardware, so modelled here after `renq_sim::engine::model::Model` and spec
//!   §6a): its tail and free count live on the card; an item with a free slot is decided at
//!   once (tail, free − 1) and becomes two posted writes, slot then TAIL, in a write queue
//!   that memory performs in order, one write a step; with no free slot the card reads HEAD
//!   (one step), and if that frees nothing it stalls (an OVERFLOW entry) until an EXPORT,
//!   which restarts it empty in the new buffer; HEAD(head) from the doorbell sets free ←
//!   max(free, slots free by that head), as `Model` does, no memory read. Option
//!   `coalesce`: an item's TAIL write may be replaced by the next item's, as the RTL's
//!   coalescing does. Option `spares` (CAPS.SPARES, spec §9c): SPARE posts a spare (VALID 0
//!   takes it back); the item that takes the last free slot with a spare posted queues its
//!   slot, its TAIL and the full buffer's LINK ← the spare, and the card continues in the
//!   spare (an OVERFLOW entry); a SPARE that finds the card full and not stalled switches at
//!   once; HEAD applies only if the buffer the doorbell names is the card's. The queue's
//!   memory limit (`limit`, in buffers allocated and not retired) refuses allocations.
//!
//! A depth-first search runs every interleaving (states are memoised) and checks:
//! * every item dequeued exactly once and in order (the k-th item taken is item k, and never
//!   a slot the card has not written);
//! * the card never writes over an unconsumed item, outside its buffer's slots, or into a
//!   retired buffer; the consumer never touches a retired buffer (nor follows a link to one);
//! * the handler and the consumer never write the same word: the consumer writes only HEAD,
//!   the handler only the full buffer's LINK and the header of a buffer nobody reaches yet
//!   (a spare is reachable once posted); the card writes slots, TAIL and (switching) LINK;
//! * nothing gets stuck: from every reachable state a final state is reachable in which all
//!   N items were appended and dequeued, the card is not stalled and its writes are done.
//!
//! The protocol's mutants (`Mutations`, the driver's `mutants` feature) must each be caught.

use model::{Model, MAX_BUFS};
use renq_driver::steps::Mutations;
use std::time::Instant;

mod explore;
mod model;

/// 13 items through buffers of 4 usable slots: up to three extensions when the consumer falls
/// behind.
const ITEMS: u8 = 13;

/// A card without spares (the §9b protocol alone).
fn model(items: u8, want: usize, sweep: bool, mutations: Mutations) -> Model {
    Model {
        items,
        want,
        coalesce: true,
        sweep,
        doorbell: 0,
        spares: 0,
        one_run: false,
        card_checks_address: true,
        limit: MAX_BUFS,
        ownership: true,
        sleep: false,
        mutations,
    }
}

/// A card with one spare per queue (spec §9c).
fn spares(items: u8, want: usize, sweep: bool, mutations: Mutations) -> Model {
    Model { spares: 1, ..model(items, want, sweep, mutations) }
}

/// A card with a ring of two spares per queue, the handler keeping it full (spec §9c).
fn ring(items: u8, want: usize, sweep: bool, mutations: Mutations) -> Model {
    Model { spares: 2, ..model(items, want, sweep, mutations) }
}

/// The RTL's card (CAPS.ONE_RUN, spec §9c): runs of two spares, one waiting at a time behind
/// the rest of the run the card is in.
fn one_run(items: u8, want: usize, sweep: bool, mutations: Mutations) -> Model {
    Model { spares: 2, one_run: true, ..model(items, want, sweep, mutations) }
}

fn holds(m: Model) {
    let t0 = Instant::now();
    let e = m.explore().unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "card protocol, {} items, visits of {}, doorbell every {} (0: off), handler on {}, {}: {} states explored in {:.1} s, up to {} buffers, {} switches, {} extensions, runs of up to {} spares",
        m.items,
        m.want,
        m.doorbell,
        if m.sweep { "OVERFLOW and any time (sweep)" } else { "OVERFLOW" },
        match (m.spares, m.limit) {
            (0, _) => "no spares".to_string(),
            (n, _) if m.one_run => format!("runs of {n} spares, one waiting at a time, limit {} buffers", m.limit),
            (n, MAX_BUFS) => format!("a ring of {n} spares"),
            (n, l) => format!("a ring of {n} spares, limit {l} buffers"),
        },
        e.states,
        t0.elapsed().as_secs_f64(),
        e.max_bufs,
        e.max_switches,
        e.max_extends,
        e.max_run,
    );
    if m.spares > 0 {
        assert!(e.max_switches >= 2, "the check must reach at least two switches");
        assert!(e.max_extends >= 1, "the check must reach a stall ended by an extension");
        if m.spares >= 2 && m.limit >= 3 {
            assert!(e.max_run >= 2, "a ring of spares must be posted as a run (one SPARE) somewhere");
        }
    } else {
        assert!(e.max_extends >= 2, "the check must reach at least two extensions");
    }
}

#[test]
fn protocol_holds_one_item_per_visit() {
    holds(model(ITEMS, 1, true, Mutations::default()));
}

#[test]
fn protocol_holds_batches() {
    holds(model(ITEMS, 3, true, Mutations::default()));
}

#[test]
fn protocol_holds_handler_on_overflow_only() {
    holds(model(ITEMS, 2, false, Mutations::default()));
}

/// The head doorbell after every item: the consumer rings HEAD as often as it can, in every
/// interleaving with the handler's QUERY, LINK and EXPORT.
#[test]
fn protocol_holds_with_head_doorbell_every_item() {
    holds(Model { doorbell: 1, ..model(ITEMS, 1, true, Mutations::default()) });
}

#[test]
fn protocol_holds_with_head_doorbell_batches() {
    holds(Model { doorbell: 2, ..model(11, 2, false, Mutations::default()) });
}

/// Each mutant is caught twice: with every check, and with only the observable ones (order,
/// loss, duplication, unwritten slots, card writes, HEAD the card reads, nothing stuck; the
/// card's free count against its buffer's HEAD word is checked in both).
fn caught(m: Mutations, why: &str) {
    caught_with(m, 0, why)
}

fn caught_with(m: Mutations, doorbell: u32, why: &str) {
    caught_by(model(9, 2, true, m), doorbell, why)
}

fn caught_by(md: Model, doorbell: u32, why: &str) {
    let m = md.mutations;
    for ownership in [true, false] {
        let md = Model { ownership, doorbell, ..md };
        let e = md.explore().expect_err(why);
        eprintln!("caught {m:?} (ownership check {ownership}): {}", e.lines().next().unwrap());
        if std::env::var_os("RENQ_TRACE").is_some() {
            eprintln!("{e}");
        }
    }
}

#[test]
fn mutant_link_before_tail_wait_is_caught() {
    let m = Mutations { link_before_tail_wait: true, ..Default::default() };
    caught(m, "the checker missed a LINK before the card's last writes landed");
}

#[test]
fn mutant_header_after_link_is_caught() {
    let m = Mutations { header_after_link: true, ..Default::default() };
    caught(m, "the checker missed a fresh header written after the LINK");
}

#[test]
fn mutant_export_before_header_is_caught() {
    let m = Mutations { export_before_header: true, ..Default::default() };
    caught(m, "the checker missed an EXPORT before the fresh header");
}

#[test]
fn mutant_handler_skipping_stall_check_is_caught() {
    let m = Mutations { handler_skips_stall_check: true, ..Default::default() };
    caught(m, "the checker missed an extension of a queue that is not stalled");
}

#[test]
fn mutant_consumer_skipping_tail_recheck_is_caught() {
    let m = Mutations { consumer_skips_tail_recheck: true, ..Default::default() };
    caught(m, "the checker missed a consumer moving on without reading TAIL again");
}

#[test]
fn mutant_doorbell_skipping_buffer_check_is_caught() {
    let m = Mutations { doorbell_skips_buffer_check: true, ..Default::default() };
    caught_with(m, 1, "the checker missed a head doorbell rung for a buffer the card no longer writes");
}

#[test]
fn mutant_doorbell_relocking_is_caught() {
    let m = Mutations { doorbell_relocks: true, ..Default::default() };
    caught_with(m, 1, "the checker missed a head doorbell checked and rung under two holds of the lock");
}

// A card with spares (spec §9c): the handler keeps a spare posted, the card switches into it
// when its buffer fills, and stalls — ended by the §9b extension — when no spare came in time.
// Fewer items than without spares in some runs: every switch adds a spare's allocation,
// header and SPARE to interleave (13 items in visits of 2, handler on OVERFLOW only: 3.3
// million states, 9 s; 11 items in visits of 1 with the doorbell: 3.6 million, 10 s).

/// Items of the shorter runs with spares: two switches and a stall.
const SPARE_ITEMS: u8 = 11;

#[test]
fn spares_hold_one_item_per_visit() {
    holds(spares(ITEMS, 1, true, Mutations::default()));
}

#[test]
fn spares_hold_batches() {
    holds(spares(SPARE_ITEMS, 3, true, Mutations::default()));
}

#[test]
fn spares_hold_handler_on_overflow_only() {
    holds(spares(SPARE_ITEMS, 2, false, Mutations::default()));
}

/// The doorbell after every item: a consumer still in the full buffer rings it after the
/// switch (the card ignores it: its address is not in the card's buffer).
#[test]
fn spares_hold_with_head_doorbell_every_item() {
    holds(Model { doorbell: 1, ..spares(9, 1, true, Mutations::default()) });
}

/// A memory limit of two buffers (the least a queue gets): the chain and the spare, so the
/// handler posts a spare only after the consumer retired a buffer, and a card that filled its
/// buffer before stalls until then; nothing gets stuck.
#[test]
fn spares_hold_at_a_memory_limit_of_two_buffers() {
    holds(Model { limit: 2, ..spares(SPARE_ITEMS, 2, false, Mutations::default()) });
}

/// On a card with spares the card's own address check makes a doorbell of the wrong buffer
/// harmless (the driver's `card_buffer` check is kept as well); a card without it is caught.
#[test]
fn spares_doorbell_without_buffer_check_is_safe_only_by_the_card_address_check() {
    let m = Mutations { doorbell_skips_buffer_check: true, ..Default::default() };
    holds(Model { doorbell: 1, ..spares(9, 2, true, m) });
    let broken = Model { card_checks_address: false, ..spares(9, 2, true, m) };
    caught_by(broken, 1, "the checker missed a card applying a doorbell of the buffer it left");
}

fn caught_spares(m: Mutations, why: &str) {
    caught_by(spares(9, 2, true, m), 0, why)
}

#[test]
fn mutant_spare_before_header_is_caught() {
    let m = Mutations { spare_before_header: true, ..Default::default() };
    caught_spares(m, "the checker missed a spare posted before its header");
}

#[test]
fn mutant_handler_ignoring_the_switch_is_caught() {
    let m = Mutations { handler_ignores_switch: true, ..Default::default() };
    caught_spares(m, "the checker missed a handler that never notes the switch");
}

#[test]
fn mutant_stalled_spare_kept_is_caught() {
    let m = Mutations { stalled_spare_kept: true, ..Default::default() };
    caught_spares(m, "the checker missed a spare EXPORTed without being taken back");
}

/// The §9b mutants with spares on: the stall path is still there when no spare came in time.
#[test]
fn mutant_link_before_tail_wait_is_caught_with_spares() {
    let m = Mutations { link_before_tail_wait: true, ..Default::default() };
    caught_spares(m, "the checker missed a LINK before the card's last writes landed (spares)");
}

// A ring of two spares (spec §9c): the card switches into the oldest, the handler notes the
// switches in order and fills the ring again; a stall (the ring ran dry) takes every spare
// back, extends with the oldest and posts the others again. 13 items: three buffers hold 12,
// so the card can run the ring dry before the handler refills it.

#[test]
fn ring_holds_one_item_per_visit() {
    holds(ring(ITEMS, 1, true, Mutations::default()));
}

#[test]
fn ring_holds_handler_on_overflow_only() {
    holds(ring(ITEMS, 2, false, Mutations::default()));
}

/// A limit of three buffers: the chain and two spares at most, so the ring is refilled only
/// as the consumer retires buffers, and a card that ran it dry stalls until then.
#[test]
fn ring_holds_at_a_memory_limit_of_three_buffers() {
    holds(Model { limit: 3, ..ring(ITEMS, 2, false, Mutations::default()) });
}

fn caught_ring(m: Mutations, why: &str) {
    caught_by(ring(ITEMS, 2, true, m), 0, why)
}

#[test]
fn mutant_handler_ignoring_the_switch_is_caught_with_a_ring() {
    let m = Mutations { handler_ignores_switch: true, ..Default::default() };
    caught_ring(m, "the checker missed a handler that never notes a switch (ring)");
}

#[test]
fn mutant_stalled_spare_kept_is_caught_with_a_ring() {
    let m = Mutations { stalled_spare_kept: true, ..Default::default() };
    caught_ring(m, "the checker missed spares EXPORTed or reposted without being taken back (ring)");
}

#[test]
fn mutant_spare_before_header_is_caught_with_a_ring() {
    let m = Mutations { spare_before_header: true, ..Default::default() };
    caught_ring(m, "the checker missed a spare posted before its header (ring)");
}

#[test]
fn mutant_run_with_one_header_is_caught_with_a_ring() {
    let m = Mutations { run_last_header_only: true, ..Default::default() };
    caught_ring(m, "the checker missed a run of spares posted with the last header only");
}

// The RTL's card (CAPS.ONE_RUN, spec §9c): runs of two spares, the next posted once the card
// entered the one posted (QUERY's WAITING clear); the card moves through a run's buffers in
// order, then into the waiting run; a stall takes both back.

#[test]
fn one_run_holds_one_item_per_visit() {
    holds(one_run(ITEMS, 1, true, Mutations::default()));
}

#[test]
fn one_run_holds_handler_on_overflow_only() {
    holds(one_run(ITEMS, 2, false, Mutations::default()));
}

#[test]
fn mutant_run_while_waiting_is_caught() {
    let m = Mutations { run_while_waiting: true, ..Default::default() };
    caught_by(one_run(ITEMS, 2, true, m), 0, "the checker missed a run posted while one waits");
}

#[test]
fn mutant_handler_ignoring_the_switch_is_caught_with_one_run() {
    let m = Mutations { handler_ignores_switch: true, ..Default::default() };
    caught_by(one_run(ITEMS, 2, true, m), 0, "the checker missed a handler that never notes a switch (one run)");
}

// The consumer's sleep (spec §9b, "Sleeping"; the driver's `SleepOp` and `steps::arm`): a
// consumer that finds nothing reads the wake generation, ARMs, looks again and sleeps until its
// queue's NOTIFY — nothing else wakes it here, so a lost wake-up leaves it asleep with items
// waiting (stuck). 12 items fill exactly three buffers: the last item leaves no later one
// whose NOTIFY would hide a lost wake-up.

/// `model`, `spares` or `ring` with the consumer sleeping on ARM/NOTIFY.
fn sleeping(m: Model) -> Model {
    Model { sleep: true, ..m }
}

const SLEEP_ITEMS: u8 = 12;

#[test]
fn sleep_holds_without_spares() {
    holds(sleeping(model(SLEEP_ITEMS, 2, true, Mutations::default())));
}

#[test]
fn sleep_holds_one_item_per_visit_with_head_doorbell() {
    holds(sleeping(Model { doorbell: 1, ..model(SLEEP_ITEMS, 1, false, Mutations::default()) }));
}

/// Items of the sleep runs with spares: two switches and a stall (12 items with the handler
/// also sweeping: 11.4 million states, 45 s). A ring of two would need 13 items to run dry;
/// ARM's rules do not depend on the ring's size, so the sleep runs keep to one spare.
const SLEEP_SPARE_ITEMS: u8 = 9;

#[test]
fn sleep_holds_with_spares() {
    holds(sleeping(spares(SLEEP_SPARE_ITEMS, 2, true, Mutations::default())));
}

#[test]
fn sleep_holds_with_spares_and_head_doorbell() {
    holds(sleeping(Model { doorbell: 1, ..spares(SLEEP_SPARE_ITEMS, 1, false, Mutations::default()) }));
}

/// The lost wake-up this check found in the ARM of the head alone: a consumer behind the
/// card's buffer ARMs with head 7, the card's tail in the next buffer is 7 too with its items'
/// writes still queued, the second look finds that buffer empty, and no NOTIFY comes.
#[test]
fn mutant_arm_skipping_buffer_check_is_caught() {
    let m = Mutations { arm_skips_buffer_check: true, ..Default::default() };
    caught_by(
        sleeping(model(SLEEP_ITEMS, 2, true, m)),
        0,
        "the checker missed an ARM with the head of a buffer the card left",
    );
}

/// On a card with spares the card's own check of the buffer ARM names covers a consumer the
/// host's record says is in the card's buffer (the card switched since); a card without it is
/// caught.
#[test]
fn spares_arm_is_safe_only_by_the_card_address_check() {
    let broken = Model { card_checks_address: false, ..spares(SLEEP_ITEMS, 1, true, Mutations::default()) };
    caught_by(sleeping(broken), 1, "the checker missed a card arming a consumer in the buffer it left");
}

#[test]
fn mutant_generation_after_recheck_is_caught() {
    let m = Mutations { generation_after_recheck: true, ..Default::default() };
    caught_by(
        sleeping(model(SLEEP_ITEMS, 2, true, m)),
        0,
        "the checker missed a NOTIFY lost before the generation was read",
    );
}
