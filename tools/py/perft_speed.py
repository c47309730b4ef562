#!/usr/bin/env python3
"""Perft speed of UCI engines, side by side: Flotilla against Stockfish, and
Flotilla with 2 threads against 1.

Each engine runs as a UCI subprocess. For one measurement the script sends
`position ...` and `isready`, then reads the engine's CPU time (utime + stime,
fields 14 and 15 of /proc/<pid>/stat, which cover all of its threads) and the
wall clock, sends `go perft N`, waits for `Nodes searched: N`, and reads both
again. Measurements are interleaved (Flotilla, Stockfish, Flotilla 2 threads,
Flotilla, ...) so that load from other processes falls on all engines alike,
and the medians are reported. Node counts are checked against the published
values; any mismatch fails the run.

Python 3 standard library only; Linux only (/proc).

Example:
    tools/py/perft_speed.py --flotilla build/release/flotilla --runs 7
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time

from uci_process import CLOCK_TICKS, EngineError, UciProcess

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# (name, UCI position command, depth, node count published on the chessprogramming
# wiki "Perft Results" page)
CASES = [
    ("start perft 6", "position startpos", 6, 119_060_324),
    ("kiwipete perft 5", "position fen " + KIWIPETE, 5, 193_690_690),
]


class Engine(UciProcess):
    """One UCI engine process, configured once with a thread count."""

    def __init__(self, label, path, threads, timeout):
        super().__init__(path, label=label, options={"Threads": threads}, timeout=timeout)
        self.path = path
        self.threads = threads

    def wait_for(self, accept):
        """Reads lines until accept(line) returns a truthy value, and returns that."""
        result = None

        def done(line):
            nonlocal result
            result = accept(line.strip())
            return bool(result)

        self.read_until(done)
        return result

    def perft(self, position, depth):
        self.send(position)
        self.sync()
        cpu0, wall0 = self.cpu_seconds(), time.perf_counter()
        self.send(f"go perft {depth}")

        def nodes_line(line):
            if line.startswith("Nodes searched:"):
                return int(line.split(":", 1)[1])
            return None

        nodes = self.wait_for(nodes_line)
        wall1, cpu1 = time.perf_counter(), self.cpu_seconds()
        return nodes, wall1 - wall0, cpu1 - cpu0


def summarize(samples):
    """Medians of one engine's runs on one case, and the spread of the rates.

    Runs too short to register a clock tick of CPU time give no CPU rate (None)."""

    def spread(values):
        # (max - min) / median: how noisy the runs were
        mid = statistics.median(values)
        return (max(values) - min(values)) / mid if mid else None

    nps_wall = [s[0] / s[1] for s in samples if s[1] > 0]
    nps_cpu = [s[0] / s[2] for s in samples if s[2] > 0]
    busy = [s[2] / s[1] for s in samples if s[1] > 0]
    return {
        "runs": len(samples),
        "nodes": int(statistics.median(s[0] for s in samples)),
        "wall_s": statistics.median(s[1] for s in samples),
        "cpu_s": statistics.median(s[2] for s in samples),
        "nps_wall": statistics.median(nps_wall) if nps_wall else None,
        "nps_cpu": statistics.median(nps_cpu) if nps_cpu else None,
        "cpus_busy": statistics.median(busy) if busy else None,
        "spread_nps_cpu": spread(nps_cpu) if nps_cpu else None,
        "spread_nps_wall": spread(nps_wall) if nps_wall else None,
    }


def ratio(a, b):
    return f"x{a / b:.2f}" if a is not None and b else "n/a"


def mega(x):
    return "n/a" if x is None else f"{x / 1e6:,.1f} M"


def fixed(x, digits=2, scale=1, suffix=""):
    return "n/a" if x is None else f"{x * scale:.{digits}f}{suffix}"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def print_report(results, engines, load_before, load_after):
    print()
    print(time.strftime("Date: %Y-%m-%d %H:%M UTC", time.gmtime()))
    print(f"Machine: {cpu_model()}, {os.cpu_count()} CPUs; clock ticks {CLOCK_TICKS}/s")
    for e in engines:
        print(f"Engine {e.label}: {e.path}, Threads {e.threads}")
    print(f"Load average (1, 5, 15 min) before: {load_before}, after: {load_after}")
    print()
    print(
        "| case | engine | threads | nodes | wall s | CPU s | nodes/wall-s | nodes/CPU-s "
        "| CPUs busy | spread nodes/CPU-s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for case, per_engine in results.items():
        for e in engines:
            r = per_engine[e.label]
            print(
                f"| {case} | {e.label} | {e.threads} | {r['nodes']:,} | {r['wall_s']:.3f} "
                f"| {r['cpu_s']:.3f} | {mega(r['nps_wall'])} | {mega(r['nps_cpu'])} "
                f"| {fixed(r['cpus_busy'])} | {fixed(r['spread_nps_cpu'], 0, 100, '%')} |"
            )
    print()
    labels = [e.label for e in engines]
    if "flotilla" in labels and "stockfish" in labels:
        print("Flotilla / Stockfish, single-threaded (target: nodes/CPU-s >= 1.5):")
        for case, r in results.items():
            f, s = r["flotilla"], r["stockfish"]
            print(
                f"  {case}: nodes/wall-s {ratio(f['nps_wall'], s['nps_wall'])}, "
                f"nodes/CPU-s {ratio(f['nps_cpu'], s['nps_cpu'])}"
            )
    if "flotilla" in labels and "flotilla-2t" in labels:
        print("Flotilla Threads 2 / Threads 1 (target: per-CPU efficiency >= 0.9, CPUs busy ~2):")
        for case, r in results.items():
            one, two = r["flotilla"], r["flotilla-2t"]
            print(
                f"  {case}: speed-up (wall) {ratio(two['nps_wall'], one['nps_wall'])}, "
                f"per-CPU efficiency {ratio(two['nps_cpu'], one['nps_cpu'])}, "
                f"CPUs busy {fixed(two['cpus_busy'])} vs {fixed(one['cpus_busy'])}"
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flotilla", default="build/release/flotilla", help="Flotilla binary")
    parser.add_argument(
        "--stockfish", default="/usr/games/stockfish", help="Stockfish binary ('' to skip)"
    )
    parser.add_argument("--runs", type=int, default=7, help="measurements per engine and case")
    parser.add_argument(
        "--threads", type=int, default=2, help="Flotilla thread count compared with 1 (0: skip)"
    )
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per command")
    parser.add_argument("--json", help="also write the results to this JSON file")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not os.path.exists("/proc/self/stat"):
        parser.error("needs Linux /proc to read CPU times")

    engines = []
    try:
        engines.append(Engine("flotilla", args.flotilla, 1, args.timeout))
        if args.stockfish:
            engines.append(Engine("stockfish", args.stockfish, 1, args.timeout))
        if args.threads > 1:
            engines.append(
                Engine(f"flotilla-{args.threads}t", args.flotilla, args.threads, args.timeout)
            )

        load_before = os.getloadavg()
        samples = {name: {e.label: [] for e in engines} for name, *_ in CASES}
        failures = []
        for run in range(args.runs):
            for name, position, depth, expected in CASES:
                for e in engines:
                    nodes, wall, cpu = e.perft(position, depth)
                    print(
                        f"run {run + 1}/{args.runs} {name:17} {e.label:12} nodes {nodes:>11,} "
                        f"wall {wall:7.3f} s cpu {cpu:7.3f} s",
                        flush=True,
                    )
                    if nodes != expected:
                        failures.append(f"{e.label} {name}: {nodes:,} nodes, expected {expected:,}")
                    samples[name][e.label].append((nodes, wall, cpu))
        load_after = os.getloadavg()
    except EngineError as e:
        print(f"perft_speed: {e}", file=sys.stderr)
        return 2
    finally:
        for e in engines:
            e.close()

    results = {
        name: {label: summarize(s) for label, s in per_engine.items()}
        for name, per_engine in samples.items()
    }
    fmt = lambda load: ", ".join(f"{x:.2f}" for x in load)
    print_report(results, engines, fmt(load_before), fmt(load_after))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {"results": results, "load_before": load_before, "load_after": load_after},
                f,
                indent=2,
            )
    if failures:
        print("\nWRONG NODE COUNTS:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
