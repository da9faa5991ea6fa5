//! The few Linux primitives renq's processes share memory with, in one place:
//!
//! * [`Mapping`] — an owned range of address space (anonymous, huge-page, file-backed, or a
//!   `PROT_NONE` reservation with pages placed in it), unmapped on drop.
//! * [`SharedRegion`] — a memfd and its shared read/write mapping: one node's host memory, the
//!   RDMA stand-in's shared region. Another process maps the same pages from the descriptor.
//! * [`send_with_fds`] / [`recv_exact_with_fds`] — descriptors over a UNIX socket (SCM_RIGHTS);
//!   [`inheritable_pair`] — a socket whose other end a child process inherits.
//! * [`EventFd`] — a counter the kernel can wait on (interrupt doorbells).
//! * [`raise_thread_priority`] — the threads that stand for hardware or its interrupt handler
//!   run ahead of the application's.
//!
//! It is its own crate, below the simulator, the driver and the RDMA fallback, because all three
//! use it and none of them is on the others' data path. The system calls are rustix's; this crate
//! adds ownership (drop unmaps/closes) and the checks the callers used to repeat.

mod eventfd;
mod fdpass;
mod mapping;
mod memfd;

pub use eventfd::EventFd;
pub use fdpass::{inheritable_pair, recv_exact_with_fds, send_with_fds, MAX_FDS};
pub use mapping::Mapping;
pub use memfd::{file_identity, memfd, FileIdentity, SharedRegion};

/// Ends this process with SIGKILL, as an external `kill -9` would: no destructors, no atexit,
/// no flush. For tests of what survives a producer that dies at an exact step.
pub fn kill_self() -> ! {
    let _ = rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::KILL);
    unreachable!("SIGKILL cannot be caught")
}

/// Gives the calling thread the nice value `nice` (below 0: ahead of ordinary threads), as a
/// kernel runs its threaded interrupt handlers ahead of applications: for the driver's interrupt
/// thread and the simulated card's worker, which must not wait milliseconds for a CPU behind
/// busy producers. Best effort: false without the privilege (CAP_SYS_NICE); the thread then
/// keeps its priority.
pub fn raise_thread_priority(nice: i32) -> bool {
    rustix::process::setpriority_process(Some(rustix::thread::gettid()), nice).is_ok()
}
