//! The card's interrupt thread: serves the OVERFLOW FIFO (one stall per entry; LOST → a
//! QUERY sweep of every queue this driver exported), retries stalls it could not serve (no
//! DMA memory), wakes consumers on NOTIFY, counts BAD_HEADER.

use crate::driver::Core;
use renq_abi::csr::Irq;
use renq_abi::regs::{self as r, bits};
use std::collections::BTreeSet;
use std::sync::atomic::Ordering::{Relaxed, SeqCst};

/// The interrupt thread's nice value (best effort: `renq_os::raise_thread_priority`).
pub const INTERRUPT_NICE: i32 = -10;

pub(crate) fn run(core: &Core) {
    let dev = &core.dev;
    // Ahead of the application's threads (a kernel's threaded interrupt handlers are): the
    // next run of spares must be posted within a run's fill time even when every CPU is busy.
    renq_os::raise_thread_priority(INTERRUPT_NICE);
    let mut unserved: BTreeSet<u16> = BTreeSet::new();
    let mut bad_header_logged = false;
    while !core.stop.load(SeqCst) {
        let raised = dev.wait_irq(crate::driver::POLL);
        if raised {
            core.stats.irqs.fetch_add(1, Relaxed);
        }
        // Acknowledge the latched bits first: an event after this write raises the line
        // again. OVERFLOW is not latched: it stays up while the FIFO holds a stall.
        let status = Irq(dev.bar0_read(r::IRQ_STATUS));
        if status.0 != 0 {
            dev.bar0_write(r::IRQ_STATUS, status.0);
        }
        if status.bad_header() {
            core.stats.bad_header_irqs.fetch_add(1, Relaxed);
            if !bad_header_logged {
                eprintln!("renq: the card: a queue's HEAD word was corrupt (BAD_HEADER); the card ignored it");
                bad_header_logged = true;
            }
        }
        if status.overflow() {
            core.stats.overflow_irqs.fetch_add(1, Relaxed);
        }
        // Take every stall out of the FIFO.
        loop {
            let w = dev.bar0_read(r::OVERFLOW);
            if w & 1 << bits::OVERFLOW_LOST != 0 {
                // Stalls were lost to a full FIFO: clear LOST first, then sweep, so a stall
                // after the sweep is in the FIFO again.
                dev.bar0_write(r::OVERFLOW_POP, 1 << bits::CLEAR_LOST);
                let table = core.queues.read().unwrap_or_else(|e| e.into_inner());
                unserved.extend(table.iter().flatten().map(|q| q.id()));
                continue;
            }
            if w & 1 << bits::OVERFLOW_VALID == 0 {
                break;
            }
            dev.bar0_write(r::OVERFLOW_POP, 1 << bits::POP);
            unserved.insert((w & 0xfff) as u16);
        }
        unserved.retain(|&q| {
            let Some(queue) = core.queue(q) else { return false };
            core.stats.handler_runs.fetch_add(1, Relaxed);
            let t0 = std::time::Instant::now();
            let served = queue.on_overflow();
            core.stats.handler_ns.fetch_add(t0.elapsed().as_nanos() as u64, Relaxed);
            !served // keep it if it could not be served now
        });
        if status.notify() {
            core.stats.notify_irqs.fetch_add(1, Relaxed);
            core.wake.wake_all();
        }
        core.reclaim();
    }
}
