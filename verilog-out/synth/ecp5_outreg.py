#!/usr/bin/env python3
"""Moves flip-flops into the output registers of ECP5 block RAMs (a yosys JSON netlist pass).

yosys maps a RAM read port to a DP16KD with REGMODE NOREG and leaves a register behind the RAM
as flip-flops: its RAM library (share/lattice/brams_16kd.txt) cannot use the DP16KD's own output
register, which vendor tools fill. The NOREG clock-to-out (5.8 ns on the -6 grade, then routing
to a slice) was the card engine's slowest path on ECP5 (spec "The card engine", "Timing").
This pass does what vendor tools do: where every used data output of a DP16KD read port feeds
exactly one flip-flop and nothing else, on the port's clock and edge, always enabled, never
reset and with no initial value, it deletes those flip-flops, sets the port's REGMODE to OUTREG
and drives their outputs from the RAM: the same register, moved into the RAM (function
unchanged; `make cosim-gate-ecp5` simulates the result).

Usage: ecp5_outreg.py IN.json OUT.json [--control]
  --control  only switch the ports to OUTREG, keeping the flip-flops (adds a cycle: a negative
             control for the gate-level co-simulation, which must catch it).
"""
import json
import sys


def plain_ff(ff, clock):
    """A TRELLIS_FF that is a plain D flip-flop on `clock`'s rising edge (always enabled, no
    set/reset, power-up 0)."""
    p, c = ff["parameters"], ff["connections"]
    enabled = p.get("CEMUX", "").strip() == "1" or (p.get("CEMUX") == "CE" and c.get("CE") == ["1"])
    return (
        c.get("CLK") == clock
        and p.get("CLKMUX") == "CLK"
        and enabled
        and c.get("LSR") == ["0"]
        and p.get("LSRMUX", "LSR") == "LSR"
        and p.get("GSR") == "DISABLED"
        and p.get("REGSET", "RESET") == "RESET"
        and "init" not in ff.get("attributes", {})
    )


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--control"):
        sys.exit(__doc__)
    control = len(argv) == 4
    netlist = json.load(open(argv[1]))
    tops = [m for m in netlist["modules"].values() if m.get("attributes", {}).get("top")]
    if len(tops) != 1:
        sys.exit("ecp5_outreg: expected one top module, found %d" % len(tops))
    top = tops[0]
    cells = top["cells"]
    # Every reader of every net (cell inputs and the module's outputs).
    readers = {}
    for name, cell in cells.items():
        for port, bits in cell["connections"].items():
            if cell.get("port_directions", {}).get(port) == "input":
                for b in bits:
                    readers.setdefault(b, []).append((name, port))
    for pname, p in top["ports"].items():
        if p["direction"] != "input":
            for b in p["bits"]:
                readers.setdefault(b, []).append(("$port", pname))

    rams = sorted(n for n, c in cells.items() if c["type"] == "DP16KD")
    moved_ports = moved_ffs = 0
    for name in rams:
        ram = cells[name]
        con, par = ram["connections"], ram["parameters"]
        for x in "AB":
            if par.get("REGMODE_" + x) != "NOREG":
                continue
            if con["OCE" + x] != ["1"] or con["CE" + x] != ["1"] or con["RST" + x] != ["0"]:
                continue
            if par.get("CLK%sMUX" % x, "CLK" + x) != "CLK" + x:  # an inverted clock: leave it
                continue
            plan = []
            for i in range(18):
                net = con["DO%s%d" % (x, i)][0]
                users = readers.get(net, [])
                if not users:
                    continue
                ff = cells.get(users[0][0])
                if (
                    len(users) != 1
                    or users[0][1] != "DI"
                    or ff is None
                    or ff["type"] != "TRELLIS_FF"
                    or not plain_ff(ff, con["CLK" + x])
                ):
                    plan = None
                    break
                plan.append((i, users[0][0]))
            if not plan:
                continue
            par["REGMODE_" + x] = "OUTREG"
            moved_ports += 1
            if control:
                continue
            for i, ff_name in plan:
                con["DO%s%d" % (x, i)] = cells[ff_name]["connections"]["Q"]
                del cells[ff_name]
                moved_ffs += 1
    json.dump(netlist, open(argv[2], "w"))
    what = "switched to OUTREG, flip-flops kept (control)" if control else "%d flip-flops moved into them" % moved_ffs
    print("ecp5_outreg: %d DP16KD ports (of %d DP16KDs) take their output register; %s" % (moved_ports, len(rams), what))


if __name__ == "__main__":
    main(sys.argv)
