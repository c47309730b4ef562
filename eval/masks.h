// Board geometry the evaluation terms share (spans, fronts, distances).
// Definitions follow https://www.chessprogramming.org/Pawn_Spans.
#pragma once

#include "core/bitboard.h"

#include <algorithm>
#include <cstdlib>

namespace flotilla::eval {

constexpr Bitboard adjacent_files_bb(int file) {
    return (file > FILE_A ? file_bb(file - 1) : 0) | (file < FILE_H ? file_bb(file + 1) : 0);
}

// All squares on ranks strictly in front of s, from c's point of view.
constexpr Bitboard forward_ranks_bb(Color c, Square s) {
    const int r = rank_of(s);
    if (c == WHITE) return r == RANK_8 ? 0 : ~Bitboard(0) << (8 * (r + 1));
    return r == RANK_1 ? 0 : ~Bitboard(0) >> (8 * (8 - r));
}

// The squares a pawn of colour c on s would cross to promote.
constexpr Bitboard forward_file_bb(Color c, Square s) {
    return forward_ranks_bb(c, s) & file_bb(s);
}

// Squares a pawn of colour c on s can attack now or after advancing.
constexpr Bitboard pawn_attack_span_bb(Color c, Square s) {
    return forward_ranks_bb(c, s) & adjacent_files_bb(file_of(s));
}

// The squares enemy pawns must avoid for a pawn on s to be passed.
constexpr Bitboard passed_span_bb(Color c, Square s) {
    return forward_ranks_bb(c, s) & (adjacent_files_bb(file_of(s)) | file_bb(s));
}

// King steps between two squares (Chebyshev distance).
constexpr int distance(Square a, Square b) {
    return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Manhattan distance to the four centre squares: 0 in the centre, 6 in a corner.
constexpr int centre_distance(Square s) {
    const int f = file_of(s), r = rank_of(s);
    return (f < 4 ? 3 - f : f - 4) + (r < 4 ? 3 - r : r - 4);
}

// a1 is a dark square.
constexpr bool is_dark(Square s) { return (file_of(s) + rank_of(s)) % 2 == 0; }

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

} // namespace flotilla::eval
