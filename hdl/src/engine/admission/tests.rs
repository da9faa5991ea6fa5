//! [`Admission`](super::Admission) against a model of LD0's rules, under random stalls.

use super::*;
use crate::harness::Rng;
use crate::stepper::Hand;

const QA: usize = 2;

/// A sequence of micro-operations: the HEAD command's, or a parked leader's (slot, queue);
/// its phase (1 HeadFix next, 2 HeadMax, 3 Head / ReHead, 4 Reinject).
#[derive(Clone, Copy)]
enum Seq {
    Cmd(u64),
    Leader(u64, u64, u64),
}

/// LD0 as the spec states it.
#[derive(Default)]
struct Model {
    swept: u64,
    seq: Option<Seq>,
    took: bool,
    room: bool,
    /// (free parking slots, packets needing one) a cycle ago.
    park: Option<(u64, u64)>,
}

#[derive(Clone, Copy, Default)]
struct Cmd {
    kind: u64,
    queue: u64,
    arg: u64,
}

/// Random link packets, driver commands (held until taken, as the port's contract says),
/// parked packets ready or not, write-queue fills and parking counts, cycle after cycle: the
/// operation LD0 admits, its queue and fields, `rx_ready`, `cmd_ready` and the take, checked
/// against the model: the sweep first, then a sequence's next micro-operation > a command >
/// a re-injection > a link packet, each only with room, a re-injection never in two cycles
/// running, an ARM never right behind an operation.
#[test]
fn ld0_admits_by_priority_and_room_under_random_stalls() {
    let mut h = Hand::<Admission<QA>>::new(|a, c| a.clock.next = Clock { clk: c });
    let mut rng = Rng(0xad_3155);
    let mut m = Model::default();
    let mut cmd: Option<Cmd> = None;
    let kinds = [abi::CMD_EXPORT, abi::CMD_HEAD, abi::CMD_RESUME, abi::CMD_ARM, abi::CMD_QUERY];
    let mut seen = [0u64; 16];
    for cycle in 0..20_000u64 {
        if cmd.is_none() && rng.chance(30) {
            cmd = Some(Cmd { kind: kinds[rng.below(5) as usize], queue: rng.below(8), arg: rng.next_u64() });
        }
        let c = cmd.unwrap_or_default();
        let (rx_valid, rx_enable) = (rng.chance(60), rng.chance(90));
        let (rx_queue, rx_data, rx_src, rx_dst) = (rng.below(8), rng.next_u64(), rng.below(4), rng.below(4));
        let (any_elig, pick, pick_queue, follower) = (rng.chance(30), rng.below(4), rng.below(8), rng.chance(40));
        let fill = rng.below(16);
        let (a_busy, a_is_pkt, f_is_pkt) = (rng.chance(50), rng.chance(40), rng.chance(40));
        let (nfree, pk_alloc) = (rng.below(5), rng.chance(20));
        let u = &mut h.uut;
        u.rx_valid.next = rx_valid;
        u.rx_enable.next = rx_enable;
        u.rx_queue.next = rx_queue.into();
        u.rx_data.next = rx_data.into();
        u.rx_src.next = rx_src.into();
        u.rx_dst.next = rx_dst.into();
        u.rx_epoch.next = (rx_data >> 56).into();
        u.rx_portal.next = (rx_data >> 40 & 0xfff).into();
        u.node_id.next = 2.into();
        u.cmd_valid.next = cmd.is_some();
        u.cmd_kind.next = c.kind.into();
        u.cmd_queue.next = c.queue.into();
        u.cmd_arg.next = c.arg.into();
        u.wq_fill.next = fill.into();
        u.a_busy.next = a_busy;
        u.a_is_pkt.next = a_is_pkt;
        u.f_is_pkt.next = f_is_pkt;
        u.any_elig.next = any_elig;
        u.pick.next = pick.into();
        u.pick_queue.next = pick_queue.into();
        u.pick_follower.next = follower;
        u.nfree.next = nfree.into();
        u.pk_alloc.next = pk_alloc;
        h.settle();

        // The model's cycle.
        let seq_before = m.seq;
        let park_room = m.park.is_some_and(|(free, need)| free >= need + a_is_pkt as u64 + pk_alloc as u64);
        let (mut op, mut take, mut rx_ready, mut cmd_ready) = (Op::None, false, false, false);
        // (queue, from a command, from a slot)
        let mut src = (rx_queue, false, false);
        if m.swept < 1 << QA {
            op = Op::Clear;
            src = (m.swept, false, false);
            m.swept += 1;
        } else if let Some(seq) = m.seq {
            let phase = match seq {
                Seq::Cmd(p) | Seq::Leader(_, _, p) => p,
            };
            src = match seq {
                Seq::Cmd(_) => (c.queue, true, false),
                Seq::Leader(_, q, _) => (q, false, true),
            };
            (op, m.seq) = match (seq, phase) {
                (_, 1) => (Op::HeadFix, Some(advance(seq))),
                (_, 2) => (Op::HeadMax, Some(advance(seq))),
                (Seq::Cmd(_), _) => {
                    cmd_ready = true;
                    (Op::Head, None)
                }
                (_, 3) => (Op::ReHead, Some(advance(seq))),
                _ => (Op::Reinject, None),
            };
        } else {
            let arm_wait = c.kind == abi::CMD_ARM && a_busy;
            cmd_ready = m.room && !arm_wait && c.kind != abi::CMD_HEAD;
            take = cmd.is_none() && any_elig && m.room && !m.took;
            rx_ready = rx_enable && m.room && cmd.is_none() && !any_elig && park_room;
            if cmd.is_some() {
                src = (c.queue, true, false);
            } else if any_elig {
                src = (pick_queue, false, true);
            }
            if cmd.is_some() && m.room && !arm_wait {
                op = match c.kind {
                    abi::CMD_EXPORT => Op::Export,
                    abi::CMD_HEAD => {
                        m.seq = Some(Seq::Cmd(1));
                        Op::HeadCalc
                    }
                    abi::CMD_RESUME => Op::Resume,
                    abi::CMD_ARM => Op::Arm,
                    _ => Op::Query,
                };
            } else if take && follower {
                op = Op::Replay;
            } else if take {
                m.seq = Some(Seq::Leader(pick, pick_queue, 1));
                op = Op::HeadCalc;
            } else if rx_valid && rx_ready {
                op = Op::Packet;
            }
        }
        let u = &h.uut;
        assert_eq!(u.op.val().to_u64(), op as u64, "cycle {cycle}");
        assert_eq!((u.rx_ready.val(), u.cmd_ready.val(), u.take.val()), (rx_ready, cmd_ready, take), "cycle {cycle}");
        assert_eq!(u.is_pkt.val(), op == Op::Packet, "cycle {cycle}");
        assert_eq!(u.queue.val().to_u64(), src.0, "cycle {cycle}");
        assert_eq!(u.in_range.val(), src.0 < 1 << QA, "cycle {cycle}");
        assert_eq!(u.from_slot.val(), src.2 && m.swept >= 1 << QA, "cycle {cycle}");
        if src.1 {
            assert_eq!((u.data.val().to_u64(), u.head.val().to_u64()), (c.arg, c.arg & 0xffff), "cycle {cycle}");
            assert!(u.dst_ok.val());
        } else if src.2 {
            assert!(u.dst_ok.val());
            let slot = match seq_before {
                Some(Seq::Leader(s, _, _)) => s,
                _ => pick,
            };
            if op != Op::None {
                assert_eq!(u.slot.val().to_u64(), slot, "cycle {cycle}");
            }
        } else if op == Op::Packet {
            assert_eq!((u.data.val().to_u64(), u.src.val().to_u64()), (rx_data, rx_src));
            assert_eq!(u.dst_ok.val(), rx_dst == 2);
        }
        assert_eq!(u.swept_o.val(), m.swept >= 1 << QA && !(m.swept == 1 << QA && op == Op::Clear));
        seen[op as usize] += 1;
        if cmd_ready {
            cmd = None;
        }
        m.took = take;
        m.room = fill < (WQ_DEPTH - 5) as u64;
        m.park = Some((nfree, 1 + a_is_pkt as u64 + f_is_pkt as u64));
        h.tick();
    }
    for op in [Op::Packet, Op::Export, Op::Head, Op::Replay, Op::Reinject, Op::ReHead, Op::Arm, Op::Query] {
        assert!(seen[op as usize] > 50, "{op:?} admitted {} times", seen[op as usize]);
    }
}

fn advance(seq: Seq) -> Seq {
    match seq {
        Seq::Cmd(p) => Seq::Cmd(p + 1),
        Seq::Leader(s, q, p) => Seq::Leader(s, q, p + 1),
    }
}
