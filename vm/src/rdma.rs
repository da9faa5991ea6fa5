//! The Soft-RoCE guests: scripts/vm/rdma-guest (one guest, rdma_rxe on a dummy netdev) and
//! scripts/vm/rdma-two-guests (two guests joined by an emulated Ethernet).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::build::{repo, workdir};

/// What a Soft-RoCE run printed; its exit status already checked.
pub struct RdmaRun {
    pub out: String,
}

/// Runs `bin <device> <gid> ARGS...` in one rdma_rxe guest (work directory `name`); prints the
/// lines starting with `show`.
pub fn one_guest(name: &str, bin: &Path, timeout: u32, args: &[String], show: &str) -> RdmaRun {
    one_guest_with(name, bin, &[], timeout, args, show)
}

/// `one_guest`, shipping the programs `extra` to the guest's /bin too (`rdma-guest -x`).
pub fn one_guest_with(name: &str, bin: &Path, extra: &[&Path], timeout: u32, args: &[String], show: &str) -> RdmaRun {
    let dir = workdir(name);
    let command = || {
        let mut cmd = Command::new(repo().join("scripts/vm/rdma-guest"));
        cmd.arg("-b").arg(bin).arg("-l").arg(dir.join("console.log"));
        for f in extra {
            cmd.arg("-x").arg(f);
        }
        cmd
    };
    run(command, timeout, args, |l| l.starts_with(show))
}

/// Runs rdma-verbs-demo-style `bin` as consumer and producers in two guests (lines `A: `/`B: `).
pub fn two_guests(name: &str, bin: &Path, timeout: u32, args: &[String]) -> RdmaRun {
    let dir = workdir(name);
    let command = || {
        let mut cmd = Command::new(repo().join("scripts/vm/rdma-two-guests"));
        cmd.arg("-b").arg(bin).arg("-d").arg(&dir);
        cmd
    };
    run(command, timeout, args, |l| l.contains(": RDMA-"))
}

/// The guest scripts' status for "the guest did not finish in its time" (`timeout`'s).
pub const TIMED_OUT: i32 = 124;

/// Runs the guest script `command` makes. A guest that times out (TCG guests on a loaded
/// machine: the other test binaries' builds and guests share the cores) is run once more, with
/// twice the time, said loudly on stderr; any other failure, or a second timeout, fails.
pub fn run(command: impl Fn() -> Command, timeout: u32, args: &[String], show: impl Fn(&str) -> bool) -> RdmaRun {
    let mut timeout = timeout;
    for attempt in 1..=2 {
        let t0 = Instant::now();
        let out = command()
            .args(["-t", &timeout.to_string(), "--"])
            .args(args)
            .stderr(Stdio::inherit())
            .output()
            .expect("cannot run the Soft-RoCE guest script");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        println!("{}", text.lines().filter(|l| show(l)).collect::<Vec<_>>().join("\n"));
        println!("(host wall time incl. boot: {:?})", t0.elapsed());
        if out.status.code() == Some(TIMED_OUT) && attempt == 1 {
            eprintln!(
                "RETRY: the guest timed out after {timeout} s ({:?} of host time; a loaded machine?): running it once more \
                 with {} s. Its console:\n{text}",
                t0.elapsed(),
                2 * timeout
            );
            timeout *= 2;
            continue;
        }
        assert!(out.status.success(), "the guest script exited with {:?}; console:\n{text}", out.status);
        return RdmaRun { out: text };
    }
    unreachable!("the second attempt returns or fails")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A guest script that times out once, then passes: the run retries and returns the
    /// second attempt's output, with twice the timeout.
    #[test]
    fn a_guest_timeout_is_retried_once() {
        let attempts = Cell::new(0);
        let command = || {
            attempts.set(attempts.get() + 1);
            let mut c = Command::new("sh");
            let script = if attempts.get() == 1 { "exit 124" } else { r#"echo "RENQ-X ok timeout=$2""# };
            c.args(["-c", script, "sh"]);
            c
        };
        let run_ = run(command, 10, &[], |l| l.starts_with("RENQ-X"));
        assert_eq!(attempts.get(), 2);
        assert_eq!(run_.out.trim(), "RENQ-X ok timeout=20");
    }

    #[test]
    #[should_panic(expected = "exited with")]
    fn a_second_timeout_fails() {
        run(
            || {
                let mut c = Command::new("sh");
                c.args(["-c", "exit 124"]);
                c
            },
            1,
            &[],
            |_| true,
        );
    }

    #[test]
    #[should_panic(expected = "exited with")]
    fn other_failures_are_not_retried() {
        let attempts = Cell::new(0);
        let command = || {
            attempts.set(attempts.get() + 1);
            assert_eq!(attempts.get(), 1, "not retried");
            let mut c = Command::new("sh");
            c.args(["-c", "exit 1"]);
            c
        };
        run(command, 1, &[], |_| true);
    }
}
