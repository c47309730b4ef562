#!/usr/bin/env python3
"""Time to depth of UCI engines at several thread counts, side by side in one run.

For every position, each engine searches to its depth once per thread count, in turn,
so load on a shared machine falls on all of them alike. Each engine gets its own depth
(depths of different engines mean different amounts of work; only each engine's own
speedup is compared). Prints, per engine and thread count, the median time to depth,
the geometric mean over positions of t(1 thread) / t(N threads), and the median nodes.

    python3 tools/py/ttd_compare.py --threads 1,2 --positions search/bench.epd --limit 24 \\
        --engine flotilla=build/release/flotilla:13 --engine stockfish=/usr/games/stockfish:16
"""

import argparse
import csv
import math
import statistics
import sys
import time

from uci_process import UciProcess


def read_fens(path, limit):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fens.append(" ".join(line.split()[:6]).split(";")[0].strip())
    return fens[:limit] if limit else fens


def search_to_depth(engine, fen, depth, threads):
    engine.send(f"setoption name Threads value {threads}")
    engine.send("ucinewgame")
    engine.sync()
    engine.send(f"position fen {fen}")
    cpu = engine.cpu_seconds()
    start = time.monotonic()
    engine.send(f"go depth {depth}")
    lines = engine.read_until(lambda l: l.startswith("bestmove"), 600)
    seconds = time.monotonic() - start
    cpu = engine.cpu_seconds() - cpu
    nodes = 0
    for line in lines:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
    return seconds, cpu, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", action="append", required=True,
                        help="LABEL=PATH:DEPTH (repeatable)")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--positions", required=True, help="one FEN per line (# comments)")
    parser.add_argument("--limit", type=int, default=0, help="first N positions only")
    parser.add_argument("--hash", type=int, default=64, help="Hash in MiB for every engine")
    parser.add_argument("--csv", help="write one row per search here")
    args = parser.parse_args()

    counts = [int(t) for t in args.threads.split(",")]
    if counts[0] != 1:
        sys.exit("the first thread count must be 1 (the speedup's base)")
    engines = []
    for spec in args.engine:
        label, rest = spec.split("=", 1)
        path, depth = rest.rsplit(":", 1)
        engines.append((label, UciProcess(path, label, {"Hash": args.hash}), int(depth)))
    fens = read_fens(args.positions, args.limit)

    rows = []
    for index, fen in enumerate(fens):
        for label, engine, depth in engines:
            for threads in counts:
                seconds, cpu, nodes = search_to_depth(engine, fen, depth, threads)
                rows.append((label, threads, index, seconds, nodes, cpu))
        print(f"position {index + 1}/{len(fens)} done", file=sys.stderr)

    if args.csv:
        with open(args.csv, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["engine", "threads", "position", "seconds", "nodes", "cpu_seconds"])
            out.writerows(rows)

    print(f"{len(fens)} positions, Hash {args.hash} MiB; speedup = geometric mean of t1/tN")
    print(f"{'engine':<12}{'depth':>6}{'threads':>8}{'median s':>10}{'ttd x':>7}"
          f"{'median nodes':>14}{'nps':>11}{'nps x':>7}{'nodes/cpu-s':>13}{'cpu x':>7}")
    for label, engine, depth in engines:
        base = {r[2]: r[3] for r in rows if r[0] == label and r[1] == 1}
        speeds = {}
        for threads in counts:
            mine = [r for r in rows if r[0] == label and r[1] == threads]
            logs = [math.log(base[r[2]] / max(r[3], 1e-6)) for r in mine]
            speedup = math.exp(sum(logs) / len(logs))
            nodes = sum(r[4] for r in mine)
            speeds[threads] = (nodes / max(sum(r[3] for r in mine), 1e-9),
                               nodes / max(sum(r[5] for r in mine), 1e-9))
            nps, cpu_nps = speeds[threads]
            print(f"{label:<12}{depth:>6}{threads:>8}"
                  f"{statistics.median(r[3] for r in mine):>10.3f}{speedup:>7.2f}"
                  f"{statistics.median(r[4] for r in mine):>14.0f}"
                  f"{nps:>11.0f}{nps / speeds[1][0]:>7.2f}"
                  f"{cpu_nps:>13.0f}{cpu_nps / speeds[1][1]:>7.2f}")
        engine.close()


if __name__ == "__main__":
    main()
