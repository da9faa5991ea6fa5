//! Fuzz the frame decoder, the receiver and the sender with 10 M seeded random and mutated
//! frames of one to three packets: each decodes to Ok or a typed Err, the receiver delivers
//! every sequence number at most once and in order, nothing panics.

use renq_abi::frame::{crc32, crc_at, Body, Frame, COUNT_AT, CRC_BYTES, FRAME_MAX, FRAME_MIN, PACKETS_AT, TYPE_AT};
use renq_abi::packet::Packet;
use renq_sim::faults::Rng;
use renq_sim::reliable::{LinkReceiver, LinkSender, Macs};
use std::time::Instant;

const FRAMES: u64 = 10_000_000;
const MACS: Macs = Macs { local: [2, 0, 0, 0, 0, 2], peer: [2, 0, 0, 0, 0, 1] };

/// A valid DATA frame of the packets from global index `g` (seq = g mod 2^16, data = g), one
/// to three of them (by `g`).
fn data(g: u64) -> Vec<u8> {
    let packets = (g..g + 1 + g % 3).map(|g| Packet::enqueue(1, 2, ((g % 16) as u8) as u16, g)).collect();
    let body = Body::Data { seq: g as u16, packets };
    Frame::new(MACS.local, MACS.peer, 0, body).encode()
}

/// Copies `frame` into `buf`, returning its length.
fn put(buf: &mut [u8], frame: &[u8]) -> usize {
    buf[..frame.len()].copy_from_slice(frame);
    frame.len()
}

#[test]
fn ten_million_random_and_mutated_frames() {
    let start = Instant::now();
    let mut rng = Rng::new(0xf022);
    let mut rx = LinkReceiver::new(MACS);
    let mut tx = LinkSender::new(Macs { local: MACS.peer, peer: MACS.local });
    let (mut delivered, mut ok, mut err, mut prev) = (0u64, 0u64, 0u64, data(0));
    let (mut data_frames, mut data_packets) = (0u64, 0u64);
    let mut buf = [0u8; FRAME_MAX + 8];
    for i in 0..FRAMES {
        // Keep the sender's window busy so its ACK handling is fuzzed with something in flight.
        if tx.can_push() {
            let _ = tx.push(Packet::enqueue(1, 2, 0, i));
        }
        let _ = tx.poll(i);
        // A candidate near the receiver's position: in order, duplicate, gap or far out.
        let near = delivered.wrapping_add(rng.below(80)).wrapping_sub(40);
        let len = match rng.below(9) {
            0 => {
                // Random bytes of a random length.
                let n = rng.below(buf.len() as u64 + 1) as usize;
                buf[..n].iter_mut().for_each(|b| *b = rng.next_u64() as u8);
                n
            }
            1 => {
                // A valid frame, truncated.
                put(&mut buf, &data(near));
                rng.below(FRAME_MIN as u64) as usize
            }
            2 | 3 => {
                // A valid frame with 1..4 bit flips.
                let n = put(&mut buf, &data(near));
                for _ in 0..1 + rng.below(4) {
                    let bit = rng.below(n as u64 * 8) as usize;
                    buf[bit / 8] ^= 1 << (bit % 8);
                }
                n
            }
            // The previous valid frame again (a flood of duplicates).
            4 => put(&mut buf, &prev),
            // Far outside the window.
            5 => put(&mut buf, &data(delivered + 1000 + rng.below(60_000))),
            6 => {
                // An ACK/NAK with a random cumulative ack, to the sender.
                let body = if rng.below(2) == 0 { Body::Ack } else { Body::Nak };
                let ack = rng.next_u64() as u16;
                let (src_mac, dst_mac) = (MACS.local, MACS.peer);
                put(&mut buf, &Frame::new(dst_mac, src_mac, ack, body).encode())
            }
            7 => {
                // A random type, count or packet-header byte behind a valid CRC: the checks
                // after the CRC must hold too. (seq and data stay: a resealed frame is a
                // forgery the link cannot tell from a real one.)
                let n = put(&mut buf, &data(near));
                let at = match rng.below(10) {
                    0 => TYPE_AT,
                    1 => COUNT_AT,
                    k => PACKETS_AT + k as usize - 2,
                };
                buf[at] = rng.next_u64() as u8;
                let crc = crc_at(buf[COUNT_AT] as usize);
                if crc + CRC_BYTES <= n {
                    let c = crc32(&buf[..crc]);
                    buf[crc..crc + CRC_BYTES].copy_from_slice(&c.to_le_bytes());
                }
                n
            }
            _ => {
                prev = data(near);
                put(&mut buf, &prev)
            }
        };
        let bytes = &buf[..len];
        match Frame::decode(bytes) {
            Ok(f) => {
                ok += 1;
                data_frames += matches!(f.body, Body::Data { .. }) as u64;
                data_packets += f.body.count() as u64;
            }
            Err(_) => err += 1,
        }
        for p in rx.on_bytes(bytes).deliver {
            assert_eq!(p.data, delivered, "delivered twice or out of order");
            delivered += 1;
        }
        tx.on_bytes(bytes, i);
    }
    let s = rx.stats;
    // Packets of DATA frames are counted one by one, every other frame once.
    let packets = s.delivered + s.duplicates + s.gaps + s.out_of_window;
    assert_eq!(packets, data_packets, "every packet the receiver saw is delivered or counted");
    let counted = data_frames + s.unexpected + s.bad.total();
    println!(
        "{FRAMES} frames in {:.2?}: {ok} decoded, {err} typed errors, {delivered} delivered; {s:?}; sender {:?}",
        start.elapsed(),
        tx.stats
    );
    assert_eq!(ok + err, FRAMES);
    assert_eq!(counted, FRAMES, "every frame the receiver saw is delivered or counted");
    assert_eq!(s.delivered, delivered);
    assert!(delivered > 0 && s.duplicates > 0 && s.gaps > 0 && s.out_of_window > 0);
    let b = s.bad;
    assert!(b.truncated > 0 && b.bad_length > 0 && b.ether_type > 0 && b.crc > 0);
    assert!(b.bad_type > 0 && b.bad_packet > 0);
    assert!(tx.stats.ack_out_of_window > 0 && tx.stats.naks > 0);
}
