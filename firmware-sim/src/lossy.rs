//! In-process links that lose frames: each (source, destination) pair carries its packets as
//! §7a frames through a go-back-N sender/receiver over two seeded faulty channels (spec §7b).
//!
//! The link runs on virtual ticks and is driven by the sending thread: `send` pushes the packet
//! and steps the link until nothing is in flight, so every packet has reached the destination
//! inbox (in order, once) when `send` returns. Only the fault path pays for this.

use std::sync::{Mutex, OnceLock, PoisonError};

use renq_abi::packet::Packet;

use crate::faults::{Channel, ChannelStats, Faults};
use crate::link::Inbox;
use crate::reliable::{LinkReceiver, LinkReceiverStats, LinkSender, LinkSenderStats, Macs};

/// Virtual ticks a frame takes on a channel.
pub const LATENCY_TICKS: u64 = 5;
/// A link that delivers nothing for this many ticks is given up on (fault rate ≈ 1).
pub const GIVE_UP_TICKS: u64 = 50_000_000;

struct Pair {
    tx: LinkSender,
    rx: LinkReceiver,
    data: Channel,
    ctl: Channel,
    now: u64,
    /// Packets given up on (link dead): counted, never silent.
    abandoned: u64,
}

/// Every (source, destination) link of a cluster of `nodes` cards. A pair's state (window,
/// replay buffer, channels) is made when its first packet is sent: a cluster of a thousand
/// cards has a million pairs, of which a workload uses a few.
pub struct LossyLinks {
    nodes: usize,
    faults: Faults,
    seed: u64,
    pairs: Vec<OnceLock<Mutex<Pair>>>,
}

/// Totals over every link.
#[derive(Clone, Copy, Debug, Default)]
pub struct LossyStats {
    pub sender: LinkSenderStats,
    pub receiver: LinkReceiverStats,
    /// Both directions' fault channels.
    pub channel: ChannelStats,
    pub abandoned: u64,
}

fn mac(node: usize) -> [u8; 6] {
    renq_abi::frame::node_mac(node as u16)
}

impl LossyLinks {
    pub fn new(nodes: usize, faults: Faults, seed: u64) -> LossyLinks {
        LossyLinks { nodes, faults, seed, pairs: (0..nodes * nodes).map(|_| OnceLock::new()).collect() }
    }

    /// The link from card `from` to card `to`, made on first use (its seed depends only on
    /// the pair, so a run is the same whichever pair is used first).
    fn pair(&self, from: usize, to: usize) -> &Mutex<Pair> {
        let i = from * self.nodes + to;
        self.pairs[i].get_or_init(|| {
            let s = self.seed ^ (i as u64).wrapping_mul(0x9E37_79B9);
            Mutex::new(Pair {
                tx: LinkSender::new(Macs { local: mac(from), peer: mac(to) }),
                rx: LinkReceiver::new(Macs { local: mac(to), peer: mac(from) }),
                data: Channel::new(self.faults, LATENCY_TICKS, s),
                ctl: Channel::new(self.faults, LATENCY_TICKS, !s),
                now: 0,
                abandoned: 0,
            })
        })
    }

    /// Carries `pkt` from node `from` into `inbox` (node `to`'s). Returns false if the inbox
    /// shut down or the link was given up on (counted in `abandoned`).
    pub fn send(&self, from: usize, to: usize, inbox: &Inbox, pkt: Packet) -> bool {
        let mut p = self.pair(from, to).lock().unwrap_or_else(PoisonError::into_inner);
        let p = &mut *p;
        if p.tx.push(pkt).is_err() {
            // Cannot happen: the window is drained before every return.
            p.abandoned += 1;
            return false;
        }
        let start = p.now;
        while p.tx.in_flight() > 0 {
            if p.now - start > GIVE_UP_TICKS {
                p.abandoned += p.tx.in_flight() as u64;
                return false;
            }
            if let Some(f) = p.tx.poll(p.now) {
                p.data.send(p.now, f);
            }
            while let Some(f) = p.data.recv(p.now) {
                let out = p.rx.on_bytes(&f);
                for d in out.deliver {
                    if !inbox.push(from, d) {
                        return false;
                    }
                }
                if let Some(r) = out.reply {
                    p.ctl.send(p.now, r);
                }
            }
            while let Some(f) = p.ctl.recv(p.now) {
                p.tx.on_bytes(&f, p.now);
            }
            p.now += 1;
        }
        true
    }

    pub fn stats(&self) -> LossyStats {
        let mut t = LossyStats::default();
        for p in self.pairs.iter().filter_map(OnceLock::get) {
            let p = p.lock().unwrap_or_else(PoisonError::into_inner);
            t.sender.add(&p.tx.stats);
            t.receiver.add(&p.rx.stats);
            t.channel.add(&p.data.stats);
            t.channel.add(&p.ctl.stats);
            t.abandoned += p.abandoned;
        }
        t
    }
}
