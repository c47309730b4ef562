// Internal iterative reductions (seed 001 "Internal Iterative Deepening", the
// reduction variant by Ed Schröder): a node without a TT move is searched one
// ply shallower instead of running an internal iterative deepening search first.
#pragma once

#include "core/types.h"

namespace flotilla::search {

struct InternalIterativeReductionParams {
    bool enabled = true;
    Depth minDepth = 4;
};

constexpr Depth internal_iterative_reduction(const InternalIterativeReductionParams& p, Depth depth,
                                             bool hasTTMove) {
    return p.enabled && !hasTTMove && depth >= p.minDepth ? 1 : 0;
}

} // namespace flotilla::search
