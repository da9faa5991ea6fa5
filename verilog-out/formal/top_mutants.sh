#!/bin/bash
# Negative control for formal/top_formal.sv: plants bugs, one at a time, in a copy of the whole
# card's formal build; each must make the BMC fail by the assertion of the property listed
# with it. Usage: top_mutants.sh <verilog> <work dir> <depth>. A fragment that no longer occurs
# is an error (the emitted code changed: update the mutant), so this cannot pass vacuously.
set -eu -o pipefail
src=$1 dir=$2 depth=$3
mkdir -p "$dir"
# name # property that catches it # exact fragment # replacement
mutants=(
  "csr_read_while_portal_waits#R#        csr\$ready = ~pop_pending\$q & ~rsp_wait\$q & #        csr\$ready = ~pop_pending\$q & "
  "portal_answer_to_bar2#L#        b2_rvalid = (rsp_busy\$q & portals\$rsp_valid & ~rsp_to_regs\$q) | b2_zero\$q;#        b2_rvalid = (rsp_busy\$q & portals\$rsp_valid) | b2_zero\$q;"
  "rejected_without_outcome#O#        outcome_event = engine\$ev_enqueued | engine\$ev_refused | engine\$ev_rejected;#        outcome_event = engine\$ev_enqueued | engine\$ev_refused;"
  "outcome_from_nothing#O#        otx_valid = ~outcomes\$empty;#        otx_valid = ~outcomes\$empty | rx_valid;"
  "command_argument_wrong#A#                cmd_arg_snap\$d = cmd_arg_r\$q;#                cmd_arg_snap\$d = cmd_arg_r\$q ^ 64'h1000;"
  "tail_written_to_head#B#        wr_addr = base_ram\$read_data | tail_word_offset;#        wr_addr = base_ram\$read_data | (tail_word_offset << 1);"
)
caught=0
for m in "${mutants[@]}"; do
  IFS='#' read -r name prop from to <<< "$m"
  python3 - "$src" "$dir/$name.v" "$from" "$to" <<'PY' || { echo "top mutant $name: fragment not found (update formal/top_mutants.sh)" >&2; exit 1; }
import sys
src, dst, a, b = sys.argv[1:]
s = open(src).read()
if a not in s:
    sys.exit(1)
open(dst, "w").write(s.replace(a, b, 1))
PY
  yosys -q -p "read_verilog -formal -sv -I cosim -DCHECK_ONLY -DCHECK_$prop formal/top_formal.sv; read_verilog -formal $dir/$name.v; \
    prep -top top_formal; flatten; memory_map; opt -fast; techmap; opt -fast; abc -g AND; opt_clean; \
    async2sync; dffunmap; write_smt2 -wires $dir/$name.smt2"
  start=$(date +%s)
  if yosys-smtbmc -s z3 --noprogress -t "$depth" "$dir/$name.smt2" > "$dir/$name.log" 2>&1; then
    echo "top mutant $name ($prop): NOT caught" >&2; exit 1
  fi
  grep -q "Status: FAILED" "$dir/$name.log" || { echo "top mutant $name: BMC error (see $dir/$name.log)" >&2; exit 1; }
  # the assertion's source range ends on its line (yosys starts it at the statement before)
  line=$(grep -o 'Assert failed in top_formal: formal/top_formal.sv:[0-9.]*-[0-9]*' "$dir/$name.log" | head -1 | sed 's/.*-//')
  got=$(sed -n "${line}p" formal/top_formal.sv | grep -o '// [A-Z]$' | tr -d '/ ')
  step=$(grep -o 'Checking assertions in step [0-9]*' "$dir/$name.log" | tail -1 | grep -o '[0-9]*$')
  echo "top mutant $name ($prop): caught by $got (harness line $line) in step $step of $depth, $(( $(date +%s) - start )) s"
  [ "$got" = "$prop" ] || { echo "top mutant $name: caught by $got, not by $prop" >&2; exit 1; }
  caught=$((caught + 1))
done
echo "formal-top-mutants: all $caught mutants caught"
