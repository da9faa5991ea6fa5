// Pin-constrained synthesis wrapper for the whole card (module renq_top, spec §6b), the
// same 5-pin scheme as renq_paper_synth.v / renq_engine_synth.v (same .pcf/.lpf): every card input
// comes from a registered shift chain loaded by `ld`, every output is captured by `ld` and
// shifted out on `sout`, so no card logic is optimised away and every path is register to
// register (a meaningful Fmax).
module renq_top_synth(input clk, input sin, input sen, input ld, output sout);
  // csr 12+64+1+1; bar2 1+1+24+64+8; memory 1+1+1+2+64; tx/otx ready 1+1; rx 117; orx 117
  localparam IN_W = 78 + 98 + 69 + 2 + 117 + 117;  // 481
  // csr 1+64+1; bar2 1+1+64; memory 1+48+64+1+48+2; tx 117; otx 117; rx/orx ready, irq, idle
  localparam OUT_W = 66 + 66 + 164 + 117 + 117 + 4;  // 534

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  reg [IN_W-1:0] in_q = {IN_W{1'b0}};
  reg [OUT_W-1:0] out_sr = {OUT_W{1'b0}};

  wire [11:0] csr_addr; wire [63:0] csr_wdata; wire csr_write, csr_read;
  wire b2_valid, b2_write; wire [23:0] b2_addr; wire [63:0] b2_data; wire [7:0] b2_strobe;
  wire wr_ready, rd_ready, rsp_valid; wire [1:0] rsp_tag; wire [63:0] rsp_data;
  wire tx_ready, otx_ready;
  wire rx_valid, orx_valid; wire [9:0] rx_src, rx_dst, orx_src, orx_dst;
  wire [11:0] rx_queue, rx_portal, orx_queue, orx_portal; wire [7:0] rx_epoch, orx_epoch;
  wire [63:0] rx_data, orx_data;
  assign {csr_addr, csr_wdata, csr_write, csr_read, b2_valid, b2_write, b2_addr, b2_data, b2_strobe,
          wr_ready, rd_ready, rsp_valid, rsp_tag, rsp_data, tx_ready, otx_ready,
          rx_valid, rx_src, rx_dst, rx_queue, rx_portal, rx_epoch, rx_data,
          orx_valid, orx_src, orx_dst, orx_queue, orx_portal, orx_epoch, orx_data} = in_q;

  wire csr_ready, csr_rvalid, b2_ready, b2_rvalid; wire [63:0] csr_rdata, b2_rdata;
  wire wr_valid, rd_valid; wire [47:0] wr_addr, rd_addr; wire [63:0] wr_data; wire [1:0] rd_tag;
  wire tx_valid, otx_valid; wire [9:0] tx_src, tx_dst, otx_src, otx_dst;
  wire [11:0] tx_queue, tx_portal, otx_queue, otx_portal; wire [7:0] tx_epoch, otx_epoch;
  wire [63:0] tx_data, otx_data; wire rx_ready, orx_ready, irq, idle;
  wire [OUT_W-1:0] outs = {csr_ready, csr_rdata, csr_rvalid, b2_ready, b2_rvalid, b2_rdata,
                           wr_valid, wr_addr, wr_data, rd_valid, rd_addr, rd_tag,
                           tx_valid, tx_src, tx_dst, tx_queue, tx_portal, tx_epoch, tx_data,
                           otx_valid, otx_src, otx_dst, otx_queue, otx_portal, otx_epoch, otx_data,
                           rx_ready, orx_ready, irq, idle};

  renq_top card(.clock(clk),
    .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_write(csr_write), .csr_read(csr_read),
    .csr_ready(csr_ready), .csr_rdata(csr_rdata), .csr_rvalid(csr_rvalid),
    .b2_valid(b2_valid), .b2_ready(b2_ready), .b2_write(b2_write), .b2_addr(b2_addr), .b2_data(b2_data),
    .b2_strobe(b2_strobe), .b2_rvalid(b2_rvalid), .b2_rdata(b2_rdata),
    .wr_valid(wr_valid), .wr_ready(wr_ready), .wr_addr(wr_addr), .wr_data(wr_data),
    .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_tag(rd_tag),
    .rsp_valid(rsp_valid), .rsp_tag(rsp_tag), .rsp_data(rsp_data),
    .tx_valid(tx_valid), .tx_ready(tx_ready), .tx_src(tx_src), .tx_dst(tx_dst), .tx_queue(tx_queue),
    .tx_portal(tx_portal), .tx_epoch(tx_epoch), .tx_data(tx_data),
    .otx_valid(otx_valid), .otx_ready(otx_ready), .otx_src(otx_src), .otx_dst(otx_dst), .otx_queue(otx_queue),
    .otx_portal(otx_portal), .otx_epoch(otx_epoch), .otx_data(otx_data),
    .rx_valid(rx_valid), .rx_ready(rx_ready), .rx_src(rx_src), .rx_dst(rx_dst), .rx_queue(rx_queue),
    .rx_portal(rx_portal), .rx_epoch(rx_epoch), .rx_data(rx_data),
    .orx_valid(orx_valid), .orx_ready(orx_ready), .orx_src(orx_src), .orx_dst(orx_dst), .orx_queue(orx_queue),
    .orx_portal(orx_portal), .orx_epoch(orx_epoch), .orx_data(orx_data),
    .irq(irq), .idle(idle));

  always @(posedge clk) begin
    if (sen) in_sr <= {in_sr[IN_W-2:0], sin};
    if (ld) in_q <= in_sr;
    if (ld) out_sr <= outs;
    else if (sen) out_sr <= {out_sr[OUT_W-2:0], 1'b0};
  end
  assign sout = out_sr[OUT_W-1];
endmodule
