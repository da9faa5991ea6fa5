// The per-cycle co-simulation testbenches' files (tb_engine, tb_portal, tb_top, tb_link):
// +stim=<file> read, +log=<file> written; `open_stim_log` stops the run if either is missing.
integer stim, log;
reg [1023:0] stim_path, log_path;
task open_stim_log;
    begin
        if (!$value$plusargs("stim=%s", stim_path) || !$value$plusargs("log=%s", log_path)) begin
            $display("%m: +stim=<file> +log=<file> needed");
            $finish;
        end
        stim = $fopen(stim_path, "r");
        log = $fopen(log_path, "w");
        if (stim == 0 || log == 0) begin
            $display("%m: cannot open the stimulus or the log");
            $finish;
        end
    end
endtask
