//! The two queue algorithms as the checker sees them: per-thread step machines over `Handle`.

use crate::memory::Handle;
use renq_rdma::{fast, seed, Error, Step};
use std::hash::Hash;

/// An algorithm as the checker sees it: per-thread state machines over `Handle`.
pub(crate) trait Algo {
    type Prod: Clone + Eq + Hash + std::fmt::Debug;
    type Cons: Clone + Eq + Hash + std::fmt::Debug;
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons);
    fn start_enq(&self, p: &mut Self::Prod, item: u64);
    /// None = no enqueue in progress.
    fn enq_busy(&self, p: &Self::Prod) -> bool;
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error>;
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error>;
    /// The ticket a producer's unfinished enqueue holds (queues with tickets and leases).
    fn holds(&self, _p: &Self::Prod) -> Option<u64> {
        None
    }
    /// The consumer's next ticket, and a way to expire its lease (queues with leases).
    fn head(&self, _c: &Self::Cons) -> Option<u64> {
        None
    }
    fn expire_lease(&self, _c: &mut Self::Cons) {}
}

pub(crate) struct Seed {
    pub(crate) layout: seed::Layout,
    /// Mutant: drop the reconstructed "advance the ticket" step.
    pub(crate) skip_advance: bool,
}

impl Algo for Seed {
    type Prod = Option<seed::EnqOp>;
    type Cons = Option<seed::DeqOp>;
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons) {
        let n = (seed::Layout::bytes(self.layout.buffer_size) / 8) as usize;
        let mut w = vec![0; n];
        w[seed::HDR_MAGIC as usize] = seed::MAGIC;
        w[seed::HDR_BUFFER_SIZE as usize] = self.layout.buffer_size;
        w[seed::HDR_VARIANT as usize] = self.layout.variant as u64;
        (w, None, None)
    }
    fn start_enq(&self, p: &mut Self::Prod, item: u64) {
        *p = Some(seed::EnqOp::new(item));
    }
    fn enq_busy(&self, p: &Self::Prod) -> bool {
        p.is_some()
    }
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error> {
        let r = p.as_mut().unwrap().step(&self.layout, h)?;
        if let Step::Done(()) = r {
            *p = None;
        }
        Ok(r)
    }
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error> {
        let op = c.get_or_insert(seed::DeqOp::ClaimBlock);
        if let (true, seed::DeqOp::AdvanceTicket { data, .. }) = (self.skip_advance, *op) {
            *c = None;
            return Ok(Step::Done(data));
        }
        let r = op.step(&self.layout, h)?;
        if let Step::Done(_) = r {
            *c = None;
        }
        Ok(r)
    }
}

pub(crate) struct Fast {
    pub(crate) layout: fast::Layout,
}

impl Algo for Fast {
    type Prod = (fast::ProducerState, Option<fast::EnqOp>);
    type Cons = (fast::ConsumerState, fast::DeqOp);
    fn init(&self) -> (Vec<u64>, Self::Prod, Self::Cons) {
        let n = (fast::Layout::bytes(self.layout.capacity) / 8) as usize;
        let mut w = vec![0; n];
        w[fast::HDR_MAGIC as usize] = fast::MAGIC;
        w[fast::HDR_CAPACITY as usize] = self.layout.capacity;
        w[fast::HDR_GEN as usize] = self.layout.gen;
        for t in 0..self.layout.capacity {
            w[(self.layout.slot(t, fast::SLOT_STAMP) / 8) as usize] = self.layout.fresh();
        }
        (w, Default::default(), (Default::default(), fast::DeqOp::Poll))
    }
    fn start_enq(&self, p: &mut Self::Prod, item: u64) {
        p.1 = Some(fast::EnqOp::new(item));
    }
    fn enq_busy(&self, p: &Self::Prod) -> bool {
        p.1.is_some()
    }
    fn prod_step(&self, p: &mut Self::Prod, h: &mut Handle) -> Result<Step<()>, Error> {
        let r = p.1.as_mut().unwrap().step(&self.layout, &mut p.0, h)?;
        if let Step::Done(()) = r {
            p.1 = None;
        }
        Ok(r)
    }
    fn cons_step(&self, c: &mut Self::Cons, h: &mut Handle) -> Result<Step<u64>, Error> {
        let r = c.1.step(&self.layout, &mut c.0, h);
        if let Step::Done(_) = r {
            c.1 = fast::DeqOp::Poll;
        }
        Ok(r)
    }
    fn holds(&self, p: &Self::Prod) -> Option<u64> {
        p.1.and_then(|op| op.pc.ticket())
    }
    fn head(&self, c: &Self::Cons) -> Option<u64> {
        Some(c.0.head)
    }
    fn expire_lease(&self, c: &mut Self::Cons) {
        c.0.lease_expired = true;
    }
}
