// Pin-constrained synthesis wrapper for the reliable link end (spec §7d), the 5-pin scheme of
// renq_paper_synth.v (same .pcf/.lpf): every link input comes from a registered shift chain
// loaded by `ld`, every output is captured by `ld` and shifted out on `sout`, so no link logic is
// optimised away and every path is register to register (a meaningful Fmax). The card's build
// (module renq_link, 120-bit payload) by default; the paper card's (renq_paper_link, 76 bits)
// when read with -DRENQ_PAPER_LINK (`make link-pnr LINK_BUILD=paper`).
`ifdef RENQ_PAPER_LINK
`define RENQ_LINK_MODULE renq_paper_link
`define RENQ_LINK_PAYLOAD_W 76
`else
`define RENQ_LINK_MODULE renq_link
`define RENQ_LINK_PAYLOAD_W 120
`endif
module renq_link_synth(input clk, input sin, input sen, input ld, output sout);
  localparam W = `RENQ_LINK_PAYLOAD_W;
  localparam IN_W = 1 + 1 + W + 1 + 1 + 1 + 2 + 16 + 16 + W + 1;               // paper 192, card 280
  localparam OUT_W = 1 + 1 + W + 1 + 2 + 16 + 16 + W + 1 + 1 + 7 + 9;          // paper 207, card 295

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  reg [IN_W-1:0] in_q = {IN_W{1'b0}};
  reg [OUT_W-1:0] out_sr = {OUT_W{1'b0}};

  wire tick, pi_valid, po_ready, wo_ready, wi_valid, wi_crc_ok;
  wire [W-1:0] pi_payload, wi_payload; wire [1:0] wi_kind; wire [15:0] wi_seq, wi_ack;
  assign {tick, pi_valid, pi_payload, po_ready, wo_ready, wi_valid, wi_kind, wi_seq, wi_ack, wi_payload,
          wi_crc_ok} = in_q;

  wire pi_ready, po_valid, wo_valid, wo_crc_ok, wi_ready;
  wire [W-1:0] po_payload, wo_payload; wire [1:0] wo_kind; wire [15:0] wo_seq, wo_ack;
  wire [6:0] tx_ev; wire [8:0] rx_ev;
  wire [OUT_W-1:0] outs = {pi_ready, po_valid, po_payload, wo_valid, wo_kind, wo_seq, wo_ack, wo_payload,
                           wo_crc_ok, wi_ready, tx_ev, rx_ev};

  `RENQ_LINK_MODULE link(.clock(clk), .tick(tick),
    .pi_valid(pi_valid), .pi_ready(pi_ready), .pi_payload(pi_payload),
    .po_valid(po_valid), .po_ready(po_ready), .po_payload(po_payload),
    .wo_valid(wo_valid), .wo_ready(wo_ready), .wo_kind(wo_kind), .wo_seq(wo_seq), .wo_ack(wo_ack),
    .wo_payload(wo_payload), .wo_crc_ok(wo_crc_ok),
    .wi_valid(wi_valid), .wi_ready(wi_ready), .wi_kind(wi_kind), .wi_seq(wi_seq), .wi_ack(wi_ack),
    .wi_payload(wi_payload), .wi_crc_ok(wi_crc_ok),
    .tx_sent(tx_ev[0]), .tx_resent(tx_ev[1]), .tx_timeout(tx_ev[2]), .tx_nak(tx_ev[3]),
    .tx_ack_out_of_window(tx_ev[4]), .tx_unexpected(tx_ev[5]), .tx_bad(tx_ev[6]),
    .rx_delivered(rx_ev[0]), .rx_duplicate(rx_ev[1]), .rx_gap(rx_ev[2]), .rx_out_of_window(rx_ev[3]),
    .rx_unexpected(rx_ev[4]), .rx_bad(rx_ev[5]), .rx_ack_sent(rx_ev[6]), .rx_nak_sent(rx_ev[7]),
    .rx_merged(rx_ev[8]));

  always @(posedge clk) begin
    if (sen) in_sr <= {in_sr[IN_W-2:0], sin};
    if (ld) in_q <= in_sr;
    if (ld) out_sr <= outs;
    else if (sen) out_sr <= {out_sr[OUT_W-2:0], 1'b0};
  end
  assign sout = out_sr[OUT_W-1];
endmodule
