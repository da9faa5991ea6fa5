//! The card's sender (spec §7c, "the sender's protocol"): `enqueue` is one store to the
//! portal page, and the item is kept in a ring of unconfirmed items; the portal's status (one
//! load) says how many the destination accepted, and those leave the front of the ring while
//! later ones are still in flight (a sliding window); refused items are exactly the last ones
//! stored, so once none is in flight they are stored again, in order, after a RETRY. Nothing
//! is lost, per-producer order holds, and the link never waits for a full queue.

use crate::error::{Error, Result};
use renq_abi::portal::{Status, RETRY_OFFSET};
use renq_driver::Portal;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Unconfirmed items a sender keeps: the sender's window. An `enqueue` that finds its ring
/// full waits until the status says one more was accepted (or stores refused ones again). It
/// also bounds the sender's packets in flight, which keeps far from the 8-bit epoch's wrap
/// (spec §7c: a stale packet is wrongly accepted only after 256 stalls during its flight).
pub const UNCONFIRMED_MAX: usize = 512;

/// How long a settle waits for the portal's outcomes before it reports the card silent.
const OUTCOME_TIMEOUT: Duration = Duration::from_secs(30);

/// What a portal's status word says (one load from the sender's own card).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SendStatus {
    /// Items the destination accepted (mod 2^32).
    pub accepted: u64,
    /// Items sent whose outcome has not come back.
    pub in_flight: u64,
    /// Items refused (full or stale queue, or at the source) (mod 2^14).
    pub refused: u64,
    /// The destination rejected an item: its queue does not exist (any more).
    pub rejected: bool,
    /// Stores are being refused at the source until the sender retries.
    pub refusing: bool,
}

impl From<Status> for SendStatus {
    fn from(s: Status) -> Self {
        SendStatus {
            accepted: s.accepted(),
            in_flight: s.in_flight(),
            refused: s.refused(),
            rejected: s.rejected(),
            refusing: s.refusing(),
        }
    }
}

/// The sender's ring of unconfirmed items, in store order.
#[doc(hidden)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unconfirmed {
    pub items: VecDeque<u64>,
    /// `accepted` of the status when the ring was last settled.
    pub accepted: u64,
}

/// What a settle touches: the portal page (one status load, or one store).
#[doc(hidden)]
pub trait PortalAccess {
    /// The status word (one load).
    fn load(&mut self) -> u64;
    /// One enqueue store.
    fn store(&mut self, item: u64);
    /// One store at `RETRY_OFFSET`.
    fn retry(&mut self);
}

impl PortalAccess for &renq_driver::ShadowPage {
    fn load(&mut self) -> u64 {
        renq_driver::ShadowPage::load(self)
    }
    fn store(&mut self, item: u64) {
        renq_driver::ShadowPage::store(self, item)
    }
    fn retry(&mut self) {
        self.store_at(RETRY_OFFSET, 0)
    }
}

/// What one step of a settle did.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettleStep {
    /// Loaded the status: `in_flight` items have no outcome yet and none was newly accepted
    /// (nothing changed; load again).
    InFlight(u64),
    /// Loaded the status: this many more items were accepted and left the front of the ring;
    /// others are still in flight and the settle is not done (load again).
    Accepted(usize),
    /// Loaded the status: the unconfirmed items left were all refused; the next steps store
    /// RETRY and store them again (the caller backs off first).
    Refused,
    /// Loaded the status after a RETRY: the portal still refuses — its queue is stalled and the
    /// destination will say when it ends (RESUMED, spec §7c). The next step stores RETRY again
    /// (the caller sleeps first, backing off); nothing is stored until it takes.
    Held,
    /// Stored RETRY or an item again.
    Stored,
    /// The settle's goal is met: at most `keep` unconfirmed items are left and no refusal is
    /// pending (`keep` = 0: every unconfirmed item is accepted).
    Done,
    /// The status says more accepted than sent.
    TooMany { accepted: u64 },
    /// The destination rejected an item: the ring is cleared.
    Rejected { lost: usize },
    /// Nothing accepted, in flight or refused: the card dropped the stores; the ring is cleared.
    Dropped { lost: usize },
}

/// The decisions of [`PortalSender`]'s settle, one status load or one store per step (spec
/// §7c, the sender's protocol); `settle`, `make_room` and the model check
/// (`tests/sender_model.rs`) drive it. The window slides: each load drops from the front of
/// the ring the items the status newly counts as accepted, even while later ones are in
/// flight (outcomes come back in store order, and refused items are exactly the last ones
/// stored), and a refusal is answered once nothing is in flight.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Settle {
    /// `None`: load the status next; `Some(0)`: store RETRY; `Some(i)`: store item i − 1.
    resend: Option<usize>,
    /// RETRY was stored: the next load says whether it took (else the portal is held).
    retried: bool,
    /// Broken variant for the model check: store the refused items again without RETRY.
    #[cfg(feature = "mutants")]
    pub mutant_skips_retry: bool,
    /// Broken variant for the model check: while items are in flight, drop the oldest of them
    /// from the ring too, before the status says it was accepted.
    #[cfg(feature = "mutants")]
    pub mutant_pops_in_flight: bool,
}

impl Settle {
    /// Whether the next step loads the status (no store of a retry round is pending).
    pub fn loads_next(&self) -> bool {
        self.resend.is_none()
    }

    /// The load after a RETRY: still refusing means held (a WAITING refusal whose RESUMED has
    /// not come; nothing is in flight, so nothing else can have set it); else the items go
    /// again, in order.
    fn after_retry(&mut self, ring: &Unconfirmed, page: &mut impl PortalAccess) -> SettleStep {
        self.retried = false;
        if Status(page.load()).refusing() {
            self.resend = Some(0);
            return SettleStep::Held;
        }
        self.resend = (!ring.items.is_empty()).then_some(1);
        SettleStep::Stored
    }

    /// One load or one store, towards at most `keep` unconfirmed items with no refusal pending
    /// (`flush`: 0; an `enqueue` that found its ring full: one less than the ring holds).
    pub fn step(&mut self, keep: usize, ring: &mut Unconfirmed, page: &mut impl PortalAccess) -> SettleStep {
        if let Some(i) = self.resend {
            if i == 0 {
                page.retry();
                (self.resend, self.retried) = (None, true);
                return SettleStep::Stored;
            }
            page.store(ring.items[i - 1]);
            self.resend = if i < ring.items.len() { Some(i + 1) } else { None };
            return SettleStep::Stored;
        }
        if self.retried {
            return self.after_retry(ring, page);
        }
        let st = Status(page.load());
        let accepted = st.accepted().wrapping_sub(ring.accepted) & renq_abi::portal::ACCEPTED_MASK;
        ring.accepted = st.accepted();
        if accepted as usize > ring.items.len() {
            return SettleStep::TooMany { accepted };
        }
        // Outcomes come back in store order: the newly accepted items are the oldest ones.
        #[cfg(feature = "mutants")]
        let accepted = if self.mutant_pops_in_flight && st.in_flight() > 0 && (accepted as usize) < ring.items.len() {
            accepted + 1
        } else {
            accepted
        };
        ring.items.drain(..accepted as usize);
        let pending = st.refusing() || st.rejected();
        if ring.items.is_empty() || (ring.items.len() <= keep && !pending) {
            return SettleStep::Done;
        }
        if st.in_flight() > 0 {
            return if accepted > 0 {
                SettleStep::Accepted(accepted as usize)
            } else {
                SettleStep::InFlight(st.in_flight())
            };
        }
        // Nothing in flight: every item left has its outcome.
        if st.rejected() {
            let lost = ring.items.len();
            ring.items.clear();
            return SettleStep::Rejected { lost };
        }
        if !st.refusing() {
            // Neither accepted, in flight nor refused: the card dropped the stores (TX
            // off or the portal invalidated); CNT_TX_DROPPED counts them.
            let lost = ring.items.len();
            ring.items.clear();
            return SettleStep::Dropped { lost };
        }
        // Refused: RETRY, then store them again in order.
        #[cfg(feature = "mutants")]
        let first = if self.mutant_skips_retry { 1 } else { 0 };
        #[cfg(not(feature = "mutants"))]
        let first = 0;
        self.resend = Some(first);
        SettleStep::Refused
    }
}

/// The card's portal sender without its ring of unconfirmed items: the portal, its settle
/// and its counters. [`PortalSender`] keeps the ring behind a lock; the C ABI (crate `renq-c`,
/// spec §12c) keeps it in memory its inline enqueue writes, and calls `settle` with it.
pub struct PortalCore {
    portal: Portal,
    retries: AtomicU64,
    resent: AtomicU64,
}

impl PortalCore {
    fn new(portal: Portal) -> PortalCore {
        PortalCore { portal, retries: AtomicU64::new(0), resent: AtomicU64::new(0) }
    }

    /// The portal page's word when it is mapped into this process (UIO, VFIO): an 8-byte
    /// volatile store there is the enqueue. None on the simulator (a store is a call: `store`).
    pub fn mapped_word(&self) -> Option<std::ptr::NonNull<u64>> {
        self.portal.page().mapped_word()
    }

    /// One enqueue store of `item` (the caller puts it in its ring first).
    pub fn store(&self, item: u64) {
        self.portal.page().store(item)
    }

    /// The portal's status (one load).
    pub fn status(&self) -> SendStatus {
        Status(self.portal.page().load()).into()
    }

    /// (retry rounds, items stored again)
    pub fn retry_counts(&self) -> (u64, u64) {
        (self.retries.load(Relaxed), self.resent.load(Relaxed))
    }

    /// Waits until every unconfirmed item of `ring` is accepted, storing refused ones again
    /// (spec §7c); the ring is empty on `Ok`.
    pub fn settle(&self, ring: &mut Unconfirmed) -> Result<()> {
        self.settle_to(ring, 0)
    }

    /// Waits until `ring` holds fewer than `UNCONFIRMED_MAX` items (the sliding window: as
    /// soon as one more is accepted), or, if some were refused, until they are stored again
    /// and one slot is free (spec §7c); what `enqueue` does when its ring is full.
    pub fn make_room(&self, ring: &mut Unconfirmed) -> Result<()> {
        self.settle_to(ring, UNCONFIRMED_MAX - 1)
    }

    /// Steps the settle until at most `keep` unconfirmed items are left and no refusal is
    /// pending.
    fn settle_to(&self, ring: &mut Unconfirmed, keep: usize) -> Result<()> {
        let mut page = self.portal.page();
        let mut settle = Settle::default();
        let mut waited = Instant::now();
        let mut pause = Duration::from_micros(2);
        let mut spins = 0u32;
        loop {
            // Read before the status load, so an outcome taken after the load moves it on.
            let generation = page.status_generation();
            match settle.step(keep, ring, &mut page) {
                SettleStep::Done => return Ok(()),
                SettleStep::Accepted(_) => {
                    waited = Instant::now();
                    spins = 0;
                }
                SettleStep::InFlight(in_flight) => {
                    spins += 1;
                    if spins < 64 {
                        std::hint::spin_loop();
                        continue;
                    }
                    if waited.elapsed() > OUTCOME_TIMEOUT {
                        return Err(Error::Transport(format!(
                            "the card: {in_flight} items of portal {} got no outcome in {OUTCOME_TIMEOUT:?} (link or destination down)",
                            self.portal.index()
                        )));
                    }
                    // Sleep until the card takes packets (the simulator), or yield (hardware).
                    page.wait_status(generation, Duration::from_millis(1));
                }
                SettleStep::TooMany { accepted } => {
                    return Err(Error::Transport(format!(
                        "the card: portal {} reports {accepted} accepted of {} sent (was it reprogrammed?)",
                        self.portal.index(),
                        ring.items.len()
                    )))
                }
                SettleStep::Rejected { lost } => {
                    return Err(Error::Rejected { node: self.portal.node(), queue: self.portal.queue(), items: lost })
                }
                SettleStep::Dropped { lost } => {
                    return Err(Error::Transport(format!(
                        "the card: {lost} stores to portal {} were dropped by this node's card (TX off?)",
                        self.portal.index()
                    )))
                }
                SettleStep::Refused => {
                    // The queue is full while the destination's driver links a new buffer,
                    // or the items carried an old epoch. Back off (doubling, up to 1 ms)
                    // before the RETRY and the stores again.
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(1));
                    self.retries.fetch_add(1, Relaxed);
                    self.resent.fetch_add(ring.items.len() as u64, Relaxed);
                }
                SettleStep::Held => {
                    // Stalled: sleep until the destination's RESUMED releases the portal
                    // (each look one status load and one RETRY store, no packet).
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(1));
                }
                SettleStep::Stored => {
                    waited = Instant::now();
                    spins = 0;
                }
            }
        }
    }
}

pub(crate) struct PortalSender {
    core: PortalCore,
    ring: Mutex<Unconfirmed>,
}

impl PortalSender {
    pub(crate) fn new(portal: Portal) -> PortalSender {
        // A freshly programmed portal's status is zero.
        PortalSender {
            core: PortalCore::new(portal),
            ring: Mutex::new(Unconfirmed { items: VecDeque::with_capacity(UNCONFIRMED_MAX), accepted: 0 }),
        }
    }

    fn ring(&self) -> MutexGuard<'_, Unconfirmed> {
        self.ring.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One store; the ring lock keeps the ring in store order (which the retry relies on).
    #[inline]
    pub(crate) fn enqueue(&self, item: u64) -> Result<()> {
        let mut ring = self.ring();
        if ring.items.len() >= UNCONFIRMED_MAX {
            self.core.make_room(&mut ring)?;
        }
        ring.items.push_back(item);
        self.core.store(item);
        Ok(())
    }

    pub(crate) fn status(&self) -> SendStatus {
        self.core.status()
    }

    pub(crate) fn flush(&self) -> Result<()> {
        self.core.settle(&mut self.ring())
    }

    pub(crate) fn retry_counts(&self) -> (u64, u64) {
        self.core.retry_counts()
    }

    /// The portal and its settle, for a caller that keeps the ring itself (the C ABI), with
    /// the ring so far (empty after a flush; `accepted` is the status it was settled at).
    pub(crate) fn into_parts(self) -> (PortalCore, Unconfirmed) {
        let mut me = std::mem::ManuallyDrop::new(self);
        let ring = std::mem::take(me.ring.get_mut().unwrap_or_else(|e| e.into_inner()));
        // SAFETY: `me` is never dropped, so `core` is read out exactly once; the mutex (its
        // ring already taken) holds nothing that needs dropping.
        let core = unsafe { std::ptr::read(&me.core) };
        (core, ring)
    }
}

impl Drop for PortalSender {
    fn drop(&mut self) {
        if let Err(e) = self.flush() {
            eprintln!("renq: a sender was dropped with unconfirmed items: {e}");
        }
    }
}
