//! The work requests a `Qp` posts (WRITEs from the staging ring, READ/atomic round trips,
//! inline SENDs, the notice receive), the completions it reaps, and its `RemoteMemory`
//! operations.

use super::{Qp, NOTICE_OFF, NOTICE_WR_ID, RESULT_OFF, RING, SIGNAL_EVERY, SQ_DEPTH, STAGE_BYTES};
use crate::counters::OpCounters;
use crate::remote::{Error, RemoteMemory, SlotWrite};
use crate::verbs::wc_status;
use ibverbs_sys as ffi;
use std::ptr;

impl Qp {
    /// Posts one SEND carrying `item` inline (8 bytes, no registered buffer), signaled; does
    /// not wait for it (completions are reaped as they come, and when the send queue is full).
    pub(crate) fn send_inline(&mut self, item: u64) -> Result<(), Error> {
        if self.posted - self.completed >= SQ_DEPTH as u64 / 2 {
            self.reap()?;
        }
        if self.posted - self.completed >= SQ_DEPTH as u64 - 2 {
            // Back-pressure: the consumer is slow (RNR NAKs) and the send queue is full.
            self.wait(self.posted)?;
        }
        let id = self.posted + 1;
        let bytes = item.to_ne_bytes();
        let mut sge = ffi::ibv_sge { addr: bytes.as_ptr() as u64, length: 8, lkey: 0 };
        let mut wr = ffi::ibv_send_wr {
            wr_id: id,
            next: ptr::null_mut(),
            sg_list: &mut sge,
            num_sge: 1,
            opcode: ffi::ibv_wr_opcode::IBV_WR_SEND,
            send_flags: (ffi::ibv_send_flags::IBV_SEND_SIGNALED | ffi::ibv_send_flags::IBV_SEND_INLINE).0,
            ..Default::default()
        };
        // With IBV_SEND_INLINE the NIC copies the 8 bytes at post time, so the stack buffer may
        // go when the call returns.
        self.post_send(&mut wr, "ibv_post_send(SEND)")?;
        self.posted = id;
        self.last_signaled = id;
        self.counters.sends += 1;
        self.counters.bytes_written += 8;
        Ok(())
    }

    /// Takes the completions that are there now, without waiting; the first error completion
    /// is returned.
    pub(crate) fn reap(&mut self) -> Result<(), Error> {
        self.poll_once().map(|_| ())
    }

    /// Waits until every posted WR has completed (for a requester that only SENDs, where an
    /// empty WRITE cannot be posted: every SEND is signaled).
    pub(crate) fn wait_all(&mut self) -> Result<(), Error> {
        self.wait(self.posted)
    }

    /// Like `wait_all`, giving up at `deadline` (Ok(false)).
    pub(crate) fn wait_all_until(&mut self, deadline: std::time::Instant) -> Result<bool, Error> {
        while self.completed < self.posted {
            if self.poll_once()? == 0 {
                if std::time::Instant::now() >= deadline {
                    return Ok(false);
                }
                std::thread::yield_now();
            }
        }
        Ok(true)
    }

    /// Posts one 8-byte receive (into the scratch MR's notice word) for the consumer's notice
    /// (close, or fence); its completion sets `noticed`.
    pub(crate) fn post_notice_recv(&mut self) -> Result<(), Error> {
        let mut sge = ffi::ibv_sge { addr: self.scratch.addr(NOTICE_OFF), length: 8, lkey: self.scratch.lkey() };
        let mut wr = ffi::ibv_recv_wr { wr_id: NOTICE_WR_ID, next: ptr::null_mut(), sg_list: &mut sge, num_sge: 1 };
        let mut bad: *mut ffi::ibv_recv_wr = ptr::null_mut();
        // SAFETY: ibv_post_recv is `qp->context->ops.post_recv(qp, wr, bad)` in verbs.h; the WR
        // and SGE live until it returns; the buffer is our scratch MR (no other user of it here).
        let rc = unsafe {
            let ctx = (*self.qp).context;
            let post = (*ctx).ops.post_recv.ok_or(Error::Verbs("no post_recv".into()))?;
            post(self.qp, &mut wr, &mut bad)
        };
        if rc != 0 {
            return Err(Error::Verbs(format!("ibv_post_recv: errno {rc}")));
        }
        Ok(())
    }

    fn remote_addr(&self, off: u64, len: u64) -> Result<(u64, u32), Error> {
        let r = self.remote.ok_or(Error::Verbs("QP not connected".into()))?;
        if !off.is_multiple_of(8) || off.checked_add(len).is_none_or(|e| e > r.len) {
            return Err(Error::BadOffset(off));
        }
        Ok((r.addr + off, r.rkey))
    }

    /// `ibv_post_send` of one work request, whose scatter list lives until this returns (the
    /// NIC copies WRs at post time); `what` names it in the error.
    fn post_send(&mut self, wr: &mut ffi::ibv_send_wr, what: &str) -> Result<(), Error> {
        let mut bad: *mut ffi::ibv_send_wr = ptr::null_mut();
        // SAFETY: ibv_post_send is `qp->context->ops.post_send(qp, wr, bad_wr)` in verbs.h; the
        // QP is this object's and alive, wr and its sge live until the call returns.
        let rc = unsafe {
            let ctx = (*self.qp).context;
            let post = (*ctx).ops.post_send.ok_or(Error::Verbs("no post_send".into()))?;
            post(self.qp, wr, &mut bad)
        };
        if rc != 0 {
            return Err(Error::Verbs(format!("{what}: errno {rc}")));
        }
        Ok(())
    }

    /// Posts one work request; returns its WR id.
    #[allow(clippy::too_many_arguments)]
    fn post(
        &mut self,
        opcode: ffi::ibv_wr_opcode::Type,
        local_off: usize,
        len: u32,
        remote: (u64, u32),
        atomic: Option<(u64, u64)>,
        signaled: bool,
    ) -> Result<u64, Error> {
        // Keep the send queue from overflowing: unsignaled WRs hold their slot until a later
        // signaled one completes.
        // Every id that is a multiple of SIGNAL_EVERY is signaled (see `write`; dependent ops
        // and drains always are), so waiting for the last signaled one frees the queue.
        if self.posted - self.completed >= SQ_DEPTH as u64 - 2 {
            self.wait(self.last_signaled)?;
        }
        let id = self.posted + 1;
        let mut sge = ffi::ibv_sge { addr: self.scratch.addr(local_off), length: len, lkey: self.scratch.lkey() };
        let mut wr = ffi::ibv_send_wr {
            wr_id: id,
            next: ptr::null_mut(),
            sg_list: if len == 0 { ptr::null_mut() } else { &mut sge },
            num_sge: if len == 0 { 0 } else { 1 },
            opcode,
            send_flags: if signaled { ffi::ibv_send_flags::IBV_SEND_SIGNALED.0 } else { 0 },
            ..Default::default()
        };
        match atomic {
            Some((compare_add, swap)) => {
                wr.wr.atomic = ffi::ibv_send_wr__bindgen_ty_2__bindgen_ty_2 {
                    remote_addr: remote.0,
                    compare_add,
                    swap,
                    rkey: remote.1,
                };
            }
            None => {
                wr.wr.rdma = ffi::ibv_send_wr__bindgen_ty_2__bindgen_ty_1 { remote_addr: remote.0, rkey: remote.1 };
            }
        }
        self.post_send(&mut wr, "ibv_post_send")?;
        self.posted = id;
        if signaled {
            self.last_signaled = id;
        }
        Ok(id)
    }

    /// One poll of the CQ: records what completed and returns how many completions it took;
    /// the first error completion is returned as `Error::Verbs`.
    fn poll_once(&mut self) -> Result<usize, Error> {
        // SAFETY: ibv_wc is plain data; zeroed is a valid value.
        let mut wcs: [ffi::ibv_wc; 16] = unsafe { std::mem::zeroed() };
        // SAFETY: ibv_poll_cq is `cq->context->ops.poll_cq(cq, n, wc)` in verbs.h.
        let n = unsafe {
            let ctx = (*self.cq).context;
            let poll = (*ctx).ops.poll_cq.ok_or(Error::Verbs("no poll_cq".into()))?;
            poll(self.cq, wcs.len() as i32, wcs.as_mut_ptr())
        };
        if n < 0 {
            return Err(Error::Verbs("ibv_poll_cq failed".into()));
        }
        for wc in &wcs[..n as usize] {
            if wc.wr_id() == NOTICE_WR_ID {
                // The consumer's close notice (`send`); a flushed notice receive (this QP moved
                // to the error state) says nothing about the queue.
                if wc.error().is_none() {
                    self.noticed = true;
                    // SAFETY: inside the scratch MR, 8-aligned; the NIC has placed it.
                    self.notice =
                        unsafe { ptr::read_volatile(self.scratch.buf.as_ptr().add(NOTICE_OFF) as *const u64) };
                }
                continue;
            }
            if let Some((status, vendor)) = wc.error() {
                return Err(Error::Verbs(format!(
                    "WR {} failed: {} (vendor {vendor:#x})",
                    wc.wr_id(),
                    wc_status(status)
                )));
            }
            self.completed = self.completed.max(wc.wr_id());
        }
        Ok(n as usize)
    }

    /// Polls the CQ until WR `id` (signaled) has completed.
    fn wait(&mut self, id: u64) -> Result<(), Error> {
        let mut empty = 0u32;
        while self.completed < id {
            if self.noticed {
                return Err(self.notice_error());
            }
            if self.poll_once()? == 0 {
                // Spin for about a hardware round trip, then yield: a software NIC (rdma_rxe)
                // runs on these CPUs and needs them to make the completion happen.
                empty += 1;
                if empty < 64 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
            }
        }
        Ok(())
    }

    /// Waits until every posted WR has completed (posting a signaled empty WRITE if the
    /// last WR was unsignaled).
    pub(super) fn drain(&mut self) -> Result<(), Error> {
        if self.completed >= self.posted {
            return Ok(());
        }
        if self.last_signaled < self.posted {
            let (addr, rkey) = self.remote_addr(0, 0)?;
            self.post(ffi::ibv_wr_opcode::IBV_WR_RDMA_WRITE, 0, 0, (addr, rkey), None, true)?;
        }
        self.wait(self.last_signaled)
    }

    /// A dependent operation: post signaled, wait, return the 8-byte result.
    fn round_trip(
        &mut self,
        opcode: ffi::ibv_wr_opcode::Type,
        off: u64,
        atomic: Option<(u64, u64)>,
    ) -> Result<u64, Error> {
        let remote = self.remote_addr(off, 8)?;
        let id = self.post(opcode, RESULT_OFF, 8, remote, atomic, true)?;
        self.wait(id)?;
        // SAFETY: RESULT_OFF is inside the scratch MR and 8-aligned; the NIC finished with it.
        let raw = unsafe { ptr::read_volatile(self.scratch.buf.as_ptr().add(RESULT_OFF) as *const u64) };
        Ok(raw)
    }
}

/// Raw: FAA/CAS return the old value as the NIC delivers it, and `read_atomic`/`calibrate`
/// are the trait defaults. Use it through `NicAtomics` (`Qp::into_memory`).
impl RemoteMemory for Qp {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        self.counters.read();
        // Plain words are written by CPUs and RDMA WRITEs as host-order bytes.
        self.round_trip(ffi::ibv_wr_opcode::IBV_WR_RDMA_READ, off, None)
    }

    /// No conditional WRITE exists in verbs: the slot is posted as a plain WRITE, and the
    /// consumer of a verbs region never skips a ticket (`RegionLocal` cannot fence).
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.write(off, &[data, stamp])?;
        Ok(SlotWrite::Posted)
    }

    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        self.remote_addr(off, 8 * words.len() as u64)?;
        for (i, chunk) in words.chunks(STAGE_BYTES / 8).enumerate() {
            let slot = self.ring_next;
            self.ring_next = (slot + 1) % RING;
            // The NIC may still be reading this staging slot for an older WRITE.
            let owner = self.ring_owner[slot];
            if owner > self.completed {
                if self.last_signaled < owner {
                    self.drain()?;
                } else {
                    self.wait(self.last_signaled)?;
                }
            }
            let local = slot * STAGE_BYTES;
            for (j, w) in chunk.iter().enumerate() {
                // SAFETY: inside the scratch MR; no WR references this slot any more.
                unsafe { ptr::write_volatile(self.scratch.buf.as_ptr().add(local + 8 * j) as *mut u64, *w) };
            }
            let remote = self.remote_addr(off + (i * STAGE_BYTES) as u64, 8 * chunk.len() as u64)?;
            let signaled = (self.posted + 1).is_multiple_of(SIGNAL_EVERY);
            let id = self.post(
                ffi::ibv_wr_opcode::IBV_WR_RDMA_WRITE,
                local,
                8 * chunk.len() as u32,
                remote,
                None,
                signaled,
            )?;
            self.ring_owner[slot] = id;
            self.counters.write(chunk.len());
        }
        Ok(())
    }

    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        self.counters.faa();
        self.round_trip(ffi::ibv_wr_opcode::IBV_WR_ATOMIC_FETCH_AND_ADD, off, Some((add, 0)))
    }

    fn compare_and_swap(&mut self, off: u64, expected: u64, new: u64) -> Result<u64, Error> {
        self.counters.cas();
        self.round_trip(ffi::ibv_wr_opcode::IBV_WR_ATOMIC_CMP_AND_SWP, off, Some((expected, new)))
    }

    fn flush(&mut self) -> Result<(), Error> {
        self.counters.flushes += 1;
        self.drain()
    }

    fn counters(&self) -> OpCounters {
        self.counters
    }
}
