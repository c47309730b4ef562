// Opponent worsening: when the node's static eval is better for the side to move than the
// parent's was for the opponent (eval > −parentEval), the opponent's last move made their
// position worse, so a fail high is more likely and reverse futility pruning may take a
// smaller margin. The idea from Stockfish 1db969e62 and Berserk 899c0be; written for
// Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

#include <algorithm>

namespace flotilla::search {

struct OpponentWorseningParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    int rfpPercent = 33;  // the RFP margin shrinks by this % of one ply's margin
};

inline constexpr Tunable<OpponentWorseningParams> OPPONENT_WORSENING_TUNABLES[] = {
    {"OpponentWorseningRfpPercent", &OpponentWorseningParams::rfpPercent, 0, 200},
};
inline constexpr Counter OPPONENT_WORSENING_COUNTERS[] = {
    {"OpponentWorseningCutoffs", &Stats::opponentWorseningCutoffs},
};
inline constexpr Technique<OpponentWorseningParams> OPPONENT_WORSENING = {
    .option = "OpponentWorsening",
    .unit = "selectivity/opponent_worsening.h",
    .source = "Stockfish 1db969e62, Berserk 899c0be (opponent worsening); not in the seeds",
    .action = "when the node's and its parent's static evals are both known (neither in check) "
              "and `eval > −parentEval`, reverse futility pruning's margin is "
              "{OpponentWorseningRfpPercent} % of `ReverseFutilityMargin` smaller, never below 0 "
              "(the counter: cutoffs the full margin would not have made)",
    .tunables = OPPONENT_WORSENING_TUNABLES,
    .counters = OPPONENT_WORSENING_COUNTERS,
};

// Both evals are VALUE_NONE in check (no static eval there), and the root's parent has none.
constexpr bool opponent_worsening(const OpponentWorseningParams& p, Value eval, Value parentEval) {
    return p.enabled && eval != VALUE_NONE && parentEval != VALUE_NONE && eval > -parentEval;
}

// The reverse futility margin, smaller when the opponent is worsening; kept at or above 0
// so that only an eval at or above beta is ever returned as a fail high.
constexpr Value worsening_margin(const OpponentWorseningParams& p, Value margin, int marginPerDepth,
                                 bool worsening) {
    if (!worsening) return margin;
    return std::max(margin - marginPerDepth * p.rfpPercent / 100, 0);
}

} // namespace flotilla::search
