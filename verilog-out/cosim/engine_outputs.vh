// The card engine's output ports as wires, for benches that connect it with `.*`
// (cosim/tb_engine.v, formal/engine_formal.sv).
wire rx_ready, cmd_ready, wr_valid, rd_valid, ev_enqueued, ev_rejected, ev_refused, ev_overflow,
    ev_bad_header, ev_query, ev_notify, ev_switch, ev_entered_run, idle;
wire [47:0] wr_addr, rd_addr;
wire [63:0] wr_data, ev_data;
wire [1:0] rd_tag;
wire [11:0] ev_queue, ev_portal;
wire [9:0] ev_src;
wire [7:0] ev_epoch;
