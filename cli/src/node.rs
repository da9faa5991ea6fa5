//! `renq node`: one node of a cluster whose cards exchange link frames over UDP, so a
//! simulated cluster spans processes and hosts (spec §7b). The process runs the node's card
//! (`renq_sim::udp::UdpNode`) and one role on it through the library: a consumer that creates a
//! queue and verifies what arrives (the demo's item encoding and verdict, `renq::check`), or a
//! producer that enqueues into a queue on another node.

use crate::args::{card_parser, engine_parser, LinkOptions};
use crate::node_verdict::{self, RunVerdict, RUN_ITEM_BITS};
use clap::Args;
use renq::check::Summary;
use renq::QueueId;
use renq::{Backend, Error, Node};
use renq_abi::buffer;
use renq_sim::faults::Faults;
use renq_sim::udp::{UdpConfig, UdpNode, TICK};
use renq_sim::{CardKind, EngineKind};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Args, Debug, Clone)]
#[command(after_help = "EXAMPLE (three processes, one per loopback address):
    renq node --id 0 --listen 127.0.0.1:7000 --peer 1=127.0.0.2:7000 --peer 2=127.0.0.3:7000 --consume 10000 --from 1,2
    renq node --id 1 --listen 127.0.0.2:7000 --peer 0=127.0.0.1:7000 --produce 10000 --to 0:0
    renq node --id 2 --listen 127.0.0.3:7000 --peer 0=127.0.0.1:7000 --produce 10000 --to 0:0 --link-drop 0.05

The consumer ends with the line `verified: N items, L lost, D duplicated, FIFO per producer` and
exits 0 only if nothing was lost, duplicated or reordered; every node prints its link counters.

A node that dies may be started again with the same arguments: it rejoins (its links carry a new
incarnation). A restarted producer sends its N items again as a new run; a restarted consumer
checks each producer's items from where they reach it. Items that were in flight to a node
that died are reported lost by their producer, never delivered twice.")]
pub struct NodeArgs {
    /// This node's id, below the card's range (paper 16, the card 1024): its card's NODE_ID, and the
    /// producer id its items carry.
    #[arg(long, value_name = "ID")]
    pub id: u16,
    /// UDP address this node's card receives link frames on.
    #[arg(long, value_name = "IP:PORT")]
    pub listen: SocketAddr,
    /// Another node's id and address (repeat); frames from any other address are dropped.
    #[arg(long = "peer", value_name = "ID=IP:PORT", value_parser = parse_peer)]
    pub peers: Vec<(u16, SocketAddr)>,
    /// Consumer role: create --queue here and expect N items from each node of --from.
    #[arg(long, value_name = "N")]
    pub consume: Option<u64>,
    /// Producer nodes the consumer expects items from (comma-separated ids).
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    pub from: Vec<u16>,
    /// The consumer's queue (paper card 0..15, the card 0..4095).
    #[arg(long, default_value_t = 0)]
    pub queue: QueueId,
    /// log2 of the consumer's buffer size in 64-bit words (3..=16).
    #[arg(long = "queue-log2", default_value_t = 10)]
    pub queue_log2: u32,
    /// Producer role: enqueue N items into --to.
    #[arg(long, value_name = "N")]
    pub produce: Option<u64>,
    /// The producer's target queue.
    #[arg(long, value_name = "NODE:QUEUE", value_parser = parse_target)]
    pub to: Option<(u16, QueueId)>,
    #[command(flatten)]
    pub link: LinkOptions,
    /// Take every link of this node down (nothing sent, DATA nor ACK) from AT ms after it starts, for FOR ms.
    #[arg(long = "link-down", value_name = "AT+FOR", value_parser = parse_down)]
    pub link_down: Option<(u64, u64)>,
    /// Card engine (model, rtl or verilator).
    #[arg(long, default_value = "model", value_parser = engine_parser())]
    pub engine: EngineKind,
    /// Card: renq (the card: portals, no head-of-line blocking) or paper (the paper card), on
    /// any engine (--engine). Every node of one cluster runs the same card.
    #[arg(long, default_value = "renq", value_parser = card_parser())]
    pub card: CardKind,
    /// Host memory of this node, in MiB (1..=1048576).
    #[arg(long = "memory-mib", default_value_t = 64)]
    pub memory_mib: usize,
    /// Seconds without progress before the node gives up (consumer: no item; producer: ACKs).
    #[arg(long, default_value_t = 30, value_name = "S")]
    pub timeout: u64,
}

fn parse_peer(s: &str) -> Result<(u16, SocketAddr), String> {
    let (id, addr) = s.split_once('=').ok_or_else(|| format!("{s:?}: expected ID=IP:PORT"))?;
    let id = id.parse::<u16>().map_err(|e| format!("{s:?}: node id {id:?}: {e}"))?;
    let addr = addr.parse::<SocketAddr>().map_err(|e| format!("{s:?}: address {addr:?}: {e}"))?;
    Ok((id, addr))
}

fn parse_target(s: &str) -> Result<(u16, QueueId), String> {
    let (n, q) = s.split_once(':').ok_or_else(|| format!("{s:?}: expected NODE:QUEUE"))?;
    let n = n.parse::<u16>().map_err(|e| format!("{s:?}: node {n:?}: {e}"))?;
    let q = q.parse::<QueueId>().map_err(|e| format!("{s:?}: queue {q:?}: {e}"))?;
    Ok((n, q))
}

fn parse_down(s: &str) -> Result<(u64, u64), String> {
    let (at, len) = s.split_once('+').ok_or_else(|| format!("{s:?}: expected AT+FOR in ms, e.g. 100+200"))?;
    let ms = |v: &str| v.parse::<u64>().map_err(|e| format!("{s:?}: {v:?}: {e}"));
    Ok((ms(at)?, ms(len)?))
}

fn ticks(ms: u64) -> u64 {
    (Duration::from_millis(ms).as_nanos() / TICK.as_nanos()) as u64
}

/// What a node does besides running its card.
#[derive(Clone, Debug, PartialEq)]
pub enum Role {
    Consume { queue: QueueId, log2: u32, from: Vec<u16>, items: u64 },
    Produce { to: (u16, QueueId), items: u64 },
}

impl NodeArgs {
    /// Bytes of host memory (`--memory-mib` × 2^20, checked: no wrap to 0).
    pub fn memory_bytes(&self) -> Result<usize, String> {
        let mib = self.memory_mib;
        if !(1..=MAX_MEMORY_MIB).contains(&mib) {
            return Err(format!("--memory-mib {mib} is outside 1..={MAX_MEMORY_MIB} (1 TiB)"));
        }
        mib.checked_mul(1 << 20)
            .ok_or_else(|| format!("--memory-mib {mib} is more bytes than this machine can address"))
    }

    /// The links' configuration and the role, or one line saying what is wrong.
    pub fn plan(&self) -> Result<(UdpConfig, Role), String> {
        self.link.check()?;
        self.memory_bytes()?;
        if !self.engine.available() {
            return Err(format!(
                "--engine {}: this renq was built without it (Verilator or g++ missing at build time: bash scripts/setup, then rebuild)",
                self.engine
            ));
        }
        let v6 = self.listen.is_ipv6();
        if let Some(&(id, addr)) = self.peers.iter().find(|(_, a)| a.is_ipv6() != v6) {
            return Err(format!(
                "--peer {id}={addr}: an {} peer of an {} --listen {} can never reach it; use one address family",
                if addr.is_ipv6() { "IPv6" } else { "IPv4" },
                if v6 { "IPv6" } else { "IPv4" },
                self.listen
            ));
        }
        let mut named = std::collections::HashSet::new();
        if let Some(n) = self.from.iter().find(|&&n| !named.insert(n)) {
            return Err(format!("--from names node {n} twice: each producer node once"));
        }
        let mut faults: Faults = self.link.faults();
        faults.down = self.link_down.map(|(at, len)| (ticks(at), ticks(at + len)));
        let cfg =
            UdpConfig { node: self.id, listen: self.listen, peers: self.peers.clone(), faults, seed: self.link.seed };
        cfg.check(self.card)?;
        let is_peer = |n: u16| self.peers.iter().any(|&(id, _)| id == n);
        let items_ok = |n: u64, opt: &str| {
            if n == 0 || n >= 1 << RUN_ITEM_BITS {
                Err(format!("{opt} {n}: must be 1..2^{RUN_ITEM_BITS}"))
            } else {
                Ok(n)
            }
        };
        let role = match (self.consume, self.produce) {
            (Some(items), None) => {
                if self.from.is_empty() {
                    return Err("--consume needs --from: the producer nodes it expects items from".into());
                }
                if let Some(n) = self.from.iter().find(|&&n| !is_peer(n)) {
                    return Err(format!("--from {n}: node {n} is not a --peer"));
                }
                if self.queue as usize >= self.card.max_queues() {
                    return Err(format!(
                        "--queue {} is not below {} ({} card)",
                        self.queue,
                        self.card.max_queues(),
                        self.card.name()
                    ));
                }
                if !buffer::valid_log2(self.queue_log2) {
                    return Err(format!("--queue-log2 {} is outside 3..=16", self.queue_log2));
                }
                Role::Consume {
                    queue: self.queue,
                    log2: self.queue_log2,
                    from: self.from.clone(),
                    items: items_ok(items, "--consume")?,
                }
            }
            (None, Some(items)) => {
                let (node, queue) = self.to.ok_or("--produce needs --to NODE:QUEUE")?;
                if !is_peer(node) {
                    return Err(format!("--to {node}:{queue}: node {node} is not a --peer"));
                }
                if node as usize >= self.card.max_nodes() || queue as usize >= self.card.max_queues() {
                    return Err(format!("--to {node}:{queue}: out of range"));
                }
                Role::Produce { to: (node, queue), items: items_ok(items, "--produce")? }
            }
            (Some(_), Some(_)) => return Err("a node either --consume's or --produce's, not both".into()),
            (None, None) => {
                return Err("say the node's role: --consume N --from IDS, or --produce N --to NODE:QUEUE".into())
            }
        };
        Ok((cfg, role))
    }
}

/// What a consumer saw.
pub struct Consumed {
    pub summary: Summary,
    pub verdict: RunVerdict,
    /// From the start of its links to the last item.
    pub elapsed: Duration,
    /// Why it stopped before every item came (`None`: all came).
    pub gave_up: Option<String>,
}

/// Consumer: creates the queue, then starts the links (so no packet finds it missing), and
/// dequeues until every producer's current run delivered its last item or nothing came for
/// `stall`. `ready` is called once the links run.
pub fn consume(
    node: &mut UdpNode,
    queue: QueueId,
    log2: u32,
    from: &[u16],
    items: u64,
    stall: Duration,
    ready: impl FnOnce(),
) -> Result<Consumed, String> {
    let lib = Node::open(Backend::Card(node.card())).map_err(|e| format!("node: {e}"))?;
    let receiver = lib.create_queue(queue, log2).map_err(|e| format!("queue {queue}: {e}"))?;
    node.start().map_err(|e| format!("links: {e}"))?;
    ready();
    let start = Instant::now();
    let mut verdict = RunVerdict::new(from, items);
    let mut buf = vec![0u64; 256];
    let mut quiet = Instant::now();
    while !verdict.complete() && quiet.elapsed() < stall {
        let n = receiver.dequeue_batch_timeout(&mut buf, Duration::from_millis(100)).map_err(|e| e.to_string())?;
        if n > 0 {
            quiet = Instant::now();
        }
        for &item in &buf[..n] {
            verdict.feed(item);
        }
    }
    let elapsed = start.elapsed();
    let links = node.links();
    let rejoined = |p: u16| links.peer_seen(p).is_some_and(|s| s.knew_earlier);
    let gave_up = (!verdict.complete()).then(|| {
        let waiting: Vec<String> = verdict
            .producers
            .iter()
            .filter(|p| p.current.as_ref().is_none_or(|r| r.next < items))
            .map(|p| match links.peer_seen(p.node).and_then(|s| s.last_frame) {
                None => format!("no frame ever from node {}", p.node),
                Some(t) => format!("no frame from node {} for {:.1} s", p.node, t.elapsed().as_secs_f64()),
            })
            .collect();
        format!("no item for {stall:?}: {}", waiting.join(", "))
    });
    Ok(Consumed { summary: verdict.summary(rejoined), verdict, elapsed, gave_up })
}

/// What a producer did.
pub struct Produced {
    /// From the first store to the last outcome and ACK.
    pub elapsed: Duration,
    /// Items lost in flight to a destination that restarted (their item numbers).
    pub lost: Vec<std::ops::Range<u64>>,
}

/// Producer: starts the links, enqueues `items` items into `to` (as run `run_tag(incarnation)`),
/// waits until all are accepted and ACKed. Items in flight to a destination that restarts are
/// rejected by this node's card (spec §7c): they are reported lost and the rest go on through a
/// new sender. Gives up when no item goes out for `timeout` (a peer that never answers fills
/// the window and blocks the store).
pub fn produce(
    node: &mut UdpNode,
    id: u16,
    to: (u16, QueueId),
    items: u64,
    timeout: Duration,
) -> Result<Produced, String> {
    let lib = Node::open(Backend::Card(node.card())).map_err(|e| format!("node: {e}"))?;
    let run = node_verdict::run_tag(node.links().incarnation());
    let links = node.shared_links();
    let new_sender = move |lib: &Node| lib.sender(to.0, to.1).map_err(|e| format!("sender to {}:{}: {e}", to.0, to.1));
    let sender = new_sender(&lib)?;
    node.start().map_err(|e| format!("links: {e}"))?;
    let start = Instant::now();
    let sent = Arc::new(AtomicU64::new(0));
    let progress = sent.clone();
    let (lost_tx, lost_rx) = std::sync::mpsc::channel();
    // Detached: if the peer never answers, this thread stays blocked and the caller reports it.
    let stores = std::thread::spawn(move || -> Result<(), String> {
        let mut sender = sender;
        let mut seq = 0;
        loop {
            let done = if seq < items {
                sender.enqueue(node_verdict::item(id, run, seq)).map(|_| false)
            } else {
                // The card: wait for every item's outcome, storing refused ones again.
                sender.flush().map(|_| true)
            };
            match done {
                Ok(true) => return Ok(()),
                Ok(false) => {
                    seq += 1;
                    progress.store(seq, Ordering::Relaxed);
                }
                // The destination restarted with these in flight: lost with it.
                Err(Error::Rejected { items: n, .. }) if links.stats().peer_restarts > 0 => {
                    let _ = lost_tx.send(seq - n as u64..seq);
                    sender = new_sender(&lib)?;
                }
                Err(e) => return Err(e.to_string()),
            }
        }
    });
    let (mut last, mut since) = (0, Instant::now());
    while !stores.is_finished() {
        let now = sent.load(Ordering::Relaxed);
        if now != last {
            (last, since) = (now, Instant::now());
        } else if since.elapsed() > timeout {
            return Err(format!("{last} of {items} items sent, then nothing for {timeout:?}: is node {} up?", to.0));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let stores = stores.join().map_err(|_| "producer thread panicked".to_string())?;
    let lost: Vec<_> = lost_rx.try_iter().collect();
    stores?;
    if !node.flush(timeout) {
        return Err(format!("{} packets still unacknowledged after {timeout:?}", node.links().in_flight()));
    }
    Ok(Produced { elapsed: start.elapsed(), lost })
}

/// How long a consumer keeps answering after its last item (a producer whose last ACK was
/// lost resends, and must be ACKed again to finish).
const LINGER_QUIET: Duration = Duration::from_millis(300);
const LINGER_MAX: Duration = Duration::from_secs(5);

/// The body of `renq node`.
pub fn run(a: &NodeArgs) -> Result<bool, String> {
    let (cfg, role) = a.plan()?;
    let mut node = UdpNode::bind(&cfg, a.card, a.engine, a.memory_bytes()?).map_err(|e| bind_error(a, e))?;
    let timeout = Duration::from_secs(a.timeout);
    let ok = match role {
        Role::Consume { queue, log2, from, items } => {
            let listening = || println!("renq node {} listening on {}: consuming queue {queue}", a.id, a.listen);
            let c = consume(&mut node, queue, log2, &from, items, timeout, listening)?;
            node.linger(LINGER_QUIET, LINGER_MAX);
            println!(
                "received {} items in {:.3} s ({:.0} items/s)",
                c.summary.received,
                c.elapsed.as_secs_f64(),
                c.summary.received as f64 / c.elapsed.as_secs_f64()
            );
            for line in c.verdict.producer_lines() {
                println!("{line}");
            }
            if let Some(why) = &c.gave_up {
                println!("gave up: {why}");
            }
            print_links(&node);
            println!("{}", c.summary.line());
            c.summary.ok()
        }
        Role::Produce { to, items } => {
            println!("renq node {} listening on {}: producing {items} items into {}:{}", a.id, a.listen, to.0, to.1);
            let p = produce(&mut node, a.id, to, items, timeout);
            if let Ok(p) = &p {
                for r in &p.lost {
                    println!(
                        "lost with node {}'s restart: items {}..{} ({} in flight)",
                        to.0,
                        r.start,
                        r.end,
                        r.end - r.start
                    );
                }
                let lost: u64 = p.lost.iter().map(|r| r.end - r.start).sum();
                let secs = p.elapsed.as_secs_f64();
                if lost == 0 {
                    println!("sent {items} items, all acknowledged, in {secs:.3} s");
                } else {
                    println!(
                        "sent {items} items, {lost} lost to node {}'s restarts, the rest acknowledged, in {secs:.3} s",
                        to.0
                    );
                }
            }
            // The counters go out whether the role succeeded or not (the help says so).
            print_links(&node);
            p?;
            true
        }
    };
    Ok(ok)
}

/// Largest `--memory-mib`: 1 TiB of simulated host memory.
const MAX_MEMORY_MIB: usize = 1 << 20;

/// What failed in `UdpNode::bind`: the socket (its own error kinds), or the card behind it.
fn bind_error(a: &NodeArgs, e: std::io::Error) -> String {
    use std::io::ErrorKind::{AddrInUse, AddrNotAvailable, PermissionDenied};
    match e.kind() {
        AddrInUse | AddrNotAvailable | PermissionDenied => format!("node {}: cannot listen on {}: {e}", a.id, a.listen),
        _ => format!(
            "node {}: cannot start its card ({} card, {} engine, {} MiB of host memory): {e}",
            a.id,
            a.card.name(),
            a.engine.name(),
            a.memory_mib
        ),
    }
}

fn print_links(node: &UdpNode) {
    for line in node.links().stats().lines() {
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{Cli, Command};
    use clap::Parser;

    fn parse(args: &str) -> Result<NodeArgs, String> {
        let v = ["renq", "node"].into_iter().chain(args.split_whitespace());
        match Cli::try_parse_from(v).map_err(|e| e.to_string())?.command {
            Command::Node(a) => Ok(a),
            _ => unreachable!(),
        }
    }

    const BASE: &str = "--id 1 --listen 127.0.0.2:7000 --peer 0=127.0.0.1:7000";

    #[test]
    fn roles_and_addresses_are_checked() {
        let (cfg, role) = parse(&format!("{BASE} --produce 5 --to 0:3 --link-down 100+200")).unwrap().plan().unwrap();
        assert_eq!(role, Role::Produce { to: (0, 3), items: 5 });
        assert_eq!(cfg.faults.down, Some((ticks(100), ticks(300))));
        let c = parse(&format!("{BASE} --consume 7 --from 0")).unwrap().plan().unwrap().1;
        assert_eq!(c, Role::Consume { queue: 0, log2: 10, from: vec![0], items: 7 });
        let err = |s: &str| parse(s).and_then(|a| a.plan().map(|_| ())).unwrap_err();
        assert!(err("--id 1 --listen 127.0.0.2 --produce 1 --to 0:0").contains("invalid socket address"));
        assert!(err("--id 1 --listen 127.0.0.2:1 --peer 0-127.0.0.1:1 --produce 1 --to 0:0").contains("ID=IP:PORT"));
        assert!(err(&format!("{BASE} --produce 1 --to 2:0")).contains("not a --peer"));
        assert!(err(&format!("{BASE} --produce 1")).contains("--to"));
        assert!(err(&format!("{BASE} --consume 1")).contains("--from"));
        assert!(err(&format!("{BASE} --consume 1 --from 0 --produce 1 --to 0:0")).contains("not both"));
        assert!(err(BASE).contains("role"));
        assert!(err(&format!("{BASE} --peer 1=127.0.0.3:1 --produce 1 --to 0:0")).contains("twice"));
        assert!(err(&format!("{BASE} --peer 2=127.0.0.1:7000 --produce 1 --to 0:0")).contains("share"));
        assert!(
            err("--card paper --id 16 --listen 127.0.0.2:1 --peer 0=127.0.0.1:1 --produce 1 --to 0:0").contains("16")
        );
        assert!(err("--id 1024 --listen 127.0.0.2:1 --peer 0=127.0.0.1:1 --produce 1 --to 0:0").contains("1024"));
        assert!(err(&format!("{BASE} --produce 0 --to 0:0")).contains("1..2^32"));
        assert!(err(&format!("{BASE} --produce 4294967296 --to 0:0")).contains("1..2^32"));
        assert!(err(&format!("{BASE} --produce 1 --to 0:0 --link-drop 1.5")).contains("[0, 1)"));
        assert!(err(&format!("{BASE} --produce 1 --to 0:0 --link-down 100")).contains("AT+FOR"));
        assert!(err(&format!("{BASE} --produce 1 --to 0:0 --link-drop -0.1")).contains("-0.1 is not a probability"));
        assert!(err(&format!("{BASE} --produce 1 --to 0:0 --memory-mib 0")).contains("--memory-mib 0"));
        let huge = format!("{BASE} --produce 1 --to 0:0 --memory-mib 17592186044416");
        assert!(err(&huge).contains("outside 1..="), "2^44 MiB no longer wraps to 0 bytes");
        assert!(err(&format!("{BASE} --produce 1 --to 0:0 --memory-mib 18446744073709551615")).contains("outside"));
        let dup = "--id 0 --listen 127.0.0.1:7000 --peer 1=127.0.0.2:7000 --consume 5 --from 1,1";
        assert!(err(dup).contains("--from names node 1 twice"));
        let mixed = "--id 1 --listen [::1]:7000 --peer 0=127.0.0.1:7000 --produce 1 --to 0:0";
        assert!(err(mixed).contains("one address family"));
        assert!(parse("--id 1 --listen [::1]:7000 --peer 0=[::1]:7001 --produce 1 --to 0:0").unwrap().plan().is_ok());
    }

    /// A failure behind the socket (memory, engine) is not reported as "cannot listen".
    #[test]
    fn bind_errors_name_what_failed() {
        let a = parse(&format!("{BASE} --produce 1 --to 0:0")).unwrap();
        let card = bind_error(&a, std::io::Error::new(std::io::ErrorKind::InvalidInput, "Invalid argument"));
        assert!(card.contains("cannot start its card") && !card.contains("listen"), "{card}");
        let engine = bind_error(&a, std::io::Error::other("the verilator engine is not built"));
        assert!(engine.contains("cannot start its card"), "{engine}");
        let socket = bind_error(&a, std::io::Error::from(std::io::ErrorKind::AddrInUse));
        assert!(socket.contains("cannot listen on 127.0.0.2:7000"), "{socket}");
    }

    /// Queue ids are `u16`, within the card's range: the card takes 4095, the paper card 15.
    #[test]
    fn queue_ids_follow_the_card() {
        let plan = |s: &str| parse(&format!("{BASE} {s}")).and_then(|a| a.plan().map(|(_, r)| r));
        assert_eq!(
            plan("--card renq --consume 1 --from 0 --queue 4095"),
            Ok(Role::Consume { queue: 4095, log2: 10, from: vec![0], items: 1 })
        );
        assert_eq!(plan("--card renq --produce 1 --to 0:300"), Ok(Role::Produce { to: (0, 300), items: 1 }));
        assert_eq!(plan("--card paper --consume 1 --from 0 --queue 15").map(|_| ()), Ok(()));
        let err = |s: &str| plan(s).unwrap_err();
        assert!(
            err("--consume 1 --from 0 --queue 4096").contains("--queue 4096 is not below 4096"),
            "the card: the default"
        );
        assert!(err("--card paper --consume 1 --from 0 --queue 16").contains("--queue 16 is not below 16"));
        assert!(err("--card renq --produce 1 --to 0:4096").contains("out of range"));
        assert!(err("--card paper --produce 1 --to 0:16").contains("out of range"));
        assert!(err("--card renq --produce 1 --to 0:65536").contains("queue \"65536\""));
    }
}
