// Passed pawn extension (seed 001 "Passed Pawn Extensions"): a pawn reaching the
// seventh rank threatens to promote; search the move one ply deeper.
#pragma once

#include "search/selectivity/extension_budget.h"
#include "search/technique.h"

namespace flotilla::search {

struct PassedPawnExtensionParams {
    bool enabled = true;
};

constexpr Depth passed_pawn_extension(const PassedPawnExtensionParams& p,
                                      const ExtensionContext& c) {
    return p.enabled && c.pawnMove && c.toRelativeRank == 6 && extension_allowed(c.ply, c.rootDepth)
               ? 1
               : 0;
}

inline constexpr Counter PASSED_PAWN_EXTENSION_COUNTERS[] = {
    {"PassedPawnExtension", &Stats::passedPawnExtensions},
};
inline constexpr Technique<PassedPawnExtensionParams> PASSED_PAWN_EXTENSION = {
    .option = "PassedPawnExtension",
    .unit = "selectivity/passed_pawn_extension.h",
    .source = "seed 001 *Passed Pawn Extensions*",
    .action = "+1 for a pawn move to the 7th rank",
    .counters = PASSED_PAWN_EXTENSION_COUNTERS,
    .offer = passed_pawn_extension,
    .applied = &Stats::passedPawnExtensions,
};

} // namespace flotilla::search
