//! Writes Verilog: `emit-verilog --paper <out path>` — the paper card, module `renq_paper_top`
//! (default `verilog-out/renq_paper_top.v`); `emit-verilog --v2 <out path>` — the card engine, ECP5-85F
//! build (4 096 queues), module `renq_engine_v2` (default `verilog-out/renq_engine_v2.v`);
//! `emit-verilog --v2-hx8k <out path>` — the same engine's iCE40-HX8K build (512 queues);
//! `emit-verilog --portal <out path>` — the card's portal table, ECP5-85F build (4 096 portals),
//! module `renq_portal_v2` (default `verilog-out/renq_portal_v2.v`); `--portal-hx8k` — its
//! iCE40-HX8K build (256 portals); `--portal-formal` — a 4-portal build for the formal harness;
//! `--v2-formal` — a 4-queue build of the v2 engine for its formal harness.
//! `--top-v2` — the whole card, ECP5-85F build, module `renq_top_v2` (default
//! `verilog-out/renq_top_v2.v`); `--top-v2-hx8k` — its iCE40-HX8K build; `--top-v2-formal` — a
//! 4-queue, 4-portal build for the whole card's formal harness (not checked in); `--node-v2` —
//! the card's HX8K build with its two-channel link, module `renq_node_v2` (default
//! `verilog-out/renq_node_v2.v`).
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (text, default) = match args.first().map(String::as_str) {
        Some("--v2") => (renq_hdl::engine_verilog_ecp5(), "verilog-out/renq_engine_v2.v"),
        Some("--v2-hx8k") => (renq_hdl::engine_verilog_hx8k(), "verilog-out/build/renq_engine_v2_hx8k.v"),
        Some("--v2-formal") => (renq_hdl::engine_verilog::<2>(), "verilog-out/build/renq_engine_v2_formal.v"),
        Some("--portal") => (renq_hdl::portal_verilog_ecp5(), "verilog-out/renq_portal_v2.v"),
        Some("--portal-hx8k") => (renq_hdl::portal_verilog_hx8k(), "verilog-out/build/renq_portal_v2_hx8k.v"),
        Some("--portal-formal") => (renq_hdl::portal_verilog::<2>(), "verilog-out/build/renq_portal_v2_formal.v"),
        Some("--top-v2") => (renq_hdl::top_verilog_ecp5(), "verilog-out/renq_top_v2.v"),
        Some("--top-v2-formal") => (renq_hdl::top_verilog::<2, 2>(), "verilog-out/build/renq_top_v2_formal.v"),
        Some("--top-v2-hx8k") => (renq_hdl::top_verilog_hx8k(), "verilog-out/build/renq_top_v2_hx8k.v"),
        Some("--node-v2") => (renq_hdl::node_verilog_hx8k(), "verilog-out/renq_node_v2.v"),
        Some("--paper") => (renq_hdl::paper::verilog(), "verilog-out/renq_paper_top.v"),
        _ => {
            eprintln!("usage: emit-verilog --paper|--v2|--v2-hx8k|--v2-formal|--portal|--portal-hx8k|--portal-formal|--top-v2|--top-v2-hx8k|--top-v2-formal|--node-v2 [out path]");
            std::process::exit(2);
        }
    };
    let out = args.iter().find(|a| !a.starts_with("--")).cloned().unwrap_or_else(|| default.to_string());
    std::fs::write(&out, text).unwrap_or_else(|e| panic!("writing {out}: {e}"));
    eprintln!("wrote {out}");
}
