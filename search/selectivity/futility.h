// Futility pruning of quiet moves at frontier and pre-frontier nodes (seed 001
// "Futility Pruning", Heinz's frontier and extended futility pruning).
#pragma once

#include "core/types.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct FutilityParams {
    bool enabled = true;
    Depth maxDepth = 6;
    int base = 59; // SPSA with n6 (docs/search.md); 60 and 100 before
    int perDepth = 102;
};

inline constexpr Tunable<FutilityParams> FUTILITY_TUNABLES[] = {
    {"FutilityMaxDepth", &FutilityParams::maxDepth, 0, 64},
    {"FutilityMargin", &FutilityParams::base, 0, 2000, NetworkScale::Margin},
    {"FutilityMarginPerDepth", &FutilityParams::perDepth, 0, 2000, NetworkScale::Margin},
};
inline constexpr Counter FUTILITY_COUNTERS[] = {
    {"FutilityPruning", &Stats::futilityPruned},
};
inline constexpr Technique<FutilityParams> FUTILITY = {
    .option = "FutilityPruning",
    .unit = "selectivity/futility.h",
    .source = "seed 001 *Futility Pruning* (frontier and extended futility, Heinz)",
    .action = "depth ≤ {FutilityMaxDepth}: skip a quiet non-checking move when `eval + "
              "{FutilityMargin} + {FutilityMarginPerDepth}·depth ≤ alpha` (never in check)",
    .tunables = FUTILITY_TUNABLES,
    .counters = FUTILITY_COUNTERS,
};

constexpr Value futility_margin(const FutilityParams& p, Depth depth) {
    return p.base + p.perDepth * depth;
}

// A quiet move that does not give check, from a node not in check, whose static
// eval plus a margin cannot reach alpha, is skipped. The limit reads the node's depth, the
// margin the move's (MovePruningContext::lmrDepth).
constexpr bool futility_prunes(const FutilityParams& p, const MovePruningContext& c) {
    return p.enabled && c.quiet && !c.givesCheck && !c.inCheck && c.depth <= p.maxDepth &&
           c.eval + futility_margin(p, c.lmrDepth) <= c.alpha;
}

} // namespace flotilla::search
