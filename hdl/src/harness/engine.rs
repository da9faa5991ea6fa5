//! Bus-functional harness of the card's engine (not hardware): the split-transaction memory
//! responder (posted writes taken when its flow allows, tagged reads answered after seeded
//! latencies, possibly out of order), a packet source with pauses, a command queue, and
//! [`Bench`], which steps an [`EngineSim`] against them and records everything it saw. Reuses
//! [`Rng`], [`Flow`] and [`WaitStates`] of the v1 harness.

use crate::harness::{Flow, WaitStates};
use crate::stepper::{EngineIn, EngineOut, EngineSim};
use std::collections::{HashMap, VecDeque};

pub use crate::harness::Rng;

/// A packet on one of the card's links.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RxPacket {
    pub src: u16,
    pub dst: u16,
    pub queue: u16,
    pub data: u64,
    /// The sender's portal (carried to the events).
    pub portal: u16,
    /// The epoch the packet carries; in an event, the queue's epoch the engine reported.
    pub epoch: u8,
}

/// One word write the engine posted, in the order the memory took them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Write {
    pub cycle: u64,
    pub addr: u64,
    pub data: u64,
}

/// The memory side of the split-transaction port (spec "The card engine", memory port).
pub struct SplitMemory {
    pub words: HashMap<u64, u64>,
    /// Extra wait cycles of each read: answered `1 + wait` cycles after its request cycle.
    latency: WaitStates,
    write_flow: Flow,
    read_flow: Flow,
    /// Outstanding reads: (answer cycle, tag, address).
    pending: Vec<(u64, u8, u64)>,
    reads_issued: u64,
    pub writes: Vec<Write>,
    /// (cycle, address) of every read request taken.
    pub reads: Vec<(u64, u64)>,
    /// (cycle, tag) of every answer given.
    pub answers: Vec<(u64, u8)>,
    /// The read request offered and not taken last cycle (tag, address): the port is
    /// valid/ready, so it must be offered again, unchanged.
    offered: Option<(u8, u64)>,
    /// Percent of the cycles with no answer due in which an answer comes on a tag with no
    /// read outstanding (§6a: ignored).
    pub stray_answers: u32,
    stray_rng: crate::harness::Rng,
    pub strays: u64,
}

impl SplitMemory {
    pub fn new(latency: WaitStates, write_flow: Flow, read_flow: Flow) -> Self {
        SplitMemory {
            words: HashMap::new(),
            latency,
            write_flow,
            read_flow,
            pending: Vec::new(),
            reads_issued: 0,
            writes: Vec::new(),
            reads: Vec::new(),
            answers: Vec::new(),
            offered: None,
            stray_answers: 0,
            stray_rng: crate::harness::Rng(0x5eed_57a7),
            strays: 0,
        }
    }

    pub fn load(&self, addr: u64) -> u64 {
        self.words.get(&addr).copied().unwrap_or(0)
    }

    pub fn store(&mut self, addr: u64, value: u64) {
        self.words.insert(addr, value);
    }

    /// This cycle's inputs from the memory: readiness and at most one answer (the earliest due).
    pub fn drive(&mut self, cycle: u64, inp: &mut EngineIn) {
        inp.wr_ready = self.write_flow.go(cycle);
        inp.rd_ready = self.read_flow.go(cycle);
        inp.rsp_valid = false;
        let due =
            self.pending.iter().enumerate().filter(|(_, p)| p.0 <= cycle).min_by_key(|(_, p)| p.0).map(|(i, _)| i);
        if let Some(i) = due {
            let (_, tag, addr) = self.pending.remove(i);
            inp.rsp_valid = true;
            inp.rsp_tag = tag;
            inp.rsp_data = self.load(addr);
            self.answers.push((cycle, tag));
        } else if self.stray_answers > 0 {
            let r = self.stray_rng.next_u64();
            let tag = (r >> 8) as u8 % renq_abi::READ_TAGS as u8;
            if (r % 100) < self.stray_answers as u64 && !self.pending.iter().any(|p| p.1 == tag) {
                inp.rsp_valid = true;
                inp.rsp_tag = tag;
                inp.rsp_data = r >> 16; // garbage: taken as a HEAD, it would free random slots
                self.strays += 1;
            }
        }
    }

    /// What moved at this cycle's edge: a posted write is performed, a read is queued.
    pub fn observe(&mut self, cycle: u64, inp: &EngineIn, out: &EngineOut) {
        if out.wr_valid && inp.wr_ready {
            assert_eq!(out.wr_addr % renq_abi::WORD_BYTES, 0, "misaligned write");
            self.store(out.wr_addr, out.wr_data);
            self.writes.push(Write { cycle, addr: out.wr_addr, data: out.wr_data });
        }
        if let Some((tag, addr)) = self.offered.take() {
            assert!(
                out.rd_valid && (out.rd_tag, out.rd_addr) == (tag, addr),
                "cycle {cycle}: the read offered (tag {tag}, {addr:#x}) was not taken and changed to {:?}",
                out.rd_valid.then_some((out.rd_tag, out.rd_addr))
            );
        }
        if out.rd_valid && !inp.rd_ready {
            self.offered = Some((out.rd_tag, out.rd_addr));
        }
        if out.rd_valid && inp.rd_ready {
            assert!(
                !self.pending.iter().any(|p| p.1 == out.rd_tag),
                "read tag {} reused before its answer",
                out.rd_tag
            );
            let wait = self.latency.draw(self.reads_issued) as u64;
            self.reads_issued += 1;
            self.pending.push((cycle + 1 + wait, out.rd_tag, out.rd_addr));
            self.reads.push((cycle, out.rd_addr));
        }
    }
}

/// What the engine reported, in order.
#[derive(Default, Debug)]
pub struct EventLog {
    pub enqueued: u64,
    /// Every accepted packet, its `epoch` the queue's epoch reported.
    pub accepted: Vec<RxPacket>,
    /// Cycles in which NOTIFY pulsed.
    pub notify: Vec<u64>,
    /// QUERY answers: (queue, state word).
    pub query: Vec<(u16, u64)>,
    pub rejected: Vec<RxPacket>,
    pub refused: Vec<RxPacket>,
    pub overflow: Vec<u16>,
    /// Queues that switched into their next buffer, in order.
    pub switch: Vec<u16>,
    /// Those of the switches that entered a posted run's first buffer (OVERFLOW FIFO entries).
    pub entered_run: Vec<u16>,
    pub bad_header: Vec<u16>,
}

/// An engine, its memory, a link source and a command queue, stepped one cycle at a time.
pub struct Bench<const QA: usize> {
    pub sim: EngineSim<QA>,
    pub mem: SplitMemory,
    pub inp: EngineIn,
    pub out: EngineOut,
    link: VecDeque<RxPacket>,
    link_flow: Flow,
    offering: bool,
    cmds: VecDeque<(u64, u16, u64)>,
    /// Packets the engine took from the link, in order.
    pub accepted: Vec<RxPacket>,
    pub events: EventLog,
    pub cycle: u64,
}

impl<const QA: usize> Bench<QA> {
    /// An engine at `node` with RX enabled; runs the start-up sweep to its end.
    pub fn new(node: u16, mem: SplitMemory, link_flow: Flow) -> Self {
        let mut b = Bench {
            sim: EngineSim::new(),
            mem,
            inp: EngineIn { node_id: node, rx_enable: true, ..Default::default() },
            out: EngineOut::default(),
            link: VecDeque::new(),
            link_flow,
            offering: false,
            cmds: VecDeque::new(),
            accepted: Vec::new(),
            events: EventLog::default(),
            cycle: 0,
        };
        b.run_until(|b| b.out.idle && b.out.cmd_ready, (1u64 << QA) + 10);
        b
    }

    pub fn send(&mut self, p: RxPacket) {
        self.link.push_back(p);
    }

    pub fn command(&mut self, kind: u64, queue: u16, arg: u64) {
        self.cmds.push_back((kind, queue, arg));
    }

    /// EXPORT `queue` as an empty buffer of 2^log2 words at `base` (its header initialised).
    pub fn export(&mut self, queue: u16, base: u64, log2: u32) {
        for (off, v) in renq_abi::buffer::fresh_header(log2) {
            self.mem.store(base + off, v);
        }
        self.command(renq_abi::CMD_EXPORT, queue, crate::harness::export_word(base, log2));
    }

    pub fn link_empty(&self) -> bool {
        self.link.is_empty()
    }

    /// Everything offered was taken, every command done, the engine idle.
    pub fn quiet(&self) -> bool {
        self.link.is_empty() && self.cmds.is_empty() && self.out.idle
    }

    /// One clock cycle.
    pub fn step(&mut self) {
        let c = self.cycle;
        if !self.offering && !self.link.is_empty() {
            self.offering = self.link_flow.go(c);
        }
        let offer = self.link.front().copied().filter(|_| self.offering);
        self.inp.rx_valid = offer.is_some();
        if let Some(p) = offer {
            self.inp.rx_src = p.src;
            self.inp.rx_dst = p.dst;
            self.inp.rx_queue = p.queue;
            self.inp.rx_data = p.data;
            self.inp.rx_epoch = p.epoch;
            self.inp.rx_portal = p.portal;
        }
        self.inp.cmd_valid = !self.cmds.is_empty();
        if let Some(&(kind, queue, arg)) = self.cmds.front() {
            self.inp.cmd_kind = kind;
            self.inp.cmd_queue = queue;
            self.inp.cmd_arg = arg;
        }
        self.mem.drive(c, &mut self.inp);
        let out = self.sim.eval(&self.inp);
        if self.inp.rx_valid && out.rx_ready {
            self.accepted.push(self.link.pop_front().expect("offered"));
            self.offering = false;
        }
        if self.inp.cmd_valid && out.cmd_ready {
            self.cmds.pop_front();
        }
        self.mem.observe(c, &self.inp, &out);
        let ev = RxPacket {
            src: out.ev_src,
            dst: self.inp.node_id,
            queue: out.ev_queue,
            data: out.ev_data,
            portal: out.ev_portal,
            epoch: out.ev_epoch,
        };
        self.events.enqueued += out.ev_enqueued as u64;
        if out.ev_enqueued {
            self.events.accepted.push(ev);
        }
        if out.ev_notify {
            self.events.notify.push(c);
        }
        if out.ev_query {
            self.events.query.push((out.ev_queue, out.ev_data));
        }
        if out.ev_rejected {
            self.events.rejected.push(ev);
        }
        if out.ev_refused {
            self.events.refused.push(ev);
        }
        if out.ev_overflow {
            self.events.overflow.push(out.ev_queue);
        }
        if out.ev_switch {
            self.events.switch.push(out.ev_queue);
        }
        if out.ev_entered_run {
            assert!(out.ev_switch, "entered a run without a switch");
            self.events.entered_run.push(out.ev_queue);
        }
        if out.ev_bad_header {
            self.events.bad_header.push(out.ev_queue);
        }
        self.out = self.sim.tick();
        self.cycle += 1;
    }

    /// Steps until `done` (checked before each cycle); panics after `max` cycles.
    pub fn run_until(&mut self, done: impl Fn(&Self) -> bool, max: u64) {
        for _ in 0..max {
            if done(self) {
                return;
            }
            self.step();
        }
        panic!("engine bench: condition not reached within {max} cycles (cycle {})", self.cycle);
    }
}

/// What a consumer finds following the chain of buffers from `base` (2^`log2` words each, as
/// LINK names them): the items of each buffer (slots from 3 up to its TAIL) and the bases
/// visited, as `mem` holds them now. `None` if the chain loops (over 10 000 buffers).
pub fn follow_chain(mem: &SplitMemory, mut base: u64, mut log2: u32) -> Option<(Vec<u64>, Vec<u64>)> {
    use renq_abi::buffer::{link_log2, link_next, next_index, FIRST_DATA_INDEX, LINK_WORD, TAIL_WORD};
    let (mut items, mut bases) = (Vec::new(), vec![base]);
    for _ in 0..10_000 {
        let tail = mem.load(base + TAIL_WORD * 8);
        let mut i = FIRST_DATA_INDEX;
        while i != tail {
            items.push(mem.load(base + i * 8));
            i = next_index(i, log2);
        }
        let link = mem.load(base + LINK_WORD * 8);
        if link_next(link) == 0 {
            return Some((items, bases));
        }
        (base, log2) = (link_next(link), link_log2(link));
        bases.push(base);
    }
    None
}

/// An exported buffer the audit knows: writes must land in one of these.
#[derive(Clone, Copy, Debug)]
pub struct Buffer {
    pub queue: u16,
    pub base: u64,
    pub log2: u32,
}

/// What the audit found: per buffer (in `buffers` order) the data words in write order, the
/// TAIL publications, and the tail last published.
#[derive(Debug, Default)]
pub struct Audit {
    pub data: Vec<Vec<u64>>,
    pub publications: Vec<u64>,
    pub published: Vec<u64>,
    /// The ring position after the last data write (what a full publication shows).
    pub written_to: Vec<u64>,
}

/// The reference model's check of a write log (spec "The card engine": what must hold): every
/// write inside an exported buffer, never LINK or HEAD; data slots written in ring order from
/// the first data slot (so exactly once each lap, per-queue order, no stale tail); every TAIL
/// publication at a position the data writes have reached (never covering an unwritten slot).
pub fn audit(buffers: &[Buffer], writes: &[Write]) -> Result<Audit, String> {
    use renq_abi::buffer::*;
    let n = buffers.len();
    let mut a = Audit {
        data: vec![Vec::new(); n],
        publications: vec![0; n],
        published: vec![FIRST_DATA_INDEX; n],
        written_to: vec![FIRST_DATA_INDEX; n],
    };
    // Ring positions reached since the last publication, per buffer.
    let mut reached: Vec<Vec<u64>> = vec![vec![FIRST_DATA_INDEX]; n];
    for w in writes {
        let Some(b) = buffers.iter().position(|b| w.addr >= b.base && w.addr < b.base + bytes(b.log2)) else {
            return Err(format!("write outside every exported buffer: {w:?}"));
        };
        let buf = buffers[b];
        let index = (w.addr - buf.base) >> renq_abi::WORD_SHIFT;
        match index {
            LINK_WORD => return Err(format!("LINK written: {w:?}")),
            HEAD_WORD => return Err(format!("HEAD written: {w:?}")),
            TAIL_WORD => {
                if !reached[b].contains(&w.data) {
                    return Err(format!(
                        "TAIL {} of queue {} is not a position the data writes reached since the last \
                         publication ({:?}): {w:?}",
                        w.data, buf.queue, reached[b]
                    ));
                }
                let keep = reached[b].iter().position(|&t| t == w.data).unwrap();
                reached[b].drain(..keep);
                a.published[b] = w.data;
                a.publications[b] += 1;
            }
            i => {
                if i != a.written_to[b] {
                    return Err(format!(
                        "queue {} slot {i} written where the ring is at {}: {w:?}",
                        buf.queue, a.written_to[b]
                    ));
                }
                a.data[b].push(w.data);
                a.written_to[b] = next_index(i, buf.log2);
                reached[b].push(a.written_to[b]);
            }
        }
    }
    Ok(a)
}
