//! Each node's card in its own process (renq_sim::Server via `renq-node card`), and each
//! node's application in another process reaching its card through `SimCard`: three
//! cards, a consumer on node 2, five producers in three processes on nodes 0 and 1 (one of
//! them a send-only `attach` process beside node 0's owner process).

use renq_tests::procs::{Proc, Scratch};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_renq-node");

fn card_proc(dir: &Scratch, node: u16, nodes: u16) -> Proc {
    card_proc_engine(dir, node, nodes, "model")
}

fn card_proc_engine(dir: &Scratch, node: u16, nodes: u16, engine: &str) -> Proc {
    let mut c = Command::new(BIN);
    c.args(["card", "--engine", engine, "--node", &node.to_string(), "--socket"]).arg(dir.sock(node));
    for j in (0..nodes).filter(|&j| j != node) {
        c.arg("--peer").arg(format!("{j}={}", dir.sock(j).display()));
    }
    let mut p = Proc::spawn(&format!("card{node}"), c);
    p.expect("card ");
    p
}

fn producer(dir: &Scratch, node: u16, ids: &str, count: u64, attach: bool) -> Proc {
    producer_to(dir, node, 2, ids, count, attach)
}

fn producer_to(dir: &Scratch, node: u16, dst: u16, ids: &str, count: u64, attach: bool) -> Proc {
    let mut c = Command::new(BIN);
    c.args(["produce", "--card"]).arg(dir.sock(node));
    c.args(["--dst", &dst.to_string(), "--queue", "4", "--ids", ids, "--count", &count.to_string()]);
    if attach {
        c.arg("--attach");
    }
    Proc::spawn(&format!("producer{node}-{ids}"), c)
}

/// The consumer of `queue` on `node` (a 32-word queue), once it has created the queue.
fn consumer(dir: &Scratch, node: u16, queue: u16, producers: u32, count: u64) -> Proc {
    let mut c = Command::new(BIN);
    c.args(["consume", "--card"]).arg(dir.sock(node));
    c.args(["--queue", &queue.to_string(), "--log2", "5", "--producers", &producers.to_string()]);
    c.args(["--count", &count.to_string()]);
    let mut p = Proc::spawn("consumer", c);
    p.expect("ready");
    p
}

#[test]
fn cards_and_applications_in_separate_processes() {
    const COUNT: u64 = 4000;
    let dir = Scratch::new("mp");
    let _cards: Vec<Proc> = (0..3).map(|n| card_proc(&dir, n, 3)).collect();

    let mut consumer = consumer(&dir, 2, 4, 5, COUNT);

    // Node 0: an owner process (enables TX) with two producers; the send-only process
    // starts once the owner has configured the card.
    let mut p0 = producer(&dir, 0, "0,1", COUNT, false);
    p0.expect("node ready");
    let mut p0b = producer(&dir, 0, "2", COUNT, true);
    let mut p1 = producer(&dir, 1, "3,4", COUNT, false);

    for p in [&mut p0, &mut p0b, &mut p1] {
        let line = p.expect("produced");
        eprintln!("{}: {line}", p.name);
        let stores: u64 = line.split("bar2_stores=").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
        let produced: u64 = line.split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(stores, produced, "{}: one BAR2 store per enqueue", p.name);
        assert!(p.wait_ok(), "{} failed", p.name);
    }
    let line = consumer.expect("consumed");
    eprintln!("consumer: {line}");
    assert!(line.starts_with(&format!("consumed {}", 5 * COUNT)), "{line}");
    assert!(consumer.wait_ok(), "consumer failed");
    let field = |name: &str| -> u64 { line.split(name).nth(1).unwrap().split(' ').next().unwrap().parse().unwrap() };
    // A full buffer is a stall or (the card, spec §9c) a switch into the spare.
    let overflows = field("overflows=") + field("switches=");
    assert!(overflows > 10, "a 32-word queue must overflow often: {line}");
}

/// The same split with the RTL engine in both card processes (short: the RTL is slow).
#[test]
fn rtl_cards_in_separate_processes() {
    const COUNT: u64 = 150;
    let dir = Scratch::new("mp-rtl");
    let _cards: Vec<Proc> = (0..2).map(|n| card_proc_engine(&dir, n, 2, "rtl")).collect();
    let mut consumer = {
        let mut c = Command::new(BIN);
        c.args(["consume", "--card"]).arg(dir.sock(1));
        c.args(["--queue", "4", "--log2", "3", "--producers", "2", "--count", &COUNT.to_string()]);
        Proc::spawn("consumer", c)
    };
    consumer.expect("ready");
    let mut p = producer_to(&dir, 0, 1, "0,1", COUNT, false);
    let line = p.expect("produced");
    assert!(line.contains(&format!("bar2_stores={}", 2 * COUNT)), "{line}");
    assert!(p.wait_ok());
    let line = consumer.expect("consumed");
    eprintln!("rtl consumer: {line}");
    assert!(line.starts_with(&format!("consumed {}", 2 * COUNT)), "{line}");
    assert!(consumer.wait_ok());
}

/// The card's send-only process for real (spec §9b): two card processes; node 1's owner
/// consumes queue 300; node 0's owner process only grants two portals to (1, 300) and prints
/// their tickets; a third process, send-only on node 0 (`Node::attach_granted` with those
/// tickets), sends on both. The consumer's verdict: every item once, FIFO per producer.
#[test]
fn card_send_only_process_on_granted_portals() {
    const COUNT: u64 = 3000;
    let dir = Scratch::new("mp-card");
    let _cards: Vec<Proc> = (0..2)
        .map(|n| {
            let mut c = Command::new(BIN);
            c.args(["card", "--kind", "renq", "--node", &n.to_string(), "--socket"]).arg(dir.sock(n));
            c.arg("--peer").arg(format!("{}={}", 1 - n, dir.sock(1 - n).display()));
            let mut p = Proc::spawn(&format!("card{n}"), c);
            p.expect("card ");
            p
        })
        .collect();
    let mut consumer = consumer(&dir, 1, 300, 2, COUNT);
    let mut owner = {
        let mut c = Command::new(BIN);
        c.args(["grant", "--card"]).arg(dir.sock(0));
        c.args(["--dst", "1", "--queue", "300", "--grants", "2"]);
        Proc::spawn("owner0", c)
    };
    let tickets: Vec<String> = (0..2).map(|_| owner.expect("ticket ")["ticket ".len()..].to_string()).collect();
    owner.expect("granted");
    let mut send_only = {
        let mut c = Command::new(BIN);
        c.args(["produce", "--card"]).arg(dir.sock(0));
        c.args(["--dst", "1", "--queue", "300", "--ids", "0,1", "--count", &COUNT.to_string()]);
        c.args(["--portals", &tickets.join(",")]);
        Proc::spawn("send-only0", c)
    };
    let line = send_only.expect("produced");
    eprintln!("send-only: {line}");
    assert!(send_only.wait_ok(), "the send-only process failed");
    let line = consumer.expect("consumed");
    eprintln!("consumer: {line}");
    assert!(line.starts_with(&format!("consumed {}", 2 * COUNT)), "{line}");
    assert!(consumer.wait_ok(), "consumer failed");
}

/// The card processes take node ids of the card's whole range (`ServerConfig` ids are `u16`):
/// nodes 7 and 300 send 2 × 2 000 items to queue 4 on node 1 023 (exactly once, FIFO per
/// producer, through overflows of a 32-word queue); ids beyond the range are refused.
#[test]
fn card_processes_with_node_ids_up_to_1023() {
    const COUNT: u64 = 2000;
    const IDS: [u16; 3] = [7, 300, 1023];
    let dir = Scratch::new("mp-wide");
    let _cards: Vec<Proc> = IDS
        .iter()
        .map(|&n| {
            let mut c = Command::new(BIN);
            c.args(["card", "--kind", "renq", "--node", &n.to_string(), "--socket"]).arg(dir.sock(n));
            for j in IDS.into_iter().filter(|&j| j != n) {
                c.arg("--peer").arg(format!("{j}={}", dir.sock(j).display()));
            }
            let mut p = Proc::spawn(&format!("card{n}"), c);
            p.expect("card ");
            p
        })
        .collect();
    let mut consumer = consumer(&dir, 1023, 4, 2, COUNT);
    let mut producers: Vec<Proc> =
        [(7, "0"), (300, "1")].into_iter().map(|(n, ids)| producer_to(&dir, n, 1023, ids, COUNT, false)).collect();
    for p in &mut producers {
        let line = p.expect("produced");
        eprintln!("{}: {line}", p.name);
        assert!(p.wait_ok(), "{} failed", p.name);
    }
    let line = consumer.expect("consumed");
    eprintln!("consumer: {line}");
    assert!(line.starts_with(&format!("consumed {}", 2 * COUNT)), "{line}");
    assert!(consumer.wait_ok(), "consumer failed");

    for (kind, node) in [("renq", "1024"), ("paper", "16")] {
        let out = Command::new(BIN)
            .args(["card", "--kind", kind, "--node", node, "--socket"])
            .arg(dir.path().join("refused.sock"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(&format!("node id {node} is not below {node}")), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
