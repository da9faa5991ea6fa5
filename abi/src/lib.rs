//! renq-abi: the one place where every layout constant shared by the card (HDL), the card
//! simulator, the driver and the library lives. `docs/spec.md` explains each of them; change
//! both in the same commit.
//!
//! * this module — word size, DMA addresses, counters, PCI identity, and the card's widths
//!   (node, queue, portal and epoch fields) and command port (spec §6a, §7c, §8b);
//! * [`buffer`] — a queue buffer's header and slots (both cards; spec §2);
//! * [`packet`] / [`frame`] — the link's packets and frames (spec §7, §7a);
//! * [`regs`] — the card's BAR0 map (ID ABI 2); [`csr`] — what both cards' BAR0 share;
//! * [`portal`] — the card's BAR2: one page per portal, a store enqueues, a load reads status;
//! * [`state`] — the per-queue state word the card answers a QUERY command with;
//! * [`paper`] — the paper card (the reference): 4-bit ids, shadow window, its BAR0 map.
//!
//! A queue's buffer is the same on both cards, so software reads both cards' queues the same
//! way; what differs is the chain (spec §9b): the card appends to the newest buffer and the
//! driver links a fresh one behind it when it is full, so no item ever moves.
#![no_std]
// Link frames hold a variable number of packets (`frame::Body::Data`).
extern crate alloc;

pub mod buffer;
pub mod csr;
pub mod frame;
pub mod packet;
pub mod paper;
pub mod portal;
pub mod regs;
pub mod state;

/// Bytes in one queue word (data words and header words alike).
pub const WORD_BYTES: u64 = 8;
/// log2(WORD_BYTES): a word index becomes a byte offset by this shift.
pub const WORD_SHIFT: u32 = 3;

/// Width of the card's memory (DMA) addresses, in bits of a byte address.
pub const DMA_ADDR_BITS: u32 = 48;
pub const DMA_ADDR_MASK: u64 = (1 << DMA_ADDR_BITS) - 1;

/// Width of the card's event counters. Software reads them as u64 and must expect wrap-around.
pub const COUNTER_BITS: u32 = 32;

/// PCI identity of the card (a value from the experimental/private range of the Red Hat
/// QEMU vendor id is avoided on purpose; 0x1de5 is unassigned in the public list we checked).
pub const PCI_VENDOR_ID: u16 = 0x1de5;
pub const PCI_DEVICE_ID: u16 = 0x0e51;

/// Bits of a node id on the card's links: ≥ 1 024 nodes.
pub const NODE_BITS: u32 = 10;
pub const MAX_NODES: usize = 1 << NODE_BITS;

/// Bits of a queue id on the card's links: ≥ 4 096 queues per card. A card build holds
/// `1 << queue_ram_bits` of them (below); a packet naming a queue above that is rejected.
pub const QUEUE_BITS: u32 = 12;
pub const MAX_QUEUES: usize = 1 << QUEUE_BITS;

/// Bits of a portal number (spec §7c): a sender-side table entry that maps one BAR2 page to a
/// (node, queue) and keeps that page's status. A card build holds `1 << portal_bits` of them.
pub const PORTAL_BITS: u32 = 12;
pub const MAX_PORTALS: usize = 1 << PORTAL_BITS;

/// Bits of a queue's epoch (spec §7c): bumped each time the queue stalls. A packet carries the
/// epoch its portal last learned; the card refuses a packet whose epoch is not the queue's, so
/// nothing a sender sent before it learned of a refusal can overtake the refused item.
pub const EPOCH_BITS: u32 = 8;
pub const EPOCH_MASK: u64 = (1 << EPOCH_BITS) - 1;

/// Queue-state RAM address bits of the iCE40-HX8K build (256 queues: their state words, spare
/// included, take 11 of its 32 RAM4K blocks in 256 × 16 mode and the engine's write queue 12;
/// 512 queues took 21 + 12 > 32 once the spare was kept, spec §9c).
pub const HX8K_QUEUE_RAM_BITS: u32 = 8;
/// Queue-state RAM address bits of the ECP5-85F build (4 096 queues).
pub const ECP5_QUEUE_RAM_BITS: u32 = 12;
/// Portal-table address bits of the two builds.
pub const HX8K_PORTAL_BITS: u32 = 8;
pub const ECP5_PORTAL_BITS: u32 = 12;
/// Queue-state RAM and portal-table address bits of the LFE5U-25F build of the node (the part
/// of the Colorlight boards: 24 k LUT4, 56 DP16KD). 4 096 queues and 4 096 portals take 70
/// DP16KD; 4 096 queues and 1 024 portals take 53 (2 048 portals would need about 58), so the
/// build keeps the 85F's queues and a quarter of its portals.
pub const ECP5_25F_QUEUE_RAM_BITS: u32 = 12;
pub const ECP5_25F_PORTAL_BITS: u32 = 10;

/// Command port kinds (`cmd_kind`, `CMD_KIND_BITS` bits): what the driver (through BAR0 CMD,
/// with the argument in CMD_ARG) asks of the engine. Commands pass LD0/RD0 like packets, in
/// order with them.
pub const CMD_KIND_BITS: u32 = 3;
/// EXPORT(q, arg): arg is a v1 EXPORT word (bit 63 VALID, bits 52..48 `k`, bits 47..0 base,
/// [`crate::paper::regs::bits`]); the queue restarts in that buffer, empty (tail = first data slot,
/// free = capacity) and not stalled; its epoch and ARMED flag are kept. Also the O(1)
/// extension: re-point a stalled queue at a fresh buffer. VALID 0 or `k` outside 3..16
/// unexports the queue.
pub const CMD_EXPORT: u64 = 0;
/// HEAD doorbell (q, arg): arg bits 15..0 are the consumer's head index, bits 63..16 the word
/// address (`base >> 3`) of the buffer it is in ([`head_doorbell_arg`]); the engine recomputes
/// the free-slot count without reading host memory. The card applies it only if it names the
/// buffer the card writes now (a doorbell of a buffer the card switched away from is ignored,
/// spec §9c).
pub const CMD_HEAD: u64 = 1;
/// RESUME(q): clear the queue's stalled flag (arg ignored).
pub const CMD_RESUME: u64 = 2;
/// ARM(q, arg): arg bits 15..0 are the tail index the consumer saw when it found the queue
/// empty, bits 63..16 the buffer it is in, as HEAD's ([`head_doorbell_arg`]). If the card's
/// tail differs, or it writes another buffer (it switched into a spare), an item is on its way
/// and NOTIFY is raised once the writes before it are done; otherwise the queue is armed and
/// its next item raises NOTIFY after that item's TAIL publication.
pub const CMD_ARM: u64 = 3;
/// QUERY(q): the engine answers with the queue's state word ([`state`]) in BAR0 QUERY.
pub const CMD_QUERY: u64 = 4;
/// SPARE(q, arg): arg is an EXPORT word naming a next buffer of the queue, or with RUN (bits
/// 62..53, [`csr::ExportEntry::spare_run`]) a run of RUN + 1 contiguous ones (spec §9c). The card
/// keeps a ring of up to CAPS.SPARES spares per queue, in the order posted; when an item takes
/// the last free slot of the buffer it writes, it continues in the oldest spare at once: the
/// item's entry writes the full buffer's TAIL, then its LINK ← the spare
/// ([`buffer::link_word`]), and the queue's state moves to the spare (empty, same epoch), the
/// spare leaves the ring (QUERY's SPARES count drops by one) and the queue is pushed into the
/// OVERFLOW FIFO so the driver posts the next one. A SPARE whose queue has no free slot and no
/// parked packet switches at once (a LINK write alone). VALID 0 takes every spare back; `k`
/// outside 3..16, a base not aligned to the buffer's size, a run past the DMA address space or
/// one the ring has no room for is refused whole (counted in CNT_BAD_HEADER, the ring
/// unchanged); a card with CAPS.ONE_RUN has room for a run while none waits (QUERY's
/// WAITING). SPARE of a queue not exported is ignored.
pub const CMD_SPARE: u64 = 5;
/// Spares a queue may hold in the simulator's model (its CAPS.SPARES, spec §9c): room for the
/// driver's ring (`renq_driver::SPARE_BYTES`, 256 KiB: 4 096 of the smallest buffers) to
/// double where it ran low, so a queue of small buffers does not stall while its handler
/// waits for a CPU.
pub const MODEL_SPARES: u32 = 8192;
/// Spares a queue holds in the RTL card (its CAPS.SPARES, with CAPS.ONE_RUN, spec §9c): the rest
/// of the run its queue is in and one run posted after it, each up to `csr::MAX_SPARE_RUN`,
/// kept in the queue's spare word (`state::rtl_spare`); the driver posts the next run once the
/// queue has entered the one posted.
pub const RTL_SPARES: u32 = 2 * csr::MAX_SPARE_RUN - 1;
/// Waiters the simulator's model keeps for stalled queues (spec §7c): (node, portal) pairs
/// refused while their queue is stalled, told RESUMED when the stall ends. A refusal beyond
/// them is a plain REFUSED (the sender retries with back-off, as before notices).
pub const MODEL_WAITERS: usize = 4096;
/// Every command kind, for tests and reports.
pub const CMD_KINDS: [(u64, &str); 6] = [
    (CMD_EXPORT, "EXPORT"),
    (CMD_HEAD, "HEAD"),
    (CMD_RESUME, "RESUME"),
    (CMD_ARM, "ARM"),
    (CMD_QUERY, "QUERY"),
    (CMD_SPARE, "SPARE"),
];
const _: () = assert!(CMD_SPARE < 1 << CMD_KIND_BITS);

/// The HEAD doorbell's argument: the consumer's `head` index in the buffer at `base` (aligned,
/// [`buffer::aligned_base`]) — bits 15..0 the index, bits 63..16 the buffer's word address.
pub const fn head_doorbell_arg(base: u64, head: u64) -> u64 {
    (base & DMA_ADDR_MASK) >> WORD_SHIFT << buffer::INDEX_BITS | (head & buffer::INDEX_MASK)
}
/// The buffer base a HEAD doorbell's argument names (the inverse of [`head_doorbell_arg`]).
pub const fn head_doorbell_base(arg: u64) -> u64 {
    (arg >> buffer::INDEX_BITS) << WORD_SHIFT & DMA_ADDR_MASK
}
const _: () = assert!(DMA_ADDR_BITS - WORD_SHIFT + buffer::INDEX_BITS <= 64);

/// Read tags of the split-transaction memory port: HEAD reads outstanding at once, one parked
/// packet per tag.
pub const READ_TAG_BITS: u32 = 2;
pub const READ_TAGS: usize = 1 << READ_TAG_BITS;

/// Tail coalescing bound: a TAIL publication covers at most this many items.
pub const COALESCE_MAX: u64 = 8;

/// Entries of the posted-write queue (log2): each entry is one item's data write and, when it
/// publishes, its TAIL write.
pub const WRITE_QUEUE_BITS: u32 = 4;

/// Entries of the overflow FIFO (BAR0 OVERFLOW): queue numbers of stalls not yet taken by the
/// driver. When it is full a stall sets LOST instead, and the driver QUERYs its queues.
pub const OVERFLOW_FIFO_DEPTH: usize = 16;

/// Entries of the card's outcome FIFO (spec §6b): OUTCOME packets owed to senders, waiting for
/// the link. The card takes an ENQUEUE from the link only while the FIFO has room for every
/// packet already taken (the engine cannot be held on its events), so this also bounds the
/// ENQUEUEs in flight inside one card.
pub const OUTCOME_FIFO_DEPTH: usize = 16;
const _: () = assert!(OUTCOME_FIFO_DEPTH.is_power_of_two());
