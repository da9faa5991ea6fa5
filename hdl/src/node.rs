//! `Node`: the card joined to its link (spec §6b, §7d) — [`Top`] and a two-channel
//! go-back-N link ([`LinkChannels`], v2 payload) in one block, with the card's BAR0, BAR2 and
//! memory ports flat and one frame-fields wire each way: what a board puts behind its MAC.
//!
//! The card's ENQUEUE channel (`tx_*` / `rx_*`) and OUTCOME channel (`otx_*` / `orx_*`) are each
//! packed into the 120-bit payload (`renq_abi::packet::payload`, the kind from the channel) and
//! carried by their own stream; received payloads are unpacked back into the flat fields.

use crate::link::channels::LinkChannels;
use crate::link::{FrameIn, FrameOut, PAYLOAD_W};
use crate::top::{Top, BAR2_ADDR_W};
use crate::CSR_ADDR_W;
use crate::*;
use renq_abi::packet::{payload as at, KIND_ENQUEUE, KIND_OUTCOME};
use rust_hdl::prelude::*;

/// Bits of the kind code in the payload.
pub const KIND_W: usize = at::KIND_BITS as usize;
const P: usize = PAYLOAD_W;
const _: () = assert!(
    at::V2_SRC_AT as usize == WORD_W
        && at::V2_DST_AT as usize == at::V2_SRC_AT as usize + NODE_W
        && at::V2_QUEUE_AT as usize == at::V2_DST_AT as usize + NODE_W
        && at::V2_PORTAL_AT as usize == at::V2_QUEUE_AT as usize + QUEUE_W
        && at::V2_EPOCH_AT as usize == at::V2_PORTAL_AT as usize + PORTAL_W
        && at::V2_KIND_AT as usize == at::V2_EPOCH_AT as usize + EPOCH_W
        && at::V2_KIND_AT as usize + KIND_W == P
);

/// A channel's flat fields → the v2 payload word `{kind, epoch, portal, queue, dst, src, data}`.
#[derive(LogicBlock, Default)]
pub struct PayloadPack {
    pub kind: Signal<In, Bits<KIND_W>>,
    pub src: Signal<In, Bits<NODE_W>>,
    pub dst: Signal<In, Bits<NODE_W>>,
    pub queue: Signal<In, Bits<QUEUE_W>>,
    pub portal: Signal<In, Bits<PORTAL_W>>,
    pub epoch: Signal<In, Bits<EPOCH_W>>,
    pub data: Signal<In, Bits<WORD_W>>,
    pub payload: Signal<Out, Bits<P>>,
}

impl Logic for PayloadPack {
    fn update(&mut self) {
        let f = |v: u64, at: u32| (v as u128) << at;
        let w = f(self.kind.val().to_u64(), at::V2_KIND_AT)
            | f(self.epoch.val().to_u64(), at::V2_EPOCH_AT)
            | f(self.portal.val().to_u64(), at::V2_PORTAL_AT)
            | f(self.queue.val().to_u64(), at::V2_QUEUE_AT)
            | f(self.dst.val().to_u64(), at::V2_DST_AT)
            | f(self.src.val().to_u64(), at::V2_SRC_AT)
            | self.data.val().to_u64() as u128;
        self.payload.next = w.to_bits::<P>();
    }
    fn connect(&mut self) {
        self.payload.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom("always @(*) payload = {kind, epoch, portal, queue, dst, src, data};".into())
    }
}

/// The v2 payload word → a channel's flat fields (the kind bits are the channel's, not read).
#[derive(LogicBlock, Default)]
pub struct PayloadUnpack {
    pub payload: Signal<In, Bits<P>>,
    pub src: Signal<Out, Bits<NODE_W>>,
    pub dst: Signal<Out, Bits<NODE_W>>,
    pub queue: Signal<Out, Bits<QUEUE_W>>,
    pub portal: Signal<Out, Bits<PORTAL_W>>,
    pub epoch: Signal<Out, Bits<EPOCH_W>>,
    pub data: Signal<Out, Bits<WORD_W>>,
}

impl Logic for PayloadUnpack {
    fn update(&mut self) {
        let w = self.payload.val().to_u128();
        let f = |at: u32, bits: usize| ((w >> at) as u64) & ((1u64 << bits) - 1);
        self.src.next = f(at::V2_SRC_AT, NODE_W).into();
        self.dst.next = f(at::V2_DST_AT, NODE_W).into();
        self.queue.next = f(at::V2_QUEUE_AT, QUEUE_W).into();
        self.portal.next = f(at::V2_PORTAL_AT, PORTAL_W).into();
        self.epoch.next = f(at::V2_EPOCH_AT, EPOCH_W).into();
        self.data.next = (w as u64).into();
    }
    fn connect(&mut self) {
        self.src.connect();
        self.dst.connect();
        self.queue.connect();
        self.portal.connect();
        self.epoch.connect();
        self.data.connect();
    }
    fn hdl(&self) -> Verilog {
        let slice = |at: u32, bits: usize| format!("payload[{}:{at}]", at as usize + bits - 1);
        Verilog::Custom(format!(
            "always @(*) begin\n  src = {};\n  dst = {};\n  queue = {};\n  portal = {};\n  epoch = {};\n  \
             data = payload[{}:0];\nend",
            slice(at::V2_SRC_AT, NODE_W),
            slice(at::V2_DST_AT, NODE_W),
            slice(at::V2_QUEUE_AT, QUEUE_W),
            slice(at::V2_PORTAL_AT, PORTAL_W),
            slice(at::V2_EPOCH_AT, EPOCH_W),
            WORD_W - 1
        ))
    }
}

/// The card and its link.
#[derive(LogicBlock)]
pub struct Node<const QA: usize, const PA: usize> {
    pub clock: Signal<In, Clock>,
    /// Retransmit-timer tick of the link (`GbnTx::tick`).
    pub tick: Signal<In, bool>,
    // BAR0, BAR2, memory: `Top`'s ports (spec §6b).
    pub csr_addr: Signal<In, Bits<CSR_ADDR_W>>,
    pub csr_wdata: Signal<In, Bits<WORD_W>>,
    pub csr_write: Signal<In, bool>,
    pub csr_read: Signal<In, bool>,
    pub csr_ready: Signal<Out, bool>,
    pub csr_rdata: Signal<Out, Bits<WORD_W>>,
    pub csr_rvalid: Signal<Out, bool>,
    pub b2_valid: Signal<In, bool>,
    pub b2_ready: Signal<Out, bool>,
    pub b2_write: Signal<In, bool>,
    pub b2_addr: Signal<In, Bits<BAR2_ADDR_W>>,
    pub b2_data: Signal<In, Bits<WORD_W>>,
    pub b2_strobe: Signal<In, Bits<8>>,
    pub b2_rvalid: Signal<Out, bool>,
    pub b2_rdata: Signal<Out, Bits<WORD_W>>,
    pub wr_valid: Signal<Out, bool>,
    pub wr_ready: Signal<In, bool>,
    pub wr_addr: Signal<Out, Bits<ADDR_W>>,
    pub wr_data: Signal<Out, Bits<WORD_W>>,
    pub rd_valid: Signal<Out, bool>,
    pub rd_ready: Signal<In, bool>,
    pub rd_addr: Signal<Out, Bits<ADDR_W>>,
    pub rd_tag: Signal<Out, Bits<TAG_W>>,
    pub rsp_valid: Signal<In, bool>,
    pub rsp_tag: Signal<In, Bits<TAG_W>>,
    pub rsp_data: Signal<In, Bits<WORD_W>>,
    /// The frame-fields wire to and from the MAC's framer (spec §7d), with the channel flag.
    pub wire_out: FrameOut<P>,
    pub wire_out_outcome: Signal<Out, bool>,
    pub wire_in: FrameIn<P>,
    pub wire_in_outcome: Signal<In, bool>,
    pub irq: Signal<Out, bool>,
    /// The card is idle (its link may still hold frames).
    pub idle: Signal<Out, bool>,

    /// The card and the link (public for the benches' traces and event pulses).
    pub card: Top<QA, PA>,
    pub link: LinkChannels<P>,
    pack_enq: PayloadPack,
    pack_out: PayloadPack,
    unpack_enq: PayloadUnpack,
    unpack_out: PayloadUnpack,
    kind_enqueue: Constant<Bits<KIND_W>>,
    kind_outcome: Constant<Bits<KIND_W>>,
}

impl<const QA: usize, const PA: usize> Default for Node<QA, PA> {
    fn default() -> Self {
        Self {
            clock: Default::default(),
            tick: Default::default(),
            csr_addr: Default::default(),
            csr_wdata: Default::default(),
            csr_write: Default::default(),
            csr_read: Default::default(),
            csr_ready: Default::default(),
            csr_rdata: Default::default(),
            csr_rvalid: Default::default(),
            b2_valid: Default::default(),
            b2_ready: Default::default(),
            b2_write: Default::default(),
            b2_addr: Default::default(),
            b2_data: Default::default(),
            b2_strobe: Default::default(),
            b2_rvalid: Default::default(),
            b2_rdata: Default::default(),
            wr_valid: Default::default(),
            wr_ready: Default::default(),
            wr_addr: Default::default(),
            wr_data: Default::default(),
            rd_valid: Default::default(),
            rd_ready: Default::default(),
            rd_addr: Default::default(),
            rd_tag: Default::default(),
            rsp_valid: Default::default(),
            rsp_tag: Default::default(),
            rsp_data: Default::default(),
            wire_out: Default::default(),
            wire_out_outcome: Default::default(),
            wire_in: Default::default(),
            wire_in_outcome: Default::default(),
            irq: Default::default(),
            idle: Default::default(),
            card: Default::default(),
            link: Default::default(),
            pack_enq: Default::default(),
            pack_out: Default::default(),
            unpack_enq: Default::default(),
            unpack_out: Default::default(),
            kind_enqueue: Constant::new(KIND_ENQUEUE.into()),
            kind_outcome: Constant::new(KIND_OUTCOME.into()),
        }
    }
}

impl<const QA: usize, const PA: usize> Logic for Node<QA, PA> {
    #[hdl_gen]
    fn update(&mut self) {
        self.card.clock.next = self.clock.val();
        self.link.clock.next = self.clock.val();
        self.link.tick.next = self.tick.val();

        // BAR0, BAR2, memory, irq: the card's own.
        self.card.csr_addr.next = self.csr_addr.val();
        self.card.csr_wdata.next = self.csr_wdata.val();
        self.card.csr_write.next = self.csr_write.val();
        self.card.csr_read.next = self.csr_read.val();
        self.csr_ready.next = self.card.csr_ready.val();
        self.csr_rdata.next = self.card.csr_rdata.val();
        self.csr_rvalid.next = self.card.csr_rvalid.val();
        self.card.b2_valid.next = self.b2_valid.val();
        self.b2_ready.next = self.card.b2_ready.val();
        self.card.b2_write.next = self.b2_write.val();
        self.card.b2_addr.next = self.b2_addr.val();
        self.card.b2_data.next = self.b2_data.val();
        self.card.b2_strobe.next = self.b2_strobe.val();
        self.b2_rvalid.next = self.card.b2_rvalid.val();
        self.b2_rdata.next = self.card.b2_rdata.val();
        self.wr_valid.next = self.card.wr_valid.val();
        self.card.wr_ready.next = self.wr_ready.val();
        self.wr_addr.next = self.card.wr_addr.val();
        self.wr_data.next = self.card.wr_data.val();
        self.rd_valid.next = self.card.rd_valid.val();
        self.card.rd_ready.next = self.rd_ready.val();
        self.rd_addr.next = self.card.rd_addr.val();
        self.rd_tag.next = self.card.rd_tag.val();
        self.card.rsp_valid.next = self.rsp_valid.val();
        self.card.rsp_tag.next = self.rsp_tag.val();
        self.card.rsp_data.next = self.rsp_data.val();
        self.irq.next = self.card.irq.val();
        self.idle.next = self.card.idle.val();

        // Card TX, ENQUEUE channel → packed → its stream.
        self.pack_enq.kind.next = self.kind_enqueue.val();
        self.pack_enq.src.next = self.card.tx_src.val();
        self.pack_enq.dst.next = self.card.tx_dst.val();
        self.pack_enq.queue.next = self.card.tx_queue.val();
        self.pack_enq.portal.next = self.card.tx_portal.val();
        self.pack_enq.epoch.next = self.card.tx_epoch.val();
        self.pack_enq.data.next = self.card.tx_data.val();
        self.link.enq_in.valid.next = self.card.tx_valid.val();
        self.card.tx_ready.next = self.link.enq_in.ready.val();
        self.link.enq_in.payload.next = self.pack_enq.payload.val();

        // Card TX, OUTCOME channel → packed → its stream.
        self.pack_out.kind.next = self.kind_outcome.val();
        self.pack_out.src.next = self.card.otx_src.val();
        self.pack_out.dst.next = self.card.otx_dst.val();
        self.pack_out.queue.next = self.card.otx_queue.val();
        self.pack_out.portal.next = self.card.otx_portal.val();
        self.pack_out.epoch.next = self.card.otx_epoch.val();
        self.pack_out.data.next = self.card.otx_data.val();
        self.link.out_in.valid.next = self.card.otx_valid.val();
        self.card.otx_ready.next = self.link.out_in.ready.val();
        self.link.out_in.payload.next = self.pack_out.payload.val();

        // ENQUEUE stream → unpacked → card RX.
        self.unpack_enq.payload.next = self.link.enq_out.payload.val();
        self.card.rx_valid.next = self.link.enq_out.valid.val();
        self.link.enq_out.ready.next = self.card.rx_ready.val();
        self.card.rx_src.next = self.unpack_enq.src.val();
        self.card.rx_dst.next = self.unpack_enq.dst.val();
        self.card.rx_queue.next = self.unpack_enq.queue.val();
        self.card.rx_portal.next = self.unpack_enq.portal.val();
        self.card.rx_epoch.next = self.unpack_enq.epoch.val();
        self.card.rx_data.next = self.unpack_enq.data.val();

        // OUTCOME stream → unpacked → card RX.
        self.unpack_out.payload.next = self.link.out_out.payload.val();
        self.card.orx_valid.next = self.link.out_out.valid.val();
        self.link.out_out.ready.next = self.card.orx_ready.val();
        self.card.orx_src.next = self.unpack_out.src.val();
        self.card.orx_dst.next = self.unpack_out.dst.val();
        self.card.orx_queue.next = self.unpack_out.queue.val();
        self.card.orx_portal.next = self.unpack_out.portal.val();
        self.card.orx_epoch.next = self.unpack_out.epoch.val();
        self.card.orx_data.next = self.unpack_out.data.val();

        // The wire.
        FrameOut::<P>::link(&mut self.wire_out, &mut self.link.wire_out);
        FrameIn::<P>::link(&mut self.wire_in, &mut self.link.wire_in);
        self.wire_out_outcome.next = self.link.wire_out_outcome.val();
        self.link.wire_in_outcome.next = self.wire_in_outcome.val();
    }
}

/// The ECP5-85F build, the design a board carries: 4 096 queues, 4 096 portals (the card's
/// checked-in build; the iCE40-HX8K cannot hold the card, REPORT.md).
pub type NodeEcp5 = Node<{ renq_abi::ECP5_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_PORTAL_BITS as usize }>;

/// The LFE5U-25F build (the part of the Colorlight boards): 4 096 queues, 1 024 portals, what
/// its 56 block RAMs hold (`renq_abi::ECP5_25F_QUEUE_RAM_BITS`, `ECP5_25F_PORTAL_BITS`).
#[allow(non_camel_case_types)]
pub type NodeEcp5_25f =
    Node<{ renq_abi::ECP5_25F_QUEUE_RAM_BITS as usize }, { renq_abi::ECP5_25F_PORTAL_BITS as usize }>;

#[cfg(test)]
mod tests;
