//! Co-simulation of the card's engine (spec §6a), RustHDL side: drives
//! `renq_hdl::stepper::EngineSim` (the ECP5 build, the checked-in `renq_engine.v`) with a
//! stimulus file and writes the per-cycle output log that `verilog-out/cosim/tb_engine.v` writes
//! for the emitted Verilog; `make -C verilog-out cosim-engine` compares them byte for byte.
//!
//! ```text
//! engine_cosim <stimulus> <log>          run the stimulus, write the log, print a summary
//! engine_cosim --gen <seed> <stimulus>   write a deterministic random stimulus
//! ```
//! The generator plays the engine's surroundings against the RustHDL engine itself (link packets,
//! driver commands, a consumer per queue, a memory answering only outstanding tags after random
//! latencies in random order), so the stimulus it records follows the port contracts; the
//! replay then applies it, cycle by cycle, open loop, to both simulations.
//! Stimulus: one line per cycle, hex fields `rx_valid rx_src rx_dst rx_queue rx_data rx_epoch
//! rx_portal node_id rx_enable cmd_valid cmd_kind cmd_queue cmd_arg wr_ready rd_ready rsp_valid
//! rsp_tag rsp_data`. Log: one line per cycle, the outputs after the inputs settle (before the
//! clock edge): `rx_ready cmd_ready wr_valid wr_addr wr_data rd_valid rd_addr rd_tag ev_enqueued
//! ev_rejected ev_refused ev_overflow ev_bad_header ev_query ev_queue ev_src ev_portal ev_epoch
//! ev_data ev_notify idle ev_switch ev_entered_run`, hex without leading zeros.

use renq_abi::buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::bits;
use renq_abi::WORD_SHIFT;
use renq_abi::{head_doorbell_arg, CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME, CMD_SPARE};
use renq_hdl::harness::{cosim_cli, Rng};
use renq_hdl::stepper::{EngineIn, EngineOut, EngineSim};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

const QA: usize = renq_abi::ECP5_QUEUE_RAM_BITS as usize;
/// The start-up sweep, then the random cycles.
const CYCLES: u64 = (1 << QA) + 6000;
const NODE: u16 = 5;
/// Queues the consumer side exports; packets also go to other (never exported) queues.
const LIVE: u16 = 4;
/// Fresh buffers are spaced this far apart (above the largest size the generator uses).
const BUFFER_SPACING: u64 = 1 << 20;

/// A queue as its consumer and driver see it.
#[derive(Default)]
struct Consumer {
    /// (aligned base, log2 words) of the buffer it drains.
    buf: Option<(u64, u32)>,
    head: u64,
    /// The epoch the senders learned from the last outcome.
    epoch: u8,
    stalled: bool,
}

impl Consumer {
    fn word(&self, index: u64) -> Option<u64> {
        self.buf.map(|(base, _)| base | index << WORD_SHIFT)
    }
}

struct Gen {
    rng: Rng,
    sim: EngineSim<QA>,
    queues: Vec<Consumer>,
    mem: HashMap<u64, u64>,
    next_buffer: u64,
    /// Live queues not exported yet: the first commands export them.
    unexported: Vec<u16>,
    packet: Option<EngineIn>,
    paused_until: u64,
    rx_off_until: u64,
    cmd: Option<(u64, u16, u64)>,
    /// Outstanding reads: (tag, address, earliest answer cycle).
    reads: Vec<(u8, u64, u64)>,
}

impl Gen {
    fn export_word(&mut self, valid: bool) -> (u64, u32) {
        let k = 3 + self.rng.below(4) as u32;
        self.next_buffer += BUFFER_SPACING;
        let k_field = if valid { k as u64 } else { [0, 2, 17, 31][self.rng.below(4) as usize] };
        let word = (valid as u64) << bits::EXPORT_VALID | k_field << bits::EXPORT_LOG2_LSB | self.next_buffer;
        (word, k)
    }

    /// A driver command; the consumer's view changes when it is taken.
    fn command(&mut self) -> (u64, u16, u64) {
        let q = if self.rng.chance(90) { self.rng.below(LIVE as u64) as u16 } else { self.rng.below(1 << 12) as u16 };
        let c = self.queues.get(q as usize);
        let tail_seen = c.and_then(|c| c.word(TAIL_WORD)).map(|a| self.mem.get(&a).copied().unwrap_or(3));
        match self.rng.below(100) {
            0..=14 => {
                let valid = !self.rng.chance(10);
                let (word, _) = self.export_word(valid);
                (CMD_EXPORT, q, word)
            }
            15..=49 => {
                let head = match c {
                    Some(c) if !self.rng.chance(5) => c.head,
                    _ => self.rng.below(1 << 16),
                };
                // (Named by the buffer the consumer drains: after a switch, the one the card left.)
                let base = c.and_then(|c| c.buf).map_or(0, |b| b.0);
                (CMD_HEAD, q, head_doorbell_arg(base, head))
            }
            50..=64 => (CMD_RESUME, q, self.rng.next_u64()),
            65..=84 => {
                let seen = match tail_seen {
                    Some(t) if !self.rng.chance(20) => t,
                    _ => self.rng.below(1 << 16),
                };
                let base = c.and_then(|c| c.buf).map_or(0, |b| b.0);
                (CMD_ARM, q, head_doorbell_arg(base, seen))
            }
            85..=92 => {
                // A spare: a fresh buffer, now and then a malformed word or a run of several.
                let valid = !self.rng.chance(10);
                let (mut word, _) = self.export_word(valid);
                if self.rng.chance(10) {
                    word |= 1 << bits::SPARE_RUN_LSB;
                }
                (CMD_SPARE, q, word)
            }
            _ => (CMD_QUERY, q, self.rng.next_u64()),
        }
    }

    fn new_packet(&mut self) -> EngineIn {
        let queue =
            if self.rng.chance(88) { self.rng.below(LIVE as u64) as u16 } else { self.rng.below(1 << 12) as u16 };
        let dst = if self.rng.chance(93) { NODE } else { self.rng.below(1 << 10) as u16 };
        let epoch = match self.queues.get(queue as usize) {
            Some(c) if !self.rng.chance(8) => c.epoch,
            _ => self.rng.below(4) as u8,
        };
        EngineIn {
            rx_valid: true,
            rx_src: self.rng.below(1 << 10) as u16,
            rx_dst: dst,
            rx_queue: queue,
            rx_data: self.rng.next_u64(),
            rx_epoch: epoch,
            rx_portal: self.rng.below(1 << 12) as u16,
            ..EngineIn::default()
        }
    }

    /// This cycle's inputs.
    fn inputs(&mut self, cycle: u64) -> EngineIn {
        let mut i = EngineIn { node_id: NODE, ..EngineIn::default() };
        if cycle >= self.rx_off_until && self.rng.below(1000) < 2 {
            self.rx_off_until = cycle + 1 + self.rng.below(30);
        }
        i.rx_enable = cycle >= self.rx_off_until;
        if cycle >= self.paused_until && self.rng.below(100) < 2 {
            self.paused_until = cycle + 1 + self.rng.below(40);
        }
        if self.packet.is_none() && cycle >= self.paused_until && self.rng.chance(70) {
            self.packet = Some(self.new_packet());
        }
        if let Some(p) = self.packet {
            i = EngineIn { node_id: NODE, rx_enable: i.rx_enable, ..p };
        }
        if self.cmd.is_none() {
            if let Some(q) = self.unexported.pop() {
                self.cmd = Some((CMD_EXPORT, q, self.export_word(true).0));
            }
        }
        if self.cmd.is_none() && self.rng.chance(5) {
            self.cmd = Some(self.command());
        }
        // A stalled queue: its driver resumes it or extends it into a fresh buffer.
        if self.cmd.is_none() && self.rng.chance(3) {
            if let Some(q) = self.queues.iter().position(|c| c.stalled) {
                self.cmd = Some(if self.rng.chance(50) {
                    (CMD_RESUME, q as u16, 0)
                } else {
                    (CMD_EXPORT, q as u16, self.export_word(true).0)
                });
            }
        }
        if let Some((kind, queue, arg)) = self.cmd {
            (i.cmd_valid, i.cmd_kind, i.cmd_queue, i.cmd_arg) = (true, kind, queue, arg);
        }
        i.wr_ready = self.rng.chance(80);
        i.rd_ready = self.rng.chance(70);
        let due: Vec<usize> = (0..self.reads.len()).filter(|&n| self.reads[n].2 <= cycle).collect();
        if !due.is_empty() && self.rng.chance(70) {
            let (tag, addr, _) = self.reads.swap_remove(due[self.rng.below(due.len() as u64) as usize]);
            let head = if self.rng.chance(3) { self.rng.next_u64() } else { self.mem.get(&addr).copied().unwrap_or(3) };
            (i.rsp_valid, i.rsp_tag, i.rsp_data) = (true, tag, head);
        }
        i
    }

    /// What the surroundings learn from the outputs of this cycle.
    fn observe(&mut self, cycle: u64, i: &EngineIn, o: &EngineOut) {
        if i.rx_valid && o.rx_ready {
            self.packet = None;
        }
        if i.cmd_valid && o.cmd_ready {
            self.cmd = None;
            if let Some(c) = self.queues.get_mut(i.cmd_queue as usize) {
                match i.cmd_kind {
                    CMD_EXPORT => {
                        let k = (i.cmd_arg >> bits::EXPORT_LOG2_LSB & 0x1f) as u32;
                        let valid = i.cmd_arg >> bits::EXPORT_VALID & 1 == 1 && buffer::valid_log2(k);
                        c.buf = valid.then(|| (buffer::aligned_base(i.cmd_arg, k), k));
                        c.head = FIRST_DATA_INDEX;
                        c.stalled = false;
                        if let Some(a) = c.word(HEAD_WORD) {
                            self.mem.insert(a, FIRST_DATA_INDEX);
                        }
                    }
                    CMD_RESUME => c.stalled = false,
                    CMD_SPARE => {
                        // The driver writes a spare's header before posting it.
                        let k = (i.cmd_arg >> bits::EXPORT_LOG2_LSB & 0x1f) as u32;
                        if buffer::valid_log2(k) {
                            self.mem.insert(buffer::slot_address(i.cmd_arg, k, HEAD_WORD), FIRST_DATA_INDEX);
                        }
                    }
                    _ => {}
                }
            }
        }
        if o.wr_valid && i.wr_ready {
            self.mem.insert(o.wr_addr, o.wr_data);
        }
        if o.rd_valid && i.rd_ready {
            let latency = if self.rng.chance(20) { self.rng.below(60) } else { self.rng.below(8) };
            self.reads.push((o.rd_tag, o.rd_addr, cycle + 1 + latency));
        }
        if let Some(c) = self.queues.get_mut(o.ev_queue as usize) {
            if o.ev_enqueued || o.ev_refused {
                c.epoch = o.ev_epoch;
            }
            if o.ev_overflow {
                c.stalled = true;
            }
        }
        // One consumer a cycle may take an item below the published TAIL.
        let q = self.rng.below(LIVE as u64) as usize;
        if self.rng.chance(35) {
            let c = &mut self.queues[q];
            if let (Some((_, k)), Some(tail_at), Some(head_at)) = (c.buf, c.word(TAIL_WORD), c.word(HEAD_WORD)) {
                let tail = self.mem.get(&tail_at).copied().unwrap_or(FIRST_DATA_INDEX);
                let link = c.word(buffer::LINK_WORD).and_then(|a| self.mem.get(&a).copied()).unwrap_or(0);
                if c.head != tail {
                    c.head = buffer::next_index(c.head, k);
                    self.mem.insert(head_at, c.head);
                } else if buffer::link_next(link) != 0 {
                    // Drained and linked (the card wrote LINK after the last TAIL): follow it.
                    c.buf = Some((buffer::link_next(link), buffer::link_log2(link)));
                    c.head = FIRST_DATA_INDEX;
                }
            }
        }
    }
}

fn line_of(i: &EngineIn) -> String {
    let b = |x: bool| x as u8;
    format!(
        "{:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x}",
        b(i.rx_valid),
        i.rx_src,
        i.rx_dst,
        i.rx_queue,
        i.rx_data,
        i.rx_epoch,
        i.rx_portal,
        i.node_id,
        b(i.rx_enable),
        b(i.cmd_valid),
        i.cmd_kind,
        i.cmd_queue,
        i.cmd_arg,
        b(i.wr_ready),
        b(i.rd_ready),
        b(i.rsp_valid),
        i.rsp_tag,
        i.rsp_data
    )
}

fn gen(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1),
        sim: EngineSim::new(),
        queues: (0..LIVE).map(|_| Consumer::default()).collect(),
        mem: HashMap::new(),
        next_buffer: 0,
        unexported: (0..LIVE).rev().collect(),
        packet: None,
        paused_until: 0,
        rx_off_until: 0,
        cmd: None,
        reads: Vec::new(),
    };
    let mut s = String::new();
    for cycle in 0..CYCLES {
        let i = g.inputs(cycle);
        let o = g.sim.eval(&i);
        g.observe(cycle, &i, &o);
        g.sim.tick();
        writeln!(s, "{}", line_of(&i)).unwrap();
    }
    s
}

fn field(it: &mut std::str::SplitWhitespace, line: usize) -> u64 {
    let f = it.next().unwrap_or_else(|| panic!("stimulus line {line}: too few fields"));
    u64::from_str_radix(f, 16).unwrap_or_else(|e| panic!("stimulus line {line}: {f}: {e}"))
}

/// Totals of one replay, from its inputs and outputs.
#[derive(Default)]
struct Summary {
    cycles: u64,
    items_written: u64,
    tail_writes: u64,
    reads: u64,
    answers: u64,
    enqueued: u64,
    refused: u64,
    rejected: u64,
    overflows: u64,
    notifies: u64,
    switches: u64,
    /// Switches into a posted run's first buffer (OVERFLOW FIFO entries on the card).
    entered_runs: u64,
}

fn parse(line: &str, n: usize) -> EngineIn {
    let mut it = line.split_whitespace();
    let mut f = || field(&mut it, n);
    EngineIn {
        rx_valid: f() != 0,
        rx_src: f() as u16,
        rx_dst: f() as u16,
        rx_queue: f() as u16,
        rx_data: f(),
        rx_epoch: f() as u8,
        rx_portal: f() as u16,
        node_id: f() as u16,
        rx_enable: f() != 0,
        cmd_valid: f() != 0,
        cmd_kind: f(),
        cmd_queue: f() as u16,
        cmd_arg: f(),
        wr_ready: f() != 0,
        rd_ready: f() != 0,
        rsp_valid: f() != 0,
        rsp_tag: f() as u8,
        rsp_data: f(),
    }
}

fn log_line(o: &EngineOut) -> String {
    let b = |x: bool| x as u8;
    format!(
        "{:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x}",
        b(o.rx_ready),
        b(o.cmd_ready),
        b(o.wr_valid),
        o.wr_addr,
        o.wr_data,
        b(o.rd_valid),
        o.rd_addr,
        o.rd_tag,
        b(o.ev_enqueued),
        b(o.ev_rejected),
        b(o.ev_refused),
        b(o.ev_overflow),
        b(o.ev_bad_header),
        b(o.ev_query),
        o.ev_queue,
        o.ev_src,
        o.ev_portal,
        o.ev_epoch,
        o.ev_data,
        b(o.ev_notify),
        b(o.idle),
        b(o.ev_switch),
        b(o.ev_entered_run)
    )
}

fn run(stim: &str) -> (String, Summary) {
    let mut rtl = EngineSim::<QA>::new();
    let mut log = String::new();
    let mut sum = Summary::default();
    // TAIL words of every buffer exported so far (the generator's buffers never overlap).
    let mut tail_words = HashSet::new();
    for (n, line) in stim.lines().enumerate() {
        let i = parse(line, n + 1);
        let o = rtl.eval(&i);
        writeln!(log, "{}", log_line(&o)).unwrap();
        if i.cmd_valid && o.cmd_ready && i.cmd_kind == CMD_EXPORT {
            let k = (i.cmd_arg >> bits::EXPORT_LOG2_LSB & 0x1f) as u32;
            if buffer::valid_log2(k) {
                tail_words.insert(buffer::slot_address(i.cmd_arg, k, TAIL_WORD));
            }
        }
        if o.wr_valid && i.wr_ready {
            if tail_words.contains(&o.wr_addr) {
                sum.tail_writes += 1;
            } else {
                sum.items_written += 1;
            }
        }
        sum.reads += (o.rd_valid && i.rd_ready) as u64;
        sum.answers += i.rsp_valid as u64;
        sum.enqueued += o.ev_enqueued as u64;
        sum.refused += o.ev_refused as u64;
        sum.rejected += o.ev_rejected as u64;
        sum.overflows += o.ev_overflow as u64;
        sum.notifies += o.ev_notify as u64;
        sum.switches += o.ev_switch as u64;
        sum.entered_runs += o.ev_entered_run as u64;
        sum.cycles += 1;
        rtl.tick();
    }
    (log, sum)
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let s = self;
        write!(
            f,
            "{} cycles, {} items written, {} TAIL writes, {} HEAD reads, {} answers, {} enqueued, \
             {} refused, {} rejected, {} overflows, {} notifies, {} switches ({} into a run)",
            s.cycles,
            s.items_written,
            s.tail_writes,
            s.reads,
            s.answers,
            s.enqueued,
            s.refused,
            s.rejected,
            s.overflows,
            s.notifies,
            s.switches,
            s.entered_runs
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cosim_cli("engine_cosim", &args, gen, |stim| {
        let (log, summary) = run(stim);
        Ok((log, summary.to_string()))
    });
}
