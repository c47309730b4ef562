// Every tunable evaluation weight, by name. The values live in weights.cpp,
// a generated-style file that the Texel tuner rewrites; the list below is the
// single place that names them, so the tuner can walk all weights (for_each_weight;
// its flat array and writer are in tools/) without knowing the terms.
#pragma once

#include "core/types.h"
#include "eval/score.h"

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace flotilla::eval {

// X(name, count): one named table of `count` Scores.
// Index conventions: by piece type -> [pt - PAWN] (P N B R Q) or [pt - KNIGHT]
// (N B R Q); by rank -> relative rank 0..7; piece-square tables are half
// boards (files a-d, mirrored onto e-h) indexed rank * 4 + min(file, 7 - file),
// so the evaluation is left-right symmetric by construction.
#define FLOTILLA_EVAL_WEIGHTS(X)                                                                   \
    X(pieceValue, 5)                                                                               \
    X(psqtPawn, 32)                                                                                \
    X(psqtKnight, 32)                                                                              \
    X(psqtBishop, 32)                                                                              \
    X(psqtRook, 32)                                                                                \
    X(psqtQueen, 32)                                                                               \
    X(psqtKing, 32)                                                                                \
    X(bishopPair, 1)                                                                               \
    X(knightMobility, 9)                                                                           \
    X(bishopMobility, 14)                                                                          \
    X(rookMobility, 15)                                                                            \
    X(queenMobility, 28)                                                                           \
    X(pawnIsolated, 1)                                                                             \
    X(pawnDoubled, 1)                                                                              \
    X(pawnBackward, 1)                                                                             \
    X(pawnPhalanx, 8)                                                                              \
    X(pawnSupported, 8)                                                                            \
    X(passedRank, 8)                                                                               \
    X(candidatePasser, 8)                                                                          \
    X(passedFreePath, 8)                                                                           \
    X(passedOwnKingDistance, 8)                                                                    \
    X(passedEnemyKingDistance, 8)                                                                  \
    X(kingShield, 8)                                                                               \
    X(kingStorm, 8)                                                                                \
    X(kingAttackerWeight, 4)                                                                       \
    X(kingZoneAttack, 1)                                                                           \
    X(kingSafeCheck, 4)                                                                            \
    X(kingDangerOffset, 1)                                                                         \
    X(rookOpenFile, 1)                                                                             \
    X(rookSemiOpenFile, 1)                                                                         \
    X(queenOpenFile, 1)                                                                            \
    X(queenSemiOpenFile, 1)                                                                        \
    X(knightOutpost, 1)                                                                            \
    X(bishopOutpost, 1)                                                                            \
    X(threatByPawn, 4)                                                                             \
    X(threatByMinor, 4)                                                                            \
    X(threatByRook, 4)                                                                             \
    X(hanging, 1)                                                                                  \
    X(tempo, 1)

struct Weights {
#define FLOTILLA_DECLARE_WEIGHT(name, count) std::array<Score, count> name;
    FLOTILLA_EVAL_WEIGHTS(FLOTILLA_DECLARE_WEIGHT)
#undef FLOTILLA_DECLARE_WEIGHT
};

// The weights the engine plays with (defined in weights.cpp).
extern const Weights DEFAULT_WEIGHTS;

// Calls f(name, span-of-Scores) for each named table, in declaration order.
template <class W, class F> void for_each_weight(W& weights, F&& f) {
#define FLOTILLA_VISIT_WEIGHT(name, count) f(std::string_view(#name), std::span(weights.name));
    FLOTILLA_EVAL_WEIGHTS(FLOTILLA_VISIT_WEIGHT)
#undef FLOTILLA_VISIT_WEIGHT
}

// Number of Scores over all tables; the flat array holds 2 ints (mg, eg) each.
inline constexpr std::size_t WEIGHT_SCORE_COUNT = 0
#define FLOTILLA_COUNT_WEIGHT(name, count) +count
    FLOTILLA_EVAL_WEIGHTS(FLOTILLA_COUNT_WEIGHT)
#undef FLOTILLA_COUNT_WEIGHT
    ;

// Hand-set constants that shape play rather than predict results, so the
// tuner leaves them alone.
namespace fixed {
// Game phase from non-pawn material (https://www.chessprogramming.org/Tapered_Eval):
// 24 with all minors, rooks and queens on the board, 0 with none.
inline constexpr int PHASE_WEIGHT[PIECE_TYPE_NB] = {0, 0, 1, 1, 2, 4, 0};
inline constexpr int PHASE_MAX = 24;
// Endgame scale factors, out of SCALE_NORMAL.
inline constexpr int SCALE_NORMAL = 64;
inline constexpr int SCALE_PURE_OPPOSITE_BISHOPS = 22;
inline constexpr int SCALE_OPPOSITE_BISHOPS_WITH_PIECES = 46;
inline constexpr int SCALE_NO_PAWNS_SMALL_EDGE = 12;
// King danger: units become a middlegame penalty danger^2 / MG_DIVISOR and an
// endgame penalty danger / EG_DIVISOR (the quadratic growth of the attack-unit
// table in https://www.chessprogramming.org/King_Safety).
inline constexpr int KING_DANGER_MG_DIVISOR = 256;
inline constexpr int KING_DANGER_EG_DIVISOR = 8;
inline constexpr int KING_DANGER_MG_CAP = 30000; // keeps the square inside an int
// Mop-up for a lone king (https://www.chessprogramming.org/Mop-up_Evaluation).
inline constexpr int MOPUP_KNOWN_WIN = 2000;
inline constexpr int MOPUP_EDGE_WEIGHT = 20;
inline constexpr int MOPUP_KING_DISTANCE_WEIGHT = 10;
inline constexpr int MOPUP_KBN_CORNER_WEIGHT = 40;
} // namespace fixed

} // namespace flotilla::eval
