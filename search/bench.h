// `bench`: a fixed-depth single-threaded search of the embedded bench positions.
// The total node count is the search's signature: any functional change moves it.
#pragma once

#include "eval/nnue/network.h"
#include "search/params.h"

#include <cstdint>
#include <string>
#include <vector>

namespace flotilla::search {

constexpr int DEFAULT_BENCH_DEPTH = 10;

struct BenchResult {
    std::uint64_t nodes = 0;
    std::int64_t elapsedMs = 0;
    int positions = 0;
};

// The FENs of search/bench.epd.
std::vector<std::string> bench_positions();

// Searches every bench position to `depth` (clamped to 1..64) with a fresh 16 MiB
// table, one worker, and the given params, evaluating with `network` (null: the
// hand-written evaluation).
BenchResult run_bench(int depth = DEFAULT_BENCH_DEPTH, const Params& params = {},
                      const nnue::Network* network = nullptr);

} // namespace flotilla::search
