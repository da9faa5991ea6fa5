//! `renq-sim`: one node's card in its own process. See `--help`.

use std::path::PathBuf;
use std::process::ExitCode;

use renq_sim::{CardKind, EngineKind, Server, ServerConfig};

const HELP: &str = "\
renq-sim — run one node's renq card (simulated) in this process

USAGE:
    renq-sim --node N --socket PATH [--memory BYTES] [--engine model|rtl|verilator] [--card renq|paper]
             [--peer N=PATH]...

OPTIONS:
    --node N          this card's node id, below the card's range (renq 1024, paper 16);
                      NODE_ID is preset to it
    --socket PATH     UNIX socket to listen on, for peer links and for clients
    --memory BYTES    host memory size, suffix K/M/G allowed (default 64M)
    --engine KIND     model (fast, default), rtl (the hdl crate's RTL, slow) or verilator
                      (the checked-in Verilog compiled by Verilator, fast)
    --card KIND       renq (default: the card, portals, no head-of-line blocking) or paper (the
                      paper's FSM card); every card of a cluster must be the same kind
    --peer N=PATH     socket of node N's renq-sim; repeat for every other node
    --die-with-parent exit when the process that started this one exits (for test harnesses)
    -h, --help        this text

A client (the node's driver, see renq_sim::SimCard::connect) connects to the socket, receives the
host memory's memfd, and sends BAR0/BAR2 accesses and interrupt waits. Peers connect their
links to it. Prints one line `renq-sim node N listening on PATH` once it accepts connections.";

fn parse_size(s: &str) -> Result<usize, String> {
    let (num, mul) = match s.chars().last() {
        Some('K' | 'k') => (&s[..s.len() - 1], 1 << 10),
        Some('M' | 'm') => (&s[..s.len() - 1], 1 << 20),
        Some('G' | 'g') => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<usize>().map(|n| n * mul).map_err(|e| format!("bad size {s:?}: {e}"))
}

/// What the command line asks for.
struct Args {
    server: ServerConfig,
    die_with_parent: bool,
}

/// Asks the kernel to end this process when its parent (thread) ends, so a crashed test
/// harness leaves no simulator behind.
fn die_with_parent() {
    // SAFETY: plain prctl/getppid calls with constant arguments.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
        if libc::getppid() == 1 {
            std::process::exit(0); // the parent is already gone
        }
    }
}

fn parse_args(args: Vec<String>) -> Result<Option<Args>, String> {
    let mut die = false;
    let mut node = None;
    let mut socket = None;
    let mut memory_bytes = 64 << 20;
    let mut engine = EngineKind::Model;
    let mut card = CardKind::Renq;
    let mut peers = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "-h" | "--help" => return Ok(None),
            "--die-with-parent" => die = true,
            "--node" => {
                let v = value("--node")?;
                node = Some(v.parse::<u16>().map_err(|e| format!("--node {v:?}: {e}"))?)
            }
            "--socket" => socket = Some(PathBuf::from(value("--socket")?)),
            "--memory" => memory_bytes = parse_size(&value("--memory")?)?,
            "--engine" => engine = value("--engine")?.parse()?,
            "--card" => card = value("--card")?.parse()?,
            "--peer" => {
                let v = value("--peer")?;
                let (n, p) = v.split_once('=').ok_or_else(|| format!("--peer {v:?}: expected N=PATH"))?;
                peers.push((n.parse::<u16>().map_err(|e| format!("--peer {v:?}: {e}"))?, PathBuf::from(p)));
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    let server = ServerConfig {
        node: node.ok_or("--node is required")?,
        socket: socket.ok_or("--socket is required")?,
        memory_bytes,
        engine,
        card,
        peers,
    };
    Ok(Some(Args { server, die_with_parent: die }))
}

fn main() -> ExitCode {
    let cfg = match parse_args(std::env::args().skip(1).collect()) {
        Ok(Some(a)) => {
            if a.die_with_parent {
                die_with_parent();
            }
            a.server
        }
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("renq-sim: {e}");
            return ExitCode::from(2);
        }
    };
    let (node, socket) = (cfg.node, cfg.socket.clone());
    let server = match Server::bind(cfg) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("renq-sim: cannot start node {node} on {}: {e}", socket.display());
            return ExitCode::FAILURE;
        }
    };
    println!("renq-sim node {node} listening on {}", socket.display());
    match server.run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("renq-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
