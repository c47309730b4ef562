#!/usr/bin/env python3
"""Scores UCI engines on a test suite (WAC-style `bm`/`am`, or matetrack-style `bm #N`),
side by side: for every position each engine searches in turn, so load on a shared
machine falls on all of them alike.

The SAN in the suite is turned into UCI moves by `flotilla epd-uci` (no chess library
needed). A position counts as solved when the engine's best move is a `bm` move (and no
`am` move); for mate suites when its last score is `mate N` with the expected sign
("found") and, separately, the expected distance or shorter ("best").

    python3 tools/py/epd_suite.py --suite ../shared/data/wac.epd --movetime 1000 \\
        --engine flotilla=build/release/flotilla --engine ethereal=/usr/games/ethereal-chess
"""

import argparse
import csv
import subprocess
import sys
import time

from uci_process import UciProcess


def load_suite(converter, path, limit, ids):
    run = subprocess.run([converter, "epd-uci", path], capture_output=True, text=True)
    if run.returncode != 0 and not run.stdout:
        sys.exit(f"cannot convert {path}: {run.stderr.strip()}")
    for line in run.stderr.splitlines():
        print(f"warning: {line}", file=sys.stderr)
    entries = []
    for line in run.stdout.splitlines():
        fen, ident, best, avoid, mate = line.split("\t")
        entries.append({"fen": fen, "id": ident, "best": best.split(), "avoid": avoid.split(),
                        "mate": int(mate) if mate else None})
    if ids:
        entries = [e for e in entries if e["id"] in ids]
    return entries[:limit] if limit else entries


def last_score(lines):
    """(kind, value) of the last `score` in info lines: ('cp', n) or ('mate', n)."""
    for line in reversed(lines):
        words = line.split()
        if words and words[0] == "info" and "score" in words:
            i = words.index("score")
            if i + 2 < len(words) and words[i + 1] in ("cp", "mate"):
                return words[i + 1], int(words[i + 2])
    return None, None


def search(engine, entry, movetime, nodes):
    engine.send("ucinewgame")
    engine.sync()
    engine.send(f"position fen {entry['fen']}")
    # A node budget makes the result independent of machine load (for A/B experiments).
    engine.send(f"go nodes {nodes}" if nodes else f"go movetime {movetime}")
    timeout = 600 if nodes else movetime / 1000 + 30
    lines = engine.read_until(lambda l: l.startswith("bestmove"), timeout)
    words = lines[-1].split()
    return (words[1] if len(words) > 1 else "(none)"), last_score(lines[:-1])


def judge(entry, move, score):
    kind, value = score
    if entry["mate"] is not None:
        expected = entry["mate"]
        found = kind == "mate" and (value > 0) == (expected > 0)
        # Being mated: the exact distance; mating: that distance or a shorter mate.
        best = found and (abs(value) <= expected if expected > 0 else value == expected)
        return found, best
    solved = (not entry["best"] or move in entry["best"]) and move not in entry["avoid"]
    return solved, solved


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", required=True)
    parser.add_argument("--movetime", type=int, default=1000, help="ms per position")
    parser.add_argument("--engine", action="append", required=True, metavar="NAME=PATH")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="UCI option for every engine (default Threads=1, Hash=64)")
    parser.add_argument("--converter", default="build/release/flotilla",
                        help="a flotilla binary, for `flotilla epd-uci`")
    parser.add_argument("--nodes", type=int, default=0,
                        help="search N nodes per position instead of --movetime")
    parser.add_argument("--ids", default="", help="comma-separated ids: only these positions")
    parser.add_argument("--limit", type=int, default=0, help="first N positions only")
    parser.add_argument("--csv", help="per-position results")
    args = parser.parse_args()

    options = {"Threads": "1", "Hash": "64"}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = value
    ids = set(filter(None, args.ids.split(",")))
    entries = load_suite(args.converter, args.suite, args.limit, ids)
    engines = []
    for spec in args.engine:
        name, _, path = spec.partition("=")
        engines.append((name, UciProcess(path, label=name, options=options)))

    totals = {name: [0, 0] for name, _ in engines}
    rows = []
    started = time.monotonic()
    for n, entry in enumerate(entries, 1):
        row = {"id": entry["id"]}
        for name, engine in engines:
            move, score = search(engine, entry, args.movetime, args.nodes)
            found, best = judge(entry, move, score)
            totals[name][0] += found
            totals[name][1] += best
            row[name] = f"{move} {score[0]} {score[1]}" + (" ok" if found else "")
        rows.append(row)
        if n % 25 == 0 or n == len(entries):
            progress = "  ".join(f"{name} {t[0]}" for name, t in totals.items())
            print(f"[{n}/{len(entries)}] {progress}  ({time.monotonic() - started:.0f} s)",
                  flush=True)
    for _, engine in engines:
        engine.close()

    mate_suite = any(e["mate"] is not None for e in entries)
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.movetime} ms"
    print(f"\nsuite {args.suite}, {len(entries)} positions, {budget} each, "
          f"options {options}")
    for name, (found, best) in totals.items():
        if mate_suite:
            print(f"{name:>12}: {found}/{len(entries)} mates found, {best} at the best distance")
        else:
            print(f"{name:>12}: {found}/{len(entries)} solved")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["id"] + [name for name, _ in engines])
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
