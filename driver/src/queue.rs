//! One card-v2 queue as the host sees it (spec §9b): a forward chain of buffers in DMA
//! memory. The card appends to the newest (`card_buffer`, the one it has EXPORTed); the
//! consumer drains the oldest and follows LINK; the overflow handler only ever appends a
//! fresh buffer behind the newest. No item is ever moved, and the handler and the consumer
//! never write the same word: the handler writes the full buffer's LINK and the new buffer's
//! header, the consumer writes HEAD.
//!
//! The protocol itself is written once, as step machines in [`crate::steps`]; `Queue` runs
//! them to completion against the DMA region and the card (`Live`), and the model check
//! (`driver/tests/protocol_model.rs`) explores their interleavings over a model memory.
//!
//! The consumer rings the card's head doorbell (HEAD(q, head)) every `doorbell_every` items,
//! so the card learns of free slots without reading HEAD from host memory (spec §9b).

use crate::card_driver::CardQueue;
use crate::commands::{Commands, Held};
use crate::device::Device;
use crate::dma::{DmaBlock, DmaPool};
use crate::epoch::EpochManager;
use crate::error::Result;
use crate::stats::{QueueStats, QueueStatsSnapshot};
use crate::steps::{Cursor, DeqStep, DequeueOp, OverflowOp, QueueMem, Served, Step};
use renq_abi::buffer::{capacity, link_next, link_word, occupancy, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::ExportEntry;
use renq_abi::state::QueueState;
use renq_abi::WORD_SHIFT;
use std::sync::atomic::Ordering::{self, Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct Queue {
    id: u16,
    log2_words: u32,
    /// The newest buffer: the one the card's last EXPORT named, 0 once unexported. Written
    /// only under the command lock, together with the EXPORT (the doorbell relies on it).
    card_buffer: AtomicU64,
    /// The consumer rings HEAD after this many items (0: never; the card reads HEAD).
    doorbell_every: AtomicU32,
    /// The oldest buffer (the consumer's), for lock-free readers (`len`).
    oldest: AtomicU64,
    buffers: AtomicUsize,
    cursor: Mutex<Cursor>,
    closed: AtomicBool,
    consumer: AtomicBool,
    dev: Arc<dyn Device>,
    cmds: Arc<Commands>,
    epoch: Arc<EpochManager<DmaBlock>>,
    stats: QueueStats,
}

/// The default doorbell period: a quarter of the buffer's capacity. The card's free count is
/// then short of the truth by at most that many slots, so it reads HEAD only once the queue
/// holds more than ¾ of a buffer (a consumer falling behind, or an overflow coming); and a
/// doorbell (two BAR0 writes and a status read) costs at most 4 per buffer's worth of items.
pub fn default_doorbell_every(log2_words: u32) -> u32 {
    (capacity(log2_words) / 4).max(1) as u32
}

fn word(pool: &DmaPool, buffer: u64, index: u64) -> &AtomicU64 {
    pool.word(buffer | index << WORD_SHIFT).expect("queue buffer outside the DMA region")
}

impl Queue {
    pub(crate) fn new(
        dev: Arc<dyn Device>,
        cmds: Arc<Commands>,
        epoch: Arc<EpochManager<DmaBlock>>,
        id: u16,
        log2_words: u32,
    ) -> Result<Queue> {
        let first = Self::fresh_buffer(&*dev, log2_words)?;
        Ok(Queue {
            id,
            log2_words,
            card_buffer: AtomicU64::new(first),
            doorbell_every: AtomicU32::new(default_doorbell_every(log2_words)),
            oldest: AtomicU64::new(first),
            buffers: AtomicUsize::new(1),
            cursor: Mutex::new(Cursor::new(first, FIRST_DATA_INDEX)),
            closed: AtomicBool::new(false),
            consumer: AtomicBool::new(false),
            dev,
            cmds,
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
    /// The buffer the card writes now (what its last EXPORT named; 0 once unexported).
    pub fn card_buffer(&self) -> u64 {
        self.card_buffer.load(SeqCst)
    }

    /// EXPORTs the first buffer (the queue is new: no consumer, no handler yet).
    pub(crate) fn export_first(&self) -> Result<()> {
        let held = self.cmds.lock();
        let e = ExportEntry::new(self.card_buffer(), self.log2_words);
        self.cmds.run_locked(&held, renq_abi::CMD_EXPORT, self.id, e.0)
    }

    /// Unexports the queue (EXPORT with VALID 0; its packets are rejected from now on) and
    /// forgets the card's buffer under the same hold of the command lock, so no doorbell of
    /// this queue reaches the card after it (the queue id may be exported anew).
    pub(crate) fn unexport(&self) -> Result<()> {
        let held = self.cmds.lock();
        self.card_buffer.store(0, SeqCst);
        self.cmds.run_locked(&held, renq_abi::CMD_EXPORT, self.id, ExportEntry::default().0)
    }

    /// Rings the head doorbell after every `k` dequeued items (0: never, and the card reads
    /// HEAD from memory when its free count runs out). Default: `default_doorbell_every`.
    pub fn set_doorbell_every(&self, k: u32) {
        self.doorbell_every.store(k, SeqCst)
    }
    pub fn doorbell_every(&self) -> u32 {
        self.doorbell_every.load(SeqCst)
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
    /// whether to move on; the drained buffer is retired through the epoch manager. The
    /// protocol is `steps::DequeueOp`, run to completion here.
    pub fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        let mut c = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
        let mut mem = Live { q: self, pool: self.dev.dma(), held: None };
        let mut op = DequeueOp::new(*c, self.log2_words, out.len()).with_doorbell(self.doorbell_every());
        let mut n = 0;
        loop {
            match op.step(&mut mem) {
                DeqStep::Pending => {}
                DeqStep::Item(v) => {
                    out[n] = v;
                    n += 1;
                }
                DeqStep::Done => break,
            }
        }
        *c = op.cursor;
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
    /// whatever the buffer size. Returns false if it must be retried (no DMA memory). The
    /// protocol is `steps::OverflowOp`, run to completion here.
    pub(crate) fn on_overflow(&self) -> bool {
        let mut mem = Live { q: self, pool: self.dev.dma(), held: None };
        let mut op = OverflowOp::new(self.card_buffer(), self.log2_words);
        let t0 = Instant::now();
        loop {
            match op.step(&mut mem) {
                Step::Pending => {}
                Step::Wait => {
                    if t0.elapsed() > Duration::from_secs(1) {
                        return false; // retried on the next poll
                    }
                    std::thread::yield_now();
                }
                Step::Done(Served::Extended) => {
                    self.stats.extends.fetch_add(1, Relaxed);
                    return true;
                }
                Step::Done(Served::NotStalled) => return true,
                Step::Done(Served::NoMemory) => {
                    self.stats.alloc_failures.fetch_add(1, Relaxed);
                    return false;
                }
                Step::Done(Served::NoAnswer) => return false,
            }
        }
    }
}

/// The protocol's memory in the running driver: the DMA region, the card's command port and
/// the queue's bookkeeping. `held`: the consumer's hold of the command lock, from its check of
/// the card's buffer to its HEAD command.
struct Live<'a> {
    q: &'a Queue,
    pool: &'a DmaPool,
    held: Option<Held<'a>>,
}

impl QueueMem for Live<'_> {
    #[inline(always)]
    fn load(&mut self, addr: u64, order: Ordering) -> u64 {
        self.pool.word(addr).expect("queue buffer outside the DMA region").load(order)
    }
    #[inline(always)]
    fn store(&mut self, addr: u64, value: u64, order: Ordering) {
        self.pool.word(addr).expect("queue buffer outside the DMA region").store(value, order)
    }
    fn query(&mut self) -> Option<QueueState> {
        self.q.cmds.query(self.q.id).ok()
    }
    fn export(&mut self, buffer: u64) -> bool {
        let q = self.q;
        let held = q.cmds.lock();
        q.card_buffer.store(buffer, SeqCst);
        q.cmds.run_locked(&held, renq_abi::CMD_EXPORT, q.id, ExportEntry::new(buffer, q.log2_words).0).is_ok()
    }
    fn lock_commands(&mut self) -> u64 {
        self.held = Some(self.q.cmds.lock());
        self.q.card_buffer()
    }
    fn head_doorbell(&mut self, head: u64) -> bool {
        let (q, held) = (self.q, self.held.as_ref().expect("HEAD is rung under the command lock"));
        let rung = q.cmds.run_locked(held, renq_abi::CMD_HEAD, q.id, head).is_ok();
        q.stats.doorbells.fetch_add(rung as u64, Relaxed);
        rung
    }
    fn unlock_commands(&mut self) {
        self.held = None;
    }
    fn closed(&mut self) -> bool {
        self.q.is_closed()
    }
    fn alloc(&mut self) -> Option<u64> {
        // Not zeroed: zeroing would make the handler's work grow with the buffer (§9b).
        self.pool.alloc_unzeroed(self.q.log2_words + WORD_SHIFT).ok().map(|b| b.dev_addr)
    }
    fn chained(&mut self, _fresh: u64) {
        self.q.buffers.fetch_add(1, SeqCst);
    }
    fn retire(&mut self, drained: u64, next: u64) {
        let q = self.q;
        q.oldest.store(next, SeqCst);
        q.buffers.fetch_sub(1, SeqCst);
        q.epoch.retire(DmaBlock { dev_addr: drained, log2_bytes: q.log2_words + WORD_SHIFT });
        q.stats.retired.fetch_add(1, Relaxed);
    }
}

impl Drop for Queue {
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

impl CardQueue for Queue {
    fn id(&self) -> u16 {
        Queue::id(self)
    }
    fn claim_consumer(&self) -> bool {
        Queue::claim_consumer(self)
    }
    fn release_consumer(&self) {
        Queue::release_consumer(self)
    }
    fn dequeue_batch(&self, out: &mut [u64]) -> usize {
        Queue::dequeue_batch(self, out)
    }
    fn is_closed(&self) -> bool {
        Queue::is_closed(self)
    }
    fn len(&self) -> usize {
        Queue::len(self)
    }
    fn chain_len(&self) -> usize {
        Queue::chain_len(self)
    }
    fn stats(&self) -> QueueStatsSnapshot {
        Queue::stats(self)
    }
    /// The ARM command with the tail this consumer has seen: a buffer linked before the arm
    /// took effect is found by the consumer's second look, like an item.
    fn arm(&self) -> Result<()> {
        self.cmds.run(renq_abi::CMD_ARM, self.id, self.seen_tail())
    }
    fn set_head_doorbell(&self, every: u32) -> bool {
        self.set_doorbell_every(every);
        true
    }
    fn head_doorbell(&self) -> Option<u32> {
        Some(self.doorbell_every())
    }
}
