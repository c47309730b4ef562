#!/usr/bin/env bash
# Configures and builds one CMake preset (CMakePresets.json) into build/<preset>.
#   scripts/build.sh <preset> [extra `cmake --build` arguments, e.g. --target flotilla]
# FLOTILLA_JOBS sets the number of parallel compile jobs (default: all cores).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if (($# < 1)); then
  echo "usage: scripts/build.sh <preset> [cmake --build arguments]" >&2
  cmake --list-presets=configure >&2 || true
  exit 2
fi
preset=$1
shift
jobs=${FLOTILLA_JOBS:-$(nproc)}

echo "== build: configure preset '${preset}' (build/${preset})"
cmake --preset "${preset}"
echo "== build: compile preset '${preset}' with ${jobs} jobs"
cmake --build --preset "${preset}" -j "${jobs}" "$@"
echo "== build: preset '${preset}' done"
