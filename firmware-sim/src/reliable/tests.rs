//! The link ends' unit tests: go-back-N and selective repeat, batching, the adaptive timeout
//! and incarnations.

use super::*;
use renq_abi::frame::{Body, Frame};
use renq_abi::packet::Packet;

const A: Macs = Macs { local: [2, 0, 0, 0, 0, 1], peer: [2, 0, 0, 0, 0, 2] };
const B: Macs = Macs { local: [2, 0, 0, 0, 0, 2], peer: [2, 0, 0, 0, 0, 1] };

fn p(data: u64) -> Packet {
    Packet::enqueue(1, 2, 0, data)
}

#[test]
fn window_full_gives_the_packet_back() {
    let mut s = LinkSender::new(A);
    for i in 0..WINDOW as u64 {
        s.push(p(i)).unwrap();
    }
    assert_eq!(s.push(p(99)), Err(p(99)));
}

#[test]
fn gap_is_naked_once_and_the_resend_is_delivered_once() {
    let (mut s, mut r) = (LinkSender::new(A), LinkReceiver::new(B));
    for i in 0..3 {
        s.push(p(i)).unwrap();
    }
    let f: Vec<_> = (0..3).map(|_| s.poll(0).unwrap()).collect();
    // Frame 0 is lost: 1 and 2 are gaps, only the first NAKs.
    let nak = r.on_bytes(&f[1]).reply.unwrap();
    assert!(r.on_bytes(&f[2]).reply.is_none());
    assert_eq!((r.stats.gaps, r.stats.naks_sent), (2, 1));
    s.on_bytes(&nak, 1);
    let again: Vec<_> = (0..3).map(|_| s.poll(1).unwrap()).collect();
    assert_eq!(s.stats.resent, 3);
    let got: Vec<_> = again.iter().flat_map(|f| r.on_bytes(f).deliver).map(|p| p.data).collect();
    assert_eq!(got, [0, 1, 2]);
    // A late duplicate is re-ACKed, not delivered.
    let out = r.on_bytes(&f[1]);
    assert!(out.deliver.is_empty() && out.reply.is_some());
    assert_eq!(r.stats.duplicates, 1);
}

#[test]
fn timer_rewinds_and_backs_off_and_forged_acks_are_ignored() {
    let mut s = LinkSender::new(A);
    s.push(p(0)).unwrap();
    assert!(s.poll(0).is_some() && s.poll(1).is_none());
    assert!(s.poll(RTO).is_some(), "resent at the first timeout");
    assert!(s.poll(RTO + RTO).is_none(), "the second timeout is twice as far");
    assert!(s.poll(RTO + 2 * RTO).is_some());
    let forged = frame(B, Incarnations::default(), 5, 0, Body::Ack);
    s.on_bytes(&forged, 0);
    assert_eq!((s.stats.ack_out_of_window, s.in_flight()), (1, 1));
    let ack = Frame { ack: 1, ..Frame::decode(&forged).unwrap() }.encode();
    s.on_bytes(&ack, 0);
    assert_eq!(s.in_flight(), 0);
}

#[test]
fn a_burst_shares_frames_and_a_partly_received_resend_delivers_only_the_new() {
    let (mut s, mut r) = (LinkSender::batching(A, 4), LinkReceiver::new(B));
    s.push(p(0)).unwrap();
    let lone = s.poll(0).unwrap();
    assert_eq!(Frame::decode(&lone).unwrap().body.count(), 1, "a lone packet leaves at once");
    for i in 1..7 {
        s.push(p(i)).unwrap();
    }
    let (f1, f2) = (s.poll(0).unwrap(), s.poll(0).unwrap());
    assert_eq!((s.stats.frames_sent, s.stats.packets_sent), (3, 7));
    assert!(s.poll(0).is_none());
    assert_eq!(r.on_bytes(&lone).deliver.len(), 1);
    assert_eq!(r.on_bytes(&f1).deliver.len(), 4);
    // f2 (5, 6) is lost; the timer resends from packet 0 in frames of 4: 0..=3 are
    // duplicates, then 4 (a duplicate too), 5 and 6 in the next frame.
    let again: Vec<_> = std::iter::from_fn(|| s.poll(RTO)).collect();
    assert_eq!((again.len(), s.stats.resent), (2, 7));
    let first = r.on_bytes(&again[0]);
    assert!(first.deliver.is_empty() && first.reply.is_some());
    let got: Vec<_> = r.on_bytes(&again[1]).deliver.iter().map(|p| p.data).collect();
    assert_eq!(got, [5, 6]);
    assert_eq!((r.stats.delivered, r.stats.duplicates), (7, 5));
    drop(f2);
}

#[test]
fn a_refused_packet_stops_the_frame_and_is_resent() {
    let (mut s, mut r) = (LinkSender::batching(A, 8), LinkReceiver::new(B));
    for i in 0..3 {
        s.push(p(i)).unwrap();
    }
    let f = Frame::decode(&s.poll(0).unwrap()).unwrap();
    let mut room = 1;
    let out = r.on_frame_into(&f, |_| {
        room -= 1;
        room >= 0
    });
    assert_eq!((r.stats.delivered, r.stats.refused, r.stats.gaps), (1, 1, 1));
    s.on_bytes(&out.reply.unwrap(), 1);
    assert_eq!(s.in_flight(), 2, "the ACK frees the one delivered");
}

#[test]
fn the_adaptive_timeout_follows_the_round_trip() {
    let (mut s, mut r) = (LinkSender::new(A).adaptive(), LinkReceiver::new(B));
    let mut now = 0;
    // A peer that answers 500 ticks later: the first packets time out (backing off, no
    // sample from a resent one), then one is timed and nothing times out any more.
    for i in 0..20 {
        s.push(p(i)).unwrap();
        let f = s.poll(now).unwrap();
        let ack = r.on_bytes(&f).reply.unwrap();
        now += 500;
        let resent = s.poll(now - 1).is_some();
        assert!(!resent || i < 4, "packet {i}: resent before its ACK could come (rto {})", s.rto());
        s.on_bytes(&ack, now);
    }
    assert!(s.stats.timeouts <= 4, "{:?}", s.stats);
    assert!((500..=RTO_MAX).contains(&s.rto()), "rto {}", s.rto());
    // The fixed timeout resends every time.
    let (mut s, mut r) = (LinkSender::new(A), LinkReceiver::new(B));
    for i in 0..5 {
        s.push(p(i)).unwrap();
        let ack = r.on_bytes(&s.poll(i * 500).unwrap()).reply.unwrap();
        let _ = s.poll(i * 500 + RTO);
        s.on_bytes(&ack, i * 500 + 500);
    }
    assert_eq!(s.stats.timeouts, 5);
}

#[test]
fn frames_carry_the_incarnations_and_reset_starts_over() {
    let (mut s, mut r) = (LinkSender::new(A), LinkReceiver::new(B));
    s.incarnations = Incarnations { local: 7, peer: 9 };
    s.push(p(0)).unwrap();
    s.push(p(1)).unwrap();
    let f = Frame::decode(&s.poll(0).unwrap()).unwrap();
    assert_eq!((f.src_incarnation, f.dst_incarnation), (7, 9));
    assert!(r.on_frame_into(&f, |_| true).reply.is_some());
    let lost: Vec<_> = s.reset().iter().map(|p| p.data).collect();
    assert_eq!(lost, [0, 1]);
    r.reset();
    s.push(p(5)).unwrap();
    let got: Vec<_> = r.on_bytes(&s.poll(0).unwrap()).deliver.iter().map(|p| p.data).collect();
    assert_eq!(got, [5], "both ends start again at sequence number 0");
}

#[test]
fn selective_repeat_holds_what_comes_ahead_and_resends_only_the_lost() {
    let (mut s, mut r) = (LinkSender::new(A).selective(), LinkReceiver::selective(B));
    for i in 0..6 {
        s.push(p(i)).unwrap();
    }
    // Packets 0 and 1 leave at ticks 0 and 1, 2..=5 at 20..=23 (more than the reordering
    // window, a quarter of `RTO`, later).
    let f: Vec<_> = [0, 1, 20, 21, 22, 23].iter().map(|&t| s.poll(t).unwrap()).collect();
    // Packet 1 is lost: 2..=5 are held and SACKed; the sender resends 1 alone, before any timer.
    assert_eq!(r.on_bytes(&f[0]).deliver.len(), 1);
    let mut acks = Vec::new();
    for frame in &f[2..] {
        let out = r.on_bytes(frame);
        assert!(out.deliver.is_empty());
        acks.push(out.reply.unwrap());
    }
    assert_eq!(r.stats.held, 4);
    let last = Frame::decode(acks.last().unwrap()).unwrap();
    assert_eq!((last.ack, last.sack), (1, 0b1111), "packets 2..=5 held");
    for a in &acks {
        s.on_bytes(a, 30);
    }
    assert_eq!(s.stats.sack_resends, 1);
    let again = s.poll(30).unwrap();
    assert_eq!(Frame::decode(&again).unwrap().body, Body::Data { seq: 1, packets: vec![p(1)] });
    assert!(s.poll(30).is_none(), "only the lost packet goes again");
    let got: Vec<_> = r.on_bytes(&again).deliver.iter().map(|p| p.data).collect();
    assert_eq!(got, [1, 2, 3, 4, 5]);
    s.on_bytes(&r.ack_now(), 31);
    assert_eq!((s.in_flight(), s.stats.resent, s.stats.timeouts), (0, 1, 0));
}

#[test]
fn a_selective_timeout_resends_every_packet_not_sacked() {
    let (mut s, mut r) = (LinkSender::batching(A, 8).selective(), LinkReceiver::selective(B));
    for i in 0..4 {
        s.push(p(i)).unwrap();
        let _ = s.poll(0);
    }
    // Only packet 2 arrives (SACKed); 0, 1 and 3 are lost, but all left at the same tick: the
    // SACK is no evidence against 0 and 1, the timer finds them.
    let frame2 = Frame { body: Body::Data { seq: 2, packets: vec![p(2)] }, ..Frame::decode(&r.ack_now()).unwrap() };
    let ack = r.on_frame_into(&frame2, |_| true).reply.unwrap();
    s.on_bytes(&ack, 1);
    assert_eq!(s.stats.sack_resends, 0);
    let resent: Vec<_> = std::iter::from_fn(|| s.poll(RTO)).map(|f| Frame::decode(&f).unwrap().body).collect();
    assert_eq!(
        resent,
        [Body::Data { seq: 0, packets: vec![p(0), p(1)] }, Body::Data { seq: 3, packets: vec![p(3)] }],
        "runs of lost packets, one frame each"
    );
    let got: Vec<_> = resent
        .into_iter()
        .flat_map(|b| {
            let f = Frame { body: b, ..Frame::decode(&ack).unwrap() };
            let mut d = Vec::new();
            r.on_frame_into(&f, |p| {
                d.push(p.data);
                true
            });
            d
        })
        .collect();
    assert_eq!(got, [0, 1, 2, 3]);
}

#[test]
fn a_selective_receiver_keeps_a_refused_packet_and_offers_it_again() {
    let (mut s, mut r) = (LinkSender::batching(A, 4).selective(), LinkReceiver::selective(B));
    for i in 0..3 {
        s.push(p(i)).unwrap();
    }
    let f = Frame::decode(&s.poll(0).unwrap()).unwrap();
    let out = r.on_frame_into(&f, |p| p.data == 0);
    assert_eq!((r.stats.delivered, r.stats.refused), (1, 1));
    s.on_bytes(&out.reply.unwrap(), 1);
    assert_eq!(s.in_flight(), 2);
    // The timer resends 1 alone (2 was SACKed): a duplicate, and this time the destination
    // takes it and the 2 held behind it.
    let again = Frame::decode(&s.poll(RTO + 1).unwrap()).unwrap();
    assert_eq!(again.body, Body::Data { seq: 1, packets: vec![p(1)] });
    let mut got = Vec::new();
    r.on_frame_into(&again, |p| {
        got.push(p.data);
        true
    });
    assert_eq!((got, r.stats.duplicates), (vec![1, 2], 1));
}

#[test]
fn a_tail_loss_is_found_by_a_probe_before_the_timer() {
    let (mut s, mut r) = (LinkSender::batching(A, 4).selective().adaptive(), LinkReceiver::selective(B));
    // One round trip of 10 ticks gives the estimate (SRTT 10, RTO 64 at least).
    s.push(p(0)).unwrap();
    let ack = r.on_bytes(&s.poll(0).unwrap()).reply.unwrap();
    s.on_bytes(&ack, 10);
    // Then a frame of 3 packets is lost, and nothing else is in flight.
    for i in 1..4 {
        s.push(p(i)).unwrap();
    }
    assert!(s.poll(10).is_some());
    assert!(s.poll(29).is_none(), "quiet for less than two round trips");
    let probe = Frame::decode(&s.poll(30).unwrap()).unwrap();
    assert_eq!(probe.body, Body::Data { seq: 3, packets: vec![p(3)] }, "the last packet, alone");
    assert_eq!(s.stats.probes, 1);
    let ack = r.on_frame_into(&probe, |_| true).reply.unwrap();
    s.on_bytes(&ack, 40);
    let again = Frame::decode(&s.poll(40).unwrap()).unwrap();
    assert_eq!(again.body, Body::Data { seq: 1, packets: vec![p(1), p(2)] }, "found lost by the probe's SACK");
    let mut got = Vec::new();
    r.on_frame_into(&again, |p| {
        got.push(p.data);
        true
    });
    assert_eq!(got, [1, 2, 3]);
    assert_eq!(s.stats.timeouts, 0);
}

/// With at most two DATA frames ahead, a frame whose packets are all SACKed counts as
/// acknowledged: while a lost frame is repaired, the next frame of new packets still leaves.
#[test]
fn a_sacked_frame_no_longer_counts_as_ahead() {
    let (mut s, mut r) = (LinkSender::batching(A, 4).selective().frames_ahead(2), LinkReceiver::selective(B));
    for i in 0..4 {
        s.push(p(i)).unwrap();
    }
    let lost = s.poll(0).unwrap(); // packets 0..=3
    for i in 4..8 {
        s.push(p(i)).unwrap();
    }
    let second = s.poll(1).unwrap(); // packets 4..=7
    for i in 8..12 {
        s.push(p(i)).unwrap();
    }
    assert!(s.poll(2).is_none(), "two frames ahead: the third waits");
    // The first frame is lost; the second arrives and is SACKed whole.
    drop(lost);
    let ack = r.on_bytes(&second).reply.unwrap();
    assert_eq!(Frame::decode(&ack).unwrap().sack, 0b1111 << 3);
    s.on_bytes(&ack, 30);
    // The lost packets go again, and the third frame of new packets leaves beside them.
    let resend = Frame::decode(&s.poll(30).unwrap()).unwrap();
    assert_eq!(resend.body, Body::Data { seq: 0, packets: (0..4).map(p).collect() });
    let third = Frame::decode(&s.poll(30).unwrap()).unwrap();
    assert_eq!(third.body, Body::Data { seq: 8, packets: (8..12).map(p).collect() });
}
