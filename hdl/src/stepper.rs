//! [`Hand`], the one settle-and-clock loop, and on it the hand-stepped engine ([`EngineSim`])
//! and portal table ([`PortalSim`]): inputs applied and logic settled by hand, the clock
//! toggled by hand, no `Simulation` threads — for the module tests and `cycles-report`. Why
//! drivers of their own, not the whole card's `crate::cycle::RtlCard`: they step one block
//! alone, through its own (flat) ports.

use crate::portal::PortalTable;
use crate::Engine;
use rust_hdl::prelude::*;

/// Values for every input port of the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineIn {
    pub rx_valid: bool,
    pub rx_src: u16,
    pub rx_dst: u16,
    pub rx_queue: u16,
    pub rx_data: u64,
    pub rx_epoch: u8,
    pub rx_portal: u16,
    pub node_id: u16,
    pub rx_enable: bool,
    pub cmd_valid: bool,
    pub cmd_kind: u64,
    pub cmd_queue: u16,
    pub cmd_arg: u64,
    pub wr_ready: bool,
    pub rd_ready: bool,
    pub rsp_valid: bool,
    pub rsp_tag: u8,
    pub rsp_data: u64,
}

/// Values of every output port of the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineOut {
    pub rx_ready: bool,
    pub cmd_ready: bool,
    pub wr_valid: bool,
    pub wr_addr: u64,
    pub wr_data: u64,
    pub rd_valid: bool,
    pub rd_addr: u64,
    pub rd_tag: u8,
    pub ev_enqueued: bool,
    pub ev_rejected: bool,
    pub ev_refused: bool,
    pub ev_overflow: bool,
    pub ev_bad_header: bool,
    pub ev_query: bool,
    pub ev_switch: bool,
    pub ev_entered_run: bool,
    pub ev_queue: u16,
    pub ev_src: u16,
    pub ev_portal: u16,
    pub ev_epoch: u8,
    pub ev_data: u64,
    pub ev_notify: bool,
    pub idle: bool,
}

const SETTLE_LIMIT: usize = 100;

/// Any clocked rust-hdl block driven by hand: the one settle-and-clock loop under every
/// hand-stepped driver (the whole card's [`crate::cycle::RtlCard`], the paper card's
/// `PaperRtlCard`, the link's `Stepper`, the engine's and portal table's below, the benches).
pub struct Hand<T: Block> {
    pub uut: Box<T>,
    clock: fn(&mut T, bool),
}

impl<T: Block + Default> Hand<T> {
    /// `clock` sets the block's clock input.
    pub fn new(clock: fn(&mut T, bool)) -> Self {
        Self::boxed(Box::<T>::default(), clock)
    }
}

impl<T: Block> Hand<T> {
    /// `uut` as built; `clock` sets its clock input.
    pub fn boxed(mut uut: Box<T>, clock: fn(&mut T, bool)) -> Self {
        uut.connect_all();
        check_all(uut.as_ref()).expect("block fails rust-hdl's structural checks");
        let mut me = Hand { uut, clock };
        me.settle();
        me
    }

    /// Settle the logic after inputs were set on `uut`.
    pub fn settle(&mut self) {
        for _ in 0..SETTLE_LIMIT {
            self.uut.update_all();
            if !self.uut.has_changed() {
                return;
            }
        }
        panic!("logic did not settle within {SETTLE_LIMIT} passes (combinational loop?)");
    }

    /// One rising clock edge, then settle.
    pub fn tick(&mut self) {
        (self.clock)(&mut self.uut, true);
        self.settle();
        (self.clock)(&mut self.uut, false);
        self.settle();
    }
}

/// The rust-hdl engine with `QA` queue-state address bits, driven by hand.
pub struct EngineSim<const QA: usize> {
    hand: Hand<Engine<QA>>,
    cycles: u64,
}

impl<const QA: usize> Default for EngineSim<QA> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const QA: usize> EngineSim<QA> {
    pub fn new() -> Self {
        EngineSim { hand: Hand::new(|e, c| e.clock.next = Clock { clk: c }), cycles: 0 }
    }

    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Apply inputs and settle; returns the outputs.
    pub fn eval(&mut self, p: &EngineIn) -> EngineOut {
        let e = &mut self.hand.uut;
        e.rx_valid.next = p.rx_valid;
        e.rx_src.next = (p.rx_src as u64).into();
        e.rx_dst.next = (p.rx_dst as u64).into();
        e.rx_queue.next = (p.rx_queue as u64).into();
        e.rx_data.next = p.rx_data.into();
        e.rx_epoch.next = (p.rx_epoch as u64).into();
        e.rx_portal.next = (p.rx_portal as u64).into();
        e.node_id.next = (p.node_id as u64).into();
        e.rx_enable.next = p.rx_enable;
        e.cmd_valid.next = p.cmd_valid;
        e.cmd_kind.next = p.cmd_kind.into();
        e.cmd_queue.next = (p.cmd_queue as u64).into();
        e.cmd_arg.next = p.cmd_arg.into();
        e.wr_ready.next = p.wr_ready;
        e.rd_ready.next = p.rd_ready;
        e.rsp_valid.next = p.rsp_valid;
        e.rsp_tag.next = (p.rsp_tag as u64).into();
        e.rsp_data.next = p.rsp_data.into();
        self.hand.settle();
        self.outputs()
    }

    /// One rising clock edge with the inputs last given to `eval`, then settle.
    pub fn tick(&mut self) -> EngineOut {
        self.hand.tick();
        self.cycles += 1;
        self.outputs()
    }

    fn outputs(&self) -> EngineOut {
        let e = &self.hand.uut;
        EngineOut {
            rx_ready: e.rx_ready.val(),
            cmd_ready: e.cmd_ready.val(),
            wr_valid: e.wr_valid.val(),
            wr_addr: e.wr_addr.val().to_u64(),
            wr_data: e.wr_data.val().to_u64(),
            rd_valid: e.rd_valid.val(),
            rd_addr: e.rd_addr.val().to_u64(),
            rd_tag: e.rd_tag.val().to_u8(),
            ev_enqueued: e.ev_enqueued.val(),
            ev_rejected: e.ev_rejected.val(),
            ev_refused: e.ev_refused.val(),
            ev_overflow: e.ev_overflow.val(),
            ev_bad_header: e.ev_bad_header.val(),
            ev_query: e.ev_query.val(),
            ev_switch: e.ev_switch.val(),
            ev_entered_run: e.ev_entered_run.val(),
            ev_queue: e.ev_queue.val().to_u16(),
            ev_src: e.ev_src.val().to_u16(),
            ev_portal: e.ev_portal.val().to_u16(),
            ev_epoch: e.ev_epoch.val().to_u8(),
            ev_data: e.ev_data.val().to_u64(),
            ev_notify: e.ev_notify.val(),
            idle: e.idle.val(),
        }
    }
}

/// Values for every input port of the portal table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortalIn {
    pub tx_enable: bool,
    pub op_valid: bool,
    pub op_kind: u64,
    pub op_portal: u16,
    pub op_data: u64,
    pub op_epoch: u8,
    pub pkt_ready: bool,
}

/// Values of every output port of the portal table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PortalOut {
    pub op_ready: bool,
    /// A STORE may be offered (a register: the same whatever this cycle's inputs).
    pub store_ready: bool,
    pub pkt_valid: bool,
    pub pkt_dst: u16,
    pub pkt_queue: u16,
    pub pkt_portal: u16,
    pub pkt_epoch: u8,
    pub pkt_data: u64,
    pub rsp_valid: bool,
    pub rsp_data: u64,
    pub ev_sent: bool,
    pub ev_dropped: bool,
    pub ev_src_refused: bool,
    pub sweeping: bool,
}

/// The rust-hdl portal table with `PA` address bits, driven by hand.
pub struct PortalSim<const PA: usize> {
    hand: Hand<PortalTable<PA>>,
}

impl<const PA: usize> Default for PortalSim<PA> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const PA: usize> PortalSim<PA> {
    pub fn new() -> Self {
        PortalSim { hand: Hand::new(|p, c| p.clock.next = Clock { clk: c }) }
    }

    /// Apply inputs and settle; returns the outputs.
    pub fn eval(&mut self, i: &PortalIn) -> PortalOut {
        let p = &mut self.hand.uut;
        p.tx_enable.next = i.tx_enable;
        p.op_valid.next = i.op_valid;
        p.op_kind.next = i.op_kind.into();
        p.op_portal.next = (i.op_portal as u64).into();
        p.op_data.next = i.op_data.into();
        p.op_epoch.next = (i.op_epoch as u64).into();
        p.pkt_ready.next = i.pkt_ready;
        self.hand.settle();
        self.outputs()
    }

    /// `i` as the table's contract lets it be offered: a STORE only while `store_ready` (a
    /// register, so the same whatever this cycle's inputs), else withheld (`op_valid` low).
    /// Returns the inputs to apply and whether a STORE was withheld.
    pub fn within_credit(&mut self, i: &PortalIn) -> (PortalIn, bool) {
        let withheld = i.op_valid
            && i.op_kind == renq_abi::portal::op::STORE
            && !self.eval(&PortalIn { op_valid: false, ..*i }).store_ready;
        (PortalIn { op_valid: i.op_valid && !withheld, ..*i }, withheld)
    }

    /// One rising clock edge with the inputs last given to `eval`, then settle.
    pub fn tick(&mut self) -> PortalOut {
        self.hand.tick();
        self.outputs()
    }

    fn outputs(&self) -> PortalOut {
        let p = &self.hand.uut;
        PortalOut {
            op_ready: p.op_ready.val(),
            store_ready: p.store_ready.val(),
            pkt_valid: p.pkt_valid.val(),
            pkt_dst: p.pkt_dst.val().to_u16(),
            pkt_queue: p.pkt_queue.val().to_u16(),
            pkt_portal: p.pkt_portal.val().to_u16(),
            pkt_epoch: p.pkt_epoch.val().to_u8(),
            pkt_data: p.pkt_data.val().to_u64(),
            rsp_valid: p.rsp_valid.val(),
            rsp_data: p.rsp_data.val().to_u64(),
            ev_sent: p.ev_sent.val(),
            ev_dropped: p.ev_dropped.val(),
            ev_src_refused: p.ev_src_refused.val(),
            sweeping: p.sweeping.val(),
        }
    }
}

/// A random portal-table operation kind, in the mix the tests and the co-simulation use:
/// mostly stores and outcomes, some loads, RETRYs, GRANTs and ENTRY reads, and the two kinds
/// that mean nothing.
pub fn random_portal_op(rng: &mut crate::harness::Rng) -> u64 {
    use renq_abi::portal::op;
    match rng.below(100) {
        0..=34 => op::STORE,
        35..=59 => op::OUTCOME,
        60..=69 => op::LOAD,
        70..=77 => op::RETRY,
        78..=85 => op::GRANT,
        86..=92 => op::ENTRY,
        _ => 6 + rng.below(2),
    }
}
