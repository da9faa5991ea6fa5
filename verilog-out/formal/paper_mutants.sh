#!/usr/bin/env bash
# usage: paper_mutants.sh <renq_paper_top.v> <build dir> <depth>
# Negative control for the paper card's formal harness: each mutant below plants one bug in a
# copy of the emitted card; the BMC must find a counterexample for every one (else the assertion meant to
# catch it is too weak). A mutant whose text no longer occurs in renq_paper_top.v is an error too
# (the emitted code changed: update the mutant), so this check cannot pass by doing nothing.
set -euo pipefail
top=$1 dir=$2 depth=$3
mkdir -p "$dir"
# name | property expected to fail | exact line fragment | replacement [| fragment | replacement]
# (a second pair is an alternative for another version of the emitted code; the first pair that
# occurs exactly once is applied)
mutants=(
  'no_index_mask|P1 (write outside the buffer)|read_index = mem$rdata[(32'"'"'h0)+:(16)] & index_mask$q;|read_index = mem$rdata[(32'"'"'h0)+:(16)];'
  'tail_may_be_2|P2 (write to HEAD)|(read_index[(32'"'"'h0)+:(2)] < first_data_low);|(read_index[(32'"'"'h0)+:(2)] < 2'"'"'h2);'
  'ignores_stall|P3 (stalled queue accepts)|rx$ready = (step$q == ld0) & rx_enable & ~stalled[rx$queue];|rx$ready = (step$q == ld0) & rx_enable;'
  'ignores_valid|P5 (unexported queue touches memory)|target_ok = (rx$dst == node_id) & export$accept;|target_ok = (rx$dst == node_id);'
  'base_not_aligned|P1 (write outside the aligned buffer)|entry_base = export$base & ~entry_offset_mask;|entry_base = export$base;'
  'wdata_not_held|P4 (request changes before ack)|mem$wdata = data$q;|mem$wdata = rx$data;'
)
caught=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name prop pairs <<<"$m"
  out=$dir/$name.v
  python3 - "$top" "$out" "$pairs" <<'PY' || { echo "mutant $name: fragment not found in $top (update formal/paper_mutants.sh)" >&2; exit 1; }
import sys
src, dst, pairs = sys.argv[1:]
f = pairs.split("|")
s = open(src).read()
for a, b in zip(f[0::2], f[1::2]):
    if s.count(a) == 1:
        open(dst, "w").write(s.replace(a, b))
        sys.exit(0)
sys.exit(1)
PY
  yosys -q -p "read_verilog -formal -sv formal/paper_formal.sv; read_verilog -formal $out; prep -top paper_formal; \
    flatten; memory_map; opt -fast; techmap; opt -fast; abc -g AND; opt_clean; async2sync; dffunmap; \
    write_smt2 -wires $dir/$name.smt2"
  if yosys-smtbmc -s z3 --noprogress -t "$depth" "$dir/$name.smt2" > "$dir/$name.log" 2>&1; then
    echo "mutant $name: NOT caught within $depth steps — $prop is not checked" >&2; exit 1
  fi
  grep -q 'Status: FAILED' "$dir/$name.log" || { echo "mutant $name: smtbmc error, see $dir/$name.log" >&2; exit 1; }
  # smtbmc names the failing assertion by its source range "file:l1.c1-l2.c2"; report line l2
  where=$(grep -m1 'Assert failed' "$dir/$name.log" | grep -oE 'formal/paper_formal.sv:[0-9.]+-[0-9]+' || true)
  line=${where##*-}
  what=$( [ -n "$line" ] && sed -n "${line}p" formal/paper_formal.sv | sed -E 's/^ +//' || echo '?')
  echo "mutant $name: caught, expected $prop; failing assertion at line $line: $what"
  caught=$((caught + 1))
done
echo "formal-paper-mutants: all $caught planted bugs caught"
