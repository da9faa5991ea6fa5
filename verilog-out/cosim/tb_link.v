// Co-simulation of the link end (renq_link.v, or renq_paper_link.v with -DPAPER; spec §7d), Verilog
// side: the same stimulus as hdl/examples/link_cosim.rs, the same per-cycle log (formats
// described there). Per cycle: apply the inputs, let them settle (#1), log the outputs, then one
// clock edge.
`timescale 1ns/1ps
`ifdef PAPER
`define LINK renq_paper_link
`define W 76
`else
`define LINK renq_link
`define W 120
`endif
module tb_link;
    reg clock = 0;
    reg tick = 0, pi_valid = 0, po_ready = 0, wo_ready = 0, wi_valid = 0, wi_crc_ok = 0;
    reg [`W-1:0] pi_payload = 0, wi_payload = 0;
    reg [1:0] wi_kind = 0;
    reg [15:0] wi_seq = 0, wi_ack = 0;
    wire pi_ready, po_valid, wo_valid, wo_crc_ok, wi_ready;
    wire [`W-1:0] po_payload, wo_payload;
    wire [1:0] wo_kind;
    wire [15:0] wo_seq, wo_ack;
    wire tx_sent, tx_resent, tx_timeout, tx_nak, tx_ack_out_of_window, tx_unexpected, tx_bad;
    wire rx_delivered, rx_duplicate, rx_gap, rx_out_of_window, rx_unexpected, rx_bad, rx_ack_sent,
        rx_nak_sent, rx_merged;

    `LINK uut(.clock(clock), .tick(tick), .pi_valid(pi_valid), .pi_ready(pi_ready),
        .pi_payload(pi_payload), .po_valid(po_valid), .po_ready(po_ready), .po_payload(po_payload),
        .wo_valid(wo_valid), .wo_ready(wo_ready), .wo_kind(wo_kind), .wo_seq(wo_seq), .wo_ack(wo_ack),
        .wo_payload(wo_payload), .wo_crc_ok(wo_crc_ok), .wi_valid(wi_valid), .wi_ready(wi_ready),
        .wi_kind(wi_kind), .wi_seq(wi_seq), .wi_ack(wi_ack), .wi_payload(wi_payload),
        .wi_crc_ok(wi_crc_ok), .tx_sent(tx_sent), .tx_resent(tx_resent), .tx_timeout(tx_timeout),
        .tx_nak(tx_nak), .tx_ack_out_of_window(tx_ack_out_of_window), .tx_unexpected(tx_unexpected),
        .tx_bad(tx_bad), .rx_delivered(rx_delivered), .rx_duplicate(rx_duplicate), .rx_gap(rx_gap),
        .rx_out_of_window(rx_out_of_window), .rx_unexpected(rx_unexpected), .rx_bad(rx_bad),
        .rx_ack_sent(rx_ack_sent), .rx_nak_sent(rx_nak_sent), .rx_merged(rx_merged));

    // The replay RAM starts zeroed, as RustHDL's RAM model does and as iCE40 / ECP5 block RAM
    // comes out of configuration; the emitted RAM has no initializer, so iverilog would start it
    // at x and log x for the payload of a slot never written while wo_valid is low.
    integer i;
    initial begin
        for (i = 0; i < 32; i = i + 1) uut.link.tx.replay.mem[i] = 0;
        uut.link.tx.replay.read_data = 0;
    end

    `include "open_stim_log.vh"
    integer n;
    reg [127:0] f_tick, f_pi_valid, f_pi_payload, f_po_ready, f_wo_ready, f_wi_valid, f_wi_kind,
        f_wi_seq, f_wi_ack, f_wi_payload, f_wi_crc_ok;
    task read_line;
        n = $fscanf(stim, "%h %h %h %h %h %h %h %h %h %h %h\n", f_tick, f_pi_valid, f_pi_payload,
            f_po_ready, f_wo_ready, f_wi_valid, f_wi_kind, f_wi_seq, f_wi_ack, f_wi_payload, f_wi_crc_ok);
    endtask
    initial begin
        open_stim_log;
        read_line;
        while (n == 11) begin
            tick = f_tick[0]; pi_valid = f_pi_valid[0]; pi_payload = f_pi_payload[`W-1:0];
            po_ready = f_po_ready[0]; wo_ready = f_wo_ready[0]; wi_valid = f_wi_valid[0];
            wi_kind = f_wi_kind[1:0]; wi_seq = f_wi_seq[15:0]; wi_ack = f_wi_ack[15:0];
            wi_payload = f_wi_payload[`W-1:0]; wi_crc_ok = f_wi_crc_ok[0];
            #1;
            $fdisplay(log, "%0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h",
                pi_ready, po_valid, po_payload, wo_valid, wo_kind, wo_seq, wo_ack, wo_payload, wo_crc_ok,
                wi_ready, tx_sent, tx_resent, tx_timeout, tx_nak, tx_ack_out_of_window, tx_unexpected, tx_bad,
                rx_delivered, rx_duplicate, rx_gap, rx_out_of_window, rx_unexpected, rx_bad, rx_ack_sent,
                rx_nak_sent, rx_merged);
            #4 clock = 1;
            #5 clock = 0;
            read_line;
        end
        $fclose(log);
        $finish;
    end
endmodule
