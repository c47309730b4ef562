// Quiet checks at the first quiescence ply (seed 001 "Quiescence Search": checks
// in the first plies of quiescence find mates and forks the captures-only search
// misses). Only at qsearch depth 0, after the captures, and only checks that do
// not lose material (SEE >= 0); the evasions that answer them come next ply.
#pragma once

#include "core/position.h"
#include "core/see.h"
#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct QsearchChecksParams {
    bool enabled = true;
    int seeThreshold = 0;
};

inline constexpr Counter QSEARCH_CHECKS_COUNTERS[] = {
    {"QSearchChecks", &Stats::qsearchChecks},
};
inline constexpr Constant<QsearchChecksParams> QSEARCH_CHECKS_CONSTANTS[] = {
    {"seeThreshold", &QsearchChecksParams::seeThreshold},
};
inline constexpr Technique<QsearchChecksParams> QSEARCH_CHECKS = {
    .option = "QSearchChecks",
    .unit = "selectivity/qsearch_checks.h",
    .source = "seed 001 *Quiescence Search*",
    .action =
        "at the first quiescence ply only (qsearch depth 0; each quiescence ply below is depth −1, "
        "−2, ...), not in check: after the captures the move picker's `QsearchChecks` stage gives "
        "the quiet moves that give check (`Position::gives_check`), searched when `SEE ≥ "
        "{seeThreshold}`; the "
        "checked side answers with all evasions at depth −1, and no checks follow. TT entries of "
        "quiescence nodes carry depth 0 (with checks) or −1 (without), and a node with checks "
        "takes a cutoff only from depth ≥ 0",
    .constants = QSEARCH_CHECKS_CONSTANTS,
    .counters = QSEARCH_CHECKS_COUNTERS,
};

// Quiescence depth: 0 at the first ply, negative below.
constexpr bool qsearch_checks_at(const QsearchChecksParams& p, int qsDepth, bool inCheck) {
    return p.enabled && qsDepth == 0 && !inCheck;
}

// A quiet check the picker gave (only where qsearch_checks_at holds) is searched
// unless it loses material.
inline bool qsearch_check_searched(const QsearchChecksParams& p, const Position& pos, Move m) {
    return see_ge(pos, m, p.seeThreshold);
}

// Transposition-table depth of a quiescence node: results with checks (depth 0) are
// worth more than those without (-1); with checks off every ply is the same (0).
constexpr Depth qsearch_tt_depth(const QsearchChecksParams& p, int qsDepth) {
    return !p.enabled || qsDepth == 0 ? 0 : -1;
}

} // namespace flotilla::search
