//! The card's sender side in the model (spec §7c): a portal's slot, the outcomes that come back
//! for it, and what a destination's restart does to it.

use super::Model;
use renq_abi::packet::{Outcome, Packet};
use renq_abi::portal::{self, Status, REFUSED_MASK};

/// One portal (spec §7c): where its page's stores go, and what became of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct PortalSlot {
    pub(super) entry: portal::Entry,
    pub(super) epoch: u8,
    pub(super) refusing: bool,
    pub(super) rejected: bool,
    pub(super) accepted: u64,
    pub(super) in_flight: u64,
    pub(super) refused: u64,
    /// A WAITING refusal came back: RETRY leaves the portal refusing until the destination's
    /// RESUMED (spec §7c, "Stalls whose end is learned"). Not in the status word.
    pub(super) held: bool,
}

impl PortalSlot {
    pub(super) fn status(&self) -> u64 {
        let mut s = Status(0);
        s.set_accepted(self.accepted & portal::ACCEPTED_MASK);
        s.set_in_flight(self.in_flight);
        s.set_refused(self.refused & REFUSED_MASK);
        s.set_rejected(self.rejected);
        s.set_refusing(self.refusing);
        s.0
    }

    pub(super) fn refuse(&mut self) {
        self.refused += 1;
        self.refusing = true;
    }
}

impl Model {
    /// An OUTCOME for one of this card's portals (spec §7c).
    pub(super) fn outcome(&mut self, pkt: &Packet) {
        let Some(o) = Outcome::decode(pkt.data) else {
            return; // nothing a card sends: ignored
        };
        if pkt.dst as u64 != self.node_id {
            return;
        }
        let n = self.portals.len();
        let p = &mut self.portals[pkt.portal as usize % n];
        match o {
            Outcome::Accepted { count } => {
                let n = (count as u64).min(p.in_flight);
                p.accepted += n;
                p.in_flight -= n;
            }
            Outcome::Refused if p.in_flight > 0 => {
                p.in_flight -= 1;
                p.refuse();
                p.epoch = pkt.epoch;
            }
            Outcome::Rejected if p.in_flight > 0 => {
                p.in_flight -= 1;
                p.rejected = true;
            }
            Outcome::Waiting if p.in_flight > 0 => {
                p.in_flight -= 1;
                p.refuse();
                p.epoch = pkt.epoch;
                p.held = true;
            }
            // The stall this portal waits for is over: RETRY releases it, with the new epoch.
            Outcome::Resumed if p.held && p.entry.node() == pkt.src as u64 && p.entry.queue() == pkt.queue as u64 => {
                p.held = false;
                p.epoch = pkt.epoch;
            }
            // An outcome for a portal reprogrammed while its packets were out: ignored.
            _ => {}
        }
    }

    /// Its outcomes, a stall's RESUMED included, died with the old incarnation: the portals
    /// aimed at `node` that wait for any are told their packets in flight were rejected (the
    /// library reports them lost) and refuse further stores, so none reaches the new incarnation
    /// behind items the library counts lost (their outcomes would be taken for the lost ones');
    /// the library moves on through a new portal. `node`'s portals' places on this card's
    /// waiter lists go.
    pub(super) fn forget_node(&mut self, node: u16) {
        for p in self.portals.iter_mut().filter(|p| p.entry.valid() && p.entry.node() == node as u64) {
            if p.in_flight > 0 || p.held {
                (p.rejected, p.refusing) = (true, true);
            }
            (p.in_flight, p.held) = (0, false);
        }
        self.waiters.retain(|&(_, n, _)| n != node);
    }
}
