//! Cycle-level driver of the card's `top` for the card simulator (its "rtl" engine): inputs are
//! applied and combinational logic settled by hand, the clock is toggled by hand — no
//! `Simulation` threads. This mirrors what rust-hdl's `Simulation` does between testbench steps:
//! set `.next` of the inputs, then `update_all()` until nothing changes ([`Hand`]'s loop). Why
//! a driver of its own, not the whole card's `crate::cycle::RtlCard`: the paper card is another
//! block with other ports (the reference the simulator's `paper` engines run).
//!
//! The card's CSR port is registered: after a tick with `csr_read` high, `csr_rdata` (read with
//! `eval`) holds that read's value; a write applied with a tick takes effect at the next tick.

use crate::cycle::CycleCard;
use crate::paper::top::PaperTop;
#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::stepper::Hand;
use crate::*;
use rust_hdl::prelude::*;

/// Values for every input port of `top` (widths are truncated to the port).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaperPortsIn {
    pub csr_addr: u16,
    pub csr_wdata: u64,
    pub csr_write: bool,
    pub csr_read: bool,
    pub sh_valid: bool,
    pub sh_addr: u32,
    pub sh_data: u64,
    pub sh_strobe: u8,
    pub mem_ack: bool,
    pub mem_rdata: u64,
    pub tx_ready: bool,
    pub rx_valid: bool,
    pub rx_src: u8,
    pub rx_dst: u8,
    pub rx_queue: u8,
    pub rx_data: u64,
}

/// Values of every output port of `top`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaperPortsOut {
    pub csr_rdata: u64,
    pub sh_ready: bool,
    pub mem_req: bool,
    pub mem_write: bool,
    pub mem_addr: u64,
    pub mem_wdata: u64,
    pub tx_valid: bool,
    pub tx_src: u8,
    pub tx_dst: u8,
    pub tx_queue: u8,
    pub tx_data: u64,
    pub rx_ready: bool,
    pub irq: bool,
}

impl PaperPortsIn {
    /// The values `top`'s input ports hold for these inputs: each cut to its port's width, and
    /// a shadow offset beyond the 20-bit window presented as a partial store (strobe 0) so the
    /// card drops and counts it (spec §4) instead of aliasing into the window.
    pub fn at_ports(&self) -> PaperPortsIn {
        let in_window = (self.sh_addr as u64) < renq_abi::paper::shadow::WINDOW_BYTES;
        PaperPortsIn {
            csr_addr: low_bits(self.csr_addr as u64, CSR_ADDR_W) as u16,
            sh_addr: low_bits(self.sh_addr as u64, SHADOW_ADDR_W) as u32,
            sh_strobe: if in_window { self.sh_strobe } else { 0 },
            rx_src: low_bits(self.rx_src as u64, NODE_W) as u8,
            rx_dst: low_bits(self.rx_dst as u64, NODE_W) as u8,
            rx_queue: low_bits(self.rx_queue as u64, QUEUE_W) as u8,
            ..*self
        }
    }
}

fn low_bits(v: u64, bits: usize) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// The rust-hdl `top`, driven by hand.
pub struct PaperRtlCard {
    hand: Hand<PaperTop>,
    cycles: u64,
    /// Inputs the logic is currently settled with (None until the first eval): evaluating the
    /// same inputs again needs no work.
    settled_with: Option<PaperPortsIn>,
}

impl Default for PaperRtlCard {
    fn default() -> Self {
        Self::new()
    }
}

impl CycleCard for PaperRtlCard {
    type In = PaperPortsIn;
    type Out = PaperPortsOut;
    fn eval(&mut self, inputs: &PaperPortsIn) -> PaperPortsOut {
        if self.settled_with != Some(*inputs) {
            self.apply(&inputs.at_ports());
            self.hand.settle();
            self.settled_with = Some(*inputs);
        }
        self.outputs()
    }

    fn tick(&mut self) -> PaperPortsOut {
        self.hand.tick();
        self.cycles += 1;
        self.outputs()
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }
}

impl PaperRtlCard {
    pub fn new() -> Self {
        // Hand runs the structural checks Simulation::run does (undriven inputs, loops).
        PaperRtlCard { hand: Hand::new(|t, c| t.clock.next = Clock { clk: c }), cycles: 0, settled_with: None }
    }

    /// Drives the input ports with values already cut to their widths ([`PaperPortsIn::at_ports`]).
    fn apply(&mut self, p: &PaperPortsIn) {
        let c = &mut self.hand.uut;
        c.csr_addr.next = (p.csr_addr as u64).into();
        c.csr_wdata.next = p.csr_wdata.into();
        c.csr_write.next = p.csr_write;
        c.csr_read.next = p.csr_read;
        c.sh_valid.next = p.sh_valid;
        c.sh_addr.next = (p.sh_addr as u64).into();
        c.sh_data.next = p.sh_data.into();
        c.sh_strobe.next = (p.sh_strobe as u64).into();
        c.mem_ack.next = p.mem_ack;
        c.mem_rdata.next = p.mem_rdata.into();
        c.tx_ready.next = p.tx_ready;
        c.rx_valid.next = p.rx_valid;
        c.rx_src.next = (p.rx_src as u64).into();
        c.rx_dst.next = (p.rx_dst as u64).into();
        c.rx_queue.next = (p.rx_queue as u64).into();
        c.rx_data.next = p.rx_data.into();
    }

    fn outputs(&self) -> PaperPortsOut {
        let c = &self.hand.uut;
        PaperPortsOut {
            csr_rdata: c.csr_rdata.val().to_u64(),
            sh_ready: c.sh_ready.val(),
            mem_req: c.mem_req.val(),
            mem_write: c.mem_write.val(),
            mem_addr: c.mem_addr.val().to_u64(),
            mem_wdata: c.mem_wdata.val().to_u64(),
            tx_valid: c.tx_valid.val(),
            tx_src: c.tx_src.val().to_u8(),
            tx_dst: c.tx_dst.val().to_u8(),
            tx_queue: c.tx_queue.val().to_u8(),
            tx_data: c.tx_data.val().to_u64(),
            rx_ready: c.rx_ready.val(),
            irq: c.irq.val(),
        }
    }
}

// Widths the conversions above rely on.
const _: () = assert!(CSR_ADDR_W <= 16 && NODE_W <= 8 && QUEUE_W <= 8 && SHADOW_ADDR_W <= 32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{MemRequest, MemResponder, WaitStates};
    use renq_abi::{buffer, paper::regs};
    use std::collections::HashMap;

    /// Drive the card by hand: one register write per cycle, then one packet on RX, with a
    /// memory that acknowledges in the request cycle. Checks the five accesses and the counter.
    #[test]
    fn rtl_card_enqueues_with_same_cycle_ack_memory() {
        let base = 0x4000u64;
        let k = 3; // 8 words
        let mut mem: HashMap<u64, u64> = HashMap::new();
        mem.insert(base + buffer::TAIL_WORD * 8, 5);
        mem.insert(base + buffer::HEAD_WORD * 8, 3);

        let mut card = PaperRtlCard::new();
        let mut inp = PaperPortsIn::default();
        for (offset, value) in [
            (regs::NODE_ID, 2u64),
            (regs::CONTROL, crate::harness::control_word(true, false)),
            (regs::export_entry(7), crate::harness::export_word(base, k)),
        ] {
            inp.csr_addr = offset as u16;
            inp.csr_wdata = value;
            inp.csr_write = true;
            card.eval(&inp);
            card.tick();
        }
        inp.csr_write = false;
        card.eval(&inp);
        card.tick(); // the last write takes effect
                     // Registered reads: the value is on csr_rdata in the cycle after the read.
        inp.csr_read = true;
        inp.csr_addr = regs::ID as u16;
        card.eval(&inp);
        card.tick();
        inp.csr_addr = regs::NODE_ID as u16;
        assert_eq!(card.eval(&inp).csr_rdata, regs::ID_VALUE);
        card.tick();
        inp.csr_read = false;
        assert_eq!(card.eval(&inp).csr_rdata, 2);

        inp.rx_valid = true;
        inp.rx_src = 1;
        inp.rx_dst = 2;
        inp.rx_queue = 7;
        inp.rx_data = 0xfeed_f00d;
        let start = card.cycles();
        let mut log = Vec::new();
        let mut responder = MemResponder::new(WaitStates::Fixed(0));
        for _ in 0..12 {
            let out = card.eval(&inp);
            let taken = out.rx_ready && inp.rx_valid;
            // Same-cycle ack: answer the request that is on the port now.
            let answer = responder.cycle(MemRequest::of(&out), &mut mem);
            assert_eq!(answer.violation, None);
            answer.apply(&mut inp);
            card.eval(&inp);
            if let Some(a) = answer.access {
                log.push((a.write, a.addr, a.data));
            }
            card.tick();
            if taken {
                inp.rx_valid = false;
            }
        }
        assert_eq!(card.cycles() - start, 12);
        assert_eq!(
            log,
            vec![
                (false, base + 8, 5),              // RD0: tail
                (true, base + 5 * 8, 0xfeed_f00d), // WR0: slot[5]
                (false, base + 16, 3),             // RD1: head
                (true, base + 8, 6),               // WR1: tail = next(5)
            ]
        );
        inp.csr_addr = regs::CNT_ENQUEUED as u16;
        inp.csr_read = true;
        inp.mem_ack = false;
        card.eval(&inp);
        card.tick();
        assert_eq!(card.eval(&inp).csr_rdata, 1);
    }
}

#[cfg(test)]
mod truncation {
    use super::*;

    /// Values wider than a port are cut to the port's width, as wires would be.
    #[test]
    fn wide_input_values_are_truncated_not_fatal() {
        let mut card = PaperRtlCard::new();
        let inp = PaperPortsIn {
            csr_addr: 0xf000 | renq_abi::paper::regs::ID as u16,
            csr_read: true,
            rx_src: 0xff,
            rx_dst: 0xf2,
            rx_queue: 0x37,
            sh_addr: u32::MAX,
            sh_strobe: 0xff,
            ..PaperPortsIn::default()
        };
        card.eval(&inp);
        card.tick();
        assert_eq!(card.eval(&inp).csr_rdata, renq_abi::paper::regs::ID_VALUE);
    }
}

#[cfg(test)]
mod send_check {
    /// The simulator may run each card on its own thread.
    #[test]
    fn rtl_card_is_send() {
        fn is_send<T: Send>() {}
        is_send::<super::PaperRtlCard>();
        is_send::<super::PaperPortsIn>();
        is_send::<super::PaperPortsOut>();
    }
}
