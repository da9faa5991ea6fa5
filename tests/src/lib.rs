//! System tests across the renq crates
