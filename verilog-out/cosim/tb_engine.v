// Co-simulation of the card's engine (renq_engine.v, spec §6a), Verilog side: the same
// stimulus as hdl/examples/engine_cosim.rs, the same per-cycle log (formats described there).
// Per cycle: apply the inputs, let them settle (#1), log the outputs, then one clock edge.
`timescale 1ns/1ps
module tb_engine;
    reg clock = 0;
    reg rx_valid = 0, rx_enable = 0, cmd_valid = 0, wr_ready = 0, rd_ready = 0, rsp_valid = 0;
    reg [9:0] rx_src = 0, rx_dst = 0, node_id = 0;
    reg [11:0] rx_queue = 0, rx_portal = 0, cmd_queue = 0;
    reg [63:0] rx_data = 0, cmd_arg = 0, rsp_data = 0;
    reg [7:0] rx_epoch = 0;
    reg [2:0] cmd_kind = 0;
    reg [1:0] rsp_tag = 0;
    `include "engine_outputs.vh"

    renq_engine uut(.*);

    // RustHDL's RAMs power up as zeros (so do the FPGAs' block RAMs); iverilog's as x, which the
    // sweep clears in the state RAM but the registered read ports would show before it does.
    // (Not in a gate-level netlist, which has no such memories: make cosim-gate.)
    integer i;
`ifndef GATE_LEVEL
    `define ZERO_RAM(ram) begin for (i = 0; i < $size(ram.mem); i = i + 1) ram.mem[i] = 0; ram.read_data = 0; end
    initial begin
        `ZERO_RAM(uut.qram.base_ram) `ZERO_RAM(uut.qram.flags_ram) `ZERO_RAM(uut.qram.free_nz_ram)
        `ZERO_RAM(uut.qram.free_ram) `ZERO_RAM(uut.qram.mask_ram) `ZERO_RAM(uut.qram.tail_ram)
        `ZERO_RAM(uut.wq.base_ram) `ZERO_RAM(uut.wq.data_ram) `ZERO_RAM(uut.wq.flags_ram)
        `ZERO_RAM(uut.wq.slot_ram) `ZERO_RAM(uut.wq.tail_ram) `ZERO_RAM(uut.wq.link_ram) `ZERO_RAM(uut.qram.spare_ram)
    end
`endif

    `include "open_stim_log.vh"
    integer n;
    reg [63:0] f [0:17];
    task read_line;
        n = $fscanf(stim, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", f[0], f[1], f[2],
            f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15], f[16], f[17]);
    endtask
    initial begin
        open_stim_log;
        read_line;
        while (n == 18) begin
            rx_valid = f[0][0]; rx_src = f[1][9:0]; rx_dst = f[2][9:0]; rx_queue = f[3][11:0];
            rx_data = f[4]; rx_epoch = f[5][7:0]; rx_portal = f[6][11:0]; node_id = f[7][9:0];
            rx_enable = f[8][0]; cmd_valid = f[9][0]; cmd_kind = f[10][2:0]; cmd_queue = f[11][11:0];
            cmd_arg = f[12]; wr_ready = f[13][0]; rd_ready = f[14][0]; rsp_valid = f[15][0];
            rsp_tag = f[16][1:0]; rsp_data = f[17];
            #1;
            $fdisplay(log, "%0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h",
                rx_ready, cmd_ready, wr_valid, wr_addr, wr_data, rd_valid, rd_addr, rd_tag, ev_enqueued,
                ev_rejected, ev_refused, ev_overflow, ev_bad_header, ev_query, ev_queue, ev_src, ev_portal,
                ev_epoch, ev_data, ev_notify, idle, ev_switch, ev_entered_run);
            #4 clock = 1;
            #5 clock = 0;
            read_line;
        end
        $fclose(log);
        $finish;
    end
endmodule
