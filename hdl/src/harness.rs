//! Cycle harness around [`RtlCard`]: a host-memory model with configurable latency, one card
//! with its memory ([`Node`]), and two cards linked both ways ([`LinkedPair`]). Used by the
//! tests and by the `cycles-report` binary; not part of the hardware.

use crate::mem::MemAccess;
use crate::stepper::{PortsIn, PortsOut, RtlCard};
use renq_abi::packet::Packet;
use renq_abi::regs;
use std::collections::HashMap;

/// Word-addressed host memory answering the card's memory master after `latency` wait cycles
/// (0 = ack in the request cycle). Unwritten words read 0. Every completed access is logged.
pub struct Memory {
    words: HashMap<u64, u64>,
    latency: u32,
    waited: u32,
    pub log: Vec<MemAccess>,
}

impl Memory {
    pub fn new(latency: u32) -> Self {
        Memory { words: HashMap::new(), latency, waited: 0, log: Vec::new() }
    }

    pub fn read(&self, addr: u64) -> u64 {
        *self.words.get(&addr).unwrap_or(&0)
    }

    /// A host-side store (not logged: the log records the card's accesses only).
    pub fn write(&mut self, addr: u64, value: u64) {
        self.words.insert(addr, value);
    }

    /// Combinational answer to the request on `out`: `(ack, rdata)`.
    fn respond(&self, out: &PortsOut) -> (bool, u64) {
        let ack = out.mem_req && self.waited >= self.latency;
        let rdata = if ack && !out.mem_write { self.read(out.mem_addr) } else { 0 };
        (ack, rdata)
    }

    /// The clock edge: an acknowledged access completes.
    fn clock(&mut self, out: &PortsOut, ack: bool) {
        if !out.mem_req {
            self.waited = 0;
            return;
        }
        assert_eq!(out.mem_addr % renq_abi::WORD_BYTES, 0, "card issued a misaligned address");
        if ack {
            let data = if out.mem_write { out.mem_wdata } else { self.read(out.mem_addr) };
            if out.mem_write {
                self.words.insert(out.mem_addr, out.mem_wdata);
            }
            self.log.push(MemAccess { write: out.mem_write, addr: out.mem_addr, data });
            self.waited = 0;
        } else {
            self.waited += 1;
        }
    }
}

/// One card, its memory and the inputs currently applied to it.
pub struct Node {
    pub card: RtlCard,
    pub mem: Memory,
    pub inp: PortsIn,
    pub out: PortsOut,
    /// Packets this card's RX took from the link, in order.
    pub received: Vec<Packet>,
}

impl Node {
    pub fn new(mem_latency: u32) -> Self {
        let mut card = RtlCard::new();
        let inp = PortsIn::default();
        let out = card.eval(&inp);
        Node { card, mem: Memory::new(mem_latency), inp, out, received: Vec::new() }
    }

    /// Settle the card with its memory's answer to the current request.
    pub fn eval(&mut self) {
        self.out = self.card.eval(&self.inp);
        let (ack, rdata) = self.mem.respond(&self.out);
        if (ack, rdata) != (self.inp.mem_ack, self.inp.mem_rdata) {
            self.inp.mem_ack = ack;
            self.inp.mem_rdata = rdata;
            // Request ports depend only on registers, so one more pass settles.
            self.out = self.card.eval(&self.inp);
        }
    }

    fn tick(&mut self) {
        if self.inp.rx_valid && self.out.rx_ready {
            self.received.push(Packet {
                src: self.inp.rx_src,
                dst: self.inp.rx_dst,
                queue: self.inp.rx_queue,
                data: self.inp.rx_data,
            });
        }
        self.mem.clock(&self.out, self.inp.mem_ack);
        self.card.tick();
    }

    /// One clock cycle of this card alone (RX driven by `inp`).
    pub fn step(&mut self) {
        self.eval();
        self.tick();
        self.eval();
    }

    /// Register read on this card alone: one idle cycle (so a write or counter event of the
    /// previous cycle has landed), then the read cycle; the CSR port is registered, so the
    /// value is on `csr_rdata` in the cycle after the read. The link ports are held off
    /// meanwhile (RX not offered, TX not ready), so a linked peer that is not clocked misses
    /// nothing.
    pub fn csr_read(&mut self, offset: u64) -> u64 {
        let (rx_valid, tx_ready) = (self.inp.rx_valid, self.inp.tx_ready);
        self.inp.rx_valid = false;
        self.inp.tx_ready = false;
        self.step();
        self.inp.csr_addr = offset as u16;
        self.inp.csr_read = true;
        self.step();
        let v = self.out.csr_rdata;
        self.inp.csr_read = false;
        self.inp.rx_valid = rx_valid;
        self.inp.tx_ready = tx_ready;
        self.eval();
        v
    }

    /// Arms a register write for the next clock edge (call `step` to perform it).
    fn csr_write_begin(&mut self, offset: u64, value: u64) {
        self.inp.csr_addr = offset as u16;
        self.inp.csr_wdata = value;
        self.inp.csr_write = true;
    }

    fn csr_write_end(&mut self) {
        self.inp.csr_write = false;
    }

    /// Register write on this card alone: the write cycle, then the cycle at whose end it
    /// takes effect. The link ports are held off meanwhile (see `csr_read`).
    pub fn csr_write(&mut self, offset: u64, value: u64) {
        let (rx_valid, tx_ready) = (self.inp.rx_valid, self.inp.tx_ready);
        self.inp.rx_valid = false;
        self.inp.tx_ready = false;
        self.csr_write_begin(offset, value);
        self.step();
        self.csr_write_end();
        self.step();
        self.inp.rx_valid = rx_valid;
        self.inp.tx_ready = tx_ready;
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
        self.inp.rx_valid = true;
        self.inp.rx_src = p.src;
        self.inp.rx_dst = p.dst;
        self.inp.rx_queue = p.queue;
        self.inp.rx_data = p.data;
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

/// CONTROL value.
pub fn control_word(rx_enable: bool, tx_enable: bool) -> u64 {
    renq_abi::regs::Control::new(rx_enable, tx_enable).0
}

/// Every IRQ_STATUS / IRQ_MASK bit.
pub const IRQ_ALL: u64 = 1 << regs::bits::IRQ_OVERFLOW | 1 << regs::bits::IRQ_BAD_HEADER | 1 << regs::bits::IRQ_NOTIFY;

/// A valid EXPORT[q] value for a buffer of 2^log2 words at `base`.
pub fn export_word(base: u64, log2: u32) -> u64 {
    use renq_abi::regs::bits::*;
    1 << EXPORT_VALID | (log2 as u64) << EXPORT_LOG2_LSB | (base & renq_abi::DMA_ADDR_MASK) << EXPORT_BASE_LSB
}

/// Resets a buffer's header to empty: LINK = (no next, k), TAIL = HEAD = first data slot.
pub fn init_buffer(mem: &mut Memory, base: u64, log2: u32) {
    use renq_abi::buffer::*;
    mem.write(base + LINK_WORD * 8, link_word(0, log2));
    mem.write(base + TAIL_WORD * 8, FIRST_DATA_INDEX);
    mem.write(base + HEAD_WORD * 8, FIRST_DATA_INDEX);
}

/// Two cards linked both ways: A.tx → B.rx and B.tx → A.rx.
pub struct LinkedPair {
    pub a: Node,
    pub b: Node,
}

impl LinkedPair {
    pub fn new(mem_latency: u32) -> Self {
        LinkedPair { a: Node::new(mem_latency), b: Node::new(mem_latency) }
    }

    fn connect(from: &PortsOut, to: &mut PortsIn) {
        to.rx_valid = from.tx_valid;
        to.rx_src = from.tx_src;
        to.rx_dst = from.tx_dst;
        to.rx_queue = from.tx_queue;
        to.rx_data = from.tx_data;
    }

    /// Settle both cards and the links between them.
    pub fn eval(&mut self) {
        // TX outputs are registered and RX ready does not depend on valid, so this converges
        // in two rounds; the third checks it.
        for _ in 0..3 {
            self.a.eval();
            Self::connect(&self.a.out, &mut self.b.inp);
            self.b.eval();
            Self::connect(&self.b.out, &mut self.a.inp);
            self.a.inp.tx_ready = self.b.out.rx_ready;
            self.b.inp.tx_ready = self.a.out.rx_ready;
        }
        self.a.eval();
        self.b.eval();
    }

    /// One clock cycle of both cards.
    pub fn step(&mut self) {
        self.eval();
        self.a.tick();
        self.b.tick();
        self.eval();
    }

    pub fn run(&mut self, cycles: u64) {
        for _ in 0..cycles {
            self.step();
        }
    }

    /// A CSR write on card A (`on_a`) or B while the other card runs on: the write cycle and
    /// the cycle at whose end it takes effect.
    pub fn csr_write(&mut self, on_a: bool, offset: u64, value: u64) {
        let n = if on_a { &mut self.a } else { &mut self.b };
        n.csr_write_begin(offset, value);
        self.step();
        let n = if on_a { &mut self.a } else { &mut self.b };
        n.csr_write_end();
        self.step();
    }

    /// A shadow store on card A: held until the shadow port takes it (bounded).
    /// Returns whether it was taken.
    pub fn store_a(&mut self, shadow_offset: u32, data: u64, strobe: u8, max_cycles: u64) -> bool {
        self.a.inp.sh_valid = true;
        self.a.inp.sh_addr = shadow_offset;
        self.a.inp.sh_data = data;
        self.a.inp.sh_strobe = strobe;
        let mut taken = false;
        for _ in 0..max_cycles {
            self.eval();
            taken = self.a.out.sh_ready;
            self.a.tick();
            self.b.tick();
            if taken {
                break;
            }
        }
        self.a.inp.sh_valid = false;
        self.eval();
        taken
    }
}
