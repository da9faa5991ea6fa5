//! The portal table against a reference of `Model`'s portal rules. renq-hdl cannot call
//! `Model` (renq-sim depends on renq-hdl, not the other way round), so [`Reference`] restates
//! its `PortalSlot` logic (`shadow_write`, `shadow_read`, `outcome`, the PORTAL write) from
//! spec §7c, line by line.

use super::*;
use crate::harness::Rng;
use crate::stepper::{random_portal_op, PortalIn, PortalOut, PortalSim};
use renq_abi::packet::Outcome;
use renq_abi::portal::{Entry, Status, ACCEPTED_MASK, REFUSED_MASK};
use renq_abi::regs::defined;
use std::collections::VecDeque;

const PA: usize = 3;
const PORTALS: usize = 1 << PA;

/// One portal as `Model` keeps it (its counts unbounded, masked in the status word).
#[derive(Clone, Copy, Debug, Default)]
struct RefPortal {
    entry: Entry,
    epoch: u8,
    refusing: bool,
    rejected: bool,
    accepted: u64,
    in_flight: u64,
    refused: u64,
}

impl RefPortal {
    fn status(&self) -> u64 {
        let mut s = Status(0);
        s.set_accepted(self.accepted & ACCEPTED_MASK);
        s.set_in_flight(self.in_flight);
        s.set_refused(self.refused & REFUSED_MASK);
        s.set_rejected(self.rejected);
        s.set_refusing(self.refusing);
        s.0
    }
}

/// (dst, queue, portal, epoch, data) of an ENQUEUE packet.
type Pkt = (u16, u16, u16, u8, u64);

#[derive(Default)]
struct Reference {
    portals: [RefPortal; PORTALS],
    sent: u64,
    dropped: u64,
    src_refused: u64,
    /// Outcomes that changed a portal: (items accepted, refusals, rejections).
    outcomes: (u64, u64, u64),
}

/// What one operation owes on the outputs.
enum Owed {
    Nothing,
    Packet(Pkt),
    Answer(u64),
}

impl Reference {
    fn apply(&mut self, tx: bool, kind: u64, portal: u16, data: u64, epoch: u8) -> Owed {
        let Some(p) = self.portals.get_mut(portal as usize) else {
            // Beyond this build's table: a store is dropped, a read answers 0.
            return match kind {
                op::STORE => {
                    self.dropped += 1;
                    Owed::Nothing
                }
                op::LOAD | op::ENTRY => Owed::Answer(0),
                _ => Owed::Nothing,
            };
        };
        match kind {
            op::STORE if !tx || !p.entry.valid() => self.dropped += 1,
            op::STORE if p.refusing || p.in_flight >= MAX_IN_FLIGHT => {
                p.refused += 1;
                p.refusing = true;
                self.src_refused += 1;
            }
            op::STORE => {
                p.in_flight += 1;
                self.sent += 1;
                return Owed::Packet((p.entry.node() as u16, p.entry.queue() as u16, portal, p.epoch, data));
            }
            op::RETRY => p.refusing = false,
            op::LOAD => return Owed::Answer(p.status()),
            op::ENTRY => return Owed::Answer(p.entry.0),
            op::GRANT => *p = RefPortal { entry: Entry(data & defined::PORTAL), ..RefPortal::default() },
            op::OUTCOME => match Outcome::decode(data) {
                Some(Outcome::Accepted { count }) => {
                    let n = (count as u64).min(p.in_flight);
                    p.accepted += n;
                    p.in_flight -= n;
                    self.outcomes.0 += n;
                }
                Some(Outcome::Refused) if p.in_flight > 0 => {
                    p.in_flight -= 1;
                    p.refused += 1;
                    p.refusing = true;
                    p.epoch = epoch;
                    self.outcomes.1 += 1;
                }
                Some(Outcome::Rejected) if p.in_flight > 0 => {
                    p.in_flight -= 1;
                    p.rejected = true;
                    self.outcomes.2 += 1;
                }
                _ => {}
            },
            _ => {} // kinds 6 and 7 mean nothing
        }
        Owed::Nothing
    }
}

/// Drives the RTL and the reference side by side: an operation is applied to the reference
/// when the RTL takes it, and every packet, answer and event the RTL puts out must be the next
/// one the reference owes.
struct Bench {
    rtl: PortalSim<PA>,
    reference: Reference,
    packets: VecDeque<Pkt>,
    answers: VecDeque<u64>,
    events: [u64; 3],
    cycles: u64,
    /// Operations taken the cycle after one to the same portal (the forwarding case).
    back_to_back: u64,
    /// Cycles a STORE waited for `store_ready` (room in the packet FIFO).
    held: u64,
    last_taken: Option<u16>,
}

impl Bench {
    fn new() -> Bench {
        let mut b = Bench {
            rtl: PortalSim::new(),
            reference: Reference::default(),
            packets: VecDeque::new(),
            answers: VecDeque::new(),
            events: [0; 3],
            cycles: 0,
            back_to_back: 0,
            held: 0,
            last_taken: None,
        };
        // The start-up sweep: one cycle per portal, nothing taken meanwhile.
        for _ in 0..PORTALS {
            let o = b.rtl.eval(&PortalIn { op_valid: true, ..PortalIn::default() });
            assert!(o.sweeping && !o.op_ready);
            b.rtl.tick();
        }
        assert!(!b.rtl.eval(&PortalIn::default()).sweeping);
        b
    }

    /// One cycle with inputs `i`; true if the operation was taken. A STORE is offered only
    /// while `store_ready` (the table's contract), else it waits.
    fn cycle(&mut self, i: &PortalIn) -> bool {
        let (offered, waits) = self.rtl.within_credit(i);
        let i = &offered;
        let o = self.rtl.eval(i);
        let taken = i.op_valid && o.op_ready;
        if taken {
            self.back_to_back += (self.last_taken == Some(i.op_portal)) as u64;
            // tx_enable is sampled in S2; the tests change it only with the pipeline empty.
            match self.reference.apply(i.tx_enable, i.op_kind, i.op_portal, i.op_data, i.op_epoch) {
                Owed::Nothing => {}
                Owed::Packet(p) => self.packets.push_back(p),
                Owed::Answer(a) => self.answers.push_back(a),
            }
        }
        self.last_taken = taken.then_some(i.op_portal);
        if o.pkt_valid && i.pkt_ready {
            let got = (o.pkt_portal, o.pkt_dst, o.pkt_queue, o.pkt_epoch, o.pkt_data);
            let want = self.packets.pop_front().expect("a packet the reference does not owe");
            assert_eq!(got, (want.2, want.0, want.1, want.3, want.4), "cycle {}: packet", self.cycles);
        }
        self.held += waits as u64;
        self.check_outputs(&o);
        self.rtl.tick();
        self.cycles += 1;
        taken
    }

    fn check_outputs(&mut self, o: &PortalOut) {
        if o.rsp_valid {
            let want = self.answers.pop_front().expect("an answer the reference does not owe");
            assert_eq!(Status(o.rsp_data), Status(want), "cycle {}: answer", self.cycles);
        }
        for (n, ev) in self.events.iter_mut().zip([o.ev_sent, o.ev_dropped, o.ev_src_refused]) {
            *n += ev as u64;
        }
    }

    /// Runs until the operation is taken (other inputs as given, `pkt_ready` from `ready`).
    fn issue(&mut self, mut i: PortalIn, ready: &mut dyn FnMut() -> bool) {
        i.op_valid = true;
        loop {
            i.pkt_ready = ready();
            if self.cycle(&i) {
                return;
            }
        }
    }

    /// Idle cycles with the packet output drained: everything owed comes out.
    fn drain(&mut self, tx: bool) {
        for _ in 0..PKT_HELD + 4 {
            self.cycle(&PortalIn { tx_enable: tx, pkt_ready: true, ..PortalIn::default() });
        }
        assert!(self.packets.is_empty() && self.answers.is_empty(), "owed outputs never came");
        let r = &self.reference;
        assert_eq!(self.events, [r.sent, r.dropped, r.src_refused], "events (sent, dropped, src_refused)");
    }

    /// Every portal's status and entry, in and beyond the table, read back and compared.
    fn read_all(&mut self, tx: bool) {
        for p in 0..2 * PORTALS as u16 {
            for kind in [op::LOAD, op::ENTRY] {
                self.issue(PortalIn { tx_enable: tx, op_kind: kind, op_portal: p, ..PortalIn::default() }, &mut || {
                    true
                });
            }
        }
        self.drain(tx);
    }
}

/// An operation with TX enabled (it is sampled when S2 decides a store, so it stays on).
fn op_in(kind: u64, portal: u16, data: u64) -> PortalIn {
    PortalIn { tx_enable: true, op_kind: kind, op_portal: portal, op_data: data, ..PortalIn::default() }
}

fn outcome_word(rng: &mut Rng) -> u64 {
    let count = match rng.below(4) {
        0 => 0,
        1 => rng.below(1 << 32),
        _ => 1 + rng.below(3),
    };
    rng.below(4) | count << renq_abi::packet::outcome::COUNT_LSB
}

/// A random operation, mostly on portals 0..3 (so back-to-back operations often share one).
fn random_op(rng: &mut Rng, tx: bool) -> PortalIn {
    let kind = random_portal_op(rng);
    let portal = match rng.below(10) {
        0 => rng.below(2 * PORTALS as u64),
        1 => rng.below(PORTALS as u64),
        _ => rng.below(4),
    } as u16;
    let data = match kind {
        op::OUTCOME => outcome_word(rng),
        // Mostly valid entries; every bit of the word random (the undefined ones are dropped).
        op::GRANT if rng.chance(85) => rng.next_u64() | 1 << 63,
        _ => rng.next_u64(),
    };
    PortalIn {
        tx_enable: tx,
        op_valid: true,
        op_kind: kind,
        op_portal: portal,
        op_data: data,
        op_epoch: rng.below(256) as u8,
        pkt_ready: false,
    }
}

/// Random mixes of every operation, gaps between them, random stalls of the packet output and
/// TX turned off now and then: the RTL's packets, answers, events and final state are the
/// reference's, and the back-to-back and back-pressure cases occur often.
#[test]
fn random_operations_with_stalls_match_the_reference() {
    let mut b = Bench::new();
    let mut rng = Rng(0x5eed_0701);
    let mut tx = true;
    for round in 0..40 {
        let stall = [0, 30, 60, 90][round % 4];
        let gap = [0, 0, 20, 50][(round / 4) % 4];
        for _ in 0..150 {
            let i = random_op(&mut rng, tx);
            b.issue(i, &mut || !rng.chance(stall));
            while rng.chance(gap) {
                let pkt_ready = !rng.chance(stall);
                b.cycle(&PortalIn { tx_enable: tx, pkt_ready, ..PortalIn::default() });
            }
        }
        b.drain(tx);
        if round % 5 == 4 {
            b.read_all(tx);
            tx = !rng.chance(30);
        }
    }
    b.read_all(tx);
    let r = &b.reference;
    eprintln!(
        "{} cycles: sent {} dropped {} src_refused {}; {} back-to-back on one portal, {} held cycles",
        b.cycles, r.sent, r.dropped, r.src_refused, b.back_to_back, b.held
    );
    assert!(r.sent > 500 && r.dropped > 100 && r.src_refused > 100, "every store outcome occurs");
    assert!(b.back_to_back > 1000, "back-to-back operations on one portal: {}", b.back_to_back);
    assert!(b.held > 500, "stores waiting for the packet output: {}", b.held);
    let (accepted, refusals, rejections) = r.outcomes;
    eprintln!("outcomes: {accepted} items accepted, {refusals} refusals, {rejections} rejections");
    assert!(accepted > 100 && refusals > 50 && rejections > 50, "outcomes changed the counts");
}

/// Back-to-back read-modify-writes of one portal, every cycle, under a stalled output: each
/// operation sees the one before it (forwarding), and stores wait for room.
#[test]
fn back_to_back_operations_on_one_portal_see_each_other() {
    let mut b = Bench::new();
    let always = &mut || true;
    let grant = Entry::new(1023, 4095).0;
    b.issue(op_in(op::GRANT, 5, grant), always);
    // Stores every cycle: in_flight counts each one.
    for d in 0..6 {
        b.issue(op_in(op::STORE, 5, d), always);
    }
    b.issue(op_in(op::LOAD, 5, 0), always);
    // The packet output stalled for 10 cycles under six stores (more than the packet FIFO
    // holds), then an outcome right behind.
    let mut n = 0;
    let mut stalled = || {
        n += 1;
        n > 10
    };
    for d in 6..12 {
        b.issue(op_in(op::STORE, 5, d), &mut stalled);
    }
    let refused = Outcome::Refused.encode();
    b.issue(PortalIn { op_epoch: 7, ..op_in(op::OUTCOME, 5, refused) }, always);
    // Refusing now: a store right behind is refused at the source; RETRY, then one is sent
    // with the epoch the refusal taught.
    b.issue(op_in(op::STORE, 5, 8), always);
    b.issue(op_in(op::RETRY, 5, 0), always);
    b.issue(op_in(op::STORE, 5, 9), always);
    let accepted = Outcome::Accepted { count: 100 }.encode();
    b.issue(op_in(op::OUTCOME, 5, accepted), always);
    b.issue(op_in(op::LOAD, 5, 0), always);
    b.drain(true);
    let p = b.reference.portals[5];
    assert_eq!((p.accepted, p.in_flight, p.refused, p.refusing, p.epoch), (12, 0, 2, false, 7));
    assert!(b.held >= 4, "the stores waited for room ({} cycles)", b.held);
    assert!(b.back_to_back >= 10, "back-to-back: {}", b.back_to_back);
}

/// With the output stalled, STOREs stop at the packet FIFO's credit and nothing else does: an
/// OUTCOME and a LOAD behind them are taken and answered while no packet leaves (the card's
/// OUTCOME channel must never wait for its ENQUEUE channel, spec §6b). Every store goes out,
/// in order, once the output moves.
#[test]
fn stores_stop_at_the_credit_and_nothing_else_does() {
    let mut b = Bench::new();
    b.issue(op_in(op::GRANT, 3, Entry::new(1, 2).0), &mut || true);
    b.drain(true);
    let mut stores = 0;
    for d in 0..PKT_HELD as u64 + 6 {
        stores += b.cycle(&PortalIn { op_valid: true, ..op_in(op::STORE, 3, d) }) as u64;
    }
    assert_eq!(stores, PKT_HELD as u64, "stores taken with the output stalled");
    assert!(b.held >= 5, "the stores waited for room ({} cycles)", b.held);
    let accepted = Outcome::Accepted { count: 1 }.encode();
    assert!(b.cycle(&PortalIn { op_valid: true, ..op_in(op::OUTCOME, 3, accepted) }), "an OUTCOME waited");
    assert!(b.cycle(&PortalIn { op_valid: true, ..op_in(op::LOAD, 3, 0) }), "a LOAD waited");
    for _ in 0..4 {
        b.cycle(&PortalIn { tx_enable: true, ..PortalIn::default() });
    }
    assert!(b.answers.is_empty(), "the LOAD was answered with the output stalled");
    b.drain(true);
    let p = b.reference.portals[3];
    assert_eq!((p.accepted, p.in_flight), (1, PKT_HELD as u64 - 1));
}

/// With the link taking a packet every cycle, a STORE goes in every cycle: the credit never
/// stops one, and every packet comes out (the FIFO is deep enough for the pipeline's STOREs).
#[test]
fn a_store_every_cycle_while_the_link_takes_one() {
    let mut b = Bench::new();
    b.issue(op_in(op::GRANT, 5, Entry::new(4, 7).0), &mut || true);
    b.drain(true);
    let mut stores = 0;
    for d in 0..200 {
        stores += b.cycle(&PortalIn { op_valid: true, pkt_ready: true, ..op_in(op::STORE, 5, d) }) as u64;
    }
    assert_eq!((stores, b.held), (200, 0), "stores taken, cycles a STORE waited for room");
    b.drain(true);
    assert_eq!(b.reference.portals[5].in_flight, 200);
}

/// STOREs offered without `store_ready` (a broken contract) never overrun the packet FIFO: the
/// ones it has no room for are dropped and counted, and the portal counts only those sent.
#[test]
fn stores_offered_without_room_are_dropped_and_counted() {
    let mut b = Bench::new();
    b.issue(op_in(op::GRANT, 1, Entry::new(5, 6).0), &mut || true);
    b.drain(true);
    let (mut sent, mut dropped) = (0, 0);
    for d in 0..12 {
        // Straight to the table, past the bench's contract.
        let o = b.rtl.eval(&PortalIn { op_valid: true, ..op_in(op::STORE, 1, d) });
        assert!(o.op_ready);
        b.rtl.tick();
        (sent, dropped) = (sent + o.ev_sent as u64, dropped + o.ev_dropped as u64);
    }
    for _ in 0..3 {
        // The last ones decided, the output still stalled.
        let o = b.rtl.eval(&PortalIn { tx_enable: true, ..PortalIn::default() });
        (sent, dropped) = (sent + o.ev_sent as u64, dropped + o.ev_dropped as u64);
        b.rtl.tick();
    }
    let mut out = Vec::new();
    for _ in 0..16 {
        let o = b.rtl.eval(&PortalIn { tx_enable: true, pkt_ready: true, ..PortalIn::default() });
        if o.pkt_valid {
            out.push(o.pkt_data);
        }
        (sent, dropped) = (sent + o.ev_sent as u64, dropped + o.ev_dropped as u64);
        b.rtl.tick();
    }
    assert_eq!(out, (0..PKT_HELD as u64).collect::<Vec<_>>(), "the packets that had room, in order");
    assert_eq!((sent, dropped), (PKT_HELD as u64, 12 - PKT_HELD as u64));
    let load = b.rtl.eval(&PortalIn { op_valid: true, ..op_in(op::LOAD, 1, 0) });
    assert!(load.op_ready);
    b.rtl.tick();
    let mut answer = None;
    for _ in 0..4 {
        let o = b.rtl.eval(&PortalIn::default());
        answer = answer.or(o.rsp_valid.then_some(o.rsp_data));
        b.rtl.tick();
    }
    assert_eq!(Status(answer.expect("the LOAD is answered")).in_flight(), PKT_HELD as u64);
}

/// `in_flight` stops at `MAX_IN_FLIGHT`: the next store is refused at the source (and the
/// portal refuses until RETRY), as `Model` does.
#[test]
fn a_full_in_flight_count_refuses_at_the_source() {
    let mut b = Bench::new();
    let grant = Entry::new(3, 9).0;
    b.issue(op_in(op::GRANT, 1, grant), &mut || true);
    for d in 0..MAX_IN_FLIGHT + 1 {
        b.issue(op_in(op::STORE, 1, d), &mut || true);
    }
    b.issue(op_in(op::LOAD, 1, 0), &mut || true);
    b.drain(true);
    let p = b.reference.portals[1];
    assert_eq!((p.in_flight, p.refused, p.refusing), (MAX_IN_FLIGHT, 1, true));
    assert_eq!(b.events, [MAX_IN_FLIGHT, 0, 1]);
}
