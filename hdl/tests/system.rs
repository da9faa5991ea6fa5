//! System tests: two `top` cards (RustHDL, stepped cycle by cycle), A.tx → B.rx, with a host
//! memory model behind B. Card A is node 1, card B is node 2.

use renq_abi::buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::packet::Packet;
use renq_abi::{paper::regs, paper::shadow};
use renq_hdl::harness::{export_word, for_each_condition, init_buffer, Conditions, CsrMaster, LinkedPair, IRQ_ALL};
use renq_hdl::mem::MemAccess;

const A: u8 = 1;
const B: u8 = 2;
const FULL: u8 = 0xff;
/// Enough cycles for one enqueue to cross the link and finish (~2 + 5).
const SETTLE: u64 = 12;

fn pair() -> LinkedPair {
    let mut p = LinkedPair::new(0);
    p.a.configure(A);
    p.b.configure(B);
    p
}

fn word(base: u64, index: u64) -> u64 {
    base + index * renq_abi::WORD_BYTES
}

/// Shadow offset of (node, queue), somewhere inside the page.
fn shadow_of(node: u8, queue: u8) -> u32 {
    (shadow::page_offset(node, queue) + 0x18) as u32
}

fn irq_bit(bit: u32) -> u64 {
    1 << bit
}

#[test]
fn shadow_store_on_a_becomes_the_item_in_b_memory() {
    let mut p = pair();
    let (q, base, k) = (5u8, 0x10000u64, 4u32);
    p.b.export_queue(q, base, k);
    assert!(p.store_a(shadow_of(B, q), 0xabcd_0123_4567_89ef, FULL, 4));
    p.run(SETTLE);

    assert_eq!(p.b.received, vec![Packet::enqueue(A as u16, B as u16, q as u16, 0xabcd_0123_4567_89ef)]);
    assert_eq!(p.b.mem.read(word(base, FIRST_DATA_INDEX)), 0xabcd_0123_4567_89ef);
    assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), FIRST_DATA_INDEX + 1);
    assert_eq!(p.b.mem.read(word(base, HEAD_WORD)), FIRST_DATA_INDEX);
    // Exactly the four accesses of spec §3, in order.
    let t = word(base, TAIL_WORD);
    assert_eq!(
        p.b.mem.log,
        vec![
            MemAccess { write: false, addr: t, data: FIRST_DATA_INDEX },
            MemAccess { write: true, addr: word(base, FIRST_DATA_INDEX), data: 0xabcd_0123_4567_89ef },
            MemAccess { write: false, addr: word(base, HEAD_WORD), data: FIRST_DATA_INDEX },
            MemAccess { write: true, addr: t, data: FIRST_DATA_INDEX + 1 },
        ]
    );
    assert_eq!(p.a.counter(regs::CNT_SENT), 1);
    assert_eq!(p.a.counter(regs::CNT_TX_DROPPED), 0);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), 1);
    assert_eq!(p.b.counter(regs::CNT_REJECTED), 0);
    assert!(p.a.mem.log.is_empty(), "the sender never touches its own memory");
    assert!(!p.b.out.irq);
}

/// A stream of shadow stores on A into a queue of B, under every bus condition (memory wait
/// states, link pauses): every item lands in order, B's memory sees exactly the idle run's
/// accesses, and the counters agree.
#[test]
fn store_stream_lands_in_order_under_every_condition() {
    let (q, base, k) = (2u8, 0x3_0000u64, 4u32); // 13 data slots
    let items: Vec<u64> = (0..8).map(|i| 0x5000 + i).collect();
    let run = |cond: Conditions| {
        let mut p = LinkedPair::with_conditions(cond);
        p.a.configure(A);
        p.b.configure(B);
        p.b.export_queue(q, base, k);
        for &it in &items {
            assert!(p.store_a(shadow_of(B, q), it, FULL, 20 * SETTLE), "store {it:#x} refused");
        }
        // Bounded: until B has taken and written every item.
        for _ in 0..40 * SETTLE {
            if p.b.mem.log.iter().filter(|a| a.write).count() == 2 * items.len() {
                break;
            }
            p.step();
        }
        p.b.drain(SETTLE);
        let landed: Vec<u64> =
            (0..items.len() as u64).map(|i| p.b.mem.read(word(base, FIRST_DATA_INDEX + i))).collect();
        assert_eq!(landed, items);
        assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), FIRST_DATA_INDEX + items.len() as u64);
        assert_eq!(p.a.counter(regs::CNT_SENT), items.len() as u64);
        assert_eq!(p.b.counter(regs::CNT_ENQUEUED), items.len() as u64);
        assert_eq!(p.b.received.len(), items.len());
        p.b.mem.log.clone()
    };
    let idle = run(Conditions::idle());
    for_each_condition(0x5eed_0002, |cond| assert_eq!(run(cond), idle));
}

/// The overflow handler of spec §9, reduced to what the card sees: drain F's items into the
/// "new buffer" `moved`, reset F.HEAD = F.TAIL = first slot, W1C the status, write RESUME.
fn handle_overflow(p: &mut LinkedPair, q: u8, base: u64, k: u32, moved: &mut Vec<u64>) {
    let mut head = p.b.mem.read(word(base, HEAD_WORD));
    let tail = p.b.mem.read(word(base, TAIL_WORD));
    while head != tail {
        moved.push(p.b.mem.read(word(base, head)));
        head = buffer::next_index(head, k);
    }
    init_buffer(&mut p.b.mem, base, k);
    let status = p.b.csr_read(regs::IRQ_STATUS);
    p.csr_write(false, regs::IRQ_STATUS, status);
    p.csr_write(false, regs::RESUME, q as u64);
}

#[test]
fn full_queue_interrupts_stalls_and_resumes_without_loss() {
    let mut p = pair();
    let (q, base, k) = (3u8, 0x8000u64, 3u32); // capacity 4
    p.b.export_queue(q, base, k);
    let items: Vec<u64> = (0..9).map(|i| 0x1000 + i).collect();

    // Items 0..3 fill the buffer; item 4 waits in A's output register, blocked on the link.
    for &it in &items[..5] {
        assert!(p.store_a(shadow_of(B, q), it, FULL, 2 * SETTLE), "store {it:#x} refused");
    }
    p.run(3 * SETTLE);
    assert!(p.b.out.irq, "overflow must raise the interrupt");
    assert_eq!(p.b.csr_read(regs::IRQ_STATUS), irq_bit(regs::bits::IRQ_OVERFLOW));
    assert_eq!(p.b.csr_read(regs::STALLED), 1 << q);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), buffer::capacity(k));
    assert_eq!(p.b.counter(regs::CNT_OVERFLOWS), 1);
    assert_eq!(p.b.received.len() as u64, buffer::capacity(k), "the 5th packet must wait on the link");
    assert!(p.a.out.tx_valid);
    assert!(!p.b.out.rx_ready);
    // Back-pressure reaches the shadow port: one more store is not taken while stalled.
    assert!(!p.store_a(shadow_of(B, q), items[5], FULL, SETTLE));

    let mut moved = Vec::new();
    handle_overflow(&mut p, q, base, k, &mut moved);
    assert!(!p.b.out.irq);
    assert_eq!(p.b.csr_read(regs::STALLED), 0);
    for &it in &items[5..] {
        assert!(p.store_a(shadow_of(B, q), it, FULL, 2 * SETTLE), "store {it:#x} refused after resume");
    }
    p.run(3 * SETTLE);
    // 4 moved + items 4..8 = 9: the buffer is full again (4 items) and item 8 waits.
    assert_eq!(p.b.csr_read(regs::STALLED), 1 << q);
    handle_overflow(&mut p, q, base, k, &mut moved);
    p.run(2 * SETTLE);
    let mut head = p.b.mem.read(word(base, HEAD_WORD));
    while head != p.b.mem.read(word(base, TAIL_WORD)) {
        moved.push(p.b.mem.read(word(base, head)));
        head = buffer::next_index(head, k);
    }
    assert_eq!(moved, items, "every item arrives, in order, exactly once");
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), items.len() as u64);
    assert_eq!(p.b.counter(regs::CNT_OVERFLOWS), 2);
    assert_eq!(p.a.counter(regs::CNT_SENT), items.len() as u64);
    assert_eq!(p.b.counter(regs::CNT_BAD_HEADER), 0);
}

/// Every card write must land inside [base, base + size) and never on LINK or HEAD.
fn assert_confined(log: &[MemAccess], base: u64, k: u32) {
    for a in log.iter().filter(|a| a.write) {
        assert!(a.addr >= base && a.addr < base + buffer::bytes(k), "write outside the buffer: {a:x?}");
        assert_ne!(a.addr, word(base, HEAD_WORD), "card wrote HEAD: {a:x?}");
        assert_ne!(a.addr, word(base, LINK_WORD), "card wrote LINK: {a:x?}");
    }
    for a in log {
        assert!(a.addr >= base && a.addr < base + buffer::bytes(k), "access outside the buffer: {a:x?}");
    }
}

#[test]
fn hostile_headers_stay_inside_the_buffer_and_never_touch_head() {
    let mut p = pair();
    let (q, k) = (6u8, 4u32); // 16 words
    let base = 0x2_0000u64;
    // Misaligned base in the export entry: the card clears the low bits.
    p.b.csr_write(regs::export_entry(q), export_word(base + 0x48, k));
    init_buffer(&mut p.b.mem, base, k);
    let send = |p: &mut LinkedPair, tail: u64, head: u64, link: u64, data: u64| {
        p.b.mem.write(word(base, TAIL_WORD), tail);
        p.b.mem.write(word(base, HEAD_WORD), head);
        p.b.mem.write(word(base, LINK_WORD), link);
        assert!(p.store_a(shadow_of(B, q), data, FULL, 2 * SETTLE));
        p.run(SETTLE);
    };

    // tail ≥ size with garbage high bits: masked to 7.
    send(&mut p, 0xffff_0000_0001_2347, 3, 0, 0xa1);
    assert_eq!(p.b.mem.read(word(base, 7)), 0xa1);
    assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), 8);
    // tail < 3 → BAD_HEADER, dropped, nothing written.
    let writes_before = p.b.mem.log.iter().filter(|a| a.write).count();
    send(&mut p, 1, 3, 0, 0xa2);
    send(&mut p, 0x10 | 2, 3, 0, 0xa3); // masks to 2
    assert_eq!(p.b.mem.log.iter().filter(|a| a.write).count(), writes_before);
    assert_eq!(p.b.counter(regs::CNT_BAD_HEADER), 2);
    assert_eq!(p.b.csr_read(regs::IRQ_STATUS), irq_bit(regs::bits::IRQ_BAD_HEADER));
    // Head garbage (masked to 15) and a LINK word claiming a non-power-of-two size.
    send(&mut p, 5, 0xdead_beef_0000_ffff, 0x1234_5640 | 13, 0xa4);
    assert_eq!(p.b.mem.read(word(base, 5)), 0xa4);
    assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), 6);
    assert_eq!(p.b.mem.read(word(base, LINK_WORD)), 0x1234_5640 | 13, "LINK is never written");
    // Tail at the last slot wraps to the first data slot, not to the header.
    send(&mut p, 15, 7, 0, 0xa5);
    assert_eq!(p.b.mem.read(word(base, 15)), 0xa5);
    assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), FIRST_DATA_INDEX);
    assert_eq!(p.b.csr_read(regs::STALLED), 0);
    // "Already full" corner (next(tail) == head while not stalled): tail written unchanged,
    // BAD_HEADER counted, queue stalled with an OVERFLOW interrupt.
    send(&mut p, 9, 10, 0, 0xa6);
    assert_eq!(p.b.mem.read(word(base, TAIL_WORD)), 9);
    assert_eq!(p.b.counter(regs::CNT_BAD_HEADER), 3);
    assert_eq!(p.b.counter(regs::CNT_OVERFLOWS), 0);
    assert_eq!(p.b.csr_read(regs::STALLED), 1 << q);
    assert_ne!(p.b.csr_read(regs::IRQ_STATUS) & irq_bit(regs::bits::IRQ_OVERFLOW), 0);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), 3);

    assert_confined(&p.b.mem.log, base, k);
    // Data writes only ever hit data slots; the only header word written is TAIL.
    for a in p.b.mem.log.iter().filter(|a| a.write) {
        let index = (a.addr - base) / renq_abi::WORD_BYTES;
        assert!(index == TAIL_WORD || index >= FIRST_DATA_INDEX, "{a:x?}");
    }
}

#[test]
fn unexported_or_invalid_targets_never_touch_memory() {
    let mut p = pair();
    p.b.export_queue(5, 0x4000, 4);
    // Entry with a size out of 3..=16 (both sides) and one with VALID clear.
    p.b.csr_write(regs::export_entry(10), export_word(0x8000, renq_abi::buffer::MIN_LOG2_WORDS - 1));
    p.b.csr_write(regs::export_entry(11), export_word(0x8000, renq_abi::buffer::MAX_LOG2_WORDS + 1));
    p.b.csr_write(regs::export_entry(12), export_word(0x8000, 4) & !(1 << regs::bits::EXPORT_VALID));
    let log_before = p.b.mem.log.len();
    for (node, q) in [(B, 9u8), (B, 10), (B, 11), (B, 12), (3, 5)] {
        // (3, 5): an exported queue number, but addressed to another node.
        assert!(p.store_a(shadow_of(node, q), 0xbad, FULL, 2 * SETTLE));
        p.run(SETTLE);
    }
    assert_eq!(p.b.received.len(), 5, "rejected packets are taken off the link, not left blocking it");
    assert_eq!(p.b.mem.log.len(), log_before, "no memory access at all: {:x?}", p.b.mem.log);
    assert_eq!(p.b.counter(regs::CNT_REJECTED), 5);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), 0);
    // The valid queue still works afterwards.
    assert!(p.store_a(shadow_of(B, 5), 0x600d, FULL, 2 * SETTLE));
    p.run(SETTLE);
    assert_eq!(p.b.mem.read(word(0x4000, FIRST_DATA_INDEX)), 0x600d);
}

#[test]
fn bad_shadow_stores_are_dropped_and_counted() {
    let mut p = pair();
    p.b.export_queue(5, 0x4000, 4);
    let good = shadow_of(B, 5);
    assert!(p.store_a(good + 4, 1, FULL, 4)); // misaligned
    assert!(p.store_a(good, 2, 0x0f, 4)); // partial store
    assert!(p.store_a(shadow::WINDOW_BYTES as u32 + good, 3, FULL, 4)); // beyond the window
    p.csr_write(true, regs::CONTROL, renq_hdl::harness::control_word(true, false));
    assert!(p.store_a(good, 4, FULL, 4)); // TX disabled
    p.run(SETTLE);
    assert_eq!(p.a.counter(regs::CNT_TX_DROPPED), 4);
    assert_eq!(p.a.counter(regs::CNT_SENT), 0);
    assert!(p.b.received.is_empty());
    assert!(p.b.mem.log.is_empty());
}

#[test]
fn arm_notifies_once_and_rx_disable_holds_packets() {
    let mut p = pair();
    let (q, base) = (4u8, 0x6000u64);
    p.b.export_queue(q, base, 4);
    p.csr_write(false, regs::ARM, q as u64);
    assert_eq!(p.b.csr_read(regs::ARMED), 1 << q);
    assert!(p.store_a(shadow_of(B, q), 7, FULL, 4));
    p.run(SETTLE);
    assert!(p.b.out.irq);
    assert_eq!(p.b.csr_read(regs::IRQ_STATUS), irq_bit(regs::bits::IRQ_NOTIFY));
    assert_eq!(p.b.csr_read(regs::ARMED), 0, "one interrupt per arm");
    p.csr_write(false, regs::IRQ_STATUS, IRQ_ALL);
    assert!(!p.b.out.irq);
    assert!(p.store_a(shadow_of(B, q), 8, FULL, 4));
    p.run(SETTLE);
    assert!(!p.b.out.irq, "an unarmed queue does not notify");

    // RX disabled: the packet waits on the link, then lands once RX is enabled again.
    p.csr_write(false, regs::CONTROL, renq_hdl::harness::control_word(false, true));
    assert!(p.store_a(shadow_of(B, q), 9, FULL, 4));
    p.run(SETTLE);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), 2);
    assert!(p.a.out.tx_valid);
    p.csr_write(false, regs::CONTROL, renq_hdl::harness::control_word(true, true));
    p.run(SETTLE);
    assert_eq!(p.b.counter(regs::CNT_ENQUEUED), 3);
    assert_eq!(p.b.mem.read(word(base, FIRST_DATA_INDEX + 2)), 9);
}

#[test]
fn stalled_queue_waits_while_other_queues_flow() {
    use renq_hdl::harness::Node;
    let mut b = Node::new(1);
    b.configure(B);
    let (full_q, other_q) = (3u8, 4u8);
    b.export_queue(full_q, 0x1000, 3);
    b.export_queue(other_q, 0x2000, 3);
    let packet = |queue: u8, data: u64| Packet::enqueue(A as u16, B as u16, queue as u16, data);
    for i in 0..buffer::capacity(3) {
        assert!(b.offer(packet(full_q, i), 40));
    }
    b.drain(40);
    assert_eq!(b.csr_read(regs::STALLED), 1 << full_q);
    assert!(!b.offer(packet(full_q, 99), 40), "a stalled queue's packet must wait on the link");
    assert!(b.offer(packet(other_q, 7), 40), "other queues are still served");
    b.drain(40);
    assert_eq!(b.mem.read(word(0x2000, FIRST_DATA_INDEX)), 7);
    // RESUME with the buffer reset: the waiting packet is taken and lands in the first slot.
    init_buffer(&mut b.mem, 0x1000, 3);
    b.csr_write(regs::RESUME, full_q as u64);
    assert!(b.offer(packet(full_q, 99), 40));
    b.drain(40);
    assert_eq!(b.mem.read(word(0x1000, FIRST_DATA_INDEX)), 99);
    assert_eq!(b.counter(regs::CNT_ENQUEUED), buffer::capacity(3) + 2);
}
