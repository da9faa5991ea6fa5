//! Co-simulation of the card's portal table (spec §7e), RustHDL side: drives
//! `renq_hdl::stepper::PortalSim` (the ECP5 build, the checked-in `renq_portal.v`) with a
//! stimulus file and writes the per-cycle output log that `verilog-out/cosim/tb_portal.v`
//! writes for the emitted Verilog; `make -C verilog-out cosim-portal` compares them byte for byte.
//!
//! ```text
//! portal_cosim <stimulus> <log>          run the stimulus, write the log
//! portal_cosim --gen <seed> <stimulus>   write a deterministic random stimulus
//! ```
//! Stimulus: one line per cycle, hex fields `tx op_valid kind portal data epoch pkt_ready`.
//! Log: one line per cycle, the outputs after the inputs settle (before the clock edge):
//! `op_ready pkt_valid dst queue portal epoch data rsp_valid rsp_data sent dropped src_refused
//! sweeping store_ready`, hex without leading zeros. The stimulus does not look at
//! `store_ready`: a STORE offered without room is the table's counted drop, compared too.

use renq_abi::packet::Outcome;
use renq_abi::portal::{op, Entry};
use renq_hdl::harness::{cosim_cli, Rng};
use renq_hdl::stepper::{random_portal_op, PortalIn, PortalSim};
use std::fmt::Write as _;

const PA: usize = renq_abi::ECP5_PORTAL_BITS as usize;
/// The start-up sweep, then the random operations.
const CYCLES: u64 = (1 << PA) + 4000;

fn gen(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut s = String::new();
    let mut tx = 1;
    for c in 0..CYCLES {
        if c % 500 == 0 {
            tx = (!rng.chance(25)) as u64;
        }
        let kind = random_portal_op(&mut rng);
        let portal = if rng.chance(20) { rng.below(1 << PA) } else { rng.below(3) };
        let data = match kind {
            op::OUTCOME if rng.chance(80) => {
                [Outcome::Accepted { count: 1 + rng.below(2) as u32 }, Outcome::Refused, Outcome::Rejected]
                    [rng.below(3) as usize]
                    .encode()
            }
            op::GRANT if rng.chance(85) => Entry::new(rng.below(1024) as u16, rng.below(4096) as u16).0,
            _ => rng.next_u64(),
        };
        let valid = rng.chance(80) as u64;
        let ready = (!rng.chance(30)) as u64;
        writeln!(s, "{tx:x} {valid:x} {kind:x} {portal:x} {data:x} {:x} {ready:x}", rng.below(256)).unwrap();
    }
    s
}

fn field(it: &mut std::str::SplitWhitespace, line: usize) -> u64 {
    let f = it.next().unwrap_or_else(|| panic!("stimulus line {line}: too few fields"));
    u64::from_str_radix(f, 16).unwrap_or_else(|e| panic!("stimulus line {line}: {f}: {e}"))
}

fn run(stim: &str) -> String {
    let mut rtl = PortalSim::<PA>::new();
    let mut log = String::new();
    for (n, line) in stim.lines().enumerate() {
        let mut it = line.split_whitespace();
        let mut f = || field(&mut it, n + 1);
        let i = PortalIn {
            tx_enable: f() != 0,
            op_valid: f() != 0,
            op_kind: f(),
            op_portal: f() as u16,
            op_data: f(),
            op_epoch: f() as u8,
            pkt_ready: f() != 0,
        };
        let o = rtl.eval(&i);
        let b = |x: bool| x as u8;
        writeln!(
            log,
            "{:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x} {:x}",
            b(o.op_ready),
            b(o.pkt_valid),
            o.pkt_dst,
            o.pkt_queue,
            o.pkt_portal,
            o.pkt_epoch,
            o.pkt_data,
            b(o.rsp_valid),
            o.rsp_data,
            b(o.ev_sent),
            b(o.ev_dropped),
            b(o.ev_src_refused),
            b(o.sweeping),
            b(o.store_ready)
        )
        .unwrap();
        rtl.tick();
    }
    log
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cosim_cli("portal_cosim", &args, gen, |stim| Ok((run(stim), String::new())));
}
