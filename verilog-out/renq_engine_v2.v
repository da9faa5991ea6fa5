

module renq_engine_v2(clock,rx_valid,rx_ready,rx_src,rx_dst,rx_queue,rx_data,rx_epoch,rx_portal,node_id,rx_enable,cmd_valid,cmd_ready,cmd_kind,cmd_queue,cmd_arg,wr_valid,wr_ready,wr_addr,wr_data,rd_valid,rd_ready,rd_addr,rd_tag,rsp_valid,rsp_tag,rsp_data,ev_enqueued,ev_rejected,ev_refused,ev_overflow,ev_bad_header,ev_query,ev_queue,ev_src,ev_portal,ev_epoch,ev_data,ev_notify,idle);
    
    // Module arguments
    input wire  clock;
    input wire  rx_valid;
    output reg  rx_ready;
    input wire  [9:0] rx_src;
    input wire  [9:0] rx_dst;
    input wire  [11:0] rx_queue;
    input wire  [63:0] rx_data;
    input wire  [7:0] rx_epoch;
    input wire  [11:0] rx_portal;
    input wire  [9:0] node_id;
    input wire  rx_enable;
    input wire  cmd_valid;
    output reg  cmd_ready;
    input wire  [2:0] cmd_kind;
    input wire  [11:0] cmd_queue;
    input wire  [63:0] cmd_arg;
    output reg  wr_valid;
    input wire  wr_ready;
    output reg  [47:0] wr_addr;
    output reg  [63:0] wr_data;
    output reg  rd_valid;
    input wire  rd_ready;
    output reg  [47:0] rd_addr;
    output reg  [1:0] rd_tag;
    input wire  rsp_valid;
    input wire  [1:0] rsp_tag;
    input wire  [63:0] rsp_data;
    output reg  ev_enqueued;
    output reg  ev_rejected;
    output reg  ev_refused;
    output reg  ev_overflow;
    output reg  ev_bad_header;
    output reg  ev_query;
    output reg  [11:0] ev_queue;
    output reg  [9:0] ev_src;
    output reg  [11:0] ev_portal;
    output reg  [7:0] ev_epoch;
    output reg  [63:0] ev_data;
    output reg  ev_notify;
    output reg  idle;
    
    // Constant declarations
    localparam  one_addr = 48'h1;
    localparam  op_none = 4'h0;
    localparam  op_packet = 4'h1;
    localparam  op_reinject = 4'h2;
    localparam  op_export = 4'h3;
    localparam  op_head = 4'h4;
    localparam  op_resume = 4'h5;
    localparam  op_clear = 4'h6;
    localparam  cmd_export = 3'b0;
    localparam  cmd_head = 3'b1;
    localparam  cmd_resume = 3'b10;
    localparam  cmd_arm = 3'b11;
    localparam  cmd_query = 3'b100;
    localparam  op_arm = 4'h7;
    localparam  op_query = 4'h8;
    localparam  one_epoch = 8'h1;
    localparam  zero_epoch = 8'h0;
    localparam  zero_word = 64'h0;
    localparam  query_tail_lsb = 6'b10000;
    localparam  query_free_lsb = 6'b100000;
    localparam  one_index = 16'h1;
    localparam  first_data_index = 16'h3;
    localparam  zero_index = 16'h0;
    localparam  queue_high_mask = 12'h0;
    localparam  sweep_last = 12'hfff;
    localparam  one_queue = 12'h1;
    localparam  run_last = 4'h7;
    localparam  one_run = 4'h1;
    localparam  zero_run = 4'h0;
    localparam  wq_limit = 4'h7;
    localparam  k_min = 5'b11;
    localparam  k_max = 5'b10000;
    localparam  zero_k = 5'b0;
    localparam  export_log2_lsb = 6'b110000;
    localparam  export_valid_bit = 6'b111111;
    localparam  export_base_lsb = 6'b0;
    localparam  word_shift = 6'b11;
    localparam  word_offset_mask = 48'h7;
    localparam  head_word_offset = 48'h10;
    localparam  zero_addr = 48'h0;
    localparam  tag0 = 2'b0;
    localparam  tag1 = 2'b1;
    localparam  tag2 = 2'b10;
    localparam  tag3 = 2'b11;
    
    // Stub signals
    reg  qram$clock;
    reg  [11:0] qram$read_addr;
    wire  qram$valid;
    wire  qram$stalled;
    wire  qram$armed;
    wire  [4:0] qram$k;
    wire  [7:0] qram$epoch;
    wire  [15:0] qram$flags;
    wire  [47:0] qram$base;
    wire  [15:0] qram$tail;
    wire  [15:0] qram$free;
    reg  qram$write;
    reg  [11:0] qram$write_addr;
    reg  qram$w_valid;
    reg  qram$w_stalled;
    reg  qram$w_armed;
    reg  [4:0] qram$w_k;
    reg  [7:0] qram$w_epoch;
    reg  [47:0] qram$w_base;
    reg  [15:0] qram$w_tail;
    reg  [15:0] qram$w_free;
    reg  wq$clock;
    reg  wq$push;
    reg  wq$p_has_data;
    reg  wq$p_publish;
    reg  wq$p_notify;
    reg  [47:0] wq$p_base;
    reg  [15:0] wq$p_slot;
    reg  [63:0] wq$p_data;
    reg  [15:0] wq$p_tail;
    wire  [3:0] wq$fill;
    wire  wq$empty;
    wire  wq$wr_valid;
    reg  wq$wr_ready;
    wire  [47:0] wq$wr_addr;
    wire  [63:0] wq$wr_data;
    wire  wq$notify;
    reg  park0$clock;
    reg  park0$alloc;
    reg  [11:0] park0$a_queue;
    reg  [9:0] park0$a_src;
    reg  [11:0] park0$a_portal;
    reg  [7:0] park0$a_epoch;
    reg  [63:0] park0$a_data;
    reg  [47:0] park0$a_head_addr;
    reg  park0$granted;
    reg  park0$answer;
    reg  [63:0] park0$answer_data;
    reg  park0$taken;
    wire  park0$busy;
    wire  park0$wants_read;
    wire  park0$answered;
    wire  [11:0] park0$queue;
    wire  [9:0] park0$src;
    wire  [11:0] park0$portal;
    wire  [7:0] park0$epoch;
    wire  [63:0] park0$data;
    wire  [47:0] park0$head_addr;
    wire  [15:0] park0$head;
    reg  park1$clock;
    reg  park1$alloc;
    reg  [11:0] park1$a_queue;
    reg  [9:0] park1$a_src;
    reg  [11:0] park1$a_portal;
    reg  [7:0] park1$a_epoch;
    reg  [63:0] park1$a_data;
    reg  [47:0] park1$a_head_addr;
    reg  park1$granted;
    reg  park1$answer;
    reg  [63:0] park1$answer_data;
    reg  park1$taken;
    wire  park1$busy;
    wire  park1$wants_read;
    wire  park1$answered;
    wire  [11:0] park1$queue;
    wire  [9:0] park1$src;
    wire  [11:0] park1$portal;
    wire  [7:0] park1$epoch;
    wire  [63:0] park1$data;
    wire  [47:0] park1$head_addr;
    wire  [15:0] park1$head;
    reg  park2$clock;
    reg  park2$alloc;
    reg  [11:0] park2$a_queue;
    reg  [9:0] park2$a_src;
    reg  [11:0] park2$a_portal;
    reg  [7:0] park2$a_epoch;
    reg  [63:0] park2$a_data;
    reg  [47:0] park2$a_head_addr;
    reg  park2$granted;
    reg  park2$answer;
    reg  [63:0] park2$answer_data;
    reg  park2$taken;
    wire  park2$busy;
    wire  park2$wants_read;
    wire  park2$answered;
    wire  [11:0] park2$queue;
    wire  [9:0] park2$src;
    wire  [11:0] park2$portal;
    wire  [7:0] park2$epoch;
    wire  [63:0] park2$data;
    wire  [47:0] park2$head_addr;
    wire  [15:0] park2$head;
    reg  park3$clock;
    reg  park3$alloc;
    reg  [11:0] park3$a_queue;
    reg  [9:0] park3$a_src;
    reg  [11:0] park3$a_portal;
    reg  [7:0] park3$a_epoch;
    reg  [63:0] park3$a_data;
    reg  [47:0] park3$a_head_addr;
    reg  park3$granted;
    reg  park3$answer;
    reg  [63:0] park3$answer_data;
    reg  park3$taken;
    wire  park3$busy;
    wire  park3$wants_read;
    wire  park3$answered;
    wire  [11:0] park3$queue;
    wire  [9:0] park3$src;
    wire  [11:0] park3$portal;
    wire  [7:0] park3$epoch;
    wire  [63:0] park3$data;
    wire  [47:0] park3$head_addr;
    wire  [15:0] park3$head;
    reg  [11:0] ld0_addr$wide;
    wire  [11:0] ld0_addr$narrow;
    reg  [11:0] rd0_addr$wide;
    wire  [11:0] rd0_addr$narrow;
    reg  swept$d;
    wire  swept$q;
    reg  swept$clock;
    reg  [11:0] sweep_ctr$d;
    wire  [11:0] sweep_ctr$q;
    reg  sweep_ctr$clock;
    reg  [3:0] s1_op$d;
    wire  [3:0] s1_op$q;
    reg  s1_op$clock;
    reg  [11:0] s1_queue$d;
    wire  [11:0] s1_queue$q;
    reg  s1_queue$clock;
    reg  [9:0] s1_src$d;
    wire  [9:0] s1_src$q;
    reg  s1_src$clock;
    reg  [63:0] s1_data$d;
    wire  [63:0] s1_data$q;
    reg  s1_data$clock;
    reg  [11:0] s1_portal$d;
    wire  [11:0] s1_portal$q;
    reg  s1_portal$clock;
    reg  [7:0] s1_epoch$d;
    wire  [7:0] s1_epoch$q;
    reg  s1_epoch$clock;
    reg  [15:0] s1_head$d;
    wire  [15:0] s1_head$q;
    reg  s1_head$clock;
    reg  s1_dst_ok$d;
    wire  s1_dst_ok$q;
    reg  s1_dst_ok$clock;
    reg  s1_in_range$d;
    wire  s1_in_range$q;
    reg  s1_in_range$clock;
    reg  [3:0] run$d;
    wire  [3:0] run$q;
    reg  run$clock;
    reg  owe$d;
    wire  owe$q;
    reg  owe$clock;
    reg  [47:0] owe_base$d;
    wire  [47:0] owe_base$q;
    reg  owe_base$clock;
    reg  [15:0] owe_tail$d;
    wire  [15:0] owe_tail$q;
    reg  owe_tail$clock;
    reg  [15:0] query_flags$narrow;
    wire  [63:0] query_flags$wide;
    reg  [15:0] query_tail$narrow;
    wire  [63:0] query_tail$wide;
    reg  [15:0] query_free$narrow;
    wire  [63:0] query_free$wide;
    
    // Local signals
    reg  [3:0] ld0_op;
    reg  [11:0] ld0_queue;
    reg  [9:0] ld0_src;
    reg  [63:0] ld0_data;
    reg  [11:0] ld0_portal;
    reg  [7:0] ld0_epoch;
    reg  [15:0] ld0_head;
    reg  ld0_dst_ok;
    reg  room;
    reg  park_room;
    reg  cam_hit;
    reg  any_answered;
    reg  take_reinject;
    reg  is_item;
    reg  target_ok;
    reg  [15:0] mask;
    reg  [15:0] slot;
    reg  [15:0] next_tail;
    reg  [15:0] head_m;
    reg  head_bad;
    reg  [15:0] ring_gap;
    reg  [15:0] from_head;
    reg  [15:0] best_free;
    reg  [15:0] free_eff;
    reg  success;
    reg  parks;
    reg  publish;
    reg  epoch_ok;
    reg  arm_notify;
    reg  [15:0] seen_m;
    reg  [4:0] arg_k;
    reg  [15:0] arg_mask;
    reg  [47:0] arg_mask_wide;
    reg  arg_valid;
    reg  [47:0] arg_base;
    reg  [47:0] head_addr;
    
    // Sub module instances
    renq_engine_v2$qram qram(
        .clock(qram$clock),
        .read_addr(qram$read_addr),
        .valid(qram$valid),
        .stalled(qram$stalled),
        .armed(qram$armed),
        .k(qram$k),
        .epoch(qram$epoch),
        .flags(qram$flags),
        .base(qram$base),
        .tail(qram$tail),
        .free(qram$free),
        .write(qram$write),
        .write_addr(qram$write_addr),
        .w_valid(qram$w_valid),
        .w_stalled(qram$w_stalled),
        .w_armed(qram$w_armed),
        .w_k(qram$w_k),
        .w_epoch(qram$w_epoch),
        .w_base(qram$w_base),
        .w_tail(qram$w_tail),
        .w_free(qram$w_free)
    );
    renq_engine_v2$wq wq(
        .clock(wq$clock),
        .push(wq$push),
        .p_has_data(wq$p_has_data),
        .p_publish(wq$p_publish),
        .p_notify(wq$p_notify),
        .p_base(wq$p_base),
        .p_slot(wq$p_slot),
        .p_data(wq$p_data),
        .p_tail(wq$p_tail),
        .fill(wq$fill),
        .empty(wq$empty),
        .wr_valid(wq$wr_valid),
        .wr_ready(wq$wr_ready),
        .wr_addr(wq$wr_addr),
        .wr_data(wq$wr_data),
        .notify(wq$notify)
    );
    renq_engine_v2$park0 park0(
        .clock(park0$clock),
        .alloc(park0$alloc),
        .a_queue(park0$a_queue),
        .a_src(park0$a_src),
        .a_portal(park0$a_portal),
        .a_epoch(park0$a_epoch),
        .a_data(park0$a_data),
        .a_head_addr(park0$a_head_addr),
        .granted(park0$granted),
        .answer(park0$answer),
        .answer_data(park0$answer_data),
        .taken(park0$taken),
        .busy(park0$busy),
        .wants_read(park0$wants_read),
        .answered(park0$answered),
        .queue(park0$queue),
        .src(park0$src),
        .portal(park0$portal),
        .epoch(park0$epoch),
        .data(park0$data),
        .head_addr(park0$head_addr),
        .head(park0$head)
    );
    renq_engine_v2$park1 park1(
        .clock(park1$clock),
        .alloc(park1$alloc),
        .a_queue(park1$a_queue),
        .a_src(park1$a_src),
        .a_portal(park1$a_portal),
        .a_epoch(park1$a_epoch),
        .a_data(park1$a_data),
        .a_head_addr(park1$a_head_addr),
        .granted(park1$granted),
        .answer(park1$answer),
        .answer_data(park1$answer_data),
        .taken(park1$taken),
        .busy(park1$busy),
        .wants_read(park1$wants_read),
        .answered(park1$answered),
        .queue(park1$queue),
        .src(park1$src),
        .portal(park1$portal),
        .epoch(park1$epoch),
        .data(park1$data),
        .head_addr(park1$head_addr),
        .head(park1$head)
    );
    renq_engine_v2$park2 park2(
        .clock(park2$clock),
        .alloc(park2$alloc),
        .a_queue(park2$a_queue),
        .a_src(park2$a_src),
        .a_portal(park2$a_portal),
        .a_epoch(park2$a_epoch),
        .a_data(park2$a_data),
        .a_head_addr(park2$a_head_addr),
        .granted(park2$granted),
        .answer(park2$answer),
        .answer_data(park2$answer_data),
        .taken(park2$taken),
        .busy(park2$busy),
        .wants_read(park2$wants_read),
        .answered(park2$answered),
        .queue(park2$queue),
        .src(park2$src),
        .portal(park2$portal),
        .epoch(park2$epoch),
        .data(park2$data),
        .head_addr(park2$head_addr),
        .head(park2$head)
    );
    renq_engine_v2$park3 park3(
        .clock(park3$clock),
        .alloc(park3$alloc),
        .a_queue(park3$a_queue),
        .a_src(park3$a_src),
        .a_portal(park3$a_portal),
        .a_epoch(park3$a_epoch),
        .a_data(park3$a_data),
        .a_head_addr(park3$a_head_addr),
        .granted(park3$granted),
        .answer(park3$answer),
        .answer_data(park3$answer_data),
        .taken(park3$taken),
        .busy(park3$busy),
        .wants_read(park3$wants_read),
        .answered(park3$answered),
        .queue(park3$queue),
        .src(park3$src),
        .portal(park3$portal),
        .epoch(park3$epoch),
        .data(park3$data),
        .head_addr(park3$head_addr),
        .head(park3$head)
    );
    renq_engine_v2$ld0_addr ld0_addr(
        .wide(ld0_addr$wide),
        .narrow(ld0_addr$narrow)
    );
    renq_engine_v2$rd0_addr rd0_addr(
        .wide(rd0_addr$wide),
        .narrow(rd0_addr$narrow)
    );
    renq_engine_v2$swept swept(
        .d(swept$d),
        .q(swept$q),
        .clock(swept$clock)
    );
    renq_engine_v2$sweep_ctr sweep_ctr(
        .d(sweep_ctr$d),
        .q(sweep_ctr$q),
        .clock(sweep_ctr$clock)
    );
    renq_engine_v2$s1_op s1_op(
        .d(s1_op$d),
        .q(s1_op$q),
        .clock(s1_op$clock)
    );
    renq_engine_v2$s1_queue s1_queue(
        .d(s1_queue$d),
        .q(s1_queue$q),
        .clock(s1_queue$clock)
    );
    renq_engine_v2$s1_src s1_src(
        .d(s1_src$d),
        .q(s1_src$q),
        .clock(s1_src$clock)
    );
    renq_engine_v2$s1_data s1_data(
        .d(s1_data$d),
        .q(s1_data$q),
        .clock(s1_data$clock)
    );
    renq_engine_v2$s1_portal s1_portal(
        .d(s1_portal$d),
        .q(s1_portal$q),
        .clock(s1_portal$clock)
    );
    renq_engine_v2$s1_epoch s1_epoch(
        .d(s1_epoch$d),
        .q(s1_epoch$q),
        .clock(s1_epoch$clock)
    );
    renq_engine_v2$s1_head s1_head(
        .d(s1_head$d),
        .q(s1_head$q),
        .clock(s1_head$clock)
    );
    renq_engine_v2$s1_dst_ok s1_dst_ok(
        .d(s1_dst_ok$d),
        .q(s1_dst_ok$q),
        .clock(s1_dst_ok$clock)
    );
    renq_engine_v2$s1_in_range s1_in_range(
        .d(s1_in_range$d),
        .q(s1_in_range$q),
        .clock(s1_in_range$clock)
    );
    renq_engine_v2$run run(
        .d(run$d),
        .q(run$q),
        .clock(run$clock)
    );
    renq_engine_v2$owe owe(
        .d(owe$d),
        .q(owe$q),
        .clock(owe$clock)
    );
    renq_engine_v2$owe_base owe_base(
        .d(owe_base$d),
        .q(owe_base$q),
        .clock(owe_base$clock)
    );
    renq_engine_v2$owe_tail owe_tail(
        .d(owe_tail$d),
        .q(owe_tail$q),
        .clock(owe_tail$clock)
    );
    renq_engine_v2$query_flags query_flags(
        .narrow(query_flags$narrow),
        .wide(query_flags$wide)
    );
    renq_engine_v2$query_tail query_tail(
        .narrow(query_tail$narrow),
        .wide(query_tail$wide)
    );
    renq_engine_v2$query_free query_free(
        .narrow(query_free$narrow),
        .wide(query_free$wide)
    );
    
    // Update code
    always @(*) begin
        swept$clock = clock;
        sweep_ctr$clock = clock;
        s1_op$clock = clock;
        s1_queue$clock = clock;
        s1_src$clock = clock;
        s1_data$clock = clock;
        s1_portal$clock = clock;
        s1_epoch$clock = clock;
        s1_head$clock = clock;
        s1_dst_ok$clock = clock;
        s1_in_range$clock = clock;
        run$clock = clock;
        owe$clock = clock;
        owe_base$clock = clock;
        owe_tail$clock = clock;
        swept$d = swept$q;
        sweep_ctr$d = sweep_ctr$q;
        s1_op$d = s1_op$q;
        s1_queue$d = s1_queue$q;
        s1_src$d = s1_src$q;
        s1_data$d = s1_data$q;
        s1_portal$d = s1_portal$q;
        s1_epoch$d = s1_epoch$q;
        s1_head$d = s1_head$q;
        s1_dst_ok$d = s1_dst_ok$q;
        s1_in_range$d = s1_in_range$q;
        run$d = run$q;
        owe$d = owe$q;
        owe_base$d = owe_base$q;
        owe_tail$d = owe_tail$q;
        qram$clock = clock;
        wq$clock = clock;
        park0$clock = clock;
        park1$clock = clock;
        park2$clock = clock;
        park3$clock = clock;
        rd0_addr$wide = s1_queue$q;
        mask = (one_index << qram$k) - one_index;
        slot = qram$tail & mask;
        next_tail = slot + one_index;
        if (slot == mask) begin
            next_tail = first_data_index;
        end
        head_m = s1_head$q & mask;
        head_bad = head_m < first_data_index;
        ring_gap = (head_m - slot - one_index) & mask;
        from_head = ring_gap;
        if (head_m <= slot) begin
            from_head = ring_gap - first_data_index;
        end
        best_free = qram$free;
        if (from_head > qram$free) begin
            best_free = from_head;
        end
        arg_k = s1_data$q[(export_log2_lsb)+:(5)];
        arg_mask = (one_index << arg_k) - one_index;
        arg_mask_wide = (one_addr << arg_k) - one_addr;
        arg_base = s1_data$q[(export_base_lsb)+:(48)] & ~((arg_mask_wide << word_shift) | word_offset_mask);
        arg_valid = s1_data$q[export_valid_bit] & (arg_k >= k_min) & (arg_k <= k_max);
        head_addr = qram$base | head_word_offset;
        is_item = (s1_op$q == op_packet) | (s1_op$q == op_reinject);
        target_ok = s1_in_range$q & s1_dst_ok$q & qram$valid;
        epoch_ok = qram$epoch == s1_epoch$q;
        seen_m = s1_head$q & mask;
        arm_notify = 1'b0;
        free_eff = qram$free;
        success = 1'b0;
        parks = 1'b0;
        ev_enqueued = 1'b0;
        ev_rejected = 1'b0;
        ev_refused = 1'b0;
        ev_overflow = 1'b0;
        ev_bad_header = 1'b0;
        ev_query = 1'b0;
        ev_queue = s1_queue$q;
        ev_src = s1_src$q;
        ev_portal = s1_portal$q;
        ev_epoch = qram$epoch;
        ev_data = s1_data$q;
        qram$write = 1'b0;
        qram$write_addr = rd0_addr$narrow;
        qram$w_valid = qram$valid;
        qram$w_stalled = qram$stalled;
        qram$w_armed = qram$armed;
        qram$w_k = qram$k;
        qram$w_epoch = qram$epoch;
        qram$w_base = qram$base;
        qram$w_tail = qram$tail;
        qram$w_free = qram$free;
        if (is_item) begin
            if (~target_ok) begin
                ev_rejected = 1'b1;
                ev_epoch = zero_epoch;
            end
            else if (qram$stalled | ~epoch_ok) begin
                ev_refused = 1'b1;
            end
            else begin
                if (s1_op$q == op_reinject) begin
                    if (head_bad) begin
                        ev_bad_header = 1'b1;
                    end
                    else begin
                        free_eff = best_free;
                    end
                end
                if (|free_eff) begin
                    success = 1'b1;
                    ev_enqueued = 1'b1;
                    qram$write = 1'b1;
                    qram$w_tail = next_tail;
                    qram$w_free = free_eff - one_index;
                    qram$w_armed = 1'b0;
                end
                else if (s1_op$q == op_reinject) begin
                    ev_overflow = 1'b1;
                    ev_refused = 1'b1;
                    qram$write = 1'b1;
                    qram$w_stalled = 1'b1;
                    qram$w_free = zero_index;
                    qram$w_epoch = qram$epoch + one_epoch;
                    ev_epoch = qram$epoch + one_epoch;
                end
                else begin
                    parks = 1'b1;
                end
            end
        end
        if (s1_in_range$q) begin
            if ((s1_op$q == op_head) & qram$valid) begin
                if (head_bad) begin
                    ev_bad_header = 1'b1;
                end
                else begin
                    qram$write = 1'b1;
                    qram$w_free = best_free;
                end
            end
            if (s1_op$q == op_resume) begin
                qram$write = 1'b1;
                qram$w_stalled = 1'b0;
            end
            if ((s1_op$q == op_arm) & qram$valid) begin
                if (seen_m != slot) begin
                    arm_notify = 1'b1;
                end
                else begin
                    qram$write = 1'b1;
                    qram$w_armed = 1'b1;
                end
            end
            if (s1_op$q == op_export) begin
                qram$write = 1'b1;
                qram$w_valid = arg_valid;
                qram$w_stalled = 1'b0;
                if (arg_valid) begin
                    qram$w_k = arg_k;
                    qram$w_base = arg_base;
                    qram$w_tail = first_data_index;
                    qram$w_free = arg_mask - first_data_index;
                end
            end
        end
        query_flags$narrow = qram$flags;
        query_tail$narrow = qram$tail;
        query_free$narrow = qram$free;
        if (s1_op$q == op_query) begin
            ev_query = 1'b1;
            ev_data = zero_word;
            if (s1_in_range$q) begin
                ev_data = query_flags$wide | (query_tail$wide << query_tail_lsb) | (query_free$wide << query_free_lsb);
            end
        end
        if (s1_op$q == op_clear) begin
            qram$write = 1'b1;
            qram$w_valid = 1'b0;
            qram$w_stalled = 1'b0;
            qram$w_armed = 1'b0;
            qram$w_k = zero_k;
            qram$w_epoch = zero_epoch;
            qram$w_base = zero_addr;
            qram$w_tail = zero_index;
            qram$w_free = zero_index;
        end
        any_answered = park0$answered | park1$answered | park2$answered | park3$answered;
        room = wq$fill < wq_limit;
        park_room = (~park0$busy & ~park1$busy) | (~park0$busy & ~park2$busy) | (~park0$busy & ~park3$busy) | (~park1$busy & ~park2$busy) | (~park1$busy & ~park3$busy) | (~park2$busy & ~park3$busy);
        if (s1_op$q != op_packet) begin
            park_room = ~park0$busy | ~park1$busy | ~park2$busy | ~park3$busy;
        end
        cam_hit = (park0$busy & (park0$queue == rx_queue)) | (park1$busy & (park1$queue == rx_queue)) | (park2$busy & (park2$queue == rx_queue)) | (park3$busy & (park3$queue == rx_queue)) | (parks & (s1_queue$q == rx_queue));
        cmd_ready = swept$q & room;
        take_reinject = swept$q & room & ~cmd_valid & any_answered;
        rx_ready = swept$q & rx_enable & room & ~cmd_valid & ~any_answered & park_room & ~cam_hit;
        ld0_op = op_none;
        ld0_queue = rx_queue;
        ld0_src = rx_src;
        ld0_data = rx_data;
        ld0_portal = rx_portal;
        ld0_epoch = rx_epoch;
        ld0_head = rx_data[(32'h0)+:(16)];
        ld0_dst_ok = 1'b1;
        park0$taken = 1'b0;
        park1$taken = 1'b0;
        park2$taken = 1'b0;
        park3$taken = 1'b0;
        if (~swept$q) begin
            ld0_op = op_clear;
            ld0_queue = sweep_ctr$q;
            sweep_ctr$d = sweep_ctr$q + one_queue;
            if (sweep_ctr$q == sweep_last) begin
                swept$d = 1'b1;
            end
        end
        else if (cmd_valid & room) begin
            ld0_queue = cmd_queue;
            ld0_data = cmd_arg;
            ld0_head = cmd_arg[(32'h0)+:(16)];
            if (cmd_kind == cmd_export) begin
                ld0_op = op_export;
            end
            if (cmd_kind == cmd_head) begin
                ld0_op = op_head;
            end
            if (cmd_kind == cmd_resume) begin
                ld0_op = op_resume;
            end
            if (cmd_kind == cmd_arm) begin
                ld0_op = op_arm;
            end
            if (cmd_kind == cmd_query) begin
                ld0_op = op_query;
            end
        end
        else if (take_reinject) begin
            ld0_op = op_reinject;
            if (park3$answered) begin
                ld0_queue = park3$queue;
                ld0_src = park3$src;
                ld0_portal = park3$portal;
                ld0_epoch = park3$epoch;
                ld0_data = park3$data;
                ld0_head = park3$head;
            end
            if (park2$answered) begin
                ld0_queue = park2$queue;
                ld0_src = park2$src;
                ld0_portal = park2$portal;
                ld0_epoch = park2$epoch;
                ld0_data = park2$data;
                ld0_head = park2$head;
            end
            if (park1$answered) begin
                ld0_queue = park1$queue;
                ld0_src = park1$src;
                ld0_portal = park1$portal;
                ld0_epoch = park1$epoch;
                ld0_data = park1$data;
                ld0_head = park1$head;
            end
            if (park0$answered) begin
                ld0_queue = park0$queue;
                ld0_src = park0$src;
                ld0_portal = park0$portal;
                ld0_epoch = park0$epoch;
                ld0_data = park0$data;
                ld0_head = park0$head;
            end
            park0$taken = park0$answered;
            park1$taken = park1$answered & ~park0$answered;
            park2$taken = park2$answered & ~park0$answered & ~park1$answered;
            park3$taken = park3$answered & ~park0$answered & ~park1$answered & ~park2$answered;
        end
        else if (rx_valid & rx_ready) begin
            ld0_op = op_packet;
            ld0_dst_ok = rx_dst == node_id;
        end
        ld0_addr$wide = ld0_queue;
        qram$read_addr = ld0_addr$narrow;
        s1_op$d = ld0_op;
        s1_queue$d = ld0_queue;
        s1_src$d = ld0_src;
        s1_data$d = ld0_data;
        s1_portal$d = ld0_portal;
        s1_epoch$d = ld0_epoch;
        s1_head$d = ld0_head;
        s1_dst_ok$d = ld0_dst_ok;
        s1_in_range$d = ~|(ld0_queue & queue_high_mask);
        publish = 1'b1;
        if ((ld0_op == op_packet) & (ld0_queue == s1_queue$q) & (run$q != run_last) & ~qram$armed) begin
            publish = 1'b0;
        end
        wq$push = 1'b0;
        wq$p_has_data = 1'b1;
        wq$p_publish = publish;
        wq$p_notify = qram$armed;
        wq$p_base = qram$base;
        wq$p_slot = slot;
        wq$p_data = s1_data$q;
        wq$p_tail = next_tail;
        if (success) begin
            wq$push = 1'b1;
            if (publish) begin
                run$d = zero_run;
                owe$d = 1'b0;
            end
            else begin
                run$d = run$q + one_run;
                owe$d = 1'b1;
                owe_base$d = qram$base;
                owe_tail$d = next_tail;
            end
        end
        else if (owe$q) begin
            wq$push = 1'b1;
            wq$p_has_data = 1'b0;
            wq$p_publish = 1'b1;
            wq$p_base = owe_base$q;
            wq$p_tail = owe_tail$q;
            wq$p_notify = 1'b0;
            run$d = zero_run;
            owe$d = 1'b0;
        end
        else if (arm_notify) begin
            wq$push = 1'b1;
            wq$p_has_data = 1'b0;
            wq$p_publish = 1'b1;
            wq$p_notify = 1'b1;
            wq$p_tail = slot;
        end
        ev_notify = wq$notify;
        wr_valid = wq$wr_valid;
        wq$wr_ready = wr_ready;
        wr_addr = wq$wr_addr;
        wr_data = wq$wr_data;
        park0$alloc = parks & ~park0$busy;
        park1$alloc = parks & park0$busy & ~park1$busy;
        park2$alloc = parks & park0$busy & park1$busy & ~park2$busy;
        park3$alloc = parks & park0$busy & park1$busy & park2$busy & ~park3$busy;
        park0$a_queue = s1_queue$q;
        park1$a_queue = s1_queue$q;
        park2$a_queue = s1_queue$q;
        park3$a_queue = s1_queue$q;
        park0$a_src = s1_src$q;
        park0$a_portal = s1_portal$q;
        park0$a_epoch = s1_epoch$q;
        park1$a_src = s1_src$q;
        park1$a_portal = s1_portal$q;
        park1$a_epoch = s1_epoch$q;
        park2$a_src = s1_src$q;
        park2$a_portal = s1_portal$q;
        park2$a_epoch = s1_epoch$q;
        park3$a_src = s1_src$q;
        park3$a_portal = s1_portal$q;
        park3$a_epoch = s1_epoch$q;
        park0$a_data = s1_data$q;
        park1$a_data = s1_data$q;
        park2$a_data = s1_data$q;
        park3$a_data = s1_data$q;
        park0$a_head_addr = head_addr;
        park1$a_head_addr = head_addr;
        park2$a_head_addr = head_addr;
        park3$a_head_addr = head_addr;
        rd_valid = park0$wants_read | park1$wants_read | park2$wants_read | park3$wants_read;
        rd_addr = park3$head_addr;
        rd_tag = tag3;
        if (park2$wants_read) begin
            rd_addr = park2$head_addr;
            rd_tag = tag2;
        end
        if (park1$wants_read) begin
            rd_addr = park1$head_addr;
            rd_tag = tag1;
        end
        if (park0$wants_read) begin
            rd_addr = park0$head_addr;
            rd_tag = tag0;
        end
        park0$granted = rd_ready & (rd_tag == tag0) & rd_valid;
        park1$granted = rd_ready & (rd_tag == tag1) & rd_valid;
        park2$granted = rd_ready & (rd_tag == tag2) & rd_valid;
        park3$granted = rd_ready & (rd_tag == tag3) & rd_valid;
        park0$answer = rsp_valid & (rsp_tag == tag0);
        park1$answer = rsp_valid & (rsp_tag == tag1);
        park2$answer = rsp_valid & (rsp_tag == tag2);
        park3$answer = rsp_valid & (rsp_tag == tag3);
        park0$answer_data = rsp_data;
        park1$answer_data = rsp_data;
        park2$answer_data = rsp_data;
        park3$answer_data = rsp_data;
        idle = swept$q & (s1_op$q == op_none) & wq$empty & ~owe$q & ~park0$busy & ~park1$busy & ~park2$busy & ~park3$busy;
    end
    
endmodule // top


module renq_engine_v2$ld0_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_engine_v2$ld0_addr


module renq_engine_v2$owe(d,q,clock);
    
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
          
endmodule // renq_engine_v2$owe


module renq_engine_v2$owe_base(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$owe_base


module renq_engine_v2$owe_tail(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$owe_tail


module renq_engine_v2$park0(clock,alloc,a_queue,a_src,a_portal,a_epoch,a_data,a_head_addr,granted,answer,answer_data,taken,busy,wants_read,answered,queue,src,portal,epoch,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    output reg  busy;
    output reg  wants_read;
    output reg  answered;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  [11:0] queue_r$d;
    wire  [11:0] queue_r$q;
    reg  queue_r$clock;
    reg  [9:0] src_r$d;
    wire  [9:0] src_r$q;
    reg  src_r$clock;
    reg  [11:0] portal_r$d;
    wire  [11:0] portal_r$q;
    reg  portal_r$clock;
    reg  [7:0] epoch_r$d;
    wire  [7:0] epoch_r$q;
    reg  epoch_r$clock;
    reg  [63:0] data_r$d;
    wire  [63:0] data_r$q;
    reg  data_r$clock;
    reg  [47:0] head_addr_r$d;
    wire  [47:0] head_addr_r$q;
    reg  head_addr_r$clock;
    reg  [15:0] head_r$d;
    wire  [15:0] head_r$q;
    reg  head_r$clock;
    
    // Sub module instances
    renq_engine_v2$park0$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_engine_v2$park0$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_engine_v2$park0$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_engine_v2$park0$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_engine_v2$park0$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_engine_v2$park0$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_engine_v2$park0$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_engine_v2$park0$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_engine_v2$park0$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_engine_v2$park0$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            busy_r$d = 1'b0;
            answered_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~requested_r$q;
        answered = answered_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_engine_v2$park0


module renq_engine_v2$park0$answered_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$answered_r


module renq_engine_v2$park0$busy_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$busy_r


module renq_engine_v2$park0$data_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$data_r


module renq_engine_v2$park0$epoch_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$epoch_r


module renq_engine_v2$park0$head_addr_r(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park0$head_addr_r


module renq_engine_v2$park0$head_r(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park0$head_r


module renq_engine_v2$park0$portal_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$portal_r


module renq_engine_v2$park0$queue_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$queue_r


module renq_engine_v2$park0$requested_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park0$requested_r


module renq_engine_v2$park0$src_r(d,q,clock);
    
    // Module arguments
    input wire  [9:0] d;
    output reg  [9:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 10'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park0$src_r


module renq_engine_v2$park1(clock,alloc,a_queue,a_src,a_portal,a_epoch,a_data,a_head_addr,granted,answer,answer_data,taken,busy,wants_read,answered,queue,src,portal,epoch,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    output reg  busy;
    output reg  wants_read;
    output reg  answered;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  [11:0] queue_r$d;
    wire  [11:0] queue_r$q;
    reg  queue_r$clock;
    reg  [9:0] src_r$d;
    wire  [9:0] src_r$q;
    reg  src_r$clock;
    reg  [11:0] portal_r$d;
    wire  [11:0] portal_r$q;
    reg  portal_r$clock;
    reg  [7:0] epoch_r$d;
    wire  [7:0] epoch_r$q;
    reg  epoch_r$clock;
    reg  [63:0] data_r$d;
    wire  [63:0] data_r$q;
    reg  data_r$clock;
    reg  [47:0] head_addr_r$d;
    wire  [47:0] head_addr_r$q;
    reg  head_addr_r$clock;
    reg  [15:0] head_r$d;
    wire  [15:0] head_r$q;
    reg  head_r$clock;
    
    // Sub module instances
    renq_engine_v2$park1$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_engine_v2$park1$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_engine_v2$park1$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_engine_v2$park1$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_engine_v2$park1$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_engine_v2$park1$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_engine_v2$park1$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_engine_v2$park1$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_engine_v2$park1$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_engine_v2$park1$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            busy_r$d = 1'b0;
            answered_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~requested_r$q;
        answered = answered_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_engine_v2$park1


module renq_engine_v2$park1$answered_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$answered_r


module renq_engine_v2$park1$busy_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$busy_r


module renq_engine_v2$park1$data_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$data_r


module renq_engine_v2$park1$epoch_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$epoch_r


module renq_engine_v2$park1$head_addr_r(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park1$head_addr_r


module renq_engine_v2$park1$head_r(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park1$head_r


module renq_engine_v2$park1$portal_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$portal_r


module renq_engine_v2$park1$queue_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$queue_r


module renq_engine_v2$park1$requested_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park1$requested_r


module renq_engine_v2$park1$src_r(d,q,clock);
    
    // Module arguments
    input wire  [9:0] d;
    output reg  [9:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 10'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park1$src_r


module renq_engine_v2$park2(clock,alloc,a_queue,a_src,a_portal,a_epoch,a_data,a_head_addr,granted,answer,answer_data,taken,busy,wants_read,answered,queue,src,portal,epoch,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    output reg  busy;
    output reg  wants_read;
    output reg  answered;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  [11:0] queue_r$d;
    wire  [11:0] queue_r$q;
    reg  queue_r$clock;
    reg  [9:0] src_r$d;
    wire  [9:0] src_r$q;
    reg  src_r$clock;
    reg  [11:0] portal_r$d;
    wire  [11:0] portal_r$q;
    reg  portal_r$clock;
    reg  [7:0] epoch_r$d;
    wire  [7:0] epoch_r$q;
    reg  epoch_r$clock;
    reg  [63:0] data_r$d;
    wire  [63:0] data_r$q;
    reg  data_r$clock;
    reg  [47:0] head_addr_r$d;
    wire  [47:0] head_addr_r$q;
    reg  head_addr_r$clock;
    reg  [15:0] head_r$d;
    wire  [15:0] head_r$q;
    reg  head_r$clock;
    
    // Sub module instances
    renq_engine_v2$park2$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_engine_v2$park2$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_engine_v2$park2$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_engine_v2$park2$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_engine_v2$park2$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_engine_v2$park2$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_engine_v2$park2$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_engine_v2$park2$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_engine_v2$park2$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_engine_v2$park2$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            busy_r$d = 1'b0;
            answered_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~requested_r$q;
        answered = answered_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_engine_v2$park2


module renq_engine_v2$park2$answered_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$answered_r


module renq_engine_v2$park2$busy_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$busy_r


module renq_engine_v2$park2$data_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$data_r


module renq_engine_v2$park2$epoch_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$epoch_r


module renq_engine_v2$park2$head_addr_r(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park2$head_addr_r


module renq_engine_v2$park2$head_r(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park2$head_r


module renq_engine_v2$park2$portal_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$portal_r


module renq_engine_v2$park2$queue_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$queue_r


module renq_engine_v2$park2$requested_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park2$requested_r


module renq_engine_v2$park2$src_r(d,q,clock);
    
    // Module arguments
    input wire  [9:0] d;
    output reg  [9:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 10'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park2$src_r


module renq_engine_v2$park3(clock,alloc,a_queue,a_src,a_portal,a_epoch,a_data,a_head_addr,granted,answer,answer_data,taken,busy,wants_read,answered,queue,src,portal,epoch,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    output reg  busy;
    output reg  wants_read;
    output reg  answered;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  [11:0] queue_r$d;
    wire  [11:0] queue_r$q;
    reg  queue_r$clock;
    reg  [9:0] src_r$d;
    wire  [9:0] src_r$q;
    reg  src_r$clock;
    reg  [11:0] portal_r$d;
    wire  [11:0] portal_r$q;
    reg  portal_r$clock;
    reg  [7:0] epoch_r$d;
    wire  [7:0] epoch_r$q;
    reg  epoch_r$clock;
    reg  [63:0] data_r$d;
    wire  [63:0] data_r$q;
    reg  data_r$clock;
    reg  [47:0] head_addr_r$d;
    wire  [47:0] head_addr_r$q;
    reg  head_addr_r$clock;
    reg  [15:0] head_r$d;
    wire  [15:0] head_r$q;
    reg  head_r$clock;
    
    // Sub module instances
    renq_engine_v2$park3$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_engine_v2$park3$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_engine_v2$park3$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_engine_v2$park3$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_engine_v2$park3$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_engine_v2$park3$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_engine_v2$park3$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_engine_v2$park3$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_engine_v2$park3$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_engine_v2$park3$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            busy_r$d = 1'b0;
            answered_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~requested_r$q;
        answered = answered_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_engine_v2$park3


module renq_engine_v2$park3$answered_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$answered_r


module renq_engine_v2$park3$busy_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$busy_r


module renq_engine_v2$park3$data_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$data_r


module renq_engine_v2$park3$epoch_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$epoch_r


module renq_engine_v2$park3$head_addr_r(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park3$head_addr_r


module renq_engine_v2$park3$head_r(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park3$head_r


module renq_engine_v2$park3$portal_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$portal_r


module renq_engine_v2$park3$queue_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$queue_r


module renq_engine_v2$park3$requested_r(d,q,clock);
    
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
          
endmodule // renq_engine_v2$park3$requested_r


module renq_engine_v2$park3$src_r(d,q,clock);
    
    // Module arguments
    input wire  [9:0] d;
    output reg  [9:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 10'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$park3$src_r


module renq_engine_v2$qram(clock,read_addr,valid,stalled,armed,k,epoch,flags,base,tail,free,write,write_addr,w_valid,w_stalled,w_armed,w_k,w_epoch,w_base,w_tail,w_free);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_addr;
    output reg  valid;
    output reg  stalled;
    output reg  armed;
    output reg  [4:0] k;
    output reg  [7:0] epoch;
    output reg  [15:0] flags;
    output reg  [47:0] base;
    output reg  [15:0] tail;
    output reg  [15:0] free;
    input wire  write;
    input wire  [11:0] write_addr;
    input wire  w_valid;
    input wire  w_stalled;
    input wire  w_armed;
    input wire  [4:0] w_k;
    input wire  [7:0] w_epoch;
    input wire  [47:0] w_base;
    input wire  [15:0] w_tail;
    input wire  [15:0] w_free;
    
    // Constant declarations
    localparam  k_shift = 4'h3;
    localparam  epoch_shift = 4'h8;
    localparam  valid_bit = 16'h1;
    localparam  stalled_bit = 16'h2;
    localparam  armed_bit = 16'h4;
    localparam  valid_pos = 4'h0;
    localparam  stalled_pos = 4'h1;
    localparam  armed_pos = 4'h2;
    
    // Stub signals
    reg  [11:0] base_ram$read_address;
    reg  base_ram$read_clock;
    wire  [47:0] base_ram$read_data;
    reg  [11:0] base_ram$write_address;
    reg  base_ram$write_clock;
    reg  [47:0] base_ram$write_data;
    reg  base_ram$write_enable;
    reg  [11:0] tail_ram$read_address;
    reg  tail_ram$read_clock;
    wire  [15:0] tail_ram$read_data;
    reg  [11:0] tail_ram$write_address;
    reg  tail_ram$write_clock;
    reg  [15:0] tail_ram$write_data;
    reg  tail_ram$write_enable;
    reg  [11:0] free_ram$read_address;
    reg  free_ram$read_clock;
    wire  [15:0] free_ram$read_data;
    reg  [11:0] free_ram$write_address;
    reg  free_ram$write_clock;
    reg  [15:0] free_ram$write_data;
    reg  free_ram$write_enable;
    reg  [11:0] flags_ram$read_address;
    reg  flags_ram$read_clock;
    wire  [15:0] flags_ram$read_data;
    reg  [11:0] flags_ram$write_address;
    reg  flags_ram$write_clock;
    reg  [15:0] flags_ram$write_data;
    reg  flags_ram$write_enable;
    reg  fwd_hit$d;
    wire  fwd_hit$q;
    reg  fwd_hit$clock;
    reg  [15:0] fwd_flags$d;
    wire  [15:0] fwd_flags$q;
    reg  fwd_flags$clock;
    reg  [47:0] fwd_base$d;
    wire  [47:0] fwd_base$q;
    reg  fwd_base$clock;
    reg  [15:0] fwd_tail$d;
    wire  [15:0] fwd_tail$q;
    reg  fwd_tail$clock;
    reg  [15:0] fwd_free$d;
    wire  [15:0] fwd_free$q;
    reg  fwd_free$clock;
    reg  [4:0] k_wide$narrow;
    wire  [15:0] k_wide$wide;
    reg  [7:0] epoch_wide$narrow;
    wire  [15:0] epoch_wide$wide;
    
    // Local signals
    reg  [15:0] w_flags;
    reg  [15:0] r_flags;
    
    // Sub module instances
    renq_engine_v2$qram$base_ram base_ram(
        .read_address(base_ram$read_address),
        .read_clock(base_ram$read_clock),
        .read_data(base_ram$read_data),
        .write_address(base_ram$write_address),
        .write_clock(base_ram$write_clock),
        .write_data(base_ram$write_data),
        .write_enable(base_ram$write_enable)
    );
    renq_engine_v2$qram$tail_ram tail_ram(
        .read_address(tail_ram$read_address),
        .read_clock(tail_ram$read_clock),
        .read_data(tail_ram$read_data),
        .write_address(tail_ram$write_address),
        .write_clock(tail_ram$write_clock),
        .write_data(tail_ram$write_data),
        .write_enable(tail_ram$write_enable)
    );
    renq_engine_v2$qram$free_ram free_ram(
        .read_address(free_ram$read_address),
        .read_clock(free_ram$read_clock),
        .read_data(free_ram$read_data),
        .write_address(free_ram$write_address),
        .write_clock(free_ram$write_clock),
        .write_data(free_ram$write_data),
        .write_enable(free_ram$write_enable)
    );
    renq_engine_v2$qram$flags_ram flags_ram(
        .read_address(flags_ram$read_address),
        .read_clock(flags_ram$read_clock),
        .read_data(flags_ram$read_data),
        .write_address(flags_ram$write_address),
        .write_clock(flags_ram$write_clock),
        .write_data(flags_ram$write_data),
        .write_enable(flags_ram$write_enable)
    );
    renq_engine_v2$qram$fwd_hit fwd_hit(
        .d(fwd_hit$d),
        .q(fwd_hit$q),
        .clock(fwd_hit$clock)
    );
    renq_engine_v2$qram$fwd_flags fwd_flags(
        .d(fwd_flags$d),
        .q(fwd_flags$q),
        .clock(fwd_flags$clock)
    );
    renq_engine_v2$qram$fwd_base fwd_base(
        .d(fwd_base$d),
        .q(fwd_base$q),
        .clock(fwd_base$clock)
    );
    renq_engine_v2$qram$fwd_tail fwd_tail(
        .d(fwd_tail$d),
        .q(fwd_tail$q),
        .clock(fwd_tail$clock)
    );
    renq_engine_v2$qram$fwd_free fwd_free(
        .d(fwd_free$d),
        .q(fwd_free$q),
        .clock(fwd_free$clock)
    );
    renq_engine_v2$qram$k_wide k_wide(
        .narrow(k_wide$narrow),
        .wide(k_wide$wide)
    );
    renq_engine_v2$qram$epoch_wide epoch_wide(
        .narrow(epoch_wide$narrow),
        .wide(epoch_wide$wide)
    );
    
    // Update code
    always @(*) begin
        fwd_hit$clock = clock;
        fwd_flags$clock = clock;
        fwd_base$clock = clock;
        fwd_tail$clock = clock;
        fwd_free$clock = clock;
        fwd_hit$d = fwd_hit$q;
        fwd_flags$d = fwd_flags$q;
        fwd_base$d = fwd_base$q;
        fwd_tail$d = fwd_tail$q;
        fwd_free$d = fwd_free$q;
        base_ram$read_clock = clock;
        tail_ram$read_clock = clock;
        free_ram$read_clock = clock;
        flags_ram$read_clock = clock;
        base_ram$write_clock = clock;
        tail_ram$write_clock = clock;
        free_ram$write_clock = clock;
        flags_ram$write_clock = clock;
        k_wide$narrow = w_k;
        epoch_wide$narrow = w_epoch;
        w_flags = (k_wide$wide << k_shift) | (epoch_wide$wide << epoch_shift);
        if (w_valid) begin
            w_flags = w_flags | valid_bit;
        end
        if (w_stalled) begin
            w_flags = w_flags | stalled_bit;
        end
        if (w_armed) begin
            w_flags = w_flags | armed_bit;
        end
        base_ram$read_address = read_addr;
        tail_ram$read_address = read_addr;
        free_ram$read_address = read_addr;
        flags_ram$read_address = read_addr;
        base_ram$write_address = write_addr;
        tail_ram$write_address = write_addr;
        free_ram$write_address = write_addr;
        flags_ram$write_address = write_addr;
        base_ram$write_enable = write;
        tail_ram$write_enable = write;
        free_ram$write_enable = write;
        flags_ram$write_enable = write;
        base_ram$write_data = w_base;
        tail_ram$write_data = w_tail;
        free_ram$write_data = w_free;
        flags_ram$write_data = w_flags;
        fwd_hit$d = write & (write_addr == read_addr);
        fwd_flags$d = w_flags;
        fwd_base$d = w_base;
        fwd_tail$d = w_tail;
        fwd_free$d = w_free;
        r_flags = flags_ram$read_data;
        base = base_ram$read_data;
        tail = tail_ram$read_data;
        free = free_ram$read_data;
        if (fwd_hit$q) begin
            r_flags = fwd_flags$q;
            base = fwd_base$q;
            tail = fwd_tail$q;
            free = fwd_free$q;
        end
        valid = r_flags[valid_pos];
        stalled = r_flags[stalled_pos];
        armed = r_flags[armed_pos];
        k = r_flags[(k_shift)+:(5)];
        epoch = r_flags[(epoch_shift)+:(8)];
        flags = r_flags;
    end
    
endmodule // renq_engine_v2$qram


module renq_engine_v2$qram$base_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [47:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [47:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[47:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$qram$base_ram


module renq_engine_v2$qram$epoch_wide(narrow,wide);
    
    // Module arguments
    input wire  [7:0] narrow;
    output reg  [15:0] wide;
    
    // Update code (custom)
    always @(*) wide = {8'd0, narrow};
endmodule // renq_engine_v2$qram$epoch_wide


module renq_engine_v2$qram$flags_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$qram$flags_ram


module renq_engine_v2$qram$free_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$qram$free_ram


module renq_engine_v2$qram$fwd_base(d,q,clock);
    
    // Module arguments
    input wire  [47:0] d;
    output reg  [47:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 48'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$qram$fwd_base


module renq_engine_v2$qram$fwd_flags(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$qram$fwd_flags


module renq_engine_v2$qram$fwd_free(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$qram$fwd_free


module renq_engine_v2$qram$fwd_hit(d,q,clock);
    
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
          
endmodule // renq_engine_v2$qram$fwd_hit


module renq_engine_v2$qram$fwd_tail(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$qram$fwd_tail


module renq_engine_v2$qram$k_wide(narrow,wide);
    
    // Module arguments
    input wire  [4:0] narrow;
    output reg  [15:0] wide;
    
    // Update code (custom)
    always @(*) wide = {11'd0, narrow};
endmodule // renq_engine_v2$qram$k_wide


module renq_engine_v2$qram$tail_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [11:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[4095:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$qram$tail_ram


module renq_engine_v2$query_flags(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_engine_v2$query_flags


module renq_engine_v2$query_free(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_engine_v2$query_free


module renq_engine_v2$query_tail(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_engine_v2$query_tail


module renq_engine_v2$rd0_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_engine_v2$rd0_addr


module renq_engine_v2$run(d,q,clock);
    
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
          
endmodule // renq_engine_v2$run


module renq_engine_v2$s1_data(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_data


module renq_engine_v2$s1_dst_ok(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_dst_ok


module renq_engine_v2$s1_epoch(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_epoch


module renq_engine_v2$s1_head(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 16'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$s1_head


module renq_engine_v2$s1_in_range(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_in_range


module renq_engine_v2$s1_op(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_op


module renq_engine_v2$s1_portal(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_portal


module renq_engine_v2$s1_queue(d,q,clock);
    
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
          
endmodule // renq_engine_v2$s1_queue


module renq_engine_v2$s1_src(d,q,clock);
    
    // Module arguments
    input wire  [9:0] d;
    output reg  [9:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 10'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_engine_v2$s1_src


module renq_engine_v2$sweep_ctr(d,q,clock);
    
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
          
endmodule // renq_engine_v2$sweep_ctr


module renq_engine_v2$swept(d,q,clock);
    
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
          
endmodule // renq_engine_v2$swept


module renq_engine_v2$wq(clock,push,p_has_data,p_publish,p_notify,p_base,p_slot,p_data,p_tail,fill,empty,wr_valid,wr_ready,wr_addr,wr_data,notify);
    
    // Module arguments
    input wire  clock;
    input wire  push;
    input wire  p_has_data;
    input wire  p_publish;
    input wire  p_notify;
    input wire  [47:0] p_base;
    input wire  [15:0] p_slot;
    input wire  [63:0] p_data;
    input wire  [15:0] p_tail;
    output reg  [3:0] fill;
    output reg  empty;
    output reg  wr_valid;
    input wire  wr_ready;
    output reg  [47:0] wr_addr;
    output reg  [63:0] wr_data;
    output reg  notify;
    
    // Constant declarations
    localparam  one_ptr = 4'h1;
    localparam  has_data_bit = 3'b1;
    localparam  publish_bit = 3'b10;
    localparam  notify_bit = 3'b100;
    localparam  zero_flags = 3'b0;
    localparam  word_shift = 6'b11;
    localparam  tail_word_offset = 48'h8;
    
    // Stub signals
    reg  [2:0] flags_ram$read_address;
    reg  flags_ram$read_clock;
    wire  [2:0] flags_ram$read_data;
    reg  [2:0] flags_ram$write_address;
    reg  flags_ram$write_clock;
    reg  [2:0] flags_ram$write_data;
    reg  flags_ram$write_enable;
    reg  [2:0] base_ram$read_address;
    reg  base_ram$read_clock;
    wire  [47:0] base_ram$read_data;
    reg  [2:0] base_ram$write_address;
    reg  base_ram$write_clock;
    reg  [47:0] base_ram$write_data;
    reg  base_ram$write_enable;
    reg  [2:0] slot_ram$read_address;
    reg  slot_ram$read_clock;
    wire  [15:0] slot_ram$read_data;
    reg  [2:0] slot_ram$write_address;
    reg  slot_ram$write_clock;
    reg  [15:0] slot_ram$write_data;
    reg  slot_ram$write_enable;
    reg  [2:0] data_ram$read_address;
    reg  data_ram$read_clock;
    wire  [63:0] data_ram$read_data;
    reg  [2:0] data_ram$write_address;
    reg  data_ram$write_clock;
    reg  [63:0] data_ram$write_data;
    reg  data_ram$write_enable;
    reg  [2:0] tail_ram$read_address;
    reg  tail_ram$read_clock;
    wire  [15:0] tail_ram$read_data;
    reg  [2:0] tail_ram$write_address;
    reg  tail_ram$write_clock;
    reg  [15:0] tail_ram$write_data;
    reg  tail_ram$write_enable;
    reg  [3:0] wr_ptr$d;
    wire  [3:0] wr_ptr$q;
    reg  wr_ptr$clock;
    reg  [3:0] rd_ptr$d;
    wire  [3:0] rd_ptr$q;
    reg  rd_ptr$clock;
    reg  [3:0] vis_ptr$d;
    wire  [3:0] vis_ptr$q;
    reg  vis_ptr$clock;
    reg  in_wr1$d;
    wire  in_wr1$q;
    reg  in_wr1$clock;
    reg  [15:0] slot_wide$narrow;
    wire  [47:0] slot_wide$wide;
    reg  [15:0] tail_word$narrow;
    wire  [63:0] tail_word$wide;
    
    // Local signals
    reg  visible;
    reg  has_data;
    reg  publish;
    reg  notifies;
    reg  accepted;
    reg  pop;
    reg  [3:0] rd_next;
    reg  [2:0] p_flags;
    
    // Sub module instances
    renq_engine_v2$wq$flags_ram flags_ram(
        .read_address(flags_ram$read_address),
        .read_clock(flags_ram$read_clock),
        .read_data(flags_ram$read_data),
        .write_address(flags_ram$write_address),
        .write_clock(flags_ram$write_clock),
        .write_data(flags_ram$write_data),
        .write_enable(flags_ram$write_enable)
    );
    renq_engine_v2$wq$base_ram base_ram(
        .read_address(base_ram$read_address),
        .read_clock(base_ram$read_clock),
        .read_data(base_ram$read_data),
        .write_address(base_ram$write_address),
        .write_clock(base_ram$write_clock),
        .write_data(base_ram$write_data),
        .write_enable(base_ram$write_enable)
    );
    renq_engine_v2$wq$slot_ram slot_ram(
        .read_address(slot_ram$read_address),
        .read_clock(slot_ram$read_clock),
        .read_data(slot_ram$read_data),
        .write_address(slot_ram$write_address),
        .write_clock(slot_ram$write_clock),
        .write_data(slot_ram$write_data),
        .write_enable(slot_ram$write_enable)
    );
    renq_engine_v2$wq$data_ram data_ram(
        .read_address(data_ram$read_address),
        .read_clock(data_ram$read_clock),
        .read_data(data_ram$read_data),
        .write_address(data_ram$write_address),
        .write_clock(data_ram$write_clock),
        .write_data(data_ram$write_data),
        .write_enable(data_ram$write_enable)
    );
    renq_engine_v2$wq$tail_ram tail_ram(
        .read_address(tail_ram$read_address),
        .read_clock(tail_ram$read_clock),
        .read_data(tail_ram$read_data),
        .write_address(tail_ram$write_address),
        .write_clock(tail_ram$write_clock),
        .write_data(tail_ram$write_data),
        .write_enable(tail_ram$write_enable)
    );
    renq_engine_v2$wq$wr_ptr wr_ptr(
        .d(wr_ptr$d),
        .q(wr_ptr$q),
        .clock(wr_ptr$clock)
    );
    renq_engine_v2$wq$rd_ptr rd_ptr(
        .d(rd_ptr$d),
        .q(rd_ptr$q),
        .clock(rd_ptr$clock)
    );
    renq_engine_v2$wq$vis_ptr vis_ptr(
        .d(vis_ptr$d),
        .q(vis_ptr$q),
        .clock(vis_ptr$clock)
    );
    renq_engine_v2$wq$in_wr1 in_wr1(
        .d(in_wr1$d),
        .q(in_wr1$q),
        .clock(in_wr1$clock)
    );
    renq_engine_v2$wq$slot_wide slot_wide(
        .narrow(slot_wide$narrow),
        .wide(slot_wide$wide)
    );
    renq_engine_v2$wq$tail_word tail_word(
        .narrow(tail_word$narrow),
        .wide(tail_word$wide)
    );
    
    // Update code
    always @(*) begin
        wr_ptr$clock = clock;
        rd_ptr$clock = clock;
        vis_ptr$clock = clock;
        in_wr1$clock = clock;
        wr_ptr$d = wr_ptr$q;
        rd_ptr$d = rd_ptr$q;
        vis_ptr$d = vis_ptr$q;
        in_wr1$d = in_wr1$q;
        flags_ram$read_clock = clock;
        base_ram$read_clock = clock;
        slot_ram$read_clock = clock;
        data_ram$read_clock = clock;
        tail_ram$read_clock = clock;
        flags_ram$write_clock = clock;
        base_ram$write_clock = clock;
        slot_ram$write_clock = clock;
        data_ram$write_clock = clock;
        tail_ram$write_clock = clock;
        p_flags = zero_flags;
        if (p_has_data) begin
            p_flags = has_data_bit;
        end
        if (p_publish) begin
            p_flags = p_flags | publish_bit;
        end
        if (p_notify) begin
            p_flags = p_flags | notify_bit;
        end
        flags_ram$write_address = wr_ptr$q[(32'h0)+:(3)];
        base_ram$write_address = wr_ptr$q[(32'h0)+:(3)];
        slot_ram$write_address = wr_ptr$q[(32'h0)+:(3)];
        data_ram$write_address = wr_ptr$q[(32'h0)+:(3)];
        tail_ram$write_address = wr_ptr$q[(32'h0)+:(3)];
        flags_ram$write_data = p_flags;
        base_ram$write_data = p_base;
        slot_ram$write_data = p_slot;
        data_ram$write_data = p_data;
        tail_ram$write_data = p_tail;
        flags_ram$write_enable = push;
        base_ram$write_enable = push;
        slot_ram$write_enable = push;
        data_ram$write_enable = push;
        tail_ram$write_enable = push;
        if (push) begin
            wr_ptr$d = wr_ptr$q + one_ptr;
        end
        vis_ptr$d = wr_ptr$q;
        fill = wr_ptr$q - rd_ptr$q;
        empty = wr_ptr$q == rd_ptr$q;
        visible = vis_ptr$q != rd_ptr$q;
        has_data = flags_ram$read_data[32'h0];
        publish = flags_ram$read_data[32'h1];
        notifies = flags_ram$read_data[32'h2];
        slot_wide$narrow = slot_ram$read_data;
        tail_word$narrow = tail_ram$read_data;
        wr_valid = visible;
        if (has_data & ~in_wr1$q) begin
            wr_addr = base_ram$read_data | (slot_wide$wide << word_shift);
            wr_data = data_ram$read_data;
        end
        else begin
            wr_addr = base_ram$read_data | tail_word_offset;
            wr_data = tail_word$wide;
        end
        accepted = visible & wr_ready;
        pop = accepted & (in_wr1$q | ~has_data | ~publish);
        if (accepted) begin
            in_wr1$d = ~pop;
        end
        notify = accepted & notifies & (in_wr1$q | ~has_data);
        rd_next = rd_ptr$q;
        if (pop) begin
            rd_next = rd_ptr$q + one_ptr;
        end
        rd_ptr$d = rd_next;
        flags_ram$read_address = rd_next[(32'h0)+:(3)];
        base_ram$read_address = rd_next[(32'h0)+:(3)];
        slot_ram$read_address = rd_next[(32'h0)+:(3)];
        data_ram$read_address = rd_next[(32'h0)+:(3)];
        tail_ram$read_address = rd_next[(32'h0)+:(3)];
    end
    
endmodule // renq_engine_v2$wq


module renq_engine_v2$wq$base_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [47:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [47:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[47:0] mem[7:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$wq$base_ram


module renq_engine_v2$wq$data_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [63:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [63:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[63:0] mem[7:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$wq$data_ram


module renq_engine_v2$wq$flags_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [2:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [2:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[2:0] mem[7:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$wq$flags_ram


module renq_engine_v2$wq$in_wr1(d,q,clock);
    
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
          
endmodule // renq_engine_v2$wq$in_wr1


module renq_engine_v2$wq$rd_ptr(d,q,clock);
    
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
          
endmodule // renq_engine_v2$wq$rd_ptr


module renq_engine_v2$wq$slot_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[7:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$wq$slot_ram


module renq_engine_v2$wq$slot_wide(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_engine_v2$wq$slot_wide


module renq_engine_v2$wq$tail_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [2:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [2:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[7:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_engine_v2$wq$tail_ram


module renq_engine_v2$wq$tail_word(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_engine_v2$wq$tail_word


module renq_engine_v2$wq$vis_ptr(d,q,clock);
    
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
          
endmodule // renq_engine_v2$wq$vis_ptr


module renq_engine_v2$wq$wr_ptr(d,q,clock);
    
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
          
endmodule // renq_engine_v2$wq$wr_ptr
