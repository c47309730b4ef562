#!/usr/bin/env bash
# Fails if any C++ file in the project differs from what clang-format 14 (.clang-format) makes
# of it. Fix with: clang-format-14 -i <files>.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

clang_format=${CLANG_FORMAT:-clang-format-14}
if ! command -v "${clang_format}" >/dev/null 2>&1; then
  echo "check-format: error: ${clang_format} not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi

# Tracked and new (not ignored) files; a plain find where this is no git checkout.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h' |
    while read -r f; do [[ -f $f ]] && echo "$f"; done)
else
  mapfile -t files < <(find . -path ./build -prune -o -type f \( -name '*.cpp' -o -name '*.h' \) -print)
fi

echo "== check-format: ${#files[@]} files with ${clang_format}"
if ((${#files[@]} > 0)); then
  "${clang_format}" --dry-run --Werror "${files[@]}"
fi
echo "== check-format: ok"
