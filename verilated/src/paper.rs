//! The paper card's `renq_paper_top` (`verilog-out/renq_paper_top.v`) across the FFI: its ports as the C++ shim
//! `csrc/paper_card.cpp` reads and writes them.

use renq_hdl::paper::{PaperPortsIn, PaperPortsOut};

/// Inputs as the shim reads them (field order = `csrc/paper_card.cpp`).
#[repr(C)]
#[derive(Default)]
pub struct PortsInC {
    csr_wdata: u64,
    sh_data: u64,
    mem_rdata: u64,
    rx_data: u64,
    sh_addr: u32,
    csr_addr: u16,
    csr_write: u8,
    csr_read: u8,
    sh_valid: u8,
    sh_strobe: u8,
    mem_ack: u8,
    tx_ready: u8,
    rx_valid: u8,
    rx_src: u8,
    rx_dst: u8,
    rx_queue: u8,
}

/// Outputs as the shim writes them (field order = `csrc/paper_card.cpp`).
#[repr(C)]
#[derive(Default, Clone, Copy)]
pub struct PortsOutC {
    csr_rdata: u64,
    mem_addr: u64,
    mem_wdata: u64,
    tx_data: u64,
    sh_ready: u8,
    mem_req: u8,
    mem_write: u8,
    tx_valid: u8,
    tx_src: u8,
    tx_dst: u8,
    tx_queue: u8,
    rx_ready: u8,
    irq: u8,
}

impl From<PaperPortsIn> for PortsInC {
    fn from(p: PaperPortsIn) -> Self {
        PortsInC {
            csr_wdata: p.csr_wdata,
            sh_data: p.sh_data,
            mem_rdata: p.mem_rdata,
            rx_data: p.rx_data,
            sh_addr: p.sh_addr,
            csr_addr: p.csr_addr,
            csr_write: p.csr_write as u8,
            csr_read: p.csr_read as u8,
            sh_valid: p.sh_valid as u8,
            sh_strobe: p.sh_strobe,
            mem_ack: p.mem_ack as u8,
            tx_ready: p.tx_ready as u8,
            rx_valid: p.rx_valid as u8,
            rx_src: p.rx_src,
            rx_dst: p.rx_dst,
            rx_queue: p.rx_queue,
        }
    }
}

impl From<PortsOutC> for PaperPortsOut {
    fn from(o: PortsOutC) -> Self {
        PaperPortsOut {
            csr_rdata: o.csr_rdata,
            sh_ready: o.sh_ready != 0,
            mem_req: o.mem_req != 0,
            mem_write: o.mem_write != 0,
            mem_addr: o.mem_addr,
            mem_wdata: o.mem_wdata,
            tx_valid: o.tx_valid != 0,
            tx_src: o.tx_src,
            tx_dst: o.tx_dst,
            tx_queue: o.tx_queue,
            tx_data: o.tx_data,
            rx_ready: o.rx_ready != 0,
            irq: o.irq != 0,
        }
    }
}

/// The paper card's `renq_paper_top` across the FFI (`csrc/paper_card.cpp`).
pub struct PaperTopShim;

crate::model::shim!(
    PaperTopShim,
    PaperPortsIn,
    PaperPortsOut,
    renq_vpaper_top_new,
    renq_vpaper_top_free,
    renq_vpaper_top_eval,
    renq_vpaper_top_tick,
    renq_vpaper_top_step
);

/// The Verilator model of the paper card's `top`, driven cycle by cycle.
pub type VerilatedPaperCard = crate::model::Verilated<PaperTopShim>;
