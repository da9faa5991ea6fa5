//! What `build.rs` tells cargo to watch so the Verilator engine appears once Verilator is
//! installed, with no `cargo clean` (the README's two commands in either order): shared by
//! `build.rs` and its test (`tests/rerun.rs`).
//!
//! * Verilator found: its resolved program (`/usr/bin/verilator`: an upgrade reruns the
//!   build). Not `PATH` itself: scripts/test prepends `~/.local/bin`, so a build by hand and one
//!   by the script would otherwise recompile the models (minutes) every time they alternate.
//! * Not found (or no C++ compiler): `PATH` and every directory on it — installing `verilator`
//!   or `g++` (apt: into /usr/bin) changes such a directory, and cargo reruns the build script.

use std::path::{Path, PathBuf};

/// The program `name` resolves to: itself when it names a path, else the first executable
/// file called `name` in a directory of `path` (a PATH value).
pub fn resolve(name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    if name.contains('/') {
        return Some(PathBuf::from(name)).filter(|p| is_program(p));
    }
    std::env::split_paths(path?).map(|d| d.join(name)).find(|p| is_program(p))
}

fn is_program(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The `cargo::rerun-if-*` lines for a verilator that resolved to `found` (None: not there,
/// or no C++ compiler to build its model), given the PATH value `path`.
pub fn lines(found: Option<&Path>, path: Option<&std::ffi::OsStr>) -> Vec<String> {
    match found {
        Some(program) => vec![format!("cargo::rerun-if-changed={}", program.display())],
        None => std::iter::once("cargo::rerun-if-env-changed=PATH".to_string())
            .chain(
                path.into_iter()
                    .flat_map(std::env::split_paths)
                    .filter(|d| d.is_absolute() && d.is_dir())
                    .map(|d| format!("cargo::rerun-if-changed={}", d.display())),
            )
            .collect(),
    }
}
