use super::*;
use crate::harness::{control_word, export_word, IRQ_ALL};
use crate::sim_util::*;

macro_rules! csr_write {
    ($sim:ident, $x:ident, $addr:expr, $value:expr) => {
        wait_clock_false!($sim, clock, $x);
        $x.csr_addr.next = ($addr as u64).into();
        $x.csr_wdata.next = ($value as u64).into();
        $x.csr_write.next = true;
        wait_clock_true!($sim, clock, $x);
        wait_clock_false!($sim, clock, $x);
        $x.csr_write.next = false;
        // the write takes effect at the edge ending the next cycle
        wait_clock_true!($sim, clock, $x);
        wait_clock_false!($sim, clock, $x);
    };
}

macro_rules! csr_read {
    ($sim:ident, $x:ident, $addr:expr) => {{
        wait_clock_false!($sim, clock, $x);
        $x.csr_addr.next = ($addr as u64).into();
        $x.csr_read.next = true;
        wait_clock_true!($sim, clock, $x);
        wait_clock_false!($sim, clock, $x);
        $x.csr_read.next = false;
        // registered: the data of the read is on csr_rdata in the cycle after it
        $x.csr_rdata.val().to_u64()
    }};
}

/// Holds one event input high for one clock cycle.
macro_rules! pulse {
    ($sim:ident, $x:ident, $($b:ident.$ev:ident),+) => {
        wait_clock_false!($sim, clock, $x);
        $( $x.$b.$ev.next = true; )+
        wait_clock_true!($sim, clock, $x);
        wait_clock_false!($sim, clock, $x);
        $( $x.$b.$ev.next = false; )+
        // counters update one cycle after their event
        wait_clock_true!($sim, clock, $x);
        wait_clock_false!($sim, clock, $x);
    };
}

#[test]
fn registers_counters_and_interrupts() {
    run_with_deadline("regfile", SIM_DEADLINE, || {
        let mut sim = Simulation::new();
        sim.add_clock(HALF_PERIOD, |x: &mut Box<PaperRegFile>| x.clock.next = !x.clock.val());
        sim.add_testbench(move |mut sim: Sim<PaperRegFile>| {
            let mut x = sim.init()?;
            wait_clock_false!(sim, clock, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::ID), regs::ID_VALUE, x);
            csr_write!(sim, x, regs::NODE_ID, 0xf5);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::NODE_ID), 5, x);
            sim_assert_eq!(sim, x.node_id.val().to_u64(), 5, x);
            csr_write!(sim, x, regs::CONTROL, u64::MAX);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CONTROL), control_word(true, true), x);
            sim_assert!(sim, x.rx_enable.val() && x.tx_enable.val(), x);
            // Reads are 0 without csr_read, at unknown and at misaligned offsets.
            wait_clock_true!(sim, clock, x);
            wait_clock_false!(sim, clock, x);
            sim_assert_eq!(sim, x.csr_rdata.val().to_u64(), 0, x);
            sim_assert_eq!(sim, csr_read!(sim, x, 0x0f8), 0, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::NODE_ID + 1), 0, x);
            // Export table: stored with undefined bits dropped, looked up by queue.
            csr_write!(sim, x, regs::export_entry(13), export_word(0xab_cdef_0000, 9) | 0x7f00_0000_0000_0000);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::export_entry(13)), export_word(0xab_cdef_0000, 9), x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::export_entry(12)), 0, x);
            x.lookup.queue.next = 13.into();
            x = sim.wait(1, x)?;
            sim_assert_eq!(sim, x.lookup.base.val().to_u64(), 0xab_cdef_0000u64, x);
            // Overflow on queue 13: STALLED, IRQ OVERFLOW, counter; the line follows the mask.
            x.rx_events.queue.next = 13.into();
            pulse!(sim, x, rx_events.stall, rx_events.overflow, rx_events.enqueued);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_OVERFLOW, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_OVERFLOWS), 1, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_ENQUEUED), 1, x);
            sim_assert!(sim, !x.irq.val(), x);
            csr_write!(sim, x, regs::IRQ_MASK, IRQ_ALL);
            sim_assert!(sim, x.irq.val(), x);
            // W1C clears only the written bits; RESUME q clears STALLED[q] only.
            csr_write!(sim, x, regs::IRQ_STATUS, 1u64 << regs::bits::IRQ_NOTIFY);
            sim_assert!(sim, x.irq.val(), x);
            csr_write!(sim, x, regs::IRQ_STATUS, 1u64 << regs::bits::IRQ_OVERFLOW);
            sim_assert!(sim, !x.irq.val(), x);
            csr_write!(sim, x, regs::RESUME, 12);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
            csr_write!(sim, x, regs::RESUME, 13 + 16); // not a queue number: ignored
            sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 1 << 13, x);
            csr_write!(sim, x, regs::RESUME, 13);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::STALLED), 0, x);
            // ARM, then an enqueue there: disarmed, NOTIFY once.
            csr_write!(sim, x, regs::ARM, 13);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::ARMED), 1 << 13, x);
            pulse!(sim, x, rx_events.enqueued);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::ARMED), 0, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_NOTIFY, x);
            // The remaining counters and BAD_HEADER.
            pulse!(sim, x, tx_events.sent, tx_events.dropped, rx_events.rejected, rx_events.bad_header);
            pulse!(sim, x, tx_events.sent);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_SENT), 2, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_TX_DROPPED), 1, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_REJECTED), 1, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_BAD_HEADER), 1, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::CNT_ENQUEUED), 2, x);
            sim_assert_eq!(
                sim,
                csr_read!(sim, x, regs::IRQ_STATUS),
                1 << regs::bits::IRQ_NOTIFY | 1 << regs::bits::IRQ_BAD_HEADER,
                x
            );
            // An event in the cycle a W1C of the same bit takes effect (the cycle after the
            // write cycle): the event wins.
            wait_clock_false!(sim, clock, x);
            x.csr_addr.next = regs::IRQ_STATUS.into();
            x.csr_wdata.next = IRQ_ALL.into();
            x.csr_write.next = true;
            wait_clock_true!(sim, clock, x);
            wait_clock_false!(sim, clock, x);
            x.csr_write.next = false;
            x.rx_events.bad_header.next = true;
            wait_clock_true!(sim, clock, x);
            wait_clock_false!(sim, clock, x);
            x.rx_events.bad_header.next = false;
            wait_clock_true!(sim, clock, x);
            wait_clock_false!(sim, clock, x);
            sim_assert_eq!(sim, csr_read!(sim, x, regs::IRQ_STATUS), 1 << regs::bits::IRQ_BAD_HEADER, x);
            sim.done(x)
        });
        sim.run(Box::new(PaperRegFile::default()), 100_000).unwrap();
    });
}
