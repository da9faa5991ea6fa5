// Co-simulation of the whole card (renq_top.v, spec §6b), Verilog side: the same stimulus
// as hdl/examples/top_cosim.rs, the same per-cycle log (the port list of hdl/src/top/ports.rs,
// from which top_ports.vh and top_outputs.vh are generated).
// Per cycle: apply the inputs, let them settle (#1), log the outputs, then one clock edge.
`timescale 1ns/1ps
module tb_top;
    reg clock = 0;
    `include "top_outputs.vh"
    `include "open_stim_log.vh"
    `include "top_ports.vh"

    renq_top uut(.*);

    // RustHDL's RAMs power up as zeros (so do the FPGAs' block RAMs); iverilog's as x, which the
    // sweeps clear in the state RAMs but the registered read ports would show before they do.
    integer i;
    `define ZERO_RAM(ram) begin for (i = 0; i < $size(ram.mem); i = i + 1) ram.mem[i] = 0; ram.read_data = 0; end
    initial begin
        `ZERO_RAM(uut.engine.qram.base_ram) `ZERO_RAM(uut.engine.qram.flags_ram)
        `ZERO_RAM(uut.engine.qram.free_nz_ram) `ZERO_RAM(uut.engine.qram.free_ram)
        `ZERO_RAM(uut.engine.qram.mask_ram) `ZERO_RAM(uut.engine.qram.tail_ram)
        `ZERO_RAM(uut.engine.wq.base_ram) `ZERO_RAM(uut.engine.wq.data_ram) `ZERO_RAM(uut.engine.wq.flags_ram)
        `ZERO_RAM(uut.engine.wq.slot_ram) `ZERO_RAM(uut.engine.wq.tail_ram) `ZERO_RAM(uut.engine.wq.link_ram)
        `ZERO_RAM(uut.engine.qram.spare_ram)
        `ZERO_RAM(uut.portals.epoch_ram) `ZERO_RAM(uut.portals.route_ram) `ZERO_RAM(uut.portals.status_ram)
        `ZERO_RAM(uut.portals.valid_ram)
    end

    initial begin
        open_stim_log;
        read_inputs;
        while (inputs_read == INPUT_FIELDS) begin
            #1;
            log_outputs;
            #4 clock = 1;
            #5 clock = 0;
            read_inputs;
        end
        $fclose(log);
        $finish;
    end
endmodule
