//! `renq overflow-cost`: the driver's work per overflow against the buffer size, paper card
//! against the card (spec §9, §9b). Node 0 sends 8 buffers' worth of items to a queue on node 1
//! that nobody drains meanwhile, so the queue overflows again and again; then every item is
//! taken and checked. Printed per extension: the items the handler moved and its wall time
//! (`DriverStats::handler_ns`), medians over runs. The paper card's handler copies the full
//! buffer into a bigger one; the card's links a fresh buffer and moves nothing.

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
    extends: u64,
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
    let before = b.metrics().driver;
    let items = BUFFERS * capacity(log2);
    for i in 0..items {
        tx.enqueue(i).map_err(|e| format!("enqueue {i}: {e}"))?;
    }
    tx.flush().map_err(|e| format!("flush: {e}"))?;
    take_in_order(&rx, items, ITEM_TIMEOUT)?;
    let s = rx.stats();
    let driver = b.metrics().driver;
    if s.extends == 0 {
        return Err(format!("{items} items into 2^{log2} words made no extension"));
    }
    let handler_ns = driver.handler_ns - before.handler_ns;
    Ok(Run {
        extends: s.extends,
        moved_per_extend: s.moved_items as f64 / s.extends as f64,
        handler_us_per_extend: handler_ns as f64 / 1e3 / s.extends as f64,
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
                format!("{:.0}", median(runs.iter().map(|r| r.extends as f64).collect())),
                format!("{:.1}", median(runs.iter().map(|r| r.moved_per_extend).collect())),
                format!("{:.1}", median(runs.iter().map(|r| r.handler_us_per_extend).collect())),
            ]);
        }
    }
    print!(
        "{}",
        table::render(
            &["card", "buffer words (items)", "extensions", "items moved / extension", "handler µs / extension"],
            &rows
        )
    );
    println!("verified: every run took every item exactly once and in order");
    Ok(true)
}
