//! `renq-qemu-dev`: one simulated renq card served to a QEMU guest as a PCI device. See `--help`.

use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Command, ExitCode};
use std::sync::{Arc, OnceLock};

use renq_sim::qemu::doorbell::{self, Doorbell};
use renq_sim::qemu::{DeviceConfig, ProxyDevice};

/// Exit status when QEMU died by signal n: 128 + n, as a shell reports it (renq-vm's exit judges it).
const QEMU_SIGNAL_BASE: i32 = 128;

const HELP: &str = "\
renq-qemu-dev — serve one simulated renq card to a QEMU guest (x-pci-proxy-dev)

USAGE:
    renq-qemu-dev [OPTIONS] -- QEMU [QEMU-ARGS...]     launch QEMU, connected to the card
    renq-qemu-dev [OPTIONS] --fd N                     serve an already connected socket

OPTIONS:
    --card KIND           renq (default, the card: portals with status, queue state on
                          the card; v2 is accepted too) or paper (the paper's card)
    --node N              the card's node id, preset in NODE_ID (default 0): 0..15 on the
                          paper card, 0..1023 on the card
    --engine KIND         model (fast, default), rtl (the hdl crate's RTL, slow) or verilator
                          (the checked-in Verilog compiled by Verilator, fast); both cards
    --link-socket PATH    UNIX socket other cards connect their links to
    --peer N=PATH         link socket of node N (a renq-sim --socket or another
                          renq-qemu-dev --link-socket); repeat per peer
    --ivshmem-socket PATH act as ivshmem server on PATH: the card's interrupt line rings
                          MSI-X vector 0 of an ivshmem-doorbell device
    --bar-log FILE        one line per BAR2 access (offset, size, value) + a summary
    --die-with-parent     exit when the parent process exits
    -h, --help            this text

In launch mode every QEMU argument `@PROXY_FD@` is replaced by the descriptor number of the
socket to the card, e.g.:

    renq-qemu-dev --ivshmem-socket /tmp/ivs --bar-log bar.log -- qemu-system-x86_64 \\
      -machine q35 -m 256M -object memory-backend-memfd,id=ram,size=256M,share=on \\
      -numa node,memdev=ram -device x-pci-proxy-dev,fd=@PROXY_FD@ \\
      -chardev socket,path=/tmp/ivs,id=ivs -device ivshmem-doorbell,chardev=ivs,vectors=1 ...

The card: vendor/device id from renq_abi, class 0x0280, revision = the ABI version (1 paper,
2 the card), BAR0 = 4 KiB registers, BAR2 = 1 MiB shadow window (paper) or 16 MiB of portal
pages (the card; an 8-byte load of a page returns the portal's status), 32-bit memory BARs. A card
takes links only from its --peer nodes. Its DMA goes straight into guest RAM (guest-physical
addresses; RAM must be memory-backend-memfd,share=on and below 4 GiB). Exit status: QEMU's,
or 128+N when QEMU was killed by signal N.
On exit prints `renq-qemu-dev: summary ...` (BAR, DMA and interrupt counts) on stderr.";

struct Args {
    device: DeviceConfig,
    ivshmem: Option<PathBuf>,
    fd: Option<i32>,
    qemu: Vec<String>,
    die_with_parent: bool,
}

fn parse_args(args: Vec<String>) -> Result<Option<Args>, String> {
    let mut a =
        Args { device: DeviceConfig::default(), ivshmem: None, fd: None, qemu: Vec::new(), die_with_parent: false };
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--node" => a.device.node = value("--node")?.parse().map_err(|e| format!("--node: {e}"))?,
            "--engine" => a.device.engine = value("--engine")?.parse()?,
            "--card" => a.device.card = value("--card")?.parse()?,
            "--link-socket" => a.device.link_socket = Some(value("--link-socket")?.into()),
            "--peer" => {
                let v = value("--peer")?;
                let (n, p) = v.split_once('=').ok_or_else(|| format!("--peer {v:?}: expected N=PATH"))?;
                a.device.peers.push((n.parse().map_err(|e| format!("--peer {v:?}: {e}"))?, p.into()));
            }
            "--ivshmem-socket" => a.ivshmem = Some(value("--ivshmem-socket")?.into()),
            "--bar-log" => a.device.bar_log = Some(value("--bar-log")?.into()),
            "--fd" => a.fd = Some(value("--fd")?.parse().map_err(|e| format!("--fd: {e}"))?),
            "--die-with-parent" => a.die_with_parent = true,
            "--" => {
                a.qemu = it.collect();
                break;
            }
            other => return Err(format!("unknown argument {other:?} (try --help)")),
        }
    }
    a.device.check()?;
    match (a.fd.is_some(), a.qemu.is_empty()) {
        (true, true) | (false, false) => Ok(Some(a)),
        _ => Err("give exactly one of --fd N and -- QEMU ARGS... (try --help)".into()),
    }
}

fn run(a: Args) -> Result<u8, String> {
    let bell = Arc::new(OnceLock::new());
    if let Some(path) = &a.ivshmem {
        let listener = doorbell::listen(path).map_err(|e| format!("ivshmem socket {}: {e}", path.display()))?;
        let bell = bell.clone();
        std::thread::spawn(move || match Doorbell::accept(&listener) {
            Ok(d) => {
                let _ = bell.set(d);
            }
            Err(e) => eprintln!("renq-qemu-dev: ivshmem setup failed: {e}"),
        });
    }
    let mut device = ProxyDevice::new(a.device.clone(), bell).map_err(|e| format!("cannot start the card: {e}"))?;
    let (conn, mut child) = if let Some(fd) = a.fd {
        // SAFETY: the caller handed us this descriptor to own.
        (unsafe { UnixStream::from_raw_fd(fd) }, None)
    } else {
        let (ours, theirs) = renq_os::inheritable_pair().map_err(|e| format!("socketpair: {e}"))?;
        let n = theirs.as_raw_fd().to_string();
        let args: Vec<String> = a.qemu[1..].iter().map(|s| s.replace("@PROXY_FD@", &n)).collect();
        let mut cmd = Command::new(&a.qemu[0]);
        cmd.args(&args);
        // SAFETY: only async-signal-safe prctl between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        let child = cmd.spawn().map_err(|e| format!("cannot run {}: {e}", a.qemu[0]))?;
        drop(theirs);
        (ours, Some(child))
    };
    let served = device.serve(conn);
    let status = match &mut child {
        Some(c) => match c.wait() {
            Ok(s) => match (s.code(), s.signal()) {
                (Some(code), _) => code as u8,
                (None, Some(sig)) => {
                    eprintln!("renq-qemu-dev: QEMU died by signal {sig}");
                    (QEMU_SIGNAL_BASE + sig) as u8
                }
                (None, None) => 1,
            },
            Err(e) => {
                eprintln!("renq-qemu-dev: waiting for QEMU: {e}");
                1
            }
        },
        None => 0,
    };
    match served {
        Ok(summary) => eprintln!("renq-qemu-dev: summary {summary}"),
        Err(e) => {
            eprintln!("renq-qemu-dev: summary {}", device.summary());
            return Err(format!("proxy connection failed: {e}"));
        }
    }
    Ok(status)
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1).collect()) {
        Ok(Some(a)) => a,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("renq-qemu-dev: {e}");
            return ExitCode::from(2);
        }
    };
    if args.die_with_parent {
        // SAFETY: plain prctl/getppid calls.
        unsafe {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
            if libc::getppid() == 1 {
                return ExitCode::SUCCESS;
            }
        }
    }
    match run(args) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("renq-qemu-dev: {e}");
            ExitCode::FAILURE
        }
    }
}
