//! The card's send-only processes (spec §9b): the owner grants portals (`Node::grant`), the
//! send-only handle (`Node::attach_granted`) sends on exactly those. In one test process the
//! "other process" is a second handle on the same simulated card that is given only the
//! grants' tickets (three numbers each), as another process would be.

use renq::{Error, Node, PortalGrant};
use renq_driver::DriverError;
use renq_sim::{CardKind, Cluster, ClusterConfig, EngineKind};
use std::time::Duration;

fn cluster(card: CardKind) -> Cluster {
    Cluster::new(ClusterConfig { nodes: 2, engine: EngineKind::Model, card, memory_bytes: 16 << 20 })
}

/// Two senders of a send-only handle and one of the owner into one queue on node 1 that
/// overflows all along (refusals, retries): every item exactly once, FIFO per sender.
#[test]
fn send_only_handle_sends_on_granted_portals() {
    let c = cluster(CardKind::Renq);
    let (owner, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(300, 4).unwrap(); // 12 items a buffer
    let grants = [owner.grant(1, 300).unwrap(), owner.grant(1, 300).unwrap()];
    let tickets: Vec<PortalGrant> = grants.iter().map(|g| g.ticket()).collect();
    assert_ne!(tickets[0].index, tickets[1].index, "one portal per grant");
    assert_eq!((tickets[0].node, tickets[0].queue), (1, 300));

    let send_only = Node::attach_granted(c.card(0), tickets).unwrap();
    assert_eq!(send_only.id(), 0);
    let senders = [send_only.sender(1, 300).unwrap(), send_only.sender(1, 300).unwrap(), owner.sender(1, 300).unwrap()];
    assert_eq!(send_only.sender(1, 300).err(), Some(Error::NotGranted { node: 1, queue: 300 }), "each grant once");
    assert_eq!(send_only.sender(1, 5).err(), Some(Error::NotGranted { node: 1, queue: 5 }));
    assert_eq!(send_only.sender(1, 4096).err(), Some(Error::UnknownQueue(4096)));
    assert_eq!(send_only.create_queue(2, 4).err(), Some(Error::NotOwner));
    assert_eq!(send_only.receiver(300).err(), Some(Error::NotOwner));
    assert_eq!(send_only.close_queue(300).err(), Some(Error::NotOwner));

    const N: u64 = 3000;
    let mut next = [0u64; 3];
    std::thread::scope(|s| {
        for (id, tx) in senders.iter().enumerate() {
            s.spawn(move || {
                for i in 0..N {
                    tx.enqueue((id as u64) << 32 | i).unwrap();
                }
                tx.flush().unwrap();
                assert_eq!(tx.status().unwrap().accepted, N, "sender {id}");
            });
        }
        let mut got = 0;
        while got < 3 * N {
            let v = rx.dequeue_timeout(Duration::from_secs(10)).unwrap().expect("an item within 10 s");
            let (id, seq) = ((v >> 32) as usize, v & 0xffff_ffff);
            assert_eq!(seq, next[id], "sender {id}: out of order or duplicated");
            next[id] += 1;
            got += 1;
        }
    });
    assert_eq!(next, [N; 3]);
    assert_eq!(rx.try_dequeue().unwrap(), None);
    let retries: u64 = senders.iter().map(|s| s.retries().0).sum();
    let s = rx.stats();
    eprintln!("3 x {N} items, {} switches, {} extensions, {retries} retry rounds", s.switches, s.extends);
}

/// Dropping the owner's `Grant` revokes the portal (invalid, status zeroed): the send-only
/// sender's later stores are dropped by its card, and its flush reports an error (no hang);
/// nothing more arrives.
#[test]
fn a_revoked_grant_stops_the_send_only_sender() {
    let c = cluster(CardKind::Renq);
    let (owner, b) = (Node::new(c.card(0)).unwrap(), Node::new(c.card(1)).unwrap());
    let rx = b.create_queue(7, 6).unwrap();
    let grant = owner.grant(1, 7).unwrap();
    let send_only = Node::attach_granted(c.card(0), vec![grant.ticket()]).unwrap();
    let tx = send_only.sender(1, 7).unwrap();
    for i in 0..5 {
        tx.enqueue(i).unwrap();
    }
    tx.flush().unwrap();
    drop(grant);
    tx.enqueue(99).unwrap();
    let e = tx.flush();
    // Revoking zeroed the portal's status: the sender sees its count reset ("reprogrammed").
    assert!(matches!(&e, Err(Error::Transport(m)) if m.contains("reprogrammed") || m.contains("dropped")), "{e:?}");
    let mut out = [0u64; 8];
    assert_eq!(rx.dequeue_batch_timeout(&mut out, Duration::from_secs(10)).unwrap(), 5);
    assert_eq!(out[..5], [0, 1, 2, 3, 4]);
    assert_eq!(rx.dequeue_timeout(Duration::from_millis(50)).unwrap(), None);
}

#[test]
fn grants_are_the_cards_only_and_within_its_ids() {
    let c = cluster(CardKind::Renq);
    let owner = Node::new(c.card(0)).unwrap();
    assert_eq!(owner.grant(1024, 0).err(), Some(Error::UnknownNode(1024)));
    assert_eq!(owner.grant(1, 4096).err(), Some(Error::UnknownQueue(4096)));
    assert!(matches!(Node::attach(c.card(0)), Err(Error::Transport(m)) if m.contains("attach_granted")));
    let paper = cluster(CardKind::Paper);
    let p = Node::new(paper.card(0)).unwrap();
    assert!(matches!(p.grant(1, 3), Err(Error::Device(DriverError::NoPortals))), "the paper card grants no portals");
    assert!(matches!(Node::attach_granted(paper.card(0), vec![]), Err(Error::Transport(_))));
}
