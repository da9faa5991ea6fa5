// Formal harness for the whole card (renq_top.v's source in a 4-queue, 4-portal build,
// emitted by `emit-verilog --top-formal`; spec §6b), checked by yosys-smtbmc (BMC, z3):
// `make formal-top`. What it checks is what the TOP adds around the engine (§6a) and the
// portal table (§7e), which have harnesses of their own.
// Every input is free in every cycle ($anyseq): any BAR0 access (any offset, any value: NODE_ID,
// CONTROL, commands, PORTAL grants...), any BAR2 access, any link packet on both channels, any
// back-pressure, and the RAMs' power-up contents. Assumptions, the port contracts of §6b / §6a
// only: the host holds a BAR0 access, and a BAR2 access, unchanged until taken; the memory
// answers only outstanding tags.
//
// Assertions:
//   R  every BAR0 read taken is answered by exactly one csr_rvalid, in order: no answer without
//      an outstanding read, never two outstanding (so order is trivial), a read of any register
//      but PORTAL answered in the next cycle;
//   L  every BAR2 load taken is answered by exactly one b2_rvalid: none without an outstanding
//      load, never two outstanding, a misaligned load answered in the next cycle;
//   O  OUTCOME accounting: no OUTCOME leaves unless an ENQUEUE taken still owes one; at most 16
//      are owed (the outcome FIFO's depth: it never overflows); rx_ready is low while 16 are
//      owed; and when the card says idle none is owed (no ENQUEUE taken goes without its OUTCOME);
//   A  no host memory write at an address outside every buffer EXPORTed or posted as a spare (a
//      SPARE names its whole run) so
//      far through BAR0 (CMD_ARG, then CMD with kind EXPORT or SPARE; a free watched address);
//   B  the HEAD word of a clean watched buffer is never written (a buffer named by free
//      constants, EXPORTed or posted through BAR0, no other EXPORT or SPARE overlapping it; its
//      LINK word, written by a switch into a spare, is the engine harness's property F).
// Covers show the cases are reachable (see the `cover` lines).
// `make formal-top-mutants` checks one property at a time: read with -DCHECK_ONLY -DCHECK_<P>.
`ifndef CHECK_ONLY
`define CHECK_R
`define CHECK_L
`define CHECK_O
`define CHECK_A
`define CHECK_B
`endif
module top_formal(input clock);
  `include "top_inputs_anyseq.vh"
  `include "top_outputs.vh"

  renq_top dut(.*);

  localparam [11:0] CMD_ARG = 12'h028, CMD = 12'h030, PORTAL = 12'h098;
  localparam [2:0] EXPORT = 3'd0, SPARE = 3'd5;
  localparam [15:0] HEAD = 16'd2;
  localparam [4:0] DEPTH = 5'd16;               // renq_abi::OUTCOME_FIFO_DEPTH

  reg started = 1'b0;
  always @(posedge clock) started <= 1'b1;

  // ---------------------------------------------------------------- the port contracts
  reg [3:0] outstanding = 4'b0;
  wire rd_moves = rd_valid && rd_ready;
  always @(*) if (rsp_valid) assume(outstanding[rsp_tag]);
  always @(posedge clock) begin
    if (rsp_valid) outstanding[rsp_tag] <= 1'b0;
    if (rd_moves) outstanding[rd_tag] <= 1'b1;
  end

  wire csr_any = csr_read || csr_write;
  reg csr_waits = 1'b0, b2_waits = 1'b0;
  reg [77:0] csr_held = 78'd0;
  reg [97:0] b2_held = 98'd0;
  always @(posedge clock) begin
    csr_waits <= csr_any && !csr_ready;
    csr_held <= {csr_read, csr_write, csr_addr, csr_wdata};
    b2_waits <= b2_valid && !b2_ready;
    b2_held <= {b2_write, b2_addr, b2_data, b2_strobe};
  end
  always @(*) begin
    if (csr_waits) assume({csr_read, csr_write, csr_addr, csr_wdata} == csr_held);
    if (b2_waits) assume(b2_valid && {b2_write, b2_addr, b2_data, b2_strobe} == b2_held);
  end

  // ---------------------------------------------------------------- R: BAR0 reads
  wire csr_read_taken = csr_read && csr_ready;
  wire csr_write_taken = csr_write && !csr_read && csr_ready;
  reg [1:0] csr_owed = 2'd0;
  reg plain_read_last = 1'b0;              // a read of a register other than PORTAL, last cycle
  wire [1:0] csr_owed_next = csr_owed + csr_read_taken - csr_rvalid;
  always @(posedge clock) begin
    csr_owed <= csr_owed_next;
    plain_read_last <= csr_read_taken && csr_addr[11:3] != PORTAL[11:3];
  end

  // ---------------------------------------------------------------- L: BAR2 loads
  wire load_taken = b2_valid && b2_ready && !b2_write;
  reg [1:0] b2_owed = 2'd0;
  reg odd_load_last = 1'b0;
  wire [1:0] b2_owed_next = b2_owed + load_taken - b2_rvalid;
  always @(posedge clock) begin
    b2_owed <= b2_owed_next;
    odd_load_last <= load_taken && b2_addr[2:0] != 3'd0;
  end

  // ---------------------------------------------------------------- O: OUTCOMEs owed
  wire rx_taken = rx_valid && rx_ready;
  wire otx_taken = otx_valid && otx_ready;
  reg [5:0] owed = 6'd0;
  always @(posedge clock) owed <= owed + rx_taken - otx_taken;

  // ---------------------------------------------------------------- EXPORTs through BAR0
  reg [63:0] arg = 64'd0;                  // CMD_ARG as the host last wrote it
  always @(posedge clock) if (csr_write_taken && csr_addr == CMD_ARG) arg <= csr_wdata;
  wire [4:0] x_k = arg[52:48];
  wire x_valid = arg[63] && x_k >= 5'd3 && x_k <= 5'd16;
  wire [47:0] x_mask = (48'd8 << x_k) - 48'd1;
  wire [47:0] x_base = arg[47:0] & ~x_mask;
  // Liberal on purpose (any queue, any other CMD bits, a SPARE of any run): more buffers seen
  // only weakens A and B.
  wire exporting = csr_write_taken && csr_addr == CMD
    && (csr_wdata[18:16] == EXPORT || csr_wdata[18:16] == SPARE) && x_valid;

  // A SPARE names its run's RUN + 1 buffers, [x_base, x_end) (an EXPORT, its one buffer).
  wire [10:0] x_count = csr_wdata[18:16] == SPARE ? {1'b0, arg[62:53]} + 11'd1 : 11'd1;
  wire [48:0] x_end = {1'b0, x_base} + ({38'd0, x_count} << (x_k + 5'd3));

  (* anyconst *) reg [47:0] a_addr;
  reg a_covered = 1'b0;
  always @(posedge clock) if (exporting && a_addr >= x_base && {1'b0, a_addr} < x_end) a_covered <= 1'b1;

  (* anyconst *) reg [4:0] w_k;
  (* anyconst *) reg [47:0] w_base;
  wire [47:0] w_mask = (48'd8 << w_k) - 48'd1;
  always @(*) begin
    assume(w_k >= 5'd3 && w_k <= 5'd16);
    assume((w_base & w_mask) == 48'd0);
  end
  wire is_watched = exporting && x_k == w_k && x_base == w_base;
  // the named span (a SPARE's whole run) and the watched buffer overlap
  wire overlaps = exporting && {1'b0, w_base} < x_end && {1'b0, x_base} <= {1'b0, w_base | w_mask};
  reg live = 1'b0, dirty = 1'b0;
  always @(posedge clock) begin
    if (is_watched && !live) live <= 1'b1;
    else if (overlaps) dirty <= 1'b1;
  end
  wire wr_moves = wr_valid && wr_ready;
  wire w_in = (wr_addr & ~w_mask) == w_base;
  wire [15:0] w_index = (wr_addr & w_mask) >> 3;

  // ---------------------------------------------------------------- the properties
  always @(*) begin
`ifdef CHECK_R
    if (csr_rvalid) assert(csr_owed != 2'd0);                                     // R
    assert(csr_owed_next <= 2'd1);                                                // R
    if (plain_read_last) assert(csr_rvalid);                                      // R
`endif
`ifdef CHECK_L
    if (b2_rvalid) assert(b2_owed != 2'd0);                                       // L
    assert(b2_owed_next <= 2'd1);                                                 // L
    if (odd_load_last) assert(b2_rvalid);                                         // L
`endif
`ifdef CHECK_O
    if (otx_taken) assert(owed != 6'd0);                                          // O
    assert(owed <= DEPTH);                                                        // O
    if (owed == DEPTH) assert(!rx_ready);                                         // O
    if (idle) assert(owed == 6'd0);                                               // O
`endif
`ifdef CHECK_A
    if (wr_moves && wr_addr == a_addr) assert(a_covered);                         // A
`endif
`ifdef CHECK_B
    if (!dirty && wr_moves && w_in) assert(w_index != HEAD);                      // B
`endif
    cover(started && csr_rvalid && !plain_read_last);     // a PORTAL read answered
    cover(started && b2_rvalid && !odd_load_last);        // a BAR2 load answered by the table
    cover(tx_valid && tx_ready);                          // a STORE sent as a packet
    cover(otx_taken);                                     // an OUTCOME sent
    cover(owed == 6'd2);                                  // two OUTCOMEs owed at once
    cover(!dirty && live && wr_moves && w_in);            // an item or TAIL in the watched buffer
  end
endmodule
