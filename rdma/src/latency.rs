//! `WithLatency`: a `RemoteMemory` wrapper that waits (yielding) a fixed time on every dependent
//! round trip, to see what the op counts mean in time on a network (RDMA atomics take
//! 1.5–2.3 µs). Posted writes are not delayed: the caller does not wait for them. It is the
//! pipeline module's NIC model with yielding waits (`DelayedNic::new`): on an oversubscribed
//! machine (8 producers on 2 cores) a spinning "NIC wait" would starve the consumer, which a
//! real NIC wait does not.

pub type WithLatency<M> = crate::pipeline::DelayedNic<M>;
