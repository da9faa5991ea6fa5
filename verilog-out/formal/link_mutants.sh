#!/usr/bin/env bash
# usage: link_mutants.sh <renq_link.v> <build dir> <depth> [-DRENQ_PAPER_LINK]
# (the last argument: renq_paper_link.v, the paper card's payload build, whose receiver the
# harness names renq_paper_link$link$rx)
# Negative control for formal/link_rx_formal.sv: each mutant plants one bug in a copy of the
# emitted link; the BMC must find a counterexample for every one. A fragment that no longer
# occurs exactly once in the link's Verilog is an error (update this list), so this cannot pass idly.
set -euo pipefail
v=$1 dir=$2 depth=$3 defs=${4:-}
mkdir -p "$dir"
# name | property expected to fail | exact fragment | replacement
mutants=(
  'delivers_gaps|R1/R2 (a frame ahead of the expected one is delivered)|deliver = good & (ahead == seq_zero);|deliver = good & (ahead < window);'
  'naks_every_gap_frame|R3 (a second NAK for the same gap)|nak_now = gap & ~nak_sent$q;|nak_now = gap;'
)
caught=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name prop from to <<<"$m"
  out=$dir/$name.v
  python3 - "$v" "$out" "$from" "$to" <<'PY' || { echo "mutant $name: fragment not found once in $v (update formal/link_mutants.sh)" >&2; exit 1; }
import sys
src, dst, a, b = sys.argv[1:]
s = open(src).read()
if s.count(a) != 1:
    sys.exit(1)
open(dst, "w").write(s.replace(a, b))
PY
  yosys -q -p "read_verilog -formal -sv $defs formal/link_rx_formal.sv; read_verilog -formal $out; prep -top link_rx_formal; \
    flatten; memory_map; opt -fast; techmap; opt -fast; abc -g AND; opt_clean; async2sync; dffunmap; \
    write_smt2 -wires $dir/$name.smt2"
  if yosys-smtbmc -s z3 --noprogress -t "$depth" "$dir/$name.smt2" > "$dir/$name.log" 2>&1; then
    echo "mutant $name: NOT caught within $depth steps — $prop is not checked" >&2; exit 1
  fi
  grep -q 'Status: FAILED' "$dir/$name.log" || { echo "mutant $name: smtbmc error, see $dir/$name.log" >&2; exit 1; }
  where=$(grep -m1 'Assert failed' "$dir/$name.log" | grep -oE 'link_rx_formal.sv:[0-9.]+-[0-9]+' || true)
  line=${where##*-}
  what=$( [ -n "$line" ] && sed -n "${line}p" formal/link_rx_formal.sv | sed -E 's/^ +//' || echo '?')
  echo "mutant $name: caught, expected $prop; failing assertion at line $line: $what"
  caught=$((caught + 1))
done
echo "formal-link-mutants: all $caught planted bugs caught"
