//! Latency percentiles from a sample of nanosecond latencies; the median of a few runs.

pub struct Latencies(Vec<u64>);

impl Latencies {
    pub fn new(mut ns: Vec<u64>) -> Self {
        ns.sort_unstable();
        Latencies(ns)
    }

    /// The `p`-th percentile (0..=100) in nanoseconds, nearest-rank; None when empty.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        if self.0.is_empty() {
            return None;
        }
        let rank = ((p / 100.0) * self.0.len() as f64).ceil() as usize;
        Some(self.0[rank.clamp(1, self.0.len()) - 1])
    }
}

/// Human form of a duration in nanoseconds.
pub fn fmt_ns(ns: Option<u64>) -> String {
    match ns {
        None => "-".into(),
        Some(n) if n < 10_000 => format!("{n} ns"),
        Some(n) if n < 10_000_000 => format!("{:.1} µs", n as f64 / 1e3),
        Some(n) => format!("{:.1} ms", n as f64 / 1e6),
    }
}

/// The median of per-seed figures (the upper one of the middle two for an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank() {
        let l = Latencies::new((1..=100).rev().collect());
        assert_eq!(l.percentile(50.0), Some(50));
        assert_eq!(l.percentile(99.0), Some(99));
        assert_eq!(l.percentile(100.0), Some(100));
        assert_eq!(Latencies::new(vec![]).percentile(50.0), None);
        assert_eq!(fmt_ns(Some(1500)), "1500 ns");
        assert_eq!(fmt_ns(Some(25_000)), "25.0 µs");
    }
}
