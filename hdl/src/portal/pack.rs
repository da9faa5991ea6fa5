//! The packers of the portal table's words, each one Verilog concatenation: the status word
//! from its fields, the `Entry` word from VALID and the route, and the ENQUEUE packet as one
//! word for the packet FIFO.

use super::{ACCEPTED_W, IN_FLIGHT_W, REFUSED_W, ROUTE_W};
use crate::{EPOCH_W, NODE_W, PORTAL_W, QUEUE_W, WORD_W};
use renq_abi::portal::bits;
use rust_hdl::prelude::*;

/// The status word from its fields (`renq_abi::portal::Status` layout), as one
/// concatenation.
#[derive(LogicBlock, Default)]
pub struct StatusPack {
    pub accepted: Signal<In, Bits<ACCEPTED_W>>,
    pub in_flight: Signal<In, Bits<IN_FLIGHT_W>>,
    pub refused: Signal<In, Bits<REFUSED_W>>,
    pub rejected: Signal<In, bool>,
    pub refusing: Signal<In, bool>,
    pub word: Signal<Out, Bits<WORD_W>>,
}

impl Logic for StatusPack {
    fn update(&mut self) {
        let w = self.accepted.val().to_u64()
            | self.in_flight.val().to_u64() << bits::STATUS_IN_FLIGHT_LSB
            | self.refused.val().to_u64() << bits::STATUS_REFUSED_LSB
            | (self.rejected.val() as u64) << bits::STATUS_REJECTED
            | (self.refusing.val() as u64) << bits::STATUS_REFUSING;
        self.word.next = w.into();
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) word = {refusing, rejected, refused, in_flight, accepted};".into())
    }
}

/// The `Entry` word (BAR0 PORTAL) from VALID and the route.
#[derive(LogicBlock, Default)]
pub struct EntryPack {
    pub valid: Signal<In, bool>,
    pub route: Signal<In, Bits<ROUTE_W>>,
    pub word: Signal<Out, Bits<WORD_W>>,
}

impl Logic for EntryPack {
    fn update(&mut self) {
        self.word.next = (self.route.val().to_u64() | (self.valid.val() as u64) << bits::ENTRY_VALID).into();
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!("always @(*) word = {{valid, {}'d0, route}};", WORD_W - 1 - ROUTE_W))
    }
}

/// Bits of a packet in the table's FIFO: `{data, epoch, portal, queue, dst}`, dst at bit 0.
pub const PKT_W: usize = NODE_W + QUEUE_W + PORTAL_W + EPOCH_W + WORD_W;
/// Where each field of the FIFO's packet word starts.
pub const PKT_QUEUE_LSB: usize = NODE_W;
pub const PKT_PORTAL_LSB: usize = PKT_QUEUE_LSB + QUEUE_W;
pub const PKT_EPOCH_LSB: usize = PKT_PORTAL_LSB + PORTAL_W;
pub const PKT_DATA_LSB: usize = PKT_EPOCH_LSB + EPOCH_W;

/// An ENQUEUE packet's fields as one word (the packet FIFO's entry).
#[derive(LogicBlock, Default)]
pub struct PacketPack {
    pub dst: Signal<In, Bits<NODE_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub portal: Signal<In, Bits<PORTAL_W>>,
    pub epoch: Signal<In, Bits<EPOCH_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
    pub word: Signal<Out, Bits<PKT_W>>,
}

impl Logic for PacketPack {
    fn update(&mut self) {
        let mut w = Bits::<PKT_W>::default();
        w.set_bits::<NODE_W>(0, self.dst.val());
        w.set_bits::<QUEUE_W>(PKT_QUEUE_LSB, self.queue.val());
        w.set_bits::<PORTAL_W>(PKT_PORTAL_LSB, self.portal.val());
        w.set_bits::<EPOCH_W>(PKT_EPOCH_LSB, self.epoch.val());
        w.set_bits::<WORD_W>(PKT_DATA_LSB, self.data.val());
        self.word.next = w;
    }
    fn connect(&mut self) {
        self.word.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) word = {data, epoch, portal, queue, dst};".into())
    }
}
