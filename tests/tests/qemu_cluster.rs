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
//! Runs only with `RENQ_VM_TESTS=1` (scripts/test sets it; scripts/setup installs QEMU & co. and
//! fetches the kernel), otherwise prints one line per test; any failure fails with the reason.
//! The harness is crate renq-vm, the guest program renq-guest's `renq-cluster-guest`.

use renq::check::encode;
use renq_vm::build::guest;
use renq_vm::fields::sub_field as field;
use renq_vm::qemu::{attempt_dir, linked_card, run_vms, Vm};
use renq_vm::vm_test;
use std::time::Instant;

const COUNT: u64 = 2000;
/// 16-word buffers: 12 items before the queue overflows.
const LOG2: u32 = 4;
const NODE_A: u8 = 1;
const NODE_B: u8 = 2;
const QUEUE: u8 = 0;

/// The i-th item the producer stores (renq-cluster-guest's: its one producer, id 0).
fn item(i: u64) -> u64 {
    encode(0, i)
}

fn cluster(a_backend: &str, b_backend: &str) {
    let name = format!("a-{a_backend}-b-{b_backend}");
    let bin = guest("renq-cluster-guest");
    let s = |v: &[String]| -> Vec<String> {
        let mut cmd = vec!["renq-cluster-guest".to_string()];
        cmd.extend_from_slice(v);
        cmd
    };
    let t0 = Instant::now();
    let mut runs = run_vms("RENQ-CLUSTER-OK", |attempt| {
        // A retry gets fresh directories and sockets: the stopped VMs' processes may linger.
        let (dir_a, dir_b) = (attempt_dir(&format!("{name}-a"), attempt), attempt_dir(&format!("{name}-b"), attempt));
        let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
        let b_cmd =
            s(&["consume", b_backend, &QUEUE.to_string(), &LOG2.to_string(), &COUNT.to_string()].map(String::from));
        let a_cmd =
            s(&["produce", a_backend, &NODE_B.to_string(), &QUEUE.to_string(), &COUNT.to_string()].map(String::from));
        let boot = |dir: &std::path::Path, cmd: &[String], card: Vec<String>| {
            let cmd: Vec<&str> = cmd.iter().map(String::as_str).collect();
            Vm::boot(dir, &bin, &cmd, 170, &card)
        };
        let b = boot(&dir_b, &b_cmd, linked_card(NODE_B.into(), &sock_b, NODE_A.into(), &sock_a));
        let a = boot(&dir_a, &a_cmd, linked_card(NODE_A.into(), &sock_a, NODE_B.into(), &sock_b));
        vec![a, b]
    });
    let (rb, ra) = (runs.pop().unwrap(), runs.pop().unwrap());
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
    let page = renq_abi::paper::shadow::page_offset(NODE_B, QUEUE);
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
    // Each overflow was served exactly once, by one extension. The handler looks at a stall
    // once, except a stall it deferred to a dequeuer inside (DNP): until that dequeuer leaves
    // and extends, a further interrupt or poll sees it again — only those may repeat.
    let q = rb.v("queue_stats");
    assert_eq!(field(q, "extends"), overflows, "one extension per overflow: {q}");
    let runs = field(d, "handler_runs");
    assert!(
        runs >= overflows && runs - overflows <= field(q, "deferred"),
        "handler runs {runs} for {overflows} overflows beyond the deferred ones: {d}, {q}"
    );

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
fn a_uio_producer_b_vfio_consumer_on_the_paper_card() {
    vm_test("qemu_cluster::a_uio_producer_b_vfio_consumer_on_the_paper_card", || cluster("uio", "vfio"));
}

#[test]
fn a_vfio_producer_b_uio_consumer_on_the_paper_card() {
    vm_test("qemu_cluster::a_vfio_producer_b_uio_consumer_on_the_paper_card", || cluster("vfio", "uio"));
}
