//! Exhaustive model check of the dequeue-vs-overflow-handler protocol (spec §9).
//!
//! The card, the overflow handler and the consumer threads are state machines whose steps are
//! the protocol's atomic actions (one memory word read or written, or one atomic update of
//! the control word). A depth-first search runs every interleaving (states are memoised) and
//! checks:
//! * FIFO without loss or duplication: the k-th item dequeued is item k, and at the end the
//!   items left in the chain (oldest buffer first) are exactly the ones not dequeued;
//! * the card never writes over an unconsumed item (it stalls in time);
//! * the handler never moves items while a dequeuer is inside (between DNP set and clear);
//! * nothing gets stuck: in every final state all consumers and the card have finished, the
//!   card is not stalled and the control word is clear (so every FULL_PENDING was served);
//! * no consumer follows a link to a retired buffer.
//!
//! Mutants of the protocol must each be caught, so the checker is shown able to fail.

use std::collections::HashSet;

/// Data slots per buffer (ring of SLOTS, one kept free: capacity SLOTS - 1).
const SLOTS: u8 = 3;
const MAX_BUFS: usize = 6;
const NONE: u8 = u8::MAX;

const LOCK: u8 = 1;
const DNP: u8 = 2;
const FULL_PENDING: u8 = 4;
const EXTENDING: u8 = 8;

fn nx(i: u8) -> u8 {
    (i + 1) % SLOTS
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct Buf {
    link: u8,
    head: u8,
    tail: u8,
    slots: [u8; SLOTS as usize],
}

const EMPTY_BUF: Buf = Buf { link: NONE, head: 0, tail: 0, slots: [0; SLOTS as usize] };

/// The extension steps (spec §9 *extend*), run by the handler or by a dequeuer.
#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Ext {
    /// Re-read STALLED; not stalled → done.
    CheckStalled,
    /// Allocate N, copy F's items into it, N.link = F.link.
    Copy,
    /// F.link = N.
    Link(u8),
    /// F.head = F.tail = first.
    Reset,
    /// RESUME.
    Resume,
    /// Clear EXTENDING.
    Clear,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Cons {
    Idle,
    Lock,
    SetDnp,
    WalkStart,
    Walk { prev: u8, cur: u8 },
    ReadHead { prev: u8, cur: u8 },
    ReadTail { prev: u8, cur: u8, h: u8 },
    Unlink { prev: u8, cur: u8 },
    ReadSlot { cur: u8, h: u8 },
    WriteHead { cur: u8, h: u8 },
    Leave,
    Extend(Ext),
    Unlock,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Handler {
    Idle,
    Check,
    /// Saw EXTENDING: the periodic poll comes back once it is clear.
    WaitPoll,
    Extend(Ext),
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
enum Card {
    Ld0,
    Rd0,
    Wr0 { t: u8 },
    Rd1 { t: u8 },
    Wr1 { t: u8, h: u8 },
}

#[derive(Clone, Copy, Debug, Default)]
struct Mutants {
    handler_ignores_dnp: bool,
    dequeuer_ignores_full_pending: bool,
    extend_skips_stall_check: bool,
    dequeuer_ignores_extending: bool,
}

#[derive(Clone, Hash, PartialEq, Eq, Debug)]
struct State {
    bufs: [Buf; MAX_BUFS],
    nbufs: u8,
    retired: u8,
    stalled: bool,
    irq: bool,
    control: u8,
    card: Card,
    next_item: u8,
    handler: Handler,
    cons: Vec<(Cons, u8)>,
    dequeued: u8,
}

struct Model {
    items: u8,
    mutants: Mutants,
    /// The handler also runs when a poll of STALLED finds the queue stalled (the driver's
    /// interrupt thread does this every tick), besides on the interrupt.
    poll: bool,
}

type Step = Result<State, String>;

impl Model {
    fn initial(&self, consumers: usize, attempts: u8) -> State {
        State {
            bufs: [EMPTY_BUF; MAX_BUFS],
            nbufs: 1,
            retired: 0,
            stalled: false,
            irq: false,
            control: 0,
            card: Card::Ld0,
            next_item: 1,
            handler: Handler::Idle,
            cons: vec![(Cons::Idle, attempts); consumers],
            dequeued: 0,
        }
    }

    fn inside(s: &State) -> bool {
        s.cons
            .iter()
            .any(|(c, _)| !matches!(c, Cons::Idle | Cons::Lock | Cons::SetDnp | Cons::Extend(_) | Cons::Unlock))
    }

    /// One extension step. `Ok(None)` = the extension finished (EXTENDING cleared).
    fn ext_step(&self, s: &mut State, e: Ext) -> Result<Option<Ext>, String> {
        Ok(match e {
            Ext::CheckStalled => {
                if s.stalled || self.mutants.extend_skips_stall_check {
                    Some(Ext::Copy)
                } else {
                    Some(Ext::Clear)
                }
            }
            Ext::Copy => {
                if Self::inside(s) {
                    return Err("extension moves items while a dequeuer is inside".into());
                }
                if s.nbufs as usize == MAX_BUFS {
                    return Err("model ran out of buffers (raise MAX_BUFS)".into());
                }
                let f = s.bufs[0];
                let mut n = EMPTY_BUF;
                let (mut i, mut j) = (f.head, 0);
                while i != f.tail {
                    n.slots[j as usize] = f.slots[i as usize];
                    i = nx(i);
                    j += 1;
                }
                n.tail = j;
                n.link = f.link;
                let id = s.nbufs;
                s.bufs[id as usize] = n;
                s.nbufs += 1;
                Some(Ext::Link(id))
            }
            Ext::Link(id) => {
                s.bufs[0].link = id;
                Some(Ext::Reset)
            }
            Ext::Reset => {
                s.bufs[0].head = 0;
                s.bufs[0].tail = 0;
                Some(Ext::Resume)
            }
            Ext::Resume => {
                s.stalled = false;
                Some(Ext::Clear)
            }
            Ext::Clear => {
                s.control &= !EXTENDING;
                None
            }
        })
    }

    fn card_step(&self, s: &State) -> Option<Step> {
        let mut n = s.clone();
        let f = &mut n.bufs[0];
        match s.card {
            Card::Ld0 => {
                if s.next_item > self.items || s.stalled {
                    return None;
                }
                n.card = Card::Rd0;
            }
            Card::Rd0 => n.card = Card::Wr0 { t: f.tail },
            Card::Wr0 { t } => {
                f.slots[t as usize] = s.next_item;
                n.card = Card::Rd1 { t };
            }
            Card::Rd1 { t } => n.card = Card::Wr1 { t, h: f.head },
            Card::Wr1 { t, h } => {
                let nt = nx(t);
                if nt == f.head {
                    return Some(Err(format!("card overwrote unconsumed items (item {})", s.next_item)));
                }
                f.tail = nt;
                if nx(nt) == h {
                    n.stalled = true;
                    n.irq = true;
                }
                n.next_item += 1;
                n.card = Card::Ld0;
            }
        }
        Some(Ok(n))
    }

    fn handler_steps(&self, s: &State, out: &mut Vec<Step>) {
        if s.handler == Handler::Idle {
            if s.irq {
                let mut n = s.clone();
                n.irq = false; // acknowledge (W1C)
                n.handler = Handler::Check;
                out.push(Ok(n));
            }
            if self.poll && s.stalled {
                let mut n = s.clone();
                n.handler = Handler::Check; // STALLED read set; acted on in later steps
                out.push(Ok(n));
            }
            return;
        }
        out.extend(self.handler_step(s));
    }

    fn handler_step(&self, s: &State) -> Option<Step> {
        let mut n = s.clone();
        match s.handler {
            Handler::Idle => unreachable!(),
            Handler::Check => {
                let c = s.control;
                if c & EXTENDING != 0 {
                    n.handler = Handler::WaitPoll;
                } else if c & DNP != 0 && !self.mutants.handler_ignores_dnp {
                    n.control |= FULL_PENDING;
                    n.handler = Handler::Idle;
                } else {
                    n.control |= EXTENDING;
                    n.handler = Handler::Extend(Ext::CheckStalled);
                }
            }
            Handler::WaitPoll => {
                if s.control & EXTENDING != 0 {
                    return None;
                }
                n.handler = Handler::Check;
            }
            Handler::Extend(e) => match self.ext_step(&mut n, e) {
                Err(m) => return Some(Err(m)),
                Ok(Some(e)) => n.handler = Handler::Extend(e),
                Ok(None) => n.handler = Handler::Idle,
            },
        }
        Some(Ok(n))
    }

    fn consumer_step(&self, s: &State, k: usize) -> Option<Step> {
        let mut n = s.clone();
        let (pc, left) = s.cons[k];
        let next = match pc {
            Cons::Idle => {
                if left == 0 {
                    return None;
                }
                Cons::Lock
            }
            Cons::Lock => {
                if s.control & LOCK != 0 {
                    return None;
                }
                n.control |= LOCK;
                Cons::SetDnp
            }
            Cons::SetDnp => {
                if s.control & EXTENDING != 0 && !self.mutants.dequeuer_ignores_extending {
                    return None;
                }
                n.control |= DNP;
                Cons::WalkStart
            }
            Cons::WalkStart => Cons::Walk { prev: NONE, cur: 0 },
            Cons::Walk { prev, cur } => {
                let l = s.bufs[cur as usize].link;
                if l == NONE {
                    Cons::ReadHead { prev, cur }
                } else {
                    if s.retired & (1 << l) != 0 {
                        return Some(Err(format!("consumer followed a link to retired buffer {l}")));
                    }
                    Cons::Walk { prev: cur, cur: l }
                }
            }
            Cons::ReadHead { prev, cur } => Cons::ReadTail { prev, cur, h: s.bufs[cur as usize].head },
            Cons::ReadTail { prev, cur, h } => {
                if h != s.bufs[cur as usize].tail {
                    Cons::ReadSlot { cur, h }
                } else if cur == 0 {
                    Cons::Leave // empty
                } else {
                    Cons::Unlink { prev, cur }
                }
            }
            Cons::Unlink { prev, cur } => {
                n.bufs[prev as usize].link = NONE;
                n.retired |= 1 << cur;
                Cons::WalkStart
            }
            Cons::ReadSlot { cur, h } => {
                let v = s.bufs[cur as usize].slots[h as usize];
                if v != s.dequeued + 1 {
                    return Some(Err(format!("dequeued item {v}, expected {}", s.dequeued + 1)));
                }
                n.dequeued += 1;
                Cons::WriteHead { cur, h }
            }
            Cons::WriteHead { cur, h } => {
                n.bufs[cur as usize].head = nx(h);
                Cons::Leave
            }
            Cons::Leave => {
                let c = s.control;
                if c & FULL_PENDING != 0 && !self.mutants.dequeuer_ignores_full_pending {
                    n.control = (c & !(DNP | FULL_PENDING)) | EXTENDING;
                    Cons::Extend(Ext::CheckStalled)
                } else {
                    n.control = c & !DNP;
                    Cons::Unlock
                }
            }
            Cons::Extend(e) => match self.ext_step(&mut n, e) {
                Err(m) => return Some(Err(m)),
                Ok(Some(e)) => Cons::Extend(e),
                Ok(None) => Cons::Unlock,
            },
            Cons::Unlock => {
                n.control &= !LOCK;
                n.cons[k].1 = left - 1;
                Cons::Idle
            }
        };
        n.cons[k].0 = next;
        Some(Ok(n))
    }

    /// Checks a state where nothing can move.
    fn check_final(&self, s: &State) -> Result<(), String> {
        if s.cons.iter().any(|&(c, left)| c != Cons::Idle || left != 0) {
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
        let mut chain = vec![0u8];
        while s.bufs[*chain.last().unwrap() as usize].link != NONE {
            chain.push(s.bufs[*chain.last().unwrap() as usize].link);
        }
        let mut left = Vec::new();
        for &b in chain.iter().rev() {
            let b = s.bufs[b as usize];
            let mut i = b.head;
            while i != b.tail {
                left.push(b.slots[i as usize]);
                i = nx(i);
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
        let mut seen: HashSet<State> = HashSet::new();
        let mut stack: Vec<(State, usize)> = vec![(init.clone(), 0)];
        let mut parents: std::collections::HashMap<State, State> = Default::default();
        seen.insert(init);
        let mut finals = 0;
        while let Some((s, _)) = stack.pop() {
            let mut succ = Vec::new();
            if let Some(r) = self.card_step(&s) {
                succ.push(r);
            }
            self.handler_steps(&s, &mut succ);
            for k in 0..s.cons.len() {
                if let Some(r) = self.consumer_step(&s, k) {
                    succ.push(r);
                }
            }
            let fail = |msg: String, parents: &std::collections::HashMap<State, State>| {
                let mut trace = vec![s.clone()];
                while let Some(p) = parents.get(trace.last().unwrap()) {
                    trace.push(p.clone());
                }
                let tail: Vec<String> = trace
                    .iter()
                    .take(12)
                    .map(|t| {
                        format!(
                            "  {:?} {:?} {:?} ctl={:#x} stalled={}",
                            t.card, t.handler, t.cons, t.control, t.stalled
                        )
                    })
                    .collect();
                format!("{msg}\nlast states (newest first):\n{}", tail.join("\n"))
            };
            if succ.is_empty() {
                finals += 1;
                if let Err(m) = self.check_final(&s) {
                    return Err(fail(m, &parents));
                }
            }
            for r in succ {
                match r {
                    Err(m) => return Err(fail(m, &parents)),
                    Ok(n) => {
                        if !seen.contains(&n) {
                            seen.insert(n.clone());
                            parents.insert(n.clone(), s.clone());
                            stack.push((n, 0));
                        }
                    }
                }
            }
        }
        Ok((seen.len(), finals))
    }
}

fn check(items: u8, consumers: usize, attempts: u8, mutants: Mutants) -> Result<(usize, usize), String> {
    check_with(items, consumers, attempts, mutants, false)
}

fn check_with(
    items: u8,
    consumers: usize,
    attempts: u8,
    mutants: Mutants,
    poll: bool,
) -> Result<(usize, usize), String> {
    let m = Model { items, mutants, poll };
    m.explore(m.initial(consumers, attempts))
}

#[test]
fn protocol_holds_two_consumers() {
    let (states, finals) = check(5, 2, 3, Mutants::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("2 consumers, 5 items: {states} states, {finals} final states");
    assert!(states > 10_000 && finals > 0);
}

#[test]
fn protocol_holds_one_consumer_long_run() {
    let (states, finals) = check(7, 1, 8, Mutants::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("1 consumer, 7 items: {states} states, {finals} final states");
    assert!(finals > 0);
}

#[test]
fn protocol_holds_three_consumers() {
    let (states, _) = check(4, 3, 2, Mutants::default()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("3 consumers, 4 items: {states} states");
}

#[test]
fn protocol_holds_with_polling_handler() {
    let (states, _) = check_with(5, 2, 3, Mutants::default(), true).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("2 consumers, 5 items, polling handler: {states} states");
}

#[test]
fn mutant_handler_ignoring_dnp_is_caught() {
    let m = Mutants { handler_ignores_dnp: true, ..Default::default() };
    let e = check(5, 2, 3, m).expect_err("the checker missed a handler that ignores DNP");
    eprintln!("caught: {}", e.lines().next().unwrap());
}

#[test]
fn mutant_dequeuer_ignoring_full_pending_is_caught() {
    let m = Mutants { dequeuer_ignores_full_pending: true, ..Default::default() };
    let e = check(5, 2, 3, m).expect_err("the checker missed a lost FULL_PENDING");
    assert!(e.contains("stuck") || e.contains("stall not served"), "{e}");
}

#[test]
fn mutant_extend_without_stall_check_is_caught() {
    // Only reachable when the handler acts on a STALLED read that a dequeuer's deferred
    // extension has since served: the polling handler of the driver.
    let m = Mutants { extend_skips_stall_check: true, ..Default::default() };
    let e = check_with(5, 2, 3, m, true).expect_err("the checker missed an extension of a running queue");
    eprintln!("caught: {}", e.lines().next().unwrap());
}

#[test]
fn mutant_dequeuer_ignoring_extending_is_caught() {
    let m = Mutants { dequeuer_ignores_extending: true, ..Default::default() };
    let e = check(5, 2, 3, m).expect_err("the checker missed a dequeuer entering during an extension");
    eprintln!("caught: {}", e.lines().next().unwrap());
}
