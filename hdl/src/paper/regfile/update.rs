//! The register file's `update`: CSR decode, the registers' writes, events, counters and the
//! registered read answer (the struct and the CSR protocol are in `regfile.rs`).

use super::*;

impl Logic for PaperRegFile {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            node_id_reg,
            control,
            irq_status,
            irq_mask,
            stalled_reg,
            armed_reg,
            rdata_misc,
            rdata_cnt,
            rdata_export,
            w_node,
            w_control,
            w_irq_mask,
            w_irq_clear,
            w_resume,
            w_arm,
            w_export,
            w_data,
            w_export_ok,
            w_queue_ok
        );
        for i in 0..NUM_QUEUES {
            self.export[i].clock.next = self.clock.val();
            self.export[i].d.next = self.export[i].q.val();
            self.export_ok[i].clock.next = self.clock.val();
            self.export_ok[i].d.next = self.export_ok[i].q.val();
            self.export_mask[i].clock.next = self.clock.val();
            self.export_mask[i].d.next = self.export_mask[i].q.val();
        }

        // Address decode.
        self.export_hit.next = (self.csr_addr.val() & self.export_decode_mask.val()) == self.a_export_base.val();
        self.export_index.next = self.csr_addr.val().get_bits::<QUEUE_W>(self.pos_export_index.val().index());
        self.wdata_queue_ok.next = !(self.csr_wdata.val() & self.above_queue.val()).any();
        self.wdata_onehot.next = self.one_queue.val() << self.csr_wdata.val().get_bits::<QUEUE_W>(0);
        self.ev_onehot.next = self.one_queue.val() << self.rx_events.queue.val();
        self.wdata_log2.next = self.csr_wdata.val().get_bits::<LOG2_W>(self.pos_log2.val().index());
        self.wdata_export_ok.next = self.csr_wdata.val().get_bit(self.pos_valid.val().index())
            & (self.wdata_log2.val() >= self.min_log2.val())
            & (self.wdata_log2.val() <= self.max_log2.val());

        // CSR write, cycle 1: decode into strobes (registered).
        self.w_data.d.next = self.csr_wdata.val();
        self.w_export_ok.d.next = self.wdata_export_ok.val();
        self.w_node.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_node_id.val());
        self.w_control.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_control.val());
        self.w_irq_mask.d.next = self.csr_write.val() & (self.csr_addr.val() == self.a_irq_mask.val());
        self.w_irq_clear.d.next = self.zero_irq.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_irq_status.val()) {
            self.w_irq_clear.d.next = self.csr_wdata.val().get_bits::<IRQ_W>(0);
        }
        self.w_queue_ok.d.next = self.wdata_queue_ok.val();
        self.w_resume.d.next = self.zero_queues.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_resume.val()) {
            self.w_resume.d.next = self.wdata_onehot.val();
        }
        self.w_arm.d.next = self.zero_queues.val();
        if self.csr_write.val() & (self.csr_addr.val() == self.a_arm.val()) {
            self.w_arm.d.next = self.wdata_onehot.val();
        }
        self.w_export.d.next = self.zero_queues.val();
        if self.csr_write.val() & self.export_hit.val() {
            self.w_export.d.next = self.one_queue.val() << self.export_index.val();
        }

        // CSR write, cycle 2: plain read/write registers (only their defined bits are stored).
        if self.w_node.q.val() {
            self.node_id_reg.d.next = self.w_data.q.val().get_bits::<NODE_W>(0);
        }
        if self.w_control.q.val() {
            self.control.d.next = self.w_data.q.val().get_bits::<CONTROL_W>(0);
        }
        if self.w_irq_mask.q.val() {
            self.irq_mask.d.next = self.w_data.q.val().get_bits::<IRQ_W>(0);
        }
        self.w_log2.next = self.w_data.q.val().get_bits::<LOG2_W>(self.pos_log2.val().index());
        self.w_index_mask.next = !(self.all_ones_index.val() << self.w_log2.val());
        for i in 0..NUM_QUEUES {
            if self.w_export.q.val().get_bit(i) {
                self.export_mask[i].d.next = self.w_index_mask.val();
                self.export[i].d.next = self.w_data.q.val() & self.export_defined.val();
                self.export_ok[i].d.next = self.w_export_ok.q.val();
            }
        }

        // STALLED: RESUME clears, an overflow sets (set wins).
        self.resume_clear.next = self.zero_queues.val();
        if self.w_queue_ok.q.val() {
            self.resume_clear.next = self.w_resume.q.val();
        }
        self.stall_set.next = self.zero_queues.val();
        if self.rx_events.stall.val() {
            self.stall_set.next = self.ev_onehot.val();
        }
        self.stalled_reg.d.next = (self.stalled_reg.q.val() & !self.resume_clear.val()) | self.stall_set.val();

        // ARMED: an enqueue into an armed queue disarms it and raises NOTIFY; ARM sets (wins).
        self.notify_now.next =
            self.rx_events.enqueued.val() & self.armed_reg.q.val().get_bit(self.rx_events.queue.val().index());
        self.notify_clear.next = self.zero_queues.val();
        if self.notify_now.val() {
            self.notify_clear.next = self.ev_onehot.val();
        }
        self.arm_set.next = self.zero_queues.val();
        if self.w_queue_ok.q.val() {
            self.arm_set.next = self.w_arm.q.val();
        }
        self.armed_reg.d.next = (self.armed_reg.q.val() & !self.notify_clear.val()) | self.arm_set.val();

        // IRQ_STATUS: write 1 to clear; events set (and win).
        self.irq_clear.next = self.w_irq_clear.q.val();
        self.irq_set_overflow.next = self.zero_irq.val();
        if self.rx_events.stall.val() {
            self.irq_set_overflow.next = self.irq_overflow_bit.val();
        }
        self.irq_set_bad_header.next = self.zero_irq.val();
        if self.rx_events.bad_header.val() {
            self.irq_set_bad_header.next = self.irq_bad_header_bit.val();
        }
        self.irq_set_notify.next = self.zero_irq.val();
        if self.notify_now.val() {
            self.irq_set_notify.next = self.irq_notify_bit.val();
        }
        self.irq_status.d.next = (self.irq_status.q.val() & !self.irq_clear.val())
            | self.irq_set_overflow.val()
            | self.irq_set_bad_header.val()
            | self.irq_set_notify.val();

        // Counters (wrap at COUNTER_BITS; one cycle after their event).
        self.cnt_sent.clock.next = self.clock.val();
        self.cnt_tx_dropped.clock.next = self.clock.val();
        self.cnt_enqueued.clock.next = self.clock.val();
        self.cnt_rejected.clock.next = self.clock.val();
        self.cnt_overflows.clock.next = self.clock.val();
        self.cnt_bad_header.clock.next = self.clock.val();
        self.cnt_sent.pulse.next = self.tx_events.sent.val();
        self.cnt_tx_dropped.pulse.next = self.tx_events.dropped.val();
        self.cnt_enqueued.pulse.next = self.rx_events.enqueued.val();
        self.cnt_rejected.pulse.next = self.rx_events.rejected.val();
        self.cnt_overflows.pulse.next = self.rx_events.overflow.val();
        self.cnt_bad_header.pulse.next = self.rx_events.bad_header.val();

        // Outputs to the datapath.
        self.node_id.next = self.node_id_reg.q.val();
        self.rx_enable.next = self.control.q.val().get_bit(self.pos_rx_enable.val().index());
        self.tx_enable.next = self.control.q.val().get_bit(self.pos_tx_enable.val().index());
        self.stalled.next = self.stalled_reg.q.val();
        self.rx_base_read.sel.next = self.lookup.queue.val();
        self.rx_mask_read.sel.next = self.lookup.queue.val();
        self.rx_accept_read.sel.next = self.lookup.queue.val();
        // (from csr_addr directly: through the local `export_index`, Verilator's ordering
        // sees a false combinational loop, UNOPTFLAT, in this always block)
        self.csr_entry_read.sel.next = self.csr_addr.val().get_bits::<QUEUE_W>(self.pos_export_index.val().index());
        for i in 0..NUM_QUEUES {
            self.rx_base_read.entries[i].next = self.export[i].q.val().get_bits::<ADDR_W>(self.pos_base.val().index());
            self.rx_mask_read.entries[i].next = self.export_mask[i].q.val();
            self.rx_accept_read.entries[i].next = self.export_ok[i].q.val() & !self.stalled_reg.q.val().get_bit(i);
            self.csr_entry_read.entries[i].next = self.export[i].q.val();
        }
        self.lookup.base.next = self.rx_base_read.out.val();
        self.lookup.index_mask.next = self.rx_mask_read.out.val();
        self.lookup.accept.next = self.rx_accept_read.out.val();
        self.irq.next = (self.irq_status.q.val() & self.irq_mask.q.val()).any();

        // Combinational read mux; unknown offsets read 0. Every term is 0 unless its offset is
        // addressed, so the terms are OR-ed.
        self.rd_cnt_sent.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_sent.val() {
            self.rd_cnt_sent.next = self.cnt_sent.q.val();
        }
        self.rd_cnt_tx_dropped.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_tx_dropped.val() {
            self.rd_cnt_tx_dropped.next = self.cnt_tx_dropped.q.val();
        }
        self.rd_cnt_enqueued.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_enqueued.val() {
            self.rd_cnt_enqueued.next = self.cnt_enqueued.q.val();
        }
        self.rd_cnt_rejected.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_rejected.val() {
            self.rd_cnt_rejected.next = self.cnt_rejected.q.val();
        }
        self.rd_cnt_overflows.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_overflows.val() {
            self.rd_cnt_overflows.next = self.cnt_overflows.q.val();
        }
        self.rd_cnt_bad_header.next = self.zero_counter.val();
        if self.csr_addr.val() == self.a_cnt_bad_header.val() {
            self.rd_cnt_bad_header.next = self.cnt_bad_header.q.val();
        }
        self.read_counter.next = self.rd_cnt_sent.val()
            | self.rd_cnt_tx_dropped.val()
            | self.rd_cnt_enqueued.val()
            | self.rd_cnt_rejected.val()
            | self.rd_cnt_overflows.val()
            | self.rd_cnt_bad_header.val();
        self.rd_stalled.next = self.zero_queues.val();
        if self.csr_addr.val() == self.a_stalled.val() {
            self.rd_stalled.next = self.stalled_reg.q.val();
        }
        self.rd_armed.next = self.zero_queues.val();
        if self.csr_addr.val() == self.a_armed.val() {
            self.rd_armed.next = self.armed_reg.q.val();
        }
        self.read_queues.next = self.rd_stalled.val() | self.rd_armed.val();
        self.rd_node_id.next = self.zero_node.val();
        if self.csr_addr.val() == self.a_node_id.val() {
            self.rd_node_id.next = self.node_id_reg.q.val();
        }
        self.rd_control.next = self.zero_control.val();
        if self.csr_addr.val() == self.a_control.val() {
            self.rd_control.next = self.control.q.val();
        }
        self.rd_irq_status.next = self.zero_irq.val();
        if self.csr_addr.val() == self.a_irq_status.val() {
            self.rd_irq_status.next = self.irq_status.q.val();
        }
        self.rd_irq_mask.next = self.zero_irq.val();
        if self.csr_addr.val() == self.a_irq_mask.val() {
            self.rd_irq_mask.next = self.irq_mask.q.val();
        }
        self.rd_id.next = self.zero_word.val();
        if self.csr_addr.val() == self.a_id.val() {
            self.rd_id.next = self.id_value.val();
        }
        self.rd_export.next = self.zero_word.val();
        if self.export_hit.val() {
            self.rd_export.next = self.csr_entry_read.out.val();
        }
        self.node_id_word.narrow.next = self.rd_node_id.val();
        self.control_word.narrow.next = self.rd_control.val();
        self.irq_status_word.narrow.next = self.rd_irq_status.val();
        self.irq_mask_word.narrow.next = self.rd_irq_mask.val();
        self.queues_word.narrow.next = self.read_queues.val();
        self.read_value.next = self.queues_word.wide.val()
            | self.node_id_word.wide.val()
            | self.control_word.wide.val()
            | self.irq_status_word.wide.val()
            | self.irq_mask_word.wide.val()
            | self.rd_id.val();
        self.rdata_misc.d.next = self.zero_word.val();
        self.rdata_cnt.d.next = self.zero_counter.val();
        self.rdata_export.d.next = self.zero_word.val();
        if self.csr_read.val() {
            self.rdata_misc.d.next = self.read_value.val();
            self.rdata_cnt.d.next = self.read_counter.val();
            self.rdata_export.d.next = self.rd_export.val();
        }
        self.counter_word.narrow.next = self.rdata_cnt.q.val();
        self.csr_rdata.next = self.rdata_misc.q.val() | self.counter_word.wide.val() | self.rdata_export.q.val();
    }
}
