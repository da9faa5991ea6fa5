//! The handler of one queue (spec §9b, §9c) as a step machine: it keeps the queue's ring of
//! spare buffers on the card filled, takes note of each spare the card has switched into, and
//! extends a queue the card stalled (no spare in time) by linking a fresh buffer behind the
//! full one.

use super::{word, QueueMem, Step};
use crate::paper::queue::steps::mutant;
use renq_abi::buffer::{link_word, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::MAX_SPARE_RUN;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};

/// What the handler did with a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Served {
    /// Everything the queue needed: a switch taken note of, a stall ended by an extension, the
    /// next spare posted — or nothing (not exported, closed, already served).
    Done,
    /// Stalled, and no buffer for the extension (no DMA memory, or the queue's memory limit):
    /// still stalled; retry (the poll, or the consumer retiring a buffer).
    NoMemory,
    /// Served, but the ring of spares could not be filled (the memory limit, or no DMA
    /// memory): the card stalls once its buffer and the spares posted fill, unless more come
    /// first.
    NoSpare,
    /// The card did not answer a command: retry on the next poll.
    NoAnswer,
}

/// The handler for one queue: QUERY; for each spare the card used since (its SPARES count is
/// below the host's record) the oldest posted is the buffer the card writes now (`adopt`, in
/// order); if stalled, wait until memory TAIL of the full buffer shows the card's tail, then a
/// fresh buffer — the oldest spare taken back from the card if any is posted, else a new one
/// with its header (LINK 0, HEAD 3, TAIL 3) — LINK the full buffer to it and EXPORT it; then,
/// on a card with spares, post spares (header first) until `target` are posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OverflowOp {
    /// The buffer the card writes, as the host knows it (`card_buffer`).
    pub full: u64,
    /// Spares the host has posted (its record of the card's ring).
    pub posted: u16,
    /// Spares to keep posted (0: the card has none, CAPS.SPARES = 0); on a card with
    /// CAPS.ONE_RUN, the length of each run posted.
    target: u16,
    /// CAPS.ONE_RUN: the card holds one posted run at a time beside the run its queue is in,
    /// so a run is posted only while none waits (QUERY's WAITING), one per handler run.
    one_run: bool,
    /// A posted run waits (QUERY's WAITING, or this run posted one).
    waiting: bool,
    /// Switches QUERY showed that are not noted yet.
    to_adopt: u16,
    log2_words: u32,
    /// The card's tail and STALLED, from QUERY.
    tail: u64,
    stalled: bool,
    /// The buffer being prepared: the extension's, then the first of the next run of spares.
    fresh: u64,
    /// Buffers of the run being prepared (1 for the extension's), and the one whose header
    /// is being written.
    run: u16,
    at: u16,
    phase: Phase,
    /// No spare could be posted.
    no_spare: bool,
    pub pc: OvfPc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Extending with a buffer of its own (header written here).
    Extend,
    /// Extending with the spare taken back from the card (its header was written before it
    /// was posted).
    Retracted,
    /// Posting the next spare.
    Posting,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OvfPc {
    Query,
    /// The card switched into the oldest spare posted: under the command lock, it becomes
    /// `card_buffer` (once per switch).
    Adopt,
    /// Until memory TAIL = the card's tail (posted writes arrive in order: then every slot
    /// it covers is written).
    WaitTail,
    /// Stalled with spares posted (they came after the buffer filled): SPARE(VALID 0), and the
    /// oldest is the extension's buffer.
    Retract,
    Alloc,
    /// The header of buffer `at` of the run being prepared (one buffer but for spares).
    HeaderLink,
    HeaderHead,
    HeaderTail,
    Link,
    Export,
    /// The next run of spares: up to what the target still wants, at most `MAX_SPARE_RUN`.
    SpareAlloc,
    /// SPARE(q, the prepared run), one command.
    Post,
}

impl OverflowOp {
    /// The handler of a queue whose card writes `full`, with `posted` spares posted; `target`:
    /// the spares to keep posted (0 on a card without spares).
    pub fn new(full: u64, posted: u16, target: u16, log2_words: u32) -> OverflowOp {
        OverflowOp {
            full,
            posted,
            target,
            one_run: false,
            waiting: false,
            to_adopt: 0,
            log2_words,
            tail: 0,
            stalled: false,
            fresh: 0,
            run: 1,
            at: 0,
            phase: Phase::Extend,
            no_spare: false,
            pc: OvfPc::Query,
        }
    }

    /// On a card with CAPS.ONE_RUN (spec §9c).
    pub fn with_one_run(mut self, one_run: bool) -> Self {
        self.one_run = one_run;
        self
    }

    /// Buffers of the run being prepared (1 unless spares are posted as a run).
    pub fn run(&self) -> u16 {
        self.run
    }

    fn mask(&self) -> u64 {
        renq_abi::buffer::words(self.log2_words) - 1
    }

    /// The steps of the phase, in order (the mutants reorder).
    fn order(&self, mem: &impl QueueMem) -> &'static [OvfPc] {
        use OvfPc::*;
        match self.phase {
            Phase::Extend => match (mutant!(mem, header_after_link), mutant!(mem, export_before_header)) {
                (true, _) => &[Link, HeaderLink, HeaderHead, HeaderTail, Export],
                (_, true) => &[Export, HeaderLink, HeaderHead, HeaderTail, Link],
                _ => &[HeaderLink, HeaderHead, HeaderTail, Link, Export],
            },
            Phase::Retracted => &[Link, Export],
            Phase::Posting if mutant!(mem, spare_before_header) => &[Post, HeaderLink, HeaderHead, HeaderTail],
            Phase::Posting => &[HeaderLink, HeaderHead, HeaderTail, Post],
        }
    }

    /// After the QUERY (and the adoption of a switch): the stall first, then the spare.
    fn serve(&self, mem: &impl QueueMem) -> Option<OvfPc> {
        if !self.stalled {
            self.post_next(mem)
        } else if mutant!(mem, link_before_tail_wait) {
            Some(self.fresh_buffer())
        } else {
            Some(OvfPc::WaitTail)
        }
    }

    /// Where the extension's buffer comes from.
    fn fresh_buffer(&self) -> OvfPc {
        if self.posted != 0 {
            OvfPc::Retract
        } else {
            OvfPc::Alloc
        }
    }

    /// The buffer whose header is written now.
    fn header_at(&self) -> u64 {
        self.fresh + ((self.at as u64) << (self.log2_words + renq_abi::WORD_SHIFT))
    }

    fn post_next(&self, mem: &impl QueueMem) -> Option<OvfPc> {
        // A card with one run: the next run as soon as the queue entered the one posted, so
        // the driver has a whole run's time to post another.
        let waits = self.waiting && !mutant!(mem, run_while_waiting);
        let room = if self.one_run { self.target > 0 && !waits } else { self.posted < self.target };
        room.then_some(OvfPc::SpareAlloc)
    }

    /// The buffers of the next run: what the target still wants (on a card with one run, the
    /// target itself), at most `MAX_SPARE_RUN`.
    fn run_wanted(&self) -> u16 {
        let want = if self.one_run { self.target } else { self.target - self.posted };
        want.min(MAX_SPARE_RUN as u16)
    }

    /// The step after `done` in the phase's order (`None`: the phase is over). A run's
    /// headers are written buffer by buffer: after one's TAIL, the next one's LINK.
    fn after(&mut self, done: OvfPc, mem: &impl QueueMem) -> Option<OvfPc> {
        if done == OvfPc::HeaderTail && self.at + 1 < self.run {
            self.at += 1;
            return Some(OvfPc::HeaderLink);
        }
        let order = self.order(mem);
        match order.iter().position(|&p| p == done) {
            Some(i) if i + 1 < order.len() => Some(order[i + 1]),
            Some(_) => self.post_next(mem),
            None => Some(order[0]),
        }
    }

    /// `Wait`: memory TAIL is behind the card's (nothing changed; step again).
    #[inline]
    pub fn step(&mut self, mem: &mut impl QueueMem) -> Step<Served> {
        let log2 = self.log2_words;
        let next = match self.pc {
            OvfPc::Query => {
                let Some(state) = mem.query() else { return Step::Done(Served::NoAnswer) };
                if !state.valid() || mem.closed() {
                    return Step::Done(Served::Done);
                }
                self.stalled = state.stalled() || mutant!(mem, handler_skips_stall_check);
                self.waiting = state.waiting();
                self.tail = state.tail() & self.mask();
                let on_card = state.spares().min(self.posted as u64) as u16;
                if on_card < self.posted {
                    if mutant!(mem, handler_ignores_switch) {
                        self.posted = on_card; // as if the used ones had never been posted
                    } else {
                        (self.to_adopt, self.pc) = (self.posted - on_card, OvfPc::Adopt);
                        return Step::Pending;
                    }
                }
                self.serve(mem)
            }
            OvfPc::Adopt => {
                self.full = mem.adopt();
                self.posted -= 1;
                self.to_adopt -= 1;
                if self.to_adopt > 0 {
                    return Step::Pending;
                }
                self.serve(mem)
            }
            OvfPc::WaitTail => {
                if mem.load(word(self.full, TAIL_WORD), Acquire) & self.mask() != self.tail {
                    return Step::Wait;
                }
                Some(self.fresh_buffer())
            }
            OvfPc::Retract => {
                let Some(oldest) = mem.retract(!mutant!(mem, stalled_spare_kept)) else {
                    return Step::Done(Served::NoAnswer);
                };
                (self.fresh, self.run, self.at, self.posted, self.phase) = (oldest, 1, 0, 0, Phase::Retracted);
                self.waiting = false; // the card holds no spare now
                self.after(OvfPc::Alloc, mem)
            }
            OvfPc::Alloc => {
                let Some(fresh) = mem.alloc() else { return Step::Done(Served::NoMemory) };
                (self.fresh, self.run, self.at, self.phase) = (fresh, 1, 0, Phase::Extend);
                self.after(OvfPc::Alloc, mem)
            }
            OvfPc::SpareAlloc => match mem.alloc_run(self.run_wanted()) {
                None => {
                    self.no_spare = true;
                    None
                }
                Some((first, run)) => {
                    let at = if mutant!(mem, run_last_header_only) { run - 1 } else { 0 };
                    (self.fresh, self.run, self.at, self.phase) = (first, run, at, Phase::Posting);
                    self.after(OvfPc::SpareAlloc, mem)
                }
            },
            OvfPc::HeaderLink => {
                mem.store(word(self.header_at(), LINK_WORD), link_word(0, log2), Relaxed);
                self.after(OvfPc::HeaderLink, mem)
            }
            OvfPc::HeaderHead => {
                mem.store(word(self.header_at(), HEAD_WORD), FIRST_DATA_INDEX, Relaxed);
                self.after(OvfPc::HeaderHead, mem)
            }
            OvfPc::HeaderTail => {
                mem.store(word(self.header_at(), TAIL_WORD), FIRST_DATA_INDEX, Release);
                self.after(OvfPc::HeaderTail, mem)
            }
            // Release: the fresh header is visible before the link that reaches it.
            OvfPc::Link => {
                mem.chained(self.fresh);
                mem.store(word(self.full, LINK_WORD), link_word(self.fresh, log2), Release);
                self.after(OvfPc::Link, mem)
            }
            OvfPc::Export => {
                if !mem.export(self.fresh) {
                    return Step::Done(Served::NoAnswer);
                }
                self.after(OvfPc::Export, mem)
            }
            // The headers are written (Release) before the card can reach the run.
            OvfPc::Post => {
                if !mem.spare(self.fresh, self.run) {
                    return Step::Done(Served::NoAnswer);
                }
                self.posted += self.run;
                self.waiting = self.one_run;
                self.after(OvfPc::Post, mem)
            }
        };
        match next {
            Some(pc) => {
                self.pc = pc;
                Step::Pending
            }
            None if self.no_spare => Step::Done(Served::NoSpare),
            None => Step::Done(Served::Done),
        }
    }
}
