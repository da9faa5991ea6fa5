//! Exhaustive model check of the dequeue-vs-overflow-handler protocol (spec §9), run on the
//! driver's own step machines (`renq_driver::paper::queue::steps`: the code `PaperQueue::dequeue_batch`
//! and `Queue::on_overflow` run), over a model memory laid out by `renq_abi`.
//!
//! Each step of a party is one atomic action: a consumer's or the handler's `step` (one word
//! load or store, one atomic update of the control word, one card register access), or one
//! of the card's memory accesses (the card is hardware; its append is modelled here). A
//! depth-first search runs every interleaving (states are memoised) and checks:
//! * FIFO without loss or duplication: the k-th item dequeued is item k, and at the end the
//!   items left in the chain (oldest buffer first) are exactly the ones not dequeued;
//! * the card never writes over an unconsumed item (it stalls in time);
//! * the handler never moves items while a dequeuer is inside (between DNP set and clear);
//! * nothing gets stuck: in every final state all consumers and the card have finished, the
//!   card is not stalled and the control word is clear (so every FULL_PENDING was served);
//! * no consumer follows a link to a retired buffer.
//!
//! The protocol's mutants (`Mutations`, the driver's `mutants` feature) must each be caught,
//! so the checker is shown able to fail on the shipped code.

use renq_abi::buffer::{
    link_next, next_index, slot_address, words, HEAD_WORD, INDEX_MASK, LINK_WORD, MIN_LOG2_WORDS, TAIL_WORD,
};
use renq_abi::paper::control::{DNP, EXTENDING};
use renq_abi::WORD_SHIFT;
use renq_driver::paper::queue::steps::{
    DeqStep, DequeueOp, Mutations, Note, OverflowAction, OverflowOp, ProtocolMem, Shape, Step,
};
use std::sync::atomic::Ordering;

mod explore;

/// The smallest buffer the card accepts: 5 slots, 4 usable.
const LOG2: u32 = MIN_LOG2_WORDS;
const WORDS: usize = words(LOG2) as usize;
const BUF_BYTES: u64 = (WORDS as u64) << WORD_SHIFT;
const MAX_BUFS: usize = 6;
const MAX_CONS: usize = 3;

/// Buffer b sits at `(b + 1) * BUF_BYTES` (aligned to its size, never 0 = "no next buffer");
/// buffer 0 is the first buffer F.
fn base(b: usize) -> u64 {
    (b as u64 + 1) * BUF_BYTES
}
const SHAPE: Shape = Shape { first: BUF_BYTES, log2_words: LOG2 };

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Card {
    Ld0,
    Rd0,
    Wr0 { t: u64 },
    Rd1 { t: u64 },
    Wr1 { t: u64, h: u64 },
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Handler {
    Idle,
    Run(OverflowOp),
    /// Got Busy (someone is extending): the periodic poll comes back once EXTENDING is clear.
    WaitPoll,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct Consumer {
    op: Option<DequeueOp>,
    /// Dequeue attempts (of one item each) still to make.
    left: u8,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct State {
    /// Every word of every buffer (values are small in the model: addresses below 2^16).
    mem: [[u16; WORDS]; MAX_BUFS],
    nbufs: u8,
    retired: u8,
    stalled: bool,
    irq: bool,
    control: u8,
    card: Card,
    next_item: u8,
    handler: Handler,
    cons: [Consumer; MAX_CONS],
    /// Consumers between their DNP set and DNP clear, as seen in the control word.
    inside: u8,
    dequeued: u8,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Actor {
    Handler,
    Consumer(usize),
}

/// The model memory one party's step runs against; records the first violation it sees.
struct ModelMem<'a> {
    s: &'a mut State,
    actor: Actor,
    mutations: Mutations,
    violation: Option<String>,
}

impl ModelMem<'_> {
    fn fail(&mut self, m: String) {
        self.violation.get_or_insert(m);
    }
    fn locate(&mut self, addr: u64) -> Option<(usize, usize)> {
        let (b, w) = ((addr / BUF_BYTES) as usize, ((addr % BUF_BYTES) >> WORD_SHIFT) as usize);
        if !addr.is_multiple_of(8) || b == 0 || b > self.s.nbufs as usize {
            self.fail(format!("access at {addr:#x} outside the allocated buffers"));
            return None;
        }
        let b = b - 1;
        if self.s.retired & (1 << b) != 0 {
            self.fail(format!("access to retired buffer {b} (a link to it was followed)"));
        }
        Some((b, w))
    }
    /// The extension is about to move F's items: no dequeuer may be inside.
    fn check_quiescent(&mut self) {
        if self.s.inside != 0 {
            self.fail("extension moves items while a dequeuer is inside".into());
        }
    }
}

impl ProtocolMem for ModelMem<'_> {
    fn load(&mut self, addr: u64, _: Ordering) -> u64 {
        self.locate(addr).map_or(0, |(b, w)| self.s.mem[b][w] as u64)
    }
    fn store(&mut self, addr: u64, value: u64, _: Ordering) {
        let Some((b, w)) = self.locate(addr) else { return };
        let Ok(v) = u16::try_from(value) else {
            return self.fail(format!("value {value:#x} too wide for the model memory"));
        };
        // F's head and tail are written by the dequeuer inside, or by the extension's reset.
        let moves = b == 0 && (w == HEAD_WORD as usize || w == TAIL_WORD as usize);
        let inside_me = matches!(self.actor, Actor::Consumer(k) if self.s.inside & (1 << k) != 0);
        if moves && !inside_me {
            self.check_quiescent();
        }
        self.s.mem[b][w] = v;
    }
    fn ctl_update(&mut self, mut f: impl FnMut(u64) -> Option<u64>) -> Result<u64, u64> {
        let c = self.s.control as u64;
        match f(c) {
            Some(n) => {
                self.s.control = n as u8;
                Ok(c)
            }
            None => Err(c),
        }
    }
    fn stalled(&mut self) -> bool {
        self.s.stalled
    }
    fn resume(&mut self) {
        self.s.stalled = false;
    }
    fn alloc(&mut self) -> Option<u64> {
        self.check_quiescent();
        let b = self.s.nbufs as usize;
        if b == MAX_BUFS {
            self.fail("model ran out of buffers (raise MAX_BUFS)".into());
            return None;
        }
        self.s.mem[b] = [0; WORDS];
        self.s.nbufs += 1;
        Some(base(b))
    }
    fn retire(&mut self, addr: u64) {
        if let Some((b, _)) = self.locate(addr) {
            if b == 0 {
                self.fail("retired the first buffer".into());
            }
            self.s.retired |= 1 << b;
        }
    }
    fn note(&mut self, _: Note) {}
    fn mutations(&self) -> Mutations {
        self.mutations
    }
}

struct Model {
    items: u8,
    mutations: Mutations,
    /// The handler also runs when a poll of STALLED finds the queue stalled (the driver's
    /// interrupt thread does this every tick), besides on the interrupt.
    poll: bool,
}

type Succ = Result<State, String>;

fn word(s: &State, addr: u64) -> u64 {
    s.mem[(addr / BUF_BYTES - 1) as usize][((addr % BUF_BYTES) >> WORD_SHIFT) as usize] as u64
}

fn set_word(s: &mut State, addr: u64, v: u64) {
    s.mem[(addr / BUF_BYTES - 1) as usize][((addr % BUF_BYTES) >> WORD_SHIFT) as usize] = v as u16;
}

impl Model {
    fn initial(&self, consumers: usize, attempts: u8) -> State {
        let mut s = State {
            mem: [[0; WORDS]; MAX_BUFS],
            nbufs: 1,
            retired: 0,
            stalled: false,
            irq: false,
            control: 0,
            card: Card::Ld0,
            next_item: 1,
            handler: Handler::Idle,
            cons: [Consumer { op: None, left: 0 }; MAX_CONS],
            inside: 0,
            dequeued: 0,
        };
        for c in &mut s.cons[..consumers] {
            c.left = attempts;
        }
        // F as `Queue::new` writes it: no next buffer, empty.
        let f = SHAPE.first;
        set_word(&mut s, SHAPE.word(f, LINK_WORD), renq_abi::buffer::link_word(0, LOG2));
        set_word(&mut s, SHAPE.word(f, HEAD_WORD), renq_abi::buffer::FIRST_DATA_INDEX);
        set_word(&mut s, SHAPE.word(f, TAIL_WORD), renq_abi::buffer::FIRST_DATA_INDEX);
        s
    }

    /// Runs one step of a driver step machine on a copy of `s`. `None`: the step waits
    /// (blocked on another party), so this party is not enabled here.
    fn driver_step<R>(
        &self,
        s: &State,
        actor: Actor,
        step: impl FnOnce(&mut ModelMem) -> (R, bool),
    ) -> Option<Result<(State, R), String>> {
        explore::driver_step(s, |n| {
            let mut mem = ModelMem { s: n, actor, mutations: self.mutations, violation: None };
            let (r, waits) = step(&mut mem);
            (r, waits, mem.violation)
        })
    }

    fn card_step(&self, s: &State) -> Option<Succ> {
        let mut n = *s;
        let f = SHAPE.first;
        let (tail, head) = (SHAPE.word(f, TAIL_WORD), SHAPE.word(f, HEAD_WORD));
        match s.card {
            Card::Ld0 => {
                if s.next_item > self.items || s.stalled {
                    return None;
                }
                n.card = Card::Rd0;
            }
            Card::Rd0 => n.card = Card::Wr0 { t: word(s, tail) & INDEX_MASK },
            Card::Wr0 { t } => {
                set_word(&mut n, slot_address(f, LOG2, t), s.next_item as u64);
                n.card = Card::Rd1 { t };
            }
            Card::Rd1 { t } => n.card = Card::Wr1 { t, h: word(s, head) & INDEX_MASK },
            Card::Wr1 { t, h } => {
                let nt = next_index(t, LOG2);
                if nt == word(s, head) & INDEX_MASK {
                    return Some(Err(format!("card overwrote unconsumed items (item {})", s.next_item)));
                }
                set_word(&mut n, tail, nt);
                if next_index(nt, LOG2) == h {
                    n.stalled = true;
                    n.irq = true;
                }
                n.next_item += 1;
                n.card = Card::Ld0;
            }
        }
        Some(Ok(n))
    }

    fn handler_steps(&self, s: &State, out: &mut Vec<Succ>) {
        let start = |s: &State| State { handler: Handler::Run(OverflowOp::new()), ..*s };
        match s.handler {
            Handler::Idle => {
                if s.irq {
                    out.push(Ok(State { irq: false, ..start(s) })); // acknowledge (W1C)
                }
                if self.poll && s.stalled {
                    out.push(Ok(start(s))); // STALLED read set; acted on in later steps
                }
            }
            Handler::WaitPoll => {
                if s.control as u64 & EXTENDING == 0 {
                    out.push(Ok(start(s)));
                }
            }
            Handler::Run(mut op) => {
                let r = self.driver_step(s, Actor::Handler, |m| {
                    let r = op.step(SHAPE, m);
                    (r, r == Step::Wait)
                });
                out.extend(r.map(|r| {
                    r.map(|(mut n, r)| {
                        n.handler = match r {
                            Step::Pending | Step::Wait => Handler::Run(op),
                            Step::Done(OverflowAction::Busy) => Handler::WaitPoll,
                            Step::Done(_) => Handler::Idle,
                        };
                        n
                    })
                }));
            }
        }
    }

    fn consumer_step(&self, s: &State, k: usize) -> Option<Succ> {
        let c = s.cons[k];
        let Some(mut op) = c.op else {
            if c.left == 0 {
                return None;
            }
            let mut n = *s;
            n.cons[k].op = Some(DequeueOp::new(1));
            return Some(Ok(n));
        };
        let r = self.driver_step(s, Actor::Consumer(k), |m| {
            let r = op.step(SHAPE, m);
            (r, r == DeqStep::Wait)
        })?;
        Some(r.and_then(|(mut n, r)| {
            n.cons[k].op = Some(op);
            match r {
                DeqStep::Pending | DeqStep::Wait => {}
                DeqStep::Item(v) => {
                    if v != n.dequeued as u64 + 1 {
                        return Err(format!("dequeued item {v}, expected {}", n.dequeued + 1));
                    }
                    n.dequeued += 1;
                }
                DeqStep::Done => n.cons[k] = Consumer { op: None, left: c.left - 1 },
            }
            let (was, is) = (s.control as u64 & DNP != 0, n.control as u64 & DNP != 0);
            if !was && is {
                n.inside |= 1 << k;
            } else if was && !is {
                n.inside &= !(1 << k);
            }
            Ok(n)
        }))
    }

    /// Checks a state where nothing can move.
    fn check_final(&self, s: &State) -> Result<(), String> {
        if s.cons.iter().any(|c| c.op.is_some() || c.left != 0) {
            return Err(format!("deadlock: consumers {:?}", s.cons));
        }
        if s.next_item <= self.items || s.card != Card::Ld0 {
            return Err(format!(
                "card stuck before item {} (stalled={}, control={:#x})",
                s.next_item, s.stalled, s.control
            ));
        }
        if s.stalled || s.control != 0 || s.handler != Handler::Idle {
            return Err(format!(
                "stall not served: stalled={} control={:#x} handler={:?}",
                s.stalled, s.control, s.handler
            ));
        }
        // Drain what is left, oldest buffer first, as a dequeuer would.
        let mut chain = vec![SHAPE.first];
        loop {
            let next = link_next(word(s, SHAPE.word(*chain.last().unwrap(), LINK_WORD)));
            if next == 0 {
                break;
            }
            chain.push(next);
        }
        let mut left = Vec::new();
        for &b in chain.iter().rev() {
            let (mut i, tail) = (word(s, SHAPE.word(b, HEAD_WORD)), word(s, SHAPE.word(b, TAIL_WORD)));
            while i != tail {
                left.push(word(s, SHAPE.word(b, i)) as u8);
                i = next_index(i, LOG2);
            }
        }
        let want: Vec<u8> = (s.dequeued + 1..=self.items).collect();
        if left != want {
            return Err(format!("items left {left:?}, expected {want:?} (lost or duplicated)"));
        }
        Ok(())
    }

    /// Explores every interleaving; returns (states, final states) or the first violation
    /// with the trace that leads to it.
    fn explore(&self, init: State) -> Result<(usize, usize), String> {
        let succ = |s: &State, out: &mut Vec<Succ>| {
            out.extend(self.card_step(s));
            self.handler_steps(s, out);
            for k in 0..MAX_CONS {
                out.extend(self.consumer_step(s, k));
            }
        };
        let check = |s: &State, terminal: bool| if terminal { self.check_final(s) } else { Ok(()) };
        let g = explore::explore(init, false, succ, check, |t| {
            format!("  {:?} {:?} {:?} ctl={:#x} stalled={}", t.card, t.handler, t.cons, t.control, t.stalled)
        })?;
        Ok((g.ids.len(), g.finals))
    }
}

fn check_with(
    items: u8,
    consumers: usize,
    attempts: u8,
    mutations: Mutations,
    poll: bool,
) -> Result<(usize, usize), String> {
    let m = Model { items, mutations, poll };
    m.explore(m.initial(consumers, attempts))
}

fn check(items: u8, consumers: usize, attempts: u8, mutations: Mutations) -> Result<(usize, usize), String> {
    check_with(items, consumers, attempts, mutations, false)
}

#[test]
fn protocol_holds_two_consumers() {
    let (states, finals) = check(7, 2, 4, Mutations::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("2 consumers, 7 items: {states} states, {finals} final states");
    assert!(states > 10_000 && finals > 0);
}

#[test]
fn protocol_holds_one_consumer_long_run() {
    let (states, finals) = check(11, 1, 10, Mutations::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("1 consumer, 11 items: {states} states, {finals} final states");
    assert!(finals > 0);
}

#[test]
fn protocol_holds_three_consumers() {
    let (states, _) = check(6, 3, 2, Mutations::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("3 consumers, 6 items: {states} states");
}

#[test]
fn protocol_holds_with_polling_handler() {
    let (states, _) = check_with(6, 2, 3, Mutations::default(), true).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("2 consumers, 6 items, polling handler: {states} states");
}

#[test]
fn mutant_handler_ignoring_dnp_is_caught() {
    let m = Mutations { handler_ignores_dnp: true, ..Default::default() };
    let e = check(7, 2, 4, m).expect_err("the checker missed a handler that ignores DNP");
    eprintln!("caught: {}", e.lines().next().unwrap());
}

#[test]
fn mutant_dequeuer_ignoring_full_pending_is_caught() {
    let m = Mutations { dequeuer_ignores_full_pending: true, ..Default::default() };
    let e = check(7, 2, 4, m).expect_err("the checker missed a lost FULL_PENDING");
    assert!(e.contains("stuck") || e.contains("stall not served"), "{e}");
}

#[test]
fn mutant_extend_without_stall_check_is_caught() {
    // Only reachable when the handler acts on a STALLED read that a dequeuer's deferred
    // extension has since served: the polling handler of the driver.
    let m = Mutations { extend_skips_stall_check: true, ..Default::default() };
    let e = check_with(6, 2, 3, m, true).expect_err("the checker missed an extension of a running queue");
    eprintln!("caught: {}", e.lines().next().unwrap());
}

#[test]
fn mutant_dequeuer_ignoring_extending_is_caught() {
    let m = Mutations { dequeuer_ignores_extending: true, ..Default::default() };
    let e = check(7, 2, 4, m).expect_err("the checker missed a dequeuer entering during an extension");
    eprintln!("caught: {}", e.lines().next().unwrap());
}
