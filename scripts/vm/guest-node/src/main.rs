//! `renq-guest-node`: the project's real stack — renq (host-lib) on renq-driver's MMIO device —
//! inside a QEMU guest, against the card `renq-qemu-dev` serves:
//!
//! * BARs: the card bound to uio_pci_generic, BAR0/BAR2 mapped from sysfs (`MappedBars`);
//! * interrupts: the ivshmem doorbell's MSI-X vector 0 through vfio-pci into an eventfd
//!   (`FdIrq::eventfd`), which is where `renq-qemu-dev` sends the card's interrupt line;
//! * DMA memory: one 2 MiB huge page (contiguous, locked), device address = guest-physical
//!   (`DmaPool`).
//!
//! `renq-guest-node loopback COUNT`: one node enqueues COUNT items into its own queue, created
//! tiny so the driver's overflow handler (OVERFLOW interrupt → extend → RESUME) runs many times,
//! while a consumer thread dequeues them with blocking waits (ARM → NOTIFY interrupt); checks
//! exactly-once FIFO delivery.
//!
//! `renq-guest-node send PEER COUNT` / `recv PEER COUNT`: two guests whose cards are linked. Both
//! create queue 0; the receiver keeps sending a "ready" item to the sender's queue until the first
//! real item arrives (a packet to a queue not yet exported is rejected by design, so readiness
//! must be learnt, not assumed); the sender waits for "ready", then enqueues COUNT items to the
//! receiver, which checks FIFO exactly-once delivery into its tiny, constantly overflowing queue.
//!
//! Prints `RENQ-NODE key=value` lines and `RENQ-SMOKE-OK`.

use std::ptr::NonNull;
use std::sync::Arc;
use std::time::{Duration, Instant};

use renq::Node;
use renq_abi::regs::BAR0_BYTES;
use renq_abi::shadow::WINDOW_BYTES;
use renq_abi::{PCI_DEVICE_ID, PCI_VENDOR_ID};
use renq_driver::dma::DmaPool;
use renq_driver::mmio::{FdIrq, MappedBars, MmioDevice};
use renq_sim::qemu::guest::{bind, find_pci, Bar, DoorbellIrq, HugeRegion, IVSHMEM_DEVICE, IVSHMEM_VENDOR};

/// Tiny first buffer (8 words, 4 items) so that overflow handling is exercised constantly.
const LOG2_WORDS: u32 = renq_abi::buffer::MIN_LOG2_WORDS;

fn report(key: &str, value: impl std::fmt::Display) {
    println!("RENQ-NODE {key}={value}");
}

/// The card as renq-driver's MMIO device (see the module doc).
fn open_device() -> Arc<MmioDevice> {
    let card = find_pci(PCI_VENDOR_ID, PCI_DEVICE_ID).expect("no renq card in /sys/bus/pci/devices");
    bind(&card, "uio_pci_generic", PCI_VENDOR_ID, PCI_DEVICE_ID);
    let bar0 = Bar::map(&card, 0, BAR0_BYTES as usize);
    let bar2 = Bar::map(&card, 2, WINDOW_BYTES as usize);
    // SAFETY: both are sysfs maps of the whole BAR that are never unmapped.
    let bars = unsafe { MappedBars::new(bar0.as_mut_ptr(), bar2.as_mut_ptr(), Arc::new(())) }.expect("BARs");
    let doorbell = find_pci(IVSHMEM_VENDOR, IVSHMEM_DEVICE).expect("no ivshmem-doorbell device");
    let irq = FdIrq::eventfd(DoorbellIrq::open(&doorbell).into_eventfd());
    let region = HugeRegion::new();
    report("dma_region", format!("{:#x}+{:#x}", region.phys, region.len));
    // SAFETY: the huge page stays mapped for the process's life; byte i is guest-physical phys+i,
    // which is what the card (DMAing into guest RAM) sees at that device address.
    let pool = unsafe { DmaPool::new(NonNull::new(region.ptr).unwrap(), region.phys, region.len as u64, 0) };
    Arc::new(MmioDevice::new("uio+ivshmem", bars, Box::new(irq), pool))
}

fn loopback(count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let tx = node.sender(node.id(), 0).expect("sender");
    let consumer = std::thread::spawn(move || {
        let mut waits = 0u64;
        for i in 0..count {
            let v = loop {
                match rx.try_dequeue().expect("try_dequeue") {
                    Some(v) => break v,
                    // Empty: block (ARM, re-check, sleep on the NOTIFY interrupt).
                    None => {
                        waits += 1;
                        if let Some(v) = rx.dequeue_timeout(Duration::from_secs(20)).expect("dequeue_timeout") {
                            break v;
                        }
                        panic!("item {i} did not arrive within 20 s");
                    }
                }
            };
            assert_eq!(v, i, "FIFO, exactly once");
        }
        waits
    });
    let t = Instant::now();
    for i in 0..count {
        tx.enqueue(i).expect("enqueue");
    }
    let waits = consumer.join().expect("consumer");
    let secs = t.elapsed().as_secs_f64();
    let m = node.metrics();
    report("items", count);
    report("items_per_s", format!("{:.0}", count as f64 / secs));
    report("blocking_waits", waits);
    report("driver", format!("{:?}", m.driver).replace(' ', ""));
    report("card", format!("{:?}", m.card).replace(' ', ""));
    assert!(m.driver.overflow_irqs > 0 || m.card.overflows > 0, "no overflow happened: the test did not test it");
}

/// The receiver's "ready" item (never a data item: those count from 0).
const READY: u64 = u64::MAX;

fn send(peer: u8, count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let t = Instant::now();
    let ready = rx.dequeue_timeout(Duration::from_secs(120)).expect("dequeue_timeout");
    assert_eq!(ready, Some(READY), "no ready item from node {peer}");
    report("peer_ready_after_s", format!("{:.1}", t.elapsed().as_secs_f64()));
    let tx = node.sender(peer, 0).expect("sender");
    let t = Instant::now();
    for i in 0..count {
        tx.enqueue(i).expect("enqueue");
    }
    report("sent", count);
    report("send_us_per_item", format!("{:.1}", t.elapsed().as_secs_f64() * 1e6 / count as f64));
    report("card", format!("{:?}", node.metrics().card).replace(' ', ""));
}

fn recv(peer: u8, count: u64) {
    let node = Node::new(open_device()).expect("Node::new (driver start)");
    report("node", node.id());
    let rx = node.create_queue(0, LOG2_WORDS).expect("create_queue");
    let tx = node.sender(peer, 0).expect("sender");
    let t = Instant::now();
    let first = loop {
        tx.enqueue(READY).expect("enqueue ready");
        if let Some(v) = rx.dequeue_timeout(Duration::from_millis(500)).expect("dequeue_timeout") {
            break v;
        }
        assert!(t.elapsed() < Duration::from_secs(120), "node {peer} never started sending");
    };
    assert_eq!(first, 0, "first item");
    for i in 1..count {
        let v = rx.dequeue_timeout(Duration::from_secs(20)).expect("dequeue_timeout");
        assert_eq!(v, Some(i), "FIFO, exactly once, from node {peer}");
    }
    let m = node.metrics();
    report("received", count);
    report("driver", format!("{:?}", m.driver).replace(' ', ""));
    report("card", format!("{:?}", m.card).replace(' ', ""));
    assert!(m.card.overflows > 0, "the tiny queue never overflowed: the test did not test it");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok());
    match (args.first().map(String::as_str), num(1), num(2)) {
        (Some("loopback"), Some(count), None) => loopback(count),
        (Some("send"), Some(peer), Some(count)) => send(peer as u8, count),
        (Some("recv"), Some(peer), Some(count)) => recv(peer as u8, count),
        _ => panic!("usage: renq-guest-node loopback COUNT | send PEER COUNT | recv PEER COUNT"),
    }
    println!("RENQ-SMOKE-OK");
}
