//! System tests across the renq crates: helpers shared by the tests in `tests/` and by the
//! `renq-node` binary (one node's card process or one application process).

pub mod procs;
