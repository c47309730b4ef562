// History leaf pruning (seed 001 "History Leaf Pruning", Winands et al. 2004):
// near the leaves, a quiet move whose history says it rarely succeeds is skipped.
#pragma once

#include "core/types.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct HistoryLeafPruningParams {
    bool enabled = true;
    Depth maxDepth = 2;
    int thresholdPerDepth = -1000; // prune when history < this · depth
};

inline constexpr Counter HISTORY_LEAF_PRUNING_COUNTERS[] = {
    {"HistoryLeafPruning", &Stats::historyLeafPruned},
};
inline constexpr Constant<HistoryLeafPruningParams> HISTORY_LEAF_PRUNING_CONSTANTS[] = {
    {"maxDepth", &HistoryLeafPruningParams::maxDepth},
};
inline constexpr Tunable<HistoryLeafPruningParams> HISTORY_LEAF_PRUNING_TUNABLES[] = {
    {"HistoryLeafThresholdPerDepth", &HistoryLeafPruningParams::thresholdPerDepth, -8000, 0},
};
inline constexpr Technique<HistoryLeafPruningParams> HISTORY_LEAF_PRUNING = {
    .option = "HistoryLeafPruning",
    .unit = "selectivity/history_leaf_pruning.h",
    .source = "seed 001 *History Leaf Pruning* (Winands et al.)",
    .action = "depth ≤ {maxDepth}: skip a quiet non-checking move whose history (butterfly + two "
              "continuation) is below `{HistoryLeafThresholdPerDepth}·depth`",
    .constants = HISTORY_LEAF_PRUNING_CONSTANTS,
    .tunables = HISTORY_LEAF_PRUNING_TUNABLES,
    .counters = HISTORY_LEAF_PRUNING_COUNTERS,
};

// Quiet moves that do not give check only: captures have no quiet history.
constexpr bool history_leaf_prunes(const HistoryLeafPruningParams& p, const MovePruningContext& c) {
    return p.enabled && c.quiet && !c.givesCheck && c.depth <= p.maxDepth &&
           c.history < p.thresholdPerDepth * c.depth;
}

} // namespace flotilla::search
