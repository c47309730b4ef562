// History leaf pruning (seed 001 "History Leaf Pruning", Winands et al. 2004):
// near the leaves, a quiet move whose history says it rarely succeeds is skipped.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct HistoryLeafPruningParams {
    bool enabled = true;
    Depth maxDepth = 2;
    int thresholdPerDepth = -1000; // prune when history < this · depth
};

constexpr bool history_leaf_prunes(const HistoryLeafPruningParams& p, Depth depth, int history) {
    return p.enabled && depth <= p.maxDepth && history < p.thresholdPerDepth * depth;
}

} // namespace flotilla::search
