//! The SEND/SRQ mode (`Backend::RdmaSend`, feature `verbs`, docs/spec.md R.13) on a real (soft)
//! RDMA device: rdma_rxe (Soft-RoCE) in a QEMU TCG guest, booted by scripts/vm/rdma-guest.
//!
//! The guest runs renq-guest's `send-app`: typed errors (unknown queue/node, queue exists, a
//! second consumer, SRQ depths the device refuses, a fast-mode sender), one uncontended sender
//! (exact verbs operations per enqueue), PRODUCERS producer Nodes × ITEMS through a shared
//! receive queue of 12 receive WRs with a consumer that pauses (RNR back-pressure), then a close
//! under a busy sender. Runs only with `RENQ_VM_TESTS=1`; otherwise prints one line.

use renq_vm::build::verbs_guest;
use renq_vm::fields::{fields, num};
use renq_vm::{rdma, vm_test};

const PRODUCERS: u64 = 3;
const ITEMS: u64 = 10_000;
const LOG2: u64 = 4;

#[test]
fn send_srq_mode_on_soft_roce_in_qemu() {
    vm_test("send_qemu::send_srq_mode_on_soft_roce_in_qemu", run);
}

fn run() {
    let app = verbs_guest("send-app");
    let args = [PRODUCERS, ITEMS, LOG2].map(|v| v.to_string());
    let text = rdma::one_guest("send_qemu", &app, 240, &args, "RENQ-SEND").out;
    assert!(text.contains("RENQ-RDMA-RESULT rc=0"), "{text}");
    assert!(text.lines().any(|l| l == "RENQ-SEND-APP ok"), "{text}");
    for check in ["unknown-queue", "unknown-node", "queue-exists", "second-consumer", "size-not-allowed", "wrong-mode"]
    {
        assert!(text.lines().any(|l| l == format!("RENQ-SEND-CHECK {check} ok")), "{check}: {text}");
    }
    assert_eq!(text.lines().filter(|l| l.starts_with("RENQ-SEND-CHECK srq-depth-") && l.ends_with(" ok")).count(), 4);

    // Zero dependent round trips and one SEND per enqueue, nothing else.
    let u = fields(&text, "RENQ-SEND-UNCONTENDED", &[]);
    assert_eq!(u["in_order"], "true", "{u:?}");
    assert_eq!(
        (num(&u, "sends"), num(&u, "faas"), num(&u, "writes"), num(&u, "reads"), num(&u, "cases"), num(&u, "rts")),
        (1.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        "{u:?}"
    );

    // 3 producer nodes x 10 000 items through 12 receive WRs with a slow consumer: exactly once,
    // FIFO per producer, still one SEND and no round trip per enqueue.
    let r = fields(&text, "RENQ-SEND-RUN", &[]);
    assert_eq!(num(&r, "producers"), PRODUCERS as f64);
    assert_eq!(num(&r, "received"), (PRODUCERS * ITEMS) as f64, "{r:?}");
    assert_eq!(r["complete"], "true", "{r:?}");
    for k in ["fifo_violations", "duplicated", "garbage", "errors"] {
        assert_eq!(num(&r, k), 0.0, "{k}: {r:?}");
    }
    assert_eq!((r["stalled"].as_str(), r["extra"].as_str()), ("false", "false"), "{r:?}");
    assert_eq!((num(&r, "sends"), num(&r, "rts"), num(&r, "faas"), num(&r, "writes")), (1.0, 0.0, 0.0, 0.0), "{r:?}");
    assert!(num(&r, "pauses") >= 10.0, "{r:?}");

    // Close under a busy sender: Closed, no hang; what came out is a gap-free prefix.
    let c = fields(&text, "RENQ-SEND-CLOSE", &[]);
    assert_eq!(c["sender_outcome"], "Err(Closed)", "{c:?}");
    assert_eq!(c["in_order"], "true", "{c:?}");
    assert!(num(&c, "delivered") >= 3000.0 && num(&c, "delivered") <= num(&c, "enqueued_ok"), "{c:?}");
}
