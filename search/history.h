// Per-thread move-ordering statistics: butterfly (quiet) history, capture
// history, continuation history and countermoves. Each table learns from beta
// cutoffs with the "gravity" update that keeps entries within +-HISTORY_MAX.
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

// All of one thread's ordering statistics; cleared on `ucinewgame`.
struct Histories {
    ButterflyHistory butterfly;
    CaptureHistory capture;
    ContinuationHistory continuation;
    CounterMoves counterMoves;
};

} // namespace flotilla::search
