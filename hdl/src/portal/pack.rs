//! The packers of the portal table's two words, each one Verilog concatenation: the status
//! word from its fields and the `Entry` word from VALID and the route.

use super::{ACCEPTED_W, IN_FLIGHT_W, REFUSED_W, ROUTE_W};
use crate::WORD_W;
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
