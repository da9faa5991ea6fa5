//! Compiles the checked-in Verilog (`verilog-out/renq_top.v`) with Verilator into C++ and that,
//! with Verilator's runtime and the FFI shim (`csrc/card.cpp`), into a static library. Cargo
//! caches it: it is rebuilt only when the Verilog or the shim changes.
//!
//! `RENQ_VERILATOR` names the verilator program (default: `verilator` on PATH). Without one,
//! or without a C++ compiler, the crate still builds (so `renq demo` builds on a fresh machine)
//! with cfg `no_verilator`: `VerilatedCard::new` then says what to install, the engine reports
//! itself unavailable, and this crate's tests fail loudly.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_verilator)");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let top_v = manifest.join("../verilog-out/renq_top.v");
    let shim = manifest.join("csrc/card.cpp");
    println!("cargo::rerun-if-changed={}", top_v.display());
    println!("cargo::rerun-if-changed={}", shim.display());
    println!("cargo::rerun-if-env-changed=VERILATOR_ROOT");
    println!("cargo::rerun-if-env-changed=RENQ_VERILATOR");
    let verilator = std::env::var("RENQ_VERILATOR").unwrap_or_else(|_| "verilator".into());

    let Some(root) = verilator_root(&verilator) else {
        println!("cargo::warning=verilator not found: the verilator card engine is not built (install it: bash scripts/setup)");
        println!("cargo::rustc-cfg=no_verilator");
        return;
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let mdir = out.join("vtop");
    let _ = std::fs::remove_dir_all(&mdir);
    verilate(&verilator, &top_v, &mdir);

    let include = root.join("include");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        // The model's speed matters in test builds too: always optimise it.
        .opt_level(2)
        .warnings(false)
        .include(&include)
        .include(include.join("vltstd"))
        .include(&mdir)
        .file(include.join("verilated.cpp"))
        .file(include.join("verilated_threads.cpp"))
        .file(&shim);
    for f in generated_sources(&mdir) {
        build.file(f);
    }
    if let Err(e) = build.try_compile("renq_vtop") {
        // No working C++ compiler: same as no Verilator (build on, say why, tests fail).
        println!("cargo::warning=cannot compile the Verilator model ({e}): the verilator card engine is not built (bash scripts/setup installs g++)");
        println!("cargo::rustc-cfg=no_verilator");
    }
}

/// Verilator's install root, if `verilator` runs.
fn verilator_root(verilator: &str) -> Option<PathBuf> {
    let out = Command::new(verilator).args(["--getenv", "VERILATOR_ROOT"]).output().ok()?;
    let root = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    (out.status.success() && root.join("include/verilated.cpp").exists()).then_some(root)
}

/// `top` to C++ in `mdir` (class `Vtop`). Uninitialised state and X assignments are 0, as in
/// the RustHDL simulation; lint runs separately (`make -C verilog-out lint`), so warnings here
/// do not stop the build.
fn verilate(verilator: &str, top_v: &Path, mdir: &Path) {
    let out = Command::new(verilator)
        .args(["--cc", "--top-module", "top", "--prefix", "Vtop", "-O3", "--x-assign", "0", "--x-initial", "0"])
        .args(["--noassert", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir"])
        .arg(mdir)
        .arg(top_v)
        .output()
        .expect("running verilator");
    if !out.status.success() {
        panic!("verilator failed on {}:\n{}", top_v.display(), String::from_utf8_lossy(&out.stderr));
    }
}

fn generated_sources(mdir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(mdir)
        .expect("verilator output directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "verilator wrote no C++ into {}", mdir.display());
    files
}
