//! `renq node`: clusters of card processes on distinct loopback addresses (127.0.0.x) whose
//! links are UDP. Every item arrives exactly once, in order per producer, with clean links,
//! with every fault on, through a 200 ms outage, and while garbage hits the consumer's port.

use std::io::Read;
use std::net::{SocketAddr, UdpSocket};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use renq_abi::frame::{Body, Frame};
use renq_abi::packet::Packet;
use renq_sim::faults::{hostile_burst, Rng};

/// The node processes of one test; killed (by their own pids) on drop.
struct Procs(Vec<Child>);

impl Drop for Procs {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// A free UDP port on `ip` (bound once and released: good enough on loopback).
fn free_addr(ip: &str) -> SocketAddr {
    UdpSocket::bind((ip, 0)).unwrap().local_addr().unwrap()
}

fn spawn(args: &[String]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_renq"))
        .arg("node")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run renq node")
}

/// Waits for every process (at most `limit`), returns (success, stdout + stderr) of each.
fn finish(procs: &mut Procs, limit: Duration) -> Vec<(bool, String)> {
    let deadline = Instant::now() + limit;
    procs
        .0
        .iter_mut()
        .map(|c| {
            let status = loop {
                if let Some(s) = c.try_wait().unwrap() {
                    break s;
                }
                assert!(Instant::now() < deadline, "a node did not finish in {limit:?}");
                std::thread::sleep(Duration::from_millis(10));
            };
            let mut out = String::new();
            c.stdout.take().unwrap().read_to_string(&mut out).unwrap();
            c.stderr.take().unwrap().read_to_string(&mut out).unwrap();
            (status.success(), out)
        })
        .collect()
}

/// Node 0 consumes `items` from each of nodes 1..producers; `extra[i]` are node i's options.
fn cluster(producers: usize, items: u64, extra: &[&[&str]]) -> Vec<(bool, String)> {
    let ids: Vec<u16> = (0..=producers as u16).collect();
    cluster_of(&ids, items, extra)
}

/// The arguments of node `ids[i]` in a cluster where `ids[0]` (on `addrs[0]`) consumes `items`
/// from each of the others.
fn node_args(ids: &[u16], addrs: &[SocketAddr], i: usize, items: u64, extra: &[&[&str]]) -> Vec<String> {
    let from: Vec<String> = ids[1..].iter().map(|i| i.to_string()).collect();
    let mut args: Vec<String> = vec!["--id".into(), ids[i].to_string(), "--listen".into(), addrs[i].to_string()];
    let peers: Vec<usize> = if i == 0 { (1..ids.len()).collect() } else { vec![0] };
    for j in peers {
        args.extend(["--peer".into(), format!("{}={}", ids[j], addrs[j])]);
    }
    if i == 0 {
        args.extend(["--consume".into(), items.to_string(), "--from".into(), from.join(",")]);
    } else {
        args.extend(["--produce".into(), items.to_string(), "--to".into(), format!("{}:0", ids[0])]);
    }
    args.extend(extra.get(i).copied().unwrap_or_default().iter().map(|s| s.to_string()));
    args
}

/// Node `ids[0]` (on 127.0.0.1) consumes `items` from each of the others (127.0.0.2..).
fn cluster_of(ids: &[u16], items: u64, extra: &[&[&str]]) -> Vec<(bool, String)> {
    let addrs: Vec<SocketAddr> = (0..ids.len()).map(|i| free_addr(&format!("127.0.0.{}", i + 1))).collect();
    let mut procs = Procs((0..ids.len()).map(|i| spawn(&node_args(ids, &addrs, i, items, extra))).collect());
    let out = finish(&mut procs, Duration::from_secs(120));
    for (ok, text) in &out {
        assert!(ok, "a node failed:\n{text}");
    }
    out
}

/// The number after `label` on the line that has it.
fn count(text: &str, label: &str) -> u64 {
    let at = text.find(label).unwrap_or_else(|| panic!("no {label:?} in:\n{text}")) + label.len();
    text[at..].trim_start().split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

#[test]
fn four_processes_over_clean_udp() {
    let out = cluster(3, 5_000, &[]);
    assert!(out[0].1.contains("verified: 15000 items, 0 lost, 0 duplicated, FIFO per producer"), "{}", out[0].1);
    for (_, text) in &out[1..] {
        assert!(text.contains("sent 5000 items, all acknowledged"), "{text}");
    }
}

#[test]
fn every_fault_on_every_node_loses_nothing() {
    let all: &[&str] =
        &["--link-drop", "0.05", "--link-dup", "0.01", "--link-reorder", "0.02", "--link-corrupt", "0.01"];
    let out = cluster(2, 5_000, &[all, all, all]);
    let consumer = &out[0].1;
    assert!(consumer.contains("verified: 10000 items, 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    assert!(count(consumer, "bad CRC") > 0 && count(consumer, "duplicate") > 0, "{consumer}");
    let producer = &out[1].1;
    assert!(count(producer, "frames: dropped") > 0 && count(producer, "resent") > 0, "{producer}");
}

#[test]
fn card_nodes_with_every_fault_lose_nothing() {
    let card_all: &[&str] = &[
        "--card",
        "renq",
        "--queue-log2",
        "5",
        "--link-drop",
        "0.05",
        "--link-dup",
        "0.01",
        "--link-reorder",
        "0.02",
        "--link-corrupt",
        "0.01",
    ];
    let card_producer: &[&str] = &card_all[..2];
    let card_producer_faults: Vec<&str> = card_producer.iter().chain(&card_all[4..]).copied().collect();
    let out = cluster(2, 5_000, &[card_all, &card_producer_faults, card_producer]);
    let consumer = &out[0].1;
    assert!(consumer.contains("verified: 10000 items, 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    assert!(count(consumer, "bad CRC") > 0, "{consumer}");
}

/// Node ids take the card's whole range over UDP: the MACs carry 16-bit ids (spec §7a).
#[test]
fn card_nodes_with_ids_up_to_1023_over_udp() {
    let card: &[&str] = &["--card", "renq", "--link-drop", "0.02", "--link-reorder", "0.01"];
    let out = cluster_of(&[300, 5, 1023], 2_000, &[card, card, card]);
    let consumer = &out[0].1;
    assert!(consumer.contains("verified: 4000 items, 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    assert_eq!(count(consumer, "misaddressed"), 0, "{consumer}");
    for (_, text) in &out[1..] {
        assert!(text.contains("sent 2000 items, all acknowledged"), "{text}");
    }
}

/// A node id beyond the card's range is refused before anything starts, in one line.
#[test]
fn node_ids_beyond_the_cards_range_are_one_line_errors() {
    let a = free_addr("127.0.0.1").to_string();
    let cases = [
        ("renq", "1024", "0", "node id 1024 is not below 1024 (renq card)"),
        ("paper", "16", "0", "node id 16 is not below 16 (paper card)"),
        ("renq", "0", "1024", "peer id 1024 is not below 1024 (renq card)"),
        ("paper", "0", "16", "peer id 16 is not below 16 (paper card)"),
    ];
    for (card, id, peer, want) in cases {
        let args: Vec<String> = ["--card", card, "--id", id, "--listen", &a, "--peer", &format!("{peer}=127.0.0.2:9")]
            .iter()
            .map(|s| s.to_string())
            .chain(["--produce", "1", "--to"].map(String::from))
            .chain([format!("{peer}:0")])
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_renq")).arg("node").args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(want), "{card} {id} {peer}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_link_down_for_200_ms_is_survived() {
    let out = cluster(2, 20_000, &[&[], &["--link-down", "20+200"]]);
    assert!(out[0].1.contains("verified: 40000 items, 0 lost, 0 duplicated, FIFO per producer"), "{}", out[0].1);
    let producer = &out[1].1;
    assert!(count(producer, "lost while down") > 0 && count(producer, "timeouts") > 0, "{producer}");
}

/// Node 9's DATA frame: incarnation 0 on both sides, as a peer without restarts sends.
fn data(seq: u16, item: u64) -> Vec<u8> {
    let packets = vec![Packet::enqueue(9, 0, 0, item)];
    Frame::new([2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 9], 0, Body::Data { seq, packets }).encode()
}

#[test]
fn garbage_at_the_consumers_port_is_counted_and_nothing_is_delivered_twice() {
    // This test plays node 9, a peer of node 0, beside a real producer (node 1), and a
    // stranger at an address node 0 does not know.
    let me = UdpSocket::bind("127.0.0.10:0").unwrap();
    let stranger = UdpSocket::bind("127.0.0.11:0").unwrap();
    let (a0, a1) = (free_addr("127.0.0.1"), free_addr("127.0.0.2"));
    let items = 1_000u64;
    let n = items.to_string();
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut procs = Procs(vec![
        spawn(&s(&[
            "--id",
            "0",
            "--listen",
            &a0.to_string(),
            "--peer",
            &format!("1={a1}"),
            "--peer",
            &format!("9={}", me.local_addr().unwrap()),
            "--consume",
            &n,
            "--from",
            "1,9",
        ])),
        spawn(&s(&[
            "--id",
            "1",
            "--listen",
            &a1.to_string(),
            "--peer",
            &format!("0={a0}"),
            "--produce",
            &n,
            "--to",
            "0:0",
        ])),
    ]);
    // Node 9's items, each preceded by garbage and sent five times over; then the whole run
    // again until node 0 has ACKed the last one (it may still be starting up).
    me.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
    let mut rng = Rng::new(3);
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut acked = 0u16;
    while (acked as u64) < items {
        assert!(Instant::now() < deadline, "node 0 ACKed only {acked} of node 9's items");
        for seq in acked..items as u16 {
            let good = data(seq, 9 << 48 | seq as u64);
            for d in hostile_burst(&good, 5, &mut rng) {
                me.send_to(&d, a0).unwrap();
            }
            me.send_to(&data(seq.wrapping_add(30_000), 0), a0).unwrap();
            stranger.send_to(&good, a0).unwrap();
            if seq % 16 == 15 {
                break; // let node 0 answer
            }
        }
        let mut buf = [0u8; 64];
        while let Ok((len, _)) = me.recv_from(&mut buf) {
            if let Ok(Frame { ack, body: Body::Ack | Body::Nak, .. }) = Frame::decode(&buf[..len]) {
                acked = acked.max(ack);
            }
        }
    }
    let out = finish(&mut procs, Duration::from_secs(60));
    let consumer = &out[0].1;
    assert!(out[0].0 && out[1].0, "{consumer}\n{}", out[1].1);
    assert!(consumer.contains("verified: 2000 items, 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    for label in ["duplicate", "out of window", "bad CRC", "truncated", "EtherType", "from unknown addresses"] {
        assert!(count(consumer, label) > 0, "{label}: {consumer}");
    }
}

/// Runs node 0 consuming `items` from nodes 1 and 2; `after` their start, kills node `victim`
/// (SIGKILL) and starts it again with the same arguments `down` later. Returns the outputs:
/// the restarted node's in place of the killed one's.
fn kill_and_restart(victim: usize, items: u64, after: Duration, down: Duration) -> Vec<(bool, String)> {
    let ids = [0, 1, 2];
    let addrs: Vec<SocketAddr> = (0..3).map(|i| free_addr(&format!("127.0.0.{}", i + 1))).collect();
    let args: Vec<Vec<String>> = (0..3).map(|i| node_args(&ids, &addrs, i, items, &[])).collect();
    let mut procs = Procs(args.iter().map(|a| spawn(a)).collect());
    std::thread::sleep(after);
    let killed = &mut procs.0[victim];
    assert!(killed.try_wait().unwrap().is_none(), "node {victim} finished before it could be killed");
    killed.kill().unwrap();
    killed.wait().unwrap();
    std::thread::sleep(down);
    procs.0[victim] = spawn(&args[victim]);
    finish(&mut procs, Duration::from_secs(120))
}

/// The item where the consumer's line for `node` says its current run starts.
fn joined_at(consumer: &str, node: u16) -> u64 {
    count(consumer, &format!("node {node}: items "))
}

/// A producer killed mid-run and started again rejoins as a new incarnation: its new run
/// arrives whole, exactly once and in order, the dead run's items stay as they came, and the
/// other producer loses nothing.
#[test]
fn a_killed_producer_started_again_rejoins_and_nothing_is_lost_or_doubled() {
    let items = 600_000;
    let out = kill_and_restart(1, items, Duration::from_millis(500), Duration::from_millis(100));
    let consumer = &out[0].1;
    assert!(out.iter().all(|(ok, _)| *ok), "{out:#?}");
    assert!(consumer.contains(", 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    assert!(consumer.contains(&format!("node 1: items 0..{items} of {items}")), "{consumer}");
    assert!(consumer.contains(&format!("node 2: items 0..{items} of {items}")), "{consumer}");
    assert!(consumer.contains("an earlier run delivered items 0.."), "the killed run sent nothing? {consumer}");
    assert_eq!(count(consumer, "peer restarts"), 1, "{consumer}");
    for (_, producer) in &out[1..] {
        assert!(producer.contains(&format!("sent {items} items, all acknowledged")), "{producer}");
    }
}

/// A consumer killed mid-run and started again rejoins: each producer reports the items it had
/// in flight to the dead one as lost, none of them reaches the new one, and the new one gets
/// every item after them exactly once and in order.
#[test]
fn a_killed_consumer_started_again_rejoins_and_lost_items_are_reported_not_delivered() {
    let items = 600_000;
    let out = kill_and_restart(0, items, Duration::from_millis(500), Duration::from_millis(200));
    let consumer = &out[0].1;
    assert!(out.iter().all(|(ok, _)| *ok), "{out:#?}");
    assert!(consumer.contains(", 0 lost, 0 duplicated, FIFO per producer"), "{consumer}");
    for (node, (_, producer)) in (1..).zip(&out[1..]) {
        assert_eq!(count(producer, "peer restarts"), 1, "{producer}");
        let joined = joined_at(consumer, node);
        assert!(joined > 0, "node {node}: the new consumer joined at item 0?\n{consumer}");
        for line in producer.lines().filter(|l| l.starts_with("lost with node 0's restart: items ")) {
            let end = line.split("..").nth(1).unwrap().split(' ').next().unwrap().parse::<u64>().unwrap();
            assert!(
                end <= joined,
                "node {node} reported items up to {end} lost, the new consumer got {joined}..: {line}"
            );
        }
    }
}
