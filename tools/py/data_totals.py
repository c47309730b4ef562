#!/usr/bin/env python3
"""The totals of data/: each folder's games, positions, training positions and bytes,
summed from its MANIFEST.tsv (written by `flotilla datagen`, `import-pgn` and
`data-manifest`), and a check that docs/nnue.md states them.

    tools/py/data_totals.py                       # one line per folder, then all of data/
    tools/py/data_totals.py --check docs/nnue.md  # exit 1 where the doc differs

The check reads the doc's table rows that start with "| `data/NAME` |" (their last four
cells: games, positions, training positions, bytes, each cell's first number) and the
sentence "All of `data/` (DATE): N positions in M bytes". It also checks that every file
a manifest names is on disk with the manifest's size. Python 3 standard library only.
"""

import argparse
import csv
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIELDS = ("games", "positions", "training_positions", "bytes")
ROW = re.compile(r"^\| `data/([^`/]+)` \|")
NUMBER = re.compile(r"\d[\d,]*")
ALL = re.compile(r"All of `data/` \([^)]*\): ([\d,]+) positions in\s+([\d,]+) bytes")


def folder_totals(data_dir):
    """({folder: {field: sum}}, [problems]) for every folder of data_dir with a manifest."""
    totals, problems = {}, []
    for name in sorted(os.listdir(data_dir)):
        manifest = os.path.join(data_dir, name, "MANIFEST.tsv")
        if not os.path.isfile(manifest):
            continue
        sums = dict.fromkeys(FIELDS, 0)
        with open(manifest, newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                for field in FIELDS:
                    sums[field] += int(row[field])
                path = os.path.join(data_dir, name, row["file"])
                if not os.path.isfile(path):
                    problems.append(f"data/{name}: {row['file']} is in the manifest, not on disk")
                elif os.path.getsize(path) != int(row["bytes"]):
                    problems.append(f"data/{name}: {row['file']} has {os.path.getsize(path)} "
                                    f"bytes, the manifest says {row['bytes']}")
        totals[name] = sums
    return totals, problems


def all_of(totals):
    """(positions, bytes) of every folder together."""
    return (sum(t["positions"] for t in totals.values()),
            sum(t["bytes"] for t in totals.values()))


def number(text):
    return int(text.replace(",", ""))


def check_doc(text, totals):
    """Where the doc's figures differ from the manifests' sums."""
    problems, seen = [], set()
    for line in text.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        name = m.group(1)
        seen.add(name)
        if name not in totals:
            problems.append(f"the doc has a row for data/{name}, which has no manifest")
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        stated = []
        for cell in cells[-4:]:
            first = NUMBER.search(cell)
            stated.append(number(first.group()) if first else None)
        for field, value in zip(FIELDS, stated):
            if value != totals[name][field]:
                problems.append(f"data/{name}: the doc says {field} {value}, the manifest "
                                f"{totals[name][field]}")
    for name in sorted(set(totals) - seen):
        problems.append(f"data/{name} has no row in the doc")
    m = ALL.search(text)
    positions, size = all_of(totals)
    if not m:
        problems.append("the doc lacks the sentence 'All of `data/` (DATE): N positions in M bytes'")
    elif (number(m.group(1)), number(m.group(2))) != (positions, size):
        problems.append(f"all of data/: the doc says {m.group(1)} positions in {m.group(2)} "
                        f"bytes, the manifests {positions:,} in {size:,}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.path.join(REPO, "data"))
    ap.add_argument("--check", metavar="DOC", help="exit 1 where DOC's figures differ")
    args = ap.parse_args()
    totals, problems = folder_totals(args.data)
    if args.check:
        with open(args.check) as f:
            problems += check_doc(f.read(), totals)
        for p in problems:
            print("data totals:", p)
        print(f"data totals: {'differ' if problems else 'as the doc says'}")
        return 1 if problems else 0
    for name, t in totals.items():
        print(f"data/{name}\t" + "\t".join(f"{t[f]:,}" for f in FIELDS) +
              f"\t{t['bytes'] / max(t['positions'], 1):.2f} per position")
    positions, size = all_of(totals)
    print(f"all of data/\t{positions:,} positions in {size:,} bytes "
          f"({size / max(positions, 1):.2f} per position)")
    for p in problems:
        print("data totals:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
