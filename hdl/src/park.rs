//! One parking slot of the engine (spec "The card engine", refill and parking): a packet whose
//! queue ran out of free slots waits here while its HEAD read (RD1) is outstanding, so packets
//! of other queues pass it. The slot's index is the read's tag. Life of a *leader* slot:
//! free → `alloc` (RD0 parks a packet; the slot remembers the HEAD word's address) → the read
//! request is issued (`wants_read` until `granted`) → the answer arrives (`answer`: the head
//! index is kept) → `ready`: LD0 re-injects the packet with its head (`taken`: in flight) →
//! RD0 decides it (`retire`) → free.
//! A *follower* (`alloc` with `follow`) is a packet of a queue that already has a parked
//! packet, admitted before that one parked: it reads nothing and is `ready` at once (the engine
//! re-injects a queue's slots oldest first; a follower may go while the older ones of its queue
//! are followers in flight). Re-injected, a follower may find its queue out of free slots again:
//! `repark` makes it a leader in place (same slot, same age); or find an older packet of its
//! queue parked again: `untake` parks it again as it was (a follower, not in flight).

use crate::*;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct ParkSlot {
    pub clock: Signal<In, Clock>,
    pub alloc: Signal<In, bool>,
    /// With `alloc`: a follower (no read).
    pub follow: Signal<In, bool>,
    pub a_queue: Signal<In, Bits<QUEUE_W>>,
    pub a_src: Signal<In, Bits<NODE_W>>,
    pub a_portal: Signal<In, Bits<PORTAL_W>>,
    pub a_epoch: Signal<In, Bits<EPOCH_W>>,
    /// The packet is for this node (a follower may not be: it is rejected when re-injected).
    pub a_dst_ok: Signal<In, bool>,
    pub a_data: Signal<In, Bits<WORD_W>>,
    pub a_head_addr: Signal<In, Bits<ADDR_W>>,
    /// The read request of this slot moved this cycle.
    pub granted: Signal<In, bool>,
    /// The read answer for this slot's tag is on `answer_data` this cycle.
    pub answer: Signal<In, bool>,
    pub answer_data: Signal<In, Bits<WORD_W>>,
    /// LD0 re-injects the parked packet this cycle (it is then in flight).
    pub taken: Signal<In, bool>,
    /// RD0 decided the re-injected packet: the slot is free.
    pub retire: Signal<In, bool>,
    /// RD0 found no free slot for the re-injected follower: a leader now (`a_head_addr`).
    pub repark: Signal<In, bool>,
    /// RD0 found an older packet of the re-injected follower's queue parked: parked again.
    pub untake: Signal<In, bool>,

    pub busy: Signal<Out, bool>,
    pub wants_read: Signal<Out, bool>,
    /// Parked, not in flight, and its head is here (leader) or it needs none (follower).
    pub ready: Signal<Out, bool>,
    pub follower: Signal<Out, bool>,
    /// Busy, and not a follower in flight: a packet of its queue behind it must wait.
    pub parked: Signal<Out, bool>,
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    pub src: Signal<Out, Bits<NODE_W>>,
    pub portal: Signal<Out, Bits<PORTAL_W>>,
    pub epoch: Signal<Out, Bits<EPOCH_W>>,
    pub dst_ok: Signal<Out, bool>,
    pub data: Signal<Out, Bits<WORD_W>>,
    pub head_addr: Signal<Out, Bits<ADDR_W>>,
    /// The HEAD word's index bits as read (masked by the pipeline).
    pub head: Signal<Out, Bits<INDEX_W>>,

    busy_r: DFF<bool>,
    follower_r: DFF<bool>,
    requested_r: DFF<bool>,
    answered_r: DFF<bool>,
    inflight_r: DFF<bool>,
    /// `busy & !(inflight & follower)`, kept as a register of its own: the parking's
    /// eligibility and CAM read it (their paths start at a flip-flop, not at three).
    parked_r: DFF<bool>,
    queue_r: DFF<Bits<QUEUE_W>>,
    src_r: DFF<Bits<NODE_W>>,
    portal_r: DFF<Bits<PORTAL_W>>,
    epoch_r: DFF<Bits<EPOCH_W>>,
    dst_ok_r: DFF<bool>,
    data_r: DFF<Bits<WORD_W>>,
    head_addr_r: DFF<Bits<ADDR_W>>,
    head_r: DFF<Bits<INDEX_W>>,
}

impl Logic for ParkSlot {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            busy_r,
            follower_r,
            requested_r,
            answered_r,
            inflight_r,
            parked_r,
            queue_r,
            src_r,
            portal_r,
            epoch_r,
            dst_ok_r,
            data_r,
            head_addr_r,
            head_r
        );
        if self.alloc.val() {
            self.busy_r.d.next = true;
            self.follower_r.d.next = self.follow.val();
            self.requested_r.d.next = false;
            self.answered_r.d.next = false;
            self.inflight_r.d.next = false;
            self.parked_r.d.next = true;
            self.queue_r.d.next = self.a_queue.val();
            self.src_r.d.next = self.a_src.val();
            self.portal_r.d.next = self.a_portal.val();
            self.epoch_r.d.next = self.a_epoch.val();
            self.dst_ok_r.d.next = self.a_dst_ok.val();
            self.data_r.d.next = self.a_data.val();
            self.head_addr_r.d.next = self.a_head_addr.val();
        }
        if self.granted.val() {
            self.requested_r.d.next = true;
        }
        // Only the answer to this use's own read counts: not one in the cycle the slot is
        // taken anew (its tag's last read belonged to the slot's previous use), nor one after
        // the slot was released (`retire` forgets the read), nor a second one.
        if self.answer.val() & self.requested_r.q.val() & !self.answered_r.q.val() & !self.alloc.val() {
            self.answered_r.d.next = true;
            self.head_r.d.next = self.answer_data.val().get_bits::<INDEX_W>(0);
        }
        if self.taken.val() {
            self.inflight_r.d.next = true;
            self.parked_r.d.next = !self.follower_r.q.val();
        }
        if self.untake.val() {
            self.inflight_r.d.next = false;
            self.parked_r.d.next = true;
        }
        if self.repark.val() {
            self.follower_r.d.next = false;
            self.requested_r.d.next = false;
            self.answered_r.d.next = false;
            self.inflight_r.d.next = false;
            self.parked_r.d.next = true;
            self.head_addr_r.d.next = self.a_head_addr.val();
        }
        if self.retire.val() {
            self.busy_r.d.next = false;
            self.parked_r.d.next = false;
            self.requested_r.d.next = false;
            self.answered_r.d.next = false;
            self.inflight_r.d.next = false;
        }
        self.busy.next = self.busy_r.q.val();
        self.wants_read.next = self.busy_r.q.val() & !self.follower_r.q.val() & !self.requested_r.q.val();
        self.ready.next =
            self.busy_r.q.val() & !self.inflight_r.q.val() & (self.answered_r.q.val() | self.follower_r.q.val());
        self.follower.next = self.follower_r.q.val();
        self.parked.next = self.parked_r.q.val();
        self.queue.next = self.queue_r.q.val();
        self.src.next = self.src_r.q.val();
        self.portal.next = self.portal_r.q.val();
        self.epoch.next = self.epoch_r.q.val();
        self.dst_ok.next = self.dst_ok_r.q.val();
        self.data.next = self.data_r.q.val();
        self.head_addr.next = self.head_addr_r.q.val();
        self.head.next = self.head_r.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    fn clear(p: &mut ParkSlot) {
        p.alloc.next = false;
        p.follow.next = false;
        p.granted.next = false;
        p.answer.next = false;
        p.taken.next = false;
        p.retire.next = false;
        p.repark.next = false;
        p.untake.next = false;
    }

    /// Park (as a leader, or as a follower that is later re-parked as a leader in place, or
    /// parked again as a follower), grant after a random delay, answer after a random latency
    /// (with stray answers before the request, which must be ignored), take, retire after a
    /// random delay; repeat.
    #[test]
    fn a_slot_goes_through_park_read_answer_take_release() {
        let mut h = Hand::<ParkSlot>::new(|p, c| p.clock.next = Clock { clk: c });
        let mut rng = Rng(0x5eed_0501);
        for round in 0..300u64 {
            let (queue, data, addr, head) = (rng.below(4096), rng.next_u64(), rng.below(1 << 40) << 3, rng.next_u64());
            let follow = rng.chance(40);
            let p = &mut h.uut;
            clear(p);
            p.alloc.next = true;
            p.follow.next = follow;
            p.a_queue.next = queue.into();
            p.a_src.next = (round % 1024).into();
            p.a_portal.next = (queue ^ 0xabc).into();
            p.a_epoch.next = (round % 256).into();
            p.a_data.next = data.into();
            p.a_head_addr.next = (if follow { 0 } else { addr }).into();
            // An answer on this slot's tag in the cycle it is taken anew (the last use's read
            // answered late, or a stray one): not this use's, ignored.
            p.answer.next = rng.chance(50);
            p.answer_data.next = rng.next_u64().into();
            h.settle();
            h.tick();
            // 0 waiting for grant, 1 for answer, 2 ready, 3 in flight, 4 done; 5 follower ready,
            // 6 follower in flight.
            let mut phase = if follow { 5 } else { 0 };
            for _ in 0..200 {
                let p = &mut h.uut;
                clear(p);
                assert!(p.busy.val());
                assert_eq!((p.queue.val().to_u64(), p.data.val().to_u64()), (queue, data));
                assert_eq!((p.portal.val().to_u64(), p.epoch.val().to_u64()), (queue ^ 0xabc, round % 256));
                assert_eq!(p.wants_read.val(), phase == 0);
                assert_eq!(p.ready.val(), phase == 2 || phase == 5);
                assert_eq!(p.follower.val(), phase >= 5);
                assert_eq!(p.parked.val(), phase != 6);
                if phase < 5 {
                    assert_eq!(p.head_addr.val().to_u64(), addr);
                }
                p.answer_data.next = rng.next_u64().into();
                match phase {
                    0 if rng.chance(30) => {
                        p.granted.next = true;
                        phase = 1;
                    }
                    5 if rng.chance(30) => {
                        p.taken.next = true;
                        phase = 6;
                    }
                    0 | 5 => p.answer.next = rng.chance(20), // a stray answer: ignored
                    1 if rng.chance(20) => {
                        p.answer.next = true;
                        p.answer_data.next = head.into();
                        phase = 2;
                    }
                    2 if rng.chance(30) => {
                        assert_eq!(p.head.val().to_u64(), head & 0xffff);
                        p.taken.next = true;
                        phase = 3;
                    }
                    3 if rng.chance(30) => {
                        p.retire.next = true;
                        phase = 4;
                    }
                    6 if rng.chance(30) => {
                        if rng.chance(40) {
                            p.retire.next = true;
                            phase = 4;
                        } else if rng.chance(40) {
                            p.untake.next = true;
                            phase = 5;
                        } else {
                            p.repark.next = true;
                            p.a_head_addr.next = addr.into();
                            phase = 0;
                        }
                    }
                    _ => {}
                }
                h.settle();
                h.tick();
                if phase == 4 {
                    break;
                }
            }
            assert_eq!(phase, 4, "round {round} did not finish (follower {follow})");
            clear(&mut h.uut);
            // A stray answer while the slot is free: ignored too.
            h.uut.answer.next = rng.chance(50);
            h.settle();
            assert!(!h.uut.busy.val() && !h.uut.wants_read.val() && !h.uut.ready.val() && !h.uut.parked.val());
        }
    }
}
