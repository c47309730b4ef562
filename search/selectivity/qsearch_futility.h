// Futility and move-count pruning in quiescence (Stockfish ef2282961 and its later
// form): outside check, a capture that neither checks, recaptures nor promotes is
// skipped once two moves have been tried; otherwise it is skipped when even the
// captured piece plus a margin cannot reach alpha, or when the stand pat plus the margin
// is at or below alpha and the capture does not win material by SEE. A skipped move
// still raises the best score to the bound it was judged by (fail-soft). Idea from
// Stockfish; written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct QsearchFutilityParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int margin = 150;     // cp above the stand pat: futilityBase
    int moveCountMax = 2; // moves tried before the rest are skipped
};

inline constexpr Tunable<QsearchFutilityParams> QSEARCH_FUTILITY_TUNABLES[] = {
    {"QsearchFutilityMargin", &QsearchFutilityParams::margin, 0, 1000},
    {"QsearchMoveCountMax", &QsearchFutilityParams::moveCountMax, 0, 64},
};
inline constexpr Counter QSEARCH_FUTILITY_COUNTERS[] = {
    {"QsearchMoveCountPruned", &Stats::qsearchMoveCountPruned},
    {"QsearchFutilityPruned", &Stats::qsearchFutilityPruned},
};
inline constexpr Technique<QsearchFutilityParams> QSEARCH_FUTILITY = {
    .option = "QsearchFutility",
    .unit = "selectivity/qsearch_futility.h",
    .source = "Stockfish ef2282961 (quiescence futility and move-count pruning); not in the "
              "seeds",
    .action = "quiescence, not in check, for a capture that neither checks, recaptures on the "
              "last move's square nor promotes: skipped when more than {QsearchMoveCountMax} "
              "moves have been tried; else with `futilityBase = standPat + "
              "{QsearchFutilityMargin}`, skipped when `futilityBase + captured ≤ alpha` (the "
              "best score raised to that value) or when `futilityBase ≤ alpha` and SEE < 1 (the "
              "best score raised to futilityBase). Runs before delta and SEE pruning",
    .tunables = QSEARCH_FUTILITY_TUNABLES,
    .counters = QSEARCH_FUTILITY_COUNTERS,
};

struct QsearchFutilityContext {
    Value standPat;
    Value alpha;
    Value captured; // the captured piece's value
    bool exempt;    // gives check, recaptures on the last move's square, or promotes
    int moveCount;  // moves tried at this node, this one included
};

enum class QsearchFutilityVerdict { Search, MoveCount, Futile, NeedsSee };

// What the technique says before SEE: NeedsSee means "skip it unless SEE ≥ 1".
constexpr QsearchFutilityVerdict qsearch_futility(const QsearchFutilityParams& p,
                                                  const QsearchFutilityContext& c) {
    if (!p.enabled || c.exempt || c.standPat == VALUE_NONE) return QsearchFutilityVerdict::Search;
    if (c.moveCount > p.moveCountMax) return QsearchFutilityVerdict::MoveCount;
    const Value base = c.standPat + p.margin;
    if (base + c.captured <= c.alpha) return QsearchFutilityVerdict::Futile;
    if (base <= c.alpha) return QsearchFutilityVerdict::NeedsSee;
    return QsearchFutilityVerdict::Search;
}

} // namespace flotilla::search
