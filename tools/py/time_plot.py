#!/usr/bin/env python3
"""Plots one side's clock over a game as an SVG: the time each move took (bars) and the
clock left after it (a line), both as shares of the starting clock.

Input: the CSV that `flotilla time-sim` prints (move,used_ms,clock_left_ms,...), or a
PGN written by fastchess (`-pgnout`), from which the moves of the engine named by
--side are read: fastchess writes each move's time as "{... 1.234s ...}" and the clock
is replayed from --base and --inc. Standard library only. Examples (docs/time.md):
  flotilla time-sim --base 7200000 --inc 10000 --overhead 100 --lag 50 > tcec.csv
  python3 tools/py/time_plot.py --csv tcec.csv --base 7200000 --title "..." --out tcec.svg
  python3 tools/py/time_plot.py --pgn game.pgn --side flotilla --base 60000 --inc 600 ...
"""

import argparse
import csv
import re
import sys

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 720, 300, 56, 44, 30, 40


def from_csv(path):
    rows = []
    with open(path) as f:
        for row in csv.DictReader(line for line in f if not line.startswith("#")):
            rows.append((int(row["move"]), int(row["used_ms"]), int(row["clock_left_ms"])))
    return rows


def from_pgn(path, side, base, inc):
    """The first game of the PGN: the moves of `side`, each with fastchess's time."""
    text = open(path).read()
    white = re.search(r'\[White "([^"]*)"\]', text)
    if not white:
        sys.exit("no [White] tag in " + path)
    ours_white = white.group(1) == side
    body = text[text.index("\n\n"):]
    times = [float(t) for t in re.findall(r"\{[^}]*?(\d+(?:\.\d+)?)s[^}]*\}", body)]
    mine = times[0 if ours_white else 1::2]
    rows, clock = [], base
    for n, seconds in enumerate(mine, 1):
        used = int(round(seconds * 1000))
        clock = clock - used + inc
        rows.append((n, used, clock))
    return rows


def svg(rows, base, title):
    n = max(len(rows), 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top_share = max([1.0] + [u / base for _, u, _ in rows])
    peak_used = max([u / base for _, u, _ in rows] + [0.01])
    # Bars are drawn against their own axis (right labels) so that small moves show.
    x = lambda i: LEFT + plot_w * i / n
    y = lambda share: TOP + plot_h * (1 - share / top_share)
    yb = lambda share: TOP + plot_h * (1 - share / peak_used)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{LEFT}" y="18" font-size="13">{title}</text>']
    for k in range(5):
        share = top_share * k / 4
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(share):.1f}" '
                   f'y2="{y(share):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y(share) + 4:.1f}" text-anchor="end" '
                   f'fill="#1f5fa8">{100 * share:.0f}%</text>')
        out.append(f'<text x="{WIDTH - RIGHT + 2}" y="{y(share) + 4:.1f}" fill="#c0392b" '
                   f'font-size="9">{100 * peak_used * k / 4:.1f}%</text>')
    bar = max(plot_w / n - 1, 1)
    for i, (_, used, _) in enumerate(rows):
        out.append(f'<rect x="{x(i):.1f}" y="{yb(used / base):.1f}" width="{bar:.1f}" '
                   f'height="{TOP + plot_h - yb(used / base):.1f}" fill="#e8a39b"/>')
    points = " ".join(f"{x(i + 1):.1f},{y(left / base):.1f}"
                      for i, (_, _, left) in enumerate(rows))
    out.append(f'<polyline points="{x(0):.1f},{y(1):.1f} {points}" fill="none" '
               f'stroke="#1f5fa8" stroke-width="2"/>')
    for m in range(0, n + 1, 20):
        out.append(f'<text x="{x(m):.1f}" y="{HEIGHT - BOTTOM + 14}" '
                   f'text-anchor="middle">{m}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 8}" text-anchor="middle">move '
               f'(blue: clock left, left axis; red bars: time of each move, right axis; '
               f'both as shares of the starting clock)</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--csv")
    src.add_argument("--pgn")
    p.add_argument("--side", help="the engine's name in the PGN")
    p.add_argument("--base", type=int, required=True, help="starting clock, ms")
    p.add_argument("--inc", type=int, default=0, help="increment, ms (PGN only)")
    p.add_argument("--title", default="")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    rows = from_csv(a.csv) if a.csv else from_pgn(a.pgn, a.side, a.base, a.inc)
    with open(a.out, "w") as f:
        f.write(svg(rows, a.base, a.title))
    first20 = sum(u for _, u, _ in rows[:20])
    print(f"{len(rows)} moves; first 20 used {100 * first20 / a.base:.1f}% of the clock; "
          f"left after move 60: "
          + (f"{rows[59][2] / 1000:.1f} s" if len(rows) >= 60 else "n/a")
          + f"; longest move {max(u for _, u, _ in rows) / 1000:.2f} s")


if __name__ == "__main__":
    main()
