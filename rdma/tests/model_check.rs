//! Exhaustive interleaving check of both queue algorithms.
//!
//! The shipped op state machines (`seed::EnqOp`/`DeqOp`, `fast::EnqOp`/`DeqOp`) issue one
//! memory operation per `step`. A breadth-first search runs every interleaving of those steps
//! for a few producers, one consumer and a tiny buffer, over a model memory with RDMA
//! semantics: FAA/CAS/READ take effect at once; a posted WRITE goes into the issuing handle's
//! in-flight queue and is placed one word at a time, in address order, as a separate event
//! that may be delayed past any number of other threads' steps; a handle's next operation
//! waits for its own earlier writes (RC queue pairs execute in order).
//!
//! Checked: every dequeued item is the next one of its producer (FIFO per producer, no
//! duplicate); at the end every item was dequeued (no loss); and from every reachable state
//! the run can still finish (no deadlock or livelock trap while items remain).
//!
//! Stopped producers (docs/spec.md R.11): the fast queue is also checked with one producer
//! that may stop for good at any step of any enqueue (`Faults::Crash`: its posted WRITEs
//! may still arrive; the consumer's lease expires only for the stopped producer's ticket), and
//! with leases that may expire at any moment, also for a producer that is only slow
//! (`Faults::Stall`). A queue slot WRITE (`write_slot`) is placed as one event, both words, and
//! only if its stamp exceeds the slot's (the fence); refused items are recorded.

use renq_rdma::{fast, seed, Error, LocalMemory, OpCounters, RemoteMemory, SlotWrite, Step};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

/// A posted write not yet placed: one word of a WRITE, or a whole fenced slot WRITE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Posted {
    Word(u64, u64),
    Slot { off: u64, data: u64, stamp: u64 },
}

/// Region words plus each handle's in-flight (posted, not yet placed) writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Mem {
    words: Vec<u64>,
    inflight: Vec<VecDeque<Posted>>,
}

/// Placement order of the words of one multi-word WRITE.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Placement {
    AddressOrder,
    /// Last word first: violates the documented assumption; used to show the check bites.
    Reversed,
    /// A slot WRITE placed whole but unconditionally: no fence; shows the fence is needed.
    Unfenced,
}

struct Handle<'a> {
    mem: &'a mut Mem,
    tid: usize,
    placement: Placement,
    ops: OpCounters,
}

impl Handle<'_> {
    fn idx(off: u64) -> usize {
        assert_eq!(off % 8, 0);
        (off / 8) as usize
    }
}

impl RemoteMemory for Handle<'_> {
    fn read(&mut self, off: u64) -> Result<u64, Error> {
        self.ops.reads += 1;
        Ok(self.mem.words[Self::idx(off)])
    }
    fn write(&mut self, off: u64, words: &[u64]) -> Result<(), Error> {
        self.ops.writes += 1;
        let mut ws: Vec<Posted> = words.iter().enumerate().map(|(i, v)| Posted::Word(off + 8 * i as u64, *v)).collect();
        if self.placement == Placement::Reversed {
            ws.reverse();
        }
        self.mem.inflight[self.tid].extend(ws);
        Ok(())
    }
    fn write_slot(&mut self, off: u64, data: u64, stamp: u64) -> Result<SlotWrite, Error> {
        self.ops.writes += 1;
        if self.placement == Placement::Reversed {
            // The mutant: the two words placed separately, stamp first, unfenced.
            self.mem.inflight[self.tid].extend([Posted::Word(off + 8, stamp), Posted::Word(off, data)]);
        } else {
            self.mem.inflight[self.tid].push_back(Posted::Slot { off, data, stamp });
        }
        Ok(SlotWrite::Posted)
    }
    /// Lets the fast queue's READ of HEAD beside its FAA run: a separate step here, as
    /// other requests may reach the responder between the FAA and the READ.
    fn can_read_beside(&self) -> bool {
        true
    }
    fn fetch_and_add(&mut self, off: u64, add: u64) -> Result<u64, Error> {
        self.ops.faas += 1;
        let w = &mut self.mem.words[Self::idx(off)];
        let old = *w;
        *w = old.wrapping_add(add);
        Ok(old)
    }
    fn compare_and_swap(&mut self, off: u64, exp: u64, new: u64) -> Result<u64, Error> {
        self.ops.cases += 1;
        let w = &mut self.mem.words[Self::idx(off)];
        let old = *w;
        if old == exp {
            *w = new;
        }
        Ok(old)
    }
    fn flush(&mut self) -> Result<(), Error> {
        unreachable!("the algorithms never flush inside an operation")
    }
    fn counters(&self) -> OpCounters {
        self.ops
    }
}

impl LocalMemory for Handle<'_> {
    fn load(&mut self, off: u64) -> u64 {
        self.ops.local_loads += 1;
        self.mem.words[Self::idx(off)]
    }
    fn store(&mut self, off: u64, v: u64) {
        self.ops.local_stores += 1;
        self.mem.words[Self::idx(off)] = v;
    }
    fn fence_slot(&mut self, off: u64, expected: u64, new: u64) -> Option<u64> {
        self.ops.local_stores += 1;
        let w = &mut self.mem.words[Self::idx(off) + 1];
        let found = *w;
        if found == expected {
            *w = new;
        }
        Some(found)
    }
    fn local_counters(&self) -> OpCounters {
        self.ops
    }
}

/// An algorithm as the checker sees it: per-thread state machines over `Handle`.
trait Algo {
    type Prod: Clone + Eq + Hash + std::fmt::Debug;
    type Cons: Clone + Eq + Hash + std::fmt::Debug;
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons);
    fn start_enq(&self, p: &mut Self::Prod, item: u64);
    /// None = no enqueue in progress.
    fn enq_busy(&self, p: &Self::Prod) -> bool;
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error>;
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error>;
    /// The ticket a producer's unfinished enqueue holds (queues with tickets and leases).
    fn holds(&self, _p: &Self::Prod) -> Option<u64> {
        None
    }
    /// The consumer's next ticket, and a way to expire its lease (queues with leases).
    fn head(&self, _c: &Self::Cons) -> Option<u64> {
        None
    }
    fn expire_lease(&self, _c: &mut Self::Cons) {}
}

struct Seed {
    layout: seed::Layout,
    /// Mutant: drop the reconstructed "advance the ticket" step.
    skip_advance: bool,
}

impl Algo for Seed {
    type Prod = Option<seed::EnqOp>;
    type Cons = Option<seed::DeqOp>;
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons) {
        let n = (seed::Layout::bytes(self.layout.buffer_size) / 8) as usize;
        let mut w = vec![0; n];
        w[seed::HDR_MAGIC as usize] = seed::MAGIC;
        w[seed::HDR_BUFFER_SIZE as usize] = self.layout.buffer_size;
        w[seed::HDR_VARIANT as usize] = self.layout.variant as u64;
        (w, None, None)
    }
    fn start_enq(&self, p: &mut Self::Prod, item: u64) {
        *p = Some(seed::EnqOp::new(item));
    }
    fn enq_busy(&self, p: &Self::Prod) -> bool {
        p.is_some()
    }
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error> {
        let r = p.as_mut().unwrap().step(&self.layout, h)?;
        if let Step::Done(()) = r {
            *p = None;
        }
        Ok(r)
    }
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error> {
        let op = c.get_or_insert(seed::DeqOp::ClaimBlock);
        if let (true, seed::DeqOp::AdvanceTicket { data, .. }) = (self.skip_advance, *op) {
            *c = None;
            return Ok(Step::Done(data));
        }
        let r = op.step(&self.layout, h)?;
        if let Step::Done(_) = r {
            *c = None;
        }
        Ok(r)
    }
}

struct Fast {
    layout: fast::Layout,
}

impl Algo for Fast {
    type Prod = (fast::ProducerState, Option<fast::EnqOp>);
    type Cons = (fast::ConsumerState, fast::DeqOp);
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons) {
        let n = (fast::Layout::bytes(self.layout.capacity) / 8) as usize;
        let mut w = vec![0; n];
        w[fast::HDR_MAGIC as usize] = fast::MAGIC;
        w[fast::HDR_CAPACITY as usize] = self.layout.capacity;
        w[fast::HDR_GEN as usize] = self.layout.gen;
        for t in 0..self.layout.capacity {
            w[(self.layout.slot(t, fast::SLOT_STAMP) / 8) as usize] = self.layout.fresh();
        }
        (w, Default::default(), (Default::default(), fast::DeqOp::Poll))
    }
    fn start_enq(&self, p: &mut Self::Prod, item: u64) {
        p.1 = Some(fast::EnqOp::new(item));
    }
    fn enq_busy(&self, p: &Self::Prod) -> bool {
        p.1.is_some()
    }
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error> {
        let r = p.1.as_mut().unwrap().step(&self.layout, &mut p.0, h)?;
        if let Step::Done(()) = r {
            p.1 = None;
        }
        Ok(r)
    }
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error> {
        let r = c.1.step(&self.layout, &mut c.0, h);
        if let Step::Done(_) = r {
            c.1 = fast::DeqOp::Poll;
        }
        Ok(r)
    }
    fn holds(&self, p: &Self::Prod) -> Option<u64> {
        p.1.and_then(|op| op.pc.ticket())
    }
    fn head(&self, c: &Self::Cons) -> Option<u64> {
        Some(c.0.head)
    }
    fn expire_lease(&self, c: &mut Self::Cons) {
        c.0.lease_expired = true;
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct World<P, C> {
    mem: Mem,
    prods: Vec<(u8, P)>, // (items started, machine)
    cons: C,
    seen: Vec<u8>,          // per producer: bitmask of its items dequeued so far
    refused: Vec<u8>,       // per producer: bitmask of its items whose WRITE the fence refused
    crashed: Option<usize>, // the producer that stopped for good, if any
}

#[derive(Debug)]
#[allow(dead_code)] // printed
struct Stats {
    states: usize,
    terminal: usize,
}

/// Item `seq` of producer `p`.
fn item(p: usize, seq: u8) -> u64 {
    ((p as u64 + 1) << 8) | seq as u64
}

/// What order the consumer must see each producer's items in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// FIFO per producer (and no loss, no duplicate).
    FifoPerProducer,
    /// Only no loss and no duplicate.
    AnyOrder,
}

/// Which producer failures the run includes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Faults {
    /// None: leases never expire; every item must be delivered.
    None,
    /// One producer may stop for good before any step of any enqueue; the consumer's lease
    /// expires only while the stopped producer holds the ticket at head (leases longer than
    /// any live producer's pause). Every item of the others must be delivered; the stopped
    /// producer's delivered items must be in order, none twice.
    Crash,
    /// Leases may expire at any moment, also under a producer that is only slow: every item
    /// is delivered exactly once or refused by the fence (its producer told), never both, and
    /// the delivered ones are in order.
    Stall,
}

fn check<A: Algo>(a: &A, producers: usize, items: u8, placement: Placement, order: Order) -> Result<Stats, String> {
    check_with(a, producers, items, placement, order, Faults::None)
}

fn check_with<A: Algo>(
    a: &A,
    producers: usize,
    items: u8,
    placement: Placement,
    order: Order,
    faults: Faults,
) -> Result<Stats, String> {
    assert!(items <= 8);
    let (words, p0, c0) = a.init();
    let threads = producers + 1;
    let init = World {
        mem: Mem { words, inflight: vec![VecDeque::new(); threads] },
        prods: vec![(0, p0); producers],
        cons: c0,
        seen: vec![0; producers],
        refused: vec![0; producers],
        crashed: None,
    };
    let all = ((1u16 << items) - 1) as u8;
    let is_terminal = |w: &World<A::Prod, A::Cons>| {
        w.mem.inflight.iter().all(|q| q.is_empty())
            && (0..producers).filter(|&p| w.crashed != Some(p)).all(|p| {
                let (n, m) = &w.prods[p];
                *n == items && !a.enq_busy(m) && (w.seen[p] | w.refused[p]) == all
            })
    };

    let mut index: HashMap<World<A::Prod, A::Cons>, u32> = HashMap::new();
    let mut states: Vec<World<A::Prod, A::Cons>> = vec![];
    let mut succ: Vec<Vec<u32>> = vec![];
    let mut frontier = VecDeque::new();
    index.insert(init.clone(), 0);
    states.push(init);
    succ.push(vec![]);
    frontier.push_back(0u32);

    while let Some(s) = frontier.pop_front() {
        let w = states[s as usize].clone();
        let mut nexts: Vec<World<A::Prod, A::Cons>> = vec![];
        // Placement of one in-flight write, per handle (a stopped producer's too: its
        // packets may still arrive).
        for t in 0..threads {
            if let Some(&posted) = w.mem.inflight[t].front() {
                let mut n = w.clone();
                n.mem.inflight[t].pop_front();
                match posted {
                    Posted::Word(off, v) => n.mem.words[(off / 8) as usize] = v,
                    Posted::Slot { off, data, stamp } => {
                        let i = (off / 8) as usize;
                        if stamp > n.mem.words[i + 1] || placement == Placement::Unfenced {
                            n.mem.words[i] = data;
                            n.mem.words[i + 1] = stamp;
                        } else {
                            let (p, seq) = ((data >> 8) as usize - 1, data & 0xff);
                            if faults == Faults::Crash && n.crashed != Some(p) {
                                return Err(format!("a live producer's item {data:#x} was refused in {w:?}"));
                            }
                            n.refused[p] |= 1 << seq;
                        }
                    }
                }
                nexts.push(n);
            }
        }
        // One step of each producer whose earlier writes are placed.
        for p in 0..producers {
            let (started, ref m) = w.prods[p];
            if w.crashed == Some(p) || !w.mem.inflight[p].is_empty() || (started == items && !a.enq_busy(m)) {
                continue;
            }
            let mut n = w.clone();
            let (started, m) = &mut n.prods[p];
            if !a.enq_busy(m) {
                a.start_enq(m, item(p, *started));
                *started += 1;
            }
            let mut h = Handle { mem: &mut n.mem, tid: p, placement, ops: Default::default() };
            a.prod_step(m, &mut h).map_err(|e| format!("producer {p}: {e} in {w:?}"))?;
            if h.ops.verbs_ops() > 1 {
                return Err(format!("producer step issued {} ops", h.ops.verbs_ops()));
            }
            nexts.push(n);
            // Or the producer stops for good here, before this step.
            if faults == Faults::Crash && w.crashed.is_none() {
                let mut n = w.clone();
                n.crashed = Some(p);
                nexts.push(n);
            }
        }
        // The consumer's lease of the ticket at head expires.
        if let Some(head) = a.head(&w.cons) {
            let expires = match faults {
                Faults::None => false,
                Faults::Crash => w.crashed.is_some_and(|p| a.holds(&w.prods[p].1) == Some(head)),
                Faults::Stall => true,
            };
            if expires {
                let mut n = w.clone();
                a.expire_lease(&mut n.cons);
                if n != w {
                    nexts.push(n);
                }
            }
        }
        // One step of the consumer until the run is complete.
        if !is_terminal(&w) && w.mem.inflight[producers].is_empty() {
            let mut n = w.clone();
            let mut h = Handle { mem: &mut n.mem, tid: producers, placement, ops: Default::default() };
            let r = a.cons_step(&mut n.cons, &mut h).map_err(|e| format!("consumer: {e}"))?;
            let o = h.ops;
            if o.verbs_ops() + o.local_loads + o.local_stores > 1 {
                return Err("consumer step issued more than one op".into());
            }
            if let Step::Done(v) = r {
                let p = (v >> 8) as usize;
                if p == 0 || p > producers {
                    return Err(format!("dequeued garbage {v:#x} in {w:?}"));
                }
                let seq = (v & 0xff) as u32;
                let seen = n.seen[p - 1];
                if seq >= items as u32 || seen & (1 << seq) != 0 {
                    return Err(format!("producer {} item {seq} dequeued twice in {w:?}", p - 1));
                }
                if n.refused[p - 1] & (1 << seq) != 0 {
                    return Err(format!("producer {} item {seq} dequeued after its WRITE was refused in {w:?}", p - 1));
                }
                // FIFO: no later item of the producer came out before this one.
                if order == Order::FifoPerProducer && seen >> seq != 0 {
                    return Err(format!("producer {} item {seq} dequeued after a later one (FIFO) in {w:?}", p - 1));
                }
                // Without faults nothing may be passed over either.
                if order == Order::FifoPerProducer && faults == Faults::None && seen.count_ones() != seq {
                    return Err(format!(
                        "producer {} item {seq} dequeued before its item {} (FIFO) in {w:?}",
                        p - 1,
                        seen.trailing_ones()
                    ));
                }
                n.seen[p - 1] |= 1 << seq;
            }
            nexts.push(n);
        }
        if nexts.is_empty() && !is_terminal(&w) {
            return Err(format!("stuck (no step possible) in {w:?}"));
        }
        for n in nexts {
            let id = match index.get(&n) {
                Some(&id) => id,
                None => {
                    let id = states.len() as u32;
                    index.insert(n.clone(), id);
                    states.push(n);
                    succ.push(vec![]);
                    frontier.push_back(id);
                    id
                }
            };
            succ[s as usize].push(id);
        }
    }

    // Liveness: every reachable state can still reach a terminal state.
    let mut pred: Vec<Vec<u32>> = vec![vec![]; states.len()];
    for (s, ns) in succ.iter().enumerate() {
        for &n in ns {
            pred[n as usize].push(s as u32);
        }
    }
    let mut can_finish = vec![false; states.len()];
    let mut work: Vec<u32> = vec![];
    let mut terminal = 0;
    for (i, w) in states.iter().enumerate() {
        if is_terminal(w) {
            can_finish[i] = true;
            work.push(i as u32);
            terminal += 1;
        }
    }
    if terminal == 0 {
        return Err("deadlock: no terminal state reached".into());
    }
    while let Some(s) = work.pop() {
        for &p in &pred[s as usize] {
            if !can_finish[p as usize] {
                can_finish[p as usize] = true;
                work.push(p);
            }
        }
    }
    if let Some(bad) = can_finish.iter().position(|c| !c) {
        return Err(format!(
            "deadlock/livelock: {} states cannot finish, e.g. {:?}",
            can_finish.iter().filter(|c| !**c).count(),
            states[bad]
        ));
    }
    Ok(Stats { states: states.len(), terminal })
}

fn seed_algo(buffer: u64, variant: seed::Variant) -> Seed {
    Seed { layout: seed::Layout::new(0, buffer, variant).unwrap(), skip_advance: false }
}

fn fast_algo(capacity: u64) -> Fast {
    Fast { layout: fast::Layout::new(0, capacity).unwrap() }
}

// (producers, items each, buffer) — small enough to run exhaustively in seconds, large enough
// to wrap the ring several times and to make producers wait for their turn or for room.
const CONFIGS: &[(usize, u8, u64)] =
    &[(2, 2, 1), (2, 2, 2), (3, 1, 1), (3, 1, 2), (2, 3, 2), (3, 2, 1), (3, 2, 2), (2, 4, 3), (4, 1, 2)];

#[test]
fn seed_lap_turn_all_interleavings() {
    for &(p, k, b) in CONFIGS {
        let a = seed_algo(b, seed::Variant::LapTurn);
        let s = check(&a, p, k, Placement::AddressOrder, Order::FifoPerProducer)
            .unwrap_or_else(|e| panic!("seed/lap-turn {p}x{k} buffer {b}: {e}"));
        println!("seed/lap-turn producers={p} items={k} buffer={b}: {s:?}");
    }
}

/// The seed as written loses no item, duplicates none and cannot get stuck...
#[test]
fn seed_faithful_all_interleavings_no_loss_no_dup() {
    for &(p, k, b) in CONFIGS {
        let a = seed_algo(b, seed::Variant::Faithful);
        let s = check(&a, p, k, Placement::AddressOrder, Order::AnyOrder)
            .unwrap_or_else(|e| panic!("seed/faithful {p}x{k} buffer {b}: {e}"));
        println!("seed/faithful producers={p} items={k} buffer={b}: {s:?}");
    }
}

/// ...but it is not FIFO per producer: a producer stalled between `faa(producer_offset)`
/// and `faa(turn)` lets a later enqueue on the same block go first.
#[test]
fn seed_faithful_breaks_fifo_per_producer() {
    let a = seed_algo(2, seed::Variant::Faithful);
    let e = check(&a, 2, 2, Placement::AddressOrder, Order::FifoPerProducer)
        .expect_err("the seed as written reorders one producer's items");
    assert!(e.contains("(FIFO)"), "{e}");
    println!("counterexample: {e}");
}

#[test]
fn fast_all_interleavings() {
    for &(p, k, b) in CONFIGS {
        let s = check(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer)
            .unwrap_or_else(|e| panic!("fast {p}x{k} capacity {b}: {e}"));
        println!("fast  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// The checker finds a deadlock when the seed's lost "advance the ticket" line is left out:
/// the reconstruction is needed, and the check can see deadlocks.
#[test]
fn seed_without_ticket_advance_deadlocks() {
    let a = Seed { layout: seed::Layout::new(0, 1, seed::Variant::LapTurn).unwrap(), skip_advance: true };
    let e = check(&a, 2, 1, Placement::AddressOrder, Order::AnyOrder).expect_err("must fail");
    assert!(e.contains("deadlock") || e.contains("stuck"), "{e}");
}

/// The checker finds the consumer reading a stale data word if a WRITE placed the stamp
/// before the data: the fast queue depends on address-ordered placement of its last word.
#[test]
fn fast_detects_stamp_placed_before_data() {
    let e = check(&fast_algo(1), 2, 2, Placement::Reversed, Order::AnyOrder).expect_err("must fail");
    assert!(e.contains("dequeued"), "{e}");
}

// (producers, items each, capacity) for the fault runs: capacity ≥ 2, since a stopped ticket is
// detected by a later ticket's written slot (docs/spec.md R.11).
const FAULT_CONFIGS: &[(usize, u8, u64)] = &[(2, 2, 2), (3, 1, 2), (2, 3, 2), (2, 2, 3), (3, 2, 2)];

/// A producer that stops for good at any step of any enqueue (before its FAA, between its FAA
/// and its WRITE, while waiting for room, after posting its WRITE) does not wedge the queue:
/// every other producer's items are delivered, in order, once; the stopped one's delivered
/// items are in order, none twice; every state can still finish.
#[test]
fn fast_stopped_producer_at_every_step() {
    for &(p, k, b) in FAULT_CONFIGS {
        let s = check_with(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer, Faults::Crash)
            .unwrap_or_else(|e| panic!("fast, a producer stops: {p}x{k} capacity {b}: {e}"));
        println!("fast, a producer stops  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// Leases that expire at any moment, under producers that are only slow: the fence refuses
/// each late WRITE, so every item is delivered once or refused (never both, never lost
/// silently), and delivered items stay in order.
#[test]
fn fast_premature_leases_are_safe() {
    // (3×2, 2) has 0.9 M states here: left to the stopped-producer run.
    for &(p, k, b) in &FAULT_CONFIGS[..4] {
        let s = check_with(&fast_algo(b), p, k, Placement::AddressOrder, Order::FifoPerProducer, Faults::Stall)
            .unwrap_or_else(|e| panic!("fast, leases expire early: {p}x{k} capacity {b}: {e}"));
        println!("fast, leases expire early  producers={p} items={k} capacity={b}: {s:?}");
    }
}

/// Without the fence (the slot WRITE placed whole but unconditionally) the same run finds a
/// late WRITE landing in a skipped slot and clobbering a later ticket's item, which is then
/// neither delivered nor refused: the fence is needed.
#[test]
fn fast_without_fence_fails_under_early_leases() {
    let e = check_with(&fast_algo(2), 2, 2, Placement::Unfenced, Order::FifoPerProducer, Faults::Stall)
        .expect_err("an unfenced late WRITE must be caught");
    assert!(e.contains("deadlock") || e.contains("stuck") || e.contains("dequeued"), "{e}");
    println!("counterexample: {}", &e[..e.len().min(400)]);
}
