//! The library's verbs backend (`Backend::RdmaVerbs`, feature `verbs`) on a real (soft) RDMA
//! device: rdma_rxe (Soft-RoCE) in a QEMU TCG guest, booted by scripts/vm/rdma-guest (the
//! host kernel has no RDMA).
//!
//! The harness (crate renq-vm) builds renq-guest's `verbs-app` with the `verbs` feature (a
//! nested `cargo build`), then the script boots the guest,
//! creates rxe0 on dummy0 and runs the example: a consumer Node and PRODUCERS producer Nodes
//! (threads; each Sender its own RC QP, connected over TCP on 127.0.0.1) enqueue ITEMS each
//! through `renq::Sender` into a queue of 2^LOG2 words, dequeued through `renq::Receiver`.
//! Runs only with `RENQ_VM_TESTS=1` (scripts/test sets it; scripts/setup installs qemu, busybox,
//! rdma-core… and fetches the kernel); otherwise it prints one line saying it did not run.

use renq_vm::build::verbs_guest;
use renq_vm::fields::{fields, num};
use renq_vm::{rdma, vm_test};

const PRODUCERS: u64 = 3;
const ITEMS: u64 = 1000;
const LOG2: u64 = 4;

#[test]
fn library_verbs_backend_on_soft_roce_in_qemu() {
    vm_test("verbs_qemu::library_verbs_backend_on_soft_roce_in_qemu", run);
}

fn run() {
    let app = verbs_guest("verbs-app");
    let args = [PRODUCERS, ITEMS, LOG2].map(|v| v.to_string());
    let text = rdma::one_guest("verbs_qemu", &app, 150, &args, "RENQ-VERBS").out;
    assert!(text.contains("RENQ-RDMA-RESULT rc=0"), "{text}");
    assert!(text.lines().any(|l| l == "RENQ-VERBS-APP ok"), "{text}");
    for check in ["unknown-queue", "unknown-node", "queue-exists"] {
        assert!(text.lines().any(|l| l == format!("RENQ-VERBS-CHECK {check} ok")), "{check}: {text}");
    }
    let u = fields(&text, "RENQ-VERBS-UNCONTENDED", &[]);
    assert_eq!(u["in_order"], "true", "{u:?}");
    assert_eq!(
        (num(&u, "faas"), num(&u, "writes"), num(&u, "reads"), num(&u, "cases"), num(&u, "rts")),
        (1.0, 3.0, 0.0, 0.0, 1.0),
        "one FAA + three posted WRITEs (claim word before and after the FAA, the slot) per uncontended enqueue: {u:?}"
    );
    let r = fields(&text, "RENQ-VERBS-RUN", &[]);
    assert_eq!(num(&r, "producers"), PRODUCERS as f64);
    assert_eq!(num(&r, "received"), (PRODUCERS * ITEMS) as f64, "{r:?}");
    assert_eq!(r["complete"], "true", "{r:?}");
    for k in ["fifo_violations", "duplicated", "garbage"] {
        assert_eq!(num(&r, k), 0.0, "{k}: {r:?}");
    }
    assert_eq!(r["stalled"], "false", "{r:?}");
    assert_eq!(r["extra"], "false", "{r:?}");
    // Three posted WRITEs per enqueue (the claim word twice, the slot: docs/spec.md R.11), no CAS;
    // FAAs: one per enqueue (+ 2 per sender's calibration); READs: each sender's header READ plus
    // polls of the head while the small ring is full.
    assert_eq!(num(&r, "writes"), 3.0, "{r:?}");
    assert_eq!(num(&r, "cases"), 0.0, "{r:?}");
    assert!(num(&r, "faas") >= 1.0, "{r:?}");
}
