//! The SEND/SRQ mode (feature `verbs`, docs/spec.md R.13): an enqueue is ONE inline SEND of the
//! 8-byte item over an RC queue pair into the consumer's shared receive queue (SRQ) — no
//! dependent round trip at all. The consumer's NIC owns the queue's tail: every SEND takes the
//! next receive WR of the SRQ, and its completion lands in one completion queue (CQ) the
//! consumer polls.
//!
//! * Per-producer FIFO and exactly once: RC delivers one QP's SENDs once and in order (PSNs);
//!   they take SRQ WRs and raise completions in arrival order, and the consumer reads the CQ in
//!   order.
//! * Back-pressure: when no receive WR is posted the responder answers RNR NAK and the sender's
//!   NIC retries after `min_rnr_timer`; `rnr_retry = 7` retries for ever (`Qp::connect`). Nothing
//!   is dropped while the consumer is slow; a sender whose send queue fills blocks in `enqueue`.
//! * The consumer reposts receive WRs in batches (`repost_batch`, default a quarter of the
//!   depth), one `ibv_post_srq_recv` per batch, and whenever it finds the CQ empty.
//! * Close (`Srq::close`): no new responder QP; every responder QP moves to the error state
//!   (`Qp::fence`), so no SEND is taken after the close; what the CQ holds is drained, then
//!   `Closed`. A SEND the responder refused was never acknowledged: its sender's NIC reports an
//!   error completion (never a silent loss), which the library turns into `Error::Closed`.
//!
//! Why raw `ibverbs-sys` and not the `ibverbs` crate's safe API: the safe API has no SRQ (its QPs
//! are created with `srq = NULL`), and its `post_send` posts only signaled, non-inline SENDs
//! from a registered buffer, so neither side of this mode can be built on it.

use crate::counters::OpCounters;
use crate::queue::{RdmaDequeue, RdmaEnqueue};
use crate::remote::Error;
use crate::verbs::{Device, Endpoint, Mr, Qp, QpOptions, RegionDesc, CLOSE_NOTICE};
use ibverbs_sys as ffi;
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bytes of one item (one SEND, one receive buffer).
pub const ITEM_BYTES: u32 = 8;
/// Fewest receive WRs a queue may have.
pub const MIN_DEPTH: u32 = 2;
/// Most receive WRs (also bounded by the device's `max_srq_wr`).
pub const MAX_DEPTH: u32 = 1 << 20;
/// After `close`, completions that a responder was placing while it moved to the error state
/// are waited for this long before the queue reports `Closed`.
const CLOSE_GRACE: Duration = Duration::from_millis(20);
/// The 8 bytes of the close notice a consumer SENDs to each sender.
/// How long `close` waits for the senders' NICs to acknowledge the notice.
const NOTICE_WAIT: Duration = Duration::from_secs(2);

/// A shared receive queue, its receive buffers and its completion queue, plus the responder QP
/// of every connected sender: what the consumer's node serves connection requests with.
pub struct Srq {
    dev: Arc<Device>,
    srq: *mut ffi::ibv_srq,
    cq: *mut ffi::ibv_cq,
    /// `depth` receive buffers of `ITEM_BYTES` each.
    bufs: Mr,
    depth: u32,
    responders: Mutex<Vec<Qp>>,
    closed: AtomicBool,
}

// libibverbs objects may be used from any thread (post_srq_recv and poll_cq lock internally;
// the consumer is the only poller).
unsafe impl Send for Srq {}
unsafe impl Sync for Srq {}

impl Srq {
    /// A queue of `depth` receive WRs (all posted at once). A depth outside
    /// `MIN_DEPTH..=MAX_DEPTH` or above the device's `max_srq_wr` is `Error::BadSize`.
    pub fn new(dev: &Arc<Device>, depth: u64) -> Result<Arc<Srq>, Error> {
        let max = MAX_DEPTH.min(dev.max_srq_wr);
        if depth < MIN_DEPTH as u64 || depth > max as u64 {
            return Err(Error::BadSize(format!(
                "SRQ depth {depth} is outside {MIN_DEPTH}..={max} (device {} max_srq_wr {})",
                dev.name, dev.max_srq_wr
            )));
        }
        let depth = depth as u32;
        let bufs = Mr::new(dev, (depth * ITEM_BYTES) as usize)?;
        // SAFETY: FFI on the live context/PD; results checked; attrs zeroed (plain data).
        let (srq, cq) = unsafe {
            // Completions outstanding ≤ receive WRs posted ≤ depth: the CQ cannot overrun.
            let cq = ffi::ibv_create_cq(dev.ctx(), depth as i32 + 1, ptr::null_mut(), ptr::null_mut(), 0);
            if cq.is_null() {
                return Err(Error::Verbs(format!("ibv_create_cq: {}", std::io::Error::last_os_error())));
            }
            let mut init: ffi::ibv_srq_init_attr = std::mem::zeroed();
            init.attr.max_wr = depth;
            init.attr.max_sge = 1;
            let srq = ffi::ibv_create_srq(dev.pd(), &mut init);
            if srq.is_null() {
                let e = std::io::Error::last_os_error();
                ffi::ibv_destroy_cq(cq);
                return Err(Error::Verbs(format!("ibv_create_srq({depth}): {e}")));
            }
            (srq, cq)
        };
        let q = Srq {
            dev: dev.clone(),
            srq,
            cq,
            bufs,
            depth,
            responders: Mutex::default(),
            closed: AtomicBool::new(false),
        };
        q.post_recvs(&(0..depth).collect::<Vec<_>>())?;
        Ok(Arc::new(q))
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Creates a responder QP on this SRQ for a sender's endpoint, connects it, and returns its
    /// endpoint for the sender. Refused with `Closed` once the queue is closed.
    pub fn accept(&self, peer: &Endpoint) -> Result<Endpoint, Error> {
        let mut list = self.responders.lock().unwrap();
        if self.closed.load(Ordering::Acquire) {
            return Err(Error::Closed);
        }
        let mut qp = Qp::create_with(&self.dev, QpOptions { srq: Some((self.srq, self.cq)), max_inline: 0 })?;
        // The descriptor is unused: a responder posts nothing (RC needs one to connect).
        qp.connect(peer, RegionDesc { addr: 0, rkey: 0, len: 0 })?;
        let ep = qp.endpoint();
        list.push(qp);
        Ok(ep)
    }

    /// Responder QPs connected so far.
    pub fn senders(&self) -> usize {
        self.responders.lock().unwrap().len()
    }

    /// Whether `close` was called.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// Stops taking SENDs: no new sender is accepted and every responder QP moves to the error
    /// state, after which its sender's SENDs are refused (their senders see error completions).
    /// Idempotent.
    pub fn close(&self) -> Result<(), Error> {
        let mut list = self.responders.lock().unwrap();
        if self.closed.swap(true, Ordering::AcqRel) {
            return Ok(());
        }
        // Tell every sender first (a SEND on the responder QP into the receive its sender
        // posted for it): a sender learns of the close within a round trip, even one whose
        // SENDs are waiting on RNR NAKs, instead of at its NIC's retry timeout.
        for qp in list.iter_mut() {
            let _ = qp.send_inline(CLOSE_NOTICE);
        }
        let deadline = Instant::now() + NOTICE_WAIT;
        for qp in list.iter_mut() {
            // A sender that is gone never acknowledges: its notice is abandoned at the deadline.
            let _ = qp.wait_all_until(deadline);
        }
        // Then the fence: from here no responder takes a SEND.
        let mut first_err = Ok(());
        for qp in list.iter() {
            if let Err(e) = qp.fence() {
                first_err = first_err.and(Err(e));
            }
        }
        first_err
    }

    /// Posts receive WRs for buffer slots `slots` in one `ibv_post_srq_recv` call.
    fn post_recvs(&self, slots: &[u32]) -> Result<(), Error> {
        if slots.is_empty() {
            return Ok(());
        }
        let mut sges: Vec<ffi::ibv_sge> = slots
            .iter()
            .map(|&s| ffi::ibv_sge {
                addr: self.bufs.addr((s * ITEM_BYTES) as usize),
                length: ITEM_BYTES,
                lkey: self.bufs.lkey(),
            })
            .collect();
        let mut wrs: Vec<ffi::ibv_recv_wr> = slots
            .iter()
            .map(|&s| ffi::ibv_recv_wr { wr_id: s as u64, next: ptr::null_mut(), sg_list: ptr::null_mut(), num_sge: 1 })
            .collect();
        for i in 0..wrs.len() {
            wrs[i].sg_list = &mut sges[i];
            if i + 1 < wrs.len() {
                wrs[i].next = &mut wrs[i + 1];
            }
        }
        let mut bad: *mut ffi::ibv_recv_wr = ptr::null_mut();
        // SAFETY: ibv_post_srq_recv is `srq->context->ops.post_srq_recv(srq, wr, bad)` in
        // verbs.h; the WR list and SGEs live until it returns (the NIC copies them).
        let rc = unsafe {
            let ctx = (*self.srq).context;
            let post = (*ctx).ops.post_srq_recv.ok_or(Error::Verbs("no post_srq_recv".into()))?;
            post(self.srq, wrs.as_mut_ptr(), &mut bad)
        };
        if rc != 0 {
            return Err(Error::Verbs(format!("ibv_post_srq_recv({} WRs): errno {rc}", slots.len())));
        }
        Ok(())
    }

    /// Up to `wcs.len()` completions, now.
    fn poll(&self, wcs: &mut [ffi::ibv_wc]) -> Result<usize, Error> {
        // SAFETY: ibv_poll_cq is `cq->context->ops.poll_cq(cq, n, wc)` in verbs.h.
        let n = unsafe {
            let ctx = (*self.cq).context;
            let poll = (*ctx).ops.poll_cq.ok_or(Error::Verbs("no poll_cq".into()))?;
            poll(self.cq, wcs.len() as i32, wcs.as_mut_ptr())
        };
        if n < 0 {
            return Err(Error::Verbs("ibv_poll_cq failed".into()));
        }
        Ok(n as usize)
    }

    fn item(&self, slot: u32) -> u64 {
        // SAFETY: slot < depth, so the 8 bytes are inside the buffer MR; the NIC finished with
        // them (their completion was polled) and the WR is not reposted before this read.
        unsafe { ptr::read_volatile(self.bufs.ptr().add((slot * ITEM_BYTES) as usize) as *const u64) }
    }
}

impl Drop for Srq {
    fn drop(&mut self) {
        // QPs first (they reference the SRQ and the CQ), then the SRQ, then the CQ; the buffer
        // MR goes with its field.
        self.responders.get_mut().unwrap().clear();
        // SAFETY: created in `new`; nothing references them any more.
        unsafe {
            ffi::ibv_destroy_srq(self.srq);
            ffi::ibv_destroy_cq(self.cq);
        }
    }
}

/// The consumer of a SEND/SRQ queue: polls the CQ, copies each item out and reposts its
/// receive WR in batches.
pub struct Consumer {
    q: Arc<Srq>,
    /// Buffer slots read and not yet reposted.
    to_repost: Vec<u32>,
    batch: usize,
    counters: OpCounters,
    /// Receive completions with an error status or a length other than 8 (never an item).
    malformed: u64,
    /// Set by `close`: when the grace ends.
    closed_at: Option<Instant>,
    /// Completions polled and not yet handed out (a poll may return more than asked for).
    ready: std::collections::VecDeque<u64>,
}

impl Consumer {
    /// The consumer of `q` (one per queue: the library's node hands it to one Receiver).
    pub fn new(q: Arc<Srq>) -> Consumer {
        let batch = (q.depth as usize / 4).max(1);
        Consumer {
            q,
            to_repost: vec![],
            batch,
            counters: OpCounters::default(),
            malformed: 0,
            closed_at: None,
            ready: Default::default(),
        }
    }

    /// Receive WRs are reposted once this many buffers were read (1..=depth; other values are
    /// `BadSize`).
    pub fn set_repost_batch(&mut self, batch: usize) -> Result<(), Error> {
        if batch == 0 || batch > self.q.depth as usize {
            return Err(Error::BadSize(format!("repost batch {batch} is outside 1..={}", self.q.depth)));
        }
        self.batch = batch;
        Ok(())
    }

    pub fn srq(&self) -> &Arc<Srq> {
        &self.q
    }

    /// Items received and not yet dequeued (takes what the CQ holds now into the consumer).
    pub fn ready(&mut self) -> Result<usize, Error> {
        // At most one depth's worth: senders may keep the CQ busy for ever.
        while self.ready.len() < self.q.depth as usize && self.fill(32)? > 0 {}
        Ok(self.ready.len())
    }

    /// Receive completions that were not an 8-byte SEND (counted, never delivered).
    pub fn malformed(&self) -> u64 {
        self.malformed
    }

    /// Closes the queue (`Srq::close`); what was received before is still dequeued, then
    /// `Err(Closed)`.
    pub fn close(&mut self) -> Result<(), Error> {
        if self.closed_at.is_none() {
            self.closed_at = Some(Instant::now() + CLOSE_GRACE);
        }
        self.q.close()
    }

    fn repost(&mut self) -> Result<(), Error> {
        if self.to_repost.is_empty() || self.q.is_closed() {
            return Ok(());
        }
        self.q.post_recvs(&self.to_repost)?;
        self.counters.recvs += self.to_repost.len() as u64;
        self.counters.recv_batches += 1;
        self.to_repost.clear();
        Ok(())
    }

    /// Moves up to `want` completions into `ready`; returns how many items it found.
    fn fill(&mut self, want: usize) -> Result<usize, Error> {
        // SAFETY: ibv_wc is plain data; zeroed is a valid value.
        let mut wcs: [ffi::ibv_wc; 32] = unsafe { std::mem::zeroed() };
        let n = self.q.poll(&mut wcs[..want.clamp(1, 32)])?;
        let mut items = 0;
        for wc in &wcs[..n] {
            let slot = wc.wr_id() as u32;
            if slot >= self.q.depth {
                return Err(Error::Protocol("a receive completion names no buffer of the SRQ"));
            }
            match wc.error() {
                None if wc.len() == ITEM_BYTES as usize => {
                    self.ready.push_back(self.q.item(slot));
                    self.counters.local_loads += 1;
                    items += 1;
                }
                // A flushed WR of a responder moved to the error state, or a SEND of another size
                // (not ours): not an item.
                Some((status, _)) if status == ffi::ibv_wc_status::IBV_WC_WR_FLUSH_ERR => {}
                Some(_) | None => self.malformed += 1,
            }
            self.to_repost.push(slot);
        }
        if self.to_repost.len() >= self.batch || (n == 0 && !self.to_repost.is_empty()) {
            self.repost()?;
        }
        Ok(items)
    }
}

impl RdmaDequeue for Consumer {
    fn poll(&mut self) -> Result<Option<u64>, Error> {
        let mut one = [0u64];
        Ok((self.dequeue_batch(&mut one)? == 1).then_some(one[0]))
    }

    fn dequeue_batch(&mut self, out: &mut [u64]) -> Result<usize, Error> {
        if self.ready.len() < out.len() {
            self.fill(out.len() - self.ready.len())?;
        }
        let n = self.ready.len().min(out.len());
        for (o, v) in out.iter_mut().zip(self.ready.drain(..n)) {
            *o = v;
        }
        if n == 0 && !out.is_empty() {
            if let Some(at) = self.closed_at {
                // Closed, nothing left, and the responders had time to finish what they placed.
                if Instant::now() >= at && self.fill(32)? == 0 && self.ready.is_empty() {
                    return Err(Error::Closed);
                }
            }
        }
        Ok(n)
    }

    fn counters(&self) -> OpCounters {
        self.counters
    }
}

impl Drop for Consumer {
    /// The consumer going away closes the queue (its senders get errors, not a hang).
    fn drop(&mut self) {
        let _ = self.q.close();
    }
}

/// A sender of the SEND/SRQ mode: its own RC queue pair to one responder QP on the consumer.
pub struct Producer {
    qp: Qp,
    /// Set once an enqueue failed: every later one fails the same way.
    failed: Option<Error>,
}

impl Producer {
    /// A QP ready to be connected: send its `endpoint()` to the consumer's node, then `connect`
    /// with the responder's endpoint. Fails if the device cannot inline 8 bytes.
    pub fn create(dev: &Arc<Device>) -> Result<Producer, Error> {
        let qp = Qp::create_with(dev, QpOptions { srq: None, max_inline: ITEM_BYTES })?;
        Ok(Producer { qp, failed: None })
    }

    pub fn endpoint(&self) -> Endpoint {
        self.qp.endpoint()
    }

    /// Connects to the responder QP the consumer's node created for this sender (`Srq::accept`).
    pub fn connect(&mut self, responder: &Endpoint) -> Result<(), Error> {
        // The receive for the consumer's close notice, posted before any SEND can be answered.
        self.qp.post_notice_recv()?;
        self.qp.connect(responder, RegionDesc { addr: 0, rkey: 0, len: 0 })
    }

    fn check(&mut self, r: Result<(), Error>) -> Result<(), Error> {
        let r = if self.qp.noticed { Err(Error::Closed) } else { r };
        if let Err(e) = &r {
            self.failed = Some(e.clone());
            // SENDs still in flight will never be taken: flush them now, so the QP's drop does
            // not wait for its NIC's retries.
            let _ = self.qp.fence();
        }
        r
    }
}

impl RdmaEnqueue for Producer {
    /// One inline SEND; returns once it is posted. An earlier SEND's error completion (the
    /// consumer closed, or the connection failed) is returned here or by `flush`.
    fn enqueue(&mut self, item: u64) -> Result<(), Error> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let r = if self.qp.noticed { Err(Error::Closed) } else { self.qp.send_inline(item) };
        self.check(r)
    }

    /// Waits until every SEND is acknowledged (placed in the consumer's SRQ).
    fn flush(&mut self) -> Result<(), Error> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        self.qp.counters.flushes += 1;
        let r = self.qp.wait_all();
        self.check(r)
    }

    fn counters(&self) -> OpCounters {
        self.qp.counters
    }

    fn wait_polls(&self) -> u64 {
        0
    }
}
