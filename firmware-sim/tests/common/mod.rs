//! A minimal driver for the tests: export a queue, dequeue from it, handle overflow by
//! draining-and-resuming. Everything through the card's `Device` side and HostMemory, as the real driver does.
#![allow(dead_code)]

use std::sync::atomic::Ordering::*;

use renq_abi::buffer::{link_word, next_index, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::bits;
use renq_abi::paper::regs;
pub use renq_driver::Device;
use renq_sim::{HostMemory, SimCard};

pub const ALL_IRQS: u64 = 1 << bits::IRQ_OVERFLOW | 1 << bits::IRQ_BAD_HEADER | 1 << bits::IRQ_NOTIFY;

pub fn export_value(base: u64, k: u32) -> u64 {
    1 << bits::EXPORT_VALID | (k as u64) << bits::EXPORT_LOG2_LSB | base
}

pub fn word(base: u64, i: u64) -> u64 {
    base + i * 8
}

/// Resets a buffer header and exports it as queue q; enables RX/TX and all interrupts.
pub fn export_queue(card: &SimCard, q: u8, base: u64, k: u32) {
    let m = card.memory();
    m.store_u64(word(base, LINK_WORD), link_word(0, k), Relaxed);
    m.store_u64(word(base, TAIL_WORD), FIRST_DATA_INDEX, Relaxed);
    m.store_u64(word(base, HEAD_WORD), FIRST_DATA_INDEX, Release);
    card.bar0_write(regs::export_entry(q), export_value(base, k));
    card.bar0_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE | 1 << bits::CONTROL_TX_ENABLE);
    card.bar0_write(regs::IRQ_MASK, ALL_IRQS);
}

/// Single-consumer dequeue from one buffer (spec §9 memory ordering).
pub fn dequeue(m: &HostMemory, base: u64, k: u32) -> Option<u64> {
    let head = m.load_u64(word(base, HEAD_WORD), Relaxed);
    let tail = m.load_u64(word(base, TAIL_WORD), Acquire);
    if head == tail {
        return None;
    }
    let v = m.load_u64(word(base, head), Relaxed);
    m.store_u64(word(base, HEAD_WORD), next_index(head, k), Release);
    Some(v)
}

/// The tests' overflow handler: drain-and-resume instead of extending. Only once the card has
/// stalled q is its buffer frozen, so room is checked after STALLED is seen; resuming a full
/// buffer would make the card hit the "already full" corner and drop the next item.
pub fn resume_if_room(card: &SimCard, q: u8, base: u64, k: u32) -> bool {
    if card.bar0_read(regs::STALLED) & (1 << q) == 0 {
        return false;
    }
    let m = card.memory();
    let head = m.load_u64(word(base, HEAD_WORD), Acquire);
    let tail = m.load_u64(word(base, TAIL_WORD), Acquire);
    if next_index(tail, k) == head {
        return false; // still full: the consumer must take something first
    }
    card.bar0_write(regs::IRQ_STATUS, 1 << bits::IRQ_OVERFLOW);
    card.bar0_write(regs::RESUME, q as u64);
    true
}

/// SplitMix64: a seeded generator, so failures reproduce.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        renq_sim::faults::splitmix64(&mut self.0)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
