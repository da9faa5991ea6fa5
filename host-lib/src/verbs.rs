//! The RDMA fallback over real verbs (feature `verbs`, docs/spec.md §10): the consumer's node
//! registers each queue's ring on its RDMA device and serves connection requests on a TCP
//! address; a sender connects its own RC queue pair to the queue's region and enqueues with
//! one fetch-and-add plus one posted write (`fast::Producer` over `VerbsMemory`).
//!
//! Connection request (one line each way, `renq_rdma::connect`): the sender creates a QP and
//! sends `CONNECT <queue> <its endpoint>`; the consumer's node creates a responder QP,
//! connects it to that endpoint and answers `OK <addr> <rkey> <len> <its endpoint>` (or
//! `NOQUEUE`); the sender connects its QP to the responder and attaches to the ring
//! (calibration, then one READ of the header).

use crate::error::{Error, Result};
use crate::rdma::transport_error;
use renq_rdma::connect::{desc_parse, desc_words, ep_hex, ep_parse, Link};
use renq_rdma::fast;
use renq_rdma::verbs::{Device, Qp, Region, RegionDesc, RegionLocal, VerbsMemory};
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
    pub node: u8,
    /// RDMA device name (e.g. `mlx5_0`, `rxe0`); None = the first one.
    pub device: Option<String>,
    /// GID table entry of port 1 the QPs use (RoCE/rxe: a RoCE v2 GID).
    pub gid_index: u8,
    /// Where this node serves connection requests for its queues (port 0: any free port).
    pub listen: SocketAddr,
    /// Where the other nodes serve theirs.
    pub peers: Vec<(u8, SocketAddr)>,
}

/// A queue's registered ring and the responder QPs of the senders connected to it.
struct Exported {
    queue: u8,
    _region: Region,
    desc: RegionDesc,
    responders: Vec<Qp>,
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
    node: u8,
    shared: Arc<Shared>,
    /// The address actually bound (the configured one with its port filled in).
    local: SocketAddr,
    peers: Vec<(u8, SocketAddr)>,
    server: Option<JoinHandle<()>>,
}

impl VerbsNode {
    pub fn open(config: RdmaVerbsConfig) -> Result<VerbsNode> {
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
        Ok(VerbsNode { node: config.node, shared, local, peers: config.peers, server: Some(server) })
    }

    /// Registers a ring of `capacity` slots and makes it reachable by connection requests.
    pub fn create_queue(&self, queue: u8, capacity: u64) -> Result<fast::Consumer<RegionLocal>> {
        let region = Region::new(&self.shared.dev, fast::Layout::bytes(capacity) as usize).map_err(transport_error)?;
        // Writes the header before the queue can be found, so no sender sees half a queue.
        let consumer = fast::Consumer::create(region.local(), 0, capacity).map_err(transport_error)?;
        let desc = region.desc();
        self.shared.queues.lock().unwrap().push(Exported { queue, _region: region, desc, responders: vec![] });
        Ok(consumer)
    }

    /// No new sender can connect; those connected keep their QPs.
    pub fn close_queue(&self, queue: u8) {
        let mut queues = self.shared.queues.lock().unwrap();
        if let Some(at) = queues.iter().position(|e| e.queue == queue) {
            let e = queues.remove(at);
            self.shared.closed.lock().unwrap().push(e);
        }
    }

    /// Connects a new RC QP to (node, queue) and attaches a fast producer to it.
    pub fn producer(&self, node: u8, queue: u8) -> Result<fast::Producer<VerbsMemory>> {
        let addr = if node == self.node {
            self.local
        } else {
            self.peers.iter().find(|(n, _)| *n == node).map(|p| p.1).ok_or(Error::UnknownNode(node))?
        };
        let oob = |e: std::io::Error| Error::Transport(format!("node {node} at {addr}: {e}"));
        let stream = TcpStream::connect_timeout(&addr, EXCHANGE_TIMEOUT).map_err(oob)?;
        stream.set_read_timeout(Some(EXCHANGE_TIMEOUT)).map_err(oob)?;
        let mut link = Link::new(stream).map_err(transport_error)?;
        let mut qp = Qp::create(&self.shared.dev).map_err(transport_error)?;
        link.send(&format!("CONNECT {queue} {}", ep_hex(&qp.endpoint()))).map_err(transport_error)?;
        let reply = link.recv().map_err(transport_error)?;
        let w: Vec<String> = reply.split_whitespace().map(String::from).collect();
        match w.first().map(String::as_str) {
            Some("OK") if w.len() == 5 => {}
            Some("NOQUEUE") => return Err(Error::UnknownQueue(queue)),
            _ => return Err(Error::Transport(format!("node {node} at {addr} answered `{reply}`"))),
        }
        let desc = desc_parse(&w[1..4]).map_err(transport_error)?;
        qp.connect(&ep_parse(&w[4]).map_err(transport_error)?, desc).map_err(transport_error)?;
        fast::Producer::attach(qp.into_memory(), 0).map_err(transport_error)
    }
}

impl Drop for VerbsNode {
    fn drop(&mut self) {
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
    let w = link.expect("CONNECT")?;
    let queue = w.first().and_then(|q| q.parse::<u8>().ok());
    let (Some(queue), Some(ep)) = (queue, w.get(1)) else {
        return link.send("ERR bad-request");
    };
    let ep = ep_parse(ep)?;
    let mut queues = shared.queues.lock().unwrap();
    let Some(q) = queues.iter_mut().find(|e| e.queue == queue) else {
        return link.send("NOQUEUE");
    };
    let mut qp = Qp::create(&shared.dev)?;
    qp.connect(&ep, q.desc)?;
    link.send(&format!("OK {} {}", desc_words(&q.desc), ep_hex(&qp.endpoint())))?;
    q.responders.push(qp);
    Ok(())
}
