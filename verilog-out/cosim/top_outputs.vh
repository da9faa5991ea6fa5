// The whole card's output ports as wires, for benches that connect renq_top with `.*`
// (cosim/tb_top.v, formal/top_formal.sv).
// Generated from hdl/src/top/ports.rs by `cargo run --release -p renq-hdl --bin emit-card-ports`; do not edit.
wire csr_ready;
wire [63:0] csr_rdata;
wire csr_rvalid;
wire b2_ready;
wire b2_rvalid;
wire [63:0] b2_rdata;
wire wr_valid;
wire [47:0] wr_addr;
wire [63:0] wr_data;
wire rd_valid;
wire [47:0] rd_addr;
wire [1:0] rd_tag;
wire tx_valid;
wire [9:0] tx_src;
wire [9:0] tx_dst;
wire [11:0] tx_queue;
wire [11:0] tx_portal;
wire [7:0] tx_epoch;
wire [63:0] tx_data;
wire otx_valid;
wire [9:0] otx_src;
wire [9:0] otx_dst;
wire [11:0] otx_queue;
wire [11:0] otx_portal;
wire [7:0] otx_epoch;
wire [63:0] otx_data;
wire rx_ready;
wire orx_ready;
wire irq;
wire idle;
