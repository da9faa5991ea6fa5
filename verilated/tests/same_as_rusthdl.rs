//! The card: the Verilator model of `renq_top.v` and the RustHDL simulation of `Top` (the
//! same ECP5-85F build) agree on every output port in every cycle, under seeded random stimulus
//! on every input port — BAR0 accesses aimed at real registers (grants, exports, commands),
//! BAR2 stores and loads, ENQUEUE and OUTCOME packets, memory answers for the tags the card has
//! out, link back-pressure — protocol-abiding or not. The simulator runs the card on this model
//! (`--card renq --engine verilator`); renq-sim's `differential` then checks it against
//! `Model` transaction by transaction.

use renq_abi::csr::ExportEntry;
use renq_abi::packet::Outcome;
use renq_abi::portal::{page_offset, Entry, RETRY_OFFSET};
use renq_abi::regs::{self as r, command, REGISTERS};
use renq_abi::{CMD_ARM, CMD_EXPORT, CMD_HEAD, CMD_QUERY, CMD_RESUME};
use renq_hdl::cycle::{CycleCard, PortsIn, PortsOut, RtlCardEcp5};
use renq_hdl::harness::engine::RxPacket;
use renq_hdl::harness::Rng;
use renq_verilated::VerilatedCard;

const NODE: u16 = 5;
const QUEUES: [u16; 3] = [0, 7, 4095];
const PORTALS: [u16; 3] = [0, 3, 4095];

/// A BAR0 access biased towards what makes the card work: NODE_ID, CONTROL on, grants to this
/// node's queues, exports of small buffers, commands; sometimes any register, any value.
fn csr_access(rng: &mut Rng, p: &mut PortsIn) {
    let (offset, value) = match rng.below(12) {
        0 => (r::NODE_ID, NODE as u64),
        1 => (r::CONTROL, if rng.chance(90) { 0b11 } else { rng.below(4) }),
        2 => (r::PORTAL_SEL, PORTALS[rng.below(3) as usize] as u64),
        3 => (r::PORTAL, Entry::new(NODE, QUEUES[rng.below(3) as usize]).0),
        4 => (r::CMD_ARG, ExportEntry::new(0x10_0000 + (rng.below(16) << 12), 3 + rng.below(4) as u32).0),
        5 | 6 => {
            let kinds = [CMD_EXPORT, CMD_HEAD, CMD_RESUME, CMD_ARM, CMD_QUERY];
            (r::CMD, command(kinds[rng.below(5) as usize], QUEUES[rng.below(3) as usize]))
        }
        7 => (r::CMD_ARG, rng.below(64)),
        _ => (REGISTERS[rng.below(REGISTERS.len() as u64) as usize].offset, rng.next_u64()),
    };
    p.csr_addr = offset as u16;
    if rng.chance(60) {
        (p.csr_write, p.csr_wdata) = (true, value);
    } else {
        p.csr_read = true;
    }
}

fn packet(rng: &mut Rng, outcome: bool) -> RxPacket {
    let data = if outcome {
        match rng.below(4) {
            0 => Outcome::Refused.encode(),
            1 => Outcome::Rejected.encode(),
            2 => rng.next_u64(),
            _ => Outcome::Accepted { count: 1 }.encode(),
        }
    } else {
        rng.next_u64()
    };
    RxPacket {
        src: rng.below(1024) as u16,
        dst: if rng.chance(85) { NODE } else { rng.below(1024) as u16 },
        queue: if rng.chance(85) { QUEUES[rng.below(3) as usize] } else { rng.below(4096) as u16 },
        portal: PORTALS[rng.below(3) as usize],
        epoch: rng.below(4) as u8,
        data,
    }
}

/// One cycle's inputs. `out_tags`: read tags the card has out (answers only for those, mostly).
fn stimulus(rng: &mut Rng, out_tags: &[u8]) -> PortsIn {
    let mut p = PortsIn {
        tx_ready: rng.chance(80),
        otx_ready: rng.chance(80),
        wr_ready: rng.chance(75),
        rd_ready: rng.chance(75),
        ..PortsIn::default()
    };
    if rng.chance(15) {
        csr_access(rng, &mut p);
    }
    if rng.chance(20) {
        p.b2_valid = true;
        let portal = PORTALS[rng.below(3) as usize];
        let in_page =
            if rng.chance(10) { RETRY_OFFSET } else { 8 * rng.below(512) + if rng.chance(5) { 4 } else { 0 } };
        p.b2_addr = (page_offset(portal) + in_page) as u32;
        p.b2_write = rng.chance(85);
        p.b2_data = rng.next_u64();
        p.b2_strobe = if rng.chance(90) { 0xff } else { rng.below(256) as u8 };
    }
    if rng.chance(30) {
        p.offer_rx(Some(packet(rng, false)));
    }
    if rng.chance(15) {
        p.offer_orx(Some(packet(rng, true)));
    }
    if !out_tags.is_empty() && rng.chance(40) || rng.chance(2) {
        p.rsp_valid = true;
        p.rsp_tag = if !out_tags.is_empty() && rng.chance(95) {
            out_tags[rng.below(out_tags.len() as u64) as usize]
        } else {
            rng.below(4) as u8
        };
        p.rsp_data = rng.below(64);
    }
    p
}

fn run(seed: u64, cycles: u64) {
    let mut rtl = RtlCardEcp5::new();
    let mut vl = VerilatedCard::new().expect("Verilator model (bash scripts/setup)");
    let mut rng = Rng(seed);
    let mut out_tags: Vec<u8> = Vec::new();
    // Cycles with: a memory write, a read, an ENQUEUE sent, an OUTCOME sent, a CSR answer, a
    // BAR2 answer — the stimulus reached every part of the card.
    let mut busy = [0u64; 6];
    for cycle in 0..cycles {
        let inp = stimulus(&mut rng, &out_tags);
        let (a, b): (PortsOut, PortsOut) = (rtl.eval(&inp), vl.eval(&inp));
        assert_eq!(a, b, "seed {seed}: outputs differ in cycle {cycle} after eval with {inp:?}");
        if inp.rsp_valid {
            out_tags.retain(|&t| t != inp.rsp_tag);
        }
        if a.rd_valid && inp.rd_ready {
            out_tags.push(a.rd_tag);
        }
        for (n, on) in busy.iter_mut().zip([
            a.wr_valid && inp.wr_ready,
            a.rd_valid && inp.rd_ready,
            a.tx_valid && inp.tx_ready,
            a.otx_valid && inp.otx_ready,
            a.csr_rvalid,
            a.b2_rvalid,
        ]) {
            *n += on as u64;
        }
        let (a, b) = (rtl.tick(), vl.tick());
        assert_eq!(a, b, "seed {seed}: outputs differ after the clock edge of cycle {cycle}");
    }
    assert_eq!(rtl.cycles(), vl.cycles());
    eprintln!(
        "seed {seed}: {cycles} cycles; writes {}, reads {}, ENQUEUEs {}, OUTCOMEs {}, CSR answers {}, BAR2 answers {}",
        busy[0], busy[1], busy[2], busy[3], busy[4], busy[5]
    );
    assert!(busy.iter().all(|&n| n >= 5), "seed {seed}: the stimulus left a port idle: {busy:?}");
}

#[test]
fn every_output_every_cycle_matches_the_rusthdl_simulation() {
    // The first 4 096 cycles are the start-up sweep (the ECP5 build's queue state RAM).
    for seed in 1..=3 {
        run(seed, 30_000);
    }
}

/// `step` — settle, outputs and clock edge in one call across the FFI, the falling edge
/// without an evaluation, the settle skipped when the inputs are those it is settled with — is
/// `eval` then `tick`: the same outputs in every cycle, on the random stimulus above with the
/// inputs often held for several cycles and `eval`s between the steps.
#[test]
fn a_step_is_an_eval_then_a_tick() {
    let mut stepped = VerilatedCard::new().expect("Verilator model (bash scripts/setup)");
    let mut ticked = VerilatedCard::new().expect("Verilator model");
    let mut rng = Rng(0x57e9);
    let mut out_tags: Vec<u8> = Vec::new();
    let mut inp = PortsIn::default();
    let mut busy = 0u64;
    for cycle in 0..30_000u64 {
        if rng.chance(50) {
            inp = stimulus(&mut rng, &out_tags);
        }
        if rng.chance(10) {
            assert_eq!(stepped.eval(&inp), ticked.eval(&inp), "eval before cycle {cycle}");
        }
        let a = stepped.step(&inp);
        let b = ticked.eval(&inp);
        ticked.tick();
        assert_eq!(a, b, "outputs differ in cycle {cycle} with {inp:?}");
        if inp.rsp_valid {
            out_tags.retain(|&t| t != inp.rsp_tag);
        }
        if a.rd_valid && inp.rd_ready {
            out_tags.push(a.rd_tag);
        }
        busy += (a.wr_valid || a.tx_valid || a.otx_valid || a.csr_rvalid || a.b2_rvalid) as u64;
    }
    assert_eq!(stepped.cycles(), ticked.cycles());
    assert!(busy > 1000, "the stimulus left the card idle: {busy} busy cycles");
}
