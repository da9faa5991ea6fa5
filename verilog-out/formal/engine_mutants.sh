#!/bin/bash
# Negative control for formal/engine_formal.sv: plants bugs, one at a time, in a copy of the
# engine's formal build; each must make the BMC fail, by the assertion of the property listed
# with it (a bug may break another property first: an unaligned base shifts the slots, so D sees
# it; every property has at least one bug it catches). Usage: engine_mutants.sh <verilog>
# <work dir> <depth>. A fragment that no longer occurs is an error (the emitted code changed:
# update the mutant), so this cannot pass vacuously.
set -eu -o pipefail
src=$1 dir=$2 depth=$3
mkdir -p "$dir"
# name # property that catches it # exact fragment # replacement [# fragment # replacement]
mutants=(
  "head_read_elsewhere#A#        head_addr = fw\$s_base | head_word_offset;#        head_addr = fw\$s_base | (head_word_offset << 2);"
  "state_ram_forwarding_off#D#        old_hit\$d = hit2 | hit3;#        old_hit\$d = 1'b0;#        hit1\$d = write_addr == ra1\$q;#        hit1\$d = 1'b0;"
  "no_forwarding#D#            slot = rsv_fwd\$slot;#            slot = q_slot\$q;"
  "base_not_aligned#D#b_arg_base\$d = f_base & ~f_arg_low\$q;#b_arg_base\$d = f_base;"
  "tail_written_to_head#B#        wr_addr = base_ram\$read_data | tail_word_offset;#        wr_addr = base_ram\$read_data | (tail_word_offset << 1);"
  "tail_one_ahead#C#        wr_data = tail_word\$wide;#        wr_data = tail_word\$wide + 64'h1;"
  "slot_skipped#D#        tail_p1 = tail + one_index;#        tail_p1 = tail + one_index + one_index;#        tail_p1 = tail + one_index;#        tail_p1 = tail + one_index + one_index;"
  "request_forgotten#E#            requested_r\$d = 1'b1;#            requested_r\$d = 1'b0;"
  "last_item_unpublished#F#        if (next_same & (run\$q != run_last) & ~armed & ~last) begin#        if (next_same & (run\$q != run_last) & ~armed) begin"
  "link_to_another_buffer#F#        link_word = sp_link & ~spare_valid;#        link_word = (sp_link & ~spare_valid) + 48'h40;"
  "spare_kept_after_switch#G#                    w_spare = (spare & posted_rest_mask) << rest_w;#                    w_spare = spare;"
)
# Not here: a switch that does not count its run down (`w_spare = spare - current_rest_one` →
# `spare`) shows only at the third switch (past the run's end), step 24 or later, beyond these
# depths; the engine's test of runs catches it (hdl/src/engine/tests/spares.rs).
caught=0
for m in "${mutants[@]}"; do
  IFS='#' read -r name prop pairs <<< "$m"
  python3 - "$src" "$dir/$name.v" "$pairs" <<'PY' || { echo "engine mutant $name: fragment not found (update formal/engine_mutants.sh)" >&2; exit 1; }
import sys
src, dst, pairs = sys.argv[1:]
f = pairs.split("#")
s = open(src).read()
for a, b in zip(f[0::2], f[1::2]):
    a, b = a.replace("\\n", "\n"), b.replace("\\n", "\n")  # a fragment may span lines
    if s.count(a) < 1:
        sys.exit(1)
    s = s.replace(a, b, 1)  # the first copy (park0 for the parking slot's; a fragment given
    # twice, as slot_skipped's, reaches both copies: the Reserve block's rsv_ram and rsv_fwd)
open(dst, "w").write(s)
PY
  # only the property listed is checked (faster); A and E, about HEAD reads, need 4 more steps:
  # the first HEAD read can come in step 15 (reads leave from a request register), after the
  # sweep, the EXPORT and four items filling a buffer of 8 words
  # (F and G, about the LINK a switch writes and the switch: the first can come in step 16 too)
  d=$depth; case $prop in A | E | F | G) d=$((depth + 4)) ;; esac
  yosys -q -p "read_verilog -formal -sv -I cosim -DCHECK_ONLY -DCHECK_$prop formal/engine_formal.sv; read_verilog -formal $dir/$name.v; \
    prep -top engine_formal; flatten; memory_map; opt -fast; techmap; opt -fast; abc -g AND; opt_clean; \
    async2sync; dffunmap; write_smt2 -wires $dir/$name.smt2"
  start=$(date +%s)
  if yosys-smtbmc -s z3 --noprogress -t "$d" "$dir/$name.smt2" > "$dir/$name.log" 2>&1; then
    echo "engine mutant $name ($prop): NOT caught" >&2; exit 1
  fi
  grep -q "Status: FAILED" "$dir/$name.log" || { echo "engine mutant $name: BMC error (see $dir/$name.log)" >&2; exit 1; }
  # the assertion's source range ends on its line (yosys starts it at the statement before)
  line=$(grep -o 'Assert failed in engine_formal: formal/engine_formal.sv:[0-9.]*-[0-9]*' "$dir/$name.log" | head -1 | sed 's/.*-//')
  got=$(sed -n "${line}p" formal/engine_formal.sv | grep -o '// [A-G]$' | tr -d '/ ')
  step=$(grep -o 'Checking assertions in step [0-9]*' "$dir/$name.log" | tail -1 | grep -o '[0-9]*$')
  echo "engine mutant $name ($prop): caught by $got (harness line $line) in step $step of $d, $(( $(date +%s) - start )) s"
  [ "$got" = "$prop" ] || { echo "engine mutant $name: caught by $got, not by $prop" >&2; exit 1; }
  caught=$((caught + 1))
done
echo "formal-engine-mutants: all $caught mutants caught"
