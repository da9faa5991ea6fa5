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
//!
//! The queue pair is in `qp` (creating, connecting and fencing it) and its `work_requests`
//! (posting, completions, the `RemoteMemory` operations).

use crate::counters::OpCounters;
use crate::remote::{Error, LocalMemory};
use ibverbs_sys as ffi;
use renq_os::Mapping;
use std::ffi::CStr;
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

mod qp;
pub(crate) use qp::{fence_notice, QpOptions, CLOSE_NOTICE};
pub use qp::{Qp, VerbsMemory};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoint_round_trips_through_bytes() {
        let e = Endpoint { lid: 7, qpn: 0x12_3456, psn: 0xab_cdef, gid: [3; 16] };
        assert_eq!(Endpoint::from_bytes(&e.to_bytes()), e);
    }
}
