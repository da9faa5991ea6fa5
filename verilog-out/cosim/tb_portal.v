// Co-simulation of the card's portal table (renq_portal.v, spec §7e), Verilog side: the same
// stimulus as hdl/examples/portal_cosim.rs, the same per-cycle log (formats described there).
// Per cycle: apply the inputs, let them settle (#1), log the outputs, then one clock edge.
`timescale 1ns/1ps
module tb_portal;
    reg clock = 0;
    reg tx_enable = 0, op_valid = 0, pkt_ready = 0;
    reg [2:0] op_kind = 0;
    reg [11:0] op_portal = 0;
    reg [63:0] op_data = 0;
    reg [7:0] op_epoch = 0;
    wire op_ready, store_ready, pkt_valid, rsp_valid, ev_sent, ev_dropped, ev_src_refused, sweeping;
    wire [9:0] pkt_dst;
    wire [11:0] pkt_queue, pkt_portal;
    wire [7:0] pkt_epoch;
    wire [63:0] pkt_data, rsp_data;

    renq_portal uut(.clock(clock), .tx_enable(tx_enable), .op_valid(op_valid), .op_ready(op_ready),
        .store_ready(store_ready),
        .op_kind(op_kind), .op_portal(op_portal), .op_data(op_data), .op_epoch(op_epoch),
        .pkt_valid(pkt_valid), .pkt_ready(pkt_ready), .pkt_dst(pkt_dst), .pkt_queue(pkt_queue),
        .pkt_portal(pkt_portal), .pkt_epoch(pkt_epoch), .pkt_data(pkt_data), .rsp_valid(rsp_valid),
        .rsp_data(rsp_data), .ev_sent(ev_sent), .ev_dropped(ev_dropped), .ev_src_refused(ev_src_refused),
        .sweeping(sweeping));

    `include "open_stim_log.vh"
    integer n;
    reg [63:0] f_tx, f_valid, f_kind, f_portal, f_data, f_epoch, f_ready;
    initial begin
        open_stim_log;
        n = $fscanf(stim, "%h %h %h %h %h %h %h\n", f_tx, f_valid, f_kind, f_portal, f_data, f_epoch, f_ready);
        while (n == 7) begin
            tx_enable = f_tx[0]; op_valid = f_valid[0]; op_kind = f_kind[2:0]; op_portal = f_portal[11:0];
            op_data = f_data; op_epoch = f_epoch[7:0]; pkt_ready = f_ready[0];
            #1;
            $fdisplay(log, "%0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h", op_ready, pkt_valid, pkt_dst,
                pkt_queue, pkt_portal, pkt_epoch, pkt_data, rsp_valid, rsp_data, ev_sent, ev_dropped,
                ev_src_refused, sweeping, store_ready);
            #4 clock = 1;
            #5 clock = 0;
            n = $fscanf(stim, "%h %h %h %h %h %h %h\n", f_tx, f_valid, f_kind, f_portal, f_data, f_epoch, f_ready);
        end
        $fclose(log);
        $finish;
    end
endmodule
