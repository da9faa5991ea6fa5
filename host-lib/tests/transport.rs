//! The transport contract from the outside: a caller's own queue behind `Enqueue`/`Dequeue`
//! runs through `Sender` and `Receiver` exactly like the library's transports.

use renq::{Dequeue, Enqueue, Error, Receiver, Result, Sender};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A bounded in-memory FIFO: full → typed error; closed and drained → Closed.
#[derive(Default)]
struct Fifo {
    items: Mutex<VecDeque<u64>>,
    closed: Mutex<bool>,
}

const CAPACITY: usize = 4;

struct Tx(Arc<Fifo>);
struct Rx(Arc<Fifo>);

impl Enqueue for Tx {
    fn enqueue(&self, item: u64) -> Result<()> {
        let mut q = self.0.items.lock().unwrap();
        if q.len() == CAPACITY {
            return Err(Error::Transport("full".into()));
        }
        q.push_back(item);
        Ok(())
    }
}

impl Dequeue for Rx {
    fn queue(&self) -> renq::QueueId {
        9
    }
    fn dequeue_batch(&self, out: &mut [u64]) -> Result<usize> {
        let mut q = self.0.items.lock().unwrap();
        let n = q.len().min(out.len());
        for (o, v) in out.iter_mut().zip(q.drain(..n)) {
            *o = v;
        }
        if n == 0 && !out.is_empty() && *self.0.closed.lock().unwrap() {
            return Err(Error::Closed);
        }
        Ok(n)
    }
    fn dequeue_until(&self, deadline: Option<Instant>) -> Result<Option<u64>> {
        renq::transport::poll_until(self, deadline)
    }
    fn len(&self) -> usize {
        self.0.items.lock().unwrap().len()
    }
}

#[test]
fn a_callers_queue_runs_behind_sender_and_receiver() {
    let fifo = Arc::new(Fifo::default());
    let tx = Sender::from_op(Box::new(Tx(fifo.clone())), 3, 9);
    let rx = Receiver::new(Box::new(Rx(fifo.clone())));
    assert_eq!((tx.node(), tx.queue(), rx.queue()), (3, 9, 9));
    for i in 0..CAPACITY as u64 {
        tx.enqueue(i).unwrap();
    }
    assert!(matches!(tx.enqueue(99), Err(Error::Transport(_))), "the transport's error reaches the caller");
    assert_eq!(rx.len(), CAPACITY);
    assert_eq!(rx.try_dequeue().unwrap(), Some(0));
    let mut out = [0u64; 8];
    assert_eq!(rx.dequeue_batch(&mut out).unwrap(), 3);
    assert_eq!(&out[..3], &[1, 2, 3]);
    assert_eq!(rx.dequeue_timeout(Duration::from_millis(20)).unwrap(), None);
    tx.enqueue(7).unwrap();
    assert_eq!(rx.dequeue_batch_timeout(&mut out, Duration::from_secs(5)).unwrap(), 1);
    assert_eq!(out[0], 7);
    *fifo.closed.lock().unwrap() = true;
    assert!(matches!(rx.try_dequeue(), Err(Error::Closed)));
}
