#!/usr/bin/env python3
"""Serial costs of the thread pool: for each thread count, the wall time of the first
`go depth 1` after `setoption Threads` (the pool is built then: threads started, bound,
their workers allocated) and the median of later ones (dispatching the search to every
thread, waiting for all to finish, the vote). A depth-1 search is a few hundred nodes,
so what is left is the cost of having N threads, which grows with N and is paid on
every move.

    python3 tools/py/pool_latency.py build/release/flotilla --threads 1,8,64,256,1024
"""

import argparse
import statistics
import time

from uci_process import UciProcess


def timed_go(engine):
    engine.send("position startpos")
    start = time.monotonic()
    engine.send("go depth 1")
    engine.read_until(lambda l: l.startswith("bestmove"), 300)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("engine")
    parser.add_argument("--threads", default="1,8,64,256,1024")
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    engine = UciProcess(args.engine, options={"Hash": 16}, timeout=300)
    print(f"{'threads':>8}{'first go ms':>13}{'later go ms (median)':>22}")
    for threads in (int(t) for t in args.threads.split(",")):
        engine.send(f"setoption name Threads value {threads}")
        engine.sync()
        first = timed_go(engine)
        later = statistics.median(timed_go(engine) for _ in range(args.repeats))
        print(f"{threads:>8}{first * 1000:>13.1f}{later * 1000:>22.2f}")
    engine.close()


if __name__ == "__main__":
    main()
