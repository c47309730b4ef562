// The evaluation split into its terms, for trace() and for tests.
#pragma once

#include "core/position.h"
#include "eval/pawns.h"
#include "eval/score.h"
#include "eval/weights.h"

#include <array>
#include <string_view>

namespace flotilla::eval {

enum Term {
    TERM_MATERIAL,
    TERM_PIECE_SQUARES,
    TERM_BISHOP_PAIR,
    TERM_PAWN_STRUCTURE,
    TERM_PASSED_PAWNS,
    TERM_MOBILITY,
    TERM_KING_SAFETY,
    TERM_FILES_OUTPOSTS,
    TERM_THREATS,
    TERM_TEMPO,
    TERM_NB
};

constexpr std::array<std::string_view, TERM_NB> TERM_NAMES = {
    "Material", "Piece squares", "Bishop pair",    "Pawn structure", "Passed pawns",
    "Mobility", "King safety",   "Files/outposts", "Threats",        "Tempo"};

struct Breakdown {
    Score terms[TERM_NB][COLOR_NB] = {}; // each side's terms, from its own view
    Score total;                         // White minus Black, before tapering
    int phase = 0;                       // 0 (bare kings) .. fixed::PHASE_MAX
    int scale = 0;                       // endgame scale, out of fixed::SCALE_NORMAL
    bool loneKing = false;               // decided by the mop-up evaluation alone
    Value white = 0;                     // final score, White's view
    Value sideToMove = 0;                // final score, the side to move's view
};

Breakdown breakdown(const Position& pos, PawnCache& cache, const Weights& weights);

} // namespace flotilla::eval
