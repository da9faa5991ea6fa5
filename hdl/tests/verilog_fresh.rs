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
fn checked_in_link_verilog_matches_the_rust_hdl_source() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../verilog-out/renq_link.v");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let fresh = renq_hdl::link::verilog();
    assert!(fresh.contains("module renq_link("), "generated Verilog has no module renq_link");
    assert!(!fresh.contains("module top"), "the link's modules must not be named top (renq_top.v has them)");
    assert!(
        on_disk == fresh,
        "verilog-out/renq_link.v is stale (or missing): run `make -C verilog-out verilog-link` \
         (= cargo run --release -p renq-hdl --bin emit-link-verilog -- verilog-out/renq_link.v) and commit it"
    );
}
