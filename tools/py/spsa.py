#!/usr/bin/env python3
"""SPSA tuning of the engine's spin options in games (Spall, "An Overview of the
Simultaneous Perturbation Method for Efficient Optimization", 1998; the gain schedule
and its c_end / r_end parametrisation follow the one Fishtest describes for its tunes).

Every iteration flips a coin for each parameter (delta = +1 or -1), plays the engine
with theta + c_k * delta against the engine with theta - c_k * delta for a few game
pairs (fastchess, both colours of each opening), and moves every parameter along
delta by r_k * c_k * (wins - losses of the plus side). c_k and r_k shrink over the
run towards c_end and r_end. theta is kept as a float and rounded for the engine.

The ranges come from the engine's own `uci` answer (min and max of each spin option),
the start from its default unless given. State (iteration and theta) is saved after
every iteration to --state, and a run given the same --state resumes where it
stopped; --log gets one CSV row per iteration.

Example (the network-era margins, 10,000 nodes a move):
    tools/py/spsa.py --engine build/release/flotilla --fastchess /path/to/fastchess \\
        --openings ../shared/data/noob_3moves.epd --iterations 600 --pairs 4 \\
        --state spsa.json --log spsa.csv --margins

    tools/py/spsa.py --self-test     # converges on a simulated engine; no engine needed

Python 3 standard library only.
"""

import argparse
import csv
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

# The search margins that were set on the hand-written evaluation's scale (issue 16).
MARGINS = [
    "ReverseFutilityMargin", "FutilityMargin", "FutilityMarginPerDepth",
    "LateMovePruningBase", "RazoringMargin", "RazoringMarginPerDepth",
    "LimitedRazoringMargin", "SeePruningQuietMargin", "SeePruningCaptureMargin",
    "ProbCutMargin", "DeltaPruningMargin",
]

# The rest of the search's numbers that issue 38 names for a tune in games: the reduction
# table and its history divisors, the re-search margins, the history bonus and malus,
# the correction weights and the aspiration window (with --margins: all of them at once).
SEARCH = [
    "LmrBasePercent", "LmrDivisorPercent", "LmrHistoryDivisor",
    "CaptureReductionHistoryDivisor", "HistoryLeafThresholdPerDepth", "AspirationDelta",
    "DoDeeperMargin", "HistoryBonusPerDepth", "HistoryBonusMax", "HistoryMalusPerDepth",
    "HistoryMalusMax", "CorrectionPawnWeight", "CorrectionNonPawnWeight",
]

SPIN = re.compile(r"option name (.+?) type spin default (-?\d+) min (-?\d+) max (-?\d+)")
RESULT = re.compile(r'\[Result "([^"]+)"\]')
WHITE = re.compile(r'\[White "([^"]+)"\]')

ALPHA, GAMMA = 0.602, 0.101  # Spall's recommended exponents


class Param:
    def __init__(self, name, value, lo, hi, c_end):
        self.name, self.value, self.lo, self.hi, self.c_end = name, float(value), lo, hi, c_end

    def engine_value(self, offset=0.0):
        return int(round(min(max(self.value + offset, self.lo), self.hi)))


class Schedule:
    """c_k = c / k^gamma and a_k = a / (A + k)^alpha, scaled so that the last iteration
    has c_N = c_end and a_N / c_N^2 = r_end; A is a tenth of the run."""

    def __init__(self, iterations, r_end):
        self.n, self.r_end = iterations, r_end
        self.big_a = 0.1 * iterations

    def c(self, param, k):
        return param.c_end * (self.n / k) ** GAMMA

    def r(self, param, k):
        a_end = self.r_end * param.c_end ** 2
        a = a_end * (self.big_a + self.n) ** ALPHA
        return a / (self.big_a + k) ** ALPHA / self.c(param, k) ** 2


def step(params, schedule, k, rng, play):
    """One SPSA iteration (k from 1); play(plus, minus) -> (wins, losses, draws) of plus.
    Returns the result and the perturbations."""
    deltas = [rng.choice((-1, 1)) for _ in params]
    plus = {p.name: p.engine_value(schedule.c(p, k) * d) for p, d in zip(params, deltas)}
    minus = {p.name: p.engine_value(-schedule.c(p, k) * d) for p, d in zip(params, deltas)}
    wins, losses, draws = play(plus, minus)
    for p, d in zip(params, deltas):
        p.value += schedule.r(p, k) * schedule.c(p, k) * (wins - losses) * d
        p.value = min(max(p.value, p.lo), p.hi)
    return (wins, losses, draws), plus, minus


def engine_spins(engine):
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True,
                         timeout=60, check=True).stdout
    return {m[1]: tuple(int(x) for x in m.groups()[1:]) for m in SPIN.finditer(out)}


def score_pgn(text, plus_name):
    wins = losses = draws = 0
    for game in text.split("[Event ")[1:]:
        white, result = WHITE.search(game), RESULT.search(game)
        if not white or not result or result[1] == "*":
            continue
        if result[1] == "1/2-1/2":
            draws += 1
        elif (result[1] == "1-0") == (white[1] == plus_name):
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


def fastchess_player(args, rng):
    # fastchess runs in a scratch folder (it writes its config.json where it runs), so the
    # paths it and the engines are given must not be relative to ours.
    engine, openings = os.path.abspath(args.engine), os.path.abspath(args.openings)
    fixed = [(k, os.path.abspath(v) if os.path.exists(v) else v) for k, v in args.fixed]

    def play(plus, minus):
        with tempfile.TemporaryDirectory() as tmp:
            pgn = os.path.join(tmp, "games.pgn")
            cmd = [args.fastchess]
            for name, values in (("plus", plus), ("minus", minus)):
                cmd += ["-engine", f"cmd={engine}", f"name={name}"]
                cmd += [f"option.{k}={v}" for k, v in values.items()]
                cmd += [f"option.{k}={v}" for k, v in fixed]
            cmd += ["-each", f"tc=inf", f"nodes={args.nodes}", "option.Hash=16",
                    "-openings", f"file={openings}", "format=epd", "order=random",
                    "-repeat", "-rounds", str(args.pairs), "-games", "2",
                    "-concurrency", str(args.concurrency),
                    "-resign", "movecount=3", "score=600", "twosided=true",
                    "-draw", "movenumber=40", "movecount=8", "score=10",
                    "-srand", str(rng.randrange(1, 2**31)), "-pgnout", f"file={pgn}"]
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=True, cwd=tmp)
            with open(pgn) as f:
                return score_pgn(f.read(), "plus")
    return play


def parse_param(spec, spins):
    """NAME, NAME=START or NAME=START:C_END."""
    name, _, rest = spec.partition("=")
    if name not in spins:
        sys.exit(f"spsa: the engine has no spin option {name!r}")
    default, lo, hi = spins[name]
    start, _, c_end = rest.partition(":")
    value = float(start) if start else float(default)
    c = float(c_end) if c_end else max(2.0, 0.1 * abs(value))
    return Param(name, value, lo, hi, c)


def self_test():
    """A simulated engine whose Elo falls quadratically away from a hidden optimum;
    SPSA must bring every parameter much closer to it than it started."""
    rng = random.Random(2026)
    optimum = {"A": 130.0, "B": 40.0, "C": 300.0}
    params = [Param("A", 90, 0, 1000, 8), Param("B", 60, 0, 1000, 4),
              Param("C", 250, 0, 1000, 20)]
    scale = {"A": 60.0, "B": 30.0, "C": 150.0}  # 100 Elo lost at one scale away

    def elo(values):
        return -sum(100 * ((values[n] - optimum[n]) / scale[n]) ** 2 for n in values)

    def play(plus, minus):
        p_win = 1 / (1 + 10 ** (-(elo(plus) - elo(minus)) / 400))
        wins = sum(rng.random() < p_win for _ in range(8))
        return wins, 8 - wins, 0

    schedule = Schedule(3000, 0.002)
    start = {p.name: abs(p.value - optimum[p.name]) / scale[p.name] for p in params}
    for k in range(1, schedule.n + 1):
        step(params, schedule, k, rng, play)
    ok = True
    for p in params:
        end = abs(p.value - optimum[p.name]) / scale[p.name]
        print(f"{p.name}: start {start[p.name]:.2f} scales from the optimum, "
              f"end {end:.2f} (theta {p.value:.1f}, optimum {optimum[p.name]:.0f})")
        ok &= end < 0.5 * start[p.name]
    print("self-test", "passed" if ok else "FAILED")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--engine")
    ap.add_argument("--fastchess")
    ap.add_argument("--openings")
    ap.add_argument("--param", action="append", default=[],
                    help="NAME, NAME=START or NAME=START:C_END (repeatable)")
    ap.add_argument("--margins", action="store_true", help="tune the search margins")
    ap.add_argument("--search", action="store_true",
                    help="tune the reduction, history, correction and aspiration numbers")
    ap.add_argument("--fixed", action="append", default=[],
                    help="NAME=VALUE given to both sides (e.g. EvalFile=net.nnue)")
    ap.add_argument("--iterations", type=int, default=600)
    ap.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    ap.add_argument("--nodes", type=int, default=10000)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--r-end", type=float, default=0.002)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--state", help="JSON file: resume from it, save to it")
    ap.add_argument("--log", help="CSV file, one row per iteration")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if not (args.engine and args.fastchess and args.openings):
        ap.error("--engine, --fastchess and --openings are needed")
    args.fixed = [tuple(f.split("=", 1)) for f in args.fixed]

    spins = engine_spins(args.engine)
    params = [parse_param(s, spins) for s in args.param + (MARGINS if args.margins else [])
              + (SEARCH if args.search else [])]
    if not params:
        ap.error("no parameters: give --param, --margins or --search")
    first = 1
    rng = random.Random(args.seed)
    if args.state and os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        for p in params:
            if p.name in state["theta"]:
                p.value = state["theta"][p.name]
        first = state["iteration"] + 1
        rng.seed(args.seed + first)
    schedule = Schedule(args.iterations, args.r_end)
    play = fastchess_player(args, rng)
    log = open(args.log, "a", newline="") if args.log else None
    writer = csv.writer(log) if log else None
    if writer and first == 1:
        writer.writerow(["iteration", "wins", "losses", "draws"] + [p.name for p in params])
    totals = [0, 0, 0]
    for k in range(first, args.iterations + 1):
        (w, l, d), _, _ = step(params, schedule, k, rng, play)
        totals = [totals[0] + w, totals[1] + l, totals[2] + d]
        row = [k, w, l, d] + [f"{p.value:.2f}" for p in params]
        if writer:
            writer.writerow(row)
            log.flush()
        if args.state:
            with open(args.state + ".tmp", "w") as f:
                json.dump({"iteration": k, "theta": {p.name: p.value for p in params}}, f)
            os.replace(args.state + ".tmp", args.state)
        print(f"iteration {k}/{args.iterations}  +{w} -{l} ={d}  " +
              " ".join(f"{p.name}={p.value:.1f}" for p in params), flush=True)
    print("final: " + " ".join(f"{p.name}={p.engine_value()}" for p in params))
    return 0


if __name__ == "__main__":
    sys.exit(main())
