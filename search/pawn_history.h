// Pawn history: quiet moves are also scored by how they fared in positions with the same
// pawn structure (by the moved piece and its destination), which outlives the butterfly
// table's knowledge when the pieces move around a fixed pawn skeleton. The table itself
// is in search/history.h (Histories::pawnHistory). The idea from Stockfish's pawn history
// (2023, "pawn structure based history"); written for Flotilla.
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "search/history.h"
#include "search/selectivity/correction_history.h"
#include "search/technique.h"

namespace flotilla::search {

struct PawnHistoryParams {
    bool enabled = false;   // on when its SPRT accepts it (docs/results/pending/README.md)
    int bonusPercent = 100; // its update, in percent of the butterfly table's bonus or malus
};

inline constexpr Tunable<PawnHistoryParams> PAWN_HISTORY_TUNABLES[] = {
    {"PawnHistoryBonus", &PawnHistoryParams::bonusPercent, 0, 200},
};
inline constexpr Counter PAWN_HISTORY_COUNTERS[] = {
    {"PawnHistoryUpdates", &Stats::pawnHistoryUpdates},
};
inline constexpr Technique<PawnHistoryParams> PAWN_HISTORY = {
    .option = "PawnHistory",
    .unit = "pawn_history.h",
    .source = "Stockfish (pawn structure history, 2023); not in the seeds",
    .action = "a table of quiet-move scores by (moved piece, destination) per pawn structure "
              "(both sides' pawns hashed into 1,024 slots) is added to the quiet move ordering; "
              "after a cutoff its entries get {PawnHistoryBonus} % of the butterfly table's "
              "bonus for the move that cut and of its malus for the quiets tried before it. "
              "Counter: cutoffs that updated it",
    .tunables = PAWN_HISTORY_TUNABLES,
    .counters = PAWN_HISTORY_COUNTERS,
};

// The slice of pos's pawn structure.
inline PieceToHistory& pawn_history_slice(PawnHistory& h, const Position& pos) {
    return h.table[pawn_structure_key(pos) >> (64 - PAWN_HISTORY_BITS)];
}

} // namespace flotilla::search
