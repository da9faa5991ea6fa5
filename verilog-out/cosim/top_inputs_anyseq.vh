// The whole card's input ports as free wires, any value in every cycle
// (formal/top_formal.sv).
// Generated from hdl/src/top/ports.rs by `cargo run --release -p renq-hdl --bin emit-card-ports`; do not edit.
(* anyseq *) wire [11:0] csr_addr;
(* anyseq *) wire [63:0] csr_wdata;
(* anyseq *) wire csr_write;
(* anyseq *) wire csr_read;
(* anyseq *) wire b2_valid;
(* anyseq *) wire b2_write;
(* anyseq *) wire [23:0] b2_addr;
(* anyseq *) wire [63:0] b2_data;
(* anyseq *) wire [7:0] b2_strobe;
(* anyseq *) wire wr_ready;
(* anyseq *) wire rd_ready;
(* anyseq *) wire rsp_valid;
(* anyseq *) wire [1:0] rsp_tag;
(* anyseq *) wire [63:0] rsp_data;
(* anyseq *) wire tx_ready;
(* anyseq *) wire otx_ready;
(* anyseq *) wire rx_valid;
(* anyseq *) wire [9:0] rx_src;
(* anyseq *) wire [9:0] rx_dst;
(* anyseq *) wire [11:0] rx_queue;
(* anyseq *) wire [11:0] rx_portal;
(* anyseq *) wire [7:0] rx_epoch;
(* anyseq *) wire [63:0] rx_data;
(* anyseq *) wire orx_valid;
(* anyseq *) wire [9:0] orx_src;
(* anyseq *) wire [9:0] orx_dst;
(* anyseq *) wire [11:0] orx_queue;
(* anyseq *) wire [11:0] orx_portal;
(* anyseq *) wire [7:0] orx_epoch;
(* anyseq *) wire [63:0] orx_data;
