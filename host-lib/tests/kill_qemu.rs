//! The verbs fence (docs/spec.md R.11): a producer process SIGKILLed at every step of its enqueue
//! on the library's verbs backend (`Backend::RdmaVerbs`) does not wedge the queue, and closing
//! the Receiver gives senders `Error::Closed`, never a hang. rdma_rxe (Soft-RoCE) in a QEMU TCG
//! guest, booted by scripts/vm/rdma-guest, runs renq-guest's `kill-app` (see its doc); a producer
//! stopped (SIGSTOP) before its WRITE and resumed after its ticket was skipped has its late WRITE
//! refused by the fence. Runs only
//! with `RENQ_VM_TESTS=1`; otherwise prints one line.

use renq_vm::build::verbs_guest;
use renq_vm::fields::{fields, num};
use renq_vm::{rdma, vm_test};

const N: f64 = 40.0;
const LIVE: f64 = 1000.0;

#[test]
fn killed_verbs_producer_is_fenced_and_skipped_in_qemu() {
    vm_test("kill_qemu::killed_verbs_producer_is_fenced_and_skipped_in_qemu", run);
}

fn run() {
    let app = verbs_guest("kill-app");
    let text = rdma::one_guest("kill_qemu", &app, 300, &[], "RENQ-KILL").out;
    assert!(text.contains("RENQ-RDMA-RESULT rc=0"), "{text}");
    assert!(text.lines().any(|l| l == "RENQ-KILL-APP ok"), "{text}");
    // (step, dead producer's items delivered, tickets skipped); after-write: its WRITE was
    // posted when it died, so it landed (N + 1, 0) or was lost with the process (N, 1).
    // stalled: SIGSTOPped before its WRITE, resumed after the skip — the late WRITE never lands.
    for (step, dead, skipped) in [("claim", N, 0.0), ("faa", N, 1.0), ("write", N, 1.0), ("stalled", N, 1.0)] {
        let s = find(&text, step);
        assert_eq!((num(&s, "dead_delivered"), num(&s, "skipped")), (dead, skipped), "{step}: {s:?}");
        assert_eq!((s["live"].as_str(), num(&s, "out_of_order")), ("1000,1000", 0.0), "{step}: {s:?}");
        assert_eq!(s["ok"], "true", "{s:?}");
    }
    let s = find(&text, "after-write");
    assert_eq!(num(&s, "dead_delivered") + num(&s, "skipped"), N + 1.0, "{s:?}");
    assert_eq!(s["live"], format!("{LIVE},{LIVE}"), "{s:?}");
    let c = fields(&text, "RENQ-KILL-CLOSE delivered", &[]);
    assert_eq!((c["sender_outcome"].as_str(), c["after_close"].as_str()), ("Err(Closed)", "Err(Closed)"), "{c:?}");
    assert_eq!((c["new_sender"].as_str(), c["in_order"].as_str()), ("Some(Closed)", "true"), "{c:?}");
}

fn find(text: &str, step: &str) -> std::collections::HashMap<String, String> {
    fields(text, "RENQ-KILL-STEP", &[&format!("step={step} ")])
}
