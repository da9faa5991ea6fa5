//! The checked-in Verilog must be what the RustHDL source generates today.

#[test]
fn checked_in_verilog_matches_the_rust_hdl_source() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../verilog-out/renq_top.v");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let fresh = renq_hdl::verilog();
    assert!(fresh.contains("module top("), "generated Verilog has no module top");
    assert!(
        on_disk == fresh,
        "verilog-out/renq_top.v is stale (or missing): run `make -C verilog-out verilog` \
         (= cargo run --release -p renq-hdl --bin emit-verilog -- verilog-out/renq_top.v) and commit it"
    );
}

#[test]
fn checked_in_v2_engine_verilog_matches_the_rust_hdl_source() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../verilog-out/renq_engine_v2.v");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let fresh = renq_hdl::v2::verilog_ecp5();
    assert!(fresh.contains("module renq_engine_v2("), "generated Verilog has no module renq_engine_v2");
    assert!(!fresh.contains("module top"), "a module named top… would clash with renq_top.v");
    assert!(
        on_disk == fresh,
        "verilog-out/renq_engine_v2.v is stale (or missing): run `make -C verilog-out verilog-v2` \
         (= cargo run --release -p renq-hdl --bin emit-verilog -- --v2 verilog-out/renq_engine_v2.v) and commit it"
    );
}
