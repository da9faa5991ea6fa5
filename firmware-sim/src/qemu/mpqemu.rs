//! QEMU's multi-process ("mpqemu") messages between `x-pci-proxy-dev` and a device process.
//!
//! Every message is a 16-byte header — `cmd` (i32), 4 bytes of padding, `size` (u64, the bytes of
//! payload that follow) — then the payload. Descriptors ride on the header (SCM_RIGHTS). Host
//! byte order (x86-64 only). The proxy waits for a `RET` (payload: one u64) after config reads and
//! writes, BAR reads and writes and device reset; SYNC_SYSMEM and SET_IRQFD get no answer.

use std::io::{self, Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::net::UnixStream;

use renq_os::recv_exact_with_fds;
/// Descriptors one message may carry (QEMU's `REMOTE_MAX_FDS`).
pub use renq_os::MAX_FDS;

/// Command codes (QEMU's `MPQemuCmd`, in declaration order).
pub const CMD_SYNC_SYSMEM: i32 = 0;
pub const CMD_RET: i32 = 1;
pub const CMD_PCI_CFGWRITE: i32 = 2;
pub const CMD_PCI_CFGREAD: i32 = 3;
pub const CMD_BAR_WRITE: i32 = 4;
pub const CMD_BAR_READ: i32 = 5;
pub const CMD_SET_IRQFD: i32 = 6;
pub const CMD_DEVICE_RESET: i32 = 7;

const HEADER_BYTES: usize = 16;
/// Largest payload: the SYNC_SYSMEM table (8 gpas, 8 sizes, 8 offsets).
const MAX_PAYLOAD: usize = 3 * 8 * MAX_FDS;

/// One guest-RAM section: `size` bytes at guest-physical `gpa` are bytes `offset..` of `fd`.
#[derive(Debug)]
pub struct SysmemRegion {
    pub gpa: u64,
    pub size: u64,
    pub offset: u64,
    pub fd: OwnedFd,
}

/// A decoded message from the proxy.
#[derive(Debug)]
pub enum Message {
    SyncSysmem(Vec<SysmemRegion>),
    ConfigWrite {
        addr: u32,
        val: u32,
        len: u32,
    },
    ConfigRead {
        addr: u32,
        len: u32,
    },
    /// `addr` is the absolute (bus) address of the access, not a BAR offset.
    BarWrite {
        addr: u64,
        val: u64,
        size: u32,
        memory: bool,
    },
    BarRead {
        addr: u64,
        size: u32,
        memory: bool,
    },
    /// The INTx eventfd and its resample eventfd (useless under TCG, kept open).
    SetIrqFd(Vec<OwnedFd>),
    DeviceReset,
}

impl Message {
    /// Whether the proxy blocks until it gets a `RET` for this message.
    pub fn wants_reply(&self) -> bool {
        !matches!(self, Message::SyncSysmem(_) | Message::SetIrqFd(_))
    }
}

fn u32_at(b: &[u8], off: usize) -> u32 {
    u32::from_ne_bytes(b[off..off + 4].try_into().unwrap())
}

fn u64_at(b: &[u8], off: usize) -> u64 {
    u64::from_ne_bytes(b[off..off + 8].try_into().unwrap())
}

fn invalid(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg)
}

/// Receives and decodes one message.
pub fn recv(sock: &UnixStream) -> io::Result<Message> {
    let mut header = [0u8; HEADER_BYTES];
    let mut fds = Vec::new();
    recv_exact_with_fds(sock, &mut header, &mut fds)?;
    let cmd = i32::from_ne_bytes(header[0..4].try_into().unwrap());
    let size = u64_at(&header, 8) as usize;
    if size > MAX_PAYLOAD {
        return Err(invalid(format!("mpqemu message {cmd} with payload of {size} bytes")));
    }
    let mut data = vec![0u8; size];
    let mut r = sock;
    r.read_exact(&mut data)?;
    let need =
        |n: usize| if size >= n { Ok(()) } else { Err(invalid(format!("mpqemu message {cmd}: payload {size} < {n}"))) };
    Ok(match cmd {
        CMD_SYNC_SYSMEM => {
            need(MAX_PAYLOAD)?;
            let regions = fds
                .into_iter()
                .enumerate()
                .map(|(i, fd)| SysmemRegion {
                    gpa: u64_at(&data, 8 * i),
                    size: u64_at(&data, 64 + 8 * i),
                    offset: u64_at(&data, 128 + 8 * i),
                    fd,
                })
                .collect();
            Message::SyncSysmem(regions)
        }
        CMD_PCI_CFGWRITE | CMD_PCI_CFGREAD => {
            need(12)?;
            let (addr, val, len) = (u32_at(&data, 0), u32_at(&data, 4), u32_at(&data, 8));
            if cmd == CMD_PCI_CFGWRITE {
                Message::ConfigWrite { addr, val, len }
            } else {
                Message::ConfigRead { addr, len }
            }
        }
        CMD_BAR_WRITE | CMD_BAR_READ => {
            need(21)?;
            let (addr, val, size, memory) = (u64_at(&data, 0), u64_at(&data, 8), u32_at(&data, 16), data[20] != 0);
            if cmd == CMD_BAR_WRITE {
                Message::BarWrite { addr, val, size, memory }
            } else {
                Message::BarRead { addr, size, memory }
            }
        }
        CMD_SET_IRQFD => Message::SetIrqFd(fds),
        CMD_DEVICE_RESET => Message::DeviceReset,
        other => return Err(invalid(format!("unknown mpqemu command {other}"))),
    })
}

/// Sends the `RET` answer the proxy waits for.
pub fn reply(sock: &UnixStream, value: u64) -> io::Result<()> {
    let mut buf = [0u8; HEADER_BYTES + 8];
    buf[0..4].copy_from_slice(&CMD_RET.to_ne_bytes());
    buf[8..16].copy_from_slice(&8u64.to_ne_bytes());
    buf[16..24].copy_from_slice(&value.to_ne_bytes());
    let mut w = sock;
    w.write_all(&buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send_raw(sock: &UnixStream, cmd: i32, payload: &[u8]) {
        let mut buf = Vec::new();
        buf.extend_from_slice(&cmd.to_ne_bytes());
        buf.extend_from_slice(&[0; 4]);
        buf.extend_from_slice(&(payload.len() as u64).to_ne_bytes());
        buf.extend_from_slice(payload);
        let mut w = sock;
        w.write_all(&buf).unwrap();
    }

    #[test]
    fn decodes_bar_and_config_messages_and_replies() {
        let (a, b) = UnixStream::pair().unwrap();
        let mut bar = Vec::new();
        bar.extend_from_slice(&0xfe00_0008u64.to_ne_bytes());
        bar.extend_from_slice(&0x1234u64.to_ne_bytes());
        bar.extend_from_slice(&8u32.to_ne_bytes());
        bar.extend_from_slice(&[1, 0, 0, 0]);
        send_raw(&a, CMD_BAR_WRITE, &bar);
        let mut cfg = Vec::new();
        for w in [0x10u32, 0xffff_ffff, 4] {
            cfg.extend_from_slice(&w.to_ne_bytes());
        }
        send_raw(&a, CMD_PCI_CFGWRITE, &cfg);
        match recv(&b).unwrap() {
            Message::BarWrite { addr, val, size, memory } => {
                assert_eq!((addr, val, size, memory), (0xfe00_0008, 0x1234, 8, true))
            }
            m => panic!("{m:?}"),
        }
        match recv(&b).unwrap() {
            Message::ConfigWrite { addr, val, len } => assert_eq!((addr, val, len), (0x10, 0xffff_ffff, 4)),
            m => panic!("{m:?}"),
        }
        reply(&b, 0xdead_beef).unwrap();
        let mut back = [0u8; 24];
        (&a).read_exact(&mut back).unwrap();
        assert_eq!(i32::from_ne_bytes(back[0..4].try_into().unwrap()), CMD_RET);
        assert_eq!(u64_at(&back, 16), 0xdead_beef);
        drop(a);
        assert_eq!(recv(&b).unwrap_err().kind(), io::ErrorKind::UnexpectedEof);
    }
}
