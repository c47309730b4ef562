// Feature set 1 of docs/nnue-format.md (768 piece-square inputs per perspective) and
// what a move changes among them, so that accumulators are updated, not recomputed.
#pragma once

#include "core/position.h"
#include "core/types.h"

#include <cstdint>

namespace flotilla::nnue {

constexpr int FEATURE_COUNT = 768;

// Each perspective sees its own pieces first and its own side at the bottom, so a
// colour-flipped position has the same two accumulators, swapped.
constexpr int feature_index(Color perspective, Piece piece, Square s) {
    const int side = color_of(piece) == perspective ? 0 : 1;
    const int square = perspective == WHITE ? int(s) : int(s) ^ 56;
    return (side * 6 + (type_of(piece) - 1)) * 64 + square;
}

struct PieceSquare {
    Piece piece = NO_PIECE;
    Square square = SQ_A1;
};

// What one move changes on the board: at most two piece-squares leave (the mover and a
// captured piece, or king and rook when castling) and two arrive. A null move changes
// nothing.
struct DirtyPiece {
    PieceSquare removed[2];
    PieceSquare added[2];
    std::uint8_t removedCount = 0;
    std::uint8_t addedCount = 0;
};

// The changes `m` makes, from the position before it (m legal there, or null).
DirtyPiece changes_of(const Position& pos, Move m);

} // namespace flotilla::nnue
