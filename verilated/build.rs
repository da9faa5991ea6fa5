//! Compiles the checked-in Verilog of both cards (`verilog-out/renq_paper_top.v`, the paper card;
//! `verilog-out/renq_top.v`, the card) with Verilator into C++ and that, with Verilator's
//! runtime and the FFI shims (`csrc/card.cpp`, `csrc/paper_card.cpp`), into one static library.
//! Cargo caches it: it is rebuilt only when the Verilog or a shim changes. Each model gets a
//! rising edge without Verilator's input-combinational region where Verilator's output has the
//! shape `rise.rs` knows (cfg-like define `RENQ_RISE_<PREFIX>` for the shims).
//!
//! `RENQ_VERILATOR` names the verilator program (default: `verilator` on PATH). Without one,
//! or without a C++ compiler, the crate still builds (so `renq demo` builds on a fresh machine)
//! with cfg `no_verilator`: `VerilatedPaperCard::new` then says what to install, the engine reports
//! itself unavailable, and this crate's tests fail loudly. Such a build watches PATH and its
//! directories (`rerun.rs`), so installing Verilator later (`bash scripts/setup`) rebuilds the
//! engine at the next cargo command, with no `cargo clean`.

#[path = "rerun.rs"]
mod rerun;
#[path = "rise.rs"]
mod rise;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Tells cargo what to watch for a verilator that resolved to `found` (None: unusable).
fn watch(found: Option<&Path>) {
    let path = std::env::var_os("PATH");
    for line in rerun::lines(found, path.as_deref()) {
        println!("{line}");
    }
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(no_verilator)");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let csrc = manifest.join("csrc");
    let models: Vec<(PathBuf, PathBuf, &Model)> =
        MODELS.iter().map(|m| (manifest.join("../verilog-out").join(m.verilog), csrc.join(m.shim), m)).collect();
    for (verilog, shim, _) in &models {
        println!("cargo::rerun-if-changed={}", verilog.display());
        println!("cargo::rerun-if-changed={}", shim.display());
    }
    println!("cargo::rerun-if-changed={}", csrc.join("shim.h").display());
    println!("cargo::rerun-if-changed={}", csrc.join("card_ports.h").display());
    println!("cargo::rerun-if-changed={}", manifest.join("rise.rs").display());
    println!("cargo::rerun-if-env-changed=VERILATOR_ROOT");
    println!("cargo::rerun-if-env-changed=RENQ_VERILATOR");
    let verilator = std::env::var("RENQ_VERILATOR").unwrap_or_else(|_| "verilator".into());
    let program = rerun::resolve(&verilator, std::env::var_os("PATH").as_deref());

    let Some(root) = program.as_ref().and_then(|_| verilator_root(&verilator)) else {
        watch(None);
        println!("cargo::warning=verilator not found: the verilator card engine is not built (install it: bash scripts/setup)");
        println!("cargo::rustc-cfg=no_verilator");
        return;
    };
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let include = root.join("include");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .std("c++17")
        // The models' speed matters in test builds too: always optimise them.
        .opt_level(2)
        .warnings(false)
        .include(&include)
        .include(include.join("vltstd"))
        .include(&csrc)
        .file(include.join("verilated.cpp"))
        .file(include.join("verilated_threads.cpp"));
    let mut rises = Vec::new();
    for (verilog, shim, model) in &models {
        let mdir = out.join(model.prefix);
        let _ = std::fs::remove_dir_all(&mdir);
        verilate(&verilator, verilog, model, &mdir);
        if add_rise(&mdir, model.prefix) {
            // The shim's card_tick calls it (csrc/shim.h, `Rise`).
            build.define(&format!("RENQ_RISE_{}", model.prefix.to_uppercase()), None);
            rises.push(model.prefix);
        }
        build.include(&mdir).file(shim);
        for f in generated_sources(&mdir) {
            build.file(f);
        }
    }
    if let Err(e) = build.try_compile("renq_vtop") {
        // No working C++ compiler: same as no Verilator (build on, say why, tests fail).
        watch(None);
        println!("cargo::warning=cannot compile the Verilator model ({e}): the verilator card engine is not built (bash scripts/setup installs g++)");
        println!("cargo::rustc-cfg=no_verilator");
    } else {
        watch(program.as_deref());
        rises.sort_unstable();
        println!("cargo::rustc-env=RENQ_VERILATED_RISE={}", rises.join(","));
    }
}

/// Verilator's install root, if `verilator` runs.
fn verilator_root(verilator: &str) -> Option<PathBuf> {
    let out = Command::new(verilator).args(["--getenv", "VERILATOR_ROOT"]).output().ok()?;
    let root = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    (out.status.success() && root.join("include/verilated.cpp").exists()).then_some(root)
}

/// One card's Verilog and the C++ class Verilator makes of it.
struct Model {
    /// In `verilog-out/`.
    verilog: &'static str,
    module: &'static str,
    /// The C++ class (and file prefix) of the model.
    prefix: &'static str,
    /// In `csrc/`.
    shim: &'static str,
}

const MODELS: [Model; 2] = [
    Model { verilog: "renq_paper_top.v", module: "renq_paper_top", prefix: "VpaperTop", shim: "paper_card.cpp" },
    Model { verilog: "renq_top.v", module: "renq_top", prefix: "Vtop", shim: "card.cpp" },
];

/// `model`'s module to C++ in `mdir` (class `model.prefix`). Uninitialised state and X
/// assignments are 0, as in the RustHDL simulation; lint runs separately (`make -C verilog-out
/// lint`), so warnings here do not stop the build.
fn verilate(verilator: &str, verilog: &Path, model: &Model, mdir: &Path) {
    let out = Command::new(verilator)
        .args(["--cc", "--top-module", model.module, "--prefix", model.prefix, "-O3"])
        .args(["--x-assign", "0", "--x-initial", "0"])
        .args(["--noassert", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--Mdir"])
        .arg(mdir)
        .arg(verilog)
        .output()
        .expect("running verilator");
    if !out.status.success() {
        panic!("verilator failed on {}:\n{}", verilog.display(), String::from_utf8_lossy(&out.stderr));
    }
}

/// Appends `{prefix}___024root___eval_rise` (`rise.rs`) to the generated file that holds the
/// model's `eval`; false (nothing changed) if Verilator's output is not of the shape it knows.
fn add_rise(mdir: &Path, prefix: &str) -> bool {
    for file in generated_sources(mdir) {
        let source = std::fs::read_to_string(&file).expect("reading Verilator's output");
        if let Some(rise) = rise::rise_function(&source, prefix) {
            std::fs::write(&file, source + &rise).expect("writing Verilator's output");
            return true;
        }
    }
    false
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
