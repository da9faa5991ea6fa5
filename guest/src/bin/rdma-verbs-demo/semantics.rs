//! Phase 2 of the demo: what the verbs do on one loopback QP, checked.

use crate::queues::loopback_qp;
use renq_rdma::verbs::{Device, Region};
use renq_rdma::{Error, LocalMemory, RemoteMemory};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Phase 2: verbs semantics, result byte order and in-memory layout of atomics.
pub(crate) fn semantics(dev: &Arc<Device>, failures: &mut Vec<String>) -> Result<(), Error> {
    let region = Region::new(dev, 4096)?;
    let mut local = region.local();
    let mut qp = loopback_qp(dev, &region)?;
    let mut check = |what: &str, ok: bool, detail: String| {
        println!("RDMA-CHECK {what} {} {detail}", if ok { "ok" } else { "FAILED" });
        if !ok {
            failures.push(format!("semantics:{what}"));
        }
    };
    // Plain words: WRITE (posted) then READ on the same QP sees it (RC order), both ways
    // through the CPU view too.
    let pattern = [0x0102_0304_0506_0708u64, 0x1122_3344_5566_7788];
    qp.write(64, &pattern)?;
    let r0 = qp.read(64)?;
    let r1 = qp.read(72)?;
    qp.flush()?;
    let c0 = local.load(64);
    let c1 = local.load(72);
    check(
        "write-read",
        r0 == pattern[0] && r1 == pattern[1] && c0 == pattern[0] && c1 == pattern[1],
        format!("read={r0:#x},{r1:#x} cpu={c0:#x},{c1:#x}"),
    );
    local.store(80, 0xdead_beef_0000_0001);
    let r = qp.read(80)?;
    check("cpu-store-read", r == 0xdead_beef_0000_0001, format!("read={r:#x}"));

    // Atomics on a zero word: raw results and memory layout.
    let a = qp.fetch_and_add(128, 1)?;
    let b = qp.fetch_and_add(128, 1)?;
    let mem_after = local.load(128);
    let layout = match mem_after {
        2 => "host-order",
        x if x == 2u64.swap_bytes() => "byte-swapped",
        _ => "unknown",
    };
    println!("RDMA-ATOMIC-LAYOUT faa_results_raw={a:#x},{b:#x} memory_after_two_faa={mem_after:#x} in_memory={layout}");
    let mut mem = qp.into_memory();
    mem.calibrate(136)?;
    let swapped = mem.result_swapped().expect("calibrated");
    println!(
        "RDMA-BYTE-ORDER result_swapped={swapped} ({})",
        if swapped { "NIC returns atomic results byte-swapped" } else { "NIC returns atomic results in host order" }
    );
    // Decoded semantics through the adapter the queues use.
    let old = mem.fetch_and_add(192, 5)?;
    let old2 = mem.fetch_and_add(192, 7)?;
    check("faa", old == 0 && old2 == 5, format!("old={old} then {old2}"));
    let miss = mem.compare_and_swap(192, 99, 1)?;
    let hit = mem.compare_and_swap(192, 12, 40)?;
    let now = mem.read_atomic(192)?;
    check(
        "cas",
        miss == 12 && hit == 12 && now == 40,
        format!("failed-cas old={miss} successful-cas old={hit} now={now}"),
    );
    let big = mem.fetch_and_add(200, 0x0123_4567_89ab_cdef)?;
    let big2 = mem.read_atomic(200)?;
    check("faa-64bit", big == 0 && big2 == 0x0123_4567_89ab_cdef, format!("now={big2:#x}"));

    // Informational: what IBV_ATOMIC_HCA means in practice. CPU atomic adds race NIC FAAs on
    // one word (the queues never do this, docs/spec.md §10 R.6); with HCA-only atomicity
    // updates may be lost. Only meaningful where the NIC keeps atomic words in host order.
    if layout == "host-order" {
        const W: u64 = 256;
        // SAFETY: loopback: the region is this process's own mapping (desc().addr is its
        // virtual address), 8-aligned, alive until `region` drops at the end of this function.
        let word = unsafe { &*((region.desc().addr + W) as *const std::sync::atomic::AtomicU64) };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let nic_adds = 2000u64;
        let cpu_adds = std::thread::scope(|sc| -> Result<u64, Error> {
            let cpu = sc.spawn(|| {
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    word.fetch_add(1, Ordering::SeqCst);
                    n += 1;
                    for _ in 0..64 {
                        std::hint::spin_loop();
                    }
                }
                n
            });
            let r = (|| {
                for _ in 0..nic_adds {
                    mem.fetch_and_add(W, 1)?;
                }
                Ok(())
            })();
            stop.store(true, Ordering::Relaxed);
            let n = cpu.join().expect("cpu adder");
            r.map(|()| n)
        })?;
        let fin = word.load(Ordering::SeqCst);
        println!(
            "RDMA-MIX cpu_adds={cpu_adds} nic_faas={nic_adds} final={fin} lost_updates={} (CPU atomics vs NIC FAA on one word; informational)",
            (cpu_adds + nic_adds).saturating_sub(fin)
        );
    }
    Ok(())
}
