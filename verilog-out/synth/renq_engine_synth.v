// Pin-constrained synthesis wrapper for the card engine (module renq_engine), the same
// 5-pin scheme as renq_paper_synth.v (same .pcf/.lpf): every engine input comes from a registered
// shift chain loaded by `ld`, every output is captured by `ld` and shifted out on `sout`, so no
// engine logic is optimised away and every path is register to register (a meaningful Fmax).
module renq_engine_synth(input clk, input sin, input sen, input ld, output sout);
  localparam IN_W = 1 + 10 + 10 + 12 + 64 + 8 + 12 + 10 + 1 + 1 + 3 + 12 + 64 + 1 + 1 + 1 + 2 + 64;  // 277
  localparam OUT_W = 1 + 1 + 1 + 48 + 64 + 1 + 48 + 2 + 9 + 12 + 10 + 12 + 8 + 64 + 1;     // 282

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  reg [IN_W-1:0] in_q = {IN_W{1'b0}};
  reg [OUT_W-1:0] out_sr = {OUT_W{1'b0}};

  wire rx_valid; wire [9:0] rx_src, rx_dst, node_id; wire [11:0] rx_queue, cmd_queue;
  wire [63:0] rx_data, cmd_arg, rsp_data; wire rx_enable, cmd_valid; wire [2:0] cmd_kind; wire [1:0] rsp_tag;
  wire [7:0] rx_epoch; wire [11:0] rx_portal;
  wire wr_ready, rd_ready, rsp_valid;
  assign {rx_valid, rx_src, rx_dst, rx_queue, rx_data, rx_epoch, rx_portal, node_id, rx_enable, cmd_valid, cmd_kind,
          cmd_queue, cmd_arg, wr_ready, rd_ready, rsp_valid, rsp_tag, rsp_data} = in_q;

  wire rx_ready, cmd_ready, wr_valid, rd_valid, idle; wire [47:0] wr_addr, rd_addr;
  wire [63:0] wr_data, ev_data; wire [1:0] rd_tag; wire [8:0] ev; wire [11:0] ev_queue, ev_portal;
  wire [9:0] ev_src; wire [7:0] ev_epoch;
  wire [OUT_W-1:0] outs = {rx_ready, cmd_ready, wr_valid, wr_addr, wr_data, rd_valid, rd_addr,
                           rd_tag, ev, ev_queue, ev_src, ev_portal, ev_epoch, ev_data, idle};

  renq_engine engine(.clock(clk),
    .rx_valid(rx_valid), .rx_ready(rx_ready), .rx_src(rx_src), .rx_dst(rx_dst), .rx_queue(rx_queue),
    .rx_data(rx_data), .rx_epoch(rx_epoch), .rx_portal(rx_portal), .node_id(node_id), .rx_enable(rx_enable),
    .cmd_valid(cmd_valid), .cmd_ready(cmd_ready), .cmd_kind(cmd_kind), .cmd_queue(cmd_queue), .cmd_arg(cmd_arg),
    .wr_valid(wr_valid), .wr_ready(wr_ready), .wr_addr(wr_addr), .wr_data(wr_data),
    .rd_valid(rd_valid), .rd_ready(rd_ready), .rd_addr(rd_addr), .rd_tag(rd_tag),
    .rsp_valid(rsp_valid), .rsp_tag(rsp_tag), .rsp_data(rsp_data),
    .ev_enqueued(ev[0]), .ev_rejected(ev[1]), .ev_refused(ev[2]), .ev_overflow(ev[3]), .ev_bad_header(ev[4]),
    .ev_query(ev[5]), .ev_notify(ev[6]), .ev_switch(ev[7]), .ev_entered_run(ev[8]), .ev_queue(ev_queue), .ev_src(ev_src), .ev_portal(ev_portal),
    .ev_epoch(ev_epoch), .ev_data(ev_data), .idle(idle));

  always @(posedge clk) begin
    if (sen) in_sr <= {in_sr[IN_W-2:0], sin};
    if (ld) in_q <= in_sr;
    if (ld) out_sr <= outs;
    else if (sen) out_sr <= {out_sr[OUT_W-2:0], 1'b0};
  end
  assign sout = out_sr[OUT_W-1];
endmodule
