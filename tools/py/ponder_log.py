#!/usr/bin/env python3
"""How engines answered a GUI's pondering, from a cutechess-cli `-debug` log.

cutechess-cli writes every line it sends (`>Name(i): text`) and receives
(`<Name(i): text`) with a millisecond timestamp. For each engine this counts the
`go ponder` searches, how many ended with `ponderhit` (the predicted move was played)
and how many with `stop`, and the time from each `stop`, `ponderhit` and plain `go` to
the engine's next `bestmove` (median, 99th percentile, maximum). A `bestmove` sent
while the engine ponders (before its `ponderhit` or `stop`) breaks the protocol: it is
counted as an early bestmove.

    tools/py/ponder_log.py match.log
    tools/py/ponder_log.py --self-test     # checks the parser on a made-up log

Python 3 standard library only.
"""

import argparse
import re
import statistics
import sys

LINE = re.compile(r"^(\d+) ([<>])(.+)\((\d+)\): (.*)$")


def analyse(lines):
    """Returns (counts, latencies): counts[(engine, what)] and latencies[(engine, after)]
    in ms, where what is go, go ponder, ponderhit, stop or early bestmove."""
    pending, pondering, counts, latencies = {}, set(), {}, {}
    for raw in lines:
        m = LINE.match(raw.rstrip("\n"))
        if not m:
            continue
        t, direction, engine, text = int(m[1]), m[2], m[3], m[5]
        words = text.split()
        if direction == ">" and words and words[0] in ("go", "stop", "ponderhit"):
            what = words[0]
            if what == "go" and "ponder" in words[1:]:
                what = "go ponder"
            counts[(engine, what)] = counts.get((engine, what), 0) + 1
            # A ponder search answers only after its ponderhit or stop.
            if what == "go ponder":
                pondering.add(engine)
            else:
                pondering.discard(engine)
                pending[engine] = (what, t)
        elif direction == "<" and words and words[0] == "bestmove":
            if engine in pondering:
                pondering.discard(engine)
                counts[(engine, "early bestmove")] = counts.get((engine, "early bestmove"), 0) + 1
            elif engine in pending:
                what, sent = pending.pop(engine)
                latencies.setdefault((engine, what), []).append(t - sent)
    return counts, latencies


def report(counts, latencies, out=sys.stdout):
    for engine in sorted({e for e, _ in counts}):
        ponders = counts.get((engine, "go ponder"), 0)
        hits = counts.get((engine, "ponderhit"), 0)
        rate = f" ({100 * hits / ponders:.0f} % hits)" if ponders else ""
        print(f"{engine}: go ponder {ponders}, ponderhit {hits}{rate}, "
              f"stop {counts.get((engine, 'stop'), 0)}, go {counts.get((engine, 'go'), 0)}, "
              f"early bestmove {counts.get((engine, 'early bestmove'), 0)}",
              file=out)
        for after in ("stop", "ponderhit", "go"):
            v = sorted(latencies.get((engine, after), []))
            if v:
                print(f"  bestmove after {after:9}: n {len(v):6}, median {statistics.median(v):6.0f} ms, "
                      f"p99 {v[int(0.99 * (len(v) - 1))]:6} ms, max {v[-1]:6} ms", file=out)


def self_test():
    log = """\
100 >Eng A(0): position startpos
101 >Eng A(0): go wtime 1000 btime 1000
150 <Eng A(0): info depth 3
180 <Eng A(0): bestmove e2e4 ponder e7e5
181 >Eng A(0): go ponder wtime 900 btime 1000
181 >B(1): go wtime 900 btime 1000
300 <B(1): bestmove e7e5 ponder g1f3
301 >Eng A(0): ponderhit
401 <Eng A(0): bestmove g1f3 ponder b8c6
402 >Eng A(0): go ponder wtime 800 btime 900
402 >B(1): go wtime 800 btime 900
500 <B(1): bestmove d7d5
501 >Eng A(0): stop
503 <Eng A(0): bestmove b8c6
504 >B(1): go ponder wtime 800 btime 900
600 <B(1): bestmove a7a6
not a log line
"""
    counts, latencies = analyse(log.splitlines())
    expected_counts = {("Eng A", "go"): 1, ("Eng A", "go ponder"): 2, ("Eng A", "ponderhit"): 1,
                       ("Eng A", "stop"): 1, ("B", "go"): 2, ("B", "go ponder"): 1,
                       ("B", "early bestmove"): 1}
    expected_latencies = {("Eng A", "go"): [79], ("Eng A", "ponderhit"): [100],
                          ("Eng A", "stop"): [2], ("B", "go"): [119, 98]}
    ok = counts == expected_counts and latencies == expected_latencies
    print("self-test:", "ok" if ok else f"FAILED: {counts} {latencies}")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log", nargs="?")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if not args.log:
        ap.error("give a cutechess-cli -debug log")
    with open(args.log, errors="replace") as f:
        report(*analyse(f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
