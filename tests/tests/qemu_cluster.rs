//! Two QEMU guests (Debian 6.1 kernel, TCG, busybox initramfs from scripts/vm/build-initramfs),
//! each with its own simulated renq card (renq-qemu-dev), the two cards linked. Guest A's
//! driver grants the shadow page of (node 2, queue 0) to a producer process that enqueues
//! COUNT items with single stores; guest B's consumer dequeues them at user level through
//! host-lib on renq-driver's PCI backends, from a small queue that overflows many times
//! (OVERFLOW → ivshmem MSI-X → vfio eventfd → extend → RESUME). Checked: FIFO, exactly once,
//! each enqueue exactly one 8-byte BAR2 write (the card's BAR log), and that processes without
//! the grant are refused by the kernel (SIGSEGV, EACCES) with no packet sent.
//! Both backends: A=uio/B=vfio and A=vfio/B=uio.
//!
//! Nothing is skipped: scripts/vm/fetch-kernel installs QEMU & co. and fetches the kernel, and
//! the test builds renq-qemu-dev itself; any failure fails the test with the reason.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Instant;

const GUEST: &str = env!("CARGO_BIN_EXE_renq-cluster-guest");
const COUNT: u64 = 2000;
/// 16-word buffers: 12 items before the queue overflows.
const LOG2: u32 = 4;
const NODE_A: u8 = 1;
const NODE_B: u8 = 2;
const QUEUE: u8 = 0;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn item(i: u64) -> u64 {
    0xc1a5_0000_0000_0000 | i
}

/// (kernel, modules) from scripts/vm/fetch-kernel, and renq-qemu-dev built — once.
fn setup() -> &'static (PathBuf, PathBuf, PathBuf) {
    static S: OnceLock<(PathBuf, PathBuf, PathBuf)> = OnceLock::new();
    S.get_or_init(|| {
        let out = Command::new(repo().join("scripts/vm/fetch-kernel")).stderr(Stdio::inherit()).output().expect("running scripts/vm/fetch-kernel");
        assert!(out.status.success(), "scripts/vm/fetch-kernel failed (needs qemu-system-x86, busybox-static, cpio, kmod, the Debian kernel .deb)");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let get = |k: &str| PathBuf::from(text.lines().find_map(|l| l.strip_prefix(k)).unwrap_or_else(|| panic!("fetch-kernel printed no {k}")));
        // renq-qemu-dev is another package's binary: build it (same profile and target dir).
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "-p", "renq-sim", "--bin", "renq-qemu-dev"])
            .current_dir(repo())
            .status()
            .expect("running cargo build for renq-qemu-dev");
        assert!(status.success(), "building renq-qemu-dev failed");
        let dev = Path::new(GUEST).parent().unwrap().join("renq-qemu-dev");
        assert!(dev.exists(), "{} missing after the build", dev.display());
        (get("KERNEL="), get("MODULES="), dev)
    })
}

/// One pair of VMs at a time: two TCG guests already load two cores.
fn serial() -> MutexGuard<'static, ()> {
    static L: Mutex<()> = Mutex::new(());
    L.lock().unwrap_or_else(|e| e.into_inner())
}

struct Vm {
    dir: PathBuf,
    child: Child,
}

fn start_vm(name: &str, guest_args: &[String], card_args: &[String]) -> Vm {
    let (kernel, modules, dev) = setup();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("qemu-cluster").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let initrd = dir.join("initrd.gz");
    let st = Command::new(repo().join("scripts/vm/build-initramfs"))
        .arg("-o")
        .arg(&initrd)
        .arg("-m")
        .arg(modules)
        .args(["-b", GUEST, "--", "renq-cluster-guest"])
        .args(guest_args)
        .status()
        .expect("running build-initramfs");
    assert!(st.success(), "build-initramfs failed");
    let child = Command::new(repo().join("scripts/vm/run-guest"))
        .arg("-k")
        .arg(kernel)
        .arg("-i")
        .arg(&initrd)
        .arg("-d")
        .arg(dev)
        .args(["-t", "170", "-w"])
        .arg(&dir)
        .arg("-l")
        .arg(dir.join("console.log"))
        .arg("--")
        .arg("--bar-log")
        .arg(dir.join("bar.log"))
        .args(card_args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running scripts/vm/run-guest");
    Vm { dir, child }
}

/// What a finished VM left: its console's `RENQ-CLUSTER` values, its BAR log and summary.
struct Done {
    console: String,
    bar_log: String,
    values: HashMap<String, String>,
    summary: HashMap<String, String>,
}

impl Done {
    fn n(&self, key: &str) -> u64 {
        self.summary
            .get(key)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("summary has no {key}: {:?}", self.summary))
    }
    fn v(&self, key: &str) -> &str {
        self.values.get(key).map(String::as_str).unwrap_or_else(|| panic!("guest printed no {key}:\n{}", self.console))
    }
}

fn finish(vm: Vm) -> Result<Done, String> {
    let out = vm.child.wait_with_output().unwrap();
    let console = std::fs::read_to_string(vm.dir.join("console.log")).unwrap_or_default();
    let bar_log = std::fs::read_to_string(vm.dir.join("bar.log")).unwrap_or_default();
    // A QEMU crash after the guest reported success and powered off is accepted, loudly
    // (renq_sim::qemu::exit); anything else is a failure.
    let verdict = renq_sim::qemu::exit::judge(out.status.code(), &console);
    if let Ok(Some(warning)) = &verdict {
        eprintln!("VM {}: {warning}", vm.dir.display());
    }
    if !(verdict.is_ok() && console.contains("RENQ-CLUSTER-OK") && console.contains("RENQ-VM-RESULT rc=0")) {
        return Err(format!(
            "VM {} failed ({:?}: {})\n--- console ---\n{console}\n--- renq-qemu-dev ---\n{}\n--- BAR log (last lines) ---\n{}",
            vm.dir.display(),
            out.status,
            verdict.err().unwrap_or_else(|| "the guest did not report RENQ-CLUSTER-OK".into()),
            String::from_utf8_lossy(&out.stderr),
            bar_log.lines().rev().take(5).collect::<Vec<_>>().join("\n")
        ));
    }
    let values = console
        .lines()
        .filter_map(|l| l.trim().strip_prefix("RENQ-CLUSTER "))
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.trim().to_string()))
        .collect();
    let summary = bar_log
        .lines()
        .find_map(|l| l.strip_prefix("summary "))
        .ok_or("no summary in the BAR log")?
        .split_whitespace()
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Ok(Done { console, bar_log, values, summary })
}

/// Waits for both VMs. If one ends without its kernel having booted, the other is stopped
/// (it would wait for its peer until its timeout); the flag says so.
fn wait_pair(a: Vm, b: Vm) -> (Result<Done, String>, Result<Done, String>, bool) {
    let booted =
        |vm: &Vm| std::fs::read_to_string(vm.dir.join("console.log")).unwrap_or_default().contains("RENQ-VM-BOOTED");
    let mut vms = [a, b];
    let mut unbooted = false;
    loop {
        let exited: Vec<bool> = vms.iter_mut().map(|vm| vm.child.try_wait().ok().flatten().is_some()).collect();
        if exited.iter().all(|&e| e) {
            break;
        }
        for i in 0..2 {
            if exited[i] && !exited[1 - i] && !booted(&vms[i]) && !unbooted {
                unbooted = true;
                // SIGTERM to run-guest's `timeout`, which passes it on to renq-qemu-dev → QEMU.
                unsafe { libc::kill(vms[1 - i].child.id() as i32, libc::SIGTERM) };
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    unbooted |= vms.iter().any(|vm| !booted(vm));
    let [a, b] = vms;
    (finish(a), finish(b), unbooted)
}

fn card(node: u8, own: &Path, peer: u8, peer_sock: &Path) -> Vec<String> {
    vec![
        "--node".into(),
        node.to_string(),
        "--link-socket".into(),
        own.display().to_string(),
        "--peer".into(),
        format!("{peer}={}", peer_sock.display()),
    ]
}

fn field(s: &str, key: &str) -> u64 {
    s.split(',')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix(':')?.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {s}"))
}

fn cluster(a_backend: &str, b_backend: &str) {
    let _one = serial();
    let name = format!("a-{a_backend}-b-{b_backend}");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("qemu-cluster");
    std::fs::create_dir_all(&tmp).unwrap();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let t0 = Instant::now();
    let mut retried = false;
    let (ra, rb) = loop {
        // A retry gets fresh directories and sockets: the stopped VMs' processes may linger.
        let name = if retried { format!("{name}-retry") } else { name.clone() };
        let (sock_a, sock_b) = (tmp.join(format!("{name}-a.sock")), tmp.join(format!("{name}-b.sock")));
        let _ = (std::fs::remove_file(&sock_a), std::fs::remove_file(&sock_b));
        let b = start_vm(
            &format!("{name}-b"),
            &s(&["consume", b_backend, &QUEUE.to_string(), &LOG2.to_string(), &COUNT.to_string()]),
            &card(NODE_B, &sock_b, NODE_A, &sock_a),
        );
        let a = start_vm(
            &format!("{name}-a"),
            &s(&["produce", a_backend, &NODE_B.to_string(), &QUEUE.to_string(), &COUNT.to_string()]),
            &card(NODE_A, &sock_a, NODE_B, &sock_b),
        );
        let (ra, rb, unbooted) = wait_pair(a, b);
        match (ra, rb) {
            (Ok(ra), Ok(rb)) => break (ra, rb),
            // QEMU 7.2 (x-pci-proxy-dev) occasionally segfaults during firmware PCI enumeration,
            // before the guest kernel runs (seen ~1 boot in 17, `dmesg`: segfault at
            // c000000158). None of the system under test ran in that VM: one retry, said
            // loudly; a second failure fails.
            (ra, rb) if unbooted && !retried => {
                eprintln!(
                    "qemu_cluster {name}: a VM died before its kernel booted (QEMU crash); retrying once.\n{}\n{}",
                    ra.err().unwrap_or_default(),
                    rb.err().unwrap_or_default()
                );
                retried = true;
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
            // Both VMs' reports: one side's hang is usually explained by the other's.
            (ra, rb) => panic!(
                "{}\n\n{}",
                ra.err().unwrap_or_else(|| "guest A: ok".into()),
                rb.err().unwrap_or_else(|| "guest B: ok".into())
            ),
        }
    };
    let wall = t0.elapsed();

    // Guest A: the backends it was asked for, the grant, the refusals.
    assert_eq!(ra.v("backend"), a_backend);
    assert_eq!(rb.v("backend"), b_backend);
    assert_eq!(ra.v("granted_stores"), COUNT.to_string());
    assert_eq!(ra.v("granted_neighbour_store"), "SIGSEGV", "a store outside the granted page");
    assert!(!ra.console.contains("NOT REFUSED"));
    let refused = ra.v("ungranted_refused");
    assert!(
        refused.contains("resource2:EACCES") && refused.contains("resource0:EACCES") && refused.contains("/dev/vfio/"),
        "{refused}"
    );
    assert_eq!(ra.v("card_sent"), COUNT.to_string());

    // Card A's BAR log: exactly COUNT BAR2 accesses, each ONE 8-byte write of the next item
    // to the granted page — nothing from the refused stores.
    let page = renq_abi::shadow::page_offset(NODE_B, QUEUE);
    let writes: Vec<&str> = ra.bar_log.lines().filter(|l| l.starts_with("bar2 ")).collect();
    assert_eq!(writes.len() as u64, COUNT, "BAR2 accesses of guest A");
    for (i, w) in writes.iter().enumerate() {
        let want = format!("bar2 write offset={page:#x} size=8 value={:#x}", item(i as u64));
        assert_eq!(*w, want, "BAR2 access {i}");
    }
    assert_eq!((ra.n("bar2_writes"), ra.n("bar2_8byte")), (COUNT, COUNT));
    assert_eq!((ra.n("unroutable"), rb.n("unroutable")), (0, 0));

    // Guest B: every item once, in order (checked in the guest), the queue overflowed and was
    // extended through the interrupt path; the card wrote each item with 2 DMA writes.
    assert_eq!(rb.v("received"), COUNT.to_string());
    let c = rb.v("card");
    assert_eq!(field(c, "enqueued"), COUNT);
    assert_eq!(field(c, "rejected"), 0);
    let overflows = field(c, "overflows");
    assert!(overflows >= 3, "{c}");
    assert_eq!(rb.n("bar2_writes"), 0, "B only receives");
    assert_eq!((rb.n("dma_writes"), rb.n("dma_errors")), (2 * COUNT, 0), "WR0 + WR1 per item, into B's RAM");
    // The overflows were served through the interrupt (card line → doorbell → MSI-X →
    // eventfd), not by the driver's 20 ms STALLED poll: about one ring and one wake-up each.
    let d = rb.v("driver");
    assert!(
        2 * field(d, "irqs") >= overflows && 2 * rb.n("doorbell_rings") >= overflows,
        "{d}, {overflows} overflows, {} rings",
        rb.n("doorbell_rings")
    );
    assert_eq!(field(d, "handler_runs"), overflows, "one handler run per overflow");

    eprintln!(
        "qemu cluster A={a_backend} B={b_backend}: {COUNT} items in {:.1} s wall (two VMs); A {} µs/store; B: {} overflows, driver {d}, queue {}, card line rises {}, doorbell rings {}, consume {} ms",
        wall.as_secs_f64(),
        ra.v("store_us"),
        overflows,
        rb.v("queue_stats"),
        rb.n("irq_rises"),
        rb.n("doorbell_rings"),
        rb.v("consume_ms"),
    );
}

#[test]
fn a_uio_producer_b_vfio_consumer() {
    cluster("uio", "vfio");
}

#[test]
fn a_vfio_producer_b_uio_consumer() {
    cluster("vfio", "uio");
}
