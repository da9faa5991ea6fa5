//! `renq link-goodput`: the goodput of a cluster over UDP (spec §7b) at 0 %, 1 % and 5 % frame
//! drop. Three `UdpNode`s in this process on 127.0.0.1-3 (real UDP sockets, the same code as
//! `renq node`): node 0 consumes queue 0, nodes 1 and 2 produce into it; the drop rate applies
//! to every frame every node sends (DATA and ACK/NAK). Medians over seeds.

use crate::node::{consume, produce};
use crate::stats::median;
use crate::table;
use renq_sim::faults::Faults;
use renq_sim::udp::{UdpConfig, UdpNode};
use renq_sim::{CardKind, EngineKind};
use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

const DROPS: [f64; 3] = [0.0, 0.01, 0.05];
const NODES: usize = 3;
const MEMORY_BYTES: usize = 64 << 20;
const QUEUE_LOG2: u32 = 12;
const TIMEOUT: Duration = Duration::from_secs(60);

/// One run's figures.
struct Run {
    items_per_s: f64,
    /// Packets delivered to node 0 per DATA frame the producers put on the wire.
    delivered_per_frame: f64,
    resent: u64,
}

/// A free port on `ip` (bound and released; loopback only).
fn free_addr(ip: &str) -> Result<SocketAddr, String> {
    UdpSocket::bind((ip, 0)).and_then(|s| s.local_addr()).map_err(|e| format!("{ip}: {e}"))
}

fn run_once(drop: f64, seed: u64, items: u64) -> Result<Run, String> {
    let addrs = (0..NODES).map(|i| free_addr(&format!("127.0.0.{}", i + 1))).collect::<Result<Vec<_>, _>>()?;
    let faults = Faults { drop, ..Faults::default() };
    let mut nodes = (0..NODES)
        .map(|i| {
            let peers = (0..NODES).filter(|&j| j != i).map(|j| (j as u16, addrs[j])).collect();
            let cfg = UdpConfig { node: i as u16, listen: addrs[i], peers, faults, seed: seed * 101 + i as u64 };
            UdpNode::bind(&cfg, CardKind::Paper, EngineKind::Model, MEMORY_BYTES).map_err(|e| format!("node {i}: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (consumer, producers) = nodes.split_first_mut().expect("three nodes");
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (consumed, produced) = std::thread::scope(|s| {
        let c = s.spawn(move || {
            consume(consumer, 0, QUEUE_LOG2, &[1, 2], items, TIMEOUT, move || ready_tx.send(()).unwrap_or(()))
        });
        let started = ready_rx.recv().is_ok();
        let p: Vec<_> = producers
            .iter_mut()
            .enumerate()
            .filter(|_| started)
            .map(|(i, n)| s.spawn(move || produce(n, i as u16 + 1, (0, 0), items, TIMEOUT)))
            .collect();
        let produced: Result<Vec<_>, String> = p.into_iter().map(|h| h.join().expect("producer panicked")).collect();
        (c.join().expect("consumer panicked"), produced)
    });
    let consumed = consumed?;
    produced?;
    if !consumed.summary.ok() {
        return Err(format!("drop {drop}, seed {seed}: {}", consumed.summary.line()));
    }
    let sent: u64 = nodes[1..].iter().map(|n| n.links().stats().sender.frames_sent).sum();
    let resent: u64 = nodes[1..].iter().map(|n| n.links().stats().sender.resent).sum();
    let delivered = nodes[0].links().stats().receiver.delivered;
    Ok(Run {
        items_per_s: consumed.summary.received as f64 / consumed.elapsed.as_secs_f64(),
        delivered_per_frame: delivered as f64 / sent.max(1) as f64,
        resent,
    })
}

pub fn report(items: u64, seeds: u64) -> Result<bool, String> {
    if items == 0 || seeds == 0 {
        return Err("--items and --seeds must be at least 1".into());
    }
    println!(
        "renq link-goodput: 3 nodes over UDP on 127.0.0.1-3 (model engine), nodes 1 and 2 send {items} items each \
         to queue 0 on node 0; drop applies to every frame sent; medians over seeds 1..={seeds}"
    );
    let mut rows = Vec::new();
    for drop in DROPS {
        let runs = (1..=seeds).map(|seed| run_once(drop, seed, items)).collect::<Result<Vec<_>, _>>()?;
        let each: Vec<String> = runs.iter().map(|r| format!("{:.0}", r.items_per_s)).collect();
        rows.push(vec![
            format!("{:.0} %", drop * 100.0),
            format!("{:.0}", median(runs.iter().map(|r| r.items_per_s).collect())),
            format!("{:.3}", median(runs.iter().map(|r| r.delivered_per_frame).collect())),
            format!("{:.0}", median(runs.iter().map(|r| r.resent as f64).collect())),
            each.join(", "),
        ]);
    }
    print!(
        "{}",
        table::render(
            &["drop", "items/s (median)", "delivered per DATA frame (median)", "resent (median)", "items/s per seed"],
            &rows
        )
    );
    println!("verified: every run delivered every item exactly once, FIFO per producer");
    Ok(true)
}
