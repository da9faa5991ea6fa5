//! The paper's card (the reference, spec §1–§9): 4-bit node and queue ids, the shadow window
//! that names a queue by the page a store goes to, the per-queue control word of the paper's
//! overflow protocol, and its BAR0 register map.

pub mod control;
pub mod regs;
pub mod shadow;

/// Bits of a node id; a cluster has at most `MAX_NODES` cards.
pub const NODE_BITS: u32 = 4;
pub const MAX_NODES: usize = 1 << NODE_BITS;

/// Bits of a queue id; each card exports at most `MAX_QUEUES` queues (its export table).
pub const QUEUE_BITS: u32 = 4;
pub const MAX_QUEUES: usize = 1 << QUEUE_BITS;
