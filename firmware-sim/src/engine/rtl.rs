//! The card's cycle engines: the whole card (`Top`, spec §6b) stepped clock cycle by clock
//! cycle through renq-hdl's [`CycleCard`] — the RustHDL simulation (engine `rtl`) or the
//! Verilator model of `verilog-out/renq_top.v` (engine `verilator`) — behind the same
//! transaction-level [`CardEngine`] as [`Model`](super::model::Model).
//!
//! Each transaction holds its access on the port until the card takes it (the CSR and BAR2
//! handshakes of §6b), then runs the card until it is quiet: the engine idle, no packet on
//! either TX channel and no read outstanding, for [`QUIET_CYCLES`] cycles in a row (an
//! operation inside the portal table shows on no port for a few cycles). So a transaction
//! leaves the card as the model leaves it, decided. The card's memory port is answered from
//! [`HostMemory`]: posted writes taken at once, tagged reads answered in order `mem_latency`
//! cycles after the request cycle. Both TX channels are always ready: the packets a card
//! sends are collected (ENQUEUEs returned by `shadow_write`, OUTCOMEs by `take_replies`) and
//! back-pressure is the link's (the inbox), outside the card.
//!
//! Unlike the model, the RTL does not coalesce acceptances: one OUTCOME per ENQUEUE (§6b).

use std::collections::VecDeque;
use std::sync::Arc;

use renq_abi::packet::{Kind, Packet};
use renq_abi::portal::WINDOW_BYTES;
use renq_hdl::cycle::{CycleCard, PortsIn, PortsOut, RtlCardEcp5};
use renq_hdl::harness::engine::RxPacket;

use super::{CardEngine, CardKind};
use crate::memory::HostMemory;

/// Quiet cycles in a row after which a transaction is over. An operation inside the portal
/// table shows on no port for 2 cycles (a STORE's packet appears 2 cycles after the store is
/// taken; `differential` fails with 1 and passes with 3); 8 leaves room for a deeper table.
pub const QUIET_CYCLES: u32 = 8;

/// Cycles a transaction may take before the engine declares the RTL hung. The longest is a
/// packet that waits for a HEAD read behind others: a few reads of `mem_latency` each.
const PATIENCE_CYCLES: u64 = 20_000;

/// A cycle-level the card and its memory's latency.
pub struct CycleEngine<C: CycleCard> {
    card: C,
    /// Extra cycles of each read answer (0: the cycle after the request).
    mem_latency: u32,
    /// Reads outstanding: (answer cycle, tag, address), in request order.
    reads: VecDeque<(u64, u8, u64)>,
    /// ENQUEUE packets the card sent and no transaction returned yet.
    sent: VecDeque<Packet>,
    /// OUTCOME packets the card sent, for `take_replies`.
    replies: Vec<Packet>,
    /// The node's memory, for what the card writes during register accesses (ARM's publish).
    memory: Option<Arc<HostMemory>>,
}

/// The RustHDL simulation of the card (engine `rtl`).
pub type RtlEngine = CycleEngine<RtlCardEcp5>;
/// The Verilator model of `renq_top.v` (engine `verilator`).
#[cfg(feature = "verilator")]
pub type VerilatorEngine = CycleEngine<renq_verilated::VerilatedCard>;

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

/// A host access on the card's ports, held until taken.
#[derive(Clone, Copy)]
enum Access {
    CsrRead(u64),
    CsrWrite(u64, u64),
    /// BAR2 store: offset, data, byte enables.
    Store(u32, u64, u8),
    Load(u32),
    /// A packet offered on the ENQUEUE (`Kind::Enqueue`) or OUTCOME channel.
    Link(Packet),
}

impl Access {
    fn name(self) -> String {
        match self {
            Access::CsrRead(off) => format!("BAR0 read {off:#x}"),
            Access::CsrWrite(off, v) => format!("BAR0 write {off:#x} = {v:#x}"),
            Access::Store(off, ..) => format!("BAR2 store {off:#x}"),
            Access::Load(off) => format!("BAR2 load {off:#x}"),
            Access::Link(p) => format!("{:?} packet to queue {}", p.kind, p.queue),
        }
    }

    fn apply(self, inp: &mut PortsIn) {
        match self {
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

    /// Whether the card answers it (`csr_rvalid`, `b2_rvalid`) once it has taken it.
    fn answered(self) -> bool {
        matches!(self, Access::CsrRead(_) | Access::Load(_))
    }

    /// Whether the card takes it in a cycle with outputs `out`.
    fn taken(self, out: &PortsOut) -> bool {
        match self {
            Access::CsrRead(_) | Access::CsrWrite(..) => out.csr_ready,
            Access::Store(..) | Access::Load(_) => out.b2_ready,
            Access::Link(p) if p.kind == Kind::Enqueue => out.rx_ready,
            Access::Link(_) => out.orx_ready,
        }
    }
}

/// What one transaction saw.
#[derive(Default)]
struct Seen {
    /// The access was taken.
    taken: bool,
    /// The first read answer (csr_rvalid / b2_rvalid) after it was taken.
    answer: Option<u64>,
}

impl<C: CycleCard> CycleEngine<C> {
    /// `card` fresh from power-up (its start-up sweep runs in the first transaction).
    pub fn with_card(card: C, mem_latency: u32) -> Self {
        CycleEngine {
            card,
            mem_latency,
            reads: VecDeque::new(),
            sent: VecDeque::new(),
            replies: Vec::new(),
            memory: None,
        }
    }

    /// Reads answered `latency` cycles later than the cycle after their request.
    pub fn with_mem_latency(mut self, latency: u32) -> Self {
        self.mem_latency = latency;
        self
    }

    /// One clock cycle: `access` presented (unless None), memory answered from `mem`, both
    /// TX channels ready. Returns the outputs of the cycle.
    fn cycle(&mut self, mem: Option<&HostMemory>, access: Option<Access>) -> PortsOut {
        let now = self.card.cycles();
        let mut inp = PortsIn { tx_ready: true, otx_ready: true, ..PortsIn::default() };
        if let Some(a) = access {
            a.apply(&mut inp);
        }
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
        let out = self.card.eval(&inp);
        if let Some(mem) = mem {
            if out.wr_valid {
                mem.dma_write(out.wr_addr, out.wr_data);
            }
            if out.rd_valid {
                assert!(!self.reads.iter().any(|r| r.1 == out.rd_tag), "the card RTL reused read tag {}", out.rd_tag);
                self.reads.push_back((now + 1 + self.mem_latency as u64, out.rd_tag, out.rd_addr));
            }
        }
        if let Some(p) = out.tx() {
            self.sent.push_back(to_packet(p, Kind::Enqueue));
        }
        if let Some(p) = out.otx() {
            self.replies.push(to_packet(p, Kind::Outcome));
        }
        self.card.tick();
        out
    }

    /// Presents `access` until taken (or, with `may_refuse`, until the card has been quiet
    /// for [`QUIET_CYCLES`] without taking it), then runs until the card is quiet.
    fn transact(&mut self, mem: Option<&HostMemory>, access: Access, may_refuse: bool) -> Seen {
        let start = self.card.cycles();
        let mut seen = Seen::default();
        let mut pending = Some(access);
        let mut quiet = 0;
        let answered = |seen: &Seen| seen.answer.is_some() || !access.answered();
        while quiet < QUIET_CYCLES || pending.is_some() || !answered(&seen) {
            let out = self.cycle(mem, pending);
            if seen.taken && seen.answer.is_none() && (out.csr_rvalid || out.b2_rvalid) {
                seen.answer = Some(if out.csr_rvalid { out.csr_rdata } else { out.b2_rdata });
            }
            let busy =
                !out.idle || out.tx_valid || out.otx_valid || out.wr_valid || out.rd_valid || !self.reads.is_empty();
            quiet = if busy { 0 } else { quiet + 1 };
            if let Some(a) = pending {
                if a.taken(&out) {
                    pending = None;
                    seen.taken = true;
                    quiet = 0;
                } else if may_refuse && quiet >= QUIET_CYCLES {
                    pending = None;
                }
            }
            assert!(
                self.card.cycles() - start < PATIENCE_CYCLES * (1 + self.mem_latency as u64),
                "the card RTL did not finish a transaction within {PATIENCE_CYCLES} cycles (access {}, pending {}, \
                 idle {}, reads {}, memory {}, rd_valid {}, wr_valid {})",
                access.name(),
                pending.is_some(),
                out.idle,
                self.reads.len(),
                mem.is_some(),
                out.rd_valid,
                out.wr_valid
            );
        }
        seen
    }

    /// A host access (BAR0, BAR2), which the card always takes in the end, with the attached
    /// memory.
    fn host_access(&mut self, access: Access) -> Seen {
        let memory = self.memory.clone();
        self.transact(memory.as_deref(), access, false)
    }
}

impl<C: CycleCard + Send> CardEngine for CycleEngine<C> {
    fn attach_memory(&mut self, memory: &Arc<HostMemory>) {
        self.memory = Some(memory.clone());
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        let seen = self.host_access(Access::CsrRead(offset));
        seen.answer.expect("the card answers every CSR read it takes (spec §6b)")
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        self.host_access(Access::CsrWrite(offset, value));
    }

    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        // An offset beyond BAR2 is presented as a partial store (strobe 0: dropped and
        // counted, §6b) rather than cut to the port's 24 bits, where it would alias a page.
        let (offset, byte_enable) = if offset < WINDOW_BYTES { (offset as u32, byte_enable) } else { (0, 0) };
        self.host_access(Access::Store(offset, data, byte_enable));
        let pkt = self.sent.pop_front();
        assert!(self.sent.is_empty(), "the card RTL sent {} ENQUEUEs for one store", 1 + self.sent.len());
        pkt
    }

    fn shadow_read(&mut self, offset: u64) -> u64 {
        // As for stores: an offset beyond BAR2 reads as a misaligned load, 0.
        let offset = if offset < WINDOW_BYTES { offset as u32 } else { 1 };
        self.host_access(Access::Load(offset)).answer.expect("the card answers every BAR2 load it takes (spec §6b)")
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        // The card holds an ENQUEUE back while its engine is busy (it takes it once the
        // pipeline moves) and for good only while RX is off: given up once the card is quiet
        // and still does not take it, the packet stays on the link (as the model's false).
        self.transact(Some(mem), Access::Link(pkt), true).taken
    }

    fn take_replies(&mut self, out: &mut Vec<Packet>) {
        out.append(&mut self.replies);
    }

    fn irq(&mut self) -> bool {
        self.card.eval(&PortsIn { tx_ready: true, otx_ready: true, ..PortsIn::default() }).irq
    }

    fn card(&self) -> CardKind {
        CardKind::Renq
    }

    fn cycles(&self) -> Option<u64> {
        Some(self.card.cycles())
    }
}
