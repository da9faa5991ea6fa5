//! Shadow-window encoding (BAR2).
//!
//! One 4 KiB page per (destination node, queue): the driver maps exactly the pages of the
//! queues a process may use, so the MMU is the protection. An aligned 8-byte store anywhere in
//! the page is one enqueue of the stored word; the offset inside the page is ignored.
//!
//! ```text
//! BAR2 offset = (node << (QUEUE_BITS + PAGE_SHIFT)) | (queue << PAGE_SHIFT) | in_page_offset
//! ```

use crate::{paper::MAX_NODES, paper::MAX_QUEUES, paper::NODE_BITS, paper::QUEUE_BITS};

/// Shadow pages are 4 KiB so each can be mapped on its own.
pub const PAGE_SHIFT: u32 = 12;
pub const PAGE_BYTES: u64 = 1 << PAGE_SHIFT;
/// Bits of a shadow-window offset.
pub const WINDOW_BITS: u32 = NODE_BITS + QUEUE_BITS + PAGE_SHIFT;
/// Size of BAR2.
pub const WINDOW_BYTES: u64 = 1 << WINDOW_BITS;

/// BAR2 offset of the page that enqueues to `queue` on `node`.
pub const fn page_offset(node: u8, queue: u8) -> u64 {
    ((node as u64) << (QUEUE_BITS + PAGE_SHIFT)) | ((queue as u64) << PAGE_SHIFT)
}

/// Why a shadow store is not an enqueue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShadowError {
    /// Offset beyond the window.
    OutsideWindow,
    /// Not 8-byte aligned, or not all 8 bytes written.
    Misaligned,
}

/// Decodes a store to BAR2: `(node, queue)` or why it is dropped. `byte_enable` has one bit
/// per byte of the 8-byte lane (0xff = a full 64-bit store).
pub const fn decode(offset: u64, byte_enable: u8) -> Result<(u8, u8), ShadowError> {
    if offset >= WINDOW_BYTES {
        return Err(ShadowError::OutsideWindow);
    }
    if !offset.is_multiple_of(8) || byte_enable != 0xff {
        return Err(ShadowError::Misaligned);
    }
    let page = offset >> PAGE_SHIFT;
    let queue = (page as usize % MAX_QUEUES) as u8;
    let node = ((page >> QUEUE_BITS) as usize % MAX_NODES) as u8;
    Ok((node, queue))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for n in 0..MAX_NODES as u8 {
            for q in 0..MAX_QUEUES as u8 {
                assert_eq!(decode(page_offset(n, q) + 8, 0xff), Ok((n, q)));
            }
        }
        assert_eq!(decode(WINDOW_BYTES, 0xff), Err(ShadowError::OutsideWindow));
        assert_eq!(decode(4, 0xff), Err(ShadowError::Misaligned));
        assert_eq!(decode(0, 0x0f), Err(ShadowError::Misaligned));
    }
}
