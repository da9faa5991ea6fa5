//! The memory interface both queue algorithms are written against.
//!
//! `RemoteMemory` is what a producer sees of the consumer node: 64-bit words at byte offsets
//! of one registered region, reachable only by one-sided verbs. `LocalMemory` is what the
//! consumer sees of its own region: plain CPU loads and stores.

use crate::counters::OpCounters;
use std::fmt;

/// Errors of the remote-memory layer and of the queues above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A verbs work request completed with an error status (or could not be posted).
    Verbs(String),
    /// The offset is outside the region or not 8-byte aligned.
    BadOffset(u64),
    /// The region does not hold a queue of the expected kind (magic/capacity mismatch).
    BadQueue(&'static str),
    /// A protocol invariant was violated (a CAS that must succeed failed): the queue's
    /// memory was corrupted or an algorithm bug was hit.
    Protocol(&'static str),
    /// Operating-system error (mapping, memfd).
    Os(String),
    /// A queue size that is 0, above the queue's maximum, or does not fit the region.
    BadSize(String),
    /// A queue base that is not aligned as the layout requires (docs/spec.md §10).
    Misaligned { base: u64, align: u64 },
    /// This producer's WRITE for `ticket` was refused by the fence (docs/spec.md R.11): the
    /// consumer skipped the ticket after its lease expired, or the queue was re-created. The
    /// producer is fenced: its later enqueues get the same error.
    Fenced { ticket: u64 },
    /// The queue was closed by its consumer (or the consumer went away): nothing more is taken.
    Closed,
    /// No room appeared for longer than the producer's room timeout (`set_room_timeout`): the
    /// consumer is gone without closing, or stopped. The claimed ticket is abandoned (the
    /// consumer, if it comes back, skips it after its lease).
    Stalled,
    /// The region already holds a live queue with a consumer (`Consumer::create` refuses to
    /// reset it; `Consumer::recreate` takes it over deliberately).
    InUse,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Verbs(s) => write!(f, "verbs: {s}"),
            Error::BadOffset(o) => write!(f, "bad offset {o:#x}"),
            Error::BadQueue(s) => write!(f, "bad queue: {s}"),
            Error::Protocol(s) => write!(f, "protocol violation: {s}"),
            Error::Os(s) => write!(f, "os: {s}"),
            Error::BadSize(s) => write!(f, "bad queue size: {s}"),
            Error::Misaligned { base, align } => {
                write!(f, "queue base {base:#x} is not {align}-byte aligned (docs/spec.md §10)")
            }
            Error::Fenced { ticket } => write!(f, "fenced: the write of ticket {ticket} was refused (skipped after its lease, or the queue was re-created)"),
            Error::Closed => write!(f, "queue closed"),
            Error::Stalled => write!(f, "no room appeared within the room timeout: the consumer is gone or stopped"),
            Error::InUse => write!(f, "the region already holds a live queue"),
        }
    }
}

impl std::error::Error for Error {}

/// One-sided access to 64-bit words of a remote registered region.
///
/// One handle per thread (per queue pair): methods take `&mut self`, and each handle keeps
/// its own `OpCounters`. Offsets are byte offsets, multiples of 8.
///
/// Ordering contract (what an RC queue pair gives, and what the shared-memory
/// implementation reproduces): operations of one handle take effect at the target in the
/// order they were issued; a posted `write` is therefore visible before any later READ,
/// FAA or CAS of the same handle takes effect. A multi-word `write` is placed in address
/// order (lowest word first) — see docs/spec.md §10 for why the algorithms rely on it only for the
/// last word.
pub trait RemoteMemory {
    /// RDMA READ of one word that is only ever written with WRITEs or CPU stores.
    /// A dependent round trip.
    fn read(&mut self, offset: u64) -> Result<u64, Error>;
    /// Reads a word that is only ever updated with FAA/CAS. The NIC's in-memory byte order
    /// for atomics is implementation-defined, so a verbs backend must not READ such a word:
    /// it issues FAA(+0) instead. One dependent round trip either way.
    fn read_atomic(&mut self, offset: u64) -> Result<u64, Error> {
        self.read(offset)
    }
    /// Called once when a producer attaches, with a queue word reserved for it (only ever
    /// updated with FAA): lets a backend learn how its NIC returns atomic results
    /// (see `verbs`). Nothing to do for memory that is not behind a NIC.
    fn calibrate(&mut self, _probe_offset: u64) -> Result<(), Error> {
        Ok(())
    }
    /// RDMA WRITE of consecutive words starting at `offset`. Posted: returns without
    /// waiting for completion (not a round trip).
    fn write(&mut self, offset: u64, words: &[u64]) -> Result<(), Error>;
    /// RDMA WRITE of one queue slot `[data, stamp]` (16 bytes, 16-byte aligned) that must pass
    /// the fence (docs/spec.md R.11): it lands, both words at once, only if `stamp` is greater
    /// than the slot's current stamp word; a slot the consumer fenced (skipped ticket, closed
    /// queue, newer generation) refuses it. Posted like `write`. A backend that learns the
    /// outcome at once says `Landed` or `Refused`; one that only posts says `Posted` (a verbs
    /// QP, which cannot enforce the fence either: its consumer never skips a ticket, see
    /// `LocalMemory::fence_slot`).
    fn write_slot(&mut self, offset: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error>;
    /// Whether `read_beside` overlaps: a READ posted right behind the caller's previous
    /// operation completes within that operation's round trip (docs/spec.md R.12).
    fn can_read_beside(&self) -> bool {
        false
    }
    /// A READ posted together with the operation just issued, awaited within its round trip:
    /// counted in `reads` and `overlapped`, not as a dependent round trip, where
    /// `can_read_beside`; a plain `read` otherwise.
    fn read_beside(&mut self, offset: u64) -> Result<u64, Error> {
        self.read(offset)
    }
    /// Atomic fetch-and-add; returns the previous value. A dependent round trip.
    fn fetch_and_add(&mut self, offset: u64, add: u64) -> Result<u64, Error>;
    /// Atomic compare-and-swap; returns the previous value (the swap happened iff it equals
    /// `expected`). A dependent round trip.
    fn compare_and_swap(&mut self, offset: u64, expected: u64, new: u64) -> Result<u64, Error>;
    /// Waits until every posted write of this handle has completed.
    fn flush(&mut self) -> Result<(), Error>;
    /// Bytes of the remote region, when known (see `LocalMemory::region_bytes`).
    fn region_bytes(&self) -> Option<u64> {
        None
    }
    /// This handle's operation counts so far.
    fn counters(&self) -> OpCounters;
}

/// What became of a `write_slot`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotWrite {
    /// Placed (the backend knows at once).
    Landed,
    /// Not placed: the slot's stamp was `current` (≥ the write's stamp): fenced.
    Refused { current: u64 },
    /// Posted; placed (or refused, where the memory fences) when it arrives.
    Posted,
}

/// The consumer's CPU access to its own region. Loads are acquire, stores are release.
///
/// Only words that the NIC writes with plain RDMA WRITEs (or never writes) may be accessed
/// this way: with `IBV_ATOMIC_HCA` a CPU access is not atomic against a NIC atomic, so
/// words that producers update with FAA/CAS are never touched by the consumer's CPU.
pub trait LocalMemory {
    fn load(&mut self, offset: u64) -> u64;
    fn store(&mut self, offset: u64, value: u64);
    /// The consumer's side of the fence: atomically against `write_slot`, replaces the stamp
    /// of the slot at `offset` (its data word; the stamp is the next word) by `new` if it is
    /// still `expected`; returns the stamp found. `None`: this memory cannot fence (a verbs
    /// region: a NIC WRITE is not atomic against a CPU compare-and-swap), so the consumer
    /// never skips a ticket on it.
    fn fence_slot(&mut self, _offset: u64, _expected: u64, _new: u64) -> Option<u64> {
        None
    }
    /// Bytes of the region behind this handle, when known: queue constructors refuse a queue
    /// that would not fit (instead of failing at an out-of-range store).
    fn region_bytes(&self) -> Option<u64> {
        None
    }
    /// This handle's counts (local loads/stores; and verbs ops if it also issues any).
    fn local_counters(&self) -> OpCounters;
}

/// Alignment of a queue's base (both queues): their header words sit on their own 64-byte
/// lines, and the fast queue's 16-byte slots never straddle one.
pub const BASE_ALIGN: u64 = 64;

/// Checks a queue's geometry: `n` (slots or blocks) in 1..=`max` and the base aligned.
pub(crate) fn check_geometry(what: &str, base: u64, n: u64, max: u64) -> Result<(), Error> {
    if n == 0 || n > max {
        return Err(Error::BadSize(format!("{what} {n} is outside 1..={max}")));
    }
    if !base.is_multiple_of(BASE_ALIGN) {
        return Err(Error::Misaligned { base, align: BASE_ALIGN });
    }
    Ok(())
}

/// Checks, when the region's size is known, that `bytes` at `base` fit in it — before a
/// constructor writes anything.
pub(crate) fn check_fits(what: &str, n: u64, base: u64, bytes: u64, region: Option<u64>) -> Result<(), Error> {
    match region {
        Some(len) if base.checked_add(bytes).is_none_or(|end| end > len) => {
            Err(Error::BadSize(format!("a queue of {what} {n} needs {bytes} bytes at {base:#x}; the region has {len}")))
        }
        _ => Ok(()),
    }
}

/// Byte offset of word `index` after `base`.
#[inline]
pub(crate) fn word(base: u64, index: u64) -> u64 {
    base + 8 * index
}
