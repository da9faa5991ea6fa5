//! Writes the files generated from the card's port list (`hdl/src/top/ports.rs`): the Verilator
//! shim's port copy and the co-simulation's and formal harness's port files (the list is in
//! `renq_hdl::top::ports_emit::files`). `emit-card-ports [<repository root>]` (default: the
//! current directory's `..` when run from `verilog-out/`, else the current directory).
use std::path::PathBuf;

fn main() {
    let root = std::env::args().nth(1).map(PathBuf::from).unwrap_or_else(|| {
        let here = std::env::current_dir().expect("current directory");
        if here.ends_with("verilog-out") {
            here.join("..")
        } else {
            here
        }
    });
    for (path, text) in renq_hdl::top::ports_emit::files() {
        let out = root.join(path);
        std::fs::write(&out, text).unwrap_or_else(|e| panic!("writing {}: {e}", out.display()));
        eprintln!("wrote {}", out.display());
    }
}
