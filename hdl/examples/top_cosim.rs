//! Co-simulation of the whole card (spec §6b), RustHDL side: drives
//! `renq_hdl::cycle::RtlCard` (the ECP5 build, the checked-in `renq_top.v`) with a
//! stimulus file and writes the per-cycle output log that `verilog-out/cosim/tb_top.v` writes
//! for the emitted Verilog; `make -C verilog-out cosim-top` compares them byte for byte.
//!
//! ```text
//! top_cosim <stimulus> <log>          run the stimulus, write the log, print a summary
//! top_cosim --gen <seed> <stimulus>   write a deterministic random stimulus
//! ```
//! The generator plays the card's surroundings against the RustHDL card itself, following the
//! port contracts of §6b: a host making BAR0 accesses (NODE_ID, CONTROL, PORTAL_SEL / PORTAL
//! grants and reads, commands EXPORT / HEAD / RESUME / ARM / QUERY with STATUS polled, OVERFLOW
//! handled, IRQ and counter reads, undefined offsets) and BAR2 accesses (stores, RETRYs, bad
//! widths, loads), each held until taken; links that loop the card's own packets back (the
//! portals are granted to this node's queues) and add packets for other nodes, unexported
//! queues and other portals; consumers draining the queues in host memory; a memory answering
//! only outstanding tags after random latencies, in random order. The replay then applies the
//! recorded inputs, cycle by cycle, open loop, to both simulations.
//! Stimulus and log: one line per cycle, `PortsIn::line` / `PortsOut::line` (hex, port order of
//! `renq_hdl::top::ports`); the log holds the outputs after the inputs settle.

use renq_abi::buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::bits as v1bits;
use renq_abi::portal::{page_offset, Entry, PAGE_BYTES, RETRY_OFFSET};
use renq_abi::regs::{self as r, bits};
use renq_abi::WORD_SHIFT;
use renq_abi::{CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME, CMD_SPARE};
use renq_hdl::cycle::{CycleCard, PortsIn, PortsOut, RtlCard};
use renq_hdl::harness::engine::RxPacket;
use renq_hdl::harness::{cosim_cli, Rng};
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt::Write as _;

const QA: usize = renq_abi::ECP5_QUEUE_RAM_BITS as usize;
const PA: usize = renq_abi::ECP5_PORTAL_BITS as usize;
/// The start-up sweep (the longer of the engine's and the portal table's), then random cycles.
const CYCLES: u64 = (1 << QA) + 8000;
const NODE: u64 = 5;
/// Queues exported and portals granted to them (portal p → this node's queue p).
const LIVE: u64 = 4;
/// Fresh buffers are spaced this far apart (above the largest size the generator uses).
const BUFFER_SPACING: u64 = 1 << 20;
const CONTROL_ON: u64 = 1 << v1bits::CONTROL_RX_ENABLE | 1 << v1bits::CONTROL_TX_ENABLE;

/// A BAR0 access the host makes, and what it does with a read's answer.
#[derive(Clone, Copy, Debug)]
enum Csr {
    Write(u64, u64),
    Read(u64, Then),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Then {
    Nothing,
    /// Poll STATUS again while the mask's bits are set.
    PollWhile(u64),
    /// An OVERFLOW entry: pop it and resume or extend its queue.
    Overflow,
}

/// A link packet (either channel).
#[derive(Clone, Copy, Debug, Default)]
struct Packet {
    src: u64,
    dst: u64,
    queue: u64,
    portal: u64,
    epoch: u64,
    data: u64,
}

impl Packet {
    /// The packet on a channel's ports.
    fn at_port(&self) -> RxPacket {
        let (src, dst, queue, portal) = (self.src as u16, self.dst as u16, self.queue as u16, self.portal as u16);
        RxPacket { src, dst, queue, portal, epoch: self.epoch as u8, data: self.data }
    }

    fn from_port(p: RxPacket) -> Packet {
        let (src, dst, queue, portal) = (p.src as u64, p.dst as u64, p.queue as u64, p.portal as u64);
        Packet { src, dst, queue, portal, epoch: p.epoch as u64, data: p.data }
    }
}

/// A queue's buffer as its consumer sees it.
#[derive(Clone, Copy)]
struct Buffer {
    base: u64,
    log2: u32,
    head: u64,
}

struct Gen {
    rng: Rng,
    sim: RtlCard<QA, PA>,
    mem: HashMap<u64, u64>,
    next_buffer: u64,
    consumers: Vec<Option<Buffer>>,
    csr_script: VecDeque<Csr>,
    csr_now: Option<Csr>,
    /// Reads taken, not answered yet (answered in order).
    csr_waiting: VecDeque<Then>,
    b2_now: Option<(bool, u64, u64, u64)>,
    /// Packets on the links towards the card, offered in order, each held until taken.
    rx_link: VecDeque<Packet>,
    orx_link: VecDeque<Packet>,
    /// Outstanding reads: (tag, address, earliest answer cycle).
    reads: Vec<(u64, u64, u64)>,
    /// The last CMD_ARG written (the argument of the next CMD).
    last_cmd_arg: u64,
    swept: bool,
}

impl Gen {
    fn new(seed: u64) -> Self {
        let mut g = Gen {
            rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
            sim: RtlCard::new(),
            mem: HashMap::new(),
            next_buffer: 0,
            consumers: vec![None; LIVE as usize],
            csr_script: VecDeque::new(),
            csr_now: None,
            csr_waiting: VecDeque::new(),
            b2_now: None,
            rx_link: VecDeque::new(),
            orx_link: VecDeque::new(),
            reads: Vec::new(),
            last_cmd_arg: 0,
            swept: false,
        };
        // Bring-up: node id and enables, wait out the sweep, export the queues, grant portals.
        let sweeping = 1 << bits::STATUS_SWEEPING;
        g.csr_script.extend([
            Csr::Write(r::NODE_ID, NODE),
            Csr::Write(r::CONTROL, CONTROL_ON),
            Csr::Write(r::IRQ_MASK, 7),
            Csr::Read(r::STATUS, Then::PollWhile(sweeping)),
        ]);
        for q in 0..LIVE {
            let word = g.export_word(true);
            g.command(CMD_EXPORT, q, word);
            g.grant(q, Entry::new(NODE as u16, q as u16).0);
        }
        g
    }

    fn export_word(&mut self, valid: bool) -> u64 {
        let k = 3 + self.rng.below(4);
        self.next_buffer += BUFFER_SPACING;
        let k_field = if valid { k } else { [0, 2, 17, 31][self.rng.below(4) as usize] };
        (valid as u64) << v1bits::EXPORT_VALID | k_field << v1bits::EXPORT_LOG2_LSB | self.next_buffer
    }

    /// CMD_ARG, CMD, then STATUS polled until the command is taken.
    fn command(&mut self, kind: u64, queue: u64, arg: u64) {
        let pending = 1 << bits::STATUS_CMD_PENDING;
        self.csr_script.extend([
            Csr::Write(r::CMD_ARG, arg),
            Csr::Write(r::CMD, r::command(kind, queue as u16)),
            Csr::Read(r::STATUS, Then::PollWhile(pending)),
        ]);
    }

    fn grant(&mut self, portal: u64, entry: u64) {
        self.csr_script.extend([Csr::Write(r::PORTAL_SEL, portal), Csr::Write(r::PORTAL, entry)]);
    }

    fn live_or_any(&mut self, percent_live: u64) -> u64 {
        if self.rng.chance(percent_live) {
            self.rng.below(LIVE)
        } else {
            self.rng.below(1 << 12)
        }
    }

    /// A random BAR0 episode once bring-up is done.
    fn random_csr(&mut self) {
        let q = self.live_or_any(90);
        match self.rng.below(100) {
            0..=7 => {
                let valid = !self.rng.chance(10);
                let word = self.export_word(valid);
                self.command(CMD_EXPORT, q, word);
            }
            8..=24 => {
                let head = match self.consumers.get(q as usize).copied().flatten() {
                    Some(b) if !self.rng.chance(5) => renq_abi::head_doorbell_arg(b.base, b.head),
                    _ => self.rng.below(1 << 16),
                };
                self.command(CMD_HEAD, q, head);
            }
            25..=29 => {
                let arg = self.rng.next_u64();
                self.command(CMD_RESUME, q, arg)
            }
            30..=37 => {
                let seen = match self.consumers.get(q as usize).copied().flatten() {
                    Some(b) => renq_abi::head_doorbell_arg(b.base, self.rng.below(1 << 16)),
                    None => self.rng.below(1 << 16),
                };
                self.command(CMD_ARM, q, seen)
            }
            38..=40 => {
                let arg = self.rng.next_u64();
                self.command(CMD_QUERY, q, arg);
                self.csr_script.push_back(Csr::Read(r::QUERY, Then::Nothing));
            }
            41..=43 => {
                // A spare (spec §9c): a fresh buffer, now and then a malformed word.
                let valid = !self.rng.chance(10);
                let word = self.export_word(valid);
                self.command(CMD_SPARE, q, word);
            }
            44..=51 => {
                // Re-grant a live portal as it was, grant a spare one anywhere, or revoke one.
                let p = self.rng.below(2 * LIVE);
                let entry = if p < LIVE && !self.rng.chance(10) {
                    Entry::new(NODE as u16, p as u16).0
                } else if self.rng.chance(70) {
                    let node = if self.rng.chance(50) { NODE } else { self.rng.below(1 << 10) };
                    Entry::new(node as u16, self.rng.below(1 << 12) as u16).0
                } else {
                    self.rng.next_u64()
                };
                self.grant(p, entry);
            }
            52..=57 => {
                let p = self.live_or_any(70);
                self.csr_script.extend([Csr::Write(r::PORTAL_SEL, p), Csr::Read(r::PORTAL, Then::Nothing)]);
            }
            58..=69 => self.csr_script.push_back(Csr::Read(r::OVERFLOW, Then::Overflow)),
            70..=74 => {
                let mask = self.rng.below(8);
                self.csr_script.extend([Csr::Write(r::IRQ_STATUS, 7), Csr::Write(r::IRQ_MASK, mask)]);
            }
            75..=77 => {
                // Links off for a moment (or the node id wrong for a moment).
                let (reg, off, on) = if self.rng.chance(70) {
                    (r::CONTROL, self.rng.below(4), CONTROL_ON)
                } else {
                    (r::NODE_ID, self.rng.below(1 << 10), NODE)
                };
                self.csr_script.extend([Csr::Write(reg, off), Csr::Read(r::CAPS, Then::Nothing), Csr::Write(reg, on)]);
            }
            78..=92 => {
                let reg = r::REGISTERS[self.rng.below(r::REGISTERS.len() as u64) as usize].offset;
                self.csr_script.push_back(Csr::Read(reg, Then::Nothing));
            }
            _ => {
                // Any offset, aligned or not: reads and writes of nothing, or of read-only words.
                let off = self.rng.below(1 << 12);
                let c = if self.rng.chance(50) || matches!(off & !7, r::CMD | r::PORTAL | r::NODE_ID | r::CONTROL) {
                    Csr::Read(off, Then::Nothing)
                } else {
                    Csr::Write(off, self.rng.next_u64())
                };
                self.csr_script.push_back(c);
            }
        }
    }

    /// A random BAR2 access: (write, offset, data, strobe).
    fn random_b2(&mut self) -> (bool, u64, u64, u64) {
        let p = if self.rng.chance(90) { self.rng.below(2 * LIVE) } else { self.rng.below(1 << 12) };
        let word = self.rng.below(PAGE_BYTES / 8) * 8;
        let data = self.rng.next_u64();
        match self.rng.below(100) {
            0..=69 => (true, page_offset(p as u16) + word.min(RETRY_OFFSET - 8), data, 0xff),
            70..=74 => (true, page_offset(p as u16) + RETRY_OFFSET, data, 0xff),
            75..=79 => {
                let odd = self.rng.below(8);
                let strobe = if odd == 0 { self.rng.below(0xff) } else { 0xff };
                (true, page_offset(p as u16) + word + odd, data, strobe)
            }
            80..=94 => (false, page_offset(p as u16) + word, 0, 0),
            _ => (false, page_offset(p as u16) + word + 1 + self.rng.below(7), 0, 0),
        }
    }

    fn foreign_packet(&mut self) -> Packet {
        let dst = if self.rng.chance(50) { NODE } else { self.rng.below(1 << 10) };
        Packet {
            src: self.rng.below(1 << 10),
            dst,
            queue: self.live_or_any(40),
            portal: self.rng.below(1 << 12),
            epoch: self.rng.below(4),
            data: self.rng.next_u64(),
        }
    }

    /// This cycle's inputs.
    fn inputs(&mut self, cycle: u64) -> PortsIn {
        let mut i = PortsIn::default();
        if self.csr_now.is_none() && self.csr_waiting.is_empty() {
            if self.csr_script.is_empty() && self.swept && self.rng.chance(4) {
                self.random_csr();
            }
            self.csr_now = self.csr_script.pop_front();
        }
        match self.csr_now {
            Some(Csr::Write(off, val)) => (i.csr_write, i.csr_addr, i.csr_wdata) = (true, off as u16, val),
            Some(Csr::Read(off, _)) => (i.csr_read, i.csr_addr) = (true, off as u16),
            None => {}
        }
        if self.b2_now.is_none() && self.swept && self.rng.chance(25) {
            self.b2_now = Some(self.random_b2());
        }
        if let Some((write, off, data, strobe)) = self.b2_now {
            (i.b2_valid, i.b2_write, i.b2_addr, i.b2_data, i.b2_strobe) = (true, write, off as u32, data, strobe as u8);
        }
        if self.swept && self.rng.chance(1) {
            let p = self.foreign_packet();
            self.rx_link.push_back(p);
        }
        if self.swept && self.rng.chance(1) {
            let p = self.foreign_packet();
            self.orx_link.push_back(p);
        }
        i.offer_rx(self.rx_link.front().map(Packet::at_port));
        i.offer_orx(self.orx_link.front().map(Packet::at_port));
        // The ENQUEUE link also stalls in bursts (40 of every 500 cycles), so the portal
        // table's packet FIFO fills and STOREs wait for their credit (the STORE rule, §6b).
        i.tx_ready = self.rng.chance(85) && cycle % 500 >= 40;
        i.otx_ready = self.rng.chance(85);
        i.wr_ready = self.rng.chance(80);
        i.rd_ready = self.rng.chance(70);
        let due: Vec<usize> = (0..self.reads.len()).filter(|&n| self.reads[n].2 <= cycle).collect();
        if !due.is_empty() && self.rng.chance(70) {
            let (tag, addr, _) = self.reads.swap_remove(due[self.rng.below(due.len() as u64) as usize]);
            let word = if self.rng.chance(3) { self.rng.next_u64() } else { self.mem.get(&addr).copied().unwrap_or(3) };
            (i.rsp_valid, i.rsp_tag, i.rsp_data) = (true, tag as u8, word);
        }
        i
    }

    fn csr_taken(&mut self, c: Csr) {
        match c {
            Csr::Write(r::CMD, v) => {
                let kind = v >> bits::CMD_KIND_LSB & 7;
                let q = (v & 0xfff) as usize;
                if kind == CMD_SPARE {
                    // The driver writes a spare's header before posting it.
                    let arg = self.last_cmd_arg;
                    let k = (arg >> v1bits::EXPORT_LOG2_LSB & 0x1f) as u32;
                    if buffer::valid_log2(k) {
                        self.mem.insert(buffer::aligned_base(arg, k) | HEAD_WORD << WORD_SHIFT, FIRST_DATA_INDEX);
                    }
                }
                if kind == CMD_EXPORT && q < self.consumers.len() {
                    // The argument is the CMD_ARG written just before (the generator's order).
                    let arg = self.last_cmd_arg;
                    let k = (arg >> v1bits::EXPORT_LOG2_LSB & 0x1f) as u32;
                    let valid = arg >> v1bits::EXPORT_VALID & 1 == 1 && buffer::valid_log2(k);
                    self.consumers[q] =
                        valid.then(|| Buffer { base: buffer::aligned_base(arg, k), log2: k, head: FIRST_DATA_INDEX });
                    if let Some(b) = self.consumers[q] {
                        self.mem.insert(b.base | HEAD_WORD << WORD_SHIFT, FIRST_DATA_INDEX);
                    }
                }
            }
            Csr::Write(r::CMD_ARG, v) => self.last_cmd_arg = v,
            Csr::Read(_, then) => self.csr_waiting.push_back(then),
            Csr::Write(..) => {}
        }
    }

    fn csr_answer(&mut self, value: u64) {
        match self.csr_waiting.pop_front() {
            Some(Then::PollWhile(mask)) if value & mask != 0 => {
                self.csr_script.push_front(Csr::Read(r::STATUS, Then::PollWhile(mask)));
            }
            Some(Then::PollWhile(_)) => self.swept = true,
            Some(Then::Overflow) if value >> bits::OVERFLOW_VALID & 1 == 1 => {
                let q = value & 0xfff;
                let pop = 1 << bits::POP | ((value >> bits::OVERFLOW_LOST & 1) << bits::CLEAR_LOST);
                self.csr_script.push_back(Csr::Write(r::OVERFLOW_POP, pop));
                if self.rng.chance(50) {
                    self.command(CMD_RESUME, q, 0);
                } else {
                    let word = self.export_word(true);
                    self.command(CMD_EXPORT, q, word);
                }
            }
            _ => {}
        }
    }

    /// What the surroundings learn from the outputs of this cycle.
    fn observe(&mut self, cycle: u64, i: &PortsIn, o: &PortsOut) {
        if o.csr_rvalid {
            self.csr_answer(o.csr_rdata);
        }
        if o.csr_ready && (i.csr_read | i.csr_write) {
            let c = self.csr_now.take().expect("an access was presented");
            self.csr_taken(c);
        }
        if i.b2_valid && o.b2_ready {
            self.b2_now = None;
        }
        if i.rx_valid && o.rx_ready {
            self.rx_link.pop_front();
        }
        if i.orx_valid && o.orx_ready {
            self.orx_link.pop_front();
        }
        // The card's own packets loop back (a packet for another node leaves for good).
        match o.tx() {
            Some(p) if i.tx_ready && p.dst as u64 == NODE => self.rx_link.push_back(Packet::from_port(p)),
            _ => {}
        }
        match o.otx() {
            Some(p) if i.otx_ready && p.dst as u64 == NODE => self.orx_link.push_back(Packet::from_port(p)),
            _ => {}
        }
        if o.wr_valid && i.wr_ready {
            self.mem.insert(o.wr_addr, o.wr_data);
        }
        if o.rd_valid && i.rd_ready {
            let latency = if self.rng.chance(20) { self.rng.below(60) } else { self.rng.below(8) };
            self.reads.push((o.rd_tag as u64, o.rd_addr, cycle + 1 + latency));
        }
        // One consumer a cycle may take an item below the published TAIL.
        let q = self.rng.below(LIVE) as usize;
        if self.rng.chance(35) {
            if let Some(b) = self.consumers[q].as_mut() {
                let tail = self.mem.get(&(b.base | TAIL_WORD << WORD_SHIFT)).copied().unwrap_or(FIRST_DATA_INDEX);
                if b.head != tail {
                    b.head = buffer::next_index(b.head, b.log2);
                    self.mem.insert(b.base | HEAD_WORD << WORD_SHIFT, b.head);
                }
            }
        }
    }
}

fn gen(seed: u64) -> String {
    let mut g = Gen::new(seed);
    let mut s = String::new();
    for cycle in 0..CYCLES {
        let i = g.inputs(cycle);
        let o = g.sim.eval(&i);
        g.observe(cycle, &i, &o);
        g.sim.tick();
        writeln!(s, "{}", i.line()).unwrap();
    }
    s
}

/// Totals of one replay, from its inputs and outputs.
#[derive(Default)]
struct Summary {
    cycles: u64,
    items_written: u64,
    tail_writes: u64,
    csr_accesses: u64,
    csr_answers: u64,
    b2_stores: u64,
    b2_loads_answered: u64,
    sent: u64,
    taken: u64,
    outcomes_sent: u64,
    outcomes_taken: u64,
    irq_cycles: u64,
}

fn run(stim: &str) -> Result<(String, Summary), String> {
    let mut rtl = RtlCard::<QA, PA>::new();
    let mut log = String::new();
    let mut s = Summary::default();
    // TAIL words of every buffer exported so far (the generator's buffers never overlap).
    let mut tail_words = HashSet::new();
    let mut cmd_arg = 0;
    for (n, line) in stim.lines().enumerate() {
        let i = PortsIn::parse(line).map_err(|e| format!("stimulus line {}: {e:?}", n + 1))?;
        let o = rtl.eval(&i);
        writeln!(log, "{}", o.line()).unwrap();
        if o.csr_ready && i.csr_write && !i.csr_read {
            if i.csr_addr as u64 == r::CMD_ARG {
                cmd_arg = i.csr_wdata;
            }
            if i.csr_addr as u64 == r::CMD && i.csr_wdata >> bits::CMD_KIND_LSB & 7 == CMD_EXPORT {
                let k = (cmd_arg >> v1bits::EXPORT_LOG2_LSB & 0x1f) as u32;
                if buffer::valid_log2(k) {
                    tail_words.insert(buffer::slot_address(cmd_arg, k, TAIL_WORD));
                }
            }
        }
        if o.wr_valid && i.wr_ready {
            if tail_words.contains(&o.wr_addr) {
                s.tail_writes += 1;
            } else {
                s.items_written += 1;
            }
        }
        s.csr_accesses += (o.csr_ready & (i.csr_read | i.csr_write)) as u64;
        s.csr_answers += o.csr_rvalid as u64;
        s.b2_stores += (i.b2_valid & o.b2_ready & i.b2_write) as u64;
        s.b2_loads_answered += o.b2_rvalid as u64;
        s.sent += (o.tx_valid & i.tx_ready) as u64;
        s.taken += (i.rx_valid & o.rx_ready) as u64;
        s.outcomes_sent += (o.otx_valid & i.otx_ready) as u64;
        s.outcomes_taken += (i.orx_valid & o.orx_ready) as u64;
        s.irq_cycles += o.irq as u64;
        s.cycles += 1;
        rtl.tick();
    }
    Ok((log, s))
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let s = self;
        write!(
            f,
            "{} cycles, {} BAR0 accesses ({} reads answered), {} BAR2 stores, {} BAR2 loads answered, \
             {} ENQUEUE sent, {} taken, {} items written, {} TAIL writes, {} OUTCOME sent, {} taken, \
             {} irq cycles",
            s.cycles,
            s.csr_accesses,
            s.csr_answers,
            s.b2_stores,
            s.b2_loads_answered,
            s.sent,
            s.taken,
            s.items_written,
            s.tail_writes,
            s.outcomes_sent,
            s.outcomes_taken,
            s.irq_cycles
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cosim_cli("top_cosim", &args, gen, |stim| {
        let (log, summary) = run(stim).map_err(|e| format!("top_cosim: {e}"))?;
        Ok((log, summary.to_string()))
    });
}
