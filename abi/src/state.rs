//! The state word of one of the card's queues, as the card answers a QUERY command (BAR0 QUERY, spec §8b).
//! It is the queue's state RAM word (spec §6a) minus the base, plus READY.

use bitfield::bitfield;

bitfield! {
    #[derive(Clone, Copy, PartialEq, Eq, Default)]
    pub struct QueueState(pub u64);
    impl Debug;
    /// The queue is exported (packets to it are enqueued).
    pub valid, set_valid: 0;
    /// Full: packets to it are refused until RESUME or EXPORT.
    pub stalled, set_stalled: 1;
    /// The consumer asked to be notified of the next item.
    pub armed, set_armed: 2;
    /// log2 of the current buffer's size in words.
    pub log2_words, set_log2_words: 7, 3;
    /// Bumped by each stall (mod 2^EPOCH_BITS).
    pub epoch, set_epoch: 15, 8;
    /// The card's tail index: the slot the next item takes.
    pub tail, set_tail: 31, 16;
    /// Free slots the card knows of (it reads HEAD only when this reaches 0).
    pub free, set_free: 47, 32;
    /// Spare buffers posted (SPARE) and not used yet (spec §9c): the card's ring of them
    /// holds at most CAPS.SPARES.
    pub spares, set_spares: 61, 48;
    /// A card with CAPS.ONE_RUN: a posted run waits that the queue has not entered yet, so a
    /// SPARE now would be refused (spec §9c).
    pub waiting, set_waiting: 62;
    /// The answer to the last QUERY command is here (cleared by each QUERY command).
    pub ready, set_ready: 63;
}

/// The RTL card keeps a queue's spare buffer (spec §9c) as the link word the switch writes,
/// `buffer::link_word(base, k)`, with this bit set while the spare is posted and unused: a bit
/// no link word has (the base is aligned to 64 bytes, `k` takes bits 4..0).
pub const SPARE_VALID: u64 = 1 << 5;
const _: () = assert!(SPARE_VALID & (crate::buffer::LINK_NEXT_MASK | crate::buffer::LINK_LOG2_MASK) == 0);

/// The RTL card's spare word of a queue (spec §9c): the posted run's first buffer as its link
/// word with `SPARE_VALID`, the posted run's buffers after the first, and the buffers left in
/// the run the queue is in (after the one it writes: they follow it in memory).
pub mod rtl_spare {
    /// Bits 47..0: the posted run's first buffer, `link_word(base, k) | SPARE_VALID` (0: none).
    pub const LINK_BITS: u32 = crate::DMA_ADDR_BITS;
    /// The posted run's buffers after its first (`ExportEntry::run_extra`).
    pub const POSTED_REST_LSB: u32 = LINK_BITS;
    pub const REST_BITS: u32 = crate::csr::bits::SPARE_RUN_MSB + 1 - crate::csr::bits::SPARE_RUN_LSB;
    /// The buffers left in the run the queue is in, after the one it writes.
    pub const CURRENT_REST_LSB: u32 = POSTED_REST_LSB + REST_BITS;
    pub const BITS: u32 = CURRENT_REST_LSB + REST_BITS;
}

/// Bit positions (for the HDL, which packs the word).
pub mod bits {
    pub const VALID: u32 = 0;
    pub const STALLED: u32 = 1;
    pub const ARMED: u32 = 2;
    pub const LOG2_LSB: u32 = 3;
    pub const EPOCH_LSB: u32 = 8;
    pub const TAIL_LSB: u32 = 16;
    pub const FREE_LSB: u32 = 32;
    pub const SPARES_LSB: u32 = 48;
    pub const SPARES_MSB: u32 = 61;
    pub const WAITING: u32 = 62;
    pub const READY: u32 = 63;
}
impl QueueState {
    /// At least one spare is posted.
    pub fn spare(&self) -> bool {
        self.spares() != 0
    }
}

const _: () = assert!(bits::SPARES_MSB + 1 - bits::SPARES_LSB >= super::regs::bits::CAPS_SPARES_BITS);
const _: () = assert!(bits::TAIL_LSB - bits::EPOCH_LSB == super::EPOCH_BITS);
// QUERY's SPARES holds both runs of an RTL queue.
const _: () = assert!(super::RTL_SPARES < 1 << (bits::SPARES_MSB + 1 - bits::SPARES_LSB));
const _: () = assert!(bits::FREE_LSB - bits::TAIL_LSB == crate::buffer::INDEX_BITS);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_at_their_bits() {
        let mut s = QueueState(0);
        s.set_valid(true);
        s.set_stalled(true);
        s.set_armed(true);
        s.set_log2_words(16);
        s.set_epoch(0xab);
        s.set_tail(0x1234);
        s.set_free(0xfff0);
        s.set_ready(true);
        s.set_spares(0x40);
        s.set_waiting(true);
        assert_eq!(
            s.0,
            1 << bits::READY
                | 1 << bits::WAITING
                | 0x40 << bits::SPARES_LSB
                | 0xfff0 << bits::FREE_LSB
                | 0x1234 << bits::TAIL_LSB
                | 0xab << bits::EPOCH_LSB
                | 16 << bits::LOG2_LSB
                | 0b111
        );
    }
}
