//! The seed queue (`rdma-cas-faa-queue`), reconstructed faithfully: a CRQ-like circular array
//! of blocks {state, ticket, turn, data}; producers claim a block with FAA on
//! `producer_offset`, take a turn on the block with FAA on `turn`, wait until the block's
//! `ticket` equals their turn, then CAS Free→Writing, WRITE data, CAS Writing→Used. The single
//! consumer claims blocks with FAA on `consumer_offset`, CASes Used→Reading, reads, CASes
//! Reading→Free and — the seed's lost line — FAAs the block's `ticket` to let the next
//! producer of that block continue.
//!
//! Cost of an uncontended enqueue: FAA, FAA, READ, CAS, (posted WRITE), CAS = 5 dependent
//! round trips (4 in the `LapTurn` variant, which fixes the FIFO bug the model check found). The consumer does every access to the shared words through `RemoteMemory`
//! (a loopback queue pair under verbs), because producers update `state` and `turn` with NIC
//! atomics and `IBV_ATOMIC_HCA` forbids mixing CPU atomics on them.

use crate::counters::OpCounters;
use crate::queue::{Backoff, RdmaDequeue, RdmaEnqueue, Step};
use crate::remote::{check_fits, check_geometry, word, Error, RemoteMemory};

/// Block states (the seed's constants).
pub const FREE: u64 = 0;
pub const WRITING: u64 = 1;
pub const USED: u64 = 2;
pub const READING: u64 = 3;

/// "RENQSEED" in ASCII: marks an initialised seed queue.
pub const MAGIC: u64 = 0x5245_4E51_5345_4544;

/// Word indices of the header. The two counters sit on their own 64-byte lines: producers
/// hammer `producer_offset`, the consumer `consumer_offset`.
pub const HDR_MAGIC: u64 = 0;
pub const HDR_BUFFER_SIZE: u64 = 1;
/// Which way producers take their turn (`Variant` as a word), fixed at queue creation.
pub const HDR_VARIANT: u64 = 2;
/// Reserved for `RemoteMemory::calibrate` (FAA only).
pub const HDR_PROBE: u64 = 3;
pub const HDR_PRODUCER_OFFSET: u64 = 8;
pub const HDR_CONSUMER_OFFSET: u64 = 16;
/// First block's word index; blocks are `BLOCK_WORDS` words each.
pub const HDR_WORDS: u64 = 24;
pub const BLOCK_WORDS: u64 = 4;
/// Most blocks a seed queue may have (2^32 blocks: 128 GiB); larger sizes are refused.
pub const MAX_BUFFER_SIZE: u64 = 1 << 32;
/// Word indices inside a block, in the seed's field order.
pub const BLK_STATE: u64 = 0;
pub const BLK_TICKET: u64 = 1;
pub const BLK_TURN: u64 = 2;
pub const BLK_DATA: u64 = 3;

/// How a producer obtains its turn on a block.
///
/// `Faithful` is the seed as written: `myTurn = faa(&block->turn)`. The model checker found
/// that it breaks FIFO order per producer (and so linearizability): a producer delayed
/// between its two FAAs by a full lap of the ring lets a later enqueue that landed on the
/// same block — possibly by a producer whose earlier item is still queued in another
/// block — take turn 0 first (see docs/spec.md §10). `LapTurn` derives the turn from the claimed
/// offset, `myTurn = offset / buffer_size`, which makes each block serve enqueues in
/// `producer_offset` order and saves the second FAA (4 dependent round trips, not 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Faithful = 0,
    LapTurn = 1,
}

/// Where a seed queue lives in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Byte offset of word 0 (8-aligned; 64-aligned keeps the counters on their own lines).
    pub base: u64,
    /// Number of blocks (the seed's `buffer_size`).
    pub buffer_size: u64,
    pub variant: Variant,
}

impl Layout {
    /// A queue of `buffer_size` blocks at `base`; a typed error for a size of 0 or above
    /// `MAX_BUFFER_SIZE`, or a base not `BASE_ALIGN`-aligned.
    pub fn new(base: u64, buffer_size: u64, variant: Variant) -> Result<Layout, Error> {
        check_geometry("buffer_size", base, buffer_size, MAX_BUFFER_SIZE)?;
        Ok(Layout { base, buffer_size, variant })
    }
    /// Bytes the queue occupies (saturating: a size too large to lay out gives u64::MAX,
    /// which no region holds).
    pub fn bytes(buffer_size: u64) -> u64 {
        BLOCK_WORDS.saturating_mul(buffer_size).saturating_add(HDR_WORDS).saturating_mul(8)
    }
    pub fn header(&self, w: u64) -> u64 {
        word(self.base, w)
    }
    /// Byte offset of field `f` of block `b`.
    pub fn block(&self, b: u64, f: u64) -> u64 {
        word(self.base, HDR_WORDS + BLOCK_WORDS * b + f)
    }
}

/// One enqueue, as a state machine of the seed's `Enq`. Each `step` issues one operation;
/// once a step has returned `Done` the op is finished and must not be stepped again.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnqOp {
    pub data: u64,
    pub pc: EnqPc,
}

/// Where an enqueue is in the seed's `Enq` (one variant per remote operation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EnqPc {
    /// `offset = faa(&q->producer_offset) % q->buffer_size`
    ClaimBlock,
    /// `myTurn = faa(&block->turn)`
    TakeTurn { block: u64 },
    /// `while (myTurn != block->ticket) yield();`
    WaitTurn { block: u64, my_turn: u64 },
    /// `cas(&block->state, Free, Writing)`
    MarkWriting { block: u64 },
    /// `block->data = data` (posted WRITE)
    WriteData { block: u64 },
    /// `cas(&block->state, Writing, Used)`
    MarkUsed { block: u64 },
}

impl EnqOp {
    pub fn new(data: u64) -> EnqOp {
        EnqOp { data, pc: EnqPc::ClaimBlock }
    }

    pub fn step<M: RemoteMemory>(&mut self, q: &Layout, mem: &mut M) -> Result<Step<()>, Error> {
        match self.pc {
            EnqPc::ClaimBlock => {
                let offset = mem.fetch_and_add(q.header(HDR_PRODUCER_OFFSET), 1)?;
                let block = offset % q.buffer_size;
                self.pc = match q.variant {
                    Variant::Faithful => EnqPc::TakeTurn { block },
                    Variant::LapTurn => EnqPc::WaitTurn { block, my_turn: offset / q.buffer_size },
                };
            }
            EnqPc::TakeTurn { block } => {
                let my_turn = mem.fetch_and_add(q.block(block, BLK_TURN), 1)?;
                self.pc = EnqPc::WaitTurn { block, my_turn };
            }
            EnqPc::WaitTurn { block, my_turn } => {
                // `ticket` is updated by the consumer's FAA: read it as an atomic word.
                if mem.read_atomic(q.block(block, BLK_TICKET))? != my_turn {
                    return Ok(Step::Wait);
                }
                self.pc = EnqPc::MarkWriting { block };
            }
            EnqPc::MarkWriting { block } => {
                // Our turn means the consumer freed the block before advancing the ticket, so
                // this CAS cannot fail in a correct run; the seed ignores its result, we check.
                if mem.compare_and_swap(q.block(block, BLK_STATE), FREE, WRITING)? != FREE {
                    return Err(Error::Protocol("seed: block not Free on our turn"));
                }
                self.pc = EnqPc::WriteData { block };
            }
            EnqPc::WriteData { block } => {
                mem.write(q.block(block, BLK_DATA), &[self.data])?;
                self.pc = EnqPc::MarkUsed { block };
            }
            EnqPc::MarkUsed { block } => {
                if mem.compare_and_swap(q.block(block, BLK_STATE), WRITING, USED)? != WRITING {
                    return Err(Error::Protocol("seed: block not Writing at publish"));
                }
                return Ok(Step::Done(()));
            }
        }
        Ok(Step::Progress)
    }
}

/// One dequeue, as a state machine of the seed's `Deq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeqOp {
    /// `offset = faa(&q->consumer_offset) % q->buffer_size`
    ClaimBlock,
    /// `while (!cas(&block->state, Used, Reading)) yield();`
    Acquire { block: u64 },
    /// `retval = block->data`
    ReadData { block: u64 },
    /// `cas(&block->state, Reading, Free)`
    Release { block: u64, data: u64 },
    /// `faa(&block->ticket)` — the lost line: let the next producer continue.
    AdvanceTicket { block: u64, data: u64 },
}

impl DeqOp {
    pub fn step<M: RemoteMemory>(&mut self, q: &Layout, mem: &mut M) -> Result<Step<u64>, Error> {
        match *self {
            DeqOp::ClaimBlock => {
                let offset = mem.fetch_and_add(q.header(HDR_CONSUMER_OFFSET), 1)?;
                *self = DeqOp::Acquire { block: offset % q.buffer_size };
            }
            DeqOp::Acquire { block } => {
                if mem.compare_and_swap(q.block(block, BLK_STATE), USED, READING)? != USED {
                    return Ok(Step::Wait);
                }
                *self = DeqOp::ReadData { block };
            }
            DeqOp::ReadData { block } => {
                let data = mem.read(q.block(block, BLK_DATA))?;
                *self = DeqOp::Release { block, data };
            }
            DeqOp::Release { block, data } => {
                if mem.compare_and_swap(q.block(block, BLK_STATE), READING, FREE)? != READING {
                    return Err(Error::Protocol("seed: block not Reading at release"));
                }
                *self = DeqOp::AdvanceTicket { block, data };
            }
            DeqOp::AdvanceTicket { block, data } => {
                mem.fetch_and_add(q.block(block, BLK_TICKET), 1)?;
                return Ok(Step::Done(data));
            }
        }
        Ok(Step::Progress)
    }
}

/// Initialises a seed queue (zeroes every block, then writes the header). Done once by the
/// consumer before producers attach.
pub fn init<M: RemoteMemory>(mem: &mut M, q: &Layout) -> Result<(), Error> {
    // In chunks: one buffer of the whole queue could be larger than memory allows.
    const CHUNK: u64 = 4096;
    let words = Layout::bytes(q.buffer_size) / 8;
    let zeros = vec![0; CHUNK as usize];
    let mut w = 0;
    while w < words {
        let n = CHUNK.min(words - w);
        mem.write(word(q.base, w), &zeros[..n as usize])?;
        w += n;
    }
    mem.write(q.header(HDR_MAGIC), &[MAGIC, q.buffer_size, q.variant as u64])?;
    mem.flush()
}

/// Reads and checks the header of the queue at `base`; returns its layout.
pub fn attach<M: RemoteMemory>(mem: &mut M, base: u64) -> Result<Layout, Error> {
    if mem.read(word(base, HDR_MAGIC))? != MAGIC {
        return Err(Error::BadQueue("no seed queue at this offset"));
    }
    let n = mem.read(word(base, HDR_BUFFER_SIZE))?;
    let variant = match mem.read(word(base, HDR_VARIANT))? {
        0 => Variant::Faithful,
        1 => Variant::LapTurn,
        _ => return Err(Error::BadQueue("unknown seed variant")),
    };
    let q = Layout::new(base, n, variant)?;
    // A header naming more blocks than the region holds is corrupt: refused before any use.
    check_fits("buffer_size", n, base, Layout::bytes(n), mem.region_bytes())?;
    mem.calibrate(word(base, HDR_PROBE))?;
    Ok(q)
}

/// A producer of the seed queue.
pub struct Producer<M: RemoteMemory> {
    mem: M,
    wait_polls: u64,
    q: Layout,
}

impl<M: RemoteMemory> Producer<M> {
    /// Attaches to the queue at `base` (three READs + the backend's calibration, not counted per enqueue by callers that
    /// snapshot counters after attaching).
    pub fn attach(mut mem: M, base: u64) -> Result<Self, Error> {
        let q = attach(&mut mem, base)?;
        Ok(Producer { mem, q, wait_polls: 0 })
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }
}

impl<M: RemoteMemory> RdmaEnqueue for Producer<M> {
    fn enqueue(&mut self, item: u64) -> Result<(), Error> {
        let mut op = EnqOp::new(item);
        let mut backoff = Backoff::new();
        loop {
            match op.step(&self.q, &mut self.mem)? {
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

/// The consumer of the seed queue. A dequeue that found its block not yet Used keeps its
/// claimed block (`pending`) and resumes waiting on it at the next call — the seed's wait
/// loop, split across `try_dequeue` calls.
pub struct Consumer<M: RemoteMemory> {
    mem: M,
    q: Layout,
    pending: Option<DeqOp>,
}

impl<M: RemoteMemory> Consumer<M> {
    /// Initialises a new queue of `buffer_size` blocks at `base` and becomes its consumer.
    pub fn create(mut mem: M, base: u64, buffer_size: u64, variant: Variant) -> Result<Self, Error> {
        let q = Layout::new(base, buffer_size, variant)?;
        check_fits("buffer_size", buffer_size, base, Layout::bytes(buffer_size), mem.region_bytes())?;
        init(&mut mem, &q)?;
        mem.calibrate(q.header(HDR_PROBE))?;
        Ok(Consumer { mem, q, pending: None })
    }
    pub fn layout(&self) -> Layout {
        self.q
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }
}

impl<M: RemoteMemory> RdmaDequeue for Consumer<M> {
    fn poll(&mut self) -> Result<Option<u64>, Error> {
        let mut op = self.pending.take().unwrap_or(DeqOp::ClaimBlock);
        loop {
            match op.step(&self.q, &mut self.mem)? {
                Step::Done(v) => return Ok(Some(v)),
                Step::Progress => {}
                Step::Wait => {
                    self.pending = Some(op);
                    return Ok(None);
                }
            }
        }
    }

    fn dequeue_batch(&mut self, out: &mut [u64]) -> Result<usize, Error> {
        let mut n = 0;
        while n < out.len() {
            match self.poll()? {
                Some(v) => {
                    out[n] = v;
                    n += 1;
                }
                None => break,
            }
        }
        Ok(n)
    }

    fn counters(&self) -> OpCounters {
        self.mem.counters()
    }
}
