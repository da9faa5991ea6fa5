//! renq from C and C++ (spec §12c): `librenq.so`, `librenq.a` and `include/renq.h`, which is
//! generated from this crate by cbindgen (`tests/header.rs` writes and checks it) with a
//! hand-written inline section (`src/inline.h`: `renq_enqueue`, one store on a mapped portal).
//!
//! Every entry point returns a [`renq_status`] and runs its body under `catch_unwind`: no
//! panic crosses into the caller (it becomes `RENQ_E_PANIC`). Handles are opaque pointers the
//! library allocates and frees (`*_close`); a NULL handle or out-pointer is `RENQ_E_INVALID`.
//! [`renq_last_error`] gives the calling thread's last failure in words.
//!
//! Modules: `node` (open a node, queues, grants, metrics), `sender` (the sender struct the
//! inline enqueue writes, and its slow paths), `receiver` (dequeue).

// The C names are the ABI.
#![allow(non_camel_case_types)]
// The entry points are for C: their pointer contract is the header's (a handle this library
// returned and not yet closed, or NULL, which each checks), not Rust's `unsafe`.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod node;
mod receiver;
mod sender;

pub use node::*;
pub use receiver::*;
pub use sender::*;

use renq_lib::Error;
use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What every `renq_*` function returns: `RENQ_OK` (0), `RENQ_EMPTY` (1: no item, not an
/// error), or a negative error. `renq_strerror` names each; `renq_last_error` says more.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum renq_status {
    /// Done.
    RENQ_OK = 0,
    /// `renq_try_dequeue`, `renq_dequeue_timeout`: no item (now / in time).
    RENQ_EMPTY = 1,
    /// A NULL handle or pointer, a string that is not UTF-8, or an argument out of its C range
    /// (a node spec that does not parse, a timeout that overflows).
    RENQ_E_INVALID = -1,
    /// Node id outside the transport's range (`renq_node_limits`).
    RENQ_E_UNKNOWN_NODE = -2,
    /// Queue id outside the range, or a queue not created on this node.
    RENQ_E_UNKNOWN_QUEUE = -3,
    /// The queue was already created on this node.
    RENQ_E_QUEUE_EXISTS = -4,
    /// Buffer size not allowed (log2 of the words outside the allowed range).
    RENQ_E_SIZE = -5,
    /// The queue already has its one receiver.
    RENQ_E_DOUBLE_CONSUMER = -6,
    /// The queue is closed (and drained, for a receiver).
    RENQ_E_CLOSED = -7,
    /// A send-only node cannot do that (create, open or close queues).
    RENQ_E_NOT_OWNER = -8,
    /// A send-only node of the card: no unused granted portal to (node, queue).
    RENQ_E_NOT_GRANTED = -9,
    /// The card or its driver failed.
    RENQ_E_DEVICE = -10,
    /// The transport failed (RDMA region, the card's portal reports stores dropped here, no
    /// outcome in time).
    RENQ_E_TRANSPORT = -11,
    /// The card: the destination rejected this sender's items (no such queue, or closed).
    RENQ_E_REJECTED = -12,
    /// The RDMA fallback over verbs: this sender was fenced after pausing past its lease.
    RENQ_E_FENCED = -13,
    /// A bug in the library: it panicked; the panic was stopped at the boundary.
    RENQ_E_PANIC = -14,
}

use renq_status::*;

/// A failure on its way to the caller: the status and the words for `renq_last_error`.
pub(crate) struct Fail(renq_status, String);

impl Fail {
    pub(crate) fn invalid(what: impl Into<String>) -> Fail {
        Fail(RENQ_E_INVALID, what.into())
    }
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        let status = match &e {
            Error::UnknownNode(_) => RENQ_E_UNKNOWN_NODE,
            Error::UnknownQueue(_) => RENQ_E_UNKNOWN_QUEUE,
            Error::QueueExists(_) => RENQ_E_QUEUE_EXISTS,
            Error::SizeNotAllowed(_) => RENQ_E_SIZE,
            Error::DoubleConsumer(_) => RENQ_E_DOUBLE_CONSUMER,
            Error::Closed => RENQ_E_CLOSED,
            Error::NotOwner => RENQ_E_NOT_OWNER,
            Error::NotGranted { .. } => RENQ_E_NOT_GRANTED,
            Error::Device(_) => RENQ_E_DEVICE,
            Error::Transport(_) => RENQ_E_TRANSPORT,
            Error::Rejected { .. } => RENQ_E_REJECTED,
            Error::Fenced { .. } => RENQ_E_FENCED,
        };
        Fail(status, e.to_string())
    }
}

pub(crate) type Outcome = Result<renq_status, Fail>;

thread_local! {
    static LAST: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last(msg: String) {
    let c = CString::new(msg.replace('\0', " ")).unwrap_or_default();
    LAST.with(|l| *l.borrow_mut() = c);
}

/// Runs an entry point's body: its status, the failure recorded for `renq_last_error`, and
/// a panic stopped here (`RENQ_E_PANIC`).
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> renq_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(status)) => status,
        Ok(Err(Fail(status, msg))) => {
            set_last(msg);
            status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            set_last(format!("renq: internal error (stopped at the C boundary): {what}"));
            RENQ_E_PANIC
        }
    }
}

/// A reference the caller passed: NULL is `RENQ_E_INVALID`.
pub(crate) fn deref<'a, T>(p: *const T, what: &str) -> Result<&'a T, Fail> {
    // SAFETY: the caller passes a handle this library returned and has not closed (the
    // header's contract); NULL is checked here.
    unsafe { p.as_ref() }.ok_or_else(|| Fail::invalid(format!("{what} is NULL")))
}

/// A place to write a result: NULL is `RENQ_E_INVALID`.
pub(crate) fn out<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, Fail> {
    // SAFETY: as `deref`; the caller's out-pointer points to writable memory or is NULL.
    unsafe { p.as_mut() }.ok_or_else(|| Fail::invalid(format!("{what} is NULL")))
}

/// Frees a handle this library returned, as its `*_close` does: NULL is ignored.
pub(crate) fn free_handle<T>(p: *mut T) -> renq_status {
    guard(|| {
        if !p.is_null() {
            // SAFETY: a handle from this library, closed once, after every other call on it has
            // returned (the header's contract for every `*_close`).
            drop(unsafe { Box::from_raw(p) });
        }
        Ok(RENQ_OK)
    })
}

/// A C string argument.
pub(crate) fn string<'a>(p: *const c_char, what: &str) -> Result<&'a str, Fail> {
    if p.is_null() {
        return Err(Fail::invalid(format!("{what} is NULL")));
    }
    // SAFETY: a non-NULL argument is a NUL-terminated string (the header's contract).
    unsafe { CStr::from_ptr(p) }.to_str().map_err(|_| Fail::invalid(format!("{what} is not UTF-8")))
}

/// The name of a status, e.g. "queue closed" for `RENQ_E_CLOSED`; a static string (never
/// NULL, never freed). Any value, including ones no function returns, gives a string.
/// Thread-safe.
#[no_mangle]
pub extern "C" fn renq_strerror(status: i32) -> *const c_char {
    let s: &'static CStr = match status {
        0 => c"ok",
        1 => c"empty: no item",
        -1 => c"invalid argument",
        -2 => c"unknown node",
        -3 => c"unknown queue",
        -4 => c"queue already exists",
        -5 => c"buffer size not allowed",
        -6 => c"queue already has a receiver",
        -7 => c"queue closed",
        -8 => c"send-only node: not the owner",
        -9 => c"no portal granted",
        -10 => c"device error",
        -11 => c"transport error",
        -12 => c"rejected by the destination",
        -13 => c"sender fenced",
        -14 => c"internal error (panic stopped)",
        _ => c"unknown status",
    };
    s.as_ptr()
}

/// The calling thread's last failure in words (what `renq_strerror` names, with the detail:
/// which id, which path). Valid until this thread's next failing call; "" if none yet.
/// Thread-safe (per thread).
#[no_mangle]
pub extern "C" fn renq_last_error() -> *const c_char {
    LAST.with(|l| l.borrow().as_ptr())
}
