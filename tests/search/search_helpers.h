// Shared helpers for the search tests: run one search on a FEN.
#pragma once

#include "search/worker.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace flotilla::search::testing {

struct Run {
    SearchResult result;
    Stats stats;
    std::vector<SearchInfo> infos;
};

// weights: the evaluation weights the worker reads; null keeps the built-in ones.
inline Run run_search(const Position& pos, Limits limits, const Params& params = {},
                      const eval::Weights* weights = nullptr) {
    TranspositionTable tt;
    auto worker = std::make_unique<Worker>(tt);
    if (weights) worker->use_eval_weights(*weights);
    std::atomic<bool> stop{false};
    Run run;
    run.result = worker->iterative_deepening(
        pos, limits, params, stop, [&](const SearchInfo& info) { run.infos.push_back(info); });
    run.stats = worker->stats();
    return run;
}

inline Run run_search(const std::string& fen, Limits limits, const Params& params = {},
                      const eval::Weights* weights = nullptr) {
    Position pos;
    std::string error;
    EXPECT_TRUE(pos.set_fen(fen, false, &error)) << fen << ": " << error;
    return run_search(pos, limits, params, weights);
}

inline Limits depth_limit(int depth) {
    Limits l;
    l.depth = depth;
    return l;
}

} // namespace flotilla::search::testing
