//! Writes the Verilog of one reliable-link end: `emit-link-verilog [--v2] <out path>`. The paper
//! card's build is module `renq_link` (default `verilog-out/renq_link.v`), the card's (`--v2`)
//! module `renq_link_v2` (default `verilog-out/renq_link_v2.v`).
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let v2 = args.first().is_some_and(|a| a == "--v2");
    if v2 {
        args.remove(0);
    }
    let (verilog, default) = if v2 {
        (renq_hdl::link::verilog_v2(), "verilog-out/renq_link_v2.v")
    } else {
        (renq_hdl::link::verilog(), "verilog-out/renq_link.v")
    };
    let out = args.first().cloned().unwrap_or_else(|| default.to_string());
    std::fs::write(&out, verilog).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
