//! The dequeue and extend protocol of spec §9 as step machines. Each `step` performs exactly
//! one atomic action on a [`ProtocolMem`] — one load or store of a buffer word, one atomic
//! read-modify-write of the control word, or one card register access — so the same code is
//! run to completion by [`super::PaperQueue`] against the DMA region and the real card, and
//! explored interleaving by interleaving by the model check (`driver/tests/protocol_model.rs`).
//! The one exception is [`ExtPc::Copy`], see there.

use renq_abi::buffer::{
    link_next, link_word, next_index, FIRST_DATA_INDEX, HEAD_WORD, INDEX_MASK, LINK_WORD, TAIL_WORD,
};
use renq_abi::paper::control::{DNP, EXTENDING, FULL_PENDING, LOCK};
use renq_abi::WORD_SHIFT;
use std::sync::atomic::Ordering::{self, Acquire, Relaxed, Release, SeqCst};

/// Longest chain a walk follows: a corrupted LINK word must not hang a dequeuer.
pub const MAX_CHAIN: usize = 1 << 20;

/// What the overflow handler did with one OVERFLOW of a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverflowAction {
    /// Extended the queue and resumed the card.
    Extended,
    /// A dequeuer was inside (DNP): FULL_PENDING set, the dequeuer extends on its way out.
    Deferred,
    /// Someone else is extending right now (or already did and resumed).
    Busy,
    /// The queue was no longer stalled when checked under EXTENDING.
    NotStalled,
    /// No DMA memory for a new buffer, and the first buffer is still full: left stalled
    /// (the interrupt thread retries; nothing is lost, senders wait).
    NoMemory,
}

/// Events the step machines report for statistics; no protocol effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    Deferred,
    PendingServed,
    Extended { moved: u64 },
    ResumedWithoutExtend,
    AllocFailure,
}

/// Broken variants of the protocol, for showing that the model check catches each of them.
#[cfg(feature = "mutants")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mutations {
    /// The handler extends even while a dequeuer is inside.
    pub handler_ignores_dnp: bool,
    /// A leaving dequeuer does not serve the FULL_PENDING the handler left it.
    pub dequeuer_ignores_full_pending: bool,
    /// An extension does not re-read STALLED (serves a stall that was already served).
    pub extend_skips_stall_check: bool,
    /// A dequeuer sets DNP while an extension runs.
    pub dequeuer_ignores_extending: bool,
}

/// A switch of [`Mutations`] (or of `crate::steps::Mutations`: any `mutations()` with that field);
/// always off (and compiled out) without the `mutants` feature.
#[cfg(feature = "mutants")]
macro_rules! mutant {
    ($mem:expr, $m:ident) => {
        $mem.mutations().$m
    };
}
#[cfg(not(feature = "mutants"))]
macro_rules! mutant {
    ($mem:expr, $m:ident) => {{
        let _ = &$mem;
        false
    }};
}
pub(crate) use mutant;

/// What the protocol touches: buffer words by device address, the queue's control word, the
/// card's STALLED/RESUME for this queue, and the buffer allocator.
pub trait ProtocolMem {
    fn load(&mut self, addr: u64, order: Ordering) -> u64;
    fn store(&mut self, addr: u64, value: u64, order: Ordering);
    /// One atomic update of the control word: `f` returns the new value or `None` to leave
    /// it; returns the previous value (`Err` when `f` declined).
    fn ctl_update(&mut self, f: impl FnMut(u64) -> Option<u64>) -> Result<u64, u64>;
    fn ctl_fetch_or(&mut self, bits: u64, _order: Ordering) -> u64 {
        self.ctl_update(|c| Some(c | bits)).unwrap_or_else(|c| c)
    }
    fn ctl_fetch_and(&mut self, mask: u64, _order: Ordering) -> u64 {
        self.ctl_update(|c| Some(c & mask)).unwrap_or_else(|c| c)
    }
    /// STALLED[q] (one register read).
    fn stalled(&mut self) -> bool;
    /// RESUME q (one register write); everything stored before must be visible to the card.
    fn resume(&mut self);
    /// A zeroed buffer of the queue's size, or `None` when out of memory.
    fn alloc(&mut self) -> Option<u64>;
    /// Hands an unlinked buffer to reclamation (no memory access).
    fn retire(&mut self, base: u64);
    fn note(&mut self, _event: Note) {}
    #[cfg(feature = "mutants")]
    fn mutations(&self) -> Mutations {
        Mutations::default()
    }
}

/// The queue's fixed shape: its first buffer F and the size of every buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub first: u64,
    pub log2_words: u32,
}

impl Shape {
    #[inline(always)]
    pub fn word(&self, base: u64, index: u64) -> u64 {
        base | (index << WORD_SHIFT)
    }
}

/// Outcome of one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<T> {
    /// Made progress; step again.
    Pending,
    /// Blocked on another party (nothing changed); back off and step again.
    Wait,
    Done(T),
}

/// One dequeuer's visit: lock, enter (DNP), take up to `want` items, leave (serving
/// FULL_PENDING), unlock. The registers of the walk are plain fields beside a field-less `pc`,
/// so the running driver keeps them in CPU registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DequeueOp {
    pub want: usize,
    pub taken: usize,
    pub pc: DeqPc,
    /// The buffer the walk is at, and its predecessor (`None`: `cur` is F).
    prev: Option<u64>,
    cur: u64,
    hops: u32,
    /// `cur`'s head index, then the item read at it.
    head: u64,
    value: u64,
    ext: ExtendOp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeqPc {
    Lock,
    Enter,
    /// Reading `cur`'s LINK to find the last (oldest) buffer.
    Walk,
    ReadHead,
    ReadTail,
    /// `cur` is drained and not F: unlink it from `prev`.
    Unlink,
    ReadSlot,
    WriteHead,
    Leave,
    Extend,
    Unlock,
}

/// A dequeue step's outcome: `Item` is one item taken (its head already written back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeqStep {
    Pending,
    Wait,
    Item(u64),
    /// Finished (LOCK released).
    Done,
}

impl DequeueOp {
    pub fn new(want: usize) -> DequeueOp {
        DequeueOp {
            want,
            taken: 0,
            pc: DeqPc::Lock,
            prev: None,
            cur: 0,
            hops: 0,
            head: 0,
            value: 0,
            ext: ExtendOp::new(),
        }
    }

    /// Inside the queue with nothing left to do but leave: where `PaperQueue::inside_dequeue` runs
    /// its closure.
    pub fn at_leave(&self) -> bool {
        self.pc == DeqPc::Leave
    }

    /// (Re)starts the walk from F.
    #[inline(always)]
    fn walk(&mut self, q: Shape) -> DeqPc {
        (self.prev, self.cur, self.hops) = (None, q.first, 0);
        DeqPc::Walk
    }

    /// Done with the buffers: forget the walk (so finished visits compare equal).
    #[inline(always)]
    fn leave(&mut self) -> DeqPc {
        (self.prev, self.cur, self.hops, self.head, self.value) = (None, 0, 0, 0, 0);
        DeqPc::Leave
    }

    #[inline]
    pub fn step(&mut self, q: Shape, mem: &mut impl ProtocolMem) -> DeqStep {
        let log2 = q.log2_words;
        self.pc = match self.pc {
            DeqPc::Lock => {
                if mem.ctl_fetch_or(LOCK, Acquire) & LOCK != 0 {
                    return DeqStep::Wait;
                }
                DeqPc::Enter
            }
            // DNP only once no extension runs: from here until Leave the handler does not move
            // items (it sets FULL_PENDING instead).
            DeqPc::Enter => {
                let ignore = mutant!(mem, dequeuer_ignores_extending);
                let r = mem.ctl_update(|c| if c & EXTENDING != 0 && !ignore { None } else { Some(c | DNP) });
                if r.is_err() {
                    return DeqStep::Wait;
                }
                if self.want == 0 {
                    self.leave()
                } else {
                    self.walk(q)
                }
            }
            DeqPc::Walk => {
                let next = link_next(mem.load(q.word(self.cur, LINK_WORD), Acquire));
                if next == 0 {
                    DeqPc::ReadHead
                } else {
                    assert!(
                        (self.hops as usize) < MAX_CHAIN,
                        "queue chain longer than {MAX_CHAIN} buffers (corrupt LINK words?)"
                    );
                    (self.prev, self.cur, self.hops) = (Some(self.cur), next, self.hops + 1);
                    DeqPc::Walk
                }
            }
            DeqPc::ReadHead => {
                self.head = mem.load(q.word(self.cur, HEAD_WORD), Relaxed) & INDEX_MASK;
                DeqPc::ReadTail
            }
            DeqPc::ReadTail => {
                let tail = mem.load(q.word(self.cur, TAIL_WORD), Acquire) & INDEX_MASK;
                if self.head != tail {
                    DeqPc::ReadSlot
                } else if self.prev.is_none() {
                    self.leave() // L = F and empty: the queue is empty
                } else {
                    DeqPc::Unlink
                }
            }
            // L is drained and no writer can reach it (the card writes only F): unlink it,
            // then retire it for reclamation once no `len()` reader sees it.
            DeqPc::Unlink => {
                let prev = self.prev.expect("Unlink follows a walk past F");
                mem.store(q.word(prev, LINK_WORD), link_word(0, log2), Release);
                mem.retire(self.cur);
                self.head = 0;
                self.walk(q)
            }
            DeqPc::ReadSlot => {
                self.value = mem.load(q.word(self.cur, self.head), Relaxed);
                DeqPc::WriteHead
            }
            DeqPc::WriteHead => {
                mem.store(q.word(self.cur, HEAD_WORD), next_index(self.head, log2), Release);
                self.taken += 1;
                let value = self.value;
                self.pc = if self.taken < self.want { self.walk(q) } else { self.leave() };
                return DeqStep::Item(value);
            }
            // Clear DNP and take FULL_PENDING in one atomic step; if the handler deferred to
            // us, extend now (the paper's ioctl), under EXTENDING so the handler keeps out.
            DeqPc::Leave => {
                let ignore = mutant!(mem, dequeuer_ignores_full_pending);
                let serve = |c: u64| c & FULL_PENDING != 0 && !ignore;
                let prev = mem
                    .ctl_update(|c| Some(if serve(c) { (c & !(DNP | FULL_PENDING)) | EXTENDING } else { c & !DNP }))
                    .unwrap_or_else(|c| c);
                if serve(prev) {
                    mem.note(Note::PendingServed);
                    DeqPc::Extend
                } else {
                    DeqPc::Unlock
                }
            }
            DeqPc::Extend => match self.ext.step(q, mem) {
                Step::Done(_) => {
                    self.ext = ExtendOp::new();
                    DeqPc::Unlock
                }
                _ => DeqPc::Extend,
            },
            DeqPc::Unlock => {
                mem.ctl_fetch_and(!LOCK, Release);
                return DeqStep::Done;
            }
        };
        DeqStep::Pending
    }
}

/// The overflow handler's entry for one OVERFLOW (spec §9): defer to a dequeuer inside, keep
/// out of a running extension, or extend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OverflowOp {
    Check,
    Extend(ExtendOp),
}

impl OverflowOp {
    pub fn new() -> OverflowOp {
        OverflowOp::Check
    }

    #[inline]
    pub fn step(&mut self, q: Shape, mem: &mut impl ProtocolMem) -> Step<OverflowAction> {
        match self {
            OverflowOp::Check => {
                let ignore = mutant!(mem, handler_ignores_dnp);
                let defer = |c: u64| c & DNP != 0 && !ignore;
                let r = mem.ctl_update(|c| {
                    if c & EXTENDING != 0 {
                        None
                    } else if defer(c) {
                        Some(c | FULL_PENDING)
                    } else {
                        Some(c | EXTENDING)
                    }
                });
                match r {
                    Err(_) => Step::Done(OverflowAction::Busy),
                    Ok(c) if defer(c) => {
                        if c & FULL_PENDING == 0 {
                            mem.note(Note::Deferred);
                        }
                        Step::Done(OverflowAction::Deferred)
                    }
                    Ok(_) => {
                        *self = OverflowOp::Extend(ExtendOp::new());
                        Step::Pending
                    }
                }
            }
            OverflowOp::Extend(e) => e.step(q, mem),
        }
    }
}

impl Default for OverflowOp {
    fn default() -> Self {
        Self::new()
    }
}

/// *extend*, run by whoever set EXTENDING (the handler, or a dequeuer serving FULL_PENDING):
/// re-check STALLED, move F's items into a new buffer N linked right behind F, reset F,
/// resume the card, clear EXTENDING.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExtendOp {
    pub pc: ExtPc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtPc {
    /// Re-read STALLED: a stall already served (by the other party) must not be served twice,
    /// since the card is then writing F.
    CheckStalled,
    /// Allocate N, copy F's items (head..tail) into it, write N's header. One step although
    /// it is many accesses: F is quiescent (the card is stalled on it and no dequeuer is
    /// inside; the model check reports a violation of either) and N is reachable by nobody
    /// yet, so no other party can observe the order of these accesses.
    Copy,
    /// Publish N: F.LINK = N.
    Link {
        n: u64,
        moved: u64,
    },
    ResetHead {
        moved: u64,
    },
    ResetTail {
        moved: u64,
    },
    Resume(OverflowAction),
    Clear(OverflowAction),
}

impl ExtendOp {
    pub fn new() -> ExtendOp {
        ExtendOp { pc: ExtPc::CheckStalled }
    }

    #[inline]
    pub fn step(&mut self, q: Shape, mem: &mut impl ProtocolMem) -> Step<OverflowAction> {
        let (log2, f) = (q.log2_words, q.first);
        self.pc = match self.pc {
            ExtPc::CheckStalled => {
                if mem.stalled() || mutant!(mem, extend_skips_stall_check) {
                    ExtPc::Copy
                } else {
                    ExtPc::Clear(OverflowAction::NotStalled)
                }
            }
            ExtPc::Copy => {
                let head = mem.load(q.word(f, HEAD_WORD), Acquire) & INDEX_MASK;
                let tail = mem.load(q.word(f, TAIL_WORD), Acquire) & INDEX_MASK;
                match mem.alloc() {
                    // No memory: if the consumer has made room in F since the stall, resuming
                    // without a new buffer is safe; otherwise stay stalled and retry later.
                    None if next_index(tail, log2) != head => {
                        mem.note(Note::ResumedWithoutExtend);
                        ExtPc::Resume(OverflowAction::Extended)
                    }
                    None => {
                        mem.note(Note::AllocFailure);
                        ExtPc::Clear(OverflowAction::NoMemory)
                    }
                    Some(n) => {
                        let (mut i, mut j) = (head, FIRST_DATA_INDEX);
                        while i != tail {
                            let v = mem.load(q.word(f, i), Relaxed);
                            mem.store(q.word(n, j), v, Relaxed);
                            i = next_index(i, log2);
                            j += 1;
                        }
                        debug_assert!(j < renq_abi::buffer::words(log2));
                        mem.store(q.word(n, HEAD_WORD), FIRST_DATA_INDEX, Relaxed);
                        mem.store(q.word(n, TAIL_WORD), j, Relaxed);
                        let next = link_next(mem.load(q.word(f, LINK_WORD), Acquire));
                        mem.store(q.word(n, LINK_WORD), link_word(next, log2), Relaxed);
                        ExtPc::Link { n, moved: j - FIRST_DATA_INDEX }
                    }
                }
            }
            // Release: N's contents are visible before the link that reaches it.
            ExtPc::Link { n, moved } => {
                mem.store(q.word(f, LINK_WORD), link_word(n, log2), Release);
                ExtPc::ResetHead { moved }
            }
            ExtPc::ResetHead { moved } => {
                mem.store(q.word(f, HEAD_WORD), FIRST_DATA_INDEX, Release);
                ExtPc::ResetTail { moved }
            }
            ExtPc::ResetTail { moved } => {
                mem.store(q.word(f, TAIL_WORD), FIRST_DATA_INDEX, Release);
                mem.note(Note::Extended { moved });
                ExtPc::Resume(OverflowAction::Extended)
            }
            ExtPc::Resume(a) => {
                mem.resume();
                ExtPc::Clear(a)
            }
            ExtPc::Clear(a) => {
                mem.ctl_fetch_and(!EXTENDING, SeqCst);
                return Step::Done(a);
            }
        };
        Step::Pending
    }
}

impl Default for ExtendOp {
    fn default() -> Self {
        Self::new()
    }
}
