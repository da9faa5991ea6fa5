// Co-simulation of the whole card (renq_top_v2.v, spec §6b), Verilog side: the same stimulus
// as hdl/examples/top_cosim.rs, the same per-cycle log (port order of hdl/src/top_sim.rs).
// Per cycle: apply the inputs, let them settle (#1), log the outputs, then one clock edge.
`timescale 1ns/1ps
module tb_top_v2;
    reg clock = 0;
    reg [11:0] csr_addr = 0; reg [63:0] csr_wdata = 0; reg csr_write = 0, csr_read = 0;
    reg b2_valid = 0, b2_write = 0; reg [23:0] b2_addr = 0; reg [63:0] b2_data = 0; reg [7:0] b2_strobe = 0;
    reg wr_ready = 0, rd_ready = 0, rsp_valid = 0; reg [1:0] rsp_tag = 0; reg [63:0] rsp_data = 0;
    reg tx_ready = 0, otx_ready = 0;
    reg rx_valid = 0, orx_valid = 0; reg [9:0] rx_src = 0, rx_dst = 0, orx_src = 0, orx_dst = 0;
    reg [11:0] rx_queue = 0, rx_portal = 0, orx_queue = 0, orx_portal = 0;
    reg [7:0] rx_epoch = 0, orx_epoch = 0; reg [63:0] rx_data = 0, orx_data = 0;
    `include "top_v2_outputs.vh"

    renq_top_v2 uut(.*);

    // RustHDL's RAMs power up as zeros (so do the FPGAs' block RAMs); iverilog's as x, which the
    // sweeps clear in the state RAMs but the registered read ports would show before they do.
    integer i;
    `define ZERO_RAM(ram) begin for (i = 0; i < $size(ram.mem); i = i + 1) ram.mem[i] = 0; ram.read_data = 0; end
    initial begin
        `ZERO_RAM(uut.engine.qram.base_ram) `ZERO_RAM(uut.engine.qram.flags_ram)
        `ZERO_RAM(uut.engine.qram.free_nz_ram) `ZERO_RAM(uut.engine.qram.free_ram)
        `ZERO_RAM(uut.engine.qram.mask_ram) `ZERO_RAM(uut.engine.qram.tail_ram)
        `ZERO_RAM(uut.engine.wq.base_ram) `ZERO_RAM(uut.engine.wq.data_ram) `ZERO_RAM(uut.engine.wq.flags_ram)
        `ZERO_RAM(uut.engine.wq.slot_ram) `ZERO_RAM(uut.engine.wq.tail_ram)
        `ZERO_RAM(uut.portals.epoch_ram) `ZERO_RAM(uut.portals.route_ram) `ZERO_RAM(uut.portals.status_ram)
        `ZERO_RAM(uut.portals.valid_ram)
    end

    `include "open_stim_log.vh"
    integer n;
    reg [63:0] f [0:29];
    task read_line;
        n = $fscanf(stim, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
            f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14],
            f[15], f[16], f[17], f[18], f[19], f[20], f[21], f[22], f[23], f[24], f[25], f[26], f[27], f[28], f[29]);
    endtask
    initial begin
        open_stim_log;
        read_line;
        while (n == 30) begin
            csr_addr = f[0][11:0]; csr_wdata = f[1]; csr_write = f[2][0]; csr_read = f[3][0];
            b2_valid = f[4][0]; b2_write = f[5][0]; b2_addr = f[6][23:0]; b2_data = f[7]; b2_strobe = f[8][7:0];
            wr_ready = f[9][0]; rd_ready = f[10][0]; rsp_valid = f[11][0]; rsp_tag = f[12][1:0]; rsp_data = f[13];
            tx_ready = f[14][0]; otx_ready = f[15][0];
            rx_valid = f[16][0]; rx_src = f[17][9:0]; rx_dst = f[18][9:0]; rx_queue = f[19][11:0];
            rx_portal = f[20][11:0]; rx_epoch = f[21][7:0]; rx_data = f[22];
            orx_valid = f[23][0]; orx_src = f[24][9:0]; orx_dst = f[25][9:0]; orx_queue = f[26][11:0];
            orx_portal = f[27][11:0]; orx_epoch = f[28][7:0]; orx_data = f[29];
            #1;
            $fdisplay(log, "%0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h",
                csr_ready, csr_rdata, csr_rvalid, b2_ready, b2_rvalid, b2_rdata, wr_valid, wr_addr, wr_data,
                rd_valid, rd_addr, rd_tag, tx_valid, tx_src, tx_dst, tx_queue, tx_portal, tx_epoch, tx_data,
                otx_valid, otx_src, otx_dst, otx_queue, otx_portal, otx_epoch, otx_data, rx_ready, orx_ready,
                irq, idle);
            #4 clock = 1;
            #5 clock = 0;
            read_line;
        end
        $fclose(log);
        $finish;
    end
endmodule
