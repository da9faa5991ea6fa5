//! `--processes`: each node's card runs in its own process (this binary re-executed as the
//! hidden `sim-node` command, i.e. `renq_sim::Server`), linked to the others over UNIX sockets.
//! The demo's applications reach the cards through `renq_sim::SimCard::connect` and map each node's
//! host memory from the memfd the card process passes them. With `--link-*` faults the card
//! processes link over UDP on 127.0.0.1 instead (`renq_sim::udp`: the reliable link in selective
//! repeat, with the fault injector on every frame each sends); clients still use the UNIX sockets.

use crate::args::LinkOptions;
use renq_sim::udp::UdpConfig;
use renq_sim::{CardKind, EngineKind, Server, ServerConfig, SimCard};
use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The card processes of one run; killed and their sockets removed on drop.
pub struct CardProcesses {
    children: Vec<Child>,
    dir: PathBuf,
}

impl Drop for CardProcesses {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn socket(dir: &Path, node: usize) -> PathBuf {
    dir.join(format!("node{node}.sock"))
}

/// A free UDP port on 127.0.0.1 (bound and released).
fn free_udp_addr() -> Result<SocketAddr, String> {
    UdpSocket::bind("127.0.0.1:0").and_then(|s| s.local_addr()).map_err(|e| format!("no UDP port: {e}"))
}

/// `ID=VALUE` arguments: node id and the rest.
fn split_peer(p: &str) -> Result<(u16, &str), String> {
    let (n, v) = p.split_once('=').ok_or_else(|| format!("--peer {p:?}: expected N=VALUE"))?;
    Ok((n.parse::<u16>().map_err(|e| format!("--peer {p:?}: {e}"))?, v))
}

/// Starts one card process per node and connects to each; with faults in `link`, their links
/// are UDP through the reliable layer.
pub fn start(
    nodes: usize,
    (card, engine): (CardKind, EngineKind),
    memory_bytes: usize,
    link: &LinkOptions,
) -> Result<(CardProcesses, Vec<SimCard>), String> {
    let udp = if link.faults().is_clean() {
        None
    } else {
        Some((0..nodes).map(|_| free_udp_addr()).collect::<Result<Vec<_>, _>>()?)
    };
    let dir = std::env::temp_dir().join(format!("renq-demo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut procs = CardProcesses { children: Vec::new(), dir: dir.clone() };
    for i in 0..nodes {
        let mut cmd = Command::new(&exe);
        cmd.args([
            "sim-node",
            "--node",
            &i.to_string(),
            "--engine",
            engine.name(),
            "--card",
            card.name(),
            "--memory-bytes",
            &memory_bytes.to_string(),
            "--socket",
        ])
        .arg(socket(&dir, i));
        for j in (0..nodes).filter(|&j| j != i) {
            cmd.arg("--peer").arg(format!("{j}={}", socket(&dir, j).display()));
        }
        if let Some(addrs) = &udp {
            cmd.arg("--udp-listen").arg(addrs[i].to_string());
            for j in (0..nodes).filter(|&j| j != i) {
                cmd.arg("--udp-peer").arg(format!("{j}={}", addrs[j]));
            }
            for (name, p) in
                [("drop", link.drop), ("dup", link.dup), ("reorder", link.reorder), ("corrupt", link.corrupt)]
            {
                cmd.arg(format!("--link-{name}")).arg(p.to_string());
            }
            cmd.arg("--link-seed").arg(link.seed.to_string());
        }
        let mut child =
            cmd.stdout(Stdio::piped()).spawn().map_err(|e| format!("cannot start card process {i}: {e}"))?;
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line).map_err(|e| e.to_string())?;
        procs.children.push(child);
        if !line.contains("listening") {
            return Err(format!("card process {i} did not start (said {line:?})"));
        }
    }
    let cards = (0..nodes)
        .map(|i| {
            SimCard::connect_timeout(socket(&dir, i), Duration::from_secs(10))
                .map_err(|e| format!("connect to card {i}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    Ok((procs, cards))
}

/// The body of `renq sim-node`: serve one card until killed. `udp`: the card's links go over
/// UDP from this address to these `N=IP:PORT` peers, with these faults.
pub fn serve(
    node: u16,
    socket: PathBuf,
    (card, engine): (CardKind, EngineKind),
    memory_bytes: usize,
    peers: Vec<String>,
    udp: Option<(SocketAddr, Vec<String>, LinkOptions)>,
) -> Result<bool, String> {
    // End with the demo that started us, whatever happens to it.
    // SAFETY: prctl with constant arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) };
    let peers = peers
        .iter()
        .map(|p| split_peer(p).map(|(n, path)| (n, PathBuf::from(path))))
        .collect::<Result<Vec<_>, String>>()?;
    let cfg = ServerConfig { node, socket: socket.clone(), memory_bytes, engine, card, peers };
    let server = match udp {
        None => Server::bind(cfg),
        Some((listen, udp_peers, link)) => {
            link.check()?;
            let peers = udp_peers
                .iter()
                .map(|p| {
                    let (n, a) = split_peer(p)?;
                    Ok((n, a.parse::<SocketAddr>().map_err(|e| format!("--udp-peer {p:?}: {e}"))?))
                })
                .collect::<Result<Vec<_>, String>>()?;
            let udp = UdpConfig { node, listen, peers, faults: link.faults(), seed: link.seed };
            Server::bind_udp(cfg, &udp)
        }
    }
    .map_err(|e| format!("card {node}: {e}"))?;
    println!("renq sim-node {node} listening on {}", socket.display());
    server.run().map_err(|e| format!("card {node}: {e}"))?;
    Ok(true)
}
