//! The host of the whole-card benches (spec §6b): producers that store through BAR2 with the
//! library's ring of unconfirmed items, a consumer that reads below TAIL and writes HEAD, and
//! the driver's overflow handler — the same for `Top` cards on channel links and for
//! `Node`s on a faulty wire.

use crate::bench::{CardPorts, Channel, Cluster, Network};
use crate::harness::engine::{audit, Buffer, SplitMemory};
use crate::harness::{export_word, Flow, Rng, WaitStates};
use renq_abi::buffer::{fresh_header, next_index, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::{Control, Irq};
use renq_abi::portal::{page_offset, Entry, Status, RETRY_OFFSET};
use renq_abi::regs::{self as r, bits, command};
use renq_abi::state::QueueState;
use renq_abi::{CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME};
use std::collections::VecDeque;

/// The benches' build: the HX8K one, 256 queues, 256 portals (`setup` checks CAPS against the
/// build of the card it is given, `CardPorts::QUEUE_RAM_BITS`).
pub const QA: usize = renq_abi::HX8K_QUEUE_RAM_BITS as usize;
pub const PA: usize = renq_abi::HX8K_PORTAL_BITS as usize;

/// The highest queue of a build with `qa` queue-state RAM address bits (511 in the HX8K build).
pub const fn top_queue(qa: usize) -> u16 {
    ((1 << qa) - 1) as u16
}
/// A queue with the top address bit of a `qa`-bit build set (300 in the HX8K build): its state
/// is in the upper half of the state RAM. A queue number fixed for one build may be beyond a
/// smaller one, whose card ignores its EXPORT and rejects its packets (spec §6a).
pub const fn high_queue(qa: usize) -> u16 {
    let half = 1 << (qa - 1);
    (half | (44 & (half - 1))) as u16
}

/// A queue on a card: its one buffer, and the consumer's position in it.
pub struct Queue {
    pub card: usize,
    pub queue: u16,
    pub base: u64,
    pub log2: u32,
    pub head: u64,
    /// Items read, in order.
    pub got: Vec<u64>,
}

/// A producer: one portal of one card, the library's ring of unconfirmed items.
pub struct Producer {
    pub card: usize,
    pub portal: u16,
    pub id: u64,
    pub next: u64,
    pub ring: VecDeque<u64>,
    pub resend: VecDeque<u64>,
    pub accepted: u64,
    pub retries: u64,
}

pub fn item(id: u64, seq: u64) -> u64 {
    (id + 1) << 32 | seq
}

pub fn memory(rng: &mut Rng) -> SplitMemory {
    SplitMemory::new(
        WaitStates::Random { rng: Rng(rng.next_u64() | 1), max: 12 },
        Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 70 },
        Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 80 },
    )
}

pub fn cmd<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, card: usize, kind: u64, queue: u16, arg: u64) {
    b.csr_write(card, r::CMD_ARG, arg);
    b.csr_write(card, r::CMD, command(kind, queue));
    // Like the driver: the next command only once this one is done.
    while b.csr_read(card, r::STATUS) & 1 << bits::STATUS_CMD_PENDING != 0 {}
}

pub fn export<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, q: &Queue) {
    let queues = 1usize << C::QUEUE_RAM_BITS;
    assert!(
        (q.queue as usize) < queues,
        "queue {} is beyond the {queues}-queue build: the card would ignore its EXPORT and reject its packets",
        q.queue
    );
    let mem = &mut b.cards[q.card].mem;
    for (off, v) in fresh_header(q.log2) {
        mem.store(q.base + off, v);
    }
    cmd(b, q.card, CMD_EXPORT, q.queue, export_word(q.base, q.log2));
}

/// The consumer: reads up to `max` items below the published TAIL, zeroing each slot (so a
/// TAIL covering a slot not written since shows as a 0), then writes HEAD.
pub fn consume<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, q: &mut Queue, max: usize) {
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
pub fn serve_overflows<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, card: usize, queues: &[u16]) -> u64 {
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
pub fn produce<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, p: &mut Producer, items: u64, window: usize) {
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
pub fn run<C: CardPorts, N: Network<C>>(
    b: &mut Cluster<C, N>,
    queues: &mut [Queue],
    producers: &mut [Producer],
    items: u64,
    seed: u64,
) -> [u64; 4] {
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
            let (card, queue, head) = (q.card, q.queue, renq_abi::head_doorbell_arg(q.base, q.head));
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
    let enqueues = b.net.sent().iter().filter(|s| s.1 == Channel::Enqueue).count();
    let outcomes = b.net.sent().iter().filter(|s| s.1 == Channel::Outcome).count();
    assert_eq!(enqueues, outcomes, "one OUTCOME per ENQUEUE");
    for p in producers.iter() {
        let s = Status(b.b2_load(p.card, page_offset(p.portal)));
        assert_eq!((s.in_flight(), s.refusing(), s.rejected()), (0, false, false), "portal {}", p.portal);
    }
    stats
}

pub fn setup<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, card: usize) {
    let node = b.cards[card].node as u64;
    b.csr_write(card, r::NODE_ID, node);
    b.csr_write(card, r::CONTROL, Control::new(true, true).0);
    b.csr_write(card, r::IRQ_MASK, renq_abi::csr::IRQ_ALL);
    assert_eq!(b.csr_read(card, r::ID), r::ID_VALUE);
    assert_eq!(b.csr_read(card, r::CAPS), r::rtl_caps(C::QUEUE_RAM_BITS as u32, C::PORTAL_RAM_BITS as u32));
    assert_eq!(b.csr_read(card, r::NODE_ID), node);
}

pub fn grant<C: CardPorts, N: Network<C>>(b: &mut Cluster<C, N>, card: usize, portal: u16, node: u16, queue: u16) {
    b.csr_write(card, r::PORTAL_SEL, portal as u64);
    b.csr_write(card, r::PORTAL, Entry::new(node, queue).0);
    assert_eq!(b.csr_read(card, r::PORTAL), Entry::new(node, queue).0, "PORTAL reads back");
}

pub fn producers(list: &[(usize, u16)]) -> Vec<Producer> {
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

pub fn queue(card: usize, queue: u16, base: u64, log2: u32) -> Queue {
    Queue { card, queue, base, log2, head: FIRST_DATA_INDEX, got: Vec::new() }
}
