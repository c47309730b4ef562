// Null move reductions (seed 001 "Null Move Reductions", Dietrich / Kaz:
// "Extended Null-Move Reductions"): at high depth a null-move fail-high reduces
// the depth by `reduction` plies instead of cutting. Off by default: with null
// move pruning on, it replaces its cutoffs at high depth (where verified null
// move already runs); measured in docs/search.md.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct NullMoveReductionParams {
    bool enabled = false;
    Depth minDepth = 8;
    Depth reduction = 4;
};

inline constexpr Counter NULL_MOVE_REDUCTIONS_COUNTERS[] = {
    {"NullMoveReductions", &Stats::nullMoveReductions},
};
inline constexpr Constant<NullMoveReductionParams> NULL_MOVE_REDUCTIONS_CONSTANTS[] = {
    {"minDepth", &NullMoveReductionParams::minDepth},
    {"reduction", &NullMoveReductionParams::reduction},
};
inline constexpr Technique<NullMoveReductionParams> NULL_MOVE_REDUCTIONS = {
    .option = "NullMoveReductions",
    .unit = "selectivity/null_move_reductions.h",
    .source = "seed 001 *Null Move Reductions*",
    .action = "**default off**: at depth ≥ {minDepth} a null-move fail-high reduces the depth by "
              "{reduction} instead "
              "of cutting; it replaces null-move cutoffs (and their verification) at high depth, "
              "so it conflicts with null move pruning",
    .constants = NULL_MOVE_REDUCTIONS_CONSTANTS,
    .counters = NULL_MOVE_REDUCTIONS_COUNTERS,
};

constexpr Depth null_move_depth_reduction(const NullMoveReductionParams& p, Depth depth) {
    return p.enabled && depth >= p.minDepth ? p.reduction : 0;
}

} // namespace flotilla::search
