//! Sleeping consumers: a generation counter the interrupt thread bumps on NOTIFY (and on
//! queue close), and a condvar to sleep on. A consumer reads the generation *before* it arms
//! and re-checks its queue, then sleeps only while the generation is unchanged, so a NOTIFY
//! that lands between the re-check and the sleep is not lost.

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

#[derive(Default)]
pub struct Wake {
    generation: Mutex<u64>,
    cv: Condvar,
}

impl Wake {
    pub fn generation(&self) -> u64 {
        *self.generation.lock().unwrap()
    }

    pub fn wake_all(&self) {
        *self.generation.lock().unwrap() += 1;
        self.cv.notify_all();
    }

    /// Sleeps until the generation differs from `seen` or `deadline` passes (None = forever).
    /// Returns true if woken by a new generation.
    pub fn wait_past(&self, seen: u64, deadline: Option<Instant>) -> bool {
        let mut g = self.generation.lock().unwrap();
        while *g == seen {
            match deadline {
                None => g = self.cv.wait(g).unwrap(),
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        return false;
                    }
                    g = self.cv.wait_timeout(g, d - now).unwrap().0;
                }
            }
        }
        true
    }

    /// Like `wait_past` with a relative timeout.
    pub fn wait_past_for(&self, seen: u64, timeout: Duration) -> bool {
        self.wait_past(seen, Some(Instant::now() + timeout))
    }
}
