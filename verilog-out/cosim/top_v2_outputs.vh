// The whole card's output ports as wires, for benches that connect renq_top_v2 with `.*`
// (cosim/tb_top_v2.v, formal/top_v2_formal.sv).
wire csr_ready, csr_rvalid, b2_ready, b2_rvalid, wr_valid, rd_valid, tx_valid, otx_valid, rx_ready, orx_ready,
    irq, idle;
wire [63:0] csr_rdata, b2_rdata, wr_data, tx_data, otx_data;
wire [47:0] wr_addr, rd_addr;
wire [1:0] rd_tag;
wire [9:0] tx_src, tx_dst, otx_src, otx_dst;
wire [11:0] tx_queue, tx_portal, otx_queue, otx_portal;
wire [7:0] tx_epoch, otx_epoch;
