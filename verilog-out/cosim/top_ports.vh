// The whole card's co-simulation lines (cosim/tb_top.v): the input ports as registers,
// `read_inputs` (one stimulus line: `inputs_read` = fields read, 30 for a whole line) and
// `log_outputs` (one log line), in the port order of PortsIn::line / PortsOut::line.
// Needs `stim` and `log` (open_stim_log.vh) and the outputs (top_outputs.vh).
// Generated from hdl/src/top/ports.rs by `cargo run --release -p renq-hdl --bin emit-card-ports`; do not edit.
reg [11:0] csr_addr = 0;
reg [63:0] csr_wdata = 0;
reg csr_write = 0;
reg csr_read = 0;
reg b2_valid = 0;
reg b2_write = 0;
reg [23:0] b2_addr = 0;
reg [63:0] b2_data = 0;
reg [7:0] b2_strobe = 0;
reg wr_ready = 0;
reg rd_ready = 0;
reg rsp_valid = 0;
reg [1:0] rsp_tag = 0;
reg [63:0] rsp_data = 0;
reg tx_ready = 0;
reg otx_ready = 0;
reg rx_valid = 0;
reg [9:0] rx_src = 0;
reg [9:0] rx_dst = 0;
reg [11:0] rx_queue = 0;
reg [11:0] rx_portal = 0;
reg [7:0] rx_epoch = 0;
reg [63:0] rx_data = 0;
reg orx_valid = 0;
reg [9:0] orx_src = 0;
reg [9:0] orx_dst = 0;
reg [11:0] orx_queue = 0;
reg [11:0] orx_portal = 0;
reg [7:0] orx_epoch = 0;
reg [63:0] orx_data = 0;
localparam INPUT_FIELDS = 30;
integer inputs_read;
reg [63:0] field [0:29];
task read_inputs;
    begin
        inputs_read = $fscanf(stim, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n",
            field[0], field[1], field[2], field[3], field[4], field[5], field[6], field[7], field[8], field[9], field[10], field[11], field[12], field[13], field[14], field[15], field[16], field[17], field[18], field[19], field[20], field[21], field[22], field[23], field[24], field[25], field[26], field[27], field[28], field[29]);
        if (inputs_read == INPUT_FIELDS) begin
            csr_addr = field[0][11:0];
            csr_wdata = field[1];
            csr_write = field[2][0];
            csr_read = field[3][0];
            b2_valid = field[4][0];
            b2_write = field[5][0];
            b2_addr = field[6][23:0];
            b2_data = field[7];
            b2_strobe = field[8][7:0];
            wr_ready = field[9][0];
            rd_ready = field[10][0];
            rsp_valid = field[11][0];
            rsp_tag = field[12][1:0];
            rsp_data = field[13];
            tx_ready = field[14][0];
            otx_ready = field[15][0];
            rx_valid = field[16][0];
            rx_src = field[17][9:0];
            rx_dst = field[18][9:0];
            rx_queue = field[19][11:0];
            rx_portal = field[20][11:0];
            rx_epoch = field[21][7:0];
            rx_data = field[22];
            orx_valid = field[23][0];
            orx_src = field[24][9:0];
            orx_dst = field[25][9:0];
            orx_queue = field[26][11:0];
            orx_portal = field[27][11:0];
            orx_epoch = field[28][7:0];
            orx_data = field[29];
        end
    end
endtask
task log_outputs;
    $fdisplay(log, "%0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h %0h",
        csr_ready, csr_rdata, csr_rvalid, b2_ready, b2_rvalid, b2_rdata, wr_valid, wr_addr, wr_data, rd_valid, rd_addr, rd_tag, tx_valid, tx_src, tx_dst, tx_queue, tx_portal, tx_epoch, tx_data, otx_valid, otx_src, otx_dst, otx_queue, otx_portal, otx_epoch, otx_data, rx_ready, orx_ready, irq, idle);
endtask
