//! Cycle-level driver of the card's whole card (`Top`, spec §6b) for the card simulator, as
//! [`crate::CycleCard`] is for the paper card's `top`: every port as plain values, inputs
//! applied and logic settled by hand, the clock toggled by hand. The RustHDL simulation
//! ([`RtlCard`]) and the Verilator model of `verilog-out/renq_top_v2.v` (crate
//! `renq-verilated`) both implement [`CycleCard`], so the simulator's v2 cycle engine runs
//! either one unchanged.

use crate::harness::engine::RxPacket;
use crate::stepper::Hand;
use crate::top::Top;
use crate::CSR_ADDR_W;
use crate::{NODE_W, PORTAL_W, QUEUE_W, TAG_W};
use rust_hdl::prelude::*;

/// Values for every input port of `Top` (wider values are cut to the port, as wires would).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortsIn {
    pub csr_addr: u16,
    pub csr_wdata: u64,
    pub csr_write: bool,
    pub csr_read: bool,
    pub b2_valid: bool,
    pub b2_write: bool,
    /// Offset in BAR2 (24 bits at the port).
    pub b2_addr: u32,
    pub b2_data: u64,
    pub b2_strobe: u8,
    pub wr_ready: bool,
    pub rd_ready: bool,
    pub rsp_valid: bool,
    pub rsp_tag: u8,
    pub rsp_data: u64,
    pub tx_ready: bool,
    pub otx_ready: bool,
    /// The link's ENQUEUE channel offers this packet (`rx_valid` high).
    pub rx: Option<RxPacket>,
    /// The link's OUTCOME channel offers this packet (`orx_valid` high).
    pub orx: Option<RxPacket>,
}

/// Values of every output port of `Top`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortsOut {
    pub csr_ready: bool,
    pub csr_rdata: u64,
    pub csr_rvalid: bool,
    pub b2_ready: bool,
    pub b2_rvalid: bool,
    pub b2_rdata: u64,
    pub wr_valid: bool,
    pub wr_addr: u64,
    pub wr_data: u64,
    pub rd_valid: bool,
    pub rd_addr: u64,
    pub rd_tag: u8,
    /// The ENQUEUE channel's packet (`tx_valid` high).
    pub tx: Option<RxPacket>,
    /// The OUTCOME channel's packet (`otx_valid` high).
    pub otx: Option<RxPacket>,
    pub rx_ready: bool,
    pub orx_ready: bool,
    pub irq: bool,
    pub idle: bool,
}

/// A clock-cycle-level the card.
pub trait CycleCard {
    /// Apply inputs and settle combinational logic (no clock edge); returns the outputs.
    fn eval(&mut self, inputs: &PortsIn) -> PortsOut;
    /// One rising clock edge with the inputs last given to `eval`, then settle; returns the
    /// outputs.
    fn tick(&mut self) -> PortsOut;
    /// Rising edges so far.
    fn cycles(&self) -> u64;
}

fn low(v: u64, bits: usize) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// A link packet's fields cut to the ports' widths.
fn packet_at_ports(p: RxPacket) -> RxPacket {
    RxPacket {
        src: low(p.src as u64, NODE_W) as u16,
        dst: low(p.dst as u64, NODE_W) as u16,
        queue: low(p.queue as u64, QUEUE_W) as u16,
        portal: low(p.portal as u64, PORTAL_W) as u16,
        ..p
    }
}

impl PortsIn {
    /// The values the input ports hold: each cut to its port's width.
    pub fn at_ports(&self) -> PortsIn {
        PortsIn {
            csr_addr: low(self.csr_addr as u64, CSR_ADDR_W) as u16,
            b2_addr: low(self.b2_addr as u64, crate::top::BAR2_ADDR_W) as u32,
            rsp_tag: low(self.rsp_tag as u64, TAG_W) as u8,
            rx: self.rx.map(packet_at_ports),
            orx: self.orx.map(packet_at_ports),
            ..*self
        }
    }
}

/// Passes of `update_all` allowed for the logic to settle.
const SETTLE_LIMIT: usize = 100;

/// The RustHDL `Top`, driven by hand.
pub struct RtlCard<const QA: usize, const PA: usize> {
    hand: Hand<Top<QA, PA>>,
    cycles: u64,
    /// Inputs the logic is settled with (evaluating them again needs no work).
    settled_with: Option<PortsIn>,
}

/// The ECP5-85F build (4 096 queues and portals): the one `renq_top_v2.v` holds.
pub type RtlCardEcp5 = RtlCard<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_PORTAL_BITS as usize }>;

impl<const QA: usize, const PA: usize> Default for RtlCard<QA, PA> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const QA: usize, const PA: usize> RtlCard<QA, PA> {
    pub fn new() -> Self {
        RtlCard { hand: Hand::new(|t, c| t.clock.next = Clock { clk: c }), cycles: 0, settled_with: None }
    }

    fn apply(&mut self, p: &PortsIn) {
        let u = &mut self.hand.uut;
        u.csr_addr.next = (p.csr_addr as u64).into();
        u.csr_wdata.next = p.csr_wdata.into();
        u.csr_write.next = p.csr_write;
        u.csr_read.next = p.csr_read;
        u.b2_valid.next = p.b2_valid;
        u.b2_write.next = p.b2_write;
        u.b2_addr.next = (p.b2_addr as u64).into();
        u.b2_data.next = p.b2_data.into();
        u.b2_strobe.next = (p.b2_strobe as u64).into();
        u.wr_ready.next = p.wr_ready;
        u.rd_ready.next = p.rd_ready;
        u.rsp_valid.next = p.rsp_valid;
        u.rsp_tag.next = (p.rsp_tag as u64).into();
        u.rsp_data.next = p.rsp_data.into();
        u.tx_ready.next = p.tx_ready;
        u.otx_ready.next = p.otx_ready;
        let rx = p.rx.unwrap_or_default();
        u.rx_valid.next = p.rx.is_some();
        u.rx_src.next = (rx.src as u64).into();
        u.rx_dst.next = (rx.dst as u64).into();
        u.rx_queue.next = (rx.queue as u64).into();
        u.rx_portal.next = (rx.portal as u64).into();
        u.rx_epoch.next = (rx.epoch as u64).into();
        u.rx_data.next = rx.data.into();
        let orx = p.orx.unwrap_or_default();
        u.orx_valid.next = p.orx.is_some();
        u.orx_src.next = (orx.src as u64).into();
        u.orx_dst.next = (orx.dst as u64).into();
        u.orx_queue.next = (orx.queue as u64).into();
        u.orx_portal.next = (orx.portal as u64).into();
        u.orx_epoch.next = (orx.epoch as u64).into();
        u.orx_data.next = orx.data.into();
    }

    fn outputs(&self) -> PortsOut {
        let u = &self.hand.uut;
        let tx = RxPacket {
            src: u.tx_src.val().to_u64() as u16,
            dst: u.tx_dst.val().to_u64() as u16,
            queue: u.tx_queue.val().to_u64() as u16,
            portal: u.tx_portal.val().to_u64() as u16,
            epoch: u.tx_epoch.val().to_u8(),
            data: u.tx_data.val().to_u64(),
        };
        let otx = RxPacket {
            src: u.otx_src.val().to_u64() as u16,
            dst: u.otx_dst.val().to_u64() as u16,
            queue: u.otx_queue.val().to_u64() as u16,
            portal: u.otx_portal.val().to_u64() as u16,
            epoch: u.otx_epoch.val().to_u8(),
            data: u.otx_data.val().to_u64(),
        };
        PortsOut {
            csr_ready: u.csr_ready.val(),
            csr_rdata: u.csr_rdata.val().to_u64(),
            csr_rvalid: u.csr_rvalid.val(),
            b2_ready: u.b2_ready.val(),
            b2_rvalid: u.b2_rvalid.val(),
            b2_rdata: u.b2_rdata.val().to_u64(),
            wr_valid: u.wr_valid.val(),
            wr_addr: u.wr_addr.val().to_u64(),
            wr_data: u.wr_data.val().to_u64(),
            rd_valid: u.rd_valid.val(),
            rd_addr: u.rd_addr.val().to_u64(),
            rd_tag: u.rd_tag.val().to_u8(),
            tx: u.tx_valid.val().then_some(tx),
            otx: u.otx_valid.val().then_some(otx),
            rx_ready: u.rx_ready.val(),
            orx_ready: u.orx_ready.val(),
            irq: u.irq.val(),
            idle: u.idle.val(),
        }
    }
}

impl<const QA: usize, const PA: usize> CycleCard for RtlCard<QA, PA> {
    fn eval(&mut self, inputs: &PortsIn) -> PortsOut {
        if self.settled_with != Some(*inputs) {
            self.apply(&inputs.at_ports());
            self.hand.settle();
            self.settled_with = Some(*inputs);
        }
        self.outputs()
    }

    fn tick(&mut self) -> PortsOut {
        self.hand.tick();
        self.cycles += 1;
        self.outputs()
    }

    fn cycles(&self) -> u64 {
        self.cycles
    }
}

// The conversions above rely on these widths.
const _: () = assert!(CSR_ADDR_W <= 16 && NODE_W <= 16 && QUEUE_W <= 16 && PORTAL_W <= 16 && TAG_W <= 8);
const _: () = assert!(SETTLE_LIMIT > 0);

#[cfg(test)]
mod tests {
    use super::*;

    /// The simulator may run each card on its own thread.
    #[test]
    fn rtl_card_is_send() {
        fn is_send<T: Send>() {}
        is_send::<RtlCardEcp5>();
    }

    /// Inputs wider than a port are cut, not fatal: a BAR0 read of CAPS with high address bits
    /// set reads CAPS.
    #[test]
    fn wide_inputs_are_cut_to_the_ports() {
        type Card = RtlCard<4, 4>;
        let mut card = Card::new();
        let caps = renq_abi::regs::CAPS;
        let read = PortsIn { csr_addr: 0xf000 | caps as u16, csr_read: true, ..PortsIn::default() };
        // Present the read until it is taken, then wait for its one answer.
        let mut taken = false;
        let mut answer = None;
        for _ in 0..64 {
            let out = card.eval(&if taken { PortsIn::default() } else { read });
            if out.csr_rvalid {
                answer = Some(out.csr_rdata);
                break;
            }
            taken |= out.csr_ready;
            card.tick();
        }
        assert_eq!(answer, Some(renq_abi::regs::caps(4, 4)));
    }
}
