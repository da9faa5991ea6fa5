//! The card's behavioural model against spec §6a, §7c and §8b, one behaviour per test.

use super::*;
use renq_abi::buffer::{capacity, link_word, LINK_WORD};
use renq_abi::csr::{Control, ExportEntry};
use renq_abi::portal::{page_offset, Entry, Status, RETRY_OFFSET};
use renq_abi::regs::command;
use renq_abi::state::QueueState;
use std::sync::atomic::Ordering::*;

const BUF: u64 = 0x10000;
const NODE: u16 = 2;
const Q: u16 = 5;

fn init_buffer(mem: &HostMemory, base: u64, k: u32) {
    mem.store_u64(base + (LINK_WORD << 3), link_word(0, k), Relaxed);
    mem.store_u64(base + (TAIL_WORD << 3), FIRST_DATA_INDEX, Relaxed);
    mem.store_u64(base + (HEAD_WORD << 3), FIRST_DATA_INDEX, Relaxed);
}

fn cmd(c: &mut Model, kind: u64, q: u16, arg: u64) {
    c.csr_write(r::CMD_ARG, arg);
    c.csr_write(r::CMD, command(kind, q));
}

fn export(c: &mut Model, mem: &HostMemory, q: u16, base: u64, k: u32) {
    init_buffer(mem, base, k);
    cmd(c, renq_abi::CMD_EXPORT, q, ExportEntry::new(base, k).0);
}

fn setup(k: u32) -> (Model, Arc<HostMemory>) {
    let mem = Arc::new(HostMemory::create(1 << 20).unwrap());
    let mut c = Model::new();
    c.attach_memory(&mem);
    c.csr_write(r::NODE_ID, NODE as u64);
    c.csr_write(r::CONTROL, Control::new(true, true).0);
    c.csr_write(r::IRQ_MASK, renq_abi::csr::IRQ_ALL);
    export(&mut c, &mem, Q, BUF, k);
    (c, mem)
}

fn pkt(data: u64) -> Packet {
    Packet::enqueue(1, NODE, Q, data)
}

fn replies(c: &mut Model) -> Vec<Packet> {
    let mut v = Vec::new();
    c.take_replies(&mut v);
    v
}

fn outcomes(c: &mut Model) -> Vec<Outcome> {
    replies(c).iter().map(|p| Outcome::decode(p.data).unwrap()).collect()
}

fn query(c: &mut Model, q: u16) -> QueueState {
    cmd(c, renq_abi::CMD_QUERY, q, 0);
    QueueState(c.csr_read(r::QUERY))
}

#[test]
fn reset_state_and_identity() {
    let mut c = Model::new();
    assert_eq!(r::abi_version(c.csr_read(r::ID)), Some(2));
    assert_eq!(c.csr_read(r::CONTROL), 0);
    assert_eq!(c.csr_read(r::OVERFLOW), 0);
    assert!(!c.irq());
    let caps = c.csr_read(r::CAPS);
    assert_eq!(caps & 0xffff, MAX_QUEUES as u64);
    assert_eq!(caps >> 16 & 0xffff, MAX_PORTALS as u64);
    assert_eq!(r::caps_spares(caps), renq_abi::MODEL_SPARES, "the model keeps a ring of spares (spec §9c)");
}

#[test]
fn enqueue_writes_slot_then_tail_and_reads_no_host_memory() {
    let (mut c, mem) = setup(4);
    let reads = mem.dma_reads();
    for i in 0..capacity(4) {
        assert!(c.deliver(&mem, pkt(100 + i)));
    }
    assert_eq!(mem.dma_reads(), reads, "steady state reads no host memory (spec §6a)");
    let items: Vec<u64> = (0..capacity(4)).map(|i| 100 + i).collect();
    assert_eq!(mem.snapshot(BUF + 24, capacity(4) as usize), items);
    assert_eq!(mem.load_u64(BUF + 8, Relaxed), FIRST_DATA_INDEX + capacity(4));
    assert_eq!(c.csr_read(r::CNT_ENQUEUED), capacity(4));
    // One outcome for the run of acceptances from one portal.
    assert_eq!(outcomes(&mut c), vec![Outcome::Accepted { count: capacity(4) as u32 }]);
}

#[test]
fn head_read_only_when_the_free_count_runs_out() {
    let (mut c, mem) = setup(3); // capacity 4
    let reads = mem.dma_reads();
    for i in 0..4 {
        c.deliver(&mem, pkt(i));
    }
    // Consumer takes two; the card learns it from one HEAD read when it needs a slot.
    mem.store_u64(BUF + 16, 5, Release);
    c.deliver(&mem, pkt(4));
    assert_eq!(mem.dma_reads(), reads + 1);
    c.deliver(&mem, pkt(5));
    assert_eq!(mem.dma_reads(), reads + 1, "the refill covers two slots");
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), 0);
}

#[test]
fn head_doorbell_means_no_read_at_all() {
    let (mut c, mem) = setup(3);
    let reads = mem.dma_reads();
    for round in 0..10u64 {
        for i in 0..4 {
            assert!(c.deliver(&mem, pkt(round * 4 + i)));
        }
        let tail = mem.load_u64(BUF + 8, Relaxed);
        mem.store_u64(BUF + 16, tail, Release); // consumer drained everything
        cmd(&mut c, renq_abi::CMD_HEAD, Q, renq_abi::head_doorbell_arg(BUF, tail));
    }
    assert_eq!(mem.dma_reads(), reads);
    assert_eq!(c.csr_read(r::CNT_ENQUEUED), 40);
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), 0);
}

#[test]
fn unknown_queue_and_other_node_are_rejected_before_any_memory_access() {
    let (mut c, mem) = setup(4);
    let (reads, writes) = (mem.dma_reads(), mem.dma_writes());
    for p in [
        Packet { queue: 6, ..pkt(1) },
        Packet { dst: 3, ..pkt(1) },
        Packet { queue: MAX_QUEUES as u16, ..pkt(1) },
        Packet { queue: u16::MAX, ..pkt(1) },
    ] {
        assert!(c.deliver(&mem, p));
    }
    assert_eq!((mem.dma_reads(), mem.dma_writes()), (reads, writes));
    assert_eq!(c.csr_read(r::CNT_REJECTED), 4);
    assert!(outcomes(&mut c).iter().all(|o| *o == Outcome::Rejected));
}

#[test]
fn full_queue_stalls_bumps_its_epoch_and_refuses_without_holding_the_link() {
    let (mut c, mem) = setup(3);
    export(&mut c, &mem, 6, BUF + 0x1000, 3);
    for i in 0..4 {
        c.deliver(&mem, pkt(i));
    }
    replies(&mut c);
    assert!(c.deliver(&mem, pkt(4)), "a full queue's packet is taken and refused, never held");
    assert_eq!(outcomes(&mut c), vec![Outcome::Waiting], "refused, its portal on the waiters");
    let s = query(&mut c, Q);
    assert!(s.ready() && s.stalled() && s.valid());
    assert_eq!(s.epoch(), 0, "a stall keeps the epoch; its end bumps it");
    assert_eq!(c.csr_read(r::OVERFLOW), 1 << bits::OVERFLOW_VALID | Q as u64);
    assert!(c.irq());
    // Another queue on the same link is not held up.
    assert!(c.deliver(&mem, Packet { queue: 6, ..pkt(77) }));
    assert_eq!(mem.load_u64(BUF + 0x1000 + 24, Relaxed), 77);
    assert_eq!(outcomes(&mut c), vec![Outcome::Accepted { count: 1 }]);
    // Packets sent with the epoch of the stall stay refused after the resume.
    mem.store_u64(BUF + 16, 7, Release);
    cmd(&mut c, renq_abi::CMD_RESUME, Q, 0);
    assert_eq!(query(&mut c, Q).epoch(), 1);
    let r = replies(&mut c);
    assert_eq!(
        r.iter().map(|p| (Outcome::decode(p.data), p.epoch, p.dst, p.portal)).collect::<Vec<_>>(),
        [(Some(Outcome::Resumed), 1, pkt(4).src, pkt(4).portal)],
        "the waiter is told, with the new epoch"
    );
    assert!(c.deliver(&mem, pkt(5)));
    assert_eq!(outcomes(&mut c), vec![Outcome::Refused]);
    assert!(c.deliver(&mem, Packet { epoch: 1, ..pkt(5) }));
    assert_eq!(outcomes(&mut c), vec![Outcome::Accepted { count: 1 }]);
    assert_eq!(c.csr_read(r::CNT_REFUSED), 2);
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), 1);
}

#[test]
fn overflow_fifo_keeps_the_interrupt_up_until_popped_and_sets_lost_when_full() {
    let mem = HostMemory::create(1 << 22).unwrap();
    let mut c = Model::new();
    c.csr_write(r::NODE_ID, NODE as u64);
    c.csr_write(r::CONTROL, Control::new(true, true).0);
    c.csr_write(r::IRQ_MASK, renq_abi::csr::IRQ_ALL);
    let n = OVERFLOW_FIFO_DEPTH as u16 + 1;
    for q in 0..n {
        export(&mut c, &mem, q, BUF + q as u64 * 0x100, 3);
        for i in 0..5 {
            c.deliver(&mem, Packet::enqueue(1, NODE, q, i));
        }
    }
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), n as u64);
    // W1C does not clear OVERFLOW while the FIFO holds a stall.
    c.csr_write(r::IRQ_STATUS, renq_abi::csr::IRQ_ALL);
    assert!(c.irq());
    for q in 0..OVERFLOW_FIFO_DEPTH as u64 {
        let w = c.csr_read(r::OVERFLOW);
        assert_eq!(w & 0xfff, q);
        assert_ne!(w & 1 << bits::OVERFLOW_VALID, 0);
        assert_ne!(w & 1 << bits::OVERFLOW_LOST, 0, "the 17th stall found the FIFO full");
        c.csr_write(r::OVERFLOW_POP, 1 << bits::POP);
    }
    assert_eq!(c.csr_read(r::OVERFLOW), 1 << bits::OVERFLOW_LOST);
    assert!(c.irq());
    c.csr_write(r::OVERFLOW_POP, 1 << bits::CLEAR_LOST);
    assert_eq!(c.csr_read(r::OVERFLOW), 0);
    assert!(!c.irq());
    // The lost stall is still there for a QUERY sweep to find.
    assert!(query(&mut c, n - 1).stalled());
}

#[test]
fn relink_by_export_continues_in_a_fresh_buffer_keeping_the_epoch() {
    let (mut c, mem) = setup(3);
    for i in 0..5 {
        c.deliver(&mem, pkt(i)); // the 5th stalls the queue
    }
    let old = BUF;
    let fresh = BUF + 0x4000;
    // The driver's O(1) extension: LINK the full buffer to a fresh one, EXPORT the fresh one.
    mem.store_u64(old, link_word(fresh, 3), Release);
    export(&mut c, &mem, Q, fresh, 3);
    let s = query(&mut c, Q);
    assert!(!s.stalled());
    assert_eq!(s.epoch(), 1, "EXPORT of a stalled queue ends the stall with a new epoch");
    assert_eq!(s.tail(), FIRST_DATA_INDEX);
    assert!(c.deliver(&mem, Packet { epoch: 1, ..pkt(4) }));
    assert_eq!(mem.load_u64(fresh + 24, Relaxed), 4);
    assert_eq!(mem.snapshot(old + 24, 4), vec![0, 1, 2, 3], "no item moved");
}

#[test]
fn hostile_head_words_never_move_a_write_outside_the_buffer() {
    let (mut c, mem) = setup(4);
    let size = words(4) * 8;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..2000u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        mem.store_u64(BUF + 16, x, Relaxed);
        if i % 7 == 0 {
            // Half the doorbells name a slot of the buffer (a random index), half anything.
            let arg = if i % 2 == 0 { renq_abi::head_doorbell_arg(BUF, x >> 7) } else { x.rotate_left(9) };
            cmd(&mut c, renq_abi::CMD_HEAD, Q, arg);
        }
        if i % 13 == 0 {
            cmd(&mut c, renq_abi::CMD_RESUME, Q, 0);
        }
        let e = query(&mut c, Q).epoch() as u8;
        c.deliver(&mem, Packet { epoch: e, ..pkt(i) });
    }
    assert_eq!(mem.dma_errors(), 0);
    assert_eq!(mem.load_u64(BUF, Relaxed), link_word(0, 4), "LINK never written");
    assert!(mem.snapshot(BUF + size, 512).iter().all(|&w| w == 0), "nothing beyond the buffer");
    assert!(mem.snapshot(0, (BUF / 8) as usize).iter().all(|&w| w == 0), "nothing before it");
    assert!(c.csr_read(r::CNT_BAD_HEADER) > 0);
}

fn sender() -> Model {
    let mut c = Model::new();
    c.csr_write(r::NODE_ID, 1);
    c.csr_write(r::CONTROL, Control::new(true, true).0);
    c.csr_write(r::PORTAL_SEL, 9);
    c.csr_write(r::PORTAL, Entry::new(NODE, Q).0);
    c
}

#[test]
fn portal_store_sends_and_outcomes_update_its_status() {
    let mut s = sender();
    let p = s.shadow_write(page_offset(9), 42, 0xff).expect("a packet");
    assert_eq!((p.src, p.dst, p.queue, p.portal, p.epoch, p.kind), (1, NODE, Q, 9, 0, Kind::Enqueue));
    s.shadow_write(page_offset(9) + 8, 43, 0xff).unwrap();
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.accepted(), st.in_flight(), st.refusing()), (0, 2, false));
    let (mut rx, mem) = setup(4);
    rx.deliver(&mem, p);
    rx.deliver(&mem, Packet { data: 43, ..p });
    for o in replies(&mut rx) {
        assert!(s.deliver(&mem, o));
    }
    let st = Status(s.shadow_read(page_offset(9) + 0x100));
    assert_eq!((st.accepted(), st.in_flight(), st.refused()), (2, 0, 0));
}

#[test]
fn refusal_makes_the_portal_refuse_at_the_source_until_retry_with_the_new_epoch() {
    let mut s = sender();
    let (rx, mem) = setup(3);
    // The RTL's refusals (no stall notices): the sender learns the epoch by retrying.
    let mut rx = rx.without_stall_notices();
    let mut sent = Vec::new();
    for i in 0..6 {
        sent.push(s.shadow_write(page_offset(9), i, 0xff).unwrap());
    }
    for p in &sent {
        rx.deliver(&mem, *p);
    }
    for o in replies(&mut rx) {
        s.deliver(&mem, o);
    }
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.accepted(), st.in_flight(), st.refused(), st.refusing()), (4, 0, 2, true));
    assert!(s.shadow_write(page_offset(9), 99, 0xff).is_none(), "refused at the source");
    assert_eq!(s.csr_read(r::CNT_SRC_REFUSED), 1);
    assert_eq!(Status(s.shadow_read(page_offset(9))).refused(), 3);
    // The driver relinks (a new epoch); a retry with the epoch the stall taught is refused
    // as stale and teaches the new one; the next retry is accepted.
    export(&mut rx, &mem, Q, BUF + 0x4000, 3);
    for (expect_epoch, outcome) in [(0, Outcome::Refused), (1, Outcome::Accepted { count: 1 })] {
        assert!(s.shadow_write(page_offset(9) + RETRY_OFFSET, 0, 0xff).is_none());
        let p = s.shadow_write(page_offset(9), 4, 0xff).unwrap();
        assert_eq!(p.epoch, expect_epoch);
        rx.deliver(&mem, p);
        let r = replies(&mut rx);
        assert_eq!(Outcome::decode(r[0].data), Some(outcome));
        s.deliver(&mem, r[0]);
    }
}

/// The hole the epoch-bump-at-unstall closes: a portal that learned the epoch of a stall
/// retries while the queue is still stalled; its next packets, sent before that refusal came
/// back, must not be accepted once the stall ends.
#[test]
fn packets_sent_during_a_stall_with_its_epoch_are_refused_after_it() {
    let (mut rx, mem) = setup(3);
    for i in 0..5 {
        rx.deliver(&mem, pkt(i)); // 4 fit, the 5th stalls the queue (epoch 0)
    }
    replies(&mut rx);
    // Both carry the stall's epoch; y is refused (stalled), z arrives after the relink.
    assert!(rx.deliver(&mem, pkt(100)));
    export(&mut rx, &mem, Q, BUF + 0x4000, 3);
    assert!(rx.deliver(&mem, pkt(101)));
    assert_eq!(outcomes(&mut rx), vec![Outcome::Waiting, Outcome::Resumed, Outcome::Refused]);
}

/// Stall notices (spec §7c): the refusals of a stalled queue are WAITING, the portal's RETRY is
/// held until the destination's RESUMED, which carries the new epoch, so the items go again
/// once, after the stall, and are accepted: each refused once.
#[test]
fn a_waiting_portal_is_held_until_resumed_then_its_retry_is_accepted_at_once() {
    let mut s = sender();
    let (mut rx, mem) = setup(3);
    let sent: Vec<_> = (0..6).map(|i| s.shadow_write(page_offset(9), i, 0xff).unwrap()).collect();
    for p in &sent {
        rx.deliver(&mem, *p);
    }
    let r = replies(&mut rx);
    let o: Vec<_> = r.iter().map(|p| Outcome::decode(p.data).unwrap()).collect();
    assert_eq!(o, [Outcome::Accepted { count: 4 }, Outcome::Waiting, Outcome::Waiting]);
    for p in r {
        s.deliver(&mem, p);
    }
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.accepted(), st.in_flight(), st.refused(), st.refusing()), (4, 0, 2, true));
    assert!(s.shadow_write(page_offset(9) + RETRY_OFFSET, 0, 0xff).is_none());
    assert!(Status(s.shadow_read(page_offset(9))).refusing(), "held: RETRY does not take before RESUMED");
    // A RESUMED about another queue, or for another node, does not release it.
    let other = Outcome::Resumed.reply(NODE, &Packet { queue: Q + 1, ..sent[0] }, 1);
    s.deliver(&mem, other);
    assert!(s.shadow_write(page_offset(9) + RETRY_OFFSET, 0, 0xff).is_none());
    assert!(Status(s.shadow_read(page_offset(9))).refusing());
    // The driver relinks: one RESUMED, with the new epoch, to the one waiter (listed once).
    export(&mut rx, &mem, Q, BUF + 0x4000, 3);
    let r = replies(&mut rx);
    assert_eq!(r.len(), 1);
    assert_eq!((Outcome::decode(r[0].data), r[0].epoch), (Some(Outcome::Resumed), 1));
    s.deliver(&mem, r[0]);
    assert!(s.shadow_write(page_offset(9) + RETRY_OFFSET, 0, 0xff).is_none());
    assert!(!Status(s.shadow_read(page_offset(9))).refusing(), "released");
    for i in 4..6 {
        let p = s.shadow_write(page_offset(9), i, 0xff).unwrap();
        assert_eq!(p.epoch, 1);
        rx.deliver(&mem, p);
    }
    assert_eq!(outcomes(&mut rx), vec![Outcome::Accepted { count: 2 }], "each item refused once");
    assert_eq!(rx.csr_read(r::CNT_REFUSED), 2);
}

/// The waiters are bounded (`MODEL_WAITERS`): beyond them a stalled queue's refusal is a plain
/// REFUSED, and an unexport tells the waiters too (their retry is then rejected).
#[test]
fn waiters_beyond_the_bound_get_refused_and_an_unexport_releases_them() {
    let (mut rx, mem) = setup(3);
    for i in 0..5 {
        rx.deliver(&mem, pkt(i));
    }
    replies(&mut rx);
    let n = renq_abi::MODEL_WAITERS as u16;
    for portal in 1..n {
        rx.deliver(&mem, Packet { portal, src: portal % 16, ..pkt(9) });
    }
    let o = outcomes(&mut rx);
    assert_eq!(o.len(), n as usize - 1);
    assert!(o.iter().all(|o| *o == Outcome::Waiting), "the stalling packet's portal and {} more", n - 1);
    rx.deliver(&mem, Packet { portal: n, ..pkt(9) });
    assert_eq!(outcomes(&mut rx), vec![Outcome::Refused], "the list is full");
    cmd(&mut rx, renq_abi::CMD_EXPORT, Q, ExportEntry::default().0);
    let o = outcomes(&mut rx);
    assert_eq!(o.len(), n as usize);
    assert!(o.iter().all(|o| *o == Outcome::Resumed));
}

#[test]
fn bad_stores_invalid_portals_and_rejections_are_counted() {
    let mut s = sender();
    assert!(s.shadow_write(page_offset(9) + 3, 1, 0xff).is_none());
    assert!(s.shadow_write(page_offset(9), 1, 0x0f).is_none());
    assert!(s.shadow_write(page_offset(10), 1, 0xff).is_none(), "portal 10 is not programmed");
    assert!(s.shadow_write(portal::WINDOW_BYTES, 1, 0xff).is_none());
    assert_eq!(s.csr_read(r::CNT_TX_DROPPED), 4);
    let p = s.shadow_write(page_offset(9), 1, 0xff).unwrap();
    let (mut rx, mem) = setup(3);
    rx.deliver(&mem, Packet { queue: 7, ..p });
    for o in replies(&mut rx) {
        s.deliver(&mem, o);
    }
    let st = Status(s.shadow_read(page_offset(9)));
    assert!(st.rejected() && st.in_flight() == 0);
    // Reprogramming the portal zeroes its status; a stale outcome is then ignored.
    s.csr_write(r::PORTAL, Entry::new(NODE, Q).0);
    s.deliver(&mem, Outcome::Accepted { count: 5 }.reply(NODE, &p, 0));
    assert_eq!(s.shadow_read(page_offset(9)), 0);
}

#[test]
fn in_flight_is_bounded_by_refusing_at_the_source() {
    let mut s = sender();
    for i in 0..MAX_IN_FLIGHT {
        assert!(s.shadow_write(page_offset(9), i, 0xff).is_some());
    }
    assert!(s.shadow_write(page_offset(9), 0, 0xff).is_none());
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.in_flight(), st.refused(), st.refusing()), (MAX_IN_FLIGHT, 1, true));
}

#[test]
fn arm_notifies_on_the_next_item_or_at_once_if_one_is_unseen() {
    let (mut c, mem) = setup(4);
    c.deliver(&mem, pkt(1));
    c.csr_write(r::IRQ_STATUS, renq_abi::csr::IRQ_ALL);
    cmd(&mut c, renq_abi::CMD_ARM, Q, renq_abi::head_doorbell_arg(BUF, FIRST_DATA_INDEX)); // saw tail 3; tail is 4
    assert_ne!(c.csr_read(r::IRQ_STATUS) & Irq::NOTIFY_MASK, 0);
    c.csr_write(r::IRQ_STATUS, Irq::NOTIFY_MASK);
    cmd(&mut c, renq_abi::CMD_ARM, Q, renq_abi::head_doorbell_arg(BUF, 4));
    assert!(query(&mut c, Q).armed());
    assert!(!c.irq());
    c.deliver(&mem, pkt(2));
    assert!(c.irq());
    assert!(!query(&mut c, Q).armed(), "ARM is one-shot");
}

/// ARM names the consumer's buffer as HEAD does: the card's own buffer compares the index; a
/// buffer the card left notifies at once, even where its index equals the card's tail (the
/// consumer is behind: the card's items are in a newer buffer).
#[test]
fn arm_of_a_buffer_the_card_left_notifies_at_once() {
    let (mut c, mem) = setup(4);
    c.deliver(&mem, pkt(1));
    c.csr_write(r::IRQ_STATUS, renq_abi::csr::IRQ_ALL);
    let tail = FIRST_DATA_INDEX + 1;
    cmd(&mut c, renq_abi::CMD_ARM, Q, renq_abi::head_doorbell_arg(BUF, tail));
    assert!(query(&mut c, Q).armed(), "the card's buffer and its tail: armed");
    assert!(!c.irq());
    let left = BUF + (words(4) << 3) * 2;
    cmd(&mut c, renq_abi::CMD_ARM, Q, renq_abi::head_doorbell_arg(left, tail));
    assert_ne!(c.csr_read(r::IRQ_STATUS) & Irq::NOTIFY_MASK, 0, "another buffer, the same index: NOTIFY at once");
}

#[test]
fn rx_disabled_holds_packets_but_outcomes_still_reach_the_sender_side() {
    let (mut c, mem) = setup(4);
    c.csr_write(r::CONTROL, Control::new(false, true).0);
    assert!(!c.deliver(&mem, pkt(1)));
    assert!(c.deliver(&mem, Outcome::Accepted { count: 1 }.reply(3, &pkt(1), 0)));
}

#[path = "spare_tests.rs"]
mod spare;

/// A destination that restarts (spec §7c): its old incarnation's outcomes still count, then the
/// link's `PeerReset` fails every portal aimed at it that waits for an answer — rejected and
/// refusing, so no later store reaches the new incarnation behind the items counted lost — and
/// leaves portals aimed elsewhere, and the restarted node's places on waiter lists, alone.
#[test]
fn a_peer_reset_fails_the_portals_waiting_on_that_node_and_nothing_else() {
    let mut s = sender();
    s.csr_write(r::PORTAL_SEL, 3);
    s.csr_write(r::PORTAL, Entry::new(NODE + 1, Q).0);
    let (mut rx, mem) = setup(3);
    let sent: Vec<_> = (0..3).map(|i| s.shadow_write(page_offset(9), i, 0xff).unwrap()).collect();
    s.shadow_write(page_offset(3), 7, 0xff).unwrap();
    rx.deliver(&mem, sent[0]);
    for p in replies(&mut rx) {
        s.deliver(&mem, p); // item 0 accepted before the restart
    }
    let reset = |node| Packet { src: node, dst: 1, kind: Kind::PeerReset, ..Packet::default() };
    assert!(s.deliver(&mem, reset(NODE)));
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.accepted(), st.in_flight(), st.rejected(), st.refusing()), (1, 0, true, true));
    assert!(s.shadow_write(page_offset(9), 9, 0xff).is_none(), "refused at the source");
    let other = Status(s.shadow_read(page_offset(3)));
    assert_eq!((other.in_flight(), other.rejected()), (1, false), "a portal to another node keeps its count");
    // A portal with nothing in flight is left alone by a later reset.
    s.csr_write(r::PORTAL_SEL, 9);
    s.csr_write(r::PORTAL, Entry::new(NODE, Q).0);
    s.deliver(&mem, reset(NODE));
    let st = Status(s.shadow_read(page_offset(9)));
    assert_eq!((st.in_flight(), st.rejected(), st.refusing()), (0, false, false));
    // The restarted node's portals leave this card's waiter lists.
    for i in 3..9 {
        rx.deliver(&mem, Packet { src: 1, portal: 4, ..pkt(i) }); // the queue fills and stalls
    }
    assert!(outcomes(&mut rx).contains(&Outcome::Waiting));
    rx.deliver(&mem, Packet { src: 1, dst: NODE, kind: Kind::PeerReset, ..Packet::default() });
    export(&mut rx, &mem, Q, BUF + 0x4000, 3);
    assert!(outcomes(&mut rx).is_empty(), "no RESUMED for a waiter of the dead incarnation");
}
