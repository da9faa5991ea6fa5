//! Which VM tests run. `cargo test` stays hermetic (no root, network or QEMU): a VM test runs
//! only when `RENQ_VM_TESTS=1`, and otherwise says so in one line. scripts/test sets it, and
//! checks afterwards, from the `RENQ_VM_TESTS_LOG` file, that every VM test did run.

use std::io::Write;
use std::sync::{Mutex, MutexGuard};

/// Set to `1` to run the VM tests.
pub const ENABLE: &str = "RENQ_VM_TESTS";
/// A file each VM test that passed appends its name to.
pub const LOG: &str = "RENQ_VM_TESTS_LOG";

/// Whether VM tests were asked for.
pub fn enabled() -> bool {
    std::env::var(ENABLE).as_deref() == Ok("1")
}

/// Runs the VM test `name` (`file::function`) if VM tests were asked for, one at a time in this
/// process (TCG guests already load a 2-core host); otherwise prints one line and returns.
/// Lines go straight to stderr, past the test harness's capture, so they show either way.
pub fn vm_test(name: &str, body: impl FnOnce()) {
    if !enabled() {
        say(&format!("{name}: VM test not run (set {ENABLE}=1)"));
        return;
    }
    let _one_at_a_time = serial();
    body();
    if let Some(path) = std::env::var_os(LOG) {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .unwrap_or_else(|e| panic!("{LOG}={}: {e}", path.to_string_lossy()));
        writeln!(f, "{name}").unwrap_or_else(|e| panic!("writing {LOG}: {e}"));
    }
    say(&format!("{name}: VM test ran"));
}

fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}
