//! The card as a whole in RustHDL (`renq_hdl::top::Top`, spec §6b) against the model
//! (`Model`, spec §6a/§7c/§8b) on the same stimulus: BAR0 accesses (NODE_ID, CONTROL, IRQ,
//! commands, OVERFLOW_POP, PORTAL_SEL/PORTAL), BAR2 stores and loads, ENQUEUE and OUTCOME
//! packets from the link, and the consumer's HEAD words in host memory. Compared: every packet
//! the card sends on either channel (the model's coalesced acceptances expanded to one per
//! item), every register and BAR2 load, and the queues' buffers in host memory. The RTL runs
//! with random memory latency and write acceptance and random link stalls; the stimulus is
//! applied in rounds and compared once the card is idle, because the model decides at once what
//! the RTL decides some cycles later (commands and HEAD words only change between rounds).
#![cfg(feature = "rtl")]

use std::sync::Arc;

use renq_abi::buffer::{bytes, fresh_header, words, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry};
use renq_abi::packet::{Kind, Outcome, Packet};
use renq_abi::portal::{page_offset, Entry, RETRY_OFFSET};
use renq_abi::regs::{self as r, bits, command, REGISTERS};
use renq_abi::{
    CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME, CMD_SPARE, ECP5_PORTAL_BITS, ECP5_QUEUE_RAM_BITS,
};
use renq_hdl::bench::{Channel, ChannelLinks, Cluster};
use renq_hdl::harness::engine::{RxPacket, SplitMemory};
use renq_hdl::harness::{Flow, Rng, WaitStates};
use renq_hdl::top::Top;
use renq_sim::engine::model::Model;
use renq_sim::engine::CardEngine;
use renq_sim::HostMemory;

const QA: usize = ECP5_QUEUE_RAM_BITS as usize;
const PA: usize = ECP5_PORTAL_BITS as usize;
const NODE: u16 = 3;
const PEER: u16 = 7;
const MEM_BYTES: usize = 1 << 20;

struct Pair {
    model: Model,
    mem: Arc<HostMemory>,
    rtl: Cluster<Top<QA, PA>, ChannelLinks>,
    /// What the model sent, not yet compared: ENQUEUEs, and OUTCOMEs one per item.
    enqueues: Vec<Packet>,
    outcomes: Vec<Packet>,
    /// How much of the RTL's trace is compared.
    seen: usize,
    /// Exported buffers: (queue, base, log2).
    buffers: Vec<(u16, u64, u32)>,
    /// The epoch each queue last reported in an OUTCOME (what a sender would use).
    epochs: [u8; 1 << 12],
    counts: [u64; 6], // enqueues, outcomes, register reads, loads, memory words, rounds
}

fn to_packet(p: &RxPacket, kind: Kind) -> Packet {
    Packet { src: p.src, dst: p.dst, queue: p.queue, portal: p.portal, epoch: p.epoch, kind, data: p.data }
}

fn to_rx_packet(p: &Packet) -> RxPacket {
    RxPacket { src: p.src, dst: p.dst, queue: p.queue, portal: p.portal, epoch: p.epoch, data: p.data }
}

impl Pair {
    fn new(seed: u64) -> Pair {
        let mut rng = Rng(seed);
        let rtl = Cluster::new(
            &[NODE],
            || {
                SplitMemory::new(
                    WaitStates::Random { rng: Rng(rng.next_u64() | 1), max: 15 },
                    Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 65 },
                    Flow::Random { rng: Rng(rng.next_u64() | 1), percent: 80 },
                )
            },
            ChannelLinks::new(
                1,
                3,
                Flow::Random { rng: Rng(seed ^ 0x77), percent: 60 },
                Flow::Random { rng: Rng(seed ^ 0x78), percent: 70 },
            ),
        );
        // The model's memory attached, so a command's writes (a SPARE's at-once LINK) land at
        // once, as the RTL's do, not with the next packet.
        let mem = Arc::new(HostMemory::create(MEM_BYTES).expect("host memory"));
        let mut model = Model::new().without_stall_notices().with_rtl_spares();
        model.attach_memory(&mem);
        Pair {
            model,
            mem,
            rtl,
            enqueues: Vec::new(),
            outcomes: Vec::new(),
            seen: 0,
            buffers: Vec::new(),
            epochs: [0; 1 << 12],
            counts: [0; 6],
        }
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        self.model.csr_write(offset, value);
        self.rtl.csr_write(0, offset, value);
    }

    fn csr_read(&mut self, offset: u64) {
        let want = self.model.csr_read(offset);
        let got = self.rtl.csr_read(0, offset);
        let name = REGISTERS.iter().find(|d| d.offset == offset).map_or("?", |d| d.name);
        assert_eq!(got, want, "register {name} ({offset:#x}): RTL {got:#x}, model {want:#x}");
        self.counts[2] += 1;
    }

    fn take_replies(&mut self) {
        let mut replies = Vec::new();
        self.model.take_replies(&mut replies);
        for p in replies {
            if let Some(Outcome::Accepted { count }) = Outcome::decode(p.data) {
                for _ in 0..count {
                    self.outcomes.push(Packet { data: Outcome::Accepted { count: 1 }.encode(), ..p });
                }
            } else {
                self.outcomes.push(p);
            }
            self.epochs[p.queue as usize] = p.epoch;
        }
    }

    fn command(&mut self, kind: u64, queue: u16, arg: u64) {
        self.csr_write(r::CMD_ARG, arg);
        self.csr_write(r::CMD, command(kind, queue));
        while self.rtl.csr_read(0, r::STATUS) & 1 << bits::STATUS_CMD_PENDING != 0 {}
        // The model carries a command out at once; the RTL's may leave posted writes and an
        // ARM's NOTIFY behind it: let them land before the next register access (an
        // IRQ_STATUS write would race the NOTIFY).
        self.rtl.settle_all();
        self.take_replies();
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

    fn mem_write(&mut self, addr: u64, value: u64) {
        self.mem.dma_write(addr, value);
        self.rtl.cards[0].mem.store(addr, value);
    }

    fn store(&mut self, offset: u64, data: u64, strobe: u8) {
        if let Some(p) = self.model.shadow_write(offset, data, strobe) {
            self.enqueues.push(p);
        }
        self.rtl.b2_store(0, offset, data, strobe);
    }

    fn load(&mut self, offset: u64) {
        let want = self.model.shadow_read(offset);
        let got = self.rtl.b2_load(0, offset);
        assert_eq!(got, want, "BAR2 load at {offset:#x}");
        self.counts[3] += 1;
    }

    fn deliver(&mut self, p: Packet) {
        assert!(self.model.deliver(&self.mem, p), "RX is on in this test");
        self.take_replies();
        let ch = if p.kind == Kind::Enqueue { Channel::Enqueue } else { Channel::Outcome };
        self.rtl.net.inject(0, ch, to_rx_packet(&p));
    }

    /// Let the RTL finish; compare what it sent and the buffers.
    fn settle(&mut self) {
        self.rtl.settle_all();
        self.counts[5] += 1;
        let sent = &self.rtl.net.sent[self.seen..];
        let enq: Vec<Packet> =
            sent.iter().filter(|s| s.1 == Channel::Enqueue).map(|s| to_packet(&s.2, Kind::Enqueue)).collect();
        let out: Vec<Packet> =
            sent.iter().filter(|s| s.1 == Channel::Outcome).map(|s| to_packet(&s.2, Kind::Outcome)).collect();
        self.seen = self.rtl.net.sent.len();
        assert_eq!(enq, self.enqueues, "ENQUEUE packets sent");
        // The engine decides each queue's packets in order, but a packet parked for a HEAD
        // read lets other queues' packets pass (spec §6a RD1): OUTCOMEs are in order per queue
        // (so per portal), which is the order a sender relies on.
        assert_eq!(out.len(), self.outcomes.len(), "OUTCOME packets sent");
        for q in 0..1u16 << 12 {
            let of = |v: &[Packet]| v.iter().filter(|p| p.queue == q).copied().collect::<Vec<_>>();
            assert_eq!(of(&out), of(&self.outcomes), "OUTCOME packets about queue {q}");
        }
        self.counts[0] += enq.len() as u64;
        self.counts[1] += out.len() as u64;
        self.enqueues.clear();
        self.outcomes.clear();
        for &(q, base, log2) in &self.buffers {
            for w in 0..words(log2) {
                let addr = base + 8 * w;
                let (want, got) = (self.mem.dma_read(addr), self.rtl.cards[0].mem.load(addr));
                assert_eq!(got, want, "queue {q} word {w} at {addr:#x}");
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

/// Every register, packet, load and buffer word of the RTL card equals the model's.
#[test]
fn the_rtl_card_matches_the_model() {
    let mut rng = Rng(0x70b2_d1ff);
    let mut p = Pair::new(0x70b2_0d1f);
    p.csr_write(r::NODE_ID, NODE as u64);
    p.csr_write(r::CONTROL, Control::new(true, true).0);
    p.csr_write(r::IRQ_MASK, renq_abi::csr::IRQ_ALL);
    p.read_all();
    // Queues: small ones overflow often; 4095 is the build's last; 9 is never exported.
    let queues = [0u16, 5, 300, 4095];
    let mut next_base = 0x1_0000u64;
    for (i, &q) in queues.iter().enumerate() {
        p.export(q, next_base, 3 + i as u32);
        next_base += 0x1000;
    }
    // Portals: to the peer's queues (ENQUEUEs leave on the link), one never granted (2).
    let portals = [0u16, 1, 4095, 77];
    for (i, &portal) in portals.iter().enumerate() {
        p.csr_write(r::PORTAL_SEL, portal as u64);
        p.csr_write(r::PORTAL, Entry::new(PEER, 10 + i as u16).0);
        p.csr_read(r::PORTAL);
    }
    for round in 0..160 {
        // A burst from the link into this card's queues, and the sender side meanwhile.
        for _ in 0..rng.below(24) {
            let queue = match rng.below(10) {
                0 => 9,
                1 => rng.below(1 << 12) as u16,
                _ => queues[rng.below(4) as usize],
            };
            let epoch = if rng.chance(85) { p.epochs[queue as usize] } else { rng.below(4) as u8 };
            let dst = if rng.chance(95) { NODE } else { NODE + 1 };
            let data = rng.next_u64() | 1;
            let portal = rng.below(6) as u16;
            p.deliver(Packet { src: PEER + rng.below(2) as u16, dst, queue, portal, epoch, kind: Kind::Enqueue, data });
        }
        for _ in 0..rng.below(10) {
            let portal = if rng.chance(90) { portals[rng.below(4) as usize] } else { 2 };
            let (in_page, strobe) = match rng.below(12) {
                0 => (RETRY_OFFSET, 0xff),
                1 => (8 * rng.below(511) + 4, 0xff),
                2 => (8 * rng.below(511), 0x0f),
                _ => (8 * rng.below(511), 0xff),
            };
            p.store(page_offset(portal) + in_page, rng.next_u64(), strobe);
            if rng.chance(20) {
                p.load(page_offset(portal) + 8 * rng.below(512));
            }
        }
        p.settle();
        // Outcomes for this card's portals, alone (they and the stores meet in one table).
        if rng.chance(50) {
            for _ in 0..rng.below(8) {
                let portal = portals[rng.below(4) as usize];
                let data = match rng.below(6) {
                    0 => Outcome::Refused.encode(),
                    1 => Outcome::Rejected.encode(),
                    2 => rng.next_u64(),
                    _ => Outcome::Accepted { count: 1 + rng.below(3) as u32 }.encode(),
                };
                let dst = if rng.chance(90) { NODE } else { NODE + 2 };
                let epoch = rng.below(8) as u8;
                p.deliver(Packet { src: PEER, dst, queue: 10, portal, epoch, kind: Kind::Outcome, data });
            }
            p.settle();
        }
        // The driver and the consumer, with the card idle.
        for _ in 0..rng.below(4) {
            let q = queues[rng.below(4) as usize];
            let &(_, base, log2) = p.buffers.iter().find(|b| b.0 == q).expect("exported");
            match rng.below(11) {
                0 | 1 => {
                    // The consumer read everything (or a random amount): HEAD in memory.
                    let tail = p.mem.dma_read(base + 8 * TAIL_WORD);
                    let head = if rng.chance(60) { tail } else { rng.below(words(log2)) };
                    p.mem_write(base + 8 * HEAD_WORD, head);
                }
                2 => p.command(CMD_RESUME, q, 0),
                3 => {
                    let head = p.mem.dma_read(base + 8 * HEAD_WORD);
                    // The doorbell names its buffer (spec §9c): one of another buffer frees nothing.
                    let index = if rng.chance(80) { head } else { rng.below(1 << 16) };
                    p.command(
                        CMD_HEAD,
                        q,
                        renq_abi::head_doorbell_arg(renq_abi::buffer::aligned_base(base, log2), index),
                    );
                }
                4 => {
                    let tail = p.mem.dma_read(base + 8 * TAIL_WORD);
                    let seen = if rng.chance(70) { tail } else { rng.below(64) };
                    // Named by its buffer, now and then by another (notified at once).
                    let named = if rng.chance(90) { renq_abi::buffer::aligned_base(base, log2) } else { 0x40 };
                    p.command(CMD_ARM, q, renq_abi::head_doorbell_arg(named, seen));
                }
                5 => {
                    p.command(CMD_QUERY, q, 0);
                    p.csr_read(r::QUERY);
                }
                6 => {
                    // The O(1) extension: a fresh buffer (or, rarely, an unexport).
                    if rng.chance(90) {
                        p.export(q, next_base, log2);
                        next_base += 0x1000;
                    } else {
                        p.command(CMD_EXPORT, q, 0);
                        p.export(q, next_base, log2);
                        next_base += 0x1000;
                    }
                }
                7 => p.csr_write(r::OVERFLOW_POP, rng.below(4)),
                9 | 10 => {
                    // A spare or a run of them (spec §9c), headers first; now and then VALID 0
                    // (taken back) or a run past the address space (refused, counted).
                    let count = if rng.chance(40) { 2 + rng.below(3) as u32 } else { 1 };
                    let word = match rng.below(10) {
                        0 => 0,
                        1 => ExportEntry::spare_run(renq_abi::DMA_ADDR_MASK + 1 - bytes(log2), log2, 2).0,
                        _ => {
                            for i in 0..count as u64 {
                                let base = next_base + i * bytes(log2);
                                p.header(base, log2);
                                p.buffers.push((q, base, log2)); // compared too
                            }
                            ExportEntry::spare_run(next_base, log2, count).0
                        }
                    };
                    p.command(CMD_SPARE, q, word);
                    next_base += 0x1000;
                }
                _ => p.csr_write(r::IRQ_STATUS, rng.below(8)),
            }
        }
        assert!(next_base < MEM_BYTES as u64);
        p.settle();
        if round % 4 == 3 {
            p.read_all();
        }
        if round % 10 == 9 {
            for portal in portals {
                p.load(page_offset(portal));
            }
        }
    }
    p.read_all();
    let [enq, out, regs, loads, words_cmp, rounds] = p.counts;
    eprintln!(
        "ENQUEUEs {enq}, OUTCOMEs {out}, registers {regs}, loads {loads}, buffer words {words_cmp}, {rounds} settles, {} cycles",
        p.rtl.cycle
    );
    let cnt = |p: &mut Pair, c| p.model.csr_read(c);
    let (overflows, refused, enqueued, switches) = (
        cnt(&mut p, r::CNT_OVERFLOWS),
        cnt(&mut p, r::CNT_REFUSED),
        cnt(&mut p, r::CNT_ENQUEUED),
        cnt(&mut p, r::CNT_SWITCHES),
    );
    eprintln!("model counters: enqueued {enqueued}, overflows {overflows}, refused {refused}, switches {switches}");
    assert!(
        enq > 200 && out > 600 && overflows > 3 && refused > 20 && switches > 2,
        "the stimulus exercised too little"
    );
}
