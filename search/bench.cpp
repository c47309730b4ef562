#include "search/bench.h"

#include "search/bench_positions.h"
#include "search/time_manager.h"
#include "search/worker.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace flotilla::search {

std::vector<std::string> bench_positions() {
    std::vector<std::string> fens;
    std::istringstream in(detail::BENCH_EPD);
    std::string line;
    while (std::getline(in, line)) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        fens.push_back(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
    }
    return fens;
}

BenchResult run_bench(int depth, const Params& params, const nnue::Network* network) {
    TranspositionTable tt; // fresh, DEFAULT_MIB
    auto worker = std::make_unique<Worker>(tt);
    worker->use_network(network);
    Limits limits;
    limits.depth = std::clamp(depth, 1, 64);
    BenchResult result;
    const Stopwatch clock;
    for (const std::string& fen : bench_positions()) {
        Position pos;
        std::string error;
        // The positions are embedded at build time; a bad one is a build defect.
        if (!pos.set_fen(fen, false, &error))
            throw std::runtime_error("bench position '" + fen + "': " + error);
        std::atomic<bool> stop{false};
        tt.new_search();
        result.nodes += worker->iterative_deepening(pos, limits, params, stop).nodes;
        ++result.positions;
    }
    result.elapsedMs = clock.elapsed_ms();
    return result;
}

} // namespace flotilla::search
