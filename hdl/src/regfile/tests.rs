//! The card's register file under random CSR timing and back-pressure, against a cycle-level
//! reference restated from spec §8b and §6b (not from the RTL's structure): every read answer,
//! the handshake, the commands the engine receives, the portal operations, and the irq line.

use super::*;
use crate::harness::Rng;
use crate::stepper::Hand;
use renq_abi::regs::{command, COUNTERS, REGISTERS};
use renq_abi::{CMD_QUERY, CMD_RESUME, CMD_SPARE};
use std::collections::VecDeque;

const QA: usize = 9;
const PA: usize = 8;
type Uut = RegFile<QA, PA>;

/// The engine events in the order of `COUNTERS` (SENT and TX_DROPPED come from the sender).
#[derive(Clone, Copy, Default)]
struct Events {
    sent: bool,
    dropped: bool,
    bad_store: bool,
    enqueued: bool,
    rejected: bool,
    overflow: bool,
    /// A switch into the next buffer (never in an overflow's cycle: each is one operation's),
    /// counted; `entered_run` (only with `switch`): into a posted run, a FIFO entry.
    switch: bool,
    entered_run: bool,
    bad_header: bool,
    refused: bool,
    src_refused: bool,
    notify: bool,
    queue: u16,
}

/// What the spec says the file holds.
#[derive(Default)]
struct Reference {
    node_id: u64,
    control: u64,
    irq_latched: u64,
    irq_mask: u64,
    cmd_arg: u64,
    query: u64,
    portal_sel: u64,
    fifo: VecDeque<u16>,
    lost: bool,
    /// Counter values, and the events of this cycle's predecessor, not yet visible (a count
    /// shows an event two cycles later: registered pulse, then the count).
    counts: [u64; COUNTERS.len()],
    late: VecDeque<[u64; COUNTERS.len()]>,
    /// The engine took a QUERY whose answer has not come.
    query_wait: bool,
    /// A PORTAL read or write under way.
    portal_busy: bool,
    /// An OVERFLOW_POP with POP was taken: the FIFO pops at the next edge.
    pop_due: bool,
}

impl Reference {
    fn irq_status(&self) -> u64 {
        let overflow = !self.fifo.is_empty() || self.lost;
        self.irq_latched | if overflow { Irq::OVERFLOW_MASK } else { 0 }
    }

    fn cmd_busy(&self, commands: &VecDeque<(u64, u16, u64)>) -> bool {
        !commands.is_empty() || self.query_wait
    }

    fn read(&self, offset: u64, sweeping: bool, cmd_busy: bool) -> u64 {
        let counter = COUNTERS.iter().position(|c| c.0 == offset);
        match offset {
            _ if counter.is_some() => self.counts[counter.unwrap()],
            r::ID => r::ID_VALUE,
            r::NODE_ID => self.node_id,
            r::CONTROL => self.control,
            r::IRQ_STATUS => self.irq_status(),
            r::IRQ_MASK => self.irq_mask,
            r::CMD_ARG => self.cmd_arg,
            r::QUERY => self.query,
            r::OVERFLOW => {
                self.fifo.front().map_or(0, |&q| q as u64 | 1 << bits::OVERFLOW_VALID)
                    | (self.lost as u64) << bits::OVERFLOW_LOST
            }
            r::PORTAL_SEL => self.portal_sel,
            r::STATUS => (cmd_busy as u64) << bits::STATUS_CMD_PENDING | (sweeping as u64) << bits::STATUS_SWEEPING,
            r::CAPS => r::rtl_caps(QA as u32, PA as u32),
            _ => 0,
        }
    }
}

/// A random access: mostly registers of the table, some unknown offsets, values that mean
/// something for the register.
fn random_access(rng: &mut Rng) -> (bool, u64, u64) {
    let offset = if rng.chance(5) {
        0x0b0 + 8 * rng.below(100)
    } else {
        REGISTERS[rng.below(REGISTERS.len() as u64) as usize].offset
    };
    let value = match offset {
        r::CMD if rng.chance(90) => command(rng.below(6), rng.below(1 << 12) as u16),
        r::OVERFLOW_POP if rng.chance(90) => rng.below(4),
        r::PORTAL_SEL => rng.below(1 << 13),
        r::IRQ_STATUS | r::IRQ_MASK | r::CONTROL => rng.below(16),
        _ => rng.next_u64(),
    };
    (rng.chance(50), offset, value)
}

/// One run: `cycles` of random accesses, held until taken, under `ready_pct` back-pressure of
/// the engine's command port and the portal table.
fn run(seed: u64, cycles: u64, ready_pct: u64) -> [u64; 6] {
    let mut h = Hand::<Uut>::new(|f, c| f.clock.next = Clock { clk: c });
    let mut rng = Rng(seed);
    let mut m = Reference::default();
    let mut table = vec![0u64; 1 << 12];
    // Presented access (write?, offset, value), answers expected (value, or None for PORTAL).
    let mut access: Option<(bool, u64, u64)> = None;
    let mut expect: VecDeque<Option<u64>> = VecDeque::new();
    let mut commands: VecDeque<(u64, u16, u64)> = VecDeque::new();
    // The fake engine's QUERY in flight (cycles to its answer), and the table's ENTRY answer.
    let mut query_due: Option<u64> = None;
    let mut entry_due: Option<(u64, u64)> = None;
    let mut sweeping = true;
    let mut stats = [0u64; 6]; // reads, writes, commands, portal ops, lost set, irq cycles
    for cycle in 0..cycles {
        if access.is_none() && rng.chance(60) {
            access = Some(random_access(&mut rng));
        }
        if cycle % 500 == 499 {
            sweeping = rng.chance(20);
        }
        let overflow = rng.chance(6);
        let switch = !overflow && rng.chance(4);
        let ev = Events {
            sent: rng.chance(20),
            dropped: rng.chance(10),
            bad_store: rng.chance(10),
            enqueued: rng.chance(20),
            rejected: rng.chance(5),
            overflow,
            switch,
            entered_run: switch && rng.chance(50),
            bad_header: rng.chance(2),
            refused: rng.chance(10),
            src_refused: rng.chance(5),
            notify: rng.chance(2),
            queue: rng.below(1 << 12) as u16,
        };
        let query_now = query_due.is_some_and(|c| c == cycle);
        let query_data = rng.next_u64() & !(1 << state::READY);
        let entry_now = entry_due.filter(|e| e.0 == cycle);
        let (cmd_ready, pop_ready) = (rng.chance(ready_pct), rng.chance(ready_pct));
        let u = &mut h.uut;
        let (write, offset, value) = access.unwrap_or((false, 0, 0));
        u.csr.read.next = access.is_some() && !write;
        u.csr.write.next = access.is_some() && write;
        u.csr.addr.next = offset.into();
        u.csr.wdata.next = value.into();
        u.cmd.ready.next = cmd_ready;
        u.pop_ready.next = pop_ready;
        u.prsp.valid.next = entry_now.is_some();
        u.prsp.data.next = entry_now.map_or(0, |e| e.1).into();
        u.tx_ev.sent.next = ev.sent;
        u.tx_ev.dropped.next = ev.dropped;
        u.tx_ev.bad_store.next = ev.bad_store;
        u.ev.enqueued.next = ev.enqueued;
        u.ev.rejected.next = ev.rejected;
        u.ev.overflow.next = ev.overflow;
        u.ev.switch.next = ev.switch;
        u.ev.entered_run.next = ev.entered_run;
        u.ev.bad_header.next = ev.bad_header;
        u.ev.refused.next = ev.refused;
        u.tx_ev.src_refused.next = ev.src_refused;
        u.ev.notify.next = ev.notify;
        u.ev.queue.next = (ev.queue as u64).into();
        u.ev.query.next = query_now;
        u.ev.data.next = query_data.into();
        u.sweeping.next = sweeping;
        h.settle();
        let u = &h.uut;

        // Outputs of this cycle against the reference.
        let cmd_busy = m.cmd_busy(&commands);
        let cmd_held = cmd_busy && write && access.is_some() && offset == r::CMD;
        let want_ready = !m.portal_busy && !cmd_held && !m.pop_due;
        assert_eq!(u.csr.ready.val(), want_ready, "cycle {cycle}: csr_ready");
        assert_eq!(u.irq.val(), m.irq_status() & m.irq_mask != 0, "cycle {cycle}: irq");
        stats[5] += u.irq.val() as u64;
        if u.csr.rvalid.val() {
            let want = expect.pop_front().unwrap_or_else(|| panic!("cycle {cycle}: an answer nobody asked for"));
            let want = want.unwrap_or_else(|| entry_due.take().expect("a PORTAL answer").1);
            assert_eq!(u.csr.rdata.val().to_u64(), want, "cycle {cycle}: read answer");
        } else {
            assert_eq!(u.csr.rdata.val().to_u64(), 0, "cycle {cycle}: rdata outside an answer");
        }
        assert_eq!(u.node_id.val().to_u64(), m.node_id);
        assert_eq!(u.rx_enable.val(), m.control & 1 != 0);
        assert_eq!(u.tx_enable.val(), m.control & 2 != 0);
        let cmd_taken = u.cmd.valid.val() && cmd_ready;
        if cmd_taken {
            let (kind, queue, arg) = commands.pop_front().expect("a command nobody wrote");
            assert_eq!(
                (u.cmd.kind.val().to_u64(), u.cmd.queue.val().to_u64() as u16, u.cmd.arg.val().to_u64()),
                (kind, queue, arg)
            );
            stats[2] += 1;
            if kind == CMD_QUERY {
                query_due = Some(cycle + 1 + rng.below(6));
                m.query_wait = true;
            }
        } else {
            assert_eq!(u.cmd.valid.val(), !commands.is_empty(), "cycle {cycle}: cmd_valid");
        }
        if u.pop_valid.val() && pop_ready {
            let portal = u.pop.portal.val().to_u64();
            assert_eq!(portal, m.portal_sel);
            stats[3] += 1;
            if u.pop.kind.val().to_u64() == op::GRANT {
                table[portal as usize] = u.pop.data.val().to_u64();
                m.portal_busy = false;
            } else {
                assert_eq!(u.pop.kind.val().to_u64(), op::ENTRY);
                entry_due = Some((cycle + 1 + rng.below(5), table[portal as usize]));
            }
        }

        // The edge: the reference's view of what this cycle did.
        let taken = access.is_some() && want_ready;
        let reads = m.read(offset, sweeping, cmd_busy);
        if entry_now.is_some() {
            m.portal_busy = false;
            expect.push_back(None);
            entry_due = entry_now;
        }
        if query_now {
            m.query = query_data | 1 << state::READY;
            m.query_wait = false;
            query_due = None;
        }
        let mut irq = m.irq_latched;
        let fifo_was_full = m.fifo.len() == OVERFLOW_FIFO_DEPTH;
        // A POP taken last cycle is made at this edge (no access was taken in this cycle).
        if std::mem::take(&mut m.pop_due) {
            m.fifo.pop_front();
        }
        if taken && !write {
            stats[0] += 1;
            if offset == r::PORTAL {
                m.portal_busy = true;
            } else {
                expect.push_back(Some(reads));
            }
        }
        if taken && write {
            stats[1] += 1;
            match offset {
                r::NODE_ID => m.node_id = value & defined::NODE_ID,
                r::CONTROL => m.control = value & defined::CONTROL,
                r::IRQ_STATUS => irq &= !(value & defined::IRQ_STATUS),
                r::IRQ_MASK => m.irq_mask = value & defined::IRQ_MASK,
                r::CMD_ARG => m.cmd_arg = value,
                r::CMD if value & !defined::CMD == 0 && value >> bits::CMD_KIND_LSB <= CMD_SPARE => {
                    let kind = value >> bits::CMD_KIND_LSB;
                    commands.push_back((kind, (value & 0xfff) as u16, m.cmd_arg));
                    if kind == CMD_QUERY {
                        m.query = 0;
                    }
                }
                r::OVERFLOW_POP if value & !defined::OVERFLOW_POP == 0 => {
                    m.pop_due = value & 1 << bits::POP != 0;
                    if value & 1 << bits::CLEAR_LOST != 0 {
                        m.lost = false;
                    }
                }
                r::PORTAL_SEL => m.portal_sel = value & defined::PORTAL_SEL,
                r::PORTAL => m.portal_busy = true,
                _ => {}
            }
        }
        if ev.bad_header {
            irq |= Irq::BAD_HEADER_MASK;
        }
        if ev.notify {
            irq |= Irq::NOTIFY_MASK;
        }
        m.irq_latched = irq;
        if ev.overflow || ev.entered_run {
            if fifo_was_full {
                stats[4] += !m.lost as u64;
                m.lost = true;
            } else {
                m.fifo.push_back(ev.queue);
            }
        }
        // Counters: an event of cycle t shows from cycle t + 2 (TX_DROPPED has two sources).
        let dropped = ev.dropped as u64 + ev.bad_store as u64;
        m.late.push_back([
            ev.sent as u64,
            dropped,
            ev.enqueued as u64,
            ev.rejected as u64,
            ev.overflow as u64,
            ev.bad_header as u64,
            ev.refused as u64,
            ev.src_refused as u64,
            ev.switch as u64,
        ]);
        if m.late.len() == 2 {
            for (c, n) in m.counts.iter_mut().zip(m.late.pop_front().unwrap()) {
                *c = (*c + n) & defined::CNT_SENT;
            }
        }
        if taken {
            access = None;
        }
        h.tick();
    }
    stats
}

/// Every register under random CSR timing, the command port and portal table ready half the
/// time; then with them always ready (the answers' timing differs, the contents may not).
#[test]
fn every_register_matches_the_spec_under_random_timing() {
    for (seed, ready) in [(0x7e61, 50), (0x7e62, 100), (0x7e63, 15)] {
        let [reads, writes, commands, portal_ops, lost, irq] = run(seed, 12_000, ready);
        eprintln!("seed {seed:#x} ready {ready}%: {reads} reads, {writes} writes, {commands} commands, {portal_ops} portal ops, LOST set {lost}x, irq high {irq} cycles");
        assert!(
            reads > 1500 && writes > 1500 && commands > 50 && portal_ops > 100 && lost > 0,
            "the run exercised too little"
        );
    }
}

/// A CMD written while one is pending waits (csr_ready low) and is not lost; STATUS stays
/// readable meanwhile and shows CMD_PENDING.
#[test]
fn a_second_command_waits_for_the_first() {
    let mut h = Hand::<Uut>::new(|f, c| f.clock.next = Clock { clk: c });
    let access = |h: &mut Hand<Uut>, write: bool, offset: u64, value: u64| {
        h.uut.csr.write.next = write;
        h.uut.csr.read.next = !write;
        h.uut.csr.addr.next = offset.into();
        h.uut.csr.wdata.next = value.into();
        h.settle();
        let ready = h.uut.csr.ready.val();
        h.tick();
        h.uut.csr.write.next = false;
        h.uut.csr.read.next = false;
        h.settle();
        (ready, h.uut.csr.rvalid.val().then(|| h.uut.csr.rdata.val().to_u64()))
    };
    assert_eq!(access(&mut h, true, r::CMD, command(CMD_RESUME, 7)), (true, None));
    assert_eq!(access(&mut h, true, r::CMD, command(CMD_RESUME, 8)), (false, None), "held while the first waits");
    assert_eq!(access(&mut h, false, r::STATUS, 0), (true, Some(1 << bits::STATUS_CMD_PENDING)));
    h.uut.cmd.ready.next = true;
    h.settle();
    assert!(h.uut.cmd.valid.val());
    assert_eq!(h.uut.cmd.queue.val().to_u64(), 7);
    h.tick();
    h.uut.cmd.ready.next = false;
    assert_eq!(access(&mut h, true, r::CMD, command(CMD_RESUME, 8)), (true, None));
    assert_eq!(h.uut.cmd.queue.val().to_u64(), 8);
}
