// Low-ply history: the plies next to the root see the same few positions again and again
// across the iterations of one search, so quiet moves there are also scored by a table
// of their own per ply (by origin and destination), learned only within the current
// search and weighted more the nearer the root. The table itself is in search/history.h
// (Histories::lowPly). The idea from Stockfish's low ply history (2020, revived 2024);
// written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/history.h"
#include "search/technique.h"

namespace flotilla::search {

struct LowPlyHistoryParams {
    bool enabled = false;   // on when its SPRT accepts it (docs/results/pending/README.md)
    int weight = 8;         // its part in the quiet order: weight·entry/(1 + 2·ply)
    int bonusPercent = 100; // its update, in percent of the butterfly table's bonus or malus
};

inline constexpr Tunable<LowPlyHistoryParams> LOW_PLY_HISTORY_TUNABLES[] = {
    {"LowPlyHistoryWeight", &LowPlyHistoryParams::weight, 0, 32},
    {"LowPlyHistoryBonus", &LowPlyHistoryParams::bonusPercent, 0, 200},
};
inline constexpr Counter LOW_PLY_HISTORY_COUNTERS[] = {
    {"LowPlyHistoryUpdates", &Stats::lowPlyHistoryUpdates},
};
inline constexpr Technique<LowPlyHistoryParams> LOW_PLY_HISTORY = {
    .option = "LowPlyHistory",
    .unit = "low_ply_history.h",
    .source = "Stockfish (low ply history, 2020 and 2024); not in the seeds",
    .action = "a table of quiet-move scores by ply (the root's and the next three) and by "
              "origin and destination, cleared at each `go`: at those plies the quiet move "
              "ordering adds `{LowPlyHistoryWeight}·entry/(1 + 2·ply)`; after a cutoff at "
              "them the move that cut gets {LowPlyHistoryBonus} % of the butterfly table's "
              "bonus and the quiets tried before it as much of its malus. Counter: cutoffs "
              "that updated it",
    .tunables = LOW_PLY_HISTORY_TUNABLES,
    .counters = LOW_PLY_HISTORY_COUNTERS,
};

// The ply's row of the table, or null where it does not apply.
inline LowPlyHistory::Row* low_ply_row(const LowPlyHistoryParams& p, LowPlyHistory& h, int ply) {
    return p.enabled && ply >= 0 && ply < LOW_PLY_HISTORY_PLIES ? &h.table[ply] : nullptr;
}

// A quiet move's part of the order from its row's entry at ply.
constexpr int low_ply_score(int weight, int entry, int ply) {
    return weight * entry / (1 + 2 * ply);
}

} // namespace flotilla::search
