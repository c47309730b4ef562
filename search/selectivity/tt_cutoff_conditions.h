// Refinements of the transposition table cutoff at non-PV nodes (after Stockfish):
// an upper bound at or below beta may be one ply shallower than the node (b280d2f06),
// at shallow depth the entry's side must agree with the node's expectation, a cut
// node cutting only on a fail high and an all node only on a fail low (43e100ae0), and
// no cutoff once the 50-move counter is high, where the stored score may belong to a
// path that the rule has since made a draw (bae019b53). Ideas from Stockfish; written
// for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct TtCutoffConditionsParams {
    bool enabled = false;        // on when its SPRT accepts it (docs/results/pending/README.md)
    Depth agreementMaxDepth = 5; // cut/all agreement required up to this depth
    int rule50Limit = 90;        // no cutoff at or above this half-move count
};

inline constexpr Constant<TtCutoffConditionsParams> TT_CUTOFF_CONDITIONS_CONSTANTS[] = {
    {"agreementMaxDepth", &TtCutoffConditionsParams::agreementMaxDepth},
    {"rule50Limit", &TtCutoffConditionsParams::rule50Limit},
};
inline constexpr Counter TT_CUTOFF_CONDITIONS_COUNTERS[] = {
    {"TTShallowFailLowCutoffs", &Stats::ttShallowFailLowCutoffs},
};
inline constexpr Technique<TtCutoffConditionsParams> TT_CUTOFF_CONDITIONS = {
    .option = "TTCutoffConditions",
    .unit = "selectivity/tt_cutoff_conditions.h",
    .source = "Stockfish b280d2f06, 43e100ae0, bae019b53; not in the seeds",
    .action = "non-PV TT cutoffs (off: entry depth ≥ depth and a bound on the score's side of "
              "beta): an entry one ply shallower also cuts when its score is ≤ beta; at depth ≤ "
              "{agreementMaxDepth} an expected cut node cuts only when the score is ≥ beta and "
              "any other node only when it is < beta; no cutoff when the half-move counter is ≥ "
              "{rule50Limit}",
    .constants = TT_CUTOFF_CONDITIONS_CONSTANTS,
    .counters = TT_CUTOFF_CONDITIONS_COUNTERS,
};

struct TtCutoffContext {
    Depth depth;   // the node's
    Depth ttDepth; // the entry's
    Value ttScore;
    Value beta;
    bool cutNode;
    int rule50;
};

// The entry's depth suffices: ≥ the node's, or one ply less for a score at or below beta.
constexpr bool tt_depth_suffices(const TtCutoffConditionsParams& p, const TtCutoffContext& c) {
    return c.ttDepth >= c.depth || (p.enabled && c.ttScore <= c.beta && c.ttDepth == c.depth - 1);
}

// The refinements' further conditions (the bound check stays the caller's).
constexpr bool tt_cutoff_conditions_allow(const TtCutoffConditionsParams& p,
                                          const TtCutoffContext& c) {
    if (!p.enabled) return true;
    if (c.rule50 >= p.rule50Limit) return false;
    return c.depth > p.agreementMaxDepth || c.cutNode == (c.ttScore >= c.beta);
}

} // namespace flotilla::search
