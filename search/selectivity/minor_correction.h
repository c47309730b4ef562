// Minor-piece correction history: beside the pawn and non-pawn tables, the static
// evaluation is corrected by what search results taught in positions with the same knights,
// bishops and kings (both sides). Minor pieces against the king's position (an outpost, a
// bad bishop, a knight near the king) are themes the network misjudges in a family of
// positions; the non-pawn tables mix them with every rook and queen move.
// The idea from Stockfish 60351b9df (after Sirius and Starzix); written for Flotilla.
#pragma once

#include "core/position.h"
#include "core/types.h"
#include "search/selectivity/correction_history.h"
#include "search/technique.h"

namespace flotilla::search {

struct MinorCorrectionParams {
    bool enabled = false; // on when its SPRT accepts it (docs/results/pending/README.md)
    // In 1/CorrectionHistoryParams::weightScale, as the pawn and non-pawn weights.
    int weight = 112;
};

inline constexpr Tunable<MinorCorrectionParams> MINOR_CORRECTION_TUNABLES[] = {
    {"CorrectionMinorWeight", &MinorCorrectionParams::weight, 0, 1024},
};
inline constexpr Counter MINOR_CORRECTION_COUNTERS[] = {
    {"MinorCorrectionUpdates", &Stats::minorCorrectionUpdates},
};
inline constexpr Technique<MinorCorrectionParams> MINOR_CORRECTION = {
    .option = "MinorCorrection",
    .unit = "selectivity/minor_correction.h",
    .source = "Stockfish 60351b9df (minor-piece correction history, after Sirius and Starzix); "
              "not in the seeds",
    .action = "with `CorrectionHistory` on, one more table per side to move, indexed by a hash of "
              "both sides' knights, bishops and kings, adds `{CorrectionMinorWeight}·entry` to "
              "the correction's weighted sum, and is updated with the other tables, by the same "
              "rule",
    .tunables = MINOR_CORRECTION_TUNABLES,
    .counters = MINOR_CORRECTION_COUNTERS,
};

// Both sides' knights, bishops and kings, each colour's bitboards apart.
inline Key minor_piece_key(const Position& pos) {
    Key h = 0;
    for (Color c : {WHITE, BLACK})
        for (PieceType pt : {KNIGHT, BISHOP, KING}) h = mix_bitboard(h, pos.pieces(c, pt));
    return h;
}

} // namespace flotilla::search
