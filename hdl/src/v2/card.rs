//! Bus-functional bench of whole v2 cards (not hardware): [`TopV2`] cards stepped by hand, each
//! with its own split-transaction host memory ([`SplitMemory`]), joined by in-order links (one
//! queue per source, destination and channel) that stall at random, and a host that makes BAR0
//! and BAR2 accesses one at a time through the ports' handshakes while every card keeps running.

use crate::harness::Flow;
use crate::v2::harness::{Packet2, SplitMemory};
use crate::v2::stepper::{EngineIn, EngineOut, Hand};
use crate::v2::top::TopV2;
use rust_hdl::prelude::*;
use std::collections::{HashMap, VecDeque};

/// A link channel: ENQUEUE or OUTCOME.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    Enqueue,
    Outcome,
}

/// One card and its host memory.
pub struct Card<const QA: usize, const PA: usize> {
    pub hand: Hand<TopV2<QA, PA>>,
    pub mem: SplitMemory,
    pub node: u16,
    csr: Option<(bool, u64, u64)>,
    csr_answers: VecDeque<u64>,
    b2: Option<(bool, u64, u64, u8)>,
    b2_answers: VecDeque<u64>,
}

/// What happened on the ports, for tests that compare or audit.
#[derive(Default, Debug)]
pub struct Trace {
    /// Every packet a card put on a link: (card index, channel, packet).
    pub sent: Vec<(usize, Channel, Packet2)>,
    pub irq_cycles: u64,
}

/// Cards, links and the host.
pub struct Cluster<const QA: usize, const PA: usize> {
    pub cards: Vec<Card<QA, PA>>,
    links: HashMap<(usize, usize, Channel), VecDeque<Packet2>>,
    /// Per (receiving card, channel): the source whose packet is offered (kept until taken).
    offering: HashMap<(usize, Channel), usize>,
    link_cap: usize,
    tx_flow: Flow,
    rx_flow: Flow,
    pub trace: Trace,
    pub cycle: u64,
    /// Cycles allowed for one host access before the bench gives up.
    pub patience: u64,
    /// The links take no OUTCOME from any card (a far end that stopped answering).
    pub hold_outcomes: bool,
    /// The links take OUTCOMEs but offer none (a link that stalls on its far side).
    pub hold_outcome_offers: bool,
}

/// Cycles of silence that count as quiet.
const QUIET_CYCLES: u32 = 16;

const fn top_clock<const QA: usize, const PA: usize>(t: &mut TopV2<QA, PA>, c: bool) {
    t.clock.next = Clock { clk: c };
}

impl<const QA: usize, const PA: usize> Cluster<QA, PA> {
    /// Cards with node ids `nodes`, each with its own memory from `mem()`; links hold
    /// `link_cap` packets per source, destination and channel; `tx_flow` / `rx_flow` say when
    /// a link takes from a card and offers to one. Runs the start-up sweeps to their end.
    pub fn new(
        nodes: &[u16],
        mut mem: impl FnMut() -> SplitMemory,
        link_cap: usize,
        tx_flow: Flow,
        rx_flow: Flow,
    ) -> Self {
        let cards = nodes
            .iter()
            .map(|&node| Card {
                hand: Hand::new(top_clock::<QA, PA>),
                mem: mem(),
                node,
                csr: None,
                csr_answers: VecDeque::new(),
                b2: None,
                b2_answers: VecDeque::new(),
            })
            .collect();
        let mut c = Cluster {
            cards,
            links: HashMap::new(),
            offering: HashMap::new(),
            link_cap,
            tx_flow,
            rx_flow,
            trace: Trace::default(),
            cycle: 0,
            patience: 20_000,
            hold_outcomes: false,
            hold_outcome_offers: false,
        };
        for i in 0..c.cards.len() {
            let status = renq_abi::v2::regs::STATUS;
            let sweeping = 1 << renq_abi::v2::regs::bits::STATUS_SWEEPING;
            let mut n = 0;
            while c.csr_read(i, status) & sweeping != 0 {
                n += 1;
                assert!(n < (1 << QA.max(PA)) + 100, "the start-up sweep does not end");
            }
        }
        c
    }

    fn index_of(&self, node: u16) -> Option<usize> {
        self.cards.iter().position(|c| c.node == node)
    }

    /// A packet from outside the cluster to card `card` on channel `ch` (in order with the
    /// other injected ones).
    pub fn inject(&mut self, card: usize, ch: Channel, p: Packet2) {
        let outside = self.cards.len();
        self.links.entry((outside, card, ch)).or_default().push_back(p);
    }

    /// Packets on the links (all channels).
    pub fn in_flight(&self) -> usize {
        self.links.values().map(|l| l.len()).sum()
    }

    /// One clock cycle of every card and link.
    pub fn step(&mut self) {
        let cycle = self.cycle;
        let n = self.cards.len();
        // Inputs that do not depend on outputs: memory, host accesses.
        for card in &mut self.cards {
            let mut ei = EngineIn::default();
            card.mem.drive(cycle, &mut ei);
            let u = &mut card.hand.uut;
            u.wr_ready.next = ei.wr_ready;
            u.rd_ready.next = ei.rd_ready;
            u.rsp_valid.next = ei.rsp_valid;
            u.rsp_tag.next = (ei.rsp_tag as u64).into();
            u.rsp_data.next = ei.rsp_data.into();
            let (write, off, val) = card.csr.unwrap_or((false, 0, 0));
            u.csr_read.next = card.csr.is_some() && !write;
            u.csr_write.next = card.csr.is_some() && write;
            u.csr_addr.next = off.into();
            u.csr_wdata.next = val.into();
            let (write, off, val, strobe) = card.b2.unwrap_or((false, 0, 0, 0));
            u.b2_valid.next = card.b2.is_some();
            u.b2_write.next = write;
            u.b2_addr.next = off.into();
            u.b2_data.next = val.into();
            u.b2_strobe.next = (strobe as u64).into();
            card.hand.settle();
        }
        // Links: offers to each card's RX channels (sticky until taken), readiness of TX.
        for dst in 0..n {
            for ch in [Channel::Enqueue, Channel::Outcome] {
                let held = ch == Channel::Outcome && self.hold_outcome_offers;
                if !held && !self.offering.contains_key(&(dst, ch)) && self.rx_flow.go(cycle) {
                    // Sources: every card, and the outside world (index n, `inject`).
                    let first = (0..=n)
                        .map(|k| (k + cycle as usize) % (n + 1))
                        .find(|&s| self.links.get(&(s, dst, ch)).is_some_and(|l| !l.is_empty()));
                    if let Some(s) = first {
                        self.offering.insert((dst, ch), s);
                    }
                }
                let offer = self.offering.get(&(dst, ch)).and_then(|&s| self.links[&(s, dst, ch)].front().copied());
                let u = &mut self.cards[dst].hand.uut;
                let p = offer.unwrap_or_default();
                match ch {
                    Channel::Enqueue => {
                        u.rx_valid.next = offer.is_some();
                        u.rx_src.next = (p.src as u64).into();
                        u.rx_dst.next = (p.dst as u64).into();
                        u.rx_queue.next = (p.queue as u64).into();
                        u.rx_portal.next = (p.portal as u64).into();
                        u.rx_epoch.next = (p.epoch as u64).into();
                        u.rx_data.next = p.data.into();
                    }
                    Channel::Outcome => {
                        u.orx_valid.next = offer.is_some();
                        u.orx_src.next = (p.src as u64).into();
                        u.orx_dst.next = (p.dst as u64).into();
                        u.orx_queue.next = (p.queue as u64).into();
                        u.orx_portal.next = (p.portal as u64).into();
                        u.orx_epoch.next = (p.epoch as u64).into();
                        u.orx_data.next = p.data.into();
                    }
                }
            }
        }
        let mut moves = Vec::new();
        for i in 0..n {
            let go = self.tx_flow.go(cycle);
            let (tx_dst, otx_dst) = {
                let u = &self.cards[i].hand.uut;
                (u.tx_dst.val().to_u64() as u16, u.otx_dst.val().to_u64() as u16)
            };
            // A packet to a node no card has is taken and lost (a link with no far end).
            let room = |me: &Self, node: u16, ch| {
                me.index_of(node).is_none_or(|d| me.links.get(&(i, d, ch)).map_or(0, |l| l.len()) < me.link_cap)
            };
            let (tx_ready, otx_ready) = (
                go && room(self, tx_dst, Channel::Enqueue),
                go && !self.hold_outcomes && room(self, otx_dst, Channel::Outcome),
            );
            let card = &mut self.cards[i];
            card.hand.uut.tx_ready.next = tx_ready;
            card.hand.uut.otx_ready.next = otx_ready;
            card.hand.settle();
            let u = &card.hand.uut;
            let pkt = |src, dst, queue, portal, epoch, data| Packet2 { src, dst, queue, portal, epoch, data };
            if u.tx_valid.val() && tx_ready {
                let p = pkt(
                    u.tx_src.val().to_u64() as u16,
                    tx_dst,
                    u.tx_queue.val().to_u64() as u16,
                    u.tx_portal.val().to_u64() as u16,
                    u.tx_epoch.val().to_u8(),
                    u.tx_data.val().to_u64(),
                );
                moves.push((i, Channel::Enqueue, p));
            }
            if u.otx_valid.val() && otx_ready {
                let p = pkt(
                    u.otx_src.val().to_u64() as u16,
                    otx_dst,
                    u.otx_queue.val().to_u64() as u16,
                    u.otx_portal.val().to_u64() as u16,
                    u.otx_epoch.val().to_u8(),
                    u.otx_data.val().to_u64(),
                );
                moves.push((i, Channel::Outcome, p));
            }
            // What moves at this edge on the card's other ports.
            for (ch, taken) in [
                (Channel::Enqueue, u.rx_valid.val() && u.rx_ready.val()),
                (Channel::Outcome, u.orx_valid.val() && u.orx_ready.val()),
            ] {
                if taken {
                    let s = self.offering.remove(&(i, ch)).expect("offered");
                    self.links.get_mut(&(s, i, ch)).and_then(|l| l.pop_front()).expect("a packet");
                }
            }
            let eo = EngineOut {
                wr_valid: u.wr_valid.val(),
                wr_addr: u.wr_addr.val().to_u64(),
                wr_data: u.wr_data.val().to_u64(),
                rd_valid: u.rd_valid.val(),
                rd_addr: u.rd_addr.val().to_u64(),
                rd_tag: u.rd_tag.val().to_u8(),
                ..Default::default()
            };
            let ei = EngineIn { wr_ready: u.wr_ready.val(), rd_ready: u.rd_ready.val(), ..Default::default() };
            card.mem.observe(cycle, &ei, &eo);
            if u.csr_ready.val() && card.csr.is_some() {
                card.csr = None;
            }
            if u.csr_rvalid.val() {
                card.csr_answers.push_back(u.csr_rdata.val().to_u64());
            }
            if u.b2_ready.val() && card.b2.is_some() {
                card.b2 = None;
            }
            if u.b2_rvalid.val() {
                card.b2_answers.push_back(u.b2_rdata.val().to_u64());
            }
            self.trace.irq_cycles += u.irq.val() as u64;
        }
        for (i, ch, p) in moves {
            self.trace.sent.push((i, ch, p));
            if let Some(d) = self.index_of(p.dst) {
                self.links.entry((i, d, ch)).or_default().push_back(p);
            }
        }
        for card in &mut self.cards {
            card.hand.tick();
        }
        self.cycle += 1;
    }

    fn wait(&mut self, what: &str, done: impl Fn(&Self) -> bool) {
        for _ in 0..self.patience {
            if done(self) {
                return;
            }
            self.step();
        }
        panic!("cluster: {what} not done within {} cycles (cycle {})", self.patience, self.cycle);
    }

    pub fn csr_write(&mut self, card: usize, offset: u64, value: u64) {
        self.cards[card].csr = Some((true, offset, value));
        self.wait("CSR write", |c| c.cards[card].csr.is_none());
    }

    pub fn csr_read(&mut self, card: usize, offset: u64) -> u64 {
        self.cards[card].csr = Some((false, offset, 0));
        self.wait("CSR read", |c| c.cards[card].csr.is_none() && !c.cards[card].csr_answers.is_empty());
        self.cards[card].csr_answers.pop_front().expect("answer")
    }

    /// A BAR2 store with byte enables `strobe` (0xff: a full 8-byte store).
    pub fn b2_store(&mut self, card: usize, offset: u64, value: u64, strobe: u8) {
        self.cards[card].b2 = Some((true, offset, value, strobe));
        self.wait("BAR2 store", |c| c.cards[card].b2.is_none());
    }

    /// Presents a BAR2 store and returns at once; it stays presented until the card takes it
    /// (`b2_pending`).
    pub fn b2_post(&mut self, card: usize, offset: u64, value: u64, strobe: u8) {
        assert!(self.cards[card].b2.is_none(), "one BAR2 access at a time");
        self.cards[card].b2 = Some((true, offset, value, strobe));
    }

    pub fn b2_pending(&self, card: usize) -> bool {
        self.cards[card].b2.is_some()
    }

    pub fn b2_load(&mut self, card: usize, offset: u64) -> u64 {
        self.cards[card].b2 = Some((false, offset, 0, 0));
        self.wait("BAR2 load", |c| c.cards[card].b2.is_none() && !c.cards[card].b2_answers.is_empty());
        self.cards[card].b2_answers.pop_front().expect("answer")
    }

    /// Runs until every card is idle and the links are empty for `QUIET_CYCLES` cycles in a
    /// row (an operation inside the portal table shows on no port for a few cycles).
    pub fn settle_all(&mut self) {
        let mut quiet = 0;
        self.wait("quiet", |c| {
            c.in_flight() == 0 && c.cards.iter().all(|k| k.hand.uut.idle.val() && !k.hand.uut.tx_valid.val())
        });
        while quiet < QUIET_CYCLES {
            let now =
                self.in_flight() == 0 && self.cards.iter().all(|k| k.hand.uut.idle.val() && !k.hand.uut.tx_valid.val());
            quiet = if now { quiet + 1 } else { 0 };
            self.step();
        }
    }
}
