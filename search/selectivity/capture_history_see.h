// Capture history in SEE pruning: the main search's SEE threshold for a capture
// (selectivity/see_pruning.h) moves with the capture's history, lower (less pruning)
// for captures that have often cut, higher for those that have not.
#pragma once

#include "core/types.h"
#include "search/selectivity/move_pruning_context.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct CaptureHistorySeeParams {
    bool enabled = false;    // on when its SPRT accepts it (docs/results/pending/README.md)
    int divisor = 32;        // the threshold moves by captureHistory / divisor ...
    int limitPerDepth = 100; // ... by at most limitPerDepth·depth either way
};

inline constexpr Tunable<CaptureHistorySeeParams> CAPTURE_HISTORY_SEE_TUNABLES[] = {
    {"CaptureHistorySeeDivisor", &CaptureHistorySeeParams::divisor, 1, 1024},
    {"CaptureHistorySeeLimit", &CaptureHistorySeeParams::limitPerDepth, 0, 1000},
};
// As Stockfish's capture SEE pruning, `see_ge(move, -margin·depth - captHist / div)`.
inline constexpr Technique<CaptureHistorySeeParams> CAPTURE_HISTORY_SEE = {
    .option = "CaptureHistorySee",
    .unit = "selectivity/capture_history_see.h",
    .source = "Stockfish (capture history in the SEE pruning of captures); not in the seeds",
    .action = "`SeePruning` of a capture: its threshold `−SeePruningCaptureMargin·depth²` is "
              "lowered by `captureHistory/{CaptureHistorySeeDivisor}`, clamped to "
              "±{CaptureHistorySeeLimit}·depth, and kept ≤ 0 (a capture that SEE says does not "
              "lose is never pruned); the quiescence search's capture order already adds capture "
              "history (`movepick.h`)",
    .tunables = CAPTURE_HISTORY_SEE_TUNABLES,
};

// The SEE pruning threshold of a capture with this capture history (switched off:
// `threshold` unchanged).
constexpr Value capture_see_threshold(const CaptureHistorySeeParams& p, Value threshold,
                                      Depth depth, int captureHistory) {
    if (!p.enabled) return threshold;
    const int limit = p.limitPerDepth * depth;
    return std::min(threshold - std::clamp(captureHistory / p.divisor, -limit, limit), 0);
}

// SEE pruning's threshold for the move of `c` (see_pruning_threshold's): a capture's
// moved by its capture history (MovePruningContext::history), a quiet move's as it is.
constexpr Value see_threshold_with_capture_history(const CaptureHistorySeeParams& p,
                                                   Value threshold, const MovePruningContext& c) {
    return c.quiet ? threshold : capture_see_threshold(p, threshold, c.depth, c.history);
}

} // namespace flotilla::search
