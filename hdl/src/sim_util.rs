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
