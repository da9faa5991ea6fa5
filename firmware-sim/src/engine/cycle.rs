//! The one cycle engine: a card stepped clock cycle by clock cycle through renq-hdl's
//! [`CycleCard`] — the RustHDL simulation (engine `rtl`) or the Verilator model of the emitted
//! Verilog (engine `verilator`) — behind the same transaction-level [`CardEngine`] as the
//! models. It is generic over the card's port bundle: a [`Bus`] says how each host access and
//! link packet is presented to that card's ports, when it is taken and answered, how the
//! memory port is answered and what the card sends. The card's bus is `rtl::CardBus` (spec §6b),
//! the paper card's `paper::rtl::PaperBus` (spec §6).
//!
//! Each transaction holds its access on the port until the card takes it — a batch of link
//! packets ([`CardEngine::deliver_batch`]) each from the cycle after the one before was taken,
//! back to back as a link offers them, one the card does not take in more than
//! [`Bus::QUIET_CYCLES`] quiet cycles given up — then runs the card until it is quiet (the bus
//! says when a cycle is busy; [`Bus::QUIET_CYCLES`] quiet cycles in a row end it). So a
//! transaction leaves //! the card as a model leaves it, decided. Except on BAR2: a store returns as soon as its
//! ENQUEUE is out and a load once answered, and the next BAR2 access is presented from the next
//! cycle (back to back, as a CPU's accesses reach the card, in order); any other access first
//! runs the card until it is quiet. The link TX channels are always ready: the packets a card
//! sends are collected (ENQUEUEs returned by `shadow_write`, OUTCOMEs by `take_replies`) and
//! back-pressure is the link's (the inbox), outside the card.

use std::collections::VecDeque;
use std::sync::Arc;

use renq_abi::packet::Packet;
use renq_hdl::cycle::CycleCard;

use super::{CardEngine, CardKind};
use crate::memory::HostMemory;

/// A host access or link packet on a card's ports, held until taken.
#[derive(Clone, Copy, Debug)]
pub enum Access {
    CsrRead(u64),
    CsrWrite(u64, u64),
    /// BAR2 store: offset (already within the card's window, or presented as a partial store
    /// the card drops), data, byte enables.
    Store(u32, u64, u8),
    /// BAR2 load.
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

    /// Whether the card answers it (a read) once it has taken it.
    fn answered(self) -> bool {
        matches!(self, Access::CsrRead(_) | Access::Load(_))
    }
}

/// One card's port bundle at the transaction level (see the module doc): the part of the cycle
/// engine that differs between cards. It keeps what its memory port needs between cycles.
pub trait Bus<C: CycleCard>: Send {
    const KIND: CardKind;
    /// Quiet cycles in a row after which a transaction is over.
    const QUIET_CYCLES: u32;
    /// Bytes of the card's BAR2 window: an access beyond it is presented as one the card drops
    /// (a store with no byte enabled) or reads as 0 (a misaligned load), not cut to the port's
    /// width, where it would alias a page.
    const WINDOW_BYTES: u64;
    /// Cycles a transaction may take (per access, per cycle of memory latency) before the
    /// engine declares the RTL hung.
    const PATIENCE_CYCLES: u64;
    /// A bus whose memory answers `mem_latency` cycles later than at once.
    fn new(mem_latency: u32) -> Self;
    /// Inputs of a cycle with nothing presented (link TX ready).
    fn idle() -> C::In;
    /// Whether the card has the port `access` needs (a card without BAR2 loads reads 0).
    fn has(_access: Access) -> bool {
        true
    }
    /// Presents `access` in this cycle's inputs.
    fn present(&mut self, access: Access, inp: &mut C::In);
    /// Whether the card took `access` in the cycle just clocked, with outputs `out`.
    fn taken(&self, access: Access, out: &C::Out) -> bool;
    /// A read's answer, if the outputs `out` of a cycle after it was taken carry one.
    fn answer(out: &C::Out) -> Option<u64>;
    /// One clock cycle with `inp`, the memory port answered from `mem` (none attached: it
    /// waits); returns the outputs before the edge.
    fn clock(&mut self, card: &mut C, mem: Option<&HostMemory>, inp: C::In) -> C::Out;
    /// Whether the cycle that gave `out` was busy (the card not quiet).
    fn busy(&self, out: &C::Out) -> bool;
    /// What the card sent in the cycle that gave `out`: an ENQUEUE, an OUTCOME.
    fn sent(out: &C::Out) -> (Option<Packet>, Option<Packet>);
    fn irq(out: &C::Out) -> bool;
    /// A word for the hang report.
    fn state(&self, out: &C::Out) -> String;
}

/// A cycle-level card, its bus and what it sent.
pub struct CycleEngine<C: CycleCard, B: Bus<C>> {
    card: C,
    bus: B,
    /// ENQUEUE packets the card sent and no transaction returned yet.
    sent: VecDeque<Packet>,
    /// OUTCOME packets the card sent, for `take_replies`.
    replies: Vec<Packet>,
    /// The node's memory, for what the card writes during register accesses.
    memory: Option<Arc<HostMemory>>,
    /// The last transaction (on BAR2) returned before the card was quiet.
    unsettled: bool,
    mem_latency: u32,
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

/// What one transaction saw.
#[derive(Default)]
struct Seen {
    /// How many of its accesses were taken.
    taken: usize,
    /// The first read answer after a read was taken.
    answer: Option<u64>,
}

impl<C: CycleCard, B: Bus<C>> CycleEngine<C, B> {
    /// `card` fresh from power-up (a start-up sweep runs in the first transaction), its memory
    /// answering `mem_latency` cycles later than at once.
    pub fn with_card(mut card: C, mem_latency: u32) -> Self {
        card.eval(&B::idle());
        CycleEngine {
            card,
            bus: B::new(mem_latency),
            sent: VecDeque::new(),
            replies: Vec::new(),
            memory: None,
            unsettled: false,
            mem_latency,
        }
    }

    /// Memory answering `latency` cycles later than at once (before the first transaction).
    pub fn with_mem_latency(mut self, latency: u32) -> Self {
        (self.bus, self.mem_latency) = (B::new(latency), latency);
        self
    }

    /// One clock cycle: `access` presented (unless None), memory answered from `mem`, the TX
    /// channels ready. Returns the outputs of the cycle (before its clock edge).
    fn cycle(&mut self, mem: Option<&HostMemory>, access: Option<Access>) -> C::Out {
        let mut inp = B::idle();
        if let Some(a) = access {
            self.bus.present(a, &mut inp);
        }
        let out = self.bus.clock(&mut self.card, mem, inp);
        let (enqueue, outcome) = B::sent(&out);
        self.sent.extend(enqueue);
        self.replies.extend(outcome);
        out
    }

    /// Presents `accesses` in order, each until taken, from the cycle after the one before was
    /// taken (with `may_refuse`, one the card has been quiet for more than `QUIET_CYCLES`
    /// without taking is given up, and the rest with it), then runs until the card is quiet — or, with
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
        let patience = B::PATIENCE_CYCLES * (1 + self.mem_latency as u64) * accesses.len().max(1) as u64;
        while quiet < B::QUIET_CYCLES || next < end || awaiting {
            let pending = (next < end).then(|| accesses[next]);
            let out = self.cycle(mem, pending);
            if awaiting {
                if let Some(a) = B::answer(&out) {
                    (seen.answer, awaiting) = (Some(a), false);
                }
            }
            quiet = if self.bus.busy(&out) { 0 } else { quiet + 1 };
            if let Some(a) = pending {
                if self.bus.taken(a, &out) {
                    next += 1;
                    seen.taken += 1;
                    quiet = 0;
                    awaiting |= a.answered() && seen.answer.is_none();
                } else if may_refuse && quiet > B::QUIET_CYCLES {
                    // (More than QUIET_CYCLES: a bus that judges a cycle by the state after
                    // its edge calls the last cycle of an operation quiet, and the card may
                    // take the next packet in the cycle after it.)
                    end = next;
                }
            }
            let done = next == end && !awaiting && (seen.answer.is_some() || !self.sent.is_empty());
            if until == Until::Done && done {
                self.unsettled = quiet < B::QUIET_CYCLES;
                break;
            }
            assert!(
                self.card.cycles() - start < patience,
                "the card RTL did not finish a transaction within {} cycles (access {}, pending {}, memory {}, {})",
                B::PATIENCE_CYCLES,
                pending.map_or("none".into(), Access::name),
                next < end,
                mem.is_some(),
                self.bus.state(&out),
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

impl<C: CycleCard + Send, B: Bus<C>> CardEngine for CycleEngine<C, B> {
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
        // Beyond the window: a partial store (strobe 0), which the card drops and counts.
        let (offset, byte_enable) = if offset < B::WINDOW_BYTES { (offset as u32, byte_enable) } else { (0, 0) };
        self.bar2_access(Access::Store(offset, data, byte_enable));
        let pkt = self.sent.pop_front();
        assert!(self.sent.is_empty(), "the card RTL sent {} ENQUEUEs for one store", 1 + self.sent.len());
        pkt
    }

    fn shadow_read(&mut self, offset: u64) -> u64 {
        // Beyond the window: a misaligned load, which reads 0.
        let access = Access::Load(if offset < B::WINDOW_BYTES { offset as u32 } else { 1 });
        if !B::has(access) {
            return 0;
        }
        self.bar2_access(access).answer.expect("the card answers every BAR2 load it takes (spec §6b)")
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
        let n = accesses.iter().take_while(|&&a| B::has(a)).count();
        self.transact(Some(mem), &accesses[..n], true, Until::Quiet).taken
    }

    fn take_replies(&mut self, out: &mut Vec<Packet>) {
        self.settle();
        out.append(&mut self.replies);
    }

    fn irq(&mut self) -> bool {
        self.settle();
        B::irq(&self.card.eval(&B::idle()))
    }

    fn card(&self) -> CardKind {
        B::KIND
    }

    fn cycles(&self) -> Option<u64> {
        Some(self.card.cycles())
    }
}
