//! `renq-guest-smoke`: runs *inside* a QEMU guest whose renq card is served by `renq-qemu-dev`
//! (see scripts/vm/). Proves the path end to end with the real kernel's drivers:
//!
//! 1. opens the card with renq-driver's UIO backend (`renq_driver::pci`): found in sysfs by
//!    renq_abi's vendor/device id, bound to uio_pci_generic, BAR0 and BAR2 mapped from sysfs
//!    `resourceN`, the ivshmem doorbell's MSI-X vector 0 routed to an eventfd through vfio-pci,
//!    DMA memory in a huge page (device address = guest-physical) — but no driver on top: this
//!    program plays the driver register by register;
//! 2. reads ID, writes NODE_ID and reads it back;
//! 3. exports a queue whose buffer it allocates from the card's DMA memory, does ONE 8-byte
//!    shadow store and checks CNT_SENT, CNT_ENQUEUED and the item the card DMA'd into guest RAM;
//! 4. arms the queue and measures store → NOTIFY interrupt → eventfd wake-up;
//! 5. overflows a small queue: OVERFLOW interrupt, STALLED, the next item waits on the link until
//!    the "driver" (this program) drains the buffer and RESUMEs, then lands;
//! 6. measures per-access latency of BAR0 reads and BAR2 stores.
//!
//! `renq-guest-smoke send NODE DST COUNT` / `recv NODE COUNT` instead test the link between two
//! guests' cards: the receiver exports queue 0 and then enables RX (until then the sender's
//! packets wait on the link), the sender makes COUNT stores to (DST, queue 0), the receiver checks
//! they arrive in its RAM in order.
//!
//! Prints `RENQ-SMOKE key=value` lines, `RENQ-SMOKE-OK` at the end; panics (non-zero exit) on
//! any failed check. Needs root (pagemap PFNs, sysfs binds, VFIO).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use renq::check::{encode, Verdict};
use renq_abi::buffer::{link_word, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry, Irq};
use renq_abi::paper::regs;
use renq_driver::dma::DmaBlock;
use renq_driver::pci::sysfs::Sysfs;
use renq_driver::pci::{Binding, PciCard};
use renq_driver::{Device, ShadowPage};

/// The queue the test exports, and its buffer: one 4 KiB page = 512 words.
const QUEUE: u8 = 0;
const LOG2_WORDS: u32 = 9;
const IRQ_ROUNDS: usize = 20;
const STORE_ROUNDS: usize = 200;
const READ_ROUNDS: usize = 2000;

fn report(key: &str, value: impl std::fmt::Display) {
    println!("RENQ-SMOKE {key}={value}");
}

fn wait_until(what: &str, timeout: Duration, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !ok() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_micros(200));
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn stats(name: &str, mut v: Vec<f64>) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    report(
        &format!("{name}_us"),
        format!("mean:{mean:.1},p50:{:.1},min:{:.1},max:{:.1},n:{}", v[v.len() / 2], v[0], v[v.len() - 1], v.len()),
    );
}

/// The card through renq-driver's UIO backend.
fn open_card() -> PciCard {
    let card = PciCard::open(Binding::Uio, &Sysfs::system()).unwrap_or_else(|e| panic!("opening the card: {e}"));
    report("card", card.address());
    card
}

/// A queue buffer in the card's DMA memory (device address = guest-physical).
struct Buffer<'a> {
    card: &'a PciCard,
    block: DmaBlock,
}

impl Buffer<'_> {
    fn word(&self, i: u64) -> u64 {
        self.slot(i).load(Ordering::SeqCst)
    }

    fn set_word(&self, i: u64, v: u64) {
        self.slot(i).store(v, Ordering::SeqCst)
    }

    fn slot(&self, i: u64) -> &AtomicU64 {
        self.card.dma().word(self.block.dev_addr + 8 * i).expect("word inside the buffer")
    }
}

/// A fresh queue buffer of `log2_words`, exported as `queue`.
fn export_buffer(card: &PciCard, queue: u8, log2_words: u32) -> Buffer<'_> {
    let block = card.dma().alloc(log2_words + 3).expect("DMA memory for a queue buffer");
    let buf = Buffer { card, block };
    buf.set_word(LINK_WORD, link_word(0, log2_words));
    buf.set_word(TAIL_WORD, FIRST_DATA_INDEX);
    buf.set_word(HEAD_WORD, FIRST_DATA_INDEX);
    report(&format!("dma_page_phys_q{queue}"), format!("{:#x}", block.dev_addr));
    card.bar0_write(regs::export_entry(queue), ExportEntry::new(block.dev_addr, log2_words).0);
    buf
}

/// The test's main queue: a whole page.
fn export_page(card: &PciCard) -> Buffer<'_> {
    export_buffer(card, QUEUE, LOG2_WORDS)
}

/// The shadow page of (node, queue): one store = one enqueue.
fn shadow(card: &PciCard, node: u8, queue: u8) -> ShadowPage {
    card.shadow_page(node, queue).unwrap_or_else(|e| panic!("shadow page ({node}, {queue}): {e}"))
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, what: &str) -> T {
    args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("argument {i}: {what}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("send") => link_send(arg(&args, 1, "NODE"), arg(&args, 2, "DST"), arg(&args, 3, "COUNT")),
        Some("recv") => link_recv(arg(&args, 1, "NODE"), arg(&args, 2, "COUNT")),
        Some("smoke") => smoke(arg(&args, 1, "NODE")),
        None => smoke(3),
        Some(other) => panic!("unknown mode {other:?}: smoke [NODE] | send NODE DST COUNT | recv NODE COUNT"),
    }
    println!("RENQ-SMOKE-OK");
}

/// Items the link test sends: recognisable (producer 0x11a0) and ordered.
fn link_item(i: u64) -> u64 {
    encode(0x11a0, i)
}

fn link_send(node: u8, dst: u8, count: u64) {
    let card = open_card();
    card.bar0_write(regs::NODE_ID, node as u64);
    let mut control = Control(0);
    control.set_tx_enable(true);
    card.bar0_write(regs::CONTROL, control.0);
    let page = shadow(&card, dst, QUEUE);
    let t = Instant::now();
    for i in 0..count {
        page.store(link_item(i));
    }
    report("link_sent", card.bar0_read(regs::CNT_SENT));
    report("link_send_us", format!("{:.2}", micros(t.elapsed()) / count as f64));
    assert_eq!(card.bar0_read(regs::CNT_SENT), count, "CNT_SENT");
}

fn link_recv(node: u8, count: u64) {
    let card = open_card();
    card.bar0_write(regs::NODE_ID, node as u64);
    let page = export_page(&card);
    let mut control = Control(0);
    control.set_rx_enable(true);
    card.bar0_write(regs::CONTROL, control.0);
    wait_until("the peer's items", Duration::from_secs(60), || card.bar0_read(regs::CNT_ENQUEUED) >= count);
    let mut verdict = Verdict::new(0x11a1, count);
    for i in 0..count {
        let v = page.word(FIRST_DATA_INDEX + i);
        verdict.feed(v).unwrap_or_else(|e| panic!("item {i} from the peer: {e}"));
    }
    assert_eq!(verdict.counts()[0x11a0], count, "{}", verdict.summary().line());
    assert_eq!(card.bar0_read(regs::CNT_REJECTED), 0, "CNT_REJECTED");
    report("link_received", count);
}

/// Overflow → interrupt → stall → drain → resume on a small queue (spec §5). Returns the stores made.
fn overflow_round_trip(card: &PciCard, node: u8) -> u64 {
    const SMALL_QUEUE: u8 = 1;
    const SMALL_LOG2: u32 = renq_abi::buffer::MIN_LOG2_WORDS;
    let capacity = renq_abi::buffer::capacity(SMALL_LOG2);
    let page = export_buffer(card, SMALL_QUEUE, SMALL_LOG2);
    let mut overflow = Irq(0);
    overflow.set_overflow(true);
    card.bar0_write(regs::IRQ_MASK, card.bar0_read(regs::IRQ_MASK) | overflow.0);
    let small = shadow(card, node, SMALL_QUEUE);
    let enq0 = card.bar0_read(regs::CNT_ENQUEUED);
    let t0 = Instant::now();
    for i in 0..capacity {
        small.store(0x0f00 + i);
    }
    assert!(card.wait_irq(Duration::from_secs(5)), "no OVERFLOW interrupt after {capacity} items");
    report("overflow_irq_us", format!("{:.1}", micros(t0.elapsed())));
    assert!(card.bar0_read(regs::IRQ_STATUS) & overflow.0 != 0, "IRQ_STATUS lacks OVERFLOW");
    assert_eq!(card.bar0_read(regs::STALLED), 1 << SMALL_QUEUE, "STALLED");
    assert_eq!(card.bar0_read(regs::CNT_ENQUEUED) - enq0, capacity);
    // One more item: it must wait on the link, not be lost or written.
    small.store(0x0f00 + capacity);
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(card.bar0_read(regs::CNT_ENQUEUED) - enq0, capacity, "item entered a stalled queue");
    // The driver's part: consume everything (head = tail), acknowledge, resume.
    for i in 0..capacity {
        assert_eq!(page.word(FIRST_DATA_INDEX + i), 0x0f00 + i, "item {i} of the small queue");
    }
    let tail = page.word(TAIL_WORD);
    page.set_word(HEAD_WORD, tail);
    card.bar0_write(regs::IRQ_STATUS, overflow.0);
    card.bar0_write(regs::RESUME, SMALL_QUEUE as u64);
    wait_until("the waiting item after RESUME", Duration::from_secs(5), || {
        card.bar0_read(regs::CNT_ENQUEUED) - enq0 == capacity + 1
    });
    assert_eq!(page.word(tail), 0x0f00 + capacity, "the waiting item landed at the old tail");
    assert_eq!(card.bar0_read(regs::STALLED), 0);
    report("overflow", format!("stalled_after:{capacity},resumed,nothing_lost"));
    capacity + 1
}

fn smoke(node: u8) {
    let card = open_card();

    let id = card.bar0_read(regs::ID);
    report("id", format!("{id:#x}"));
    assert_eq!(id, regs::ID_VALUE, "ID register");
    card.bar0_write(regs::NODE_ID, node as u64);
    assert_eq!(card.bar0_read(regs::NODE_ID), node as u64, "NODE_ID read back");
    report("node_id", node);

    // One enqueue into guest RAM, by one 8-byte store.
    let page = export_page(&card);
    let mut control = Control(0);
    control.set_rx_enable(true);
    control.set_tx_enable(true);
    card.bar0_write(regs::CONTROL, control.0);
    let main = shadow(&card, node, QUEUE);
    let sent0 = card.bar0_read(regs::CNT_SENT);
    let enq0 = card.bar0_read(regs::CNT_ENQUEUED);
    let item = 0x5eed_0000_0000_0001u64;
    main.store(item);
    let mut stores = 1u64;
    assert_eq!(card.bar0_read(regs::CNT_SENT), sent0 + 1, "CNT_SENT after one store");
    wait_until("CNT_ENQUEUED", Duration::from_secs(5), || card.bar0_read(regs::CNT_ENQUEUED) == enq0 + 1);
    assert_eq!(page.word(FIRST_DATA_INDEX), item, "item the card wrote into guest RAM");
    assert_eq!(page.word(TAIL_WORD), FIRST_DATA_INDEX + 1, "tail the card wrote");
    report("one_store", "sent+1,enqueued+1,dma_ok");

    // Interrupt path: NOTIFY on an armed queue -> card irq line -> ivshmem doorbell -> MSI-X.
    let notify = Irq({
        let mut i = Irq(0);
        i.set_notify(true);
        i.0
    });
    card.bar0_write(regs::IRQ_MASK, notify.0);
    let mut irq_lat = Vec::new();
    let mut interrupts = 0;
    for round in 0..IRQ_ROUNDS {
        card.bar0_write(regs::ARM, QUEUE as u64);
        let t0 = Instant::now();
        main.store(item + 1 + round as u64);
        let woke = card.wait_irq(Duration::from_secs(5));
        let dt = t0.elapsed();
        stores += 1;
        assert!(woke, "no interrupt within 5 s in round {round}");
        interrupts += 1;
        irq_lat.push(micros(dt));
        let status = card.bar0_read(regs::IRQ_STATUS);
        assert!(status & notify.0 != 0, "IRQ_STATUS {status:#x} lacks NOTIFY");
        card.bar0_write(regs::IRQ_STATUS, notify.0); // W1C: the line drops
    }
    report("interrupts", interrupts);
    stats("store_to_irq", irq_lat);
    let small_queue_stores = overflow_round_trip(&card, node);
    stores += small_queue_stores;

    // Per-access latency of the trapped BARs.
    let t = Instant::now();
    for _ in 0..READ_ROUNDS {
        assert_eq!(card.bar0_read(regs::ID), regs::ID_VALUE);
    }
    report("bar0_read_us", format!("{:.2}", micros(t.elapsed()) / READ_ROUNDS as f64));
    let t = Instant::now();
    for i in 0..STORE_ROUNDS {
        main.store(0x1000 + i as u64);
    }
    stores += STORE_ROUNDS as u64;
    report("bar2_store_us", format!("{:.2}", micros(t.elapsed()) / STORE_ROUNDS as f64));

    let sent = card.bar0_read(regs::CNT_SENT) - sent0;
    wait_until("all items enqueued", Duration::from_secs(10), || card.bar0_read(regs::CNT_ENQUEUED) - enq0 == stores);
    assert_eq!(sent, stores, "CNT_SENT counts every store once");
    assert_eq!(page.word(TAIL_WORD), FIRST_DATA_INDEX + stores - small_queue_stores, "tail after all items");
    report("bar2_stores", stores);
    report("cnt_sent", sent);
}
