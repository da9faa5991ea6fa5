//! The per-queue control word shared by the consumer threads and the driver's overflow handler
//! (spec §9). It lives in host memory beside the queue; the card never touches it.

/// Dequeue lock: held by the one consumer thread that is dequeuing.
pub const LOCK: u64 = 1 << 0;
/// "Do-not-preempt-me": a dequeuer is inside the queue; the handler must not move items now.
pub const DNP: u64 = 1 << 1;
/// "Full-queue": the handler found DNP set; the dequeuer extends the queue when it leaves.
pub const FULL_PENDING: u64 = 1 << 2;
/// The handler is extending the queue; a dequeuer must wait before setting DNP.
pub const EXTENDING: u64 = 1 << 3;
