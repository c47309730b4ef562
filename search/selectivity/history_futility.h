// History-scaled futility: a quiet move's futility margin and quiet SEE threshold are
// taken at the depth late move reductions would search it to, moved by its history
// ("lmrDepth"), so that a move with a poor record is pruned sooner and one with a good
// record later. The idea from Stockfish 0ac8aca89 and Berserk 080fa8f; written for
// Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct HistoryFutilityParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    // One ply per this much quiet history (butterfly + continuation 1, 2 and 4, each
    // within ±HISTORY_MAX): half late move reductions' divisor, as Stockfish's futility
    // reads history about three times as strongly as its reductions do.
    int historyDivisor = 4096;
};

inline constexpr Tunable<HistoryFutilityParams> HISTORY_FUTILITY_TUNABLES[] = {
    {"HistoryFutilityDivisor", &HistoryFutilityParams::historyDivisor, 256, 65536},
};
inline constexpr Counter HISTORY_FUTILITY_COUNTERS[] = {
    {"HistoryFutilityPruned", &Stats::historyFutilityPruned},
    {"HistoryFutilitySeePruned", &Stats::historyFutilitySeePruned},
};
inline constexpr Technique<HistoryFutilityParams> HISTORY_FUTILITY = {
    .option = "HistoryFutility",
    .unit = "selectivity/history_futility.h",
    .source = "Stockfish 0ac8aca89, Berserk 080fa8f (history in futility's depth); not in the "
              "seeds",
    .action = "for a quiet move, `FutilityPruning`'s margin and `SeePruning`'s quiet threshold "
              "take `lmrDepth = max(depth − r + history/{HistoryFutilityDivisor}, 0)` in place of "
              "depth, where r is late move reductions' table value for the depth and move number "
              "and history the move's quiet history; their depth limits still read depth. "
              "Counters: futility prunings the plain depth would not have made, and quiet SEE "
              "prunings at an lmrDepth below depth",
    .tunables = HISTORY_FUTILITY_TUNABLES,
    .counters = HISTORY_FUTILITY_COUNTERS,
};

// The depth a quiet move's futility margin and SEE threshold are taken at; depth itself
// when switched off. Never negative: a negative depth would turn the margins around.
constexpr Depth history_futility_depth(const HistoryFutilityParams& p, Depth depth, Depth reduction,
                                       int history) {
    if (!p.enabled) return depth;
    return std::max(depth - reduction + history / p.historyDivisor, 0);
}

} // namespace flotilla::search
