//! `renq perf`: the RDMA fallback measured between two hosts, like perftest's `ib_atomic_lat` /
//! `ib_send_bw` — a server (the consumer) on one host, a client (the producers) on another.
//!
//! The client connects to the server's control address (TCP, one text line per message) and asks
//! for one run per producer count: `RUN <mode> <producers> <items> <log2>`. The server creates a
//! fresh queue on its node of that mode and answers `READY <queue> <where>` (`where`: the
//! shared-memory directory, or the verbs node's connection address); the client opens its own
//! node, starts `producers` threads, each with its own Sender, times every enqueue, flushes, and
//! sends `DONE <seconds>`; the server, which dequeued and checked every item meanwhile (exactly
//! once, FIFO per producer: `renq::check::Verdict`), answers `RESULT <received> <lost>
//! <duplicated> <reordered> <foreign> <seconds>`. The client prints one row per producer count:
//! throughput (items the server received per second of the client's run), enqueue latency p50/p99
//! (wall time of one `Sender::enqueue`: for `faa` one FAA round trip plus posting the WRITEs, for
//! `send` posting one SEND), and the verified count.
//!
//! Modes: `faa` (the fast queue: one FAA + posted WRITEs; `Backend::RdmaVerbs`, or
//! `Backend::RdmaShm` with `--transport shm`) and `send` (the SEND/SRQ mode, `Backend::RdmaSend`,
//! verbs only). `--transport verbs` needs the `verbs` cargo feature. Shared memory is for one
//! host (client and server map the same directory) and for tests; `--rtt-us` makes its senders
//! wait that long per dependent round trip.

use clap::{Args, Subcommand};
use renq::check::{encode, Verdict};
use renq::{Backend, Node, RdmaShmConfig};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct PerfArgs {
    #[command(subcommand)]
    pub role: Role,
}

#[derive(Subcommand, Debug)]
pub enum Role {
    /// The consumer side: serves runs on --listen until killed (or after --runs runs).
    Server {
        /// Control address clients connect to.
        #[arg(long, value_name = "ADDR")]
        listen: SocketAddr,
        #[command(flatten)]
        transport: TransportArgs,
        /// Verbs: where the verbs nodes serve QP connection requests (`faa` on this port,
        /// `send` on the next one); default: the control address's IP, its port + 1.
        #[arg(long, value_name = "ADDR")]
        verbs_listen: Option<SocketAddr>,
        /// Exit after serving this many runs (default: serve for ever).
        #[arg(long)]
        runs: Option<u64>,
        /// A run whose items stop arriving for this long is reported as incomplete.
        #[arg(long, default_value_t = 30)]
        stall_secs: u64,
    },
    /// The producer side: one run per producer count, one table row each.
    Client {
        /// The server's control address.
        #[arg(long, value_name = "ADDR")]
        connect: SocketAddr,
        /// faa (FAA + posted WRITE; shm or verbs) or send (SEND into a shared receive queue; verbs).
        #[arg(long, default_value = "faa")]
        mode: String,
        /// Producer counts, comma-separated (one run each), e.g. 1,2,4.
        #[arg(long, default_value = "1", value_delimiter = ',')]
        producers: Vec<u32>,
        /// Items per producer per run.
        #[arg(long, default_value_t = 10_000)]
        items: u64,
        /// The queue: 2^LOG2 words (2^LOG2 − 4 slots or receive WRs).
        #[arg(long, default_value_t = 10)]
        queue_log2: u32,
        #[command(flatten)]
        transport: TransportArgs,
        /// Shared memory only: wait this long per dependent round trip (a NIC's RTT).
        #[arg(long, default_value_t = 0)]
        rtt_us: u64,
    },
}

#[derive(Args, Debug, Clone)]
pub struct TransportArgs {
    /// shm (one host; shared-memory regions in --dir) or verbs (an RDMA device; feature `verbs`).
    #[arg(long, default_value = "shm")]
    pub transport: String,
    /// shm: the directory both sides map (default: a fresh one under /dev/shm, server side).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// verbs: the RDMA device (default: the first one).
    #[arg(long)]
    pub device: Option<String>,
    /// verbs: the GID table entry of port 1 (RoCE: a RoCE v2 GID).
    #[arg(long, default_value_t = 0)]
    pub gid_index: u8,
}

const MAX_PRODUCERS: u32 = 1024;
const SERVER_NODE: renq::NodeId = 0;
const CLIENT_NODE: renq::NodeId = 1;

pub fn run(a: &PerfArgs) -> Result<bool, String> {
    match &a.role {
        Role::Server { listen, transport, verbs_listen, runs, stall_secs } => {
            server(*listen, transport, *verbs_listen, *runs, Duration::from_secs(*stall_secs))
        }
        Role::Client { connect, mode, producers, items, queue_log2, transport, rtt_us } => {
            let rtt = Duration::from_micros(*rtt_us);
            client(*connect, mode, producers, *items, *queue_log2, transport, rtt)
        }
    }
}

fn check_mode(mode: &str, transport: &str) -> Result<(), String> {
    if transport == "verbs" && !cfg!(feature = "verbs") {
        return Err("this renq was built without the `verbs` feature: --transport verbs is not available".into());
    }
    match (mode, transport) {
        ("faa", "shm" | "verbs") | ("send", "verbs") => Ok(()),
        ("send", "shm") => Err("mode send needs an RDMA device (--transport verbs): shared memory has no SEND".into()),
        (m, "shm" | "verbs") => Err(format!("unknown mode {m} (faa or send)")),
        (_, t) => Err(format!("unknown transport {t} (shm or verbs)")),
    }
}

fn backend(
    mode: &str,
    t: &TransportArgs,
    node: renq::NodeId,
    listen: SocketAddr,
    peer: Option<SocketAddr>,
    dir: &std::path::Path,
    rtt: Duration,
) -> Result<Backend, String> {
    match t.transport.as_str() {
        "shm" => Ok(Backend::RdmaShm(RdmaShmConfig { dir: dir.to_path_buf(), node, rtt })),
        #[cfg(feature = "verbs")]
        "verbs" => {
            let config = renq::RdmaVerbsConfig {
                node,
                device: t.device.clone(),
                gid_index: t.gid_index,
                listen,
                peers: peer.map(|p| vec![(SERVER_NODE, p)]).unwrap_or_default(),
            };
            Ok(if mode == "send" { Backend::RdmaSend(config) } else { Backend::RdmaVerbs(config) })
        }
        #[cfg(not(feature = "verbs"))]
        "verbs" => {
            let _ = (mode, listen, peer);
            Err("this renq was built without the `verbs` feature: --transport verbs is not available".into())
        }
        other => Err(format!("unknown transport {other} (shm or verbs)")),
    }
}

/// One text line per message.
struct Control {
    r: BufReader<TcpStream>,
    w: TcpStream,
}

impl Control {
    fn new(s: TcpStream) -> Result<Control, String> {
        let _ = s.set_nodelay(true);
        Ok(Control { r: BufReader::new(s.try_clone().map_err(|e| e.to_string())?), w: s })
    }
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.w, "{line}").map_err(|e| format!("control link: {e}"))
    }
    fn recv(&mut self) -> Result<Option<String>, String> {
        let mut l = String::new();
        match self.r.read_line(&mut l) {
            Ok(0) => Ok(None),
            Ok(_) => Ok(Some(l.trim_end().to_string())),
            Err(e) => Err(format!("control link: {e}")),
        }
    }
}

fn server(
    listen: SocketAddr,
    t: &TransportArgs,
    verbs_listen: Option<SocketAddr>,
    runs: Option<u64>,
    stall: Duration,
) -> Result<bool, String> {
    check_mode("faa", &t.transport)?;
    let listener = TcpListener::bind(listen).map_err(|e| format!("listen on {listen}: {e}"))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let dir = match &t.dir {
        Some(d) => d.clone(),
        None => {
            let d = std::env::temp_dir().join(format!("renq-perf-{}", std::process::id()));
            std::fs::create_dir_all(&d).map_err(|e| format!("{}: {e}", d.display()))?;
            d
        }
    };
    let verbs_base = verbs_listen.unwrap_or_else(|| SocketAddr::new(local.ip(), local.port().wrapping_add(1)));
    println!("renq perf server: control {local}, transport {}, waiting for clients", t.transport);
    // One node per mode, opened at its first run and kept (its connection server too).
    let mut nodes: Vec<(String, Node, SocketAddr)> = vec![];
    let mut next_queue: renq::QueueId = 0;
    let mut served = 0u64;
    let mut all_ok = true;
    for stream in listener.incoming() {
        let stream = stream.map_err(|e| e.to_string())?;
        let mut c = Control::new(stream)?;
        while let Some(line) = c.recv()? {
            let w: Vec<&str> = line.split_whitespace().collect();
            let (mode, producers, items, log2) = match w.as_slice() {
                ["RUN", m, p, n, k] => match (p.parse::<u32>(), n.parse::<u64>(), k.parse::<u32>()) {
                    (Ok(p), Ok(n), Ok(k)) if (1..=MAX_PRODUCERS).contains(&p) => (m.to_string(), p, n, k),
                    _ => {
                        c.send("ERR bad run request")?;
                        continue;
                    }
                },
                _ => {
                    c.send("ERR bad request")?;
                    continue;
                }
            };
            if let Err(e) = check_mode(&mode, &t.transport) {
                c.send(&format!("ERR {e}"))?;
                continue;
            }
            if !nodes.iter().any(|(m, _, _)| *m == mode) {
                let port = verbs_base.port().wrapping_add(u16::from(mode == "send"));
                let vaddr = SocketAddr::new(verbs_base.ip(), port);
                let node = Node::open(backend(&mode, t, SERVER_NODE, vaddr, None, &dir, Duration::ZERO)?)
                    .map_err(|e| format!("server node ({mode}): {e}"))?;
                nodes.push((mode.clone(), node, vaddr));
            }
            let (_, node, vaddr) = nodes.iter().find(|(m, _, _)| *m == mode).expect("opened above");
            let queue = next_queue;
            // Within the transport's range (every u16 on the fallback), so the cast keeps the value.
            next_queue = ((next_queue as usize + 1) % node.limits().local_queues) as renq::QueueId;
            let rx = match node.create_queue(queue, log2) {
                Ok(rx) => rx,
                Err(e) => {
                    c.send(&format!("ERR {e}"))?;
                    continue;
                }
            };
            let place = if t.transport == "shm" { dir.display().to_string() } else { vaddr.to_string() };
            c.send(&format!("READY {queue} {place}"))?;
            let mut v = Verdict::new(producers as usize, items);
            let mut buf = [0u64; 256];
            let mut last = Instant::now();
            let t0 = Instant::now();
            while !v.complete() && last.elapsed() < stall {
                match rx.dequeue_batch_timeout(&mut buf, Duration::from_millis(100)) {
                    Ok(n) => {
                        for &item in &buf[..n] {
                            let _ = v.feed(item);
                        }
                        if n > 0 {
                            last = Instant::now();
                        }
                    }
                    Err(e) => {
                        eprintln!("renq perf server: dequeue: {e}");
                        break;
                    }
                }
            }
            let secs = t0.elapsed().as_secs_f64();
            // The client says DONE once its senders are flushed.
            let _ = c.recv()?;
            let _ = rx.close();
            let s = v.summary();
            all_ok &= s.ok();
            c.send(&format!(
                "RESULT {} {} {} {} {} {secs:.6}",
                s.received, s.lost, s.duplicated, s.reordered, s.foreign
            ))?;
            println!("run {mode} producers={producers} items={items}: {}", s.line());
            served += 1;
            if runs.is_some_and(|r| served >= r) {
                return Ok(all_ok);
            }
        }
    }
    Ok(all_ok)
}

/// Latency percentile `q` (0..=1) of sorted nanoseconds, in µs.
fn percentile_us(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn client(
    connect: SocketAddr,
    mode: &str,
    producers: &[u32],
    items: u64,
    log2: u32,
    t: &TransportArgs,
    rtt: Duration,
) -> Result<bool, String> {
    check_mode(mode, &t.transport)?;
    if producers.is_empty() || producers.iter().any(|&p| p == 0 || p > MAX_PRODUCERS) {
        return Err(format!("--producers: each count must be in 1..={MAX_PRODUCERS}"));
    }
    if items == 0 || items >= 1 << 40 {
        return Err("--items must be in 1..2^40".into());
    }
    let stream = TcpStream::connect_timeout(&connect, Duration::from_secs(10))
        .map_err(|e| format!("cannot reach the perf server at {connect}: {e}"))?;
    let mut c = Control::new(stream)?;
    println!("renq perf: mode {mode}, transport {}, {items} items per producer, queue of 2^{log2} words", t.transport);
    println!("| producers | items/s | enqueue p50 (µs) | enqueue p99 (µs) | verified |");
    println!("|---|---|---|---|---|");
    let mut all_ok = true;
    for &p in producers {
        c.send(&format!("RUN {mode} {p} {items} {log2}"))?;
        let reply = c.recv()?.ok_or("the server closed the control link")?;
        let w: Vec<&str> = reply.split_whitespace().collect();
        let (queue, place) = match w.as_slice() {
            ["READY", q, place] => {
                (q.parse::<renq::QueueId>().map_err(|_| format!("bad reply `{reply}`"))?, place.to_string())
            }
            _ => return Err(format!("the server refused the run: {reply}")),
        };
        let node = match t.transport.as_str() {
            "shm" => Node::open(backend(mode, t, CLIENT_NODE, connect, None, std::path::Path::new(&place), rtt)?),
            _ => {
                let peer: SocketAddr = place.parse().map_err(|_| format!("bad verbs address in `{reply}`"))?;
                let any = SocketAddr::new(if peer.is_ipv4() { [0, 0, 0, 0].into() } else { [0u16; 8].into() }, 0);
                Node::open(backend(mode, t, CLIENT_NODE, any, Some(peer), std::path::Path::new("."), rtt)?)
            }
        }
        .map_err(|e| format!("client node: {e}"))?;
        let t0 = Instant::now();
        let results: Vec<Result<Vec<u64>, String>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..p)
                .map(|id| {
                    let node = &node;
                    s.spawn(move || -> Result<Vec<u64>, String> {
                        let tx = node.sender(SERVER_NODE, queue).map_err(|e| format!("sender: {e}"))?;
                        let mut lat = Vec::with_capacity(items as usize);
                        for k in 0..items {
                            let t = Instant::now();
                            tx.enqueue(encode(id as u16, k)).map_err(|e| format!("enqueue: {e}"))?;
                            lat.push(t.elapsed().as_nanos() as u64);
                        }
                        drop(tx); // flushes its posted operations
                        Ok(lat)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a producer thread panicked".into()))).collect()
        });
        let client_secs = t0.elapsed().as_secs_f64();
        c.send(&format!("DONE {client_secs:.6}"))?;
        let result = c.recv()?.ok_or("the server closed the control link")?;
        let r: Vec<&str> = result.split_whitespace().collect();
        let nums: Vec<f64> = r.iter().skip(1).filter_map(|x| x.parse().ok()).collect();
        if r.first() != Some(&"RESULT") || nums.len() != 6 {
            return Err(format!("bad result `{result}`"));
        }
        let (received, lost, dup, reord, foreign) = (nums[0], nums[1], nums[2], nums[3], nums[4]);
        let mut lat = vec![];
        let mut errors = vec![];
        for r in results {
            match r {
                Ok(l) => lat.extend(l),
                Err(e) => errors.push(e),
            }
        }
        lat.sort_unstable();
        let ok = errors.is_empty() && lost == 0.0 && dup == 0.0 && reord == 0.0 && foreign == 0.0;
        all_ok &= ok;
        let secs = client_secs.max(1e-9);
        let verified = if ok {
            format!("{received} of {} (exactly once, FIFO per producer)", u64::from(p) * items)
        } else {
            format!("FAILED: {lost} lost, {dup} duplicated, {reord} out of order, {foreign} foreign; {errors:?}")
        };
        println!(
            "| {p} | {:.0} | {:.2} | {:.2} | {verified} |",
            received / secs,
            percentile_us(&lat, 0.5),
            percentile_us(&lat, 0.99)
        );
        let m = node.metrics();
        if let Some(ops) = m.rdma {
            let per = |x: u64| x as f64 / (u64::from(p) * items) as f64;
            println!(
                "|   | per enqueue: {:.3} round trips, {:.3} FAA, {:.3} WRITE, {:.3} READ, {:.3} SEND | | | |",
                per(ops.round_trips),
                per(ops.faas),
                per(ops.writes),
                per(ops.reads),
                per(ops.sends)
            );
        }
    }
    Ok(all_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_sorted_samples() {
        let s: Vec<u64> = (1..=100).map(|x| x * 1000).collect();
        assert_eq!(percentile_us(&s, 0.5), 51.0);
        assert_eq!(percentile_us(&s, 0.99), 99.0);
        assert_eq!(percentile_us(&[], 0.5), 0.0);
    }

    #[test]
    fn modes_per_transport() {
        assert!(check_mode("faa", "shm").is_ok());
        assert_eq!(check_mode("send", "verbs").is_ok(), cfg!(feature = "verbs"));
        assert!(check_mode("send", "shm").unwrap_err().contains("RDMA device"));
        assert!(check_mode("cas", "shm").unwrap_err().contains("unknown mode"));
        assert!(check_mode("faa", "tcp").unwrap_err().contains("unknown transport"));
        assert_eq!(check_mode("faa", "verbs").is_ok(), cfg!(feature = "verbs"));
    }
}
