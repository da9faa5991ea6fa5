//! A card whose links are UDP (see `super`): `renq node` and `renq link-goodput` run
//! one per node.

use std::io;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{UdpConfig, UdpLinks};
use crate::card_core::{CardCore, Router};
use crate::engine::{new_card, CardKind, EngineKind};
use crate::memory::HostMemory;
use crate::sim_card::SimCard;

/// One card whose links are UDP: the card core, its memory, the worker and the I/O thread.
/// Dropping it stops both threads.
pub struct UdpNode {
    core: Arc<CardCore>,
    links: Arc<UdpLinks>,
    card: Arc<SimCard>,
    threads: Vec<JoinHandle<()>>,
}

impl UdpNode {
    /// Creates the card and binds the socket. The card runs at once; frames are received only
    /// after [`UdpNode::start`] (so a node can export its queues first: a packet for a queue
    /// not yet exported would be rejected by the card).
    pub fn bind(cfg: &UdpConfig, card: CardKind, engine: EngineKind, memory_bytes: usize) -> io::Result<UdpNode> {
        let links = Arc::new(UdpLinks::bind(cfg, card)?);
        let inbox = links.inbox();
        let engine = new_card(card, engine).map_err(io::Error::other)?;
        let memory = Arc::new(HostMemory::create(memory_bytes)?);
        let router: Arc<dyn Router> = links.clone();
        let core = Arc::new(CardCore::new(cfg.node, engine, memory, inbox, router));
        let worker = core.clone();
        let threads = vec![std::thread::Builder::new()
            .name(format!("renq-card{}", cfg.node))
            .spawn(move || worker.run_worker())?];
        let card = Arc::new(SimCard::local(core.clone())?);
        Ok(UdpNode { core, links, card, threads })
    }

    /// Starts receiving and running the link timers.
    pub fn start(&mut self) -> io::Result<()> {
        let links = self.links.clone();
        let io =
            std::thread::Builder::new().name(format!("renq-udp{}", self.core.node())).spawn(move || links.serve())?;
        self.threads.push(io);
        Ok(())
    }

    /// The driver's handle on the card.
    pub fn card(&self) -> Arc<SimCard> {
        self.card.clone()
    }

    pub fn links(&self) -> &UdpLinks {
        &self.links
    }

    /// The links, for a thread that outlives a borrow of the node.
    pub fn shared_links(&self) -> Arc<UdpLinks> {
        self.links.clone()
    }

    /// Waits until every packet sent has been acknowledged; false if `timeout` passed first.
    pub fn flush(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.links.in_flight() > 0 {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    /// Keeps answering peers (re-ACKs of resent frames) until none has sent anything for
    /// `quiet`, or `limit` passed.
    pub fn linger(&self, quiet: Duration, limit: Duration) {
        let deadline = Instant::now() + limit;
        while self.links.quiet_for() < quiet && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for UdpNode {
    fn drop(&mut self) {
        self.links.stop();
        self.core.inbox().shutdown();
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}
