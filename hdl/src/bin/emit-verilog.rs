//! Writes the Verilog of the card's `top` module: `emit-verilog <out path>`
//! (default `verilog-out/renq_top.v`).
fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "verilog-out/renq_top.v".to_string());
    std::fs::write(&out, renq_hdl::verilog()).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
