// Hindsight depth: a node that its parent searched with a late move reduction judges that
// reduction once its own static eval is known. When the opponent's move did not worsen
// their position (eval <= -parentEval) yet was reduced deeply, the node gets a ply back;
// when the move cost the opponent more than a margin of static eval, the node is likely
// to fail high anyway and is searched a ply shallower. The idea from Stockfish a944f0822
// ("hindsight" depth adjustment by the prior reduction); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct HindsightDepthParams {
    bool enabled = false;    // on when its SPRT accepts it (docs/results/pending/README.md)
    int extendReduction = 3; // a reduction at least this deep, opponent not worsening: +1
    int reduceReduction = 2; // a reduction at least this deep and the eval sum above ...
    int reduceEvalSum = 60;  // ... this (cp; Stockfish 177 of its units, a pawn ~ 330): -1
};

inline constexpr Tunable<HindsightDepthParams> HINDSIGHT_DEPTH_TUNABLES[] = {
    {"HindsightExtendReduction", &HindsightDepthParams::extendReduction, 1, 16},
    {"HindsightReduceReduction", &HindsightDepthParams::reduceReduction, 1, 16},
    {"HindsightReduceEvalSum", &HindsightDepthParams::reduceEvalSum, 0, 2000},
};
inline constexpr Counter HINDSIGHT_DEPTH_COUNTERS[] = {
    {"HindsightExtensions", &Stats::hindsightExtensions},
    {"HindsightReductions", &Stats::hindsightReductions},
};
inline constexpr Technique<HindsightDepthParams> HINDSIGHT_DEPTH = {
    .option = "HindsightDepth",
    .unit = "selectivity/hindsight_depth.h",
    .source = "Stockfish a944f0822 (hindsight depth adjustment); not in the seeds",
    .action = "at a node whose own and parent's static evals are both known, reached by a move "
              "its parent reduced by `r` plies (`StackEntry::reduction`, read once): +1 ply "
              "when `r ≥ {HindsightExtendReduction}` and `eval ≤ −parentEval`, else −1 when "
              "`r ≥ {HindsightReduceReduction}`, depth ≥ 2 and `eval + parentEval > "
              "{HindsightReduceEvalSum}`",
    .tunables = HINDSIGHT_DEPTH_TUNABLES,
    .counters = HINDSIGHT_DEPTH_COUNTERS,
};

// The plies added to the node's depth (+1, -1 or 0). Both evals are VALUE_NONE in check.
constexpr Depth hindsight_depth(const HindsightDepthParams& p, Depth priorReduction, Depth depth,
                                Value eval, Value parentEval) {
    if (!p.enabled || priorReduction <= 0 || eval == VALUE_NONE || parentEval == VALUE_NONE)
        return 0;
    if (priorReduction >= p.extendReduction && eval <= -parentEval) return 1;
    if (priorReduction >= p.reduceReduction && depth >= 2 && eval + parentEval > p.reduceEvalSum)
        return -1;
    return 0;
}

} // namespace flotilla::search
