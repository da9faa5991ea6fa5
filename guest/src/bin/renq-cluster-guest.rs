//! `renq-cluster-guest`: runs inside a QEMU guest (tests/tests/qemu_cluster.rs) against the
//! simulated card, through the real kernel's drivers and renq-driver's `pci` backends.
//!
//! * `consume uio|vfio QUEUE LOG2 COUNT` — node B: opens the card, starts the driver through
//!   host-lib (`Node`) with RX held off until the queue is exported (packets that arrive
//!   earlier wait on the link instead of being rejected), creates a small queue and dequeues
//!   COUNT items at user level, pausing now and then so the queue overflows and is extended
//!   through the interrupt path; checks FIFO, exactly once, and the card's counters.
//! * `produce uio|vfio DST QUEUE COUNT` — node A: the driver process (root) opens the card and
//!   grants ONE shadow page, that of (DST, QUEUE), to a producer process; it forks, before any
//!   thread exists, (1) the producer: it unmaps every other mapping of the card and the DMA
//!   memory, closes every other descriptor, drops to uid 65534, makes COUNT single 8-byte
//!   stores through its page, then stores to where the next queue's page would be — the MMU
//!   must kill it (SIGSEGV); (2) an ungranted process (uid 65534, nothing mapped) whose every
//!   attempt to open the card's files must be refused (EACCES).
//!
//! Prints `RENQ-CLUSTER key=value` lines and `RENQ-CLUSTER-OK`; panics on a failed check.

use renq::check::{encode, Verdict};
use renq::Node;
use renq_abi::paper::regs::CONTROL;
use renq_driver::pci::sysfs::Sysfs;
use renq_driver::pci::{Binding, PciCard};
use renq_driver::{Device, Registers, ShadowPage};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The ungranted uid (nobody).
const NOBODY: u32 = 65534;
/// The consumer dequeues this many items, then sleeps, so the producer overflows the queue.
const BURST: u64 = 250;
const PAUSE: Duration = Duration::from_millis(50);

fn report(key: &str, value: impl std::fmt::Display) {
    println!("RENQ-CLUSTER {key}={value}");
}

/// The i-th item: the one producer's (renq::check's encoding; qemu_cluster.rs expects it).
fn item(i: u64) -> u64 {
    encode(0, i)
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("argument {i}: {what}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("consume") => {
            consume(arg(&args, 1, "BACKEND"), arg(&args, 2, "QUEUE"), arg(&args, 3, "LOG2"), arg(&args, 4, "COUNT"))
        }
        Some("produce") => {
            produce(arg(&args, 1, "BACKEND"), arg(&args, 2, "DST"), arg(&args, 3, "QUEUE"), arg(&args, 4, "COUNT"))
        }
        _ => panic!("usage: consume uio|vfio QUEUE LOG2 COUNT | produce uio|vfio DST QUEUE COUNT"),
    }
    println!("RENQ-CLUSTER-OK");
}

fn open(backend: Binding) -> Arc<PciCard> {
    let card =
        PciCard::open(backend, &Sysfs::system()).unwrap_or_else(|e| panic!("opening the card ({backend:?}): {e}"));
    report("backend", card.backend());
    report("pci_address", card.address());
    let (phys, len) = card.dma_region();
    report("dma", format!("{phys:#x}+{len:#x}"));
    Arc::new(card)
}

// ---------------------------------------------------------------------------------------------
// Node B: the consumer.

/// The card with CONTROL.RX_ENABLE held off until `open_rx`: the driver enables RX at start,
/// before any queue exists, and a packet for an unexported queue is rejected (spec §4), while
/// one that arrives with RX off waits on the link.
struct RxGate {
    card: Arc<PciCard>,
    open: AtomicBool,
}

impl RxGate {
    fn open_rx(&self) {
        self.open.store(true, Ordering::SeqCst);
        let c = self.card.bar0_read(CONTROL);
        self.card.bar0_write(CONTROL, c | 1 << renq_abi::csr::bits::CONTROL_RX_ENABLE);
    }
}

impl Device for RxGate {
    fn backend(&self) -> &'static str {
        self.card.backend()
    }
    fn bar0_read(&self, offset: u64) -> u64 {
        self.card.bar0_read(offset)
    }
    fn bar0_write(&self, offset: u64, value: u64) {
        let rx = 1 << renq_abi::csr::bits::CONTROL_RX_ENABLE;
        let value = if offset == CONTROL && !self.open.load(Ordering::SeqCst) { value & !rx } else { value };
        self.card.bar0_write(offset, value)
    }
    fn bar2_write(&self, offset: u64, value: u64, byte_enable: u8) {
        self.card.bar2_write(offset, value, byte_enable)
    }
    fn bar2_read(&self, offset: u64) -> u64 {
        self.card.bar2_read(offset)
    }
    fn shadow_page(&self, node: u8, queue: u8) -> renq_driver::Result<ShadowPage> {
        self.card.shadow_page(node, queue)
    }
    fn portal_page(&self, portal: u16) -> renq_driver::Result<ShadowPage> {
        self.card.portal_page(portal)
    }
    fn wait_irq(&self, timeout: Duration) -> bool {
        self.card.wait_irq(timeout)
    }
    fn dma(&self) -> &renq_driver::dma::DmaPool {
        self.card.dma()
    }
}

fn consume(backend: Binding, queue: u16, log2: u32, count: u64) {
    let card = open(backend);
    let gate = Arc::new(RxGate { card: card.clone(), open: AtomicBool::new(false) });
    let node = Node::new(gate.clone()).expect("starting the driver");
    let rx = node.create_queue(queue, log2).expect("create_queue");
    gate.open_rx();
    report(
        "rx_open",
        format!(
            "uptime {}",
            std::fs::read_to_string("/proc/uptime").unwrap_or_default().split(' ').next().unwrap_or("?")
        ),
    );
    report("queue", format!("{queue} capacity={}", renq_abi::buffer::capacity(log2)));
    let t0 = Instant::now();
    let mut first_at = None;
    let mut verdict = Verdict::new(1, count);
    for i in 0..count {
        let v = rx
            .dequeue_timeout(Duration::from_secs(90))
            .expect("dequeue")
            .unwrap_or_else(|| panic!("item {i} never came"));
        first_at.get_or_insert_with(Instant::now);
        verdict.feed(v).unwrap_or_else(|e| panic!("item {i}: {e}"));
        if i % BURST == BURST - 1 {
            report("progress", i + 1); // for a post-mortem if a run hangs
            std::thread::sleep(PAUSE); // let the producer overflow the queue
        }
    }
    let busy = first_at.map_or(Duration::ZERO, |t| t.elapsed());
    // Nothing more arrives: no duplicate, nothing from the refused processes of node A.
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(rx.try_dequeue().expect("try_dequeue"), None, "an item beyond COUNT arrived");
    let c = card.counters();
    let d = node.card_driver().expect("a card node").stats();
    let q = rx.stats();
    report("received", count);
    report("verdict", verdict.finish().expect("exactly once, FIFO").line().replace(' ', "_"));
    report(
        "card",
        format!(
            "enqueued:{},rejected:{},overflows:{},bad_header:{}",
            c.enqueued, c.rejected, c.overflows, c.bad_header
        ),
    );
    report(
        "driver",
        format!(
            "irqs:{},overflow_irqs:{},notify_irqs:{},handler_runs:{}",
            d.irqs, d.overflow_irqs, d.notify_irqs, d.handler_runs
        ),
    );
    report(
        "queue_stats",
        format!("extends:{},moved:{},retired:{},deferred:{}", q.extends, q.moved_items, q.retired, q.deferred),
    );
    report(
        "consume_ms",
        format!("{:.0} (first item after {:.0})", busy.as_secs_f64() * 1e3, (t0.elapsed() - busy).as_secs_f64() * 1e3),
    );
    assert_eq!(c.enqueued, count, "CNT_ENQUEUED: each item written once");
    assert_eq!((c.rejected, c.bad_header), (0, 0), "nothing rejected or dropped");
    assert!(c.overflows >= 3, "the small queue overflowed only {} times", c.overflows);
    assert!(q.extends >= 1, "no extension");
    assert!(d.irqs >= 1 && d.overflow_irqs >= 1, "the overflow interrupt never came: {d:?}");
    node.card_driver().expect("a card node").shutdown();
}

// ---------------------------------------------------------------------------------------------
// Node A: the driver process, its granted producer and an ungranted process.

/// fork(); the child runs `f` and exits with its return value (never returns).
fn fork_child(f: impl FnOnce() -> i32) -> libc::pid_t {
    // Safety: called while this process has one thread, so the child may run any code.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork: {}", std::io::Error::last_os_error());
    if pid == 0 {
        let rc = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or(101);
        unsafe { libc::_exit(rc) };
    }
    pid
}

fn threads() -> usize {
    std::fs::read_dir("/proc/self/task").map(|d| d.count()).unwrap_or(0)
}

/// Mappings of the card and of the DMA memory: BAR files (sysfs resourceN), VFIO regions,
/// huge pages.
fn card_mappings() -> Vec<(usize, usize, String)> {
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
    maps.lines()
        .filter(|l| l.contains("/resource") || l.contains("vfio") || l.contains("huge"))
        .map(|l| {
            let (range, _) = l.split_once(' ').unwrap();
            let (a, b) = range.split_once('-').unwrap();
            (usize::from_str_radix(a, 16).unwrap(), usize::from_str_radix(b, 16).unwrap(), l.to_string())
        })
        .collect()
}

/// In a forked child: keep only `keep` (an address range) of the card's mappings and only
/// `keep_fds` of the descriptors, then become uid/gid NOBODY with no supplementary groups.
/// Returns the card mappings left (read before setuid: /proc/self is root's afterwards).
fn confine(keep: Option<(usize, usize)>, keep_fds: &[i32]) -> Vec<(usize, usize, String)> {
    for (a, b, _) in card_mappings() {
        if keep.is_some_and(|(s, e)| s <= a && b <= e) {
            continue;
        }
        // Safety: unmapping card/DMA memory this child will never touch.
        assert_eq!(unsafe { libc::munmap(a as *mut libc::c_void, b - a) }, 0);
    }
    let fds: Vec<i32> = std::fs::read_dir("/proc/self/fd")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    for fd in fds {
        if fd > 2 && !keep_fds.contains(&fd) {
            unsafe { libc::close(fd) };
        }
    }
    let left = card_mappings();
    // Safety: plain credential syscalls.
    unsafe {
        assert_eq!(libc::setgroups(0, std::ptr::null()), 0, "setgroups");
        assert_eq!(libc::setgid(NOBODY), 0, "setgid");
        assert_eq!(libc::setuid(NOBODY), 0, "setuid");
        assert_eq!(libc::setuid(0), -1, "root regained");
    }
    left
}

/// Every way back to the card a process could try; each must be refused by the kernel.
fn attempt_reopen(paths: &[String]) -> Vec<String> {
    let mut refused = Vec::new();
    for p in paths {
        match std::fs::OpenOptions::new().read(true).write(true).open(p) {
            Ok(_) => panic!("uid {NOBODY} opened {p}"),
            Err(e) => {
                assert_eq!(e.raw_os_error(), Some(libc::EACCES), "{p}: {e}");
                refused.push(format!("{p}:EACCES"));
            }
        }
    }
    refused
}

fn wait_byte(fd: i32) {
    let mut b = 0u8;
    // Safety: one-byte read into a local.
    assert_eq!(unsafe { libc::read(fd, &mut b as *mut u8 as *mut libc::c_void, 1) }, 1, "go signal");
}

fn produce(backend: Binding, dst: u8, queue: u8, count: u64) {
    let card = open(backend);
    let granted = card.grant(dst, queue).expect("grant");
    let (res_start, res_end) = granted.reservation();
    report(
        "granted",
        format!("node {dst} queue {queue} at {:#x} (guards {res_start:#x}-{res_end:#x})", granted.page() as usize),
    );
    let sys = Sysfs::system();
    let dev = sys.device_dir(card.address());
    let mut paths = vec![
        dev.join("resource0").display().to_string(),
        dev.join("resource2").display().to_string(),
        "/dev/mem".into(),
    ];
    for d in [card.address().to_string(), sys.find_one(0x1af4, 0x1110).unwrap()] {
        if let Ok(g) = sys.iommu_group(&d) {
            if std::path::Path::new(&format!("/dev/vfio/{g}")).exists() {
                paths.push(format!("/dev/vfio/{g}"));
            }
        }
    }
    assert_eq!(threads(), 1, "fork before any thread");
    let mut go = [0i32; 2];
    assert_eq!(unsafe { libc::pipe(go.as_mut_ptr()) }, 0);

    // The ungranted process: nothing mapped, no descriptor, uid nobody.
    let p2 = paths.clone();
    let intruder = fork_child(move || {
        let left = confine(None, &[go[0]]);
        assert!(left.is_empty(), "card still mapped: {left:?}");
        wait_byte(go[0]);
        report("ungranted_refused", attempt_reopen(&p2).join(","));
        0
    });

    // The granted producer: only its page, uid nobody.
    let p3 = paths.clone();
    let producer = fork_child(move || {
        let left = confine(Some((res_start, res_end)), &[go[0]]);
        assert!(
            left.len() == 1 && left[0].1 - left[0].0 == 4096,
            "the producer must hold exactly one page of the card: {left:?}"
        );
        attempt_reopen(&p3);
        wait_byte(go[0]);
        let page: ShadowPage = granted.shadow();
        let t = Instant::now();
        for i in 0..count {
            page.store(item(i)); // one 8-byte store = one enqueue
        }
        report("granted_stores", count);
        report("store_us", format!("{:.2}", t.elapsed().as_secs_f64() * 1e6 / count as f64));
        // Enqueue to another queue through the neighbouring page: the MMU refuses.
        report("granted_tries_queue", queue as u64 + 1);
        let neighbour = unsafe { granted.page().add(renq_abi::paper::shadow::PAGE_BYTES as usize) } as *mut u64;
        unsafe { neighbour.write_volatile(0xbad) };
        report("neighbour_store", "NOT REFUSED");
        3
    });

    // The driver: enables TX (and the rest), then lets both go.
    let node = Node::new(card.clone() as Arc<dyn Device>).expect("starting the driver");
    let before = card.counters();
    assert_eq!(unsafe { libc::write(go[1], b"gg".as_ptr() as *const libc::c_void, 2) }, 2);
    report(
        "go",
        format!(
            "uptime {}",
            std::fs::read_to_string("/proc/uptime").unwrap_or_default().split(' ').next().unwrap_or("?")
        ),
    );
    let status = |pid| {
        let mut st = 0;
        assert_eq!(unsafe { libc::waitpid(pid, &mut st, 0) }, pid);
        st
    };
    let st = status(producer);
    assert!(
        libc::WIFSIGNALED(st) && libc::WTERMSIG(st) == libc::SIGSEGV,
        "the granted producer was not stopped by SIGSEGV (status {st:#x})"
    );
    report("granted_neighbour_store", "SIGSEGV");
    let st = status(intruder);
    assert!(libc::WIFEXITED(st) && libc::WEXITSTATUS(st) == 0, "the ungranted process failed (status {st:#x})");
    let c = card.counters().since(&before);
    report("card_sent", c.sent);
    assert_eq!((c.sent, c.tx_dropped), (count, 0), "CNT_SENT / CNT_TX_DROPPED: exactly the granted stores");
    // The packets are on the link; give the card time to hand the last ones to the socket.
    std::thread::sleep(Duration::from_millis(300));
    node.card_driver().expect("a card node").shutdown();
}
