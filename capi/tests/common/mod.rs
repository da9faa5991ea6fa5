//! What the C tests share: building the C library, installing it into a prefix, and building
//! C programs against the installed copy as a C user does. Each test file uses some of it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// `cargo build ARGS` into the target directory holding `profile_dir` (cargo builds a
/// package's cdylib, staticlib and other packages' binaries for a test only when asked).
pub fn cargo_build(profile_dir: &Path, args: &[&str]) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build.arg("build").args(args).arg("--target-dir").arg(profile_dir.parent().unwrap());
    if profile_dir.ends_with("release") {
        build.arg("--release");
    }
    run(&mut build);
}

pub fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?}: {}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Builds librenq.so and librenq.a (cargo builds a package's cdylib and staticlib for its own
/// tests only when asked), then installs into `prefix` with the crate's installer, as a user
/// would.
pub fn install(prefix: &Path) {
    let installer = Path::new(env!("CARGO_BIN_EXE_renq-c-install"));
    cargo_build(installer.parent().unwrap(), &["-p", "renq-c", "--lib"]);
    run(Command::new(installer).arg("--prefix").arg(prefix));
    let files =
        ["include/renq.h", "lib/librenq.so", "lib/librenq.a", "lib/pkgconfig/renq.pc", "lib/pkgconfig/renq-static.pc"];
    for f in files {
        assert!(prefix.join(f).exists(), "{f} installed");
    }
}

/// `CC source -o out $(pkg-config --cflags --libs renq)` with the prefix's renq.pc
/// (`renq-static`: librenq.a).
pub fn build(prefix: &Path, compiler: &str, flags: &[&str], source: &Path, out: &Path) {
    build_with(prefix, "renq", compiler, flags, source, out)
}

pub fn build_with(prefix: &Path, package: &str, compiler: &str, flags: &[&str], source: &Path, out: &Path) {
    let pc = run(Command::new("pkg-config")
        .args(["--cflags", "--libs", package])
        .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig")));
    let pc = String::from_utf8(pc.stdout).unwrap();
    run(Command::new(compiler)
        .args(["-O2", "-g", "-Wall", "-Wextra", "-Werror"])
        .args(flags)
        .arg(source)
        .arg("-o")
        .arg(out)
        .args(pc.split_whitespace()));
}
