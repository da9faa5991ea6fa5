//! `top`: the whole card (spec §6) — register file, sender, receiver — with flat ports whose
//! names the Verilog flow relies on. Keep them stable. Inside, the blocks' port bundles
//! (`crate::bus`) are joined; the flat ports are wired to the bundles' signals by hand.

use crate::bus::{ExportLookup, RxEvents, TxEvents};
use crate::paper::fsm::PaperFsm;
use crate::paper::regfile::PaperRegFile;
use crate::paper::sender::ShadowSender;
#[allow(unused_imports)]
use crate::paper::{NODE_W, NUM_QUEUES, QUEUE_W, SHADOW_ADDR_W, SHADOW_POS_W, STROBE_W};
use crate::*;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Default)]
pub struct PaperTop {
    pub clock: Signal<In, Clock>,
    // CSR port (BAR0)
    pub csr_addr: Signal<In, Bits<CSR_ADDR_W>>,
    pub csr_wdata: Signal<In, Bits<WORD_W>>,
    pub csr_write: Signal<In, bool>,
    pub csr_read: Signal<In, bool>,
    pub csr_rdata: Signal<Out, Bits<WORD_W>>,
    // Shadow port (BAR2 stores)
    pub sh_valid: Signal<In, bool>,
    pub sh_ready: Signal<Out, bool>,
    pub sh_addr: Signal<In, Bits<SHADOW_ADDR_W>>,
    pub sh_data: Signal<In, Bits<WORD_W>>,
    pub sh_strobe: Signal<In, Bits<STROBE_W>>,
    // Memory master
    pub mem_req: Signal<Out, bool>,
    pub mem_write: Signal<Out, bool>,
    pub mem_addr: Signal<Out, Bits<ADDR_W>>,
    pub mem_wdata: Signal<Out, Bits<WORD_W>>,
    pub mem_ack: Signal<In, bool>,
    pub mem_rdata: Signal<In, Bits<WORD_W>>,
    // Link TX
    pub tx_valid: Signal<Out, bool>,
    pub tx_ready: Signal<In, bool>,
    pub tx_src: Signal<Out, Bits<NODE_W>>,
    pub tx_dst: Signal<Out, Bits<NODE_W>>,
    pub tx_queue: Signal<Out, Bits<QUEUE_W>>,
    pub tx_data: Signal<Out, Bits<WORD_W>>,
    // Link RX (rx_src is carried for tracing; the enqueue does not depend on it)
    pub rx_valid: Signal<In, bool>,
    pub rx_ready: Signal<Out, bool>,
    pub rx_src: Signal<In, Bits<NODE_W>>,
    pub rx_dst: Signal<In, Bits<NODE_W>>,
    pub rx_queue: Signal<In, Bits<QUEUE_W>>,
    pub rx_data: Signal<In, Bits<WORD_W>>,
    pub irq: Signal<Out, bool>,

    regs: PaperRegFile,
    sender: ShadowSender,
    receiver: PaperFsm,
}

impl Logic for PaperTop {
    #[hdl_gen]
    fn update(&mut self) {
        self.regs.clock.next = self.clock.val();
        self.sender.clock.next = self.clock.val();
        self.receiver.clock.next = self.clock.val();

        // CSR
        self.regs.csr_addr.next = self.csr_addr.val();
        self.regs.csr_wdata.next = self.csr_wdata.val();
        self.regs.csr_write.next = self.csr_write.val();
        self.regs.csr_read.next = self.csr_read.val();
        self.csr_rdata.next = self.regs.csr_rdata.val();
        self.irq.next = self.regs.irq.val();

        // Shadow port → sender → link TX
        self.sender.sh_valid.next = self.sh_valid.val();
        self.sender.sh_addr.next = self.sh_addr.val();
        self.sender.sh_data.next = self.sh_data.val();
        self.sender.sh_strobe.next = self.sh_strobe.val();
        self.sh_ready.next = self.sender.sh_ready.val();
        self.sender.tx.ready.next = self.tx_ready.val();
        self.tx_valid.next = self.sender.tx.valid.val();
        self.tx_src.next = self.sender.tx.src.val();
        self.tx_dst.next = self.sender.tx.dst.val();
        self.tx_queue.next = self.sender.tx.queue.val();
        self.tx_data.next = self.sender.tx.data.val();
        self.sender.node_id.next = self.regs.node_id.val();
        self.sender.tx_enable.next = self.regs.tx_enable.val();
        TxEvents::join(&mut self.sender.events, &mut self.regs.tx_events);

        // Link RX → receiver → memory
        self.receiver.rx.valid.next = self.rx_valid.val();
        self.receiver.rx.src.next = self.rx_src.val();
        self.receiver.rx.dst.next = self.rx_dst.val();
        self.receiver.rx.queue.next = self.rx_queue.val();
        self.receiver.rx.data.next = self.rx_data.val();
        self.rx_ready.next = self.receiver.rx.ready.val();
        self.mem_req.next = self.receiver.mem.req.val();
        self.mem_write.next = self.receiver.mem.write.val();
        self.mem_addr.next = self.receiver.mem.addr.val();
        self.mem_wdata.next = self.receiver.mem.wdata.val();
        self.receiver.mem.ack.next = self.mem_ack.val();
        self.receiver.mem.rdata.next = self.mem_rdata.val();
        self.receiver.node_id.next = self.regs.node_id.val();
        self.receiver.rx_enable.next = self.regs.rx_enable.val();
        self.receiver.stalled.next = self.regs.stalled.val();
        ExportLookup::join(&mut self.receiver.export, &mut self.regs.lookup);
        RxEvents::join(&mut self.receiver.events, &mut self.regs.rx_events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{
        control_word, export_word, for_each_condition, Conditions, LinkSource, MemResponder, WaitStates,
    };
    use crate::sim_util::*;
    use renq_abi::packet::Packet;
    use renq_abi::paper::regs;
    use std::collections::HashMap;

    /// The whole card in a rust-hdl Simulation: configure it, offer one packet from a link
    /// source, answer the memory master with the harness's responder (both under `cond`).
    /// Returns the accesses, the final memory, the cycles the card was busy (taking the packet
    /// or requesting memory) and the cycles a request waited for its acknowledge.
    fn enqueue_one(cond: Conditions) -> (Vec<u64>, HashMap<u64, u64>, u32, u32) {
        let toggle = |x: &mut Box<PaperTop>| x.clock.next = !x.clock.val();
        run_clocked("top", PaperTop::default(), toggle, move |mut sim: Sim<PaperTop>, out| {
            let mut x = sim.init()?;
            let base = 0x7_0000u64;
            let mut mem: HashMap<u64, u64> = [(base + 8, 4u64), (base + 16, 3u64)].into_iter().collect();
            for (offset, value) in [
                (regs::NODE_ID, 3u64),
                (regs::CONTROL, control_word(true, false)),
                (regs::export_entry(2), export_word(base, 5)),
            ] {
                wait_clock_false!(sim, clock, x);
                x.csr_addr.next = offset.into();
                x.csr_wdata.next = value.into();
                x.csr_write.next = true;
                wait_clock_true!(sim, clock, x);
            }
            wait_clock_false!(sim, clock, x);
            x.csr_write.next = false;
            // the last write takes effect at the end of this cycle (registered CSR port)
            wait_clock_true!(sim, clock, x);
            let packet = Packet::enqueue(1, 3, 2, 0xc0ffee);
            let mut link = LinkSource::new([packet], cond.link.clone());
            let mut responder = MemResponder::new(cond.waits.clone());
            let mut accesses = Vec::new();
            let mut busy_cycles = 0;
            let mut waits = 0;
            for cycle in 0..60 {
                wait_clock_false!(sim, clock, x);
                offer_rx!(x, flat, link.offer(cycle));
                x = sim.wait(1, x)?;
                let taken = x.rx_valid.val() && x.rx_ready.val();
                // The responder checks that every request is held unchanged until its ack.
                let (req, answer) = answer_memory!(sim, x, flat, responder, &mut mem);
                if let Some(a) = answer.access {
                    accesses.push(a.addr);
                } else if req.is_some() {
                    waits += 1;
                }
                if taken || req.is_some() {
                    busy_cycles += 1;
                }
                wait_clock_true!(sim, clock, x);
                if taken {
                    link.taken();
                }
            }
            sim_assert!(sim, link.is_empty(), x);
            out.put((accesses, mem, busy_cycles, waits));
            sim.done(x)
        })
    }

    fn base_of(word: u64) -> u64 {
        0x7_0000 + word * 8
    }

    /// Every request is held unchanged until its ack, the enqueue lands, and with a memory that
    /// answers after 2 wait cycles it takes 5 + 4 × 2 cycles from LD0 to LD0.
    #[test]
    fn card_holds_memory_requests_until_ack() {
        const WAIT: u32 = 2;
        let cond = Conditions { waits: WaitStates::Fixed(WAIT), ..Conditions::idle() };
        let (accesses, mem, busy_cycles, waits) = enqueue_one(cond);
        assert_eq!(accesses, vec![base_of(1), base_of(4), base_of(2), base_of(1)]);
        assert_eq!(mem[&base_of(4)], 0xc0ffee);
        assert_eq!(mem[&base_of(1)], 5);
        assert_eq!(busy_cycles, 5 + 4 * WAIT);
        assert_eq!(waits, 4 * WAIT);
    }

    /// The same enqueue under every bus condition: same accesses and memory, and the card is
    /// busy 5 cycles plus exactly the cycles its requests waited.
    #[test]
    fn card_enqueues_under_every_condition() {
        for_each_condition(0x5eed_0002, |cond| {
            let idle = cond.is_idle();
            let (accesses, mem, busy_cycles, waits) = enqueue_one(cond);
            assert_eq!(accesses, vec![base_of(1), base_of(4), base_of(2), base_of(1)]);
            assert_eq!(mem[&base_of(4)], 0xc0ffee);
            assert_eq!(mem[&base_of(1)], 5);
            assert_eq!(busy_cycles, 5 + waits);
            if idle {
                assert_eq!(waits, 0);
            }
        });
    }
}
