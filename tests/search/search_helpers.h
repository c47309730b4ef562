// Shared helpers for the search tests: run one search on a FEN.
#pragma once

#include "search/movepick.h"
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

// The position of a FEN that the test expects to be valid.
inline Position position_at(const char* fen) {
    Position pos;
    EXPECT_TRUE(pos.set_fen(fen, false)) << fen;
    return pos;
}

// The first quiet move the main search's move picker gives at pos with ctx's histories (no
// TT move, killers or countermove), or Move::none().
inline Move first_quiet(const Position& pos, const MovePicker::Context& ctx) {
    MovePicker picker(pos, Move::none(), ctx, Move::none(), Move::none(), Move::none());
    for (Move m = picker.next(); m; m = picker.next())
        if (!is_noisy(pos, m)) return m;
    return Move::none();
}

inline Limits depth_limit(int depth) {
    Limits l;
    l.depth = depth;
    return l;
}

// The quiet middlegame most technique tests search: deep enough at depth 9 to 12 for
// every pruning, reduction and extension to act.
inline constexpr const char* MIDDLEGAME =
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";

// One technique's search with its switch on and the same search with it off (the rest
// at their defaults), for the tests that its counter fires only when it is on.
struct OnAndOff {
    Run on, off;
};
template <class P>
OnAndOff on_and_off(P Params::*technique, int depth, const char* fen = MIDDLEGAME) {
    Params on, off;
    (on.*technique).enabled = true;
    (off.*technique).enabled = false;
    return {run_search(fen, depth_limit(depth), on), run_search(fen, depth_limit(depth), off)};
}

} // namespace flotilla::search::testing
