#!/usr/bin/env bash
# usage: check_logs.sh <name> <rusthdl.log> <verilog.log> [<stimulus>]
# Fails unless the two logs are byte-identical AND the run actually exercised the card (so an
# empty or truncated pair of logs cannot pass). Prints the number of transactions compared.
set -euo pipefail
name=$1 rust=$2 vlog=$3 stim=${4:-}
for f in "$rust" "$vlog"; do
  [ -s "$f" ] || { echo "cosim[$name]: FAIL: $f missing or empty" >&2; exit 1; }
  tail -n1 "$f" | grep -q '^END ' || { echo "cosim[$name]: FAIL: $f does not end with END (run aborted?)" >&2; exit 1; }
done
if ! cmp -s "$rust" "$vlog"; then
  echo "cosim[$name]: FAIL: RustHDL and Verilog logs differ (first differences):" >&2
  diff "$rust" "$vlog" | head -20 >&2
  exit 1
fi
if grep -q '^ERR' "$vlog"; then
  echo "cosim[$name]: FAIL: memory protocol error in the log:" >&2; grep '^ERR' "$vlog" | head >&2; exit 1
fi
count() { grep -c "^$1 " "$vlog" || true; }
nr=$(count R); nw=$(count W); ntx=$(count TX); nrx=$(count RX); nsh=$(count SH); nirq=$(count IRQ)
ncsr=$(count CSR); nfin=$(count FINAL)
total=$((nr + nw + ntx + nrx + nsh + nirq + ncsr + nfin))
for pair in "R:$nr" "W:$nw" "TX:$ntx" "RX:$nrx" "SH:$nsh" "IRQ:$nirq" "FINAL:$nfin"; do
  [ "${pair#*:}" -gt 0 ] || { echo "cosim[$name]: FAIL: no ${pair%%:*} transaction: the stimulus exercised nothing" >&2; exit 1; }
done
# accounting (spec §3/§4: every accepted packet ends as exactly one of enqueued, rejected, bad
# header; every shadow store taken is either sent or dropped; nothing sent is lost on the link)
# register offsets from the generated header (renq_abi's register table), as the logs print them
regs_vh="$(dirname "$0")/paper_regs.vh"
reg() {
  local o; o=$(awk -v n="REG_$1" '$1=="localparam" && $3==n {sub(/.*'"'"'h/, "", $5); sub(/;/, "", $5); print $5}' "$regs_vh")
  [ -n "$o" ] || { echo "cosim[$name]: FAIL: register $1 not in $regs_vh" >&2; exit 1; }
  echo "$o"
}
o_enq=$(reg CNT_ENQUEUED); o_rej=$(reg CNT_REJECTED); o_bad=$(reg CNT_BAD_HEADER)
o_sent=$(reg CNT_SENT); o_drop=$(reg CNT_TX_DROPPED)
fin() { printf '%d' "0x$(awk -v a="$1" '$1=="FINAL" && $2==a {print $3}' "$vlog")"; }
enq=$(fin "$o_enq") rej=$(fin "$o_rej") bad=$(fin "$o_bad") sent=$(fin "$o_sent") drop=$(fin "$o_drop")
[ "$nrx" -eq $((enq + rej + bad)) ] || { echo "cosim[$name]: FAIL: $nrx packets taken but enqueued+rejected+bad_header = $enq+$rej+$bad" >&2; exit 1; }
[ "$nsh" -eq $((sent + drop)) ] || { echo "cosim[$name]: FAIL: $nsh shadow stores taken but sent+dropped = $sent+$drop" >&2; exit 1; }
[ "$ntx" -eq "$sent" ] || { echo "cosim[$name]: FAIL: CNT_SENT $sent but $ntx packets left on tx" >&2; exit 1; }
# expectations written from the spec into the stimulus: "X addr value" = FINAL register value
nexp=0
if [ -n "$stim" ]; then
  while read -r _ addr val; do
    a=$(printf '%03x' "0x$addr"); v=$(printf '%016x' "0x$val")
    got=$(awk -v a="$a" '$1=="FINAL" && $2==a {print $3}' "$vlog")
    [ "$got" = "$v" ] || { echo "cosim[$name]: FAIL: register $a = ${got:-missing}, the spec-derived expectation is $v" >&2; exit 1; }
    nexp=$((nexp + 1))
  done < <(grep -E '^X ' "$stim" || true)
fi
echo "cosim[$name]: identical, $total transactions compared (mem R $nr, W $nw; tx $ntx; rx $nrx; shadow $nsh; irq edges $nirq; csr reads $ncsr; final regs $nfin); $nexp spec expectations met"
