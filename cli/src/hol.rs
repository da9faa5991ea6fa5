//! `renq hol`: head-of-line blocking on the card (spec §7c). Node 0 sends to queue B on node 1,
//! once with nothing else going on, once with queue A — same link, same sending node — full
//! and its stall never served. The card refuses A's packets with an OUTCOME instead of holding
//! the link, so B should keep its rate. Each run is a fresh 2-node cluster (model engine);
//! the two kinds of run alternate, and the medians over seeds and the median of the per-seed
//! ratios are printed.

use crate::stats::median;
use crate::table;
use crate::take::take_in_order;
use renq::{Error, Node};
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::{Duration, Instant};

const QUEUE_B: renq::QueueId = 1;
const QUEUE_A: renq::QueueId = 5;
/// Queue A's one buffer: 16 words, 13 items, then the stall nobody serves.
const A_LOG2_WORDS: u32 = 4;
/// Queue B's buffers (the driver extends them as B fills).
const B_LOG2_WORDS: u32 = 10;
const MEMORY_BYTES: usize = 16 << 20;
const ITEM_TIMEOUT: Duration = Duration::from_secs(10);

/// Sends `items` items 0.. from node 0 to queue B on node 1 and takes them; items/s, after
/// checking they came exactly once and in order.
fn run_b(tx: &renq::Sender, rx: &renq::Receiver, items: u64) -> Result<f64, String> {
    let t0 = Instant::now();
    let (sent, taken) = std::thread::scope(|s| {
        let producer = s.spawn(|| -> Result<(), Error> {
            for i in 0..items {
                tx.enqueue(i)?;
            }
            tx.flush()
        });
        let taken = take_in_order(rx, items, ITEM_TIMEOUT);
        (producer.join().expect("producer thread panicked"), taken)
    });
    sent.map_err(|e| format!("queue B's sender: {e}"))?;
    taken.map_err(|e| format!("queue B: {e}"))?;
    Ok(items as f64 / t0.elapsed().as_secs_f64())
}

/// One run on a fresh cluster: queue B's rate, with queue A stalled first when `stall_a`.
fn run_once(items: u64, stall_a: bool) -> Result<f64, String> {
    let c = Cluster::try_new(ClusterConfig {
        nodes: 2,
        engine: EngineKind::Model,
        card: CardKind::Renq,
        memory_bytes: MEMORY_BYTES,
    })
    .map_err(|e| format!("cluster: {e}"))?;
    let a = Node::new(c.card(0)).map_err(|e| format!("node 0: {e}"))?;
    let b = Node::new(c.card(1)).map_err(|e| format!("node 1: {e}"))?;
    let rx_b = b.create_queue(QUEUE_B, B_LOG2_WORDS).map_err(|e| format!("queue B: {e}"))?;
    let tx_b = a.sender(1, QUEUE_B).map_err(|e| format!("queue B's sender: {e}"))?;
    let tx_a = if stall_a {
        let fits = c.card(1).export_unserved(QUEUE_A, A_LOG2_WORDS).map_err(|e| format!("queue A: {e}"))?;
        let tx_a = a.sender(1, QUEUE_A).map_err(|e| format!("queue A's sender: {e}"))?;
        for i in 0..=fits {
            tx_a.enqueue(i).map_err(|e| format!("queue A: {e}"))?; // the last one stalls A
        }
        // A must be refusing before B starts, or the run measures nothing.
        let deadline = Instant::now() + ITEM_TIMEOUT;
        while !tx_a.status().is_some_and(|st| st.refusing) {
            if Instant::now() > deadline {
                return Err(format!("queue A did not stall: {:?}", tx_a.status()));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        Some(tx_a)
    } else {
        None
    };
    let rate = run_b(&tx_b, &rx_b, items)?;
    if let Some(tx_a) = tx_a {
        // A's refused item is reported, not lost silently: un-export A and its flush gets
        // the rejection (and the sender can be dropped without waiting for A forever).
        c.card(1).unexport(QUEUE_A).map_err(|e| format!("queue A: {e}"))?;
        match tx_a.flush() {
            Err(Error::Rejected { items: 1, .. }) => {}
            other => return Err(format!("queue A's refused item: expected a rejection of 1 item, got {other:?}")),
        }
    }
    Ok(rate)
}

pub fn report(items: u64, seeds: u64) -> Result<bool, String> {
    if items == 0 || seeds == 0 {
        return Err("--items and --seeds must be at least 1".into());
    }
    println!(
        "renq hol: the card, 2 nodes (model engine); node 0 sends {items} items to queue {QUEUE_B} on node 1, alone and \
         with queue {QUEUE_A} (same link, same sender) full and its stall never served; {seeds} runs each, alternating"
    );
    let (mut alone, mut with_a) = (Vec::new(), Vec::new());
    for seed in 1..=seeds {
        // Alternate which kind runs first, so neither always gets the warmer machine.
        let order = if seed % 2 == 1 { [false, true] } else { [true, false] };
        for stall_a in order {
            let rate = run_once(items, stall_a)?;
            if stall_a { &mut with_a } else { &mut alone }.push(rate);
        }
        eprintln!(
            "  run {seed}/{seeds}: alone {:.0}, with A stalled {:.0} items/s",
            alone.last().unwrap(),
            with_a.last().unwrap()
        );
    }
    let ratios: Vec<f64> = alone.iter().zip(&with_a).map(|(x, y)| y / x).collect();
    let each = |v: &[f64]| v.iter().map(|r| format!("{r:.0}")).collect::<Vec<_>>().join(", ");
    let rows = vec![
        vec!["queue B alone".into(), format!("{:.0}", median(alone.clone())), each(&alone)],
        vec!["queue B, queue A stalled".into(), format!("{:.0}", median(with_a.clone())), each(&with_a)],
    ];
    print!("{}", table::render(&["run", "items/s (median)", "items/s per run"], &rows));
    println!("ratio with A stalled / alone (median of per-run ratios): {:.2}", median(ratios));
    println!("verified: every run delivered every item of queue B exactly once and in order");
    Ok(true)
}
