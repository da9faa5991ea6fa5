//! The behavioural model of the card (spec §6a engine, §7c portals, §8b registers), written for
//! speed and for reading beside the spec. It is a transaction-level model: a command takes
//! effect when written, a packet is decided when delivered, and every enqueue publishes its
//! TAIL at once (the RTL may coalesce TAIL writes; memory ends up the same), and a queue
//! that fills with a spare posted continues in it in the same step (spec §9c). The figures it
//! cannot show — cycles, coalescing, parking while a HEAD read is out — are the RTL's and are
//! measured there (`cycles-report`).
//!
//! Every constant comes from `renq_abi` (the card's own at its root).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use renq_abi::buffer::{
    link_word, next_index, valid_log2, words, FIRST_DATA_INDEX, HEAD_WORD, INDEX_MASK, LINK_WORD, TAIL_WORD,
};
use renq_abi::csr::{ExportEntry, Irq};
use renq_abi::packet::{Kind, Outcome, Packet};
use renq_abi::portal::{self, Store, MAX_IN_FLIGHT};
use renq_abi::regs::{self as r, bits, defined, COUNTERS};
use renq_abi::{EPOCH_MASK, MAX_PORTALS, MAX_QUEUES, OVERFLOW_FIFO_DEPTH};

use super::CardEngine;
use crate::memory::HostMemory;

/// Every counter has the same width.
const COUNTER_MASK: u64 = defined::CNT_SENT;

/// Event counters, in register order (`renq_abi::regs::COUNTERS`).
#[derive(Clone, Copy)]
enum Counter {
    Sent = 0,
    TxDropped,
    Enqueued,
    Rejected,
    Overflows,
    BadHeader,
    Refused,
    SrcRefused,
    Switches,
}

mod portal_slot;
mod queue_slot;
use portal_slot::PortalSlot;
use queue_slot::{spare_run, QueueSlot, Spare};

/// Broken variants of the model, for showing that the sender's model check
/// (`host-lib/tests/sender_model.rs`) catches them; all off, and always off without the
/// `mutants` feature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mutations {
    /// The epoch moves when a stall starts, not when it ends (the order bug of spec §7c).
    #[cfg(feature = "mutants")]
    pub epoch_at_stall_start: bool,
    #[cfg(not(feature = "mutants"))]
    epoch_at_stall_start: bool,
    /// The destination takes a packet whatever its epoch (no stale refusals).
    #[cfg(feature = "mutants")]
    pub ignores_epoch: bool,
    #[cfg(not(feature = "mutants"))]
    ignores_epoch: bool,
    /// A stall's end tells its waiters nothing (no RESUMED).
    #[cfg(feature = "mutants")]
    pub forgets_waiters: bool,
    #[cfg(not(feature = "mutants"))]
    forgets_waiters: bool,
}

/// The node's host memory, for the writes a command makes (`CardEngine::attach_memory`): a
/// SPARE that switches a full queue writes its LINK. Not part of the card's state (equal and
/// hashed alike whatever it holds).
#[derive(Clone, Default)]
struct Attached(Option<Arc<HostMemory>>);

impl PartialEq for Attached {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Attached {}
impl std::hash::Hash for Attached {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
impl std::fmt::Debug for Attached {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "attached" } else { "none" })
    }
}

/// The card: registers, portal table, queue state, outcomes owed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Model {
    /// Broken variants (model checks only).
    pub mutations: Mutations,
    node_id: u64,
    control: u64,
    irq_status: u64,
    irq_mask: u64,
    cmd_arg: u64,
    query: u64,
    counters: [u64; COUNTERS.len()],
    overflow: VecDeque<u16>,
    overflow_lost: bool,
    portal_sel: u64,
    queues: Vec<QueueSlot>,
    /// Each queue's ring of spares, oldest first (spec §9c); a queue with none has no entry.
    spares: BTreeMap<u16, VecDeque<Spare>>,
    /// How many spares a queue's ring holds (CAPS.SPARES): `MODEL_SPARES`, or the RTL's
    /// (`with_rtl_spares`, for the differential tests).
    spare_ring: u32,
    /// CAPS.ONE_RUN (the RTL's builds, spec §9c): a SPARE is refused while a run waits, and
    /// EXPORT ends the run the queue is in (the RTL finds its next buffer by its address).
    one_run: bool,
    /// The stalled queues' waiters, as (queue, node, portal): the portals refused while their
    /// queue is stalled, told RESUMED when the stall ends (spec §7c); at most
    /// `renq_abi::MODEL_WAITERS`. One set, so the bound and the check for a portal listed
    /// already cost a lookup, not a walk, on every refusal of a stall.
    waiters: BTreeSet<(u16, u16, u16)>,
    /// Stall notices on (WAITING and RESUMED outcomes); off, the card refuses as the RTL does
    /// (the differential tests, `without_stall_notices`).
    stall_notices: bool,
    portals: Vec<PortalSlot>,
    /// OUTCOME packets owed to senders, in the order their packets were taken.
    replies: Vec<Packet>,
    memory: Attached,
    /// Writes a command made with no memory attached, performed before the next packet.
    held_writes: Vec<(u64, u64)>,
}

impl Default for Model {
    fn default() -> Self {
        Model::new()
    }
}

impl Model {
    /// A card as after reset (and after the start-up sweep): everything zero, no queue
    /// exported, no portal valid, RX and TX off.
    pub fn new() -> Model {
        Model::with_tables(MAX_QUEUES, MAX_PORTALS)
    }

    /// A card with only the first `queues` queues and `portals` portals, small enough for a
    /// model check to copy and hash it (`host-lib/tests/sender_model.rs`); an access to any
    /// other queue or portal panics.
    #[doc(hidden)]
    pub fn with_tables(queues: usize, portals: usize) -> Model {
        Model {
            mutations: Mutations::default(),
            node_id: 0,
            control: 0,
            irq_status: 0,
            irq_mask: 0,
            cmd_arg: 0,
            query: 0,
            counters: [0; COUNTERS.len()],
            overflow: VecDeque::with_capacity(OVERFLOW_FIFO_DEPTH),
            overflow_lost: false,
            portal_sel: 0,
            queues: vec![QueueSlot::default(); queues.min(MAX_QUEUES)],
            spares: BTreeMap::new(),
            spare_ring: renq_abi::MODEL_SPARES,
            one_run: false,
            waiters: BTreeSet::new(),
            stall_notices: true,
            portals: vec![PortalSlot::default(); portals.min(MAX_PORTALS)],
            replies: Vec::new(),
            memory: Attached::default(),
            held_writes: Vec::new(),
        }
    }

    /// The card as the RTL builds it in this respect: a refusal is REFUSED whatever its cause,
    /// and no RESUMED is sent (the differential tests compare the two).
    pub fn without_stall_notices(mut self) -> Model {
        self.stall_notices = false;
        self
    }

    /// A card whose queues hold spares as the RTL's builds do (CAPS.SPARES =
    /// `renq_abi::RTL_SPARES`, CAPS.ONE_RUN), for the differential tests.
    pub fn with_rtl_spares(mut self) -> Model {
        self.spare_ring = renq_abi::RTL_SPARES;
        self.one_run = true;
        self
    }

    /// Zeroes the event counters and every portal's `refused` count: what no protocol step
    /// reads. A model check calls it after each step, so states that differ only in these
    /// counts are one (`host-lib/tests/sender_model.rs`).
    #[doc(hidden)]
    pub fn forget_counts(&mut self) {
        self.counters = [0; COUNTERS.len()];
        for p in &mut self.portals {
            p.refused = 0;
        }
    }

    fn count(&mut self, c: Counter) {
        let v = &mut self.counters[c as usize];
        *v = (*v + 1) & COUNTER_MASK;
    }

    fn rx_enable(&self) -> bool {
        renq_abi::csr::Control(self.control).rx_enable()
    }

    fn tx_enable(&self) -> bool {
        renq_abi::csr::Control(self.control).tx_enable()
    }

    /// IRQ_STATUS: BAD_HEADER and NOTIFY as latched; OVERFLOW while a stall waits in the
    /// FIFO or LOST is set (a W1C cannot make the driver forget a stall; POP does).
    fn irq_status_now(&self) -> u64 {
        let overflow = !self.overflow.is_empty() || self.overflow_lost;
        self.irq_status | if overflow { Irq::OVERFLOW_MASK } else { 0 }
    }

    fn overflow_word(&self) -> u64 {
        let head = self.overflow.front().map_or(0, |&q| q as u64 | 1 << bits::OVERFLOW_VALID);
        head | (self.overflow_lost as u64) << bits::OVERFLOW_LOST
    }

    /// A command from the driver (BAR0 CMD), run at once.
    fn command(&mut self, kind: u64, q: usize, arg: u64) {
        let mutations = self.mutations;
        let s = &mut self.queues[q];
        match kind {
            renq_abi::CMD_EXPORT => {
                let e = ExportEntry(arg);
                let k = e.log2_words() as u32;
                if e.valid() && valid_log2(k) {
                    s.valid = true;
                    s.log2_words = k;
                    s.base = renq_abi::buffer::aligned_base(e.base(), k);
                    s.tail = FIRST_DATA_INDEX;
                    s.free = renq_abi::buffer::capacity(k);
                    if self.one_run {
                        // The run the queue was in ends: its buffers followed the old one.
                        if let Some(ring) = self.spares.get_mut(&(q as u16)) {
                            let entered = ring.iter().take_while(|s| !s.first).count();
                            ring.drain(..entered);
                            if ring.is_empty() {
                                self.spares.remove(&(q as u16));
                            }
                        }
                    }
                } else {
                    // Unexported: the spares posted are taken back too (spec §9c).
                    s.valid = false;
                    self.spares.remove(&(q as u16));
                }
                // A new buffer, empty and not stalled; ARMED stays (spec §6a). The spares stay.
                s.unstall(mutations);
            }
            // The consumer's head index and the word address of its buffer
            // (`head_doorbell_arg`): applied only if that is the buffer the card writes (spec
            // §9c); a doorbell of a buffer the card switched away from is ignored.
            renq_abi::CMD_HEAD if s.valid && renq_abi::head_doorbell_base(arg) == s.base => {
                let head = arg & INDEX_MASK & s.mask();
                if head < FIRST_DATA_INDEX {
                    self.bad_header();
                } else {
                    s.free = s.free.max(s.free_from_head(head));
                }
            }
            renq_abi::CMD_SPARE if s.valid => {
                let e = ExportEntry(arg);
                let held = self.spares.get(&(q as u16)).map_or(0, |r| r.len());
                if !e.valid() {
                    self.spares.remove(&(q as u16));
                } else if self.one_run && run_waits(&self.spares, q) {
                    self.bad_header();
                } else if let Some(run) = spare_run(e, held, self.spare_ring as usize) {
                    self.spares.entry(q as u16).or_default().extend(run);
                    if s.free == 0 && !s.stalled {
                        // Filled before its spare came: it switches now (a LINK write alone).
                        let s = *s;
                        self.switch(q, s);
                    }
                } else {
                    self.bad_header();
                }
            }
            renq_abi::CMD_RESUME => s.unstall(mutations),
            renq_abi::CMD_ARM if s.valid => {
                // The buffer the consumer is in: one the card left has items the consumer has
                // not seen, whatever its index says (spec §6a, §9c).
                let seen = arg & INDEX_MASK & (words(s.log2_words) - 1);
                if seen != s.tail || renq_abi::head_doorbell_base(arg) != s.base {
                    // An item the consumer has not seen is already published (this model
                    // publishes at once): tell it now.
                    self.irq_status |= Irq::NOTIFY_MASK;
                } else {
                    s.armed = true;
                }
            }
            renq_abi::CMD_QUERY => {
                let spares = self.spares.get(&(q as u16)).map_or(0, |r| r.len());
                let waiting = self.one_run && run_waits(&self.spares, q);
                self.query = s.state_word(spares, waiting) | 1 << renq_abi::state::bits::READY
            }
            _ => {} // commands on a queue not exported, unknown kinds: ignored
        }
        if !self.queues[q].stalled {
            self.release_waiters(q); // the stall is over (EXPORT, RESUME, unexport)
        }
    }

    /// A posted write a command makes: to the attached memory, or held until the next packet.
    fn command_write(&mut self, addr: u64, value: u64) {
        match &self.memory.0 {
            Some(mem) => mem.dma_write(addr, value),
            None => self.held_writes.push((addr, value)),
        }
    }

    /// The switch (spec §9c) of queue `q`, whose state is `s` (full, every TAIL written): the
    /// full buffer's LINK ← the oldest spare, the queue continues in it, the switch is counted
    /// and pushed into the OVERFLOW FIFO like a stall, so the driver tops the ring up — on a
    /// card with one run (the RTL's), only a switch into a posted run's first buffer: inside a
    /// run the driver has nothing to do, and it posts the next run once the queue entered one.
    /// No spare posted: nothing happens.
    fn switch(&mut self, q: usize, mut s: QueueSlot) {
        let Some(ring) = self.spares.get_mut(&(q as u16)) else { return };
        let Some(spare) = ring.pop_front() else { return };
        if ring.is_empty() {
            self.spares.remove(&(q as u16));
        }
        self.command_write(s.word(LINK_WORD), link_word(spare.base, spare.k));
        s.take_spare(spare);
        self.queues[q] = s;
        self.count(Counter::Switches);
        if spare.first || !self.one_run {
            self.push_overflow(q);
        }
    }

    /// The outcome for a packet refused because queue `q` is stalled: WAITING, with its portal
    /// on the queue's list, or REFUSED when notices are off or the list is full.
    fn wait(&mut self, q: usize, pkt: &Packet) -> Outcome {
        if !self.stall_notices {
            return Outcome::Refused;
        }
        let waiter = (q as u16, pkt.src, pkt.portal);
        if self.waiters.contains(&waiter) {
            return Outcome::Waiting;
        }
        if self.waiters.len() >= renq_abi::MODEL_WAITERS {
            return Outcome::Refused;
        }
        self.waiters.insert(waiter);
        Outcome::Waiting
    }

    /// Queue `q`'s stall is over: every waiter gets RESUMED with the queue's epoch now.
    fn release_waiters(&mut self, q: usize) {
        let q = q as u16;
        let listed: Vec<_> = self.waiters.range((q, 0, 0)..=(q, u16::MAX, u16::MAX)).copied().collect();
        for w in &listed {
            self.waiters.remove(w);
        }
        if self.mutations.forgets_waiters {
            return;
        }
        let epoch = self.queues[q as usize].epoch;
        for (q, src, portal) in listed {
            let about = Packet { src, portal, queue: q, ..Packet::default() };
            self.reply(Outcome::Resumed, &about, epoch);
        }
    }

    fn push_overflow(&mut self, q: usize) {
        if self.overflow.len() < OVERFLOW_FIFO_DEPTH {
            self.overflow.push_back(q as u16);
        } else {
            self.overflow_lost = true;
        }
    }

    fn bad_header(&mut self) {
        self.count(Counter::BadHeader);
        self.irq_status |= Irq::BAD_HEADER_MASK;
    }

    /// Queues `outcome` for the sender of `about`; consecutive acceptances for one portal of
    /// one node are answered together (spec §7c).
    fn reply(&mut self, outcome: Outcome, about: &Packet, epoch: u8) {
        if let (Outcome::Accepted { count: 1 }, Some(last)) = (outcome, self.replies.last_mut()) {
            if last.dst == about.src && last.portal == about.portal && last.queue == about.queue {
                if let Some(Outcome::Accepted { count }) = Outcome::decode(last.data) {
                    if count < u32::MAX {
                        last.data = Outcome::Accepted { count: count + 1 }.encode();
                        last.epoch = epoch;
                        return;
                    }
                }
            }
        }
        self.replies.push(outcome.reply(self.node_id as u16, about, epoch));
    }

    /// The writes commands made with no memory attached, performed now into `mem`, in order.
    fn perform_held_writes(&mut self, mem: &HostMemory) {
        for (addr, value) in std::mem::take(&mut self.held_writes) {
            mem.dma_write(addr, value);
        }
    }

    /// An ENQUEUE from the link: the engine's steps, one packet at a time (spec §6a).
    fn enqueue(&mut self, mem: &HostMemory, pkt: &Packet) {
        self.perform_held_writes(mem);
        let q = pkt.queue as usize;
        // RD0: validate before any memory access.
        if pkt.dst as u64 != self.node_id || q >= MAX_QUEUES || !self.queues[q].valid {
            self.count(Counter::Rejected);
            self.reply(Outcome::Rejected, pkt, 0);
            return;
        }
        let mut s = self.queues[q];
        if s.stalled || (pkt.epoch != s.epoch && !self.mutations.ignores_epoch) {
            self.count(Counter::Refused);
            let outcome = if s.stalled { self.wait(q, pkt) } else { Outcome::Refused };
            self.reply(outcome, pkt, s.epoch);
            return;
        }
        if s.free == 0 {
            // RD1: only when the card's count of free slots ran out, one read of HEAD.
            let head = mem.dma_read(s.word(HEAD_WORD)) & (words(s.log2_words) - 1);
            if head < FIRST_DATA_INDEX {
                self.bad_header();
            } else {
                s.free = s.free.max(s.free_from_head(head));
            }
            if s.free == 0 {
                // Still full: stall and refuse (the driver relinks or resumes).
                s.stalled = true;
                if self.mutations.epoch_at_stall_start {
                    s.epoch = ((s.epoch as u64 + 1) & EPOCH_MASK) as u8;
                }
                self.queues[q] = s;
                self.count(Counter::Overflows);
                self.count(Counter::Refused);
                self.push_overflow(q);
                let outcome = self.wait(q, pkt);
                self.reply(outcome, pkt, s.epoch);
                return;
            }
        }
        // WR0: the item into slot[tail] (tail from the card, masked); WR1: publish the tail.
        mem.dma_write(s.word(s.tail), pkt.data);
        s.tail = next_index(s.tail, s.log2_words);
        s.free -= 1;
        mem.dma_write(s.word(TAIL_WORD), s.tail);
        self.count(Counter::Enqueued);
        if s.armed {
            s.armed = false;
            self.irq_status |= Irq::NOTIFY_MASK;
        }
        self.queues[q] = s;
        if s.free == 0 {
            // The last free slot, with a spare posted: the TAIL above, then LINK (spec §9c),
            // into this packet's memory now if none is attached (as the RTL's write queue).
            self.switch(q, s);
            self.perform_held_writes(mem);
        }
        self.reply(Outcome::Accepted { count: 1 }, pkt, s.epoch);
    }
}

impl CardEngine for Model {
    fn attach_memory(&mut self, memory: &Arc<HostMemory>) {
        self.memory = Attached(Some(memory.clone()));
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        match offset {
            r::ID => r::ID_VALUE,
            r::NODE_ID => self.node_id,
            r::CONTROL => self.control,
            r::IRQ_STATUS => self.irq_status_now(),
            r::IRQ_MASK => self.irq_mask,
            r::CMD_ARG => self.cmd_arg,
            r::QUERY => self.query,
            r::OVERFLOW => self.overflow_word(),
            r::PORTAL_SEL => self.portal_sel,
            r::PORTAL => self.portals[self.portal_sel as usize].entry.0,
            r::STATUS => 0, // commands run at once; the sweep is over at reset
            r::CAPS => {
                let reset = r::REGISTERS.iter().find(|d| d.name == "CAPS").map_or(0, |d| d.reset);
                defined::CAPS & reset & !r::CAPS_SPARES_MASK
                    | (self.spare_ring as u64) << bits::CAPS_SPARES_LSB
                    | (self.one_run as u64) << bits::CAPS_ONE_RUN
            }
            o => COUNTERS.iter().position(|&(c, _)| c == o).map_or(0, |i| self.counters[i]),
        }
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        match offset {
            r::NODE_ID => self.node_id = value & defined::NODE_ID,
            r::CONTROL => self.control = value & defined::CONTROL,
            r::IRQ_STATUS => self.irq_status &= !(value & defined::IRQ_STATUS),
            r::IRQ_MASK => self.irq_mask = value & defined::IRQ_MASK,
            r::CMD_ARG => self.cmd_arg = value,
            r::CMD if value & !defined::CMD == 0 => {
                let kind = value >> bits::CMD_KIND_LSB;
                let q = (value & (MAX_QUEUES as u64 - 1)) as usize;
                self.command(kind, q, self.cmd_arg);
            }
            r::OVERFLOW_POP if value & !defined::OVERFLOW_POP == 0 => {
                if value & 1 << bits::POP != 0 {
                    self.overflow.pop_front();
                }
                if value & 1 << bits::CLEAR_LOST != 0 {
                    self.overflow_lost = false;
                }
            }
            r::PORTAL_SEL => self.portal_sel = value & defined::PORTAL_SEL,
            r::PORTAL => {
                // A new destination: the portal starts over (status and epoch zeroed).
                self.portals[self.portal_sel as usize] =
                    PortalSlot { entry: portal::Entry(value & defined::PORTAL), ..PortalSlot::default() }
            }
            _ => {} // read-only, malformed commands and unknown offsets are ignored
        }
    }

    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        let Ok((p, store)) = portal::decode_store(offset, byte_enable) else {
            self.count(Counter::TxDropped);
            return None;
        };
        let node_id = self.node_id as u16;
        let tx = self.tx_enable();
        let slot = &mut self.portals[p as usize];
        match store {
            // Held (a WAITING refusal, no RESUMED yet): the portal keeps refusing.
            Store::Retry => {
                slot.refusing &= slot.held;
                None
            }
            Store::Enqueue if !tx || !slot.entry.valid() => {
                self.count(Counter::TxDropped);
                None
            }
            Store::Enqueue if slot.refusing || slot.in_flight >= MAX_IN_FLIGHT => {
                slot.refuse();
                self.count(Counter::SrcRefused);
                None
            }
            Store::Enqueue => {
                slot.in_flight += 1;
                let pkt = Packet {
                    src: node_id,
                    dst: slot.entry.node() as u16,
                    queue: slot.entry.queue() as u16,
                    portal: p,
                    epoch: slot.epoch,
                    kind: Kind::Enqueue,
                    data,
                };
                self.count(Counter::Sent);
                Some(pkt)
            }
        }
    }

    fn shadow_read(&mut self, offset: u64) -> u64 {
        match portal::decode_load(offset) {
            Ok(p) => self.portals[p as usize].status(),
            Err(_) => 0,
        }
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        match pkt.kind {
            // Outcomes go to the sender side, whatever the receiver does.
            Kind::Outcome => self.outcome(&pkt),
            // RX off: the packet waits on the link (the only thing that holds a link).
            Kind::Enqueue if !self.rx_enable() => return false,
            Kind::Enqueue => self.enqueue(mem, &pkt),
            Kind::PeerReset => self.forget_node(pkt.src),
        }
        true
    }

    fn take_replies(&mut self, out: &mut Vec<Packet>) {
        out.append(&mut self.replies);
    }

    fn peer_reset(&mut self, node: u16) {
        self.forget_node(node);
    }

    fn irq(&mut self) -> bool {
        self.irq_status_now() & self.irq_mask != 0
    }

    fn card(&self) -> super::CardKind {
        super::CardKind::Renq
    }
}

/// Whether a run posted to queue `q` waits (its first buffer is on the ring).
fn run_waits(spares: &BTreeMap<u16, VecDeque<Spare>>, q: usize) -> bool {
    spares.get(&(q as u16)).is_some_and(|r| r.iter().any(|s| s.first))
}

#[cfg(test)]
mod tests;
