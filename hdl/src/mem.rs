//! The card's two stream contracts (spec §6), shared by the HDL modules and the test models.
//!
//! **Memory master** ([`crate::bus::MemMaster`] of [`crate::paper::fsm::PaperFsm`], `mem_*` ports of
//! `top`):
//! `mem_req`, `mem_write`, `mem_addr` (48-bit byte address, 8-aligned), `mem_wdata` are held
//! stable until the cycle in which `mem_ack` is high; `mem_rdata` is valid in that cycle. Any
//! latency ≥ 0 is allowed: `mem_ack` may be high in the first cycle of the request (the request
//! signals depend only on registers, never on `mem_ack`/`mem_rdata`, so there is no
//! combinational loop). At most one request is outstanding; a write takes effect at the clock
//! edge that ends its ack cycle.
//!
//! **Link TX / RX** ([`crate::bus::LinkTx`] / [`crate::bus::LinkRx`]): valid/ready streams of
//! `{src, dst, queue, data}`; a packet moves at a clock edge where both are high. TX outputs are registered. RX `ready` depends on the offered
//! `queue` (a stalled queue's packet is not taken), never on `valid`.

/// One memory transaction as seen on the port (for models and logs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemAccess {
    pub write: bool,
    pub addr: u64,
    /// Written data, or the data returned for a read.
    pub data: u64,
}
