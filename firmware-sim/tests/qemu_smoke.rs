//! A real Linux kernel (Debian 6.1, QEMU TCG) against the simulated card served by
//! `renq-qemu-dev` (x-pci-proxy-dev + ivshmem-doorbell). Not skipped when tools are missing:
//! it runs scripts/vm/fetch-kernel, which installs qemu/busybox/cpio/kmod and downloads the
//! kernel .deb, and fails loudly if that does not work.
//!
//! * `guest_drives_the_card`: uio_pci_generic + sysfs BAR maps: ID, NODE_ID, one 8-byte shadow
//!   store = one BAR2 write of size 8 = CNT_SENT+1 and one item DMA'd into guest RAM; NOTIFY
//!   interrupts reach the guest through ivshmem MSI-X and vfio-pci; a small queue overflows
//!   (OVERFLOW interrupt, stall, drain, RESUME, the waiting item lands); latencies are printed.
//! * `two_guests_linked`: two VMs whose cards are linked over renq-sim's socket links.
//! * `guest_runs_driver_and_library`: the project's own renq + renq-driver stack in the guest
//!   (scripts/vm/guest-node): MmioDevice over the sysfs BARs, interrupts from the ivshmem
//!   eventfd, DMA pool in a huge page; a tiny queue overflows hundreds of times while a
//!   blocking consumer checks FIFO exactly-once delivery.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use renq_sim::qemu::exit::{judge, BOOTED};

const DEV: &str = env!("CARGO_BIN_EXE_renq-qemu-dev");
const GUEST: &str = env!("CARGO_BIN_EXE_renq-guest-smoke");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// (kernel, modules dir) from scripts/vm/fetch-kernel, once per test process.
fn kernel() -> &'static (PathBuf, PathBuf) {
    static K: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    K.get_or_init(|| {
        let out = Command::new(repo().join("scripts/vm/fetch-kernel"))
            .stderr(Stdio::inherit())
            .output()
            .expect("cannot run scripts/vm/fetch-kernel");
        assert!(out.status.success(), "scripts/vm/fetch-kernel failed: QEMU guest tests need qemu-system-x86, busybox-static, cpio, kmod and the Debian kernel .deb");
        let text = String::from_utf8_lossy(&out.stdout);
        let get = |k: &str| text.lines().find_map(|l| l.strip_prefix(k)).map(PathBuf::from).unwrap_or_else(|| panic!("fetch-kernel printed no {k}: {text}"));
        (get("KERNEL="), get("MODULES="))
    })
}

/// One test's VMs at a time: TCG guests on a loaded machine are slow enough already (the kernel's
/// timer check is skipped with no_timer_check for the same reason, see run-guest).
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fresh working directory for one VM.
fn workdir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("qemu").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Builds an initramfs running `renq-guest-smoke ARGS` in `dir`.
fn initramfs(dir: &Path, guest_args: &[&str]) -> PathBuf {
    initramfs_with(dir, GUEST, "renq-guest-smoke", guest_args)
}

/// Builds an initramfs with binary `bin` running `name ARGS` in `dir`.
fn initramfs_with(dir: &Path, bin: &str, name: &str, guest_args: &[&str]) -> PathBuf {
    let out = dir.join("initrd.gz");
    let status = Command::new(repo().join("scripts/vm/build-initramfs"))
        .arg("-o")
        .arg(&out)
        .arg("-m")
        .arg(&kernel().1)
        .args(["-b", bin, "--", name])
        .args(guest_args)
        .status()
        .expect("cannot run build-initramfs");
    assert!(status.success(), "build-initramfs failed");
    out
}

/// Starts one VM (scripts/vm/run-guest) with card options `dev_args`.
fn start_vm(dir: &Path, guest_args: &[&str], dev_args: &[String]) -> Child {
    let initrd = initramfs(dir, guest_args);
    start_vm_with(dir, &initrd, dev_args)
}

fn start_vm_with(dir: &Path, initrd: &Path, dev_args: &[String]) -> Child {
    Command::new(repo().join("scripts/vm/run-guest"))
        .arg("-k")
        .arg(&kernel().0)
        .arg("-i")
        .arg(initrd)
        .args(["-d", DEV, "-t", "240", "-w"])
        .arg(dir)
        .arg("-l")
        .arg(dir.join("console.log"))
        .arg("--")
        .args(["--bar-log"])
        .arg(dir.join("bar.log"))
        .args(dev_args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot run scripts/vm/run-guest")
}

/// What one VM run left behind.
struct VmRun {
    console: String,
    bar_log: String,
    dev_stderr: String,
    wall: Duration,
    /// `RENQ-SMOKE key=value` lines of the guest.
    values: HashMap<String, String>,
}

/// One VM's run, or why it failed; `before_boot` when QEMU died before the guest kernel ran.
struct VmFailure {
    message: String,
    before_boot: bool,
}

fn finish_vm(child: Child, dir: &Path, started: Instant) -> Result<VmRun, VmFailure> {
    let out = child.wait_with_output().unwrap();
    let wall = started.elapsed();
    let console = std::fs::read_to_string(dir.join("console.log")).unwrap_or_default();
    let bar_log = std::fs::read_to_string(dir.join("bar.log")).unwrap_or_default();
    let dev_stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let values = console
        .lines()
        .filter_map(|l| l.trim().strip_prefix("RENQ-SMOKE ").or_else(|| l.trim().strip_prefix("RENQ-NODE ")))
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
        .collect();
    let run = VmRun { console, bar_log, dev_stderr, wall, values };
    let judged = judge(out.status.code(), &run.console);
    let guest_ok = run.console.contains("RENQ-SMOKE-OK");
    match judged {
        Ok(warning) if guest_ok => {
            if let Some(w) = warning {
                eprintln!("VM in {}: {w}", dir.display());
            }
            Ok(run)
        }
        verdict => Err(VmFailure {
            before_boot: !run.console.contains(BOOTED),
            message: format!(
                "VM in {} failed ({}; status {:?})\n--- console ---\n{}\n--- renq-qemu-dev ---\n{}",
                dir.display(),
                verdict.err().unwrap_or_else(|| "the guest did not report RENQ-SMOKE-OK".into()),
                out.status,
                run.console,
                run.dev_stderr
            ),
        }),
    }
}

/// Runs the VMs that `start` launches for an attempt (its argument: 0, or 1 on the retry) and
/// returns their runs in order. If a VM dies before its kernel boots (QEMU 7.2's proxy crash,
/// see `renq_sim::qemu::exit`), its peers are stopped at once (they would wait for it until
/// their timeout) and the whole set is run once more, said loudly; any other failure fails.
fn run_vms(start: impl Fn(usize) -> Vec<(Child, PathBuf)>) -> Vec<VmRun> {
    for attempt in 0..2 {
        let started = Instant::now();
        let mut vms = start(attempt);
        loop {
            let exited: Vec<bool> = vms.iter_mut().map(|(c, _)| c.try_wait().ok().flatten().is_some()).collect();
            if exited.iter().all(|&e| e) {
                break;
            }
            let died_unbooted = vms.iter().zip(&exited).any(|((_, dir), &e)| {
                e && !std::fs::read_to_string(dir.join("console.log")).unwrap_or_default().contains(BOOTED)
            });
            if died_unbooted {
                for ((c, _), &e) in vms.iter_mut().zip(&exited) {
                    if !e {
                        // SIGTERM to run-guest's `timeout`, which passes it to renq-qemu-dev → QEMU.
                        unsafe { libc::kill(c.id() as i32, libc::SIGTERM) };
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let results: Vec<Result<VmRun, VmFailure>> =
            vms.into_iter().map(|(c, dir)| finish_vm(c, &dir, started)).collect();
        let unbooted = results.iter().any(|r| matches!(r, Err(f) if f.before_boot));
        if results.iter().all(Result::is_ok) {
            return results.into_iter().map(|r| r.ok().unwrap()).collect();
        }
        let report: Vec<String> = results.iter().filter_map(|r| r.as_ref().err()).map(|f| f.message.clone()).collect();
        if unbooted && attempt == 0 {
            eprintln!(
                "a VM died before its kernel booted (QEMU crash); running the set once more.\n{}",
                report.join("\n\n")
            );
            continue;
        }
        panic!("{}", report.join("\n\n"));
    }
    unreachable!("the second attempt returns or panics")
}

/// A VM's work directory for an attempt (a retry gets fresh ones).
fn attempt_dir(name: &str, attempt: usize) -> PathBuf {
    workdir(&if attempt == 0 { name.to_string() } else { format!("{name}-retry") })
}

/// `key=value` pairs of the device's summary line.
fn summary_raw(run: &VmRun) -> HashMap<String, String> {
    let line = run.bar_log.lines().find_map(|l| l.strip_prefix("summary ")).expect("no summary in the BAR log");
    line.split_whitespace().filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// The summary's counters.
fn summary(run: &VmRun) -> HashMap<String, u64> {
    summary_raw(run).into_iter().filter_map(|(k, v)| v.parse().ok().map(|n| (k, n))).collect()
}

fn boot_uptime(run: &VmRun) -> String {
    run.console.lines().find_map(|l| l.split("RENQ-VM-BOOTED uptime=").nth(1)).unwrap_or("?").trim().to_string()
}

#[test]
fn guest_drives_the_card() {
    guest_smoke("model");
}

/// The same with the card's RTL (the hdl crate's top, stepped cycle by cycle) behind the BARs.
#[test]
fn guest_drives_the_rtl_card() {
    guest_smoke("rtl");
}

fn guest_smoke(engine: &str) {
    let _one_at_a_time = serial();
    let run = run_vms(|attempt| {
        let dir = attempt_dir(&format!("smoke-{engine}"), attempt);
        vec![(start_vm(&dir, &["smoke", "3"], &["--node".into(), "3".into(), "--engine".into(), engine.into()]), dir)]
    })
    .remove(0);
    let v = &run.values;
    assert_eq!(v["id"], format!("{:#x}", renq_abi::regs::ID_VALUE));
    assert_eq!(v["node_id"], "3");

    // Host side: every shadow store of the guest arrived as exactly one 8-byte BAR2 write.
    let stores: u64 = v["bar2_stores"].parse().unwrap();
    let writes: Vec<&str> = run.bar_log.lines().filter(|l| l.starts_with("bar2 ")).collect();
    assert_eq!(writes.len() as u64, stores, "one BAR2 access per guest store");
    assert!(
        writes.iter().all(|l| l.starts_with("bar2 write ") && l.contains(" size=8 ")),
        "all BAR2 accesses are 8-byte writes"
    );
    assert!(writes[0].ends_with(" value=0x5eed000000000001"), "first store: {}", writes[0]);
    let s = summary(&run);
    assert_eq!(s["bar2_writes"], stores);
    assert_eq!(s["bar2_8byte"], stores);
    assert_eq!(v["cnt_sent"].parse::<u64>().unwrap(), stores);
    // Each enqueue: LD0 + RD0 reads, WR0 + WR1 writes, into guest RAM.
    assert_eq!((s["dma_reads"], s["dma_writes"], s["dma_errors"]), (2 * stores, 2 * stores, 0));
    // Interrupts: the card's line rose, the doorbell rang, the guest's eventfd woke.
    assert!(s["irq_rises"] >= 1 && s["doorbell_rings"] >= 1, "{s:?}");
    assert!(v["interrupts"].parse::<u64>().unwrap() >= 1);
    assert_eq!(v["overflow"], "stalled_after:4,resumed,nothing_lost", "overflow → stall → resume in the guest");

    eprintln!(
        "qemu smoke ({engine} card): VM wall {:.1} s, guest reached userspace at uptime {} s; BAR0 read {} µs, BAR2 store {} µs, store→interrupt {} µs (host side: store→doorbell p50 {} µs; device process {} µs per proxy message)",
        run.wall.as_secs_f64(),
        boot_uptime(&run),
        v["bar0_read_us"],
        v["bar2_store_us"],
        v["store_to_irq_us"],
        summary_raw(&run)["store_to_ring_us_p50"],
        summary_raw(&run)["device_us_per_message"]
    );
}

#[test]
fn two_guests_linked() {
    let _one_at_a_time = serial();
    const COUNT: &str = "100";
    let mut runs = run_vms(|attempt| {
        let (dir_a, dir_b) = (attempt_dir("link-a", attempt), attempt_dir("link-b", attempt));
        let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
        let b = start_vm(&dir_b, &["recv", "2", COUNT], &linked_card(2, &sock_b, 1, &sock_a));
        let a = start_vm(&dir_a, &["send", "1", "2", COUNT], &linked_card(1, &sock_a, 2, &sock_b));
        vec![(a, dir_a), (b, dir_b)]
    });
    let (run_b, run_a) = (runs.pop().unwrap(), runs.pop().unwrap());
    assert_eq!(run_a.values["link_sent"], COUNT);
    assert_eq!(run_b.values["link_received"], COUNT);
    let (sa, sb) = (summary(&run_a), summary(&run_b));
    assert_eq!(sa["bar2_8byte"], COUNT.parse::<u64>().unwrap(), "sender: one BAR2 write per item");
    assert_eq!(
        (sb["bar2_writes"], sb["dma_writes"]),
        (0, 2 * COUNT.parse::<u64>().unwrap()),
        "receiver: items came over the link"
    );
    eprintln!(
        "qemu link: two VMs in {:.1} s, sender {} µs per store",
        run_b.wall.as_secs_f64(),
        run_a.values["link_send_us"]
    );
}

/// scripts/vm/build-guest-node's binary.
fn guest_node() -> String {
    let out = Command::new(repo().join("scripts/vm/build-guest-node"))
        .stderr(Stdio::inherit())
        .output()
        .expect("cannot run scripts/vm/build-guest-node");
    assert!(out.status.success(), "scripts/vm/build-guest-node failed");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Card options for a node linked to one peer.
fn linked_card(node: u8, own: &Path, peer: u8, peer_sock: &Path) -> Vec<String> {
    vec![
        "--node".into(),
        node.to_string(),
        "--link-socket".into(),
        own.display().to_string(),
        "--peer".into(),
        format!("{peer}={}", peer_sock.display()),
    ]
}

#[test]
fn guest_runs_driver_and_library() {
    let _one_at_a_time = serial();
    let bin = guest_node();
    const COUNT: &str = "2000";
    let run = run_vms(|attempt| {
        let dir = attempt_dir("node", attempt);
        let initrd = initramfs_with(&dir, &bin, "renq-guest-node", &["loopback", COUNT]);
        vec![(start_vm_with(&dir, &initrd, &["--node".into(), "5".into()]), dir)]
    })
    .remove(0);
    let v = &run.values;
    assert_eq!(v["node"], "5");
    assert_eq!(v["items"], COUNT);
    let s = summary(&run);
    let count: u64 = COUNT.parse().unwrap();
    assert_eq!((s["bar2_writes"], s["bar2_8byte"]), (count, count), "one 8-byte BAR2 write per enqueue");
    assert_eq!(s["dma_errors"], 0);
    assert!(s["doorbell_rings"] > 0, "the driver's interrupts came through the doorbell");
    eprintln!(
        "qemu driver+library: {} items at {} items/s, {} blocking waits; {}; {}",
        v["items"], v["items_per_s"], v["blocking_waits"], v["driver"], v["card"]
    );
}

/// The library in two guests: items cross from one VM's card to the other's over the link and
/// land, in order, in a queue whose overflows the receiving guest's driver handles.
#[test]
fn library_between_two_guests() {
    let _one_at_a_time = serial();
    let bin = guest_node();
    const COUNT: &str = "500";
    let mut runs = run_vms(|attempt| {
        let (dir_a, dir_b) = (attempt_dir("node-send", attempt), attempt_dir("node-recv", attempt));
        let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
        let initrd_a = initramfs_with(&dir_a, &bin, "renq-guest-node", &["send", "7", COUNT]);
        let initrd_b = initramfs_with(&dir_b, &bin, "renq-guest-node", &["recv", "6", COUNT]);
        let b = start_vm_with(&dir_b, &initrd_b, &linked_card(7, &sock_b, 6, &sock_a));
        let a = start_vm_with(&dir_a, &initrd_a, &linked_card(6, &sock_a, 7, &sock_b));
        vec![(a, dir_a), (b, dir_b)]
    });
    let (run_b, run_a) = (runs.pop().unwrap(), runs.pop().unwrap());
    assert_eq!(run_a.values["sent"], COUNT);
    assert_eq!(run_b.values["received"], COUNT);
    let count: u64 = COUNT.parse().unwrap();
    let (sa, sb) = (summary(&run_a), summary(&run_b));
    assert_eq!(sa["bar2_8byte"], count, "sender: one 8-byte BAR2 write per item");
    assert!(sb["dma_writes"] >= 2 * count, "receiver: the items were DMA'd into its RAM");
    eprintln!(
        "qemu library between two guests: {COUNT} items in {:.1} s, sender {} µs/item; receiver {}; {}",
        run_b.wall.as_secs_f64(),
        run_a.values["send_us_per_item"],
        run_b.values["driver"],
        run_b.values["card"]
    );
}
