//! The card's whole card (`verilog-out/renq_top_v2.v`, module `renq_top_v2`) run by Verilator,
//! behind renq-hdl's [`CycleCard`] — the trait the RustHDL simulation
//! ([`renq_hdl::cycle::RtlCard`]) implements too.

use renq_hdl::cycle::{CycleCard, PortsIn, PortsOut};
use renq_hdl::harness::engine::RxPacket;

/// Inputs as the shim reads them (field order = `csrc/card.cpp`).
#[repr(C)]
#[derive(Default)]
pub struct PortsInC {
    csr_wdata: u64,
    b2_data: u64,
    rsp_data: u64,
    rx_data: u64,
    orx_data: u64,
    b2_addr: u32,
    csr_addr: u16,
    rx_src: u16,
    rx_dst: u16,
    rx_queue: u16,
    rx_portal: u16,
    orx_src: u16,
    orx_dst: u16,
    orx_queue: u16,
    orx_portal: u16,
    csr_write: u8,
    csr_read: u8,
    b2_valid: u8,
    b2_write: u8,
    b2_strobe: u8,
    wr_ready: u8,
    rd_ready: u8,
    rsp_valid: u8,
    rsp_tag: u8,
    tx_ready: u8,
    otx_ready: u8,
    rx_valid: u8,
    rx_epoch: u8,
    orx_valid: u8,
    orx_epoch: u8,
}

/// Outputs as the shim writes them (field order = `csrc/card.cpp`).
#[repr(C)]
#[derive(Default, Clone, Copy)]
pub struct PortsOutC {
    csr_rdata: u64,
    b2_rdata: u64,
    wr_addr: u64,
    wr_data: u64,
    rd_addr: u64,
    tx_data: u64,
    otx_data: u64,
    tx_src: u16,
    tx_dst: u16,
    tx_queue: u16,
    tx_portal: u16,
    otx_src: u16,
    otx_dst: u16,
    otx_queue: u16,
    otx_portal: u16,
    csr_ready: u8,
    csr_rvalid: u8,
    b2_ready: u8,
    b2_rvalid: u8,
    wr_valid: u8,
    rd_valid: u8,
    rd_tag: u8,
    tx_valid: u8,
    tx_epoch: u8,
    otx_valid: u8,
    otx_epoch: u8,
    rx_ready: u8,
    orx_ready: u8,
    irq: u8,
    idle: u8,
}

impl From<&PortsIn> for PortsInC {
    fn from(p: &PortsIn) -> Self {
        let rx = p.rx.unwrap_or_default();
        let orx = p.orx.unwrap_or_default();
        PortsInC {
            csr_wdata: p.csr_wdata,
            b2_data: p.b2_data,
            rsp_data: p.rsp_data,
            rx_data: rx.data,
            orx_data: orx.data,
            b2_addr: p.b2_addr,
            csr_addr: p.csr_addr,
            rx_src: rx.src,
            rx_dst: rx.dst,
            rx_queue: rx.queue,
            rx_portal: rx.portal,
            orx_src: orx.src,
            orx_dst: orx.dst,
            orx_queue: orx.queue,
            orx_portal: orx.portal,
            csr_write: p.csr_write as u8,
            csr_read: p.csr_read as u8,
            b2_valid: p.b2_valid as u8,
            b2_write: p.b2_write as u8,
            b2_strobe: p.b2_strobe,
            wr_ready: p.wr_ready as u8,
            rd_ready: p.rd_ready as u8,
            rsp_valid: p.rsp_valid as u8,
            rsp_tag: p.rsp_tag,
            tx_ready: p.tx_ready as u8,
            otx_ready: p.otx_ready as u8,
            rx_valid: p.rx.is_some() as u8,
            rx_epoch: rx.epoch,
            orx_valid: p.orx.is_some() as u8,
            orx_epoch: orx.epoch,
        }
    }
}

impl From<PortsOutC> for PortsOut {
    fn from(o: PortsOutC) -> Self {
        let tx = RxPacket {
            src: o.tx_src,
            dst: o.tx_dst,
            queue: o.tx_queue,
            portal: o.tx_portal,
            epoch: o.tx_epoch,
            data: o.tx_data,
        };
        let otx = RxPacket {
            src: o.otx_src,
            dst: o.otx_dst,
            queue: o.otx_queue,
            portal: o.otx_portal,
            epoch: o.otx_epoch,
            data: o.otx_data,
        };
        PortsOut {
            csr_ready: o.csr_ready != 0,
            csr_rdata: o.csr_rdata,
            csr_rvalid: o.csr_rvalid != 0,
            b2_ready: o.b2_ready != 0,
            b2_rvalid: o.b2_rvalid != 0,
            b2_rdata: o.b2_rdata,
            wr_valid: o.wr_valid != 0,
            wr_addr: o.wr_addr,
            wr_data: o.wr_data,
            rd_valid: o.rd_valid != 0,
            rd_addr: o.rd_addr,
            rd_tag: o.rd_tag,
            tx: (o.tx_valid != 0).then_some(tx),
            otx: (o.otx_valid != 0).then_some(otx),
            rx_ready: o.rx_ready != 0,
            orx_ready: o.orx_ready != 0,
            irq: o.irq != 0,
            idle: o.idle != 0,
        }
    }
}

/// The card's `renq_top_v2` across the FFI (`csrc/card.cpp`).
pub struct TopShim;

crate::model::shim!(
    TopShim,
    PortsIn,
    PortsOut,
    CycleCard,
    renq_vtop_v2_new,
    renq_vtop_v2_free,
    renq_vtop_v2_eval,
    renq_vtop_v2_tick
);

/// The Verilator model of `renq_top_v2`, driven cycle by cycle.
pub type VerilatedCard = crate::model::Verilated<TopShim>;
