//! The card in the model: its state (after `renq_sim::engine::model::Model`), its write queue
//! and its steps (an item, a HEAD read, memory performing a posted write, NOTIFY), and ARM.

use super::{base, index_of, Model, State, Succ, LOG2, MASK, NONE, RING, WORDS, WQ};
use renq_abi::buffer::{capacity, link_next, link_word, next_index, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};

/// A posted write: buffer, word, value; with `notify`, NOTIFY once memory has it. A
/// notify-only entry (an ARM's, `word` = [`NOTIFY_ONLY`]) writes nothing.
#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug, Default)]
pub(super) struct Write {
    pub(super) buf: u8,
    pub(super) word: u8,
    pub(super) value: u16,
    pub(super) notify: bool,
}

/// The `word` of a notify-only entry.
pub(super) const NOTIFY_ONLY: u8 = u8::MAX;

#[derive(Clone, Copy, Hash, PartialEq, Eq, Debug)]
pub(super) struct Card {
    /// The buffer it writes; its own tail and free count.
    pub(super) buf: u8,
    pub(super) tail: u8,
    pub(super) free: u8,
    pub(super) stalled: bool,
    /// ARMED: the next item's TAIL write carries NOTIFY.
    pub(super) armed: bool,
    /// The ring of spares posted (SPARE), oldest first; `NONE` past `nspares`.
    pub(super) spares: [u8; RING],
    pub(super) nspares: u8,
    /// A card with one run at a time (`Model::one_run`, CAPS.ONE_RUN): where on the ring the
    /// posted run that waits begins (`NONE`: none waits; those before it are the rest of the
    /// run the card is in).
    pub(super) wait_at: u8,
    pub(super) wq: [Write; WQ + 2],
    pub(super) wq_len: u8,
    /// The next item to append (1..=N); the sender retries refused items, so a stalled card
    /// simply waits with it.
    pub(super) next_item: u8,
}

impl Card {
    pub(super) fn push(&mut self, w: Write) {
        self.wq[self.wq_len as usize] = w;
        self.wq_len += 1;
    }

    /// SPARE(VALID): the spare joins the back of the ring (the driver never posts more than
    /// the ring holds).
    pub(super) fn post(&mut self, b: u8) -> bool {
        if self.nspares as usize == RING {
            return false;
        }
        self.spares[self.nspares as usize] = b;
        self.nspares += 1;
        true
    }

    /// The switch (spec §9c): after the full buffer's last TAIL, its LINK ← the oldest spare;
    /// the card continues in that spare, empty; an OVERFLOW entry tells the driver.
    pub(super) fn switch(&mut self) {
        let spare = self.spares[0];
        let link = link_word(base(spare), LOG2) as u16;
        self.push(Write { buf: self.buf, word: LINK_WORD as u8, value: link, notify: false });
        self.spares.copy_within(1.., 0);
        self.spares[RING - 1] = NONE;
        self.nspares -= 1;
        // Entering the waiting run's first buffer: that run is the card's now.
        self.wait_at = match self.wait_at {
            0 | NONE => NONE,
            at => at - 1,
        };
        (self.buf, self.tail, self.free) = (spare, FIRST_DATA_INDEX as u8, capacity(LOG2) as u8);
    }

    /// ARM (spec §6a): `seen` is the tail index the consumer saw, in the buffer `named` (0:
    /// none named). An item the consumer has not seen — the card's tail differs, or, where the
    /// card checks it, the card writes another buffer — gets a notify-only entry behind the
    /// writes queued (NOTIFY once they are in memory); else ARMED. False: no room in the
    /// write queue yet (the command waits).
    pub(super) fn arm(&mut self, seen: u8, named: Option<u8>) -> bool {
        if self.tail == seen && named.is_none_or(|b| b == self.buf) {
            self.armed = true;
        } else if (self.wq_len as usize) < WQ + 1 {
            self.push(Write { buf: 0, word: NOTIFY_ONLY, value: 0, notify: true });
        } else {
            return false;
        }
        true
    }
}

/// Free slots a consumer head leaves (Model's `free_from_head`: one slot stays empty).
pub(super) fn free_from_head(head: u64, tail: u64) -> u64 {
    let slots = WORDS as u64 - FIRST_DATA_INDEX;
    (head + slots - tail - 1) % slots
}

impl Model {
    pub(super) fn card_steps(&self, s: &State, out: &mut Vec<Succ>) {
        let c = s.card;
        // Memory performs the oldest posted write.
        if c.wq_len > 0 {
            let mut n = *s;
            let w = c.wq[0];
            n.card.wq.copy_within(1.., 0);
            n.card.wq_len -= 1;
            // Entries past the queue's length are no state (equal states hash alike).
            n.card.wq[n.card.wq_len as usize..].fill(Write::default());
            if w.notify {
                n.cons.woken = true;
            }
            if w.word == NOTIFY_ONLY {
                return out.push(Ok(n)); // nothing written: NOTIFY, every write before it done
            }
            let (b, i) = (w.buf as usize, w.word as usize);
            let old = s.mem[b][i];
            let slot = (FIRST_DATA_INDEX as usize..WORDS).contains(&i);
            out.push(if s.retired & (1 << w.buf) != 0 {
                Err(format!("the card wrote retired buffer {b}"))
            } else if i as u64 == LINK_WORD && self.spares == 0 {
                Err(format!("the card wrote the LINK of buffer {b} (it has no spares)"))
            } else if i as u64 == HEAD_WORD || !(slot || i as u64 == TAIL_WORD || i as u64 == LINK_WORD) {
                Err(format!("the card wrote word {i} of buffer {b}, not a slot, TAIL or LINK"))
            } else if slot && old != 0 && old > s.dequeued as u16 {
                Err(format!("the card overwrote unconsumed item {old} with {} (buffer {b})", w.value))
            } else {
                n.mem[b][i] = w.value;
                if i as u64 == LINK_WORD {
                    n.reachable |= 1 << index_of(link_next(w.value as u64));
                }
                Ok(n)
            });
        }
        if c.stalled || c.next_item > self.items {
            return;
        }
        let mut n = *s;
        if c.free == 0 {
            // RD1: one read of HEAD; still full → stall (an OVERFLOW entry, the interrupt).
            let head = s.mem[c.buf as usize][HEAD_WORD as usize] as u64 & MASK;
            if head < FIRST_DATA_INDEX {
                return out.push(Err(format!("HEAD {head} of buffer {} is not a slot", c.buf)));
            }
            n.card.free = (c.free as u64).max(free_from_head(head, c.tail as u64)) as u8;
            if n.card.free == 0 {
                n.card.stalled = true;
                n.overflows = 1;
            }
            return out.push(Ok(n));
        }
        // RD0: slot = the card's tail; WR0 then WR1 into the write queue; with the last free
        // slot and a spare posted, the switch's LINK write too.
        // An item of an ARMED queue publishes with NOTIFY (never coalesced away) and clears it.
        let slot = Write { buf: c.buf, word: c.tail, value: c.next_item as u16, notify: false };
        let tail = next_index(c.tail as u64, LOG2) as u8;
        let publish = Write { buf: c.buf, word: TAIL_WORD as u8, value: tail as u16, notify: c.armed };
        n.card.armed = false;
        n.card.tail = tail;
        n.card.free -= 1;
        n.card.next_item += 1;
        let switch = n.card.free == 0 && c.nspares > 0;
        let entry = 2 + switch as usize;
        let len = c.wq_len as usize;
        let finish = |mut m: State| {
            if switch {
                m.card.switch();
                m.overflows = 1;
                m.switches += 1;
            }
            m
        };
        if len + entry <= WQ {
            let mut m = n;
            m.card.push(slot);
            m.card.push(publish);
            out.push(Ok(finish(m)));
        }
        // Coalescing: the previous item's TAIL write, still queued last, is replaced.
        if self.coalesce
            && len > 0
            && len + entry - 1 <= WQ
            && c.wq[len - 1] == (Write { value: c.tail as u16, notify: false, ..publish })
        {
            n.card.wq[len - 1] = slot;
            n.card.push(publish);
            out.push(Ok(finish(n)));
        }
    }
}
