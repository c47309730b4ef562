// Reverse futility pruning, a.k.a. static null move pruning (seed 001
// "Reverse Futility Pruning"): at shallow depth, a static eval far above beta cuts.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct ReverseFutilityParams {
    bool enabled = true;
    Depth maxDepth = 7;
    int marginPerDepth = 88; // SPSA with n6 (docs/search.md); 90 before
};

inline constexpr Tunable<ReverseFutilityParams> REVERSE_FUTILITY_TUNABLES[] = {
    {"ReverseFutilityMaxDepth", &ReverseFutilityParams::maxDepth, 0, 64},
    {"ReverseFutilityMargin", &ReverseFutilityParams::marginPerDepth, 0, 2000,
     NetworkScale::Margin},
};
inline constexpr Counter REVERSE_FUTILITY_COUNTERS[] = {
    {"ReverseFutilityPruning", &Stats::reverseFutilityCutoffs},
};
inline constexpr Technique<ReverseFutilityParams> REVERSE_FUTILITY = {
    .option = "ReverseFutilityPruning",
    .unit = "selectivity/reverse_futility.h",
    .source = "seed 001 *Reverse Futility Pruning*",
    .action = "depth ≤ {ReverseFutilityMaxDepth}: return eval when `eval − "
              "{ReverseFutilityMargin}·(depth − improving) ≥ beta`",
    .tunables = REVERSE_FUTILITY_TUNABLES,
    .counters = REVERSE_FUTILITY_COUNTERS,
};

constexpr Value reverse_futility_margin(const ReverseFutilityParams& p, Depth depth,
                                        bool improving) {
    return p.marginPerDepth * (depth - (improving ? 1 : 0));
}

// For non-PV nodes not in check (the caller's shared static-pruning guard). `margin` is
// reverse_futility_margin's, or that made smaller (selectivity/opponent_worsening.h).
constexpr bool reverse_futility_prunes(const ReverseFutilityParams& p, Depth depth,
                                       Value staticEval, Value beta, Value margin) {
    return p.enabled && depth <= p.maxDepth && staticEval < VALUE_TB_WIN_IN_MAX_PLY &&
           staticEval - margin >= beta;
}
constexpr bool reverse_futility_prunes(const ReverseFutilityParams& p, Depth depth,
                                       Value staticEval, Value beta, bool improving) {
    return reverse_futility_prunes(p, depth, staticEval, beta,
                                   reverse_futility_margin(p, depth, improving));
}

} // namespace flotilla::search
