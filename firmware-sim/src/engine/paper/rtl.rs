//! The paper card on the cycle engine ([`crate::engine::cycle`]): its `top` through renq-hdl's
//! [`CycleCard`] with [`PaperPortsIn`]/[`PaperPortsOut`] — the RustHDL simulation
//! (`PaperRtlCard`, engine `rtl`) or, with the `verilator` feature, the Verilator model of the
//! emitted Verilog (`VerilatedPaperCard`, engine `verilator`) — and its [`PaperBus`]: a CSR
//! port that takes an access in its cycle (a read, after one idle cycle, has its data on
//! `csr_rdata` in the next; a write is in effect at the end of the next), the shadow port, the link RX, and the memory-master port of
//! spec §6 (one request held until acknowledged), answered by the hdl crate's bus-functional
//! [`MemResponder`] from [`HostMemory`] `mem_latency` cycles after the request (0: in the
//! request cycle). An enqueue takes the paper's 5 cycles (LD0 takes it; RD0, WR0, RD1, WR1): a
//! transaction is over once the cycle's edge leaves the receiver back in LD0.

use renq_abi::packet::Packet;
use renq_abi::paper::shadow::WINDOW_BYTES;
use renq_hdl::cycle::CycleCard;
use renq_hdl::harness::{CsrOp, LinkSource, MemBacking, MemRequest, MemResponder, WaitStates};
use renq_hdl::paper::{PaperPortsIn, PaperPortsOut, PaperRtlCard};

use crate::engine::cycle::{Access, Bus, CycleEngine};
use crate::engine::CardKind;
use crate::memory::HostMemory;

/// The RustHDL simulation of the card (engine `rtl`).
pub type PaperRtlEngine = CycleEngine<PaperRtlCard, PaperBus>;
/// The Verilator model of the emitted Verilog (engine `verilator`).
#[cfg(feature = "verilator")]
pub type PaperVerilatorEngine = CycleEngine<renq_verilated::VerilatedPaperCard, PaperBus>;

impl Default for PaperRtlEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl PaperRtlEngine {
    /// A card whose memory acknowledges in the request cycle (5 cycles per enqueue); a later
    /// acknowledge with `with_mem_latency` (spec §6 allows any latency; the responder checks
    /// that the card holds its request meanwhile).
    pub fn new() -> PaperRtlEngine {
        CycleEngine::with_card(PaperRtlCard::new(), 0)
    }
}

#[cfg(feature = "verilator")]
impl PaperVerilatorEngine {
    /// The Verilator model, its memory acknowledging in the request cycle; an error if this
    /// build has no Verilator model (`verilator` was missing when renq-verilated was built).
    pub fn new() -> Result<PaperVerilatorEngine, String> {
        Ok(CycleEngine::with_card(renq_verilated::VerilatedPaperCard::new()?, 0))
    }
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

/// The paper card's ports (see the module doc).
pub struct PaperBus {
    mem: MemResponder,
    /// The outputs after the last clock edge: the memory request of the next cycle (it depends
    /// on registers only, spec §6) and whether the receiver is back in LD0.
    after: PaperPortsOut,
    /// A CSR write was presented in the cycle being clocked (it takes effect a cycle later).
    writing: bool,
    /// A CSR read waits one idle cycle first (a write or counter event of the cycle before
    /// lands), then is presented; it is taken in the cycle it is presented.
    read_waited: bool,
    read_presented: bool,
    read_taken: bool,
    /// That cycle was busy.
    busy: bool,
}

impl<C: CycleCard<In = PaperPortsIn, Out = PaperPortsOut>> Bus<C> for PaperBus {
    const KIND: CardKind = CardKind::Paper;
    /// Busy is judged on the state after a cycle's edge, so the first quiet cycle ends it.
    const QUIET_CYCLES: u32 = 1;
    const WINDOW_BYTES: u64 = WINDOW_BYTES;
    /// An enqueue takes 5 cycles.
    const PATIENCE_CYCLES: u64 = 64;

    fn new(mem_latency: u32) -> Self {
        PaperBus {
            mem: MemResponder::new(WaitStates::Fixed(mem_latency)),
            after: PaperPortsOut::default(),
            writing: false,
            read_waited: false,
            read_presented: false,
            read_taken: false,
            busy: false,
        }
    }

    fn idle() -> PaperPortsIn {
        PaperPortsIn { tx_ready: true, ..PaperPortsIn::default() }
    }

    /// No BAR2 loads (its BAR2 reads 0) and no OUTCOME channel.
    fn has(access: Access) -> bool {
        match access {
            Access::Load(_) => false,
            Access::Link(p) => p.kind == renq_abi::packet::Kind::Enqueue,
            _ => true,
        }
    }

    fn present(&mut self, access: Access, inp: &mut PaperPortsIn) {
        match access {
            Access::CsrRead(off) if self.read_waited => {
                CsrOp::Read(off).apply(inp);
                self.read_presented = true;
            }
            Access::CsrRead(_) => self.read_waited = true,
            Access::CsrWrite(off, value) => {
                CsrOp::Write(off, value).apply(inp);
                self.writing = true;
            }
            Access::Store(off, data, strobe) => {
                (inp.sh_valid, inp.sh_addr, inp.sh_data, inp.sh_strobe) = (true, off, data, strobe);
            }
            Access::Load(_) => {}
            Access::Link(p) => LinkSource::apply(Some(p), inp),
        }
    }

    fn taken(&self, access: Access, out: &PaperPortsOut) -> bool {
        match access {
            Access::CsrRead(_) => self.read_taken,
            Access::CsrWrite(..) => true,
            Access::Store(..) => out.sh_ready,
            Access::Load(_) => false,
            Access::Link(_) => out.rx_ready,
        }
    }

    fn answer(out: &PaperPortsOut) -> Option<u64> {
        Some(out.csr_rdata)
    }

    fn clock(&mut self, card: &mut C, mem: Option<&HostMemory>, mut inp: PaperPortsIn) -> PaperPortsOut {
        if let Some(mem) = mem {
            let answer = self.mem.cycle(MemRequest::of(&self.after), &mut Dma(mem));
            assert_eq!(answer.violation, None, "RTL changed its memory request before the acknowledge");
            answer.apply(&mut inp);
        }
        let out = card.eval(&inp);
        self.after = card.tick();
        self.busy = std::mem::take(&mut self.writing) || self.after.mem_req || self.after.tx_valid;
        self.read_taken = std::mem::take(&mut self.read_presented);
        self.read_waited &= !self.read_taken;
        out
    }

    fn busy(&self, _out: &PaperPortsOut) -> bool {
        self.busy
    }

    fn sent(out: &PaperPortsOut) -> (Option<Packet>, Option<Packet>) {
        let enqueue = Packet::enqueue(out.tx_src as u16, out.tx_dst as u16, out.tx_queue as u16, out.tx_data);
        (out.tx_valid.then_some(enqueue), None)
    }

    fn irq(out: &PaperPortsOut) -> bool {
        out.irq
    }

    fn state(&self, _out: &PaperPortsOut) -> String {
        format!("memory request {:?}", MemRequest::of(&self.after))
    }
}
