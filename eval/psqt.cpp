// Piece-square tables (https://www.chessprogramming.org/Piece-Square_Tables):
// half boards mirrored onto the king side, so a left-right flip keeps the score.
#include "eval/context.h"

#include <algorithm>

namespace flotilla::eval {

namespace {

constexpr int half_board_index(Square s) {
    return rank_of(s) * 4 + std::min(file_of(s), 7 - file_of(s));
}

const std::array<Score, 32>& table(const Weights& w, PieceType pt) {
    switch (pt) {
    case PAWN: return w.psqtPawn;
    case KNIGHT: return w.psqtKnight;
    case BISHOP: return w.psqtBishop;
    case ROOK: return w.psqtRook;
    case QUEEN: return w.psqtQueen;
    default: return w.psqtKing;
    }
}

} // namespace

Score piece_squares(const Context& ctx, Color us) {
    Score score;
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
        const auto& t = table(ctx.w, pt);
        for (Bitboard b = ctx.pos.pieces(us, pt); b;)
            score += t[half_board_index(relative_square(us, pop_lsb(b)))];
    }
    return score;
}

} // namespace flotilla::eval
