//! Pipelined one-sided enqueues (issue 12 point 2): a sender keeps up to `W` enqueues in
//! flight. Each enqueue posts its FAA on TAIL without waiting for the earlier ones; the WRITE
//! of an enqueue is posted once its FAA has completed (oldest first). With a round trip of
//! `r`, one sender then does up to `W` enqueues per `r` instead of one.
//!
//! * Per-producer FIFO: one queue pair executes its requests in order (RC), so the FAAs of
//!   one sender take tickets in the order it posted them; the consumer takes tickets in
//!   order, whatever order the WRITEs land in. Nothing else is needed.
//! * Room: as in `fast`, a ticket may be written once `t < head + capacity`. When the
//!   tickets about to be taken come within half a ring of the cached head, the sender posts a
//!   READ of HEAD together with its next FAA (`overlapped`: awaited within that FAA's round
//!   trip, not after it); only a ticket still without room after that READ waits with a
//!   dependent READ (backing off in round-trip multiples).
//! * Errors: `enqueue` returns once the FAA is posted; a refused WRITE (`Closed`, `Fenced`)
//!   of an earlier item is returned by a later `enqueue` or by `flush`, and fences the sender.
//!
//! `PostedOps` is the memory interface this needs (posting and completing separately);
//! `DelayedNic` implements it over any `RemoteMemory` with a fixed round-trip time — the
//! shared-memory stand-in for a NIC (the verbs backend does not implement it yet; a verbs QP
//! would need `max_rd_atomic ≥ W`, at most 16 on common NICs, hence `MAX_WINDOW`).

use crate::counters::OpCounters;
use crate::fast::{self, Layout, CLOSED_STAMP, HDR_HEAD, HDR_TAIL, HEAD_CLOSED, MAX_TICKETS, SLOT_DATA};
use crate::queue::{Backoff, RdmaEnqueue};
use crate::remote::{Error, RemoteMemory, SlotWrite};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Most enqueues one sender keeps in flight (RDMA NICs allow ≤ 16 outstanding atomics per QP).
pub const MAX_WINDOW: usize = 16;

/// A posted READ or FAA: its result, and when the caller may have it.
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    ready_at: Instant,
    value: u64,
}

/// Memory that can post READs and FAAs and complete them later.
pub trait PostedOps: RemoteMemory {
    /// Posts a fetch-and-add; `overlapped`: another operation of the caller is in flight and
    /// this one completes within its round trip (counted so, see `OpCounters::overlapped`).
    fn post_fetch_and_add(&mut self, offset: u64, add: u64, overlapped: bool) -> Result<Pending, Error>;
    /// Posts a READ (see `post_fetch_and_add` for `overlapped`).
    fn post_read(&mut self, offset: u64, overlapped: bool) -> Result<Pending, Error>;
    /// Whether `p` has completed.
    fn is_done(&self, p: &Pending) -> bool;
    /// Waits for `p` and returns its result.
    fn complete(&mut self, p: Pending) -> u64;
}

/// How a `DelayedNic` waits for a completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Poll {
    /// Busy-poll the clock, as a thread polling its completion queue does (one sender per core).
    Spin,
    /// Yield between polls (more senders than cores).
    Yield,
}

/// A NIC with a fixed round-trip time over `inner`: an operation executes when posted (in
/// post order, as on one RC queue pair) and its result is available `rtt` later. Blocking
/// READ/FAA/CAS wait the full `rtt`; WRITEs are posted (no wait).
pub struct DelayedNic<M> {
    inner: M,
    rtt: Duration,
    poll: Poll,
    overlapped: u64,
    /// The clock as last read: completions due before it need no new reading.
    seen: std::cell::Cell<Instant>,
}

impl<M: RemoteMemory> DelayedNic<M> {
    /// Waits yield the CPU (`Poll::Yield`): what `latency::WithLatency` is.
    pub fn new(inner: M, rtt: Duration) -> Self {
        Self::with_poll(inner, rtt, Poll::Yield)
    }

    pub fn with_poll(inner: M, rtt: Duration, poll: Poll) -> Self {
        DelayedNic { inner, rtt, poll, overlapped: 0, seen: std::cell::Cell::new(Instant::now()) }
    }

    fn now(&self) -> Instant {
        let t = Instant::now();
        self.seen.set(t);
        t
    }

    fn pending(&mut self, value: u64, overlapped: bool) -> Pending {
        self.overlapped += overlapped as u64;
        Pending { ready_at: self.now() + self.rtt, value }
    }

    fn wait_until(&self, t: Instant) {
        if self.seen.get() >= t {
            return;
        }
        while self.now() < t {
            match self.poll {
                Poll::Spin => std::hint::spin_loop(),
                Poll::Yield => std::thread::yield_now(),
            }
        }
    }

    fn blocking(&mut self, value: u64) -> u64 {
        if self.rtt.is_zero() {
            return value; // no clock reading when there is nothing to add
        }
        let p = self.pending(value, false);
        self.complete(p)
    }
}

impl<M: RemoteMemory> RemoteMemory for DelayedNic<M> {
    fn read(&mut self, offset: u64) -> Result<u64, Error> {
        let v = self.inner.read(offset)?;
        Ok(self.blocking(v))
    }
    fn read_atomic(&mut self, offset: u64) -> Result<u64, Error> {
        let v = self.inner.read_atomic(offset)?;
        Ok(self.blocking(v))
    }
    fn calibrate(&mut self, probe_offset: u64) -> Result<(), Error> {
        self.inner.calibrate(probe_offset)
    }
    fn can_read_beside(&self) -> bool {
        true
    }
    fn read_beside(&mut self, offset: u64) -> Result<u64, Error> {
        let v = self.inner.read(offset)?;
        self.overlapped += 1;
        Ok(v)
    }
    fn write(&mut self, offset: u64, words: &[u64]) -> Result<(), Error> {
        self.inner.write(offset, words)
    }
    fn write_slot(&mut self, offset: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.inner.write_slot(offset, data, stamp)
    }
    fn fetch_and_add(&mut self, offset: u64, add: u64) -> Result<u64, Error> {
        let v = self.inner.fetch_and_add(offset, add)?;
        Ok(self.blocking(v))
    }
    fn compare_and_swap(&mut self, offset: u64, expected: u64, new: u64) -> Result<u64, Error> {
        let v = self.inner.compare_and_swap(offset, expected, new)?;
        Ok(self.blocking(v))
    }
    fn flush(&mut self) -> Result<(), Error> {
        self.inner.flush()
    }
    fn region_bytes(&self) -> Option<u64> {
        self.inner.region_bytes()
    }
    fn counters(&self) -> OpCounters {
        let mut c = self.inner.counters();
        c.round_trips -= self.overlapped;
        c.overlapped += self.overlapped;
        c
    }
}

impl<M: RemoteMemory> PostedOps for DelayedNic<M> {
    fn post_fetch_and_add(&mut self, offset: u64, add: u64, overlapped: bool) -> Result<Pending, Error> {
        let v = self.inner.fetch_and_add(offset, add)?;
        Ok(self.pending(v, overlapped))
    }
    fn post_read(&mut self, offset: u64, overlapped: bool) -> Result<Pending, Error> {
        let v = self.inner.read(offset)?;
        Ok(self.pending(v, overlapped))
    }
    fn is_done(&self, p: &Pending) -> bool {
        self.seen.get() >= p.ready_at || self.now() >= p.ready_at
    }
    fn complete(&mut self, p: Pending) -> u64 {
        self.wait_until(p.ready_at);
        p.value
    }
}

/// A fast-queue producer with up to `window` enqueues in flight (see the module doc).
pub struct PipelinedProducer<M: PostedOps> {
    mem: M,
    q: Layout,
    window: usize,
    cached_head: u64,
    /// Highest ticket this sender has taken so far (a guess of where its next ones fall).
    last_ticket: Option<u64>,
    /// (item, its posted FAA), oldest first.
    inflight: VecDeque<(u64, Pending)>,
    /// A READ of HEAD posted with an FAA.
    head_read: Option<Pending>,
    fenced: Option<Error>,
    wait_polls: u64,
    rtt_hint: Duration,
}

impl<M: PostedOps> PipelinedProducer<M> {
    /// Attaches to the fast queue at `base` with `window` (1..=`MAX_WINDOW`) enqueues in flight.
    pub fn attach(mut mem: M, base: u64, window: usize) -> Result<Self, Error> {
        if !(1..=MAX_WINDOW).contains(&window) {
            return Err(Error::BadSize(format!("window {window} is outside 1..={MAX_WINDOW}")));
        }
        let q = fast::attach(&mut mem, base)?;
        Ok(PipelinedProducer {
            mem,
            q,
            window,
            cached_head: 0,
            last_ticket: None,
            inflight: VecDeque::new(),
            head_read: None,
            fenced: None,
            wait_polls: 0,
            rtt_hint: Duration::ZERO,
        })
    }

    /// Waits for room back off in multiples of this round-trip time.
    pub fn set_rtt_hint(&mut self, rtt: Duration) {
        self.rtt_hint = rtt;
    }

    /// Enqueues in flight now.
    pub fn in_flight(&self) -> usize {
        self.inflight.len()
    }

    fn fail(&mut self, e: Error) -> Error {
        if matches!(e, Error::Closed | Error::Fenced { .. }) {
            self.fenced = Some(e.clone());
        }
        e
    }

    fn note_head(&mut self, h: u64) -> Result<(), Error> {
        if h & HEAD_CLOSED != 0 {
            return Err(Error::Closed);
        }
        self.cached_head = self.cached_head.max(h);
        Ok(())
    }

    /// Completes the oldest enqueue in flight: its ticket, room for it, its WRITE.
    fn complete_oldest(&mut self) -> Result<(), Error> {
        let Some((item, faa)) = self.inflight.pop_front() else { return Ok(()) };
        let t = self.mem.complete(faa);
        if t >= MAX_TICKETS {
            return Err(Error::Protocol("the generation's ticket space is exhausted"));
        }
        self.last_ticket = Some(self.last_ticket.map_or(t, |l| l.max(t)));
        if let Some(r) = self.head_read.filter(|r| self.mem.is_done(r)) {
            self.head_read = None;
            let h = self.mem.complete(r);
            self.note_head(h)?;
        }
        let mut backoff = Backoff::for_rtt(self.rtt_hint);
        while t >= self.cached_head + self.q.capacity {
            let h = match self.head_read.take() {
                Some(r) => self.mem.complete(r),
                None => self.mem.read(self.q.header(HDR_HEAD))?,
            };
            self.note_head(h)?;
            if t >= self.cached_head + self.q.capacity {
                self.wait_polls += 1;
                backoff.snooze();
            }
        }
        match self.mem.write_slot(self.q.slot(t, SLOT_DATA), item, self.q.stamp(t))? {
            SlotWrite::Landed | SlotWrite::Posted => Ok(()),
            SlotWrite::Refused { current: CLOSED_STAMP } => Err(Error::Closed),
            SlotWrite::Refused { .. } => Err(Error::Fenced { ticket: t }),
        }
    }

    fn run<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T, Error>) -> Result<T, Error> {
        if let Some(e) = &self.fenced {
            return Err(e.clone());
        }
        f(self).map_err(|e| self.fail(e))
    }
}

impl<M: PostedOps> RdmaEnqueue for PipelinedProducer<M> {
    fn enqueue(&mut self, item: u64) -> Result<(), Error> {
        self.run(|s| {
            // Write what has completed already (in order), and make room in the window.
            while s.inflight.front().is_some_and(|(_, p)| s.mem.is_done(p)) || s.inflight.len() >= s.window {
                s.complete_oldest()?;
            }
            let busy = !s.inflight.is_empty();
            let faa = s.mem.post_fetch_and_add(s.q.header(HDR_TAIL), 1, busy)?;
            // Tickets about to be taken within half a ring of the cached room's end: refresh
            // HEAD in the same round trip as this FAA.
            let next = s.last_ticket.map_or(0, |l| l + 1) + s.inflight.len() as u64;
            if s.head_read.is_none() && next + s.q.capacity / 2 >= s.cached_head + s.q.capacity {
                s.head_read = Some(s.mem.post_read(s.q.header(HDR_HEAD), true)?);
            }
            s.inflight.push_back((item, faa));
            Ok(())
        })
    }

    fn flush(&mut self) -> Result<(), Error> {
        self.run(|s| {
            while !s.inflight.is_empty() {
                s.complete_oldest()?;
            }
            s.mem.flush()
        })
    }

    fn counters(&self) -> OpCounters {
        self.mem.counters()
    }

    fn wait_polls(&self) -> u64 {
        self.wait_polls
    }
}
