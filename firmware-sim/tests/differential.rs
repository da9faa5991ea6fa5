//! The card's three engines through the simulator's `CardEngine` trait — the model (`Model`), the
//! RustHDL whole card (`RtlEngine`) and the Verilator model of `renq_top.v`
//! (`VerilatorEngine`) — on the same seeded random traces, each with its own host memory:
//! every register read, every packet a store emits, every BAR2 load, every `deliver` answer
//! (taken or left on the link), every OUTCOME (the model's Accepted{n} expanded to n), the
//! interrupt line after every step, and every word of the exported buffers must be identical.
//! The cycle engines run with reads answered at once and at a PCIe-like latency (60 cycles).
//! Where `card_rtl_differential` checks the RTL card under random port timing, this checks the
//! cycle engines the clusters, card processes and QEMU devices run (their transactions, their
//! memory, their quiet detection) — and that the Verilator build of the Verilog equals both.
#![cfg(all(feature = "rtl", feature = "verilator"))]

use std::sync::Arc;

use renq_abi::buffer::{bytes, fresh_header, words, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry, IRQ_ALL};
use renq_abi::packet::{Kind, Outcome, Packet};
use renq_abi::portal::{page_offset, Entry, RETRY_OFFSET, WINDOW_BYTES};
use renq_abi::regs::{self as r, bits, command, REGISTERS};
use renq_abi::{CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME, CMD_SPARE, DMA_ADDR_MASK};
use renq_hdl::harness::Rng;
use renq_sim::engine::model::Model;
use renq_sim::engine::rtl::{RtlEngine, VerilatorEngine};
use renq_sim::engine::CardEngine;
use renq_sim::HostMemory;

const NODE: u16 = 9;
const PEER: u16 = 900;
const MEM_BYTES: usize = 1 << 20;

struct Side {
    name: &'static str,
    engine: Box<dyn CardEngine>,
    mem: Arc<HostMemory>,
}

impl Side {
    fn new(name: &'static str, mut engine: Box<dyn CardEngine>) -> Side {
        let mem = Arc::new(HostMemory::create(MEM_BYTES).expect("host memory"));
        engine.attach_memory(&mem);
        Side { name, engine, mem }
    }

    /// OUTCOMEs sent since the last call, acceptances one per item.
    fn replies(&mut self) -> Vec<Packet> {
        let mut raw = Vec::new();
        self.engine.take_replies(&mut raw);
        let mut out = Vec::new();
        for p in raw {
            match Outcome::decode(p.data) {
                Some(Outcome::Accepted { count }) => {
                    out.extend((0..count).map(|_| Packet { data: Outcome::Accepted { count: 1 }.encode(), ..p }))
                }
                _ => out.push(p),
            }
        }
        out
    }
}

/// The engines, run in lock step: each operation on all, results compared with the first's.
struct Engines {
    sides: Vec<Side>,
    /// Exported buffers: (queue, base, log2).
    buffers: Vec<(u16, u64, u32)>,
    /// Buffers posted as spares (the card may have switched into them): compared too.
    posted: Vec<(u16, u64, u32)>,
    /// The epoch each queue last reported in an OUTCOME (what a sender would use).
    epochs: Vec<u8>,
    /// Compared: register reads, loads, packets sent (ENQUEUE and OUTCOME), deliveries, buffer words.
    counts: [u64; 5],
}

impl Engines {
    fn all<T: PartialEq + std::fmt::Debug>(&mut self, what: &str, mut op: impl FnMut(&mut Side) -> T) -> T {
        let mut results: Vec<T> = self.sides.iter_mut().map(&mut op).collect();
        let first = results.remove(0);
        for (side, got) in self.sides[1..].iter().zip(results) {
            assert_eq!(got, first, "{what}: {} differs from {}", side.name, self.sides[0].name);
        }
        let irqs: Vec<bool> = self.sides.iter_mut().map(|s| s.engine.irq()).collect();
        assert!(irqs.iter().all(|&i| i == irqs[0]), "{what}: interrupt lines differ: {irqs:?}");
        let replies: Vec<Vec<Packet>> = self.sides.iter_mut().map(Side::replies).collect();
        for (side, got) in self.sides[1..].iter().zip(&replies[1..]) {
            assert_eq!(got, &replies[0], "{what}: OUTCOMEs of {} differ from {}", side.name, self.sides[0].name);
        }
        for p in &replies[0] {
            self.epochs[p.queue as usize] = p.epoch;
        }
        self.counts[2] += replies[0].len() as u64;
        first
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        self.all("BAR0 write", |s| s.engine.csr_write(offset, value));
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        let name = REGISTERS.iter().find(|d| d.offset == offset).map_or("?", |d| d.name);
        self.counts[0] += 1;
        self.all(&format!("register {name}"), |s| s.engine.csr_read(offset))
    }

    fn command(&mut self, kind: u64, queue: u16, arg: u64) {
        self.csr_write(r::CMD_ARG, arg);
        self.csr_write(r::CMD, command(kind, queue));
        // Each engine finishes its command within the write's transaction.
        assert_eq!(self.csr_read(r::STATUS) & 1 << bits::STATUS_CMD_PENDING, 0, "a command still pending");
    }

    fn mem_write(&mut self, addr: u64, value: u64) {
        for s in &self.sides {
            s.mem.dma_write(addr, value);
        }
    }

    fn mem_read(&self, addr: u64) -> u64 {
        self.sides[0].mem.dma_read(addr)
    }

    /// A fresh buffer's header, as the driver writes it before EXPORT or SPARE names it.
    fn header(&mut self, base: u64, log2: u32) {
        for (off, v) in fresh_header(log2) {
            self.mem_write(base + off, v);
        }
    }

    fn export(&mut self, queue: u16, base: u64, log2: u32) {
        self.header(base, log2);
        self.buffers.retain(|b| b.0 != queue);
        self.buffers.push((queue, base, log2));
        self.command(CMD_EXPORT, queue, ExportEntry::new(base, log2).0);
    }

    fn store(&mut self, offset: u64, data: u64, strobe: u8) -> Option<Packet> {
        let sent = self.all(&format!("BAR2 store at {offset:#x}"), |s| s.engine.shadow_write(offset, data, strobe));
        self.counts[2] += sent.is_some() as u64;
        sent
    }

    fn load(&mut self, offset: u64) {
        self.counts[1] += 1;
        self.all(&format!("BAR2 load at {offset:#x}"), |s| s.engine.shadow_read(offset));
    }

    fn deliver(&mut self, p: Packet) -> bool {
        self.counts[3] += 1;
        self.all(&format!("deliver {p:?}"), |s| s.engine.deliver(&s.mem, p))
    }

    /// Every word of every exported buffer.
    fn compare_buffers(&mut self) {
        for &(q, base, log2) in self.buffers.iter().chain(&self.posted) {
            for w in 0..words(log2) {
                let addr = base + 8 * w;
                let want = self.sides[0].mem.dma_read(addr);
                for s in &self.sides[1..] {
                    assert_eq!(s.mem.dma_read(addr), want, "queue {q} word {w} at {addr:#x}: {}", s.name);
                }
                self.counts[4] += 1;
            }
        }
    }

    fn read_all(&mut self) {
        for d in REGISTERS {
            self.csr_read(d.offset);
        }
    }
}

fn run(seed: u64, mem_latency: u32, rounds: u32) {
    let mut rng = Rng(seed);
    let sides = vec![
        Side::new("model", Box::new(Model::new().without_stall_notices().with_rtl_spares())),
        Side::new("rtl", Box::new(RtlEngine::new().with_mem_latency(mem_latency))),
        Side::new(
            "verilator",
            Box::new(
                VerilatorEngine::new().expect("Verilator engine (bash scripts/setup)").with_mem_latency(mem_latency),
            ),
        ),
    ];
    let mut e = Engines { sides, buffers: Vec::new(), posted: Vec::new(), epochs: vec![0; 1 << 12], counts: [0; 5] };
    e.csr_write(r::NODE_ID, NODE as u64);
    e.csr_write(r::CONTROL, Control::new(true, true).0);
    e.csr_write(r::IRQ_MASK, IRQ_ALL);
    e.read_all();
    // Queues: small ones overflow often; 4095 is the build's last; 9 is never exported.
    let queues = [0u16, 6, 700, 4095];
    let mut next_base = 0x1_0000u64;
    for (i, &q) in queues.iter().enumerate() {
        e.export(q, next_base, 3 + i as u32);
        next_base += 0x1000;
    }
    // Portals: to this node's own queues (the test loops ENQUEUEs back), to a peer's queue
    // (their packets only compared), and 2 never granted.
    let portals = [(0u16, NODE, 0u16), (1, NODE, 6), (4095, NODE, 700), (77, PEER, 3)];
    for &(portal, node, queue) in &portals {
        e.csr_write(r::PORTAL_SEL, portal as u64);
        e.csr_write(r::PORTAL, Entry::new(node, queue).0);
        e.csr_read(r::PORTAL);
    }
    for round in 0..rounds {
        // Stores through the portals; what they send is delivered back (to this node) in order.
        let mut looped = Vec::new();
        for _ in 0..rng.below(12) {
            let (portal, ..) = if rng.chance(92) { portals[rng.below(4) as usize] } else { (2, 0, 0) };
            let (in_page, strobe) = match rng.below(14) {
                0 => (RETRY_OFFSET, 0xff),
                1 => (8 * rng.below(511) + 4, 0xff),
                2 => (8 * rng.below(511), 0x0f),
                _ => (8 * rng.below(511), 0xff),
            };
            let offset = if rng.chance(2) { WINDOW_BYTES + in_page } else { page_offset(portal) + in_page };
            let sent = e.store(offset, rng.next_u64(), strobe);
            looped.extend(sent.filter(|p| p.dst == NODE));
            if rng.chance(20) {
                e.load(page_offset(portals[rng.below(4) as usize].0) + 8 * rng.below(512));
            }
        }
        for p in looped {
            assert!(e.deliver(p), "RX is on: the packet is taken");
        }
        // Packets from a peer: known and unknown queues, stale epochs, another node's.
        for _ in 0..rng.below(16) {
            let queue = match rng.below(10) {
                0 => 9,
                1 => rng.below(1 << 12) as u16,
                _ => queues[rng.below(4) as usize],
            };
            let epoch = if rng.chance(85) { e.epochs[queue as usize] } else { rng.below(4) as u8 };
            let dst = if rng.chance(95) { NODE } else { NODE + 1 };
            let data = rng.next_u64() | 1;
            e.deliver(Packet { src: PEER, dst, queue, portal: rng.below(6) as u16, epoch, kind: Kind::Enqueue, data });
        }
        // OUTCOMEs for this card's portals from the peer: every code, meaningless words.
        for _ in 0..rng.below(4) {
            let portal = portals[rng.below(4) as usize].0;
            let data = match rng.below(6) {
                0 => Outcome::Refused.encode(),
                1 => Outcome::Rejected.encode(),
                2 => rng.next_u64(),
                _ => Outcome::Accepted { count: 1 + rng.below(3) as u32 }.encode(),
            };
            let dst = if rng.chance(90) { NODE } else { NODE + 2 };
            e.deliver(Packet {
                src: PEER,
                dst,
                queue: 3,
                portal,
                epoch: rng.below(8) as u8,
                kind: Kind::Outcome,
                data,
            });
        }
        // The driver and the consumer.
        for _ in 0..rng.below(4) {
            let q = queues[rng.below(4) as usize];
            let &(_, base, log2) = e.buffers.iter().find(|b| b.0 == q).expect("exported");
            match rng.below(12) {
                0 | 1 => {
                    let tail = e.mem_read(base + 8 * TAIL_WORD);
                    let head = if rng.chance(60) { tail } else { rng.below(words(log2)) };
                    e.mem_write(base + 8 * HEAD_WORD, head);
                }
                2 => e.command(CMD_RESUME, q, 0),
                3 => {
                    let head = e.mem_read(base + 8 * HEAD_WORD);
                    // The doorbell names its buffer (spec §9c): one of another buffer frees nothing.
                    let index = if rng.chance(80) { head } else { rng.below(1 << 16) };
                    e.command(
                        CMD_HEAD,
                        q,
                        renq_abi::head_doorbell_arg(renq_abi::buffer::aligned_base(base, log2), index),
                    );
                }
                4 => {
                    let tail = e.mem_read(base + 8 * TAIL_WORD);
                    let seen = if rng.chance(70) { tail } else { rng.below(64) };
                    // Named by its buffer, now and then by another (notified at once).
                    let named = if rng.chance(90) { renq_abi::buffer::aligned_base(base, log2) } else { 0x40 };
                    e.command(CMD_ARM, q, renq_abi::head_doorbell_arg(named, seen));
                }
                5 => {
                    e.command(CMD_QUERY, q, 0);
                    e.csr_read(r::QUERY);
                }
                6 => {
                    e.export(q, next_base, log2);
                    next_base += 0x1000;
                }
                7 => {
                    // RX off for a while: packets stay on the link (deliver answers false).
                    e.csr_write(r::CONTROL, Control::new(false, true).0);
                    let p =
                        Packet { src: PEER, dst: NODE, queue: q, portal: 1, epoch: 0, kind: Kind::Enqueue, data: 5 };
                    assert!(!e.deliver(p), "RX is off");
                    e.csr_write(r::CONTROL, Control::new(true, true).0);
                }
                8 => e.csr_write(r::OVERFLOW_POP, rng.below(4)),
                9 | 10 => {
                    // A spare or a run of them (spec §9c), headers first; now and then VALID 0
                    // (taken back), a bad size or a run past the address space (refused,
                    // counted). The RTL holds one run waiting: one posted while another waits is
                    // refused, by both.
                    let count = if rng.chance(40) { 2 + rng.below(3) as u32 } else { 1 };
                    let mut word = ExportEntry::spare_run(next_base, log2, count).0;
                    match rng.below(10) {
                        0 => word = 0,
                        1 => word = ExportEntry::spare_run(DMA_ADDR_MASK + 1 - bytes(log2), log2, 2).0,
                        2 => word = ExportEntry::new(next_base, 2).0,
                        _ => {
                            for i in 0..count as u64 {
                                let base = next_base + i * bytes(log2);
                                e.header(base, log2);
                                e.posted.push((q, base, log2));
                            }
                        }
                    }
                    e.command(CMD_SPARE, q, word);
                    next_base += 0x1000;
                }
                _ => e.csr_write(r::IRQ_STATUS, rng.below(8)),
            }
        }
        assert!(next_base < MEM_BYTES as u64, "the test ran out of buffer space");
        e.compare_buffers();
        if round % 8 == 7 {
            e.read_all();
        }
    }
    e.read_all();
    let [regs, loads, packets, deliveries, buffer_words] = e.counts;
    let enqueued = e.sides[0].engine.csr_read(r::CNT_ENQUEUED);
    let overflows = e.sides[0].engine.csr_read(r::CNT_OVERFLOWS);
    let switches = e.sides[0].engine.csr_read(r::CNT_SWITCHES);
    let refused = e.sides[0].engine.csr_read(r::CNT_REFUSED);
    let cycles = e.sides[1].engine.cycles().unwrap_or(0);
    eprintln!(
        "seed {seed:#x}, latency {mem_latency}: {regs} registers, {loads} loads, {packets} packets sent, {deliveries} deliveries, \
         {buffer_words} buffer words compared; enqueued {enqueued}, {overflows} overflows, {switches} switches, {refused} refused; {cycles} cycles"
    );
    assert!(enqueued > 100 && overflows > 3 && refused > 10 && switches > 3, "the traces exercised too little");
}

#[test]
fn engines_agree_with_memory_answering_at_once() {
    run(0x5eed_0001, 0, 90);
}

#[test]
fn engines_agree_at_pcie_like_memory_latency() {
    run(0x5eed_0002, 60, 120);
}
