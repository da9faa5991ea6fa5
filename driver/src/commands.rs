//! The card's command port (spec §8b): a command is two BAR0 writes (CMD_ARG, CMD) and a wait
//! for CMD_PENDING, a QUERY also a read-back, a portal update PORTAL_SEL then PORTAL. One at a
//! time, under one lock, shared by the driver, the interrupt thread and the queues (whose
//! consumers ring the head doorbell). Holding the lock across several commands makes them
//! one step for everyone else: the consumer's doorbell checks which buffer the card writes
//! and rings HEAD under one hold, so no EXPORT comes in between (§9b).

use crate::device::Device;
use crate::error::{DriverError, Result};
use renq_abi::regs::{self as r, bits, command};
use renq_abi::state::QueueState;
use renq_abi::CMD_QUERY;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A command's answer (CMD_PENDING clear, QUERY READY) takes longer than this: the card is
/// not answering.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(5);

pub(crate) struct Commands {
    dev: Arc<dyn Device>,
    lock: Mutex<()>,
}

/// Proof that the command lock is held.
pub(crate) type Held<'a> = MutexGuard<'a, ()>;

impl Commands {
    pub(crate) fn new(dev: Arc<dyn Device>) -> Commands {
        Commands { dev, lock: Mutex::new(()) }
    }

    pub(crate) fn lock(&self) -> Held<'_> {
        self.lock.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs one command and waits until the card has taken it.
    pub(crate) fn run(&self, kind: u64, queue: u16, arg: u64) -> Result<()> {
        let held = self.lock();
        self.run_locked(&held, kind, queue, arg)
    }

    pub(crate) fn run_locked(&self, _held: &Held, kind: u64, queue: u16, arg: u64) -> Result<()> {
        self.dev.bar0_write(r::CMD_ARG, arg);
        self.dev.bar0_write(r::CMD, command(kind, queue));
        self.wait(
            || self.dev.bar0_read(r::STATUS) & (1 << bits::STATUS_CMD_PENDING) == 0,
            || {
                let name = renq_abi::CMD_KINDS.iter().find(|(k, _)| *k == kind).map_or("a command", |(_, n)| n);
                format!("{name} of queue {queue} (CMD_PENDING stayed set)")
            },
        )
    }

    /// Waits until `done`; a timeout names what was awaited (`what`, formatted only then).
    pub(crate) fn wait(&self, mut done: impl FnMut() -> bool, what: impl Fn() -> String) -> Result<()> {
        let t0 = Instant::now();
        while !done() {
            if t0.elapsed() > COMMAND_TIMEOUT {
                return Err(DriverError::CommandTimeout { what: what(), after: COMMAND_TIMEOUT });
            }
            std::thread::yield_now();
        }
        Ok(())
    }

    /// The card's state of `queue` (QUERY command).
    pub(crate) fn query(&self, queue: u16) -> Result<QueueState> {
        let held = self.lock();
        self.run_locked(&held, CMD_QUERY, queue, 0)?;
        let mut s = QueueState(0);
        self.wait(
            || {
                s = QueueState(self.dev.bar0_read(r::QUERY));
                s.ready()
            },
            || format!("QUERY of queue {queue} (its answer never became ready)"),
        )?;
        Ok(s)
    }

    /// Points `portal` at `entry` (PORTAL_SEL, then PORTAL).
    pub(crate) fn set_portal(&self, portal: u16, entry: u64) {
        let _held = self.lock();
        self.dev.bar0_write(r::PORTAL_SEL, portal as u64);
        self.dev.bar0_write(r::PORTAL, entry);
        // A read returns after the posted writes before it (PCI ordering; the simulator's
        // socket too): the portal is programmed, or invalidated, when this returns, so a grant's
        // ticket handed to another process at once is good, and a revoked one is.
        self.dev.bar0_read(r::PORTAL_SEL);
    }
}
