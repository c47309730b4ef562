// Late move pruning, the move-count based pruning of seed 001 "Futility Pruning":
// at shallow depth, quiet moves after the first few are not searched at all.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct LateMovePruningParams {
    bool enabled = true;
    Depth maxDepth = 8;
    // 8, not 3 (the (3 + depth²) of Stockfish's move-count pruning): here 3 pruned too
    // much, +70 +/- 31 Elo for 8 at 20k nodes per move (docs/search.md).
    int base = 8;
};

// Number of moves searched before the remaining quiet moves are pruned.
constexpr int late_move_pruning_limit(const LateMovePruningParams& p, Depth depth, bool improving) {
    return (p.base + depth * depth) / (improving ? 1 : 2);
}

constexpr bool late_move_prunes(const LateMovePruningParams& p, Depth depth, int moveCount,
                                bool improving) {
    return p.enabled && depth <= p.maxDepth &&
           moveCount >= late_move_pruning_limit(p, depth, improving);
}

} // namespace flotilla::search
