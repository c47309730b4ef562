#!/usr/bin/env python3
"""Bench nodes with each search technique switched from its default, as a Markdown table.

Reads the engine's check options from `uci` (all but the UCI_* ones and SearchStats,
which are the technique switches), then runs `bench` once with the defaults and once
per switch with that switch flipped, and prints `| params | nodes (depth D) |` rows.
Node counts are deterministic, so one run per row is enough.

    python3 tools/py/technique_bench.py --engine build/release/flotilla --depth 10
"""

import argparse
import re
import subprocess
import sys

NOT_TECHNIQUES = {"SearchStats", "Ponder"}


def run(engine, commands):
    return subprocess.run([engine], input="\n".join(commands + ["quit"]) + "\n",
                          capture_output=True, text=True, check=True).stdout


def technique_switches(engine):
    switches = []
    for line in run(engine, ["uci"]).splitlines():
        m = re.match(r"option name (\S+) type check default (true|false)$", line)
        if m and not m.group(1).startswith("UCI_") and m.group(1) not in NOT_TECHNIQUES:
            switches.append((m.group(1), m.group(2) == "true"))
    return switches


def bench_nodes(engine, depth, setoptions):
    out = run(engine, setoptions + [f"bench {depth}"])
    m = re.search(r"Nodes searched\s*:\s*(\d+)", out)
    if not m:
        sys.exit(f"no bench signature in the output of {engine}:\n{out}")
    return int(m.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True)
    parser.add_argument("--depth", type=int, default=10)
    args = parser.parse_args()

    defaults = bench_nodes(args.engine, args.depth, [])
    print(f"| params | nodes (depth {args.depth}) |")
    print("| --- | --- |")
    print(f"| defaults (the signature) | **{defaults:,}** |")
    for name, default in technique_switches(args.engine):
        flipped = "false" if default else "true"
        nodes = bench_nodes(args.engine, args.depth,
                            [f"setoption name {name} value {flipped}"])
        label = f"{name} off" if default else f"{name} **on**"
        change = 100.0 * (nodes - defaults) / defaults
        print(f"| {label} | {nodes:,} ({change:+.1f} %) |", flush=True)


if __name__ == "__main__":
    main()
