//! renq-abi: the one place where every layout constant shared by the card (HDL), the card
//! simulator, the driver and the library lives. `docs/spec.md` explains each of them; change
//! both in the same commit.
#![no_std]

pub mod buffer;
pub mod control;
pub mod frame;
pub mod packet;
pub mod regs;
pub mod shadow;
pub mod v2;

/// Bytes in one queue word (data words and header words alike).
pub const WORD_BYTES: u64 = 8;
/// log2(WORD_BYTES): a word index becomes a byte offset by this shift.
pub const WORD_SHIFT: u32 = 3;

/// Bits of a node id; a cluster has at most `MAX_NODES` cards.
pub const NODE_BITS: u32 = 4;
pub const MAX_NODES: usize = 1 << NODE_BITS;

/// Bits of a queue id; each card exports at most `MAX_QUEUES` queues (its export table).
pub const QUEUE_BITS: u32 = 4;
pub const MAX_QUEUES: usize = 1 << QUEUE_BITS;

/// Width of the card's memory (DMA) addresses, in bits of a byte address.
pub const DMA_ADDR_BITS: u32 = 48;
pub const DMA_ADDR_MASK: u64 = (1 << DMA_ADDR_BITS) - 1;

/// Width of the card's event counters. Software reads them as u64 and must expect wrap-around.
pub const COUNTER_BITS: u32 = 32;

/// PCI identity of the card (a value from the experimental/private range of the Red Hat
/// QEMU vendor id is avoided on purpose; 0x1de5 is unassigned in the public list we checked).
pub const PCI_VENDOR_ID: u16 = 0x1de5;
pub const PCI_DEVICE_ID: u16 = 0x0e51;
