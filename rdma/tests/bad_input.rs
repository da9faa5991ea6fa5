//! Bad queue geometry gets a typed error, never a panic, an abort or a queue that "works" for
//! a while (issue 12, point 4, the constructors' part): sizes of 0, sizes too large to lay
//! out or to fit the region, misaligned bases, corrupt headers; and a seeded property test
//! over (base, size, region) through both queues' constructors, including a second consumer
//! (refused: `InUse`), enqueue after close (`Closed`) and re-creation after close.

use renq_rdma::remote::BASE_ALIGN;
use renq_rdma::{fast, seed, Error, RdmaDequeue, RdmaEnqueue, ShmRegion};
use std::panic::{catch_unwind, AssertUnwindSafe};

fn region(bytes: u64) -> std::sync::Arc<ShmRegion> {
    ShmRegion::create_memfd("renq-bad-input", bytes as usize).unwrap()
}

fn bad_size(r: Result<impl Sized, Error>) -> String {
    match r {
        Err(Error::BadSize(why)) => why,
        Err(e) => panic!("expected BadSize, got {e}"),
        Ok(_) => panic!("expected BadSize, got a queue"),
    }
}

#[test]
fn size_zero_is_refused_by_both_queues() {
    let r = region(4096);
    assert!(bad_size(fast::Consumer::create(r.handle(), 0, 0)).contains("capacity 0"));
    assert!(bad_size(seed::Consumer::create(r.handle(), 0, 0, seed::Variant::Faithful)).contains("buffer_size 0"));
    assert!(matches!(fast::Layout::new(0, 0), Err(Error::BadSize(_))));
    assert!(matches!(seed::Layout::new(0, 0, seed::Variant::LapTurn), Err(Error::BadSize(_))));
}

#[test]
fn huge_sizes_are_refused_before_anything_is_allocated_or_written() {
    let r = region(4096);
    for n in [1u64 << 40, u64::MAX / 2, u64::MAX] {
        // Above the maximum: refused by the layout itself (no terabyte buffer, no wrap-around).
        assert!(bad_size(fast::Consumer::create(r.handle(), 0, n)).contains("outside"));
        assert!(bad_size(seed::Consumer::create(r.handle(), 0, n, seed::Variant::Faithful)).contains("outside"));
        assert!(fast::Layout::bytes(n) >= n.saturating_mul(16), "the size saturates instead of wrapping");
        assert!(seed::Layout::bytes(n) >= n.saturating_mul(32), "the size saturates instead of wrapping");
    }
    // Within the maximum but larger than the region: refused, and the region is untouched.
    assert!(bad_size(fast::Consumer::create(r.handle(), 0, 1 << 20)).contains("the region has 4096"));
    assert!(bad_size(seed::Consumer::create(r.handle(), 0, 1 << 20, seed::Variant::LapTurn)).contains("region"));
    let mut h = r.handle();
    use renq_rdma::RemoteMemory;
    assert!((0..512).all(|w| h.read(8 * w).unwrap() == 0), "a refused create wrote into the region");
}

#[test]
fn misaligned_bases_are_refused() {
    let r = region(1 << 16);
    for base in [8, 16, 24, 32, 100 * 8, BASE_ALIGN + 8] {
        let e = fast::Consumer::create(r.handle(), base, 4).err().expect("misaligned fast queue");
        assert!(matches!(e, Error::Misaligned { base: b, align: BASE_ALIGN } if b == base), "{e}");
        assert!(e.to_string().contains("aligned"));
        let e = seed::Consumer::create(r.handle(), base, 4, seed::Variant::Faithful).err().expect("misaligned seed");
        assert!(matches!(e, Error::Misaligned { .. }), "{e}");
    }
    assert!(fast::Consumer::create(r.handle(), BASE_ALIGN, 4).is_ok());
}

#[test]
fn corrupt_headers_are_refused_at_attach() {
    use renq_rdma::RemoteMemory;
    let r = region(1 << 16);
    let _c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut h = r.handle();
    for bad in [0u64, 1 << 40, u64::MAX] {
        h.write(8 * fast::HDR_CAPACITY, &[bad]).unwrap();
        assert!(matches!(fast::Producer::attach(r.handle(), 0), Err(Error::BadSize(_))), "capacity {bad}");
    }
    let _s = seed::Consumer::create(r.handle(), 4096, 4, seed::Variant::Faithful).unwrap();
    h.write(4096 + 8 * seed::HDR_BUFFER_SIZE, &[0]).unwrap();
    assert!(matches!(seed::Producer::attach(r.handle(), 4096), Err(Error::BadSize(_))));
}

/// Another size for the second consumer: the same, or one larger than the region.
fn rng_size(n: u64) -> u64 {
    if n.is_multiple_of(2) {
        n
    } else {
        n.saturating_mul(1 << 20)
    }
}

/// xorshift64*, seeded: the same cases on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Mostly small and near the edges, sometimes anything.
    fn size(&mut self) -> u64 {
        match self.next() % 6 {
            0 => 0,
            1 => self.next() % 8,
            2 => self.next() % 600,
            3 => 1 << (self.next() % 64),
            4 => (1 << 32) + self.next() % 3 - 1,
            _ => self.next(),
        }
    }
}

/// Random (base, size, region) through both constructors: each answer is a queue that works
/// or a typed error, and nothing panics.
#[test]
fn constructors_answer_every_geometry_with_a_queue_or_a_typed_error() {
    let mut rng = Rng(0x0bad_1dea);
    let (mut ok, mut refused) = (0u32, 0u32);
    for case in 0..3000 {
        let bytes = 8 * (1 + rng.next() % 2048);
        let r = region(bytes);
        let base = match rng.next() % 3 {
            0 => 0,
            1 => BASE_ALIGN * (rng.next() % 32),
            _ => rng.next() % (2 * bytes + 1),
        };
        let n = rng.size();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let fast_q = fast::Consumer::create(r.handle(), base, n).map(|mut c| {
                let mut p = fast::Producer::attach(r.handle(), base).expect("attach to a queue just made");
                for i in 0..n.min(3) {
                    p.enqueue(i).unwrap();
                    assert_eq!(c.poll().unwrap(), Some(i));
                }
                // A second consumer of the live queue is refused, whatever size it asks for.
                let again = fast::Consumer::create(r.handle(), base, rng_size(n));
                assert!(matches!(again, Err(Error::InUse | Error::BadSize(_))), "second consumer: {:?}", again.err());
                // After close: enqueue is refused with Closed, and the region can be made again.
                c.close();
                assert_eq!(p.enqueue(9), Err(Error::Closed));
                drop(c);
                fast::Consumer::create(r.handle(), base, n).expect("re-create after close");
            });
            let seed_q = seed::Consumer::create(r.handle(), base, n, seed::Variant::LapTurn).map(|mut c| {
                let mut p = seed::Producer::attach(r.handle(), base).expect("attach to a queue just made");
                for i in 0..n.min(3) {
                    p.enqueue(i).unwrap();
                    assert_eq!(c.poll().unwrap(), Some(i));
                }
            });
            [fast_q, seed_q]
        }));
        let answers =
            outcome.unwrap_or_else(|_| panic!("case {case}: base {base:#x}, size {n}, region {bytes}: panicked"));
        for a in answers {
            match a {
                Ok(()) => ok += 1,
                Err(Error::BadSize(_) | Error::Misaligned { .. }) => refused += 1,
                Err(e) => panic!("case {case}: base {base:#x}, size {n}, region {bytes}: untyped refusal {e}"),
            }
        }
    }
    eprintln!("geometry property: {ok} queues made and used, {refused} refused with a typed error");
    assert!(ok > 500 && refused > 500, "the cases must cover both outcomes: {ok} ok, {refused} refused");
}

/// A header whose size fits the layout's maximum but not the region (1 000 slots in 4 KiB) is
/// `BadSize` at attach, for both queues (R.7), before any slot is touched.
#[test]
fn a_header_larger_than_the_region_is_refused_at_attach() {
    use renq_rdma::RemoteMemory;
    let r = region(4096);
    let _c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    r.handle().write(8 * fast::HDR_CAPACITY, &[1000]).unwrap();
    let why = bad_size(fast::Producer::attach(r.handle(), 0));
    assert!(why.contains("capacity 1000") && why.contains("the region has 4096"), "{why}");
    let r = region(4096);
    let _s = seed::Consumer::create(r.handle(), 0, 4, seed::Variant::LapTurn).unwrap();
    r.handle().write(8 * seed::HDR_BUFFER_SIZE, &[1000]).unwrap();
    assert!(bad_size(seed::Producer::attach(r.handle(), 0)).contains("the region has 4096"));
}

/// A 1-slot ring could never skip a stopped producer's ticket (R.11): refused.
#[test]
fn a_one_slot_ring_is_refused() {
    let r = region(4096);
    assert!(bad_size(fast::Consumer::create(r.handle(), 0, 1)).contains("at least 2"));
    assert!(bad_size(fast::Consumer::recreate(r.handle(), 0, 1)).contains("at least 2"));
    assert!(fast::Consumer::create(r.handle(), 0, fast::MIN_CAPACITY).is_ok());
}

/// The blocking and non-blocking dequeues of both queues after close: `Err(Closed)` once
/// drained, never a panic and never a wait for ever.
#[test]
fn dequeue_after_close_is_closed_not_a_panic() {
    let r = region(1 << 16);
    let mut c = fast::Consumer::create(r.handle(), 0, 4).unwrap();
    let mut p = fast::Producer::attach(r.handle(), 0).unwrap();
    p.enqueue(7).unwrap();
    c.close();
    assert_eq!(c.dequeue(), Ok(7), "what landed before the close is drained");
    assert_eq!(c.try_dequeue(), Err(Error::Closed));
    assert_eq!(c.dequeue(), Err(Error::Closed));
    assert_eq!(c.dequeue_batch(&mut [0; 4]), Err(Error::Closed));
    assert_eq!(p.enqueue(8), Err(Error::Closed));
}
