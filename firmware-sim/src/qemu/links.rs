//! This card's incoming links from the other cards, in the `renq-sim` socket protocol
//! ([`crate::peer`] routes the outgoing ones): incoming connections feed the card's [`Inbox`]. So a guest's card links
//! with `renq-sim` processes and with other `renq-qemu-dev` processes alike, in order per
//! (source, destination), with the sockets' back-pressure.

use std::io;
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::Arc;
use std::time::Duration;

use crate::link::{Inbox, LinkMap};
use crate::peer::read_link;
use crate::wire::{read_words, HELLO_LINK};

/// How long the first packet to a peer waits for the peer's socket to appear (the other guest
/// may still be booting).
pub const PEER_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);

/// Accepts peers' links on `listener` forever, one thread per link, packets into `inbox`.
/// `map` names the link of each node that may connect.
pub fn serve_incoming(listener: UnixListener, inbox: Arc<Inbox>, map: Arc<LinkMap>, node: u16) {
    for conn in listener.incoming() {
        let Ok(conn) = conn else { continue };
        let (inbox, map) = (inbox.clone(), map.clone());
        std::thread::spawn(move || {
            if let Err(e) = serve_link(conn, &inbox, &map) {
                if e.kind() != io::ErrorKind::UnexpectedEof {
                    eprintln!("renq-qemu-dev node {node}: incoming link ended: {e}");
                }
            }
        });
    }
}

fn serve_link(mut conn: UnixStream, inbox: &Inbox, map: &LinkMap) -> io::Result<()> {
    let [kind, src] = read_words::<2>(&mut conn)?;
    let link = u16::try_from(src).ok().and_then(|s| map.link_of(s).map(|l| (s, l)));
    let (Some((src, link)), HELLO_LINK) = (link, kind) else {
        // Only links are served here; the node's driver is the guest, not a socket client.
        return Err(io::Error::new(io::ErrorKind::InvalidData, format!("not a link hello: {kind:#x} {src}")));
    };
    read_link(conn, src, link, inbox)
}
