#!/bin/bash
# Negative control for formal/portal_formal.sv: plants one bug per property in a copy of the
# portal table's formal build; each must make the BMC fail. Usage: portal_mutants.sh <verilog>
# <work dir> <depth>.
set -eu -o pipefail
src=$1 dir=$2 depth=$3
mkdir -p "$dir"
# name | sed expression | the property it breaks
mutants=(
  "load_unready|s/load_out = ~out_valid\$q . pkt_ready;/load_out = 1'b1;/|P1"
  "late_answer|s/rsp_valid_r\$d = 1'b1;/rsp_valid_r\$d = ~s2_portal\$q[0];/|P2"
  "sweep_ready|s/ready = swept\$q;/ready = 1'b1;/|P3"
  "refusal_underflows|0,/(code == c_refused) \& (in_flight != zero_in_flight)/s//(code == c_refused)/|P4"
)
caught=0
for m in "${mutants[@]}"; do
  IFS='|' read -r name expr prop <<< "$m"
  sed -e "$expr" "$src" > "$dir/$name.v"
  if cmp -s "$src" "$dir/$name.v"; then echo "portal mutant $name: the edit did not apply" >&2; exit 1; fi
  yosys -q -p "read_verilog -formal -sv formal/portal_formal.sv; read_verilog -formal $dir/$name.v; \
    prep -top portal_formal; flatten; memory_map; opt -fast; techmap; opt -fast; abc -g AND; opt_clean; \
    async2sync; dffunmap; write_smt2 -wires $dir/$name.smt2"
  if yosys-smtbmc -s z3 --noprogress -t "$depth" "$dir/$name.smt2" > "$dir/$name.log" 2>&1; then
    echo "portal mutant $name ($prop): NOT caught" >&2; exit 1
  fi
  grep -q "Status: FAILED" "$dir/$name.log" || { echo "portal mutant $name: BMC error (see $dir/$name.log)" >&2; exit 1; }
  echo "portal mutant $name ($prop): caught, $(grep -o 'Assert failed in portal_formal: [^ ]*' "$dir/$name.log" | head -1)"
  caught=$((caught + 1))
done
echo "formal-portal-mutants: all $caught mutants caught"
