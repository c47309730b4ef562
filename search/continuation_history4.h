// Continuation history 4 and 6 plies back: a quiet move is also scored by the side to
// move's own moves two and three turns earlier (their piece and destination), as well
// as by the moves one and two plies back. The tables are the same ContinuationHistory;
// StackEntry::continuation of (ss − 4) and (ss − 6) selects the slice.
#pragma once

#include "core/types.h"
#include "search/history.h"
#include "search/stack.h"
#include "search/technique.h"

namespace flotilla::search {

struct ContinuationHistory4Params {
    bool enabled = false;      // on when its SPRT accepts it (docs/results/pending/README.md)
    int ply4BonusPercent = 50; // the 4-ply entry's update, in percent of the bonus or malus
    int ply6BonusPercent = 50; // the 6-ply entry's
};

inline constexpr Tunable<ContinuationHistory4Params> CONTINUATION_HISTORY4_TUNABLES[] = {
    {"ContinuationHistory4Bonus", &ContinuationHistory4Params::ply4BonusPercent, 0, 200},
    {"ContinuationHistory6Bonus", &ContinuationHistory4Params::ply6BonusPercent, 0, 200},
};
// Stockfish's continuationHistory[3] and [5] (movepick.cpp, update_continuation_histories).
inline constexpr Technique<ContinuationHistory4Params> CONTINUATION_HISTORY4 = {
    .option = "ContinuationHistory4",
    .unit = "continuation_history4.h",
    .source = "Stockfish (continuation history of the moves 4 and 6 plies back); not in the seeds",
    .action = "quiet move ordering adds the continuation history of the moves 4 and 6 plies back "
              "(the side to move's own earlier moves) to butterfly + continuation 1 and 2; the "
              "combined history of LMR and history leaf pruning adds the 4-ply one; on a cutoff "
              "they are updated with {ContinuationHistory4Bonus} % and "
              "{ContinuationHistory6Bonus} % of the bonus (and of the malus)",
    .tunables = CONTINUATION_HISTORY4_TUNABLES,
};

// The combined quiet history of move m (by `moved`) at the node of ss: butterfly +
// continuation 1 and 2 plies back, and 4 plies back when switched on.
inline int quiet_history(const ContinuationHistory4Params& p, const Histories& h,
                         const StackEntry* ss, Color us, Piece moved, Move m) {
    const Square to = m.to();
    int v = h.butterfly.get(us, m) + (*(ss - 1)->continuation)[moved][to] +
            (*(ss - 2)->continuation)[moved][to];
    if (p.enabled) v += (*(ss - 4)->continuation)[moved][to];
    return v;
}

// The quiet histories of move m after a cutoff at the node of ss: `bonus` (negative for
// a malus) to butterfly and continuation 1 and 2 plies back; switched on, its percentages
// to the entries 4 and 6 plies back.
inline void update_quiet_histories(const ContinuationHistory4Params& p, Histories& h,
                                   const StackEntry* ss, Color us, Piece moved, Move m, int bonus) {
    const Square to = m.to();
    apply_gravity(h.butterfly.at(us, m), bonus);
    apply_gravity((*(ss - 1)->continuation)[moved][to], bonus);
    apply_gravity((*(ss - 2)->continuation)[moved][to], bonus);
    if (!p.enabled) return;
    apply_gravity((*(ss - 4)->continuation)[moved][to], bonus * p.ply4BonusPercent / 100);
    apply_gravity((*(ss - 6)->continuation)[moved][to], bonus * p.ply6BonusPercent / 100);
}

} // namespace flotilla::search
