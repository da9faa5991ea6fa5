//! How fast each engine runs, by itself (no cluster, no threads): packets delivered back to
//! back into one queue whose consumer keeps up, counted by the card's own CNT_ENQUEUED. For the
//! cycle engines the simulated clock cycles are counted too. `renq bench` and the
//! `engine-speed` binary print it.

use super::{new_paper_engine, CardEngine, EngineKind};
use crate::memory::HostMemory;
use renq_abi::buffer::{FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD};
use renq_abi::csr::{Control, ExportEntry};
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

/// One engine's measured speed.
#[derive(Clone, Debug)]
pub struct Speed {
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

    /// One line: `engine verilator: 1234567 items/s, 6172835 cycles/s (5.00 cycles per item)`.
    pub fn line(&self) -> String {
        let mut s = format!("engine {}: {:.0} items/s", self.engine, self.items_per_s());
        if let (Some(cpi), Some(cps)) = (self.cycles_per_item(), self.cycles_per_s()) {
            s += &format!(", {cps:.0} cycles/s ({cpi:.2} cycles per item)");
        }
        s
    }
}

const NODE: u8 = 1;
const BUF: u64 = 0x1_0000;
const LOG2_WORDS: u32 = 12;

/// Items to time `kind` on, out of a budget of `items` for the fast engines: the RustHDL
/// simulation runs ~1000x slower, so it gets a hundredth and the run stays short.
pub fn items_for(kind: EngineKind, items: u64) -> u64 {
    if kind == EngineKind::Rtl {
        (items / 100).max(1)
    } else {
        items
    }
}

/// Delivers `items` packets into a new card of `kind` and times it.
pub fn measure(kind: EngineKind, items: u64) -> Result<Speed, String> {
    time(kind, new_paper_engine(kind)?, items)
}

/// Delivers `items` packets into `engine` (a fresh card of `kind`, e.g. a cycle engine with a
/// slow memory) and times it; its cycle count gives cycles per enqueue.
pub fn time(kind: EngineKind, mut engine: Box<dyn CardEngine>, items: u64) -> Result<Speed, String> {
    let mem = HostMemory::create(2 * (8 << LOG2_WORDS) + BUF as usize).map_err(|e| format!("host memory: {e}"))?;
    mem.store_u64(BUF + LINK_WORD * 8, renq_abi::buffer::link_word(0, LOG2_WORDS), Relaxed);
    mem.store_u64(BUF + TAIL_WORD * 8, FIRST_DATA_INDEX, Relaxed);
    mem.store_u64(BUF + HEAD_WORD * 8, FIRST_DATA_INDEX, Relaxed);
    engine.csr_write(regs::NODE_ID, NODE as u64);
    engine.csr_write(regs::CONTROL, Control::new(true, false).0);
    engine.csr_write(regs::export_entry(0), ExportEntry::new(BUF, LOG2_WORDS).0);

    let c0 = engine.cycles();
    let start = Instant::now();
    for i in 0..items {
        if !engine.deliver(&mem, Packet::enqueue(0, NODE as u16, 0, i)) {
            return Err(format!("engine {kind} refused packet {i}"));
        }
        // The consumer keeps up: everything written so far is taken.
        if i % 64 == 63 {
            mem.store_u64(BUF + HEAD_WORD * 8, mem.load_u64(BUF + TAIL_WORD * 8, Relaxed), Relaxed);
        }
    }
    let elapsed = start.elapsed();
    let c1 = engine.cycles();
    let enqueued = engine.csr_read(regs::CNT_ENQUEUED);
    if enqueued != items {
        return Err(format!("engine {kind}: {enqueued} of {items} packets enqueued"));
    }
    Ok(Speed { engine: kind, items, cycles: c0.zip(c1).map(|(a, b)| b - a), elapsed })
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
            assert!(s.line().starts_with(&format!("engine {kind}: ")));
        }
    }
}
