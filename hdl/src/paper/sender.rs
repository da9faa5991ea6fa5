//! The sender: one full, aligned 8-byte shadow store = one packet `{src = NODE_ID, dst, queue,
//! data}` (spec §7, `renq_abi::paper::shadow`). The destination node and queue come from the store's
//! offset alone; the offset inside the 4 KiB page is ignored.
//!
//! The packet waits in a one-entry output register while the link is busy; the shadow port is
//! ready when that register is empty or being emptied in this cycle. A store that is misaligned,
//! not a full 8-byte store, or arrives while TX is disabled is taken and dropped (and counted),
//! so it never blocks the port. (The 20-bit port cannot express an offset beyond the 1 MiB
//! window; the BAR decode in front of it drops those.)

use crate::bus::{LinkTx, TxEvents};
#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::*;
use renq_abi::paper::shadow;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct ShadowSender {
    pub clock: Signal<In, Clock>,
    // Shadow port (BAR2 stores)
    pub sh_valid: Signal<In, bool>,
    pub sh_ready: Signal<Out, bool>,
    pub sh_addr: Signal<In, Bits<SHADOW_ADDR_W>>,
    pub sh_data: Signal<In, Bits<WORD_W>>,
    pub sh_strobe: Signal<In, Bits<STROBE_W>>,
    /// Link TX stream (outputs registered: the one-entry output register).
    pub tx: LinkTx,
    // Configuration and events
    pub node_id: Signal<In, Bits<NODE_W>>,
    pub tx_enable: Signal<In, bool>,
    pub events: TxEvents,

    // The output register
    full: DFF<bool>,
    src: DFF<Bits<NODE_W>>,
    dst: DFF<Bits<NODE_W>>,
    queue: DFF<Bits<QUEUE_W>>,
    data: DFF<Bits<WORD_W>>,

    take: Signal<Local, bool>,
    store_ok: Signal<Local, bool>,

    // Constants from renq_abi::paper::shadow
    pos_queue: Constant<Bits<SHADOW_POS_W>>,
    pos_node: Constant<Bits<SHADOW_POS_W>>,
    word_offset_mask: Constant<Bits<SHADOW_ADDR_W>>,
    zero_shadow_addr: Constant<Bits<SHADOW_ADDR_W>>,
    full_strobe: Constant<Bits<STROBE_W>>,
}

impl Default for ShadowSender {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            sh_valid: Default::default(),
            sh_ready: Default::default(),
            sh_addr: Default::default(),
            sh_data: Default::default(),
            sh_strobe: Default::default(),
            tx: Default::default(),
            node_id: Default::default(),
            tx_enable: Default::default(),
            events: Default::default(),
            full: Default::default(),
            src: Default::default(),
            dst: Default::default(),
            queue: Default::default(),
            data: Default::default(),
            take: Default::default(),
            store_ok: Default::default(),
            pos_queue: Constant::new((shadow::PAGE_SHIFT as u64).into()),
            pos_node: Constant::new(((shadow::PAGE_SHIFT + renq_abi::paper::QUEUE_BITS) as u64).into()),
            word_offset_mask: Constant::new((renq_abi::WORD_BYTES - 1).into()),
            zero_shadow_addr: Constant::new(0.into()),
            full_strobe: Constant::new(((1u64 << STROBE_W) - 1).into()),
        }
    }
}

impl Logic for ShadowSender {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, full, src, dst, queue, data);
        self.sh_ready.next = !self.full.q.val() | self.tx.ready.val();
        self.take.next = self.sh_valid.val() & self.sh_ready.val();
        self.store_ok.next = self.tx_enable.val()
            & ((self.sh_addr.val() & self.word_offset_mask.val()) == self.zero_shadow_addr.val())
            & (self.sh_strobe.val() == self.full_strobe.val());
        // The link takes the held packet.
        if self.tx.ready.val() {
            self.full.d.next = false;
        }
        self.events.sent.next = false;
        self.events.dropped.next = false;
        if self.take.val() {
            if self.store_ok.val() {
                self.full.d.next = true;
                self.src.d.next = self.node_id.val();
                self.dst.d.next = self.sh_addr.val().get_bits::<NODE_W>(self.pos_node.val().index());
                self.queue.d.next = self.sh_addr.val().get_bits::<QUEUE_W>(self.pos_queue.val().index());
                self.data.d.next = self.sh_data.val();
                self.events.sent.next = true;
            } else {
                self.events.dropped.next = true;
            }
        }
        self.tx.valid.next = self.full.q.val();
        self.tx.src.next = self.src.q.val();
        self.tx.dst.next = self.dst.q.val();
        self.tx.queue.next = self.queue.q.val();
        self.tx.data.next = self.data.q.val();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{for_each_condition, Conditions, LinkSink};
    use crate::sim_util::*;
    use renq_abi::packet::Packet;

    /// A stream of shadow stores (good ones to several pages, misaligned and partial ones)
    /// offered with the condition's pauses into a link sink with the condition's
    /// back-pressure: the good stores arrive as packets in order, every bad one is counted as
    /// dropped, every good one as sent. Returns the packets the sink took.
    fn stream(cond: Conditions) -> Vec<Packet> {
        let toggle = |x: &mut Box<ShadowSender>| x.clock.next = !x.clock.val();
        run_clocked("sender stream", ShadowSender::default(), toggle, move |mut sim: Sim<ShadowSender>, out| {
            let mut x = sim.init()?;
            x.node_id.next = 6.into();
            x.tx_enable.next = true;
            // (node, queue, offset in page, strobe): every third store is bad.
            let stores: Vec<(u8, u8, u64, u64)> = (0..12u64)
                .map(|i| match i % 3 {
                    0 | 1 => ((i % 5) as u8, (i % 7) as u8, 8 * i, 0xff),
                    _ if i % 2 == 0 => (1, 1, 8 * i + 4, 0xff),
                    _ => (1, 1, 8 * i, 0x0f),
                })
                .collect();
            let mut offer_flow = cond.link.clone();
            let mut sink = LinkSink::new(cond.link.clone());
            let (mut next, mut offering) = (0, false);
            let (mut sent, mut dropped) = (0, 0);
            for cycle in 0..200 {
                wait_clock_false!(sim, clock, x);
                if !offering && next < stores.len() {
                    offering = offer_flow.go(cycle);
                }
                x.sh_valid.next = offering;
                if let Some(&(node, queue, off, strobe)) = stores.get(next) {
                    x.sh_addr.next = (shadow::page_offset(node, queue) + off).into();
                    x.sh_data.next = (0x1000 + next as u64).into();
                    x.sh_strobe.next = strobe.into();
                }
                x.tx.ready.next = sink.ready(cycle);
                x = sim.wait(1, x)?;
                sent += x.events.sent.val() as usize;
                dropped += x.events.dropped.val() as usize;
                if x.tx.valid.val() && x.tx.ready.val() {
                    sink.received.push(Packet::enqueue(
                        (x.tx.src.val().to_u8()) as u16,
                        (x.tx.dst.val().to_u8()) as u16,
                        (x.tx.queue.val().to_u8()) as u16,
                        x.tx.data.val().to_u64(),
                    ));
                }
                if offering && x.sh_ready.val() {
                    offering = false;
                    next += 1;
                }
                wait_clock_true!(sim, clock, x);
            }
            sim_assert_eq!(sim, next, stores.len(), x);
            sim_assert_eq!(sim, (sent, dropped), (8, 4), x);
            let expected: Vec<Packet> = stores
                .iter()
                .enumerate()
                .filter(|(i, _)| i % 3 != 2)
                .map(|(i, &(dst, queue, _, _))| Packet::enqueue(6, dst as u16, queue as u16, 0x1000 + i as u64))
                .collect();
            sim_assert_eq!(sim, &sink.received, &expected, x);
            out.put(sink.received.clone());
            sim.done(x)
        })
    }

    #[test]
    fn store_stream_under_every_condition() {
        for_each_condition(0x5eed_0002, |cond| assert_eq!(stream(cond).len(), 8));
    }

    /// One store offered per entry (addr, data, strobe); the link is not ready for the first
    /// `link_busy` cycles. Records, per cycle: (sh_ready, tx_valid, tx fields, sent, dropped).
    #[test]
    fn shadow_stores_become_packets_and_bad_ones_are_dropped() {
        run_with_deadline("sender", SIM_DEADLINE, || {
            let mut sim = Simulation::new();
            sim.add_clock(HALF_PERIOD, |x: &mut Box<ShadowSender>| x.clock.next = !x.clock.val());
            sim.add_testbench(move |mut sim: Sim<ShadowSender>| {
                let mut x = sim.init()?;
                x.node_id.next = 6.into();
                x.tx_enable.next = true;
                x.tx.ready.next = false;
                let page = shadow::page_offset(9, 4) + 0x20;
                // A good store is taken while the output register is empty.
                wait_clock_false!(sim, clock, x);
                x.sh_valid.next = true;
                x.sh_addr.next = page.into();
                x.sh_data.next = 0x1122_3344_5566_7788u64.into();
                x.sh_strobe.next = 0xff.into();
                x = sim.wait(1, x)?;
                sim_assert!(sim, x.sh_ready.val() && x.events.sent.val() && !x.events.dropped.val(), x);
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                sim_assert!(sim, x.tx.valid.val(), x);
                sim_assert_eq!(sim, x.tx.src.val().to_u64(), 6, x);
                sim_assert_eq!(sim, x.tx.dst.val().to_u64(), 9, x);
                sim_assert_eq!(sim, x.tx.queue.val().to_u64(), 4, x);
                sim_assert_eq!(sim, x.tx.data.val().to_u64(), 0x1122_3344_5566_7788u64, x);
                // Link busy: the register is full, the next store waits (no event).
                x.sh_data.next = 0x99.into();
                x = sim.wait(1, x)?;
                sim_assert!(sim, !x.sh_ready.val() && !x.events.sent.val(), x);
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                sim_assert_eq!(sim, x.tx.data.val().to_u64(), 0x1122_3344_5566_7788u64, x);
                // Link takes the packet; the waiting store moves in in the same cycle.
                x.tx.ready.next = true;
                x = sim.wait(1, x)?;
                sim_assert!(sim, x.sh_ready.val() && x.events.sent.val(), x);
                wait_clock_true!(sim, clock, x);
                wait_clock_false!(sim, clock, x);
                sim_assert!(sim, x.tx.valid.val(), x);
                sim_assert_eq!(sim, x.tx.data.val().to_u64(), 0x99, x);
                // Misaligned, partial, and TX-disabled stores: taken, dropped, counted.
                for (addr_off, strobe, enable) in [(4u64, 0xffu64, true), (0, 0x0f, true), (0, 0xff, false)] {
                    x.sh_addr.next = (page + addr_off).into();
                    x.sh_strobe.next = strobe.into();
                    x.tx_enable.next = enable;
                    x = sim.wait(1, x)?;
                    sim_assert!(sim, x.sh_ready.val() && x.events.dropped.val() && !x.events.sent.val(), x);
                    wait_clock_true!(sim, clock, x);
                    wait_clock_false!(sim, clock, x);
                }
                // The drops put nothing on the link (the 0x99 packet left at the first of them).
                sim_assert!(sim, !x.tx.valid.val(), x);
                sim.done(x)
            });
            sim.run(Box::new(ShadowSender::default()), 10_000).unwrap();
        });
    }
}
