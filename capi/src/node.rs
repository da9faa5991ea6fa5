//! Nodes: open one on a transport (what `renq::Backend` offers), create and close queues,
//! grant portals, read metrics.

use crate::receiver::renq_receiver;
use crate::renq_status::{self, *};
use crate::{deref, free_handle, guard, out, string, Fail};
use renq_driver::pci::{sysfs::Sysfs, Binding, PciCard};
use renq_driver::Device;
use renq_lib::{Backend, Grant, Node, PortalGrant, RdmaShmConfig};
use std::ffi::c_char;
use std::sync::Arc;
use std::time::Duration;

/// One node's renq (opaque): `renq_open`, `renq_open_send_only`; freed by `renq_node_close`.
pub struct renq_node {
    pub(crate) node: Node,
}

/// A portal the card's owner process granted (opaque): `renq_grant_portal`; `renq_grant_close`
/// revokes it.
pub struct renq_grant {
    grant: Grant,
}

/// What a send-only process needs to use a granted portal (three numbers: pass them by any
/// means, e.g. a pipe or the command line).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct renq_ticket {
    /// The portal's index on the card.
    pub index: u16,
    /// The destination node and queue it is programmed for.
    pub node: u16,
    pub queue: u16,
}

/// The ids a node can name (`renq_node_limits`).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct renq_limits {
    /// Destination node ids are `< nodes`.
    pub nodes: u64,
    /// Destination queue ids are `< queues`.
    pub queues: u64,
    /// Queues created on this node are `< local_queues`.
    pub local_queues: u64,
}

/// A node's counters (`renq_node_metrics`): cumulative; subtract two snapshots. Counters a
/// transport does not keep are 0 (the card's on the RDMA fallback and the other way round).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct renq_metrics {
    /// The card: packets sent, stores dropped at the source, items enqueued here, packets
    /// rejected here, overflow interrupts (queue extensions).
    pub card_sent: u64,
    pub card_tx_dropped: u64,
    pub card_enqueued: u64,
    pub card_rejected: u64,
    pub card_overflows: u64,
    /// The simulator only: stores that reached the shadow/portal window (BAR2) through this
    /// process's handle — one per enqueue on the card.
    pub bar2_stores: u64,
    /// The RDMA fallback: this node's senders' verbs operations and dependent round trips.
    pub rdma_faas: u64,
    pub rdma_writes: u64,
    pub rdma_reads: u64,
    pub rdma_round_trips: u64,
    /// The RDMA fallback: tickets skipped after a stopped sender's lease (spec R.11).
    pub rdma_skipped: u64,
}

/// A device from a spec's card part: `sim:PATH`, `uio`, `vfio`.
fn device(spec: &str) -> Result<Arc<dyn Device>, Fail> {
    if let Some(path) = spec.strip_prefix("sim:") {
        // Waits up to 10 s for a card process that is starting; a directory that does not
        // exist will not get its socket.
        let dir = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty());
        let wait = if dir.is_some_and(|d| !d.is_dir()) { Duration::ZERO } else { Duration::from_secs(10) };
        let card = renq_sim::SimCard::connect_timeout(path, wait)
            .map_err(|e| Fail(RENQ_E_DEVICE, format!("simulated card at {path}: {e}")))?;
        return Ok(Arc::new(card));
    }
    let binding = match spec {
        "uio" => Binding::Uio,
        "vfio" => Binding::Vfio,
        _ => return Err(Fail::invalid(format!("node spec {spec:?}: expected sim:PATH, uio, vfio or rdma-shm:..."))),
    };
    let card = PciCard::open(binding, &Sysfs::system()).map_err(|e| Fail(RENQ_E_DEVICE, format!("{spec}: {e}")))?;
    Ok(Arc::new(card))
}

/// `rdma-shm:dir=PATH,node=N[,rtt_us=U]`.
fn rdma_shm(args: &str) -> Result<RdmaShmConfig, Fail> {
    let bad = |why: String| Fail::invalid(format!("rdma-shm:{args}: {why}"));
    let (mut dir, mut node, mut rtt) = (None, None, Duration::ZERO);
    for kv in args.split(',') {
        let (k, v) = kv.split_once('=').ok_or_else(|| bad(format!("{kv:?} is not key=value")))?;
        match k {
            "dir" => dir = Some(v.into()),
            "node" => node = Some(v.parse::<u16>().map_err(|e| bad(format!("node {v:?}: {e}")))?),
            "rtt_us" => rtt = Duration::from_micros(v.parse().map_err(|e| bad(format!("rtt_us {v:?}: {e}")))?),
            _ => return Err(bad(format!("unknown key {k:?} (dir, node, rtt_us)"))),
        }
    }
    let dir = dir.ok_or_else(|| bad("dir= is required".into()))?;
    let node = node.ok_or_else(|| bad("node= is required".into()))?;
    Ok(RdmaShmConfig { dir, node, rtt })
}

fn give_node(node: Node, out_node: &mut *mut renq_node) -> crate::Outcome {
    *out_node = Box::into_raw(Box::new(renq_node { node }));
    Ok(RENQ_OK)
}

/// Opens this node's renq, as `renq::Node::open` does, on the transport `spec` names:
///
/// * `"sim:PATH"` — a simulated card: the `renq-sim` card process listening at PATH (this
///   process maps the node's memory from it; waits up to 10 s for a process that is still
///   starting). Either card (the card, or the paper card).
/// * `"uio"` / `"vfio"` — the card on this machine's PCI bus, through uio_pci_generic or
///   vfio-pci (root; the portal pages are mapped, so `renq_enqueue` is one store).
/// * `"rdma-shm:dir=PATH,node=N[,rtt_us=U]"` — the RDMA fallback over shared memory: queues
///   are files in PATH shared by the cluster's processes; U µs added per round trip.
///
/// The process becomes the node's owner (it may create queues; on the card, one owner process
/// per node). Writes the handle to `*out_node`. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_open(spec: *const c_char, out_node: *mut *mut renq_node) -> renq_status {
    guard(|| {
        let (spec, out_node) = (string(spec, "spec")?, out(out_node, "out")?);
        let node = match spec.strip_prefix("rdma-shm:") {
            Some(args) => Node::open(Backend::RdmaShm(rdma_shm(args)?))?,
            None => Node::new(device(spec)?)?,
        };
        give_node(node, out_node)
    })
}

/// Opens a send-only handle on a card (`spec`: `sim:PATH`, `uio`, `vfio`) for a further
/// process of a node whose owner process opened it with `renq_open`: the card (portals) needs
/// `n` tickets the owner granted (`renq_grant_portal`), each good for one sender; the paper card
/// needs none (`n` = 0, `tickets` may be NULL). Creating or closing queues is
/// `RENQ_E_NOT_OWNER`. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_open_send_only(
    spec: *const c_char,
    tickets: *const renq_ticket,
    n: usize,
    out_node: *mut *mut renq_node,
) -> renq_status {
    guard(|| {
        let (spec, out_node) = (string(spec, "spec")?, out(out_node, "out")?);
        let dev = device(spec)?;
        if n == 0 {
            return give_node(Node::attach(dev)?, out_node);
        }
        if tickets.is_null() {
            return Err(Fail::invalid("tickets is NULL with n > 0"));
        }
        // SAFETY: the caller passes n tickets at `tickets` (the header's contract).
        let tickets = unsafe { std::slice::from_raw_parts(tickets, n) };
        let grants = tickets.iter().map(|t| PortalGrant { index: t.index, node: t.node, queue: t.queue }).collect();
        give_node(Node::attach_granted(dev, grants)?, out_node)
    })
}

/// Frees the handle (its queues stay until their receivers close them or the process
/// exits). NULL is ignored. Not thread-safe against other calls on the same node; senders
/// and receivers made from it stay valid.
#[no_mangle]
pub extern "C" fn renq_node_close(node: *mut renq_node) -> renq_status {
    free_handle(node)
}

/// This node's id. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_node_id(node: *const renq_node, id: *mut u16) -> renq_status {
    guard(|| {
        *out(id, "id")? = deref(node, "node")?.node.id();
        Ok(RENQ_OK)
    })
}

/// The ids this node's transport can name. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_node_limits(node: *const renq_node, limits: *mut renq_limits) -> renq_status {
    guard(|| {
        let l = deref(node, "node")?.node.limits();
        *out(limits, "limits")? =
            renq_limits { nodes: l.nodes as u64, queues: l.queues as u64, local_queues: l.local_queues as u64 };
        Ok(RENQ_OK)
    })
}

/// Creates queue `queue` in this node's memory, first buffer of 2^`log2_words` words
/// (capacity 2^k − 4 before it is extended), and returns its one receiver. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_create_queue(
    node: *const renq_node,
    queue: u16,
    log2_words: u32,
    receiver: *mut *mut renq_receiver,
) -> renq_status {
    guard(|| {
        let (node, receiver) = (deref(node, "node")?, out(receiver, "out")?);
        *receiver = renq_receiver::give(node.node.create_queue(queue, log2_words)?);
        Ok(RENQ_OK)
    })
}

/// The receiver of an existing queue whose previous receiver was closed. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_receiver_open(
    node: *const renq_node,
    queue: u16,
    receiver: *mut *mut renq_receiver,
) -> renq_status {
    guard(|| {
        let (node, receiver) = (deref(node, "node")?, out(receiver, "out")?);
        *receiver = renq_receiver::give(node.node.receiver(queue)?);
        Ok(RENQ_OK)
    })
}

/// Closes (unexports) the queue: its senders are refused from now on; its receiver drains
/// what arrived, then gets `RENQ_E_CLOSED`. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_close_queue(node: *const renq_node, queue: u16) -> renq_status {
    guard(|| {
        deref(node, "node")?.node.close_queue(queue)?;
        Ok(RENQ_OK)
    })
}

/// The card, the owner process: programs a portal to (`dst`, `queue`) for a send-only
/// process of this node; `renq_grant_ticket` gives what to hand over. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_grant_portal(
    node: *const renq_node,
    dst: u16,
    queue: u16,
    grant: *mut *mut renq_grant,
) -> renq_status {
    guard(|| {
        let (node, grant) = (deref(node, "node")?, out(grant, "out")?);
        *grant = Box::into_raw(Box::new(renq_grant { grant: node.node.grant(dst, queue)? }));
        Ok(RENQ_OK)
    })
}

/// The ticket of a grant. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_grant_ticket(grant: *const renq_grant, ticket: *mut renq_ticket) -> renq_status {
    guard(|| {
        let t = deref(grant, "grant")?.grant.ticket();
        *out(ticket, "ticket")? = renq_ticket { index: t.index, node: t.node, queue: t.queue };
        Ok(RENQ_OK)
    })
}

/// Revokes the grant (the send-only process's later stores are dropped by the card and its
/// flush reports them) and frees it. NULL is ignored. Once per grant.
#[no_mangle]
pub extern "C" fn renq_grant_close(grant: *mut renq_grant) -> renq_status {
    free_handle(grant)
}

/// This node's counters now. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_node_metrics(node: *const renq_node, metrics: *mut renq_metrics) -> renq_status {
    guard(|| {
        let m = deref(node, "node")?.node.metrics();
        let rdma = m.rdma.unwrap_or_default();
        *out(metrics, "metrics")? = renq_metrics {
            card_sent: m.card.sent,
            card_tx_dropped: m.card.tx_dropped,
            card_enqueued: m.card.enqueued,
            card_rejected: m.card.rejected,
            card_overflows: m.card.overflows,
            bar2_stores: m.backend.map_or(0, |b| b.bar2_full_stores),
            rdma_faas: rdma.faas,
            rdma_writes: rdma.writes,
            rdma_reads: rdma.reads,
            rdma_round_trips: rdma.round_trips,
            rdma_skipped: m.rdma_skipped,
        };
        Ok(RENQ_OK)
    })
}

/// Used by `sender` to make a sender from a node.
pub(crate) fn node_of<'a>(node: *const renq_node) -> Result<&'a Node, Fail> {
    Ok(&deref(node, "node")?.node)
}
