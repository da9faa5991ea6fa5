//! Senders. On the card a sender is a portal (spec §7c); the header's inline `renq_enqueue`
//! keeps the ring of unconfirmed items in the `renq_sender` struct and does the store itself,
//! so the library is called only when the ring is full (`renq_enqueue_slow` settles it), when
//! the page is not mapped (the simulator: `renq_portal_store`), and by `renq_flush`. Every
//! other sender (the paper card, the RDMA fallback) takes the slow path on every enqueue.

use crate::node::{node_of, renq_node};
use crate::renq_status::{self, *};
use crate::{guard, out, Fail};
use renq_lib::{PortalCore, Sender, Unconfirmed};
use std::collections::VecDeque;

/// Items a card sender may have stored and not yet seen accepted: the ring's size (a power
/// of two; the Rust library's `UNCONFIRMED_MAX`).
pub const RENQ_UNCONFIRMED_MAX: usize = 512;
const _: () = assert!(RENQ_UNCONFIRMED_MAX == renq_lib::UNCONFIRMED_MAX && RENQ_UNCONFIRMED_MAX.is_power_of_two());

/// What the library keeps of a sender (opaque).
pub struct renq_sender_impl {
    path: Path,
}

enum Path {
    /// The card: the portal and its settle; the ring is the struct's.
    Portal { core: PortalCore, accepted: u64 },
    /// Any other sender: `renq::Sender::enqueue` per item.
    Call(Sender),
}

/// One sender to one queue (`renq_sender_open`), freed by `renq_sender_close`. The inline
/// `renq_enqueue` reads and writes its fields; the caller treats them as read-only.
///
/// Thread safety: one thread at a time per sender (enqueue, flush, status, close); open one
/// sender per thread (each is its own portal on the card).
#[repr(C)]
pub struct renq_sender {
    /// The card, UIO/VFIO: the portal page's word, mapped uncached: `renq_enqueue` stores the
    /// item here (one 8-byte volatile store). NULL where the page is not mapped (the
    /// simulator: `renq_portal_store` makes the store a call) and for non-card senders.
    pub portal: *mut u64,
    /// 1: a card portal sender — `renq_enqueue` keeps the ring below inline. 0: every
    /// enqueue is `renq_enqueue_slow`.
    pub ring_kept: u32,
    /// The ring of unconfirmed items: `ring_len` items from `ring[ring_start]`, modulo
    /// `RENQ_UNCONFIRMED_MAX`, in store order.
    pub ring_start: u32,
    pub ring_len: u32,
    /// The destination.
    pub node: u16,
    pub queue: u16,
    /// The library's part.
    pub inner: *mut renq_sender_impl,
    pub ring: [u64; RENQ_UNCONFIRMED_MAX],
}

/// What a card sender's portal status says (`renq_sender_status`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct renq_send_status {
    /// Items the destination accepted (mod 2^32).
    pub accepted: u64,
    /// Items sent whose outcome has not come back.
    pub in_flight: u64,
    /// Items refused (full queue being extended, or at the source) (mod 2^14).
    pub refused: u64,
    /// Nonzero: the destination rejected an item (no such queue).
    pub rejected: u8,
    /// Nonzero: stores are refused at the source until the sender retries.
    pub refusing: u8,
    /// Unconfirmed items in this sender's ring.
    pub unconfirmed: u32,
}

impl renq_sender {
    fn inner(&mut self) -> Result<&mut renq_sender_impl, Fail> {
        // SAFETY: `inner` is the Box this library made for the sender, or NULL after close.
        unsafe { self.inner.as_mut() }.ok_or_else(|| Fail::invalid("sender is closed"))
    }

    /// The ring as the settle sees it.
    fn take_ring(&mut self, accepted: u64) -> Unconfirmed {
        let mask = RENQ_UNCONFIRMED_MAX - 1;
        let (start, len) = (self.ring_start as usize, (self.ring_len as usize).min(RENQ_UNCONFIRMED_MAX));
        let items: VecDeque<u64> = (0..len).map(|i| self.ring[(start + i) & mask]).collect();
        Unconfirmed { items, accepted }
    }

    fn put_ring(&mut self, ring: &Unconfirmed) {
        for (i, &v) in ring.items.iter().enumerate() {
            self.ring[i] = v;
        }
        self.ring_start = 0;
        self.ring_len = ring.items.len() as u32;
    }

    /// Settles the ring: waits until every unconfirmed item is accepted, storing refused
    /// ones again (what `renq::Sender::flush` does).
    fn settle(&mut self) -> crate::Outcome {
        let inner = self.inner()? as *mut renq_sender_impl;
        // SAFETY: `inner` is this sender's own box, distinct from the struct's fields.
        let Path::Portal { core, accepted } = &mut unsafe { &mut *inner }.path else { return Ok(RENQ_OK) };
        let mut ring = self.take_ring(*accepted);
        let r = core.settle(&mut ring);
        *accepted = ring.accepted;
        self.put_ring(&ring);
        r?;
        Ok(RENQ_OK)
    }
}

fn sender_mut<'a>(s: *mut renq_sender) -> Result<&'a mut renq_sender, Fail> {
    out(s, "sender")
}

/// A sender to queue `queue` on node `dst` (this node included). Thread-safe (the node);
/// the sender is for one thread at a time.
#[no_mangle]
pub extern "C" fn renq_sender_open(
    node: *const renq_node,
    dst: u16,
    queue: u16,
    sender: *mut *mut renq_sender,
) -> renq_status {
    guard(|| {
        let (node, sender) = (node_of(node)?, out(sender, "out")?);
        let (path, portal, ring) = match node.sender(dst, queue)?.into_portal() {
            Ok((core, ring)) => {
                let portal = core.mapped_word().map_or(std::ptr::null_mut(), |w| w.as_ptr());
                (Path::Portal { core, accepted: ring.accepted }, portal, Some(ring))
            }
            Err(other) => (Path::Call(other), std::ptr::null_mut(), None),
        };
        let mut s = Box::new(renq_sender {
            portal,
            ring_kept: ring.is_some() as u32,
            ring_start: 0,
            ring_len: 0,
            node: dst,
            queue,
            inner: Box::into_raw(Box::new(renq_sender_impl { path })),
            ring: [0; RENQ_UNCONFIRMED_MAX],
        });
        if let Some(ring) = ring {
            s.put_ring(&ring);
        }
        *sender = Box::into_raw(s);
        Ok(RENQ_OK)
    })
}

/// The enqueue's slow path, called by the inline `renq_enqueue` (not meant to be called
/// directly, though it is correct to): the card with a full ring settles it first (waits for
/// outcomes: microseconds on a link, longer while the destination extends a full queue), then
/// keeps and stores the item; other senders enqueue through the library (the RDMA fallback:
/// a fetch-and-add and a write; the paper card: one store).
#[no_mangle]
pub extern "C" fn renq_enqueue_slow(sender: *mut renq_sender, item: u64) -> renq_status {
    guard(|| {
        let s = sender_mut(sender)?;
        if let Path::Call(tx) = &s.inner()?.path {
            tx.enqueue(item)?;
            return Ok(RENQ_OK);
        }
        if s.ring_len as usize >= RENQ_UNCONFIRMED_MAX {
            s.settle()?;
        }
        let at = (s.ring_start + s.ring_len) as usize & (RENQ_UNCONFIRMED_MAX - 1);
        s.ring[at] = item;
        s.ring_len += 1;
        store(s, item)
    })
}

fn store(s: &mut renq_sender, item: u64) -> crate::Outcome {
    match &s.inner()?.path {
        Path::Portal { core, .. } => core.store(item),
        Path::Call(_) => return Err(Fail::invalid("not a card portal sender")),
    }
    Ok(RENQ_OK)
}

/// The card, a portal page that is not mapped (the simulator): the store, as a call. Called
/// by the inline `renq_enqueue` after it kept the item in the ring.
#[no_mangle]
pub extern "C" fn renq_portal_store(sender: *mut renq_sender, item: u64) -> renq_status {
    guard(|| store(sender_mut(sender)?, item))
}

/// Waits until every item enqueued so far is accepted by the destination (the card: settles
/// the ring, storing refused items again in order; `RENQ_E_REJECTED` if the queue does not
/// exist or was closed — the ring is then emptied). Other senders: `RENQ_OK` at once (their
/// enqueue returns once the item is placed). One thread at a time per sender.
#[no_mangle]
pub extern "C" fn renq_flush(sender: *mut renq_sender) -> renq_status {
    guard(|| {
        let s = sender_mut(sender)?;
        if let Path::Call(tx) = &s.inner()?.path {
            tx.flush()?;
            return Ok(RENQ_OK);
        }
        s.settle()
    })
}

/// The card: the portal's status (one load from this node's own card, no network round
/// trip); `RENQ_E_INVALID` for senders without portals. One thread at a time per sender.
#[no_mangle]
pub extern "C" fn renq_sender_status(sender: *mut renq_sender, status: *mut renq_send_status) -> renq_status {
    guard(|| {
        let (s, status) = (sender_mut(sender)?, out(status, "status")?);
        let unconfirmed = s.ring_len;
        let Path::Portal { core, .. } = &s.inner()?.path else {
            return Err(Fail::invalid("only a card sender has a portal status"));
        };
        let st = core.status();
        *status = renq_send_status {
            accepted: st.accepted,
            in_flight: st.in_flight,
            refused: st.refused,
            rejected: st.rejected as u8,
            refusing: st.refusing as u8,
            unconfirmed,
        };
        Ok(RENQ_OK)
    })
}

/// Flushes (as `renq_flush`) and frees the sender; returns the flush's status (the sender is
/// freed either way). NULL is ignored. Once per sender.
#[no_mangle]
pub extern "C" fn renq_sender_close(sender: *mut renq_sender) -> renq_status {
    guard(|| {
        if sender.is_null() {
            return Ok(RENQ_OK);
        }
        // SAFETY: a sender from renq_sender_open, closed once (the header's contract).
        let mut s = unsafe { Box::from_raw(sender) };
        let flushed = renq_flush(&mut *s);
        if !s.inner.is_null() {
            // SAFETY: the sender's own box, freed once here.
            drop(unsafe { Box::from_raw(s.inner) });
            s.inner = std::ptr::null_mut();
        }
        Ok(flushed)
    })
}
