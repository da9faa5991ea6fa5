//! One card VM: scripts/vm/build-initramfs packs a guest program, scripts/vm/run-guest boots it
//! with the simulated card served by `renq-qemu-dev` (x-pci-proxy-dev over a socket, interrupts
//! through an ivshmem doorbell), and what the run left is collected and judged.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::build::{qemu_dev, repo, workdir};
use crate::exit::{judge, BOOTED};
use crate::fields::pairs;

/// The guest kernel and its modules directory, as scripts/vm/fetch-kernel left them.
pub struct Kernel {
    pub kernel: PathBuf,
    pub modules: PathBuf,
}

/// The cached kernel (`fetch-kernel --offline`: never downloads; scripts/setup fetched it).
pub fn kernel() -> &'static Kernel {
    static K: OnceLock<Kernel> = OnceLock::new();
    K.get_or_init(|| {
        let out = Command::new(repo().join("scripts/vm/fetch-kernel"))
            .arg("--offline")
            .stderr(Stdio::inherit())
            .output()
            .expect("cannot run scripts/vm/fetch-kernel");
        assert!(out.status.success(), "no guest kernel: run scripts/setup (it runs scripts/vm/fetch-kernel)");
        let text = String::from_utf8_lossy(&out.stdout);
        let get = |k: &str| {
            text.lines().find_map(|l| l.strip_prefix(k)).map(PathBuf::from).unwrap_or_else(|| panic!("no {k}: {text}"))
        };
        Kernel { kernel: get("KERNEL="), modules: get("MODULES=") }
    })
}

/// An initramfs in `dir` with the program `bin` whose init runs `cmd`.
pub fn initramfs(dir: &Path, bin: &Path, cmd: &[&str]) -> PathBuf {
    let out = dir.join("initrd.gz");
    let status = Command::new(repo().join("scripts/vm/build-initramfs"))
        .arg("-o")
        .arg(&out)
        .arg("-m")
        .arg(&kernel().modules)
        .arg("-b")
        .arg(bin)
        .arg("--")
        .args(cmd)
        .status()
        .expect("cannot run scripts/vm/build-initramfs");
    assert!(status.success(), "build-initramfs failed");
    out
}

/// Card options for a node linked to one peer over renq-sim's socket links: the paper card
/// (a later `--card renq` overrides it).
pub fn linked_card(node: u16, own: &Path, peer: u16, peer_sock: &Path) -> Vec<String> {
    vec![
        "--card".into(),
        "paper".into(),
        "--node".into(),
        node.to_string(),
        "--link-socket".into(),
        own.display().to_string(),
        "--peer".into(),
        format!("{peer}={}", peer_sock.display()),
    ]
}

/// A running VM.
pub struct Vm {
    dir: PathBuf,
    child: Child,
}

impl Vm {
    /// Boots `initrd` in `dir` (console.log, bar.log there) with card options `card`; killed after
    /// `timeout` seconds.
    pub fn start(dir: &Path, initrd: &Path, timeout: u32, card: &[String]) -> Vm {
        static DEV: OnceLock<PathBuf> = OnceLock::new();
        let dev = DEV.get_or_init(qemu_dev);
        let child = Command::new(repo().join("scripts/vm/run-guest"))
            .arg("-k")
            .arg(&kernel().kernel)
            .arg("-i")
            .arg(initrd)
            .arg("-d")
            .arg(dev)
            .args(["-t", &timeout.to_string(), "-w"])
            .arg(dir)
            .arg("-l")
            .arg(dir.join("console.log"))
            .arg("--")
            .arg("--bar-log")
            .arg(dir.join("bar.log"))
            .args(card)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot run scripts/vm/run-guest");
        Vm { dir: dir.to_path_buf(), child }
    }

    /// Builds the initramfs of `bin CMD...` in `dir`, then boots it.
    pub fn boot(dir: &Path, bin: &Path, cmd: &[&str], timeout: u32, card: &[String]) -> Vm {
        Vm::start(dir, &initramfs(dir, bin, cmd), timeout, card)
    }

    fn console(&self) -> String {
        std::fs::read_to_string(self.dir.join("console.log")).unwrap_or_default()
    }
}

/// What a finished VM left behind.
pub struct VmRun {
    pub dir: PathBuf,
    pub console: String,
    pub bar_log: String,
    pub wall: Duration,
    /// `key=value` of the guest program's `RENQ-<NAME> key=value` lines.
    pub values: HashMap<String, String>,
    /// The card's `summary` line (renq-qemu-dev --bar-log).
    pub summary: HashMap<String, String>,
}

impl VmRun {
    /// A value the guest printed.
    pub fn v(&self, key: &str) -> &str {
        self.values.get(key).map(String::as_str).unwrap_or_else(|| panic!("guest printed no {key}:\n{}", self.console))
    }

    /// A counter of the card's summary.
    pub fn n(&self, key: &str) -> u64 {
        self.summary
            .get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("summary has no {key}: {:?}", self.summary))
    }

    /// A raw field of the card's summary.
    pub fn s(&self, key: &str) -> &str {
        self.summary.get(key).map(String::as_str).unwrap_or_else(|| panic!("summary has no {key}: {:?}", self.summary))
    }

    /// The guest's uptime when its init started.
    pub fn boot_uptime(&self) -> &str {
        self.console.lines().find_map(|l| l.split("RENQ-VM-BOOTED uptime=").nth(1)).unwrap_or("?").trim()
    }
}

/// One VM's failure; `before_boot` when QEMU died before the guest kernel ran, `timed_out`
/// when the guest did not finish in its time.
struct Failure {
    message: String,
    before_boot: bool,
    timed_out: bool,
}

/// Judges a finished VM: the run's verdict (crate::exit), the guest's `ok` line and its
/// `RENQ-VM-RESULT rc=0`.
fn finish(vm: Vm, ok: &str, started: Instant) -> Result<VmRun, Failure> {
    let out = vm.child.wait_with_output().expect("waiting for run-guest");
    let wall = started.elapsed();
    let console = std::fs::read_to_string(vm.dir.join("console.log")).unwrap_or_default();
    let bar_log = std::fs::read_to_string(vm.dir.join("bar.log")).unwrap_or_default();
    let verdict = judge(out.status.code(), &console);
    if let Ok(Some(warning)) = &verdict {
        eprintln!("VM {}: {warning}", vm.dir.display());
    }
    if !(verdict.is_ok() && console.contains(ok) && console.contains("RENQ-VM-RESULT rc=0")) {
        return Err(Failure {
            before_boot: !console.contains(BOOTED),
            timed_out: out.status.code() == Some(crate::rdma::TIMED_OUT),
            message: format!(
                "VM {} failed ({:?}: {})\n--- console ---\n{console}\n--- renq-qemu-dev ---\n{}\n--- BAR log (last lines) ---\n{}",
                vm.dir.display(),
                out.status,
                verdict.err().unwrap_or_else(|| format!("the guest did not report {ok}")),
                String::from_utf8_lossy(&out.stderr),
                bar_log.lines().rev().take(5).collect::<Vec<_>>().join("\n")
            ),
        });
    }
    let values = console
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("RENQ-") && !l.starts_with("RENQ-VM-"))
        .filter_map(|l| l.split_once(' ')?.1.split_once('='))
        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
        .collect();
    let summary = bar_log.lines().find_map(|l| l.strip_prefix("summary ")).map(pairs).unwrap_or_default();
    Ok(VmRun { dir: vm.dir, console, bar_log, wall, values, summary })
}

/// Runs the VMs `start` boots for an attempt (its argument: the attempt's directory suffix, ""
/// or "-retry") until all end, and returns their runs in order; each guest must print `ok`.
/// If a VM dies before its kernel boots (QEMU 7.2's proxy crash, see crate::exit) its peers are
/// stopped at once (they would wait for it until their timeout) and the whole set runs once
/// more, said loudly: none of the system under test ran. So does a set in which a guest timed
/// out (TCG guests on a loaded machine), said loudly with every VM's report. Any other failure,
/// or a second one, panics with every VM's report (one side's hang is usually explained by the
/// other's).
pub fn run_vms(ok: &str, start: impl Fn(&str) -> Vec<Vm>) -> Vec<VmRun> {
    for suffix in ["", "-retry"] {
        let started = Instant::now();
        let mut vms = start(suffix);
        loop {
            let exited: Vec<bool> = vms.iter_mut().map(|vm| vm.child.try_wait().ok().flatten().is_some()).collect();
            if exited.iter().all(|&e| e) {
                break;
            }
            if vms.iter().zip(&exited).any(|(vm, &e)| e && !vm.console().contains(BOOTED)) {
                for (vm, &e) in vms.iter_mut().zip(&exited) {
                    if !e {
                        // SIGTERM to run-guest's `timeout`, which passes it to renq-qemu-dev → QEMU.
                        // SAFETY: kill(2) on our own child's pid.
                        unsafe { libc::kill(vm.child.id() as i32, libc::SIGTERM) };
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let results: Vec<Result<VmRun, Failure>> = vms.into_iter().map(|vm| finish(vm, ok, started)).collect();
        if results.iter().all(Result::is_ok) {
            return results.into_iter().filter_map(Result::ok).collect();
        }
        let unbooted = results.iter().any(|r| matches!(r, Err(f) if f.before_boot));
        let timed_out = results.iter().any(|r| matches!(r, Err(f) if f.timed_out));
        let report: Vec<String> = results
            .iter()
            .enumerate()
            .map(|(i, r)| match r {
                Ok(run) => format!("VM {i} ({}): ok", run.dir.display()),
                Err(f) => f.message.clone(),
            })
            .collect();
        if (unbooted || timed_out) && suffix.is_empty() {
            let why = if unbooted {
                "a VM died before its kernel booted (QEMU crash)"
            } else {
                "a guest timed out (a loaded machine?)"
            };
            eprintln!("RETRY: {why}; running the set once more.\n{}", report.join("\n\n"));
            std::thread::sleep(Duration::from_secs(1));
            continue;
        }
        panic!("{}", report.join("\n\n"));
    }
    unreachable!("the retry returns or panics")
}

/// A fresh directory for VM `name` of an attempt (see [`run_vms`]).
pub fn attempt_dir(name: &str, suffix: &str) -> PathBuf {
    workdir(&format!("{name}{suffix}"))
}
