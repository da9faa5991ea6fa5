//! The behavioural model of the card: spec §3 (receiver FSM), §4 (bad input), §5/§5a (stall,
//! arm/notify), §7 (sender), §8 (registers), written for speed and for reading side by side
//! with the spec. Every constant comes from `renq_abi`.

use renq_abi::buffer::{next_index, valid_log2, words, FIRST_DATA_INDEX, HEAD_WORD, TAIL_WORD};
use renq_abi::packet::Packet;
use renq_abi::regs::{self, bits};
use renq_abi::shadow;
use renq_abi::{COUNTER_BITS, DMA_ADDR_MASK, MAX_NODES, MAX_QUEUES, WORD_SHIFT};

use super::Engine;
use crate::memory::HostMemory;

/// Bits of NODE_ID that exist.
const NODE_MASK: u64 = MAX_NODES as u64 - 1;
/// Bits of a queue number written to RESUME / ARM.
const QUEUE_MASK: u64 = MAX_QUEUES as u64 - 1;
/// Bits of CONTROL that exist.
const CONTROL_MASK: u64 = (1 << bits::CONTROL_RX_ENABLE) | (1 << bits::CONTROL_TX_ENABLE);
/// Bits of IRQ_STATUS / IRQ_MASK that exist.
const IRQ_OVERFLOW: u64 = 1 << bits::IRQ_OVERFLOW;
const IRQ_BAD_HEADER: u64 = 1 << bits::IRQ_BAD_HEADER;
const IRQ_NOTIFY: u64 = 1 << bits::IRQ_NOTIFY;
const IRQ_MASK_ALL: u64 = IRQ_OVERFLOW | IRQ_BAD_HEADER | IRQ_NOTIFY;
/// Bits of an export entry the card stores (valid, log2, base); the rest read 0.
const EXPORT_LOG2_FIELD: u64 =
    ((1 << (bits::EXPORT_LOG2_MSB - bits::EXPORT_LOG2_LSB + 1)) - 1) << bits::EXPORT_LOG2_LSB;
const EXPORT_STORED: u64 = (1 << bits::EXPORT_VALID) | EXPORT_LOG2_FIELD | DMA_ADDR_MASK;
const COUNTER_MASK: u64 = (1 << COUNTER_BITS) - 1;

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
pub struct ModelCard {
    node_id: u64,
    control: u64,
    irq_status: u64,
    irq_mask: u64,
    stalled: u64,
    armed: u64,
    counters: [u64; regs::COUNTERS.len()],
    export: [u64; MAX_QUEUES],
}

impl ModelCard {
    /// A card as after reset: everything zero, RX and TX disabled, no queue exported.
    pub fn new() -> ModelCard {
        ModelCard::default()
    }

    fn count(&mut self, c: Counter) {
        let v = &mut self.counters[c as usize];
        *v = (*v + 1) & COUNTER_MASK;
    }

    fn rx_enable(&self) -> bool {
        self.control >> bits::CONTROL_RX_ENABLE & 1 != 0
    }

    fn tx_enable(&self) -> bool {
        self.control >> bits::CONTROL_TX_ENABLE & 1 != 0
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

impl Engine for ModelCard {
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
            regs::NODE_ID => self.node_id = value & NODE_MASK,
            regs::CONTROL => self.control = value & CONTROL_MASK,
            regs::IRQ_STATUS => self.irq_status &= !value, // write 1 to clear
            regs::IRQ_MASK => self.irq_mask = value & IRQ_MASK_ALL,
            // A RESUME/ARM value that is not a queue number is ignored (as the RTL does),
            // rather than aliasing onto some other queue.
            regs::RESUME if value <= QUEUE_MASK => self.stalled &= !(1 << value),
            regs::ARM if value <= QUEUE_MASK => self.armed |= 1 << value,
            o => {
                if let Some(q) = Self::export_index(o) {
                    self.export[q] = value & EXPORT_STORED;
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
                Some(Packet { src: self.node_id as u8, dst, queue, data })
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
        // (The abi's ExportEntry bitfield cannot be built from a u64 outside its crate, so
        // the fields are taken apart with the bit positions of `regs::bits`.)
        let entry = self.export[q];
        let valid = entry >> bits::EXPORT_VALID & 1 != 0;
        let k = ((entry & EXPORT_LOG2_FIELD) >> bits::EXPORT_LOG2_LSB) as u32;
        if pkt.dst as u64 != self.node_id || !valid || !valid_log2(k) {
            self.count(Counter::Rejected);
            return true;
        }
        let mask = words(k) - 1;
        let base = renq_abi::buffer::aligned_base(entry & DMA_ADDR_MASK, k);
        let word = |i: u64| base | (i << WORD_SHIFT);
        // RD0: the tail, masked to the buffer; a tail pointing into the header is corrupt.
        let tail = mem.dma_read(word(TAIL_WORD)) & mask;
        if tail < FIRST_DATA_INDEX {
            self.count(Counter::BadHeader);
            self.irq_status |= IRQ_BAD_HEADER;
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
            self.irq_status |= IRQ_OVERFLOW | IRQ_BAD_HEADER;
            return true;
        }
        mem.dma_write(word(TAIL_WORD), next);
        self.count(Counter::Enqueued);
        if next_index(next, k) == head {
            self.count(Counter::Overflows);
            self.stalled |= 1 << q;
            self.irq_status |= IRQ_OVERFLOW;
        }
        if self.armed & (1 << q) != 0 {
            self.armed &= !(1 << q);
            self.irq_status |= IRQ_NOTIFY;
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
    use renq_abi::regs::ExportEntry;
    use std::sync::atomic::Ordering::*;

    const BUF: u64 = 0x10000;

    fn export_value(base: u64, k: u32) -> u64 {
        let _ = ExportEntry::new; // the abi builder exists, but its u64 is private outside abi
        1 << bits::EXPORT_VALID | (k as u64) << bits::EXPORT_LOG2_LSB | base
    }

    fn setup(k: u32) -> (ModelCard, HostMemory) {
        let mem = HostMemory::create(1 << 20).unwrap();
        let mut c = ModelCard::new();
        c.csr_write(regs::NODE_ID, 2);
        c.csr_write(regs::CONTROL, CONTROL_MASK);
        c.csr_write(regs::IRQ_MASK, IRQ_MASK_ALL);
        c.csr_write(regs::export_entry(5), export_value(BUF, k));
        mem.store_u64(BUF + (LINK_WORD << 3), renq_abi::buffer::link_word(0, k), Relaxed);
        mem.store_u64(BUF + (TAIL_WORD << 3), FIRST_DATA_INDEX, Relaxed);
        mem.store_u64(BUF + (HEAD_WORD << 3), FIRST_DATA_INDEX, Relaxed);
        (c, mem)
    }

    fn pkt(data: u64) -> Packet {
        Packet { src: 1, dst: 2, queue: 5, data }
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
        c.csr_write(regs::IRQ_STATUS, IRQ_OVERFLOW);
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
        assert_eq!(c.csr_read(regs::IRQ_STATUS), IRQ_BAD_HEADER);
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
        assert_eq!(c.csr_read(regs::IRQ_STATUS), IRQ_OVERFLOW | IRQ_BAD_HEADER);
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
        assert_eq!(c.csr_read(regs::IRQ_STATUS), IRQ_NOTIFY);
        assert_eq!(c.csr_read(regs::ARMED), 0);
        c.csr_write(regs::IRQ_STATUS, IRQ_NOTIFY);
        assert!(c.deliver(&mem, pkt(2)));
        assert_eq!(c.csr_read(regs::IRQ_STATUS), 0, "one interrupt per arm");
    }

    #[test]
    fn sender_and_registers() {
        let mut c = ModelCard::new();
        assert_eq!(c.csr_read(regs::ID), regs::ID_VALUE);
        let off = shadow::page_offset(3, 9) + 0x18;
        assert_eq!(c.shadow_write(off, 1, 0xff), None, "TX disabled");
        c.csr_write(regs::CONTROL, 0xff);
        assert_eq!(c.csr_read(regs::CONTROL), CONTROL_MASK);
        c.csr_write(regs::NODE_ID, 0x17);
        assert_eq!(c.shadow_write(off, 42, 0xff), Some(Packet { src: 7, dst: 3, queue: 9, data: 42 }));
        assert_eq!(c.shadow_write(off + 4, 42, 0xff), None);
        assert_eq!(c.shadow_write(off, 42, 0x0f), None);
        assert_eq!(c.shadow_write(shadow::WINDOW_BYTES, 42, 0xff), None);
        assert_eq!(c.csr_read(regs::CNT_SENT), 1);
        assert_eq!(c.csr_read(regs::CNT_TX_DROPPED), 4);
        c.csr_write(regs::export_entry(15), u64::MAX);
        assert_eq!(c.csr_read(regs::export_entry(15)), EXPORT_STORED);
        c.csr_write(regs::CNT_SENT, 0);
        assert_eq!(c.csr_read(regs::CNT_SENT), 1, "counters are read-only");
        assert_eq!(c.csr_read(0x800), 0);
    }
}
