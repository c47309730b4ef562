#!/usr/bin/env bash
# Builds and runs every test: the format check, the function-length and layering checks; for each of the presets release, portable and
# asan, configure + build + ctest (portable: the engine, the core and eval tests and a bench
# signature equal to release's); the tsan preset for the threaded layers; the cluster preset
# (MPI) with its tests on loopback ranks; then the fuzz preset, each fuzz target for
# FUZZ_SECONDS.
# Environment:
#   TEST_PRESETS   presets to build and test (default: "release portable asan")
#   TSAN_PRESETS   "tsan" to run the ThreadSanitizer tests of the threaded layers, "" to skip
#   CLUSTER_PRESETS "cluster" to build with MPI and run the tests labelled cluster, "" to skip
#   AVX512_TESTS   "auto" (default): on a CPU with AVX-512BW, the avx512 preset's evaluation
#                  tests (the network's 512-bit kernels); "0" to skip
#   FUZZ_SECONDS   seconds per fuzz target (default 60; 0 skips fuzzing)
#   FLOTILLA_JOBS  parallel compile and test jobs (default: all cores)
# Tests labelled `extended` need ../shared/data beside the project; without it they are left out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TEST_PRESETS=${TEST_PRESETS:-release portable asan}
TSAN_PRESETS=${TSAN_PRESETS:-tsan}
CLUSTER_PRESETS=${CLUSTER_PRESETS:-cluster}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
jobs=${FLOTILLA_JOBS:-$(nproc)}
export FLOTILLA_JOBS=${jobs}

phase_names=()
phase_seconds=()
phase_started=0
section() {
  finish_phase
  phase_names+=("$*")
  phase_started=${SECONDS}
  printf '\n==================== %s ====================\n' "$*"
}
finish_phase() {
  if ((${#phase_names[@]} > ${#phase_seconds[@]})); then
    phase_seconds+=($((SECONDS - phase_started)))
  fi
}
print_timings() {
  local status=$?
  finish_phase
  printf '\n==================== test.sh timings ====================\n'
  local i
  for i in "${!phase_seconds[@]}"; do
    printf '%6ds  %s\n' "${phase_seconds[$i]}" "${phase_names[$i]}"
  done
  printf '%6ds  total (%s)\n' "${SECONDS}" "$( ((status == 0)) && echo passed || echo FAILED)"
}
trap print_timings EXIT

section "format check"
scripts/check-format.sh
# Issue 19: no function in engine code over 100 lines; no #include up the layers.
python3 scripts/function-lengths.py --limit 100
python3 scripts/check-layers.py

label_args=()
if [[ -d ../shared/data ]]; then
  echo "test: ../shared/data found: the tests labelled 'extended' run too"
else
  echo "test: ../shared/data not found: leaving out the tests labelled 'extended'"
  label_args=(-LE extended)
fi

# The portable build differs from release only below the search: magic-bitboard sliders
# (core) and the scalar network kernels (eval). So it builds the engine and those two test
# programs (every other program would cost a whole LTO link for code release has tested),
# and its bench must give release's node count: the whole search on the scalar paths.
for preset in ${TEST_PRESETS}; do
  section "${preset}: build"
  build_args=()
  test_args=()
  if [[ ${preset} == portable ]]; then
    build_args=(--target flotilla flotilla_core_tests flotilla_eval_tests)
    test_args=(-E '_NOT_BUILT$|^threads\.')
  fi
  scripts/build.sh "${preset}" "${build_args[@]}"
  section "${preset}: test"
  preset_labels=("${label_args[@]}")
  # The extended suites are about correctness of the board, which the optimised builds
  # prove; under the sanitizers they would cost most of CI's time for no new code paths.
  [[ ${preset} == asan ]] && preset_labels=(-LE extended)
  ctest --preset "${preset}" -j "${jobs}" "${preset_labels[@]}" "${test_args[@]}"
  if [[ ${preset} == portable && -x build/release/flotilla ]]; then
    signature() { "$1" bench 2>&1 | grep -E '^Nodes searched  : [0-9]+$'; }
    release_nodes=$(signature build/release/flotilla)
    portable_nodes=$(signature build/portable/flotilla)
    echo "test: bench signature: release '${release_nodes}', portable '${portable_nodes}'"
    if [[ -z ${release_nodes} || ${release_nodes} != "${portable_nodes}" ]]; then
      echo "test: error: the portable build's bench differs from release's" >&2
      exit 1
    fi
  fi
done

# The network's AVX-512BW kernels run only in a build for x86-64-v4: on a CPU that has
# them, the evaluation's tests (vector == scalar bit for bit, incremental == refresh) run
# in that build too. Only that test program is built, to keep CI short.
if [[ ${AVX512_TESTS:-auto} != 0 ]]; then
  if grep -qw avx512bw /proc/cpuinfo 2>/dev/null; then
    section "avx512: build"
    scripts/build.sh avx512 --target flotilla_eval_tests
    section "avx512: test"
    ctest --preset avx512 -j "${jobs}" -LE extended -E '_NOT_BUILT$|^cpu_check\.|^threads\.'
  else
    section "avx512: skipped"
    echo "test: this CPU has no AVX-512BW: the avx512 preset's kernels are not tested here"
  fi
fi

# ThreadSanitizer: the threads layer (pool, Lazy SMP with up to 256 threads, binding,
# the stress test) and the cluster layer (its communication thread, on loopback ranks).
# Only their test programs are built, to keep CI short.
if [[ " ${TSAN_PRESETS} " == *" tsan "* ]]; then
  section "tsan: build"
  scripts/build.sh tsan --target flotilla_threads_tests flotilla_cluster_tests
  section "tsan: test"
  ctest --preset tsan -j "${jobs}" -LE extended -E '_NOT_BUILT$|^cpu_check\.'
fi

# The cluster: the engine built with Open MPI, its tests run under mpirun with 2 and 4
# loopback ranks (one at a time: they measure stop and answer times).
if [[ " ${CLUSTER_PRESETS} " == *" cluster "* ]]; then
  section "cluster: build"
  scripts/build.sh cluster
  section "cluster: test"
  ctest --preset cluster -j 1 -LE extended
fi

# libFuzzer targets are the executables of the fuzz build that define LLVMFuzzerTestOneInput.
fuzz_targets() {
  find build/fuzz -path build/fuzz/CMakeFiles -prune -o -type f -executable -print | sort |
    while read -r exe; do
      # grep reads all of nm's output (no -q), so nm never dies of SIGPIPE under pipefail.
      if nm -g --defined-only "${exe}" 2>/dev/null | grep ' T LLVMFuzzerTestOneInput$' >/dev/null; then
        echo "${exe}"
      fi
    done
}

if [[ ! -f tests/fuzz/CMakeLists.txt ]]; then
  section "fuzz: skipped"
  echo "test: tests/fuzz/CMakeLists.txt does not exist yet: no fuzz targets to build"
elif ((FUZZ_SECONDS <= 0)); then
  section "fuzz: skipped"
  echo "test: FUZZ_SECONDS=${FUZZ_SECONDS}: fuzzing skipped"
else
  section "fuzz: build"
  scripts/build.sh fuzz
  mapfile -t targets < <(fuzz_targets)
  if ((${#targets[@]} == 0)); then
    echo "test: error: the fuzz build produced no fuzz targets" >&2
    exit 1
  fi
  for exe in "${targets[@]}"; do
    name=$(basename "${exe}")
    section "fuzz: ${name} for ${FUZZ_SECONDS}s"
    # A scratch copy of the seed corpus: the fuzzer adds inputs to it, the repository stays clean.
    corpus=$(mktemp -d "${TMPDIR:-/tmp}/flotilla-fuzz-${name}.XXXXXX")
    if [[ -d tests/fuzz/corpus/${name} ]]; then
      cp -R "tests/fuzz/corpus/${name}/." "${corpus}/"
    else
      echo "test: no seed corpus in tests/fuzz/corpus/${name}: starting empty"
    fi
    dict_args=()
    [[ -f tests/fuzz/${name}.dict ]] && dict_args=("-dict=tests/fuzz/${name}.dict")
    # Crash reproducers land here, outside the temporary corpus, so they survive the run.
    artifacts=build/fuzz/artifacts/${name}
    mkdir -p "${artifacts}"
    if ! "${exe}" -max_total_time="${FUZZ_SECONDS}" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="${artifacts}/" "${dict_args[@]}" "${corpus}"; then
      echo "test: error: fuzz target ${name} failed; reproducer(s): $(ls "${artifacts}")" >&2
      echo "test: rerun one with: ${exe} ${artifacts}/<file>" >&2
      rm -rf "${corpus}"
      exit 1
    fi
    rm -rf "${corpus}"
  done
fi
