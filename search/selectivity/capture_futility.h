// Capture futility: at a shallow non-PV node a capture that does not check is skipped
// when the static eval, a margin by depth, the captured piece and the capture's history
// together stay at or below alpha: even winning that piece would not raise the score.
// The idea from Stockfish fb7d3ab32 (futility pruning for captures); written for
// Flotilla, its margins Stockfish 15.1's in Flotilla's pawn of 100 (set for the network,
// so NetworkMarginScale leaves them alone, as it does the other refinements' margins).
#pragma once

#include "core/types.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct CaptureFutilityParams {
    bool enabled = false;  // on when its SPRT accepts it (docs/results/pending/README.md)
    Depth maxLmrDepth = 5; // only while the capture's reduced depth is at most this
    int base = 88;         // the margin: base + perDepth · lmrDepth
    int perDepth = 110;
    int historyDivisor = 7; // capture history / this counts as evaluation units
};

inline constexpr Tunable<CaptureFutilityParams> CAPTURE_FUTILITY_TUNABLES[] = {
    {"CaptureFutilityMargin", &CaptureFutilityParams::base, 0, 2000},
    {"CaptureFutilityMarginPerDepth", &CaptureFutilityParams::perDepth, 0, 2000},
};
inline constexpr Constant<CaptureFutilityParams> CAPTURE_FUTILITY_CONSTANTS[] = {
    {"maxLmrDepth", &CaptureFutilityParams::maxLmrDepth},
    {"historyDivisor", &CaptureFutilityParams::historyDivisor},
};
inline constexpr Counter CAPTURE_FUTILITY_COUNTERS[] = {
    {"CaptureFutilityPruned", &Stats::captureFutilityPruned},
};
inline constexpr Technique<CaptureFutilityParams> CAPTURE_FUTILITY = {
    .option = "CaptureFutility",
    .unit = "selectivity/capture_futility.h",
    .source = "Stockfish fb7d3ab32 (futility pruning for captures); not in the seeds",
    .action = "at a non-PV node, a noisy move that does not give check, with `lmrDepth = "
              "max(depth − 1 − r, 0) ≤ {maxLmrDepth}` (r: late move reductions' table value "
              "for the depth and move number), is skipped when `eval + {CaptureFutilityMargin} + "
              "{CaptureFutilityMarginPerDepth}·lmrDepth + value(captured) + "
              "captureHistory/{historyDivisor} ≤ alpha`",
    .constants = CAPTURE_FUTILITY_CONSTANTS,
    .tunables = CAPTURE_FUTILITY_TUNABLES,
    .counters = CAPTURE_FUTILITY_COUNTERS,
};

// The capture's reduced depth, as Stockfish's lmrDepth: never negative.
constexpr Depth capture_futility_depth(Depth depth, Depth reduction) {
    return std::max(depth - 1 - reduction, 0);
}

// Whether the noisy move described by c (c.history its capture history) is futile at
// `lmrDepth` (its capture_futility_depth); `captured` is the value of the piece it takes
// (0 for a promotion that takes nothing). The caller's shared guard (not at the root, not
// in check, a move that avoids mate known) comes first.
constexpr bool capture_futility_prunes(const CaptureFutilityParams& p, const MovePruningContext& c,
                                       Depth lmrDepth, Value captured) {
    if (!p.enabled || c.pvNode || c.quiet || c.givesCheck || lmrDepth > p.maxLmrDepth ||
        c.eval == VALUE_NONE)
        return false;
    return c.eval + p.base + p.perDepth * lmrDepth + captured + c.history / p.historyDivisor <=
           c.alpha;
}

} // namespace flotilla::search
