//! The Verilator model of the emitted Verilog and the RustHDL simulation of the same card agree
//! on every output port in every cycle, under seeded random stimulus on every input port
//! (register traffic aimed at real registers, exports that point at memory, shadow stores,
//! packets, memory acknowledges with random data, link back-pressure) — protocol-abiding or not.
//! The system-level differential test (renq-sim's `differential.rs`) then checks the engine
//! built on it against the behavioural model.

use renq_abi::paper::regs::{self, REGISTERS};
use renq_hdl::cycle::CycleCard;
use renq_hdl::harness::{export_word, Rng};
use renq_hdl::paper::{PaperPortsIn, PaperPortsOut, PaperRtlCard};
use renq_verilated::{available, VerilatedPaperCard};

#[test]
fn this_build_has_the_verilator_model() {
    assert!(available(), "renq-verilated was built without Verilator: install it (bash scripts/setup) and rebuild");
    VerilatedPaperCard::new().expect("Verilator model");
}

/// One cycle's inputs, biased towards traffic that makes the card do something.
fn stimulus(rng: &mut Rng, node_id: u8) -> PaperPortsIn {
    let mut p = PaperPortsIn { tx_ready: rng.chance(80), ..PaperPortsIn::default() };
    if rng.chance(10) {
        // Exports and resumes often (they keep the receiver busy), every register sometimes.
        let reg = match rng.below(10) {
            0..=3 => REGISTERS.iter().find(|r| r.offset == regs::EXPORT).expect("EXPORT"),
            4..=5 => REGISTERS.iter().find(|r| r.offset == regs::RESUME).expect("RESUME"),
            _ => &REGISTERS[rng.below(REGISTERS.len() as u64) as usize],
        };
        p.csr_addr = (reg.offset + 8 * rng.below(reg.count as u64)) as u16;
        if rng.chance(50) || reg.offset == regs::EXPORT || reg.offset == regs::RESUME {
            p.csr_write = true;
            p.csr_wdata = if reg.offset == regs::EXPORT && rng.chance(80) {
                export_word(0x10_0000 + (rng.below(64) << 16), 3 + rng.below(6) as u32)
            } else if reg.offset == regs::NODE_ID && rng.chance(80) {
                node_id as u64
            } else if reg.offset == regs::RESUME {
                rng.below(16)
            } else if reg.offset == regs::CONTROL || reg.offset == regs::IRQ_MASK {
                // Mostly on, so the receiver keeps working.
                if rng.chance(80) {
                    0b111
                } else {
                    rng.below(8)
                }
            } else {
                rng.next_u64()
            };
        } else {
            p.csr_read = true;
        }
    }
    if rng.chance(20) {
        p.sh_valid = true;
        let span = if rng.chance(90) { 1 << 20 } else { 1 << 21 }; // beyond the window too
        p.sh_addr = rng.below(span) as u32;
        p.sh_data = rng.next_u64();
        p.sh_strobe = if rng.chance(80) { 0xff } else { rng.below(256) as u8 };
    }
    if rng.chance(40) {
        p.rx_valid = true;
        p.rx_src = rng.below(16) as u8;
        p.rx_dst = if rng.chance(80) { node_id } else { rng.below(16) as u8 };
        p.rx_queue = rng.below(16) as u8;
        p.rx_data = rng.next_u64();
    }
    if rng.chance(50) {
        p.mem_ack = true;
        p.mem_rdata = if rng.chance(50) { rng.below(16) } else { rng.next_u64() };
    }
    p
}

fn run(seed: u64, cycles: u64) {
    let mut rtl = PaperRtlCard::new();
    let mut vl = VerilatedPaperCard::new().expect("Verilator model");
    let mut rng = Rng(seed);
    let node_id = 2;
    let mut busy = [0u64; 4]; // cycles with mem_req, tx_valid, irq, csr_rdata != 0: the test exercised them
    for cycle in 0..cycles {
        let inp = stimulus(&mut rng, node_id);
        let (a, b): (PaperPortsOut, PaperPortsOut) = (rtl.eval(&inp), vl.eval(&inp));
        assert_eq!(a, b, "seed {seed}: outputs differ in cycle {cycle} after eval with {inp:?}");
        let (a, b) = (rtl.tick(), vl.tick());
        assert_eq!(a, b, "seed {seed}: outputs differ after the clock edge of cycle {cycle}");
        if rng.chance(10) {
            // Clocked again with the same inputs, no eval in between.
            let (a, b) = (rtl.tick(), vl.tick());
            assert_eq!(a, b, "seed {seed}: outputs differ after the second clock edge of cycle {cycle}");
        }
        let (a, b) = (rtl.eval(&inp), vl.eval(&inp));
        assert_eq!(a, b, "seed {seed}: outputs differ in cycle {cycle} after the edge");
        for (n, on) in busy.iter_mut().zip([a.mem_req, a.tx_valid, a.irq, a.csr_rdata != 0]) {
            *n += on as u64;
        }
    }
    assert_eq!(rtl.cycles(), vl.cycles());
    assert!(busy.iter().all(|&n| n >= cycles / 200), "seed {seed}: the stimulus left an output idle: {busy:?}");
}

#[test]
fn every_output_every_cycle_matches_the_rusthdl_simulation() {
    for seed in 1..=4 {
        run(seed, 5_000);
    }
}
