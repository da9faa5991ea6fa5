// Simulation model of the ECP5 DP16KD block RAM, the part of it the card's ECP5 netlists use
// (yosys ships DP16KD only as a blackbox): written from Lattice's ECP5 memory usage guide
// (TN1264) for `make cosim-gate-ecp5`. Both ports of one width: 1, 2, 4, 9 or 18 (address bits
// ADx13..ADx(log2 width), data bits 0..width-1); WRITEMODE NORMAL, WRITETHROUGH,
// READBEFOREWRITE; REGMODE NOREG (the word a clock edge after its address) or OUTREG (a
// register behind it: one edge later, enabled by OCEx); synchronous reset (RSTx) of the output;
// CEx enables the port. Not modelled: chip selects (must decode to "0b000" with CSx 0), GSR,
// async reset, INITVAL (the memory starts at zero, which is what yosys asks of it here: no
// memory of the card has an initial value). A read of an address the other port writes at the
// same edge returns the old word (the hardware's result is undefined; the engine never uses it).
module DP16KD(
  input DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
  input ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
  input CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
  output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
  input DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
  input ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
  input CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
  output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
  parameter DATA_WIDTH_A = 18;
  parameter DATA_WIDTH_B = 18;
  parameter REGMODE_A = "NOREG";
  parameter REGMODE_B = "NOREG";
  parameter RESETMODE = "SYNC";
  parameter ASYNC_RESET_RELEASE = "SYNC";
  parameter CSDECODE_A = "0b000";
  parameter CSDECODE_B = "0b000";
  parameter WRITEMODE_A = "NORMAL";
  parameter WRITEMODE_B = "NORMAL";
  parameter CLKAMUX = "CLKA";
  parameter CLKBMUX = "CLKB";
  parameter GSR = "ENABLED";
  // (INITVAL_00..3F and the pin muxes are accepted and ignored.)

  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};

  function integer lsb_of(input integer width);  // the lowest address bit of a width
    lsb_of = width == 1 ? 0 : width == 2 ? 1 : width == 4 ? 2 : width == 9 ? 3 : 4;
  endfunction
  localparam LA = lsb_of(DATA_WIDTH_A), LB = lsb_of(DATA_WIDTH_B);

  // 18 Kbit as 1 024 words of 18 bits; a word of width w at index i is bits i*w .. i*w+w-1 of
  // the array seen as one vector (widths 9 and 18 use the ninth bits; 1, 2 and 4 do not).
  reg [18431:0] bits;
  integer k;
  initial begin
    bits = 0;
    if (CSDECODE_A != "0b000" || CSDECODE_B != "0b000" || CLKAMUX != "CLKA" || CLKBMUX != "CLKB"
        || RESETMODE != "SYNC" && RESETMODE != "ASYNC" || DATA_WIDTH_A != DATA_WIDTH_B
        || (DATA_WIDTH_A != 1 && DATA_WIDTH_A != 2 && DATA_WIDTH_A != 4 && DATA_WIDTH_A != 9 && DATA_WIDTH_A != 18)
        || (DATA_WIDTH_B != 1 && DATA_WIDTH_B != 2 && DATA_WIDTH_B != 4 && DATA_WIDTH_B != 9 && DATA_WIDTH_B != 18)) begin
      $display("DP16KD model: unsupported configuration in %m");
      $fatal(1);
    end
  end

  function integer base_of(input [13:0] ad, input integer width, input integer lsb);
    base_of = (ad >> lsb) * width;
  endfunction

  reg [17:0] ra, rb, oa, ob;  // the word read (NOREG output) and the output register
  initial begin ra = 0; rb = 0; oa = 0; ob = 0; end
  wire [17:0] word_a = bits >> base_of(ada, DATA_WIDTH_A, LA);
  wire [17:0] word_b = bits >> base_of(adb, DATA_WIDTH_B, LB);
  wire [17:0] mask_a = (18'h1 << DATA_WIDTH_A) - 1;
  wire [17:0] mask_b = (18'h1 << DATA_WIDTH_B) - 1;

  always @(posedge CLKA) begin
    if (OCEA) oa <= RSTA ? 18'h0 : ra;
    if (CEA) begin
      if (RSTA) ra <= 0;
      else if (!WEA || WRITEMODE_A == "READBEFOREWRITE") ra <= word_a & mask_a;
      else if (WRITEMODE_A == "WRITETHROUGH") ra <= dia & mask_a;
      if (WEA)
        for (k = 0; k < DATA_WIDTH_A; k = k + 1) bits[base_of(ada, DATA_WIDTH_A, LA) + k] <= dia[k];
    end
  end
  always @(posedge CLKB) begin
    if (OCEB) ob <= RSTB ? 18'h0 : rb;
    if (CEB) begin
      if (RSTB) rb <= 0;
      else if (!WEB || WRITEMODE_B == "READBEFOREWRITE") rb <= word_b & mask_b;
      else if (WRITEMODE_B == "WRITETHROUGH") rb <= dib & mask_b;
      if (WEB)
        for (k = 0; k < DATA_WIDTH_B; k = k + 1) bits[base_of(adb, DATA_WIDTH_B, LB) + k] <= dib[k];
    end
  end

  wire [17:0] doa = REGMODE_A == "OUTREG" ? oa : ra;
  wire [17:0] dob = REGMODE_B == "OUTREG" ? ob : rb;
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;
endmodule
