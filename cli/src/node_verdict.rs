//! What a `renq node` consumer makes of the items it dequeues, when nodes may restart (spec
//! §7b, "Incarnations"). A producer's items carry its node id, a run tag (from its link
//! incarnation: a restarted producer starts a new run at item 0) and the item's number in the
//! run. Per producer the consumer checks each run exactly once and in order from the item where
//! it joined it: item 0, unless this consumer is itself a restarted one that the producer knew
//! before (then it joins where the producer's items reach it). A run that a new one replaces
//! died with its producer: what it did not deliver is reported, not counted lost.

use renq::check::{self, Summary};

/// Bits of an item's number within its run; the run tag sits above them (in `check`'s 48-bit
/// sequence field).
pub const RUN_ITEM_BITS: u32 = 32;
const RUN_ITEM_MASK: u64 = (1 << RUN_ITEM_BITS) - 1;
const _: () = assert!(RUN_ITEM_BITS + 16 == check::SEQ_BITS);

/// The item producer `node` sends as the `seq`-th of run `run`.
pub fn item(node: u16, run: u16, seq: u64) -> u64 {
    check::encode(node, (run as u64) << RUN_ITEM_BITS | (seq & RUN_ITEM_MASK))
}

/// A producer's run tag: the low bits of its link incarnation (different for each start).
pub fn run_tag(incarnation: u32) -> u16 {
    incarnation as u16
}

/// One run of one producer, as far as this consumer saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub tag: u16,
    /// The first item of the run that reached this consumer.
    pub first: u64,
    /// The item expected next.
    pub next: u64,
    /// Items that came in order.
    pub received: u64,
    /// Items skipped (a gap: lost).
    pub missing: u64,
}

/// A producer's runs: the current one and those that died with an earlier incarnation.
#[derive(Clone, Debug, Default)]
pub struct Producer {
    pub node: u16,
    pub current: Option<Run>,
    pub ended: Vec<Run>,
}

/// The accumulator over every dequeued item (see the module doc).
#[derive(Clone, Debug)]
pub struct RunVerdict {
    pub producers: Vec<Producer>,
    items: u64,
    received: u64,
    duplicated: u64,
    reordered: u64,
    foreign: u64,
}

impl RunVerdict {
    /// Producers `from` sending `items` items per run.
    pub fn new(from: &[u16], items: u64) -> RunVerdict {
        let producers = from.iter().map(|&node| Producer { node, ..Producer::default() }).collect();
        RunVerdict { producers, items, received: 0, duplicated: 0, reordered: 0, foreign: 0 }
    }

    /// Records one dequeued item.
    pub fn feed(&mut self, item: u64) {
        self.received += 1;
        let (node, seq) = check::decode(item);
        let (tag, n) = ((seq >> RUN_ITEM_BITS) as u16, seq & RUN_ITEM_MASK);
        let Some(p) = self.producers.iter_mut().find(|p| p.node == node).filter(|_| n < self.items) else {
            self.foreign += 1;
            return;
        };
        if p.ended.iter().any(|r| r.tag == tag) {
            // An item of a run that a later one replaced: it came out of order.
            self.reordered += 1;
            return;
        }
        match &mut p.current {
            Some(r) if r.tag == tag => {
                if n < r.next {
                    self.duplicated += 1;
                    return;
                }
                if n > r.next {
                    self.reordered += 1;
                    r.missing += n - r.next;
                }
                (r.next, r.received) = (n + 1, r.received + 1);
            }
            current => {
                // A new run: the producer restarted (or this is its first item here). A
                // replaced run must have started at item 0 (this consumer was up meanwhile).
                let new = Run { tag, first: n, next: n + 1, received: 1, missing: 0 };
                if let Some(old) = current.replace(new) {
                    p.ended.push(old);
                    let r = p.current.as_mut().expect("just set");
                    (r.first, r.missing) = (0, n);
                    self.reordered += (n > 0) as u64;
                }
            }
        }
    }

    /// Whether every producer's current run has delivered its last item.
    pub fn complete(&self) -> bool {
        self.producers.iter().all(|p| p.current.as_ref().is_some_and(|r| r.next == self.items))
    }

    /// The counts. `rejoined(node)`: node knew an earlier incarnation of this consumer, so its
    /// first run here may start past item 0 (the items before went to the dead consumer).
    pub fn summary(&self, rejoined: impl Fn(u16) -> bool) -> Summary {
        let lost = self
            .producers
            .iter()
            .map(|p| {
                let ended: u64 = p.ended.iter().map(|r| r.missing).sum();
                let current = match &p.current {
                    None => self.items,
                    Some(r) => {
                        let before = if p.ended.is_empty() && rejoined(p.node) { 0 } else { r.first };
                        r.missing + before + (self.items - r.next)
                    }
                };
                ended + current
            })
            .sum();
        Summary {
            received: self.received,
            lost,
            duplicated: self.duplicated,
            reordered: self.reordered,
            foreign: self.foreign,
        }
    }

    /// One line per producer: its current run's count, where this consumer joined it, and the
    /// runs that died with an earlier incarnation.
    pub fn producer_lines(&self) -> Vec<String> {
        self.producers
            .iter()
            .map(|p| {
                let mut s = match &p.current {
                    None => format!("node {}: no item", p.node),
                    Some(r) => format!(
                        "node {}: items {}..{} of {} ({} in order){}",
                        p.node,
                        r.first,
                        r.next,
                        self.items,
                        r.received,
                        if r.first > 0 { format!(", joined at item {}", r.first) } else { String::new() }
                    ),
                };
                for r in &p.ended {
                    s += &format!("; an earlier run delivered items {}..{} and died with its node", r.first, r.next);
                }
                s
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_producer_that_restarts_starts_a_new_run_and_the_dead_runs_tail_is_not_lost() {
        let mut v = RunVerdict::new(&[1, 2], 4);
        for s in 0..2 {
            v.feed(item(1, 7, s));
        }
        for s in 0..4 {
            v.feed(item(1, 8, s));
            v.feed(item(2, 3, s));
        }
        assert!(v.complete());
        let s = v.summary(|_| false);
        assert!(s.ok(), "{}", s.line());
        assert_eq!(s.received, 10);
        assert!(v.producer_lines()[0].contains("an earlier run delivered items 0..2"), "{:?}", v.producer_lines());
    }

    #[test]
    fn a_restarted_consumer_joins_only_producers_that_knew_it() {
        let mut v = RunVerdict::new(&[1, 2], 10);
        for s in 6..10 {
            v.feed(item(1, 7, s));
            v.feed(item(2, 3, s));
        }
        assert!(v.complete());
        assert!(v.summary(|_| true).ok());
        assert_eq!(v.summary(|n| n == 1).lost, 6, "node 2 never knew this consumer: its items 0..6 are lost");
        assert!(v.producer_lines()[0].contains("joined at item 6"));
    }

    #[test]
    fn gaps_duplicates_late_items_of_a_dead_run_and_strangers_are_counted() {
        let mut v = RunVerdict::new(&[1], 5);
        for s in [0, 1, 1, 3, 4] {
            v.feed(item(1, 7, s));
        }
        v.feed(item(1, 8, 2)); // a new run that does not start at 0: items 0 and 1 are lost
        v.feed(item(1, 7, 4)); // a late item of the dead run
        v.feed(item(9, 7, 0));
        v.feed(item(1, 8, 99));
        let s = v.summary(|_| false);
        assert_eq!((s.duplicated, s.reordered, s.foreign), (1, 3, 2));
        assert_eq!(s.lost, 1 + 2 + 2, "the gap at 2, the new run's 0 and 1, its 3 and 4 not yet come");
        assert!(!v.complete());
    }
}
