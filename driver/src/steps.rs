//! The card's dequeue, O(1) extension and spare protocol (spec §9b, §9c) as step machines.
//! Each `step` performs exactly one action on a [`QueueMem`] — one load or store of a buffer
//! word, one card command (QUERY, EXPORT, SPARE), taking note of a switch, or the consumer's
//! head doorbell (take the command lock and read which buffer the card has; HEAD and
//! release); the consumer's sleep ([`SleepOp`]) is an order of such visits, ARM and the wait —
//! so the same code is run to completion by
//! [`crate::Queue::dequeue_batch`] and [`crate::Queue::on_overflow`] against the DMA
//! region and the card, and explored interleaving by interleaving by the model check
//! (`driver/tests/protocol_model.rs`).

use crate::paper::queue::steps::mutant;
use renq_abi::buffer::{link_next, next_index, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::state::QueueState;
use renq_abi::WORD_SHIFT;
use std::sync::atomic::Ordering::{self, Acquire, Relaxed, Release};

mod handler;
mod sleep;
pub use crate::paper::queue::steps::Step;
pub use handler::{OverflowOp, OvfPc, Served};
pub use sleep::{SleepOp, SleepPc};

/// Broken variants of the protocol, for showing that the model check catches each of them.
#[cfg(feature = "mutants")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mutations {
    /// The handler LINKs the full buffer without waiting until memory TAIL shows the card's
    /// tail (the card's last writes may still be on their way).
    pub link_before_tail_wait: bool,
    /// The handler writes the fresh buffer's header after LINKing it.
    pub header_after_link: bool,
    /// The handler EXPORTs the fresh buffer before writing its header.
    pub export_before_header: bool,
    /// The handler extends a queue that QUERY shows not stalled.
    pub handler_skips_stall_check: bool,
    /// The consumer moves on to the linked buffer without reading TAIL again.
    pub consumer_skips_tail_recheck: bool,
    /// The consumer rings HEAD without checking that the card writes its buffer.
    pub doorbell_skips_buffer_check: bool,
    /// The consumer checks the card's buffer under the command lock, releases it, and takes
    /// it again to ring HEAD (an EXPORT can come in between).
    pub doorbell_relocks: bool,
    /// The handler posts the next spare before writing its header.
    pub spare_before_header: bool,
    /// Posting a run of spares, the handler writes the last buffer's header only.
    pub run_last_header_only: bool,
    /// On a card with one run at a time (CAPS.ONE_RUN), the handler posts a run while one
    /// waits (it ignores QUERY's WAITING).
    pub run_while_waiting: bool,
    /// The handler takes a QUERY's SPARE 0 for "no spare posted" and never notes the switch
    /// (`card_buffer` stays the full buffer).
    pub handler_ignores_switch: bool,
    /// Extending a stalled queue with a spare posted, the handler EXPORTs the spare without
    /// taking it back from the card first.
    pub stalled_spare_kept: bool,
    /// The sleeping consumer ARMs with its head whatever buffer the card writes.
    pub arm_skips_buffer_check: bool,
    /// The sleeping consumer reads the wake generation after its second look, not before the
    /// ARM.
    pub generation_after_recheck: bool,
}

/// What the protocol touches: buffer words by device address, the card's commands for this
/// queue, the buffer allocator, and the host's bookkeeping of the chain.
pub trait QueueMem {
    fn load(&mut self, addr: u64, order: Ordering) -> u64;
    fn store(&mut self, addr: u64, value: u64, order: Ordering);
    /// QUERY: the card's state of the queue; `None` if the card does not answer.
    fn query(&mut self) -> Option<QueueState>;
    /// EXPORT `buffer` for the queue (the card continues there, empty, not stalled); the
    /// host's `card_buffer` becomes `buffer` first. False if the card does not take it.
    fn export(&mut self, buffer: u64) -> bool;
    /// SPARE(q, a run of `count` contiguous buffers from `first`): post them at the back of
    /// the queue's ring of spares on the card, in address order; the host's record of the ring
    /// gains them under the same hold of the command lock. False if the card does not take it.
    fn spare(&mut self, first: u64, count: u16) -> bool;
    /// Takes every posted spare back: SPARE(q, VALID 0) if `tell_card` (false only for a
    /// mutant), and the host's record of the ring emptied under the same hold of the command
    /// lock. Returns the oldest (the buffer a stalled queue is extended with); the others stay
    /// the queue's, for its next spares. `None` if the card does not take the command or none
    /// was posted.
    fn retract(&mut self, tell_card: bool) -> Option<u64>;
    /// The card switched into the oldest spare posted (QUERY's SPARES count dropped): under the
    /// command lock, the host's `card_buffer` becomes it and it leaves the host's record of the
    /// ring (no memory access). Returns it.
    fn adopt(&mut self) -> u64;
    /// The queue was destroyed (nothing to serve).
    fn closed(&mut self) -> bool {
        false
    }
    /// A buffer of the queue's size (contents undefined), or `None` when out of memory or at
    /// the queue's memory limit.
    fn alloc(&mut self) -> Option<u64>;
    /// Spares to post: a run of 1..=`max` contiguous buffers of the queue's size (the first
    /// and how many), or `None` as `alloc`.
    fn alloc_run(&mut self, max: u16) -> Option<(u64, u16)>;
    /// `fresh` is about to be LINKed into the chain (no memory access).
    fn chained(&mut self, _fresh: u64) {}
    /// The consumer moved from `drained` to `next`: `drained` is out of the chain and goes to
    /// reclamation (no memory access).
    fn retire(&mut self, drained: u64, next: u64);
    /// Takes the command lock (QUERY and EXPORT wait for it) and returns the buffer the card's
    /// last EXPORT named for the queue (0: none). That record changes only under this lock,
    /// together with the EXPORT, so it stays true until `unlock_commands`.
    fn lock_commands(&mut self) -> u64;
    /// HEAD(q, the address of slot `head` of `buffer`), the consumer head doorbell; the
    /// command lock is held. False if the card does not take it (it then reads HEAD when it
    /// needs room).
    fn head_doorbell(&mut self, buffer: u64, head: u64) -> bool;
    fn unlock_commands(&mut self);
    /// ARM(q, `arg`), the consumer's sleep ([`arm`]); the command lock is held. False if the
    /// card did not take it.
    fn arm(&mut self, arg: u64) -> bool;
    #[cfg(feature = "mutants")]
    fn mutations(&self) -> Mutations {
        Mutations::default()
    }
}

#[inline(always)]
pub(crate) fn word(base: u64, index: u64) -> u64 {
    base | (index << WORD_SHIFT)
}

/// The consumer's own position (behind the dequeue lock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cursor {
    /// The buffer being drained (the oldest in the chain).
    pub buffer: u64,
    pub head: u64,
    /// Items taken since the last head doorbell (or the last check that found the card in
    /// another buffer).
    pub unrung: u32,
}

impl Cursor {
    pub fn new(buffer: u64, head: u64) -> Cursor {
        Cursor { buffer, head, unrung: 0 }
    }
}

/// ARM for a consumer at `cursor` that found nothing (spec §9b, "Sleeping"): under one hold of
/// the command lock, see whether the card writes the cursor's buffer; ARM(q, that buffer and
/// the head) if so — the card compares the head with its tail — else ARM with index 0, never a
/// tail, so the card notifies at once. A consumer behind the card's buffer must not be armed
/// by its head: that index can equal the card's tail in the newer buffer, whose items may
/// still be in the card's write queue when the consumer's second look finds it empty — ARMED,
/// and no NOTIFY would come for them. The argument names the buffer as HEAD's does, for a card
/// with spares, whose switches the host's record learns late: such a card checks it itself.
/// Returns what `QueueMem::arm` returns.
pub fn arm(mem: &mut impl QueueMem, cursor: &Cursor) -> bool {
    let card = mem.lock_commands();
    let seen = if card == cursor.buffer || mutant!(mem, arm_skips_buffer_check) { cursor.head } else { 0 };
    let armed = mem.arm(renq_abi::head_doorbell_arg(cursor.buffer, seen));
    mem.unlock_commands();
    armed
}

/// One consumer visit (`dequeue_batch`): take up to `want` items from the cursor on, moving
/// along the chain when a drained buffer's TAIL is final.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DequeueOp {
    pub want: usize,
    pub taken: usize,
    /// `taken` when the buffer's TAIL was last read (a HEAD store is owed if more since).
    start: usize,
    pub cursor: Cursor,
    log2_words: u32,
    /// Ring the head doorbell once this many items were taken since the last (0: never).
    doorbell_every: u32,
    /// TAIL as last read; then the LINK read.
    tail: u64,
    next: u64,
    pub pc: DeqPc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeqPc {
    ReadTail,
    ReadSlot,
    WriteHead,
    /// `doorbell_every` items taken: under the command lock, see whether the card writes the
    /// cursor's buffer.
    Doorbell,
    /// It does: HEAD(q, head), then release the lock.
    RingHead,
    ReadLink,
    /// The buffer looks drained and is LINKed: TAIL again, now final.
    RecheckTail,
    /// Move to the linked buffer: its HEAD, then retire the drained one.
    MoveOn,
    Finished,
}

/// A dequeue step's outcome: `Item` is one item taken (its HEAD store may follow).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeqStep {
    Pending,
    Item(u64),
    /// The visit is over; the cursor is in `DequeueOp::cursor`.
    Done,
}

impl DequeueOp {
    /// A visit without the head doorbell (the card reads HEAD when it runs out of room).
    pub fn new(cursor: Cursor, log2_words: u32, want: usize) -> DequeueOp {
        DequeueOp {
            want,
            taken: 0,
            start: 0,
            cursor,
            log2_words,
            doorbell_every: 0,
            tail: 0,
            next: 0,
            pc: DeqPc::ReadTail,
        }
    }

    /// Rings the head doorbell after every `k` items taken (0: never).
    pub fn with_doorbell(self, k: u32) -> DequeueOp {
        DequeueOp { doorbell_every: k, ..self }
    }

    fn mask(&self) -> u64 {
        renq_abi::buffer::words(self.log2_words) - 1
    }

    /// After a TAIL read or an item: take the next one, or settle the HEAD and decide.
    fn take_or_settle(&self) -> DeqPc {
        if self.taken < self.want && self.cursor.head != self.tail {
            DeqPc::ReadSlot
        } else if self.taken > self.start {
            DeqPc::WriteHead
        } else {
            self.settled()
        }
    }

    /// HEAD stored (if owed): done if full, else see whether the buffer is LINKed.
    fn settled(&self) -> DeqPc {
        if self.taken == self.want {
            DeqPc::Finished
        } else {
            DeqPc::ReadLink
        }
    }

    #[inline]
    pub fn step(&mut self, mem: &mut impl QueueMem) -> DeqStep {
        let (b, mask) = (self.cursor.buffer, self.mask());
        self.pc = match self.pc {
            DeqPc::ReadTail => {
                self.tail = mem.load(word(b, TAIL_WORD), Acquire) & mask;
                self.start = self.taken;
                self.take_or_settle()
            }
            DeqPc::ReadSlot => {
                let v = mem.load(word(b, self.cursor.head), Relaxed);
                self.cursor.head = next_index(self.cursor.head, self.log2_words);
                self.cursor.unrung = self.cursor.unrung.saturating_add(1);
                self.taken += 1;
                self.pc = self.take_or_settle();
                return DeqStep::Item(v);
            }
            DeqPc::WriteHead => {
                mem.store(word(b, HEAD_WORD), self.cursor.head, Release);
                if self.doorbell_every != 0 && self.cursor.unrung >= self.doorbell_every {
                    DeqPc::Doorbell
                } else {
                    self.settled()
                }
            }
            // Only while the card writes the cursor's buffer: after an overflow it writes a
            // fresh one, and this buffer's head would count slots of that one as free (the
            // card would overwrite unread items). Checked and rung under one hold of the
            // command lock, so no EXPORT comes in between.
            DeqPc::Doorbell => {
                self.cursor.unrung = 0;
                let exported = mem.lock_commands();
                let relock = mutant!(mem, doorbell_relocks);
                if relock {
                    mem.unlock_commands();
                }
                if exported == b || mutant!(mem, doorbell_skips_buffer_check) {
                    DeqPc::RingHead
                } else {
                    if !relock {
                        mem.unlock_commands();
                    }
                    self.settled()
                }
            }
            DeqPc::RingHead => {
                if mutant!(mem, doorbell_relocks) {
                    mem.lock_commands();
                }
                mem.head_doorbell(b, self.cursor.head);
                mem.unlock_commands();
                self.settled()
            }
            DeqPc::ReadLink => {
                self.next = link_next(mem.load(word(b, LINK_WORD), Acquire));
                if self.next == 0 {
                    DeqPc::Finished
                } else if mutant!(mem, consumer_skips_tail_recheck) {
                    DeqPc::MoveOn
                } else {
                    DeqPc::RecheckTail
                }
            }
            // The handler links only after the card's last write to this buffer is visible,
            // so this TAIL is final: items landed before the link are taken first.
            DeqPc::RecheckTail => {
                if mem.load(word(b, TAIL_WORD), Acquire) & mask != self.cursor.head {
                    DeqPc::ReadTail
                } else {
                    DeqPc::MoveOn
                }
            }
            DeqPc::MoveOn => {
                let next = self.next;
                let head = mem.load(word(next, HEAD_WORD), Acquire) & mask;
                self.cursor = Cursor { buffer: next, head, unrung: self.cursor.unrung };
                mem.retire(b, next);
                DeqPc::ReadTail
            }
            DeqPc::Finished => return DeqStep::Done,
        };
        if self.pc == DeqPc::Finished {
            return DeqStep::Done;
        }
        DeqStep::Pending
    }
}
