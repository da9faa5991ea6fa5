//! The verbs fence of the fast queue (feature `verbs`, docs/spec.md R.11 "The verbs fence").
//!
//! A verbs region cannot refuse a WRITE by content (no conditional WRITE), so the consumer fences
//! a *producer*: it moves that producer's responder queue pair to the error state, after which
//! the consumer's NIC takes no request of it — a late WRITE can never land. `Responders` holds a
//! queue's responder QPs (one per connected producer, each with its claim word, `claims`);
//! `FencingLocal` is the consumer's `LocalMemory` whose `fence_slot` finds the producers that may
//! hold the stuck ticket (`claims::suspects`, over a second full lease), fences them, waits a
//! grace for a request the responder was already placing, and only then replaces the slot's
//! stamp by the skip mark with a CPU compare-and-swap (no NIC can write the slot any more: every
//! producer that could is fenced). `Responders::close` fences every producer of the queue, after
//! a close notice each of them sees as `Error::Closed`.

use crate::claims;
use crate::counters::OpCounters;
use crate::fast::{CLOSED_STAMP, SKIPPED_BIT};
use crate::remote::{Error, LocalMemory};
use crate::verbs::{fence_notice, Device, Endpoint, Qp, RegionDesc, RegionLocal, CLOSE_NOTICE};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a responder that is being fenced may still be placing is given this long.
pub const FENCE_GRACE: Duration = Duration::from_millis(20);
/// How long `close` waits for the producers to acknowledge the close notice.
const NOTICE_WAIT: Duration = Duration::from_secs(2);
/// How long a fence waits for its producer to acknowledge the fence notice (a dead one never
/// does).
const FENCE_NOTICE_WAIT: Duration = Duration::from_millis(200);

struct Peer {
    qp: Qp,
    /// The requester's QP number (what `STATUS` names).
    peer_qpn: u32,
    /// Fenced after its lease, for this ticket.
    fenced: Option<u64>,
}

#[derive(Default)]
struct State {
    peers: Vec<Peer>,
    closed: bool,
}

/// The responder QPs of one verbs fast queue (one per producer) and their claim words.
pub struct Responders {
    dev: Arc<Device>,
    desc: RegionDesc,
    table: u64,
    state: Mutex<State>,
}

impl Responders {
    /// For the fast queue of `capacity` slots at offset 0 of the region `desc`, whose claim
    /// table follows it (`claims::table_offset`).
    pub fn new(dev: &Arc<Device>, desc: RegionDesc, capacity: u64) -> Arc<Responders> {
        Arc::new(Responders { dev: dev.clone(), desc, table: claims::table_offset(capacity), state: Mutex::default() })
    }

    /// Connects a responder QP to a producer's endpoint; returns its endpoint and the byte
    /// offset of the producer's claim word. `Closed` after `close`; `BadSize` once
    /// `claims::MAX_PRODUCERS` producers have connected.
    pub fn accept(&self, peer: &Endpoint) -> Result<(Endpoint, u64), Error> {
        let mut st = self.state.lock().unwrap();
        if st.closed {
            return Err(Error::Closed);
        }
        let index = st.peers.len() as u64;
        if index >= claims::MAX_PRODUCERS {
            return Err(Error::BadSize(format!("at most {} producers per verbs queue", claims::MAX_PRODUCERS)));
        }
        let mut qp = Qp::create(&self.dev)?;
        qp.connect(peer, self.desc)?;
        let ep = qp.endpoint();
        st.peers.push(Peer { qp, peer_qpn: peer.qpn, fenced: None });
        Ok((ep, self.table + 8 * index))
    }

    /// Whether `close` was called.
    pub fn is_closed(&self) -> bool {
        self.state.lock().unwrap().closed
    }

    /// The ticket the producer whose QP number is `peer_qpn` was fenced for, if it was.
    pub fn fenced_for(&self, peer_qpn: u32) -> Option<u64> {
        self.state.lock().unwrap().peers.iter().find(|p| p.peer_qpn == peer_qpn).and_then(|p| p.fenced)
    }

    /// Producers fenced after a lease so far.
    pub fn fenced(&self) -> usize {
        self.state.lock().unwrap().peers.iter().filter(|p| p.fenced.is_some()).count()
    }

    /// Closes the queue to its producers: a close notice to each (a SEND into the receive its
    /// requester posted at connect: its next wait returns `Error::Closed`), up to 2 s for their
    /// acknowledgements, then every responder QP to the error state and a grace for a request
    /// being placed. From the return on no producer's request is taken. Idempotent.
    pub fn close(&self) -> Result<(), Error> {
        let mut st = self.state.lock().unwrap();
        if std::mem::replace(&mut st.closed, true) {
            return Ok(());
        }
        for p in st.peers.iter_mut().filter(|p| p.fenced.is_none()) {
            let _ = p.qp.send_inline(CLOSE_NOTICE);
        }
        let deadline = Instant::now() + NOTICE_WAIT;
        for p in st.peers.iter_mut().filter(|p| p.fenced.is_none()) {
            let _ = p.qp.wait_all_until(deadline);
        }
        let mut first_err = Ok(());
        for p in st.peers.iter() {
            if let Err(e) = p.qp.fence() {
                first_err = first_err.and(Err(e));
            }
        }
        drop(st);
        std::thread::sleep(FENCE_GRACE);
        first_err
    }

    /// The claim words of the producers connected so far.
    fn claims(&self, local: &mut RegionLocal, n: usize) -> Vec<u64> {
        (0..n as u64).map(|i| local.load(self.table + 8 * i)).collect()
    }
}

/// The verbs consumer's own region, able to fence (see the module doc).
pub struct FencingLocal {
    local: RegionLocal,
    resp: Arc<Responders>,
    /// (ticket, the claim words when its lease first expired).
    snapshot: Option<(u64, Vec<u64>)>,
}

impl FencingLocal {
    pub fn new(local: RegionLocal, resp: Arc<Responders>) -> FencingLocal {
        FencingLocal { local, resp, snapshot: None }
    }
}

impl LocalMemory for FencingLocal {
    fn load(&mut self, offset: u64) -> u64 {
        self.local.load(offset)
    }
    fn store(&mut self, offset: u64, value: u64) {
        self.local.store(offset, value)
    }

    fn fence_slot(&mut self, offset: u64, expected: u64, new: u64) -> Option<u64> {
        let stamp = offset + 8;
        let mut st = self.resp.state.lock().unwrap();
        if st.closed {
            // Every responder is fenced: no NIC writes the region any more.
            return Some(self.local.compare_and_swap(stamp, expected, new));
        }
        if new == CLOSED_STAMP || new & SKIPPED_BIT == 0 {
            // Close without the node's fence, or (re-)creation: not fenceable here.
            return None;
        }
        let t = claims::ticket_of_skip_mark(new);
        let now = self.resp.claims(&mut self.local, st.peers.len());
        let before = match self.snapshot.take() {
            Some((at, before)) if at == t => before,
            _ => {
                // First expiry for this ticket: look again after another full lease.
                self.snapshot = Some((t, now));
                return None;
            }
        };
        let suspects = claims::suspects(t, &before, &now);
        if suspects.is_empty() {
            // Nobody named the ticket (a producer of another protocol?): never skip blindly.
            self.snapshot = Some((t, now));
            return None;
        }
        let found = self.local.load(stamp);
        if found != expected {
            return Some(found); // the WRITE landed meanwhile: no fence needed
        }
        // A fence notice first (best effort): a producer that is only slow learns `Fenced` at its
        // next wait instead of at its NIC's retry limit (or never, where the NIC keeps retrying).
        let deadline = Instant::now() + FENCE_NOTICE_WAIT;
        for &i in &suspects {
            let p = &mut st.peers[i];
            if p.fenced.is_none() && p.qp.send_inline(fence_notice(t)).is_ok() {
                let _ = p.qp.wait_all_until(deadline);
            }
        }
        for &i in &suspects {
            let p = &mut st.peers[i];
            if p.fenced.is_none() {
                // An error here (the QP already gone with its process) leaves nothing to fence.
                let _ = p.qp.fence();
                p.fenced = Some(t);
            }
        }
        drop(st);
        std::thread::sleep(FENCE_GRACE);
        Some(self.local.compare_and_swap(stamp, expected, new))
    }

    fn local_counters(&self) -> OpCounters {
        self.local.local_counters()
    }
}
