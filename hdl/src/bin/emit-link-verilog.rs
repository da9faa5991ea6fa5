//! Writes the Verilog of one reliable-link end: `emit-link-verilog [--paper] <out path>`. The
//! card's build is module `renq_link` (default `verilog-out/renq_link.v`), the paper card's
//! (`--paper`) module `renq_paper_link` (default `verilog-out/renq_paper_link.v`).
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let paper = args.first().is_some_and(|a| a == "--paper");
    if paper {
        args.remove(0);
    }
    let (verilog, default) = if paper {
        (renq_hdl::link::paper_verilog(), "verilog-out/renq_paper_link.v")
    } else {
        (renq_hdl::link::verilog(), "verilog-out/renq_link.v")
    };
    let out = args.first().cloned().unwrap_or_else(|| default.to_string());
    std::fs::write(&out, verilog).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
