//! [`Parking`](super::Parking) against a model of the slots, under random stalls.

use super::*;
use crate::harness::Rng;
use crate::stepper::Hand;

/// A parked packet as the spec has it.
#[derive(Clone, Copy, Debug)]
struct Parked {
    queue: u64,
    data: u64,
    src: u64,
    head_addr: u64,
    follower: bool,
    /// Allocation order.
    age: u64,
    /// Its HEAD read was granted.
    requested: bool,
    /// The read's answer (low 16 bits).
    head: Option<u64>,
    /// Taken by LD0, not decided yet.
    inflight: bool,
}

impl Parked {
    /// A packet behind it (of its queue) must wait: not a follower in flight.
    fn parked(&self) -> bool {
        !(self.inflight && self.follower)
    }
}

/// RD0b's decision of a cycle: (alloc, follow, retire, repark, slot, packet, untake).
type Decision = (bool, bool, bool, bool, usize, Parked, bool);

fn ready(u: &Parking, i: usize) -> bool {
    [&u.park0, &u.park1, &u.park2, &u.park3][i].ready.val()
}

/// Packets of three queues park (leaders and followers) whenever a slot is free for them;
/// reads are granted and answered after random delays, parked packets are taken when LD0
/// could and decided (released, a follower made a leader or parked again) after random
/// delays; nothing happens in random cycles. Checked every cycle against a model of the slots
/// from the spec: the lowest free slot is allocated; LD0's pick is the lowest slot that was
/// ready with no older packet of its queue parked (a follower) or busy (a leader); reads go
/// lowest slot first with its HEAD address and the answer reaches its tag's slot; a slot's
/// fields, the parking CAM (a link packet's, a re-injected follower's), the free count and
/// `empty`.
#[test]
fn parked_packets_are_reinjected_oldest_first_per_queue_under_random_stalls() {
    let mut h = Hand::<Parking>::new(|p, c| p.clock.next = Clock { clk: c });
    let mut rng = Rng(0x9a4c_1e60);
    let mut slots: [Option<Parked>; 4] = [None; 4];
    let none = Parked {
        queue: 0,
        data: 0,
        src: 0,
        head_addr: 0,
        follower: false,
        age: 0,
        requested: false,
        head: None,
        inflight: false,
    };
    let mut pk: Decision = (false, false, false, false, 0, none, false);
    // Each slot's queue and whether it was parked (or being allocated) as RD0a saw it.
    let mut snap: [Option<(u64, bool)>; 4] = [None; 4];
    // The re-injected follower RD0a held last cycle (in RD0f now).
    let mut f_replay: Option<usize> = None;
    let mut age = 0u64;
    // Granted reads (tag, answer cycle), in order; taken slots in flight (slot, decide cycle).
    let mut reads: Vec<(usize, u64)> = Vec::new();
    let mut flight: Vec<(usize, u64)> = Vec::new();
    let mut prev_elig: Option<usize> = None;
    let mut took = false;
    let mut prev_a_queue = 0u64;
    // The request register: the read offered (held until taken, a valid/ready port).
    let mut req: Option<usize> = None;
    let (mut taken_n, mut parked_n, mut answers) = (0, 0, 0);
    // Re-injected followers checked against an older parked slot (held / not), followers parked
    // again.
    let (mut held_n, mut free_n, mut untaken_n) = (0, 0, 0);
    for cycle in 0..20_000u64 {
        // This cycle's inputs.
        let free = slots.iter().filter(|s| s.is_none()).count() - pk.0 as usize;
        let decide = flight.first().copied().filter(|&(_, t)| t <= cycle);
        let packet = Parked {
            queue: 1 + rng.below(3),
            data: rng.next_u64(),
            src: rng.below(1024),
            head_addr: rng.below(1 << 40) << 3,
            follower: rng.chance(30),
            ..none
        };
        let mut d: Decision = (false, false, false, false, rng.below(4) as usize, packet, false);
        if let Some((slot, _)) = decide.filter(|_| rng.chance(60)) {
            flight.remove(0);
            d.4 = slot;
            // The decision is about the slot's packet (its queue on the `queue` input).
            d.5 = Parked { head_addr: packet.head_addr, ..slots[slot].unwrap() };
            let follower = slots[slot].unwrap().follower;
            if follower && rng.chance(30) {
                d.3 = true;
            } else if follower && rng.chance(40) {
                d.6 = true;
            } else {
                d.2 = true;
            }
        } else if free >= 1 && rng.chance(25) {
            d.0 = true;
            d.1 = packet.follower;
        }
        let u = &mut h.uut;
        let take = u.any_elig.val() && !took && rng.chance(50);
        u.alloc.next = d.0;
        u.follow.next = d.1;
        u.retire.next = d.2;
        u.repark.next = d.3;
        u.untake.next = d.6;
        u.slot.next = (d.4 as u64).into();
        u.queue.next = d.5.queue.into();
        u.src.next = d.5.src.into();
        u.portal.next = (d.5.src ^ 0x55).into();
        u.epoch.next = (d.5.data & 0xff).into();
        u.dst_ok.next = d.5.data & 1 == 1;
        u.data.next = d.5.data.into();
        u.head_addr.next = d.5.head_addr.into();
        u.take.next = take;
        // RD0a holds a re-injected follower (one in flight, not decided before it reaches RD0b)
        // now and then, else a random slot's fields are read.
        let a_replay = flight
            .iter()
            .filter(|f| f.1 >= cycle + 2)
            .map(|f| f.0)
            .find(|&i| slots[i].is_some_and(|s| s.follower) && rng.chance(50));
        let (a_slot, a_queue) = match a_replay {
            Some(i) => (i, slots[i].unwrap().queue),
            None => (rng.below(4) as usize, rng.below(4)),
        };
        u.a_slot.next = (a_slot as u64).into();
        u.a_queue.next = a_queue.into();
        u.a_replay.next = a_replay.is_some();
        u.rd_ready.next = rng.chance(50);
        let answer = reads.first().copied().filter(|&(_, t)| t <= cycle);
        let rsp_data = rng.next_u64();
        u.rsp_valid.next = answer.is_some();
        u.rsp_tag.next = answer.map_or(rng.below(4), |(tag, _)| tag as u64).into();
        u.rsp_data.next = rsp_data.into();
        h.settle();
        let u = &h.uut;

        // The outputs against the model.
        let alloc_slot = if pk.0 { slots.iter().position(|s| s.is_none()) } else { None };
        let nfree = (0..4).filter(|&i| alloc_slot != Some(i) && (slots[i].is_none() || (pk.2 && pk.4 == i))).count();
        assert_eq!(u.nfree.val().to_u64(), nfree as u64, "cycle {cycle}");
        assert_eq!(u.empty.val(), slots.iter().all(Option::is_none) && !pk.0 && !pk.2 && !pk.3);
        assert_eq!(u.pk_alloc_o.val(), pk.0);
        if let Some(s) = slots[a_slot] {
            assert_eq!((u.s_data.val().to_u64(), u.s_src.val().to_u64()), (s.data, s.src), "cycle {cycle}");
            if let Some(head) = s.head {
                assert_eq!(u.s_head.val().to_u64(), head, "cycle {cycle}");
            }
        }
        // An older slot of slot i's queue is parked.
        let held = |i: usize| {
            (0..4).any(|j| {
                slots[j]
                    .is_some_and(|sj| slots[i].is_some_and(|si| sj.queue == si.queue && sj.age < si.age && sj.parked()))
            })
        };
        let cam = match f_replay {
            // A re-injected follower: an older parked slot of its queue, or a follower of its
            // queue parked again on its way.
            Some(i) => held(i) || ((pk.3 || pk.6) && pk.5.queue == prev_a_queue),
            // A link packet: a slot of its queue parked now or as RD0a saw it, or a decision on
            // its way that leaves one parked.
            None => {
                (0..4).any(|j| {
                    snap[j].is_some_and(|(q, parked)| {
                        q == prev_a_queue && (parked || slots[j].is_some_and(|s| s.parked()))
                    })
                }) || ((pk.0 || pk.3 || pk.6) && pk.5.queue == prev_a_queue)
            }
        };
        assert_eq!(u.cam_f.val(), cam, "cycle {cycle}: replay {f_replay:?}");
        if f_replay.is_some() {
            *(if cam { &mut held_n } else { &mut free_n }) += 1;
        }
        assert_eq!(u.any_elig.val(), prev_elig.is_some(), "cycle {cycle}");
        if let Some(i) = prev_elig {
            assert_eq!(u.pick.val().to_u64(), i as u64, "cycle {cycle}");
            let s = slots[i].unwrap();
            assert_eq!((u.pick_queue.val().to_u64(), u.pick_follower.val()), (s.queue, s.follower));
        }
        let wants = req;
        assert_eq!(u.rd_valid.val(), wants.is_some(), "cycle {cycle}");
        if let Some(i) = wants {
            assert_eq!(u.rd_tag.val().to_u64(), i as u64, "cycle {cycle}");
            assert_eq!(u.rd_addr.val().to_u64(), slots[i].unwrap().head_addr, "cycle {cycle}");
        }
        // Eligible now (LD0 sees it next cycle): ready, no older slot of its queue parked (a
        // follower) or busy (a leader).
        let older_of_queue = |i: usize| {
            (0..4)
                .any(|j| slots[j].is_some_and(|sj| slots[i].is_some_and(|si| sj.queue == si.queue && sj.age < si.age)))
        };
        let follower = |i: usize| slots[i].is_some_and(|s| s.follower);
        let elig = (0..4).find(|&i| ready(u, i) && !held(i) && (follower(i) || !older_of_queue(i)));
        let taken = take.then(|| u.pick.val().to_u64() as usize);
        if let Some(slot) = taken {
            assert!(ready(u, slot), "cycle {cycle}: a slot not ready taken");
            flight.push((slot, cycle + 1 + rng.below(4)));
            taken_n += 1;
        }
        // What RD0a sees this cycle, for the CAM next cycle: the slots as they are, and the one
        // allocated at this edge.
        snap = std::array::from_fn(|j| slots[j].map(|s| (s.queue, s.parked())));
        if let Some(i) = alloc_slot {
            snap[i] = Some((pk.5.queue, true));
        }
        let granted = wants.filter(|_| u.rd_ready.val());
        if req.is_none() || granted.is_some() {
            // Loads the lowest slot that wants a read, other than the one granted now.
            req = (0..4).find(|&i| Some(i) != granted && slots[i].is_some_and(|s| !s.follower && !s.requested));
        }
        if let Some(i) = granted {
            reads.push((i, cycle + 1 + rng.below(6)));
            slots[i].as_mut().unwrap().requested = true;
        }
        if let Some((tag, _)) = answer {
            reads.remove(0);
            slots[tag].as_mut().unwrap().head = Some(rsp_data & 0xffff);
            answers += 1;
        }
        h.tick();

        // The edge: pk's decision carried out, this cycle's registered.
        if let Some(slot) = taken {
            slots[slot].as_mut().unwrap().inflight = true;
        }
        if pk.0 {
            let i = alloc_slot.expect("a free slot for the allocation");
            slots[i] = Some(Parked { age, inflight: false, ..pk.5 });
            age += 1;
            parked_n += 1;
        }
        if pk.2 {
            slots[pk.4] = None;
        }
        if pk.3 {
            let s = slots[pk.4].as_mut().unwrap();
            (s.follower, s.requested, s.head, s.head_addr, s.inflight) = (false, false, None, pk.5.head_addr, false);
        }
        if pk.6 {
            slots[pk.4].as_mut().unwrap().inflight = false;
            untaken_n += 1;
        }
        pk = d;
        // (The registered pick may still name a slot just taken: LD0 waits a cycle, `took`.)
        prev_elig = elig;
        took = take;
        prev_a_queue = a_queue;
        f_replay = a_replay;
    }
    assert!(parked_n > 300 && taken_n > 300 && answers > 100, "{parked_n} parked, {taken_n} taken, {answers} answers");
    assert!(held_n > 15 && free_n > 50 && untaken_n > 50, "{held_n} held, {free_n} free, {untaken_n} untaken");
}
