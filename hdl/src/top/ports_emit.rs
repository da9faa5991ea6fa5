//! The files generated from the card's port list ([`super::ports`]), checked in and checked
//! fresh by `hdl/tests/card_ports_fresh.rs`; `cargo run --release -p renq-hdl --bin
//! emit-card-ports` (= `make -C verilog-out card-ports`) rewrites them all.
//!
//! * `verilated/csrc/card_ports.h` — the Verilator shim's port structs (the layout of
//!   [`PortsIn`](super::ports::PortsIn) / [`PortsOut`](super::ports::PortsOut), every offset
//!   and the size checked by `static_assert`) and its port copy (`RENQ_INPUTS` /
//!   `RENQ_OUTPUTS`);
//! * `verilog-out/cosim/top_outputs.vh` — the output ports as wires, for benches that
//!   connect `renq_top` with `.*`;
//! * `verilog-out/cosim/top_inputs_anyseq.vh` — the input ports as free wires (the formal
//!   harness);
//! * `verilog-out/cosim/top_ports.vh` — the co-simulation's stimulus and log format: input
//!   registers, `read_inputs` (one stimulus line), `log_outputs` (one log line).

use super::ports::{Port, PortsIn, PortsOut, INPUTS, OUTPUTS};
use std::fmt::Write as _;

/// (path from the repository root, contents) of every generated file.
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        ("verilated/csrc/card_ports.h", c_header()),
        ("verilog-out/cosim/top_outputs.vh", outputs_vh()),
        ("verilog-out/cosim/top_inputs_anyseq.vh", inputs_anyseq_vh()),
        ("verilog-out/cosim/top_ports.vh", cosim_vh()),
    ]
}

const GENERATED: &str = "Generated from hdl/src/top/ports.rs by `cargo run --release -p renq-hdl --bin \
                         emit-card-ports`; do not edit.";

fn c_type(ty: &str) -> &'static str {
    match ty {
        "bool" => "bool",
        "u8" => "uint8_t",
        "u16" => "uint16_t",
        "u32" => "uint32_t",
        "u64" => "uint64_t",
        _ => panic!("no C type for {ty}"),
    }
}

fn c_struct(s: &mut String, name: &str, ports: &[Port], size: usize) {
    writeln!(s, "struct {name} {{").unwrap();
    for p in ports {
        writeln!(s, "    {} {};  // {} bit{}", c_type(p.ty), p.name, p.width, if p.width == 1 { "" } else { "s" })
            .unwrap();
    }
    writeln!(s, "}};").unwrap();
    writeln!(s, "static_assert(sizeof({name}) == {size}, \"{name}: layout differs from Rust's\");").unwrap();
    for p in ports {
        writeln!(
            s,
            "static_assert(offsetof({name}, {0}) == {1}, \"{name}.{0}: offset differs from Rust's\");",
            p.name, p.offset
        )
        .unwrap();
    }
}

fn x_macro(s: &mut String, name: &str, ports: &[Port]) {
    write!(s, "#define {name}(X)").unwrap();
    for p in ports {
        write!(s, " \\\n    X({})", p.name).unwrap();
    }
    writeln!(s).unwrap();
}

/// `verilated/csrc/card_ports.h`.
pub fn c_header() -> String {
    let mut s = String::new();
    writeln!(s, "// The whole card's ports (renq_top) as the FFI shim (card.cpp) copies them: Rust's").unwrap();
    writeln!(s, "// renq_hdl::cycle::PortsIn / PortsOut (#[repr(C)]), field by field.").unwrap();
    writeln!(s, "// {GENERATED}").unwrap();
    writeln!(s, "#pragma once\n\n#include <cstddef>\n#include <cstdint>\n\nextern \"C\" {{\n").unwrap();
    c_struct(&mut s, "renq_card_ports_in", INPUTS, std::mem::size_of::<PortsIn>());
    writeln!(s).unwrap();
    c_struct(&mut s, "renq_card_ports_out", OUTPUTS, std::mem::size_of::<PortsOut>());
    writeln!(s, "\n}}  // extern \"C\"\n").unwrap();
    writeln!(s, "// Every port by direction, applied as X(port).").unwrap();
    x_macro(&mut s, "RENQ_INPUTS", INPUTS);
    x_macro(&mut s, "RENQ_OUTPUTS", OUTPUTS);
    s
}

fn range(width: usize) -> String {
    if width == 1 {
        String::new()
    } else {
        format!("[{}:0] ", width - 1)
    }
}

/// `verilog-out/cosim/top_outputs.vh`.
pub fn outputs_vh() -> String {
    let mut s = String::new();
    writeln!(s, "// The whole card's output ports as wires, for benches that connect renq_top with `.*`").unwrap();
    writeln!(s, "// (cosim/tb_top.v, formal/top_formal.sv).\n// {GENERATED}").unwrap();
    for p in OUTPUTS {
        writeln!(s, "wire {}{};", range(p.width), p.name).unwrap();
    }
    s
}

/// `verilog-out/cosim/top_inputs_anyseq.vh`.
pub fn inputs_anyseq_vh() -> String {
    let mut s = String::new();
    writeln!(s, "// The whole card's input ports as free wires, any value in every cycle").unwrap();
    writeln!(s, "// (formal/top_formal.sv).\n// {GENERATED}").unwrap();
    for p in INPUTS {
        writeln!(s, "(* anyseq *) wire {}{};", range(p.width), p.name).unwrap();
    }
    s
}

/// `verilog-out/cosim/top_ports.vh`: the stimulus and log lines of `PortsIn::line` /
/// `PortsOut::line` (hex, port order), read and written by `cosim/tb_top.v`.
pub fn cosim_vh() -> String {
    let n = INPUTS.len();
    let mut s = String::new();
    writeln!(s, "// The whole card's co-simulation lines (cosim/tb_top.v): the input ports as registers,").unwrap();
    writeln!(s, "// `read_inputs` (one stimulus line: `inputs_read` = fields read, {n} for a whole line) and").unwrap();
    writeln!(s, "// `log_outputs` (one log line), in the port order of PortsIn::line / PortsOut::line.").unwrap();
    writeln!(s, "// Needs `stim` and `log` (open_stim_log.vh) and the outputs (top_outputs.vh).").unwrap();
    writeln!(s, "// {GENERATED}").unwrap();
    for p in INPUTS {
        writeln!(s, "reg {}{} = 0;", range(p.width), p.name).unwrap();
    }
    writeln!(s, "localparam INPUT_FIELDS = {n};\ninteger inputs_read;\nreg [63:0] field [0:{}];", n - 1).unwrap();
    writeln!(s, "task read_inputs;\n    begin").unwrap();
    let fields: Vec<String> = (0..n).map(|k| format!("field[{k}]")).collect();
    writeln!(s, "        inputs_read = $fscanf(stim, \"{}\\n\",", vec!["%h"; n].join(" ")).unwrap();
    writeln!(s, "            {});", fields.join(", ")).unwrap();
    writeln!(s, "        if (inputs_read == INPUT_FIELDS) begin").unwrap();
    for (k, p) in INPUTS.iter().enumerate() {
        let value = match p.width {
            1 => format!("field[{k}][0]"),
            64 => format!("field[{k}]"),
            w => format!("field[{k}][{}:0]", w - 1),
        };
        writeln!(s, "            {} = {value};", p.name).unwrap();
    }
    writeln!(s, "        end\n    end\nendtask").unwrap();
    writeln!(s, "task log_outputs;").unwrap();
    writeln!(s, "    $fdisplay(log, \"{}\",", vec!["%0h"; OUTPUTS.len()].join(" ")).unwrap();
    let names: Vec<&str> = OUTPUTS.iter().map(|p| p.name).collect();
    writeln!(s, "        {});", names.join(", ")).unwrap();
    writeln!(s, "endtask").unwrap();
    s
}
