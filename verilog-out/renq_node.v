

module renq_node(clock,tick,csr_addr,csr_wdata,csr_write,csr_read,csr_ready,csr_rdata,csr_rvalid,b2_valid,b2_ready,b2_write,b2_addr,b2_data,b2_strobe,b2_rvalid,b2_rdata,wr_valid,wr_ready,wr_addr,wr_data,rd_valid,rd_ready,rd_addr,rd_tag,rsp_valid,rsp_tag,rsp_data,wire_out$valid,wire_out$ready,wire_out$kind,wire_out$seq,wire_out$ack,wire_out$payload,wire_out$crc_ok,wire_out_outcome,wire_in$valid,wire_in$ready,wire_in$kind,wire_in$seq,wire_in$ack,wire_in$payload,wire_in$crc_ok,wire_in_outcome,irq,idle);
    
    // Module arguments
    input wire  clock;
    input wire  tick;
    input wire  [11:0] csr_addr;
    input wire  [63:0] csr_wdata;
    input wire  csr_write;
    input wire  csr_read;
    output reg  csr_ready;
    output reg  [63:0] csr_rdata;
    output reg  csr_rvalid;
    input wire  b2_valid;
    output reg  b2_ready;
    input wire  b2_write;
    input wire  [23:0] b2_addr;
    input wire  [63:0] b2_data;
    input wire  [7:0] b2_strobe;
    output reg  b2_rvalid;
    output reg  [63:0] b2_rdata;
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
    output wire  wire_out$valid;
    input wire  wire_out$ready;
    output wire  [1:0] wire_out$kind;
    output wire  [15:0] wire_out$seq;
    output wire  [15:0] wire_out$ack;
    output wire  [119:0] wire_out$payload;
    output wire  wire_out$crc_ok;
    output reg  wire_out_outcome;
    input wire  wire_in$valid;
    output wire  wire_in$ready;
    input wire  [1:0] wire_in$kind;
    input wire  [15:0] wire_in$seq;
    input wire  [15:0] wire_in$ack;
    input wire  [119:0] wire_in$payload;
    input wire  wire_in$crc_ok;
    input wire  wire_in_outcome;
    output reg  irq;
    output reg  idle;
    
    // Constant declarations
    localparam  kind_enqueue = 4'h1;
    localparam  kind_outcome = 4'h2;
    
    // Stub signals
    reg  card$clock;
    reg  [11:0] card$csr_addr;
    reg  [63:0] card$csr_wdata;
    reg  card$csr_write;
    reg  card$csr_read;
    wire  card$csr_ready;
    wire  [63:0] card$csr_rdata;
    wire  card$csr_rvalid;
    reg  card$b2_valid;
    wire  card$b2_ready;
    reg  card$b2_write;
    reg  [23:0] card$b2_addr;
    reg  [63:0] card$b2_data;
    reg  [7:0] card$b2_strobe;
    wire  card$b2_rvalid;
    wire  [63:0] card$b2_rdata;
    wire  card$wr_valid;
    reg  card$wr_ready;
    wire  [47:0] card$wr_addr;
    wire  [63:0] card$wr_data;
    wire  card$rd_valid;
    reg  card$rd_ready;
    wire  [47:0] card$rd_addr;
    wire  [1:0] card$rd_tag;
    reg  card$rsp_valid;
    reg  [1:0] card$rsp_tag;
    reg  [63:0] card$rsp_data;
    wire  card$tx_valid;
    reg  card$tx_ready;
    wire  [9:0] card$tx_src;
    wire  [9:0] card$tx_dst;
    wire  [11:0] card$tx_queue;
    wire  [11:0] card$tx_portal;
    wire  [7:0] card$tx_epoch;
    wire  [63:0] card$tx_data;
    wire  card$otx_valid;
    reg  card$otx_ready;
    wire  [9:0] card$otx_src;
    wire  [9:0] card$otx_dst;
    wire  [11:0] card$otx_queue;
    wire  [11:0] card$otx_portal;
    wire  [7:0] card$otx_epoch;
    wire  [63:0] card$otx_data;
    reg  card$rx_valid;
    wire  card$rx_ready;
    reg  [9:0] card$rx_src;
    reg  [9:0] card$rx_dst;
    reg  [11:0] card$rx_queue;
    reg  [11:0] card$rx_portal;
    reg  [7:0] card$rx_epoch;
    reg  [63:0] card$rx_data;
    reg  card$orx_valid;
    wire  card$orx_ready;
    reg  [9:0] card$orx_src;
    reg  [9:0] card$orx_dst;
    reg  [11:0] card$orx_queue;
    reg  [11:0] card$orx_portal;
    reg  [7:0] card$orx_epoch;
    reg  [63:0] card$orx_data;
    wire  card$irq;
    wire  card$idle;
    reg  link$clock;
    reg  link$tick;
    reg  link$enq_in$valid;
    wire  link$enq_in$ready;
    reg  [119:0] link$enq_in$payload;
    wire  link$enq_out$valid;
    reg  link$enq_out$ready;
    wire  [119:0] link$enq_out$payload;
    reg  link$out_in$valid;
    wire  link$out_in$ready;
    reg  [119:0] link$out_in$payload;
    wire  link$out_out$valid;
    reg  link$out_out$ready;
    wire  [119:0] link$out_out$payload;
    wire  link$wire_out_outcome;
    reg  link$wire_in_outcome;
    wire  link$enq_busy;
    wire  link$out_busy;
    reg  [3:0] pack_enq$kind;
    reg  [9:0] pack_enq$src;
    reg  [9:0] pack_enq$dst;
    reg  [11:0] pack_enq$queue;
    reg  [11:0] pack_enq$portal;
    reg  [7:0] pack_enq$epoch;
    reg  [63:0] pack_enq$data;
    wire  [119:0] pack_enq$payload;
    reg  [3:0] pack_out$kind;
    reg  [9:0] pack_out$src;
    reg  [9:0] pack_out$dst;
    reg  [11:0] pack_out$queue;
    reg  [11:0] pack_out$portal;
    reg  [7:0] pack_out$epoch;
    reg  [63:0] pack_out$data;
    wire  [119:0] pack_out$payload;
    reg  [119:0] unpack_enq$payload;
    wire  [9:0] unpack_enq$src;
    wire  [9:0] unpack_enq$dst;
    wire  [11:0] unpack_enq$queue;
    wire  [11:0] unpack_enq$portal;
    wire  [7:0] unpack_enq$epoch;
    wire  [63:0] unpack_enq$data;
    reg  [119:0] unpack_out$payload;
    wire  [9:0] unpack_out$src;
    wire  [9:0] unpack_out$dst;
    wire  [11:0] unpack_out$queue;
    wire  [11:0] unpack_out$portal;
    wire  [7:0] unpack_out$epoch;
    wire  [63:0] unpack_out$data;
    
    // Sub module instances
    renq_node$card card(
        .clock(card$clock),
        .csr_addr(card$csr_addr),
        .csr_wdata(card$csr_wdata),
        .csr_write(card$csr_write),
        .csr_read(card$csr_read),
        .csr_ready(card$csr_ready),
        .csr_rdata(card$csr_rdata),
        .csr_rvalid(card$csr_rvalid),
        .b2_valid(card$b2_valid),
        .b2_ready(card$b2_ready),
        .b2_write(card$b2_write),
        .b2_addr(card$b2_addr),
        .b2_data(card$b2_data),
        .b2_strobe(card$b2_strobe),
        .b2_rvalid(card$b2_rvalid),
        .b2_rdata(card$b2_rdata),
        .wr_valid(card$wr_valid),
        .wr_ready(card$wr_ready),
        .wr_addr(card$wr_addr),
        .wr_data(card$wr_data),
        .rd_valid(card$rd_valid),
        .rd_ready(card$rd_ready),
        .rd_addr(card$rd_addr),
        .rd_tag(card$rd_tag),
        .rsp_valid(card$rsp_valid),
        .rsp_tag(card$rsp_tag),
        .rsp_data(card$rsp_data),
        .tx_valid(card$tx_valid),
        .tx_ready(card$tx_ready),
        .tx_src(card$tx_src),
        .tx_dst(card$tx_dst),
        .tx_queue(card$tx_queue),
        .tx_portal(card$tx_portal),
        .tx_epoch(card$tx_epoch),
        .tx_data(card$tx_data),
        .otx_valid(card$otx_valid),
        .otx_ready(card$otx_ready),
        .otx_src(card$otx_src),
        .otx_dst(card$otx_dst),
        .otx_queue(card$otx_queue),
        .otx_portal(card$otx_portal),
        .otx_epoch(card$otx_epoch),
        .otx_data(card$otx_data),
        .rx_valid(card$rx_valid),
        .rx_ready(card$rx_ready),
        .rx_src(card$rx_src),
        .rx_dst(card$rx_dst),
        .rx_queue(card$rx_queue),
        .rx_portal(card$rx_portal),
        .rx_epoch(card$rx_epoch),
        .rx_data(card$rx_data),
        .orx_valid(card$orx_valid),
        .orx_ready(card$orx_ready),
        .orx_src(card$orx_src),
        .orx_dst(card$orx_dst),
        .orx_queue(card$orx_queue),
        .orx_portal(card$orx_portal),
        .orx_epoch(card$orx_epoch),
        .orx_data(card$orx_data),
        .irq(card$irq),
        .idle(card$idle)
    );
    renq_node$link link(
        .clock(link$clock),
        .tick(link$tick),
        .enq_in$valid(link$enq_in$valid),
        .enq_in$ready(link$enq_in$ready),
        .enq_in$payload(link$enq_in$payload),
        .enq_out$valid(link$enq_out$valid),
        .enq_out$ready(link$enq_out$ready),
        .enq_out$payload(link$enq_out$payload),
        .out_in$valid(link$out_in$valid),
        .out_in$ready(link$out_in$ready),
        .out_in$payload(link$out_in$payload),
        .out_out$valid(link$out_out$valid),
        .out_out$ready(link$out_out$ready),
        .out_out$payload(link$out_out$payload),
        .wire_out$valid(wire_out$valid),
        .wire_out$ready(wire_out$ready),
        .wire_out$kind(wire_out$kind),
        .wire_out$seq(wire_out$seq),
        .wire_out$ack(wire_out$ack),
        .wire_out$payload(wire_out$payload),
        .wire_out$crc_ok(wire_out$crc_ok),
        .wire_out_outcome(link$wire_out_outcome),
        .wire_in$valid(wire_in$valid),
        .wire_in$ready(wire_in$ready),
        .wire_in$kind(wire_in$kind),
        .wire_in$seq(wire_in$seq),
        .wire_in$ack(wire_in$ack),
        .wire_in$payload(wire_in$payload),
        .wire_in$crc_ok(wire_in$crc_ok),
        .wire_in_outcome(link$wire_in_outcome),
        .enq_busy(link$enq_busy),
        .out_busy(link$out_busy)
    );
    renq_node$pack_enq pack_enq(
        .kind(pack_enq$kind),
        .src(pack_enq$src),
        .dst(pack_enq$dst),
        .queue(pack_enq$queue),
        .portal(pack_enq$portal),
        .epoch(pack_enq$epoch),
        .data(pack_enq$data),
        .payload(pack_enq$payload)
    );
    renq_node$pack_out pack_out(
        .kind(pack_out$kind),
        .src(pack_out$src),
        .dst(pack_out$dst),
        .queue(pack_out$queue),
        .portal(pack_out$portal),
        .epoch(pack_out$epoch),
        .data(pack_out$data),
        .payload(pack_out$payload)
    );
    renq_node$unpack_enq unpack_enq(
        .payload(unpack_enq$payload),
        .src(unpack_enq$src),
        .dst(unpack_enq$dst),
        .queue(unpack_enq$queue),
        .portal(unpack_enq$portal),
        .epoch(unpack_enq$epoch),
        .data(unpack_enq$data)
    );
    renq_node$unpack_out unpack_out(
        .payload(unpack_out$payload),
        .src(unpack_out$src),
        .dst(unpack_out$dst),
        .queue(unpack_out$queue),
        .portal(unpack_out$portal),
        .epoch(unpack_out$epoch),
        .data(unpack_out$data)
    );
    
    // Update code
    always @(*) begin
        card$clock = clock;
        link$clock = clock;
        link$tick = tick;
        card$csr_addr = csr_addr;
        card$csr_wdata = csr_wdata;
        card$csr_write = csr_write;
        card$csr_read = csr_read;
        csr_ready = card$csr_ready;
        csr_rdata = card$csr_rdata;
        csr_rvalid = card$csr_rvalid;
        card$b2_valid = b2_valid;
        b2_ready = card$b2_ready;
        card$b2_write = b2_write;
        card$b2_addr = b2_addr;
        card$b2_data = b2_data;
        card$b2_strobe = b2_strobe;
        b2_rvalid = card$b2_rvalid;
        b2_rdata = card$b2_rdata;
        wr_valid = card$wr_valid;
        card$wr_ready = wr_ready;
        wr_addr = card$wr_addr;
        wr_data = card$wr_data;
        rd_valid = card$rd_valid;
        card$rd_ready = rd_ready;
        rd_addr = card$rd_addr;
        rd_tag = card$rd_tag;
        card$rsp_valid = rsp_valid;
        card$rsp_tag = rsp_tag;
        card$rsp_data = rsp_data;
        irq = card$irq;
        idle = card$idle;
        pack_enq$kind = kind_enqueue;
        pack_enq$src = card$tx_src;
        pack_enq$dst = card$tx_dst;
        pack_enq$queue = card$tx_queue;
        pack_enq$portal = card$tx_portal;
        pack_enq$epoch = card$tx_epoch;
        pack_enq$data = card$tx_data;
        link$enq_in$valid = card$tx_valid;
        card$tx_ready = link$enq_in$ready;
        link$enq_in$payload = pack_enq$payload;
        pack_out$kind = kind_outcome;
        pack_out$src = card$otx_src;
        pack_out$dst = card$otx_dst;
        pack_out$queue = card$otx_queue;
        pack_out$portal = card$otx_portal;
        pack_out$epoch = card$otx_epoch;
        pack_out$data = card$otx_data;
        link$out_in$valid = card$otx_valid;
        card$otx_ready = link$out_in$ready;
        link$out_in$payload = pack_out$payload;
        unpack_enq$payload = link$enq_out$payload;
        card$rx_valid = link$enq_out$valid;
        link$enq_out$ready = card$rx_ready;
        card$rx_src = unpack_enq$src;
        card$rx_dst = unpack_enq$dst;
        card$rx_queue = unpack_enq$queue;
        card$rx_portal = unpack_enq$portal;
        card$rx_epoch = unpack_enq$epoch;
        card$rx_data = unpack_enq$data;
        unpack_out$payload = link$out_out$payload;
        card$orx_valid = link$out_out$valid;
        link$out_out$ready = card$orx_ready;
        card$orx_src = unpack_out$src;
        card$orx_dst = unpack_out$dst;
        card$orx_queue = unpack_out$queue;
        card$orx_portal = unpack_out$portal;
        card$orx_epoch = unpack_out$epoch;
        card$orx_data = unpack_out$data;
        wire_out_outcome = link$wire_out_outcome;
        link$wire_in_outcome = wire_in_outcome;
    end
    
endmodule // renq_node


module renq_node$card(clock,csr_addr,csr_wdata,csr_write,csr_read,csr_ready,csr_rdata,csr_rvalid,b2_valid,b2_ready,b2_write,b2_addr,b2_data,b2_strobe,b2_rvalid,b2_rdata,wr_valid,wr_ready,wr_addr,wr_data,rd_valid,rd_ready,rd_addr,rd_tag,rsp_valid,rsp_tag,rsp_data,tx_valid,tx_ready,tx_src,tx_dst,tx_queue,tx_portal,tx_epoch,tx_data,otx_valid,otx_ready,otx_src,otx_dst,otx_queue,otx_portal,otx_epoch,otx_data,rx_valid,rx_ready,rx_src,rx_dst,rx_queue,rx_portal,rx_epoch,rx_data,orx_valid,orx_ready,orx_src,orx_dst,orx_queue,orx_portal,orx_epoch,orx_data,irq,idle);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] csr_addr;
    input wire  [63:0] csr_wdata;
    input wire  csr_write;
    input wire  csr_read;
    output reg  csr_ready;
    output reg  [63:0] csr_rdata;
    output reg  csr_rvalid;
    input wire  b2_valid;
    output reg  b2_ready;
    input wire  b2_write;
    input wire  [23:0] b2_addr;
    input wire  [63:0] b2_data;
    input wire  [7:0] b2_strobe;
    output reg  b2_rvalid;
    output reg  [63:0] b2_rdata;
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
    output reg  tx_valid;
    input wire  tx_ready;
    output reg  [9:0] tx_src;
    output reg  [9:0] tx_dst;
    output reg  [11:0] tx_queue;
    output reg  [11:0] tx_portal;
    output reg  [7:0] tx_epoch;
    output reg  [63:0] tx_data;
    output reg  otx_valid;
    input wire  otx_ready;
    output reg  [9:0] otx_src;
    output reg  [9:0] otx_dst;
    output reg  [11:0] otx_queue;
    output reg  [11:0] otx_portal;
    output reg  [7:0] otx_epoch;
    output reg  [63:0] otx_data;
    input wire  rx_valid;
    output reg  rx_ready;
    input wire  [9:0] rx_src;
    input wire  [9:0] rx_dst;
    input wire  [11:0] rx_queue;
    input wire  [11:0] rx_portal;
    input wire  [7:0] rx_epoch;
    input wire  [63:0] rx_data;
    input wire  orx_valid;
    output reg  orx_ready;
    input wire  [9:0] orx_src;
    input wire  [9:0] orx_dst;
    input wire  [11:0] orx_queue;
    input wire  [11:0] orx_portal;
    input wire  [7:0] orx_epoch;
    input wire  [63:0] orx_data;
    output reg  irq;
    output reg  idle;
    
    // Constant declarations
    localparam  depth = 5'b10000;
    localparam  one_owed = 5'b1;
    localparam  word_offset = 3'b0;
    localparam  full_strobe = 8'hff;
    localparam  retry_offset = 12'hff8;
    localparam  pos_page = 5'b1100;
    localparam  code_accepted = 2'b0;
    localparam  code_refused = 2'b1;
    localparam  code_rejected = 2'b10;
    localparam  op_store = 3'b0;
    localparam  op_retry = 3'b1;
    localparam  op_load = 3'b10;
    localparam  op_outcome = 3'b100;
    localparam  op_entry = 3'b101;
    localparam  zero_word = 64'h0;
    
    // Stub signals
    reg  regs$clock;
    reg  [11:0] regs$csr$addr;
    reg  [63:0] regs$csr$wdata;
    reg  regs$csr$write;
    reg  regs$csr$read;
    wire  regs$csr$ready;
    wire  [63:0] regs$csr$rdata;
    wire  regs$csr$rvalid;
    wire  [9:0] regs$node_id;
    wire  regs$rx_enable;
    wire  regs$tx_enable;
    wire  regs$cmd$valid;
    reg  regs$cmd$ready;
    wire  [2:0] regs$cmd$kind;
    wire  [11:0] regs$cmd$queue;
    wire  [63:0] regs$cmd$arg;
    wire  regs$pop_valid;
    reg  regs$pop_ready;
    wire  [2:0] regs$pop$kind;
    wire  [11:0] regs$pop$portal;
    wire  [63:0] regs$pop$data;
    reg  regs$prsp$valid;
    reg  [63:0] regs$prsp$data;
    reg  regs$ev$enqueued;
    reg  regs$ev$rejected;
    reg  regs$ev$refused;
    reg  regs$ev$overflow;
    reg  regs$ev$bad_header;
    reg  regs$ev$query;
    reg  regs$ev$notify;
    reg  regs$ev$switch;
    reg  regs$ev$entered_run;
    reg  [11:0] regs$ev$queue;
    reg  [63:0] regs$ev$data;
    reg  regs$tx_ev$sent;
    reg  regs$tx_ev$dropped;
    reg  regs$tx_ev$bad_store;
    reg  regs$tx_ev$src_refused;
    reg  regs$sweeping;
    wire  regs$irq;
    reg  engine$clock;
    reg  engine$rx_valid;
    wire  engine$rx_ready;
    reg  [9:0] engine$rx_src;
    reg  [9:0] engine$rx_dst;
    reg  [11:0] engine$rx_queue;
    reg  [63:0] engine$rx_data;
    reg  [7:0] engine$rx_epoch;
    reg  [11:0] engine$rx_portal;
    reg  [9:0] engine$node_id;
    reg  engine$rx_enable;
    reg  engine$cmd_valid;
    wire  engine$cmd_ready;
    reg  [2:0] engine$cmd_kind;
    reg  [11:0] engine$cmd_queue;
    reg  [63:0] engine$cmd_arg;
    wire  engine$wr_valid;
    reg  engine$wr_ready;
    wire  [47:0] engine$wr_addr;
    wire  [63:0] engine$wr_data;
    wire  engine$rd_valid;
    reg  engine$rd_ready;
    wire  [47:0] engine$rd_addr;
    wire  [1:0] engine$rd_tag;
    reg  engine$rsp_valid;
    reg  [1:0] engine$rsp_tag;
    reg  [63:0] engine$rsp_data;
    wire  engine$ev_enqueued;
    wire  engine$ev_rejected;
    wire  engine$ev_refused;
    wire  engine$ev_overflow;
    wire  engine$ev_bad_header;
    wire  engine$ev_query;
    wire  engine$ev_switch;
    wire  engine$ev_entered_run;
    wire  [11:0] engine$ev_queue;
    wire  [9:0] engine$ev_src;
    wire  [11:0] engine$ev_portal;
    wire  [7:0] engine$ev_epoch;
    wire  [63:0] engine$ev_data;
    wire  engine$ev_notify;
    wire  engine$idle;
    reg  portals$clock;
    reg  portals$tx_enable;
    reg  portals$op_valid;
    wire  portals$op_ready;
    reg  [2:0] portals$op_kind;
    reg  [11:0] portals$op_portal;
    reg  [63:0] portals$op_data;
    reg  [7:0] portals$op_epoch;
    wire  portals$store_ready;
    wire  portals$pkt_valid;
    reg  portals$pkt_ready;
    wire  [9:0] portals$pkt_dst;
    wire  [11:0] portals$pkt_queue;
    wire  [11:0] portals$pkt_portal;
    wire  [7:0] portals$pkt_epoch;
    wire  [63:0] portals$pkt_data;
    wire  portals$rsp_valid;
    wire  [63:0] portals$rsp_data;
    wire  portals$ev_sent;
    wire  portals$ev_dropped;
    wire  portals$ev_src_refused;
    wire  portals$sweeping;
    reg  outcomes$clock;
    reg  outcomes$push;
    reg  [43:0] outcomes$data_in;
    reg  outcomes$pop;
    wire  [43:0] outcomes$head;
    wire  outcomes$empty;
    wire  outcomes$full;
    reg  [1:0] pack$code;
    reg  [7:0] pack$epoch;
    reg  [11:0] pack$portal;
    reg  [11:0] pack$queue;
    reg  [9:0] pack$dst;
    wire  [43:0] pack$word;
    reg  [43:0] unpack$word;
    wire  [7:0] unpack$epoch;
    wire  [11:0] unpack$portal;
    wire  [11:0] unpack$queue;
    wire  [9:0] unpack$dst;
    wire  [63:0] unpack$data;
    reg  op_select$grant_regs;
    reg  op_select$grant_orx;
    reg  [2:0] op_select$regs$kind;
    reg  [11:0] op_select$regs$portal;
    reg  [63:0] op_select$regs$data;
    reg  [2:0] op_select$orx$kind;
    reg  [11:0] op_select$orx$portal;
    reg  [63:0] op_select$orx$data;
    reg  [2:0] op_select$b2$kind;
    reg  [11:0] op_select$b2$portal;
    reg  [63:0] op_select$b2$data;
    wire  [2:0] op_select$op$kind;
    wire  [11:0] op_select$op$portal;
    wire  [63:0] op_select$op$data;
    reg  [4:0] owed$d;
    wire  [4:0] owed$q;
    reg  owed$clock;
    reg  engine_swept$d;
    wire  engine_swept$q;
    reg  engine_swept$clock;
    reg  rsp_busy$d;
    wire  rsp_busy$q;
    reg  rsp_busy$clock;
    reg  rsp_to_regs$d;
    wire  rsp_to_regs$q;
    reg  rsp_to_regs$clock;
    reg  b2_load_wait$d;
    wire  b2_load_wait$q;
    reg  b2_load_wait$clock;
    reg  b2_zero$d;
    wire  b2_zero$q;
    reg  b2_zero$clock;
    
    // Local signals
    reg  room;
    reg  eng_rx_valid;
    reg  rx_take;
    reg  outcome_event;
    reg  otx_take;
    reg  store_ok;
    reg  b2_aligned;
    reg  b2_full;
    reg  [2:0] b2_kind;
    reg  b2_needs_table;
    reg  b2_can;
    reg  orx_mine;
    reg  regs_can;
    reg  grant_regs;
    reg  grant_orx;
    reg  grant_b2;
    reg  b2_table_ready;
    reg  op_answers;
    
    // Sub module instances
    renq_node$card$regs regs(
        .clock(regs$clock),
        .csr$addr(regs$csr$addr),
        .csr$wdata(regs$csr$wdata),
        .csr$write(regs$csr$write),
        .csr$read(regs$csr$read),
        .csr$ready(regs$csr$ready),
        .csr$rdata(regs$csr$rdata),
        .csr$rvalid(regs$csr$rvalid),
        .node_id(regs$node_id),
        .rx_enable(regs$rx_enable),
        .tx_enable(regs$tx_enable),
        .cmd$valid(regs$cmd$valid),
        .cmd$ready(regs$cmd$ready),
        .cmd$kind(regs$cmd$kind),
        .cmd$queue(regs$cmd$queue),
        .cmd$arg(regs$cmd$arg),
        .pop_valid(regs$pop_valid),
        .pop_ready(regs$pop_ready),
        .pop$kind(regs$pop$kind),
        .pop$portal(regs$pop$portal),
        .pop$data(regs$pop$data),
        .prsp$valid(regs$prsp$valid),
        .prsp$data(regs$prsp$data),
        .ev$enqueued(regs$ev$enqueued),
        .ev$rejected(regs$ev$rejected),
        .ev$refused(regs$ev$refused),
        .ev$overflow(regs$ev$overflow),
        .ev$bad_header(regs$ev$bad_header),
        .ev$query(regs$ev$query),
        .ev$notify(regs$ev$notify),
        .ev$switch(regs$ev$switch),
        .ev$entered_run(regs$ev$entered_run),
        .ev$queue(regs$ev$queue),
        .ev$data(regs$ev$data),
        .tx_ev$sent(regs$tx_ev$sent),
        .tx_ev$dropped(regs$tx_ev$dropped),
        .tx_ev$bad_store(regs$tx_ev$bad_store),
        .tx_ev$src_refused(regs$tx_ev$src_refused),
        .sweeping(regs$sweeping),
        .irq(regs$irq)
    );
    renq_node$card$engine engine(
        .clock(engine$clock),
        .rx_valid(engine$rx_valid),
        .rx_ready(engine$rx_ready),
        .rx_src(engine$rx_src),
        .rx_dst(engine$rx_dst),
        .rx_queue(engine$rx_queue),
        .rx_data(engine$rx_data),
        .rx_epoch(engine$rx_epoch),
        .rx_portal(engine$rx_portal),
        .node_id(engine$node_id),
        .rx_enable(engine$rx_enable),
        .cmd_valid(engine$cmd_valid),
        .cmd_ready(engine$cmd_ready),
        .cmd_kind(engine$cmd_kind),
        .cmd_queue(engine$cmd_queue),
        .cmd_arg(engine$cmd_arg),
        .wr_valid(engine$wr_valid),
        .wr_ready(engine$wr_ready),
        .wr_addr(engine$wr_addr),
        .wr_data(engine$wr_data),
        .rd_valid(engine$rd_valid),
        .rd_ready(engine$rd_ready),
        .rd_addr(engine$rd_addr),
        .rd_tag(engine$rd_tag),
        .rsp_valid(engine$rsp_valid),
        .rsp_tag(engine$rsp_tag),
        .rsp_data(engine$rsp_data),
        .ev_enqueued(engine$ev_enqueued),
        .ev_rejected(engine$ev_rejected),
        .ev_refused(engine$ev_refused),
        .ev_overflow(engine$ev_overflow),
        .ev_bad_header(engine$ev_bad_header),
        .ev_query(engine$ev_query),
        .ev_switch(engine$ev_switch),
        .ev_entered_run(engine$ev_entered_run),
        .ev_queue(engine$ev_queue),
        .ev_src(engine$ev_src),
        .ev_portal(engine$ev_portal),
        .ev_epoch(engine$ev_epoch),
        .ev_data(engine$ev_data),
        .ev_notify(engine$ev_notify),
        .idle(engine$idle)
    );
    renq_node$card$portals portals(
        .clock(portals$clock),
        .tx_enable(portals$tx_enable),
        .op_valid(portals$op_valid),
        .op_ready(portals$op_ready),
        .op_kind(portals$op_kind),
        .op_portal(portals$op_portal),
        .op_data(portals$op_data),
        .op_epoch(portals$op_epoch),
        .store_ready(portals$store_ready),
        .pkt_valid(portals$pkt_valid),
        .pkt_ready(portals$pkt_ready),
        .pkt_dst(portals$pkt_dst),
        .pkt_queue(portals$pkt_queue),
        .pkt_portal(portals$pkt_portal),
        .pkt_epoch(portals$pkt_epoch),
        .pkt_data(portals$pkt_data),
        .rsp_valid(portals$rsp_valid),
        .rsp_data(portals$rsp_data),
        .ev_sent(portals$ev_sent),
        .ev_dropped(portals$ev_dropped),
        .ev_src_refused(portals$ev_src_refused),
        .sweeping(portals$sweeping)
    );
    renq_node$card$outcomes outcomes(
        .clock(outcomes$clock),
        .push(outcomes$push),
        .data_in(outcomes$data_in),
        .pop(outcomes$pop),
        .head(outcomes$head),
        .empty(outcomes$empty),
        .full(outcomes$full)
    );
    renq_node$card$pack pack(
        .code(pack$code),
        .epoch(pack$epoch),
        .portal(pack$portal),
        .queue(pack$queue),
        .dst(pack$dst),
        .word(pack$word)
    );
    renq_node$card$unpack unpack(
        .word(unpack$word),
        .epoch(unpack$epoch),
        .portal(unpack$portal),
        .queue(unpack$queue),
        .dst(unpack$dst),
        .data(unpack$data)
    );
    renq_node$card$op_select op_select(
        .grant_regs(op_select$grant_regs),
        .grant_orx(op_select$grant_orx),
        .regs$kind(op_select$regs$kind),
        .regs$portal(op_select$regs$portal),
        .regs$data(op_select$regs$data),
        .orx$kind(op_select$orx$kind),
        .orx$portal(op_select$orx$portal),
        .orx$data(op_select$orx$data),
        .b2$kind(op_select$b2$kind),
        .b2$portal(op_select$b2$portal),
        .b2$data(op_select$b2$data),
        .op$kind(op_select$op$kind),
        .op$portal(op_select$op$portal),
        .op$data(op_select$op$data)
    );
    renq_node$card$owed owed(
        .d(owed$d),
        .q(owed$q),
        .clock(owed$clock)
    );
    renq_node$card$engine_swept engine_swept(
        .d(engine_swept$d),
        .q(engine_swept$q),
        .clock(engine_swept$clock)
    );
    renq_node$card$rsp_busy rsp_busy(
        .d(rsp_busy$d),
        .q(rsp_busy$q),
        .clock(rsp_busy$clock)
    );
    renq_node$card$rsp_to_regs rsp_to_regs(
        .d(rsp_to_regs$d),
        .q(rsp_to_regs$q),
        .clock(rsp_to_regs$clock)
    );
    renq_node$card$b2_load_wait b2_load_wait(
        .d(b2_load_wait$d),
        .q(b2_load_wait$q),
        .clock(b2_load_wait$clock)
    );
    renq_node$card$b2_zero b2_zero(
        .d(b2_zero$d),
        .q(b2_zero$q),
        .clock(b2_zero$clock)
    );
    
    // Update code
    always @(*) begin
        owed$clock = clock;
        engine_swept$clock = clock;
        rsp_busy$clock = clock;
        rsp_to_regs$clock = clock;
        b2_load_wait$clock = clock;
        b2_zero$clock = clock;
        owed$d = owed$q;
        engine_swept$d = engine_swept$q;
        rsp_busy$d = rsp_busy$q;
        rsp_to_regs$d = rsp_to_regs$q;
        b2_load_wait$d = b2_load_wait$q;
        b2_zero$d = b2_zero$q;
        regs$clock = clock;
        engine$clock = clock;
        portals$clock = clock;
        outcomes$clock = clock;
        regs$csr$addr = csr_addr;
        regs$csr$wdata = csr_wdata;
        regs$csr$write = csr_write;
        regs$csr$read = csr_read;
        csr_ready = regs$csr$ready;
        csr_rdata = regs$csr$rdata;
        csr_rvalid = regs$csr$rvalid;
        irq = regs$irq;
        engine_swept$d = engine_swept$q | engine$idle;
        regs$sweeping = portals$sweeping | ~engine_swept$q;
        engine$node_id = regs$node_id;
        engine$rx_enable = regs$rx_enable;
        portals$tx_enable = regs$tx_enable;
        engine$cmd_valid = regs$cmd$valid;
        regs$cmd$ready = engine$cmd_ready;
        engine$cmd_kind = regs$cmd$kind;
        engine$cmd_queue = regs$cmd$queue;
        engine$cmd_arg = regs$cmd$arg;
        room = owed$q != depth;
        eng_rx_valid = rx_valid & room;
        engine$rx_valid = eng_rx_valid;
        rx_ready = engine$rx_ready & room;
        rx_take = eng_rx_valid & engine$rx_ready;
        engine$rx_src = rx_src;
        engine$rx_dst = rx_dst;
        engine$rx_queue = rx_queue;
        engine$rx_portal = rx_portal;
        engine$rx_epoch = rx_epoch;
        engine$rx_data = rx_data;
        wr_valid = engine$wr_valid;
        engine$wr_ready = wr_ready;
        wr_addr = engine$wr_addr;
        wr_data = engine$wr_data;
        rd_valid = engine$rd_valid;
        engine$rd_ready = rd_ready;
        rd_addr = engine$rd_addr;
        rd_tag = engine$rd_tag;
        engine$rsp_valid = rsp_valid;
        engine$rsp_tag = rsp_tag;
        engine$rsp_data = rsp_data;
        regs$ev$enqueued = engine$ev_enqueued;
        regs$ev$rejected = engine$ev_rejected;
        regs$ev$refused = engine$ev_refused;
        regs$ev$overflow = engine$ev_overflow;
        regs$ev$bad_header = engine$ev_bad_header;
        regs$ev$query = engine$ev_query;
        regs$ev$switch = engine$ev_switch;
        regs$ev$entered_run = engine$ev_entered_run;
        regs$ev$notify = engine$ev_notify;
        regs$ev$queue = engine$ev_queue;
        regs$ev$data = engine$ev_data;
        outcome_event = engine$ev_enqueued | engine$ev_refused | engine$ev_rejected;
        pack$code = code_accepted;
        if (engine$ev_refused) begin
            pack$code = code_refused;
        end
        if (engine$ev_rejected) begin
            pack$code = code_rejected;
        end
        pack$epoch = engine$ev_epoch;
        pack$portal = engine$ev_portal;
        pack$queue = engine$ev_queue;
        pack$dst = engine$ev_src;
        outcomes$push = outcome_event;
        outcomes$data_in = pack$word;
        unpack$word = outcomes$head;
        otx_valid = ~outcomes$empty;
        otx_src = regs$node_id;
        otx_dst = unpack$dst;
        otx_queue = unpack$queue;
        otx_portal = unpack$portal;
        otx_epoch = unpack$epoch;
        otx_data = unpack$data;
        otx_take = ~outcomes$empty & otx_ready;
        outcomes$pop = otx_take;
        if (rx_take & ~otx_take) begin
            owed$d = owed$q + one_owed;
        end
        if (~rx_take & otx_take) begin
            owed$d = owed$q - one_owed;
        end
        tx_valid = portals$pkt_valid;
        portals$pkt_ready = tx_ready;
        tx_src = regs$node_id;
        tx_dst = portals$pkt_dst;
        tx_queue = portals$pkt_queue;
        tx_portal = portals$pkt_portal;
        tx_epoch = portals$pkt_epoch;
        tx_data = portals$pkt_data;
        b2_aligned = b2_addr[(32'h0)+:(3)] == word_offset;
        b2_full = b2_aligned & (b2_strobe == full_strobe);
        b2_kind = op_load;
        if (b2_write) begin
            b2_kind = op_store;
            if (b2_addr[(32'h0)+:(12)] == retry_offset) begin
                b2_kind = op_retry;
            end
        end
        store_ok = portals$store_ready;
        b2_needs_table = b2_full | (~b2_write & b2_aligned);
        b2_can = ~b2_load_wait$q & ~b2_zero$q;
        if (b2_needs_table & b2_write & (b2_kind == op_store)) begin
            b2_can = b2_can & store_ok;
        end
        if (b2_needs_table & ~b2_write) begin
            b2_can = b2_can & ~rsp_busy$q;
        end
        orx_mine = orx_dst == regs$node_id;
        regs_can = regs$pop_valid & (~rsp_busy$q | (regs$pop$kind != op_entry));
        grant_regs = regs_can & portals$op_ready;
        grant_orx = ~regs_can & orx_valid & orx_mine & portals$op_ready;
        b2_table_ready = ~regs_can & ~(orx_valid & orx_mine) & b2_needs_table & b2_can & portals$op_ready;
        grant_b2 = b2_valid & b2_table_ready;
        regs$pop_ready = grant_regs;
        orx_ready = ~orx_mine | (~regs_can & portals$op_ready);
        b2_ready = b2_table_ready | (~b2_needs_table & b2_can);
        portals$op_valid = grant_regs | grant_orx | grant_b2;
        op_select$grant_regs = grant_regs;
        op_select$grant_orx = grant_orx;
        op_select$orx$kind = op_outcome;
        op_select$orx$portal = orx_portal;
        op_select$orx$data = orx_data;
        op_select$b2$kind = b2_kind;
        op_select$b2$portal = b2_addr[(pos_page)+:(12)];
        op_select$b2$data = b2_data;
        portals$op_kind = op_select$op$kind;
        portals$op_portal = op_select$op$portal;
        portals$op_data = op_select$op$data;
        portals$op_epoch = orx_epoch;
        regs$tx_ev$bad_store = b2_valid & b2_write & ~b2_full & b2_can;
        regs$tx_ev$sent = portals$ev_sent;
        regs$tx_ev$dropped = portals$ev_dropped;
        regs$tx_ev$src_refused = portals$ev_src_refused;
        op_answers = (grant_regs & (regs$pop$kind == op_entry)) | (grant_b2 & ~b2_write);
        if (op_answers) begin
            rsp_busy$d = 1'b1;
            rsp_to_regs$d = grant_regs;
        end
        if (rsp_busy$q & portals$rsp_valid) begin
            rsp_busy$d = 1'b0;
        end
        regs$prsp$valid = rsp_busy$q & portals$rsp_valid & rsp_to_regs$q;
        regs$prsp$data = portals$rsp_data;
        b2_rvalid = (rsp_busy$q & portals$rsp_valid & ~rsp_to_regs$q) | b2_zero$q;
        b2_rdata = zero_word;
        if (rsp_busy$q & portals$rsp_valid & ~rsp_to_regs$q) begin
            b2_rdata = portals$rsp_data;
        end
        if (b2_rvalid) begin
            b2_load_wait$d = 1'b0;
        end
        b2_zero$d = 1'b0;
        if (b2_valid & b2_ready & ~b2_write) begin
            b2_load_wait$d = b2_needs_table;
            b2_zero$d = ~b2_needs_table;
        end
        idle = engine$idle & outcomes$empty;
    end
    
    always @(*) op_select$regs$kind = regs$pop$kind;
    always @(*) op_select$regs$portal = regs$pop$portal;
    always @(*) op_select$regs$data = regs$pop$data;
endmodule // renq_node$card


module renq_node$card$b2_load_wait(d,q,clock);
    
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
          
endmodule // renq_node$card$b2_load_wait


module renq_node$card$b2_zero(d,q,clock);
    
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
          
endmodule // renq_node$card$b2_zero


module renq_node$card$engine(clock,rx_valid,rx_ready,rx_src,rx_dst,rx_queue,rx_data,rx_epoch,rx_portal,node_id,rx_enable,cmd_valid,cmd_ready,cmd_kind,cmd_queue,cmd_arg,wr_valid,wr_ready,wr_addr,wr_data,rd_valid,rd_ready,rd_addr,rd_tag,rsp_valid,rsp_tag,rsp_data,ev_enqueued,ev_rejected,ev_refused,ev_overflow,ev_bad_header,ev_query,ev_switch,ev_entered_run,ev_queue,ev_src,ev_portal,ev_epoch,ev_data,ev_notify,idle);
    
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
    output reg  ev_switch;
    output reg  ev_entered_run;
    output reg  [11:0] ev_queue;
    output reg  [9:0] ev_src;
    output reg  [11:0] ev_portal;
    output reg  [7:0] ev_epoch;
    output reg  [63:0] ev_data;
    output reg  ev_notify;
    output reg  idle;
    
    // Constant declarations
    localparam  op_none = 4'h0;
    localparam  op_packet = 4'h1;
    localparam  op_reinject = 4'h2;
    localparam  op_export = 4'h3;
    localparam  op_resume = 4'h5;
    localparam  op_clear = 4'h6;
    localparam  op_rehead = 4'ha;
    localparam  op_replay = 4'hb;
    localparam  op_head = 4'h4;
    localparam  first_data_index = 16'h3;
    localparam  one_epoch = 8'h1;
    localparam  export_base_lsb = 6'b0;
    localparam  head_word_offset = 48'h10;
    localparam  buffer_arg_lsb = 6'b10000;
    localparam  word_shift = 6'b11;
    localparam  epoch_pos = 4'h8;
    
    // Stub signals
    reg  qram$clock;
    reg  [11:0] qram$read_addr;
    wire  [15:0] qram$flags;
    wire  [15:0] qram$mask;
    wire  [47:0] qram$base;
    wire  [15:0] qram$tail;
    wire  [15:0] qram$free;
    wire  qram$free_nz;
    wire  [67:0] qram$spare;
    wire  [15:0] qram$w_flags_packed;
    reg  qram$write;
    reg  [11:0] qram$write_addr;
    reg  qram$w_valid;
    reg  qram$w_stalled;
    reg  qram$w_armed;
    reg  [4:0] qram$w_k;
    reg  [7:0] qram$w_epoch;
    reg  [15:0] qram$w_mask;
    reg  [47:0] qram$w_base;
    reg  [67:0] qram$w_spare;
    reg  [15:0] qram$w_tail;
    reg  [15:0] qram$w_free;
    reg  qram$w_free_nz;
    reg  wq$clock;
    reg  wq$push;
    reg  wq$p_has_data;
    reg  wq$p_publish;
    reg  wq$p_notify;
    reg  [47:0] wq$p_base;
    reg  [15:0] wq$p_slot;
    reg  [63:0] wq$p_data;
    reg  [15:0] wq$p_tail;
    reg  wq$p_link;
    reg  [47:0] wq$p_link_word;
    wire  [4:0] wq$fill;
    wire  wq$empty;
    wire  wq$wr_valid;
    reg  wq$wr_ready;
    wire  [47:0] wq$wr_addr;
    wire  [63:0] wq$wr_data;
    wire  wq$notify;
    reg  coal$clock;
    reg  coal$success;
    reg  coal$next_same;
    reg  coal$armed;
    reg  coal$arm_notify;
    reg  coal$last;
    reg  coal$link;
    reg  coal$link_only;
    reg  [47:0] coal$link_word;
    reg  [47:0] coal$base;
    reg  [15:0] coal$slot;
    reg  [63:0] coal$data;
    reg  [15:0] coal$tail;
    reg  [15:0] coal$next_tail;
    wire  coal$push;
    wire  coal$e_has_data;
    wire  coal$e_publish;
    wire  coal$e_notify;
    wire  [47:0] coal$e_base;
    wire  [15:0] coal$e_slot;
    wire  [63:0] coal$e_data;
    wire  [15:0] coal$e_tail;
    wire  coal$e_link;
    wire  [47:0] coal$e_link_word;
    wire  coal$owe;
    reg  xdec$clock;
    reg  [63:0] xdec$a_data;
    reg  [47:0] xdec$f_base;
    wire  xdec$valid;
    wire  [4:0] xdec$k;
    wire  [15:0] xdec$mask;
    wire  [15:0] xdec$free;
    wire  [47:0] xdec$base;
    wire  xdec$valid_bit;
    wire  xdec$aligned;
    wire  [9:0] xdec$run;
    wire  xdec$run_fits;
    reg  [15:0] rsv_ram$flags;
    reg  [15:0] rsv_ram$mask;
    reg  [15:0] rsv_ram$tail;
    reg  [15:0] rsv_ram$free;
    reg  rsv_ram$free_nz;
    reg  [15:0] rsv_ram$head;
    reg  rsv_ram$epoch_eq;
    wire  rsv_ram$okx;
    wire  rsv_ram$ok;
    wire  [15:0] rsv_ram$tail_p1;
    wire  rsv_ram$wrap;
    wire  [15:0] rsv_ram$free_m1;
    wire  rsv_ram$free_m1_nz;
    wire  [15:0] rsv_ram$slot;
    wire  [15:0] rsv_ram$head_m;
    reg  [15:0] rsv_fwd$flags;
    reg  [15:0] rsv_fwd$mask;
    reg  [15:0] rsv_fwd$tail;
    reg  [15:0] rsv_fwd$free;
    reg  rsv_fwd$free_nz;
    reg  [15:0] rsv_fwd$head;
    reg  rsv_fwd$epoch_eq;
    wire  rsv_fwd$okx;
    wire  rsv_fwd$ok;
    wire  [15:0] rsv_fwd$tail_p1;
    wire  rsv_fwd$wrap;
    wire  [15:0] rsv_fwd$free_m1;
    wire  rsv_fwd$free_m1_nz;
    wire  [15:0] rsv_fwd$slot;
    wire  [15:0] rsv_fwd$head_m;
    reg  harith$clock;
    reg  [15:0] harith$head_ram;
    reg  [15:0] harith$slot_ram;
    reg  [15:0] harith$head_fwd;
    reg  [15:0] harith$slot_fwd;
    reg  harith$fwd;
    reg  [15:0] harith$mask;
    reg  [15:0] harith$free;
    reg  harith$valid;
    reg  harith$okx;
    wire  harith$bad;
    wire  [15:0] harith$best;
    wire  harith$best_nz;
    wire  harith$max_valid;
    wire  harith$max_okx;
    reg  parking$clock;
    reg  parking$alloc;
    reg  parking$follow;
    reg  parking$retire;
    reg  parking$repark;
    reg  parking$untake;
    reg  [1:0] parking$slot;
    reg  [11:0] parking$queue;
    reg  [9:0] parking$src;
    reg  [11:0] parking$portal;
    reg  [7:0] parking$epoch;
    reg  parking$dst_ok;
    reg  [63:0] parking$data;
    reg  [47:0] parking$head_addr;
    reg  parking$take;
    reg  [1:0] parking$a_slot;
    reg  [11:0] parking$a_queue;
    reg  parking$a_replay;
    wire  parking$rd_valid;
    reg  parking$rd_ready;
    wire  [47:0] parking$rd_addr;
    wire  [1:0] parking$rd_tag;
    reg  parking$rsp_valid;
    reg  [1:0] parking$rsp_tag;
    reg  [63:0] parking$rsp_data;
    wire  parking$pk_alloc_o;
    wire  parking$any_elig;
    wire  [1:0] parking$pick;
    wire  [11:0] parking$pick_queue;
    wire  parking$pick_follower;
    wire  [9:0] parking$s_src;
    wire  [11:0] parking$s_portal;
    wire  [7:0] parking$s_epoch;
    wire  parking$s_dst_ok;
    wire  [63:0] parking$s_data;
    wire  [15:0] parking$s_head;
    wire  parking$cam_f;
    wire  parking$cam_b;
    wire  [2:0] parking$nfree;
    wire  parking$empty;
    reg  adm$clock;
    reg  adm$rx_valid;
    wire  adm$rx_ready;
    reg  adm$rx_enable;
    reg  [9:0] adm$rx_src;
    reg  [9:0] adm$rx_dst;
    reg  [11:0] adm$rx_queue;
    reg  [63:0] adm$rx_data;
    reg  [7:0] adm$rx_epoch;
    reg  [11:0] adm$rx_portal;
    reg  [9:0] adm$node_id;
    reg  adm$cmd_valid;
    wire  adm$cmd_ready;
    reg  [2:0] adm$cmd_kind;
    reg  [11:0] adm$cmd_queue;
    reg  [63:0] adm$cmd_arg;
    reg  [4:0] adm$wq_fill;
    reg  adm$a_busy;
    reg  adm$a_is_pkt;
    reg  adm$f_is_pkt;
    reg  adm$any_elig;
    reg  [1:0] adm$pick;
    reg  [11:0] adm$pick_queue;
    reg  adm$pick_follower;
    reg  [2:0] adm$nfree;
    reg  adm$pk_alloc;
    wire  [3:0] adm$op;
    wire  [11:0] adm$queue;
    wire  [9:0] adm$src;
    wire  [63:0] adm$data;
    wire  [11:0] adm$portal;
    wire  [7:0] adm$epoch;
    wire  [15:0] adm$head;
    wire  adm$dst_ok;
    wire  adm$in_range;
    wire  adm$is_pkt;
    wire  adm$from_slot;
    wire  [1:0] adm$slot;
    wire  adm$take;
    wire  adm$swept_o;
    wire  adm$seq_idle;
    reg  fw$clock;
    reg  [15:0] fw$q_flags;
    reg  [15:0] fw$q_mask;
    reg  [47:0] fw$q_base;
    reg  [15:0] fw$q_tail;
    reg  [15:0] fw$q_free;
    reg  fw$q_free_nz;
    reg  [67:0] fw$q_spare;
    reg  [15:0] fw$w_flags;
    reg  [15:0] fw$w_mask;
    reg  [47:0] fw$w_base;
    reg  [15:0] fw$w_tail;
    reg  [15:0] fw$w_free;
    reg  fw$w_free_nz;
    reg  [67:0] fw$w_spare;
    reg  fw$b_live;
    reg  [11:0] fw$b_queue;
    reg  [11:0] fw$f_queue;
    reg  [7:0] fw$f_epoch;
    reg  [7:0] fw$f_epoch_m1;
    reg  fw$bump;
    reg  fw$clear;
    wire  fw$b_fwd;
    wire  [15:0] fw$s_flags;
    wire  [15:0] fw$s_mask;
    wire  [47:0] fw$s_base;
    wire  [15:0] fw$s_tail;
    wire  [15:0] fw$s_free;
    wire  fw$s_free_nz;
    wire  [67:0] fw$s_spare;
    wire  [15:0] fw$p_flags;
    wire  [15:0] fw$p_mask;
    wire  [15:0] fw$p_tail;
    wire  [15:0] fw$p_free;
    wire  fw$p_free_nz;
    wire  fw$p_eq;
    reg  dec$clock;
    reg  [3:0] dec$op;
    reg  [11:0] dec$queue;
    reg  [9:0] dec$src;
    reg  [11:0] dec$portal;
    reg  [63:0] dec$data;
    reg  dec$in_range;
    reg  dec$dst_ok;
    reg  dec$go;
    reg  dec$reinj_go;
    reg  dec$rehead_go;
    reg  dec$cam;
    reg  [15:0] dec$flags;
    reg  [15:0] dec$mask;
    reg  [47:0] dec$base;
    reg  [15:0] dec$tail;
    reg  [15:0] dec$free;
    reg  dec$free_nz;
    reg  dec$ok;
    reg  dec$okx;
    reg  [15:0] dec$next_tail;
    reg  [15:0] dec$free_m1;
    reg  dec$free_m1_nz;
    reg  dec$fwd_okx;
    reg  dec$fwd_free_nz;
    reg  dec$ne;
    reg  dec$head_bad;
    reg  [15:0] dec$head_best;
    reg  dec$head_best_nz;
    reg  dec$head_valid;
    reg  dec$head_okx;
    reg  dec$x_valid;
    reg  [4:0] dec$x_k;
    reg  [15:0] dec$x_mask;
    reg  [47:0] dec$x_base;
    reg  [15:0] dec$x_free;
    reg  dec$x_valid_bit;
    reg  dec$x_aligned;
    reg  [9:0] dec$x_run;
    reg  dec$x_run_fits;
    reg  [67:0] dec$spare;
    reg  [47:0] dec$base_next;
    reg  dec$buf_eq;
    wire  dec$valid;
    wire  dec$stalled;
    wire  dec$armed;
    wire  dec$success;
    wire  dec$arm_notify;
    wire  dec$park_new;
    wire  dec$follow;
    wire  dec$retire;
    wire  dec$repark;
    wire  dec$untake;
    wire  dec$write;
    wire  dec$w_valid;
    wire  dec$w_stalled;
    wire  dec$w_armed;
    wire  [4:0] dec$w_k;
    wire  [7:0] dec$w_epoch;
    wire  [15:0] dec$w_mask;
    wire  [47:0] dec$w_base;
    wire  [15:0] dec$w_tail;
    wire  [15:0] dec$w_free;
    wire  dec$w_free_nz;
    wire  [67:0] dec$w_spare;
    wire  dec$switch;
    wire  dec$link_only;
    wire  [47:0] dec$link_word;
    wire  dec$ev_enqueued;
    wire  dec$ev_rejected;
    wire  dec$ev_refused;
    wire  dec$ev_overflow;
    wire  dec$ev_bad_header;
    wire  dec$ev_query;
    wire  dec$ev_switch;
    wire  dec$ev_entered_run;
    wire  [11:0] dec$ev_queue;
    wire  [9:0] dec$ev_src;
    wire  [11:0] dec$ev_portal;
    wire  [7:0] dec$ev_epoch;
    wire  [63:0] dec$ev_data;
    reg  [11:0] ld0_addr$wide;
    wire  [11:0] ld0_addr$narrow;
    reg  [11:0] rd0_addr$wide;
    wire  [11:0] rd0_addr$narrow;
    reg  [130:0] a$d;
    wire  [130:0] a$q;
    reg  a$clock;
    reg  [130:0] f$d;
    wire  [130:0] f$q;
    reg  f$clock;
    reg  [130:0] b$d;
    wire  [130:0] b$q;
    reg  b$clock;
    reg  [15:0] q_flags$d;
    wire  [15:0] q_flags$q;
    reg  q_flags$clock;
    reg  [15:0] q_mask$d;
    wire  [15:0] q_mask$q;
    reg  q_mask$clock;
    reg  [47:0] q_base$d;
    wire  [47:0] q_base$q;
    reg  q_base$clock;
    reg  [15:0] q_tail$d;
    wire  [15:0] q_tail$q;
    reg  q_tail$clock;
    reg  [15:0] q_free$d;
    wire  [15:0] q_free$q;
    reg  q_free$clock;
    reg  q_free_nz$d;
    wire  q_free_nz$q;
    reg  q_free_nz$clock;
    reg  q_okx$d;
    wire  q_okx$q;
    reg  q_okx$clock;
    reg  q_ok$d;
    wire  q_ok$q;
    reg  q_ok$clock;
    reg  [15:0] q_tail_p1$d;
    wire  [15:0] q_tail_p1$q;
    reg  q_tail_p1$clock;
    reg  q_wrap$d;
    wire  q_wrap$q;
    reg  q_wrap$clock;
    reg  [15:0] q_free_m1$d;
    wire  [15:0] q_free_m1$q;
    reg  q_free_m1$clock;
    reg  q_free_m1_nz$d;
    wire  q_free_m1_nz$q;
    reg  q_free_m1_nz$clock;
    reg  [15:0] q_slot$d;
    wire  [15:0] q_slot$q;
    reg  q_slot$clock;
    reg  [15:0] q_head_m$d;
    wire  [15:0] q_head_m$q;
    reg  q_head_m$clock;
    reg  q_ne$d;
    wire  q_ne$q;
    reg  q_ne$clock;
    reg  [67:0] q_spare$d;
    wire  [67:0] q_spare$q;
    reg  q_spare$clock;
    reg  [47:0] next_buf$base;
    reg  [15:0] next_buf$mask;
    wire  [47:0] next_buf$next_base;
    reg  buf_eq_r$d;
    wire  buf_eq_r$q;
    reg  buf_eq_r$clock;
    reg  e_live$d;
    wire  e_live$q;
    reg  e_live$clock;
    reg  b_rehead_go$d;
    wire  b_rehead_go$q;
    reg  b_rehead_go$clock;
    reg  b_reinj_go$d;
    wire  b_reinj_go$q;
    reg  b_reinj_go$clock;
    reg  [7:0] f_epoch_m1$d;
    wire  [7:0] f_epoch_m1$q;
    reg  f_epoch_m1$clock;
    reg  a_from_slot$d;
    wire  a_from_slot$q;
    reg  a_from_slot$clock;
    reg  b_go$d;
    wire  b_go$q;
    reg  b_go$clock;
    reg  b_parked_ahead$d;
    wire  b_parked_ahead$q;
    reg  b_parked_ahead$clock;
    
    // Local signals
    reg  b_live;
    reg  [63:0] b_arg;
    reg  b_buf_eq;
    reg  s_ok;
    reg  [15:0] free_m1;
    reg  free_m1_nz;
    reg  s_okx;
    reg  [63:0] f_arg;
    reg  f_replay;
    reg  [15:0] slot;
    reg  [15:0] next_tail;
    reg  [47:0] head_addr;
    
    // Sub module instances
    renq_node$card$engine$qram qram(
        .clock(qram$clock),
        .read_addr(qram$read_addr),
        .flags(qram$flags),
        .mask(qram$mask),
        .base(qram$base),
        .tail(qram$tail),
        .free(qram$free),
        .free_nz(qram$free_nz),
        .spare(qram$spare),
        .w_flags_packed(qram$w_flags_packed),
        .write(qram$write),
        .write_addr(qram$write_addr),
        .w_valid(qram$w_valid),
        .w_stalled(qram$w_stalled),
        .w_armed(qram$w_armed),
        .w_k(qram$w_k),
        .w_epoch(qram$w_epoch),
        .w_mask(qram$w_mask),
        .w_base(qram$w_base),
        .w_spare(qram$w_spare),
        .w_tail(qram$w_tail),
        .w_free(qram$w_free),
        .w_free_nz(qram$w_free_nz)
    );
    renq_node$card$engine$wq wq(
        .clock(wq$clock),
        .push(wq$push),
        .p_has_data(wq$p_has_data),
        .p_publish(wq$p_publish),
        .p_notify(wq$p_notify),
        .p_base(wq$p_base),
        .p_slot(wq$p_slot),
        .p_data(wq$p_data),
        .p_tail(wq$p_tail),
        .p_link(wq$p_link),
        .p_link_word(wq$p_link_word),
        .fill(wq$fill),
        .empty(wq$empty),
        .wr_valid(wq$wr_valid),
        .wr_ready(wq$wr_ready),
        .wr_addr(wq$wr_addr),
        .wr_data(wq$wr_data),
        .notify(wq$notify)
    );
    renq_node$card$engine$coal coal(
        .clock(coal$clock),
        .success(coal$success),
        .next_same(coal$next_same),
        .armed(coal$armed),
        .arm_notify(coal$arm_notify),
        .last(coal$last),
        .link(coal$link),
        .link_only(coal$link_only),
        .link_word(coal$link_word),
        .base(coal$base),
        .slot(coal$slot),
        .data(coal$data),
        .tail(coal$tail),
        .next_tail(coal$next_tail),
        .push(coal$push),
        .e_has_data(coal$e_has_data),
        .e_publish(coal$e_publish),
        .e_notify(coal$e_notify),
        .e_base(coal$e_base),
        .e_slot(coal$e_slot),
        .e_data(coal$e_data),
        .e_tail(coal$e_tail),
        .e_link(coal$e_link),
        .e_link_word(coal$e_link_word),
        .owe(coal$owe)
    );
    renq_node$card$engine$xdec xdec(
        .clock(xdec$clock),
        .a_data(xdec$a_data),
        .f_base(xdec$f_base),
        .valid(xdec$valid),
        .k(xdec$k),
        .mask(xdec$mask),
        .free(xdec$free),
        .base(xdec$base),
        .valid_bit(xdec$valid_bit),
        .aligned(xdec$aligned),
        .run(xdec$run),
        .run_fits(xdec$run_fits)
    );
    renq_node$card$engine$rsv_ram rsv_ram(
        .flags(rsv_ram$flags),
        .mask(rsv_ram$mask),
        .tail(rsv_ram$tail),
        .free(rsv_ram$free),
        .free_nz(rsv_ram$free_nz),
        .head(rsv_ram$head),
        .epoch_eq(rsv_ram$epoch_eq),
        .okx(rsv_ram$okx),
        .ok(rsv_ram$ok),
        .tail_p1(rsv_ram$tail_p1),
        .wrap(rsv_ram$wrap),
        .free_m1(rsv_ram$free_m1),
        .free_m1_nz(rsv_ram$free_m1_nz),
        .slot(rsv_ram$slot),
        .head_m(rsv_ram$head_m)
    );
    renq_node$card$engine$rsv_fwd rsv_fwd(
        .flags(rsv_fwd$flags),
        .mask(rsv_fwd$mask),
        .tail(rsv_fwd$tail),
        .free(rsv_fwd$free),
        .free_nz(rsv_fwd$free_nz),
        .head(rsv_fwd$head),
        .epoch_eq(rsv_fwd$epoch_eq),
        .okx(rsv_fwd$okx),
        .ok(rsv_fwd$ok),
        .tail_p1(rsv_fwd$tail_p1),
        .wrap(rsv_fwd$wrap),
        .free_m1(rsv_fwd$free_m1),
        .free_m1_nz(rsv_fwd$free_m1_nz),
        .slot(rsv_fwd$slot),
        .head_m(rsv_fwd$head_m)
    );
    renq_node$card$engine$harith harith(
        .clock(harith$clock),
        .head_ram(harith$head_ram),
        .slot_ram(harith$slot_ram),
        .head_fwd(harith$head_fwd),
        .slot_fwd(harith$slot_fwd),
        .fwd(harith$fwd),
        .mask(harith$mask),
        .free(harith$free),
        .valid(harith$valid),
        .okx(harith$okx),
        .bad(harith$bad),
        .best(harith$best),
        .best_nz(harith$best_nz),
        .max_valid(harith$max_valid),
        .max_okx(harith$max_okx)
    );
    renq_node$card$engine$parking parking(
        .clock(parking$clock),
        .alloc(parking$alloc),
        .follow(parking$follow),
        .retire(parking$retire),
        .repark(parking$repark),
        .untake(parking$untake),
        .slot(parking$slot),
        .queue(parking$queue),
        .src(parking$src),
        .portal(parking$portal),
        .epoch(parking$epoch),
        .dst_ok(parking$dst_ok),
        .data(parking$data),
        .head_addr(parking$head_addr),
        .take(parking$take),
        .a_slot(parking$a_slot),
        .a_queue(parking$a_queue),
        .a_replay(parking$a_replay),
        .rd_valid(parking$rd_valid),
        .rd_ready(parking$rd_ready),
        .rd_addr(parking$rd_addr),
        .rd_tag(parking$rd_tag),
        .rsp_valid(parking$rsp_valid),
        .rsp_tag(parking$rsp_tag),
        .rsp_data(parking$rsp_data),
        .pk_alloc_o(parking$pk_alloc_o),
        .any_elig(parking$any_elig),
        .pick(parking$pick),
        .pick_queue(parking$pick_queue),
        .pick_follower(parking$pick_follower),
        .s_src(parking$s_src),
        .s_portal(parking$s_portal),
        .s_epoch(parking$s_epoch),
        .s_dst_ok(parking$s_dst_ok),
        .s_data(parking$s_data),
        .s_head(parking$s_head),
        .cam_f(parking$cam_f),
        .cam_b(parking$cam_b),
        .nfree(parking$nfree),
        .empty(parking$empty)
    );
    renq_node$card$engine$adm adm(
        .clock(adm$clock),
        .rx_valid(adm$rx_valid),
        .rx_ready(adm$rx_ready),
        .rx_enable(adm$rx_enable),
        .rx_src(adm$rx_src),
        .rx_dst(adm$rx_dst),
        .rx_queue(adm$rx_queue),
        .rx_data(adm$rx_data),
        .rx_epoch(adm$rx_epoch),
        .rx_portal(adm$rx_portal),
        .node_id(adm$node_id),
        .cmd_valid(adm$cmd_valid),
        .cmd_ready(adm$cmd_ready),
        .cmd_kind(adm$cmd_kind),
        .cmd_queue(adm$cmd_queue),
        .cmd_arg(adm$cmd_arg),
        .wq_fill(adm$wq_fill),
        .a_busy(adm$a_busy),
        .a_is_pkt(adm$a_is_pkt),
        .f_is_pkt(adm$f_is_pkt),
        .any_elig(adm$any_elig),
        .pick(adm$pick),
        .pick_queue(adm$pick_queue),
        .pick_follower(adm$pick_follower),
        .nfree(adm$nfree),
        .pk_alloc(adm$pk_alloc),
        .op(adm$op),
        .queue(adm$queue),
        .src(adm$src),
        .data(adm$data),
        .portal(adm$portal),
        .epoch(adm$epoch),
        .head(adm$head),
        .dst_ok(adm$dst_ok),
        .in_range(adm$in_range),
        .is_pkt(adm$is_pkt),
        .from_slot(adm$from_slot),
        .slot(adm$slot),
        .take(adm$take),
        .swept_o(adm$swept_o),
        .seq_idle(adm$seq_idle)
    );
    renq_node$card$engine$fw fw(
        .clock(fw$clock),
        .q_flags(fw$q_flags),
        .q_mask(fw$q_mask),
        .q_base(fw$q_base),
        .q_tail(fw$q_tail),
        .q_free(fw$q_free),
        .q_free_nz(fw$q_free_nz),
        .q_spare(fw$q_spare),
        .w_flags(fw$w_flags),
        .w_mask(fw$w_mask),
        .w_base(fw$w_base),
        .w_tail(fw$w_tail),
        .w_free(fw$w_free),
        .w_free_nz(fw$w_free_nz),
        .w_spare(fw$w_spare),
        .b_live(fw$b_live),
        .b_queue(fw$b_queue),
        .f_queue(fw$f_queue),
        .f_epoch(fw$f_epoch),
        .f_epoch_m1(fw$f_epoch_m1),
        .bump(fw$bump),
        .clear(fw$clear),
        .b_fwd(fw$b_fwd),
        .s_flags(fw$s_flags),
        .s_mask(fw$s_mask),
        .s_base(fw$s_base),
        .s_tail(fw$s_tail),
        .s_free(fw$s_free),
        .s_free_nz(fw$s_free_nz),
        .s_spare(fw$s_spare),
        .p_flags(fw$p_flags),
        .p_mask(fw$p_mask),
        .p_tail(fw$p_tail),
        .p_free(fw$p_free),
        .p_free_nz(fw$p_free_nz),
        .p_eq(fw$p_eq)
    );
    renq_node$card$engine$dec dec(
        .clock(dec$clock),
        .op(dec$op),
        .queue(dec$queue),
        .src(dec$src),
        .portal(dec$portal),
        .data(dec$data),
        .in_range(dec$in_range),
        .dst_ok(dec$dst_ok),
        .go(dec$go),
        .reinj_go(dec$reinj_go),
        .rehead_go(dec$rehead_go),
        .cam(dec$cam),
        .flags(dec$flags),
        .mask(dec$mask),
        .base(dec$base),
        .tail(dec$tail),
        .free(dec$free),
        .free_nz(dec$free_nz),
        .ok(dec$ok),
        .okx(dec$okx),
        .next_tail(dec$next_tail),
        .free_m1(dec$free_m1),
        .free_m1_nz(dec$free_m1_nz),
        .fwd_okx(dec$fwd_okx),
        .fwd_free_nz(dec$fwd_free_nz),
        .ne(dec$ne),
        .head_bad(dec$head_bad),
        .head_best(dec$head_best),
        .head_best_nz(dec$head_best_nz),
        .head_valid(dec$head_valid),
        .head_okx(dec$head_okx),
        .x_valid(dec$x_valid),
        .x_k(dec$x_k),
        .x_mask(dec$x_mask),
        .x_base(dec$x_base),
        .x_free(dec$x_free),
        .x_valid_bit(dec$x_valid_bit),
        .x_aligned(dec$x_aligned),
        .x_run(dec$x_run),
        .x_run_fits(dec$x_run_fits),
        .spare(dec$spare),
        .base_next(dec$base_next),
        .buf_eq(dec$buf_eq),
        .valid(dec$valid),
        .stalled(dec$stalled),
        .armed(dec$armed),
        .success(dec$success),
        .arm_notify(dec$arm_notify),
        .park_new(dec$park_new),
        .follow(dec$follow),
        .retire(dec$retire),
        .repark(dec$repark),
        .untake(dec$untake),
        .write(dec$write),
        .w_valid(dec$w_valid),
        .w_stalled(dec$w_stalled),
        .w_armed(dec$w_armed),
        .w_k(dec$w_k),
        .w_epoch(dec$w_epoch),
        .w_mask(dec$w_mask),
        .w_base(dec$w_base),
        .w_tail(dec$w_tail),
        .w_free(dec$w_free),
        .w_free_nz(dec$w_free_nz),
        .w_spare(dec$w_spare),
        .switch(dec$switch),
        .link_only(dec$link_only),
        .link_word(dec$link_word),
        .ev_enqueued(dec$ev_enqueued),
        .ev_rejected(dec$ev_rejected),
        .ev_refused(dec$ev_refused),
        .ev_overflow(dec$ev_overflow),
        .ev_bad_header(dec$ev_bad_header),
        .ev_query(dec$ev_query),
        .ev_switch(dec$ev_switch),
        .ev_entered_run(dec$ev_entered_run),
        .ev_queue(dec$ev_queue),
        .ev_src(dec$ev_src),
        .ev_portal(dec$ev_portal),
        .ev_epoch(dec$ev_epoch),
        .ev_data(dec$ev_data)
    );
    renq_node$card$engine$ld0_addr ld0_addr(
        .wide(ld0_addr$wide),
        .narrow(ld0_addr$narrow)
    );
    renq_node$card$engine$rd0_addr rd0_addr(
        .wide(rd0_addr$wide),
        .narrow(rd0_addr$narrow)
    );
    renq_node$card$engine$a a(
        .d(a$d),
        .q(a$q),
        .clock(a$clock)
    );
    renq_node$card$engine$f f(
        .d(f$d),
        .q(f$q),
        .clock(f$clock)
    );
    renq_node$card$engine$b b(
        .d(b$d),
        .q(b$q),
        .clock(b$clock)
    );
    renq_node$card$engine$q_flags q_flags(
        .d(q_flags$d),
        .q(q_flags$q),
        .clock(q_flags$clock)
    );
    renq_node$card$engine$q_mask q_mask(
        .d(q_mask$d),
        .q(q_mask$q),
        .clock(q_mask$clock)
    );
    renq_node$card$engine$q_base q_base(
        .d(q_base$d),
        .q(q_base$q),
        .clock(q_base$clock)
    );
    renq_node$card$engine$q_tail q_tail(
        .d(q_tail$d),
        .q(q_tail$q),
        .clock(q_tail$clock)
    );
    renq_node$card$engine$q_free q_free(
        .d(q_free$d),
        .q(q_free$q),
        .clock(q_free$clock)
    );
    renq_node$card$engine$q_free_nz q_free_nz(
        .d(q_free_nz$d),
        .q(q_free_nz$q),
        .clock(q_free_nz$clock)
    );
    renq_node$card$engine$q_okx q_okx(
        .d(q_okx$d),
        .q(q_okx$q),
        .clock(q_okx$clock)
    );
    renq_node$card$engine$q_ok q_ok(
        .d(q_ok$d),
        .q(q_ok$q),
        .clock(q_ok$clock)
    );
    renq_node$card$engine$q_tail_p1 q_tail_p1(
        .d(q_tail_p1$d),
        .q(q_tail_p1$q),
        .clock(q_tail_p1$clock)
    );
    renq_node$card$engine$q_wrap q_wrap(
        .d(q_wrap$d),
        .q(q_wrap$q),
        .clock(q_wrap$clock)
    );
    renq_node$card$engine$q_free_m1 q_free_m1(
        .d(q_free_m1$d),
        .q(q_free_m1$q),
        .clock(q_free_m1$clock)
    );
    renq_node$card$engine$q_free_m1_nz q_free_m1_nz(
        .d(q_free_m1_nz$d),
        .q(q_free_m1_nz$q),
        .clock(q_free_m1_nz$clock)
    );
    renq_node$card$engine$q_slot q_slot(
        .d(q_slot$d),
        .q(q_slot$q),
        .clock(q_slot$clock)
    );
    renq_node$card$engine$q_head_m q_head_m(
        .d(q_head_m$d),
        .q(q_head_m$q),
        .clock(q_head_m$clock)
    );
    renq_node$card$engine$q_ne q_ne(
        .d(q_ne$d),
        .q(q_ne$q),
        .clock(q_ne$clock)
    );
    renq_node$card$engine$q_spare q_spare(
        .d(q_spare$d),
        .q(q_spare$q),
        .clock(q_spare$clock)
    );
    renq_node$card$engine$next_buf next_buf(
        .base(next_buf$base),
        .mask(next_buf$mask),
        .next_base(next_buf$next_base)
    );
    renq_node$card$engine$buf_eq_r buf_eq_r(
        .d(buf_eq_r$d),
        .q(buf_eq_r$q),
        .clock(buf_eq_r$clock)
    );
    renq_node$card$engine$e_live e_live(
        .d(e_live$d),
        .q(e_live$q),
        .clock(e_live$clock)
    );
    renq_node$card$engine$b_rehead_go b_rehead_go(
        .d(b_rehead_go$d),
        .q(b_rehead_go$q),
        .clock(b_rehead_go$clock)
    );
    renq_node$card$engine$b_reinj_go b_reinj_go(
        .d(b_reinj_go$d),
        .q(b_reinj_go$q),
        .clock(b_reinj_go$clock)
    );
    renq_node$card$engine$f_epoch_m1 f_epoch_m1(
        .d(f_epoch_m1$d),
        .q(f_epoch_m1$q),
        .clock(f_epoch_m1$clock)
    );
    renq_node$card$engine$a_from_slot a_from_slot(
        .d(a_from_slot$d),
        .q(a_from_slot$q),
        .clock(a_from_slot$clock)
    );
    renq_node$card$engine$b_go b_go(
        .d(b_go$d),
        .q(b_go$q),
        .clock(b_go$clock)
    );
    renq_node$card$engine$b_parked_ahead b_parked_ahead(
        .d(b_parked_ahead$d),
        .q(b_parked_ahead$q),
        .clock(b_parked_ahead$clock)
    );
    
    // Update code
    always @(*) begin
        a$clock = clock;
        f$clock = clock;
        b$clock = clock;
        b_go$clock = clock;
        b_parked_ahead$clock = clock;
        b_rehead_go$clock = clock;
        b_reinj_go$clock = clock;
        a_from_slot$clock = clock;
        e_live$clock = clock;
        q_flags$clock = clock;
        q_mask$clock = clock;
        q_base$clock = clock;
        q_tail$clock = clock;
        q_free$clock = clock;
        q_free_nz$clock = clock;
        q_okx$clock = clock;
        q_ok$clock = clock;
        q_tail_p1$clock = clock;
        f_epoch_m1$clock = clock;
        q_wrap$clock = clock;
        q_free_m1$clock = clock;
        q_free_m1_nz$clock = clock;
        q_slot$clock = clock;
        q_head_m$clock = clock;
        q_ne$clock = clock;
        q_spare$clock = clock;
        buf_eq_r$clock = clock;
        a$d = a$q;
        f$d = f$q;
        b$d = b$q;
        b_go$d = b_go$q;
        b_parked_ahead$d = b_parked_ahead$q;
        b_rehead_go$d = b_rehead_go$q;
        b_reinj_go$d = b_reinj_go$q;
        a_from_slot$d = a_from_slot$q;
        e_live$d = e_live$q;
        q_flags$d = q_flags$q;
        q_mask$d = q_mask$q;
        q_base$d = q_base$q;
        q_tail$d = q_tail$q;
        q_free$d = q_free$q;
        q_free_nz$d = q_free_nz$q;
        q_okx$d = q_okx$q;
        q_ok$d = q_ok$q;
        q_tail_p1$d = q_tail_p1$q;
        f_epoch_m1$d = f_epoch_m1$q;
        q_wrap$d = q_wrap$q;
        q_free_m1$d = q_free_m1$q;
        q_free_m1_nz$d = q_free_m1_nz$q;
        q_slot$d = q_slot$q;
        q_head_m$d = q_head_m$q;
        q_ne$d = q_ne$q;
        q_spare$d = q_spare$q;
        buf_eq_r$d = buf_eq_r$q;
        qram$clock = clock;
        wq$clock = clock;
        coal$clock = clock;
        xdec$clock = clock;
        harith$clock = clock;
        parking$clock = clock;
        adm$clock = clock;
        fw$clock = clock;
        dec$clock = clock;
        fw$q_flags = q_flags$q;
        fw$q_mask = q_mask$q;
        fw$q_base = q_base$q;
        fw$q_tail = q_tail$q;
        fw$q_free = q_free$q;
        fw$q_free_nz = q_free_nz$q;
        fw$q_spare = q_spare$q;
        rd0_addr$wide = b$q[(64'h4)+:(12)];
        rsv_fwd$flags = fw$p_flags;
        rsv_fwd$mask = fw$p_mask;
        rsv_fwd$tail = fw$p_tail;
        rsv_fwd$free = fw$p_free;
        rsv_fwd$free_nz = fw$p_free_nz & ~b_parked_ahead$q;
        rsv_fwd$head = b$q[(64'h6e)+:(16)];
        rsv_fwd$epoch_eq = fw$p_eq;
        slot = q_slot$q;
        next_tail = q_tail_p1$q;
        if (q_wrap$q) begin
            next_tail = first_data_index;
        end
        free_m1 = q_free_m1$q;
        free_m1_nz = q_free_m1_nz$q;
        s_ok = q_ok$q;
        s_okx = q_okx$q;
        if (fw$b_fwd) begin
            slot = rsv_fwd$slot;
            next_tail = rsv_fwd$tail_p1;
            if (rsv_fwd$wrap) begin
                next_tail = first_data_index;
            end
            free_m1 = rsv_fwd$free_m1;
            free_m1_nz = rsv_fwd$free_m1_nz;
            s_ok = rsv_fwd$ok;
            s_okx = rsv_fwd$okx;
        end
        harith$head_ram = q_head_m$q;
        harith$slot_ram = q_slot$q;
        harith$head_fwd = rsv_fwd$head_m;
        harith$slot_fwd = rsv_fwd$slot;
        harith$fwd = fw$b_fwd;
        harith$mask = fw$s_mask;
        harith$free = fw$p_free;
        harith$valid = dec$valid;
        harith$okx = s_okx;
        head_addr = fw$s_base | head_word_offset;
        dec$op = b$q[(64'h0)+:(4)];
        dec$queue = b$q[(64'h4)+:(12)];
        dec$src = b$q[(64'h10)+:(10)];
        dec$portal = b$q[(64'h5a)+:(12)];
        dec$data = b$q[(64'h1a)+:(64)];
        dec$in_range = b$q[(64'h7f)+:(1)];
        dec$dst_ok = b$q[(64'h7e)+:(1)];
        dec$go = b_go$q;
        dec$reinj_go = b_reinj_go$q;
        dec$rehead_go = b_rehead_go$q;
        dec$cam = parking$cam_b | (b_parked_ahead$q & fw$b_fwd);
        dec$flags = fw$s_flags;
        dec$mask = fw$s_mask;
        dec$base = fw$s_base;
        dec$tail = fw$s_tail;
        dec$free = fw$s_free;
        dec$free_nz = fw$s_free_nz;
        dec$ok = s_ok;
        dec$okx = s_okx;
        dec$next_tail = next_tail;
        dec$free_m1 = free_m1;
        dec$free_m1_nz = free_m1_nz;
        dec$fwd_okx = rsv_fwd$okx;
        dec$fwd_free_nz = fw$p_free_nz;
        dec$ne = q_ne$q;
        dec$head_bad = harith$bad;
        dec$head_best = harith$best;
        dec$head_best_nz = harith$best_nz;
        dec$head_valid = harith$max_valid;
        dec$head_okx = harith$max_okx;
        dec$x_valid = xdec$valid;
        dec$x_k = xdec$k;
        dec$x_mask = xdec$mask;
        dec$x_base = xdec$base;
        dec$x_free = xdec$free;
        dec$x_valid_bit = xdec$valid_bit;
        dec$x_aligned = xdec$aligned;
        dec$x_run = xdec$run;
        dec$x_run_fits = xdec$run_fits;
        dec$spare = fw$s_spare;
        next_buf$base = q_base$q;
        next_buf$mask = q_mask$q;
        dec$base_next = next_buf$next_base;
        b_arg = b$q[(64'h1a)+:(64)];
        b_buf_eq = b_arg[(buffer_arg_lsb)+:(45)] == q_base$q[(word_shift)+:(45)];
        buf_eq_r$d = b_buf_eq;
        dec$buf_eq = b_buf_eq;
        if (b$q[(64'h0)+:(4)] == op_head) begin
            dec$buf_eq = buf_eq_r$q;
        end
        qram$write = dec$write;
        qram$write_addr = rd0_addr$narrow;
        qram$w_valid = dec$w_valid;
        qram$w_stalled = dec$w_stalled;
        qram$w_armed = dec$w_armed;
        qram$w_k = dec$w_k;
        qram$w_epoch = dec$w_epoch;
        qram$w_mask = dec$w_mask;
        qram$w_base = dec$w_base;
        qram$w_tail = dec$w_tail;
        qram$w_free = dec$w_free;
        qram$w_free_nz = dec$w_free_nz;
        qram$w_spare = dec$w_spare;
        fw$w_flags = qram$w_flags_packed;
        fw$w_mask = qram$w_mask;
        fw$w_base = qram$w_base;
        fw$w_tail = qram$w_tail;
        fw$w_free = qram$w_free;
        fw$w_free_nz = qram$w_free_nz;
        fw$w_spare = qram$w_spare;
        coal$success = dec$success;
        coal$next_same = (f$q[(64'h0)+:(4)] == op_packet) & (f$q[(64'h4)+:(12)] == b$q[(64'h4)+:(12)]);
        coal$armed = dec$armed;
        coal$arm_notify = dec$arm_notify;
        coal$last = ~free_m1_nz;
        coal$link = dec$switch;
        coal$link_only = dec$link_only;
        coal$link_word = dec$link_word;
        coal$base = fw$s_base;
        coal$slot = slot;
        coal$data = b$q[(64'h1a)+:(64)];
        coal$tail = fw$s_tail;
        coal$next_tail = next_tail;
        wq$push = coal$push;
        wq$p_has_data = coal$e_has_data;
        wq$p_publish = coal$e_publish;
        wq$p_notify = coal$e_notify;
        wq$p_base = coal$e_base;
        wq$p_slot = coal$e_slot;
        wq$p_data = coal$e_data;
        wq$p_tail = coal$e_tail;
        wq$p_link = coal$e_link;
        wq$p_link_word = coal$e_link_word;
        ev_notify = wq$notify;
        wr_valid = wq$wr_valid;
        wq$wr_ready = wr_ready;
        wr_addr = wq$wr_addr;
        wr_data = wq$wr_data;
        parking$alloc = dec$park_new | dec$follow;
        parking$follow = dec$follow;
        parking$retire = dec$retire;
        parking$repark = dec$repark;
        parking$untake = dec$untake;
        parking$slot = b$q[(64'h80)+:(2)];
        parking$queue = b$q[(64'h4)+:(12)];
        parking$src = b$q[(64'h10)+:(10)];
        parking$portal = b$q[(64'h5a)+:(12)];
        parking$epoch = b$q[(64'h66)+:(8)];
        parking$dst_ok = b$q[(64'h7e)+:(1)];
        parking$data = b$q[(64'h1a)+:(64)];
        parking$head_addr = head_addr;
        rd_valid = parking$rd_valid;
        rd_addr = parking$rd_addr;
        rd_tag = parking$rd_tag;
        parking$rd_ready = rd_ready;
        parking$rsp_valid = rsp_valid;
        parking$rsp_tag = rsp_tag;
        parking$rsp_data = rsp_data;
        q_flags$d = qram$flags;
        q_mask$d = qram$mask;
        q_base$d = qram$base;
        q_tail$d = qram$tail;
        q_free$d = qram$free;
        q_free_nz$d = qram$free_nz;
        q_spare$d = qram$spare;
        rsv_ram$flags = qram$flags;
        rsv_ram$mask = qram$mask;
        rsv_ram$tail = qram$tail;
        rsv_ram$free = qram$free;
        rsv_ram$free_nz = qram$free_nz;
        rsv_ram$head = f$q[(64'h6e)+:(16)];
        rsv_ram$epoch_eq = qram$flags[(epoch_pos)+:(8)] == f$q[(64'h66)+:(8)];
        q_okx$d = rsv_ram$okx;
        q_ok$d = rsv_ram$ok;
        q_tail_p1$d = rsv_ram$tail_p1;
        q_wrap$d = rsv_ram$wrap;
        q_free_m1$d = rsv_ram$free_m1;
        q_free_m1_nz$d = rsv_ram$free_m1_nz;
        q_slot$d = rsv_ram$slot;
        q_head_m$d = rsv_ram$head_m;
        q_ne$d = |((f$q[(64'h6e)+:(16)] ^ qram$tail) & qram$mask);
        b_live = b$q[(64'h0)+:(4)] != op_none;
        fw$b_live = b_live;
        fw$b_queue = b$q[(64'h4)+:(12)];
        fw$f_queue = f$q[(64'h4)+:(12)];
        b$d = f$q;
        b_reinj_go$d = (f$q[(64'h0)+:(4)] == op_reinject) & f$q[(64'h7f)+:(1)] & f$q[(64'h7e)+:(1)];
        b_rehead_go$d = (f$q[(64'h0)+:(4)] == op_rehead) & f$q[(64'h7f)+:(1)] & f$q[(64'h7e)+:(1)];
        f_replay = f$q[(64'h0)+:(4)] == op_replay;
        b_parked_ahead$d = (f$q[(64'h82)+:(1)] & (dec$park_new | dec$follow | dec$repark | dec$untake)) | (f_replay & (dec$repark | dec$untake));
        b_go$d = ((f$q[(64'h82)+:(1)] | f_replay) & ~parking$cam_f | (f$q[(64'h0)+:(4)] == op_reinject)) & f$q[(64'h7f)+:(1)] & f$q[(64'h7e)+:(1)];
        fw$f_epoch = f$q[(64'h66)+:(8)];
        fw$f_epoch_m1 = f_epoch_m1$q;
        fw$bump = b$q[(64'h7f)+:(1)] & ((b$q[(64'h0)+:(4)] == op_resume) | (b$q[(64'h0)+:(4)] == op_export)) & dec$stalled;
        fw$clear = b$q[(64'h0)+:(4)] == op_clear;
        parking$a_slot = a$q[(64'h80)+:(2)];
        parking$a_queue = a$q[(64'h4)+:(12)];
        parking$a_replay = a$q[(64'h0)+:(4)] == op_replay;
        xdec$a_data = a$q[(64'h1a)+:(64)];
        f_arg = f$q[(64'h1a)+:(64)];
        xdec$f_base = f_arg[(export_base_lsb)+:(48)];
        f$d = a$q;
        f_epoch_m1$d = a$q[(64'h66)+:(8)] - one_epoch;
        if (a_from_slot$q) begin
            f$d[(64'h10)+:(10)] = parking$s_src;
            f$d[(64'h1a)+:(64)] = parking$s_data;
            f$d[(64'h5a)+:(12)] = parking$s_portal;
            f$d[(64'h66)+:(8)] = parking$s_epoch;
            f_epoch_m1$d = parking$s_epoch - one_epoch;
            f$d[(64'h7e)+:(1)] = parking$s_dst_ok;
            f$d[(64'h6e)+:(16)] = parking$s_head;
        end
        adm$rx_valid = rx_valid;
        adm$rx_enable = rx_enable;
        adm$rx_src = rx_src;
        adm$rx_dst = rx_dst;
        adm$rx_queue = rx_queue;
        adm$rx_data = rx_data;
        adm$rx_epoch = rx_epoch;
        adm$rx_portal = rx_portal;
        adm$node_id = node_id;
        rx_ready = adm$rx_ready;
        adm$cmd_valid = cmd_valid;
        adm$cmd_kind = cmd_kind;
        adm$cmd_queue = cmd_queue;
        adm$cmd_arg = cmd_arg;
        cmd_ready = adm$cmd_ready;
        adm$wq_fill = wq$fill;
        adm$a_busy = a$q[(64'h0)+:(4)] != op_none;
        adm$a_is_pkt = a$q[(64'h82)+:(1)];
        adm$f_is_pkt = f$q[(64'h82)+:(1)];
        adm$any_elig = parking$any_elig;
        adm$pick = parking$pick;
        adm$pick_queue = parking$pick_queue;
        adm$pick_follower = parking$pick_follower;
        adm$nfree = parking$nfree;
        adm$pk_alloc = parking$pk_alloc_o;
        parking$take = adm$take;
        ld0_addr$wide = adm$queue;
        qram$read_addr = ld0_addr$narrow;
        a$d[(64'h0)+:(4)] = adm$op;
        a$d[(64'h4)+:(12)] = adm$queue;
        a$d[(64'h10)+:(10)] = adm$src;
        a$d[(64'h1a)+:(64)] = adm$data;
        a$d[(64'h5a)+:(12)] = adm$portal;
        a$d[(64'h66)+:(8)] = adm$epoch;
        a$d[(64'h6e)+:(16)] = adm$head;
        a$d[(64'h7e)+:(1)] = adm$dst_ok;
        a$d[(64'h7f)+:(1)] = adm$in_range;
        a$d[(64'h80)+:(2)] = adm$slot;
        a$d[(64'h82)+:(1)] = adm$is_pkt;
        a_from_slot$d = adm$from_slot;
        ev_enqueued = dec$ev_enqueued;
        ev_rejected = dec$ev_rejected;
        ev_refused = dec$ev_refused;
        ev_overflow = dec$ev_overflow;
        ev_bad_header = dec$ev_bad_header;
        ev_query = dec$ev_query;
        ev_switch = dec$ev_switch;
        ev_entered_run = dec$ev_entered_run;
        ev_queue = dec$ev_queue;
        ev_src = dec$ev_src;
        ev_portal = dec$ev_portal;
        ev_epoch = dec$ev_epoch;
        ev_data = dec$ev_data;
        e_live$d = b_live;
        idle = adm$swept_o & ~e_live$q & adm$seq_idle & (a$q[(64'h0)+:(4)] == op_none) & (f$q[(64'h0)+:(4)] == op_none) & (b$q[(64'h0)+:(4)] == op_none) & wq$empty & ~coal$owe & ~coal$push & parking$empty;
    end
    
endmodule // renq_node$card$engine


module renq_node$card$engine$a(d,q,clock);
    
    // Module arguments
    input wire  [130:0] d;
    output reg  [130:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 131'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$a


module renq_node$card$engine$a_from_slot(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$a_from_slot


module renq_node$card$engine$adm(clock,rx_valid,rx_ready,rx_enable,rx_src,rx_dst,rx_queue,rx_data,rx_epoch,rx_portal,node_id,cmd_valid,cmd_ready,cmd_kind,cmd_queue,cmd_arg,wq_fill,a_busy,a_is_pkt,f_is_pkt,any_elig,pick,pick_queue,pick_follower,nfree,pk_alloc,op,queue,src,data,portal,epoch,head,dst_ok,in_range,is_pkt,from_slot,slot,take,swept_o,seq_idle);
    
    // Module arguments
    input wire  clock;
    input wire  rx_valid;
    output reg  rx_ready;
    input wire  rx_enable;
    input wire  [9:0] rx_src;
    input wire  [9:0] rx_dst;
    input wire  [11:0] rx_queue;
    input wire  [63:0] rx_data;
    input wire  [7:0] rx_epoch;
    input wire  [11:0] rx_portal;
    input wire  [9:0] node_id;
    input wire  cmd_valid;
    output reg  cmd_ready;
    input wire  [2:0] cmd_kind;
    input wire  [11:0] cmd_queue;
    input wire  [63:0] cmd_arg;
    input wire  [4:0] wq_fill;
    input wire  a_busy;
    input wire  a_is_pkt;
    input wire  f_is_pkt;
    input wire  any_elig;
    input wire  [1:0] pick;
    input wire  [11:0] pick_queue;
    input wire  pick_follower;
    input wire  [2:0] nfree;
    input wire  pk_alloc;
    output reg  [3:0] op;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [63:0] data;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [15:0] head;
    output reg  dst_ok;
    output reg  in_range;
    output reg  is_pkt;
    output reg  from_slot;
    output reg  [1:0] slot;
    output reg  take;
    output reg  swept_o;
    output reg  seq_idle;
    
    // Constant declarations
    localparam  op_none = 4'h0;
    localparam  op_packet = 4'h1;
    localparam  op_reinject = 4'h2;
    localparam  op_export = 4'h3;
    localparam  op_head = 4'h4;
    localparam  op_resume = 4'h5;
    localparam  op_clear = 4'h6;
    localparam  op_arm = 4'h7;
    localparam  op_query = 4'h8;
    localparam  op_spare = 4'he;
    localparam  op_head_calc = 4'h9;
    localparam  op_rehead = 4'ha;
    localparam  op_replay = 4'hb;
    localparam  op_head_max = 4'hc;
    localparam  op_head_fix = 4'hd;
    localparam  cmd_export = 3'b0;
    localparam  cmd_head = 3'b1;
    localparam  cmd_resume = 3'b10;
    localparam  cmd_arm = 3'b11;
    localparam  cmd_query = 3'b100;
    localparam  cmd_spare = 3'b101;
    localparam  queue_high_mask = 12'h0;
    localparam  sweep_last = 12'hfff;
    localparam  one_queue = 12'h1;
    localparam  wq_limit = 5'b1011;
    localparam  zero_phase = 3'b0;
    localparam  phase_fix = 3'b1;
    localparam  phase_max = 3'b10;
    localparam  phase_cmp = 3'b11;
    localparam  phase_decide = 3'b100;
    localparam  one3 = 3'b1;
    
    // Stub signals
    reg  swept$d;
    wire  swept$q;
    reg  swept$clock;
    reg  [11:0] sweep_ctr$d;
    wire  [11:0] sweep_ctr$q;
    reg  sweep_ctr$clock;
    reg  [2:0] seq_phase$d;
    wire  [2:0] seq_phase$q;
    reg  seq_phase$clock;
    reg  seq_on$d;
    wire  seq_on$q;
    reg  seq_on$clock;
    reg  seq_cmd$d;
    wire  seq_cmd$q;
    reg  seq_cmd$clock;
    reg  [1:0] seq_slot$d;
    wire  [1:0] seq_slot$q;
    reg  seq_slot$clock;
    reg  [11:0] seq_queue_r$d;
    wire  [11:0] seq_queue_r$q;
    reg  seq_queue_r$clock;
    reg  took_r$d;
    wire  took_r$q;
    reg  took_r$clock;
    reg  room_r$d;
    wire  room_r$q;
    reg  room_r$clock;
    reg  room_p0$d;
    wire  room_p0$q;
    reg  room_p0$clock;
    reg  room_p1$d;
    wire  room_p1$q;
    reg  room_p1$clock;
    reg  room_p2$d;
    wire  room_p2$q;
    reg  room_p2$clock;
    
    // Local signals
    reg  idle_seq;
    reg  room;
    reg  [2:0] need;
    reg  park_room;
    reg  arm_wait;
    reg  cmd_start;
    reg  reinj_start;
    reg  [11:0] sel_queue;
    reg  [11:0] rd_queue;
    
    // Sub module instances
    renq_node$card$engine$adm$swept swept(
        .d(swept$d),
        .q(swept$q),
        .clock(swept$clock)
    );
    renq_node$card$engine$adm$sweep_ctr sweep_ctr(
        .d(sweep_ctr$d),
        .q(sweep_ctr$q),
        .clock(sweep_ctr$clock)
    );
    renq_node$card$engine$adm$seq_phase seq_phase(
        .d(seq_phase$d),
        .q(seq_phase$q),
        .clock(seq_phase$clock)
    );
    renq_node$card$engine$adm$seq_on seq_on(
        .d(seq_on$d),
        .q(seq_on$q),
        .clock(seq_on$clock)
    );
    renq_node$card$engine$adm$seq_cmd seq_cmd(
        .d(seq_cmd$d),
        .q(seq_cmd$q),
        .clock(seq_cmd$clock)
    );
    renq_node$card$engine$adm$seq_slot seq_slot(
        .d(seq_slot$d),
        .q(seq_slot$q),
        .clock(seq_slot$clock)
    );
    renq_node$card$engine$adm$seq_queue_r seq_queue_r(
        .d(seq_queue_r$d),
        .q(seq_queue_r$q),
        .clock(seq_queue_r$clock)
    );
    renq_node$card$engine$adm$took_r took_r(
        .d(took_r$d),
        .q(took_r$q),
        .clock(took_r$clock)
    );
    renq_node$card$engine$adm$room_r room_r(
        .d(room_r$d),
        .q(room_r$q),
        .clock(room_r$clock)
    );
    renq_node$card$engine$adm$room_p0 room_p0(
        .d(room_p0$d),
        .q(room_p0$q),
        .clock(room_p0$clock)
    );
    renq_node$card$engine$adm$room_p1 room_p1(
        .d(room_p1$d),
        .q(room_p1$q),
        .clock(room_p1$clock)
    );
    renq_node$card$engine$adm$room_p2 room_p2(
        .d(room_p2$d),
        .q(room_p2$q),
        .clock(room_p2$clock)
    );
    
    // Update code
    always @(*) begin
        swept$clock = clock;
        sweep_ctr$clock = clock;
        seq_phase$clock = clock;
        seq_on$clock = clock;
        seq_cmd$clock = clock;
        seq_slot$clock = clock;
        seq_queue_r$clock = clock;
        took_r$clock = clock;
        room_r$clock = clock;
        room_p0$clock = clock;
        room_p1$clock = clock;
        room_p2$clock = clock;
        swept$d = swept$q;
        sweep_ctr$d = sweep_ctr$q;
        seq_phase$d = seq_phase$q;
        seq_on$d = seq_on$q;
        seq_cmd$d = seq_cmd$q;
        seq_slot$d = seq_slot$q;
        seq_queue_r$d = seq_queue_r$q;
        took_r$d = took_r$q;
        room_r$d = room_r$q;
        room_p0$d = room_p0$q;
        room_p1$d = room_p1$q;
        room_p2$d = room_p2$q;
        idle_seq = ~seq_on$q;
        room_r$d = wq_fill < wq_limit;
        room = room_r$q;
        park_room = room_p0$q;
        if (a_is_pkt | pk_alloc) begin
            park_room = room_p1$q;
        end
        if (a_is_pkt & pk_alloc) begin
            park_room = room_p2$q;
        end
        need = one3;
        if (a_is_pkt) begin
            need = need + one3;
        end
        if (f_is_pkt) begin
            need = need + one3;
        end
        room_p0$d = nfree >= need;
        room_p1$d = nfree > need;
        room_p2$d = nfree > need + one3;
        slot = seq_slot$q;
        if (idle_seq) begin
            slot = pick;
        end
        sel_queue = seq_queue_r$q;
        if (idle_seq) begin
            sel_queue = pick_queue;
        end
        arm_wait = (cmd_kind == cmd_arm) & a_busy;
        cmd_start = swept$q & idle_seq & cmd_valid & room & ~arm_wait;
        reinj_start = swept$q & idle_seq & ~cmd_valid & any_elig & room & ~took_r$q;
        took_r$d = reinj_start;
        cmd_ready = (swept$q & idle_seq & room & ~arm_wait & (cmd_kind != cmd_head)) | ((seq_phase$q == phase_cmp) & seq_cmd$q);
        rx_ready = swept$q & idle_seq & rx_enable & room & ~cmd_valid & ~any_elig & park_room;
        op = op_none;
        is_pkt = 1'b0;
        take = reinj_start;
        if (~swept$q) begin
            op = op_clear;
            sweep_ctr$d = sweep_ctr$q + one_queue;
            if (sweep_ctr$q == sweep_last) begin
                swept$d = 1'b1;
            end
        end
        else if (~idle_seq) begin
            if (seq_phase$q == phase_fix) begin
                op = op_head_fix;
                seq_phase$d = phase_max;
            end
            else if (seq_phase$q == phase_max) begin
                op = op_head_max;
                seq_phase$d = phase_cmp;
            end
            else if (seq_cmd$q) begin
                op = op_head;
                seq_phase$d = zero_phase;
                seq_on$d = 1'b0;
            end
            else if (seq_phase$q == phase_cmp) begin
                op = op_rehead;
                seq_phase$d = phase_decide;
            end
            else begin
                op = op_reinject;
                seq_phase$d = zero_phase;
                seq_on$d = 1'b0;
            end
        end
        else if (cmd_start) begin
            if (cmd_kind == cmd_export) begin
                op = op_export;
            end
            if (cmd_kind == cmd_head) begin
                op = op_head_calc;
                seq_phase$d = phase_fix;
                seq_on$d = 1'b1;
                seq_cmd$d = 1'b1;
            end
            if (cmd_kind == cmd_resume) begin
                op = op_resume;
            end
            if (cmd_kind == cmd_arm) begin
                op = op_arm;
            end
            if (cmd_kind == cmd_query) begin
                op = op_query;
            end
            if (cmd_kind == cmd_spare) begin
                op = op_spare;
            end
        end
        else if (reinj_start) begin
            if (pick_follower) begin
                op = op_replay;
            end
            else begin
                op = op_head_calc;
                seq_phase$d = phase_fix;
                seq_on$d = 1'b1;
                seq_cmd$d = 1'b0;
                seq_slot$d = pick;
                seq_queue_r$d = pick_queue;
            end
        end
        else if (rx_valid & rx_ready) begin
            op = op_packet;
            is_pkt = 1'b1;
        end
        rd_queue = rx_queue;
        from_slot = 1'b0;
        src = rx_src;
        data = rx_data;
        portal = rx_portal;
        epoch = rx_epoch;
        head = rx_data[(32'h0)+:(16)];
        dst_ok = rx_dst == node_id;
        if (~swept$q) begin
            rd_queue = sweep_ctr$q;
        end
        else if ((~idle_seq & seq_cmd$q) | (idle_seq & cmd_valid)) begin
            rd_queue = cmd_queue;
            data = cmd_arg;
            head = cmd_arg[(32'h0)+:(16)];
            dst_ok = 1'b1;
        end
        else if (~idle_seq | any_elig) begin
            rd_queue = sel_queue;
            dst_ok = 1'b1;
            from_slot = 1'b1;
        end
        queue = rd_queue;
        in_range = ~|(rd_queue & queue_high_mask);
        swept_o = swept$q;
        seq_idle = idle_seq;
    end
    
endmodule // renq_node$card$engine$adm


module renq_node$card$engine$adm$room_p0(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$room_p0


module renq_node$card$engine$adm$room_p1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$room_p1


module renq_node$card$engine$adm$room_p2(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$room_p2


module renq_node$card$engine$adm$room_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$room_r


module renq_node$card$engine$adm$seq_cmd(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$seq_cmd


module renq_node$card$engine$adm$seq_on(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$seq_on


module renq_node$card$engine$adm$seq_phase(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$seq_phase


module renq_node$card$engine$adm$seq_queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$seq_queue_r


module renq_node$card$engine$adm$seq_slot(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$adm$seq_slot


module renq_node$card$engine$adm$sweep_ctr(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$sweep_ctr


module renq_node$card$engine$adm$swept(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$swept


module renq_node$card$engine$adm$took_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$adm$took_r


module renq_node$card$engine$b(d,q,clock);
    
    // Module arguments
    input wire  [130:0] d;
    output reg  [130:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 131'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$b


module renq_node$card$engine$b_go(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$b_go


module renq_node$card$engine$b_parked_ahead(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$b_parked_ahead


module renq_node$card$engine$b_rehead_go(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$b_rehead_go


module renq_node$card$engine$b_reinj_go(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$b_reinj_go


module renq_node$card$engine$buf_eq_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$buf_eq_r


module renq_node$card$engine$coal(clock,success,next_same,armed,arm_notify,last,link,link_only,link_word,base,slot,data,tail,next_tail,push,e_has_data,e_publish,e_notify,e_base,e_slot,e_data,e_tail,e_link,e_link_word,owe);
    
    // Module arguments
    input wire  clock;
    input wire  success;
    input wire  next_same;
    input wire  armed;
    input wire  arm_notify;
    input wire  last;
    input wire  link;
    input wire  link_only;
    input wire  [47:0] link_word;
    input wire  [47:0] base;
    input wire  [15:0] slot;
    input wire  [63:0] data;
    input wire  [15:0] tail;
    input wire  [15:0] next_tail;
    output reg  push;
    output reg  e_has_data;
    output reg  e_publish;
    output reg  e_notify;
    output reg  [47:0] e_base;
    output reg  [15:0] e_slot;
    output reg  [63:0] e_data;
    output reg  [15:0] e_tail;
    output reg  e_link;
    output reg  [47:0] e_link_word;
    output reg  owe;
    
    // Constant declarations
    localparam  run_last = 4'h7;
    localparam  one_run = 4'h1;
    localparam  zero_run = 4'h0;
    
    // Stub signals
    reg  [3:0] run$d;
    wire  [3:0] run$q;
    reg  run$clock;
    reg  owe_r$d;
    wire  owe_r$q;
    reg  owe_r$clock;
    reg  w_push$d;
    wire  w_push$q;
    reg  w_push$clock;
    reg  w_has_data$d;
    wire  w_has_data$q;
    reg  w_has_data$clock;
    reg  w_publish$d;
    wire  w_publish$q;
    reg  w_publish$clock;
    reg  w_notify$d;
    wire  w_notify$q;
    reg  w_notify$clock;
    reg  [47:0] w_base$d;
    wire  [47:0] w_base$q;
    reg  w_base$clock;
    reg  [15:0] w_slot$d;
    wire  [15:0] w_slot$q;
    reg  w_slot$clock;
    reg  [63:0] w_data$d;
    wire  [63:0] w_data$q;
    reg  w_data$clock;
    reg  [15:0] w_tail$d;
    wire  [15:0] w_tail$q;
    reg  w_tail$clock;
    reg  w_link$d;
    wire  w_link$q;
    reg  w_link$clock;
    reg  [47:0] w_link_word$d;
    wire  [47:0] w_link_word$q;
    reg  w_link_word$clock;
    
    // Local signals
    reg  publish;
    
    // Sub module instances
    renq_node$card$engine$coal$run run(
        .d(run$d),
        .q(run$q),
        .clock(run$clock)
    );
    renq_node$card$engine$coal$owe_r owe_r(
        .d(owe_r$d),
        .q(owe_r$q),
        .clock(owe_r$clock)
    );
    renq_node$card$engine$coal$w_push w_push(
        .d(w_push$d),
        .q(w_push$q),
        .clock(w_push$clock)
    );
    renq_node$card$engine$coal$w_has_data w_has_data(
        .d(w_has_data$d),
        .q(w_has_data$q),
        .clock(w_has_data$clock)
    );
    renq_node$card$engine$coal$w_publish w_publish(
        .d(w_publish$d),
        .q(w_publish$q),
        .clock(w_publish$clock)
    );
    renq_node$card$engine$coal$w_notify w_notify(
        .d(w_notify$d),
        .q(w_notify$q),
        .clock(w_notify$clock)
    );
    renq_node$card$engine$coal$w_base w_base(
        .d(w_base$d),
        .q(w_base$q),
        .clock(w_base$clock)
    );
    renq_node$card$engine$coal$w_slot w_slot(
        .d(w_slot$d),
        .q(w_slot$q),
        .clock(w_slot$clock)
    );
    renq_node$card$engine$coal$w_data w_data(
        .d(w_data$d),
        .q(w_data$q),
        .clock(w_data$clock)
    );
    renq_node$card$engine$coal$w_tail w_tail(
        .d(w_tail$d),
        .q(w_tail$q),
        .clock(w_tail$clock)
    );
    renq_node$card$engine$coal$w_link w_link(
        .d(w_link$d),
        .q(w_link$q),
        .clock(w_link$clock)
    );
    renq_node$card$engine$coal$w_link_word w_link_word(
        .d(w_link_word$d),
        .q(w_link_word$q),
        .clock(w_link_word$clock)
    );
    
    // Update code
    always @(*) begin
        run$clock = clock;
        owe_r$clock = clock;
        w_push$clock = clock;
        w_has_data$clock = clock;
        w_publish$clock = clock;
        w_notify$clock = clock;
        w_base$clock = clock;
        w_slot$clock = clock;
        w_data$clock = clock;
        w_tail$clock = clock;
        w_link$clock = clock;
        w_link_word$clock = clock;
        run$d = run$q;
        owe_r$d = owe_r$q;
        w_push$d = w_push$q;
        w_has_data$d = w_has_data$q;
        w_publish$d = w_publish$q;
        w_notify$d = w_notify$q;
        w_base$d = w_base$q;
        w_slot$d = w_slot$q;
        w_data$d = w_data$q;
        w_tail$d = w_tail$q;
        w_link$d = w_link$q;
        w_link_word$d = w_link_word$q;
        publish = 1'b1;
        if (next_same & (run$q != run_last) & ~armed & ~last) begin
            publish = 1'b0;
        end
        w_push$d = 1'b0;
        w_has_data$d = 1'b1;
        w_publish$d = publish;
        w_notify$d = armed;
        w_base$d = base;
        w_slot$d = slot;
        w_data$d = data;
        w_link$d = link;
        w_link_word$d = link_word;
        w_tail$d = tail;
        if (success) begin
            w_tail$d = next_tail;
        end
        run$d = zero_run;
        owe_r$d = 1'b0;
        if (success & ~publish) begin
            run$d = run$q + one_run;
            owe_r$d = 1'b1;
        end
        if (success) begin
            w_push$d = 1'b1;
        end
        else if (owe_r$q) begin
            w_push$d = 1'b1;
            w_has_data$d = 1'b0;
            w_publish$d = 1'b1;
            w_notify$d = 1'b0;
        end
        else if (arm_notify) begin
            w_push$d = 1'b1;
            w_has_data$d = 1'b0;
            w_publish$d = 1'b0;
            w_notify$d = 1'b1;
        end
        else if (link_only) begin
            w_push$d = 1'b1;
            w_has_data$d = 1'b0;
            w_publish$d = 1'b0;
            w_notify$d = 1'b0;
            w_link$d = 1'b1;
        end
        push = w_push$q;
        e_has_data = w_has_data$q;
        e_publish = w_publish$q;
        e_notify = w_notify$q;
        e_base = w_base$q;
        e_slot = w_slot$q;
        e_data = w_data$q;
        e_tail = w_tail$q;
        e_link = w_link$q;
        e_link_word = w_link_word$q;
        owe = owe_r$q;
    end
    
endmodule // renq_node$card$engine$coal


module renq_node$card$engine$coal$owe_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$owe_r


module renq_node$card$engine$coal$run(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$run


module renq_node$card$engine$coal$w_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_base


module renq_node$card$engine$coal$w_data(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_data


module renq_node$card$engine$coal$w_has_data(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_has_data


module renq_node$card$engine$coal$w_link(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_link


module renq_node$card$engine$coal$w_link_word(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_link_word


module renq_node$card$engine$coal$w_notify(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_notify


module renq_node$card$engine$coal$w_publish(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_publish


module renq_node$card$engine$coal$w_push(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_push


module renq_node$card$engine$coal$w_slot(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_slot


module renq_node$card$engine$coal$w_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$coal$w_tail


module renq_node$card$engine$dec(clock,op,queue,src,portal,data,in_range,dst_ok,go,reinj_go,rehead_go,cam,flags,mask,base,tail,free,free_nz,ok,okx,next_tail,free_m1,free_m1_nz,fwd_okx,fwd_free_nz,ne,head_bad,head_best,head_best_nz,head_valid,head_okx,x_valid,x_k,x_mask,x_base,x_free,x_valid_bit,x_aligned,x_run,x_run_fits,spare,base_next,buf_eq,valid,stalled,armed,success,arm_notify,park_new,follow,retire,repark,untake,write,w_valid,w_stalled,w_armed,w_k,w_epoch,w_mask,w_base,w_tail,w_free,w_free_nz,w_spare,switch,link_only,link_word,ev_enqueued,ev_rejected,ev_refused,ev_overflow,ev_bad_header,ev_query,ev_switch,ev_entered_run,ev_queue,ev_src,ev_portal,ev_epoch,ev_data);
    
    // Module arguments
    input wire  clock;
    input wire  [3:0] op;
    input wire  [11:0] queue;
    input wire  [9:0] src;
    input wire  [11:0] portal;
    input wire  [63:0] data;
    input wire  in_range;
    input wire  dst_ok;
    input wire  go;
    input wire  reinj_go;
    input wire  rehead_go;
    input wire  cam;
    input wire  [15:0] flags;
    input wire  [15:0] mask;
    input wire  [47:0] base;
    input wire  [15:0] tail;
    input wire  [15:0] free;
    input wire  free_nz;
    input wire  ok;
    input wire  okx;
    input wire  [15:0] next_tail;
    input wire  [15:0] free_m1;
    input wire  free_m1_nz;
    input wire  fwd_okx;
    input wire  fwd_free_nz;
    input wire  ne;
    input wire  head_bad;
    input wire  [15:0] head_best;
    input wire  head_best_nz;
    input wire  head_valid;
    input wire  head_okx;
    input wire  x_valid;
    input wire  [4:0] x_k;
    input wire  [15:0] x_mask;
    input wire  [47:0] x_base;
    input wire  [15:0] x_free;
    input wire  x_valid_bit;
    input wire  x_aligned;
    input wire  [9:0] x_run;
    input wire  x_run_fits;
    input wire  [67:0] spare;
    input wire  [47:0] base_next;
    input wire  buf_eq;
    output reg  valid;
    output reg  stalled;
    output reg  armed;
    output reg  success;
    output reg  arm_notify;
    output reg  park_new;
    output reg  follow;
    output reg  retire;
    output reg  repark;
    output reg  untake;
    output reg  write;
    output reg  w_valid;
    output reg  w_stalled;
    output reg  w_armed;
    output reg  [4:0] w_k;
    output reg  [7:0] w_epoch;
    output reg  [15:0] w_mask;
    output reg  [47:0] w_base;
    output reg  [15:0] w_tail;
    output reg  [15:0] w_free;
    output reg  w_free_nz;
    output reg  [67:0] w_spare;
    output reg  switch;
    output reg  link_only;
    output reg  [47:0] link_word;
    output reg  ev_enqueued;
    output reg  ev_rejected;
    output reg  ev_refused;
    output reg  ev_overflow;
    output reg  ev_bad_header;
    output reg  ev_query;
    output reg  ev_switch;
    output reg  ev_entered_run;
    output reg  [11:0] ev_queue;
    output reg  [9:0] ev_src;
    output reg  [11:0] ev_portal;
    output reg  [7:0] ev_epoch;
    output reg  [63:0] ev_data;
    
    // Constant declarations
    localparam  op_packet = 4'h1;
    localparam  op_reinject = 4'h2;
    localparam  op_replay = 4'hb;
    localparam  op_export = 4'h3;
    localparam  op_head = 4'h4;
    localparam  op_resume = 4'h5;
    localparam  op_clear = 4'h6;
    localparam  op_arm = 4'h7;
    localparam  op_query = 4'h8;
    localparam  op_spare = 4'he;
    localparam  spare_valid = 48'h20;
    localparam  link_next_mask = 48'hffffffffffc0;
    localparam  all_ones_index = 16'hffff;
    localparam  header_mask = 16'hfffc;
    localparam  zero_spare = 68'h0;
    localparam  posted_rest_lsb = 7'b110000;
    localparam  current_rest_lsb = 7'b111010;
    localparam  rest_w = 7'b1010;
    localparam  current_rest_mask = 68'hffc00000000000000;
    localparam  posted_rest_mask = 68'h3ff000000000000;
    localparam  current_rest_one = 68'h400000000000000;
    localparam  spare_valid_w = 68'h20;
    localparam  one_count = 64'h1;
    localparam  first_data_index = 16'h3;
    localparam  zero_index = 16'h0;
    localparam  zero_k = 5'b0;
    localparam  one_epoch = 8'h1;
    localparam  zero_epoch = 8'h0;
    localparam  zero_word = 64'h0;
    localparam  zero_addr = 48'h0;
    localparam  valid_pos = 4'h0;
    localparam  stalled_pos = 4'h1;
    localparam  armed_pos = 4'h2;
    localparam  k_pos = 4'h3;
    localparam  epoch_pos = 4'h8;
    localparam  query_tail_lsb = 6'b10000;
    localparam  query_free_lsb = 6'b100000;
    localparam  query_spares_lsb = 6'b110000;
    localparam  query_waiting = 64'h4000000000000000;
    
    // Stub signals
    reg  [4:0] k_wide$narrow;
    wire  [47:0] k_wide$wide;
    reg  [47:0] x_base_wide$narrow;
    wire  [67:0] x_base_wide$wide;
    reg  [4:0] x_k_spare$narrow;
    wire  [67:0] x_k_spare$wide;
    reg  [9:0] x_run_wide$narrow;
    wire  [67:0] x_run_wide$wide;
    reg  [9:0] cur_count$narrow;
    wire  [63:0] cur_count$wide;
    reg  [9:0] sp_count$narrow;
    wire  [63:0] sp_count$wide;
    reg  [4:0] x_k_wide$narrow;
    wire  [47:0] x_k_wide$wide;
    reg  [15:0] query_flags$narrow;
    wire  [63:0] query_flags$wide;
    reg  [15:0] query_tail$narrow;
    wire  [63:0] query_tail$wide;
    reg  [15:0] query_free$narrow;
    wire  [63:0] query_free$wide;
    reg  e_enqueued$d;
    wire  e_enqueued$q;
    reg  e_enqueued$clock;
    reg  e_rejected$d;
    wire  e_rejected$q;
    reg  e_rejected$clock;
    reg  e_refused$d;
    wire  e_refused$q;
    reg  e_refused$clock;
    reg  e_overflow$d;
    wire  e_overflow$q;
    reg  e_overflow$clock;
    reg  e_bad_header$d;
    wire  e_bad_header$q;
    reg  e_bad_header$clock;
    reg  e_query$d;
    wire  e_query$q;
    reg  e_query$clock;
    reg  e_switch$d;
    wire  e_switch$q;
    reg  e_switch$clock;
    reg  e_entered_run$d;
    wire  e_entered_run$q;
    reg  e_entered_run$clock;
    reg  [11:0] e_queue$d;
    wire  [11:0] e_queue$q;
    reg  e_queue$clock;
    reg  [9:0] e_src$d;
    wire  [9:0] e_src$q;
    reg  e_src$clock;
    reg  [11:0] e_portal$d;
    wire  [11:0] e_portal$q;
    reg  e_portal$clock;
    reg  [7:0] e_epoch$d;
    wire  [7:0] e_epoch$q;
    reg  e_epoch$clock;
    reg  [63:0] e_data$d;
    wire  [63:0] e_data$q;
    reg  e_data$clock;
    
    // Local signals
    reg  [4:0] k;
    reg  [7:0] epoch;
    reg  is_item;
    reg  from_slot;
    reg  target_ok;
    reg  [7:0] end_epoch;
    reg  stall;
    reg  [9:0] cur_rest;
    reg  cur_nz;
    reg  [47:0] sp_link;
    reg  sp_valid;
    reg  [4:0] sp_k;
    reg  [47:0] sp_base;
    reg  [15:0] sp_mask;
    reg  [15:0] sp_free;
    reg  [47:0] run_link;
    reg  [15:0] own_free;
    reg  switch_sel;
    reg  [63:0] spare_count;
    reg  [47:0] x_link;
    reg  [63:0] query_word;
    reg  [63:0] query_spares;
    
    // Sub module instances
    renq_node$card$engine$dec$k_wide k_wide(
        .narrow(k_wide$narrow),
        .wide(k_wide$wide)
    );
    renq_node$card$engine$dec$x_base_wide x_base_wide(
        .narrow(x_base_wide$narrow),
        .wide(x_base_wide$wide)
    );
    renq_node$card$engine$dec$x_k_spare x_k_spare(
        .narrow(x_k_spare$narrow),
        .wide(x_k_spare$wide)
    );
    renq_node$card$engine$dec$x_run_wide x_run_wide(
        .narrow(x_run_wide$narrow),
        .wide(x_run_wide$wide)
    );
    renq_node$card$engine$dec$cur_count cur_count(
        .narrow(cur_count$narrow),
        .wide(cur_count$wide)
    );
    renq_node$card$engine$dec$sp_count sp_count(
        .narrow(sp_count$narrow),
        .wide(sp_count$wide)
    );
    renq_node$card$engine$dec$x_k_wide x_k_wide(
        .narrow(x_k_wide$narrow),
        .wide(x_k_wide$wide)
    );
    renq_node$card$engine$dec$query_flags query_flags(
        .narrow(query_flags$narrow),
        .wide(query_flags$wide)
    );
    renq_node$card$engine$dec$query_tail query_tail(
        .narrow(query_tail$narrow),
        .wide(query_tail$wide)
    );
    renq_node$card$engine$dec$query_free query_free(
        .narrow(query_free$narrow),
        .wide(query_free$wide)
    );
    renq_node$card$engine$dec$e_enqueued e_enqueued(
        .d(e_enqueued$d),
        .q(e_enqueued$q),
        .clock(e_enqueued$clock)
    );
    renq_node$card$engine$dec$e_rejected e_rejected(
        .d(e_rejected$d),
        .q(e_rejected$q),
        .clock(e_rejected$clock)
    );
    renq_node$card$engine$dec$e_refused e_refused(
        .d(e_refused$d),
        .q(e_refused$q),
        .clock(e_refused$clock)
    );
    renq_node$card$engine$dec$e_overflow e_overflow(
        .d(e_overflow$d),
        .q(e_overflow$q),
        .clock(e_overflow$clock)
    );
    renq_node$card$engine$dec$e_bad_header e_bad_header(
        .d(e_bad_header$d),
        .q(e_bad_header$q),
        .clock(e_bad_header$clock)
    );
    renq_node$card$engine$dec$e_query e_query(
        .d(e_query$d),
        .q(e_query$q),
        .clock(e_query$clock)
    );
    renq_node$card$engine$dec$e_switch e_switch(
        .d(e_switch$d),
        .q(e_switch$q),
        .clock(e_switch$clock)
    );
    renq_node$card$engine$dec$e_entered_run e_entered_run(
        .d(e_entered_run$d),
        .q(e_entered_run$q),
        .clock(e_entered_run$clock)
    );
    renq_node$card$engine$dec$e_queue e_queue(
        .d(e_queue$d),
        .q(e_queue$q),
        .clock(e_queue$clock)
    );
    renq_node$card$engine$dec$e_src e_src(
        .d(e_src$d),
        .q(e_src$q),
        .clock(e_src$clock)
    );
    renq_node$card$engine$dec$e_portal e_portal(
        .d(e_portal$d),
        .q(e_portal$q),
        .clock(e_portal$clock)
    );
    renq_node$card$engine$dec$e_epoch e_epoch(
        .d(e_epoch$d),
        .q(e_epoch$q),
        .clock(e_epoch$clock)
    );
    renq_node$card$engine$dec$e_data e_data(
        .d(e_data$d),
        .q(e_data$q),
        .clock(e_data$clock)
    );
    
    // Update code
    always @(*) begin
        e_enqueued$clock = clock;
        e_rejected$clock = clock;
        e_refused$clock = clock;
        e_overflow$clock = clock;
        e_bad_header$clock = clock;
        e_query$clock = clock;
        e_switch$clock = clock;
        e_entered_run$clock = clock;
        e_queue$clock = clock;
        e_src$clock = clock;
        e_portal$clock = clock;
        e_epoch$clock = clock;
        e_data$clock = clock;
        e_enqueued$d = e_enqueued$q;
        e_rejected$d = e_rejected$q;
        e_refused$d = e_refused$q;
        e_overflow$d = e_overflow$q;
        e_bad_header$d = e_bad_header$q;
        e_query$d = e_query$q;
        e_switch$d = e_switch$q;
        e_entered_run$d = e_entered_run$q;
        e_queue$d = e_queue$q;
        e_src$d = e_src$q;
        e_portal$d = e_portal$q;
        e_epoch$d = e_epoch$q;
        e_data$d = e_data$q;
        valid = flags[valid_pos];
        stalled = flags[stalled_pos];
        armed = flags[armed_pos];
        k = flags[(k_pos)+:(5)];
        epoch = flags[(epoch_pos)+:(8)];
        cur_rest = spare[(current_rest_lsb)+:(10)];
        cur_nz = |cur_rest;
        sp_link = spare[(32'h0)+:(48)];
        sp_valid = |(sp_link & spare_valid);
        sp_k = sp_link[(32'h0)+:(5)];
        sp_base = sp_link & link_next_mask;
        sp_mask = ~(all_ones_index << sp_k);
        sp_free = sp_mask & header_mask;
        own_free = mask & header_mask;
        k_wide$narrow = flags[(k_pos)+:(5)];
        run_link = base_next | k_wide$wide;
        switch_sel = ~free_m1_nz & (cur_nz | sp_valid);
        x_k_wide$narrow = x_k;
        x_link = x_base | x_k_wide$wide;
        x_base_wide$narrow = x_base;
        x_k_spare$narrow = x_k;
        x_run_wide$narrow = x_run;
        cur_count$narrow = spare[(current_rest_lsb)+:(10)];
        sp_count$narrow = spare[(posted_rest_lsb)+:(10)];
        is_item = (op == op_packet) | (op == op_reinject) | (op == op_replay);
        from_slot = (op == op_reinject) | (op == op_replay);
        target_ok = in_range & dst_ok & valid;
        end_epoch = epoch;
        if (stalled) begin
            end_epoch = epoch + one_epoch;
        end
        success = go & ok;
        park_new = 1'b0;
        follow = 1'b0;
        repark = 1'b0;
        untake = 1'b0;
        retire = 1'b0;
        arm_notify = 1'b0;
        e_enqueued$d = 1'b0;
        e_rejected$d = 1'b0;
        e_refused$d = 1'b0;
        e_overflow$d = 1'b0;
        e_bad_header$d = 1'b0;
        e_query$d = 1'b0;
        e_switch$d = 1'b0;
        e_entered_run$d = 1'b0;
        link_only = 1'b0;
        link_word = sp_link & ~spare_valid;
        if (cur_nz) begin
            link_word = run_link;
        end
        e_queue$d = queue;
        e_src$d = src;
        e_portal$d = portal;
        e_epoch$d = epoch;
        e_data$d = data;
        write = 1'b0;
        w_valid = valid;
        w_stalled = stalled;
        w_armed = armed;
        w_k = k;
        w_epoch = epoch;
        w_mask = mask;
        w_base = base;
        w_tail = tail;
        w_free = free;
        w_free_nz = free_nz;
        w_spare = spare;
        if (is_item) begin
            if ((op == op_packet) & cam) begin
                follow = 1'b1;
            end
            else if ((op == op_replay) & cam) begin
                untake = 1'b1;
            end
            else if (~target_ok) begin
                e_rejected$d = 1'b1;
                e_epoch$d = zero_epoch;
                retire = from_slot;
            end
            else if (~okx) begin
                e_refused$d = 1'b1;
                retire = from_slot;
            end
            else if (free_nz) begin
                e_enqueued$d = 1'b1;
                retire = from_slot;
            end
            else if (op == op_reinject) begin
                e_overflow$d = 1'b1;
                e_refused$d = 1'b1;
                retire = 1'b1;
            end
            else if (op == op_packet) begin
                park_new = 1'b1;
            end
            else begin
                repark = 1'b1;
            end
        end
        stall = reinj_go & fwd_okx & ~fwd_free_nz;
        if (rehead_go & head_okx) begin
            if (head_bad) begin
                e_bad_header$d = 1'b1;
            end
            else begin
                write = 1'b1;
                w_free = head_best;
                w_free_nz = head_best_nz;
            end
        end
        if (in_range) begin
            if ((op == op_head) & head_valid & buf_eq) begin
                if (head_bad) begin
                    e_bad_header$d = 1'b1;
                end
                else begin
                    write = 1'b1;
                    w_free = head_best;
                    w_free_nz = head_best_nz;
                end
            end
            if (op == op_resume) begin
                write = 1'b1;
                w_stalled = 1'b0;
                w_epoch = end_epoch;
            end
            if ((op == op_arm) & valid) begin
                if (ne | ~buf_eq) begin
                    arm_notify = 1'b1;
                end
                else begin
                    write = 1'b1;
                    w_armed = 1'b1;
                end
            end
            if (op == op_export) begin
                write = 1'b1;
                w_valid = x_valid;
                w_spare = spare & ~current_rest_mask;
                if (~x_valid) begin
                    w_spare = zero_spare;
                end
                w_stalled = 1'b0;
                w_epoch = end_epoch;
                if (x_valid) begin
                    w_k = x_k;
                    w_mask = x_mask;
                    w_base = x_base;
                    w_tail = first_data_index;
                    w_free = x_free;
                    w_free_nz = 1'b1;
                end
            end
        end
        if ((op == op_spare) & in_range & valid) begin
            if (~x_valid_bit) begin
                write = 1'b1;
                w_spare = zero_spare;
            end
            else if (~x_valid | ~x_aligned | ~x_run_fits | sp_valid) begin
                e_bad_header$d = 1'b1;
            end
            else if (~free_nz & ~stalled & ~cam) begin
                write = 1'b1;
                w_k = x_k;
                w_mask = x_mask;
                w_base = x_base;
                w_tail = first_data_index;
                w_free = x_free;
                w_free_nz = 1'b1;
                link_only = 1'b1;
                link_word = x_link;
                w_spare = x_run_wide$wide << current_rest_lsb;
                e_switch$d = 1'b1;
                e_entered_run$d = 1'b1;
            end
            else begin
                write = 1'b1;
                w_spare = (spare & current_rest_mask) | (x_run_wide$wide << posted_rest_lsb) | x_base_wide$wide | x_k_spare$wide | spare_valid_w;
            end
        end
        query_flags$narrow = flags;
        query_tail$narrow = tail;
        query_free$narrow = free;
        spare_count = cur_count$wide;
        if (sp_valid) begin
            spare_count = cur_count$wide + sp_count$wide + one_count;
        end
        query_spares = spare_count << query_spares_lsb;
        if (sp_valid) begin
            query_spares = (spare_count << query_spares_lsb) | query_waiting;
        end
        query_word = query_flags$wide | (query_tail$wide << query_tail_lsb) | (query_free$wide << query_free_lsb) | query_spares;
        if (op == op_query) begin
            e_query$d = 1'b1;
            e_data$d = zero_word;
            if (in_range) begin
                e_data$d = query_word;
            end
        end
        if (op == op_clear) begin
            write = 1'b1;
            w_valid = 1'b0;
            w_stalled = 1'b0;
            w_armed = 1'b0;
            w_k = zero_k;
            w_epoch = zero_epoch;
            w_mask = zero_index;
            w_base = zero_addr;
            w_tail = zero_index;
            w_free = zero_index;
            w_free_nz = 1'b0;
            w_spare = zero_spare;
        end
        if (stall) begin
            write = 1'b1;
            w_stalled = 1'b1;
            w_free = zero_index;
            w_free_nz = 1'b0;
        end
        if (success) begin
            write = 1'b1;
            w_tail = next_tail;
            w_free = free_m1;
            w_free_nz = free_m1_nz;
            w_armed = 1'b0;
            if (switch_sel) begin
                w_tail = first_data_index;
                w_free_nz = 1'b1;
                e_switch$d = 1'b1;
                if (cur_nz) begin
                    w_base = base_next;
                    w_free = own_free;
                    w_spare = spare - current_rest_one;
                end
                else begin
                    e_entered_run$d = 1'b1;
                    w_k = sp_k;
                    w_mask = sp_mask;
                    w_base = sp_base;
                    w_free = sp_free;
                    w_spare = (spare & posted_rest_mask) << rest_w;
                end
            end
        end
        switch = success & switch_sel;
        ev_enqueued = e_enqueued$q;
        ev_rejected = e_rejected$q;
        ev_refused = e_refused$q;
        ev_overflow = e_overflow$q;
        ev_bad_header = e_bad_header$q;
        ev_query = e_query$q;
        ev_switch = e_switch$q;
        ev_entered_run = e_entered_run$q;
        ev_queue = e_queue$q;
        ev_src = e_src$q;
        ev_portal = e_portal$q;
        ev_epoch = e_epoch$q;
        ev_data = e_data$q;
    end
    
endmodule // renq_node$card$engine$dec


module renq_node$card$engine$dec$cur_count(narrow,wide);
    
    // Module arguments
    input wire  [9:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {54'd0, narrow};
endmodule // renq_node$card$engine$dec$cur_count


module renq_node$card$engine$dec$e_bad_header(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_bad_header


module renq_node$card$engine$dec$e_data(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_data


module renq_node$card$engine$dec$e_enqueued(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_enqueued


module renq_node$card$engine$dec$e_entered_run(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_entered_run


module renq_node$card$engine$dec$e_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_epoch


module renq_node$card$engine$dec$e_overflow(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_overflow


module renq_node$card$engine$dec$e_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_portal


module renq_node$card$engine$dec$e_query(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_query


module renq_node$card$engine$dec$e_queue(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_queue


module renq_node$card$engine$dec$e_refused(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_refused


module renq_node$card$engine$dec$e_rejected(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_rejected


module renq_node$card$engine$dec$e_src(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_src


module renq_node$card$engine$dec$e_switch(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$dec$e_switch


module renq_node$card$engine$dec$k_wide(narrow,wide);
    
    // Module arguments
    input wire  [4:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {43'd0, narrow};
endmodule // renq_node$card$engine$dec$k_wide


module renq_node$card$engine$dec$query_flags(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_node$card$engine$dec$query_flags


module renq_node$card$engine$dec$query_free(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_node$card$engine$dec$query_free


module renq_node$card$engine$dec$query_tail(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_node$card$engine$dec$query_tail


module renq_node$card$engine$dec$sp_count(narrow,wide);
    
    // Module arguments
    input wire  [9:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {54'd0, narrow};
endmodule // renq_node$card$engine$dec$sp_count


module renq_node$card$engine$dec$x_base_wide(narrow,wide);
    
    // Module arguments
    input wire  [47:0] narrow;
    output reg  [67:0] wide;
    
    // Update code (custom)
    always @(*) wide = {20'd0, narrow};
endmodule // renq_node$card$engine$dec$x_base_wide


module renq_node$card$engine$dec$x_k_spare(narrow,wide);
    
    // Module arguments
    input wire  [4:0] narrow;
    output reg  [67:0] wide;
    
    // Update code (custom)
    always @(*) wide = {63'd0, narrow};
endmodule // renq_node$card$engine$dec$x_k_spare


module renq_node$card$engine$dec$x_k_wide(narrow,wide);
    
    // Module arguments
    input wire  [4:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {43'd0, narrow};
endmodule // renq_node$card$engine$dec$x_k_wide


module renq_node$card$engine$dec$x_run_wide(narrow,wide);
    
    // Module arguments
    input wire  [9:0] narrow;
    output reg  [67:0] wide;
    
    // Update code (custom)
    always @(*) wide = {58'd0, narrow};
endmodule // renq_node$card$engine$dec$x_run_wide


module renq_node$card$engine$e_live(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$e_live


module renq_node$card$engine$f(d,q,clock);
    
    // Module arguments
    input wire  [130:0] d;
    output reg  [130:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 131'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$f


module renq_node$card$engine$f_epoch_m1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$f_epoch_m1


module renq_node$card$engine$fw(clock,q_flags,q_mask,q_base,q_tail,q_free,q_free_nz,q_spare,w_flags,w_mask,w_base,w_tail,w_free,w_free_nz,w_spare,b_live,b_queue,f_queue,f_epoch,f_epoch_m1,bump,clear,b_fwd,s_flags,s_mask,s_base,s_tail,s_free,s_free_nz,s_spare,p_flags,p_mask,p_tail,p_free,p_free_nz,p_eq);
    
    // Module arguments
    input wire  clock;
    input wire  [15:0] q_flags;
    input wire  [15:0] q_mask;
    input wire  [47:0] q_base;
    input wire  [15:0] q_tail;
    input wire  [15:0] q_free;
    input wire  q_free_nz;
    input wire  [67:0] q_spare;
    input wire  [15:0] w_flags;
    input wire  [15:0] w_mask;
    input wire  [47:0] w_base;
    input wire  [15:0] w_tail;
    input wire  [15:0] w_free;
    input wire  w_free_nz;
    input wire  [67:0] w_spare;
    input wire  b_live;
    input wire  [11:0] b_queue;
    input wire  [11:0] f_queue;
    input wire  [7:0] f_epoch;
    input wire  [7:0] f_epoch_m1;
    input wire  bump;
    input wire  clear;
    output reg  b_fwd;
    output reg  [15:0] s_flags;
    output reg  [15:0] s_mask;
    output reg  [47:0] s_base;
    output reg  [15:0] s_tail;
    output reg  [15:0] s_free;
    output reg  s_free_nz;
    output reg  [67:0] s_spare;
    output reg  [15:0] p_flags;
    output reg  [15:0] p_mask;
    output reg  [15:0] p_tail;
    output reg  [15:0] p_free;
    output reg  p_free_nz;
    output reg  p_eq;
    
    // Constant declarations
    localparam  epoch_pos = 4'h8;
    
    // Stub signals
    reg  fwd_r$d;
    wire  fwd_r$q;
    reg  fwd_r$clock;
    reg  [15:0] pf_flags$d;
    wire  [15:0] pf_flags$q;
    reg  pf_flags$clock;
    reg  [15:0] pf_mask$d;
    wire  [15:0] pf_mask$q;
    reg  pf_mask$clock;
    reg  [47:0] pf_base$d;
    wire  [47:0] pf_base$q;
    reg  pf_base$clock;
    reg  [15:0] pf_tail$d;
    wire  [15:0] pf_tail$q;
    reg  pf_tail$clock;
    reg  [15:0] pf_free$d;
    wire  [15:0] pf_free$q;
    reg  pf_free$clock;
    reg  pf_free_nz$d;
    wire  pf_free_nz$q;
    reg  pf_free_nz$clock;
    reg  [67:0] pf_spare$d;
    wire  [67:0] pf_spare$q;
    reg  pf_spare$clock;
    reg  eq_r$d;
    wire  eq_r$q;
    reg  eq_r$clock;
    
    // Local signals
    reg  [7:0] ram_epoch;
    reg  [7:0] fwd_epoch;
    reg  eq_ram0;
    reg  eq_fwd0;
    reg  eq_ram1;
    reg  eq_fwd1;
    reg  eq_zero;
    
    // Sub module instances
    renq_node$card$engine$fw$fwd_r fwd_r(
        .d(fwd_r$d),
        .q(fwd_r$q),
        .clock(fwd_r$clock)
    );
    renq_node$card$engine$fw$pf_flags pf_flags(
        .d(pf_flags$d),
        .q(pf_flags$q),
        .clock(pf_flags$clock)
    );
    renq_node$card$engine$fw$pf_mask pf_mask(
        .d(pf_mask$d),
        .q(pf_mask$q),
        .clock(pf_mask$clock)
    );
    renq_node$card$engine$fw$pf_base pf_base(
        .d(pf_base$d),
        .q(pf_base$q),
        .clock(pf_base$clock)
    );
    renq_node$card$engine$fw$pf_tail pf_tail(
        .d(pf_tail$d),
        .q(pf_tail$q),
        .clock(pf_tail$clock)
    );
    renq_node$card$engine$fw$pf_free pf_free(
        .d(pf_free$d),
        .q(pf_free$q),
        .clock(pf_free$clock)
    );
    renq_node$card$engine$fw$pf_free_nz pf_free_nz(
        .d(pf_free_nz$d),
        .q(pf_free_nz$q),
        .clock(pf_free_nz$clock)
    );
    renq_node$card$engine$fw$pf_spare pf_spare(
        .d(pf_spare$d),
        .q(pf_spare$q),
        .clock(pf_spare$clock)
    );
    renq_node$card$engine$fw$eq_r eq_r(
        .d(eq_r$d),
        .q(eq_r$q),
        .clock(eq_r$clock)
    );
    
    // Update code
    always @(*) begin
        fwd_r$clock = clock;
        pf_flags$clock = clock;
        pf_mask$clock = clock;
        pf_base$clock = clock;
        pf_tail$clock = clock;
        pf_free$clock = clock;
        pf_free_nz$clock = clock;
        pf_spare$clock = clock;
        eq_r$clock = clock;
        fwd_r$d = fwd_r$q;
        pf_flags$d = pf_flags$q;
        pf_mask$d = pf_mask$q;
        pf_base$d = pf_base$q;
        pf_tail$d = pf_tail$q;
        pf_free$d = pf_free$q;
        pf_free_nz$d = pf_free_nz$q;
        pf_spare$d = pf_spare$q;
        eq_r$d = eq_r$q;
        s_flags = q_flags;
        s_mask = q_mask;
        s_base = q_base;
        s_tail = q_tail;
        s_free = q_free;
        s_free_nz = q_free_nz;
        s_spare = q_spare;
        if (fwd_r$q) begin
            s_spare = pf_spare$q;
            s_flags = pf_flags$q;
            s_mask = pf_mask$q;
            s_base = pf_base$q;
            s_tail = pf_tail$q;
            s_free = pf_free$q;
            s_free_nz = pf_free_nz$q;
        end
        pf_flags$d = w_flags;
        pf_mask$d = w_mask;
        pf_base$d = w_base;
        pf_tail$d = w_tail;
        pf_free$d = w_free;
        pf_free_nz$d = w_free_nz;
        pf_spare$d = w_spare;
        fwd_r$d = b_live & (b_queue == f_queue);
        ram_epoch = q_flags[(epoch_pos)+:(8)];
        fwd_epoch = pf_flags$q[(epoch_pos)+:(8)];
        eq_ram0 = ram_epoch == f_epoch;
        eq_fwd0 = fwd_epoch == f_epoch;
        eq_ram1 = ram_epoch == f_epoch_m1;
        eq_fwd1 = fwd_epoch == f_epoch_m1;
        eq_zero = ~|f_epoch;
        eq_r$d = eq_ram0;
        if (fwd_r$q) begin
            eq_r$d = eq_fwd0;
        end
        if (bump) begin
            eq_r$d = eq_ram1;
            if (fwd_r$q) begin
                eq_r$d = eq_fwd1;
            end
        end
        if (clear) begin
            eq_r$d = eq_zero;
        end
        b_fwd = fwd_r$q;
        p_flags = pf_flags$q;
        p_mask = pf_mask$q;
        p_tail = pf_tail$q;
        p_free = pf_free$q;
        p_free_nz = pf_free_nz$q;
        p_eq = eq_r$q;
    end
    
endmodule // renq_node$card$engine$fw


module renq_node$card$engine$fw$eq_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$eq_r


module renq_node$card$engine$fw$fwd_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$fwd_r


module renq_node$card$engine$fw$pf_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_base


module renq_node$card$engine$fw$pf_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_flags


module renq_node$card$engine$fw$pf_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_free


module renq_node$card$engine$fw$pf_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_free_nz


module renq_node$card$engine$fw$pf_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_mask


module renq_node$card$engine$fw$pf_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$fw$pf_spare


module renq_node$card$engine$fw$pf_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$fw$pf_tail


module renq_node$card$engine$harith(clock,head_ram,slot_ram,head_fwd,slot_fwd,fwd,mask,free,valid,okx,bad,best,best_nz,max_valid,max_okx);
    
    // Module arguments
    input wire  clock;
    input wire  [15:0] head_ram;
    input wire  [15:0] slot_ram;
    input wire  [15:0] head_fwd;
    input wire  [15:0] slot_fwd;
    input wire  fwd;
    input wire  [15:0] mask;
    input wire  [15:0] free;
    input wire  valid;
    input wire  okx;
    output reg  bad;
    output reg  [15:0] best;
    output reg  best_nz;
    output reg  max_valid;
    output reg  max_okx;
    
    // Constant declarations
    localparam  first_data_index = 16'h3;
    localparam  header_words = 16'h3;
    
    // Stub signals
    reg  [15:0] h_d$d;
    wire  [15:0] h_d$q;
    reg  h_d$clock;
    reg  h_gt$d;
    wire  h_gt$q;
    reg  h_gt$clock;
    reg  [15:0] h_mask$d;
    wire  [15:0] h_mask$q;
    reg  h_mask$clock;
    reg  [15:0] h_fh$d;
    wire  [15:0] h_fh$q;
    reg  h_fh$clock;
    reg  h_bad$d;
    wire  h_bad$q;
    reg  h_bad$clock;
    reg  h_valid$d;
    wire  h_valid$q;
    reg  h_valid$clock;
    reg  h_okx$d;
    wire  h_okx$q;
    reg  h_okx$clock;
    reg  [15:0] h_best$d;
    wire  [15:0] h_best$q;
    reg  h_best$clock;
    reg  h_best_nz$d;
    wire  h_best_nz$q;
    reg  h_best_nz$clock;
    
    // Local signals
    reg  [15:0] head_m;
    reg  [15:0] hd_ram;
    reg  [15:0] hd_fwd;
    reg  gt_ram;
    reg  gt_fwd;
    reg  [15:0] best_free;
    
    // Sub module instances
    renq_node$card$engine$harith$h_d h_d(
        .d(h_d$d),
        .q(h_d$q),
        .clock(h_d$clock)
    );
    renq_node$card$engine$harith$h_gt h_gt(
        .d(h_gt$d),
        .q(h_gt$q),
        .clock(h_gt$clock)
    );
    renq_node$card$engine$harith$h_mask h_mask(
        .d(h_mask$d),
        .q(h_mask$q),
        .clock(h_mask$clock)
    );
    renq_node$card$engine$harith$h_fh h_fh(
        .d(h_fh$d),
        .q(h_fh$q),
        .clock(h_fh$clock)
    );
    renq_node$card$engine$harith$h_bad h_bad(
        .d(h_bad$d),
        .q(h_bad$q),
        .clock(h_bad$clock)
    );
    renq_node$card$engine$harith$h_valid h_valid(
        .d(h_valid$d),
        .q(h_valid$q),
        .clock(h_valid$clock)
    );
    renq_node$card$engine$harith$h_okx h_okx(
        .d(h_okx$d),
        .q(h_okx$q),
        .clock(h_okx$clock)
    );
    renq_node$card$engine$harith$h_best h_best(
        .d(h_best$d),
        .q(h_best$q),
        .clock(h_best$clock)
    );
    renq_node$card$engine$harith$h_best_nz h_best_nz(
        .d(h_best_nz$d),
        .q(h_best_nz$q),
        .clock(h_best_nz$clock)
    );
    
    // Update code
    always @(*) begin
        h_d$clock = clock;
        h_gt$clock = clock;
        h_mask$clock = clock;
        h_fh$clock = clock;
        h_bad$clock = clock;
        h_valid$clock = clock;
        h_okx$clock = clock;
        h_best$clock = clock;
        h_best_nz$clock = clock;
        h_d$d = h_d$q;
        h_gt$d = h_gt$q;
        h_mask$d = h_mask$q;
        h_fh$d = h_fh$q;
        h_bad$d = h_bad$q;
        h_valid$d = h_valid$q;
        h_okx$d = h_okx$q;
        h_best$d = h_best$q;
        h_best_nz$d = h_best_nz$q;
        hd_ram = head_ram + ~slot_ram;
        hd_fwd = head_fwd + ~slot_fwd;
        gt_ram = head_ram > slot_ram;
        gt_fwd = head_fwd > slot_fwd;
        head_m = head_ram;
        h_d$d = hd_ram;
        h_gt$d = gt_ram;
        if (fwd) begin
            head_m = head_fwd;
            h_d$d = hd_fwd;
            h_gt$d = gt_fwd;
        end
        h_mask$d = mask;
        h_fh$d = h_d$q & h_mask$q;
        if (~h_gt$q) begin
            h_fh$d = (h_d$q - header_words) & h_mask$q;
        end
        h_bad$d = head_m < first_data_index;
        best_free = free;
        if (h_fh$q > free) begin
            best_free = h_fh$q;
        end
        h_best$d = best_free;
        h_best_nz$d = |best_free;
        h_valid$d = valid;
        h_okx$d = okx;
        bad = h_bad$q;
        best = h_best$q;
        best_nz = h_best_nz$q;
        max_valid = h_valid$q;
        max_okx = h_okx$q;
    end
    
endmodule // renq_node$card$engine$harith


module renq_node$card$engine$harith$h_bad(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_bad


module renq_node$card$engine$harith$h_best(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_best


module renq_node$card$engine$harith$h_best_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_best_nz


module renq_node$card$engine$harith$h_d(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_d


module renq_node$card$engine$harith$h_fh(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_fh


module renq_node$card$engine$harith$h_gt(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_gt


module renq_node$card$engine$harith$h_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_mask


module renq_node$card$engine$harith$h_okx(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_okx


module renq_node$card$engine$harith$h_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$harith$h_valid


module renq_node$card$engine$ld0_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_node$card$engine$ld0_addr


module renq_node$card$engine$next_buf(base,mask,next_base);
    
    // Module arguments
    input wire  [47:0] base;
    input wire  [15:0] mask;
    output reg  [47:0] next_base;
    
    // Constant declarations
    localparam  word_shift = 6'b11;
    localparam  word_offset_mask = 48'h7;
    localparam  one = 48'h1;
    localparam  low_half = 48'hffffff;
    localparam  half = 6'b11000;
    
    // Stub signals
    reg  [15:0] mask_wide$narrow;
    wire  [47:0] mask_wide$wide;
    
    // Local signals
    reg  [47:0] ones;
    reg  [47:0] lo_p1;
    reg  [47:0] hi_p1;
    
    // Sub module instances
    renq_node$card$engine$next_buf$mask_wide mask_wide(
        .narrow(mask_wide$narrow),
        .wide(mask_wide$wide)
    );
    
    // Update code
    always @(*) begin
        mask_wide$narrow = mask;
        ones = base | (mask_wide$wide << word_shift) | word_offset_mask;
        lo_p1 = (ones & low_half) + one;
        hi_p1 = (ones >> half) + one;
        next_base = (ones & ~low_half) | lo_p1;
        if (lo_p1[half]) begin
            next_base = hi_p1 << half;
        end
    end
    
endmodule // renq_node$card$engine$next_buf


module renq_node$card$engine$next_buf$mask_wide(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_node$card$engine$next_buf$mask_wide


module renq_node$card$engine$parking(clock,alloc,follow,retire,repark,untake,slot,queue,src,portal,epoch,dst_ok,data,head_addr,take,a_slot,a_queue,a_replay,rd_valid,rd_ready,rd_addr,rd_tag,rsp_valid,rsp_tag,rsp_data,pk_alloc_o,any_elig,pick,pick_queue,pick_follower,s_src,s_portal,s_epoch,s_dst_ok,s_data,s_head,cam_f,cam_b,nfree,empty);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  follow;
    input wire  retire;
    input wire  repark;
    input wire  untake;
    input wire  [1:0] slot;
    input wire  [11:0] queue;
    input wire  [9:0] src;
    input wire  [11:0] portal;
    input wire  [7:0] epoch;
    input wire  dst_ok;
    input wire  [63:0] data;
    input wire  [47:0] head_addr;
    input wire  take;
    input wire  [1:0] a_slot;
    input wire  [11:0] a_queue;
    input wire  a_replay;
    output reg  rd_valid;
    input wire  rd_ready;
    output reg  [47:0] rd_addr;
    output reg  [1:0] rd_tag;
    input wire  rsp_valid;
    input wire  [1:0] rsp_tag;
    input wire  [63:0] rsp_data;
    output reg  pk_alloc_o;
    output reg  any_elig;
    output reg  [1:0] pick;
    output reg  [11:0] pick_queue;
    output reg  pick_follower;
    output reg  [9:0] s_src;
    output reg  [11:0] s_portal;
    output reg  [7:0] s_epoch;
    output reg  s_dst_ok;
    output reg  [63:0] s_data;
    output reg  [15:0] s_head;
    output reg  cam_f;
    output reg  cam_b;
    output reg  [2:0] nfree;
    output reg  empty;
    
    // Constant declarations
    localparam  one3 = 3'b1;
    localparam  zero3 = 3'b0;
    localparam  zero4 = 4'h0;
    localparam  bit0 = 4'h1;
    localparam  bit1 = 4'h2;
    localparam  bit2 = 4'h4;
    localparam  bit3 = 4'h8;
    localparam  tag0 = 2'b0;
    localparam  tag1 = 2'b1;
    localparam  tag2 = 2'b10;
    localparam  tag3 = 2'b11;
    localparam  slot0 = 2'b0;
    localparam  slot1 = 2'b1;
    localparam  slot2 = 2'b10;
    localparam  slot3 = 2'b11;
    
    // Stub signals
    reg  park0$clock;
    reg  park0$alloc;
    reg  park0$follow;
    reg  [11:0] park0$a_queue;
    reg  [9:0] park0$a_src;
    reg  [11:0] park0$a_portal;
    reg  [7:0] park0$a_epoch;
    reg  park0$a_dst_ok;
    reg  [63:0] park0$a_data;
    reg  [47:0] park0$a_head_addr;
    reg  park0$granted;
    reg  park0$answer;
    reg  [63:0] park0$answer_data;
    reg  park0$taken;
    reg  park0$retire;
    reg  park0$repark;
    reg  park0$untake;
    wire  park0$busy;
    wire  park0$wants_read;
    wire  park0$ready;
    wire  park0$follower;
    wire  park0$parked;
    wire  [11:0] park0$queue;
    wire  [9:0] park0$src;
    wire  [11:0] park0$portal;
    wire  [7:0] park0$epoch;
    wire  park0$dst_ok;
    wire  [63:0] park0$data;
    wire  [47:0] park0$head_addr;
    wire  [15:0] park0$head;
    reg  park1$clock;
    reg  park1$alloc;
    reg  park1$follow;
    reg  [11:0] park1$a_queue;
    reg  [9:0] park1$a_src;
    reg  [11:0] park1$a_portal;
    reg  [7:0] park1$a_epoch;
    reg  park1$a_dst_ok;
    reg  [63:0] park1$a_data;
    reg  [47:0] park1$a_head_addr;
    reg  park1$granted;
    reg  park1$answer;
    reg  [63:0] park1$answer_data;
    reg  park1$taken;
    reg  park1$retire;
    reg  park1$repark;
    reg  park1$untake;
    wire  park1$busy;
    wire  park1$wants_read;
    wire  park1$ready;
    wire  park1$follower;
    wire  park1$parked;
    wire  [11:0] park1$queue;
    wire  [9:0] park1$src;
    wire  [11:0] park1$portal;
    wire  [7:0] park1$epoch;
    wire  park1$dst_ok;
    wire  [63:0] park1$data;
    wire  [47:0] park1$head_addr;
    wire  [15:0] park1$head;
    reg  park2$clock;
    reg  park2$alloc;
    reg  park2$follow;
    reg  [11:0] park2$a_queue;
    reg  [9:0] park2$a_src;
    reg  [11:0] park2$a_portal;
    reg  [7:0] park2$a_epoch;
    reg  park2$a_dst_ok;
    reg  [63:0] park2$a_data;
    reg  [47:0] park2$a_head_addr;
    reg  park2$granted;
    reg  park2$answer;
    reg  [63:0] park2$answer_data;
    reg  park2$taken;
    reg  park2$retire;
    reg  park2$repark;
    reg  park2$untake;
    wire  park2$busy;
    wire  park2$wants_read;
    wire  park2$ready;
    wire  park2$follower;
    wire  park2$parked;
    wire  [11:0] park2$queue;
    wire  [9:0] park2$src;
    wire  [11:0] park2$portal;
    wire  [7:0] park2$epoch;
    wire  park2$dst_ok;
    wire  [63:0] park2$data;
    wire  [47:0] park2$head_addr;
    wire  [15:0] park2$head;
    reg  park3$clock;
    reg  park3$alloc;
    reg  park3$follow;
    reg  [11:0] park3$a_queue;
    reg  [9:0] park3$a_src;
    reg  [11:0] park3$a_portal;
    reg  [7:0] park3$a_epoch;
    reg  park3$a_dst_ok;
    reg  [63:0] park3$a_data;
    reg  [47:0] park3$a_head_addr;
    reg  park3$granted;
    reg  park3$answer;
    reg  [63:0] park3$answer_data;
    reg  park3$taken;
    reg  park3$retire;
    reg  park3$repark;
    reg  park3$untake;
    wire  park3$busy;
    wire  park3$wants_read;
    wire  park3$ready;
    wire  park3$follower;
    wire  park3$parked;
    wire  [11:0] park3$queue;
    wire  [9:0] park3$src;
    wire  [11:0] park3$portal;
    wire  [7:0] park3$epoch;
    wire  park3$dst_ok;
    wire  [63:0] park3$data;
    wire  [47:0] park3$head_addr;
    wire  [15:0] park3$head;
    reg  pk_alloc$d;
    wire  pk_alloc$q;
    reg  pk_alloc$clock;
    reg  pk_follow$d;
    wire  pk_follow$q;
    reg  pk_follow$clock;
    reg  pk_retire$d;
    wire  pk_retire$q;
    reg  pk_retire$clock;
    reg  pk_repark$d;
    wire  pk_repark$q;
    reg  pk_repark$clock;
    reg  pk_untake$d;
    wire  pk_untake$q;
    reg  pk_untake$clock;
    reg  [1:0] pk_slot$d;
    wire  [1:0] pk_slot$q;
    reg  pk_slot$clock;
    reg  [11:0] pk_queue$d;
    wire  [11:0] pk_queue$q;
    reg  pk_queue$clock;
    reg  [9:0] pk_src$d;
    wire  [9:0] pk_src$q;
    reg  pk_src$clock;
    reg  [11:0] pk_portal$d;
    wire  [11:0] pk_portal$q;
    reg  pk_portal$clock;
    reg  [7:0] pk_epoch$d;
    wire  [7:0] pk_epoch$q;
    reg  pk_epoch$clock;
    reg  pk_dst_ok$d;
    wire  pk_dst_ok$q;
    reg  pk_dst_ok$clock;
    reg  [63:0] pk_data$d;
    wire  [63:0] pk_data$q;
    reg  pk_data$clock;
    reg  [47:0] pk_head_addr$d;
    wire  [47:0] pk_head_addr$q;
    reg  pk_head_addr$clock;
    reg  same01$d;
    wire  same01$q;
    reg  same01$clock;
    reg  same02$d;
    wire  same02$q;
    reg  same02$clock;
    reg  same03$d;
    wire  same03$q;
    reg  same03$clock;
    reg  same12$d;
    wire  same12$q;
    reg  same12$clock;
    reg  same13$d;
    wire  same13$q;
    reg  same13$clock;
    reg  same23$d;
    wire  same23$q;
    reg  same23$clock;
    reg  [3:0] older0$d;
    wire  [3:0] older0$q;
    reg  older0$clock;
    reg  [3:0] older1$d;
    wire  [3:0] older1$q;
    reg  older1$clock;
    reg  [3:0] older2$d;
    wire  [3:0] older2$q;
    reg  older2$clock;
    reg  [3:0] older3$d;
    wire  [3:0] older3$q;
    reg  older3$clock;
    reg  any_elig_r$d;
    wire  any_elig_r$q;
    reg  any_elig_r$clock;
    reg  [1:0] pick_r$d;
    wire  [1:0] pick_r$q;
    reg  pick_r$clock;
    reg  [11:0] pick_queue_r$d;
    wire  [11:0] pick_queue_r$q;
    reg  pick_queue_r$clock;
    reg  pick_follower_r$d;
    wire  pick_follower_r$q;
    reg  pick_follower_r$clock;
    reg  f_cam0$d;
    wire  f_cam0$q;
    reg  f_cam0$clock;
    reg  f_cam1$d;
    wire  f_cam1$q;
    reg  f_cam1$clock;
    reg  f_cam2$d;
    wire  f_cam2$q;
    reg  f_cam2$clock;
    reg  f_cam3$d;
    wire  f_cam3$q;
    reg  f_cam3$clock;
    reg  f_cam_pk$d;
    wire  f_cam_pk$q;
    reg  f_cam_pk$clock;
    reg  f_replay$d;
    wire  f_replay$q;
    reg  f_replay$clock;
    reg  [1:0] f_slot$d;
    wire  [1:0] f_slot$q;
    reg  f_slot$clock;
    reg  f_parked0$d;
    wire  f_parked0$q;
    reg  f_parked0$clock;
    reg  f_parked1$d;
    wire  f_parked1$q;
    reg  f_parked1$clock;
    reg  f_parked2$d;
    wire  f_parked2$q;
    reg  f_parked2$clock;
    reg  f_parked3$d;
    wire  f_parked3$q;
    reg  f_parked3$clock;
    reg  b_pre_cam$d;
    wire  b_pre_cam$q;
    reg  b_pre_cam$clock;
    reg  req_valid$d;
    wire  req_valid$q;
    reg  req_valid$clock;
    reg  [1:0] req_tag$d;
    wire  [1:0] req_tag$q;
    reg  req_tag$clock;
    reg  [47:0] req_addr$d;
    wire  [47:0] req_addr$q;
    reg  req_addr$clock;
    
    // Local signals
    reg  pk_parks;
    reg  pk_reparks;
    reg  [3:0] busy_vec;
    reg  [3:0] parked_vec;
    reg  held0;
    reg  held1;
    reg  held2;
    reg  held3;
    reg  held_f;
    reg  [3:0] alloc_vec;
    reg  [3:0] same0;
    reg  [3:0] same1;
    reg  [3:0] same2;
    reg  [3:0] same3;
    reg  elig0;
    reg  elig1;
    reg  elig2;
    reg  elig3;
    reg  a_pk_eq;
    reg  [2:0] nfree_s;
    reg  taken_rd;
    reg  want0;
    reg  want1;
    reg  want2;
    reg  want3;
    
    // Sub module instances
    renq_node$card$engine$parking$park0 park0(
        .clock(park0$clock),
        .alloc(park0$alloc),
        .follow(park0$follow),
        .a_queue(park0$a_queue),
        .a_src(park0$a_src),
        .a_portal(park0$a_portal),
        .a_epoch(park0$a_epoch),
        .a_dst_ok(park0$a_dst_ok),
        .a_data(park0$a_data),
        .a_head_addr(park0$a_head_addr),
        .granted(park0$granted),
        .answer(park0$answer),
        .answer_data(park0$answer_data),
        .taken(park0$taken),
        .retire(park0$retire),
        .repark(park0$repark),
        .untake(park0$untake),
        .busy(park0$busy),
        .wants_read(park0$wants_read),
        .ready(park0$ready),
        .follower(park0$follower),
        .parked(park0$parked),
        .queue(park0$queue),
        .src(park0$src),
        .portal(park0$portal),
        .epoch(park0$epoch),
        .dst_ok(park0$dst_ok),
        .data(park0$data),
        .head_addr(park0$head_addr),
        .head(park0$head)
    );
    renq_node$card$engine$parking$park1 park1(
        .clock(park1$clock),
        .alloc(park1$alloc),
        .follow(park1$follow),
        .a_queue(park1$a_queue),
        .a_src(park1$a_src),
        .a_portal(park1$a_portal),
        .a_epoch(park1$a_epoch),
        .a_dst_ok(park1$a_dst_ok),
        .a_data(park1$a_data),
        .a_head_addr(park1$a_head_addr),
        .granted(park1$granted),
        .answer(park1$answer),
        .answer_data(park1$answer_data),
        .taken(park1$taken),
        .retire(park1$retire),
        .repark(park1$repark),
        .untake(park1$untake),
        .busy(park1$busy),
        .wants_read(park1$wants_read),
        .ready(park1$ready),
        .follower(park1$follower),
        .parked(park1$parked),
        .queue(park1$queue),
        .src(park1$src),
        .portal(park1$portal),
        .epoch(park1$epoch),
        .dst_ok(park1$dst_ok),
        .data(park1$data),
        .head_addr(park1$head_addr),
        .head(park1$head)
    );
    renq_node$card$engine$parking$park2 park2(
        .clock(park2$clock),
        .alloc(park2$alloc),
        .follow(park2$follow),
        .a_queue(park2$a_queue),
        .a_src(park2$a_src),
        .a_portal(park2$a_portal),
        .a_epoch(park2$a_epoch),
        .a_dst_ok(park2$a_dst_ok),
        .a_data(park2$a_data),
        .a_head_addr(park2$a_head_addr),
        .granted(park2$granted),
        .answer(park2$answer),
        .answer_data(park2$answer_data),
        .taken(park2$taken),
        .retire(park2$retire),
        .repark(park2$repark),
        .untake(park2$untake),
        .busy(park2$busy),
        .wants_read(park2$wants_read),
        .ready(park2$ready),
        .follower(park2$follower),
        .parked(park2$parked),
        .queue(park2$queue),
        .src(park2$src),
        .portal(park2$portal),
        .epoch(park2$epoch),
        .dst_ok(park2$dst_ok),
        .data(park2$data),
        .head_addr(park2$head_addr),
        .head(park2$head)
    );
    renq_node$card$engine$parking$park3 park3(
        .clock(park3$clock),
        .alloc(park3$alloc),
        .follow(park3$follow),
        .a_queue(park3$a_queue),
        .a_src(park3$a_src),
        .a_portal(park3$a_portal),
        .a_epoch(park3$a_epoch),
        .a_dst_ok(park3$a_dst_ok),
        .a_data(park3$a_data),
        .a_head_addr(park3$a_head_addr),
        .granted(park3$granted),
        .answer(park3$answer),
        .answer_data(park3$answer_data),
        .taken(park3$taken),
        .retire(park3$retire),
        .repark(park3$repark),
        .untake(park3$untake),
        .busy(park3$busy),
        .wants_read(park3$wants_read),
        .ready(park3$ready),
        .follower(park3$follower),
        .parked(park3$parked),
        .queue(park3$queue),
        .src(park3$src),
        .portal(park3$portal),
        .epoch(park3$epoch),
        .dst_ok(park3$dst_ok),
        .data(park3$data),
        .head_addr(park3$head_addr),
        .head(park3$head)
    );
    renq_node$card$engine$parking$pk_alloc pk_alloc(
        .d(pk_alloc$d),
        .q(pk_alloc$q),
        .clock(pk_alloc$clock)
    );
    renq_node$card$engine$parking$pk_follow pk_follow(
        .d(pk_follow$d),
        .q(pk_follow$q),
        .clock(pk_follow$clock)
    );
    renq_node$card$engine$parking$pk_retire pk_retire(
        .d(pk_retire$d),
        .q(pk_retire$q),
        .clock(pk_retire$clock)
    );
    renq_node$card$engine$parking$pk_repark pk_repark(
        .d(pk_repark$d),
        .q(pk_repark$q),
        .clock(pk_repark$clock)
    );
    renq_node$card$engine$parking$pk_untake pk_untake(
        .d(pk_untake$d),
        .q(pk_untake$q),
        .clock(pk_untake$clock)
    );
    renq_node$card$engine$parking$pk_slot pk_slot(
        .d(pk_slot$d),
        .q(pk_slot$q),
        .clock(pk_slot$clock)
    );
    renq_node$card$engine$parking$pk_queue pk_queue(
        .d(pk_queue$d),
        .q(pk_queue$q),
        .clock(pk_queue$clock)
    );
    renq_node$card$engine$parking$pk_src pk_src(
        .d(pk_src$d),
        .q(pk_src$q),
        .clock(pk_src$clock)
    );
    renq_node$card$engine$parking$pk_portal pk_portal(
        .d(pk_portal$d),
        .q(pk_portal$q),
        .clock(pk_portal$clock)
    );
    renq_node$card$engine$parking$pk_epoch pk_epoch(
        .d(pk_epoch$d),
        .q(pk_epoch$q),
        .clock(pk_epoch$clock)
    );
    renq_node$card$engine$parking$pk_dst_ok pk_dst_ok(
        .d(pk_dst_ok$d),
        .q(pk_dst_ok$q),
        .clock(pk_dst_ok$clock)
    );
    renq_node$card$engine$parking$pk_data pk_data(
        .d(pk_data$d),
        .q(pk_data$q),
        .clock(pk_data$clock)
    );
    renq_node$card$engine$parking$pk_head_addr pk_head_addr(
        .d(pk_head_addr$d),
        .q(pk_head_addr$q),
        .clock(pk_head_addr$clock)
    );
    renq_node$card$engine$parking$same01 same01(
        .d(same01$d),
        .q(same01$q),
        .clock(same01$clock)
    );
    renq_node$card$engine$parking$same02 same02(
        .d(same02$d),
        .q(same02$q),
        .clock(same02$clock)
    );
    renq_node$card$engine$parking$same03 same03(
        .d(same03$d),
        .q(same03$q),
        .clock(same03$clock)
    );
    renq_node$card$engine$parking$same12 same12(
        .d(same12$d),
        .q(same12$q),
        .clock(same12$clock)
    );
    renq_node$card$engine$parking$same13 same13(
        .d(same13$d),
        .q(same13$q),
        .clock(same13$clock)
    );
    renq_node$card$engine$parking$same23 same23(
        .d(same23$d),
        .q(same23$q),
        .clock(same23$clock)
    );
    renq_node$card$engine$parking$older0 older0(
        .d(older0$d),
        .q(older0$q),
        .clock(older0$clock)
    );
    renq_node$card$engine$parking$older1 older1(
        .d(older1$d),
        .q(older1$q),
        .clock(older1$clock)
    );
    renq_node$card$engine$parking$older2 older2(
        .d(older2$d),
        .q(older2$q),
        .clock(older2$clock)
    );
    renq_node$card$engine$parking$older3 older3(
        .d(older3$d),
        .q(older3$q),
        .clock(older3$clock)
    );
    renq_node$card$engine$parking$any_elig_r any_elig_r(
        .d(any_elig_r$d),
        .q(any_elig_r$q),
        .clock(any_elig_r$clock)
    );
    renq_node$card$engine$parking$pick_r pick_r(
        .d(pick_r$d),
        .q(pick_r$q),
        .clock(pick_r$clock)
    );
    renq_node$card$engine$parking$pick_queue_r pick_queue_r(
        .d(pick_queue_r$d),
        .q(pick_queue_r$q),
        .clock(pick_queue_r$clock)
    );
    renq_node$card$engine$parking$pick_follower_r pick_follower_r(
        .d(pick_follower_r$d),
        .q(pick_follower_r$q),
        .clock(pick_follower_r$clock)
    );
    renq_node$card$engine$parking$f_cam0 f_cam0(
        .d(f_cam0$d),
        .q(f_cam0$q),
        .clock(f_cam0$clock)
    );
    renq_node$card$engine$parking$f_cam1 f_cam1(
        .d(f_cam1$d),
        .q(f_cam1$q),
        .clock(f_cam1$clock)
    );
    renq_node$card$engine$parking$f_cam2 f_cam2(
        .d(f_cam2$d),
        .q(f_cam2$q),
        .clock(f_cam2$clock)
    );
    renq_node$card$engine$parking$f_cam3 f_cam3(
        .d(f_cam3$d),
        .q(f_cam3$q),
        .clock(f_cam3$clock)
    );
    renq_node$card$engine$parking$f_cam_pk f_cam_pk(
        .d(f_cam_pk$d),
        .q(f_cam_pk$q),
        .clock(f_cam_pk$clock)
    );
    renq_node$card$engine$parking$f_replay f_replay(
        .d(f_replay$d),
        .q(f_replay$q),
        .clock(f_replay$clock)
    );
    renq_node$card$engine$parking$f_slot f_slot(
        .d(f_slot$d),
        .q(f_slot$q),
        .clock(f_slot$clock)
    );
    renq_node$card$engine$parking$f_parked0 f_parked0(
        .d(f_parked0$d),
        .q(f_parked0$q),
        .clock(f_parked0$clock)
    );
    renq_node$card$engine$parking$f_parked1 f_parked1(
        .d(f_parked1$d),
        .q(f_parked1$q),
        .clock(f_parked1$clock)
    );
    renq_node$card$engine$parking$f_parked2 f_parked2(
        .d(f_parked2$d),
        .q(f_parked2$q),
        .clock(f_parked2$clock)
    );
    renq_node$card$engine$parking$f_parked3 f_parked3(
        .d(f_parked3$d),
        .q(f_parked3$q),
        .clock(f_parked3$clock)
    );
    renq_node$card$engine$parking$b_pre_cam b_pre_cam(
        .d(b_pre_cam$d),
        .q(b_pre_cam$q),
        .clock(b_pre_cam$clock)
    );
    renq_node$card$engine$parking$req_valid req_valid(
        .d(req_valid$d),
        .q(req_valid$q),
        .clock(req_valid$clock)
    );
    renq_node$card$engine$parking$req_tag req_tag(
        .d(req_tag$d),
        .q(req_tag$q),
        .clock(req_tag$clock)
    );
    renq_node$card$engine$parking$req_addr req_addr(
        .d(req_addr$d),
        .q(req_addr$q),
        .clock(req_addr$clock)
    );
    
    // Update code
    always @(*) begin
        req_valid$clock = clock;
        req_tag$clock = clock;
        req_addr$clock = clock;
        pk_alloc$clock = clock;
        pk_follow$clock = clock;
        pk_retire$clock = clock;
        pk_repark$clock = clock;
        pk_untake$clock = clock;
        pk_slot$clock = clock;
        pk_queue$clock = clock;
        pk_src$clock = clock;
        pk_portal$clock = clock;
        pk_epoch$clock = clock;
        pk_dst_ok$clock = clock;
        pk_data$clock = clock;
        pk_head_addr$clock = clock;
        same01$clock = clock;
        same02$clock = clock;
        same03$clock = clock;
        same12$clock = clock;
        same13$clock = clock;
        same23$clock = clock;
        older0$clock = clock;
        older1$clock = clock;
        older2$clock = clock;
        older3$clock = clock;
        any_elig_r$clock = clock;
        pick_r$clock = clock;
        pick_queue_r$clock = clock;
        pick_follower_r$clock = clock;
        f_cam0$clock = clock;
        f_cam1$clock = clock;
        f_cam2$clock = clock;
        f_cam3$clock = clock;
        f_cam_pk$clock = clock;
        f_replay$clock = clock;
        f_slot$clock = clock;
        f_parked0$clock = clock;
        f_parked1$clock = clock;
        f_parked2$clock = clock;
        f_parked3$clock = clock;
        b_pre_cam$clock = clock;
        req_valid$d = req_valid$q;
        req_tag$d = req_tag$q;
        req_addr$d = req_addr$q;
        pk_alloc$d = pk_alloc$q;
        pk_follow$d = pk_follow$q;
        pk_retire$d = pk_retire$q;
        pk_repark$d = pk_repark$q;
        pk_untake$d = pk_untake$q;
        pk_slot$d = pk_slot$q;
        pk_queue$d = pk_queue$q;
        pk_src$d = pk_src$q;
        pk_portal$d = pk_portal$q;
        pk_epoch$d = pk_epoch$q;
        pk_dst_ok$d = pk_dst_ok$q;
        pk_data$d = pk_data$q;
        pk_head_addr$d = pk_head_addr$q;
        same01$d = same01$q;
        same02$d = same02$q;
        same03$d = same03$q;
        same12$d = same12$q;
        same13$d = same13$q;
        same23$d = same23$q;
        older0$d = older0$q;
        older1$d = older1$q;
        older2$d = older2$q;
        older3$d = older3$q;
        any_elig_r$d = any_elig_r$q;
        pick_r$d = pick_r$q;
        pick_queue_r$d = pick_queue_r$q;
        pick_follower_r$d = pick_follower_r$q;
        f_cam0$d = f_cam0$q;
        f_cam1$d = f_cam1$q;
        f_cam2$d = f_cam2$q;
        f_cam3$d = f_cam3$q;
        f_cam_pk$d = f_cam_pk$q;
        f_replay$d = f_replay$q;
        f_slot$d = f_slot$q;
        f_parked0$d = f_parked0$q;
        f_parked1$d = f_parked1$q;
        f_parked2$d = f_parked2$q;
        f_parked3$d = f_parked3$q;
        b_pre_cam$d = b_pre_cam$q;
        park0$clock = clock;
        park1$clock = clock;
        park2$clock = clock;
        park3$clock = clock;
        pk_alloc$d = alloc;
        pk_follow$d = follow;
        pk_retire$d = retire;
        pk_repark$d = repark;
        pk_untake$d = untake;
        pk_slot$d = slot;
        pk_queue$d = queue;
        pk_src$d = src;
        pk_portal$d = portal;
        pk_epoch$d = epoch;
        pk_dst_ok$d = dst_ok;
        pk_data$d = data;
        pk_head_addr$d = head_addr;
        pk_alloc_o = pk_alloc$q;
        pk_reparks = pk_repark$q | pk_untake$q;
        pk_parks = pk_alloc$q | pk_reparks;
        park0$alloc = pk_alloc$q & ~park0$busy;
        park1$alloc = pk_alloc$q & park0$busy & ~park1$busy;
        park2$alloc = pk_alloc$q & park0$busy & park1$busy & ~park2$busy;
        park3$alloc = pk_alloc$q & park0$busy & park1$busy & park2$busy & ~park3$busy;
        park0$follow = pk_follow$q;
        park1$follow = pk_follow$q;
        park2$follow = pk_follow$q;
        park3$follow = pk_follow$q;
        park0$a_queue = pk_queue$q;
        park1$a_queue = pk_queue$q;
        park2$a_queue = pk_queue$q;
        park3$a_queue = pk_queue$q;
        park0$a_src = pk_src$q;
        park1$a_src = pk_src$q;
        park2$a_src = pk_src$q;
        park3$a_src = pk_src$q;
        park0$a_portal = pk_portal$q;
        park1$a_portal = pk_portal$q;
        park2$a_portal = pk_portal$q;
        park3$a_portal = pk_portal$q;
        park0$a_epoch = pk_epoch$q;
        park0$a_dst_ok = pk_dst_ok$q;
        park1$a_epoch = pk_epoch$q;
        park1$a_dst_ok = pk_dst_ok$q;
        park2$a_epoch = pk_epoch$q;
        park2$a_dst_ok = pk_dst_ok$q;
        park3$a_epoch = pk_epoch$q;
        park3$a_dst_ok = pk_dst_ok$q;
        park0$a_data = pk_data$q;
        park1$a_data = pk_data$q;
        park2$a_data = pk_data$q;
        park3$a_data = pk_data$q;
        park0$a_head_addr = pk_head_addr$q;
        park1$a_head_addr = pk_head_addr$q;
        park2$a_head_addr = pk_head_addr$q;
        park3$a_head_addr = pk_head_addr$q;
        park0$retire = pk_retire$q & (pk_slot$q == slot0);
        park1$retire = pk_retire$q & (pk_slot$q == slot1);
        park2$retire = pk_retire$q & (pk_slot$q == slot2);
        park3$retire = pk_retire$q & (pk_slot$q == slot3);
        park0$repark = pk_repark$q & (pk_slot$q == slot0);
        park1$repark = pk_repark$q & (pk_slot$q == slot1);
        park2$repark = pk_repark$q & (pk_slot$q == slot2);
        park3$repark = pk_repark$q & (pk_slot$q == slot3);
        park0$untake = pk_untake$q & (pk_slot$q == slot0);
        park1$untake = pk_untake$q & (pk_slot$q == slot1);
        park2$untake = pk_untake$q & (pk_slot$q == slot2);
        park3$untake = pk_untake$q & (pk_slot$q == slot3);
        busy_vec = zero4;
        parked_vec = zero4;
        alloc_vec = zero4;
        if (park0$busy) begin
            busy_vec = busy_vec | bit0;
        end
        if (park1$busy) begin
            busy_vec = busy_vec | bit1;
        end
        if (park2$busy) begin
            busy_vec = busy_vec | bit2;
        end
        if (park3$busy) begin
            busy_vec = busy_vec | bit3;
        end
        if (park0$parked) begin
            parked_vec = parked_vec | bit0;
        end
        if (park1$parked) begin
            parked_vec = parked_vec | bit1;
        end
        if (park2$parked) begin
            parked_vec = parked_vec | bit2;
        end
        if (park3$parked) begin
            parked_vec = parked_vec | bit3;
        end
        if (park0$alloc) begin
            alloc_vec = alloc_vec | bit0;
        end
        if (park1$alloc) begin
            alloc_vec = alloc_vec | bit1;
        end
        if (park2$alloc) begin
            alloc_vec = alloc_vec | bit2;
        end
        if (park3$alloc) begin
            alloc_vec = alloc_vec | bit3;
        end
        older0$d = older0$q & ~alloc_vec;
        older1$d = older1$q & ~alloc_vec;
        older2$d = older2$q & ~alloc_vec;
        older3$d = older3$q & ~alloc_vec;
        if (park0$alloc) begin
            older0$d = busy_vec;
        end
        if (park1$alloc) begin
            older1$d = busy_vec;
        end
        if (park2$alloc) begin
            older2$d = busy_vec;
        end
        if (park3$alloc) begin
            older3$d = busy_vec;
        end
        same0 = zero4;
        same1 = zero4;
        same2 = zero4;
        same3 = zero4;
        if (park0$alloc) begin
            same01$d = pk_queue$q == park1$queue;
            same02$d = pk_queue$q == park2$queue;
            same03$d = pk_queue$q == park3$queue;
        end
        if (park1$alloc) begin
            same01$d = pk_queue$q == park0$queue;
            same12$d = pk_queue$q == park2$queue;
            same13$d = pk_queue$q == park3$queue;
        end
        if (park2$alloc) begin
            same02$d = pk_queue$q == park0$queue;
            same12$d = pk_queue$q == park1$queue;
            same23$d = pk_queue$q == park3$queue;
        end
        if (park3$alloc) begin
            same03$d = pk_queue$q == park0$queue;
            same13$d = pk_queue$q == park1$queue;
            same23$d = pk_queue$q == park2$queue;
        end
        if (same01$q) begin
            same0 = same0 | bit1;
            same1 = same1 | bit0;
        end
        if (same02$q) begin
            same0 = same0 | bit2;
            same2 = same2 | bit0;
        end
        if (same03$q) begin
            same0 = same0 | bit3;
            same3 = same3 | bit0;
        end
        if (same12$q) begin
            same1 = same1 | bit2;
            same2 = same2 | bit1;
        end
        if (same13$q) begin
            same1 = same1 | bit3;
            same3 = same3 | bit1;
        end
        if (same23$q) begin
            same2 = same2 | bit3;
            same3 = same3 | bit2;
        end
        held0 = |(older0$q & same0 & parked_vec);
        held1 = |(older1$q & same1 & parked_vec);
        held2 = |(older2$q & same2 & parked_vec);
        held3 = |(older3$q & same3 & parked_vec);
        elig0 = park0$ready & ~held0 & (park0$follower | ~|(older0$q & same0 & busy_vec));
        elig1 = park1$ready & ~held1 & (park1$follower | ~|(older1$q & same1 & busy_vec));
        elig2 = park2$ready & ~held2 & (park2$follower | ~|(older2$q & same2 & busy_vec));
        elig3 = park3$ready & ~held3 & (park3$follower | ~|(older3$q & same3 & busy_vec));
        any_elig_r$d = elig0 | elig1 | elig2 | elig3;
        pick_r$d = slot3;
        pick_follower_r$d = park3$follower;
        pick_queue_r$d = park3$queue;
        if (elig2) begin
            pick_r$d = slot2;
            pick_follower_r$d = park2$follower;
            pick_queue_r$d = park2$queue;
        end
        if (elig1) begin
            pick_r$d = slot1;
            pick_follower_r$d = park1$follower;
            pick_queue_r$d = park1$queue;
        end
        if (elig0) begin
            pick_r$d = slot0;
            pick_follower_r$d = park0$follower;
            pick_queue_r$d = park0$queue;
        end
        any_elig = any_elig_r$q;
        pick = pick_r$q;
        pick_queue = pick_queue_r$q;
        pick_follower = pick_follower_r$q;
        park0$taken = take & (pick_r$q == slot0);
        park1$taken = take & (pick_r$q == slot1);
        park2$taken = take & (pick_r$q == slot2);
        park3$taken = take & (pick_r$q == slot3);
        taken_rd = req_valid$q & rd_ready;
        park0$granted = taken_rd & (req_tag$q == tag0);
        park1$granted = taken_rd & (req_tag$q == tag1);
        park2$granted = taken_rd & (req_tag$q == tag2);
        park3$granted = taken_rd & (req_tag$q == tag3);
        want0 = park0$wants_read & ~park0$granted;
        want1 = park1$wants_read & ~park1$granted;
        want2 = park2$wants_read & ~park2$granted;
        want3 = park3$wants_read & ~park3$granted;
        if (~req_valid$q | taken_rd) begin
            req_valid$d = want0 | want1 | want2 | want3;
            req_tag$d = tag3;
            req_addr$d = park3$head_addr;
            if (want2) begin
                req_tag$d = tag2;
                req_addr$d = park2$head_addr;
            end
            if (want1) begin
                req_tag$d = tag1;
                req_addr$d = park1$head_addr;
            end
            if (want0) begin
                req_tag$d = tag0;
                req_addr$d = park0$head_addr;
            end
        end
        rd_valid = req_valid$q;
        rd_tag = req_tag$q;
        rd_addr = req_addr$q;
        park0$answer = rsp_valid & (rsp_tag == tag0);
        park1$answer = rsp_valid & (rsp_tag == tag1);
        park2$answer = rsp_valid & (rsp_tag == tag2);
        park3$answer = rsp_valid & (rsp_tag == tag3);
        park0$answer_data = rsp_data;
        park1$answer_data = rsp_data;
        park2$answer_data = rsp_data;
        park3$answer_data = rsp_data;
        s_src = park0$src;
        s_portal = park0$portal;
        s_epoch = park0$epoch;
        s_dst_ok = park0$dst_ok;
        s_data = park0$data;
        s_head = park0$head;
        if (a_slot == slot1) begin
            s_src = park1$src;
            s_portal = park1$portal;
            s_epoch = park1$epoch;
            s_dst_ok = park1$dst_ok;
            s_data = park1$data;
            s_head = park1$head;
        end
        if (a_slot == slot2) begin
            s_src = park2$src;
            s_portal = park2$portal;
            s_epoch = park2$epoch;
            s_dst_ok = park2$dst_ok;
            s_data = park2$data;
            s_head = park2$head;
        end
        if (a_slot == slot3) begin
            s_src = park3$src;
            s_portal = park3$portal;
            s_epoch = park3$epoch;
            s_dst_ok = park3$dst_ok;
            s_data = park3$data;
            s_head = park3$head;
        end
        a_pk_eq = pk_queue$q == a_queue;
        f_cam0$d = park0$queue == a_queue;
        if (park0$alloc) begin
            f_cam0$d = a_pk_eq;
        end
        f_cam1$d = park1$queue == a_queue;
        if (park1$alloc) begin
            f_cam1$d = a_pk_eq;
        end
        f_cam2$d = park2$queue == a_queue;
        if (park2$alloc) begin
            f_cam2$d = a_pk_eq;
        end
        f_cam3$d = park3$queue == a_queue;
        if (park3$alloc) begin
            f_cam3$d = a_pk_eq;
        end
        f_cam_pk$d = queue == a_queue;
        f_replay$d = a_replay;
        f_slot$d = a_slot;
        f_parked0$d = park0$parked | park0$alloc;
        f_parked1$d = park1$parked | park1$alloc;
        f_parked2$d = park2$parked | park2$alloc;
        f_parked3$d = park3$parked | park3$alloc;
        held_f = held0;
        if (f_slot$q == slot1) begin
            held_f = held1;
        end
        if (f_slot$q == slot2) begin
            held_f = held2;
        end
        if (f_slot$q == slot3) begin
            held_f = held3;
        end
        b_pre_cam$d = ((park0$parked | f_parked0$q) & f_cam0$q) | ((park1$parked | f_parked1$q) & f_cam1$q) | ((park2$parked | f_parked2$q) & f_cam2$q) | ((park3$parked | f_parked3$q) & f_cam3$q) | (pk_parks & f_cam_pk$q);
        if (f_replay$q) begin
            b_pre_cam$d = held_f | (pk_reparks & f_cam_pk$q);
        end
        cam_f = b_pre_cam$d;
        cam_b = b_pre_cam$q;
        nfree_s = zero3;
        if (~park0$alloc & ~(park0$busy & ~park0$retire)) begin
            nfree_s = nfree_s + one3;
        end
        if (~park1$alloc & ~(park1$busy & ~park1$retire)) begin
            nfree_s = nfree_s + one3;
        end
        if (~park2$alloc & ~(park2$busy & ~park2$retire)) begin
            nfree_s = nfree_s + one3;
        end
        if (~park3$alloc & ~(park3$busy & ~park3$retire)) begin
            nfree_s = nfree_s + one3;
        end
        nfree = nfree_s;
        empty = ~pk_alloc$q & ~pk_retire$q & ~pk_repark$q & ~park0$busy & ~park1$busy & ~park2$busy & ~park3$busy;
    end
    
endmodule // renq_node$card$engine$parking


module renq_node$card$engine$parking$any_elig_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$any_elig_r


module renq_node$card$engine$parking$b_pre_cam(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$b_pre_cam


module renq_node$card$engine$parking$f_cam0(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_cam0


module renq_node$card$engine$parking$f_cam1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_cam1


module renq_node$card$engine$parking$f_cam2(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_cam2


module renq_node$card$engine$parking$f_cam3(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_cam3


module renq_node$card$engine$parking$f_cam_pk(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_cam_pk


module renq_node$card$engine$parking$f_parked0(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_parked0


module renq_node$card$engine$parking$f_parked1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_parked1


module renq_node$card$engine$parking$f_parked2(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_parked2


module renq_node$card$engine$parking$f_parked3(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_parked3


module renq_node$card$engine$parking$f_replay(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$f_replay


module renq_node$card$engine$parking$f_slot(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$parking$f_slot


module renq_node$card$engine$parking$older0(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$older0


module renq_node$card$engine$parking$older1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$older1


module renq_node$card$engine$parking$older2(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$older2


module renq_node$card$engine$parking$older3(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$older3


module renq_node$card$engine$parking$park0(clock,alloc,follow,a_queue,a_src,a_portal,a_epoch,a_dst_ok,a_data,a_head_addr,granted,answer,answer_data,taken,retire,repark,untake,busy,wants_read,ready,follower,parked,queue,src,portal,epoch,dst_ok,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  follow;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  a_dst_ok;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    input wire  retire;
    input wire  repark;
    input wire  untake;
    output reg  busy;
    output reg  wants_read;
    output reg  ready;
    output reg  follower;
    output reg  parked;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  dst_ok;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  follower_r$d;
    wire  follower_r$q;
    reg  follower_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  inflight_r$d;
    wire  inflight_r$q;
    reg  inflight_r$clock;
    reg  parked_r$d;
    wire  parked_r$q;
    reg  parked_r$clock;
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
    reg  dst_ok_r$d;
    wire  dst_ok_r$q;
    reg  dst_ok_r$clock;
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
    renq_node$card$engine$parking$park0$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_node$card$engine$parking$park0$follower_r follower_r(
        .d(follower_r$d),
        .q(follower_r$q),
        .clock(follower_r$clock)
    );
    renq_node$card$engine$parking$park0$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_node$card$engine$parking$park0$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_node$card$engine$parking$park0$inflight_r inflight_r(
        .d(inflight_r$d),
        .q(inflight_r$q),
        .clock(inflight_r$clock)
    );
    renq_node$card$engine$parking$park0$parked_r parked_r(
        .d(parked_r$d),
        .q(parked_r$q),
        .clock(parked_r$clock)
    );
    renq_node$card$engine$parking$park0$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_node$card$engine$parking$park0$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_node$card$engine$parking$park0$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_node$card$engine$parking$park0$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_node$card$engine$parking$park0$dst_ok_r dst_ok_r(
        .d(dst_ok_r$d),
        .q(dst_ok_r$q),
        .clock(dst_ok_r$clock)
    );
    renq_node$card$engine$parking$park0$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_node$card$engine$parking$park0$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_node$card$engine$parking$park0$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        follower_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        inflight_r$clock = clock;
        parked_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        dst_ok_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        follower_r$d = follower_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        inflight_r$d = inflight_r$q;
        parked_r$d = parked_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        dst_ok_r$d = dst_ok_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            follower_r$d = follow;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            dst_ok_r$d = a_dst_ok;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q & ~answered_r$q & ~alloc) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            inflight_r$d = 1'b1;
            parked_r$d = ~follower_r$q;
        end
        if (untake) begin
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
        end
        if (repark) begin
            follower_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            head_addr_r$d = a_head_addr;
        end
        if (retire) begin
            busy_r$d = 1'b0;
            parked_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~follower_r$q & ~requested_r$q;
        ready = busy_r$q & ~inflight_r$q & (answered_r$q | follower_r$q);
        follower = follower_r$q;
        parked = parked_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        dst_ok = dst_ok_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_node$card$engine$parking$park0


module renq_node$card$engine$parking$park0$answered_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$answered_r


module renq_node$card$engine$parking$park0$busy_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$busy_r


module renq_node$card$engine$parking$park0$data_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$data_r


module renq_node$card$engine$parking$park0$dst_ok_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$dst_ok_r


module renq_node$card$engine$parking$park0$epoch_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$epoch_r


module renq_node$card$engine$parking$park0$follower_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$follower_r


module renq_node$card$engine$parking$park0$head_addr_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$head_addr_r


module renq_node$card$engine$parking$park0$head_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$head_r


module renq_node$card$engine$parking$park0$inflight_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$inflight_r


module renq_node$card$engine$parking$park0$parked_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$parked_r


module renq_node$card$engine$parking$park0$portal_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$portal_r


module renq_node$card$engine$parking$park0$queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$queue_r


module renq_node$card$engine$parking$park0$requested_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$requested_r


module renq_node$card$engine$parking$park0$src_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park0$src_r


module renq_node$card$engine$parking$park1(clock,alloc,follow,a_queue,a_src,a_portal,a_epoch,a_dst_ok,a_data,a_head_addr,granted,answer,answer_data,taken,retire,repark,untake,busy,wants_read,ready,follower,parked,queue,src,portal,epoch,dst_ok,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  follow;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  a_dst_ok;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    input wire  retire;
    input wire  repark;
    input wire  untake;
    output reg  busy;
    output reg  wants_read;
    output reg  ready;
    output reg  follower;
    output reg  parked;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  dst_ok;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  follower_r$d;
    wire  follower_r$q;
    reg  follower_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  inflight_r$d;
    wire  inflight_r$q;
    reg  inflight_r$clock;
    reg  parked_r$d;
    wire  parked_r$q;
    reg  parked_r$clock;
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
    reg  dst_ok_r$d;
    wire  dst_ok_r$q;
    reg  dst_ok_r$clock;
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
    renq_node$card$engine$parking$park1$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_node$card$engine$parking$park1$follower_r follower_r(
        .d(follower_r$d),
        .q(follower_r$q),
        .clock(follower_r$clock)
    );
    renq_node$card$engine$parking$park1$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_node$card$engine$parking$park1$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_node$card$engine$parking$park1$inflight_r inflight_r(
        .d(inflight_r$d),
        .q(inflight_r$q),
        .clock(inflight_r$clock)
    );
    renq_node$card$engine$parking$park1$parked_r parked_r(
        .d(parked_r$d),
        .q(parked_r$q),
        .clock(parked_r$clock)
    );
    renq_node$card$engine$parking$park1$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_node$card$engine$parking$park1$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_node$card$engine$parking$park1$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_node$card$engine$parking$park1$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_node$card$engine$parking$park1$dst_ok_r dst_ok_r(
        .d(dst_ok_r$d),
        .q(dst_ok_r$q),
        .clock(dst_ok_r$clock)
    );
    renq_node$card$engine$parking$park1$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_node$card$engine$parking$park1$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_node$card$engine$parking$park1$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        follower_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        inflight_r$clock = clock;
        parked_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        dst_ok_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        follower_r$d = follower_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        inflight_r$d = inflight_r$q;
        parked_r$d = parked_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        dst_ok_r$d = dst_ok_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            follower_r$d = follow;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            dst_ok_r$d = a_dst_ok;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q & ~answered_r$q & ~alloc) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            inflight_r$d = 1'b1;
            parked_r$d = ~follower_r$q;
        end
        if (untake) begin
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
        end
        if (repark) begin
            follower_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            head_addr_r$d = a_head_addr;
        end
        if (retire) begin
            busy_r$d = 1'b0;
            parked_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~follower_r$q & ~requested_r$q;
        ready = busy_r$q & ~inflight_r$q & (answered_r$q | follower_r$q);
        follower = follower_r$q;
        parked = parked_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        dst_ok = dst_ok_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_node$card$engine$parking$park1


module renq_node$card$engine$parking$park1$answered_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$answered_r


module renq_node$card$engine$parking$park1$busy_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$busy_r


module renq_node$card$engine$parking$park1$data_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$data_r


module renq_node$card$engine$parking$park1$dst_ok_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$dst_ok_r


module renq_node$card$engine$parking$park1$epoch_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$epoch_r


module renq_node$card$engine$parking$park1$follower_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$follower_r


module renq_node$card$engine$parking$park1$head_addr_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$head_addr_r


module renq_node$card$engine$parking$park1$head_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$head_r


module renq_node$card$engine$parking$park1$inflight_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$inflight_r


module renq_node$card$engine$parking$park1$parked_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$parked_r


module renq_node$card$engine$parking$park1$portal_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$portal_r


module renq_node$card$engine$parking$park1$queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$queue_r


module renq_node$card$engine$parking$park1$requested_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$requested_r


module renq_node$card$engine$parking$park1$src_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park1$src_r


module renq_node$card$engine$parking$park2(clock,alloc,follow,a_queue,a_src,a_portal,a_epoch,a_dst_ok,a_data,a_head_addr,granted,answer,answer_data,taken,retire,repark,untake,busy,wants_read,ready,follower,parked,queue,src,portal,epoch,dst_ok,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  follow;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  a_dst_ok;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    input wire  retire;
    input wire  repark;
    input wire  untake;
    output reg  busy;
    output reg  wants_read;
    output reg  ready;
    output reg  follower;
    output reg  parked;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  dst_ok;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  follower_r$d;
    wire  follower_r$q;
    reg  follower_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  inflight_r$d;
    wire  inflight_r$q;
    reg  inflight_r$clock;
    reg  parked_r$d;
    wire  parked_r$q;
    reg  parked_r$clock;
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
    reg  dst_ok_r$d;
    wire  dst_ok_r$q;
    reg  dst_ok_r$clock;
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
    renq_node$card$engine$parking$park2$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_node$card$engine$parking$park2$follower_r follower_r(
        .d(follower_r$d),
        .q(follower_r$q),
        .clock(follower_r$clock)
    );
    renq_node$card$engine$parking$park2$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_node$card$engine$parking$park2$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_node$card$engine$parking$park2$inflight_r inflight_r(
        .d(inflight_r$d),
        .q(inflight_r$q),
        .clock(inflight_r$clock)
    );
    renq_node$card$engine$parking$park2$parked_r parked_r(
        .d(parked_r$d),
        .q(parked_r$q),
        .clock(parked_r$clock)
    );
    renq_node$card$engine$parking$park2$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_node$card$engine$parking$park2$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_node$card$engine$parking$park2$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_node$card$engine$parking$park2$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_node$card$engine$parking$park2$dst_ok_r dst_ok_r(
        .d(dst_ok_r$d),
        .q(dst_ok_r$q),
        .clock(dst_ok_r$clock)
    );
    renq_node$card$engine$parking$park2$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_node$card$engine$parking$park2$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_node$card$engine$parking$park2$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        follower_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        inflight_r$clock = clock;
        parked_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        dst_ok_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        follower_r$d = follower_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        inflight_r$d = inflight_r$q;
        parked_r$d = parked_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        dst_ok_r$d = dst_ok_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            follower_r$d = follow;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            dst_ok_r$d = a_dst_ok;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q & ~answered_r$q & ~alloc) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            inflight_r$d = 1'b1;
            parked_r$d = ~follower_r$q;
        end
        if (untake) begin
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
        end
        if (repark) begin
            follower_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            head_addr_r$d = a_head_addr;
        end
        if (retire) begin
            busy_r$d = 1'b0;
            parked_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~follower_r$q & ~requested_r$q;
        ready = busy_r$q & ~inflight_r$q & (answered_r$q | follower_r$q);
        follower = follower_r$q;
        parked = parked_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        dst_ok = dst_ok_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_node$card$engine$parking$park2


module renq_node$card$engine$parking$park2$answered_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$answered_r


module renq_node$card$engine$parking$park2$busy_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$busy_r


module renq_node$card$engine$parking$park2$data_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$data_r


module renq_node$card$engine$parking$park2$dst_ok_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$dst_ok_r


module renq_node$card$engine$parking$park2$epoch_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$epoch_r


module renq_node$card$engine$parking$park2$follower_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$follower_r


module renq_node$card$engine$parking$park2$head_addr_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$head_addr_r


module renq_node$card$engine$parking$park2$head_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$head_r


module renq_node$card$engine$parking$park2$inflight_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$inflight_r


module renq_node$card$engine$parking$park2$parked_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$parked_r


module renq_node$card$engine$parking$park2$portal_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$portal_r


module renq_node$card$engine$parking$park2$queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$queue_r


module renq_node$card$engine$parking$park2$requested_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$requested_r


module renq_node$card$engine$parking$park2$src_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park2$src_r


module renq_node$card$engine$parking$park3(clock,alloc,follow,a_queue,a_src,a_portal,a_epoch,a_dst_ok,a_data,a_head_addr,granted,answer,answer_data,taken,retire,repark,untake,busy,wants_read,ready,follower,parked,queue,src,portal,epoch,dst_ok,data,head_addr,head);
    
    // Module arguments
    input wire  clock;
    input wire  alloc;
    input wire  follow;
    input wire  [11:0] a_queue;
    input wire  [9:0] a_src;
    input wire  [11:0] a_portal;
    input wire  [7:0] a_epoch;
    input wire  a_dst_ok;
    input wire  [63:0] a_data;
    input wire  [47:0] a_head_addr;
    input wire  granted;
    input wire  answer;
    input wire  [63:0] answer_data;
    input wire  taken;
    input wire  retire;
    input wire  repark;
    input wire  untake;
    output reg  busy;
    output reg  wants_read;
    output reg  ready;
    output reg  follower;
    output reg  parked;
    output reg  [11:0] queue;
    output reg  [9:0] src;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  dst_ok;
    output reg  [63:0] data;
    output reg  [47:0] head_addr;
    output reg  [15:0] head;
    
    // Stub signals
    reg  busy_r$d;
    wire  busy_r$q;
    reg  busy_r$clock;
    reg  follower_r$d;
    wire  follower_r$q;
    reg  follower_r$clock;
    reg  requested_r$d;
    wire  requested_r$q;
    reg  requested_r$clock;
    reg  answered_r$d;
    wire  answered_r$q;
    reg  answered_r$clock;
    reg  inflight_r$d;
    wire  inflight_r$q;
    reg  inflight_r$clock;
    reg  parked_r$d;
    wire  parked_r$q;
    reg  parked_r$clock;
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
    reg  dst_ok_r$d;
    wire  dst_ok_r$q;
    reg  dst_ok_r$clock;
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
    renq_node$card$engine$parking$park3$busy_r busy_r(
        .d(busy_r$d),
        .q(busy_r$q),
        .clock(busy_r$clock)
    );
    renq_node$card$engine$parking$park3$follower_r follower_r(
        .d(follower_r$d),
        .q(follower_r$q),
        .clock(follower_r$clock)
    );
    renq_node$card$engine$parking$park3$requested_r requested_r(
        .d(requested_r$d),
        .q(requested_r$q),
        .clock(requested_r$clock)
    );
    renq_node$card$engine$parking$park3$answered_r answered_r(
        .d(answered_r$d),
        .q(answered_r$q),
        .clock(answered_r$clock)
    );
    renq_node$card$engine$parking$park3$inflight_r inflight_r(
        .d(inflight_r$d),
        .q(inflight_r$q),
        .clock(inflight_r$clock)
    );
    renq_node$card$engine$parking$park3$parked_r parked_r(
        .d(parked_r$d),
        .q(parked_r$q),
        .clock(parked_r$clock)
    );
    renq_node$card$engine$parking$park3$queue_r queue_r(
        .d(queue_r$d),
        .q(queue_r$q),
        .clock(queue_r$clock)
    );
    renq_node$card$engine$parking$park3$src_r src_r(
        .d(src_r$d),
        .q(src_r$q),
        .clock(src_r$clock)
    );
    renq_node$card$engine$parking$park3$portal_r portal_r(
        .d(portal_r$d),
        .q(portal_r$q),
        .clock(portal_r$clock)
    );
    renq_node$card$engine$parking$park3$epoch_r epoch_r(
        .d(epoch_r$d),
        .q(epoch_r$q),
        .clock(epoch_r$clock)
    );
    renq_node$card$engine$parking$park3$dst_ok_r dst_ok_r(
        .d(dst_ok_r$d),
        .q(dst_ok_r$q),
        .clock(dst_ok_r$clock)
    );
    renq_node$card$engine$parking$park3$data_r data_r(
        .d(data_r$d),
        .q(data_r$q),
        .clock(data_r$clock)
    );
    renq_node$card$engine$parking$park3$head_addr_r head_addr_r(
        .d(head_addr_r$d),
        .q(head_addr_r$q),
        .clock(head_addr_r$clock)
    );
    renq_node$card$engine$parking$park3$head_r head_r(
        .d(head_r$d),
        .q(head_r$q),
        .clock(head_r$clock)
    );
    
    // Update code
    always @(*) begin
        busy_r$clock = clock;
        follower_r$clock = clock;
        requested_r$clock = clock;
        answered_r$clock = clock;
        inflight_r$clock = clock;
        parked_r$clock = clock;
        queue_r$clock = clock;
        src_r$clock = clock;
        portal_r$clock = clock;
        epoch_r$clock = clock;
        dst_ok_r$clock = clock;
        data_r$clock = clock;
        head_addr_r$clock = clock;
        head_r$clock = clock;
        busy_r$d = busy_r$q;
        follower_r$d = follower_r$q;
        requested_r$d = requested_r$q;
        answered_r$d = answered_r$q;
        inflight_r$d = inflight_r$q;
        parked_r$d = parked_r$q;
        queue_r$d = queue_r$q;
        src_r$d = src_r$q;
        portal_r$d = portal_r$q;
        epoch_r$d = epoch_r$q;
        dst_ok_r$d = dst_ok_r$q;
        data_r$d = data_r$q;
        head_addr_r$d = head_addr_r$q;
        head_r$d = head_r$q;
        if (alloc) begin
            busy_r$d = 1'b1;
            follower_r$d = follow;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            queue_r$d = a_queue;
            src_r$d = a_src;
            portal_r$d = a_portal;
            epoch_r$d = a_epoch;
            dst_ok_r$d = a_dst_ok;
            data_r$d = a_data;
            head_addr_r$d = a_head_addr;
        end
        if (granted) begin
            requested_r$d = 1'b1;
        end
        if (answer & requested_r$q & ~answered_r$q & ~alloc) begin
            answered_r$d = 1'b1;
            head_r$d = answer_data[(32'h0)+:(16)];
        end
        if (taken) begin
            inflight_r$d = 1'b1;
            parked_r$d = ~follower_r$q;
        end
        if (untake) begin
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
        end
        if (repark) begin
            follower_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
            parked_r$d = 1'b1;
            head_addr_r$d = a_head_addr;
        end
        if (retire) begin
            busy_r$d = 1'b0;
            parked_r$d = 1'b0;
            requested_r$d = 1'b0;
            answered_r$d = 1'b0;
            inflight_r$d = 1'b0;
        end
        busy = busy_r$q;
        wants_read = busy_r$q & ~follower_r$q & ~requested_r$q;
        ready = busy_r$q & ~inflight_r$q & (answered_r$q | follower_r$q);
        follower = follower_r$q;
        parked = parked_r$q;
        queue = queue_r$q;
        src = src_r$q;
        portal = portal_r$q;
        epoch = epoch_r$q;
        dst_ok = dst_ok_r$q;
        data = data_r$q;
        head_addr = head_addr_r$q;
        head = head_r$q;
    end
    
endmodule // renq_node$card$engine$parking$park3


module renq_node$card$engine$parking$park3$answered_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$answered_r


module renq_node$card$engine$parking$park3$busy_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$busy_r


module renq_node$card$engine$parking$park3$data_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$data_r


module renq_node$card$engine$parking$park3$dst_ok_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$dst_ok_r


module renq_node$card$engine$parking$park3$epoch_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$epoch_r


module renq_node$card$engine$parking$park3$follower_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$follower_r


module renq_node$card$engine$parking$park3$head_addr_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$head_addr_r


module renq_node$card$engine$parking$park3$head_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$head_r


module renq_node$card$engine$parking$park3$inflight_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$inflight_r


module renq_node$card$engine$parking$park3$parked_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$parked_r


module renq_node$card$engine$parking$park3$portal_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$portal_r


module renq_node$card$engine$parking$park3$queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$queue_r


module renq_node$card$engine$parking$park3$requested_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$requested_r


module renq_node$card$engine$parking$park3$src_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$park3$src_r


module renq_node$card$engine$parking$pick_follower_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pick_follower_r


module renq_node$card$engine$parking$pick_queue_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pick_queue_r


module renq_node$card$engine$parking$pick_r(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$parking$pick_r


module renq_node$card$engine$parking$pk_alloc(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_alloc


module renq_node$card$engine$parking$pk_data(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_data


module renq_node$card$engine$parking$pk_dst_ok(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_dst_ok


module renq_node$card$engine$parking$pk_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_epoch


module renq_node$card$engine$parking$pk_follow(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_follow


module renq_node$card$engine$parking$pk_head_addr(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_head_addr


module renq_node$card$engine$parking$pk_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_portal


module renq_node$card$engine$parking$pk_queue(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_queue


module renq_node$card$engine$parking$pk_repark(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_repark


module renq_node$card$engine$parking$pk_retire(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_retire


module renq_node$card$engine$parking$pk_slot(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$parking$pk_slot


module renq_node$card$engine$parking$pk_src(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_src


module renq_node$card$engine$parking$pk_untake(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$pk_untake


module renq_node$card$engine$parking$req_addr(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$req_addr


module renq_node$card$engine$parking$req_tag(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$parking$req_tag


module renq_node$card$engine$parking$req_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$req_valid


module renq_node$card$engine$parking$same01(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same01


module renq_node$card$engine$parking$same02(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same02


module renq_node$card$engine$parking$same03(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same03


module renq_node$card$engine$parking$same12(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same12


module renq_node$card$engine$parking$same13(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same13


module renq_node$card$engine$parking$same23(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$parking$same23


module renq_node$card$engine$q_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_base


module renq_node$card$engine$q_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_flags


module renq_node$card$engine$q_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_free


module renq_node$card$engine$q_free_m1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_free_m1


module renq_node$card$engine$q_free_m1_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_free_m1_nz


module renq_node$card$engine$q_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_free_nz


module renq_node$card$engine$q_head_m(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_head_m


module renq_node$card$engine$q_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_mask


module renq_node$card$engine$q_ne(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_ne


module renq_node$card$engine$q_ok(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_ok


module renq_node$card$engine$q_okx(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_okx


module renq_node$card$engine$q_slot(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_slot


module renq_node$card$engine$q_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$q_spare


module renq_node$card$engine$q_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_tail


module renq_node$card$engine$q_tail_p1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_tail_p1


module renq_node$card$engine$q_wrap(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$q_wrap


module renq_node$card$engine$qram(clock,read_addr,flags,mask,base,tail,free,free_nz,spare,w_flags_packed,write,write_addr,w_valid,w_stalled,w_armed,w_k,w_epoch,w_mask,w_base,w_spare,w_tail,w_free,w_free_nz);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_addr;
    output reg  [15:0] flags;
    output reg  [15:0] mask;
    output reg  [47:0] base;
    output reg  [15:0] tail;
    output reg  [15:0] free;
    output reg  free_nz;
    output reg  [67:0] spare;
    output reg  [15:0] w_flags_packed;
    input wire  write;
    input wire  [11:0] write_addr;
    input wire  w_valid;
    input wire  w_stalled;
    input wire  w_armed;
    input wire  [4:0] w_k;
    input wire  [7:0] w_epoch;
    input wire  [15:0] w_mask;
    input wire  [47:0] w_base;
    input wire  [67:0] w_spare;
    input wire  [15:0] w_tail;
    input wire  [15:0] w_free;
    input wire  w_free_nz;
    
    // Constant declarations
    localparam  k_shift = 4'h3;
    localparam  epoch_shift = 4'h8;
    localparam  valid_bit = 16'h1;
    localparam  stalled_bit = 16'h2;
    localparam  armed_bit = 16'h4;
    
    // Stub signals
    reg  base_ram$clock;
    reg  [11:0] base_ram$read_address;
    wire  [47:0] base_ram$read_data;
    reg  [11:0] base_ram$write_address;
    reg  [47:0] base_ram$write_data;
    reg  base_ram$write_enable;
    reg  spare_ram$clock;
    reg  [11:0] spare_ram$read_address;
    wire  [67:0] spare_ram$read_data;
    reg  [11:0] spare_ram$write_address;
    reg  [67:0] spare_ram$write_data;
    reg  spare_ram$write_enable;
    reg  tail_ram$clock;
    reg  [11:0] tail_ram$read_address;
    wire  [15:0] tail_ram$read_data;
    reg  [11:0] tail_ram$write_address;
    reg  [15:0] tail_ram$write_data;
    reg  tail_ram$write_enable;
    reg  free_ram$clock;
    reg  [11:0] free_ram$read_address;
    wire  [15:0] free_ram$read_data;
    reg  [11:0] free_ram$write_address;
    reg  [15:0] free_ram$write_data;
    reg  free_ram$write_enable;
    reg  free_nz_ram$clock;
    reg  [11:0] free_nz_ram$read_address;
    wire  free_nz_ram$read_data;
    reg  [11:0] free_nz_ram$write_address;
    reg  free_nz_ram$write_data;
    reg  free_nz_ram$write_enable;
    reg  mask_ram$clock;
    reg  [11:0] mask_ram$read_address;
    wire  [15:0] mask_ram$read_data;
    reg  [11:0] mask_ram$write_address;
    reg  [15:0] mask_ram$write_data;
    reg  mask_ram$write_enable;
    reg  flags_ram$clock;
    reg  [11:0] flags_ram$read_address;
    wire  [15:0] flags_ram$read_data;
    reg  [11:0] flags_ram$write_address;
    reg  [15:0] flags_ram$write_data;
    reg  flags_ram$write_enable;
    reg  [15:0] r_flags$d;
    wire  [15:0] r_flags$q;
    reg  r_flags$clock;
    reg  [47:0] r_base$d;
    wire  [47:0] r_base$q;
    reg  r_base$clock;
    reg  [67:0] r_spare$d;
    wire  [67:0] r_spare$q;
    reg  r_spare$clock;
    reg  [15:0] r_tail$d;
    wire  [15:0] r_tail$q;
    reg  r_tail$clock;
    reg  [15:0] r_free$d;
    wire  [15:0] r_free$q;
    reg  r_free$clock;
    reg  r_free_nz$d;
    wire  r_free_nz$q;
    reg  r_free_nz$clock;
    reg  [15:0] r_mask$d;
    wire  [15:0] r_mask$q;
    reg  r_mask$clock;
    reg  [11:0] ra1$d;
    wire  [11:0] ra1$q;
    reg  ra1$clock;
    reg  w1_valid$d;
    wire  w1_valid$q;
    reg  w1_valid$clock;
    reg  [11:0] w1_addr$d;
    wire  [11:0] w1_addr$q;
    reg  w1_addr$clock;
    reg  [15:0] w1_flags$d;
    wire  [15:0] w1_flags$q;
    reg  w1_flags$clock;
    reg  [15:0] w1_mask$d;
    wire  [15:0] w1_mask$q;
    reg  w1_mask$clock;
    reg  [47:0] w1_base$d;
    wire  [47:0] w1_base$q;
    reg  w1_base$clock;
    reg  [67:0] w1_spare$d;
    wire  [67:0] w1_spare$q;
    reg  w1_spare$clock;
    reg  [15:0] w1_tail$d;
    wire  [15:0] w1_tail$q;
    reg  w1_tail$clock;
    reg  [15:0] w1_free$d;
    wire  [15:0] w1_free$q;
    reg  w1_free$clock;
    reg  w1_free_nz$d;
    wire  w1_free_nz$q;
    reg  w1_free_nz$clock;
    reg  w2_valid$d;
    wire  w2_valid$q;
    reg  w2_valid$clock;
    reg  [15:0] w2_flags$d;
    wire  [15:0] w2_flags$q;
    reg  w2_flags$clock;
    reg  [15:0] w2_mask$d;
    wire  [15:0] w2_mask$q;
    reg  w2_mask$clock;
    reg  [47:0] w2_base$d;
    wire  [47:0] w2_base$q;
    reg  w2_base$clock;
    reg  [67:0] w2_spare$d;
    wire  [67:0] w2_spare$q;
    reg  w2_spare$clock;
    reg  [15:0] w2_tail$d;
    wire  [15:0] w2_tail$q;
    reg  w2_tail$clock;
    reg  [15:0] w2_free$d;
    wire  [15:0] w2_free$q;
    reg  w2_free$clock;
    reg  w2_free_nz$d;
    wire  w2_free_nz$q;
    reg  w2_free_nz$clock;
    reg  old_hit$d;
    wire  old_hit$q;
    reg  old_hit$clock;
    reg  [15:0] old_flags$d;
    wire  [15:0] old_flags$q;
    reg  old_flags$clock;
    reg  [15:0] old_mask$d;
    wire  [15:0] old_mask$q;
    reg  old_mask$clock;
    reg  [47:0] old_base$d;
    wire  [47:0] old_base$q;
    reg  old_base$clock;
    reg  [67:0] old_spare$d;
    wire  [67:0] old_spare$q;
    reg  old_spare$clock;
    reg  [15:0] old_tail$d;
    wire  [15:0] old_tail$q;
    reg  old_tail$clock;
    reg  [15:0] old_free$d;
    wire  [15:0] old_free$q;
    reg  old_free$clock;
    reg  old_free_nz$d;
    wire  old_free_nz$q;
    reg  old_free_nz$clock;
    reg  hit1$d;
    wire  hit1$q;
    reg  hit1$clock;
    reg  eq_w1$d;
    wire  eq_w1$q;
    reg  eq_w1$clock;
    reg  eq_w2$d;
    wire  eq_w2$q;
    reg  eq_w2$clock;
    reg  [4:0] k_wide$narrow;
    wire  [15:0] k_wide$wide;
    reg  [7:0] epoch_wide$narrow;
    wire  [15:0] epoch_wide$wide;
    
    // Local signals
    reg  hit2;
    reg  hit3;
    reg  [15:0] m_flags;
    reg  [15:0] m_mask;
    reg  [47:0] m_base;
    reg  [67:0] m_spare;
    reg  [15:0] m_tail;
    reg  [15:0] m_free;
    reg  m_free_nz;
    reg  [15:0] w_flags;
    
    // Sub module instances
    renq_node$card$engine$qram$base_ram base_ram(
        .clock(base_ram$clock),
        .read_address(base_ram$read_address),
        .read_data(base_ram$read_data),
        .write_address(base_ram$write_address),
        .write_data(base_ram$write_data),
        .write_enable(base_ram$write_enable)
    );
    renq_node$card$engine$qram$spare_ram spare_ram(
        .clock(spare_ram$clock),
        .read_address(spare_ram$read_address),
        .read_data(spare_ram$read_data),
        .write_address(spare_ram$write_address),
        .write_data(spare_ram$write_data),
        .write_enable(spare_ram$write_enable)
    );
    renq_node$card$engine$qram$tail_ram tail_ram(
        .clock(tail_ram$clock),
        .read_address(tail_ram$read_address),
        .read_data(tail_ram$read_data),
        .write_address(tail_ram$write_address),
        .write_data(tail_ram$write_data),
        .write_enable(tail_ram$write_enable)
    );
    renq_node$card$engine$qram$free_ram free_ram(
        .clock(free_ram$clock),
        .read_address(free_ram$read_address),
        .read_data(free_ram$read_data),
        .write_address(free_ram$write_address),
        .write_data(free_ram$write_data),
        .write_enable(free_ram$write_enable)
    );
    renq_node$card$engine$qram$free_nz_ram free_nz_ram(
        .clock(free_nz_ram$clock),
        .read_address(free_nz_ram$read_address),
        .read_data(free_nz_ram$read_data),
        .write_address(free_nz_ram$write_address),
        .write_data(free_nz_ram$write_data),
        .write_enable(free_nz_ram$write_enable)
    );
    renq_node$card$engine$qram$mask_ram mask_ram(
        .clock(mask_ram$clock),
        .read_address(mask_ram$read_address),
        .read_data(mask_ram$read_data),
        .write_address(mask_ram$write_address),
        .write_data(mask_ram$write_data),
        .write_enable(mask_ram$write_enable)
    );
    renq_node$card$engine$qram$flags_ram flags_ram(
        .clock(flags_ram$clock),
        .read_address(flags_ram$read_address),
        .read_data(flags_ram$read_data),
        .write_address(flags_ram$write_address),
        .write_data(flags_ram$write_data),
        .write_enable(flags_ram$write_enable)
    );
    renq_node$card$engine$qram$r_flags r_flags(
        .d(r_flags$d),
        .q(r_flags$q),
        .clock(r_flags$clock)
    );
    renq_node$card$engine$qram$r_base r_base(
        .d(r_base$d),
        .q(r_base$q),
        .clock(r_base$clock)
    );
    renq_node$card$engine$qram$r_spare r_spare(
        .d(r_spare$d),
        .q(r_spare$q),
        .clock(r_spare$clock)
    );
    renq_node$card$engine$qram$r_tail r_tail(
        .d(r_tail$d),
        .q(r_tail$q),
        .clock(r_tail$clock)
    );
    renq_node$card$engine$qram$r_free r_free(
        .d(r_free$d),
        .q(r_free$q),
        .clock(r_free$clock)
    );
    renq_node$card$engine$qram$r_free_nz r_free_nz(
        .d(r_free_nz$d),
        .q(r_free_nz$q),
        .clock(r_free_nz$clock)
    );
    renq_node$card$engine$qram$r_mask r_mask(
        .d(r_mask$d),
        .q(r_mask$q),
        .clock(r_mask$clock)
    );
    renq_node$card$engine$qram$ra1 ra1(
        .d(ra1$d),
        .q(ra1$q),
        .clock(ra1$clock)
    );
    renq_node$card$engine$qram$w1_valid w1_valid(
        .d(w1_valid$d),
        .q(w1_valid$q),
        .clock(w1_valid$clock)
    );
    renq_node$card$engine$qram$w1_addr w1_addr(
        .d(w1_addr$d),
        .q(w1_addr$q),
        .clock(w1_addr$clock)
    );
    renq_node$card$engine$qram$w1_flags w1_flags(
        .d(w1_flags$d),
        .q(w1_flags$q),
        .clock(w1_flags$clock)
    );
    renq_node$card$engine$qram$w1_mask w1_mask(
        .d(w1_mask$d),
        .q(w1_mask$q),
        .clock(w1_mask$clock)
    );
    renq_node$card$engine$qram$w1_base w1_base(
        .d(w1_base$d),
        .q(w1_base$q),
        .clock(w1_base$clock)
    );
    renq_node$card$engine$qram$w1_spare w1_spare(
        .d(w1_spare$d),
        .q(w1_spare$q),
        .clock(w1_spare$clock)
    );
    renq_node$card$engine$qram$w1_tail w1_tail(
        .d(w1_tail$d),
        .q(w1_tail$q),
        .clock(w1_tail$clock)
    );
    renq_node$card$engine$qram$w1_free w1_free(
        .d(w1_free$d),
        .q(w1_free$q),
        .clock(w1_free$clock)
    );
    renq_node$card$engine$qram$w1_free_nz w1_free_nz(
        .d(w1_free_nz$d),
        .q(w1_free_nz$q),
        .clock(w1_free_nz$clock)
    );
    renq_node$card$engine$qram$w2_valid w2_valid(
        .d(w2_valid$d),
        .q(w2_valid$q),
        .clock(w2_valid$clock)
    );
    renq_node$card$engine$qram$w2_flags w2_flags(
        .d(w2_flags$d),
        .q(w2_flags$q),
        .clock(w2_flags$clock)
    );
    renq_node$card$engine$qram$w2_mask w2_mask(
        .d(w2_mask$d),
        .q(w2_mask$q),
        .clock(w2_mask$clock)
    );
    renq_node$card$engine$qram$w2_base w2_base(
        .d(w2_base$d),
        .q(w2_base$q),
        .clock(w2_base$clock)
    );
    renq_node$card$engine$qram$w2_spare w2_spare(
        .d(w2_spare$d),
        .q(w2_spare$q),
        .clock(w2_spare$clock)
    );
    renq_node$card$engine$qram$w2_tail w2_tail(
        .d(w2_tail$d),
        .q(w2_tail$q),
        .clock(w2_tail$clock)
    );
    renq_node$card$engine$qram$w2_free w2_free(
        .d(w2_free$d),
        .q(w2_free$q),
        .clock(w2_free$clock)
    );
    renq_node$card$engine$qram$w2_free_nz w2_free_nz(
        .d(w2_free_nz$d),
        .q(w2_free_nz$q),
        .clock(w2_free_nz$clock)
    );
    renq_node$card$engine$qram$old_hit old_hit(
        .d(old_hit$d),
        .q(old_hit$q),
        .clock(old_hit$clock)
    );
    renq_node$card$engine$qram$old_flags old_flags(
        .d(old_flags$d),
        .q(old_flags$q),
        .clock(old_flags$clock)
    );
    renq_node$card$engine$qram$old_mask old_mask(
        .d(old_mask$d),
        .q(old_mask$q),
        .clock(old_mask$clock)
    );
    renq_node$card$engine$qram$old_base old_base(
        .d(old_base$d),
        .q(old_base$q),
        .clock(old_base$clock)
    );
    renq_node$card$engine$qram$old_spare old_spare(
        .d(old_spare$d),
        .q(old_spare$q),
        .clock(old_spare$clock)
    );
    renq_node$card$engine$qram$old_tail old_tail(
        .d(old_tail$d),
        .q(old_tail$q),
        .clock(old_tail$clock)
    );
    renq_node$card$engine$qram$old_free old_free(
        .d(old_free$d),
        .q(old_free$q),
        .clock(old_free$clock)
    );
    renq_node$card$engine$qram$old_free_nz old_free_nz(
        .d(old_free_nz$d),
        .q(old_free_nz$q),
        .clock(old_free_nz$clock)
    );
    renq_node$card$engine$qram$hit1 hit1(
        .d(hit1$d),
        .q(hit1$q),
        .clock(hit1$clock)
    );
    renq_node$card$engine$qram$eq_w1 eq_w1(
        .d(eq_w1$d),
        .q(eq_w1$q),
        .clock(eq_w1$clock)
    );
    renq_node$card$engine$qram$eq_w2 eq_w2(
        .d(eq_w2$d),
        .q(eq_w2$q),
        .clock(eq_w2$clock)
    );
    renq_node$card$engine$qram$k_wide k_wide(
        .narrow(k_wide$narrow),
        .wide(k_wide$wide)
    );
    renq_node$card$engine$qram$epoch_wide epoch_wide(
        .narrow(epoch_wide$narrow),
        .wide(epoch_wide$wide)
    );
    
    // Update code
    always @(*) begin
        r_flags$clock = clock;
        r_base$clock = clock;
        r_spare$clock = clock;
        r_tail$clock = clock;
        r_free$clock = clock;
        r_free_nz$clock = clock;
        r_mask$clock = clock;
        ra1$clock = clock;
        w1_valid$clock = clock;
        w1_addr$clock = clock;
        w1_flags$clock = clock;
        w1_mask$clock = clock;
        w1_base$clock = clock;
        w1_spare$clock = clock;
        w1_tail$clock = clock;
        w1_free$clock = clock;
        w1_free_nz$clock = clock;
        w2_valid$clock = clock;
        w2_flags$clock = clock;
        w2_mask$clock = clock;
        w2_base$clock = clock;
        w2_spare$clock = clock;
        w2_tail$clock = clock;
        w2_free$clock = clock;
        w2_free_nz$clock = clock;
        old_hit$clock = clock;
        old_flags$clock = clock;
        old_mask$clock = clock;
        old_base$clock = clock;
        old_spare$clock = clock;
        old_tail$clock = clock;
        old_free$clock = clock;
        old_free_nz$clock = clock;
        hit1$clock = clock;
        eq_w1$clock = clock;
        eq_w2$clock = clock;
        r_flags$d = r_flags$q;
        r_base$d = r_base$q;
        r_spare$d = r_spare$q;
        r_tail$d = r_tail$q;
        r_free$d = r_free$q;
        r_free_nz$d = r_free_nz$q;
        r_mask$d = r_mask$q;
        ra1$d = ra1$q;
        w1_valid$d = w1_valid$q;
        w1_addr$d = w1_addr$q;
        w1_flags$d = w1_flags$q;
        w1_mask$d = w1_mask$q;
        w1_base$d = w1_base$q;
        w1_spare$d = w1_spare$q;
        w1_tail$d = w1_tail$q;
        w1_free$d = w1_free$q;
        w1_free_nz$d = w1_free_nz$q;
        w2_valid$d = w2_valid$q;
        w2_flags$d = w2_flags$q;
        w2_mask$d = w2_mask$q;
        w2_base$d = w2_base$q;
        w2_spare$d = w2_spare$q;
        w2_tail$d = w2_tail$q;
        w2_free$d = w2_free$q;
        w2_free_nz$d = w2_free_nz$q;
        old_hit$d = old_hit$q;
        old_flags$d = old_flags$q;
        old_mask$d = old_mask$q;
        old_base$d = old_base$q;
        old_spare$d = old_spare$q;
        old_tail$d = old_tail$q;
        old_free$d = old_free$q;
        old_free_nz$d = old_free_nz$q;
        hit1$d = hit1$q;
        eq_w1$d = eq_w1$q;
        eq_w2$d = eq_w2$q;
        base_ram$clock = clock;
        tail_ram$clock = clock;
        free_ram$clock = clock;
        free_nz_ram$clock = clock;
        mask_ram$clock = clock;
        flags_ram$clock = clock;
        spare_ram$clock = clock;
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
        w_flags_packed = w_flags;
        w1_valid$d = write;
        w1_addr$d = write_addr;
        w1_flags$d = w_flags;
        w1_mask$d = w_mask;
        w1_base$d = w_base;
        w1_spare$d = w_spare;
        w1_tail$d = w_tail;
        w1_free$d = w_free;
        w1_free_nz$d = w_free_nz;
        w2_valid$d = w1_valid$q;
        w2_flags$d = w1_flags$q;
        w2_mask$d = w1_mask$q;
        w2_base$d = w1_base$q;
        w2_spare$d = w1_spare$q;
        w2_tail$d = w1_tail$q;
        w2_free$d = w1_free$q;
        w2_free_nz$d = w1_free_nz$q;
        base_ram$read_address = read_addr;
        spare_ram$read_address = read_addr;
        tail_ram$read_address = read_addr;
        free_ram$read_address = read_addr;
        free_nz_ram$read_address = read_addr;
        mask_ram$read_address = read_addr;
        flags_ram$read_address = read_addr;
        base_ram$write_address = w1_addr$q;
        spare_ram$write_address = w1_addr$q;
        tail_ram$write_address = w1_addr$q;
        free_ram$write_address = w1_addr$q;
        free_nz_ram$write_address = w1_addr$q;
        mask_ram$write_address = w1_addr$q;
        flags_ram$write_address = w1_addr$q;
        base_ram$write_enable = w1_valid$q;
        spare_ram$write_enable = w1_valid$q;
        tail_ram$write_enable = w1_valid$q;
        free_ram$write_enable = w1_valid$q;
        free_nz_ram$write_enable = w1_valid$q;
        mask_ram$write_enable = w1_valid$q;
        flags_ram$write_enable = w1_valid$q;
        base_ram$write_data = w1_base$q;
        spare_ram$write_data = w1_spare$q;
        tail_ram$write_data = w1_tail$q;
        free_ram$write_data = w1_free$q;
        free_nz_ram$write_data = w1_free_nz$q;
        mask_ram$write_data = w1_mask$q;
        flags_ram$write_data = w1_flags$q;
        r_flags$d = flags_ram$read_data;
        r_base$d = base_ram$read_data;
        r_spare$d = spare_ram$read_data;
        r_tail$d = tail_ram$read_data;
        r_free$d = free_ram$read_data;
        r_free_nz$d = free_nz_ram$read_data;
        r_mask$d = mask_ram$read_data;
        ra1$d = read_addr;
        hit1$d = write_addr == ra1$q;
        eq_w1$d = write_addr == read_addr;
        eq_w2$d = w1_addr$q == read_addr;
        hit2 = w1_valid$q & eq_w1$q;
        hit3 = w2_valid$q & eq_w2$q;
        old_hit$d = hit2 | hit3;
        old_flags$d = w2_flags$q;
        old_mask$d = w2_mask$q;
        old_base$d = w2_base$q;
        old_spare$d = w2_spare$q;
        old_tail$d = w2_tail$q;
        old_free$d = w2_free$q;
        old_free_nz$d = w2_free_nz$q;
        if (hit2) begin
            old_flags$d = w1_flags$q;
            old_mask$d = w1_mask$q;
            old_base$d = w1_base$q;
            old_spare$d = w1_spare$q;
            old_tail$d = w1_tail$q;
            old_free$d = w1_free$q;
            old_free_nz$d = w1_free_nz$q;
        end
        m_flags = r_flags$q;
        m_mask = r_mask$q;
        m_base = r_base$q;
        m_spare = r_spare$q;
        m_tail = r_tail$q;
        m_free = r_free$q;
        m_free_nz = r_free_nz$q;
        if (old_hit$q) begin
            m_flags = old_flags$q;
            m_mask = old_mask$q;
            m_base = old_base$q;
            m_spare = old_spare$q;
            m_tail = old_tail$q;
            m_free = old_free$q;
            m_free_nz = old_free_nz$q;
        end
        if (w1_valid$q & hit1$q) begin
            m_flags = w1_flags$q;
            m_mask = w1_mask$q;
            m_base = w1_base$q;
            m_spare = w1_spare$q;
            m_tail = w1_tail$q;
            m_free = w1_free$q;
            m_free_nz = w1_free_nz$q;
        end
        flags = m_flags;
        mask = m_mask;
        base = m_base;
        spare = m_spare;
        tail = m_tail;
        free = m_free;
        free_nz = m_free_nz;
    end
    
endmodule // renq_node$card$engine$qram


module renq_node$card$engine$qram$base_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [47:0] read_data;
    input wire  [11:0] write_address;
    input wire  [47:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[47:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$base_ram


module renq_node$card$engine$qram$epoch_wide(narrow,wide);
    
    // Module arguments
    input wire  [7:0] narrow;
    output reg  [15:0] wide;
    
    // Update code (custom)
    always @(*) wide = {8'd0, narrow};
endmodule // renq_node$card$engine$qram$epoch_wide


module renq_node$card$engine$qram$eq_w1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$eq_w1


module renq_node$card$engine$qram$eq_w2(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$eq_w2


module renq_node$card$engine$qram$flags_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[15:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$flags_ram


module renq_node$card$engine$qram$free_nz_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  read_data;
    input wire  [11:0] write_address;
    input wire  write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[0:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$free_nz_ram


module renq_node$card$engine$qram$free_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[15:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$free_ram


module renq_node$card$engine$qram$hit1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$hit1


module renq_node$card$engine$qram$k_wide(narrow,wide);
    
    // Module arguments
    input wire  [4:0] narrow;
    output reg  [15:0] wide;
    
    // Update code (custom)
    always @(*) wide = {11'd0, narrow};
endmodule // renq_node$card$engine$qram$k_wide


module renq_node$card$engine$qram$mask_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[15:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$mask_ram


module renq_node$card$engine$qram$old_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_base


module renq_node$card$engine$qram$old_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_flags


module renq_node$card$engine$qram$old_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_free


module renq_node$card$engine$qram$old_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_free_nz


module renq_node$card$engine$qram$old_hit(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_hit


module renq_node$card$engine$qram$old_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_mask


module renq_node$card$engine$qram$old_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$qram$old_spare


module renq_node$card$engine$qram$old_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$old_tail


module renq_node$card$engine$qram$r_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_base


module renq_node$card$engine$qram$r_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_flags


module renq_node$card$engine$qram$r_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_free


module renq_node$card$engine$qram$r_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_free_nz


module renq_node$card$engine$qram$r_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_mask


module renq_node$card$engine$qram$r_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$qram$r_spare


module renq_node$card$engine$qram$r_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$r_tail


module renq_node$card$engine$qram$ra1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$ra1


module renq_node$card$engine$qram$spare_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [67:0] read_data;
    input wire  [11:0] write_address;
    input wire  [67:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[67:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$spare_ram


module renq_node$card$engine$qram$tail_ram(clock,read_address,read_data,write_address,write_data,write_enable);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] read_address;
    output reg  [15:0] read_data;
    input wire  [11:0] write_address;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    (* no_rw_check *) reg[15:0] mem[4095:0];
    
    always @(posedge clock) begin
       read_data <= mem[read_address];
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
endmodule // renq_node$card$engine$qram$tail_ram


module renq_node$card$engine$qram$w1_addr(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_addr


module renq_node$card$engine$qram$w1_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_base


module renq_node$card$engine$qram$w1_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_flags


module renq_node$card$engine$qram$w1_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_free


module renq_node$card$engine$qram$w1_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_free_nz


module renq_node$card$engine$qram$w1_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_mask


module renq_node$card$engine$qram$w1_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$qram$w1_spare


module renq_node$card$engine$qram$w1_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_tail


module renq_node$card$engine$qram$w1_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w1_valid


module renq_node$card$engine$qram$w2_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_base


module renq_node$card$engine$qram$w2_flags(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_flags


module renq_node$card$engine$qram$w2_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_free


module renq_node$card$engine$qram$w2_free_nz(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_free_nz


module renq_node$card$engine$qram$w2_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_mask


module renq_node$card$engine$qram$w2_spare(d,q,clock);
    
    // Module arguments
    input wire  [67:0] d;
    output reg  [67:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 68'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$qram$w2_spare


module renq_node$card$engine$qram$w2_tail(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_tail


module renq_node$card$engine$qram$w2_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$qram$w2_valid


module renq_node$card$engine$rd0_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_node$card$engine$rd0_addr


module renq_node$card$engine$rsv_fwd(flags,mask,tail,free,free_nz,head,epoch_eq,okx,ok,tail_p1,wrap,free_m1,free_m1_nz,slot,head_m);
    
    // Module arguments
    input wire  [15:0] flags;
    input wire  [15:0] mask;
    input wire  [15:0] tail;
    input wire  [15:0] free;
    input wire  free_nz;
    input wire  [15:0] head;
    input wire  epoch_eq;
    output reg  okx;
    output reg  ok;
    output reg  [15:0] tail_p1;
    output reg  wrap;
    output reg  [15:0] free_m1;
    output reg  free_m1_nz;
    output reg  [15:0] slot;
    output reg  [15:0] head_m;
    
    // Constant declarations
    localparam  one_index = 16'h1;
    localparam  valid_pos = 4'h0;
    localparam  stalled_pos = 4'h1;
    
    // Update code
    always @(*) begin
        okx = flags[valid_pos] & ~flags[stalled_pos] & epoch_eq;
        ok = okx & free_nz;
        tail_p1 = tail + one_index;
        wrap = tail == mask;
        free_m1 = free - one_index;
        free_m1_nz = free != one_index;
        slot = tail & mask;
        head_m = head & mask;
    end
    
endmodule // renq_node$card$engine$rsv_fwd


module renq_node$card$engine$rsv_ram(flags,mask,tail,free,free_nz,head,epoch_eq,okx,ok,tail_p1,wrap,free_m1,free_m1_nz,slot,head_m);
    
    // Module arguments
    input wire  [15:0] flags;
    input wire  [15:0] mask;
    input wire  [15:0] tail;
    input wire  [15:0] free;
    input wire  free_nz;
    input wire  [15:0] head;
    input wire  epoch_eq;
    output reg  okx;
    output reg  ok;
    output reg  [15:0] tail_p1;
    output reg  wrap;
    output reg  [15:0] free_m1;
    output reg  free_m1_nz;
    output reg  [15:0] slot;
    output reg  [15:0] head_m;
    
    // Constant declarations
    localparam  one_index = 16'h1;
    localparam  valid_pos = 4'h0;
    localparam  stalled_pos = 4'h1;
    
    // Update code
    always @(*) begin
        okx = flags[valid_pos] & ~flags[stalled_pos] & epoch_eq;
        ok = okx & free_nz;
        tail_p1 = tail + one_index;
        wrap = tail == mask;
        free_m1 = free - one_index;
        free_m1_nz = free != one_index;
        slot = tail & mask;
        head_m = head & mask;
    end
    
endmodule // renq_node$card$engine$rsv_ram


module renq_node$card$engine$wq(clock,push,p_has_data,p_publish,p_notify,p_base,p_slot,p_data,p_tail,p_link,p_link_word,fill,empty,wr_valid,wr_ready,wr_addr,wr_data,notify);
    
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
    input wire  p_link;
    input wire  [47:0] p_link_word;
    output reg  [4:0] fill;
    output reg  empty;
    output reg  wr_valid;
    input wire  wr_ready;
    output reg  [47:0] wr_addr;
    output reg  [63:0] wr_data;
    output reg  notify;
    
    // Constant declarations
    localparam  one_ptr = 5'b1;
    localparam  has_data_bit = 4'h1;
    localparam  publish_bit = 4'h2;
    localparam  notify_bit = 4'h4;
    localparam  link_bit = 4'h8;
    localparam  zero_flags = 4'h0;
    localparam  word_shift = 6'b11;
    localparam  tail_word_offset = 48'h8;
    localparam  link_word_offset = 48'h0;
    
    // Stub signals
    reg  [3:0] flags_ram$read_address;
    reg  flags_ram$read_clock;
    wire  [3:0] flags_ram$read_data;
    reg  [3:0] flags_ram$write_address;
    reg  flags_ram$write_clock;
    reg  [3:0] flags_ram$write_data;
    reg  flags_ram$write_enable;
    reg  [3:0] base_ram$read_address;
    reg  base_ram$read_clock;
    wire  [47:0] base_ram$read_data;
    reg  [3:0] base_ram$write_address;
    reg  base_ram$write_clock;
    reg  [47:0] base_ram$write_data;
    reg  base_ram$write_enable;
    reg  [3:0] slot_ram$read_address;
    reg  slot_ram$read_clock;
    wire  [15:0] slot_ram$read_data;
    reg  [3:0] slot_ram$write_address;
    reg  slot_ram$write_clock;
    reg  [15:0] slot_ram$write_data;
    reg  slot_ram$write_enable;
    reg  [3:0] data_ram$read_address;
    reg  data_ram$read_clock;
    wire  [63:0] data_ram$read_data;
    reg  [3:0] data_ram$write_address;
    reg  data_ram$write_clock;
    reg  [63:0] data_ram$write_data;
    reg  data_ram$write_enable;
    reg  [3:0] tail_ram$read_address;
    reg  tail_ram$read_clock;
    wire  [15:0] tail_ram$read_data;
    reg  [3:0] tail_ram$write_address;
    reg  tail_ram$write_clock;
    reg  [15:0] tail_ram$write_data;
    reg  tail_ram$write_enable;
    reg  [3:0] link_ram$read_address;
    reg  link_ram$read_clock;
    wire  [47:0] link_ram$read_data;
    reg  [3:0] link_ram$write_address;
    reg  link_ram$write_clock;
    reg  [47:0] link_ram$write_data;
    reg  link_ram$write_enable;
    reg  [4:0] wr_ptr$d;
    wire  [4:0] wr_ptr$q;
    reg  wr_ptr$clock;
    reg  [4:0] rd_ptr$d;
    wire  [4:0] rd_ptr$q;
    reg  rd_ptr$clock;
    reg  [4:0] rd_ptr1$d;
    wire  [4:0] rd_ptr1$q;
    reg  rd_ptr1$clock;
    reg  visible_r$d;
    wire  visible_r$q;
    reg  visible_r$clock;
    reg  in_wr1$d;
    wire  in_wr1$q;
    reg  in_wr1$clock;
    reg  in_link$d;
    wire  in_link$q;
    reg  in_link$clock;
    reg  [15:0] slot_wide$narrow;
    wire  [47:0] slot_wide$wide;
    reg  [15:0] tail_word$narrow;
    wire  [63:0] tail_word$wide;
    reg  [47:0] link_data$narrow;
    wire  [63:0] link_data$wide;
    
    // Local signals
    reg  has_data;
    reg  publish;
    reg  notifies;
    reg  links;
    reg  at_data;
    reg  at_tail;
    reg  last_write;
    reg  writes;
    reg  marker;
    reg  accepted;
    reg  pop;
    reg  [4:0] rd_next;
    reg  [3:0] p_flags;
    
    // Sub module instances
    renq_node$card$engine$wq$flags_ram flags_ram(
        .read_address(flags_ram$read_address),
        .read_clock(flags_ram$read_clock),
        .read_data(flags_ram$read_data),
        .write_address(flags_ram$write_address),
        .write_clock(flags_ram$write_clock),
        .write_data(flags_ram$write_data),
        .write_enable(flags_ram$write_enable)
    );
    renq_node$card$engine$wq$base_ram base_ram(
        .read_address(base_ram$read_address),
        .read_clock(base_ram$read_clock),
        .read_data(base_ram$read_data),
        .write_address(base_ram$write_address),
        .write_clock(base_ram$write_clock),
        .write_data(base_ram$write_data),
        .write_enable(base_ram$write_enable)
    );
    renq_node$card$engine$wq$slot_ram slot_ram(
        .read_address(slot_ram$read_address),
        .read_clock(slot_ram$read_clock),
        .read_data(slot_ram$read_data),
        .write_address(slot_ram$write_address),
        .write_clock(slot_ram$write_clock),
        .write_data(slot_ram$write_data),
        .write_enable(slot_ram$write_enable)
    );
    renq_node$card$engine$wq$data_ram data_ram(
        .read_address(data_ram$read_address),
        .read_clock(data_ram$read_clock),
        .read_data(data_ram$read_data),
        .write_address(data_ram$write_address),
        .write_clock(data_ram$write_clock),
        .write_data(data_ram$write_data),
        .write_enable(data_ram$write_enable)
    );
    renq_node$card$engine$wq$tail_ram tail_ram(
        .read_address(tail_ram$read_address),
        .read_clock(tail_ram$read_clock),
        .read_data(tail_ram$read_data),
        .write_address(tail_ram$write_address),
        .write_clock(tail_ram$write_clock),
        .write_data(tail_ram$write_data),
        .write_enable(tail_ram$write_enable)
    );
    renq_node$card$engine$wq$link_ram link_ram(
        .read_address(link_ram$read_address),
        .read_clock(link_ram$read_clock),
        .read_data(link_ram$read_data),
        .write_address(link_ram$write_address),
        .write_clock(link_ram$write_clock),
        .write_data(link_ram$write_data),
        .write_enable(link_ram$write_enable)
    );
    renq_node$card$engine$wq$wr_ptr wr_ptr(
        .d(wr_ptr$d),
        .q(wr_ptr$q),
        .clock(wr_ptr$clock)
    );
    renq_node$card$engine$wq$rd_ptr rd_ptr(
        .d(rd_ptr$d),
        .q(rd_ptr$q),
        .clock(rd_ptr$clock)
    );
    renq_node$card$engine$wq$rd_ptr1 rd_ptr1(
        .d(rd_ptr1$d),
        .q(rd_ptr1$q),
        .clock(rd_ptr1$clock)
    );
    renq_node$card$engine$wq$visible_r visible_r(
        .d(visible_r$d),
        .q(visible_r$q),
        .clock(visible_r$clock)
    );
    renq_node$card$engine$wq$in_wr1 in_wr1(
        .d(in_wr1$d),
        .q(in_wr1$q),
        .clock(in_wr1$clock)
    );
    renq_node$card$engine$wq$in_link in_link(
        .d(in_link$d),
        .q(in_link$q),
        .clock(in_link$clock)
    );
    renq_node$card$engine$wq$slot_wide slot_wide(
        .narrow(slot_wide$narrow),
        .wide(slot_wide$wide)
    );
    renq_node$card$engine$wq$tail_word tail_word(
        .narrow(tail_word$narrow),
        .wide(tail_word$wide)
    );
    renq_node$card$engine$wq$link_data link_data(
        .narrow(link_data$narrow),
        .wide(link_data$wide)
    );
    
    // Update code
    always @(*) begin
        wr_ptr$clock = clock;
        rd_ptr$clock = clock;
        rd_ptr1$clock = clock;
        visible_r$clock = clock;
        in_wr1$clock = clock;
        in_link$clock = clock;
        wr_ptr$d = wr_ptr$q;
        rd_ptr$d = rd_ptr$q;
        rd_ptr1$d = rd_ptr1$q;
        visible_r$d = visible_r$q;
        in_wr1$d = in_wr1$q;
        in_link$d = in_link$q;
        flags_ram$read_clock = clock;
        base_ram$read_clock = clock;
        slot_ram$read_clock = clock;
        data_ram$read_clock = clock;
        tail_ram$read_clock = clock;
        link_ram$read_clock = clock;
        link_ram$write_clock = clock;
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
        if (p_link) begin
            p_flags = p_flags | link_bit;
        end
        flags_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        base_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        slot_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        data_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        tail_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        link_ram$write_address = wr_ptr$q[(32'h0)+:(4)];
        flags_ram$write_data = p_flags;
        base_ram$write_data = p_base;
        slot_ram$write_data = p_slot;
        data_ram$write_data = p_data;
        tail_ram$write_data = p_tail;
        link_ram$write_data = p_link_word;
        flags_ram$write_enable = push;
        base_ram$write_enable = push;
        slot_ram$write_enable = push;
        data_ram$write_enable = push;
        tail_ram$write_enable = push;
        link_ram$write_enable = push;
        if (push) begin
            wr_ptr$d = wr_ptr$q + one_ptr;
        end
        fill = wr_ptr$q - rd_ptr$q;
        empty = wr_ptr$q == rd_ptr$q;
        has_data = flags_ram$read_data[32'h0];
        publish = flags_ram$read_data[32'h1];
        notifies = flags_ram$read_data[32'h2];
        links = flags_ram$read_data[32'h3];
        slot_wide$narrow = slot_ram$read_data;
        tail_word$narrow = tail_ram$read_data;
        link_data$narrow = link_ram$read_data;
        writes = has_data | publish | links;
        wr_valid = visible_r$q & writes;
        marker = visible_r$q & ~writes;
        at_data = has_data & ~in_wr1$q;
        at_tail = publish & ~at_data & ~in_link$q;
        wr_addr = base_ram$read_data | tail_word_offset;
        wr_data = tail_word$wide;
        if (at_data) begin
            wr_addr = base_ram$read_data | (slot_wide$wide << word_shift);
            wr_data = data_ram$read_data;
        end
        else if (~at_tail) begin
            wr_addr = base_ram$read_data | link_word_offset;
            wr_data = link_data$wide;
        end
        last_write = ~links & (at_tail | ~publish) | ~at_data & ~at_tail;
        accepted = visible_r$q & writes & wr_ready;
        pop = accepted & last_write | marker;
        if (accepted) begin
            in_wr1$d = ~pop;
            in_link$d = ~pop & (at_tail | in_link$q);
        end
        notify = accepted & notifies & at_tail | marker & notifies;
        rd_next = rd_ptr$q;
        if (pop) begin
            rd_next = rd_ptr1$q;
            rd_ptr1$d = rd_ptr1$q + one_ptr;
        end
        rd_ptr$d = rd_next;
        visible_r$d = wr_ptr$q != rd_ptr$q;
        if (pop) begin
            visible_r$d = wr_ptr$q != rd_ptr1$q;
        end
        flags_ram$read_address = rd_next[(32'h0)+:(4)];
        base_ram$read_address = rd_next[(32'h0)+:(4)];
        slot_ram$read_address = rd_next[(32'h0)+:(4)];
        data_ram$read_address = rd_next[(32'h0)+:(4)];
        tail_ram$read_address = rd_next[(32'h0)+:(4)];
        link_ram$read_address = rd_next[(32'h0)+:(4)];
    end
    
endmodule // renq_node$card$engine$wq


module renq_node$card$engine$wq$base_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [47:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [47:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[47:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$base_ram


module renq_node$card$engine$wq$data_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [63:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [63:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[63:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$data_ram


module renq_node$card$engine$wq$flags_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [3:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [3:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[3:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$flags_ram


module renq_node$card$engine$wq$in_link(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$wq$in_link


module renq_node$card$engine$wq$in_wr1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$wq$in_wr1


module renq_node$card$engine$wq$link_data(narrow,wide);
    
    // Module arguments
    input wire  [47:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {16'd0, narrow};
endmodule // renq_node$card$engine$wq$link_data


module renq_node$card$engine$wq$link_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [47:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [47:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[47:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$link_ram


module renq_node$card$engine$wq$rd_ptr(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$wq$rd_ptr


module renq_node$card$engine$wq$rd_ptr1(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 5'b1;
    
    // Stub signals
    reg  [4:0] dff$d;
    wire  [4:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$card$engine$wq$rd_ptr1$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$card$engine$wq$rd_ptr1


module renq_node$card$engine$wq$rd_ptr1$dff(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$wq$rd_ptr1$dff


module renq_node$card$engine$wq$slot_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$slot_ram


module renq_node$card$engine$wq$slot_wide(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_node$card$engine$wq$slot_wide


module renq_node$card$engine$wq$tail_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [3:0] read_address;
    input wire  read_clock;
    output reg  [15:0] read_data;
    input wire  [3:0] write_address;
    input wire  write_clock;
    input wire  [15:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[15:0] mem[15:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$card$engine$wq$tail_ram


module renq_node$card$engine$wq$tail_word(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_node$card$engine$wq$tail_word


module renq_node$card$engine$wq$visible_r(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$wq$visible_r


module renq_node$card$engine$wq$wr_ptr(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$wq$wr_ptr


module renq_node$card$engine$xdec(clock,a_data,f_base,valid,k,mask,free,base,valid_bit,aligned,run,run_fits);
    
    // Module arguments
    input wire  clock;
    input wire  [63:0] a_data;
    input wire  [47:0] f_base;
    output reg  valid;
    output reg  [4:0] k;
    output reg  [15:0] mask;
    output reg  [15:0] free;
    output reg  [47:0] base;
    output reg  valid_bit;
    output reg  aligned;
    output reg  [9:0] run;
    output reg  run_fits;
    
    // Constant declarations
    localparam  export_log2_lsb = 6'b110000;
    localparam  export_valid_bit = 6'b111111;
    localparam  spare_run_lsb = 6'b110101;
    localparam  word_shift = 6'b11;
    localparam  word_offset_mask = 48'h7;
    localparam  one_index = 16'h1;
    localparam  one_addr = 48'h1;
    localparam  first_data_index = 16'h3;
    localparam  k_min = 5'b11;
    localparam  k_max = 5'b10000;
    
    // Stub signals
    reg  [9:0] run_wide$narrow;
    wire  [47:0] run_wide$wide;
    reg  [4:0] f_arg_k$d;
    wire  [4:0] f_arg_k$q;
    reg  f_arg_k$clock;
    reg  [15:0] f_arg_mask$d;
    wire  [15:0] f_arg_mask$q;
    reg  f_arg_mask$clock;
    reg  [47:0] f_arg_low$d;
    wire  [47:0] f_arg_low$q;
    reg  f_arg_low$clock;
    reg  f_arg_ok$d;
    wire  f_arg_ok$q;
    reg  f_arg_ok$clock;
    reg  f_arg_valid_bit$d;
    wire  f_arg_valid_bit$q;
    reg  f_arg_valid_bit$clock;
    reg  [9:0] f_arg_run$d;
    wire  [9:0] f_arg_run$q;
    reg  f_arg_run$clock;
    reg  [47:0] f_arg_span_m1$d;
    wire  [47:0] f_arg_span_m1$q;
    reg  f_arg_span_m1$clock;
    reg  b_arg_valid_bit$d;
    wire  b_arg_valid_bit$q;
    reg  b_arg_valid_bit$clock;
    reg  [9:0] b_arg_run$d;
    wire  [9:0] b_arg_run$q;
    reg  b_arg_run$clock;
    reg  b_arg_run_fits$d;
    wire  b_arg_run_fits$q;
    reg  b_arg_run_fits$clock;
    reg  b_arg_aligned$d;
    wire  b_arg_aligned$q;
    reg  b_arg_aligned$clock;
    reg  b_arg_valid$d;
    wire  b_arg_valid$q;
    reg  b_arg_valid$clock;
    reg  [4:0] b_arg_k$d;
    wire  [4:0] b_arg_k$q;
    reg  b_arg_k$clock;
    reg  [15:0] b_arg_mask$d;
    wire  [15:0] b_arg_mask$q;
    reg  b_arg_mask$clock;
    reg  [15:0] b_arg_free$d;
    wire  [15:0] b_arg_free$q;
    reg  b_arg_free$clock;
    reg  [47:0] b_arg_base$d;
    wire  [47:0] b_arg_base$q;
    reg  b_arg_base$clock;
    
    // Local signals
    reg  [4:0] arg_k;
    reg  [15:0] arg_mask;
    reg  [47:0] arg_mask_wide;
    reg  [9:0] arg_run;
    
    // Sub module instances
    renq_node$card$engine$xdec$run_wide run_wide(
        .narrow(run_wide$narrow),
        .wide(run_wide$wide)
    );
    renq_node$card$engine$xdec$f_arg_k f_arg_k(
        .d(f_arg_k$d),
        .q(f_arg_k$q),
        .clock(f_arg_k$clock)
    );
    renq_node$card$engine$xdec$f_arg_mask f_arg_mask(
        .d(f_arg_mask$d),
        .q(f_arg_mask$q),
        .clock(f_arg_mask$clock)
    );
    renq_node$card$engine$xdec$f_arg_low f_arg_low(
        .d(f_arg_low$d),
        .q(f_arg_low$q),
        .clock(f_arg_low$clock)
    );
    renq_node$card$engine$xdec$f_arg_ok f_arg_ok(
        .d(f_arg_ok$d),
        .q(f_arg_ok$q),
        .clock(f_arg_ok$clock)
    );
    renq_node$card$engine$xdec$f_arg_valid_bit f_arg_valid_bit(
        .d(f_arg_valid_bit$d),
        .q(f_arg_valid_bit$q),
        .clock(f_arg_valid_bit$clock)
    );
    renq_node$card$engine$xdec$f_arg_run f_arg_run(
        .d(f_arg_run$d),
        .q(f_arg_run$q),
        .clock(f_arg_run$clock)
    );
    renq_node$card$engine$xdec$f_arg_span_m1 f_arg_span_m1(
        .d(f_arg_span_m1$d),
        .q(f_arg_span_m1$q),
        .clock(f_arg_span_m1$clock)
    );
    renq_node$card$engine$xdec$b_arg_valid_bit b_arg_valid_bit(
        .d(b_arg_valid_bit$d),
        .q(b_arg_valid_bit$q),
        .clock(b_arg_valid_bit$clock)
    );
    renq_node$card$engine$xdec$b_arg_run b_arg_run(
        .d(b_arg_run$d),
        .q(b_arg_run$q),
        .clock(b_arg_run$clock)
    );
    renq_node$card$engine$xdec$b_arg_run_fits b_arg_run_fits(
        .d(b_arg_run_fits$d),
        .q(b_arg_run_fits$q),
        .clock(b_arg_run_fits$clock)
    );
    renq_node$card$engine$xdec$b_arg_aligned b_arg_aligned(
        .d(b_arg_aligned$d),
        .q(b_arg_aligned$q),
        .clock(b_arg_aligned$clock)
    );
    renq_node$card$engine$xdec$b_arg_valid b_arg_valid(
        .d(b_arg_valid$d),
        .q(b_arg_valid$q),
        .clock(b_arg_valid$clock)
    );
    renq_node$card$engine$xdec$b_arg_k b_arg_k(
        .d(b_arg_k$d),
        .q(b_arg_k$q),
        .clock(b_arg_k$clock)
    );
    renq_node$card$engine$xdec$b_arg_mask b_arg_mask(
        .d(b_arg_mask$d),
        .q(b_arg_mask$q),
        .clock(b_arg_mask$clock)
    );
    renq_node$card$engine$xdec$b_arg_free b_arg_free(
        .d(b_arg_free$d),
        .q(b_arg_free$q),
        .clock(b_arg_free$clock)
    );
    renq_node$card$engine$xdec$b_arg_base b_arg_base(
        .d(b_arg_base$d),
        .q(b_arg_base$q),
        .clock(b_arg_base$clock)
    );
    
    // Update code
    always @(*) begin
        f_arg_k$clock = clock;
        f_arg_mask$clock = clock;
        f_arg_low$clock = clock;
        f_arg_ok$clock = clock;
        f_arg_valid_bit$clock = clock;
        f_arg_run$clock = clock;
        f_arg_span_m1$clock = clock;
        b_arg_valid_bit$clock = clock;
        b_arg_run$clock = clock;
        b_arg_run_fits$clock = clock;
        b_arg_aligned$clock = clock;
        b_arg_valid$clock = clock;
        b_arg_k$clock = clock;
        b_arg_mask$clock = clock;
        b_arg_free$clock = clock;
        b_arg_base$clock = clock;
        f_arg_k$d = f_arg_k$q;
        f_arg_mask$d = f_arg_mask$q;
        f_arg_low$d = f_arg_low$q;
        f_arg_ok$d = f_arg_ok$q;
        f_arg_valid_bit$d = f_arg_valid_bit$q;
        f_arg_run$d = f_arg_run$q;
        f_arg_span_m1$d = f_arg_span_m1$q;
        b_arg_valid_bit$d = b_arg_valid_bit$q;
        b_arg_run$d = b_arg_run$q;
        b_arg_run_fits$d = b_arg_run_fits$q;
        b_arg_aligned$d = b_arg_aligned$q;
        b_arg_valid$d = b_arg_valid$q;
        b_arg_k$d = b_arg_k$q;
        b_arg_mask$d = b_arg_mask$q;
        b_arg_free$d = b_arg_free$q;
        b_arg_base$d = b_arg_base$q;
        arg_k = a_data[(export_log2_lsb)+:(5)];
        arg_mask = (one_index << arg_k) - one_index;
        arg_mask_wide = (one_addr << arg_k) - one_addr;
        f_arg_k$d = arg_k;
        f_arg_mask$d = arg_mask;
        f_arg_low$d = (arg_mask_wide << word_shift) | word_offset_mask;
        f_arg_ok$d = a_data[export_valid_bit] & (arg_k >= k_min) & (arg_k <= k_max);
        f_arg_valid_bit$d = a_data[export_valid_bit];
        arg_run = a_data[(spare_run_lsb)+:(10)];
        run_wide$narrow = a_data[(spare_run_lsb)+:(10)];
        f_arg_run$d = arg_run;
        f_arg_span_m1$d = ((run_wide$wide << arg_k) << word_shift) | (arg_mask_wide << word_shift) | word_offset_mask;
        b_arg_valid_bit$d = f_arg_valid_bit$q;
        b_arg_run$d = f_arg_run$q;
        b_arg_run_fits$d = f_arg_span_m1$q <= (~f_base | f_arg_low$q);
        b_arg_aligned$d = ~|(f_base & f_arg_low$q);
        b_arg_k$d = f_arg_k$q;
        b_arg_mask$d = f_arg_mask$q;
        b_arg_free$d = f_arg_mask$q - first_data_index;
        b_arg_valid$d = f_arg_ok$q;
        b_arg_base$d = f_base & ~f_arg_low$q;
        valid = b_arg_valid$q;
        k = b_arg_k$q;
        mask = b_arg_mask$q;
        free = b_arg_free$q;
        base = b_arg_base$q;
        valid_bit = b_arg_valid_bit$q;
        aligned = b_arg_aligned$q;
        run = b_arg_run$q;
        run_fits = b_arg_run_fits$q;
    end
    
endmodule // renq_node$card$engine$xdec


module renq_node$card$engine$xdec$b_arg_aligned(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_aligned


module renq_node$card$engine$xdec$b_arg_base(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_base


module renq_node$card$engine$xdec$b_arg_free(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_free


module renq_node$card$engine$xdec$b_arg_k(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$xdec$b_arg_k


module renq_node$card$engine$xdec$b_arg_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_mask


module renq_node$card$engine$xdec$b_arg_run(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_run


module renq_node$card$engine$xdec$b_arg_run_fits(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_run_fits


module renq_node$card$engine$xdec$b_arg_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_valid


module renq_node$card$engine$xdec$b_arg_valid_bit(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$b_arg_valid_bit


module renq_node$card$engine$xdec$f_arg_k(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$engine$xdec$f_arg_k


module renq_node$card$engine$xdec$f_arg_low(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_low


module renq_node$card$engine$xdec$f_arg_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_mask


module renq_node$card$engine$xdec$f_arg_ok(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_ok


module renq_node$card$engine$xdec$f_arg_run(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_run


module renq_node$card$engine$xdec$f_arg_span_m1(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_span_m1


module renq_node$card$engine$xdec$f_arg_valid_bit(d,q,clock);
    
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
          
endmodule // renq_node$card$engine$xdec$f_arg_valid_bit


module renq_node$card$engine$xdec$run_wide(narrow,wide);
    
    // Module arguments
    input wire  [9:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {38'd0, narrow};
endmodule // renq_node$card$engine$xdec$run_wide


module renq_node$card$engine_swept(d,q,clock);
    
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
          
endmodule // renq_node$card$engine_swept


module renq_node$card$op_select(grant_regs,grant_orx,regs$kind,regs$portal,regs$data,orx$kind,orx$portal,orx$data,b2$kind,b2$portal,b2$data,op$kind,op$portal,op$data);
    
    // Module arguments
    input wire  grant_regs;
    input wire  grant_orx;
    input wire  [2:0] regs$kind;
    input wire  [11:0] regs$portal;
    input wire  [63:0] regs$data;
    input wire  [2:0] orx$kind;
    input wire  [11:0] orx$portal;
    input wire  [63:0] orx$data;
    input wire  [2:0] b2$kind;
    input wire  [11:0] b2$portal;
    input wire  [63:0] b2$data;
    output reg  [2:0] op$kind;
    output reg  [11:0] op$portal;
    output reg  [63:0] op$data;
    
    // Update code (custom)
    always @(*) begin
      op$kind = grant_regs ? regs$kind : grant_orx ? orx$kind : b2$kind;
      op$portal = grant_regs ? regs$portal : grant_orx ? orx$portal : b2$portal;
      op$data = grant_regs ? regs$data : grant_orx ? orx$data : b2$data;
    end
endmodule // renq_node$card$op_select


module renq_node$card$outcomes(clock,push,data_in,pop,head,empty,full);
    
    // Module arguments
    input wire  clock;
    input wire  push;
    input wire  [43:0] data_in;
    input wire  pop;
    output reg  [43:0] head;
    output reg  empty;
    output reg  full;
    
    // Stub signals
    reg  [43:0] data$0$d;
    wire  [43:0] data$0$q;
    reg  data$0$clock;
    reg  [43:0] data$1$d;
    wire  [43:0] data$1$q;
    reg  data$1$clock;
    reg  [43:0] data$2$d;
    wire  [43:0] data$2$q;
    reg  data$2$clock;
    reg  [43:0] data$3$d;
    wire  [43:0] data$3$q;
    reg  data$3$clock;
    reg  [43:0] data$4$d;
    wire  [43:0] data$4$q;
    reg  data$4$clock;
    reg  [43:0] data$5$d;
    wire  [43:0] data$5$q;
    reg  data$5$clock;
    reg  [43:0] data$6$d;
    wire  [43:0] data$6$q;
    reg  data$6$clock;
    reg  [43:0] data$7$d;
    wire  [43:0] data$7$q;
    reg  data$7$clock;
    reg  [43:0] data$8$d;
    wire  [43:0] data$8$q;
    reg  data$8$clock;
    reg  [43:0] data$9$d;
    wire  [43:0] data$9$q;
    reg  data$9$clock;
    reg  [43:0] data$10$d;
    wire  [43:0] data$10$q;
    reg  data$10$clock;
    reg  [43:0] data$11$d;
    wire  [43:0] data$11$q;
    reg  data$11$clock;
    reg  [43:0] data$12$d;
    wire  [43:0] data$12$q;
    reg  data$12$clock;
    reg  [43:0] data$13$d;
    wire  [43:0] data$13$q;
    reg  data$13$clock;
    reg  [43:0] data$14$d;
    wire  [43:0] data$14$q;
    reg  data$14$clock;
    reg  [43:0] data$15$d;
    wire  [43:0] data$15$q;
    reg  data$15$clock;
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
    reg  used$6$d;
    wire  used$6$q;
    reg  used$6$clock;
    reg  used$7$d;
    wire  used$7$q;
    reg  used$7$clock;
    reg  used$8$d;
    wire  used$8$q;
    reg  used$8$clock;
    reg  used$9$d;
    wire  used$9$q;
    reg  used$9$clock;
    reg  used$10$d;
    wire  used$10$q;
    reg  used$10$clock;
    reg  used$11$d;
    wire  used$11$q;
    reg  used$11$clock;
    reg  used$12$d;
    wire  used$12$q;
    reg  used$12$clock;
    reg  used$13$d;
    wire  used$13$q;
    reg  used$13$clock;
    reg  used$14$d;
    wire  used$14$q;
    reg  used$14$clock;
    reg  used$15$d;
    wire  used$15$q;
    reg  used$15$clock;
    
    // Local signals
    reg  after$0;
    reg  after$1;
    reg  after$2;
    reg  after$3;
    reg  after$4;
    reg  after$5;
    reg  after$6;
    reg  after$7;
    reg  after$8;
    reg  after$9;
    reg  after$10;
    reg  after$11;
    reg  after$12;
    reg  after$13;
    reg  after$14;
    reg  after$15;
    reg  shift;
    reg  put;
    
    // Sub module instances
    renq_node$card$outcomes$data$0 data$0(
        .d(data$0$d),
        .q(data$0$q),
        .clock(data$0$clock)
    );
    renq_node$card$outcomes$data$1 data$1(
        .d(data$1$d),
        .q(data$1$q),
        .clock(data$1$clock)
    );
    renq_node$card$outcomes$data$2 data$2(
        .d(data$2$d),
        .q(data$2$q),
        .clock(data$2$clock)
    );
    renq_node$card$outcomes$data$3 data$3(
        .d(data$3$d),
        .q(data$3$q),
        .clock(data$3$clock)
    );
    renq_node$card$outcomes$data$4 data$4(
        .d(data$4$d),
        .q(data$4$q),
        .clock(data$4$clock)
    );
    renq_node$card$outcomes$data$5 data$5(
        .d(data$5$d),
        .q(data$5$q),
        .clock(data$5$clock)
    );
    renq_node$card$outcomes$data$6 data$6(
        .d(data$6$d),
        .q(data$6$q),
        .clock(data$6$clock)
    );
    renq_node$card$outcomes$data$7 data$7(
        .d(data$7$d),
        .q(data$7$q),
        .clock(data$7$clock)
    );
    renq_node$card$outcomes$data$8 data$8(
        .d(data$8$d),
        .q(data$8$q),
        .clock(data$8$clock)
    );
    renq_node$card$outcomes$data$9 data$9(
        .d(data$9$d),
        .q(data$9$q),
        .clock(data$9$clock)
    );
    renq_node$card$outcomes$data$10 data$10(
        .d(data$10$d),
        .q(data$10$q),
        .clock(data$10$clock)
    );
    renq_node$card$outcomes$data$11 data$11(
        .d(data$11$d),
        .q(data$11$q),
        .clock(data$11$clock)
    );
    renq_node$card$outcomes$data$12 data$12(
        .d(data$12$d),
        .q(data$12$q),
        .clock(data$12$clock)
    );
    renq_node$card$outcomes$data$13 data$13(
        .d(data$13$d),
        .q(data$13$q),
        .clock(data$13$clock)
    );
    renq_node$card$outcomes$data$14 data$14(
        .d(data$14$d),
        .q(data$14$q),
        .clock(data$14$clock)
    );
    renq_node$card$outcomes$data$15 data$15(
        .d(data$15$d),
        .q(data$15$q),
        .clock(data$15$clock)
    );
    renq_node$card$outcomes$used$0 used$0(
        .d(used$0$d),
        .q(used$0$q),
        .clock(used$0$clock)
    );
    renq_node$card$outcomes$used$1 used$1(
        .d(used$1$d),
        .q(used$1$q),
        .clock(used$1$clock)
    );
    renq_node$card$outcomes$used$2 used$2(
        .d(used$2$d),
        .q(used$2$q),
        .clock(used$2$clock)
    );
    renq_node$card$outcomes$used$3 used$3(
        .d(used$3$d),
        .q(used$3$q),
        .clock(used$3$clock)
    );
    renq_node$card$outcomes$used$4 used$4(
        .d(used$4$d),
        .q(used$4$q),
        .clock(used$4$clock)
    );
    renq_node$card$outcomes$used$5 used$5(
        .d(used$5$d),
        .q(used$5$q),
        .clock(used$5$clock)
    );
    renq_node$card$outcomes$used$6 used$6(
        .d(used$6$d),
        .q(used$6$q),
        .clock(used$6$clock)
    );
    renq_node$card$outcomes$used$7 used$7(
        .d(used$7$d),
        .q(used$7$q),
        .clock(used$7$clock)
    );
    renq_node$card$outcomes$used$8 used$8(
        .d(used$8$d),
        .q(used$8$q),
        .clock(used$8$clock)
    );
    renq_node$card$outcomes$used$9 used$9(
        .d(used$9$d),
        .q(used$9$q),
        .clock(used$9$clock)
    );
    renq_node$card$outcomes$used$10 used$10(
        .d(used$10$d),
        .q(used$10$q),
        .clock(used$10$clock)
    );
    renq_node$card$outcomes$used$11 used$11(
        .d(used$11$d),
        .q(used$11$q),
        .clock(used$11$clock)
    );
    renq_node$card$outcomes$used$12 used$12(
        .d(used$12$d),
        .q(used$12$q),
        .clock(used$12$clock)
    );
    renq_node$card$outcomes$used$13 used$13(
        .d(used$13$d),
        .q(used$13$q),
        .clock(used$13$clock)
    );
    renq_node$card$outcomes$used$14 used$14(
        .d(used$14$d),
        .q(used$14$q),
        .clock(used$14$clock)
    );
    renq_node$card$outcomes$used$15 used$15(
        .d(used$15$d),
        .q(used$15$q),
        .clock(used$15$clock)
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
        data$6$clock = clock;
        used$6$clock = clock;
        data$6$d = data$6$q;
        used$6$d = used$6$q;
        data$7$clock = clock;
        used$7$clock = clock;
        data$7$d = data$7$q;
        used$7$d = used$7$q;
        data$8$clock = clock;
        used$8$clock = clock;
        data$8$d = data$8$q;
        used$8$d = used$8$q;
        data$9$clock = clock;
        used$9$clock = clock;
        data$9$d = data$9$q;
        used$9$d = used$9$q;
        data$10$clock = clock;
        used$10$clock = clock;
        data$10$d = data$10$q;
        used$10$d = used$10$q;
        data$11$clock = clock;
        used$11$clock = clock;
        data$11$d = data$11$q;
        used$11$d = used$11$q;
        data$12$clock = clock;
        used$12$clock = clock;
        data$12$d = data$12$q;
        used$12$d = used$12$q;
        data$13$clock = clock;
        used$13$clock = clock;
        data$13$d = data$13$q;
        used$13$d = used$13$q;
        data$14$clock = clock;
        used$14$clock = clock;
        data$14$d = data$14$q;
        used$14$d = used$14$q;
        data$15$clock = clock;
        used$15$clock = clock;
        data$15$d = data$15$q;
        used$15$d = used$15$q;
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
        after$6 = used$6$q;
        full = used$6$q;
        after$7 = used$7$q;
        full = used$7$q;
        after$8 = used$8$q;
        full = used$8$q;
        after$9 = used$9$q;
        full = used$9$q;
        after$10 = used$10$q;
        full = used$10$q;
        after$11 = used$11$q;
        full = used$11$q;
        after$12 = used$12$q;
        full = used$12$q;
        after$13 = used$13$q;
        full = used$13$q;
        after$14 = used$14$q;
        full = used$14$q;
        after$15 = used$15$q;
        full = used$15$q;
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
            data$5$d = data$6$q;
            used$5$d = used$6$q;
            after$5 = used$6$q;
            used$6$d = 1'b0;
            after$6 = 1'b0;
            data$6$d = data$7$q;
            used$6$d = used$7$q;
            after$6 = used$7$q;
            used$7$d = 1'b0;
            after$7 = 1'b0;
            data$7$d = data$8$q;
            used$7$d = used$8$q;
            after$7 = used$8$q;
            used$8$d = 1'b0;
            after$8 = 1'b0;
            data$8$d = data$9$q;
            used$8$d = used$9$q;
            after$8 = used$9$q;
            used$9$d = 1'b0;
            after$9 = 1'b0;
            data$9$d = data$10$q;
            used$9$d = used$10$q;
            after$9 = used$10$q;
            used$10$d = 1'b0;
            after$10 = 1'b0;
            data$10$d = data$11$q;
            used$10$d = used$11$q;
            after$10 = used$11$q;
            used$11$d = 1'b0;
            after$11 = 1'b0;
            data$11$d = data$12$q;
            used$11$d = used$12$q;
            after$11 = used$12$q;
            used$12$d = 1'b0;
            after$12 = 1'b0;
            data$12$d = data$13$q;
            used$12$d = used$13$q;
            after$12 = used$13$q;
            used$13$d = 1'b0;
            after$13 = 1'b0;
            data$13$d = data$14$q;
            used$13$d = used$14$q;
            after$13 = used$14$q;
            used$14$d = 1'b0;
            after$14 = 1'b0;
            data$14$d = data$15$q;
            used$14$d = used$15$q;
            after$14 = used$15$q;
            used$15$d = 1'b0;
            after$15 = 1'b0;
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
        if (put & ~after$6 & after$5) begin
            data$6$d = data_in;
            used$6$d = 1'b1;
        end
        if (put & ~after$7 & after$6) begin
            data$7$d = data_in;
            used$7$d = 1'b1;
        end
        if (put & ~after$8 & after$7) begin
            data$8$d = data_in;
            used$8$d = 1'b1;
        end
        if (put & ~after$9 & after$8) begin
            data$9$d = data_in;
            used$9$d = 1'b1;
        end
        if (put & ~after$10 & after$9) begin
            data$10$d = data_in;
            used$10$d = 1'b1;
        end
        if (put & ~after$11 & after$10) begin
            data$11$d = data_in;
            used$11$d = 1'b1;
        end
        if (put & ~after$12 & after$11) begin
            data$12$d = data_in;
            used$12$d = 1'b1;
        end
        if (put & ~after$13 & after$12) begin
            data$13$d = data_in;
            used$13$d = 1'b1;
        end
        if (put & ~after$14 & after$13) begin
            data$14$d = data_in;
            used$14$d = 1'b1;
        end
        if (put & ~after$15 & after$14) begin
            data$15$d = data_in;
            used$15$d = 1'b1;
        end
        head = data$0$q;
        empty = ~used$0$q;
    end
    
endmodule // renq_node$card$outcomes


module renq_node$card$outcomes$data$0(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$0


module renq_node$card$outcomes$data$1(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$1


module renq_node$card$outcomes$data$10(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$10


module renq_node$card$outcomes$data$11(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$11


module renq_node$card$outcomes$data$12(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$12


module renq_node$card$outcomes$data$13(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$13


module renq_node$card$outcomes$data$14(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$14


module renq_node$card$outcomes$data$15(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$15


module renq_node$card$outcomes$data$2(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$2


module renq_node$card$outcomes$data$3(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$3


module renq_node$card$outcomes$data$4(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$4


module renq_node$card$outcomes$data$5(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$5


module renq_node$card$outcomes$data$6(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$6


module renq_node$card$outcomes$data$7(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$7


module renq_node$card$outcomes$data$8(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$8


module renq_node$card$outcomes$data$9(d,q,clock);
    
    // Module arguments
    input wire  [43:0] d;
    output reg  [43:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 44'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$outcomes$data$9


module renq_node$card$outcomes$used$0(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$0


module renq_node$card$outcomes$used$1(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$1


module renq_node$card$outcomes$used$10(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$10


module renq_node$card$outcomes$used$11(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$11


module renq_node$card$outcomes$used$12(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$12


module renq_node$card$outcomes$used$13(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$13


module renq_node$card$outcomes$used$14(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$14


module renq_node$card$outcomes$used$15(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$15


module renq_node$card$outcomes$used$2(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$2


module renq_node$card$outcomes$used$3(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$3


module renq_node$card$outcomes$used$4(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$4


module renq_node$card$outcomes$used$5(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$5


module renq_node$card$outcomes$used$6(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$6


module renq_node$card$outcomes$used$7(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$7


module renq_node$card$outcomes$used$8(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$8


module renq_node$card$outcomes$used$9(d,q,clock);
    
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
          
endmodule // renq_node$card$outcomes$used$9


module renq_node$card$owed(d,q,clock);
    
    // Module arguments
    input wire  [4:0] d;
    output reg  [4:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 5'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$owed


module renq_node$card$pack(code,epoch,portal,queue,dst,word);
    
    // Module arguments
    input wire  [1:0] code;
    input wire  [7:0] epoch;
    input wire  [11:0] portal;
    input wire  [11:0] queue;
    input wire  [9:0] dst;
    output reg  [43:0] word;
    
    // Update code (custom)
    always @(*) word = {code, epoch, portal, queue, dst};
endmodule // renq_node$card$pack


module renq_node$card$portals(clock,tx_enable,op_valid,op_ready,op_kind,op_portal,op_data,op_epoch,store_ready,pkt_valid,pkt_ready,pkt_dst,pkt_queue,pkt_portal,pkt_epoch,pkt_data,rsp_valid,rsp_data,ev_sent,ev_dropped,ev_src_refused,sweeping);
    
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
    renq_node$card$portals$status_ram status_ram(
        .read_address(status_ram$read_address),
        .read_clock(status_ram$read_clock),
        .read_data(status_ram$read_data),
        .write_address(status_ram$write_address),
        .write_clock(status_ram$write_clock),
        .write_data(status_ram$write_data),
        .write_enable(status_ram$write_enable)
    );
    renq_node$card$portals$route_ram route_ram(
        .read_address(route_ram$read_address),
        .read_clock(route_ram$read_clock),
        .read_data(route_ram$read_data),
        .write_address(route_ram$write_address),
        .write_clock(route_ram$write_clock),
        .write_data(route_ram$write_data),
        .write_enable(route_ram$write_enable)
    );
    renq_node$card$portals$valid_ram valid_ram(
        .read_address(valid_ram$read_address),
        .read_clock(valid_ram$read_clock),
        .read_data(valid_ram$read_data),
        .write_address(valid_ram$write_address),
        .write_clock(valid_ram$write_clock),
        .write_data(valid_ram$write_data),
        .write_enable(valid_ram$write_enable)
    );
    renq_node$card$portals$epoch_ram epoch_ram(
        .read_address(epoch_ram$read_address),
        .read_clock(epoch_ram$read_clock),
        .read_data(epoch_ram$read_data),
        .write_address(epoch_ram$write_address),
        .write_clock(epoch_ram$write_clock),
        .write_data(epoch_ram$write_data),
        .write_enable(epoch_ram$write_enable)
    );
    renq_node$card$portals$swept swept(
        .d(swept$d),
        .q(swept$q),
        .clock(swept$clock)
    );
    renq_node$card$portals$sweep_ctr sweep_ctr(
        .d(sweep_ctr$d),
        .q(sweep_ctr$q),
        .clock(sweep_ctr$clock)
    );
    renq_node$card$portals$s0_valid s0_valid(
        .d(s0_valid$d),
        .q(s0_valid$q),
        .clock(s0_valid$clock)
    );
    renq_node$card$portals$s0_kind s0_kind(
        .d(s0_kind$d),
        .q(s0_kind$q),
        .clock(s0_kind$clock)
    );
    renq_node$card$portals$s0_portal s0_portal(
        .d(s0_portal$d),
        .q(s0_portal$q),
        .clock(s0_portal$clock)
    );
    renq_node$card$portals$s0_data s0_data(
        .d(s0_data$d),
        .q(s0_data$q),
        .clock(s0_data$clock)
    );
    renq_node$card$portals$s0_epoch s0_epoch(
        .d(s0_epoch$d),
        .q(s0_epoch$q),
        .clock(s0_epoch$clock)
    );
    renq_node$card$portals$s1_valid s1_valid(
        .d(s1_valid$d),
        .q(s1_valid$q),
        .clock(s1_valid$clock)
    );
    renq_node$card$portals$s1_kind s1_kind(
        .d(s1_kind$d),
        .q(s1_kind$q),
        .clock(s1_kind$clock)
    );
    renq_node$card$portals$s1_portal s1_portal(
        .d(s1_portal$d),
        .q(s1_portal$q),
        .clock(s1_portal$clock)
    );
    renq_node$card$portals$s1_data s1_data(
        .d(s1_data$d),
        .q(s1_data$q),
        .clock(s1_data$clock)
    );
    renq_node$card$portals$s1_epoch s1_epoch(
        .d(s1_epoch$d),
        .q(s1_epoch$q),
        .clock(s1_epoch$clock)
    );
    renq_node$card$portals$s2_valid s2_valid(
        .d(s2_valid$d),
        .q(s2_valid$q),
        .clock(s2_valid$clock)
    );
    renq_node$card$portals$s2_kind s2_kind(
        .d(s2_kind$d),
        .q(s2_kind$q),
        .clock(s2_kind$clock)
    );
    renq_node$card$portals$s2_portal s2_portal(
        .d(s2_portal$d),
        .q(s2_portal$q),
        .clock(s2_portal$clock)
    );
    renq_node$card$portals$s2_data s2_data(
        .d(s2_data$d),
        .q(s2_data$q),
        .clock(s2_data$clock)
    );
    renq_node$card$portals$s2_epoch s2_epoch(
        .d(s2_epoch$d),
        .q(s2_epoch$q),
        .clock(s2_epoch$clock)
    );
    renq_node$card$portals$s2_ram_status s2_ram_status(
        .d(s2_ram_status$d),
        .q(s2_ram_status$q),
        .clock(s2_ram_status$clock)
    );
    renq_node$card$portals$s2_ram_route s2_ram_route(
        .d(s2_ram_route$d),
        .q(s2_ram_route$q),
        .clock(s2_ram_route$clock)
    );
    renq_node$card$portals$s2_ram_entry_valid s2_ram_entry_valid(
        .d(s2_ram_entry_valid$d),
        .q(s2_ram_entry_valid$q),
        .clock(s2_ram_entry_valid$clock)
    );
    renq_node$card$portals$s2_ram_epoch s2_ram_epoch(
        .d(s2_ram_epoch$d),
        .q(s2_ram_epoch$q),
        .clock(s2_ram_epoch$clock)
    );
    renq_node$card$portals$s2_hit1 s2_hit1(
        .d(s2_hit1$d),
        .q(s2_hit1$q),
        .clock(s2_hit1$clock)
    );
    renq_node$card$portals$s2_hit2 s2_hit2(
        .d(s2_hit2$d),
        .q(s2_hit2$q),
        .clock(s2_hit2$clock)
    );
    renq_node$card$portals$fwd_valid fwd_valid(
        .d(fwd_valid$d),
        .q(fwd_valid$q),
        .clock(fwd_valid$clock)
    );
    renq_node$card$portals$fwd_portal fwd_portal(
        .d(fwd_portal$d),
        .q(fwd_portal$q),
        .clock(fwd_portal$clock)
    );
    renq_node$card$portals$fwd_status fwd_status(
        .d(fwd_status$d),
        .q(fwd_status$q),
        .clock(fwd_status$clock)
    );
    renq_node$card$portals$fwd_route fwd_route(
        .d(fwd_route$d),
        .q(fwd_route$q),
        .clock(fwd_route$clock)
    );
    renq_node$card$portals$fwd_entry_valid fwd_entry_valid(
        .d(fwd_entry_valid$d),
        .q(fwd_entry_valid$q),
        .clock(fwd_entry_valid$clock)
    );
    renq_node$card$portals$fwd_epoch fwd_epoch(
        .d(fwd_epoch$d),
        .q(fwd_epoch$q),
        .clock(fwd_epoch$clock)
    );
    renq_node$card$portals$fwd2_status fwd2_status(
        .d(fwd2_status$d),
        .q(fwd2_status$q),
        .clock(fwd2_status$clock)
    );
    renq_node$card$portals$fwd2_route fwd2_route(
        .d(fwd2_route$d),
        .q(fwd2_route$q),
        .clock(fwd2_route$clock)
    );
    renq_node$card$portals$fwd2_entry_valid fwd2_entry_valid(
        .d(fwd2_entry_valid$d),
        .q(fwd2_entry_valid$q),
        .clock(fwd2_entry_valid$clock)
    );
    renq_node$card$portals$fwd2_epoch fwd2_epoch(
        .d(fwd2_epoch$d),
        .q(fwd2_epoch$q),
        .clock(fwd2_epoch$clock)
    );
    renq_node$card$portals$s3_send s3_send(
        .d(s3_send$d),
        .q(s3_send$q),
        .clock(s3_send$clock)
    );
    renq_node$card$portals$s3_pkt s3_pkt(
        .d(s3_pkt$d),
        .q(s3_pkt$q),
        .clock(s3_pkt$clock)
    );
    renq_node$card$portals$pkt_fifo pkt_fifo(
        .clock(pkt_fifo$clock),
        .push(pkt_fifo$push),
        .data_in(pkt_fifo$data_in),
        .pop(pkt_fifo$pop),
        .head(pkt_fifo$head),
        .empty(pkt_fifo$empty),
        .full(pkt_fifo$full)
    );
    renq_node$card$portals$out_valid out_valid(
        .d(out_valid$d),
        .q(out_valid$q),
        .clock(out_valid$clock)
    );
    renq_node$card$portals$out_pkt out_pkt(
        .d(out_pkt$d),
        .q(out_pkt$q),
        .clock(out_pkt$clock)
    );
    renq_node$card$portals$skid_valid skid_valid(
        .d(skid_valid$d),
        .q(skid_valid$q),
        .clock(skid_valid$clock)
    );
    renq_node$card$portals$skid_pkt skid_pkt(
        .d(skid_pkt$d),
        .q(skid_pkt$q),
        .clock(skid_pkt$clock)
    );
    renq_node$card$portals$pkt_pack pkt_pack(
        .dst(pkt_pack$dst),
        .queue(pkt_pack$queue),
        .portal(pkt_pack$portal),
        .epoch(pkt_pack$epoch),
        .data(pkt_pack$data),
        .word(pkt_pack$word)
    );
    renq_node$card$portals$occupied occupied(
        .d(occupied$d),
        .q(occupied$q),
        .clock(occupied$clock)
    );
    renq_node$card$portals$store_room store_room(
        .d(store_room$d),
        .q(store_room$q),
        .clock(store_room$clock)
    );
    renq_node$card$portals$rsp_valid_r rsp_valid_r(
        .d(rsp_valid_r$d),
        .q(rsp_valid_r$q),
        .clock(rsp_valid_r$clock)
    );
    renq_node$card$portals$rsp_data_r rsp_data_r(
        .d(rsp_data_r$d),
        .q(rsp_data_r$q),
        .clock(rsp_data_r$clock)
    );
    renq_node$card$portals$rsp_entry_r rsp_entry_r(
        .d(rsp_entry_r$d),
        .q(rsp_entry_r$q),
        .clock(rsp_entry_r$clock)
    );
    renq_node$card$portals$rsp_route_r rsp_route_r(
        .d(rsp_route_r$d),
        .q(rsp_route_r$q),
        .clock(rsp_route_r$clock)
    );
    renq_node$card$portals$rsp_entry_valid_r rsp_entry_valid_r(
        .d(rsp_entry_valid_r$d),
        .q(rsp_entry_valid_r$q),
        .clock(rsp_entry_valid_r$clock)
    );
    renq_node$card$portals$ev_sent_r ev_sent_r(
        .d(ev_sent_r$d),
        .q(ev_sent_r$q),
        .clock(ev_sent_r$clock)
    );
    renq_node$card$portals$ev_dropped_r ev_dropped_r(
        .d(ev_dropped_r$d),
        .q(ev_dropped_r$q),
        .clock(ev_dropped_r$clock)
    );
    renq_node$card$portals$ev_src_refused_r ev_src_refused_r(
        .d(ev_src_refused_r$d),
        .q(ev_src_refused_r$q),
        .clock(ev_src_refused_r$clock)
    );
    renq_node$card$portals$op_addr op_addr(
        .wide(op_addr$wide),
        .narrow(op_addr$narrow)
    );
    renq_node$card$portals$s2_addr s2_addr(
        .wide(s2_addr$wide),
        .narrow(s2_addr$narrow)
    );
    renq_node$card$portals$pack pack(
        .accepted(pack$accepted),
        .in_flight(pack$in_flight),
        .refused(pack$refused),
        .rejected(pack$rejected),
        .refusing(pack$refusing),
        .word(pack$word)
    );
    renq_node$card$portals$entry_word entry_word(
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
    
endmodule // renq_node$card$portals


module renq_node$card$portals$entry_word(valid,route,word);
    
    // Module arguments
    input wire  valid;
    input wire  [21:0] route;
    output reg  [63:0] word;
    
    // Update code (custom)
    always @(*) word = {valid, 41'd0, route};
endmodule // renq_node$card$portals$entry_word


module renq_node$card$portals$epoch_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
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
                
endmodule // renq_node$card$portals$epoch_ram


module renq_node$card$portals$ev_dropped_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$ev_dropped_r


module renq_node$card$portals$ev_sent_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$ev_sent_r


module renq_node$card$portals$ev_src_refused_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$ev_src_refused_r


module renq_node$card$portals$fwd2_entry_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd2_entry_valid


module renq_node$card$portals$fwd2_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd2_epoch


module renq_node$card$portals$fwd2_route(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd2_route


module renq_node$card$portals$fwd2_status(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd2_status


module renq_node$card$portals$fwd_entry_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_entry_valid


module renq_node$card$portals$fwd_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_epoch


module renq_node$card$portals$fwd_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_portal


module renq_node$card$portals$fwd_route(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_route


module renq_node$card$portals$fwd_status(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_status


module renq_node$card$portals$fwd_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$fwd_valid


module renq_node$card$portals$occupied(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$occupied


module renq_node$card$portals$op_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_node$card$portals$op_addr


module renq_node$card$portals$out_pkt(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$out_pkt


module renq_node$card$portals$out_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$out_valid


module renq_node$card$portals$pack(accepted,in_flight,refused,rejected,refusing,word);
    
    // Module arguments
    input wire  [31:0] accepted;
    input wire  [15:0] in_flight;
    input wire  [13:0] refused;
    input wire  rejected;
    input wire  refusing;
    output reg  [63:0] word;
    
    // Update code (custom)
    always @(*) word = {refusing, rejected, refused, in_flight, accepted};
endmodule // renq_node$card$portals$pack


module renq_node$card$portals$pkt_fifo(clock,push,data_in,pop,head,empty,full);
    
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
    renq_node$card$portals$pkt_fifo$data$0 data$0(
        .d(data$0$d),
        .q(data$0$q),
        .clock(data$0$clock)
    );
    renq_node$card$portals$pkt_fifo$data$1 data$1(
        .d(data$1$d),
        .q(data$1$q),
        .clock(data$1$clock)
    );
    renq_node$card$portals$pkt_fifo$data$2 data$2(
        .d(data$2$d),
        .q(data$2$q),
        .clock(data$2$clock)
    );
    renq_node$card$portals$pkt_fifo$data$3 data$3(
        .d(data$3$d),
        .q(data$3$q),
        .clock(data$3$clock)
    );
    renq_node$card$portals$pkt_fifo$data$4 data$4(
        .d(data$4$d),
        .q(data$4$q),
        .clock(data$4$clock)
    );
    renq_node$card$portals$pkt_fifo$data$5 data$5(
        .d(data$5$d),
        .q(data$5$q),
        .clock(data$5$clock)
    );
    renq_node$card$portals$pkt_fifo$used$0 used$0(
        .d(used$0$d),
        .q(used$0$q),
        .clock(used$0$clock)
    );
    renq_node$card$portals$pkt_fifo$used$1 used$1(
        .d(used$1$d),
        .q(used$1$q),
        .clock(used$1$clock)
    );
    renq_node$card$portals$pkt_fifo$used$2 used$2(
        .d(used$2$d),
        .q(used$2$q),
        .clock(used$2$clock)
    );
    renq_node$card$portals$pkt_fifo$used$3 used$3(
        .d(used$3$d),
        .q(used$3$q),
        .clock(used$3$clock)
    );
    renq_node$card$portals$pkt_fifo$used$4 used$4(
        .d(used$4$d),
        .q(used$4$q),
        .clock(used$4$clock)
    );
    renq_node$card$portals$pkt_fifo$used$5 used$5(
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
    
endmodule // renq_node$card$portals$pkt_fifo


module renq_node$card$portals$pkt_fifo$data$0(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$0


module renq_node$card$portals$pkt_fifo$data$1(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$1


module renq_node$card$portals$pkt_fifo$data$2(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$2


module renq_node$card$portals$pkt_fifo$data$3(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$3


module renq_node$card$portals$pkt_fifo$data$4(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$4


module renq_node$card$portals$pkt_fifo$data$5(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$data$5


module renq_node$card$portals$pkt_fifo$used$0(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$0


module renq_node$card$portals$pkt_fifo$used$1(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$1


module renq_node$card$portals$pkt_fifo$used$2(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$2


module renq_node$card$portals$pkt_fifo$used$3(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$3


module renq_node$card$portals$pkt_fifo$used$4(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$4


module renq_node$card$portals$pkt_fifo$used$5(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$pkt_fifo$used$5


module renq_node$card$portals$pkt_pack(dst,queue,portal,epoch,data,word);
    
    // Module arguments
    input wire  [9:0] dst;
    input wire  [11:0] queue;
    input wire  [11:0] portal;
    input wire  [7:0] epoch;
    input wire  [63:0] data;
    output reg  [105:0] word;
    
    // Update code (custom)
    always @(*) word = {data, epoch, portal, queue, dst};
endmodule // renq_node$card$portals$pkt_pack


module renq_node$card$portals$route_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
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
                
endmodule // renq_node$card$portals$route_ram


module renq_node$card$portals$rsp_data_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$rsp_data_r


module renq_node$card$portals$rsp_entry_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$rsp_entry_r


module renq_node$card$portals$rsp_entry_valid_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$rsp_entry_valid_r


module renq_node$card$portals$rsp_route_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$rsp_route_r


module renq_node$card$portals$rsp_valid_r(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$rsp_valid_r


module renq_node$card$portals$s0_data(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s0_data


module renq_node$card$portals$s0_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s0_epoch


module renq_node$card$portals$s0_kind(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s0_kind


module renq_node$card$portals$s0_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s0_portal


module renq_node$card$portals$s0_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s0_valid


module renq_node$card$portals$s1_data(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s1_data


module renq_node$card$portals$s1_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s1_epoch


module renq_node$card$portals$s1_kind(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s1_kind


module renq_node$card$portals$s1_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s1_portal


module renq_node$card$portals$s1_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s1_valid


module renq_node$card$portals$s2_addr(wide,narrow);
    
    // Module arguments
    input wire  [11:0] wide;
    output reg  [11:0] narrow;
    
    // Update code (custom)
    always @(*) narrow = wide[11:0];
endmodule // renq_node$card$portals$s2_addr


module renq_node$card$portals$s2_data(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_data


module renq_node$card$portals$s2_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_epoch


module renq_node$card$portals$s2_hit1(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_hit1


module renq_node$card$portals$s2_hit2(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_hit2


module renq_node$card$portals$s2_kind(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_kind


module renq_node$card$portals$s2_portal(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_portal


module renq_node$card$portals$s2_ram_entry_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_ram_entry_valid


module renq_node$card$portals$s2_ram_epoch(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_ram_epoch


module renq_node$card$portals$s2_ram_route(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_ram_route


module renq_node$card$portals$s2_ram_status(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_ram_status


module renq_node$card$portals$s2_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s2_valid


module renq_node$card$portals$s3_pkt(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s3_pkt


module renq_node$card$portals$s3_send(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$s3_send


module renq_node$card$portals$skid_pkt(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$skid_pkt


module renq_node$card$portals$skid_valid(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$skid_valid


module renq_node$card$portals$status_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
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
                
endmodule // renq_node$card$portals$status_ram


module renq_node$card$portals$store_room(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$store_room


module renq_node$card$portals$sweep_ctr(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$sweep_ctr


module renq_node$card$portals$swept(d,q,clock);
    
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
          
endmodule // renq_node$card$portals$swept


module renq_node$card$portals$valid_ram(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
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
                
endmodule // renq_node$card$portals$valid_ram


module renq_node$card$regs(clock,csr$addr,csr$wdata,csr$write,csr$read,csr$ready,csr$rdata,csr$rvalid,node_id,rx_enable,tx_enable,cmd$valid,cmd$ready,cmd$kind,cmd$queue,cmd$arg,pop_valid,pop_ready,pop$kind,pop$portal,pop$data,prsp$valid,prsp$data,ev$enqueued,ev$rejected,ev$refused,ev$overflow,ev$bad_header,ev$query,ev$notify,ev$switch,ev$entered_run,ev$queue,ev$data,tx_ev$sent,tx_ev$dropped,tx_ev$bad_store,tx_ev$src_refused,sweeping,irq);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] csr$addr;
    input wire  [63:0] csr$wdata;
    input wire  csr$write;
    input wire  csr$read;
    output reg  csr$ready;
    output reg  [63:0] csr$rdata;
    output reg  csr$rvalid;
    output reg  [9:0] node_id;
    output reg  rx_enable;
    output reg  tx_enable;
    output reg  cmd$valid;
    input wire  cmd$ready;
    output reg  [2:0] cmd$kind;
    output reg  [11:0] cmd$queue;
    output reg  [63:0] cmd$arg;
    output reg  pop_valid;
    input wire  pop_ready;
    output reg  [2:0] pop$kind;
    output reg  [11:0] pop$portal;
    output reg  [63:0] pop$data;
    input wire  prsp$valid;
    input wire  [63:0] prsp$data;
    input wire  ev$enqueued;
    input wire  ev$rejected;
    input wire  ev$refused;
    input wire  ev$overflow;
    input wire  ev$bad_header;
    input wire  ev$query;
    input wire  ev$notify;
    input wire  ev$switch;
    input wire  ev$entered_run;
    input wire  [11:0] ev$queue;
    input wire  [63:0] ev$data;
    input wire  tx_ev$sent;
    input wire  tx_ev$dropped;
    input wire  tx_ev$bad_store;
    input wire  tx_ev$src_refused;
    input wire  sweeping;
    output reg  irq;
    
    // Constant declarations
    localparam  a_id = 12'h0;
    localparam  a_node_id = 12'h8;
    localparam  a_control = 12'h10;
    localparam  a_irq_status = 12'h18;
    localparam  a_irq_mask = 12'h20;
    localparam  a_cmd_arg = 12'h28;
    localparam  a_cmd = 12'h30;
    localparam  a_query = 12'h38;
    localparam  a_cnt_sent = 12'h40;
    localparam  a_cnt_tx_dropped = 12'h48;
    localparam  a_cnt_enqueued = 12'h50;
    localparam  a_cnt_rejected = 12'h58;
    localparam  a_cnt_overflows = 12'h60;
    localparam  a_cnt_bad_header = 12'h68;
    localparam  a_cnt_refused = 12'h70;
    localparam  a_cnt_src_refused = 12'h78;
    localparam  a_cnt_switches = 12'hb0;
    localparam  a_overflow = 12'h80;
    localparam  a_overflow_pop = 12'h88;
    localparam  a_portal_sel = 12'h90;
    localparam  a_portal = 12'h98;
    localparam  a_status = 12'ha0;
    localparam  a_caps = 12'ha8;
    localparam  id_value = 64'h52454e5100000002;
    localparam  caps_value = 64'h47ff10001000;
    localparam  d_node_id = 64'h3ff;
    localparam  d_control = 64'h3;
    localparam  d_irq = 64'h7;
    localparam  d_cmd_undefined = 64'hfffffffffff8f000;
    localparam  d_pop_undefined = 64'hfffffffffffffffc;
    localparam  d_portal_sel = 64'hfff;
    localparam  d_portal = 64'h80000000003fffff;
    localparam  irq_overflow = 64'h1;
    localparam  irq_bad_header = 64'h2;
    localparam  irq_notify = 64'h4;
    localparam  ready_bit = 64'h8000000000000000;
    localparam  overflow_valid = 64'h8000000000000000;
    localparam  overflow_lost_bit = 64'h4000000000000000;
    localparam  status_cmd_pending = 64'h1;
    localparam  status_sweeping = 64'h2;
    localparam  zero_word = 64'h0;
    localparam  zero_counter = 32'h0;
    localparam  pos_kind = 6'b10000;
    localparam  pos_pop = 6'b0;
    localparam  pos_clear_lost = 6'b1;
    localparam  pos_rx_enable = 6'b0;
    localparam  pos_tx_enable = 6'b1;
    localparam  kind_query = 3'b100;
    localparam  kind_last = 3'b101;
    localparam  op_grant = 3'b11;
    localparam  op_entry = 3'b101;
    
    // Stub signals
    reg  [63:0] node_id_r$d;
    wire  [63:0] node_id_r$q;
    reg  node_id_r$clock;
    reg  [63:0] control$d;
    wire  [63:0] control$q;
    reg  control$clock;
    reg  [63:0] irq_latched$d;
    wire  [63:0] irq_latched$q;
    reg  irq_latched$clock;
    reg  [63:0] irq_mask$d;
    wire  [63:0] irq_mask$q;
    reg  irq_mask$clock;
    reg  [63:0] cmd_arg_r$d;
    wire  [63:0] cmd_arg_r$q;
    reg  cmd_arg_r$clock;
    reg  [63:0] query$d;
    wire  [63:0] query$q;
    reg  query$clock;
    reg  [63:0] portal_sel$d;
    wire  [63:0] portal_sel$q;
    reg  portal_sel$clock;
    reg  overflow_lost$d;
    wire  overflow_lost$q;
    reg  overflow_lost$clock;
    reg  overflow_fifo$clock;
    reg  overflow_fifo$push;
    reg  [11:0] overflow_fifo$data_in;
    reg  overflow_fifo$pop;
    wire  [11:0] overflow_fifo$head;
    wire  overflow_fifo$empty;
    wire  overflow_fifo$full;
    reg  overflow_pop_due$d;
    wire  overflow_pop_due$q;
    reg  overflow_pop_due$clock;
    reg  cmd_pending$d;
    wire  cmd_pending$q;
    reg  cmd_pending$clock;
    reg  [63:0] cmd_word$d;
    wire  [63:0] cmd_word$q;
    reg  cmd_word$clock;
    reg  [63:0] cmd_arg_snap$d;
    wire  [63:0] cmd_arg_snap$q;
    reg  cmd_arg_snap$clock;
    reg  query_wait$d;
    wire  query_wait$q;
    reg  query_wait$clock;
    reg  pop_pending$d;
    wire  pop_pending$q;
    reg  pop_pending$clock;
    reg  pop_is_entry$d;
    wire  pop_is_entry$q;
    reg  pop_is_entry$clock;
    reg  [63:0] pop_word$d;
    wire  [63:0] pop_word$q;
    reg  pop_word$clock;
    reg  rsp_wait$d;
    wire  rsp_wait$q;
    reg  rsp_wait$clock;
    reg  [63:0] rdata_r$d;
    wire  [63:0] rdata_r$q;
    reg  rdata_r$clock;
    reg  rvalid_r$d;
    wire  rvalid_r$q;
    reg  rvalid_r$clock;
    reg  cnt_sent$clock;
    reg  cnt_sent$pulse;
    wire  [31:0] cnt_sent$q;
    reg  cnt_tx_dropped$clock;
    reg  cnt_tx_dropped$pulse;
    wire  [31:0] cnt_tx_dropped$q;
    reg  cnt_bad_store$clock;
    reg  cnt_bad_store$pulse;
    wire  [31:0] cnt_bad_store$q;
    reg  cnt_enqueued$clock;
    reg  cnt_enqueued$pulse;
    wire  [31:0] cnt_enqueued$q;
    reg  cnt_rejected$clock;
    reg  cnt_rejected$pulse;
    wire  [31:0] cnt_rejected$q;
    reg  cnt_overflows$clock;
    reg  cnt_overflows$pulse;
    wire  [31:0] cnt_overflows$q;
    reg  cnt_bad_header$clock;
    reg  cnt_bad_header$pulse;
    wire  [31:0] cnt_bad_header$q;
    reg  cnt_refused$clock;
    reg  cnt_refused$pulse;
    wire  [31:0] cnt_refused$q;
    reg  cnt_src_refused$clock;
    reg  cnt_src_refused$pulse;
    wire  [31:0] cnt_src_refused$q;
    reg  cnt_switches$clock;
    reg  cnt_switches$pulse;
    wire  [31:0] cnt_switches$q;
    reg  [31:0] counter_word$narrow;
    wire  [63:0] counter_word$wide;
    reg  [11:0] queue_word$narrow;
    wire  [63:0] queue_word$wide;
    
    // Local signals
    reg  take;
    reg  take_read;
    reg  take_write;
    reg  cmd_busy;
    reg  [31:0] read_counter;
    reg  [63:0] read_value;
    reg  [63:0] irq_now;
    reg  overflow_now;
    reg  [63:0] overflow_word;
    reg  [2:0] wkind;
    reg  [63:0] irq_next;
    
    // Sub module instances
    renq_node$card$regs$node_id_r node_id_r(
        .d(node_id_r$d),
        .q(node_id_r$q),
        .clock(node_id_r$clock)
    );
    renq_node$card$regs$control control(
        .d(control$d),
        .q(control$q),
        .clock(control$clock)
    );
    renq_node$card$regs$irq_latched irq_latched(
        .d(irq_latched$d),
        .q(irq_latched$q),
        .clock(irq_latched$clock)
    );
    renq_node$card$regs$irq_mask irq_mask(
        .d(irq_mask$d),
        .q(irq_mask$q),
        .clock(irq_mask$clock)
    );
    renq_node$card$regs$cmd_arg_r cmd_arg_r(
        .d(cmd_arg_r$d),
        .q(cmd_arg_r$q),
        .clock(cmd_arg_r$clock)
    );
    renq_node$card$regs$query query(
        .d(query$d),
        .q(query$q),
        .clock(query$clock)
    );
    renq_node$card$regs$portal_sel portal_sel(
        .d(portal_sel$d),
        .q(portal_sel$q),
        .clock(portal_sel$clock)
    );
    renq_node$card$regs$overflow_lost overflow_lost(
        .d(overflow_lost$d),
        .q(overflow_lost$q),
        .clock(overflow_lost$clock)
    );
    renq_node$card$regs$overflow_fifo overflow_fifo(
        .clock(overflow_fifo$clock),
        .push(overflow_fifo$push),
        .data_in(overflow_fifo$data_in),
        .pop(overflow_fifo$pop),
        .head(overflow_fifo$head),
        .empty(overflow_fifo$empty),
        .full(overflow_fifo$full)
    );
    renq_node$card$regs$overflow_pop_due overflow_pop_due(
        .d(overflow_pop_due$d),
        .q(overflow_pop_due$q),
        .clock(overflow_pop_due$clock)
    );
    renq_node$card$regs$cmd_pending cmd_pending(
        .d(cmd_pending$d),
        .q(cmd_pending$q),
        .clock(cmd_pending$clock)
    );
    renq_node$card$regs$cmd_word cmd_word(
        .d(cmd_word$d),
        .q(cmd_word$q),
        .clock(cmd_word$clock)
    );
    renq_node$card$regs$cmd_arg_snap cmd_arg_snap(
        .d(cmd_arg_snap$d),
        .q(cmd_arg_snap$q),
        .clock(cmd_arg_snap$clock)
    );
    renq_node$card$regs$query_wait query_wait(
        .d(query_wait$d),
        .q(query_wait$q),
        .clock(query_wait$clock)
    );
    renq_node$card$regs$pop_pending pop_pending(
        .d(pop_pending$d),
        .q(pop_pending$q),
        .clock(pop_pending$clock)
    );
    renq_node$card$regs$pop_is_entry pop_is_entry(
        .d(pop_is_entry$d),
        .q(pop_is_entry$q),
        .clock(pop_is_entry$clock)
    );
    renq_node$card$regs$pop_word pop_word(
        .d(pop_word$d),
        .q(pop_word$q),
        .clock(pop_word$clock)
    );
    renq_node$card$regs$rsp_wait rsp_wait(
        .d(rsp_wait$d),
        .q(rsp_wait$q),
        .clock(rsp_wait$clock)
    );
    renq_node$card$regs$rdata_r rdata_r(
        .d(rdata_r$d),
        .q(rdata_r$q),
        .clock(rdata_r$clock)
    );
    renq_node$card$regs$rvalid_r rvalid_r(
        .d(rvalid_r$d),
        .q(rvalid_r$q),
        .clock(rvalid_r$clock)
    );
    renq_node$card$regs$cnt_sent cnt_sent(
        .clock(cnt_sent$clock),
        .pulse(cnt_sent$pulse),
        .q(cnt_sent$q)
    );
    renq_node$card$regs$cnt_tx_dropped cnt_tx_dropped(
        .clock(cnt_tx_dropped$clock),
        .pulse(cnt_tx_dropped$pulse),
        .q(cnt_tx_dropped$q)
    );
    renq_node$card$regs$cnt_bad_store cnt_bad_store(
        .clock(cnt_bad_store$clock),
        .pulse(cnt_bad_store$pulse),
        .q(cnt_bad_store$q)
    );
    renq_node$card$regs$cnt_enqueued cnt_enqueued(
        .clock(cnt_enqueued$clock),
        .pulse(cnt_enqueued$pulse),
        .q(cnt_enqueued$q)
    );
    renq_node$card$regs$cnt_rejected cnt_rejected(
        .clock(cnt_rejected$clock),
        .pulse(cnt_rejected$pulse),
        .q(cnt_rejected$q)
    );
    renq_node$card$regs$cnt_overflows cnt_overflows(
        .clock(cnt_overflows$clock),
        .pulse(cnt_overflows$pulse),
        .q(cnt_overflows$q)
    );
    renq_node$card$regs$cnt_bad_header cnt_bad_header(
        .clock(cnt_bad_header$clock),
        .pulse(cnt_bad_header$pulse),
        .q(cnt_bad_header$q)
    );
    renq_node$card$regs$cnt_refused cnt_refused(
        .clock(cnt_refused$clock),
        .pulse(cnt_refused$pulse),
        .q(cnt_refused$q)
    );
    renq_node$card$regs$cnt_src_refused cnt_src_refused(
        .clock(cnt_src_refused$clock),
        .pulse(cnt_src_refused$pulse),
        .q(cnt_src_refused$q)
    );
    renq_node$card$regs$cnt_switches cnt_switches(
        .clock(cnt_switches$clock),
        .pulse(cnt_switches$pulse),
        .q(cnt_switches$q)
    );
    renq_node$card$regs$counter_word counter_word(
        .narrow(counter_word$narrow),
        .wide(counter_word$wide)
    );
    renq_node$card$regs$queue_word queue_word(
        .narrow(queue_word$narrow),
        .wide(queue_word$wide)
    );
    
    // Update code
    always @(*) begin
        node_id_r$clock = clock;
        control$clock = clock;
        irq_latched$clock = clock;
        irq_mask$clock = clock;
        cmd_arg_r$clock = clock;
        query$clock = clock;
        portal_sel$clock = clock;
        overflow_lost$clock = clock;
        cmd_pending$clock = clock;
        cmd_word$clock = clock;
        cmd_arg_snap$clock = clock;
        query_wait$clock = clock;
        overflow_pop_due$clock = clock;
        pop_pending$clock = clock;
        pop_is_entry$clock = clock;
        pop_word$clock = clock;
        rsp_wait$clock = clock;
        rdata_r$clock = clock;
        rvalid_r$clock = clock;
        node_id_r$d = node_id_r$q;
        control$d = control$q;
        irq_latched$d = irq_latched$q;
        irq_mask$d = irq_mask$q;
        cmd_arg_r$d = cmd_arg_r$q;
        query$d = query$q;
        portal_sel$d = portal_sel$q;
        overflow_lost$d = overflow_lost$q;
        cmd_pending$d = cmd_pending$q;
        cmd_word$d = cmd_word$q;
        cmd_arg_snap$d = cmd_arg_snap$q;
        query_wait$d = query_wait$q;
        overflow_pop_due$d = overflow_pop_due$q;
        pop_pending$d = pop_pending$q;
        pop_is_entry$d = pop_is_entry$q;
        pop_word$d = pop_word$q;
        rsp_wait$d = rsp_wait$q;
        rdata_r$d = rdata_r$q;
        rvalid_r$d = rvalid_r$q;
        overflow_fifo$clock = clock;
        cnt_sent$clock = clock;
        cnt_tx_dropped$clock = clock;
        cnt_bad_store$clock = clock;
        cnt_enqueued$clock = clock;
        cnt_rejected$clock = clock;
        cnt_overflows$clock = clock;
        cnt_bad_header$clock = clock;
        cnt_refused$clock = clock;
        cnt_src_refused$clock = clock;
        cnt_switches$clock = clock;
        cnt_sent$pulse = tx_ev$sent;
        cnt_tx_dropped$pulse = tx_ev$dropped;
        cnt_bad_store$pulse = tx_ev$bad_store;
        cnt_enqueued$pulse = ev$enqueued;
        cnt_rejected$pulse = ev$rejected;
        cnt_overflows$pulse = ev$overflow;
        cnt_bad_header$pulse = ev$bad_header;
        cnt_refused$pulse = ev$refused;
        cnt_src_refused$pulse = tx_ev$src_refused;
        cnt_switches$pulse = ev$switch;
        cmd_busy = cmd_pending$q | query_wait$q;
        csr$ready = ~pop_pending$q & ~rsp_wait$q & ~overflow_pop_due$q & ~(cmd_busy & csr$write & ~csr$read & (csr$addr == a_cmd));
        take = csr$ready & (csr$read | csr$write);
        take_read = take & csr$read;
        take_write = take & csr$write & ~csr$read;
        overflow_now = ~overflow_fifo$empty | overflow_lost$q;
        irq_now = irq_latched$q;
        if (overflow_now) begin
            irq_now = irq_latched$q | irq_overflow;
        end
        irq = |(irq_now & irq_mask$q);
        queue_word$narrow = overflow_fifo$head;
        overflow_word = zero_word;
        if (~overflow_fifo$empty) begin
            overflow_word = queue_word$wide | overflow_valid;
        end
        if (overflow_lost$q) begin
            overflow_word = overflow_word | overflow_lost_bit;
        end
        read_counter = zero_counter;
        if (csr$addr == a_cnt_sent) begin
            read_counter = cnt_sent$q;
        end
        if (csr$addr == a_cnt_tx_dropped) begin
            read_counter = cnt_tx_dropped$q + cnt_bad_store$q;
        end
        if (csr$addr == a_cnt_enqueued) begin
            read_counter = cnt_enqueued$q;
        end
        if (csr$addr == a_cnt_rejected) begin
            read_counter = cnt_rejected$q;
        end
        if (csr$addr == a_cnt_overflows) begin
            read_counter = cnt_overflows$q;
        end
        if (csr$addr == a_cnt_bad_header) begin
            read_counter = cnt_bad_header$q;
        end
        if (csr$addr == a_cnt_refused) begin
            read_counter = cnt_refused$q;
        end
        if (csr$addr == a_cnt_src_refused) begin
            read_counter = cnt_src_refused$q;
        end
        if (csr$addr == a_cnt_switches) begin
            read_counter = cnt_switches$q;
        end
        counter_word$narrow = read_counter;
        read_value = counter_word$wide;
        if (csr$addr == a_id) begin
            read_value = id_value;
        end
        if (csr$addr == a_node_id) begin
            read_value = node_id_r$q;
        end
        if (csr$addr == a_control) begin
            read_value = control$q;
        end
        if (csr$addr == a_irq_status) begin
            read_value = irq_now;
        end
        if (csr$addr == a_irq_mask) begin
            read_value = irq_mask$q;
        end
        if (csr$addr == a_cmd_arg) begin
            read_value = cmd_arg_r$q;
        end
        if (csr$addr == a_query) begin
            read_value = query$q;
        end
        if (csr$addr == a_overflow) begin
            read_value = overflow_word;
        end
        if (csr$addr == a_portal_sel) begin
            read_value = portal_sel$q;
        end
        if (csr$addr == a_status) begin
            read_value = zero_word;
            if (cmd_busy) begin
                read_value = status_cmd_pending;
            end
            if (sweeping) begin
                read_value = read_value | status_sweeping;
            end
        end
        if (csr$addr == a_caps) begin
            read_value = caps_value;
        end
        rdata_r$d = zero_word;
        rvalid_r$d = 1'b0;
        if (take_read) begin
            if (csr$addr == a_portal) begin
                pop_pending$d = 1'b1;
                pop_is_entry$d = 1'b1;
            end
            else begin
                rdata_r$d = read_value;
                rvalid_r$d = 1'b1;
            end
        end
        if (rsp_wait$q & prsp$valid) begin
            rdata_r$d = prsp$data;
            rvalid_r$d = 1'b1;
            rsp_wait$d = 1'b0;
        end
        csr$rdata = rdata_r$q;
        csr$rvalid = rvalid_r$q;
        pop_valid = pop_pending$q;
        pop$kind = op_grant;
        if (pop_is_entry$q) begin
            pop$kind = op_entry;
        end
        pop$portal = portal_sel$q[(32'h0)+:(12)];
        pop$data = pop_word$q;
        if (pop_pending$q & pop_ready) begin
            pop_pending$d = 1'b0;
            rsp_wait$d = pop_is_entry$q;
        end
        irq_next = irq_latched$q;
        overflow_pop_due$d = take_write & (csr$addr == a_overflow_pop) & ~|(csr$wdata & d_pop_undefined) & csr$wdata[pos_pop];
        overflow_fifo$pop = overflow_pop_due$q;
        wkind = csr$wdata[(pos_kind)+:(3)];
        if (take_write) begin
            if (csr$addr == a_node_id) begin
                node_id_r$d = csr$wdata & d_node_id;
            end
            if (csr$addr == a_control) begin
                control$d = csr$wdata & d_control;
            end
            if (csr$addr == a_irq_status) begin
                irq_next = irq_latched$q & ~(csr$wdata & d_irq);
            end
            if (csr$addr == a_irq_mask) begin
                irq_mask$d = csr$wdata & d_irq;
            end
            if (csr$addr == a_cmd_arg) begin
                cmd_arg_r$d = csr$wdata;
            end
            if ((csr$addr == a_cmd) & ~|(csr$wdata & d_cmd_undefined) & (wkind <= kind_last)) begin
                cmd_pending$d = 1'b1;
                cmd_word$d = csr$wdata;
                cmd_arg_snap$d = cmd_arg_r$q;
                if (wkind == kind_query) begin
                    query$d = zero_word;
                end
            end
            if ((csr$addr == a_overflow_pop) & ~|(csr$wdata & d_pop_undefined) & csr$wdata[pos_clear_lost]) begin
                overflow_lost$d = 1'b0;
            end
            if (csr$addr == a_portal_sel) begin
                portal_sel$d = csr$wdata & d_portal_sel;
            end
            if (csr$addr == a_portal) begin
                pop_pending$d = 1'b1;
                pop_is_entry$d = 1'b0;
                pop_word$d = csr$wdata & d_portal;
            end
        end
        cmd$valid = cmd_pending$q;
        cmd$kind = cmd_word$q[(pos_kind)+:(3)];
        cmd$queue = cmd_word$q[(32'h0)+:(12)];
        cmd$arg = cmd_arg_snap$q;
        if (cmd_pending$q & cmd$ready) begin
            cmd_pending$d = 1'b0;
            query_wait$d = cmd$kind == kind_query;
        end
        if (ev$query) begin
            query$d = ev$data | ready_bit;
            query_wait$d = 1'b0;
        end
        if (ev$bad_header) begin
            irq_next = irq_next | irq_bad_header;
        end
        if (ev$notify) begin
            irq_next = irq_next | irq_notify;
        end
        irq_latched$d = irq_next;
        overflow_fifo$push = (ev$overflow | ev$entered_run) & ~overflow_fifo$full;
        overflow_fifo$data_in = ev$queue;
        if ((ev$overflow | ev$entered_run) & overflow_fifo$full) begin
            overflow_lost$d = 1'b1;
        end
        node_id = node_id_r$q[(32'h0)+:(10)];
        rx_enable = control$q[pos_rx_enable];
        tx_enable = control$q[pos_tx_enable];
    end
    
endmodule // renq_node$card$regs


module renq_node$card$regs$cmd_arg_r(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cmd_arg_r


module renq_node$card$regs$cmd_arg_snap(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cmd_arg_snap


module renq_node$card$regs$cmd_pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cmd_pending


module renq_node$card$regs$cmd_word(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cmd_word


module renq_node$card$regs$cnt_bad_header(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_bad_header$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_bad_header$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_bad_header


module renq_node$card$regs$cnt_bad_header$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_bad_header$count


module renq_node$card$regs$cnt_bad_header$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_bad_header$pending


module renq_node$card$regs$cnt_bad_store(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_bad_store$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_bad_store$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_bad_store


module renq_node$card$regs$cnt_bad_store$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_bad_store$count


module renq_node$card$regs$cnt_bad_store$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_bad_store$pending


module renq_node$card$regs$cnt_enqueued(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_enqueued$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_enqueued$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_enqueued


module renq_node$card$regs$cnt_enqueued$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_enqueued$count


module renq_node$card$regs$cnt_enqueued$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_enqueued$pending


module renq_node$card$regs$cnt_overflows(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_overflows$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_overflows$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_overflows


module renq_node$card$regs$cnt_overflows$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_overflows$count


module renq_node$card$regs$cnt_overflows$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_overflows$pending


module renq_node$card$regs$cnt_refused(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_refused$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_refused$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_refused


module renq_node$card$regs$cnt_refused$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_refused$count


module renq_node$card$regs$cnt_refused$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_refused$pending


module renq_node$card$regs$cnt_rejected(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_rejected$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_rejected$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_rejected


module renq_node$card$regs$cnt_rejected$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_rejected$count


module renq_node$card$regs$cnt_rejected$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_rejected$pending


module renq_node$card$regs$cnt_sent(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_sent$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_sent$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_sent


module renq_node$card$regs$cnt_sent$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_sent$count


module renq_node$card$regs$cnt_sent$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_sent$pending


module renq_node$card$regs$cnt_src_refused(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_src_refused$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_src_refused$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_src_refused


module renq_node$card$regs$cnt_src_refused$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_src_refused$count


module renq_node$card$regs$cnt_src_refused$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_src_refused$pending


module renq_node$card$regs$cnt_switches(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_switches$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_switches$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_switches


module renq_node$card$regs$cnt_switches$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_switches$count


module renq_node$card$regs$cnt_switches$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_switches$pending


module renq_node$card$regs$cnt_tx_dropped(clock,pulse,q);
    
    // Module arguments
    input wire  clock;
    input wire  pulse;
    output reg  [31:0] q;
    
    // Constant declarations
    localparam  one = 32'h1;
    
    // Stub signals
    reg  pending$d;
    wire  pending$q;
    reg  pending$clock;
    reg  [31:0] count$d;
    wire  [31:0] count$q;
    reg  count$clock;
    
    // Sub module instances
    renq_node$card$regs$cnt_tx_dropped$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_node$card$regs$cnt_tx_dropped$count count(
        .d(count$d),
        .q(count$q),
        .clock(count$clock)
    );
    
    // Update code
    always @(*) begin
        pending$clock = clock;
        count$clock = clock;
        pending$d = pending$q;
        count$d = count$q;
        pending$d = pulse;
        if (pending$q) begin
            count$d = count$q + one;
        end
        q = count$q;
    end
    
endmodule // renq_node$card$regs$cnt_tx_dropped


module renq_node$card$regs$cnt_tx_dropped$count(d,q,clock);
    
    // Module arguments
    input wire  [31:0] d;
    output reg  [31:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 32'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$card$regs$cnt_tx_dropped$count


module renq_node$card$regs$cnt_tx_dropped$pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$cnt_tx_dropped$pending


module renq_node$card$regs$control(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$control


module renq_node$card$regs$counter_word(narrow,wide);
    
    // Module arguments
    input wire  [31:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_node$card$regs$counter_word


module renq_node$card$regs$irq_latched(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$irq_latched


module renq_node$card$regs$irq_mask(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$irq_mask


module renq_node$card$regs$node_id_r(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$node_id_r


module renq_node$card$regs$overflow_fifo(clock,push,data_in,pop,head,empty,full);
    
    // Module arguments
    input wire  clock;
    input wire  push;
    input wire  [11:0] data_in;
    input wire  pop;
    output reg  [11:0] head;
    output reg  empty;
    output reg  full;
    
    // Stub signals
    reg  [11:0] data$0$d;
    wire  [11:0] data$0$q;
    reg  data$0$clock;
    reg  [11:0] data$1$d;
    wire  [11:0] data$1$q;
    reg  data$1$clock;
    reg  [11:0] data$2$d;
    wire  [11:0] data$2$q;
    reg  data$2$clock;
    reg  [11:0] data$3$d;
    wire  [11:0] data$3$q;
    reg  data$3$clock;
    reg  [11:0] data$4$d;
    wire  [11:0] data$4$q;
    reg  data$4$clock;
    reg  [11:0] data$5$d;
    wire  [11:0] data$5$q;
    reg  data$5$clock;
    reg  [11:0] data$6$d;
    wire  [11:0] data$6$q;
    reg  data$6$clock;
    reg  [11:0] data$7$d;
    wire  [11:0] data$7$q;
    reg  data$7$clock;
    reg  [11:0] data$8$d;
    wire  [11:0] data$8$q;
    reg  data$8$clock;
    reg  [11:0] data$9$d;
    wire  [11:0] data$9$q;
    reg  data$9$clock;
    reg  [11:0] data$10$d;
    wire  [11:0] data$10$q;
    reg  data$10$clock;
    reg  [11:0] data$11$d;
    wire  [11:0] data$11$q;
    reg  data$11$clock;
    reg  [11:0] data$12$d;
    wire  [11:0] data$12$q;
    reg  data$12$clock;
    reg  [11:0] data$13$d;
    wire  [11:0] data$13$q;
    reg  data$13$clock;
    reg  [11:0] data$14$d;
    wire  [11:0] data$14$q;
    reg  data$14$clock;
    reg  [11:0] data$15$d;
    wire  [11:0] data$15$q;
    reg  data$15$clock;
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
    reg  used$6$d;
    wire  used$6$q;
    reg  used$6$clock;
    reg  used$7$d;
    wire  used$7$q;
    reg  used$7$clock;
    reg  used$8$d;
    wire  used$8$q;
    reg  used$8$clock;
    reg  used$9$d;
    wire  used$9$q;
    reg  used$9$clock;
    reg  used$10$d;
    wire  used$10$q;
    reg  used$10$clock;
    reg  used$11$d;
    wire  used$11$q;
    reg  used$11$clock;
    reg  used$12$d;
    wire  used$12$q;
    reg  used$12$clock;
    reg  used$13$d;
    wire  used$13$q;
    reg  used$13$clock;
    reg  used$14$d;
    wire  used$14$q;
    reg  used$14$clock;
    reg  used$15$d;
    wire  used$15$q;
    reg  used$15$clock;
    
    // Local signals
    reg  after$0;
    reg  after$1;
    reg  after$2;
    reg  after$3;
    reg  after$4;
    reg  after$5;
    reg  after$6;
    reg  after$7;
    reg  after$8;
    reg  after$9;
    reg  after$10;
    reg  after$11;
    reg  after$12;
    reg  after$13;
    reg  after$14;
    reg  after$15;
    reg  shift;
    reg  put;
    
    // Sub module instances
    renq_node$card$regs$overflow_fifo$data$0 data$0(
        .d(data$0$d),
        .q(data$0$q),
        .clock(data$0$clock)
    );
    renq_node$card$regs$overflow_fifo$data$1 data$1(
        .d(data$1$d),
        .q(data$1$q),
        .clock(data$1$clock)
    );
    renq_node$card$regs$overflow_fifo$data$2 data$2(
        .d(data$2$d),
        .q(data$2$q),
        .clock(data$2$clock)
    );
    renq_node$card$regs$overflow_fifo$data$3 data$3(
        .d(data$3$d),
        .q(data$3$q),
        .clock(data$3$clock)
    );
    renq_node$card$regs$overflow_fifo$data$4 data$4(
        .d(data$4$d),
        .q(data$4$q),
        .clock(data$4$clock)
    );
    renq_node$card$regs$overflow_fifo$data$5 data$5(
        .d(data$5$d),
        .q(data$5$q),
        .clock(data$5$clock)
    );
    renq_node$card$regs$overflow_fifo$data$6 data$6(
        .d(data$6$d),
        .q(data$6$q),
        .clock(data$6$clock)
    );
    renq_node$card$regs$overflow_fifo$data$7 data$7(
        .d(data$7$d),
        .q(data$7$q),
        .clock(data$7$clock)
    );
    renq_node$card$regs$overflow_fifo$data$8 data$8(
        .d(data$8$d),
        .q(data$8$q),
        .clock(data$8$clock)
    );
    renq_node$card$regs$overflow_fifo$data$9 data$9(
        .d(data$9$d),
        .q(data$9$q),
        .clock(data$9$clock)
    );
    renq_node$card$regs$overflow_fifo$data$10 data$10(
        .d(data$10$d),
        .q(data$10$q),
        .clock(data$10$clock)
    );
    renq_node$card$regs$overflow_fifo$data$11 data$11(
        .d(data$11$d),
        .q(data$11$q),
        .clock(data$11$clock)
    );
    renq_node$card$regs$overflow_fifo$data$12 data$12(
        .d(data$12$d),
        .q(data$12$q),
        .clock(data$12$clock)
    );
    renq_node$card$regs$overflow_fifo$data$13 data$13(
        .d(data$13$d),
        .q(data$13$q),
        .clock(data$13$clock)
    );
    renq_node$card$regs$overflow_fifo$data$14 data$14(
        .d(data$14$d),
        .q(data$14$q),
        .clock(data$14$clock)
    );
    renq_node$card$regs$overflow_fifo$data$15 data$15(
        .d(data$15$d),
        .q(data$15$q),
        .clock(data$15$clock)
    );
    renq_node$card$regs$overflow_fifo$used$0 used$0(
        .d(used$0$d),
        .q(used$0$q),
        .clock(used$0$clock)
    );
    renq_node$card$regs$overflow_fifo$used$1 used$1(
        .d(used$1$d),
        .q(used$1$q),
        .clock(used$1$clock)
    );
    renq_node$card$regs$overflow_fifo$used$2 used$2(
        .d(used$2$d),
        .q(used$2$q),
        .clock(used$2$clock)
    );
    renq_node$card$regs$overflow_fifo$used$3 used$3(
        .d(used$3$d),
        .q(used$3$q),
        .clock(used$3$clock)
    );
    renq_node$card$regs$overflow_fifo$used$4 used$4(
        .d(used$4$d),
        .q(used$4$q),
        .clock(used$4$clock)
    );
    renq_node$card$regs$overflow_fifo$used$5 used$5(
        .d(used$5$d),
        .q(used$5$q),
        .clock(used$5$clock)
    );
    renq_node$card$regs$overflow_fifo$used$6 used$6(
        .d(used$6$d),
        .q(used$6$q),
        .clock(used$6$clock)
    );
    renq_node$card$regs$overflow_fifo$used$7 used$7(
        .d(used$7$d),
        .q(used$7$q),
        .clock(used$7$clock)
    );
    renq_node$card$regs$overflow_fifo$used$8 used$8(
        .d(used$8$d),
        .q(used$8$q),
        .clock(used$8$clock)
    );
    renq_node$card$regs$overflow_fifo$used$9 used$9(
        .d(used$9$d),
        .q(used$9$q),
        .clock(used$9$clock)
    );
    renq_node$card$regs$overflow_fifo$used$10 used$10(
        .d(used$10$d),
        .q(used$10$q),
        .clock(used$10$clock)
    );
    renq_node$card$regs$overflow_fifo$used$11 used$11(
        .d(used$11$d),
        .q(used$11$q),
        .clock(used$11$clock)
    );
    renq_node$card$regs$overflow_fifo$used$12 used$12(
        .d(used$12$d),
        .q(used$12$q),
        .clock(used$12$clock)
    );
    renq_node$card$regs$overflow_fifo$used$13 used$13(
        .d(used$13$d),
        .q(used$13$q),
        .clock(used$13$clock)
    );
    renq_node$card$regs$overflow_fifo$used$14 used$14(
        .d(used$14$d),
        .q(used$14$q),
        .clock(used$14$clock)
    );
    renq_node$card$regs$overflow_fifo$used$15 used$15(
        .d(used$15$d),
        .q(used$15$q),
        .clock(used$15$clock)
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
        data$6$clock = clock;
        used$6$clock = clock;
        data$6$d = data$6$q;
        used$6$d = used$6$q;
        data$7$clock = clock;
        used$7$clock = clock;
        data$7$d = data$7$q;
        used$7$d = used$7$q;
        data$8$clock = clock;
        used$8$clock = clock;
        data$8$d = data$8$q;
        used$8$d = used$8$q;
        data$9$clock = clock;
        used$9$clock = clock;
        data$9$d = data$9$q;
        used$9$d = used$9$q;
        data$10$clock = clock;
        used$10$clock = clock;
        data$10$d = data$10$q;
        used$10$d = used$10$q;
        data$11$clock = clock;
        used$11$clock = clock;
        data$11$d = data$11$q;
        used$11$d = used$11$q;
        data$12$clock = clock;
        used$12$clock = clock;
        data$12$d = data$12$q;
        used$12$d = used$12$q;
        data$13$clock = clock;
        used$13$clock = clock;
        data$13$d = data$13$q;
        used$13$d = used$13$q;
        data$14$clock = clock;
        used$14$clock = clock;
        data$14$d = data$14$q;
        used$14$d = used$14$q;
        data$15$clock = clock;
        used$15$clock = clock;
        data$15$d = data$15$q;
        used$15$d = used$15$q;
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
        after$6 = used$6$q;
        full = used$6$q;
        after$7 = used$7$q;
        full = used$7$q;
        after$8 = used$8$q;
        full = used$8$q;
        after$9 = used$9$q;
        full = used$9$q;
        after$10 = used$10$q;
        full = used$10$q;
        after$11 = used$11$q;
        full = used$11$q;
        after$12 = used$12$q;
        full = used$12$q;
        after$13 = used$13$q;
        full = used$13$q;
        after$14 = used$14$q;
        full = used$14$q;
        after$15 = used$15$q;
        full = used$15$q;
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
            data$5$d = data$6$q;
            used$5$d = used$6$q;
            after$5 = used$6$q;
            used$6$d = 1'b0;
            after$6 = 1'b0;
            data$6$d = data$7$q;
            used$6$d = used$7$q;
            after$6 = used$7$q;
            used$7$d = 1'b0;
            after$7 = 1'b0;
            data$7$d = data$8$q;
            used$7$d = used$8$q;
            after$7 = used$8$q;
            used$8$d = 1'b0;
            after$8 = 1'b0;
            data$8$d = data$9$q;
            used$8$d = used$9$q;
            after$8 = used$9$q;
            used$9$d = 1'b0;
            after$9 = 1'b0;
            data$9$d = data$10$q;
            used$9$d = used$10$q;
            after$9 = used$10$q;
            used$10$d = 1'b0;
            after$10 = 1'b0;
            data$10$d = data$11$q;
            used$10$d = used$11$q;
            after$10 = used$11$q;
            used$11$d = 1'b0;
            after$11 = 1'b0;
            data$11$d = data$12$q;
            used$11$d = used$12$q;
            after$11 = used$12$q;
            used$12$d = 1'b0;
            after$12 = 1'b0;
            data$12$d = data$13$q;
            used$12$d = used$13$q;
            after$12 = used$13$q;
            used$13$d = 1'b0;
            after$13 = 1'b0;
            data$13$d = data$14$q;
            used$13$d = used$14$q;
            after$13 = used$14$q;
            used$14$d = 1'b0;
            after$14 = 1'b0;
            data$14$d = data$15$q;
            used$14$d = used$15$q;
            after$14 = used$15$q;
            used$15$d = 1'b0;
            after$15 = 1'b0;
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
        if (put & ~after$6 & after$5) begin
            data$6$d = data_in;
            used$6$d = 1'b1;
        end
        if (put & ~after$7 & after$6) begin
            data$7$d = data_in;
            used$7$d = 1'b1;
        end
        if (put & ~after$8 & after$7) begin
            data$8$d = data_in;
            used$8$d = 1'b1;
        end
        if (put & ~after$9 & after$8) begin
            data$9$d = data_in;
            used$9$d = 1'b1;
        end
        if (put & ~after$10 & after$9) begin
            data$10$d = data_in;
            used$10$d = 1'b1;
        end
        if (put & ~after$11 & after$10) begin
            data$11$d = data_in;
            used$11$d = 1'b1;
        end
        if (put & ~after$12 & after$11) begin
            data$12$d = data_in;
            used$12$d = 1'b1;
        end
        if (put & ~after$13 & after$12) begin
            data$13$d = data_in;
            used$13$d = 1'b1;
        end
        if (put & ~after$14 & after$13) begin
            data$14$d = data_in;
            used$14$d = 1'b1;
        end
        if (put & ~after$15 & after$14) begin
            data$15$d = data_in;
            used$15$d = 1'b1;
        end
        head = data$0$q;
        empty = ~used$0$q;
    end
    
endmodule // renq_node$card$regs$overflow_fifo


module renq_node$card$regs$overflow_fifo$data$0(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$0


module renq_node$card$regs$overflow_fifo$data$1(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$1


module renq_node$card$regs$overflow_fifo$data$10(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$10


module renq_node$card$regs$overflow_fifo$data$11(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$11


module renq_node$card$regs$overflow_fifo$data$12(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$12


module renq_node$card$regs$overflow_fifo$data$13(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$13


module renq_node$card$regs$overflow_fifo$data$14(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$14


module renq_node$card$regs$overflow_fifo$data$15(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$15


module renq_node$card$regs$overflow_fifo$data$2(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$2


module renq_node$card$regs$overflow_fifo$data$3(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$3


module renq_node$card$regs$overflow_fifo$data$4(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$4


module renq_node$card$regs$overflow_fifo$data$5(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$5


module renq_node$card$regs$overflow_fifo$data$6(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$6


module renq_node$card$regs$overflow_fifo$data$7(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$7


module renq_node$card$regs$overflow_fifo$data$8(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$8


module renq_node$card$regs$overflow_fifo$data$9(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$data$9


module renq_node$card$regs$overflow_fifo$used$0(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$0


module renq_node$card$regs$overflow_fifo$used$1(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$1


module renq_node$card$regs$overflow_fifo$used$10(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$10


module renq_node$card$regs$overflow_fifo$used$11(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$11


module renq_node$card$regs$overflow_fifo$used$12(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$12


module renq_node$card$regs$overflow_fifo$used$13(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$13


module renq_node$card$regs$overflow_fifo$used$14(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$14


module renq_node$card$regs$overflow_fifo$used$15(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$15


module renq_node$card$regs$overflow_fifo$used$2(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$2


module renq_node$card$regs$overflow_fifo$used$3(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$3


module renq_node$card$regs$overflow_fifo$used$4(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$4


module renq_node$card$regs$overflow_fifo$used$5(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$5


module renq_node$card$regs$overflow_fifo$used$6(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$6


module renq_node$card$regs$overflow_fifo$used$7(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$7


module renq_node$card$regs$overflow_fifo$used$8(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$8


module renq_node$card$regs$overflow_fifo$used$9(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_fifo$used$9


module renq_node$card$regs$overflow_lost(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_lost


module renq_node$card$regs$overflow_pop_due(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$overflow_pop_due


module renq_node$card$regs$pop_is_entry(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$pop_is_entry


module renq_node$card$regs$pop_pending(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$pop_pending


module renq_node$card$regs$pop_word(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$pop_word


module renq_node$card$regs$portal_sel(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$portal_sel


module renq_node$card$regs$query(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$query


module renq_node$card$regs$query_wait(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$query_wait


module renq_node$card$regs$queue_word(narrow,wide);
    
    // Module arguments
    input wire  [11:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {52'd0, narrow};
endmodule // renq_node$card$regs$queue_word


module renq_node$card$regs$rdata_r(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$rdata_r


module renq_node$card$regs$rsp_wait(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$rsp_wait


module renq_node$card$regs$rvalid_r(d,q,clock);
    
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
          
endmodule // renq_node$card$regs$rvalid_r


module renq_node$card$rsp_busy(d,q,clock);
    
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
          
endmodule // renq_node$card$rsp_busy


module renq_node$card$rsp_to_regs(d,q,clock);
    
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
          
endmodule // renq_node$card$rsp_to_regs


module renq_node$card$unpack(word,epoch,portal,queue,dst,data);
    
    // Module arguments
    input wire  [43:0] word;
    output reg  [7:0] epoch;
    output reg  [11:0] portal;
    output reg  [11:0] queue;
    output reg  [9:0] dst;
    output reg  [63:0] data;
    
    // Update code (custom)
    always @(*) begin
      dst = word[9:0];
      queue = word[21:10];
      portal = word[33:22];
      epoch = word[41:34];
      data = {47'd0, 1'b1, 14'd0, word[43:42]};
    end
endmodule // renq_node$card$unpack


module renq_node$link(clock,tick,enq_in$valid,enq_in$ready,enq_in$payload,enq_out$valid,enq_out$ready,enq_out$payload,out_in$valid,out_in$ready,out_in$payload,out_out$valid,out_out$ready,out_out$payload,wire_out$valid,wire_out$ready,wire_out$kind,wire_out$seq,wire_out$ack,wire_out$payload,wire_out$crc_ok,wire_out_outcome,wire_in$valid,wire_in$ready,wire_in$kind,wire_in$seq,wire_in$ack,wire_in$payload,wire_in$crc_ok,wire_in_outcome,enq_busy,out_busy);
    
    // Module arguments
    input wire  clock;
    input wire  tick;
    input wire  enq_in$valid;
    output wire  enq_in$ready;
    input wire  [119:0] enq_in$payload;
    output wire  enq_out$valid;
    input wire  enq_out$ready;
    output wire  [119:0] enq_out$payload;
    input wire  out_in$valid;
    output wire  out_in$ready;
    input wire  [119:0] out_in$payload;
    output wire  out_out$valid;
    input wire  out_out$ready;
    output wire  [119:0] out_out$payload;
    output reg  wire_out$valid;
    input wire  wire_out$ready;
    output reg  [1:0] wire_out$kind;
    output reg  [15:0] wire_out$seq;
    output reg  [15:0] wire_out$ack;
    output reg  [119:0] wire_out$payload;
    output reg  wire_out$crc_ok;
    output reg  wire_out_outcome;
    input wire  wire_in$valid;
    output reg  wire_in$ready;
    input wire  [1:0] wire_in$kind;
    input wire  [15:0] wire_in$seq;
    input wire  [15:0] wire_in$ack;
    input wire  [119:0] wire_in$payload;
    input wire  wire_in$crc_ok;
    input wire  wire_in_outcome;
    output reg  enq_busy;
    output reg  out_busy;
    
    // Stub signals
    reg  enq$clock;
    reg  enq$tick;
    wire  enq$wire_out$valid;
    reg  enq$wire_out$ready;
    wire  [1:0] enq$wire_out$kind;
    wire  [15:0] enq$wire_out$seq;
    wire  [15:0] enq$wire_out$ack;
    wire  [119:0] enq$wire_out$payload;
    wire  enq$wire_out$crc_ok;
    reg  enq$wire_in$valid;
    wire  enq$wire_in$ready;
    reg  [1:0] enq$wire_in$kind;
    reg  [15:0] enq$wire_in$seq;
    reg  [15:0] enq$wire_in$ack;
    reg  [119:0] enq$wire_in$payload;
    reg  enq$wire_in$crc_ok;
    wire  enq$tx_events$sent;
    wire  enq$tx_events$resent;
    wire  enq$tx_events$timeout;
    wire  enq$tx_events$nak;
    wire  enq$tx_events$ack_out_of_window;
    wire  enq$tx_events$unexpected;
    wire  enq$tx_events$bad;
    wire  enq$rx_events$delivered;
    wire  enq$rx_events$duplicate;
    wire  enq$rx_events$gap;
    wire  enq$rx_events$out_of_window;
    wire  enq$rx_events$unexpected;
    wire  enq$rx_events$bad;
    wire  enq$rx_events$ack_sent;
    wire  enq$rx_events$nak_sent;
    wire  enq$rx_events$merged;
    reg  out$clock;
    reg  out$tick;
    wire  out$wire_out$valid;
    reg  out$wire_out$ready;
    wire  [1:0] out$wire_out$kind;
    wire  [15:0] out$wire_out$seq;
    wire  [15:0] out$wire_out$ack;
    wire  [119:0] out$wire_out$payload;
    wire  out$wire_out$crc_ok;
    reg  out$wire_in$valid;
    wire  out$wire_in$ready;
    reg  [1:0] out$wire_in$kind;
    reg  [15:0] out$wire_in$seq;
    reg  [15:0] out$wire_in$ack;
    reg  [119:0] out$wire_in$payload;
    reg  out$wire_in$crc_ok;
    wire  out$tx_events$sent;
    wire  out$tx_events$resent;
    wire  out$tx_events$timeout;
    wire  out$tx_events$nak;
    wire  out$tx_events$ack_out_of_window;
    wire  out$tx_events$unexpected;
    wire  out$tx_events$bad;
    wire  out$rx_events$delivered;
    wire  out$rx_events$duplicate;
    wire  out$rx_events$gap;
    wire  out$rx_events$out_of_window;
    wire  out$rx_events$unexpected;
    wire  out$rx_events$bad;
    wire  out$rx_events$ack_sent;
    wire  out$rx_events$nak_sent;
    wire  out$rx_events$merged;
    reg  prefer_enq$d;
    wire  prefer_enq$q;
    reg  prefer_enq$clock;
    
    // Local signals
    reg  pick_out;
    reg  to_out;
    
    // Sub module instances
    renq_node$link$enq enq(
        .clock(enq$clock),
        .tick(enq$tick),
        .packets_in$valid(enq_in$valid),
        .packets_in$ready(enq_in$ready),
        .packets_in$payload(enq_in$payload),
        .packets_out$valid(enq_out$valid),
        .packets_out$ready(enq_out$ready),
        .packets_out$payload(enq_out$payload),
        .wire_out$valid(enq$wire_out$valid),
        .wire_out$ready(enq$wire_out$ready),
        .wire_out$kind(enq$wire_out$kind),
        .wire_out$seq(enq$wire_out$seq),
        .wire_out$ack(enq$wire_out$ack),
        .wire_out$payload(enq$wire_out$payload),
        .wire_out$crc_ok(enq$wire_out$crc_ok),
        .wire_in$valid(enq$wire_in$valid),
        .wire_in$ready(enq$wire_in$ready),
        .wire_in$kind(enq$wire_in$kind),
        .wire_in$seq(enq$wire_in$seq),
        .wire_in$ack(enq$wire_in$ack),
        .wire_in$payload(enq$wire_in$payload),
        .wire_in$crc_ok(enq$wire_in$crc_ok),
        .tx_events$sent(enq$tx_events$sent),
        .tx_events$resent(enq$tx_events$resent),
        .tx_events$timeout(enq$tx_events$timeout),
        .tx_events$nak(enq$tx_events$nak),
        .tx_events$ack_out_of_window(enq$tx_events$ack_out_of_window),
        .tx_events$unexpected(enq$tx_events$unexpected),
        .tx_events$bad(enq$tx_events$bad),
        .rx_events$delivered(enq$rx_events$delivered),
        .rx_events$duplicate(enq$rx_events$duplicate),
        .rx_events$gap(enq$rx_events$gap),
        .rx_events$out_of_window(enq$rx_events$out_of_window),
        .rx_events$unexpected(enq$rx_events$unexpected),
        .rx_events$bad(enq$rx_events$bad),
        .rx_events$ack_sent(enq$rx_events$ack_sent),
        .rx_events$nak_sent(enq$rx_events$nak_sent),
        .rx_events$merged(enq$rx_events$merged)
    );
    renq_node$link$out out(
        .clock(out$clock),
        .tick(out$tick),
        .packets_in$valid(out_in$valid),
        .packets_in$ready(out_in$ready),
        .packets_in$payload(out_in$payload),
        .packets_out$valid(out_out$valid),
        .packets_out$ready(out_out$ready),
        .packets_out$payload(out_out$payload),
        .wire_out$valid(out$wire_out$valid),
        .wire_out$ready(out$wire_out$ready),
        .wire_out$kind(out$wire_out$kind),
        .wire_out$seq(out$wire_out$seq),
        .wire_out$ack(out$wire_out$ack),
        .wire_out$payload(out$wire_out$payload),
        .wire_out$crc_ok(out$wire_out$crc_ok),
        .wire_in$valid(out$wire_in$valid),
        .wire_in$ready(out$wire_in$ready),
        .wire_in$kind(out$wire_in$kind),
        .wire_in$seq(out$wire_in$seq),
        .wire_in$ack(out$wire_in$ack),
        .wire_in$payload(out$wire_in$payload),
        .wire_in$crc_ok(out$wire_in$crc_ok),
        .tx_events$sent(out$tx_events$sent),
        .tx_events$resent(out$tx_events$resent),
        .tx_events$timeout(out$tx_events$timeout),
        .tx_events$nak(out$tx_events$nak),
        .tx_events$ack_out_of_window(out$tx_events$ack_out_of_window),
        .tx_events$unexpected(out$tx_events$unexpected),
        .tx_events$bad(out$tx_events$bad),
        .rx_events$delivered(out$rx_events$delivered),
        .rx_events$duplicate(out$rx_events$duplicate),
        .rx_events$gap(out$rx_events$gap),
        .rx_events$out_of_window(out$rx_events$out_of_window),
        .rx_events$unexpected(out$rx_events$unexpected),
        .rx_events$bad(out$rx_events$bad),
        .rx_events$ack_sent(out$rx_events$ack_sent),
        .rx_events$nak_sent(out$rx_events$nak_sent),
        .rx_events$merged(out$rx_events$merged)
    );
    renq_node$link$prefer_enq prefer_enq(
        .d(prefer_enq$d),
        .q(prefer_enq$q),
        .clock(prefer_enq$clock)
    );
    
    // Update code
    always @(*) begin
        prefer_enq$clock = clock;
        prefer_enq$d = prefer_enq$q;
        enq$clock = clock;
        out$clock = clock;
        enq$tick = tick;
        out$tick = tick;
        to_out = wire_in_outcome;
        wire_in$ready = 1'b1;
        enq$wire_in$valid = wire_in$valid & ~to_out;
        out$wire_in$valid = wire_in$valid & to_out;
        enq_busy = wire_in$valid & ~to_out & ~enq$wire_in$ready;
        out_busy = wire_in$valid & to_out & ~out$wire_in$ready;
        enq$wire_in$kind = wire_in$kind;
        enq$wire_in$seq = wire_in$seq;
        enq$wire_in$ack = wire_in$ack;
        enq$wire_in$payload = wire_in$payload;
        enq$wire_in$crc_ok = wire_in$crc_ok;
        out$wire_in$kind = wire_in$kind;
        out$wire_in$seq = wire_in$seq;
        out$wire_in$ack = wire_in$ack;
        out$wire_in$payload = wire_in$payload;
        out$wire_in$crc_ok = wire_in$crc_ok;
        pick_out = out$wire_out$valid & (~enq$wire_out$valid | ~prefer_enq$q);
        wire_out$valid = enq$wire_out$valid | out$wire_out$valid;
        enq$wire_out$ready = wire_out$ready & ~pick_out;
        out$wire_out$ready = wire_out$ready & pick_out;
        wire_out_outcome = pick_out;
        wire_out$kind = enq$wire_out$kind;
        wire_out$seq = enq$wire_out$seq;
        wire_out$ack = enq$wire_out$ack;
        wire_out$payload = enq$wire_out$payload;
        wire_out$crc_ok = enq$wire_out$crc_ok;
        if (pick_out) begin
            wire_out$kind = out$wire_out$kind;
            wire_out$seq = out$wire_out$seq;
            wire_out$ack = out$wire_out$ack;
            wire_out$payload = out$wire_out$payload;
            wire_out$crc_ok = out$wire_out$crc_ok;
        end
        if (wire_out$valid & wire_out$ready) begin
            prefer_enq$d = pick_out;
        end
    end
    
endmodule // renq_node$link


module renq_node$link$enq(clock,tick,packets_in$valid,packets_in$ready,packets_in$payload,packets_out$valid,packets_out$ready,packets_out$payload,wire_out$valid,wire_out$ready,wire_out$kind,wire_out$seq,wire_out$ack,wire_out$payload,wire_out$crc_ok,wire_in$valid,wire_in$ready,wire_in$kind,wire_in$seq,wire_in$ack,wire_in$payload,wire_in$crc_ok,tx_events$sent,tx_events$resent,tx_events$timeout,tx_events$nak,tx_events$ack_out_of_window,tx_events$unexpected,tx_events$bad,rx_events$delivered,rx_events$duplicate,rx_events$gap,rx_events$out_of_window,rx_events$unexpected,rx_events$bad,rx_events$ack_sent,rx_events$nak_sent,rx_events$merged);
    
    // Module arguments
    input wire  clock;
    input wire  tick;
    input wire  packets_in$valid;
    output wire  packets_in$ready;
    input wire  [119:0] packets_in$payload;
    output wire  packets_out$valid;
    input wire  packets_out$ready;
    output wire  [119:0] packets_out$payload;
    output reg  wire_out$valid;
    input wire  wire_out$ready;
    output reg  [1:0] wire_out$kind;
    output reg  [15:0] wire_out$seq;
    output reg  [15:0] wire_out$ack;
    output reg  [119:0] wire_out$payload;
    output reg  wire_out$crc_ok;
    input wire  wire_in$valid;
    output reg  wire_in$ready;
    input wire  [1:0] wire_in$kind;
    input wire  [15:0] wire_in$seq;
    input wire  [15:0] wire_in$ack;
    input wire  [119:0] wire_in$payload;
    input wire  wire_in$crc_ok;
    output wire  tx_events$sent;
    output wire  tx_events$resent;
    output wire  tx_events$timeout;
    output wire  tx_events$nak;
    output wire  tx_events$ack_out_of_window;
    output wire  tx_events$unexpected;
    output wire  tx_events$bad;
    output wire  rx_events$delivered;
    output wire  rx_events$duplicate;
    output wire  rx_events$gap;
    output wire  rx_events$out_of_window;
    output wire  rx_events$unexpected;
    output wire  rx_events$bad;
    output wire  rx_events$ack_sent;
    output wire  rx_events$nak_sent;
    output wire  rx_events$merged;
    
    // Constant declarations
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    
    // Stub signals
    reg  tx$clock;
    wire  tx$data_out$valid;
    reg  tx$data_out$ready;
    wire  [1:0] tx$data_out$kind;
    wire  [15:0] tx$data_out$seq;
    wire  [15:0] tx$data_out$ack;
    wire  [119:0] tx$data_out$payload;
    wire  tx$data_out$crc_ok;
    reg  tx$ctl_in$valid;
    wire  tx$ctl_in$ready;
    reg  [1:0] tx$ctl_in$kind;
    reg  [15:0] tx$ctl_in$seq;
    reg  [15:0] tx$ctl_in$ack;
    reg  [119:0] tx$ctl_in$payload;
    reg  tx$ctl_in$crc_ok;
    reg  tx$tick;
    reg  data$clock;
    reg  data$frames_in$valid;
    wire  data$frames_in$ready;
    reg  [1:0] data$frames_in$kind;
    reg  [15:0] data$frames_in$seq;
    reg  [15:0] data$frames_in$ack;
    reg  [119:0] data$frames_in$payload;
    reg  data$frames_in$crc_ok;
    wire  data$frames_out$valid;
    reg  data$frames_out$ready;
    wire  [1:0] data$frames_out$kind;
    wire  [15:0] data$frames_out$seq;
    wire  [15:0] data$frames_out$ack;
    wire  [119:0] data$frames_out$payload;
    wire  data$frames_out$crc_ok;
    reg  data$flush;
    reg  rx$clock;
    reg  rx$data_in$valid;
    wire  rx$data_in$ready;
    reg  [1:0] rx$data_in$kind;
    reg  [15:0] rx$data_in$seq;
    reg  [15:0] rx$data_in$ack;
    reg  [119:0] rx$data_in$payload;
    reg  rx$data_in$crc_ok;
    wire  rx$ctl_out$valid;
    reg  rx$ctl_out$ready;
    wire  [1:0] rx$ctl_out$kind;
    wire  [15:0] rx$ctl_out$seq;
    wire  [15:0] rx$ctl_out$ack;
    wire  [119:0] rx$ctl_out$payload;
    wire  rx$ctl_out$crc_ok;
    reg  prefer_data$d;
    wire  prefer_data$q;
    reg  prefer_data$clock;
    
    // Local signals
    reg  pick_ctl;
    reg  to_tx;
    
    // Sub module instances
    renq_node$link$enq$tx tx(
        .clock(tx$clock),
        .packets$valid(packets_in$valid),
        .packets$ready(packets_in$ready),
        .packets$payload(packets_in$payload),
        .data_out$valid(tx$data_out$valid),
        .data_out$ready(tx$data_out$ready),
        .data_out$kind(tx$data_out$kind),
        .data_out$seq(tx$data_out$seq),
        .data_out$ack(tx$data_out$ack),
        .data_out$payload(tx$data_out$payload),
        .data_out$crc_ok(tx$data_out$crc_ok),
        .ctl_in$valid(tx$ctl_in$valid),
        .ctl_in$ready(tx$ctl_in$ready),
        .ctl_in$kind(tx$ctl_in$kind),
        .ctl_in$seq(tx$ctl_in$seq),
        .ctl_in$ack(tx$ctl_in$ack),
        .ctl_in$payload(tx$ctl_in$payload),
        .ctl_in$crc_ok(tx$ctl_in$crc_ok),
        .tick(tx$tick),
        .events$sent(tx_events$sent),
        .events$resent(tx_events$resent),
        .events$timeout(tx_events$timeout),
        .events$nak(tx_events$nak),
        .events$ack_out_of_window(tx_events$ack_out_of_window),
        .events$unexpected(tx_events$unexpected),
        .events$bad(tx_events$bad)
    );
    renq_node$link$enq$data data(
        .clock(data$clock),
        .frames_in$valid(data$frames_in$valid),
        .frames_in$ready(data$frames_in$ready),
        .frames_in$kind(data$frames_in$kind),
        .frames_in$seq(data$frames_in$seq),
        .frames_in$ack(data$frames_in$ack),
        .frames_in$payload(data$frames_in$payload),
        .frames_in$crc_ok(data$frames_in$crc_ok),
        .frames_out$valid(data$frames_out$valid),
        .frames_out$ready(data$frames_out$ready),
        .frames_out$kind(data$frames_out$kind),
        .frames_out$seq(data$frames_out$seq),
        .frames_out$ack(data$frames_out$ack),
        .frames_out$payload(data$frames_out$payload),
        .frames_out$crc_ok(data$frames_out$crc_ok),
        .flush(data$flush)
    );
    renq_node$link$enq$rx rx(
        .clock(rx$clock),
        .data_in$valid(rx$data_in$valid),
        .data_in$ready(rx$data_in$ready),
        .data_in$kind(rx$data_in$kind),
        .data_in$seq(rx$data_in$seq),
        .data_in$ack(rx$data_in$ack),
        .data_in$payload(rx$data_in$payload),
        .data_in$crc_ok(rx$data_in$crc_ok),
        .packets$valid(packets_out$valid),
        .packets$ready(packets_out$ready),
        .packets$payload(packets_out$payload),
        .ctl_out$valid(rx$ctl_out$valid),
        .ctl_out$ready(rx$ctl_out$ready),
        .ctl_out$kind(rx$ctl_out$kind),
        .ctl_out$seq(rx$ctl_out$seq),
        .ctl_out$ack(rx$ctl_out$ack),
        .ctl_out$payload(rx$ctl_out$payload),
        .ctl_out$crc_ok(rx$ctl_out$crc_ok),
        .events$delivered(rx_events$delivered),
        .events$duplicate(rx_events$duplicate),
        .events$gap(rx_events$gap),
        .events$out_of_window(rx_events$out_of_window),
        .events$unexpected(rx_events$unexpected),
        .events$bad(rx_events$bad),
        .events$ack_sent(rx_events$ack_sent),
        .events$nak_sent(rx_events$nak_sent),
        .events$merged(rx_events$merged)
    );
    renq_node$link$enq$prefer_data prefer_data(
        .d(prefer_data$d),
        .q(prefer_data$q),
        .clock(prefer_data$clock)
    );
    
    // Update code
    always @(*) begin
        prefer_data$clock = clock;
        prefer_data$d = prefer_data$q;
        tx$clock = clock;
        data$clock = clock;
        rx$clock = clock;
        data$flush = tx_events$nak | tx_events$timeout;
        tx$tick = tick;
        to_tx = wire_in$crc_ok & ((wire_in$kind == type_ack) | (wire_in$kind == type_nak));
        wire_in$ready = rx$data_in$ready;
        tx$ctl_in$valid = wire_in$valid & to_tx;
        rx$data_in$valid = wire_in$valid & ~to_tx;
        tx$ctl_in$kind = wire_in$kind;
        tx$ctl_in$seq = wire_in$seq;
        tx$ctl_in$ack = wire_in$ack;
        tx$ctl_in$payload = wire_in$payload;
        tx$ctl_in$crc_ok = wire_in$crc_ok;
        rx$data_in$kind = wire_in$kind;
        rx$data_in$seq = wire_in$seq;
        rx$data_in$ack = wire_in$ack;
        rx$data_in$payload = wire_in$payload;
        rx$data_in$crc_ok = wire_in$crc_ok;
        pick_ctl = rx$ctl_out$valid & (~data$frames_out$valid | ~prefer_data$q);
        wire_out$valid = rx$ctl_out$valid | data$frames_out$valid;
        rx$ctl_out$ready = wire_out$ready & pick_ctl;
        data$frames_out$ready = wire_out$ready & ~pick_ctl;
        wire_out$kind = data$frames_out$kind;
        wire_out$seq = data$frames_out$seq;
        wire_out$ack = data$frames_out$ack;
        wire_out$payload = data$frames_out$payload;
        wire_out$crc_ok = data$frames_out$crc_ok;
        if (pick_ctl) begin
            wire_out$kind = rx$ctl_out$kind;
            wire_out$seq = rx$ctl_out$seq;
            wire_out$ack = rx$ctl_out$ack;
            wire_out$payload = rx$ctl_out$payload;
            wire_out$crc_ok = rx$ctl_out$crc_ok;
        end
        if (wire_out$valid & wire_out$ready) begin
            prefer_data$d = pick_ctl;
        end
    end
    
    always @(*) data$frames_in$valid = tx$data_out$valid;
    always @(*) tx$data_out$ready = data$frames_in$ready;
    always @(*) data$frames_in$kind = tx$data_out$kind;
    always @(*) data$frames_in$seq = tx$data_out$seq;
    always @(*) data$frames_in$ack = tx$data_out$ack;
    always @(*) data$frames_in$payload = tx$data_out$payload;
    always @(*) data$frames_in$crc_ok = tx$data_out$crc_ok;
endmodule // renq_node$link$enq


module renq_node$link$enq$data(clock,frames_in$valid,frames_in$ready,frames_in$kind,frames_in$seq,frames_in$ack,frames_in$payload,frames_in$crc_ok,frames_out$valid,frames_out$ready,frames_out$kind,frames_out$seq,frames_out$ack,frames_out$payload,frames_out$crc_ok,flush);
    
    // Module arguments
    input wire  clock;
    input wire  frames_in$valid;
    output reg  frames_in$ready;
    input wire  [1:0] frames_in$kind;
    input wire  [15:0] frames_in$seq;
    input wire  [15:0] frames_in$ack;
    input wire  [119:0] frames_in$payload;
    input wire  frames_in$crc_ok;
    output reg  frames_out$valid;
    input wire  frames_out$ready;
    output reg  [1:0] frames_out$kind;
    output reg  [15:0] frames_out$seq;
    output reg  [15:0] frames_out$ack;
    output reg  [119:0] frames_out$payload;
    output reg  frames_out$crc_ok;
    input wire  flush;
    
    // Stub signals
    reg  out_valid$d;
    wire  out_valid$q;
    reg  out_valid$clock;
    reg  [1:0] out_kind$d;
    wire  [1:0] out_kind$q;
    reg  out_kind$clock;
    reg  [15:0] out_seq$d;
    wire  [15:0] out_seq$q;
    reg  out_seq$clock;
    reg  [15:0] out_ack$d;
    wire  [15:0] out_ack$q;
    reg  out_ack$clock;
    reg  [119:0] out_payload$d;
    wire  [119:0] out_payload$q;
    reg  out_payload$clock;
    reg  out_crc_ok$d;
    wire  out_crc_ok$q;
    reg  out_crc_ok$clock;
    reg  held_valid$d;
    wire  held_valid$q;
    reg  held_valid$clock;
    reg  [1:0] held_kind$d;
    wire  [1:0] held_kind$q;
    reg  held_kind$clock;
    reg  [15:0] held_seq$d;
    wire  [15:0] held_seq$q;
    reg  held_seq$clock;
    reg  [15:0] held_ack$d;
    wire  [15:0] held_ack$q;
    reg  held_ack$clock;
    reg  [119:0] held_payload$d;
    wire  [119:0] held_payload$q;
    reg  held_payload$clock;
    reg  held_crc_ok$d;
    wire  held_crc_ok$q;
    reg  held_crc_ok$clock;
    
    // Local signals
    reg  push;
    reg  load;
    
    // Sub module instances
    renq_node$link$enq$data$out_valid out_valid(
        .d(out_valid$d),
        .q(out_valid$q),
        .clock(out_valid$clock)
    );
    renq_node$link$enq$data$out_kind out_kind(
        .d(out_kind$d),
        .q(out_kind$q),
        .clock(out_kind$clock)
    );
    renq_node$link$enq$data$out_seq out_seq(
        .d(out_seq$d),
        .q(out_seq$q),
        .clock(out_seq$clock)
    );
    renq_node$link$enq$data$out_ack out_ack(
        .d(out_ack$d),
        .q(out_ack$q),
        .clock(out_ack$clock)
    );
    renq_node$link$enq$data$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_node$link$enq$data$out_crc_ok out_crc_ok(
        .d(out_crc_ok$d),
        .q(out_crc_ok$q),
        .clock(out_crc_ok$clock)
    );
    renq_node$link$enq$data$held_valid held_valid(
        .d(held_valid$d),
        .q(held_valid$q),
        .clock(held_valid$clock)
    );
    renq_node$link$enq$data$held_kind held_kind(
        .d(held_kind$d),
        .q(held_kind$q),
        .clock(held_kind$clock)
    );
    renq_node$link$enq$data$held_seq held_seq(
        .d(held_seq$d),
        .q(held_seq$q),
        .clock(held_seq$clock)
    );
    renq_node$link$enq$data$held_ack held_ack(
        .d(held_ack$d),
        .q(held_ack$q),
        .clock(held_ack$clock)
    );
    renq_node$link$enq$data$held_payload held_payload(
        .d(held_payload$d),
        .q(held_payload$q),
        .clock(held_payload$clock)
    );
    renq_node$link$enq$data$held_crc_ok held_crc_ok(
        .d(held_crc_ok$d),
        .q(held_crc_ok$q),
        .clock(held_crc_ok$clock)
    );
    
    // Update code
    always @(*) begin
        out_valid$clock = clock;
        out_kind$clock = clock;
        out_seq$clock = clock;
        out_ack$clock = clock;
        out_payload$clock = clock;
        out_crc_ok$clock = clock;
        held_valid$clock = clock;
        held_kind$clock = clock;
        held_seq$clock = clock;
        held_ack$clock = clock;
        held_payload$clock = clock;
        held_crc_ok$clock = clock;
        out_valid$d = out_valid$q;
        out_kind$d = out_kind$q;
        out_seq$d = out_seq$q;
        out_ack$d = out_ack$q;
        out_payload$d = out_payload$q;
        out_crc_ok$d = out_crc_ok$q;
        held_valid$d = held_valid$q;
        held_kind$d = held_kind$q;
        held_seq$d = held_seq$q;
        held_ack$d = held_ack$q;
        held_payload$d = held_payload$q;
        held_crc_ok$d = held_crc_ok$q;
        frames_in$ready = ~held_valid$q;
        frames_out$valid = out_valid$q;
        frames_out$kind = out_kind$q;
        frames_out$seq = out_seq$q;
        frames_out$ack = out_ack$q;
        frames_out$payload = out_payload$q;
        frames_out$crc_ok = out_crc_ok$q;
        push = frames_in$valid & ~held_valid$q;
        load = ~out_valid$q | frames_out$ready;
        if (load) begin
            out_valid$d = held_valid$q | push;
            held_valid$d = 1'b0;
            if (held_valid$q) begin
                out_kind$d = held_kind$q;
                out_seq$d = held_seq$q;
                out_ack$d = held_ack$q;
                out_payload$d = held_payload$q;
                out_crc_ok$d = held_crc_ok$q;
            end
            else begin
                out_kind$d = frames_in$kind;
                out_seq$d = frames_in$seq;
                out_ack$d = frames_in$ack;
                out_payload$d = frames_in$payload;
                out_crc_ok$d = frames_in$crc_ok;
            end
        end
        else if (push) begin
            held_valid$d = 1'b1;
            held_kind$d = frames_in$kind;
            held_seq$d = frames_in$seq;
            held_ack$d = frames_in$ack;
            held_payload$d = frames_in$payload;
            held_crc_ok$d = frames_in$crc_ok;
        end
        if (flush) begin
            out_valid$d = 1'b0;
            held_valid$d = 1'b0;
        end
    end
    
endmodule // renq_node$link$enq$data


module renq_node$link$enq$data$held_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$held_ack


module renq_node$link$enq$data$held_crc_ok(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$held_crc_ok


module renq_node$link$enq$data$held_kind(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$data$held_kind


module renq_node$link$enq$data$held_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$data$held_payload


module renq_node$link$enq$data$held_seq(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$held_seq


module renq_node$link$enq$data$held_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$held_valid


module renq_node$link$enq$data$out_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$out_ack


module renq_node$link$enq$data$out_crc_ok(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$out_crc_ok


module renq_node$link$enq$data$out_kind(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$data$out_kind


module renq_node$link$enq$data$out_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$data$out_payload


module renq_node$link$enq$data$out_seq(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$out_seq


module renq_node$link$enq$data$out_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$data$out_valid


module renq_node$link$enq$prefer_data(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$prefer_data


module renq_node$link$enq$rx(clock,data_in$valid,data_in$ready,data_in$kind,data_in$seq,data_in$ack,data_in$payload,data_in$crc_ok,packets$valid,packets$ready,packets$payload,ctl_out$valid,ctl_out$ready,ctl_out$kind,ctl_out$seq,ctl_out$ack,ctl_out$payload,ctl_out$crc_ok,events$delivered,events$duplicate,events$gap,events$out_of_window,events$unexpected,events$bad,events$ack_sent,events$nak_sent,events$merged);
    
    // Module arguments
    input wire  clock;
    input wire  data_in$valid;
    output reg  data_in$ready;
    input wire  [1:0] data_in$kind;
    input wire  [15:0] data_in$seq;
    input wire  [15:0] data_in$ack;
    input wire  [119:0] data_in$payload;
    input wire  data_in$crc_ok;
    output reg  packets$valid;
    input wire  packets$ready;
    output reg  [119:0] packets$payload;
    output reg  ctl_out$valid;
    input wire  ctl_out$ready;
    output reg  [1:0] ctl_out$kind;
    output reg  [15:0] ctl_out$seq;
    output reg  [15:0] ctl_out$ack;
    output reg  [119:0] ctl_out$payload;
    output reg  ctl_out$crc_ok;
    output reg  events$delivered;
    output reg  events$duplicate;
    output reg  events$gap;
    output reg  events$out_of_window;
    output reg  events$unexpected;
    output reg  events$bad;
    output reg  events$ack_sent;
    output reg  events$nak_sent;
    output reg  events$merged;
    
    // Constant declarations
    localparam  seq_one = 16'h1;
    localparam  seq_zero = 16'h0;
    localparam  window = 16'h20;
    localparam  type_data = 2'b1;
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    localparam  payload_zero = 120'h0;
    
    // Stub signals
    reg  [15:0] expected$d;
    wire  [15:0] expected$q;
    reg  expected$clock;
    reg  nak_sent$d;
    wire  nak_sent$q;
    reg  nak_sent$clock;
    reg  out_full$d;
    wire  out_full$q;
    reg  out_full$clock;
    reg  [119:0] out_payload$d;
    wire  [119:0] out_payload$q;
    reg  out_payload$clock;
    reg  reply_valid$d;
    wire  reply_valid$q;
    reg  reply_valid$clock;
    reg  reply_nak$d;
    wire  reply_nak$q;
    reg  reply_nak$clock;
    reg  [15:0] reply_ack$d;
    wire  [15:0] reply_ack$q;
    reg  reply_ack$clock;
    
    // Local signals
    reg  take;
    reg  good;
    reg  [15:0] ahead;
    reg  [15:0] behind;
    reg  deliver;
    reg  gap;
    reg  duplicate;
    reg  nak_now;
    reg  reply_taken;
    reg  new_reply;
    reg  [15:0] expected_next;
    
    // Sub module instances
    renq_node$link$enq$rx$expected expected(
        .d(expected$d),
        .q(expected$q),
        .clock(expected$clock)
    );
    renq_node$link$enq$rx$nak_sent nak_sent(
        .d(nak_sent$d),
        .q(nak_sent$q),
        .clock(nak_sent$clock)
    );
    renq_node$link$enq$rx$out_full out_full(
        .d(out_full$d),
        .q(out_full$q),
        .clock(out_full$clock)
    );
    renq_node$link$enq$rx$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_node$link$enq$rx$reply_valid reply_valid(
        .d(reply_valid$d),
        .q(reply_valid$q),
        .clock(reply_valid$clock)
    );
    renq_node$link$enq$rx$reply_nak reply_nak(
        .d(reply_nak$d),
        .q(reply_nak$q),
        .clock(reply_nak$clock)
    );
    renq_node$link$enq$rx$reply_ack reply_ack(
        .d(reply_ack$d),
        .q(reply_ack$q),
        .clock(reply_ack$clock)
    );
    
    // Update code
    always @(*) begin
        expected$clock = clock;
        nak_sent$clock = clock;
        out_full$clock = clock;
        out_payload$clock = clock;
        reply_valid$clock = clock;
        reply_nak$clock = clock;
        reply_ack$clock = clock;
        expected$d = expected$q;
        nak_sent$d = nak_sent$q;
        out_full$d = out_full$q;
        out_payload$d = out_payload$q;
        reply_valid$d = reply_valid$q;
        reply_nak$d = reply_nak$q;
        reply_ack$d = reply_ack$q;
        data_in$ready = ~out_full$q | packets$ready;
        take = data_in$valid & data_in$ready;
        good = take & data_in$crc_ok & (data_in$kind == type_data);
        ahead = data_in$seq - expected$q;
        behind = expected$q - data_in$seq;
        deliver = good & (ahead == seq_zero);
        gap = good & ~deliver & (ahead < window);
        duplicate = good & ~deliver & ~gap & (behind <= window);
        nak_now = gap & ~nak_sent$q;
        expected_next = expected$q;
        if (deliver) begin
            expected_next = expected$q + seq_one;
        end
        expected$d = expected_next;
        if (deliver) begin
            nak_sent$d = 1'b0;
        end
        if (nak_now) begin
            nak_sent$d = 1'b1;
        end
        if (packets$ready) begin
            out_full$d = 1'b0;
        end
        if (deliver) begin
            out_full$d = 1'b1;
            out_payload$d = data_in$payload;
        end
        packets$valid = out_full$q;
        packets$payload = out_payload$q;
        reply_taken = reply_valid$q & ctl_out$ready;
        new_reply = deliver | duplicate | nak_now;
        if (reply_taken) begin
            reply_valid$d = 1'b0;
        end
        if (new_reply) begin
            reply_valid$d = 1'b1;
            reply_ack$d = expected_next;
            reply_nak$d = nak_now | (reply_valid$q & ~reply_taken & reply_nak$q & ~deliver);
        end
        ctl_out$valid = reply_valid$q;
        ctl_out$kind = type_ack;
        if (reply_nak$q) begin
            ctl_out$kind = type_nak;
        end
        ctl_out$seq = seq_zero;
        ctl_out$ack = reply_ack$q;
        ctl_out$payload = payload_zero;
        ctl_out$crc_ok = 1'b1;
        events$delivered = deliver;
        events$duplicate = duplicate;
        events$gap = gap;
        events$out_of_window = good & ~deliver & ~gap & ~duplicate;
        events$unexpected = take & data_in$crc_ok & ~good;
        events$bad = take & ~data_in$crc_ok;
        events$ack_sent = reply_taken & ~reply_nak$q;
        events$nak_sent = reply_taken & reply_nak$q;
        events$merged = new_reply & reply_valid$q & ~reply_taken;
    end
    
endmodule // renq_node$link$enq$rx


module renq_node$link$enq$rx$expected(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$rx$expected$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$rx$expected


module renq_node$link$enq$rx$expected$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$expected$dff


module renq_node$link$enq$rx$nak_sent(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$nak_sent


module renq_node$link$enq$rx$out_full(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$out_full


module renq_node$link$enq$rx$out_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$rx$out_payload


module renq_node$link$enq$rx$reply_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$reply_ack


module renq_node$link$enq$rx$reply_nak(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$reply_nak


module renq_node$link$enq$rx$reply_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$rx$reply_valid


module renq_node$link$enq$tx(clock,packets$valid,packets$ready,packets$payload,data_out$valid,data_out$ready,data_out$kind,data_out$seq,data_out$ack,data_out$payload,data_out$crc_ok,ctl_in$valid,ctl_in$ready,ctl_in$kind,ctl_in$seq,ctl_in$ack,ctl_in$payload,ctl_in$crc_ok,tick,events$sent,events$resent,events$timeout,events$nak,events$ack_out_of_window,events$unexpected,events$bad);
    
    // Module arguments
    input wire  clock;
    input wire  packets$valid;
    output reg  packets$ready;
    input wire  [119:0] packets$payload;
    output reg  data_out$valid;
    input wire  data_out$ready;
    output reg  [1:0] data_out$kind;
    output reg  [15:0] data_out$seq;
    output reg  [15:0] data_out$ack;
    output reg  [119:0] data_out$payload;
    output reg  data_out$crc_ok;
    input wire  ctl_in$valid;
    output reg  ctl_in$ready;
    input wire  [1:0] ctl_in$kind;
    input wire  [15:0] ctl_in$seq;
    input wire  [15:0] ctl_in$ack;
    input wire  [119:0] ctl_in$payload;
    input wire  ctl_in$crc_ok;
    input wire  tick;
    output reg  events$sent;
    output reg  events$resent;
    output reg  events$timeout;
    output reg  events$nak;
    output reg  events$ack_out_of_window;
    output reg  events$unexpected;
    output reg  events$bad;
    
    // Constant declarations
    localparam  seq_one = 16'h1;
    localparam  seq_zero = 16'h0;
    localparam  window = 16'h20;
    localparam  timer_one = 13'b1;
    localparam  rto_first = 13'b1000000;
    localparam  rto_max = 13'b1000000000000;
    localparam  type_data = 2'b1;
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    
    // Stub signals
    reg  [4:0] replay$read_address;
    reg  replay$read_clock;
    wire  [119:0] replay$read_data;
    reg  [4:0] replay$write_address;
    reg  replay$write_clock;
    reg  [119:0] replay$write_data;
    reg  replay$write_enable;
    reg  [15:0] base$d;
    wire  [15:0] base$q;
    reg  base$clock;
    reg  [15:0] next$d;
    wire  [15:0] next$q;
    reg  next$clock;
    reg  [15:0] high$d;
    wire  [15:0] high$q;
    reg  high$clock;
    reg  [15:0] tail$d;
    wire  [15:0] tail$q;
    reg  tail$clock;
    reg  [15:0] next_from_base$d;
    wire  [15:0] next_from_base$q;
    reg  next_from_base$clock;
    reg  fresh$d;
    wire  fresh$q;
    reg  fresh$clock;
    reg  unsent$d;
    wire  unsent$q;
    reg  unsent$clock;
    reg  timer_on$d;
    wire  timer_on$q;
    reg  timer_on$clock;
    reg  [12:0] timer$d;
    wire  [12:0] timer$q;
    reg  timer$clock;
    reg  [12:0] rto$d;
    wire  [12:0] rto$q;
    reg  rto$clock;
    reg  pending_progress$d;
    wire  pending_progress$q;
    reg  pending_progress$clock;
    reg  pending_nak$d;
    wire  pending_nak$q;
    reg  pending_nak$clock;
    reg  [15:0] pending_ack$d;
    wire  [15:0] pending_ack$q;
    reg  pending_ack$clock;
    reg  [15:0] pending_acked$d;
    wire  [15:0] pending_acked$q;
    reg  pending_acked$clock;
    reg  [15:0] pending_acked_less1$d;
    wire  [15:0] pending_acked_less1$q;
    reg  pending_acked_less1$clock;
    
    // Local signals
    reg  sent;
    reg  [15:0] next_plus;
    reg  [15:0] next1;
    reg  [15:0] high1;
    reg  ctl;
    reg  [15:0] base_after;
    reg  [15:0] acked;
    reg  ack_ok;
    reg  progress;
    reg  nak;
    reg  next_freed;
    reg  [15:0] next_from_base_plus;
    reg  [15:0] next_from_new_base;
    reg  [15:0] base2;
    reg  [15:0] next2;
    reg  [12:0] rto2;
    reg  expire;
    reg  [12:0] rto_doubled;
    reg  [15:0] next3;
    reg  base_at_tail;
    reg  ack_at_tail;
    reg  base2_at_tail;
    reg  at_tail1;
    reg  at_tail2;
    reg  at_tail3;
    reg  push;
    
    // Sub module instances
    renq_node$link$enq$tx$replay replay(
        .read_address(replay$read_address),
        .read_clock(replay$read_clock),
        .read_data(replay$read_data),
        .write_address(replay$write_address),
        .write_clock(replay$write_clock),
        .write_data(replay$write_data),
        .write_enable(replay$write_enable)
    );
    renq_node$link$enq$tx$base base(
        .d(base$d),
        .q(base$q),
        .clock(base$clock)
    );
    renq_node$link$enq$tx$next next(
        .d(next$d),
        .q(next$q),
        .clock(next$clock)
    );
    renq_node$link$enq$tx$high high(
        .d(high$d),
        .q(high$q),
        .clock(high$clock)
    );
    renq_node$link$enq$tx$tail tail(
        .d(tail$d),
        .q(tail$q),
        .clock(tail$clock)
    );
    renq_node$link$enq$tx$next_from_base next_from_base(
        .d(next_from_base$d),
        .q(next_from_base$q),
        .clock(next_from_base$clock)
    );
    renq_node$link$enq$tx$fresh fresh(
        .d(fresh$d),
        .q(fresh$q),
        .clock(fresh$clock)
    );
    renq_node$link$enq$tx$unsent unsent(
        .d(unsent$d),
        .q(unsent$q),
        .clock(unsent$clock)
    );
    renq_node$link$enq$tx$timer_on timer_on(
        .d(timer_on$d),
        .q(timer_on$q),
        .clock(timer_on$clock)
    );
    renq_node$link$enq$tx$timer timer(
        .d(timer$d),
        .q(timer$q),
        .clock(timer$clock)
    );
    renq_node$link$enq$tx$rto rto(
        .d(rto$d),
        .q(rto$q),
        .clock(rto$clock)
    );
    renq_node$link$enq$tx$pending_progress pending_progress(
        .d(pending_progress$d),
        .q(pending_progress$q),
        .clock(pending_progress$clock)
    );
    renq_node$link$enq$tx$pending_nak pending_nak(
        .d(pending_nak$d),
        .q(pending_nak$q),
        .clock(pending_nak$clock)
    );
    renq_node$link$enq$tx$pending_ack pending_ack(
        .d(pending_ack$d),
        .q(pending_ack$q),
        .clock(pending_ack$clock)
    );
    renq_node$link$enq$tx$pending_acked pending_acked(
        .d(pending_acked$d),
        .q(pending_acked$q),
        .clock(pending_acked$clock)
    );
    renq_node$link$enq$tx$pending_acked_less1 pending_acked_less1(
        .d(pending_acked_less1$d),
        .q(pending_acked_less1$q),
        .clock(pending_acked_less1$clock)
    );
    
    // Update code
    always @(*) begin
        base$clock = clock;
        next$clock = clock;
        high$clock = clock;
        tail$clock = clock;
        next_from_base$clock = clock;
        fresh$clock = clock;
        unsent$clock = clock;
        timer_on$clock = clock;
        timer$clock = clock;
        rto$clock = clock;
        pending_progress$clock = clock;
        pending_nak$clock = clock;
        pending_ack$clock = clock;
        pending_acked$clock = clock;
        pending_acked_less1$clock = clock;
        base$d = base$q;
        next$d = next$q;
        high$d = high$q;
        tail$d = tail$q;
        next_from_base$d = next_from_base$q;
        fresh$d = fresh$q;
        unsent$d = unsent$q;
        timer_on$d = timer_on$q;
        timer$d = timer$q;
        rto$d = rto$q;
        pending_progress$d = pending_progress$q;
        pending_nak$d = pending_nak$q;
        pending_ack$d = pending_ack$q;
        pending_acked$d = pending_acked$q;
        pending_acked_less1$d = pending_acked_less1$q;
        replay$read_clock = clock;
        replay$write_clock = clock;
        data_out$valid = unsent$q & fresh$q;
        data_out$kind = type_data;
        data_out$seq = next$q;
        data_out$ack = seq_zero;
        data_out$payload = replay$read_data;
        data_out$crc_ok = 1'b1;
        ctl_in$ready = 1'b1;
        packets$ready = (tail$q - base$q) != window;
        sent = data_out$valid & data_out$ready;
        next_plus = next$q + seq_one;
        next1 = next$q;
        at_tail1 = ~unsent$q;
        high1 = high$q;
        if (sent) begin
            next1 = next_plus;
            at_tail1 = next_plus == tail$q;
            if (next$q == high$q) begin
                high1 = next_plus;
            end
        end
        ctl = ctl_in$valid & ctl_in$crc_ok & ((ctl_in$kind == type_ack) | (ctl_in$kind == type_nak));
        base_after = base$q;
        if (pending_progress$q) begin
            base_after = pending_ack$q;
        end
        acked = ctl_in$ack - base_after;
        ack_ok = ctl & (acked <= (high$q - base_after));
        pending_progress$d = ack_ok & (acked != seq_zero);
        pending_nak$d = ack_ok & (ctl_in$kind == type_nak);
        pending_ack$d = ctl_in$ack;
        pending_acked$d = acked;
        pending_acked_less1$d = acked - seq_one;
        progress = pending_progress$q;
        nak = pending_nak$q;
        next_freed = next_from_base$q < pending_acked$q;
        next_from_base_plus = next_from_base$q;
        next_from_new_base = next_from_base$q - pending_acked$q;
        if (sent) begin
            next_freed = next_from_base$q < pending_acked_less1$q;
            next_from_base_plus = next_from_base$q + seq_one;
            next_from_new_base = next_from_base$q - pending_acked_less1$q;
        end
        base_at_tail = base$q == tail$q;
        ack_at_tail = pending_ack$q == tail$q;
        base2 = base$q;
        base2_at_tail = base_at_tail;
        next2 = next1;
        at_tail2 = at_tail1;
        rto2 = rto$q;
        if (progress) begin
            base2 = pending_ack$q;
            base2_at_tail = ack_at_tail;
            rto2 = rto_first;
            if (next_freed) begin
                next2 = pending_ack$q;
                at_tail2 = ack_at_tail;
            end
        end
        if (nak) begin
            next2 = base2;
            at_tail2 = base2_at_tail;
        end
        expire = tick & timer_on$q & (timer$q == timer_one) & ~progress & ~nak;
        rto_doubled = rto$q + rto$q;
        if (rto$q == rto_max) begin
            rto_doubled = rto_max;
        end
        next3 = next2;
        at_tail3 = at_tail2;
        if (expire) begin
            next3 = base$q;
            at_tail3 = base_at_tail;
        end
        push = packets$valid & packets$ready;
        replay$write_data = packets$payload;
        replay$write_address = tail$q[(32'h0)+:(5)];
        replay$write_enable = push;
        replay$read_address = next3[(32'h0)+:(5)];
        base$d = base2;
        next$d = next3;
        high$d = high1;
        next_from_base$d = next_from_base_plus;
        if (progress) begin
            next_from_base$d = next_from_new_base;
            if (next_freed) begin
                next_from_base$d = seq_zero;
            end
        end
        if (nak | expire) begin
            next_from_base$d = seq_zero;
        end
        if (push) begin
            tail$d = tail$q + seq_one;
        end
        unsent$d = push | ~at_tail3;
        fresh$d = ~(push & (tail$q[(32'h0)+:(5)] == next3[(32'h0)+:(5)]));
        if (tick & timer_on$q) begin
            timer$d = timer$q - timer_one;
        end
        if (sent & ~timer_on$q) begin
            timer_on$d = 1'b1;
            timer$d = rto$q;
        end
        if (expire) begin
            rto$d = rto_doubled;
            timer$d = rto_doubled;
        end
        if (progress | nak) begin
            rto$d = rto2;
            timer$d = rto2;
            timer_on$d = tail$q != base2;
        end
        events$sent = sent;
        events$resent = sent & (next$q != high$q);
        events$timeout = expire;
        events$nak = nak;
        events$ack_out_of_window = ctl & ~ack_ok;
        events$unexpected = ctl_in$valid & ctl_in$crc_ok & ~ctl;
        events$bad = ctl_in$valid & ~ctl_in$crc_ok;
    end
    
endmodule // renq_node$link$enq$tx


module renq_node$link$enq$tx$base(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$tx$base$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$tx$base


module renq_node$link$enq$tx$base$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$base$dff


module renq_node$link$enq$tx$fresh(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$fresh


module renq_node$link$enq$tx$high(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$tx$high$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$tx$high


module renq_node$link$enq$tx$high$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$high$dff


module renq_node$link$enq$tx$next(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$tx$next$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$tx$next


module renq_node$link$enq$tx$next$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$next$dff


module renq_node$link$enq$tx$next_from_base(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$next_from_base


module renq_node$link$enq$tx$pending_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$pending_ack


module renq_node$link$enq$tx$pending_acked(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$pending_acked


module renq_node$link$enq$tx$pending_acked_less1(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$pending_acked_less1


module renq_node$link$enq$tx$pending_nak(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$pending_nak


module renq_node$link$enq$tx$pending_progress(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$pending_progress


module renq_node$link$enq$tx$replay(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [4:0] read_address;
    input wire  read_clock;
    output reg  [119:0] read_data;
    input wire  [4:0] write_address;
    input wire  write_clock;
    input wire  [119:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[119:0] mem[31:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$link$enq$tx$replay


module renq_node$link$enq$tx$rto(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 13'b1000000;
    
    // Stub signals
    reg  [12:0] dff$d;
    wire  [12:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$tx$rto$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$tx$rto


module renq_node$link$enq$tx$rto$dff(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 13'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$tx$rto$dff


module renq_node$link$enq$tx$tail(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$enq$tx$tail$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$enq$tx$tail


module renq_node$link$enq$tx$tail$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$tail$dff


module renq_node$link$enq$tx$timer(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 13'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$enq$tx$timer


module renq_node$link$enq$tx$timer_on(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$timer_on


module renq_node$link$enq$tx$unsent(d,q,clock);
    
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
          
endmodule // renq_node$link$enq$tx$unsent


module renq_node$link$out(clock,tick,packets_in$valid,packets_in$ready,packets_in$payload,packets_out$valid,packets_out$ready,packets_out$payload,wire_out$valid,wire_out$ready,wire_out$kind,wire_out$seq,wire_out$ack,wire_out$payload,wire_out$crc_ok,wire_in$valid,wire_in$ready,wire_in$kind,wire_in$seq,wire_in$ack,wire_in$payload,wire_in$crc_ok,tx_events$sent,tx_events$resent,tx_events$timeout,tx_events$nak,tx_events$ack_out_of_window,tx_events$unexpected,tx_events$bad,rx_events$delivered,rx_events$duplicate,rx_events$gap,rx_events$out_of_window,rx_events$unexpected,rx_events$bad,rx_events$ack_sent,rx_events$nak_sent,rx_events$merged);
    
    // Module arguments
    input wire  clock;
    input wire  tick;
    input wire  packets_in$valid;
    output wire  packets_in$ready;
    input wire  [119:0] packets_in$payload;
    output wire  packets_out$valid;
    input wire  packets_out$ready;
    output wire  [119:0] packets_out$payload;
    output reg  wire_out$valid;
    input wire  wire_out$ready;
    output reg  [1:0] wire_out$kind;
    output reg  [15:0] wire_out$seq;
    output reg  [15:0] wire_out$ack;
    output reg  [119:0] wire_out$payload;
    output reg  wire_out$crc_ok;
    input wire  wire_in$valid;
    output reg  wire_in$ready;
    input wire  [1:0] wire_in$kind;
    input wire  [15:0] wire_in$seq;
    input wire  [15:0] wire_in$ack;
    input wire  [119:0] wire_in$payload;
    input wire  wire_in$crc_ok;
    output wire  tx_events$sent;
    output wire  tx_events$resent;
    output wire  tx_events$timeout;
    output wire  tx_events$nak;
    output wire  tx_events$ack_out_of_window;
    output wire  tx_events$unexpected;
    output wire  tx_events$bad;
    output wire  rx_events$delivered;
    output wire  rx_events$duplicate;
    output wire  rx_events$gap;
    output wire  rx_events$out_of_window;
    output wire  rx_events$unexpected;
    output wire  rx_events$bad;
    output wire  rx_events$ack_sent;
    output wire  rx_events$nak_sent;
    output wire  rx_events$merged;
    
    // Constant declarations
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    
    // Stub signals
    reg  tx$clock;
    wire  tx$data_out$valid;
    reg  tx$data_out$ready;
    wire  [1:0] tx$data_out$kind;
    wire  [15:0] tx$data_out$seq;
    wire  [15:0] tx$data_out$ack;
    wire  [119:0] tx$data_out$payload;
    wire  tx$data_out$crc_ok;
    reg  tx$ctl_in$valid;
    wire  tx$ctl_in$ready;
    reg  [1:0] tx$ctl_in$kind;
    reg  [15:0] tx$ctl_in$seq;
    reg  [15:0] tx$ctl_in$ack;
    reg  [119:0] tx$ctl_in$payload;
    reg  tx$ctl_in$crc_ok;
    reg  tx$tick;
    reg  data$clock;
    reg  data$frames_in$valid;
    wire  data$frames_in$ready;
    reg  [1:0] data$frames_in$kind;
    reg  [15:0] data$frames_in$seq;
    reg  [15:0] data$frames_in$ack;
    reg  [119:0] data$frames_in$payload;
    reg  data$frames_in$crc_ok;
    wire  data$frames_out$valid;
    reg  data$frames_out$ready;
    wire  [1:0] data$frames_out$kind;
    wire  [15:0] data$frames_out$seq;
    wire  [15:0] data$frames_out$ack;
    wire  [119:0] data$frames_out$payload;
    wire  data$frames_out$crc_ok;
    reg  data$flush;
    reg  rx$clock;
    reg  rx$data_in$valid;
    wire  rx$data_in$ready;
    reg  [1:0] rx$data_in$kind;
    reg  [15:0] rx$data_in$seq;
    reg  [15:0] rx$data_in$ack;
    reg  [119:0] rx$data_in$payload;
    reg  rx$data_in$crc_ok;
    wire  rx$ctl_out$valid;
    reg  rx$ctl_out$ready;
    wire  [1:0] rx$ctl_out$kind;
    wire  [15:0] rx$ctl_out$seq;
    wire  [15:0] rx$ctl_out$ack;
    wire  [119:0] rx$ctl_out$payload;
    wire  rx$ctl_out$crc_ok;
    reg  prefer_data$d;
    wire  prefer_data$q;
    reg  prefer_data$clock;
    
    // Local signals
    reg  pick_ctl;
    reg  to_tx;
    
    // Sub module instances
    renq_node$link$out$tx tx(
        .clock(tx$clock),
        .packets$valid(packets_in$valid),
        .packets$ready(packets_in$ready),
        .packets$payload(packets_in$payload),
        .data_out$valid(tx$data_out$valid),
        .data_out$ready(tx$data_out$ready),
        .data_out$kind(tx$data_out$kind),
        .data_out$seq(tx$data_out$seq),
        .data_out$ack(tx$data_out$ack),
        .data_out$payload(tx$data_out$payload),
        .data_out$crc_ok(tx$data_out$crc_ok),
        .ctl_in$valid(tx$ctl_in$valid),
        .ctl_in$ready(tx$ctl_in$ready),
        .ctl_in$kind(tx$ctl_in$kind),
        .ctl_in$seq(tx$ctl_in$seq),
        .ctl_in$ack(tx$ctl_in$ack),
        .ctl_in$payload(tx$ctl_in$payload),
        .ctl_in$crc_ok(tx$ctl_in$crc_ok),
        .tick(tx$tick),
        .events$sent(tx_events$sent),
        .events$resent(tx_events$resent),
        .events$timeout(tx_events$timeout),
        .events$nak(tx_events$nak),
        .events$ack_out_of_window(tx_events$ack_out_of_window),
        .events$unexpected(tx_events$unexpected),
        .events$bad(tx_events$bad)
    );
    renq_node$link$out$data data(
        .clock(data$clock),
        .frames_in$valid(data$frames_in$valid),
        .frames_in$ready(data$frames_in$ready),
        .frames_in$kind(data$frames_in$kind),
        .frames_in$seq(data$frames_in$seq),
        .frames_in$ack(data$frames_in$ack),
        .frames_in$payload(data$frames_in$payload),
        .frames_in$crc_ok(data$frames_in$crc_ok),
        .frames_out$valid(data$frames_out$valid),
        .frames_out$ready(data$frames_out$ready),
        .frames_out$kind(data$frames_out$kind),
        .frames_out$seq(data$frames_out$seq),
        .frames_out$ack(data$frames_out$ack),
        .frames_out$payload(data$frames_out$payload),
        .frames_out$crc_ok(data$frames_out$crc_ok),
        .flush(data$flush)
    );
    renq_node$link$out$rx rx(
        .clock(rx$clock),
        .data_in$valid(rx$data_in$valid),
        .data_in$ready(rx$data_in$ready),
        .data_in$kind(rx$data_in$kind),
        .data_in$seq(rx$data_in$seq),
        .data_in$ack(rx$data_in$ack),
        .data_in$payload(rx$data_in$payload),
        .data_in$crc_ok(rx$data_in$crc_ok),
        .packets$valid(packets_out$valid),
        .packets$ready(packets_out$ready),
        .packets$payload(packets_out$payload),
        .ctl_out$valid(rx$ctl_out$valid),
        .ctl_out$ready(rx$ctl_out$ready),
        .ctl_out$kind(rx$ctl_out$kind),
        .ctl_out$seq(rx$ctl_out$seq),
        .ctl_out$ack(rx$ctl_out$ack),
        .ctl_out$payload(rx$ctl_out$payload),
        .ctl_out$crc_ok(rx$ctl_out$crc_ok),
        .events$delivered(rx_events$delivered),
        .events$duplicate(rx_events$duplicate),
        .events$gap(rx_events$gap),
        .events$out_of_window(rx_events$out_of_window),
        .events$unexpected(rx_events$unexpected),
        .events$bad(rx_events$bad),
        .events$ack_sent(rx_events$ack_sent),
        .events$nak_sent(rx_events$nak_sent),
        .events$merged(rx_events$merged)
    );
    renq_node$link$out$prefer_data prefer_data(
        .d(prefer_data$d),
        .q(prefer_data$q),
        .clock(prefer_data$clock)
    );
    
    // Update code
    always @(*) begin
        prefer_data$clock = clock;
        prefer_data$d = prefer_data$q;
        tx$clock = clock;
        data$clock = clock;
        rx$clock = clock;
        data$flush = tx_events$nak | tx_events$timeout;
        tx$tick = tick;
        to_tx = wire_in$crc_ok & ((wire_in$kind == type_ack) | (wire_in$kind == type_nak));
        wire_in$ready = rx$data_in$ready;
        tx$ctl_in$valid = wire_in$valid & to_tx;
        rx$data_in$valid = wire_in$valid & ~to_tx;
        tx$ctl_in$kind = wire_in$kind;
        tx$ctl_in$seq = wire_in$seq;
        tx$ctl_in$ack = wire_in$ack;
        tx$ctl_in$payload = wire_in$payload;
        tx$ctl_in$crc_ok = wire_in$crc_ok;
        rx$data_in$kind = wire_in$kind;
        rx$data_in$seq = wire_in$seq;
        rx$data_in$ack = wire_in$ack;
        rx$data_in$payload = wire_in$payload;
        rx$data_in$crc_ok = wire_in$crc_ok;
        pick_ctl = rx$ctl_out$valid & (~data$frames_out$valid | ~prefer_data$q);
        wire_out$valid = rx$ctl_out$valid | data$frames_out$valid;
        rx$ctl_out$ready = wire_out$ready & pick_ctl;
        data$frames_out$ready = wire_out$ready & ~pick_ctl;
        wire_out$kind = data$frames_out$kind;
        wire_out$seq = data$frames_out$seq;
        wire_out$ack = data$frames_out$ack;
        wire_out$payload = data$frames_out$payload;
        wire_out$crc_ok = data$frames_out$crc_ok;
        if (pick_ctl) begin
            wire_out$kind = rx$ctl_out$kind;
            wire_out$seq = rx$ctl_out$seq;
            wire_out$ack = rx$ctl_out$ack;
            wire_out$payload = rx$ctl_out$payload;
            wire_out$crc_ok = rx$ctl_out$crc_ok;
        end
        if (wire_out$valid & wire_out$ready) begin
            prefer_data$d = pick_ctl;
        end
    end
    
    always @(*) data$frames_in$valid = tx$data_out$valid;
    always @(*) tx$data_out$ready = data$frames_in$ready;
    always @(*) data$frames_in$kind = tx$data_out$kind;
    always @(*) data$frames_in$seq = tx$data_out$seq;
    always @(*) data$frames_in$ack = tx$data_out$ack;
    always @(*) data$frames_in$payload = tx$data_out$payload;
    always @(*) data$frames_in$crc_ok = tx$data_out$crc_ok;
endmodule // renq_node$link$out


module renq_node$link$out$data(clock,frames_in$valid,frames_in$ready,frames_in$kind,frames_in$seq,frames_in$ack,frames_in$payload,frames_in$crc_ok,frames_out$valid,frames_out$ready,frames_out$kind,frames_out$seq,frames_out$ack,frames_out$payload,frames_out$crc_ok,flush);
    
    // Module arguments
    input wire  clock;
    input wire  frames_in$valid;
    output reg  frames_in$ready;
    input wire  [1:0] frames_in$kind;
    input wire  [15:0] frames_in$seq;
    input wire  [15:0] frames_in$ack;
    input wire  [119:0] frames_in$payload;
    input wire  frames_in$crc_ok;
    output reg  frames_out$valid;
    input wire  frames_out$ready;
    output reg  [1:0] frames_out$kind;
    output reg  [15:0] frames_out$seq;
    output reg  [15:0] frames_out$ack;
    output reg  [119:0] frames_out$payload;
    output reg  frames_out$crc_ok;
    input wire  flush;
    
    // Stub signals
    reg  out_valid$d;
    wire  out_valid$q;
    reg  out_valid$clock;
    reg  [1:0] out_kind$d;
    wire  [1:0] out_kind$q;
    reg  out_kind$clock;
    reg  [15:0] out_seq$d;
    wire  [15:0] out_seq$q;
    reg  out_seq$clock;
    reg  [15:0] out_ack$d;
    wire  [15:0] out_ack$q;
    reg  out_ack$clock;
    reg  [119:0] out_payload$d;
    wire  [119:0] out_payload$q;
    reg  out_payload$clock;
    reg  out_crc_ok$d;
    wire  out_crc_ok$q;
    reg  out_crc_ok$clock;
    reg  held_valid$d;
    wire  held_valid$q;
    reg  held_valid$clock;
    reg  [1:0] held_kind$d;
    wire  [1:0] held_kind$q;
    reg  held_kind$clock;
    reg  [15:0] held_seq$d;
    wire  [15:0] held_seq$q;
    reg  held_seq$clock;
    reg  [15:0] held_ack$d;
    wire  [15:0] held_ack$q;
    reg  held_ack$clock;
    reg  [119:0] held_payload$d;
    wire  [119:0] held_payload$q;
    reg  held_payload$clock;
    reg  held_crc_ok$d;
    wire  held_crc_ok$q;
    reg  held_crc_ok$clock;
    
    // Local signals
    reg  push;
    reg  load;
    
    // Sub module instances
    renq_node$link$out$data$out_valid out_valid(
        .d(out_valid$d),
        .q(out_valid$q),
        .clock(out_valid$clock)
    );
    renq_node$link$out$data$out_kind out_kind(
        .d(out_kind$d),
        .q(out_kind$q),
        .clock(out_kind$clock)
    );
    renq_node$link$out$data$out_seq out_seq(
        .d(out_seq$d),
        .q(out_seq$q),
        .clock(out_seq$clock)
    );
    renq_node$link$out$data$out_ack out_ack(
        .d(out_ack$d),
        .q(out_ack$q),
        .clock(out_ack$clock)
    );
    renq_node$link$out$data$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_node$link$out$data$out_crc_ok out_crc_ok(
        .d(out_crc_ok$d),
        .q(out_crc_ok$q),
        .clock(out_crc_ok$clock)
    );
    renq_node$link$out$data$held_valid held_valid(
        .d(held_valid$d),
        .q(held_valid$q),
        .clock(held_valid$clock)
    );
    renq_node$link$out$data$held_kind held_kind(
        .d(held_kind$d),
        .q(held_kind$q),
        .clock(held_kind$clock)
    );
    renq_node$link$out$data$held_seq held_seq(
        .d(held_seq$d),
        .q(held_seq$q),
        .clock(held_seq$clock)
    );
    renq_node$link$out$data$held_ack held_ack(
        .d(held_ack$d),
        .q(held_ack$q),
        .clock(held_ack$clock)
    );
    renq_node$link$out$data$held_payload held_payload(
        .d(held_payload$d),
        .q(held_payload$q),
        .clock(held_payload$clock)
    );
    renq_node$link$out$data$held_crc_ok held_crc_ok(
        .d(held_crc_ok$d),
        .q(held_crc_ok$q),
        .clock(held_crc_ok$clock)
    );
    
    // Update code
    always @(*) begin
        out_valid$clock = clock;
        out_kind$clock = clock;
        out_seq$clock = clock;
        out_ack$clock = clock;
        out_payload$clock = clock;
        out_crc_ok$clock = clock;
        held_valid$clock = clock;
        held_kind$clock = clock;
        held_seq$clock = clock;
        held_ack$clock = clock;
        held_payload$clock = clock;
        held_crc_ok$clock = clock;
        out_valid$d = out_valid$q;
        out_kind$d = out_kind$q;
        out_seq$d = out_seq$q;
        out_ack$d = out_ack$q;
        out_payload$d = out_payload$q;
        out_crc_ok$d = out_crc_ok$q;
        held_valid$d = held_valid$q;
        held_kind$d = held_kind$q;
        held_seq$d = held_seq$q;
        held_ack$d = held_ack$q;
        held_payload$d = held_payload$q;
        held_crc_ok$d = held_crc_ok$q;
        frames_in$ready = ~held_valid$q;
        frames_out$valid = out_valid$q;
        frames_out$kind = out_kind$q;
        frames_out$seq = out_seq$q;
        frames_out$ack = out_ack$q;
        frames_out$payload = out_payload$q;
        frames_out$crc_ok = out_crc_ok$q;
        push = frames_in$valid & ~held_valid$q;
        load = ~out_valid$q | frames_out$ready;
        if (load) begin
            out_valid$d = held_valid$q | push;
            held_valid$d = 1'b0;
            if (held_valid$q) begin
                out_kind$d = held_kind$q;
                out_seq$d = held_seq$q;
                out_ack$d = held_ack$q;
                out_payload$d = held_payload$q;
                out_crc_ok$d = held_crc_ok$q;
            end
            else begin
                out_kind$d = frames_in$kind;
                out_seq$d = frames_in$seq;
                out_ack$d = frames_in$ack;
                out_payload$d = frames_in$payload;
                out_crc_ok$d = frames_in$crc_ok;
            end
        end
        else if (push) begin
            held_valid$d = 1'b1;
            held_kind$d = frames_in$kind;
            held_seq$d = frames_in$seq;
            held_ack$d = frames_in$ack;
            held_payload$d = frames_in$payload;
            held_crc_ok$d = frames_in$crc_ok;
        end
        if (flush) begin
            out_valid$d = 1'b0;
            held_valid$d = 1'b0;
        end
    end
    
endmodule // renq_node$link$out$data


module renq_node$link$out$data$held_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$held_ack


module renq_node$link$out$data$held_crc_ok(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$held_crc_ok


module renq_node$link$out$data$held_kind(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$data$held_kind


module renq_node$link$out$data$held_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$data$held_payload


module renq_node$link$out$data$held_seq(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$held_seq


module renq_node$link$out$data$held_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$held_valid


module renq_node$link$out$data$out_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$out_ack


module renq_node$link$out$data$out_crc_ok(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$out_crc_ok


module renq_node$link$out$data$out_kind(d,q,clock);
    
    // Module arguments
    input wire  [1:0] d;
    output reg  [1:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 2'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$data$out_kind


module renq_node$link$out$data$out_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$data$out_payload


module renq_node$link$out$data$out_seq(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$out_seq


module renq_node$link$out$data$out_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$out$data$out_valid


module renq_node$link$out$prefer_data(d,q,clock);
    
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
          
endmodule // renq_node$link$out$prefer_data


module renq_node$link$out$rx(clock,data_in$valid,data_in$ready,data_in$kind,data_in$seq,data_in$ack,data_in$payload,data_in$crc_ok,packets$valid,packets$ready,packets$payload,ctl_out$valid,ctl_out$ready,ctl_out$kind,ctl_out$seq,ctl_out$ack,ctl_out$payload,ctl_out$crc_ok,events$delivered,events$duplicate,events$gap,events$out_of_window,events$unexpected,events$bad,events$ack_sent,events$nak_sent,events$merged);
    
    // Module arguments
    input wire  clock;
    input wire  data_in$valid;
    output reg  data_in$ready;
    input wire  [1:0] data_in$kind;
    input wire  [15:0] data_in$seq;
    input wire  [15:0] data_in$ack;
    input wire  [119:0] data_in$payload;
    input wire  data_in$crc_ok;
    output reg  packets$valid;
    input wire  packets$ready;
    output reg  [119:0] packets$payload;
    output reg  ctl_out$valid;
    input wire  ctl_out$ready;
    output reg  [1:0] ctl_out$kind;
    output reg  [15:0] ctl_out$seq;
    output reg  [15:0] ctl_out$ack;
    output reg  [119:0] ctl_out$payload;
    output reg  ctl_out$crc_ok;
    output reg  events$delivered;
    output reg  events$duplicate;
    output reg  events$gap;
    output reg  events$out_of_window;
    output reg  events$unexpected;
    output reg  events$bad;
    output reg  events$ack_sent;
    output reg  events$nak_sent;
    output reg  events$merged;
    
    // Constant declarations
    localparam  seq_one = 16'h1;
    localparam  seq_zero = 16'h0;
    localparam  window = 16'h20;
    localparam  type_data = 2'b1;
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    localparam  payload_zero = 120'h0;
    
    // Stub signals
    reg  [15:0] expected$d;
    wire  [15:0] expected$q;
    reg  expected$clock;
    reg  nak_sent$d;
    wire  nak_sent$q;
    reg  nak_sent$clock;
    reg  out_full$d;
    wire  out_full$q;
    reg  out_full$clock;
    reg  [119:0] out_payload$d;
    wire  [119:0] out_payload$q;
    reg  out_payload$clock;
    reg  reply_valid$d;
    wire  reply_valid$q;
    reg  reply_valid$clock;
    reg  reply_nak$d;
    wire  reply_nak$q;
    reg  reply_nak$clock;
    reg  [15:0] reply_ack$d;
    wire  [15:0] reply_ack$q;
    reg  reply_ack$clock;
    
    // Local signals
    reg  take;
    reg  good;
    reg  [15:0] ahead;
    reg  [15:0] behind;
    reg  deliver;
    reg  gap;
    reg  duplicate;
    reg  nak_now;
    reg  reply_taken;
    reg  new_reply;
    reg  [15:0] expected_next;
    
    // Sub module instances
    renq_node$link$out$rx$expected expected(
        .d(expected$d),
        .q(expected$q),
        .clock(expected$clock)
    );
    renq_node$link$out$rx$nak_sent nak_sent(
        .d(nak_sent$d),
        .q(nak_sent$q),
        .clock(nak_sent$clock)
    );
    renq_node$link$out$rx$out_full out_full(
        .d(out_full$d),
        .q(out_full$q),
        .clock(out_full$clock)
    );
    renq_node$link$out$rx$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_node$link$out$rx$reply_valid reply_valid(
        .d(reply_valid$d),
        .q(reply_valid$q),
        .clock(reply_valid$clock)
    );
    renq_node$link$out$rx$reply_nak reply_nak(
        .d(reply_nak$d),
        .q(reply_nak$q),
        .clock(reply_nak$clock)
    );
    renq_node$link$out$rx$reply_ack reply_ack(
        .d(reply_ack$d),
        .q(reply_ack$q),
        .clock(reply_ack$clock)
    );
    
    // Update code
    always @(*) begin
        expected$clock = clock;
        nak_sent$clock = clock;
        out_full$clock = clock;
        out_payload$clock = clock;
        reply_valid$clock = clock;
        reply_nak$clock = clock;
        reply_ack$clock = clock;
        expected$d = expected$q;
        nak_sent$d = nak_sent$q;
        out_full$d = out_full$q;
        out_payload$d = out_payload$q;
        reply_valid$d = reply_valid$q;
        reply_nak$d = reply_nak$q;
        reply_ack$d = reply_ack$q;
        data_in$ready = ~out_full$q | packets$ready;
        take = data_in$valid & data_in$ready;
        good = take & data_in$crc_ok & (data_in$kind == type_data);
        ahead = data_in$seq - expected$q;
        behind = expected$q - data_in$seq;
        deliver = good & (ahead == seq_zero);
        gap = good & ~deliver & (ahead < window);
        duplicate = good & ~deliver & ~gap & (behind <= window);
        nak_now = gap & ~nak_sent$q;
        expected_next = expected$q;
        if (deliver) begin
            expected_next = expected$q + seq_one;
        end
        expected$d = expected_next;
        if (deliver) begin
            nak_sent$d = 1'b0;
        end
        if (nak_now) begin
            nak_sent$d = 1'b1;
        end
        if (packets$ready) begin
            out_full$d = 1'b0;
        end
        if (deliver) begin
            out_full$d = 1'b1;
            out_payload$d = data_in$payload;
        end
        packets$valid = out_full$q;
        packets$payload = out_payload$q;
        reply_taken = reply_valid$q & ctl_out$ready;
        new_reply = deliver | duplicate | nak_now;
        if (reply_taken) begin
            reply_valid$d = 1'b0;
        end
        if (new_reply) begin
            reply_valid$d = 1'b1;
            reply_ack$d = expected_next;
            reply_nak$d = nak_now | (reply_valid$q & ~reply_taken & reply_nak$q & ~deliver);
        end
        ctl_out$valid = reply_valid$q;
        ctl_out$kind = type_ack;
        if (reply_nak$q) begin
            ctl_out$kind = type_nak;
        end
        ctl_out$seq = seq_zero;
        ctl_out$ack = reply_ack$q;
        ctl_out$payload = payload_zero;
        ctl_out$crc_ok = 1'b1;
        events$delivered = deliver;
        events$duplicate = duplicate;
        events$gap = gap;
        events$out_of_window = good & ~deliver & ~gap & ~duplicate;
        events$unexpected = take & data_in$crc_ok & ~good;
        events$bad = take & ~data_in$crc_ok;
        events$ack_sent = reply_taken & ~reply_nak$q;
        events$nak_sent = reply_taken & reply_nak$q;
        events$merged = new_reply & reply_valid$q & ~reply_taken;
    end
    
endmodule // renq_node$link$out$rx


module renq_node$link$out$rx$expected(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$rx$expected$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$rx$expected


module renq_node$link$out$rx$expected$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$expected$dff


module renq_node$link$out$rx$nak_sent(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$nak_sent


module renq_node$link$out$rx$out_full(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$out_full


module renq_node$link$out$rx$out_payload(d,q,clock);
    
    // Module arguments
    input wire  [119:0] d;
    output reg  [119:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 120'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$rx$out_payload


module renq_node$link$out$rx$reply_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$reply_ack


module renq_node$link$out$rx$reply_nak(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$reply_nak


module renq_node$link$out$rx$reply_valid(d,q,clock);
    
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
          
endmodule // renq_node$link$out$rx$reply_valid


module renq_node$link$out$tx(clock,packets$valid,packets$ready,packets$payload,data_out$valid,data_out$ready,data_out$kind,data_out$seq,data_out$ack,data_out$payload,data_out$crc_ok,ctl_in$valid,ctl_in$ready,ctl_in$kind,ctl_in$seq,ctl_in$ack,ctl_in$payload,ctl_in$crc_ok,tick,events$sent,events$resent,events$timeout,events$nak,events$ack_out_of_window,events$unexpected,events$bad);
    
    // Module arguments
    input wire  clock;
    input wire  packets$valid;
    output reg  packets$ready;
    input wire  [119:0] packets$payload;
    output reg  data_out$valid;
    input wire  data_out$ready;
    output reg  [1:0] data_out$kind;
    output reg  [15:0] data_out$seq;
    output reg  [15:0] data_out$ack;
    output reg  [119:0] data_out$payload;
    output reg  data_out$crc_ok;
    input wire  ctl_in$valid;
    output reg  ctl_in$ready;
    input wire  [1:0] ctl_in$kind;
    input wire  [15:0] ctl_in$seq;
    input wire  [15:0] ctl_in$ack;
    input wire  [119:0] ctl_in$payload;
    input wire  ctl_in$crc_ok;
    input wire  tick;
    output reg  events$sent;
    output reg  events$resent;
    output reg  events$timeout;
    output reg  events$nak;
    output reg  events$ack_out_of_window;
    output reg  events$unexpected;
    output reg  events$bad;
    
    // Constant declarations
    localparam  seq_one = 16'h1;
    localparam  seq_zero = 16'h0;
    localparam  window = 16'h20;
    localparam  timer_one = 13'b1;
    localparam  rto_first = 13'b1000000;
    localparam  rto_max = 13'b1000000000000;
    localparam  type_data = 2'b1;
    localparam  type_ack = 2'b10;
    localparam  type_nak = 2'b11;
    
    // Stub signals
    reg  [4:0] replay$read_address;
    reg  replay$read_clock;
    wire  [119:0] replay$read_data;
    reg  [4:0] replay$write_address;
    reg  replay$write_clock;
    reg  [119:0] replay$write_data;
    reg  replay$write_enable;
    reg  [15:0] base$d;
    wire  [15:0] base$q;
    reg  base$clock;
    reg  [15:0] next$d;
    wire  [15:0] next$q;
    reg  next$clock;
    reg  [15:0] high$d;
    wire  [15:0] high$q;
    reg  high$clock;
    reg  [15:0] tail$d;
    wire  [15:0] tail$q;
    reg  tail$clock;
    reg  [15:0] next_from_base$d;
    wire  [15:0] next_from_base$q;
    reg  next_from_base$clock;
    reg  fresh$d;
    wire  fresh$q;
    reg  fresh$clock;
    reg  unsent$d;
    wire  unsent$q;
    reg  unsent$clock;
    reg  timer_on$d;
    wire  timer_on$q;
    reg  timer_on$clock;
    reg  [12:0] timer$d;
    wire  [12:0] timer$q;
    reg  timer$clock;
    reg  [12:0] rto$d;
    wire  [12:0] rto$q;
    reg  rto$clock;
    reg  pending_progress$d;
    wire  pending_progress$q;
    reg  pending_progress$clock;
    reg  pending_nak$d;
    wire  pending_nak$q;
    reg  pending_nak$clock;
    reg  [15:0] pending_ack$d;
    wire  [15:0] pending_ack$q;
    reg  pending_ack$clock;
    reg  [15:0] pending_acked$d;
    wire  [15:0] pending_acked$q;
    reg  pending_acked$clock;
    reg  [15:0] pending_acked_less1$d;
    wire  [15:0] pending_acked_less1$q;
    reg  pending_acked_less1$clock;
    
    // Local signals
    reg  sent;
    reg  [15:0] next_plus;
    reg  [15:0] next1;
    reg  [15:0] high1;
    reg  ctl;
    reg  [15:0] base_after;
    reg  [15:0] acked;
    reg  ack_ok;
    reg  progress;
    reg  nak;
    reg  next_freed;
    reg  [15:0] next_from_base_plus;
    reg  [15:0] next_from_new_base;
    reg  [15:0] base2;
    reg  [15:0] next2;
    reg  [12:0] rto2;
    reg  expire;
    reg  [12:0] rto_doubled;
    reg  [15:0] next3;
    reg  base_at_tail;
    reg  ack_at_tail;
    reg  base2_at_tail;
    reg  at_tail1;
    reg  at_tail2;
    reg  at_tail3;
    reg  push;
    
    // Sub module instances
    renq_node$link$out$tx$replay replay(
        .read_address(replay$read_address),
        .read_clock(replay$read_clock),
        .read_data(replay$read_data),
        .write_address(replay$write_address),
        .write_clock(replay$write_clock),
        .write_data(replay$write_data),
        .write_enable(replay$write_enable)
    );
    renq_node$link$out$tx$base base(
        .d(base$d),
        .q(base$q),
        .clock(base$clock)
    );
    renq_node$link$out$tx$next next(
        .d(next$d),
        .q(next$q),
        .clock(next$clock)
    );
    renq_node$link$out$tx$high high(
        .d(high$d),
        .q(high$q),
        .clock(high$clock)
    );
    renq_node$link$out$tx$tail tail(
        .d(tail$d),
        .q(tail$q),
        .clock(tail$clock)
    );
    renq_node$link$out$tx$next_from_base next_from_base(
        .d(next_from_base$d),
        .q(next_from_base$q),
        .clock(next_from_base$clock)
    );
    renq_node$link$out$tx$fresh fresh(
        .d(fresh$d),
        .q(fresh$q),
        .clock(fresh$clock)
    );
    renq_node$link$out$tx$unsent unsent(
        .d(unsent$d),
        .q(unsent$q),
        .clock(unsent$clock)
    );
    renq_node$link$out$tx$timer_on timer_on(
        .d(timer_on$d),
        .q(timer_on$q),
        .clock(timer_on$clock)
    );
    renq_node$link$out$tx$timer timer(
        .d(timer$d),
        .q(timer$q),
        .clock(timer$clock)
    );
    renq_node$link$out$tx$rto rto(
        .d(rto$d),
        .q(rto$q),
        .clock(rto$clock)
    );
    renq_node$link$out$tx$pending_progress pending_progress(
        .d(pending_progress$d),
        .q(pending_progress$q),
        .clock(pending_progress$clock)
    );
    renq_node$link$out$tx$pending_nak pending_nak(
        .d(pending_nak$d),
        .q(pending_nak$q),
        .clock(pending_nak$clock)
    );
    renq_node$link$out$tx$pending_ack pending_ack(
        .d(pending_ack$d),
        .q(pending_ack$q),
        .clock(pending_ack$clock)
    );
    renq_node$link$out$tx$pending_acked pending_acked(
        .d(pending_acked$d),
        .q(pending_acked$q),
        .clock(pending_acked$clock)
    );
    renq_node$link$out$tx$pending_acked_less1 pending_acked_less1(
        .d(pending_acked_less1$d),
        .q(pending_acked_less1$q),
        .clock(pending_acked_less1$clock)
    );
    
    // Update code
    always @(*) begin
        base$clock = clock;
        next$clock = clock;
        high$clock = clock;
        tail$clock = clock;
        next_from_base$clock = clock;
        fresh$clock = clock;
        unsent$clock = clock;
        timer_on$clock = clock;
        timer$clock = clock;
        rto$clock = clock;
        pending_progress$clock = clock;
        pending_nak$clock = clock;
        pending_ack$clock = clock;
        pending_acked$clock = clock;
        pending_acked_less1$clock = clock;
        base$d = base$q;
        next$d = next$q;
        high$d = high$q;
        tail$d = tail$q;
        next_from_base$d = next_from_base$q;
        fresh$d = fresh$q;
        unsent$d = unsent$q;
        timer_on$d = timer_on$q;
        timer$d = timer$q;
        rto$d = rto$q;
        pending_progress$d = pending_progress$q;
        pending_nak$d = pending_nak$q;
        pending_ack$d = pending_ack$q;
        pending_acked$d = pending_acked$q;
        pending_acked_less1$d = pending_acked_less1$q;
        replay$read_clock = clock;
        replay$write_clock = clock;
        data_out$valid = unsent$q & fresh$q;
        data_out$kind = type_data;
        data_out$seq = next$q;
        data_out$ack = seq_zero;
        data_out$payload = replay$read_data;
        data_out$crc_ok = 1'b1;
        ctl_in$ready = 1'b1;
        packets$ready = (tail$q - base$q) != window;
        sent = data_out$valid & data_out$ready;
        next_plus = next$q + seq_one;
        next1 = next$q;
        at_tail1 = ~unsent$q;
        high1 = high$q;
        if (sent) begin
            next1 = next_plus;
            at_tail1 = next_plus == tail$q;
            if (next$q == high$q) begin
                high1 = next_plus;
            end
        end
        ctl = ctl_in$valid & ctl_in$crc_ok & ((ctl_in$kind == type_ack) | (ctl_in$kind == type_nak));
        base_after = base$q;
        if (pending_progress$q) begin
            base_after = pending_ack$q;
        end
        acked = ctl_in$ack - base_after;
        ack_ok = ctl & (acked <= (high$q - base_after));
        pending_progress$d = ack_ok & (acked != seq_zero);
        pending_nak$d = ack_ok & (ctl_in$kind == type_nak);
        pending_ack$d = ctl_in$ack;
        pending_acked$d = acked;
        pending_acked_less1$d = acked - seq_one;
        progress = pending_progress$q;
        nak = pending_nak$q;
        next_freed = next_from_base$q < pending_acked$q;
        next_from_base_plus = next_from_base$q;
        next_from_new_base = next_from_base$q - pending_acked$q;
        if (sent) begin
            next_freed = next_from_base$q < pending_acked_less1$q;
            next_from_base_plus = next_from_base$q + seq_one;
            next_from_new_base = next_from_base$q - pending_acked_less1$q;
        end
        base_at_tail = base$q == tail$q;
        ack_at_tail = pending_ack$q == tail$q;
        base2 = base$q;
        base2_at_tail = base_at_tail;
        next2 = next1;
        at_tail2 = at_tail1;
        rto2 = rto$q;
        if (progress) begin
            base2 = pending_ack$q;
            base2_at_tail = ack_at_tail;
            rto2 = rto_first;
            if (next_freed) begin
                next2 = pending_ack$q;
                at_tail2 = ack_at_tail;
            end
        end
        if (nak) begin
            next2 = base2;
            at_tail2 = base2_at_tail;
        end
        expire = tick & timer_on$q & (timer$q == timer_one) & ~progress & ~nak;
        rto_doubled = rto$q + rto$q;
        if (rto$q == rto_max) begin
            rto_doubled = rto_max;
        end
        next3 = next2;
        at_tail3 = at_tail2;
        if (expire) begin
            next3 = base$q;
            at_tail3 = base_at_tail;
        end
        push = packets$valid & packets$ready;
        replay$write_data = packets$payload;
        replay$write_address = tail$q[(32'h0)+:(5)];
        replay$write_enable = push;
        replay$read_address = next3[(32'h0)+:(5)];
        base$d = base2;
        next$d = next3;
        high$d = high1;
        next_from_base$d = next_from_base_plus;
        if (progress) begin
            next_from_base$d = next_from_new_base;
            if (next_freed) begin
                next_from_base$d = seq_zero;
            end
        end
        if (nak | expire) begin
            next_from_base$d = seq_zero;
        end
        if (push) begin
            tail$d = tail$q + seq_one;
        end
        unsent$d = push | ~at_tail3;
        fresh$d = ~(push & (tail$q[(32'h0)+:(5)] == next3[(32'h0)+:(5)]));
        if (tick & timer_on$q) begin
            timer$d = timer$q - timer_one;
        end
        if (sent & ~timer_on$q) begin
            timer_on$d = 1'b1;
            timer$d = rto$q;
        end
        if (expire) begin
            rto$d = rto_doubled;
            timer$d = rto_doubled;
        end
        if (progress | nak) begin
            rto$d = rto2;
            timer$d = rto2;
            timer_on$d = tail$q != base2;
        end
        events$sent = sent;
        events$resent = sent & (next$q != high$q);
        events$timeout = expire;
        events$nak = nak;
        events$ack_out_of_window = ctl & ~ack_ok;
        events$unexpected = ctl_in$valid & ctl_in$crc_ok & ~ctl;
        events$bad = ctl_in$valid & ~ctl_in$crc_ok;
    end
    
endmodule // renq_node$link$out$tx


module renq_node$link$out$tx$base(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$tx$base$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$tx$base


module renq_node$link$out$tx$base$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$base$dff


module renq_node$link$out$tx$fresh(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$fresh


module renq_node$link$out$tx$high(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$tx$high$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$tx$high


module renq_node$link$out$tx$high$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$high$dff


module renq_node$link$out$tx$next(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$tx$next$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$tx$next


module renq_node$link$out$tx$next$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$next$dff


module renq_node$link$out$tx$next_from_base(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$next_from_base


module renq_node$link$out$tx$pending_ack(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$pending_ack


module renq_node$link$out$tx$pending_acked(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$pending_acked


module renq_node$link$out$tx$pending_acked_less1(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$pending_acked_less1


module renq_node$link$out$tx$pending_nak(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$pending_nak


module renq_node$link$out$tx$pending_progress(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$pending_progress


module renq_node$link$out$tx$replay(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
    // Module arguments
    input wire  [4:0] read_address;
    input wire  read_clock;
    output reg  [119:0] read_data;
    input wire  [4:0] write_address;
    input wire  write_clock;
    input wire  [119:0] write_data;
    input wire  write_enable;
    
    // Update code (custom)
    reg[119:0] mem[31:0];
    
    
    
    always @(posedge read_clock) begin
       read_data <= mem[read_address];
    end
    
    always @(posedge write_clock) begin
       if (write_enable) begin
          mem[write_address] <= write_data;
       end
    end
                
endmodule // renq_node$link$out$tx$replay


module renq_node$link$out$tx$rto(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 13'b1000000;
    
    // Stub signals
    reg  [12:0] dff$d;
    wire  [12:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$tx$rto$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$tx$rto


module renq_node$link$out$tx$rto$dff(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 13'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$tx$rto$dff


module renq_node$link$out$tx$tail(d,q,clock);
    
    // Module arguments
    input wire  [15:0] d;
    output reg  [15:0] q;
    input wire  clock;
    
    // Constant declarations
    localparam  init = 16'h0;
    
    // Stub signals
    reg  [15:0] dff$d;
    wire  [15:0] dff$q;
    reg  dff$clock;
    
    // Sub module instances
    renq_node$link$out$tx$tail$dff dff(
        .d(dff$d),
        .q(dff$q),
        .clock(dff$clock)
    );
    
    // Update code
    always @(*) begin
        dff$clock = clock;
        q = dff$q ^ init;
        dff$d = d ^ init;
    end
    
endmodule // renq_node$link$out$tx$tail


module renq_node$link$out$tx$tail$dff(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$tail$dff


module renq_node$link$out$tx$timer(d,q,clock);
    
    // Module arguments
    input wire  [12:0] d;
    output reg  [12:0] q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 13'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_node$link$out$tx$timer


module renq_node$link$out$tx$timer_on(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$timer_on


module renq_node$link$out$tx$unsent(d,q,clock);
    
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
          
endmodule // renq_node$link$out$tx$unsent


module renq_node$link$prefer_enq(d,q,clock);
    
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
          
endmodule // renq_node$link$prefer_enq


module renq_node$pack_enq(kind,src,dst,queue,portal,epoch,data,payload);
    
    // Module arguments
    input wire  [3:0] kind;
    input wire  [9:0] src;
    input wire  [9:0] dst;
    input wire  [11:0] queue;
    input wire  [11:0] portal;
    input wire  [7:0] epoch;
    input wire  [63:0] data;
    output reg  [119:0] payload;
    
    // Update code (custom)
    always @(*) payload = {kind, epoch, portal, queue, dst, src, data};
endmodule // renq_node$pack_enq


module renq_node$pack_out(kind,src,dst,queue,portal,epoch,data,payload);
    
    // Module arguments
    input wire  [3:0] kind;
    input wire  [9:0] src;
    input wire  [9:0] dst;
    input wire  [11:0] queue;
    input wire  [11:0] portal;
    input wire  [7:0] epoch;
    input wire  [63:0] data;
    output reg  [119:0] payload;
    
    // Update code (custom)
    always @(*) payload = {kind, epoch, portal, queue, dst, src, data};
endmodule // renq_node$pack_out


module renq_node$unpack_enq(payload,src,dst,queue,portal,epoch,data);
    
    // Module arguments
    input wire  [119:0] payload;
    output reg  [9:0] src;
    output reg  [9:0] dst;
    output reg  [11:0] queue;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    
    // Update code (custom)
    always @(*) begin
      src = payload[73:64];
      dst = payload[83:74];
      queue = payload[95:84];
      portal = payload[107:96];
      epoch = payload[115:108];
      data = payload[63:0];
    end
endmodule // renq_node$unpack_enq


module renq_node$unpack_out(payload,src,dst,queue,portal,epoch,data);
    
    // Module arguments
    input wire  [119:0] payload;
    output reg  [9:0] src;
    output reg  [9:0] dst;
    output reg  [11:0] queue;
    output reg  [11:0] portal;
    output reg  [7:0] epoch;
    output reg  [63:0] data;
    
    // Update code (custom)
    always @(*) begin
      src = payload[73:64];
      dst = payload[83:74];
      queue = payload[95:84];
      portal = payload[107:96];
      epoch = payload[115:108];
      data = payload[63:0];
    end
endmodule // renq_node$unpack_out
