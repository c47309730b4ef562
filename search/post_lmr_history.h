// Post-LMR history: a reduced search that beat alpha is searched again at full depth; that
// re-search's result is fresh evidence about the move, so its continuation histories learn
// from it at once (a bonus when it still fails high, a malus when it now fails low) rather
// than only from the node's final cutoff. The idea from Stockfish (continuation histories
// updated after the LMR re-search, 2021-2023); written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct PostLmrHistoryParams {
    bool enabled = false;   // on when its SPRT accepts it (docs/results/pending/README.md)
    int bonusPercent = 100; // the update, in percent of a cutoff's bonus or malus
};

inline constexpr Tunable<PostLmrHistoryParams> POST_LMR_HISTORY_TUNABLES[] = {
    {"PostLmrHistoryBonus", &PostLmrHistoryParams::bonusPercent, 0, 200},
};
inline constexpr Counter POST_LMR_HISTORY_COUNTERS[] = {
    {"PostLmrHistoryUpdates", &Stats::postLmrHistoryUpdates},
};
inline constexpr Technique<PostLmrHistoryParams> POST_LMR_HISTORY = {
    .option = "PostLmrHistory",
    .unit = "post_lmr_history.h",
    .source = "Stockfish (continuation histories updated after the LMR re-search); not in the "
              "seeds",
    .action = "after the full-depth re-search of a quiet move whose reduced search beat alpha: "
              "its continuation histories 1 and 2 plies back get {PostLmrHistoryBonus} % of a "
              "cutoff's bonus at the re-search's depth when it scores ≥ beta, as much of the "
              "malus when it scores ≤ alpha, nothing in between. Counter: those updates",
    .tunables = POST_LMR_HISTORY_TUNABLES,
    .counters = POST_LMR_HISTORY_COUNTERS,
};

// The update's sign: +1 (bonus), -1 (malus) or 0, from the re-search's score.
constexpr int post_lmr_history_sign(const PostLmrHistoryParams& p, bool quiet, Value score,
                                    Value alpha, Value beta) {
    if (!p.enabled || !quiet) return 0;
    return score >= beta ? 1 : score <= alpha ? -1 : 0;
}

} // namespace flotilla::search
