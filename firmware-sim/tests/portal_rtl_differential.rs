//! The card's portal table in RustHDL (`renq_hdl::portal`, spec §7e) against the model's
//! (`Model`, spec §7c) on the same operations: BAR2 stores, RETRY stores and loads, BAR0
//! PORTAL writes and reads, OUTCOME packets. Every packet sent, every load's answer, the three
//! sender counters and the final status of every portal touched must agree. Lives here, not in
//! renq-hdl, because renq-sim depends on renq-hdl (the other way would be a cycle).
#![cfg(feature = "rtl")]

use renq_abi::csr::Control;
use renq_abi::packet::{outcome, Kind, Outcome, Packet};
use renq_abi::portal::{op, page_offset, Entry, Status, RETRY_OFFSET};
use renq_abi::regs as r;
use renq_abi::ECP5_PORTAL_BITS;
use renq_hdl::harness::Rng;
use renq_hdl::stepper::{random_portal_op, PortalIn, PortalSim};
use renq_sim::engine::model::Model;
use renq_sim::engine::CardEngine;
use renq_sim::HostMemory;
use std::collections::VecDeque;

const PA: usize = ECP5_PORTAL_BITS as usize;
const NODE: u16 = 3;

/// What the model produced for one operation, which the RTL owes.
enum Owed {
    Nothing,
    Packet(Packet),
    Answer(u64),
}

struct Pair {
    model: Model,
    mem: HostMemory,
    rtl: PortalSim<PA>,
    tx: bool,
    packets: VecDeque<Packet>,
    answers: VecDeque<u64>,
    /// RTL events seen: sent, dropped, refused at the source.
    events: [u64; 3],
    compared: (u64, u64),
}

impl Pair {
    fn new() -> Pair {
        let mut model = Model::new();
        model.csr_write(r::NODE_ID, NODE as u64);
        let mut p = Pair {
            model,
            mem: HostMemory::create(1 << 16).expect("host memory"),
            rtl: PortalSim::new(),
            tx: true,
            packets: VecDeque::new(),
            answers: VecDeque::new(),
            events: [0; 3],
            compared: (0, 0),
        };
        p.set_tx(true);
        // The RTL's start-up sweep.
        while p.rtl.eval(&PortalIn::default()).sweeping {
            p.rtl.tick();
        }
        p
    }

    fn set_tx(&mut self, tx: bool) {
        self.tx = tx;
        self.model.csr_write(r::CONTROL, Control::new(true, tx).0);
    }

    /// The model's side of one operation.
    fn model_op(&mut self, kind: u64, portal: u16, data: u64, epoch: u8) -> Owed {
        let m = &mut self.model;
        match kind {
            op::STORE => {
                m.shadow_write(page_offset(portal) + (data & 0x1fe) * 8, data, 0xff).map_or(Owed::Nothing, Owed::Packet)
            }
            op::RETRY => {
                m.shadow_write(page_offset(portal) + RETRY_OFFSET, data, 0xff);
                Owed::Nothing
            }
            op::LOAD => Owed::Answer(m.shadow_read(page_offset(portal) + (data & 0x1ff) * 8)),
            op::GRANT => {
                m.csr_write(r::PORTAL_SEL, portal as u64);
                m.csr_write(r::PORTAL, data);
                Owed::Nothing
            }
            op::ENTRY => {
                m.csr_write(r::PORTAL_SEL, portal as u64);
                Owed::Answer(m.csr_read(r::PORTAL))
            }
            op::OUTCOME => {
                let pkt = Packet { src: 9, dst: NODE, queue: 1, portal, epoch, kind: Kind::Outcome, data };
                assert!(m.deliver(&self.mem, pkt), "an outcome is always taken");
                Owed::Nothing
            }
            _ => Owed::Nothing, // kinds 6 and 7 mean nothing
        }
    }

    /// One operation on both: the RTL takes it when it can, under random output stalls.
    fn op(&mut self, rng: &mut Rng, stall: u64, kind: u64, portal: u16, data: u64, epoch: u8) {
        match self.model_op(kind, portal, data, epoch) {
            Owed::Nothing => {}
            Owed::Packet(p) => self.packets.push_back(p),
            Owed::Answer(a) => self.answers.push_back(a),
        }
        let i = PortalIn {
            tx_enable: self.tx,
            op_valid: true,
            op_kind: kind,
            op_portal: portal,
            op_data: data,
            op_epoch: epoch,
            pkt_ready: false,
        };
        while !self.cycle(PortalIn { pkt_ready: !rng.chance(stall), ..i }) {}
    }

    /// One RTL cycle; true if it took the operation offered. A STORE is offered only while
    /// `store_ready` (the table's contract, which the card's top keeps).
    fn cycle(&mut self, i: PortalIn) -> bool {
        let (i, _) = self.rtl.within_credit(&i);
        let o = self.rtl.eval(&i);
        if o.pkt_valid && i.pkt_ready {
            let want = self.packets.pop_front().expect("the RTL sent a packet the model did not");
            let got = (o.pkt_dst, o.pkt_queue, o.pkt_portal, o.pkt_epoch, o.pkt_data);
            assert_eq!(got, (want.dst, want.queue, want.portal, want.epoch, want.data), "packet");
            assert_eq!((want.src, want.kind), (NODE, Kind::Enqueue));
            self.compared.0 += 1;
        }
        if o.rsp_valid {
            let want = self.answers.pop_front().expect("an answer the model did not give");
            assert_eq!(Status(o.rsp_data), Status(want), "answer");
            self.compared.1 += 1;
        }
        for (n, e) in self.events.iter_mut().zip([o.ev_sent, o.ev_dropped, o.ev_src_refused]) {
            *n += e as u64;
        }
        self.rtl.tick();
        i.op_valid && o.op_ready
    }

    /// Idle until everything owed came out; then the counters agree.
    fn drain(&mut self) {
        for _ in 0..renq_hdl::portal::PKT_HELD + 4 {
            self.cycle(PortalIn { tx_enable: self.tx, pkt_ready: true, ..PortalIn::default() });
        }
        assert!(self.packets.is_empty() && self.answers.is_empty(), "the RTL owes outputs");
        let counts = [r::CNT_SENT, r::CNT_TX_DROPPED, r::CNT_SRC_REFUSED].map(|c| self.model.csr_read(c));
        assert_eq!(self.events, counts, "sent, dropped, refused at the source");
    }
}

fn outcome_word(rng: &mut Rng) -> u64 {
    match rng.below(8) {
        0 => rng.next_u64(), // any code and count, also meaningless ones
        1..=4 => Outcome::Accepted { count: 1 + rng.below(3) as u32 }.encode(),
        5 => outcome::ACCEPTED | rng.below(1 << 32) << outcome::COUNT_LSB,
        6 => Outcome::Refused.encode(),
        _ => Outcome::Rejected.encode(),
    }
}

#[test]
fn the_rtl_portal_table_matches_the_model() {
    let mut pair = Pair::new();
    let mut rng = Rng(0x5eed_0702);
    // A few hot portals (back-to-back operations on one portal), and the table's far end.
    let portals = [0u16, 1, 2, 4095, 2049];
    for round in 0..30 {
        let stall = [0, 40, 80][round % 3];
        for _ in 0..200 {
            let portal = if rng.chance(10) { rng.below(1 << PA) as u16 } else { portals[rng.below(5) as usize] };
            let kind = random_portal_op(&mut rng);
            let data = match kind {
                op::OUTCOME => outcome_word(&mut rng),
                op::GRANT if rng.chance(85) => Entry::new(rng.below(1024) as u16, rng.below(4096) as u16).0,
                _ => rng.next_u64(),
            };
            let epoch = rng.below(256) as u8;
            pair.op(&mut rng, stall, kind, portal, data, epoch);
        }
        pair.drain();
        // TX changes only with the RTL's pipeline empty (it samples TX when S2 decides).
        pair.set_tx(!rng.chance(25));
    }
    for p in portals {
        pair.op(&mut rng, 0, op::LOAD, p, 0, 0);
        pair.op(&mut rng, 0, op::ENTRY, p, 0, 0);
    }
    pair.drain();
    eprintln!(
        "packets compared {}, answers compared {}, events (sent, dropped, src_refused) {:?}",
        pair.compared.0, pair.compared.1, pair.events
    );
    assert!(pair.compared.0 > 1000 && pair.compared.1 > 500);
    assert!(pair.events.iter().all(|&n| n > 100), "every store outcome occurs: {:?}", pair.events);
}
