#!/usr/bin/env python3
"""Time-loss and illegal-move smoke test: an engine plays itself over UCI.

Two processes of the engine play N games at a Fischer clock (default 1 s + 10 ms
per move) that this script keeps: the time from sending `go` to reading
`bestmove` is subtracted from the mover's clock, then the increment is added. A
clock below zero is a time loss. Each move is checked by the opponent process:
it receives `position ... moves ...` and `go perft 1`; an `info string error`
(or a `bestmove 0000` while legal moves exist) is an illegal move. Games start
from a few random legal plies (taken from `go perft 1`), end at mate or
stalemate (no legal move; `go depth 1` tells mate from stalemate by its score)
and are otherwise adjudicated drawn after --max-plies plies.

Standard library only. Exit status 1 when any time loss or illegal move occurred.

Example: python3 tools/py/uci_selfplay.py --engine build/release/flotilla --games 20
"""

import argparse
import random
import sys
import time

from uci_process import EngineTimeout, UciProcess


class Engine(UciProcess):
    """One UCI engine process, with the few position queries a game needs."""

    def __init__(self, path, options):
        super().__init__(path, options=options, timeout=30)

    def set_position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self, moves):
        """(legal moves, error lines) after `moves` from the start position."""
        self.set_position(moves)
        self.send("go perft 1")
        lines = self.read_until(lambda l: l.startswith("Nodes searched"), 30)
        errors = [l for l in lines if l.startswith("info string error")]
        legal = [l.split(":")[0] for l in lines if ":" in l and not l.startswith(("info", "Nodes"))]
        return legal, errors

    def is_mated(self, moves):
        """With no legal move: True when in check (the score line says mate)."""
        self.set_position(moves)
        self.send("go depth 1")
        lines = self.read_until(lambda l: l.startswith("bestmove"), 30)
        return any(" score mate " in l for l in lines)


def play_game(engines, white, opening, args, stats):
    """Plays one game; engines[white] has White. Returns '1-0', '0-1' or '1/2-1/2'."""
    moves = list(opening)
    clock = [args.base_ms, args.base_ms]  # indexed by colour: 0 white, 1 black
    for e in engines:
        e.send("ucinewgame")
        e.sync()
    legal, _ = engines[0].legal_moves(moves)
    while True:
        colour = len(moves) % 2
        mover = engines[white ^ colour]
        if not legal:
            if engines[0].is_mated(moves):
                return "0-1" if colour == 0 else "1-0"
            return "1/2-1/2"
        if len(moves) >= args.max_plies:
            return "1/2-1/2"
        mover.set_position(moves)
        mover.send(f"go wtime {max(clock[0], 0)} btime {max(clock[1], 0)} "
                   f"winc {args.inc_ms} binc {args.inc_ms}")
        start = time.monotonic()
        try:
            lines = mover.read_until(lambda l: l.startswith("bestmove"),
                                     clock[colour] / 1000 + 5)
        except EngineTimeout:
            stats["time_losses"] += 1
            print(f"  time loss (no answer) at ply {len(moves)}", file=sys.stderr)
            mover.send("stop")
            mover.read_until(lambda l: l.startswith("bestmove"), 30)
            return "0-1" if colour == 0 else "1-0"
        used = int((time.monotonic() - start) * 1000)
        stats["max_move_ms"] = max(stats["max_move_ms"], used)
        clock[colour] -= used
        stats["min_clock_ms"] = min(stats["min_clock_ms"], clock[colour])
        if clock[colour] < 0:
            stats["time_losses"] += 1
            print(f"  time loss at ply {len(moves)}: clock {clock[colour]} ms", file=sys.stderr)
            return "0-1" if colour == 0 else "1-0"
        clock[colour] += args.inc_ms
        move = lines[-1].split()[1]
        # The opponent checks the move: an error or no legal move left counts.
        opponent = engines[white ^ colour ^ 1]
        if move == "0000" or move not in legal:
            stats["illegal_moves"] += 1
            print(f"  illegal move {move} at ply {len(moves)} after {moves}", file=sys.stderr)
            return "0-1" if colour == 0 else "1-0"
        moves.append(move)
        legal, errors = opponent.legal_moves(moves)
        if errors:
            stats["illegal_moves"] += 1
            print(f"  move {move} rejected: {errors[0]}", file=sys.stderr)
            return "0-1" if colour == 0 else "1-0"
        stats["moves"] += 1


def random_opening(engine, plies, rng):
    while True:
        moves = []
        for _ in range(plies):
            legal, _ = engine.legal_moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        else:
            if engine.legal_moves(moves)[0]:
                return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="path of the UCI engine")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--base-ms", type=int, default=1000, help="starting clock, ms")
    parser.add_argument("--inc-ms", type=int, default=10, help="increment per move, ms")
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engines = [Engine(args.engine, {"Hash": args.hash}) for _ in range(2)]
    stats = {"time_losses": 0, "illegal_moves": 0, "moves": 0,
             "min_clock_ms": args.base_ms, "max_move_ms": 0}
    score = {"1-0": 0, "0-1": 0, "1/2-1/2": 0}
    try:
        for game in range(args.games):
            opening = random_opening(engines[0], args.random_plies, rng)
            result = play_game(engines, game % 2, opening, args, stats)
            score[result] += 1
            print(f"game {game + 1}: {' '.join(opening)} ... {result}", flush=True)
    finally:
        for e in engines:
            e.close()
    print(f"games {args.games}  white wins {score['1-0']}  black wins {score['0-1']}  "
          f"draws {score['1/2-1/2']}  moves {stats['moves']}")
    print(f"time losses {stats['time_losses']}  illegal moves {stats['illegal_moves']}  "
          f"lowest clock {stats['min_clock_ms']} ms  longest move {stats['max_move_ms']} ms")
    return 1 if stats["time_losses"] or stats["illegal_moves"] else 0


if __name__ == "__main__":
    sys.exit(main())
