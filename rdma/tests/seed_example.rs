//! The seed's worked example (buffer of 4), replayed step by step on shared memory with the
//! shipped state machines, checking the F/W/U/R picture of the buffer at every stage.

use renq_rdma::seed::{self, DeqOp, EnqOp, EnqPc, Layout, Variant};
use renq_rdma::{ShmHandle, ShmRegion, Step};
use std::sync::Arc;

struct Example {
    region: Arc<ShmRegion>,
    q: Layout,
    consumer: ShmHandle,
    deq: Option<DeqOp>,
    dequeued: Vec<char>,
    producers: Vec<(char, ShmHandle, Option<EnqOp>)>,
}

impl Example {
    fn new(variant: Variant) -> Example {
        let region = ShmRegion::create_memfd("seed-example", Layout::bytes(4) as usize).unwrap();
        let q = Layout::new(0, 4, variant).unwrap();
        let mut consumer = region.handle();
        seed::init(&mut consumer, &q).unwrap();
        Example { region, q, consumer, deq: None, dequeued: vec![], producers: vec![] }
    }

    fn word(&self, off: u64) -> u64 {
        renq_rdma::RemoteMemory::read(&mut self.region.handle(), off).unwrap()
    }

    /// The buffer as the seed draws it: F, R, or W/U followed by the item in the block.
    fn picture(&self) -> String {
        (0..4)
            .map(|b| {
                let data = char::from_u32(self.word(self.q.block(b, seed::BLK_DATA)) as u32);
                match self.word(self.q.block(b, seed::BLK_STATE)) {
                    seed::FREE => "F".to_string(),
                    seed::READING => "R".to_string(),
                    seed::WRITING => format!("W{}", data.unwrap_or('?')),
                    seed::USED => format!("U{}", data.unwrap()),
                    s => panic!("bad state {s}"),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn start(&mut self, name: char) {
        let h = self.region.handle();
        self.producers.push((name, h, Some(EnqOp::new(name as u64))));
    }

    fn producer(&mut self, name: char) -> &mut (char, ShmHandle, Option<EnqOp>) {
        self.producers.iter_mut().find(|p| p.0 == name).unwrap()
    }

    /// Steps producer `name` once; returns its state afterwards (None = finished).
    fn step(&mut self, name: char) -> Option<EnqPc> {
        let q = self.q;
        let (_, h, op) = self.producer(name);
        if let Step::Done(()) = op.as_mut().unwrap().step(&q, h).unwrap() {
            *op = None;
        }
        op.as_ref().map(|o| o.pc)
    }

    /// Steps `name` until it has written its data (state W, data in the block).
    fn run_to_written(&mut self, name: char) {
        while !matches!(self.step(name), Some(EnqPc::MarkUsed { .. })) {}
    }

    fn finish(&mut self, name: char) {
        while self.step(name).is_some() {}
    }

    /// Steps `name` until it is waiting for its turn (one failed ticket check).
    fn run_to_waiting(&mut self, name: char) -> EnqPc {
        loop {
            let q = self.q;
            let (_, h, op) = self.producer(name);
            let op = op.as_mut().unwrap();
            if let EnqPc::WaitTurn { .. } = op.pc {
                assert_eq!(op.step(&q, h).unwrap(), Step::Wait, "{name} should wait");
                return op.pc;
            }
            op.step(&q, h).unwrap();
        }
    }

    fn waiting(&self, name: char) -> EnqPc {
        self.producers.iter().find(|p| p.0 == name).unwrap().2.as_ref().unwrap().pc
    }

    /// Gives every unfinished producer the CPU until it waits or finishes, in arrival order.
    fn let_producers_run(&mut self) {
        let names: Vec<char> = self.producers.iter().map(|p| p.0).collect();
        for n in names {
            loop {
                let q = self.q;
                let (_, h, op) = self.producer(n);
                let Some(o) = op.as_mut() else { break };
                match o.step(&q, h).unwrap() {
                    Step::Wait => break,
                    Step::Done(()) => {
                        *op = None;
                        break;
                    }
                    Step::Progress => {}
                }
            }
        }
    }

    /// Consumer steps until it holds a block in state Reading.
    fn consumer_starts(&mut self) {
        let op = self.deq.get_or_insert(DeqOp::ClaimBlock);
        while !matches!(op, DeqOp::ReadData { .. }) {
            assert_ne!(op.step(&self.q, &mut self.consumer).unwrap(), Step::Wait);
        }
    }

    /// Consumer finishes `n` dequeues (the first may be under way); producers run after each.
    fn consumer_finishes(&mut self, n: usize) {
        for _ in 0..n {
            let op = self.deq.get_or_insert(DeqOp::ClaimBlock);
            loop {
                match op.step(&self.q, &mut self.consumer).unwrap() {
                    Step::Done(v) => {
                        self.dequeued.push(char::from_u32(v as u32).unwrap());
                        break;
                    }
                    Step::Wait => panic!("consumer should not wait in the example"),
                    Step::Progress => {}
                }
            }
            self.deq = None;
            self.let_producers_run();
        }
    }
}

fn replay(variant: Variant) {
    let mut ex = Example::new(variant);
    // Buffer starts as empty. All blocks start in free state.
    assert_eq!(ex.picture(), "F F F F");

    // a, b, and c start enq concurrently (interleaved one remote op at a time).
    for n in ['a', 'b', 'c'] {
        ex.start(n);
    }
    for _ in 0..2 {
        for n in ['a', 'b', 'c'] {
            ex.step(n);
        }
    }
    for n in ['a', 'b', 'c'] {
        ex.run_to_written(n);
    }
    assert_eq!(ex.picture(), "Wa Wb Wc F");

    // a and c finish enq.
    ex.finish('a');
    ex.finish('c');
    assert_eq!(ex.picture(), "Ua Wb Uc F");

    // d starts and finishes enq. Buffer is now full.
    ex.start('d');
    ex.finish('d');
    assert_eq!(ex.picture(), "Ua Wb Uc Ud");

    // b finishes enq. Consumer starts deq.
    ex.finish('b');
    ex.consumer_starts();
    assert_eq!(ex.picture(), "R Ub Uc Ud");

    // 6 more machines enq; the buffer is still full, so they take tickets and wait for their
    // turns: e f g h on blocks 0-3 (turn 1), i j on blocks 0-1 (turn 2).
    for n in ['e', 'f', 'g', 'h', 'i', 'j'] {
        ex.start(n);
        ex.run_to_waiting(n);
    }
    for (n, block, turn) in [('e', 0, 1), ('f', 1, 1), ('g', 2, 1), ('h', 3, 1), ('i', 0, 2), ('j', 1, 2)] {
        assert_eq!(ex.waiting(n), EnqPc::WaitTurn { block, my_turn: turn }, "{n}");
    }
    if variant == Variant::Faithful {
        // Turns handed out per block; tickets still 0.
        for (b, turn) in [(0, 3), (1, 3), (2, 2), (3, 2)] {
            assert_eq!(ex.word(ex.q.block(b, seed::BLK_TURN)), turn);
            assert_eq!(ex.word(ex.q.block(b, seed::BLK_TICKET)), 0);
        }
    }
    assert_eq!(ex.picture(), "R Ub Uc Ud");

    // Consumer finishes 3 deqs. Enqs proceed in order of arrival.
    ex.consumer_finishes(3);
    assert_eq!(ex.picture(), "Ue Uf Ug Ud");
    assert!(matches!(ex.waiting('h'), EnqPc::WaitTurn { block: 3, my_turn: 1 }));
    assert!(matches!(ex.waiting('i'), EnqPc::WaitTurn { block: 0, my_turn: 2 }));
    assert!(matches!(ex.waiting('j'), EnqPc::WaitTurn { block: 1, my_turn: 2 }));

    // Consumer finishes 3 deqs.
    ex.consumer_finishes(3);
    assert_eq!(ex.picture(), "Ui Uj Ug Uh");
    assert!(ex.producers.iter().all(|p| p.2.is_none()), "all enqs done");

    // Consumer finishes 2 deqs.
    ex.consumer_finishes(2);
    assert_eq!(ex.picture(), "Ui Uj F F");

    // Consumer finishes 2 deqs. Buffer is now empty.
    ex.consumer_finishes(2);
    assert_eq!(ex.picture(), "F F F F");
    assert_eq!(ex.dequeued.iter().collect::<String>(), "abcdefghij");

    // Each block served 2 or 3 enqueues, and its ticket says so.
    for (b, served) in [(0, 3), (1, 3), (2, 2), (3, 2)] {
        assert_eq!(ex.word(ex.q.block(b, seed::BLK_TICKET)), served);
    }
}

#[test]
fn worked_example_faithful() {
    replay(Variant::Faithful);
}

#[test]
fn worked_example_lap_turn() {
    replay(Variant::LapTurn);
}

/// SPEC R.4, replayed: the seed as written lets producer Q's second item overtake its first
/// when producer P stalls between its two FAAs; the lap-turn variant keeps Q's order.
fn fifo_counterexample(variant: Variant) -> String {
    let region = ShmRegion::create_memfd("seed-fifo", Layout::bytes(2) as usize).unwrap();
    let q = Layout::new(0, 2, variant).unwrap();
    let mut consumer = region.handle();
    seed::init(&mut consumer, &q).unwrap();
    let (mut hp, mut hq) = (region.handle(), region.handle());
    let run = |op: &mut EnqOp, h: &mut ShmHandle| loop {
        match op.step(&q, h).unwrap() {
            Step::Done(()) => return true,
            Step::Wait => return false,
            Step::Progress => {}
        }
    };
    // 1. P claims offset 0 (block 0) and stalls before taking its turn.
    let mut p = EnqOp::new('x' as u64);
    p.step(&q, &mut hp).unwrap();
    // 2-3. Q enqueues y0 (offset 1) then y1 (offset 2, block 0 again), both complete
    //      (as written, y1 takes turn 0 on block 0 ahead of P).
    assert!(run(&mut EnqOp::new('0' as u64), &mut hq));
    let mut y1 = EnqOp::new('1' as u64);
    let mut y1_done = run(&mut y1, &mut hq);
    // 4. Everyone runs to completion, the consumer dequeuing as items appear.
    let mut p_done = false;
    let mut out = String::new();
    let mut deq: Option<DeqOp> = None;
    while out.len() < 3 {
        p_done = p_done || run(&mut p, &mut hp);
        y1_done = y1_done || run(&mut y1, &mut hq);
        let op = deq.get_or_insert(DeqOp::ClaimBlock);
        loop {
            match op.step(&q, &mut consumer).unwrap() {
                Step::Done(v) => {
                    out.push(char::from_u32(v as u32).unwrap());
                    deq = None;
                    break;
                }
                Step::Wait => break,
                Step::Progress => {}
            }
        }
    }
    out
}

#[test]
fn seed_as_written_reorders_one_producers_items() {
    // y1 comes out before y0, although y0's enqueue finished before y1's began.
    assert_eq!(fifo_counterexample(Variant::Faithful), "10x");
}

#[test]
fn seed_lap_turn_keeps_each_producers_order() {
    // P's x (offset 0) first, then y0 and y1 in order; y1 waits for its lap.
    assert_eq!(fifo_counterexample(Variant::LapTurn), "x01");
}
