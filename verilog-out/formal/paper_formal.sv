// Formal harness for the emitted paper card (module `renq_paper_top`), checked by yosys-smtbmc
// (BMC, z3).
//
// Every input of the card is free in every cycle ($anyseq), except the environment
// assumptions A1..A3 below. The card starts from the state its initial blocks give it (the
// emitted Verilog has no reset); the harness's own registers start at the same power-on values
// (NODE_ID 0, export entries 0).
//
// What the harness models, from the ports only (it never looks inside the card):
//   * NODE_ID and EXPORT[FQ] of one watched queue FQ, an arbitrary constant the solver picks
//     ($anyconst), from CSR writes (same register semantics as spec §8);
//   * the packet being processed: on every rx handshake it latches whether the packet is for
//     FQ, a snapshot of EXPORT[FQ], and whether the packet may touch memory at all
//     (dst == NODE_ID, VALID, 3 <= k <= 16; spec §3 LD0 / §4);
//   * which queues software has SEEN stalled (a CSR read of STALLED returned the bit) and not
//     resumed since (no RESUME write for it).
// The CSR port is registered: a write sampled in cycle t takes effect at the edge ending
// cycle t+1 (the harness applies it from a one-cycle-delayed copy of the write), and a read
// sampled in cycle t shows the registers of cycle t on csr_rdata in cycle t+1.
//
// Assertions (spec §2, §3, §5, §6):
//   (P1, P2 and the second half of P5 are checked for packets to FQ; FQ is arbitrary, so they
//   hold for every queue.)
//   P1  every memory access (read or write) lies inside the aligned buffer of the export entry
//       of the queue being processed (aligned base = base with the low k+3 bits cleared);
//       addresses are 8-byte aligned.
//   P2  no memory write ever hits that buffer's HEAD word (word 2), nor its LINK word (word 0).
//   P3  a queue seen stalled stays stalled until RESUME is written for it: every later read of
//       STALLED still shows the bit, and no packet addressed to it (dst == NODE_ID) is accepted.
//   P4  at most one request in flight: once raised, mem_req stays high with the same write,
//       addr and wdata until the cycle of mem_ack.
//   P5  no memory access on behalf of a packet that is not for an exported queue of this node
//       (nor before the first packet).
// Covers (run with yosys-smtbmc -c) show each assertion's trigger is reachable, so none of
// them holds vacuously.
module paper_formal(input clock);
  // ---------------- free inputs ----------------
  (* anyseq *) wire [11:0] csr_addr;  (* anyseq *) wire [63:0] csr_wdata;
  (* anyseq *) wire csr_write;        (* anyseq *) wire csr_read;
  (* anyseq *) wire sh_valid;         (* anyseq *) wire [19:0] sh_addr;
  (* anyseq *) wire [63:0] sh_data;   (* anyseq *) wire [7:0] sh_strobe;
  (* anyseq *) wire mem_ack;          (* anyseq *) wire [63:0] mem_rdata;
  (* anyseq *) wire tx_ready;
  (* anyseq *) wire rx_valid;         (* anyseq *) wire [3:0] rx_src, rx_dst, rx_queue;
  (* anyseq *) wire [63:0] rx_data;
  wire [63:0] csr_rdata; wire sh_ready;
  wire mem_req, mem_write; wire [47:0] mem_addr; wire [63:0] mem_wdata;
  wire tx_valid; wire [3:0] tx_src, tx_dst, tx_queue; wire [63:0] tx_data;
  wire rx_ready; wire irq;

  renq_paper_top dut(.clock(clock),
    .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_write(csr_write), .csr_read(csr_read), .csr_rdata(csr_rdata),
    .sh_valid(sh_valid), .sh_ready(sh_ready), .sh_addr(sh_addr), .sh_data(sh_data), .sh_strobe(sh_strobe),
    .mem_req(mem_req), .mem_write(mem_write), .mem_addr(mem_addr), .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata),
    .tx_valid(tx_valid), .tx_ready(tx_ready), .tx_src(tx_src), .tx_dst(tx_dst), .tx_queue(tx_queue), .tx_data(tx_data),
    .rx_valid(rx_valid), .rx_ready(rx_ready), .rx_src(rx_src), .rx_dst(rx_dst), .rx_queue(rx_queue), .rx_data(rx_data),
    .irq(irq));

  // ---------------- environment assumptions ----------------
  // A1 the memory acknowledges only a pending request (any latency >= 0, possibly never);
  // A2 BAR0 accesses are 8-byte aligned 8-byte accesses (the host bus issues them that way);
  // A3 one CSR access per cycle (the port is a single-cycle bus: read or write, not both).
  always @(*) begin
    assume(!mem_ack || mem_req);
    assume(csr_addr[2:0] == 3'd0);
    assume(!(csr_write && csr_read));
  end

  // ---------------- port-level model ----------------
  // The watched queue: an arbitrary constant chosen by the solver. Tracking one symbolic queue
  // (instead of a copy of all 16 export entries) keeps the problem small; since FQ can be any
  // queue, the properties hold for every queue.
  (* anyconst *) wire [3:0] fq;
  // the write sampled last cycle, which takes effect at this cycle's edge
  reg w_q = 1'b0; reg [11:0] wa_q = 12'd0; reg [63:0] wd_q = 64'd0;
  always @(posedge clock) begin w_q <= csr_write; wa_q <= csr_addr; wd_q <= csr_wdata; end
  reg [3:0] node_q = 4'd0;
  reg [63:0] exp_f = 64'd0;                    // EXPORT[fq] as software wrote it
  always @(posedge clock) begin
    if (w_q && wa_q == 12'h008) node_q <= wd_q[3:0];
    if (w_q && wa_q == (12'h100 | {5'd0, fq, 3'd0})) exp_f <= wd_q;
  end

  // the packet being processed (latched at the rx handshake)
  wire rx_fire = rx_valid && rx_ready;
  wire [4:0] f_k = exp_f[52:48];
  wire rx_ok = rx_dst == node_q && exp_f[63] && f_k >= 5'd3 && f_k <= 5'd16;  // if rx_queue == fq
  reg have_pkt = 1'b0;
  reg cur_f = 1'b0;                            // the packet is for the watched queue
  reg cur_ok = 1'b0;
  reg [4:0] cur_k = 5'd0;
  reg [47:0] cur_base = 48'd0;
  always @(posedge clock) if (rx_fire) begin
    have_pkt <= 1'b1; cur_f <= rx_queue == fq; cur_ok <= rx_ok; cur_k <= f_k; cur_base <= exp_f[47:0];
  end
  // buffer of the current packet: 8 << k bytes, so address bits 3 .. k+2 are the word index
  // and bits k+3 .. 47 are the aligned base. keep[b] = (b >= k+3), built by comparisons (no
  // barrel shifter: z3 proves the per-bit form far faster). k <= 16, so bits 19.. are always base.
  wire [47:0] keep;
  genvar gb;
  generate for (gb = 0; gb < 48; gb = gb + 1) begin : g_keep
    if (gb < 3) assign keep[gb] = 1'b0;          // byte offset in a word: checked separately
    else if (gb >= 19) assign keep[gb] = 1'b1;
    else assign keep[gb] = {1'b0, cur_k} + 6'd3 <= gb;
  end endgenerate
  wire [47:0] cur_abase = cur_base & keep & ~48'd7;
  wire [47:0] head_addr = cur_abase | 48'd16;
  wire [47:0] link_addr = cur_abase;

  // the previous cycle's request, for P4
  reg prev_pending = 1'b0;                     // mem_req && !mem_ack last cycle
  reg prev_write = 1'b0; reg [47:0] prev_addr = 48'd0; reg [63:0] prev_wdata = 64'd0;
  always @(posedge clock) begin
    prev_pending <= mem_req && !mem_ack;
    prev_write <= mem_write; prev_addr <= mem_addr; prev_wdata <= mem_wdata;
  end

  // queues software has seen stalled and not resumed since, for P3
  // rd_q: csr_rdata now answers a read of STALLED sampled last cycle; seen_rd is seen_stalled
  // as of that cycle, rd_clr the RESUME that took effect at the end of it (its bit may still
  // show in the data, but is no longer stalled).
  reg [15:0] seen_stalled = 16'd0;
  wire rd_stalled = csr_read && csr_addr == 12'h028;
  wire wr_resume = w_q && wa_q == 12'h030;     // takes effect at this cycle's edge
  wire [15:0] resume_bit = wr_resume ? (16'd1 << wd_q[3:0]) : 16'd0;
  reg rd_q = 1'b0; reg [15:0] seen_rd = 16'd0; reg [15:0] rd_clr = 16'd0;
  always @(posedge clock) begin
    rd_q <= rd_stalled; seen_rd <= seen_stalled; rd_clr <= resume_bit;
  end
  always @(posedge clock) begin
    if (rd_q) seen_stalled <= seen_stalled | (csr_rdata[15:0] & ~rd_clr);
    if (wr_resume) seen_stalled[wd_q[3:0]] <= 1'b0;
  end

  // ---------------- assertions ----------------
  always @(*) begin
    // P5 (and the precondition of P1/P2): memory only for an accepted, exported packet
    if (mem_req) assert(have_pkt);
    if (mem_req && cur_f) assert(cur_ok);
    // P1 inside the aligned buffer, 8-byte aligned
    if (mem_req && cur_f && cur_ok) begin
      assert((mem_addr & keep) == cur_abase);
      assert(mem_addr[2:0] == 3'd0);
    end
    // P2 never the HEAD word nor the LINK word
    if (mem_req && mem_write && cur_f && cur_ok) begin
      assert(mem_addr != head_addr);
      assert(mem_addr != link_addr);
    end
    // P4 request held stable until ack
    if (prev_pending) begin
      assert(mem_req);
      assert(mem_write == prev_write);
      assert(mem_addr == prev_addr);
      if (prev_write) assert(mem_wdata == prev_wdata);
    end
    // P3 stalled stays stalled until RESUME
    if (rd_q) assert((csr_rdata[15:0] & seen_rd) == seen_rd);
    if (rx_fire && rx_dst == node_q) assert(!seen_stalled[rx_queue]);
  end

  // ---------------- covers (non-vacuity) ----------------
  reg resumed_once = 1'b0;       // some seen-stalled queue got RESUME
  always @(posedge clock) if (wr_resume && seen_stalled[wd_q[3:0]]) resumed_once <= 1'b1;
  always @(*) begin
    cover(mem_req && mem_write && mem_ack && cur_f && cur_ok && mem_addr != (cur_abase | 48'd8)); // a data slot
    cover(mem_req && mem_write && mem_ack && cur_f && cur_ok && mem_addr == (cur_abase | 48'd8));  // TAIL word
    cover(prev_pending && mem_ack);                                                // a request that waited
    cover(rd_q && seen_rd != 16'd0);                                               // P3 checked on a read
    cover(rx_fire && rx_queue == fq && !rx_ok);                                    // a packet P5 must keep off memory
    cover(resumed_once && rx_fire && rx_queue == fq && rx_ok);                     // resume, then accepted again
  end
endmodule
