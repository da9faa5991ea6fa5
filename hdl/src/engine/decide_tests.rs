//! Decide's own test: random operations and states, as the pipeline can present them (an item
//! is never a command; `ok`, `go` and the HEAD results agree with the state), against the
//! decision written from spec §6a's RD0b rules, and its events a cycle later.

use super::*;
use crate::harness::Rng;
use crate::stepper::Hand;
use renq_abi::csr::MAX_SPARE_RUN;
use renq_abi::state::bits as state;

const ITEMS: [Op; 3] = [Op::Packet, Op::Reinject, Op::Replay];
const OPS: [Op; 13] = [
    Op::Packet,
    Op::Reinject,
    Op::Replay,
    Op::Export,
    Op::Head,
    Op::Resume,
    Op::Clear,
    Op::Arm,
    Op::Query,
    Op::ReHead,
    Op::HeadCalc,
    Op::HeadMax,
    Op::Spare,
];
const VALID_SPARE: u64 = renq_abi::state::SPARE_VALID;

/// A queue's state as the state write carries it.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct State {
    valid: bool,
    stalled: bool,
    armed: bool,
    k: u64,
    epoch: u64,
    mask: u64,
    base: u64,
    tail: u64,
    free: u64,
    free_nz: bool,
    /// The posted run's first buffer's link word with VALID_SPARE (0: none), and its buffers
    /// after the first.
    spare: u64,
    spare_rest: u64,
    /// Buffers left in the run the queue is in, after its buffer.
    cur_rest: u64,
}

impl State {
    /// The spare word (`renq_abi::state::rtl_spare`).
    fn spare_word(&self) -> u128 {
        self.spare as u128
            | (self.spare_rest as u128) << rtl_spare::POSTED_REST_LSB
            | (self.cur_rest as u128) << rtl_spare::CURRENT_REST_LSB
    }

    /// The buffer after this one (base + 2^k words, in the address space).
    fn base_next(&self) -> u64 {
        (self.base + (8 << self.k)) & renq_abi::DMA_ADDR_MASK
    }
}

#[derive(Debug, PartialEq, Default)]
struct Outcome {
    write: Option<State>,
    success: bool,
    arm_notify: bool,
    park_new: bool,
    follow: bool,
    retire: bool,
    repark: bool,
    untake: bool,
    switch: bool,
    link_only: bool,
    /// The LINK word of a switch or an at-once switch.
    link_word: Option<u64>,
    /// enqueued, rejected, refused, overflow, bad header, query, switch, entered run; the
    /// event's epoch and data.
    events: [bool; 8],
    epoch: u64,
    data: u64,
}

struct Case {
    op: Op,
    in_range: bool,
    dst_ok: bool,
    cam: bool,
    epoch_ok: bool,
    s: State,
    ne: bool,
    head_bad: bool,
    head_best: u64,
    x_valid: bool,
    x: State,
    /// SPARE's checks of the word: VALID alone, aligned; its run's buffers after the first, and
    /// whether the run ends inside the address space.
    x_valid_bit: bool,
    x_aligned: bool,
    x_run: u64,
    x_run_fits: bool,
    /// HEAD's, ARM's buffer is the card's.
    buf_eq: bool,
    data: u64,
}

const EPOCH_MASK: u64 = (1 << EPOCH_W) - 1;

fn next_tail(s: &State) -> u64 {
    if s.tail == s.mask {
        buffer::FIRST_DATA_INDEX
    } else {
        s.tail + 1
    }
}

/// RD0b's rules (spec §6a), from the operation and its queue's state.
fn decide(c: &Case) -> Outcome {
    let s = c.s;
    let okx = s.valid && !s.stalled && c.epoch_ok;
    let end_epoch = if s.stalled { (s.epoch + 1) & EPOCH_MASK } else { s.epoch };
    let mut o = Outcome { epoch: s.epoch, data: c.data, ..Default::default() };
    let mut w = s;
    let mut write = false;
    if ITEMS.contains(&c.op) {
        let from_slot = c.op != Op::Packet;
        if c.op == Op::Packet && c.cam {
            o.follow = true;
        } else if c.op == Op::Replay && c.cam {
            o.untake = true;
        } else if !(c.in_range && c.dst_ok && s.valid) {
            o.events[1] = true;
            o.epoch = 0;
            o.retire = from_slot;
        } else if !okx {
            o.events[2] = true;
            o.retire = from_slot;
        } else if s.free_nz {
            o.events[0] = true;
            o.retire = from_slot;
            o.success = true;
            (w.tail, w.free, w.free_nz, w.armed) = (next_tail(&s), s.free.wrapping_sub(1) & 0xffff, s.free != 1, false);
            if s.free == 1 && s.cur_rest != 0 {
                // The last free slot: the queue moves into the next buffer of its run (§9c).
                (w.base, w.tail, w.free, w.free_nz) = (s.base_next(), buffer::FIRST_DATA_INDEX, s.mask - 3, true);
                w.cur_rest = s.cur_rest - 1;
                o.switch = true;
                o.link_word = Some(buffer::link_word(s.base_next(), s.k as u32));
                o.events[6] = true;
            } else if s.free == 1 && s.spare & VALID_SPARE != 0 {
                // The last free slot at its run's end: the queue moves into the posted run.
                let k = s.spare & buffer::LINK_LOG2_MASK;
                let mask = (1 << k) - 1;
                (w.k, w.mask, w.base) = (k, mask, buffer::link_next(s.spare));
                (w.tail, w.free, w.free_nz, w.spare) = (buffer::FIRST_DATA_INDEX, mask - 3, true, 0);
                (w.spare_rest, w.cur_rest) = (0, s.spare_rest);
                o.switch = true;
                o.link_word = Some(s.spare & !VALID_SPARE);
                o.events[6] = true;
                o.events[7] = true; // into a posted run: an OVERFLOW FIFO entry
            }
            write = true;
        } else if c.op == Op::Reinject {
            // Still full after the HEAD read: the queue stalls, its epoch kept.
            o.events[2] = true;
            o.events[3] = true;
            o.retire = true;
            (w.stalled, w.free, w.free_nz) = (true, 0, false); // (the spare stays)
            write = true;
        } else if c.op == Op::Packet {
            o.park_new = true;
        } else {
            o.repark = true;
        }
    }
    let refresh = (c.op == Op::ReHead && c.in_range && c.dst_ok && okx)
        || (c.op == Op::Head && c.in_range && s.valid && c.buf_eq);
    if refresh {
        if c.head_bad {
            o.events[4] = true;
        } else {
            (w.free, w.free_nz) = (c.head_best, c.head_best != 0);
            write = true;
        }
    }
    if c.in_range {
        match c.op {
            Op::Resume => {
                (w.stalled, w.epoch) = (false, end_epoch);
                write = true;
            }
            Op::Arm if s.valid && (c.ne || !c.buf_eq) => o.arm_notify = true,
            Op::Arm if s.valid => {
                w.armed = true;
                write = true;
            }
            Op::Export => {
                (w.valid, w.stalled, w.epoch, w.cur_rest) = (c.x_valid, false, end_epoch, 0);
                if c.x_valid {
                    (w.k, w.mask, w.base, w.tail) = (c.x.k, c.x.mask, c.x.base, buffer::FIRST_DATA_INDEX);
                    (w.free, w.free_nz) = (c.x.free, true);
                } else {
                    (w.spare, w.spare_rest) = (0, 0);
                }
                write = true;
            }
            Op::Spare if s.valid => {
                let link = buffer::link_word(c.x.base, c.x.k as u32);
                if !c.x_valid_bit {
                    (w.spare, w.spare_rest, w.cur_rest) = (0, 0, 0);
                    write = true;
                } else if !c.x_valid || !c.x_aligned || !c.x_run_fits || s.spare & VALID_SPARE != 0 {
                    o.events[4] = true;
                } else if !s.free_nz && !s.stalled && !c.cam {
                    (w.k, w.mask, w.base, w.tail) = (c.x.k, c.x.mask, c.x.base, buffer::FIRST_DATA_INDEX);
                    (w.free, w.free_nz, w.cur_rest) = (c.x.free, true, c.x_run);
                    o.link_only = true;
                    o.link_word = Some(link);
                    o.events[6] = true;
                    o.events[7] = true; // into a posted run: an OVERFLOW FIFO entry
                    write = true;
                } else {
                    (w.spare, w.spare_rest) = (link | VALID_SPARE, c.x_run);
                    write = true;
                }
            }
            _ => {}
        }
    }
    if c.op == Op::Query {
        o.events[5] = true;
        o.data = 0;
        if c.in_range {
            o.data = flags(&s)
                | s.tail << state::TAIL_LSB
                | s.free << state::FREE_LSB
                | spares(&s) << state::SPARES_LSB
                | ((s.spare & VALID_SPARE != 0) as u64) << state::WAITING;
        }
    }
    if c.op == Op::Clear {
        w = State::default();
        write = true;
    }
    o.write = write.then_some(w);
    o
}

/// QUERY's SPARES: the buffers left in the queue's run and the posted run's.
fn spares(s: &State) -> u64 {
    s.cur_rest + if s.spare & VALID_SPARE != 0 { s.spare_rest + 1 } else { 0 }
}

/// `width` bits of `word` from `lsb` (the ids the test carries in the item's data).
fn bits(word: u64, lsb: usize, width: usize) -> u64 {
    word >> lsb & ((1 << width) - 1)
}

fn flags(s: &State) -> u64 {
    (s.valid as u64) << state::VALID
        | (s.stalled as u64) << state::STALLED
        | (s.armed as u64) << state::ARMED
        | s.k << state::LOG2_LSB
        | s.epoch << state::EPOCH_LSB
}

fn random_state(rng: &mut Rng) -> State {
    let k = 3 + rng.below(14);
    let mask = (1u64 << k) - 1;
    let free = if rng.chance(40) { rng.below(3) } else { rng.below(mask) };
    let mut s = State {
        valid: rng.chance(85),
        stalled: rng.chance(20),
        armed: rng.chance(30),
        k,
        epoch: rng.below(EPOCH_MASK + 1),
        mask,
        base: rng.below(1 << 48) & !(mask << 3 | 7),
        tail: if rng.chance(20) { mask } else { 3 + rng.below(mask - 2) },
        free,
        free_nz: free != 0,
        spare: 0,
        spare_rest: 0,
        cur_rest: if rng.chance(40) { 1 + rng.below(MAX_SPARE_RUN as u64 - 1) } else { 0 },
    };
    if rng.chance(50) {
        let k = 3 + rng.below(14);
        s.spare = buffer::link_word(rng.below(1 << 48) & !((8 << k) - 1), k as u32) | VALID_SPARE;
        s.spare_rest = rng.below(MAX_SPARE_RUN as u64);
    }
    s
}

/// Drives the case as the pipeline would: `go`, `ok`, `okx`, the forwarded `okx`/`free ≠ 0`
/// and HeadMax's view agree with the state.
fn drive(u: &mut Decide, c: &Case) {
    let s = c.s;
    let okx = s.valid && !s.stalled && c.epoch_ok;
    let go_target = c.in_range && c.dst_ok;
    u.op.next = c.op.constant().val();
    u.queue.next = bits(c.data, 0, QUEUE_W).into();
    u.src.next = bits(c.data, QUEUE_W, NODE_W).into();
    u.portal.next = bits(c.data, QUEUE_W + NODE_W, PORTAL_W).into();
    u.data.next = c.data.into();
    u.in_range.next = c.in_range;
    u.dst_ok.next = c.dst_ok;
    u.go.next = ITEMS.contains(&c.op) && go_target && !(c.op != Op::Reinject && c.cam);
    u.reinj_go.next = c.op == Op::Reinject && go_target;
    u.rehead_go.next = c.op == Op::ReHead && go_target;
    u.cam.next = c.cam;
    u.flags.next = flags(&s).into();
    u.mask.next = s.mask.into();
    u.base.next = s.base.into();
    u.tail.next = s.tail.into();
    u.free.next = s.free.into();
    u.free_nz.next = s.free_nz;
    u.ok.next = okx && s.free_nz;
    u.okx.next = okx;
    u.next_tail.next = next_tail(&s).into();
    u.free_m1.next = (s.free.wrapping_sub(1) & 0xffff).into();
    u.free_m1_nz.next = s.free != 1;
    u.fwd_okx.next = okx;
    u.fwd_free_nz.next = s.free_nz;
    u.ne.next = c.ne;
    u.head_bad.next = c.head_bad;
    u.head_best.next = c.head_best.into();
    u.head_best_nz.next = c.head_best != 0;
    u.head_valid.next = s.valid;
    u.head_okx.next = okx;
    u.x_valid.next = c.x_valid;
    u.x_k.next = c.x.k.into();
    u.x_mask.next = c.x.mask.into();
    u.x_base.next = c.x.base.into();
    u.x_free.next = c.x.free.into();
    u.x_valid_bit.next = c.x_valid_bit;
    u.x_aligned.next = c.x_aligned;
    u.x_run.next = c.x_run.into();
    u.x_run_fits.next = c.x_run_fits;
    u.spare.next = bits_u128(s.spare_word());
    u.base_next.next = s.base_next().into();
    u.buf_eq.next = c.buf_eq;
}

fn observed(u: &Decide) -> Outcome {
    let write = u.write.val().then(|| State {
        valid: u.w_valid.val(),
        stalled: u.w_stalled.val(),
        armed: u.w_armed.val(),
        k: u.w_k.val().to_u64(),
        epoch: u.w_epoch.val().to_u64(),
        mask: u.w_mask.val().to_u64(),
        base: u.w_base.val().to_u64(),
        tail: u.w_tail.val().to_u64(),
        free: u.w_free.val().to_u64(),
        free_nz: u.w_free_nz.val(),
        spare: u.w_spare.val().to_u128() as u64 & renq_abi::DMA_ADDR_MASK,
        spare_rest: (u.w_spare.val().to_u128() >> rtl_spare::POSTED_REST_LSB) as u64 & (MAX_SPARE_RUN as u64 - 1),
        cur_rest: (u.w_spare.val().to_u128() >> rtl_spare::CURRENT_REST_LSB) as u64 & (MAX_SPARE_RUN as u64 - 1),
    });
    let linked = u.switch.val() || u.link_only.val();
    Outcome {
        write,
        success: u.success.val(),
        arm_notify: u.arm_notify.val(),
        park_new: u.park_new.val(),
        follow: u.follow.val(),
        retire: u.retire.val(),
        repark: u.repark.val(),
        untake: u.untake.val(),
        switch: u.switch.val(),
        link_only: u.link_only.val(),
        link_word: linked.then(|| u.link_word.val().to_u64()),
        ..Default::default()
    }
}

#[test]
fn the_decision_follows_rd0b_rules() {
    let mut h = Hand::<Decide>::new(|d, v| d.clock.next = Clock { clk: v });
    let mut rng = Rng(0xdec1_de00);
    let mut last: Option<(Outcome, u64)> = None;
    let mut seen = [0u64; 7];
    for n in 0..30_000u64 {
        let c = Case {
            op: OPS[rng.below(OPS.len() as u64) as usize],
            in_range: rng.chance(85),
            dst_ok: rng.chance(85),
            cam: rng.chance(25),
            epoch_ok: rng.chance(80),
            s: random_state(&mut rng),
            ne: rng.chance(50),
            head_bad: rng.chance(15),
            head_best: rng.below(1 << 16),
            x_valid: rng.chance(80),
            x: random_state(&mut rng),
            x_valid_bit: rng.chance(90),
            x_aligned: rng.chance(90),
            x_run: if rng.chance(50) { 0 } else { rng.below(MAX_SPARE_RUN as u64) },
            x_run_fits: rng.chance(90),
            buf_eq: rng.chance(85),
            data: rng.next_u64(),
        };
        // (A VALID word with `k` in range has its VALID bit; the decoded base is aligned.)
        let c = Case { x_valid_bit: c.x_valid_bit || c.x_valid, ..c };
        drive(&mut h.uut, &c);
        h.settle();
        let want = decide(&c);
        let u = &h.uut;
        // The events of the previous case leave now, registered.
        if let Some((prev, word)) = &last {
            let events = [
                u.ev_enqueued.val(),
                u.ev_rejected.val(),
                u.ev_refused.val(),
                u.ev_overflow.val(),
                u.ev_bad_header.val(),
                u.ev_query.val(),
                u.ev_switch.val(),
                u.ev_entered_run.val(),
            ];
            assert_eq!(events, prev.events, "case {n}: events of the previous case");
            assert_eq!(u.ev_epoch.val().to_u64(), prev.epoch, "case {n}");
            assert_eq!(u.ev_data.val().to_u64(), prev.data, "case {n}");
            let ids = [u.ev_queue.val().to_u64(), u.ev_src.val().to_u64(), u.ev_portal.val().to_u64()];
            let sent = [bits(*word, 0, QUEUE_W), bits(*word, QUEUE_W, NODE_W), bits(*word, QUEUE_W + NODE_W, PORTAL_W)];
            assert_eq!(ids, sent, "case {n}: the event's queue, source and portal");
        }
        let got = observed(u);
        assert_eq!(
            got,
            Outcome { events: Default::default(), epoch: 0, data: 0, ..want.clone_decisions() },
            "case {n}: {:?} in_range {} dst_ok {} cam {}",
            c.op,
            c.in_range,
            c.dst_ok,
            c.cam
        );
        for (s, e) in seen.iter_mut().zip(want.events) {
            *s += e as u64;
        }
        last = Some((want, c.data));
        h.tick();
    }
    // Every outcome was reached many times.
    assert!(seen.iter().all(|&s| s > 100), "{seen:?}");
}

impl Outcome {
    /// The decisions only (the events are checked a cycle later).
    fn clone_decisions(&self) -> Outcome {
        Outcome {
            write: self.write,
            success: self.success,
            arm_notify: self.arm_notify,
            park_new: self.park_new,
            follow: self.follow,
            retire: self.retire,
            repark: self.repark,
            untake: self.untake,
            switch: self.switch,
            link_only: self.link_only,
            link_word: self.link_word,
            ..Default::default()
        }
    }
}
