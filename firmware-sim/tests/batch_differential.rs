//! Link packets offered in batches (`CardEngine::deliver_batch`: the cycle engines offer each
//! packet the cycle after the card took the one before, back to back) and one at a time
//! (`deliver`: the card quiet in between) come to the same thing. The model takes them one at a
//! time; the RustHDL and Verilator engines take the same seeded random batches — ENQUEUEs to
//! exported and unknown queues, stale epochs, other nodes', OUTCOMEs of every code — and the
//! Verilator engine takes them one at a time too. Compared after every batch: how many each
//! took, every OUTCOME (the model's Accepted{n} expanded to n) in order per queue, the
//! interrupt line, every word of the exported buffers, the queues in the OVERFLOW FIFO (drained;
//! as a set: queues stall in the order the pipeline decides them, see `replies`); every register
//! now and then. Between batches the driver and the consumer act (HEAD words, RESUME,
//! re-export, RX off for a batch).
#![cfg(all(feature = "rtl", feature = "verilator"))]

use std::sync::Arc;

use renq_abi::buffer::{fresh_header, words, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry, IRQ_ALL};
use renq_abi::packet::{Kind, Outcome, Packet};
use renq_abi::portal::Entry;
use renq_abi::regs::{self as r, bits, command, REGISTERS};
use renq_abi::{CMD_EXPORT, CMD_RESUME};
use renq_hdl::harness::Rng;
use renq_sim::engine::model::Model;
use renq_sim::engine::rtl::{RtlEngine, VerilatorEngine};
use renq_sim::engine::CardEngine;
use renq_sim::HostMemory;

const NODE: u16 = 4;
const PEER: u16 = 300;
const MEM_BYTES: usize = 1 << 20;
const QUEUES: [u16; 3] = [0, 5, 4095];

struct Side {
    name: &'static str,
    engine: Box<dyn CardEngine>,
    mem: Arc<HostMemory>,
    /// Offered its packets in batches (else one at a time).
    batched: bool,
}

impl Side {
    fn new(name: &'static str, mut engine: Box<dyn CardEngine>, batched: bool) -> Side {
        let mem = Arc::new(HostMemory::create(MEM_BYTES).expect("host memory"));
        engine.attach_memory(&mem);
        Side { name, engine, mem, batched }
    }

    fn deliver(&mut self, pkts: &[Packet]) -> usize {
        if self.batched {
            self.engine.deliver_batch(&self.mem, pkts)
        } else {
            pkts.iter().take_while(|p| self.engine.deliver(&self.mem, **p)).count()
        }
    }

    /// OUTCOMEs sent since the last call, acceptances one per item, in order per queue: a
    /// batch's packets to different queues overlap in the card's pipeline (one may wait for a
    /// HEAD read while the next passes it), so their OUTCOMEs may interleave differently; a
    /// queue's keep their order.
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
        out.sort_by_key(|p| p.queue); // stable
        out
    }
}

/// Every side does `op`; the results must be the first side's.
fn all<T: PartialEq + std::fmt::Debug>(sides: &mut [Side], what: &str, mut op: impl FnMut(&mut Side) -> T) -> T {
    let mut results: Vec<T> = sides.iter_mut().map(&mut op).collect();
    let first = results.remove(0);
    for (side, got) in sides[1..].iter().zip(results) {
        assert_eq!(got, first, "{what}: {} differs from {}", side.name, sides[0].name);
    }
    first
}

fn csr_read(sides: &mut [Side], offset: u64) -> u64 {
    let name = REGISTERS.iter().find(|d| d.offset == offset).map_or("?", |d| d.name);
    all(sides, &format!("register {name}"), |s| s.engine.csr_read(offset))
}

fn csr_write(sides: &mut [Side], offset: u64, value: u64) {
    all(sides, "BAR0 write", |s| s.engine.csr_write(offset, value));
}

fn command_(sides: &mut [Side], kind: u64, queue: u16, arg: u64) {
    csr_write(sides, r::CMD_ARG, arg);
    csr_write(sides, r::CMD, command(kind, queue));
}

fn export(sides: &mut [Side], buffers: &mut Vec<(u16, u64, u32)>, queue: u16, base: u64, log2: u32) {
    for s in sides.iter() {
        for (off, v) in fresh_header(log2) {
            s.mem.dma_write(base + off, v);
        }
    }
    buffers.retain(|b| b.0 != queue);
    buffers.push((queue, base, log2));
    command_(sides, CMD_EXPORT, queue, ExportEntry::new(base, log2).0);
}

fn packet(rng: &mut Rng, epochs: &[u8]) -> Packet {
    if rng.chance(15) {
        let data = match rng.below(5) {
            0 => Outcome::Refused.encode(),
            1 => Outcome::Rejected.encode(),
            2 => rng.next_u64(),
            _ => Outcome::Accepted { count: 1 + rng.below(2) as u32 }.encode(),
        };
        let portal = [0u16, 1, 9][rng.below(3) as usize];
        return Packet { src: PEER, dst: NODE, queue: 3, portal, epoch: rng.below(4) as u8, kind: Kind::Outcome, data };
    }
    let queue = match rng.below(12) {
        0 => 9,
        1 => rng.below(1 << 12) as u16,
        _ => QUEUES[rng.below(3) as usize],
    };
    let epoch = if rng.chance(90) { epochs[queue as usize] } else { rng.below(4) as u8 };
    let dst = if rng.chance(96) { NODE } else { NODE + 1 };
    let data = rng.next_u64() | 1;
    Packet { src: PEER, dst, queue, portal: rng.below(4) as u16, epoch, kind: Kind::Enqueue, data }
}

fn run(seed: u64, mem_latency: u32, rounds: u32) {
    let mut rng = Rng(seed);
    let mut sides = vec![
        Side::new("model", Box::new(Model::new().without_stall_notices().with_rtl_spares()), false),
        Side::new("rtl, batched", Box::new(RtlEngine::new().with_mem_latency(mem_latency)), true),
        Side::new(
            "verilator, batched",
            Box::new(VerilatorEngine::new().expect("Verilator engine").with_mem_latency(mem_latency)),
            true,
        ),
        Side::new(
            "verilator, one at a time",
            Box::new(VerilatorEngine::new().expect("Verilator engine").with_mem_latency(mem_latency)),
            false,
        ),
    ];
    csr_write(&mut sides, r::NODE_ID, NODE as u64);
    csr_write(&mut sides, r::CONTROL, Control::new(true, true).0);
    csr_write(&mut sides, r::IRQ_MASK, IRQ_ALL);
    for p in [0u16, 1] {
        csr_write(&mut sides, r::PORTAL_SEL, p as u64);
        csr_write(&mut sides, r::PORTAL, Entry::new(PEER, 3).0);
    }
    let mut buffers = Vec::new();
    let mut next_base = 0x1_0000u64;
    for (i, &q) in QUEUES.iter().enumerate() {
        export(&mut sides, &mut buffers, q, next_base, 3 + i as u32);
        next_base += 0x1000;
    }
    let mut epochs = vec![0u8; 1 << 12];
    let (mut offered, mut taken) = (0usize, 0usize);
    for round in 0..rounds {
        let rx_off = rng.chance(5);
        if rx_off {
            csr_write(&mut sides, r::CONTROL, Control::new(false, true).0);
        }
        let batch: Vec<Packet> = (0..1 + rng.below(40)).map(|_| packet(&mut rng, &epochs)).collect();
        let took = all(&mut sides, &format!("round {round}: packets taken"), |s| s.deliver(&batch));
        // RX off holds back ENQUEUEs (the link keeps them), not OUTCOMEs.
        let want = if rx_off { batch.iter().take_while(|p| p.kind == Kind::Outcome).count() } else { batch.len() };
        assert_eq!(took, want, "round {round}: RX {}", !rx_off);
        (offered, taken) = (offered + batch.len(), taken + took);
        if rx_off {
            csr_write(&mut sides, r::CONTROL, Control::new(true, true).0);
        }
        for p in all(&mut sides, &format!("round {round}: OUTCOMEs"), Side::replies) {
            epochs[p.queue as usize] = p.epoch;
        }
        all(&mut sides, "interrupt line", |s| s.engine.irq());
        // The driver and the consumer.
        for _ in 0..rng.below(3) {
            let q = QUEUES[rng.below(3) as usize];
            let &(_, base, log2) = buffers.iter().find(|b| b.0 == q).expect("exported");
            match rng.below(6) {
                0..=2 => {
                    let tail = sides[0].mem.dma_read(base + 8 * TAIL_WORD);
                    for s in &sides {
                        s.mem.dma_write(base + 8 * HEAD_WORD, tail);
                    }
                }
                3 => command_(&mut sides, CMD_RESUME, q, 0),
                4 => {
                    export(&mut sides, &mut buffers, q, next_base, log2);
                    next_base += 0x1000;
                }
                _ => {
                    let tail = sides[0].mem.dma_read(base + 8 * TAIL_WORD);
                    for s in &sides {
                        s.mem.dma_write(base + 8 * HEAD_WORD, tail);
                    }
                    command_(&mut sides, CMD_RESUME, q, 0);
                }
            }
        }
        assert!(next_base < MEM_BYTES as u64, "the test ran out of buffer space");
        for &(q, base, log2) in &buffers {
            for w in 0..words(log2) {
                all(&mut sides, &format!("round {round}: queue {q} word {w}"), |s| s.mem.dma_read(base + 8 * w));
            }
        }
        all(&mut sides, &format!("round {round}: queues in the OVERFLOW FIFO"), |s| {
            let mut queues = Vec::new();
            loop {
                let v = s.engine.csr_read(r::OVERFLOW);
                if v >> bits::OVERFLOW_VALID & 1 == 0 {
                    break;
                }
                queues.push(v);
                s.engine.csr_write(r::OVERFLOW_POP, 1);
            }
            queues.sort_unstable();
            queues
        });
        if round % 10 == 9 {
            for d in REGISTERS {
                csr_read(&mut sides, d.offset);
            }
        }
    }
    let enqueued = csr_read(&mut sides, r::CNT_ENQUEUED);
    let overflows = csr_read(&mut sides, r::CNT_OVERFLOWS);
    let refused = csr_read(&mut sides, r::CNT_REFUSED);
    let cycles: Vec<u64> = sides[1..].iter().map(|s| s.engine.cycles().unwrap_or(0)).collect();
    eprintln!(
        "seed {seed:#x}, latency {mem_latency}: {taken} of {offered} packets taken, enqueued {enqueued}, \
         {overflows} overflows, {refused} refused; cycles (rtl batched, verilator batched, one at a time) {cycles:?}"
    );
    assert!(enqueued > 100 && overflows > 3 && refused > 10, "the batches exercised too little");
}

#[test]
fn batches_and_single_packets_agree_with_memory_answering_at_once() {
    run(0xba7c_0001, 0, 60);
}

#[test]
fn batches_and_single_packets_agree_at_pcie_like_memory_latency() {
    run(0xba7c_0002, 60, 40);
}
