//! Node and queue ids in the library API, and the range of them each transport can address.

/// A node's id (the card's NODE_ID; the RDMA fallback's configured node).
pub type NodeId = u16;
/// A queue's id, unique on its node.
pub type QueueId = u16;

/// The ids a transport can name: `Node` checks every id against these before the transport
/// sees it, so an id out of range is `Error::UnknownNode`/`UnknownQueue`, never truncated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdLimits {
    /// Node ids are `< nodes` (senders' destinations).
    pub nodes: usize,
    /// Queue ids on any node are `< queues` (senders' destinations).
    pub queues: usize,
    /// Queues created on this node are `< local_queues` (≤ `queues`: a card may be built
    /// with a smaller queue table than its ABI names).
    pub local_queues: usize,
}

impl IdLimits {
    /// Every `u16` id: a transport with no packed id field (the RDMA fallback names queues
    /// in file names and in its TCP exchange, in decimal).
    pub const ALL: IdLimits = IdLimits {
        nodes: NodeId::MAX as usize + 1,
        queues: QueueId::MAX as usize + 1,
        local_queues: QueueId::MAX as usize + 1,
    };
}
