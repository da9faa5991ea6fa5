// The whole card's ports (renq_top) as the FFI shim (card.cpp) copies them: Rust's
// renq_hdl::cycle::PortsIn / PortsOut (#[repr(C)]), field by field.
// Generated from hdl/src/top/ports.rs by `cargo run --release -p renq-hdl --bin emit-card-ports`; do not edit.
#pragma once

#include <cstddef>
#include <cstdint>

extern "C" {

struct renq_card_ports_in {
    uint16_t csr_addr;  // 12 bits
    uint64_t csr_wdata;  // 64 bits
    bool csr_write;  // 1 bit
    bool csr_read;  // 1 bit
    bool b2_valid;  // 1 bit
    bool b2_write;  // 1 bit
    uint32_t b2_addr;  // 24 bits
    uint64_t b2_data;  // 64 bits
    uint8_t b2_strobe;  // 8 bits
    bool wr_ready;  // 1 bit
    bool rd_ready;  // 1 bit
    bool rsp_valid;  // 1 bit
    uint8_t rsp_tag;  // 2 bits
    uint64_t rsp_data;  // 64 bits
    bool tx_ready;  // 1 bit
    bool otx_ready;  // 1 bit
    bool rx_valid;  // 1 bit
    uint16_t rx_src;  // 10 bits
    uint16_t rx_dst;  // 10 bits
    uint16_t rx_queue;  // 12 bits
    uint16_t rx_portal;  // 12 bits
    uint8_t rx_epoch;  // 8 bits
    uint64_t rx_data;  // 64 bits
    bool orx_valid;  // 1 bit
    uint16_t orx_src;  // 10 bits
    uint16_t orx_dst;  // 10 bits
    uint16_t orx_queue;  // 12 bits
    uint16_t orx_portal;  // 12 bits
    uint8_t orx_epoch;  // 8 bits
    uint64_t orx_data;  // 64 bits
};
static_assert(sizeof(renq_card_ports_in) == 96, "renq_card_ports_in: layout differs from Rust's");
static_assert(offsetof(renq_card_ports_in, csr_addr) == 0, "renq_card_ports_in.csr_addr: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, csr_wdata) == 8, "renq_card_ports_in.csr_wdata: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, csr_write) == 16, "renq_card_ports_in.csr_write: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, csr_read) == 17, "renq_card_ports_in.csr_read: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, b2_valid) == 18, "renq_card_ports_in.b2_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, b2_write) == 19, "renq_card_ports_in.b2_write: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, b2_addr) == 20, "renq_card_ports_in.b2_addr: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, b2_data) == 24, "renq_card_ports_in.b2_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, b2_strobe) == 32, "renq_card_ports_in.b2_strobe: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, wr_ready) == 33, "renq_card_ports_in.wr_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rd_ready) == 34, "renq_card_ports_in.rd_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rsp_valid) == 35, "renq_card_ports_in.rsp_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rsp_tag) == 36, "renq_card_ports_in.rsp_tag: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rsp_data) == 40, "renq_card_ports_in.rsp_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, tx_ready) == 48, "renq_card_ports_in.tx_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, otx_ready) == 49, "renq_card_ports_in.otx_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_valid) == 50, "renq_card_ports_in.rx_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_src) == 52, "renq_card_ports_in.rx_src: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_dst) == 54, "renq_card_ports_in.rx_dst: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_queue) == 56, "renq_card_ports_in.rx_queue: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_portal) == 58, "renq_card_ports_in.rx_portal: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_epoch) == 60, "renq_card_ports_in.rx_epoch: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, rx_data) == 64, "renq_card_ports_in.rx_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_valid) == 72, "renq_card_ports_in.orx_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_src) == 74, "renq_card_ports_in.orx_src: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_dst) == 76, "renq_card_ports_in.orx_dst: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_queue) == 78, "renq_card_ports_in.orx_queue: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_portal) == 80, "renq_card_ports_in.orx_portal: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_epoch) == 82, "renq_card_ports_in.orx_epoch: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_in, orx_data) == 88, "renq_card_ports_in.orx_data: offset differs from Rust's");

struct renq_card_ports_out {
    bool csr_ready;  // 1 bit
    uint64_t csr_rdata;  // 64 bits
    bool csr_rvalid;  // 1 bit
    bool b2_ready;  // 1 bit
    bool b2_rvalid;  // 1 bit
    uint64_t b2_rdata;  // 64 bits
    bool wr_valid;  // 1 bit
    uint64_t wr_addr;  // 48 bits
    uint64_t wr_data;  // 64 bits
    bool rd_valid;  // 1 bit
    uint64_t rd_addr;  // 48 bits
    uint8_t rd_tag;  // 2 bits
    bool tx_valid;  // 1 bit
    uint16_t tx_src;  // 10 bits
    uint16_t tx_dst;  // 10 bits
    uint16_t tx_queue;  // 12 bits
    uint16_t tx_portal;  // 12 bits
    uint8_t tx_epoch;  // 8 bits
    uint64_t tx_data;  // 64 bits
    bool otx_valid;  // 1 bit
    uint16_t otx_src;  // 10 bits
    uint16_t otx_dst;  // 10 bits
    uint16_t otx_queue;  // 12 bits
    uint16_t otx_portal;  // 12 bits
    uint8_t otx_epoch;  // 8 bits
    uint64_t otx_data;  // 64 bits
    bool rx_ready;  // 1 bit
    bool orx_ready;  // 1 bit
    bool irq;  // 1 bit
    bool idle;  // 1 bit
};
static_assert(sizeof(renq_card_ports_out) == 128, "renq_card_ports_out: layout differs from Rust's");
static_assert(offsetof(renq_card_ports_out, csr_ready) == 0, "renq_card_ports_out.csr_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, csr_rdata) == 8, "renq_card_ports_out.csr_rdata: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, csr_rvalid) == 16, "renq_card_ports_out.csr_rvalid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, b2_ready) == 17, "renq_card_ports_out.b2_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, b2_rvalid) == 18, "renq_card_ports_out.b2_rvalid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, b2_rdata) == 24, "renq_card_ports_out.b2_rdata: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, wr_valid) == 32, "renq_card_ports_out.wr_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, wr_addr) == 40, "renq_card_ports_out.wr_addr: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, wr_data) == 48, "renq_card_ports_out.wr_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, rd_valid) == 56, "renq_card_ports_out.rd_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, rd_addr) == 64, "renq_card_ports_out.rd_addr: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, rd_tag) == 72, "renq_card_ports_out.rd_tag: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_valid) == 73, "renq_card_ports_out.tx_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_src) == 74, "renq_card_ports_out.tx_src: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_dst) == 76, "renq_card_ports_out.tx_dst: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_queue) == 78, "renq_card_ports_out.tx_queue: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_portal) == 80, "renq_card_ports_out.tx_portal: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_epoch) == 82, "renq_card_ports_out.tx_epoch: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, tx_data) == 88, "renq_card_ports_out.tx_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_valid) == 96, "renq_card_ports_out.otx_valid: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_src) == 98, "renq_card_ports_out.otx_src: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_dst) == 100, "renq_card_ports_out.otx_dst: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_queue) == 102, "renq_card_ports_out.otx_queue: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_portal) == 104, "renq_card_ports_out.otx_portal: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_epoch) == 106, "renq_card_ports_out.otx_epoch: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, otx_data) == 112, "renq_card_ports_out.otx_data: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, rx_ready) == 120, "renq_card_ports_out.rx_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, orx_ready) == 121, "renq_card_ports_out.orx_ready: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, irq) == 122, "renq_card_ports_out.irq: offset differs from Rust's");
static_assert(offsetof(renq_card_ports_out, idle) == 123, "renq_card_ports_out.idle: offset differs from Rust's");

}  // extern "C"

// Every port by direction, applied as X(port).
#define RENQ_INPUTS(X) \
    X(csr_addr) \
    X(csr_wdata) \
    X(csr_write) \
    X(csr_read) \
    X(b2_valid) \
    X(b2_write) \
    X(b2_addr) \
    X(b2_data) \
    X(b2_strobe) \
    X(wr_ready) \
    X(rd_ready) \
    X(rsp_valid) \
    X(rsp_tag) \
    X(rsp_data) \
    X(tx_ready) \
    X(otx_ready) \
    X(rx_valid) \
    X(rx_src) \
    X(rx_dst) \
    X(rx_queue) \
    X(rx_portal) \
    X(rx_epoch) \
    X(rx_data) \
    X(orx_valid) \
    X(orx_src) \
    X(orx_dst) \
    X(orx_queue) \
    X(orx_portal) \
    X(orx_epoch) \
    X(orx_data)
#define RENQ_OUTPUTS(X) \
    X(csr_ready) \
    X(csr_rdata) \
    X(csr_rvalid) \
    X(b2_ready) \
    X(b2_rvalid) \
    X(b2_rdata) \
    X(wr_valid) \
    X(wr_addr) \
    X(wr_data) \
    X(rd_valid) \
    X(rd_addr) \
    X(rd_tag) \
    X(tx_valid) \
    X(tx_src) \
    X(tx_dst) \
    X(tx_queue) \
    X(tx_portal) \
    X(tx_epoch) \
    X(tx_data) \
    X(otx_valid) \
    X(otx_src) \
    X(otx_dst) \
    X(otx_queue) \
    X(otx_portal) \
    X(otx_epoch) \
    X(otx_data) \
    X(rx_ready) \
    X(orx_ready) \
    X(irq) \
    X(idle)
