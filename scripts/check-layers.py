#!/usr/bin/env python3
"""Fails on any #include in engine code that points up the layers (issue 19).

The engine's layers, lowest first: simd, core, eval, search, threads, cluster, uci. Beside
them sits the lab, tools (data generation, the tuners, the NNUE trainer, the thread-scaling
benchmark), which may include the engine layers up to threads but not cluster or uci; no
engine layer includes tools. On top, app (app/main.cpp, the `flotilla` program) may include
everything: it dispatches `flotilla datagen` and the other tool commands to tools and all
else to uci, and adds the tools' `scaling` command to the UCI protocol. A folder may
include its own headers and those of the folders listed for it (ALLOWED).
threads/machine (topology, placement, binding, node-local memory) knows nothing of chess:
it includes only its own headers. The build enforces the same through each library's
exported include root (CMakeLists.txt, flotilla_export_headers); this check names the
offending line. Exit status 1 on any.
"""
import pathlib
import re
import sys

ALLOWED = {
    "simd": set(),
    "core": {"simd"},
    "eval": {"core", "simd"},
    "search": {"eval", "core", "simd"},
    "threads": {"search", "eval", "core", "simd"},
    "cluster": {"threads", "search", "eval", "core", "simd"},
    "uci": {"cluster", "threads", "search", "eval", "core", "simd"},
    "tools": {"threads", "search", "eval", "core", "simd"},
    "app": {"uci", "tools", "cluster", "threads", "search", "eval", "core", "simd"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z_]+)/')


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else __file__).resolve()
    if root.is_file():
        root = root.parent.parent
    errors = 0
    for folder, allowed in ALLOWED.items():
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cpp", ".in"):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                target = match.group(1)
                in_machine = path.relative_to(root).parts[:2] == ("threads", "machine")
                if in_machine and not re.match(r'^\s*#\s*include\s+"threads/machine/', line):
                    print(f"error: {path.relative_to(root)}:{number}: threads/machine includes "
                          f"{line.strip()}, which is outside it")
                    errors += 1
                    continue
                if target != folder and target in ALLOWED and target not in allowed:
                    print(f"error: {path.relative_to(root)}:{number}: {folder} includes "
                          f"{target} ({line.strip()}), which it may not include")
                    errors += 1
    print(f"== check-layers: {'ok' if not errors else f'{errors} upward includes'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
