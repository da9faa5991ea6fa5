//! The behavioural model of the card: spec §3 (receiver FSM), §4 (bad input), §5/§5a (stall,
//! arm/notify), §7 (sender), §8 (registers), written for speed and for reading side by side
//! with the spec. Every constant comes from `renq_abi`.

use renq_abi::buffer::{next_index, valid_log2, words, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::csr::{ExportEntry, Irq};
use renq_abi::packet::Packet;
use renq_abi::paper::regs::{self, defined};
use renq_abi::paper::shadow;
use renq_abi::{paper::MAX_QUEUES, WORD_SHIFT};

use crate::engine::CardEngine;
use crate::memory::HostMemory;

/// Bits of a queue number (the link's queue field).
const QUEUE_MASK: u64 = MAX_QUEUES as u64 - 1;
/// Every counter has the same width (the abi's table test checks it).
const COUNTER_MASK: u64 = defined::CNT_SENT;

/// Event counters, in register order (`regs::COUNTERS`).
#[derive(Clone, Copy)]
enum Counter {
    Sent = 0,
    TxDropped,
    Enqueued,
    Rejected,
    Overflows,
    BadHeader,
}

/// The card's registers; all state the card has (memory holds the queues).
#[derive(Clone, Debug, Default)]
pub struct PaperModel {
    node_id: u64,
    control: u64,
    irq_status: u64,
    irq_mask: u64,
    stalled: u64,
    armed: u64,
    counters: [u64; regs::COUNTERS.len()],
    export: [u64; MAX_QUEUES],
}

impl PaperModel {
    /// A card as after reset: everything zero, RX and TX disabled, no queue exported.
    pub fn new() -> PaperModel {
        PaperModel::default()
    }

    fn count(&mut self, c: Counter) {
        let v = &mut self.counters[c as usize];
        *v = (*v + 1) & COUNTER_MASK;
    }

    fn rx_enable(&self) -> bool {
        regs::Control(self.control).rx_enable()
    }

    fn tx_enable(&self) -> bool {
        regs::Control(self.control).tx_enable()
    }

    /// Counter index for a counter register offset, if it is one.
    fn counter_index(offset: u64) -> Option<usize> {
        regs::COUNTERS.iter().position(|&(o, _)| o == offset)
    }

    /// Export table index for an EXPORT[q] offset, if it is one.
    fn export_index(offset: u64) -> Option<usize> {
        let q = offset.checked_sub(regs::EXPORT_BASE)? / 8;
        (q < MAX_QUEUES as u64).then_some(q as usize)
    }
}

impl CardEngine for PaperModel {
    fn card(&self) -> crate::engine::CardKind {
        crate::engine::CardKind::Paper
    }

    fn csr_read(&mut self, offset: u64) -> u64 {
        match offset {
            regs::ID => regs::ID_VALUE,
            regs::NODE_ID => self.node_id,
            regs::CONTROL => self.control,
            regs::IRQ_STATUS => self.irq_status,
            regs::IRQ_MASK => self.irq_mask,
            regs::STALLED => self.stalled,
            regs::ARMED => self.armed,
            o => {
                if let Some(i) = Self::counter_index(o) {
                    self.counters[i]
                } else if let Some(q) = Self::export_index(o) {
                    self.export[q]
                } else {
                    0 // RESUME, ARM (write-only) and unknown offsets
                }
            }
        }
    }

    fn csr_write(&mut self, offset: u64, value: u64) {
        match offset {
            regs::NODE_ID => self.node_id = value & defined::NODE_ID,
            regs::CONTROL => self.control = value & defined::CONTROL,
            regs::IRQ_STATUS => self.irq_status &= !(value & defined::IRQ_STATUS), // write 1 to clear
            regs::IRQ_MASK => self.irq_mask = value & defined::IRQ_MASK,
            // A RESUME/ARM value that is not a queue number is ignored (as the RTL does),
            // rather than aliasing onto some other queue.
            regs::RESUME if value & !defined::RESUME == 0 => self.stalled &= !(1 << value),
            regs::ARM if value & !defined::ARM == 0 => self.armed |= 1 << value,
            o => {
                if let Some(q) = Self::export_index(o) {
                    self.export[q] = value & defined::EXPORT;
                }
                // ID, counters, STALLED, ARMED are read-only; unknown offsets are ignored.
            }
        }
    }

    fn shadow_write(&mut self, offset: u64, data: u64, byte_enable: u8) -> Option<Packet> {
        // §4: a store outside the window, misaligned, partial, or while TX is disabled is
        // dropped and counted at the sender.
        match shadow::decode(offset, byte_enable) {
            Ok((dst, queue)) if self.tx_enable() => {
                self.count(Counter::Sent);
                Some(Packet::enqueue((self.node_id as u8) as u16, dst as u16, queue as u16, data))
            }
            _ => {
                self.count(Counter::TxDropped);
                None
            }
        }
    }

    fn deliver(&mut self, mem: &HostMemory, pkt: Packet) -> bool {
        let q = pkt.queue as usize & QUEUE_MASK as usize;
        // The link handshake: a packet waits while RX is off or its queue is stalled (§5).
        if !self.rx_enable() || self.stalled & (1 << q) != 0 {
            return false;
        }
        // LD0: validate against the export table before touching memory.
        let entry = ExportEntry(self.export[q]);
        let (valid, k) = (entry.valid(), entry.log2_words() as u32);
        if pkt.dst as u64 != self.node_id || !valid || !valid_log2(k) {
            self.count(Counter::Rejected);
            return true;
        }
        let mask = words(k) - 1;
        let base = renq_abi::buffer::aligned_base(entry.base(), k);
        let word = |i: u64| base | (i << WORD_SHIFT);
        // RD0: the tail, masked to the buffer; a tail pointing into the header is corrupt.
        let tail = mem.dma_read(word(TAIL_WORD)) & mask;
        if tail < FIRST_DATA_INDEX {
            self.count(Counter::BadHeader);
            self.irq_status |= Irq::BAD_HEADER_MASK;
            return true;
        }
        // WR0: the item goes into the free slot before the head is known.
        mem.dma_write(word(tail), pkt.data);
        // RD1: the head, masked.
        let head = mem.dma_read(word(HEAD_WORD)) & mask;
        // WR1: publish the tail; decide fullness.
        let next = next_index(tail, k);
        if next == head {
            // Corrupted header claimed "already full" while the queue ran: keep the tail,
            // count BAD_HEADER (with its interrupt bit, as every BAD_HEADER), stall with an
            // OVERFLOW interrupt (spec §3, corner). Not counted as enqueued nor as an overflow,
            // and no NOTIFY: the item is not visible to the consumer.
            mem.dma_write(word(TAIL_WORD), tail);
            self.count(Counter::BadHeader);
            self.stalled |= 1 << q;
            self.irq_status |= Irq::OVERFLOW_MASK | Irq::BAD_HEADER_MASK;
            return true;
        }
        mem.dma_write(word(TAIL_WORD), next);
        self.count(Counter::Enqueued);
        if next_index(next, k) == head {
            self.count(Counter::Overflows);
            self.stalled |= 1 << q;
            self.irq_status |= Irq::OVERFLOW_MASK;
        }
        if self.armed & (1 << q) != 0 {
            self.armed &= !(1 << q);
            self.irq_status |= Irq::NOTIFY_MASK;
        }
        true
    }

    fn irq(&mut self) -> bool {
        self.irq_status & self.irq_mask != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use renq_abi::buffer::{capacity, LINK_WORD};
    use renq_abi::csr::ExportEntry;
    use std::sync::atomic::Ordering::*;

    const BUF: u64 = 0x10000;

    fn export_value(base: u64, k: u32) -> u64 {
        ExportEntry::new(base, k).0
    }

    fn setup(k: u32) -> (PaperModel, HostMemory) {
        let mem = HostMemory::create(1 << 20).unwrap();
        let mut c = PaperModel::new();
        c.csr_write(regs::NODE_ID, 2);
        c.csr_write(regs::CONTROL, regs::Control::new(true, true).0);
        c.csr_write(regs::IRQ_MASK, regs::IRQ_ALL);
        c.csr_write(regs::export_entry(5), export_value(BUF, k));
        mem.store_u64(BUF + (LINK_WORD << 3), renq_abi::buffer::link_word(0, k), Relaxed);
        mem.store_u64(BUF + (TAIL_WORD << 3), FIRST_DATA_INDEX, Relaxed);
        mem.store_u64(BUF + (HEAD_WORD << 3), FIRST_DATA_INDEX, Relaxed);
        (c, mem)
    }

    fn pkt(data: u64) -> Packet {
        Packet::enqueue(1, 2, 5, data)
    }

    #[test]
    fn fills_stalls_and_resumes() {
        let (mut c, mem) = setup(3);
        for i in 0..capacity(3) {
            assert!(c.deliver(&mem, pkt(100 + i)));
        }
        assert_eq!(c.csr_read(regs::STALLED), 1 << 5);
        assert_eq!(c.csr_read(regs::CNT_OVERFLOWS), 1);
        assert_eq!(c.csr_read(regs::CNT_ENQUEUED), 4);
        assert!(c.irq());
        assert!(!c.deliver(&mem, pkt(999)), "stalled queue must not accept");
        assert_eq!(mem.snapshot(BUF + 24, 5), vec![100, 101, 102, 103, 0]);
        assert_eq!(mem.load_u64(BUF + 8, Relaxed), 7);
        // Consumer takes one; driver acks and resumes.
        mem.store_u64(BUF + 16, 4, Release);
        c.csr_write(regs::IRQ_STATUS, Irq::OVERFLOW_MASK);
        c.csr_write(regs::RESUME, 5);
        assert!(!c.irq());
        assert!(c.deliver(&mem, pkt(999)));
        assert_eq!(mem.load_u64(BUF + 7 * 8, Relaxed), 999);
        assert_eq!(mem.load_u64(BUF + 8, Relaxed), 3, "tail wraps to 3");
        // next(3) = 4 = head: full again.
        assert_eq!(c.csr_read(regs::STALLED), 1 << 5);
    }

    #[test]
    fn bad_header_and_rejects_touch_nothing() {
        let (mut c, mem) = setup(4);
        mem.store_u64(BUF + 8, 0xffff_0000_0000_0001, Relaxed); // masked tail 1 < 3
        assert!(c.deliver(&mem, pkt(1)));
        assert_eq!(c.csr_read(regs::CNT_BAD_HEADER), 1);
        assert_eq!(c.csr_read(regs::IRQ_STATUS), Irq::BAD_HEADER_MASK);
        assert!(c.deliver(&mem, Packet { queue: 6, ..pkt(1) })); // not exported
        assert!(c.deliver(&mem, Packet { dst: 3, ..pkt(1) })); // not for us
        assert_eq!(c.csr_read(regs::CNT_REJECTED), 2);
        assert_eq!(c.csr_read(regs::CNT_ENQUEUED), 0);
        assert!(mem.snapshot(BUF + 16, 100).iter().skip(1).all(|&w| w == 0));
        // Garbage high bits in the tail are masked away: index 0x13 & 15 = 3.
        mem.store_u64(BUF + 8, 0xabcd_0013, Relaxed);
        assert!(c.deliver(&mem, pkt(77)));
        assert_eq!(mem.load_u64(BUF + 24, Relaxed), 77);
        assert_eq!(mem.load_u64(BUF + 8, Relaxed), 4);
    }

    #[test]
    fn corrupt_full_header_corner() {
        let (mut c, mem) = setup(3);
        mem.store_u64(BUF + 8, 5, Relaxed);
        mem.store_u64(BUF + 16, 6, Relaxed); // next(tail) == head
        assert!(c.deliver(&mem, pkt(55)));
        assert_eq!(mem.load_u64(BUF + 8, Relaxed), 5, "tail unchanged");
        assert_eq!(mem.load_u64(BUF + 5 * 8, Relaxed), 55, "item in the free slot");
        assert_eq!(c.csr_read(regs::CNT_BAD_HEADER), 1);
        assert_eq!(c.csr_read(regs::CNT_ENQUEUED), 0);
        assert_eq!(c.csr_read(regs::STALLED), 1 << 5);
        assert_eq!(c.csr_read(regs::IRQ_STATUS), Irq::OVERFLOW_MASK | Irq::BAD_HEADER_MASK);
        assert_eq!(c.csr_read(regs::CNT_OVERFLOWS), 0);
    }

    #[test]
    fn arm_notifies_once() {
        let (mut c, mem) = setup(6);
        c.csr_write(regs::ARM, 5 | 1 << 4); // not a queue number: ignored
        assert_eq!(c.csr_read(regs::ARMED), 0);
        c.csr_write(regs::ARM, 5);
        assert_eq!(c.csr_read(regs::ARMED), 1 << 5);
        assert!(c.deliver(&mem, pkt(1)));
        assert_eq!(c.csr_read(regs::IRQ_STATUS), Irq::NOTIFY_MASK);
        assert_eq!(c.csr_read(regs::ARMED), 0);
        c.csr_write(regs::IRQ_STATUS, Irq::NOTIFY_MASK);
        assert!(c.deliver(&mem, pkt(2)));
        assert_eq!(c.csr_read(regs::IRQ_STATUS), 0, "one interrupt per arm");
    }

    #[test]
    fn sender_and_registers() {
        let mut c = PaperModel::new();
        assert_eq!(c.csr_read(regs::ID), regs::ID_VALUE);
        let off = shadow::page_offset(3, 9) + 0x18;
        assert_eq!(c.shadow_write(off, 1, 0xff), None, "TX disabled");
        c.csr_write(regs::CONTROL, 0xff);
        assert_eq!(c.csr_read(regs::CONTROL), 0b11);
        c.csr_write(regs::NODE_ID, 0x17);
        assert_eq!(c.shadow_write(off, 42, 0xff), Some(Packet::enqueue(7, 3, 9, 42)));
        assert_eq!(c.shadow_write(off + 4, 42, 0xff), None);
        assert_eq!(c.shadow_write(off, 42, 0x0f), None);
        assert_eq!(c.shadow_write(shadow::WINDOW_BYTES, 42, 0xff), None);
        assert_eq!(c.csr_read(regs::CNT_SENT), 1);
        assert_eq!(c.csr_read(regs::CNT_TX_DROPPED), 4);
        c.csr_write(regs::export_entry(15), u64::MAX);
        assert_eq!(c.csr_read(regs::export_entry(15)), 0x801f_ffff_ffff_ffff, "VALID, k, base (spec §8)");
        c.csr_write(regs::CNT_SENT, 0);
        assert_eq!(c.csr_read(regs::CNT_SENT), 1, "counters are read-only");
        assert_eq!(c.csr_read(0x800), 0);
    }

    /// Each RW register of the abi table stores exactly its defined bits; RO registers ignore
    /// writes; WO registers read 0.
    #[test]
    fn registers_follow_the_abi_table() {
        for r in regs::REGISTERS {
            let mut c = PaperModel::new();
            let off = r.offset + 8 * (r.count as u64 - 1);
            let before = c.csr_read(off);
            c.csr_write(off, u64::MAX);
            let after = c.csr_read(off);
            match r.access {
                regs::Access::Rw => assert_eq!(after, r.defined, "{}", r.name),
                regs::Access::Ro => assert_eq!(after, before, "{}", r.name),
                regs::Access::W1c | regs::Access::Wo => assert_eq!(after, 0, "{}", r.name),
            }
            assert_eq!(before, r.reset, "{} after reset", r.name);
        }
    }
}
