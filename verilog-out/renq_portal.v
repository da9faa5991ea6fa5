

module renq_portal(clock,tx_enable,op_valid,op_ready,op_kind,op_portal,op_data,op_epoch,store_ready,pkt_valid,pkt_ready,pkt_dst,pkt_queue,pkt_portal,pkt_epoch,pkt_data,rsp_valid,rsp_data,ev_sent,ev_dropped,ev_src_refused,sweeping);
    
    // Module arguments
    input wire  clock;
    input wire  tx_enable;
    input wire  op_valid;
    output reg  op_ready;
    input wire  [2:0] op_kind;
    input wire  [11:0] op_portal;
    input wire  [63:0] op_data;
    input wire  [7:0] op_epoch;
    output reg  store_ready;
    output reg  pkt_valid;
    input wire  pkt_ready;
    output reg  [9:0] pkt_dst;
    output reg  [11:0] pkt_queue;
    output reg  [11:0] pkt_portal;
    output reg  [7:0] pkt_epoch;
    output reg  [63:0] pkt_data;
    output reg  rsp_valid;
    output reg  [63:0] rsp_data;
    output reg  ev_sent;
    output reg  ev_dropped;
    output reg  ev_src_refused;
    output reg  sweeping;
    
    // Constant declarations
    localparam  in_flight_mask = 32'hffff;
    localparam  k_store = 3'b0;
    localparam  k_retry = 3'b1;
    localparam  k_load = 3'b10;
    localparam  k_grant = 3'b11;
    localparam  k_outcome = 3'b100;
    localparam  k_entry = 3'b101;
    localparam  c_accepted = 2'b0;
    localparam  c_refused = 2'b1;
    localparam  c_rejected = 2'b10;
    localparam  table_bits = 4'hc;
    localparam  zero_portal = 12'h0;
    localparam  sweep_last = 12'hfff;
    localparam  one_pa = 12'h1;
    localparam  one_occ = 4'h1;
    localparam  zero_occ = 4'h0;
    localparam  pkt_queue_pos = 7'b1010;
    localparam  pkt_portal_pos = 7'b10110;
    localparam  pkt_epoch_pos = 7'b100010;
    localparam  pkt_data_pos = 7'b101010;
    localparam  fifo_depth = 4'h6;
    localparam  one_in_flight = 16'h1;
    localparam  zero_in_flight = 16'h0;
    localparam  max_in_flight = 16'hffff;
    localparam  one_refused = 14'b1;
    localparam  zero_refused = 14'b0;
    localparam  zero_accepted = 32'h0;
    localparam  zero_word = 64'h0;
    localparam  zero_route = 22'h0;
    localparam  zero_epoch = 8'h0;
    localparam  in_flight_pos = 6'b100000;
    localparam  refused_pos = 6'b110000;
    localparam  rejected_pos = 6'b111110;
    localparam  refusing_pos = 6'b111111;
    localparam  node_pos = 5'b1100;
    localparam  count_pos = 6'b10000;
    localparam  entry_valid_pos = 6'b111111;
    
    // Stub signals
    reg  [11:0] status_ram$read_address;
    reg  status_ram$read_clock;
    wire  [63:0] status_ram$read_data;
    reg  [11:0] status_ram$write_address;
    reg  status_ram$write_clock;
    reg  [63:0] status_ram$write_data;
    reg  status_ram$write_enable;
    reg  [11:0] route_ram$read_address;
    reg  route_ram$read_clock;
    wire  [21:0] route_ram$read_data;
    reg  [11:0] route_ram$write_address;
    reg  route_ram$write_clock;
    reg  [21:0] route_ram$write_data;
    reg  route_ram$write_enable;
    reg  [11:0] valid_ram$read_address;
    reg  valid_ram$read_clock;
    wire  valid_ram$read_data;
    reg  [11:0] valid_ram$write_address;
    reg  valid_ram$write_clock;
    reg  valid_ram$write_data;
    reg  valid_ram$write_enable;
    reg  [11:0] epoch_ram$read_address;
    reg  epoch_ram$read_clock;
    wire  [7:0] epoch_ram$read_data;
    reg  [11:0] epoch_ram$write_address;
    reg  epoch_ram$write_clock;
    reg  [7:0] epoch_ram$write_data;
    reg  epoch_ram$write_enable;
    reg  swept$d;
    wire  swept$q;
    reg  swept$clock;
    reg  [11:0] sweep_ctr$d;
    wire  [11:0] sweep_ctr$q;
    reg  sweep_ctr$clock;
    reg  s0_valid$d;
    wire  s0_valid$q;
    reg  s0_valid$clock;
    reg  [2:0] s0_kind$d;
    wire  [2:0] s0_kind$q;
    reg  s0_kind$clock;
    reg  [11:0] s0_portal$d;
    wire  [11:0] s0_portal$q;
    reg  s0_portal$clock;
    reg  [63:0] s0_data$d;
    wire  [63:0] s0_data$q;
    reg  s0_data$clock;
    reg  [7:0] s0_epoch$d;
    wire  [7:0] s0_epoch$q;
    reg  s0_epoch$clock;
    reg  s1_valid$d;
    wire  s1_valid$q;
    reg  s1_valid$clock;
    reg  [2:0] s1_kind$d;
    wire  [2:0] s1_kind$q;
    reg  s1_kind$clock;
    reg  [11:0] s1_portal$d;
    wire  [11:0] s1_portal$q;
    reg  s1_portal$clock;
    reg  [63:0] s1_data$d;
    wire  [63:0] s1_data$q;
    reg  s1_data$clock;
    reg  [7:0] s1_epoch$d;
    wire  [7:0] s1_epoch$q;
    reg  s1_epoch$clock;
    reg  s2_valid$d;
    wire  s2_valid$q;
    reg  s2_valid$clock;
    reg  [2:0] s2_kind$d;
    wire  [2:0] s2_kind$q;
    reg  s2_kind$clock;
    reg  [11:0] s2_portal$d;
    wire  [11:0] s2_portal$q;
    reg  s2_portal$clock;
    reg  [63:0] s2_data$d;
    wire  [63:0] s2_data$q;
    reg  s2_data$clock;
    reg  [7:0] s2_epoch$d;
    wire  [7:0] s2_epoch$q;
    reg  s2_epoch$clock;
    reg  [63:0] s2_ram_status$d;
    wire  [63:0] s2_ram_status$q;
    reg  s2_ram_status$clock;
    reg  [21:0] s2_ram_route$d;
    wire  [21:0] s2_ram_route$q;
    reg  s2_ram_route$clock;
    reg  s2_ram_entry_valid$d;
    wire  s2_ram_entry_valid$q;
    reg  s2_ram_entry_valid$clock;
    reg  [7:0] s2_ram_epoch$d;
    wire  [7:0] s2_ram_epoch$q;
    reg  s2_ram_epoch$clock;
    reg  s2_hit1$d;
    wire  s2_hit1$q;
    reg  s2_hit1$clock;
    reg  s2_hit2$d;
    wire  s2_hit2$q;
    reg  s2_hit2$clock;
    reg  fwd_valid$d;
    wire  fwd_valid$q;
    reg  fwd_valid$clock;
    reg  [11:0] fwd_portal$d;
    wire  [11:0] fwd_portal$q;
    reg  fwd_portal$clock;
    reg  [63:0] fwd_status$d;
    wire  [63:0] fwd_status$q;
    reg  fwd_status$clock;
    reg  [21:0] fwd_route$d;
    wire  [21:0] fwd_route$q;
    reg  fwd_route$clock;
    reg  fwd_entry_valid$d;
    wire  fwd_entry_valid$q;
    reg  fwd_entry_valid$clock;
    reg  [7:0] fwd_epoch$d;
    wire  [7:0] fwd_epoch$q;
    reg  fwd_epoch$clock;
    reg  [63:0] fwd2_status$d;
    wire  [63:0] fwd2_status$q;
    reg  fwd2_status$clock;
    reg  [21:0] fwd2_route$d;
    wire  [21:0] fwd2_route$q;
    reg  fwd2_route$clock;
    reg  fwd2_entry_valid$d;
    wire  fwd2_entry_valid$q;
    reg  fwd2_entry_valid$clock;
    reg  [7:0] fwd2_epoch$d;
    wire  [7:0] fwd2_epoch$q;
    reg  fwd2_epoch$clock;
    reg  s3_send$d;
    wire  s3_send$q;
    reg  s3_send$clock;
    reg  [105:0] s3_pkt$d;
    wire  [105:0] s3_pkt$q;
    reg  s3_pkt$clock;
    reg  pkt_fifo$clock;
    reg  pkt_fifo$push;
    reg  [105:0] pkt_fifo$data_in;
    reg  pkt_fifo$pop;
    wire  [105:0] pkt_fifo$head;
    wire  pkt_fifo$empty;
    wire  pkt_fifo$full;
    reg  out_valid$d;
    wire  out_valid$q;
    reg  out_valid$clock;
    reg  [105:0] out_pkt$d;
    wire  [105:0] out_pkt$q;
    reg  out_pkt$clock;
    reg  skid_valid$d;
    wire  skid_valid$q;
    reg  skid_valid$clock;
    reg  [105:0] skid_pkt$d;
    wire  [105:0] skid_pkt$q;
    reg  skid_pkt$clock;
    reg  [9:0] pkt_pack$dst;
    reg  [11:0] pkt_pack$queue;
    reg  [11:0] pkt_pack$portal;
    reg  [7:0] pkt_pack$epoch;
    reg  [63:0] pkt_pack$data;
    wire  [105:0] pkt_pack$word;
    reg  [3:0] occupied$d;
    wire  [3:0] occupied$q;
    reg  occupied$clock;
    reg  store_room$d;
    wire  store_room$q;
    reg  store_room$clock;
    reg  rsp_valid_r$d;
    wire  rsp_valid_r$q;
    reg  rsp_valid_r$clock;
    reg  [63:0] rsp_data_r$d;
    wire  [63:0] rsp_data_r$q;
    reg  rsp_data_r$clock;
    reg  rsp_entry_r$d;
    wire  rsp_entry_r$q;
    reg  rsp_entry_r$clock;
    reg  [21:0] rsp_route_r$d;
    wire  [21:0] rsp_route_r$q;
    reg  rsp_route_r$clock;
    reg  rsp_entry_valid_r$d;
    wire  rsp_entry_valid_r$q;
    reg  rsp_entry_valid_r$clock;
    reg  ev_sent_r$d;
    wire  ev_sent_r$q;
    reg  ev_sent_r$clock;
    reg  ev_dropped_r$d;
    wire  ev_dropped_r$q;
    reg  ev_dropped_r$clock;
    reg  ev_src_refused_r$d;
    wire  ev_src_refused_r$q;
    reg  ev_src_refused_r$clock;
    reg  [11:0] op_addr$wide;
    wire  [11:0] op_addr$narrow;
    reg  [11:0] s2_addr$wide;
    wire  [11:0] s2_addr$narrow;
    reg  [31:0] pack$accepted;
    reg  [15:0] pack$in_flight;
    reg  [13:0] pack$refused;
    reg  pack$rejected;
    reg  pack$refusing;
    wire  [63:0] pack$word;
    reg  entry_word$valid;
    reg  [21:0] entry_word$route;
    wire  [63:0] entry_word$word;
    
    // Local signals
    reg  in_range;
    reg  [63:0] cur_status;
    reg  [21:0] cur_route;
    reg  cur_entry_valid;
    reg  [7:0] cur_epoch;
    reg  [31:0] accepted;
    reg  [15:0] in_flight;
    reg  [31:0] in_flight_wide;
    reg  [13:0] refused;
    reg  rejected;
    reg  refusing;
    reg  [31:0] count;
    reg  [1:0] code;
    reg  [21:0] n_route;
    reg  n_entry_valid;
    reg  [7:0] n_epoch;
    reg  write;
    reg  is_store;
    reg  is_answer;
    reg  send;
    reg  pop;
    reg  [105:0] head;
    reg  load_out;
    reg  [3:0] ahead;
    reg  [3:0] claimed;
    reg  ready;
    
    // Sub module instances
    renq_portal$status_ram status_ram(
        .read_address(status_ram$read_address),
        .read_clock(status_ram$read_clock),
        .read_data(status_ram$read_data),
        .write_address(status_ram$write_address),
        .write_clock(status_ram$write_clock),
        .write_data(status_ram$write_data),
        .write_enable(status_ram$write_enable)
    );
    renq_portal$route_ram route_ram(
        .read_address(route_ram$read_address),
        .read_clock(route_ram$read_clock),
        .read_data(route_ram$read_data),
        .write_address(route_ram$write_address),
        .write_clock(route_ram$write_clock),
        .write_data(route_ram$write_data),
        .write_enable(route_ram$write_enable)
    );
    renq_portal$valid_ram valid_ram(
        .read_address(valid_ram$read_address),
        .read_clock(valid_ram$read_clock),
        .read_data(valid_ram$read_data),
        .write_address(valid_ram$write_address),
        .write_clock(valid_ram$write_clock),
        .write_data(valid_ram$write_data),
        .write_enable(valid_ram$write_enable)
    );
    renq_portal$epoch_ram epoch_ram(
        .read_address(epoch_ram$read_address),
        .read_clock(epoch_ram$read_clock),
        .read_data(epoch_ram$read_data),
        .write_address(epoch_ram$write_address),
        .write_clock(epoch_ram$write_clock),
        .write_data(epoch_ram$write_data),
        .write_enable(epoch_ram$write_enable)
    );
    renq_portal$swept swept(
        .d(swept$d),
        .q(swept$q),
        .clock(swept$clock)
    );
    renq_portal$sweep_ctr sweep_ctr(
        .d(sweep_ctr$d),
        .q(sweep_ctr$q),
        .clock(sweep_ctr$clock)
    );
    renq_portal$s0_valid s0_valid(
        .d(s0_valid$d),
        .q(s0_valid$q),
        .clock(s0_valid$clock)
    );
    renq_portal$s0_kind s0_kind(
        .d(s0_kind$d),
        .q(s0_kind$q),
        .clock(s0_kind$clock)
    );
    renq_portal$s0_portal s0_portal(
        .d(s0_portal$d),
        .q(s0_portal$q),
        .clock(s0_portal$clock)
    );
    renq_portal$s0_data s0_data(
        .d(s0_data$d),
        .q(s0_data$q),
        .clock(s0_data$clock)
    );
    renq_portal$s0_epoch s0_epoch(
        .d(s0_epoch$d),
        .q(s0_epoch$q),
        .clock(s0_epoch$clock)
    );
    renq_portal$s1_valid s1_valid(
        .d(s1_valid$d),
        .q(s1_valid$q),
        .clock(s1_valid$clock)
    );
    renq_portal$s1_kind s1_kind(
        .d(s1_kind$d),
        .q(s1_kind$q),
        .clock(s1_kind$clock)
    );
    renq_portal$s1_portal s1_portal(
        .d(s1_portal$d),
        .q(s1_portal$q),
        .clock(s1_portal$clock)
    );
    renq_portal$s1_data s1_data(
        .d(s1_data$d),
        .q(s1_data$q),
        .clock(s1_data$clock)
    );
    renq_portal$s1_epoch s1_epoch(
        .d(s1_epoch$d),
        .q(s1_epoch$q),
        .clock(s1_epoch$clock)
    );
    renq_portal$s2_valid s2_valid(
        .d(s2_valid$d),
        .q(s2_valid$q),
        .clock(s2_valid$clock)
    );
    renq_portal$s2_kind s2_kind(
        .d(s2_kind$d),
        .q(s2_kind$q),
        .clock(s2_kind$clock)
    );
    renq_portal$s2_portal s2_portal(
        .d(s2_portal$d),
        .q(s2_portal$q),
        .clock(s2_portal$clock)
    );
    renq_portal$s2_data s2_data(
        .d(s2_data$d),
        .q(s2_data$q),
        .clock(s2_data$clock)
    );
    renq_portal$s2_epoch s2_epoch(
        .d(s2_epoch$d),
        .q(s2_epoch$q),
        .clock(s2_epoch$clock)
    );
    renq_portal$s2_ram_status s2_ram_status(
        .d(s2_ram_status$d),
        .q(s2_ram_status$q),
        .clock(s2_ram_status$clock)
    );
    renq_portal$s2_ram_route s2_ram_route(
        .d(s2_ram_route$d),
        .q(s2_ram_route$q),
        .clock(s2_ram_route$clock)
    );
    renq_portal$s2_ram_entry_valid s2_ram_entry_valid(
        .d(s2_ram_entry_valid$d),
        .q(s2_ram_entry_valid$q),
        .clock(s2_ram_entry_valid$clock)
    );
    renq_portal$s2_ram_epoch s2_ram_epoch(
        .d(s2_ram_epoch$d),
        .q(s2_ram_epoch$q),
        .clock(s2_ram_epoch$clock)
    );
    renq_portal$s2_hit1 s2_hit1(
        .d(s2_hit1$d),
        .q(s2_hit1$q),
        .clock(s2_hit1$clock)
    );
    renq_portal$s2_hit2 s2_hit2(
        .d(s2_hit2$d),
        .q(s2_hit2$q),
        .clock(s2_hit2$clock)
    );
    renq_portal$fwd_valid fwd_valid(
        .d(fwd_valid$d),
        .q(fwd_valid$q),
        .clock(fwd_valid$clock)
    );
    renq_portal$fwd_portal fwd_portal(
        .d(fwd_portal$d),
        .q(fwd_portal$q),
        .clock(fwd_portal$clock)
    );
    renq_portal$fwd_status fwd_status(
        .d(fwd_status$d),
        .q(fwd_status$q),
        .clock(fwd_status$clock)
    );
    renq_portal$fwd_route fwd_route(
        .d(fwd_route$d),
        .q(fwd_route$q),
        .clock(fwd_route$clock)
    );
    renq_portal$fwd_entry_valid fwd_entry_valid(
        .d(fwd_entry_valid$d),
        .q(fwd_entry_valid$q),
        .clock(fwd_entry_valid$clock)
    );
    renq_portal$fwd_epoch fwd_epoch(
        .d(fwd_epoch$d),
        .q(fwd_epoch$q),
        .clock(fwd_epoch$clock)
    );
    renq_portal$fwd2_status fwd2_status(
        .d(fwd2_status$d),
        .q(fwd2_status$q),
        .clock(fwd2_status$clock)
    );
    renq_portal$fwd2_route fwd2_route(
        .d(fwd2_route$d),
        .q(fwd2_route$q),
        .clock(fwd2_route$clock)
    );
    renq_portal$fwd2_entry_valid fwd2_entry_valid(
        .d(fwd2_entry_valid$d),
        .q(fwd2_entry_valid$q),
        .clock(fwd2_entry_valid$clock)
    );
    renq_portal$fwd2_epoch fwd2_epoch(
        .d(fwd2_epoch$d),
        .q(fwd2_epoch$q),
        .clock(fwd2_epoch$clock)
    );
    renq_portal$s3_send s3_send(
        .d(s3_send$d),
        .q(s3_send$q),
        .clock(s3_send$clock)
    );
    renq_portal$s3_pkt s3_pkt(
        .d(s3_pkt$d),
        .q(s3_pkt$q),
        .clock(s3_pkt$clock)
    );
    renq_portal$pkt_fifo pkt_fifo(
        .clock(pkt_fifo$clock),
        .push(pkt_fifo$push),
        .data_in(pkt_fifo$data_in),
        .pop(pkt_fifo$pop),
        .head(pkt_fifo$head),
        .empty(pkt_fifo$empty),
        .full(pkt_fifo$full)
    );
    renq_portal$out_valid out_valid(
        .d(out_valid$d),
        .q(out_valid$q),
        .clock(out_valid$clock)
    );
    renq_portal$out_pkt out_pkt(
        .d(out_pkt$d),
        .q(out_pkt$q),
        .clock(out_pkt$clock)
    );
    renq_portal$skid_valid skid_valid(
        .d(skid_valid$d),
        .q(skid_valid$q),
        .clock(skid_valid$clock)
    );
    renq_portal$skid_pkt skid_pkt(
        .d(skid_pkt$d),
        .q(skid_pkt$q),
        .clock(skid_pkt$clock)
    );
    renq_portal$pkt_pack pkt_pack(
        .dst(pkt_pack$dst),
        .queue(pkt_pack$queue),
        .portal(pkt_pack$portal),
        .epoch(pkt_pack$epoch),
        .data(pkt_pack$data),
        .word(pkt_pack$word)
    );
    renq_portal$occupied occupied(
        .d(occupied$d),
        .q(occupied$q),
        .clock(occupied$clock)
    );
    renq_portal$store_room store_room(
        .d(store_room$d),
        .q(store_room$q),
        .clock(store_room$clock)
    );
    renq_portal$rsp_valid_r rsp_valid_r(
        .d(rsp_valid_r$d),
        .q(rsp_valid_r$q),
        .clock(rsp_valid_r$clock)
    );
    renq_portal$rsp_data_r rsp_data_r(
        .d(rsp_data_r$d),
        .q(rsp_data_r$q),
        .clock(rsp_data_r$clock)
    );
    renq_portal$rsp_entry_r rsp_entry_r(
        .d(rsp_entry_r$d),
        .q(rsp_entry_r$q),
        .clock(rsp_entry_r$clock)
    );
    renq_portal$rsp_route_r rsp_route_r(
        .d(rsp_route_r$d),
        .q(rsp_route_r$q),
        .clock(rsp_route_r$clock)
    );
    renq_portal$rsp_entry_valid_r rsp_entry_valid_r(
        .d(rsp_entry_valid_r$d),
        .q(rsp_entry_valid_r$q),
        .clock(rsp_entry_valid_r$clock)
    );
    renq_portal$ev_sent_r ev_sent_r(
        .d(ev_sent_r$d),
        .q(ev_sent_r$q),
        .clock(ev_sent_r$clock)
    );
    renq_portal$ev_dropped_r ev_dropped_r(
        .d(ev_dropped_r$d),
        .q(ev_dropped_r$q),
        .clock(ev_dropped_r$clock)
    );
    renq_portal$ev_src_refused_r ev_src_refused_r(
        .d(ev_src_refused_r$d),
        .q(ev_src_refused_r$q),
        .clock(ev_src_refused_r$clock)
    );
    renq_portal$op_addr op_addr(
        .wide(op_addr$wide),
        .narrow(op_addr$narrow)
    );
    renq_portal$s2_addr s2_addr(
        .wide(s2_addr$wide),
        .narrow(s2_addr$narrow)
    );
    renq_portal$pack pack(
        .accepted(pack$accepted),
        .in_flight(pack$in_flight),
        .refused(pack$refused),
        .rejected(pack$rejected),
        .refusing(pack$refusing),
        .word(pack$word)
    );
    renq_portal$entry_word entry_word(
        .valid(entry_word$valid),
        .route(entry_word$route),
        .word(entry_word$word)
    );
    
    // Update code
    always @(*) begin
        swept$clock = clock;
        sweep_ctr$clock = clock;
        s0_valid$clock = clock;
        s0_kind$clock = clock;
        s0_portal$clock = clock;
        s0_data$clock = clock;
        s0_epoch$clock = clock;
        s1_valid$clock = clock;
        s1_kind$clock = clock;
        s1_portal$clock = clock;
        s1_data$clock = clock;
        s1_epoch$clock = clock;
        s2_valid$clock = clock;
        s2_kind$clock = clock;
        s2_portal$clock = clock;
        s2_data$clock = clock;
        s2_epoch$clock = clock;
        s2_ram_status$clock = clock;
        s2_ram_route$clock = clock;
        s2_ram_entry_valid$clock = clock;
        s2_ram_epoch$clock = clock;
        s2_hit1$clock = clock;
        s2_hit2$clock = clock;
        fwd_valid$clock = clock;
        fwd_portal$clock = clock;
        fwd_status$clock = clock;
        fwd_route$clock = clock;
        fwd_entry_valid$clock = clock;
        fwd_epoch$clock = clock;
        fwd2_status$clock = clock;
        fwd2_route$clock = clock;
        fwd2_entry_valid$clock = clock;
        fwd2_epoch$clock = clock;
        s3_send$clock = clock;
        s3_pkt$clock = clock;
        occupied$clock = clock;
        out_valid$clock = clock;
        out_pkt$clock = clock;
        skid_valid$clock = clock;
        skid_pkt$clock = clock;
        store_room$clock = clock;
        rsp_valid_r$clock = clock;
        rsp_data_r$clock = clock;
        rsp_entry_r$clock = clock;
        rsp_route_r$clock = clock;
        rsp_entry_valid_r$clock = clock;
        ev_sent_r$clock = clock;
        ev_dropped_r$clock = clock;
        ev_src_refused_r$clock = clock;
        swept$d = swept$q;
        sweep_ctr$d = sweep_ctr$q;
        s0_valid$d = s0_valid$q;
        s0_kind$d = s0_kind$q;
        s0_portal$d = s0_portal$q;
        s0_data$d = s0_data$q;
        s0_epoch$d = s0_epoch$q;
        s1_valid$d = s1_valid$q;
        s1_kind$d = s1_kind$q;
        s1_portal$d = s1_portal$q;
        s1_data$d = s1_data$q;
        s1_epoch$d = s1_epoch$q;
        s2_valid$d = s2_valid$q;
        s2_kind$d = s2_kind$q;
        s2_portal$d = s2_portal$q;
        s2_data$d = s2_data$q;
        s2_epoch$d = s2_epoch$q;
        s2_ram_status$d = s2_ram_status$q;
        s2_ram_route$d = s2_ram_route$q;
        s2_ram_entry_valid$d = s2_ram_entry_valid$q;
        s2_ram_epoch$d = s2_ram_epoch$q;
        s2_hit1$d = s2_hit1$q;
        s2_hit2$d = s2_hit2$q;
        fwd_valid$d = fwd_valid$q;
        fwd_portal$d = fwd_portal$q;
        fwd_status$d = fwd_status$q;
        fwd_route$d = fwd_route$q;
        fwd_entry_valid$d = fwd_entry_valid$q;
        fwd_epoch$d = fwd_epoch$q;
        fwd2_status$d = fwd2_status$q;
        fwd2_route$d = fwd2_route$q;
        fwd2_entry_valid$d = fwd2_entry_valid$q;
        fwd2_epoch$d = fwd2_epoch$q;
        s3_send$d = s3_send$q;
        s3_pkt$d = s3_pkt$q;
        occupied$d = occupied$q;
        out_valid$d = out_valid$q;
        out_pkt$d = out_pkt$q;
        skid_valid$d = skid_valid$q;
        skid_pkt$d = skid_pkt$q;
        store_room$d = store_room$q;
        rsp_valid_r$d = rsp_valid_r$q;
        rsp_data_r$d = rsp_data_r$q;
        rsp_entry_r$d = rsp_entry_r$q;
        rsp_route_r$d = rsp_route_r$q;
        rsp_entry_valid_r$d = rsp_entry_valid_r$q;
        ev_sent_r$d = ev_sent_r$q;
        ev_dropped_r$d = ev_dropped_r$q;
        ev_src_refused_r$d = ev_src_refused_r$q;
        status_ram$read_clock = clock;
        status_ram$write_clock = clock;
        route_ram$read_clock = clock;
        route_ram$write_clock = clock;
        valid_ram$read_clock = clock;
        valid_ram$write_clock = clock;
        epoch_ram$read_clock = clock;
        epoch_ram$write_clock = clock;
        pkt_fifo$clock = clock;
        ready = swept$q;
        op_addr$wide = s0_portal$q;
        s2_addr$wide = s2_portal$q;
        cur_status = s2_ram_status$q;
        cur_route = s2_ram_route$q;
        cur_entry_valid = s2_ram_entry_valid$q;
        cur_epoch = s2_ram_epoch$q;
        if (s2_hit2$q) begin
            cur_status = fwd2_status$q;
            cur_route = fwd2_route$q;
            cur_entry_valid = fwd2_entry_valid$q;
            cur_epoch = fwd2_epoch$q;
        end
        if (s2_hit1$q & fwd_valid$q) begin
            cur_status = fwd_status$q;
            cur_route = fwd_route$q;
            cur_entry_valid = fwd_entry_valid$q;
            cur_epoch = fwd_epoch$q;
        end
        accepted = cur_status[(32'h0)+:(32)];
        in_flight = cur_status[(in_flight_pos)+:(16)];
        refused = cur_status[(refused_pos)+:(14)];
        rejected = cur_status[rejected_pos];
        refusing = cur_status[refusing_pos];
        in_flight_wide = cur_status[(in_flight_pos)+:(32)] & in_flight_mask;
        count = s2_data$q[(count_pos)+:(32)];
        code = s2_data$q[(32'h0)+:(2)];
        in_range = (s2_portal$q >> table_bits) == zero_portal;
        is_store = s2_valid$q & (s2_kind$q == k_store);
        is_answer = s2_valid$q & ((s2_kind$q == k_load) | (s2_kind$q == k_entry));
        pack$accepted = accepted;
        pack$in_flight = in_flight;
        pack$refused = refused;
        pack$rejected = rejected;
        pack$refusing = refusing;
        n_route = cur_route;
        n_entry_valid = cur_entry_valid;
        n_epoch = cur_epoch;
        write = 1'b0;
        ev_sent_r$d = 1'b0;
        ev_dropped_r$d = 1'b0;
        ev_src_refused_r$d = 1'b0;
        rsp_valid_r$d = 1'b0;
        send = 1'b0;
        ahead = occupied$q;
        if (s3_send$q) begin
            ahead = occupied$q + one_occ;
        end
        if (is_store) begin
            if (~tx_enable | ~in_range | ~cur_entry_valid | (ahead >= fifo_depth)) begin
                ev_dropped_r$d = 1'b1;
            end
            else if (refusing | (in_flight == max_in_flight)) begin
                pack$refused = refused + one_refused;
                pack$refusing = 1'b1;
                write = 1'b1;
                ev_src_refused_r$d = 1'b1;
            end
            else begin
                pack$in_flight = in_flight + one_in_flight;
                write = 1'b1;
                ev_sent_r$d = 1'b1;
                send = 1'b1;
            end
        end
        if (s2_valid$q & in_range & (s2_kind$q == k_retry)) begin
            pack$refusing = 1'b0;
            write = 1'b1;
        end
        if (is_answer) begin
            rsp_valid_r$d = 1'b1;
            rsp_entry_r$d = s2_kind$q == k_entry;
            rsp_data_r$d = zero_word;
            rsp_route_r$d = zero_route;
            rsp_entry_valid_r$d = 1'b0;
            if (in_range) begin
                rsp_data_r$d = cur_status;
                rsp_route_r$d = cur_route;
                rsp_entry_valid_r$d = cur_entry_valid;
            end
        end
        if (s2_valid$q & in_range & (s2_kind$q == k_grant)) begin
            n_route = s2_data$q[(32'h0)+:(22)];
            n_entry_valid = s2_data$q[entry_valid_pos];
            n_epoch = zero_epoch;
            pack$accepted = zero_accepted;
            pack$in_flight = zero_in_flight;
            pack$refused = zero_refused;
            pack$rejected = 1'b0;
            pack$refusing = 1'b0;
            write = 1'b1;
        end
        if (s2_valid$q & in_range & (s2_kind$q == k_outcome)) begin
            if (code == c_accepted) begin
                if (count >= in_flight_wide) begin
                    pack$accepted = accepted + in_flight_wide;
                    pack$in_flight = zero_in_flight;
                end
                else begin
                    pack$accepted = accepted + count;
                    pack$in_flight = in_flight - count[(32'h0)+:(16)];
                end
                write = 1'b1;
            end
            if ((code == c_refused) & (in_flight != zero_in_flight)) begin
                pack$in_flight = in_flight - one_in_flight;
                pack$refused = refused + one_refused;
                pack$refusing = 1'b1;
                n_epoch = s2_epoch$q;
                write = 1'b1;
            end
            if ((code == c_rejected) & (in_flight != zero_in_flight)) begin
                pack$in_flight = in_flight - one_in_flight;
                pack$rejected = 1'b1;
                write = 1'b1;
            end
        end
        pop = (occupied$q != zero_occ) & ~skid_valid$q;
        head = pkt_fifo$head;
        load_out = ~out_valid$q | pkt_ready;
        if (load_out) begin
            if (skid_valid$q) begin
                out_valid$d = 1'b1;
                out_pkt$d = skid_pkt$q;
                skid_valid$d = 1'b0;
            end
            else begin
                out_valid$d = pop;
                out_pkt$d = head;
            end
        end
        else if (pop) begin
            skid_valid$d = 1'b1;
            skid_pkt$d = head;
        end
        pkt_pack$dst = cur_route[(node_pos)+:(10)];
        pkt_pack$queue = cur_route[(32'h0)+:(12)];
        pkt_pack$portal = s2_portal$q;
        pkt_pack$epoch = cur_epoch;
        pkt_pack$data = s2_data$q;
        s3_send$d = send;
        s3_pkt$d = pkt_pack$word;
        pkt_fifo$data_in = s3_pkt$q;
        pkt_fifo$push = s3_send$q;
        pkt_fifo$pop = pop;
        if (s3_send$q & ~pop) begin
            occupied$d = occupied$q + one_occ;
        end
        if (~s3_send$q & pop) begin
            occupied$d = occupied$q - one_occ;
        end
        claimed = ahead;
        if (pop) begin
            claimed = claimed - one_occ;
        end
        if (is_store) begin
            claimed = claimed + one_occ;
        end
        if (s1_valid$q & (s1_kind$q == k_store)) begin
            claimed = claimed + one_occ;
        end
        if (s0_valid$q & (s0_kind$q == k_store)) begin
            claimed = claimed + one_occ;
        end
        if (op_valid & ready & (op_kind == k_store)) begin
            claimed = claimed + one_occ;
        end
        store_room$d = swept$q & (claimed < fifo_depth);
        status_ram$write_address = s2_addr$narrow;
        route_ram$write_address = s2_addr$narrow;
        valid_ram$write_address = s2_addr$narrow;
        epoch_ram$write_address = s2_addr$narrow;
        status_ram$write_data = pack$word;
        route_ram$write_data = n_route;
        valid_ram$write_data = n_entry_valid;
        epoch_ram$write_data = n_epoch;
        status_ram$write_enable = write;
        route_ram$write_enable = write;
        valid_ram$write_enable = write;
        epoch_ram$write_enable = write;
        if (~swept$q) begin
            status_ram$write_address = sweep_ctr$q;
            route_ram$write_address = sweep_ctr$q;
            valid_ram$write_address = sweep_ctr$q;
            epoch_ram$write_address = sweep_ctr$q;
            status_ram$write_data = zero_word;
            route_ram$write_data = zero_route;
            valid_ram$write_data = 1'b0;
            epoch_ram$write_data = zero_epoch;
            status_ram$write_enable = 1'b1;
            route_ram$write_enable = 1'b1;
            valid_ram$write_enable = 1'b1;
            epoch_ram$write_enable = 1'b1;
            sweep_ctr$d = sweep_ctr$q + one_pa;
            if (sweep_ctr$q == sweep_last) begin
                swept$d = 1'b1;
            end
        end
        fwd_valid$d = write;
        fwd_portal$d = s2_portal$q;
        fwd_status$d = pack$word;
        fwd_route$d = n_route;
        fwd_entry_valid$d = n_entry_valid;
        fwd_epoch$d = n_epoch;
        fwd2_status$d = fwd_status$q;
        fwd2_route$d = fwd_route$q;
        fwd2_entry_valid$d = fwd_entry_valid$q;
        fwd2_epoch$d = fwd_epoch$q;
        s2_valid$d = s1_valid$q;
        s2_kind$d = s1_kind$q;
        s2_portal$d = s1_portal$q;
        s2_data$d = s1_data$q;
        s2_epoch$d = s1_epoch$q;
        s2_ram_status$d = status_ram$read_data;
        s2_ram_route$d = route_ram$read_data;
        s2_ram_entry_valid$d = valid_ram$read_data;
        s2_ram_epoch$d = epoch_ram$read_data;
        s2_hit1$d = s2_portal$q == s1_portal$q;
        s2_hit2$d = fwd_valid$q & (fwd_portal$q == s1_portal$q);
        status_ram$read_address = op_addr$narrow;
        route_ram$read_address = op_addr$narrow;
        valid_ram$read_address = op_addr$narrow;
        epoch_ram$read_address = op_addr$narrow;
        s1_valid$d = s0_valid$q;
        s1_kind$d = s0_kind$q;
        s1_portal$d = s0_portal$q;
        s1_data$d = s0_data$q;
        s1_epoch$d = s0_epoch$q;
        s0_valid$d = op_valid & ready;
        s0_kind$d = op_kind;
        s0_portal$d = op_portal;
        s0_data$d = op_data;
        s0_epoch$d = op_epoch;
        op_ready = ready;
        sweeping = ~swept$q;
        store_ready = store_room$q;
        pkt_valid = out_valid$q;
        pkt_dst = out_pkt$q[(32'h0)+:(10)];
        pkt_queue = out_pkt$q[(pkt_queue_pos)+:(12)];
        pkt_portal = out_pkt$q[(pkt_portal_pos)+:(12)];
        pkt_epoch = out_pkt$q[(pkt_epoch_pos)+:(8)];
        pkt_data = out_pkt$q[(pkt_data_pos)+:(64)];
        rsp_valid = rsp_valid_r$q;
        entry_word$valid = rsp_entry_valid_r$q;
        entry_word$route = rsp_route_r$q;
        rsp_data = rsp_data_r$q;
        if (rsp_entry_r$q) begin
            rsp_data = entry_word$word;
        end
        ev_sent = ev_sent_r$q;
        ev_dropped = ev_dropped_r$q;
        ev_src_refused = ev_src_refused_r$q;
    end
    
endmodule // renq_portal


module renq_portal$entry_word(valid,route,word);
    
    // Module arguments
    input wire  valid;
    input wire  [21:0] route;
    output reg  [63:0] word;
    
    // Update code (custom)
    always @(*) word = {valid, 41'd0, route};
endmodule // renq_portal$entry_word


module renq_portal$epoch_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [7:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [7:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[7:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_portal$epoch_ram


module renq_portal$ev_dropped_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$ev_dropped_r


module renq_portal$ev_sent_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$ev_sent_r


module renq_portal$ev_src_refused_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$ev_src_refused_r


module renq_portal$fwd2_entry_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd2_entry_valid


module renq_portal$fwd2_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd2_epoch


module renq_portal$fwd2_route(d,q,clock);
    
    // Module arguments
    input wire  [21:0] d;
    output reg  [21:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 22'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd2_route


module renq_portal$fwd2_status(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd2_status


module renq_portal$fwd_entry_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_entry_valid


module renq_portal$fwd_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_epoch


module renq_portal$fwd_portal(d,q,clock);
    
    // Module arguments
    input wire  [11:0] d;
    output reg  [11:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 12'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_portal


module renq_portal$fwd_route(d,q,clock);
    
    // Module arguments
    input wire  [21:0] d;
    output reg  [21:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 22'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_route


module renq_portal$fwd_status(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_status


module renq_portal$fwd_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$fwd_valid


module renq_portal$occupied(d,q,clock);
    
    // Module arguments
    input wire  [3:0] d;
    output reg  [3:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 4'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$occupied


module renq_portal$op_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_portal$op_addr


module renq_portal$out_pkt(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$out_pkt


module renq_portal$out_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$out_valid


module renq_portal$pack(accepted,in_flight,refused,rejected,refusing,word);
    
    // Module arguments
    input wire  [31:0] accepted;
    input wire  [15:0] in_flight;
    input wire  [13:0] refused;
    input wire  rejected;
    input wire  refusing;
    output reg  [63:0] word;
    
    // Update code (custom)
    always @(*) word = {refusing, rejected, refused, in_flight, accepted};
endmodule // renq_portal$pack


module renq_portal$pkt_fifo(clock,push,data_in,pop,head,empty,full);
    
    // Module arguments
    input wire  clock;
    input wire  push;
    input wire  [105:0] data_in;
    input wire  pop;
    output reg  [105:0] head;
    output reg  empty;
    output reg  full;
    
    // Stub signals
    reg  [105:0] data$0$d;
    wire  [105:0] data$0$q;
    reg  data$0$clock;
    reg  [105:0] data$1$d;
    wire  [105:0] data$1$q;
    reg  data$1$clock;
    reg  [105:0] data$2$d;
    wire  [105:0] data$2$q;
    reg  data$2$clock;
    reg  [105:0] data$3$d;
    wire  [105:0] data$3$q;
    reg  data$3$clock;
    reg  [105:0] data$4$d;
    wire  [105:0] data$4$q;
    reg  data$4$clock;
    reg  [105:0] data$5$d;
    wire  [105:0] data$5$q;
    reg  data$5$clock;
    reg  used$0$d;
    wire  used$0$q;
    reg  used$0$clock;
    reg  used$1$d;
    wire  used$1$q;
    reg  used$1$clock;
    reg  used$2$d;
    wire  used$2$q;
    reg  used$2$clock;
    reg  used$3$d;
    wire  used$3$q;
    reg  used$3$clock;
    reg  used$4$d;
    wire  used$4$q;
    reg  used$4$clock;
    reg  used$5$d;
    wire  used$5$q;
    reg  used$5$clock;
    
    // Local signals
    reg  after$0;
    reg  after$1;
    reg  after$2;
    reg  after$3;
    reg  after$4;
    reg  after$5;
    reg  shift;
    reg  put;
    
    // Sub module instances
    renq_portal$pkt_fifo$data$0 data$0(
        .d(data$0$d),
        .q(data$0$q),
        .clock(data$0$clock)
    );
    renq_portal$pkt_fifo$data$1 data$1(
        .d(data$1$d),
        .q(data$1$q),
        .clock(data$1$clock)
    );
    renq_portal$pkt_fifo$data$2 data$2(
        .d(data$2$d),
        .q(data$2$q),
        .clock(data$2$clock)
    );
    renq_portal$pkt_fifo$data$3 data$3(
        .d(data$3$d),
        .q(data$3$q),
        .clock(data$3$clock)
    );
    renq_portal$pkt_fifo$data$4 data$4(
        .d(data$4$d),
        .q(data$4$q),
        .clock(data$4$clock)
    );
    renq_portal$pkt_fifo$data$5 data$5(
        .d(data$5$d),
        .q(data$5$q),
        .clock(data$5$clock)
    );
    renq_portal$pkt_fifo$used$0 used$0(
        .d(used$0$d),
        .q(used$0$q),
        .clock(used$0$clock)
    );
    renq_portal$pkt_fifo$used$1 used$1(
        .d(used$1$d),
        .q(used$1$q),
        .clock(used$1$clock)
    );
    renq_portal$pkt_fifo$used$2 used$2(
        .d(used$2$d),
        .q(used$2$q),
        .clock(used$2$clock)
    );
    renq_portal$pkt_fifo$used$3 used$3(
        .d(used$3$d),
        .q(used$3$q),
        .clock(used$3$clock)
    );
    renq_portal$pkt_fifo$used$4 used$4(
        .d(used$4$d),
        .q(used$4$q),
        .clock(used$4$clock)
    );
    renq_portal$pkt_fifo$used$5 used$5(
        .d(used$5$d),
        .q(used$5$q),
        .clock(used$5$clock)
    );
    
    // Update code
    always @(*) begin
        data$0$clock = clock;
        used$0$clock = clock;
        data$0$d = data$0$q;
        used$0$d = used$0$q;
        data$1$clock = clock;
        used$1$clock = clock;
        data$1$d = data$1$q;
        used$1$d = used$1$q;
        data$2$clock = clock;
        used$2$clock = clock;
        data$2$d = data$2$q;
        used$2$d = used$2$q;
        data$3$clock = clock;
        used$3$clock = clock;
        data$3$d = data$3$q;
        used$3$d = used$3$q;
        data$4$clock = clock;
        used$4$clock = clock;
        data$4$d = data$4$q;
        used$4$d = used$4$q;
        data$5$clock = clock;
        used$5$clock = clock;
        data$5$d = data$5$q;
        used$5$d = used$5$q;
        full = 1'b0;
        after$0 = used$0$q;
        full = used$0$q;
        after$1 = used$1$q;
        full = used$1$q;
        after$2 = used$2$q;
        full = used$2$q;
        after$3 = used$3$q;
        full = used$3$q;
        after$4 = used$4$q;
        full = used$4$q;
        after$5 = used$5$q;
        full = used$5$q;
        shift = pop & used$0$q;
        put = push & (~full | shift);
        if (shift) begin
            data$0$d = data$1$q;
            used$0$d = used$1$q;
            after$0 = used$1$q;
            used$1$d = 1'b0;
            after$1 = 1'b0;
            data$1$d = data$2$q;
            used$1$d = used$2$q;
            after$1 = used$2$q;
            used$2$d = 1'b0;
            after$2 = 1'b0;
            data$2$d = data$3$q;
            used$2$d = used$3$q;
            after$2 = used$3$q;
            used$3$d = 1'b0;
            after$3 = 1'b0;
            data$3$d = data$4$q;
            used$3$d = used$4$q;
            after$3 = used$4$q;
            used$4$d = 1'b0;
            after$4 = 1'b0;
            data$4$d = data$5$q;
            used$4$d = used$5$q;
            after$4 = used$5$q;
            used$5$d = 1'b0;
            after$5 = 1'b0;
        end
        if (put & ~after$0) begin
            data$0$d = data_in;
            used$0$d = 1'b1;
        end
        if (put & ~after$1 & after$0) begin
            data$1$d = data_in;
            used$1$d = 1'b1;
        end
        if (put & ~after$2 & after$1) begin
            data$2$d = data_in;
            used$2$d = 1'b1;
        end
        if (put & ~after$3 & after$2) begin
            data$3$d = data_in;
            used$3$d = 1'b1;
        end
        if (put & ~after$4 & after$3) begin
            data$4$d = data_in;
            used$4$d = 1'b1;
        end
        if (put & ~after$5 & after$4) begin
            data$5$d = data_in;
            used$5$d = 1'b1;
        end
        head = data$0$q;
        empty = ~used$0$q;
    end
    
endmodule // renq_portal$pkt_fifo


module renq_portal$pkt_fifo$data$0(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$0


module renq_portal$pkt_fifo$data$1(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$1


module renq_portal$pkt_fifo$data$2(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$2


module renq_portal$pkt_fifo$data$3(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$3


module renq_portal$pkt_fifo$data$4(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$4


module renq_portal$pkt_fifo$data$5(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$data$5


module renq_portal$pkt_fifo$used$0(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$0


module renq_portal$pkt_fifo$used$1(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$1


module renq_portal$pkt_fifo$used$2(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$2


module renq_portal$pkt_fifo$used$3(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$3


module renq_portal$pkt_fifo$used$4(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$4


module renq_portal$pkt_fifo$used$5(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$pkt_fifo$used$5


module renq_portal$pkt_pack(dst,queue,portal,epoch,data,word);
    
    // Module arguments
    input wire  [9:0] dst;
    input wire  [11:0] queue;
    input wire  [11:0] portal;
    input wire  [7:0] epoch;
    input wire  [63:0] data;
    output reg  [105:0] word;
    
    // Update code (custom)
    always @(*) word = {data, epoch, portal, queue, dst};
endmodule // renq_portal$pkt_pack


module renq_portal$route_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [21:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [21:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[21:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_portal$route_ram


module renq_portal$rsp_data_r(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$rsp_data_r


module renq_portal$rsp_entry_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$rsp_entry_r


module renq_portal$rsp_entry_valid_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$rsp_entry_valid_r


module renq_portal$rsp_route_r(d,q,clock);
    
    // Module arguments
    input wire  [21:0] d;
    output reg  [21:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 22'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$rsp_route_r


module renq_portal$rsp_valid_r(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$rsp_valid_r


module renq_portal$s0_data(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s0_data


module renq_portal$s0_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s0_epoch


module renq_portal$s0_kind(d,q,clock);
    
    // Module arguments
    input wire  [2:0] d;
    output reg  [2:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 3'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s0_kind


module renq_portal$s0_portal(d,q,clock);
    
    // Module arguments
    input wire  [11:0] d;
    output reg  [11:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 12'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s0_portal


module renq_portal$s0_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s0_valid


module renq_portal$s1_data(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s1_data


module renq_portal$s1_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s1_epoch


module renq_portal$s1_kind(d,q,clock);
    
    // Module arguments
    input wire  [2:0] d;
    output reg  [2:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 3'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s1_kind


module renq_portal$s1_portal(d,q,clock);
    
    // Module arguments
    input wire  [11:0] d;
    output reg  [11:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 12'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s1_portal


module renq_portal$s1_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s1_valid


module renq_portal$s2_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_portal$s2_addr


module renq_portal$s2_data(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_data


module renq_portal$s2_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_epoch


module renq_portal$s2_hit1(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_hit1


module renq_portal$s2_hit2(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_hit2


module renq_portal$s2_kind(d,q,clock);
    
    // Module arguments
    input wire  [2:0] d;
    output reg  [2:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 3'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_kind


module renq_portal$s2_portal(d,q,clock);
    
    // Module arguments
    input wire  [11:0] d;
    output reg  [11:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 12'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_portal


module renq_portal$s2_ram_entry_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_ram_entry_valid


module renq_portal$s2_ram_epoch(d,q,clock);
    
    // Module arguments
    input wire  [7:0] d;
    output reg  [7:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 8'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_ram_epoch


module renq_portal$s2_ram_route(d,q,clock);
    
    // Module arguments
    input wire  [21:0] d;
    output reg  [21:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 22'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_ram_route


module renq_portal$s2_ram_status(d,q,clock);
    
    // Module arguments
    input wire  [63:0] d;
    output reg  [63:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 64'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_ram_status


module renq_portal$s2_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s2_valid


module renq_portal$s3_pkt(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s3_pkt


module renq_portal$s3_send(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$s3_send


module renq_portal$skid_pkt(d,q,clock);
    
    // Module arguments
    input wire  [105:0] d;
    output reg  [105:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 106'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$skid_pkt


module renq_portal$skid_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$skid_valid


module renq_portal$status_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [63:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [63:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[63:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_portal$status_ram


module renq_portal$store_room(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$store_room


module renq_portal$sweep_ctr(d,q,clock);
    
    // Module arguments
    input wire  [11:0] d;
    output reg  [11:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 12'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$sweep_ctr


module renq_portal$swept(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_portal$swept


module renq_portal$valid_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[0:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_portal$valid_ram
