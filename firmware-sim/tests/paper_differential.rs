//! The model against the cycle engines — the RustHDL simulation (`rtl`) and the Verilator model
//! of the emitted Verilog (`verilator`): seeded random traces through two engines, each with its
//! own host memory, must give identical register reads, emitted packets, link acceptance,
//! interrupt lines after every step, and identical memory images and DMA error counts at the
//! end. Traces mix everything the driver and hostile processes can do (see `step`). Broken
//! models (`Broken`, one planted bug each) show that the comparison catches each kind of
//! divergence.

mod common;

use std::sync::atomic::Ordering::*;

use common::*;
use renq_abi::buffer::{bytes, link_word, next_index, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::bits;
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use renq_abi::paper::shadow::{page_offset, WINDOW_BYTES};
use renq_abi::{paper::MAX_QUEUES, WORD_BYTES};
use renq_sim::engine::paper::model::PaperModel;
use renq_sim::engine::paper::rtl::{PaperRtlEngine, PaperVerilatorEngine};
use renq_sim::engine::CardEngine;
use renq_sim::HostMemory;

const MEM_BYTES: usize = 64 * 1024;
const NODE: u64 = 5;
/// Queues the traces use (a few, so they fill up and collide).
const QUEUES: u8 = 3;
/// First buffers live at fixed addresses; extension buffers are bump-allocated after them.
const FIRST_BUF: u64 = 0x2000;
const FIRST_BUF_STRIDE: u64 = 0x1000;
const EXT_BASE: u64 = 0x8000;
const K_MAX: u32 = 5;

struct Side {
    engine: Box<dyn CardEngine>,
    mem: HostMemory,
}

/// What the test (the "driver") knows about a queue.
#[derive(Clone, Copy)]
struct Q {
    base: u64,
    k: u32,
}

/// Makes the engine under test, given the memory latency it should see.
type MakeEngine = fn(u32) -> Box<dyn CardEngine>;

fn rtl(latency: u32) -> Box<dyn CardEngine> {
    Box::new(PaperRtlEngine::new().with_mem_latency(latency))
}

fn verilator(latency: u32) -> Box<dyn CardEngine> {
    Box::new(PaperVerilatorEngine::new().expect("Verilator engine (bash scripts/setup)").with_mem_latency(latency))
}

struct Bench {
    model: Side,
    /// The engine under test (the field keeps its historical name: it is a cycle engine).
    rtl: Side,
    queues: [Q; QUEUES as usize],
    next_ext: u64,
    /// Packets on the link into the card, oldest first.
    link: Vec<Packet>,
    rng: Rng,
    steps: usize,
    seed: u64,
}

impl Bench {
    fn new(seed: u64, model: Box<dyn CardEngine>, dut: MakeEngine) -> Bench {
        let side = |engine: Box<dyn CardEngine>| Side { engine, mem: HostMemory::create(MEM_BYTES).unwrap() };
        let mut b = Bench {
            model: side(model),
            // A quarter of the traces give the RTL a slow memory (the model has none).
            rtl: side(dut(if seed % 4 == 3 { 1 + (seed / 4 % 3) as u32 } else { 0 })),
            queues: [Q { base: 0, k: 3 }; QUEUES as usize],
            next_ext: EXT_BASE,
            link: Vec::new(),
            rng: Rng(seed),
            steps: 0,
            seed,
        };
        b.csr_write(regs::NODE_ID, NODE);
        b.csr_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE | 1 << bits::CONTROL_TX_ENABLE);
        b.csr_write(regs::IRQ_MASK, ALL_IRQS);
        for q in 0..QUEUES {
            let k = b.random_k();
            b.export(q, FIRST_BUF + q as u64 * FIRST_BUF_STRIDE, k);
        }
        b
    }

    fn ctx(&self) -> String {
        format!("seed {:#x} step {}", self.seed, self.steps)
    }

    fn check_irq(&mut self) {
        let (a, b) = (self.model.engine.irq(), self.rtl.engine.irq());
        assert_eq!(a, b, "irq line differs, {}", self.ctx());
    }

    fn csr_write(&mut self, off: u64, v: u64) {
        self.model.engine.csr_write(off, v);
        self.rtl.engine.csr_write(off, v);
        self.check_irq();
    }

    fn csr_read(&mut self, off: u64) -> u64 {
        let (a, b) = (self.model.engine.csr_read(off), self.rtl.engine.csr_read(off));
        assert_eq!(a, b, "csr {off:#x} differs, {}", self.ctx());
        a
    }

    /// The same host store on both memories.
    fn host_store(&self, off: u64, v: u64) {
        self.model.mem.store_u64(off, v, Release);
        self.rtl.mem.store_u64(off, v, Release);
    }

    fn host_load(&self, off: u64) -> u64 {
        let (a, b) = (self.model.mem.load_u64(off, Acquire), self.rtl.mem.load_u64(off, Acquire));
        assert_eq!(a, b, "memory at {off:#x} differs, {}", self.ctx());
        a
    }

    fn export(&mut self, q: u8, base: u64, k: u32) {
        self.host_store(word(base, LINK_WORD), link_word(0, k));
        self.host_store(word(base, TAIL_WORD), FIRST_DATA_INDEX);
        self.host_store(word(base, HEAD_WORD), FIRST_DATA_INDEX);
        self.queues[q as usize] = Q { base, k };
        self.csr_write(regs::export_entry(q), export_value(base, k));
    }

    fn shadow(&mut self, off: u64, v: u64, be: u8) {
        let a = self.model.engine.shadow_write(off, v, be);
        let b = self.rtl.engine.shadow_write(off, v, be);
        assert_eq!(a, b, "shadow packet differs, {}", self.ctx());
        if let Some(p) = a {
            self.link.push(p);
        }
        self.check_irq();
    }

    /// Offers the oldest packet on the link (or, to model another source, any packet).
    fn deliver(&mut self, idx: usize) {
        if self.link.is_empty() {
            return;
        }
        let p = self.link[idx];
        let a = self.model.engine.deliver(&self.model.mem, p);
        let b = self.rtl.engine.deliver(&self.rtl.mem, p);
        assert_eq!(a, b, "acceptance of {p:?} differs, {}", self.ctx());
        if a {
            self.link.remove(idx);
        }
        self.check_irq();
    }

    /// The consumer takes up to n items from the first buffer (spec §9, simplified to one
    /// buffer: extension buffers are drained by `extend` itself).
    fn dequeue(&mut self, q: u8, n: u64) {
        let Q { base, k } = self.queues[q as usize];
        for _ in 0..n {
            let head = self.host_load(word(base, HEAD_WORD));
            let tail = self.host_load(word(base, TAIL_WORD));
            if head == tail || head >= renq_abi::buffer::words(k) || head < FIRST_DATA_INDEX {
                return;
            }
            self.host_load(word(base, head));
            self.host_store(word(base, HEAD_WORD), next_index(head, k));
        }
    }

    /// The driver's overflow handler (spec §9 "extend"): copy the first buffer's items into a
    /// new buffer linked behind it, reset the first buffer, acknowledge, resume.
    fn extend(&mut self, q: u8) {
        let Q { base, k } = self.queues[q as usize];
        let size = bytes(k);
        let n = (self.next_ext + size - 1) & !(size - 1);
        if n + size > MEM_BYTES as u64 {
            self.next_ext = EXT_BASE; // reuse old buffers: their content no longer matters here
            return self.extend(q);
        }
        self.next_ext = n + size;
        let (mut head, tail) = (self.host_load(word(base, HEAD_WORD)), self.host_load(word(base, TAIL_WORD)));
        let mask = renq_abi::buffer::words(k) - 1;
        head &= mask;
        let mut dst = FIRST_DATA_INDEX;
        let mut guard = 0;
        while head != tail & mask && guard < mask && head >= FIRST_DATA_INDEX {
            let v = self.host_load(word(base, head));
            self.host_store(word(n, dst), v);
            dst = next_index(dst, k);
            head = next_index(head, k);
            guard += 1;
        }
        self.host_store(word(n, TAIL_WORD), dst);
        self.host_store(word(n, HEAD_WORD), FIRST_DATA_INDEX);
        let old_link = self.host_load(word(base, LINK_WORD));
        self.host_store(word(n, LINK_WORD), link_word(renq_abi::buffer::link_next(old_link), k));
        self.host_store(word(base, LINK_WORD), link_word(n, k));
        self.host_store(word(base, HEAD_WORD), FIRST_DATA_INDEX);
        self.host_store(word(base, TAIL_WORD), FIRST_DATA_INDEX);
        self.csr_write(regs::IRQ_STATUS, 1 << bits::IRQ_OVERFLOW);
        self.csr_write(regs::RESUME, q as u64);
    }

    /// Mostly tiny buffers (4 or 12 items), so traces overflow often.
    fn random_k(&mut self) -> u32 {
        if self.rng.chance(80) {
            3 + self.rng.below(2) as u32
        } else {
            3 + self.rng.below((K_MAX - 2) as u64) as u32
        }
    }

    fn random_queue(&mut self) -> u8 {
        if self.rng.chance(90) {
            self.rng.below(QUEUES as u64) as u8
        } else {
            self.rng.below(MAX_QUEUES as u64) as u8
        }
    }

    fn step(&mut self) {
        self.steps += 1;
        match self.rng.below(100) {
            // Enqueue through the shadow window (mostly well-formed, to our own node).
            0..=39 => {
                let q = self.random_queue();
                let node = if self.rng.chance(90) { NODE as u8 } else { self.rng.below(16) as u8 };
                let mut off = page_offset(node, q) + 8 * self.rng.below(512);
                let mut be = 0xff;
                match self.rng.below(20) {
                    0 => off += 1 + self.rng.below(7),
                    1 => be = self.rng.next() as u8,
                    2 => off = WINDOW_BYTES + self.rng.below(1 << 30),
                    _ => {}
                }
                let v = self.rng.next();
                self.shadow(off, v, be);
            }
            // Deliver from the link: mostly in order, sometimes a later one (another source).
            40..=64 => {
                let idx = if self.link.len() > 1 && self.rng.chance(20) {
                    self.rng.below(self.link.len() as u64) as usize
                } else {
                    0
                };
                self.deliver(idx);
            }
            // A hostile packet straight onto the link.
            65..=67 => {
                let r = self.rng.next();
                let p = Packet::enqueue(
                    (r as u8 & 15) as u16,
                    ((r >> 8) as u8 & 15) as u16,
                    ((r >> 16) as u8 & 15) as u16,
                    self.rng.next(),
                );
                self.link.insert(0, p);
                self.deliver(0);
            }
            68..=77 => {
                let q = self.random_queue() % QUEUES;
                let n = 1 + self.rng.below(4);
                self.dequeue(q, n);
            }
            // Driver: handle overflow the way the driver will.
            78..=83 => {
                let stalled = self.csr_read(regs::STALLED);
                if stalled != 0 {
                    let q = stalled.trailing_zeros() as u8;
                    if q < QUEUES {
                        self.extend(q);
                    } else {
                        self.csr_write(regs::RESUME, q as u64);
                    }
                }
            }
            // Hostile header words.
            84..=86 => {
                let q = self.rng.below(QUEUES as u64) as usize;
                let w = [LINK_WORD, TAIL_WORD, HEAD_WORD][self.rng.below(3) as usize];
                let v = match self.rng.below(3) {
                    0 => self.rng.below(3),
                    1 => self.rng.next(),
                    _ => self.rng.below(1 << 16),
                };
                self.host_store(word(self.queues[q].base, w), v);
            }
            // Arm / acknowledge interrupts / masks.
            87..=89 => {
                let v = if self.rng.chance(90) { self.rng.below(QUEUES as u64) } else { self.rng.next() & 0x3f };
                self.csr_write(regs::ARM, v);
            }
            90..=91 => {
                let v = self.rng.below(8);
                self.csr_write(regs::IRQ_STATUS, v);
            }
            92 => {
                let v = self.rng.next();
                self.csr_write(regs::IRQ_MASK, v);
            }
            // Disable / enable RX and TX.
            93..=94 => {
                let v = if self.rng.chance(60) { 3 } else { self.rng.below(4) };
                self.csr_write(regs::CONTROL, v);
            }
            // Re-export: a fresh buffer, or a hostile entry (invalid, bad k, misaligned, huge).
            95..=96 => {
                let q = self.rng.below(QUEUES as u64) as u8;
                if self.rng.chance(50) {
                    let k = self.random_k();
                    self.export(q, FIRST_BUF + q as u64 * FIRST_BUF_STRIDE, k);
                } else {
                    let v = match self.rng.below(4) {
                        0 => self.rng.next(),
                        1 => 1 << bits::EXPORT_VALID | (self.rng.below(32)) << bits::EXPORT_LOG2_LSB | 0x2000,
                        2 => export_value(self.rng.below(1 << 48) & !7, 3 + self.rng.below(14) as u32),
                        _ => export_value(0, 3),
                    };
                    self.csr_write(regs::export_entry(q), v);
                }
            }
            // Register reads anywhere (aligned; unaligned never reach an engine).
            _ => {
                let off = if self.rng.chance(50) {
                    8 * self.rng.below(16)
                } else {
                    8 * self.rng.below(renq_abi::csr::BAR0_BYTES / 8)
                };
                self.csr_read(off);
            }
        }
    }

    fn finish(&mut self) {
        for off in (0..0x78).step_by(8).chain((0..MAX_QUEUES as u8).map(regs::export_entry)) {
            self.csr_read(off);
        }
        let words = MEM_BYTES / WORD_BYTES as usize;
        let (a, b) = (self.model.mem.snapshot(0, words), self.rtl.mem.snapshot(0, words));
        if let Some(i) = (0..words).find(|&i| a[i] != b[i]) {
            panic!("memory differs at {:#x}: model {:#x} rtl {:#x}, {}", i * 8, a[i], b[i], self.ctx());
        }
        assert_eq!(self.model.mem.dma_errors(), self.rtl.mem.dma_errors(), "{}", self.ctx());
    }
}

/// Runs `traces` seeded traces of the model against `dut`; returns (enqueued, counter totals).
fn compare(traces: u64, model: &dyn Fn() -> Box<dyn CardEngine>, dut: MakeEngine) -> (u64, [u64; 6]) {
    const STEPS: usize = 50;
    let mut enqueued = 0;
    let mut events = [0u64; 6];
    for seed in 0..traces {
        let mut b = Bench::new(0x5eed_0000 + seed, model(), dut);
        for _ in 0..STEPS {
            b.step();
        }
        b.finish();
        enqueued += b.csr_read(regs::CNT_ENQUEUED);
        for (i, (off, _)) in regs::COUNTERS.iter().enumerate() {
            events[i] += b.csr_read(*off);
        }
    }
    (enqueued, events)
}

fn model() -> Box<dyn CardEngine> {
    Box::new(PaperModel::new())
}

fn model_equals(name: &str, dut: MakeEngine, traces: u64) {
    let t = std::time::Instant::now();
    let (enqueued, events) = compare(traces, &model, dut);
    eprintln!(
        "differential (model == {name}): {traces} traces in {:.1} s; totals {:?}",
        t.elapsed().as_secs_f64(),
        regs::COUNTERS.iter().map(|c| c.1).zip(events).collect::<Vec<_>>()
    );
    // The traces must actually exercise the corners, not just agree on nothing.
    assert!(enqueued > 1000);
    assert!(events.iter().all(|&e| e > 0), "some counter never moved: {events:?}");
}

#[test]
fn model_equals_rtl_on_random_traces() {
    model_equals("rtl", rtl, 1000);
}

#[test]
fn model_equals_verilator_on_random_traces() {
    // The RTL's 1000 traces and more: this engine is fast.
    model_equals("verilator", verilator, 5000);
}

/// A bug planted in a model, one per kind of thing the comparison looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    /// Every 8th delivered packet's word lands with its low bit flipped (memory image).
    FlipsDataBit,
    /// Every 16th packet from the link is taken and thrown away (memory image, counters).
    DropsPackets,
    /// The interrupt line never rises.
    IrqStuckLow,
    /// A read of CNT_ENQUEUED answers one more than it is (register reads).
    CounterOffByOne,
    /// Shadow stores to queue 1 go out as packets for queue 2 (emitted packets).
    MisroutesQueue,
    /// Refuses every packet offered while it holds an odd count of deliveries (link acceptance).
    RefusesSometimes,
}

const BUGS: [Bug; 6] = [
    Bug::FlipsDataBit,
    Bug::DropsPackets,
    Bug::IrqStuckLow,
    Bug::CounterOffByOne,
    Bug::MisroutesQueue,
    Bug::RefusesSometimes,
];

/// The model with one bug.
struct Broken {
    inner: PaperModel,
    bug: Bug,
    delivered: u64,
}

impl CardEngine for Broken {
    fn card(&self) -> renq_sim::CardKind {
        renq_sim::CardKind::Paper
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        let v = self.inner.csr_read(offset);
        if self.bug == Bug::CounterOffByOne && offset == regs::CNT_ENQUEUED {
            v + 1
        } else {
            v
        }
    }
    fn csr_write(&mut self, offset: u64, value: u64) {
        self.inner.csr_write(offset, value)
    }
    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        let p = self.inner.shadow_write(offset, data, byte_enable);
        p.map(|p| if self.bug == Bug::MisroutesQueue && p.queue == 1 { Packet { queue: 2, ..p } } else { p })
    }
    fn deliver(&mut self, mem: &HostMemory, mut pkt: Packet) -> bool {
        self.delivered += 1;
        match self.bug {
            Bug::FlipsDataBit if self.delivered.is_multiple_of(8) => pkt.data ^= 1,
            Bug::DropsPackets if self.delivered.is_multiple_of(16) => return true,
            Bug::RefusesSometimes if self.delivered % 2 == 1 => return false,
            _ => {}
        }
        self.inner.deliver(mem, pkt)
    }
    fn irq(&mut self) -> bool {
        self.bug != Bug::IrqStuckLow && self.inner.irq()
    }
}

/// Each broken model is told apart from the Verilator engine (and so from the RTL it equals)
/// within the first traces: the comparison is not blind to any of these divergences.
#[test]
fn broken_models_are_caught() {
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let caught: Vec<(Bug, Option<String>)> = BUGS
        .iter()
        .map(|&bug| {
            let broken = || -> Box<dyn CardEngine> { Box::new(Broken { inner: PaperModel::new(), bug, delivered: 0 }) };
            let verdict = std::panic::catch_unwind(|| compare(50, &broken, verilator));
            let why = verdict.err().map(|e| {
                let text = e.downcast_ref::<String>().cloned();
                text.or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()
            });
            (bug, why)
        })
        .collect();
    std::panic::set_hook(quiet);
    for (bug, why) in &caught {
        eprintln!("{bug:?}: {}", why.as_deref().unwrap_or("NOT CAUGHT"));
    }
    let missed: Vec<Bug> = caught.iter().filter(|(_, why)| why.is_none()).map(|(b, _)| *b).collect();
    assert!(missed.is_empty(), "broken models that passed the differential test: {missed:?}");
}

/// 5 cycles per enqueue with a memory that answers at once; 5 + 4·L when it waits L cycles.
fn enqueue_takes_five_cycles<E: CardEngine>(make: impl Fn(u32) -> E) {
    let mut e = make(0);
    let mem = HostMemory::create(MEM_BYTES).unwrap();
    e.csr_write(regs::NODE_ID, 1);
    e.csr_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE);
    e.csr_write(regs::export_entry(0), export_value(0x2000, 4));
    mem.store_u64(0x2008, 3, Relaxed);
    mem.store_u64(0x2010, 3, Relaxed);
    let c0 = e.cycles().expect("a cycle engine");
    assert!(e.deliver(&mem, Packet::enqueue(0, 1, 0, 9)));
    assert_eq!(e.cycles().unwrap() - c0, 5);
    assert_eq!(mem.load_u64(0x2018, Relaxed), 9);
    assert_eq!(mem.load_u64(0x2008, Relaxed), 4);
    assert_eq!(e.csr_read(regs::CNT_ENQUEUED), 1);
    // With a memory that answers 2 cycles late, each of the 4 memory steps waits 2 cycles.
    let mut e = make(2);
    e.csr_write(regs::NODE_ID, 1);
    e.csr_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE);
    e.csr_write(regs::export_entry(0), export_value(0x2000, 4));
    let c0 = e.cycles().expect("a cycle engine");
    assert!(e.deliver(&mem, Packet::enqueue(0, 1, 0, 10)));
    assert_eq!(e.cycles().unwrap() - c0, 5 + 4 * 2);
    assert_eq!(mem.load_u64(0x2020, Relaxed), 10);
}

#[test]
fn rtl_enqueue_takes_five_cycles() {
    enqueue_takes_five_cycles(|l| PaperRtlEngine::new().with_mem_latency(l));
}

#[test]
fn verilator_enqueue_takes_five_cycles() {
    enqueue_takes_five_cycles(|l| PaperVerilatorEngine::new().expect("Verilator engine").with_mem_latency(l));
}
