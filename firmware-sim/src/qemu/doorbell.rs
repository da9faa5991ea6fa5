//! An ivshmem server for one `ivshmem-doorbell` device: the path by which the card's interrupt
//! line reaches a TCG guest (the proxy's INTx is wired through KVM irqfds only).
//!
//! Protocol (QEMU's ivshmem server protocol, version 0): every message is one little-endian
//! i64, optionally with a descriptor. The server sends, in order: the protocol version (0, no
//! fd); the peer id of this guest (no fd); -1 with the shared-memory fd (ends QEMU's synchronous
//! setup); then `(peer id, eventfd)` once per interrupt vector of a peer. Eventfds sent under the
//! guest's *own* id are the ones QEMU watches: writing to vector 0's eventfd raises MSI-X vector 0
//! of the device in the guest (the guest must enable MSI-X and bus mastering, e.g. via vfio-pci).

use std::io::{self, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use renq_os::{memfd, EventFd};

use crate::wire::send_with_fd;

/// Version the device expects (`IVSHMEM_PROTOCOL_VERSION`).
pub const PROTOCOL_VERSION: i64 = 0;
/// Size of the (unused) shared memory BAR; a power of two, as BARs must be.
pub const SHARED_MEMORY_BYTES: u64 = 4096;
/// Peer id given to the guest. Any id works; the guest's own eventfds are sent under it.
pub const GUEST_PEER_ID: i64 = 0;

/// One connected doorbell: ring it to interrupt the guest.
pub struct Doorbell {
    vector0: EventFd,
    rings: AtomicU64,
    // Held so QEMU's end stays valid for the life of the device.
    _conn: UnixStream,
    _shared: OwnedFd,
}

/// Binds the server socket QEMU's `-chardev socket,path=...` connects to (a stale file is removed).
pub fn listen(path: &Path) -> io::Result<UnixListener> {
    let _ = std::fs::remove_file(path);
    UnixListener::bind(path)
}

impl Doorbell {
    /// Accepts QEMU's connection and runs the setup exchange (see the module doc).
    pub fn accept(listener: &UnixListener) -> io::Result<Doorbell> {
        let (conn, _) = listener.accept()?;
        Doorbell::setup(conn)
    }

    /// The setup exchange on an accepted connection.
    pub fn setup(conn: UnixStream) -> io::Result<Doorbell> {
        let shared = memfd("renq-ivshmem", SHARED_MEMORY_BYTES, false)?;
        let vector0 = EventFd::new()?;
        (&conn).write_all(&PROTOCOL_VERSION.to_le_bytes())?;
        (&conn).write_all(&GUEST_PEER_ID.to_le_bytes())?;
        send_with_fd(&conn, &(-1i64).to_le_bytes(), shared.as_fd())?;
        send_with_fd(&conn, &GUEST_PEER_ID.to_le_bytes(), vector0.as_fd())?;
        Ok(Doorbell { vector0, rings: AtomicU64::new(0), _conn: conn, _shared: shared })
    }

    /// Raises MSI-X vector 0 in the guest (QEMU drops it while the guest has MSI-X off).
    pub fn ring(&self) -> io::Result<()> {
        self.vector0.signal()?;
        self.rings.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Times [`Doorbell::ring`] succeeded.
    pub fn rings(&self) -> u64 {
        self.rings.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::recv_with_fd;

    #[test]
    fn setup_sends_version_id_memory_and_vector() {
        let (qemu, server) = UnixStream::pair().unwrap();
        let bell = Doorbell::setup(server).unwrap();
        let mut expect = vec![(PROTOCOL_VERSION, false), (GUEST_PEER_ID, false), (-1, true), (GUEST_PEER_ID, true)];
        let mut vector = None;
        for (value, with_fd) in expect.drain(..) {
            let mut buf = [0u8; 8];
            let fd = recv_with_fd(&qemu, &mut buf).unwrap();
            assert_eq!((i64::from_le_bytes(buf), fd.is_some()), (value, with_fd));
            vector = fd;
        }
        bell.ring().unwrap();
        assert_eq!(EventFd::from_fd(vector.unwrap()).take().unwrap(), 1);
    }
}
