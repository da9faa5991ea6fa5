//! `renq perf` over real verbs: rdma_rxe (Soft-RoCE) in a QEMU TCG guest, booted by
//! scripts/vm/rdma-guest with the `renq` CLI (built with its `verbs` feature) shipped beside
//! renq-guest's `perf-app`, which runs a perf server and a client per mode (`faa`, `send`) on
//! 127.0.0.1 for producers 1, 2, 4. Every row must be verified (exactly once, FIFO per
//! producer) with plausible figures, and the per-enqueue operations must be each mode's:
//! faa 1 FAA + 3 WRITEs, send 1 SEND and no round trip. Runs only with `RENQ_VM_TESTS=1`.

use renq_vm::build::{cargo_build, verbs_guest};
use renq_vm::{rdma, vm_test};

const ITEMS: u64 = 2000;

#[test]
fn renq_perf_over_soft_roce_in_qemu() {
    vm_test("perf_qemu::renq_perf_over_soft_roce_in_qemu", run);
}

fn run() {
    let app = verbs_guest("perf-app");
    // Default features (the card's hardware side) plus verbs: the same binary the cli tests
    // use gains a feature, so a later test of the cli still finds what it needs.
    let cli = cargo_build(&["-p", "renq-cli", "--features", "verbs", "--bin", "renq"], "renq");
    let args = vec![ITEMS.to_string()];
    let text = rdma::one_guest_with("perf_qemu", &app, &[&cli], 300, &args, "RENQ-PERF").out;
    assert!(text.contains("RENQ-RDMA-RESULT rc=0"), "{text}");
    assert!(text.lines().any(|l| l == "RENQ-PERF-APP ok"), "{text}");
    for mode in ["faa", "send"] {
        for p in [1u64, 2, 4] {
            let prefix = format!("RENQ-PERF {mode} | {p} | ");
            let row = text.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("{prefix}: {text}"));
            let n = p * ITEMS;
            assert!(row.contains(&format!("{n} of {n} (exactly once, FIFO per producer)")), "{row}");
            let cols: Vec<f64> = row.split('|').skip(2).take(3).map(|c| c.trim().parse().unwrap()).collect();
            assert!(cols[0] > 0.0 && cols[1] > 0.0 && cols[2] >= cols[1], "items/s, p50, p99: {row}");
        }
        let ops: Vec<&str> =
            text.lines().filter(|l| l.starts_with(&format!("RENQ-PERF {mode} |   | per enqueue"))).collect();
        assert_eq!(ops.len(), 3, "{text}");
        for l in ops {
            // "per enqueue: R round trips, F FAA, W WRITE, D READ, S SEND"
            let v: Vec<f64> =
                l.split([':', ',']).skip(1).filter_map(|f| f.split_whitespace().next()?.parse().ok()).collect();
            assert_eq!(v.len(), 5, "{l}");
            match mode {
                // FAA: one per enqueue plus each sender's calibration (2 per 2 000 items).
                "faa" => assert!((1.0..1.002).contains(&v[1]) && v[2] == 3.0 && v[4] == 0.0, "{l}"),
                _ => assert_eq!(v, [0.0, 0.0, 0.0, 0.0, 1.0], "{l}"),
            }
        }
    }
}
