//! The model the §9b/§9c interleaving check (`protocol_model.rs`) explores: a model memory laid
//! out by `renq_abi`, the card (after `renq_sim::engine::model::Model`), and the driver's own
//! step machines (`renq_driver::steps`) run one step at a time against them.
//!
//! The model memory the driver's steps run against is in `memory`, the card in `card`.

use crate::explore;
use card::{free_from_head, Card, Write};
use memory::ModelMem;

mod card;
mod memory;
use renq_abi::buffer::{
    capacity, link_next, link_word, words, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, MIN_LOG2_WORDS, TAIL_WORD,
};
use renq_abi::WORD_SHIFT;
use renq_driver::steps::{
    arm, Cursor, DeqStep, DequeueOp, Mutations, OverflowOp, OvfPc, Served, SleepOp, SleepPc, Step,
};

/// The smallest buffer the ABI allows: 8 words, 5 slots, 4 usable.
pub const LOG2: u32 = MIN_LOG2_WORDS;
const WORDS: usize = words(LOG2) as usize;
const MASK: u64 = WORDS as u64 - 1;
const BUF_BYTES: u64 = (WORDS as u64) << WORD_SHIFT;
pub const MAX_BUFS: u8 = 6;
/// The card's posted-write queue (entries: a slot, TAIL or LINK write) as items fill it; an
/// ARM's notify-only entry and a SPARE that switches at once add one each behind them.
const WQ: usize = 4;
/// No buffer (a spare not posted).
const NONE: u8 = u8::MAX;
/// The most spares the card's ring holds in the model (`Model::spares` ≤ this; with one run at
/// a time, 2 · `Model::spares` − 1 ≤ this).
pub const RING: usize = 3;

/// Buffer b sits at `(b + 1) * BUF_BYTES` (aligned to its size, never 0 = "no next buffer").
fn base(b: u8) -> u64 {
    (b as u64 + 1) * BUF_BYTES
}

fn index_of(addr: u64) -> u8 {
    (addr / BUF_BYTES - 1) as u8
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
    /// With `Model::sleep`: where `dequeue_until` is (the driver's `SleepOp`; its looks are
    /// the visits), and whether a NOTIFY came since it read the wake generation.
    sleep: SleepOp,
    woken: bool,
}

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
pub struct State {
    mem: [[u16; WORDS]; MAX_BUFS as usize],
    nbufs: u8,
    retired: u8,
    /// Buffers the consumer or the card can reach: the first, any LINKed, EXPORTed or posted.
    reachable: u8,
    card: Card,
    /// An OVERFLOW entry (a stall or a switch) not yet popped by the interrupt thread, or a
    /// consumer's wake-up of the handler (it retired a buffer while no spare was posted).
    overflows: u8,
    /// The host's `card_buffer` and its record of the spares posted, oldest first.
    card_buffer: u8,
    host_spares: [u8; RING],
    host_n: u8,
    /// Spares taken back from the card and not posted again: the next allocations.
    kept: u8,
    /// The consumer holds the command lock (its doorbell).
    cmd_lock: bool,
    handler: Option<OverflowOp>,
    cons: Consumer,
    dequeued: u8,
    /// Switches the card made, extensions the handler made (for the report).
    switches: u8,
    extends: u8,
}

impl State {
    /// Buffers allocated and not retired (the chain and the spares: the memory limit's count;
    /// kept ones are not counted, as in `Queue`).
    fn live(&self) -> u8 {
        self.nbufs - self.retired.count_ones() as u8 - self.kept.count_ones() as u8
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Actor {
    Handler,
    Consumer,
}

#[derive(Clone, Copy, Debug)]
pub struct Model {
    pub items: u8,
    /// Items a consumer visit asks for (`dequeue_batch` with `out.len()` = want).
    pub want: usize,
    pub coalesce: bool,
    pub sweep: bool,
    /// The consumer's head doorbell period (`DequeueOp::with_doorbell`; 0: off).
    pub doorbell: u32,
    /// The spares the card's ring holds (CAPS.SPARES, at most `RING`; 0: none): the handler
    /// keeps that many posted, the card switches into the oldest.
    pub spares: u8,
    /// The card holds one posted run at a time (CAPS.ONE_RUN, the RTL's, spec §9c): the
    /// handler posts runs of `spares` buffers, each once the card entered the one before.
    pub one_run: bool,
    /// The card applies a HEAD only if the buffer it names is the one it writes (spec §9c;
    /// off: a broken card, to show what the rule is for).
    pub card_checks_address: bool,
    /// The queue's memory limit, in buffers allocated and not retired.
    pub limit: u8,
    /// Check that the handler writes no word the consumer or the card can reach but the full
    /// buffer's LINK (off: only the observable properties are checked).
    pub ownership: bool,
    /// The consumer sleeps as `dequeue_until` does (the driver's `SleepOp`: ARM, look again,
    /// wait for NOTIFY), woken only by its queue's NOTIFY; off: a consumer that found nothing
    /// looks again whenever another party has moved (a spinning consumer, or one woken by any
    /// queue's NOTIFY).
    pub sleep: bool,
    pub mutations: Mutations,
}

type Succ = Result<State, String>;

impl Model {
    fn initial(&self) -> State {
        let first = base(0);
        let mut s = State {
            mem: [[0; WORDS]; MAX_BUFS as usize],
            nbufs: 1,
            retired: 0,
            reachable: 1,
            card: Card {
                buf: 0,
                tail: FIRST_DATA_INDEX as u8,
                free: capacity(LOG2) as u8,
                stalled: false,
                armed: false,
                spares: [NONE; RING],
                nspares: 0,
                wait_at: NONE,
                wq: [Write::default(); WQ + 2],
                wq_len: 0,
                next_item: 1,
            },
            overflows: 0,
            card_buffer: 0,
            host_spares: [NONE; RING],
            host_n: 0,
            kept: 0,
            cmd_lock: false,
            handler: None,
            cons: Consumer {
                cursor: Cursor::new(first, FIRST_DATA_INDEX),
                op: None,
                asleep: false,
                news: false,
                sleep: self.sleep_op(),
                woken: false,
            },
            dequeued: 0,
            switches: 0,
            extends: 0,
        };
        // The first buffer as `Queue::new` writes it, EXPORTed by `create_queue`; on a card
        // with spares, the spares `create_queue` posts (headers first) before it returns.
        let header = |b: &mut [u16; WORDS]| {
            b[LINK_WORD as usize] = link_word(0, LOG2) as u16;
            b[HEAD_WORD as usize] = FIRST_DATA_INDEX as u16;
            b[TAIL_WORD as usize] = FIRST_DATA_INDEX as u16;
        };
        // The pool's buffers are not zeroed (`alloc_unzeroed`): what a previous owner left
        // there — a LINK, a HEAD and a TAIL that shows three items — until the handler
        // writes the header (the slots are 0, never an item).
        for m in &mut s.mem[1..] {
            m[LINK_WORD as usize] = link_word(first, LOG2) as u16;
            m[HEAD_WORD as usize] = FIRST_DATA_INDEX as u16 + 1;
            m[TAIL_WORD as usize] = FIRST_DATA_INDEX as u16 + 3;
        }
        header(&mut s.mem[0]);
        for b in 1..=self.spares {
            header(&mut s.mem[b as usize]);
            s.card.post(b);
            s.host_spares[b as usize - 1] = b;
            (s.nbufs, s.reachable, s.host_n) = (b + 1, s.reachable | 1 << b, b);
        }
        if self.one_run && self.spares > 0 {
            s.card.wait_at = 0; // one run, posted by `create_queue`
        }
        s
    }

    pub fn done(&self, s: &State) -> bool {
        s.dequeued == self.items
            && s.card.next_item > self.items
            && s.card.wq_len == 0
            && !s.card.stalled
            && s.handler.is_none()
            && s.cons.op.is_none()
    }

    /// Runs one step of a driver step machine on a copy of `s`. `None`: the step waits.
    fn driver_step<R>(
        &self,
        s: &State,
        actor: Actor,
        step: impl FnOnce(&mut ModelMem) -> (R, bool),
    ) -> Option<Result<(State, R), String>> {
        explore::driver_step(s, |n| {
            let mut mem = ModelMem { s: n, m: self, actor, violation: None };
            let (r, waits) = step(&mut mem);
            (r, waits, mem.violation)
        })
    }

    fn handler_steps(&self, s: &State, out: &mut Vec<Succ>) {
        let Some(mut op) = s.handler else {
            // The interrupt thread pops every entry of the queue and serves it once; a sweep
            // (LOST, retry) may serve it at any time.
            if s.overflows > 0 || self.sweep {
                let op = OverflowOp::new(base(s.card_buffer), s.host_n as u16, self.spares as u16, LOG2)
                    .with_one_run(self.one_run);
                out.push(Ok(State { handler: Some(op), overflows: 0, ..*s }));
            }
            return;
        };
        // Commands and the note of a switch take the command lock: they wait while the
        // consumer holds it.
        if s.cmd_lock && matches!(op.pc, OvfPc::Query | OvfPc::Adopt | OvfPc::Retract | OvfPc::Export | OvfPc::Post) {
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
                    // No spare at the limit: the consumer's next retirement wakes the handler.
                    Step::Done(Served::Done | Served::NoSpare) => None,
                    // Still stalled: the interrupt thread keeps the queue and retries.
                    Step::Done(Served::NoMemory) => {
                        n.overflows = 1;
                        None
                    }
                    Step::Done(Served::NoAnswer) => return Err("a command not answered".into()),
                };
                Ok(n)
            })
        }));
    }

    fn sleep_op(&self) -> SleepOp {
        SleepOp::new().with_mutations(self.mutations)
    }

    /// A consumer visit (`dequeue_batch`) from `cursor`.
    fn visit(&self, cursor: Cursor) -> DequeueOp {
        DequeueOp::new(cursor, LOG2, self.want).with_doorbell(self.doorbell)
    }

    fn consumer_step(&self, s: &State) -> Option<Succ> {
        let c = s.cons;
        let Some(mut op) = c.op else {
            if self.sleep {
                return self.sleep_step(s);
            }
            if c.asleep {
                return None;
            }
            let mut n = *s;
            n.cons.op = Some(self.visit(c.cursor));
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
                DeqStep::Done if self.sleep => {
                    (n.cons.cursor, n.cons.op) = (op.cursor, None);
                    n.cons.sleep.looked(op.taken > 0);
                    if n.cons.sleep.pc == SleepPc::Found {
                        n.cons.sleep = self.sleep_op(); // the item returned: the next call starts over
                    }
                }
                DeqStep::Done => {
                    n.cons =
                        Consumer { cursor: op.cursor, op: None, asleep: op.taken == 0 && !c.news, news: false, ..c };
                }
            }
            Ok(n)
        }))
    }

    /// The sleeping consumer between its looks (`Model::sleep`): a look is a visit; reading
    /// the generation forgets earlier NOTIFYs; ARM is one command (the card decides it at
    /// once, `Card::arm`), under the command lock; the wait lasts until a NOTIFY.
    fn sleep_step(&self, s: &State) -> Option<Succ> {
        let mut n = *s;
        match s.cons.sleep.pc {
            SleepPc::Look | SleepPc::Recheck => {
                n.cons.op = Some(self.visit(s.cons.cursor));
                return Some(Ok(n));
            }
            SleepPc::Generation => n.cons.woken = false,
            // The driver's `steps::arm`: one step, its hold of the command lock included.
            SleepPc::Arm => {
                let cursor = s.cons.cursor;
                let r = self.driver_step(s, Actor::Consumer, |m| {
                    let armed = arm(m, &cursor);
                    (armed, !armed)
                })?;
                n = match r {
                    Ok((n, _)) => n,
                    Err(e) => return Some(Err(e)),
                };
            }
            SleepPc::Wait if s.cons.woken => {}
            SleepPc::Wait | SleepPc::Found => return None,
        }
        n.cons.sleep.advance();
        Some(Ok(n))
    }

    /// A state's successors: the card's, the handler's, then the consumer's.
    fn successors(&self, s: &State, out: &mut Vec<Succ>) {
        self.card_steps(s, out);
        self.handler_steps(s, out);
        // Another party moved: a sleeping consumer looks again (unless it sleeps on NOTIFY).
        if !self.sleep {
            for n in out.iter_mut().flatten() {
                n.cons.asleep = false;
                n.cons.news = n.cons.op.is_some();
            }
        }
        out.extend(self.consumer_step(s));
    }

    /// Explores every interleaving; returns what it saw or the first violation with the trace
    /// that leads to it.
    pub fn explore(&self) -> Result<Explored, String> {
        let check = |s: &State, _| free_is_true(s).and_then(|_| spare_is_free(s));
        let mut g = explore::explore(self.initial(), true, |s, out| self.successors(s, out), check, describe)?;
        // Nothing stuck: every state reaches a done state.
        if let Some(k) = g.stuck(|s| self.done(s)) {
            let m = format!("stuck: a state from which no way leads to all {} items dequeued", self.items);
            return Err(g.trace(k, m, describe));
        }
        let done = || g.ids.keys().filter(|s| self.done(s));
        Ok(Explored {
            states: g.ids.len(),
            max_bufs: done().map(|s| s.nbufs).max().unwrap_or(0),
            max_switches: done().map(|s| s.switches).max().unwrap_or(0),
            max_extends: done().map(|s| s.extends).max().unwrap_or(0),
            max_run: g.ids.keys().filter_map(|s| s.handler.map(|h| h.run())).max().unwrap_or(0),
        })
    }
}

/// What an exploration saw: its states, and the most buffers allocated, switches the card made
/// and extensions the handler made on a way to a done state, and the longest run of spares.
#[derive(Debug)]
pub struct Explored {
    pub states: usize,
    pub max_bufs: u8,
    pub max_switches: u8,
    pub max_extends: u8,
    /// The most spares the handler prepared for one SPARE (a run, spec §9c).
    pub max_run: u16,
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

/// Each of the card's spares is a buffer of its own: not the one it writes, not one it wrote
/// (it would switch into it and write over its items or LINK it to itself), not retired, and
/// in the ring once.
fn spare_is_free(s: &State) -> Result<(), String> {
    let ring = &s.card.spares[..s.card.nspares as usize];
    for (i, &spare) in ring.iter().enumerate() {
        let linked = s.mem[..s.nbufs as usize].iter().any(|b| link_next(b[LINK_WORD as usize] as u64) == base(spare));
        if spare == s.card.buf || linked || s.retired & 1 << spare != 0 || ring[..i].contains(&spare) {
            return Err(format!(
                "the card's spare is buffer {spare}, which it writes, wrote or holds twice (card in {}, ring {ring:?})",
                s.card.buf
            ));
        }
    }
    Ok(())
}

fn describe(t: &State) -> String {
    format!(
        "  card {:?} overflows {} card_buffer {} host_spares {:?} cmd_lock {} bufs {} retired {:#b} kept {:#b}\n    handler {:?}\n    consumer {:?} dequeued={}",
        t.card, t.overflows, t.card_buffer, &t.host_spares[..t.host_n as usize], t.cmd_lock, t.nbufs, t.retired, t.kept, t.handler, t.cons, t.dequeued
    )
}
