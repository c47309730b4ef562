// Per-thread move-ordering statistics: butterfly (quiet) history, capture
// history, continuation history and countermoves. Each table learns from beta
// cutoffs with the "gravity" update that keeps entries within +-HISTORY_MAX.
// Beside them the correction history's tables (search/selectivity/correction_history.h),
// which learn how far search results deviate from the static evaluation.
#pragma once

#include "core/types.h"

#include <array>
#include <cstdint>
#include <cstdlib>

namespace flotilla::search {

constexpr int HISTORY_MAX = 16384;

// Bonus for a move that caused (or missed) a cutoff at this depth.
constexpr int history_bonus(Depth depth) {
    return depth > 13 ? 1600 : depth * depth * 8 + depth * 16;
}

// Moves an entry towards +-HISTORY_MAX by `bonus`, slower the closer it is.
inline void apply_gravity(std::int16_t& entry, int bonus) {
    bonus = bonus > HISTORY_MAX ? HISTORY_MAX : bonus < -HISTORY_MAX ? -HISTORY_MAX : bonus;
    entry = std::int16_t(entry + bonus - entry * std::abs(bonus) / HISTORY_MAX);
}

// Quiet moves by side, origin and destination.
struct ButterflyHistory {
    std::array<std::array<std::int16_t, 64 * 64>, COLOR_NB> table{};
    std::int16_t& at(Color c, Move m) { return table[c][m.from() * 64 + m.to()]; }
    int get(Color c, Move m) const { return table[c][m.from() * 64 + m.to()]; }
};

// Captures by moving piece, destination and captured piece type.
struct CaptureHistory {
    std::array<std::array<std::array<std::int16_t, PIECE_TYPE_NB>, 64>, PIECE_NB> table{};
    std::int16_t& at(Piece moved, Square to, PieceType captured) {
        return table[moved][to][captured];
    }
    int get(Piece moved, Square to, PieceType captured) const { return table[moved][to][captured]; }
};

// Scores of (piece, destination) given the move one or two plies before.
using PieceToHistory = std::array<std::array<std::int16_t, 64>, PIECE_NB>;

struct ContinuationHistory {
    // Indexed by the earlier move's piece and destination; [NO_PIECE][0] is the
    // harmless slot used after a null move or before the root.
    std::array<std::array<PieceToHistory, 64>, PIECE_NB> table{};
    PieceToHistory& at(Piece p, Square to) { return table[p][to]; }
    PieceToHistory& sentinel() { return table[NO_PIECE][0]; }
};

// The move that last refuted (piece, destination) of the opponent's move.
struct CounterMoves {
    std::array<std::array<Move, 64>, PIECE_NB> table{};
    Move& at(Piece p, Square to) { return table[p][to]; }
};

// Deviations of the search result from the static evaluation, by side to move and the
// top CORRECTION_HISTORY_BITS bits of a position hash (selectivity/correction_history.h
// gives the hashes, the updates and the scale).
constexpr int CORRECTION_HISTORY_BITS = 14; // 16,384 entries per side to move
struct CorrectionHistory {
    std::array<std::array<std::int16_t, 1 << CORRECTION_HISTORY_BITS>, COLOR_NB> table{};
    std::int16_t& at(Color stm, Key key) {
        return table[stm][key >> (64 - CORRECTION_HISTORY_BITS)];
    }
    int get(Color stm, Key key) const { return table[stm][key >> (64 - CORRECTION_HISTORY_BITS)]; }
};

// Quiet moves' scores by pawn structure (search/pawn_history.h picks the slot).
constexpr int PAWN_HISTORY_BITS = 10; // 1,024 structures
struct PawnHistory {
    std::array<PieceToHistory, 1 << PAWN_HISTORY_BITS> table{};
};

// Quiet moves by ply from the root (the first LOW_PLY_HISTORY_PLIES), origin and
// destination; cleared at each search (search/low_ply_history.h).
constexpr int LOW_PLY_HISTORY_PLIES = 4;
struct LowPlyHistory {
    using Row = std::array<std::int16_t, 64 * 64>;
    std::array<Row, LOW_PLY_HISTORY_PLIES> table{};
};

// All of one thread's ordering statistics and correction tables; cleared on `ucinewgame`.
struct Histories {
    ButterflyHistory butterfly;
    CaptureHistory capture;
    ContinuationHistory continuation;
    CounterMoves counterMoves;
    PawnHistory pawnHistory;
    LowPlyHistory lowPly;
    CorrectionHistory pawnCorrection;                          // by both sides' pawns
    std::array<CorrectionHistory, COLOR_NB> nonPawnCorrection; // by one side's other pieces
    CorrectionHistory minorCorrection; // by knights, bishops and kings (minor_correction.h)
    // By the last two moves (selectivity/continuation_correction.h gives the index).
    std::array<std::int16_t, PIECE_NB * 64 * PIECE_NB * 64> continuationCorrection{};
};

} // namespace flotilla::search
