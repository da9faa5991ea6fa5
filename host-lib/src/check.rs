//! One item encoding and one exactly-once / per-producer FIFO verdict, shared by the CLI's runs,
//! the system tests and the programs in QEMU guests, so that all of them judge delivery alike.
//!
//! An item carries its producer in the high 16 bits and its sequence number in the low 48, so
//! the consumer alone can tell whether anything was lost, duplicated or reordered.

use std::fmt;

/// Bits of an item that hold the sequence number; the producer id sits above them.
pub const SEQ_BITS: u32 = 48;
const SEQ_MASK: u64 = (1 << SEQ_BITS) - 1;

/// The item a producer sends as its `seq`-th enqueue (`seq` is taken modulo 2^48).
pub fn encode(producer: u16, seq: u64) -> u64 {
    ((producer as u64) << SEQ_BITS) | (seq & SEQ_MASK)
}

/// Splits an item into (producer, seq).
pub fn decode(item: u64) -> (u16, u64) {
    ((item >> SEQ_BITS) as u16, item & SEQ_MASK)
}

/// What was wrong with one item, at the moment it was fed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemError {
    /// A producer the run does not have, or a sequence number beyond what it sends.
    Unknown { item: u64 },
    /// A sequence number at or below one already seen: a duplicate (or a late, reordered item).
    Duplicated { producer: u16, seq: u64, expected: u64 },
    /// A sequence number above the next expected one: items in between are missing so far.
    Gap { producer: u16, seq: u64, expected: u64 },
}

impl fmt::Display for ItemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ItemError::Unknown { item } => write!(f, "item {item:#x} from no known producer"),
            ItemError::Duplicated { producer, seq, expected } => {
                write!(f, "producer {producer}: got seq {seq}, expected {expected} (duplicate or reordered)")
            }
            ItemError::Gap { producer, seq, expected } => {
                write!(f, "producer {producer}: got seq {seq}, expected {expected} (lost items)")
            }
        }
    }
}

impl std::error::Error for ItemError {}

/// The accumulator: feed it every dequeued item, then ask for the [`Summary`].
#[derive(Debug, Clone)]
pub struct Verdict {
    next: Vec<u64>,
    per_producer: u64,
    received: u64,
    duplicated: u64,
    reordered: u64,
    foreign: u64,
}

/// The counts once a run is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub received: u64,
    pub lost: u64,
    pub duplicated: u64,
    pub reordered: u64,
    pub foreign: u64,
}

/// A run that did not deliver every item exactly once, in order per producer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failed(pub Summary);

impl Verdict {
    /// `producers` producers (ids 0..producers) sending `per_producer` items each.
    pub fn new(producers: usize, per_producer: u64) -> Verdict {
        Verdict { next: vec![0; producers], per_producer, received: 0, duplicated: 0, reordered: 0, foreign: 0 }
    }

    /// Records one dequeued item; Ok((producer, seq)) when it is the next one of its producer.
    pub fn feed(&mut self, item: u64) -> Result<(u16, u64), ItemError> {
        self.received += 1;
        let (producer, seq) = decode(item);
        let Some(next) = self.next.get_mut(producer as usize).filter(|_| seq < self.per_producer) else {
            self.foreign += 1;
            return Err(ItemError::Unknown { item });
        };
        let expected = *next;
        if seq < expected {
            // Already seen a later or equal sequence: a duplicate (or a reorder, which the gap
            // below has already counted once).
            self.duplicated += 1;
            return Err(ItemError::Duplicated { producer, seq, expected });
        }
        *next = seq + 1;
        if seq > expected {
            self.reordered += 1;
            return Err(ItemError::Gap { producer, seq, expected });
        }
        Ok((producer, seq))
    }

    /// Items fed so far, good or bad.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Per producer: the next sequence number expected (= items seen when nothing went wrong).
    pub fn counts(&self) -> &[u64] {
        &self.next
    }

    /// Whether every producer's last item has arrived.
    pub fn complete(&self) -> bool {
        self.next.iter().all(|&n| n == self.per_producer)
    }

    pub fn summary(&self) -> Summary {
        let expected = self.per_producer * self.next.len() as u64;
        let in_order = self.received - self.duplicated - self.foreign;
        Summary {
            received: self.received,
            lost: expected.saturating_sub(in_order),
            duplicated: self.duplicated,
            reordered: self.reordered,
            foreign: self.foreign,
        }
    }

    /// The summary if every item came exactly once, in order per producer.
    pub fn finish(&self) -> Result<Summary, Failed> {
        let s = self.summary();
        if s.ok() {
            Ok(s)
        } else {
            Err(Failed(s))
        }
    }
}

impl Summary {
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

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "delivery check failed: {}", self.0.line())
    }
}

impl std::error::Error for Failed {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        assert_eq!(decode(encode(0xc1a5, 7)), (0xc1a5, 7));
        assert_eq!(encode(0xc1a5, 7), 0xc1a5_0000_0000_0007);
        assert_eq!(decode(encode(1, 1 << SEQ_BITS)), (1, 0), "seq wraps inside its field");
    }

    #[test]
    fn clean_run() {
        let mut v = Verdict::new(2, 3);
        for s in 0..3 {
            assert_eq!(v.feed(encode(0, s)), Ok((0, s)));
            assert_eq!(v.feed(encode(1, s)), Ok((1, s)));
        }
        assert!(v.complete());
        let s = v.finish().unwrap();
        assert_eq!(s.line(), "verified: 6 items, 0 lost, 0 duplicated, FIFO per producer");
    }

    #[test]
    fn loss_duplicate_reorder_and_strangers_are_reported() {
        let mut v = Verdict::new(1, 4);
        assert_eq!(v.feed(encode(0, 0)), Ok((0, 0)));
        assert_eq!(v.feed(encode(0, 2)), Err(ItemError::Gap { producer: 0, seq: 2, expected: 1 }));
        assert_eq!(v.feed(encode(0, 2)), Err(ItemError::Duplicated { producer: 0, seq: 2, expected: 3 }));
        assert_eq!(v.feed(encode(0, 3)), Ok((0, 3)));
        assert!(v.feed(encode(0, 2)).unwrap_err().to_string().contains("duplicate"));
        let s = v.summary();
        assert_eq!((s.lost, s.duplicated, s.reordered), (1, 2, 1));
        assert!(v.finish().unwrap_err().to_string().contains("1 lost, 2 duplicated, 1 out of order"));
        assert_eq!(v.feed(encode(7, 0)), Err(ItemError::Unknown { item: encode(7, 0) }));
        assert_eq!(v.feed(encode(0, 4)), Err(ItemError::Unknown { item: encode(0, 4) }), "beyond per_producer");
        assert_eq!(v.summary().foreign, 2);
        assert!(v.summary().line().ends_with(", 2 unknown items"));
        assert_eq!(v.counts(), &[4]);
    }
}
