//! WR0 / WR1 of the engine (spec §6a, WR1): the write-queue entry RD0b makes, with the TAIL
//! publication coalesced over back-to-back items of one queue.
//!
//! Each cycle RD0b either reserves a slot for an item (`success`: an entry with the item's data
//! write to `base | slot << 3` and, if it publishes, the TAIL write of `next_tail`), or not. An
//! item does not publish while the next operation (in RD0f) is a packet of the same queue
//! (`next_same`), at most `COALESCE_MAX` items per publication, and an ARMED queue's item always
//! publishes (its entry carries NOTIFY). An item that held its publication back *owes* it: if
//! the next operation does not enqueue after all, a publish-only entry of the card's tail
//! (`tail`, the one owed) is pushed at once. An ARM that finds an unseen item (`arm_notify`)
//! pushes a notify-only entry: NOTIFY once every write before it is posted, no write (a
//! repeated TAIL write could land in a buffer retired and reused by then). An item that takes
//! its buffer's last free slot (`last`) always publishes; when the queue switches into a spare
//! with it (`link`, spec §9c) the entry also carries the full buffer's LINK write of
//! `link_word`, after that TAIL write; a SPARE that switches a full queue at once (`link_only`)
//! pushes the LINK write alone. The entry leaves registered (`push`, `e_*`), a cycle after the
//! decision, into the write queue.

use crate::*;
use renq_abi as abi;
use rust_hdl::prelude::*;

/// Bits of the coalescing run counter.
pub const RUN_W: usize = 4;
const _: () = assert!(abi::COALESCE_MAX >= 1 && abi::COALESCE_MAX <= 1 << RUN_W);

#[derive(LogicBlock)]
pub struct Coalesce {
    pub clock: Signal<In, Clock>,
    /// RD0b reserves a slot for an item this cycle.
    pub success: Signal<In, bool>,
    /// The operation in RD0f is a link packet of RD0b's queue.
    pub next_same: Signal<In, bool>,
    /// RD0b's queue is ARMED (its item publishes and notifies).
    pub armed: Signal<In, bool>,
    /// An ARM found an item the consumer has not seen: publish the tail with NOTIFY.
    pub arm_notify: Signal<In, bool>,
    /// The item takes the last free slot the card counts: it publishes, whatever the run.
    pub last: Signal<In, bool>,
    /// The item's queue switches into its spare: the entry links `base` to `link_word`.
    pub link: Signal<In, bool>,
    /// A SPARE switched the full queue at once: an entry of the LINK write alone.
    pub link_only: Signal<In, bool>,
    /// `link_word(spare, k)`: the spare's base with its size in the low bits.
    pub link_word: Signal<In, Bits<ADDR_W>>,
    pub base: Signal<In, Bits<ADDR_W>>,
    /// The slot reserved (tail & mask).
    pub slot: Signal<In, Bits<INDEX_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
    /// The card's tail as read (the one owed, when not publishing an item).
    pub tail: Signal<In, Bits<INDEX_W>>,
    /// next(tail): the TAIL an item publishes.
    pub next_tail: Signal<In, Bits<INDEX_W>>,

    /// The entry made a cycle ago, on its way into the write queue.
    pub push: Signal<Out, bool>,
    pub e_has_data: Signal<Out, bool>,
    pub e_publish: Signal<Out, bool>,
    pub e_notify: Signal<Out, bool>,
    pub e_base: Signal<Out, Bits<ADDR_W>>,
    pub e_slot: Signal<Out, Bits<INDEX_W>>,
    pub e_data: Signal<Out, Bits<WORD_W>>,
    pub e_tail: Signal<Out, Bits<INDEX_W>>,
    pub e_link: Signal<Out, bool>,
    pub e_link_word: Signal<Out, Bits<ADDR_W>>,
    /// A publication is owed (an item held it back).
    pub owe: Signal<Out, bool>,

    publish: Signal<Local, bool>,
    /// Items since the last publication.
    run: DFF<Bits<RUN_W>>,
    owe_r: DFF<bool>,
    w_push: DFF<bool>,
    w_has_data: DFF<bool>,
    w_publish: DFF<bool>,
    w_notify: DFF<bool>,
    w_base: DFF<Bits<ADDR_W>>,
    w_slot: DFF<Bits<INDEX_W>>,
    w_data: DFF<Bits<WORD_W>>,
    w_tail: DFF<Bits<INDEX_W>>,
    w_link: DFF<bool>,
    w_link_word: DFF<Bits<ADDR_W>>,
    run_last: Constant<Bits<RUN_W>>,
    one_run: Constant<Bits<RUN_W>>,
    zero_run: Constant<Bits<RUN_W>>,
}

impl Default for Coalesce {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            success: Default::default(),
            next_same: Default::default(),
            armed: Default::default(),
            arm_notify: Default::default(),
            last: Default::default(),
            link: Default::default(),
            link_only: Default::default(),
            link_word: Default::default(),
            base: Default::default(),
            slot: Default::default(),
            data: Default::default(),
            tail: Default::default(),
            next_tail: Default::default(),
            push: Default::default(),
            e_has_data: Default::default(),
            e_publish: Default::default(),
            e_notify: Default::default(),
            e_base: Default::default(),
            e_slot: Default::default(),
            e_data: Default::default(),
            e_tail: Default::default(),
            e_link: Default::default(),
            e_link_word: Default::default(),
            owe: Default::default(),
            publish: Default::default(),
            run: Default::default(),
            owe_r: Default::default(),
            w_push: Default::default(),
            w_has_data: Default::default(),
            w_publish: Default::default(),
            w_notify: Default::default(),
            w_base: Default::default(),
            w_slot: Default::default(),
            w_data: Default::default(),
            w_tail: Default::default(),
            w_link: Default::default(),
            w_link_word: Default::default(),
            run_last: Constant::new((abi::COALESCE_MAX - 1).into()),
            one_run: Constant::new(1.into()),
            zero_run: Constant::new(0.into()),
        }
    }
}

impl Logic for Coalesce {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            run,
            owe_r,
            w_push,
            w_has_data,
            w_publish,
            w_notify,
            w_base,
            w_slot,
            w_data,
            w_tail,
            w_link,
            w_link_word
        );
        self.publish.next = true;
        if self.next_same.val() & (self.run.q.val() != self.run_last.val()) & !self.armed.val() & !self.last.val() {
            self.publish.next = false;
        }
        self.w_push.d.next = false;
        self.w_has_data.d.next = true;
        self.w_publish.d.next = self.publish.val();
        self.w_notify.d.next = self.armed.val();
        self.w_base.d.next = self.base.val();
        self.w_slot.d.next = self.slot.val();
        self.w_data.d.next = self.data.val();
        self.w_link.d.next = self.link.val();
        self.w_link_word.d.next = self.link_word.val();
        // (Not publishing an item, the entry publishes the card's tail: `tail`, which is the
        // masked slot too, 3 ≤ tail ≤ mask by construction.)
        self.w_tail.d.next = self.tail.val();
        if self.success.val() {
            self.w_tail.d.next = self.next_tail.val();
        }
        // An item that does not publish owes its publication and lengthens the run; anything
        // else ends the run (the run is 0 whenever nothing is owed, so this is the whole rule,
        // and `success`, RD0b's latest signal, meets one gate before these registers).
        self.run.d.next = self.zero_run.val();
        self.owe_r.d.next = false;
        if self.success.val() & !self.publish.val() {
            self.run.d.next = self.run.q.val() + self.one_run.val();
            self.owe_r.d.next = true;
        }
        if self.success.val() {
            self.w_push.d.next = true;
        } else if self.owe_r.q.val() {
            // The item that owed its publication got no successor after all: publish it alone.
            // (The operation is of the owing item's queue, right behind it: the base is the
            // same and the card's tail, `w_tail`, is the one owed.)
            self.w_push.d.next = true;
            self.w_has_data.d.next = false;
            self.w_publish.d.next = true;
            self.w_notify.d.next = false;
        } else if self.arm_notify.val() {
            // (`owe` is never set with a command in RD0b: it needs a packet behind the item, so
            // every TAIL is in the write queue already.) NOTIFY alone: an ARM writes nothing.
            self.w_push.d.next = true;
            self.w_has_data.d.next = false;
            self.w_publish.d.next = false;
            self.w_notify.d.next = true;
        } else if self.link_only.val() {
            // (A SPARE finds its queue full only after that queue's last item published.)
            self.w_push.d.next = true;
            self.w_has_data.d.next = false;
            self.w_publish.d.next = false;
            self.w_notify.d.next = false;
            self.w_link.d.next = true;
        }
        self.push.next = self.w_push.q.val();
        self.e_has_data.next = self.w_has_data.q.val();
        self.e_publish.next = self.w_publish.q.val();
        self.e_notify.next = self.w_notify.q.val();
        self.e_base.next = self.w_base.q.val();
        self.e_slot.next = self.w_slot.q.val();
        self.e_data.next = self.w_data.q.val();
        self.e_tail.next = self.w_tail.q.val();
        self.e_link.next = self.w_link.q.val();
        self.e_link_word.next = self.w_link_word.q.val();
        self.owe.next = self.owe_r.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Rng;
    use crate::stepper::Hand;

    /// An entry: has data, publishes, notifies, base, slot, data, tail, the LINK word.
    type Entry = (bool, bool, bool, u64, u64, u64, u64, Option<u64>);

    /// What the block should push, from the spec's rules alone.
    #[derive(Default)]
    struct Ref {
        run: u64,
        owe: bool,
        /// The owing item's queue state: (base, the card's tail after it).
        owed_tail: u64,
    }

    /// One stream of RD0b outcomes under random stalls (cycles without an item, commands, ARMs,
    /// SPAREs that switch a full queue at once) for a few queues: every entry is checked against
    /// the reference, every item's TAIL is published within COALESCE_MAX items, by the item or
    /// by a publish-only entry right after the run ends, an item taking the last free slot
    /// publishes, and a switch's entry carries its LINK write.
    #[test]
    fn items_coalesce_their_tail_publication_under_random_stalls() {
        let mut h = Hand::<Coalesce>::new(|c, v| c.clock.next = Clock { clk: v });
        let mut rng = Rng(0xc0a1_e5ce);
        let mut r = Ref::default();
        let mut expect: Option<Entry> = None;
        let (mut items, mut publications, mut unpublished) = (0u64, 0u64, 0u64);
        let (mut lasts, mut links) = (0u64, 0u64);
        for cycle in 0..20_000u64 {
            let u = &mut h.uut;
            // The entry decided last cycle.
            assert_eq!(u.owe.val(), r.owe, "cycle {cycle}");
            match expect {
                Some((has_data, publish, notify, base, slot, data, tail, link)) => {
                    assert_eq!(u.e_link.val(), link.is_some(), "cycle {cycle}");
                    if let Some(word) = link {
                        assert_eq!(u.e_link_word.val().to_u64(), word, "cycle {cycle}");
                    }
                    assert!(u.push.val(), "cycle {cycle}: entry missing");
                    assert_eq!(
                        (u.e_has_data.val(), u.e_publish.val(), u.e_notify.val()),
                        (has_data, publish, notify),
                        "cycle {cycle}"
                    );
                    assert_eq!(u.e_base.val().to_u64(), base, "cycle {cycle}");
                    assert_eq!(u.e_tail.val().to_u64(), tail, "cycle {cycle}");
                    if has_data {
                        assert_eq!((u.e_slot.val().to_u64(), u.e_data.val().to_u64()), (slot, data));
                    }
                }
                None => assert!(!u.push.val(), "cycle {cycle}: stray entry"),
            }
            // This cycle's RD0b outcome. While an item owes, the next operation is of its queue
            // (a packet admitted behind it); an ARM never sees an owed publication.
            let base = if r.owe { 0x4000 } else { rng.below(4) << 20 };
            let tail = if r.owe { r.owed_tail } else { 3 + rng.below(60) };
            let next_tail = if tail == 63 { 3 } else { tail + 1 };
            let success = rng.chance(60);
            let armed = success && rng.chance(5);
            let arm_notify = !success && !r.owe && rng.chance(5);
            let next_same = rng.chance(70);
            let last = success && rng.chance(5);
            let link = last && rng.chance(50);
            // (A SPARE finds its queue full only after its last item published: never owed.)
            let link_only = !success && !r.owe && !arm_notify && rng.chance(3);
            let link_word = rng.next_u64() & renq_abi::DMA_ADDR_MASK;
            let (slot, data) = (tail, rng.next_u64());
            u.last.next = last;
            u.link.next = link;
            u.link_only.next = link_only;
            u.link_word.next = link_word.into();
            u.success.next = success;
            u.armed.next = armed;
            u.arm_notify.next = arm_notify;
            u.next_same.next = next_same;
            u.base.next = base.into();
            u.slot.next = slot.into();
            u.data.next = data.into();
            u.tail.next = tail.into();
            u.next_tail.next = next_tail.into();
            expect = None;
            if success {
                items += 1;
                let publish = !next_same || r.run == abi::COALESCE_MAX - 1 || armed || last;
                lasts += last as u64;
                links += link as u64;
                expect = Some((true, publish, armed, base, slot, data, next_tail, link.then_some(link_word)));
                if publish {
                    publications += 1;
                    unpublished = 0;
                    r.run = 0;
                    r.owe = false;
                } else {
                    unpublished += 1;
                    assert!(unpublished < abi::COALESCE_MAX, "a run longer than COALESCE_MAX");
                    r.run += 1;
                    r.owe = true;
                    r.owed_tail = next_tail;
                }
            } else if r.owe {
                publications += 1;
                unpublished = 0;
                expect = Some((false, true, false, base, slot, data, tail, None));
                r.run = 0;
                r.owe = false;
            } else if arm_notify {
                // NOTIFY alone: no data, no TAIL write.
                expect = Some((false, false, true, base, slot, data, tail, None));
            } else if link_only {
                links += 1;
                expect = Some((false, false, false, base, slot, data, tail, Some(link_word)));
            }
            h.settle();
            h.tick();
        }
        assert!(
            items > 10_000 && publications > 2_000 && publications < items,
            "{items} items, {publications} publications"
        );
        assert!(lasts > 200 && links > 200, "{lasts} items took a last slot, {links} LINK writes");
    }
}
