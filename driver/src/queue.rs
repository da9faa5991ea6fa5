//! One of the card's queues as the host sees it (spec §9b): a forward chain of buffers in DMA
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
//! The consumer rings the card's head doorbell (HEAD(q, head index and its buffer)) every
//! `doorbell_every` items, so the card learns of free slots without reading HEAD from host
//! memory (spec §9b).
//!
//! On a card with spares (CAPS.SPARES, spec §9c) the handler keeps a ring of spare buffers
//! posted (`spare_target`: 512 KiB of them, at least one, at most what the card holds; posted
//! in runs, one SPARE command each), and the
//! card itself moves the queue into the oldest when its buffer fills (writing the full
//! buffer's LINK after its last TAIL); the handler takes note when it next runs (`card_buffer`
//! becomes that spare: a ring card raises it at each switch, a card with one run at a time when
//! the queue enters a posted run) and fills the ring again. On a card that holds one posted
//! run at a time (CAPS.ONE_RUN, the RTL's) the handler posts the next run, `spare_target` buffers long, once
//! the queue has entered the one posted (QUERY's WAITING clear), and retired buffers go back to
//! the pool, whose buddy allocator gives long runs back. A queue holds at most
//! `QueueConfig::max_bytes` of buffers (the chain and the spares): at the limit no spare is
//! posted, the card stalls when the buffer fills, and the consumer that retires a buffer wakes
//! the handler.

use crate::card_driver::{CardQueue, QueueConfig};
use crate::commands::Commands;
use crate::device::Device;
use crate::dma::{DmaBlock, DmaPool};
use crate::epoch::EpochManager;
use crate::error::Result;
use crate::stats::{QueueStats, QueueStatsSnapshot};
use crate::steps::{self, Cursor, DeqStep, DequeueOp, OverflowOp, Served, Step};
use renq_abi::buffer::{
    bytes, capacity, link_next, link_word, occupancy, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD,
};
use renq_abi::csr::ExportEntry;
use renq_abi::WORD_SHIFT;
use std::collections::VecDeque;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::{Duration, Instant};

mod live;
use live::Live;

/// A buffer retired by a queue's consumer (or by a queue that is gone: `queue` None), waiting
/// in the epoch manager until no reader can reach it; then kept by its queue for reuse as a
/// spare, or returned to the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Retired {
    pub(crate) block: DmaBlock,
    pub(crate) queue: Option<u16>,
}

/// Bytes of spare buffers the driver keeps posted per queue at first (spec §9c): the card's
/// slack while the handler waits for a CPU. The card fills buffer bytes at about the same rate
/// whatever their size; 512 KiB is 8 192 buffers of 2^3 words (32 768 items, 13 ms of the
/// simulator's 2.5 M items/s), 1 024 of 2^6 words, 64 of 2^10. (256 KiB ran dry in 2 of 100
/// runs of `renq demo --queue-log2 3 --producers 32 --items 2000` on a 2-core machine, the
/// interrupt thread and the consumer waiting for a CPU: one stall, thousands refused; 512 KiB:
/// none in 120.)
pub const SPARE_BYTES: u64 = 512 << 10;

/// The spares to keep posted for a queue of 2^`log2_words`-word buffers on a card that holds up
/// to `card_spares` per queue (CAPS.SPARES): `SPARE_BYTES` of them, at least one, at most the
/// card's; 0 on a card without spares.
pub fn spare_target(log2_words: u32, card_spares: u32) -> u16 {
    let by_bytes = (SPARE_BYTES / bytes(log2_words)).max(1);
    by_bytes.min(card_spares as u64).min(u16::MAX as u64) as u16
}

pub struct Queue {
    id: u16,
    log2_words: u32,
    /// Spares the handler keeps posted: `spare_target` at first, doubled (up to what the card
    /// holds) each time the ring ran dry and the queue stalled, or a handler run found less
    /// than a quarter of it on the card; 0: the card has none.
    target: AtomicU16,
    /// The most spares the card holds per queue (CAPS.SPARES; with CAPS.ONE_RUN, the longest
    /// run, `MAX_SPARE_RUN`: the target is then each run's length).
    card_spares: u16,
    /// CAPS.ONE_RUN: a run is posted only while none waits (spec §9c).
    one_run: bool,
    /// The host's record of the card's ring of spares, oldest first. Changes under the command
    /// lock, with the SPARE command, or when the handler takes note of a switch.
    posted: Mutex<VecDeque<u64>>,
    /// Bytes of buffers allocated to the queue and not retired (the chain and the spares).
    live_bytes: AtomicU64,
    max_bytes: u64,
    /// The handler's last run wanted a buffer the limit refused: a retirement wakes it.
    starved: AtomicBool,
    /// Retired buffers of this queue no reader can reach, for the next spares.
    recycled: Mutex<Vec<u64>>,
    /// One handler run at a time: the interrupt thread's, or a consumer's that retired a buffer.
    handler: Mutex<()>,
    /// A handler run was asked for while one was running: it runs again.
    kicked: AtomicBool,
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
    epoch: Arc<EpochManager<Retired>>,
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
        epoch: Arc<EpochManager<Retired>>,
        id: u16,
        config: QueueConfig,
        card_spares: u32,
        one_run: bool,
    ) -> Result<Queue> {
        let log2_words = config.log2_words;
        // On a card with one run at a time the target is the length of each run.
        let card_spares = if one_run { card_spares.min(renq_abi::csr::MAX_SPARE_RUN) } else { card_spares };
        let first = Self::fresh_buffer(&*dev, log2_words)?;
        Ok(Queue {
            id,
            log2_words,
            target: AtomicU16::new(spare_target(log2_words, card_spares)),
            card_spares: card_spares.min(u16::MAX as u32) as u16,
            one_run,
            posted: Mutex::new(VecDeque::new()),
            live_bytes: AtomicU64::new(bytes(log2_words)),
            max_bytes: config.max_bytes.max(2 * bytes(log2_words)),
            starved: AtomicBool::new(false),
            recycled: Mutex::new(Vec::new()),
            handler: Mutex::new(()),
            kicked: AtomicBool::new(false),
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

    /// One of this queue's buffers as a DMA block.
    fn block(&self, dev_addr: u64) -> DmaBlock {
        DmaBlock { dev_addr, log2_bytes: self.log2_words + WORD_SHIFT }
    }

    fn posted(&self) -> MutexGuard<'_, VecDeque<u64>> {
        self.posted.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// The spares posted on the card, oldest first (the next buffer the card continues in).
    pub fn spare_buffers(&self) -> Vec<u64> {
        self.posted().iter().copied().collect()
    }
    /// How many spares the handler keeps posted (0: the card has no spares).
    pub fn spare_target(&self) -> usize {
        self.target.load(Relaxed) as usize
    }
    /// Bytes of buffers the queue holds now (the chain and the spares; spec §9c).
    pub fn memory_bytes(&self) -> u64 {
        self.live_bytes.load(SeqCst)
    }
    /// The most it may hold (`QueueConfig::max_bytes`, at least two buffers).
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// EXPORTs the first buffer (the queue is new: no consumer, no handler yet), then, on a
    /// card with spares, posts the first spare. A spare that cannot be posted now (no DMA
    /// memory) is posted by the handler after the first overflow.
    pub(crate) fn export_first(&self) -> Result<()> {
        let held = self.cmds.lock();
        let e = ExportEntry::new(self.card_buffer(), self.log2_words);
        self.cmds.run_locked(&held, renq_abi::CMD_EXPORT, self.id, e.0)?;
        drop(held);
        if self.spare_target() > 0 {
            self.on_overflow();
        }
        Ok(())
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
        let mut mem = Live::new(self);
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
        drop(c);
        self.stats.dequeued.fetch_add(n as u64, Relaxed);
        // A buffer retired: the handler posts the spares it could not post at the limit, or
        // extends the queue it could not extend, or fills a ring that is half used (spec §9c).
        if mem.retired && (self.starved.load(SeqCst) || self.posted().len() * 2 < self.spare_target()) {
            self.serve(false);
        }
        n
    }

    /// ARMs the queue for its consumer, which found nothing where its cursor is
    /// ([`steps::arm`]: a consumer behind the card's buffer is notified at once).
    pub fn arm(&self) -> Result<()> {
        let c = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
        let mut mem = Live::new(self);
        steps::arm(&mut mem, &c);
        mem.arm_failed.map_or(Ok(()), Err)
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

    /// The handler for this queue (spec §9b, §9c), run by the interrupt thread for an OVERFLOW
    /// entry (a stall, or a switch: on a card with one run at a time, into a posted run), the
    /// LOST sweep and its retries. Returns false if it must be retried (no DMA memory, a
    /// stalled queue at its memory limit, no answer).
    pub(crate) fn on_overflow(&self) -> bool {
        self.serve(true).unwrap_or(true)
    }

    /// Runs the handler, one run at a time, and again while a run was asked for during one.
    /// `wait`: wait for a run in progress; else leave the work to it (it runs again). The
    /// result of this thread's last run (None: left to another).
    fn serve(&self, wait: bool) -> Option<bool> {
        self.kicked.store(true, SeqCst);
        let mut served = None;
        while self.kicked.load(SeqCst) {
            let guard = if wait && served.is_none() {
                self.handler.lock().unwrap_or_else(|e| e.into_inner())
            } else {
                match self.handler.try_lock() {
                    Ok(g) => g,
                    Err(TryLockError::Poisoned(e)) => e.into_inner(),
                    Err(TryLockError::WouldBlock) => return served, // the run in progress sees the kick
                }
            };
            self.kicked.store(false, SeqCst);
            served = Some(self.run_handler());
            drop(guard);
        }
        served
    }

    /// One run of `steps::OverflowOp` to completion: QUERY; take note of a switch; if stalled,
    /// wait until the card's last write to the full buffer is visible (memory TAIL = the card's
    /// tail), LINK it to a fresh buffer and EXPORT that (O(1): no item moves); post the next
    /// spare.
    fn run_handler(&self) -> bool {
        let mut mem = Live::new(self);
        let posted = self.posted().len() as u16;
        let target = self.target.load(Relaxed);
        let mut op = OverflowOp::new(self.card_buffer(), posted, target, self.log2_words).with_one_run(self.one_run);
        let t0 = Instant::now();
        let served = loop {
            match op.step(&mut mem) {
                Step::Pending => {}
                Step::Wait => {
                    if t0.elapsed() > Duration::from_secs(1) {
                        break false; // retried on the next poll
                    }
                    std::thread::yield_now();
                }
                Step::Done(Served::Done) => break true,
                // At the limit a retirement wakes the handler; without DMA memory, the poll.
                Step::Done(Served::NoSpare) => break mem.limited,
                Step::Done(Served::NoMemory) => break false,
                Step::Done(Served::NoAnswer) => break false,
            }
        };
        self.starved.store(mem.limited, SeqCst);
        if (mem.extended || mem.ran_low) && target > 0 {
            // The ring ran dry and the queue stalled, or nearly: the card fills buffers faster
            // than this handler gets to refill them, so keep more posted (the limit still
            // applies).
            let grown = target.saturating_mul(2).min(self.card_spares.max(target));
            self.target.store(grown, Relaxed);
        }
        if mem.no_memory {
            self.stats.alloc_failures.fetch_add(1, Relaxed);
        }
        served
    }

    /// A reclaimed buffer of this queue: kept for a spare (true), or for the pool (false). A
    /// card with one run at a time wants long runs: the pool's buddy allocator gives them back
    /// whole once a run's buffers are all retired, scattered kept buffers would not.
    pub(crate) fn recycle(&self, block: DmaBlock) -> bool {
        if self.spare_target() == 0
            || self.one_run
            || self.is_closed()
            || block.log2_bytes != self.log2_words + WORD_SHIFT
        {
            return false;
        }
        let mut r = self.recycled.lock().unwrap_or_else(|e| e.into_inner());
        if r.len() >= self.spare_target().max(2) {
            return false;
        }
        r.push(block.dev_addr);
        true
    }
}

impl Drop for Queue {
    /// The queue is gone (unexported, no handle left): retire its whole chain and its spares
    /// (but those the card had switched into: they are in the chain), free what it kept.
    fn drop(&mut self) {
        let pool = self.dev.dma();
        // (A copy of the size: `recycled` is borrowed mutably below.)
        let log2_bytes = self.log2_words + WORD_SHIFT;
        let block = |dev_addr| DmaBlock { dev_addr, log2_bytes };
        let (mut b, mut spares) =
            (self.oldest.load(SeqCst), std::mem::take(self.posted.get_mut().unwrap_or_else(|e| e.into_inner())));
        while b != 0 {
            let next = link_next(word(pool, b, LINK_WORD).load(Acquire));
            spares.retain(|&s| s != b);
            self.epoch.retire(Retired { block: block(b), queue: None });
            b = next;
        }
        for s in spares {
            self.epoch.retire(Retired { block: block(s), queue: None });
        }
        for b in self.recycled.get_mut().unwrap_or_else(|e| e.into_inner()).drain(..) {
            pool.free(block(b));
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
    /// ARM with where this consumer is: a buffer linked before the arm took effect is found by
    /// the consumer's second look, like an item.
    fn arm(&self) -> Result<()> {
        Queue::arm(self)
    }
    fn set_head_doorbell(&self, every: u32) -> bool {
        self.set_doorbell_every(every);
        true
    }
    fn head_doorbell(&self) -> Option<u32> {
        Some(self.doorbell_every())
    }
}
