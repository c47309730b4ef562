// SEE pruning in the main search (seed 001 "Static Exchange Evaluation", SEE
// pruning at low depth): a quiet move that loses more than a linear margin, or a
// capture that loses more than a quadratic margin, by static exchange is skipped.
#pragma once

#include "core/position.h"
#include "core/see.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

namespace flotilla::search {

struct SeePruningParams {
    bool enabled = true;
    Depth maxDepth = 7;
    int quietMarginPerDepth = 59;    // quiets may lose up to 59·depth
    int captureMarginPerDepth2 = 25; // captures may lose up to 25·depth²
};

inline constexpr Tunable<SeePruningParams> SEE_PRUNING_TUNABLES[] = {
    {"SeePruningQuietMargin", &SeePruningParams::quietMarginPerDepth, 0, 1000},
    {"SeePruningCaptureMargin", &SeePruningParams::captureMarginPerDepth2, 0, 1000},
};
inline constexpr Counter SEE_PRUNING_COUNTERS[] = {
    {"SeePruningQuiets", &Stats::seePrunedQuiets},
    {"SeePruningCaptures", &Stats::seePrunedCaptures},
};
inline constexpr Constant<SeePruningParams> SEE_PRUNING_CONSTANTS[] = {
    {"maxDepth", &SeePruningParams::maxDepth},
};
inline constexpr Technique<SeePruningParams> SEE_PRUNING = {
    .option = "SeePruning",
    .unit = "selectivity/see_pruning.h",
    .source = "seed 001 *Static Exchange Evaluation*",
    .action = "depth ≤ {maxDepth}, not in check, not giving check: skip a quiet with `SEE < "
              "−{SeePruningQuietMargin}·depth`, a capture with `SEE < "
              "−{SeePruningCaptureMargin}·depth²`",
    .constants = SEE_PRUNING_CONSTANTS,
    .tunables = SEE_PRUNING_TUNABLES,
    .counters = SEE_PRUNING_COUNTERS,
};

// The SEE threshold below which the move is pruned (a negative number).
constexpr Value see_pruning_threshold(const SeePruningParams& p, Depth depth, bool quiet) {
    return quiet ? -p.quietMarginPerDepth * depth : -p.captureMarginPerDepth2 * depth * depth;
}

// The threshold for the move of `c`: a quiet move's at its lmrDepth (history_futility.h).
constexpr Value see_pruning_threshold(const SeePruningParams& p, const MovePruningContext& c) {
    return see_pruning_threshold(p, c.quiet ? c.lmrDepth : c.depth, c.quiet);
}

// A checking move is searched whatever it loses: the check may be the point.
constexpr bool see_pruning_applies(const SeePruningParams& p, const MovePruningContext& c) {
    return p.enabled && c.depth <= p.maxDepth && !c.givesCheck;
}

// The static exchange only where it applies, since it is the costly part. `threshold`
// is see_pruning_threshold's, or that moved by capture history (capture_history_see.h).
inline bool see_prunes(const SeePruningParams& p, const MovePruningContext& c, const Position& pos,
                       Move m, Value threshold) {
    return see_pruning_applies(p, c) && !see_ge(pos, m, threshold);
}
inline bool see_prunes(const SeePruningParams& p, const MovePruningContext& c, const Position& pos,
                       Move m) {
    return see_prunes(p, c, pos, m, see_pruning_threshold(p, c));
}

} // namespace flotilla::search
