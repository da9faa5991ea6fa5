// renq paper card BAR0 register map, generated from renq_abi::paper::regs::REGISTERS. Do not edit:
// cargo run --release -p renq-abi --bin emit-regs-vh -- verilog-out/cosim/paper_regs.vh
// ID (RO): Identification: ID_VALUE ("RENQ" and the ABI version).
localparam [11:0] REG_ID = 12'h000;
localparam [63:0] REG_ID_DEFINED = 64'hffffffffffffffff;
// NODE_ID (RW): This card's node id, stamped as `src` into every packet sent.
localparam [11:0] REG_NODE_ID = 12'h008;
localparam [63:0] REG_NODE_ID_DEFINED = 64'h000000000000000f;
// CONTROL (RW): `Control` bits.
localparam [11:0] REG_CONTROL = 12'h010;
localparam [63:0] REG_CONTROL_DEFINED = 64'h0000000000000003;
localparam integer REG_CONTROL_RX_ENABLE_LSB = 0;
localparam integer REG_CONTROL_RX_ENABLE_MSB = 0;
localparam integer REG_CONTROL_TX_ENABLE_LSB = 1;
localparam integer REG_CONTROL_TX_ENABLE_MSB = 1;
// IRQ_STATUS (RO, W1C): `Irq` bits that happened (write 1 to clear).
localparam [11:0] REG_IRQ_STATUS = 12'h018;
localparam [63:0] REG_IRQ_STATUS_DEFINED = 64'h0000000000000007;
localparam integer REG_IRQ_STATUS_OVERFLOW_LSB = 0;
localparam integer REG_IRQ_STATUS_OVERFLOW_MSB = 0;
localparam integer REG_IRQ_STATUS_BAD_HEADER_LSB = 1;
localparam integer REG_IRQ_STATUS_BAD_HEADER_MSB = 1;
localparam integer REG_IRQ_STATUS_NOTIFY_LSB = 2;
localparam integer REG_IRQ_STATUS_NOTIFY_MSB = 2;
// IRQ_MASK (RW): `Irq` bits that raise the interrupt line (line = |(status & mask)).
localparam [11:0] REG_IRQ_MASK = 12'h020;
localparam [63:0] REG_IRQ_MASK_DEFINED = 64'h0000000000000007;
localparam integer REG_IRQ_MASK_OVERFLOW_LSB = 0;
localparam integer REG_IRQ_MASK_OVERFLOW_MSB = 0;
localparam integer REG_IRQ_MASK_BAD_HEADER_LSB = 1;
localparam integer REG_IRQ_MASK_BAD_HEADER_MSB = 1;
localparam integer REG_IRQ_MASK_NOTIFY_LSB = 2;
localparam integer REG_IRQ_MASK_NOTIFY_MSB = 2;
// STALLED (RO): Bit q set = queue q is stalled (full; waiting for the driver).
localparam [11:0] REG_STALLED = 12'h028;
localparam [63:0] REG_STALLED_DEFINED = 64'h000000000000ffff;
// RESUME (WO): Write q to resume queue q (clears STALLED bit q); other values are ignored.
localparam [11:0] REG_RESUME = 12'h030;
localparam [63:0] REG_RESUME_DEFINED = 64'h000000000000000f;
// ARM (WO): Write q to arm queue q: its next enqueue raises IRQ NOTIFY once and disarms it.
localparam [11:0] REG_ARM = 12'h038;
localparam [63:0] REG_ARM_DEFINED = 64'h000000000000000f;
// CNT_SENT (RO): Shadow stores sent as packets (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_SENT = 12'h040;
localparam [63:0] REG_CNT_SENT_DEFINED = 64'h00000000ffffffff;
// CNT_TX_DROPPED (RO): Shadow stores dropped (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_TX_DROPPED = 12'h048;
localparam [63:0] REG_CNT_TX_DROPPED_DEFINED = 64'h00000000ffffffff;
// CNT_ENQUEUED (RO): Items written (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_ENQUEUED = 12'h050;
localparam [63:0] REG_CNT_ENQUEUED_DEFINED = 64'h00000000ffffffff;
// CNT_REJECTED (RO): Packets dropped in LD0 (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_REJECTED = 12'h058;
localparam [63:0] REG_CNT_REJECTED_DEFINED = 64'h00000000ffffffff;
// CNT_OVERFLOWS (RO): Times a queue became full (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_OVERFLOWS = 12'h060;
localparam [63:0] REG_CNT_OVERFLOWS_DEFINED = 64'h00000000ffffffff;
// CNT_BAD_HEADER (RO): Packets dropped for a corrupt tail (COUNTER_BITS wide, wraps).
localparam [11:0] REG_CNT_BAD_HEADER = 12'h068;
localparam [63:0] REG_CNT_BAD_HEADER_DEFINED = 64'h00000000ffffffff;
// ARMED (RO): Bit q set = queue q is armed.
localparam [11:0] REG_ARMED = 12'h070;
localparam [63:0] REG_ARMED_DEFINED = 64'h000000000000ffff;
// EXPORT (RW): Export table: one `ExportEntry` per queue at `EXPORT + 8 * q`.
localparam [11:0] REG_EXPORT = 12'h100;
localparam [63:0] REG_EXPORT_DEFINED = 64'h801fffffffffffff;
localparam integer REG_EXPORT_COUNT = 16;
localparam integer REG_EXPORT_BASE_LSB = 0;
localparam integer REG_EXPORT_BASE_MSB = 47;
localparam integer REG_EXPORT_LOG2_WORDS_LSB = 48;
localparam integer REG_EXPORT_LOG2_WORDS_MSB = 52;
localparam integer REG_EXPORT_VALID_LSB = 63;
localparam integer REG_EXPORT_VALID_MSB = 63;
localparam [63:0] REG_ID_VALUE = 64'h52454e5100000001;
