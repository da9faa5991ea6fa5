//! Exhaustive model check of the card's host-side queue protocol (spec §9b), run on the
//! driver's own step machines (`renq_driver::steps`: the code `Queue::dequeue_batch`
//! and `Queue::on_overflow` run), over a model memory laid out by `renq_abi`.
//!
//! Parties, each step one atomic action:
//! * the consumer: `DequeueOp` visits of `want` items (one buffer-word load or store a step),
//!   with (option `doorbell`) the head doorbell every `doorbell` items: one step takes the
//!   command lock and reads which buffer the card has, the next rings HEAD and releases it;
//!   the handler's QUERY and EXPORT wait while the consumer holds the lock;
//! * the overflow handler: `OverflowOp` (QUERY, one load of TAIL, allocation, one store a
//!   step, EXPORT), started by a stall in the card's OVERFLOW FIFO, and (option `sweep`) at
//!   any time, as the interrupt thread's LOST sweep and retries do;
//! * the card (hardware, so modelled here after `renq_sim::engine::model::Model` and spec
//!   §6a): its tail and free count live on the card; an item with a free slot is decided at
//!   once (tail, free − 1) and becomes two posted writes, slot then TAIL, in a write queue
//!   that memory performs in order, one write a step; with no free slot the card reads HEAD
//!   (one step), and if that frees nothing it stalls (an OVERFLOW entry) until an EXPORT,
//!   which restarts it empty in the new buffer; HEAD(head) from the doorbell sets free ←
//!   max(free, slots free by that head), as `Model` does, no memory read. Option
//!   `coalesce`: an item's TAIL write may be replaced by the next item's, as the RTL's
//!   coalescing does.
//!
//! A depth-first search runs every interleaving (states are memoised) and checks:
//! * every item dequeued exactly once and in order (the k-th item taken is item k, and never
//!   a slot the card has not written);
//! * the card never writes over an unconsumed item, outside its buffer's slots, or into a
//!   retired buffer; the consumer never touches a retired buffer (nor follows a link to one);
//! * the handler and the consumer never write the same word: the consumer writes only HEAD,
//!   the handler only the full buffer's LINK and the header of a buffer nobody reaches yet;
//! * nothing gets stuck: from every reachable state a final state is reachable in which all
//!   N items were appended and dequeued, the card is not stalled and its writes are done.
//!
//! The protocol's mutants (`Mutations`, the driver's `mutants` feature) must each be caught.

use renq_abi::buffer::{
    capacity, link_next, next_index, words, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, MIN_LOG2_WORDS, TAIL_WORD,
};
use renq_abi::state::QueueState;
use renq_abi::WORD_SHIFT;
use renq_driver::steps::{Cursor, DeqStep, DequeueOp, Mutations, OverflowOp, OvfPc, QueueMem, Served, Step};
use std::sync::atomic::Ordering;
use std::time::Instant;

mod explore;

/// The smallest buffer the ABI allows: 8 words, 5 slots, 4 usable.
const LOG2: u32 = MIN_LOG2_WORDS;
const WORDS: usize = words(LOG2) as usize;
const MASK: u64 = WORDS as u64 - 1;
const BUF_BYTES: u64 = (WORDS as u64) << WORD_SHIFT;
const MAX_BUFS: usize = 6;
/// The card's posted-write queue (entries: a slot write or a TAIL write).
const WQ: usize = 4;

/// Buffer b sits at `(b + 1) * BUF_BYTES` (aligned to its size, never 0 = "no next buffer").
fn base(b: u8) -> u64 {
    (b as u64 + 1) * BUF_BYTES
}

fn index_of(addr: u64) -> u8 {
    (addr / BUF_BYTES - 1) as u8
}

/// A posted write: buffer, word, value.
#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug, Default)]
struct Write {
    buf: u8,
    word: u8,
    value: u8,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct Card {
    /// The buffer its last EXPORT named; the card's own tail and free count.
    buf: u8,
    tail: u8,
    free: u8,
    stalled: bool,
    wq: [Write; WQ],
    wq_len: u8,
    /// The next item to append (1..=N); the sender retries refused items, so a stalled card
    /// simply waits with it.
    next_item: u8,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct Consumer {
    cursor: Cursor,
    op: Option<DequeueOp>,
    /// The last visit found nothing: it sleeps until another party changes something (a
    /// visit from the same state would find nothing again).
    asleep: bool,
    /// Another party moved during this visit (so a visit that found nothing does not sleep:
    /// what it read may be stale, as ARM's tail check would tell the real consumer).
    news: bool,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
struct State {
    mem: [[u16; WORDS]; MAX_BUFS],
    nbufs: u8,
    retired: u8,
    /// Buffers the consumer or the card can reach: the first, any LINKed, any EXPORTed.
    reachable: u8,
    card: Card,
    /// Stalls in the card's OVERFLOW FIFO not yet popped by the interrupt thread.
    overflows: u8,
    /// The host's `card_buffer`.
    card_buffer: u8,
    /// The consumer holds the command lock (its doorbell).
    cmd_lock: bool,
    handler: Option<OverflowOp>,
    cons: Consumer,
    dequeued: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Actor {
    Handler,
    Consumer,
}

/// The model memory one party's step runs against; records the first violation it sees.
struct ModelMem<'a> {
    s: &'a mut State,
    actor: Actor,
    ownership: bool,
    mutations: Mutations,
    violation: Option<String>,
}

impl ModelMem<'_> {
    fn fail(&mut self, m: String) {
        self.violation.get_or_insert(m);
    }
    fn locate(&mut self, addr: u64) -> Option<(u8, usize)> {
        let b = addr / BUF_BYTES;
        if !addr.is_multiple_of(8) || b == 0 || b > self.s.nbufs as u64 {
            self.fail(format!("{:?} accessed {addr:#x}, outside the allocated buffers", self.actor));
            return None;
        }
        let b = (b - 1) as u8;
        if self.s.retired & (1 << b) != 0 {
            self.fail(format!("{:?} accessed retired buffer {b} (a link to it was followed)", self.actor));
        }
        Some((b, ((addr % BUF_BYTES) >> WORD_SHIFT) as usize))
    }
}

impl QueueMem for ModelMem<'_> {
    fn load(&mut self, addr: u64, _: Ordering) -> u64 {
        self.locate(addr).map_or(0, |(b, w)| self.s.mem[b as usize][w] as u64)
    }
    fn store(&mut self, addr: u64, value: u64, _: Ordering) {
        let Some((b, w)) = self.locate(addr) else { return };
        let Ok(v) = u16::try_from(value) else {
            return self.fail(format!("value {value:#x} too wide for the model memory"));
        };
        let reachable = self.s.reachable & (1 << b) != 0;
        match self.actor {
            Actor::Consumer if w as u64 != HEAD_WORD => {
                self.fail(format!("the consumer wrote word {w} of buffer {b} (it owns only HEAD)"))
            }
            Actor::Handler if w as u64 == LINK_WORD && b == self.s.card_buffer => {}
            Actor::Handler if reachable && self.ownership => {
                self.fail(format!("the handler wrote word {w} of buffer {b}, which the consumer or the card can reach"))
            }
            _ => {}
        }
        if w as u64 == LINK_WORD && link_next(value) != 0 {
            self.s.reachable |= 1 << index_of(link_next(value));
        }
        self.s.mem[b as usize][w] = v;
    }
    fn query(&mut self) -> Option<QueueState> {
        let c = &self.s.card;
        let mut q = QueueState(0);
        q.set_valid(true);
        q.set_stalled(c.stalled);
        q.set_log2_words(LOG2 as u64);
        q.set_tail(c.tail as u64);
        q.set_free(c.free as u64);
        q.set_ready(true);
        Some(q)
    }
    fn export(&mut self, buffer: u64) -> bool {
        let Some((b, _)) = self.locate(buffer) else { return false };
        self.s.card_buffer = b;
        self.s.reachable |= 1 << b;
        // Model's EXPORT: the queue restarts empty in the new buffer, not stalled.
        let c = &mut self.s.card;
        (c.buf, c.tail, c.free, c.stalled) = (b, FIRST_DATA_INDEX as u8, capacity(LOG2) as u8, false);
        true
    }
    /// A finite DMA pool: `MAX_BUFS` buffers, never reused (reclamation is the epoch
    /// manager's, outside this protocol).
    fn alloc(&mut self) -> Option<u64> {
        let b = self.s.nbufs;
        if b as usize == MAX_BUFS {
            return None;
        }
        self.s.nbufs += 1;
        Some(base(b))
    }
    fn retire(&mut self, drained: u64, _next: u64) {
        if let Some((b, _)) = self.locate(drained) {
            self.s.retired |= 1 << b;
        }
    }
    fn lock_commands(&mut self) -> u64 {
        if self.s.cmd_lock {
            self.fail("the consumer took the command lock it holds".into());
        }
        self.s.cmd_lock = true;
        base(self.s.card_buffer)
    }
    /// Model's HEAD: free ← max(free, slots free by that head), no memory read.
    fn head_doorbell(&mut self, head: u64) -> bool {
        if !self.s.cmd_lock {
            self.fail("HEAD rung without the command lock".into());
        }
        let head = head & MASK;
        if head < FIRST_DATA_INDEX {
            self.fail(format!("the consumer rang HEAD {head}, not a slot"));
            return false;
        }
        let c = &mut self.s.card;
        c.free = (c.free as u64).max(free_from_head(head, c.tail as u64)) as u8;
        true
    }
    fn unlock_commands(&mut self) {
        if !self.s.cmd_lock {
            self.fail("the consumer released a command lock it does not hold".into());
        }
        self.s.cmd_lock = false;
    }
    fn mutations(&self) -> Mutations {
        self.mutations
    }
}

#[derive(Clone, Copy)]
struct Model {
    items: u8,
    /// Items a consumer visit asks for (`dequeue_batch` with `out.len()` = want).
    want: usize,
    coalesce: bool,
    sweep: bool,
    /// The consumer's head doorbell period (`DequeueOp::with_doorbell`; 0: off).
    doorbell: u32,
    /// Check that the handler writes no word the consumer or the card can reach but the full
    /// buffer's LINK (off: only the observable properties are checked).
    ownership: bool,
    mutations: Mutations,
}

type Succ = Result<State, String>;

/// Free slots a consumer head leaves (Model's `free_from_head`: one slot stays empty).
fn free_from_head(head: u64, tail: u64) -> u64 {
    let slots = WORDS as u64 - FIRST_DATA_INDEX;
    (head + slots - tail - 1) % slots
}

impl Model {
    fn initial(&self) -> State {
        let first = base(0);
        let mut s = State {
            mem: [[0; WORDS]; MAX_BUFS],
            nbufs: 1,
            retired: 0,
            reachable: 1,
            card: Card {
                buf: 0,
                tail: FIRST_DATA_INDEX as u8,
                free: capacity(LOG2) as u8,
                stalled: false,
                wq: [Write::default(); WQ],
                wq_len: 0,
                next_item: 1,
            },
            overflows: 0,
            card_buffer: 0,
            cmd_lock: false,
            handler: None,
            cons: Consumer { cursor: Cursor::new(first, FIRST_DATA_INDEX), op: None, asleep: false, news: false },
            dequeued: 0,
        };
        // The first buffer as `Queue::new` writes it, EXPORTed by `create_queue`.
        s.mem[0][LINK_WORD as usize] = renq_abi::buffer::link_word(0, LOG2) as u16;
        s.mem[0][HEAD_WORD as usize] = FIRST_DATA_INDEX as u16;
        s.mem[0][TAIL_WORD as usize] = FIRST_DATA_INDEX as u16;
        s
    }

    fn done(&self, s: &State) -> bool {
        s.dequeued == self.items
            && s.card.next_item > self.items
            && s.card.wq_len == 0
            && !s.card.stalled
            && s.handler.is_none()
            && s.cons.op.is_none()
    }

    fn card_steps(&self, s: &State, out: &mut Vec<Succ>) {
        let c = s.card;
        // Memory performs the oldest posted write.
        if c.wq_len > 0 {
            let mut n = *s;
            let w = c.wq[0];
            n.card.wq.copy_within(1.., 0);
            n.card.wq_len -= 1;
            let (b, i) = (w.buf as usize, w.word as usize);
            let old = s.mem[b][i];
            out.push(if s.retired & (1 << w.buf) != 0 {
                Err(format!("the card wrote retired buffer {b}"))
            } else if i as u64 != TAIL_WORD && !(FIRST_DATA_INDEX as usize..WORDS).contains(&i) {
                Err(format!("the card wrote word {i} of buffer {b}, not a slot"))
            } else if i as u64 != TAIL_WORD && old != 0 && old > s.dequeued as u16 {
                Err(format!("the card overwrote unconsumed item {old} with {} (buffer {b})", w.value))
            } else {
                n.mem[b][i] = w.value as u16;
                Ok(n)
            });
        }
        if c.stalled || c.next_item > self.items {
            return;
        }
        let mut n = *s;
        if c.free == 0 {
            // RD1: one read of HEAD; still full → stall (an OVERFLOW entry, the interrupt).
            let head = s.mem[c.buf as usize][HEAD_WORD as usize] as u64 & MASK;
            if head < FIRST_DATA_INDEX {
                return out.push(Err(format!("HEAD {head} of buffer {} is not a slot", c.buf)));
            }
            n.card.free = (c.free as u64).max(free_from_head(head, c.tail as u64)) as u8;
            if n.card.free == 0 {
                n.card.stalled = true;
                n.overflows = 1;
            }
            return out.push(Ok(n));
        }
        // RD0: slot = the card's tail; WR0 then WR1 into the write queue.
        let slot = Write { buf: c.buf, word: c.tail, value: c.next_item };
        let tail = next_index(c.tail as u64, LOG2) as u8;
        let publish = Write { buf: c.buf, word: TAIL_WORD as u8, value: tail };
        n.card.tail = tail;
        n.card.free -= 1;
        n.card.next_item += 1;
        let len = c.wq_len as usize;
        if len + 2 <= WQ {
            let mut m = n;
            m.card.wq[len] = slot;
            m.card.wq[len + 1] = publish;
            m.card.wq_len += 2;
            out.push(Ok(m));
        }
        // Coalescing: the previous item's TAIL write, still queued last, is replaced.
        if self.coalesce && len > 0 && len < WQ && c.wq[len - 1] == (Write { value: c.tail, ..publish }) {
            n.card.wq[len - 1] = slot;
            n.card.wq[len] = publish;
            n.card.wq_len += 1;
            out.push(Ok(n));
        }
    }

    /// Runs one step of a driver step machine on a copy of `s`. `None`: the step waits.
    fn driver_step<R>(
        &self,
        s: &State,
        actor: Actor,
        step: impl FnOnce(&mut ModelMem) -> (R, bool),
    ) -> Option<Result<(State, R), String>> {
        explore::driver_step(s, |n| {
            let mut mem =
                ModelMem { s: n, actor, ownership: self.ownership, mutations: self.mutations, violation: None };
            let (r, waits) = step(&mut mem);
            (r, waits, mem.violation)
        })
    }

    fn handler_steps(&self, s: &State, out: &mut Vec<Succ>) {
        let Some(mut op) = s.handler else {
            // The interrupt thread pops every stall of the queue and serves it once; a sweep
            // (LOST, retry) may serve it at any time.
            if s.overflows > 0 || self.sweep {
                let op = OverflowOp::new(base(s.card_buffer), LOG2);
                out.push(Ok(State { handler: Some(op), overflows: 0, ..*s }));
            }
            return;
        };
        // QUERY and EXPORT take the command lock: they wait while the consumer holds it.
        if s.cmd_lock && matches!(op.pc, OvfPc::Query | OvfPc::Export) {
            return;
        }
        let r = self.driver_step(s, Actor::Handler, |m| {
            let r = op.step(m);
            (r, r == Step::Wait)
        });
        out.extend(r.map(|r| {
            r.and_then(|(mut n, r)| {
                n.handler = match r {
                    Step::Pending | Step::Wait => Some(op),
                    Step::Done(Served::Extended | Served::NotStalled) => None,
                    // Still stalled: the interrupt thread keeps the queue and retries.
                    Step::Done(Served::NoMemory) => {
                        n.overflows = 1;
                        None
                    }
                    Step::Done(Served::NoAnswer) => return Err("QUERY or EXPORT not answered".into()),
                };
                Ok(n)
            })
        }));
    }

    fn consumer_step(&self, s: &State) -> Option<Succ> {
        let c = s.cons;
        let Some(mut op) = c.op else {
            if c.asleep {
                return None;
            }
            let mut n = *s;
            n.cons.op = Some(DequeueOp::new(c.cursor, LOG2, self.want).with_doorbell(self.doorbell));
            n.cons.news = false;
            return Some(Ok(n));
        };
        let r = self.driver_step(s, Actor::Consumer, |m| (op.step(m), false))?;
        Some(r.and_then(|(mut n, r)| {
            n.cons.op = Some(op);
            match r {
                DeqStep::Pending => {}
                DeqStep::Item(v) => {
                    let want = n.dequeued as u64 + 1;
                    if v == 0 || v < want {
                        return Err(format!("dequeued {v}, expected {want}: a slot the card had not written"));
                    }
                    if v != want {
                        return Err(format!("dequeued {v}, expected {want}: items lost"));
                    }
                    n.dequeued += 1;
                }
                DeqStep::Done => {
                    n.cons = Consumer { cursor: op.cursor, op: None, asleep: op.taken == 0 && !c.news, news: false };
                }
            }
            Ok(n)
        }))
    }

    /// A state's successors: the card's, the handler's, then the consumer's.
    fn successors(&self, s: &State, out: &mut Vec<Succ>) {
        self.card_steps(s, out);
        self.handler_steps(s, out);
        // Another party moved: a sleeping consumer looks again.
        for n in out.iter_mut().flatten() {
            n.cons.asleep = false;
            n.cons.news = n.cons.op.is_some();
        }
        out.extend(self.consumer_step(s));
    }

    /// Explores every interleaving; returns (states, max buffers allocated) or the first
    /// violation with the trace that leads to it.
    fn explore(&self) -> Result<(usize, u8), String> {
        let mut g =
            explore::explore(self.initial(), true, |s, out| self.successors(s, out), |s, _| free_is_true(s), describe)?;
        // Nothing stuck: every state reaches a done state.
        if let Some(k) = g.stuck(|s| self.done(s)) {
            let m = format!("stuck: a state from which no way leads to all {} items dequeued", self.items);
            return Err(g.trace(k, m, describe));
        }
        let max_bufs = g.ids.keys().filter(|s| self.done(s)).map(|s| s.nbufs).max().unwrap_or(0);
        Ok((g.ids.len(), max_bufs))
    }
}

/// The card's free count never exceeds the slots its buffer's HEAD word leaves free (the
/// consumer stores HEAD before it rings it), or the card would fill the slot that must stay
/// empty, then overwrite unread items.
fn free_is_true(s: &State) -> Result<(), String> {
    let c = &s.card;
    let head = s.mem[c.buf as usize][HEAD_WORD as usize] as u64;
    let free = free_from_head(head, c.tail as u64);
    if (c.free as u64) > free {
        return Err(format!(
            "the card counts {} free slots in buffer {}, its HEAD word ({head}) leaves {free}",
            c.free, c.buf
        ));
    }
    Ok(())
}

fn describe(t: &State) -> String {
    format!(
        "  card {:?} overflows {} card_buffer {} cmd_lock {}\n    handler {:?}\n    consumer {:?} dequeued={}",
        t.card, t.overflows, t.card_buffer, t.cmd_lock, t.handler, t.cons, t.dequeued
    )
}

/// 13 items through buffers of 4 usable slots: up to three extensions when the consumer falls
/// behind.
const ITEMS: u8 = 13;

fn model(items: u8, want: usize, sweep: bool, mutations: Mutations) -> Model {
    Model { items, want, coalesce: true, sweep, doorbell: 0, ownership: true, mutations }
}

fn holds(m: Model) {
    let t0 = Instant::now();
    let (states, max_bufs) = m.explore().unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "v2 protocol, {} items, visits of {}, doorbell every {} (0: off), handler on {}: {states} states explored in {:.1} s, up to {} extensions",
        m.items,
        m.want,
        m.doorbell,
        if m.sweep { "OVERFLOW and any time (sweep)" } else { "OVERFLOW" },
        t0.elapsed().as_secs_f64(),
        max_bufs - 1
    );
    assert!(max_bufs >= 3, "the check must reach at least two extensions");
}

#[test]
fn protocol_holds_one_item_per_visit() {
    holds(model(ITEMS, 1, true, Mutations::default()));
}

#[test]
fn protocol_holds_batches() {
    // 11 items (two extensions): 13 in visits of 3 take 5 million states and 3 GB.
    holds(model(11, 3, true, Mutations::default()));
}

#[test]
fn protocol_holds_handler_on_overflow_only() {
    holds(model(ITEMS, 2, false, Mutations::default()));
}

/// The head doorbell after every item: the consumer rings HEAD as often as it can, in every
/// interleaving with the handler's QUERY, LINK and EXPORT.
#[test]
fn protocol_holds_with_head_doorbell_every_item() {
    holds(Model { doorbell: 1, ..model(ITEMS, 1, true, Mutations::default()) });
}

#[test]
fn protocol_holds_with_head_doorbell_batches() {
    holds(Model { doorbell: 2, ..model(11, 2, false, Mutations::default()) });
}

/// Each mutant is caught twice: with every check, and with only the observable ones (order,
/// loss, duplication, unwritten slots, card writes, HEAD the card reads, nothing stuck; the
/// card's free count against its buffer's HEAD word is checked in both).
fn caught(m: Mutations, why: &str) {
    caught_with(m, 0, why)
}

fn caught_with(m: Mutations, doorbell: u32, why: &str) {
    for ownership in [true, false] {
        let md = Model { ownership, doorbell, ..model(9, 2, true, m) };
        let e = md.explore().expect_err(why);
        eprintln!("caught {m:?} (ownership check {ownership}): {}", e.lines().next().unwrap());
        if std::env::var_os("RENQ_TRACE").is_some() {
            eprintln!("{e}");
        }
    }
}

#[test]
fn mutant_link_before_tail_wait_is_caught() {
    let m = Mutations { link_before_tail_wait: true, ..Default::default() };
    caught(m, "the checker missed a LINK before the card's last writes landed");
}

#[test]
fn mutant_header_after_link_is_caught() {
    let m = Mutations { header_after_link: true, ..Default::default() };
    caught(m, "the checker missed a fresh header written after the LINK");
}

#[test]
fn mutant_export_before_header_is_caught() {
    let m = Mutations { export_before_header: true, ..Default::default() };
    caught(m, "the checker missed an EXPORT before the fresh header");
}

#[test]
fn mutant_handler_skipping_stall_check_is_caught() {
    let m = Mutations { handler_skips_stall_check: true, ..Default::default() };
    caught(m, "the checker missed an extension of a queue that is not stalled");
}

#[test]
fn mutant_consumer_skipping_tail_recheck_is_caught() {
    let m = Mutations { consumer_skips_tail_recheck: true, ..Default::default() };
    caught(m, "the checker missed a consumer moving on without reading TAIL again");
}

#[test]
fn mutant_doorbell_skipping_buffer_check_is_caught() {
    let m = Mutations { doorbell_skips_buffer_check: true, ..Default::default() };
    caught_with(m, 1, "the checker missed a head doorbell rung for a buffer the card no longer writes");
}

#[test]
fn mutant_doorbell_relocking_is_caught() {
    let m = Mutations { doorbell_relocks: true, ..Default::default() };
    caught_with(m, 1, "the checker missed a head doorbell checked and rung under two holds of the lock");
}
