//! Links into a card: per-source FIFOs with back-pressure, and the card's interrupt line.
//!
//! Every card has one [`Inbox`]: a FIFO per incoming link (one per source node). A sender
//! pushes into the FIFO of its link and blocks while that FIFO is full, exactly like a
//! valid/ready link whose receiver is not ready; the card's worker takes packets from the heads
//! of the FIFOs in order, and leaves a head in place while the card refuses it (stalled queue,
//! RX disabled). So packets are delivered in order per (source, destination) and never dropped.
//! Sockets between processes feed the same structure (see `remote`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use renq_abi::packet::Packet;
use renq_abi::paper::MAX_NODES;

/// Packets a link holds before its sender blocks.
pub const LINK_CAPACITY: usize = 4096;

struct InboxState {
    fifos: Vec<VecDeque<Packet>>,
    /// Bumped by every push and every kick (a register write that may unblock a packet).
    epoch: u64,
    /// The epoch the worker last started scanning at.
    seen: u64,
    /// The worker is waiting for work.
    parked: bool,
    shutdown: bool,
}

/// The receive side of a card's links (see the module doc).
pub struct Inbox {
    state: Mutex<InboxState>,
    work: Condvar,
    space: Condvar,
    idle: Condvar,
    capacity: usize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking worker must not wedge every other thread: the state stays consistent
    // because every critical section is a few field updates.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Default for Inbox {
    fn default() -> Self {
        Inbox::new(LINK_CAPACITY)
    }
}

impl Inbox {
    /// An inbox with `MAX_NODES` links of `capacity` packets each.
    pub fn new(capacity: usize) -> Inbox {
        Inbox::with_links(MAX_NODES, capacity)
    }

    /// An inbox with `links` links (at least one) of `capacity` packets each.
    pub fn with_links(links: usize, capacity: usize) -> Inbox {
        Inbox {
            state: Mutex::new(InboxState {
                fifos: (0..links.max(1)).map(|_| VecDeque::new()).collect(),
                epoch: 0,
                seen: 0,
                parked: false,
                shutdown: false,
            }),
            work: Condvar::new(),
            space: Condvar::new(),
            idle: Condvar::new(),
            capacity: capacity.max(1),
        }
    }

    /// Sends `pkt` on link `link` (the sending node's index), blocking while the link is full.
    /// Returns false only if the inbox was shut down (the simulation is ending).
    pub fn push(&self, link: usize, pkt: Packet) -> bool {
        self.push_all(link, std::slice::from_ref(&pkt))
    }

    /// Sends `pkts` on link `link` in order, as many at a time as the link has room for (one
    /// lock and at most one wake-up per run), blocking while it is full. False only if the
    /// inbox was shut down.
    pub fn push_all(&self, link: usize, pkts: &[Packet]) -> bool {
        let mut s = lock(&self.state);
        if link >= s.fifos.len() {
            return false;
        }
        let mut rest = pkts;
        while !rest.is_empty() {
            while s.fifos[link].len() >= self.capacity {
                if s.shutdown {
                    return false;
                }
                s = self.space.wait(s).unwrap_or_else(|e| e.into_inner());
            }
            if s.shutdown {
                return false;
            }
            let room = (self.capacity - s.fifos[link].len()).min(rest.len());
            self.append(&mut s, link, &rest[..room]);
            rest = &rest[room..];
        }
        true
    }

    /// Like [`push_all`](Self::push_all) but never blocks: pushes what the link has room
    /// for, in order, and returns how many (0 if shut down).
    pub fn try_push_all(&self, link: usize, pkts: &[Packet]) -> usize {
        let mut s = lock(&self.state);
        if s.shutdown || link >= s.fifos.len() {
            return 0;
        }
        let room = self.capacity.saturating_sub(s.fifos[link].len()).min(pkts.len());
        if room > 0 {
            self.append(&mut s, link, &pkts[..room]);
        }
        room
    }

    fn append(&self, s: &mut InboxState, link: usize, pkts: &[Packet]) {
        s.fifos[link].extend(pkts.iter().copied());
        s.epoch += 1;
        if s.parked {
            self.work.notify_one();
        }
    }

    /// Like [`push`](Self::push) but never blocks: false if the link is full or shut down (the
    /// caller keeps the packet; a UDP link then leaves it unacknowledged, spec §7b).
    pub fn try_push(&self, link: usize, pkt: Packet) -> bool {
        self.try_push_all(link, std::slice::from_ref(&pkt)) == 1
    }

    /// Queues a notice from the link end (a peer's `PeerReset`, spec §7b) behind what link
    /// `link` holds, even when it is full: the I/O thread that learns of a restart cannot wait.
    pub fn push_notice(&self, link: usize, pkt: Packet) {
        let mut s = lock(&self.state);
        if !s.shutdown && link < s.fifos.len() {
            self.append(&mut s, link, &[pkt]);
        }
    }

    /// Tells the worker that card state changed (e.g. RESUME) so refused packets may now go.
    pub fn kick(&self) {
        let mut s = lock(&self.state);
        s.epoch += 1;
        if s.parked {
            self.work.notify_one();
        }
    }

    /// Ends the simulation: wakes the worker (which then exits) and blocked senders.
    pub fn shutdown(&self) {
        let mut s = lock(&self.state);
        s.shutdown = true;
        self.work.notify_all();
        self.space.notify_all();
        self.idle.notify_all();
    }

    /// Blocks until the worker has looked at everything pushed or kicked so far and found
    /// nothing it can take: every link is empty or its head is refused by the card.
    pub fn wait_idle(&self) {
        let mut s = lock(&self.state);
        while !(s.shutdown || (s.parked && s.epoch == s.seen)) {
            s = self.idle.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// How many links feed this inbox (the worker scans `0..links()`).
    pub fn links(&self) -> usize {
        lock(&self.state).fifos.len()
    }

    /// Packets waiting on all links.
    pub fn pending(&self) -> usize {
        lock(&self.state).fifos.iter().map(VecDeque::len).sum()
    }

    /// Worker side: waits until there is something new to look at. Returns false on shutdown.
    pub fn wait_work(&self) -> bool {
        let mut s = lock(&self.state);
        while s.epoch == s.seen && !s.shutdown {
            s.parked = true;
            self.idle.notify_all();
            s = self.work.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.parked = false;
        s.seen = s.epoch;
        !s.shutdown
    }

    /// Worker side: copies up to `max` packets from the head of `link` into `out`.
    pub fn peek(&self, link: usize, max: usize, out: &mut Vec<Packet>) {
        let s = lock(&self.state);
        out.extend(s.fifos[link].iter().take(max).copied());
    }

    /// Worker side: removes the first `n` packets of `link` (the ones the card took).
    pub fn pop(&self, link: usize, n: usize) {
        let mut s = lock(&self.state);
        let was_full = s.fifos[link].len() >= self.capacity;
        s.fifos[link].drain(..n);
        if was_full {
            self.space.notify_all();
        }
    }
}

/// The inbox link of a card's packets to itself ([`LinkMap`]).
pub const SELF_LINK: usize = 0;

/// Which inbox link carries which node's packets: this node's own on link 0, then one link
/// per peer in the order given. Node ids span the card's NODE_ID range (1 024 on the card), so
/// an inbox holds one link per node that can send to it rather than one per possible id.
#[derive(Clone, Debug)]
pub struct LinkMap {
    /// Node id of each link.
    ids: Vec<u16>,
}

impl LinkMap {
    pub fn new(node: u16, peers: impl IntoIterator<Item = u16>) -> LinkMap {
        LinkMap { ids: std::iter::once(node).chain(peers).collect() }
    }

    /// The link node `node`'s packets arrive on, if it is this node or a peer.
    pub fn link_of(&self, node: u16) -> Option<usize> {
        self.ids.iter().position(|&n| n == node)
    }

    /// An inbox with one link per node of the map.
    pub fn inbox(&self) -> Inbox {
        Inbox::with_links(self.ids.len(), LINK_CAPACITY)
    }
}

/// A generation count that threads can sleep on until it moves: the card bumps it whenever
/// it has taken packets (OUTCOMEs change its portals' status), so a sender whose window is
/// full sleeps instead of polling the status word against the card's lock.
#[derive(Default)]
pub struct Generation {
    count: AtomicU64,
    sleepers: AtomicUsize,
    lock: Mutex<()>,
    moved: Condvar,
}

impl Generation {
    /// The count now.
    pub fn now(&self) -> u64 {
        self.count.load(Ordering::SeqCst)
    }

    /// Moves the count on and wakes its sleepers (a lock only when someone sleeps).
    pub fn bump(&self) {
        self.count.fetch_add(1, Ordering::SeqCst);
        if self.sleepers.load(Ordering::SeqCst) > 0 {
            // Taking the lock orders the bump against a sleeper between its check and its wait.
            drop(lock(&self.lock));
            self.moved.notify_all();
        }
    }

    /// Sleeps until the count differs from `seen` or `timeout` passes.
    pub fn wait_past(&self, seen: u64, timeout: Duration) {
        let mut g = lock(&self.lock);
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        if self.now() == seen {
            g = self.moved.wait_timeout(g, timeout).unwrap_or_else(|e| e.into_inner()).0;
        }
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
        drop(g);
    }
}

/// A level interrupt line that threads can sleep on.
#[derive(Default)]
pub struct IrqLine {
    level: AtomicBool,
    lock: Mutex<()>,
    changed: Condvar,
}

impl IrqLine {
    /// Sets the line; wakes sleepers when it rises.
    pub fn set(&self, level: bool) {
        if self.level.swap(level, Ordering::SeqCst) != level && level {
            // Taking the lock orders this store against a waiter that just checked the level.
            drop(lock(&self.lock));
            self.changed.notify_all();
        }
    }

    /// The line now.
    pub fn level(&self) -> bool {
        self.level.load(Ordering::SeqCst)
    }

    /// Blocks until the line is high or `timeout` passes; returns the line.
    pub fn wait(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut g = lock(&self.lock);
        loop {
            if self.level() {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                return false;
            }
            g = self.changed.wait_timeout(g, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn back_pressure_blocks_then_releases_in_order() {
        let inbox = Arc::new(Inbox::new(2));
        let p = |d| Packet::enqueue(0, 1, 0, d);
        let i2 = inbox.clone();
        let t = std::thread::spawn(move || {
            for d in 0..5 {
                assert!(i2.push(3, p(d)));
            }
        });
        let mut got = Vec::new();
        while got.len() < 5 {
            let mut v = Vec::new();
            inbox.peek(3, 1, &mut v);
            if let Some(x) = v.first() {
                got.push(x.data);
                inbox.pop(3, 1);
            }
            std::thread::yield_now();
        }
        t.join().unwrap();
        assert_eq!(got, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_batch_larger_than_the_link_goes_through_in_order() {
        let inbox = Arc::new(Inbox::new(3));
        let p = |d| Packet::enqueue(0, 1, 0, d);
        assert_eq!(inbox.try_push_all(1, &[p(0), p(1)]), 2);
        assert_eq!(inbox.try_push_all(1, &[p(2), p(3)]), 1, "room for one more only");
        assert_eq!(inbox.try_push_all(inbox.links(), &[p(0)]), 0, "no such link");
        let i2 = inbox.clone();
        let t = std::thread::spawn(move || i2.push_all(1, &(3..10).map(p).collect::<Vec<_>>()));
        let mut got = Vec::new();
        while got.len() < 10 {
            let mut v = Vec::new();
            inbox.peek(1, 2, &mut v);
            got.extend(v.iter().map(|x| x.data));
            inbox.pop(1, v.len());
            std::thread::yield_now();
        }
        assert!(t.join().unwrap());
        assert_eq!(got, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn generation_sleeps_until_bumped() {
        let g = Arc::new(Generation::default());
        let seen = g.now();
        let t0 = Instant::now();
        g.wait_past(seen, Duration::from_millis(20));
        assert!(t0.elapsed() >= Duration::from_millis(20), "nothing moved: the timeout");
        g.bump();
        let t0 = Instant::now();
        g.wait_past(seen, Duration::from_secs(10));
        assert!(t0.elapsed() < Duration::from_secs(5), "moved before the wait: no sleep");
        let seen = g.now();
        let g2 = g.clone();
        let t = std::thread::spawn(move || {
            let t0 = Instant::now();
            g2.wait_past(seen, Duration::from_secs(10));
            t0.elapsed()
        });
        std::thread::sleep(Duration::from_millis(20));
        g.bump();
        assert!(t.join().unwrap() < Duration::from_secs(5), "a bump wakes the sleeper");
    }

    #[test]
    fn irq_wait_times_out_and_wakes() {
        let l = Arc::new(IrqLine::default());
        assert!(!l.wait(Duration::from_millis(10)));
        let l2 = l.clone();
        let t = std::thread::spawn(move || l2.wait(Duration::from_secs(10)));
        std::thread::sleep(Duration::from_millis(20));
        l.set(true);
        assert!(t.join().unwrap());
    }
}
