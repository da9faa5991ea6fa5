// Formal harness for the link's receiving half (module renq_link$link$rx of renq_link.v, the
// RustHDL GbnRx in the card's 120-bit payload build; with -DRENQ_PAPER_LINK renq_paper_link$link$rx
// of renq_paper_link.v, the paper card's 76-bit build), checked by yosys-smtbmc (BMC, z3):
// `make formal-link` (both builds).
//
// Every input is free in every cycle ($anyseq): any frame (any type, any seq, good or corrupt,
// duplicated, reordered, out of window), any back-pressure from the card and the wire. One
// assumption ties a packet to its frame:
//   A1 a DATA frame's packet carries its own sequence number in payload[15:0] (the data word's
//      low bits in both builds; a sender sends the same packet under the same seq; here that
//      makes a delivery name its seq).
// The receiver starts from its power-on state (expected = 0, the link end has no reset).
//
// Assertions (spec §7d):
//   R1 the packets leaving towards the card carry seq 0, 1, 2, ... in this order: each sequence
//      number is delivered exactly once, in order, none skipped (n_out counts them);
//   R2 a delivery is decided only for the frame whose seq is the next one (n_in counts
//      deliveries decided; the one-entry output register keeps n_in - n_out in {0, 1});
//   R3 at most one NAK leaves per gap (between two deliveries).
// Covers (yosys-smtbmc -c) show the interesting cases are reachable, so nothing holds vacuously:
// a delivery after a gap (the NAK then the resend), a duplicate re-ACKed, a NAK leaving.
`ifdef RENQ_PAPER_LINK
`define RENQ_LINK_RX renq_paper_link$link$rx
`define RENQ_LINK_PAYLOAD_W 76
`else
`define RENQ_LINK_RX renq_link$link$rx
`define RENQ_LINK_PAYLOAD_W 120
`endif
module link_rx_formal(input clock);
  localparam W = `RENQ_LINK_PAYLOAD_W;
  (* anyseq *) wire in_valid;          (* anyseq *) wire [1:0] in_kind;
  (* anyseq *) wire [15:0] in_seq;     (* anyseq *) wire [15:0] in_ack;
  (* anyseq *) wire [W-1:0] in_payload; (* anyseq *) wire in_crc_ok;
  (* anyseq *) wire out_ready;         (* anyseq *) wire ctl_ready;
  wire in_ready;
  wire out_valid; wire [W-1:0] out_payload;
  wire ctl_valid; wire [1:0] ctl_kind; wire [15:0] ctl_seq, ctl_ack;
  wire [W-1:0] ctl_payload; wire ctl_crc_ok;
  wire ev_delivered, ev_duplicate, ev_gap, ev_oow, ev_unexpected, ev_bad, ev_ack_sent, ev_nak_sent, ev_merged;

  `RENQ_LINK_RX dut(.clock(clock),
    .data_in$valid(in_valid), .data_in$ready(in_ready), .data_in$kind(in_kind), .data_in$seq(in_seq),
    .data_in$ack(in_ack), .data_in$payload(in_payload), .data_in$crc_ok(in_crc_ok),
    .packets$valid(out_valid), .packets$ready(out_ready), .packets$payload(out_payload),
    .ctl_out$valid(ctl_valid), .ctl_out$ready(ctl_ready), .ctl_out$kind(ctl_kind), .ctl_out$seq(ctl_seq),
    .ctl_out$ack(ctl_ack), .ctl_out$payload(ctl_payload), .ctl_out$crc_ok(ctl_crc_ok),
    .events$delivered(ev_delivered), .events$duplicate(ev_duplicate), .events$gap(ev_gap),
    .events$out_of_window(ev_oow), .events$unexpected(ev_unexpected), .events$bad(ev_bad),
    .events$ack_sent(ev_ack_sent), .events$nak_sent(ev_nak_sent), .events$merged(ev_merged));

  // A1
  always @(*) if (in_valid) assume(in_payload[15:0] == in_seq);

  wire out_fire = out_valid && out_ready;
  reg [15:0] n_out = 16'd0;   // packets handed to the card
  reg [15:0] n_in = 16'd0;    // deliveries decided
  reg nak_left = 1'b0;        // a NAK left since the last delivery
  reg after_gap = 1'b0;       // a gap was seen and nothing delivered since
  always @(posedge clock) begin
    if (out_fire) n_out <= n_out + 16'd1;
    if (ev_delivered) n_in <= n_in + 16'd1;
    nak_left <= ev_delivered ? 1'b0 : (nak_left | ev_nak_sent);
    after_gap <= ev_delivered ? 1'b0 : (after_gap | ev_gap);
  end

  always @(*) begin
    // R1
    if (out_fire) assert(out_payload[15:0] == n_out);
    // R2
    if (ev_delivered) assert(in_valid && in_ready && in_seq == n_in);
    assert(n_in - n_out <= 16'd1);
    if (out_valid) assert(n_in == n_out + 16'd1);
    // R3
    if (ev_nak_sent) assert(!nak_left);
  end

  always @(*) begin
    cover(ev_delivered && after_gap && n_in >= 16'd1);   // the resend after a gap is delivered
    cover(ev_duplicate && n_in >= 16'd2);                 // an old frame is re-ACKed
    cover(ev_nak_sent);                                   // a NAK leaves
  end
endmodule
