//! Co-simulation, RustHDL side: drives `renq_hdl::paper::PaperRtlCard` with a stimulus file and writes the
//! transaction log that `verilog-out/cosim/tb_paper.v` writes for the emitted Verilog.
//! `make -C verilog-out cosim-paper` diffs the two logs byte for byte.
//!
//! ```text
//! cosim_log <stimulus> <log>          run the stimulus on the RustHDL card, write the log
//! cosim_log --gen <seed> <stimulus>   write a deterministic random stimulus
//! ```
//! The stimulus format and the cycle protocol are described in `verilog-out/cosim/README.md`
//! and at the top of `tb_paper.v`; the two implementations must stay in lock-step.

use renq_abi::packet::Packet;
use renq_hdl::cycle::CycleCard;
use renq_hdl::harness::{CsrOp, Flow, LinkSource, MemRequest, MemResponder, MemViolation, Rng, WaitStates};
use renq_hdl::paper::{PaperPortsIn, PaperPortsOut, PaperRtlCard};
use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;

const ADDR_MASK: u64 = (1 << 48) - 1;

/// Registers read at the end of every run, in this order (same list as `fin` in tb_paper.v).
fn final_regs() -> Vec<u16> {
    use renq_abi::paper::regs::*;
    let mut v = vec![
        ID,
        NODE_ID,
        CONTROL,
        IRQ_STATUS,
        IRQ_MASK,
        STALLED,
        ARMED,
        CNT_SENT,
        CNT_TX_DROPPED,
        CNT_ENQUEUED,
        CNT_REJECTED,
        CNT_OVERFLOWS,
        CNT_BAD_HEADER,
    ];
    v.extend((0..renq_abi::paper::MAX_QUEUES as u8).map(export_entry));
    v.into_iter().map(|r| r as u16).collect()
}

struct CsrLine {
    t: u64,
    write: bool,
    addr: u16,
    data: u64,
}
struct ShOp {
    t: u64,
    addr: u32,
    data: u64,
    strobe: u8,
}
struct RxOp {
    t: u64,
    src: u8,
    dst: u8,
    queue: u8,
    data: u64,
}
struct HostStore {
    t: u64,
    addr: u64,
    data: u64,
}

#[derive(Default)]
struct Stimulus {
    csr: VecDeque<CsrLine>,
    sh: VecDeque<ShOp>,
    rx: VecDeque<RxOp>,
    host: VecDeque<HostStore>,
    lat: Vec<u32>,
    txr: Vec<bool>,
    mem: HashMap<u64, u64>,
    cycles: Option<u64>,
}

fn parse(text: &str) -> Result<Stimulus, String> {
    let mut s = Stimulus::default();
    for (n, line) in text.lines().enumerate() {
        let Some(op) = line.chars().next() else { continue };
        if matches!(op, '#' | ' ' | '\t' | '\r') {
            continue;
        }
        let mut f = [0u64; 5];
        for (i, tok) in line[op.len_utf8()..].split_whitespace().take(5).enumerate() {
            f[i] = u64::from_str_radix(tok, 16).map_err(|e| format!("line {}: {tok}: {e}", n + 1))?;
        }
        match op {
            'W' | 'R' => s.csr.push_back(CsrLine {
                t: f[0],
                write: op == 'W',
                addr: (f[1] & 0xfff) as u16,
                data: if op == 'W' { f[2] } else { 0 },
            }),
            'S' => s.sh.push_back(ShOp { t: f[0], addr: (f[1] & 0xfffff) as u32, data: f[2], strobe: f[3] as u8 }),
            'P' => s.rx.push_back(RxOp {
                t: f[0],
                src: (f[1] & 0xf) as u8,
                dst: (f[2] & 0xf) as u8,
                queue: (f[3] & 0xf) as u8,
                data: f[4],
            }),
            'L' => s.lat.push(f[0] as u32),
            'T' => s.txr.push(f[0] & 1 == 1),
            'M' => {
                s.mem.insert(f[0] & ADDR_MASK, f[1]);
            }
            'H' => s.host.push_back(HostStore { t: f[0], addr: f[1] & ADDR_MASK, data: f[2] }),
            'E' => s.cycles = Some(f[0]),
            // expected final register value: checked by check_logs.sh, not by the simulators
            'X' => {}
            _ => return Err(format!("line {}: bad stimulus line: {line}", n + 1)),
        }
    }
    Ok(s)
}

struct Bench {
    card: PaperRtlCard,
    s: Stimulus,
    /// The memory: wait states from the `L` lines, one per request in turn.
    mem: MemResponder,
    /// The link's TX ready, from the `T` lines, one per cycle in turn.
    tx_ready: Flow,
    log: String,
    cyc: u64,
    prev_irq: bool,
    /// The read issued last cycle (cycle, address, final?): the CSR port is registered, so its
    /// value is on csr_rdata in this cycle and it is logged now.
    pend: Option<(u64, u16, bool)>,
}

impl Bench {
    /// Steps 1-3 of one cycle (see tb_paper.v); returns whether sh / rx handshakes fired.
    /// `drain`: no CSR access this cycle. In the drain cycles and the final reads
    /// (`fin_addr` or `drain`) no new shadow store or packet is offered.
    fn half_cycle(&mut self, fin_addr: Option<u16>, drain: bool) -> (bool, bool) {
        let streams = fin_addr.is_none() && !drain;
        let cyc = self.cyc;
        while self.s.host.front().is_some_and(|h| h.t <= cyc) {
            let h = self.s.host.pop_front().unwrap();
            self.s.mem.insert(h.addr, h.data);
        }
        let mut inp = PaperPortsIn::default();
        let mut read = None;
        let mut op = CsrOp::Idle;
        if let Some(a) = fin_addr {
            op = CsrOp::Read(a as u64);
            read = Some(a);
        } else if streams && self.s.csr.front().is_some_and(|c| c.t <= cyc) {
            let c = self.s.csr.pop_front().unwrap();
            if c.write {
                op = CsrOp::Write(c.addr as u64, c.data);
            } else {
                op = CsrOp::Read(c.addr as u64);
                read = Some(c.addr);
            }
        }
        op.apply(&mut inp);
        if let Some(sh) = self.s.sh.front().filter(|x| streams && x.t <= cyc) {
            inp.sh_valid = true;
            inp.sh_addr = sh.addr;
            inp.sh_data = sh.data;
            inp.sh_strobe = sh.strobe;
        }
        let offer = self.s.rx.front().filter(|x| streams && x.t <= cyc);
        LinkSource::apply(offer.map(|p| Packet::enqueue(p.src as u16, p.dst as u16, p.queue as u16, p.data)), &mut inp);
        inp.tx_ready = self.tx_ready.go(cyc);
        let mut out: PaperPortsOut = self.card.eval(&inp);
        // memory
        let answer = self.mem.cycle(MemRequest::of(&out), &mut self.s.mem);
        match answer.violation {
            Some(MemViolation::Changed { .. }) => writeln!(self.log, "ERR {cyc} request changed before ack").unwrap(),
            Some(MemViolation::Dropped { .. }) => writeln!(self.log, "ERR {cyc} request dropped before ack").unwrap(),
            None => {}
        }
        if let Some(a) = answer.access {
            answer.apply(&mut inp);
            writeln!(self.log, "{} {cyc} {:012x} {:016x}", if a.write { 'W' } else { 'R' }, a.addr, a.data).unwrap();
            out = self.card.eval(&inp);
        }
        // log
        if let Some((rcyc, a, fin)) = self.pend.take() {
            if fin {
                writeln!(self.log, "FINAL {:03x} {:016x}", a, out.csr_rdata).unwrap();
            } else {
                writeln!(self.log, "CSR {rcyc} {:03x} {:016x}", a, out.csr_rdata).unwrap();
            }
        }
        self.pend = read.map(|a| (cyc, a, fin_addr.is_some()));
        let sh_fire = inp.sh_valid && out.sh_ready;
        let rx_fire = inp.rx_valid && out.rx_ready;
        if sh_fire {
            writeln!(self.log, "SH {cyc}").unwrap();
        }
        if rx_fire {
            writeln!(self.log, "RX {cyc}").unwrap();
        }
        if out.tx_valid && inp.tx_ready {
            writeln!(self.log, "TX {cyc} {:x} {:x} {:x} {:016x}", out.tx_src, out.tx_dst, out.tx_queue, out.tx_data)
                .unwrap();
        }
        if out.irq != self.prev_irq {
            writeln!(self.log, "IRQ {cyc} {}", out.irq as u8).unwrap();
            self.prev_irq = out.irq;
        }
        (sh_fire, rx_fire)
    }

    fn clock_edge(&mut self, (sh_fire, rx_fire): (bool, bool)) {
        self.card.tick();
        if sh_fire {
            self.s.sh.pop_front();
        }
        if rx_fire {
            self.s.rx.pop_front();
        }
        self.cyc += 1;
    }
}

/// Cycles with no CSR access and no new packet or store between the stimulus and the final
/// reads (same as DRAIN in tb_paper.v): longer than one enqueue at the largest latency.
const DRAIN_CYCLES: u32 = 64;

fn run(stim_path: &str, log_path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(stim_path).map_err(|e| format!("{stim_path}: {e}"))?;
    let s = parse(&text)?;
    let cycles = s.cycles.ok_or("stimulus has no E line")?;
    let mut b = Bench {
        card: PaperRtlCard::new(),
        mem: MemResponder::new(WaitStates::Listed(s.lat.clone())),
        tx_ready: Flow::Pattern(s.txr.clone()),
        s,
        log: String::from("# renq cosim log v1\n"),
        cyc: 0,
        prev_irq: false,
        pend: None,
    };
    for _ in 0..cycles {
        let f = b.half_cycle(None, false);
        b.clock_edge(f);
    }
    // drain: the packet in flight (if any) completes and counters land before the final reads
    for _ in 0..DRAIN_CYCLES {
        let f = b.half_cycle(None, true);
        b.clock_edge(f);
    }
    for a in final_regs() {
        let f = b.half_cycle(Some(a), false);
        b.clock_edge(f);
    }
    // one more cycle: the last final read's value arrives (registered CSR port)
    let f = b.half_cycle(None, true);
    b.clock_edge(f);
    writeln!(b.log, "END {}", b.cyc).unwrap();
    std::fs::write(log_path, b.log).map_err(|e| format!("{log_path}: {e}"))
}

/// A random but well-formed stimulus: a card with a mix of good, unexported and malformed
/// queues, packets (mostly for this node), shadow stores (mostly good), a consumer that moves
/// head words, a driver that reads STALLED, acknowledges interrupts and resumes queues.
fn generate(seed: u64, path: &str) -> Result<(), String> {
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut out = format!("# renq cosim stimulus: random, seed {seed} (cosim_log --gen)\n");
    for _ in 0..16 {
        let l = [0, 0, 0, 0, 1, 1, 2, 3, 5, 9][r.below(10) as usize];
        writeln!(out, "L {l:x}").unwrap();
    }
    for _ in 0..11 {
        writeln!(out, "T {}", r.chance(80) as u8).unwrap();
    }
    let node = r.below(16);
    let mut csr: Vec<(u64, String)> = Vec::new();
    let mut host: Vec<(u64, String)> = Vec::new();
    csr.push((0, format!("W 0 008 {node:x}")));
    csr.push((0, format!("W 0 020 {:x}", r.below(8))));
    // queues: (exported ok, base, k)
    let mut good: Vec<(u64, u64, u32)> = Vec::new();
    for q in 0..16u64 {
        let kind = r.below(10);
        let k: u32 = if kind < 7 {
            3 + r.below(3) as u32
        } else if kind < 8 {
            r.below(3) as u32
        } else {
            17 + r.below(15) as u32
        };
        let valid = kind != 9 || r.chance(30);
        let bytes = 8u64 << k.min(16);
        let base = 0x10_0000 * (q + 1) + if r.chance(20) { r.below(bytes) & !7 } else { 0 };
        let entry = (valid as u64) << 63 | (k as u64) << 48 | base;
        csr.push((0, format!("W 0 {:03x} {entry:x}", renq_abi::paper::regs::export_entry(q as u8))));
        if valid && (3..=16).contains(&k) {
            let abase = base & !(bytes - 1);
            let words = 1u64 << k;
            let tail = if r.chance(8) { r.below(3) } else { 3 + r.below(words - 3) };
            let head = 3 + r.below(words - 3);
            let garbage = if r.chance(20) { r.next_u64() & !0xffff } else { 0 };
            writeln!(out, "M {:x} {:x}", abase + 8, tail | garbage).unwrap();
            writeln!(out, "M {:x} {:x}", abase + 16, head).unwrap();
            good.push((q, abase, k));
        }
    }
    csr.push((0, "W 0 010 3".into()));
    // traffic
    let horizon = 1500u64;
    let mut rx = String::new();
    let mut sh = String::new();
    let mut t_rx = 10u64;
    let mut t_sh = 10u64;
    while t_rx < horizon {
        t_rx += r.below(6);
        let q =
            if !good.is_empty() && r.chance(80) { good[r.below(good.len() as u64) as usize].0 } else { r.below(16) };
        let dst = if r.chance(90) { node } else { r.below(16) };
        writeln!(rx, "P {t_rx:x} {:x} {dst:x} {q:x} {:x}", r.below(16), r.next_u64()).unwrap();
    }
    while t_sh < horizon {
        t_sh += r.below(8);
        let mut addr = r.below(1 << 20) & !7;
        if r.chance(10) {
            addr |= 1 + r.below(7);
        }
        let strobe = if r.chance(90) { 0xff } else { r.below(256) };
        writeln!(sh, "S {t_sh:x} {addr:x} {:x} {strobe:x}", r.next_u64()).unwrap();
    }
    // driver and consumer activity
    let mut t = 40u64;
    while t < horizon + 200 {
        t += 10 + r.below(40);
        match r.below(10) {
            0..=2 => {
                csr.push((t, "R 0 028".into()));
                csr.push((t, "R 0 018".into()));
                csr.push((t, "W 0 018 7".into()));
                for q in 0..16 {
                    if r.chance(60) {
                        csr.push((t, format!("W 0 030 {q:x}")));
                    }
                }
            }
            3..=5 => {
                if !good.is_empty() {
                    let (_, abase, k) = good[r.below(good.len() as u64) as usize];
                    let head = 3 + r.below((1 << k) - 3);
                    host.push((t, format!("H {t:x} {:x} {head:x}", abase + 16)));
                }
            }
            6 => csr.push((t, format!("W 0 038 {:x}", r.below(16)))),
            7 => csr.push((t, format!("R 0 {:03x}", 8 * r.below(0x30)))),
            8 => {
                csr.push((t, "W 0 010 0".into()));
                csr.push((t + 5 + r.below(20), "W 0 010 3".into()));
            }
            _ => csr.push((t, format!("W 0 020 {:x}", r.below(8)))),
        }
    }
    csr.sort_by_key(|c| c.0); // stable: same-time ops keep their order
    for (t, line) in &csr {
        // the op's time goes in the first field
        let (op, rest) = line.split_at(1);
        let rest = rest.trim_start().split_once(' ').map(|x| x.1).unwrap_or("");
        writeln!(out, "{op} {t:x} {rest}").unwrap();
    }
    for (_, line) in &host {
        writeln!(out, "{line}").unwrap();
    }
    out.push_str(&rx);
    out.push_str(&sh);
    writeln!(out, "E {:x}", horizon + 400).unwrap();
    std::fs::write(path, out).map_err(|e| format!("{path}: {e}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let res = match args.as_slice() {
        [g, seed, path] if g == "--gen" => match seed.parse::<u64>() {
            Ok(s) => generate(s, path),
            Err(e) => Err(format!("seed {seed}: {e}")),
        },
        [stim, log] => run(stim, log),
        _ => Err("usage: cosim_log <stimulus> <log> | cosim_log --gen <seed> <stimulus>".into()),
    };
    if let Err(e) = res {
        eprintln!("cosim_log: {e}");
        std::process::exit(1);
    }
}
