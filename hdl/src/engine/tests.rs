//! Module tests of the engine under random stalls and back-pressure, each checked by the
//! reference model [`audit`] (spec "The card engine": what must hold).

use crate::harness::engine::*;
use crate::harness::{Flow, WaitStates};
use renq_abi::buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::state::QueueState;
use renq_abi::{CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME};

/// Small engine for tests: 16 queues (the sweep takes 16 cycles).
const QA: usize = 4;
const NODE: u16 = 5;

/// Bus conditions of the engine tests: read latency, write acceptance, read acceptance, link.
struct Cond {
    name: &'static str,
    latency: WaitStates,
    write: Flow,
    read: Flow,
    link: Flow,
}

fn conditions(seed: u64, min_latency: u32) -> Vec<Cond> {
    let rnd = |s: u64, percent| Flow::Random { rng: Rng(seed ^ s | 1), percent };
    let lat = |max| WaitStates::Random { rng: Rng(seed.rotate_left(7) | 1), max };
    vec![
        Cond {
            name: "idle",
            latency: WaitStates::Fixed(min_latency),
            write: Flow::Always,
            read: Flow::Always,
            link: Flow::Always,
        },
        Cond {
            name: "random read latency",
            latency: lat(min_latency + 24),
            write: Flow::Always,
            read: Flow::Always,
            link: Flow::Always,
        },
        Cond {
            name: "write stalls, read stalls, idle link",
            latency: WaitStates::Fixed(min_latency),
            write: rnd(0x11, 50),
            read: rnd(0x22, 50),
            link: rnd(0x33, 50),
        },
        Cond {
            name: "everything random",
            latency: lat(min_latency + 24),
            write: rnd(0x44, 40),
            read: rnd(0x55, 60),
            link: rnd(0x66, 60),
        },
    ]
}

fn for_each(seed: u64, min_latency: u32, mut body: impl FnMut(Cond)) {
    for c in conditions(seed, min_latency) {
        let name = c.name;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(c)));
        if let Err(e) = r {
            eprintln!("failed under engine bus conditions: {name}");
            std::panic::resume_unwind(e);
        }
    }
}

fn bench(c: Cond) -> Bench<QA> {
    Bench::new(NODE, SplitMemory::new(c.latency, c.write, c.read), c.link)
}

fn pkt(queue: u16, data: u64) -> RxPacket {
    RxPacket { src: 9, dst: NODE, queue, data, portal: 0x100 | queue, epoch: 0 }
}

fn base_of(q: u16) -> u64 {
    0x40_0000 + q as u64 * 0x1_0000
}

/// Exports `queue` on a buffer of 2^log2 words at `base_of(at)`.
fn export_at(b: &mut Bench<QA>, queue: u16, at: u16, log2: u32) -> Buffer {
    let buf = Buffer { queue, base: base_of(at), log2 };
    b.export(queue, buf.base, log2);
    buf
}

fn data_of(a: &Audit, b: usize) -> &[u64] {
    &a.data[b]
}

#[test]
fn back_to_back_items_of_one_queue_use_the_forwarded_tail() {
    for_each(0x5eed_0201, 0, |c| {
        let idle = c.name == "idle";
        let mut b = bench(c);
        let bufs = [Buffer { queue: 3, base: base_of(3), log2: 6 }];
        b.export(3, bufs[0].base, 6);
        let items: Vec<u64> = (0..40).map(|i| 0xa000 + i).collect();
        for &d in &items {
            b.send(pkt(3, d));
        }
        let start = b.cycle;
        b.run_until(|b| b.quiet(), 2000);
        let a = audit(&bufs, &b.mem.writes).unwrap();
        assert_eq!(data_of(&a, 0), &items[..], "every item once, in order");
        assert_eq!(a.published[0], FIRST_DATA_INDEX + 40, "the last tail is published");
        assert_eq!(b.events.enqueued, 40);
        assert!(b.mem.reads.is_empty(), "no host memory read with free slots on the card");
        if idle {
            // Taken one per cycle: consecutive items meet in LD0/RD0, the second one's tail
            // comes from the forwarding path (a stale tail would rewrite a slot: audit error).
            // 40 data writes, ≤ 6 TAIL writes, the export command and ≤ 8 cycles of pipeline
            // latency (LD0, RD0a, RD0f, RD0b, into the write queue, two to leave it, the last
            // TAIL write).
            let cycles = b.cycle - start;
            assert!(cycles <= 40 + 6 + 1 + 8, "40 items took {cycles} cycles");
            assert!(a.publications[0] <= 40 / renq_abi::COALESCE_MAX + 1, "coalesced: {}", a.publications[0]);
            assert!(a.publications[0] >= 40 / renq_abi::COALESCE_MAX, "bounded: {}", a.publications[0]);
        }
    });
}

#[test]
fn bad_targets_are_dropped_and_counted_without_memory_access() {
    for_each(0x5eed_0202, 0, |c| {
        let mut b = bench(c);
        let bufs: Vec<Buffer> = (0..4).map(|q| Buffer { queue: q, base: base_of(q), log2: 5 }).collect();
        for buf in &bufs {
            b.export(buf.queue, buf.base, buf.log2);
        }
        // k out of range: not exported.
        b.command(CMD_EXPORT, 6, crate::harness::export_word(base_of(6), 2));
        let mut good = vec![Vec::new(); 4];
        let mut bad = Vec::new();
        for i in 0..48u64 {
            let p = match i % 6 {
                0..=3 => pkt((i % 4) as u16, 0xb000 + i),
                4 => pkt([9u16, 6, 16, 4095][(i / 6 % 4) as usize], 0xbad0 + i), // unexported / out of range
                _ => RxPacket { dst: NODE + 1, ..pkt(1, 0xbad0 + i) },           // another node
            };
            if p.dst == NODE && p.queue < 4 {
                good[p.queue as usize].push(p.data);
            } else {
                bad.push(p);
            }
            b.send(p);
        }
        b.run_until(|b| b.quiet(), 3000);
        let a = audit(&bufs, &b.mem.writes).unwrap();
        for (q, items) in good.iter().enumerate() {
            assert_eq!(data_of(&a, q), &items[..]);
            assert_eq!(a.published[q], a.written_to[q]);
        }
        assert_eq!(
            b.events.rejected.iter().map(|p| p.data).collect::<Vec<_>>(),
            bad.iter().map(|p| p.data).collect::<Vec<_>>()
        );
        assert!(b.mem.reads.is_empty());
    });
}

/// Consumer model: whenever the card publishes a TAIL of `buf`, take everything (HEAD ← TAIL),
/// `delay` cycles later.
fn consume_all(b: &mut Bench<QA>, buf: Buffer, seen: &mut usize, due: &mut Vec<(u64, u64)>, delay: u64) {
    let tail_addr = buf.base + TAIL_WORD * 8;
    for w in &b.mem.writes[*seen..] {
        if w.addr == tail_addr {
            due.push((b.cycle + delay, w.data));
        }
    }
    *seen = b.mem.writes.len();
    due.retain(|&(at, head)| {
        if at <= b.cycle {
            b.mem.store(buf.base + HEAD_WORD * 8, head);
            false
        } else {
            true
        }
    });
}

#[test]
fn a_queue_waiting_for_its_head_read_does_not_block_other_queues() {
    // Reads take at least 40 cycles: queue 1 runs out of free slots, its packet parks (with
    // three followers), and queue 2's packets pass it meanwhile. (One refill: a second one,
    // right behind the first's items, would read HEAD before the slow write port has posted
    // them, find the queue still full and stall it, as it should.)
    for_each(0x5eed_0203, 40, |c| {
        let mut b = bench(c);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 3 }; // 4 items
        let q2 = Buffer { queue: 2, base: base_of(2), log2: 8 };
        b.export(1, q1.base, 3);
        b.export(2, q2.base, 8);
        let mut sent1 = Vec::new();
        let mut sent2 = Vec::new();
        for i in 0..8u64 {
            b.send(pkt(1, 0x1000 + i));
            sent1.push(0x1000 + i);
            for j in 0..3 {
                b.send(pkt(2, 0x2000 + i * 3 + j));
                sent2.push(0x2000 + i * 3 + j);
            }
        }
        let (mut seen, mut due) = (0, Vec::new());
        for _ in 0..6000 {
            if b.quiet() {
                break;
            }
            b.step();
            consume_all(&mut b, q1, &mut seen, &mut due, 3);
        }
        assert!(b.quiet(), "not done");
        let a = audit(&[q1, q2], &b.mem.writes).unwrap();
        assert_eq!(data_of(&a, 0), &sent1[..]);
        assert_eq!(data_of(&a, 1), &sent2[..]);
        assert!(b.events.overflow.is_empty() && b.events.refused.is_empty());
        assert!(!b.mem.reads.is_empty(), "queue 1 must have refilled its free count");
        assert!(
            b.mem.reads.len() as u64 <= 8 / buffer::capacity(3) + 1,
            "at most one read per refill: {}",
            b.mem.reads.len()
        );
        // While queue 1's first HEAD read was outstanding, queue-2 items were written.
        let q2_writes: Vec<u64> = b
            .mem
            .writes
            .iter()
            .filter(|w| w.addr >= q2.base + 3 * 8 && w.addr < q2.base + 2048)
            .map(|w| w.cycle)
            .collect();
        let (asked, answered) = (b.mem.reads[0].0, b.mem.answers[0].0);
        let passed = q2_writes.iter().filter(|&&c| c > asked && c < answered).count();
        assert!(passed >= 3, "only {passed} queue-2 writes while queue 1 waited ({asked}..{answered})");
    });
}

/// Queue 1 (4 slots, nobody consuming) overflows: the card reads HEAD once, finds the queue
/// still full, stalls it, raises overflow and hands back (refuses) its packets, while queue 2
/// carries on. The driver then either drains and RESUMEs, or re-points the queue at a fresh
/// buffer (O(1) extension: no item moves); the sender retries the refused packets in order,
/// round after round. Nothing is lost, nothing is written twice, order holds. A stall keeps the
/// epoch and its end bumps it (spec §7c): the first retry carries the stall's epoch and is
/// refused as stale, teaching the new one; the second is decided.
fn overflow_then(relink: bool, seed: u64) {
    for_each(seed, 0, |c| {
        let mut b = bench(c);
        let mut bufs =
            vec![Buffer { queue: 2, base: base_of(2), log2: 6 }, Buffer { queue: 1, base: base_of(1), log2: 3 }];
        b.export(2, bufs[0].base, 6);
        b.export(1, bufs[1].base, 3);
        let sent1: Vec<u64> = (0..10).map(|i| 0x1100 + i).collect();
        let sent2: Vec<u64> = (0..10).map(|i| 0x2200 + i).collect();
        for i in 0..10 {
            b.send(pkt(1, sent1[i]));
            b.send(pkt(2, sent2[i]));
        }
        let mut rounds = 0;
        let mut stale_rounds = 0;
        loop {
            b.run_until(|b| b.quiet(), 3000);
            let refused_pkts: Vec<RxPacket> = b.events.refused.drain(..).collect();
            let refused: Vec<u64> = refused_pkts.iter().map(|p| p.data).collect();
            if refused.is_empty() {
                break;
            }
            // Queue 1's epoch is the number of stalls that ended (`rounds`).
            assert!(b.events.accepted.iter().all(|p| p.epoch == if p.queue == 1 { rounds as u8 } else { 0 }));
            b.events.accepted.clear();
            let done = sent1.len() - refused.len();
            assert_eq!(refused, sent1[done..].to_vec(), "what did not fit is handed back, in order");
            if b.events.overflow.len() == rounds {
                // No new stall: the retry carried the stall's epoch, refused as stale; every
                // refusal reports the new epoch. Retry with it.
                stale_rounds += 1;
                assert!(refused_pkts.iter().all(|p| p.epoch == rounds as u8 && p.portal == 0x101), "{refused_pkts:?}");
                assert!(stale_rounds <= rounds, "one stale retry per stall");
                for &d in &refused {
                    b.send(RxPacket { epoch: rounds as u8, ..pkt(1, d) });
                }
                continue;
            }
            // A stall keeps the queue's epoch; every refusal reports it, with the portal.
            assert!(refused_pkts.iter().all(|p| p.epoch == rounds as u8 && p.portal == 0x101), "{refused_pkts:?}");
            rounds += 1;
            assert_eq!(b.events.overflow.len(), rounds, "one overflow per round");
            // One HEAD read per round found the queue still full; after a drain + RESUME the
            // card's free count is still 0, so one more read per round refills it.
            let reads = if relink { rounds } else { 2 * rounds - 1 };
            assert_eq!(b.mem.reads.len(), reads, "HEAD reads");
            // The driver: link a fresh buffer (EXPORT while stalled), or drain + RESUME.
            let cur = *bufs.last().unwrap();
            if relink {
                let fresh = Buffer { queue: 1, base: base_of(3 + rounds as u16), log2: 3 };
                b.export(1, fresh.base, fresh.log2);
                bufs.push(fresh);
            } else {
                let published = b.mem.load(cur.base + TAIL_WORD * 8);
                b.mem.store(cur.base + HEAD_WORD * 8, published);
                b.command(CMD_RESUME, 1, 0);
            }
            b.run_until(|b| b.quiet(), 100);
            // The sender retries with the epoch its refusals taught it: the stall's (stale now).
            for &d in &refused {
                b.send(RxPacket { epoch: rounds as u8 - 1, ..pkt(1, d) });
            }
        }
        assert_eq!(rounds, 2, "10 items through 4 slots");
        assert_eq!(stale_rounds, 2, "each stall's end refused one retry as stale");
        let a = audit(&bufs, &b.mem.writes).unwrap();
        let all1: Vec<u64> = a.data[1..].concat();
        if relink {
            assert!(a.data[1..].iter().all(|d| d.len() <= 4), "each buffer keeps its items (none moved)");
        }
        assert_eq!(all1, sent1, "queue 1: every item once, in order");
        assert_eq!(a.data[0], sent2, "queue 2 unaffected");
        for i in 0..bufs.len() {
            assert_eq!(a.published[i], a.written_to[i], "everything published");
        }
    });
}

#[test]
fn overflow_stalls_then_resume_loses_nothing() {
    overflow_then(false, 0x5eed_0204);
}

#[test]
fn overflow_then_o1_extension_to_a_fresh_buffer_loses_nothing() {
    overflow_then(true, 0x5eed_0205);
}

#[test]
fn hostile_head_words_cannot_move_writes_out_of_the_buffer_or_hurt_other_queues() {
    for_each(0x5eed_0206, 0, |c| {
        let mut b = bench(c);
        let mut rng = Rng(0x4057_11e5);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 4 };
        let q2 = Buffer { queue: 2, base: base_of(2), log2: 4 };
        b.export(1, q1.base, 4);
        b.export(2, q2.base, 4);
        let sent2: Vec<u64> = (0..24).map(|i| 0x2300 + i).collect();
        for (i, &d) in sent2.iter().enumerate() {
            b.send(pkt(1, 0x1300 + i as u64));
            b.send(pkt(1, 0x1340 + i as u64));
            b.send(pkt(2, d));
        }
        let (mut seen, mut due) = (0, Vec::new());
        for _ in 0..4000 {
            if b.quiet() {
                break;
            }
            // Queue 1's consumer scribbles on its HEAD word; queue 2's consumes honestly.
            if rng.chance(30) {
                let garbage = match rng.below(3) {
                    0 => rng.next_u64(),
                    1 => rng.below(3),
                    _ => rng.below(1 << 16),
                };
                b.mem.store(q1.base + HEAD_WORD * 8, garbage);
            }
            b.step();
            consume_all(&mut b, q2, &mut seen, &mut due, 2);
            if rng.chance(2) {
                b.command(CMD_RESUME, 1, 0);
            }
        }
        assert!(b.quiet(), "not done");
        let a = audit(&[q1, q2], &b.mem.writes).unwrap();
        assert_eq!(a.data[1], sent2, "queue 2 loses nothing");
        // Queue 1: every packet written or handed back, none silently lost.
        assert_eq!(a.data[0].len() + b.events.refused.len(), 48);
    });
}

#[test]
fn head_doorbell_refills_without_any_memory_read() {
    for_each(0x5eed_0207, 0, |c| {
        let mut b = bench(c);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 3 };
        b.export(1, q1.base, 3);
        let sent: Vec<u64> = (0..20).map(|i| 0x1400 + i).collect();
        let (mut rung, mut next) = (0, 0);
        for _ in 0..4000 {
            if next == sent.len() && b.quiet() {
                break;
            }
            // The producer keeps within the space the consumer has rung back (4 slots).
            if next < sent.len() && next < rung + 4 && b.link_empty() {
                b.send(pkt(1, sent[next]));
                next += 1;
            }
            b.step();
            // Consumer: takes every published item and rings the HEAD doorbell.
            let covered = a_items(&b, q1);
            if covered > rung {
                b.command(CMD_HEAD, 1, renq_abi::head_doorbell_arg(q1.base, b.mem.load(q1.base + TAIL_WORD * 8)));
                rung = covered;
            }
        }
        assert!(b.quiet() && next == sent.len(), "not done");
        let a = audit(&[q1], &b.mem.writes).unwrap();
        assert_eq!(a.data[0], sent);
        assert!(b.mem.reads.is_empty(), "the doorbell replaces every HEAD read");
        assert!(b.events.refused.is_empty() && b.events.overflow.is_empty());
    });
}

/// Items of `buf` covered by TAIL publications so far.
fn a_items(b: &Bench<QA>, buf: Buffer) -> usize {
    let a = audit(&[buf], &b.mem.writes).unwrap();
    let mut covered = a.data[0].len();
    // Items written but not yet published are not visible to the consumer.
    let mut pos = a.written_to[0];
    while pos != a.published[0] {
        covered -= 1;
        pos = if pos == FIRST_DATA_INDEX { buffer::words(buf.log2) - 1 } else { pos - 1 };
    }
    covered
}

/// The state word a QUERY answered.
fn state(v: u64) -> (bool, bool, bool, u64, u64, u64, u64) {
    let s = QueueState(v);
    (s.valid(), s.stalled(), s.armed(), s.log2_words(), s.epoch(), s.tail(), s.free())
}

mod arm_and_followers;
mod epochs;
mod spares;
