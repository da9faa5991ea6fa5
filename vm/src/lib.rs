//! The one harness of renq's VM tests (QEMU TCG guests running the Debian 6.1 kernel; see
//! scripts/vm/README.md). The test files only say what to boot and what to check:
//!
//! * [`gate`] — a VM test runs only with `RENQ_VM_TESTS=1` (otherwise it prints one line and
//!   passes) and records that it ran in the file `RENQ_VM_TESTS_LOG` names, for scripts/test.
//! * [`build`] — the repository, and the nested `cargo build`s of the card's QEMU device server
//!   and of the guest programs (crate renq-guest).
//! * [`qemu`] — one card VM: initramfs, scripts/vm/run-guest, console and BAR log, the retry
//!   of QEMU 7.2's proxy crash before boot; [`rdma`] — the Soft-RoCE guests.
//! * [`exit`] — how a finished VM run is judged; [`fields`] — `key=value` parsing.
//!
//! Nothing here installs or downloads: scripts/setup does (packages, and the kernel through
//! scripts/vm/fetch-kernel); a missing piece fails the test with the command that provides it.

pub mod build;
pub mod exit;
pub mod fields;
pub mod gate;
pub mod qemu;
pub mod rdma;

pub use gate::vm_test;
