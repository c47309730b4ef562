// The depth of LMR's re-search, from how far the reduced search beat the best score so
// far: a clear fail high is re-searched one ply deeper, a marginal one one ply shallower
// (where that leaves the reduced depth, the reduced result stands).
// The idea: Stockfish's doDeeperSearch and doShallowerSearch (also in Ethereal, Berserk).
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct DoDeeperShallowerParams {
    bool enabled = true;
    int deeperMargin = 40; // deeper when score > best + 40 + 2·newDepth
    int deeperMarginPerDepth = 2;
    int shallowerMarginPerDepth = 1; // shallower when score < best + 1·newDepth
};

inline constexpr Counter DO_DEEPER_SHALLOWER_COUNTERS[] = {
    {"DoDeeper", &Stats::doDeeper},
    {"DoShallower", &Stats::doShallower},
};
inline constexpr Tunable<DoDeeperShallowerParams> DO_DEEPER_SHALLOWER_TUNABLES[] = {
    {"DoDeeperMargin", &DoDeeperShallowerParams::deeperMargin, 0, 400},
    {"DoDeeperMarginPerDepth", &DoDeeperShallowerParams::deeperMarginPerDepth, 0, 20},
    {"DoShallowerMarginPerDepth", &DoDeeperShallowerParams::shallowerMarginPerDepth, 0, 20},
};
inline constexpr Technique<DoDeeperShallowerParams> DO_DEEPER_SHALLOWER = {
    .option = "DoDeeperShallower",
    .unit = "selectivity/do_deeper_shallower.h",
    .source = "Stockfish (doDeeperSearch, doShallowerSearch); not in the seeds",
    .action = "a reduced search (LMR, capture reductions) that beats alpha is re-searched at "
              "`newDepth + 1` when `score > best + {DoDeeperMargin} + "
              "{DoDeeperMarginPerDepth}·newDepth`, at `newDepth − 1` when `score < best + "
              "{DoShallowerMarginPerDepth}·newDepth` (best: the node's best score before the "
              "move); no re-search when that is the reduced depth, and a PV move's full-window "
              "search takes the same depth",
    .tunables = DO_DEEPER_SHALLOWER_TUNABLES,
    .counters = DO_DEEPER_SHALLOWER_COUNTERS,
};

// +1, -1 or 0 plies for the re-search after a reduced search scored `score` (above
// alpha) against the node's best score so far.
constexpr Depth research_depth_adjustment(const DoDeeperShallowerParams& p, Value score, Value best,
                                          Depth newDepth) {
    if (!p.enabled) return 0;
    if (score > best + p.deeperMargin + p.deeperMarginPerDepth * newDepth) return 1;
    if (score < best + p.shallowerMarginPerDepth * newDepth) return -1;
    return 0;
}

} // namespace flotilla::search
