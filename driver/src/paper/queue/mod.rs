//! One exported queue as the host sees it: its chain of buffers in DMA memory, the control
//! word (LOCK / DNP / FULL_PENDING / EXTENDING) and the two sides of spec §9 — the dequeuer
//! (user-level, called by the library) and the overflow handler's *extend* (called by the
//! interrupt thread, or by a dequeuer that finds FULL_PENDING on its way out).
//!
//! The protocol itself is written once, as step machines in [`steps`]; `PaperQueue` runs them to
//! completion against the DMA region and the card ([`Live`]), and the model check
//! (`driver/tests/protocol_model.rs`) explores their interleavings over a model memory.

use crate::card_driver::CardQueue;
use crate::device::Device;
use crate::dma::{DmaBlock, DmaPool};
use crate::epoch::EpochManager;
use crate::regs::Registers;
use crate::stats::QueueStats;
use renq_abi::buffer::{
    self, link_next, link_word, occupancy, FIRST_DATA_INDEX, HEAD_WORD, INDEX_MASK, LINK_WORD, TAIL_WORD,
};
use renq_abi::{WORD_BYTES, WORD_SHIFT};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::{self, Acquire, Relaxed, Release, SeqCst};
use std::sync::Arc;

pub mod steps;

#[cfg(feature = "mutants")]
pub use steps::Mutations;
pub use steps::OverflowAction;
use steps::{DeqStep, DequeueOp, Note, OverflowOp, ProtocolMem, Shape, Step, MAX_CHAIN};

pub struct PaperQueue {
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

impl PaperQueue {
    /// Allocates the first buffer F and writes its header (empty, no next buffer).
    pub(crate) fn new(
        dev: Arc<dyn Device>,
        epoch: Arc<EpochManager<DmaBlock>>,
        id: u8,
        log2_words: u32,
    ) -> crate::error::Result<PaperQueue> {
        let first = dev.dma().alloc(log2_words + WORD_SHIFT)?;
        let q = PaperQueue {
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
    /// Unexported by `PaperDriver::destroy_queue`: no new items arrive; what is left can be drained.
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

    fn shape(&self) -> Shape {
        Shape { first: self.first.dev_addr, log2_words: self.log2_words }
    }

    /// Dequeues up to `out.len()` items (oldest first) in one pass under the dequeue lock;
    /// returns how many. Never blocks on the card; waits only for another consumer thread or
    /// a running extension.
    pub fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        if out.is_empty() {
            return 0;
        }
        let (shape, mut mem) = (self.shape(), Live::new(self));
        let mut op = DequeueOp::new(out.len());
        let (mut n, mut spins) = (0, 0u32);
        loop {
            match op.step(shape, &mut mem) {
                DeqStep::Pending => {}
                DeqStep::Wait => backoff(&mut spins),
                DeqStep::Item(v) => {
                    out[n] = v;
                    n += 1;
                }
                DeqStep::Done => break,
            }
        }
        self.stats.dequeued.fetch_add(n as u64, Relaxed);
        if mem.retired {
            self.reclaim();
        }
        n
    }

    /// Runs `f` as a dequeuer would sit inside the queue (LOCK and DNP held), then leaves as
    /// a dequeuer does (serving a FULL_PENDING the handler left meanwhile). For tests and
    /// diagnostics of the deferral path.
    pub fn inside_dequeue<R>(&self, f: impl FnOnce() -> R) -> R {
        let (shape, mut mem) = (self.shape(), Live::new(self));
        let mut op = DequeueOp::new(0);
        let mut spins = 0u32;
        let mut f = Some(f);
        let mut r = None;
        loop {
            if op.at_leave() {
                if let Some(f) = f.take() {
                    r = Some(f());
                }
            }
            match op.step(shape, &mut mem) {
                DeqStep::Wait => backoff(&mut spins),
                DeqStep::Done => break,
                DeqStep::Pending | DeqStep::Item(_) => {}
            }
        }
        r.expect("a dequeue visit always passes Leave")
    }

    /// The overflow handler's entry (spec §9), called on OVERFLOW with STALLED[q] set.
    pub fn on_overflow(&self) -> OverflowAction {
        let (shape, mut mem) = (self.shape(), Live::new(self));
        let mut op = OverflowOp::new();
        loop {
            // The handler never waits: it defers, or leaves a busy queue to the next poll.
            if let Step::Done(a) = op.step(shape, &mut mem) {
                return a;
            }
        }
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

impl Drop for PaperQueue {
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

/// The protocol's memory in the running driver: the DMA region, the control word, the card.
struct Live<'a> {
    q: &'a PaperQueue,
    pool: &'a DmaPool,
    /// A buffer was retired during this visit (the caller reclaims).
    retired: bool,
}

impl<'a> Live<'a> {
    fn new(q: &'a PaperQueue) -> Self {
        Live { q, pool: q.dev.dma(), retired: false }
    }
    #[inline(always)]
    fn word(&self, addr: u64) -> &'a AtomicU64 {
        self.pool.word(addr).expect("queue buffer outside the DMA region")
    }
}

impl ProtocolMem for Live<'_> {
    #[inline(always)]
    fn load(&mut self, addr: u64, order: Ordering) -> u64 {
        self.word(addr).load(order)
    }
    #[inline(always)]
    fn store(&mut self, addr: u64, value: u64, order: Ordering) {
        self.word(addr).store(value, order)
    }
    #[inline(always)]
    fn ctl_update(&mut self, f: impl FnMut(u64) -> Option<u64>) -> Result<u64, u64> {
        self.q.control.fetch_update(SeqCst, SeqCst, f)
    }
    #[inline(always)]
    fn ctl_fetch_or(&mut self, bits: u64, order: Ordering) -> u64 {
        self.q.control.fetch_or(bits, order)
    }
    #[inline(always)]
    fn ctl_fetch_and(&mut self, mask: u64, order: Ordering) -> u64 {
        self.q.control.fetch_and(mask, order)
    }
    fn stalled(&mut self) -> bool {
        self.q.dev.stalled() & (1 << self.q.id) != 0
    }
    fn resume(&mut self) {
        // The reset header must be in memory before the card, resumed, reads it.
        std::sync::atomic::fence(SeqCst);
        self.q.dev.resume(self.q.id)
    }
    fn alloc(&mut self) -> Option<u64> {
        self.pool.alloc(self.q.log2_words + WORD_SHIFT).ok().map(|b| b.dev_addr)
    }
    fn retire(&mut self, base: u64) {
        self.q.epoch.retire(DmaBlock { dev_addr: base, log2_bytes: self.q.log2_words + WORD_SHIFT });
        self.q.stats.retired.fetch_add(1, Relaxed);
        self.retired = true;
    }
    fn note(&mut self, event: Note) {
        let s = &self.q.stats;
        match event {
            Note::Deferred => s.deferred.fetch_add(1, Relaxed),
            Note::PendingServed => s.pending_served.fetch_add(1, Relaxed),
            Note::ResumedWithoutExtend => s.resumed_without_extend.fetch_add(1, Relaxed),
            Note::AllocFailure => s.alloc_failures.fetch_add(1, Relaxed),
            Note::Extended { moved } => {
                s.moved_items.fetch_add(moved, Relaxed);
                s.extends.fetch_add(1, Relaxed)
            }
        };
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

impl CardQueue for PaperQueue {
    fn id(&self) -> u16 {
        PaperQueue::id(self).into()
    }
    fn claim_consumer(&self) -> bool {
        PaperQueue::claim_consumer(self)
    }
    fn release_consumer(&self) {
        PaperQueue::release_consumer(self)
    }
    fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        PaperQueue::dequeue_batch(self, out)
    }
    fn is_closed(&self) -> bool {
        PaperQueue::is_closed(self)
    }
    fn len(&self) -> usize {
        PaperQueue::len(self)
    }
    fn chain_len(&self) -> usize {
        PaperQueue::chain_len(self)
    }
    fn stats(&self) -> crate::stats::QueueStatsSnapshot {
        PaperQueue::stats(self)
    }
    /// The ARM register (spec §5a): a NOTIFY on the next item.
    fn arm(&self) -> crate::error::Result<()> {
        PaperQueue::arm(self);
        Ok(())
    }
    fn note_wakeup(&self) {
        PaperQueue::note_wakeup(self)
    }
}
