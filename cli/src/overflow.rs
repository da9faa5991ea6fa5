//! `renq overflow-cost`: the driver's work per overflow against the buffer size, paper card
//! against the card (spec §9, §9b). Node 0 sends 8 buffers' worth of items to a queue on node 1
//! that nobody drains meanwhile, so the queue overflows again and again; then every item is
//! taken and checked. Printed per overflow: the items the handler moved and its wall time
//! (`DriverStats::handler_ns`), medians over runs. The paper card's handler copies the full
//! buffer into a bigger one; the card's either takes note of the card's switch into the spare
//! and posts the next (spec §9c) or, when no spare was posted in time, links a fresh buffer
//! behind the stalled one (§9b); it moves nothing.

use crate::stats::median;
use crate::table;
use crate::take::take_in_order;
use renq::Node;
use renq_abi::buffer::capacity;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::Duration;

const LOG2S: [u32; 4] = [6, 8, 10, 12];
const BUFFERS: u64 = 8;
const MEMORY_BYTES: usize = 64 << 20;
const ITEM_TIMEOUT: Duration = Duration::from_secs(10);

struct Run {
    /// Overflows served: extensions, and on the card switches into a spare.
    overflows: u64,
    moved_per_extend: f64,
    handler_us_per_extend: f64,
}

fn run_once(card: CardKind, log2: u32) -> Result<Run, String> {
    let config = ClusterConfig { nodes: 2, engine: EngineKind::Model, card, memory_bytes: MEMORY_BYTES };
    let c = Cluster::try_new(config).map_err(|e| format!("cluster: {e}"))?;
    // Host memory resident up front, as a host pins DMA memory: no first-touch page fault is
    // charged to the handler that initialises a fresh buffer.
    c.prefault_memory();
    let a = Node::new(c.card(0)).map_err(|e| format!("node 0: {e}"))?;
    let b = Node::new(c.card(1)).map_err(|e| format!("node 1: {e}"))?;
    let rx = b.create_queue(1, log2).map_err(|e| format!("queue: {e}"))?;
    let tx = a.sender(1, 1).map_err(|e| format!("sender: {e}"))?;
    let (before, card_before) = (b.metrics().driver, b.metrics().card);
    let items = BUFFERS * capacity(log2);
    for i in 0..items {
        tx.enqueue(i).map_err(|e| format!("enqueue {i}: {e}"))?;
    }
    tx.flush().map_err(|e| format!("flush: {e}"))?;
    take_in_order(&rx, items, ITEM_TIMEOUT)?;
    // The consumer follows the card's LINKs on its own; wait until the interrupt thread's
    // handler has noted every switch the card made, so its time is counted.
    let switched = b.metrics().card.since(&card_before).switches;
    let t0 = std::time::Instant::now();
    while rx.stats().switches < switched {
        if t0.elapsed() > ITEM_TIMEOUT {
            return Err(format!("the handler noted {} of the card's {switched} switches", rx.stats().switches));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let s = rx.stats();
    let driver = b.metrics().driver;
    let overflows = s.extends + s.switches;
    if overflows == 0 {
        return Err(format!("{items} items into 2^{log2} words made no extension and no switch"));
    }
    let handler_ns = driver.handler_ns - before.handler_ns;
    Ok(Run {
        overflows,
        moved_per_extend: s.moved_items as f64 / overflows as f64,
        handler_us_per_extend: handler_ns as f64 / 1e3 / overflows as f64,
    })
}

pub fn report(seeds: u64) -> Result<bool, String> {
    if seeds == 0 {
        return Err("--seeds must be at least 1".into());
    }
    println!(
        "renq overflow-cost: {BUFFERS} buffers' worth of items into one undrained queue on node 1 (model engine), \
         then all taken and checked; per extension, medians over {seeds} runs"
    );
    let mut rows = Vec::new();
    for card in [CardKind::Paper, CardKind::Renq] {
        for log2 in LOG2S {
            let runs = (0..seeds).map(|_| run_once(card, log2)).collect::<Result<Vec<_>, _>>()?;
            rows.push(vec![
                card.name().to_string(),
                format!("2^{log2} ({})", capacity(log2)),
                format!("{:.0}", median(runs.iter().map(|r| r.overflows as f64).collect())),
                format!("{:.1}", median(runs.iter().map(|r| r.moved_per_extend).collect())),
                format!("{:.1}", median(runs.iter().map(|r| r.handler_us_per_extend).collect())),
            ]);
        }
    }
    print!(
        "{}",
        table::render(
            &[
                "card",
                "buffer words (items)",
                "overflows (extensions, switches)",
                "items moved / overflow",
                "handler µs / overflow"
            ],
            &rows
        )
    );
    println!("verified: every run took every item exactly once and in order");
    Ok(true)
}
