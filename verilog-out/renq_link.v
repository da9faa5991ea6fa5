

module renq_link(clock,tick,pi_valid,pi_ready,pi_payload,po_valid,po_ready,po_payload,wo_valid,wo_ready,wo_kind,wo_seq,wo_ack,wo_payload,wo_crc_ok,wi_valid,wi_ready,wi_kind,wi_seq,wi_ack,wi_payload,wi_crc_ok,tx_sent,tx_resent,tx_timeout,tx_nak,tx_ack_out_of_window,tx_unexpected,tx_bad,rx_delivered,rx_duplicate,rx_gap,rx_out_of_window,rx_unexpected,rx_bad,rx_ack_sent,rx_nak_sent,rx_merged);
    
    // Module arguments
    input wire  clock;
    input wire  tick;
    input wire  pi_valid;
    output reg  pi_ready;
    input wire  [119:0] pi_payload;
    output reg  po_valid;
    input wire  po_ready;
    output reg  [119:0] po_payload;
    output reg  wo_valid;
    input wire  wo_ready;
    output reg  [1:0] wo_kind;
    output reg  [15:0] wo_seq;
    output reg  [15:0] wo_ack;
    output reg  [119:0] wo_payload;
    output reg  wo_crc_ok;
    input wire  wi_valid;
    output reg  wi_ready;
    input wire  [1:0] wi_kind;
    input wire  [15:0] wi_seq;
    input wire  [15:0] wi_ack;
    input wire  [119:0] wi_payload;
    input wire  wi_crc_ok;
    output reg  tx_sent;
    output reg  tx_resent;
    output reg  tx_timeout;
    output reg  tx_nak;
    output reg  tx_ack_out_of_window;
    output reg  tx_unexpected;
    output reg  tx_bad;
    output reg  rx_delivered;
    output reg  rx_duplicate;
    output reg  rx_gap;
    output reg  rx_out_of_window;
    output reg  rx_unexpected;
    output reg  rx_bad;
    output reg  rx_ack_sent;
    output reg  rx_nak_sent;
    output reg  rx_merged;
    
    // Stub signals
    reg  link$clock;
    reg  link$tick;
    reg  link$packets_in$valid;
    wire  link$packets_in$ready;
    reg  [119:0] link$packets_in$payload;
    wire  link$packets_out$valid;
    reg  link$packets_out$ready;
    wire  [119:0] link$packets_out$payload;
    wire  link$wire_out$valid;
    reg  link$wire_out$ready;
    wire  [1:0] link$wire_out$kind;
    wire  [15:0] link$wire_out$seq;
    wire  [15:0] link$wire_out$ack;
    wire  [119:0] link$wire_out$payload;
    wire  link$wire_out$crc_ok;
    reg  link$wire_in$valid;
    wire  link$wire_in$ready;
    reg  [1:0] link$wire_in$kind;
    reg  [15:0] link$wire_in$seq;
    reg  [15:0] link$wire_in$ack;
    reg  [119:0] link$wire_in$payload;
    reg  link$wire_in$crc_ok;
    wire  link$tx_events$sent;
    wire  link$tx_events$resent;
    wire  link$tx_events$timeout;
    wire  link$tx_events$nak;
    wire  link$tx_events$ack_out_of_window;
    wire  link$tx_events$unexpected;
    wire  link$tx_events$bad;
    wire  link$rx_events$delivered;
    wire  link$rx_events$duplicate;
    wire  link$rx_events$gap;
    wire  link$rx_events$out_of_window;
    wire  link$rx_events$unexpected;
    wire  link$rx_events$bad;
    wire  link$rx_events$ack_sent;
    wire  link$rx_events$nak_sent;
    wire  link$rx_events$merged;
    
    // Sub module instances
    renq_link$link link(
        .clock(link$clock),
        .tick(link$tick),
        .packets_in$valid(link$packets_in$valid),
        .packets_in$ready(link$packets_in$ready),
        .packets_in$payload(link$packets_in$payload),
        .packets_out$valid(link$packets_out$valid),
        .packets_out$ready(link$packets_out$ready),
        .packets_out$payload(link$packets_out$payload),
        .wire_out$valid(link$wire_out$valid),
        .wire_out$ready(link$wire_out$ready),
        .wire_out$kind(link$wire_out$kind),
        .wire_out$seq(link$wire_out$seq),
        .wire_out$ack(link$wire_out$ack),
        .wire_out$payload(link$wire_out$payload),
        .wire_out$crc_ok(link$wire_out$crc_ok),
        .wire_in$valid(link$wire_in$valid),
        .wire_in$ready(link$wire_in$ready),
        .wire_in$kind(link$wire_in$kind),
        .wire_in$seq(link$wire_in$seq),
        .wire_in$ack(link$wire_in$ack),
        .wire_in$payload(link$wire_in$payload),
        .wire_in$crc_ok(link$wire_in$crc_ok),
        .tx_events$sent(link$tx_events$sent),
        .tx_events$resent(link$tx_events$resent),
        .tx_events$timeout(link$tx_events$timeout),
        .tx_events$nak(link$tx_events$nak),
        .tx_events$ack_out_of_window(link$tx_events$ack_out_of_window),
        .tx_events$unexpected(link$tx_events$unexpected),
        .tx_events$bad(link$tx_events$bad),
        .rx_events$delivered(link$rx_events$delivered),
        .rx_events$duplicate(link$rx_events$duplicate),
        .rx_events$gap(link$rx_events$gap),
        .rx_events$out_of_window(link$rx_events$out_of_window),
        .rx_events$unexpected(link$rx_events$unexpected),
        .rx_events$bad(link$rx_events$bad),
        .rx_events$ack_sent(link$rx_events$ack_sent),
        .rx_events$nak_sent(link$rx_events$nak_sent),
        .rx_events$merged(link$rx_events$merged)
    );
    
    // Update code
    always @(*) begin
        link$clock = clock;
        link$tick = tick;
        link$packets_in$valid = pi_valid;
        pi_ready = link$packets_in$ready;
        link$packets_in$payload = pi_payload;
        po_valid = link$packets_out$valid;
        link$packets_out$ready = po_ready;
        po_payload = link$packets_out$payload;
        wo_valid = link$wire_out$valid;
        link$wire_out$ready = wo_ready;
        wo_kind = link$wire_out$kind;
        wo_seq = link$wire_out$seq;
        wo_ack = link$wire_out$ack;
        wo_payload = link$wire_out$payload;
        wo_crc_ok = link$wire_out$crc_ok;
        link$wire_in$valid = wi_valid;
        wi_ready = link$wire_in$ready;
        link$wire_in$kind = wi_kind;
        link$wire_in$seq = wi_seq;
        link$wire_in$ack = wi_ack;
        link$wire_in$payload = wi_payload;
        link$wire_in$crc_ok = wi_crc_ok;
        tx_sent = link$tx_events$sent;
        tx_resent = link$tx_events$resent;
        tx_timeout = link$tx_events$timeout;
        tx_nak = link$tx_events$nak;
        tx_ack_out_of_window = link$tx_events$ack_out_of_window;
        tx_unexpected = link$tx_events$unexpected;
        tx_bad = link$tx_events$bad;
        rx_delivered = link$rx_events$delivered;
        rx_duplicate = link$rx_events$duplicate;
        rx_gap = link$rx_events$gap;
        rx_out_of_window = link$rx_events$out_of_window;
        rx_unexpected = link$rx_events$unexpected;
        rx_bad = link$rx_events$bad;
        rx_ack_sent = link$rx_events$ack_sent;
        rx_nak_sent = link$rx_events$nak_sent;
        rx_merged = link$rx_events$merged;
    end
    
endmodule // renq_link


module renq_link$link(clock,tick,packets_in$valid,packets_in$ready,packets_in$payload,packets_out$valid,packets_out$ready,packets_out$payload,wire_out$valid,wire_out$ready,wire_out$kind,wire_out$seq,wire_out$ack,wire_out$payload,wire_out$crc_ok,wire_in$valid,wire_in$ready,wire_in$kind,wire_in$seq,wire_in$ack,wire_in$payload,wire_in$crc_ok,tx_events$sent,tx_events$resent,tx_events$timeout,tx_events$nak,tx_events$ack_out_of_window,tx_events$unexpected,tx_events$bad,rx_events$delivered,rx_events$duplicate,rx_events$gap,rx_events$out_of_window,rx_events$unexpected,rx_events$bad,rx_events$ack_sent,rx_events$nak_sent,rx_events$merged);
    
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
    renq_link$link$tx tx(
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
    renq_link$link$data data(
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
    renq_link$link$rx rx(
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
    renq_link$link$prefer_data prefer_data(
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
endmodule // renq_link$link


module renq_link$link$data(clock,frames_in$valid,frames_in$ready,frames_in$kind,frames_in$seq,frames_in$ack,frames_in$payload,frames_in$crc_ok,frames_out$valid,frames_out$ready,frames_out$kind,frames_out$seq,frames_out$ack,frames_out$payload,frames_out$crc_ok,flush);
    
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
    renq_link$link$data$out_valid out_valid(
        .d(out_valid$d),
        .q(out_valid$q),
        .clock(out_valid$clock)
    );
    renq_link$link$data$out_kind out_kind(
        .d(out_kind$d),
        .q(out_kind$q),
        .clock(out_kind$clock)
    );
    renq_link$link$data$out_seq out_seq(
        .d(out_seq$d),
        .q(out_seq$q),
        .clock(out_seq$clock)
    );
    renq_link$link$data$out_ack out_ack(
        .d(out_ack$d),
        .q(out_ack$q),
        .clock(out_ack$clock)
    );
    renq_link$link$data$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_link$link$data$out_crc_ok out_crc_ok(
        .d(out_crc_ok$d),
        .q(out_crc_ok$q),
        .clock(out_crc_ok$clock)
    );
    renq_link$link$data$held_valid held_valid(
        .d(held_valid$d),
        .q(held_valid$q),
        .clock(held_valid$clock)
    );
    renq_link$link$data$held_kind held_kind(
        .d(held_kind$d),
        .q(held_kind$q),
        .clock(held_kind$clock)
    );
    renq_link$link$data$held_seq held_seq(
        .d(held_seq$d),
        .q(held_seq$q),
        .clock(held_seq$clock)
    );
    renq_link$link$data$held_ack held_ack(
        .d(held_ack$d),
        .q(held_ack$q),
        .clock(held_ack$clock)
    );
    renq_link$link$data$held_payload held_payload(
        .d(held_payload$d),
        .q(held_payload$q),
        .clock(held_payload$clock)
    );
    renq_link$link$data$held_crc_ok held_crc_ok(
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
    
endmodule // renq_link$link$data


module renq_link$link$data$held_ack(d,q,clock);
    
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
          
endmodule // renq_link$link$data$held_ack


module renq_link$link$data$held_crc_ok(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$data$held_crc_ok


module renq_link$link$data$held_kind(d,q,clock);
    
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
          
endmodule // renq_link$link$data$held_kind


module renq_link$link$data$held_payload(d,q,clock);
    
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
          
endmodule // renq_link$link$data$held_payload


module renq_link$link$data$held_seq(d,q,clock);
    
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
          
endmodule // renq_link$link$data$held_seq


module renq_link$link$data$held_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$data$held_valid


module renq_link$link$data$out_ack(d,q,clock);
    
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
          
endmodule // renq_link$link$data$out_ack


module renq_link$link$data$out_crc_ok(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$data$out_crc_ok


module renq_link$link$data$out_kind(d,q,clock);
    
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
          
endmodule // renq_link$link$data$out_kind


module renq_link$link$data$out_payload(d,q,clock);
    
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
          
endmodule // renq_link$link$data$out_payload


module renq_link$link$data$out_seq(d,q,clock);
    
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
          
endmodule // renq_link$link$data$out_seq


module renq_link$link$data$out_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$data$out_valid


module renq_link$link$prefer_data(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$prefer_data


module renq_link$link$rx(clock,data_in$valid,data_in$ready,data_in$kind,data_in$seq,data_in$ack,data_in$payload,data_in$crc_ok,packets$valid,packets$ready,packets$payload,ctl_out$valid,ctl_out$ready,ctl_out$kind,ctl_out$seq,ctl_out$ack,ctl_out$payload,ctl_out$crc_ok,events$delivered,events$duplicate,events$gap,events$out_of_window,events$unexpected,events$bad,events$ack_sent,events$nak_sent,events$merged);
    
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
    renq_link$link$rx$expected expected(
        .d(expected$d),
        .q(expected$q),
        .clock(expected$clock)
    );
    renq_link$link$rx$nak_sent nak_sent(
        .d(nak_sent$d),
        .q(nak_sent$q),
        .clock(nak_sent$clock)
    );
    renq_link$link$rx$out_full out_full(
        .d(out_full$d),
        .q(out_full$q),
        .clock(out_full$clock)
    );
    renq_link$link$rx$out_payload out_payload(
        .d(out_payload$d),
        .q(out_payload$q),
        .clock(out_payload$clock)
    );
    renq_link$link$rx$reply_valid reply_valid(
        .d(reply_valid$d),
        .q(reply_valid$q),
        .clock(reply_valid$clock)
    );
    renq_link$link$rx$reply_nak reply_nak(
        .d(reply_nak$d),
        .q(reply_nak$q),
        .clock(reply_nak$clock)
    );
    renq_link$link$rx$reply_ack reply_ack(
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
    
endmodule // renq_link$link$rx


module renq_link$link$rx$expected(d,q,clock);
    
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
    renq_link$link$rx$expected$dff dff(
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
    
endmodule // renq_link$link$rx$expected


module renq_link$link$rx$expected$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$rx$expected$dff


module renq_link$link$rx$nak_sent(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$rx$nak_sent


module renq_link$link$rx$out_full(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$rx$out_full


module renq_link$link$rx$out_payload(d,q,clock);
    
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
          
endmodule // renq_link$link$rx$out_payload


module renq_link$link$rx$reply_ack(d,q,clock);
    
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
          
endmodule // renq_link$link$rx$reply_ack


module renq_link$link$rx$reply_nak(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$rx$reply_nak


module renq_link$link$rx$reply_valid(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$rx$reply_valid


module renq_link$link$tx(clock,packets$valid,packets$ready,packets$payload,data_out$valid,data_out$ready,data_out$kind,data_out$seq,data_out$ack,data_out$payload,data_out$crc_ok,ctl_in$valid,ctl_in$ready,ctl_in$kind,ctl_in$seq,ctl_in$ack,ctl_in$payload,ctl_in$crc_ok,tick,events$sent,events$resent,events$timeout,events$nak,events$ack_out_of_window,events$unexpected,events$bad);
    
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
    renq_link$link$tx$replay replay(
        .read_address(replay$read_address),
        .read_clock(replay$read_clock),
        .read_data(replay$read_data),
        .write_address(replay$write_address),
        .write_clock(replay$write_clock),
        .write_data(replay$write_data),
        .write_enable(replay$write_enable)
    );
    renq_link$link$tx$base base(
        .d(base$d),
        .q(base$q),
        .clock(base$clock)
    );
    renq_link$link$tx$next next(
        .d(next$d),
        .q(next$q),
        .clock(next$clock)
    );
    renq_link$link$tx$high high(
        .d(high$d),
        .q(high$q),
        .clock(high$clock)
    );
    renq_link$link$tx$tail tail(
        .d(tail$d),
        .q(tail$q),
        .clock(tail$clock)
    );
    renq_link$link$tx$next_from_base next_from_base(
        .d(next_from_base$d),
        .q(next_from_base$q),
        .clock(next_from_base$clock)
    );
    renq_link$link$tx$fresh fresh(
        .d(fresh$d),
        .q(fresh$q),
        .clock(fresh$clock)
    );
    renq_link$link$tx$unsent unsent(
        .d(unsent$d),
        .q(unsent$q),
        .clock(unsent$clock)
    );
    renq_link$link$tx$timer_on timer_on(
        .d(timer_on$d),
        .q(timer_on$q),
        .clock(timer_on$clock)
    );
    renq_link$link$tx$timer timer(
        .d(timer$d),
        .q(timer$q),
        .clock(timer$clock)
    );
    renq_link$link$tx$rto rto(
        .d(rto$d),
        .q(rto$q),
        .clock(rto$clock)
    );
    renq_link$link$tx$pending_progress pending_progress(
        .d(pending_progress$d),
        .q(pending_progress$q),
        .clock(pending_progress$clock)
    );
    renq_link$link$tx$pending_nak pending_nak(
        .d(pending_nak$d),
        .q(pending_nak$q),
        .clock(pending_nak$clock)
    );
    renq_link$link$tx$pending_ack pending_ack(
        .d(pending_ack$d),
        .q(pending_ack$q),
        .clock(pending_ack$clock)
    );
    renq_link$link$tx$pending_acked pending_acked(
        .d(pending_acked$d),
        .q(pending_acked$q),
        .clock(pending_acked$clock)
    );
    renq_link$link$tx$pending_acked_less1 pending_acked_less1(
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
    
endmodule // renq_link$link$tx


module renq_link$link$tx$base(d,q,clock);
    
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
    renq_link$link$tx$base$dff dff(
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
    
endmodule // renq_link$link$tx$base


module renq_link$link$tx$base$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$base$dff


module renq_link$link$tx$fresh(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$tx$fresh


module renq_link$link$tx$high(d,q,clock);
    
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
    renq_link$link$tx$high$dff dff(
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
    
endmodule // renq_link$link$tx$high


module renq_link$link$tx$high$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$high$dff


module renq_link$link$tx$next(d,q,clock);
    
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
    renq_link$link$tx$next$dff dff(
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
    
endmodule // renq_link$link$tx$next


module renq_link$link$tx$next$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$next$dff


module renq_link$link$tx$next_from_base(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$next_from_base


module renq_link$link$tx$pending_ack(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$pending_ack


module renq_link$link$tx$pending_acked(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$pending_acked


module renq_link$link$tx$pending_acked_less1(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$pending_acked_less1


module renq_link$link$tx$pending_nak(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$tx$pending_nak


module renq_link$link$tx$pending_progress(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$tx$pending_progress


module renq_link$link$tx$replay(read_address,read_clock,read_data,write_address,write_clock,write_data,write_enable);
    
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
                
endmodule // renq_link$link$tx$replay


module renq_link$link$tx$rto(d,q,clock);
    
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
    renq_link$link$tx$rto$dff dff(
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
    
endmodule // renq_link$link$tx$rto


module renq_link$link$tx$rto$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$rto$dff


module renq_link$link$tx$tail(d,q,clock);
    
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
    renq_link$link$tx$tail$dff dff(
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
    
endmodule // renq_link$link$tx$tail


module renq_link$link$tx$tail$dff(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$tail$dff


module renq_link$link$tx$timer(d,q,clock);
    
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
          
endmodule // renq_link$link$tx$timer


module renq_link$link$tx$timer_on(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$tx$timer_on


module renq_link$link$tx$unsent(d,q,clock);
    
    // Module arguments
    input wire  d;
    output reg  q;
    input wire  clock;
    
    // Update code (custom)
    initial begin
       q = 1'h0;
    end
    
    always @(posedge clock) begin
       q <= d;
    end
          
endmodule // renq_link$link$tx$unsent
