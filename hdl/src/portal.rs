//! The card's sender side: the portal table (spec §7c portals, §7e this block).
//!
//! One operation per cycle on a valid/ready port (`op_*`, kinds `renq_abi::portal::op`):
//! a host store to a portal page (STORE) or its RETRY word, a status LOAD, the driver's GRANT
//! (BAR0 PORTAL write: new destination, status and epoch zeroed; an entry without VALID
//! invalidates) and ENTRY read, and an OUTCOME packet from the link. Each portal's state sits in
//! block RAM, `1 << PA` portals deep: the status word exactly as a load returns it
//! (`renq_abi::portal::Status`), the route (bits 21..0 of the `Entry` word), VALID and the
//! epoch the portal last learned.
//!
//! Three stages after the input register: S0 holds the operation taken and reads its portal's
//! state with the address from that register (a synchronous RAM read, so the block RAM has
//! registers on both ends); S1 registers the RAM's answer and compares its portal with the two
//! writes that answer cannot have seen; S2 decides with that state — or with the newer of those
//! writes to the same portal (forwarding) — writes the state back, and registers its results:
//! the ENQUEUE packet, the answer of a LOAD or ENTRY (`rsp_*`, one cycle) and one-cycle events
//! for the card's counters. So the counters' arithmetic starts from registers (spec §7e). The
//! packet goes from its register into a small FIFO, and from the FIFO into the output register
//! (`pkt_*`, valid/ready) or a skid register behind it, so neither S2's decision nor the
//! link's `pkt_ready` runs into the FIFO's shift. Nothing waits inside: every operation is
//! taken after the sweep (`op_ready` is a register), and a STORE is offered only while
//! `store_ready` (a register) says the FIFO has room for it behind every STORE already in S0,
//! S1, S2 and the packet register — a credit, so a STORE never waits for the link and the
//! OUTCOMEs behind it never wait for the STOREs (a STORE offered without room is dropped and
//! counted). After power-up the table sweeps every portal to zero (invalid) before it takes an
//! operation (`sweeping`).
//! The rules are `renq_sim::engine::model::Model`'s (the reference); a portal number beyond the
//! build's table is dropped (STORE) or ignored, and reads 0.

use crate::fifo::ShiftFifo;
use crate::*;
use renq_abi::packet::outcome;
use renq_abi::portal::{bits, op, MAX_IN_FLIGHT, REFUSED_BITS};
use rust_hdl::prelude::*;

mod default;
mod pack;
pub use pack::{EntryPack, PacketPack, StatusPack, PKT_W};
use pack::{PKT_DATA_LSB, PKT_EPOCH_LSB, PKT_PORTAL_LSB, PKT_QUEUE_LSB};

/// Width of the operation kind.
pub const OP_W: usize = op::BITS as usize;
/// The route: bits 21..0 of an `Entry` word (node and queue).
pub const ROUTE_W: usize = bits::ENTRY_NODE_MSB as usize + 1;
const ACCEPTED_W: usize = bits::STATUS_IN_FLIGHT_LSB as usize;
const IN_FLIGHT_W: usize = (bits::STATUS_REFUSED_LSB - bits::STATUS_IN_FLIGHT_LSB) as usize;
const REFUSED_W: usize = REFUSED_BITS as usize;
const CODE_W: usize = outcome::CODE_MASK.count_ones() as usize;
/// Packets the table holds for the link: with STOREs in S0, S1, S2 and the packet register and
/// one in the FIFO's output (taken in the cycle), six let one STORE in every cycle while the
/// link takes one.
pub const PKT_FIFO_DEPTH: usize = 6;
/// Packets the table holds for a stalled link: the FIFO's, and the output and skid registers'.
pub const PKT_HELD: usize = PKT_FIFO_DEPTH + 2;
/// Bits of a count of 0 to 2 · PKT_FIFO_DEPTH packets (the credit's bound before its compare).
const OCC_W: usize = 4;
const _: () = assert!(2 * PKT_FIFO_DEPTH < 1 << OCC_W && PKT_W <= 1 << 7);
/// Index widths of bit positions in a 64-bit word and in the route.
const WORD_POS_BITS: usize = WORD_W.trailing_zeros() as usize;
const ROUTE_POS_BITS: usize = 5;
const _: () = assert!(WORD_W.is_power_of_two() && ROUTE_W <= 1 << ROUTE_POS_BITS);
// The status word is {REFUSING, REJECTED, refused, in_flight, accepted}, packed by StatusPack.
const _: () = assert!(
    bits::STATUS_ACCEPTED_LSB == 0
        && bits::STATUS_REFUSED_LSB as usize + REFUSED_W == bits::STATUS_REJECTED as usize
        && bits::STATUS_REFUSING == bits::STATUS_REJECTED + 1
        && bits::STATUS_REFUSING as usize == WORD_W - 1
        && bits::ENTRY_QUEUE_LSB == 0
        && bits::ENTRY_NODE_LSB as usize == QUEUE_W
        && bits::ENTRY_VALID as usize == WORD_W - 1
        && MAX_IN_FLIGHT == (1 << IN_FLIGHT_W) - 1
        && outcome::CODE_MASK == (1 << CODE_W) - 1
);

#[derive(LogicBlock)]
pub struct PortalTable<const PA: usize> {
    pub clock: Signal<In, Clock>,
    /// CONTROL.TX_ENABLE, sampled when S2 decides a STORE.
    pub tx_enable: Signal<In, bool>,
    pub op_valid: Signal<In, bool>,
    pub op_ready: Signal<Out, bool>,
    /// `renq_abi::portal::op`.
    pub op_kind: Signal<In, Bits<OP_W>>,
    pub op_portal: Signal<In, Bits<PORTAL_W>>,
    /// STORE: the item; GRANT: the `Entry` word; OUTCOME: the outcome word.
    pub op_data: Signal<In, Bits<WORD_W>>,
    /// OUTCOME: the packet's epoch (the queue's, to use from now on).
    pub op_epoch: Signal<In, Bits<EPOCH_W>>,
    /// A STORE may be offered in this cycle: the packet FIFO has room for it (a register).
    pub store_ready: Signal<Out, bool>,
    // The ENQUEUE packet (src is the card's NODE_ID, added by the card).
    pub pkt_valid: Signal<Out, bool>,
    pub pkt_ready: Signal<In, bool>,
    pub pkt_dst: Signal<Out, Bits<NODE_W>>,
    pub pkt_queue: Signal<Out, Bits<QUEUE_W>>,
    pub pkt_portal: Signal<Out, Bits<PORTAL_W>>,
    pub pkt_epoch: Signal<Out, Bits<EPOCH_W>>,
    pub pkt_data: Signal<Out, Bits<WORD_W>>,
    /// The answer of a LOAD (status word) or ENTRY (entry word), for one cycle.
    pub rsp_valid: Signal<Out, bool>,
    pub rsp_data: Signal<Out, Bits<WORD_W>>,
    /// One-cycle events: CNT_SENT, CNT_TX_DROPPED, CNT_SRC_REFUSED.
    pub ev_sent: Signal<Out, bool>,
    pub ev_dropped: Signal<Out, bool>,
    pub ev_src_refused: Signal<Out, bool>,
    /// The start-up sweep is running (no operation is taken).
    pub sweeping: Signal<Out, bool>,

    status_ram: RAM<Bits<WORD_W>, PA>,
    route_ram: RAM<Bits<ROUTE_W>, PA>,
    valid_ram: RAM<bool, PA>,
    epoch_ram: RAM<Bits<EPOCH_W>, PA>,
    swept: DFF<bool>,
    sweep_ctr: DFF<Bits<PA>>,
    // S0: the operation taken, whose portal the RAM reads now.
    s0_valid: DFF<bool>,
    s0_kind: DFF<Bits<OP_W>>,
    s0_portal: DFF<Bits<PORTAL_W>>,
    s0_data: DFF<Bits<WORD_W>>,
    s0_epoch: DFF<Bits<EPOCH_W>>,
    // S1: the operation whose state the RAM answers now.
    s1_valid: DFF<bool>,
    s1_kind: DFF<Bits<OP_W>>,
    s1_portal: DFF<Bits<PORTAL_W>>,
    s1_data: DFF<Bits<WORD_W>>,
    s1_epoch: DFF<Bits<EPOCH_W>>,
    // S2: the operation deciding now, with the RAM's answer registered in S1 and which of the
    // two writes that answer missed (S2's of the cycle S1 read in, and the one before) are to
    // its portal, compared in S1.
    s2_valid: DFF<bool>,
    s2_kind: DFF<Bits<OP_W>>,
    s2_portal: DFF<Bits<PORTAL_W>>,
    s2_data: DFF<Bits<WORD_W>>,
    s2_epoch: DFF<Bits<EPOCH_W>>,
    s2_ram_status: DFF<Bits<WORD_W>>,
    s2_ram_route: DFF<Bits<ROUTE_W>>,
    s2_ram_entry_valid: DFF<bool>,
    s2_ram_epoch: DFF<Bits<EPOCH_W>>,
    /// S2's portal is `fwd_portal` (use `fwd_*` if that write was made).
    s2_hit1: DFF<bool>,
    /// S2's portal is that of `fwd2_*`, a write that was made.
    s2_hit2: DFF<bool>,
    // S2's write of the previous cycle (`fwd_*`) and of the one before (`fwd2_*`): forwarding.
    fwd_valid: DFF<bool>,
    fwd_portal: DFF<Bits<PORTAL_W>>,
    fwd_status: DFF<Bits<WORD_W>>,
    fwd_route: DFF<Bits<ROUTE_W>>,
    fwd_entry_valid: DFF<bool>,
    fwd_epoch: DFF<Bits<EPOCH_W>>,
    fwd2_status: DFF<Bits<WORD_W>>,
    fwd2_route: DFF<Bits<ROUTE_W>>,
    fwd2_entry_valid: DFF<bool>,
    fwd2_epoch: DFF<Bits<EPOCH_W>>,
    // Registered outputs.
    /// S2's packet, registered before it enters the FIFO (so the FIFO's push and its count
    /// start from flip-flops, not from S2's decision).
    s3_send: DFF<bool>,
    s3_pkt: DFF<Bits<PKT_W>>,
    // The packet FIFO (`occupied` counts its packets, `store_room` is `store_ready`).
    pkt_fifo: ShiftFifo<PKT_W, PKT_FIFO_DEPTH>,
    /// The packet on `pkt_*`, and one behind it (a skid register): the FIFO pops into them
    /// while the skid is empty, so its pop and shift follow registers, not the link's
    /// `pkt_ready`, which only moves these two.
    out_valid: DFF<bool>,
    out_pkt: DFF<Bits<PKT_W>>,
    skid_valid: DFF<bool>,
    skid_pkt: DFF<Bits<PKT_W>>,
    pkt_pack: PacketPack,
    occupied: DFF<Bits<OCC_W>>,
    store_room: DFF<bool>,
    rsp_valid_r: DFF<bool>,
    rsp_data_r: DFF<Bits<WORD_W>>,
    rsp_entry_r: DFF<bool>,
    rsp_route_r: DFF<Bits<ROUTE_W>>,
    rsp_entry_valid_r: DFF<bool>,
    ev_sent_r: DFF<bool>,
    ev_dropped_r: DFF<bool>,
    ev_src_refused_r: DFF<bool>,

    op_addr: Truncate<PORTAL_W, PA>,
    s2_addr: Truncate<PORTAL_W, PA>,
    pack: StatusPack,
    entry_word: EntryPack,

    // S2's view of the portal (RAM or forwarded) and its status fields.
    in_range: Signal<Local, bool>,
    cur_status: Signal<Local, Bits<WORD_W>>,
    cur_route: Signal<Local, Bits<ROUTE_W>>,
    cur_entry_valid: Signal<Local, bool>,
    cur_epoch: Signal<Local, Bits<EPOCH_W>>,
    accepted: Signal<Local, Bits<ACCEPTED_W>>,
    in_flight: Signal<Local, Bits<IN_FLIGHT_W>>,
    /// `in_flight`, as wide as `accepted`.
    in_flight_wide: Signal<Local, Bits<ACCEPTED_W>>,
    in_flight_mask: Constant<Bits<ACCEPTED_W>>,
    refused: Signal<Local, Bits<REFUSED_W>>,
    rejected: Signal<Local, bool>,
    refusing: Signal<Local, bool>,
    count: Signal<Local, Bits<ACCEPTED_W>>,
    code: Signal<Local, Bits<CODE_W>>,
    // The state S1 writes back.
    n_route: Signal<Local, Bits<ROUTE_W>>,
    n_entry_valid: Signal<Local, bool>,
    n_epoch: Signal<Local, Bits<EPOCH_W>>,
    write: Signal<Local, bool>,
    is_store: Signal<Local, bool>,
    is_answer: Signal<Local, bool>,
    /// S2's STORE goes out as a packet.
    send: Signal<Local, bool>,
    pop: Signal<Local, bool>,
    /// The FIFO's oldest packet.
    head: Signal<Local, Bits<PKT_W>>,
    /// The output register takes a packet (it is empty, or the link takes its packet).
    load_out: Signal<Local, bool>,
    /// Packets in the FIFO once the registered packet is in.
    ahead: Signal<Local, Bits<OCC_W>>,
    /// Packets the FIFO may hold once every STORE taken so far is decided (a bound).
    claimed: Signal<Local, Bits<OCC_W>>,
    ready: Signal<Local, bool>,

    k_store: Constant<Bits<OP_W>>,
    k_retry: Constant<Bits<OP_W>>,
    k_load: Constant<Bits<OP_W>>,
    k_grant: Constant<Bits<OP_W>>,
    k_outcome: Constant<Bits<OP_W>>,
    k_entry: Constant<Bits<OP_W>>,
    c_accepted: Constant<Bits<CODE_W>>,
    c_refused: Constant<Bits<CODE_W>>,
    c_rejected: Constant<Bits<CODE_W>>,
    /// PA, as a shift: portal numbers with bits above it are beyond the table.
    table_bits: Constant<Bits<4>>,
    zero_portal: Constant<Bits<PORTAL_W>>,
    sweep_last: Constant<Bits<PA>>,
    one_pa: Constant<Bits<PA>>,
    one_occ: Constant<Bits<OCC_W>>,
    zero_occ: Constant<Bits<OCC_W>>,
    // Where the packet word's fields start (pack::PKT_*_LSB).
    pkt_queue_pos: Constant<Bits<7>>,
    pkt_portal_pos: Constant<Bits<7>>,
    pkt_epoch_pos: Constant<Bits<7>>,
    pkt_data_pos: Constant<Bits<7>>,
    fifo_depth: Constant<Bits<OCC_W>>,
    one_in_flight: Constant<Bits<IN_FLIGHT_W>>,
    zero_in_flight: Constant<Bits<IN_FLIGHT_W>>,
    max_in_flight: Constant<Bits<IN_FLIGHT_W>>,
    one_refused: Constant<Bits<REFUSED_W>>,
    zero_refused: Constant<Bits<REFUSED_W>>,
    zero_accepted: Constant<Bits<ACCEPTED_W>>,
    zero_word: Constant<Bits<WORD_W>>,
    zero_route: Constant<Bits<ROUTE_W>>,
    zero_epoch: Constant<Bits<EPOCH_W>>,
    in_flight_pos: Constant<Bits<WORD_POS_BITS>>,
    refused_pos: Constant<Bits<WORD_POS_BITS>>,
    rejected_pos: Constant<Bits<WORD_POS_BITS>>,
    refusing_pos: Constant<Bits<WORD_POS_BITS>>,
    node_pos: Constant<Bits<ROUTE_POS_BITS>>,
    count_pos: Constant<Bits<WORD_POS_BITS>>,
    entry_valid_pos: Constant<Bits<WORD_POS_BITS>>,
}

impl<const PA: usize> Logic for PortalTable<PA> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            swept,
            sweep_ctr,
            s0_valid,
            s0_kind,
            s0_portal,
            s0_data,
            s0_epoch,
            s1_valid,
            s1_kind,
            s1_portal,
            s1_data,
            s1_epoch,
            s2_valid,
            s2_kind,
            s2_portal,
            s2_data,
            s2_epoch,
            s2_ram_status,
            s2_ram_route,
            s2_ram_entry_valid,
            s2_ram_epoch,
            s2_hit1,
            s2_hit2,
            fwd_valid,
            fwd_portal,
            fwd_status,
            fwd_route,
            fwd_entry_valid,
            fwd_epoch,
            fwd2_status,
            fwd2_route,
            fwd2_entry_valid,
            fwd2_epoch,
            s3_send,
            s3_pkt,
            occupied,
            out_valid,
            out_pkt,
            skid_valid,
            skid_pkt,
            store_room,
            rsp_valid_r,
            rsp_data_r,
            rsp_entry_r,
            rsp_route_r,
            rsp_entry_valid_r,
            ev_sent_r,
            ev_dropped_r,
            ev_src_refused_r
        );
        self.status_ram.read_clock.next = self.clock.val();
        self.status_ram.write_clock.next = self.clock.val();
        self.route_ram.read_clock.next = self.clock.val();
        self.route_ram.write_clock.next = self.clock.val();
        self.valid_ram.read_clock.next = self.clock.val();
        self.valid_ram.write_clock.next = self.clock.val();
        self.epoch_ram.read_clock.next = self.clock.val();
        self.epoch_ram.write_clock.next = self.clock.val();
        self.pkt_fifo.clock.next = self.clock.val();
        // Every operation is taken once the sweep is over (a STORE only while `store_ready`).
        self.ready.next = self.swept.q.val();
        self.op_addr.wide.next = self.s0_portal.q.val();
        self.s2_addr.wide.next = self.s2_portal.q.val();

        // S2's portal state: the RAM's answer registered in S1, or one of the two writes that
        // answer missed (the newer first), chosen by compares made in S1 — so the counters'
        // arithmetic below starts from registers, not from the RAM's output.
        self.cur_status.next = self.s2_ram_status.q.val();
        self.cur_route.next = self.s2_ram_route.q.val();
        self.cur_entry_valid.next = self.s2_ram_entry_valid.q.val();
        self.cur_epoch.next = self.s2_ram_epoch.q.val();
        if self.s2_hit2.q.val() {
            self.cur_status.next = self.fwd2_status.q.val();
            self.cur_route.next = self.fwd2_route.q.val();
            self.cur_entry_valid.next = self.fwd2_entry_valid.q.val();
            self.cur_epoch.next = self.fwd2_epoch.q.val();
        }
        if self.s2_hit1.q.val() & self.fwd_valid.q.val() {
            self.cur_status.next = self.fwd_status.q.val();
            self.cur_route.next = self.fwd_route.q.val();
            self.cur_entry_valid.next = self.fwd_entry_valid.q.val();
            self.cur_epoch.next = self.fwd_epoch.q.val();
        }
        self.accepted.next = self.cur_status.val().get_bits::<ACCEPTED_W>(0);
        self.in_flight.next = self.cur_status.val().get_bits::<IN_FLIGHT_W>(self.in_flight_pos.val().index());
        self.refused.next = self.cur_status.val().get_bits::<REFUSED_W>(self.refused_pos.val().index());
        self.rejected.next = self.cur_status.val().get_bit(self.rejected_pos.val().index());
        self.refusing.next = self.cur_status.val().get_bit(self.refusing_pos.val().index());
        self.in_flight_wide.next =
            self.cur_status.val().get_bits::<ACCEPTED_W>(self.in_flight_pos.val().index()) & self.in_flight_mask.val();
        self.count.next = self.s2_data.q.val().get_bits::<ACCEPTED_W>(self.count_pos.val().index());
        self.code.next = self.s2_data.q.val().get_bits::<CODE_W>(0);
        self.in_range.next = (self.s2_portal.q.val() >> self.table_bits.val()) == self.zero_portal.val();

        self.is_store.next = self.s2_valid.q.val() & (self.s2_kind.q.val() == self.k_store.val());
        self.is_answer.next = self.s2_valid.q.val()
            & ((self.s2_kind.q.val() == self.k_load.val()) | (self.s2_kind.q.val() == self.k_entry.val()));

        // The state written back: unchanged unless an operation below changes it.
        self.pack.accepted.next = self.accepted.val();
        self.pack.in_flight.next = self.in_flight.val();
        self.pack.refused.next = self.refused.val();
        self.pack.rejected.next = self.rejected.val();
        self.pack.refusing.next = self.refusing.val();
        self.n_route.next = self.cur_route.val();
        self.n_entry_valid.next = self.cur_entry_valid.val();
        self.n_epoch.next = self.cur_epoch.val();
        self.write.next = false;
        self.ev_sent_r.d.next = false;
        self.ev_dropped_r.d.next = false;
        self.ev_src_refused_r.d.next = false;
        self.rsp_valid_r.d.next = false;
        self.send.next = false;

        // (No room here means a STORE was offered without `store_ready`. The fill is read from
        // `occupied`, which the credit needs anyway: the FIFO's own `full` would look like a
        // loop to Verilator, as it comes from the block that takes the push.)
        self.ahead.next = self.occupied.q.val();
        if self.s3_send.q.val() {
            self.ahead.next = self.occupied.q.val() + self.one_occ.val();
        }
        if self.is_store.val() {
            if !self.tx_enable.val()
                | !self.in_range.val()
                | !self.cur_entry_valid.val()
                | (self.ahead.val() >= self.fifo_depth.val())
            {
                self.ev_dropped_r.d.next = true;
            } else if self.refusing.val() | (self.in_flight.val() == self.max_in_flight.val()) {
                // Refused at the source: counted, and the portal refuses until RETRY.
                self.pack.refused.next = self.refused.val() + self.one_refused.val();
                self.pack.refusing.next = true;
                self.write.next = true;
                self.ev_src_refused_r.d.next = true;
            } else {
                self.pack.in_flight.next = self.in_flight.val() + self.one_in_flight.val();
                self.write.next = true;
                self.ev_sent_r.d.next = true;
                self.send.next = true;
            }
        }
        if self.s2_valid.q.val() & self.in_range.val() & (self.s2_kind.q.val() == self.k_retry.val()) {
            self.pack.refusing.next = false;
            self.write.next = true;
        }
        if self.is_answer.val() {
            // Registered as read; the ENTRY word is packed after the register (its packer fed
            // from this always block would be a false loop to Verilator, UNOPTFLAT).
            self.rsp_valid_r.d.next = true;
            self.rsp_entry_r.d.next = self.s2_kind.q.val() == self.k_entry.val();
            self.rsp_data_r.d.next = self.zero_word.val();
            self.rsp_route_r.d.next = self.zero_route.val();
            self.rsp_entry_valid_r.d.next = false;
            if self.in_range.val() {
                self.rsp_data_r.d.next = self.cur_status.val();
                self.rsp_route_r.d.next = self.cur_route.val();
                self.rsp_entry_valid_r.d.next = self.cur_entry_valid.val();
            }
        }
        if self.s2_valid.q.val() & self.in_range.val() & (self.s2_kind.q.val() == self.k_grant.val()) {
            // A new destination (or none): the portal starts over.
            self.n_route.next = self.s2_data.q.val().get_bits::<ROUTE_W>(0);
            self.n_entry_valid.next = self.s2_data.q.val().get_bit(self.entry_valid_pos.val().index());
            self.n_epoch.next = self.zero_epoch.val();
            self.pack.accepted.next = self.zero_accepted.val();
            self.pack.in_flight.next = self.zero_in_flight.val();
            self.pack.refused.next = self.zero_refused.val();
            self.pack.rejected.next = false;
            self.pack.refusing.next = false;
            self.write.next = true;
        }
        if self.s2_valid.q.val() & self.in_range.val() & (self.s2_kind.q.val() == self.k_outcome.val()) {
            // Outcomes for packets this portal does not have out (it was granted anew) do not
            // count: in_flight never goes below 0.
            if self.code.val() == self.c_accepted.val() {
                if self.count.val() >= self.in_flight_wide.val() {
                    self.pack.accepted.next = self.accepted.val() + self.in_flight_wide.val();
                    self.pack.in_flight.next = self.zero_in_flight.val();
                } else {
                    self.pack.accepted.next = self.accepted.val() + self.count.val();
                    self.pack.in_flight.next = self.in_flight.val() - self.count.val().get_bits::<IN_FLIGHT_W>(0);
                }
                self.write.next = true;
            }
            if (self.code.val() == self.c_refused.val()) & (self.in_flight.val() != self.zero_in_flight.val()) {
                self.pack.in_flight.next = self.in_flight.val() - self.one_in_flight.val();
                self.pack.refused.next = self.refused.val() + self.one_refused.val();
                self.pack.refusing.next = true;
                self.n_epoch.next = self.s2_epoch.q.val();
                self.write.next = true;
            }
            if (self.code.val() == self.c_rejected.val()) & (self.in_flight.val() != self.zero_in_flight.val()) {
                self.pack.in_flight.next = self.in_flight.val() - self.one_in_flight.val();
                self.pack.rejected.next = true;
                self.write.next = true;
            }
        }

        // The packet: S2's into the register, the register's into the FIFO, the oldest out
        // into the output register (or the skid register behind it) while the skid is empty.
        self.pop.next = (self.occupied.q.val() != self.zero_occ.val()) & !self.skid_valid.q.val();
        self.head.next = self.pkt_fifo.head.val();
        self.load_out.next = !self.out_valid.q.val() | self.pkt_ready.val();
        if self.load_out.val() {
            if self.skid_valid.q.val() {
                self.out_valid.d.next = true;
                self.out_pkt.d.next = self.skid_pkt.q.val();
                self.skid_valid.d.next = false;
            } else {
                self.out_valid.d.next = self.pop.val();
                self.out_pkt.d.next = self.head.val();
            }
        } else if self.pop.val() {
            self.skid_valid.d.next = true;
            self.skid_pkt.d.next = self.head.val();
        }
        self.pkt_pack.dst.next = self.cur_route.val().get_bits::<NODE_W>(self.node_pos.val().index());
        self.pkt_pack.queue.next = self.cur_route.val().get_bits::<QUEUE_W>(0);
        self.pkt_pack.portal.next = self.s2_portal.q.val();
        self.pkt_pack.epoch.next = self.cur_epoch.val();
        self.pkt_pack.data.next = self.s2_data.q.val();
        self.s3_send.d.next = self.send.val();
        self.s3_pkt.d.next = self.pkt_pack.word.val();
        self.pkt_fifo.data_in.next = self.s3_pkt.q.val();
        self.pkt_fifo.push.next = self.s3_send.q.val();
        self.pkt_fifo.pop.next = self.pop.val();
        if self.s3_send.q.val() & !self.pop.val() {
            self.occupied.d.next = self.occupied.q.val() + self.one_occ.val();
        }
        if !self.s3_send.q.val() & self.pop.val() {
            self.occupied.d.next = self.occupied.q.val() - self.one_occ.val();
        }
        // The credit for the next cycle: the packets the FIFO holds after this cycle's pop and
        // push, if every STORE in S2, S1, S0 and the one taken now goes out, plus one more must
        // fit. (From registers and the inputs, not from S2's decision: a bound, exact when
        // every STORE sends.)
        self.claimed.next = self.ahead.val();
        if self.pop.val() {
            self.claimed.next = self.claimed.val() - self.one_occ.val();
        }
        if self.is_store.val() {
            self.claimed.next = self.claimed.val() + self.one_occ.val();
        }
        if self.s1_valid.q.val() & (self.s1_kind.q.val() == self.k_store.val()) {
            self.claimed.next = self.claimed.val() + self.one_occ.val();
        }
        if self.s0_valid.q.val() & (self.s0_kind.q.val() == self.k_store.val()) {
            self.claimed.next = self.claimed.val() + self.one_occ.val();
        }
        if self.op_valid.val() & self.ready.val() & (self.op_kind.val() == self.k_store.val()) {
            self.claimed.next = self.claimed.val() + self.one_occ.val();
        }
        self.store_room.d.next = self.swept.q.val() & (self.claimed.val() < self.fifo_depth.val());

        // The write port: the start-up sweep, then S2's write-back (remembered for forwarding).
        self.status_ram.write_address.next = self.s2_addr.narrow.val();
        self.route_ram.write_address.next = self.s2_addr.narrow.val();
        self.valid_ram.write_address.next = self.s2_addr.narrow.val();
        self.epoch_ram.write_address.next = self.s2_addr.narrow.val();
        self.status_ram.write_data.next = self.pack.word.val();
        self.route_ram.write_data.next = self.n_route.val();
        self.valid_ram.write_data.next = self.n_entry_valid.val();
        self.epoch_ram.write_data.next = self.n_epoch.val();
        self.status_ram.write_enable.next = self.write.val();
        self.route_ram.write_enable.next = self.write.val();
        self.valid_ram.write_enable.next = self.write.val();
        self.epoch_ram.write_enable.next = self.write.val();
        if !self.swept.q.val() {
            self.status_ram.write_address.next = self.sweep_ctr.q.val();
            self.route_ram.write_address.next = self.sweep_ctr.q.val();
            self.valid_ram.write_address.next = self.sweep_ctr.q.val();
            self.epoch_ram.write_address.next = self.sweep_ctr.q.val();
            self.status_ram.write_data.next = self.zero_word.val();
            self.route_ram.write_data.next = self.zero_route.val();
            self.valid_ram.write_data.next = false;
            self.epoch_ram.write_data.next = self.zero_epoch.val();
            self.status_ram.write_enable.next = true;
            self.route_ram.write_enable.next = true;
            self.valid_ram.write_enable.next = true;
            self.epoch_ram.write_enable.next = true;
            self.sweep_ctr.d.next = self.sweep_ctr.q.val() + self.one_pa.val();
            if self.sweep_ctr.q.val() == self.sweep_last.val() {
                self.swept.d.next = true;
            }
        }

        // S2's write of this cycle and the one before, for forwarding (every cycle).
        self.fwd_valid.d.next = self.write.val();
        self.fwd_portal.d.next = self.s2_portal.q.val();
        self.fwd_status.d.next = self.pack.word.val();
        self.fwd_route.d.next = self.n_route.val();
        self.fwd_entry_valid.d.next = self.n_entry_valid.val();
        self.fwd_epoch.d.next = self.n_epoch.val();
        self.fwd2_status.d.next = self.fwd_status.q.val();
        self.fwd2_route.d.next = self.fwd_route.q.val();
        self.fwd2_entry_valid.d.next = self.fwd_entry_valid.q.val();
        self.fwd2_epoch.d.next = self.fwd_epoch.q.val();
        // S1 → S2: S2's operation of this cycle writes before S1's moves on (fwd_* then); the
        // write of the cycle before (fwd_* now) becomes fwd2_*.
        self.s2_valid.d.next = self.s1_valid.q.val();
        self.s2_kind.d.next = self.s1_kind.q.val();
        self.s2_portal.d.next = self.s1_portal.q.val();
        self.s2_data.d.next = self.s1_data.q.val();
        self.s2_epoch.d.next = self.s1_epoch.q.val();
        self.s2_ram_status.d.next = self.status_ram.read_data.val();
        self.s2_ram_route.d.next = self.route_ram.read_data.val();
        self.s2_ram_entry_valid.d.next = self.valid_ram.read_data.val();
        self.s2_ram_epoch.d.next = self.epoch_ram.read_data.val();
        self.s2_hit1.d.next = self.s2_portal.q.val() == self.s1_portal.q.val();
        self.s2_hit2.d.next = self.fwd_valid.q.val() & (self.fwd_portal.q.val() == self.s1_portal.q.val());

        // S0: read the portal of the operation taken last cycle; take the next one (any, once
        // the sweep is over).
        self.status_ram.read_address.next = self.op_addr.narrow.val();
        self.route_ram.read_address.next = self.op_addr.narrow.val();
        self.valid_ram.read_address.next = self.op_addr.narrow.val();
        self.epoch_ram.read_address.next = self.op_addr.narrow.val();
        self.s1_valid.d.next = self.s0_valid.q.val();
        self.s1_kind.d.next = self.s0_kind.q.val();
        self.s1_portal.d.next = self.s0_portal.q.val();
        self.s1_data.d.next = self.s0_data.q.val();
        self.s1_epoch.d.next = self.s0_epoch.q.val();
        self.s0_valid.d.next = self.op_valid.val() & self.ready.val();
        self.s0_kind.d.next = self.op_kind.val();
        self.s0_portal.d.next = self.op_portal.val();
        self.s0_data.d.next = self.op_data.val();
        self.s0_epoch.d.next = self.op_epoch.val();

        self.op_ready.next = self.ready.val();
        self.sweeping.next = !self.swept.q.val();
        self.store_ready.next = self.store_room.q.val();
        self.pkt_valid.next = self.out_valid.q.val();
        self.pkt_dst.next = self.out_pkt.q.val().get_bits::<NODE_W>(0);
        self.pkt_queue.next = self.out_pkt.q.val().get_bits::<QUEUE_W>(self.pkt_queue_pos.val().index());
        self.pkt_portal.next = self.out_pkt.q.val().get_bits::<PORTAL_W>(self.pkt_portal_pos.val().index());
        self.pkt_epoch.next = self.out_pkt.q.val().get_bits::<EPOCH_W>(self.pkt_epoch_pos.val().index());
        self.pkt_data.next = self.out_pkt.q.val().get_bits::<WORD_W>(self.pkt_data_pos.val().index());
        self.rsp_valid.next = self.rsp_valid_r.q.val();
        self.entry_word.valid.next = self.rsp_entry_valid_r.q.val();
        self.entry_word.route.next = self.rsp_route_r.q.val();
        self.rsp_data.next = self.rsp_data_r.q.val();
        if self.rsp_entry_r.q.val() {
            self.rsp_data.next = self.entry_word.word.val();
        }
        self.ev_sent.next = self.ev_sent_r.q.val();
        self.ev_dropped.next = self.ev_dropped_r.q.val();
        self.ev_src_refused.next = self.ev_src_refused_r.q.val();
    }
}

#[cfg(test)]
mod tests;
