#!/usr/bin/env bash
# usage: check_gate_log.sh <rusthdl.log> <gate.log>
# Compares the engine co-simulation's per-cycle logs (formats: hdl/examples/engine_cosim.rs) of
# the RustHDL model and of a synthesized gate-level netlist. A gate netlist's block RAMs start
# as x until written, so a field may be x in the gate log only where nothing reads it: the
# write port's address and data while wr_valid is low, the read port's while rd_valid is low,
# an event's payload while no event flag is up. Every other field must equal RustHDL's.
set -euo pipefail
rust=$1 gate=$2
for f in "$rust" "$gate"; do
  [ -s "$f" ] || { echo "cosim-gate: FAIL: $f missing or empty" >&2; exit 1; }
done
awk '
  # fields: 0 rx_ready 1 cmd_ready 2 wr_valid 3 wr_addr 4 wr_data 5 rd_valid 6 rd_addr 7 rd_tag
  # 8-13 ev_enqueued ev_rejected ev_refused ev_overflow ev_bad_header ev_query, 14-18 ev_queue
  # ev_src ev_portal ev_epoch ev_data, 19 ev_notify, 20 idle, 21 ev_switch, 22 ev_entered_run
  function unread(j) {
    if (j == 3 || j == 4) return g[3] == "0"
    if (j == 6 || j == 7) return g[6] == "0"
    if (j >= 14 && j <= 18) return g[9] == "0" && g[10] == "0" && g[11] == "0" && g[12] == "0" && g[13] == "0" && g[14] == "0" && g[20] == "0" && g[22] == "0"
    return 0
  }
  NR == FNR { r[FNR] = $0; next }
  {
    n = split($0, g, " "); m = split(r[FNR], rr, " ")
    if (n != 23 || m != 23) { printf "cosim-gate: FAIL: cycle %d: %d / %d fields\n", FNR - 1, m, n; bad++; exit 1 }
    for (j = 1; j <= 23; j++) {
      if (g[j] ~ /[xXzZ]/) {
        if (unread(j - 1)) { xs++; continue }
        if (bad++ < 5) printf "cosim-gate: cycle %d field %d: x where it is read (RustHDL %s)\n", FNR - 1, j - 1, rr[j]
      } else if (g[j] != rr[j]) {
        if (bad++ < 5) printf "cosim-gate: cycle %d field %d: RustHDL %s, gate %s\n", FNR - 1, j - 1, rr[j], g[j]
      }
      if (j == 3 && g[j] == "1") writes++
    }
    cycles++
  }
  END {
    if (cycles != length(r)) { printf "cosim-gate: FAIL: %d cycles in the gate log, %d in RustHDL'"'"'s\n", cycles, length(r); exit 1 }
    if (bad) { printf "cosim-gate: FAIL: %d fields differ\n", bad; exit 1 }
    if (writes < 100) { printf "cosim-gate: FAIL: wr_valid in only %d cycles: the stimulus exercised nothing\n", writes; exit 1 }
    printf "%d cycles (%d with wr_valid), every field equal (%d unread fields x)\n", cycles, writes, xs
  }' "$rust" "$gate"
