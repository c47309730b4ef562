// Passed pawn extension (seed 001 "Passed Pawn Extensions"): a pawn reaching the
// seventh rank threatens to promote; search the move one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"

namespace flotilla::search {

struct PassedPawnExtensionParams {
    bool enabled = true;
};

// `toRelativeRank` is 0-based from the mover's side: 6 is the seventh rank.
constexpr Depth passed_pawn_extension(const PassedPawnExtensionParams& p, bool pawnMove,
                                      int toRelativeRank, int ply, Depth rootDepth) {
    return p.enabled && pawnMove && toRelativeRank == 6 && extension_allowed(ply, rootDepth) ? 1
                                                                                             : 0;
}

} // namespace flotilla::search
