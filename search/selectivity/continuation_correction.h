// Continuation correction history: beside the pawn and piece tables, the static evaluation
// is corrected by what search results taught after the same two last moves (the piece and
// destination of the move one and two plies back). A pair of moves sets a position's
// theme (an exchange begun, a piece pinned) that the pawn and piece hashes do not see.
// The idea from Stockfish 6592b13d5 and Berserk 525dab9; written for Flotilla.
#pragma once

#include "core/types.h"
#include "search/stack.h"
#include "search/technique.h"

namespace flotilla::search {

struct ContinuationCorrectionParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    // In 1/CorrectionHistoryParams::weightScale, as the pawn and non-pawn weights.
    int weight = 96;
};

inline constexpr Tunable<ContinuationCorrectionParams> CONTINUATION_CORRECTION_TUNABLES[] = {
    {"CorrectionContinuationWeight", &ContinuationCorrectionParams::weight, 0, 1024},
};
inline constexpr Counter CONTINUATION_CORRECTION_COUNTERS[] = {
    {"ContinuationCorrectionUpdates", &Stats::continuationCorrectionUpdates},
};
inline constexpr Technique<ContinuationCorrectionParams> CONTINUATION_CORRECTION = {
    .option = "ContinuationCorrection",
    .unit = "selectivity/continuation_correction.h",
    .source = "Stockfish 6592b13d5, Berserk 525dab9 (continuation correction history); not in "
              "the seeds",
    .action = "with `CorrectionHistory` on, one more table indexed by the piece and destination "
              "of the moves one and two plies back (both real moves, not null) adds "
              "`{CorrectionContinuationWeight}·entry` to the correction's weighted sum, and is "
              "updated with the other tables, by the same rule",
    .tunables = CONTINUATION_CORRECTION_TUNABLES,
    .counters = CONTINUATION_CORRECTION_COUNTERS,
};

// The table's size: (piece, square) of the move two plies back × that of the last move.
inline constexpr int CONTINUATION_CORRECTION_SIZE = PIECE_NB * 64 * PIECE_NB * 64;

// The entry of the node at `ss` (its moves are those of ss − 1 and ss − 2), or −1 when
// either is not a real move (the root, a null move) or the technique is off.
inline int continuation_correction_slot(const ContinuationCorrectionParams& p,
                                        const StackEntry* ss) {
    const StackEntry* last = ss - 1;
    const StackEntry* before = ss - 2;
    if (!p.enabled || !last->move.is_ok() || !before->move.is_ok()) return -1;
    return ((int(before->movedPiece) * 64 + int(before->move.to())) * PIECE_NB +
            int(last->movedPiece)) *
               64 +
           int(last->move.to());
}

} // namespace flotilla::search
