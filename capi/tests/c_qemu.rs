//! The C ABI in a QEMU guest (Debian 6.1 kernel, TCG) whose PCI bus has the simulated card
//! (`renq-qemu-dev --card renq`): a C program built against the installed `librenq.a`
//! (`pkg-config renq-static`) opens the card through uio_pci_generic, so its sender's portal
//! page is mapped and `renq_enqueue` is the inline volatile store itself — an MMIO write that
//! reaches the card as one 8-byte BAR2 write. Runs only with `RENQ_VM_TESTS=1` (scripts/test).

mod common;

use common::{build_with, install};
use renq_vm::qemu::{attempt_dir, run_vms, Vm};
use renq_vm::vm_test;
use std::path::Path;

const COUNT: u64 = 2000;

#[test]
fn c_program_in_a_guest_enqueues_with_one_inline_store() {
    vm_test("c_qemu::c_program_in_a_guest_enqueues_with_one_inline_store", run);
}

fn run() {
    let dir = std::env::temp_dir().join(format!("renq-c-qemu-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("prefix");
    install(&prefix);
    let program = dir.join("guest_loopback");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/guest_loopback.c");
    build_with(&prefix, "renq-static", "cc", &["-std=c11", "-D_POSIX_C_SOURCE=200809L"], &source, &program);
    let count = COUNT.to_string();
    let card: Vec<String> = ["--card", "renq", "--node", "9"].map(String::from).into();
    let run = run_vms("RENQ-C-OK", |attempt| {
        let vm_dir = attempt_dir("c-abi-loopback", attempt);
        vec![Vm::boot(&vm_dir, &program, &["guest_loopback", &count], 240, &card)]
    })
    .remove(0);
    assert_eq!(run.v("node"), "9");
    assert_eq!(run.v("mapped"), "1", "the portal page is mapped: the inline store is the MMIO write");
    assert_eq!(run.v("ring_kept"), "1");
    assert_eq!(run.v("items"), count);
    // Every enqueue reached the card as one 8-byte BAR2 write; refused items are stored again.
    assert!(run.n("bar2_writes") >= COUNT, "one BAR2 store per enqueue at least");
    assert_eq!(run.n("bar2_writes"), run.n("bar2_8byte"), "every BAR2 store is 8 bytes");
    assert_eq!(run.n("dma_errors"), 0);
    eprintln!(
        "C in a guest: {COUNT} items, {} BAR2 stores ({:.3} per enqueue), {} ns per inline enqueue (an MMIO write under TCG)",
        run.n("bar2_writes"),
        run.n("bar2_writes") as f64 / COUNT as f64,
        run.v("ns_per_enqueue")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
