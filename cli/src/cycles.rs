//! Cycles per enqueue of the card's receiver FSM (the paper card, the paper's five steps), measured on
//! the RTL engine against host-memory latency with `renq_sim::engine::speed` (a queue
//! configured through the engine's registers, packets delivered back to back, the simulated
//! clock read before and after); and of the card engine (`renq_hdl::cycles`: one queue,
//! back-to-back packets, reads answered L cycles late). Nothing here is computed from the
//! spec's formulas.

#[cfg(feature = "hardware")]
use renq_sim::engine::{paper::rtl::PaperRtlEngine, speed, EngineKind};

/// Memory wait cycles the plot shows.
#[cfg(feature = "hardware")]
const LATENCIES: [u32; 6] = [0, 1, 3, 16, 64, 128];
/// Packets per measurement (back to back).
#[cfg(feature = "hardware")]
const PACKETS: u64 = 16;

/// Cycles per enqueue at `LATENCIES` and `extra` latencies, in increasing latency.
#[cfg(feature = "hardware")]
pub fn measure_paper(extra: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    let mut at: Vec<u32> = LATENCIES.iter().chain(extra).copied().collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|l| per_enqueue(l).map(|c| (l, c))).collect()
}

#[cfg(not(feature = "hardware"))]
pub fn measure_paper(_: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    Err("this renq was built without its `hardware` feature (the RTL engine)".into())
}

/// The card engine: cycles per enqueue into one queue at `LATENCIES` and `extra` latencies, in
/// steady state (`renq_hdl::cycles::Rate::per_enqueue`: the pipeline's fill and drain
/// cancel).
#[cfg(feature = "hardware")]
pub fn measure(extra: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    let mut at: Vec<u32> = LATENCIES.iter().chain(extra).copied().collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter()
        .map(|l| renq_hdl::cycles::cycles_per_enqueue(l, 1).map(|c| (l, c)).map_err(|e| format!("L = {l}: {e}")))
        .collect()
}

#[cfg(not(feature = "hardware"))]
pub fn measure(_: &[u32]) -> Result<Vec<(u32, f64)>, String> {
    Err("this renq was built without its `hardware` feature (the RTL engine)".into())
}

/// Cycles per enqueue with memory answering `latency` cycles after each request: the engine
/// timing of `renq_sim::engine::speed`, on an RTL card with that memory.
#[cfg(feature = "hardware")]
pub fn per_enqueue(latency: u32) -> Result<f64, String> {
    let card = Box::new(PaperRtlEngine::new().with_mem_latency(latency));
    let run = speed::time(EngineKind::Rtl, card, PACKETS).map_err(|e| format!("memory latency {latency}: {e}"))?;
    run.cycles_per_item().ok_or_else(|| "the RTL engine counted no cycles".into())
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
