//! The protocol's memory in the running driver (`Live`): what `steps::OverflowOp` and
//! `steps::DequeueOp` touch, over the DMA region, the card's command port and the queue's
//! bookkeeping.

use super::{bytes, Queue, Retired};
use crate::commands::Held;
use crate::dma::{DmaBlock, DmaPool};
use crate::error::DriverError;
use crate::steps::QueueMem;
use renq_abi::csr::ExportEntry;
use renq_abi::state::QueueState;
use renq_abi::WORD_SHIFT;
use std::sync::atomic::Ordering::{self, Relaxed, SeqCst};

/// Takes the highest run of up to `want` consecutive buffers (`size` bytes apart) out of
/// `kept`: the first and how many; `None` if `kept` is empty.
fn take_run(kept: &mut Vec<u64>, size: u64, want: u64) -> Option<(u64, u64)> {
    kept.sort_unstable();
    let mut first = *kept.last()?;
    let mut n = 1;
    while n < want && kept.len() > n as usize && kept[kept.len() - 1 - n as usize] + size == first {
        first -= size;
        n += 1;
    }
    kept.truncate(kept.len() - n as usize);
    Some((first, n))
}

/// The protocol's memory in the running driver: the DMA region, the card's command port and
/// the queue's bookkeeping. `held`: the consumer's hold of the command lock, from its check of
/// the card's buffer to its HEAD command.
pub(super) struct Live<'a> {
    q: &'a Queue,
    pool: &'a DmaPool,
    held: Option<Held<'a>>,
    /// The consumer retired a buffer.
    pub(super) retired: bool,
    /// An allocation was refused by the queue's memory limit; one found no DMA memory.
    pub(super) limited: bool,
    pub(super) no_memory: bool,
    /// The handler ended a stall with an extension (EXPORT).
    pub(super) extended: bool,
    /// Taking note of a switch left less than a quarter of the target of spares on the card
    /// (not set at the queue's creation, when none are posted yet).
    pub(super) ran_low: bool,
    /// Why the consumer's ARM failed (it must not sleep then).
    pub(super) arm_failed: Option<DriverError>,
}

impl<'a> Live<'a> {
    pub(super) fn new(q: &'a Queue) -> Live<'a> {
        Live {
            q,
            pool: q.dev.dma(),
            held: None,
            retired: false,
            limited: false,
            no_memory: false,
            extended: false,
            ran_low: false,
            arm_failed: None,
        }
    }

    fn block(&self, dev_addr: u64) -> DmaBlock {
        self.q.block(dev_addr)
    }
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
        let ok = q.cmds.run_locked(&held, renq_abi::CMD_EXPORT, q.id, ExportEntry::new(buffer, q.log2_words).0).is_ok();
        q.stats.extends.fetch_add(ok as u64, Relaxed);
        self.extended |= ok;
        ok
    }
    fn spare(&mut self, first: u64, count: u16) -> bool {
        let q = self.q;
        let held = q.cmds.lock();
        let arg = ExportEntry::spare_run(first, q.log2_words, count as u32).0;
        let ok = q.cmds.run_locked(&held, renq_abi::CMD_SPARE, q.id, arg).is_ok();
        if ok {
            let size = bytes(q.log2_words);
            q.posted().extend((0..count as u64).map(|i| first + i * size));
            q.stats.spares.fetch_add(count as u64, Relaxed);
            q.stats.spare_runs.fetch_add(1, Relaxed);
        }
        ok
    }
    /// The spares after the oldest go to `recycled` (not counted in the limit) for the
    /// handler's next posts.
    fn retract(&mut self, tell_card: bool) -> Option<u64> {
        let q = self.q;
        let held = q.cmds.lock();
        if tell_card && q.cmds.run_locked(&held, renq_abi::CMD_SPARE, q.id, ExportEntry::default().0).is_err() {
            return None;
        }
        let mut taken = std::mem::take(&mut *q.posted());
        drop(held);
        let oldest = taken.pop_front()?;
        q.live_bytes.fetch_sub(taken.len() as u64 * bytes(q.log2_words), SeqCst);
        q.recycled.lock().unwrap_or_else(|e| e.into_inner()).extend(taken);
        Some(oldest)
    }
    fn adopt(&mut self) -> u64 {
        let q = self.q;
        let held = q.cmds.lock();
        let mut posted = q.posted();
        let buffer = posted.pop_front().expect("a switch is noted only of a spare the host posted");
        self.ran_low |= posted.len() * 4 < q.target.load(Relaxed) as usize;
        drop(posted);
        q.card_buffer.store(buffer, SeqCst);
        drop(held);
        q.buffers.fetch_add(1, SeqCst);
        q.stats.switches.fetch_add(1, Relaxed);
        buffer
    }
    fn lock_commands(&mut self) -> u64 {
        self.held = Some(self.q.cmds.lock());
        self.q.card_buffer()
    }
    fn head_doorbell(&mut self, buffer: u64, head: u64) -> bool {
        let (q, held) = (self.q, self.held.as_ref().expect("HEAD is rung under the command lock"));
        let arg = renq_abi::head_doorbell_arg(buffer, head);
        let rung = q.cmds.run_locked(held, renq_abi::CMD_HEAD, q.id, arg).is_ok();
        q.stats.doorbells.fetch_add(rung as u64, Relaxed);
        rung
    }
    fn unlock_commands(&mut self) {
        self.held = None;
    }
    fn arm(&mut self, arg: u64) -> bool {
        let (q, held) = (self.q, self.held.as_ref().expect("ARM is sent under the command lock"));
        let armed = q.cmds.run_locked(held, renq_abi::CMD_ARM, q.id, arg);
        self.arm_failed = armed.err();
        self.arm_failed.is_none()
    }
    fn closed(&mut self) -> bool {
        self.q.is_closed()
    }
    /// Within the queue's memory limit: a recycled buffer of the queue, else one from the pool.
    fn alloc(&mut self) -> Option<u64> {
        self.alloc_run(1).map(|(buffer, _)| buffer)
    }
    /// Within the queue's memory limit: the longest run of consecutive recycled buffers (a run
    /// posted together is retired in order), else a run carved from one block of the pool —
    /// the largest power of two of buffers that fits `max` and the pool.
    fn alloc_run(&mut self, max: u16) -> Option<(u64, u16)> {
        let q = self.q;
        let size = bytes(q.log2_words);
        let room = q.max_bytes.saturating_sub(q.live_bytes.load(SeqCst)) / size;
        let want = (max as u64).min(room);
        if want == 0 {
            self.limited = true;
            return None;
        }
        let run = take_run(&mut q.recycled.lock().unwrap_or_else(|e| e.into_inner()), size, want).or_else(|| {
            // Not zeroed: zeroing would make the handler's work grow with the buffer (§9b).
            (0..=want.ilog2()).rev().find_map(|r| {
                let block = self.pool.alloc_unzeroed(q.log2_words + WORD_SHIFT + r).ok()?;
                Some((block.dev_addr, 1u64 << r))
            })
        });
        match run {
            Some((first, n)) => {
                q.live_bytes.fetch_add(n * size, SeqCst);
                Some((first, n as u16))
            }
            None => {
                self.no_memory = true;
                None
            }
        }
    }
    fn chained(&mut self, _fresh: u64) {
        self.q.buffers.fetch_add(1, SeqCst);
    }
    fn retire(&mut self, drained: u64, next: u64) {
        let q = self.q;
        q.oldest.store(next, SeqCst);
        q.buffers.fetch_sub(1, SeqCst);
        q.live_bytes.fetch_sub(bytes(q.log2_words), SeqCst);
        q.epoch.retire(Retired { block: self.block(drained), queue: Some(q.id) });
        q.stats.retired.fetch_add(1, Relaxed);
        self.retired = true;
    }
}
