//! ARM and NOTIFY, and the parked packets' followers through refills (spec §6a).

use super::*;

/// ARM (spec §5a, §6a): with the card's tail = the tail the consumer saw, the queue is armed and
/// its next item notifies in the cycle that item's TAIL write is handed to the memory port
/// (never before it), once; with another tail, NOTIFY comes at once, behind every earlier write
/// and with no write of its own (an ARM never writes host memory). ARM on a queue not exported
/// does nothing. The driver's ARM names the buffer as well (`head_doorbell_arg`, spec §9b); the
/// round below arms both ways: one naming no buffer (another than the card's) notifies at once.
#[test]
fn arm_notifies_when_the_tail_covering_the_next_item_is_posted() {
    for_each(0x5eed_0209, 0, |c| {
        let mut b = bench(c);
        let q2 = Buffer { queue: 2, base: base_of(2), log2: 6 };
        let tail_addr = q2.base + TAIL_WORD * 8;
        b.export(2, q2.base, 6);
        b.command(CMD_ARM, 2, renq_abi::head_doorbell_arg(q2.base, FIRST_DATA_INDEX));
        b.command(CMD_QUERY, 2, 0);
        b.run_until(|b| b.quiet(), 3000);
        assert!(b.events.notify.is_empty());
        assert_eq!(state(b.events.query[0].1), (true, false, true, 6, 0, 3, buffer::capacity(6)));
        let items: Vec<u64> = (0..10).map(|i| 0x1600 + i).collect();
        for &d in &items {
            b.send(pkt(2, d));
        }
        b.run_until(|b| b.quiet(), 3000);
        assert_eq!(b.events.notify.len(), 1, "one notification");
        let at = b.events.notify[0];
        assert!(
            b.mem.writes.iter().any(|w| w.cycle == at && w.addr == tail_addr && w.data == FIRST_DATA_INDEX + 1),
            "notified with the TAIL write covering the first item: {at} {:?}",
            b.mem.writes
        );
        // A stale seen tail: notified at once, after the TAIL covering every item, writing nothing.
        let writes = b.mem.writes.len();
        b.command(CMD_ARM, 2, renq_abi::head_doorbell_arg(q2.base, 5));
        b.command(CMD_ARM, 7, FIRST_DATA_INDEX); // not exported: ignored
        b.command(CMD_QUERY, 2, 0);
        b.run_until(|b| b.quiet(), 3000);
        assert_eq!(b.events.notify.len(), 2);
        let at = b.events.notify[1];
        assert_eq!(b.mem.writes.len(), writes, "the ARM wrote host memory");
        let last_tail = b.mem.writes.iter().rev().find(|w| w.addr == tail_addr).unwrap();
        assert!(last_tail.cycle < at && last_tail.data == FIRST_DATA_INDEX + 10);
        assert_eq!(state(b.events.query[1].1), (true, false, false, 6, 0, 13, buffer::capacity(6) - 10));
        // ARM between packets, round after round: every notification rides a TAIL write of the
        // queue (an armed item's) or comes alone with no write in its cycle (a notify-only
        // entry), and comes only after an ARM.
        let mut rng = Rng(0x5eed_020a);
        let mut arms = 0;
        for i in 0..40u64 {
            b.send(pkt(2, 0x1700 + i));
            if rng.chance(30) {
                let seen = b.mem.load(tail_addr);
                let named = if rng.chance(50) { renq_abi::head_doorbell_arg(q2.base, seen) } else { seen };
                b.command(CMD_ARM, 2, named);
                arms += 1;
            }
            for _ in 0..rng.below(4) {
                b.step();
            }
        }
        b.run_until(|b| b.quiet(), 3000);
        let notes = &b.events.notify[2..];
        assert!(notes.len() <= arms && !notes.is_empty(), "{} notifications for {arms} ARMs", notes.len());
        for &at in notes {
            let in_cycle: Vec<_> = b.mem.writes.iter().filter(|w| w.cycle == at).collect();
            assert!(
                in_cycle.is_empty() || in_cycle.iter().any(|w| w.addr == tail_addr),
                "notify at {at} beside a write that is not its TAIL: {in_cycle:?}"
            );
        }
        let a = audit(&[q2], &b.mem.writes).unwrap();
        assert_eq!(a.data[0].len(), 50);
        assert_eq!(a.published[0], a.written_to[0]);
    });
}

/// A burst of one small queue (4 slots) through many refills, while another queue's packets
/// are interleaved now and then: each time the free count runs out, the packet in RD0b parks
/// and the packets of its queue already admitted behind it park as its followers (no read of
/// their own); they are re-injected oldest first. The consumer frees slots some cycles after
/// each TAIL; refusals (the refreshed head still full) are retried after RESUME with the epoch
/// they taught. Every item once, in order; followers read nothing.
#[test]
fn followers_of_a_parked_packet_keep_their_queues_order_through_refills() {
    followers_through_refills(0);
}

/// The same with answers on tags that have no read outstanding in 30 % of the cycles with no
/// answer due (§6a: ignored) — some in the very cycle a slot is taken anew for a new leader,
/// whose tag's last read was answered before (taken as its HEAD, the garbage word would free
/// slots that hold unconsumed items).
#[test]
fn answers_on_tags_with_no_read_outstanding_are_ignored() {
    followers_through_refills(30);
}

fn followers_through_refills(stray_answers: u32) {
    for_each(0x5eed_020b, 0, |c| {
        let mut b = bench(c);
        b.mem.stray_answers = stray_answers;
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 3 };
        let q2 = Buffer { queue: 2, base: base_of(2), log2: 8 };
        b.export(1, q1.base, 3);
        b.export(2, q2.base, 8);
        let mut rng = Rng(0x5eed_020c);
        let sent1: Vec<u64> = (0..60).map(|i| 0x1800 + i).collect();
        let mut sent2 = Vec::new();
        let mut todo: std::collections::VecDeque<(u64, u8)> = sent1.iter().map(|&d| (d, 0)).collect();
        let (mut seen, mut due) = (0, Vec::new());
        for _ in 0..20_000 {
            if todo.is_empty() && b.quiet() {
                break;
            }
            if b.link_empty() {
                // Send the rest back to back (the link takes one per cycle at most).
                for &(d, e) in &todo {
                    b.send(RxPacket { epoch: e, ..pkt(1, d) });
                    if rng.chance(10) {
                        let d2 = 0x2800 + sent2.len() as u64;
                        sent2.push(d2);
                        b.send(pkt(2, d2));
                    }
                }
                todo.clear();
            }
            b.step();
            consume_all(&mut b, q1, &mut seen, &mut due, 6);
            if b.quiet() && !b.events.refused.is_empty() {
                // Refused: the tail of what was sent, in order; RESUME and send it again.
                let refused: Vec<RxPacket> = b.events.refused.drain(..).collect();
                let epoch = refused.last().unwrap().epoch;
                todo = refused.iter().map(|p| (p.data, epoch)).collect();
                b.command(CMD_RESUME, 1, 0);
            }
        }
        assert!(b.quiet() && todo.is_empty(), "not done");
        let a = audit(&[q1, q2], &b.mem.writes).unwrap();
        assert_eq!(a.data[0], sent1, "queue 1: every item once, in order");
        assert_eq!(a.data[1], sent2, "queue 2 unaffected");
        assert_eq!((a.published[0], a.published[1]), (a.written_to[0], a.written_to[1]));
        // Followers read nothing: far fewer reads than items parked.
        assert!(b.mem.reads.len() <= sent1.len() / 2, "{} reads", b.mem.reads.len());
        assert!(!b.mem.reads.is_empty());
        assert!(stray_answers == 0 || b.mem.strays > 100, "{} stray answers", b.mem.strays);
    });
}

/// A packet for another node, sent to a queue while a packet of that queue is parked, follows
/// it like any other (LD0 no longer holds such packets back) and is rejected only when its turn
/// comes: the queue's outcomes stay in the order the packets came (found by the whole card's
/// differential test: a rejection overtaking a parked packet, then a follower's node forgotten).
#[test]
fn a_wrong_node_packet_behind_a_parked_one_is_rejected_in_its_turn() {
    for_each(0x5eed_0211, 20, |c| {
        let mut b = bench(c);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 3 }; // 4 items
        b.export(1, q1.base, 3);
        for d in 0..4 {
            b.send(pkt(1, 0x1100 + d));
        }
        b.run_until(|b| b.quiet(), 2000);
        // The consumer takes all four (HEAD in memory); the card still counts 0 free slots,
        // so the next packet parks and reads HEAD, and the two behind it follow.
        let (mut seen, mut due) = (0, Vec::new());
        consume_all(&mut b, q1, &mut seen, &mut due, 0);
        let elsewhere = RxPacket { dst: NODE + 1, ..pkt(1, 0x1bad) };
        for p in [pkt(1, 0x1104), elsewhere, pkt(1, 0x1105)] {
            b.send(p);
        }
        let mut order = Vec::new();
        let (mut accepted, mut rejected) = (b.events.accepted.len(), b.events.rejected.len());
        for _ in 0..3000 {
            b.step();
            order.extend(b.events.accepted[accepted..].iter().map(|p| ("enqueued", p.data)));
            order.extend(b.events.rejected[rejected..].iter().map(|p| ("rejected", p.data)));
            (accepted, rejected) = (b.events.accepted.len(), b.events.rejected.len());
            if b.quiet() {
                break;
            }
        }
        assert!(b.quiet(), "not done");
        assert_eq!(order, [("enqueued", 0x1104), ("rejected", 0x1bad), ("enqueued", 0x1105)]);
        assert!(!b.mem.reads.is_empty(), "the first packet parked and read HEAD");
        let a = audit(&[q1], &b.mem.writes).unwrap();
        assert_eq!(a.data[0], [0x1100, 0x1101, 0x1102, 0x1103, 0x1104, 0x1105]);
    });
}

/// The epoch rule on the ECP5 build's engine (4 096 queues; the other tests run a small
/// build), with packets of two queues interleaved (every state from the RAM) and back to back
/// (forwarded), stale epochs among them.
#[test]
fn the_ecp5_build_refuses_stale_epochs() {
    const ECP5: usize = renq_abi::ECP5_QUEUE_RAM_BITS as usize;
    for_each(0x5eed_0210, 0, |c| {
        let mut b: Bench<ECP5> = Bench::new(NODE, SplitMemory::new(c.latency, c.write, c.read), c.link);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 6 };
        let q2 = Buffer { queue: 4000, base: base_of(2), log2: 6 };
        b.export(q1.queue, q1.base, q1.log2);
        b.export(q2.queue, q2.base, q2.log2);
        let stale = |i: u64| i % 3 == 2;
        let mut want = (vec![], vec![]);
        for i in 0..12u64 {
            for (q, d) in [(1, 0x3100 + i), (4000, 0x3200 + i), (1, 0x3300 + i)] {
                // Interleaved (1, 4000) and back to back (4000's packet, then two of queue 1).
                let epoch = if stale(i) && d & 0xf00 != 0x300 { 1 + (i as u8 & 3) } else { 0 };
                b.send(RxPacket { epoch, ..pkt(q, d) });
                if epoch == 0 {
                    want.0.push(d)
                } else {
                    want.1.push(d)
                }
            }
        }
        b.run_until(|b| b.quiet(), 5000);
        let data = |v: &[RxPacket]| v.iter().map(|p| p.data).collect::<Vec<_>>();
        assert_eq!(data(&b.events.accepted), want.0);
        assert_eq!(data(&b.events.refused), want.1);
        let a = audit(&[q1, q2], &b.mem.writes).unwrap();
        assert_eq!(a.data.concat().len(), want.0.len());
    });
}

/// Six queues run out of free slots at once while HEAD reads take 60+ cycles: only four
/// packets can park (one read tag each), so the other queues' packets must wait at the link
/// (LD0's park-room check, counted a cycle ahead) and go once a slot frees — none is parked
/// without a slot, lost or reordered. The consumers drain, so nothing overflows.
#[test]
fn more_queues_out_of_slots_than_parking_slots_wait_at_the_link() {
    for_each(0x5eed_0677, 60, |c| {
        let mut b = bench(c);
        let bufs: Vec<Buffer> = (1..=6u16).map(|q| export_at(&mut b, q, q, 3)).collect();
        let mut sent = vec![Vec::new(); bufs.len()];
        // Four items fill each queue's free count; the fifth of each needs a HEAD read.
        for i in 0..10u64 {
            for (k, buf) in bufs.iter().enumerate() {
                let v = (buf.queue as u64) << 16 | i;
                b.send(pkt(buf.queue, v));
                sent[k].push(v);
            }
        }
        let mut consumers: Vec<(usize, Vec<(u64, u64)>)> = vec![(0, Vec::new()); bufs.len()];
        for _ in 0..20_000 {
            if b.quiet() {
                break;
            }
            b.step();
            for (buf, (seen, due)) in bufs.iter().zip(consumers.iter_mut()) {
                consume_all(&mut b, *buf, seen, due, 5);
            }
        }
        assert!(b.quiet(), "not done");
        let a = audit(&bufs, &b.mem.writes).unwrap();
        for (k, s) in sent.iter().enumerate() {
            assert_eq!(data_of(&a, k), &s[..], "queue {}", bufs[k].queue);
        }
        assert!(b.events.overflow.is_empty() && b.events.refused.is_empty());
        // Reads outstanding at once, from the read and answer logs: all four slots were in use.
        let mut edges: Vec<(u64, i32)> = b.mem.reads.iter().map(|&(at, _)| (at, 1)).collect();
        edges.extend(b.mem.answers.iter().map(|&(at, _)| (at, -1)));
        edges.sort_by_key(|&(at, d)| (at, d));
        let (mut now, mut most) = (0, 0);
        for (_, d) in edges {
            now += d;
            most = most.max(now);
        }
        assert_eq!(most, 4, "the parking slots were never all busy, or more reads than tags");
    });
}
