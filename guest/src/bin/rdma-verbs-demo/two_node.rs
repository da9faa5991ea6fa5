//! Two nodes: the consumer (`--serve`) and the producers (`--connect`) on different hosts,
//! each with its own RDMA device, exchanging region descriptors and QP endpoints over TCP.

use crate::finish;
use crate::latency::latency_on;
use crate::queues::{loopback, Algo, Consumer, Producer};
use crate::runs::{consume, per, report};
use renq_rdma::connect::{desc_parse, desc_words, ep_hex, ep_parse, io, Link};
use renq_rdma::verbs::{Device, Qp, Region};
use renq_rdma::{fast, seed, Error, OpCounters};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The consumer node: a latency target, then one queue per algorithm, each with one
/// responder QP per producer.
pub fn serve(
    dev: &Arc<Device>,
    addr: &str,
    producers: u64,
    items: u64,
    cap: u64,
    failures: &mut Vec<String>,
) -> Result<(), Error> {
    let l = TcpListener::bind(addr).map_err(io)?;
    println!("RDMA-TWO-NODE role=consumer listening={addr}");
    let (stream, peer) = l.accept().map_err(io)?;
    println!("RDMA-TWO-NODE role=consumer peer={peer}");
    let mut link = Link::new(stream)?;
    {
        let region = Region::new(dev, 4096)?;
        let mut resp = Qp::create(dev)?;
        link.send(&format!("LAT {} {}", desc_words(&region.desc()), ep_hex(&resp.endpoint())))?;
        let ep = ep_parse(&link.expect("EP")?[0])?;
        resp.connect(&ep, region.desc())?;
        link.send("GO")?;
        link.expect("LATDONE")?;
    }
    for algo in Algo::ALL {
        let (mut consumer, region): (Consumer, Region) = match algo {
            Algo::Fast => {
                let region = Region::new(dev, fast::Layout::bytes(cap) as usize)?;
                (Box::new(fast::Consumer::create(region.local(), 0, cap)?), region)
            }
            _ => {
                let region = Region::new(dev, seed::Layout::bytes(cap) as usize)?;
                let c = seed::Consumer::create(loopback(dev, &region)?, 0, cap, algo.variant())?;
                (Box::new(c), region)
            }
        };
        let mut resps = (0..producers).map(|_| Qp::create(dev)).collect::<Result<Vec<_>, _>>()?;
        let eps: Vec<String> = resps.iter().map(|q| ep_hex(&q.endpoint())).collect();
        link.send(&format!("QUEUE {} {} {} {}", algo.name(), items, desc_words(&region.desc()), eps.join(" ")))?;
        let theirs = link.expect("EPS")?;
        if theirs.len() != resps.len() {
            return Err(Error::Os(format!("EPS: {} endpoints", theirs.len())));
        }
        for (q, e) in resps.iter_mut().zip(&theirs) {
            q.connect(&ep_parse(e)?, region.desc())?;
        }
        let cbefore = consumer.counters();
        link.send("GO")?;
        // The producers' report arrives when they have all finished and flushed.
        let done = Arc::new(AtomicUsize::new(0));
        let reader = {
            let done = done.clone();
            std::thread::spawn(move || {
                let r = link.expect("STATS");
                done.store(1, Ordering::Release);
                (link, r)
            })
        };
        let all_done = || done.load(Ordering::Acquire) == 1;
        let t = consume(&mut consumer, producers, items, &all_done)?;
        if t.stalled && !all_done() {
            report(
                algo,
                "two-node",
                cap,
                producers,
                items,
                &t,
                &OpCounters::default(),
                0,
                &OpCounters::default(),
                vec!["producers did not finish".into()],
                failures,
            );
            finish(failures);
        }
        let (l, stats) = reader.join().expect("reader thread");
        link = l;
        let w = stats?;
        let n = |i: usize| w.get(i).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
        let sum =
            OpCounters { reads: n(0), writes: n(1), faas: n(2), cases: n(3), round_trips: n(4), ..Default::default() };
        let errors: Vec<String> = w.iter().skip(6).cloned().collect();
        let dc = consumer.counters() - cbefore;
        report(algo, "two-node", cap, producers, items, &t, &sum, n(5), &dc, errors, failures);
        drop(resps);
    }
    link.send("BYE")?;
    Ok(())
}

/// The producer node: follows the consumer's script.
pub fn produce(dev: &Arc<Device>, addr: &str, _items: u64, failures: &mut Vec<String>) -> Result<(), Error> {
    let t0 = Instant::now();
    let stream = loop {
        match TcpStream::connect(addr) {
            Ok(s) => break s,
            Err(e) if t0.elapsed() < Duration::from_secs(120) => {
                let _ = e;
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(e) => return Err(io(e)),
        }
    };
    println!("RDMA-TWO-NODE role=producers connected={addr}");
    let mut link = Link::new(stream)?;
    loop {
        let line = link.recv()?;
        let w: Vec<String> = line.split_whitespace().map(String::from).collect();
        match w.first().map(String::as_str) {
            Some("LAT") => {
                let desc = desc_parse(&w[1..4])?;
                let mut qp = Qp::create(dev)?;
                qp.connect(&ep_parse(&w[4])?, desc)?;
                link.send(&format!("EP {}", ep_hex(&qp.endpoint())))?;
                link.expect("GO")?;
                latency_on(&mut qp, 500, "two-node")?;
                link.send("LATDONE")?;
            }
            Some("QUEUE") => {
                let algo = Algo::from_name(&w[1]).ok_or_else(|| Error::Os(format!("unknown algorithm {}", w[1])))?;
                let items: u64 = w[2].parse().map_err(|_| Error::Os("items".into()))?;
                let desc = desc_parse(&w[3..6])?;
                let mut qps = vec![];
                for e in &w[6..] {
                    let mut qp = Qp::create(dev)?;
                    qp.connect(&ep_parse(e)?, desc)?;
                    qps.push(qp);
                }
                let eps: Vec<String> = qps.iter().map(|q| ep_hex(&q.endpoint())).collect();
                link.send(&format!("EPS {}", eps.join(" ")))?;
                link.expect("GO")?;
                let n = qps.len();
                let start = Arc::new(std::sync::Barrier::new(n));
                let threads: Vec<_> = qps
                    .into_iter()
                    .enumerate()
                    .map(|(pi, qp)| {
                        let start = start.clone();
                        std::thread::spawn(move || -> Result<(OpCounters, u64), Error> {
                            let mem = qp.into_memory();
                            let mut prod: Producer = match algo {
                                Algo::Fast => Box::new(fast::Producer::attach(mem, 0)?),
                                _ => Box::new(seed::Producer::attach(mem, 0)?),
                            };
                            let before = prod.counters();
                            start.wait();
                            for i in 0..items {
                                prod.enqueue((pi as u64) << 32 | i)?;
                            }
                            prod.flush()?;
                            Ok((prod.counters() - before, prod.wait_polls()))
                        })
                    })
                    .collect();
                let mut sum = OpCounters::default();
                let mut polls = 0;
                let mut errors = vec![];
                for t in threads {
                    match t.join().expect("producer thread panicked") {
                        Ok((c, p)) => {
                            sum.add(&c);
                            polls += p;
                        }
                        Err(e) => errors.push(e.to_string().replace(' ', "_")),
                    }
                }
                let total = n as u64 * items;
                println!(
                    "RDMA-PRODUCERS algo={} producers={n} items={items} {} wait_polls={:.3} errors={}",
                    algo.name(),
                    per(&sum, total),
                    polls as f64 / total as f64,
                    errors.len()
                );
                if !errors.is_empty() {
                    failures.push(format!("{}:producer-error", algo.name()));
                }
                link.send(&format!(
                    "STATS {} {} {} {} {} {} {}",
                    sum.reads,
                    sum.writes,
                    sum.faas,
                    sum.cases,
                    sum.round_trips,
                    polls,
                    errors.join(" ")
                ))?;
            }
            Some("BYE") => return Ok(()),
            _ => return Err(Error::Os(format!("unexpected `{line}`"))),
        }
    }
}
