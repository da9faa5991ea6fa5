//! Spare buffers (spec §9c): the SPARE command, the switch, the HEAD doorbell's address.

use super::*;

const SPARE: u64 = BUF + 0x4000;

fn spare(c: &mut Model, mem: &HostMemory, q: u16, base: u64, k: u32) {
    init_buffer(mem, base, k);
    cmd(c, renq_abi::CMD_SPARE, q, ExportEntry::new(base, k).0);
}

fn link(mem: &HostMemory, base: u64) -> u64 {
    mem.load_u64(base + (LINK_WORD << 3), Acquire)
}

fn tail(mem: &HostMemory, base: u64) -> u64 {
    mem.load_u64(base + (TAIL_WORD << 3), Acquire)
}

fn pop_overflow(c: &mut Model) -> Option<u16> {
    let w = c.csr_read(r::OVERFLOW);
    if w & 1 << bits::OVERFLOW_VALID == 0 {
        return None;
    }
    c.csr_write(r::OVERFLOW_POP, 1 << bits::POP);
    Some((w & 0xfff) as u16)
}

#[test]
fn query_shows_the_spare_and_export_keeps_it_unexport_clears_it() {
    let (mut c, mem) = setup(3);
    assert!(!query(&mut c, Q).spare());
    spare(&mut c, &mem, Q, SPARE, 3);
    assert!(query(&mut c, Q).spare());
    export(&mut c, &mem, Q, BUF + 0x2000, 3);
    assert!(query(&mut c, Q).spare(), "EXPORT leaves the spare as it is");
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::default().0);
    assert!(!query(&mut c, Q).spare(), "VALID 0 takes the spare back");
    spare(&mut c, &mem, Q, SPARE, 3);
    cmd(&mut c, renq_abi::CMD_EXPORT, Q, ExportEntry::default().0);
    assert!(!query(&mut c, Q).spare(), "unexport clears SPARE");
    export(&mut c, &mem, Q, BUF, 3);
    assert!(!query(&mut c, Q).spare(), "nor does a new EXPORT bring it back");
}

#[test]
fn the_item_taking_the_last_slot_switches_into_the_spare() {
    let (mut c, mem) = setup(3); // capacity 4
    spare(&mut c, &mem, Q, SPARE, 4);
    cmd(&mut c, renq_abi::CMD_ARM, Q, renq_abi::head_doorbell_arg(BUF, FIRST_DATA_INDEX));
    for i in 0..3 {
        c.deliver(&mem, pkt(i));
    }
    assert_eq!(link(&mem, BUF), link_word(0, 3));
    let writes = mem.dma_writes();
    c.deliver(&mem, pkt(3));
    // The filling item's entry: its slot, the TAIL that publishes it, then LINK.
    assert_eq!(mem.dma_writes(), writes + 3);
    assert_eq!(mem.snapshot(BUF + 24, 4), vec![0, 1, 2, 3]);
    assert_eq!(tail(&mem, BUF), FIRST_DATA_INDEX + 4, "the last TAIL is published");
    assert_eq!(link(&mem, BUF), link_word(SPARE, 4));
    let s = query(&mut c, Q);
    assert!(s.valid() && !s.stalled() && !s.spare() && !s.armed());
    assert_eq!((s.tail(), s.free(), s.log2_words(), s.epoch()), (FIRST_DATA_INDEX, capacity(4), 4, 0));
    assert_eq!(c.csr_read(r::CNT_SWITCHES), 1);
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), 0, "a switch is no stall");
    assert!(c.irq(), "the OVERFLOW interrupt, so the driver posts the next spare");
    assert_eq!(pop_overflow(&mut c), Some(Q));
    assert_eq!(pop_overflow(&mut c), None);
    // The next item goes into the spare, with no HEAD read and no refusal.
    let reads = mem.dma_reads();
    c.deliver(&mem, pkt(4));
    assert_eq!(mem.load_u64(SPARE + 24, Relaxed), 4);
    assert_eq!(tail(&mem, SPARE), FIRST_DATA_INDEX + 1);
    assert_eq!(mem.dma_reads(), reads);
    assert_eq!(outcomes(&mut c), vec![Outcome::Accepted { count: 5 }]);
    assert_eq!(tail(&mem, BUF), FIRST_DATA_INDEX + 4, "the full buffer is left alone");
}

/// Many items through a 2^3-word queue (4 usable slots) whose driver posts a spare after every
/// switch, and whose consumer never drains: no refusal, no stall, no HEAD read, and the chain
/// the card LINKed holds every item in order.
#[test]
fn no_refusal_across_switches_when_a_spare_is_posted_each_time() {
    let (mut c, mem) = setup(3);
    let mut next = BUF + 0x100;
    spare(&mut c, &mem, Q, next, 3);
    let reads = mem.dma_reads();
    const N: u64 = 400;
    for i in 0..N {
        assert!(c.deliver(&mem, pkt(1000 + i)));
        if let Some(q) = pop_overflow(&mut c) {
            assert_eq!(q, Q);
            next += 0x100;
            spare(&mut c, &mem, Q, next, 3);
        }
    }
    assert_eq!(outcomes(&mut c), vec![Outcome::Accepted { count: N as u32 }]);
    assert_eq!((c.csr_read(r::CNT_REFUSED), c.csr_read(r::CNT_OVERFLOWS)), (0, 0));
    assert_eq!(c.csr_read(r::CNT_SWITCHES), N / 4);
    assert_eq!(mem.dma_reads(), reads, "a queue that always has a spare never reads HEAD");
    // Walk the chain as the consumer does: slots up to TAIL, then LINK.
    let (mut b, mut got) = (BUF, Vec::new());
    while b != 0 {
        let t = tail(&mem, b);
        got.extend(mem.snapshot(b + 24, (t - FIRST_DATA_INDEX) as usize));
        b = renq_abi::buffer::link_next(link(&mem, b));
    }
    assert_eq!(got, (0..N).map(|i| 1000 + i).collect::<Vec<_>>());
}

#[test]
fn a_spare_that_finds_the_queue_full_switches_at_once() {
    let (mut c, mem) = setup(3);
    for i in 0..4 {
        c.deliver(&mem, pkt(i)); // full, not stalled: no packet has found it full yet
    }
    spare(&mut c, &mem, Q, SPARE, 3);
    assert_eq!(link(&mem, BUF), link_word(SPARE, 3));
    let s = query(&mut c, Q);
    assert_eq!((s.tail(), s.free(), s.spare(), s.stalled()), (FIRST_DATA_INDEX, 4, false, false));
    assert_eq!(c.csr_read(r::CNT_SWITCHES), 1);
    assert_eq!(pop_overflow(&mut c), Some(Q));
    let reads = mem.dma_reads();
    c.deliver(&mem, pkt(4));
    assert_eq!(mem.load_u64(SPARE + 24, Relaxed), 4);
    assert_eq!(mem.dma_reads(), reads, "no HEAD read of the full buffer");
}

#[test]
fn with_no_memory_attached_the_switch_link_is_written_before_the_next_packet() {
    let mem = HostMemory::create(1 << 20).unwrap();
    let mut c = Model::new();
    c.csr_write(r::NODE_ID, NODE as u64);
    c.csr_write(r::CONTROL, Control::new(true, true).0);
    export(&mut c, &mem, Q, BUF, 3);
    for i in 0..4 {
        c.deliver(&mem, pkt(i));
    }
    spare(&mut c, &mem, Q, SPARE, 3);
    assert_eq!(link(&mem, BUF), link_word(0, 3), "held: the model has no memory to write");
    c.deliver(&mem, Packet { queue: 9, ..pkt(99) }); // any packet, even a rejected one
    assert_eq!(link(&mem, BUF), link_word(SPARE, 3));
}

#[test]
fn a_spare_posted_on_a_stalled_queue_waits_and_survives_the_export_that_ends_the_stall() {
    let (mut c, mem) = setup(3);
    for i in 0..5 {
        c.deliver(&mem, pkt(i)); // the 5th stalls it
    }
    assert_eq!(pop_overflow(&mut c), Some(Q));
    spare(&mut c, &mem, Q, SPARE, 3);
    let s = query(&mut c, Q);
    assert!(s.stalled() && s.spare(), "no switch while stalled");
    assert_eq!(link(&mem, BUF), link_word(0, 3));
    assert_eq!(pop_overflow(&mut c), None);
    let fresh = BUF + 0x2000;
    export(&mut c, &mem, Q, fresh, 3);
    let s = query(&mut c, Q);
    assert!(!s.stalled() && s.spare());
    assert_eq!(s.epoch(), 1);
    for i in 0..4 {
        c.deliver(&mem, Packet { epoch: 1, ..pkt(10 + i) });
    }
    assert_eq!(link(&mem, fresh), link_word(SPARE, 3), "the spare posted during the stall is used");
}

#[test]
fn a_queue_whose_spare_was_taken_back_stalls_when_full() {
    let (mut c, mem) = setup(3);
    spare(&mut c, &mem, Q, SPARE, 3);
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::default().0);
    for i in 0..5 {
        c.deliver(&mem, pkt(i));
    }
    assert!(query(&mut c, Q).stalled());
    assert_eq!((c.csr_read(r::CNT_SWITCHES), c.csr_read(r::CNT_OVERFLOWS)), (0, 1));
    assert_eq!(link(&mem, BUF), link_word(0, 3));
}

#[test]
fn bad_spares_are_counted_and_change_nothing() {
    let (mut c, mem) = setup(3);
    spare(&mut c, &mem, Q, SPARE, 3);
    c.csr_write(r::IRQ_STATUS, renq_abi::csr::IRQ_ALL);
    let mut bad_k = ExportEntry::new(SPARE, 3);
    for k in [0u64, 2, 17, 31] {
        bad_k.set_log2_words(k);
        cmd(&mut c, renq_abi::CMD_SPARE, Q, bad_k.0);
    }
    // Aligned to 64 bytes (2^3 words) but not to 2^6 words.
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::new(SPARE + 0x40, 6).0);
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::new(SPARE + 8, 3).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 6);
    assert_ne!(c.csr_read(r::IRQ_STATUS) & Irq::BAD_HEADER_MASK, 0);
    assert!(c.irq());
    assert!(query(&mut c, Q).spare(), "the posted spare is kept");
    for i in 0..4 {
        c.deliver(&mem, pkt(i));
    }
    assert_eq!(link(&mem, BUF), link_word(SPARE, 3), "and it is the one the queue switches into");
}

#[test]
fn a_spare_for_a_queue_not_exported_is_ignored() {
    let (mut c, mem) = setup(3);
    spare(&mut c, &mem, 6, SPARE, 3);
    assert!(!query(&mut c, 6).spare());
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 0);
    cmd(&mut c, renq_abi::CMD_SPARE, 6, ExportEntry::new(SPARE + 8, 3).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 0, "not even checked");
    export(&mut c, &mem, 6, BUF + 0x1000, 3);
    assert!(!query(&mut c, 6).spare());
}

#[test]
fn a_doorbell_of_a_buffer_the_card_left_is_ignored() {
    let (mut c, mem) = setup(3);
    spare(&mut c, &mem, Q, SPARE, 3);
    for i in 0..6 {
        c.deliver(&mem, pkt(i)); // four fill BUF (switch), two go into the spare
    }
    assert_eq!(query(&mut c, Q).free(), 2);
    // The consumer took two items of BUF and rings its head there: slot 5 of BUF, which as
    // an index of the spare (tail 5) would count 4 slots free.
    cmd(&mut c, renq_abi::CMD_HEAD, Q, renq_abi::head_doorbell_arg(BUF, 5));
    assert_eq!(query(&mut c, Q).free(), 2, "a doorbell of the full buffer is ignored");
    // A buffer of the same size elsewhere.
    cmd(&mut c, renq_abi::CMD_HEAD, Q, renq_abi::head_doorbell_arg(SPARE + 0x40, 5));
    assert_eq!(query(&mut c, Q).free(), 2);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 0, "ignored silently");
    // The spare's own head is applied.
    mem.store_u64(SPARE + 16, 5, Release);
    cmd(&mut c, renq_abi::CMD_HEAD, Q, renq_abi::head_doorbell_arg(SPARE, 5));
    assert_eq!(query(&mut c, Q).free(), 4);
    cmd(&mut c, renq_abi::CMD_HEAD, Q, renq_abi::head_doorbell_arg(SPARE, 1));
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 1, "a head inside the header is still bad");
}

/// A ring of spares: the card switches into them oldest first, each switch one OVERFLOW entry,
/// QUERY counting down; 4 × 4 items through four 2^3-word buffers, no stall, no HEAD read.
#[test]
fn the_card_switches_through_a_ring_of_spares_in_the_order_posted() {
    let (mut c, mem) = setup(3); // capacity 4
    let ring = [SPARE, SPARE + 0x1000, SPARE + 0x2000];
    for (n, &b) in ring.iter().enumerate() {
        spare(&mut c, &mem, Q, b, 3);
        assert_eq!(query(&mut c, Q).spares(), n as u64 + 1);
    }
    let reads = mem.dma_reads();
    for i in 0..16 {
        c.deliver(&mem, pkt(i));
    }
    assert_eq!(mem.dma_reads(), reads, "no HEAD read");
    assert_eq!(c.csr_read(r::CNT_OVERFLOWS), 0, "no stall");
    assert_eq!(c.csr_read(r::CNT_SWITCHES), 3);
    let chain = [BUF, ring[0], ring[1], ring[2]];
    for (i, w) in chain.windows(2).enumerate() {
        assert_eq!(link(&mem, w[0]), link_word(w[1], 3), "buffer {i} links to the next spare posted");
        assert_eq!(mem.snapshot(w[0] + 24, 4), (4 * i as u64..4 * i as u64 + 4).collect::<Vec<_>>());
    }
    assert_eq!(mem.snapshot(ring[2] + 24, 4), vec![12, 13, 14, 15]);
    assert_eq!(link(&mem, ring[2]), link_word(0, 3), "the last one is full, with no spare left");
    assert_eq!((0..3).map(|_| pop_overflow(&mut c)).collect::<Vec<_>>(), vec![Some(Q); 3]);
    assert_eq!(pop_overflow(&mut c), None);
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.free(), s.stalled()), (0, 0, false));
}

/// The ring holds CAPS.SPARES: one more is refused and counted; VALID 0 takes them all back.
#[test]
fn a_full_ring_refuses_a_spare_and_valid_0_empties_it() {
    let (mut c, mem) = setup(3);
    let depth = r::caps_spares(c.csr_read(r::CAPS));
    assert_eq!(depth, renq_abi::MODEL_SPARES);
    for i in 0..depth as u64 {
        cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::new(SPARE + i * 0x40, 3).0);
    }
    assert_eq!(query(&mut c, Q).spares(), depth as u64);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 0);
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::new(SPARE + depth as u64 * 0x40, 3).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 1, "a spare beyond the ring is refused, counted");
    assert_eq!(query(&mut c, Q).spares(), depth as u64);
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::default().0);
    assert_eq!(query(&mut c, Q).spares(), 0, "VALID 0 takes every spare back");
    for i in 0..5 {
        c.deliver(&mem, pkt(i));
    }
    assert!(query(&mut c, Q).stalled(), "with none left the full queue stalls");
}

/// One SPARE posts a run of contiguous buffers: each joins the ring in address order, and the
/// card switches through them as through spares posted one by one.
#[test]
fn a_run_of_spares_is_switched_through_in_address_order() {
    let (mut c, mem) = setup(3); // capacity 4; a 2^3-word buffer is 0x40 bytes
    let run: Vec<u64> = (0..3).map(|i| SPARE + i * 0x40).collect();
    for &b in &run {
        init_buffer(&mem, b, 3);
    }
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(SPARE, 3, 3).0);
    assert_eq!(query(&mut c, Q).spares(), 3, "one command, three spares");
    let reads = mem.dma_reads();
    for i in 0..16 {
        c.deliver(&mem, pkt(i));
    }
    assert_eq!(mem.dma_reads(), reads, "no HEAD read");
    assert_eq!((c.csr_read(r::CNT_OVERFLOWS), c.csr_read(r::CNT_SWITCHES)), (0, 3));
    // A ring card tops its ring up on every switch: one OVERFLOW entry each.
    assert_eq!((0..4).map(|_| pop_overflow(&mut c)).collect::<Vec<_>>(), vec![Some(Q), Some(Q), Some(Q), None]);
    let chain = [BUF, run[0], run[1], run[2]];
    for (i, w) in chain.windows(2).enumerate() {
        assert_eq!(link(&mem, w[0]), link_word(w[1], 3), "buffer {i} links to the next of the run");
        assert_eq!(mem.snapshot(w[0] + 24, 4), (4 * i as u64..4 * i as u64 + 4).collect::<Vec<_>>());
    }
    assert_eq!(mem.snapshot(run[2] + 24, 4), vec![12, 13, 14, 15]);
}

/// A run is taken whole or not at all: one passing the ring's room or the end of the DMA
/// address space is refused and counted, and the ring keeps what it held.
#[test]
fn a_run_beyond_the_ring_or_the_address_space_is_refused_whole() {
    let (mut c, _mem) = setup(3);
    let depth = renq_abi::MODEL_SPARES as u64;
    let max = renq_abi::csr::MAX_SPARE_RUN as u64;
    let mut posted = 0;
    while posted + max <= depth {
        cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(SPARE + posted * 0x40, 3, max as u32).0);
        posted += max;
    }
    assert_eq!((query(&mut c, Q).spares(), c.csr_read(r::CNT_BAD_HEADER)), (posted, 0));
    let room = depth - posted;
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(SPARE, 3, room as u32 + 1).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 1, "one more than the ring's room: refused");
    assert_eq!(query(&mut c, Q).spares(), posted, "nothing of it posted");
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::default().0);
    let top = renq_abi::DMA_ADDR_MASK + 1;
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(top - 2 * 0x40, 3, 3).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 2, "a run past the 48-bit address space: refused");
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(top - 2 * 0x40, 3, 2).0);
    assert_eq!((query(&mut c, Q).spares(), c.csr_read(r::CNT_BAD_HEADER)), (2, 2), "up to its end: taken");
}

/// The RTL's spares (`with_rtl_spares`, CAPS.ONE_RUN): one run waits behind the run the queue
/// is in (QUERY's WAITING); another is refused until the queue has entered it; EXPORT ends the
/// run the queue is in and keeps the one waiting.
#[test]
fn with_one_run_a_run_waits_behind_the_run_the_queue_is_in() {
    let (c, mem) = setup(3); // capacity 4; a 2^3-word buffer is 0x40 bytes
    let mut c = c.with_rtl_spares();
    assert_ne!(c.csr_read(r::CAPS) & 1 << bits::CAPS_ONE_RUN, 0, "CAPS.ONE_RUN");
    let run = |i: u64| SPARE + i * 0x40;
    for i in 0..6 {
        init_buffer(&mem, run(i), 3);
    }
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(run(0), 3, 3).0);
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.waiting()), (3, true));
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(run(3), 3, 3).0);
    assert_eq!(c.csr_read(r::CNT_BAD_HEADER), 1, "a run posted while one waits: refused");
    for i in 0..4 {
        c.deliver(&mem, pkt(i)); // the fourth switches into run(0)
    }
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.waiting()), (2, false), "entered: two of its buffers left");
    // Entering the run is the OVERFLOW FIFO's entry (the driver posts the next run); the
    // switches inside it are counted, not pushed.
    assert_eq!(pop_overflow(&mut c), Some(Q));
    for i in 4..8 {
        c.deliver(&mem, pkt(i)); // one more switch, inside the run
    }
    assert_eq!(c.csr_read(r::CNT_SWITCHES), 2);
    assert_eq!(pop_overflow(&mut c), None, "a switch inside a run asks the driver nothing");
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.waiting()), (1, false), "one of its buffers left");
    cmd(&mut c, renq_abi::CMD_SPARE, Q, ExportEntry::spare_run(run(3), 3, 3).0);
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.waiting(), c.csr_read(r::CNT_BAD_HEADER)), (4, true, 1));
    export(&mut c, &mem, Q, BUF + 0x2000, 3);
    let s = query(&mut c, Q);
    assert_eq!((s.spares(), s.waiting()), (3, true), "EXPORT ends the run the queue was in");
    for i in 0..4 {
        c.deliver(&mem, pkt(10 + i));
    }
    assert_eq!(link(&mem, BUF + 0x2000), link_word(run(3), 3), "into the waiting run");
}
