//! `Qp`: one RC queue pair to one remote region — its creation, connection, fence and
//! notices; the work requests it posts and the completions it reaps are in
//! `work_requests`.

use super::{verr, Device, Endpoint, Mr, RegionDesc};
use crate::counters::OpCounters;
use crate::nic::NicAtomics;
use crate::remote::Error;
use ibverbs_sys as ffi;
use std::ptr;
use std::sync::Arc;

mod work_requests;

/// Staging slots for posted writes, bytes per slot, and signaling period.
const RING: usize = 64;
const STAGE_BYTES: usize = 64;
const SIGNAL_EVERY: u64 = 16;
const SQ_DEPTH: u32 = 128;
/// Scratch MR: staging ring, then one 8-byte slot for READ/atomic results, then the buffer of
/// the consumer's notice (`post_notice_recv`).
const RESULT_OFF: usize = RING * STAGE_BYTES;
const NOTICE_OFF: usize = RESULT_OFF + 8;
const SCRATCH_BYTES: usize = RESULT_OFF + 64;

/// How `Qp::create_with` builds a queue pair (the default: what `Qp::create` makes).
#[derive(Clone, Copy, Default)]
pub(crate) struct QpOptions {
    /// (shared receive queue, the CQ its receive completions go to).
    pub srq: Option<(*mut ffi::ibv_srq, *mut ffi::ibv_cq)>,
    /// Bytes a SEND may carry inline (copied into the WR at post time).
    pub max_inline: u32,
}

/// One RC queue pair to one remote region: a `RemoteMemory` handle (one per thread).
pub struct Qp {
    dev: Arc<Device>,
    qp: *mut ffi::ibv_qp,
    cq: *mut ffi::ibv_cq,
    scratch: Mr,
    psn: u32,
    remote: Option<RegionDesc>,
    pub(crate) counters: OpCounters,
    /// Last WR id posted / known complete / posted signaled.
    posted: u64,
    completed: u64,
    last_signaled: u64,
    /// WR id that last used each staging slot.
    ring_owner: [u64; RING],
    ring_next: usize,
    /// A notice of the consumer arrived (the receive WR posted by `post_notice_recv` completed):
    /// `CLOSE_NOTICE`, or `fence_notice(t)` (this producer was fenced for ticket `t`).
    pub(crate) noticed: bool,
    notice: u64,
}

/// The WR id of the one receive a requester posts for the consumer's notice.
pub(crate) const NOTICE_WR_ID: u64 = u64::MAX;
/// The notice a closing consumer sends each producer ("RENQCLOS").
pub(crate) const CLOSE_NOTICE: u64 = u64::from_le_bytes(*b"RENQCLOS");
/// The tag of a fence notice (tickets are below 2^55).
const FENCE_NOTICE_TAG: u64 = 0xfe << 56;

/// The notice a consumer sends a producer it fences for ticket `t` (docs/spec.md R.11).
pub(crate) fn fence_notice(t: u64) -> u64 {
    FENCE_NOTICE_TAG | (t & ((1 << 56) - 1))
}

unsafe impl Send for Qp {}

impl Qp {
    /// Creates a QP in INIT state. Send its `endpoint()` to the peer, then `connect`.
    pub fn create(dev: &Arc<Device>) -> Result<Qp, Error> {
        Self::create_with(dev, QpOptions::default())
    }

    /// `create` with the options of the SEND/SRQ mode (`send`): a responder QP whose receives
    /// come from a shared receive queue, or a requester that posts inline SENDs.
    pub(crate) fn create_with(dev: &Arc<Device>, opts: QpOptions) -> Result<Qp, Error> {
        let scratch = Mr::new(dev, SCRATCH_BYTES)?;
        // SAFETY: FFI calls on a live context/PD; results checked; attr structs zeroed (all
        // their fields are plain integers/pointers).
        unsafe {
            let cq = ffi::ibv_create_cq(dev.ctx, SQ_DEPTH as i32 * 2, ptr::null_mut(), ptr::null_mut(), 0);
            if cq.is_null() {
                return Err(verr("ibv_create_cq"));
            }
            let mut init: ffi::ibv_qp_init_attr = std::mem::zeroed();
            init.send_cq = cq;
            init.recv_cq = cq;
            init.qp_type = ffi::ibv_qp_type::IBV_QPT_RC;
            init.sq_sig_all = 0;
            init.cap.max_send_wr = SQ_DEPTH;
            init.cap.max_recv_wr = 1;
            init.cap.max_send_sge = 1;
            init.cap.max_recv_sge = 1;
            init.cap.max_inline_data = opts.max_inline;
            if let Some((srq, recv_cq)) = opts.srq {
                // Receives come from the SRQ; their completions go to the consumer's CQ.
                init.srq = srq;
                init.recv_cq = recv_cq;
                init.cap.max_recv_wr = 0;
            }
            let qp = ffi::ibv_create_qp(dev.pd, &mut init);
            if qp.is_null() {
                ffi::ibv_destroy_cq(cq);
                return Err(verr("ibv_create_qp"));
            }
            let mut a: ffi::ibv_qp_attr = std::mem::zeroed();
            a.qp_state = ffi::ibv_qp_state::IBV_QPS_INIT;
            a.pkey_index = 0;
            a.port_num = dev.port;
            a.qp_access_flags = (ffi::ibv_access_flags::IBV_ACCESS_REMOTE_WRITE
                | ffi::ibv_access_flags::IBV_ACCESS_REMOTE_READ
                | ffi::ibv_access_flags::IBV_ACCESS_REMOTE_ATOMIC)
                .0;
            let mask = ffi::ibv_qp_attr_mask::IBV_QP_STATE
                | ffi::ibv_qp_attr_mask::IBV_QP_PKEY_INDEX
                | ffi::ibv_qp_attr_mask::IBV_QP_PORT
                | ffi::ibv_qp_attr_mask::IBV_QP_ACCESS_FLAGS;
            if ffi::ibv_modify_qp(qp, &mut a, mask.0 as i32) != 0 {
                ffi::ibv_destroy_qp(qp);
                ffi::ibv_destroy_cq(cq);
                return Err(verr("ibv_modify_qp(INIT)"));
            }
            // Any 24-bit value will do as the initial PSN; mix in the QPN so that two QPs
            // created in the same instant differ.
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            let psn = (t ^ (*qp).qp_num.wrapping_mul(0x9e37_79b9)) & 0xff_ffff;
            Ok(Qp {
                dev: dev.clone(),
                qp,
                cq,
                scratch,
                psn,
                remote: None,
                counters: OpCounters::default(),
                posted: 0,
                completed: 0,
                last_signaled: 0,
                ring_owner: [0; RING],
                ring_next: 0,
                noticed: false,
                notice: 0,
            })
        }
    }

    pub fn endpoint(&self) -> Endpoint {
        Endpoint { lid: self.dev.lid, qpn: self.qpn(), psn: self.psn, gid: self.dev.gid }
    }

    /// What the consumer's notice means for this producer: `Fenced` for a fence notice,
    /// `Closed` otherwise.
    pub(crate) fn notice_error(&self) -> Error {
        if self.notice & (0xff << 56) == FENCE_NOTICE_TAG {
            Error::Fenced { ticket: self.notice & ((1 << 56) - 1) }
        } else {
            Error::Closed
        }
    }

    /// This QP's number.
    pub fn qpn(&self) -> u32 {
        // SAFETY: `qp` is live for as long as `self`.
        unsafe { (*self.qp).qp_num }
    }

    /// Moves the QP to the error state: from now on it takes no request from its peer (a
    /// responder QP refuses every later WRITE, READ, atomic or SEND of the requester it is
    /// connected to) — the verbs fence (docs/spec.md R.11, R.13).
    pub fn fence(&self) -> Result<(), Error> {
        // SAFETY: modify_qp on our live QP with a zeroed attr whose state field is set.
        unsafe {
            let mut a: ffi::ibv_qp_attr = std::mem::zeroed();
            a.qp_state = ffi::ibv_qp_state::IBV_QPS_ERR;
            if ffi::ibv_modify_qp(self.qp, &mut a, ffi::ibv_qp_attr_mask::IBV_QP_STATE.0 as i32) != 0 {
                return Err(verr("ibv_modify_qp(ERR)"));
            }
        }
        Ok(())
    }

    /// The PSN this QP expects next from its requester: it moves by one per request packet
    /// received (an 8-byte READ, FAA, CAS, a 16-byte WRITE and an inline 8-byte SEND are one
    /// packet each), so a responder sees how much its peer did without any protocol message.
    pub fn rq_psn(&self) -> Result<u32, Error> {
        // SAFETY: query_qp on our live QP into zeroed attr structs.
        unsafe {
            let mut a: ffi::ibv_qp_attr = std::mem::zeroed();
            let mut init: ffi::ibv_qp_init_attr = std::mem::zeroed();
            if ffi::ibv_query_qp(self.qp, &mut a, ffi::ibv_qp_attr_mask::IBV_QP_RQ_PSN.0 as i32, &mut init) != 0 {
                return Err(verr("ibv_query_qp"));
            }
            Ok(a.rq_psn & 0xff_ffff)
        }
    }

    /// INIT → RTR → RTS against `peer`, addressing `region` on the peer. For the seed
    /// consumer's loopback, pass this QP's own endpoint and the consumer's own region.
    pub fn connect(&mut self, peer: &Endpoint, region: RegionDesc) -> Result<(), Error> {
        // SAFETY: as in `create`.
        unsafe {
            let mut a: ffi::ibv_qp_attr = std::mem::zeroed();
            a.qp_state = ffi::ibv_qp_state::IBV_QPS_RTR;
            a.path_mtu = self.dev.mtu.clamp(ffi::IBV_MTU_256, ffi::IBV_MTU_4096);
            a.dest_qp_num = peer.qpn;
            a.rq_psn = peer.psn;
            a.max_dest_rd_atomic = self.dev.max_qp_rd_atom;
            a.min_rnr_timer = 12;
            a.ah_attr.dlid = peer.lid;
            a.ah_attr.port_num = self.dev.port;
            if peer.gid != [0; 16] {
                // RoCE (rxe included) routes by GID: a GRH is mandatory.
                a.ah_attr.is_global = 1;
                a.ah_attr.grh.dgid.raw = peer.gid;
                a.ah_attr.grh.sgid_index = self.dev.gid_index;
                a.ah_attr.grh.hop_limit = 64; // RoCE v2 may cross routers
            }
            let mask = ffi::ibv_qp_attr_mask::IBV_QP_STATE
                | ffi::ibv_qp_attr_mask::IBV_QP_AV
                | ffi::ibv_qp_attr_mask::IBV_QP_PATH_MTU
                | ffi::ibv_qp_attr_mask::IBV_QP_DEST_QPN
                | ffi::ibv_qp_attr_mask::IBV_QP_RQ_PSN
                | ffi::ibv_qp_attr_mask::IBV_QP_MAX_DEST_RD_ATOMIC
                | ffi::ibv_qp_attr_mask::IBV_QP_MIN_RNR_TIMER;
            if ffi::ibv_modify_qp(self.qp, &mut a, mask.0 as i32) != 0 {
                return Err(verr("ibv_modify_qp(RTR)"));
            }
            let mut a: ffi::ibv_qp_attr = std::mem::zeroed();
            a.qp_state = ffi::ibv_qp_state::IBV_QPS_RTS;
            // Local ACK timeout 4.096 µs · 2^17 ≈ 0.54 s (7 retries: ~4 s without progress
            // before IBV_WC_RETRY_EXC_ERR). 14 (67 ms) is common on a quiet fabric, but
            // rdma_rxe under QEMU TCG on a loaded host stalls for hundreds of ms at times.
            a.timeout = 17;
            a.retry_cnt = 7;
            a.rnr_retry = 7;
            a.sq_psn = self.psn;
            // Queue pairs default to max_rd_atomic = 1; ask for what the device allows.
            a.max_rd_atomic = self.dev.max_qp_init_rd_atom;
            let mask = ffi::ibv_qp_attr_mask::IBV_QP_STATE
                | ffi::ibv_qp_attr_mask::IBV_QP_TIMEOUT
                | ffi::ibv_qp_attr_mask::IBV_QP_RETRY_CNT
                | ffi::ibv_qp_attr_mask::IBV_QP_RNR_RETRY
                | ffi::ibv_qp_attr_mask::IBV_QP_SQ_PSN
                | ffi::ibv_qp_attr_mask::IBV_QP_MAX_QP_RD_ATOMIC;
            if ffi::ibv_modify_qp(self.qp, &mut a, mask.0 as i32) != 0 {
                return Err(verr("ibv_modify_qp(RTS)"));
            }
        }
        self.remote = Some(region);
        Ok(())
    }
}

/// What the queues use over verbs: a connected `Qp` behind the byte-order adapter.
pub type VerbsMemory = NicAtomics<Qp>;

impl Qp {
    /// Wraps this QP for the queues (`NicAtomics` decodes atomic results and turns reads of
    /// atomic words into FAA(+0)); the queues' attach calls `calibrate`.
    pub fn into_memory(self) -> VerbsMemory {
        NicAtomics::new(self)
    }
}

impl Drop for Qp {
    fn drop(&mut self) {
        // Let posted writes finish before their staging buffer is deregistered.
        let _ = self.drain();
        // SAFETY: created in `create`; nothing else references them.
        unsafe {
            ffi::ibv_destroy_qp(self.qp);
            ffi::ibv_destroy_cq(self.cq);
        }
    }
}
