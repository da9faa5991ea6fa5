//! Test items: producer id in the high 16 bits, sequence number in the low 48, so a consumer
//! can check per-producer FIFO, loss and duplication from the items alone.

pub fn item(producer: u16, seq: u64) -> u64 {
    (producer as u64) << 48 | (seq & ((1 << 48) - 1))
}

pub fn producer_of(item: u64) -> u16 {
    (item >> 48) as u16
}

pub fn seq_of(item: u64) -> u64 {
    item & ((1 << 48) - 1)
}

/// Checks arriving items: each producer's sequence must be 0, 1, 2, … with no gap or repeat.
#[derive(Default)]
pub struct FifoCheck {
    next: Vec<u64>,
    pub total: u64,
}

impl FifoCheck {
    pub fn new(producers: usize) -> FifoCheck {
        FifoCheck { next: vec![0; producers], total: 0 }
    }

    pub fn push(&mut self, it: u64) -> Result<(), String> {
        let (p, s) = (producer_of(it) as usize, seq_of(it));
        let want = self.next.get_mut(p).ok_or_else(|| format!("item {it:#x} from unknown producer {p}"))?;
        if s != *want {
            return Err(format!(
                "producer {p}: got seq {s}, expected {} ({})",
                *want,
                if s < *want { "duplicate or reordered" } else { "lost items" }
            ));
        }
        *want += 1;
        self.total += 1;
        Ok(())
    }

    /// Items seen per producer.
    pub fn counts(&self) -> &[u64] {
        &self.next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_loss_duplication_and_reorder() {
        let mut c = FifoCheck::new(2);
        c.push(item(0, 0)).unwrap();
        c.push(item(1, 0)).unwrap();
        c.push(item(0, 1)).unwrap();
        assert!(c.push(item(0, 1)).unwrap_err().contains("duplicate"));
        assert!(c.push(item(1, 2)).unwrap_err().contains("lost"));
        assert!(c.push(item(2, 0)).is_err());
        assert_eq!(c.counts(), &[2, 1]);
    }
}
