//! Whole-card tests of `TopV2` (spec §6b): cards driven only through their ports — BAR0 and
//! BAR2 by a host that behaves like the driver and the library, links that stall at random,
//! host memory with random read latency and write acceptance.

use crate::harness::{export_word, Flow, Rng, WaitStates};
use crate::v2::card::{Channel, Cluster};
use crate::v2::harness::{audit, Buffer, SplitMemory};
use renq_abi::buffer::{link_word, next_index, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::packet::Outcome;
use renq_abi::regs::{Control, Irq};
use renq_abi::v2::portal::{page_offset, Entry, Status, RETRY_OFFSET};
use renq_abi::v2::regs::{self as r, bits, command};
use renq_abi::v2::state::QueueState;
use renq_abi::v2::{CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME};
use std::collections::VecDeque;

const QA: usize = 9;
const PA: usize = 8;
type Bench = Cluster<QA, PA>;

/// A queue on a card: its one buffer, and the consumer's position in it.
struct Queue {
    card: usize,
    queue: u16,
    base: u64,
    log2: u32,
    head: u64,
    /// Items read, in order.
    got: Vec<u64>,
}

/// A producer: one portal of one card, the library's ring of unconfirmed items.
struct Producer {
    card: usize,
    portal: u16,
    id: u64,
    next: u64,
    ring: VecDeque<u64>,
    resend: VecDeque<u64>,
    accepted: u64,
    retries: u64,
}

fn item(id: u64, seq: u64) -> u64 {
    (id + 1) << 32 | seq
}

fn memory(rng: &mut Rng) -> SplitMemory {
    SplitMemory::new(
        WaitStates::Random { rng: Rng(rng.next_u64() | 1), max: 12 },
        Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 70 },
        Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 80 },
    )
}

fn cmd(b: &mut Bench, card: usize, kind: u64, queue: u16, arg: u64) {
    b.csr_write(card, r::CMD_ARG, arg);
    b.csr_write(card, r::CMD, command(kind, queue));
    // Like the driver: the next command only once this one is done.
    while b.csr_read(card, r::STATUS) & 1 << bits::STATUS_CMD_PENDING != 0 {}
}

fn export(b: &mut Bench, q: &Queue) {
    let mem = &mut b.cards[q.card].mem;
    mem.store(q.base + 8 * renq_abi::buffer::LINK_WORD, link_word(0, q.log2));
    mem.store(q.base + 8 * TAIL_WORD, FIRST_DATA_INDEX);
    mem.store(q.base + 8 * HEAD_WORD, FIRST_DATA_INDEX);
    cmd(b, q.card, CMD_EXPORT, q.queue, export_word(q.base, q.log2));
}

/// The consumer: reads up to `max` items below the published TAIL, zeroing each slot (so a
/// TAIL covering a slot not written since shows as a 0), then writes HEAD.
fn consume(b: &mut Bench, q: &mut Queue, max: usize) {
    let mem = &mut b.cards[q.card].mem;
    let tail = mem.load(q.base + 8 * TAIL_WORD);
    let mut n = 0;
    while q.head != tail && n < max {
        let addr = q.base + 8 * q.head;
        let v = mem.load(addr);
        assert_ne!(v, 0, "queue {}: TAIL {tail} covers slot {} that was not written", q.queue, q.head);
        q.got.push(v);
        mem.store(addr, 0);
        q.head = next_index(q.head, q.log2);
        n += 1;
    }
    mem.store(q.base + 8 * HEAD_WORD, q.head);
}

/// The driver's overflow handler: take stalls from the OVERFLOW FIFO and resume them (the
/// consumer makes room meanwhile; a queue still full stalls again); after LOST, QUERY every
/// queue and resume the stalled ones. Returns the stalls served.
fn serve_overflows(b: &mut Bench, card: usize, queues: &[u16]) -> u64 {
    let mut served = 0;
    loop {
        let o = b.csr_read(card, r::OVERFLOW);
        if o & 1 << bits::OVERFLOW_LOST != 0 {
            b.csr_write(card, r::OVERFLOW_POP, 1 << bits::CLEAR_LOST);
            for &q in queues {
                cmd(b, card, CMD_QUERY, q, 0);
                let s = QueueState(b.csr_read(card, r::QUERY));
                assert!(s.ready(), "QUERY answered without READY");
                if s.stalled() {
                    cmd(b, card, CMD_RESUME, q, 0);
                    served += 1;
                }
            }
        }
        if o & 1 << bits::OVERFLOW_VALID == 0 {
            return served;
        }
        b.csr_write(card, r::OVERFLOW_POP, 1 << bits::POP);
        cmd(b, card, CMD_RESUME, (o & 0xfff) as u16, 0);
        served += 1;
    }
}

/// One step of a producer, as the library does it (spec §7c): store while the ring has room;
/// else load the status until nothing is in flight, confirm the accepted ones, and after a
/// refusal RETRY and store the refused ones again, in order.
fn produce(b: &mut Bench, p: &mut Producer, items: u64, window: usize) {
    if p.ring.len() < window && (!p.resend.is_empty() || p.next < items) {
        let v = p.resend.pop_front().unwrap_or_else(|| {
            p.next += 1;
            item(p.id, p.next - 1)
        });
        let in_page = 8 * (v % 100);
        b.b2_store(p.card, page_offset(p.portal) + in_page, v, 0xff);
        p.ring.push_back(v);
        return;
    }
    if p.ring.is_empty() {
        return;
    }
    let s = Status(b.b2_load(p.card, page_offset(p.portal) + 16));
    if s.in_flight() != 0 {
        return;
    }
    let accepted = s.accepted().wrapping_sub(p.accepted) & 0xffff_ffff;
    p.accepted = s.accepted();
    assert!(accepted as usize <= p.ring.len(), "more accepted than stored");
    p.ring.drain(..accepted as usize);
    assert!(!s.rejected(), "portal {} rejected", p.portal);
    if s.refusing() {
        assert!(!p.ring.is_empty(), "refusing with nothing refused");
        let mut again: VecDeque<u64> = p.ring.drain(..).collect();
        again.append(&mut p.resend);
        p.resend = again;
        p.retries += 1;
        b.b2_store(p.card, page_offset(p.portal) + RETRY_OFFSET, 0, 0xff);
    } else {
        assert!(p.ring.is_empty(), "in_flight 0, not refusing, yet items unconfirmed");
    }
}

/// Stores from every producer into its queue, a slow consumer, the driver serving overflows;
/// then: every item read exactly once and in its producer's order, the write log audited
/// (inside the buffers, TAIL never ahead of the data), the counters agreeing.
fn run(b: &mut Bench, queues: &mut [Queue], producers: &mut [Producer], items: u64, seed: u64) -> [u64; 4] {
    let mut rng = Rng(seed);
    let cards = b.cards.len();
    let mut served = 0;
    let mut rounds = 0u64;
    loop {
        rounds += 1;
        assert!(rounds < 200_000, "no progress");
        let done = producers.iter().all(|p| p.next == items && p.ring.is_empty() && p.resend.is_empty());
        if done {
            break;
        }
        let i = rng.below(producers.len() as u64) as usize;
        produce(b, &mut producers[i], items, 6);
        if rng.chance(25) {
            let qi = rng.below(queues.len() as u64) as usize;
            let max = rng.below(4) as usize;
            consume(b, &mut queues[qi], max);
        }
        if rng.chance(15) {
            let c = rng.below(cards as u64) as usize;
            if b.csr_read(c, r::IRQ_STATUS) & Irq::OVERFLOW_MASK != 0 {
                let mine: Vec<u16> = queues.iter().filter(|q| q.card == c).map(|q| q.queue).collect();
                served += serve_overflows(b, c, &mine);
            }
        }
        if rng.chance(3) {
            // A HEAD doorbell for the consumer's position.
            let q = &queues[rng.below(queues.len() as u64) as usize];
            let (card, queue, head) = (q.card, q.queue, q.head);
            cmd(b, card, CMD_HEAD, queue, head);
        }
    }
    // Drain: the consumers read the rest; stalls still open are served.
    for _ in 0..10_000 {
        for q in queues.iter_mut() {
            consume(b, q, usize::MAX);
        }
        for c in 0..cards {
            let mine: Vec<u16> = queues.iter().filter(|q| q.card == c).map(|q| q.queue).collect();
            served += serve_overflows(b, c, &mine);
        }
        b.settle_all();
        if queues.iter().all(|q| b.cards[q.card].mem.load(q.base + 8 * TAIL_WORD) == q.head) {
            break;
        }
    }
    // Every item exactly once, in its producer's order.
    let mut per_producer = vec![Vec::new(); producers.len()];
    for q in queues.iter() {
        for &v in &q.got {
            let id = (v >> 32) - 1;
            per_producer[id as usize].push(v & 0xffff_ffff);
        }
    }
    for (id, seqs) in per_producer.iter().enumerate() {
        assert_eq!(seqs, &(0..items).collect::<Vec<_>>(), "producer {id}: items lost, doubled or out of order");
    }
    // The write log: inside exported buffers, ring order, TAIL never covering unwritten slots.
    let mut stats = [0u64; 4];
    for c in 0..cards {
        let bufs: Vec<Buffer> = queues
            .iter()
            .filter(|q| q.card == c)
            .map(|q| Buffer { queue: q.queue, base: q.base, log2: q.log2 })
            .collect();
        let a = audit(&bufs, &b.cards[c].mem.writes).unwrap_or_else(|e| panic!("card {c}: {e}"));
        let written: u64 = a.data.iter().map(|d| d.len() as u64).sum();
        let consumed: u64 = queues.iter().filter(|q| q.card == c).map(|q| q.got.len() as u64).sum();
        assert_eq!(written, consumed);
        assert_eq!(b.csr_read(c, r::CNT_ENQUEUED), written, "card {c}: CNT_ENQUEUED");
        stats[0] += written;
        stats[1] += b.csr_read(c, r::CNT_OVERFLOWS);
        stats[2] += b.csr_read(c, r::CNT_REFUSED) + b.csr_read(c, r::CNT_SRC_REFUSED);
    }
    stats[3] = served;
    // Every OUTCOME went to the card and portal that sent the ENQUEUE, one per ENQUEUE.
    let enqueues = b.trace.sent.iter().filter(|s| s.1 == Channel::Enqueue).count();
    let outcomes = b.trace.sent.iter().filter(|s| s.1 == Channel::Outcome).count();
    assert_eq!(enqueues, outcomes, "one OUTCOME per ENQUEUE");
    for p in producers.iter() {
        let s = Status(b.b2_load(p.card, page_offset(p.portal)));
        assert_eq!((s.in_flight(), s.refusing(), s.rejected()), (0, false, false), "portal {}", p.portal);
    }
    stats
}

fn setup(b: &mut Bench, card: usize) {
    let node = b.cards[card].node as u64;
    b.csr_write(card, r::NODE_ID, node);
    b.csr_write(card, r::CONTROL, Control::new(true, true).0);
    b.csr_write(card, r::IRQ_MASK, renq_abi::regs::IRQ_ALL);
    assert_eq!(b.csr_read(card, r::ID), r::ID_VALUE);
    assert_eq!(b.csr_read(card, r::CAPS), r::caps(QA as u32, PA as u32));
    assert_eq!(b.csr_read(card, r::NODE_ID), node);
}

fn grant(b: &mut Bench, card: usize, portal: u16, node: u16, queue: u16) {
    b.csr_write(card, r::PORTAL_SEL, portal as u64);
    b.csr_write(card, r::PORTAL, Entry::new(node, queue).0);
    assert_eq!(b.csr_read(card, r::PORTAL), Entry::new(node, queue).0, "PORTAL reads back");
}

fn producers(list: &[(usize, u16)]) -> Vec<Producer> {
    list.iter()
        .enumerate()
        .map(|(id, &(card, portal))| Producer {
            card,
            portal,
            id: id as u64,
            next: 0,
            ring: VecDeque::new(),
            resend: VecDeque::new(),
            accepted: 0,
            retries: 0,
        })
        .collect()
}

fn queue(card: usize, queue: u16, base: u64, log2: u32) -> Queue {
    Queue { card, queue, base, log2, head: FIRST_DATA_INDEX, got: Vec::new() }
}

/// One card enqueuing into its own queues over a looped-back link (self-enqueue, the case that
/// deadlocked card v1): four producers into two small queues, overflows served by the driver.
#[test]
fn looped_back_card_delivers_every_item_once_in_order_through_overflows() {
    let mut rng = Rng(0x70b2_0001);
    let mut b = Bench::new(
        &[5],
        || memory(&mut rng),
        3,
        Flow::Random { rng: Rng(0x11), percent: 70 },
        Flow::Random { rng: Rng(0x12), percent: 70 },
    );
    setup(&mut b, 0);
    let mut queues = [queue(0, 3, 0x1_0000, 4), queue(0, 300, 0x2_0000, 5)];
    for q in &queues {
        export(&mut b, q);
    }
    for (p, q) in [(0u16, 3u16), (1, 3), (2, 300), (3, 300)] {
        grant(&mut b, 0, p, 5, q);
    }
    let mut prods = producers(&[(0, 0), (0, 1), (0, 2), (0, 3)]);
    let [written, overflows, refused, served] = run(&mut b, &mut queues, &mut prods, 40, 0x5eed);
    let retries: u64 = prods.iter().map(|p| p.retries).sum();
    eprintln!(
        "loopback: {written} items, {overflows} overflows, {refused} refusals, {served} stalls served, {retries} retries, {} cycles",
        b.cycle
    );
    assert!(overflows > 0 && refused > 0 && retries > 0, "the run must go through overflows and retries");
}

/// Two cards joined by links, each enqueuing into the other's queue and its own.
#[test]
fn two_cards_deliver_every_item_once_in_order_through_overflows() {
    let mut rng = Rng(0x70b2_0002);
    let mut b = Bench::new(
        &[1, 1000],
        || memory(&mut rng),
        4,
        Flow::Random { rng: Rng(0x21), percent: 60 },
        Flow::Random { rng: Rng(0x22), percent: 75 },
    );
    setup(&mut b, 0);
    setup(&mut b, 1);
    let mut queues = [queue(0, 7, 0x4_0000, 4), queue(1, 7, 0x4_0000, 5), queue(1, 511, 0x8_0000, 4)];
    for q in &queues {
        export(&mut b, q);
    }
    grant(&mut b, 0, 0, 1000, 7);
    grant(&mut b, 0, 1, 1000, 511);
    grant(&mut b, 1, 200, 1, 7);
    grant(&mut b, 1, 5, 1000, 511);
    let mut prods = producers(&[(0, 0), (0, 1), (1, 200), (1, 5)]);
    let [written, overflows, refused, served] = run(&mut b, &mut queues, &mut prods, 30, 0x5eee);
    eprintln!(
        "two cards: {written} items, {overflows} overflows, {refused} refusals, {served} stalls served, {} cycles",
        b.cycle
    );
    assert!(overflows > 0 && refused > 0);
}

/// Bad input at the card's edges: a store to a portal with no grant, a misaligned and a
/// partial store (CNT_TX_DROPPED), a misaligned load (answers 0), a queue not exported
/// (Rejected: REJECTED at the sender, CNT_REJECTED), another node's OUTCOME (ignored).
#[test]
fn bad_input_is_dropped_and_counted() {
    let mut rng = Rng(0x70b2_0003);
    let mut b = Bench::new(&[2], || memory(&mut rng), 2, Flow::Always, Flow::Always);
    setup(&mut b, 0);
    grant(&mut b, 0, 9, 2, 44);
    b.b2_store(0, page_offset(3) + 8, 1, 0xff);
    b.b2_store(0, page_offset(9) + 4, 1, 0xff);
    b.b2_store(0, page_offset(9) + 8, 1, 0x0f);
    assert_eq!(b.b2_load(0, page_offset(9) + 3), 0);
    b.settle_all();
    assert_eq!(b.csr_read(0, r::CNT_TX_DROPPED), 3);
    assert_eq!(b.csr_read(0, r::CNT_SENT), 0);
    b.b2_store(0, page_offset(9) + 8, 77, 0xff);
    b.settle_all();
    let s = Status(b.b2_load(0, page_offset(9)));
    assert!(s.rejected() && s.in_flight() == 0, "{s:?}");
    assert_eq!(b.csr_read(0, r::CNT_REJECTED), 1);
    assert_eq!(b.csr_read(0, r::CNT_SENT), 1);
    let out: Vec<_> = b.trace.sent.iter().filter(|s| s.1 == Channel::Outcome).map(|s| s.2).collect();
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].dst, out[0].portal, out[0].queue), (2, 9, 44));
    assert_eq!(Outcome::decode(out[0].data), Some(Outcome::Rejected));
    assert!(b.cards[0].mem.writes.is_empty(), "nothing written for a rejected packet");
}

/// The engine cannot wait on its events, so the card takes an ENQUEUE only while the outcome
/// FIFO has room for every packet it holds: with the OUTCOME channel blocked it takes exactly
/// `OUTCOME_FIFO_DEPTH` packets and stops; released, every packet is written and answered, in
/// order, none lost.
#[test]
fn a_blocked_outcome_channel_stops_the_enqueue_channel_without_loss() {
    use crate::v2::harness::Packet2;
    use renq_abi::v2::OUTCOME_FIFO_DEPTH;
    let mut rng = Rng(0x70b2_0004);
    let mut b = Bench::new(&[4], || memory(&mut rng), 2, Flow::Always, Flow::Always);
    setup(&mut b, 0);
    let q = queue(0, 12, 0x3_0000, 7);
    export(&mut b, &q);
    b.hold_outcomes = true;
    let n = 3 * OUTCOME_FIFO_DEPTH as u64;
    for i in 0..n {
        b.inject(0, Channel::Enqueue, Packet2 { src: 9, dst: 4, queue: 12, portal: 2, epoch: 0, data: 100 + i });
    }
    for _ in 0..400 {
        b.step();
    }
    assert_eq!(b.in_flight() as u64, n - OUTCOME_FIFO_DEPTH as u64, "taken while the outcome FIFO had room");
    assert_eq!(b.csr_read(0, r::CNT_ENQUEUED), OUTCOME_FIFO_DEPTH as u64);
    b.hold_outcomes = false;
    b.settle_all();
    let out: Vec<_> = b.trace.sent.iter().filter(|s| s.1 == Channel::Outcome).map(|s| s.2).collect();
    assert_eq!(out.len() as u64, n, "one OUTCOME per ENQUEUE");
    assert!(out.iter().all(|p| (p.dst, p.portal, p.queue) == (9, 2, 12)));
    assert!(out.iter().all(|p| Outcome::decode(p.data) == Some(Outcome::Accepted { count: 1 })));
    let a = audit(&[Buffer { queue: 12, base: q.base, log2: q.log2 }], &b.cards[0].mem.writes).expect("audit");
    assert_eq!(a.data[0], (0..n).map(|i| 100 + i).collect::<Vec<_>>());
}

/// The STORE rule (spec §6b): card A stores to B while the links hold B's OUTCOMEs back, so B's
/// outcome FIFO fills, B stops taking ENQUEUEs and A's ENQUEUE link fills. Once the OUTCOMEs
/// flow again, A must take them even though its ENQUEUE channel is still blocked — a STORE
/// waiting inside A's portal table would hold them, and B would wait for A forever.
#[test]
fn outcomes_pass_a_blocked_enqueue_channel() {
    use renq_abi::v2::OUTCOME_FIFO_DEPTH;
    let mut rng = Rng(0x70b2_0005);
    let mut b = Bench::new(&[1, 2], || memory(&mut rng), 3, Flow::Always, Flow::Always);
    setup(&mut b, 0);
    setup(&mut b, 1);
    let q = queue(1, 6, 0x5_0000, 8);
    export(&mut b, &q);
    grant(&mut b, 0, 0, 2, 6);
    b.hold_outcome_offers = true;
    let n = 2 * OUTCOME_FIFO_DEPTH as u64 + 10;
    let mut stored = 0;
    while stored < n {
        b.b2_post(0, page_offset(0) + 8, 1000 + stored, 0xff);
        let mut waited = 0;
        while b.b2_pending(0) && waited < 300 {
            b.step();
            waited += 1;
        }
        stored += 1;
        if b.b2_pending(0) {
            break; // A's stores are blocked now
        }
    }
    assert!(stored < n, "A's stores never blocked: the stall did not build up");
    b.hold_outcome_offers = false;
    let mut waited = 0;
    while waited < 2_000 && (b.b2_pending(0) || stored < n) {
        if !b.b2_pending(0) {
            b.b2_post(0, page_offset(0) + 8, 1000 + stored, 0xff);
            stored += 1;
        }
        b.step();
        waited += 1;
    }
    assert!(!b.b2_pending(0), "deadlock: A's portal table never took the OUTCOMEs B sent");
    b.settle_all();
    let s = Status(b.b2_load(0, page_offset(0)));
    assert_eq!((s.accepted(), s.in_flight()), (n, 0));
    let a = audit(&[Buffer { queue: 6, base: q.base, log2: q.log2 }], &b.cards[1].mem.writes).expect("audit");
    assert_eq!(a.data[0], (0..n).map(|i| 1000 + i).collect::<Vec<_>>());
}
