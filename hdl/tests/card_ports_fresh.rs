//! The checked-in files generated from the card's port list (`hdl/src/top/ports.rs`) must be
//! what the list generates today.

#[test]
fn checked_in_port_files_match_the_port_list() {
    let mut stale = Vec::new();
    for (path, fresh) in renq_hdl::top::ports_emit::files() {
        let on_disk = std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap_or_default();
        if on_disk != fresh {
            stale.push(path);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} stale (or missing): run `cargo run --release -p renq-hdl --bin emit-card-ports` \
         (= make -C verilog-out card-ports) and commit them"
    );
}
