//! Exactly-once and per-producer FIFO checking for demo and bench runs.
//!
//! Every item carries its producer and a sequence number, so the consumer alone can tell
//! whether anything was lost, duplicated or reordered.

/// Bits of an item that hold the sequence number; the producer id sits above them.
pub const SEQ_BITS: u32 = 40;
const SEQ_MASK: u64 = (1 << SEQ_BITS) - 1;

/// The item a producer sends as its `seq`-th enqueue.
pub fn item(producer: usize, seq: u64) -> u64 {
    ((producer as u64) << SEQ_BITS) | (seq & SEQ_MASK)
}

/// Splits an item into (producer, seq).
pub fn split(item: u64) -> (usize, u64) {
    ((item >> SEQ_BITS) as usize, item & SEQ_MASK)
}

/// Tracks, per producer, the next sequence number expected.
pub struct Verifier {
    next: Vec<u64>,
    per_producer: u64,
    pub received: u64,
    pub duplicated: u64,
    pub reordered: u64,
    pub foreign: u64,
}

/// The verdict once the run is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub received: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub reordered: u64,
    pub foreign: u64,
}

impl Verifier {
    pub fn new(producers: usize, per_producer: u64) -> Self {
        Verifier { next: vec![0; producers], per_producer, received: 0, duplicated: 0, reordered: 0, foreign: 0 }
    }

    /// Records one dequeued item; returns its producer when it is a known one.
    pub fn observe(&mut self, value: u64) -> Option<usize> {
        self.received += 1;
        let (p, seq) = split(value);
        let Some(next) = self.next.get_mut(p) else {
            self.foreign += 1;
            return None;
        };
        if seq >= self.per_producer {
            self.foreign += 1;
        } else if seq < *next {
            // Already seen a later or equal sequence: a duplicate (or a reorder, which the
            // gap check below has already counted once).
            self.duplicated += 1;
        } else {
            if seq > *next {
                self.reordered += 1;
            }
            *next = seq + 1;
        }
        Some(p)
    }

    /// Whether every producer's last item has arrived.
    pub fn complete(&self) -> bool {
        self.next.iter().all(|&n| n == self.per_producer)
    }

    pub fn verdict(&self) -> Verdict {
        let expected = self.per_producer * self.next.len() as u64;
        let in_order = self.received - self.duplicated - self.foreign;
        Verdict {
            received: self.received,
            lost: expected.saturating_sub(in_order),
            duplicated: self.duplicated,
            reordered: self.reordered,
            foreign: self.foreign,
        }
    }
}

impl Verdict {
    pub fn ok(&self) -> bool {
        self.lost == 0 && self.duplicated == 0 && self.reordered == 0 && self.foreign == 0
    }

    /// The closing line of a run; it states the truth either way.
    pub fn line(&self) -> String {
        let fifo = if self.reordered == 0 {
            "FIFO per producer".to_string()
        } else {
            format!("{} out of order", self.reordered)
        };
        let mut s = format!(
            "verified: {} items, {} lost, {} duplicated, {}",
            self.received - self.duplicated - self.foreign,
            self.lost,
            self.duplicated,
            fifo
        );
        if self.foreign > 0 {
            s += &format!(", {} unknown items", self.foreign);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_run() {
        let mut v = Verifier::new(2, 3);
        for s in 0..3 {
            v.observe(item(0, s));
            v.observe(item(1, s));
        }
        assert!(v.complete());
        let d = v.verdict();
        assert!(d.ok());
        assert_eq!(d.line(), "verified: 6 items, 0 lost, 0 duplicated, FIFO per producer");
    }

    #[test]
    fn loss_duplicate_reorder_are_reported() {
        let mut v = Verifier::new(1, 4);
        for s in [0, 2, 2, 3] {
            v.observe(item(0, s));
        }
        let d = v.verdict();
        assert_eq!((d.lost, d.duplicated, d.reordered), (1, 1, 1));
        assert!(!d.ok());
        assert!(d.line().contains("1 lost, 1 duplicated, 1 out of order"));
        v.observe(item(7, 0));
        assert_eq!(v.verdict().foreign, 1);
    }
}
