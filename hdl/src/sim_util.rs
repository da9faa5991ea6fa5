//! Test support for rust-hdl `Simulation`s: a testbench that returns `Err` can make
//! `Simulation::run` wait forever, so every simulation runs on its own thread with a deadline.

use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// Half clock period in simulation time units.
pub const HALF_PERIOD: u64 = 5;
/// Generous wall-clock limit for the short module simulations (they take well under a second).
pub const SIM_DEADLINE: Duration = Duration::from_secs(60);

/// Runs `body` on a thread; panics if it panics or does not finish within `limit`.
pub fn run_with_deadline<F: FnOnce() + Send + 'static>(name: &str, limit: Duration, body: F) {
    let (done_tx, done_rx) = channel();
    let handle = std::thread::spawn(move || {
        body();
        let _ = done_tx.send(());
    });
    match done_rx.recv_timeout(limit) {
        Ok(()) => handle.join().expect("simulation thread"),
        Err(RecvTimeoutError::Disconnected) => {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(RecvTimeoutError::Timeout) => panic!("{name}: simulation still running after {limit:?}"),
    }
}

/// Where a testbench leaves its result for the test thread.
pub struct Output<R>(std::sync::Arc<std::sync::Mutex<Option<R>>>);

impl<R> Output<R> {
    pub fn put(&self, r: R) {
        *self.0.lock().unwrap() = Some(r);
    }
}

/// Runs a clocked rust-hdl testbench on `uut` (the clock toggled by `toggle`) within
/// [`SIM_DEADLINE`] and returns what the bench put in its [`Output`].
pub fn run_clocked<T, R, F>(name: &'static str, uut: T, toggle: fn(&mut Box<T>), bench: F) -> R
where
    T: rust_hdl::prelude::Block + Send + 'static,
    R: Send + 'static,
    F: Fn(rust_hdl::prelude::Sim<T>, &Output<R>) -> Result<(), rust_hdl::prelude::SimError>
        + Send
        + std::panic::RefUnwindSafe
        + 'static,
{
    let result = std::sync::Arc::new(std::sync::Mutex::new(None));
    let out = Output(result.clone());
    run_with_deadline(name, SIM_DEADLINE, move || {
        let mut sim = rust_hdl::prelude::Simulation::new();
        sim.add_clock(HALF_PERIOD, toggle);
        sim.add_testbench(move |sim| bench(sim, &out));
        sim.run(Box::new(uut), 1_000_000).unwrap();
    });
    let r = result.lock().unwrap().take();
    r.expect("testbench produced no result")
}

/// Answers the memory-master request now on `$x`'s memory port (`flat`: `top`'s `mem_*`
/// ports; otherwise the named `MemMaster` bundle) with the harness responder `$responder`
/// over `$mem`, halting on a breach of the port contract; evaluates to `(request, MemCycle)`.
macro_rules! answer_memory {
    ($sim:ident, $x:ident, flat, $responder:expr, $mem:expr) => {
        answer_memory!(@ $sim, $x, $x.mem_req, $x.mem_write, $x.mem_addr, $x.mem_wdata, $x.mem_ack, $x.mem_rdata,
            $responder, $mem)
    };
    ($sim:ident, $x:ident, $b:ident, $responder:expr, $mem:expr) => {
        answer_memory!(@ $sim, $x, $x.$b.req, $x.$b.write, $x.$b.addr, $x.$b.wdata, $x.$b.ack, $x.$b.rdata,
            $responder, $mem)
    };
    (@ $sim:ident, $x:ident, $req:expr, $write:expr, $addr:expr, $wdata:expr, $ack:expr, $rdata:expr,
        $responder:expr, $mem:expr) => {{
        let req = $req.val().then(|| crate::harness::MemRequest {
            write: $write.val(),
            addr: $addr.val().to_u64(),
            wdata: $wdata.val().to_u64(),
        });
        let answer = $responder.cycle(req, $mem);
        sim_assert!($sim, answer.violation.is_none(), $x);
        $ack.next = answer.access.is_some();
        $rdata.next = answer.access.map_or(0, |a| a.data).into();
        (req, answer)
    }};
}

/// Puts a link source's offer (`Option<Packet>`) on `$x`'s RX port (`flat`: `top`'s `rx_*`
/// ports; otherwise the named `LinkRx` bundle).
macro_rules! offer_rx {
    ($x:ident, flat, $offer:expr) => {
        offer_rx!(@ $offer, $x.rx_valid, $x.rx_src, $x.rx_dst, $x.rx_queue, $x.rx_data)
    };
    ($x:ident, $b:ident, $offer:expr) => {
        offer_rx!(@ $offer, $x.$b.valid, $x.$b.src, $x.$b.dst, $x.$b.queue, $x.$b.data)
    };
    (@ $offer:expr, $valid:expr, $src:expr, $dst:expr, $queue:expr, $data:expr) => {{
        let offer: Option<renq_abi::packet::Packet> = $offer;
        $valid.next = offer.is_some();
        if let Some(p) = offer {
            $src.next = (p.src as u64).into();
            $dst.next = (p.dst as u64).into();
            $queue.next = (p.queue as u64).into();
            $data.next = p.data.into();
        }
    }};
}
pub(crate) use {answer_memory, offer_rx};
