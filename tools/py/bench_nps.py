#!/usr/bin/env python3
"""Bench speed of engines side by side: each engine's own `bench`, run in turn
(A, B, C, A, B, C, ...) so that load from other processes falls on all alike;
prints each engine's median nodes per second and its ratio to the first.

An engine is given as LABEL=COMMAND, where COMMAND is run by the shell and must
print a line `Nodes/second : N` (Flotilla's and Stockfish's bench both do, to
stdout or stderr). Flotilla with a network: feed the option on standard input,
e.g.  "nnue=printf 'setoption name EvalFile value net.nnue\\nbench\\nquit\\n' | flotilla".

Python 3 standard library only.

Example:
    tools/py/bench_nps.py --runs 7 classical="build/release/flotilla bench" \\
        stockfish="/usr/games/stockfish bench"
"""

import argparse
import re
import statistics
import subprocess
import sys

NPS = re.compile(r"Nodes/second\s*:\s*(\d+)")
NODES = re.compile(r"Nodes searched\s*:\s*(\d+)")


def run_once(command):
    done = subprocess.run(command, shell=True, capture_output=True, text=True, check=False)
    text = done.stdout + done.stderr
    nps = NPS.findall(text)
    if not nps:
        sys.exit(f"bench_nps: no 'Nodes/second' line from: {command}\n{text[-2000:]}")
    nodes = NODES.findall(text)
    return int(nps[-1]), int(nodes[-1]) if nodes else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("engines", nargs="+", metavar="LABEL=COMMAND")
    args = parser.parse_args()
    engines = []
    for spec in args.engines:
        label, sep, command = spec.partition("=")
        if not sep or not command:
            sys.exit(f"bench_nps: expected LABEL=COMMAND, got '{spec}'")
        engines.append((label, command))

    samples = {label: [] for label, _ in engines}
    nodes = {}
    for run in range(args.runs):
        for label, command in engines:
            nps, n = run_once(command)
            samples[label].append(nps)
            nodes[label] = n
            print(f"run {run + 1}/{args.runs} {label}: {nps} nps", file=sys.stderr)

    first = statistics.median(samples[engines[0][0]])
    print(f"{'engine':<16} {'median nps':>12} {'ratio':>7} {'bench nodes':>12}  runs")
    for label, _ in engines:
        median = statistics.median(samples[label])
        runs = " ".join(str(s) for s in samples[label])
        print(f"{label:<16} {median:>12.0f} {median / first:>7.3f} {nodes[label] or '-':>12}  {runs}")


if __name__ == "__main__":
    main()
