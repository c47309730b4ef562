#!/usr/bin/env python3
"""Lists functions in engine code longer than a limit (issue 19: none over 100 lines).

A function is a definition whose body opens with `{` at the end of a line that starts
at the outermost or namespace indentation and closes with the matching `}` on a line
of its own at the same indentation. Lambdas and class bodies count inside their
enclosing function. Exit status 1 when any function is over the limit.
"""
import argparse
import pathlib
import re
import sys

ENGINE_DIRS = ["simd", "core", "eval", "search", "threads", "cluster", "uci", "app"]
SIGNATURE = re.compile(r"^(?P<indent>(    )?)[A-Za-z_~][^;{}]*\)[^;{}]*\{\s*$")
NOT_FUNCTION = re.compile(r"^\s*(if|for|while|switch|else|do|namespace|struct|class|enum|union)\b")


def functions(path):
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    i = 0
    while i < len(lines):
        # A signature may span lines: join up to 6 lines ending in the opening brace.
        line = lines[i]
        if line.rstrip().endswith("{") and not NOT_FUNCTION.match(line):
            start = i
            while start > 0 and i - start < 6 and not SIGNATURE.match(lines[start]) and \
                    lines[start - 1].strip() and not lines[start - 1].rstrip().endswith((";", "}", "{")) \
                    and not lines[start - 1].lstrip().startswith(("//", "#")):
                start -= 1
            head = " ".join(l.strip() for l in lines[start:i + 1])
            indent = len(lines[start]) - len(lines[start].lstrip())
            if indent <= 4 and "(" in head and ")" in head and not NOT_FUNCTION.match(lines[start]) \
                    and "=" not in head.split("(")[0]:
                close = " " * indent + "}"
                j = i + 1
                while j < len(lines) and not (lines[j].startswith(close) and
                                              len(lines[j]) - len(lines[j].lstrip()) == indent):
                    j += 1
                if j == len(lines):  # no closing brace at this indentation: not a function
                    i += 1
                    continue
                name = re.sub(r"\s+", " ", head.split("(")[0]).split(" ")[-1]
                yield name, start + 1, j - start + 1
                i = j
        i += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--top", type=int, default=0, help="also list the N longest")
    parser.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    root = pathlib.Path(args.root)
    found = []
    for d in ENGINE_DIRS:
        for path in sorted((root / d).rglob("*")):
            if path.suffix in (".cpp", ".h"):
                for name, line, length in functions(path):
                    found.append((length, f"{path.relative_to(root)}:{line}", name))
    found.sort(reverse=True)
    for length, where, name in found[: args.top]:
        print(f"{length:5d}  {where}  {name}")
    over = [f for f in found if f[0] > args.limit]
    for length, where, name in over:
        print(f"error: {where}: {name} is {length} lines (limit {args.limit})")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
