#!/usr/bin/env python3
"""How many won 4-piece endings the engine converts to mate within the fifty-move rule,
playing against itself at a fixed time per move, with Syzygy tables and without them.

Positions are drawn at random from the tables' wins: a material set is picked at random
from a list of 4-piece sets that can be won, its pieces are placed at random, and the
position is kept when it is legal, the side to move is not in check, and the tables
(through the engine: `go depth 1` on a root in the tables shows the tablebase score)
say the side to move wins. Each position is then played out by the engine against
itself, once with SyzygyPath set and once without; a game ends at mate (converted),
stalemate, threefold repetition, insufficient material or the fifty-move rule (not
converted). Both runs go side by side, one engine thread each.

Standard library only. Example (docs/tablebases.md):
  python3 tools/py/tb_conversion.py --engine build/release/flotilla \\
      --syzygy ../shared/data/syzygy --positions 100 --movetime 100 --seed 1
"""

import argparse
import random
import sys
import threading

from uci_process import UciProcess

# Material sets (white's pieces after the king, then black's) with winning chances.
MATERIAL = ["Q/r", "Q/n", "Q/b", "Q/p", "R/n", "R/b", "R/p", "BN/", "BB/", "BP/", "NP/",
            "RP/", "P/p", "QP/"]
TB_WIN = 31507  # VALUE_TB_WIN_IN_MAX_PLY: scores from here up are tablebase wins


class Engine(UciProcess):
    def __init__(self, path, options):
        super().__init__(path, options=options, timeout=60)

    def lines_until(self, command, done):
        self.send(command)
        return self.read_until(done, 60)

    def state(self, fen, moves):
        """(FEN after the moves, in check, legal move count), or None for a bad position."""
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        lines = self.lines_until("d", lambda l: l.startswith("Checkers:"))
        if any(l.startswith("info string error") for l in lines):
            return None
        now = next(l[5:] for l in lines if l.startswith("Fen: "))
        in_check = lines[-1].strip() != "Checkers:"
        perft = self.lines_until("go perft 1", lambda l: l.startswith("Nodes searched"))
        return now, in_check, int(perft[-1].split(":")[1])

    def best_move(self, fen, moves, go):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        lines = self.lines_until(go, lambda l: l.startswith("bestmove"))
        score = None
        for l in lines:
            if " score " in l:
                kind, value = l.split(" score ")[1].split()[:2]
                score = (kind, int(value))
        return lines[-1].split()[1], score


def random_fen(rng):
    white, black = rng.choice(MATERIAL).split("/")
    pieces = ["K"] + list(white) + ["k"] + list(black)
    squares = rng.sample(range(64), len(pieces))
    board = [[""] * 8 for _ in range(8)]
    for piece, sq in zip(pieces, squares):
        rank = sq // 8
        if piece in "Pp" and rank in (0, 7):
            return None
        board[7 - rank][sq % 8] = piece
    rows = []
    for row in board:
        text, empty = "", 0
        for cell in row:
            if cell:
                text += (str(empty) if empty else "") + cell
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def won_positions(referee, count, rng):
    found = []
    while len(found) < count:
        fen = random_fen(rng)
        if not fen:
            continue
        state = referee.state(fen, [])
        if not state or state[1] or state[2] == 0:
            continue
        _, score = referee.best_move(fen, [], "go depth 1")
        if score and score[0] == "cp" and score[1] >= TB_WIN:
            found.append(fen)
    return found


def play(engine, referee, fen, go, max_plies=400):
    """'mate' when the side to move at the start mates; else why the game ended."""
    moves, seen = [], {}
    engine.send("ucinewgame")
    while len(moves) < max_plies:
        now, in_check, legal = referee.state(fen, moves)
        key = " ".join(now.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if legal == 0:
            return ("mate" if len(moves) % 2 == 1 else "mated") if in_check else "stalemate"
        if seen[key] >= 3:
            return "repetition"
        if int(now.split()[4]) >= 100:
            return "fifty-move rule"
        if sum(c.isalpha() for c in now.split()[0]) == 2:
            return "bare kings"
        move, _ = engine.best_move(fen, moves, go)
        moves.append(move)
    return "ply limit"


def run(label, engine, referee, positions, go, results):
    outcome = {}
    for i, fen in enumerate(positions):
        end = play(engine, referee, fen, go)
        outcome[end] = outcome.get(end, 0) + 1
        if end != "mate":
            print(f"  {label}: {fen}: {end}", file=sys.stderr)
    results[label] = outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--syzygy", required=True, help="directory of the 3-4 piece tables")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--movetime", type=int, default=100, help="ms per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    tables = {"SyzygyPath": args.syzygy, "Hash": 16, "Threads": 1}
    referee = Engine(args.engine, tables)
    positions = won_positions(referee, args.positions, rng)
    print(f"{len(positions)} won positions drawn (seed {args.seed})")
    go = f"go movetime {args.movetime}"
    configs = {"with tables": tables, "without tables": {"Hash": 16, "Threads": 1}}
    results, workers = {}, []
    for label, options in configs.items():
        engine, ref = Engine(args.engine, options), Engine(args.engine, tables)
        workers.append(threading.Thread(target=run, args=(label, engine, ref, positions, go,
                                                          results)))
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for label in configs:
        outcome = results[label]
        print(f"{label}: converted {outcome.get('mate', 0)} of {len(positions)}; "
              + ", ".join(f"{k} {v}" for k, v in sorted(outcome.items()) if k != "mate"))


if __name__ == "__main__":
    main()
