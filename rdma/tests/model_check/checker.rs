//! The breadth-first search over every interleaving, and its safety and liveness checks.

use crate::algos::Algo;
use crate::memory::{Handle, Mem, Placement, Posted};
use renq_rdma::Step;
use std::collections::{HashMap, VecDeque};

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
pub(crate) struct Stats {
    states: usize,
    terminal: usize,
}

/// Item `seq` of producer `p`.
fn item(p: usize, seq: u8) -> u64 {
    ((p as u64 + 1) << 8) | seq as u64
}

/// What order the consumer must see each producer's items in.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// FIFO per producer (and no loss, no duplicate).
    FifoPerProducer,
    /// Only no loss and no duplicate.
    AnyOrder,
}

/// Which producer failures the run includes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Faults {
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

pub(crate) fn check<A: Algo>(
    a: &A,
    producers: usize,
    items: u8,
    placement: Placement,
    order: Order,
) -> Result<Stats, String> {
    check_with(a, producers, items, placement, order, Faults::None)
}

pub(crate) fn check_with<A: Algo>(
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
