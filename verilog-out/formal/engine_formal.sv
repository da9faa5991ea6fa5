// Formal harness for the card's engine (renq_engine.v's source in a 4-queue build, emitted by
// `emit-verilog --engine-formal`; spec §6a), checked by yosys-smtbmc (BMC, z3): `make formal-engine`.
// Every input is free in every cycle ($anyseq): any packet (any node, queue, epoch, data), any
// command with any argument (EXPORT of any buffer, HEAD of any index, ...), any back-pressure.
// Two assumptions only, the port contracts: an answer comes only for an outstanding tag (§6a's
// memory port), and a command offered and not taken stays offered, unchanged (valid/ready: the
// engine re-reads `cmd_queue` and `cmd_arg` in the HEAD command's later micro-operations; without
// this rule the BMC finds HEAD's last micro-operations applied to another queue).
// The engine starts from power-on (no reset port; its sweep clears the state RAM).
//
// The harness watches one buffer: a free constant (queue, base, k) names it; it becomes live
// when the driver EXPORTs exactly that buffer for that queue, or posts it as a buffer of a run
// of the queue's spares (SPARE, spec §9c: the card switches into it when the queue's buffer
// fills). It is *clean* while no other EXPORT or SPARE (before or after, of any queue) names a
// buffer overlapping it,
// so every write inside it belongs to the watched queue's items. Since the constant is free,
// the checks cover every buffer.
//
// Assertions:
//   A  no write and no read outside every buffer exported or posted as a spare so far (a free
//      watched address); a read inside the clean watched buffer is of its HEAD word;
//   B  the clean watched buffer's HEAD word is never written;
//   C  each TAIL write of the clean watched buffer publishes exactly the index after the last
//      data write (it covers no unwritten slot);
//   D  its data writes take slots 3, 4, ... 2^k - 1, 3, ... in order, none before it is live;
//   E  no read is issued on a tag that is outstanding (so at most 4 are); the harness's answers
//      are only for outstanding tags (the contract), and the next read of that tag follows them;
//   F  the clean watched buffer's LINK word is written only after a TAIL write that covers its
//      every data write, only with the address of a buffer posted as the watched queue's spare
//      (a free constant names it), and once: nothing is written into the buffer after it;
//   G  a spare is used once: the watched queue's switches into a spare (`ev_switch`) never
//      outnumber the buffers of the SPARE runs for it taken so far (this counts every SPARE
//      that names valid buffers, accepted or refused by the engine, so it catches a card that
//      switches twice into one posted buffer, not one that accepts a SPARE it should refuse);
//      and its switches into a run's first buffer (`ev_entered_run`, the OVERFLOW FIFO's
//      entries) are switches, and never outnumber the SPARE runs for it taken so far.
// Covers show the cases are reachable: an item written, a TAIL published, a HEAD read
// answered and the buffer linked to a spare, each in the clean watched buffer. (G's premise, a
// second switch of one queue, is first reached in step 18, past the covers' depth; the G mutant
// of formal/engine_mutants.sh shows that G can fail.)
// `make formal-engine-mutants` checks one property at a time: read with -DCHECK_ONLY -DCHECK_<P>.
`ifndef CHECK_ONLY
`define CHECK_A
`define CHECK_B
`define CHECK_C
`define CHECK_D
`define CHECK_E
`define CHECK_F
`define CHECK_G
`endif
module engine_formal(input clock);
  (* anyseq *) wire rx_valid, rx_enable, cmd_valid, wr_ready, rd_ready, rsp_valid;
  (* anyseq *) wire [9:0] rx_src, rx_dst, node_id;
  (* anyseq *) wire [11:0] rx_queue, rx_portal, cmd_queue;
  (* anyseq *) wire [63:0] rx_data, cmd_arg, rsp_data;
  (* anyseq *) wire [7:0] rx_epoch;
  (* anyseq *) wire [2:0] cmd_kind;
  (* anyseq *) wire [1:0] rsp_tag;
  `include "engine_outputs.vh"

  renq_engine dut(.*);

  localparam [2:0] EXPORT = 3'd0, SPARE = 3'd5;
  localparam QUEUES = 4;                       // the build's 2^QA
  localparam [15:0] LINK = 16'd0, TAIL = 16'd1, HEAD = 16'd2, FIRST = 16'd3;

  // ---------------------------------------------------------------- the memory port contract
  reg [3:0] outstanding = 4'b0;
  wire rd_moves = rd_valid && rd_ready;
  always @(*) if (rsp_valid) assume(outstanding[rsp_tag]);
  always @(posedge clock) begin
    if (rsp_valid) outstanding[rsp_tag] <= 1'b0;
    if (rd_moves) outstanding[rd_tag] <= 1'b1;
  end

  // ---------------------------------------------------------------- the command port contract
  wire cmd_taken = cmd_valid && cmd_ready;
  reg cmd_waits = 1'b0;
  reg [78:0] cmd_held = 79'd0;
  always @(posedge clock) begin
    cmd_waits <= cmd_valid && !cmd_ready;
    cmd_held <= {cmd_kind, cmd_queue, cmd_arg};
  end
  always @(*) if (cmd_waits) assume(cmd_valid && {cmd_kind, cmd_queue, cmd_arg} == cmd_held);

  // ---------------------------------------------------------------- EXPORT as the engine reads it
  wire [4:0] x_k = cmd_arg[52:48];
  wire x_valid = cmd_arg[63] && x_k >= 5'd3 && x_k <= 5'd16;
  wire [47:0] x_mask = (48'd8 << x_k) - 48'd1;               // byte offsets inside the buffer
  wire [47:0] x_base = cmd_arg[47:0] & ~x_mask;
  wire exporting = cmd_taken && cmd_kind == EXPORT && cmd_queue < QUEUES && x_valid;
  // SPARE as the engine takes it: the same word, aligned, a run of RUN + 1 buffers from the base
  // (whether the queue takes it, exported, with no run waiting and the run inside the address
  // space, is the engine's affair: this over-approximates). A run's buffers span [x_base, x_end).
  wire sparing = cmd_taken && cmd_kind == SPARE && cmd_queue < QUEUES && x_valid
    && (cmd_arg[47:0] & x_mask) == 48'd0;
  wire [10:0] x_count = sparing ? {1'b0, cmd_arg[62:53]} + 11'd1 : 11'd1;
  wire [48:0] x_end = {1'b0, x_base} + ({38'd0, x_count} << (x_k + 5'd3));
  wire naming = exporting || sparing;
  // Is the aligned block at `b` (2^k words) one of the buffers named (for EXPORT, the one)?
  function automatic names_block(input [47:0] b, input [4:0] k);
    names_block = naming && k == x_k && b >= x_base && {1'b0, b} < x_end && ((b - x_base) & x_mask) == 48'd0;
  endfunction

  // ---------------------------------------------------------------- the watched buffer
  (* anyconst *) reg [1:0] w_queue;
  (* anyconst *) reg [4:0] w_k;
  (* anyconst *) reg [47:0] w_base;
  wire [47:0] w_mask = (48'd8 << w_k) - 48'd1;
  wire [15:0] w_last = (16'd1 << w_k) - 16'd1;             // the last slot index
  always @(*) begin
    assume(w_k >= 5'd3 && w_k <= 5'd16);
    assume((w_base & w_mask) == 48'd0);
  end
  wire is_watched = cmd_queue == {10'd0, w_queue} && names_block(w_base, w_k);
  // the named span and the watched buffer overlap
  wire overlaps = naming && {1'b0, w_base} < x_end && {1'b0, x_base} <= {1'b0, w_base | w_mask};

  reg live = 1'b0, dirty = 1'b0;
  reg [15:0] next_slot = FIRST;                                 // the next data slot
  always @(posedge clock) begin
    if (is_watched && !live) live <= 1'b1;
    else if (overlaps) dirty <= 1'b1;
  end
  wire clean = !dirty;

  wire wr_moves = wr_valid && wr_ready;
  wire w_in = (wr_addr & ~w_mask) == w_base;
  wire [15:0] w_index = (wr_addr & w_mask) >> 3;
  wire w_data_write = wr_moves && w_in && w_index >= FIRST;
  always @(posedge clock)
    if (w_data_write) next_slot <= next_slot == w_last ? FIRST : next_slot + 16'd1;

  // ---------------------------------------------------------------- A: a free watched address
  (* anyconst *) reg [47:0] a_addr;
  reg a_covered = 1'b0;
  always @(posedge clock)
    if (naming && a_addr >= x_base && {1'b0, a_addr} < x_end) a_covered <= 1'b1;

  // ---------------------------------------------------------------- F: the watched buffer's LINK
  (* anyconst *) reg [47:0] s_base;                 // a free spare address (64-byte aligned)
  always @(*) assume(s_base[5:0] == 6'd0);
  reg s_posted = 1'b0;                              // posted as the watched queue's spare
  always @(posedge clock)
    if (sparing && cmd_queue == {10'd0, w_queue} && names_block(s_base, x_k)) s_posted <= 1'b1;
  reg written = 1'b0;      // a data write into the watched buffer since its last TAIL write
  reg linked = 1'b0;       // its LINK word was written
  always @(posedge clock) begin
    if (w_data_write) written <= 1'b1;
    if (wr_moves && w_in && w_index == TAIL) written <= 1'b0;
    if (wr_moves && w_in && w_index == LINK) linked <= 1'b1;
  end
  wire link_write = wr_moves && w_in && w_index == LINK;

  // ---------------------------------------------------------------- G: one switch per posting
  // Counts, not a flag: a SPARE taken at the port may be decided after an item's switch that
  // the engine reports later (its events are registered), so the two interleave. 16 bits hold
  // any BMC depth run here (< 32 steps of runs of up to 1 024 buffers).
  wire w_switch = ev_switch && ev_queue == {10'd0, w_queue};
  wire w_entered = ev_entered_run && ev_queue == {10'd0, w_queue};
  reg [15:0] g_posts = 16'd0, g_switches = 16'd0, g_runs = 16'd0, g_entered = 16'd0;
  always @(posedge clock) begin
    if (sparing && cmd_queue == {10'd0, w_queue}) g_posts <= g_posts + {5'd0, x_count};
    if (sparing && cmd_queue == {10'd0, w_queue}) g_runs <= g_runs + 16'd1;
    if (w_switch) g_switches <= g_switches + 16'd1;
    if (w_entered) g_entered <= g_entered + 16'd1;
  end

  // ---------------------------------------------------------------- the properties
  reg started = 1'b0;
  reg answered = 1'b0;           // a HEAD read of the clean watched buffer was answered
  reg [3:0] w_tags = 4'b0;       // outstanding tags reading the watched buffer
  always @(posedge clock) begin
    started <= 1'b1;
    if (rd_moves) w_tags[rd_tag] <= (rd_addr & ~w_mask) == w_base;
    if (rsp_valid && w_tags[rsp_tag] && live && clean) answered <= 1'b1;
  end

  always @(*) begin
`ifdef CHECK_A
    if (wr_moves && wr_addr == a_addr) assert(a_covered);                          // A
    if (rd_moves && rd_addr == a_addr) assert(a_covered);                          // A
    if (clean && rd_valid && (rd_addr & ~w_mask) == w_base)
      assert(rd_addr == (w_base | {HEAD, 3'b0}));                                  // A
`endif
`ifdef CHECK_B
    if (clean && wr_moves && w_in) assert(w_index != HEAD);                        // B
`endif
`ifdef CHECK_C
    if (clean && wr_moves && w_in && w_index == TAIL)
      assert(live && wr_data == {48'd0, next_slot});                               // C
`endif
`ifdef CHECK_D
    if (clean && wr_moves && w_in && w_index >= FIRST)
      assert(live && w_index == next_slot);                                        // D
`endif
`ifdef CHECK_E
    if (rd_valid) assert(!outstanding[rd_tag]);                                    // E
`endif
`ifdef CHECK_F
    if (clean && link_write) assert(live && !written && !linked);                  // F
    if (clean && link_write && wr_data[47:6] == s_base[47:6]) assert(s_posted);    // F
    if (clean && wr_moves && w_in) assert(!linked);                                // F
`endif
`ifdef CHECK_G
    if (w_switch) assert(g_switches < g_posts);                                    // G
    if (ev_entered_run) assert(ev_switch);                                         // G
    if (w_entered) assert(g_entered < g_runs);                                     // G
`endif
    cover(clean && live && w_data_write);
    cover(clean && live && wr_moves && w_in && w_index == TAIL && next_slot != FIRST);
    cover(started && answered);
    cover(clean && live && link_write);
  end
endmodule
