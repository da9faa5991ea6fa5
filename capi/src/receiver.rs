//! Receivers: dequeue from a queue in this node's memory. A receiver may be used from several
//! threads at once (they take the queue's dequeue lock in turn); close it from one.

use crate::renq_status::{self, *};
use crate::{deref, free_handle, guard, out, Fail, Outcome};
use renq_lib::Receiver;
use std::time::Duration;

/// The one consumer handle of a queue (opaque): `renq_create_queue`, `renq_receiver_open`;
/// freed by `renq_receiver_close`.
pub struct renq_receiver {
    rx: Receiver,
}

impl renq_receiver {
    pub(crate) fn give(rx: Receiver) -> *mut renq_receiver {
        Box::into_raw(Box::new(renq_receiver { rx }))
    }
}

fn rx<'a>(r: *const renq_receiver) -> Result<&'a Receiver, Fail> {
    Ok(&deref(r, "receiver")?.rx)
}

fn one(got: Option<u64>, item: &mut u64) -> Outcome {
    Ok(match got {
        Some(v) => {
            *item = v;
            RENQ_OK
        }
        None => RENQ_EMPTY,
    })
}

/// A buffer the caller passed: `cap` words at `items` (NULL only with `cap` = 0).
fn buffer<'a>(items: *mut u64, cap: usize) -> Result<&'a mut [u64], Fail> {
    if cap == 0 {
        return Ok(&mut []);
    }
    if items.is_null() {
        return Err(Fail::invalid("items is NULL with cap > 0"));
    }
    // SAFETY: the caller passes `cap` writable words at `items` (the header's contract).
    Ok(unsafe { std::slice::from_raw_parts_mut(items, cap) })
}

/// The oldest item into `*item`: `RENQ_OK`; `RENQ_EMPTY` if the queue is empty now;
/// `RENQ_E_CLOSED` once it is closed and drained. Never waits. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_try_dequeue(receiver: *const renq_receiver, item: *mut u64) -> renq_status {
    guard(|| {
        let (rx, item) = (rx(receiver)?, out(item, "item")?);
        one(rx.try_dequeue()?, item)
    })
}

/// The oldest item, waiting until one arrives (the card: sleeping on its interrupt; the RDMA
/// fallback: polling with backoff). `RENQ_E_CLOSED` once closed and drained. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_dequeue(receiver: *const renq_receiver, item: *mut u64) -> renq_status {
    guard(|| {
        let (rx, item) = (rx(receiver)?, out(item, "item")?);
        *item = rx.dequeue()?;
        Ok(RENQ_OK)
    })
}

/// The oldest item, waiting at most `timeout_ns` nanoseconds: `RENQ_OK`, or `RENQ_EMPTY` if
/// none came in time. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_dequeue_timeout(receiver: *const renq_receiver, timeout_ns: u64, item: *mut u64) -> renq_status {
    guard(|| {
        let (rx, item) = (rx(receiver)?, out(item, "item")?);
        one(rx.dequeue_timeout(Duration::from_nanos(timeout_ns))?, item)
    })
}

/// Up to `cap` oldest items into `items`, in order; `*n` says how many (0: empty now). Never
/// waits. `RENQ_E_CLOSED` once closed and drained. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_dequeue_batch(
    receiver: *const renq_receiver,
    items: *mut u64,
    cap: usize,
    n: *mut usize,
) -> renq_status {
    guard(|| {
        let (rx, n) = (rx(receiver)?, out(n, "n")?);
        *n = rx.dequeue_batch(buffer(items, cap)?)?;
        Ok(RENQ_OK)
    })
}

/// As `renq_dequeue_batch`, waiting up to `timeout_ns` for the first item (`*n` = 0: none
/// came in time). Thread-safe.
#[no_mangle]
pub extern "C" fn renq_dequeue_batch_timeout(
    receiver: *const renq_receiver,
    items: *mut u64,
    cap: usize,
    timeout_ns: u64,
    n: *mut usize,
) -> renq_status {
    guard(|| {
        let (rx, n) = (rx(receiver)?, out(n, "n")?);
        *n = rx.dequeue_batch_timeout(buffer(items, cap)?, Duration::from_nanos(timeout_ns))?;
        Ok(RENQ_OK)
    })
}

/// Items ready in the queue now (a snapshot). Thread-safe.
#[no_mangle]
pub extern "C" fn renq_receiver_len(receiver: *const renq_receiver, len: *mut usize) -> renq_status {
    guard(|| {
        *out(len, "len")? = rx(receiver)?.len();
        Ok(RENQ_OK)
    })
}

/// Closes the queue (as `renq_close_queue`): senders are refused from now on; what arrived is
/// still dequeued, then `RENQ_E_CLOSED`. The handle stays valid. Thread-safe.
#[no_mangle]
pub extern "C" fn renq_receiver_close_queue(receiver: *const renq_receiver) -> renq_status {
    guard(|| {
        rx(receiver)?.close()?;
        Ok(RENQ_OK)
    })
}

/// Frees the receiver; the queue stays (its items too) and `renq_receiver_open` takes it up
/// again. NULL is ignored. Once per receiver, after every other call on it has returned.
#[no_mangle]
pub extern "C" fn renq_receiver_close(receiver: *mut renq_receiver) -> renq_status {
    free_handle(receiver)
}
