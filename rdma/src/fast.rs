//! The fast queue: one dependent round trip plus one posted WRITE per uncontended enqueue.
//!
//! * A producer claims ticket `t` with one FAA on `tail` (the one dependent round trip).
//! * It may use slot `t % capacity` once the consumer has taken ticket `t − capacity`, i.e.
//!   when `t < head + capacity`. It checks this against its cached copy of `head` and
//!   re-READs `head` (from the consumer's memory) only when the cached value says the slot
//!   might still be occupied — at most once per `capacity` enqueues while the consumer keeps
//!   up. When the queue is really full it keeps re-reading with backoff: tickets are served
//!   in FAA order and a claimed ticket is never abandoned, so nothing is lost or reordered.
//! * One RDMA WRITE puts `[data, stamp]` in the slot, stamp = `t + 1` (never 0, so a zeroed
//!   slot is empty; never repeats, so no ABA). The stamp is the slot's LAST word: with
//!   address-ordered placement the consumer never sees the stamp before the data.
//! * The consumer polls its own memory for `stamp == head + 1`, reads the data and publishes
//!   the new `head` with a plain store. It issues no verbs operation and never touches a word
//!   the NIC updates atomically (`tail`), so `IBV_ATOMIC_HCA` is enough.

use crate::counters::OpCounters;
use crate::queue::{Backoff, Dequeue, Enqueue, Step};
use crate::remote::{check_fits, check_geometry, word, Error, LocalMemory, RemoteMemory};

/// "RENQFAST" in ASCII: marks an initialised fast queue.
pub const MAGIC: u64 = 0x5245_4E51_4641_5354;

/// Header word indices; `tail` (NIC atomics) and `head` (consumer stores, producer READs)
/// sit on separate 64-byte lines.
pub const HDR_MAGIC: u64 = 0;
pub const HDR_CAPACITY: u64 = 1;
/// Reserved for `RemoteMemory::calibrate` (FAA only).
pub const HDR_PROBE: u64 = 3;
pub const HDR_TAIL: u64 = 8;
pub const HDR_HEAD: u64 = 16;
/// First slot's word index; slots are `[data, stamp]`.
pub const HDR_WORDS: u64 = 24;
pub const SLOT_WORDS: u64 = 2;
pub const SLOT_DATA: u64 = 0;
pub const SLOT_STAMP: u64 = 1;
/// Most slots a fast queue may have (2^32 slots: 64 GiB); larger capacities are refused.
pub const MAX_CAPACITY: u64 = 1 << 32;

/// Where a fast queue lives in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub base: u64,
    pub capacity: u64,
}

impl Layout {
    /// A queue of `capacity` slots at `base`; a typed error for a capacity of 0 or above
    /// `MAX_CAPACITY`, or a base not `BASE_ALIGN`-aligned.
    pub fn new(base: u64, capacity: u64) -> Result<Layout, Error> {
        check_geometry("capacity", base, capacity, MAX_CAPACITY)?;
        Ok(Layout { base, capacity })
    }
    /// Bytes a queue of `capacity` slots occupies (saturating: a capacity too large to lay out
    /// gives u64::MAX, which no region holds).
    pub fn bytes(capacity: u64) -> u64 {
        SLOT_WORDS.saturating_mul(capacity).saturating_add(HDR_WORDS).saturating_mul(8)
    }
    pub fn header(&self, w: u64) -> u64 {
        word(self.base, w)
    }
    /// Byte offset of field `f` of the slot that ticket `t` uses.
    pub fn slot(&self, t: u64, f: u64) -> u64 {
        word(self.base, HDR_WORDS + SLOT_WORDS * (t % self.capacity) + f)
    }
    /// The stamp ticket `t` leaves in its slot.
    pub fn stamp(t: u64) -> u64 {
        t + 1
    }
}

/// A producer's state that outlives one enqueue: its lazily refreshed copy of `head`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProducerState {
    pub cached_head: u64,
}

/// One enqueue as a state machine; each `step` issues one operation. Once a step has
/// returned `Done` the op is finished and must not be stepped again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnqOp {
    pub data: u64,
    pub pc: EnqPc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnqPc {
    /// `t = FAA(tail, 1)`
    Claim,
    /// `head = READ(head)` until `t < head + capacity` (slow path only)
    RefreshHead { ticket: u64 },
    /// `WRITE(slot(t), [data, t + 1])` (posted)
    Write { ticket: u64 },
}

impl EnqOp {
    pub fn new(data: u64) -> EnqOp {
        EnqOp { data, pc: EnqPc::Claim }
    }

    pub fn step<M: RemoteMemory>(
        &mut self,
        q: &Layout,
        st: &mut ProducerState,
        mem: &mut M,
    ) -> Result<Step<()>, Error> {
        match self.pc {
            EnqPc::Claim => {
                let t = mem.fetch_and_add(q.header(HDR_TAIL), 1)?;
                self.pc = if t < st.cached_head + q.capacity {
                    EnqPc::Write { ticket: t }
                } else {
                    EnqPc::RefreshHead { ticket: t }
                };
            }
            EnqPc::RefreshHead { ticket } => {
                let h = mem.read(q.header(HDR_HEAD))?;
                st.cached_head = st.cached_head.max(h);
                if ticket >= st.cached_head + q.capacity {
                    return Ok(Step::Wait);
                }
                self.pc = EnqPc::Write { ticket };
            }
            EnqPc::Write { ticket } => {
                mem.write(q.slot(ticket, SLOT_DATA), &[self.data, Layout::stamp(ticket)])?;
                return Ok(Step::Done(()));
            }
        }
        Ok(Step::Progress)
    }
}

/// One dequeue attempt as a state machine over the consumer's own memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeqOp {
    /// `stamp(head) == head + 1 ?`
    Poll,
    /// `data = slot(head).data; head += 1`
    ReadData,
    /// `store(head word, head)` — lets producers of ticket < head + capacity proceed.
    Publish { data: u64 },
}

/// The consumer's state: the next ticket to take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConsumerState {
    pub head: u64,
}

impl DeqOp {
    /// One step; `Publish` is the last (a batch skips it and publishes once at the end).
    pub fn step<M: LocalMemory>(&mut self, q: &Layout, st: &mut ConsumerState, mem: &mut M) -> Step<u64> {
        match *self {
            DeqOp::Poll => {
                if mem.load(q.slot(st.head, SLOT_STAMP)) != Layout::stamp(st.head) {
                    return Step::Wait;
                }
                *self = DeqOp::ReadData;
            }
            DeqOp::ReadData => {
                let data = mem.load(q.slot(st.head, SLOT_DATA));
                st.head += 1;
                *self = DeqOp::Publish { data };
            }
            DeqOp::Publish { data } => {
                mem.store(q.header(HDR_HEAD), st.head);
                return Step::Done(data);
            }
        }
        Step::Progress
    }
}

/// Reads and checks the header of the queue at `base`.
pub fn attach<M: RemoteMemory>(mem: &mut M, base: u64) -> Result<Layout, Error> {
    if mem.read(word(base, HDR_MAGIC))? != MAGIC {
        return Err(Error::BadQueue("no fast queue at this offset"));
    }
    let n = mem.read(word(base, HDR_CAPACITY))?;
    let q = Layout::new(base, n)?;
    mem.calibrate(word(base, HDR_PROBE))?;
    Ok(q)
}

/// A producer of the fast queue.
pub struct Producer<M: RemoteMemory> {
    mem: M,
    wait_polls: u64,
    q: Layout,
    st: ProducerState,
}

impl<M: RemoteMemory> Producer<M> {
    pub fn attach(mut mem: M, base: u64) -> Result<Self, Error> {
        let q = attach(&mut mem, base)?;
        Ok(Producer { mem, q, st: ProducerState::default(), wait_polls: 0 })
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }
}

impl<M: RemoteMemory> Enqueue for Producer<M> {
    fn enqueue(&mut self, item: u64) -> Result<(), Error> {
        let mut op = EnqOp::new(item);
        let mut backoff = Backoff::new();
        loop {
            match op.step(&self.q, &mut self.st, &mut self.mem)? {
                Step::Done(()) => return Ok(()),
                Step::Progress => {}
                Step::Wait => {
                    self.wait_polls += 1;
                    backoff.snooze()
                }
            }
        }
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.mem.flush()
    }
    fn counters(&self) -> OpCounters {
        self.mem.counters()
    }
    fn wait_polls(&self) -> u64 {
        self.wait_polls
    }
}

/// The consumer of the fast queue; it owns the region the queue lives in.
pub struct Consumer<M: LocalMemory> {
    mem: M,
    q: Layout,
    st: ConsumerState,
}

impl<M: LocalMemory> Consumer<M> {
    /// Initialises a queue of `capacity` slots at `base` (in the consumer's own memory) and
    /// becomes its consumer. The header is written last so an early producer's attach fails
    /// rather than seeing a half-initialised queue. A bad geometry (capacity 0 or above
    /// `MAX_CAPACITY`, a misaligned base, a queue larger than the region) is a typed error and
    /// nothing is written.
    pub fn create(mut mem: M, base: u64, capacity: u64) -> Result<Self, Error> {
        let q = Layout::new(base, capacity)?;
        let bytes = Layout::bytes(capacity);
        check_fits("capacity", capacity, base, bytes, mem.region_bytes())?;
        for w in 1..bytes / 8 {
            mem.store(word(base, w), 0);
        }
        mem.store(q.header(HDR_CAPACITY), capacity);
        mem.store(q.header(HDR_MAGIC), MAGIC);
        Ok(Consumer { mem, q, st: ConsumerState::default() })
    }
    pub fn layout(&self) -> Layout {
        self.q
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }

    /// Items written and not yet dequeued, counted in the consumer's own memory: the run of
    /// stamped slots from head. A slot claimed but not yet written ends the run (it cannot be
    /// dequeued yet either).
    pub fn ready(&mut self) -> u64 {
        let head = self.st.head;
        (0..self.q.capacity)
            .take_while(|&i| self.mem.load(self.q.slot(head + i, SLOT_STAMP)) == Layout::stamp(head + i))
            .count() as u64
    }
}

impl<M: LocalMemory> Dequeue for Consumer<M> {
    fn poll(&mut self) -> Result<Option<u64>, Error> {
        let mut op = DeqOp::Poll;
        loop {
            match op.step(&self.q, &mut self.st, &mut self.mem) {
                Step::Done(v) => return Ok(Some(v)),
                Step::Progress => {}
                Step::Wait => return Ok(None),
            }
        }
    }

    fn dequeue_batch(&mut self, out: &mut [u64]) -> Result<usize, Error> {
        // Poll/ReadData per item; one Publish of head for the whole batch.
        let mut n = 0;
        'items: while n < out.len() {
            let mut op = DeqOp::Poll;
            loop {
                match op.step(&self.q, &mut self.st, &mut self.mem) {
                    Step::Wait => break 'items,
                    Step::Progress => {}
                    Step::Done(_) => unreachable!("publish is not stepped in a batch"),
                }
                if let DeqOp::Publish { data } = op {
                    out[n] = data;
                    n += 1;
                    continue 'items;
                }
            }
        }
        if n > 0 {
            self.mem.store(self.q.header(HDR_HEAD), self.st.head);
        }
        Ok(n)
    }

    fn counters(&self) -> OpCounters {
        self.mem.local_counters()
    }
}
