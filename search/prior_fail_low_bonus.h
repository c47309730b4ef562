// Prior move bonus on a fail low: when no move of this node reaches alpha, the opponent's
// quiet move that led here was a good one, so its continuation histories (as seen one and
// two plies before it) get a bonus, doubled when the node is PV or an expected cut node,
// or when it failed low by far. The idea from Stockfish ("bonus for prior countermove
// that caused the fail low", as in Stockfish 15); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct PriorFailLowBonusParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int minDepth = 5;     // shallower nodes earn it only when PV or far below alpha
    int farPerDepth = 62; // "far below alpha": bestScore < alpha − farPerDepth·depth
};

inline constexpr Tunable<PriorFailLowBonusParams> PRIOR_FAIL_LOW_BONUS_TUNABLES[] = {
    {"PriorFailLowBonusMinDepth", &PriorFailLowBonusParams::minDepth, 1, 32},
    {"PriorFailLowBonusFarPerDepth", &PriorFailLowBonusParams::farPerDepth, 0, 1000},
};
inline constexpr Counter PRIOR_FAIL_LOW_BONUS_COUNTERS[] = {
    {"PriorFailLowBonuses", &Stats::priorFailLowBonuses},
};
inline constexpr Technique<PriorFailLowBonusParams> PRIOR_FAIL_LOW_BONUS = {
    .option = "PriorFailLowBonus",
    .unit = "prior_fail_low_bonus.h",
    .source = "Stockfish (bonus for the prior countermove that caused a fail low); not in the "
              "seeds",
    .action = "a node (not an excluded-move search) whose best score stays at or below alpha, "
              "reached by a quiet move that neither captured nor promoted: when depth ≥ "
              "{PriorFailLowBonusMinDepth}, the node is PV, or the best score is below `alpha − "
              "{PriorFailLowBonusFarPerDepth}·depth`, that move's continuation histories 1 and 2 "
              "plies before it get a cutoff's bonus at the node's depth, twice that at a PV or "
              "expected cut node or far below alpha",
    .tunables = PRIOR_FAIL_LOW_BONUS_TUNABLES,
    .counters = PRIOR_FAIL_LOW_BONUS_COUNTERS,
};

// How many cutoff bonuses the prior quiet move gets (0: none).
constexpr int prior_fail_low_bonus_times(const PriorFailLowBonusParams& p, Depth depth, bool pvNode,
                                         bool cutNode, Value bestScore, Value alpha) {
    if (!p.enabled) return 0;
    const bool far = bestScore < alpha - p.farPerDepth * depth;
    if (depth < p.minDepth && !pvNode && !far) return 0;
    return 1 + (pvNode || cutNode || far);
}

} // namespace flotilla::search
