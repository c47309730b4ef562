// Quiet-evasion pruning in quiescence search (seed 001 "Quiescence Search": in check
// all evasions are searched so that mate is seen; once one evasion has shown the side
// is not mated, further quiet evasions only feed the check-capture-check cycles that
// make the tree explode, e.g. with many pawns about to promote on both sides).
// Captures and queen promotions are always searched; underpromotions count as quiet.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct QsearchEvasionPruningParams {
    bool enabled = true;
    int quietEvasionsKept = 1; // quiet evasions searched before the rest are pruned
};

inline constexpr Counter QSEARCH_EVASION_PRUNING_COUNTERS[] = {
    {"QSearchEvasionPruning", &Stats::qsearchEvasionsPruned},
};
inline constexpr Technique<QsearchEvasionPruningParams> QSEARCH_EVASION_PRUNING = {
    .option = "QSearchEvasionPruning",
    .unit = "selectivity/qsearch_evasion_pruning.h",
    .source =
        "seed 001 *Quiescence Search* (in check every evasion is searched so that mate is seen)",
    .action =
        "quiescence, in check: every evasion is generated, but once one has shown the side is not "
        "mated, quiet evasions after the first (underpromotions count as quiet) are skipped; "
        "captures and queen promotions are always searched (found through mates2000.epd, below)",
    .counters = QSEARCH_EVASION_PRUNING_COUNTERS,
};

// What counts as quiet here: neither a capture nor a queen promotion.
constexpr bool quiet_evasion(bool capture, bool queenPromotion) {
    return !capture && !queenPromotion;
}

// `quietEvasionsSearched` counts the quiet evasions already searched at this node;
// `bestScore` is the best so far (a mated score means no safe evasion is known yet).
constexpr bool qsearch_prunes_evasion(const QsearchEvasionPruningParams& p, bool inCheck,
                                      bool quiet, int quietEvasionsSearched, Value bestScore) {
    return p.enabled && inCheck && quiet && bestScore > VALUE_TB_LOSS_IN_MAX_PLY &&
           quietEvasionsSearched >= p.quietEvasionsKept;
}

} // namespace flotilla::search
