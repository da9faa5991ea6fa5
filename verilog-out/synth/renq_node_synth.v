// Pin-constrained synthesis wrapper for the node (module renq_node: the card with its two-channel
// link, spec §7d — the design a board carries), the 5-pin scheme of renq_top_synth.v (same
// .pcf/.lpf): every node input comes from a registered shift chain loaded by `ld`, every output
// is captured by `ld` and shifted out on `sout`, so no logic is optimised away and every path is
// register to register (a meaningful Fmax).
module renq_node_synth(input clk, input sin, input sen, input ld, output sout);
  // tick 1; csr 12+64+1+1; bar2 1+1+24+64+8; memory 1+1+1+2+64; wire_out ready 1;
  // wire_in valid, kind 2, seq 16, ack 16, payload 120, crc_ok, outcome
  localparam IN_W = 1 + 78 + 98 + 69 + 1 + 157;  // 404
  // csr 1+64+1; bar2 1+1+64; memory 1+48+64+1+48+2; wire_out 157; wire_in ready; irq, idle
  localparam OUT_W = 66 + 66 + 164 + 157 + 1 + 2;  // 456

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  reg [IN_W-1:0] in_q = {IN_W{1'b0}};
  reg [OUT_W-1:0] out_sr = {OUT_W{1'b0}};

  wire tick;
  wire [11:0] csr_addr; wire [63:0] csr_wdata; wire csr_write, csr_read;
  wire b2_valid, b2_write; wire [23:0] b2_addr; wire [63:0] b2_data; wire [7:0] b2_strobe;
  wire wr_ready, rd_ready, rsp_valid; wire [1:0] rsp_tag; wire [63:0] rsp_data;
  wire out_ready;
  wire in_valid, in_crc_ok, in_outcome; wire [1:0] in_kind; wire [15:0] in_seq, in_ack;
  wire [119:0] in_payload;
  assign {tick, csr_addr, csr_wdata, csr_write, csr_read, b2_valid, b2_write, b2_addr, b2_data, b2_strobe,
          wr_ready, rd_ready, rsp_valid, rsp_tag, rsp_data, out_ready,
          in_valid, in_kind, in_seq, in_ack, in_payload, in_crc_ok, in_outcome} = in_q;

  wire csr_ready, csr_rvalid, b2_ready, b2_rvalid; wire [63:0] csr_rdata, b2_rdata;
  wire wr_valid, rd_valid; wire [47:0] wr_addr, rd_addr; wire [63:0] wr_data; wire [1:0] rd_tag;
  wire out_valid, out_crc_ok, out_outcome; wire [1:0] out_kind; wire [15:0] out_seq, out_ack;
  wire [119:0] out_payload; wire in_ready, irq, idle;
  wire [OUT_W-1:0] outs = {csr_ready, csr_rdata, csr_rvalid, b2_ready, b2_rvalid, b2_rdata,
                           wr_valid, wr_addr, wr_data, rd_valid, rd_addr, rd_tag,
                           out_valid, out_kind, out_seq, out_ack, out_payload, out_crc_ok, out_outcome,
                           in_ready, irq, idle};

  renq_node node(.clock(clk), .tick(tick),
    .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_write(csr_write), .csr_read(csr_read),
    .csr_ready(csr_ready), .csr_rdata(csr_rdata), .csr_rvalid(csr_rvalid),
    .b2_valid(b2_valid), .b2_ready(b2_ready), .b2_write(b2_write), .b2_addr(b2_addr), .b2_data(b2_data),
    .b2_strobe(b2_strobe), .b2_rvalid(b2_rvalid), .b2_rdata(b2_rdata),
    .wr_valid(wr_valid), .wr_ready(wr_ready), .wr_addr(wr_addr), .wr_data(wr_data),
    .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_tag(rd_tag),
    .rsp_valid(rsp_valid), .rsp_tag(rsp_tag), .rsp_data(rsp_data),
    .wire_out$valid(out_valid), .wire_out$ready(out_ready), .wire_out$kind(out_kind),
    .wire_out$seq(out_seq), .wire_out$ack(out_ack), .wire_out$payload(out_payload),
    .wire_out$crc_ok(out_crc_ok), .wire_out_outcome(out_outcome),
    .wire_in$valid(in_valid), .wire_in$ready(in_ready), .wire_in$kind(in_kind),
    .wire_in$seq(in_seq), .wire_in$ack(in_ack), .wire_in$payload(in_payload),
    .wire_in$crc_ok(in_crc_ok), .wire_in_outcome(in_outcome),
    .irq(irq), .idle(idle));

  always @(posedge clk) begin
    if (sen) in_sr <= {in_sr[IN_W-2:0], sin};
    if (ld) in_q <= in_sr;
    if (ld) out_sr <= outs;
    else if (sen) out_sr <= {out_sr[OUT_W-2:0], 1'b0};
  end
  assign sout = out_sr[OUT_W-1];
endmodule
