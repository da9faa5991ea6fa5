//! A real Linux kernel (Debian 6.1, QEMU TCG) against the simulated card served by
//! `renq-qemu-dev` (x-pci-proxy-dev + ivshmem-doorbell). Runs only with `RENQ_VM_TESTS=1`
//! (scripts/test sets it, after scripts/setup installed QEMU & co. and fetched the kernel);
//! otherwise each test prints one line saying it did not run. The harness is crate renq-vm,
//! the guest programs are crate renq-guest.
//!
//! * `guest_drives_the_paper_card`: renq-driver's UIO backend (uio_pci_generic, sysfs BAR maps): ID, NODE_ID, one 8-byte shadow
//!   store = one BAR2 write of size 8 = CNT_SENT+1 and one item DMA'd into guest RAM; NOTIFY
//!   interrupts reach the guest through ivshmem MSI-X and vfio-pci; a small queue overflows
//!   (OVERFLOW interrupt, stall, drain, RESUME, the waiting item lands); latencies are printed.
//!   `guest_drives_the_rtl_paper_card` / `guest_drives_the_verilator_paper_card` run the same against the
//!   RustHDL simulation of the card and against its emitted Verilog compiled by Verilator.
//! * `two_paper_card_guests_linked`: two VMs whose cards are linked over renq-sim's socket links.
//! * `guest_runs_driver_and_library_on_the_paper_card`: the project's own renq + renq-driver stack in the guest
//!   (renq-guest-node): renq-driver's PciCard over the sysfs BARs, interrupts from the ivshmem
//!   eventfd, DMA pool in a huge page; a tiny queue overflows hundreds of times while a
//!   blocking consumer checks FIFO exactly-once delivery.
//! * `guest_runs_driver_and_library` / `library_between_two_guests`: the
//!   same guest programs against the card (`renq-qemu-dev --card renq`: 16 MiB BAR2 of portal
//!   pages, status loads, O(1) overflow), on node ids beyond a byte (700; 300 and 1 023).

use std::path::Path;

use renq_vm::build::guest;
use renq_vm::qemu::{attempt_dir, linked_card, run_vms, Vm};
use renq_vm::vm_test;

/// What the smoke and node guests print when they are done.
const OK: &str = "RENQ-SMOKE-OK";
const TIMEOUT: u32 = 240;

/// One VM running `renq-guest-smoke ARGS` with card options `card`.
fn smoke_vm(dir: &Path, args: &[&str], card: &[String]) -> Vm {
    let mut cmd = vec!["renq-guest-smoke"];
    cmd.extend_from_slice(args);
    Vm::boot(dir, &guest("renq-guest-smoke"), &cmd, TIMEOUT, card)
}

/// One VM running `renq-guest-node ARGS`.
fn node_vm(dir: &Path, args: &[&str], card: &[String]) -> Vm {
    let mut cmd = vec!["renq-guest-node"];
    cmd.extend_from_slice(args);
    Vm::boot(dir, &guest("renq-guest-node"), &cmd, TIMEOUT, card)
}

/// Card options: the paper card on node `node`, then `extra` (a `--card renq` there overrides it).
fn card(node: u16, extra: &[&str]) -> Vec<String> {
    let mut v = vec!["--card".to_string(), "paper".to_string(), "--node".to_string(), node.to_string()];
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

#[test]
fn guest_drives_the_paper_card() {
    vm_test("qemu_smoke::guest_drives_the_paper_card", || guest_smoke("model"));
}

/// The same with the card's RTL (the hdl crate's top, stepped cycle by cycle) behind the BARs.
#[test]
fn guest_drives_the_rtl_paper_card() {
    vm_test("qemu_smoke::guest_drives_the_rtl_paper_card", || guest_smoke("rtl"));
}

/// The same with the checked-in Verilog itself (compiled by Verilator) behind the BARs.
#[test]
fn guest_drives_the_verilator_paper_card() {
    vm_test("qemu_smoke::guest_drives_the_verilator_paper_card", || guest_smoke("verilator"));
}

fn guest_smoke(engine: &str) {
    let run = run_vms(OK, |attempt| {
        let dir = attempt_dir(&format!("smoke-{engine}"), attempt);
        vec![smoke_vm(&dir, &["smoke", "3"], &card(3, &["--engine", engine]))]
    })
    .remove(0);
    let v = &run.values;
    assert_eq!(v["id"], format!("{:#x}", renq_abi::paper::regs::ID_VALUE));
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
    let s = |k: &str| run.n(k);
    assert_eq!(s("bar2_writes"), stores);
    assert_eq!(s("bar2_8byte"), stores);
    assert_eq!(v["cnt_sent"].parse::<u64>().unwrap(), stores);
    // Each enqueue: LD0 + RD0 reads, WR0 + WR1 writes, into guest RAM.
    assert_eq!((s("dma_reads"), s("dma_writes"), s("dma_errors")), (2 * stores, 2 * stores, 0));
    // Interrupts: the card's line rose, the doorbell rang, the guest's eventfd woke.
    assert!(s("irq_rises") >= 1 && s("doorbell_rings") >= 1, "{:?}", run.summary);
    assert!(v["interrupts"].parse::<u64>().unwrap() >= 1);
    assert_eq!(v["overflow"], "stalled_after:4,resumed,nothing_lost", "overflow → stall → resume in the guest");

    eprintln!(
        "qemu smoke ({engine} card): VM wall {:.1} s, guest reached userspace at uptime {} s; BAR0 read {} µs, BAR2 store {} µs, store→interrupt {} µs (host side: store→doorbell p50 {} µs; device process {} µs per proxy message)",
        run.wall.as_secs_f64(),
        run.boot_uptime(),
        v["bar0_read_us"],
        v["bar2_store_us"],
        v["store_to_irq_us"],
        run.s("store_to_ring_us_p50"),
        run.s("device_us_per_message")
    );
}

#[test]
fn two_paper_card_guests_linked() {
    vm_test("qemu_smoke::two_paper_card_guests_linked", two_guests_linked_body);
}

fn two_guests_linked_body() {
    const COUNT: &str = "100";
    let mut runs = run_vms(OK, |attempt| {
        let (dir_a, dir_b) = (attempt_dir("link-a", attempt), attempt_dir("link-b", attempt));
        let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
        let b = smoke_vm(&dir_b, &["recv", "2", COUNT], &linked_card(2, &sock_b, 1, &sock_a));
        let a = smoke_vm(&dir_a, &["send", "1", "2", COUNT], &linked_card(1, &sock_a, 2, &sock_b));
        vec![a, b]
    });
    let (run_b, run_a) = (runs.pop().unwrap(), runs.pop().unwrap());
    assert_eq!(run_a.values["link_sent"], COUNT);
    assert_eq!(run_b.values["link_received"], COUNT);
    assert_eq!(run_a.n("bar2_8byte"), COUNT.parse::<u64>().unwrap(), "sender: one BAR2 write per item");
    assert_eq!(
        (run_b.n("bar2_writes"), run_b.n("dma_writes")),
        (0, 2 * COUNT.parse::<u64>().unwrap()),
        "receiver: items came over the link"
    );
    eprintln!(
        "qemu link: two VMs in {:.1} s, sender {} µs per store",
        run_b.wall.as_secs_f64(),
        run_a.values["link_send_us"]
    );
}

#[test]
fn guest_runs_driver_and_library_on_the_paper_card() {
    vm_test("qemu_smoke::guest_runs_driver_and_library_on_the_paper_card", guest_runs_driver_and_library_body);
}

fn guest_runs_driver_and_library_body() {
    const COUNT: &str = "2000";
    let run = run_vms(OK, |attempt| vec![node_vm(&attempt_dir("node", attempt), &["loopback", COUNT], &card(5, &[]))])
        .remove(0);
    let v = &run.values;
    assert_eq!(v["node"], "5");
    assert_eq!(v["items"], COUNT);
    let count: u64 = COUNT.parse().unwrap();
    assert_eq!((run.n("bar2_writes"), run.n("bar2_8byte")), (count, count), "one 8-byte BAR2 write per enqueue");
    assert_eq!(run.n("dma_errors"), 0);
    assert!(run.n("doorbell_rings") > 0, "the driver's interrupts came through the doorbell");
    eprintln!(
        "qemu driver+library: {} items at {} items/s, {} blocking waits; {}; {}",
        v["items"], v["items_per_s"], v["blocking_waits"], v["driver"], v["card"]
    );
}

/// The library in two guests: items cross from one VM's card to the other's over the link and
/// land, in order, in a queue whose overflows the receiving guest's driver handles.
#[test]
fn library_between_two_paper_card_guests() {
    vm_test("qemu_smoke::library_between_two_paper_card_guests", library_between_two_guests_body);
}

fn library_between_two_guests_body() {
    const COUNT: &str = "500";
    let mut runs = run_vms(OK, |attempt| {
        let (dir_a, dir_b) = (attempt_dir("node-send", attempt), attempt_dir("node-recv", attempt));
        let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
        let b = node_vm(&dir_b, &["recv", "6", COUNT], &linked_card(7, &sock_b, 6, &sock_a));
        let a = node_vm(&dir_a, &["send", "7", COUNT], &linked_card(6, &sock_a, 7, &sock_b));
        vec![a, b]
    });
    let (run_b, run_a) = (runs.pop().unwrap(), runs.pop().unwrap());
    assert_eq!(run_a.values["sent"], COUNT);
    assert_eq!(run_b.values["received"], COUNT);
    let count: u64 = COUNT.parse().unwrap();
    assert_eq!(run_a.n("bar2_8byte"), count, "sender: one 8-byte BAR2 write per item");
    assert!(run_b.n("dma_writes") >= 2 * count, "receiver: the items were DMA'd into its RAM");
    eprintln!(
        "qemu library between two guests: {COUNT} items in {:.1} s, sender {} µs/item; receiver {}; {}",
        run_b.wall.as_secs_f64(),
        run_a.values["send_us_per_item"],
        run_b.values["driver"],
        run_b.values["card"]
    );
}

/// The card behind the BARs: the same driver and library, which read ID, find ABI 2 and speak
/// the card — portal pages in a 16 MiB BAR2, status loads, refusals and O(1) extensions — on
/// node 700 (an id the paper card cannot name).
#[test]
fn guest_runs_driver_and_library() {
    vm_test("qemu_smoke::guest_runs_driver_and_library", || driver_and_library_on_the_card("model", 2000));
}

/// The same with the card's checked-in Verilog (`renq_top.v`, compiled by Verilator) behind
/// the BARs: the guest's driver and library against the hardware itself.
#[test]
fn guest_runs_driver_and_library_on_the_verilator_card() {
    vm_test("qemu_smoke::guest_runs_driver_and_library_on_the_verilator_card", || {
        driver_and_library_on_the_card("verilator", 1000)
    });
}

fn driver_and_library_on_the_card(engine: &str, count: u64) {
    let n = count.to_string();
    let run = run_vms(OK, |attempt| {
        let dir = attempt_dir(&format!("card-{engine}"), attempt);
        vec![node_vm(&dir, &["loopback", &n], &card(700, &["--card", "renq", "--engine", engine]))]
    })
    .remove(0);
    assert_eq!(run.values["node"], "700");
    assert_eq!(run.values["items"], n);
    // Every enqueue is one 8-byte store; refused items are stored again after RETRY.
    assert!(run.n("bar2_writes") >= count, "one BAR2 store per enqueue at least");
    assert_eq!(run.n("bar2_writes"), run.n("bar2_8byte"), "every BAR2 store is 8 bytes");
    // Only the card's library loads its portal's status: the guest spoke the card.
    let loads = run.bar_log.lines().filter(|l| l.starts_with("bar2 read ")).count();
    assert!(loads > 0, "no status load: the guest did not speak the card");
    assert_eq!(run.n("dma_errors"), 0);
    assert!(run.n("doorbell_rings") > 0, "the driver's interrupts came through the doorbell");
    eprintln!(
        "qemu driver+library on the card ({engine} engine): {} items at {} items/s, {} BAR2 stores, {loads} status loads, {} blocking waits; {}; {}",
        run.values["items"],
        run.values["items_per_s"],
        run.n("bar2_writes"),
        run.values["blocking_waits"],
        run.values["driver"],
        run.values["card"]
    );
}

/// Two guests with the card, nodes 300 and 1 023, linked over renq-sim's socket links: items
/// cross with outcomes coming back, into a tiny queue that the receiver's driver extends in O(1).
#[test]
fn library_between_two_guests() {
    vm_test("qemu_smoke::library_between_two_guests", || {
        const COUNT: &str = "500";
        let renq_card = |mut v: Vec<String>| {
            v.extend(["--card".to_string(), "renq".to_string()]);
            v
        };
        let mut runs = run_vms(OK, |attempt| {
            let (dir_a, dir_b) = (attempt_dir("card-send", attempt), attempt_dir("card-recv", attempt));
            let (sock_a, sock_b) = (dir_a.join("link.sock"), dir_b.join("link.sock"));
            let b = node_vm(&dir_b, &["recv", "300", COUNT], &renq_card(linked_card(1023, &sock_b, 300, &sock_a)));
            let a = node_vm(&dir_a, &["send", "1023", COUNT], &renq_card(linked_card(300, &sock_a, 1023, &sock_b)));
            vec![a, b]
        });
        let (run_b, run_a) = (runs.pop().unwrap(), runs.pop().unwrap());
        assert_eq!((run_a.values["node"].as_str(), run_b.values["node"].as_str()), ("300", "1023"));
        assert_eq!(run_a.values["sent"], COUNT);
        assert_eq!(run_b.values["received"], COUNT);
        let count: u64 = COUNT.parse().unwrap();
        assert!(run_a.n("bar2_8byte") >= count, "sender: an 8-byte BAR2 store per item at least");
        assert!(run_b.n("dma_writes") >= count, "receiver: the items were DMA'd into its RAM");
        eprintln!(
            "qemu library between two card guests: {COUNT} items in {:.1} s, sender {} µs/item, {} BAR2 stores; receiver {}; {}",
            run_b.wall.as_secs_f64(),
            run_a.values["send_us_per_item"],
            run_a.n("bar2_8byte"),
            run_b.values["driver"],
            run_b.values["card"]
        );
    });
}
