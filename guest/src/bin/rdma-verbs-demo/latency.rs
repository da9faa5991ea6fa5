//! Phase 3: round-trip latency of single operations, timed one by one.

use crate::queues::loopback_qp;
use renq_rdma::verbs::{Device, Qp, Region};
use renq_rdma::{Error, RemoteMemory};
use std::sync::Arc;
use std::time::Instant;

fn stats(mut us: Vec<f64>) -> String {
    us.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = us.len();
    let mean = us.iter().sum::<f64>() / n as f64;
    let pct = |p: f64| us[((n as f64 * p) as usize).min(n - 1)];
    format!("n={n} mean_us={mean:.1} p50_us={:.1} p99_us={:.1} min_us={:.1}", pct(0.5), pct(0.99), us[0])
}

/// Phase 3: round-trip latency of single dependent operations on an idle loopback QP.
pub(crate) fn latency(dev: &Arc<Device>, n: usize) -> Result<(), Error> {
    let region = Region::new(dev, 4096)?;
    let mut qp = loopback_qp(dev, &region)?;
    latency_on(&mut qp, n, "loopback")
}

/// Times `n` READs, FAAs, CASes (one at a time) and `n` posted 16-byte WRITEs on `qp`
/// (connected to a region of at least 48 bytes).
pub(crate) fn latency_on(qp: &mut Qp, n: usize, link: &str) -> Result<(), Error> {
    for _ in 0..10 {
        qp.read(0)?; // warm-up
    }
    let time = |f: &mut dyn FnMut() -> Result<(), Error>| -> Result<Vec<f64>, Error> {
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            let t = Instant::now();
            f()?;
            v.push(t.elapsed().as_secs_f64() * 1e6);
        }
        Ok(v)
    };
    let v = time(&mut || qp.read(0).map(drop))?;
    println!("RDMA-LATENCY op=READ link={link} {}", stats(v));
    let v = time(&mut || qp.fetch_and_add(8, 1).map(drop))?;
    println!("RDMA-LATENCY op=FAA link={link} {}", stats(v));
    let v = time(&mut || qp.compare_and_swap(16, 0, 0).map(drop))?;
    println!("RDMA-LATENCY op=CAS link={link} {}", stats(v));
    // Posted 16-byte WRITEs: issue cost, then the wait for all of them.
    let t = Instant::now();
    for i in 0..n as u64 {
        qp.write(32, &[i, i + 1])?;
    }
    let issue = t.elapsed();
    qp.flush()?;
    let all = t.elapsed();
    println!(
        "RDMA-LATENCY op=WRITE16-posted link={link} n={n} issue_us={:.1} completed_us_per_write={:.1}",
        issue.as_secs_f64() * 1e6 / n as f64,
        all.as_secs_f64() * 1e6 / n as f64
    );
    Ok(())
}
