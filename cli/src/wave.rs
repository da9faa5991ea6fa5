//! `renq wave`: one enqueue through the receiver FSM, traced by the RustHDL simulator into a
//! VCD (open it with GTKWave) and drawn as an SVG.

use renq_abi::buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::WORD_BYTES;
use renq_hdl::paper::fsm::PaperFsm;
use rust_hdl::prelude::*;
use std::collections::HashMap;

/// Buffer of the traced queue: 16 words at 0x2000, one item already in it.
const BASE: u64 = 0x2000;
const LOG2_WORDS: u32 = 4;
const DATA: u64 = 0x0000_00c0_ffee_0001;
const NODE: u64 = 2;
const QUEUE: u64 = 1;
/// Half a clock period in simulator time units (picoseconds in the VCD).
const HALF_PERIOD: u64 = 5_000;
const CYCLES: u64 = 9;

/// Signals drawn in the SVG, top to bottom (the VCD holds every signal of the receiver).
const SHOWN: [&str; 10] = [
    "uut.clock",
    "uut.rx.valid",
    "uut.rx.ready",
    "uut.step.q",
    "uut.mem.req",
    "uut.mem.write",
    "uut.mem.addr",
    "uut.mem.wdata",
    "uut.mem.rdata",
    "uut.events.enqueued",
];

pub fn write(stem: &str) -> Result<(String, String), String> {
    let vcd = format!("{stem}.vcd");
    let svg = format!("{stem}.svg");
    let mut sim = Simulation::new();
    sim.add_clock(HALF_PERIOD, |x: &mut Box<PaperFsm>| x.clock.next = !x.clock.val());
    sim.add_testbench(move |mut sim: Sim<PaperFsm>| {
        let mut x = sim.init()?;
        let tail = FIRST_DATA_INDEX + 1;
        let mut mem: HashMap<u64, u64> =
            [(BASE + TAIL_WORD * WORD_BYTES, tail), (BASE + HEAD_WORD * WORD_BYTES, FIRST_DATA_INDEX)].into();
        x.node_id.next = NODE.into();
        x.rx_enable.next = true;
        // What the register file presents for EXPORT[QUEUE] = (BASE, 2^LOG2_WORDS words).
        x.export.base.next = BASE.into();
        x.export.accept.next = true;
        x.export.index_mask.next = (buffer::words(LOG2_WORDS) - 1).into();
        let mut offered = true;
        for _ in 0..CYCLES {
            wait_clock_false!(sim, clock, x);
            x.rx.valid.next = offered;
            x.rx.dst.next = NODE.into();
            x.rx.queue.next = QUEUE.into();
            x.rx.data.next = DATA.into();
            x = sim.wait(1, x)?;
            // A memory that acknowledges in the request cycle.
            let (req, addr) = (x.mem.req.val(), x.mem.addr.val().to_u64());
            x.mem.ack.next = req;
            x.mem.rdata.next = (*mem.get(&addr).unwrap_or(&0)).into();
            x = sim.wait(1, x)?;
            if req && x.mem.write.val() {
                mem.insert(addr, x.mem.wdata.val().to_u64());
            }
            let taken = x.rx.valid.val() && x.rx.ready.val();
            wait_clock_true!(sim, clock, x);
            if taken {
                offered = false;
            }
        }
        sim_assert!(sim, mem.get(&(BASE + (FIRST_DATA_INDEX + 1) * WORD_BYTES)) == Some(&DATA), x);
        sim.done(x)
    });
    sim.run_to_file(Box::new(PaperFsm::default()), CYCLES * 2 * HALF_PERIOD + 4 * HALF_PERIOD, &vcd)
        .map_err(|e| format!("simulation of the receiver failed: {e:?}"))?;
    rust_hdl::docs::vcd2svg::vcd_to_svg(&vcd, &svg, &SHOWN, 0, CYCLES * 2 * HALF_PERIOD)
        .map_err(|e| format!("drawing {svg}: {e}"))?;
    Ok((vcd, svg))
}
