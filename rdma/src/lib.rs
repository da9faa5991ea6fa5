//! renq over RDMA one-sided verbs: the fallback for clusters without the renq card.
//!
//! * `remote` — the `RemoteMemory` (producer side, one-sided verbs) and `LocalMemory`
//!   (consumer side, CPU) interfaces; `counters` — per-handle operation counts.
//! * `shm` — a shared-memory implementation (memfd/file mapping, threads and processes).
//! * `nic` — the byte-order adapter every NIC-backed memory goes through.
//! * `verbs` (feature `verbs`) — an RC queue pair over libibverbs; `connect` — the TCP
//!   exchange of endpoints and region descriptors that connects one.
//! * `seed` — the seed's CRQ-like queue (≈5 dependent round trips per enqueue).
//! * `fast` — one FAA + one posted WRITE per uncontended enqueue.
//! * `send` (feature `verbs`) — the SEND/SRQ mode: one inline SEND per enqueue into the
//!   consumer's shared receive queue, 0 dependent round trips.
//! * `claims` — claim words (a producer names the ticket it holds) and `verbs_fence` (feature
//!   `verbs`) — the verbs consumer's fence: a stalled producer's QP moved to the error state,
//!   its ticket skipped; the verbs close (docs/spec.md R.11).
//! * `pipeline` — a fast-queue sender with up to W enqueues in flight, and `DelayedNic`, a
//!   fixed-round-trip NIC model that can post and complete operations separately.
//! * `latency` — a wrapper adding a fixed delay per dependent round trip (benchmarks).
//!
//! docs/spec.md §10 describes the memory layouts and protocols.

pub mod claims;
#[cfg(feature = "verbs")]
pub mod connect;
pub mod counters;
pub mod fast;
pub mod latency;
pub mod nic;
pub mod pipeline;
pub mod queue;
pub mod remote;
pub mod seed;
#[cfg(feature = "verbs")]
pub mod send;
pub mod shm;
#[cfg(feature = "verbs")]
pub mod verbs;
#[cfg(feature = "verbs")]
pub mod verbs_fence;

pub use counters::OpCounters;
pub use queue::{Backoff, RdmaDequeue, RdmaEnqueue, Step};
pub use remote::{Error, LocalMemory, RemoteMemory, SlotWrite};
pub use shm::{ShmHandle, ShmRegion};
