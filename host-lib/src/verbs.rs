//! The RDMA fallback over real verbs (feature `verbs`, docs/spec.md §10): the consumer's node
//! registers each queue's ring on its RDMA device and serves connection requests on a TCP
//! address; a sender connects its own RC queue pair to the queue's region and enqueues with
//! one fetch-and-add plus posted writes (`fast::Producer` over `claims::Claiming<VerbsMemory>`:
//! its claim word before and after the FAA, then the slot; docs/spec.md R.11, the verbs fence).
//!
//! Connection request (one line each way, `renq_rdma::connect::fast_producer`): the sender
//! creates a QP and sends `CONNECT <queue> <its endpoint>`; the consumer's node creates a
//! responder QP (`verbs_fence::Responders::accept`), connects it to that endpoint and answers
//! `OK <addr> <rkey> <len> <its endpoint> <claim offset>` (or `NOQUEUE`, `CLOSED`, `FULL`); the
//! sender posts the receive for the close notice, connects its QP to the responder and attaches
//! to the ring (calibration, then READs of the header).
//!
//! The SEND/SRQ mode (`Backend::RdmaSend`, docs/spec.md R.13): a queue is a shared receive
//! queue; the request is `CONNECT <queue> <endpoint> send`, the answer `OK-SEND <endpoint>` of a
//! responder QP attached to the SRQ, and an enqueue is one inline SEND.
//!
//! A sender whose QP fails (an error completion) asks the node `STATUS <queue> [<its QPN>]`:
//! `CLOSED` turns the failure into `Error::Closed` (the consumer closed the queue and fenced its
//! QPs), `FENCED <ticket>` into `Fenced` (this sender stalled past its lease and was fenced).

use crate::error::{Error, Result};
use crate::ids::{NodeId, QueueId};
use crate::rdma::transport_error;
use renq_rdma::connect::{desc_words, ep_hex, ep_parse, Link};
use renq_rdma::send::{self, Srq};
use renq_rdma::verbs::{Device, Region};
use renq_rdma::verbs_fence::{FencingLocal, Responders};
use renq_rdma::{claims, fast};
use renq_rdma::{OpCounters, RdmaEnqueue};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How long a connection request may take (TCP connect, and each reply).
const EXCHANGE_TIMEOUT: Duration = Duration::from_secs(30);

/// Configuration of a node on the verbs RDMA transport.
#[derive(Clone, Debug)]
pub struct RdmaVerbsConfig {
    /// This node's id.
    pub node: NodeId,
    /// RDMA device name (e.g. `mlx5_0`, `rxe0`); None = the first one.
    pub device: Option<String>,
    /// GID table entry of port 1 the QPs use (RoCE/rxe: a RoCE v2 GID).
    pub gid_index: u8,
    /// Where this node serves connection requests for its queues (port 0: any free port).
    pub listen: SocketAddr,
    /// Where the other nodes serve theirs.
    pub peers: Vec<(NodeId, SocketAddr)>,
}

/// Which verbs algorithm a node's queues and senders use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// FAA + posted WRITE into a registered ring (`fast`).
    Fast,
    /// One inline SEND into a shared receive queue (`send`).
    Send,
}

/// One exported queue: a registered ring and the responder QPs of the senders connected to
/// it, or a shared receive queue (which holds its responders itself).
struct Exported {
    queue: QueueId,
    kind: Kind,
}

enum Kind {
    /// The region (kept until the node goes: senders may still address it) and the responder
    /// QPs of its senders, which the consumer fences (`verbs_fence`).
    Fast {
        region: Region,
        resp: Arc<Responders>,
    },
    Send(Arc<Srq>),
}

/// A queue's consumer in either mode.
pub(crate) enum VerbsConsumer {
    Fast(fast::Consumer<FencingLocal>),
    Send(send::Consumer),
}

struct Shared {
    dev: Arc<Device>,
    queues: Mutex<Vec<Exported>>,
    /// Closed queues keep their region and connections: senders attached before the close
    /// may still write (one-sided), as on the shared-memory transport.
    closed: Mutex<Vec<Exported>>,
    stop: AtomicBool,
}

pub(crate) struct VerbsNode {
    node: NodeId,
    mode: Mode,
    shared: Arc<Shared>,
    /// The address actually bound (the configured one with its port filled in).
    local: SocketAddr,
    peers: Vec<(NodeId, SocketAddr)>,
    server: Option<JoinHandle<()>>,
}

impl VerbsNode {
    pub fn open(config: RdmaVerbsConfig, mode: Mode) -> Result<VerbsNode> {
        let dev = Device::open(config.device.as_deref(), 1, config.gid_index).map_err(transport_error)?;
        let listener = TcpListener::bind(config.listen)
            .map_err(|e| Error::Transport(format!("listen on {}: {e}", config.listen)))?;
        let local = listener.local_addr().map_err(|e| Error::Transport(e.to_string()))?;
        let shared =
            Arc::new(Shared { dev, queues: Mutex::default(), closed: Mutex::default(), stop: AtomicBool::new(false) });
        let server = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("renq-verbs-{}", config.node))
                .spawn(move || serve(listener, &shared))
                .map_err(|e| Error::Transport(e.to_string()))?
        };
        Ok(VerbsNode { node: config.node, mode, shared, local, peers: config.peers, server: Some(server) })
    }

    /// Registers a ring of `capacity` slots (fast mode) or a shared receive queue of
    /// `capacity` receive WRs (SEND mode) and makes it reachable by connection requests.
    pub fn create_queue(&self, queue: QueueId, capacity: u64) -> Result<VerbsConsumer> {
        match self.mode {
            Mode::Fast => {
                let region =
                    Region::new(&self.shared.dev, claims::region_bytes(capacity) as usize).map_err(transport_error)?;
                let resp = Responders::new(&self.shared.dev, region.desc(), capacity);
                // Writes the header before the queue can be found, so no sender sees half a queue.
                let local = FencingLocal::new(region.local(), resp.clone());
                let consumer = fast::Consumer::create(local, 0, capacity).map_err(transport_error)?;
                let kind = Kind::Fast { region, resp };
                self.shared.queues.lock().unwrap().push(Exported { queue, kind });
                Ok(VerbsConsumer::Fast(consumer))
            }
            Mode::Send => {
                let srq = Srq::new(&self.shared.dev, capacity).map_err(transport_error)?;
                self.shared.queues.lock().unwrap().push(Exported { queue, kind: Kind::Send(srq.clone()) });
                Ok(VerbsConsumer::Send(send::Consumer::new(srq)))
            }
        }
    }

    /// No new sender can connect; a fast queue's senders are told (close notice) and fenced
    /// (their responder QPs moved to the error state), so that the consumer's close that
    /// follows sees every WRITE that will ever land (docs/spec.md R.11).
    pub fn close_queue(&self, queue: QueueId) {
        let mut queues = self.shared.queues.lock().unwrap();
        if let Some(at) = queues.iter().position(|e| e.queue == queue) {
            let e = queues.remove(at);
            if let Kind::Fast { resp, .. } = &e.kind {
                let _ = resp.close();
            }
            self.shared.closed.lock().unwrap().push(e);
        }
    }

    /// The node serving (node, queue)'s connection requests.
    fn address(&self, node: NodeId) -> Result<SocketAddr> {
        if node == self.node {
            Ok(self.local)
        } else {
            self.peers.iter().find(|(n, _)| *n == node).map(|p| p.1).ok_or(Error::UnknownNode(node))
        }
    }

    /// Connects a new RC QP to (node, queue) and attaches a producer of this node's mode to it.
    pub fn producer(&self, node: NodeId, queue: QueueId) -> Result<Box<dyn RdmaEnqueue + Send>> {
        let addr = self.address(node)?;
        let mut link = request(node, addr)?;
        let bad = |reply: &str| Error::Transport(format!("node {node} at {addr} answered `{reply}`"));
        let inner: Box<dyn RdmaEnqueue + Send> = match self.mode {
            Mode::Fast => {
                match renq_rdma::connect::fast_producer(&self.shared.dev, &mut link, queue, None)
                    .map_err(transport_error)?
                {
                    Ok((p, qpn)) => {
                        let inner = Box::new(p);
                        return Ok(Box::new(Checked { inner, node, addr, queue, qpn: Some(qpn), failed: None }));
                    }
                    Err(reply) => {
                        let word = reply.split_whitespace().next().unwrap_or("");
                        return Err(refusal(word, queue).unwrap_or_else(|| bad(&reply)));
                    }
                }
            }
            Mode::Send => {
                let mut p = send::Producer::create(&self.shared.dev).map_err(transport_error)?;
                link.send(&format!("CONNECT {queue} {} send", ep_hex(&p.endpoint()))).map_err(transport_error)?;
                let reply = link.recv().map_err(transport_error)?;
                let w: Vec<String> = reply.split_whitespace().map(String::from).collect();
                match w.first().map(String::as_str) {
                    Some("OK-SEND") if w.len() == 2 => {}
                    Some(other) => return Err(refusal(other, queue).unwrap_or_else(|| bad(&reply))),
                    None => return Err(bad(&reply)),
                }
                p.connect(&ep_parse(&w[1]).map_err(transport_error)?).map_err(transport_error)?;
                Box::new(p)
            }
        };
        Ok(Box::new(Checked { inner, node, addr, queue, qpn: None, failed: None }))
    }
}

/// Opens a connection to the node serving `addr`.
fn request(node: NodeId, addr: SocketAddr) -> Result<Link> {
    let oob = |e: std::io::Error| Error::Transport(format!("node {node} at {addr}: {e}"));
    let stream = TcpStream::connect_timeout(&addr, EXCHANGE_TIMEOUT).map_err(oob)?;
    stream.set_read_timeout(Some(EXCHANGE_TIMEOUT)).map_err(oob)?;
    Link::new(stream).map_err(transport_error)
}

/// The library error a node's refusal means (None: not a refusal).
fn refusal(word: &str, queue: QueueId) -> Option<Error> {
    match word {
        "NOQUEUE" => Some(Error::UnknownQueue(queue)),
        "CLOSED" => Some(Error::Closed),
        "FULL" => Some(Error::Transport(format!(
            "queue {queue} has its {} senders: no more can connect",
            claims::MAX_PRODUCERS
        ))),
        "WRONGMODE" => Some(Error::Transport(format!(
            "queue {queue} uses the other verbs mode (Backend::RdmaVerbs and Backend::RdmaSend do not mix)"
        ))),
        _ => None,
    }
}

/// A verbs sender whose failures are explained: when its QP fails (an error completion), it asks
/// the queue's node whether the queue was closed (or, fast mode, this sender fenced after a
/// lease), so a closed queue is `Error::Closed` for every sender (its QP was moved to the error
/// state by the close) and a fenced one `Fenced`, never a hang or a bare verbs error. Both stick.
struct Checked {
    inner: Box<dyn RdmaEnqueue + Send>,
    node: NodeId,
    addr: SocketAddr,
    queue: QueueId,
    /// The fast-mode producer's QP number (`STATUS <queue> <qpn>` asks whether it was fenced).
    qpn: Option<u32>,
    failed: Option<renq_rdma::Error>,
}

impl Checked {
    fn explain(&mut self, e: renq_rdma::Error) -> renq_rdma::Error {
        if let Some(f) = &self.failed {
            return f.clone();
        }
        if matches!(e, renq_rdma::Error::Closed | renq_rdma::Error::Fenced { .. }) {
            self.failed = Some(e.clone());
        }
        if !matches!(e, renq_rdma::Error::Verbs(_)) {
            return e;
        }
        let status = request(self.node, self.addr).ok().and_then(|mut link| {
            let qpn = self.qpn.map(|q| format!(" {q}")).unwrap_or_default();
            link.send(&format!("STATUS {}{qpn}", self.queue)).ok()?;
            link.recv().ok()
        });
        let w: Vec<&str> = status.as_deref().unwrap_or("").split_whitespace().collect();
        let known = match w.as_slice() {
            ["CLOSED"] => renq_rdma::Error::Closed,
            ["FENCED", t] if t.parse::<u64>().is_ok() => renq_rdma::Error::Fenced { ticket: t.parse().unwrap_or(0) },
            _ => return e,
        };
        self.failed = Some(known.clone());
        known
    }
}

impl RdmaEnqueue for Checked {
    fn enqueue(&mut self, item: u64) -> std::result::Result<(), renq_rdma::Error> {
        if let Some(f) = &self.failed {
            return Err(f.clone());
        }
        self.inner.enqueue(item).map_err(|e| self.explain(e))
    }
    fn flush(&mut self) -> std::result::Result<(), renq_rdma::Error> {
        self.inner.flush().map_err(|e| self.explain(e))
    }
    fn counters(&self) -> OpCounters {
        self.inner.counters()
    }
    fn wait_polls(&self) -> u64 {
        self.inner.wait_polls()
    }
}

impl Drop for VerbsNode {
    /// Closes the open queues' senders (notice, fence) before the consumers close their rings.
    fn drop(&mut self) {
        let open: Vec<QueueId> = self.shared.queues.lock().unwrap().iter().map(|e| e.queue).collect();
        for q in open {
            self.close_queue(q);
        }
        self.shared.stop.store(true, Ordering::Release);
        // Wakes the accept loop, which then sees `stop`.
        let _ = TcpStream::connect_timeout(&self.local, Duration::from_secs(1));
        if let Some(t) = self.server.take() {
            let _ = t.join();
        }
    }
}

/// The node's connection server: one request per TCP connection, answered in turn (each
/// takes a QP creation and two state transitions).
fn serve(listener: TcpListener, shared: &Shared) {
    for stream in listener.incoming() {
        if shared.stop.load(Ordering::Acquire) {
            return;
        }
        let Ok(stream) = stream else { continue };
        if let Err(e) = answer(shared, stream) {
            eprintln!("renq verbs: connection request failed: {e}");
        }
    }
}

fn answer(shared: &Shared, stream: TcpStream) -> std::result::Result<(), renq_rdma::Error> {
    stream.set_read_timeout(Some(EXCHANGE_TIMEOUT)).map_err(renq_rdma::connect::io)?;
    let mut link = Link::new(stream)?;
    let line = link.recv()?;
    let w: Vec<&str> = line.split_whitespace().collect();
    let queue = w.get(1).and_then(|q| q.parse::<QueueId>().ok());
    match (w.first().copied(), queue) {
        (Some("STATUS"), Some(queue)) => {
            let qpn = w.get(2).and_then(|q| q.parse::<u32>().ok());
            let fenced = qpn.and_then(|qpn| {
                let queues = shared.queues.lock().unwrap();
                queues.iter().find(|e| e.queue == queue).and_then(|e| match &e.kind {
                    Kind::Fast { resp, .. } => resp.fenced_for(qpn),
                    Kind::Send(_) => None,
                })
            });
            if let Some(t) = fenced {
                return link.send(&format!("FENCED {t}"));
            }
            let open = shared.queues.lock().unwrap().iter().any(|e| e.queue == queue);
            let closed = shared.closed.lock().unwrap().iter().any(|e| e.queue == queue);
            link.send(if open {
                "OPEN"
            } else if closed {
                "CLOSED"
            } else {
                "NOQUEUE"
            })
        }
        (Some("CONNECT"), Some(queue)) if w.len() == 3 || w.len() == 4 => {
            let ep = ep_parse(w[2])?;
            let want = if w.get(3) == Some(&"send") { Mode::Send } else { Mode::Fast };
            let mut queues = shared.queues.lock().unwrap();
            let Some(q) = queues.iter_mut().find(|e| e.queue == queue) else {
                let closed = shared.closed.lock().unwrap().iter().any(|e| e.queue == queue);
                return link.send(if closed { "CLOSED" } else { "NOQUEUE" });
            };
            match (&mut q.kind, want) {
                (Kind::Fast { region, resp }, Mode::Fast) => match resp.accept(&ep) {
                    Ok((responder, claim)) => {
                        link.send(&format!("OK {} {} {claim}", desc_words(&region.desc()), ep_hex(&responder)))
                    }
                    Err(renq_rdma::Error::Closed) => link.send("CLOSED"),
                    Err(renq_rdma::Error::BadSize(_)) => link.send("FULL"),
                    Err(e) => Err(e),
                },
                (Kind::Send(srq), Mode::Send) => match srq.accept(&ep) {
                    Ok(responder) => link.send(&format!("OK-SEND {}", ep_hex(&responder))),
                    Err(renq_rdma::Error::Closed) => link.send("CLOSED"),
                    Err(e) => Err(e),
                },
                _ => link.send("WRONGMODE"),
            }
        }
        _ => link.send("ERR bad-request"),
    }
}
