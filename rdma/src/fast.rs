//! The fast queue: one dependent round trip plus one posted WRITE per uncontended enqueue.
//!
//! * A producer claims ticket `t` with one FAA on `tail` (the one dependent round trip).
//! * It may use slot `t % capacity` once the consumer has taken ticket `t − capacity`, i.e.
//!   when `t < head + capacity`. It checks this against its cached copy of `head` and
//!   re-READs `head` (from the consumer's memory) only when the cached value says the slot
//!   might still be occupied — at most once per `capacity` enqueues while the consumer keeps
//!   up. When the queue is really full it keeps re-reading with backoff.
//! * One RDMA WRITE puts `[data, stamp]` in the slot (`write_slot`), stamp = the ticket's
//!   stamp (`Layout::stamp`: generation and `t + 1`, never repeating, growing with `t`). The
//!   stamp is the slot's LAST word: with address-ordered placement the consumer never sees
//!   the stamp before the data. Where the memory enforces the fence (shared memory), the
//!   WRITE lands only if its stamp exceeds the slot's: a skipped ticket, a closed queue or a
//!   re-created one refuses it (docs/spec.md R.11).
//! * The consumer polls its own memory for `stamp == stamp(head)`, reads the data and
//!   publishes the new `head` with a plain store. A ticket still unwritten when its lease has
//!   expired and a later ticket is written is fenced (its stamp replaced by the skip mark,
//!   atomically against the WRITE) and skipped.
//! * The consumer issues no verbs operation and never touches a word the NIC updates
//!   atomically (`tail`), so `IBV_ATOMIC_HCA` is enough.

use crate::counters::OpCounters;
use crate::queue::{Backoff, RdmaDequeue, RdmaEnqueue, Step};
use crate::remote::{check_fits, check_geometry, word, Error, LocalMemory, RemoteMemory, SlotWrite};
use std::time::{Duration, Instant};

/// "RENQFAST" in ASCII: marks an initialised fast queue.
pub const MAGIC: u64 = 0x5245_4E51_4641_5354;

/// Header word indices; `tail` (NIC atomics) and `head` (consumer stores, producer READs)
/// sit on separate 64-byte lines.
pub const HDR_MAGIC: u64 = 0;
pub const HDR_CAPACITY: u64 = 1;
/// The queue's generation (1, 2, … : bumped by every re-creation of the region's queue).
pub const HDR_GEN: u64 = 2;
/// Reserved for `RemoteMemory::calibrate` (FAA only).
pub const HDR_PROBE: u64 = 3;
pub const HDR_TAIL: u64 = 8;
/// The next ticket the consumer takes, with `HEAD_CLOSED` set once the queue is closed.
pub const HDR_HEAD: u64 = 16;
/// First slot's word index; slots are `[data, stamp]`.
pub const HDR_WORDS: u64 = 24;
pub const SLOT_WORDS: u64 = 2;
pub const SLOT_DATA: u64 = 0;
pub const SLOT_STAMP: u64 = 1;
/// Most slots a fast queue may have (2^32 slots: 64 GiB); larger capacities are refused.
pub const MAX_CAPACITY: u64 = 1 << 32;
/// The fewest slots a consumer creates a queue with: a stopped producer's ticket is skipped
/// only once a later ticket is written (R.11), which needs a second slot. A 1-slot ring with
/// a stopped producer would wait for ever, so it is refused (`BadSize`).
pub const MIN_CAPACITY: u64 = 2;

/// The HEAD word's closed flag: producers that read it get `Error::Closed`.
pub const HEAD_CLOSED: u64 = 1 << 63;
/// Stamp layout: generation in bits 56..63, `ticket + 1` in bits 1..55, bit 0 = skipped.
pub const GEN_SHIFT: u32 = 56;
pub const FIRST_GEN: u64 = 1;
/// The last generation (0xff… is the closed stamp).
pub const MAX_GEN: u64 = 0xfe;
/// Tickets per generation (2^55 − 1: 11 years at 100 M enqueues/s).
pub const MAX_TICKETS: u64 = (1 << (GEN_SHIFT - 1)) - 1;
/// The stamp of a slot of a closed queue: greater than every stamp, so it refuses every WRITE.
pub const CLOSED_STAMP: u64 = u64::MAX;
/// A skipped ticket's stamp is its written stamp with this bit.
pub const SKIPPED_BIT: u64 = 1;

/// Where a fast queue lives in a region, and its generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub base: u64,
    pub capacity: u64,
    pub gen: u64,
}

impl Layout {
    /// A queue of `capacity` slots at `base` (generation `FIRST_GEN`); a typed error for a
    /// capacity of 0 or above `MAX_CAPACITY`, or a base not `BASE_ALIGN`-aligned.
    pub fn new(base: u64, capacity: u64) -> Result<Layout, Error> {
        check_geometry("capacity", base, capacity, MAX_CAPACITY)?;
        Ok(Layout { base, capacity, gen: FIRST_GEN })
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
    /// The stamp ticket `t` leaves in its slot: never 0, never repeated, growing with `t` and
    /// with the generation.
    pub fn stamp(&self, t: u64) -> u64 {
        self.gen << GEN_SHIFT | (t + 1) << 1
    }
    /// The stamp the consumer's fence leaves in the slot of a skipped ticket `t`: above
    /// `stamp(t)` (a late WRITE of `t` is refused), below `stamp(t + capacity)`.
    pub fn skipped(&self, t: u64) -> u64 {
        self.stamp(t) | SKIPPED_BIT
    }
    /// The stamp every slot gets at (re-)creation: below this generation's stamps, above
    /// every older generation's (a stale producer's WRITE is refused).
    pub fn fresh(&self) -> u64 {
        self.gen << GEN_SHIFT
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
    /// `head = READ(head)` posted beside the FAA (no round trip of its own), when `t` falls
    /// in the last half of the room the cached head gives and the memory can overlap it
    RefreshBeside { ticket: u64 },
    /// `head = READ(head)` until `t < head + capacity` (slow path only)
    RefreshHead { ticket: u64 },
    /// `WRITE(slot(t), [data, stamp(t)])` (posted; fenced where the memory can)
    Write { ticket: u64 },
}

impl EnqPc {
    /// The ticket this enqueue holds, once claimed.
    pub fn ticket(&self) -> Option<u64> {
        match *self {
            EnqPc::Claim => None,
            EnqPc::RefreshBeside { ticket } | EnqPc::RefreshHead { ticket } | EnqPc::Write { ticket } => Some(ticket),
        }
    }
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
                if t >= MAX_TICKETS {
                    return Err(Error::Protocol("the generation's ticket space is exhausted"));
                }
                let room_end = st.cached_head + q.capacity;
                self.pc = if t >= room_end {
                    EnqPc::RefreshHead { ticket: t }
                } else if t + q.capacity / 2 >= room_end && mem.can_read_beside() {
                    EnqPc::RefreshBeside { ticket: t }
                } else {
                    EnqPc::Write { ticket: t }
                };
            }
            EnqPc::RefreshBeside { ticket } => {
                let h = mem.read_beside(q.header(HDR_HEAD))?;
                if h & HEAD_CLOSED != 0 {
                    return Err(Error::Closed);
                }
                st.cached_head = st.cached_head.max(h);
                self.pc = EnqPc::Write { ticket };
            }
            EnqPc::RefreshHead { ticket } => {
                let h = mem.read(q.header(HDR_HEAD))?;
                if h & HEAD_CLOSED != 0 {
                    return Err(Error::Closed);
                }
                st.cached_head = st.cached_head.max(h);
                if ticket >= st.cached_head + q.capacity {
                    return Ok(Step::Wait);
                }
                self.pc = EnqPc::Write { ticket };
            }
            EnqPc::Write { ticket } => {
                return match mem.write_slot(q.slot(ticket, SLOT_DATA), self.data, q.stamp(ticket))? {
                    SlotWrite::Landed | SlotWrite::Posted => Ok(Step::Done(())),
                    SlotWrite::Refused { current: CLOSED_STAMP } => Err(Error::Closed),
                    SlotWrite::Refused { .. } => Err(Error::Fenced { ticket }),
                };
            }
        }
        Ok(Step::Progress)
    }
}

/// One dequeue attempt as a state machine over the consumer's own memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeqOp {
    /// `stamp(head)` written? If not and the lease has expired, look for a later ticket.
    Poll,
    /// Is ticket `head + ahead` written? (Then `head` was claimed before it and its holder
    /// has stopped: fence it.) `stale` is the stamp `Poll` found at `head`.
    Scan { ahead: u64, stale: u64 },
    /// Replace the stamp `stale` of `head`'s slot by the skip mark, atomically against the
    /// producer's WRITE; if the WRITE won, read its item instead.
    Fence { stale: u64 },
    /// `store(head word, head)` after a skip.
    PublishSkip,
    /// `data = slot(head).data; head += 1`
    ReadData,
    /// `store(head word, head)` — lets producers of ticket < head + capacity proceed.
    Publish { data: u64 },
}

/// The consumer's state: the next ticket to take, tickets skipped so far, and whether the
/// lease of the ticket at `head` has expired (set by the caller's clock; cleared whenever
/// `head` moves, so every ticket gets a full lease).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConsumerState {
    pub head: u64,
    pub skipped: u64,
    pub lease_expired: bool,
}

impl DeqOp {
    /// One step; `Publish` is the last (a batch skips it and publishes once at the end).
    pub fn step<M: LocalMemory>(&mut self, q: &Layout, st: &mut ConsumerState, mem: &mut M) -> Step<u64> {
        let head = st.head;
        match *self {
            DeqOp::Poll => {
                let s = mem.load(q.slot(head, SLOT_STAMP));
                if s == q.stamp(head) {
                    *self = DeqOp::ReadData;
                } else if st.lease_expired && s < q.stamp(head) && q.capacity > 1 {
                    *self = DeqOp::Scan { ahead: 1, stale: s };
                } else {
                    return Step::Wait;
                }
            }
            DeqOp::Scan { ahead, stale } => {
                if mem.load(q.slot(head + ahead, SLOT_STAMP)) == q.stamp(head + ahead) {
                    *self = DeqOp::Fence { stale };
                } else if ahead + 1 < q.capacity {
                    *self = DeqOp::Scan { ahead: ahead + 1, stale };
                } else {
                    // Nothing later is written: the queue is idle, nobody waits behind head.
                    *self = DeqOp::Poll;
                    return Step::Wait;
                }
            }
            DeqOp::Fence { stale } => match mem.fence_slot(q.slot(head, SLOT_DATA), stale, q.skipped(head)) {
                Some(found) if found == stale => {
                    st.head += 1;
                    st.skipped += 1;
                    st.lease_expired = false;
                    *self = DeqOp::PublishSkip;
                }
                Some(_) => *self = DeqOp::Poll, // the WRITE landed first (or moved on): look again
                None => {
                    *self = DeqOp::Poll; // this memory cannot fence: keep waiting
                    return Step::Wait;
                }
            },
            DeqOp::PublishSkip => {
                mem.store(q.header(HDR_HEAD), st.head);
                *self = DeqOp::Poll;
            }
            DeqOp::ReadData => {
                let data = mem.load(q.slot(head, SLOT_DATA));
                st.head += 1;
                st.lease_expired = false;
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
    let mut q = Layout::new(base, n)?;
    // A header naming more slots than the region holds is corrupt: refused before any use.
    check_fits("capacity", n, base, Layout::bytes(n), mem.region_bytes())?;
    q.gen = mem.read(word(base, HDR_GEN))?;
    if !(FIRST_GEN..=MAX_GEN).contains(&q.gen) {
        return Err(Error::BadQueue("generation outside 1..=254"));
    }
    if mem.read(q.header(HDR_HEAD))? & HEAD_CLOSED != 0 {
        return Err(Error::Closed);
    }
    mem.calibrate(word(base, HDR_PROBE))?;
    Ok(q)
}

/// A producer of the fast queue.
pub struct Producer<M: RemoteMemory> {
    mem: M,
    wait_polls: u64,
    q: Layout,
    st: ProducerState,
    /// Set once a WRITE was refused or the queue found closed: every later enqueue fails so.
    fenced: Option<Error>,
    /// The round-trip time waits for room back off in (`Backoff::for_rtt`; zero: CPU backoff).
    rtt_hint: Duration,
    /// How long a wait for room may see HEAD stand still before `Error::Stalled` (None: for ever).
    room_timeout: Option<Duration>,
}

impl<M: RemoteMemory> Producer<M> {
    pub fn attach(mut mem: M, base: u64) -> Result<Self, Error> {
        let q = attach(&mut mem, base)?;
        Ok(Producer {
            mem,
            q,
            st: ProducerState::default(),
            wait_polls: 0,
            fenced: None,
            rtt_hint: Duration::ZERO,
            room_timeout: None,
        })
    }
    /// Waits for room back off in multiples of this round-trip time.
    pub fn set_rtt_hint(&mut self, rtt: Duration) {
        self.rtt_hint = rtt;
    }
    /// A wait for room that sees HEAD stand still this long returns `Error::Stalled` instead
    /// of waiting for ever for a consumer that is gone without closing (None: wait for ever).
    pub fn set_room_timeout(&mut self, timeout: Option<Duration>) {
        self.room_timeout = timeout;
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }
    pub fn layout(&self) -> Layout {
        self.q
    }

    /// Runs one enqueue's steps; `stop_before` (tests) returns `Ok(false)` once the op
    /// reaches that point, leaving it unfinished, so a test can kill the process exactly
    /// there. `Ok(true)`: the item is placed (or posted).
    pub fn enqueue_until(&mut self, item: u64, stop_before: impl Fn(&EnqPc) -> bool) -> Result<bool, Error> {
        if let Some(e) = &self.fenced {
            return Err(e.clone());
        }
        let mut op = EnqOp::new(item);
        let mut backoff = Backoff::for_rtt(self.rtt_hint);
        // (HEAD as last seen, since when) while waiting for room.
        let mut stalled_since: Option<(u64, Instant)> = None;
        loop {
            if stop_before(&op.pc) {
                return Ok(false);
            }
            match op.step(&self.q, &mut self.st, &mut self.mem) {
                Ok(Step::Done(())) => return Ok(true),
                Ok(Step::Progress) => {}
                Ok(Step::Wait) => {
                    self.wait_polls += 1;
                    let now = Instant::now();
                    match stalled_since {
                        Some((head, since)) if head == self.st.cached_head => {
                            if self.room_timeout.is_some_and(|t| now.duration_since(since) >= t) {
                                return Err(Error::Stalled);
                            }
                        }
                        _ => stalled_since = Some((self.st.cached_head, now)),
                    }
                    backoff.snooze()
                }
                Err(e @ (Error::Closed | Error::Fenced { .. })) => {
                    self.fenced = Some(e.clone());
                    return Err(e);
                }
                Err(e) => return Err(e),
            }
        }
    }
}

impl<M: RemoteMemory> RdmaEnqueue for Producer<M> {
    fn enqueue(&mut self, item: u64) -> Result<(), Error> {
        self.enqueue_until(item, |_| false).map(|_| ())
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

mod consumer;
pub use consumer::{Consumer, DEFAULT_LEASE};
