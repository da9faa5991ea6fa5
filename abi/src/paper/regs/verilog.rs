//! The register table as a Verilog header (`verilog-out/cosim/paper_regs.vh`), so the benches
//! name registers instead of repeating offsets. Written by `emit-regs-vh` (bin of this crate);
//! a test in `abi/tests` fails when the checked-in copy is stale.

use super::{CSR_ADDR_BITS, ID_VALUE, REGISTERS};
use core::fmt::{Result, Write};

/// Writes the header: per register `REG_<NAME>` (offset), `REG_<NAME>_DEFINED` (mask) and, for
/// a table, `REG_<NAME>_COUNT`; per field `REG_<NAME>_<FIELD>_LSB/_MSB`. Localparams: include
/// it inside a module.
pub fn write_verilog_header(out: &mut dyn Write) -> Result {
    let a = CSR_ADDR_BITS;
    writeln!(
        out,
        "// renq paper card BAR0 register map, generated from renq_abi::paper::regs::REGISTERS. Do not edit:"
    )?;
    writeln!(out, "// cargo run --release -p renq-abi --bin emit-regs-vh -- verilog-out/cosim/paper_regs.vh")?;
    for r in REGISTERS {
        writeln!(out, "// {} ({}): {}", r.name, r.access.spec_name(), r.doc.trim())?;
        writeln!(out, "localparam [{}:0] REG_{} = {a}'h{:03x};", a - 1, r.name, r.offset)?;
        writeln!(out, "localparam [63:0] REG_{}_DEFINED = 64'h{:016x};", r.name, r.defined)?;
        if r.count > 1 {
            writeln!(out, "localparam integer REG_{}_COUNT = {};", r.name, r.count)?;
        }
        for f in r.fields {
            writeln!(out, "localparam integer REG_{}_{}_LSB = {};", r.name, f.name, f.lsb)?;
            writeln!(out, "localparam integer REG_{}_{}_MSB = {};", r.name, f.name, f.msb)?;
        }
    }
    writeln!(out, "localparam [63:0] REG_ID_VALUE = 64'h{ID_VALUE:016x};")?;
    Ok(())
}
