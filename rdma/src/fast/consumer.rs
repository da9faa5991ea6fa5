//! The fast queue's consumer (split from `fast.rs`): creation, generations, lease, fence and
//! skip, close (docs/spec.md R.5, R.11).

use super::*;

/// The consumer of the fast queue; it owns the region the queue lives in. Dropping it closes
/// the queue.
pub struct Consumer<M: LocalMemory> {
    mem: M,
    q: Layout,
    st: ConsumerState,
    /// How long the ticket at head may stay unwritten before it is fenced and skipped; None
    /// (a memory that cannot fence) never skips.
    lease: Option<Duration>,
    /// Since when the ticket at head has been seen unwritten.
    waiting_since: Option<(u64, Instant)>,
    /// Once closed: the first ticket past everything that could have landed.
    closed_end: Option<u64>,
}

/// A consumer's ring has at least `MIN_CAPACITY` slots (R.11: a lease needs a later ticket).
fn check_min_capacity(capacity: u64) -> Result<(), Error> {
    if capacity < MIN_CAPACITY {
        return Err(Error::BadSize(format!(
            "capacity {capacity}: a consumer's ring has at least {MIN_CAPACITY} slots (a stopped producer's ticket is skipped only once a later one is written)"
        )));
    }
    Ok(())
}

/// The lease of a ticket when nothing else is configured (`Consumer::set_lease`).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(1);

impl<M: LocalMemory> Consumer<M> {
    /// Initialises a queue of `capacity` slots at `base` (in the consumer's own memory) and
    /// becomes its consumer. The header is written last so an early producer's attach fails
    /// rather than seeing a half-initialised queue. A bad geometry (capacity 0 or above
    /// `MAX_CAPACITY`, a misaligned base, a queue larger than the region) is a typed error and
    /// nothing is written; so is a region that already holds a live (not closed) queue
    /// (`Error::InUse`: a second consumer would reset it under the first).
    pub fn create(mut mem: M, base: u64, capacity: u64) -> Result<Self, Error> {
        let q = Layout::new(base, capacity)?;
        check_min_capacity(capacity)?;
        check_fits("capacity", capacity, base, Layout::bytes(capacity), mem.region_bytes())?;
        if mem.load(q.header(HDR_MAGIC)) == MAGIC && mem.load(q.header(HDR_HEAD)) & HEAD_CLOSED == 0 {
            return Err(Error::InUse);
        }
        Self::init(mem, q)
    }

    /// Like `create`, but takes over a live queue whose consumer is gone (crashed without
    /// closing): the queue restarts empty in the next generation, and every WRITE of the
    /// previous one still in flight is refused (fenced) instead of landing in the new one.
    pub fn recreate(mem: M, base: u64, capacity: u64) -> Result<Self, Error> {
        let q = Layout::new(base, capacity)?;
        check_min_capacity(capacity)?;
        check_fits("capacity", capacity, base, Layout::bytes(capacity), mem.region_bytes())?;
        Self::init(mem, q)
    }

    fn init(mut mem: M, mut q: Layout) -> Result<Self, Error> {
        if mem.load(q.header(HDR_MAGIC)) == MAGIC {
            q.gen = mem.load(q.header(HDR_GEN)).saturating_add(1).max(FIRST_GEN);
            if q.gen > MAX_GEN {
                return Err(Error::BadQueue("the region's queue generations are exhausted"));
            }
            mem.store(q.header(HDR_MAGIC), 0);
        }
        for w in 1..HDR_WORDS {
            mem.store(word(q.base, w), 0);
        }
        for t in 0..q.capacity {
            mem.store(q.slot(t, SLOT_DATA), 0);
            // Fenced, not just stored: a stale producer's WRITE may be racing for the slot.
            let s = mem.load(q.slot(t, SLOT_STAMP));
            if mem.fence_slot(q.slot(t, SLOT_DATA), s, q.fresh()).is_none_or(|found| found != s) {
                mem.store(q.slot(t, SLOT_STAMP), q.fresh());
            }
        }
        mem.store(q.header(HDR_CAPACITY), q.capacity);
        mem.store(q.header(HDR_GEN), q.gen);
        mem.store(q.header(HDR_MAGIC), MAGIC);
        Ok(Consumer {
            mem,
            q,
            st: ConsumerState::default(),
            lease: Some(DEFAULT_LEASE),
            waiting_since: None,
            closed_end: None,
        })
    }

    pub fn layout(&self) -> Layout {
        self.q
    }
    pub fn memory(&self) -> &M {
        &self.mem
    }
    /// Sets the lease of a ticket (None: never skip).
    pub fn set_lease(&mut self, lease: Option<Duration>) {
        self.lease = lease;
    }
    /// Tickets fenced and skipped so far.
    pub fn skipped(&self) -> u64 {
        self.st.skipped
    }

    /// Items written and not yet dequeued, counted in the consumer's own memory: the run of
    /// stamped slots from head. A slot claimed but not yet written ends the run (it cannot be
    /// dequeued yet either).
    pub fn ready(&mut self) -> u64 {
        let head = self.st.head;
        let end = self.closed_end.unwrap_or(head + self.q.capacity);
        (head..end).take_while(|&t| self.mem.load(self.q.slot(t, SLOT_STAMP)) == self.q.stamp(t)).count() as u64
    }

    /// Closes the queue: producers get `Error::Closed` (those waiting for room at their next
    /// READ of HEAD, the others because every slot not holding an item is fenced with the
    /// closed stamp). Items that landed before stay and are dequeued; then `poll` returns
    /// `Err(Closed)`. Idempotent.
    pub fn close(&mut self) {
        if self.closed_end.is_some() {
            return;
        }
        let (q, head) = (self.q, self.st.head);
        self.closed_end = Some(head + q.capacity);
        if self.mem.load(q.header(HDR_MAGIC)) != MAGIC || self.mem.load(q.header(HDR_GEN)) != q.gen {
            return; // re-created under us (`recreate`): the region is no longer ours to close
        }
        self.mem.store(q.header(HDR_HEAD), head | HEAD_CLOSED);
        for t in head..head + q.capacity {
            loop {
                let s = self.mem.load(q.slot(t, SLOT_STAMP));
                if s == q.stamp(t) {
                    break; // landed: it will be dequeued
                }
                match self.mem.fence_slot(q.slot(t, SLOT_DATA), s, CLOSED_STAMP) {
                    Some(found) if found != s => continue, // a WRITE raced the fence: look again
                    _ => break,
                }
            }
        }
    }

    /// After `close`: the next item that landed before it, or `Closed` once none is left.
    fn drain(&mut self, end: u64) -> Result<Option<u64>, Error> {
        let q = self.q;
        while self.st.head < end {
            let t = self.st.head;
            self.st.head += 1;
            if self.mem.load(q.slot(t, SLOT_STAMP)) == q.stamp(t) {
                let data = self.mem.load(q.slot(t, SLOT_DATA));
                // The slot must not take a later ticket's WRITE any more.
                self.mem.fence_slot(q.slot(t, SLOT_DATA), q.stamp(t), CLOSED_STAMP);
                return Ok(Some(data));
            }
        }
        Err(Error::Closed)
    }

    /// Sets `lease_expired` from the clock before a poll at the current head.
    fn tick_lease(&mut self) {
        let Some(lease) = self.lease else { return };
        let now = Instant::now();
        match self.waiting_since {
            Some((t, since)) if t == self.st.head => self.st.lease_expired = now.duration_since(since) >= lease,
            _ => {
                self.waiting_since = Some((self.st.head, now));
                self.st.lease_expired = false;
            }
        }
    }

    /// After a poll that found nothing: a lease that expired and found nothing later to
    /// justify a skip starts again.
    fn after_wait(&mut self) {
        if self.st.lease_expired {
            self.waiting_since = Some((self.st.head, Instant::now()));
            self.st.lease_expired = false;
        }
    }
}

impl<M: LocalMemory> RdmaDequeue for Consumer<M> {
    fn poll(&mut self) -> Result<Option<u64>, Error> {
        if let Some(end) = self.closed_end {
            return self.drain(end);
        }
        self.tick_lease();
        let mut op = DeqOp::Poll;
        loop {
            match op.step(&self.q, &mut self.st, &mut self.mem) {
                Step::Done(v) => return Ok(Some(v)),
                Step::Progress => {}
                Step::Wait => {
                    self.after_wait();
                    return Ok(None);
                }
            }
        }
    }

    fn dequeue_batch(&mut self, out: &mut [u64]) -> Result<usize, Error> {
        if let Some(end) = self.closed_end {
            let mut n = 0;
            while n < out.len() {
                match self.drain(end) {
                    Ok(Some(v)) => out[n] = v,
                    Ok(None) => break,
                    Err(e) if n == 0 => return Err(e),
                    Err(_) => break,
                }
                n += 1;
            }
            return Ok(n);
        }
        self.tick_lease();
        // Poll/ReadData per item; one Publish of head for the whole batch.
        let mut n = 0;
        'items: while n < out.len() {
            let mut op = DeqOp::Poll;
            loop {
                match op.step(&self.q, &mut self.st, &mut self.mem) {
                    Step::Wait => {
                        self.after_wait();
                        break 'items;
                    }
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

impl<M: LocalMemory> Drop for Consumer<M> {
    /// The consumer going away closes the queue: producers get `Closed`, never a hang.
    fn drop(&mut self) {
        self.close();
    }
}
