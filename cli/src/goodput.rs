//! `renq link-goodput`: the goodput of a cluster over UDP (spec §7b) with no fault, 1 % and 5 %
//! frame drop and 30 % reordering, and what a packet costs on an Ethernet wire. Three
//! `UdpNode`s in this process on 127.0.0.1-3 (real UDP sockets, the same code as `renq node`):
//! node 0 consumes queue 0, nodes 1 and 2 produce into it; a fault applies to every frame every
//! node sends (DATA and ACK/NAK). Medians over seeds. Wire bytes are counted from the frames
//! sent (`frame::wire_bytes`: padding, FCS, preamble and gap included); the packet rates of a
//! 1 and a 10 Gb/s line are modeled from them.

use crate::node::{consume, produce};
use crate::stats::median;
use crate::table;
use renq_sim::faults::Faults;
use renq_sim::udp::{UdpConfig, UdpNode};
use renq_sim::{CardKind, EngineKind};
use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

/// The fault cases: (name, drop, reorder).
const CASES: [(&str, f64, f64); 4] =
    [("none", 0.0, 0.0), ("1 % drop", 0.01, 0.0), ("5 % drop", 0.05, 0.0), ("30 % reordered", 0.0, 0.3)];
/// Lone items sent one at a time (each after the last was acknowledged) for the idle figure.
const IDLE_ITEMS: u64 = 200;
const NODES: usize = 3;
const MEMORY_BYTES: usize = 64 << 20;
const QUEUE_LOG2: u32 = 12;
const TIMEOUT: Duration = Duration::from_secs(60);

/// One run's figures.
struct Run {
    items_per_s: f64,
    /// Packets delivered to node 0 per DATA frame the producers put on the wire.
    delivered_per_frame: f64,
    /// Of the DATA packets the producers sent, the share sent again.
    resent_share: f64,
    /// The producers' DATA wire bytes per packet delivered.
    wire_per_packet: f64,
}

/// A free port on `ip` (bound and released; loopback only).
fn free_addr(ip: &str) -> Result<SocketAddr, String> {
    UdpSocket::bind((ip, 0)).and_then(|s| s.local_addr()).map_err(|e| format!("{ip}: {e}"))
}

fn bind_nodes(faults: Faults, seed: u64) -> Result<Vec<UdpNode>, String> {
    let addrs = (0..NODES).map(|i| free_addr(&format!("127.0.0.{}", i + 1))).collect::<Result<Vec<_>, _>>()?;
    (0..NODES)
        .map(|i| {
            let peers = (0..NODES).filter(|&j| j != i).map(|j| (j as u16, addrs[j])).collect();
            let cfg = UdpConfig { node: i as u16, listen: addrs[i], peers, faults, seed: seed * 101 + i as u64 };
            UdpNode::bind(&cfg, CardKind::Paper, EngineKind::Model, MEMORY_BYTES).map_err(|e| format!("node {i}: {e}"))
        })
        .collect()
}

fn run_once((name, drop, reorder): (&str, f64, f64), seed: u64, items: u64) -> Result<Run, String> {
    let mut nodes = bind_nodes(Faults { drop, reorder, ..Faults::default() }, seed)?;
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
        return Err(format!("{name}, seed {seed}: {}", consumed.summary.line()));
    }
    let mut sent = renq_sim::reliable::LinkSenderStats::default();
    for n in &nodes[1..] {
        sent.add(&n.links().stats().sender);
    }
    let delivered = nodes[0].links().stats().receiver.delivered.max(1) as f64;
    Ok(Run {
        items_per_s: consumed.summary.received as f64 / consumed.elapsed.as_secs_f64(),
        delivered_per_frame: delivered / sent.frames_sent.max(1) as f64,
        resent_share: sent.resent as f64 / sent.packets_sent.max(1) as f64,
        wire_per_packet: sent.wire_bytes as f64 / delivered,
    })
}

/// DATA wire bytes per packet when each packet is alone on an idle link: node 1 sends one item,
/// waits until it is acknowledged, and again.
fn idle_wire_per_packet(seed: u64) -> Result<f64, String> {
    let mut nodes = bind_nodes(Faults::default(), seed)?;
    let lib = renq::Node::open(renq::Backend::Card(nodes[0].card())).map_err(|e| e.to_string())?;
    let _receiver = lib.create_queue(0, QUEUE_LOG2).map_err(|e| e.to_string())?;
    for n in nodes.iter_mut() {
        n.start().map_err(|e| e.to_string())?;
    }
    let producer = renq::Node::open(renq::Backend::Card(nodes[1].card())).map_err(|e| e.to_string())?;
    let sender = producer.sender(0, 0).map_err(|e| e.to_string())?;
    for i in 0..IDLE_ITEMS {
        sender.enqueue(i).map_err(|e| e.to_string())?;
        if !nodes[1].flush(TIMEOUT) {
            return Err("an idle item was not acknowledged".into());
        }
    }
    let s = nodes[1].links().stats().sender;
    Ok(s.wire_bytes as f64 / s.packets_sent.max(1) as f64)
}

pub fn report(items: u64, seeds: u64) -> Result<bool, String> {
    if items == 0 || seeds == 0 {
        return Err("--items and --seeds must be at least 1".into());
    }
    println!(
        "renq link-goodput: 3 nodes over UDP on 127.0.0.1-3 (model engine), nodes 1 and 2 send {items} items each \
         to queue 0 on node 0; a fault applies to every frame sent; medians over seeds 1..={seeds}"
    );
    let mut rows = Vec::new();
    let (mut clean_rate, mut saturated) = (0.0, 0.0);
    for case in CASES {
        let runs = (1..=seeds).map(|seed| run_once(case, seed, items)).collect::<Result<Vec<_>, _>>()?;
        let each: Vec<String> = runs.iter().map(|r| format!("{:.0}", r.items_per_s)).collect();
        let rate = median(runs.iter().map(|r| r.items_per_s).collect());
        if case.1 == 0.0 && case.2 == 0.0 {
            (clean_rate, saturated) = (rate, median(runs.iter().map(|r| r.wire_per_packet).collect()));
        }
        rows.push(vec![
            case.0.to_string(),
            format!("{rate:.0}"),
            format!("{:.0} %", 100.0 * rate / clean_rate),
            format!("{:.2}", median(runs.iter().map(|r| r.delivered_per_frame).collect())),
            format!("{:.2} %", 100.0 * median(runs.iter().map(|r| r.resent_share).collect())),
            each.join(", "),
        ]);
    }
    print!(
        "{}",
        table::render(
            &[
                "fault",
                "items/s (median)",
                "of fault-free",
                "packets per DATA frame",
                "DATA packets resent",
                "items/s per seed"
            ],
            &rows
        )
    );
    println!("verified: every run delivered every item exactly once, FIFO per producer");
    let idle = median((1..=seeds).map(idle_wire_per_packet).collect::<Result<Vec<_>, _>>()?);
    println!("wire bytes per packet at saturation: {saturated:.1}");
    println!("wire bytes per packet at idle: {idle:.1}");
    for (name, bits_per_s) in [("1 GbE", 1e9), ("10 GbE", 1e10)] {
        println!(
            "modeled {name} line ({:.0} MB/s), DATA frames only: {:.2} M packets/s at saturation, {:.2} M at idle",
            bits_per_s / 8e6,
            bits_per_s / 8.0 / saturated / 1e6,
            bits_per_s / 8.0 / idle / 1e6
        );
    }
    Ok(true)
}
