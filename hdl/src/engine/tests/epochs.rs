//! The engine's epochs (spec §7c): stale packets refused, a stall's end bumps the epoch, a
//! parked packet keeps its own.

use super::*;

/// Spec §7c: a packet is refused if its queue is stalled or its epoch is not the queue's; a
/// stall keeps the epoch (reported with the refusals, with the packet's portal) and its end
/// (RESUME) bumps it; EXPORT of a queue not stalled keeps it; QUERY shows it.
#[test]
fn a_stale_epoch_is_refused_a_stalls_end_bumps_the_epoch_and_export_keeps_it() {
    for_each(0x5eed_0208, 0, |c| {
        let mut b = bench(c);
        let q1 = Buffer { queue: 1, base: base_of(1), log2: 3 }; // 4 items
        b.export(1, q1.base, 3);
        for i in 0..6 {
            b.send(pkt(1, 0x1500 + i));
        }
        b.run_until(|b| b.quiet(), 3000);
        let data = |v: &[RxPacket]| v.iter().map(|p| (p.data, p.epoch, p.portal)).collect::<Vec<_>>();
        assert_eq!(data(&b.events.accepted), (0..4).map(|i| (0x1500 + i, 0, 0x101)).collect::<Vec<_>>());
        assert_eq!(data(&b.events.refused), (4..6).map(|i| (0x1500 + i, 0, 0x101)).collect::<Vec<_>>());
        assert_eq!(b.events.overflow, [1]);
        b.command(CMD_QUERY, 1, 0);
        b.run_until(|b| b.quiet(), 3000);
        assert_eq!(state(b.events.query[0].1), (true, true, false, 3, 0, 7, 0), "a stall keeps the epoch");
        b.events.query.clear();
        b.events.accepted.clear();
        b.events.refused.clear();
        // Drained and resumed: a packet of the old epoch and one of a wrong epoch are refused,
        // one of the queue's epoch is written.
        let published = b.mem.load(q1.base + TAIL_WORD * 8);
        b.mem.store(q1.base + HEAD_WORD * 8, published);
        b.command(CMD_RESUME, 1, 0);
        b.send(pkt(1, 0x1550));
        b.send(RxPacket { epoch: 2, ..pkt(1, 0x1551) });
        b.send(RxPacket { epoch: 1, ..pkt(1, 0x1552) });
        b.run_until(|b| b.quiet(), 3000);
        assert_eq!(data(&b.events.refused), [(0x1550, 1, 0x101), (0x1551, 1, 0x101)]);
        assert_eq!(data(&b.events.accepted), [(0x1552, 1, 0x101)]);
        // EXPORT of a queue not stalled (O(1) extension to a fresh buffer) keeps the epoch.
        let q1b = Buffer { queue: 1, base: base_of(5), log2: 4 };
        b.export(1, q1b.base, 4);
        b.command(CMD_QUERY, 1, 0);
        b.command(CMD_QUERY, 9, 0); // never exported
        b.command(CMD_QUERY, 20, 0); // beyond this build's queues
        b.send(RxPacket { epoch: 1, ..pkt(1, 0x1560) });
        b.run_until(|b| b.quiet(), 3000);
        let q = &b.events.query;
        assert_eq!(q.iter().map(|a| a.0).collect::<Vec<_>>(), [1, 9, 20]);
        assert_eq!(state(q[0].1), (true, false, false, 4, 1, 3, buffer::capacity(4)));
        assert_eq!((q[1].1, q[2].1), (0, 0));
        let a = audit(&[q1, q1b], &b.mem.writes).unwrap();
        assert_eq!(a.data[0], [0x1500, 0x1501, 0x1502, 0x1503, 0x1552]);
        assert_eq!(a.data[1], [0x1560]);
        assert_eq!((a.published[0], a.published[1]), (a.written_to[0], a.written_to[1]));
    });
}

/// The hole the bump at a stall's end closes (spec §7c; `Model`'s test of the same name): a
/// portal that learned the stall's epoch retries while the queue is still stalled (refused);
/// its next packet, sent before that refusal came back and carrying the same epoch, arrives
/// after the stall ended (by RESUME or by EXPORT to a fresh buffer) and must be refused too —
/// accepted, it would be written after its portal's refused item, out of order.
#[test]
fn packets_sent_during_a_stall_with_its_epoch_are_refused_after_it() {
    for relink in [false, true] {
        for_each(0x5eed_020d, 0, |c| {
            let mut b = bench(c);
            let q1 = export_at(&mut b, 1, 1, 3); // 4 items
            let fresh = Buffer { queue: 1, base: base_of(6), log2: 3 };
            for i in 0..5 {
                b.send(pkt(1, 0x1900 + i)); // 4 fit, the 5th stalls the queue (epoch 0)
            }
            b.run_until(|b| b.quiet(), 3000);
            assert_eq!(b.events.overflow, [1]);
            let e = b.events.refused.drain(..).next().unwrap().epoch;
            assert_eq!(e, 0, "a stall keeps the epoch");
            // y carries the stall's epoch: refused (stalled); z, sent with it too, arrives
            // after the stall ended.
            b.send(RxPacket { epoch: e, ..pkt(1, 0x1964) });
            b.run_until(|b| b.quiet(), 3000);
            if relink {
                b.export(1, fresh.base, fresh.log2);
            } else {
                let published = b.mem.load(q1.base + TAIL_WORD * 8);
                b.mem.store(q1.base + HEAD_WORD * 8, published);
                b.command(CMD_RESUME, 1, 0);
            }
            b.send(RxPacket { epoch: e, ..pkt(1, 0x1965) });
            b.run_until(|b| b.quiet(), 3000);
            let refused: Vec<(u64, u8)> = b.events.refused.iter().map(|p| (p.data, p.epoch)).collect();
            assert_eq!(refused, [(0x1964, 0), (0x1965, 1)], "both refused; the second teaches the new epoch");
            // The retry with the new epoch is written, after the 4 items.
            b.send(RxPacket { epoch: 1, ..pkt(1, 0x1964) });
            b.send(RxPacket { epoch: 1, ..pkt(1, 0x1965) });
            b.run_until(|b| b.quiet(), 3000);
            let a = audit(&[q1, fresh], &b.mem.writes).unwrap();
            let all: Vec<u64> = a.data.concat();
            assert_eq!(all, [0x1900, 0x1901, 0x1902, 0x1903, 0x1964, 0x1965]);
            assert_eq!((a.published[0], a.published[1]), (a.written_to[0], a.written_to[1]));
        });
    }
}

/// A parked packet is decided with its own epoch (taken from its parking slot), whatever the
/// link offers meanwhile: here packets of another queue with another epoch, refused, wait on
/// the link while queue 1's fifth packet is re-injected after its HEAD read.
#[test]
fn a_reinjected_packet_is_decided_with_its_own_epoch() {
    for_each(0x5eed_020e, 0, |c| {
        let mut b = bench(c);
        let q1 = export_at(&mut b, 1, 1, 3); // 4 items
        let q2 = export_at(&mut b, 2, 2, 6);
        // The consumer has taken the first 4 items by the time the card reads HEAD.
        b.mem.store(q1.base + HEAD_WORD * 8, FIRST_DATA_INDEX + 4);
        for i in 0..5 {
            b.send(pkt(1, 0x1a00 + i));
        }
        for i in 0..20 {
            b.send(RxPacket { epoch: 5, ..pkt(2, 0x2a00 + i) });
        }
        b.run_until(|b| b.quiet(), 5000);
        let acc: Vec<u64> = b.events.accepted.iter().map(|p| p.data).collect();
        assert_eq!(acc, (0..5).map(|i| 0x1a00 + i).collect::<Vec<_>>());
        assert_eq!(b.events.refused.len(), 20);
        assert!(b.events.refused.iter().all(|p| p.queue == 2 && p.epoch == 0));
        assert_eq!(b.mem.reads.len(), 1);
        let a = audit(&[q1, q2], &b.mem.writes).unwrap();
        assert_eq!(a.data[0].len(), 5);
    });
}
