//! Writes the Verilog of one reliable-link end, module `renq_link`: `emit-link-verilog <out path>`
//! (default `verilog-out/renq_link.v`).
fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "verilog-out/renq_link.v".to_string());
    std::fs::write(&out, renq_hdl::link::verilog()).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
