//! Card v2 (issue 13): the pipelined queue engine's widths and its command port.
//!
//! The v1 constants ([`crate::NODE_BITS`], [`crate::QUEUE_BITS`], the register map) stay as
//! they are for the paper FSM (spec §1–§8); the v2 engine (spec "Card v2 engine") is sized here.
//! A v2 queue's buffer is the v1 buffer of [`crate::buffer`] (LINK, TAIL, HEAD, data from
//! index 3), so software reads both cards' queues the same way.

/// Bits of a node id on v2 links: ≥ 1 024 nodes.
pub const NODE_BITS: u32 = 10;
pub const MAX_NODES: usize = 1 << NODE_BITS;

/// Bits of a queue id on v2 links: ≥ 4 096 queues per card. A card build holds
/// `1 << queue_ram_bits` of them (below); a packet naming a queue above that is dropped.
pub const QUEUE_BITS: u32 = 12;
pub const MAX_QUEUES: usize = 1 << QUEUE_BITS;

/// Queue-state RAM address bits of the iCE40-HX8K build (1 024 queues; spec "Card v2 engine":
/// 87 bits of state per queue in 22 of the 32 SB_RAM40_4K blocks).
pub const HX8K_QUEUE_RAM_BITS: u32 = 10;
/// Queue-state RAM address bits of the ECP5-85F build (4 096 queues).
pub const ECP5_QUEUE_RAM_BITS: u32 = 12;

/// Command port kinds (`cmd_kind`, 2 bits): what the driver (through BAR0) asks of the engine.
pub const CMD_KIND_BITS: u32 = 2;
/// EXPORT(q, arg): arg is a v1 EXPORT word (bit 63 VALID, bits 52..48 `k`, bits 47..0 base,
/// [`crate::regs::bits`]); the queue restarts empty (tail = first data slot, free = capacity)
/// and not stalled. Also the O(1) extension: re-point a stalled queue at a fresh buffer.
pub const CMD_EXPORT: u64 = 0;
/// HEAD doorbell (q, arg): arg bits 15..0 are the consumer's head index; the engine recomputes
/// the free-slot count without reading host memory.
pub const CMD_HEAD: u64 = 1;
/// RESUME(q): clear the queue's stalled flag (arg ignored).
pub const CMD_RESUME: u64 = 2;

/// Read tags of the split-transaction memory port: HEAD reads outstanding at once, one parked
/// packet per tag.
pub const READ_TAG_BITS: u32 = 2;
pub const READ_TAGS: usize = 1 << READ_TAG_BITS;

/// Tail coalescing bound: a TAIL publication covers at most this many items.
pub const COALESCE_MAX: u64 = 8;

/// Entries of the posted-write queue (log2): each entry is one item's data write and, when it
/// publishes, its TAIL write.
pub const WRITE_QUEUE_BITS: u32 = 3;
