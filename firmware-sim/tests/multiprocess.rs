//! Two and three `renq-sim` processes linked over UNIX sockets; clients in this process reach
//! them through `SimCard::connect` and see each node's memory through the passed memfd.

mod common;

use std::io::{BufRead, BufReader, Read};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use renq_abi::csr::bits;
use renq_abi::paper::regs;
use renq_abi::paper::shadow::page_offset;
use renq_sim::wire::{write_words, HELLO_LINK};
use renq_sim::SimCard;

const BUF: u64 = 0x10_0000;

/// The simulator processes of one test; killed (by their own pids) on drop.
struct Nodes {
    children: Vec<Child>,
    dir: PathBuf,
}

impl Drop for Nodes {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn sock(dir: &Path, n: usize) -> PathBuf {
    dir.join(format!("node{n}.sock"))
}

fn spawn_nodes(tag: &str, n: usize) -> (Nodes, Vec<SimCard>) {
    spawn_nodes_with(tag, n, "model")
}

fn spawn_nodes_with(tag: &str, n: usize, engine: &str) -> (Nodes, Vec<SimCard>) {
    let dir = std::env::temp_dir().join(format!("renq-sim-test-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut nodes = Nodes { children: Vec::new(), dir: dir.clone() };
    for i in 0..n {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_renq-sim"));
        // These tests drive the paper card's registers and shadow window.
        cmd.args(["--die-with-parent", "--card", "paper", "--node", &i.to_string(), "--socket"])
            .arg(sock(&dir, i))
            .args(["--memory", "4M", "--engine", engine]);
        for j in (0..n).filter(|&j| j != i) {
            cmd.arg("--peer").arg(format!("{j}={}", sock(&dir, j).display()));
        }
        let mut child = cmd.stdout(Stdio::piped()).spawn().expect("spawn renq-sim");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert!(line.contains("listening"), "renq-sim said {line:?}");
        nodes.children.push(child);
    }
    let cards = (0..n).map(|i| SimCard::connect_timeout(sock(&dir, i), Duration::from_secs(10)).unwrap()).collect();
    (nodes, cards)
}

fn drain(card: &SimCard, k: u32, want: usize) -> Vec<u64> {
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.len() < want && Instant::now() < deadline {
        match dequeue(card.memory(), BUF, k) {
            Some(v) => got.push(v),
            None => std::thread::sleep(Duration::from_micros(200)),
        }
    }
    got
}

#[test]
fn help_and_bad_arguments() {
    let out = Command::new(env!("CARGO_BIN_EXE_renq-sim")).arg("--help").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--peer N=PATH"));
    let out = Command::new(env!("CARGO_BIN_EXE_renq-sim")).arg("--bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Node ids follow the card's range: the card takes 1 023, and 1 024 (the card) or 16 (paper) is a
/// one-line error.
#[test]
fn node_ids_follow_the_card() {
    let dir = std::env::temp_dir().join(format!("renq-sim-test-{}-ids", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut nodes = Nodes { children: Vec::new(), dir: dir.clone() };
    for (card, node) in [("paper", "16"), ("renq", "1024"), ("renq", "70000")] {
        let out = Command::new(env!("CARGO_BIN_EXE_renq-sim"))
            .args(["--card", card, "--node", node, "--socket"])
            .arg(sock(&dir, 9))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(node), "{card} {node}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_renq-sim"))
        .args(["--die-with-parent", "--card", "renq", "--node", "1023", "--peer", "300=/nonexistent", "--socket"])
        .arg(sock(&dir, 0))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    nodes.children.push(child);
    assert!(line.contains("node 1023 listening"), "{line}");
    let card = SimCard::connect_timeout(sock(&dir, 0), Duration::from_secs(10)).unwrap();
    assert_eq!(card.node(), 1023);
    // A link hello from its peer 300 is served; one from node 5, no peer, is hung up on.
    let hello = |from: u64| {
        let mut s = UnixStream::connect(sock(&dir, 0)).unwrap();
        write_words(&mut s, [HELLO_LINK, from]).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
        s.read(&mut [0u8; 8]).map_err(|e| e.kind())
    };
    assert_eq!(hello(5), Ok(0), "a stranger's link is closed");
    assert_eq!(hello(300).map_err(|k| k == std::io::ErrorKind::WouldBlock), Err(true), "a peer's link stays open");
}

#[test]
fn two_processes_enqueue_across_and_back_pressure() {
    let (_nodes, cards) = spawn_nodes("two", 2);
    let (a, b) = (&cards[0], &cards[1]);
    assert_eq!((a.node(), b.node()), (0, 1));
    assert_eq!(b.bar0_read(regs::ID), regs::ID_VALUE);
    export_queue(a, 0, BUF, 4);
    export_queue(b, 6, BUF, 4); // 12 items fit
                                // 30 items: the queue stalls after 12; the rest wait on the socket link (back-pressure).
    for i in 0..30 {
        a.bar2_write(page_offset(1, 6), 0xabc0_0000 + i, 0xff);
    }
    assert!(b.wait_irq(Duration::from_secs(20)), "overflow interrupt across processes");
    assert_eq!(b.bar0_read(regs::STALLED), 1 << 6);
    let mut got = drain(b, 4, 12);
    // Resume the emptied queue and take nothing: 18 items wait on the link and 12 fit, so the
    // queue must stall a second time (deterministically, whatever the scheduling).
    assert!(resume_if_room(b, 6, BUF, 4));
    let deadline = Instant::now() + Duration::from_secs(20);
    while b.bar0_read(regs::STALLED) & 1 << 6 == 0 {
        assert!(Instant::now() < deadline, "no second overflow");
        std::thread::sleep(Duration::from_micros(200));
    }
    // Drain-and-resume until everything has arrived.
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.len() < 30 {
        assert!(Instant::now() < deadline, "stuck at {} items", got.len());
        resume_if_room(b, 6, BUF, 4);
        got.extend(std::iter::from_fn(|| dequeue(b.memory(), BUF, 4)));
    }
    assert_eq!(got, (0..30).map(|i| 0xabc0_0000 + i).collect::<Vec<_>>());
    assert_eq!(a.bar0_read(regs::CNT_SENT), 30);
    assert_eq!(b.bar0_read(regs::CNT_ENQUEUED), 30);
    assert!(b.bar0_read(regs::CNT_OVERFLOWS) >= 2);
    let s = a.bar_stats();
    assert_eq!((s.bar2_writes, s.bar2_by_size[8]), (30, 30));
    let d = b.bar_stats();
    assert_eq!((d.dma_reads, d.dma_writes), (60, 60), "2 reads + 2 writes per enqueue");
    assert_eq!(d.bar2_writes, 0);
    // Loopback inside one process, and the memfd really is the card's memory.
    a.bar2_write(page_offset(0, 0), 77, 0xff);
    a.wait_idle();
    assert_eq!(dequeue(a.memory(), BUF, 4), Some(77));
}

#[test]
fn three_processes_all_to_all_in_order() {
    const N: usize = 3;
    const ITEMS: u64 = 2000;
    let (_nodes, cards) = spawn_nodes("three", N);
    for c in &cards {
        export_queue(c, 1, BUF, 16);
    }
    let t = Instant::now();
    std::thread::scope(|s| {
        for (i, c) in cards.iter().enumerate() {
            s.spawn(move || {
                for k in 0..ITEMS {
                    for d in 0..N as u8 {
                        c.bar2_write(page_offset(d, 1), (i as u64) << 32 | k, 0xff);
                    }
                }
            });
        }
    });
    for c in &cards {
        let got = drain(c, 16, N * ITEMS as usize);
        assert_eq!(got.len(), N * ITEMS as usize);
        let mut next = [0u64; N];
        for v in got {
            let (src, k) = ((v >> 32) as usize, v & 0xffff_ffff);
            assert_eq!(k, next[src], "node {}: items from node {src} out of order", c.node());
            next[src] += 1;
        }
        assert_eq!(c.bar0_read(regs::CNT_ENQUEUED), N as u64 * ITEMS);
        assert_eq!(c.bar0_read(regs::CNT_SENT), N as u64 * ITEMS);
    }
    eprintln!("three processes: {} remote enqueues stored and drained in {:?}", N * N * ITEMS as usize, t.elapsed());
}

#[test]
fn remote_irq_wait_wakes_on_notify() {
    let (_nodes, cards) = spawn_nodes("irq", 2);
    let (a, b) = (&cards[0], &cards[1]);
    export_queue(a, 0, BUF, 5);
    export_queue(b, 2, BUF, 5);
    assert!(!b.wait_irq(Duration::from_millis(20)));
    b.bar0_write(regs::ARM, 2);
    std::thread::scope(|s| {
        let w = s.spawn(|| b.wait_irq(Duration::from_secs(20)));
        std::thread::sleep(Duration::from_millis(50));
        a.bar2_write(page_offset(1, 2), 5, 0xff);
        assert!(w.join().unwrap());
    });
    assert_eq!(b.bar0_read(regs::IRQ_STATUS), 1 << bits::IRQ_NOTIFY);
    assert_eq!(dequeue(b.memory(), BUF, 5), Some(5));
}

/// Many threads share one SimCard (as a node's app threads share the driver's port).
#[test]
fn remote_card_is_safe_from_many_threads() {
    const THREADS: u64 = 8;
    const ITEMS: u64 = 5000;
    let (_nodes, cards) = spawn_nodes("threads", 2);
    let (a, b) = (&cards[0], &cards[1]);
    export_queue(a, 0, BUF, 3);
    export_queue(b, 9, BUF, 16);
    std::thread::scope(|s| {
        for t in 0..THREADS {
            s.spawn(move || {
                for i in 0..ITEMS {
                    a.bar2_write(page_offset(1, 9), t << 32 | i, 0xff);
                    if i % 1000 == 0 {
                        assert_eq!(a.bar0_read(regs::ID), regs::ID_VALUE);
                    }
                }
            });
        }
    });
    let got = drain(b, 16, (THREADS * ITEMS) as usize);
    assert_eq!(got.len() as u64, THREADS * ITEMS);
    let mut next = [0u64; THREADS as usize];
    for v in got {
        let (t, i) = ((v >> 32) as usize, v & 0xffff_ffff);
        assert_eq!(i, next[t], "thread {t} out of order");
        next[t] += 1;
    }
    assert_eq!(a.bar_stats().bar2_writes, THREADS * ITEMS);
    assert_eq!(a.bar_stats().bar0_reads, THREADS * ITEMS / 1000);
}

/// The RTL engine behind the socket: same results as the model, just slower.
#[test]
fn rtl_engine_processes() {
    let (_nodes, cards) = spawn_nodes_with("rtl", 2, "rtl");
    let (a, b) = (&cards[0], &cards[1]);
    export_queue(a, 0, BUF, 3);
    export_queue(b, 4, BUF, 3);
    for i in 0..6 {
        a.bar2_write(page_offset(1, 4), 600 + i, 0xff);
    }
    assert!(b.wait_irq(Duration::from_secs(20)));
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(20);
    while got.len() < 6 {
        assert!(Instant::now() < deadline, "stuck at {got:?}");
        got.extend(std::iter::from_fn(|| dequeue(b.memory(), BUF, 3)));
        resume_if_room(b, 4, BUF, 3);
    }
    assert_eq!(got, (600..606).collect::<Vec<_>>());
    assert_eq!(b.bar0_read(regs::CNT_ENQUEUED), 6);
    assert_eq!(b.bar_stats().dma_writes, 12);
}
