//! rdma-verbs-demo: both queues over one RDMA device through loopback RC queue pairs
//! (producers and consumer on this node; the wire path is the same as between nodes).
//! For the QEMU + rdma_rxe run: `rdma-verbs-demo [device] [gid_index] [items]`.
//! Prints the device's atomic capability and per-enqueue verbs counts; exits non-zero on
//! loss, duplication or reordering.

use renq_rdma::verbs::{Device, Qp, Region, VerbsMemory};
use renq_rdma::{fast, seed, Dequeue, Enqueue, Error};

fn loopback(dev: &std::sync::Arc<Device>, region: &Region) -> Result<VerbsMemory, Error> {
    let mut qp = Qp::create(dev)?;
    let me = qp.endpoint();
    qp.connect(&me, region.desc())?;
    Ok(qp.into_memory())
}

fn check(name: &str, got: &[u64], items: u64) {
    let want: Vec<u64> = (0..items).collect();
    if got != want.as_slice() {
        eprintln!("{name}: wrong items: {got:?}");
        std::process::exit(1);
    }
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map(String::as_str);
    let gid_index = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let items: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let dev = Device::open(name, 1, gid_index)?;
    println!(
        "device {}: atomic_cap {:?}, max_qp_rd_atom {}, max_qp_init_rd_atom {}",
        dev.name, dev.atomic_cap, dev.max_qp_rd_atom, dev.max_qp_init_rd_atom
    );
    let cap = 16;

    // fast: the consumer reads its own memory; the producer uses a QP.
    let region = Region::new(&dev, fast::Layout::bytes(cap) as usize)?;
    let mut c = fast::Consumer::create(region.local(), 0, cap);
    let mut p = fast::Producer::attach(loopback(&dev, &region)?, 0)?;
    let before = p.counters();
    let mut got = vec![];
    for i in 0..items {
        p.enqueue(i)?;
        while let Some(v) = c.poll()? {
            got.push(v);
        }
    }
    p.flush()?;
    while (got.len() as u64) < items {
        got.push(c.dequeue());
    }
    check("fast", &got, items);
    let d = p.counters() - before;
    println!("fast: {items} items, per enqueue: {:?}", d.per(items));
    println!(
        "atomic results byte-swapped: {:?}",
        p.memory().result_swapped()
    );

    // seed: the consumer's accesses go through its own loopback QP (HCA-safe).
    let region = Region::new(&dev, seed::Layout::bytes(cap) as usize)?;
    let mut c = seed::Consumer::create(loopback(&dev, &region)?, 0, cap, seed::Variant::LapTurn)?;
    let mut p = seed::Producer::attach(loopback(&dev, &region)?, 0)?;
    let before = p.counters();
    let mut got = vec![];
    for i in 0..items {
        p.enqueue(i)?;
        got.push(c.dequeue());
    }
    check("seed", &got, items);
    let d = p.counters() - before;
    println!(
        "seed (lap turn): {items} items, per enqueue: {:?}",
        d.per(items)
    );
    Ok(())
}
