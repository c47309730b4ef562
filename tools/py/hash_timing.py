#!/usr/bin/env python3
"""Times `setoption name Hash`, `ucinewgame` and `Clear Hash` of a UCI engine.

Usage: python3 tools/py/hash_timing.py ENGINE [MiB (16384)] [rounds (3)]
Each figure is the time from sending the command to reading `readyok` for the
`isready` after it; after each round `Hash 16` frees the table, so every round
allocates afresh, all in one engine process. Prints the engine's info lines for
the allocation and the median of each figure.
"""
import statistics
import subprocess
import sys
import time


def run(engine, mib, rounds):
    proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(command, until):
        """Sends command lines; returns the seconds until `until` and the lines read."""
        start = time.perf_counter()
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("engine exited after: " + command)
            lines.append(line.strip())
            if lines[-1] == until:
                return time.perf_counter() - start, lines

    send("uci", "uciok")
    info = []
    seconds = {"Hash": [], "ucinewgame": [], "Clear Hash": []}
    for _ in range(rounds):
        elapsed, lines = send(f"setoption name Hash value {mib}\nisready", "readyok")
        seconds["Hash"].append(elapsed)
        info = [line for line in lines if line.startswith("info")]
        seconds["ucinewgame"].append(send("ucinewgame\nisready", "readyok")[0])
        seconds["Clear Hash"].append(send("setoption name Clear Hash\nisready", "readyok")[0])
        send("setoption name Hash value 16\nisready", "readyok")
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    print(f"{engine}, Hash {mib} MiB")
    for line in info:
        print("  " + line)
    for name, values in seconds.items():
        runs = " ".join(f"{v:.3f}" for v in values)
        print(f"  {name:10s} median {statistics.median(values):.3f} s, runs {runs}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    run(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 16384,
        int(sys.argv[3]) if len(sys.argv) > 3 else 3)
