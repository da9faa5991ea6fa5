//! Layout of one queue buffer in host memory.
//!
//! A buffer is `1 << log2_words` 64-bit words, aligned to its own size, so the card forms a
//! word address by OR-ing the index into the base (`base | index << WORD_SHIFT`) — no adder.
//!
//! ```text
//! word 0  LINK  next buffer's device address (bits 47..6) | log2_words (bits 4..0)   driver-owned
//! word 1  TAIL  tail index (bits 15..0)                                              card-owned
//! word 2  HEAD  head index (bits 15..0)                                              consumer-owned
//! word 3..      data slots, a ring: index 3, 4, ..., size-1, then 3 again
//! ```
//! Head and tail live in different words so the card never rewrites the word the consumer
//! updates (a read-modify-write of a shared word could erase a concurrent head update).
//! One slot is always kept free: empty iff head == tail; full iff inc(tail) == head.

use crate::WORD_SHIFT;

/// Word index of the link word (next pointer | log2 size).
pub const LINK_WORD: u64 = 0;
/// Word index of the tail word. Only the card writes it (and the driver, while the queue is stalled).
pub const TAIL_WORD: u64 = 1;
/// Word index of the head word. Only the consumer writes it; the card only reads it.
pub const HEAD_WORD: u64 = 2;
/// Index of the first data slot.
pub const FIRST_DATA_INDEX: u64 = 3;
/// Number of header words before the data slots.
pub const HEADER_WORDS: u64 = FIRST_DATA_INDEX;

/// Head and tail are 16-bit indices, so a buffer has at most 2^16 words.
pub const INDEX_BITS: u32 = 16;
pub const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;
/// Smallest buffer: 8 words = 3 header words + 5 slots (4 usable).
pub const MIN_LOG2_WORDS: u32 = 3;
/// Largest buffer: 2^16 words (512 KiB).
pub const MAX_LOG2_WORDS: u32 = INDEX_BITS;

/// Low bits of the link word that hold log2_words.
pub const LINK_LOG2_MASK: u64 = 0x1f;
/// Bits of the link word that hold the next buffer's address (buffers are >= 64 B aligned).
pub const LINK_NEXT_MASK: u64 = crate::DMA_ADDR_MASK & !0x3f;

/// Words in a buffer of `log2_words`.
pub const fn words(log2_words: u32) -> u64 {
    1 << log2_words
}

/// Bytes in (and alignment of) a buffer of `log2_words`.
pub const fn bytes(log2_words: u32) -> u64 {
    words(log2_words) << WORD_SHIFT
}

/// Items a buffer can hold: all data slots but the one kept free.
pub const fn capacity(log2_words: u32) -> u64 {
    words(log2_words) - HEADER_WORDS - 1
}

/// Whether `log2_words` is a size the card accepts.
pub const fn valid_log2(log2_words: u32) -> bool {
    log2_words >= MIN_LOG2_WORDS && log2_words <= MAX_LOG2_WORDS
}

/// Ring successor of a data index: `size - 1` wraps to `FIRST_DATA_INDEX`.
pub const fn next_index(index: u64, log2_words: u32) -> u64 {
    if index + 1 >= words(log2_words) {
        FIRST_DATA_INDEX
    } else {
        index + 1
    }
}

/// Items between head and tail in a buffer.
pub const fn occupancy(head: u64, tail: u64, log2_words: u32) -> u64 {
    let slots = words(log2_words) - HEADER_WORDS;
    (tail + slots - head) % slots
}

/// The card's address rule: the slot address is the aligned base OR the masked index.
/// `base`'s low bits are cleared first, so no index can reach outside the buffer.
pub const fn slot_address(base: u64, log2_words: u32, index: u64) -> u64 {
    let index_mask = words(log2_words) - 1;
    aligned_base(base, log2_words) | ((index & index_mask) << WORD_SHIFT)
}

/// Base address as the card uses it: low bits below the buffer size forced to zero.
pub const fn aligned_base(base: u64, log2_words: u32) -> u64 {
    base & !(bytes(log2_words) - 1) & crate::DMA_ADDR_MASK
}

/// Builds a link word.
pub const fn link_word(next: u64, log2_words: u32) -> u64 {
    (next & LINK_NEXT_MASK) | (log2_words as u64 & LINK_LOG2_MASK)
}

/// The header of a fresh buffer as (byte offset, value) pairs: LINK with no next buffer,
/// TAIL = HEAD = the first data slot (spec §4), what is written before EXPORT or SPARE names
/// the buffer. The simulators and test benches write it from here; the driver writes the same
/// words itself, TAIL last with Release ordering (`Queue::fresh_buffer`).
pub const fn fresh_header(log2_words: u32) -> [(u64, u64); 3] {
    [(LINK_WORD * 8, link_word(0, log2_words)), (TAIL_WORD * 8, FIRST_DATA_INDEX), (HEAD_WORD * 8, FIRST_DATA_INDEX)]
}

/// Next-buffer address held in a link word (0 = none).
pub const fn link_next(link: u64) -> u64 {
    link & LINK_NEXT_MASK
}

/// log2_words held in a link word.
pub const fn link_log2(link: u64) -> u32 {
    (link & LINK_LOG2_MASK) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_and_ring() {
        assert_eq!(capacity(3), 4);
        assert_eq!(next_index(7, 3), 3);
        assert_eq!(next_index(3, 3), 4);
        assert_eq!(occupancy(3, 3, 3), 0);
        assert_eq!(occupancy(5, 4, 3), 4);
        assert_eq!(occupancy(3, 7, 3), 4);
    }

    #[test]
    fn slot_address_never_leaves_buffer() {
        let base = 0x1234_5600; // deliberately misaligned for 2^6 words
        for idx in [0u64, 3, 63, 64, 0xffff, u64::MAX] {
            let a = slot_address(base, 6, idx);
            assert_eq!(a & !(bytes(6) - 1), aligned_base(base, 6));
        }
    }

    #[test]
    fn link_word_round_trip() {
        let l = link_word(0x0000_7fff_ffc0, 12);
        assert_eq!(link_next(l), 0x0000_7fff_ffc0);
        assert_eq!(link_log2(l), 12);
    }
}
