//! A queue of each algorithm over RC queue pairs: the loopback QP, the algorithms, and a
//! fresh queue's consumer with a factory of producers (each on its own QP pair).

use renq_rdma::verbs::{Device, Qp, Region, VerbsMemory};
use renq_rdma::{fast, seed, Error, RdmaDequeue, RdmaEnqueue};
use std::sync::{Arc, Mutex};

pub(crate) fn loopback_qp(dev: &Arc<Device>, region: &Region) -> Result<Qp, Error> {
    let mut qp = Qp::create(dev)?;
    let me = qp.endpoint();
    qp.connect(&me, region.desc())?;
    Ok(qp)
}

pub(crate) fn loopback(dev: &Arc<Device>, region: &Region) -> Result<VerbsMemory, Error> {
    Ok(loopback_qp(dev, region)?.into_memory())
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Algo {
    Fast,
    SeedLapTurn,
    SeedAsWritten,
}

impl Algo {
    pub(crate) const ALL: [Algo; 3] = [Algo::Fast, Algo::SeedLapTurn, Algo::SeedAsWritten];
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algo::Fast => "fast",
            Algo::SeedLapTurn => "seed-lap-turn",
            Algo::SeedAsWritten => "seed-as-written",
        }
    }
    /// Must the consumer see each producer's items in order?
    pub(crate) fn fifo_required(self) -> bool {
        self != Algo::SeedAsWritten
    }
    pub(crate) fn from_name(n: &str) -> Option<Algo> {
        Algo::ALL.into_iter().find(|a| a.name() == n)
    }
    pub(crate) fn variant(self) -> seed::Variant {
        match self {
            Algo::SeedAsWritten => seed::Variant::Faithful,
            _ => seed::Variant::LapTurn,
        }
    }
}

pub(crate) type Producer = Box<dyn RdmaEnqueue + Send>;
pub(crate) type Consumer = Box<dyn RdmaDequeue>;

/// A fresh queue of `algo` in its own region: its consumer, and a factory of producers
/// (each on its own requester QP, connected to its own responder QP on the consumer side).
pub(crate) struct Setup {
    pub(crate) consumer: Consumer,
    pub(crate) make: Box<dyn Fn() -> Result<Producer, Error>>,
    _responders: Arc<Mutex<Vec<Qp>>>,
    _region: Region,
}

pub(crate) fn setup(dev: &Arc<Device>, algo: Algo, cap: u64) -> Result<Setup, Error> {
    let responders = Arc::new(Mutex::new(vec![]));
    match algo {
        Algo::Fast => {
            // The consumer reads its own memory with the CPU; producers use QPs.
            let region = Region::new(dev, fast::Layout::bytes(cap) as usize)?;
            let consumer = Box::new(fast::Consumer::create(region.local(), 0, cap)?);
            let (dev, desc_region) = (dev.clone(), RegionRef::of(&region, &responders));
            Ok(Setup {
                consumer,
                make: Box::new(move || {
                    let mem = desc_region.pair(&dev)?;
                    Ok(Box::new(fast::Producer::attach(mem, 0)?) as Producer)
                }),
                _responders: responders,
                _region: region,
            })
        }
        Algo::SeedLapTurn | Algo::SeedAsWritten => {
            // The consumer's accesses go through its own loopback QP (IBV_ATOMIC_HCA-safe).
            let region = Region::new(dev, seed::Layout::bytes(cap) as usize)?;
            let consumer = Box::new(seed::Consumer::create(loopback(dev, &region)?, 0, cap, algo.variant())?);
            let (dev, desc_region) = (dev.clone(), RegionRef::of(&region, &responders));
            Ok(Setup {
                consumer,
                make: Box::new(move || {
                    let mem = desc_region.pair(&dev)?;
                    Ok(Box::new(seed::Producer::attach(mem, 0)?) as Producer)
                }),
                _responders: responders,
                _region: region,
            })
        }
    }
}

/// What a producer factory needs of the consumer side: the region's descriptor (the `Setup`
/// keeps the region alive) and where to park the consumer-side QPs.
struct RegionRef {
    desc: renq_rdma::verbs::RegionDesc,
    responders: Arc<Mutex<Vec<Qp>>>,
}

impl RegionRef {
    fn of(r: &Region, responders: &Arc<Mutex<Vec<Qp>>>) -> RegionRef {
        RegionRef { desc: r.desc(), responders: responders.clone() }
    }
    /// A producer's memory as between two nodes: its requester QP connected to a distinct
    /// responder QP on the consumer side (kept in `responders` while the run lasts), each
    /// given the other's endpoint (QPN, PSN, GID) — unlike a self-connected QP, a mix-up of
    /// the two sides' numbers would show.
    fn pair(&self, dev: &Arc<Device>) -> Result<VerbsMemory, Error> {
        let mut requester = Qp::create(dev)?;
        let mut responder = Qp::create(dev)?;
        let (a, b) = (requester.endpoint(), responder.endpoint());
        assert_ne!((a.qpn, a.psn), (b.qpn, b.psn));
        responder.connect(&a, self.desc)?;
        requester.connect(&b, self.desc)?;
        self.responders.lock().unwrap().push(responder);
        Ok(requester.into_memory())
    }
}
