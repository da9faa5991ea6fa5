//! Fuzz the frame decoder, the receiver and the sender with 10 M seeded random and mutated
//! frames: each decodes to Ok or a typed Err, the receiver delivers every sequence number at
//! most once and in order, nothing panics.

use renq_abi::frame::{crc32, Body, Frame, CRC_AT, FRAME_BYTES, FRAME_MIN, PACKET_AT, TYPE_AT};
use renq_abi::packet::Packet;
use renq_sim::faults::Rng;
use renq_sim::reliable::{GbnReceiver, GbnSender, Macs};
use std::time::Instant;

const FRAMES: u64 = 10_000_000;
const MACS: Macs = Macs { local: [2, 0, 0, 0, 0, 2], peer: [2, 0, 0, 0, 0, 1] };

/// A valid DATA frame for global index `g` (seq = g mod 2^16, data = g).
fn data(g: u64) -> [u8; FRAME_BYTES] {
    let packet = Packet::enqueue(1, 2, ((g % 16) as u8) as u16, g);
    Frame { dst_mac: MACS.local, src_mac: MACS.peer, ack: 0, body: Body::Data { seq: g as u16, packet } }.encode()
}

#[test]
fn ten_million_random_and_mutated_frames() {
    let start = Instant::now();
    let mut rng = Rng::new(0xf022);
    let mut rx = GbnReceiver::new(MACS);
    let mut tx = GbnSender::new(Macs { local: MACS.peer, peer: MACS.local });
    let (mut delivered, mut ok, mut err, mut prev) = (0u64, 0u64, 0u64, data(0));
    let mut buf = [0u8; FRAME_BYTES + 8];
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
                buf[..FRAME_BYTES].copy_from_slice(&data(near));
                rng.below(FRAME_MIN as u64) as usize
            }
            2 | 3 => {
                // A valid frame with 1..4 bit flips.
                buf[..FRAME_BYTES].copy_from_slice(&data(near));
                for _ in 0..1 + rng.below(4) {
                    let bit = rng.below(FRAME_BYTES as u64 * 8) as usize;
                    buf[bit / 8] ^= 1 << (bit % 8);
                }
                FRAME_BYTES
            }
            4 => {
                // The previous valid frame again (a flood of duplicates).
                buf[..FRAME_BYTES].copy_from_slice(&prev);
                FRAME_BYTES
            }
            5 => {
                // Far outside the window.
                buf[..FRAME_BYTES].copy_from_slice(&data(delivered + 1000 + rng.below(60_000)));
                FRAME_BYTES
            }
            6 => {
                // An ACK/NAK with a random cumulative ack, to the sender.
                let body = if rng.below(2) == 0 { Body::Ack } else { Body::Nak };
                let f = Frame { dst_mac: MACS.peer, src_mac: MACS.local, ack: rng.next_u64() as u16, body };
                buf[..FRAME_BYTES].copy_from_slice(&f.encode());
                FRAME_BYTES
            }
            7 => {
                // A random type or packet-header byte behind a valid CRC: the checks after the
                // CRC must hold too. (seq and data stay: a resealed frame is a forgery the link
                // cannot tell from a real one.)
                buf[..FRAME_BYTES].copy_from_slice(&data(near));
                let at = match rng.below(9) {
                    0 => TYPE_AT,
                    k => PACKET_AT + k as usize - 1,
                };
                buf[at] = rng.next_u64() as u8;
                let c = crc32(&buf[..CRC_AT]);
                buf[CRC_AT..FRAME_MIN].copy_from_slice(&c.to_le_bytes());
                FRAME_BYTES
            }
            _ => {
                prev = data(near);
                buf[..FRAME_BYTES].copy_from_slice(&prev);
                FRAME_BYTES
            }
        };
        let bytes = &buf[..len];
        match Frame::decode(bytes) {
            Ok(_) => ok += 1,
            Err(_) => err += 1,
        }
        if let Some(p) = rx.on_bytes(bytes).deliver {
            assert_eq!(p.data, delivered, "delivered twice or out of order");
            delivered += 1;
        }
        tx.on_bytes(bytes, i);
    }
    let s = rx.stats;
    let counted = s.delivered + s.duplicates + s.gaps + s.out_of_window + s.unexpected + s.bad.total();
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
