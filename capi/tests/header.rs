//! include/renq.h is what cbindgen makes of this crate (with cbindgen.toml and the inline
//! section src/inline.h as its trailer): fails when the checked-in header differs, and
//! rewrites it with RENQ_C_REGEN=1.

use std::path::Path;

const REGEN: &str = "RENQ_C_REGEN=1 cargo test --release -p renq-c --test header";

#[test]
fn the_checked_in_header_is_generated_from_the_rust() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    config.trailer = Some(std::fs::read_to_string(dir.join("src/inline.h")).expect("src/inline.h"));
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .with_src(dir.join("src/node.rs"))
        .with_src(dir.join("src/sender.rs"))
        .with_src(dir.join("src/receiver.rs"))
        .generate()
        .expect("cbindgen")
        .write(&mut out);
    let fresh = String::from_utf8(out).expect("UTF-8");
    let path = dir.join("include/renq.h");
    if std::env::var_os("RENQ_C_REGEN").is_some() {
        std::fs::write(&path, &fresh).expect("write include/renq.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "capi/include/renq.h is not what the Rust generates (the C ABI changed?): regenerate it with\n    {REGEN}\nand commit it"
    );
}
