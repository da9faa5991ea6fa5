//! The repository and the programs the VM tests run, built by nested `cargo build --release`
//! (same target directory; a `cargo test` holds no build lock while its tests run).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("vm/ sits in the repository").to_path_buf()
}

/// A fresh working directory for one VM (or VM set) under target/tmp/vm.
pub fn workdir(name: &str) -> PathBuf {
    let d = repo().join("target/tmp/vm").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("creating {}: {e}", d.display()));
    d
}

/// `cargo build --release ARGS`; the path of the executable `name` it reports.
pub fn cargo_build(args: &[&str], name: &str) -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(repo())
        .args(["build", "--release"])
        .args(args)
        .arg("--message-format=json-render-diagnostics")
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run cargo");
    assert!(
        out.status.success(),
        "cargo build --release {} failed (see scripts/setup for what it needs)",
        args.join(" ")
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let key = "\"executable\":\"";
    let exe = text
        .lines()
        .rev()
        .filter(|l| l.contains(key) && l.contains(name))
        .filter_map(|l| Some(l[l.find(key)? + key.len()..].split('"').next()?.to_string()))
        .find(|p| Path::new(p).file_name().is_some_and(|f| f == name))
        .unwrap_or_else(|| panic!("cargo reported no {name} executable"));
    PathBuf::from(exe)
}

/// The card's QEMU device server. The one place its build command is written.
pub fn qemu_dev() -> PathBuf {
    cargo_build(&["-p", "renq-sim", "--features", "qemu,rtl,verilator", "--bin", "renq-qemu-dev"], "renq-qemu-dev")
}

/// A guest program of crate renq-guest (guest/).
pub fn guest(bin: &str) -> PathBuf {
    cargo_build(&["-p", "renq-guest", "--bin", bin], bin)
}

/// A guest program of renq-guest that needs RDMA verbs (feature `verbs`: rdma-core headers and
/// libclang at build time, see scripts/setup).
pub fn verbs_guest(bin: &str) -> PathBuf {
    cargo_build(&["-p", "renq-guest", "--features", "verbs", "--bin", bin], bin)
}
