//! The card's cycle engines: the whole card (`Top`, spec §6b) stepped clock cycle by clock
//! cycle through renq-hdl's [`CycleCard`] — the RustHDL simulation (engine `rtl`) or the
//! Verilator model of `verilog-out/renq_top.v` (engine `verilator`) — behind the same
//! transaction-level [`CardEngine`] as [`Model`](super::model::Model).
//!
//! Each transaction holds its access on the port until the card takes it (the CSR and BAR2
//! handshakes of §6b) — a batch of link packets ([`CardEngine::deliver_batch`]) each from the
//! cycle after the one before was taken, back to back as a link offers them — then runs the card
//! until it is quiet: the engine idle, no packet on
//! either TX channel and no read outstanding, for [`QUIET_CYCLES`] cycles in a row (an
//! operation inside the portal table shows on no port for a few cycles). So a transaction
//! leaves the card as the model leaves it, decided. Except on BAR2: a store returns as soon as
//! its ENQUEUE is out and a load once answered, and the next BAR2 access is presented from the
//! next cycle (back to back, as a CPU's accesses reach the card, in order); any other access
//! first runs the card until it is quiet. The card's memory port is answered from
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
    /// The last transaction (on BAR2) returned before the card was quiet.
    unsettled: bool,
}

/// When a transaction is over.
#[derive(Clone, Copy, PartialEq)]
enum Until {
    /// The card is quiet.
    Quiet,
    /// Every access is taken and done — a store's ENQUEUE sent, a read answered — or, if it
    /// never is (a dropped store sends nothing), the card is quiet.
    Done,
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
    /// How many of its accesses were taken.
    taken: usize,
    /// The first read answer (csr_rvalid / b2_rvalid) after a read was taken.
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
            unsettled: false,
        }
    }

    /// Reads answered `latency` cycles later than the cycle after their request.
    pub fn with_mem_latency(mut self, latency: u32) -> Self {
        self.mem_latency = latency;
        self
    }

    /// One clock cycle: `access` presented (unless None), memory answered from `mem`, both
    /// TX channels ready. Returns the outputs of the cycle (before its clock edge).
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
        // Settle, read the outputs and clock, in one call (the Verilator model crosses its FFI
        // once); what the outputs ask of memory and the links is done after the edge, which
        // changes nothing: answers are due a cycle later at the earliest.
        let out = self.card.step(&inp);
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
        out
    }

    /// Presents `accesses` in order, each until taken, from the cycle after the one before was
    /// taken (with `may_refuse`, one the card has been quiet for [`QUIET_CYCLES`] without
    /// taking is given up, and the rest with it), then runs until the card is quiet — or, with
    /// [`Until::Done`], until they are done.
    fn transact(&mut self, mem: Option<&HostMemory>, accesses: &[Access], may_refuse: bool, until: Until) -> Seen {
        self.unsettled = false;
        let start = self.card.cycles();
        let mut seen = Seen::default();
        // accesses[next] is presented; `end` is accesses.len() until one is given up.
        let (mut next, mut end) = (0, accesses.len());
        let mut quiet = 0;
        // A read taken and not answered yet.
        let mut awaiting = false;
        let patience = PATIENCE_CYCLES * (1 + self.mem_latency as u64) * accesses.len().max(1) as u64;
        while quiet < QUIET_CYCLES || next < end || awaiting {
            let pending = (next < end).then(|| accesses[next]);
            let out = self.cycle(mem, pending);
            if awaiting && (out.csr_rvalid || out.b2_rvalid) {
                seen.answer = Some(if out.csr_rvalid { out.csr_rdata } else { out.b2_rdata });
                awaiting = false;
            }
            let busy =
                !out.idle || out.tx_valid || out.otx_valid || out.wr_valid || out.rd_valid || !self.reads.is_empty();
            quiet = if busy { 0 } else { quiet + 1 };
            if let Some(a) = pending {
                if a.taken(&out) {
                    next += 1;
                    seen.taken += 1;
                    quiet = 0;
                    awaiting |= a.answered() && seen.answer.is_none();
                } else if may_refuse && quiet >= QUIET_CYCLES {
                    end = next;
                }
            }
            let done = next == end && !awaiting && (seen.answer.is_some() || !self.sent.is_empty());
            if until == Until::Done && done {
                self.unsettled = quiet < QUIET_CYCLES;
                break;
            }
            assert!(
                self.card.cycles() - start < patience,
                "the card RTL did not finish a transaction within {PATIENCE_CYCLES} cycles (access {}, pending {}, \
                 idle {}, reads {}, memory {}, rd_valid {}, wr_valid {})",
                pending.map_or("none".into(), Access::name),
                next < end,
                out.idle,
                self.reads.len(),
                mem.is_some(),
                out.rd_valid,
                out.wr_valid
            );
        }
        seen
    }

    /// A BAR0 access, which the card always takes in the end, with the attached memory; the
    /// card quiet before and after.
    fn host_access(&mut self, access: Access) -> Seen {
        self.settle();
        let memory = self.memory.clone();
        self.transact(memory.as_deref(), &[access], false, Until::Quiet)
    }

    /// A BAR2 access, presented right behind the one before (not settled first) and over once
    /// done (a store's ENQUEUE sent, a load answered).
    fn bar2_access(&mut self, access: Access) -> Seen {
        let memory = self.memory.clone();
        self.transact(memory.as_deref(), &[access], false, Until::Done)
    }

    /// Runs the card until it is quiet if a BAR2 access left it busy.
    fn settle(&mut self) {
        if self.unsettled {
            let memory = self.memory.clone();
            self.transact(memory.as_deref(), &[], false, Until::Quiet);
        }
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
        self.bar2_access(Access::Store(offset, data, byte_enable));
        let pkt = self.sent.pop_front();
        assert!(self.sent.is_empty(), "the card RTL sent {} ENQUEUEs for one store", 1 + self.sent.len());
        pkt
    }

    fn shadow_read(&mut self, offset: u64) -> u64 {
        // As for stores: an offset beyond BAR2 reads as a misaligned load, 0.
        let offset = if offset < WINDOW_BYTES { offset as u32 } else { 1 };
        self.bar2_access(Access::Load(offset)).answer.expect("the card answers every BAR2 load it takes (spec §6b)")
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        // The card holds an ENQUEUE back while its engine is busy (it takes it once the
        // pipeline moves) and for good only while RX is off: given up once the card is quiet
        // and still does not take it, the packet stays on the link (as the model's false).
        self.deliver_batch(mem, &[pkt]) == 1
    }

    fn deliver_batch(&mut self, mem: &HostMemory, pkts: &[Packet]) -> usize {
        self.settle();
        let accesses: Vec<Access> = pkts.iter().map(|&p| Access::Link(p)).collect();
        self.transact(Some(mem), &accesses, true, Until::Quiet).taken
    }

    fn take_replies(&mut self, out: &mut Vec<Packet>) {
        self.settle();
        out.append(&mut self.replies);
    }

    fn irq(&mut self) -> bool {
        self.settle();
        self.card.eval(&PortsIn { tx_ready: true, otx_ready: true, ..PortsIn::default() }).irq
    }

    fn card(&self) -> CardKind {
        CardKind::Renq
    }

    fn cycles(&self) -> Option<u64> {
        Some(self.card.cycles())
    }
}
