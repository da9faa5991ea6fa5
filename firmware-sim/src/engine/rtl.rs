//! The card on the cycle engine ([`super::cycle`]): `Top` (spec §6b) through renq-hdl's
//! [`CycleCard`] with [`PortsIn`]/[`PortsOut`] — the RustHDL simulation (engine `rtl`) or the
//! Verilator model of `verilog-out/renq_top.v` (engine `verilator`) — and its [`CardBus`]: the
//! CSR and BAR2 handshakes (valid/ready, a registered answer), the two link RX channels, and a
//! memory port of posted writes, taken at once, and tagged reads, answered from
//! [`HostMemory`] in order `mem_latency` cycles after the cycle after the request.
//!
//! Unlike the model, the RTL does not coalesce acceptances: one OUTCOME per ENQUEUE (§6b).

use std::collections::VecDeque;

use renq_abi::packet::{Kind, Packet};
use renq_abi::portal::WINDOW_BYTES;
use renq_hdl::cycle::{CycleCard, PortsIn, PortsOut, RtlCardEcp5};
use renq_hdl::harness::engine::RxPacket;

use super::cycle::{Access, Bus, CycleEngine};
use super::CardKind;
use crate::memory::HostMemory;

/// The RustHDL simulation of the card (engine `rtl`).
pub type RtlEngine = CycleEngine<RtlCardEcp5, CardBus>;
/// The Verilator model of `renq_top.v` (engine `verilator`).
#[cfg(feature = "verilator")]
pub type VerilatorEngine = CycleEngine<renq_verilated::VerilatedCard, CardBus>;

impl Default for RtlEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl RtlEngine {
    /// The RustHDL card, its reads answered the cycle after the request.
    pub fn new() -> RtlEngine {
        CycleEngine::with_card(RtlCardEcp5::new(), 0)
    }
}

#[cfg(feature = "verilator")]
impl VerilatorEngine {
    /// The Verilator model; an error if this build has none (`verilator` was missing when
    /// renq-verilated was built).
    pub fn new() -> Result<VerilatorEngine, String> {
        Ok(CycleEngine::with_card(renq_verilated::VerilatedCard::new()?, 0))
    }
}

fn to_packet(p: RxPacket, kind: Kind) -> Packet {
    Packet { src: p.src, dst: p.dst, queue: p.queue, portal: p.portal, epoch: p.epoch, kind, data: p.data }
}

fn to_rx_packet(p: &Packet) -> RxPacket {
    RxPacket { src: p.src, dst: p.dst, queue: p.queue, portal: p.portal, epoch: p.epoch, data: p.data }
}

/// The card's ports (see the module doc): what its memory port has asked and not been answered.
pub struct CardBus {
    /// Extra cycles of each read answer (0: the cycle after the request).
    mem_latency: u32,
    /// Reads outstanding: (answer cycle, tag, address), in request order.
    reads: VecDeque<(u64, u8, u64)>,
}

impl<C: CycleCard<In = PortsIn, Out = PortsOut>> Bus<C> for CardBus {
    const KIND: CardKind = CardKind::Renq;
    /// An operation inside the portal table shows on no port for 2 cycles (a STORE's packet
    /// appears 2 cycles after the store is taken; `differential` fails with 1 and passes with
    /// 3); 8 leaves room for a deeper table.
    const QUIET_CYCLES: u32 = 8;
    const WINDOW_BYTES: u64 = WINDOW_BYTES;
    /// The longest transaction is a packet that waits for a HEAD read behind others: a few
    /// reads of `mem_latency` each.
    const PATIENCE_CYCLES: u64 = 20_000;

    fn new(mem_latency: u32) -> Self {
        CardBus { mem_latency, reads: VecDeque::new() }
    }

    fn idle() -> PortsIn {
        PortsIn { tx_ready: true, otx_ready: true, ..PortsIn::default() }
    }

    fn present(&mut self, access: Access, inp: &mut PortsIn) {
        match access {
            Access::CsrRead(off) => {
                inp.csr_read = true;
                inp.csr_addr = off as u16;
            }
            Access::CsrWrite(off, value) => {
                inp.csr_write = true;
                inp.csr_addr = off as u16;
                inp.csr_wdata = value;
            }
            Access::Store(off, data, strobe) => {
                (inp.b2_valid, inp.b2_write, inp.b2_addr, inp.b2_data, inp.b2_strobe) = (true, true, off, data, strobe);
            }
            Access::Load(off) => {
                (inp.b2_valid, inp.b2_addr) = (true, off);
            }
            Access::Link(p) if p.kind == Kind::Enqueue => inp.offer_rx(Some(to_rx_packet(&p))),
            Access::Link(p) => inp.offer_orx(Some(to_rx_packet(&p))),
        }
    }

    fn taken(&self, access: Access, out: &PortsOut) -> bool {
        match access {
            Access::CsrRead(_) | Access::CsrWrite(..) => out.csr_ready,
            Access::Store(..) | Access::Load(_) => out.b2_ready,
            Access::Link(p) if p.kind == Kind::Enqueue => out.rx_ready,
            Access::Link(_) => out.orx_ready,
        }
    }

    fn answer(out: &PortsOut) -> Option<u64> {
        if out.csr_rvalid {
            Some(out.csr_rdata)
        } else {
            out.b2_rvalid.then_some(out.b2_rdata)
        }
    }

    fn clock(&mut self, card: &mut C, mem: Option<&HostMemory>, mut inp: PortsIn) -> PortsOut {
        let now = card.cycles();
        // Without host memory (none attached) the memory port waits.
        if let Some(mem) = mem {
            inp.wr_ready = true;
            inp.rd_ready = true;
            if let Some(&(due, tag, addr)) = self.reads.front() {
                if due <= now {
                    self.reads.pop_front();
                    (inp.rsp_valid, inp.rsp_tag, inp.rsp_data) = (true, tag, mem.dma_read(addr));
                }
            }
        }
        // Settle, read the outputs and clock, in one call (the Verilator model crosses its FFI
        // once); what the outputs ask of memory is done after the edge, which changes nothing:
        // answers are due a cycle later at the earliest.
        let out = card.step(&inp);
        if let Some(mem) = mem {
            if out.wr_valid {
                mem.dma_write(out.wr_addr, out.wr_data);
            }
            if out.rd_valid {
                assert!(!self.reads.iter().any(|r| r.1 == out.rd_tag), "the card RTL reused read tag {}", out.rd_tag);
                self.reads.push_back((now + 1 + self.mem_latency as u64, out.rd_tag, out.rd_addr));
            }
        }
        out
    }

    fn busy(&self, out: &PortsOut) -> bool {
        !out.idle || out.tx_valid || out.otx_valid || out.wr_valid || out.rd_valid || !self.reads.is_empty()
    }

    fn sent(out: &PortsOut) -> (Option<Packet>, Option<Packet>) {
        (out.tx().map(|p| to_packet(p, Kind::Enqueue)), out.otx().map(|p| to_packet(p, Kind::Outcome)))
    }

    fn irq(out: &PortsOut) -> bool {
        out.irq
    }

    fn state(&self, out: &PortsOut) -> String {
        format!("idle {}, reads {}, rd_valid {}, wr_valid {}", out.idle, self.reads.len(), out.rd_valid, out.wr_valid)
    }
}
