// TT move bonus: a transposition-table cutoff on a lower bound means the TT move refuted
// this position before, so a quiet TT move gets the history bonus it would have had
// from a cutoff searched here (butterfly and continuation histories); otherwise the
// cutoff teaches the move ordering nothing. The idea from Stockfish's update of
// quiet histories on a TT hit (search.cpp, "update move sorting heuristics on TT hit");
// written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/technique.h"

namespace flotilla::search {

struct TtMoveBonusParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
};

inline constexpr Counter TT_MOVE_BONUS_COUNTERS[] = {
    {"TTMoveBonuses", &Stats::ttMoveBonuses},
};
inline constexpr Technique<TtMoveBonusParams> TT_MOVE_BONUS = {
    .option = "TTMoveBonus",
    .unit = "tt_move_bonus.h",
    .source = "Stockfish (quiet histories updated on a TT cutoff); not in the seeds",
    .action = "a TT cutoff at a non-PV node with a score ≥ beta whose TT move is a pseudo-legal "
              "quiet move: that move gets a beta cutoff's history bonus at the node's depth "
              "(butterfly and continuation histories, sized as `LinearHistoryBonus` says); no "
              "malus, killer or countermove",
    .counters = TT_MOVE_BONUS_COUNTERS,
};

// `quietTtMove`: the entry has a move, pseudo-legal here, that neither captures nor
// promotes (a stale or colliding entry's move gets nothing).
constexpr bool tt_move_bonus_applies(const TtMoveBonusParams& p, Value ttScore, Value beta,
                                     bool quietTtMove) {
    return p.enabled && quietTtMove && ttScore >= beta;
}

} // namespace flotilla::search
