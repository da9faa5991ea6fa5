//! The card's go-back-N halves (RustHDL, `renq_hdl::link`) against the simulator's
//! (`renq_sim::reliable`) on the same frame sequences: the same decisions frame by frame (what
//! is delivered, what is replied, what is sent next, whether a packet fits) and the same counts.
//! Lives here, not in renq-hdl, because renq-sim depends on renq-hdl (a dev-dependency the other
//! way would be a cycle). Each run is a few thousand RTL cycles (well under a second). Both
//! builds: the paper card's 76-bit payload and the card's 120-bit one (packets with every field
//! at the card's widths, through `renq_abi::packet::Carrier` on the RTL side and the simulator's
//! own §7 encoding on the other).
#![cfg(feature = "rtl")]

use renq_abi::frame::{Frame, RTO, WINDOW};
use renq_abi::packet::Carrier;
use renq_hdl::harness::Rng;
use renq_hdl::link::stepper::{carrier_of, tagged, Fields, RxBench, TxBench};
use renq_hdl::link::{PAPER_PAYLOAD_W, PAYLOAD_W};
use renq_sim::reliable::{LinkReceiver, LinkSender, Macs};

const A: Macs = Macs { local: [2, 0, 0, 0, 0, 1], peer: [2, 0, 0, 0, 0, 2] };

fn bytes(c: Carrier, f: Fields) -> Vec<u8> {
    f.to_frame(c, A.peer, A.local).expect("a good frame").encode()
}

fn fields(c: Carrier, b: &[u8]) -> Fields {
    Fields::of_frame(&Frame::decode(b).expect("the simulator encodes good frames"), c).expect("a packet that fits")
}

/// Packet `i`'s payload in the `W`-bit build.
fn packet<const W: usize>(i: u64) -> u128 {
    let c = carrier_of(W).expect("a link build");
    c.pack(&tagged(c, i)).expect("a tagged packet fits its carrier")
}

#[test]
fn receiver_rtl_matches_the_simulator_frame_by_frame() {
    receiver_matches::<PAPER_PAYLOAD_W>();
}

#[test]
fn card_receiver_rtl_matches_the_simulator_frame_by_frame() {
    receiver_matches::<PAYLOAD_W>();
}

fn receiver_matches<const W: usize>() {
    let c = carrier_of(W).expect("a link build");
    for seed in 1..=3u64 {
        let mut rng = Rng(seed * 0x9e37_79b9);
        let (mut sim, mut rtl) = (LinkReceiver::new(A), RxBench::<W>::new(0));
        let mut expected = 0u16;
        for i in 0..3000u64 {
            // Mostly near the expected number: in order, gaps, duplicates; sometimes anywhere,
            // sometimes an ACK/NAK (unexpected at a receiver).
            let seq = match rng.below(10) {
                0..=3 => expected,
                4..=5 => expected.wrapping_add(1 + rng.below(WINDOW as u64 + 4) as u16),
                6..=7 => expected.wrapping_sub(rng.below(WINDOW as u64 + 4) as u16),
                8 => rng.next_u64() as u16,
                _ => u16::MAX,
            };
            let f = if seq == u16::MAX && rng.chance(50) {
                Fields::nak(rng.next_u64() as u16)
            } else {
                Fields::data(seq, packet::<W>(i))
            };
            let want = sim.on_bytes(&bytes(c, f));
            let (delivered, reply) = rtl.feed(f);
            let delivered = delivered.map(|w| c.unpack(w).expect("a delivered payload is a packet"));
            assert_eq!(delivered, want.deliver.first().copied(), "seed {seed} frame {i} {f:?}: delivery");
            assert_eq!(reply, want.reply.map(|b| fields(c, &b)), "seed {seed} frame {i} {f:?}: reply");
            if delivered.is_some() {
                expected = expected.wrapping_add(1);
            }
        }
        let (s, c) = (sim.stats, rtl.counts);
        assert_eq!(
            (s.delivered, s.duplicates, s.gaps, s.out_of_window, s.unexpected, s.acks_sent, s.naks_sent),
            (c.delivered, c.duplicates, c.gaps, c.out_of_window, c.unexpected, c.acks_sent, c.naks_sent),
            "seed {seed}: counts"
        );
        assert!(s.delivered > 500 && s.gaps > 0 && s.duplicates > 0 && s.out_of_window > 0 && s.naks_sent > 0);
    }
}

#[test]
fn sender_rtl_matches_the_simulator_step_by_step() {
    sender_matches::<PAPER_PAYLOAD_W>();
}

#[test]
fn card_sender_rtl_matches_the_simulator_step_by_step() {
    sender_matches::<PAYLOAD_W>();
}

fn sender_matches<const W: usize>() {
    let c = carrier_of(W).expect("a link build");
    for seed in 1..=3u64 {
        let mut rng = Rng(seed * 0x2545_f491);
        let (mut sim, mut rtl) = (LinkSender::new(A), TxBench::<W>::new(0));
        let (mut now, mut pushed, mut base, mut sent_to) = (0u64, 0u64, 0u16, 0u16);
        for step in 0..6000u64 {
            // Every other 400 steps the peer is silent, so the timer fires and backs off.
            let silent = (step / 400) % 2 == 1;
            match rng.below(20) {
                // A packet from the card: accepted by both or by neither (a full window).
                0..=4 => {
                    let p = packet::<W>(pushed);
                    let ok = sim.push(c.unpack(p).expect("a packet")).is_ok();
                    assert_eq!(rtl.push(p), ok, "seed {seed} step {step}: push");
                    pushed += ok as u64;
                }
                // ACKs or NAKs from the peer, mostly within what was sent, sometimes forged; a
                // third of the time two in consecutive cycles (the second is decided while the
                // RTL still applies the first).
                5..=8 if !silent => {
                    let mut frames = Vec::new();
                    for _ in 0..if rng.chance(33) { 2 } else { 1 } {
                        let span = sent_to.wrapping_sub(base) as u64;
                        let ack = if rng.chance(10) {
                            rng.next_u64() as u16
                        } else {
                            base.wrapping_add(rng.below(span + 3) as u16)
                        };
                        let f = if rng.chance(30) { Fields::nak(ack) } else { Fields::ack(ack) };
                        let forged = sim.stats.ack_out_of_window;
                        sim.on_bytes(&bytes(c, f), now);
                        frames.push(f);
                        if sim.stats.ack_out_of_window == forged {
                            base = ack;
                        }
                    }
                    rtl.controls(&frames);
                }
                // Time passes (a tick), then the wire takes a frame: a timeout shows as a resend.
                _ => {
                    if rng.chance(70) {
                        now += 1;
                        rtl.tick();
                    }
                    let want = sim.poll(now).map(|b| fields(c, &b));
                    let got = rtl.pull();
                    assert_eq!(got, want, "seed {seed} step {step} (tick {now}): frame sent");
                    if let Some(f) = got {
                        if f.seq.wrapping_sub(base) >= sent_to.wrapping_sub(base) {
                            sent_to = f.seq.wrapping_add(1);
                        }
                    }
                }
            }
        }
        let (s, c) = (sim.stats, rtl.counts);
        assert_eq!(
            (s.frames_sent, s.resent, s.timeouts, s.naks, s.ack_out_of_window),
            (c.frames_sent, c.resent, c.timeouts, c.naks, c.ack_out_of_window),
            "seed {seed}: counts"
        );
        assert!(s.timeouts > 0 && s.naks > 0 && s.resent > 0 && s.ack_out_of_window > 0, "{s:?}");
        assert!(now > 4 * RTO);
    }
}
