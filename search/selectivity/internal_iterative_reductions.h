// Internal iterative reductions (Ed Schröder, Rebel, 2020: "An alternative to IID",
// CCC, August 13, 2020; chessprogramming wiki "Internal Iterative Reductions"): a node
// without a TT move is searched one ply shallower instead of running an internal
// iterative deepening search first. The seeds do not describe it.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct InternalIterativeReductionParams {
    bool enabled = true;
    Depth minDepth = 4;
};

inline constexpr Counter INTERNAL_ITERATIVE_REDUCTIONS_COUNTERS[] = {
    {"InternalIterativeReductions", &Stats::internalIterativeReductions},
};
inline constexpr Constant<InternalIterativeReductionParams>
    INTERNAL_ITERATIVE_REDUCTIONS_CONSTANTS[] = {
        {"minDepth", &InternalIterativeReductionParams::minDepth},
};
inline constexpr Technique<InternalIterativeReductionParams> INTERNAL_ITERATIVE_REDUCTIONS = {
    .option = "InternalIterativeReductions",
    .unit = "selectivity/internal_iterative_reductions.h",
    .source = "Ed Schröder (Rebel, 2020; CCC \"An alternative to IID\"); not in the seeds",
    .action = "depth ≥ {minDepth} without a TT move: one ply less",
    .constants = INTERNAL_ITERATIVE_REDUCTIONS_CONSTANTS,
    .counters = INTERNAL_ITERATIVE_REDUCTIONS_COUNTERS,
};

constexpr Depth internal_iterative_reduction(const InternalIterativeReductionParams& p, Depth depth,
                                             bool hasTTMove) {
    return p.enabled && !hasTTMove && depth >= p.minDepth ? 1 : 0;
}

} // namespace flotilla::search
