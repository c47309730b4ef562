// SEE pruning in quiescence search (seed 001 "Quiescence Search"): captures that
// lose material by static exchange are not searched.
#pragma once

#include "core/position.h"
#include "core/see.h"
#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct QsearchSeePruningParams {
    bool enabled = true;
    Value threshold = 0; // captures with SEE below this are skipped
};

inline constexpr Counter QSEARCH_SEE_PRUNING_COUNTERS[] = {
    {"QsearchSeePruning", &Stats::qsearchSeePruned},
};
inline constexpr Constant<QsearchSeePruningParams> QSEARCH_SEE_PRUNING_CONSTANTS[] = {
    {"threshold", &QsearchSeePruningParams::threshold},
};
inline constexpr Technique<QsearchSeePruningParams> QSEARCH_SEE_PRUNING = {
    .option = "QsearchSeePruning",
    .unit = "selectivity/qsearch_see_pruning.h",
    .source = "seed 001 *Quiescence Search*",
    .action = "quiescence: skip captures with SEE < {threshold}",
    .constants = QSEARCH_SEE_PRUNING_CONSTANTS,
    .counters = QSEARCH_SEE_PRUNING_COUNTERS,
};

// For the captures that delta pruning left (quiet checks have their own threshold).
inline bool qsearch_see_prunes(const QsearchSeePruningParams& p, const Position& pos, Move m) {
    return p.enabled && !see_ge(pos, m, p.threshold);
}

} // namespace flotilla::search
