//! Epoch-based reclamation for queue buffers (after Jenkins' EpochManager): a reader that
//! walks a queue's chain without the dequeue lock pins the current epoch; a buffer unlinked
//! from a chain is retired with the epoch of its retirement and handed back for reuse only
//! once the global epoch has advanced twice past it, which needs every pinned reader to have
//! left the epochs in which it could still have reached the buffer.

use std::sync::atomic::{fence, AtomicU64, Ordering::SeqCst};
use std::sync::Mutex;

/// Readers that can be pinned at once; a pin beyond this waits for a free slot.
pub const SLOTS: usize = 64;

/// Slot value: 0 = free, else `epoch << 1 | 1`.
const ACTIVE: u64 = 1;

pub struct EpochManager<T> {
    global: AtomicU64,
    slots: [AtomicU64; SLOTS],
    /// (retire epoch, item)
    limbo: Mutex<Vec<(u64, T)>>,
}

/// While alive, items retired from now on are not reclaimed.
pub struct Guard<'a, T> {
    mgr: &'a EpochManager<T>,
    slot: usize,
}

impl<T> Default for EpochManager<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> EpochManager<T> {
    pub fn new() -> Self {
        EpochManager {
            global: AtomicU64::new(0),
            slots: std::array::from_fn(|_| AtomicU64::new(0)),
            limbo: Mutex::new(Vec::new()),
        }
    }

    pub fn epoch(&self) -> u64 {
        self.global.load(SeqCst)
    }

    /// Enter the current epoch. Loads made under the guard may follow links to retired items.
    pub fn pin(&self) -> Guard<'_, T> {
        loop {
            for (i, s) in self.slots.iter().enumerate() {
                let e = self.global.load(SeqCst);
                if s.compare_exchange(0, e << 1 | ACTIVE, SeqCst, SeqCst).is_ok() {
                    // The epoch may have moved between the load and the publication: follow it
                    // until the published epoch is current, so an advance cannot skip us.
                    let mut e = e;
                    loop {
                        fence(SeqCst);
                        let now = self.global.load(SeqCst);
                        if now == e {
                            return Guard { mgr: self, slot: i };
                        }
                        e = now;
                        s.store(e << 1 | ACTIVE, SeqCst);
                    }
                }
            }
            std::thread::yield_now();
        }
    }

    /// `item` is unreachable from now on for new readers; reclaim it later.
    pub fn retire(&self, item: T) {
        fence(SeqCst);
        let e = self.global.load(SeqCst);
        self.limbo.lock().unwrap().push((e, item));
    }

    /// Advances the epoch if every pinned reader is in the current one, then returns the
    /// items no reader can reach any more (retired at least two epochs ago).
    pub fn collect(&self) -> Vec<T> {
        let e = self.global.load(SeqCst);
        let all_current = self.slots.iter().all(|s| {
            let v = s.load(SeqCst);
            v == 0 || v >> 1 == e
        });
        if all_current {
            let _ = self.global.compare_exchange(e, e + 1, SeqCst, SeqCst);
        }
        let now = self.global.load(SeqCst);
        let mut limbo = self.limbo.lock().unwrap();
        let (ready, keep): (Vec<_>, Vec<_>) = limbo.drain(..).partition(|(r, _)| r + 2 <= now);
        *limbo = keep;
        ready.into_iter().map(|(_, t)| t).collect()
    }

    /// Items waiting for reclamation.
    pub fn pending(&self) -> usize {
        self.limbo.lock().unwrap().len()
    }
}

impl<T> Drop for Guard<'_, T> {
    fn drop(&mut self) {
        self.mgr.slots[self.slot].store(0, SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_reader_blocks_reclamation_until_unpinned() {
        let m = EpochManager::new();
        let g = m.pin();
        m.retire(7u32);
        for _ in 0..10 {
            assert!(m.collect().is_empty(), "reclaimed under a pinned reader");
        }
        drop(g);
        let mut got = Vec::new();
        for _ in 0..3 {
            got.extend(m.collect());
        }
        assert_eq!(got, vec![7]);
    }

    #[test]
    fn item_retired_after_pin_waits_for_later_pins_only_while_pinned() {
        let m = EpochManager::new();
        m.retire(1u32);
        let g = m.pin(); // a reader pinned after the retire cannot see item 1 ...
        let mut got = m.collect();
        got.extend(m.collect());
        got.extend(m.collect());
        // ... but it blocks the epoch from advancing past its own, so item 1 (retired in the
        // same epoch) stays until the reader leaves: conservative, never early.
        assert!(got.is_empty());
        drop(g);
        got.extend(m.collect());
        got.extend(m.collect());
        assert_eq!(got, vec![1]);
    }

    #[test]
    fn concurrent_readers_never_see_reclaimed_items() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        use std::sync::Arc;
        // A shared "pointer" to the current item; writers swap and retire, readers pin and
        // check that the item they reach is not marked reclaimed.
        let m = Arc::new(EpochManager::<usize>::new());
        let current = Arc::new(AtomicUsize::new(0));
        let reclaimed: Arc<Vec<AtomicBool>> = Arc::new((0..20_000).map(|_| AtomicBool::new(false)).collect());
        let stop = Arc::new(AtomicBool::new(false));
        let reads = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let readers: Vec<_> = (0..3)
            .map(|_| {
                let (m, current, reclaimed, stop) = (m.clone(), current.clone(), reclaimed.clone(), stop.clone());
                let reads = reads.clone();
                std::thread::spawn(move || {
                    let mut seen = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        let _g = m.pin();
                        let i = current.load(Ordering::SeqCst);
                        for _ in 0..50 {
                            assert!(!reclaimed[i].load(Ordering::SeqCst), "item {i} reclaimed while reachable");
                        }
                        seen += 1;
                        reads.fetch_add(1, Ordering::SeqCst);
                    }
                    seen
                })
            })
            .collect();
        for i in 1..20_000 {
            // Make sure the readers really run alongside (2 shared cores in CI).
            if i % 500 == 0 {
                let r0 = reads.load(Ordering::SeqCst);
                while reads.load(Ordering::SeqCst) == r0 {
                    std::thread::yield_now();
                }
            }
            let old = current.swap(i, Ordering::SeqCst);
            m.retire(old);
            for r in m.collect() {
                reclaimed[r].store(true, Ordering::SeqCst);
            }
        }
        stop.store(true, Ordering::Relaxed);
        let reads: u64 = readers.into_iter().map(|r| r.join().unwrap()).sum();
        assert!(reads > 0, "readers never ran alongside the writer");
        assert!(reclaimed.iter().filter(|r| r.load(Ordering::SeqCst)).count() > 0);
    }
}
