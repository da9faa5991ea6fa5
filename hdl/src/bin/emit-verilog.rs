//! Writes Verilog: `emit-verilog <flag> [out path]`, one design per flag.
//! * `--top` — the whole card, ECP5-85F build, module `renq_top` (default
//!   `verilog-out/renq_top.v`); `--top-hx8k` — its iCE40-HX8K build; `--top-formal` — a 4-queue,
//!   4-portal build for the whole card's formal harness (not checked in);
//! * `--engine` — the card's engine, ECP5-85F build (4 096 queues), module `renq_engine` (default
//!   `verilog-out/renq_engine.v`); `--engine-hx8k` — its iCE40-HX8K build (256 queues);
//!   `--engine-formal` — a 4-queue build for its formal harness;
//! * `--portal` — the card's portal table, ECP5-85F build (4 096 portals), module `renq_portal`
//!   (default `verilog-out/renq_portal.v`); `--portal-hx8k` — its iCE40-HX8K build (256
//!   portals); `--portal-formal` — a 4-portal build for the formal harness;
//! * `--node` — the card's ECP5-85F build with its two-channel link, module `renq_node` (default
//!   `verilog-out/renq_node.v`); `--node-25f` — its LFE5U-25F build (4 096 queues, 1 024
//!   portals, not checked in);
//! * `--paper` — the paper card (the reference), module `renq_paper_top` (default
//!   `verilog-out/renq_paper_top.v`).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (text, default) = match args.first().map(String::as_str) {
        Some("--engine") => (renq_hdl::engine_verilog_ecp5(), "verilog-out/renq_engine.v"),
        Some("--engine-hx8k") => (renq_hdl::engine_verilog_hx8k(), "verilog-out/build/renq_engine_hx8k.v"),
        Some("--engine-formal") => (renq_hdl::engine_verilog::<2>(), "verilog-out/build/renq_engine_formal.v"),
        Some("--portal") => (renq_hdl::portal_verilog_ecp5(), "verilog-out/renq_portal.v"),
        Some("--portal-hx8k") => (renq_hdl::portal_verilog_hx8k(), "verilog-out/build/renq_portal_hx8k.v"),
        Some("--portal-formal") => (renq_hdl::portal_verilog::<2>(), "verilog-out/build/renq_portal_formal.v"),
        Some("--top") => (renq_hdl::top_verilog_ecp5(), "verilog-out/renq_top.v"),
        Some("--top-hx8k") => (renq_hdl::top_verilog_hx8k(), "verilog-out/build/renq_top_hx8k.v"),
        Some("--top-formal") => (renq_hdl::top_verilog::<2, 2>(), "verilog-out/build/renq_top_formal.v"),
        Some("--node") => (renq_hdl::node_verilog_ecp5(), "verilog-out/renq_node.v"),
        Some("--node-25f") => (renq_hdl::node_verilog_ecp5_25f(), "verilog-out/build/renq_node_25f.v"),
        Some("--paper") => (renq_hdl::paper::verilog(), "verilog-out/renq_paper_top.v"),
        _ => {
            eprintln!(
                "usage: emit-verilog --top|--top-hx8k|--top-formal|--engine|--engine-hx8k|--engine-formal|--portal\
                 |--portal-hx8k|--portal-formal|--node|--node-25f|--paper [out path]"
            );
            std::process::exit(2);
        }
    };
    let out = args.iter().find(|a| !a.starts_with("--")).cloned().unwrap_or_else(|| default.to_string());
    std::fs::write(&out, text).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
