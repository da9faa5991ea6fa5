//! The cycle engines: the card's `top`, stepped clock cycle by clock cycle through renq-hdl's
//! `PaperCycleCard` — the RustHDL simulation (`PaperRtlCard`, engine `rtl`) or, with the `verilator`
//! feature, the Verilator model of the emitted Verilog (`VerilatedPaperCard`, engine `verilator`).
//!
//! Each transaction drives the ports for as many clock cycles as it needs and leaves the card
//! idle (receiver back in LD0, sender's output register empty), so it is interchangeable with
//! the model. Every clock edge is preceded by an `eval` of the inputs meant for it, so the
//! inputs a transaction leaves applied never reach a clock edge (no idle eval is spent after
//! each one). The ports are driven by the hdl crate's bus-functional harness
//! (`renq_hdl::harness`): its CSR master, and its memory responder answering from
//! [`HostMemory`] (by default with an acknowledge in the request cycle). The link TX side is
//! always ready: back-pressure is applied by the link (the inbox), outside the card.

use renq_abi::packet::Packet;
use renq_abi::paper::shadow::WINDOW_BYTES;
use renq_hdl::harness::{CsrMaster, CsrOp, LinkSource, MemBacking, MemRequest, MemResponder, WaitStates};
use renq_hdl::paper::{PaperCycleCard, PaperPortsIn, PaperPortsOut, PaperRtlCard};

use crate::engine::CardEngine;
use crate::memory::HostMemory;

/// Cycles an enqueue may take before the engine declares the RTL hung (it takes 5).
const MAX_ENQUEUE_CYCLES: u64 = 64;

/// A cycle-level card and its memory's latency.
pub struct PaperCycleEngine<C: PaperCycleCard> {
    card: C,
    mem: MemResponder,
    mem_latency: u32,
}

/// The RustHDL simulation of the card (engine `rtl`).
pub type PaperRtlEngine = PaperCycleEngine<PaperRtlCard>;
/// The Verilator model of the emitted Verilog (engine `verilator`).
#[cfg(feature = "verilator")]
pub type PaperVerilatorEngine = PaperCycleEngine<renq_verilated::VerilatedPaperCard>;

/// Inputs of an idle card: nothing offered, link TX always ready.
fn idle() -> PaperPortsIn {
    PaperPortsIn { tx_ready: true, ..PaperPortsIn::default() }
}

/// The card's DMA target: the shared host memory (its checks and counters apply).
struct Dma<'a>(&'a HostMemory);

impl MemBacking for Dma<'_> {
    fn load(&mut self, addr: u64) -> u64 {
        self.0.dma_read(addr)
    }
    fn store(&mut self, addr: u64, value: u64) {
        self.0.dma_write(addr, value)
    }
}

/// The card's CSR port, with everything else idle.
struct Csr<'a, C>(&'a mut C);

impl<C: PaperCycleCard> CsrMaster for Csr<'_, C> {
    fn csr_cycle(&mut self, op: CsrOp) {
        let mut inputs = idle();
        op.apply(&mut inputs);
        self.0.eval(&inputs);
        self.0.tick();
    }

    fn csr_rdata(&mut self) -> u64 {
        self.0.eval(&idle()).csr_rdata
    }
}

impl Default for PaperRtlEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl PaperRtlEngine {
    /// A card whose memory acknowledges in the request cycle (5 cycles per enqueue).
    pub fn new() -> PaperRtlEngine {
        Self::with_mem_latency(0)
    }

    /// A card whose memory acknowledges `latency` cycles after the request (spec §6 allows
    /// any latency). While it waits, the responder checks that the card holds its request.
    pub fn with_mem_latency(latency: u32) -> PaperRtlEngine {
        PaperCycleEngine::with_card(PaperRtlCard::new(), latency)
    }
}

#[cfg(feature = "verilator")]
impl PaperVerilatorEngine {
    /// The Verilator model, its memory acknowledging in the request cycle; an error if this
    /// build has no Verilator model (`verilator` was missing when renq-verilated was built).
    pub fn new() -> Result<PaperVerilatorEngine, String> {
        Self::with_mem_latency(0)
    }

    /// As [`PaperRtlEngine::with_mem_latency`].
    pub fn with_mem_latency(latency: u32) -> Result<PaperVerilatorEngine, String> {
        Ok(PaperCycleEngine::with_card(renq_verilated::VerilatedPaperCard::new()?, latency))
    }
}

impl<C: PaperCycleCard> PaperCycleEngine<C> {
    pub fn with_card(mut card: C, mem_latency: u32) -> Self {
        card.eval(&idle());
        PaperCycleEngine { card, mem: MemResponder::new(WaitStates::Fixed(mem_latency)), mem_latency }
    }

    /// One bus cycle with `inputs`.
    fn cycle(&mut self, inputs: &PaperPortsIn) -> PaperPortsOut {
        let out = self.card.eval(inputs);
        self.card.tick();
        out
    }

    /// Runs the receiver until it is back in LD0, answering its memory requests.
    fn run_receiver(&mut self, mem: &HostMemory, mut out: PaperPortsOut) {
        let start = self.card.cycles();
        let limit = MAX_ENQUEUE_CYCLES * (1 + self.mem_latency as u64);
        // Only LD0 issues no request: the packet is done when there is none. The request
        // depends only on the card's registers (spec §6), so the outputs after a clock edge
        // show the next one whatever the inputs are.
        while let Some(req) = MemRequest::of(&out) {
            let answer = self.mem.cycle(Some(req), &mut Dma(mem));
            assert_eq!(answer.violation, None, "RTL changed its memory request before the acknowledge");
            let mut inputs = idle();
            answer.apply(&mut inputs);
            self.card.eval(&inputs);
            out = self.card.tick();
            assert!(self.card.cycles() - start < limit, "RTL receiver did not return to LD0");
        }
    }
}

impl<C: PaperCycleCard + Send> CardEngine for PaperCycleEngine<C> {
    fn card(&self) -> crate::engine::CardKind {
        crate::engine::CardKind::Paper
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        Csr(&mut self.card).csr_read(offset)
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        Csr(&mut self.card).csr_write(offset, value)
    }

    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        // The stepper presents an address beyond the window as a partial store (dropped and
        // counted); u32::MAX is beyond it and stands for every larger offset.
        let sh_addr = if offset < WINDOW_BYTES { offset as u32 } else { u32::MAX };
        let out =
            self.cycle(&PaperPortsIn { sh_valid: true, sh_addr, sh_data: data, sh_strobe: byte_enable, ..idle() });
        assert!(out.sh_ready, "shadow port not ready with the link ready");
        // The packet (if any) is in the sender's output register now; the link takes it.
        let out = self.cycle(&idle());
        out.tx_valid.then_some(Packet::enqueue(out.tx_src as u16, out.tx_dst as u16, out.tx_queue as u16, out.tx_data))
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        let mut offer = idle();
        LinkSource::apply(Some(pkt), &mut offer);
        if !self.card.eval(&offer).rx_ready {
            self.card.eval(&idle()); // withdrawn: it stays on the link
            return false;
        }
        let out = self.card.tick(); // LD0 takes it
        self.run_receiver(mem, out);
        true
    }

    fn irq(&mut self) -> bool {
        self.card.eval(&idle()).irq
    }

    fn cycles(&self) -> Option<u64> {
        Some(self.card.cycles())
    }
}
