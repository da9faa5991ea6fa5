

module renq_paper_top(clock,csr_addr,csr_wdata,csr_write,csr_read,csr_rdata,sh_valid,sh_ready,sh_addr,sh_data,sh_strobe,mem_req,mem_write,mem_addr,mem_wdata,mem_ack,mem_rdata,tx_valid,tx_ready,tx_src,tx_dst,tx_queue,tx_data,rx_valid,rx_ready,rx_src,rx_dst,rx_queue,rx_data,irq);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] csr_addr;
    input wire  [63:0] csr_wdata;
    input wire  csr_write;
    input wire  csr_read;
    output reg  [63:0] csr_rdata;
    input wire  sh_valid;
    output reg  sh_ready;
    input wire  [19:0] sh_addr;
    input wire  [63:0] sh_data;
    input wire  [7:0] sh_strobe;
    output reg  mem_req;
    output reg  mem_write;
    output reg  [47:0] mem_addr;
    output reg  [63:0] mem_wdata;
    input wire  mem_ack;
    input wire  [63:0] mem_rdata;
    output reg  tx_valid;
    input wire  tx_ready;
    output reg  [3:0] tx_src;
    output reg  [3:0] tx_dst;
    output reg  [3:0] tx_queue;
    output reg  [63:0] tx_data;
    input wire  rx_valid;
    output reg  rx_ready;
    input wire  [3:0] rx_src;
    input wire  [3:0] rx_dst;
    input wire  [3:0] rx_queue;
    input wire  [63:0] rx_data;
    output reg  irq;
    
    // Stub signals
    reg  regs$clock;
    reg  [11:0] regs$csr_addr;
    reg  [63:0] regs$csr_wdata;
    reg  regs$csr_write;
    reg  regs$csr_read;
    wire  [63:0] regs$csr_rdata;
    wire  [3:0] regs$node_id;
    wire  regs$rx_enable;
    wire  regs$tx_enable;
    wire  [15:0] regs$stalled;
    reg  [3:0] regs$lookup$queue;
    wire  [47:0] regs$lookup$base;
    wire  [15:0] regs$lookup$index_mask;
    wire  regs$lookup$accept;
    reg  regs$rx_events$enqueued;
    reg  regs$rx_events$rejected;
    reg  regs$rx_events$bad_header;
    reg  regs$rx_events$stall;
    reg  regs$rx_events$overflow;
    reg  [3:0] regs$rx_events$queue;
    reg  regs$tx_events$sent;
    reg  regs$tx_events$dropped;
    wire  regs$irq;
    reg  sender$clock;
    reg  sender$sh_valid;
    wire  sender$sh_ready;
    reg  [19:0] sender$sh_addr;
    reg  [63:0] sender$sh_data;
    reg  [7:0] sender$sh_strobe;
    wire  sender$tx$valid;
    reg  sender$tx$ready;
    wire  [3:0] sender$tx$src;
    wire  [3:0] sender$tx$dst;
    wire  [3:0] sender$tx$queue;
    wire  [63:0] sender$tx$data;
    reg  [3:0] sender$node_id;
    reg  sender$tx_enable;
    wire  sender$events$sent;
    wire  sender$events$dropped;
    reg  receiver$clock;
    reg  receiver$rx$valid;
    wire  receiver$rx$ready;
    reg  [3:0] receiver$rx$src;
    reg  [3:0] receiver$rx$dst;
    reg  [3:0] receiver$rx$queue;
    reg  [63:0] receiver$rx$data;
    wire  receiver$mem$req;
    wire  receiver$mem$write;
    wire  [47:0] receiver$mem$addr;
    wire  [63:0] receiver$mem$wdata;
    reg  receiver$mem$ack;
    reg  [63:0] receiver$mem$rdata;
    reg  [3:0] receiver$node_id;
    reg  receiver$rx_enable;
    reg  [15:0] receiver$stalled;
    wire  [3:0] receiver$export$queue;
    reg  [47:0] receiver$export$base;
    reg  [15:0] receiver$export$index_mask;
    reg  receiver$export$accept;
    wire  receiver$events$enqueued;
    wire  receiver$events$rejected;
    wire  receiver$events$bad_header;
    wire  receiver$events$stall;
    wire  receiver$events$overflow;
    wire  [3:0] receiver$events$queue;
    
    // Sub module instances
    renq_paper_top$regs regs(
        .clock(regs$clock),
        .csr_addr(regs$csr_addr),
        .csr_wdata(regs$csr_wdata),
        .csr_write(regs$csr_write),
        .csr_read(regs$csr_read),
        .csr_rdata(regs$csr_rdata),
        .node_id(regs$node_id),
        .rx_enable(regs$rx_enable),
        .tx_enable(regs$tx_enable),
        .stalled(regs$stalled),
        .lookup$queue(regs$lookup$queue),
        .lookup$base(regs$lookup$base),
        .lookup$index_mask(regs$lookup$index_mask),
        .lookup$accept(regs$lookup$accept),
        .rx_events$enqueued(regs$rx_events$enqueued),
        .rx_events$rejected(regs$rx_events$rejected),
        .rx_events$bad_header(regs$rx_events$bad_header),
        .rx_events$stall(regs$rx_events$stall),
        .rx_events$overflow(regs$rx_events$overflow),
        .rx_events$queue(regs$rx_events$queue),
        .tx_events$sent(regs$tx_events$sent),
        .tx_events$dropped(regs$tx_events$dropped),
        .irq(regs$irq)
    );
    renq_paper_top$sender sender(
        .clock(sender$clock),
        .sh_valid(sender$sh_valid),
        .sh_ready(sender$sh_ready),
        .sh_addr(sender$sh_addr),
        .sh_data(sender$sh_data),
        .sh_strobe(sender$sh_strobe),
        .tx$valid(sender$tx$valid),
        .tx$ready(sender$tx$ready),
        .tx$src(sender$tx$src),
        .tx$dst(sender$tx$dst),
        .tx$queue(sender$tx$queue),
        .tx$data(sender$tx$data),
        .node_id(sender$node_id),
        .tx_enable(sender$tx_enable),
        .events$sent(sender$events$sent),
        .events$dropped(sender$events$dropped)
    );
    renq_paper_top$receiver receiver(
        .clock(receiver$clock),
        .rx$valid(receiver$rx$valid),
        .rx$ready(receiver$rx$ready),
        .rx$src(receiver$rx$src),
        .rx$dst(receiver$rx$dst),
        .rx$queue(receiver$rx$queue),
        .rx$data(receiver$rx$data),
        .mem$req(receiver$mem$req),
        .mem$write(receiver$mem$write),
        .mem$addr(receiver$mem$addr),
        .mem$wdata(receiver$mem$wdata),
        .mem$ack(receiver$mem$ack),
        .mem$rdata(receiver$mem$rdata),
        .node_id(receiver$node_id),
        .rx_enable(receiver$rx_enable),
        .stalled(receiver$stalled),
        .export$queue(receiver$export$queue),
        .export$base(receiver$export$base),
        .export$index_mask(receiver$export$index_mask),
        .export$accept(receiver$export$accept),
        .events$enqueued(receiver$events$enqueued),
        .events$rejected(receiver$events$rejected),
        .events$bad_header(receiver$events$bad_header),
        .events$stall(receiver$events$stall),
        .events$overflow(receiver$events$overflow),
        .events$queue(receiver$events$queue)
    );
    
    // Update code
    always @(*) begin
        regs$clock = clock;
        sender$clock = clock;
        receiver$clock = clock;
        regs$csr_addr = csr_addr;
        regs$csr_wdata = csr_wdata;
        regs$csr_write = csr_write;
        regs$csr_read = csr_read;
        csr_rdata = regs$csr_rdata;
        irq = regs$irq;
        sender$sh_valid = sh_valid;
        sender$sh_addr = sh_addr;
        sender$sh_data = sh_data;
        sender$sh_strobe = sh_strobe;
        sh_ready = sender$sh_ready;
        sender$tx$ready = tx_ready;
        tx_valid = sender$tx$valid;
        tx_src = sender$tx$src;
        tx_dst = sender$tx$dst;
        tx_queue = sender$tx$queue;
        tx_data = sender$tx$data;
        sender$node_id = regs$node_id;
        sender$tx_enable = regs$tx_enable;
        receiver$rx$valid = rx_valid;
        receiver$rx$src = rx_src;
        receiver$rx$dst = rx_dst;
        receiver$rx$queue = rx_queue;
        receiver$rx$data = rx_data;
        rx_ready = receiver$rx$ready;
        mem_req = receiver$mem$req;
        mem_write = receiver$mem$write;
        mem_addr = receiver$mem$addr;
        mem_wdata = receiver$mem$wdata;
        receiver$mem$ack = mem_ack;
        receiver$mem$rdata = mem_rdata;
        receiver$node_id = regs$node_id;
        receiver$rx_enable = regs$rx_enable;
        receiver$stalled = regs$stalled;
    end
    
    always @(*) regs$tx_events$sent = sender$events$sent;
    always @(*) regs$tx_events$dropped = sender$events$dropped;
    always @(*) regs$lookup$queue = receiver$export$queue;
    always @(*) receiver$export$base = regs$lookup$base;
    always @(*) receiver$export$index_mask = regs$lookup$index_mask;
    always @(*) receiver$export$accept = regs$lookup$accept;
    always @(*) regs$rx_events$enqueued = receiver$events$enqueued;
    always @(*) regs$rx_events$rejected = receiver$events$rejected;
    always @(*) regs$rx_events$bad_header = receiver$events$bad_header;
    always @(*) regs$rx_events$stall = receiver$events$stall;
    always @(*) regs$rx_events$overflow = receiver$events$overflow;
    always @(*) regs$rx_events$queue = receiver$events$queue;
endmodule // renq_paper_top


module renq_paper_top$receiver(clock,rx$valid,rx$ready,rx$src,rx$dst,rx$queue,rx$data,mem$req,mem$write,mem$addr,mem$wdata,mem$ack,mem$rdata,node_id,rx_enable,stalled,export$queue,export$base,export$index_mask,export$accept,events$enqueued,events$rejected,events$bad_header,events$stall,events$overflow,events$queue);
    
    // Module arguments
    input wire  clock;
    input wire  rx$valid;
    output reg  rx$ready;
    input wire  [3:0] rx$src;
    input wire  [3:0] rx$dst;
    input wire  [3:0] rx$queue;
    input wire  [63:0] rx$data;
    output reg  mem$req;
    output reg  mem$write;
    output reg  [47:0] mem$addr;
    output reg  [63:0] mem$wdata;
    input wire  mem$ack;
    input wire  [63:0] mem$rdata;
    input wire  [3:0] node_id;
    input wire  rx_enable;
    input wire  [15:0] stalled;
    output reg  [3:0] export$queue;
    input wire  [47:0] export$base;
    input wire  [15:0] export$index_mask;
    input wire  export$accept;
    output reg  events$enqueued;
    output reg  events$rejected;
    output reg  events$bad_header;
    output reg  events$stall;
    output reg  events$overflow;
    output reg  [3:0] events$queue;
    
    // Constant declarations
    localparam  ld0 = 3'b0;
    localparam  rd0 = 3'b1;
    localparam  wr0 = 3'b10;
    localparam  rd1 = 3'b11;
    localparam  wr1 = 3'b100;
    localparam  word_shift = 6'b11;
    localparam  word_offset_mask = 48'h7;
    localparam  one_index = 16'h1;
    localparam  first_data_index = 16'h3;
    localparam  first_data_low = 2'b11;
    localparam  above_header_bits = 16'hfffc;
    localparam  tail_word_offset = 48'h8;
    localparam  head_word_offset = 48'h10;
    localparam  zero_word = 64'h0;
    localparam  zero_addr = 48'h0;
    
    // Stub signals
    reg  [2:0] step$d;
    wire  [2:0] step$q;
    reg  step$clock;
    reg  [63:0] data$d;
    wire  [63:0] data$q;
    reg  data$clock;
    reg  [3:0] queue$d;
    wire  [3:0] queue$q;
    reg  queue$clock;
    reg  [47:0] base$d;
    wire  [47:0] base$q;
    reg  base$clock;
    reg  [15:0] index_mask$d;
    wire  [15:0] index_mask$q;
    reg  index_mask$clock;
    reg  [15:0] tail$d;
    wire  [15:0] tail$q;
    reg  tail$clock;
    reg  full_now$d;
    wire  full_now$q;
    reg  full_now$clock;
    reg  full_after$d;
    wire  full_after$q;
    reg  full_after$clock;
    reg  [15:0] next_tail$d;
    wire  [15:0] next_tail$q;
    reg  next_tail$clock;
    reg  [15:0] tail_addr$narrow;
    wire  [47:0] tail_addr$wide;
    reg  [15:0] mask_addr$narrow;
    wire  [47:0] mask_addr$wide;
    reg  [15:0] tail_word$narrow;
    wire  [63:0] tail_word$wide;
    
    // Local signals
    reg  [47:0] entry_offset_mask;
    reg  [47:0] entry_base;
    reg  target_ok;
    reg  accept;
    reg  [15:0] read_index;
    reg  index_in_header;
    reg  [47:0] tail_slot_addr;
    reg  already_full;
    reg  becomes_full;
    reg  [15:0] next_of_tail;
    reg  [15:0] next_of_next;
    reg  [15:0] tail_to_write;
    
    // Sub module instances
    renq_paper_top$receiver$step step(
        .d(step$d),
        .q(step$q),
        .clock(step$clock)
    );
    renq_paper_top$receiver$data data(
        .d(data$d),
        .q(data$q),
        .clock(data$clock)
    );
    renq_paper_top$receiver$queue queue(
        .d(queue$d),
        .q(queue$q),
        .clock(queue$clock)
    );
    renq_paper_top$receiver$base base(
        .d(base$d),
        .q(base$q),
        .clock(base$clock)
    );
    renq_paper_top$receiver$index_mask index_mask(
        .d(index_mask$d),
        .q(index_mask$q),
        .clock(index_mask$clock)
    );
    renq_paper_top$receiver$tail tail(
        .d(tail$d),
        .q(tail$q),
        .clock(tail$clock)
    );
    renq_paper_top$receiver$full_now full_now(
        .d(full_now$d),
        .q(full_now$q),
        .clock(full_now$clock)
    );
    renq_paper_top$receiver$full_after full_after(
        .d(full_after$d),
        .q(full_after$q),
        .clock(full_after$clock)
    );
    renq_paper_top$receiver$next_tail next_tail(
        .d(next_tail$d),
        .q(next_tail$q),
        .clock(next_tail$clock)
    );
    renq_paper_top$receiver$tail_addr tail_addr(
        .narrow(tail_addr$narrow),
        .wide(tail_addr$wide)
    );
    renq_paper_top$receiver$mask_addr mask_addr(
        .narrow(mask_addr$narrow),
        .wide(mask_addr$wide)
    );
    renq_paper_top$receiver$tail_word tail_word(
        .narrow(tail_word$narrow),
        .wide(tail_word$wide)
    );
    
    // Update code
    always @(*) begin
        step$clock = clock;
        data$clock = clock;
        queue$clock = clock;
        base$clock = clock;
        index_mask$clock = clock;
        tail$clock = clock;
        full_now$clock = clock;
        full_after$clock = clock;
        next_tail$clock = clock;
        step$d = step$q;
        data$d = data$q;
        queue$d = queue$q;
        base$d = base$q;
        index_mask$d = index_mask$q;
        tail$d = tail$q;
        full_now$d = full_now$q;
        full_after$d = full_after$q;
        next_tail$d = next_tail$q;
        export$queue = rx$queue;
        mask_addr$narrow = export$index_mask;
        entry_offset_mask = (mask_addr$wide << word_shift) | word_offset_mask;
        entry_base = export$base & ~entry_offset_mask;
        target_ok = (rx$dst == node_id) & export$accept;
        rx$ready = (step$q == ld0) & rx_enable & ~stalled[rx$queue];
        accept = rx$ready & rx$valid;
        read_index = mem$rdata[(32'h0)+:(16)] & index_mask$q;
        index_in_header = ~|(read_index & above_header_bits) & (read_index[(32'h0)+:(2)] < first_data_low);
        tail_addr$narrow = tail$q;
        tail_slot_addr = base$q | (tail_addr$wide << word_shift);
        next_of_tail = tail$q + one_index;
        if (tail$q == index_mask$q) begin
            next_of_tail = first_data_index;
        end
        next_of_next = next_tail$q + one_index;
        if (next_tail$q == index_mask$q) begin
            next_of_next = first_data_index;
        end
        next_tail$d = next_of_tail;
        already_full = full_now$q;
        becomes_full = full_after$q;
        tail_to_write = next_tail$q;
        if (already_full) begin
            tail_to_write = tail$q;
        end
        tail_word$narrow = tail_to_write;
        mem$req = 1'b0;
        mem$write = 1'b0;
        mem$addr = zero_addr;
        mem$wdata = zero_word;
        events$enqueued = 1'b0;
        events$rejected = 1'b0;
        events$bad_header = 1'b0;
        events$stall = 1'b0;
        events$overflow = 1'b0;
        events$queue = queue$q;
        if (step$q == ld0) begin
            data$d = rx$data;
            queue$d = rx$queue;
            base$d = entry_base;
            index_mask$d = export$index_mask;
            if (accept) begin
                if (target_ok) begin
                    step$d = rd0;
                end
                else begin
                    events$rejected = 1'b1;
                end
            end
        end
        if (step$q == rd0) begin
            mem$req = 1'b1;
            mem$addr = base$q | tail_word_offset;
            if (mem$ack) begin
                tail$d = read_index;
                if (index_in_header) begin
                    events$bad_header = 1'b1;
                    step$d = ld0;
                end
                else begin
                    step$d = wr0;
                end
            end
        end
        if (step$q == wr0) begin
            mem$req = 1'b1;
            mem$write = 1'b1;
            mem$addr = tail_slot_addr;
            mem$wdata = data$q;
            if (mem$ack) begin
                step$d = rd1;
            end
        end
        if (step$q == rd1) begin
            mem$req = 1'b1;
            mem$addr = base$q | head_word_offset;
            if (mem$ack) begin
                full_now$d = next_tail$q == read_index;
                full_after$d = next_of_next == read_index;
                step$d = wr1;
            end
        end
        if (step$q == wr1) begin
            mem$req = 1'b1;
            mem$write = 1'b1;
            mem$addr = base$q | tail_word_offset;
            mem$wdata = tail_word$wide;
            if (mem$ack) begin
                if (already_full) begin
                    events$bad_header = 1'b1;
                    events$stall = 1'b1;
                end
                else begin
                    events$enqueued = 1'b1;
                    if (becomes_full) begin
                        events$stall = 1'b1;
                        events$overflow = 1'b1;
                    end
                end
                step$d = ld0;
            end
        end
        if (step$q > wr1) begin
            step$d = ld0;
        end
    end
    
endmodule // renq_paper_top$receiver


module renq_paper_top$receiver$base(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$base


module renq_paper_top$receiver$data(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$data


module renq_paper_top$receiver$full_after(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$receiver$full_after


module renq_paper_top$receiver$full_now(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$receiver$full_now


module renq_paper_top$receiver$index_mask(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$index_mask


module renq_paper_top$receiver$mask_addr(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_paper_top$receiver$mask_addr


module renq_paper_top$receiver$next_tail(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$next_tail


module renq_paper_top$receiver$queue(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$queue


module renq_paper_top$receiver$step(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$step


module renq_paper_top$receiver$tail(d,q,clock);
    
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
          
endmodule // renq_paper_top$receiver$tail


module renq_paper_top$receiver$tail_addr(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [47:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_paper_top$receiver$tail_addr


module renq_paper_top$receiver$tail_word(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_paper_top$receiver$tail_word


module renq_paper_top$regs(clock,csr_addr,csr_wdata,csr_write,csr_read,csr_rdata,node_id,rx_enable,tx_enable,stalled,lookup$queue,lookup$base,lookup$index_mask,lookup$accept,rx_events$enqueued,rx_events$rejected,rx_events$bad_header,rx_events$stall,rx_events$overflow,rx_events$queue,tx_events$sent,tx_events$dropped,irq);
    
    // Module arguments
    input wire  clock;
    input wire  [11:0] csr_addr;
    input wire  [63:0] csr_wdata;
    input wire  csr_write;
    input wire  csr_read;
    output reg  [63:0] csr_rdata;
    output reg  [3:0] node_id;
    output reg  rx_enable;
    output reg  tx_enable;
    output reg  [15:0] stalled;
    input wire  [3:0] lookup$queue;
    output reg  [47:0] lookup$base;
    output reg  [15:0] lookup$index_mask;
    output reg  lookup$accept;
    input wire  rx_events$enqueued;
    input wire  rx_events$rejected;
    input wire  rx_events$bad_header;
    input wire  rx_events$stall;
    input wire  rx_events$overflow;
    input wire  [3:0] rx_events$queue;
    input wire  tx_events$sent;
    input wire  tx_events$dropped;
    output reg  irq;
    
    // Constant declarations
    localparam  a_id = 12'h0;
    localparam  a_node_id = 12'h8;
    localparam  a_control = 12'h10;
    localparam  a_irq_status = 12'h18;
    localparam  a_irq_mask = 12'h20;
    localparam  a_stalled = 12'h28;
    localparam  a_resume = 12'h30;
    localparam  a_arm = 12'h38;
    localparam  a_armed = 12'h70;
    localparam  a_cnt_sent = 12'h40;
    localparam  a_cnt_tx_dropped = 12'h48;
    localparam  a_cnt_enqueued = 12'h50;
    localparam  a_cnt_rejected = 12'h58;
    localparam  a_cnt_overflows = 12'h60;
    localparam  a_cnt_bad_header = 12'h68;
    localparam  a_export_base = 12'h100;
    localparam  export_decode_mask = 12'hf87;
    localparam  pos_export_index = 4'h3;
    localparam  pos_valid = 6'b111111;
    localparam  pos_log2 = 6'b110000;
    localparam  min_log2 = 5'b11;
    localparam  max_log2 = 5'b10000;
    localparam  id_value = 64'h52454e5100000001;
    localparam  export_defined = 64'h801fffffffffffff;
    localparam  pos_base = 6'b0;
    localparam  all_ones_index = 16'hffff;
    localparam  above_queue = 64'hfffffffffffffff0;
    localparam  zero_word = 64'h0;
    localparam  zero_counter = 32'h0;
    localparam  one_queue = 16'h1;
    localparam  zero_queues = 16'h0;
    localparam  zero_irq = 3'b0;
    localparam  zero_node = 4'h0;
    localparam  zero_control = 2'b0;
    localparam  irq_overflow_bit = 3'b1;
    localparam  irq_bad_header_bit = 3'b10;
    localparam  irq_notify_bit = 3'b100;
    localparam  pos_rx_enable = 1'b0;
    localparam  pos_tx_enable = 1'b1;
    
    // Stub signals
    reg  [3:0] node_id_reg$d;
    wire  [3:0] node_id_reg$q;
    reg  node_id_reg$clock;
    reg  [1:0] control$d;
    wire  [1:0] control$q;
    reg  control$clock;
    reg  [2:0] irq_status$d;
    wire  [2:0] irq_status$q;
    reg  irq_status$clock;
    reg  [2:0] irq_mask$d;
    wire  [2:0] irq_mask$q;
    reg  irq_mask$clock;
    reg  [15:0] stalled_reg$d;
    wire  [15:0] stalled_reg$q;
    reg  stalled_reg$clock;
    reg  [15:0] armed_reg$d;
    wire  [15:0] armed_reg$q;
    reg  armed_reg$clock;
    reg  cnt_sent$clock;
    reg  cnt_sent$pulse;
    wire  [31:0] cnt_sent$q;
    reg  cnt_tx_dropped$clock;
    reg  cnt_tx_dropped$pulse;
    wire  [31:0] cnt_tx_dropped$q;
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
    reg  [63:0] export$0$d;
    wire  [63:0] export$0$q;
    reg  export$0$clock;
    reg  [63:0] export$1$d;
    wire  [63:0] export$1$q;
    reg  export$1$clock;
    reg  [63:0] export$2$d;
    wire  [63:0] export$2$q;
    reg  export$2$clock;
    reg  [63:0] export$3$d;
    wire  [63:0] export$3$q;
    reg  export$3$clock;
    reg  [63:0] export$4$d;
    wire  [63:0] export$4$q;
    reg  export$4$clock;
    reg  [63:0] export$5$d;
    wire  [63:0] export$5$q;
    reg  export$5$clock;
    reg  [63:0] export$6$d;
    wire  [63:0] export$6$q;
    reg  export$6$clock;
    reg  [63:0] export$7$d;
    wire  [63:0] export$7$q;
    reg  export$7$clock;
    reg  [63:0] export$8$d;
    wire  [63:0] export$8$q;
    reg  export$8$clock;
    reg  [63:0] export$9$d;
    wire  [63:0] export$9$q;
    reg  export$9$clock;
    reg  [63:0] export$10$d;
    wire  [63:0] export$10$q;
    reg  export$10$clock;
    reg  [63:0] export$11$d;
    wire  [63:0] export$11$q;
    reg  export$11$clock;
    reg  [63:0] export$12$d;
    wire  [63:0] export$12$q;
    reg  export$12$clock;
    reg  [63:0] export$13$d;
    wire  [63:0] export$13$q;
    reg  export$13$clock;
    reg  [63:0] export$14$d;
    wire  [63:0] export$14$q;
    reg  export$14$clock;
    reg  [63:0] export$15$d;
    wire  [63:0] export$15$q;
    reg  export$15$clock;
    reg  export_ok$0$d;
    wire  export_ok$0$q;
    reg  export_ok$0$clock;
    reg  export_ok$1$d;
    wire  export_ok$1$q;
    reg  export_ok$1$clock;
    reg  export_ok$2$d;
    wire  export_ok$2$q;
    reg  export_ok$2$clock;
    reg  export_ok$3$d;
    wire  export_ok$3$q;
    reg  export_ok$3$clock;
    reg  export_ok$4$d;
    wire  export_ok$4$q;
    reg  export_ok$4$clock;
    reg  export_ok$5$d;
    wire  export_ok$5$q;
    reg  export_ok$5$clock;
    reg  export_ok$6$d;
    wire  export_ok$6$q;
    reg  export_ok$6$clock;
    reg  export_ok$7$d;
    wire  export_ok$7$q;
    reg  export_ok$7$clock;
    reg  export_ok$8$d;
    wire  export_ok$8$q;
    reg  export_ok$8$clock;
    reg  export_ok$9$d;
    wire  export_ok$9$q;
    reg  export_ok$9$clock;
    reg  export_ok$10$d;
    wire  export_ok$10$q;
    reg  export_ok$10$clock;
    reg  export_ok$11$d;
    wire  export_ok$11$q;
    reg  export_ok$11$clock;
    reg  export_ok$12$d;
    wire  export_ok$12$q;
    reg  export_ok$12$clock;
    reg  export_ok$13$d;
    wire  export_ok$13$q;
    reg  export_ok$13$clock;
    reg  export_ok$14$d;
    wire  export_ok$14$q;
    reg  export_ok$14$clock;
    reg  export_ok$15$d;
    wire  export_ok$15$q;
    reg  export_ok$15$clock;
    reg  [15:0] export_mask$0$d;
    wire  [15:0] export_mask$0$q;
    reg  export_mask$0$clock;
    reg  [15:0] export_mask$1$d;
    wire  [15:0] export_mask$1$q;
    reg  export_mask$1$clock;
    reg  [15:0] export_mask$2$d;
    wire  [15:0] export_mask$2$q;
    reg  export_mask$2$clock;
    reg  [15:0] export_mask$3$d;
    wire  [15:0] export_mask$3$q;
    reg  export_mask$3$clock;
    reg  [15:0] export_mask$4$d;
    wire  [15:0] export_mask$4$q;
    reg  export_mask$4$clock;
    reg  [15:0] export_mask$5$d;
    wire  [15:0] export_mask$5$q;
    reg  export_mask$5$clock;
    reg  [15:0] export_mask$6$d;
    wire  [15:0] export_mask$6$q;
    reg  export_mask$6$clock;
    reg  [15:0] export_mask$7$d;
    wire  [15:0] export_mask$7$q;
    reg  export_mask$7$clock;
    reg  [15:0] export_mask$8$d;
    wire  [15:0] export_mask$8$q;
    reg  export_mask$8$clock;
    reg  [15:0] export_mask$9$d;
    wire  [15:0] export_mask$9$q;
    reg  export_mask$9$clock;
    reg  [15:0] export_mask$10$d;
    wire  [15:0] export_mask$10$q;
    reg  export_mask$10$clock;
    reg  [15:0] export_mask$11$d;
    wire  [15:0] export_mask$11$q;
    reg  export_mask$11$clock;
    reg  [15:0] export_mask$12$d;
    wire  [15:0] export_mask$12$q;
    reg  export_mask$12$clock;
    reg  [15:0] export_mask$13$d;
    wire  [15:0] export_mask$13$q;
    reg  export_mask$13$clock;
    reg  [15:0] export_mask$14$d;
    wire  [15:0] export_mask$14$q;
    reg  export_mask$14$clock;
    reg  [15:0] export_mask$15$d;
    wire  [15:0] export_mask$15$q;
    reg  export_mask$15$clock;
    reg  [63:0] rdata_misc$d;
    wire  [63:0] rdata_misc$q;
    reg  rdata_misc$clock;
    reg  [31:0] rdata_cnt$d;
    wire  [31:0] rdata_cnt$q;
    reg  rdata_cnt$clock;
    reg  [63:0] rdata_export$d;
    wire  [63:0] rdata_export$q;
    reg  rdata_export$clock;
    reg  w_node$d;
    wire  w_node$q;
    reg  w_node$clock;
    reg  w_control$d;
    wire  w_control$q;
    reg  w_control$clock;
    reg  w_irq_mask$d;
    wire  w_irq_mask$q;
    reg  w_irq_mask$clock;
    reg  [2:0] w_irq_clear$d;
    wire  [2:0] w_irq_clear$q;
    reg  w_irq_clear$clock;
    reg  [15:0] w_resume$d;
    wire  [15:0] w_resume$q;
    reg  w_resume$clock;
    reg  [15:0] w_arm$d;
    wire  [15:0] w_arm$q;
    reg  w_arm$clock;
    reg  [15:0] w_export$d;
    wire  [15:0] w_export$q;
    reg  w_export$clock;
    reg  [63:0] w_data$d;
    wire  [63:0] w_data$q;
    reg  w_data$clock;
    reg  w_export_ok$d;
    wire  w_export_ok$q;
    reg  w_export_ok$clock;
    reg  w_queue_ok$d;
    wire  w_queue_ok$q;
    reg  w_queue_ok$clock;
    reg  [3:0] rx_base_read$sel;
    reg  [47:0] rx_base_read$entries$0;
    reg  [47:0] rx_base_read$entries$1;
    reg  [47:0] rx_base_read$entries$2;
    reg  [47:0] rx_base_read$entries$3;
    reg  [47:0] rx_base_read$entries$4;
    reg  [47:0] rx_base_read$entries$5;
    reg  [47:0] rx_base_read$entries$6;
    reg  [47:0] rx_base_read$entries$7;
    reg  [47:0] rx_base_read$entries$8;
    reg  [47:0] rx_base_read$entries$9;
    reg  [47:0] rx_base_read$entries$10;
    reg  [47:0] rx_base_read$entries$11;
    reg  [47:0] rx_base_read$entries$12;
    reg  [47:0] rx_base_read$entries$13;
    reg  [47:0] rx_base_read$entries$14;
    reg  [47:0] rx_base_read$entries$15;
    wire  [47:0] rx_base_read$out;
    reg  [3:0] rx_mask_read$sel;
    reg  [15:0] rx_mask_read$entries$0;
    reg  [15:0] rx_mask_read$entries$1;
    reg  [15:0] rx_mask_read$entries$2;
    reg  [15:0] rx_mask_read$entries$3;
    reg  [15:0] rx_mask_read$entries$4;
    reg  [15:0] rx_mask_read$entries$5;
    reg  [15:0] rx_mask_read$entries$6;
    reg  [15:0] rx_mask_read$entries$7;
    reg  [15:0] rx_mask_read$entries$8;
    reg  [15:0] rx_mask_read$entries$9;
    reg  [15:0] rx_mask_read$entries$10;
    reg  [15:0] rx_mask_read$entries$11;
    reg  [15:0] rx_mask_read$entries$12;
    reg  [15:0] rx_mask_read$entries$13;
    reg  [15:0] rx_mask_read$entries$14;
    reg  [15:0] rx_mask_read$entries$15;
    wire  [15:0] rx_mask_read$out;
    reg  [3:0] rx_accept_read$sel;
    reg  rx_accept_read$entries$0;
    reg  rx_accept_read$entries$1;
    reg  rx_accept_read$entries$2;
    reg  rx_accept_read$entries$3;
    reg  rx_accept_read$entries$4;
    reg  rx_accept_read$entries$5;
    reg  rx_accept_read$entries$6;
    reg  rx_accept_read$entries$7;
    reg  rx_accept_read$entries$8;
    reg  rx_accept_read$entries$9;
    reg  rx_accept_read$entries$10;
    reg  rx_accept_read$entries$11;
    reg  rx_accept_read$entries$12;
    reg  rx_accept_read$entries$13;
    reg  rx_accept_read$entries$14;
    reg  rx_accept_read$entries$15;
    wire  rx_accept_read$out;
    reg  [3:0] csr_entry_read$sel;
    reg  [63:0] csr_entry_read$entries$0;
    reg  [63:0] csr_entry_read$entries$1;
    reg  [63:0] csr_entry_read$entries$2;
    reg  [63:0] csr_entry_read$entries$3;
    reg  [63:0] csr_entry_read$entries$4;
    reg  [63:0] csr_entry_read$entries$5;
    reg  [63:0] csr_entry_read$entries$6;
    reg  [63:0] csr_entry_read$entries$7;
    reg  [63:0] csr_entry_read$entries$8;
    reg  [63:0] csr_entry_read$entries$9;
    reg  [63:0] csr_entry_read$entries$10;
    reg  [63:0] csr_entry_read$entries$11;
    reg  [63:0] csr_entry_read$entries$12;
    reg  [63:0] csr_entry_read$entries$13;
    reg  [63:0] csr_entry_read$entries$14;
    reg  [63:0] csr_entry_read$entries$15;
    wire  [63:0] csr_entry_read$out;
    reg  [3:0] node_id_word$narrow;
    wire  [63:0] node_id_word$wide;
    reg  [1:0] control_word$narrow;
    wire  [63:0] control_word$wide;
    reg  [2:0] irq_status_word$narrow;
    wire  [63:0] irq_status_word$wide;
    reg  [2:0] irq_mask_word$narrow;
    wire  [63:0] irq_mask_word$wide;
    reg  [15:0] queues_word$narrow;
    wire  [63:0] queues_word$wide;
    reg  [31:0] counter_word$narrow;
    wire  [63:0] counter_word$wide;
    
    // Local signals
    reg  export_hit;
    reg  [3:0] export_index;
    reg  [4:0] wdata_log2;
    reg  [4:0] w_log2;
    reg  [15:0] w_index_mask;
    reg  wdata_export_ok;
    reg  wdata_queue_ok;
    reg  [15:0] wdata_onehot;
    reg  [15:0] ev_onehot;
    reg  [15:0] resume_clear;
    reg  [15:0] stall_set;
    reg  [15:0] arm_set;
    reg  [15:0] notify_clear;
    reg  notify_now;
    reg  [2:0] irq_clear;
    reg  [2:0] irq_set_overflow;
    reg  [2:0] irq_set_bad_header;
    reg  [2:0] irq_set_notify;
    reg  [31:0] rd_cnt_sent;
    reg  [31:0] rd_cnt_tx_dropped;
    reg  [31:0] rd_cnt_enqueued;
    reg  [31:0] rd_cnt_rejected;
    reg  [31:0] rd_cnt_overflows;
    reg  [31:0] rd_cnt_bad_header;
    reg  [15:0] rd_stalled;
    reg  [15:0] rd_armed;
    reg  [3:0] rd_node_id;
    reg  [1:0] rd_control;
    reg  [2:0] rd_irq_status;
    reg  [2:0] rd_irq_mask;
    reg  [63:0] rd_id;
    reg  [63:0] rd_export;
    reg  [31:0] read_counter;
    reg  [15:0] read_queues;
    reg  [63:0] read_value;
    
    // Sub module instances
    renq_paper_top$regs$node_id_reg node_id_reg(
        .d(node_id_reg$d),
        .q(node_id_reg$q),
        .clock(node_id_reg$clock)
    );
    renq_paper_top$regs$control control(
        .d(control$d),
        .q(control$q),
        .clock(control$clock)
    );
    renq_paper_top$regs$irq_status irq_status(
        .d(irq_status$d),
        .q(irq_status$q),
        .clock(irq_status$clock)
    );
    renq_paper_top$regs$irq_mask irq_mask(
        .d(irq_mask$d),
        .q(irq_mask$q),
        .clock(irq_mask$clock)
    );
    renq_paper_top$regs$stalled_reg stalled_reg(
        .d(stalled_reg$d),
        .q(stalled_reg$q),
        .clock(stalled_reg$clock)
    );
    renq_paper_top$regs$armed_reg armed_reg(
        .d(armed_reg$d),
        .q(armed_reg$q),
        .clock(armed_reg$clock)
    );
    renq_paper_top$regs$cnt_sent cnt_sent(
        .clock(cnt_sent$clock),
        .pulse(cnt_sent$pulse),
        .q(cnt_sent$q)
    );
    renq_paper_top$regs$cnt_tx_dropped cnt_tx_dropped(
        .clock(cnt_tx_dropped$clock),
        .pulse(cnt_tx_dropped$pulse),
        .q(cnt_tx_dropped$q)
    );
    renq_paper_top$regs$cnt_enqueued cnt_enqueued(
        .clock(cnt_enqueued$clock),
        .pulse(cnt_enqueued$pulse),
        .q(cnt_enqueued$q)
    );
    renq_paper_top$regs$cnt_rejected cnt_rejected(
        .clock(cnt_rejected$clock),
        .pulse(cnt_rejected$pulse),
        .q(cnt_rejected$q)
    );
    renq_paper_top$regs$cnt_overflows cnt_overflows(
        .clock(cnt_overflows$clock),
        .pulse(cnt_overflows$pulse),
        .q(cnt_overflows$q)
    );
    renq_paper_top$regs$cnt_bad_header cnt_bad_header(
        .clock(cnt_bad_header$clock),
        .pulse(cnt_bad_header$pulse),
        .q(cnt_bad_header$q)
    );
    renq_paper_top$regs$export$0 export$0(
        .d(export$0$d),
        .q(export$0$q),
        .clock(export$0$clock)
    );
    renq_paper_top$regs$export$1 export$1(
        .d(export$1$d),
        .q(export$1$q),
        .clock(export$1$clock)
    );
    renq_paper_top$regs$export$2 export$2(
        .d(export$2$d),
        .q(export$2$q),
        .clock(export$2$clock)
    );
    renq_paper_top$regs$export$3 export$3(
        .d(export$3$d),
        .q(export$3$q),
        .clock(export$3$clock)
    );
    renq_paper_top$regs$export$4 export$4(
        .d(export$4$d),
        .q(export$4$q),
        .clock(export$4$clock)
    );
    renq_paper_top$regs$export$5 export$5(
        .d(export$5$d),
        .q(export$5$q),
        .clock(export$5$clock)
    );
    renq_paper_top$regs$export$6 export$6(
        .d(export$6$d),
        .q(export$6$q),
        .clock(export$6$clock)
    );
    renq_paper_top$regs$export$7 export$7(
        .d(export$7$d),
        .q(export$7$q),
        .clock(export$7$clock)
    );
    renq_paper_top$regs$export$8 export$8(
        .d(export$8$d),
        .q(export$8$q),
        .clock(export$8$clock)
    );
    renq_paper_top$regs$export$9 export$9(
        .d(export$9$d),
        .q(export$9$q),
        .clock(export$9$clock)
    );
    renq_paper_top$regs$export$10 export$10(
        .d(export$10$d),
        .q(export$10$q),
        .clock(export$10$clock)
    );
    renq_paper_top$regs$export$11 export$11(
        .d(export$11$d),
        .q(export$11$q),
        .clock(export$11$clock)
    );
    renq_paper_top$regs$export$12 export$12(
        .d(export$12$d),
        .q(export$12$q),
        .clock(export$12$clock)
    );
    renq_paper_top$regs$export$13 export$13(
        .d(export$13$d),
        .q(export$13$q),
        .clock(export$13$clock)
    );
    renq_paper_top$regs$export$14 export$14(
        .d(export$14$d),
        .q(export$14$q),
        .clock(export$14$clock)
    );
    renq_paper_top$regs$export$15 export$15(
        .d(export$15$d),
        .q(export$15$q),
        .clock(export$15$clock)
    );
    renq_paper_top$regs$export_ok$0 export_ok$0(
        .d(export_ok$0$d),
        .q(export_ok$0$q),
        .clock(export_ok$0$clock)
    );
    renq_paper_top$regs$export_ok$1 export_ok$1(
        .d(export_ok$1$d),
        .q(export_ok$1$q),
        .clock(export_ok$1$clock)
    );
    renq_paper_top$regs$export_ok$2 export_ok$2(
        .d(export_ok$2$d),
        .q(export_ok$2$q),
        .clock(export_ok$2$clock)
    );
    renq_paper_top$regs$export_ok$3 export_ok$3(
        .d(export_ok$3$d),
        .q(export_ok$3$q),
        .clock(export_ok$3$clock)
    );
    renq_paper_top$regs$export_ok$4 export_ok$4(
        .d(export_ok$4$d),
        .q(export_ok$4$q),
        .clock(export_ok$4$clock)
    );
    renq_paper_top$regs$export_ok$5 export_ok$5(
        .d(export_ok$5$d),
        .q(export_ok$5$q),
        .clock(export_ok$5$clock)
    );
    renq_paper_top$regs$export_ok$6 export_ok$6(
        .d(export_ok$6$d),
        .q(export_ok$6$q),
        .clock(export_ok$6$clock)
    );
    renq_paper_top$regs$export_ok$7 export_ok$7(
        .d(export_ok$7$d),
        .q(export_ok$7$q),
        .clock(export_ok$7$clock)
    );
    renq_paper_top$regs$export_ok$8 export_ok$8(
        .d(export_ok$8$d),
        .q(export_ok$8$q),
        .clock(export_ok$8$clock)
    );
    renq_paper_top$regs$export_ok$9 export_ok$9(
        .d(export_ok$9$d),
        .q(export_ok$9$q),
        .clock(export_ok$9$clock)
    );
    renq_paper_top$regs$export_ok$10 export_ok$10(
        .d(export_ok$10$d),
        .q(export_ok$10$q),
        .clock(export_ok$10$clock)
    );
    renq_paper_top$regs$export_ok$11 export_ok$11(
        .d(export_ok$11$d),
        .q(export_ok$11$q),
        .clock(export_ok$11$clock)
    );
    renq_paper_top$regs$export_ok$12 export_ok$12(
        .d(export_ok$12$d),
        .q(export_ok$12$q),
        .clock(export_ok$12$clock)
    );
    renq_paper_top$regs$export_ok$13 export_ok$13(
        .d(export_ok$13$d),
        .q(export_ok$13$q),
        .clock(export_ok$13$clock)
    );
    renq_paper_top$regs$export_ok$14 export_ok$14(
        .d(export_ok$14$d),
        .q(export_ok$14$q),
        .clock(export_ok$14$clock)
    );
    renq_paper_top$regs$export_ok$15 export_ok$15(
        .d(export_ok$15$d),
        .q(export_ok$15$q),
        .clock(export_ok$15$clock)
    );
    renq_paper_top$regs$export_mask$0 export_mask$0(
        .d(export_mask$0$d),
        .q(export_mask$0$q),
        .clock(export_mask$0$clock)
    );
    renq_paper_top$regs$export_mask$1 export_mask$1(
        .d(export_mask$1$d),
        .q(export_mask$1$q),
        .clock(export_mask$1$clock)
    );
    renq_paper_top$regs$export_mask$2 export_mask$2(
        .d(export_mask$2$d),
        .q(export_mask$2$q),
        .clock(export_mask$2$clock)
    );
    renq_paper_top$regs$export_mask$3 export_mask$3(
        .d(export_mask$3$d),
        .q(export_mask$3$q),
        .clock(export_mask$3$clock)
    );
    renq_paper_top$regs$export_mask$4 export_mask$4(
        .d(export_mask$4$d),
        .q(export_mask$4$q),
        .clock(export_mask$4$clock)
    );
    renq_paper_top$regs$export_mask$5 export_mask$5(
        .d(export_mask$5$d),
        .q(export_mask$5$q),
        .clock(export_mask$5$clock)
    );
    renq_paper_top$regs$export_mask$6 export_mask$6(
        .d(export_mask$6$d),
        .q(export_mask$6$q),
        .clock(export_mask$6$clock)
    );
    renq_paper_top$regs$export_mask$7 export_mask$7(
        .d(export_mask$7$d),
        .q(export_mask$7$q),
        .clock(export_mask$7$clock)
    );
    renq_paper_top$regs$export_mask$8 export_mask$8(
        .d(export_mask$8$d),
        .q(export_mask$8$q),
        .clock(export_mask$8$clock)
    );
    renq_paper_top$regs$export_mask$9 export_mask$9(
        .d(export_mask$9$d),
        .q(export_mask$9$q),
        .clock(export_mask$9$clock)
    );
    renq_paper_top$regs$export_mask$10 export_mask$10(
        .d(export_mask$10$d),
        .q(export_mask$10$q),
        .clock(export_mask$10$clock)
    );
    renq_paper_top$regs$export_mask$11 export_mask$11(
        .d(export_mask$11$d),
        .q(export_mask$11$q),
        .clock(export_mask$11$clock)
    );
    renq_paper_top$regs$export_mask$12 export_mask$12(
        .d(export_mask$12$d),
        .q(export_mask$12$q),
        .clock(export_mask$12$clock)
    );
    renq_paper_top$regs$export_mask$13 export_mask$13(
        .d(export_mask$13$d),
        .q(export_mask$13$q),
        .clock(export_mask$13$clock)
    );
    renq_paper_top$regs$export_mask$14 export_mask$14(
        .d(export_mask$14$d),
        .q(export_mask$14$q),
        .clock(export_mask$14$clock)
    );
    renq_paper_top$regs$export_mask$15 export_mask$15(
        .d(export_mask$15$d),
        .q(export_mask$15$q),
        .clock(export_mask$15$clock)
    );
    renq_paper_top$regs$rdata_misc rdata_misc(
        .d(rdata_misc$d),
        .q(rdata_misc$q),
        .clock(rdata_misc$clock)
    );
    renq_paper_top$regs$rdata_cnt rdata_cnt(
        .d(rdata_cnt$d),
        .q(rdata_cnt$q),
        .clock(rdata_cnt$clock)
    );
    renq_paper_top$regs$rdata_export rdata_export(
        .d(rdata_export$d),
        .q(rdata_export$q),
        .clock(rdata_export$clock)
    );
    renq_paper_top$regs$w_node w_node(
        .d(w_node$d),
        .q(w_node$q),
        .clock(w_node$clock)
    );
    renq_paper_top$regs$w_control w_control(
        .d(w_control$d),
        .q(w_control$q),
        .clock(w_control$clock)
    );
    renq_paper_top$regs$w_irq_mask w_irq_mask(
        .d(w_irq_mask$d),
        .q(w_irq_mask$q),
        .clock(w_irq_mask$clock)
    );
    renq_paper_top$regs$w_irq_clear w_irq_clear(
        .d(w_irq_clear$d),
        .q(w_irq_clear$q),
        .clock(w_irq_clear$clock)
    );
    renq_paper_top$regs$w_resume w_resume(
        .d(w_resume$d),
        .q(w_resume$q),
        .clock(w_resume$clock)
    );
    renq_paper_top$regs$w_arm w_arm(
        .d(w_arm$d),
        .q(w_arm$q),
        .clock(w_arm$clock)
    );
    renq_paper_top$regs$w_export w_export(
        .d(w_export$d),
        .q(w_export$q),
        .clock(w_export$clock)
    );
    renq_paper_top$regs$w_data w_data(
        .d(w_data$d),
        .q(w_data$q),
        .clock(w_data$clock)
    );
    renq_paper_top$regs$w_export_ok w_export_ok(
        .d(w_export_ok$d),
        .q(w_export_ok$q),
        .clock(w_export_ok$clock)
    );
    renq_paper_top$regs$w_queue_ok w_queue_ok(
        .d(w_queue_ok$d),
        .q(w_queue_ok$q),
        .clock(w_queue_ok$clock)
    );
    renq_paper_top$regs$rx_base_read rx_base_read(
        .sel(rx_base_read$sel),
        .entries$0(rx_base_read$entries$0),
        .entries$1(rx_base_read$entries$1),
        .entries$2(rx_base_read$entries$2),
        .entries$3(rx_base_read$entries$3),
        .entries$4(rx_base_read$entries$4),
        .entries$5(rx_base_read$entries$5),
        .entries$6(rx_base_read$entries$6),
        .entries$7(rx_base_read$entries$7),
        .entries$8(rx_base_read$entries$8),
        .entries$9(rx_base_read$entries$9),
        .entries$10(rx_base_read$entries$10),
        .entries$11(rx_base_read$entries$11),
        .entries$12(rx_base_read$entries$12),
        .entries$13(rx_base_read$entries$13),
        .entries$14(rx_base_read$entries$14),
        .entries$15(rx_base_read$entries$15),
        .out(rx_base_read$out)
    );
    renq_paper_top$regs$rx_mask_read rx_mask_read(
        .sel(rx_mask_read$sel),
        .entries$0(rx_mask_read$entries$0),
        .entries$1(rx_mask_read$entries$1),
        .entries$2(rx_mask_read$entries$2),
        .entries$3(rx_mask_read$entries$3),
        .entries$4(rx_mask_read$entries$4),
        .entries$5(rx_mask_read$entries$5),
        .entries$6(rx_mask_read$entries$6),
        .entries$7(rx_mask_read$entries$7),
        .entries$8(rx_mask_read$entries$8),
        .entries$9(rx_mask_read$entries$9),
        .entries$10(rx_mask_read$entries$10),
        .entries$11(rx_mask_read$entries$11),
        .entries$12(rx_mask_read$entries$12),
        .entries$13(rx_mask_read$entries$13),
        .entries$14(rx_mask_read$entries$14),
        .entries$15(rx_mask_read$entries$15),
        .out(rx_mask_read$out)
    );
    renq_paper_top$regs$rx_accept_read rx_accept_read(
        .sel(rx_accept_read$sel),
        .entries$0(rx_accept_read$entries$0),
        .entries$1(rx_accept_read$entries$1),
        .entries$2(rx_accept_read$entries$2),
        .entries$3(rx_accept_read$entries$3),
        .entries$4(rx_accept_read$entries$4),
        .entries$5(rx_accept_read$entries$5),
        .entries$6(rx_accept_read$entries$6),
        .entries$7(rx_accept_read$entries$7),
        .entries$8(rx_accept_read$entries$8),
        .entries$9(rx_accept_read$entries$9),
        .entries$10(rx_accept_read$entries$10),
        .entries$11(rx_accept_read$entries$11),
        .entries$12(rx_accept_read$entries$12),
        .entries$13(rx_accept_read$entries$13),
        .entries$14(rx_accept_read$entries$14),
        .entries$15(rx_accept_read$entries$15),
        .out(rx_accept_read$out)
    );
    renq_paper_top$regs$csr_entry_read csr_entry_read(
        .sel(csr_entry_read$sel),
        .entries$0(csr_entry_read$entries$0),
        .entries$1(csr_entry_read$entries$1),
        .entries$2(csr_entry_read$entries$2),
        .entries$3(csr_entry_read$entries$3),
        .entries$4(csr_entry_read$entries$4),
        .entries$5(csr_entry_read$entries$5),
        .entries$6(csr_entry_read$entries$6),
        .entries$7(csr_entry_read$entries$7),
        .entries$8(csr_entry_read$entries$8),
        .entries$9(csr_entry_read$entries$9),
        .entries$10(csr_entry_read$entries$10),
        .entries$11(csr_entry_read$entries$11),
        .entries$12(csr_entry_read$entries$12),
        .entries$13(csr_entry_read$entries$13),
        .entries$14(csr_entry_read$entries$14),
        .entries$15(csr_entry_read$entries$15),
        .out(csr_entry_read$out)
    );
    renq_paper_top$regs$node_id_word node_id_word(
        .narrow(node_id_word$narrow),
        .wide(node_id_word$wide)
    );
    renq_paper_top$regs$control_word control_word(
        .narrow(control_word$narrow),
        .wide(control_word$wide)
    );
    renq_paper_top$regs$irq_status_word irq_status_word(
        .narrow(irq_status_word$narrow),
        .wide(irq_status_word$wide)
    );
    renq_paper_top$regs$irq_mask_word irq_mask_word(
        .narrow(irq_mask_word$narrow),
        .wide(irq_mask_word$wide)
    );
    renq_paper_top$regs$queues_word queues_word(
        .narrow(queues_word$narrow),
        .wide(queues_word$wide)
    );
    renq_paper_top$regs$counter_word counter_word(
        .narrow(counter_word$narrow),
        .wide(counter_word$wide)
    );
    
    // Update code
    always @(*) begin
        node_id_reg$clock = clock;
        control$clock = clock;
        irq_status$clock = clock;
        irq_mask$clock = clock;
        stalled_reg$clock = clock;
        armed_reg$clock = clock;
        rdata_misc$clock = clock;
        rdata_cnt$clock = clock;
        rdata_export$clock = clock;
        w_node$clock = clock;
        w_control$clock = clock;
        w_irq_mask$clock = clock;
        w_irq_clear$clock = clock;
        w_resume$clock = clock;
        w_arm$clock = clock;
        w_export$clock = clock;
        w_data$clock = clock;
        w_export_ok$clock = clock;
        w_queue_ok$clock = clock;
        node_id_reg$d = node_id_reg$q;
        control$d = control$q;
        irq_status$d = irq_status$q;
        irq_mask$d = irq_mask$q;
        stalled_reg$d = stalled_reg$q;
        armed_reg$d = armed_reg$q;
        rdata_misc$d = rdata_misc$q;
        rdata_cnt$d = rdata_cnt$q;
        rdata_export$d = rdata_export$q;
        w_node$d = w_node$q;
        w_control$d = w_control$q;
        w_irq_mask$d = w_irq_mask$q;
        w_irq_clear$d = w_irq_clear$q;
        w_resume$d = w_resume$q;
        w_arm$d = w_arm$q;
        w_export$d = w_export$q;
        w_data$d = w_data$q;
        w_export_ok$d = w_export_ok$q;
        w_queue_ok$d = w_queue_ok$q;
        export$0$clock = clock;
        export$0$d = export$0$q;
        export_ok$0$clock = clock;
        export_ok$0$d = export_ok$0$q;
        export_mask$0$clock = clock;
        export_mask$0$d = export_mask$0$q;
        export$1$clock = clock;
        export$1$d = export$1$q;
        export_ok$1$clock = clock;
        export_ok$1$d = export_ok$1$q;
        export_mask$1$clock = clock;
        export_mask$1$d = export_mask$1$q;
        export$2$clock = clock;
        export$2$d = export$2$q;
        export_ok$2$clock = clock;
        export_ok$2$d = export_ok$2$q;
        export_mask$2$clock = clock;
        export_mask$2$d = export_mask$2$q;
        export$3$clock = clock;
        export$3$d = export$3$q;
        export_ok$3$clock = clock;
        export_ok$3$d = export_ok$3$q;
        export_mask$3$clock = clock;
        export_mask$3$d = export_mask$3$q;
        export$4$clock = clock;
        export$4$d = export$4$q;
        export_ok$4$clock = clock;
        export_ok$4$d = export_ok$4$q;
        export_mask$4$clock = clock;
        export_mask$4$d = export_mask$4$q;
        export$5$clock = clock;
        export$5$d = export$5$q;
        export_ok$5$clock = clock;
        export_ok$5$d = export_ok$5$q;
        export_mask$5$clock = clock;
        export_mask$5$d = export_mask$5$q;
        export$6$clock = clock;
        export$6$d = export$6$q;
        export_ok$6$clock = clock;
        export_ok$6$d = export_ok$6$q;
        export_mask$6$clock = clock;
        export_mask$6$d = export_mask$6$q;
        export$7$clock = clock;
        export$7$d = export$7$q;
        export_ok$7$clock = clock;
        export_ok$7$d = export_ok$7$q;
        export_mask$7$clock = clock;
        export_mask$7$d = export_mask$7$q;
        export$8$clock = clock;
        export$8$d = export$8$q;
        export_ok$8$clock = clock;
        export_ok$8$d = export_ok$8$q;
        export_mask$8$clock = clock;
        export_mask$8$d = export_mask$8$q;
        export$9$clock = clock;
        export$9$d = export$9$q;
        export_ok$9$clock = clock;
        export_ok$9$d = export_ok$9$q;
        export_mask$9$clock = clock;
        export_mask$9$d = export_mask$9$q;
        export$10$clock = clock;
        export$10$d = export$10$q;
        export_ok$10$clock = clock;
        export_ok$10$d = export_ok$10$q;
        export_mask$10$clock = clock;
        export_mask$10$d = export_mask$10$q;
        export$11$clock = clock;
        export$11$d = export$11$q;
        export_ok$11$clock = clock;
        export_ok$11$d = export_ok$11$q;
        export_mask$11$clock = clock;
        export_mask$11$d = export_mask$11$q;
        export$12$clock = clock;
        export$12$d = export$12$q;
        export_ok$12$clock = clock;
        export_ok$12$d = export_ok$12$q;
        export_mask$12$clock = clock;
        export_mask$12$d = export_mask$12$q;
        export$13$clock = clock;
        export$13$d = export$13$q;
        export_ok$13$clock = clock;
        export_ok$13$d = export_ok$13$q;
        export_mask$13$clock = clock;
        export_mask$13$d = export_mask$13$q;
        export$14$clock = clock;
        export$14$d = export$14$q;
        export_ok$14$clock = clock;
        export_ok$14$d = export_ok$14$q;
        export_mask$14$clock = clock;
        export_mask$14$d = export_mask$14$q;
        export$15$clock = clock;
        export$15$d = export$15$q;
        export_ok$15$clock = clock;
        export_ok$15$d = export_ok$15$q;
        export_mask$15$clock = clock;
        export_mask$15$d = export_mask$15$q;
        export_hit = (csr_addr & export_decode_mask) == a_export_base;
        export_index = csr_addr[(pos_export_index)+:(4)];
        wdata_queue_ok = ~|(csr_wdata & above_queue);
        wdata_onehot = one_queue << csr_wdata[(32'h0)+:(4)];
        ev_onehot = one_queue << rx_events$queue;
        wdata_log2 = csr_wdata[(pos_log2)+:(5)];
        wdata_export_ok = csr_wdata[pos_valid] & (wdata_log2 >= min_log2) & (wdata_log2 <= max_log2);
        w_data$d = csr_wdata;
        w_export_ok$d = wdata_export_ok;
        w_node$d = csr_write & (csr_addr == a_node_id);
        w_control$d = csr_write & (csr_addr == a_control);
        w_irq_mask$d = csr_write & (csr_addr == a_irq_mask);
        w_irq_clear$d = zero_irq;
        if (csr_write & (csr_addr == a_irq_status)) begin
            w_irq_clear$d = csr_wdata[(32'h0)+:(3)];
        end
        w_queue_ok$d = wdata_queue_ok;
        w_resume$d = zero_queues;
        if (csr_write & (csr_addr == a_resume)) begin
            w_resume$d = wdata_onehot;
        end
        w_arm$d = zero_queues;
        if (csr_write & (csr_addr == a_arm)) begin
            w_arm$d = wdata_onehot;
        end
        w_export$d = zero_queues;
        if (csr_write & export_hit) begin
            w_export$d = one_queue << export_index;
        end
        if (w_node$q) begin
            node_id_reg$d = w_data$q[(32'h0)+:(4)];
        end
        if (w_control$q) begin
            control$d = w_data$q[(32'h0)+:(2)];
        end
        if (w_irq_mask$q) begin
            irq_mask$d = w_data$q[(32'h0)+:(3)];
        end
        w_log2 = w_data$q[(pos_log2)+:(5)];
        w_index_mask = ~(all_ones_index << w_log2);
        if (w_export$q[0]) begin
            export_mask$0$d = w_index_mask;
            export$0$d = w_data$q & export_defined;
            export_ok$0$d = w_export_ok$q;
        end
        if (w_export$q[1]) begin
            export_mask$1$d = w_index_mask;
            export$1$d = w_data$q & export_defined;
            export_ok$1$d = w_export_ok$q;
        end
        if (w_export$q[2]) begin
            export_mask$2$d = w_index_mask;
            export$2$d = w_data$q & export_defined;
            export_ok$2$d = w_export_ok$q;
        end
        if (w_export$q[3]) begin
            export_mask$3$d = w_index_mask;
            export$3$d = w_data$q & export_defined;
            export_ok$3$d = w_export_ok$q;
        end
        if (w_export$q[4]) begin
            export_mask$4$d = w_index_mask;
            export$4$d = w_data$q & export_defined;
            export_ok$4$d = w_export_ok$q;
        end
        if (w_export$q[5]) begin
            export_mask$5$d = w_index_mask;
            export$5$d = w_data$q & export_defined;
            export_ok$5$d = w_export_ok$q;
        end
        if (w_export$q[6]) begin
            export_mask$6$d = w_index_mask;
            export$6$d = w_data$q & export_defined;
            export_ok$6$d = w_export_ok$q;
        end
        if (w_export$q[7]) begin
            export_mask$7$d = w_index_mask;
            export$7$d = w_data$q & export_defined;
            export_ok$7$d = w_export_ok$q;
        end
        if (w_export$q[8]) begin
            export_mask$8$d = w_index_mask;
            export$8$d = w_data$q & export_defined;
            export_ok$8$d = w_export_ok$q;
        end
        if (w_export$q[9]) begin
            export_mask$9$d = w_index_mask;
            export$9$d = w_data$q & export_defined;
            export_ok$9$d = w_export_ok$q;
        end
        if (w_export$q[10]) begin
            export_mask$10$d = w_index_mask;
            export$10$d = w_data$q & export_defined;
            export_ok$10$d = w_export_ok$q;
        end
        if (w_export$q[11]) begin
            export_mask$11$d = w_index_mask;
            export$11$d = w_data$q & export_defined;
            export_ok$11$d = w_export_ok$q;
        end
        if (w_export$q[12]) begin
            export_mask$12$d = w_index_mask;
            export$12$d = w_data$q & export_defined;
            export_ok$12$d = w_export_ok$q;
        end
        if (w_export$q[13]) begin
            export_mask$13$d = w_index_mask;
            export$13$d = w_data$q & export_defined;
            export_ok$13$d = w_export_ok$q;
        end
        if (w_export$q[14]) begin
            export_mask$14$d = w_index_mask;
            export$14$d = w_data$q & export_defined;
            export_ok$14$d = w_export_ok$q;
        end
        if (w_export$q[15]) begin
            export_mask$15$d = w_index_mask;
            export$15$d = w_data$q & export_defined;
            export_ok$15$d = w_export_ok$q;
        end
        resume_clear = zero_queues;
        if (w_queue_ok$q) begin
            resume_clear = w_resume$q;
        end
        stall_set = zero_queues;
        if (rx_events$stall) begin
            stall_set = ev_onehot;
        end
        stalled_reg$d = (stalled_reg$q & ~resume_clear) | stall_set;
        notify_now = rx_events$enqueued & armed_reg$q[rx_events$queue];
        notify_clear = zero_queues;
        if (notify_now) begin
            notify_clear = ev_onehot;
        end
        arm_set = zero_queues;
        if (w_queue_ok$q) begin
            arm_set = w_arm$q;
        end
        armed_reg$d = (armed_reg$q & ~notify_clear) | arm_set;
        irq_clear = w_irq_clear$q;
        irq_set_overflow = zero_irq;
        if (rx_events$stall) begin
            irq_set_overflow = irq_overflow_bit;
        end
        irq_set_bad_header = zero_irq;
        if (rx_events$bad_header) begin
            irq_set_bad_header = irq_bad_header_bit;
        end
        irq_set_notify = zero_irq;
        if (notify_now) begin
            irq_set_notify = irq_notify_bit;
        end
        irq_status$d = (irq_status$q & ~irq_clear) | irq_set_overflow | irq_set_bad_header | irq_set_notify;
        cnt_sent$clock = clock;
        cnt_tx_dropped$clock = clock;
        cnt_enqueued$clock = clock;
        cnt_rejected$clock = clock;
        cnt_overflows$clock = clock;
        cnt_bad_header$clock = clock;
        cnt_sent$pulse = tx_events$sent;
        cnt_tx_dropped$pulse = tx_events$dropped;
        cnt_enqueued$pulse = rx_events$enqueued;
        cnt_rejected$pulse = rx_events$rejected;
        cnt_overflows$pulse = rx_events$overflow;
        cnt_bad_header$pulse = rx_events$bad_header;
        node_id = node_id_reg$q;
        rx_enable = control$q[pos_rx_enable];
        tx_enable = control$q[pos_tx_enable];
        stalled = stalled_reg$q;
        rx_base_read$sel = lookup$queue;
        rx_mask_read$sel = lookup$queue;
        rx_accept_read$sel = lookup$queue;
        csr_entry_read$sel = csr_addr[(pos_export_index)+:(4)];
        rx_base_read$entries$0 = export$0$q[(pos_base)+:(48)];
        rx_mask_read$entries$0 = export_mask$0$q;
        rx_accept_read$entries$0 = export_ok$0$q & ~stalled_reg$q[0];
        csr_entry_read$entries$0 = export$0$q;
        rx_base_read$entries$1 = export$1$q[(pos_base)+:(48)];
        rx_mask_read$entries$1 = export_mask$1$q;
        rx_accept_read$entries$1 = export_ok$1$q & ~stalled_reg$q[1];
        csr_entry_read$entries$1 = export$1$q;
        rx_base_read$entries$2 = export$2$q[(pos_base)+:(48)];
        rx_mask_read$entries$2 = export_mask$2$q;
        rx_accept_read$entries$2 = export_ok$2$q & ~stalled_reg$q[2];
        csr_entry_read$entries$2 = export$2$q;
        rx_base_read$entries$3 = export$3$q[(pos_base)+:(48)];
        rx_mask_read$entries$3 = export_mask$3$q;
        rx_accept_read$entries$3 = export_ok$3$q & ~stalled_reg$q[3];
        csr_entry_read$entries$3 = export$3$q;
        rx_base_read$entries$4 = export$4$q[(pos_base)+:(48)];
        rx_mask_read$entries$4 = export_mask$4$q;
        rx_accept_read$entries$4 = export_ok$4$q & ~stalled_reg$q[4];
        csr_entry_read$entries$4 = export$4$q;
        rx_base_read$entries$5 = export$5$q[(pos_base)+:(48)];
        rx_mask_read$entries$5 = export_mask$5$q;
        rx_accept_read$entries$5 = export_ok$5$q & ~stalled_reg$q[5];
        csr_entry_read$entries$5 = export$5$q;
        rx_base_read$entries$6 = export$6$q[(pos_base)+:(48)];
        rx_mask_read$entries$6 = export_mask$6$q;
        rx_accept_read$entries$6 = export_ok$6$q & ~stalled_reg$q[6];
        csr_entry_read$entries$6 = export$6$q;
        rx_base_read$entries$7 = export$7$q[(pos_base)+:(48)];
        rx_mask_read$entries$7 = export_mask$7$q;
        rx_accept_read$entries$7 = export_ok$7$q & ~stalled_reg$q[7];
        csr_entry_read$entries$7 = export$7$q;
        rx_base_read$entries$8 = export$8$q[(pos_base)+:(48)];
        rx_mask_read$entries$8 = export_mask$8$q;
        rx_accept_read$entries$8 = export_ok$8$q & ~stalled_reg$q[8];
        csr_entry_read$entries$8 = export$8$q;
        rx_base_read$entries$9 = export$9$q[(pos_base)+:(48)];
        rx_mask_read$entries$9 = export_mask$9$q;
        rx_accept_read$entries$9 = export_ok$9$q & ~stalled_reg$q[9];
        csr_entry_read$entries$9 = export$9$q;
        rx_base_read$entries$10 = export$10$q[(pos_base)+:(48)];
        rx_mask_read$entries$10 = export_mask$10$q;
        rx_accept_read$entries$10 = export_ok$10$q & ~stalled_reg$q[10];
        csr_entry_read$entries$10 = export$10$q;
        rx_base_read$entries$11 = export$11$q[(pos_base)+:(48)];
        rx_mask_read$entries$11 = export_mask$11$q;
        rx_accept_read$entries$11 = export_ok$11$q & ~stalled_reg$q[11];
        csr_entry_read$entries$11 = export$11$q;
        rx_base_read$entries$12 = export$12$q[(pos_base)+:(48)];
        rx_mask_read$entries$12 = export_mask$12$q;
        rx_accept_read$entries$12 = export_ok$12$q & ~stalled_reg$q[12];
        csr_entry_read$entries$12 = export$12$q;
        rx_base_read$entries$13 = export$13$q[(pos_base)+:(48)];
        rx_mask_read$entries$13 = export_mask$13$q;
        rx_accept_read$entries$13 = export_ok$13$q & ~stalled_reg$q[13];
        csr_entry_read$entries$13 = export$13$q;
        rx_base_read$entries$14 = export$14$q[(pos_base)+:(48)];
        rx_mask_read$entries$14 = export_mask$14$q;
        rx_accept_read$entries$14 = export_ok$14$q & ~stalled_reg$q[14];
        csr_entry_read$entries$14 = export$14$q;
        rx_base_read$entries$15 = export$15$q[(pos_base)+:(48)];
        rx_mask_read$entries$15 = export_mask$15$q;
        rx_accept_read$entries$15 = export_ok$15$q & ~stalled_reg$q[15];
        csr_entry_read$entries$15 = export$15$q;
        lookup$base = rx_base_read$out;
        lookup$index_mask = rx_mask_read$out;
        lookup$accept = rx_accept_read$out;
        irq = |(irq_status$q & irq_mask$q);
        rd_cnt_sent = zero_counter;
        if (csr_addr == a_cnt_sent) begin
            rd_cnt_sent = cnt_sent$q;
        end
        rd_cnt_tx_dropped = zero_counter;
        if (csr_addr == a_cnt_tx_dropped) begin
            rd_cnt_tx_dropped = cnt_tx_dropped$q;
        end
        rd_cnt_enqueued = zero_counter;
        if (csr_addr == a_cnt_enqueued) begin
            rd_cnt_enqueued = cnt_enqueued$q;
        end
        rd_cnt_rejected = zero_counter;
        if (csr_addr == a_cnt_rejected) begin
            rd_cnt_rejected = cnt_rejected$q;
        end
        rd_cnt_overflows = zero_counter;
        if (csr_addr == a_cnt_overflows) begin
            rd_cnt_overflows = cnt_overflows$q;
        end
        rd_cnt_bad_header = zero_counter;
        if (csr_addr == a_cnt_bad_header) begin
            rd_cnt_bad_header = cnt_bad_header$q;
        end
        read_counter = rd_cnt_sent | rd_cnt_tx_dropped | rd_cnt_enqueued | rd_cnt_rejected | rd_cnt_overflows | rd_cnt_bad_header;
        rd_stalled = zero_queues;
        if (csr_addr == a_stalled) begin
            rd_stalled = stalled_reg$q;
        end
        rd_armed = zero_queues;
        if (csr_addr == a_armed) begin
            rd_armed = armed_reg$q;
        end
        read_queues = rd_stalled | rd_armed;
        rd_node_id = zero_node;
        if (csr_addr == a_node_id) begin
            rd_node_id = node_id_reg$q;
        end
        rd_control = zero_control;
        if (csr_addr == a_control) begin
            rd_control = control$q;
        end
        rd_irq_status = zero_irq;
        if (csr_addr == a_irq_status) begin
            rd_irq_status = irq_status$q;
        end
        rd_irq_mask = zero_irq;
        if (csr_addr == a_irq_mask) begin
            rd_irq_mask = irq_mask$q;
        end
        rd_id = zero_word;
        if (csr_addr == a_id) begin
            rd_id = id_value;
        end
        rd_export = zero_word;
        if (export_hit) begin
            rd_export = csr_entry_read$out;
        end
        node_id_word$narrow = rd_node_id;
        control_word$narrow = rd_control;
        irq_status_word$narrow = rd_irq_status;
        irq_mask_word$narrow = rd_irq_mask;
        queues_word$narrow = read_queues;
        read_value = queues_word$wide | node_id_word$wide | control_word$wide | irq_status_word$wide | irq_mask_word$wide | rd_id;
        rdata_misc$d = zero_word;
        rdata_cnt$d = zero_counter;
        rdata_export$d = zero_word;
        if (csr_read) begin
            rdata_misc$d = read_value;
            rdata_cnt$d = read_counter;
            rdata_export$d = rd_export;
        end
        counter_word$narrow = rdata_cnt$q;
        csr_rdata = rdata_misc$q | counter_word$wide | rdata_export$q;
    end
    
endmodule // renq_paper_top$regs


module renq_paper_top$regs$armed_reg(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$armed_reg


module renq_paper_top$regs$cnt_bad_header(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_bad_header$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_bad_header$count count(
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
    
endmodule // renq_paper_top$regs$cnt_bad_header


module renq_paper_top$regs$cnt_bad_header$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_bad_header$count


module renq_paper_top$regs$cnt_bad_header$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_bad_header$pending


module renq_paper_top$regs$cnt_enqueued(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_enqueued$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_enqueued$count count(
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
    
endmodule // renq_paper_top$regs$cnt_enqueued


module renq_paper_top$regs$cnt_enqueued$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_enqueued$count


module renq_paper_top$regs$cnt_enqueued$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_enqueued$pending


module renq_paper_top$regs$cnt_overflows(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_overflows$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_overflows$count count(
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
    
endmodule // renq_paper_top$regs$cnt_overflows


module renq_paper_top$regs$cnt_overflows$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_overflows$count


module renq_paper_top$regs$cnt_overflows$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_overflows$pending


module renq_paper_top$regs$cnt_rejected(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_rejected$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_rejected$count count(
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
    
endmodule // renq_paper_top$regs$cnt_rejected


module renq_paper_top$regs$cnt_rejected$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_rejected$count


module renq_paper_top$regs$cnt_rejected$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_rejected$pending


module renq_paper_top$regs$cnt_sent(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_sent$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_sent$count count(
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
    
endmodule // renq_paper_top$regs$cnt_sent


module renq_paper_top$regs$cnt_sent$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_sent$count


module renq_paper_top$regs$cnt_sent$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_sent$pending


module renq_paper_top$regs$cnt_tx_dropped(clock,pulse,q);
    
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
    renq_paper_top$regs$cnt_tx_dropped$pending pending(
        .d(pending$d),
        .q(pending$q),
        .clock(pending$clock)
    );
    renq_paper_top$regs$cnt_tx_dropped$count count(
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
    
endmodule // renq_paper_top$regs$cnt_tx_dropped


module renq_paper_top$regs$cnt_tx_dropped$count(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$cnt_tx_dropped$count


module renq_paper_top$regs$cnt_tx_dropped$pending(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$cnt_tx_dropped$pending


module renq_paper_top$regs$control(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$control


module renq_paper_top$regs$control_word(narrow,wide);
    
    // Module arguments
    input wire  [1:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {62'd0, narrow};
endmodule // renq_paper_top$regs$control_word


module renq_paper_top$regs$counter_word(narrow,wide);
    
    // Module arguments
    input wire  [31:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {32'd0, narrow};
endmodule // renq_paper_top$regs$counter_word


module renq_paper_top$regs$csr_entry_read(sel,entries$0,entries$1,entries$2,entries$3,entries$4,entries$5,entries$6,entries$7,entries$8,entries$9,entries$10,entries$11,entries$12,entries$13,entries$14,entries$15,out);
    
    // Module arguments
    input wire  [3:0] sel;
    input wire  [63:0] entries$0;
    input wire  [63:0] entries$1;
    input wire  [63:0] entries$2;
    input wire  [63:0] entries$3;
    input wire  [63:0] entries$4;
    input wire  [63:0] entries$5;
    input wire  [63:0] entries$6;
    input wire  [63:0] entries$7;
    input wire  [63:0] entries$8;
    input wire  [63:0] entries$9;
    input wire  [63:0] entries$10;
    input wire  [63:0] entries$11;
    input wire  [63:0] entries$12;
    input wire  [63:0] entries$13;
    input wire  [63:0] entries$14;
    input wire  [63:0] entries$15;
    output reg  [63:0] out;
    
    // Constant declarations
    localparam  bit0 = 2'b0;
    localparam  bit1 = 2'b1;
    localparam  bit2 = 2'b10;
    localparam  bit3 = 2'b11;
    
    // Local signals
    reg  [63:0] l1$0;
    reg  [63:0] l1$1;
    reg  [63:0] l1$2;
    reg  [63:0] l1$3;
    reg  [63:0] l1$4;
    reg  [63:0] l1$5;
    reg  [63:0] l1$6;
    reg  [63:0] l1$7;
    reg  [63:0] l2$0;
    reg  [63:0] l2$1;
    reg  [63:0] l2$2;
    reg  [63:0] l2$3;
    reg  [63:0] l3$0;
    reg  [63:0] l3$1;
    
    // Update code
    always @(*) begin
        l1$0 = entries$0;
        if (sel[bit0]) begin
            l1$0 = entries$1;
        end
        l1$1 = entries$2;
        if (sel[bit0]) begin
            l1$1 = entries$3;
        end
        l1$2 = entries$4;
        if (sel[bit0]) begin
            l1$2 = entries$5;
        end
        l1$3 = entries$6;
        if (sel[bit0]) begin
            l1$3 = entries$7;
        end
        l1$4 = entries$8;
        if (sel[bit0]) begin
            l1$4 = entries$9;
        end
        l1$5 = entries$10;
        if (sel[bit0]) begin
            l1$5 = entries$11;
        end
        l1$6 = entries$12;
        if (sel[bit0]) begin
            l1$6 = entries$13;
        end
        l1$7 = entries$14;
        if (sel[bit0]) begin
            l1$7 = entries$15;
        end
        l2$0 = l1$0;
        if (sel[bit1]) begin
            l2$0 = l1$1;
        end
        l2$1 = l1$2;
        if (sel[bit1]) begin
            l2$1 = l1$3;
        end
        l2$2 = l1$4;
        if (sel[bit1]) begin
            l2$2 = l1$5;
        end
        l2$3 = l1$6;
        if (sel[bit1]) begin
            l2$3 = l1$7;
        end
        l3$0 = l2$0;
        if (sel[bit2]) begin
            l3$0 = l2$1;
        end
        l3$1 = l2$2;
        if (sel[bit2]) begin
            l3$1 = l2$3;
        end
        out = l3$0;
        if (sel[bit3]) begin
            out = l3$1;
        end
    end
    
endmodule // renq_paper_top$regs$csr_entry_read


module renq_paper_top$regs$export$0(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$0


module renq_paper_top$regs$export$1(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$1


module renq_paper_top$regs$export$10(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$10


module renq_paper_top$regs$export$11(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$11


module renq_paper_top$regs$export$12(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$12


module renq_paper_top$regs$export$13(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$13


module renq_paper_top$regs$export$14(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$14


module renq_paper_top$regs$export$15(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$15


module renq_paper_top$regs$export$2(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$2


module renq_paper_top$regs$export$3(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$3


module renq_paper_top$regs$export$4(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$4


module renq_paper_top$regs$export$5(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$5


module renq_paper_top$regs$export$6(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$6


module renq_paper_top$regs$export$7(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$7


module renq_paper_top$regs$export$8(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$8


module renq_paper_top$regs$export$9(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export$9


module renq_paper_top$regs$export_mask$0(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$0


module renq_paper_top$regs$export_mask$1(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$1


module renq_paper_top$regs$export_mask$10(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$10


module renq_paper_top$regs$export_mask$11(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$11


module renq_paper_top$regs$export_mask$12(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$12


module renq_paper_top$regs$export_mask$13(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$13


module renq_paper_top$regs$export_mask$14(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$14


module renq_paper_top$regs$export_mask$15(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$15


module renq_paper_top$regs$export_mask$2(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$2


module renq_paper_top$regs$export_mask$3(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$3


module renq_paper_top$regs$export_mask$4(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$4


module renq_paper_top$regs$export_mask$5(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$5


module renq_paper_top$regs$export_mask$6(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$6


module renq_paper_top$regs$export_mask$7(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$7


module renq_paper_top$regs$export_mask$8(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$8


module renq_paper_top$regs$export_mask$9(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$export_mask$9


module renq_paper_top$regs$export_ok$0(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$0


module renq_paper_top$regs$export_ok$1(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$1


module renq_paper_top$regs$export_ok$10(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$10


module renq_paper_top$regs$export_ok$11(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$11


module renq_paper_top$regs$export_ok$12(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$12


module renq_paper_top$regs$export_ok$13(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$13


module renq_paper_top$regs$export_ok$14(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$14


module renq_paper_top$regs$export_ok$15(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$15


module renq_paper_top$regs$export_ok$2(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$2


module renq_paper_top$regs$export_ok$3(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$3


module renq_paper_top$regs$export_ok$4(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$4


module renq_paper_top$regs$export_ok$5(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$5


module renq_paper_top$regs$export_ok$6(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$6


module renq_paper_top$regs$export_ok$7(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$7


module renq_paper_top$regs$export_ok$8(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$8


module renq_paper_top$regs$export_ok$9(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$export_ok$9


module renq_paper_top$regs$irq_mask(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$irq_mask


module renq_paper_top$regs$irq_mask_word(narrow,wide);
    
    // Module arguments
    input wire  [2:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {61'd0, narrow};
endmodule // renq_paper_top$regs$irq_mask_word


module renq_paper_top$regs$irq_status(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$irq_status


module renq_paper_top$regs$irq_status_word(narrow,wide);
    
    // Module arguments
    input wire  [2:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {61'd0, narrow};
endmodule // renq_paper_top$regs$irq_status_word


module renq_paper_top$regs$node_id_reg(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$node_id_reg


module renq_paper_top$regs$node_id_word(narrow,wide);
    
    // Module arguments
    input wire  [3:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {60'd0, narrow};
endmodule // renq_paper_top$regs$node_id_word


module renq_paper_top$regs$queues_word(narrow,wide);
    
    // Module arguments
    input wire  [15:0] narrow;
    output reg  [63:0] wide;
    
    // Update code (custom)
    always @(*) wide = {48'd0, narrow};
endmodule // renq_paper_top$regs$queues_word


module renq_paper_top$regs$rdata_cnt(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$rdata_cnt


module renq_paper_top$regs$rdata_export(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$rdata_export


module renq_paper_top$regs$rdata_misc(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$rdata_misc


module renq_paper_top$regs$rx_accept_read(sel,entries$0,entries$1,entries$2,entries$3,entries$4,entries$5,entries$6,entries$7,entries$8,entries$9,entries$10,entries$11,entries$12,entries$13,entries$14,entries$15,out);
    
    // Module arguments
    input wire  [3:0] sel;
    input wire  entries$0;
    input wire  entries$1;
    input wire  entries$2;
    input wire  entries$3;
    input wire  entries$4;
    input wire  entries$5;
    input wire  entries$6;
    input wire  entries$7;
    input wire  entries$8;
    input wire  entries$9;
    input wire  entries$10;
    input wire  entries$11;
    input wire  entries$12;
    input wire  entries$13;
    input wire  entries$14;
    input wire  entries$15;
    output reg  out;
    
    // Constant declarations
    localparam  bit0 = 2'b0;
    localparam  bit1 = 2'b1;
    localparam  bit2 = 2'b10;
    localparam  bit3 = 2'b11;
    
    // Local signals
    reg  l1$0;
    reg  l1$1;
    reg  l1$2;
    reg  l1$3;
    reg  l1$4;
    reg  l1$5;
    reg  l1$6;
    reg  l1$7;
    reg  l2$0;
    reg  l2$1;
    reg  l2$2;
    reg  l2$3;
    reg  l3$0;
    reg  l3$1;
    
    // Update code
    always @(*) begin
        l1$0 = entries$0;
        if (sel[bit0]) begin
            l1$0 = entries$1;
        end
        l1$1 = entries$2;
        if (sel[bit0]) begin
            l1$1 = entries$3;
        end
        l1$2 = entries$4;
        if (sel[bit0]) begin
            l1$2 = entries$5;
        end
        l1$3 = entries$6;
        if (sel[bit0]) begin
            l1$3 = entries$7;
        end
        l1$4 = entries$8;
        if (sel[bit0]) begin
            l1$4 = entries$9;
        end
        l1$5 = entries$10;
        if (sel[bit0]) begin
            l1$5 = entries$11;
        end
        l1$6 = entries$12;
        if (sel[bit0]) begin
            l1$6 = entries$13;
        end
        l1$7 = entries$14;
        if (sel[bit0]) begin
            l1$7 = entries$15;
        end
        l2$0 = l1$0;
        if (sel[bit1]) begin
            l2$0 = l1$1;
        end
        l2$1 = l1$2;
        if (sel[bit1]) begin
            l2$1 = l1$3;
        end
        l2$2 = l1$4;
        if (sel[bit1]) begin
            l2$2 = l1$5;
        end
        l2$3 = l1$6;
        if (sel[bit1]) begin
            l2$3 = l1$7;
        end
        l3$0 = l2$0;
        if (sel[bit2]) begin
            l3$0 = l2$1;
        end
        l3$1 = l2$2;
        if (sel[bit2]) begin
            l3$1 = l2$3;
        end
        out = l3$0;
        if (sel[bit3]) begin
            out = l3$1;
        end
    end
    
endmodule // renq_paper_top$regs$rx_accept_read


module renq_paper_top$regs$rx_base_read(sel,entries$0,entries$1,entries$2,entries$3,entries$4,entries$5,entries$6,entries$7,entries$8,entries$9,entries$10,entries$11,entries$12,entries$13,entries$14,entries$15,out);
    
    // Module arguments
    input wire  [3:0] sel;
    input wire  [47:0] entries$0;
    input wire  [47:0] entries$1;
    input wire  [47:0] entries$2;
    input wire  [47:0] entries$3;
    input wire  [47:0] entries$4;
    input wire  [47:0] entries$5;
    input wire  [47:0] entries$6;
    input wire  [47:0] entries$7;
    input wire  [47:0] entries$8;
    input wire  [47:0] entries$9;
    input wire  [47:0] entries$10;
    input wire  [47:0] entries$11;
    input wire  [47:0] entries$12;
    input wire  [47:0] entries$13;
    input wire  [47:0] entries$14;
    input wire  [47:0] entries$15;
    output reg  [47:0] out;
    
    // Constant declarations
    localparam  bit0 = 2'b0;
    localparam  bit1 = 2'b1;
    localparam  bit2 = 2'b10;
    localparam  bit3 = 2'b11;
    
    // Local signals
    reg  [47:0] l1$0;
    reg  [47:0] l1$1;
    reg  [47:0] l1$2;
    reg  [47:0] l1$3;
    reg  [47:0] l1$4;
    reg  [47:0] l1$5;
    reg  [47:0] l1$6;
    reg  [47:0] l1$7;
    reg  [47:0] l2$0;
    reg  [47:0] l2$1;
    reg  [47:0] l2$2;
    reg  [47:0] l2$3;
    reg  [47:0] l3$0;
    reg  [47:0] l3$1;
    
    // Update code
    always @(*) begin
        l1$0 = entries$0;
        if (sel[bit0]) begin
            l1$0 = entries$1;
        end
        l1$1 = entries$2;
        if (sel[bit0]) begin
            l1$1 = entries$3;
        end
        l1$2 = entries$4;
        if (sel[bit0]) begin
            l1$2 = entries$5;
        end
        l1$3 = entries$6;
        if (sel[bit0]) begin
            l1$3 = entries$7;
        end
        l1$4 = entries$8;
        if (sel[bit0]) begin
            l1$4 = entries$9;
        end
        l1$5 = entries$10;
        if (sel[bit0]) begin
            l1$5 = entries$11;
        end
        l1$6 = entries$12;
        if (sel[bit0]) begin
            l1$6 = entries$13;
        end
        l1$7 = entries$14;
        if (sel[bit0]) begin
            l1$7 = entries$15;
        end
        l2$0 = l1$0;
        if (sel[bit1]) begin
            l2$0 = l1$1;
        end
        l2$1 = l1$2;
        if (sel[bit1]) begin
            l2$1 = l1$3;
        end
        l2$2 = l1$4;
        if (sel[bit1]) begin
            l2$2 = l1$5;
        end
        l2$3 = l1$6;
        if (sel[bit1]) begin
            l2$3 = l1$7;
        end
        l3$0 = l2$0;
        if (sel[bit2]) begin
            l3$0 = l2$1;
        end
        l3$1 = l2$2;
        if (sel[bit2]) begin
            l3$1 = l2$3;
        end
        out = l3$0;
        if (sel[bit3]) begin
            out = l3$1;
        end
    end
    
endmodule // renq_paper_top$regs$rx_base_read


module renq_paper_top$regs$rx_mask_read(sel,entries$0,entries$1,entries$2,entries$3,entries$4,entries$5,entries$6,entries$7,entries$8,entries$9,entries$10,entries$11,entries$12,entries$13,entries$14,entries$15,out);
    
    // Module arguments
    input wire  [3:0] sel;
    input wire  [15:0] entries$0;
    input wire  [15:0] entries$1;
    input wire  [15:0] entries$2;
    input wire  [15:0] entries$3;
    input wire  [15:0] entries$4;
    input wire  [15:0] entries$5;
    input wire  [15:0] entries$6;
    input wire  [15:0] entries$7;
    input wire  [15:0] entries$8;
    input wire  [15:0] entries$9;
    input wire  [15:0] entries$10;
    input wire  [15:0] entries$11;
    input wire  [15:0] entries$12;
    input wire  [15:0] entries$13;
    input wire  [15:0] entries$14;
    input wire  [15:0] entries$15;
    output reg  [15:0] out;
    
    // Constant declarations
    localparam  bit0 = 2'b0;
    localparam  bit1 = 2'b1;
    localparam  bit2 = 2'b10;
    localparam  bit3 = 2'b11;
    
    // Local signals
    reg  [15:0] l1$0;
    reg  [15:0] l1$1;
    reg  [15:0] l1$2;
    reg  [15:0] l1$3;
    reg  [15:0] l1$4;
    reg  [15:0] l1$5;
    reg  [15:0] l1$6;
    reg  [15:0] l1$7;
    reg  [15:0] l2$0;
    reg  [15:0] l2$1;
    reg  [15:0] l2$2;
    reg  [15:0] l2$3;
    reg  [15:0] l3$0;
    reg  [15:0] l3$1;
    
    // Update code
    always @(*) begin
        l1$0 = entries$0;
        if (sel[bit0]) begin
            l1$0 = entries$1;
        end
        l1$1 = entries$2;
        if (sel[bit0]) begin
            l1$1 = entries$3;
        end
        l1$2 = entries$4;
        if (sel[bit0]) begin
            l1$2 = entries$5;
        end
        l1$3 = entries$6;
        if (sel[bit0]) begin
            l1$3 = entries$7;
        end
        l1$4 = entries$8;
        if (sel[bit0]) begin
            l1$4 = entries$9;
        end
        l1$5 = entries$10;
        if (sel[bit0]) begin
            l1$5 = entries$11;
        end
        l1$6 = entries$12;
        if (sel[bit0]) begin
            l1$6 = entries$13;
        end
        l1$7 = entries$14;
        if (sel[bit0]) begin
            l1$7 = entries$15;
        end
        l2$0 = l1$0;
        if (sel[bit1]) begin
            l2$0 = l1$1;
        end
        l2$1 = l1$2;
        if (sel[bit1]) begin
            l2$1 = l1$3;
        end
        l2$2 = l1$4;
        if (sel[bit1]) begin
            l2$2 = l1$5;
        end
        l2$3 = l1$6;
        if (sel[bit1]) begin
            l2$3 = l1$7;
        end
        l3$0 = l2$0;
        if (sel[bit2]) begin
            l3$0 = l2$1;
        end
        l3$1 = l2$2;
        if (sel[bit2]) begin
            l3$1 = l2$3;
        end
        out = l3$0;
        if (sel[bit3]) begin
            out = l3$1;
        end
    end
    
endmodule // renq_paper_top$regs$rx_mask_read


module renq_paper_top$regs$stalled_reg(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$stalled_reg


module renq_paper_top$regs$w_arm(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$w_arm


module renq_paper_top$regs$w_control(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$w_control


module renq_paper_top$regs$w_data(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$w_data


module renq_paper_top$regs$w_export(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$w_export


module renq_paper_top$regs$w_export_ok(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$w_export_ok


module renq_paper_top$regs$w_irq_clear(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$w_irq_clear


module renq_paper_top$regs$w_irq_mask(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$w_irq_mask


module renq_paper_top$regs$w_node(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$w_node


module renq_paper_top$regs$w_queue_ok(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$regs$w_queue_ok


module renq_paper_top$regs$w_resume(d,q,clock);
    
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
          
endmodule // renq_paper_top$regs$w_resume


module renq_paper_top$sender(clock,sh_valid,sh_ready,sh_addr,sh_data,sh_strobe,tx$valid,tx$ready,tx$src,tx$dst,tx$queue,tx$data,node_id,tx_enable,events$sent,events$dropped);
    
    // Module arguments
    input wire  clock;
    input wire  sh_valid;
    output reg  sh_ready;
    input wire  [19:0] sh_addr;
    input wire  [63:0] sh_data;
    input wire  [7:0] sh_strobe;
    output reg  tx$valid;
    input wire  tx$ready;
    output reg  [3:0] tx$src;
    output reg  [3:0] tx$dst;
    output reg  [3:0] tx$queue;
    output reg  [63:0] tx$data;
    input wire  [3:0] node_id;
    input wire  tx_enable;
    output reg  events$sent;
    output reg  events$dropped;
    
    // Constant declarations
    localparam  pos_queue = 5'b1100;
    localparam  pos_node = 5'b10000;
    localparam  word_offset_mask = 20'h7;
    localparam  zero_shadow_addr = 20'h0;
    localparam  full_strobe = 8'hff;
    
    // Stub signals
    reg  full$d;
    wire  full$q;
    reg  full$clock;
    reg  [3:0] src$d;
    wire  [3:0] src$q;
    reg  src$clock;
    reg  [3:0] dst$d;
    wire  [3:0] dst$q;
    reg  dst$clock;
    reg  [3:0] queue$d;
    wire  [3:0] queue$q;
    reg  queue$clock;
    reg  [63:0] data$d;
    wire  [63:0] data$q;
    reg  data$clock;
    
    // Local signals
    reg  take;
    reg  store_ok;
    
    // Sub module instances
    renq_paper_top$sender$full full(
        .d(full$d),
        .q(full$q),
        .clock(full$clock)
    );
    renq_paper_top$sender$src src(
        .d(src$d),
        .q(src$q),
        .clock(src$clock)
    );
    renq_paper_top$sender$dst dst(
        .d(dst$d),
        .q(dst$q),
        .clock(dst$clock)
    );
    renq_paper_top$sender$queue queue(
        .d(queue$d),
        .q(queue$q),
        .clock(queue$clock)
    );
    renq_paper_top$sender$data data(
        .d(data$d),
        .q(data$q),
        .clock(data$clock)
    );
    
    // Update code
    always @(*) begin
        full$clock = clock;
        src$clock = clock;
        dst$clock = clock;
        queue$clock = clock;
        data$clock = clock;
        full$d = full$q;
        src$d = src$q;
        dst$d = dst$q;
        queue$d = queue$q;
        data$d = data$q;
        sh_ready = ~full$q | tx$ready;
        take = sh_valid & sh_ready;
        store_ok = tx_enable & ((sh_addr & word_offset_mask) == zero_shadow_addr) & (sh_strobe == full_strobe);
        if (tx$ready) begin
            full$d = 1'b0;
        end
        events$sent = 1'b0;
        events$dropped = 1'b0;
        if (take) begin
            if (store_ok) begin
                full$d = 1'b1;
                src$d = node_id;
                dst$d = sh_addr[(pos_node)+:(4)];
                queue$d = sh_addr[(pos_queue)+:(4)];
                data$d = sh_data;
                events$sent = 1'b1;
            end
            else begin
                events$dropped = 1'b1;
            end
        end
        tx$valid = full$q;
        tx$src = src$q;
        tx$dst = dst$q;
        tx$queue = queue$q;
        tx$data = data$q;
    end
    
endmodule // renq_paper_top$sender


module renq_paper_top$sender$data(d,q,clock);
    
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
          
endmodule // renq_paper_top$sender$data


module renq_paper_top$sender$dst(d,q,clock);
    
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
          
endmodule // renq_paper_top$sender$dst


module renq_paper_top$sender$full(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_paper_top$sender$full


module renq_paper_top$sender$queue(d,q,clock);
    
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
          
endmodule // renq_paper_top$sender$queue


module renq_paper_top$sender$src(d,q,clock);
    
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
          
endmodule // renq_paper_top$sender$src
