//! The one bus-functional harness of the card (not hardware): a CSR master, a memory responder
//! with fixed, listed or seeded random wait states, link sources and sinks with seeded random
//! pauses, and on top of them one card with its memory ([`Node`]) and two linked cards
//! ([`LinkedPair`]). The module tests, the card simulator's RTL engine, the cosim driver
//! (`examples/cosim_log.rs`) and `cycles-report` all drive the card through these pieces, so
//! the port protocols of spec §6/§8 are coded once.
//!
//! Every piece works on plain values, so a rust-hdl `Simulation` testbench uses it as well as
//! the hand-stepped [`PaperRtlCard`].

mod cosim;
pub mod engine;
mod pair;

pub use cosim::{cosim_cli, usage as cosim_usage};
pub use pair::LinkedPair;

use crate::cycle::CycleCard;
use crate::mem::MemAccess;
use crate::paper::stepper::{PaperPortsIn, PaperPortsOut, PaperRtlCard};
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use std::collections::{HashMap, VecDeque};

/// xorshift64*: a small deterministic generator (same sequence for the same seed everywhere).
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// Wait cycles the memory inserts before acknowledging each request.
#[derive(Clone, Debug)]
pub enum WaitStates {
    /// The same for every request (0 = acknowledge in the request cycle).
    Fixed(u32),
    /// Request n waits `list[n % len]` cycles (an empty list waits 0): the cosim stimulus's
    /// `L` lines.
    Listed(Vec<u32>),
    /// Each request waits a seeded random 0..=max cycles.
    Random { rng: Rng, max: u32 },
}

impl WaitStates {
    pub(crate) fn draw(&mut self, request: u64) -> u32 {
        match self {
            WaitStates::Fixed(w) => *w,
            WaitStates::Listed(list) if list.is_empty() => 0,
            WaitStates::Listed(list) => list[(request % list.len() as u64) as usize],
            WaitStates::Random { rng, max } => rng.below(*max as u64 + 1) as u32,
        }
    }
}

/// A request on the card's memory-master port (spec §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemRequest {
    pub write: bool,
    pub addr: u64,
    pub wdata: u64,
}

impl MemRequest {
    /// The request `top` drives, if any.
    pub fn of(out: &PaperPortsOut) -> Option<MemRequest> {
        out.mem_req.then_some(MemRequest { write: out.mem_write, addr: out.mem_addr, wdata: out.mem_wdata })
    }
}

/// The words behind the responder (a map in tests, the shared host memory in the simulator).
pub trait MemBacking {
    fn load(&mut self, addr: u64) -> u64;
    fn store(&mut self, addr: u64, value: u64);
}

impl MemBacking for HashMap<u64, u64> {
    fn load(&mut self, addr: u64) -> u64 {
        self.get(&addr).copied().unwrap_or(0)
    }
    fn store(&mut self, addr: u64, value: u64) {
        self.insert(addr, value);
    }
}

/// A breach of the memory-master contract (spec §6) seen by the responder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemViolation {
    /// The request changed before its acknowledge.
    Changed { held: MemRequest, now: MemRequest },
    /// The request was withdrawn before its acknowledge.
    Dropped { held: MemRequest },
}

/// What the memory did in one cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemCycle {
    /// The access acknowledged in this cycle: the card must see `mem_ack` (and for a read
    /// `data` on `mem_rdata`) before the clock edge ending it.
    pub access: Option<MemAccess>,
    pub violation: Option<MemViolation>,
}

/// The memory side of the memory-master port: acknowledges each request after its wait
/// states, checks that the request is held until then, performs the access.
#[derive(Clone, Debug)]
pub struct MemResponder {
    waits: WaitStates,
    /// Wait cycles before the current (or next) request's acknowledge.
    wait: u32,
    waited: u32,
    held: Option<MemRequest>,
    requests: u64,
}

impl MemResponder {
    pub fn new(mut waits: WaitStates) -> Self {
        let wait = waits.draw(0);
        MemResponder { waits, wait, waited: 0, held: None, requests: 0 }
    }

    /// One cycle, called once per cycle with the request settled on the port (it depends only
    /// on the card's registers, never on the answer). An acknowledged read loads its word and
    /// an acknowledged write stores it, once.
    pub fn cycle<B: MemBacking + ?Sized>(&mut self, req: Option<MemRequest>, mem: &mut B) -> MemCycle {
        let mut violation = None;
        let Some(r) = req else {
            if let Some(held) = self.held.take() {
                self.next_request();
                violation = Some(MemViolation::Dropped { held });
            }
            return MemCycle { access: None, violation };
        };
        match self.held {
            Some(held) if held != r => violation = Some(MemViolation::Changed { held, now: r }),
            Some(_) => {}
            None => self.held = Some(r),
        }
        if self.waited < self.wait {
            self.waited += 1;
            return MemCycle { access: None, violation };
        }
        let data = if r.write {
            mem.store(r.addr, r.wdata);
            r.wdata
        } else {
            mem.load(r.addr)
        };
        self.held = None;
        self.next_request();
        MemCycle { access: Some(MemAccess { write: r.write, addr: r.addr, data }), violation }
    }

    fn next_request(&mut self) {
        self.requests += 1;
        self.waited = 0;
        self.wait = self.waits.draw(self.requests);
    }
}

impl MemCycle {
    /// Puts the answer on the card's inputs (`mem_ack`, `mem_rdata`; 0 unless a read is
    /// acknowledged).
    pub fn apply(&self, inp: &mut PaperPortsIn) {
        inp.mem_ack = self.access.is_some();
        inp.mem_rdata = self.access.filter(|a| !a.write).map_or(0, |a| a.data);
    }
}

/// When a link endpoint is willing to move a packet: a source raises `valid`, a sink `ready`.
#[derive(Clone, Debug)]
pub enum Flow {
    Always,
    /// Willing in cycle c iff `pattern[c % len]` (an empty pattern: always).
    Pattern(Vec<bool>),
    /// Willing in a seeded random `percent` of the cycles.
    Random {
        rng: Rng,
        percent: u64,
    },
}

impl Flow {
    /// Whether the endpoint is willing in `cycle`; call once per cycle.
    pub fn go(&mut self, cycle: u64) -> bool {
        match self {
            Flow::Always => true,
            Flow::Pattern(p) if p.is_empty() => true,
            Flow::Pattern(p) => p[(cycle % p.len() as u64) as usize],
            Flow::Random { rng, percent } => rng.chance(*percent),
        }
    }
}

/// Offers packets in order; after a pause, `valid` once raised stays up until the packet is
/// taken (a valid/ready stream does not withdraw).
#[derive(Clone, Debug)]
pub struct LinkSource {
    pending: VecDeque<Packet>,
    flow: Flow,
    offering: bool,
}

impl LinkSource {
    pub fn new(packets: impl IntoIterator<Item = Packet>, flow: Flow) -> Self {
        LinkSource { pending: packets.into_iter().collect(), flow, offering: false }
    }

    /// The packet offered in `cycle` (call once per cycle).
    pub fn offer(&mut self, cycle: u64) -> Option<Packet> {
        if !self.offering && !self.pending.is_empty() {
            self.offering = self.flow.go(cycle);
        }
        self.pending.front().copied().filter(|_| self.offering)
    }

    /// The offered packet moved (valid and ready at the clock edge).
    pub fn taken(&mut self) {
        self.pending.pop_front();
        self.offering = false;
    }

    pub fn is_empty(&self) -> bool {
        self.pending.is_empty()
    }

    /// Puts this cycle's offer on the card's RX inputs.
    pub fn apply(offer: Option<Packet>, inp: &mut PaperPortsIn) {
        inp.rx_valid = offer.is_some();
        if let Some(p) = offer {
            inp.rx_src = p.src as u8;
            inp.rx_dst = p.dst as u8;
            inp.rx_queue = p.queue as u8;
            inp.rx_data = p.data;
        }
    }
}

/// Takes packets when its flow allows; keeps them in order.
#[derive(Clone, Debug)]
pub struct LinkSink {
    flow: Flow,
    pub received: Vec<Packet>,
}

impl LinkSink {
    pub fn new(flow: Flow) -> Self {
        LinkSink { flow, received: Vec::new() }
    }

    /// `ready` in `cycle` (call once per cycle).
    pub fn ready(&mut self, cycle: u64) -> bool {
        self.flow.go(cycle)
    }

    /// The packet of a cycle in which `tx_valid` and `ready` were both high.
    pub fn take(&mut self, out: &PaperPortsOut) {
        self.received.push(Packet::enqueue(out.tx_src as u16, out.tx_dst as u16, out.tx_queue as u16, out.tx_data));
    }
}

/// The bus conditions a test runs under: the memory's wait states and the link's flow.
#[derive(Clone, Debug)]
pub struct Conditions {
    pub name: &'static str,
    pub waits: WaitStates,
    /// Flow of the link endpoints facing the card (RX source and TX sink).
    pub link: Flow,
}

impl Conditions {
    /// Same-cycle memory, link always willing: the cycle-exact reference.
    pub fn idle() -> Self {
        Conditions { name: "idle", waits: WaitStates::Fixed(0), link: Flow::Always }
    }

    pub fn is_idle(&self) -> bool {
        matches!((&self.waits, &self.link), (WaitStates::Fixed(0), Flow::Always))
    }

    /// The four permutations every module test runs under: idle, random memory wait states
    /// (0..=3), random link pauses / back-pressure (willing half of the cycles), and both.
    pub fn all(seed: u64) -> [Conditions; 4] {
        let waits = WaitStates::Random { rng: Rng(seed | 1), max: 3 };
        let link = Flow::Random { rng: Rng(seed ^ 0x6a09_e667_f3bc_c909 | 1), percent: 50 };
        [
            Conditions::idle(),
            Conditions { name: "memory wait states", waits: waits.clone(), link: Flow::Always },
            Conditions { name: "link back-pressure", waits: WaitStates::Fixed(0), link: link.clone() },
            Conditions { name: "wait states and back-pressure", waits, link },
        ]
    }
}

/// Runs `body` under each of [`Conditions::all`], naming the permutation on failure.
pub fn for_each_condition(seed: u64, mut body: impl FnMut(Conditions)) {
    for c in Conditions::all(seed) {
        let name = c.name;
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(c)));
        if let Err(e) = r {
            eprintln!("failed under bus conditions: {name}");
            std::panic::resume_unwind(e);
        }
    }
}

/// One operation on the CSR port in a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsrOp {
    Idle,
    Read(u64),
    Write(u64, u64),
}

impl CsrOp {
    /// Puts the operation on the card's CSR inputs.
    pub fn apply(self, inp: &mut PaperPortsIn) {
        inp.csr_read = matches!(self, CsrOp::Read(_));
        inp.csr_write = matches!(self, CsrOp::Write(..));
        match self {
            CsrOp::Idle => {}
            CsrOp::Read(a) => inp.csr_addr = a as u16,
            CsrOp::Write(a, v) => {
                inp.csr_addr = a as u16;
                inp.csr_wdata = v;
            }
        }
    }
}

/// The CSR master (spec §8's registered port): something that can run one cycle with a CSR
/// operation gets register reads and writes with the port's timing.
pub trait CsrMaster {
    /// One clock cycle with `op` on the CSR port.
    fn csr_cycle(&mut self, op: CsrOp);
    /// `csr_rdata` now: the value of a read issued in the previous cycle.
    fn csr_rdata(&mut self) -> u64;

    /// One idle cycle (so a write or counter event of the previous cycle has landed), then the
    /// read cycle; the value is on `csr_rdata` in the cycle after it.
    fn csr_read(&mut self, offset: u64) -> u64 {
        self.csr_cycle(CsrOp::Idle);
        self.csr_cycle(CsrOp::Read(offset));
        self.csr_rdata()
    }

    /// The write cycle, then the cycle at whose end it takes effect.
    fn csr_write(&mut self, offset: u64, value: u64) {
        self.csr_cycle(CsrOp::Write(offset, value));
        self.csr_cycle(CsrOp::Idle);
    }
}

/// Host memory of a [`Node`]: words, the responder in front of them, the card's accesses.
pub struct Memory {
    words: HashMap<u64, u64>,
    responder: MemResponder,
    /// Every access of the card, in order.
    pub log: Vec<MemAccess>,
}

impl Memory {
    pub fn new(waits: WaitStates) -> Self {
        Memory { words: HashMap::new(), responder: MemResponder::new(waits), log: Vec::new() }
    }

    /// A host-side load (not logged: the log records the card's accesses only).
    pub fn read(&self, addr: u64) -> u64 {
        *self.words.get(&addr).unwrap_or(&0)
    }

    /// A host-side store (not logged).
    pub fn write(&mut self, addr: u64, value: u64) {
        self.words.insert(addr, value);
    }

    /// The memory's cycle; panics on a breach of the port contract (this is a test model).
    fn cycle(&mut self, out: &PaperPortsOut) -> MemCycle {
        let c = self.responder.cycle(MemRequest::of(out), &mut self.words);
        assert_eq!(c.violation, None, "card broke the memory-master contract");
        if let Some(a) = c.access {
            assert_eq!(a.addr % renq_abi::WORD_BYTES, 0, "card issued a misaligned address");
            self.log.push(a);
        }
        c
    }
}

/// One card, its memory and the inputs currently applied to it.
pub struct Node {
    pub card: PaperRtlCard,
    pub mem: Memory,
    pub inp: PaperPortsIn,
    pub out: PaperPortsOut,
    /// Packets this card's RX took from the link, in order.
    pub received: Vec<Packet>,
}

impl Node {
    /// A card whose memory waits `mem_latency` cycles before every acknowledge.
    pub fn new(mem_latency: u32) -> Self {
        Self::with_waits(WaitStates::Fixed(mem_latency))
    }

    pub fn with_waits(waits: WaitStates) -> Self {
        let mut card = PaperRtlCard::new();
        let inp = PaperPortsIn::default();
        let out = card.eval(&inp);
        Node { card, mem: Memory::new(waits), inp, out, received: Vec::new() }
    }

    /// Settle the card with the current inputs. (The memory answers inside `tick`: the
    /// request depends only on registers, and no output depends on the answer.)
    pub fn eval(&mut self) {
        self.out = self.card.eval(&self.inp);
    }

    fn tick(&mut self) {
        if self.inp.rx_valid && self.out.rx_ready {
            self.received.push(Packet::enqueue(
                self.inp.rx_src as u16,
                self.inp.rx_dst as u16,
                self.inp.rx_queue as u16,
                self.inp.rx_data,
            ));
        }
        self.mem.cycle(&self.out).apply(&mut self.inp);
        self.card.eval(&self.inp);
        self.card.tick();
        MemCycle::default().apply(&mut self.inp);
    }

    /// One clock cycle of this card alone (RX driven by `inp`).
    pub fn step(&mut self) {
        self.eval();
        self.tick();
        self.eval();
    }

    /// What the driver does at start-up: node id, RX+TX on, all interrupts unmasked.
    pub fn configure(&mut self, node_id: u8) {
        self.csr_write(regs::NODE_ID, node_id as u64);
        self.csr_write(regs::CONTROL, control_word(true, true));
        self.csr_write(regs::IRQ_MASK, IRQ_ALL);
    }

    /// Export queue `q` as a fresh (empty) buffer of 2^log2 words at `base` in this memory.
    pub fn export_queue(&mut self, q: u8, base: u64, log2: u32) {
        init_buffer(&mut self.mem, base, log2);
        self.csr_write(regs::export_entry(q), export_word(base, log2));
    }

    /// Offer one packet on RX and clock until the card takes it (or `max_cycles` pass).
    /// Returns whether it was taken.
    pub fn offer(&mut self, p: Packet, max_cycles: u64) -> bool {
        LinkSource::apply(Some(p), &mut self.inp);
        let before = self.received.len();
        for _ in 0..max_cycles {
            self.step();
            if self.received.len() > before {
                break;
            }
        }
        self.inp.rx_valid = false;
        self.eval();
        self.received.len() > before
    }

    /// Clock until the receiver is back in LD0 with no memory request (bounded).
    pub fn drain(&mut self, max_cycles: u64) {
        for _ in 0..max_cycles {
            self.eval();
            if !self.out.mem_req {
                return;
            }
            self.step();
        }
        panic!("receiver still busy after {max_cycles} cycles");
    }

    pub fn counter(&mut self, offset: u64) -> u64 {
        self.csr_read(offset)
    }
}

/// Register accesses on a card alone. The link ports are held off meanwhile (RX not offered,
/// TX not ready), so a linked peer that is not clocked misses nothing.
impl CsrMaster for Node {
    fn csr_cycle(&mut self, op: CsrOp) {
        let (rx_valid, tx_ready) = (self.inp.rx_valid, self.inp.tx_ready);
        self.inp.rx_valid = false;
        self.inp.tx_ready = false;
        op.apply(&mut self.inp);
        self.step();
        CsrOp::Idle.apply(&mut self.inp);
        self.inp.rx_valid = rx_valid;
        self.inp.tx_ready = tx_ready;
        self.eval();
    }

    fn csr_rdata(&mut self) -> u64 {
        self.out.csr_rdata
    }
}

/// CONTROL value.
pub fn control_word(rx_enable: bool, tx_enable: bool) -> u64 {
    renq_abi::csr::Control::new(rx_enable, tx_enable).0
}

/// Every IRQ_STATUS / IRQ_MASK bit.
pub const IRQ_ALL: u64 = 1 << regs::bits::IRQ_OVERFLOW | 1 << regs::bits::IRQ_BAD_HEADER | 1 << regs::bits::IRQ_NOTIFY;

/// A valid EXPORT[q] value for a buffer of 2^log2 words at `base`.
pub fn export_word(base: u64, log2: u32) -> u64 {
    use renq_abi::csr::bits::*;
    1 << EXPORT_VALID | (log2 as u64) << EXPORT_LOG2_LSB | (base & renq_abi::DMA_ADDR_MASK) << EXPORT_BASE_LSB
}

/// Resets a buffer's header to empty: LINK = (no next, k), TAIL = HEAD = first data slot.
pub fn init_buffer(mem: &mut Memory, base: u64, log2: u32) {
    for (off, v) in renq_abi::buffer::fresh_header(log2) {
        mem.write(base + off, v);
    }
}
