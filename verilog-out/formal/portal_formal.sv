// Formal harness for the card's portal table (renq_portal.v's source in a 4-portal build,
// emitted by `emit-verilog --portal-formal`; spec §7e), checked by yosys-smtbmc (BMC, z3):
// `make formal-portal`. Every input is free in every cycle ($anyseq): any operation of any
// kind on any portal (also beyond the table), any epoch and data, any back-pressure, TX on or
// off. The table starts from power-on (renq_portal has no reset; its sweep clears the RAM).
//
// Assertions:
//   P1 a packet waiting for `pkt_ready` stays, unchanged, until it is taken;
//   P2 a LOAD or ENTRY taken in cycle t is answered in cycle t+4, and nothing else is answered;
//   P3 nothing is taken during the start-up sweep, and every operation after it (nothing waits
//      inside the table: a STORE is offered only while `store_ready`, which the harness leaves
//      free, so STOREs without room are offered too and must be dropped, not block);
//   P4 no portal's in_flight exceeds the packets sent so far (an underflow would read 65 535).
// Covers show the cases are reachable: a packet held under back-pressure, an answer showing
// in_flight 2, a refusal at the source, the packet FIFO out of room.
module portal_formal(input clock);
  (* anyseq *) wire tx_enable, op_valid, pkt_ready;
  (* anyseq *) wire [2:0] op_kind;
  (* anyseq *) wire [11:0] op_portal;
  (* anyseq *) wire [63:0] op_data;
  (* anyseq *) wire [7:0] op_epoch;
  wire op_ready, store_ready, pkt_valid, rsp_valid, ev_sent, ev_dropped, ev_src_refused, sweeping;
  wire [9:0] pkt_dst;
  wire [11:0] pkt_queue, pkt_portal;
  wire [7:0] pkt_epoch;
  wire [63:0] pkt_data, rsp_data;

  renq_portal dut(.clock(clock), .tx_enable(tx_enable), .op_valid(op_valid), .op_ready(op_ready),
    .store_ready(store_ready),
    .op_kind(op_kind), .op_portal(op_portal), .op_data(op_data), .op_epoch(op_epoch),
    .pkt_valid(pkt_valid), .pkt_ready(pkt_ready), .pkt_dst(pkt_dst), .pkt_queue(pkt_queue),
    .pkt_portal(pkt_portal), .pkt_epoch(pkt_epoch), .pkt_data(pkt_data), .rsp_valid(rsp_valid),
    .rsp_data(rsp_data), .ev_sent(ev_sent), .ev_dropped(ev_dropped), .ev_src_refused(ev_src_refused),
    .sweeping(sweeping));

  localparam [2:0] LOAD = 3'd2, ENTRY = 3'd5;
  wire taken = op_valid && op_ready;
  wire asks = taken && (op_kind == LOAD || op_kind == ENTRY);

  reg started = 1'b0;
  reg held = 1'b0;                 // last cycle a packet waited
  reg [105:0] held_pkt = 106'd0;
  reg [3:0] asked = 4'b0000;       // asks of the last four cycles (bit 3: four cycles ago)
  reg [3:0] asked_load = 4'b0000;  // ... and they were LOADs
  reg [15:0] n_sent = 16'd0;
  always @(posedge clock) begin
    started <= 1'b1;
    held <= pkt_valid && !pkt_ready;
    held_pkt <= {pkt_dst, pkt_queue, pkt_portal, pkt_epoch, pkt_data};
    asked <= {asked[2:0], asks};
    asked_load <= {asked_load[2:0], asks && op_kind == LOAD};
    if (ev_sent) n_sent <= n_sent + 16'd1;
  end

  always @(*) begin
    if (started && held) begin
      assert(pkt_valid);                                                         // P1
      assert({pkt_dst, pkt_queue, pkt_portal, pkt_epoch, pkt_data} == held_pkt); // P1
    end
    assert(rsp_valid == asked[3]);                                               // P2
    if (sweeping) assert(!op_ready);                                             // P3
    if (started && !sweeping) assert(op_ready);                                  // P3
    if (rsp_valid && asked_load[3]) assert(rsp_data[47:32] <= n_sent + (ev_sent ? 16'd1 : 16'd0)); // P4
    cover(started && held && pkt_valid);
    cover(rsp_valid && asked_load[3] && rsp_data[47:32] == 16'd2);
    cover(ev_src_refused);
    cover(started && !store_ready && !sweeping);
  end
endmodule
