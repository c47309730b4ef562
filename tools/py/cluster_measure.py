#!/usr/bin/env python3
"""Time to depth, nodes per CPU-second and message traffic of the cluster at 1, 2 and 4
ranks of one thread each, side by side in one run (docs/cluster.md).

Each rank count is one `mpirun -np N` job of the cluster build, kept open for the whole
run. For every position, each job searches to the depth in turn (so that load on the
machine falls on all alike), after `ucinewgame`. The CPU time is summed over the job's
ranks (read from /proc); the traffic comes from the leader's `debug on` lines.

    python3 tools/py/cluster_measure.py --engine build/cluster/flotilla --ranks 1,2,4 \\
        --positions search/bench.epd --limit 16 --depth 14
"""

import argparse
import os
import statistics
import sys
import time

from ttd_compare import read_fens
from uci_process import CLOCK_TICKS, UciProcess, descendants, stat_fields


def cpu_seconds(pids):
    total = 0.0
    for pid in pids:
        try:
            fields = stat_fields(pid)
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return total


def number_after(words, key):
    return int(words[words.index(key) + 1]) if key in words else 0


class Job:
    def __init__(self, engine, ranks, hash_mb):
        os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT", "1")
        os.environ.setdefault("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        self.ranks = ranks
        self.uci = UciProcess("mpirun", label=f"{ranks} ranks", timeout=120,
                              args=["--oversubscribe", "-np", str(ranks), engine])
        self.uci.send(f"setoption name Hash value {hash_mb}")
        self.uci.send("debug on")
        self.uci.sync()
        self.pids = [p for p in descendants(self.uci.proc.pid)]

    def search(self, fen, depth):
        self.uci.send("ucinewgame")
        self.uci.send(f"position fen {fen}")
        self.uci.sync()
        cpu = cpu_seconds(self.pids)
        start = time.monotonic()
        self.uci.send(f"go depth {depth}")
        lines = self.uci.read_until(lambda l: l.startswith("bestmove"), 600)
        wall = time.monotonic() - start
        cpu = cpu_seconds(self.pids) - cpu
        r = {"wall": wall, "cpu": cpu, "nodes": 0, "ttd": wall, "traffic": None}
        for line in lines:
            words = line.split()
            if words[:2] == ["info", "depth"] and "pv" in words:
                r["nodes"] = number_after(words, "nodes")
                if number_after(words, "depth") >= depth:
                    r["ttd"] = number_after(words, "time") / 1000
            if line.startswith("info string cluster total nodes"):
                r["nodes"] = number_after(words, "nodes")
            if line.startswith("info string cluster traffic"):
                r["traffic"] = {k: number_after(words, k) for k in ("sent", "received", "busy")}
                r["traffic"]["bytes"] = int(words[words.index("messages") + 1])
                r["traffic"]["entries"] = int(words[words.index("entries") + 2])
        return r

    def close(self):
        self.uci.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="build/cluster/flotilla")
    ap.add_argument("--ranks", default="1,2,4")
    ap.add_argument("--positions", default="search/bench.epd")
    ap.add_argument("--limit", type=int, default=16)
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--hash", type=int, default=64)
    args = ap.parse_args()

    counts = [int(x) for x in args.ranks.split(",")]
    fens = read_fens(args.positions, args.limit)
    jobs = {n: Job(args.engine, n, args.hash) for n in counts}
    results = {n: [] for n in counts}
    previous = {n: None for n in counts}
    try:
        for i, fen in enumerate(fens):
            for n in counts:
                r = jobs[n].search(fen, args.depth)
                # The leader's traffic counters are cumulative: the search's own part.
                t = r["traffic"]
                if t is not None:
                    p = previous[n] or {k: 0 for k in t}
                    r["delta"] = {k: t[k] - p[k] for k in t}
                    previous[n] = t
                results[n].append(r)
            print(f"position {i + 1}/{len(fens)}: " + ", ".join(
                f"{n} ranks {results[n][-1]['ttd']:.2f} s" for n in counts), file=sys.stderr)
    finally:
        for job in jobs.values():
            job.close()

    base = results[counts[0]]
    print(f"| ranks | median time to depth {args.depth} (s) | geometric mean speed-up "
          f"| median nodes | nodes per CPU-second | messages sent per second (leader) "
          f"| kB sent per second (leader) | entries sent per second | communication thread busy |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in counts:
        rs = results[n]
        ttd = statistics.median(r["ttd"] for r in rs)
        speedup = statistics.geometric_mean(
            b["ttd"] / max(r["ttd"], 1e-3) for b, r in zip(base, rs))
        nodes = statistics.median(r["nodes"] for r in rs)
        npcs = sum(r["nodes"] for r in rs) / max(sum(r["cpu"] for r in rs), 1e-9)
        wall = sum(r["wall"] for r in rs)
        if n > 1:
            d = [r["delta"] for r in rs]
            msgs = sum(x["sent"] for x in d) / wall
            kb = sum(x["bytes"] for x in d) / wall / 1000
            entries = sum(x["entries"] for x in d) / wall
            busy = sum(x["busy"] for x in d) / 1000 / wall
            traffic = f"{msgs:.0f} | {kb:.1f} | {entries:.0f} | {100 * busy:.2f}%"
        else:
            traffic = "- | - | - | -"
        print(f"| {n} | {ttd:.2f} | {speedup:.2f} | {nodes:.0f} | {npcs:.0f} | {traffic} |")


if __name__ == "__main__":
    main()
