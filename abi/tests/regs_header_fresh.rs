//! The checked-in Verilog register header must be what the register table generates today.

#[test]
fn checked_in_register_header_matches_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../verilog-out/cosim/paper_regs.vh");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    let mut fresh = String::new();
    renq_abi::paper::regs::write_verilog_header(&mut fresh).unwrap();
    assert!(fresh.contains("localparam [11:0] REG_EXPORT = 12'h100;"), "header lacks the export table:\n{fresh}");
    assert!(
        on_disk == fresh,
        "verilog-out/cosim/paper_regs.vh is stale (or missing): run `make -C verilog-out regs` \
         (= cargo run --release -p renq-abi --bin emit-regs-vh -- verilog-out/cosim/paper_regs.vh) and commit it"
    );
}
