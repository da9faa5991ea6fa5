//! Spare buffers (spec §9c) under the engine's bus conditions: the switch, runs of spares and
//! the run that waits behind them, a SPARE that finds its queue full, bad spares, and HEAD/ARM
//! naming a buffer the card left.

use super::*;
use renq_abi::buffer::{link_word, LINK_WORD};
use renq_abi::csr::ExportEntry;
use renq_abi::{head_doorbell_arg, CMD_SPARE};

/// SPARE's argument: one buffer of 2^log2 words at `base`.
fn spare_word(base: u64, log2: u32) -> u64 {
    crate::harness::export_word(base, log2)
}

/// Writes a spare's header (as the driver does before posting it) and posts it.
fn post_spare(b: &mut Bench<QA>, queue: u16, buf: Buffer) {
    post_run(b, queue, buf, 1);
}

/// Writes the headers of a run of `count` buffers from `first` and posts the run (one SPARE).
fn post_run(b: &mut Bench<QA>, queue: u16, first: Buffer, count: u32) {
    for i in 0..count as u64 {
        let base = first.base + i * buffer::bytes(first.log2);
        b.mem.store(base + LINK_WORD * 8, 0);
        b.mem.store(base + TAIL_WORD * 8, FIRST_DATA_INDEX);
        b.mem.store(base + HEAD_WORD * 8, FIRST_DATA_INDEX);
    }
    b.command(CMD_SPARE, queue, ExportEntry::spare_run(first.base, first.log2, count).0);
}

/// The state word a QUERY of `queue` answers now.
fn query(b: &mut Bench<QA>, queue: u16) -> QueueState {
    let n = b.events.query.len();
    b.command(CMD_QUERY, queue, 0);
    b.run_until(|b| b.events.query.len() > n && b.quiet(), 2000);
    QueueState(b.events.query[n].1)
}

/// What a consumer finds following the chain from `first`: the items of each buffer (slots
/// from 3 up to its final TAIL) and its LINK, as host memory holds them now.
fn chain(b: &Bench<QA>, first: Buffer) -> (Vec<u64>, Vec<u64>) {
    follow_chain(&b.mem, first.base, first.log2).expect("a LINK cycle")
}

/// Every LINK write lands in a buffer after that buffer's last TAIL write and its last data
/// write, once per buffer, naming the next buffer of the chain.
fn check_link_order(b: &Bench<QA>, bases: &[u64], log2: u32) {
    for (i, &base) in bases.iter().enumerate() {
        let inside = |a: u64| a >= base && a < base + buffer::bytes(log2);
        let links: Vec<usize> =
            b.mem.writes.iter().enumerate().filter(|(_, w)| w.addr == base + LINK_WORD * 8).map(|(n, _)| n).collect();
        if i + 1 == bases.len() {
            assert!(links.is_empty(), "the last buffer of the chain is linked");
            continue;
        }
        assert_eq!(links.len(), 1, "buffer {base:#x}: LINK written {} times", links.len());
        let at = links[0];
        assert_eq!(b.mem.writes[at].data, link_word(bases[i + 1], log2));
        assert!(b.mem.writes[at + 1..].iter().all(|w| !inside(w.addr)), "buffer {base:#x}: written after its LINK");
        let last_tail = b.mem.writes[..at].iter().rposition(|w| w.addr == base + TAIL_WORD * 8);
        assert!(last_tail.is_some(), "buffer {base:#x} linked with no TAIL published");
    }
}

/// A producer sends 300 items into 2^5-word buffers with a spare posted; the test, as the
/// driver, posts the next spare each time the card reports a switch. The queue moves through
/// the chain with no HEAD read, no refusal and no stall; the chain holds every item once, in
/// order; each full buffer's LINK comes after its last TAIL.
#[test]
fn a_full_buffer_switches_into_its_spare_without_a_read_or_a_refusal() {
    for_each(0x5eed_5a01, 0, |c| {
        let mut b = bench(c);
        let log2 = 5;
        let buf = |i: u16| Buffer { queue: 2, base: base_of(16 + i), log2 };
        let first = export_at(&mut b, 2, 16, log2);
        post_spare(&mut b, 2, buf(1));
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 2).spares(), 1, "QUERY counts the spare");
        let items: Vec<u64> = (0..300).map(|i| 0x5a00_0000 + i).collect();
        for &d in &items {
            b.send(pkt(2, d));
        }
        let mut posted = 1u16;
        for _ in 0..20_000 {
            if b.quiet() {
                break;
            }
            b.step();
            if b.events.switch.len() as u16 == posted {
                posted += 1;
                post_spare(&mut b, 2, buf(posted));
            }
        }
        assert!(b.quiet(), "not done");
        assert!(b.mem.reads.is_empty(), "a switch reads nothing: {:?}", b.mem.reads);
        assert!(b.events.refused.is_empty() && b.events.overflow.is_empty());
        assert_eq!(b.events.enqueued, 300);
        // 28 items a buffer (2^5 − 4: the card keeps one slot empty).
        assert_eq!(b.events.switch.len(), 300 / 28, "switches");
        assert_eq!(b.events.entered_run, b.events.switch, "each spare is a run of one: each switch enters it");
        let (got, bases) = chain(&b, first);
        assert_eq!(got, items, "the chain holds every item once, in order");
        check_link_order(&b, &bases, log2);
        // The last spare posted is still there; the card writes the buffer after the last.
        let s = query(&mut b, 2);
        assert_eq!((s.spares(), s.tail()), (1, FIRST_DATA_INDEX + 300 % 28));
    });
}

/// A run of five spares, then one of three posted once the queue entered the first (a run
/// posted while another waits is refused): the queue moves through the buffers of each run in
/// memory order, then into the next run, with no HEAD read and no refusal; QUERY counts both
/// runs' buffers and shows whether one waits; the chain holds every item once, in order.
#[test]
fn runs_of_spares_are_switched_through_in_order_and_a_run_waits_behind_the_current_one() {
    for_each(0x5eed_5a05, 0, |c| {
        let mut b = bench(c);
        let log2 = 3; // 4 items a buffer
        let first = export_at(&mut b, 6, 32, log2);
        let run_a = Buffer { queue: 6, base: base_of(33), log2 };
        let run_b = Buffer { queue: 6, base: base_of(34), log2 };
        post_run(&mut b, 6, run_a, 5);
        b.run_until(|b| b.quiet(), 2000);
        let s = query(&mut b, 6);
        assert_eq!((s.spares(), s.waiting()), (5, true), "run A waits");
        post_run(&mut b, 6, run_b, 3);
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.bad_header, vec![6], "a run posted while one waits is refused");
        let items: Vec<u64> = (0..34).map(|i| 0x6a00 + i).collect();
        for &d in &items[..4] {
            b.send(pkt(6, d));
        }
        b.run_until(|b| b.quiet(), 2000);
        let s = query(&mut b, 6);
        assert_eq!((s.spares(), s.waiting(), b.events.switch.len()), (4, false, 1), "in run A");
        post_run(&mut b, 6, run_b, 3);
        b.run_until(|b| b.quiet(), 2000);
        let s = query(&mut b, 6);
        assert_eq!((s.spares(), s.waiting()), (7, true), "run B waits behind run A's rest");
        for &d in &items[4..] {
            b.send(pkt(6, d));
        }
        b.run_until(|b| b.quiet(), 20_000);
        assert!(b.mem.reads.is_empty() && b.events.refused.is_empty() && b.events.overflow.is_empty());
        assert_eq!(b.events.switch.len(), 8, "into A's five buffers and B's three");
        // Only the switches into a run's first buffer ask the driver for anything.
        assert_eq!(b.events.entered_run, vec![6, 6], "into A's first buffer and B's");
        let (got, bases) = chain(&b, first);
        assert_eq!(got, items, "the chain holds every item once, in order");
        let run = |r: Buffer, n: u64| (0..n).map(move |i| r.base + i * buffer::bytes(log2));
        let want: Vec<u64> = std::iter::once(first.base).chain(run(run_a, 5)).chain(run(run_b, 3)).collect();
        assert_eq!(bases, want, "A's buffers in memory order, then B's");
        check_link_order(&b, &bases, log2);
        let s = query(&mut b, 6);
        assert_eq!((s.spares(), s.waiting(), s.tail()), (0, false, FIRST_DATA_INDEX + 2));
        assert_eq!(b.events.bad_header, vec![6]);
    });
}

/// A queue that filled before its spare came: the SPARE switches it at once (the LINK write
/// alone, after the last TAIL), and the next items go into the spare without a HEAD read.
#[test]
fn a_spare_that_finds_its_queue_full_switches_at_once() {
    for_each(0x5eed_5a02, 0, |c| {
        let mut b = bench(c);
        let first = export_at(&mut b, 3, 20, 3); // 4 items
        for i in 0..4 {
            b.send(pkt(3, 0x300 + i));
        }
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 3).free(), 0);
        let spare = Buffer { queue: 3, base: base_of(21), log2: 3 };
        post_spare(&mut b, 3, spare);
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.switch, vec![3]);
        assert_eq!(b.events.entered_run, vec![3], "the at-once switch enters the run posted");
        for i in 4..7 {
            b.send(pkt(3, 0x300 + i));
        }
        b.run_until(|b| b.quiet(), 2000);
        assert!(b.mem.reads.is_empty() && b.events.refused.is_empty());
        let (got, bases) = chain(&b, first);
        assert_eq!(got, (0..7).map(|i| 0x300 + i).collect::<Vec<_>>());
        assert_eq!(bases, vec![first.base, spare.base]);
        check_link_order(&b, &bases, 3);
        let s = query(&mut b, 3);
        assert_eq!((s.spares(), s.tail(), s.free()), (0, FIRST_DATA_INDEX + 3, 1));
    });
}

/// Bad spares are refused and counted, changing nothing: `k` out of range, an unaligned base, a
/// run that ends past the DMA address space, a second run while one waits. SPARE of a queue not exported is ignored;
/// VALID 0 takes the spare back; unexporting takes it back too.
#[test]
fn bad_spares_are_counted_and_change_nothing() {
    for_each(0x5eed_5a03, 0, |c| {
        let mut b = bench(c);
        export_at(&mut b, 4, 24, 4);
        let good = spare_word(base_of(25), 4);
        b.command(CMD_SPARE, 4, spare_word(base_of(25), 2)); // k out of range
        b.command(CMD_SPARE, 4, good | 0x40); // not aligned to 2^4 words
        let top = renq_abi::DMA_ADDR_MASK + 1 - 2 * buffer::bytes(4);
        b.command(CMD_SPARE, 4, ExportEntry::spare_run(top, 4, 3).0); // ends past 2^48
        b.command(CMD_SPARE, 4, good);
        b.command(CMD_SPARE, 4, spare_word(base_of(26), 4)); // one is posted already
        b.command(CMD_SPARE, 9, good); // not exported: ignored
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.bad_header, vec![4, 4, 4, 4]);
        let s = query(&mut b, 4);
        assert_eq!((s.spares(), s.log2_words(), s.tail(), s.free()), (1, 4, FIRST_DATA_INDEX, 12));
        assert_eq!(query(&mut b, 9).spares(), 0);
        b.command(CMD_SPARE, 4, 0); // VALID 0: taken back
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 4).spares(), 0);
        b.command(CMD_SPARE, 4, good);
        b.command(CMD_EXPORT, 4, 0); // unexported: the spare goes too
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 4).spares(), 0);
        assert!(b.mem.writes.is_empty() && b.events.switch.is_empty());
    });
}

/// After a switch the consumer still drains the full buffer: a HEAD naming it frees nothing in
/// the spare, and an ARM naming it notifies at once. HEAD and ARM naming the buffer the card
/// writes work as before.
#[test]
fn head_and_arm_of_a_buffer_the_card_left() {
    for_each(0x5eed_5a04, 0, |c| {
        let mut b = bench(c);
        let first = export_at(&mut b, 5, 28, 3);
        let spare = Buffer { queue: 5, base: base_of(29), log2: 3 };
        post_spare(&mut b, 5, spare);
        for i in 0..6 {
            b.send(pkt(5, 0x500 + i));
        }
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.switch, vec![5]);
        let s = query(&mut b, 5);
        assert_eq!((s.tail(), s.free()), (FIRST_DATA_INDEX + 2, 2));
        // The old buffer's head, past every slot it had: would free 2 in the spare.
        b.command(CMD_HEAD, 5, head_doorbell_arg(first.base, FIRST_DATA_INDEX + 2));
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 5).free(), 2, "a HEAD of the buffer the card left");
        b.command(CMD_HEAD, 5, head_doorbell_arg(spare.base, FIRST_DATA_INDEX + 2));
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(query(&mut b, 5).free(), 4, "a HEAD of the buffer the card writes");
        // ARM with the head at the card's tail: armed in the card's buffer, notified at once
        // in the one it left (its LINK is on the way).
        let notes = b.events.notify.len();
        b.command(CMD_ARM, 5, head_doorbell_arg(spare.base, FIRST_DATA_INDEX + 2));
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.notify.len(), notes);
        assert!(query(&mut b, 5).armed());
        b.command(CMD_ARM, 5, head_doorbell_arg(first.base, FIRST_DATA_INDEX + 2));
        b.run_until(|b| b.quiet(), 2000);
        assert_eq!(b.events.notify.len(), notes + 1, "an ARM of the buffer the card left");
        assert!(b.events.bad_header.is_empty());
    });
}

/// A run across the boundary of the address's halves (the next buffer's address is computed
/// with a carry-select over two halves): its buffers follow each other in memory all the same.
#[test]
fn a_run_across_the_address_halves_keeps_memory_order() {
    for_each(0x5eed_5a06, 0, |c| {
        let mut b = bench(c);
        let half = 1u64 << (crate::ADDR_W / 2);
        let first = Buffer { queue: 7, base: half - 2 * buffer::bytes(3), log2: 3 };
        b.export(7, first.base, 3);
        let run = Buffer { queue: 7, base: half - buffer::bytes(3), log2: 3 };
        post_run(&mut b, 7, run, 3);
        let items: Vec<u64> = (0..15).map(|i| 0x7a00 + i).collect();
        for &d in &items {
            b.send(pkt(7, d));
        }
        b.run_until(|b| b.quiet(), 20_000);
        assert!(b.events.refused.is_empty() && b.events.overflow.is_empty());
        let (got, bases) = chain(&b, first);
        assert_eq!(got, items);
        assert_eq!(bases, vec![first.base, half - 0x40, half, half + 0x40]);
        check_link_order(&b, &bases, 3);
    });
}
