//! Throughput figures (printed; run with --nocapture). Each also asserts what it moved.

mod common;

use std::sync::atomic::Ordering::*;
use std::time::{Duration, Instant};

use common::*;
use renq_abi::csr::bits;
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use renq_abi::paper::shadow::page_offset;
use renq_sim::engine::paper::model::PaperModel;
use renq_sim::engine::paper::rtl::PaperRtlEngine;
use renq_sim::engine::CardEngine;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind, HostMemory};

const BUF: u64 = 0x10_0000;

/// Raw engines, no threads: a packet stream into one big queue that a "consumer" keeps
/// emptying (HEAD moved by the test).
fn engine_rate(mut e: Box<dyn CardEngine>, n: u64) -> f64 {
    let mem = HostMemory::create(4 << 20).unwrap();
    e.csr_write(regs::NODE_ID, 1);
    e.csr_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE);
    e.csr_write(regs::export_entry(0), export_value(BUF, 16));
    mem.store_u64(BUF + 8, 3, Relaxed);
    mem.store_u64(BUF + 16, 3, Relaxed);
    let t = Instant::now();
    let mut last_slot = 0;
    for i in 0..n {
        last_slot = mem.load_u64(BUF + 8, Relaxed);
        assert!(e.deliver(&mem, Packet::enqueue(0, 1, 0, i)));
        // The consumer takes everything at once: HEAD = TAIL.
        mem.store_u64(BUF + 16, mem.load_u64(BUF + 8, Acquire), Release);
    }
    let secs = t.elapsed().as_secs_f64();
    assert_eq!(e.csr_read(regs::CNT_ENQUEUED), n);
    assert_eq!(e.csr_read(regs::CNT_OVERFLOWS), 0);
    assert_eq!(mem.load_u64(BUF + 8 * last_slot, Relaxed), n - 1);
    n as f64 / secs
}

#[test]
fn engine_rates() {
    let model = engine_rate(Box::new(PaperModel::new()), 1_000_000);
    let rtl = engine_rate(Box::new(PaperRtlEngine::new()), 3_000);
    eprintln!(
        "engine rates: model {:.1} M enqueues/s; rtl {:.0} enqueues/s = {:.0} k cycles/s at 5 cycles each",
        model / 1e6,
        rtl,
        rtl * 5.0 / 1e3
    );
}

#[test]
fn cluster_single_producer_rate() {
    const N: u64 = 300_000;
    let c = Cluster::new(ClusterConfig {
        nodes: 2,
        engine: EngineKind::Model,
        memory_bytes: 8 << 20,
        card: CardKind::Paper,
    });
    let rx = c.card(1);
    export_queue(&rx, 0, BUF, 16);
    export_queue(&c.card(0), 0, BUF, 16);
    let tx = c.card(0);
    let t = Instant::now();
    let producer = std::thread::spawn(move || {
        for i in 0..N {
            tx.bar2_write(page_offset(1, 0), i, 0xff);
        }
    });
    let mut next = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    while next < N {
        assert!(Instant::now() < deadline);
        match dequeue(rx.memory(), BUF, 16) {
            Some(v) => {
                assert_eq!(v, next);
                next += 1;
            }
            None => {
                resume_if_room(&rx, 0, BUF, 16);
                std::hint::spin_loop();
            }
        }
    }
    producer.join().unwrap();
    let secs = t.elapsed().as_secs_f64();
    eprintln!("cluster, 1 producer -> 1 consumer on another node: {:.2} M enqueues/s", N as f64 / secs / 1e6);
}
