// Material and the bishop pair
// (https://www.chessprogramming.org/Material, https://www.chessprogramming.org/Bishop_Pair).
#include "eval/context.h"
#include "eval/masks.h"

namespace flotilla::eval {

Score material(const Context& ctx, Color us) {
    Score score;
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
        score += ctx.w.pieceValue[pt - PAWN] * ctx.pos.count(us, pt);
    return score;
}

// Two bishops cover both square colours, which no other pair of minors does.
Score bishop_pair(const Context& ctx, Color us) {
    const Bitboard bishops = ctx.pos.pieces(us, BISHOP);
    const bool bothColours = (bishops & DARK_SQUARES) && (bishops & ~DARK_SQUARES);
    return bothColours ? ctx.w.bishopPair[0] : Score();
}

} // namespace flotilla::eval
