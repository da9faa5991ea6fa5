//! Driver- and queue-side operation counters (Remus-style: every layer counts its own work,
//! so a report can put per-enqueue costs side by side with the card's counters).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

macro_rules! counters {
    ($(#[$m:meta])* $name:ident / $snap:ident { $($(#[$fm:meta])* $f:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Default, Debug)]
        pub struct $name { $($(#[$fm])* pub $f: AtomicU64,)* }
        /// A copy of the counters at one moment.
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $snap { $($(#[$fm])* pub $f: u64,)* }
        impl $name {
            pub fn snapshot(&self) -> $snap {
                $snap { $($f: self.$f.load(Relaxed),)* }
            }
        }
    };
}

counters! {
    /// Per queue.
    QueueStats / QueueStatsSnapshot {
        /// Items handed to the consumer.
        dequeued,
        /// Extensions done (new buffer linked behind F, card resumed).
        extends,
        /// Items copied from F into new buffers by extensions.
        moved_items,
        /// Overflows the handler deferred to a dequeuer (DNP was set).
        deferred,
        /// Deferred extensions a dequeuer ran on its way out (FULL_PENDING).
        pending_served,
        /// Drained buffers unlinked and retired.
        retired,
        /// Overflows that found no DMA memory (queue stayed stalled for a retry).
        alloc_failures,
        /// Stalls resumed without a new buffer (no memory, but the consumer had made room).
        resumed_without_extend,
        /// Times a consumer armed the queue before sleeping.
        arms,
        /// Times a sleeping consumer was woken.
        wakeups,
        /// The card: head doorbells rung (HEAD commands the card took).
        doorbells,
        /// The card: switches into a spare the handler took note of (spec §9c). On a card with
        /// one run at a time it notes them when it runs (the queue's entry into a posted run, a
        /// stall), so this lags the card's CNT_SWITCHES by the switches inside the run since.
        switches,
        /// The card: spares posted (buffers; one SPARE command posts a run of them).
        spares,
        /// The card: SPARE commands that posted them (one a run).
        spare_runs,
    }
}

counters! {
    /// Per device (the interrupt thread).
    DriverStats / DriverStatsSnapshot {
        /// Interrupt waits that returned with the line raised.
        irqs,
        overflow_irqs,
        notify_irqs,
        bad_header_irqs,
        /// Overflow-handler runs (one per stalled queue seen).
        handler_runs,
        /// Wall time spent inside the overflow handler, in ns (work per overflow = this over
        /// the extensions it made).
        handler_ns,
        /// Retired buffers returned to the DMA pool.
        reclaimed,
    }
}
