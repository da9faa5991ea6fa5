// Pin-constrained synthesis wrapper for the paper card (module `renq_paper_top`) on an
// iCE40-HX8K (ct256).
//
// The card has 314 input and 259 output bits; the package has far fewer pins. The wrapper
// keeps every card port alive through registered shift chains, so synthesis cannot drop any
// card logic and every card path is register-to-register (a meaningful Fmax):
//   * sin/sen: a 314-bit input shift register, shifted in one bit per clock while sen = 1;
//   * ld:      copies the shift register into the card's input register (in_q), and captures
//              all card outputs into a 259-bit output register;
//   * sout:    the output register shifted out one bit per clock while sen = 1 (and ld = 0).
// Every card output bit reaches sout, so none of it is optimised away.
module renq_paper_synth(input clk, input sin, input sen, input ld, output sout);
  localparam IN_W = 12 + 64 + 1 + 1 + 1 + 20 + 64 + 8 + 1 + 64 + 1 + 1 + 4 + 4 + 4 + 64;  // 314
  localparam OUT_W = 64 + 1 + 1 + 1 + 48 + 64 + 1 + 4 + 4 + 4 + 64 + 1 + 1;             // 259

  reg [IN_W-1:0] in_sr = {IN_W{1'b0}};
  reg [IN_W-1:0] in_q = {IN_W{1'b0}};
  reg [OUT_W-1:0] out_sr = {OUT_W{1'b0}};

  wire [11:0] csr_addr; wire [63:0] csr_wdata; wire csr_write, csr_read;
  wire sh_valid; wire [19:0] sh_addr; wire [63:0] sh_data; wire [7:0] sh_strobe;
  wire mem_ack; wire [63:0] mem_rdata; wire tx_ready;
  wire rx_valid; wire [3:0] rx_src, rx_dst, rx_queue; wire [63:0] rx_data;
  assign {csr_addr, csr_wdata, csr_write, csr_read, sh_valid, sh_addr, sh_data, sh_strobe,
          mem_ack, mem_rdata, tx_ready, rx_valid, rx_src, rx_dst, rx_queue, rx_data} = in_q;

  wire [63:0] csr_rdata; wire sh_ready;
  wire mem_req, mem_write; wire [47:0] mem_addr; wire [63:0] mem_wdata;
  wire tx_valid; wire [3:0] tx_src, tx_dst, tx_queue; wire [63:0] tx_data;
  wire rx_ready, irq;
  wire [OUT_W-1:0] outs = {csr_rdata, sh_ready, mem_req, mem_write, mem_addr, mem_wdata,
                           tx_valid, tx_src, tx_dst, tx_queue, tx_data, rx_ready, irq};

  renq_paper_top card(.clock(clk),
    .csr_addr(csr_addr), .csr_wdata(csr_wdata), .csr_write(csr_write), .csr_read(csr_read), .csr_rdata(csr_rdata),
    .sh_valid(sh_valid), .sh_ready(sh_ready), .sh_addr(sh_addr), .sh_data(sh_data), .sh_strobe(sh_strobe),
    .mem_req(mem_req), .mem_write(mem_write), .mem_addr(mem_addr), .mem_wdata(mem_wdata), .mem_ack(mem_ack), .mem_rdata(mem_rdata),
    .tx_valid(tx_valid), .tx_ready(tx_ready), .tx_src(tx_src), .tx_dst(tx_dst), .tx_queue(tx_queue), .tx_data(tx_data),
    .rx_valid(rx_valid), .rx_ready(rx_ready), .rx_src(rx_src), .rx_dst(rx_dst), .rx_queue(rx_queue), .rx_data(rx_data),
    .irq(irq));

  always @(posedge clk) begin
    if (sen) in_sr <= {in_sr[IN_W-2:0], sin};
    if (ld) in_q <= in_sr;
    if (ld) out_sr <= outs;
    else if (sen) out_sr <= {out_sr[OUT_W-2:0], 1'b0};
  end
  assign sout = out_sr[OUT_W-1];
endmodule
