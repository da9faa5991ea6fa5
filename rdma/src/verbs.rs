//! `RemoteMemory` over an RDMA RC queue pair (feature `verbs`).
//!
//! Built on the raw `ibverbs-sys` bindings (the ones `ibverbs` 0.9.2 uses): that crate's
//! safe API posts only SEND/RECV and does not expose its QP pointer, so the QP is created,
//! connected and used here through the bindings. `ibv_post_send`/`ibv_poll_cq` are static
//! inline functions in verbs.h; they are called through the context's ops table, as the C
//! inlines do.
//!
//! Run for real on rdma_rxe (Soft-RoCE) in a QEMU guest: `tests/rxe_qemu.rs` boots it through
//! scripts/vm/rdma-guest and runs `rdma-verbs-demo` (both queues, several producers).
//!
//! Design points:
//! * IBV_ATOMIC_NONE is refused. IBV_ATOMIC_HCA is enough: NIC atomics are atomic only
//!   among themselves, and neither queue lets the consumer's CPU access a word that producers
//!   update atomically (fast: the consumer never touches `tail`; seed: the consumer issues
//!   every access through a loopback QP, `Qp::connect` to its own endpoint).
//! * Atomic byte order is implementation-defined: handled by `nic::NicAtomics`, which the
//!   queues use on top of a `Qp` (`Qp::into_memory`). Words updated with atomics are only
//!   ever accessed with atomics, so the NIC's in-memory layout never matters; its result
//!   order is learned by `calibrate` (two FAA(+1) on a probe word).
//! * max_rd_atomic: the algorithms never have more than one READ/atomic outstanding per QP
//!   (each is waited for), so the default 1 would do; we ask for what the device allows
//!   (capped at 16) so that a future pipelined caller is not throttled silently.
//! * Posted writes: one WRITE per ≤ 64-byte chunk from a registered staging ring, unsignaled
//!   except every `SIGNAL_EVERY`th; a staging slot is reused only after a later signaled
//!   completion proves the NIC has read it. RC completions are in order, so "WR n done"
//!   means every earlier WR is done.

use crate::counters::OpCounters;
use crate::nic::NicAtomics;
use crate::remote::{Error, LocalMemory, RemoteMemory, SlotWrite};
use ibverbs_sys as ffi;
use renq_os::Mapping;
use std::ffi::CStr;
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

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

/// A work completion status as libibverbs spells it.
pub(crate) fn wc_status(status: ffi::ibv_wc_status::Type) -> String {
    // SAFETY: returns a static string for any status.
    unsafe { CStr::from_ptr(ffi::ibv_wc_status_str(status)) }.to_string_lossy().into_owned()
}

fn verr(what: &str) -> Error {
    Error::Verbs(format!("{what}: {}", std::io::Error::last_os_error()))
}

/// How the device's atomics relate to CPU atomics (`ibv_device_attr.atomic_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicCap {
    /// Atomic among operations of this HCA only (not against CPU atomics).
    Hca,
    /// Atomic against CPU atomics too.
    Glob,
}

/// An opened device, its protection domain and the port we use.
pub struct Device {
    ctx: *mut ffi::ibv_context,
    pd: *mut ffi::ibv_pd,
    pub name: String,
    pub atomic_cap: AtomicCap,
    /// Device limits for outstanding RDMA READ/atomic requests per QP.
    pub max_qp_rd_atom: u8,
    pub max_qp_init_rd_atom: u8,
    /// Most receive WRs one shared receive queue may hold (`send`).
    pub max_srq_wr: u32,
    port: u8,
    gid_index: u8,
    lid: u16,
    gid: [u8; 16],
    mtu: ffi::ibv_mtu,
}

// libibverbs objects may be used from any thread.
unsafe impl Send for Device {}
unsafe impl Sync for Device {}

impl Device {
    /// Opens device `name` (or the first one), using `port` (usually 1) and GID table entry
    /// `gid_index` (RoCE/rxe need a GID; index 0 is the link-local one).
    pub fn open(name: Option<&str>, port: u8, gid_index: u8) -> Result<Arc<Device>, Error> {
        // SAFETY: every pointer returned by libibverbs is checked before use; the device list
        // is freed after the context is opened (allowed by the API).
        unsafe {
            let mut n = 0;
            let list = ffi::ibv_get_device_list(&mut n);
            if list.is_null() {
                return Err(verr("ibv_get_device_list"));
            }
            let mut chosen = ptr::null_mut();
            let mut chosen_name = String::new();
            for i in 0..n.max(0) as usize {
                let d = *list.add(i);
                let dn = CStr::from_ptr(ffi::ibv_get_device_name(d)).to_string_lossy().into_owned();
                if name.is_none_or(|want| want == dn) {
                    chosen = d;
                    chosen_name = dn;
                    break;
                }
            }
            let ctx = if chosen.is_null() { ptr::null_mut() } else { ffi::ibv_open_device(chosen) };
            ffi::ibv_free_device_list(list);
            if chosen.is_null() {
                return Err(Error::Verbs(format!("no RDMA device {}", name.unwrap_or("at all"))));
            }
            if ctx.is_null() {
                return Err(verr("ibv_open_device"));
            }
            let mut attr: ffi::ibv_device_attr = std::mem::zeroed();
            if ffi::ibv_query_device(ctx, &mut attr) != 0 {
                ffi::ibv_close_device(ctx);
                return Err(verr("ibv_query_device"));
            }
            let atomic_cap = match attr.atomic_cap {
                ffi::IBV_ATOMIC_HCA => AtomicCap::Hca,
                ffi::IBV_ATOMIC_GLOB => AtomicCap::Glob,
                _ => {
                    ffi::ibv_close_device(ctx);
                    return Err(Error::Verbs(format!("{chosen_name}: no RDMA atomics")));
                }
            };
            let mut pattr: ffi::ibv_port_attr = std::mem::zeroed();
            // The exported symbol takes the (compatible-prefix) port attribute struct.
            if ffi::ibv_query_port(ctx, port, &mut pattr as *mut ffi::ibv_port_attr as *mut _) != 0 {
                ffi::ibv_close_device(ctx);
                return Err(verr("ibv_query_port"));
            }
            // A port that is not ACTIVE (e.g. rxe on a netdev that is down) would let QPs
            // reach RTS and then fail every request with a retry-exceeded completion.
            if pattr.state != ffi::ibv_port_state::IBV_PORT_ACTIVE {
                ffi::ibv_close_device(ctx);
                return Err(Error::Verbs(format!("{chosen_name} port {port} is not active (state {})", pattr.state)));
            }
            let mut gid: ffi::ibv_gid = std::mem::zeroed();
            if ffi::ibv_query_gid(ctx, port, gid_index as i32, &mut gid) != 0 {
                ffi::ibv_close_device(ctx);
                return Err(verr("ibv_query_gid"));
            }
            let pd = ffi::ibv_alloc_pd(ctx);
            if pd.is_null() {
                ffi::ibv_close_device(ctx);
                return Err(verr("ibv_alloc_pd"));
            }
            let clamp = |v: i32| v.clamp(1, 16) as u8;
            Ok(Arc::new(Device {
                ctx,
                pd,
                name: chosen_name,
                atomic_cap,
                max_qp_rd_atom: clamp(attr.max_qp_rd_atom),
                max_qp_init_rd_atom: clamp(attr.max_qp_init_rd_atom),
                max_srq_wr: attr.max_srq_wr.max(0) as u32,
                port,
                gid_index,
                lid: pattr.lid,
                gid: gid.raw,
                mtu: pattr.active_mtu,
            }))
        }
    }
}

impl Device {
    pub(crate) fn ctx(&self) -> *mut ffi::ibv_context {
        self.ctx
    }
    pub(crate) fn pd(&self) -> *mut ffi::ibv_pd {
        self.pd
    }
    /// The GID this device's QPs use (table entry `gid_index` of `port`).
    pub fn gid(&self) -> [u8; 16] {
        self.gid
    }
    pub fn gid_index(&self) -> u8 {
        self.gid_index
    }
    /// The port's active MTU in bytes.
    pub fn active_mtu_bytes(&self) -> u32 {
        128 << self.mtu
    }
}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: every QP/CQ/MR holds an Arc<Device>, so they are gone by now.
        unsafe {
            ffi::ibv_dealloc_pd(self.pd);
            ffi::ibv_close_device(self.ctx);
        }
    }
}

/// Page-aligned zeroed memory registered for local and remote access.
pub(crate) struct Mr {
    /// Keeps the PD alive until the MR is deregistered (fields drop after `Drop::drop`).
    _dev: Arc<Device>,
    mr: *mut ffi::ibv_mr,
    /// Unmapped (as a field, after `Drop::drop` deregisters it).
    buf: Mapping,
}

unsafe impl Send for Mr {}
unsafe impl Sync for Mr {}

impl Mr {
    pub(crate) fn new(dev: &Arc<Device>, len: usize) -> Result<Mr, Error> {
        let len = len.max(8).next_multiple_of(4096);
        let buf = Mapping::anonymous(len).map_err(|e| Error::Os(format!("mmap: {e}")))?;
        let access = ffi::ibv_access_flags::IBV_ACCESS_LOCAL_WRITE
            | ffi::ibv_access_flags::IBV_ACCESS_REMOTE_WRITE
            | ffi::ibv_access_flags::IBV_ACCESS_REMOTE_READ
            | ffi::ibv_access_flags::IBV_ACCESS_REMOTE_ATOMIC;
        // SAFETY: registers our own live mapping with the PD of `dev`; `buf` outlives the MR.
        let mr = unsafe { ffi::ibv_reg_mr(dev.pd, buf.as_ptr() as *mut std::ffi::c_void, len, access.0 as i32) };
        if mr.is_null() {
            return Err(verr("ibv_reg_mr"));
        }
        Ok(Mr { _dev: dev.clone(), mr, buf })
    }
    pub(crate) fn lkey(&self) -> u32 {
        unsafe { (*self.mr).lkey }
    }
    pub(crate) fn ptr(&self) -> *mut u8 {
        self.buf.as_ptr()
    }
    fn rkey(&self) -> u32 {
        unsafe { (*self.mr).rkey }
    }
    pub(crate) fn addr(&self, off: usize) -> u64 {
        self.buf.as_ptr() as u64 + off as u64
    }
}

impl Drop for Mr {
    fn drop(&mut self) {
        // SAFETY: registered in `new`; no WR can reference it once its owner (a Region or a Qp)
        // is dropped, Qp flushing its SQ first. The mapping goes after, with the field.
        unsafe { ffi::ibv_dereg_mr(self.mr) };
    }
}

/// What a peer needs to address a region: its virtual address, rkey and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionDesc {
    pub addr: u64,
    pub rkey: u32,
    pub len: u64,
}

/// A queue pair's address, exchanged out of band before `connect`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Endpoint {
    pub lid: u16,
    pub qpn: u32,
    pub psn: u32,
    pub gid: [u8; 16],
}

impl Endpoint {
    /// 26 bytes, little-endian fields, for any out-of-band channel.
    pub fn to_bytes(&self) -> [u8; 26] {
        let mut b = [0u8; 26];
        b[0..2].copy_from_slice(&self.lid.to_le_bytes());
        b[2..6].copy_from_slice(&self.qpn.to_le_bytes());
        b[6..10].copy_from_slice(&self.psn.to_le_bytes());
        b[10..26].copy_from_slice(&self.gid);
        b
    }
    pub fn from_bytes(b: &[u8; 26]) -> Endpoint {
        Endpoint {
            lid: u16::from_le_bytes([b[0], b[1]]),
            qpn: u32::from_le_bytes(b[2..6].try_into().unwrap()),
            psn: u32::from_le_bytes(b[6..10].try_into().unwrap()),
            gid: b[10..26].try_into().unwrap(),
        }
    }
}

/// The consumer's exported region (where its queues live).
pub struct Region {
    mr: Arc<Mr>,
}

impl Region {
    pub fn new(dev: &Arc<Device>, len: usize) -> Result<Region, Error> {
        Ok(Region { mr: Arc::new(Mr::new(dev, len)?) })
    }
    pub fn desc(&self) -> RegionDesc {
        RegionDesc { addr: self.mr.addr(0), rkey: self.mr.rkey(), len: self.mr.buf.len() as u64 }
    }
    /// The consumer's CPU view of the region (for `fast::Consumer`).
    pub fn local(&self) -> RegionLocal {
        RegionLocal { mr: self.mr.clone(), counters: OpCounters::default() }
    }
}

/// CPU loads/stores on the consumer's own region. Used only on words that NICs write with
/// plain RDMA WRITEs or only READ, so it is safe under IBV_ATOMIC_HCA.
pub struct RegionLocal {
    mr: Arc<Mr>,
    counters: OpCounters,
}

impl RegionLocal {
    fn word(&self, off: u64) -> &AtomicU64 {
        assert!(off.is_multiple_of(8) && off + 8 <= self.mr.buf.len() as u64, "offset {off:#x} outside region");
        // SAFETY: in bounds and aligned; the mapping lives as long as `mr`.
        unsafe { &*(self.mr.buf.as_ptr().add(off as usize) as *const AtomicU64) }
    }
}

impl RegionLocal {
    /// A CPU compare-and-swap of a plain word (only on words no NIC can write any more: the
    /// verbs fence, `verbs_fence`); returns the value found.
    pub(crate) fn compare_and_swap(&mut self, off: u64, expected: u64, new: u64) -> u64 {
        self.counters.local_loads += 1;
        match self.word(off).compare_exchange(expected, new, Ordering::AcqRel, Ordering::Acquire) {
            Ok(v) => {
                self.counters.local_stores += 1;
                v
            }
            Err(v) => v,
        }
    }
}

impl LocalMemory for RegionLocal {
    fn load(&mut self, off: u64) -> u64 {
        self.counters.local_loads += 1;
        self.word(off).load(Ordering::Acquire)
    }
    fn store(&mut self, off: u64, v: u64) {
        self.counters.local_stores += 1;
        self.word(off).store(v, Ordering::Release)
    }
    fn local_counters(&self) -> OpCounters {
        self.counters
    }
}

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
    fn drain(&mut self) -> Result<(), Error> {
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

/// What the queues use over verbs: a connected `Qp` behind the byte-order adapter.
pub type VerbsMemory = NicAtomics<Qp>;

impl Qp {
    /// Wraps this QP for the queues (`NicAtomics` decodes atomic results and turns reads of
    /// atomic words into FAA(+0)); the queues' attach calls `calibrate`.
    pub fn into_memory(self) -> VerbsMemory {
        NicAtomics::new(self)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_round_trips_through_bytes() {
        let e = Endpoint { lid: 7, qpn: 0x12_3456, psn: 0xab_cdef, gid: [3; 16] };
        assert_eq!(Endpoint::from_bytes(&e.to_bytes()), e);
    }
}
