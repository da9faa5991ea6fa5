//! One exported queue as the host sees it: its chain of buffers in DMA memory, the control
//! word (LOCK / DNP / FULL_PENDING / EXTENDING) and the two sides of spec §9 — the dequeuer
//! (user-level, called by the library) and the overflow handler's *extend* (called by the
//! interrupt thread, or by a dequeuer that finds FULL_PENDING on its way out).

use crate::device::Device;
use crate::dma::{DmaBlock, DmaPool};
use crate::epoch::EpochManager;
use crate::regs::Registers;
use crate::stats::QueueStats;
use renq_abi::buffer::{
    self, link_next, link_word, next_index, occupancy, FIRST_DATA_INDEX, HEAD_WORD, INDEX_MASK, LINK_WORD, TAIL_WORD,
};
use renq_abi::control::{DNP, EXTENDING, FULL_PENDING, LOCK};
use renq_abi::{WORD_BYTES, WORD_SHIFT};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::Arc;

/// Longest chain a walk follows: a corrupted LINK word must not hang a dequeuer.
const MAX_CHAIN: usize = 1 << 20;

/// What the overflow handler did with one OVERFLOW of a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

pub struct Queue {
    id: u8,
    log2_words: u32,
    first: DmaBlock,
    control: AtomicU64,
    closed: std::sync::atomic::AtomicBool,
    /// A consumer handle (the library's one Receiver) exists.
    consumer: std::sync::atomic::AtomicBool,
    dev: Arc<dyn Device>,
    epoch: Arc<EpochManager<DmaBlock>>,
    pub(crate) stats: QueueStats,
}

/// A buffer's words, by device address.
#[derive(Clone, Copy)]
struct Buf<'a> {
    pool: &'a DmaPool,
    base: u64,
}

impl<'a> Buf<'a> {
    fn word(&self, index: u64) -> &'a AtomicU64 {
        self.pool.word(self.base | (index << WORD_SHIFT)).expect("queue buffer outside the DMA region")
    }
    fn link(&self) -> &'a AtomicU64 {
        self.word(LINK_WORD)
    }
    fn tail(&self) -> &'a AtomicU64 {
        self.word(TAIL_WORD)
    }
    fn head(&self) -> &'a AtomicU64 {
        self.word(HEAD_WORD)
    }
}

impl Queue {
    /// Allocates the first buffer F and writes its header (empty, no next buffer).
    pub(crate) fn new(
        dev: Arc<dyn Device>,
        epoch: Arc<EpochManager<DmaBlock>>,
        id: u8,
        log2_words: u32,
    ) -> crate::error::Result<Queue> {
        let first = dev.dma().alloc(log2_words + WORD_SHIFT)?;
        let q = Queue {
            id,
            log2_words,
            first,
            control: AtomicU64::new(0),
            closed: Default::default(),
            consumer: Default::default(),
            dev,
            epoch,
            stats: QueueStats::default(),
        };
        let f = q.buf(first.dev_addr);
        f.link().store(link_word(0, log2_words), Relaxed);
        f.head().store(FIRST_DATA_INDEX, Relaxed);
        f.tail().store(FIRST_DATA_INDEX, Release);
        Ok(q)
    }

    pub fn id(&self) -> u8 {
        self.id
    }
    pub fn log2_words(&self) -> u32 {
        self.log2_words
    }
    /// Device address of the first buffer (what EXPORT[q] holds).
    pub fn first_buffer(&self) -> u64 {
        self.first.dev_addr
    }
    /// Unexported by `Driver::destroy_queue`: no new items arrive; what is left can be drained.
    pub fn is_closed(&self) -> bool {
        self.closed.load(SeqCst)
    }

    /// Arms the queue (spec §5a): its next enqueue raises NOTIFY once. A consumer arms, then
    /// re-checks the queue, then sleeps. The ARM write is posted (on PCIe, and on the
    /// simulator's socket): the read-back of ARMED returns only after the card has taken it,
    /// so an item the re-check misses is enqueued after the arm and raises NOTIFY. Without it
    /// the card can enqueue between the re-check and the arm's arrival and nobody is woken.
    pub fn arm(&self) {
        self.stats.arms.fetch_add(1, Relaxed);
        self.dev.arm(self.id);
        let _flush = self.dev.armed();
    }

    /// Counts a sleeping consumer's wake-up.
    pub fn note_wakeup(&self) {
        self.stats.wakeups.fetch_add(1, Relaxed);
    }

    /// Claims the queue's single consumer handle; false if already claimed.
    pub fn claim_consumer(&self) -> bool {
        !self.consumer.swap(true, SeqCst)
    }

    pub fn release_consumer(&self) {
        self.consumer.store(false, SeqCst)
    }

    pub(crate) fn mark_closed(&self) {
        self.closed.store(true, SeqCst)
    }

    /// The control word (LOCK | DNP | FULL_PENDING | EXTENDING), for diagnostics.
    pub fn control_word(&self) -> u64 {
        self.control.load(SeqCst)
    }

    /// The card this queue lives on.
    pub fn device(&self) -> &Arc<dyn Device> {
        &self.dev
    }

    pub fn stats(&self) -> crate::stats::QueueStatsSnapshot {
        self.stats.snapshot()
    }

    fn buf(&self, base: u64) -> Buf<'_> {
        Buf { pool: self.dev.dma(), base }
    }

    fn next_of(&self, b: Buf<'_>) -> u64 {
        link_next(b.link().load(Acquire))
    }

    /// Dequeues up to `out.len()` items (oldest first) in one pass under the dequeue lock;
    /// returns how many. Never blocks on the card; waits only for another consumer thread or
    /// a running extension.
    pub fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        if out.is_empty() {
            return 0;
        }
        self.lock();
        self.enter();
        let mut n = 0;
        let mut retired = false;
        while n < out.len() {
            match self.take_one(&mut retired) {
                Some(v) => {
                    out[n] = v;
                    n += 1;
                }
                None => break,
            }
        }
        self.leave();
        self.unlock();
        self.stats.dequeued.fetch_add(n as u64, Relaxed);
        if retired {
            self.reclaim();
        }
        n
    }

    /// Runs `f` as a dequeuer would sit inside the queue (LOCK and DNP held), then leaves as
    /// a dequeuer does (serving a FULL_PENDING the handler left meanwhile). For tests and
    /// diagnostics of the deferral path.
    pub fn inside_dequeue<R>(&self, f: impl FnOnce() -> R) -> R {
        self.lock();
        self.enter();
        let r = f();
        self.leave();
        self.unlock();
        r
    }

    /// Takes the LOCK among consumer threads of this queue.
    fn lock(&self) {
        let mut spins = 0u32;
        while self.control.fetch_or(LOCK, Acquire) & LOCK != 0 {
            backoff(&mut spins);
        }
    }

    fn unlock(&self) {
        self.control.fetch_and(!LOCK, Release);
    }

    /// Sets DNP once no extension is running: from here until `leave` the handler will not
    /// move items (it sets FULL_PENDING instead).
    fn enter(&self) {
        let mut spins = 0u32;
        loop {
            let c = self.control.load(SeqCst);
            if c & EXTENDING == 0 && self.control.compare_exchange(c, c | DNP, SeqCst, SeqCst).is_ok() {
                return;
            }
            backoff(&mut spins);
        }
    }

    /// Clears DNP and takes FULL_PENDING in one atomic step; if the handler deferred to us,
    /// extend now (the paper's ioctl), under EXTENDING so the handler keeps out.
    fn leave(&self) {
        let prev = self
            .control
            .fetch_update(SeqCst, SeqCst, |c| {
                Some(if c & FULL_PENDING != 0 { (c & !(DNP | FULL_PENDING)) | EXTENDING } else { c & !DNP })
            })
            .unwrap();
        if prev & FULL_PENDING != 0 {
            self.stats.pending_served.fetch_add(1, Relaxed);
            self.extend_if_stalled();
            self.control.fetch_and(!EXTENDING, SeqCst);
        }
    }

    /// One item from the last (oldest) buffer, unlinking and retiring drained buffers that
    /// are not F. Caller holds LOCK and DNP.
    fn take_one(&self, retired: &mut bool) -> Option<u64> {
        let log2 = self.log2_words;
        loop {
            let (prev, last) = self.find_last();
            let l = self.buf(last);
            let head = l.head().load(Relaxed) & INDEX_MASK;
            let tail = l.tail().load(Acquire) & INDEX_MASK;
            if head == tail {
                let prev = prev?; // L = F and empty: the queue is empty
                                  // L is drained and no writer can reach it (only F is written by the card):
                                  // unlink it, then retire it for reclamation once no `len()` reader sees it.
                self.buf(prev).link().store(link_word(0, log2), Release);
                self.epoch.retire(DmaBlock { dev_addr: last, log2_bytes: log2 + WORD_SHIFT });
                self.stats.retired.fetch_add(1, Relaxed);
                *retired = true;
                continue;
            }
            let v = l.word(head).load(Relaxed);
            l.head().store(next_index(head, log2), Release);
            return Some(v);
        }
    }

    /// (predecessor, last) of the chain from F; predecessor is None when last = F.
    fn find_last(&self) -> (Option<u64>, u64) {
        let mut prev = None;
        let mut cur = self.first.dev_addr;
        for _ in 0..MAX_CHAIN {
            let next = self.next_of(self.buf(cur));
            if next == 0 {
                return (prev, cur);
            }
            prev = Some(cur);
            cur = next;
        }
        panic!("queue {}: chain longer than {MAX_CHAIN} buffers (corrupt LINK words?)", self.id);
    }

    /// The overflow handler's entry (spec §9), called on OVERFLOW with STALLED[q] set.
    pub fn on_overflow(&self) -> OverflowAction {
        let r = self.control.fetch_update(SeqCst, SeqCst, |c| {
            if c & EXTENDING != 0 {
                None
            } else if c & DNP != 0 {
                Some(c | FULL_PENDING)
            } else {
                Some(c | EXTENDING)
            }
        });
        match r {
            Err(_) => OverflowAction::Busy,
            Ok(c) if c & DNP != 0 => {
                if c & FULL_PENDING == 0 {
                    self.stats.deferred.fetch_add(1, Relaxed);
                }
                OverflowAction::Deferred
            }
            Ok(_) => {
                let a = self.extend_if_stalled();
                self.control.fetch_and(!EXTENDING, SeqCst);
                a
            }
        }
    }

    /// Caller holds EXTENDING (so no dequeuer is inside). Re-reads STALLED: a stall already
    /// served (by the other party) must not be served twice, since the card is then writing F.
    fn extend_if_stalled(&self) -> OverflowAction {
        if self.dev.stalled() & (1 << self.id) == 0 {
            return OverflowAction::NotStalled;
        }
        self.extend()
    }

    /// Moves F's items into a new buffer N linked right behind F, resets F, resumes the card.
    /// F is quiescent: the card is stalled on this queue and no dequeuer is inside.
    fn extend(&self) -> OverflowAction {
        let log2 = self.log2_words;
        let f = self.buf(self.first.dev_addr);
        let head = f.head().load(Acquire) & INDEX_MASK;
        let tail = f.tail().load(Acquire) & INDEX_MASK;
        let n = match self.dev.dma().alloc(log2 + WORD_SHIFT) {
            Ok(b) => b,
            Err(_) => {
                // No memory: if the consumer has made room in F since the stall, resuming
                // without a new buffer is safe; otherwise stay stalled and retry later.
                if next_index(tail, log2) != head {
                    self.stats.resumed_without_extend.fetch_add(1, Relaxed);
                    self.dev.resume(self.id);
                    return OverflowAction::Extended;
                }
                self.stats.alloc_failures.fetch_add(1, Relaxed);
                return OverflowAction::NoMemory;
            }
        };
        let nb = self.buf(n.dev_addr);
        let (mut i, mut j) = (head, FIRST_DATA_INDEX);
        while i != tail {
            nb.word(j).store(f.word(i).load(Relaxed), Relaxed);
            i = next_index(i, log2);
            j += 1;
        }
        debug_assert!(j < buffer::words(log2));
        nb.head().store(FIRST_DATA_INDEX, Relaxed);
        nb.tail().store(j, Relaxed);
        nb.link().store(link_word(self.next_of(f), log2), Relaxed);
        // Publish N (release: its contents are visible before the link that reaches it).
        f.link().store(link_word(n.dev_addr, log2), Release);
        f.head().store(FIRST_DATA_INDEX, Release);
        f.tail().store(FIRST_DATA_INDEX, Release);
        self.stats.extends.fetch_add(1, Relaxed);
        self.stats.moved_items.fetch_add(j - FIRST_DATA_INDEX, Relaxed);
        // The reset header must be in memory before the card, resumed, reads it.
        std::sync::atomic::fence(SeqCst);
        self.dev.resume(self.id);
        OverflowAction::Extended
    }

    /// Items in the queue now, counted without the dequeue lock (a snapshot; it may count an
    /// item twice while an extension is copying). Pins an epoch so no buffer it walks is
    /// reused under it.
    pub fn len(&self) -> usize {
        let _pin = self.epoch.pin();
        let mut total = 0;
        let mut cur = self.first.dev_addr;
        for _ in 0..MAX_CHAIN {
            let b = self.buf(cur);
            let head = b.head().load(Acquire) & INDEX_MASK;
            let tail = b.tail().load(Acquire) & INDEX_MASK;
            total += occupancy(head, tail, self.log2_words) as usize;
            cur = self.next_of(b);
            if cur == 0 {
                break;
            }
        }
        total
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Buffers in the chain, F included (lock-free snapshot, like `len`).
    pub fn chain_len(&self) -> usize {
        let _pin = self.epoch.pin();
        let mut n = 1;
        let mut cur = self.next_of(self.buf(self.first.dev_addr));
        while cur != 0 && n < MAX_CHAIN {
            n += 1;
            cur = self.next_of(self.buf(cur));
        }
        n
    }

    /// Returns retired buffers that no reader can reach to the DMA pool.
    pub(crate) fn reclaim(&self) {
        for b in self.epoch.collect() {
            self.dev.dma().free(b);
        }
    }

    /// Bytes of DMA memory one buffer of this queue takes.
    pub fn buffer_bytes(&self) -> u64 {
        buffer::words(self.log2_words) * WORD_BYTES
    }
}

impl Drop for Queue {
    /// The queue is unexported and unreachable by the card and by consumers (they held the
    /// last Arc): free the whole chain through the epoch manager (a `len()` may still run
    /// elsewhere only through an Arc, so none does; retire keeps the rule uniform).
    fn drop(&mut self) {
        let mut cur = self.first.dev_addr;
        let log2_bytes = self.log2_words + WORD_SHIFT;
        for _ in 0..MAX_CHAIN {
            let next = self.next_of(self.buf(cur));
            self.epoch.retire(DmaBlock { dev_addr: cur, log2_bytes });
            if next == 0 {
                break;
            }
            cur = next;
        }
        self.reclaim();
    }
}

/// Spin briefly, then yield: lock holders are short (a few loads and stores).
fn backoff(spins: &mut u32) {
    *spins += 1;
    if *spins < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}
