//! Model check of the card's sender protocol (spec §7c): every interleaving of producers (the
//! library's own settle step machine, `renq::Settle`), the link each way, the card model
//! (`renq_sim::engine::model::Model`, the code that ships) and a destination driver and
//! consumer, over a queue of the smallest buffer the ABI allows. Each producer's ring is a
//! sliding window: a store while the ring has room, else settle steps until one slot is free
//! (`enqueue`), and the settle to empty at the end (`flush`). Checks: every item is delivered
//! exactly once and in its producer's order, each sender's ring ends empty with `accepted` =
//! its items, and from every state the run can still finish (nothing stuck). Mutants (a card
//! bumping the epoch at a stall's start or ignoring epochs, a sender not storing RETRY, a
//! sender dropping an in-flight item from its window early) must each be caught.

#[path = "../../driver/tests/explore/mod.rs"]
mod explore;

use std::cell::Cell;
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
    /// Each producer's ring of unconfirmed items (the sender's window; `UNCONFIRMED_MAX` in
    /// the library).
    window: u8,
    /// Items already in the queue (sent and accepted before the check starts).
    fill: u8,
    /// RESUMEs the driver may write while the queue is still full.
    early_resumes: u8,
    /// The card sends stall notices (WAITING, RESUMED; spec §7c); off, it refuses as the RTL.
    notices: bool,
    epoch_at_stall_start: bool,
    ignores_epoch: bool,
    sender_skips_retry: bool,
    sender_pops_in_flight: bool,
    forgets_waiters: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Producer {
    /// Items stored so far (the next one's index).
    next: u8,
    ring: Unconfirmed,
    settle: Settle,
    /// `enqueue` found the ring full and steps the settle until a slot is free.
    making_room: bool,
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
    seen: Cell<Seen>,
}

/// What the sliding window did somewhere in the explored states (so a configuration meant to
/// exercise it cannot pass without).
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    /// A load dropped newly accepted items from a ring while later ones were in flight.
    accepted_in_flight: bool,
    /// An `enqueue` with a full ring got its slot while other items were still unconfirmed.
    room_while_unconfirmed: bool,
    /// A refusal was handled by an `enqueue` making room (mid-stream, not at the flush).
    refused_making_room: bool,
    /// A RETRY found the portal held (a WAITING refusal, its RESUMED not come yet).
    held: bool,
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
        if !self.cfg.notices {
            card = card.without_stall_notices();
        }
        #[cfg(feature = "mutants")]
        {
            card.mutations.epoch_at_stall_start = self.cfg.epoch_at_stall_start;
            card.mutations.ignores_epoch = self.cfg.ignores_epoch;
            card.mutations.forgets_waiters = self.cfg.forgets_waiters;
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
                    settle.mutant_pops_in_flight = self.cfg.sender_pops_in_flight;
                }
                Producer { next: 0, ring: Unconfirmed::default(), settle, making_room: false, done: false }
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
            let window = self.cfg.window as usize;
            let more = (pr.next as usize) < self.cfg.items[p] as usize;
            if more && !pr.making_room && pr.settle.loads_next() && pr.ring.items.len() < window {
                // `enqueue` with room in the ring: into the ring, one store.
                out.push(Ok(self.with_mem(s, |n, _| {
                    let pr = &mut n.prod[p];
                    let x = item(p, pr.next);
                    pr.next += 1;
                    pr.ring.items.push_back(x);
                    Page { card: &mut n.card, link: &mut n.to_dst, portal: p as u16 }.store(x);
                })));
                continue;
            }
            // One step of the settle: `enqueue` with a full ring makes room (at most window − 1
            // left, no refusal pending), `flush` empties the ring.
            let keep = if more { window - 1 } else { 0 };
            let mut step = None;
            let n = self.with_mem(s, |n, _| {
                let pr = &mut n.prod[p];
                let mut page = Page { card: &mut n.card, link: &mut n.to_dst, portal: p as u16 };
                let r = pr.settle.step(keep, &mut pr.ring, &mut page);
                pr.making_room = more && r != SettleStep::Done;
                pr.done = !more && r == SettleStep::Done;
                step = Some(r);
            });
            // A load that found nothing new changes nothing but, the first time, the producer's
            // mode (it starts making room).
            let mut waiting = s.clone();
            waiting.prod[p].making_room = more;
            let step = step.unwrap();
            let mut seen = self.seen.get();
            match step {
                SettleStep::Accepted(_) => seen.accepted_in_flight = true,
                SettleStep::Done if more && !n.prod[p].ring.items.is_empty() => seen.room_while_unconfirmed = true,
                SettleStep::Refused if more => seen.refused_making_room = true,
                SettleStep::Held => seen.held = true,
                _ => {}
            }
            self.seen.set(seen);
            match step {
                SettleStep::InFlight(_) if n == *s => {} // waits for outcomes
                SettleStep::InFlight(_) if n == waiting => out.push(Ok(n)),
                SettleStep::InFlight(_) => {
                    out.push(Err("a status load that found nothing new changed the state".into()))
                }
                SettleStep::Accepted(_)
                | SettleStep::Refused
                | SettleStep::Held
                | SettleStep::Stored
                | SettleStep::Done => out.push(Ok(n)),
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
fn check(cfg: Config) -> Result<(usize, usize, usize, Seen), String> {
    let model = Checker { cfg, host: HostMemory::create(2 * RESERVED_BYTES as usize).unwrap(), seen: Cell::default() };
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
                s.prod
                    .iter()
                    .map(|p| (p.next, p.ring.items.len(), p.settle, p.making_room, p.done))
                    .collect::<Vec<_>>()
            )
        },
    )?;
    if let Some(i) = g.stuck(|s| model.finished(s)) {
        return Err(g.trace(i, "stuck: a state from which the run can no longer finish".into(), |s| {
            format!("read {:?} stall {} prod {:?}", s.read, s.stall, s.prod)
        }));
    }
    Ok((g.ids.len(), g.edges.len(), g.finals, model.seen.get()))
}

/// A configuration with no mutant.
const fn config(items: &'static [u8], window: u8, fill: u8, early_resumes: u8) -> Config {
    Config {
        items,
        window,
        fill,
        early_resumes,
        notices: true,
        epoch_at_stall_start: false,
        ignores_epoch: false,
        sender_skips_retry: false,
        sender_pops_in_flight: false,
        forgets_waiters: false,
    }
}

const CONFIGS: [(&str, Config); 9] = [
    // A window as large as the items: store them all, then settle (the stop-and-wait case).
    ("1 producer, 3 items, queue full after 1", config(&[3], 8, 3, 2)),
    ("1 producer, 4 items, queue full after 2", config(&[4], 8, 2, 1)),
    ("2 producers, 2 items each, queue full after 1", config(&[2, 2], 8, 3, 1)),
    ("1 producer, 5 items, queue full after 1", config(&[5], 8, 3, 2)),
    ("2 producers, 3 and 2 items, queue full after 1", config(&[3, 2], 8, 3, 1)),
    // Sliding windows: the stall and its refusals fall in the middle of a window, while
    // earlier items of it are accepted and leave the ring and later ones are in flight.
    ("1 producer, 4 items, window 2, queue full after 1", config(&[4], 2, 3, 2)),
    ("1 producer, 5 items, window 2, queue full after 2", config(&[5], 2, 2, 1)),
    ("1 producer, 5 items, window 3, queue full after 1", config(&[5], 3, 3, 2)),
    ("2 producers, 3 and 2 items, window 2, queue full after 1", config(&[3, 2], 2, 3, 1)),
];

/// Checks one configuration and prints what it explored; panics on a violation.
fn holds(name: &str, cfg: Config) -> Seen {
    let t = Instant::now();
    let notices = if cfg.notices { "" } else { " without notices" };
    match check(cfg) {
        Ok((states, edges, finals, seen)) => {
            println!(
                "sender model{notices}, {name}: {states} states, {edges} transitions, {finals} end states, {:.1?}, {seen:?}",
                t.elapsed()
            );
            seen
        }
        Err(e) => panic!("sender model{notices}, {name}: {e}"),
    }
}

#[test]
fn every_interleaving_delivers_each_item_once_in_order() {
    for (name, cfg) in CONFIGS {
        let seen = holds(name, cfg);
        let sliding = cfg.items.iter().any(|&n| n > cfg.window);
        let slid = seen.accepted_in_flight && seen.room_while_unconfirmed && seen.refused_making_room;
        assert!(!sliding || slid, "sender model, {name}: the window never slid through a refusal: {seen:?}");
        assert!(seen.held, "sender model, {name}: no RETRY was ever held for a RESUMED: {seen:?}");
    }
}

#[test]
fn mutants_are_caught() {
    let base = CONFIGS[0].1;
    let sliding = CONFIGS[5].1;
    for (name, cfg) in [
        // The epoch rules matter where a sender stores again during a stall: without notices
        // (with them a held sender waits for the end, so these two are not reached).
        ("card bumps the epoch when a stall starts", Config { epoch_at_stall_start: true, notices: false, ..base }),
        ("destination accepts a packet of a stale epoch", Config { ignores_epoch: true, notices: false, ..base }),
        ("sender stores again without RETRY", Config { sender_skips_retry: true, ..base }),
        ("sender stores again without RETRY, sliding window", Config { sender_skips_retry: true, ..sliding }),
        ("the card never tells its waiters the stall ended", Config { forgets_waiters: true, ..base }),
        (
            "sender drops an in-flight item from its window before it is accepted",
            Config { sender_pops_in_flight: true, ..sliding },
        ),
    ] {
        match check(cfg) {
            Ok((states, ..)) => panic!("mutant not caught: {name} ({states} states)"),
            Err(e) => println!("mutant caught: {name}: {}", e.lines().next().unwrap_or("")),
        }
    }
}

/// The card as the RTL builds it (no stall notices: every refusal is REFUSED, a RETRY always
/// takes): the same protocol, checked on a few configurations.
#[test]
fn every_interleaving_delivers_each_item_once_in_order_without_stall_notices() {
    for (name, cfg) in [&CONFIGS[0], &CONFIGS[4], &CONFIGS[8]] {
        let seen = holds(name, Config { notices: false, ..*cfg });
        assert!(!seen.held, "no notices, no hold: {seen:?}");
    }
}
