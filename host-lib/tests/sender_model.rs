//! Model check of the card's sender protocol (spec §7c): every interleaving of producers (the
//! library's own settle step machine, `renq::Settle`), the link each way, the card model
//! (`renq_sim::engine::model::Model`, the code that ships) and a destination driver and
//! consumer, over a queue of the smallest buffer the ABI allows. Checks: every item is
//! delivered exactly once and in its producer's order, each sender's ring ends empty with
//! `accepted` = its items, and from every state the run can still finish (nothing stuck).
//! Mutants (a card bumping the epoch at a stall's start, a sender not storing RETRY) must
//! each be caught.

#[path = "../../driver/tests/explore/mod.rs"]
mod explore;

use std::collections::VecDeque;
use std::time::Instant;

use renq::{PortalAccess, Settle, SettleStep, Unconfirmed};
use renq_abi::buffer::{capacity, next_index, occupancy, FIRST_DATA_INDEX, HEAD_WORD, MIN_LOG2_WORDS, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry};
use renq_abi::packet::Packet;
use renq_abi::portal::{page_offset, Entry, Status, RETRY_OFFSET};
use renq_abi::regs::{self as r, bits, command};
use renq_abi::WORD_BYTES;
use renq_abi::{CMD_EXPORT, CMD_RESUME};
use renq_sim::engine::model::Model;
use renq_sim::engine::CardEngine;
use renq_sim::{HostMemory, RESERVED_BYTES};

/// The destination queue's buffer: the smallest the ABI allows.
const LOG2: u32 = MIN_LOG2_WORDS;
const WORDS: usize = 1 << LOG2;
const BASE: u64 = RESERVED_BYTES;
/// The store's byte enables: a whole word.
const WORD: u8 = 0xff;

#[derive(Clone, Copy, Debug, Default)]
struct Config {
    /// Items per producer (one portal each).
    items: &'static [u8],
    /// Items already in the queue (sent and accepted before the check starts).
    fill: u8,
    /// RESUMEs the driver may write while the queue is still full.
    early_resumes: u8,
    epoch_at_stall_start: bool,
    ignores_epoch: bool,
    sender_skips_retry: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Producer {
    /// Items stored so far (the next one's index).
    next: u8,
    ring: Unconfirmed,
    settle: Settle,
    done: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    card: Model,
    /// The queue's buffer in host memory.
    mem: [u64; WORDS],
    /// ENQUEUE packets on the link, in order; OUTCOME packets back, in order.
    to_dst: VecDeque<Packet>,
    to_src: VecDeque<Packet>,
    prod: Vec<Producer>,
    /// The driver popped a stall and has not resumed it yet.
    stall: bool,
    early: u8,
    /// Items the consumer read, per producer (the filler's last).
    read: Vec<u8>,
}

fn item(p: usize, i: u8) -> u64 {
    ((p as u64 + 1) << 8) | i as u64
}

/// A portal's page on the card: stores become packets on the link.
struct Page<'a> {
    card: &'a mut Model,
    link: &'a mut VecDeque<Packet>,
    portal: u16,
}

impl PortalAccess for Page<'_> {
    fn load(&mut self) -> u64 {
        self.card.shadow_read(page_offset(self.portal))
    }
    fn store(&mut self, item: u64) {
        if let Some(pkt) = self.card.shadow_write(page_offset(self.portal), item, WORD) {
            self.link.push_back(pkt);
        }
    }
    fn retry(&mut self) {
        assert!(self.card.shadow_write(page_offset(self.portal) + RETRY_OFFSET, 0, WORD).is_none());
    }
}

struct Checker {
    cfg: Config,
    host: HostMemory,
}

impl Checker {
    fn addr(word: u64) -> u64 {
        BASE + word * WORD_BYTES
    }

    /// Runs `f` on a copy of `s` with its buffer in host memory.
    fn with_mem(&self, s: &State, f: impl FnOnce(&mut State, &HostMemory)) -> State {
        let mut n = s.clone();
        for (w, v) in n.mem.iter().enumerate() {
            self.host.dma_write(Self::addr(w as u64), *v);
        }
        f(&mut n, &self.host);
        // No step reads the event counters or a portal's `refused`: states that differ only
        // in them are one.
        n.card.forget_counts();
        for (w, v) in n.mem.iter_mut().enumerate() {
            *v = self.host.dma_read(Self::addr(w as u64));
        }
        n
    }

    fn init(&self) -> State {
        let producers = self.cfg.items.len();
        let mut card = Model::with_tables(1, producers + 1);
        #[cfg(feature = "mutants")]
        {
            card.mutations.epoch_at_stall_start = self.cfg.epoch_at_stall_start;
            card.mutations.ignores_epoch = self.cfg.ignores_epoch;
        }
        card.csr_write(r::NODE_ID, 0);
        card.csr_write(r::CONTROL, Control::new(true, true).0);
        card.csr_write(r::CMD_ARG, ExportEntry::new(BASE, LOG2).0);
        card.csr_write(r::CMD, command(CMD_EXPORT, 0));
        for p in 0..=producers {
            let mut e = Entry(0);
            e.set_valid(true);
            card.csr_write(r::PORTAL_SEL, p as u64);
            card.csr_write(r::PORTAL, e.0);
        }
        let mut mem = [0; WORDS];
        mem[HEAD_WORD as usize] = FIRST_DATA_INDEX;
        mem[TAIL_WORD as usize] = FIRST_DATA_INDEX;
        let prod = (0..producers)
            .map(|_| {
                let mut settle = Settle::default();
                #[cfg(feature = "mutants")]
                {
                    settle.mutant_skips_retry = self.cfg.sender_skips_retry;
                }
                Producer { next: 0, ring: Unconfirmed::default(), settle, done: false }
            })
            .collect();
        let s = State {
            card,
            mem,
            to_dst: VecDeque::new(),
            to_src: VecDeque::new(),
            prod,
            stall: false,
            early: self.cfg.early_resumes,
            read: vec![0; producers + 1],
        };
        // The filler (the last portal): sent, accepted and answered before the check starts.
        self.with_mem(&s, |n, mem| {
            for i in 0..self.cfg.fill {
                let pkt = n.card.shadow_write(page_offset(producers as u16), item(producers, i), WORD).unwrap();
                assert!(n.card.deliver(mem, pkt));
            }
            let mut replies = Vec::new();
            n.card.take_replies(&mut replies);
            for pkt in replies {
                n.card.deliver(mem, pkt);
            }
            let st = Status(n.card.shadow_read(page_offset(producers as u16)));
            assert_eq!((st.accepted(), st.in_flight()), (self.cfg.fill as u64, 0));
        })
    }

    fn room(s: &State) -> bool {
        occupancy(s.mem[HEAD_WORD as usize], s.mem[TAIL_WORD as usize], LOG2) < capacity(LOG2)
    }

    fn succ(&self, s: &State, out: &mut Vec<Result<State, String>>) {
        for p in 0..s.prod.len() {
            let pr = &s.prod[p];
            if pr.done {
                continue;
            }
            if (pr.next as usize) < self.cfg.items[p] as usize {
                // `enqueue`: into the ring, one store.
                out.push(Ok(self.with_mem(s, |n, _| {
                    let pr = &mut n.prod[p];
                    let x = item(p, pr.next);
                    pr.next += 1;
                    pr.ring.items.push_back(x);
                    Page { card: &mut n.card, link: &mut n.to_dst, portal: p as u16 }.store(x);
                })));
                continue;
            }
            // `flush`: one step of the settle.
            let mut step = None;
            let n = self.with_mem(s, |n, _| {
                let pr = &mut n.prod[p];
                let mut page = Page { card: &mut n.card, link: &mut n.to_dst, portal: p as u16 };
                let r = pr.settle.step(&mut pr.ring, &mut page);
                pr.done = r == SettleStep::Done;
                step = Some(r);
            });
            match step.unwrap() {
                SettleStep::InFlight(_) if n == *s => {} // waits for outcomes
                SettleStep::InFlight(_) => out.push(Err("a status load changed the state".into())),
                SettleStep::Refused | SettleStep::Stored | SettleStep::Done => out.push(Ok(n)),
                other => out.push(Err(format!("producer {p}: settle failed: {other:?}"))),
            }
        }
        if !s.to_dst.is_empty() {
            out.push(Ok(self.with_mem(s, |n, mem| {
                let pkt = n.to_dst.pop_front().unwrap();
                assert!(n.card.deliver(mem, pkt));
            })));
        }
        if !s.to_src.is_empty() {
            out.push(Ok(self.with_mem(s, |n, mem| {
                let pkt = n.to_src.pop_front().unwrap();
                assert!(n.card.deliver(mem, pkt));
            })));
        }
        // The card puts the outcomes it owes on the link (consecutive acceptances coalesce
        // while they wait).
        let n = self.with_mem(s, |n, _| {
            let mut replies = Vec::new();
            n.card.take_replies(&mut replies);
            n.to_src.extend(replies);
        });
        if n.to_src.len() != s.to_src.len() {
            out.push(Ok(n));
        }
        // The driver: takes a stall from the OVERFLOW FIFO, then resumes it once the consumer
        // made room (or, a few times, while the queue is still full).
        if !s.stall {
            let mut popped = false;
            let n = self.with_mem(s, |n, _| {
                if n.card.csr_read(r::OVERFLOW) & 1 << bits::OVERFLOW_VALID != 0 {
                    assert_eq!(n.card.csr_read(r::OVERFLOW) & 0xffff, 0);
                    n.card.csr_write(r::OVERFLOW_POP, 1 << bits::POP);
                    n.stall = true;
                    popped = true;
                }
            });
            if popped {
                out.push(Ok(n));
            }
        } else if Self::room(s) || s.early > 0 {
            out.push(Ok(self.with_mem(s, |n, _| {
                if !Self::room(n) {
                    n.early -= 1;
                }
                n.card.csr_write(r::CMD, command(CMD_RESUME, 0));
                n.stall = false;
            })));
        }
        // The consumer: one item, then HEAD.
        let (head, tail) = (s.mem[HEAD_WORD as usize], s.mem[TAIL_WORD as usize]);
        if head != tail {
            let x = s.mem[head as usize];
            let p = (x >> 8) as usize - 1;
            let i = (x & 0xff) as u8;
            if p >= s.read.len() || i != s.read[p] {
                out.push(Err(format!(
                    "consumer read item {i} of producer {p}, expected item {} (lost, duplicated or out of order)",
                    s.read.get(p).copied().unwrap_or(0)
                )));
                return;
            }
            let mut n = s.clone();
            n.read[p] += 1;
            n.mem[HEAD_WORD as usize] = next_index(head, LOG2);
            out.push(Ok(n));
        }
    }

    fn finished(&self, s: &State) -> bool {
        s.prod.iter().all(|p| p.done)
            && s.read[..s.prod.len()] == *self.cfg.items
            && s.read[s.prod.len()] == self.cfg.fill
    }

    fn check_final(&self, s: &State) -> Result<(), String> {
        if !self.finished(s) {
            return Err("stuck: no party can move, and the run is not over".into());
        }
        if !s.to_dst.is_empty() || !s.to_src.is_empty() {
            return Err("finished with packets on a link".into());
        }
        let mut card = s.card.clone();
        for (p, pr) in s.prod.iter().enumerate() {
            let st = Status(card.shadow_read(page_offset(p as u16)));
            if !pr.ring.items.is_empty() || st.accepted() != self.cfg.items[p] as u64 || st.in_flight() != 0 {
                return Err(format!("producer {p}: ring {:?}, status {st:?}", pr.ring.items));
            }
        }
        Ok(())
    }
}

/// Explores every interleaving of `cfg`; the states and end states, or the first violation.
fn check(cfg: Config) -> Result<(usize, usize, usize), String> {
    let model = Checker { cfg, host: HostMemory::create(2 * RESERVED_BYTES as usize).unwrap() };
    let init = model.init();
    let mut g = explore::explore(
        init,
        true,
        |s, out| model.succ(s, out),
        |s, terminal| if terminal { model.check_final(s) } else { Ok(()) },
        |s| {
            format!(
                "read {:?} mem {:?} to_dst {} to_src {} stall {} prod {:?}",
                s.read,
                &s.mem,
                s.to_dst.len(),
                s.to_src.len(),
                s.stall,
                s.prod.iter().map(|p| (p.next, p.ring.items.len(), p.settle, p.done)).collect::<Vec<_>>()
            )
        },
    )?;
    if let Some(i) = g.stuck(|s| model.finished(s)) {
        return Err(g.trace(i, "stuck: a state from which the run can no longer finish".into(), |s| {
            format!("read {:?} stall {} prod {:?}", s.read, s.stall, s.prod)
        }));
    }
    Ok((g.ids.len(), g.edges.len(), g.finals))
}

const CONFIGS: [(&str, Config); 5] = [
    (
        "1 producer, 3 items, queue full after 1",
        Config {
            items: &[3],
            fill: 3,
            early_resumes: 2,
            epoch_at_stall_start: false,
            ignores_epoch: false,
            sender_skips_retry: false,
        },
    ),
    (
        "1 producer, 4 items, queue full after 2",
        Config {
            items: &[4],
            fill: 2,
            early_resumes: 1,
            epoch_at_stall_start: false,
            ignores_epoch: false,
            sender_skips_retry: false,
        },
    ),
    (
        "2 producers, 2 items each, queue full after 1",
        Config {
            items: &[2, 2],
            fill: 3,
            early_resumes: 1,
            epoch_at_stall_start: false,
            ignores_epoch: false,
            sender_skips_retry: false,
        },
    ),
    (
        "1 producer, 5 items, queue full after 1",
        Config {
            items: &[5],
            fill: 3,
            early_resumes: 2,
            epoch_at_stall_start: false,
            ignores_epoch: false,
            sender_skips_retry: false,
        },
    ),
    (
        "2 producers, 3 and 2 items, queue full after 1",
        Config {
            items: &[3, 2],
            fill: 3,
            early_resumes: 1,
            epoch_at_stall_start: false,
            ignores_epoch: false,
            sender_skips_retry: false,
        },
    ),
];

#[test]
fn every_interleaving_delivers_each_item_once_in_order() {
    for (name, cfg) in CONFIGS {
        let t = Instant::now();
        match check(cfg) {
            Ok((states, edges, finals)) => println!(
                "sender model, {name}: {states} states, {edges} transitions, {finals} end states, {:.1?}",
                t.elapsed()
            ),
            Err(e) => panic!("sender model, {name}: {e}"),
        }
    }
}

#[test]
fn mutants_are_caught() {
    let base = CONFIGS[0].1;
    for (name, cfg) in [
        ("card bumps the epoch when a stall starts", Config { epoch_at_stall_start: true, ..base }),
        ("destination accepts a packet of a stale epoch", Config { ignores_epoch: true, ..base }),
        ("sender stores again without RETRY", Config { sender_skips_retry: true, ..base }),
    ] {
        match check(cfg) {
            Ok((states, ..)) => panic!("mutant not caught: {name} ({states} states)"),
            Err(e) => println!("mutant caught: {name}: {}", e.lines().next().unwrap_or("")),
        }
    }
}
