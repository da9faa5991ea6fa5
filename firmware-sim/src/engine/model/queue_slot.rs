//! One queue's state word on the card (spec §6a, §9c).

use renq_abi::buffer::{bytes, capacity, valid_log2, words, FIRST_DATA_INDEX};
use renq_abi::csr::ExportEntry;
use renq_abi::state::QueueState;
use renq_abi::{DMA_ADDR_MASK, EPOCH_MASK, WORD_SHIFT};

use super::Mutations;

/// One queue's state word (spec §6a): on the card, not in host memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct QueueSlot {
    pub(super) valid: bool,
    pub(super) stalled: bool,
    pub(super) armed: bool,
    pub(super) log2_words: u32,
    /// Aligned to the buffer's size when EXPORT writes it.
    pub(super) base: u64,
    /// The slot the next item takes (the card's own; never read from host memory).
    pub(super) tail: u64,
    /// Free slots the card knows of; HEAD is read only when this reaches 0.
    pub(super) free: u64,
    pub(super) epoch: u8,
}

/// A spare buffer posted by SPARE (spec §9c): at `base` (aligned), `2^k` words; `first`: the
/// first of its run (a run whose first is on the ring waits: the queue has not entered it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Spare {
    pub(super) base: u64,
    pub(super) k: u32,
    pub(super) first: bool,
}

/// The spares a SPARE word posts (spec §9c) onto a ring of `ring` holding `held`: `count`
/// contiguous buffers of 2^k words from `base` — VALID, `k` in range, `base` aligned, the run
/// inside the DMA address space and room in the ring for all of it; else `None` (refused,
/// counted).
pub(super) fn spare_run(e: ExportEntry, held: usize, ring: usize) -> Option<impl Iterator<Item = Spare>> {
    let k = e.log2_words() as u32;
    if !e.valid() || !valid_log2(k) || e.base() & (bytes(k) - 1) != 0 {
        return None;
    }
    let (base, count) = (e.base() & DMA_ADDR_MASK, e.run_len() as u64);
    let end = base + count * bytes(k);
    if end > DMA_ADDR_MASK + 1 || held + count as usize > ring {
        return None;
    }
    Some((0..count).map(move |i| Spare { base: base + i * bytes(k), k, first: i == 0 }))
}

impl QueueSlot {
    pub(super) fn word(&self, index: u64) -> u64 {
        self.base | (index & self.mask()) << WORD_SHIFT
    }

    pub(super) fn mask(&self) -> u64 {
        words(self.log2_words) - 1
    }

    /// Moves the queue into `spare` (spec §9c): empty, not stalled; epoch, VALID and ARMED
    /// stay. The caller writes the full buffer's LINK first.
    pub(super) fn take_spare(&mut self, spare: Spare) {
        self.base = spare.base;
        self.log2_words = spare.k;
        self.tail = FIRST_DATA_INDEX;
        self.free = capacity(spare.k);
    }

    /// Free slots a consumer head `head` leaves (one slot always stays empty).
    pub(super) fn free_from_head(&self, head: u64) -> u64 {
        let slots = words(self.log2_words) - FIRST_DATA_INDEX;
        (head + slots - self.tail - 1) % slots
    }

    /// Ends a stall with a new epoch: a packet sent with the epoch its portal learned from a
    /// refusal during the stall is refused after it too, so the refused items of a portal
    /// stay the last ones it stored (spec §7c).
    pub(super) fn unstall(&mut self, mutations: Mutations) {
        if self.stalled && !mutations.epoch_at_stall_start {
            self.epoch = ((self.epoch as u64 + 1) & EPOCH_MASK) as u8;
        }
        self.stalled = false;
    }

    /// The QUERY word, with `spares` posted, and whether a posted run waits (CAPS.ONE_RUN).
    pub(super) fn state_word(&self, spares: usize, waiting: bool) -> u64 {
        let mut s = QueueState(0);
        s.set_valid(self.valid);
        s.set_stalled(self.stalled);
        s.set_armed(self.armed);
        s.set_log2_words(self.log2_words as u64);
        s.set_epoch(self.epoch as u64);
        s.set_tail(self.tail);
        s.set_free(self.free);
        s.set_spares(spares as u64);
        s.set_waiting(waiting);
        s.0
    }
}
