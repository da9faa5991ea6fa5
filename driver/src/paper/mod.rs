//! The driver of the paper's card (the reference, spec §5, §9): queues as linked buffers the
//! card appends to through the five-step FSM; on overflow the handler moves the full
//! buffer's contents into a new buffer linked behind the first and RESUMEs the card.
//!
//! * [`driver`] — [`PaperDriver`]: the per-card driver, its queue table and interrupt thread;
//! * [`irq`] — the interrupt thread;
//! * [`queue`] — [`PaperQueue`]: one queue's chain, the dequeuer and the overflow handler's
//!   *extend*, written once as step machines ([`queue::steps`]) that the model check runs.

pub mod driver;
pub mod irq;
pub mod queue;

pub use driver::PaperDriver;
pub use queue::{OverflowAction, PaperQueue};
