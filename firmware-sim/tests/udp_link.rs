//! Cards linked over UDP (`renq_sim::udp`) on distinct loopback addresses 127.0.0.x: items
//! from two producer nodes reach a queue on node 0 exactly once, in order per producer, with
//! clean links, with every fault on, through a 200 ms outage, and while garbage datagrams hit
//! node 0's port.

mod common;

use std::net::{SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use common::*;
use renq_abi::frame::{Body, Frame};
use renq_abi::packet::Packet;
use renq_abi::paper::regs;
use renq_abi::paper::shadow::page_offset;
use renq_sim::faults::{hostile_burst, Faults};
use renq_sim::udp::{UdpConfig, UdpNode, TICK};
use renq_sim::{CardKind, EngineKind};

const BUF: u64 = 0x10_0000;
/// 2^16 words: room for every item of a test, so no overflow handling is needed here.
const K: u32 = 16;
const Q: u8 = 1;

/// A free UDP port on `ip` (bound once and released: good enough on loopback).
fn free_addr(ip: &str) -> SocketAddr {
    UdpSocket::bind((ip, 0)).unwrap().local_addr().unwrap()
}

fn ip(node: usize) -> String {
    format!("127.0.0.{}", node + 1)
}

/// `n` nodes on 127.0.0.1.. (plus any `extra` peers of node 0), each exporting queue Q, started.
fn cluster(n: usize, faults: &[Faults], extra: &[(u16, SocketAddr)]) -> Vec<UdpNode> {
    let addrs: Vec<SocketAddr> = (0..n).map(|i| free_addr(&ip(i))).collect();
    let mut nodes: Vec<UdpNode> = (0..n)
        .map(|i| {
            let mut peers: Vec<(u16, SocketAddr)> = (0..n).filter(|&j| j != i).map(|j| (j as u16, addrs[j])).collect();
            if i == 0 {
                peers.extend_from_slice(extra);
            }
            let cfg = UdpConfig { node: i as u16, listen: addrs[i], peers, faults: faults[i], seed: 7 + i as u64 };
            UdpNode::bind(&cfg, CardKind::Paper, EngineKind::Model, 4 << 20).unwrap()
        })
        .collect();
    for node in &mut nodes {
        export_queue(&node.card(), Q, BUF, K);
        node.start().unwrap();
    }
    nodes
}

/// Producer `p` on node `p` sends `items` items to node 0, sleeping `pause` every 100.
fn produce(node: &UdpNode, p: u64, items: u64, pause: Duration) {
    let card = node.card();
    for i in 0..items {
        card.bar2_write(page_offset(0, Q), p << 32 | i, 0xff);
        if i % 100 == 99 && !pause.is_zero() {
            std::thread::sleep(pause);
        }
    }
}

/// Waits for `total` enqueues on node 0, then checks each producer's items came once, in order.
fn check_arrival(node0: &UdpNode, producers: &[u64], items: u64) {
    let total = producers.len() as u64 * items;
    let card = node0.card();
    let deadline = Instant::now() + Duration::from_secs(60);
    while card.bar0_read(regs::CNT_ENQUEUED) < total {
        assert!(Instant::now() < deadline, "only {} of {total} arrived", card.bar0_read(regs::CNT_ENQUEUED));
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(50));
    assert_eq!(card.bar0_read(regs::CNT_ENQUEUED), total, "more arrived than was sent");
    let got: Vec<u64> = std::iter::from_fn(|| dequeue(card.memory(), BUF, K)).collect();
    for &p in producers {
        let mine: Vec<u64> = got.iter().filter(|&&v| v >> 32 == p).map(|&v| v & 0xffff_ffff).collect();
        assert!(mine.iter().copied().eq(0..items), "producer {p}: {} items, not 0..{items} in order", mine.len());
    }
    assert_eq!(got.len() as u64, total);
}

fn run(faults: [Faults; 3], items: u64, pause: Duration) -> Vec<UdpNode> {
    let nodes = cluster(3, &faults, &[]);
    std::thread::scope(|s| {
        s.spawn(|| produce(&nodes[1], 1, items, pause));
        s.spawn(|| produce(&nodes[2], 2, items, pause));
    });
    check_arrival(&nodes[0], &[1, 2], items);
    for n in &nodes[1..] {
        assert!(n.flush(Duration::from_secs(30)), "unacknowledged: {:?}", n.links().stats());
    }
    nodes
}

#[test]
fn clean_udp_links_deliver_exactly_once_in_order() {
    let nodes = run([Faults::default(); 3], 20_000, Duration::ZERO);
    let s = nodes[1].links().stats();
    assert_eq!(s.sender.packets_sent - s.sender.resent, 20_000, "{s:?}");
    let r = nodes[0].links().stats();
    assert_eq!(r.receiver.delivered, 40_000);
    assert_eq!((r.unknown_source, r.receiver.bad.total()), (0, 0));
}

#[test]
fn every_fault_at_once_loses_nothing() {
    let f = Faults { drop: 0.05, dup: 0.01, reorder: 0.02, corrupt: 0.01, down: None };
    let nodes = run([f; 3], 20_000, Duration::ZERO);
    let r = nodes[0].links().stats();
    let s = nodes[1].links().stats();
    assert_eq!(r.receiver.delivered, 40_000);
    assert!(s.channel.dropped > 0 && s.channel.duplicated > 0 && s.channel.reordered > 0, "{s:?}");
    assert!(s.sender.resent > 0 && r.receiver.bad.crc > 0 && r.receiver.duplicates > 0, "{r:?}");
}

#[test]
fn a_link_down_for_200_ms_is_survived() {
    // Node 1 sends nothing (DATA or ACK) from 50 ms to 250 ms after it starts; it produces
    // for about 500 ms, so the outage falls in the middle of its traffic.
    let ticks = |ms: u64| Duration::from_millis(ms).as_nanos() as u64 / TICK.as_nanos() as u64;
    let down = Faults { down: Some((ticks(50), ticks(250))), ..Faults::default() };
    let nodes = run([Faults::default(), down, Faults::default()], 5_000, Duration::from_millis(10));
    let s = nodes[1].links().stats();
    assert!(s.channel.lost_while_down > 0 && s.sender.timeouts > 0, "{s:?}");
    assert_eq!(nodes[0].links().stats().receiver.delivered, 10_000);
}

/// Node 9's DATA frame: incarnation 0 on both sides, as a peer without restarts sends.
fn data(seq: u16, item: u64) -> Vec<u8> {
    let packets = vec![Packet::enqueue(9, 0, Q as u16, item)];
    Frame::new([2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 9], 0, Body::Data { seq, packets }).encode()
}

#[test]
fn garbage_datagrams_are_counted_and_the_node_keeps_working() {
    // The test plays node 9, a peer of node 0, and sends from an unknown address as well.
    let me = UdpSocket::bind("127.0.0.10:0").unwrap();
    let stranger = UdpSocket::bind("127.0.0.11:0").unwrap();
    let nodes = cluster(2, &[Faults::default(); 2], &[(9, me.local_addr().unwrap())]);
    let to = nodes[0].links().local_addr().unwrap();
    let mut rng = renq_sim::faults::Rng::new(5);
    let items = 2_000u64;
    std::thread::scope(|s| {
        s.spawn(|| produce(&nodes[1], 1, items, Duration::ZERO));
        for seq in 0..items as u16 {
            let good = data(seq, 9 << 32 | seq as u64);
            // Random bytes, a truncated frame, a bad CRC, another EtherType, the frame itself five
            // times over, and a sequence number far out of the window.
            for d in hostile_burst(&good, 5, &mut rng) {
                me.send_to(&d, to).unwrap();
            }
            me.send_to(&data(seq.wrapping_add(30_000), 0), to).unwrap();
            stranger.send_to(&good, to).unwrap();
            if seq % 32 == 31 {
                // Pace to the window: wait for node 0's ACKs of what was sent so far.
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    });
    // Frames lost to a full socket buffer are resent by nobody here: resend the tail until
    // node 0 has every item of ours.
    let card = nodes[0].card();
    let deadline = Instant::now() + Duration::from_secs(30);
    while card.bar0_read(regs::CNT_ENQUEUED) < 2 * items && Instant::now() < deadline {
        for seq in 0..items as u16 {
            me.send_to(&data(seq, 9 << 32 | seq as u64), to).unwrap();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    check_arrival(&nodes[0], &[1, 9], items);
    let r = nodes[0].links().stats();
    let b = r.receiver.bad;
    assert_eq!(r.receiver.delivered, 2 * items);
    // The flood overruns the socket's buffer, so only some of each kind arrive: each is counted.
    assert!(r.unknown_source > 0, "{r:?}");
    assert!(b.truncated > 0 && b.crc > 0 && b.ether_type > 0, "{b:?}");
    assert!(r.receiver.duplicates > 0 && r.receiver.out_of_window > 0, "{r:?}");
}

#[test]
fn a_card_that_takes_nothing_holds_frames_in_the_senders_window() {
    use renq_abi::csr::bits;
    let nodes = cluster(2, &[Faults::default(); 2], &[]);
    // RX off on node 0: its card refuses every packet, the inbox fills (4096), then the link
    // refuses to ACK and node 1's window holds the rest.
    let card0 = nodes[0].card();
    card0.bar0_write(regs::CONTROL, 1 << bits::CONTROL_TX_ENABLE);
    let items = 5_000;
    std::thread::scope(|s| {
        s.spawn(|| produce(&nodes[1], 1, items, Duration::ZERO));
        let deadline = Instant::now() + Duration::from_secs(30);
        while nodes[0].links().stats().receiver.refused == 0 {
            assert!(Instant::now() < deadline, "the link never refused: {:?}", nodes[0].links().stats());
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(nodes[1].links().in_flight() > 0);
        assert_eq!(card0.bar0_read(regs::CNT_ENQUEUED), 0);
        card0.bar0_write(regs::CONTROL, 1 << bits::CONTROL_RX_ENABLE | 1 << bits::CONTROL_TX_ENABLE);
    });
    check_arrival(&nodes[0], &[1], items);
    // Each refused packet went again: by the timer, a tail-loss probe, or (when packets behind
    // it were taken once the card came back) the SACK that showed the hole. Which one wins is
    // a race with the re-enable, so the test counts them together.
    let s = nodes[1].links().stats().sender;
    assert!(s.resent > 0 && s.timeouts + s.probes + s.sack_resends > 0, "{s:?}");
}
