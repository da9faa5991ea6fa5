//! `build.rs` notices a Verilator installed after the first build (issue 32, point 6): a build
//! without it watches PATH and each of its directories, so installing `verilator` there reruns
//! the build script; a build with it watches the program it resolved. Checked on the rules
//! (`rerun.rs`, with a PATH of temporary directories) and on what this build's script emitted.

#[path = "../rerun.rs"]
mod rerun;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

#[test]
fn a_verilator_installed_later_is_on_a_watched_directory() {
    let base = std::env::temp_dir().join(format!("renq-rerun-{}", std::process::id()));
    let (a, b) = (base.join("a"), base.join("b"));
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    let path = std::env::join_paths([&a, &b, Path::new("relative/dir")]).unwrap();
    assert_eq!(rerun::resolve("verilator", Some(&path)), None);
    let lines = rerun::lines(None, Some(&path));
    assert!(lines.contains(&"cargo::rerun-if-env-changed=PATH".to_string()), "{lines:?}");
    for d in [&a, &b] {
        assert!(lines.contains(&format!("cargo::rerun-if-changed={}", d.display())), "{lines:?}");
    }
    assert_eq!(lines.len(), 3, "relative or missing directories are not watched: {lines:?}");
    // "bash scripts/setup": verilator appears in the second directory, a watched one.
    let v = b.join("verilator");
    std::fs::write(&v, "#!/bin/sh\n").unwrap();
    std::fs::set_permissions(&v, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(rerun::resolve("verilator", Some(&path)), Some(v.clone()));
    assert_eq!(rerun::lines(Some(&v), Some(&path)), vec![format!("cargo::rerun-if-changed={}", v.display())]);
    // Not executable: not a program.
    std::fs::set_permissions(&v, std::fs::Permissions::from_mode(0o644)).unwrap();
    assert_eq!(rerun::resolve("verilator", Some(&path)), None);
    assert_eq!(rerun::resolve(&v.display().to_string(), None), None);
    let _ = std::fs::remove_dir_all(&base);
}

/// This build's own script output (`OUT_DIR/../output`): the watch lines for what it found.
#[test]
fn this_build_watches_what_it_found() {
    let output = Path::new(env!("OUT_DIR")).parent().unwrap().join("output");
    let text = std::fs::read_to_string(&output).unwrap();
    let built = !text.contains("cargo::rustc-cfg=no_verilator");
    let program = rerun::resolve(
        &std::env::var("RENQ_VERILATOR").unwrap_or_else(|_| "verilator".into()),
        std::env::var_os("PATH").as_deref(),
    );
    if built {
        let p = program.expect("the engine was built, so verilator is on PATH");
        assert!(text.lines().any(|l| l == format!("cargo::rerun-if-changed={}", p.display())), "{text}");
    } else {
        assert!(text.lines().any(|l| l == "cargo::rerun-if-env-changed=PATH"), "{text}");
        for d in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()).filter(|d| d.is_dir()) {
            if d.is_absolute() {
                assert!(text.contains(&format!("cargo::rerun-if-changed={}\n", d.display())), "{d:?} watched: {text}");
            }
        }
    }
}
