//! Cycles per enqueue of the card's receiver FSM (card v1, the paper's five steps), measured on
//! the RTL engine against host-memory latency: a queue is configured through the engine's
//! registers as the driver would, packets are delivered back to back, and the simulated clock
//! is read before and after. Nothing here is computed from the spec's formula.

#[cfg(feature = "hardware")]
use renq_abi::{
    buffer::{self, FIRST_DATA_INDEX, HEAD_WORD, LINK_WORD, TAIL_WORD},
    packet::Packet,
    regs::{self, Control, ExportEntry},
};
#[cfg(feature = "hardware")]
use renq_sim::{engine::rtl::RtlEngine, engine::Engine, HostMemory};
#[cfg(feature = "hardware")]
use std::sync::atomic::Ordering;

/// Memory wait cycles the plot shows.
#[cfg(feature = "hardware")]
const LATENCIES: [u32; 6] = [0, 1, 3, 16, 64, 128];
/// Packets per measurement (back to back).
pub const PACKETS: u64 = 16;

/// Cycles per enqueue at `LATENCIES` and `extra` latencies, in increasing latency.
#[cfg(feature = "hardware")]
pub fn measure(extra: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    let mut at: Vec<u32> = LATENCIES.iter().chain(extra).copied().collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|l| per_enqueue(l).map(|c| (l, c))).collect()
}

#[cfg(not(feature = "hardware"))]
pub fn measure(_: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    Err("this renq was built without its `hardware` feature (the RTL engine)".into())
}

#[cfg(feature = "hardware")]
const NODE: u8 = 1;
#[cfg(feature = "hardware")]
const QUEUE: u8 = 0;
/// Buffer of 2^10 words: room for every packet, so no overflow stalls the measurement.
#[cfg(feature = "hardware")]
const LOG2: u32 = 10;
/// Aligned to the buffer's size, past the memory's reserved page.
#[cfg(feature = "hardware")]
const BASE: u64 = buffer::bytes(LOG2);

/// Cycles per enqueue with memory answering `latency` cycles after each request.
#[cfg(feature = "hardware")]
pub fn per_enqueue(latency: u32) -> Result<f64, String> {
    let mem = HostMemory::create(2 * BASE as usize).map_err(|e| format!("host memory: {e}"))?;
    mem.store_u64(BASE + LINK_WORD * 8, buffer::link_word(0, LOG2), Ordering::Relaxed);
    mem.store_u64(BASE + TAIL_WORD * 8, FIRST_DATA_INDEX, Ordering::Relaxed);
    mem.store_u64(BASE + HEAD_WORD * 8, FIRST_DATA_INDEX, Ordering::Relaxed);
    let mut card = RtlEngine::with_mem_latency(latency);
    card.csr_write(regs::NODE_ID, NODE as u64);
    card.csr_write(regs::export_entry(QUEUE), ExportEntry::new(BASE, LOG2).0);
    card.csr_write(regs::CONTROL, Control::new(true, true).0);
    let enqueued = card.csr_read(regs::CNT_ENQUEUED);
    let start = card.cycles();
    for data in 0..PACKETS {
        if !card.deliver(&mem, Packet { src: 0, dst: NODE, queue: QUEUE, data }) {
            return Err(format!("memory latency {latency}: the card refused packet {data}"));
        }
    }
    let cycles = card.cycles() - start;
    let done = card.csr_read(regs::CNT_ENQUEUED) - enqueued;
    if done != PACKETS {
        return Err(format!("memory latency {latency}: {done} of {PACKETS} packets enqueued"));
    }
    Ok(cycles as f64 / PACKETS as f64)
}

#[cfg(all(test, feature = "hardware"))]
mod tests {
    #[test]
    fn every_packet_is_enqueued_and_waits_cost_cycles() {
        // Counts, not times: the simulated clock is exact. More waiting never costs fewer cycles.
        let fast = super::per_enqueue(0).unwrap();
        let slow = super::per_enqueue(3).unwrap();
        assert!(fast >= 1.0);
        assert!(slow > fast, "{slow} cycles at latency 3 vs {fast} at 0");
    }
}
