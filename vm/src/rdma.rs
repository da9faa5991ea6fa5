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
    let mut cmd = Command::new(repo().join("scripts/vm/rdma-guest"));
    cmd.arg("-b").arg(bin).arg("-l").arg(dir.join("console.log"));
    for f in extra {
        cmd.arg("-x").arg(f);
    }
    run(cmd, timeout, args, |l| l.starts_with(show))
}

/// Runs rdma-verbs-demo-style `bin` as consumer and producers in two guests (lines `A: `/`B: `).
pub fn two_guests(name: &str, bin: &Path, timeout: u32, args: &[String]) -> RdmaRun {
    let dir = workdir(name);
    let mut cmd = Command::new(repo().join("scripts/vm/rdma-two-guests"));
    cmd.arg("-b").arg(bin).arg("-d").arg(&dir);
    run(cmd, timeout, args, |l| l.contains(": RDMA-"))
}

fn run(mut cmd: Command, timeout: u32, args: &[String], show: impl Fn(&str) -> bool) -> RdmaRun {
    let t0 = Instant::now();
    let out = cmd
        .args(["-t", &timeout.to_string(), "--"])
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run the Soft-RoCE guest script");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    println!("{}", text.lines().filter(|l| show(l)).collect::<Vec<_>>().join("\n"));
    println!("(host wall time incl. boot: {:?})", t0.elapsed());
    assert!(out.status.success(), "the guest script exited with {:?}; console:\n{text}", out.status);
    RdmaRun { out: text }
}
