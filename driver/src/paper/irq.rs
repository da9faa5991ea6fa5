//! The interrupt thread: one per device. Waits on the line (with a short timeout, so a lost
//! edge or a stall left for later — no memory, or deferred — is still seen), acknowledges
//! what it read, runs the overflow handler for every stalled queue, wakes sleeping consumers
//! on NOTIFY, and counts BAD_HEADER.

use crate::paper::driver::Core;
use crate::regs::Registers;
use renq_abi::paper::MAX_QUEUES;
use std::sync::atomic::Ordering::{Relaxed, SeqCst};
use std::time::Duration;

/// How long one wait on the line lasts before the thread polls STALLED anyway.
pub const POLL: Duration = Duration::from_millis(20);

pub(crate) fn run(core: &Core) {
    let dev = &core.dev;
    let mut bad_header_logged = false;
    while !core.stop.load(SeqCst) {
        let raised = dev.wait_irq(POLL);
        let status = dev.irq_status();
        if raised {
            core.stats.irqs.fetch_add(1, Relaxed);
        }
        // Acknowledge before acting: an event after this write raises the line again, so
        // none is lost; the stall itself stays visible in STALLED until RESUME.
        if status.0 != 0 {
            dev.ack_irq(status);
        }
        if status.bad_header() {
            core.stats.bad_header_irqs.fetch_add(1, Relaxed);
            if !bad_header_logged {
                eprintln!("renq: node {}: packet dropped for a corrupt queue header (BAD_HEADER)", dev.node_id());
                bad_header_logged = true;
            }
        }
        if status.overflow() {
            core.stats.overflow_irqs.fetch_add(1, Relaxed);
        }
        // Every poll, not only on OVERFLOW: retries stalls left for lack of memory.
        let stalled = dev.stalled();
        for q in 0..MAX_QUEUES as u8 {
            if stalled & (1 << q) == 0 {
                continue;
            }
            if let Some(queue) = core.queue(q) {
                core.stats.handler_runs.fetch_add(1, Relaxed);
                let t0 = std::time::Instant::now();
                queue.on_overflow();
                core.stats.handler_ns.fetch_add(t0.elapsed().as_nanos() as u64, Relaxed);
            }
        }
        if status.notify() {
            core.stats.notify_irqs.fetch_add(1, Relaxed);
            core.wake.wake_all();
        }
        core.reclaim();
    }
}
