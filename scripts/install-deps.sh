#!/usr/bin/env bash
# Installs Flotilla's build and test dependencies (Debian 12 / Ubuntu packages).
# Idempotent: installs only what is missing, and touches apt only when something is.
set -euo pipefail

PACKAGES=(
  build-essential # g++ 12, make
  cmake
  ninja-build
  pkg-config
  clang-14
  libclang-rt-14-dev # libFuzzer and the sanitizer runtimes for clang
  clang-format-14
  libtbb-dev
  libhwloc-dev
  libgtest-dev
  libbenchmark-dev
  libzstd-dev # compressed training data (tools/game_file.cpp)
  libfathom-dev # Syzygy tablebase probing (search/syzygy.cpp)
  libopenmpi-dev # the cluster preset: one search over several processes (cluster/)
  openmpi-bin    # mpirun, for the cluster's tests
  qemu-user # runs the start-up CPU check test on an emulated older CPU
)

echo "== install-deps: checking ${#PACKAGES[@]} packages"

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: error: this script needs a Debian-based system (dpkg-query, apt-get)." >&2
  echo "install-deps: install by hand: ${PACKAGES[*]}" >&2
  exit 1
fi

is_installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" == "installed" ]]
}

missing=()
for package in "${PACKAGES[@]}"; do
  is_installed "$package" || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  echo "== install-deps: all present, nothing to do"
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: error: not root and no sudo; install as root: ${missing[*]}" >&2
  exit 1
fi

echo "== install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
echo "== install-deps: done"
