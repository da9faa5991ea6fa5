#!/usr/bin/env bash
# usage: check_logs.sh <name> <rusthdl.log> <verilog.log>
# Fails unless the two logs are byte-identical AND the run actually exercised the card (so an
# empty or truncated pair of logs cannot pass). Prints the number of transactions compared.
set -euo pipefail
name=$1 rust=$2 vlog=$3
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
echo "cosim[$name]: identical, $total transactions compared (mem R $nr, W $nw; tx $ntx; rx $nrx; shadow $nsh; irq edges $nirq; csr reads $ncsr; final regs $nfin)"
