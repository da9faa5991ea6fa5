//! One card-v2 queue as the host sees it (spec §9b): a forward chain of buffers in DMA
//! memory. The card appends to the newest (`card_buffer`, the one it has EXPORTed); the
//! consumer drains the oldest and follows LINK; the overflow handler only ever appends a
//! fresh buffer behind the newest. No item is ever moved, and the handler and the consumer
//! never write the same word: the handler writes the full buffer's LINK and the new buffer's
//! header, the consumer writes HEAD.

use super::Core;
use crate::device::Device;
use crate::dma::{DmaBlock, DmaPool};
use crate::epoch::EpochManager;
use crate::error::Result;
use crate::stats::{QueueStats, QueueStatsSnapshot};
use renq_abi::buffer::{
    link_next, link_word, next_index, occupancy, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD,
};
use renq_abi::regs::ExportEntry;
use renq_abi::{v2, WORD_SHIFT};
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The consumer's own position (behind the dequeue lock).
struct Cursor {
    /// The buffer being drained (the oldest in the chain).
    buffer: u64,
    head: u64,
}

pub struct QueueV2 {
    id: u16,
    log2_words: u32,
    /// The newest buffer: the one the card writes (written by the handler only).
    card_buffer: AtomicU64,
    /// The oldest buffer (the consumer's), for lock-free readers (`len`).
    oldest: AtomicU64,
    buffers: AtomicUsize,
    cursor: Mutex<Cursor>,
    closed: AtomicBool,
    consumer: AtomicBool,
    dev: Arc<dyn Device>,
    epoch: Arc<EpochManager<DmaBlock>>,
    stats: QueueStats,
}

fn word(pool: &DmaPool, buffer: u64, index: u64) -> &AtomicU64 {
    pool.word(buffer | index << WORD_SHIFT).expect("queue buffer outside the DMA region")
}

impl QueueV2 {
    pub(crate) fn new(
        dev: Arc<dyn Device>,
        epoch: Arc<EpochManager<DmaBlock>>,
        id: u16,
        log2_words: u32,
    ) -> Result<QueueV2> {
        let first = Self::fresh_buffer(&*dev, log2_words)?;
        Ok(QueueV2 {
            id,
            log2_words,
            card_buffer: AtomicU64::new(first),
            oldest: AtomicU64::new(first),
            buffers: AtomicUsize::new(1),
            cursor: Mutex::new(Cursor { buffer: first, head: FIRST_DATA_INDEX }),
            closed: AtomicBool::new(false),
            consumer: AtomicBool::new(false),
            dev,
            epoch,
            stats: QueueStats::default(),
        })
    }

    /// A buffer with an empty header and no next buffer.
    fn fresh_buffer(dev: &dyn Device, log2_words: u32) -> Result<u64> {
        let b = dev.dma().alloc(log2_words + WORD_SHIFT)?.dev_addr;
        let pool = dev.dma();
        word(pool, b, LINK_WORD).store(link_word(0, log2_words), Relaxed);
        word(pool, b, HEAD_WORD).store(FIRST_DATA_INDEX, Relaxed);
        word(pool, b, TAIL_WORD).store(FIRST_DATA_INDEX, Release);
        Ok(b)
    }

    fn mask(&self) -> u64 {
        renq_abi::buffer::words(self.log2_words) - 1
    }

    pub fn id(&self) -> u16 {
        self.id
    }
    pub fn log2_words(&self) -> u32 {
        self.log2_words
    }
    /// The buffer the card writes now (what its last EXPORT named).
    pub fn card_buffer(&self) -> u64 {
        self.card_buffer.load(SeqCst)
    }
    pub fn is_closed(&self) -> bool {
        self.closed.load(SeqCst)
    }
    pub(crate) fn mark_closed(&self) {
        self.closed.store(true, SeqCst)
    }
    /// Claims the queue's single consumer handle; false if already claimed.
    pub fn claim_consumer(&self) -> bool {
        !self.consumer.swap(true, SeqCst)
    }
    pub fn release_consumer(&self) {
        self.consumer.store(false, SeqCst)
    }
    pub fn stats(&self) -> QueueStatsSnapshot {
        self.stats.snapshot()
    }
    /// Buffers in the chain now.
    pub fn chain_len(&self) -> usize {
        self.buffers.load(SeqCst)
    }

    /// The consumer: up to `out.len()` oldest items, in order. Drains the oldest buffer up to
    /// its TAIL; when that buffer is drained and LINKed, its TAIL is final (the handler links
    /// only after the card's last write to it is visible), so a second look at TAIL decides
    /// whether to move on; the drained buffer is retired through the epoch manager.
    pub fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        let pool = self.dev.dma();
        let mask = self.mask();
        let mut c = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
        let mut n = 0;
        loop {
            let tail = word(pool, c.buffer, TAIL_WORD).load(Acquire) & mask;
            let start = n;
            while n < out.len() && c.head != tail {
                out[n] = word(pool, c.buffer, c.head).load(Relaxed);
                c.head = next_index(c.head, self.log2_words);
                n += 1;
            }
            if n > start {
                word(pool, c.buffer, HEAD_WORD).store(c.head, Release);
            }
            if n == out.len() {
                break;
            }
            let next = link_next(word(pool, c.buffer, LINK_WORD).load(Acquire));
            if next == 0 || word(pool, c.buffer, TAIL_WORD).load(Acquire) & mask != c.head {
                if next == 0 {
                    break;
                }
                continue; // items landed before the link: take them first
            }
            let drained = c.buffer;
            c.buffer = next;
            c.head = word(pool, next, HEAD_WORD).load(Acquire) & mask;
            self.oldest.store(next, SeqCst);
            self.buffers.fetch_sub(1, SeqCst);
            self.epoch.retire(DmaBlock { dev_addr: drained, log2_bytes: self.log2_words + WORD_SHIFT });
            self.stats.retired.fetch_add(1, Relaxed);
        }
        self.stats.dequeued.fetch_add(n as u64, Relaxed);
        n
    }

    /// The TAIL the consumer last could see in its buffer (for ARM).
    pub fn seen_tail(&self) -> u64 {
        let c = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
        c.head
    }

    /// Items in the queue now (lock-free; pins an epoch so no buffer it walks is reused).
    pub fn len(&self) -> usize {
        let _pin = self.epoch.pin();
        let pool = self.dev.dma();
        let mask = self.mask();
        let (mut b, mut total) = (self.oldest.load(SeqCst), 0u64);
        for _ in 0..self.buffers.load(SeqCst).max(1) + 1 {
            let head = word(pool, b, HEAD_WORD).load(Acquire) & mask;
            let tail = word(pool, b, TAIL_WORD).load(Acquire) & mask;
            total += occupancy(head, tail, self.log2_words);
            b = link_next(word(pool, b, LINK_WORD).load(Acquire));
            if b == 0 {
                break;
            }
        }
        total as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The overflow handler for this queue (spec §9b): if the card has it stalled, wait until
    /// the card's last write to the full buffer is visible (memory TAIL = the card's tail),
    /// allocate a fresh buffer, LINK the full one to it and EXPORT it. O(1): no item moves,
    /// whatever the buffer size. Returns false if it must be retried (no DMA memory).
    pub(crate) fn on_overflow(&self, core: &Core) -> bool {
        let Ok(state) = core.query(self.id) else { return false };
        if !state.valid() || !state.stalled() || self.is_closed() {
            return true; // already served, or nothing to serve
        }
        let pool = self.dev.dma();
        let full = self.card_buffer();
        let mask = self.mask();
        // Posted writes arrive in order: once TAIL shows the card's tail, every slot is there.
        let t0 = Instant::now();
        while word(pool, full, TAIL_WORD).load(Acquire) & mask != state.tail() & mask {
            if t0.elapsed() > Duration::from_secs(1) {
                return false; // retried on the next poll
            }
            std::thread::yield_now();
        }
        let fresh = match Self::fresh_buffer(&*self.dev, self.log2_words) {
            Ok(b) => b,
            Err(_) => {
                self.stats.alloc_failures.fetch_add(1, Relaxed);
                return false;
            }
        };
        self.buffers.fetch_add(1, SeqCst);
        word(pool, full, LINK_WORD).store(link_word(fresh, self.log2_words), Release);
        self.card_buffer.store(fresh, SeqCst);
        if core.command(v2::CMD_EXPORT, self.id, ExportEntry::new(fresh, self.log2_words).0).is_err() {
            return false;
        }
        self.stats.extends.fetch_add(1, Relaxed);
        true
    }
}

impl Drop for QueueV2 {
    /// The queue is gone (unexported, no handle left): retire its whole chain.
    fn drop(&mut self) {
        let pool = self.dev.dma();
        let mut b = self.oldest.load(SeqCst);
        while b != 0 {
            let next = link_next(word(pool, b, LINK_WORD).load(Acquire));
            self.epoch.retire(DmaBlock { dev_addr: b, log2_bytes: self.log2_words + WORD_SHIFT });
            b = next;
        }
    }
}
