//! `renq-node`: one process of a multi-process renq test.
//!
//! ```text
//! renq-node card    --node N --socket PATH [--engine model|rtl] [--kind renq|paper] [--peer N=PATH]...
//! renq-node produce --card PATH --dst NODE --queue Q --ids P,P,... --count C [--attach | --portals I,I,...]
//! renq-node consume --card PATH --queue Q --log2 K --producers P --count C
//! renq-node grant   --card PATH --dst NODE --queue Q --grants K
//! ```
//! `grant` is the card's owner process of a node: it grants K portals to (NODE, Q), prints
//! `ticket I` for each and `granted`, and keeps them (it runs until killed); `produce
//! --portals` is a send-only process on those tickets (`Node::attach_granted`).
//! `card` runs one node's simulated card (renq_sim::Server, what the `renq-sim` binary runs:
//! Cargo gives a test the path of its own package's binaries only). `produce` and `consume`
//! are applications that reach their node's card through `renq_sim::SimCard::connect`.

use renq::check::{encode as item, Verdict};
use renq::{Node, PortalGrant, Receiver};
use renq_driver::Registers;
use renq_sim::{CardKind, EngineKind, Server, ServerConfig, SimCard};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn args() -> (String, HashMap<String, Vec<String>>) {
    let mut it = std::env::args().skip(1);
    let cmd = it.next().unwrap_or_default();
    let mut m: HashMap<String, Vec<String>> = HashMap::new();
    while let Some(k) = it.next() {
        let k = k.trim_start_matches("--").to_string();
        let v =
            if k == "attach" { "1".into() } else { it.next().unwrap_or_else(|| die(&format!("--{k} needs a value"))) };
        m.entry(k).or_default().push(v);
    }
    (cmd, m)
}

fn die(msg: &str) -> ! {
    eprintln!("renq-node: {msg}");
    std::process::exit(2)
}

fn get<T: std::str::FromStr>(m: &HashMap<String, Vec<String>>, k: &str) -> T {
    let v = m.get(k).and_then(|v| v.first()).unwrap_or_else(|| die(&format!("--{k} is required")));
    v.parse().unwrap_or_else(|_| die(&format!("--{k} {v:?} is not valid")))
}

fn connect(m: &HashMap<String, Vec<String>>) -> Arc<SimCard> {
    let path: PathBuf = get(m, "card");
    Arc::new(
        SimCard::connect_timeout(&path, Duration::from_secs(20))
            .unwrap_or_else(|e| die(&format!("card {path:?}: {e}"))),
    )
}

fn card(m: HashMap<String, Vec<String>>) {
    let peers = m
        .get("peer")
        .into_iter()
        .flatten()
        .map(|p| {
            let (n, path) = p.split_once('=').unwrap_or_else(|| die("--peer N=PATH"));
            (n.parse().unwrap_or_else(|_| die("--peer N")), PathBuf::from(path))
        })
        .collect();
    let engine: EngineKind =
        m.get("engine").map(|e| e[0].parse().unwrap_or_else(|e: String| die(&e))).unwrap_or_default();
    let cfg = ServerConfig {
        node: get(&m, "node"),
        socket: get(&m, "socket"),
        memory_bytes: 16 << 20,
        engine,
        card: m.get("kind").map(|k| k[0].parse().unwrap_or_else(|e: String| die(&e))).unwrap_or(CardKind::Paper),
        peers,
    };
    let node = cfg.node;
    let server = Server::bind(cfg).unwrap_or_else(|e| die(&format!("bind: {e}")));
    println!("card {node} listening");
    server.run().unwrap_or_else(|e| die(&format!("serve: {e}")));
}

fn produce(m: HashMap<String, Vec<String>>) {
    let card = connect(&m);
    let (dst, q, count): (u16, u16, u64) = (get(&m, "dst"), get(&m, "queue"), get(&m, "count"));
    let node = if let Some(p) = m.get("portals") {
        let index = |s: &str| s.parse().unwrap_or_else(|_| die("--portals"));
        let tickets = p[0].split(',').map(|i| PortalGrant { index: index(i), node: dst, queue: q }).collect();
        Node::attach_granted(card, tickets)
    } else if m.contains_key("attach") {
        Node::attach(card)
    } else {
        Node::new(card)
    };
    let node = node.unwrap_or_else(|e| die(&format!("node: {e}")));
    println!("node ready");
    let ids: Vec<u16> =
        get::<String>(&m, "ids").split(',').map(|s| s.parse().unwrap_or_else(|_| die("--ids"))).collect();
    let before = node.metrics();
    std::thread::scope(|s| {
        for &p in &ids {
            let tx = node.sender(dst, q).unwrap_or_else(|e| die(&format!("sender: {e}")));
            s.spawn(move || {
                for i in 0..count {
                    tx.enqueue(item(p, i)).unwrap();
                }
                // The card: until every item is accepted (other cards: at once).
                tx.flush().unwrap_or_else(|e| die(&format!("flush: {e}")));
            });
        }
    });
    let d = node.metrics().since(&before);
    let bars = d.backend.expect("sim backend counts BAR stores");
    println!(
        "produced {} bar2_stores={} full_stores={}",
        ids.len() as u64 * count,
        bars.bar2_writes,
        bars.bar2_full_stores
    );
}

fn consume(m: HashMap<String, Vec<String>>) {
    let node = Node::new(connect(&m)).unwrap_or_else(|e| die(&format!("node: {e}")));
    let (q, k, producers, count): (u16, u32, usize, u64) =
        (get(&m, "queue"), get(&m, "log2"), get(&m, "producers"), get(&m, "count"));
    let rx: Receiver = node.create_queue(q, k).unwrap_or_else(|e| die(&format!("create_queue: {e}")));
    println!("ready");
    let before = node.metrics();
    let mut check = Verdict::new(producers, count);
    let want = producers as u64 * count;
    let t0 = Instant::now();
    let mut buf = [0u64; 256];
    while check.received() < want {
        match rx.dequeue_timeout(Duration::from_secs(15)) {
            Ok(Some(v)) => {
                check.feed(v).unwrap_or_else(|e| die(&e.to_string()));
            }
            Ok(None) => {
                let Some(paper) = node.paper_driver() else {
                    die(&format!("no item for 15 s after {} of {want}: {:?}", check.received(), check.counts()))
                };
                let dev = paper.device();
                let qq = paper.queue(u8::try_from(q).expect("a paper-card queue id")).unwrap();
                let f = qq.first_buffer();
                let w = |i: u64| dev.dma().word(f + 8 * i).unwrap().load(std::sync::atomic::Ordering::SeqCst);
                let hdr = (w(0), w(1), w(2));
                let again = rx.try_dequeue();
                die(&format!(
                    "F header (link,tail,head)={hdr:?} try_dequeue now={again:?}; no item for 15 s after {} of {want}: {:?}; stalled={:#x} irq={:?} armed={:#x} card={:?} len={} chain={} control={:#x} driver={:?} queue={:?}",
                    check.received(), check.counts(), dev.stalled(), dev.irq_status(), dev.armed(), dev.counters(),
                    rx.len(), rx.buffers(), qq.control_word(), paper.stats(), rx.stats()
                ))
            }
            Err(e) => die(&format!("dequeue: {e}")),
        }
        let n = rx.dequeue_batch(&mut buf).unwrap_or_else(|e| die(&format!("dequeue_batch: {e}")));
        for &v in &buf[..n] {
            check.feed(v).unwrap_or_else(|e| die(&e.to_string()));
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let d = node.metrics().since(&before);
    let s = rx.stats();
    println!(
        "consumed {} in {secs:.2}s overflows={} switches={} extends={} deferred={} served={} arms={} wakeups={} rejected={}",
        check.received(),
        d.card.overflows,
        d.card.switches,
        s.extends,
        s.deferred,
        s.pending_served,
        s.arms,
        s.wakeups,
        d.card.rejected
    );
}

fn grant(m: HashMap<String, Vec<String>>) {
    let node = Node::new(connect(&m)).unwrap_or_else(|e| die(&format!("node: {e}")));
    let (dst, q, k): (u16, u16, usize) = (get(&m, "dst"), get(&m, "queue"), get(&m, "grants"));
    let grants: Vec<_> = (0..k).map(|_| node.grant(dst, q).unwrap_or_else(|e| die(&format!("grant: {e}")))).collect();
    for g in &grants {
        println!("ticket {}", g.ticket().index);
    }
    println!("granted");
    loop {
        std::thread::park();
    }
}

fn main() {
    let (cmd, m) = args();
    match cmd.as_str() {
        "card" => card(m),
        "produce" => produce(m),
        "consume" => consume(m),
        "grant" => grant(m),
        _ => die("usage: renq-node card|produce|consume|grant ... (see the source's doc comment)"),
    }
}
