//! How fast each engine runs, by itself (no cluster, no threads): packets delivered back to
//! back (in batches of 64, as a cluster's card worker offers them) into one queue whose consumer keeps up, counted by the card's own CNT_ENQUEUED — on the
//! paper card ([`measure`]) and on the card ([`measure_card`]: each packet also answered by an
//! OUTCOME). For the cycle engines the simulated clock cycles are counted too. `renq bench` and
//! the `engine-speed` binary print it.

use super::{new_card, new_paper_engine, CardEngine, CardKind, EngineKind};
use crate::memory::HostMemory;
use renq_abi::buffer::{FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::Control;
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// One engine's measured speed.
#[derive(Clone, Debug)]
pub struct Speed {
    /// The card timed (the paper card's lines name the engine alone).
    pub card: CardKind,
    pub engine: EngineKind,
    pub items: u64,
    /// Clock cycles simulated (cycle engines only).
    pub cycles: Option<u64>,
    pub elapsed: Duration,
}

impl Speed {
    pub fn items_per_s(&self) -> f64 {
        self.items as f64 / self.elapsed.as_secs_f64()
    }

    /// Simulated clock cycles per item (cycle engines only).
    pub fn cycles_per_item(&self) -> Option<f64> {
        self.cycles.map(|c| c as f64 / self.items as f64)
    }

    pub fn cycles_per_s(&self) -> Option<f64> {
        self.cycles.map(|c| c as f64 / self.elapsed.as_secs_f64())
    }

    /// What it prints: the exact line `engine verilator: 1234567 items/s` (the paper card) or
    /// `engine verilator card: 1234567 items/s` (the card), then, for a cycle engine,
    /// `engine verilator card cycles: 6172835 cycles/s, 5.00 cycles per item`.
    pub fn lines(&self) -> Vec<String> {
        let name = format!("engine {}{}", self.engine, self.card.spec().speed_suffix);
        let mut lines = vec![format!("{name}: {:.0} items/s", self.items_per_s())];
        if let (Some(cpi), Some(cps)) = (self.cycles_per_item(), self.cycles_per_s()) {
            lines.push(format!("{name} cycles: {cps:.0} cycles/s, {cpi:.2} cycles per item"));
        }
        lines
    }
}

const NODE: u8 = 1;
const BUF: u64 = 0x1_0000;
const LOG2_WORDS: u32 = 12;
/// Packets offered at a time, as a cluster's card worker offers a link's waiting packets.
const BATCH: u64 = 64;

/// Items to time `kind` on, out of a budget of `items` for the fast engines: the RustHDL
/// simulation runs ~1000x slower, so it gets a hundredth and the run stays short.
pub fn items_for(kind: EngineKind, items: u64) -> u64 {
    items_for_card(CardKind::Paper, kind, items)
}

/// Items to time `card` on `kind` on: as [`items_for`], and the RustHDL simulation of the
/// card (several times the paper card's logic, and more cycles per item) a thousandth.
pub fn items_for_card(card: CardKind, kind: EngineKind, items: u64) -> u64 {
    match kind {
        EngineKind::Rtl => (items / card.spec().rtl_items_divisor).max(1),
        _ => items,
    }
}

/// Delivers `items` packets into a new paper card on `kind` and times it.
pub fn measure(kind: EngineKind, items: u64) -> Result<Speed, String> {
    time(kind, new_paper_engine(kind)?, items)
}

/// Delivers `items` packets into a new `card` on `kind` and times it.
pub fn measure_card(card: CardKind, kind: EngineKind, items: u64) -> Result<Speed, String> {
    time(kind, new_card(card, kind)?, items)
}

/// Delivers `items` packets into `engine` (a fresh card of `kind`, e.g. a cycle engine with a
/// slow memory) and times it; its cycle count gives cycles per enqueue.
pub fn time(kind: EngineKind, mut engine: Box<dyn CardEngine>, items: u64) -> Result<Speed, String> {
    let mem = HostMemory::create(2 * (8 << LOG2_WORDS) + BUF as usize).map_err(|e| format!("host memory: {e}"))?;
    mem.store_u64(BUF + LINK_WORD * 8, renq_abi::buffer::link_word(0, LOG2_WORDS), Relaxed);
    mem.store_u64(BUF + TAIL_WORD * 8, FIRST_DATA_INDEX, Relaxed);
    mem.store_u64(BUF + HEAD_WORD * 8, FIRST_DATA_INDEX, Relaxed);
    let card = engine.card();
    let spec = card.spec();
    engine.csr_write(regs::NODE_ID, NODE as u64);
    engine.csr_write(regs::CONTROL, Control::new(true, false).0);
    (spec.export_queue0)(engine.as_mut(), BUF, LOG2_WORDS);
    let mut replies = Vec::new();

    let c0 = engine.cycles();
    let start = Instant::now();
    let mut batch = Vec::with_capacity(BATCH as usize);
    for first in (0..items).step_by(BATCH as usize) {
        batch.clear();
        batch.extend((first..items.min(first + BATCH)).map(|i| Packet::enqueue(0, NODE as u16, 0, i)));
        let taken = engine.deliver_batch(&mem, &batch);
        if taken < batch.len() {
            return Err(format!("engine {kind} refused packet {}", first + taken as u64));
        }
        // The consumer keeps up: everything written so far is taken (the card reads HEAD when
        // its free count runs out); the card's OUTCOMEs leave.
        mem.store_u64(BUF + HEAD_WORD * 8, mem.load_u64(BUF + TAIL_WORD * 8, Relaxed), Relaxed);
        engine.take_replies(&mut replies);
        replies.clear();
    }
    let elapsed = start.elapsed();
    let c1 = engine.cycles();
    let enqueued = engine.csr_read(spec.enqueued_counter);
    if enqueued != items {
        return Err(format!("engine {kind}: {enqueued} of {items} packets enqueued"));
    }
    Ok(Speed { card, engine: kind, items, cycles: c0.zip(c1).map(|(a, b)| b - a), elapsed })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_of_this_build_enqueues_everything_it_is_timed_on() {
        for (kind, _) in EngineKind::ALL.into_iter().filter(|(k, _)| k.available()) {
            let s = measure(kind, 300).unwrap();
            assert_eq!(s.items, 300);
            // The paper FSM: 5 cycles per item with a memory that answers at once.
            assert_eq!(s.cycles, (kind != EngineKind::Model).then_some(1500), "{kind}");
            let lines = s.lines();
            assert_eq!(lines[0], format!("engine {kind}: {:.0} items/s", s.items_per_s()));
            assert_eq!(lines.len(), if kind == EngineKind::Model { 1 } else { 2 }, "{lines:?}");
        }
    }

    #[test]
    fn every_engine_of_this_build_enqueues_everything_into_the_card() {
        for (kind, _) in EngineKind::ALL.into_iter().filter(|(k, _)| k.available()) {
            let s = measure_card(CardKind::Renq, kind, 100).unwrap();
            assert_eq!(s.items, 100);
            assert_eq!(s.cycles.is_some(), kind != EngineKind::Model, "{kind}");
            let lines = s.lines();
            assert_eq!(lines[0], format!("engine {kind} card: {:.0} items/s", s.items_per_s()));
            assert_eq!(lines.len(), if kind == EngineKind::Model { 1 } else { 2 }, "{lines:?}");
        }
    }
}
