//! Bus-functional bench of whole cards (not hardware): cards stepped by hand, each with its
//! own split-transaction host memory ([`SplitMemory`]), joined by a [`Network`], and a host that
//! makes BAR0 and BAR2 accesses one at a time through the ports' handshakes while every card
//! keeps running. The cards are [`Top`]s joined by in-order channel links ([`ChannelLinks`]:
//! one queue per source, destination and channel, stalling at random), or `Node`s (card and
//! link end) joined by a faulty frame wire (`node`'s tests).

use crate::harness::engine::{RxPacket, SplitMemory};
use crate::harness::Flow;
use crate::stepper::{EngineIn, EngineOut, Hand};
use crate::top::ports::{PortsIn, PortsOut};
use crate::top::Top;
use rust_hdl::prelude::*;
use std::collections::{HashMap, VecDeque};

/// The host-side ports (BAR0, BAR2, memory, irq, idle) of a card the bench steps: `Top`'s,
/// which `Node` has under the same names.
pub trait CardPorts: Block + Default {
    /// The card's build: queue-state RAM and portal-table address bits (`2^QA` queues).
    const QUEUE_RAM_BITS: usize;
    const PORTAL_RAM_BITS: usize;
    fn set_clock(&mut self, clk: bool);
    /// Drives the memory's, BAR0's and BAR2's inputs.
    fn drive_host(&mut self, mem: &EngineIn, csr: Option<(bool, u64, u64)>, b2: Option<(bool, u64, u64, u8)>);
    /// The host-side outputs after settling.
    fn host_out(&self) -> HostOut;
}

/// What a card's host-side ports show in a cycle.
pub struct HostOut {
    pub mem: EngineOut,
    pub wr_ready: bool,
    pub rd_ready: bool,
    pub csr_ready: bool,
    pub csr_rvalid: bool,
    pub csr_rdata: u64,
    pub b2_ready: bool,
    pub b2_rvalid: bool,
    pub b2_rdata: u64,
    pub irq: bool,
    pub idle: bool,
}

/// `CardPorts` for a block with `Top`'s host-side port names.
macro_rules! card_ports {
    ($t:ident) => {
        impl<const QA: usize, const PA: usize> CardPorts for $t<QA, PA> {
            const QUEUE_RAM_BITS: usize = QA;
            const PORTAL_RAM_BITS: usize = PA;
            fn set_clock(&mut self, clk: bool) {
                self.clock.next = Clock { clk };
            }
            fn drive_host(&mut self, ei: &EngineIn, csr: Option<(bool, u64, u64)>, b2: Option<(bool, u64, u64, u8)>) {
                self.wr_ready.next = ei.wr_ready;
                self.rd_ready.next = ei.rd_ready;
                self.rsp_valid.next = ei.rsp_valid;
                self.rsp_tag.next = (ei.rsp_tag as u64).into();
                self.rsp_data.next = ei.rsp_data.into();
                let (write, off, val) = csr.unwrap_or((false, 0, 0));
                self.csr_read.next = csr.is_some() && !write;
                self.csr_write.next = csr.is_some() && write;
                self.csr_addr.next = off.into();
                self.csr_wdata.next = val.into();
                let (write, off, val, strobe) = b2.unwrap_or((false, 0, 0, 0));
                self.b2_valid.next = b2.is_some();
                self.b2_write.next = write;
                self.b2_addr.next = off.into();
                self.b2_data.next = val.into();
                self.b2_strobe.next = (strobe as u64).into();
            }
            fn host_out(&self) -> HostOut {
                HostOut {
                    mem: EngineOut {
                        wr_valid: self.wr_valid.val(),
                        wr_addr: self.wr_addr.val().to_u64(),
                        wr_data: self.wr_data.val().to_u64(),
                        rd_valid: self.rd_valid.val(),
                        rd_addr: self.rd_addr.val().to_u64(),
                        rd_tag: self.rd_tag.val().to_u8(),
                        ..Default::default()
                    },
                    wr_ready: self.wr_ready.val(),
                    rd_ready: self.rd_ready.val(),
                    csr_ready: self.csr_ready.val(),
                    csr_rvalid: self.csr_rvalid.val(),
                    csr_rdata: self.csr_rdata.val().to_u64(),
                    b2_ready: self.b2_ready.val(),
                    b2_rvalid: self.b2_rvalid.val(),
                    b2_rdata: self.b2_rdata.val().to_u64(),
                    irq: self.irq.val(),
                    idle: self.idle.val(),
                }
            }
        }
    };
}
card_ports!(Top);
use crate::node::Node;
card_ports!(Node);

/// What joins the cards: drives their link ports and moves what they send.
pub trait Network<C: CardPorts> {
    /// Sets the cards' link inputs that depend on no output (offers to their receivers).
    fn offer(&mut self, cards: &mut [Card<C>], cycle: u64);
    /// Card `i`'s link: sets its readiness (it may read the card's outputs), settles the card,
    /// and notes what moves at this edge.
    fn exchange(&mut self, i: usize, nodes: &[u16], card: &mut Card<C>, cycle: u64);
    /// After every card's `exchange`, before the edge.
    fn commit(&mut self, nodes: &[u16], cycle: u64);
    /// Packets (or frames) still on their way.
    fn in_flight(&self) -> usize;
    /// Nothing of this card's waits to leave.
    fn quiet(&self, card: &C) -> bool;
    /// Every packet a card put on a link: (card index, channel, packet).
    fn sent(&self) -> &[(usize, Channel, RxPacket)];
}

/// One card and its host memory.
pub struct Card<C: CardPorts> {
    pub hand: Hand<C>,
    pub mem: SplitMemory,
    pub node: u16,
    csr: Option<(bool, u64, u64)>,
    csr_answers: VecDeque<u64>,
    b2: Option<(bool, u64, u64, u8)>,
    b2_answers: VecDeque<u64>,
}

/// Cards, their network and the host.
pub struct Cluster<C: CardPorts, N: Network<C>> {
    pub cards: Vec<Card<C>>,
    pub net: N,
    pub cycle: u64,
    /// Cycles allowed for one host access before the bench gives up.
    pub patience: u64,
    pub irq_cycles: u64,
}

/// Cycles of silence that count as quiet.
const QUIET_CYCLES: u32 = 16;

impl<C: CardPorts, N: Network<C>> Cluster<C, N> {
    /// Cards with node ids `nodes`, each with its own memory from `mem()`, joined by `net`.
    /// Runs the start-up sweeps to their end.
    pub fn new(nodes: &[u16], mut mem: impl FnMut() -> SplitMemory, net: N) -> Self {
        let cards = nodes
            .iter()
            .map(|&node| Card {
                hand: Hand::new(|c: &mut C, clk| c.set_clock(clk)),
                mem: mem(),
                node,
                csr: None,
                csr_answers: VecDeque::new(),
                b2: None,
                b2_answers: VecDeque::new(),
            })
            .collect();
        let mut c = Cluster { cards, net, cycle: 0, patience: 20_000, irq_cycles: 0 };
        for i in 0..c.cards.len() {
            let status = renq_abi::regs::STATUS;
            let sweeping = 1 << renq_abi::regs::bits::STATUS_SWEEPING;
            let mut n = 0;
            while c.csr_read(i, status) & sweeping != 0 {
                n += 1;
                assert!(n < 5_000, "the start-up sweep does not end");
            }
        }
        c
    }

    /// One clock cycle of every card and of the network.
    pub fn step(&mut self) {
        let cycle = self.cycle;
        // Inputs that do not depend on outputs: memory, host accesses.
        for card in &mut self.cards {
            let mut ei = EngineIn::default();
            card.mem.drive(cycle, &mut ei);
            card.hand.uut.drive_host(&ei, card.csr, card.b2);
            card.hand.settle();
        }
        self.net.offer(&mut self.cards, cycle);
        let nodes: Vec<u16> = self.cards.iter().map(|c| c.node).collect();
        for (i, card) in self.cards.iter_mut().enumerate() {
            self.net.exchange(i, &nodes, card, cycle);
            let o = card.hand.uut.host_out();
            let ei = EngineIn { wr_ready: o.wr_ready, rd_ready: o.rd_ready, ..Default::default() };
            card.mem.observe(cycle, &ei, &o.mem);
            if o.csr_ready && card.csr.is_some() {
                card.csr = None;
            }
            if o.csr_rvalid {
                card.csr_answers.push_back(o.csr_rdata);
            }
            if o.b2_ready && card.b2.is_some() {
                card.b2 = None;
            }
            if o.b2_rvalid {
                card.b2_answers.push_back(o.b2_rdata);
            }
            self.irq_cycles += o.irq as u64;
        }
        self.net.commit(&nodes, cycle);
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

    fn all_quiet(&self) -> bool {
        self.net.in_flight() == 0
            && self.cards.iter().all(|k| k.hand.uut.host_out().idle && self.net.quiet(&k.hand.uut))
    }

    /// Runs until every card is idle and the network is empty for `QUIET_CYCLES` cycles in a
    /// row (an operation inside the portal table shows on no port for a few cycles).
    pub fn settle_all(&mut self) {
        let mut quiet = 0;
        self.wait("quiet", |c| c.all_quiet());
        while quiet < QUIET_CYCLES {
            quiet = if self.all_quiet() { quiet + 1 } else { 0 };
            self.step();
        }
    }
}

/// A link channel: ENQUEUE or OUTCOME.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    Enqueue,
    Outcome,
}

/// `Top` cards joined by in-order links, one queue per (source, destination, channel), that
/// take and offer at random.
pub struct ChannelLinks {
    links: HashMap<(usize, usize, Channel), VecDeque<RxPacket>>,
    /// Per (receiving card, channel): the source whose packet is offered (kept until taken).
    offering: HashMap<(usize, Channel), usize>,
    link_cap: usize,
    tx_flow: Flow,
    rx_flow: Flow,
    moves: Vec<(usize, Channel, RxPacket)>,
    /// Every packet a card put on a link: (card index, channel, packet).
    pub sent: Vec<(usize, Channel, RxPacket)>,
    /// The links take no OUTCOME from any card (a far end that stopped answering).
    pub hold_outcomes: bool,
    /// The links take OUTCOMEs but offer none (a link that stalls on its far side).
    pub hold_outcome_offers: bool,
    /// Cards (the outside world's packets come from index `cards`, `inject`).
    cards: usize,
}

impl ChannelLinks {
    /// Links among `cards` cards holding `link_cap` packets per source, destination and
    /// channel; `tx_flow` / `rx_flow` say when a link takes from a card and offers to one.
    pub fn new(cards: usize, link_cap: usize, tx_flow: Flow, rx_flow: Flow) -> Self {
        ChannelLinks {
            links: HashMap::new(),
            offering: HashMap::new(),
            link_cap,
            tx_flow,
            rx_flow,
            moves: Vec::new(),
            sent: Vec::new(),
            hold_outcomes: false,
            hold_outcome_offers: false,
            cards,
        }
    }

    /// A packet from outside the cluster to card `card` on channel `ch` (in order with the
    /// other injected ones).
    pub fn inject(&mut self, card: usize, ch: Channel, p: RxPacket) {
        self.links.entry((self.cards, card, ch)).or_default().push_back(p);
    }

    /// Packets on the links (all channels).
    pub fn in_flight(&self) -> usize {
        self.links.values().map(|l| l.len()).sum()
    }
}

impl<const QA: usize, const PA: usize> Network<Top<QA, PA>> for ChannelLinks {
    fn offer(&mut self, cards: &mut [Card<Top<QA, PA>>], cycle: u64) {
        let n = self.cards;
        for (dst, card) in cards.iter_mut().enumerate() {
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
                let mut inputs = PortsIn::default();
                match ch {
                    Channel::Enqueue => inputs.offer_rx(offer),
                    Channel::Outcome => inputs.offer_orx(offer),
                }
                inputs.apply_some(&mut card.hand.uut, if ch == Channel::Enqueue { "rx_" } else { "orx_" });
            }
        }
    }

    fn exchange(&mut self, i: usize, nodes: &[u16], card: &mut Card<Top<QA, PA>>, cycle: u64) {
        let go = self.tx_flow.go(cycle);
        let (tx_dst, otx_dst) = {
            let u = &card.hand.uut;
            (u.tx_dst.val().to_u64() as u16, u.otx_dst.val().to_u64() as u16)
        };
        // A packet to a node no card has is taken and lost (a link with no far end).
        let room = |me: &Self, node: u16, ch| {
            nodes
                .iter()
                .position(|&n| n == node)
                .is_none_or(|d| me.links.get(&(i, d, ch)).map_or(0, |l| l.len()) < me.link_cap)
        };
        let (tx_ready, otx_ready) = (
            go && room(self, tx_dst, Channel::Enqueue),
            go && !self.hold_outcomes && room(self, otx_dst, Channel::Outcome),
        );
        card.hand.uut.tx_ready.next = tx_ready;
        card.hand.uut.otx_ready.next = otx_ready;
        card.hand.settle();
        let out = PortsOut::read(&card.hand.uut);
        for (ch, sent, ready) in [(Channel::Enqueue, out.tx(), tx_ready), (Channel::Outcome, out.otx(), otx_ready)] {
            if let Some(p) = sent.filter(|_| ready) {
                self.moves.push((i, ch, p));
            }
        }
        let u = &card.hand.uut;
        for (ch, taken) in [
            (Channel::Enqueue, u.rx_valid.val() && out.rx_ready),
            (Channel::Outcome, u.orx_valid.val() && out.orx_ready),
        ] {
            if taken {
                let s = self.offering.remove(&(i, ch)).expect("offered");
                self.links.get_mut(&(s, i, ch)).and_then(|l| l.pop_front()).expect("a packet");
            }
        }
    }

    fn commit(&mut self, nodes: &[u16], _cycle: u64) {
        for (i, ch, p) in self.moves.drain(..) {
            self.sent.push((i, ch, p));
            if let Some(d) = nodes.iter().position(|&n| n == p.dst) {
                self.links.entry((i, d, ch)).or_default().push_back(p);
            }
        }
    }

    fn in_flight(&self) -> usize {
        ChannelLinks::in_flight(self)
    }

    fn quiet(&self, card: &Top<QA, PA>) -> bool {
        !card.tx_valid.val()
    }

    fn sent(&self) -> &[(usize, Channel, RxPacket)] {
        &self.sent
    }
}
