//! The checked-in Verilog must be what the RustHDL source generates today.

/// `verilog-out/<file>` must equal `fresh`, whose top module is `module`; `make <target>`
/// regenerates it. Every module must be renamed from RustHDL's `top`, or the files would clash.
fn assert_fresh(file: &str, fresh: String, module: &str, target: &str) {
    let path = format!("{}/../verilog-out/{file}", env!("CARGO_MANIFEST_DIR"));
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(fresh.contains(&format!("module {module}(")), "generated Verilog has no module {module}");
    assert!(!fresh.contains("module top"), "{file}: a module named top… would clash with another file's");
    assert!(
        on_disk == fresh,
        "verilog-out/{file} is stale (or missing): run `make -C verilog-out {target}` and commit it"
    );
}

#[test]
fn checked_in_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_paper_top.v", renq_hdl::paper::verilog(), "renq_paper_top", "verilog-paper");
}

#[test]
fn checked_in_engine_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_engine.v", renq_hdl::engine_verilog_ecp5(), "renq_engine", "verilog-engine");
}

#[test]
fn checked_in_link_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_paper_link.v", renq_hdl::link::paper_verilog(), "renq_paper_link", "verilog-paper-link");
}

#[test]
fn checked_in_card_link_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_link.v", renq_hdl::link::verilog(), "renq_link", "verilog-link");
}

#[test]
fn checked_in_portal_table_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_portal.v", renq_hdl::portal_verilog_ecp5(), "renq_portal", "verilog-portal");
}

#[test]
fn checked_in_card_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_top.v", renq_hdl::top_verilog_ecp5(), "renq_top", "verilog-top");
}

#[test]
fn checked_in_node_verilog_matches_the_rust_hdl_source() {
    assert_fresh("renq_node.v", renq_hdl::node_verilog_ecp5(), "renq_node", "verilog-node");
}
