//! Writes the Verilog register header: `emit-regs-vh <out path>`
//! (default `verilog-out/cosim/paper_regs.vh`).
fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "verilog-out/cosim/paper_regs.vh".to_string());
    let mut text = String::new();
    renq_abi::paper::regs::write_verilog_header(&mut text).expect("formatting into a String cannot fail");
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("emit-regs-vh: writing {out}: {e}");
        std::process::exit(1);
    }
    eprintln!("wrote {out}");
}
