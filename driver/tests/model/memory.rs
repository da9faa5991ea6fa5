//! The model memory one party's step runs against: the buffers' words and the card's
//! commands (`QueueMem`), with the checks of who may write what and when.

use super::card::free_from_head;
use super::{base, index_of, Actor, Model, State, BUF_BYTES, LOG2, MASK, MAX_BUFS, NONE, RING};
use renq_abi::buffer::{capacity, link_next, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD};
use renq_abi::state::QueueState;
use renq_abi::WORD_SHIFT;
use renq_driver::steps::{Mutations, QueueMem};
use std::sync::atomic::Ordering;

/// The model memory one party's step runs against; records the first violation it sees.
pub(super) struct ModelMem<'a> {
    pub(super) s: &'a mut State,
    pub(super) m: &'a Model,
    pub(super) actor: Actor,
    pub(super) violation: Option<String>,
}

impl ModelMem<'_> {
    fn fail(&mut self, m: String) {
        self.violation.get_or_insert(m);
    }
    fn locate(&mut self, addr: u64) -> Option<(u8, usize)> {
        let b = addr / BUF_BYTES;
        if !addr.is_multiple_of(8) || b == 0 || b > self.s.nbufs as u64 {
            self.fail(format!("{:?} accessed {addr:#x}, outside the allocated buffers", self.actor));
            return None;
        }
        let b = (b - 1) as u8;
        if self.s.retired & (1 << b) != 0 {
            self.fail(format!("{:?} accessed retired buffer {b} (a link to it was followed)", self.actor));
        }
        Some((b, ((addr % BUF_BYTES) >> WORD_SHIFT) as usize))
    }
    fn needs_lock(&mut self, what: &str) {
        if self.s.cmd_lock {
            self.fail(format!("the handler ran {what} while the consumer held the command lock"));
        }
    }
}

impl QueueMem for ModelMem<'_> {
    fn load(&mut self, addr: u64, _: Ordering) -> u64 {
        self.locate(addr).map_or(0, |(b, w)| self.s.mem[b as usize][w] as u64)
    }
    fn store(&mut self, addr: u64, value: u64, _: Ordering) {
        let Some((b, w)) = self.locate(addr) else { return };
        let Ok(v) = u16::try_from(value) else {
            return self.fail(format!("value {value:#x} too wide for the model memory"));
        };
        let reachable = self.s.reachable & (1 << b) != 0;
        match self.actor {
            Actor::Consumer if w as u64 != HEAD_WORD => {
                self.fail(format!("the consumer wrote word {w} of buffer {b} (it owns only HEAD)"))
            }
            Actor::Handler if w as u64 == LINK_WORD && b == self.s.card_buffer => {}
            Actor::Handler if reachable && self.m.ownership => {
                self.fail(format!("the handler wrote word {w} of buffer {b}, which the consumer or the card can reach"))
            }
            _ => {}
        }
        if w as u64 == LINK_WORD && link_next(value) != 0 {
            self.s.reachable |= 1 << index_of(link_next(value));
        }
        self.s.mem[b as usize][w] = v;
    }
    fn query(&mut self) -> Option<QueueState> {
        self.needs_lock("QUERY");
        let c = &self.s.card;
        let mut q = QueueState(0);
        q.set_valid(true);
        q.set_stalled(c.stalled);
        q.set_log2_words(LOG2 as u64);
        q.set_tail(c.tail as u64);
        q.set_free(c.free as u64);
        q.set_spares(c.nspares as u64);
        q.set_waiting(c.wait_at != NONE);
        q.set_ready(true);
        Some(q)
    }
    fn export(&mut self, buffer: u64) -> bool {
        self.needs_lock("EXPORT");
        let Some((b, _)) = self.locate(buffer) else { return false };
        self.s.card_buffer = b;
        self.s.reachable |= 1 << b;
        self.s.extends += 1;
        // Model's EXPORT: the queue restarts empty in the new buffer, not stalled; the spares
        // stay, but on a card with one run the rest of the run it was in is dropped (its
        // buffers followed the old one).
        let c = &mut self.s.card;
        (c.buf, c.tail, c.free, c.stalled) = (b, FIRST_DATA_INDEX as u8, capacity(LOG2) as u8, false);
        if self.m.one_run {
            let drop = if c.wait_at == NONE { c.nspares } else { c.wait_at };
            c.spares.copy_within(drop as usize.., 0);
            c.spares[RING - drop as usize..].fill(NONE);
            c.nspares -= drop;
            c.wait_at = if c.wait_at == NONE { NONE } else { 0 };
        }
        true
    }
    /// Model's SPARE: the run posted at the back of the ring, in address order; a queue full
    /// and not stalled switches at once.
    fn spare(&mut self, first: u64, count: u16) -> bool {
        self.needs_lock("SPARE");
        if self.m.spares == 0 {
            self.fail("SPARE sent to a card without spares".into());
            return false;
        }
        let Some((first, _)) = self.locate(first) else { return false };
        let run = first..first.saturating_add(count as u8);
        if count == 0 || run.end > self.s.nbufs {
            self.fail(format!("the handler posted a run of {count} from buffer {first}, not all allocated"));
            return false;
        }
        if self.m.one_run {
            // CAPS.ONE_RUN: a run only while none waits, of at most the target.
            if self.s.card.wait_at != NONE || count as u8 > self.m.spares {
                self.fail(format!("the handler posted a run of {count} while one waits (card with one run)"));
                return false;
            }
            if self.s.host_n as usize + count as usize > 2 * self.m.spares as usize - 1 {
                self.fail(format!("the host records more spares than a card with one run holds ({count} more)"));
                return false;
            }
            self.s.card.wait_at = self.s.card.nspares;
        } else if self.s.host_n + count as u8 > self.m.spares {
            self.fail(format!("the handler posted a spare beyond the ring of {}", self.m.spares));
            return false;
        }
        if self.s.card.nspares as usize + count as usize > RING {
            self.fail(format!("the handler posted a spare beyond the model's ring of {RING}"));
            return false;
        }
        for b in run {
            self.s.card.post(b);
            self.s.host_spares[self.s.host_n as usize] = b;
            self.s.host_n += 1;
            self.s.reachable |= 1 << b;
        }
        let c = &mut self.s.card;
        if c.free == 0 && !c.stalled {
            c.switch();
            self.s.overflows = 1;
            self.s.switches += 1;
        }
        true
    }
    /// Model's SPARE(VALID 0): the card's ring emptied; the host's record too, the oldest
    /// returned, the others kept for the next allocations.
    fn retract(&mut self, tell_card: bool) -> Option<u64> {
        self.needs_lock("SPARE");
        if tell_card {
            self.s.card.spares = [NONE; RING];
            self.s.card.nspares = 0;
            self.s.card.wait_at = NONE;
        }
        let n = std::mem::replace(&mut self.s.host_n, 0) as usize;
        let taken = std::mem::replace(&mut self.s.host_spares, [NONE; RING]);
        for &b in &taken[1..n.max(1)] {
            self.s.kept |= 1 << b;
            if tell_card {
                self.s.reachable &= !(1 << b); // nobody reaches it now: its header may be rewritten
            }
        }
        (n > 0).then(|| base(taken[0]))
    }
    fn adopt(&mut self) -> u64 {
        self.needs_lock("its note of the switch");
        let s = &mut *self.s;
        if s.host_n == 0 {
            self.fail("the handler noted a switch with no spare posted".into());
            return 0;
        }
        let b = s.host_spares[0];
        s.host_spares.copy_within(1.., 0);
        s.host_spares[RING - 1] = NONE;
        s.host_n -= 1;
        s.card_buffer = b;
        base(b)
    }
    /// A finite DMA pool: `MAX_BUFS` buffers, never reused (reclamation is the epoch
    /// manager's, outside this protocol); and the queue's memory limit, in buffers.
    fn alloc(&mut self) -> Option<u64> {
        if self.s.live() >= self.m.limit {
            return None;
        }
        if self.s.kept != 0 {
            let b = self.s.kept.trailing_zeros() as u8;
            self.s.kept &= !(1 << b);
            return Some(base(b));
        }
        let b = self.s.nbufs;
        if b == MAX_BUFS {
            return None;
        }
        self.s.nbufs += 1;
        Some(base(b))
    }
    /// A run of the kept buffers (the highest consecutive ones), else fresh ones from the pool;
    /// up to `max`, within the limit.
    fn alloc_run(&mut self, max: u16) -> Option<(u64, u16)> {
        let want = (max.min(u8::MAX as u16) as u8).min(self.m.limit.saturating_sub(self.s.live()));
        if want == 0 {
            return None;
        }
        if self.s.kept != 0 {
            let top = 7 - self.s.kept.leading_zeros() as u8;
            let mut first = top;
            while top - first + 1 < want && first > 0 && self.s.kept & 1 << (first - 1) != 0 {
                first -= 1;
            }
            for b in first..=top {
                self.s.kept &= !(1 << b);
            }
            return Some((base(first), (top - first + 1) as u16));
        }
        let n = want.min(MAX_BUFS - self.s.nbufs);
        if n == 0 {
            return None;
        }
        let first = self.s.nbufs;
        self.s.nbufs += n;
        Some((base(first), n as u16))
    }
    fn retire(&mut self, drained: u64, _next: u64) {
        if let Some((b, _)) = self.locate(drained) {
            self.s.retired |= 1 << b;
        }
        // The dequeuer wakes the handler to fill a ring that is half used (spec §9c).
        if self.m.spares > 0 && self.s.host_n * 2 < self.m.spares {
            self.s.overflows = 1;
        }
    }
    fn lock_commands(&mut self) -> u64 {
        if self.s.cmd_lock {
            self.fail("the consumer took the command lock it holds".into());
        }
        self.s.cmd_lock = true;
        base(self.s.card_buffer)
    }
    /// Model's HEAD: free ← max(free, slots free by that head), no memory read; on a card with
    /// spares only if the buffer it names is the one the card writes (spec §9c).
    fn head_doorbell(&mut self, buffer: u64, head: u64) -> bool {
        if !self.s.cmd_lock {
            self.fail("HEAD rung without the command lock".into());
        }
        let head = head & MASK;
        if head < FIRST_DATA_INDEX {
            self.fail(format!("the consumer rang HEAD {head}, not a slot"));
            return false;
        }
        let c = &mut self.s.card;
        if self.m.spares > 0 && self.m.card_checks_address && buffer != base(c.buf) {
            return true; // a doorbell of a buffer the card left: ignored
        }
        c.free = (c.free as u64).max(free_from_head(head, c.tail as u64)) as u8;
        true
    }
    fn unlock_commands(&mut self) {
        if !self.s.cmd_lock {
            self.fail("the consumer released a command lock it does not hold".into());
        }
        self.s.cmd_lock = false;
    }
    /// ARM(q, seen in the buffer named): `Card::arm`, which waits for room in the write
    /// queue; on a card with spares the buffer named is checked (as HEAD's, spec §9c).
    fn arm(&mut self, arg: u64) -> bool {
        if !self.s.cmd_lock {
            self.fail("ARM sent without the command lock".into());
        }
        let seen = (arg & renq_abi::buffer::INDEX_MASK & MASK) as u8;
        let named = renq_abi::head_doorbell_base(arg);
        let checks = self.m.spares > 0 && self.m.card_checks_address && named != 0;
        self.s.card.arm(seen, checks.then(|| index_of(named)))
    }
    fn mutations(&self) -> Mutations {
        self.m.mutations
    }
}
