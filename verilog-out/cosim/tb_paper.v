// Co-simulation testbench for the emitted paper card (module `renq_paper_top`).
//
// Reads a stimulus file (format: verilog-out/cosim/README.md) and writes a transaction log.
// hdl/examples/cosim_log.rs implements the SAME cycle-level protocol on the RustHDL model;
// `make cosim` diffs the two logs. Keep the two in lock-step: any change here must be made there.
//
// One cycle c, both sides:
//   1. host stores (H) whose cycle <= c are written into the memory model, in file order;
//      drive the inputs of cycle c: the head CSR op if its cycle <= c (held one cycle, then
//      popped); the head shadow store / rx packet if its cycle <= c (held until ready);
//      tx_ready = T[c mod |T|] (1 if no T); mem_ack = 0, mem_rdata = 0.  Evaluate.
//   2. memory: if mem_req: a new request draws latency LAT[n mod |LAT|] (n = request number);
//      it is acknowledged once it has been seen for latency+1 cycles (latency 0 = ack in the
//      request cycle). On ack: a read returns mem[addr] (0 if never written), a write updates
//      mem[addr]; drive mem_ack = 1 (and rdata) and evaluate again.
//      A request dropped or changed before its ack is logged as ERR.
//   3. log (sampled after the last evaluation): CSR read data, memory transaction, rx/shadow
//      handshakes, tx packets, irq level changes.
//   4. rising clock edge.
`timescale 1ns/1ps
module tb_paper;
  localparam MAXN = 8192;
  reg clock = 0;
  reg [11:0] csr_addr = 0; reg [63:0] csr_wdata = 0; reg csr_write = 0, csr_read = 0;
  wire [63:0] csr_rdata;
  reg sh_valid = 0; wire sh_ready; reg [19:0] sh_addr = 0; reg [63:0] sh_data = 0; reg [7:0] sh_strobe = 0;
  wire mem_req, mem_write; wire [47:0] mem_addr; wire [63:0] mem_wdata;
  reg mem_ack = 0; reg [63:0] mem_rdata = 0;
  wire tx_valid; reg tx_ready = 0; wire [3:0] tx_src, tx_dst, tx_queue; wire [63:0] tx_data;
  reg rx_valid = 0; wire rx_ready; reg [3:0] rx_src = 0, rx_dst = 0, rx_queue = 0; reg [63:0] rx_data = 0;
  wire irq;

  renq_paper_top dut(.clock(clock),
    .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_write(csr_write), .csr_read(csr_read), .csr_rdata(csr_rdata),
    .sh_valid(sh_valid), .sh_ready(sh_ready), .sh_addr(sh_addr), .sh_data(sh_data), .sh_strobe(sh_strobe),
    .mem_req(mem_req), .mem_write(mem_write), .mem_addr(mem_addr), .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata),
    .tx_valid(tx_valid), .tx_ready(tx_ready), .tx_src(tx_src), .tx_dst(tx_dst), .tx_queue(tx_queue), .tx_data(tx_data),
    .rx_valid(rx_valid), .rx_ready(rx_ready), .rx_src(rx_src), .rx_dst(rx_dst), .rx_queue(rx_queue), .rx_data(rx_data),
    .irq(irq));

  // stimulus streams
  reg [63:0] csr_t [0:MAXN-1]; reg csr_w [0:MAXN-1]; reg [11:0] csr_a [0:MAXN-1]; reg [63:0] csr_d [0:MAXN-1];
  reg [63:0] sh_t [0:MAXN-1]; reg [19:0] sh_a [0:MAXN-1]; reg [63:0] sh_d [0:MAXN-1]; reg [7:0] sh_s [0:MAXN-1];
  reg [63:0] rx_t [0:MAXN-1]; reg [3:0] rx_s [0:MAXN-1], rx_d [0:MAXN-1], rx_q [0:MAXN-1]; reg [63:0] rx_x [0:MAXN-1];
  reg [63:0] lat [0:MAXN-1]; reg txr [0:MAXN-1];
  reg [47:0] mem_k [0:MAXN-1]; reg [63:0] mem_v [0:MAXN-1];
  reg [63:0] hs_t [0:MAXN-1]; reg [47:0] hs_a [0:MAXN-1]; reg [63:0] hs_d [0:MAXN-1];
  integer n_hs = 0, i_hs = 0;
  integer n_csr = 0, n_sh = 0, n_rx = 0, n_lat = 0, n_txr = 0, n_mem = 0;
  integer i_csr = 0, i_sh = 0, i_rx = 0;
  integer cycles = -1;

  // register offsets and masks, generated from renq_abi's register table
  `include "paper_regs.vh"

  // final read-out: the registers every log ends with
  // (ID, NODE_ID, CONTROL, IRQ_STATUS, IRQ_MASK, STALLED, ARMED, the six counters, EXPORT[0..15])
  localparam NFIN = 13 + REG_EXPORT_COUNT;
  reg [11:0] fin [0:NFIN-1];
  integer fi;
  initial begin
    fin[0] = REG_ID; fin[1] = REG_NODE_ID; fin[2] = REG_CONTROL; fin[3] = REG_IRQ_STATUS; fin[4] = REG_IRQ_MASK;
    fin[5] = REG_STALLED; fin[6] = REG_ARMED; fin[7] = REG_CNT_SENT; fin[8] = REG_CNT_TX_DROPPED;
    fin[9] = REG_CNT_ENQUEUED; fin[10] = REG_CNT_REJECTED; fin[11] = REG_CNT_OVERFLOWS; fin[12] = REG_CNT_BAD_HEADER;
    for (fi = 0; fi < REG_EXPORT_COUNT; fi = fi + 1) fin[13 + fi] = REG_EXPORT + 8 * fi;
  end

  integer fd, lf, r, nf, k, c, cyc, nreq, waitc, total, found;
  reg busy; reg [47:0] req_addr; reg req_write; reg [63:0] req_wdata;
  reg [8*256:1] line; reg [7:0] op; reg [63:0] f1, f2, f3, f4, f5;
  reg prev_irq; reg did_read; reg [11:0] rd_addr; reg sh_fire, rx_fire;
  reg pend = 0, pend_fin = 0; reg [11:0] pend_addr = 0; integer pend_cyc = 0;
  reg [1023:0] stim_name, log_name;

  task mem_lookup(input [47:0] a, output [63:0] v);
    integer j; begin
      v = 64'd0;
      for (j = 0; j < n_mem; j = j + 1) if (mem_k[j] == a) v = mem_v[j];
    end
  endtask
  task mem_store(input [47:0] a, input [63:0] v);
    integer j, hit; begin
      hit = 0;
      for (j = 0; j < n_mem; j = j + 1) if (mem_k[j] == a) begin mem_v[j] = v; hit = 1; end
      if (!hit) begin
        if (n_mem >= MAXN) begin $display("tb_paper: memory model full"); $fatal(1); end
        mem_k[n_mem] = a; mem_v[n_mem] = v; n_mem = n_mem + 1;
      end
    end
  endtask

  // Steps 1-3 of one cycle; `fin_addr` >= 0 forces a read of that register instead of the CSR
  // stream, -2 means no CSR access (a drain cycle); in both no new shadow store or packet is
  // offered. The CSR port is registered: a read's value is on csr_rdata in the next cycle, and
  // is logged then.
  task half_cycle(input integer fin_addr);
    reg [63:0] v; begin
      // 1. host stores due by this cycle land in memory first
      while (i_hs < n_hs && hs_t[i_hs] <= cyc) begin mem_store(hs_a[i_hs], hs_d[i_hs]); i_hs = i_hs + 1; end
      // inputs
      csr_write = 0; csr_read = 0; csr_addr = 0; csr_wdata = 0; did_read = 0;
      if (fin_addr >= 0) begin
        csr_read = 1; csr_addr = fin_addr; did_read = 1; rd_addr = fin_addr;
      end else if (fin_addr == -1 && i_csr < n_csr && csr_t[i_csr] <= cyc) begin
        csr_addr = csr_a[i_csr];
        if (csr_w[i_csr]) begin csr_write = 1; csr_wdata = csr_d[i_csr]; end
        else begin csr_read = 1; did_read = 1; rd_addr = csr_a[i_csr]; end
        i_csr = i_csr + 1;
      end
      if (fin_addr == -1 && i_sh < n_sh && sh_t[i_sh] <= cyc) begin
        sh_valid = 1; sh_addr = sh_a[i_sh]; sh_data = sh_d[i_sh]; sh_strobe = sh_s[i_sh];
      end else begin sh_valid = 0; sh_addr = 0; sh_data = 0; sh_strobe = 0; end
      if (fin_addr == -1 && i_rx < n_rx && rx_t[i_rx] <= cyc) begin
        rx_valid = 1; rx_src = rx_s[i_rx]; rx_dst = rx_d[i_rx]; rx_queue = rx_q[i_rx]; rx_data = rx_x[i_rx];
      end else begin rx_valid = 0; rx_src = 0; rx_dst = 0; rx_queue = 0; rx_data = 0; end
      tx_ready = (n_txr == 0) ? 1'b1 : txr[cyc % n_txr];
      mem_ack = 0; mem_rdata = 0;
      #1;
      // 2. memory
      if (mem_req) begin
        if (busy && (mem_addr !== req_addr || mem_write !== req_write || (mem_write && mem_wdata !== req_wdata)))
          $fwrite(lf, "ERR %0d request changed before ack\n", cyc);
        if (!busy) begin
          busy = 1; waitc = (n_lat == 0) ? 0 : lat[nreq % n_lat]; nreq = nreq + 1;
          req_addr = mem_addr; req_write = mem_write; req_wdata = mem_wdata;
        end
        if (waitc == 0) begin
          busy = 0; mem_ack = 1;
          if (mem_write) begin
            mem_store(mem_addr, mem_wdata);
            $fwrite(lf, "W %0d %012h %016h\n", cyc, mem_addr, mem_wdata);
          end else begin
            mem_lookup(mem_addr, v); mem_rdata = v;
            $fwrite(lf, "R %0d %012h %016h\n", cyc, mem_addr, v);
          end
          #1;
        end else waitc = waitc - 1;
      end else if (busy) begin
        $fwrite(lf, "ERR %0d request dropped before ack\n", cyc);
        busy = 0;
      end
      // 3. log
      if (pend) begin
        if (pend_fin) $fwrite(lf, "FINAL %03h %016h\n", pend_addr, csr_rdata);
        else $fwrite(lf, "CSR %0d %03h %016h\n", pend_cyc, pend_addr, csr_rdata);
      end
      pend = did_read; pend_fin = fin_addr >= 0; pend_addr = rd_addr; pend_cyc = cyc;
      sh_fire = sh_valid && sh_ready; rx_fire = rx_valid && rx_ready;
      if (sh_fire) $fwrite(lf, "SH %0d\n", cyc);
      if (rx_fire) $fwrite(lf, "RX %0d\n", cyc);
      if (tx_valid && tx_ready)
        $fwrite(lf, "TX %0d %h %h %h %016h\n", cyc, tx_src, tx_dst, tx_queue, tx_data);
      if (irq !== prev_irq) begin $fwrite(lf, "IRQ %0d %0d\n", cyc, irq); prev_irq = irq; end
    end
  endtask

  task clock_edge; begin
      clock = 1; #1; clock = 0; #1;
      if (sh_fire) i_sh = i_sh + 1;
      if (rx_fire) i_rx = i_rx + 1;
      cyc = cyc + 1;
    end
  endtask

  initial begin
    if (!$value$plusargs("stim=%s", stim_name)) begin $display("tb_paper: +stim=<file> missing"); $fatal(1); end
    if (!$value$plusargs("log=%s", log_name)) begin $display("tb_paper: +log=<file> missing"); $fatal(1); end
    fd = $fopen(stim_name, "r");
    if (fd == 0) begin $display("tb_paper: cannot open %0s", stim_name); $fatal(1); end
    while (!$feof(fd)) begin
      line = 0; r = $fgets(line, fd);
      op = 0; f1 = 0; f2 = 0; f3 = 0; f4 = 0; f5 = 0;
      if (r > 0) nf = $sscanf(line, "%c %h %h %h %h %h", op, f1, f2, f3, f4, f5); else nf = 0;
      if (nf > 0) case (op)
        "#", " ", "\n", "\r", "\t": ;
        "W": begin csr_t[n_csr] = f1; csr_w[n_csr] = 1; csr_a[n_csr] = f2; csr_d[n_csr] = f3; n_csr = n_csr + 1; end
        "R": begin csr_t[n_csr] = f1; csr_w[n_csr] = 0; csr_a[n_csr] = f2; csr_d[n_csr] = 0; n_csr = n_csr + 1; end
        "S": begin sh_t[n_sh] = f1; sh_a[n_sh] = f2; sh_d[n_sh] = f3; sh_s[n_sh] = f4; n_sh = n_sh + 1; end
        "P": begin rx_t[n_rx] = f1; rx_s[n_rx] = f2; rx_d[n_rx] = f3; rx_q[n_rx] = f4; rx_x[n_rx] = f5; n_rx = n_rx + 1; end
        "L": begin lat[n_lat] = f1; n_lat = n_lat + 1; end
        "T": begin txr[n_txr] = f1[0]; n_txr = n_txr + 1; end
        "M": begin mem_store(f1[47:0], f2); end
        "H": begin hs_t[n_hs] = f1; hs_a[n_hs] = f2; hs_d[n_hs] = f3; n_hs = n_hs + 1; end
        "E": cycles = f1;
        "X": ;  // expected final register value: checked by check_logs.sh, not by the simulators
        default: begin $display("tb_paper: bad stimulus line: %0s", line); $fatal(1); end
      endcase
      if (n_csr >= MAXN || n_sh >= MAXN || n_rx >= MAXN || n_lat >= MAXN || n_txr >= MAXN || n_hs >= MAXN) begin
        $display("tb_paper: stimulus too long"); $fatal(1);
      end
    end
    $fclose(fd);
    if (cycles < 0) begin $display("tb_paper: stimulus has no E line"); $fatal(1); end
    lf = $fopen(log_name, "w");
    $fwrite(lf, "# renq cosim log v1\n");
    busy = 0; nreq = 0; waitc = 0; cyc = 0; prev_irq = 0;
    for (k = 0; k < cycles; k = k + 1) begin half_cycle(-1); clock_edge; end
    // drain (same as DRAIN_CYCLES in cosim_log.rs): the packet in flight completes and
    // counters land before the final reads
    for (k = 0; k < 64; k = k + 1) begin half_cycle(-2); clock_edge; end
    for (k = 0; k < NFIN; k = k + 1) begin half_cycle(fin[k]); clock_edge; end
    half_cycle(-2); clock_edge;   // the last final read's value arrives
    $fwrite(lf, "END %0d\n", cyc);
    $fclose(lf);
    $finish;
  end
endmodule
