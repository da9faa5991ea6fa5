//! The engine's operations (spec §6a): what LD0 admits and the stage registers carry, with
//! their fields, from LD0 to RD0b.

use crate::*;
use rust_hdl::prelude::*;

/// Operations in the pipeline (`OP_W` bits).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Op {
    None = 0,
    /// A packet from the link.
    Packet = 1,
    /// A parked leader's decision (fifth micro-operation of its re-injection).
    Reinject = 2,
    Export = 3,
    /// The HEAD command's last micro-operation: free ← max(free, slots free by the head).
    Head = 4,
    Resume = 5,
    /// Start-up sweep: the queue's state ← 0 (not exported).
    Clear = 6,
    Arm = 7,
    Query = 8,
    /// First micro-operation of the HEAD command and of a leader's re-injection: the head less
    /// the slot less one, from the state, and whether the head is past the slot (registered for
    /// HeadFix).
    HeadCalc = 9,
    /// A leader's fourth micro-operation: free ← max(free, slots free by its head).
    ReHead = 10,
    /// A re-injected follower: decided like a packet (no free slot: parks again, as a leader,
    /// in its slot).
    Replay = 11,
    /// Third micro-operation of both: max(free, slots free by the head), registered for the
    /// next one (which only writes it).
    HeadMax = 12,
    /// Second micro-operation of both: the wrap correction of HeadCalc's difference (from
    /// registers; the state is not used), so no cycle holds two 16-bit carry chains in a row.
    HeadFix = 13,
    /// SPARE: post the queue's spare buffer, or take it back (spec §9c).
    Spare = 14,
}
pub const OP_W: usize = 4;

/// An operation's fields, as the stage registers carry them from LD0 to RD0b (`a`, `f`, `b`).
#[derive(Copy, Clone, PartialEq, Debug, Default, LogicStruct)]
pub struct OpFields {
    /// [`Op`].
    pub op: Bits<OP_W>,
    pub queue: Bits<QUEUE_W>,
    pub src: Bits<NODE_W>,
    pub data: Bits<WORD_W>,
    pub portal: Bits<PORTAL_W>,
    pub epoch: Bits<EPOCH_W>,
    /// A HEAD index (the HEAD command's, a re-injected leader's).
    pub head: Bits<INDEX_W>,
    /// Its target is this node, and its queue is in the build's range.
    pub dst_ok: bool,
    pub in_range: bool,
    /// A parking slot's operation: the slot.
    pub slot: Bits<2>,
    /// A link packet.
    pub is_pkt: bool,
}

impl Op {
    pub(super) fn constant(self) -> Constant<Bits<OP_W>> {
        Constant::new((self as u64).into())
    }
}
