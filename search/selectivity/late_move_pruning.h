// Late move pruning, the move-count based pruning of seed 001 "Futility Pruning":
// at shallow depth, quiet moves after the first few are not searched at all.
#pragma once

#include "core/types.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct LateMovePruningParams {
    bool enabled = true;
    Depth maxDepth = 8;
    // 11, not 3 (the (3 + depth²) of Stockfish's move-count pruning): here 3 pruned too
    // much, +70 +/- 31 Elo for 8 at 20k nodes per move; SPSA with n6 then moved 8 to 11
    // (docs/search.md).
    int base = 11;
};

inline constexpr Tunable<LateMovePruningParams> LATE_MOVE_PRUNING_TUNABLES[] = {
    {"LateMovePruningMaxDepth", &LateMovePruningParams::maxDepth, 0, 64},
    {"LateMovePruningBase", &LateMovePruningParams::base, 0, 1000},
};
inline constexpr Counter LATE_MOVE_PRUNING_COUNTERS[] = {
    {"LateMovePruning", &Stats::lateMovePruned},
};
inline constexpr Technique<LateMovePruningParams> LATE_MOVE_PRUNING = {
    .option = "LateMovePruning",
    .unit = "selectivity/late_move_pruning.h",
    .source = "seed 001 *Futility Pruning*, move-count based pruning",
    .action = "depth ≤ {LateMovePruningMaxDepth}: skip quiet non-checking moves after `(base + "
              "depth²)/(improving ? 1 : 2)` moves, `base` {LateMovePruningBase} "
              "(`LateMovePruningBase`; Stockfish's move-count pruning uses 3, which pruned too "
              "much here: +70 ± 31 Elo for 8, see below; SPSA with `n6` moved it from 8 to 11). "
              "Applied per move: an earlier version skipped all remaining quiets and missed late "
              "quiet mates (found by the mate tests).",
    .tunables = LATE_MOVE_PRUNING_TUNABLES,
    .counters = LATE_MOVE_PRUNING_COUNTERS,
};

// Number of moves searched before the remaining quiet moves are pruned.
constexpr int late_move_pruning_limit(const LateMovePruningParams& p, Depth depth, bool improving) {
    return (p.base + depth * depth) / (improving ? 1 : 2);
}

// Quiet moves that do not give check only, each on its own: a late quiet check (often
// a mate) must still be searched.
constexpr bool late_move_prunes(const LateMovePruningParams& p, const MovePruningContext& c) {
    return p.enabled && c.quiet && !c.givesCheck && c.depth <= p.maxDepth &&
           c.moveCount >= late_move_pruning_limit(p, c.depth, c.improving);
}

} // namespace flotilla::search
